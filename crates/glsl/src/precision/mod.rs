//! [`Precision`]: how the writer computes `half` and `fixed`. By default they are `float`s (readable,
//! in the target's arithmetic); [`Precision::Fp30`] is an opt-in mode that computes as fp30 (and
//! the IR) do. Its rules are the IR's `fp30_precision` pass (`pigment_ir::pass::Fp30Precision`),
//! which [`crate::write_precise`] runs: every `half` result rounded to fp16 and every `fixed`
//! result clamped and quantised to fx12 after each operation (`round_half`, `round_fixed`), and
//! NV's rules kept (`nv_min` ...). This module only spells those operations, through small helper
//! functions written before `main` ([`Helpers::explicit`]): `cg_half`, `cg_fixed`, the `cg_nan_*`
//! helpers for `nv_min`, `nv_max`, `nv_clamp`, `nv_sat` and `nv_pow`, which keep NV's NaNs where
//! GLSL leaves them undefined, and `cg_nv_sin`, `cg_nv_cos` (`trig`). `nv_rsqrt` is GLSL's
//! `inversesqrt` (`crate::expr`).
//!
//! From GLSL 3.30 and ES 3.00 the rounding works on the float's bits (`floatBitsToUint`), so it is
//! exact whatever the driver's rounding mode for conversions; the versions without bit casts get
//! the same rules by arithmetic (`arithmetic`: Veltkamp's split for fp16, `!(x >= x)` for NaN),
//! exact where the driver keeps the operations as written, which llvmpipe does.

mod arithmetic;
mod trig;

use crate::expr::{call, Expr};
use crate::version::Version;
use pigment_ir::{Op, Rule};
use pigment_numeric::approx::plain::Function;

/// How `half` and `fixed` values are computed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Precision {
    /// `half` and `fixed` are `float`s (`mediump` and `lowp` in ES): the target's arithmetic.
    #[default]
    Target,
    /// Every `half` result rounded to fp16, every `fixed` result clamped to [-2, 2047/1024] and
    /// rounded to a multiple of 1/1024, after each operation, as fp30 computes.
    Fp30,
}

impl Precision {
    /// `target` or `fp30` (the command line's spelling).
    pub fn parse(text: &str) -> Option<Precision> {
        match text {
            "target" => Some(Precision::Target),
            "fp30" => Some(Precision::Fp30),
            _ => None,
        }
    }

    /// An error when `version` cannot express the mode: none now, as the versions without bit
    /// casts get the arithmetic helpers ([`Helpers::text`]).
    pub fn check(self, _version: Version) -> Result<(), String> {
        Ok(())
    }
}

/// The declarations that keep the driver from rewriting the arithmetic of what the fragment
/// outputs `names` are computed from: fp30 rounds every operation as written, and a driver may
/// otherwise contract a product and a sum into an `fma` or reassociate constants (Mesa folds
/// (x·0.1)·10 into x·1), which changes the last bits; a singular determinant `a·d − b·c` (nedi's
/// 2x2 solves) turns them from 0 into a residue. `precise` forbids both where the version has the
/// word (GLSL 4.00, ES 3.20; glslang marks the operations NoContraction in SPIR-V). GLSL 3.30 and
/// ES 3.00 have no such word; `invariant` is what they allow on a fragment output ("Only variables
/// output from a shader can be candidates for invariance"), and Mesa computes everything an
/// invariant output depends on as it computes a `precise` one (it propagates the qualifier back
/// through the assignments and marks their operations exact). Outputs sharing a variable are
/// named once. Only values that reach an output are covered: a value in a branch's condition alone
/// may still be rewritten.
pub fn uncontracted(version: Version, names: &[&str]) -> Vec<String> {
    let word = if version.has_precise() {
        "precise"
    } else {
        "invariant"
    };
    let mut lines: Vec<String> = Vec::new();
    for name in names {
        let line = format!("{word} {name};");
        if !lines.contains(&line) {
            lines.push(line);
        }
    }
    lines
}

/// The helpers a shader's body used, written before `main`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Helpers {
    half: bool,
    fixed: bool,
    dot: bool,
    nan: bool,
    trigonometry: bool,
}

