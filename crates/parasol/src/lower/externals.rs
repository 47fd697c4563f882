//! The standard library's externals as IR operations, by external name
//! (`com_io7m_parasol_<module>_<function>`). An external with no entry here is reported by the
//! lowering as unsupported.

use super::{data, sample, Arg, LoweredVal};
use crate::check::types::Ty;
use pigment_ir::{FunctionBuilder, Op, SampleForm, Value};

/// Lowers one call; `None` when the external has no lowering yet.
pub(crate) fn external(
    b: &mut FunctionBuilder,
    name: &str,
    args: Vec<LoweredVal>,
    ret: Ty,
) -> Option<LoweredVal> {
    let rest = name.strip_prefix("com_io7m_parasol_")?;
    let (module, function) = rest.split_once('_')?;
    let args: Vec<Arg> = args.into_iter().map(Arg::from).collect();
    match (module, args.as_slice()) {
        ("sampler2d", [Arg::Sampler(s), Arg::Data(c, _), Arg::Data(lod, _)])
            if function == "texture_with_lod" =>
        {
            sample(b, *s, SampleForm::Lod { lod: *lod }, *c)
        }
        ("sampler2d", [Arg::Sampler(s), Arg::Data(c, _)]) => match function {
            "texture" => sample(b, *s, SampleForm::Plain, *c),
            "texture_projective_3f" | "texture_projective_4f" => {
                sample(b, *s, SampleForm::Proj, *c)
            }
            _ => None,
        },
        ("samplercube", [Arg::Sampler(s), Arg::Data(c, _)]) if function == "texture" => {
            sample(b, *s, SampleForm::Plain, *c)
        }
        ("matrix3x3f" | "matrix4x4f", [Arg::Matrix(m), Arg::Data(v, t)])
            if function == "multiply_vector" =>
        {
            data(times_vector(b, m, *v), t.clone())
        }
        ("matrix3x3f" | "matrix4x4f", [Arg::Matrix(m0), Arg::Matrix(m1)])
            if function == "multiply" =>
        {
            Some(LoweredVal::Matrix(
                m1.iter().map(|c| times_vector(b, m0, *c)).collect(),
            ))
        }
        _ => {
            let values: Option<Vec<(Value, Ty)>> = args
                .iter()
                .map(|a| match *a {
                    Arg::Data(v, ref t) => Some((v, t.clone())),
                    _ => None,
                })
                .collect();
            let v = arithmetic(b, function, &values?)?;
            data(v, ret)
        }
    }
}

/// `m * v` for a matrix given by its columns: the columns weighted by v's components, summed.
fn times_vector(b: &mut FunctionBuilder, m: &[Value], v: Value) -> Value {
    let n = m.len() as u8;
    let mut sum = None;
    for (i, col) in m.iter().enumerate() {
        let k = b.swizzle(v, &[i as u8; 4][..n as usize]);
        sum = Some(match sum {
            None => b.mul(*col, k),
            Some(s) => b.mad(*col, k, s),
        });
    }
    sum.unwrap_or(v)
}

/// The width of a value's type (scalars 1).
fn width(t: &Ty) -> u8 {
    match t {
        Ty::Vector(n, _) => *n,
        _ => 1,
    }
}

