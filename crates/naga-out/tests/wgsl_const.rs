//! Constant operations whose value is not finite, in a branch a `select` discards (`sinc` of
//! ntsc's artifact-colors at a constant 0: `(x == 0) ? 1 : sin(x) / x`; a component of a constant
//! vector divided by itself, crt-royale's vertex stage): WGSL evaluates constant
//! expressions when the shader is created and rejects a NaN or an infinity there, so the lowering
//! keeps a zero divisor (and a zero `log2`/`rsqrt`/`rcp` operand) out of constant expressions. The
//! WGSL parses back through naga's front end and validates, and the SPIR-V passes spirv-val and
//! draws on lavapipe what the IR's interpreter computes.

mod quad;
mod validators;

use pigment_naga::{emit, Target};
use validators::{spirv_val, wgsl_round_trip};

const IR: &str = "fn main(in $t: float4 @TEXCOORD0, out $o: float4 @COLOR) {
  %0: float4 = input $t
  %1: float = const 0.0
  %2: float = sin %1
  %3: float = div %2, %1
  %4: float = const 1.0
  %5: bool = eq %1, %1
  %6: float = select %5, %4, %3
  %7: float = log2 %1
  %8: float = rsqrt %1
  %9: float = rcp %1
  %10: bool = lt %7, %1
  %11: bool = gt %8, %1
  %12: bool = gt %9, %1
  %13: float = select %10, %4, %1
  %14: float = select %11, %4, %1
  %15: float = select %12, %4, %1
  %16: float2 = const 0.0, 2.0
  %17: float2 = swizzle %0.xy
  %18: float2 = div %17, %16
  %19: float = swizzle %18.y
  %20: float4 = construct %6, %13, %14, %19
  %21: float4 = add %20, %0
  %22: float2 = const 0.0, 0.0
  %23: float = swizzle %22.y
  %24: float = div %23, %23
  %25: bool = eq %23, %4
  %26: float = select %25, %24, %4
  %27: float4 = swizzle %26.xxxx
  %28: float4 = add %21, %27
  store $o, %28
}
";

#[test]
fn constant_non_finite_values_stay_out_of_wgsl_constant_expressions() {
    let module = pigment_ir::parse(IR).unwrap();
    let f = &module.functions.iter().next().unwrap().1;
    assert!(pigment_ir::verify_function(f).is_empty());
    let wgsl = emit(f, Target::Wgsl).unwrap().text.unwrap();
    wgsl_round_trip(&wgsl).unwrap_or_else(|e| panic!("{e}\n{wgsl}"));
    let spirv = emit(f, Target::SpirV).unwrap().spirv.unwrap();
    spirv_val(&spirv, "wgsl_const").unwrap();
    let (bad, lit) = quad::compare(f, &[]).unwrap();
    assert!(bad.is_none(), "{bad:?}");
    assert!(lit > 0);
}
