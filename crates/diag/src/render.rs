//! Renders diagnostics as `FILE:LINE:COL: error: MESSAGE`, the source line and a caret.

use crate::{Diagnostic, Label, SourceFiles};
use std::fmt::Write;

/// Renders one diagnostic. The first line is always `FILE:LINE:COL: SEVERITY: MESSAGE` (or
/// `pigment: SEVERITY: MESSAGE` without a location) so that editors and scripts can parse it.
pub fn render(files: &SourceFiles, diagnostic: &Diagnostic) -> String {
    let mut out = String::new();
    let severity = match diagnostic.code() {
        Some(code) => format!("{}[{code}]", diagnostic.severity.as_str()),
        None => diagnostic.severity.as_str().to_string(),
    };
    match &diagnostic.primary {
        Some(label) => {
            let _ = writeln!(
                out,
                "{}: {severity}: {}",
                location(files, label),
                diagnostic.message
            );
            excerpt(&mut out, files, label);
        }
        None => {
            let _ = writeln!(out, "pigment: {severity}: {}", diagnostic.message);
        }
    }
    for label in &diagnostic.secondary {
        let _ = writeln!(out, "{}: note: {}", location(files, label), label.message);
        excerpt(&mut out, files, label);
    }
    for note in &diagnostic.notes {
        let _ = writeln!(out, "  = note: {note}");
    }
    out
}

fn location(files: &SourceFiles, label: &Label) -> String {
    let lc = files.line_col(label.file, label.span.start);
    format!("{}:{}:{}", files.name(label.file), lc.line, lc.col)
}

/// Writes the line the label starts on and a caret line underneath the labelled text.
fn excerpt(out: &mut String, files: &SourceFiles, label: &Label) {
    let start = files.line_col(label.file, label.span.start);
    let line = files.line_text(label.file, start.line);
    let gutter = start.line.to_string().len();
    let width = if label.span.end > label.span.start {
        let end = files.line_col(label.file, label.span.end);
        if end.line == start.line {
            end.col - start.col
        } else {
            line.chars().count().saturating_sub(start.col - 1).max(1)
        }
    } else {
        1
    };
    let pad: String = line
        .chars()
        .take(start.col - 1)
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    let _ = writeln!(out, "{:gutter$} |", "");
    let _ = writeln!(out, "{} | {}", start.line, line);
    let _ = writeln!(out, "{:gutter$} | {}{}", "", pad, "^".repeat(width.max(1)));
}

#[cfg(test)]
mod tests {
    use crate::{render, Diagnostic, SourceFiles, Span};

    #[test]
    fn a_code_follows_the_severity_in_brackets() {
        let mut files = SourceFiles::new();
        let id = files.add("a.p", "value x = 1;\n");
        let d = Diagnostic::error("bad")
            .with_code("SOME_CODE")
            .at(id, Span::new(6, 7));
        let text = render(&files, &d);
        assert_eq!(text.lines().next(), Some("a.p:1:7: error[SOME_CODE]: bad"));
    }

    #[test]
    fn first_line_is_file_line_col_severity_message() {
        let mut files = SourceFiles::new();
        let id = files.add("a.fp", "!!FP1.0\nMOV R0, R99;\nEND\n");
        let d = Diagnostic::error("unknown register `R99`").at(id, Span::new(16, 19));
        let text = render(&files, &d);
        let mut lines = text.lines();
        assert_eq!(
            lines.next(),
            Some("a.fp:2:9: error: unknown register `R99`")
        );
        assert_eq!(lines.nth(1), Some("2 | MOV R0, R99;"));
        assert_eq!(lines.next(), Some("  |         ^^^"));
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let mut files = SourceFiles::new();
        let id = files.add("u.cg", "é x");
        assert_eq!(files.line_col(id, 3).col, 3);
    }
}
