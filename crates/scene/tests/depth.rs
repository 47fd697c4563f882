//! Perspective scenes checked against hand-computed expectations: the sphere's silhouette and
//! depth, a cube in front of a plane whichever is drawn first, and a floor crossing the near plane.

mod common;

use common::{close, Loaded, CLEAR, NORMAL_AND_DEPTH, POSITION};
use nvfp::render::{DepthBuffer, Framebuffer};
use pigment_scene::camera::{look_at, perspective};
use pigment_scene::mesh::{cube, quad, sphere};
use pigment_scene::{cleared, draw, draw_with, Camera, DepthTest, DrawOptions, Mat4, Scene};

const SIZE: u32 = 64;
const FOVY: f32 = 60.0;
const NEAR: f32 = 0.5;
const FAR: f32 = 20.0;

/// A camera at (0, 0, `distance`) looking at the origin, y up.
fn camera_on_z(distance: f32) -> Camera {
    Camera::perspective_look_at(
        [0.0, 0.0, distance],
        [0.0; 3],
        [0.0, 1.0, 0.0],
        FOVY,
        1.0,
        (NEAR, FAR),
    )
    .unwrap()
}

/// The window depth of eye-space z under [`perspective`]`(FOVY, 1, NEAR, FAR)`.
fn window_depth(eye_z: f32) -> f32 {
    let a = (FAR + NEAR) / (NEAR - FAR);
    let b = 2.0 * FAR * NEAR / (NEAR - FAR);
    let ndc = (a * eye_z + b) / -eye_z;
    (ndc + 1.0) / 2.0
}

/// Distance of pixel (i, j)'s centre from the centre of the target, in pixels.
fn from_centre(i: u32, j: u32) -> f32 {
    let c = SIZE as f32 / 2.0;
    ((i as f32 + 0.5 - c).powi(2) + (j as f32 + 0.5 - c).powi(2)).sqrt()
}

#[test]
fn the_sphere_covers_its_projected_disc_and_nothing_else() {
    let distance = 4.0;
    let loaded = Loaded::new(NORMAL_AND_DEPTH);
    let scene = Scene::mesh(sphere(1.0, 48, 24));
    let mut frame = cleared(SIZE, SIZE, CLEAR);
    let mut depth = DepthBuffer::new(SIZE, SIZE);
    let camera = camera_on_z(distance);
    draw_with(
        &scene,
        &camera,
        &DrawOptions::default(),
        &loaded.shader(),
        &mut frame,
        &mut depth,
    );
    // The silhouette is the cone tangent to the sphere: half-angle asin(r / d); on the target,
    // tan of it over tan(fovy / 2), in half-widths.
    let alpha = (1.0f32 / distance).asin();
    let radius = alpha.tan() / (FOVY.to_radians() / 2.0).tan() * SIZE as f32 / 2.0;
    let mut covered = 0;
    for j in 0..SIZE {
        for i in 0..SIZE {
            let touched = frame.pixel(i, j) != CLEAR;
            covered += usize::from(touched);
            let r = from_centre(i, j);
            // The tessellated sphere is inscribed in the true one: allow a pixel inside.
            if r < radius - 1.0 {
                assert!(
                    touched,
                    "pixel ({i}, {j}) at {r} inside the radius {radius}"
                );
            }
            if r > radius + 0.5 {
                assert!(
                    !touched,
                    "pixel ({i}, {j}) at {r} outside the radius {radius}"
                );
                assert_eq!(depth.depth(i, j), 1.0);
            }
        }
    }
    let disc = std::f32::consts::PI * radius * radius;
    assert!(
        (covered as f32 - disc).abs() < 0.05 * disc,
        "{covered} pixels, disc {disc}"
    );
    // The centre pixel sees the nearest point, (0, 0, 1): normal +z, eye z = 1 - d. (Its centre is
    // half a pixel off the axis, and normals interpolated across a facet fall a little short of
    // unit length: hence the tolerances.)
    let c = frame.pixel(SIZE / 2, SIZE / 2);
    assert!(
        close(c[2], 1.0, 5e-3) && close(c[0], 0.0, 0.05) && close(c[1], 0.0, 0.05),
        "{c:?}"
    );
    assert!(close(c[3], 1.0 - distance, 0.01), "{c:?}");
    let z = depth.depth(SIZE / 2, SIZE / 2);
    assert!(close(z, window_depth(1.0 - distance), 1e-3), "{z}");
}

#[test]
fn the_sphere_normals_reach_the_shader_in_eye_space() {
    // Seen from the side (+x), the point nearest the eye has world normal +x, eye-space +z.
    let loaded = Loaded::new(NORMAL_AND_DEPTH);
    let scene = Scene::mesh(sphere(1.0, 48, 24));
    let camera = Camera::perspective_look_at(
        [4.0, 0.0, 0.0],
        [0.0; 3],
        [0.0, 1.0, 0.0],
        FOVY,
        1.0,
        (NEAR, FAR),
    )
    .unwrap();
    let mut frame = cleared(SIZE, SIZE, CLEAR);
    draw(&scene, &camera, &loaded.shader(), &mut frame);
    let c = frame.pixel(SIZE / 2, SIZE / 2);
    assert!(close(c[2], 1.0, 5e-3), "{c:?}");
    assert!(close(c[3], -3.0, 0.01), "{c:?}");
}

