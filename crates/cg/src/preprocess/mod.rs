//! The Cg preprocessor: C's preprocessor (C89 with C99's variadic macros), as the Cg specification
//! requires ("Cg profiles must support the full ANSI C standard preprocessor capabilities").
//!
//! [`preprocess`] turns a main file (and the files it includes) into one text plus a
//! [`SourceMap`] that maps every byte of that text back to where the user wrote it, so that
//! the parser's and checker's diagnostics point into the user's files and lines.
//!
//! Module map: `lexer` (phases 2–3), `token`, `macros` (definitions), `expand` (replacement),
//! `expr` (`#if`), `directives`, `include` (finding files), `driver` (main loop), `output`,
//! `source_map`, `date`, `core` (state shared by expansion and directives).
//!
//! Decisions where C or the Cg specification leave room: C99's variadic macros are accepted;
//! `#warning` gives a warning (as gcc's cpp); `__DATE__`, `__TIME__`, `__LINE__`, `__FILE__` are
//! predefined but `__STDC__` is not (Cg is not C); a plain `char` constant is signed; a directive
//! inside a macro's arguments is an error; digraphs, `_Pragma` and `#pragma once` are not
//! supported (a `#pragma once` passes through like any pragma).

mod core;
mod date;
mod directives;
mod driver;
mod expand;
mod expr;
mod include;
mod lexer;
mod macros;
mod output;
mod source_map;
mod token;
mod token_bounds;

pub use include::{FileSystemResolver, IncludeKind, IncludeResolver, MemoryResolver};
pub use source_map::{Expansion, SourceMap, UserPosition};

use self::core::Core;
use date::DateTime;
use driver::Driver;
use macros::MacroTable;
use pigment_diag::{Diagnostic, FileId, SourceFiles, Span};

/// Command-line settings.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `-D NAME` (defined as `1`) and `-D NAME=VALUE`, in order. `NAME` may be `F(x)` for a
    /// function-like macro, as with C compilers.
    pub defines: Vec<(String, Option<String>)>,
    /// `-U NAME`, applied after all the defines.
    pub undefines: Vec<String>,
    /// Seconds since 1970-01-01 UTC for `__DATE__` and `__TIME__`; `None` means now. Set it for
    /// reproducible output.
    pub timestamp: Option<u64>,
}

/// A `#pragma` directive. It is also written, unexpanded, to the output at `output_offset`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pragma {
    pub file: FileId,
    /// From the `#` to the end of the directive's last token.
    pub span: Span,
    /// The tokens after `pragma`, one space where the source had whitespace.
    pub text: String,
    pub output_offset: usize,
}

/// The result of preprocessing.
#[derive(Clone, Debug)]
pub struct Preprocessed {
    pub text: String,
    pub map: SourceMap,
    /// Errors and warnings, in the order found. Preprocessing always runs to the end of the input
    /// (unless a limit is hit), so several errors can be reported at once.
    pub diagnostics: Vec<Diagnostic>,
    pub pragmas: Vec<Pragma>,
}

/// The name of the pseudo-file holding the `-D` and `-U` options as directives.
pub const COMMAND_LINE_FILE: &str = "<command line>";

/// Preprocesses `main`. Included files are added to `files`; so is a `<command line>` file when
/// `options` has defines or undefines, so diagnostics about them have a place to point.
pub fn preprocess(
    files: &mut SourceFiles,
    main: FileId,
    options: &Options,
    resolver: &dyn IncludeResolver,
) -> Preprocessed {
    let core = Core {
        files,
        macros: MacroTable::default(),
        diags: Vec::new(),
        map: SourceMap::new(main),
        in_if: false,
        if_failed: false,
        argument_nesting: 0,
        expansion_work: 0,
        expansion_bytes: 0,
        expansion_stopped: false,
        date_time: DateTime::new(options.timestamp),
    };
    let mut driver = Driver::new(core, resolver);
    driver.push_inclusion(main, None, true);
    if let Some(prelude) = command_line_prelude(options) {
        let file = driver.core.files.add(COMMAND_LINE_FILE, prelude);
        driver.push_inclusion(file, None, false);
    }
    driver.run();
    // Both outlive preprocessing (the map places every later diagnostic) and grew by doubling:
    // the slack, up to half of each, is given back before the parser's own arena grows.
    let mut text = driver.out.text;
    text.shrink_to_fit();
    let mut map = driver.core.map;
    map.shrink_to_fit();
    Preprocessed {
        text,
        map,
        diagnostics: driver.core.diags,
        pragmas: driver.pragmas,
    }
}

/// The options as `#define` and `#undef` lines, processed before the main file.
fn command_line_prelude(options: &Options) -> Option<String> {
    if options.defines.is_empty() && options.undefines.is_empty() {
        return None;
    }
    let one_line = |s: &str| s.replace(['\n', '\r'], " ");
    let mut text = String::new();
    for (name, value) in &options.defines {
        let value = value.as_deref().unwrap_or("1");
        text.push_str(&format!("#define {} {}\n", one_line(name), one_line(value)));
    }
    for name in &options.undefines {
        text.push_str(&format!("#undef {}\n", one_line(name)));
    }
    Some(text)
}
