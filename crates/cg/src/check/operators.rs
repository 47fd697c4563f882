//! Operators ("Operators", "Operator Enhancements", "Smearing of Scalars to Vectors"): the usual
//! arithmetic conversions, scalar smearing, componentwise vectors and matrices, bool vectors for
//! logic and comparisons, and the elementwise `?:`.
//!
//! cgc's one departure from the usual arithmetic conversions: an untyped or integral literal of
//! value 2 or more (outside `fixed`'s [-2, 2)) that meets a `fixed` operand in an arithmetic or
//! comparison operator is typed `half`, so the operation is a `half` one ([`literal_widens_fixed`]).
//!
//! Decisions: vectors of different sizes are an error ("Sizes of vectors and matrices must be
//! appropriately matched"), except that a one-component vector smears like a scalar; `%` takes
//! only `int`/`cint` elements, as the spec says; bitwise and shift operators take integral
//! operands; `&&`, `||` and `!` convert numeric operands to `bool` of the same shape; arithmetic
//! on `bool` operands alone is `int` arithmetic with a warning, as cgc computes it; and, as in
//! cgc, a `bool` does not combine with an untyped floating constant (`b * 2.0`).

use super::expr::literal_type;
use super::types::{arithmetic_result, is_integral, Scalar, Type};
use super::Checker;
use crate::syntax::ast::{BinaryOp, ExprId, ExprKind, Literal, Span, UnaryOp};

/// The kinds of binary operator, for operand rules.
#[derive(Clone, Copy, PartialEq, Eq)]
enum OpClass {
    Arithmetic,
    Remainder,
    Bitwise,
    Comparison,
    Logical,
}

fn class(op: BinaryOp) -> OpClass {
    use BinaryOp::*;
    match op {
        Mul | Div | Add | Sub => OpClass::Arithmetic,
        Rem => OpClass::Remainder,
        Shl | Shr | BitAnd | BitXor | BitOr => OpClass::Bitwise,
        Lt | Gt | Le | Ge | Eq | Ne => OpClass::Comparison,
        And | Or => OpClass::Logical,
    }
}

/// The common shape of two operands after smearing, or a message.
fn common_shape(
    a: &Type,
    b: &Type,
    scalar: Scalar,
    op: &str,
    names: (&str, &str),
) -> Result<Type, String> {
    let smears = |t: &Type| matches!(t, Type::Scalar(_) | Type::Vector(_, 1));
    Ok(match (a, b) {
        (Type::Scalar(_), Type::Scalar(_)) => Type::Scalar(scalar),
        _ if smears(a) && !matches!(b, Type::Scalar(_)) => b.with_scalar(scalar),
        _ if smears(b) => a.with_scalar(scalar),
        (Type::Vector(_, n), Type::Vector(_, m)) if n == m => Type::Vector(scalar, *n),
        (Type::Matrix(_, r, c), Type::Matrix(_, r2, c2)) if (r, c) == (r2, c2) => {
            Type::Matrix(scalar, *r, *c)
        }
        (Type::Matrix(..), Type::Vector(..)) | (Type::Vector(..), Type::Matrix(..)) | (Type::Matrix(..), Type::Matrix(..))
            if op == "*" =>
        {
            return Err(format!(
                "`*` on `{}` and `{}` is componentwise and needs equal shapes; use `mul(a, b)` for the matrix product",
                names.0, names.1
            ))
        }
        _ => {
            return Err(format!(
                "operands of `{op}` have different sizes: `{}` and `{}`",
                names.0, names.1
            ))
        }
    })
}

