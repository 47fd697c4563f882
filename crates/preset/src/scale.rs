//! Pass sizes from the scale rules: each pass's output is its source (the previous pass's output,
//! the input picture for the first) times its factor, the viewport times its factor, or a number of
//! pixels. A pass naming no scale type renders at the viewport size when it is the last pass and at
//! its source size otherwise, as RetroArch does. Sizes are truncated to whole pixels, at least 1.
//!
//! [`pass_sizes`] gives a last pass with a scale of its own that size (as an NV30-era runtime
//! rendering into a framebuffer would); [`drawn_sizes`] draws the last pass into the viewport
//! whatever its scale, as RetroArch's slang runtime and librashader do.

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

/// [`pass_sizes`] with the last pass drawn into the viewport whatever its own scale says.
pub fn drawn_sizes(passes: &[Pass], input: (u32, u32), viewport: (u32, u32)) -> Vec<(u32, u32)> {
    let mut sizes = pass_sizes(passes, input, viewport);
    if let Some(last) = sizes.last_mut() {
        *last = viewport;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::WrapMode;

    fn pass(scale: Option<(Scale, Scale)>) -> Pass {
        Pass {
            shader: "p.cg".into(),
            alias: None,
            filter_linear: None,
            wrap: WrapMode::default(),
            scale,
            float_framebuffer: false,
            srgb_framebuffer: false,
            mipmap_input: false,
            frame_count_mod: 0,
        }
    }

    fn s(kind: ScaleType, factor: f32) -> Scale {
        Scale { kind, factor }
    }

    #[test]
    fn sizes_follow_source_viewport_and_absolute_rules() {
        use ScaleType::*;
        let passes = [
            pass(None),                                         // source size: 256x224
            pass(Some((s(Source, 1.5), s(Source, 2.0)))),       // 384x448
            pass(Some((s(Absolute, 320.0), s(Viewport, 0.5)))), // 320x300
            pass(None),                                         // last: the viewport
        ];
        assert_eq!(
            pass_sizes(&passes, (256, 224), (800, 600)),
            vec![(256, 224), (384, 448), (320, 300), (800, 600)]
        );
    }

    #[test]
    fn a_last_pass_with_its_own_scale_is_drawn_into_the_viewport() {
        use ScaleType::*;
        let passes = [
            pass(Some((s(Absolute, 10.0), s(Absolute, 7.0)))),
            pass(Some((s(Source, 1.5), s(Source, 1.5)))),
        ];
        assert_eq!(
            pass_sizes(&passes, (16, 12), (21, 15)),
            vec![(10, 7), (15, 10)]
        );
        assert_eq!(
            drawn_sizes(&passes, (16, 12), (21, 15)),
            vec![(10, 7), (21, 15)]
        );
    }

    #[test]
    fn sizes_truncate_and_stay_at_least_one_pixel() {
        let p = [pass(Some((
            s(ScaleType::Source, 0.3),
            s(ScaleType::Source, 0.001),
        )))];
        // 256 * 0.3 = 76.8 -> 76; 224 * 0.001 = 0.224 -> 1.
        assert_eq!(pass_sizes(&p, (256, 224), (1, 1)), vec![(76, 1)]);
    }
}
