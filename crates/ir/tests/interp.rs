//! Interpreter semantics, op by op, with expected values computed by hand from the rules in the crate
//! documentation (and NV_fragment_program's instruction definitions it cites).

use pigment_ir::interp::*;
use pigment_ir::*;

/// Runs the function `f` of `text` on one fragment and returns its first output's components.
fn run1(text: &str, inputs: &[Vector], uniforms: &[Vec<Vector>]) -> FragmentResult {
    let module = parse(text).unwrap_or_else(|e| panic!("{e:?}"));
    verify(&module).unwrap_or_else(|e| panic!("{e:?}"));
    let f = &module.functions[Handle::from_index(0)];
    run_fragment(f, inputs, uniforms, &mut NoTextures).expect("runs")
}

/// `%r = OP args` on constants, stored to a float4 output; returns the stored bits as f32.
fn op_result(ty: &str, consts: &[(&str, &str)], op_line: &str) -> Vec<f32> {
    let mut body = String::new();
    for (i, (cty, c)) in consts.iter().enumerate() {
        body.push_str(&format!("  %c{i}: {cty} = const {c}\n"));
    }
    let text = format!("fn f(out $o: {ty}) {{\n{body}  %r: {ty} = {op_line}\n  store $o, %r\n}}\n");
    let r = run1(&text, &[], &[]);
    r.outputs[0].value.to_f32s()
}

#[test]
fn float_arithmetic() {
    let c = [
        ("float2", "1.5, -2.0"),
        ("float2", "0.25, 4.0"),
        ("float2", "1.0, 1.0"),
    ];
    assert_eq!(op_result("float2", &c, "add %c0, %c1"), [1.75, 2.0]);
    assert_eq!(op_result("float2", &c, "sub %c0, %c1"), [1.25, -6.0]);
    assert_eq!(op_result("float2", &c, "mul %c0, %c1"), [0.375, -8.0]);
    assert_eq!(op_result("float2", &c, "div %c0, %c1"), [6.0, -0.5]);
    assert_eq!(op_result("float2", &c, "mad %c0, %c1, %c2"), [1.375, -7.0]);
    assert_eq!(op_result("float2", &c, "min %c0, %c1"), [0.25, -2.0]);
    assert_eq!(op_result("float2", &c, "max %c0, %c1"), [1.5, 4.0]);
    assert_eq!(op_result("float2", &c, "neg %c0"), [-1.5, 2.0]);
    assert_eq!(op_result("float2", &c, "abs %c0"), [1.5, 2.0]);
    assert_eq!(op_result("float2", &c, "clamp %c0, %c1, %c2"), [1.0, 1.0]);
    assert_eq!(op_result("float2", &c, "lerp %c0, %c1, %c2"), [0.25, 4.0]);
}

#[test]
fn min_and_max_order_signed_zeros_whatever_the_operand_order() {
    // NV MIN / MAX rule 1 (min(A,B) = min(B,A)): −0 counts as below +0.
    let bits = |v: Vec<f32>| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
    let c = [("float2", "0.0, -0.0"), ("float2", "-0.0, 0.0")];
    assert_eq!(
        bits(op_result("float2", &c, "min %c0, %c1")),
        [0x8000_0000; 2]
    );
    assert_eq!(bits(op_result("float2", &c, "max %c0, %c1")), [0; 2]);
}

#[test]
fn rounding_family() {
    let c = [("float4", "-1.5, 2.5, -0.25, 0.75")];
    assert_eq!(op_result("float4", &c, "floor %c0"), [-2.0, 2.0, -1.0, 0.0]);
    assert_eq!(op_result("float4", &c, "ceil %c0"), [-1.0, 3.0, -0.0, 1.0]);
    assert_eq!(op_result("float4", &c, "trunc %c0"), [-1.0, 2.0, -0.0, 0.0]);
    // Halves go toward +INF: round(-1.5) = -1, round(2.5) = 3.
    assert_eq!(op_result("float4", &c, "round %c0"), [-1.0, 3.0, 0.0, 1.0]);
    // fract(-1.5) = -1.5 - (-2) = 0.5 (FRC's definition).
    assert_eq!(op_result("float4", &c, "fract %c0"), [0.5, 0.5, 0.75, 0.75]);
    // sat is NV's _SAT clamp (3.11.4.4): NaN fails both comparisons and stays NaN.
    let c = [("float4", "-0.5, 0.5, 2.0, nan")];
    let r = op_result("float4", &c, "sat %c0");
    assert_eq!(&r[..3], [0.0, 0.5, 1.0]);
    assert!(r[3].is_nan());
}

