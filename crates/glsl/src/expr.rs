//! GLSL expressions for the IR's operations: [`Expr`] (text with its precedence, so operands are
//! parenthesised only where GLSL needs it), literals of every kind, and [`op`], the expression of
//! each pure operation in a given version.

use crate::version::Version;
use pigment_ir::{Op, PackFormat, ScalarKind, Swizzle, Type, Vector};

/// Binding strengths, tightest first (GLSL 4.60 section 5.1).
pub const PRIMARY: u8 = 0;
pub const UNARY: u8 = 1;
const MULTIPLICATIVE: u8 = 2;
const ADDITIVE: u8 = 3;
const SHIFT: u8 = 4;
const RELATIONAL: u8 = 5;
const EQUALITY: u8 = 6;
const BIT_AND: u8 = 7;
const BIT_XOR: u8 = 8;
const BIT_OR: u8 = 9;
const LOGICAL_AND: u8 = 10;
const LOGICAL_XOR: u8 = 11;
const LOGICAL_OR: u8 = 12;
const CONDITIONAL: u8 = 13;

/// An expression's text and how tightly its outermost operator binds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    pub text: String,
    pub prec: u8,
}

impl Expr {
    pub fn primary(text: impl Into<String>) -> Expr {
        Expr {
            text: text.into(),
            prec: PRIMARY,
        }
    }

    /// The text, parenthesised unless it binds at least as tightly as `prec`.
    pub fn at(&self, prec: u8) -> String {
        if self.prec > prec {
            format!("({})", self.text)
        } else {
            self.text.clone()
        }
    }

    /// The text as a function argument or an initialiser (no parentheses needed).
    pub fn arg(&self) -> &str {
        &self.text
    }
}

/// `name(args, ...)`.
pub fn call(name: &str, args: &[&Expr]) -> Expr {
    let list: Vec<&str> = args.iter().map(|a| a.arg()).collect();
    Expr::primary(format!("{name}({})", list.join(", ")))
}

fn binary(a: &Expr, operator: &str, b: &Expr, prec: u8) -> Expr {
    // Left-associative: the right operand must bind more tightly than the operator.
    Expr {
        text: format!("{} {operator} {}", a.at(prec), b.at(prec - 1)),
        prec,
    }
}

fn negate(a: &Expr) -> Expr {
    // `- -x` must not become the decrement `--x`.
    let inner = if a.text.starts_with('-') {
        format!("({})", a.text)
    } else {
        a.at(UNARY)
    };
    Expr {
        text: format!("-{inner}"),
        prec: UNARY,
    }
}

/// `a.xyz`; a scalar's selection of one component is the scalar, of several a splat.
pub fn swizzle(a: &Expr, from: Type, s: Swizzle) -> Expr {
    if from.width == 1 {
        return if s.len() == 1 {
            a.clone()
        } else {
            call(&type_name(from.with_width(s.len())), &[a])
        };
    }
    let identity = s.len() == from.width
        && s.components()
            .iter()
            .enumerate()
            .all(|(i, &c)| c as usize == i);
    if identity {
        return a.clone();
    }
    // A selection of a selection is one selection: `v.zw` then `.y` is `v.w`.
    if let Some((base, inner)) = selection(a) {
        let letters: String = s
            .components()
            .iter()
            .filter_map(|&c| inner.chars().nth(c as usize))
            .collect();
        if letters.len() == s.len() as usize {
            return Expr::primary(format!("{base}.{letters}"));
        }
    }
    Expr::primary(format!("{}.{}", a.at(PRIMARY), s.letters()))
}

/// `base.xyz` split into its base and its component letters.
fn selection(a: &Expr) -> Option<(&str, &str)> {
    if a.prec != PRIMARY {
        return None;
    }
    let (base, letters) = a.text.rsplit_once('.')?;
    let is_letters =
        !letters.is_empty() && letters.len() <= 4 && letters.chars().all(|c| "xyzw".contains(c));
    (is_letters && !base.is_empty()).then_some((base, letters))
}

/// `float`, `vec3`, `ivec2`, `bvec4`: half and fixed are floats (their precision is a qualifier).
pub fn type_name(ty: Type) -> String {
    let (scalar, prefix) = match ty.kind {
        ScalarKind::Float | ScalarKind::Half | ScalarKind::Fixed => ("float", ""),
        ScalarKind::Int => ("int", "i"),
        ScalarKind::Bool => ("bool", "b"),
    };
    match ty.width {
        1 => scalar.into(),
        n => format!("{prefix}vec{n}"),
    }
}

