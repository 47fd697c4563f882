//! An oracle beside Pigment: runs a libretro slang preset (`.slangp`) through **librashader**, the
//! slang preset runtime standalone emulators embed, on its Vulkan runtime, on whatever Vulkan
//! device the loader offers first (Mesa's lavapipe on the test machines: Debian
//! `mesa-vulkan-drivers`, `libvulkan1`), with no window, and reads every frame back as RGBA8.
//!
//! It is what RetroArch's slang runtime draws, to compare with what Pigment writes and draws. It
//! never depends on a Pigment crate, and only tests depend on it (a dev-dependency), so that what
//! it says stays independent of the code under test.
//!
//! A run: the input picture is an `R8G8B8A8_UNORM` image, the same one every frame; the viewport
//! an `R8G8B8A8_UNORM` image of the size asked for, which the final pass draws into (as RetroArch
//! draws into its window); frame `n` (from 0) is passed as librashader's frame count. Rows are top
//! first, as RetroArch uploads a frame and as a window shows it.
//!
//! All the unsafe code (Vulkan through `ash`, librashader's Vulkan entry points) is in `vk`; the
//! headless instance and device are crates/vk-oracle's.

use std::path::Path;

mod vk;

/// An RGBA8 picture, rows top first, 4 bytes a pixel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
}

impl Picture {
    /// Pixel (x, y), y = 0 the top row.
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        let at = 4 * (y as usize * self.width as usize + x as usize);
        [
            self.rgba[at],
            self.rgba[at + 1],
            self.rgba[at + 2],
            self.rgba[at + 3],
        ]
    }
}

/// One run of a preset.
#[derive(Clone, Debug)]
pub struct Run<'a> {
    /// The `.slangp` file; its shaders and textures are found relative to it, as RetroArch does.
    pub preset: &'a Path,
    /// The frame shown to the chain, every frame.
    pub input: &'a Picture,
    /// The viewport's (the final output's) width and height.
    pub viewport: (u32, u32),
    /// How many frames to run (frame counts 0 to `frames - 1`).
    pub frames: u32,
}

/// The largest side of an input or a viewport this oracle makes (a test's pictures are small).
pub const MAX_SIDE: u32 = 4096;

/// Runs `run` and returns the viewport after every frame, in order.
pub fn render(run: &Run) -> Result<Vec<Picture>, String> {
    let (w, h) = run.viewport;
    let input = run.input;
    for (what, (w, h)) in [("viewport", (w, h)), ("input", (input.width, input.height))] {
        if w == 0 || h == 0 || w > MAX_SIDE || h > MAX_SIDE {
            return Err(format!(
                "the {what} is {w}x{h}: each side must be 1 to {MAX_SIDE}"
            ));
        }
    }
    if input.rgba.len() != 4 * input.width as usize * input.height as usize {
        return Err(format!(
            "the input has {} bytes, not 4 per pixel of {}x{}",
            input.rgba.len(),
            input.width,
            input.height
        ));
    }
    if run.frames == 0 {
        return Err("a run has at least one frame".into());
    }
    vk::render(run)
}
