//! Proof by execution for arbvp1: vertex programs of our own (tests/in/vertex/*.cg) compiled to
//! ARB_vertex_program, drawn by Mesa's llvmpipe on the reference quad with a fragment program that
//! shows one varying, and compared pixel by pixel with the IR interpreter's `run_vertex` at the
//! quad's four corners, interpolated over the strip's two triangles as GL does (every program
//! keeps the position, so w is 1 and interpolation is linear).
//!
//! Tolerance: |gpu − reference| ≤ 2e-3 · max(1, |reference|) (`quad::close`): the ARB program
//! computes sine and cosine by a polynomial, selects by arithmetic, and llvmpipe's EX2/LG2/POW/RCP
//! round their own way.

#[path = "../../naga-out/tests/quad/mod.rs"]
mod quad;
mod vertex_quad;

use gl_oracle::{Inputs, Oracle, VertexProgram};
use pigment_ir::{Function, Stage};
use quad::{close, SIZE};
use vertex_quad::{expected, shower, uniforms};

fn vertex_functions() -> Vec<(String, Function)> {
    let dir = quad::root().join("crates/arb/tests/in/vertex");
    let mut out = Vec::new();
    for path in quad::files_in(&dir, "cg") {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let options = pigment_cg::driver::Options {
            entry: "main_vertex".into(),
            profile: "arbvp1".into(),
            stage: Some(Stage::Vertex),
            ..Default::default()
        };
        let front = pigment_cg::driver::run(&name, text, &options);
        assert!(!front.has_errors(), "{name}: {:?}", front.diagnostics);
        let module =
            pigment_cg::lower::lower(&front.unit, front.checked.as_ref().unwrap(), front.expanded)
                .unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let h = module.function("main_vertex").unwrap();
        out.push((name, module.functions[h].clone()));
    }
    assert!(out.len() >= 3, "{} vertex programs", out.len());
    out
}

#[test]
fn vertex_programs_draw_on_llvmpipe_what_run_vertex_computes() {
    let mut oracle = Oracle::new().expect("llvmpipe (run scripts/test, which installs Mesa)");
    let mut shown = 0;
    for (name, f) in vertex_functions() {
        let mut module = pigment_ir::Module::new();
        module.functions.append(f.clone());
        let arb =
            pigment_arb::arbvp1(&module, "main_vertex").unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let u = uniforms(&f);
        assert!(vertex_quad::drawable(&f, &u), "{name}");
        let locals = vertex_quad::locals(&arb.locals, &u);
        for (o, output) in f.outputs.iter() {
            let Some((fragment, comps)) = shower(output.semantic.as_deref().unwrap_or("")) else {
                continue;
            };
            let vertex = VertexProgram {
                text: &arb.text,
                locals: &locals,
            };
            let gpu = oracle
                .draw_with_vertex_program(vertex, &fragment, SIZE, SIZE, &Inputs::default())
                .unwrap_or_else(|e| panic!("{name}: {e}\n{}", arb.text));
            let want = expected(&f, &u, o.index(), SIZE);
            let own = vertex_quad::owned(&f, o.index(), comps);
            for (k, (g, w)) in gpu.chunks(4).zip(&want).enumerate() {
                assert!(
                    g[own.clone()]
                        .iter()
                        .zip(&w[own.clone()])
                        .all(|(&g, &w)| close(g, w)),
                    "{name}, output {}, pixel {k}: llvmpipe {g:?}, run_vertex {w:?}\n{}",
                    output.name,
                    arb.text
                );
            }
            shown += 1;
        }
    }
    assert!(shown >= 12, "only {shown} varyings compared");
}
