//! `cargo run --release -p pigment-arb --example measure_arb DIR`: local measurement (never in CI)
//! over a collection of Cg programs (libretro's common-shaders; never committed). Every fragment
//! entry `main_fragment` that Pigment compiles to fp30 is compiled for arbfp1 and loaded into
//! Mesa's llvmpipe (a real ARB_fragment_program); the programs the reference quad feeds
//! (TEXCOORD0-1, COLOR0-1, 2D textures) are drawn and compared with the IR interpreter as
//! tests/llvmpipe.rs does, with the libretro sizes set (pigment-naga's tests/quad). Every vertex
//! entry `main_vertex` that Pigment lowers is compiled for arbvp1 and drawn by llvmpipe with each
//! varying shown; where the quad feeds the program (conventional attributes, an identity
//! `modelViewProj`) the pictures are compared with `run_vertex` as tests/vertex_llvmpipe.rs does.

#[path = "../../naga-out/tests/quad/mod.rs"]
mod quad;
#[path = "../tests/vertex_quad/mod.rs"]
mod vertex_quad;

use gl_oracle::{Filter, Inputs, Oracle, OracleTexture, TextureTarget, VertexProgram};
use pigment_ir::{Module, Stage, Vector};

/// The `program.local` values of `uniforms` (per uniform of `f`, per element) in the arbfp1
/// program's slots, found by DECLARE name: fp30 declares the variables in the order the program
/// first uses them and leaves unread ones out, so declaration order does not give the slots.
fn locals(
    arb: &pigment_arb::ArbProgram,
    f: &pigment_ir::Function,
    uniforms: &[Vec<Vector>],
) -> Vec<(u32, [f32; 4])> {
    let mut by_name = std::collections::HashMap::new();
    for ((_, u), values) in f.uniforms.iter().zip(uniforms) {
        let elements = pigment_fp30::uniforms::elements(u);
        for (e, v) in elements.into_iter().zip(values) {
            let held = pigment_fp30::uniforms::parameter_values(v);
            let value: [f32; 4] = std::array::from_fn(|c| held.get(c).copied().unwrap_or(0.0));
            by_name.insert(pigment_fp30::interface::param_name(&u.name, e), value);
        }
    }
    arb.locals
        .iter()
        .zip(&arb.local_names)
        .map(|(&(slot, default), name)| (slot, by_name.get(name).copied().unwrap_or(default)))
        .collect()
}

/// The Cg file at `path` checked for `profile` and lowered with `entry` as a `stage` entry; `None`
/// when it does not read, check or lower.
fn lower(
    path: &std::path::Path,
    entry: &str,
    profile: &str,
    stage: Stage,
) -> Option<(String, Module)> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).ok()?;
    let options = pigment_cg::driver::Options {
        entry: entry.into(),
        profile: profile.into(),
        stage: Some(stage),
        ..Default::default()
    };
    let front = pigment_cg::driver::run(&name, text, &options);
    let checked = front.checked.as_ref().filter(|_| !front.has_errors())?;
    let module = pigment_cg::lower::lower(&front.unit, checked, front.expanded).ok()?;
    Some((name, module))
}

