//! Folding of constant expressions where the language needs a value at compile time: array sizes,
//! `case` labels, index range checks. Literals, `const` variables with constant initializers,
//! `.length`, and the unary, binary, conditional and cast operators over them.

use super::program::{ConstValue, Resolution, VarKind};
use super::types::{is_integral, Type};
use super::Checker;
use crate::syntax::ast::{BinaryOp, ExprId, ExprKind, Literal, UnaryOp};

/// Deep enough for any sensible chain of `const` variables, shallow enough for the stack.
const MAX_DEPTH: u32 = 64;

impl Checker<'_> {
    /// The value of an integral constant expression, remembered in `program.constants`.
    pub(super) fn const_int(&mut self, e: ExprId) -> Option<i64> {
        let ty = self.program.type_of(e).clone();
        if !ty.scalar().is_some_and(is_integral) {
            return None;
        }
        match self.const_value(e) {
            Some(ConstValue::Int(i)) => {
                self.program.constants.insert(e, ConstValue::Int(i));
                Some(i)
            }
            _ => None,
        }
    }

    pub(super) fn const_value(&self, e: ExprId) -> Option<ConstValue> {
        self.fold(e, 0)
    }

    fn fold(&self, e: ExprId, depth: u32) -> Option<ConstValue> {
        if depth > MAX_DEPTH {
            return None;
        }
        let d = depth + 1;
        match &self.unit.exprs[e].kind {
            ExprKind::Literal(Literal::Int { value, suffix }) => {
                let v = i64::try_from(*value).ok()?;
                Some(match suffix {
                    Some(s) if s.is_floating() => ConstValue::Float(v as f64),
                    _ => ConstValue::Int(v),
                })
            }
            ExprKind::Literal(Literal::Float { text, .. }) => {
                text.parse().ok().map(ConstValue::Float)
            }
            ExprKind::Literal(Literal::Bool(b)) => Some(ConstValue::Bool(*b)),
            ExprKind::Name(_) => match self.program.resolutions.get(&e)? {
                Resolution::Var(v) => {
                    let var = self.program.var(*v);
                    if var.is_const && !matches!(var.kind, VarKind::Param { .. }) && !var.uniform {
                        self.fold(var.init?, d)
                    } else {
                        None
                    }
                }
                _ => None,
            },
            ExprKind::Member { .. } => match self.program.resolutions.get(&e)? {
                Resolution::ArrayLength(n) if *n > 0 => Some(ConstValue::Int(i64::from(*n))),
                _ => None,
            },
            ExprKind::Unary { op, operand } => unary(*op, self.fold(*operand, d)?),
            ExprKind::Binary { op, lhs, rhs } => {
                binary(*op, self.fold(*lhs, d)?, self.fold(*rhs, d)?)
            }
            ExprKind::Conditional {
                cond,
                then,
                otherwise,
            } => match self.fold(*cond, d)? {
                ConstValue::Bool(true) => self.fold(*then, d),
                ConstValue::Bool(false) => self.fold(*otherwise, d),
                _ => None,
            },
            ExprKind::Cast { .. } | ExprKind::Constructor { .. }
                if matches!(self.program.type_of(e), Type::Scalar(_)) =>
            {
                let operand = match &self.unit.exprs[e].kind {
                    ExprKind::Cast { operand, .. } => *operand,
                    ExprKind::Constructor { args, .. } if args.len() == 1 => args[0],
                    _ => return None,
                };
                let v = self.fold(operand, d)?;
                convert(v, self.program.type_of(e))
            }
            _ => None,
        }
    }
}

fn convert(v: ConstValue, to: &Type) -> Option<ConstValue> {
    let s = to.scalar()?;
    Some(if s == super::types::Scalar::Bool {
        ConstValue::Bool(as_float(v)? != 0.0)
    } else if is_integral(s) {
        ConstValue::Int(match v {
            ConstValue::Int(i) => i,
            ConstValue::Float(f) => f as i64,
            ConstValue::Bool(b) => i64::from(b),
        })
    } else {
        ConstValue::Float(as_float(v)?)
    })
}

fn as_float(v: ConstValue) -> Option<f64> {
    Some(match v {
        ConstValue::Int(i) => i as f64,
        ConstValue::Float(f) => f,
        ConstValue::Bool(b) => f64::from(u8::from(b)),
    })
}

fn unary(op: UnaryOp, v: ConstValue) -> Option<ConstValue> {
    match (op, v) {
        (UnaryOp::Neg, ConstValue::Int(i)) => i.checked_neg().map(ConstValue::Int),
        (UnaryOp::Neg, ConstValue::Float(f)) => Some(ConstValue::Float(-f)),
        (UnaryOp::Plus, v @ (ConstValue::Int(_) | ConstValue::Float(_))) => Some(v),
        (UnaryOp::Not, ConstValue::Bool(b)) => Some(ConstValue::Bool(!b)),
        (UnaryOp::BitNot, ConstValue::Int(i)) => Some(ConstValue::Int(!i)),
        _ => None,
    }
}

fn binary(op: BinaryOp, a: ConstValue, b: ConstValue) -> Option<ConstValue> {
    use BinaryOp::*;
    if let (ConstValue::Int(x), ConstValue::Int(y)) = (a, b) {
        let v = match op {
            Add => x.checked_add(y)?,
            Sub => x.checked_sub(y)?,
            Mul => x.checked_mul(y)?,
            Div => x.checked_div(y)?,
            Rem => x.checked_rem(y)?,
            Shl => x.checked_shl(u32::try_from(y).ok()?)?,
            Shr => x.checked_shr(u32::try_from(y).ok()?)?,
            BitAnd => x & y,
            BitOr => x | y,
            BitXor => x ^ y,
            _ => return compare(op, x as f64, y as f64),
        };
        return Some(ConstValue::Int(v));
    }
    if let (ConstValue::Bool(x), ConstValue::Bool(y)) = (a, b) {
        return Some(ConstValue::Bool(match op {
            And => x && y,
            Or => x || y,
            Eq => x == y,
            Ne => x != y,
            _ => return None,
        }));
    }
    let (x, y) = (as_float(a)?, as_float(b)?);
    let v = match op {
        Add => x + y,
        Sub => x - y,
        Mul => x * y,
        Div => x / y,
        _ => return compare(op, x, y),
    };
    Some(ConstValue::Float(v))
}

fn compare(op: BinaryOp, x: f64, y: f64) -> Option<ConstValue> {
    use BinaryOp::*;
    Some(ConstValue::Bool(match op {
        Lt => x < y,
        Gt => x > y,
        Le => x <= y,
        Ge => x >= y,
        Eq => x == y,
        Ne => x != y,
        _ => return None,
    }))
}
