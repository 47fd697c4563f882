//! The parser: reads the header comments and the trailer out of the text of a `.fp` file.
//!
//! Tolerant by design, since headers come from many cgc versions and from hand edits:
//! * a line is a directive when it starts (after blanks) with `#WORD`; unknown words are ignored;
//! * `# text` lines before the first statement are notes, the `# N instructions, ...` line anywhere
//!   is the trailer (cgc 1.0's final period accepted), other comments are ignored;
//! * a malformed `#var`, `#semantic`, `#default` or `#const` line is skipped with a warning whose
//!   span is the offending field (or the line); nothing here panics.

use super::{ProgramInterface, SemanticLine, Stats, ValueLine, Var};
use pigment_diag::{Diagnostic, FileId, Span};

/// The interface described by `text`'s comments, and a warning per line that could not be read.
pub fn parse(text: &str, file: FileId) -> (ProgramInterface, Vec<Diagnostic>) {
    let mut parser = Parser {
        text,
        file,
        interface: ProgramInterface::default(),
        warnings: Vec::new(),
    };
    let mut in_header = true;
    for raw in text.split('\n') {
        let line = raw.trim();
        if let Some(comment) = line.strip_prefix('#') {
            parser.comment(line, comment, in_header);
        } else if !line.is_empty() && !line.starts_with("!!") {
            in_header = false;
        }
    }
    (parser.interface, parser.warnings)
}

struct Parser<'t> {
    text: &'t str,
    file: FileId,
    interface: ProgramInterface,
    warnings: Vec<Diagnostic>,
}

/// Where `inner` (a slice of `text`) lies in `text`.
fn span_in(text: &str, inner: &str) -> Span {
    let start = (inner.as_ptr() as usize).saturating_sub(text.as_ptr() as usize);
    Span::new(start, start + inner.len())
}

impl<'t> Parser<'t> {
    fn warn(&mut self, at: &str, message: String) {
        let span = span_in(self.text, at);
        self.warnings
            .push(Diagnostic::warning(message).at(self.file, span));
    }

    /// One comment line; `comment` is what follows its `#`.
    fn comment(&mut self, line: &'t str, comment: &'t str, in_header: bool) {
        if comment.starts_with(|c: char| c.is_ascii_alphabetic()) {
            let (word, rest) = comment
                .split_once(char::is_whitespace)
                .unwrap_or((comment, ""));
            self.directive(line, word, rest.trim());
        } else if let Some(stats) = parse_stats(comment) {
            self.interface.stats = Some(stats);
        } else if in_header {
            let note = comment.strip_prefix(' ').unwrap_or(comment);
            self.interface.notes.push(note.to_string());
        }
    }

    fn directive(&mut self, line: &'t str, word: &str, rest: &'t str) {
        let text = || Some(rest.to_string()).filter(|r| !r.is_empty());
        match word {
            "vendor" => self.interface.vendor = text(),
            "version" => self.interface.version = text(),
            "profile" => self.interface.profile = text(),
            "program" => self.interface.program = text(),
            "semantic" => {
                if let Some(s) = self.semantic(line, rest) {
                    self.interface.semantics.push(s);
                }
            }
            "var" => {
                if let Some(v) = self.var(line, rest) {
                    self.interface.vars.push(v);
                }
            }
            "default" => {
                if let Some(d) = self.value_line(line, "#default", rest) {
                    self.interface.defaults.push(d);
                }
            }
            "const" => {
                if let Some(c) = self.value_line(line, "#const", rest) {
                    self.interface.consts.push(c);
                }
            }
            _ => {}
        }
    }

    /// `NAME` or `NAME : SEMANTIC`.
    fn semantic(&mut self, line: &str, rest: &str) -> Option<SemanticLine> {
        let (name, semantic) = match rest.split_once(':') {
            Some((n, s)) => (
                n.trim(),
                Some(s.trim().to_string()).filter(|s| !s.is_empty()),
            ),
            None => (rest, None),
        };
        if name.is_empty() || name.contains(char::is_whitespace) {
            self.warn(
                line,
                "`#semantic` should be `#semantic NAME [: SEMANTIC]`".into(),
            );
            return None;
        }
        Some(SemanticLine {
            name: name.to_string(),
            semantic,
        })
    }

