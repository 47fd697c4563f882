//! The one error type of the oracle: everything that can go wrong between loading libEGL and reading the
//! pixels back, each with a message a user can act on.

use std::fmt;

#[derive(Clone, Debug, PartialEq)]
pub enum OracleError {
    /// libEGL.so.1 could not be loaded (Mesa's EGL is not installed).
    EglLoad(String),
    /// An EGL call failed.
    Egl { call: &'static str, error: String },
    /// A required EGL or GL extension is missing.
    MissingExtension {
        api: &'static str,
        extension: &'static str,
    },
    /// The context is not Mesa's llvmpipe, so its results would not be the reference.
    NotLlvmpipe { renderer: String },
    /// A GL call left an error behind.
    Gl { step: &'static str, error: String },
    /// The ARB program did not load; `position` is the byte offset GL reported (-1 when none).
    Program { position: i64, message: String },
    /// A GLSL shader did not compile or the program did not link; `log` is GL's info log.
    Glsl { what: &'static str, log: String },
    /// The draw request itself is malformed (sizes, texel counts, unit numbers...).
    InvalidInput(String),
    /// A second oracle asked for a different llvmpipe thread count than the live one uses.
    ThreadCountConflict {
        requested: Option<u32>,
        live: Option<u32>,
    },
    /// An oracle asked for the native driver while an llvmpipe one is alive in this process, or the reverse
    /// (they would share one EGL display).
    RendererConflict,
}

impl fmt::Display for OracleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OracleError::EglLoad(why) => write!(
                f,
                "cannot load libEGL.so.1 ({why}); install Mesa's EGL (Debian: libegl1 libegl-mesa0 libgl1-mesa-dri)"
            ),
            OracleError::Egl { call, error } => write!(f, "{call} failed: {error}"),
            OracleError::MissingExtension { api, extension } => {
                write!(f, "the {api} implementation lacks {extension}, which the oracle needs")
            }
            OracleError::NotLlvmpipe { renderer } => {
                write!(f, "the GL renderer is \"{renderer}\", not Mesa's llvmpipe")
            }
            OracleError::Gl { step, error } => write!(f, "GL error {error} while {step}"),
            OracleError::Program { position, message } => {
                write!(f, "the ARB fragment program did not load at byte {position}: {message}")
            }
            OracleError::Glsl { what, log } => write!(f, "the GLSL {what} failed: {log}"),
            OracleError::InvalidInput(why) => write!(f, "invalid oracle input: {why}"),
            OracleError::ThreadCountConflict { requested, live } => write!(
                f,
                "an oracle asked for {} llvmpipe threads while one using {} is alive in this process \
                 (llvmpipe reads LP_NUM_THREADS once per EGL display); drop the others first or use another process",
                describe_threads(*requested),
                describe_threads(*live)
            ),
            OracleError::RendererConflict => write!(
                f,
                "an oracle on the native driver and one on llvmpipe cannot live in one process (they share one \
                 EGL display); drop the others first or use another process"
            ),
        }
    }
}

fn describe_threads(threads: Option<u32>) -> String {
    match threads {
        Some(n) => n.to_string(),
        None => "the default number of".to_string(),
    }
}

impl std::error::Error for OracleError {}
