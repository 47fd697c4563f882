//! Source files, spans and diagnostics shared by every Pigment front end.
//!
//! Every parser, checker and validator in Pigment reports problems as [`Diagnostic`]s: a severity, a
//! message, a primary location, optional secondary labels and notes. [`SourceFiles`] owns the text of
//! every file a diagnostic can point into, so that the renderer can print the
//! `FILE:LINE:COL: error: MESSAGE` line followed by the source line and a caret, the way compilers do.
#![forbid(unsafe_code)]

pub mod cursor;
mod files;
pub mod read;
mod render;
pub mod report;

pub use files::{FileId, LineCol, SourceFiles};
pub use render::{clip, render, MAX_ECHO_CHARS, MAX_LABELS, MAX_MESSAGE_CHARS, MAX_NOTES};

/// A half-open byte range `start..end` inside one source file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// The smallest span covering both `self` and `other`.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Note,
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// A place in a file, with an optional message saying what is there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub file: FileId,
    pub span: Span,
    pub message: String,
}

/// An error name (`TYPE_ERROR_...`), interned to two bytes so that adding it to [`Diagnostic`] does
/// not make diagnostics bigger (they are returned by value in `Result`s throughout).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Code(std::num::NonZeroU16);

/// Every error name interned so far; a [`Code`] is its index plus one.
static CODES: std::sync::Mutex<Vec<&'static str>> = std::sync::Mutex::new(Vec::new());

impl Code {
    pub fn new(name: &'static str) -> Code {
        let mut codes = CODES.lock().unwrap_or_else(|e| e.into_inner());
        let index = match codes.iter().position(|c| *c == name) {
            Some(i) => i,
            None => {
                codes.push(name);
                codes.len() - 1
            }
        };
        let id = u16::try_from(index + 1).unwrap_or(u16::MAX);
        Code(std::num::NonZeroU16::new(id).unwrap_or(std::num::NonZeroU16::MAX))
    }

    pub fn name(self) -> &'static str {
        let codes = CODES.lock().unwrap_or_else(|e| e.into_inner());
        codes.get(self.0.get() as usize - 1).copied().unwrap_or("?")
    }
}

/// One problem found in the user's input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// An optional error name printed in brackets after the severity (`error[CODE]: ...`), for
    /// languages whose reference compiler names its errors (Parasol).
    pub code: Option<Code>,
    pub message: String,
    /// Where the problem is; `None` for problems with no location (an unreadable file, say).
    pub primary: Option<Label>,
    /// Related places: a previous declaration, the candidates of an ambiguous call.
    pub secondary: Vec<Label>,
    /// Free-standing notes printed after the source excerpt.
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn new(severity: Severity, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity,
            code: None,
            message: message.into(),
            primary: None,
            secondary: Vec::new(),
            notes: Vec::new(),
        }
    }

    pub fn error(message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Error, message)
    }

    pub fn warning(message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Warning, message)
    }

    /// Sets the primary location.
    pub fn at(mut self, file: FileId, span: Span) -> Diagnostic {
        self.primary = Some(Label {
            file,
            span,
            message: String::new(),
        });
        self
    }

    /// Adds a secondary location with a message ("previous definition is here").
    pub fn with_label(
        mut self,
        file: FileId,
        span: Span,
        message: impl Into<String>,
    ) -> Diagnostic {
        self.secondary.push(Label {
            file,
            span,
            message: message.into(),
        });
        self
    }

    /// Sets the error name printed as `error[CODE]`.
    pub fn with_code(mut self, code: &'static str) -> Diagnostic {
        self.code = Some(Code::new(code));
        self
    }

    /// The error name, if any.
    pub fn code(&self) -> Option<&'static str> {
        self.code.map(Code::name)
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// The most diagnostics a front end keeps from one input. A file can hold millions of errors (a
/// megabyte of stray braces); past this many the rest say nothing new, and keeping them would cost
/// memory and time in proportion to the garbage.
pub const MAX_COLLECTED: usize = 200;

/// Adds `d` to `diags` unless they already hold [`MAX_COLLECTED`]; the diagnostic that reaches
/// the limit is followed by one saying that the rest are not reported. False once full, so that
/// a caller can stop early.
pub fn push_capped(diags: &mut Vec<Diagnostic>, d: Diagnostic) -> bool {
    if diags.len() >= MAX_COLLECTED {
        return false;
    }
    diags.push(d);
    if diags.len() == MAX_COLLECTED {
        diags.push(too_many(diags));
        return false;
    }
    true
}

/// Cuts a list merged from several capped lists (a lexer's and a parser's, sorted) back to
/// [`MAX_COLLECTED`] and one closing diagnostic.
pub fn cap(diags: &mut Vec<Diagnostic>) {
    let before = diags.len();
    diags.retain(|d| !d.message.starts_with(TOO_MANY));
    if diags.len() > MAX_COLLECTED || diags.len() < before {
        diags.truncate(MAX_COLLECTED);
        diags.push(too_many(diags));
    }
}

/// How the closing diagnostic starts, which [`cap`] recognises it by.
const TOO_MANY: &str = "too many errors:";

/// The closing diagnostic, where the last one kept is: reading stopped there.
fn too_many(kept: &[Diagnostic]) -> Diagnostic {
    let message = format!("{TOO_MANY} the first {MAX_COLLECTED} are reported, up to here");
    let mut d = Diagnostic::error(message);
    d.primary = kept.last().and_then(|last| last.primary.clone());
    d
}

/// True when a list filled by [`push_capped`] is full.
pub fn is_full(diags: &[Diagnostic]) -> bool {
    diags.len() >= MAX_COLLECTED
}

/// True when any diagnostic in the list is an error.
pub fn has_errors(diagnostics: &[Diagnostic]) -> bool {
    diagnostics.iter().any(Diagnostic::is_error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collection_stops_at_the_limit_with_one_closing_error() {
        let mut diags = Vec::new();
        let at = |i: usize| Diagnostic::error(format!("e{i}")).at(FileId(0), Span::new(i, i + 1));
        let kept = (0..MAX_COLLECTED * 3)
            .filter(|&i| push_capped(&mut diags, at(i)))
            .count();
        assert_eq!(
            kept,
            MAX_COLLECTED - 1,
            "the last one kept reports the limit"
        );
        assert_eq!(diags.len(), MAX_COLLECTED + 1);
        assert!(diags[MAX_COLLECTED].message.starts_with("too many errors"));
        let last = Span::new(MAX_COLLECTED - 1, MAX_COLLECTED);
        assert_eq!(diags[MAX_COLLECTED].primary.as_ref().unwrap().span, last);
        assert!(is_full(&diags));
        let mut merged = diags.clone();
        merged.extend(diags);
        merged.sort_by_key(|d| d.primary.as_ref().map(|l| l.span.start));
        cap(&mut merged);
        let closing = merged.iter().filter(|d| d.message.starts_with(TOO_MANY));
        assert_eq!(closing.count(), 1);
        assert_eq!(merged.len(), MAX_COLLECTED + 1);
        assert!(merged[MAX_COLLECTED].message.starts_with("too many errors"));
    }
}
