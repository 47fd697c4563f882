//! Tests of the rasterizer against the reference-quad formulas and hand-computed interpolation.

use super::*;

const TEX0: usize = 4;

/// The attributes of pixel (x, y) in whichever quad of the batch covers it.
fn fragment_attr(batch: &QuadBatch, x: u32, y: u32, reg: usize) -> Option<[f32; 4]> {
    let f = ((y & 1) * 2 + (x & 1)) as usize;
    (0..batch.len())
        .find(|&q| batch.origins[q] == (x & !1, y & !1) && batch.coverage[q][f])
        .map(|q| batch.inputs[q].attribs[reg][f])
}

#[test]
fn reference_quad_covers_odd_targets_with_helper_fragments() {
    let batch = reference_quad(3, 3);
    assert_eq!(batch.len(), 4);
    assert_eq!(batch.origins, vec![(0, 0), (2, 0), (0, 2), (2, 2)]);
    assert_eq!(batch.coverage[1], [true, false, true, false]);
    assert_eq!(batch.coverage[3], [true, false, false, false]);
    let covered: usize = batch.coverage.iter().flatten().filter(|&&c| c).count();
    assert_eq!(covered, 9);
}

#[test]
fn reference_quad_attributes_follow_the_spec_table() {
    // Pixel (2, 1) of a 4x2 target: s = 2.5/4 = 0.625, t = 1.5/2 = 0.75.
    let a = reference_quad_attributes(2, 1, 4, 2);
    assert_eq!(a[0], [2.5, 1.5, 0.5, 1.0]); // WPOS
    assert_eq!(a[1], [0.625, 0.75, 0.375, 1.0]); // COL0 = (s, t, 1-s, 1)
    assert_eq!(a[2], [0.75, 0.625, 0.5, 1.0]); // COL1 = (t, s, 0.5, 1)
    assert_eq!(a[3], [0.0; 4]); // FOGC
    assert_eq!(a[TEX0], [0.625, 0.75, 0.0, 1.0]);
    assert_eq!(a[TEX0 + 1], [0.375, 0.5, 0.6875, 1.0]); // (1-s, 2t-1, (s+t)/2, 1)
    assert_eq!(a[TEX0 + 7], [0.0, 0.0, 0.0, 1.0]);
}

fn vertex(clip: [f32; 4], tex0: [f32; 4]) -> Vertex {
    let mut v = Vertex {
        clip,
        ..Vertex::default()
    };
    v.attribs[TEX0] = tex0;
    v
}

#[test]
fn two_triangles_cover_every_pixel_exactly_once() {
    let (w, h) = (7, 5);
    let corners = [[-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0], [1.0, 1.0]];
    let v: Vec<Vertex> = corners
        .iter()
        .map(|c| {
            vertex(
                [c[0], c[1], 0.0, 1.0],
                [(c[0] + 1.0) / 2.0, (c[1] + 1.0) / 2.0, 0.0, 1.0],
            )
        })
        .collect();
    let mut batch = QuadBatch::default();
    assert!(rasterize_triangle(&[v[0], v[1], v[2]], w, h, &mut batch));
    assert!(rasterize_triangle(&[v[2], v[1], v[3]], w, h, &mut batch));
    let mut hits = vec![0; (w * h) as usize];
    for (q, &(x0, y0)) in batch.origins.iter().enumerate() {
        for f in 0..4 {
            if batch.coverage[q][f] {
                hits[((y0 + (f as u32 >> 1)) * w + x0 + (f as u32 & 1)) as usize] += 1;
            }
        }
    }
    assert!(hits.iter().all(|&n| n == 1), "{hits:?}");
    // Interpolated texture coordinates match the reference quad's (s, t) within rounding.
    for y in 0..h {
        for x in 0..w {
            let expected = reference_quad_attributes(x as i64, y as i64, w, h)[TEX0];
            let got = fragment_attr(&batch, x, y, TEX0).expect("pixel covered");
            for c in 0..2 {
                assert!(
                    (got[c] - expected[c]).abs() < 1e-6,
                    "({x},{y}) {got:?} vs {expected:?}"
                );
            }
        }
    }
}

