//! Instruction semantics of section 3.11.5 over a batch of lanes (everything except KIL and the
//! texture lookups, which need more than operands).
//!
//! Each elementary operation (one multiply, one add, ...) is rounded to the instruction's precision
//! before the next one uses it: "calculations are carried out using 16-bit floating point operands and
//! results" (3.11.4.2). So MAD is a rounded multiply followed by a rounded add (not fused), and a dot
//! product adds its rounded products from x to w, in the order the pseudo-code writes them.
//!
//! The scalar rules (MIN/MAX, comparisons, floor, the approximations, packing) are `pigment_numeric`'s,
//! shared with the shading IR's interpreter; this file gives them their lane loops.
//!
//! Every kernel is generic over the precision's [`Rounding`] and computes a whole instruction per lane
//! in one loop, so the compiler keeps the intermediate values in registers and vectorises the loop.
//! The results are always fully converted to the precision (the store relies on it, see
//! `decode::Target::conversion`): by the last rounding step, or because they are constants or operands
//! (which are converted, or known to need no conversion: see `formats`).

use super::batch::{Lanes, Register, SrcVector, LANES};
use crate::isa::{Opcode, Precision};
use pigment_numeric::{
    approx, floor, fract, max, min, pack, steps, Comparison, Fp16, Fp32, Fx12, Rounding,
};

/// Computes `opcode` at precision `p` on `ops` into `out`. `needed` says which result components
/// will be written; the others may be left as they are.
pub fn compute<const M: bool>(
    opcode: Opcode,
    p: Precision,
    ops: &[SrcVector<M>; 3],
    out: &mut Register,
    needed: [bool; 4],
) {
    match p {
        Precision::R => compute_at::<Fp32, M>(opcode, ops, out, needed),
        Precision::H => compute_at::<Fp16, M>(opcode, ops, out, needed),
        Precision::X => compute_at::<Fx12, M>(opcode, ops, out, needed),
    }
}

fn compute_at<P: Rounding, const M: bool>(
    opcode: Opcode,
    ops: &[SrcVector<M>; 3],
    out: &mut Register,
    needed: [bool; 4],
) {
    let [a, b, c] = ops;
    use Opcode::*;
    match opcode {
        Add => each2(needed, out, a, b, |x, y| P::last(x + y)),
        Sub => each2(needed, out, a, b, |x, y| P::last(x - y)),
        Mul => each2(needed, out, a, b, |x, y| P::last(x * y)),
        Mad => each3(needed, out, [a, b, c], steps::mad::<P>),
        // LRP (3.11.5.14): t*a + (1-t)*b, each step rounded.
        Lrp => each3(needed, out, [a, b, c], |t, x, y| {
            P::last(P::inner(t * x) + P::inner(P::inner(1.0 - t) * y))
        }),
        Min => each2(needed, out, a, b, min),
        Max => each2(needed, out, a, b, max),
        Seq => each2(needed, out, a, b, |x, y| Comparison::Eq.set(x, y)),
        Sne => each2(needed, out, a, b, |x, y| Comparison::Ne.set(x, y)),
        Sge => each2(needed, out, a, b, |x, y| Comparison::Ge.set(x, y)),
        Sgt => each2(needed, out, a, b, |x, y| Comparison::Gt.set(x, y)),
        Sle => each2(needed, out, a, b, |x, y| Comparison::Le.set(x, y)),
        Slt => each2(needed, out, a, b, |x, y| Comparison::Lt.set(x, y)),
        Sfl => each1(needed, out, a, |_| 0.0),
        Str => each1(needed, out, a, |_| 1.0),
        Mov => each1(needed, out, a, |x| x),
        Flr => each1(needed, out, a, |x| P::last(floor(x))),
        Frc => each1(needed, out, a, |x| P::last(fract(x))),
        Ddx => derivative::<P, M>(needed, out, a, [1, 1, 3, 3], [0, 0, 2, 2]),
        Ddy => derivative::<P, M>(needed, out, a, [2, 3, 2, 3], [0, 1, 0, 1]),
        Dp3 => replicated(needed, out, |l| dot::<P, 3, M>(a, b, l)),
        Dp4 => replicated(needed, out, |l| dot::<P, 4, M>(a, b, l)),
        Dst => distance::<P, M>(out, a, b),
        Lit => lit::<P, M>(out, a),
        Rfl => reflect::<P, M>(out, a, b),
        X2d => transform_2d::<P, M>(out, a, b, c),
        Rcp => replicated(needed, out, |l| P::last(approx::reciprocal(a[0].at(l)))),
        Rsq => replicated(needed, out, |l| {
            P::last(approx::reciprocal_sqrt(a[0].at(l)))
        }),
        Ex2 => replicated(needed, out, |l| P::last(approx::exp2(a[0].at(l)))),
        Lg2 => replicated(needed, out, |l| P::last(approx::log2(a[0].at(l)))),
        Sin => replicated(needed, out, |l| P::last(approx::sine(a[0].at(l)))),
        Cos => replicated(needed, out, |l| P::last(approx::cosine(a[0].at(l)))),
        Pow => replicated(needed, out, |l| {
            P::last(approx::power(a[0].at(l), b[0].at(l)))
        }),
        Pk2h => packed(needed, out, a, |v| pack::pack_2half([v[0], v[1]])),
        Pk2us => packed(needed, out, a, |v| pack::pack_2ushort([v[0], v[1]])),
        Pk4b => packed(needed, out, a, pack::pack_4byte),
        Pk4ub => packed(needed, out, a, pack::pack_4ubyte),
        // UP2H and UP2US write (x, y) again into (z, w).
        Up2h => unpack::<P, M>(out, a, |w| twice(pack::unpack_2half(w))),
        Up2us => unpack::<P, M>(out, a, |w| twice(pack::unpack_2ushort(w))),
        Up4b => unpack::<P, M>(out, a, pack::unpack_4byte),
        Up4ub => unpack::<P, M>(out, a, pack::unpack_4ubyte),
        // Handled by the interpreter; listed so that a new opcode is a compile error here.
        Kil | Tex | Txp | Txd => {}
    }
}