impl Helpers {
    /// The expression of the fp30_precision pass's operation `op` on `args`, through the
    /// helpers; `None` for every other operation (and `nv_rsqrt`, which is GLSL's own).
    pub fn explicit(&mut self, op: Op, args: &[Expr]) -> Option<Expr> {
        let refs: Vec<&Expr> = args.iter().collect();
        let name = match op {
            Op::RoundHalf => {
                self.half = true;
                "cg_half"
            }
            Op::RoundFixed => {
                self.fixed = true;
                "cg_fixed"
            }
            Op::Nv(Rule::Sine) => return Some(self.nv_trigonometry(Function::Sine, &args[0])),
            Op::Nv(Rule::Cosine) => return Some(self.nv_trigonometry(Function::Cosine, &args[0])),
            Op::Nv(Rule::Clamp) => {
                self.nan = true;
                let max = call("cg_nan_max", &[&args[0], &args[1]]);
                return Some(call("cg_nan_min", &[&max, &args[2]]));
            }
            Op::Nv(rule) => {
                let name = match rule {
                    Rule::Min => "cg_nan_min",
                    Rule::Max => "cg_nan_max",
                    Rule::Pow => "cg_nan_pow",
                    Rule::Saturate => "cg_nan_sat",
                    _ => return None,
                };
                self.nan = true;
                name
            }
            _ => return None,
        };
        Some(call(name, &refs))
    }

    /// A `dot` of two real vectors as the IR computes it, products then sums from x to w (see
    /// `STEPWISE_DOT`); `None` where `op` is no such `dot`. (In the fp30 mode the pass has
    /// already written the rounded steps of every `half` and `fixed` one.)
    pub fn stepwise_dot(&mut self, op: Op, args: &[Expr], width: u8, real: bool) -> Option<Expr> {
        if op != Op::Dot || width < 2 || !real {
            return None;
        }
        self.dot = true;
        Some(call(STEPWISE_DOT, &[&args[0], &args[1]]))
    }

    /// `sin` or `cos` as NV computes them (`trig`).
    fn nv_trigonometry(&mut self, function: Function, x: &Expr) -> Expr {
        self.trigonometry = true;
        call(trig::name(function), &[x])
    }

    /// The helper functions used, as GLSL text for `version` (empty when none): on the bits
    /// where the version has bit casts, else by arithmetic (`arithmetic`).
    pub fn text(self, version: Version) -> String {
        let bits = version.has_bit_casts();
        let mut text = String::new();
        if !bits && (self.nan || self.fixed) {
            text.push_str(arithmetic::IS_NAN);
        }
        if self.nan {
            text.push_str(&match bits {
                true => nan_rules("isnan", "uintBitsToFloat(0x7fc00000u)"),
                false => nan_rules("cg_isnan", arithmetic::NAN),
            });
            text.push_str(&nan_rule_vectors());
        }
        if self.trigonometry {
            text.push_str(&trig::helpers(version));
        }
        if self.dot {
            text.push_str(&stepwise_dots());
        }
        if self.half {
            text.push_str(match bits {
                true => HALF,
                false => arithmetic::HALF,
            });
            text.push_str(&vector_forms("cg_half"));
        }
        if self.fixed {
            text.push_str(match bits {
                true => FIXED,
                false => arithmetic::FIXED,
            });
            text.push_str(&vector_forms("cg_fixed"));
        }
        text
    }
}

/// The helper computing the IR's `dot` step by step. GLSL leaves `dot`'s evaluation to the
/// implementation, and llvmpipe's GLSL path fuses it, fma(a.x, b.x, fma(a.y, b.y, a.z·b.z)) for a
/// vec3, which differs from the IR's rounded products summed x to w in the last bit: enough to
/// flip the `==` and `<` of programs that compare sums of such dots (the xBR shaders). Spelled
/// out as products and sums, it computes what the IR does (llvmpipe does not contract them).
const STEPWISE_DOT: &str = "cg_dot_stepwise";

/// [`STEPWISE_DOT`] for vec2 to vec4: `p.x + p.y + ...` of the products `p = a * b`.
fn stepwise_dots() -> String {
    let mut text = String::new();
    for n in 2..=4 {
        let sum: Vec<String> = "xyzw"[..n].chars().map(|c| format!("p.{c}")).collect();
        text.push_str(&format!(
            "\nfloat {STEPWISE_DOT}(vec{n} a, vec{n} b)\n{{\n    vec{n} p = a * b;\n    return {};\n}}\n",
            sum.join(" + ")
        ));
    }
    text
}