#[test]
fn interpolation_is_perspective_correct() {
    // Vertex 2 has w = 2: at a pixel with screen-space weights (l0, l1, l2) the attribute a (0, 0, 1
    // at the vertices) is (l2 / 2) / (l0 + l1 + l2 / 2), not l2.
    let v = [
        vertex([-1.0, -1.0, 0.0, 1.0], [0.0; 4]),
        vertex([1.0, -1.0, 0.0, 1.0], [0.0; 4]),
        vertex([-2.0, 2.0, 0.0, 2.0], [1.0, 0.0, 0.0, 0.0]),
    ];
    let mut batch = QuadBatch::default();
    assert!(rasterize_triangle(&v, 4, 4, &mut batch));
    // Window positions: (0,0), (4,0), (0,4). Pixel (0,1) centre (0.5,1.5): l2 = 1.5/4, l0 + l1 = 1 - l2.
    let l2 = 1.5 / 4.0;
    let expected = (l2 / 2.0) / ((1.0 - l2) + l2 / 2.0);
    let got = fragment_attr(&batch, 0, 1, TEX0).expect("covered")[0] as f64;
    assert!((got - expected).abs() < 1e-6, "{got} vs {expected}");
    // f[WPOS].w is the interpolated 1/w.
    let wpos = fragment_attr(&batch, 0, 1, 0).expect("covered");
    assert!((wpos[3] as f64 - ((1.0 - l2) + l2 / 2.0)).abs() < 1e-6);
    assert_eq!(&wpos[..2], &[0.5, 1.5]);
}

#[test]
fn degenerate_and_behind_the_eye_triangles_are_rejected() {
    let mut batch = QuadBatch::default();
    let flat = [vertex([0.0, 0.0, 0.0, 1.0], [0.0; 4]); 3];
    assert!(!rasterize_triangle(&flat, 4, 4, &mut batch));
    let behind = [
        vertex([0.0, 0.0, 0.0, -1.0], [0.0; 4]),
        vertex([1.0, 0.0, 0.0, 1.0], [0.0; 4]),
        vertex([0.0, 1.0, 0.0, 1.0], [0.0; 4]),
    ];
    assert!(!rasterize_triangle(&behind, 4, 4, &mut batch));
    assert!(batch.is_empty());
}

#[test]
fn a_strip_of_four_vertices_is_the_reference_quad() {
    // The reference quad's strip: (s, t) = (0,0), (1,0), (0,1), (1,1), TEX0 = (s, t, 0, 1). Every
    // pixel is covered once and TEX0 interpolates to the pixel centre's (s, t) (exact in binary
    // for a 4x4 target: s = (i + 0.5) / 4).
    let (w, h) = (4, 4);
    let v: Vec<Vertex> = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)]
        .iter()
        .map(|&(s, t)| vertex([2.0 * s - 1.0, 2.0 * t - 1.0, 0.0, 1.0], [s, t, 0.0, 1.0]))
        .collect();
    let mut batch = QuadBatch::default();
    assert_eq!(rasterize_strip(&v, w, h, &mut batch), 2);
    let covered: usize = batch.coverage.iter().flatten().filter(|&&c| c).count();
    assert_eq!(covered, 16);
    for y in 0..h {
        for x in 0..w {
            let a = fragment_attr(&batch, x, y, TEX0).expect("covered");
            let (s, t) = ((x as f32 + 0.5) / 4.0, (y as f32 + 0.5) / 4.0);
            assert!(
                (a[0] - s).abs() < 1e-6 && (a[1] - t).abs() < 1e-6,
                "{x},{y}: {a:?}"
            );
        }
    }
}

#[test]
fn a_strip_keeps_the_winding_of_its_first_triangle() {
    // Three vertices wound clockwise still draw (no culling); a degenerate strip draws nothing.
    let v = [
        vertex([-1.0, 1.0, 0.0, 1.0], [0.0; 4]),
        vertex([1.0, -1.0, 0.0, 1.0], [0.0; 4]),
        vertex([-1.0, -1.0, 0.0, 1.0], [0.0; 4]),
    ];
    let mut batch = QuadBatch::default();
    assert_eq!(rasterize_strip(&v, 4, 4, &mut batch), 1);
    let same = [v[0], v[0], v[0]];
    assert_eq!(rasterize_strip(&same, 4, 4, &mut QuadBatch::default()), 0);
}

/// Lane `4q + f` of every attribute component a span gives.
fn span_lanes(span: &ReferenceSpan, attrib: usize, c: usize) -> Vec<f32> {
    let mut lanes = vec![f32::NAN; 4 * span.quads];
    span.fill(attrib, c, &mut lanes);
    lanes
}

