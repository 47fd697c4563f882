//! Cube map face selection (ARB_texture_cube_map, GL 1.3 section 3.8.6 and Table 3.19): the major axis
//! of the direction (s, t, r) = (rx, ry, rz) picks the face, and the face coordinates are
//! s = (sc/|ma| + 1)/2, t = (tc/|ma| + 1)/2.
//!
//! | major axis | face | sc  | tc  | ma |
//! |-----------|------|-----|-----|----|
//! | +rx | POSITIVE_X | −rz | −ry | rx |
//! | −rx | NEGATIVE_X | +rz | −ry | rx |
//! | +ry | POSITIVE_Y | +rx | +rz | ry |
//! | −ry | NEGATIVE_Y | +rx | −rz | ry |
//! | +rz | POSITIVE_Z | +rx | −ry | rz |
//! | −rz | NEGATIVE_Z | −rx | −ry | rz |
//!
//! GL leaves ties open. Here Z wins when |rz| ≥ |rx| and |rz| ≥ |ry|, then Y when |ry| ≥ |rx|, else X
//! (priority z, y, x, as Direct3D specifies and llvmpipe does). A zero component counts as positive
//! (so (0, 0, 0) selects POSITIVE_Z, and its face coordinates are NaN).
//!
//! For mipmapping, the derivatives of the face coordinates follow from the quotient rule on the
//! fragment's own face: ∂s/∂x = ½·(∂sc/∂x − sc·∂|ma|/∂x / |ma|) / |ma|.

/// The six faces, in the order their images are given (+X, −X, +Y, −Y, +Z, −Z).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CubeFace {
    PositiveX,
    NegativeX,
    PositiveY,
    NegativeY,
    PositiveZ,
    NegativeZ,
}

impl CubeFace {
    pub const ALL: [CubeFace; 6] = [
        CubeFace::PositiveX,
        CubeFace::NegativeX,
        CubeFace::PositiveY,
        CubeFace::NegativeY,
        CubeFace::PositiveZ,
        CubeFace::NegativeZ,
    ];

    /// The face's position in [`CubeFace::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The short name used in file patterns: px, nx, py, ny, pz, nz.
    pub fn short_name(self) -> &'static str {
        ["px", "nx", "py", "ny", "pz", "nz"][self.index()]
    }

    /// (sc, tc, ma) of Table 3.19 for the vector `r`; a linear map, so it also maps derivatives.
    pub fn project(self, r: [f32; 3]) -> [f32; 3] {
        let [rx, ry, rz] = r;
        match self {
            CubeFace::PositiveX => [-rz, -ry, rx],
            CubeFace::NegativeX => [rz, -ry, rx],
            CubeFace::PositiveY => [rx, rz, ry],
            CubeFace::NegativeY => [rx, -rz, ry],
            CubeFace::PositiveZ => [rx, -ry, rz],
            CubeFace::NegativeZ => [-rx, -ry, rz],
        }
    }

    fn is_negative(self) -> bool {
        matches!(
            self,
            CubeFace::NegativeX | CubeFace::NegativeY | CubeFace::NegativeZ
        )
    }
}

/// A direction resolved to a face.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubeCoord {
    pub face: CubeFace,
    pub sc: f32,
    pub tc: f32,
    /// The major axis component, with its sign (rx, ry or rz).
    pub ma: f32,
}

/// The face and (sc, tc, ma) for the direction `r`.
pub fn select_face(r: [f32; 3]) -> CubeCoord {
    let [ax, ay, az] = r.map(f32::abs);
    let (axis, positive) = if az >= ax && az >= ay {
        (2, r[2] >= 0.0)
    } else if ay >= ax {
        (1, r[1] >= 0.0)
    } else {
        (0, r[0] >= 0.0)
    };
    let face = CubeFace::ALL[axis * 2 + usize::from(!positive)];
    let [sc, tc, ma] = face.project(r);
    CubeCoord { face, sc, tc, ma }
}

impl CubeCoord {
    /// |ma|, from the face's sign rather than the value's, so ±0 behave alike.
    fn abs_ma(&self) -> f32 {
        if self.face.is_negative() {
            -self.ma
        } else {
            self.ma
        }
    }

    /// The face coordinates (s, t) = ((sc/|ma| + 1)/2, (tc/|ma| + 1)/2).
    pub fn st(&self) -> [f32; 2] {
        let m = self.abs_ma();
        [(self.sc / m + 1.0) * 0.5, (self.tc / m + 1.0) * 0.5]
    }

    /// The derivatives of (s, t) for a derivative `dr` of the direction, on this fragment's face.
    pub fn st_derivative(&self, dr: [f32; 3]) -> [f32; 2] {
        let [dsc, dtc, dma] = self.face.project(dr);
        let m = self.abs_ma();
        let dm = if self.face.is_negative() { -dma } else { dma };
        [
            0.5 * (dsc - self.sc * dm / m) / m,
            0.5 * (dtc - self.tc * dm / m) / m,
        ]
    }
}
