//! Pass sizes from the scale rules: each pass's output is its source (the previous pass's output,
//! the input picture for the first) times its factor, the viewport times its factor, or a number of
//! pixels. A pass naming no scale type renders at the viewport size when it is the last pass and at
//! its source size otherwise, as RetroArch does. Sizes are whole pixels, at least 1: truncated, as
//! the NV30-era Cg runtime's unsigned conversion does ([`pass_sizes`], [`checked_pass_sizes`]), or
//! rounded to the nearest (halves away from zero), as RetroArch's slang runtime (`roundf` in its
//! Vulkan filter chain) and librashader do ([`drawn_sizes`]).

use crate::model::{Pass, Scale, ScaleType};

/// The largest framebuffer side (the machine's texture limit).
pub const MAX_SIDE: u32 = 16384;

/// The output size of every pass of `passes` for an `input` picture shown in a `viewport`, each
/// side clamped to [1, [`MAX_SIDE`]]. [`checked_pass_sizes`] refuses what this clamps.
pub fn pass_sizes(passes: &[Pass], input: (u32, u32), viewport: (u32, u32)) -> Vec<(u32, u32)> {
    sizes(passes, input, viewport, |_, pixels| {
        Ok::<_, ()>((pixels as u32).clamp(1, MAX_SIDE))
    })
    .unwrap_or_default()
}

/// The output size of every pass, as [`pass_sizes`], but a side over [`MAX_SIDE`] (the input,
/// the viewport or a pass's scaled size) is an error naming the pass instead of being clamped.
pub fn checked_pass_sizes(
    passes: &[Pass],
    input: (u32, u32),
    viewport: (u32, u32),
) -> Result<Vec<(u32, u32)>, String> {
    checked(passes, input, viewport, f32::trunc)
}

/// The sizes by the scale rules, each side made whole by `whole` (truncation or rounding) and
/// checked against [`MAX_SIDE`].
fn checked(
    passes: &[Pass],
    input: (u32, u32),
    viewport: (u32, u32),
    whole: fn(f32) -> f32,
) -> Result<Vec<(u32, u32)>, String> {
    for (what, (w, h)) in [("the input picture", input), ("the output size", viewport)] {
        if w.max(h) > MAX_SIDE {
            return Err(format!(
                "{what} is {w}x{h}, over the largest side of {MAX_SIDE} pixels"
            ));
        }
    }
    sizes(passes, input, viewport, |pass, pixels| {
        let pixels = whole(pixels);
        if pixels > MAX_SIDE as f32 {
            Err(format!(
                "pass {pass}'s scale makes a framebuffer side of {pixels} pixels, over the \
                 largest of {MAX_SIDE}"
            ))
        } else {
            Ok((pixels as u32).max(1))
        }
    })
}

/// The sizes by the scale rules; `side` turns pass N's unrounded side into pixels, or fails.
fn sizes<E>(
    passes: &[Pass],
    input: (u32, u32),
    viewport: (u32, u32),
    side: impl Fn(usize, f32) -> Result<u32, E>,
) -> Result<Vec<(u32, u32)>, E> {
    let mut source = input;
    let mut sizes = Vec::with_capacity(passes.len());
    for (i, pass) in passes.iter().enumerate() {
        let size = match pass.scale {
            Some((x, y)) => (
                side(i, axis(x, source.0, viewport.0))?,
                side(i, axis(y, source.1, viewport.1))?,
            ),
            None if i + 1 == passes.len() => viewport,
            None => source,
        };
        sizes.push(size);
        source = size;
    }
    Ok(sizes)
}

/// The sizes as RetroArch's slang runtime and librashader make them: as [`checked_pass_sizes`] but
/// each side rounded to the nearest pixel, and the last pass drawn into the viewport whatever its
/// own scale says.
pub fn drawn_sizes(
    passes: &[Pass],
    input: (u32, u32),
    viewport: (u32, u32),
) -> Result<Vec<(u32, u32)>, String> {
    let mut sizes = checked(passes, input, viewport, f32::round)?;
    if let Some(last) = sizes.last_mut() {
        *last = viewport;
    }
    Ok(sizes)
}

fn axis(scale: Scale, source: u32, viewport: u32) -> f32 {
    match scale.kind {
        ScaleType::Source => source as f32 * scale.factor,
        ScaleType::Viewport => viewport as f32 * scale.factor,
        ScaleType::Absolute => scale.factor,
    }
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
            Ok(vec![(10, 7), (21, 15)])
        );
    }

    /// The scales preset's third pass: half of a 21x15 viewport is 10.5x7.5, which the Cg runtime
    /// truncates to 10x7 and RetroArch's slang runtime rounds to 11x8.
    #[test]
    fn drawn_sizes_round_where_the_cg_runtime_truncates() {
        use ScaleType::*;
        let passes = [
            pass(Some((s(Absolute, 10.0), s(Absolute, 7.0)))),
            pass(Some((s(Source, 2.0), s(Source, 2.0)))),
            pass(Some((s(Viewport, 0.5), s(Viewport, 0.5)))),
            pass(Some((s(Source, 1.5), s(Source, 1.5)))),
        ];
        assert_eq!(
            checked_pass_sizes(&passes, (16, 12), (21, 15)),
            Ok(vec![(10, 7), (20, 14), (10, 7), (15, 10)])
        );
        assert_eq!(
            drawn_sizes(&passes, (16, 12), (21, 15)),
            Ok(vec![(10, 7), (20, 14), (11, 8), (21, 15)])
        );
    }

    #[test]
    fn a_scaled_side_over_the_limit_is_an_error_naming_the_pass() {
        let p = [
            pass(None),
            pass(Some((
                s(ScaleType::Source, 100.0),
                s(ScaleType::Source, 1.0),
            ))),
        ];
        // 256 * 100 = 25600 > 16384; pass_sizes clamps it, checked_pass_sizes refuses it.
        assert_eq!(pass_sizes(&p, (256, 224), (1, 1))[1], (MAX_SIDE, 224));
        let e = checked_pass_sizes(&p, (256, 224), (1, 1)).unwrap_err();
        assert!(
            e.starts_with("pass 1's scale makes a framebuffer side of 25600 pixels"),
            "{e}"
        );
        let e = checked_pass_sizes(&p[..1], (256, 224), (20000, 20000)).unwrap_err();
        assert!(e.starts_with("the output size is 20000x20000"), "{e}");
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
