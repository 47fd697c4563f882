//! Integer bit operations and texel fetches through naga: every target naga writes accepts them
//! (naga's validator runs on each module), SPIR-V passes Khronos' spirv-val and the WGSL reads
//! back through naga's WGSL front end; the shift count becomes a u32 masked to its low 5 bits.

mod validators;

use pigment_naga::{emit, Target};
use validators::{every_target, spirv_val, wgsl_round_trip};

const BITS: &str = "fn main(
    uniform $n: int2,
    sampler $s: sampler2d unit 0,
    out $color: float4 @COLOR,
) {
  %0: int2 = uniform $n
  %1: int2 = const 6, 3
  %2: int2 = bitand %0, %1
  %3: int2 = bitor %2, %1
  %4: int2 = bitxor %3, %0
  %5: int2 = shl %4, %1
  %6: int2 = shr %5, %1
  %7: int2 = bitnot %6
  %8: int = const 0
  %9: float4 = texfetch $s, %7, %8
  %10: float2 = cvt %7
  %11: float4 = construct %10, %10
  %12: float4 = add %9, %11
  store $color, %12
  return
}
";

fn function() -> pigment_ir::Function {
    let module = pigment_ir::parse(BITS).unwrap();
    let f = module.functions.iter().next().unwrap().1.clone();
    assert!(pigment_ir::verify_function(&f).is_empty());
    f
}

#[test]
fn every_target_writes_bit_operations_and_fetches() {
    let f = function();
    for target in every_target() {
        emit(&f, target).unwrap_or_else(|d| panic!("{target:?}: {}", d.message));
    }
    let spirv = emit(&f, Target::SpirV).unwrap().spirv.unwrap();
    spirv_val(&spirv, "integer_bits").unwrap();
    let wgsl = emit(&f, Target::Wgsl).unwrap().text.unwrap();
    wgsl_round_trip(&wgsl).unwrap();
    for needle in [
        " & ",
        " | ",
        " ^ ",
        " << ",
        " >> ",
        "~",
        "textureLoad(",
        "31u",
    ] {
        assert!(wgsl.contains(needle), "{needle} in {wgsl}");
    }
}

/// C's and GLSL's integer semantics, drawn by lavapipe through naga's SPIR-V.
const ON_THE_GPU: &str = "fn main(
    uniform $n: int2,
    sampler $s: sampler2d unit 0,
    out $color: float4 @COLOR,
) {
  %0: int2 = uniform $n
  %1: int = swizzle %0.x
  %2: int = swizzle %0.y
  %3: int = const 2
  %4: int = shr %1, %3
  %5: int = const 3
  %6: int = shl %2, %5
  %7: int = const 5
  %8: int = bitor %1, %7
  %9: int = bitnot %2
  %10: int = const 7
  %11: int = bitand %9, %10
  %12: int4 = construct %4, %6, %8, %11
  %13: float4 = cvt %12
  store $color, %13
  return
}

fn fetch(
    uniform $n: int2,
    sampler $s: sampler2d unit 0,
    out $color: float4 @COLOR,
) {
  %0: int2 = uniform $n
  %2: int = swizzle %0.y
  %10: int = const 7
  %14: int = bitand %2, %10
  %15: int = const 1
  %16: int2 = construct %14, %15
  %17: int = const 0
  %18: float4 = texfetch $s, %16, %17
  store $color, %18
  return
}
";

#[path = "quad/mod.rs"]
mod quad;

#[test]
fn lavapipe_computes_c_integer_semantics_and_fetches_the_texel() {
    let module = pigment_ir::parse(ON_THE_GPU).unwrap();
    let data = quad::texels();
    let uniforms = vec![vec![pigment_ir::Vector::ints(&[-16, 12])]];
    let draw = |name: &str| {
        let f = &module.functions[module.function(name).unwrap()];
        assert!(pigment_ir::verify_function(f).is_empty());
        quad::vulkan_picture_with(f, &uniforms, false, &[quad::texture_at(0, &data)]).unwrap()
    };
    // −16 >> 2 = −4 (the sign copied); 12 << 3 = 96; −16 | 5 = 0x…fff5 = −11; ~12 & 7 = 3.
    for p in draw("main") {
        assert_eq!(p, [-4.0, 96.0, -11.0, 3.0]);
    }
    // Texel (12 & 7, 1) = (4, 1) of the 8x8 texture, unfiltered, row 1 after row 0.
    let want = data[8 + 4];
    for p in draw("fetch") {
        assert_eq!(p, want);
    }
}
