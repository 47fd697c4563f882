//! A JIT for NV_fragment_program: compiles a decoded program ([`nvfp::exec::decode::Decoded`]) to
//! native SIMD code with Cranelift, and plugs it into an [`nvfp::exec::Machine`] as its
//! [`Kernel`], so that batches run compiled instead of interpreted, with the same bits.
//!
//! - `codegen`: the Cranelift IR of one program (the arithmetic, conversions, CC and KIL inline).
//! - `helpers`: the long operations (textures, PK*/UP*) compiled code calls.
//! - `native`: the only unsafe code (the function pointer and the helpers' entry points).
//!
//! One compiled function per program, cached by its decoded form and shared by every thread; the code
//! stays mapped for the life of the process. Every instruction compiles: where Cranelift cannot
//! compile for the host, [`machine`] keeps the interpreter for the whole program (see [`compile`]).
//! The vectors are f32x4, one quad per loop iteration (Cranelift has no wider vectors on x86).
//! `PIGMENT_JIT_DISASM=1` prints the machine code of each program compiled.
#![deny(unsafe_code)]

mod codegen;
mod helpers;
mod native;

use cranelift_codegen::settings::{self, Configurable};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{default_libcall_names, Linkage, Module};
use nvfp::exec::decode::Decoded;
use nvfp::exec::kernel::{BatchState, Kernel};
use nvfp::exec::Machine;
use nvfp::program::Program;
use nvfp::texture::TextureUnits;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// A compiled program.
pub struct JitKernel {
    /// The function that writes back the outputs and kill flags only.
    entry: native::Entry,
    /// The function for traces, which writes back every register and the CC too: compiled at the
    /// first traced batch (`eval --dump`, the differential tests), so that the loop every batch
    /// runs has no trace branch (whose join cost register moves per quad) and a render pays no
    /// second compilation.
    traced: OnceLock<Result<native::Entry, Unsupported>>,
    /// What to compile the traced function from.
    decoded: Decoded,
    /// The code flushes fp32 results lazily and runs with denormal operands read as zero.
    lazy_flush: bool,
    /// How long Cranelift took (zero when it came from the cache).
    pub compile_time: Duration,
}

impl std::fmt::Debug for JitKernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JitKernel")
            .field("compile_time", &self.compile_time)
            .finish_non_exhaustive()
    }
}

impl Kernel for JitKernel {
    fn run_batch(&self, state: BatchState<'_>, textures: &TextureUnits, quads: usize) {
        let entry = if state.traced {
            let traced = self
                .traced
                .get_or_init(|| compile_uncached(&self.decoded, self.lazy_flush, true));
            // The program compiled once already; Cranelift failing on it now would be a bug.
            *traced
                .as_ref()
                .expect("the traced form of a compiled program")
        } else {
            self.entry
        };
        native::call(
            entry,
            self.lazy_flush,
            state.regs,
            state.cc,
            state.killed,
            quads,
            textures,
        );
    }
}

/// Why a program was not compiled.
#[derive(Clone, Debug)]
pub struct Unsupported(pub String);

impl std::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "JIT unavailable: {}", self.0)
    }
}

/// Whether the JIT runs by default here: on x86_64 and aarch64, unless `PIGMENT_JIT=0`.
pub fn enabled_by_default() -> bool {
    cfg!(any(target_arch = "x86_64", target_arch = "aarch64"))
        && std::env::var("PIGMENT_JIT").map_or(true, |v| v != "0")
}

/// A machine for `program` that runs compiled code, or the interpreter when the host has no
/// Cranelift back end. Returns the compile time too.
pub fn machine(program: &Program) -> (Machine, Result<Duration, Unsupported>) {
    let machine = Machine::new(program);
    match compile(machine.decoded()) {
        Ok((kernel, time)) => (machine.with_kernel(kernel), Ok(time)),
        Err(e) => (machine, Err(e)),
    }
}

type Cache = Mutex<HashMap<String, Arc<JitKernel>>>;

