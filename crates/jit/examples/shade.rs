//! Profiling aid: shades the reference quad with one benchmark program, compiled or interpreted, on
//! one thread, so that `valgrind --tool=callgrind` or `perf` sees only Pigment's shading path.
//! `cargo run --release -p nvfp-jit --example shade -- PROGRAM.fp [SIZE] [REPS] [--interp]
//! [--threads N] [--checksum]` (one thread unless told; `--checksum` prints a hash of the picture's
//! bits, to compare two builds).

use nvfp::exec::{Machine, Parameters};
use nvfp::render::{shade_reference_quad, Framebuffer, Shader};
use nvfp::texture::{Filter, TexFormat, Texture, TextureUnits};
use pigment_diag::FileId;
use std::time::Instant;

/// Two mipmapped 256x256 RGBA8 textures, as the benchmark binds.
fn textures() -> TextureUnits {
    let mut units = TextureUnits::new();
    for unit in 0..2u8 {
        let k = unit as f32 + 1.0;
        let texels: Vec<[f32; 4]> = (0..256 * 256)
            .map(|i| {
                let (x, y) = ((i % 256) as f32, (i / 256) as f32);
                [
                    (x * k / 256.0).fract(),
                    y / 256.0,
                    ((x + y) * 0.01 * k).sin() * 0.5 + 0.5,
                    1.0,
                ]
            })
            .collect();
        let texture = Texture::from_rgba_f32(
            nvfp::isa::TexTarget::D2,
            256,
            256,
            1,
            TexFormat::Rgba,
            &texels,
        )
        .expect("texture")
        .with_filter(Filter::Mipmap);
        units.bind(unit, texture);
    }
    units
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = std::fs::read_to_string(&args[0]).expect("program");
    let size: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1024);
    let reps: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(3);
    let program = nvfp::validate::load_text(&text, FileId(0)).expect("program loads");
    let machine = if args.iter().any(|a| a == "--interp") {
        Machine::new(&program)
    } else {
        nvfp_jit::machine(&program).0
    };
    let params = Parameters::for_program(&program);
    let units = textures();
    let shader = Shader {
        program: &program,
        machine: &machine,
        params: &params,
        textures: &units,
    };
    let threads = args
        .iter()
        .position(|a| a == "--threads")
        .and_then(|i| args.get(i + 1)?.parse().ok())
        .unwrap_or(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("pool");
    let mut target = Framebuffer::new(size, size);
    for _ in 0..reps {
        let start = Instant::now();
        pool.install(|| shade_reference_quad(&shader, &mut target));
        let t = start.elapsed().as_secs_f64();
        println!(
            "{:.1} ms, {:.1} M fragments/s",
            t * 1e3,
            (size * size) as f64 / t / 1e6
        );
    }
    if args.iter().any(|a| a == "--checksum") {
        println!("checksum {:016x}", checksum(&target));
    }
}

/// An FNV-1a-style hash of every pixel component's bits, a word at a time: two builds shade the
/// same picture, bit for bit, when their checksums agree.
fn checksum(target: &Framebuffer) -> u64 {
    target
        .to_floats()
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |h, v| {
            (h ^ u64::from(v.to_bits())).wrapping_mul(0x0000_0100_0000_01b3)
        })
}