/// Whether a literal operand of a binary operator whose other operand is `fixed` makes the operation
/// `half` rather than converting to `fixed`. The spec converts the `cfloat`/`cint` to `fixed`
/// ("If one operand is cfloat and the other is floating, the cfloat is converted to the other
/// type"), which would clamp 3.0 to 2047/1024; cgc instead computes `fixed_x * 3.0`, `x / 3.0`
/// (as `x * 0.33333334`), `x + 2`, `x - 3.0` and `x < 3.0` as H instructions with the constant
/// unclamped, and the result is `half` from there on (`(x * 3.0) * fixed_y` is MULH twice). Probing
/// cgc (fp30) pins the rule down:
///
/// * it applies to a literal token as written (parentheses are no nodes here): an unsuffixed
///   float (`cfloat`) or an integer that is untyped (`cint`) or has an integral suffix (`2u`,
///   `2s`); not to `3.0x` (fixed, clamps) nor `2h`/`3.0f`, which have their own types;
/// * the value, rounded to fp32 as the literal is, is 2 or more: `1.9999999` stays `fixed`
///   (rounds to 2047/1024), `1.99999997` (fp32 2.0) and `20e-1` widen;
/// * a negated or folded constant is no literal: `x * -3.0`, `x * (1.0 + 2.0)` convert to
///   `fixed` and clamp (to -2 and 2047/1024), as do literals in calls (`max(x, 3.0)`),
///   constructors, `?:` branches and assignments (`fixed y = 3.0`).
pub(super) fn literal_widens_fixed(lit: &Literal) -> bool {
    let untyped_or_integral = match literal_type(lit) {
        Type::Scalar(s) => matches!(s, Scalar::Cfloat) || is_integral(s),
        _ => false,
    };
    untyped_or_integral
        && match lit {
            Literal::Int { value, .. } => *value >= 2,
            Literal::Float { text, .. } => text.parse::<f32>().is_ok_and(|v| v >= 2.0),
            Literal::Bool(_) | Literal::String(_) => false,
        }
}

/// The warning for arithmetic on two `bool` operands (or a negated `bool`). The spec gives
/// `bool` only the boolean and comparison operators, but cgc computes such arithmetic on the
/// integers 0 and 1 (`true + true` is 2); the checker follows it and types the result `int`.
/// (A `bool` mixed with a number already converts to the number's type.)
fn bool_arithmetic(sym: &str) -> String {
    format!("arithmetic `{sym}` on `bool` values: cgc computes it on the integers 0 and 1 (convert with `int(...)` to say so)")
}

