//! Instruction semantics of section 3.11.5 over a batch of lanes (everything except KIL and the
//! texture lookups, which need more than operands).
//!
//! Each elementary operation (one multiply, one add, ...) is rounded to the instruction's precision
//! before the next one uses it: "calculations are carried out using 16-bit floating point operands and
//! results" (3.11.4.2). So MAD is a rounded multiply followed by a rounded add (not fused), and a dot
//! product adds its rounded products from x to w, in the order the pseudo-code writes them.

use super::approx;
use super::batch::{Lanes, Vector, LANES};
use super::numeric::{convert, convert_slice, fp16_bits, fp16_value, map_convert};
use crate::isa::{Opcode, Precision};

/// Computes `opcode` on `ops` into `out`. `needed` says which result components will be written;
/// component-wise instructions skip the others.
pub fn compute(
    opcode: Opcode,
    p: Precision,
    ops: &[Vector; 3],
    out: &mut Vector,
    needed: [bool; 4],
) {
    let [a, b, c] = ops;
    use Opcode::*;
    match opcode {
        Add => each(needed, out, |k, r| zip2(p, r, &a[k], &b[k], |x, y| x + y)),
        Sub => each(needed, out, |k, r| zip2(p, r, &a[k], &b[k], |x, y| x - y)),
        Mul => each(needed, out, |k, r| zip2(p, r, &a[k], &b[k], |x, y| x * y)),
        Mad => each(needed, out, |k, r| {
            zip2(p, r, &a[k], &b[k], |x, y| x * y);
            zip2_in_place(p, r, &c[k], |x, y| x + y);
        }),
        Lrp => each(needed, out, |k, r| lerp(p, r, &a[k], &b[k], &c[k])),
        Min => each(needed, out, |k, r| zip2(p, r, &a[k], &b[k], min)),
        Max => each(needed, out, |k, r| zip2(p, r, &a[k], &b[k], max)),
        Seq => each(needed, out, |k, r| {
            zip2(p, r, &a[k], &b[k], |x, y| set(x == y))
        }),
        Sne => each(needed, out, |k, r| {
            zip2(p, r, &a[k], &b[k], |x, y| set(x != y))
        }),
        Sge => each(needed, out, |k, r| {
            zip2(p, r, &a[k], &b[k], |x, y| set(x >= y))
        }),
        Sgt => each(needed, out, |k, r| {
            zip2(p, r, &a[k], &b[k], |x, y| set(x > y))
        }),
        Sle => each(needed, out, |k, r| {
            zip2(p, r, &a[k], &b[k], |x, y| set(x <= y))
        }),
        Slt => each(needed, out, |k, r| {
            zip2(p, r, &a[k], &b[k], |x, y| set(x < y))
        }),
        Sfl => *out = [[0.0; LANES]; 4],
        Str => *out = [[1.0; LANES]; 4],
        Mov => *out = *a,
        Flr => each(needed, out, |k, r| {
            zip2(p, r, &a[k], &a[k], |x, _| x.floor())
        }),
        // x - floor(x), rounded: a tiny negative x gives 1.0 after rounding, as the pseudo-code does.
        Frc => each(needed, out, |k, r| {
            zip2(p, r, &a[k], &a[k], |x, _| x - x.floor())
        }),
        Ddx => each(needed, out, |k, r| {
            derivative(p, r, &a[k], [1, 1, 3, 3], [0, 0, 2, 2])
        }),
        Ddy => each(needed, out, |k, r| {
            derivative(p, r, &a[k], [2, 3, 2, 3], [0, 1, 0, 1])
        }),
        Dp3 => dot(p, out, a, b, 3),
        Dp4 => dot(p, out, a, b, 4),
        Dst => distance(p, out, a, b),
        Lit => lit(p, out, a),
        Rfl => reflect(p, out, a, b),
        X2d => transform_2d(p, out, a, b, c),
        Rcp => scalar(p, out, a, approx::reciprocal),
        Rsq => scalar(p, out, a, approx::reciprocal_sqrt),
        Ex2 => scalar(p, out, a, approx::exp2),
        Lg2 => scalar(p, out, a, approx::log2),
        Sin => scalar(p, out, a, approx::sine),
        Cos => scalar(p, out, a, approx::cosine),
        Pow => {
            zip2(p, &mut out[0], &a[0], &b[0], approx::power);
            replicate(out);
        }
        Pk2h => packed(out, a, |v| {
            u32::from(fp16_bits(v[0])) | u32::from(fp16_bits(v[1])) << 16
        }),
        Pk2us => packed(out, a, |v| {
            unorm(v[0], 65535.0) | unorm(v[1], 65535.0) << 16
        }),
        Pk4b => packed(out, a, |v| {
            (0..4).fold(0, |w, k| w | snorm8(v[k]) << (8 * k))
        }),
        Pk4ub => packed(out, a, |v| {
            (0..4).fold(0, |w, k| w | unorm(v[k], 255.0) << (8 * k))
        }),
        Up2h => unpack(p, out, a, |w| {
            let (lo, hi) = (fp16_value(w as u16), fp16_value((w >> 16) as u16));
            [lo, hi, lo, hi]
        }),
        Up2us => unpack(p, out, a, |w| {
            let (lo, hi) = ((w & 0xFFFF) as f32 / 65535.0, (w >> 16) as f32 / 65535.0);
            [lo, hi, lo, hi]
        }),
        Up4b => unpack(p, out, a, |w| {
            [0, 8, 16, 24].map(|s| (((w >> s) & 0xFF) as f32 - 128.0) / 127.0)
        }),
        Up4ub => unpack(p, out, a, |w| {
            [0, 8, 16, 24].map(|s| ((w >> s) & 0xFF) as f32 / 255.0)
        }),
        // Handled by the interpreter; listed so that a new opcode is a compile error here.
        Kil | Tex | Txp | Txd => {}
    }
}