    /// `TYPE NAME : SEMANTIC : RESOURCE : PARAM# : REFERENCED`.
    fn var(&mut self, line: &str, rest: &str) -> Option<Var> {
        let fields: Vec<&str> = rest.split(':').map(str::trim).collect();
        let [declaration, semantic, resource, param, referenced] = fields[..] else {
            self.warn(
                line,
                format!(
                    "`#var` has {} fields, expected 5: TYPE NAME : SEMANTIC : RESOURCE : PARAM# : REFERENCED",
                    fields.len()
                ),
            );
            return None;
        };
        let mut words = declaration.split_whitespace();
        let (Some(ty), Some(name), None) = (words.next(), words.next(), words.next()) else {
            self.warn(
                if declaration.is_empty() {
                    line
                } else {
                    declaration
                },
                "`#var` should start with a type and a name, e.g. `float4 color`".into(),
            );
            return None;
        };
        let Ok(param_index) = param.parse::<i32>() else {
            self.warn(
                if param.is_empty() { line } else { param },
                format!("`#var {name}`: the parameter number `{param}` is not an integer"),
            );
            return None;
        };
        let referenced = match referenced {
            "0" => false,
            "1" => true,
            _ => {
                self.warn(
                    if referenced.is_empty() {
                        line
                    } else {
                        referenced
                    },
                    format!("`#var {name}`: the referenced flag `{referenced}` is not 0 or 1"),
                );
                return None;
            }
        };
        Some(Var {
            ty: ty.to_string(),
            name: name.to_string(),
            semantic: semantic.to_string(),
            resource: resource.to_string(),
            param_index,
            referenced,
        })
    }

    /// `NAME = v0 v1 ...` (commas between the values are accepted too).
    fn value_line(&mut self, line: &str, what: &str, rest: &str) -> Option<ValueLine> {
        let Some((name, values)) = rest.split_once('=') else {
            self.warn(
                line,
                format!("`{what}` should be `{what} NAME = v0 v1 ...`"),
            );
            return None;
        };
        let name = name.trim();
        if name.is_empty() {
            self.warn(line, format!("`{what}` has no name"));
            return None;
        }
        let mut parsed = Vec::new();
        for value in values.split([' ', '\t', ',']).filter(|v| !v.is_empty()) {
            match value.parse::<f32>() {
                Ok(v) => parsed.push(v),
                Err(_) => {
                    self.warn(value, format!("`{what} {name}`: `{value}` is not a number"));
                    return None;
                }
            }
        }
        Some(ValueLine {
            name: name.to_string(),
            values: parsed,
        })
    }
}

/// `N instructions, R R-regs, H H-regs` (an optional final period).
fn parse_stats(comment: &str) -> Option<Stats> {
    let comment = comment.trim();
    let comment = comment.strip_suffix('.').unwrap_or(comment);
    let mut counts = comment.split(',').map(str::trim);
    let mut count = |unit: &str| {
        let (n, word) = counts.next()?.split_once(' ')?;
        (word.trim() == unit).then(|| n.parse::<u32>().ok())?
    };
    let stats = Stats {
        instructions: count("instructions")?,
        r_regs: count("R-regs")?,
        h_regs: count("H-regs")?,
    };
    counts.next().is_none().then_some(stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trailer_forms() {
        let want = Stats {
            instructions: 27,
            r_regs: 1,
            h_regs: 3,
        };
        assert_eq!(
            parse_stats(" 27 instructions, 1 R-regs, 3 H-regs"),
            Some(want)
        );
        assert_eq!(
            parse_stats(" 27 instructions, 1 R-regs, 3 H-regs."),
            Some(want)
        );
        assert_eq!(parse_stats(" 27 instructions, 1 R-regs"), None);
        assert_eq!(parse_stats(" 27 instructions, 1 H-regs, 3 R-regs"), None);
        assert_eq!(parse_stats(" many instructions, 1 R-regs, 3 H-regs"), None);
        assert_eq!(parse_stats(" End of program"), None);
    }
}
