//! The matrices: normals stay perpendicular under non-uniform scale, `look_at` and the
//! projections map the points GL's definitions say.

use pigment_scene::camera::{look_at, orthographic, perspective};
use pigment_scene::math::{apply3, cross, dot, normalize};
use pigment_scene::Mat4;

fn close3(a: [f32; 4], b: [f32; 4]) -> bool {
    a.iter().zip(&b).all(|(x, y)| (x - y).abs() < 1e-5)
}

#[test]
fn normals_stay_perpendicular_under_non_uniform_scale() {
    // The plane x + y = 0 scaled by (2, 1, 1) is the plane x + 2y = 0.
    let m = Mat4::scale([2.0, 1.0, 1.0]).mul(&Mat4::translation([0.0, 0.0, 3.0]));
    let n = normalize(apply3(&m.normal_matrix().unwrap(), [1.0, 1.0, 0.0])).unwrap();
    let expected = normalize([1.0, 2.0, 0.0]).unwrap();
    assert!(
        n.iter().zip(&expected).all(|(a, b)| (a - b).abs() < 1e-6),
        "{n:?}"
    );
    // And perpendicular to the transformed tangents.
    let t = m.apply([1.0, -1.0, 0.0, 0.0]);
    assert!(dot(n, [t[0], t[1], t[2]]).abs() < 1e-6);
    assert_eq!(Mat4::scale([1.0, 0.0, 1.0]).normal_matrix(), None);
}

#[test]
fn look_at_puts_the_eye_at_the_origin_looking_down_minus_z() {
    let view = look_at([3.0, 2.0, 5.0], [3.0, 2.0, 0.0], [0.0, 1.0, 0.0]).unwrap();
    assert!(close3(
        view.apply([3.0, 2.0, 5.0, 1.0]),
        [0.0, 0.0, 0.0, 1.0]
    ));
    assert!(close3(
        view.apply([3.0, 2.0, 0.0, 1.0]),
        [0.0, 0.0, -5.0, 1.0]
    ));
    assert!(close3(
        view.apply([4.0, 3.0, 5.0, 1.0]),
        [1.0, 1.0, 0.0, 1.0]
    ));
    // Looking along +x: world +x is eye -z, world +z is eye +x (right-handed, y up).
    let view = look_at([0.0; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]).unwrap();
    assert!(close3(
        view.apply([1.0, 0.0, 0.0, 0.0]),
        [0.0, 0.0, -1.0, 0.0]
    ));
    assert!(close3(
        view.apply([0.0, 0.0, 1.0, 0.0]),
        [1.0, 0.0, 0.0, 0.0]
    ));
    assert_eq!(look_at([0.0; 3], [0.0; 3], [0.0, 1.0, 0.0]), None);
    assert_eq!(look_at([0.0; 3], [0.0, 2.0, 0.0], [0.0, 1.0, 0.0]), None);
    assert_eq!(cross([1.0, 0.0, 0.0], [0.0, 1.0, 0.0]), [0.0, 0.0, 1.0]);
}

#[test]
fn the_projections_map_their_clip_planes() {
    let ndc = |m: &Mat4, p: [f32; 3]| {
        let c = m.apply([p[0], p[1], p[2], 1.0]);
        [c[0] / c[3], c[1] / c[3], c[2] / c[3], 1.0]
    };
    let p = perspective(90.0, 2.0, 1.0, 10.0);
    // Near plane to -1, far plane to +1; at z = -1 the 90° frustum's top edge is y = 1, its right
    // edge x = aspect.
    assert!(close3(ndc(&p, [2.0, 1.0, -1.0]), [1.0, 1.0, -1.0, 1.0]));
    assert!(close3(ndc(&p, [0.0, 0.0, -10.0]), [0.0, 0.0, 1.0, 1.0]));
    let o = orthographic(0.0, 4.0, -1.0, 1.0, 1.0, 3.0);
    assert!(close3(ndc(&o, [4.0, -1.0, -1.0]), [1.0, -1.0, -1.0, 1.0]));
    assert!(close3(ndc(&o, [0.0, 1.0, -3.0]), [-1.0, 1.0, 1.0, 1.0]));
}
