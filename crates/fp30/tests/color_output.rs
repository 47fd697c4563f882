//! A shader with several colour outputs (Parasol's `out x as n`) compiles once per output with
//! `Options::color_output`: the chosen output is written to o[COLR], the others and what only they
//! need are gone, and the default still refuses a second colour output, as cgc does.

use nvfp::exec::{Machine, Parameters, QuadInput};
use nvfp::texture::TextureUnits;
use pigment_diag::FileId;
use pigment_fp30::{compile, Options};

const TWO_OUTPUTS: &str = "fn main(
    in $uv: float4 @TEXCOORD0,
    out $first: float4 @COLOR0,
    out $second: float4 @COLOR1,
) {
  %0: float4 = input $uv
  %1: float4 = const 3, 3, 3, 3
  %2: float4 = mul %0, %1
  store $first, %2
  %3: float4 = const 1, 1, 1, 1
  %4: float4 = add %0, %3
  store $second, %4
}
";

fn compiled(n: Option<u32>) -> Result<pigment_fp30::Compiled, String> {
    let module = pigment_ir::parse(TWO_OUTPUTS).expect("a valid module");
    let options = Options {
        color_output: n,
        ..Options::default()
    };
    compile(&module, "main", &options).map_err(|e| e[0].message.clone())
}

/// o[COLR] of fragment 0 with TEXCOORD0 = (4, 16, 0.25, 1).
fn shade(n: u32) -> [f32; 4] {
    let program = compiled(Some(n)).expect("compiles");
    let loaded = nvfp::validate::load(&program.program, FileId(0)).expect("loads");
    let mut quad = QuadInput::default();
    quad.attribs[4] = [[4.0, 16.0, 0.25, 1.0]; 4];
    let out = Machine::new(&loaded)
        .run_quad_traced(
            &quad,
            &Parameters::for_program(&loaded),
            &TextureUnits::new(),
        )
        .0;
    out.color[0]
}

#[test]
fn each_colour_output_compiles_to_its_own_program() {
    assert_eq!(shade(0), [12.0, 48.0, 0.75, 3.0]);
    assert_eq!(shade(1), [5.0, 17.0, 1.25, 2.0]);
}

#[test]
fn a_program_keeps_only_what_its_output_needs() {
    let first = compiled(Some(0)).unwrap().text;
    let second = compiled(Some(1)).unwrap().text;
    assert!(!first.contains("ADD"), "{first}");
    assert!(!second.contains("MUL"), "{second}");
}

#[test]
fn without_a_choice_a_second_colour_output_is_refused() {
    let error = compiled(None).unwrap_err();
    assert!(
        error.contains("fp30 writes COLOR or DEPTH, found COLOR1"),
        "{error}"
    );
}

#[test]
fn a_missing_colour_output_is_an_error() {
    let error = compiled(Some(2)).unwrap_err();
    assert!(
        error.contains("has no colour output 2 (its colour outputs: 0, 1)"),
        "{error}"
    );
}
