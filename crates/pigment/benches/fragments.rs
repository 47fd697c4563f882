//! Benchmark: fragments per second of Pigment's NV_fragment_program machine (the interpreter and the
//! Cranelift JIT of crates/jit) against Mesa llvmpipe drawing the ARB form of the same programs, side by
//! side in one run so that ratios survive a noisy machine. Run with
//! `cargo bench -p pigment --bench fragments` (add `-- --quick` for fewer repetitions).
//!
//! Programs (`benches/programs/`): `lighting.fp` (20 instructions), `arith.fp` (60), `texture.fp` (four
//! trilinear lookups from two mipmapped 256x256 RGBA8 textures) and `libretro.fp` (300 arithmetic
//! instructions), on the reference quad at 1024x1024. Each configuration is timed several times and
//! the best time is kept (the least disturbed by other work on the machine). Pigment's time covers
//! rasterization, shading and storing into a framebuffer allocated once; llvmpipe's covers clear,
//! draw and glFinish. After the table, the compile time of a 1024-instruction program (the longest
//! there is) against the time the JIT takes to shade one frame with it.

use gl_oracle::{Inputs, Oracle, OracleTexture};
use nvfp::exec::{Machine, Parameters};
use nvfp::render::{shade_reference_quad, Framebuffer, Shader};
use nvfp::texture::{Filter, TexFormat, Texture, TextureUnits};
use pigment_arb::from_nv as arb;
use pigment_diag::FileId;
use std::time::{Duration, Instant};

const SIZE: u32 = 1024;
/// Side of the benchmark textures.
const TEXTURE: usize = 256;

fn best_of(repetitions: usize, mut f: impl FnMut() -> Duration) -> Duration {
    (0..repetitions).map(|_| f()).min().unwrap_or_default()
}

fn pigment_time(
    program: &nvfp::program::Program,
    machine: &Machine,
    textures: &TextureUnits,
    threads: usize,
    repetitions: usize,
) -> Duration {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("thread pool");
    let params = Parameters::for_program(program);
    let shader = Shader {
        program,
        machine,
        params: &params,
        textures,
    };
    // One framebuffer for every repetition, as llvmpipe draws into one it made once: the time is
    // shading, not the kernel zeroing 16 MB of fresh pages.
    let mut target = Framebuffer::new(SIZE, SIZE);
    best_of(repetitions, || {
        pool.install(|| {
            let start = Instant::now();
            shade_reference_quad(&shader, &mut target);
            std::hint::black_box(&target);
            start.elapsed()
        })
    })
}

fn llvmpipe_time(arb_text: &str, inputs: &Inputs, threads: u32, repetitions: usize) -> Duration {
    let mut oracle = Oracle::with_threads(threads).expect("Mesa llvmpipe through surfaceless EGL");
    // One untimed draw compiles the shader.
    oracle
        .time_draws(arb_text, SIZE, SIZE, inputs, 1)
        .expect("draw");
    best_of(repetitions, || {
        oracle
            .time_draws(arb_text, SIZE, SIZE, inputs, 1)
            .expect("draw")
    })
}

fn mfrags(d: Duration) -> f64 {
    (SIZE as f64 * SIZE as f64) / d.as_secs_f64() / 1e6
}

/// A smooth RGBA8 pattern, different per unit.
fn texels(unit: usize) -> Vec<[f32; 4]> {
    (0..TEXTURE * TEXTURE)
        .map(|i| {
            let (x, y) = ((i % TEXTURE) as f32, (i / TEXTURE) as f32);
            let k = unit as f32 + 1.0;
            [
                (x * k / TEXTURE as f32).fract(),
                (y / TEXTURE as f32),
                ((x + y) * 0.01 * k).sin() * 0.5 + 0.5,
                1.0,
            ]
        })
        .collect()
}

