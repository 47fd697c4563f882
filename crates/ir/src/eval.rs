//! The meaning of every pure operation ([`Op`]) on constant operands. The interpreter runs these for each
//! fragment and constant folding calls them, so the two can never disagree.
//!
//! Real kinds (float, half, fixed): an operation reads its operands' values (float denormals as zero),
//! computes the fp32 result of its formula with every step's denormals flushed, and converts that result
//! to the result's kind ([`numeric::to_kind`](crate::numeric::to_kind)); `mad`, `dot` and `lerp` instead round every step to the
//! result's kind ([`numeric::mad`](crate::numeric::mad), [`numeric::dot`](crate::numeric::dot), [`numeric::lerp`](crate::numeric::lerp)). The scalar rules are `pigment_numeric`'s, the ones the
//! NV_fragment_program machine computes with; [`numeric`](crate::numeric) adds the few the IR defines on its own. Int: 32-bit wrapping arithmetic,
//! division truncates toward zero and x / 0 = 0, bit operations are two's complement's
//! and shifts take their count's low 5 bits. Bool: logic. Data movement (swizzle, construct,
//! select, pack results, unpack operands) copies bit patterns untouched.

use crate::numeric as n;
use crate::op::{Op, PackFormat};
use crate::types::{ScalarKind, Type};
use crate::vector::Vector;
use pigment_numeric::{approx, floor, fract, max, min, pack, saturate, Comparison};

/// The result of `op` on `args`, or `None` when the operand types do not fit the operation (see
/// [`Op::result_type`]) or the operation is a derivative (which needs the whole quad).
pub fn eval(op: Op, args: &[Vector]) -> Option<Vector> {
    // No operation takes more than four operands; constant folding calls this for every
    // instruction on constants (hundreds of thousands in unrolled loops), so no allocation.
    let mut types = [args.first()?.ty; 4];
    let heap: Vec<Type>;
    let types = match types.get_mut(..args.len()) {
        Some(types) => {
            for (t, a) in types.iter_mut().zip(args) {
                *t = a.ty;
            }
            &*types
        }
        None => {
            heap = args.iter().map(|a| a.ty).collect();
            &heap
        }
    };
    let ty = op.result_type(types).ok()?;
    eval_typed(op, ty, args)
}

/// [`eval`] of operands already known to fit `op` with the result type `ty` (what
/// [`Op::result_type`] gave for their types): the interpreter checks an instruction's types once
/// and evaluates it for four fragments.
pub(crate) fn eval_typed(op: Op, ty: Type, args: &[Vector]) -> Option<Vector> {
    let w = ty.width as usize;
    let kind = args[0].ty.kind;
    let mut out = [0u32; 4];
    match op {
        Op::Ddx | Op::Ddy => return None,
        Op::Swizzle(s) => {
            for (i, &c) in s.components().iter().enumerate() {
                out[i] = args[0].bits[c as usize];
            }
        }
        Op::Construct => {
            let all = args
                .iter()
                .flat_map(|a| a.bits[..a.width()].iter().copied());
            for (i, b) in all.enumerate() {
                out[i] = b;
            }
        }
        Op::Select => {
            for (i, o) in out.iter_mut().enumerate().take(w) {
                *o = if args[0].bool(i) {
                    args[1].bits[i]
                } else {
                    args[2].bits[i]
                };
            }
        }
        Op::Cvt(to) => {
            for (i, o) in out.iter_mut().enumerate().take(w) {
                *o = convert(kind, to, args[0].bits[i]);
            }
        }
        Op::Dot => {
            let (a, b) = (reals(&args[0]), reals(&args[1]));
            let w = args[0].width();
            out[0] = n::to_kind(kind, n::dot(kind, &a[..w], &b[..w])).to_bits();
        }
        Op::All | Op::Any => {
            let mut comps = (0..args[0].width()).map(|i| args[0].bool(i));
            let r = if op == Op::All {
                comps.all(|b| b)
            } else {
                comps.any(|b| b)
            };
            out[0] = r as u32;
        }
        Op::Lit => out = lit(kind, reals(&args[0])),
        Op::Dst => {
            let (a, b) = (reals(&args[0]), reals(&args[1]));
            let r = [1.0, n::mul(a[1], b[1]), a[2], b[3]];
            out = r.map(|x| n::to_kind(kind, x).to_bits());
        }
        Op::Pack(f) => out[0] = pack(f, reals(&args[0])),
        Op::Unpack(f) => {
            let r = unpack(f, args[0].bits[0]);
            for (o, x) in out.iter_mut().zip(r) {
                *o = x.to_bits();
            }
        }
        Op::Eq | Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge => {
            for (i, o) in out.iter_mut().enumerate().take(w) {
                *o = compare(op, kind, args[0].bits[i], args[1].bits[i]) as u32;
            }
        }
        _ => {
            // Componentwise operations take at most three operands (mad, clamp, lerp); the
            // interpreter runs this for every operation of every fragment, so no allocation.
            for (i, o) in out.iter_mut().enumerate().take(w) {
                let mut comps = [0u32; 4];
                for (c, a) in comps.iter_mut().zip(args) {
                    *c = a.bits[i];
                }
                *o = componentwise(op, kind, comps);
            }
        }
    }
    Some(Vector { ty, bits: out })
}