/// For each needed component `k`, lane by lane: `out[k] = f(a[k])`.
#[inline(always)]
fn each1<const M: bool>(
    needed: [bool; 4],
    out: &mut Register,
    a: &SrcVector<M>,
    f: impl Fn(f32) -> f32,
) {
    for k in (0..4).filter(|&k| needed[k]) {
        let a = a[k];
        fill(&mut out[k], |l| f(a.at(l)));
    }
}

/// For each needed component `k`, lane by lane: `out[k] = f(a[k], b[k])`.
#[inline(always)]
fn each2<const M: bool>(
    needed: [bool; 4],
    out: &mut Register,
    a: &SrcVector<M>,
    b: &SrcVector<M>,
    f: impl Fn(f32, f32) -> f32,
) {
    for k in (0..4).filter(|&k| needed[k]) {
        let (a, b) = (a[k], b[k]);
        fill(&mut out[k], |l| f(a.at(l), b.at(l)));
    }
}

/// For each needed component `k`, lane by lane: `out[k] = f(a[k], b[k], c[k])`.
#[inline(always)]
fn each3<const M: bool>(
    needed: [bool; 4],
    out: &mut Register,
    [a, b, c]: [&SrcVector<M>; 3],
    f: impl Fn(f32, f32, f32) -> f32,
) {
    for k in (0..4).filter(|&k| needed[k]) {
        let (a, b, c) = (a[k], b[k], c[k]);
        fill(&mut out[k], |l| f(a.at(l), b.at(l), c.at(l)));
    }
}

#[inline(always)]
fn fill(r: &mut Lanes, lane: impl Fn(usize) -> f32) {
    for (l, v) in r.iter_mut().enumerate() {
        *v = lane(l);
    }
}

/// A scalar result, computed once into the first needed component and copied to the other needed ones.
#[inline(always)]
fn replicated(needed: [bool; 4], out: &mut Register, lane: impl Fn(usize) -> f32) {
    let Some(first) = needed.iter().position(|&n| n) else {
        return;
    };
    fill(&mut out[first], lane);
    let value = *out[first];
    for k in first + 1..4 {
        if needed[k] {
            *out[k] = value;
        }
    }
}

/// DDX / DDY (notes item 7): `plus[i] - minus[i]` within each quad, where fragment i of a quad sits at
/// (x0 + (i & 1), y0 + (i >> 1)), y up. DDX: right minus left of the same row; DDY: top minus bottom
/// of the same column. Every fragment of a row (column) gets the same value.
fn derivative<P: Rounding, const M: bool>(
    needed: [bool; 4],
    out: &mut Register,
    a: &SrcVector<M>,
    plus: [usize; 4],
    minus: [usize; 4],
) {
    for k in (0..4).filter(|&k| needed[k]) {
        for (r, v) in out[k].chunks_exact_mut(4).zip(a[k].quads()) {
            for i in 0..4 {
                r[i] = P::last(v[plus[i]] - v[minus[i]]);
            }
        }
    }
}

