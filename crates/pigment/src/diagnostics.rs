//! Diagnostics as a library user reads them: each already placed in the file the user wrote
//! (through `#include`s and imports), with its line and column, and rendered as rustc-style text.

pub use pigment_diag::Severity;
use pigment_diag::{Diagnostic, SourceFiles};
use std::fmt;

/// One diagnostic: where it is, what it says, and the text `pigment` prints for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// How serious it is.
    pub severity: Severity,
    /// The file it points into, as the session names it (`None`: the whole program).
    pub file: Option<String>,
    /// 1-based line (0 when there is no location).
    pub line: u32,
    /// 1-based column in characters (0 when there is no location).
    pub column: u32,
    /// The message, without location or severity.
    pub message: String,
    /// The whole diagnostic as printed: `FILE:LINE:COL: error: message`, the source line and a
    /// caret, and its notes.
    pub rendered: String,
}

/// The diagnostics of one request, in the order they were found.
///
/// ```
/// use pigment::{CompileRequest, Session, Target};
/// let mut session = Session::new();
/// session.add_source("bad.cg", "float4 main() : COLOR { return 1 }\n");
/// let error = session.compile(&CompileRequest::new("bad.cg", Target::Fp30)).unwrap_err();
/// let diagnostics = error.diagnostics().expect("the program is rejected");
/// let first = diagnostics.iter().next().unwrap();
/// assert_eq!((first.file.as_deref(), first.line), (Some("bad.cg"), 1));
/// assert!(diagnostics.to_string().starts_with("bad.cg:1:"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics {
    entries: Vec<Entry>,
}

impl Diagnostics {
    /// No diagnostics.
    pub fn new() -> Diagnostics {
        Diagnostics::default()
    }

    /// Adds `found`, which point into `files`.
    pub fn extend(&mut self, files: &SourceFiles, found: &[Diagnostic]) {
        self.entries.extend(found.iter().map(|d| entry(files, d)));
    }

    /// Adds every entry of `other`.
    pub fn append(&mut self, other: Diagnostics) {
        self.entries.extend(other.entries);
    }

    /// Adds a diagnostic with no location.
    pub fn push_message(&mut self, severity: Severity, message: impl Into<String>) {
        let message = message.into();
        self.entries.push(Entry {
            severity,
            file: None,
            line: 0,
            column: 0,
            rendered: format!("{}: {message}\n", severity.as_str()),
            message,
        });
    }

    /// The entries in order.
    pub fn iter(&self) -> std::slice::Iter<'_, Entry> {
        self.entries.iter()
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Whether any is an error.
    pub fn has_errors(&self) -> bool {
        self.entries.iter().any(|e| e.severity == Severity::Error)
    }
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Entry;
    type IntoIter = std::slice::Iter<'a, Entry>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Every entry's rendered text, one after the other.
impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.entries
            .iter()
            .try_for_each(|e| f.write_str(&e.rendered))
    }
}

fn entry(files: &SourceFiles, d: &Diagnostic) -> Entry {
    let (file, line, column) = match &d.primary {
        Some(label) => {
            let at = files.line_col(label.file, label.span.start);
            let name = files.name(label.file).to_string();
            (Some(name), at.line as u32, at.col as u32)
        }
        None => (None, 0, 0),
    };
    Entry {
        severity: d.severity,
        file,
        line,
        column,
        message: d.message.clone(),
        rendered: pigment_diag::render(files, d),
    }
}
