//! GLSL identifiers for the IR's names: a Cg path (`IN$video_size`, the source's `IN.video_size`)
//! becomes `IN_video_size`, a name GLSL reserves (a keyword, a built-in function, `gl_…`, a `__`)
//! gets the prefix `cg_`, and every name a shader declares is unique.

use std::collections::HashSet;

/// Keywords and reserved words of every GLSL version (desktop up to 4.60, ES up to 3.20), and the
/// built-in functions a Cg program's names most often collide with. A declared name from this list
/// would not compile (a keyword) or would hide a function the writer calls.
const RESERVED: &[&str] = &[
    // Keywords.
    "attribute",
    "const",
    "uniform",
    "varying",
    "buffer",
    "shared",
    "coherent",
    "volatile",
    "restrict",
    "readonly",
    "writeonly",
    "atomic_uint",
    "layout",
    "centroid",
    "flat",
    "smooth",
    "noperspective",
    "patch",
    "sample",
    "break",
    "continue",
    "do",
    "for",
    "while",
    "switch",
    "case",
    "default",
    "if",
    "else",
    "subroutine",
    "in",
    "out",
    "inout",
    "float",
    "double",
    "int",
    "void",
    "bool",
    "true",
    "false",
    "invariant",
    "precise",
    "discard",
    "return",
    "uint",
    "lowp",
    "mediump",
    "highp",
    "precision",
    "struct",
    "mat2",
    "mat3",
    "mat4",
    "dmat2",
    "dmat3",
    "dmat4",
    "mat2x2",
    "mat2x3",
    "mat2x4",
    "mat3x2",
    "mat3x3",
    "mat3x4",
    "mat4x2",
    "mat4x3",
    "mat4x4",
    "vec2",
    "vec3",
    "vec4",
    "ivec2",
    "ivec3",
    "ivec4",
    "bvec2",
    "bvec3",
    "bvec4",
    "uvec2",
    "uvec3",
    "uvec4",
    "dvec2",
    "dvec3",
    "dvec4",
    "sampler1D",
    "sampler2D",
    "sampler3D",
    "samplerCube",
    "sampler2DRect",
    "sampler1DShadow",
    "sampler2DShadow",
    "samplerCubeShadow",
    "sampler2DRectShadow",
    "sampler2DArray",
    "samplerBuffer",
    "image2D",
    "texture1D",
    "texture2D",
    "texture3D",
    "textureCube",
    // Reserved for future use.
    "common",
    "partition",
    "active",
    "asm",
    "class",
    "union",
    "enum",
    "typedef",
    "template",
    "this",
    "resource",
    "goto",
    "inline",
    "noinline",
    "public",
    "static",
    "extern",
    "external",
    "interface",
    "long",
    "short",
    "half",
    "fixed",
    "unsigned",
    "superp",
    "input",
    "output",
    "hvec2",
    "hvec3",
    "hvec4",
    "fvec2",
    "fvec3",
    "fvec4",
    "sampler3DRect",
    "filter",
    "sizeof",
    "cast",
    "namespace",
    "using",
    // Built-in functions.
    "main",
    "radians",
    "degrees",
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "pow",
    "exp",
    "log",
    "exp2",
    "log2",
    "sqrt",
    "inversesqrt",
    "abs",
    "sign",
    "floor",
    "ceil",
    "trunc",
    "round",
    "fract",
    "mod",
    "min",
    "max",
    "clamp",
    "mix",
    "step",
    "smoothstep",
    "length",
    "distance",
    "dot",
    "cross",
    "normalize",
    "reflect",
    "refract",
    "faceforward",
    "all",
    "any",
    "not",
    "equal",
    "notEqual",
    "lessThan",
    "lessThanEqual",
    "greaterThan",
    "greaterThanEqual",
    "dFdx",
    "dFdy",
    "fwidth",
    "texture",
    "textureProj",
    "textureLod",
    "textureGrad",
    "texture2DProj",
    "texture2DLod",
    "textureCubeLod",
    "texture2DGradARB",
    "shadow2D",
    "shadow2DProj",
    "texture2DRect",
    "packHalf2x16",
    "unpackHalf2x16",
    "packUnorm2x16",
    "unpackUnorm2x16",
    "packSnorm4x8",
    "unpackSnorm4x8",
    "packUnorm4x8",
    "unpackUnorm4x8",
    "uintBitsToFloat",
    "floatBitsToUint",
    "isnan",
    "isinf",
    "transpose",
    "inverse",
    "determinant",
    "matrixCompMult",
];

/// Whether `name` may be declared as it is.
fn is_free(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with("gl_")
        && !name.contains("__")
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && !RESERVED.contains(&name)
}

/// The GLSL spelling of an IR name: path separators (`$`, `.`) and other characters outside
/// `[A-Za-z0-9_]` become `_` (runs of them one `_`), and a name GLSL reserves gets `cg_` in front.
pub fn sanitize(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        let c = if c.is_ascii_alphanumeric() { c } else { '_' };
        if !(c == '_' && out.ends_with('_')) {
            out.push(c);
        }
    }
    if is_free(&out) {
        out
    } else {
        let prefixed = format!("cg_{}", out.trim_start_matches('_'));
        if is_free(&prefixed) {
            prefixed
        } else {
            "cg_name".into()
        }
    }
}

/// The source's spelling of an IR interface name: `IN$video_size` → `IN.video_size`,
/// `lights$0$color` → `lights[0].color` (the reflection's rule, shared by every back end).
pub use pigment_ir::reflect::source_name;

/// The names a shader has declared, handing out unique ones.
#[derive(Default)]
pub struct Namer {
    taken: HashSet<String>,
}

impl Namer {
    /// `base` sanitized, with `_2`, `_3`, ... appended until no declared name has it.
    pub fn unique(&mut self, base: &str) -> String {
        let base = sanitize(base);
        let mut name = base.clone();
        let mut n = 2;
        while self.taken.contains(&name) {
            name = format!("{}_{n}", base.trim_end_matches('_'));
            n += 1;
        }
        self.taken.insert(name.clone());
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cg_paths_stay_recognisable() {
        assert_eq!(sanitize("IN$video_size"), "IN_video_size");
        assert_eq!(source_name("IN$video_size"), "IN.video_size");
        assert_eq!(source_name("lights$0$color"), "lights[0].color");
        assert_eq!(sanitize("IN.uv"), "IN_uv");
    }

    #[test]
    fn reserved_names_are_prefixed() {
        assert_eq!(sanitize("texture"), "cg_texture");
        assert_eq!(sanitize("input"), "cg_input");
        assert_eq!(sanitize("gl_Color"), "cg_gl_Color");
        assert_eq!(sanitize("a__b"), "a_b");
        assert_eq!(sanitize("3d"), "cg_3d");
        assert_eq!(sanitize("_x"), "_x");
    }

    #[test]
    fn names_are_unique() {
        let mut n = Namer::default();
        assert_eq!(n.unique("a"), "a");
        assert_eq!(n.unique("a"), "a_2");
        assert_eq!(n.unique("a$"), "a_");
        assert_eq!(n.unique("a"), "a_3");
    }
}