impl Checker<'_> {
    pub(super) fn binary(&mut self, e: ExprId, op: BinaryOp, lhs: ExprId, rhs: ExprId) -> Type {
        let lt = self.expr(lhs);
        let rt = self.expr(rhs);
        let span = self.span_of(e);
        self.binary_types(span, op, lhs, rhs, &lt, &rt)
    }

    /// The result of `lhs op rhs` with operand types `lt`, `rt`, recording operand conversions.
    pub(super) fn binary_types(
        &mut self,
        span: Span,
        op: BinaryOp,
        lhs: ExprId,
        rhs: ExprId,
        lt: &Type,
        rt: &Type,
    ) -> Type {
        if lt.is_error() || rt.is_error() {
            return Type::Error;
        }
        let sym = op.as_str();
        let (ls, rs) = match (lt.scalar(), rt.scalar()) {
            (Some(a), Some(b)) => (a, b),
            _ => {
                let message = format!(
                    "`{sym}` cannot be applied to `{}` and `{}`",
                    self.type_name(lt),
                    self.type_name(rt)
                );
                self.error(span, message);
                return Type::Error;
            }
        };
        let class = class(op);
        if !matches!(class, OpClass::Logical)
            && matches!(
                (ls, rs),
                (Scalar::Bool, Scalar::Cfloat) | (Scalar::Cfloat, Scalar::Bool)
            )
        {
            // The spec would convert the bool, but cgc rejects this pairing ("invalid operands")
            // while it accepts `b * 2.0f` and `b * 2`; programs that do it do not compile there.
            let message = format!(
                "`{sym}` cannot combine a `bool` with an untyped floating constant (cgc rejects it): write `float(...)` around the bool, or `2.0f`"
            );
            self.error(span, message);
            return Type::Error;
        }
        let (ls, rs) = match class {
            OpClass::Arithmetic | OpClass::Comparison => (
                self.literal_meeting_fixed(lhs, ls, rs),
                self.literal_meeting_fixed(rhs, rs, ls),
            ),
            _ => (ls, rs),
        };
        let scalar = match class {
            OpClass::Logical => Scalar::Bool,
            OpClass::Arithmetic if (ls, rs) == (Scalar::Bool, Scalar::Bool) => {
                self.warning(span, bool_arithmetic(sym));
                Scalar::Int
            }
            _ => arithmetic_result(ls, rs),
        };
        let names = (self.type_name(lt), self.type_name(rt));
        let shape = match common_shape(lt, rt, scalar, sym, (&names.0, &names.1)) {
            Ok(t) => t,
            Err(message) => {
                self.error(span, message);
                return Type::Error;
            }
        };
        let problem = match class {
            OpClass::Arithmetic if scalar == Scalar::Bool => Some(format!(
                "arithmetic `{sym}` cannot be applied to `bool` values"
            )),
            OpClass::Remainder if !matches!(scalar, Scalar::Int | Scalar::Cint) => Some(format!(
                "`%` needs `int` operands, not `{}` (use `fmod` for floating values)",
                self.type_name(&shape)
            )),
            OpClass::Bitwise if !is_integral(scalar) => Some(format!(
                "`{sym}` needs integer operands, not `{}`",
                self.type_name(&shape)
            )),
            OpClass::Comparison | OpClass::Logical if matches!(shape, Type::Matrix(..)) => {
                Some(format!(
                    "`{sym}` applies to scalars and vectors, not `{}`",
                    self.type_name(&shape)
                ))
            }
            _ => None,
        };
        if let Some(message) = problem {
            self.error(span, message);
            return Type::Error;
        }
        self.record_conversion(lhs, &shape);
        self.record_conversion(rhs, &shape);
        match class {
            OpClass::Comparison => shape.with_scalar(Scalar::Bool),
            _ => shape,
        }
    }

    /// The scalar operand `e` (of scalar `own`) takes part in the usual arithmetic conversions with:
    /// `half` where it is a literal [`literal_widens_fixed`] says cgc widens against the other
    /// operand's `other` scalar, else `own`.
    fn literal_meeting_fixed(&self, e: ExprId, own: Scalar, other: Scalar) -> Scalar {
        match &self.unit.exprs[e].kind {
            ExprKind::Literal(lit) if other == Scalar::Fixed && literal_widens_fixed(lit) => {
                Scalar::Half
            }
            _ => own,
        }
    }

    pub(super) fn unary(&mut self, e: ExprId, op: UnaryOp, operand: ExprId) -> Type {
        let t = self.expr(operand);
        if t.is_error() {
            return Type::Error;
        }
        let span = self.span_of(e);
        let Some(s) = t.scalar() else {
            let message = format!(
                "`{}` cannot be applied to `{}`",
                unary_symbol(op),
                self.type_name(&t)
            );
            self.error(span, message);
            return Type::Error;
        };
        match op {
            UnaryOp::Neg | UnaryOp::Plus if s == Scalar::Bool => {
                self.warning(span, bool_arithmetic(unary_symbol(op)));
                let int = t.with_scalar(Scalar::Int);
                self.record_conversion(operand, &int);
                int
            }
            UnaryOp::Neg | UnaryOp::Plus => t,
            UnaryOp::Not => {
                if matches!(t, Type::Matrix(..)) {
                    self.error(span, "`!` applies to scalars and vectors, not matrices");
                    return Type::Error;
                }
                let b = t.with_scalar(Scalar::Bool);
                self.record_conversion(operand, &b);
                b
            }
            UnaryOp::BitNot if !is_integral(s) => {
                let message = format!("`~` needs an integer operand, not `{}`", self.type_name(&t));
                self.error(span, message);
                Type::Error
            }
            UnaryOp::BitNot => t,
            UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                if s == Scalar::Bool {
                    self.error(
                        span,
                        format!("`{}` cannot be applied to `bool` values", unary_symbol(op)),
                    );
                    return Type::Error;
                }
                self.check_lvalue(operand, &format!("the operand of `{}`", unary_symbol(op)));
                t
            }
        }
    }

    pub(super) fn assign(&mut self, op: Option<BinaryOp>, lhs: ExprId, rhs: ExprId) -> Type {
        let lt = self.expr(lhs);
        let rt = self.expr(rhs);
        let sym = op.map_or("=".to_string(), |o| format!("{}=", o.as_str()));
        let assignable = self.check_lvalue(lhs, &format!("the left side of `{sym}`"));
        if lt.is_error() || rt.is_error() || !assignable {
            return lt;
        }
        match op {
            None => {
                self.coerce(rhs, &lt, "in the assignment");
            }
            Some(op) => {
                let span = self.span_of(lhs).to(self.span_of(rhs));
                let result = self.binary_types(span, op, lhs, rhs, &lt, &rt);
                // The operator's result is stored back into the left side.
                self.program.conversions.remove(&lhs);
                if !result.is_error() {
                    let conversion = super::types::classify(&result, &lt, &self.program);
                    if !conversion.is_implicit() {
                        let message = format!(
                            "the result of `{sym}` has type `{}`, which cannot be stored in `{}`",
                            self.type_name(&result),
                            self.type_name(&lt)
                        );
                        self.error(span, message);
                    }
                }
            }
        }
        lt
    }

    pub(super) fn conditional(&mut self, cond: ExprId, then: ExprId, otherwise: ExprId) -> Type {
        let ct = self.expr(cond);
        let tt = self.expr(then);
        let ot = self.expr(otherwise);
        if ct.is_error() || tt.is_error() || ot.is_error() {
            return Type::Error;
        }
        let span = self.span_of(then).to(self.span_of(otherwise));
        // Both branches first ("the binary rule is applied to the second and third operands").
        let result = if tt == ot && !tt.is_basic() {
            if matches!(tt, Type::Sampler(_) | Type::Void) {
                self.error(
                    span,
                    format!("`?:` cannot select `{}` values", self.type_name(&tt)),
                );
                return Type::Error;
            }
            tt.clone()
        } else {
            let (Some(a), Some(b)) = (tt.scalar(), ot.scalar()) else {
                let message = format!(
                    "the branches of `?:` have incompatible types `{}` and `{}`",
                    self.type_name(&tt),
                    self.type_name(&ot)
                );
                self.error(span, message);
                return Type::Error;
            };
            let names = (self.type_name(&tt), self.type_name(&ot));
            match common_shape(
                &tt,
                &ot,
                arithmetic_result(a, b),
                "?:",
                (&names.0, &names.1),
            ) {
                Ok(t) => t,
                Err(message) => {
                    self.error(span, message);
                    return Type::Error;
                }
            }
        };
        let result = match &ct {
            Type::Scalar(_) | Type::Vector(_, 1) => {
                self.record_conversion(cond, &ct.with_scalar(Scalar::Bool));
                result
            }
            Type::Vector(_, n) => {
                // Elementwise selection: the branches must be n-vectors (scalars smear).
                let widened = match &result {
                    Type::Scalar(s) => Type::Vector(*s, *n),
                    Type::Vector(_, m) if m == n => result.clone(),
                    other => {
                        let message = format!(
                            "a `{}` condition selects componentwise, so the branches must have {n} components, not `{}`",
                            self.type_name(&ct),
                            self.type_name(other)
                        );
                        self.error(span, message);
                        return Type::Error;
                    }
                };
                self.record_conversion(cond, &ct.with_scalar(Scalar::Bool));
                widened
            }
            other => {
                let message = format!(
                    "the condition of `?:` must be `bool`, not `{}`",
                    self.type_name(other)
                );
                self.error(self.span_of(cond), message);
                return Type::Error;
            }
        };
        self.record_conversion(then, &result);
        self.record_conversion(otherwise, &result);
        result
    }
}

fn unary_symbol(op: UnaryOp) -> &'static str {
    match op {
        UnaryOp::Neg => "-",
        UnaryOp::Plus => "+",
        UnaryOp::Not => "!",
        UnaryOp::BitNot => "~",
        UnaryOp::PreInc | UnaryOp::PostInc => "++",
        UnaryOp::PreDec | UnaryOp::PostDec => "--",
    }
}
