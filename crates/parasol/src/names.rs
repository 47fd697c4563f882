//! Name restrictions: names GLSL reserves cannot name Parasol modules, terms, types, shaders, fields,
//! parameters or locals (spec, "Names"; the notes: any `gl`/`GL` prefix, not only `gl_`).

/// Why a name is restricted: the reference compiler's `NameRestrictions.NameRestricted` codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Restriction {
    PrefixGlLower,
    PrefixGlUpper,
    DoubleUnderscore,
    EndsWithUnderscore,
    Keyword,
}

impl Restriction {
    pub fn code(self) -> &'static str {
        match self {
            Restriction::PrefixGlLower => "NAME_RESTRICTED_PREFIX_GL_LOWER",
            Restriction::PrefixGlUpper => "NAME_RESTRICTED_PREFIX_GL_UPPER",
            Restriction::DoubleUnderscore => "NAME_RESTRICTED_CONTAINS_DOUBLE_UNDERSCORE",
            Restriction::EndsWithUnderscore => "NAME_RESTRICTED_ENDS_WITH_UNDERSCORE",
            Restriction::Keyword => "NAME_RESTRICTED_KEYWORD",
        }
    }

    pub fn reason(self) -> &'static str {
        match self {
            Restriction::PrefixGlLower => "begins with `gl`",
            Restriction::PrefixGlUpper => "begins with `GL`",
            Restriction::DoubleUnderscore => "contains `__`",
            Restriction::EndsWithUnderscore => "ends with `_`",
            Restriction::Keyword => "is a GLSL keyword",
        }
    }
}

/// The first restriction `name` breaks, checked in the reference compiler's order.
pub fn restricted(name: &str) -> Option<Restriction> {
    if name.starts_with("gl") {
        Some(Restriction::PrefixGlLower)
    } else if name.starts_with("GL") {
        Some(Restriction::PrefixGlUpper)
    } else if name.contains("__") {
        Some(Restriction::DoubleUnderscore)
    } else if name.ends_with('_') {
        Some(Restriction::EndsWithUnderscore)
    } else if GLSL_RESERVED.contains(&name) {
        Some(Restriction::Keyword)
    } else {
        None
    }
}

/// The spec's appendix "GLSL identifiers": reserved words of every GLSL version up to 4.3.
const GLSL_RESERVED: &[&str] = &[
    "active",
    "asm",
    "atomic_uint",
    "attribute",
    "bool",
    "break",
    "buffer",
    "bvec2",
    "bvec3",
    "bvec4",
    "case",
    "cast",
    "centroid",
    "class",
    "coherent",
    "common",
    "const",
    "continue",
    "default",
    "discard",
    "dmat2",
    "dmat2x2",
    "dmat2x3",
    "dmat2x4",
    "dmat3",
    "dmat3x2",
    "dmat3x3",
    "dmat3x4",
    "dmat4",
    "dmat4x2",
    "dmat4x3",
    "dmat4x4",
    "do",
    "double",
    "dvec2",
    "dvec3",
    "dvec4",
    "else",
    "enum",
    "extern",
    "external",
    "false",
    "filter",
    "fixed",
    "flat",
    "float",
    "for",
    "fvec2",
    "fvec3",
    "fvec4",
    "goto",
    "half",
    "highp",
    "hvec2",
    "hvec3",
    "hvec4",
    "if",
    "iimage1D",
    "iimage1DArray",
    "iimage2D",
    "iimage2DArray",
    "iimage2DMS",
    "iimage2DMSArray",
    "iimage2DRect",
    "iimage3D",
    "iimageBuffer",
    "iimageCube",
    "iimageCubeArray",
    "image1D",
    "image1DArray",
    "image2D",
    "image2DArray",
    "image2DMS",
    "image2DMSArray",
    "image2DRect",
    "image3D",
    "imageBuffer",
    "imageCube",
    "imageCubeArray",
    "in",
    "inline",
    "inout",
    "input",
    "int",
    "interface",
    "invariant",
    "isampler1D",
    "isampler1DArray",
    "isampler2D",
    "isampler2DArray",
    "isampler2DMS",
    "isampler2DMSArray",
    "isampler2DRect",
    "isampler3D",
    "isamplerBuffer",
    "isamplerCube",
    "isamplerCubeArray",
    "ivec2",
    "ivec3",
    "ivec4",
    "layout",
    "long",
    "lowp",
    "mat2",
    "mat2x2",
    "mat2x3",
    "mat2x4",
    "mat3",
    "mat3x2",
    "mat3x3",
    "mat3x4",
    "mat4",
    "mat4x2",
    "mat4x3",
    "mat4x4",
    "mediump",
    "namespace",
    "noinline",
    "noperspective",
    "out",
    "output",
    "packed",
    "partition",
    "patch",
    "precision",
    "public",
    "readonly",
    "resource",
    "restrict",
    "return",
    "row_major",
    "sample",
    "sampler1D",
    "sampler1DArray",
    "sampler1DArrayShadow",
    "sampler1DShadow",
    "sampler2D",
    "sampler2DArray",
    "sampler2DArrayShadow",
    "sampler2DMS",
    "sampler2DMSArray",
    "sampler2DRect",
    "sampler2DRectShadow",
    "sampler2DShadow",
    "sampler3D",
    "sampler3DRect",
    "samplerBuffer",
    "samplerCube",
    "samplerCubeArray",
    "samplerCubeArrayShadow",
    "samplerCubeShadow",
    "shared",
    "short",
    "sizeof",
    "smooth",
    "static",
    "struct",
    "subroutine",
    "superp",
    "switch",
    "template",
    "this",
    "true",
    "typedef",
    "uimage1D",
    "uimage1DArray",
    "uimage2D",
    "uimage2DArray",
    "uimage2DMS",
    "uimage2DMSArray",
    "uimage2DRect",
    "uimage3D",
    "uimageBuffer",
    "uimageCube",
    "uimageCubeArray",
    "uint",
    "uniform",
    "union",
    "unsigned",
    "usampler1D",
    "usampler1DArray",
    "usampler2D",
    "usampler2DArray",
    "usampler2DMS",
    "usampler2DMSArray",
    "usampler2DRect",
    "usampler3D",
    "usamplerBuffer",
    "usamplerCube",
    "usamplerCubeArray",
    "using",
    "uvec2",
    "uvec3",
    "uvec4",
    "varying",
    "vec2",
    "vec3",
    "vec4",
    "void",
    "volatile",
    "while",
    "writeonly",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spec_and_notes_restrictions() {
        assert_eq!(restricted("glow"), Some(Restriction::PrefixGlLower));
        assert_eq!(restricted("GLX"), Some(Restriction::PrefixGlUpper));
        assert_eq!(restricted("a__b"), Some(Restriction::DoubleUnderscore));
        assert_eq!(restricted("a_"), Some(Restriction::EndsWithUnderscore));
        assert_eq!(restricted("vec4"), Some(Restriction::Keyword));
        assert_eq!(restricted("sampler2DShadow"), Some(Restriction::Keyword));
        assert_eq!(restricted("gradient_x"), None);
        assert_eq!(restricted("a_b"), None);
    }
}
