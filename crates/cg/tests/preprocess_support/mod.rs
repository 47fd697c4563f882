//! Helpers shared by the preprocessor's integration tests: running the preprocessor on files held
//! in memory, and an independent tokenizer that compares outputs while ignoring whitespace.
#![allow(dead_code)]

use pigment_cg::preprocess::{preprocess, MemoryResolver, Options, Preprocessed};
use pigment_diag::{render, FileId, SourceFiles};

pub struct Run {
    pub files: SourceFiles,
    pub main: FileId,
    pub out: Preprocessed,
}

impl Run {
    /// Every diagnostic rendered, one after another.
    pub fn rendered(&self) -> String {
        self.out
            .diagnostics
            .iter()
            .map(|d| render(&self.files, d))
            .collect()
    }

    /// The messages of the error diagnostics.
    pub fn errors(&self) -> Vec<String> {
        self.out
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| d.message.clone())
            .collect()
    }

    pub fn warnings(&self) -> Vec<String> {
        self.out
            .diagnostics
            .iter()
            .filter(|d| !d.is_error())
            .map(|d| d.message.clone())
            .collect()
    }

    /// The output as whitespace-separated tokens.
    pub fn tokens(&self) -> Vec<String> {
        tokens(&self.out.text)
    }

    /// "NAME:LINE:COL" of the first diagnostic's primary location.
    pub fn first_location(&self) -> String {
        let label = self.out.diagnostics[0]
            .primary
            .as_ref()
            .expect("diagnostic has a location");
        let lc = self.files.line_col(label.file, label.span.start);
        format!("{}:{}:{}", self.files.name(label.file), lc.line, lc.col)
    }
}

/// Preprocesses `main` (named `main.cg`) with `others` available to `#include` by name.
pub fn run_files(main: &str, others: &[(&str, &str)], options: &Options) -> Run {
    let mut files = SourceFiles::new();
    let id = files.add("main.cg", main);
    let resolver = MemoryResolver {
        files: others
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect(),
    };
    let out = preprocess(&mut files, id, options, &resolver);
    Run {
        files,
        main: id,
        out,
    }
}

pub fn run(main: &str) -> Run {
    run_files(main, &[], &Options::default())
}

/// The output of `run(src)` as one string of tokens separated by single spaces.
pub fn pp(src: &str) -> String {
    let r = run(src);
    assert!(r.errors().is_empty(), "unexpected errors: {}", r.rendered());
    r.tokens().join(" ")
}

const PUNCTUATORS: &[&str] = &[
    "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "*=",
    "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##",
];

/// Splits text into C tokens (identifiers, pp-numbers, literals, punctuators), written
/// independently of the preprocessor's own lexer so that a comparison does not trust it.
pub fn tokens(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let start = i;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c.is_alphanumeric()
            || c == '_'
            || (c == '.' && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit()))
        {
            let number = c.is_ascii_digit() || c == '.';
            i += 1;
            while i < chars.len() {
                let d = chars[i];
                if number
                    && "eEpP".contains(d)
                    && chars.get(i + 1).is_some_and(|s| *s == '+' || *s == '-')
                {
                    i += 2;
                } else if d.is_alphanumeric() || d == '_' || (number && d == '.') {
                    i += 1;
                } else {
                    break;
                }
            }
            if !number && chars[start..i] == ['L'] && matches!(chars.get(i), Some('"' | '\'')) {
                i = skip_quoted(&chars, i);
            }
        } else if c == '"' || c == '\'' {
            i = skip_quoted(&chars, i);
        } else {
            let rest: String = chars[i..chars.len().min(i + 3)].iter().collect();
            i += PUNCTUATORS
                .iter()
                .find(|p| rest.starts_with(**p))
                .map_or(1, |p| p.len());
        }
        out.push(chars[start..i].iter().collect());
    }
    out
}

fn skip_quoted(chars: &[char], mut i: usize) -> usize {
    let quote = chars[i];
    i += 1;
    while i < chars.len() && chars[i] != quote && chars[i] != '\n' {
        i += if chars[i] == '\\' { 2 } else { 1 };
    }
    (i + 1).min(chars.len())
}
