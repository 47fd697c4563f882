//! Renders diagnostics as `FILE:LINE:COL: error: MESSAGE`, the source line and a caret.
//!
//! What one diagnostic prints is bounded whatever the input: messages and notes are cut at
//! [`MAX_MESSAGE_CHARS`], the echoed source line is a window of [`MAX_ECHO_CHARS`] around the
//! caret, and at most [`MAX_LABELS`] secondary labels and [`MAX_NOTES`] notes are shown.

use crate::{Diagnostic, Label, SourceFiles};
use std::borrow::Cow;
use std::fmt::Write;

/// The most characters of a message or note printed (a message may quote a huge token).
pub const MAX_MESSAGE_CHARS: usize = 400;
/// The most characters of a source line echoed under a diagnostic.
pub const MAX_ECHO_CHARS: usize = 120;
/// The most secondary labels printed for one diagnostic.
pub const MAX_LABELS: usize = 8;
/// The most notes printed for one diagnostic.
pub const MAX_NOTES: usize = 16;

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
                clip(&diagnostic.message, MAX_MESSAGE_CHARS)
            );
            excerpt(&mut out, files, label);
        }
        None => {
            let message = clip(&diagnostic.message, MAX_MESSAGE_CHARS);
            let _ = writeln!(out, "pigment: {severity}: {message}");
        }
    }
    for label in diagnostic.secondary.iter().take(MAX_LABELS) {
        let message = clip(&label.message, MAX_MESSAGE_CHARS);
        let _ = writeln!(out, "{}: note: {message}", location(files, label));
        excerpt(&mut out, files, label);
    }
    if let Some(more) = diagnostic.secondary.len().checked_sub(MAX_LABELS + 1) {
        let _ = writeln!(out, "  = note: and {} more places", more + 1);
    }
    for note in diagnostic.notes.iter().take(MAX_NOTES) {
        let _ = writeln!(out, "  = note: {}", clip(note, MAX_MESSAGE_CHARS));
    }
    out
}

/// `text` cut to `max` characters, `...` marking the cut (for messages printed outside a
/// [`crate::Diagnostic`], such as a command-line error quoting its argument).
pub fn clip(text: &str, max: usize) -> Cow<'_, str> {
    match text.char_indices().nth(max) {
        Some((cut, _)) => Cow::Owned(format!("{}...", &text[..cut])),
        None => Cow::Borrowed(text),
    }
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
    let window = Window::around(line, start.col - 1, width.max(1));
    let _ = writeln!(out, "{:gutter$} |", "");
    let _ = writeln!(out, "{} | {}", start.line, window.text);
    let _ = writeln!(
        out,
        "{:gutter$} | {}{}",
        "",
        window.pad,
        "^".repeat(window.carets)
    );
}

/// The part of a source line echoed under a diagnostic: at most [`MAX_ECHO_CHARS`] characters,
/// starting a little before the caret, with `...` where the line was cut.
struct Window {
    text: String,
    /// What goes before the carets: the echoed characters before the caret as blanks (tabs kept).
    pad: String,
    carets: usize,
}

impl Window {
    /// The window of `line` showing the `width` characters from character `col` (0-based).
    fn around(line: &str, col: usize, width: usize) -> Window {
        let chars: Vec<char> = line.chars().collect();
        let col = col.min(chars.len());
        let first = if chars.len() <= MAX_ECHO_CHARS {
            0
        } else {
            col.saturating_sub(MAX_ECHO_CHARS / 3)
        };
        let last = (first + MAX_ECHO_CHARS).min(chars.len());
        let lead = if first > 0 { "..." } else { "" };
        let tail = if last < chars.len() { "..." } else { "" };
        let shown: String = chars[first..last].iter().collect();
        let blanks = chars[first..col]
            .iter()
            .map(|&c| if c == '\t' { '\t' } else { ' ' });
        Window {
            text: format!("{lead}{shown}{tail}"),
            pad: " ".repeat(lead.len()) + &blanks.collect::<String>(),
            carets: width.min(last.saturating_sub(col)).max(1),
        }
    }
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
    fn a_long_line_is_echoed_as_a_window_around_the_caret() {
        let mut files = SourceFiles::new();
        let line = format!("{}BAD{}", "a".repeat(5000), "b".repeat(5000));
        let id = files.add("long.cg", line);
        let d = Diagnostic::error("x".repeat(10_000)).at(id, Span::new(5000, 5003));
        let text = render(&files, &d);
        assert!(text.len() < 1000, "{} bytes", text.len());
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("long.cg:1:5001: error: xxx") && lines[0].ends_with("..."));
        let echo = lines[2].strip_prefix("1 | ").unwrap();
        let caret = lines[3].strip_prefix("  | ").unwrap();
        let at = caret.find('^').unwrap();
        assert_eq!(&echo[at..at + 3], "BAD");
        assert_eq!(caret.trim_start(), "^^^");
        assert!(echo.starts_with("...a") && echo.ends_with("b..."));
    }

    #[test]
    fn secondary_labels_and_notes_are_capped() {
        let mut files = SourceFiles::new();
        let id = files.add("a.cg", "x\n");
        let mut d = Diagnostic::error("ambiguous").at(id, Span::new(0, 1));
        for _ in 0..100 {
            d = d.with_label(id, Span::new(0, 1), "here").with_note("n");
        }
        let text = render(&files, &d);
        assert_eq!(text.matches(": note: here").count(), super::MAX_LABELS);
        assert_eq!(text.matches("= note: n\n").count(), super::MAX_NOTES);
        assert!(text.contains("and 92 more places"));
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let mut files = SourceFiles::new();
        let id = files.add("u.cg", "é x");
        assert_eq!(files.line_col(id, 3).col, 3);
    }
}
