//! The crate's only unsafe code: turning Cranelift's finished code into a callable function pointer,
//! calling it on a batch, and the `extern "C"` entry points compiled code calls back into (which read
//! and write the spill buffer and the texture units it passes them).
#![allow(unsafe_code)]

use crate::helpers::{self, Quad};
use nvfp::exec::kernel::LANES;
use nvfp::texture::TextureUnits;

/// Whether compiled code can run with denormal operands read as zero (x86_64: MXCSR.DAZ, set by
/// [`call`] for code that calls no helper), so that it may flush fp32 results lazily (see
/// `codegen::Gen::last`). Elsewhere, and in code that calls helpers, every result is flushed.
pub const DENORMALS_ARE_ZERO: bool = cfg!(target_arch = "x86_64");

/// MXCSR's denormals-are-zero bit. (Not flush-to-zero: a result rounded with denormals and then
/// flushed differs from one flushed by the CPU just below the least normal number.)
#[cfg(target_arch = "x86_64")]
const DAZ: u32 = 0x0040;

/// Runs `f` with MXCSR.DAZ set when `daz`, restoring the thread's MXCSR afterwards (else as is).
#[cfg(target_arch = "x86_64")]
#[allow(deprecated)] // _mm_getcsr / _mm_setcsr: the only way to MXCSR without assembly.
fn with_daz<R>(daz: bool, f: impl FnOnce() -> R) -> R {
    use std::arch::x86_64::{_mm_getcsr, _mm_setcsr};
    if !daz {
        return f();
    }
    // SAFETY: MXCSR is this thread's SSE control word; DAZ changes only how SSE arithmetic reads
    // denormal operands (no exception is unmasked), and the old value is restored before returning
    // (a panic in `f` aborts: `f` is an `extern "C"` call).
    let old = unsafe { _mm_getcsr() };
    // SAFETY: as above.
    unsafe { _mm_setcsr(old | DAZ) };
    let r = f();
    // SAFETY: as above.
    unsafe { _mm_setcsr(old) };
    r
}

#[cfg(not(target_arch = "x86_64"))]
fn with_daz<R>(_daz: bool, f: impl FnOnce() -> R) -> R {
    f()
}

/// The compiled program: `(regs, cc, killed, quads, textures)`. `regs[4 * slot + component]`
/// points at that component's [`LANES`] lanes, `cc` at `[[u8; LANES]; 4]`, `killed` at
/// `[bool; LANES]`.
pub type Entry = unsafe extern "C" fn(*const *mut f32, *mut u8, *mut u8, u64, *const TextureUnits);

/// Turns the address of a finished function with [`Entry`]'s signature into a pointer.
pub fn entry_from(code: *const u8) -> Entry {
    // SAFETY: `code` is the address Cranelift's JIT module returned for a function it finalised with
    // exactly Entry's signature (five pointer-sized arguments, no result; see `codegen::signature`),
    // in executable memory that is never freed (the module is leaked by `compile`).
    unsafe { std::mem::transmute::<*const u8, Entry>(code) }
}

/// Runs `entry` over a batch's state. The pointers come from live, exclusive borrows of the right
/// sizes, which is all the compiled code relies on: it touches lanes `0..4 * quads` (quads at most
/// `QUADS`) of each register component, of each CC component and of `killed`, and only those.
/// `daz`: the code was compiled with lazy flushes (and calls no helper, which must compute with
/// denormals as Rust always does). `quads`: the real quads.
pub fn call(
    entry: Entry,
    daz: bool,
    regs: &mut [Box<[f32; LANES]>],
    cc: &mut [[u8; LANES]; 4],
    killed: &mut [bool; LANES],
    quads: usize,
    textures: &TextureUnits,
) {
    // A `Box<[f32; LANES]>` is a non-null pointer to the lanes (a `Box` of a sized type is
    // guaranteed to be represented as one pointer): the boxes are the table of pointers the code
    // reads, with no copy of it per batch.
    let pointers = regs.as_mut_ptr().cast::<*mut f32>();
    let quads = quads.min(LANES / 4) as u64;
    // SAFETY: `entry` came from `entry_from` for a program compiled against this batch layout (one
    // pointer per register component, every slot of its `Decoded`); the pointers are valid for the
    // call, exclusive (from `&mut`), and cover the lanes compiled code touches (see above). The code
    // calls back only into the helpers below, with its own spill slot and this `textures`.
    with_daz(daz, || unsafe {
        entry(
            pointers,
            cc.as_mut_ptr().cast(),
            killed.as_mut_ptr().cast(),
            quads,
            textures,
        )
    });
}

/// Reads `N` quads from the spill buffer.
///
/// # Safety
/// `io` points at a 16-byte aligned buffer of at least `4 * N` f32 (compiled code's spill slot).
unsafe fn quads<const N: usize>(io: *const f32) -> [Quad; N] {
    // SAFETY: the caller's promise; [Quad; N] has the alignment of f32.
    unsafe { io.cast::<[Quad; N]>().read() }
}

/// # Safety
/// As [`quads`], for writing.
unsafe fn write<const N: usize>(io: *mut f32, value: [Quad; N]) {
    // SAFETY: the caller's promise.
    unsafe { io.cast::<[Quad; N]>().write(value) }
}

// The entry points below are only ever called by compiled code, with the address of its 16-byte
// aligned spill slot of 64 f32 as `io` (their safety contract).

/// PK*: reads four components (`io[0..16]`), writes the words to `io[0..4]`.
pub unsafe extern "C" fn pack(op: u32, io: *mut f32) {
    // SAFETY: compiled code passes its 64-float spill slot.
    let v = unsafe { quads::<4>(io) };
    // SAFETY: as above.
    unsafe { write(io, [helpers::pack_quad(op, v)]) }
}

/// UP*: reads the words (`io[0..4]`), writes four components to `io[0..16]`.
pub unsafe extern "C" fn unpack(op: u32, precision: u32, io: *mut f32) {
    // SAFETY: compiled code passes its 64-float spill slot.
    let [a] = unsafe { quads::<1>(io) };
    // SAFETY: as above.
    unsafe { write(io, helpers::unpack_quad(op, precision, a)) }
}

/// TEX / TXP / TXD: reads the coordinates (`io[0..16]`) and for TXD the gradients (`io[16..48]`),
/// writes the texels to `io[0..16]`.
pub unsafe extern "C" fn texture(textures: *const TextureUnits, code: u32, io: *mut f32) {
    // SAFETY: compiled code passes the `textures` reference `call` gave it, alive for the call.
    let textures = unsafe { &*textures };
    // SAFETY: compiled code passes its 64-float spill slot, with the coordinates written.
    let coords = unsafe { quads::<4>(io) };
    let gradients = helpers::has_gradients(code).then(|| {
        // SAFETY: for TXD compiled code also wrote both gradients after the coordinates.
        let [a0, a1, a2, a3, b0, b1, b2, b3] = unsafe { quads::<8>(io.add(16)) };
        [[a0, a1, a2, a3], [b0, b1, b2, b3]]
    });
    let texels = helpers::texture_quad(textures, code, &coords, gradients.as_ref());
    // SAFETY: as above.
    unsafe { write(io, texels) }
}
