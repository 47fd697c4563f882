//! The two ways of shading the reference quad — a materialised batch (`render::shade`) and the
//! streaming row-by-row path (`render::shade_reference_quad`) — store the same pixels, including killed
//! fragments and odd target sizes with helper fragments; and the streaming path hands every row,
//! final, to its sink exactly once (`render::shade_reference_quad_streamed`), as does the path that
//! never holds the picture whole (`render::shade_reference_quad_to_sink`, its band buffers reused
//! from band to band).

use nvfp::exec::{Machine, Parameters};
use nvfp::raster::reference_quad;
use nvfp::render::{
    shade, shade_reference_quad, shade_reference_quad_streamed, shade_reference_quad_to_sink,
    Framebuffer, RowSink, Shader,
};
use nvfp::texture::TextureUnits;
use pigment_diag::FileId;
use std::sync::Mutex;

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
    // 40 x 150: five bands of sixteen rows of quads, the last one short.
    let sizes = [(1, 1), (7, 5), (16, 16), (33, 2), (150, 35), (40, 150)];
    let images = shade_both_ways(PROGRAM, &sizes);
    for (&(w, h), image) in sizes.iter().zip(&images) {
        if w > 1 {
            // The bottom-left pixel lies outside the disk: killed, so it keeps the clear colour.
            assert_eq!(image.pixel(0, 0), [0.0; 4], "{w}x{h}");
        }
    }
    // At 16x16 the centre is inside: COL0 = (s, t, 1 - s, 1) plus 100 * DDX(s) = 100 / 16 everywhere.
    let step = 100.0 / 16.0;
    assert_eq!(
        images[2].pixel(8, 9),
        [
            8.5 / 16.0 + step,
            9.5 / 16.0 + step,
            7.5 / 16.0 + step,
            1.0 + step
        ]
    );
}

/// Shades the reference quad with `text` both ways at each size, asserts the same pixels and
/// returns the streamed images.
fn shade_both_ways(text: &str, sizes: &[(u32, u32)]) -> Vec<Framebuffer> {
    let program = nvfp::validate::load_text(text, FileId(0)).expect("loads");
    let machine = Machine::new(&program);
    let params = Parameters::for_program(&program);
    let textures = TextureUnits::new();
    let shader = Shader {
        program: &program,
        machine: &machine,
        params: &params,
        textures: &textures,
    };
    let mut images = Vec::new();
    for &(w, h) in sizes {
        let mut batch = Framebuffer::new(w, h);
        shade(&shader, &reference_quad(w, h), &mut batch);
        let mut streamed = Framebuffer::new(w, h);
        shade_reference_quad(&shader, &mut streamed);
        assert_eq!(batch, streamed, "{w}x{h}");
        let rows = RecordedRows::new(w, h);
        let mut sunk = Framebuffer::new(w, h);
        shade_reference_quad_streamed(&shader, &mut sunk, &rows);
        assert_eq!(sunk, streamed, "{w}x{h}");
        assert_eq!(
            rows.picture(),
            streamed.pixels,
            "rows handed to the sink, {w}x{h}"
        );
        // On one thread every band after the first reuses the buffer of the one before.
        for threads in [1, 2] {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
            let only = RecordedRows::new(w, h);
            pool.expect("a pool")
                .install(|| shade_reference_quad_to_sink(&shader, w, h, &only));
            assert_eq!(
                only.picture(),
                streamed.pixels,
                "rows of a picture never held whole, {w}x{h}, {threads} thread(s)"
            );
        }
        images.push(streamed);
    }
    images
}

/// Shades the reference quad both ways at several sizes (spans cut at the right edge, odd widths
/// and heights with helpers) and asserts the same pixels; returns the 67 x 5 image.
fn assert_paths_agree(text: &str) -> Framebuffer {
    // 130 x 37 has 19 rows of quads: bands of several rows, the last one short, whose spans
    // share lanes down a column.
    let sizes = [(1, 1), (2, 2), (7, 5), (64, 2), (130, 37), (67, 5)];
    let mut images = shade_both_ways(text, &sizes);
    images.pop().expect("one image per size")
}

#[test]
fn a_program_that_stores_every_fragment_fills_odd_targets_exactly() {
    // No KIL, no o[DEPR]: whole spans are stored a quad at a time. Every component differs per
    // pixel, so a fragment stored in a neighbour's place shows: COL0 = (s, t, 1 - s, 1), TEX1 =
    // (1 - s, 2t - 1, (s + t) / 2, 1) (shared/specs/reference-quad.md), f[WPOS] = (x, y) + 0.5.
    let image = assert_paths_agree(
        "!!FP1.0
MOVR R0, f[WPOS];
ADDR R1, f[COL0], R0.xyxy;
ADDR o[COLR], R1, f[TEX1];
END
",
    );
    let (w, h) = (67.0, 5.0);
    for (x, y) in [(0, 0), (1, 0), (0, 1), (63, 3), (64, 4), (66, 4), (65, 2)] {
        let (cx, cy) = (x as f32 + 0.5, y as f32 + 0.5);
        let (s, t) = (cx / w, cy / h);
        assert_eq!(
            image.pixel(x, y),
            [
                (s + cx) + (1.0 - s),
                (t + cy) + (2.0 * t - 1.0),
                ((1.0 - s) + cx) + (s + t) / 2.0,
                (1.0 + cy) + 1.0
            ],
            "({x}, {y})"
        );
    }
}

#[test]
fn a_program_that_writes_depth_drops_fragments_out_of_range() {
    // o[DEPR].z = 2 s - 0.5 lies in [0, 1] only for s in [0.25, 0.75]: the others are dropped,
    // so they keep the clear colour, and no whole-span store may skip the test.
    let image = assert_paths_agree(
        "!!FP1.0
MADR o[DEPR].z, f[TEX0].x, 2, -0.5;
MOVR o[COLR], {1, 2, 3, 4};
END
",
    );
    for x in 0..67 {
        let s = (x as f32 + 0.5) / 67.0;
        let kept = (0.0..=1.0).contains(&(s * 2.0 - 0.5));
        let want = if kept { [1.0, 2.0, 3.0, 4.0] } else { [0.0; 4] };
        assert_eq!(image.pixel(x, 1), want, "x = {x}");
    }
}

/// The rows a sink was handed, each checked to arrive once.
struct RecordedRows {
    width: usize,
    rows: Mutex<Vec<Option<Vec<[f32; 4]>>>>,
}

impl RecordedRows {
    fn new(width: u32, height: u32) -> RecordedRows {
        RecordedRows {
            width: width as usize,
            rows: Mutex::new(vec![None; height as usize]),
        }
    }

    /// The picture the rows make, bottom row first; every row must have arrived.
    fn picture(&self) -> Vec<[f32; 4]> {
        let rows = self.rows.lock().unwrap();
        let missing = rows.iter().position(Option::is_none);
        assert_eq!(missing, None, "a row never reached the sink");
        rows.iter().flatten().flatten().copied().collect()
    }
}

impl RowSink for RecordedRows {
    fn rows_done(&self, first_row: usize, pixels: &[[f32; 4]]) {
        assert_eq!(pixels.len() % self.width, 0, "whole rows only");
        let mut rows = self.rows.lock().unwrap();
        for (k, row) in pixels.chunks(self.width).enumerate() {
            let slot = &mut rows[first_row + k];
            assert!(slot.is_none(), "row {} handed twice", first_row + k);
            *slot = Some(row.to_vec());
        }
    }
}
