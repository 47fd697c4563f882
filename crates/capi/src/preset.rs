//! libretro presets from C: binary files (look-up textures) added to a session, a `.cgp` preset
//! converted for libretro's slang or GLSL runtime in memory (read file by file, or written into a
//! folder), and a preset's chain rendered on an RGBA8 frame the caller passes — the library's
//! [`pigment::preset`] behind `extern "C"` functions.

use crate::boundary::{self, guard, Out};
use crate::error::PigmentError;
use crate::session::PigmentSession;
use crate::text::Text;
use pigment::preset::{ChainOptions, Runtime};
use std::ffi::c_char;

/// The runtime a preset is converted for.
pub type PigmentRuntime = u32;
/// libretro's slang runtime (RetroArch's Vulkan/GL core shaders, librashader): `.slang` files and
/// a `.slangp`.
pub const PIGMENT_RUNTIME_SLANG: PigmentRuntime = 0;
/// libretro's GLSL runtime: `.glsl` files (both stages in one) and a `.glslp`.
pub const PIGMENT_RUNTIME_GLSL: PigmentRuntime = 1;

/// A converted preset's files. Owned by the caller; free it with `pigment_converted_free`.
#[derive(Debug)]
pub struct PigmentConverted {
    files: Vec<(Text, Text)>,
    converted: pigment::preset::Converted,
}

/// What C is promised of converted presets too: they may be handed to another thread.
const _: () = {
    const fn send<T: Send>() {}
    send::<PigmentConverted>();
};

/// One file of a converted preset, as `pigment_converted_file` fills it in. The pointers are owned
/// by the converted preset and valid until it is freed; each buffer has a NUL after its last byte
/// (not counted).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct PigmentFile {
    /// The file's name (`pass0.slang`, `lut.png`, `preset.slangp`), UTF-8.
    pub name: *const c_char,
    /// `name`'s length in bytes.
    pub name_len: usize,
    /// The file's bytes (text for shaders and presets, a PNG for a look-up texture).
    pub bytes: *const u8,
    /// `bytes`'s length.
    pub bytes_len: usize,
}

/// A `#pragma parameter` value for `pigment_session_render_preset`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct PigmentParameter {
    /// The parameter's name, UTF-8.
    pub name: *const c_char,
    /// `name`'s length in bytes.
    pub name_len: usize,
    /// Its value.
    pub value: f32,
}

/// Adds (or replaces) the binary file `name` (a preset's look-up texture, a PNG) with `len` bytes.
///
/// # Safety
/// `session` is NULL or a live session no other thread uses; `name` points to `name_len` readable
/// bytes and `bytes` to `len` (each NULL only with a length of 0).
#[no_mangle]
pub unsafe extern "C" fn pigment_session_add_bytes(
    session: *mut PigmentSession,
    name: *const c_char,
    name_len: usize,
    bytes: *const u8,
    len: usize,
) -> *mut PigmentError {
    guard(|| {
        // SAFETY: NULL or live and unshared, by the contract.
        let session = unsafe { boundary::object_mut(session, "session") }?;
        // SAFETY: readable for the lengths given, by the contract.
        let name = unsafe { boundary::string(name, name_len, "name") }?;
        // SAFETY: as above.
        let bytes = unsafe { boundary::bytes(bytes, len, "bytes") }?;
        session.get_mut().add_bytes(name, bytes);
        Ok(())
    })
}