#[test]
fn transcendental_special_cases() {
    let c = [("float4", "4.0, 0.0, -0.0, inf")];
    assert_eq!(
        op_result("float4", &c, "rcp %c0"),
        [0.25, f32::INFINITY, f32::NEG_INFINITY, 0.0]
    );
    assert_eq!(
        op_result("float4", &c, "rsqrt %c0"),
        [0.5, f32::INFINITY, f32::NEG_INFINITY, 0.0]
    );
    assert_eq!(
        op_result("float4", &c, "sqrt %c0"),
        [2.0, 0.0, -0.0, f32::INFINITY]
    );
    let c = [("float4", "3.0, -inf, 0.0, -1.0")];
    assert_eq!(op_result("float4", &c, "exp2 %c0"), [8.0, 0.0, 1.0, 0.5]);
    let r = op_result("float4", &[("float4", "8.0, 0.0, inf, -1.0")], "log2 %c0");
    assert_eq!(&r[..3], [3.0, f32::NEG_INFINITY, f32::INFINITY]);
    assert!(r[3].is_nan());
    // POW: 2^3 = 8; 0^0 = NaN; (-2)^2 = NaN; 0^2 = 0.
    let r = op_result(
        "float4",
        &[
            ("float4", "2.0, 0.0, -2.0, 0.0"),
            ("float4", "3.0, 0.0, 2.0, 2.0"),
        ],
        "pow %c0, %c1",
    );
    assert_eq!(r[0], 8.0);
    assert!(r[1].is_nan() && r[2].is_nan());
    assert_eq!(r[3], 0.0);
    let r = op_result("float2", &[("float2", "0.0, -0.0")], "sin %c0");
    assert_eq!(
        r.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
        [0, 0x8000_0000]
    );
    assert_eq!(op_result("float", &[("float", "0.0")], "cos %c0"), [1.0]);
}

#[test]
fn float_flushes_denormals() {
    // 2^-126 · 0.5 is an fp32 denormal: the product flushes to +0.
    let c = [("float", "1.1754944e-38"), ("float", "0.5")];
    assert_eq!(op_result("float", &c, "mul %c0, %c1")[0].to_bits(), 0);
    // A denormal operand reads as zero: 1e-45 + 0 = 0.
    let c = [("float", "1e-45"), ("float", "0.0")];
    assert_eq!(op_result("float", &c, "add %c0, %c1")[0].to_bits(), 0);
    // ... but data movement keeps the pattern.
    let r = op_result("float", &[("float2", "1e-45, 0.0")], "swizzle %c0.x");
    assert_eq!(r[0].to_bits(), 1);
}

#[test]
fn half_operations_round_to_fp16_after_the_fp32_result() {
    // 1 + 2^-11 is halfway between fp16 neighbours 1 and 1 + 2^-10: ties to even gives 1.
    let c = [("half", "1.0"), ("half", "0.00048828125")];
    assert_eq!(op_result("half", &c, "add %c0, %c1"), [1.0]);
    // 1 + 3·2^-11 rounds to 1 + 2^-9 (even mantissa 2).
    let c = [("half", "1.0"), ("half", "0.00146484375")];
    assert_eq!(op_result("half", &c, "add %c0, %c1"), [1.0 + 2f32.powi(-9)]);
    // 1/3 in fp16: 0x3555 = 2^-2 · (1 + 341/1024) = 1365/4096.
    let c = [("half", "3.0")];
    assert_eq!(op_result("half", &c, "rcp %c0"), [1365.0 / 4096.0]);
    // 300 · 300 = 90000 ≥ 2^16 → +INF. 65504 + 16 = 65520 is the midpoint between 65504 and 2^16,
    // whose even neighbour is 2^16: +INF (round to nearest even with IEEE overflow, notes item 4);
    // 65504 + 8 = 65512 rounds down to 65504.
    let c = [("half", "300.0")];
    assert_eq!(op_result("half", &c, "mul %c0, %c0"), [f32::INFINITY]);
    let c = [("half", "65504.0"), ("half", "16.0")];
    assert_eq!(op_result("half", &c, "add %c0, %c1"), [f32::INFINITY]);
    let c = [("half", "65504.0"), ("half", "8.0")];
    assert_eq!(op_result("half", &c, "add %c0, %c1"), [65504.0]);
    // fp16 keeps denormals: 2^-14 · 2^-5 = 2^-19.
    let c = [("half", "0.00006103515625"), ("half", "0.03125")];
    assert_eq!(op_result("half", &c, "mul %c0, %c1"), [2f32.powi(-19)]);
}

