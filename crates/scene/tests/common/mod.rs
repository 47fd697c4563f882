//! Helpers shared by the scene tests: an `!!FP1.0` program loaded onto the machine, and pixel
//! reads.
#![allow(dead_code)]

use nvfp::exec::{Machine, Parameters};
use nvfp::program::Program;
use nvfp::render::Shader;
use nvfp::texture::TextureUnits;
use pigment_diag::FileId;

/// A program with everything [`Shader`] borrows.
pub struct Loaded {
    pub program: Program,
    pub machine: Machine,
    pub params: Parameters,
    pub textures: TextureUnits,
}

impl Loaded {
    pub fn new(text: &str) -> Loaded {
        let program = nvfp::validate::load_text(text, FileId(0))
            .unwrap_or_else(|e| panic!("the test program does not load: {e:?}"));
        Loaded {
            machine: Machine::new(&program),
            params: Parameters::for_program(&program),
            textures: TextureUnits::new(),
            program,
        }
    }

    pub fn shader(&self) -> Shader<'_> {
        Shader {
            program: &self.program,
            machine: &self.machine,
            params: &self.params,
            textures: &self.textures,
        }
    }
}

/// Writes f[TEX1] (the eye-space normal) to rgb and f[TEX2].z (the eye-space depth) to alpha.
pub const NORMAL_AND_DEPTH: &str =
    "!!FP1.0\nMOVR R0.xyz, f[TEX1];\nMOVR R0.w, f[TEX2].z;\nMOVR o[COLR], R0;\nEND\n";

/// Writes f[TEX2] (the eye-space position) as it is.
pub const POSITION: &str = "!!FP1.0\nMOVR o[COLR], f[TEX2];\nEND\n";

/// What a pixel no fragment reached holds in these tests.
pub const CLEAR: [f32; 4] = [0.25, 0.5, 0.75, -1.0];

pub fn close(a: f32, b: f32, tolerance: f32) -> bool {
    (a - b).abs() <= tolerance
}
