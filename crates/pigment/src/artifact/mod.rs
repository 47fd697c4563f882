//! What a compile produces: each output's code (text or SPIR-V words) with its reflection, and the
//! warnings found on the way.

mod reflection;
mod write;

pub use reflection::Reflection;
pub use write::{WriteOptions, Written};

use crate::diagnostics::Diagnostics;
use crate::error::{Error, Result};
use pigment_ir::Stage;

/// The code of one output.
#[derive(Clone, Debug, PartialEq)]
pub enum Code {
    /// A text program (fp30, ARB, GLSL, WGSL, MSL, HLSL, the IR's text form, a page's files).
    Text(String),
    /// A SPIR-V module's words.
    SpirV(Vec<u32>),
}

impl Code {
    /// The text, for a text output.
    pub fn text(&self) -> Option<&str> {
        match self {
            Code::Text(text) => Some(text),
            Code::SpirV(_) => None,
        }
    }

    /// The bytes as a file holds them (SPIR-V little-endian).
    pub fn to_bytes(&self) -> Vec<u8> {
        match self {
            Code::Text(text) => text.as_bytes().to_vec(),
            Code::SpirV(words) => words.iter().flat_map(|w| w.to_le_bytes()).collect(),
        }
    }

    /// The code as text to read: a text output as it is, SPIR-V as `spirv-dis` (SPIRV-Tools,
    /// Debian's `spirv-tools`) disassembles it — an [`Error::Internal`] where that tool is
    /// missing or fails.
    ///
    /// ```
    /// use pigment::{CompileRequest, Session, Target};
    /// let mut session = Session::new();
    /// session.add_source("red.cg", "float4 main() : COLOR { return float4(1, 0, 0, 1); }\n");
    /// let spirv = session.compile(&CompileRequest::new("red.cg", Target::SpirV)).unwrap();
    /// let text = spirv.outputs[0].code.disassembly().unwrap();
    /// assert!(text.contains("OpEntryPoint Fragment"));
    /// ```
    pub fn disassembly(&self) -> Result<String> {
        use std::io::Write;
        use std::process::{Command, Stdio};
        if let Code::Text(text) = self {
            return Ok(text.clone());
        }
        let tool =
            |e: std::io::Error| Error::Internal(format!("spirv-dis (Debian spirv-tools): {e}"));
        let mut child = Command::new("spirv-dis")
            .args(["-", "-o", "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(tool)?;
        if let Some(mut stdin) = child.stdin.take() {
            stdin.write_all(&self.to_bytes()).map_err(tool)?;
        }
        let out = child.wait_with_output().map_err(tool)?;
        if !out.status.success() {
            return Err(Error::Internal(format!(
                "spirv-dis failed: {}",
                String::from_utf8_lossy(&out.stderr)
            )));
        }
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    }
}

/// One output of a compile.
#[derive(Clone, Debug, PartialEq)]
pub struct Output {
    /// A file name for it (`main.fp`, `shader.vert`, `index.html`, `glow.pass1.fp`), from the entry
    /// or the source's stem.
    pub name: String,
    /// The stage it runs at (`None`: not a shader stage, such as a page or a pass description).
    pub stage: Option<Stage>,
    /// The code.
    pub code: Code,
    /// Its bindings, where the target describes them.
    pub reflection: Option<Reflection>,
}

/// Everything a compile produced.
#[derive(Clone, Debug, PartialEq)]
pub struct Artifact {
    /// The outputs, in the order a reader wants them (vertex before fragment, passes in order).
    pub outputs: Vec<Output>,
    /// Warnings (the program compiled).
    pub warnings: Diagnostics,
}

impl Artifact {
    /// The first output's code as text (the usual case: one program).
    pub fn text(&self) -> Option<&str> {
        self.outputs.first().and_then(|o| o.code.text())
    }

    /// The first output's reflection.
    pub fn reflection(&self) -> Option<&Reflection> {
        self.outputs.first().and_then(|o| o.reflection.as_ref())
    }

    /// The output for `stage`, if there is one.
    pub fn stage(&self, stage: Stage) -> Option<&Output> {
        self.outputs.iter().find(|o| o.stage == Some(stage))
    }
}