/// Scalar, vector, integer and boolean functions (the same names in every such module).
fn arithmetic(b: &mut FunctionBuilder, f: &str, a: &[(Value, Ty)]) -> Option<Value> {
    let simple = |f: &str| -> Option<Op> {
        Some(match f {
            "absolute" => Op::Abs,
            "ceiling" => Op::Ceil,
            "cosine" => Op::Cos,
            "floor" => Op::Floor,
            "log2" => Op::Log2,
            "negate" => Op::Neg,
            "round" => Op::Round,
            "sine" => Op::Sin,
            "square_root" => Op::Sqrt,
            "truncate" => Op::Trunc,
            "add" => Op::Add,
            "subtract" => Op::Sub,
            "multiply" => Op::Mul,
            "divide" => Op::Div,
            "maximum" => Op::Max,
            "minimum" => Op::Min,
            "power" => Op::Pow,
            "or" => Op::Or,
            "equals" => Op::Eq,
            "greater" => Op::Gt,
            "greater_or_equal" => Op::Ge,
            "lesser" => Op::Lt,
            "lesser_or_equal" => Op::Le,
            "clamp" => Op::Clamp,
            _ => return None,
        })
    };
    // The float-only functions on integer vectors (the reference emits them on `ivec`, a bug the
    // notes list) have no lowering.
    let float_only = [
        "dot",
        "magnitude",
        "normalize",
        "reflect",
        "refract",
        "interpolate",
    ];
    if matches!(a.first(), Some((_, Ty::Vector(_, false)))) && float_only.contains(&f) {
        return None;
    }
    if let Some(op) = simple(f) {
        let vals: Vec<Value> = a.iter().map(|(v, _)| *v).collect();
        return Some(b.op(op, &vals));
    }
    match (f, a) {
        (
            "add_scalar" | "subtract_scalar" | "multiply_scalar" | "divide_scalar",
            [(v, t), (s, _)],
        ) => {
            let op = simple(f.trim_end_matches("_scalar"))?;
            let s = b.splat(*s, width(t));
            Some(b.binary(op, *v, s))
        }
        ("interpolate", [(x, t), (y, _), (k, _)]) => {
            let k = if width(t) > 1 {
                b.splat(*k, width(t))
            } else {
                *k
            };
            Some(b.op(Op::Lerp, &[*x, *y, k]))
        }
        ("dot", [(x, _), (y, _)]) => Some(b.dot(*x, *y)),
        ("magnitude", [(x, _)]) => {
            let d = b.dot(*x, *x);
            Some(b.unary(Op::Sqrt, d))
        }
        ("normalize", [(x, t)]) => {
            let d = b.dot(*x, *x);
            let r = b.unary(Op::Rsqrt, d);
            let r = b.splat(r, width(t));
            Some(b.mul(*x, r))
        }
        ("cross", [(x, _), (y, _)]) => {
            // x.yzx * y.zxy - x.zxy * y.yzx
            let (x1, y1) = (b.swizzle(*x, &[1, 2, 0]), b.swizzle(*y, &[2, 0, 1]));
            let (x2, y2) = (b.swizzle(*x, &[2, 0, 1]), b.swizzle(*y, &[1, 2, 0]));
            let p = b.mul(x1, y1);
            let q = b.mul(x2, y2);
            Some(b.sub(p, q))
        }
        ("reflect", [(i, t), (n, _)]) => {
            // i - 2 dot(n, i) n
            let d = b.dot(*n, *i);
            let two = b.float(&[2.0]);
            let k = b.mul(d, two);
            let k = b.splat(k, width(t));
            let kn = b.mul(k, *n);
            Some(b.sub(*i, kn))
        }
        ("tangent", [(x, _)]) => {
            let (sin, cos) = (b.unary(Op::Sin, *x), b.unary(Op::Cos, *x));
            Some(b.binary(Op::Div, sin, cos))
        }
        ("modulo", [(x, _), (y, _)]) => {
            // x - y floor(x / y), GLSL's mod.
            let q = b.binary(Op::Div, *x, *y);
            let fl = b.unary(Op::Floor, q);
            let p = b.mul(*y, fl);
            Some(b.sub(*x, p))
        }
        ("sign", [(x, _)]) => {
            let (zero, one, minus) = (b.float(&[0.0]), b.float(&[1.0]), b.float(&[-1.0]));
            let (pos, neg) = (b.binary(Op::Gt, *x, zero), b.binary(Op::Lt, *x, zero));
            let inner = b.select(neg, minus, zero);
            Some(b.select(pos, one, inner))
        }
        ("is_nan", [(x, _)]) => Some(b.binary(Op::Ne, *x, *x)),
        ("is_infinite", [(x, _)]) => {
            let inf = b.float(&[f32::INFINITY]);
            let m = b.unary(Op::Abs, *x);
            Some(b.binary(Op::Eq, m, inf))
        }
        ("refract", [(i, t), (n, _), (e, _)]) => Some(refract(b, *i, *n, *e, width(t))),
        _ => None,
    }
}

/// GLSL's refract: k = 1 - e²(1 - dot(n, i)²); 0 when k < 0, else e i - (e dot(n, i) + √k) n.
fn refract(b: &mut FunctionBuilder, i: Value, n: Value, e: Value, w: u8) -> Value {
    let d = b.dot(n, i);
    let one = b.float(&[1.0]);
    let d2 = b.mul(d, d);
    let s = b.sub(one, d2);
    let e2 = b.mul(e, e);
    let es = b.mul(e2, s);
    let k = b.sub(one, es);
    let root = b.unary(Op::Sqrt, k);
    let ed = b.mul(e, d);
    let f = b.add(ed, root);
    let (fv, ev) = (b.splat(f, w), b.splat(e, w));
    let ei = b.mul(ev, i);
    let fnn = b.mul(fv, n);
    let r = b.sub(ei, fnn);
    let zero = b.float(&[0.0]);
    let neg = b.binary(Op::Lt, k, zero);
    let negv = b.splat(neg, w);
    let zv = b.splat(zero, w);
    b.select(negv, zv, r)
}
