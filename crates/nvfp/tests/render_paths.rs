//! The two ways of shading the reference quad — a materialised batch (`render::shade`) and the
//! streaming row-by-row path (`render::shade_reference_quad`) — store the same pixels, including killed
//! fragments and odd target sizes with helper fragments.

use nvfp::exec::{Machine, Parameters};
use nvfp::raster::reference_quad;
use nvfp::render::{shade, shade_reference_quad, Framebuffer, Shader};
use nvfp::texture::TextureUnits;
use pigment_diag::FileId;

const PROGRAM: &str = "!!FP1.0
MADR R0.xy, f[TEX0], 2, -1;
DP3R R0.w, R0.xyzz, R0.xyzz;
ADDRC RC.x, R0.w, -0.8;
KIL GT.x;
DDXR R1, f[TEX0];
MADR o[COLR], R1.x, 100, f[COL0];
END
";

#[test]
fn streaming_and_batch_paths_store_the_same_pixels() {
    let program = nvfp::validate::load_text(PROGRAM, FileId(0)).expect("loads");
    let machine = Machine::new(&program);
    let params = Parameters::for_program(&program);
    let textures = TextureUnits::new();
    let shader = Shader {
        program: &program,
        machine: &machine,
        params: &params,
        textures: &textures,
    };
    for (w, h) in [(1, 1), (7, 5), (16, 16), (33, 2)] {
        let mut batch = Framebuffer::new(w, h);
        shade(&shader, &reference_quad(w, h), &mut batch);
        let mut streamed = Framebuffer::new(w, h);
        shade_reference_quad(&shader, &mut streamed);
        assert_eq!(batch, streamed, "{w}x{h}");
        if w > 1 {
            // The bottom-left pixel lies outside the disk: killed, so it keeps the clear colour.
            assert_eq!(streamed.pixel(0, 0), [0.0; 4], "{w}x{h}");
        }
    }
    // At 16x16 the centre is inside: COL0 = (s, t, 1 - s, 1) plus 100 * DDX(s) = 100 / 16 everywhere.
    let mut target = Framebuffer::new(16, 16);
    shade_reference_quad(&shader, &mut target);
    let step = 100.0 / 16.0;
    assert_eq!(
        target.pixel(8, 9),
        [
            8.5 / 16.0 + step,
            9.5 / 16.0 + step,
            7.5 / 16.0 + step,
            1.0 + step
        ]
    );
}