/// The texture program's units for Pigment and for llvmpipe: the same base level, mipmaps made by
/// each (the texels differ a little between the two, the work does not).
fn textures() -> (TextureUnits, Vec<(u32, OracleTexture)>) {
    let mut units = TextureUnits::new();
    let mut oracle = Vec::new();
    for unit in 0..2u8 {
        let texels = texels(unit as usize);
        let texture = Texture::from_rgba_f32(
            nvfp::isa::TexTarget::D2,
            TEXTURE,
            TEXTURE,
            1,
            TexFormat::Rgba,
            &texels,
        )
        .expect("texture")
        .with_filter(Filter::Mipmap);
        units.bind(unit, texture);
        let size = [TEXTURE as u32, TEXTURE as u32, 1];
        let gl = OracleTexture::new(
            gl_oracle::TextureTarget::D2,
            size,
            texels,
            gl_oracle::Filter::Mipmap,
        );
        oracle.push((unit as u32, gl));
    }
    (units, oracle)
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let repetitions = if quick { 2 } else { 5 };
    let root = env!("CARGO_MANIFEST_DIR");
    println!(
        "fragments per second at {SIZE}x{SIZE} (best of {repetitions}); ratios = JIT / llvmpipe"
    );
    println!(
        "{:<9} {:>6} {:>8} | {:>9} {:>9} {:>9} {:>6} | {:>9} {:>9} {:>9} {:>6}",
        "program",
        "instrs",
        "jit ms",
        "interp 1T",
        "jit 1T",
        "llvm 1T",
        "ratio",
        "interp 2T",
        "jit 2T",
        "llvm 2T",
        "ratio"
    );
    let (units, oracle_units) = textures();
    for name in ["lighting", "arith", "texture", "libretro"] {
        let text =
            std::fs::read_to_string(format!("{root}/benches/programs/{name}.fp")).expect("program");
        let program = nvfp::validate::load_text(&text, FileId(0)).expect("benchmark program loads");
        // DP3/DP4 as such, the program llvmpipe would be given (the oracle's exact stepwise
        // dot products would make its work longer than the machine's).
        let translation = arb::translate_with(&program, arb::Style::default())
            .expect("benchmark program has an ARB form");
        let interpreter = Machine::new(&program);
        let (jit, compiled) = nvfp_jit::machine(&program);
        let compile = compiled.expect("the JIT compiles the benchmark programs");
        let inputs = Inputs {
            locals: translation.named_locals.clone(),
            textures: if name == "texture" {
                oracle_units.clone()
            } else {
                Vec::new()
            },
        };
        let mut row = Vec::new();
        for threads in [1, 2] {
            let i = pigment_time(&program, &interpreter, &units, threads, repetitions);
            let j = pigment_time(&program, &jit, &units, threads, repetitions);
            let l = llvmpipe_time(&translation.text, &inputs, threads as u32, repetitions);
            row.push(format!(
                "{:>9.1} {:>9.1} {:>9.1} {:>6.2}",
                mfrags(i),
                mfrags(j),
                mfrags(l),
                l.as_secs_f64() / j.as_secs_f64()
            ));
        }
        println!(
            "{:<9} {:>6} {:>8.2} | {} | {}",
            name,
            program.instructions.len(),
            compile.as_secs_f64() * 1e3,
            row[0],
            row[1]
        );
    }
    println!("(M fragments/s; jit ms = Cranelift compile time)");
    longest_program(&units);
}

/// NV_fragment_program's longest program (1024 instructions), each instruction reading the results
/// of the two before it so that none is dead code: the arithmetic benchmark's operations in turn
/// over R0–R7.
fn longest_program_text() -> String {
    const OPERATIONS: [&str; 8] = [
        "MADR R{a}, R{b}, {1.37, 0.71, 1.13, 0.93}, R{c};",
        "MULR R{a}, R{b}, R{c}.yzxw;",
        "ADDR R{a}, R{b}, -R{c}.zwxy;",
        "FRCR R{a}, R{b};",
        "DP4R R{a}, R{b}, R{c};",
        "MAXR R{a}, R{b}, -R{c};",
        "MINR R{a}, R{b}, R{c}.wzyx;",
        "ADDR R{a}, R{b}, R{c};",
    ];
    let mut text = String::from("!!FP1.0\nMOVR R0, f[TEX0];\nMOVR R1, f[COL0];\n");
    for k in 2..1023 {
        let (a, b, c) = (k % 8, (k - 1) % 8, (k - 2) % 8);
        let line = OPERATIONS[k % 8]
            .replace("{a}", &a.to_string())
            .replace("{b}", &b.to_string())
            .replace("{c}", &c.to_string());
        text.push_str(&line);
        text.push('\n');
    }
    text + "ADDR o[COLR], R6, R5;\nEND\n"
}

/// Issue 13's bound on compile time: a 1024-instruction program compiles in well under the time the
/// JIT takes to shade one 1024x1024 frame with it.
fn longest_program(units: &TextureUnits) {
    let program = nvfp::validate::load_text(&longest_program_text(), FileId(0))
        .expect("the 1024-instruction program loads");
    let (jit, compiled) = nvfp_jit::machine(&program);
    let compile = compiled.expect("the JIT compiles the 1024-instruction program");
    let frame = pigment_time(&program, &jit, units, 2, 1);
    println!(
        "{} instructions: JIT compile {:.1} ms, one {SIZE}x{SIZE} frame {:.1} ms (2 threads): compile = {:.2} frames",
        program.instructions.len(),
        compile.as_secs_f64() * 1e3,
        frame.as_secs_f64() * 1e3,
        compile.as_secs_f64() / frame.as_secs_f64()
    );
}
