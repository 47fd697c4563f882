//! A kill under a run-time int condition (`if (i == 1) discard;` in Cg) compiles and runs: the
//! kill region predication leaves used to stop the int rewrite, and instruction selection then
//! refused the int comparison as an internal error.

mod common;

use common::*;
use nvfp::exec::{Machine, Parameters, QuadInput};
use nvfp::texture::TextureUnits;

#[test]
fn a_kill_on_an_int_comparison_kills_where_it_holds() {
    let module = pigment_ir::parse(
        "fn main(
    in $a: int @TEXCOORD0,
    out $color: float4 @COLOR,
) {
  %0: int = input $a
  %1: int = const 1
  %2: bool = eq %0, %1
  if %2 {
    discard
  }
  %3: float = cvt %0
  %4: float4 = construct %3, %3, %3, %3
  store $color, %4
}
",
    )
    .expect("a valid module");
    let (_, loaded) = compile_and_load(&module);
    let mut quad = QuadInput::default();
    // TEXCOORD0 is attribute 4 (WPOS, COL0, COL1, FOGC, TEX0...). An int varying is truncated
    // toward zero: 1.75 → 1 (killed), -1.5 → -1, 2 → 2, 0.5 → 0.
    let values = [1.75, -1.5, 2.0, 0.5];
    for (fragment, v) in values.iter().enumerate() {
        quad.attribs[4][fragment] = [*v, 0.0, 0.0, 1.0];
    }
    let out = Machine::new(&loaded)
        .run_quad_traced(
            &quad,
            &Parameters::for_program(&loaded),
            &TextureUnits::new(),
        )
        .0;
    assert_eq!(out.killed, [true, false, false, false]);
    assert_eq!(out.color[1], [-1.0; 4]);
    assert_eq!(out.color[2], [2.0; 4]);
    assert_eq!(out.color[3], [0.0; 4]);
}
