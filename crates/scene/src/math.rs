//! The little linear algebra scenes need: 3-vectors and 4x4 matrices in OpenGL's convention
//! (column vectors, `M * v`; a matrix is stored as its rows, `m[row][column]`).

/// A 3-vector.
pub type Vec3 = [f32; 3];

/// A 4x4 matrix, `m[row][column]`, applied to column vectors.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mat4(pub [[f32; 4]; 4]);

impl Mat4 {
    pub const IDENTITY: Mat4 = Mat4([
        [1.0, 0.0, 0.0, 0.0],
        [0.0, 1.0, 0.0, 0.0],
        [0.0, 0.0, 1.0, 0.0],
        [0.0, 0.0, 0.0, 1.0],
    ]);

    /// A translation by `t`.
    pub fn translation(t: Vec3) -> Mat4 {
        let mut m = Mat4::IDENTITY;
        for (row, x) in t.iter().enumerate() {
            m.0[row][3] = *x;
        }
        m
    }

    /// A scale by `s` along each axis.
    pub fn scale(s: Vec3) -> Mat4 {
        let mut m = Mat4::IDENTITY;
        for (row, x) in s.iter().enumerate() {
            m.0[row][row] = *x;
        }
        m
    }

    /// `self * other`: `other` applies first.
    pub fn mul(&self, other: &Mat4) -> Mat4 {
        let mut m = [[0.0f32; 4]; 4];
        for (r, row) in m.iter_mut().enumerate() {
            for (c, x) in row.iter_mut().enumerate() {
                *x = (0..4).map(|k| self.0[r][k] * other.0[k][c]).sum();
            }
        }
        Mat4(m)
    }

    /// `self * v` for a 4-vector.
    pub fn apply(&self, v: [f32; 4]) -> [f32; 4] {
        // Summed left to right so that an identity row reproduces its input exactly.
        self.0
            .map(|row| row[0] * v[0] + row[1] * v[1] + row[2] * v[2] + row[3] * v[3])
    }

    /// The matrix that transforms normals along with `self`: the inverse transpose of its upper
    /// 3x3 (by cofactors), or `None` when that part is singular.
    pub fn normal_matrix(&self) -> Option<[[f32; 3]; 3]> {
        let a = |r: usize, c: usize| f64::from(self.0[r][c]);
        // cof[r][c] is the cofactor of element (r, c); the inverse transpose is cof / det.
        let mut cof = [[0.0f64; 3]; 3];
        for (r, row) in cof.iter_mut().enumerate() {
            for (c, x) in row.iter_mut().enumerate() {
                let (r1, r2) = ((r + 1) % 3, (r + 2) % 3);
                let (c1, c2) = ((c + 1) % 3, (c + 2) % 3);
                *x = a(r1, c1) * a(r2, c2) - a(r1, c2) * a(r2, c1);
            }
        }
        let det: f64 = (0..3).map(|c| a(0, c) * cof[0][c]).sum();
        if det == 0.0 || !det.is_finite() {
            return None;
        }
        Some(cof.map(|row| row.map(|x| (x / det) as f32)))
    }
}

/// `m * v` for a 3x3 matrix.
pub fn apply3(m: &[[f32; 3]; 3], v: Vec3) -> Vec3 {
    m.map(|row| row[0] * v[0] + row[1] * v[1] + row[2] * v[2])
}

pub fn sub(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

pub fn add(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

pub fn scaled(a: Vec3, s: f32) -> Vec3 {
    [a[0] * s, a[1] * s, a[2] * s]
}

pub fn dot(a: Vec3, b: Vec3) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

pub fn cross(a: Vec3, b: Vec3) -> Vec3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

pub fn length(a: Vec3) -> f32 {
    dot(a, a).sqrt()
}

/// `a` scaled to unit length; `None` for a zero or non-finite vector.
pub fn normalize(a: Vec3) -> Option<Vec3> {
    let len = length(a);
    if len > 0.0 && len.is_finite() {
        // Dividing (not multiplying by 1/len) keeps an already unit vector exactly as it is.
        Some([a[0] / len, a[1] / len, a[2] / len])
    } else {
        None
    }
}
