//! Micro-benchmark of the executor: a per-pixel lighting program (fp32 and fp16 arithmetic,
//! approximations, derivatives, a conditional kill) over 64x64 quads, through `Machine::run_quads`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use nvfp::exec::{Machine, Parameters, QuadInput, QuadOutput};
use nvfp::texture::TextureUnits;
use pigment_diag::FileId;

const LIGHTING: &str = "!!FP1.0
DECLARE light = {0.3, 0.5, 0.8, 16};
DP3R R0.x, f[TEX1], f[TEX1];
RSQR R0.x, R0.x;
MULR R1.xyz, f[TEX1], R0.x;
DP3R_SAT R2.x, R1, light;
MULR R3, f[COL0], R2.x;
LITR R4, R2.xxxw;
MADH H0, R4.z, f[COL1], R3;
DDXR R5, f[TEX0];
DDYR R6, f[TEX0];
MADR R5, R5, R5, R6;
SGTRC RC.x, R5.x, {0.5}.x;
KIL GT.x;
EX2H H1.x, -R2.x;
MULH o[COLH], H0, H1.x;
END
";

fn quads(count: usize) -> Vec<QuadInput> {
    (0..count)
        .map(|q| {
            let mut input = QuadInput::default();
            for (a, attrib) in input.attribs.iter_mut().enumerate() {
                for (f, fragment) in attrib.iter_mut().enumerate() {
                    for (c, v) in fragment.iter_mut().enumerate() {
                        *v = ((q + f + c + a) % 17) as f32 / 17.0;
                    }
                }
            }
            input
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let (ast, _) = nvfp::syntax::parse(LIGHTING, FileId(0));
    let Ok(program) = nvfp::validate::load(&ast, FileId(0)) else {
        panic!("the benchmark program does not load");
    };
    let machine = Machine::new(&program);
    let params = Parameters::for_program(&program);
    let textures = TextureUnits::new();
    let inputs = quads(64 * 64);
    let mut outputs = vec![QuadOutput::default(); inputs.len()];
    let mut group = c.benchmark_group("exec");
    group.throughput(Throughput::Elements(4 * inputs.len() as u64));
    group.bench_function("lighting_64x64_quads", |b| {
        b.iter(|| machine.run_quads(&inputs, &params, &textures, &mut outputs))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
