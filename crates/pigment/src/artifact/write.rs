//! An artifact written where its user asks, as `pigment compile` does: one program printed or
//! written to a file; files of their own (both GLSL stages, a web page, ISL programs and passes)
//! into a directory by name, or printed one after the other; a Parasol shader's extra colour
//! outputs beside the first (`FILE.outN.fp`); SPIR-V as words or as its disassembly.
//!
//! ```
//! use pigment::{CompileRequest, Session, Target, WriteOptions};
//!
//! let mut session = Session::new();
//! session.add_source("grey.cg", "float4 main() : COLOR { return float4(0.5); }\n");
//! let artifact = session.compile(&CompileRequest::new("grey.cg", Target::Fp30)).unwrap();
//! let written = artifact.write(None, WriteOptions::default()).unwrap();
//! assert!(written.stdout.starts_with("!!FP1.0"));
//! let json = artifact.write(None, WriteOptions { reflection_json: true, ..Default::default() });
//! assert!(json.unwrap().stdout.starts_with('{'));
//! ```

use super::{Artifact, Code};
use crate::error::{Error, Result};
use crate::files;
use pigment_ir::Stage;
use std::path::Path;

/// How [`Artifact::write`] lays the outputs out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// The first output's reflection as JSON instead of its code: the one schema of every
    /// target (`pigment-reflection-2`).
    pub reflection_json: bool,
    /// With `reflection_json`, the target's own JSON of earlier releases instead (deprecated,
    /// kept for one release: `--reflect json-v1`).
    pub reflection_v1: bool,
    /// SPIR-V as its disassembly (`spirv-dis`) instead of its words.
    pub disassemble: bool,
    /// Every output a file of its own in the directory, even when there is one (ISL's programs).
    pub directory: bool,
}

/// What writing leaves for the terminal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// Text for standard output (everything, when no path was given).
    pub stdout: String,
    /// A note for the reader, such as which of several outputs was printed.
    pub note: Option<String>,
}

impl Written {
    fn text(stdout: String) -> Written {
        Written { stdout, note: None }
    }
}

impl Artifact {
    /// Whether the outputs are files of their own (both GLSL stages, a page, ISL passes),
    /// written into a directory by name.
    pub fn is_file_set(&self) -> bool {
        let outputs = &self.outputs;
        let vertex = outputs.iter().filter(|o| o.stage == Some(Stage::Vertex));
        outputs.iter().any(|o| o.stage.is_none()) || vertex.count() == 1 && outputs.len() == 2
    }

    /// Writes the artifact to `path` (a file, or the directory of a file set), or returns it as
    /// text when there is no path.
    pub fn write(&self, path: Option<&Path>, options: WriteOptions) -> Result<Written> {
        if options.directory || self.is_file_set() {
            return self.write_files(path);
        }
        let Some(first) = self.outputs.first() else {
            return Err(Error::Output("the compile produced nothing".into()));
        };
        if options.reflection_json {
            let reflection = first
                .reflection
                .as_ref()
                .map(|r| match options.reflection_v1 {
                    true => r.to_pretty_string_v1(),
                    false => r.to_pretty_string(),
                });
            return write_text(path, reflection.unwrap_or_default());
        }
        if self.outputs.len() > 1 {
            return self.write_colour_outputs(path);
        }
        match (&first.code, path) {
            (Code::Text(text), _) => write_text(path, text.clone()),
            (Code::SpirV(_), _) if options.disassemble => {
                write_text(path, first.code.disassembly()?)
            }
            (Code::SpirV(_), Some(path)) => {
                files::write(path, &first.code.to_bytes()).map(|()| Written::default())
            }
            (Code::SpirV(_), None) => Err(Error::Request(
                "SPIR-V is binary: write it with `-o FILE`, or read it with `--emit asm`".into(),
            )),
        }
    }

    /// Files of their own into `dir` by name, or one after the other as text (a pass
    /// description as `#` lines).
    fn write_files(&self, dir: Option<&Path>) -> Result<Written> {
        let Some(dir) = dir else {
            let all: Vec<String> = self
                .outputs
                .iter()
                .map(|o| {
                    let text = o.code.text().unwrap_or_default();
                    match o.name.ends_with(".txt") {
                        true => text.lines().map(|l| format!("# {l}\n")).collect(),
                        false => text.to_string(),
                    }
                })
                .collect();
            return Ok(Written::text(all.join("\n")));
        };
        files::create_dir(dir)?;
        for output in &self.outputs {
            files::write(&dir.join(&output.name), &output.code.to_bytes())?;
        }
        Ok(Written::default())
    }

    /// A Parasol shader with several colour outputs: fp30 writes one, so each is a program of
    /// its own; output 0 is printed or written to `FILE.fp`, output n to `FILE.outN.fp`.
    fn write_colour_outputs(&self, path: Option<&Path>) -> Result<Written> {
        let mut written = Written::default();
        for output in &self.outputs {
            let text = output.code.text().unwrap_or_default();
            let other = output
                .name
                .split_once(".out")
                .map(|(_, rest)| format!("out{rest}"));
            match (path, other) {
                (None, None) => written.stdout.push_str(text),
                (None, Some(_)) => {}
                (Some(path), None) => files::write(path, text.as_bytes())?,
                (Some(path), Some(ext)) => {
                    files::write(&path.with_extension(ext), text.as_bytes())?
                }
            }
        }
        if path.is_none() {
            let entry = self.outputs[0].name.trim_end_matches(".fp");
            written.note = Some(format!(
                "`{entry}` has {} colour outputs and fp30 writes one: this is output 0; \
                 `-o FILE.fp` writes output n to FILE.outN.fp",
                self.outputs.len()
            ));
        }
        Ok(written)
    }
}

/// `text` into `path`, or returned for the terminal.
fn write_text(path: Option<&Path>, text: String) -> Result<Written> {
    match path {
        Some(path) => files::write(path, text.as_bytes()).map(|()| Written::default()),
        None => Ok(Written::text(text)),
    }
}
