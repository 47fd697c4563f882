//! [`Op`]: the pure operations (no side effects, no control flow, one result) and their signatures.
//! What each computes is defined by [`crate::eval`] (and, for `ddx`/`ddy`, the interpreter's quads).

use crate::types::{ScalarKind, Swizzle, Type};
pub use pigment_numeric::exact::Rule;

/// Bit-pattern packings of NV_fragment_program's PK* / UP* instructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PackFormat {
    /// Two fp16 values in one 32-bit word (PK2H / UP2H).
    TwoHalf,
    /// Two unsigned 16-bit fractions of \[0,1] (PK2US / UP2US).
    TwoUshort,
    /// Four signed 8-bit values of [-128/127, 1] (PK4B / UP4B).
    FourByte,
    /// Four unsigned 8-bit fractions of \[0,1] (PK4UB / UP4UB).
    FourUbyte,
}

impl PackFormat {
    pub const ALL: [PackFormat; 4] = [
        PackFormat::TwoHalf,
        PackFormat::TwoUshort,
        PackFormat::FourByte,
        PackFormat::FourUbyte,
    ];

    /// How many components one word holds.
    pub fn components(self) -> u8 {
        match self {
            PackFormat::TwoHalf | PackFormat::TwoUshort => 2,
            PackFormat::FourByte | PackFormat::FourUbyte => 4,
        }
    }

    pub fn suffix(self) -> &'static str {
        match self {
            PackFormat::TwoHalf => "2half",
            PackFormat::TwoUshort => "2ushort",
            PackFormat::FourByte => "4byte",
            PackFormat::FourUbyte => "4ubyte",
        }
    }
}

/// A pure operation. Operands come in the instruction's argument list, in the order given here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    // Componentwise, one operand.
    Neg,
    Abs,
    /// Clamp to [0, 1]; NaN stays NaN (`pigment_numeric::saturate`).
    Sat,
    Floor,
    Ceil,
    Trunc,
    /// Nearest integer, halves toward +INF.
    Round,
    Fract,
    Rcp,
    Rsqrt,
    Sqrt,
    Exp2,
    Log2,
    Sin,
    Cos,
    /// Quad derivatives: right − left (x), top − bottom (y).
    Ddx,
    Ddy,
    /// Logical not (bool).
    Not,
    /// Bitwise complement of an int (C's and GLSL's `~`).
    BitNot,
    /// Conversion of every component to the given kind (the width stays).
    Cvt(ScalarKind),
    // Componentwise, two operands of one type.
    Add,
    Sub,
    Mul,
    Div,
    Min,
    Max,
    Pow,
    And,
    Or,
    Xor,
    // Componentwise, two int operands of one type (C's and GLSL's `&`, `|`, `^`, `<<`, `>>`).
    BitAnd,
    BitOr,
    BitXor,
    /// Left shift; bits shifted out are lost. GLSL leaves a count outside 0..31 undefined; the IR
    /// takes the count's low 5 bits.
    Shl,
    /// Arithmetic right shift (the sign bit is copied in, as GLSL defines it for signed ints); the
    /// count as for [`Op::Shl`].
    Shr,
    // Comparisons: two operands of one type, a bool vector of the same width.
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    // Componentwise, three operands of one type.
    /// a·b + c (the product rounded first).
    Mad,
    /// min(max(x, lo), hi).
    Clamp,
    /// a + w·(b − a), operands (a, b, w).
    Lerp,
    /// (cond, a, b): a where cond, else b; cond is a bool vector of the operands' width.
    Select,
    // Reductions and shape changes.
    /// Sum of the componentwise products, in x..w order; a scalar.
    Dot,
    /// bool vector → bool: every component true / some component true.
    All,
    Any,
    /// Components selected from one operand.
    Swizzle(Swizzle),
    /// The operands' components concatenated (1-4 in all, one kind).
    Construct,
    /// NV LIT on (NdotL, NdotH, _, exponent): (1, max(x,0), x > 0 ? pow(max(y,0), w) : 0, 1).
    Lit,
    /// NV DST: (1, a.y·b.y, a.z, b.w).
    Dst,
    /// float2/half2 or float4/half4 → one float holding the packed bit pattern.
    Pack(PackFormat),
    /// One float's bit pattern → float2 or float4.
    Unpack(PackFormat),
    // What the `fp30_precision` pass makes explicit (`crate::pass::Fp30Precision`): values that
    // every operation already has in the IR, spelled out for back ends whose targets lack them.
    /// x rounded to fp16 (ties to even; ±INF from 65520 on; NaN stays NaN), of x's type.
    RoundHalf,
    /// x as fx12: NaN is 0, clamped to [−2, 2047/1024], a multiple of 1/1024 (ties to even).
    RoundFixed,
    /// The real operation `rule` names with NV's rule for it kept (`pigment_numeric::exact`):
    /// the same value as the plain operation ([`Op::plain`]), which a back end may compute with
    /// the target's builtin, where this one must be NV's.
    Nv(Rule),
}

