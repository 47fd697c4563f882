//! Triangle meshes and the built-in shapes of `pigment render --scene`.
//!
//! A [`Mesh`] holds one position, normal and texture coordinate per vertex and indexed
//! triangles. Every built-in shape is centred on the origin, its triangles counter-clockwise seen
//! from outside (GL's front faces) and its normals unit length, pointing outward.

use crate::math::{cross, normalize, Vec3};
use std::f32::consts::PI;

/// Vertices (three parallel arrays of equal length) and triangles indexing them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Mesh {
    pub positions: Vec<Vec3>,
    pub normals: Vec<Vec3>,
    pub texcoords: Vec<[f32; 2]>,
    pub triangles: Vec<[u32; 3]>,
}

impl Mesh {
    /// Appends a vertex, returning its index.
    pub fn push_vertex(&mut self, position: Vec3, normal: Vec3, texcoord: [f32; 2]) -> u32 {
        self.positions.push(position);
        self.normals.push(normal);
        self.texcoords.push(texcoord);
        (self.positions.len() - 1) as u32
    }

    /// The axis-aligned box holding every vertex: (min, max), `None` for a mesh without vertices.
    pub fn bounds(&self) -> Option<(Vec3, Vec3)> {
        let first = *self.positions.first()?;
        Some(self.positions.iter().fold((first, first), |(lo, hi), p| {
            (
                [lo[0].min(p[0]), lo[1].min(p[1]), lo[2].min(p[2])],
                [hi[0].max(p[0]), hi[1].max(p[1]), hi[2].max(p[2])],
            )
        }))
    }

    /// Whether every triangle indexes existing vertices and the attribute arrays agree in length.
    pub fn is_consistent(&self) -> bool {
        let n = self.positions.len();
        self.normals.len() == n
            && self.texcoords.len() == n
            && self.triangles.iter().flatten().all(|&i| (i as usize) < n)
    }
}

/// The built-in shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Quad,
    Plane,
    Sphere,
    Torus,
    Cube,
}

impl Shape {
    pub const ALL: [Shape; 5] = [
        Shape::Quad,
        Shape::Plane,
        Shape::Sphere,
        Shape::Torus,
        Shape::Cube,
    ];

    /// The shape `--scene NAME` names.
    pub fn from_name(name: &str) -> Option<Shape> {
        Shape::ALL.into_iter().find(|s| s.name() == name)
    }

    pub fn name(self) -> &'static str {
        match self {
            Shape::Quad => "quad",
            Shape::Plane => "plane",
            Shape::Sphere => "sphere",
            Shape::Torus => "torus",
            Shape::Cube => "cube",
        }
    }

    pub fn mesh(self) -> Mesh {
        match self {
            Shape::Quad => quad(),
            Shape::Plane => plane(PLANE_HALF_SIZE),
            Shape::Sphere => sphere(1.0, 48, 24),
            Shape::Torus => torus(1.0, 0.4, 48, 24),
            Shape::Cube => cube(1.0),
        }
    }
}

/// Half the side of the built-in ground plane.
pub const PLANE_HALF_SIZE: f32 = 4.0;

/// The reference quad of `reference-quad.md` as the plane z = 0: vertex k of the triangle strip
/// at (s, t) = (0,0), (1,0), (0,1), (1,1) has position (2s − 1, 2t − 1, 0), normal (0, 0, 1) and
/// texture coordinate (s, t). Its two triangles are the strip's, (0, 1, 2) and (2, 1, 3), in the
/// order `rasterize_strip` takes them, so that the rasterizer interpolates exactly the same values.
pub fn quad() -> Mesh {
    let mut mesh = Mesh::default();
    for (s, t) in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)] {
        mesh.push_vertex([2.0 * s - 1.0, 2.0 * t - 1.0, 0.0], [0.0, 0.0, 1.0], [s, t]);
    }
    mesh.triangles = vec![[0, 1, 2], [2, 1, 3]];
    mesh
}

/// A ground plane: the square |x|, |z| ≤ `half` at y = 0, normal +y, s along +x and t along −z
/// (so that, seen from the front, t goes up the picture), cut into 8 x 8 cells.
pub fn plane(half: f32) -> Mesh {
    parametric(8, 8, |u, v| {
        (
            [half * (2.0 * u - 1.0), 0.0, half * (1.0 - 2.0 * v)],
            [0.0, 1.0, 0.0],
        )
    })
}

