//! NV_fragment_program's NaN rules written with ARB instructions, for `--precision fp30`
//! ([`super::Style::nan_rules`]; which instructions keep them is `pigment_numeric::exact`'s table,
//! shared with the IR's fp30_precision pass). ARB leaves them to the implementation, and Mesa's differ: its
//! MIN and MAX return the other operand of a NaN, saturation makes NaN 0, POW takes |base| and
//! gives 0^0 = 0, RSQ takes |x|. NV keeps a NaN operand through MIN, MAX and saturation and gives
//! NaN for POW of NaN, of a negative base and 0^0, and RSQ of NaN or a negative number (its
//! special cases; pigment_numeric's order and approx modules).
//!
//! The forms rest on what llvmpipe computes exactly (crates/arb's tests/llvmpipe.rs
//! `nan_rules_draw_as_nv_computes_them` draws each one): `SGE x, x` is 0 for NaN and 1 otherwise
//! (Mesa does not fold it), an ADD with a NaN operand is NaN, `CMP c, a, b` picks `a` where
//! c < 0 (and `b` for a NaN c), and `LG2` of the constant -1 is a NaN.

use super::writer::Writer;

/// A NaN in every component of a fresh scratch temporary (ARB constants are finite: LG2 of -1).
fn nan(w: &mut Writer) -> String {
    let n = w.scratch();
    w.line(format!("LG2 {n}.x, {{-1}}.x;"));
    format!("{n}.x")
}

/// A scratch temporary holding 1 where `x` is a number and 0 where it is NaN.
fn is_number(w: &mut Writer, x: &str) -> String {
    let k = w.scratch();
    w.line(format!("SGE {k}, {x}, {x};"));
    k
}

/// MIN or MAX (`op`) of `a` and `b` into `result`: NaN where either is NaN (the NaN travels in
/// `a + b`).
pub(crate) fn min_max(w: &mut Writer, op: &str, result: &str, a: &str, b: &str) {
    let m = w.scratch();
    w.line(format!("{op} {m}, {a}, {b};"));
    let sum = w.scratch();
    w.line(format!("ADD {sum}, {a}, {b};"));
    let (ka, kb) = (is_number(w, a), is_number(w, b));
    w.line(format!("MUL {ka}, {ka}, {kb};"));
    w.line(format!("CMP {result}, -{ka}, {m}, {sum};"));
}

/// `u` saturated into `result`, a NaN left NaN.
pub(crate) fn saturate(w: &mut Writer, result: &str, u: &str) {
    let s = w.scratch();
    w.line(format!("MOV_SAT {s}, {u};"));
    let k = is_number(w, u);
    w.line(format!("CMP {result}, -{k}, {s}, {u};"));
}

/// POW of scalars `a` and `b` into `result`: NaN unless a > 0, or a = 0 with b a number other
/// than 0.
pub(crate) fn pow(w: &mut Writer, result: &str, a: &str, b: &str) {
    let p = w.scratch();
    w.line(format!("POW {p}.x, {a}, {b};"));
    let ok = w.scratch();
    // a > 0, then + (a = 0)·(b ≠ 0), then · (b is a number).
    w.line(format!("SLT {ok}.x, {{0}}.x, {a};"));
    w.line(format!("SGE {ok}.y, {a}, {{0}}.x;"));
    w.line(format!("SGE {ok}.z, {{0}}.x, {a};"));
    w.line(format!("MUL {ok}.y, {ok}.y, {ok}.z;"));
    w.line(format!("SGE {ok}.z, {b}, {{0}}.x;"));
    w.line(format!("SGE {ok}.w, {{0}}.x, {b};"));
    w.line(format!("MAD {ok}.z, -{ok}.z, {ok}.w, {{1}}.x;"));
    w.line(format!("MAD {ok}.x, {ok}.y, {ok}.z, {ok}.x;"));
    w.line(format!("SGE {ok}.y, {b}, {b};"));
    w.line(format!("MUL {ok}.x, {ok}.x, {ok}.y;"));
    let n = nan(w);
    w.line(format!("CMP {result}, -{ok}.x, {p}.x, {n};"));
}

/// RSQ of scalar `a` into `result`: NaN for a NaN or negative `a` (ARB's RSQ takes |a|).
pub(crate) fn rsq(w: &mut Writer, result: &str, a: &str) {
    let r = w.scratch();
    w.line(format!("RSQ {r}.x, {a};"));
    let ok = w.scratch();
    w.line(format!("SGE {ok}.x, {a}, {{0}}.x;"));
    let n = nan(w);
    w.line(format!("CMP {result}, -{ok}.x, {r}.x, {n};"));
}
