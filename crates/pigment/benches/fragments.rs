//! Benchmark: fragments per second of Pigment's NV_fragment_program machine against Mesa llvmpipe
//! drawing the ARB form of the same programs, side by side in one run so that ratios survive a noisy
//! machine. Run with `cargo bench -p pigment --bench fragments` (add `-- --quick` for fewer repetitions).
//!
//! Programs: `benches/programs/lighting.fp` (20 instructions) and `arith.fp` (60 instructions), on the
//! reference quad at 1024x1024. Each configuration is timed several times and the best time is kept
//! (the least disturbed by other work on the machine). Pigment's time covers rasterization, shading and
//! storing; llvmpipe's covers clear + draw + glFinish.

use gl_oracle::{arb, Inputs, Oracle};
use nvfp::exec::{Machine, Parameters};
use nvfp::render::{shade_reference_quad, Framebuffer, Shader};
use nvfp::texture::TextureUnits;
use pigment_diag::FileId;
use std::time::{Duration, Instant};

const SIZE: u32 = 1024;

fn best_of(repetitions: usize, mut f: impl FnMut() -> Duration) -> Duration {
    (0..repetitions).map(|_| f()).min().unwrap_or_default()
}

fn pigment_time(program: &nvfp::program::Program, threads: usize, repetitions: usize) -> Duration {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("thread pool");
    let machine = Machine::new(program);
    let params = Parameters::for_program(program);
    let textures = TextureUnits::new();
    let shader = Shader {
        program,
        machine: &machine,
        params: &params,
        textures: &textures,
    };
    best_of(repetitions, || {
        pool.install(|| {
            let start = Instant::now();
            let mut target = Framebuffer::new(SIZE, SIZE);
            shade_reference_quad(&shader, &mut target);
            std::hint::black_box(&target);
            start.elapsed()
        })
    })
}

fn llvmpipe_time(
    arb_text: &str,
    locals: &[(u32, [f32; 4])],
    threads: u32,
    repetitions: usize,
) -> Duration {
    let mut oracle = Oracle::with_threads(threads).expect("Mesa llvmpipe through surfaceless EGL");
    let inputs = Inputs {
        locals: locals.to_vec(),
        ..Inputs::default()
    };
    // One untimed draw compiles the shader.
    oracle
        .time_draws(arb_text, SIZE, SIZE, &inputs, 1)
        .expect("draw");
    best_of(repetitions, || {
        oracle
            .time_draws(arb_text, SIZE, SIZE, &inputs, 1)
            .expect("draw")
    })
}

fn mfrags(d: Duration) -> f64 {
    (SIZE as f64 * SIZE as f64) / d.as_secs_f64() / 1e6
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let repetitions = if quick { 2 } else { 5 };
    let root = env!("CARGO_MANIFEST_DIR");
    println!(
        "fragments per second at {SIZE}x{SIZE} (best of {repetitions}); ratio = Pigment / llvmpipe"
    );
    println!(
        "{:<10} {:>7} {:>14} {:>14} {:>14} {:>14} {:>9} {:>9}",
        "program",
        "instrs",
        "pigment 1T",
        "pigment 2T",
        "llvmpipe 1T",
        "llvmpipe 2T",
        "ratio 1T",
        "ratio 2T"
    );
    for name in ["lighting", "arith"] {
        let text =
            std::fs::read_to_string(format!("{root}/benches/programs/{name}.fp")).expect("program");
        let program = nvfp::validate::load_text(&text, FileId(0)).expect("benchmark program loads");
        let translation = arb::translate(&program).expect("benchmark program has an ARB form");
        let p1 = pigment_time(&program, 1, repetitions);
        let p2 = pigment_time(&program, 2, repetitions);
        let l1 = llvmpipe_time(&translation.text, &translation.named_locals, 1, repetitions);
        let l2 = llvmpipe_time(&translation.text, &translation.named_locals, 2, repetitions);
        println!(
            "{:<10} {:>7} {:>10.1} M/s {:>10.1} M/s {:>10.1} M/s {:>10.1} M/s {:>9.2} {:>9.2}",
            name,
            program.instructions.len(),
            mfrags(p1),
            mfrags(p2),
            mfrags(l1),
            mfrags(l2),
            l1.as_secs_f64() / p1.as_secs_f64(),
            l2.as_secs_f64() / p2.as_secs_f64()
        );
    }
}