/// The precision qualifier a value of `kind` is declared with in ES (`half` mediump, `fixed`
/// lowp), or `None` for the default (highp).
pub fn precision(kind: ScalarKind) -> Option<&'static str> {
    match kind {
        ScalarKind::Half => Some("mediump"),
        ScalarKind::Fixed => Some("lowp"),
        _ => None,
    }
}

/// A float literal: the shortest decimal that reads back to the same f32. NaN and infinities have
/// no literal: bit casts where the version has them, else divisions GLSL folds.
pub fn float_literal(bits: u32, version: Version) -> Expr {
    let x = f32::from_bits(bits);
    if x.is_finite() {
        let text = format!("{x:?}");
        let prec = if text.starts_with('-') {
            UNARY
        } else {
            PRIMARY
        };
        return Expr { text, prec };
    }
    if version.has_bit_casts() {
        return Expr::primary(format!("uintBitsToFloat({bits:#010x}u)"));
    }
    let text = match (x.is_nan(), x.is_sign_negative()) {
        (true, _) => "0.0 / 0.0",
        (false, false) => "1.0 / 0.0",
        (false, true) => "-1.0 / 0.0",
    };
    Expr {
        text: text.into(),
        prec: MULTIPLICATIVE,
    }
}

fn scalar_literal(kind: ScalarKind, bits: u32, version: Version) -> Expr {
    match kind {
        ScalarKind::Bool => Expr::primary(if bits != 0 { "true" } else { "false" }),
        ScalarKind::Int => match bits as i32 {
            i32::MIN => Expr {
                text: "-2147483647 - 1".into(),
                prec: ADDITIVE,
            },
            n if n < 0 => Expr {
                text: n.to_string(),
                prec: UNARY,
            },
            n => Expr::primary(n.to_string()),
        },
        _ => float_literal(bits, version),
    }
}

/// A constant of `ty`: a literal, or a constructor (`vec3(0.5)` when every component is equal).
pub fn constant(v: &Vector, ty: Type, version: Version) -> Expr {
    let parts: Vec<Expr> = (0..ty.width as usize)
        .map(|c| scalar_literal(ty.kind, v.bits[c], version))
        .collect();
    if ty.width == 1 {
        return parts[0].clone();
    }
    let all_equal = v.bits[..ty.width as usize].iter().all(|&b| b == v.bits[0]);
    let args: Vec<&Expr> = if all_equal {
        vec![&parts[0]]
    } else {
        parts.iter().collect()
    };
    call(&type_name(ty), &args)
}

/// Whether [`op`] writes an operand more than once, so that the operand must be a name (never an
/// inlined expression, which would be computed twice).
pub fn repeats_operands(op: Op, args: &[Type], version: Version) -> bool {
    let width = args.first().map_or(1, |t| t.width);
    match op {
        Op::Lit | Op::Dst => true,
        Op::Trunc => !version.has_glsl130_builtins(),
        Op::Select => width > 1 && !(version.has_glsl130_builtins() && args[1].kind.is_real()),
        _ => false,
    }
}