#[test]
fn fixed_operations_clamp_and_round_to_fx12() {
    // 1.5 + 1.5 = 3 clamps to 2047/1024; -1.5 - 1.5 clamps to -2.
    let c = [("fixed2", "1.5, -1.5"), ("fixed2", "1.5, 1.5")];
    assert_eq!(op_result("fixed2", &c, "add %c0, %c1")[0], 2047.0 / 1024.0);
    assert_eq!(op_result("fixed2", &c, "sub %c0, %c1")[1], -2.0);
    // 3/1024 · 0.5 = 1.5/1024 → ties to even → 2/1024.
    let c = [("fixed", "0.0029296875"), ("fixed", "0.5")];
    assert_eq!(op_result("fixed", &c, "mul %c0, %c1"), [2.0 / 1024.0]);
    // Conversion of NaN to fixed is 0, of 1/3 the nearest 1/1024 (341/1024).
    let c = [("float2", "nan, 0.33333334")];
    assert_eq!(op_result("fixed2", &c, "cvt %c0"), [0.0, 341.0 / 1024.0]);
}

#[test]
fn conversions_between_kinds() {
    let c = [("float4", "-2.7, 2.7, nan, 1e10")];
    assert_eq!(run_ints("int4", &c, "cvt %c0"), [-2, 2, 0, i32::MAX]);
    let c = [("float4", "0.0, -0.0, nan, 0.5")];
    assert_eq!(run_ints("bool4", &c, "cvt %c0"), [0, 0, 1, 1]);
    let c = [("bool2", "true, false")];
    assert_eq!(op_result("half2", &c, "cvt %c0"), [1.0, 0.0]);
    let c = [("int2", "16777217, -3")];
    assert_eq!(op_result("float2", &c, "cvt %c0"), [16777216.0, -3.0]);
    // float → half: 0.1 becomes 0x2e66 = 2^-4 · (1 + 614/1024) = 1638/16384.
    let c = [("float", "0.1")];
    assert_eq!(op_result("half", &c, "cvt %c0"), [1638.0 / 16384.0]);
}

/// Like `op_result` for int and bool outputs: the raw components as i32.
fn run_ints(ty: &str, consts: &[(&str, &str)], op_line: &str) -> Vec<i32> {
    let mut body = String::new();
    for (i, (cty, c)) in consts.iter().enumerate() {
        body.push_str(&format!("  %c{i}: {cty} = const {c}\n"));
    }
    let text = format!("fn f(out $o: {ty}) {{\n{body}  %r: {ty} = {op_line}\n  store $o, %r\n}}\n");
    let r = run1(&text, &[], &[]);
    let v = r.outputs[0].value;
    (0..v.width()).map(|i| v.i32(i)).collect()
}

#[test]
fn int_and_bool_operations() {
    let c = [("int3", "7, -7, 2147483647"), ("int3", "2, 2, 1")];
    assert_eq!(run_ints("int3", &c, "div %c0, %c1"), [3, -3, 2147483647]);
    assert_eq!(run_ints("int3", &c, "add %c0, %c1"), [9, -5, i32::MIN]);
    let c = [("int", "5"), ("int", "0")];
    assert_eq!(run_ints("int", &c, "div %c0, %c1"), [0]);
    let c = [("bool2", "true, false"), ("bool2", "true, true")];
    assert_eq!(run_ints("bool2", &c, "and %c0, %c1"), [1, 0]);
    assert_eq!(run_ints("bool2", &c, "or %c0, %c1"), [1, 1]);
    assert_eq!(run_ints("bool2", &c, "xor %c0, %c1"), [0, 1]);
    assert_eq!(run_ints("bool2", &c, "not %c0"), [0, 1]);
    assert_eq!(run_ints("bool", &c, "any %c0"), [1]);
    assert_eq!(run_ints("bool", &c, "all %c0"), [0]);
}