/// NV_fragment_program's NaN rules, which GLSL leaves undefined: MIN and MAX give NaN when either
/// operand is NaN (special case 2 of each), saturation lets NaN through, and POW gives NaN for a
/// NaN operand, a negative base and 0^0 (its special cases 1-3). Mesa's `min`/`max`/`clamp`
/// return the other operand and its `pow` of a NaN base gives 0, which turned the NaNs of
/// crt-hyllian-fast, aann, nedi and cam02-ucs-reverse into numbers.
///
/// The text of these helpers with `is_nan` as the NaN test and `nan` as the expression of
/// a NaN result: `isnan` and a bit cast where the version has them, else [`arithmetic`]'s forms.
fn nan_rules(is_nan: &str, nan: &str) -> String {
    format!(
        "
// NV's NaN rules: min, max and saturation keep a NaN operand; pow of NaN, of a negative base
// and 0^0 is NaN
float cg_nan_min(float a, float b)
{{
    return {is_nan}(a) ? a : {is_nan}(b) ? b : min(a, b);
}}
float cg_nan_max(float a, float b)
{{
    return {is_nan}(a) ? a : {is_nan}(b) ? b : max(a, b);
}}
float cg_nan_sat(float x)
{{
    return {is_nan}(x) ? x : clamp(x, 0.0, 1.0);
}}
float cg_nan_pow(float a, float b)
{{
    bool nan = {is_nan}(a) || {is_nan}(b) || a < 0.0 || (a == 0.0 && b == 0.0);
    return nan ? {nan} : pow(a, b);
}}
"
    )
}

/// The vec2-vec4 overloads of [`nan_rules`]' helpers, component by component; `min` and `max`
/// also take a float second operand (the writer writes splats as scalars there).
fn nan_rule_vectors() -> String {
    let mut text = String::new();
    for n in 2..=4 {
        let each = |f: &str, args: &dyn Fn(char) -> String| -> String {
            let parts: Vec<String> = "xyzw"[..n]
                .chars()
                .map(|c| format!("{f}({})", args(c)))
                .collect();
            format!("vec{n}({})", parts.join(", "))
        };
        for f in ["cg_nan_min", "cg_nan_max", "cg_nan_pow"] {
            let body = each(f, &|c| format!("a.{c}, b.{c}"));
            text.push_str(&format!(
                "vec{n} {f}(vec{n} a, vec{n} b)\n{{\n    return {body};\n}}\n"
            ));
        }
        for f in ["cg_nan_min", "cg_nan_max"] {
            let body = each(f, &|c| format!("a.{c}, b"));
            text.push_str(&format!(
                "vec{n} {f}(vec{n} a, float b)\n{{\n    return {body};\n}}\n"
            ));
        }
        let body = each("cg_nan_sat", &|c| format!("x.{c}"));
        text.push_str(&format!(
            "vec{n} cg_nan_sat(vec{n} x)\n{{\n    return {body};\n}}\n"
        ));
    }
    text
}

/// fp16 rounding on the float's bits: exact whatever the driver's conversion rounding.
const HALF: &str = "
// fp30's half: x rounded to fp16 (nearest, ties to even; beyond 65504 + 16 infinite), in a float
float cg_half(float x)
{
    if (!(abs(x) < 65520.0))
        return x * uintBitsToFloat(0x7f800000u);
    if (abs(x) < 6.103515625e-05)
        return roundEven(x * 16777216.0) / 16777216.0;
    uint b = floatBitsToUint(x);
    return uintBitsToFloat((b + 0xfffu + ((b >> 13) & 1u)) & 0xffffe000u);
}
";

/// fx12: NaN is 0, clamped to [-2, 2047/1024], multiples of 1/1024 (ties to even).
const FIXED: &str = "
// fp30's fixed (fx12): NaN is 0, clamped to [-2, 2047/1024], rounded to a multiple of 1/1024
float cg_fixed(float x)
{
    return isnan(x) ? 0.0 : roundEven(clamp(x, -2.0, 1.9990234375) * 1024.0) / 1024.0;
}
";

/// The vec2-vec4 overloads of `name`, component by component.
fn vector_forms(name: &str) -> String {
    let mut text = String::new();
    for n in 2..=4 {
        let parts: Vec<String> = "xyzw"[..n]
            .chars()
            .map(|c| format!("{name}(x.{c})"))
            .collect();
        text.push_str(&format!(
            "vec{n} {name}(vec{n} x)\n{{\n    return vec{n}({});\n}}\n",
            parts.join(", ")
        ));
    }
    text
}
