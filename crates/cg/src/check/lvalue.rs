//! Assignable expressions: variables (not `const`; samplers with a warning), their fields, elements and
//! write masks (a swizzle that repeats no component, "The write-mask operator"). Function results
//! and other rvalues are not assignable ("A function call returns an rvalue").

use super::program::Resolution;
use super::types::Type;
use super::Checker;
use crate::syntax::ast::{ExprId, ExprKind};

/// Why a sampler copy is only a warning. The spec forbids sampler locals and assignments
/// ("No other definition of sampler* variables is permitted ... Assignment to sampler* variables
/// is not permitted"), but cgc accepts both and resolves each lookup to the uniform sampler the
/// variable holds at that point; it fails only when that is not known at compile time.
pub(super) const SAMPLER_COPY: &str = "the Cg spec does not allow copying samplers; cgc accepts it when every lookup resolves to one uniform sampler at compile time";

impl Checker<'_> {
    /// Reports (once) why `e` cannot be assigned; `what` names the place (`the left side of
    /// `=``). Returns true when `e` is assignable or already in error.
    pub(super) fn check_lvalue(&mut self, e: ExprId, what: &str) -> bool {
        match self.lvalue_problem(e) {
            None => {
                if matches!(self.program.type_of(e), Type::Sampler(_)) {
                    self.warning(
                        self.span_of(e),
                        format!("{what} is a sampler: {SAMPLER_COPY}"),
                    );
                }
                true
            }
            Some((span, problem)) => {
                self.error(span, format!("{what} must be assignable: {problem}"));
                false
            }
        }
    }

    fn lvalue_problem(&self, e: ExprId) -> Option<(crate::syntax::ast::Span, String)> {
        let span = self.span_of(e);
        if self.program.type_of(e).is_error() {
            return None;
        }
        match &self.unit.exprs[e].kind {
            ExprKind::Name(n) => match self.program.resolutions.get(&e) {
                Some(Resolution::Var(v)) => {
                    let var = self.program.var(*v);
                    if var.is_const {
                        Some((span, format!("`{}` is const", n.name)))
                    } else {
                        None
                    }
                }
                Some(Resolution::ImplicitField { .. }) => None,
                _ => None,
            },
            ExprKind::Member { base, member } => match self.program.resolutions.get(&e) {
                Some(Resolution::Field { .. }) => self.lvalue_problem(*base),
                Some(Resolution::Swizzle(c)) => {
                    if has_repeats(c.iter().copied()) {
                        return Some((
                            member.span,
                            format!("the write mask `.{}` repeats a component", member.name),
                        ));
                    }
                    self.lvalue_problem(*base)
                }
                Some(Resolution::MatrixSwizzle(p)) => {
                    if has_repeats(p.iter().map(|(r, c)| r * 4 + c)) {
                        return Some((
                            member.span,
                            format!("the write mask `.{}` repeats an element", member.name),
                        ));
                    }
                    self.lvalue_problem(*base)
                }
                Some(Resolution::ArrayLength(_)) => {
                    Some((member.span, "`.length` is not assignable".to_string()))
                }
                _ => None,
            },
            ExprKind::Index { base, .. } => self.lvalue_problem(*base),
            ExprKind::Error => None,
            ExprKind::Call { .. } => {
                Some((span, "a function result is not assignable".to_string()))
            }
            ExprKind::Literal(_) => Some((span, "a constant is not assignable".to_string())),
            _ => Some((span, "this expression is not a variable".to_string())),
        }
    }
}

fn has_repeats(items: impl Iterator<Item = u8>) -> bool {
    let mut seen = 0u32;
    for i in items {
        let bit = 1u32 << (i % 32);
        if seen & bit != 0 {
            return true;
        }
        seen |= bit;
    }
    false
}