#[test]
fn comparisons_are_ieee() {
    let c = [
        ("float4", "1.0, -0.0, nan, 2.0"),
        ("float4", "2.0, 0.0, nan, 2.0"),
    ];
    assert_eq!(run_ints("bool4", &c, "lt %c0, %c1"), [1, 0, 0, 0]);
    assert_eq!(run_ints("bool4", &c, "le %c0, %c1"), [1, 1, 0, 1]);
    assert_eq!(run_ints("bool4", &c, "eq %c0, %c1"), [0, 1, 0, 1]);
    assert_eq!(run_ints("bool4", &c, "ne %c0, %c1"), [1, 0, 1, 0]);
    assert_eq!(run_ints("bool4", &c, "gt %c0, %c1"), [0, 0, 0, 0]);
    assert_eq!(run_ints("bool4", &c, "ge %c0, %c1"), [0, 1, 0, 1]);
}

#[test]
fn shape_operations() {
    let c = [
        ("float4", "1.0, 2.0, 3.0, 4.0"),
        ("float", "9.0"),
        ("bool3", "true, false, true"),
    ];
    assert_eq!(op_result("float3", &c, "swizzle %c0.wzx"), [4.0, 3.0, 1.0]);
    assert_eq!(op_result("float4", &c, "swizzle %c0.yyyy"), [2.0; 4]);
    let c2 = [("float2", "1.0, 2.0"), ("float", "9.0")];
    assert_eq!(
        op_result("float3", &c2, "construct %c1, %c0"),
        [9.0, 1.0, 2.0]
    );
    let c3 = [
        ("bool2", "true, false"),
        ("float2", "1.0, 2.0"),
        ("float2", "5.0, 6.0"),
    ];
    assert_eq!(op_result("float2", &c3, "select %c0, %c1, %c2"), [1.0, 6.0]);
    let d = [("float3", "1.0, 2.0, 3.0"), ("float3", "4.0, -5.0, 6.0")];
    assert_eq!(op_result("float", &d, "dot %c0, %c1"), [12.0]);
}

#[test]
fn lit_and_dst() {
    // LIT (0.5, 0.25, _, 2): (1, 0.5, 0.25^2, 1); a non-positive x zeroes the specular term.
    let c = [("float4", "0.5, 0.25, 0.0, 2.0")];
    assert_eq!(op_result("float4", &c, "lit %c0"), [1.0, 0.5, 0.0625, 1.0]);
    let c = [("float4", "-0.5, 0.25, 0.0, 2.0")];
    assert_eq!(op_result("float4", &c, "lit %c0"), [1.0, 0.0, 0.0, 1.0]);
    let c = [
        ("float4", "9.0, 4.0, 4.0, 9.0"),
        ("float4", "9.0, 0.5, 9.0, 0.5"),
    ];
    assert_eq!(
        op_result("float4", &c, "dst %c0, %c1"),
        [1.0, 2.0, 4.0, 0.5]
    );
}

