//! Constructors (`float4(a, b)`, `float3x3(...)`) and initializers (`= expr`, `= {...}`).
//!
//! Vector and matrix constructors take scalars and vectors whose components add up exactly to the
//! constructed type's ("builds a vector from multiple scalars or shorter vectors"; matrices row by
//! row from "any combination of scalars and vectors"). A scalar constructor takes one value, like
//! a cast; so does any constructor given one value that does not fill it exactly (`float4(0.5)`
//! smears), as in cgc. A struct constructor `S(a, b, ...)` takes one value per member, each converted
//! as in an assignment (cgc accepts it; libretro's vertex programs build their output structs so).
//! Arrays and samplers are built with initializer lists, not constructors.

use super::types::{classify, Type};
use super::Checker;
use crate::syntax::ast::{ArrayDim, ExprId, ExprKind, Span};

impl Checker<'_> {
    pub(super) fn constructor(&mut self, span: Span, target: Type, args: &[ExprId]) -> Type {
        let types: Vec<Type> = args.iter().map(|&a| self.expr(a)).collect();
        if target.is_error() || types.iter().any(Type::is_error) {
            return target;
        }
        if let Type::Struct(id) = &target {
            return self.struct_constructor(span, target.clone(), *id, args);
        }
        let Some(scalar) = target.scalar() else {
            let message = format!(
                "`{}` cannot be constructed like a function; use an initializer list `{{...}}`",
                self.type_name(&target)
            );
            self.error(span, message);
            return Type::Error;
        };
        if let Type::Scalar(_) = target {
            if args.len() != 1 {
                let message = format!(
                    "`{}(...)` takes one value, not {}",
                    self.type_name(&target),
                    args.len()
                );
                self.error(span, message);
            } else if !classify(&types[0], &target, &self.program).is_explicit() {
                let message = format!(
                    "cannot convert `{}` to `{}`",
                    self.type_name(&types[0]),
                    self.type_name(&target)
                );
                self.error(self.span_of(args[0]), message);
            }
            return target;
        }
        if let ([arg], [ty]) = (args, types.as_slice()) {
            if self.single_value_cast(*arg, ty, &target) {
                return target;
            }
        }
        let mut total = 0u32;
        for (&arg, ty) in args.iter().zip(&types) {
            match ty {
                Type::Scalar(_) | Type::Vector(..) => {
                    total += ty.components().unwrap_or(0);
                    self.record_conversion(arg, &ty.with_scalar(scalar));
                }
                other => {
                    let message = format!(
                        "a `{}` constructor takes scalars and vectors, not `{}`",
                        self.type_name(&target),
                        self.type_name(other)
                    );
                    self.error(self.span_of(arg), message);
                    return target;
                }
            }
        }
        let want = target.components().unwrap_or(0);
        if total != want {
            let message = format!(
                "`{}` needs {want} components, but the arguments give {total}",
                self.type_name(&target)
            );
            self.error(span, message);
        }
        target
    }

    /// `S(a, b, ...)`: one argument per member of struct `id`, each coerced to the member's type.
    /// (The arguments' own types are already checked by [`Self::constructor`].)
    fn struct_constructor(
        &mut self,
        span: Span,
        target: Type,
        id: super::types::StructId,
        args: &[ExprId],
    ) -> Type {
        let fields = self.program.field_types_of(id);
        let name = self.type_name(&target);
        if fields.len() != args.len() {
            let message = format!(
                "`{name}` has {} members, but the constructor gives {}",
                fields.len(),
                args.len()
            );
            self.error(span, message);
            return Type::Error;
        }
        for (&arg, field) in args.iter().zip(&fields) {
            self.coerce_lazily(arg, field, || format!("in the constructor of `{name}`"));
        }
        target
    }

    /// `T[n](a, b, ...)` (a GLSL form cgc accepts): each argument converts to the element type
    /// `T` (with any further dimensions), and there must be `n` of them when `n` is written.
    pub(super) fn array_constructor(
        &mut self,
        span: Span,
        base: Type,
        packed: bool,
        dims: &[ArrayDim],
        args: &[ExprId],
    ) -> Type {
        let Some((outer, inner)) = dims.split_first() else {
            return Type::Error;
        };
        let elem = self.apply_dims(base, inner, packed);
        let size = outer.size.and_then(|e| self.array_size(e));
        for &arg in args {
            self.expr(arg);
            self.coerce(arg, &elem, "in the array constructor");
        }
        let given = args.len() as u32;
        if let Some(n) = size {
            if n != given {
                let message = format!(
                    "`{}` has {n} elements, but the constructor gives {given}",
                    self.type_name(&Type::Array(Box::new(elem.clone()), Some(n)))
                );
                self.error(span, message);
            }
        }
        if elem.is_error() || (outer.size.is_some() && size.is_none()) {
            return Type::Error;
        }
        Type::Array(Box::new(elem), Some(size.unwrap_or(given)))
    }

    /// A constructor with one value whose components do not add up (`float4(0.5)`,
    /// `float2(v4)`, `float4(m2x2)`) is a cast to cgc, which accepts it where `(float4)value` is
    /// allowed: a scalar smears, a longer vector truncates, a matrix reshapes to a vector of as
    /// many components. The spec's constructor rule does not cover these, but the cast rules do.
    /// Records the cast as the value's conversion and returns true when it applies.
    fn single_value_cast(&mut self, arg: ExprId, ty: &Type, target: &Type) -> bool {
        let exact = !matches!(ty, Type::Matrix(..)) && ty.components() == target.components();
        if exact || !classify(ty, target, &self.program).is_explicit() {
            return false;
        }
        self.record_conversion(arg, target);
        true
    }

    /// Checks an initializer for a variable of type `ty` named `name`; returns the variable's
    /// type (an unsized array takes the initializer's size).
    pub(super) fn initializer(&mut self, init: ExprId, ty: &Type, name: &str) -> Type {
        if let ExprKind::InitList(_) = &self.unit.exprs[init].kind {
            return self.init_list(init, ty);
        }
        let it = self.expr(init);
        let target = match (ty, &it) {
            (Type::Array(e, None), Type::Array(f, Some(_))) if e == f => it.clone(),
            _ => ty.clone(),
        };
        self.coerce_lazily(init, &target, || {
            format!("in the initialization of `{name}`")
        });
        target
    }

    fn init_item(&mut self, item: ExprId, ty: &Type) -> Type {
        if let ExprKind::InitList(_) = &self.unit.exprs[item].kind {
            return self.init_list(item, ty);
        }
        self.expr(item);
        self.coerce(item, ty, "in the initializer list");
        ty.clone()
    }

    fn init_list(&mut self, list: ExprId, ty: &Type) -> Type {
        let unit = self.unit;
        let ExprKind::InitList(items) = &unit.exprs[list].kind else {
            return Type::Error;
        };
        let span = self.span_of(list);
        let result = match ty {
            Type::Scalar(_) | Type::Vector(..) | Type::Matrix(..) => {
                let mut total = 0;
                self.count_leaves(items, ty, &mut total);
                let want = ty.components().unwrap_or(0);
                if total != want {
                    let message = format!(
                        "`{}` needs {want} components, but the initializer gives {total}",
                        self.type_name(ty)
                    );
                    self.error(span, message);
                }
                ty.clone()
            }
            Type::Array(_, Some(n)) if items.len() != *n as usize => {
                self.mismatched_array_list(span, ty, items);
                ty.clone()
            }
            Type::Array(elem, _) => {
                for &item in items {
                    self.init_item(item, elem);
                }
                Type::Array(elem.clone(), Some(items.len() as u32))
            }
            Type::Struct(s) if !self.program.strukt(*s).is_interface => {
                let fields = self.program.field_types_of(*s);
                if items.len() != fields.len() {
                    let message = format!(
                        "`{}` has {} members, but the initializer gives {}",
                        self.type_name(ty),
                        fields.len(),
                        items.len()
                    );
                    self.error(span, message);
                }
                for (&item, field) in items.iter().zip(&fields) {
                    self.init_item(item, field);
                }
                ty.clone()
            }
            Type::Error => {
                for &item in items {
                    self.init_item(item, &Type::Error);
                }
                Type::Error
            }
            other => {
                let message = format!(
                    "an initializer list cannot initialize `{}`",
                    self.type_name(other)
                );
                self.error(span, message);
                Type::Error
            }
        };
        self.set_type(list, result)
    }

    /// An initializer list for the sized array `ty` whose item count is not the array's. cgc
    /// accepts the flattened form, with a warning: as many plain scalars as the whole array has
    /// components (`float2 a[2] = {1, 2, 3, 4}`), each converted to the element scalar type; the
    /// lowering reads them in order. Anything else is an error.
    fn mismatched_array_list(&mut self, span: Span, ty: &Type, items: &[ExprId]) {
        let unit = self.unit;
        let types: Vec<Option<Type>> = items
            .iter()
            .map(|&item| match unit.exprs[item].kind {
                ExprKind::InitList(_) => None,
                _ => Some(self.expr(item)),
            })
            .collect();
        let (scalar, total) = flat_shape(ty);
        let flat = types.iter().all(|t| matches!(t, Some(Type::Scalar(_))));
        if let (true, Some(scalar), Some(total)) = (flat, scalar, total) {
            if total == items.len() as u32 {
                let message = format!(
                    "the initializer lists the {total} components of `{}` one by one; cgc accepts this, but the Cg form nests a list per element",
                    self.type_name(ty)
                );
                self.warning(span, message);
                for &item in items {
                    self.coerce(item, &Type::Scalar(scalar), "in the initializer list");
                }
                return;
            }
        }
        let Type::Array(elem, Some(n)) = ty else {
            return;
        };
        let message = format!(
            "`{}` has {n} elements, but the initializer gives {}",
            self.type_name(ty),
            items.len()
        );
        self.error(span, message);
        for (&item, t) in items.iter().zip(&types) {
            match t {
                None => {
                    self.init_list(item, elem);
                }
                Some(_) => {
                    self.coerce(item, elem, "in the initializer list");
                }
            }
        }
    }

    /// Counts the scalar components of a (nested) initializer list for a vector or matrix,
    /// converting each leaf to `ty`'s element type in its own shape.
    fn count_leaves(&mut self, items: &[ExprId], ty: &Type, total: &mut u32) {
        let unit = self.unit;
        let scalar = ty.scalar().unwrap_or(super::types::Scalar::Float);
        for &item in items {
            if let ExprKind::InitList(inner) = &unit.exprs[item].kind {
                self.count_leaves(inner, ty, total);
                continue;
            }
            let it = self.expr(item);
            match &it {
                Type::Scalar(_) | Type::Vector(..) => {
                    *total += it.components().unwrap_or(0);
                    self.record_conversion(item, &it.with_scalar(scalar));
                }
                Type::Error => *total += 1,
                other => {
                    let message = format!(
                        "a `{}` initializer takes scalars and vectors, not `{}`",
                        self.type_name(ty),
                        self.type_name(other)
                    );
                    self.error(self.span_of(item), message);
                }
            }
        }
    }
}

/// The element scalar and the total number of components of a sized array of scalars, vectors
/// or matrices (nested arrays multiply); `None` where an array is unsized or holds other types.
fn flat_shape(ty: &Type) -> (Option<super::types::Scalar>, Option<u32>) {
    match ty {
        Type::Array(elem, Some(n)) => {
            let (scalar, count) = flat_shape(elem);
            (scalar, count.and_then(|c| c.checked_mul(*n)))
        }
        Type::Scalar(_) | Type::Vector(..) | Type::Matrix(..) => (ty.scalar(), ty.components()),
        _ => (None, None),
    }
}
