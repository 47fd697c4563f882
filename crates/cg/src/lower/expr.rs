//! Expressions: literals, names, operators, `?:` (both sides evaluated, then a `select`, as Cg
//! defines it), casts, constructors, indexing, members and swizzles. Calls are in `call.rs` and
//! `stdlib/`; assignments and `++`/`--` write through `place.rs`.

use super::val::{kind_of, Val};
use super::{Key, Lowerer, R};
use crate::check::types::Type as CgType;
use crate::check::Resolution;
use crate::syntax::ast::{BinaryOp, ExprId, ExprKind, Literal, Span, UnaryOp};
use pigment_ir::{Op, ScalarKind, UniformIndex, Value};

/// An array, vector or matrix index: a constant, or an `int` scalar known only at run time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum IndexSel {
    Const(usize),
    Dyn(Value),
}

impl Lowerer<'_> {
    /// The value of `e` converted to the type its use needs (the checker's `conversions`).
    pub(super) fn rvalue(&mut self, e: ExprId) -> R<Val> {
        let v = self.expr(e)?;
        match self.prog.conversions.get(&e) {
            Some(to) => {
                let from = self.type_of(e);
                let span = self.span_of(e);
                let to = to.clone();
                self.at(span, |l| l.convert(v, &from, &to, span))
            }
            None => Ok(v),
        }
    }

    /// [`Self::rvalue`] of a scalar or vector expression as its one IR value.
    pub(super) fn rvalue_vec(&mut self, e: ExprId) -> R<Value> {
        let v = self.rvalue(e)?;
        self.as_vec(v, self.span_of(e))
    }

    pub(super) fn as_vec(&mut self, v: Val, span: Span) -> R<Value> {
        match v {
            Val::Vec(x) => Ok(x),
            _ => self.error(span, "internal: expected a scalar or vector value"),
        }
    }

    /// The value of `e` in its own type.
    pub(super) fn expr(&mut self, e: ExprId) -> R<Val> {
        let span = self.span_of(e);
        self.at(span, |l| l.expr_here(e, span))
    }

    fn expr_here(&mut self, e: ExprId, span: Span) -> R<Val> {
        let unit = self.unit;
        match &unit.exprs[e].kind {
            ExprKind::Literal(lit) => self.literal(e, lit, span),
            ExprKind::Name(_) => self.name(e, span),
            ExprKind::Unary { op, operand } => self.unary(*op, *operand, span),
            ExprKind::Binary { op, lhs, rhs } => {
                let a = self.rvalue(*lhs)?;
                let b = self.rvalue(*rhs)?;
                self.binary_op(*op, a, b)
            }
            ExprKind::Assign { op, lhs, rhs } => self.assign(*op, *lhs, *rhs, span),
            ExprKind::Conditional {
                cond,
                then,
                otherwise,
            } => {
                let c = self.rvalue_vec(*cond)?;
                let a = self.rvalue(*then)?;
                let b = self.rvalue(*otherwise)?;
                Ok(self.select_val(c, &a, &b))
            }
            ExprKind::Comma { lhs, rhs } => {
                self.expr(*lhs)?;
                self.rvalue(*rhs)
            }
            ExprKind::Cast { operand, .. } => {
                let v = self.rvalue(*operand)?;
                let from = self.prog.converted_type_of(*operand).clone();
                let to = self.type_of(e);
                self.convert(v, &from, &to, span)
            }
            ExprKind::Constructor { args, .. } => self.constructor(e, args, span),
            ExprKind::Call { callee, args } => self.call(e, *callee, args, span),
            ExprKind::Index { base, index } => {
                let b = self.expr(*base)?;
                let sel = self.index_sel(*index)?;
                self.index_val(b, sel, span)
            }
            ExprKind::Member { base, .. } => self.member(e, *base, span),
            ExprKind::InitList(items) | ExprKind::ArrayConstructor { args: items, .. } => {
                let ty = self.type_of(e);
                self.init_items(items, &ty, span)
            }
            ExprKind::Scoped { .. } | ExprKind::Error => {
                self.error(span, "internal: this expression should have been rejected")
            }
        }
    }

    fn literal(&mut self, e: ExprId, lit: &Literal, span: Span) -> R<Val> {
        let ty = self.type_of(e);
        let kind = ty.scalar().map_or(ScalarKind::Float, kind_of);
        let v = match (lit, kind) {
            (Literal::Bool(b), _) => self.em.bool(*b),
            (Literal::Int { value, .. }, ScalarKind::Int) => self.em.int(*value as i64 as i32),
            (Literal::Int { value, .. }, k) => self.em.reals(k, &[*value as f32]),
            (Literal::Float { text, .. }, k) => match text.parse::<f64>() {
                Ok(x) if k == ScalarKind::Int => self.em.int(x as i32),
                Ok(x) => self.em.reals(k, &[x as f32]),
                Err(_) => return self.error(span, format!("`{text}` is not a number")),
            },
            (Literal::String(_), _) => return self.error(span, "strings have no value"),
        };
        Ok(Val::Vec(v))
    }

    fn name(&mut self, e: ExprId, span: Span) -> R<Val> {
        match self.prog.resolutions.get(&e) {
            Some(Resolution::Var(v)) => match self.env.get(&Key::Var(*v)) {
                Some(val) => Ok(val.clone()),
                None => {
                    let name = self.prog.var(*v).name.clone();
                    self.error(span, format!("`{name}` has no value here"))
                }
            },
            Some(Resolution::ImplicitField { index, .. }) => {
                let this = self.this_value(span)?;
                self.field_val(this, *index as usize, span)
            }
            _ => self.error(span, "internal: unresolved name"),
        }
    }

    pub(super) fn this_value(&mut self, span: Span) -> R<Val> {
        let key = self.frame().map(|f| Key::This(f.id));
        match key.and_then(|k| self.env.get(&k).cloned()) {
            Some(v) => Ok(v),
            None => self.error(span, "a member is used outside a member function call"),
        }
    }

    fn unary(&mut self, op: UnaryOp, operand: ExprId, span: Span) -> R<Val> {
        match op {
            UnaryOp::Plus => self.rvalue(operand),
            UnaryOp::Neg | UnaryOp::Not | UnaryOp::BitNot => {
                let v = self.rvalue(operand)?;
                let op = match op {
                    UnaryOp::Neg => Op::Neg,
                    UnaryOp::Not => Op::Not,
                    _ => Op::BitNot,
                };
                Ok(self.map_val(&v, |l, x| l.em.unary(op, x)))
            }
            UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                let place = self.place(operand)?;
                let old = self.read_place(&place, span)?;
                let step = if matches!(op, UnaryOp::PreInc | UnaryOp::PostInc) {
                    Op::Add
                } else {
                    Op::Sub
                };
                let new = self.map_val(&old, |l, x| {
                    let one = l.em.one(l.em.ty(x));
                    l.em.binary(step, x, one)
                });
                self.write_place(&place, new.clone(), span)?;
                Ok(if matches!(op, UnaryOp::PreInc | UnaryOp::PreDec) {
                    new
                } else {
                    old
                })
            }
        }
    }

    /// A binary operator on two operands already converted to a common shape.
    pub(super) fn binary_op(&mut self, op: BinaryOp, a: Val, b: Val) -> R<Val> {
        let ir = match op {
            BinaryOp::Add => Op::Add,
            BinaryOp::Sub => Op::Sub,
            BinaryOp::Mul => Op::Mul,
            BinaryOp::Div => Op::Div,
            BinaryOp::Lt => Op::Lt,
            BinaryOp::Gt => Op::Gt,
            BinaryOp::Le => Op::Le,
            BinaryOp::Ge => Op::Ge,
            BinaryOp::Eq => Op::Eq,
            BinaryOp::Ne => Op::Ne,
            BinaryOp::And => Op::And,
            BinaryOp::Or => Op::Or,
            BinaryOp::Rem => {
                // C's remainder: a − (a / b)·b with the quotient truncated toward zero.
                return Ok(self.zip_val(&a, &b, |l, x, y| {
                    let q = l.em.binary(Op::Div, x, y);
                    let p = l.em.binary(Op::Mul, q, y);
                    l.em.binary(Op::Sub, x, p)
                }));
            }
            // The checker admits integral operands only; the back ends without integers
            // (fp30, ARB, GLSL 1.10/1.20) refuse these operations.
            BinaryOp::Shl => Op::Shl,
            BinaryOp::Shr => Op::Shr,
            BinaryOp::BitAnd => Op::BitAnd,
            BinaryOp::BitOr => Op::BitOr,
            BinaryOp::BitXor => Op::BitXor,
        };
        let relational = matches!(
            op,
            BinaryOp::Lt | BinaryOp::Gt | BinaryOp::Le | BinaryOp::Ge
        );
        Ok(self.zip_val(&a, &b, |l, x, y| {
            if relational && l.em.ty(x).kind == ScalarKind::Bool {
                // "For the purpose of relational comparisons, true is treated as one and false is
                // treated as zero" (Cg 2.0, comparison operators); the IR orders numbers only.
                let (x, y) = (
                    l.em.cvt(x, ScalarKind::Float),
                    l.em.cvt(y, ScalarKind::Float),
                );
                return l.em.binary(ir, x, y);
            }
            l.em.binary(ir, x, y)
        }))
    }

    fn assign(&mut self, op: Option<BinaryOp>, lhs: ExprId, rhs: ExprId, span: Span) -> R<Val> {
        let place = self.place(lhs)?;
        let new = match op {
            None => self.rvalue(rhs)?,
            Some(op) => {
                let lt = self.type_of(lhs);
                let shape = self.prog.converted_type_of(rhs).clone();
                let current = self.read_place(&place, span)?;
                let current = self.convert(current, &lt, &shape, span)?;
                let b = self.rvalue(rhs)?;
                let result = self.binary_op(op, current, b)?;
                self.convert(result, &shape, &lt, span)?
            }
        };
        self.write_place(&place, new.clone(), span)?;
        Ok(new)
    }

    fn constructor(&mut self, e: ExprId, args: &[ExprId], span: Span) -> R<Val> {
        let target = self.type_of(e);
        if let CgType::Struct(_) = target {
            return self.init_items(args, &target, span);
        }
        if let (CgType::Scalar(_), [arg]) = (&target, args) {
            let v = self.rvalue(*arg)?;
            let from = self.prog.converted_type_of(*arg).clone();
            return self.convert(v, &from, &target, span);
        }
        let mut comps = Vec::new();
        for &a in args {
            let v = self.rvalue(a)?;
            comps.extend(self.scalar_components(&v));
        }
        self.components_to_value(comps, &target, span)
    }

    /// The components of `list` (nested lists flattened) as a value of type `ty`: arrays and structs
    /// element by element, vectors and matrices component by component.
    pub(super) fn init_list(&mut self, list: ExprId, ty: &CgType) -> R<Val> {
        let unit = self.unit;
        let span = self.span_of(list);
        let ExprKind::InitList(items) = &unit.exprs[list].kind else {
            return self.rvalue(list);
        };
        self.init_items(items, ty, span)
    }

    /// The value of type `ty` built from the items of an initializer list or array constructor.
    fn init_items(&mut self, items: &[ExprId], ty: &CgType, span: Span) -> R<Val> {
        match ty {
            CgType::Array(elem, Some(len)) if items.len() != *len as usize => {
                // The flattened form cgc accepts (the checker warns): the scalars of every element
                // in order, `float3 a[2] = {1, 2, 3, 4, 5, 6}`.
                let mut comps = Vec::new();
                self.list_components(items, &mut comps)?;
                let per = comps.len() / (*len as usize).max(1);
                let mut out = Vec::new();
                for chunk in comps.chunks(per.max(1)).take(*len as usize) {
                    out.push(self.components_to_value(chunk.to_vec(), elem, span)?);
                }
                Ok(Val::Array(out, None))
            }
            CgType::Array(elem, _) => {
                let mut out = Vec::new();
                for &item in items {
                    out.push(self.initializer(item, elem)?);
                }
                Ok(Val::Array(out, None))
            }
            CgType::Struct(s) => {
                let fields = self.prog.field_types_of(*s);
                let mut out = Vec::new();
                for (&item, f) in items.iter().zip(&fields) {
                    out.push(self.initializer(item, f)?);
                }
                Ok(Val::Struct(out))
            }
            _ => {
                let mut comps = Vec::new();
                self.list_components(items, &mut comps)?;
                self.components_to_value(comps, ty, span)
            }
        }
    }

    fn list_components(&mut self, items: &[ExprId], out: &mut Vec<(Value, u8)>) -> R<()> {
        let unit = self.unit;
        for &item in items {
            if let ExprKind::InitList(inner) = &unit.exprs[item].kind {
                self.list_components(inner, out)?;
            } else {
                let v = self.rvalue(item)?;
                out.extend(self.scalar_components(&v));
            }
        }
        Ok(())
    }

    /// The value of an initializer (an expression or a `{...}` list) for a variable of type `ty`.
    pub(super) fn initializer(&mut self, init: ExprId, ty: &CgType) -> R<Val> {
        if let ExprKind::InitList(_) = &self.unit.exprs[init].kind {
            return self.init_list(init, ty);
        }
        self.rvalue(init)
    }

    /// Scalar components, in order, as a scalar, vector or matrix (rows filled in turn).
    pub(super) fn components_to_value(
        &mut self,
        comps: Vec<(Value, u8)>,
        to: &CgType,
        span: Span,
    ) -> R<Val> {
        let (scalar, rows, cols) = match to {
            CgType::Scalar(s) => (*s, 1, 1),
            CgType::Vector(s, n) => (*s, 1, *n),
            CgType::Matrix(s, r, c) => (*s, *r, *c),
            _ => {
                let t = self.prog.type_name(to);
                return self.error(span, format!("`{t}` cannot be built from components"));
            }
        };
        let cols = usize::from(cols);
        if comps.len() < usize::from(rows) * cols {
            return self.error(span, "internal: too few components");
        }
        let kind = kind_of(scalar);
        let mut out = Vec::new();
        for r in 0..usize::from(rows) {
            let row = self.em.assemble(&comps[r * cols..(r + 1) * cols]);
            out.push(self.em.cvt(row, kind));
        }
        Ok(match to {
            CgType::Matrix(..) => Val::Mat(out),
            _ => Val::Vec(out[0]),
        })
    }

    /// The index of `base[index]`: a constant when the value is known now.
    pub(super) fn index_sel(&mut self, index: ExprId) -> R<IndexSel> {
        let i = self.rvalue_vec(index)?;
        let i = self.em.cvt(i, ScalarKind::Int);
        Ok(match self.em.known(i) {
            Some(c) => IndexSel::Const(c.i32(0).max(0) as usize),
            None => IndexSel::Dyn(i),
        })
    }

    /// Element, component or row `sel` of `base`. A run-time index reads a uniform array directly,
    /// and anything else through a chain of `select`s on the index (clamped to the bounds, as
    /// the IR clamps uniform indices).
    pub(super) fn index_val(&mut self, base: Val, sel: IndexSel, span: Span) -> R<Val> {
        let n = match &base {
            Val::Array(items, _) => items.len(),
            Val::Mat(rows) => rows.len(),
            Val::Vec(v) => usize::from(self.em.ty(*v).width),
            _ => return self.error(span, "this value cannot be indexed"),
        };
        if n == 0 {
            return self.error(span, "an empty array cannot be indexed");
        }
        match sel {
            IndexSel::Const(k) => {
                let k = k.min(n.saturating_sub(1));
                Ok(match base {
                    Val::Array(mut items, _) => items.swap_remove(k),
                    Val::Mat(rows) => Val::Vec(rows[k]),
                    Val::Vec(v) => Val::Vec(self.em.extract(v, k as u8)),
                    _ => unreachable_val(),
                })
            }
            IndexSel::Dyn(i) => {
                if let Val::Array(items, Some(u)) = &base {
                    if items.iter().all(|x| matches!(x, Val::Vec(_))) {
                        let u = *u;
                        return Ok(Val::Vec(
                            self.em.b.load_uniform(u, Some(UniformIndex::Dynamic(i))),
                        ));
                    }
                }
                let mut result = self.index_val(base.clone(), IndexSel::Const(n - 1), span)?;
                for k in (0..n - 1).rev() {
                    let here = self.index_val(base.clone(), IndexSel::Const(k), span)?;
                    let is_k = self.index_is(i, k, n);
                    result = self.select_val(is_k, &here, &result);
                }
                Ok(result)
            }
        }
    }

    /// Whether the int index `i` selects element `k` of `n`, clamping like a run-time uniform
    /// index (the IR's rule): indices below 0 select the first element, beyond `n − 1` the last.
    pub(super) fn index_is(&mut self, i: Value, k: usize, n: usize) -> Value {
        let kv = self.em.int(k as i32);
        let op = match (k == 0, k + 1 == n) {
            (true, true) => return self.em.bool(true),
            (true, false) => Op::Le,
            (false, true) => Op::Ge,
            (false, false) => Op::Eq,
        };
        self.em.binary(op, i, kv)
    }

    fn member(&mut self, e: ExprId, base: ExprId, span: Span) -> R<Val> {
        let resolution = self.prog.resolutions.get(&e).copied();
        if let Some(Resolution::ArrayLength(n)) = resolution {
            return Ok(Val::Vec(self.em.int(n as i32)));
        }
        let b = self.expr(base)?;
        match resolution {
            Some(Resolution::Field { index, .. }) => self.field_val(b, index as usize, span),
            Some(Resolution::Swizzle(comps)) => {
                let v = self.as_vec(b, span)?;
                Ok(Val::Vec(self.em.swizzle(v, &comps)))
            }
            Some(Resolution::MatrixSwizzle(pairs)) => self.matrix_swizzle(b, &pairs, span),
            _ => self.error(span, "internal: unresolved member"),
        }
    }

    pub(super) fn field_val(&mut self, base: Val, index: usize, span: Span) -> R<Val> {
        match base {
            Val::Struct(mut items) if index < items.len() => Ok(items.swap_remove(index)),
            _ => self.error(span, "internal: member of a non-struct value"),
        }
    }

    pub(super) fn matrix_swizzle(&mut self, base: Val, pairs: &[(u8, u8)], span: Span) -> R<Val> {
        let Val::Mat(rows) = base else {
            return self.error(span, "internal: matrix swizzle of a non-matrix");
        };
        if rows.is_empty() {
            return self.error(span, "internal: a matrix without rows");
        }
        let comps: Vec<(Value, u8)> = pairs
            .iter()
            .map(|&(r, c)| (rows[usize::from(r).min(rows.len() - 1)], c))
            .collect();
        Ok(Val::Vec(self.em.assemble(&comps)))
    }

    /// Per leaf: where `cond` (a bool scalar, or a bool vector as wide as every leaf), `a`, else `b`.
    pub(super) fn select_val(&mut self, cond: Value, a: &Val, b: &Val) -> Val {
        let cw = self.em.ty(cond).width;
        let leaves: Vec<Value> = a
            .leaves()
            .into_iter()
            .zip(b.leaves())
            .map(|(x, y)| {
                let w = self.em.ty(x).width;
                let c = if cw == 1 {
                    self.em.splat(cond, w)
                } else {
                    cond
                };
                let y = self.em.broadcast(y, w);
                self.em.select(c, x, y)
            })
            .collect();
        a.rebuild(&mut leaves.into_iter())
    }

    /// `f` applied to every leaf of `v`.
    pub(super) fn map_val(&mut self, v: &Val, mut f: impl FnMut(&mut Self, Value) -> Value) -> Val {
        let leaves: Vec<Value> = v.leaves().into_iter().map(|x| f(self, x)).collect();
        v.rebuild(&mut leaves.into_iter())
    }

    /// `f` applied to corresponding leaves of `a` and `b` (a scalar leaf widened to the other's
    /// width); the result has the shape of the wider operand.
    pub(super) fn zip_val(
        &mut self,
        a: &Val,
        b: &Val,
        mut f: impl FnMut(&mut Self, Value, Value) -> Value,
    ) -> Val {
        let (la, lb) = (a.leaves(), b.leaves());
        let shape = if lb.len() > la.len() { b } else { a };
        let leaves: Vec<Value> = la
            .iter()
            .cycle()
            .zip(lb.iter().cycle())
            .take(la.len().max(lb.len()))
            .map(|(&x, &y)| {
                let w = self.em.ty(x).width.max(self.em.ty(y).width);
                let x = self.em.broadcast(x, w);
                let y = self.em.broadcast(y, w);
                f(self, x, y)
            })
            .collect();
        shape.rebuild(&mut leaves.into_iter())
    }

    /// A real constant of the kind and width of `like`.
    pub(super) fn real_like(&mut self, like: Value, value: f32) -> Value {
        let t = self.em.ty(like);
        self.em.real_splat(t.kind, value, t.width)
    }
}

/// Never reached: `index_val` matched the shape before.
fn unreachable_val() -> Val {
    Val::Struct(Vec::new())
}
