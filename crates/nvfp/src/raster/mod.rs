//! Rasterization: turning primitives into 2x2 quads of fragments with their attribute registers.
//!
//! Two primitives exist. [`reference_quad`] is the fixed full-screen quad of
//! `shared/specs/reference-quad.md`, whose attributes are given by closed formulas per pixel (so that
//! `pigment run` is comparable value for value with other GL implementations). [`rasterize_triangle`]
//! draws a triangle with perspective-correct attribute interpolation, for meshes, and
//! [`rasterize_strip`] a triangle strip of them (`pigment render --vertex-entry` draws the reference
//! quad's four vertices so, each carrying what the vertex program wrote in its attribute registers).
//!
//! Fragments are produced in quads: fragment `i` of a quad sits at `(x0 + (i & 1), y0 + (i >> 1))`,
//! y up. Quad members outside the target or the primitive are *helpers*: they get (extrapolated)
//! attributes and execute, so that derivatives are defined, but their results are discarded.

use crate::exec::{QuadInput, QuadInputs, SourceKey};
use crate::isa::{AttribReg, ATTRIB_COUNT};
use std::sync::LazyLock;

/// Quads to shade, with where they go and which of their fragments are real.
#[derive(Clone, Debug, Default)]
pub struct QuadBatch {
    pub inputs: Vec<QuadInput>,
    /// Pixel position of fragment 0 (the bottom-left one) of each quad.
    pub origins: Vec<(u32, u32)>,
    /// Which fragments of each quad are inside the primitive and the target.
    pub coverage: Vec<[bool; 4]>,
}

impl QuadBatch {
    pub fn len(&self) -> usize {
        self.inputs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.inputs.is_empty()
    }

    pub fn clear(&mut self) {
        self.inputs.clear();
        self.origins.clear();
        self.coverage.clear();
    }

    fn push(&mut self, origin: (u32, u32), input: QuadInput, coverage: [bool; 4]) {
        self.inputs.push(input);
        self.origins.push(origin);
        self.coverage.push(coverage);
    }
}

/// What a reference-quad attribute component is computed from, per pixel `(x, y)` of a target
/// `width` x `height` (helpers outside the target too).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Base {
    /// x + 0.5, the pixel centre.
    CentreX,
    /// y + 0.5.
    CentreY,
    /// s = (x + 0.5) / width.
    S,
    /// t = (y + 0.5) / height.
    T,
    /// s + t.
    SPlusT,
}

impl Base {
    /// Whether the base depends on the pixel column and on the pixel row.
    fn reads(self) -> (bool, bool) {
        match self {
            Base::CentreX | Base::S => (true, false),
            Base::CentreY | Base::T => (false, true),
            Base::SPlusT => (true, true),
        }
    }

    /// The base at `N` pixels at once (`x[i]`, `y[i]`): one f32 operation per lane each, so that
    /// one pixel (`N` = 1) and a quad (`N` = 4, which the compiler vectorises) round alike.
    #[inline(always)]
    fn at<const N: usize>(self, x: [f32; N], y: [f32; N], width: f32, height: f32) -> [f32; N] {
        let (cx, cy) = (x.map(|x| x + 0.5), y.map(|y| y + 0.5));
        match self {
            Base::CentreX => cx,
            Base::CentreY => cy,
            Base::S => cx.map(|cx| cx / width),
            Base::T => cy.map(|cy| cy / height),
            Base::SPlusT => std::array::from_fn(|i| cx[i] / width + cy[i] / height),
        }
    }
}

/// One attribute component of the reference quad (`shared/specs/reference-quad.md`): a constant,
/// or `base * scale + offset` (two roundings at most, the spec's own: `1 - s` is `s * -1 + 1`,
/// `2t - 1` is `t * 2 - 1`, `(s + t) / 2` is `(s + t) * 0.5`, each exact as the spec writes it).
/// The one definition of those formulas: per pixel ([`reference_quad_attributes`]) and per batch
/// of lanes ([`ReferenceSpan`]) both evaluate it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Formula {
    Constant(f32),
    Affine { base: Base, scale: f32, offset: f32 },
}

