//! Generates the OpenGL bindings the oracle calls: OpenGL 3.0 in the compatibility profile (immediate mode,
//! fog coordinates, float framebuffers, colour-clamp control) plus the ARB_fragment_program entry points and the rectangle-texture target.
//! The bindings are a struct of function pointers loaded at run time through `eglGetProcAddress`, so nothing
//! links against libGL.

use gl_generator::{Api, Fallbacks, Profile, Registry, StructGenerator};
use std::{env, fs::File, path::PathBuf};

fn main() {
    let out_dir = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR for build scripts"));
    let mut file = File::create(out_dir.join("gl_bindings.rs")).expect("OUT_DIR is writable");
    Registry::new(
        Api::Gl,
        (3, 0),
        Profile::Compatibility,
        Fallbacks::All,
        ["GL_ARB_fragment_program", "GL_ARB_texture_rectangle"],
    )
    .write_bindings(StructGenerator, &mut file)
    .expect("writing the generated GL bindings");
    println!("cargo:rerun-if-changed=build.rs");
}
