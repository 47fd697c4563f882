//! Lookups: from the (s, t, r) of a TEX, TXP or TXD and the derivatives of the coordinates to a
//! filtered texel, per target. Nothing here allocates.
//!
//! The filters map to GL's pairs of (min, mag) filters: [`Filter::Nearest`] is (NEAREST, NEAREST) and
//! [`Filter::Linear`] (LINEAR, LINEAR), so neither needs λ; [`Filter::Mipmap`] is
//! (LINEAR_MIPMAP_LINEAR, LINEAR), for which the switch-over constant c is 0 (GL 1.2.1 section 3.8.8).

use super::cube::select_face;
use super::filter::{lerp, sample_linear, sample_nearest};
use super::levels::Level;
use super::lod::{levels_for, LevelChoice};
use super::{Filter, Lookup, Texture};
use crate::isa::TexTarget;

impl Texture {
    /// The filtered texel (already mapped by Table X.5) at `coord` = (s, t, r) (after any projective
    /// divide), where `dx` and `dy` are the derivatives of `coord` in window x and y. 1D uses s, 2D
    /// and RECT s and t (RECT in texels), 3D s, t and r, CUBE (s, t, r) as a direction.
    pub fn sample(&self, coord: [f32; 3], dx: [f32; 3], dy: [f32; 3]) -> [f32; 4] {
        match self.target {
            TexTarget::Cube => {
                let face = select_face(coord);
                let [s, t] = face.st();
                let (fdx, fdy) = if self.filter == Filter::Mipmap {
                    let ([sx, tx], [sy, ty]) = (face.st_derivative(dx), face.st_derivative(dy));
                    ([sx, tx, 0.0], [sy, ty, 0.0])
                } else {
                    ([0.0; 3], [0.0; 3])
                };
                self.sample_chain(&self.faces[face.face.index()], [s, t, 0.0], 2, fdx, fdy)
            }
            _ => self.sample_chain(&self.faces[0], coord, self.dims(), dx, dy),
        }
    }

    /// Samples one mipmap chain with `dims` coordinates.
    fn sample_chain(
        &self,
        chain: &[Level],
        coord: [f32; 3],
        dims: usize,
        dx: [f32; 3],
        dy: [f32; 3],
    ) -> [f32; 4] {
        let plan = self.plan(chain, dims, dx, dy);
        let [texel] = self.sample_planned(chain, coord.map(|c| [c]), dims, plan);
        texel
    }

    /// What a lookup on `chain` with derivatives `dx`, `dy` filters: the part of a lookup that
    /// depends on the derivatives only (λ and the levels), shared by a quad's fragments when they
    /// share the quad's derivatives.
    #[inline(always)]
    fn plan(&self, chain: &[Level], dims: usize, dx: [f32; 3], dy: [f32; 3]) -> Plan {
        match self.filter {
            Filter::Nearest => Plan::Nearest,
            Filter::Linear => Plan::Linear(0),
            Filter::Mipmap => {
                let max_level = chain.len() - 1;
                match levels_for(dx, dy, chain[0].extent(), dims, max_level) {
                    LevelChoice::Magnify => Plan::Linear(0),
                    LevelChoice::Single(d) => Plan::Linear(d),
                    LevelChoice::Blend(d, weight) => Plan::Blend(d, weight),
                }
            }
        }
    }

    /// The filtered texels at the `N` points `coord` (`[axis][lane]`) as `plan` says; with a depth
    /// comparison, the filtered results of comparing each lane's r = `coord[2]` with each texel
    /// (see [`Texture::with_depth_compare`]). One lane is [`Texture::sample`], four a quad.
    #[inline(always)]
    fn sample_planned<const N: usize>(
        &self,
        chain: &[Level],
        coord: [[f32; N]; 3],
        dims: usize,
        plan: Plan,
    ) -> [[f32; 4]; N] {
        if self.depth_compare {
            let r = coord[2].map(|r| r.clamp(0.0, 1.0));
            self.filtered(chain, coord, dims, plan, move |lane, t| {
                depth_compare(r[lane], t)
            })
        } else {
            self.filtered(chain, coord, dims, plan, |_, t| t)
        }
    }

    #[inline(always)]
    fn filtered<const N: usize>(
        &self,
        chain: &[Level],
        coord: [[f32; N]; 3],
        dims: usize,
        plan: Plan,
        texel: impl Fn(usize, [f32; 4]) -> [f32; 4] + Copy,
    ) -> [[f32; 4]; N] {
        match plan {
            Plan::Nearest => {
                let base = &chain[0];
                sample_nearest(base, self.texel_space(base, coord), dims, self.wrap, texel)
            }
            Plan::Linear(d) => self.linear(&chain[d], coord, dims, texel),
            Plan::Blend(d, weight) => {
                let near = self.linear(&chain[d], coord, dims, texel);
                let far = self.linear(&chain[d + 1], coord, dims, texel);
                let mut out = near;
                for (out, far) in out.iter_mut().zip(far) {
                    *out = lerp(weight, *out, far);
                }
                out
            }
        }
    }