#[test]
fn pack_and_unpack_are_bit_patterns() {
    // PK2H (1, 0): fp16 1.0 = 0x3C00 in the low half, 0 above: the fp32 denormal pattern 0x00003C00.
    let c = [("float2", "1.0, 0.0")];
    assert_eq!(
        op_result("float", &c, "pack_2half %c0")[0].to_bits(),
        0x0000_3C00
    );
    // ... and it unpacks to (1, 0) (notes item 3).
    let text = "fn f(out $o: float2) {\n  %0: float2 = const 1.0, 0.0\n  %1: float = pack_2half %0\n  %2: float2 = unpack_2half %1\n  store $o, %2\n}\n";
    assert_eq!(run1(text, &[], &[]).outputs[0].value.to_f32s(), [1.0, 0.0]);
    // PK2US (1, 0.5): 65535 | round(32767.5) = 32768 << 16.
    let c = [("float2", "1.0, 0.5")];
    assert_eq!(
        op_result("float", &c, "pack_2ushort %c0")[0].to_bits(),
        0x8000_FFFF
    );
    // PK4UB (0, 1, 0.5, 2): bytes 0, 255, round(127.5) = 128, 255 (clamped).
    let c = [("float4", "0.0, 1.0, 0.5, 2.0")];
    assert_eq!(
        op_result("float", &c, "pack_4ubyte %c0")[0].to_bits(),
        0xFF80_FF00
    );
    // PK4B (-2, 1, 0, 0): bytes 0 (clamped to -128/127), 255, 128, 128.
    let c = [("float4", "-2.0, 1.0, 0.0, 0.0")];
    assert_eq!(
        op_result("float", &c, "pack_4byte %c0")[0].to_bits(),
        0x8080_FF00
    );
    // PK4B (0.5, -0.5): round(191.5) = 192, round(64.5) = 65 (C's round: halves away from zero).
    let c = [("float4", "0.5, -0.5, 0.0, 0.0")];
    assert_eq!(
        op_result("float", &c, "pack_4byte %c0")[0].to_bits(),
        0x8080_41C0
    );
    // UP4B of 0x8080FF00: ((0-128)/127, 127/127, 0, 0).
    let c = [("float", "0x8080ff00")];
    assert_eq!(
        op_result("float4", &c, "unpack_4byte %c0"),
        [-128.0 / 127.0, 1.0, 0.0, 0.0]
    );
    let c = [("float", "0x8000ffff")];
    assert_eq!(
        op_result("float2", &c, "unpack_2ushort %c0"),
        [1.0, 32768.0 / 65535.0]
    );
    let c = [("float", "0xff80ff00")];
    assert_eq!(
        op_result("float4", &c, "unpack_4ubyte %c0"),
        [0.0, 1.0, 128.0 / 255.0, 1.0]
    );
}

#[test]
fn inputs_uniform_arrays_and_partial_stores() {
    let text = "fn f(\n    in $a: float2,\n    uniform $k: float[3],\n    uniform $i: int,\n    out $o: float4,\n) {\n  %0: float2 = input $a\n  %1: int = uniform $i\n  %2: float = uniform $k[%1]\n  %3: float = uniform $k[0]\n  %4: float2 = construct %2, %3\n  store $o.yw, %0\n  store $o.x, %2\n  store $o.y, %3\n}\n";
    let uniforms = |i: i32| {
        vec![
            vec![
                Vector::floats(&[10.0]),
                Vector::floats(&[20.0]),
                Vector::floats(&[30.0]),
            ],
            vec![Vector::ints(&[i])],
        ]
    };
    let r = run1(text, &[Vector::floats(&[1.0, 2.0])], &uniforms(1));
    assert_eq!(r.outputs[0].value.to_f32s(), [20.0, 10.0, 0.0, 2.0]);
    assert_eq!(r.outputs[0].written, WriteMask(0b1011));
    // Run-time indices clamp to the array.
    let r = run1(text, &[Vector::floats(&[1.0, 2.0])], &uniforms(7));
    assert_eq!(r.outputs[0].value.f32(0), 30.0);
    let r = run1(text, &[Vector::floats(&[1.0, 2.0])], &uniforms(-1));
    assert_eq!(r.outputs[0].value.f32(0), 10.0);
}

#[test]
fn discard_marks_the_fragment_and_execution_goes_on() {
    let text = "fn f(in $a: float, out $o: float) {\n  %0: float = input $a\n  %1: float = const 0.0\n  %2: bool = lt %0, %1\n  if %2 {\n    discard\n  }\n  store $o, %0\n}\n";
    let r = run1(text, &[Vector::floats(&[-1.0])], &[]);
    assert!(r.discarded);
    assert_eq!(r.outputs[0].value.f32(0), -1.0);
    let r = run1(text, &[Vector::floats(&[1.0])], &[]);
    assert!(!r.discarded);
}

