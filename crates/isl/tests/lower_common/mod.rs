//! Helpers for the lowering tests: check and lower a surface shader (asserting that the result
//! verifies and compiles with fp30), then run it with the IR interpreter on one pixel whose frame
//! buffer holds a given colour.
#![allow(dead_code)]

use pigment_diag::FileId;
use pigment_ir::interp::{run_fragment, SampleRequest, Textures};
use pigment_ir::{Function, Module, Vector};

/// The frame buffer's colour for `FB`; any other texture answers (s, t, 0.25, 1) at its coordinate.
pub struct Pixel {
    pub fb: [f32; 4],
}

impl Textures for Pixel {
    fn sample(&mut self, r: &SampleRequest) -> [f32; 4] {
        if r.info.name == "FB" {
            return self.fb;
        }
        let c = r.quad_coords[r.fragment];
        [c[0], c[1], 0.25, 1.0]
    }
}

/// Checks and lowers the surface shader `s` of `text`; it must verify and compile with fp30.
pub fn lower(text: &str) -> Function {
    let (unit, diags) = pigment_isl::parse_and_check(FileId(0), text);
    assert!(diags.is_empty(), "{text}\n{diags:?}");
    let func = match pigment_isl::lower_surface(&unit, "s") {
        Ok(f) => f,
        Err(d) => panic!("{text}\n{d:?}"),
    };
    let errs = pigment_ir::verify_function(&func);
    assert!(errs.is_empty(), "{errs:?}");
    fp30(&func);
    func
}

/// Compiles `func` with the fp30 back end.
pub fn fp30(func: &Function) {
    let mut m = Module::new();
    m.functions.append(func.clone());
    if let Err(d) = pigment_fp30::compile(&m, &func.name, &Default::default()) {
        panic!("fp30: {d:?}\n{}", pigment_ir::print_function(func));
    }
}

/// The lowering errors of `text`'s surface shader `s` (which must check cleanly).
pub fn lower_errors(text: &str) -> Vec<String> {
    let (unit, diags) = pigment_isl::parse_and_check(FileId(0), text);
    assert!(diags.is_empty(), "{text}\n{diags:?}");
    match pigment_isl::lower_surface(&unit, "s") {
        Ok(_) => Vec::new(),
        Err(d) => d.iter().map(|d| d.message.clone()).collect(),
    }
}

/// Runs `func` at one pixel: frame buffer colour `fb`, texture coordinate `st`, parameter
/// uniforms set as `params` (name, values) and the others at their defaults.
pub fn run_with(
    func: &Function,
    fb: [f32; 4],
    st: [f32; 2],
    params: &[(&str, &[f32])],
) -> [f32; 4] {
    run_at(func, fb, &[("TEXCOORD0", [st[0], st[1], 0.0, 1.0])], params)
}

/// Runs `func` at one pixel whose inputs are given by semantic (any other is (0.5, 0.5, 0, 1)),
/// with frame buffer colour `fb` and parameter uniforms set as `params`.
pub fn run_at(
    func: &Function,
    fb: [f32; 4],
    given: &[(&str, [f32; 4])],
    params: &[(&str, &[f32])],
) -> [f32; 4] {
    let inputs: Vec<Vector> = func
        .inputs
        .iter()
        .map(|(_, i)| {
            let value = given
                .iter()
                .find(|(semantic, _)| i.semantic.as_deref() == Some(semantic))
                .map_or([0.5, 0.5, 0.0, 1.0], |(_, v)| *v);
            Vector::floats(&value)
        })
        .collect();
    let mut uniforms = func.initial_uniforms();
    for (name, values) in params {
        let h = func
            .uniform(name)
            .unwrap_or_else(|| panic!("no uniform {name}"));
        let idx = func.uniforms.iter().position(|(k, _)| k == h).unwrap();
        uniforms[idx] = values.chunks(4).map(Vector::floats).collect();
    }
    let r = run_fragment(func, &inputs, &uniforms, &mut Pixel { fb }).expect("runs");
    let out = &r.outputs[0].value;
    [out.f32(0), out.f32(1), out.f32(2), out.f32(3)]
}

/// Runs `func` with frame buffer colour `fb` and default parameters.
pub fn run(func: &Function, fb: [f32; 4]) -> [f32; 4] {
    run_with(func, fb, [0.0, 0.0], &[])
}

/// Lowers `body` inside `surface s(<formals>) { body }` and runs it on `fb`.
pub fn shade(formals: &str, body: &str, fb: [f32; 4]) -> [f32; 4] {
    let f = lower(&format!("surface s({formals}) {{\n{body}\n}}\n"));
    run(&f, fb)
}

pub fn close(a: [f32; 4], b: [f32; 4]) -> bool {
    a.iter().zip(&b).all(|(x, y)| (x - y).abs() < 1e-5)
}

#[track_caller]
pub fn assert_close(a: [f32; 4], b: [f32; 4]) {
    assert!(close(a, b), "got {a:?}, expected {b:?}");
}
