//! The table of source files that diagnostics point into, with byte-offset to line/column mapping.

use crate::Span;

/// Index of a file inside a [`SourceFiles`] table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(pub u32);

/// A 1-based line and column (columns count characters, not bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCol {
    pub line: usize,
    pub col: usize,
}

struct File {
    name: String,
    text: String,
    /// Byte offset of the start of each line.
    line_starts: Vec<usize>,
}

/// Every file the current job has read, by [`FileId`].
#[derive(Default)]
pub struct SourceFiles {
    files: Vec<File>,
}

impl SourceFiles {
    pub fn new() -> SourceFiles {
        SourceFiles::default()
    }

    /// Adds a file and returns its id. The name is what diagnostics print (usually the path given).
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        let text = text.into();
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        self.files.push(File {
            name: name.into(),
            text,
            line_starts,
        });
        FileId(self.files.len() as u32 - 1)
    }

    pub fn name(&self, id: FileId) -> &str {
        &self.files[id.0 as usize].name
    }

    pub fn text(&self, id: FileId) -> &str {
        &self.files[id.0 as usize].text
    }

    /// The line and column of a byte offset (clamped to the file's end).
    pub fn line_col(&self, id: FileId, offset: u32) -> LineCol {
        let file = &self.files[id.0 as usize];
        let offset = (offset as usize).min(file.text.len());
        let line = file.line_starts.partition_point(|&s| s <= offset) - 1;
        let start = file.line_starts[line];
        let col = prefix_chars(&file.text, start, offset) + 1;
        LineCol {
            line: line + 1,
            col,
        }
    }

    /// The text of a 1-based line, without its line terminator.
    pub fn line_text(&self, id: FileId, line: usize) -> &str {
        let file = &self.files[id.0 as usize];
        let start = file.line_starts[line - 1];
        let end = file
            .line_starts
            .get(line)
            .copied()
            .unwrap_or(file.text.len());
        file.text[start..end].trim_end_matches(['\n', '\r'])
    }

    /// The source text a span covers.
    pub fn slice(&self, id: FileId, span: Span) -> &str {
        let text = self.text(id);
        let end = (span.end as usize).min(text.len());
        let start = (span.start as usize).min(end);
        text.get(start..end).unwrap_or("")
    }
}

/// Number of characters between two byte offsets, tolerating offsets inside a UTF-8 sequence.
fn prefix_chars(text: &str, start: usize, end: usize) -> usize {
    text.as_bytes()[start..end]
        .iter()
        .filter(|&&b| (b & 0xC0) != 0x80)
        .count()
}