#[test]
fn reference_span_lanes_follow_the_spec_table() {
    // A 4x2 target: pixel (2, 1) is fragment 2 of quad 1 (x0 = 2, y0 = 0), so lane 6;
    // s = 2.5/4 = 0.625, t = 1.5/2 = 0.75 (shared/specs/reference-quad.md).
    let span = ReferenceSpan {
        x0: 0,
        y0: 0,
        quads: 2,
        width: 4,
        height: 2,
    };
    let expected: [(usize, [f32; 4]); 7] = [
        (0, [2.5, 1.5, 0.5, 1.0]),             // WPOS
        (1, [0.625, 0.75, 0.375, 1.0]),        // COL0 = (s, t, 1-s, 1)
        (2, [0.75, 0.625, 0.5, 1.0]),          // COL1 = (t, s, 0.5, 1)
        (3, [0.0; 4]),                         // FOGC
        (TEX0, [0.625, 0.75, 0.0, 1.0]),       // TEX0 = (s, t, 0, 1)
        (TEX0 + 1, [0.375, 0.5, 0.6875, 1.0]), // TEX1 = (1-s, 2t-1, (s+t)/2, 1)
        (TEX0 + 7, [0.0, 0.0, 0.0, 1.0]),
    ];
    for (attrib, value) in expected {
        for (c, &v) in value.iter().enumerate() {
            assert_eq!(span_lanes(&span, attrib, c)[6], v, "attribute {attrib}.{c}");
        }
    }
}

#[test]
fn reference_span_lanes_are_the_quads_attributes_bit_for_bit() {
    // An odd target: the last quad of each row and the top row of quads hold helpers.
    let (w, h) = (7, 5);
    let batch = reference_quad(w, h);
    for y0 in (0..h).step_by(2) {
        let span = ReferenceSpan {
            x0: 2,
            y0,
            quads: 3,
            width: w,
            height: h,
        };
        let first = batch
            .origins
            .iter()
            .position(|&o| o == (2, y0))
            .expect("quad");
        for attrib in 0..ATTRIB_COUNT {
            for c in 0..4 {
                let lanes = span_lanes(&span, attrib, c);
                for q in 0..3 {
                    for f in 0..4 {
                        let want = batch.inputs[first + q].attribs[attrib][f][c];
                        assert_eq!(lanes[4 * q + f].to_bits(), want.to_bits());
                        assert_eq!(span.covers(q, f), batch.coverage[first + q][f]);
                    }
                }
            }
        }
    }
}

/// Every lane of every attribute component of `span`, bit for bit against the per-pixel formulas.
fn assert_span_matches_pixels(span: &ReferenceSpan) {
    for attrib in 0..ATTRIB_COUNT {
        for c in 0..4 {
            let lanes = span_lanes(span, attrib, c);
            for q in 0..span.quads {
                for f in 0..4 {
                    let (x, y) = span.pixel(q, f);
                    let want =
                        reference_quad_attributes(x as i64, y as i64, span.width, span.height);
                    assert_eq!(
                        lanes[4 * q + f].to_bits(),
                        want[attrib][c].to_bits(),
                        "{span:?}: attribute {attrib}.{c} at ({x}, {y})"
                    );
                }
            }
        }
    }
}

#[test]
fn reference_span_lanes_past_exact_coordinates_are_the_pixels_attributes() {
    // Pixel coordinates above 2^24 are no longer all f32 values: a span that crosses 2^24 converts
    // each coordinate instead of stepping by 2 (x0 + 2 rounds differently from x0 as f32 + 2).
    let big = 1 << 24;
    for (x0, y0) in [(big - 4, 0), (big + 2, big + 1), (6, big - 2)] {
        let span = ReferenceSpan {
            x0,
            y0,
            quads: 5,
            width: big + 9,
            height: big + 3,
        };
        assert_span_matches_pixels(&span);
    }
}

#[test]
fn reference_span_lanes_of_a_span_cut_at_the_right_edge_are_the_pixels_attributes() {
    // A 67 x 3 target: the second span of a row starts at 64 and holds two quads, the last one
    // half outside; the top row of quads is half outside too.
    for y0 in [0, 2] {
        let span = ReferenceSpan {
            x0: 64,
            y0,
            quads: 2,
            width: 67,
            height: 3,
        };
        assert!(!span.inside());
        assert_span_matches_pixels(&span);
    }
    let inside = ReferenceSpan {
        x0: 0,
        y0: 0,
        quads: 32,
        width: 67,
        height: 3,
    };
    assert!(inside.inside());
    assert_span_matches_pixels(&inside);
}
