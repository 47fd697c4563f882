//! Collects the diagnostics of one load so that every problem is reported, not just the first.

use pigment_diag::{Diagnostic, FileId, Span};

/// The diagnostics found so far, all pointing into one file.
pub(super) struct Reporter {
    pub file: FileId,
    pub diagnostics: Vec<Diagnostic>,
}

impl Reporter {
    pub fn new(file: FileId) -> Reporter {
        Reporter {
            file,
            diagnostics: Vec::new(),
        }
    }

    /// An error at `span`, not yet reported: add labels and notes, then [`Reporter::push`] it.
    pub fn error(&self, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(message).at(self.file, span)
    }

    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    /// Reports a plain error at `span`.
    pub fn report(&mut self, span: Span, message: impl Into<String>) {
        let diagnostic = self.error(span, message);
        self.push(diagnostic);
    }

    /// How many errors have been reported; compare two counts to see whether a step found problems.
    pub fn error_count(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }
}
