//! Pass sizes from the scale rules: each pass's output is its source (the previous pass's output,
//! the input picture for the first) times its factor, the viewport times its factor, or a number of
//! pixels. A pass naming no scale type renders at the viewport size when it is the last pass and at
//! its source size otherwise, as RetroArch does. Sizes are truncated to whole pixels, at least 1.

use crate::model::{Pass, Scale, ScaleType};

/// The largest framebuffer side (the machine's texture limit).
pub const MAX_SIDE: u32 = 16384;

/// The output size of every pass of `passes` for an `input` picture shown in a `viewport`.
pub fn pass_sizes(passes: &[Pass], input: (u32, u32), viewport: (u32, u32)) -> Vec<(u32, u32)> {
    let mut source = input;
    let mut sizes = Vec::with_capacity(passes.len());
    for (i, pass) in passes.iter().enumerate() {
        let size = match pass.scale {
            Some((x, y)) => (axis(x, source.0, viewport.0), axis(y, source.1, viewport.1)),
            None if i + 1 == passes.len() => viewport,
            None => source,
        };
        sizes.push(size);
        source = size;
    }
    sizes
}

fn axis(scale: Scale, source: u32, viewport: u32) -> u32 {
    let pixels = match scale.kind {
        ScaleType::Source => source as f32 * scale.factor,
        ScaleType::Viewport => viewport as f32 * scale.factor,
        ScaleType::Absolute => scale.factor,
    };
    (pixels as u32).clamp(1, MAX_SIDE)
}