/// A sphere of `radius` about the origin, `segments` around the y axis and `rings` from pole to
/// pole; s goes once round (the seam at the back, −z) and t from the south pole to the north.
pub fn sphere(radius: f32, segments: u32, rings: u32) -> Mesh {
    parametric(segments.max(3), rings.max(2), |u, v| {
        let theta = turn(u);
        let phi = PI * v - PI / 2.0;
        let n = if v == 0.0 || v == 1.0 {
            // The poles exactly (cos(±π/2) is not quite 0 in floats), so that the triangles
            // meeting there are exactly degenerate and the rasterizer drops them.
            [0.0, 2.0 * v - 1.0, 0.0]
        } else {
            [phi.cos() * theta.sin(), phi.sin(), phi.cos() * theta.cos()]
        };
        ([radius * n[0], radius * n[1], radius * n[2]], n)
    })
}

/// A torus about the y axis: the tube's centre circle of radius `major` in the plane y = 0, the
/// tube of radius `minor`; s goes round the y axis, t round the tube.
pub fn torus(major: f32, minor: f32, segments: u32, sides: u32) -> Mesh {
    parametric(segments.max(3), sides.max(3), |u, v| {
        let theta = turn(u);
        let phi = turn(v);
        let n = [phi.cos() * theta.sin(), phi.sin(), phi.cos() * theta.cos()];
        let ring = major + minor * phi.cos();
        (
            [ring * theta.sin(), minor * phi.sin(), ring * theta.cos()],
            n,
        )
    })
}

/// The cube |x|, |y|, |z| ≤ `half`: four vertices per face with the face's normal, and texture
/// coordinates (0, 0) to (1, 1) over each face, upright seen from outside (the sides with t up
/// +y, the top with t towards −z, the bottom with t towards +z).
pub fn cube(half: f32) -> Mesh {
    // (normal, s axis, t axis), with s × t = normal so that the triangles face outward.
    const FACES: [[Vec3; 3]; 6] = [
        [[0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]],
        [[0.0, 0.0, -1.0], [-1.0, 0.0, 0.0], [0.0, 1.0, 0.0]],
        [[1.0, 0.0, 0.0], [0.0, 0.0, -1.0], [0.0, 1.0, 0.0]],
        [[-1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, 1.0, 0.0]],
        [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, -1.0]],
        [[0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]],
    ];
    let mut mesh = Mesh::default();
    for [n, su, tv] in FACES {
        let base = mesh.positions.len() as u32;
        for (s, t) in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)] {
            let (a, b) = (2.0 * s - 1.0, 2.0 * t - 1.0);
            let p = [0, 1, 2].map(|k| half * (n[k] + a * su[k] + b * tv[k]));
            mesh.push_vertex(p, n, [s, t]);
        }
        mesh.triangles
            .extend([[base, base + 1, base + 2], [base + 2, base + 1, base + 3]]);
    }
    mesh
}

/// The angle in [−π, π) a fraction `u` of a turn from −π gives, u = 1 giving −π again exactly so
/// that a closed surface's seam vertices coincide and leave no crack.
fn turn(u: f32) -> f32 {
    let u = if u >= 1.0 { 0.0 } else { u };
    2.0 * PI * u - PI
}

/// A grid of `nu` x `nv` cells over (u, v) in [0, 1]², `surface(u, v)` giving each vertex's
/// position and normal and (u, v) its texture coordinate. Each cell is two triangles, (u, v),
/// (u + du, v), (u, v + dv) first, which face the way ∂p/∂u × ∂p/∂v points.
fn parametric(nu: u32, nv: u32, surface: impl Fn(f32, f32) -> (Vec3, Vec3)) -> Mesh {
    let mut mesh = Mesh::default();
    for j in 0..=nv {
        for i in 0..=nu {
            let (u, v) = (i as f32 / nu as f32, j as f32 / nv as f32);
            let (p, n) = surface(u, v);
            mesh.push_vertex(p, normalize(n).unwrap_or(n), [u, v]);
        }
    }
    let at = |i: u32, j: u32| j * (nu + 1) + i;
    for j in 0..nv {
        for i in 0..nu {
            let (a, b, c, d) = (at(i, j), at(i + 1, j), at(i, j + 1), at(i + 1, j + 1));
            mesh.triangles.extend([[a, b, c], [c, b, d]]);
        }
    }
    mesh
}

/// The normal of triangle (a, b, c) counter-clockwise, scaled by twice its area (so that summing
/// them weights big faces more), zero for a degenerate one.
pub fn face_normal(a: Vec3, b: Vec3, c: Vec3) -> Vec3 {
    let e1 = crate::math::sub(b, a);
    let e2 = crate::math::sub(c, a);
    cross(e1, e2)
}
