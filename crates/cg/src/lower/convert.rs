//! Conversions between Cg types, implicit (from the checker's `conversions` table) and explicit
//! (casts): the spec's "Type Conversions" table made concrete.
//!
//! * scalar → vector or matrix: the scalar in every component ("smearing");
//! * vector → smaller vector, matrix → smaller matrix: the leading components / upper-left part;
//! * vector or matrix → scalar: the first component;
//! * vector ↔ matrix of the same size, array ↔ vector, array ↔ matrix: the components in order
//!   (matrices row by row);
//! * struct → struct: member by member; scalar → struct: into every member; struct → anything
//!   else: its first member;
//! * sampler → sampler (`sampler2D` passed as `sampler`): the same sampler;
//! * the element kind changes with the IR's `cvt` (to bool: ≠ 0; from bool: 1 or 0; real → int
//!   truncates).

use super::val::{kind_of, Val};
use super::{Lowerer, R};
use crate::check::types::Type as CgType;
use crate::syntax::ast::Span;
use pigment_ir::Value;

impl Lowerer<'_> {
    /// `v`, a value of type `from`, as a value of type `to`.
    pub(super) fn convert(&mut self, v: Val, from: &CgType, to: &CgType, span: Span) -> R<Val> {
        if from == to || from.is_error() || to.is_error() {
            return Ok(v);
        }
        match (from, to, v) {
            (
                CgType::Scalar(_) | CgType::Vector(..),
                CgType::Scalar(s) | CgType::Vector(s, _),
                Val::Vec(x),
            ) => {
                let width = match to {
                    CgType::Vector(_, n) => *n,
                    _ => 1,
                };
                let have = self.em.ty(x).width;
                let shaped = if have == 1 {
                    self.em.splat(x, width)
                } else {
                    let prefix: Vec<u8> = (0..width.min(have)).collect();
                    self.em.swizzle(x, &prefix)
                };
                Ok(Val::Vec(self.em.cvt(shaped, kind_of(*s))))
            }
            (CgType::Scalar(_) | CgType::Vector(_, 1), CgType::Matrix(s, r, c), Val::Vec(x)) => {
                let first = self.em.extract(x, 0);
                let row = self.em.splat(first, *c);
                let row = self.em.cvt(row, kind_of(*s));
                Ok(Val::Mat(vec![row; usize::from(*r)]))
            }
            (CgType::Matrix(_, _, _), CgType::Matrix(s, r, c), Val::Mat(rows)) => {
                let prefix: Vec<u8> = (0..*c).collect();
                let rows = rows
                    .iter()
                    .take(usize::from(*r))
                    .map(|&row| {
                        let cut = self.em.swizzle(row, &prefix);
                        self.em.cvt(cut, kind_of(*s))
                    })
                    .collect();
                Ok(Val::Mat(rows))
            }
            // A sampler passed where the generic `sampler` (or another kind the checker allows) is
            // expected stays the same texture unit and target: lookups use its own dimension.
            (CgType::Sampler(_), CgType::Sampler(_), Val::Sampler(s)) => Ok(Val::Sampler(s)),
            (CgType::Struct(a), CgType::Struct(b), Val::Struct(items)) => {
                let fa = self.prog.field_types_of(*a);
                let fb = self.prog.field_types_of(*b);
                let mut out = Vec::new();
                for ((item, f), t) in items.into_iter().zip(&fa).zip(&fb) {
                    out.push(self.convert(item, f, t, span)?);
                }
                Ok(Val::Struct(out))
            }
            (CgType::Struct(a), _, Val::Struct(items)) => {
                let fields = self.prog.field_types_of(*a);
                match (items.into_iter().next(), fields.first()) {
                    (Some(first), Some(f)) => self.convert(first, f, to, span),
                    _ => self.unsupported_conversion(from, to, span),
                }
            }
            (_, CgType::Struct(b), v) => {
                let fields = self.prog.field_types_of(*b);
                let mut out = Vec::new();
                for f in &fields {
                    out.push(self.convert(v.clone(), from, f, span)?);
                }
                Ok(Val::Struct(out))
            }
            (CgType::Array(e, _), CgType::Array(f, _), Val::Array(items, origin)) => {
                if e == f {
                    return Ok(Val::Array(items, origin));
                }
                let mut out = Vec::new();
                for item in items {
                    out.push(self.convert(item, e, f, span)?);
                }
                Ok(Val::Array(out, None))
            }
            (_, _, v) if from.is_basic() || matches!(from, CgType::Array(..)) => {
                self.reshape(v, from, to, span)
            }
            _ => self.unsupported_conversion(from, to, span),
        }
    }

    /// Conversions that regroup components: vector ↔ matrix, array ↔ vector or matrix, matrix →
    /// vector or scalar.
    fn reshape(&mut self, v: Val, from: &CgType, to: &CgType, span: Span) -> R<Val> {
        let comps = self.scalar_components(&v);
        let (scalar, rows, cols) = match to {
            CgType::Scalar(s) => (*s, 1, 1),
            CgType::Vector(s, n) => (*s, 1, *n),
            CgType::Matrix(s, r, c) => (*s, *r, *c),
            CgType::Array(elem, Some(n)) => {
                return self.reshape_to_array(comps, elem, *n, from, to, span);
            }
            _ => return self.unsupported_conversion(from, to, span),
        };
        let need = usize::from(rows) * usize::from(cols);
        if comps.len() < need {
            return self.unsupported_conversion(from, to, span);
        }
        let kind = kind_of(scalar);
        let mut out_rows = Vec::new();
        for r in 0..usize::from(rows) {
            let part = &comps[r * usize::from(cols)..(r + 1) * usize::from(cols)];
            let row = self.em.assemble(part);
            out_rows.push(self.em.cvt(row, kind));
        }
        Ok(match to {
            CgType::Matrix(..) => Val::Mat(out_rows),
            _ => Val::Vec(out_rows[0]),
        })
    }

    fn reshape_to_array(
        &mut self,
        comps: Vec<(Value, u8)>,
        elem: &CgType,
        n: u32,
        from: &CgType,
        to: &CgType,
        span: Span,
    ) -> R<Val> {
        let (scalar, width) = match elem {
            CgType::Scalar(s) => (*s, 1usize),
            CgType::Vector(s, w) => (*s, usize::from(*w)),
            _ => return self.unsupported_conversion(from, to, span),
        };
        if comps.len() < n as usize * width {
            return self.unsupported_conversion(from, to, span);
        }
        let items = comps
            .chunks(width)
            .take(n as usize)
            .map(|part| {
                let x = self.em.assemble(part);
                Val::Vec(self.em.cvt(x, kind_of(scalar)))
            })
            .collect();
        Ok(Val::Array(items, None))
    }

    /// Every scalar component of a vector, matrix (row by row) or array of them, in order.
    pub(super) fn scalar_components(&self, v: &Val) -> Vec<(Value, u8)> {
        v.leaves()
            .into_iter()
            .flat_map(|leaf| self.em.components(leaf))
            .collect()
    }

    fn unsupported_conversion<T>(&mut self, from: &CgType, to: &CgType, span: Span) -> R<T> {
        let (f, t) = (self.prog.type_name(from), self.prog.type_name(to));
        self.error(span, format!("converting `{f}` to `{t}` is not supported"))
    }
}