#[test]
fn if_yields_the_taken_branch() {
    let text = "fn f(in $a: float, out $o: float) {\n  %0: float = input $a\n  %1: float = const 0.0\n  %2: bool = lt %0, %1\n  %3: float = if %2 {\n    %4: float = neg %0\n    yield %4\n  } else {\n    yield %0\n  }\n  store $o, %3\n}\n";
    assert_eq!(
        run1(text, &[Vector::floats(&[-3.0])], &[]).outputs[0]
            .value
            .f32(0),
        3.0
    );
    assert_eq!(
        run1(text, &[Vector::floats(&[5.0])], &[]).outputs[0]
            .value
            .f32(0),
        5.0
    );
}

/// sum = Σ i for i in 0..n, breaking when i == n: the loop carries (i, sum).
const LOOP: &str = "fn f(uniform $n: int, out $o: int) {
  %0: int = const 0
  %1: int = const 1
  %2: int = uniform $n
  %3: int = loop (%4: int = %0, %5: int = %0) {
    %6: bool = eq %4, %2
    if %6 {
      break %5
    }
    %7: int = add %5, %4
    %8: int = add %4, %1
    continue %8, %7
  }
  store $o, %3
}
";

#[test]
fn loops_carry_values_and_break() {
    let r = run1(LOOP, &[], &[vec![Vector::ints(&[5])]]);
    assert_eq!(r.outputs[0].value.i32(0), 10);
    let r = run1(LOOP, &[], &[vec![Vector::ints(&[0])]]);
    assert_eq!(r.outputs[0].value.i32(0), 0);
}

#[test]
fn runaway_loops_are_errors() {
    let module = parse(LOOP).expect("parses");
    let f = &module.functions[Handle::from_index(0)];
    let bindings = Bindings {
        inputs: Default::default(),
        uniforms: vec![vec![Vector::ints(&[-1])]],
    };
    let limits = Limits {
        max_loop_iterations: 100,
    };
    let e = run_quad(f, &bindings, &mut NoTextures, limits).expect_err("never ends");
    assert_eq!(e.message, "loop ran more than 100 iterations");
}

#[test]
fn switch_takes_the_matching_arm_and_return_ends_the_program() {
    let text = "fn f(uniform $s: int, out $o: float) {
  %0: int = uniform $s
  %1: float = switch %0 {
  case 1, 2 {
    %2: float = const 12.0
    yield %2
  }
  case 3 {
    return
  }
  default {
    %3: float = const -1.0
    yield %3
  }
  }
  store $o, %1
}
";
    let run = |s: i32| run1(text, &[], &[vec![Vector::ints(&[s])]]).outputs[0];
    assert_eq!(run(2).value.f32(0), 12.0);
    assert_eq!(run(1).value.f32(0), 12.0);
    assert_eq!(run(9).value.f32(0), -1.0);
    assert_eq!(run(3).written, WriteMask(0));
}

/// A 2x2 quad: fragment i at (i & 1, i >> 1), input value x + 10·y, squared.
#[test]
fn derivatives_on_quads() {
    let text = "fn f(in $p: float2, out $o: float4) {
  %0: float2 = input $p
  %1: float2 = mul %0, %0
  %2: float2 = ddx %1
  %3: float2 = ddy %1
  %4: float4 = construct %2, %3
  store $o, %4
}
";
    let module = parse(text).expect("parses");
    let f = &module.functions[Handle::from_index(0)];
    let at = |i: usize| {
        let (x, y) = ((i & 1) as f32, (i >> 1) as f32);
        vec![Vector::floats(&[x + 10.0 * y, y])]
    };
    let bindings = Bindings {
        inputs: [at(0), at(1), at(2), at(3)],
        uniforms: Vec::new(),
    };
    let r = run_quad(f, &bindings, &mut NoTextures, Limits::default()).expect("runs");
    // Squares: fragment 0: (0, 0), 1: (1, 0), 2: (100, 1), 3: (121, 1).
    // ddx bottom row = 1 - 0; top row = 121 - 100. ddy left column = 100 - 0, right = 121 - 1.
    assert_eq!(r[0].outputs[0].value.to_f32s(), [1.0, 0.0, 100.0, 1.0]);
    assert_eq!(r[1].outputs[0].value.to_f32s(), [1.0, 0.0, 120.0, 1.0]);
    assert_eq!(r[2].outputs[0].value.to_f32s(), [21.0, 0.0, 100.0, 1.0]);
    assert_eq!(r[3].outputs[0].value.to_f32s(), [21.0, 0.0, 120.0, 1.0]);
}

