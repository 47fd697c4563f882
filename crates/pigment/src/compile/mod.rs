//! One way in for every compile: a [`CompileRequest`] names the source, language, entry, stage and
//! target; [`Session::compile`] runs the front end and the target's back end and returns an
//! [`Artifact`] or the diagnostics in the user's files.

pub mod cg;
pub mod isl;
pub mod nv;
pub(crate) mod parasol;
pub mod web;

use crate::artifact::Artifact;
use crate::error::{Error, Result};
use crate::{Language, Session, Target};
pub use pigment_ir::Stage;

/// How the GLSL, naga and ARB targets compute `half` and `fixed`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Precision {
    /// As the target's own types do (floats; mediump/lowp in GLSL ES).
    #[default]
    Target,
    /// As fp30 computes: half rounded to fp16 and fixed clamped and quantised to fx12 after each
    /// operation, NV's NaN rules, dot products summed stepwise.
    Fp30,
}

/// What to print instead of the target's code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Emit {
    /// The target's code.
    #[default]
    Code,
    /// The shading IR as the front end lowered it (text form).
    Ir,
    /// The shading IR after fp30's legalisation (unrolled, predicated).
    IrLegal,
}

/// The Cg front end's settings (cgc's `-profile`, `-D`, `-U`, `-fastmath`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CgOptions {
    /// The profile whose rules the checker applies (`None`: the target's own).
    pub profile: Option<String>,
    /// Macros defined before the source: `(NAME, Some(VALUE))` or `(NAME, None)`.
    pub defines: Vec<(String, Option<String>)>,
    /// Macros undefined.
    pub undefines: Vec<String>,
    /// cgc's `-fastmath` regrouping of constant factors (on by default, as in cgc).
    pub fast_math: bool,
}

impl Default for CgOptions {
    fn default() -> CgOptions {
        CgOptions {
            profile: None,
            defines: Vec::new(),
            undefines: Vec::new(),
            fast_math: true,
        }
    }
}

/// A compile: which source, read as which language, which entry for which stage, to which target.
///
/// ```
/// use pigment::{CompileRequest, Session, Stage, Target};
/// let mut session = Session::new();
/// session.add_source("v.cg", "float4 main(float4 p : POSITION) : POSITION { return p; }\n");
/// let request = CompileRequest::new("v.cg", Target::Glsl(pigment_glsl::Version::desktop(330)))
///     .stage(Stage::Vertex);
/// let glsl = session.compile(&request).unwrap();
/// assert!(glsl.text().unwrap().starts_with("#version 330"));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct CompileRequest {
    /// The main source's name in the session.
    pub source: String,
    /// Further Parasol units, by name in the session, compiled together with the first.
    pub units: Vec<String>,
    /// The language (`None`: from the source's extension).
    pub language: Option<Language>,
    /// Cg: the entry function (`main` when `None`); ISL: the shader (every surface and atmosphere
    /// shader when `None`); Parasol: the shader, `package.Module.name`.
    pub entry: Option<String>,
    /// Cg: a vertex entry compiled with `entry` (both stages); Parasol: a program
    /// `package.Module.name`, its two shaders connected.
    pub vertex_entry: Option<String>,
    /// The stage (`None`: the profile's or the target's).
    pub stage: Option<Stage>,
    /// The target.
    pub target: Target,
    /// What to produce of it.
    pub emit: Emit,
    /// The Cg front end's settings.
    pub cg: CgOptions,
    /// How half and fixed are computed on targets other than fp30.
    pub precision: Precision,
}

impl CompileRequest {
    /// A request to compile the session's source `source` to `target` with every default.
    pub fn new(source: impl Into<String>, target: Target) -> CompileRequest {
        CompileRequest {
            source: source.into(),
            units: Vec::new(),
            language: None,
            entry: None,
            vertex_entry: None,
            stage: None,
            target,
            emit: Emit::Code,
            cg: CgOptions::default(),
            precision: Precision::Target,
        }
    }

    /// With the entry (Cg function, ISL shader, Parasol shader path).
    pub fn entry(mut self, entry: impl Into<String>) -> CompileRequest {
        self.entry = Some(entry.into());
        self
    }

    /// With a vertex entry too (Cg), or a Parasol program.
    pub fn vertex_entry(mut self, entry: impl Into<String>) -> CompileRequest {
        self.vertex_entry = Some(entry.into());
        self
    }

    /// For `stage`.
    pub fn stage(mut self, stage: Stage) -> CompileRequest {
        self.stage = Some(stage);
        self
    }

    /// Read as `language`.
    pub fn language(mut self, language: Language) -> CompileRequest {
        self.language = Some(language);
        self
    }

    /// With further Parasol units.
    pub fn units(mut self, units: impl IntoIterator<Item = impl Into<String>>) -> CompileRequest {
        self.units = units.into_iter().map(Into::into).collect();
        self
    }

    /// With `precision`.
    pub fn precision(mut self, precision: Precision) -> CompileRequest {
        self.precision = precision;
        self
    }

    /// Emitting `emit` instead of code.
    pub fn emit(mut self, emit: Emit) -> CompileRequest {
        self.emit = emit;
        self
    }

    /// The request's language: as given, else from the source's extension.
    pub fn resolved_language(&self) -> Result<Language> {
        self.language
            .or_else(|| Language::from_path(&self.source))
            .ok_or_else(|| {
                Error::Request(format!(
                    "cannot tell the language of `{}` from its extension (.cg, .cgh, .isl, .p, .fp): name it",
                    self.source
                ))
            })
    }

    /// The Cg entry (default `main`).
    pub(crate) fn cg_entry(&self) -> &str {
        self.entry.as_deref().unwrap_or("main")
    }
}

impl Session {
    /// Compiles as `request` asks.
    ///
    /// ```
    /// use pigment::{CompileRequest, Session, Target};
    /// let mut session = Session::new();
    /// session.add_source("red.cg", "float4 main() : COLOR { return float4(1, 0, 0, 1); }\n");
    /// let fp30 = session.compile(&CompileRequest::new("red.cg", Target::Fp30)).unwrap();
    /// assert!(fp30.text().unwrap().contains("MOVR o[COLR]"));
    /// ```
    pub fn compile(&self, request: &CompileRequest) -> Result<Artifact> {
        match request.resolved_language()? {
            Language::Cg => cg::compile(self, request),
            Language::Parasol => parasol::compile(self, request),
            Language::Isl => isl::compile(self, request),
            Language::NvProgram => nv::compile(self, request),
        }
    }

    /// Checks the request's source (and units) without compiling: the warnings when it is well
    /// formed.
    pub fn check(&self, request: &CompileRequest) -> Result<crate::Diagnostics> {
        match request.resolved_language()? {
            Language::Cg => cg::check(self, request),
            Language::Parasol => parasol::check(self, request).map(|(_, _, warnings)| warnings),
            Language::Isl => isl::check(self, request),
            Language::NvProgram => nv::check(self, request),
        }
    }

    /// The Cg source preprocessed (cgc's `-E`).
    pub fn preprocess(&self, request: &CompileRequest) -> Result<(String, crate::Diagnostics)> {
        cg::preprocess(self, request)
    }
}