impl Formula {
    /// Component `c` of attribute register `attrib` ([`AttribReg::index`] order), from a table
    /// made once ([`Formula::row`]): a batch asks for each component it fills.
    fn of(attrib: usize, c: usize) -> Formula {
        static TABLE: LazyLock<[[Formula; 4]; ATTRIB_COUNT]> =
            LazyLock::new(|| std::array::from_fn(Formula::row));
        TABLE
            .get(attrib)
            .map_or(Formula::Constant(0.0), |row| row[c])
    }

    /// The four components of attribute register `attrib`.
    fn row(attrib: usize) -> [Formula; 4] {
        let affine = |base, scale, offset| Formula::Affine {
            base,
            scale,
            offset,
        };
        let plain = |base| affine(base, 1.0, 0.0);
        match AttribReg::from_index(attrib) {
            Some(AttribReg::Wpos) => [
                plain(Base::CentreX),
                plain(Base::CentreY),
                Formula::Constant(0.5),
                Formula::Constant(1.0),
            ],
            Some(AttribReg::Col0) => [
                plain(Base::S),
                plain(Base::T),
                affine(Base::S, -1.0, 1.0),
                Formula::Constant(1.0),
            ],
            Some(AttribReg::Col1) => [
                plain(Base::T),
                plain(Base::S),
                Formula::Constant(0.5),
                Formula::Constant(1.0),
            ],
            Some(AttribReg::Tex(0)) => [
                plain(Base::S),
                plain(Base::T),
                Formula::Constant(0.0),
                Formula::Constant(1.0),
            ],
            Some(AttribReg::Tex(1)) => [
                affine(Base::S, -1.0, 1.0),
                affine(Base::T, 2.0, -1.0),
                affine(Base::SPlusT, 0.5, 0.0),
                Formula::Constant(1.0),
            ],
            Some(AttribReg::Tex(_)) => [
                Formula::Constant(0.0),
                Formula::Constant(0.0),
                Formula::Constant(0.0),
                Formula::Constant(1.0),
            ],
            Some(AttribReg::Fogc) | None => [Formula::Constant(0.0); 4],
        }
    }

    /// Whether the formula depends on the pixel column and on the pixel row.
    fn reads(self) -> (bool, bool) {
        match self {
            Formula::Constant(_) => (false, false),
            Formula::Affine { base, .. } => base.reads(),
        }
    }

    /// The formula at `N` pixels at once (see [`Base::at`]).
    #[inline(always)]
    fn at<const N: usize>(self, x: [f32; N], y: [f32; N], width: f32, height: f32) -> [f32; N] {
        match self {
            Formula::Constant(v) => [v; N],
            Formula::Affine {
                base,
                scale,
                offset,
            } => base.at(x, y, width, height).map(|b| b * scale + offset),
        }
    }
}

/// The attribute registers of one pixel of the reference quad (pixel `(i, j)`, j counted from the
/// bottom). Helper pixels outside the target use the same affine formulas.
pub fn reference_quad_attributes(
    i: i64,
    j: i64,
    width: u32,
    height: u32,
) -> [[f32; 4]; ATTRIB_COUNT] {
    let (x, y, w, h) = (i as f32, j as f32, width as f32, height as f32);
    std::array::from_fn(|attrib| {
        std::array::from_fn(|c| Formula::of(attrib, c).at([x], [y], w, h)[0])
    })
}

/// A run of quads of one row of quads of the reference quad, as a batch's attribute source: its
/// lanes are computed from the formulas directly, only for the components a program reads, with no
/// [`QuadInput`] in between.
#[derive(Clone, Copy, Debug)]
pub struct ReferenceSpan {
    /// The left pixel column of the first quad (even) and the bottom row.
    pub x0: u32,
    pub y0: u32,
    pub quads: usize,
    pub width: u32,
    pub height: u32,
}

impl ReferenceSpan {
    /// Whether fragment `f` of quad `q` lies inside the target.
    pub fn covers(&self, q: usize, f: usize) -> bool {
        let (x, y) = self.pixel(q, f);
        x < self.width && y < self.height
    }