/// The expression of `op` on `args` (of types `types`), giving `result`, in `version`; an error
/// says what the version lacks.
pub fn op(
    op: Op,
    args: &[Expr],
    types: &[Type],
    result: Type,
    version: Version,
) -> Result<Expr, String> {
    let a = || &args[0];
    let b = || &args[1];
    let t = types.first().copied().unwrap_or(result);
    let legacy_int = t.kind == ScalarKind::Int && !version.has_glsl130_builtins();
    Ok(match op {
        Op::Neg => negate(a()),
        Op::Abs | Op::Min | Op::Max | Op::Clamp if legacy_int => through_float(op, args, t)?,
        Op::Abs => call("abs", &[a()]),
        Op::Sat => {
            let zero = constant(&Vector::zero(Type::FLOAT), Type::FLOAT, version);
            let one = float_literal(1f32.to_bits(), version);
            call("clamp", &[a(), &zero, &one])
        }
        Op::Floor => call("floor", &[a()]),
        Op::Ceil => call("ceil", &[a()]),
        Op::Trunc if version.has_glsl130_builtins() => call("trunc", &[a()]),
        Op::Trunc => binary(
            &call("sign", &[a()]),
            "*",
            &call("floor", &[&call("abs", &[a()])]),
            MULTIPLICATIVE,
        ),
        // Halves toward +INF, as Cg's round: floor(x + 0.5).
        Op::Round => call(
            "floor",
            &[&binary(a(), "+", &Expr::primary("0.5"), ADDITIVE)],
        ),
        Op::Fract => call("fract", &[a()]),
        Op::Rcp => binary(&Expr::primary("1.0"), "/", a(), MULTIPLICATIVE),
        Op::Rsqrt => call("inversesqrt", &[a()]),
        Op::Sqrt => call("sqrt", &[a()]),
        Op::Exp2 => call("exp2", &[a()]),
        Op::Log2 => call("log2", &[a()]),
        Op::Sin => call("sin", &[a()]),
        Op::Cos => call("cos", &[a()]),
        Op::Ddx => call("dFdx", &[a()]),
        Op::Ddy => call("dFdy", &[a()]),
        Op::Not if t.width == 1 => Expr {
            text: format!("!{}", a().at(UNARY)),
            prec: UNARY,
        },
        Op::Not => call("not", &[a()]),
        Op::Cvt(kind) => {
            if type_name(t) == type_name(result) {
                a().clone()
            } else {
                let _ = kind;
                call(&type_name(result), &[a()])
            }
        }
        Op::Add => binary(a(), "+", b(), ADDITIVE),
        Op::Sub => binary(a(), "-", b(), ADDITIVE),
        Op::Mul => binary(a(), "*", b(), MULTIPLICATIVE),
        Op::Div => binary(a(), "/", b(), MULTIPLICATIVE),
        Op::Min => call("min", &[a(), b()]),
        Op::Max => call("max", &[a(), b()]),
        // The IR's (NV's) definition, exp2(b·log2(a)): GLSL leaves `pow` undefined for a < 0 and
        // for a = 0, b ≤ 0, where the IR gives NaN (log2 of a negative, 0·−INF) or 0.
        Op::Pow => call("pow", &[a(), b()]),
        Op::And | Op::Or if t.width == 1 => {
            let (o, p) = if op == Op::And {
                ("&&", LOGICAL_AND)
            } else {
                ("||", LOGICAL_OR)
            };
            binary(a(), o, b(), p)
        }
        Op::Xor if t.width == 1 => binary(a(), "^^", b(), LOGICAL_XOR),
        // Component-wise logic through floats: true is 1.0, and a nonzero float converts to true.
        Op::And | Op::Or => {
            let float = type_name(t.with_kind(ScalarKind::Float));
            let (fa, fb) = (call(&float, &[a()]), call(&float, &[b()]));
            let combined = if op == Op::And {
                binary(&fa, "*", &fb, MULTIPLICATIVE)
            } else {
                binary(&fa, "+", &fb, ADDITIVE)
            };
            call(&type_name(result), &[&combined])
        }
        Op::Xor => call("notEqual", &[a(), b()]),
        Op::BitNot | Op::BitAnd | Op::BitOr | Op::BitXor | Op::Shl | Op::Shr => {
            bit_operation(op, args, version)?
        }
        Op::Eq | Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge => compare(op, a(), b(), t),
        Op::Mad => binary(
            &binary(a(), "*", b(), MULTIPLICATIVE),
            "+",
            &args[2],
            ADDITIVE,
        ),
        Op::Clamp => call("clamp", &[a(), b(), &args[2]]),
        Op::Lerp => call("mix", &[a(), b(), &args[2]]),
        Op::Select => select(args, types, version),
        Op::Dot => call("dot", &[a(), b()]),
        Op::All | Op::Any if t.width == 1 => a().clone(),
        Op::All => call("all", &[a()]),
        Op::Any => call("any", &[a()]),
        Op::Swizzle(s) => swizzle(a(), t, s),
        Op::Construct if args.len() == 1 && t.width == result.width => a().clone(),
        Op::Construct => {
            let refs: Vec<&Expr> = args.iter().collect();
            call(&type_name(result), &refs)
        }
        Op::Lit => {
            let v = a().at(PRIMARY);
            Expr::primary(format!(
                "vec4(1.0, max({v}.x, 0.0), {v}.x > 0.0 ? pow(max({v}.y, 0.0), {v}.w) : 0.0, 1.0)"
            ))
        }
        Op::Dst => {
            let (x, y) = (a().at(PRIMARY), b().at(PRIMARY));
            Expr::primary(format!("vec4(1.0, {x}.y * {y}.y, {x}.z, {y}.w)"))
        }
        Op::Pack(f) => pack(f, a(), version)?,
        Op::Unpack(f) => unpack(f, a(), version)?,
        // NV's rule where the precision helpers have no form of their own (`nv_rsqrt`): the
        // target's builtin.
        Op::Nv(rule) => return self::op(Op::plain(rule), args, types, result, version),
        Op::RoundHalf | Op::RoundFixed => {
            return Err(format!(
                "internal: `{}` is written by the precision helpers",
                op.mnemonic()
            ))
        }
    })
}