/// The mnemonic of every operation that has no payload, for printing and parsing.
const SIMPLE: &[(Op, &str)] = &[
    (Op::Neg, "neg"),
    (Op::Abs, "abs"),
    (Op::Sat, "sat"),
    (Op::Floor, "floor"),
    (Op::Ceil, "ceil"),
    (Op::Trunc, "trunc"),
    (Op::Round, "round"),
    (Op::Fract, "fract"),
    (Op::Rcp, "rcp"),
    (Op::Rsqrt, "rsqrt"),
    (Op::Sqrt, "sqrt"),
    (Op::Exp2, "exp2"),
    (Op::Log2, "log2"),
    (Op::Sin, "sin"),
    (Op::Cos, "cos"),
    (Op::Ddx, "ddx"),
    (Op::Ddy, "ddy"),
    (Op::Not, "not"),
    (Op::Add, "add"),
    (Op::Sub, "sub"),
    (Op::Mul, "mul"),
    (Op::Div, "div"),
    (Op::Min, "min"),
    (Op::Max, "max"),
    (Op::Pow, "pow"),
    (Op::And, "and"),
    (Op::Or, "or"),
    (Op::Xor, "xor"),
    (Op::BitNot, "bitnot"),
    (Op::BitAnd, "bitand"),
    (Op::BitOr, "bitor"),
    (Op::BitXor, "bitxor"),
    (Op::Shl, "shl"),
    (Op::Shr, "shr"),
    (Op::Eq, "eq"),
    (Op::Ne, "ne"),
    (Op::Lt, "lt"),
    (Op::Le, "le"),
    (Op::Gt, "gt"),
    (Op::Ge, "ge"),
    (Op::Mad, "mad"),
    (Op::Clamp, "clamp"),
    (Op::Lerp, "lerp"),
    (Op::Select, "select"),
    (Op::Dot, "dot"),
    (Op::All, "all"),
    (Op::Any, "any"),
    (Op::Construct, "construct"),
    (Op::Lit, "lit"),
    (Op::Dst, "dst"),
    (Op::RoundHalf, "round_half"),
    (Op::RoundFixed, "round_fixed"),
];

/// The prefix of the [`Op::Nv`] operations' mnemonics (`nv_min`, `nv_sin`, ...).
const NV_PREFIX: &str = "nv_";

/// What kinds an operation accepts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kinds {
    Real,
    Numeric,
    Bool,
    Int,
    Any,
}

impl Kinds {
    fn accepts(self, kind: ScalarKind) -> bool {
        match self {
            Kinds::Real => kind.is_real(),
            Kinds::Numeric => kind.is_numeric(),
            Kinds::Bool => kind == ScalarKind::Bool,
            Kinds::Int => kind == ScalarKind::Int,
            Kinds::Any => true,
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Kinds::Real => "float, half or fixed",
            Kinds::Numeric => "a numeric kind",
            Kinds::Bool => "bool",
            Kinds::Int => "int",
            Kinds::Any => "any kind",
        }
    }
}

impl Op {
    /// The text mnemonic (`swizzle`, `cvt`, `pack_2half`, ...).
    pub fn mnemonic(self) -> String {
        match self {
            Op::Swizzle(_) => "swizzle".into(),
            Op::Cvt(_) => "cvt".into(),
            Op::Pack(f) => format!("pack_{}", f.suffix()),
            Op::Unpack(f) => format!("unpack_{}", f.suffix()),
            Op::Nv(rule) => format!("{NV_PREFIX}{}", rule.name()),
            op => SIMPLE
                .iter()
                .find(|(o, _)| *o == op)
                .map(|(_, n)| (*n).to_string())
                .unwrap_or_default(),
        }
    }

