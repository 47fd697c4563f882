//! The built-in meshes: consistent, unit normals pointing outward, triangles wound to face the
//! way their normals point, the quad exactly the reference quad; and the default cameras.

use pigment_scene::math::{dot, length, normalize, sub};
use pigment_scene::mesh::{face_normal, quad, Mesh, PLANE_HALF_SIZE};
use pigment_scene::{Camera, Scene, Shape, Vec3};

/// A point the shape's outward normal at `p` points away from.
fn inside_point(shape: Shape, p: Vec3) -> Vec3 {
    match shape {
        // Flat shapes: a point below them.
        Shape::Quad => [p[0], p[1], -1.0],
        Shape::Plane => [p[0], -1.0, p[2]],
        Shape::Sphere | Shape::Cube => [0.0; 3],
        // The tube's centre circle (radius 1 in y = 0) nearest p.
        Shape::Torus => {
            let r = (p[0] * p[0] + p[2] * p[2]).sqrt();
            [p[0] / r, 0.0, p[2] / r]
        }
    }
}

#[test]
fn every_shape_is_consistent_with_unit_outward_normals() {
    for shape in Shape::ALL {
        let mesh = shape.mesh();
        assert!(mesh.is_consistent(), "{shape:?}");
        assert!(!mesh.triangles.is_empty(), "{shape:?}");
        for (p, n) in mesh.positions.iter().zip(&mesh.normals) {
            assert!((length(*n) - 1.0).abs() < 1e-5, "{shape:?}: |{n:?}|");
            let out = sub(*p, inside_point(shape, *p));
            assert!(dot(*n, out) > 0.0, "{shape:?}: {n:?} at {p:?}");
        }
    }
}

#[test]
fn every_triangle_faces_the_way_its_normals_point() {
    for shape in Shape::ALL {
        let mesh = shape.mesh();
        for t in &mesh.triangles {
            let [a, b, c] = t.map(|i| mesh.positions[i as usize]);
            // Triangles at the sphere's poles are degenerate: no facing.
            let Some(face) = normalize(face_normal(a, b, c)) else {
                continue;
            };
            for &i in t {
                let n = mesh.normals[i as usize];
                assert!(
                    dot(face, n) > 0.5,
                    "{shape:?}: triangle {t:?} faces {face:?}, normal {n:?}"
                );
            }
        }
    }
}

#[test]
fn the_quad_is_the_reference_quad_strip() {
    let q = quad();
    assert_eq!(
        q.positions,
        vec![
            [-1.0, -1.0, 0.0],
            [1.0, -1.0, 0.0],
            [-1.0, 1.0, 0.0],
            [1.0, 1.0, 0.0]
        ]
    );
    assert_eq!(
        q.texcoords,
        vec![[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]
    );
    assert!(q.normals.iter().all(|n| *n == [0.0, 0.0, 1.0]));
    // rasterize_strip's order: (0, 1, 2), then (2, 1, 3) for the second, odd, triangle.
    assert_eq!(q.triangles, vec![[0, 1, 2], [2, 1, 3]]);
}

#[test]
fn the_cube_has_four_vertices_and_a_full_texture_per_face() {
    let mesh = Shape::Cube.mesh();
    assert_eq!((mesh.positions.len(), mesh.triangles.len()), (24, 12));
    for face in mesh.normals.chunks(4) {
        assert!(face.iter().all(|n| n == &face[0]));
    }
    for st in mesh.texcoords.chunks(4) {
        assert_eq!(st, [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]);
    }
    let distinct: std::collections::HashSet<[i32; 3]> =
        mesh.normals.iter().map(|n| n.map(|x| x as i32)).collect();
    assert_eq!(distinct.len(), 6);
}

#[test]
fn shapes_have_their_sizes() {
    let bounds = |m: Mesh| m.bounds().unwrap();
    assert_eq!(bounds(Shape::Cube.mesh()), ([-1.0; 3], [1.0; 3]));
    let (lo, hi) = bounds(Shape::Plane.mesh());
    assert_eq!(
        (lo[0], hi[0], lo[1], hi[1]),
        (-PLANE_HALF_SIZE, PLANE_HALF_SIZE, 0.0, 0.0)
    );
    let sphere = Shape::Sphere.mesh();
    assert!(sphere
        .positions
        .iter()
        .all(|p| (length(*p) - 1.0).abs() < 1e-5));
    let (lo, hi) = bounds(Shape::Torus.mesh());
    assert!(
        (hi[0] - 1.4).abs() < 1e-5 && (lo[1] + 0.4).abs() < 1e-5,
        "{lo:?} {hi:?}"
    );
}

#[test]
fn shapes_are_named_as_the_command_line_names_them() {
    for shape in Shape::ALL {
        assert_eq!(Shape::from_name(shape.name()), Some(shape));
    }
    assert_eq!(Shape::from_name("teapot"), None);
}

#[test]
fn the_quad_is_seen_by_the_reference_camera_whatever_the_size() {
    let scene = Scene::shape(Shape::Quad);
    assert_eq!(scene.default_camera(640, 10), Camera::reference_quad());
    let c = Camera::reference_quad();
    // Corners to the target's corners, z = 0 to the middle of the depth range.
    let clip = c.projection.apply(c.view.apply([1.0, -1.0, 0.0, 1.0]));
    assert_eq!(clip, [1.0, -1.0, 0.0, 1.0]);
}

#[test]
fn other_shapes_are_framed_whole_in_front_of_the_camera() {
    for shape in [Shape::Plane, Shape::Sphere, Shape::Torus, Shape::Cube] {
        for (w, h) in [(64, 64), (200, 50), (50, 200)] {
            let scene = Scene::shape(shape);
            let camera = scene.default_camera(w, h);
            for p in &scene.objects[0].mesh.positions {
                let eye = camera.view.apply([p[0], p[1], p[2], 1.0]);
                assert!(eye[2] < 0.0, "{shape:?} {p:?}: behind the eye");
                let clip = camera.projection.apply(eye);
                for c in 0..3 {
                    let ndc = clip[c] / clip[3];
                    assert!(ndc.abs() <= 1.0, "{shape:?} {w}x{h} {p:?}: ndc {c} = {ndc}");
                }
            }
        }
    }
}
