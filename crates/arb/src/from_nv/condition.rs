//! NV condition codes in ARB, which has none: the CC register becomes the temporary `nv_cc` holding the
//! last value stored into each component (notes 1: codes come from the stored value, so LT/EQ/GT/UN of a
//! component are exactly `v < 0`, `v == 0`, `v > 0`, NaN). A test (TestCC, section 3.11.4.4) becomes a
//! 1.0 / 0.0 vector from SGE / SLT, which are false for NaN just as every rule but NE is for UN.
//! Conditional writes select with CMP; KIL discards when any tested component is 1.

use super::writer::{Writer, CC};
use nvfp::isa::{CcMask, CcRule, Swizzle};

/// The outcome of testing a CC mask for each destination component.
pub(crate) enum Test {
    /// Every component passes (TR).
    Always,
    /// No component passes (FL).
    Never,
    /// The named temporary holds 1.0 where the component passes and 0.0 where it does not.
    Vector(String),
}

/// Emits the evaluation of `mask` on the current condition codes.
pub(crate) fn test(w: &mut Writer, mask: CcMask) -> Test {
    // (instruction, whether the codes are its first operand); the other operand is zero.
    let (op, cc_first) = match mask.rule {
        CcRule::Tr => return Test::Always,
        CcRule::Fl => return Test::Never,
        CcRule::Eq | CcRule::Ne => {
            let cc = swizzled_cc(w, mask.swizzle);
            return equality(w, &cc, mask.rule == CcRule::Ne);
        }
        CcRule::Lt => ("SLT", true),
        CcRule::Gt => ("SLT", false),
        CcRule::Ge => ("SGE", true),
        CcRule::Le => ("SGE", false),
    };
    let cc = swizzled_cc(w, mask.swizzle);
    let zero = "{0, 0, 0, 0}".to_string();
    let (first, second) = if cc_first { (cc, zero) } else { (zero, cc) };
    let t = w.scratch();
    w.line(format!("{op} {t}, {first}, {second};"));
    Test::Vector(t)
}

/// EQ is v >= 0 and 0 >= v (false for NaN, true for -0.0); NE is its complement (true for NaN).
fn equality(w: &mut Writer, cc: &str, negate: bool) -> Test {
    let t = w.scratch();
    let u = w.scratch();
    w.line(format!("SGE {t}, {cc}, {{0, 0, 0, 0}};"));
    w.line(format!("SGE {u}, {{0, 0, 0, 0}}, {cc};"));
    if negate {
        w.line(format!("MAD {t}, -{t}, {u}, {{1, 1, 1, 1}};"));
    } else {
        w.line(format!("MUL {t}, {t}, {u};"));
    }
    Test::Vector(t)
}

fn swizzled_cc(w: &mut Writer, swizzle: Swizzle) -> String {
    w.uses_cc = true;
    if swizzle.is_identity() {
        CC.to_string()
    } else {
        format!("{CC}.{}", swizzle.letters())
    }
}

/// KIL with a CC mask: discard when any swizzled component passes the test.
pub(crate) fn kill(w: &mut Writer, mask: CcMask) {
    match mask.rule {
        // ARB's KIL already discards on any component < 0: LT and GT need no test.
        CcRule::Lt => {
            let cc = swizzled_cc(w, mask.swizzle);
            w.line(format!("KIL {cc};"));
        }
        CcRule::Gt => {
            let cc = swizzled_cc(w, mask.swizzle);
            w.line(format!("KIL -{cc};"));
        }
        _ => match test(w, mask) {
            Test::Always => w.line("KIL {-1, -1, -1, -1};".into()),
            Test::Never => {}
            Test::Vector(t) => w.line(format!("KIL -{t};")),
        },
    }
}

/// Stores the instruction's result `value` (a temporary) into `dest` (None: RC) under `write_mask`
/// letters and the CC `test`, and into the condition codes when `update_cc`. Only components enabled
/// by both masks change, in the register and in the codes (notes 1).
pub(crate) fn store(
    w: &mut Writer,
    value: &str,
    dest: Option<&str>,
    mask: &str,
    test: &Test,
    update_cc: bool,
) {
    let cc = if update_cc {
        w.uses_cc = true;
        Some(CC)
    } else {
        None
    };
    for target in dest.into_iter().chain(cc) {
        match test {
            Test::Always => w.line(format!("MOV {target}{mask}, {value};")),
            Test::Never => {}
            Test::Vector(t) => w.line(format!("CMP {target}{mask}, -{t}, {value}, {target};")),
        }
    }
}