    /// The operation named `name`, for those whose payload the mnemonic determines (not `swizzle` and
    /// `cvt`, whose payload comes from elsewhere in the text).
    pub fn from_mnemonic(name: &str) -> Option<Op> {
        if let Some((op, _)) = SIMPLE.iter().find(|(_, n)| *n == name) {
            return Some(*op);
        }
        if let Some(rule) = name.strip_prefix(NV_PREFIX).and_then(Rule::of) {
            return Some(Op::Nv(rule));
        }
        PackFormat::ALL.into_iter().find_map(|f| {
            if name == format!("pack_{}", f.suffix()) {
                Some(Op::Pack(f))
            } else if name == format!("unpack_{}", f.suffix()) {
                Some(Op::Unpack(f))
            } else {
                None
            }
        })
    }

    /// Number of operands; `None` for `construct` (1-4).
    pub fn arity(self) -> Option<usize> {
        use Op::*;
        Some(match self {
            Neg | Abs | Sat | Floor | Ceil | Trunc | Round | Fract | Rcp | Rsqrt | Sqrt | Exp2
            | Log2 | Sin | Cos | Ddx | Ddy | Not | BitNot | Cvt(_) | All | Any | Swizzle(_)
            | Lit | Pack(_) | Unpack(_) | RoundHalf | RoundFixed => 1,
            Nv(rule) => rule.arity(),
            Add | Sub | Mul | Div | Min | Max | Pow | And | Or | Xor | BitAnd | BitOr | BitXor
            | Shl | Shr | Eq | Ne | Lt | Le | Gt | Ge | Dot | Dst => 2,
            Mad | Clamp | Lerp | Select => 3,
            Construct => return None,
        })
    }

    /// Whether the result, of `kind`, can be a value the kind cannot hold when the operands are
    /// values of the kind (what a back end that rounds `half` to fp16 and `fixed` to fx12 after
    /// each operation must round). Min, max, clamps and data movement pick an operand; for half,
    /// `neg`, `abs` and the integer roundings of an fp16 value are fp16 values too (fixed's range
    /// is not symmetric: −(−2) and ceil(2047/1024) leave it); comparisons and logic give bools,
    /// packing gives raw words and unpacking exact values.
    pub fn leaves_kind(self, kind: ScalarKind) -> bool {
        use Op::*;
        match self {
            Min | Max | Clamp | Sat | Select | Swizzle(_) | Construct => false,
            Neg | Abs | Floor | Ceil | Trunc | Round => kind == ScalarKind::Fixed,
            Cvt(_) => true,
            Eq | Ne | Lt | Le | Gt | Ge | And | Or | Xor | Not | All | Any => false,
            BitNot | BitAnd | BitOr | BitXor | Shl | Shr => false,
            Pack(_) | Unpack(_) => false,
            // fx12's values are fp16 values too.
            RoundHalf | RoundFixed => false,
            Nv(rule) => Op::plain(rule).leaves_kind(kind),
            _ => true,
        }
    }