/// Converts the preset `preset` (a `.cgp` the session holds, or reads from disk where it may) for
/// `runtime`. The session gains every pass and look-up texture the preset names; a missing one is
/// `PIGMENT_ERROR_REQUEST` naming the pass and the file, a pass the runtime cannot express is
/// `PIGMENT_ERROR_REJECTED` with one diagnostic per pass. `*converted` receives the files (owned
/// by the caller, freed with `pigment_converted_free`), or NULL when the call fails.
///
/// # Safety
/// `session` is NULL or a live session no other thread uses; `preset` points to `preset_len`
/// readable bytes; `converted` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn pigment_session_convert_preset(
    session: *mut PigmentSession,
    preset: *const c_char,
    preset_len: usize,
    runtime: PigmentRuntime,
    converted: *mut *mut PigmentConverted,
) -> *mut PigmentError {
    guard(|| {
        // SAFETY: NULL or writable, by the contract.
        let out = unsafe { Out::new(converted, std::ptr::null_mut(), "converted") }?;
        // SAFETY: NULL or live and unshared, by the contract.
        let session = unsafe { boundary::object_mut(session, "session") }?.get_mut();
        // SAFETY: readable for the length given, by the contract.
        let name = unsafe { boundary::string(preset, preset_len, "preset") }?;
        let runtime = match runtime {
            PIGMENT_RUNTIME_SLANG => Runtime::Slang,
            PIGMENT_RUNTIME_GLSL => Runtime::Glsl,
            other => return Err(boundary::invalid(format!("no runtime {other}"))),
        };
        let library = |e| PigmentError::from_library(e);
        let loaded = session.load_preset(name).map_err(library)?;
        let result = session.convert_preset(&loaded, runtime).map_err(library)?;
        let files = result
            .files
            .iter()
            .map(|(name, bytes)| (Text::new(name.as_str()), Text::new(bytes.as_slice())))
            .collect();
        out.set(boundary::into_raw(PigmentConverted {
            files,
            converted: result,
        }));
        Ok(())
    })
}

/// How many files a converted preset has: one per pass, then the look-up textures, then the
/// preset file last; 0 for NULL.
///
/// # Safety
/// `converted` is NULL or live.
#[no_mangle]
pub unsafe extern "C" fn pigment_converted_file_count(converted: *const PigmentConverted) -> usize {
    boundary::guard_value(0, || {
        // SAFETY: NULL or live, by the contract.
        let converted = unsafe { boundary::object(converted, "converted") }?;
        Ok(converted.files.len())
    })
}

/// Fills `*file` with the file `index` (from 0). Fails with `PIGMENT_ERROR_INVALID_ARGUMENT` past
/// the last (and leaves `*file` all NULL and 0).
///
/// # Safety
/// `converted` is NULL or live; `file` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn pigment_converted_file(
    converted: *const PigmentConverted,
    index: usize,
    file: *mut PigmentFile,
) -> *mut PigmentError {
    guard(|| {
        let empty = PigmentFile {
            name: std::ptr::null(),
            name_len: 0,
            bytes: std::ptr::null(),
            bytes_len: 0,
        };
        // SAFETY: NULL or writable, by the contract.
        let out = unsafe { Out::new(file, empty, "file") }?;
        // SAFETY: NULL or live, by the contract.
        let converted = unsafe { boundary::object(converted, "converted") }?;
        let (name, bytes) = converted.files.get(index).ok_or_else(|| {
            let count = converted.files.len();
            boundary::invalid(format!("file {index} of {count}"))
        })?;
        out.set(PigmentFile {
            name: name.ptr(),
            name_len: name.len(),
            bytes: bytes.ptr().cast(),
            bytes_len: bytes.len(),
        });
        Ok(())
    })
}

/// Writes every file of a converted preset into the folder `dir` (UTF-8), creating it, as
/// `pigment preset --convert RUNTIME -o DIR` does.
///
/// # Safety
/// `converted` is NULL or live; `dir` points to `dir_len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn pigment_converted_write(
    converted: *const PigmentConverted,
    dir: *const c_char,
    dir_len: usize,
) -> *mut PigmentError {
    guard(|| {
        // SAFETY: NULL or live, by the contract.
        let converted = unsafe { boundary::object(converted, "converted") }?;
        // SAFETY: readable for the length given, by the contract.
        let dir = unsafe { boundary::string(dir, dir_len, "dir") }?;
        converted
            .converted
            .write_into(std::path::Path::new(dir))
            .map_err(PigmentError::from_library)
    })
}

