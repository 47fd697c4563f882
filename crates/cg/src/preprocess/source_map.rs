//! The source map: from a byte offset in the preprocessed text back to where the user wrote it.
//!
//! Every token written to the output is covered by a segment. A token that appears as written maps
//! to its own bytes, and a run of such tokens, spaced in the output as in the file (the same one
//! byte or none between them), shares one segment that maps byte for byte; a token produced by a
//! macro's replacement list maps to the macro invocation in the user's file, and remembers the
//! expansion so that a diagnostic can add "in expansion of macro". The tokens' own boundaries are
//! kept apart, two bits per output byte ([`TokenBounds`]).
//! `#line` directives are kept per inclusion, so a position can also be reported the way the user
//! asked for it (`x.cg:100`).

use super::token::Loc;
use super::token_bounds::TokenBounds;
use pigment_diag::{Diagnostic, FileId, Label, SourceFiles, Span};
use std::rc::Rc;

/// One output token, or a run of tokens copied as written, and where it came from. A shader's
/// headers make tens of thousands of tokens, so the macro expansion is a plain index with
/// [`NO_EXPANSION`] for none (28 bytes, not 32).
#[derive(Clone, Copy, Debug)]
struct Segment {
    out_start: u32,
    out_end: u32,
    loc: Loc,
    expansion: u32,
}

/// [`Segment::expansion`] of a token no macro made.
const NO_EXPANSION: u32 = u32::MAX;

impl Segment {
    /// The macro expansion that made the token, if any.
    fn expansion(&self) -> Option<u32> {
        (self.expansion != NO_EXPANSION).then_some(self.expansion)
    }

    /// True when the output bytes are the file's bytes, one for one (no macro, no line splice).
    fn maps_byte_for_byte(&self) -> bool {
        self.expansion().is_none()
            && self.out_end - self.out_start == self.loc.end.saturating_sub(self.loc.start)
    }

    /// True when `next`, a token written after this segment, continues it byte for byte: from
    /// the same inclusion, as written, non-empty, and after the same gap (one byte at most) in the
    /// output as in the file. Only then does an offset inside the gap map as it did per token (to
    /// the end of the token before).
    fn continues_into(&self, next: &Segment) -> bool {
        self.maps_byte_for_byte()
            && next.maps_byte_for_byte()
            && next.out_end > next.out_start
            && next.loc.file == self.loc.file
            && next.loc.inclusion == self.loc.inclusion
            && next.loc.start >= self.loc.end
            && next.out_start >= self.out_end
            && next.out_start - self.out_end == next.loc.start - self.loc.end
            && next.out_start - self.out_end <= 1
    }
}

/// A `#line` directive: from physical line `from_line` on, lines are numbered from `line` in `name`.
#[derive(Clone, Debug)]
struct LineMark {
    from_line: usize,
    line: usize,
    name: String,
}

/// One `#include` of a file (or the main file).
#[derive(Clone, Debug)]
struct Inclusion {
    file: FileId,
    /// The `#include` directive's header name, for "in file included from".
    included_at: Option<Loc>,
    marks: Vec<LineMark>,
}

/// One macro invocation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expansion {
    pub macro_name: Rc<str>,
    /// The macro's name in its `#define` (or `None` for a `-D` given on the command line).
    pub definition: Option<(FileId, Span)>,
    /// The invocation as the user wrote it (the outermost macro name when nested).
    pub invocation: (FileId, Span),
    /// The expansion whose replacement list contained this invocation.
    pub parent: Option<u32>,
}

/// A position as the user sees it: `#line` applied, 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserPosition {
    pub file: FileId,
    pub name: String,
    pub line: usize,
    pub col: usize,
}

/// Maps the preprocessed text back to the user's files.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    segments: Vec<Segment>,
    tokens: TokenBounds,
    inclusions: Vec<Inclusion>,
    expansions: Vec<Expansion>,
    main: FileId,
}

impl SourceMap {
    pub(crate) fn new(main: FileId) -> SourceMap {
        SourceMap {
            main,
            ..SourceMap::default()
        }
    }

    pub(crate) fn add_inclusion(&mut self, file: FileId, included_at: Option<Loc>) -> u32 {
        self.inclusions.push(Inclusion {
            file,
            included_at,
            marks: Vec::new(),
        });
        self.inclusions.len() as u32 - 1
    }