/// Runs `f(component, result lanes)` for each needed component.
#[inline(always)]
fn each(needed: [bool; 4], out: &mut Vector, mut f: impl FnMut(usize, &mut Lanes)) {
    for (k, r) in out.iter_mut().enumerate() {
        if needed[k] {
            f(k, r);
        }
    }
}

/// r = round(f(a, b)) lane by lane.
#[inline(always)]
fn zip2(p: Precision, r: &mut Lanes, a: &Lanes, b: &Lanes, f: impl Fn(f32, f32) -> f32) {
    map_convert(p, r, |l| f(a[l], b[l]));
}

/// r = round(f(r)) lane by lane.
#[inline(always)]
fn map_in_place(p: Precision, r: &mut Lanes, f: impl Fn(f32) -> f32) {
    let copy = *r;
    map_convert(p, r, |l| f(copy[l]));
}

/// r = round(f(r, b)) lane by lane.
#[inline(always)]
fn zip2_in_place(p: Precision, r: &mut Lanes, b: &Lanes, f: impl Fn(f32, f32) -> f32) {
    let copy = *r;
    map_convert(p, r, |l| f(copy[l], b[l]));
}

fn set(condition: bool) -> f32 {
    if condition {
        1.0
    } else {
        0.0
    }
}

/// MIN (3.11.5.17): NaN if either is NaN; -0.0 counts as below +0.0 so that min(A,B) = min(B,A)
/// holds bit for bit.
fn min(x: f32, y: f32) -> f32 {
    if x.is_nan() || y.is_nan() {
        f32::NAN
    } else if x < y || (x == y && x.is_sign_negative()) {
        x
    } else {
        y
    }
}

/// MAX (3.11.5.16): NaN if either is NaN; +0.0 counts as above -0.0.
fn max(x: f32, y: f32) -> f32 {
    if x.is_nan() || y.is_nan() {
        f32::NAN
    } else if x > y || (x == y && x.is_sign_positive()) {
        x
    } else {
        y
    }
}

/// LRP (3.11.5.14): t*a + (1-t)*b, each step rounded.
fn lerp(p: Precision, r: &mut Lanes, t: &Lanes, a: &Lanes, b: &Lanes) {
    let mut rest = [0.0; LANES];
    zip2(p, &mut rest, t, t, |t, _| 1.0 - t);
    zip2_in_place(p, &mut rest, b, |s, b| s * b);
    zip2(p, r, t, a, |t, a| t * a);
    zip2_in_place(p, r, &rest, |x, y| x + y);
}

/// DDX / DDY (notes item 7): `plus[i] - minus[i]` within each quad, where fragment i of a quad sits at
/// (x0 + (i & 1), y0 + (i >> 1)), y up. DDX: right minus left of the same row; DDY: top minus bottom
/// of the same column. Every fragment of a row (column) gets the same value.
fn derivative(p: Precision, r: &mut Lanes, a: &Lanes, plus: [usize; 4], minus: [usize; 4]) {
    for q in (0..LANES).step_by(4) {
        for i in 0..4 {
            r[q + i] = a[q + plus[i]] - a[q + minus[i]];
        }
    }
    convert_slice(p, r);
}

/// DP3 / DP4: ((x*x' + y*y') + z*z') + w*w', replicated.
fn dot(p: Precision, out: &mut Vector, a: &Vector, b: &Vector, n: usize) {
    let (sum, rest) = out.split_at_mut(1);
    let sum = &mut sum[0];
    zip2(p, sum, &a[0], &b[0], |x, y| x * y);
    for k in 1..n {
        let product = &mut rest[0];
        zip2(p, product, &a[k], &b[k], |x, y| x * y);
        zip2_in_place(p, sum, product, |x, y| x + y);
    }
    replicate(out);
}

/// DST (3.11.5.7): (1, a.y*b.y, a.z, b.w).
fn distance(p: Precision, out: &mut Vector, a: &Vector, b: &Vector) {
    out[0] = [1.0; LANES];
    zip2(p, &mut out[1], &a[1], &b[1], |x, y| x * y);
    out[2] = a[2];
    out[3] = b[3];
}