/// DP3 / DP4 of lane `l`: ((x*x' + y*y') + z*z') + w*w' ([`steps::dot`]).
#[inline(always)]
fn dot<P: Rounding, const N: usize, const M: bool>(
    a: &SrcVector<M>,
    b: &SrcVector<M>,
    l: usize,
) -> f32 {
    let x: [f32; N] = std::array::from_fn(|k| a[k].at(l));
    let y: [f32; N] = std::array::from_fn(|k| b[k].at(l));
    steps::dot::<P>(&x, &y)
}

/// DST (3.11.5.7): (1, a.y*b.y, a.z, b.w).
fn distance<P: Rounding, const M: bool>(out: &mut Register, a: &SrcVector<M>, b: &SrcVector<M>) {
    *out[0] = [1.0; LANES];
    fill(&mut out[1], |l| P::last(a[1].at(l) * b[1].at(l)));
    fill(&mut out[2], |l| a[2].at(l));
    fill(&mut out[3], |l| b[3].at(l));
}

/// LIT (3.11.5.13): x and y clamped below at 0 (NaN stays), z = POW(y, w) when x > 0 else 0, with
/// every special case of POW (so y = w = 0 gives NaN).
fn lit<P: Rounding, const M: bool>(out: &mut Register, a: &SrcVector<M>) {
    let clamp = |v: f32| if v < 0.0 { 0.0 } else { v };
    *out[0] = [1.0; LANES];
    *out[3] = [1.0; LANES];
    fill(&mut out[1], |l| clamp(a[0].at(l)));
    fill(&mut out[2], |l| {
        let (x, y, w) = (clamp(a[0].at(l)), clamp(a[1].at(l)), a[3].at(l));
        if x > 0.0 {
            P::last(approx::power(y, w))
        } else {
            0.0
        }
    });
}

/// RFL (3.11.5.26), following the pseudo-code step by step; w is not computed (it may not be written).
fn reflect<P: Rounding, const M: bool>(
    out: &mut Register,
    axis: &SrcVector<M>,
    dir: &SrcVector<M>,
) {
    let mut scale = [0.0; LANES];
    fill(&mut scale, |l| {
        let length2 = dot3::<P, M>(axis, axis, l);
        let twice = P::inner(2.0 * dot3::<P, M>(axis, dir, l));
        P::inner(twice / length2)
    });
    for k in 0..3 {
        fill(&mut out[k], |l| {
            P::last(P::inner(scale[l] * axis[k].at(l)) - dir[k].at(l))
        });
    }
    *out[3] = [0.0; LANES];
}

/// A three-component dot product inside RFL (every step an inner one).
#[inline(always)]
fn dot3<P: Rounding, const M: bool>(a: &SrcVector<M>, b: &SrcVector<M>, l: usize) -> f32 {
    let xy = P::inner(P::inner(a[0].at(l) * b[0].at(l)) + P::inner(a[1].at(l) * b[1].at(l)));
    P::inner(xy + P::inner(a[2].at(l) * b[2].at(l)))
}

/// X2D (3.11.5.45): (a.x + b.x*c.x + b.y*c.y, a.y + b.x*c.z + b.y*c.w), each written twice.
fn transform_2d<P: Rounding, const M: bool>(
    out: &mut Register,
    a: &SrcVector<M>,
    b: &SrcVector<M>,
    c: &SrcVector<M>,
) {
    for (row, (m0, m1)) in [(0, 1), (2, 3)].into_iter().enumerate() {
        fill(&mut out[row], |l| {
            let first = P::inner(a[row].at(l) + P::inner(b[0].at(l) * c[m0].at(l)));
            P::last(first + P::inner(b[1].at(l) * c[m1].at(l)))
        });
    }
    *out[2] = *out[0];
    *out[3] = *out[1];
}

/// PK*: a raw 32-bit word per lane, replicated. The word goes into the register as is (notes item 3).
fn packed<const M: bool>(
    needed: [bool; 4],
    out: &mut Register,
    a: &SrcVector<M>,
    pack: impl Fn([f32; 4]) -> u32,
) {
    replicated(needed, out, |l| {
        f32::from_bits(pack([a[0].at(l), a[1].at(l), a[2].at(l), a[3].at(l)]))
    });
}

/// UP*: unpacks the raw bits of the operand's scalar.
fn unpack<P: Rounding, const M: bool>(
    out: &mut Register,
    a: &SrcVector<M>,
    unpack: impl Fn(u32) -> [f32; 4],
) {
    for l in 0..LANES {
        let v = unpack(a[0].at(l).to_bits());
        for (r, v) in out.iter_mut().zip(v) {
            r[l] = P::last(v);
        }
    }
}

/// (x, y, x, y).
fn twice([x, y]: [f32; 2]) -> [f32; 4] {
    [x, y, x, y]
}
