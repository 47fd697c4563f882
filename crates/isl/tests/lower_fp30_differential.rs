//! Lowering proven by execution: ISL surface shaders are lowered into the IR, run in the IR's
//! reference interpreter and, compiled by the fp30 back end, on nvfp's NV_fragment_program machine,
//! on random quads (random frame buffer position, texture coordinates, parameters and 2-D
//! textures; the harness binds no rectangle texture, so `FB` starts as 0 on both sides); the
//! colours must agree. The harness is the fp30 back end's own, shared by path; it finds a sampler
//! by its place among the bound ones, so every shader here reads every sampler it declares.
//! The lit shaders run with every light shader of their file as an instance (random normals,
//! positions and light parameters).

#[path = "../../fp30/tests/common/mod.rs"]
mod common;
#[path = "common/mod.rs"]
mod isl_common;

use common::*;
use nvfp::exec::Machine;
use pigment_ir::{Handle, Module};

const SHADERS: &[&str] = &[
    "surface s(parameter float k = 0.5; parameter color c = color(0.2, 0.4, 0.6, 0.8)) {
        FB *= c * k; FB += color(k - 0.25, sin(k), floor(k * 4) / 4, smoothstep(0; 1; k));
        FB.ga -= c[k * 3];
    }",
    "surface s(parameter float p = 0.5) {
        varying color v; v = FB;
        if (FB[0] > p) { if (FB[1] <= 0.5) FB = over(v); else FB = 0.25; } else FB.rb = under(color(p));
        FB = blend(v);
        parameter float t[3]; t[0] = p; t[1] = 0.5; t[2] = 1 - p;
        FB.gb = lookup(t);
    }",
    "surface s(uniform string t = \"wood\"; parameter matrix m = scale(2; 0.5; 1)) {
        uniform float n = 0;
        repeat (3) n += 0.125;
        FB += texture(t; m); FB *= n * 2; FB = transform(m * rotate(0; 0; 1; n));
    }",
    "ambientlight a(parameter color c = color(0.1, 0.2, 0.3, 1)) { FB = c; }
     distantlight d(parameter color c = 1; parameter float k = 0.5) { FB = c * k; }
     pointlight p(parameter color c = color(1, 0.5, 0.25, 1)) { FB += c; }
     surface s(parameter float e = 8; parameter color k = color(0.5, 0.75, 1, 1)) {
        FB *= 0.5; FB += ambient(); FB += diffuse(); FB *= k; FB += specular(e);
     }",
    "surface s(uniform string t = \"sky\"; parameter matrix m = translate(0.25; 0; 0)) {
        parameter color ct[3]; ct[0] = color(0.1, 0.2, 0.3, 0.4); ct[1] = m[0]; ct[2] = 0.75;
        FB *= environment(t; m); FB += project(t); FB *= texture(ct);
        FB.rg -= project(ct; m);
    }",
];

fn lowered(text: &str) -> Module {
    let mut func = isl_common::lower_lit(text);
    func.name = "main".into();
    let mut module = Module::new();
    module.functions.append(func);
    module
}

fn agree(ir: f32, nv: f32) -> bool {
    ir.to_bits() == nv.to_bits()
        || (ir.is_nan() && nv.is_nan())
        || (ir - nv).abs() <= 1e-5 * ir.abs().max(1.0)
}

#[test]
fn interpreter_and_machine_agree() {
    let mut failures = Vec::new();
    for (n, text) in SHADERS.iter().enumerate() {
        let module = lowered(text);
        let func = &module.functions[Handle::from_index(0)];
        let (compiled, loaded) = compile_and_load(&module);
        let machine = Machine::new(&loaded);
        let mut rng = Rng::new(0x15a1 + n as u64);
        for q in 0..200 {
            let case = make_case(func, &compiled, &loaded, &mut rng);
            let ir = run_ir(func, &case);
            let nv = run_nv(&machine, &case);
            for (f, ir) in ir.iter().enumerate() {
                let expected = ir.outputs[0].value.to_f32s();
                let got = nv_output(&compiled, func, &nv, 0, f);
                if !expected.iter().zip(&got).all(|(&a, &b)| agree(a, b)) {
                    failures.push(format!(
                        "shader {n} quad {q} fragment {f}: interpreter {expected:?}, machine {got:?}"
                    ));
                }
            }
        }
    }
    failures.truncate(10);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