/// A plane behind a cube: the quad scaled by 3 at z = -3, the unit cube (half size 1) at the
/// origin, in either order.
fn cube_and_plane(cube_first: bool) -> Scene {
    let plane = (
        quad(),
        Mat4::translation([0.0, 0.0, -3.0]).mul(&Mat4::scale([3.0; 3])),
    );
    let cube = (cube(1.0), Mat4::IDENTITY);
    let (a, b) = if cube_first {
        (cube, plane)
    } else {
        (plane, cube)
    };
    Scene {
        objects: Vec::new(),
        view: pigment_scene::DefaultView::Framing,
    }
    .with(a.0, a.1)
    .with(b.0, b.1)
}

#[test]
fn a_cube_hides_the_plane_behind_it_whichever_is_drawn_first() {
    let distance = 5.0;
    let loaded = Loaded::new(POSITION);
    let tan = (FOVY.to_radians() / 2.0).tan();
    let half = SIZE as f32 / 2.0;
    // The cube's front face (z = 1, eye z = -4) spans 1 / 4 / tan half-widths each side; the plane
    // (eye z = -8) 3 / 8 / tan.
    let cube_px = 1.0 / (distance - 1.0) / tan * half;
    let plane_px = 3.0 / (distance + 3.0) / tan * half;
    for cube_first in [true, false] {
        let mut frame = cleared(SIZE, SIZE, CLEAR);
        draw(
            &cube_and_plane(cube_first),
            &camera_on_z(distance),
            &loaded.shader(),
            &mut frame,
        );
        let at = |dx: f32| frame.pixel((half + dx) as u32, SIZE / 2);
        // The centre and just inside the cube's edge: the cube's front face.
        for dx in [0.0, cube_px - 1.0] {
            let p = at(dx);
            assert!(
                close(p[2], 1.0 - distance, 1e-3),
                "cube first {cube_first}, dx {dx}: {p:?}"
            );
        }
        // Between the cube's edge and the plane's: the plane.
        for dx in [cube_px + 1.5, plane_px - 1.0] {
            let p = at(dx);
            assert!(
                close(p[2], -3.0 - distance, 1e-3),
                "cube first {cube_first}, dx {dx}: {p:?}"
            );
        }
        // Beyond the plane: untouched.
        assert_eq!(at(plane_px + 1.5), CLEAR);
        assert_eq!(frame.pixel(0, 0), CLEAR);
    }
}

#[test]
fn a_floor_through_the_near_plane_is_clipped_not_dropped() {
    // The eye at the origin looking down -z (the identity view); a 20 x 20 floor at y = -1
    // centred under the eye, so that both its triangles reach behind the eye.
    let camera = Camera {
        view: look_at([0.0; 3], [0.0, 0.0, -1.0], [0.0, 1.0, 0.0]).unwrap(),
        projection: perspective(FOVY, 1.0, 0.1, 100.0),
    };
    assert_eq!(camera.view, Mat4::IDENTITY);
    // (x, y, z) -> (10x, z - 1, -10y): the quad laid flat, its normal (0, 0, 1) turned to +y.
    let model = Mat4([
        [10.0, 0.0, 0.0, 0.0],
        [0.0, 0.0, 1.0, -1.0],
        [0.0, -10.0, 0.0, 0.0],
        [0.0, 0.0, 0.0, 1.0],
    ]);
    let scene = Scene {
        objects: vec![pigment_scene::Object {
            mesh: quad(),
            model,
        }],
        view: pigment_scene::DefaultView::Framing,
    };
    for (program, check_normal) in [(POSITION, false), (NORMAL_AND_DEPTH, true)] {
        let loaded = Loaded::new(program);
        let mut frame = cleared(SIZE, SIZE, CLEAR);
        let stats = draw(&scene, &camera, &loaded.shader(), &mut frame);
        assert_eq!(stats.triangles, 2);
        assert!(stats.rasterized >= 2, "{stats:?}");
        // Above the horizon: nothing. The bottom row's centre: the floor, by the ray at the
        // pixel's angle below the axis.
        assert_eq!(frame.pixel(SIZE / 2, SIZE - 1), CLEAR);
        let p = frame.pixel(SIZE / 2, 0);
        if check_normal {
            assert!(close(p[1], 1.0, 1e-5), "{p:?}");
            continue;
        }
        let tan = (FOVY.to_radians() / 2.0).tan() * (SIZE as f32 / 2.0 - 0.5) / (SIZE as f32 / 2.0);
        assert!(close(p[1], -1.0, 1e-4), "{p:?}");
        assert!(
            close(p[2], -1.0 / tan, 1e-3),
            "{p:?}, expected z {}",
            -1.0 / tan
        );
    }
}