    /// The pixel of fragment `f` of quad `q`.
    pub fn pixel(&self, q: usize, f: usize) -> (u32, u32) {
        (
            self.x0 + 2 * q as u32 + (f as u32 & 1),
            self.y0 + (f as u32 >> 1),
        )
    }

    /// Whether the span lies wholly inside the target (no helper fragment in it).
    pub fn inside(&self) -> bool {
        let right = self.x0 as u64 + 2 * self.quads as u64;
        right <= self.width as u64 && self.y0 as u64 + 2 <= self.height as u64
    }

    /// `lanes[4q + f] = formula` at fragment `f` of quad `q`, a quad at a time (the span's pixel
    /// rows, hence its y, are the same for every quad). Pixel columns up to 2^24 are exact in f32,
    /// so there a quad's x are its left neighbour's plus 2, which saves converting each; beyond,
    /// each is converted from its integer as [`reference_quad_attributes`] does.
    #[inline(always)]
    fn each(&self, lanes: &mut [f32], formula: Formula) {
        const EXACT: u64 = 1 << 24;
        let (w, h) = (self.width as f32, self.height as f32);
        // Sliced rather than `take`n, which would count quads besides the chunks.
        let end = lanes.len().min(4 * self.quads);
        let quads = lanes[..end].chunks_exact_mut(4);
        let (mut x, y) = self.coordinates(0);
        if !formula.reads().0 {
            // Every quad of the span has the same pixel rows, so the same lanes.
            let quad = formula.at(x, y, w, h);
            quads.for_each(|lanes| lanes.copy_from_slice(&quad));
        } else if self.x0 as u64 + 2 * self.quads as u64 <= EXACT {
            for quad in quads {
                quad.copy_from_slice(&formula.at(x, y, w, h));
                x = x.map(|x| x + 2.0);
            }
        } else {
            for (q, quad) in quads.enumerate() {
                quad.copy_from_slice(&formula.at(self.coordinates(q).0, y, w, h));
            }
        }
    }

    /// The pixel coordinates of quad `q`'s four fragments, as f32: x and y.
    #[inline(always)]
    fn coordinates(&self, q: usize) -> ([f32; 4], [f32; 4]) {
        let pixels: [(u32, u32); 4] = std::array::from_fn(|f| self.pixel(q, f));
        (pixels.map(|p| p.0 as f32), pixels.map(|p| p.1 as f32))
    }
}

impl QuadInputs for ReferenceSpan {
    fn len(&self) -> usize {
        self.quads
    }

    /// Pixel centres are at least 0.5 and targets at most 2^32 pixels wide, so every formula gives
    /// 0 or a normal number (s, t ≥ 2^-33; 1 - s and 2t - 1 are 0 or at least 2^-24).
    fn fp32_exact(&self) -> bool {
        true
    }

    /// The span's column and row, its length and the target's size: spans in the same column or
    /// the same row share the lanes of the formulas that read only that (see
    /// [`ReferenceSpan::depends`]). A length past `u32` has no key.
    fn source_key(&self) -> Option<SourceKey> {
        Some([
            self.x0,
            self.y0,
            u32::try_from(self.quads).ok()?,
            self.width,
            self.height,
        ])
    }

    /// Every formula depends on the span's length and the target's size (words 2 to 4), and on
    /// whichever of the column (word 0) and the row (word 1) it reads.
    fn depends(&self, attrib: usize, c: usize) -> u32 {
        let (x, y) = Formula::of(attrib, c).reads();
        0b11100 | u32::from(x) | u32::from(y) << 1
    }

    fn fill(&self, attrib: usize, c: usize, lanes: &mut [f32]) {
        // One loop per base, so that the formula's match is decided outside it.
        match Formula::of(attrib, c) {
            Formula::Constant(v) => lanes[..4 * self.quads].fill(v),
            Formula::Affine {
                base,
                scale,
                offset,
            } => {
                let affine = |base| Formula::Affine {
                    base,
                    scale,
                    offset,
                };
                match base {
                    Base::CentreX => self.each(lanes, affine(Base::CentreX)),
                    Base::CentreY => self.each(lanes, affine(Base::CentreY)),
                    Base::S => self.each(lanes, affine(Base::S)),
                    Base::T => self.each(lanes, affine(Base::T)),
                    Base::SPlusT => self.each(lanes, affine(Base::SPlusT)),
                }
            }
        }
    }
}

