//! Generates the OpenGL bindings the oracle calls: OpenGL 3.0 in the compatibility profile (immediate mode,
//! fog coordinates, float framebuffers, colour-clamp control), the ARB_fragment_program and ARB_vertex_program entry points, NV_fragment_program's (for a native driver) and
//! the rectangle-texture target. The bindings are a struct of function pointers loaded at run time through
//! `eglGetProcAddress`, so nothing links against libGL.

use gl_generator::{Api, Fallbacks, Profile, Registry, StructGenerator};
use std::{env, fs, path::PathBuf};

fn main() {
    let out_dir = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR for build scripts"));
    let extensions = [
        "GL_ARB_fragment_program",
        "GL_ARB_vertex_program",
        "GL_ARB_texture_rectangle",
        // LoadProgramNV and BindProgramNV come from NV_vertex_program; the named parameters from
        // NV_fragment_program (the native-driver oracle only).
        "GL_NV_vertex_program",
        "GL_NV_fragment_program",
    ];
    let mut bindings = Vec::new();
    Registry::new(
        Api::Gl,
        (3, 0),
        Profile::Compatibility,
        Fallbacks::All,
        extensions,
    )
    .write_bindings(StructGenerator, &mut bindings)
    .expect("generating the GL bindings");
    // The generator documents `load_with` with an `ignore` example (fenced with ~~~); as `text` it is not a doctest that
    // shows up as ignored in every test run.
    let bindings = String::from_utf8(bindings).expect("the generated bindings are UTF-8");
    let bindings = bindings.replace("~~~ignore", "~~~text");
    fs::write(out_dir.join("gl_bindings.rs"), bindings).expect("OUT_DIR is writable");
    println!("cargo:rerun-if-changed=build.rs");
}