/// LIT (3.11.5.13): x and y clamped below at 0 (NaN stays), z = POW(y, w) when x > 0 else 0, with
/// every special case of POW (so y = w = 0 gives NaN).
fn lit(p: Precision, out: &mut Vector, a: &Vector) {
    let clamp = |v: f32| if v < 0.0 { 0.0 } else { v };
    out[0] = [1.0; LANES];
    out[3] = [1.0; LANES];
    for l in 0..LANES {
        let (x, y, w) = (clamp(a[0][l]), clamp(a[1][l]), a[3][l]);
        out[1][l] = x;
        out[2][l] = if x > 0.0 { approx::power(y, w) } else { 0.0 };
    }
    convert_slice(p, &mut out[2]);
}

/// RFL (3.11.5.26), following the pseudo-code step by step; w is not computed (it may not be written).
fn reflect(p: Precision, out: &mut Vector, axis: &Vector, dir: &Vector) {
    let mut scale = [0.0; LANES];
    let mut length2 = [0.0; LANES];
    dot_into(p, &mut length2, axis, axis);
    dot_into(p, &mut scale, axis, dir);
    map_in_place(p, &mut scale, |x| 2.0 * x);
    zip2_in_place(p, &mut scale, &length2, |x, w| x / w);
    for k in 0..3 {
        zip2(p, &mut out[k], &scale, &axis[k], |s, a| s * a);
        zip2_in_place(p, &mut out[k], &dir[k], |x, d| x - d);
    }
    out[3] = [0.0; LANES];
}

/// Three-component dot product into one lane array.
fn dot_into(p: Precision, sum: &mut Lanes, a: &Vector, b: &Vector) {
    zip2(p, sum, &a[0], &b[0], |x, y| x * y);
    let mut product = [0.0; LANES];
    for k in 1..3 {
        zip2(p, &mut product, &a[k], &b[k], |x, y| x * y);
        zip2_in_place(p, sum, &product, |x, y| x + y);
    }
}

/// X2D (3.11.5.45): (a.x + b.x*c.x + b.y*c.y, a.y + b.x*c.z + b.y*c.w), each written twice.
fn transform_2d(p: Precision, out: &mut Vector, a: &Vector, b: &Vector, c: &Vector) {
    let mut product = [0.0; LANES];
    for (row, (m0, m1)) in [(0, 1), (2, 3)].into_iter().enumerate() {
        let r = &mut out[row];
        zip2(p, r, &b[0], &c[m0], |x, y| x * y);
        zip2_in_place(p, r, &a[row], |x, y| y + x);
        zip2(p, &mut product, &b[1], &c[m1], |x, y| x * y);
        zip2_in_place(p, r, &product, |x, y| x + y);
    }
    out[2] = out[0];
    out[3] = out[1];
}

/// A scalar function of the operand's x (its replicated scalar), replicated to xyzw.
fn scalar(p: Precision, out: &mut Vector, a: &Vector, f: impl Fn(f32) -> f32) {
    for l in 0..LANES {
        out[0][l] = f(a[0][l]);
    }
    convert_slice(p, &mut out[0]);
    replicate(out);
}

fn replicate(out: &mut Vector) {
    let x = out[0];
    out[1] = x;
    out[2] = x;
    out[3] = x;
}

/// PK*: a raw 32-bit word per lane, replicated. The word goes into the register as is (notes item 3).
fn packed(out: &mut Vector, a: &Vector, pack: impl Fn([f32; 4]) -> u32) {
    for l in 0..LANES {
        out[0][l] = f32::from_bits(pack([a[0][l], a[1][l], a[2][l], a[3][l]]));
    }
    replicate(out);
}

/// UP*: unpacks the raw bits of the operand's scalar.
fn unpack(p: Precision, out: &mut Vector, a: &Vector, unpack: impl Fn(u32) -> [f32; 4]) {
    for l in 0..LANES {
        let v = unpack(a[0][l].to_bits());
        for k in 0..4 {
            out[k][l] = convert(p, v[k]);
        }
    }
}

/// PK2US / PK4UB component: clamp to [0,1], round(scale * v). `round` is C's (halves away from zero);
/// NaN (which the clamps of the pseudo-code let through) packs as 0.
fn unorm(v: f32, scale: f32) -> u32 {
    // f32::clamp lets NaN through, as the pseudo-code's two comparisons do.
    let clamped = v.clamp(0.0, 1.0);
    (scale * clamped).round() as u32
}

/// PK4B component: clamp to [-128/127, 127/127], round(127 v + 128). NaN packs as 0.
fn snorm8(v: f32) -> u32 {
    let low = -128.0 / 127.0;
    let clamped = v.clamp(low, 1.0);
    ((127.0 * clamped + 128.0).round() as u32).min(255)
}
