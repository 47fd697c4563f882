//! Expressions: literals, names, member access, indexing, casts and the dispatch to the other
//! expression modules. Every expression's type goes into `expr_types`.

use super::program::{ConstValue, Resolution};
use super::scope::Binding;
use super::stdlib::stdlib;
use super::types::{Scalar, Type};
use super::Checker;
use crate::syntax::ast::{ExprId, ExprKind, Ident, Literal, NumSuffix};

impl Checker<'_> {
    /// Checks an expression and returns (and records) its type.
    pub(super) fn expr(&mut self, e: ExprId) -> Type {
        let unit = self.unit;
        let span = self.span_of(e);
        let ty = match &unit.exprs[e].kind {
            ExprKind::Literal(Literal::String(_)) => {
                self.error(span, "strings can only be used in annotations");
                Type::Error
            }
            ExprKind::Literal(lit) => literal_type(lit),
            ExprKind::Name(ident) => self.name(e, ident),
            ExprKind::Scoped { scope, name } => {
                self.error(
                    scope.span.to(name.span),
                    format!("`{}::{}` can only be called", scope.name, name.name),
                );
                Type::Error
            }
            ExprKind::Unary { op, operand } => self.unary(e, *op, *operand),
            ExprKind::Binary { op, lhs, rhs } => self.binary(e, *op, *lhs, *rhs),
            ExprKind::Assign { op, lhs, rhs } => self.assign(*op, *lhs, *rhs),
            ExprKind::Conditional {
                cond,
                then,
                otherwise,
            } => self.conditional(*cond, *then, *otherwise),
            ExprKind::Comma { lhs, rhs } => {
                self.expr(*lhs);
                self.expr(*rhs)
            }
            ExprKind::Cast { ty, dims, operand } => {
                let base = self.resolve_type(ty);
                let target = self.apply_dims(base, dims, ty.packed.is_some());
                self.cast(*operand, target)
            }
            ExprKind::Constructor { ty, args } => {
                let target = self.resolve_type(ty);
                self.constructor(span, target, args)
            }
            ExprKind::ArrayConstructor { ty, dims, args } => {
                let base = self.resolve_type(ty);
                self.array_constructor(span, base, ty.packed.is_some(), dims, args)
            }
            ExprKind::Call { callee, args } => self.call(e, *callee, args),
            ExprKind::Index { base, index } => self.index(*base, *index),
            ExprKind::Member { base, member } => self.member(e, *base, member),
            ExprKind::InitList(items) => {
                for &item in items {
                    self.expr(item);
                }
                self.error(
                    span,
                    "an initializer list `{...}` can only initialize a declaration",
                );
                Type::Error
            }
            ExprKind::Error => Type::Error,
        };
        self.set_type(e, ty)
    }

    fn name(&mut self, e: ExprId, ident: &Ident) -> Type {
        let found = self
            .scopes
            .lookup(&ident.name)
            .map(|entry| entry.item.clone());
        match found {
            Some(Binding::Var(v)) => {
                self.program.resolutions.insert(e, Resolution::Var(v));
                self.program.var(v).ty.clone()
            }
            Some(Binding::Field { strukt, index }) => {
                self.program.resolutions.insert(
                    e,
                    Resolution::ImplicitField {
                        strukt,
                        index: index as u32,
                    },
                );
                self.program.strukt(strukt).fields[index].ty.clone()
            }
            Some(Binding::Type(_)) => {
                self.error(
                    ident.span,
                    format!("`{}` is a type, not a value", ident.name),
                );
                Type::Error
            }
            Some(Binding::Functions(_)) => {
                self.error(
                    ident.span,
                    format!(
                        "`{}` is a function; call it with `{}(...)`",
                        ident.name, ident.name
                    ),
                );
                Type::Error
            }
            None if !stdlib().overloads(&ident.name).is_empty() => {
                self.error(
                    ident.span,
                    format!(
                        "`{}` is a standard library function; call it with `{}(...)`",
                        ident.name, ident.name
                    ),
                );
                Type::Error
            }
            None => {
                self.undeclared(
                    ident.span,
                    format!("undeclared identifier `{}`", ident.name),
                );
                Type::Error
            }
        }
    }

    fn index(&mut self, base: ExprId, index: ExprId) -> Type {
        let bt = self.expr(base);
        let it = self.expr(index);
        match &it {
            Type::Scalar(s) if *s != Scalar::Bool => {
                // Indices are `int` at run time; constants and floating values convert.
                if !super::types::is_integral(*s) || super::types::is_compile_time(*s) {
                    self.record_conversion(index, &Type::INT);
                }
            }
            Type::Error => {}
            other => {
                let message = format!("an index must be a number, not `{}`", self.type_name(other));
                self.error(self.span_of(index), message);
            }
        }
        let (elem, len) = match &bt {
            Type::Array(elem, n) => ((**elem).clone(), *n),
            Type::Vector(s, n) => (Type::Scalar(*s), Some(u32::from(*n))),
            // "a[3] is equivalent to a._m30_m31_m32_m33": a row.
            Type::Matrix(s, r, c) => (Type::Vector(*s, *c), Some(u32::from(*r))),
            Type::Error => return Type::Error,
            other => {
                let message = format!("`{}` cannot be indexed", self.type_name(other));
                self.error(self.span_of(base), message);
                return Type::Error;
            }
        };
        if let (Some(len), Some(ConstValue::Int(i))) = (len, self.const_value(index)) {
            if i < 0 || i >= i64::from(len) {
                let message = format!(
                    "index {i} is out of range for `{}` (valid: 0 to {})",
                    self.type_name(&bt),
                    len - 1
                );
                self.error(self.span_of(index), message);
            }
        }
        elem
    }

    fn member(&mut self, e: ExprId, base: ExprId, member: &Ident) -> Type {
        let bt = self.expr(base);
        match &bt {
            Type::Struct(s) => {
                let strukt = self.program.strukt(*s);
                if let Some(index) = strukt.fields.iter().position(|f| f.name == member.name) {
                    let ty = strukt.fields[index].ty.clone();
                    self.program.resolutions.insert(
                        e,
                        Resolution::Field {
                            strukt: *s,
                            index: index as u32,
                        },
                    );
                    return ty;
                }
                let is_method = strukt
                    .methods
                    .iter()
                    .any(|&m| self.program.function(m).name == member.name);
                let message = if is_method {
                    format!(
                        "`{}` is a member function; call it with `.{}(...)`",
                        member.name, member.name
                    )
                } else {
                    format!(
                        "`{}` has no member named `{}`",
                        self.type_name(&bt),
                        member.name
                    )
                };
                self.error(member.span, message);
                Type::Error
            }
            Type::Array(_, n) if member.name == "length" => match n {
                Some(n) => {
                    self.program
                        .resolutions
                        .insert(e, Resolution::ArrayLength(*n));
                    self.program
                        .constants
                        .insert(e, ConstValue::Int(i64::from(*n)));
                    Type::CINT
                }
                None => {
                    // An unsized array's length is known only once an array is assigned to it.
                    self.program
                        .resolutions
                        .insert(e, Resolution::ArrayLength(0));
                    Type::INT
                }
            },
            Type::Scalar(_) | Type::Vector(..) => self.swizzle(e, &bt, member),
            Type::Matrix(..) => self.matrix_swizzle(e, &bt, member),
            Type::Error => Type::Error,
            other => {
                let message = format!(
                    "`{}` has no member named `{}`",
                    self.type_name(other),
                    member.name
                );
                self.error(member.span, message);
                Type::Error
            }
        }
    }

    fn cast(&mut self, operand: ExprId, target: Type) -> Type {
        let from = self.expr(operand);
        let conversion = super::types::classify(&from, &target, &self.program);
        if !conversion.is_explicit() {
            let message = format!(
                "cannot cast `{}` to `{}`",
                self.type_name(&from),
                self.type_name(&target)
            );
            self.error(self.span_of(operand), message);
        }
        target
    }
}

