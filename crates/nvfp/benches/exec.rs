//! Micro-benchmark of the executor: a per-pixel lighting program (fp32 and fp16 arithmetic,
//! approximations, derivatives, a conditional kill) over 64x64 quads, through `Machine::run_quads`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use nvfp::exec::{Machine, Parameters, QuadInput, QuadOutput};
use nvfp::texture::TextureUnits;
use pigment_diag::FileId;

const LIGHTING: &str = include_str!("programs/lighting_fp16.fp");

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