/// All quads of the reference quad on a `width` x `height` target, bottom row of quads first.
pub fn reference_quad(width: u32, height: u32) -> QuadBatch {
    let mut batch = QuadBatch::default();
    for y0 in (0..height).step_by(2) {
        reference_quad_row(y0, width, height, &mut batch);
    }
    batch
}

/// Appends the quads of one row of quads of the reference quad (pixel rows `y0` and `y0 + 1`).
pub fn reference_quad_row(y0: u32, width: u32, height: u32, batch: &mut QuadBatch) {
    reference_quad_span(y0, 0..width, width, height, batch);
}

/// Appends the quads of a row of quads of the reference quad whose left pixel column `x0` (even)
/// lies in `columns`.
pub fn reference_quad_span(
    y0: u32,
    columns: std::ops::Range<u32>,
    width: u32,
    height: u32,
    batch: &mut QuadBatch,
) {
    for x0 in columns.step_by(2) {
        let mut input = QuadInput::default();
        let mut coverage = [false; 4];
        for (f, covered) in coverage.iter_mut().enumerate() {
            let (x, y) = (x0 + (f as u32 & 1), y0 + (f as u32 >> 1));
            *covered = x < width && y < height;
            let attribs = reference_quad_attributes(x as i64, y as i64, width, height);
            for (reg, value) in attribs.iter().enumerate() {
                input.attribs[reg][f] = *value;
            }
        }
        batch.push((x0, y0), input, coverage);
    }
}

/// A triangle vertex: clip-space position and the attribute registers it carries (f\[WPOS] is
/// computed by the rasterizer; whatever the vertex holds there is ignored).
#[derive(Clone, Copy, Debug, Default)]
pub struct Vertex {
    pub clip: [f32; 4],
    pub attribs: [[f32; 4]; ATTRIB_COUNT],
}

/// Window-space position of a vertex: viewport transform of the perspective-divided clip position.
fn to_window(v: &Vertex, width: u32, height: u32) -> Option<[f64; 4]> {
    let w = v.clip[3] as f64;
    if w.is_nan() || w <= 0.0 || !w.is_finite() {
        return None;
    }
    let inv_w = 1.0 / w;
    let ndc = [
        v.clip[0] as f64 * inv_w,
        v.clip[1] as f64 * inv_w,
        v.clip[2] as f64 * inv_w,
    ];
    Some([
        (ndc[0] + 1.0) * 0.5 * width as f64,
        (ndc[1] + 1.0) * 0.5 * height as f64,
        (ndc[2] + 1.0) * 0.5,
        inv_w,
    ])
}

/// Twice the signed area of the triangle (a, b, p) in window space.
fn edge(a: [f64; 4], b: [f64; 4], px: f64, py: f64) -> f64 {
    (b[0] - a[0]) * (py - a[1]) - (b[1] - a[1]) * (px - a[0])
}

/// The top-left fill rule: a pixel centre exactly on an edge belongs to the triangle only for top
/// edges and left edges, so that triangles sharing an edge shade each pixel once.
fn owns_edge(a: [f64; 4], b: [f64; 4], counter_clockwise: bool) -> bool {
    let (dx, dy) = if counter_clockwise {
        (b[0] - a[0], b[1] - a[1])
    } else {
        (a[0] - b[0], a[1] - b[1])
    };
    (dy == 0.0 && dx < 0.0) || dy < 0.0
}