/// Frees a converted preset (NULL is ignored).
///
/// # Safety
/// `converted` is NULL or a converted preset this library returned, freed once.
#[no_mangle]
pub unsafe extern "C" fn pigment_converted_free(converted: *mut PigmentConverted) {
    // SAFETY: NULL or made by `into_raw` in this file, freed once.
    unsafe { boundary::free(converted) }
}

/// Runs the preset `preset`'s chain on the NV_fragment_program machine as `pigment preset` does:
/// `frames` frames (at least 1) of the `input_width` x `input_height` RGBA8 picture `input` (top
/// row first, 4 bytes a pixel), drawn into an `output_width` x `output_height` viewport whose last
/// frame is written to `output` (RGBA8, top row first). `parameters` (`parameter_count` of them;
/// NULL with 0) set `#pragma parameter` values over the preset's.
///
/// # Safety
/// `session` is NULL or a live session no other thread uses; `preset` points to `preset_len`
/// readable bytes; `parameters` to `parameter_count` readable parameters whose names are
/// readable; `input` to `input_width * input_height * 4` readable bytes and `output` to
/// `output_width * output_height * 4` writable bytes.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn pigment_session_render_preset(
    session: *mut PigmentSession,
    preset: *const c_char,
    preset_len: usize,
    parameters: *const PigmentParameter,
    parameter_count: usize,
    input: *const u8,
    input_width: u32,
    input_height: u32,
    output: *mut u8,
    output_width: u32,
    output_height: u32,
    frames: u32,
) -> *mut PigmentError {
    guard(|| {
        // SAFETY: NULL or live and unshared, by the contract.
        let session = unsafe { boundary::object_mut(session, "session") }?.get_mut();
        // SAFETY: readable for the length given, by the contract.
        let name = unsafe { boundary::string(preset, preset_len, "preset") }?;
        // SAFETY: `parameter_count` readable parameters, by the contract.
        let given = unsafe { boundary::slice(parameters, parameter_count, "parameters") }?;
        let mut options = ChainOptions::default();
        for p in given {
            // SAFETY: each name readable for its length, by the contract.
            let name = unsafe { boundary::string(p.name, p.name_len, "parameter name") }?;
            options.parameters.push((name.to_string(), p.value));
        }
        let in_len = rgba8_len(input_width, input_height)?;
        // SAFETY: readable for the picture's length, by the contract.
        let input = unsafe { boundary::bytes(input, in_len, "input") }?;
        let out_len = rgba8_len(output_width, output_height)?;
        // SAFETY: writable for the viewport's length, by the contract.
        let output = unsafe { boundary::bytes_mut(output, out_len, "output") }?;
        let library = |e| PigmentError::from_library(e);
        let picture = pigment::preset::picture_from_rgba8(input_width, input_height, input)
            .map_err(library)?;
        let loaded = session.load_preset(name).map_err(library)?;
        let chain = session.filter_chain(&loaded, &options).map_err(library)?;
        let viewport = (output_width, output_height);
        chain
            .run(&picture, viewport, frames, |frame, drawn| {
                if frame + 1 == frames {
                    output.copy_from_slice(&pigment::preset::picture_to_rgba8(drawn));
                }
                Ok(())
            })
            .map_err(library)
    })
}

/// The bytes of a `width` x `height` RGBA8 picture, or why there is none.
fn rgba8_len(width: u32, height: u32) -> boundary::Outcome<usize> {
    let len = width as u64 * height as u64 * 4;
    match (width, height) {
        (0, _) | (_, 0) => Err(boundary::invalid(format!(
            "a {width}x{height} picture has no pixels"
        ))),
        _ => usize::try_from(len).map_err(|_| boundary::invalid("a picture larger than memory")),
    }
}
