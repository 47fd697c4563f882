//! The fp30 precision mode (`emit_with(.., true)`): `half` rounded to fp16 and `fixed` to fx12 after
//! each operation. Proof by execution on lavapipe against the IR interpreter (which computes as
//! fp30): the corpus, the fixed-point program the default mode draws differently included, and a
//! program whose fp16 rounding and overflow the default mode misses, and one whose NaN NV's MIN,
//! MAX, saturation and POW keep where lavapipe's do not; every SPIR-V passes
//! `spirv-val` and every WGSL parses back and validates. And `pow` of a negative base is NaN as
//! in the IR (undefined in SPIR-V; this guards lavapipe's).

mod quad;

use pigment_naga::{emit_with, Target};
use quad::{compare_precise, drawable};
use std::process::Command;

/// half arithmetic whose f32 result is far from fp16's: (s + 1000) − 1000 keeps s in f32 but
/// rounds it to a multiple of 0.5 in fp16; (300 + 300·s)² overflows fp16 (+INF) but not f32; a
/// fixed lerp whose difference clamps.
const ROUNDING: &str = "fn fs(in $t: float4 @TEXCOORD0, out $c: float4 @COLOR) {
  %0: float4 = input $t
  %1: float = swizzle %0.x
  %2: half = cvt %1
  %3: half = const 1000.0
  %4: half = add %2, %3
  %5: half = sub %4, %3
  %6: half = const 300.0
  %7: half = mad %2, %6, %6
  %8: half = mul %7, %7
  %9: fixed = cvt %1
  %10: fixed = const -1.5
  %11: fixed = const 1.5
  %12: fixed = lerp %10, %11, %9
  %13: half = cvt %12
  %14: half4 = construct %5, %8, %2, %13
  %15: float4 = cvt %14
  store $c, %15
}
";

/// `pow` of negative bases (the file says why).
const POW: &str = include_str!("../../../tests/in/precision/pow.ir");

#[test]
fn pow_keeps_the_irs_special_cases() {
    let (bad, _) = compare_precise(&function(POW), &[], false).unwrap();
    assert_eq!(bad, None);
}

/// NaN through `min`, `max`, `sat` and `pow` (the file says why).
const NAN: &str = include_str!("../../../tests/in/precision/nan.ir");

#[test]
fn nv_nan_rules_draw_as_the_interpreter_computes_in_fp30_precision() {
    let f = function(NAN);
    let (fp30, _) = compare_precise(&f, &[], true).unwrap();
    assert_eq!(fp30, None);
    let (target, _) = compare_precise(&f, &[], false).unwrap();
    assert!(
        target.is_some(),
        "lavapipe keeps NaN through min/max/pow now"
    );
}

/// A NaN (pow of a negative base, x < 0.5) converted to fixed: 0 in fx12 (nv_fragment_program.txt:
/// "NaN becomes 0"). The NaN test must hold in SPIR-V, where naga writes `x != x` as
/// OpFOrdNotEqual, false for NaN: that test let lavapipe clamp the NaN instead.
const FIXED_NAN: &str = "fn fs(in $t: float4 @TEXCOORD0, out $c: float4 @COLOR) {
  %0: float4 = input $t
  %1: float = swizzle %0.x
  %2: float = const 0.5
  %3: float = sub %1, %2
  %4: float = const 2.2
  %5: float = pow %3, %4
  %6: fixed = cvt %5
  %7: float = cvt %6
  %8: float4 = construct %7, %7, %7, %1
  store $c, %8
}
";

#[test]
fn a_nan_converted_to_fixed_is_0_in_fp30_precision() {
    let (bad, _) = compare_precise(&function(FIXED_NAN), &[], true).unwrap();
    assert_eq!(bad, None);
}

/// `ne` of a NaN (pow of a negative base, x < 0.5) with itself: true, as NV's SNE ("any comparison
/// with NaN is false, except SNE, which is true"). naga writes `!=` of floats as OpFOrdNotEqual,
/// false for NaN, so the lowering writes `!(a == b)`.
const NE_NAN: &str = "fn fs(in $t: float4 @TEXCOORD0, out $c: float4 @COLOR) {
  %0: float4 = input $t
  %1: float = swizzle %0.x
  %2: float = const 0.5
  %3: float = sub %1, %2
  %4: float = const 2.2
  %5: float = pow %3, %4
  %6: bool = ne %5, %5
  %7: float = const 1.0
  %8: float = const 0.0
  %9: float = select %6, %7, %8
  %10: float4 = construct %9, %9, %9, %1
  store $c, %10
}
";

#[test]
fn ne_of_a_nan_is_true() {
    let f = function(NE_NAN);
    for fp30 in [false, true] {
        let (bad, _) = compare_precise(&f, &[], fp30).unwrap();
        assert_eq!(bad, None, "fp30 mode: {fp30}");
    }
}

fn function(text: &str) -> pigment_ir::Function {
    let module = pigment_ir::parse(text).unwrap();
    let f = module.functions.iter().next().unwrap().1.clone();
    f
}

fn spirv_val(words: &[u32]) -> Result<(), String> {
    let path = std::env::temp_dir().join(format!("pigment-precision-{}.spv", std::process::id()));
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(&path, bytes).unwrap();
    let out = Command::new("spirv-val")
        .args(["--target-env", "vulkan1.0"])
        .arg(&path)
        .output()
        .expect("spirv-val (run scripts/test, which installs spirv-tools)");
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

#[test]
fn fp16_and_fx12_rounding_draw_as_the_interpreter_computes() {
    let f = function(ROUNDING);
    let (fp30, _) = compare_precise(&f, &[], true).unwrap();
    assert_eq!(fp30, None);
    let (target, _) = compare_precise(&f, &[], false).unwrap();
    assert!(target.is_some(), "f32 arithmetic draws alike");
}

#[test]
fn corpus_programs_in_fp30_precision_render_as_the_interpreter_computes() {
    let mut failures = Vec::new();
    let mut drawn = 0;
    for (name, f) in quad::corpus(&[]).iter().filter(|(_, f)| drawable(f)) {
        match compare_precise(f, &f.initial_uniforms(), true) {
            Ok((None, _)) => drawn += 1,
            Ok((Some(bad), _)) => failures.push(format!("{name}: {bad}")),
            // What naga cannot express is tests/corpus.rs's.
            Err(_) => {}
        }
    }
    assert!(drawn >= 20, "only {drawn} drawn");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn fp30_precision_spirv_and_wgsl_validate() {
    let programs = quad::corpus(&[]);
    let (extra, nan) = (function(ROUNDING), function(NAN));
    let mut checked = 0;
    for f in programs.iter().map(|(_, f)| f).chain([&extra, &nan]) {
        let Ok(spirv) = emit_with(f, Target::SpirV, true) else {
            continue;
        };
        spirv_val(&spirv.spirv.unwrap()).unwrap_or_else(|e| panic!("{}: {e}", f.name));
        let wgsl = emit_with(f, Target::Wgsl, true).unwrap().text.unwrap();
        let module = naga::front::wgsl::parse_str(&wgsl)
            .unwrap_or_else(|e| panic!("{}: {}", f.name, e.emit_to_string(&wgsl)));
        pigment_naga::validate(&module).unwrap_or_else(|(m, _)| panic!("{}: {m}", f.name));
        checked += 1;
    }
    assert!(checked > 50, "only {checked} checked");
}