/// `~a`, `a & b`, `a | b`, `a ^ b`, `a << b`, `a >> b` on ints (componentwise on vectors, as the
/// IR's), which GLSL has from 1.30 and ES 3.00 on; GLSL's `>>` on a signed int copies the sign bit,
/// as the IR's `shr`.
fn bit_operation(op: Op, args: &[Expr], version: Version) -> Result<Expr, String> {
    let operator = op.bit_operator().unwrap_or("~");
    let prec = match op {
        Op::BitAnd => BIT_AND,
        Op::BitOr => BIT_OR,
        Op::BitXor => BIT_XOR,
        Op::Shl | Op::Shr => SHIFT,
        _ => UNARY,
    };
    if !version.has_integer_bit_operations() {
        return Err(format!(
            "integer bit operation `{operator}` needs GLSL 1.30 or ES 3.00 ({} has no integer bit operations)",
            version.directive()
        ));
    }
    Ok(match op {
        Op::BitNot => Expr {
            text: format!("~{}", args[0].at(UNARY)),
            prec: UNARY,
        },
        // The count's low 5 bits, as the IR defines a shift (GLSL leaves 32 and more undefined).
        Op::Shl | Op::Shr => {
            let count = binary(&args[1], "&", &Expr::primary("31"), BIT_AND);
            binary(&args[0], operator, &count, prec)
        }
        _ => binary(&args[0], operator, &args[1], prec),
    })
}

/// int `abs`/`min`/`max`/`clamp` before GLSL 1.30, which has them for floats only: computed on
/// floats (exact for |x| < 2^24) and converted back.
fn through_float(op: Op, args: &[Expr], t: Type) -> Result<Expr, String> {
    let float = type_name(t.with_kind(ScalarKind::Float));
    let converted: Vec<Expr> = args.iter().map(|a| call(&float, &[a])).collect();
    let refs: Vec<&Expr> = converted.iter().collect();
    let name = match op {
        Op::Abs => "abs",
        Op::Min => "min",
        Op::Max => "max",
        _ => "clamp",
    };
    Ok(call(&type_name(t), &[&call(name, &refs)]))
}

fn compare(op: Op, a: &Expr, b: &Expr, t: Type) -> Expr {
    let (infix, function, prec) = match op {
        Op::Eq => ("==", "equal", EQUALITY),
        Op::Ne => ("!=", "notEqual", EQUALITY),
        Op::Lt => ("<", "lessThan", RELATIONAL),
        Op::Le => ("<=", "lessThanEqual", RELATIONAL),
        Op::Gt => (">", "greaterThan", RELATIONAL),
        _ => (">=", "greaterThanEqual", RELATIONAL),
    };
    if t.width == 1 {
        binary(a, infix, b, prec)
    } else {
        call(function, &[a, b])
    }
}

/// `select c, a, b`: `c ? a : b` for a scalar; `mix(b, a, c)` for float vectors where `mix`
/// takes a bool vector (exact: it picks, it does not blend); else one conditional per component.
fn select(args: &[Expr], types: &[Type], version: Version) -> Expr {
    let (c, a, b) = (&args[0], &args[1], &args[2]);
    let t = types[1];
    if t.width == 1 {
        return Expr {
            text: format!(
                "{} ? {} : {}",
                c.at(LOGICAL_OR),
                a.at(CONDITIONAL - 1),
                b.at(CONDITIONAL)
            ),
            prec: CONDITIONAL,
        };
    }
    if version.has_glsl130_builtins() && t.kind.is_real() {
        return call("mix", &[b, a, c]);
    }
    let parts: Vec<String> = (0..t.width as usize)
        .map(|i| {
            let l = pigment_ir::COMPONENT_LETTERS[i];
            format!(
                "{}.{l} ? {}.{l} : {}.{l}",
                c.at(PRIMARY),
                a.at(PRIMARY),
                b.at(PRIMARY)
            )
        })
        .collect();
    Expr::primary(format!("{}({})", type_name(t), parts.join(", ")))
}

