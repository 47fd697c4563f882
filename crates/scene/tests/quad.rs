//! The `quad` scene is the reference quad: drawn through `pigment_scene::draw` with its default
//! camera it gives, bit for bit, the pixels of today's ISL path (`pigment_isl::quad_vertex` run
//! per vertex of the reference quad's strip, `rasterize_strip`, `shade`).

mod common;

use common::Loaded;
use nvfp::isa::AttribReg;
use nvfp::raster::{rasterize_strip, reference_quad_attributes, QuadBatch, Vertex};
use nvfp::render::{shade, Framebuffer};
use pigment_ir::interp::{run_vertex, NoTextures};
use pigment_ir::{ScalarKind, Vector};
use pigment_scene::{draw, Scene, Shape};

/// Reads every attribute the ISL lowering uses, and f[WPOS], into the colour.
const PROGRAM: &str = "!!FP1.0\n\
    MOVR R1, f[TEX1];\n\
    ADDR R0, f[TEX0], R1;\n\
    MADR R0, f[TEX2], {0.5, 0.25, 2, 3}, R0;\n\
    MADR R0, f[WPOS], {0.001, 0.002, 1, 0}, R0;\n\
    MOVR o[COLR], R0;\n\
    END\n";

/// The strip's vertices as the ISL path makes them: `quad_vertex` in the IR interpreter with
/// the reference quad's POSITION and TEXCOORD0, outputs to the registers of their semantics.
fn isl_quad_vertices() -> Vec<Vertex> {
    let func = pigment_isl::quad_vertex();
    let uniforms = func.initial_uniforms();
    [(0.0f32, 0.0f32), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)]
        .iter()
        .map(|&(s, t)| {
            let inputs: Vec<Vector> = func
                .inputs
                .iter()
                .map(|(_, i)| match i.semantic.as_deref() {
                    Some("POSITION") => {
                        Vector::reals(ScalarKind::Float, &[2.0 * s - 1.0, 2.0 * t - 1.0, 0.0, 1.0])
                    }
                    _ => Vector::reals(ScalarKind::Float, &[s, t, 0.0, 1.0]),
                })
                .collect();
            let result = run_vertex(&func, &inputs, &uniforms, &mut NoTextures).unwrap();
            let mut v = Vertex {
                clip: [0.0, 0.0, 0.0, 1.0],
                attribs: [[0.0, 0.0, 0.0, 1.0]; nvfp::isa::ATTRIB_COUNT],
            };
            v.attribs[AttribReg::Fogc.index()] = [0.0; 4];
            for ((_, o), out) in func.outputs.iter().zip(&result.outputs) {
                let value = out.value.to_f32s();
                let value = [value[0], value[1], value[2], value[3]];
                match o.semantic.as_deref() {
                    Some("POSITION") => v.clip = value,
                    Some(tex) => {
                        let n: u8 = tex.trim_start_matches("TEXCOORD").parse().unwrap();
                        v.attribs[AttribReg::Tex(n).index()] = value;
                    }
                    None => {}
                }
            }
            v
        })
        .collect()
}

fn isl_path(loaded: &Loaded, width: u32, height: u32) -> Framebuffer {
    let mut frame = Framebuffer::new(width, height);
    let mut batch = QuadBatch::default();
    rasterize_strip(&isl_quad_vertices(), width, height, &mut batch);
    shade(&loaded.shader(), &batch, &mut frame);
    frame
}

fn scene_path(loaded: &Loaded, width: u32, height: u32) -> Framebuffer {
    let scene = Scene::shape(Shape::Quad);
    let camera = scene.default_camera(width, height);
    let mut frame = Framebuffer::new(width, height);
    draw(&scene, &camera, &loaded.shader(), &mut frame);
    frame
}

fn bits(frame: &Framebuffer) -> Vec<u32> {
    frame.to_floats().iter().map(|x| x.to_bits()).collect()
}

#[test]
fn the_quad_scene_renders_the_isl_quad_bit_for_bit() {
    let loaded = Loaded::new(PROGRAM);
    for (w, h) in [(1, 1), (7, 5), (64, 48), (33, 80)] {
        assert_eq!(
            bits(&scene_path(&loaded, w, h)),
            bits(&isl_path(&loaded, w, h)),
            "{w}x{h}"
        );
    }
}

#[test]
fn the_quad_scene_gives_the_reference_quad_values() {
    // TEX0 = (s, t, 0, 1), N = (0, 0, 1, 0), P = (2s - 1, 2t - 1, 0, 1), WPOS = (i + .5, j + .5,
    // .5, 1) at every pixel centre, to interpolation's rounding.
    let text = "!!FP1.0\nMOVR R1, f[TEX1];\nADDR R0, f[TEX0], R1;\nADDR R0, R0, f[TEX2];\n\
                ADDR R0.w, f[WPOS].z, f[WPOS].w;\nMOVR o[COLR], R0;\nEND\n";
    let loaded = Loaded::new(text);
    let (w, h) = (12, 10);
    let frame = scene_path(&loaded, w, h);
    for j in 0..h {
        for i in 0..w {
            let a = reference_quad_attributes(i as i64, j as i64, w, h);
            let tex0 = a[AttribReg::Tex(0).index()];
            let (s, t) = (tex0[0], tex0[1]);
            let expected = [s + 2.0 * s - 1.0, t + 2.0 * t - 1.0, 1.0, 1.5];
            let got = frame.pixel(i, j);
            for c in 0..4 {
                assert!(
                    common::close(got[c], expected[c], 1e-5),
                    "pixel ({i}, {j}): {got:?}, expected {expected:?}"
                );
            }
        }
    }
}
