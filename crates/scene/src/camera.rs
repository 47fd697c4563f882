//! Cameras: a view (model-view) matrix taking world space to eye space and a projection matrix
//! taking eye space to clip space, both as OpenGL builds them (`gluLookAt`, `glOrtho`,
//! `gluPerspective`).
//!
//! Eye space is where the shader's geometry lives: the eye at the origin looking down −z, y up.
//! That is the space of `isl-notes.md`'s lights (OpenGL lights in eye space): the view vector is
//! V = (0, 0, 1) (the infinite viewer), a distant light with the identity `shadermatrix` shines
//! from +z, i.e. from behind the viewer, and a point light with the identity sits at the eye.

use crate::math::{cross, dot, normalize, scaled, sub, Mat4, Vec3};

/// Where the scene is seen from and how it is projected.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// World space to eye space.
    pub view: Mat4,
    /// Eye space to clip space.
    pub projection: Mat4,
}

impl Camera {
    /// The camera of the reference quad: the identity view (world space is eye space) and
    /// `glOrtho(-1, 1, -1, 1, -1, 1)`, which maps the quad's corners (±1, ±1, 0) to the target's
    /// corners whatever its aspect, and z = 0 to window depth 0.5, as `reference-quad.md` draws it.
    pub fn reference_quad() -> Camera {
        Camera {
            view: Mat4::IDENTITY,
            projection: orthographic(-1.0, 1.0, -1.0, 1.0, -1.0, 1.0),
        }
    }

    /// A perspective camera at `eye` looking at `centre`, `up` roughly up, with a vertical field of
    /// view of `fovy_degrees`, `aspect` = width / height and the clip planes at `near` and `far`.
    /// `None` when the view is degenerate (eye at the centre, up along the view direction).
    pub fn perspective_look_at(
        eye: Vec3,
        centre: Vec3,
        up: Vec3,
        fovy_degrees: f32,
        aspect: f32,
        (near, far): (f32, f32),
    ) -> Option<Camera> {
        Some(Camera {
            view: look_at(eye, centre, up)?,
            projection: perspective(fovy_degrees, aspect, near, far),
        })
    }

    /// A perspective camera framing a sphere of `radius` about `centre`: 30° vertical field of
    /// view, looking from the front (+z) and a little above (the view direction
    /// [`FRAMING_ELEVATION_DEGREES`] below horizontal), far enough that the sphere fits the
    /// shorter side of the target, with room.
    pub fn framing(centre: Vec3, radius: f32, aspect: f32) -> Camera {
        Camera::framing_from(centre, radius, aspect, FRAMING_ELEVATION_DEGREES)
    }

    /// [`Camera::framing`] from `elevation_degrees` above the horizontal (clamped to [−89°, 89°],
    /// so that y stays up).
    pub fn framing_from(centre: Vec3, radius: f32, aspect: f32, elevation_degrees: f32) -> Camera {
        let radius = if radius > 0.0 && radius.is_finite() {
            radius
        } else {
            1.0
        };
        let fovy = FRAMING_FOVY_DEGREES;
        // The half angle the sphere may take: the vertical one, or the horizontal one when narrower.
        let half_v = (fovy / 2.0).to_radians();
        let half_h = (half_v.tan() * aspect.clamp(1e-3, 1e3)).atan();
        let half = half_v.min(half_h);
        let distance = FRAMING_MARGIN * radius / half.sin();
        let elevation = elevation_degrees.clamp(-89.0, 89.0).to_radians();
        let direction = [0.0, elevation.sin(), elevation.cos()];
        let eye = crate::math::add(centre, scaled(direction, distance));
        let near = (distance - radius * FRAMING_MARGIN).max(distance * 1e-3);
        let far = distance + radius * FRAMING_MARGIN;
        Camera {
            // The up vector is never along the view direction here (|elevation| < 90°).
            view: look_at(eye, centre, [0.0, 1.0, 0.0]).unwrap_or(Mat4::IDENTITY),
            projection: perspective(fovy, aspect, near, far),
        }
    }

    /// Model-view-projection for a model matrix: world positions of the object to clip space.
    pub fn model_view(&self, model: &Mat4) -> Mat4 {
        self.view.mul(model)
    }
}

/// The vertical field of view of [`Camera::framing`].
pub const FRAMING_FOVY_DEGREES: f32 = 30.0;
/// How far above the horizontal [`Camera::framing`] looks from.
pub const FRAMING_ELEVATION_DEGREES: f32 = 20.0;
/// How far above the horizontal a ground plane is seen from: high enough that it is not a sliver.
pub const GROUND_ELEVATION_DEGREES: f32 = 40.0;
/// How much bigger than the object's bounding sphere [`Camera::framing`] frames.
pub const FRAMING_MARGIN: f32 = 1.1;

/// `gluLookAt`: the view matrix of an eye at `eye` looking at `centre`.
pub fn look_at(eye: Vec3, centre: Vec3, up: Vec3) -> Option<Mat4> {
    let f = normalize(sub(centre, eye))?;
    let s = normalize(cross(f, up))?;
    let u = cross(s, f);
    Some(Mat4([
        [s[0], s[1], s[2], -dot(s, eye)],
        [u[0], u[1], u[2], -dot(u, eye)],
        [-f[0], -f[1], -f[2], dot(f, eye)],
        [0.0, 0.0, 0.0, 1.0],
    ]))
}

/// `glOrtho(left, right, bottom, top, near, far)`.
pub fn orthographic(left: f32, right: f32, bottom: f32, top: f32, near: f32, far: f32) -> Mat4 {
    let (w, h, d) = (right - left, top - bottom, far - near);
    Mat4([
        [2.0 / w, 0.0, 0.0, -(right + left) / w],
        [0.0, 2.0 / h, 0.0, -(top + bottom) / h],
        [0.0, 0.0, -2.0 / d, -(far + near) / d],
        [0.0, 0.0, 0.0, 1.0],
    ])
}

/// `gluPerspective(fovy, aspect, near, far)`, the field of view in degrees.
pub fn perspective(fovy_degrees: f32, aspect: f32, near: f32, far: f32) -> Mat4 {
    let f = 1.0 / (fovy_degrees.to_radians() / 2.0).tan();
    let d = near - far;
    Mat4([
        [f / aspect, 0.0, 0.0, 0.0],
        [0.0, f, 0.0, 0.0],
        [0.0, 0.0, (far + near) / d, 2.0 * far * near / d],
        [0.0, 0.0, -1.0, 0.0],
    ])
}
