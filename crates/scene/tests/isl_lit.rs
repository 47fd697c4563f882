//! ISL shaders lit on scenes, end to end: lowered by pigment-isl, compiled by fp30 and drawn by
//! `pigment_scene::draw`. The eye-space N and P the vertex stage hands over make `isl-notes.md`'s
//! light rules come out as hand-computed: a distant light with the identity `shadermatrix` shines
//! from +z, behind the viewer, so `diffuse()` is the cosine between the normal and the view axis.

mod common;

use common::{close, CLEAR};
use nvfp::exec::{Machine, Parameters};
use nvfp::render::Shader;
use nvfp::texture::TextureUnits;
use pigment_diag::FileId;
use pigment_ir::Module;
use pigment_scene::mesh::sphere;
use pigment_scene::{cleared, draw, Camera, Scene, Shape};

const SIZE: u32 = 48;
const FOVY: f32 = 40.0;
const DISTANCE: f32 = 4.0;

/// `surface s` of `text` lit by every light shader of the file, compiled and loaded.
fn program(text: &str) -> nvfp::program::Program {
    let (unit, diags) = pigment_isl::parse_and_check(FileId(0), text);
    assert!(diags.is_empty(), "{diags:?}");
    let lights = vec![pigment_isl::Light {
        unit: &unit,
        shader: "sun".into(),
        name: "sun".into(),
    }];
    let mut func = pigment_isl::lower_surface_lit(&unit, "s", &lights).unwrap();
    func.name = "main".into();
    let mut module = Module::new();
    module.functions.append(func);
    let compiled = pigment_fp30::compile(&module, "main", &pigment_fp30::Options::default())
        .unwrap_or_else(|e| panic!("{e:?}"));
    nvfp::validate::load(&compiled.program, FileId(0)).unwrap()
}

const DISTANT: &str = "distantlight sun(parameter color c = 1) { FB = c; }\n\
                       surface s() { FB = diffuse(); }\n";

/// A point light with the identity `shadermatrix`: at the eye.
const POINT: &str = "pointlight sun(parameter color c = 1) { FB = c; }\n\
                     surface s() { FB = diffuse(); }\n";

/// Renders `scene` with the diffuse shader of `text`.
fn render(text: &str, scene: &Scene, camera: &Camera) -> nvfp::render::Framebuffer {
    let program = program(text);
    let machine = Machine::new(&program);
    let params = Parameters::for_program(&program);
    let textures = TextureUnits::new();
    let shader = Shader {
        program: &program,
        machine: &machine,
        params: &params,
        textures: &textures,
    };
    let mut frame = cleared(SIZE, SIZE, CLEAR);
    draw(scene, camera, &shader, &mut frame);
    frame
}

#[test]
fn the_lit_quad_faces_the_default_light() {
    // N = (0, 0, 1) = L: diffuse is the light's colour everywhere, alpha 1.
    let scene = Scene::shape(Shape::Quad);
    let frame = render(DISTANT, &scene, &scene.default_camera(SIZE, SIZE));
    assert!(
        frame.pixels.iter().all(|p| *p == [1.0; 4]),
        "{:?}",
        &frame.pixels[..4]
    );
}

/// N·L for the pixel (i, j) of the sphere seen from (0, 0, DISTANCE): where the pixel's ray
/// meets the unit sphere, in eye space, with L = (0, 0, 1) for the distant light and towards
/// the eye for the point light; `None` where it misses.
fn expected_diffuse(i: u32, j: u32, point: bool) -> Option<f32> {
    let tan = (FOVY.to_radians() / 2.0).tan();
    let ndc = |k: u32| (k as f32 + 0.5) / SIZE as f32 * 2.0 - 1.0;
    let d = [ndc(i) * tan, ndc(j) * tan, -1.0];
    // |t d - c|² = 1 with the centre c = (0, 0, -DISTANCE).
    let a = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
    let b = 2.0 * DISTANCE * -d[2];
    let c = DISTANCE * DISTANCE - 1.0;
    let disc = b * b - 4.0 * a * c;
    if disc < 0.0 {
        return None;
    }
    let t = (b - disc.sqrt()) / (2.0 * a);
    let p = d.map(|x| t * x);
    let n = [p[0], p[1], p[2] + DISTANCE];
    let l = if point {
        let len = (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt();
        p.map(|x| -x / len)
    } else {
        [0.0, 0.0, 1.0]
    };
    Some((n[0] * l[0] + n[1] * l[1] + n[2] * l[2]).max(0.0))
}

#[test]
fn the_lit_sphere_follows_the_cosine_law_in_eye_space() {
    lit_sphere(DISTANT, false);
}

#[test]
fn a_point_light_at_the_eye_lights_the_sphere_from_the_eye() {
    lit_sphere(POINT, true);
}

fn lit_sphere(text: &str, point: bool) {
    let scene = Scene::mesh(sphere(1.0, 64, 32));
    let camera = Camera::perspective_look_at(
        [0.0, 0.0, DISTANCE],
        [0.0; 3],
        [0.0, 1.0, 0.0],
        FOVY,
        1.0,
        (1.0, 10.0),
    )
    .unwrap();
    let frame = render(text, &scene, &camera);
    let mut checked = 0;
    for j in 0..SIZE {
        for i in 0..SIZE {
            let got = frame.pixel(i, j);
            match expected_diffuse(i, j, point) {
                // Well inside the silhouette: the cosine, to the facets' error.
                Some(e) if e > 0.2 => {
                    assert!(close(got[0], e, 0.02), "({i}, {j}): {got:?}, expected {e}");
                    assert_eq!(got[3], 1.0);
                    checked += 1;
                }
                None => assert_eq!(got, CLEAR, "({i}, {j})"),
                _ => {}
            }
        }
    }
    assert!(checked > 100, "{checked}");
}