#[test]
fn a_depth_buffer_of_another_size_is_replaced() {
    let loaded = Loaded::new(POSITION);
    let mut frame = Framebuffer::new(8, 8);
    let mut depth = DepthBuffer::new(3, 3);
    let scene = Scene::shape(pigment_scene::Shape::Quad);
    let camera = scene.default_camera(8, 8);
    draw_with(
        &scene,
        &camera,
        &DrawOptions::default(),
        &loaded.shader(),
        &mut frame,
        &mut depth,
    );
    assert_eq!((depth.width, depth.height), (8, 8));
    assert!(depth.depths.iter().all(|&z| z == 0.5));
}

#[test]
fn a_second_pass_with_equal_shades_exactly_the_visible_surfaces() {
    // Pass 1 draws the cube before the plane; pass 2, EQUAL on the same depth buffer, paints
    // every visible fragment white: the hidden plane behind the cube must not come through, and
    // what nothing covered stays the clear colour.
    let white = Loaded::new("!!FP1.0\nMOVR o[COLR], {1, 1, 1, 1};\nEND\n");
    let position = Loaded::new(POSITION);
    let scene = cube_and_plane(false);
    let camera = camera_on_z(5.0);
    let mut first = cleared(SIZE, SIZE, CLEAR);
    let mut depth = DepthBuffer::new(SIZE, SIZE);
    let options = DrawOptions::default();
    draw_with(
        &scene,
        &camera,
        &options,
        &position.shader(),
        &mut first,
        &mut depth,
    );
    let after_first = depth.clone();
    let mut second = first.clone();
    let equal = DrawOptions {
        depth_test: DepthTest::Equal,
        ..options
    };
    let stats = draw_with(
        &scene,
        &camera,
        &equal,
        &white.shader(),
        &mut second,
        &mut depth,
    );
    assert_eq!(depth, after_first);
    let visible = first.pixels.iter().filter(|p| **p != CLEAR).count();
    for (a, b) in first.pixels.iter().zip(&second.pixels) {
        let expected = if *a == CLEAR { CLEAR } else { [1.0; 4] };
        assert_eq!(*b, expected);
    }
    // Hidden fragments were dropped before shading: no more quads than visible pixels need.
    assert!(
        stats.quads_shaded <= visible,
        "{stats:?}, {visible} visible"
    );
}

#[test]
fn the_depth_tests_compare_as_gl_does() {
    assert!(DepthTest::Less.passes(0.25, 0.5) && !DepthTest::Less.passes(0.5, 0.5));
    assert!(DepthTest::LessEqual.passes(0.5, 0.5) && !DepthTest::LessEqual.passes(0.75, 0.5));
    assert!(DepthTest::Equal.passes(0.5, 0.5) && !DepthTest::Equal.passes(0.25, 0.5));
    for test in [DepthTest::Less, DepthTest::LessEqual, DepthTest::Equal] {
        assert!(!test.passes(f32::NAN, 1.0));
    }
}

/// A small deterministic generator (xorshift), so the soup is the same on every run.
fn next(state: &mut u64) -> f32 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    (*state >> 40) as f32 / (1u64 << 24) as f32
}

#[test]
fn a_triangle_soup_around_the_eye_draws_without_trouble() {
    // Triangles all round the eye, many crossing the near or far plane or behind the eye,
    // some degenerate: every stored depth lies in [0, 1] and is the buffer's.
    let mut state = 0x5eed_u64;
    let mut mesh = pigment_scene::Mesh::default();
    for k in 0..600u32 {
        let mut p = || [0, 1, 2].map(|_| (next(&mut state) - 0.5) * 30.0);
        let a = p();
        let b = if k % 50 == 0 { a } else { p() };
        let c = p();
        for v in [a, b, c] {
            mesh.push_vertex(v, [0.0, 1.0, 0.0], [0.5, 0.5]);
        }
        mesh.triangles.push([3 * k, 3 * k + 1, 3 * k + 2]);
    }
    // An index out of range is skipped, not trusted.
    mesh.triangles.push([0, 1, 9999]);
    let scene = Scene::mesh(mesh);
    let loaded = Loaded::new("!!FP1.0\nMOVR o[COLR], f[WPOS].z;\nEND\n");
    let camera = Camera::perspective_look_at(
        [0.0; 3],
        [0.0, 0.0, -1.0],
        [0.0, 1.0, 0.0],
        FOVY,
        1.0,
        (0.1, 12.0),
    )
    .unwrap();
    let mut frame = cleared(SIZE, SIZE, CLEAR);
    let mut depth = DepthBuffer::new(SIZE, SIZE);
    let stats = draw_with(
        &scene,
        &camera,
        &DrawOptions::default(),
        &loaded.shader(),
        &mut frame,
        &mut depth,
    );
    assert_eq!(stats.triangles, 600);
    assert!(stats.rasterized > 100, "{stats:?}");
    let mut drawn = 0;
    for (p, z) in frame.pixels.iter().zip(&depth.depths) {
        if *p != CLEAR {
            drawn += 1;
            assert!((0.0..=1.0).contains(&p[0]), "{p:?}");
            assert_eq!(p[0], *z);
        }
    }
    assert!(drawn > SIZE * SIZE / 2, "{drawn}");
}