    pub(crate) fn add_line_mark(
        &mut self,
        inclusion: u32,
        from_line: usize,
        line: usize,
        name: String,
    ) {
        if let Some(inc) = self.inclusions.get_mut(inclusion as usize) {
            inc.marks.push(LineMark {
                from_line,
                line,
                name,
            });
        }
    }

    pub(crate) fn add_expansion(&mut self, expansion: Expansion) -> u32 {
        self.expansions.push(expansion);
        self.expansions.len() as u32 - 1
    }

    /// Gives back the room the lists grew by (the map lives as long as the compile).
    pub(crate) fn shrink_to_fit(&mut self) {
        self.segments.shrink_to_fit();
        self.tokens.shrink_to_fit();
        self.inclusions.shrink_to_fit();
        self.expansions.shrink_to_fit();
    }

    pub(crate) fn add_segment(
        &mut self,
        out_start: usize,
        out_end: usize,
        loc: Loc,
        expansion: Option<u32>,
    ) {
        let (out_start, out_end) = (out_start as u32, out_end as u32);
        self.tokens.add(out_start, out_end);
        let next = Segment {
            out_start,
            out_end,
            loc,
            expansion: expansion.unwrap_or(NO_EXPANSION),
        };
        match self.segments.last_mut() {
            Some(run) if run.continues_into(&next) => {
                run.out_end = next.out_end;
                run.loc.end = next.loc.end;
            }
            _ => self.segments.push(next),
        }
    }

    /// The presumed (`#line`-adjusted) line number and file name of a physical line.
    pub(crate) fn presumed(
        &self,
        files: &SourceFiles,
        inclusion: u32,
        line: usize,
    ) -> (String, usize) {
        let Some(inc) = self.inclusions.get(inclusion as usize) else {
            return (String::new(), line);
        };
        match inc.marks.iter().rev().find(|m| m.from_line <= line) {
            Some(m) => (m.name.clone(), m.line + (line - m.from_line)),
            None => (files.name(inc.file).to_string(), line),
        }
    }

    /// True when a `#line` directive is in effect at this physical line of the inclusion.
    pub(crate) fn has_line_mark(&self, inclusion: u32, line: usize) -> bool {
        self.inclusions
            .get(inclusion as usize)
            .is_some_and(|inc| inc.marks.iter().any(|m| m.from_line <= line))
    }

    /// The segment holding `offset`, or else the last one before it (for whitespace between
    /// tokens), or else the first one (for blank lines at the start).
    fn segment_at(&self, offset: usize) -> Option<&Segment> {
        let k = self
            .segments
            .partition_point(|s| s.out_start as usize <= offset);
        self.segments.get(k.saturating_sub(1))
    }

    fn locate_loc(&self, offset: usize) -> Option<Loc> {
        let Some(seg) = self.segment_at(offset) else {
            let inclusion = 0;
            return Some(Loc {
                file: self.main,
                inclusion,
                start: 0,
                end: 0,
            });
        };
        let offset = offset as u32;
        let point = if seg.expansion().is_some() || offset < seg.out_start {
            seg.loc.start
        } else if offset < seg.out_end {
            (seg.loc.start + (offset - seg.out_start)).min(seg.loc.end)
        } else {
            seg.loc.end
        };
        Some(Loc {
            start: point,
            end: point,
            ..seg.loc
        })
    }

    /// The file and byte offset where the output byte at `offset` was written. Tokens made by a
    /// macro map to the invocation; whitespace maps to the end of the token before it.
    pub fn locate(&self, offset: usize) -> Option<(FileId, u32)> {
        self.locate_loc(offset).map(|loc| (loc.file, loc.start))
    }

    /// An output span as a span in one file. If the ends fall in different places (the span runs
    /// out of a macro expansion or a file), the result covers the first token only.
    pub fn locate_span(&self, span: Span) -> Option<(FileId, Span)> {
        let start_seg = *self.segment_at(span.start as usize)?;
        let (file, start) = self.locate(span.start as usize)?;
        let last = (span.end as usize)
            .saturating_sub(1)
            .max(span.start as usize);
        let end_seg = self.segment_at(last)?;
        let same_place = end_seg.loc.inclusion == start_seg.loc.inclusion
            && end_seg.expansion().is_none()
            && start_seg.expansion().is_none();
        let end = match self.locate(last) {
            Some((f, e)) if same_place && f == file && e >= start => e + 1,
            _ => self.token_end(&start_seg, span.start).max(start),
        };
        let end = if span.end == span.start { start } else { end };
        Some((file, Span { start, end }))
    }

