//! The Parasol checker: the reference compiler's stages in its order — module structure, resolution,
//! type checking, externals per stage. A stage that finds errors ends the check, so that a program is
//! rejected with the error name the reference compiler would give it.

pub mod env;
mod resolve;
mod structure;
mod typeck;
pub mod types;

use crate::ast::Unit;
use pigment_diag::{Diagnostic, FileId, Span};

/// Collects a stage's errors.
#[derive(Default)]
pub struct Reporter {
    pub diags: Vec<Diagnostic>,
}

impl Reporter {
    pub fn error(
        &mut self,
        file: FileId,
        span: Span,
        code: &'static str,
        message: impl Into<String>,
    ) {
        self.diags
            .push(Diagnostic::error(message).with_code(code).at(file, span));
    }
}

/// Checks the units together (the standard library must be among them: see [`crate::stdlib`]).
/// Returns the first failing stage's errors, or nothing when the program is well formed.
pub fn check(units: &[Unit]) -> Vec<Diagnostic> {
    let mut r = Reporter::default();
    structure::check(units, &mut r);
    if !r.diags.is_empty() {
        return r.diags;
    }
    let env = env::Env::new(units);
    resolve::check(&env, &mut r);
    if !r.diags.is_empty() {
        return r.diags;
    }
    typeck::check(&env, &mut r);
    r.diags
}