fn pack_names(f: PackFormat) -> (&'static str, &'static str) {
    match f {
        PackFormat::TwoHalf => ("packHalf2x16", "unpackHalf2x16"),
        PackFormat::TwoUshort => ("packUnorm2x16", "unpackUnorm2x16"),
        PackFormat::FourByte => ("packSnorm4x8", "unpackSnorm4x8"),
        PackFormat::FourUbyte => ("packUnorm4x8", "unpackUnorm4x8"),
    }
}

fn check_pack(f: PackFormat, version: Version) -> Result<(), String> {
    let has = match f {
        PackFormat::TwoHalf | PackFormat::TwoUshort => version.has_pack_2x16(),
        PackFormat::FourByte | PackFormat::FourUbyte => version.has_pack_4x8(),
    };
    let needs = match f {
        PackFormat::TwoHalf | PackFormat::TwoUshort => "GLSL 4.20 or ES 3.00",
        PackFormat::FourByte | PackFormat::FourUbyte => "GLSL 4.00 or ES 3.10",
    };
    if has && version.has_bit_casts() {
        Ok(())
    } else {
        Err(format!(
            "{version} has no `{}`: it needs {needs}",
            pack_names(f).0
        ))
    }
}

fn pack(f: PackFormat, a: &Expr, version: Version) -> Result<Expr, String> {
    check_pack(f, version)?;
    Ok(call("uintBitsToFloat", &[&call(pack_names(f).0, &[a])]))
}

fn unpack(f: PackFormat, a: &Expr, version: Version) -> Result<Expr, String> {
    check_pack(f, version)?;
    Ok(call(pack_names(f).1, &[&call("floatBitsToUint", &[a])]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(s: &str) -> Expr {
        Expr::primary(s)
    }

    #[test]
    fn operands_are_parenthesised_only_where_glsl_needs_it() {
        let v = Version::desktop(330);
        let sum = op(
            Op::Add,
            &[name("a"), name("b")],
            &[Type::FLOAT; 2],
            Type::FLOAT,
            v,
        )
        .unwrap();
        let prod = op(
            Op::Mul,
            &[sum.clone(), name("c")],
            &[Type::FLOAT; 2],
            Type::FLOAT,
            v,
        )
        .unwrap();
        assert_eq!(prod.text, "(a + b) * c");
        let diff = op(
            Op::Sub,
            &[name("x"), sum],
            &[Type::FLOAT; 2],
            Type::FLOAT,
            v,
        )
        .unwrap();
        assert_eq!(diff.text, "x - (a + b)");
        let neg = op(
            Op::Neg,
            &[float_literal((-1f32).to_bits(), v)],
            &[Type::FLOAT],
            Type::FLOAT,
            v,
        )
        .unwrap();
        assert_eq!(neg.text, "-(-1.0)");
        let sw = swizzle(&prod, Type::FLOAT4, Swizzle::from_letters("zy").unwrap());
        assert_eq!(sw.text, "((a + b) * c).zy");
        let again = swizzle(&sw, Type::FLOAT2, Swizzle::from_letters("yyx").unwrap());
        assert_eq!(again.text, "((a + b) * c).yyz");
    }

    #[test]
    fn literals_read_back_to_the_same_bits() {
        let v = Version::desktop(120);
        assert_eq!(float_literal(0.1f32.to_bits(), v).text, "0.1");
        assert_eq!(float_literal(1e-7f32.to_bits(), v).text, "1e-7");
        assert_eq!(float_literal(f32::INFINITY.to_bits(), v).text, "1.0 / 0.0");
        assert_eq!(
            float_literal(f32::INFINITY.to_bits(), Version::es(300)).text,
            "uintBitsToFloat(0x7f800000u)"
        );
        let c = constant(
            &Vector::from_bits(Type::FLOAT3, &[0.5f32.to_bits(); 3]),
            Type::FLOAT3,
            v,
        );
        assert_eq!(c.text, "vec3(0.5)");
    }
}