fn main() {
    let dir = std::env::args()
        .nth(1)
        .expect("usage: measure_arb DIR [--precision fp30]");
    let fp30 = std::env::args().any(|a| a == "fp30");
    let options = pigment_arb::FragmentOptions {
        stepwise_dots: fp30,
        nan_rules: fp30,
        half_rounding: fp30,
        nv_trigonometry: fp30,
        ..Default::default()
    };
    let mut oracle = Oracle::new().expect("llvmpipe");
    let textures: Vec<_> = (0..8)
        .map(|u| {
            (
                u,
                OracleTexture::new(
                    TextureTarget::D2,
                    [quad::TEX, quad::TEX, 1],
                    quad::texels(),
                    Filter::Linear,
                ),
            )
        })
        .collect();
    let (mut fp30, mut compiled, mut loaded, mut drawable, mut agree) = (0, 0, 0, 0, 0);
    for path in quad::files_in(std::path::Path::new(&dir), "cg") {
        let Some((name, module)) = lower(&path, "main_fragment", "fp30", Stage::Fragment) else {
            continue;
        };
        if pigment_fp30::compile(&module, "main_fragment", &Default::default()).is_err() {
            continue;
        }
        fp30 += 1;
        let arb = match pigment_arb::arbfp1(&module, "main_fragment", &options) {
            Ok(arb) => arb,
            Err(e) => {
                println!(
                    "{name}\tarbfp1\t{}",
                    e.first().map(|d| d.message.as_str()).unwrap_or("")
                );
                continue;
            }
        };
        compiled += 1;
        let Some(h) = module.function("main_fragment") else {
            continue;
        };
        let f = &module.functions[h];
        let uniforms = quad::libretro_uniforms(f);
        let inputs = Inputs {
            locals: locals(&arb, f, &uniforms),
            textures: textures.clone(),
        };
        let gpu = match oracle.draw_reference_quad(&arb.text, quad::SIZE, quad::SIZE, &inputs) {
            Ok(gpu) => gpu,
            Err(e) => {
                println!("{name}\tload\t{e}");
                continue;
            }
        };
        loaded += 1;
        if !quad::drawable(f) {
            continue;
        }
        drawable += 1;
        let Ok(reference) = quad::interpreted(f, &uniforms) else {
            continue;
        };
        let bad = gpu
            .chunks(4)
            .zip(&reference)
            .position(|(g, r)| g.iter().zip(r.iter()).any(|(&g, &r)| !quad::close(g, r)));
        match bad {
            None => agree += 1,
            Some(k) => println!(
                "{name}\tdraw\tpixel {k}: llvmpipe {:?}, interpreter {:?}",
                &gpu[4 * k..4 * k + 4],
                reference[k]
            ),
        }
    }
    println!("fp30: {fp30}; arbfp1: {compiled}; loaded by llvmpipe: {loaded}; drawable: {drawable}; drawn alike: {agree}");
    measure_vertex(&dir, &mut oracle);
}

/// The `main_vertex` entries: lowered, compiled for arbvp1, loaded and drawn, compared.
fn measure_vertex(dir: &str, oracle: &mut Oracle) {
    let (mut lowered, mut compiled, mut loaded, mut drawable, mut agree) = (0, 0, 0, 0, 0);
    for path in quad::files_in(std::path::Path::new(dir), "cg") {
        let Some((name, module)) = lower(&path, "main_vertex", "arbvp1", Stage::Vertex) else {
            continue;
        };
        let Some(h) = module.function("main_vertex") else {
            continue;
        };
        lowered += 1;
        let arb = match pigment_arb::arbvp1(&module, "main_vertex") {
            Ok(arb) => arb,
            Err(e) => {
                let first = e.first().map(|d| d.message.as_str()).unwrap_or("");
                println!("{name}\tarbvp1\t{first}");
                continue;
            }
        };
        compiled += 1;
        let f = &module.functions[h];
        let u = vertex_quad::uniforms(f);
        let locals = vertex_quad::locals(&arb.locals, &u);
        let vertex = VertexProgram {
            text: &arb.text,
            locals: &locals,
        };
        let show = "!!ARBfp1.0\nMOV result.color, fragment.texcoord[0];\nEND\n";
        if let Err(e) = oracle.draw_with_vertex_program(vertex, show, 4, 4, &Inputs::default()) {
            println!("{name}\tload\t{e}");
            continue;
        }
        loaded += 1;
        if !vertex_quad::drawable(f, &u) {
            continue;
        }
        drawable += 1;
        let mut alike = true;
        for (o, output) in f.outputs.iter() {
            let Some((fragment, comps)) =
                vertex_quad::shower(output.semantic.as_deref().unwrap_or(""))
            else {
                continue;
            };
            let size = quad::SIZE;
            let drawn =
                oracle.draw_with_vertex_program(vertex, &fragment, size, size, &Inputs::default());
            let gpu = match drawn {
                Ok(gpu) => gpu,
                Err(e) => {
                    println!("{name}\tdraw\t{}: {e}", output.name);
                    alike = false;
                    continue;
                }
            };
            let want = vertex_quad::expected(f, &u, o.index(), size);
            let own = vertex_quad::owned(f, o.index(), comps);
            if let Some(k) = gpu.chunks(4).zip(&want).position(|(g, w)| {
                g[own.clone()]
                    .iter()
                    .zip(&w[own.clone()])
                    .any(|(&g, &w)| !quad::close(g, w))
            }) {
                println!(
                    "{name}\tdraw\t{}: pixel {k}: llvmpipe {:?}, run_vertex {:?}",
                    output.name,
                    &gpu[4 * k..4 * k + 4],
                    want[k]
                );
                alike = false;
            }
        }
        agree += usize::from(alike);
    }
    println!("vertex entries lowered: {lowered}; arbvp1: {compiled}; loaded by llvmpipe: {loaded}; drawable: {drawable}; drawn alike: {agree}");
}