    #[inline(always)]
    fn linear<const N: usize>(
        &self,
        level: &Level,
        coord: [[f32; N]; 3],
        dims: usize,
        texel: impl Fn(usize, [f32; 4]) -> [f32; 4],
    ) -> [[f32; 4]; N] {
        let u = self.texel_space(level, coord);
        // One call per constant `dims`, so that each is compiled for its number of axes.
        match dims {
            1 => sample_linear(level, u, 1, self.wrap, texel),
            2 => sample_linear(level, u, 2, self.wrap, texel),
            _ => sample_linear(level, u, 3, self.wrap, texel),
        }
    }

    /// (u, v, w) = (s·width, t·height, r·depth) of `level` for each lane; RECT coordinates are
    /// texels already.
    #[inline(always)]
    fn texel_space<const N: usize>(&self, level: &Level, coord: [[f32; N]; 3]) -> [[f32; N]; 3] {
        if self.target == TexTarget::Rect {
            return coord;
        }
        let extent = level.extent();
        let mut u = coord;
        for (axis, u) in u.iter_mut().enumerate() {
            for u in u {
                *u *= extent[axis];
            }
        }
        u
    }

    /// The four results of a quad lookup, `coords` and results `[component][fragment]`; see
    /// [`super::TextureUnits::sample_quad_components`]. TEX and TXP share the quad's derivatives
    /// between its fragments, so outside cube maps (whose derivatives depend on each fragment's
    /// face) λ and the levels are worked out once per quad, the same values [`Texture::sample`]
    /// computes per fragment, and the four fragments are filtered side by side.
    pub(crate) fn sample_quad(&self, coords: &[[f32; 4]; 4], lookup: &Lookup) -> [[f32; 4]; 4] {
        let divide = matches!(lookup, Lookup::Projective) && self.target != TexTarget::Cube;
        let [s, t, r, q] = *coords;
        let mut lanes = [s, t, r];
        if divide {
            for axis in &mut lanes {
                for (c, q) in axis.iter_mut().zip(q) {
                    *c /= q;
                }
            }
        }
        let texels = match lookup {
            Lookup::Gradients { ddx, ddy } => {
                std::array::from_fn(|f| self.sample(point(&lanes, f), xyz(ddx[f]), xyz(ddy[f])))
            }
            _ => {
                let delta = |f: usize| std::array::from_fn(|axis| lanes[axis][f] - lanes[axis][0]);
                let (dx, dy) = (delta(1), delta(2));
                // One copy of the quad's lookup per number of axes, so that λ and the taps work
                // on the axes used and no others.
                match self.target {
                    TexTarget::Cube => {
                        std::array::from_fn(|f| self.sample(point(&lanes, f), dx, dy))
                    }
                    TexTarget::D1 => self.sample_quad_planned(lanes, 1, dx, dy),
                    TexTarget::D2 | TexTarget::Rect => self.sample_quad_planned(lanes, 2, dx, dy),
                    TexTarget::D3 => self.sample_quad_planned(lanes, 3, dx, dy),
                }
            }
        };
        transpose(texels)
    }

    /// A quad's lookup on the one chain of a non-cube target with `dims` axes, λ and the levels
    /// worked out once from the quad's derivatives `dx`, `dy`.
    #[inline(always)]
    fn sample_quad_planned(
        &self,
        lanes: [[f32; 4]; 3],
        dims: usize,
        dx: [f32; 3],
        dy: [f32; 3],
    ) -> [[f32; 4]; 4] {
        let chain = &self.faces[0];
        let plan = self.plan(chain, dims, dx, dy);
        self.sample_planned(chain, lanes, dims, plan)
    }

    /// The number of coordinates a lookup on this (non-cube) target uses.
    fn dims(&self) -> usize {
        match self.target {
            TexTarget::D1 => 1,
            TexTarget::D2 | TexTarget::Rect | TexTarget::Cube => 2,
            TexTarget::D3 => 3,
        }
    }
}

/// The filtering of one lookup, from its derivatives ([`Texture::plan`]).
#[derive(Clone, Copy, Debug)]
enum Plan {
    /// NEAREST on the base level.
    Nearest,
    /// LINEAR on one level.
    Linear(usize),
    /// LINEAR on levels d and d + 1, blended with this weight on d + 1.
    Blend(usize, f32),
}

fn xyz(v: [f32; 4]) -> [f32; 3] {
    [v[0], v[1], v[2]]
}

/// Fragment `f`'s (s, t, r) from `[axis][fragment]` lanes.
fn point(lanes: &[[f32; 4]; 3], f: usize) -> [f32; 3] {
    lanes.map(|axis| axis[f])
}

/// `[a][b]` to `[b][a]`.
#[inline(always)]
pub(super) fn transpose(m: [[f32; 4]; 4]) -> [[f32; 4]; 4] {
    let mut t = [[0.0; 4]; 4];
    for (i, row) in m.iter().enumerate() {
        for (j, &v) in row.iter().enumerate() {
            t[j][i] = v;
        }
    }
    t
}

/// ARB_shadow's COMPARE_R_TO_TEXTURE with TEXTURE_COMPARE_FUNC LEQUAL and DEPTH_TEXTURE_MODE
/// INTENSITY: 1 in every component where r ≤ D (the texel's depth, its first component), else 0.
/// A NaN r or D compares false.
#[inline(always)]
fn depth_compare(r: f32, texel: [f32; 4]) -> [f32; 4] {
    [if r <= texel[0] { 1.0 } else { 0.0 }; 4]
}