/// The operand values of a real vector, denormals read as zero.
fn reals(v: &Vector) -> [f32; 4] {
    [0, 1, 2, 3].map(|i| n::operand(v.f32(i)))
}

/// One component of a componentwise operation whose result has the operands' kind (`c`: the
/// operands' components, zeros past the last operand, which no operation reads).
fn componentwise(op: Op, kind: ScalarKind, c: [u32; 4]) -> u32 {
    match kind {
        ScalarKind::Int => int_op(op, &c.map(|b| b as i32)) as u32,
        ScalarKind::Bool => bool_op(op, &c.map(|b| b != 0)) as u32,
        _ => {
            let x = c.map(|b| n::operand(f32::from_bits(b)));
            n::to_kind(kind, real_op(op, kind, &x)).to_bits()
        }
    }
}

/// The fp32 result of a componentwise real operation whose result has `kind` (which only the
/// multi-step `mad` and `lerp` round to at every step).
fn real_op(op: Op, kind: ScalarKind, x: &[f32]) -> f32 {
    match op {
        Op::Neg => -x[0],
        Op::Abs => x[0].abs(),
        Op::Sat => saturate(x[0]),
        Op::Floor => floor(x[0]),
        Op::Ceil => n::ceil(x[0]),
        Op::Trunc => n::trunc(x[0]),
        Op::Round => n::round_half_up(x[0]),
        Op::Fract => fract(x[0]),
        Op::Rcp => approx::reciprocal(x[0]),
        Op::Rsqrt => approx::reciprocal_sqrt(x[0]),
        Op::Sqrt => n::sqrt(x[0]),
        Op::Exp2 => approx::exp2(x[0]),
        Op::Log2 => approx::log2(x[0]),
        Op::Sin => approx::sine(x[0]),
        Op::Cos => approx::cosine(x[0]),
        Op::Add => n::add(x[0], x[1]),
        Op::Sub => n::sub(x[0], x[1]),
        Op::Mul => n::mul(x[0], x[1]),
        Op::Div => n::div(x[0], x[1]),
        Op::Min => min(x[0], x[1]),
        Op::Max => max(x[0], x[1]),
        Op::Pow => n::pow(x[0], x[1]),
        Op::Mad => n::mad(kind, x[0], x[1], x[2]),
        Op::Clamp => min(max(x[0], x[1]), x[2]),
        Op::Lerp => n::lerp(kind, x[0], x[1], x[2]),
        Op::RoundHalf => n::to_kind(ScalarKind::Half, x[0]),
        Op::RoundFixed => n::to_kind(ScalarKind::Fixed, x[0]),
        Op::Nv(rule) => real_op(Op::plain(rule), kind, x),
        // Every other operation is handled before dispatching here (the signature check guarantees it).
        _ => f32::NAN,
    }
}

fn int_op(op: Op, x: &[i32]) -> i32 {
    match op {
        Op::Neg => x[0].wrapping_neg(),
        Op::Abs => x[0].wrapping_abs(),
        Op::Add => x[0].wrapping_add(x[1]),
        Op::Sub => x[0].wrapping_sub(x[1]),
        Op::Mul => x[0].wrapping_mul(x[1]),
        // C's truncating division; x / 0 = 0, and i32::MIN / -1 wraps to i32::MIN.
        Op::Div if x[1] == 0 => 0,
        Op::Div => x[0].wrapping_div(x[1]),
        Op::Min => x[0].min(x[1]),
        Op::Max => x[0].max(x[1]),
        Op::Mad => x[0].wrapping_mul(x[1]).wrapping_add(x[2]),
        Op::Clamp => x[0].max(x[1]).min(x[2]),
        Op::BitNot => !x[0],
        Op::BitAnd => x[0] & x[1],
        Op::BitOr => x[0] | x[1],
        Op::BitXor => x[0] ^ x[1],
        // The count's low 5 bits (see `Op::Shl`); `>>` on i32 is arithmetic.
        Op::Shl => x[0].wrapping_shl(x[1] as u32),
        Op::Shr => x[0].wrapping_shr(x[1] as u32),
        _ => 0,
    }
}