/// Literal types ("Constants"): untyped constants are `cint` or `cfloat`; a suffix names the type.
pub(super) fn literal_type(lit: &Literal) -> Type {
    match lit {
        Literal::Int { suffix: None, .. } => Type::CINT,
        Literal::Float { suffix: None, .. } => Type::Scalar(Scalar::Cfloat),
        Literal::Int {
            suffix: Some(s), ..
        }
        | Literal::Float {
            suffix: Some(s), ..
        } => Type::Scalar(suffix_scalar(*s)),
        Literal::Bool(_) => Type::BOOL,
        Literal::String(_) => Type::String,
    }
}

fn suffix_scalar(s: NumSuffix) -> Scalar {
    match s {
        NumSuffix::Double => Scalar::Double,
        NumSuffix::Float => Scalar::Float,
        NumSuffix::Half => Scalar::Half,
        NumSuffix::Fixed => Scalar::Fixed,
        NumSuffix::Int => Scalar::Int,
        NumSuffix::Long => Scalar::Long,
        NumSuffix::Short => Scalar::Short,
        NumSuffix::Char => Scalar::Char,
        NumSuffix::Unsigned | NumSuffix::UnsignedInt => Scalar::UnsignedInt,
        NumSuffix::UnsignedShort => Scalar::UnsignedShort,
        NumSuffix::UnsignedChar => Scalar::UnsignedChar,
        NumSuffix::UnsignedLong => Scalar::UnsignedLong,
    }
}
