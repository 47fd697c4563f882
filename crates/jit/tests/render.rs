//! The renderer's streaming path with compiled code (`render::shade_reference_quad` over a JIT
//! machine, whose batches keep the attribute and depth lanes that did not change from one span
//! to the next and are never cleared) stores the same bits as the interpreter shading the
//! materialised reference quad (`render::shade`), at sizes with partial spans, helper fragments
//! and several bands, for programs that store every fragment, kill, or write depth.

use nvfp::exec::{Machine, Parameters};
use nvfp::raster::reference_quad;
use nvfp::render::{shade, shade_reference_quad, Framebuffer, Shader};
use nvfp::texture::TextureUnits;
use pigment_diag::FileId;

/// 1 x 1 and 7 x 5: one partial span of helpers; 67 x 5: a whole span and a partial one per row;
/// 130 x 37: 19 rows of quads in two bands, the second one short, three spans a row.
const SIZES: [(u32, u32); 4] = [(1, 1), (7, 5), (67, 5), (130, 37)];

/// Shades `text` both ways at every size of [`SIZES`], asserts the same bits, and returns the
/// compiled path's images.
fn assert_compiled_streaming_matches(text: &str) -> Vec<Framebuffer> {
    let program = nvfp::validate::load_text(text, FileId(0)).expect("loads");
    let (jit, compiled) = nvfp_jit::machine(&program);
    compiled.expect("the JIT compiles on this host");
    let interpreter = Machine::new(&program);
    let params = Parameters::for_program(&program);
    let textures = TextureUnits::new();
    let shader = |machine| Shader {
        program: &program,
        machine,
        params: &params,
        textures: &textures,
    };
    let bits = |image: &Framebuffer| -> Vec<[u32; 4]> {
        image.pixels.iter().map(|p| p.map(f32::to_bits)).collect()
    };
    SIZES
        .iter()
        .map(|&(w, h)| {
            let mut reference = Framebuffer::new(w, h);
            shade(&shader(&interpreter), &reference_quad(w, h), &mut reference);
            let mut streamed = Framebuffer::new(w, h);
            shade_reference_quad(&shader(&jit), &mut streamed);
            assert_eq!(bits(&reference), bits(&streamed), "{w}x{h}");
            streamed
        })
        .collect()
}

#[test]
fn every_formula_reaches_every_fragment() {
    // Column-only (s, 1 - s, x), row-only (t, 2t - 1, y), both ((s + t) / 2) and constant lanes,
    // each weighted differently so that a lane left from another span or row shows.
    let images = assert_compiled_streaming_matches(
        "!!FP1.0
MOVR R2, f[TEX1];
MADR R0, f[COL0], 3, R2;
MOVR R3, f[COL1];
MADR R1, f[WPOS], 0.25, R3;
MADR o[COLR], R1, 7, R0;
END
",
    );
    // Pixel (66, 4) of 67 x 5: the last column, in the second span of the top row.
    let (w, h) = (67.0f32, 5.0f32);
    let (cx, cy) = (66.5f32, 4.5f32);
    let (s, t) = (cx / w, cy / h);
    let col0 = [s, t, 1.0 - s, 1.0];
    let tex1 = [1.0 - s, t * 2.0 - 1.0, (s + t) * 0.5, 1.0];
    let wpos = [cx, cy, 0.5, 1.0];
    let col1 = [t, s, 0.5, 1.0];
    let want: [f32; 4] = std::array::from_fn(|c| {
        let r0 = col0[c] * 3.0 + tex1[c];
        let r1 = wpos[c] * 0.25 + col1[c];
        r1 * 7.0 + r0
    });
    assert_eq!(images[2].pixel(66, 4), want);
}

#[test]
fn killed_fragments_keep_the_clear_colour() {
    // Fragments with s > 0.5 are killed.
    let images = assert_compiled_streaming_matches(
        "!!FP1.0
ADDRC RC.x, f[TEX0].x, -0.5;
KIL GT.x;
MOVR o[COLR], f[COL0];
END
",
    );
    let image = &images[3];
    for x in [0, 64, 65, 66, 129] {
        let s = (x as f32 + 0.5) / 130.0;
        let stored = image.pixel(x, 36) != [0.0; 4];
        assert_eq!(stored, s <= 0.5, "x = {x}");
    }
}

#[test]
fn depth_written_under_a_mask_starts_from_each_fragments_own() {
    // o[DEPR].z = 2 (out of range: dropped) only where t > 0.5; elsewhere it keeps f[WPOS].z =
    // 0.5 and the fragment is stored. A batch that kept the depth lanes an earlier batch wrote
    // would drop fragments of the lower half.
    let images = assert_compiled_streaming_matches(
        "!!FP1.0
ADDRC RC.y, f[TEX0].y, -0.5;
MOVR o[DEPR].z (GT.y), 2;
MOVR o[COLR], {1, 2, 3, 4};
END
",
    );
    let image = &images[3];
    for y in 0..37 {
        let t = (y as f32 + 0.5) / 37.0;
        let want = if t > 0.5 {
            [0.0; 4]
        } else {
            [1.0, 2.0, 3.0, 4.0]
        };
        assert_eq!(image.pixel(129, y), want, "y = {y}");
    }
}