fn bool_op(op: Op, x: &[bool]) -> bool {
    match op {
        Op::Not => !x[0],
        Op::And => x[0] && x[1],
        Op::Or => x[0] || x[1],
        Op::Xor => x[0] != x[1],
        _ => false,
    }
}

/// The shared comparison rules (IEEE for reals: -0 equals +0; NaN compares unequal to everything, so
/// only `ne` is true), integer comparisons for int, and equality for bool.
fn compare(op: Op, kind: ScalarKind, a: u32, b: u32) -> bool {
    let comparison = match op {
        Op::Eq => Comparison::Eq,
        Op::Ne => Comparison::Ne,
        Op::Lt => Comparison::Lt,
        Op::Le => Comparison::Le,
        Op::Gt => Comparison::Gt,
        _ => Comparison::Ge,
    };
    match kind {
        ScalarKind::Int => ordered(comparison, (a as i32).cmp(&(b as i32))),
        ScalarKind::Bool => ordered(comparison, a.cmp(&b)),
        _ => comparison.holds(n::operand(f32::from_bits(a)), n::operand(f32::from_bits(b))),
    }
}

/// A comparison of totally ordered values.
fn ordered(comparison: Comparison, order: std::cmp::Ordering) -> bool {
    use std::cmp::Ordering::*;
    match comparison {
        Comparison::Eq => order == Equal,
        Comparison::Ne => order != Equal,
        Comparison::Lt => order == Less,
        Comparison::Le => order != Greater,
        Comparison::Gt => order == Greater,
        Comparison::Ge => order != Less,
    }
}

/// One component converted between kinds: reals round to the target kind (float → float keeps the
/// bit pattern); reals truncate toward zero to int (saturating, NaN → 0); anything → bool is "≠ 0"
/// (NaN → true); bool → numeric is 1 or 0.
pub fn convert(from: ScalarKind, to: ScalarKind, bits: u32) -> u32 {
    use ScalarKind::*;
    if from == to {
        return bits;
    }
    match (from, to) {
        (Bool, Int) => bits,
        (Bool, _) => n::to_kind(to, bits as f32).to_bits(),
        (Int, Bool) => (bits != 0) as u32,
        (Int, _) => n::int_to_real(to, bits as i32).to_bits(),
        (_, Bool) => (n::operand(f32::from_bits(bits)) != 0.0) as u32,
        (_, Int) => n::real_to_int(n::operand(f32::from_bits(bits))) as u32,
        (_, _) => n::to_kind(to, n::operand(f32::from_bits(bits))).to_bits(),
    }
}

/// NV LIT (section 3.11.5.13), bit for bit: negative dot products clamp to 0 (NaN stays); the power is
/// NV's ApproxPower, as LIT computes it (not the IR's `pow`).
fn lit(kind: ScalarKind, t: [f32; 4]) -> [u32; 4] {
    let x = if t[0] < 0.0 { 0.0 } else { t[0] };
    let y = if t[1] < 0.0 { 0.0 } else { t[1] };
    let z = if x > 0.0 { approx::power(y, t[3]) } else { 0.0 };
    [1.0, x, z, 1.0].map(|v| n::to_kind(kind, v).to_bits())
}

/// NV PK2H / PK2US / PK4B / PK4UB, bit for bit.
fn pack(f: PackFormat, v: [f32; 4]) -> u32 {
    match f {
        PackFormat::TwoHalf => pack::pack_2half([v[0], v[1]]),
        PackFormat::TwoUshort => pack::pack_2ushort([v[0], v[1]]),
        PackFormat::FourByte => pack::pack_4byte(v),
        PackFormat::FourUbyte => pack::pack_4ubyte(v),
    }
}

/// NV UP2H / UP2US / UP4B / UP4UB, bit for bit (x and y only of the two-component ones).
fn unpack(f: PackFormat, word: u32) -> Vec<f32> {
    match f {
        PackFormat::TwoHalf => pack::unpack_2half(word).to_vec(),
        PackFormat::TwoUshort => pack::unpack_2ushort(word).to_vec(),
        PackFormat::FourByte => pack::unpack_4byte(word).to_vec(),
        PackFormat::FourUbyte => pack::unpack_4ubyte(word).to_vec(),
    }
}