    /// The C (and GLSL) operator of an integer bit operation (`&`, `|`, `^`, `~`, `<<`, `>>`), which
    /// back ends without integers name when they refuse one; `None` for other operations.
    pub fn bit_operator(self) -> Option<&'static str> {
        Some(match self {
            Op::BitAnd => "&",
            Op::BitOr => "|",
            Op::BitXor => "^",
            Op::BitNot => "~",
            Op::Shl => "<<",
            Op::Shr => ">>",
            _ => return None,
        })
    }

    /// The plain operation `rule` names (`min` for `nv_min`).
    pub fn plain(rule: Rule) -> Op {
        match rule {
            Rule::Min => Op::Min,
            Rule::Max => Op::Max,
            Rule::Clamp => Op::Clamp,
            Rule::Saturate => Op::Sat,
            Rule::Pow => Op::Pow,
            Rule::ReciprocalSqrt => Op::Rsqrt,
            Rule::Sine => Op::Sin,
            Rule::Cosine => Op::Cos,
        }
    }

    /// The NV rule of `pigment_numeric::exact` this plain operation follows, if any.
    pub fn rule(self) -> Option<Rule> {
        Rule::ALL.into_iter().find(|&r| Op::plain(r) == self)
    }

    /// True for operations whose value depends on other fragments of the quad.
    pub fn is_derivative(self) -> bool {
        matches!(self, Op::Ddx | Op::Ddy)
    }

    /// The result type for operands of types `args`, or why they are not accepted.
    pub fn result_type(self, args: &[Type]) -> Result<Type, String> {
        use Op::*;
        if let Some(n) = self.arity() {
            if args.len() != n {
                return Err(format!(
                    "`{}` takes {n} operand(s), found {}",
                    self.mnemonic(),
                    args.len()
                ));
            }
        }
        match self {
            Neg | Abs => self.same(args, Kinds::Numeric),
            Sat | Floor | Ceil | Trunc | Round | Fract | Rcp | Rsqrt | Sqrt | Exp2 | Log2 | Sin
            | Cos | Ddx | Ddy | Pow | Lerp | RoundHalf | RoundFixed => self.same(args, Kinds::Real),
            Nv(rule) => {
                let t = Op::plain(rule).result_type(args)?;
                match t.kind.is_real() {
                    true => Ok(t),
                    false => Err(format!(
                        "`{}` takes {}, found {t}",
                        self.mnemonic(),
                        Kinds::Real.describe()
                    )),
                }
            }
            Add | Sub | Mul | Div | Min | Max | Mad | Clamp => self.same(args, Kinds::Numeric),
            Not | And | Or | Xor => self.same(args, Kinds::Bool),
            BitNot | BitAnd | BitOr | BitXor | Shl | Shr => self.same(args, Kinds::Int),
            Cvt(kind) => Ok(args[0].with_kind(kind)),
            Eq | Ne => Ok(self.same(args, Kinds::Any)?.with_kind(ScalarKind::Bool)),
            Lt | Le | Gt | Ge => Ok(self.same(args, Kinds::Numeric)?.with_kind(ScalarKind::Bool)),
            Select => {
                let t = self.same(&args[1..], Kinds::Any)?;
                if args[0] != t.with_kind(ScalarKind::Bool) {
                    return Err(format!(
                        "`select` needs a {} condition for {t} operands, found {}",
                        t.with_kind(ScalarKind::Bool),
                        args[0]
                    ));
                }
                Ok(t)
            }
            Dot => Ok(self.same(args, Kinds::Real)?.with_width(1)),
            All | Any => Ok(self.same(args, Kinds::Bool)?.with_width(1)),
            Swizzle(s) => {
                if s.max_component() >= args[0].width {
                    return Err(format!(
                        "swizzle `{}` reads past the {} operand",
                        s.letters(),
                        args[0]
                    ));
                }
                Ok(args[0].with_width(s.len()))
            }
            Construct => construct_type(args),
            Lit | Dst => {
                let t = self.same(args, Kinds::Real)?;
                if t.width != 4 {
                    return Err(format!("`{}` needs 4-component operands", self.mnemonic()));
                }
                Ok(t)
            }
            Pack(f) => {
                let t = args[0];
                if !matches!(t.kind, ScalarKind::Float | ScalarKind::Half)
                    || t.width != f.components()
                {
                    return Err(format!(
                        "`{}` packs a float{n} or half{n}, found {t}",
                        self.mnemonic(),
                        n = f.components()
                    ));
                }
                Ok(Type::FLOAT)
            }
            Unpack(f) => {
                if args[0] != Type::FLOAT {
                    return Err(format!(
                        "`{}` unpacks a float, found {}",
                        self.mnemonic(),
                        args[0]
                    ));
                }
                Ok(Type::new(ScalarKind::Float, f.components()))
            }
        }
    }

    /// All operands of one type whose kind `kinds` accepts: that type.
    fn same(self, args: &[Type], kinds: Kinds) -> Result<Type, String> {
        let first = args[0];
        if let Some(other) = args.iter().find(|&&t| t != first) {
            return Err(format!(
                "`{}` operands must have one type, found {first} and {other}",
                self.mnemonic()
            ));
        }
        if !kinds.accepts(first.kind) {
            return Err(format!(
                "`{}` takes {}, found {first}",
                self.mnemonic(),
                kinds.describe()
            ));
        }
        Ok(first)
    }
}

fn construct_type(args: &[Type]) -> Result<Type, String> {
    let Some(first) = args.first() else {
        return Err("`construct` needs at least one operand".into());
    };
    if let Some(other) = args.iter().find(|t| t.kind != first.kind) {
        return Err(format!(
            "`construct` operands must have one kind, found {first} and {other}"
        ));
    }
    let width: u32 = args.iter().map(|t| t.width as u32).sum();
    if width > 4 {
        return Err(format!("`construct` makes {width} components; at most 4"));
    }
    Ok(first.with_width(width as u8))
}