/// Rasterizes one triangle (vertices with clip w > 0; no clipping is done) onto a `width` x `height`
/// target, appending its quads to `batch`. Attributes are interpolated perspective-correctly;
/// f\[WPOS] = (x + 0.5, y + 0.5, window z, 1/w). Returns false when the triangle was rejected
/// (degenerate, or a vertex behind the eye).
pub fn rasterize_triangle(
    vertices: &[Vertex; 3],
    width: u32,
    height: u32,
    batch: &mut QuadBatch,
) -> bool {
    let Some(win) = vertices
        .iter()
        .map(|v| to_window(v, width, height))
        .collect::<Option<Vec<_>>>()
    else {
        return false;
    };
    let area = edge(win[0], win[1], win[2][0], win[2][1]);
    if area == 0.0 || !area.is_finite() {
        return false;
    }
    let ccw = area > 0.0;
    let (min_x, max_x) = bounds(win.iter().map(|p| p[0]), width);
    let (min_y, max_y) = bounds(win.iter().map(|p| p[1]), height);
    for y0 in (min_y & !1..max_y).step_by(2) {
        for x0 in (min_x & !1..max_x).step_by(2) {
            let mut input = QuadInput::default();
            let mut coverage = [false; 4];
            for (f, covered) in coverage.iter_mut().enumerate() {
                let (x, y) = (x0 + (f as u32 & 1), y0 + (f as u32 >> 1));
                let (px, py) = (x as f64 + 0.5, y as f64 + 0.5);
                // Barycentric weights of vertices 0, 1, 2 (each is the edge opposite that vertex).
                let e = [
                    edge(win[1], win[2], px, py),
                    edge(win[2], win[0], px, py),
                    edge(win[0], win[1], px, py),
                ];
                let inside = (0..3).all(|k| {
                    let (a, b) = (win[(k + 1) % 3], win[(k + 2) % 3]);
                    let e = if ccw { e[k] } else { -e[k] };
                    e > 0.0 || (e == 0.0 && owns_edge(a, b, ccw))
                });
                *covered = inside && x < width && y < height;
                let lambda = [e[0] / area, e[1] / area, e[2] / area];
                interpolate(vertices, &win, lambda, (px, py), f, &mut input);
            }
            if coverage.iter().any(|&c| c) {
                batch.push((x0, y0), input, coverage);
            }
        }
    }
    true
}

/// Rasterizes a triangle strip as GL draws one: triangle k is vertices (k, k+1, k+2), every second
/// one taken as (k+1, k, k+2) so that all keep the first one's winding. Returns how many of its
/// triangles were drawn (see [`rasterize_triangle`] for the rejected ones).
pub fn rasterize_strip(
    vertices: &[Vertex],
    width: u32,
    height: u32,
    batch: &mut QuadBatch,
) -> usize {
    vertices
        .windows(3)
        .enumerate()
        .filter(|(k, w)| {
            let triangle = if k % 2 == 0 {
                [w[0], w[1], w[2]]
            } else {
                [w[1], w[0], w[2]]
            };
            rasterize_triangle(&triangle, width, height, batch)
        })
        .count()
}

/// The pixel range `[min, max)` a set of window coordinates touches, clamped to the target.
fn bounds(coords: impl Iterator<Item = f64> + Clone, size: u32) -> (u32, u32) {
    let lo = coords
        .clone()
        .fold(f64::INFINITY, f64::min)
        .floor()
        .max(0.0);
    let hi = coords
        .fold(f64::NEG_INFINITY, f64::max)
        .ceil()
        .min(size as f64);
    (lo as u32, (hi as u32).max(lo as u32))
}

/// Fills fragment `f` of `input` with perspective-correct attributes for screen-space barycentric
/// weights `lambda` (which may be negative for helper fragments: extrapolation).
fn interpolate(
    vertices: &[Vertex; 3],
    win: &[[f64; 4]],
    lambda: [f64; 3],
    pixel: (f64, f64),
    f: usize,
    input: &mut QuadInput,
) {
    let persp = [
        lambda[0] * win[0][3],
        lambda[1] * win[1][3],
        lambda[2] * win[2][3],
    ];
    let inv_w = persp[0] + persp[1] + persp[2];
    for reg in 0..ATTRIB_COUNT {
        for c in 0..4 {
            let sum: f64 = (0..3)
                .map(|k| persp[k] * vertices[k].attribs[reg][c] as f64)
                .sum();
            input.attribs[reg][f][c] = (sum / inv_w) as f32;
        }
    }
    let z: f64 = (0..3).map(|k| lambda[k] * win[k][2]).sum();
    input.attribs[AttribReg::Wpos.index()][f] =
        [pixel.0 as f32, pixel.1 as f32, z as f32, inv_w as f32];
}

#[cfg(test)]
mod tests;
