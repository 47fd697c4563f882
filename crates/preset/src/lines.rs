//! The line syntax of a libretro config file (RetroArch's `config_file` format, which `.cgp`
//! presets use): `key = value` per line, the value either `"quoted"` or running to a `#` or the
//! first word (what follows it is ignored, as RetroArch does); `#` starts a comment, and so do `//`
//! at the start of a line and `/* ... */` over whole lines; `#reference "FILE"` (and the older `#include "FILE"`) pulls in
//! another preset whose keys this file may override.

use pigment_diag::{Diagnostic, FileId, Span};

/// One `key = value` line.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub key: String,
    pub value: String,
    pub file: FileId,
    /// The key as written, for errors about the key.
    pub key_span: Span,
    /// The value as written (inside the quotes when quoted), for errors about the value.
    pub value_span: Span,
}

/// A line of a file, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Line {
    Entry(Entry),
    /// `#reference "PATH"`: the path, where it is written.
    Reference {
        path: String,
        span: Span,
    },
}

/// Splits `text` into entries and references; malformed lines are errors.
pub fn split(text: &str, file: FileId) -> Result<Vec<Line>, Diagnostic> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut in_block = false;
    for raw in text.split_inclusive('\n') {
        let line = raw.trim_end_matches(['\n', '\r']);
        // A `/* ... */` block (some presets open with a licence in one) spans whole lines.
        let opens = line.trim_start().starts_with("/*");
        if in_block || opens {
            let rest = if in_block {
                line
            } else {
                &line.trim_start()[2..]
            };
            in_block = !rest.contains("*/");
        } else if let Some(parsed) = split_line(line, start, file)? {
            lines.push(parsed);
        }
        start += raw.len();
    }
    Ok(lines)
}

fn split_line(line: &str, at: usize, file: FileId) -> Result<Option<Line>, Diagnostic> {
    let body = line.trim_start();
    let indent = at + line.len() - body.len();
    // `//` lines are comments too in the wild (RetroArch skips any line without `=`).
    if body.is_empty() || body.starts_with("//") {
        return Ok(None);
    }
    if let Some(directive) = body.strip_prefix('#') {
        let word = ["reference", "include"].into_iter().find(|w| {
            directive.starts_with(w) && directive[w.len()..].starts_with([' ', '\t', '"'])
        });
        let Some(word) = word else {
            return Ok(None); // a comment
        };
        let rest_at = indent + 1 + word.len();
        let (path, span) = value(&directive[word.len()..], rest_at, file)?;
        if path.is_empty() {
            return Err(error(
                file,
                Span::new(indent, at + line.len()),
                format!("`#{word}` needs a file name"),
            ));
        }
        return Ok(Some(Line::Reference { path, span }));
    }
    let key_len = body
        .find(|c: char| c == '=' || c.is_whitespace())
        .unwrap_or(body.len());
    let key_span = Span::new(indent, indent + key_len);
    let after_key = body[key_len..].trim_start();
    let Some(rhs) = after_key.strip_prefix('=') else {
        return Err(error(
            file,
            key_span,
            format!("`{}` should be followed by `= VALUE`", &body[..key_len]),
        ));
    };
    if key_len == 0 {
        return Err(error(
            file,
            Span::new(indent, indent + 1),
            "a line starts with `=`: the key is missing",
        ));
    }
    let rhs_at = at + line.len() - rhs.len();
    let (value, value_span) = value(rhs, rhs_at, file)?;
    Ok(Some(Line::Entry(Entry {
        key: body[..key_len].to_string(),
        value,
        file,
        key_span,
        value_span,
    })))
}

/// The value in `text` (which starts at offset `at`): quoted, or up to a `#` comment, trimmed.
fn value(text: &str, at: usize, file: FileId) -> Result<(String, Span), Diagnostic> {
    let trimmed = text.trim_start();
    let start = at + text.len() - trimmed.len();
    if let Some(quoted) = trimmed.strip_prefix('"') {
        let Some(end) = quoted.find('"') else {
            return Err(error(
                file,
                Span::new(start, start + 1),
                "this quote is never closed",
            ));
        };
        let tail = quoted[end + 1..].trim_start();
        if !tail.is_empty() && !tail.starts_with('#') {
            let tail_at = at + text.len() - tail.len();
            return Err(error(
                file,
                Span::new(tail_at, tail_at + tail.len()),
                "unexpected text after the quoted value (a comment starts with `#`)",
            ));
        }
        return Ok((
            quoted[..end].to_string(),
            Span::new(start + 1, start + 1 + end),
        ));
    }
    // An unquoted value is one word, as RetroArch reads it: what follows (`// a note`) is ignored.
    let plain = trimmed
        .split(|c: char| c == '#' || c.is_whitespace())
        .next()
        .unwrap_or("");
    Ok((plain.to_string(), Span::new(start, start + plain.len())))
}

pub(crate) fn error(file: FileId, span: Span, message: impl Into<String>) -> Diagnostic {
    Diagnostic::error(message).at(file, span)
}