/// Inside a branch only some fragments take, derivatives still see every fragment's value.
#[test]
fn derivatives_in_divergent_branches_use_helper_values() {
    let text = "fn f(in $p: float, out $o: float) {
  %0: float = input $p
  %1: float = const 0.5
  %2: bool = gt %0, %1
  %3: float = if %2 {
    %4: float = ddx %0
    yield %4
  } else {
    yield %1
  }
  store $o, %3
}
";
    let module = parse(text).expect("parses");
    let f = &module.functions[Handle::from_index(0)];
    let bindings = Bindings {
        inputs: [0.0, 1.0, 0.0, 3.0].map(|x| vec![Vector::floats(&[x])]),
        uniforms: Vec::new(),
    };
    let r = run_quad(f, &bindings, &mut NoTextures, Limits::default()).expect("runs");
    let outs: Vec<f32> = r.iter().map(|f| f.outputs[0].value.f32(0)).collect();
    assert_eq!(outs, [0.5, 1.0, 0.5, 3.0]);
}

struct Recorder(Vec<(usize, [f32; 4], bool)>);

impl Textures for Recorder {
    fn sample(&mut self, request: &SampleRequest) -> [f32; 4] {
        let c = request.quad_coords[request.fragment];
        self.0.push((request.fragment, c, request.projective));
        [c[0], c[1], 0.25, 1.0]
    }
}

#[test]
fn texture_lookups_go_to_the_embedder() {
    let text = "fn f(in $uv: float3, sampler $s: sampler2d unit 3, out $o: float4) {
  %0: float3 = input $uv
  %1: float4 = texproj $s, %0
  store $o, %1
}
";
    let module = parse(text).expect("parses");
    let f = &module.functions[Handle::from_index(0)];
    let mut rec = Recorder(Vec::new());
    let r = run_fragment(f, &[Vector::floats(&[0.5, 0.75, 2.0])], &[], &mut rec).expect("runs");
    assert_eq!(r.outputs[0].value.to_f32s(), [0.5, 0.75, 0.25, 1.0]);
    assert_eq!(rec.0.len(), 4);
    assert_eq!(rec.0[0], (0, [0.5, 0.75, 2.0, 0.0], true));
}

struct FetchRecorder(Vec<([f32; 4], Option<i32>)>);

impl Textures for FetchRecorder {
    fn sample(&mut self, request: &SampleRequest) -> [f32; 4] {
        self.0
            .push((request.quad_coords[request.fragment], request.fetch_level));
        [1.0, 0.0, 0.0, 1.0]
    }
}

#[test]
fn a_texel_fetch_hands_the_embedder_integer_indices_and_its_level() {
    let text = "fn f(uniform $p: int2, sampler $s: sampler2d unit 0, out $o: float4) {
  %0: int2 = uniform $p
  %1: int = const 2
  %2: float4 = texfetch $s, %0, %1
  store $o, %2
}
";
    let module = parse(text).expect("parses");
    let f = &module.functions[Handle::from_index(0)];
    let mut rec = FetchRecorder(Vec::new());
    let p = vec![Vector::ints(&[-3, 7])];
    let r = run_fragment(f, &[], &[p], &mut rec).expect("runs");
    assert_eq!(r.outputs[0].value.to_f32s(), [1.0, 0.0, 0.0, 1.0]);
    // The int indices as numbers (not their bit patterns read as floats), and level 2.
    assert_eq!(rec.0[0], ([-3.0, 7.0, 0.0, 0.0], Some(2)));
}

#[test]
fn bad_bindings_are_errors_not_panics() {
    let module = parse(LOOP).expect("parses");
    let f = &module.functions[Handle::from_index(0)];
    let e = run_fragment(f, &[], &[], &mut NoTextures).expect_err("missing uniform");
    assert_eq!(e.message, "0 uniform values for 1 uniforms");
    let e = run_fragment(f, &[], &[vec![Vector::floats(&[1.0])]], &mut NoTextures)
        .expect_err("wrong type");
    assert_eq!(e.message, "uniform `$n` needs 1 value(s) of type int");
}