/// Compiles `decoded` (or takes it from the process-wide cache), returning the kernel and the time
/// spent compiling now.
pub fn compile(decoded: &Decoded) -> Result<(Arc<JitKernel>, Duration), Unsupported> {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let key = format!("{decoded:?}");
    let cache = CACHE.get_or_init(Default::default);
    if let Some(kernel) = cache.lock().expect("cache").get(&key) {
        return Ok((kernel.clone(), Duration::ZERO));
    }
    let start = Instant::now();
    // Lazy flushes need the CPU to read denormal operands as zero, which the helpers must not:
    // programs that call helpers (texture lookups above all) flush as they go instead, so that the
    // CPU's mode never changes per helper call.
    let lazy_flush = native::DENORMALS_ARE_ZERO && !codegen::calls_helpers(decoded);
    let entry = compile_uncached(decoded, lazy_flush, false)?;
    let compile_time = start.elapsed();
    let kernel = Arc::new(JitKernel {
        entry,
        traced: OnceLock::new(),
        decoded: decoded.clone(),
        lazy_flush,
        compile_time,
    });
    cache.lock().expect("cache").insert(key, kernel.clone());
    Ok((kernel, compile_time))
}

fn compile_uncached(
    decoded: &Decoded,
    lazy_flush: bool,
    traced: bool,
) -> Result<native::Entry, Unsupported> {
    let fail = |e: &dyn std::fmt::Display| Unsupported(e.to_string());
    let mut flags = settings::builder();
    flags.set("opt_level", "speed").map_err(|e| fail(&e))?;
    flags.set("is_pic", "false").map_err(|e| fail(&e))?;
    // Cranelift checks its own IR after every pass by default; the tests (debug builds) keep that
    // check, and release builds skip it: about a tenth of a small program's compile time.
    let verify = if cfg!(debug_assertions) {
        "true"
    } else {
        "false"
    };
    flags.set("enable_verifier", verify).map_err(|e| fail(&e))?;
    let isa = cranelift_native::builder()
        .map_err(|e| fail(&e))?
        .finish(settings::Flags::new(flags))
        .map_err(|e| fail(&e))?;
    let mut module = JITModule::new(JITBuilder::with_isa(isa, default_libcall_names()));
    let ptr = module.target_config().pointer_type();
    let mut ctx = module.make_context();
    ctx.func.signature = codegen::signature(module.target_config().default_call_conv, ptr);
    let id = module
        .declare_function("shade", Linkage::Export, &ctx.func.signature)
        .map_err(|e| fail(&e))?;
    let helpers = codegen::Helpers {
        pack: native::pack as *const () as usize,
        unpack: native::unpack as *const () as usize,
        texture: native::texture as *const () as usize,
    };
    let mut fctx = cranelift_frontend::FunctionBuilderContext::new();
    codegen::build(
        &mut ctx.func,
        &mut fctx,
        decoded,
        helpers,
        ptr,
        module.target_config(),
        (lazy_flush, traced),
    );
    let disasm = std::env::var_os("PIGMENT_JIT_DISASM").is_some();
    ctx.set_disasm(disasm);
    module
        .define_function(id, &mut ctx)
        .map_err(|e| Unsupported(format!("{e:?}")))?;
    if disasm {
        if let Some(code) = ctx.compiled_code().and_then(|c| c.vcode.clone()) {
            eprintln!("{code}");
        }
    }
    module.finalize_definitions().map_err(|e| fail(&e))?;
    let entry = native::entry_from(module.get_finalized_function(id));
    // The code lives as long as the process (the cache hands it to every later machine), so the
    // module is kept, never dropped: held in a static, its memory stays reachable (a library
    // caller's leak checker sees a cache, not a leak).
    KEPT.lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(Kept(module));
    Ok(entry)
}

/// A finished module, kept only so that its code stays mapped and its memory owned.
struct Kept(#[allow(dead_code)] JITModule);

// SAFETY: a kept module is never read, written or dropped after `finalize_definitions`; the value
// only holds its memory, so no thread ever touches the module through it, wherever it lives.
#[allow(unsafe_code)]
unsafe impl Send for Kept {}

/// Every module compiled in this process.
static KEPT: Mutex<Vec<Kept>> = Mutex::new(Vec::new());