    /// Where, in its file, the token of `seg` holding the output byte at `offset` ends.
    fn token_end(&self, seg: &Segment, offset: u32) -> u32 {
        match self.tokens.token_at(offset) {
            Some((start, end))
                if seg.maps_byte_for_byte() && seg.out_start <= start && end <= seg.out_end =>
            {
                seg.loc.start + (end - seg.out_start)
            }
            _ => seg.loc.end,
        }
    }

    /// The position of an output byte as the user sees it, `#line` directives applied.
    pub fn user_position(&self, files: &SourceFiles, offset: usize) -> Option<UserPosition> {
        let loc = self.locate_loc(offset)?;
        let lc = files.line_col(loc.file, loc.start);
        let (name, line) = self.presumed(files, loc.inclusion, lc.line);
        Some(UserPosition {
            file: loc.file,
            name,
            line,
            col: lc.col,
        })
    }

    /// The macro expansion that produced the output byte at `offset`, if any.
    pub fn expansion_at(&self, offset: usize) -> Option<&Expansion> {
        let seg = self.segment_at(offset)?;
        let inside = (seg.out_start as usize..seg.out_end as usize).contains(&offset);
        seg.expansion()
            .filter(|_| inside)
            .and_then(|id| self.expansions.get(id as usize))
    }

    pub fn expansion(&self, id: u32) -> Option<&Expansion> {
        self.expansions.get(id as usize)
    }

    /// Rewrites a diagnostic whose labels point into the preprocessed text (added to `files` as
    /// `expanded`) so that they point into the user's files, with notes for macro expansions,
    /// `#line` positions and the chain of includes.
    pub fn remap_diagnostic(
        &self,
        files: &SourceFiles,
        expanded: FileId,
        d: Diagnostic,
    ) -> Diagnostic {
        let mut out = Diagnostic {
            primary: None,
            secondary: Vec::new(),
            ..d.clone()
        };
        if let Some(label) = d.primary.as_ref().filter(|l| l.file == expanded) {
            let offset = label.span.start as usize;
            out.primary = self.remap_label(label);
            self.add_context(files, offset, &mut out);
        } else {
            out.primary = d.primary.clone();
        }
        for label in &d.secondary {
            let mapped = if label.file == expanded {
                self.remap_label(label)
            } else {
                Some(label.clone())
            };
            out.secondary.extend(mapped);
        }
        out
    }

    fn remap_label(&self, label: &Label) -> Option<Label> {
        let (file, span) = self.locate_span(label.span)?;
        Some(Label {
            file,
            span,
            message: label.message.clone(),
        })
    }

    fn add_context(&self, files: &SourceFiles, offset: usize, d: &mut Diagnostic) {
        let mut next = self.segment_at(offset).and_then(|s| s.expansion());
        let mut depth = 0;
        while let Some(exp) = next.and_then(|id| self.expansions.get(id as usize)) {
            if let Some((file, span)) = exp.definition {
                let message = format!("in expansion of macro `{}` defined here", exp.macro_name);
                d.secondary.push(Label {
                    file,
                    span,
                    message,
                });
            }
            next = exp.parent;
            depth += 1;
            if depth >= 8 {
                break;
            }
        }
        if let Some(loc) = self.locate_loc(offset) {
            let line = files.line_col(loc.file, loc.start).line;
            if self.has_line_mark(loc.inclusion, line) {
                if let Some(pos) = self.user_position(files, offset) {
                    d.notes.push(format!(
                        "`#line` gives this position as {}:{}:{}",
                        pos.name, pos.line, pos.col
                    ));
                }
            }
            d.notes.extend(self.include_chain(files, loc.inclusion));
        }
    }

    /// "in file included from NAME:LINE" for each `#include` that led to an inclusion, innermost
    /// first, with `#line` applied to the including lines.
    pub(crate) fn include_chain(&self, files: &SourceFiles, inclusion: u32) -> Vec<String> {
        let mut notes = Vec::new();
        let mut current = self.inclusions.get(inclusion as usize);
        while let Some(site) = current.and_then(|inc| inc.included_at) {
            let line = files.line_col(site.file, site.start).line;
            let (name, line) = self.presumed(files, site.inclusion, line);
            notes.push(format!("in file included from {name}:{line}"));
            current = self.inclusions.get(site.inclusion as usize);
            if notes.len() > 256 {
                break;
            }
        }
        notes
    }
}
