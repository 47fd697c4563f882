//! The process-wide EGL display of the oracle: libEGL loaded once, the surfaceless platform (Mesa's, forced
//! onto software rendering, llvmpipe; or whatever driver answers it, for [`Renderer::Native`]), shared by every
//! live [`crate::Oracle`] and terminated when the last one goes.
//!
//! Why shared and counted: EGL hands out one display per platform, so every oracle of a process gets the same
//! one, and llvmpipe reads `LP_NUM_THREADS` only when `eglInitialize` creates its screen. Terminating the
//! display when the last oracle drops lets the next one start a fresh screen with another thread count.

use crate::error::OracleError;
use khronos_egl as egl;
use std::sync::{Mutex, MutexGuard, OnceLock};

/// libEGL with the EGL 1.5 entry points (glvnd's libEGL.so.1 provides them).
pub(crate) type Egl = egl::DynamicInstance<egl::EGL1_5>;

/// `EGL_PLATFORM_SURFACELESS_MESA` from EGL_MESA_platform_surfaceless.
const PLATFORM_SURFACELESS_MESA: egl::Enum = 0x31DD;

/// The loaded libEGL, or why it could not be loaded.
pub(crate) fn egl() -> Result<&'static Egl, OracleError> {
    static EGL: OnceLock<Result<Egl, String>> = OnceLock::new();
    // SAFETY: libEGL.so.1 is the system's EGL library, which implements the EGL API khronos-egl binds.
    let loaded = EGL.get_or_init(|| unsafe { Egl::load_required() }.map_err(|e| e.to_string()));
    loaded
        .as_ref()
        .map_err(|why| OracleError::EglLoad(why.clone()))
}

/// Which GL answers the display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Renderer {
    /// Mesa's llvmpipe with `threads` rasterizer threads (`None`: Mesa's default).
    Llvmpipe { threads: Option<u32> },
    /// The system's own driver (a GPU's), whatever it is: for running NV programs where NVIDIA's driver
    /// still implements NV_fragment_program. Nothing in the environment is changed.
    Native,
}

impl Renderer {
    fn threads(self) -> Option<u32> {
        match self {
            Renderer::Llvmpipe { threads } => threads,
            Renderer::Native => None,
        }
    }
}

/// The live display and the renderer it was created for.
struct Shared {
    display: egl::Display,
    renderer: Renderer,
    users: usize,
}

// SAFETY: an EGLDisplay handle is an opaque process-wide token; EGL allows using it from any thread.
unsafe impl Send for Shared {}

static SHARED: Mutex<Option<Shared>> = Mutex::new(None);

fn lock() -> MutexGuard<'static, Option<Shared>> {
    // A panic while holding the lock cannot leave `Shared` half-updated (every update is one assignment).
    SHARED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// One oracle's claim on the shared display; releasing it may terminate the display.
pub(crate) struct DisplayRef {
    pub(crate) egl: &'static Egl,
    pub(crate) display: egl::Display,
}

impl DisplayRef {
    /// Joins the live display, or creates it for `renderer`.
    pub(crate) fn acquire(renderer: Renderer) -> Result<DisplayRef, OracleError> {
        let egl = egl()?;
        let mut shared = lock();
        if let Some(live) = shared.as_mut() {
            if (renderer == Renderer::Native) != (live.renderer == Renderer::Native) {
                return Err(OracleError::RendererConflict);
            }
            let threads = renderer.threads();
            if threads.is_some() && threads != live.renderer.threads() {
                return Err(OracleError::ThreadCountConflict {
                    requested: threads,
                    live: live.renderer.threads(),
                });
            }
            live.users += 1;
            return Ok(DisplayRef {
                egl,
                display: live.display,
            });
        }
        let display = open_display(egl, renderer)?;
        *shared = Some(Shared {
            display,
            renderer,
            users: 1,
        });
        Ok(DisplayRef { egl, display })
    }
}

impl Drop for DisplayRef {
    fn drop(&mut self) {
        let mut shared = lock();
        let Some(live) = shared.as_mut() else { return };
        live.users -= 1;
        if live.users == 0 {
            // Nothing useful can be done if termination fails while dropping; the display is forgotten anyway.
            let _ = self.egl.terminate(live.display);
            *shared = None;
        }
    }
}

/// Creates and initialises the surfaceless display, with llvmpipe's environment set first when it is wanted.
/// (NVIDIA's EGL implements the surfaceless platform too: seen with driver 580 on an H100.)
fn open_display(egl: &Egl, renderer: Renderer) -> Result<egl::Display, OracleError> {
    require_client_extension(egl, "EGL_MESA_platform_surfaceless")?;
    if let Renderer::Llvmpipe { threads } = renderer {
        set_llvmpipe_environment(threads);
    }
    // SAFETY: the surfaceless platform takes EGL_DEFAULT_DISPLAY as its native display.
    let display = unsafe {
        egl.get_platform_display(
            PLATFORM_SURFACELESS_MESA,
            egl::DEFAULT_DISPLAY,
            &[egl::ATTRIB_NONE],
        )
    }
    .map_err(|e| egl_error("eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA)", e))?;
    egl.initialize(display)
        .map_err(|e| egl_error("eglInitialize", e))?;
    Ok(display)
}

/// Mesa reads these when `eglInitialize` creates the screen: software rendering (so a GPU driver never
/// answers instead of llvmpipe) and the rasterizer thread count.
fn set_llvmpipe_environment(threads: Option<u32>) {
    set_env("LIBGL_ALWAYS_SOFTWARE", Some("1"));
    set_env("GALLIUM_DRIVER", Some("llvmpipe"));
    // With no count asked for, the user's own LP_NUM_THREADS (if any) applies, even after an earlier oracle
    // of this process set another.
    static USERS_THREADS: OnceLock<Option<String>> = OnceLock::new();
    let users_threads = USERS_THREADS.get_or_init(|| std::env::var("LP_NUM_THREADS").ok());
    match threads {
        Some(n) => set_env("LP_NUM_THREADS", Some(&n.to_string())),
        None => set_env("LP_NUM_THREADS", users_threads.as_deref()),
    }
}

/// Changes the environment only when it differs: another thread may be reading it (Mesa calls getenv), and
/// the fewer writes the fewer chances to race with such a read.
fn set_env(name: &str, value: Option<&str>) {
    if std::env::var(name).ok().as_deref() == value {
        return;
    }
    match value {
        Some(value) => std::env::set_var(name, value),
        None => std::env::remove_var(name),
    }
}

fn require_client_extension(egl: &Egl, extension: &'static str) -> Result<(), OracleError> {
    // With no display, eglQueryString returns the client extensions (EGL_EXT_client_extensions).
    // SAFETY: EGL_NO_DISPLAY is the documented argument for client extensions.
    let no_display = unsafe { egl::Display::from_ptr(egl::NO_DISPLAY) };
    let extensions = egl
        .query_string(Some(no_display), egl::EXTENSIONS)
        .map_err(|e| egl_error("eglQueryString", e))?;
    if has_word(&extensions.to_string_lossy(), extension) {
        Ok(())
    } else {
        Err(OracleError::MissingExtension {
            api: "EGL client",
            extension,
        })
    }
}

/// Whether the space-separated extension list `list` names `word`.
pub(crate) fn has_word(list: &str, word: &str) -> bool {
    list.split_ascii_whitespace().any(|w| w == word)
}

pub(crate) fn egl_error(call: &'static str, error: egl::Error) -> OracleError {
    OracleError::Egl {
        call,
        error: error.to_string(),
    }
}
