//! Type specifiers as written: built-in scalar, vector, matrix and sampler names, names of typedefs,
//! structs and interfaces, and inline struct/interface definitions.

use super::{Decl, Ident, Span};

/// The type part of a declaration, parameter, cast or constructor.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeSpec {
    pub kind: TypeKind,
    /// Where `packed` was written, if it was (it applies to every array level of the declarators).
    pub packed: Option<Span>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TypeKind {
    Void,
    Scalar(Scalar),
    /// `float4`: element type and size (1-4).
    Vector(Scalar, u8),
    /// `float3x4`: element type, rows, columns (each 1-4).
    Matrix(Scalar, u8, u8),
    Sampler(SamplerKind),
    /// A typedef, struct or interface name, written with or without `struct`/`interface`, or a name
    /// the parser did not know (the checker reports unknown types).
    Named(Ident),
    /// A struct or interface defined in place: `struct S { ... }`.
    Struct(Box<StructDef>),
    /// The parser could not read a type here (already reported).
    Error,
}

/// Scalar types, including the compile-time-only `cint` and `cfloat` and the integer types the spec
/// lists ("Type Categories").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scalar {
    Bool,
    Float,
    Half,
    Fixed,
    Double,
    Char,
    Short,
    Int,
    Long,
    UnsignedChar,
    UnsignedShort,
    UnsignedInt,
    UnsignedLong,
    Cint,
    Cfloat,
}

/// The sampler types. `Generic` is the deprecated plain `sampler`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SamplerKind {
    Generic,
    D1,
    D2,
    D3,
    Cube,
    Rect,
}

/// Scalars that have vector and matrix forms (`float4`, `half3x3`, `bool2`, ...). The spec requires
/// them "for any supported numeric data type" (not the compile-time ones) and uses bool vectors.
const VECTOR_BASES: &[(&str, Scalar)] = &[
    ("float", Scalar::Float),
    ("half", Scalar::Half),
    ("fixed", Scalar::Fixed),
    ("double", Scalar::Double),
    ("bool", Scalar::Bool),
    ("int", Scalar::Int),
    ("char", Scalar::Char),
    ("short", Scalar::Short),
    ("long", Scalar::Long),
];

impl Scalar {
    /// A scalar type name written as one word (`unsigned ...` is two words; the parser joins them).
    pub fn from_name(name: &str) -> Option<Scalar> {
        match name {
            "cint" => Some(Scalar::Cint),
            "cfloat" => Some(Scalar::Cfloat),
            "unsigned" => Some(Scalar::UnsignedInt),
            _ => VECTOR_BASES
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, s)| *s),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Scalar::Bool => "bool",
            Scalar::Float => "float",
            Scalar::Half => "half",
            Scalar::Fixed => "fixed",
            Scalar::Double => "double",
            Scalar::Char => "char",
            Scalar::Short => "short",
            Scalar::Int => "int",
            Scalar::Long => "long",
            Scalar::UnsignedChar => "unsigned char",
            Scalar::UnsignedShort => "unsigned short",
            Scalar::UnsignedInt => "unsigned int",
            Scalar::UnsignedLong => "unsigned long",
            Scalar::Cint => "cint",
            Scalar::Cfloat => "cfloat",
        }
    }
}

impl SamplerKind {
    /// The spec's sampler names, plus Cg 1.0's `texobj*` names that cgc still accepts
    /// (fp30-profile.md, cg-stdlib.md §6).
    pub fn from_name(name: &str) -> Option<SamplerKind> {
        Some(match name {
            "sampler" => SamplerKind::Generic,
            "sampler1D" | "texobj1D" => SamplerKind::D1,
            "sampler2D" | "texobj2D" => SamplerKind::D2,
            "sampler3D" | "texobj3D" => SamplerKind::D3,
            "samplerCUBE" | "texobjCUBE" => SamplerKind::Cube,
            "samplerRECT" | "texobjRECT" => SamplerKind::Rect,
            _ => return None,
        })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            SamplerKind::Generic => "sampler",
            SamplerKind::D1 => "sampler1D",
            SamplerKind::D2 => "sampler2D",
            SamplerKind::D3 => "sampler3D",
            SamplerKind::Cube => "samplerCUBE",
            SamplerKind::Rect => "samplerRECT",
        }
    }
}

impl TypeKind {
    /// The built-in type a single identifier names: `float`, `float4`, `half3x3`, `sampler2D`, ...
    pub fn builtin(name: &str) -> Option<TypeKind> {
        if let Some(s) = Scalar::from_name(name) {
            return Some(TypeKind::Scalar(s));
        }
        if let Some(s) = SamplerKind::from_name(name) {
            return Some(TypeKind::Sampler(s));
        }
        let (base, scalar) = VECTOR_BASES.iter().find(|(n, _)| name.starts_with(n))?;
        let dims = &name.as_bytes()[base.len()..];
        let dim = |b: u8| (b'1'..=b'4').contains(&b).then(|| b - b'0');
        match *dims {
            [n] => Some(TypeKind::Vector(*scalar, dim(n)?)),
            [r, b'x', c] => Some(TypeKind::Matrix(*scalar, dim(r)?, dim(c)?)),
            _ => None,
        }
    }
}

impl TypeKind {
    /// The Cg type a GLSL-style type name stands for in cgc: `vec2`-`vec4` (float), `ivec`
    /// (int), `bvec` (bool), `mat2`-`mat4` (square float matrices) and `matRxC` (`mat2x3` is
    /// `float2x3`). cgc predefines them like typedefs in a scope outside the program's, so a
    /// program may declare the same names itself; the parser and checker only fall back to them.
    pub fn glsl_alias(name: &str) -> Option<TypeKind> {
        const BASES: &[(&str, Scalar)] = &[
            ("vec", Scalar::Float),
            ("ivec", Scalar::Int),
            ("bvec", Scalar::Bool),
        ];
        let dim = |b: u8| (b'2'..=b'4').contains(&b).then(|| b - b'0');
        if let Some(dims) = name.strip_prefix("mat") {
            return match *dims.as_bytes() {
                [n] => dim(n).map(|n| TypeKind::Matrix(Scalar::Float, n, n)),
                [r, b'x', c] => Some(TypeKind::Matrix(Scalar::Float, dim(r)?, dim(c)?)),
                _ => None,
            };
        }
        let (base, scalar) = BASES.iter().find(|(b, _)| name.starts_with(b))?;
        match name.as_bytes()[base.len()..] {
            [n] => dim(n).map(|n| TypeKind::Vector(*scalar, n)),
            _ => None,
        }
    }
}

/// A struct or interface definition. Struct members may be data (`Decl::Var`) or functions
/// (`Decl::Function`, with bodies); an interface declares functions without bodies. The checker
/// enforces which is which.
#[derive(Clone, Debug, PartialEq)]
pub struct StructDef {
    pub kind: StructKind,
    /// `None` for an anonymous `struct { ... } v;`.
    pub name: Option<Ident>,
    /// `struct S : I { ... }` where `I` was already known as a type name: the interface inherited.
    pub base: Option<Ident>,
    /// `struct S : SEMANTIC { ... }` where the name after `:` is not a known type: a binding
    /// semantic on the structure tag ("Cg features not present in C").
    pub semantic: Option<super::Semantic>,
    pub members: Vec<Decl>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StructKind {
    Struct,
    Interface,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glsl_type_names() {
        assert_eq!(
            TypeKind::glsl_alias("vec3"),
            Some(TypeKind::Vector(Scalar::Float, 3))
        );
        assert_eq!(
            TypeKind::glsl_alias("bvec2"),
            Some(TypeKind::Vector(Scalar::Bool, 2))
        );
        assert_eq!(
            TypeKind::glsl_alias("mat3"),
            Some(TypeKind::Matrix(Scalar::Float, 3, 3))
        );
        assert_eq!(
            TypeKind::glsl_alias("mat2x4"),
            Some(TypeKind::Matrix(Scalar::Float, 2, 4))
        );
        for no in [
            "vec1", "vec5", "mat1", "mat2x1", "mat", "vec", "vec3x3", "ivec22",
        ] {
            assert_eq!(TypeKind::glsl_alias(no), None, "{no}");
        }
    }

    #[test]
    fn builtin_type_names() {
        assert_eq!(
            TypeKind::builtin("float4"),
            Some(TypeKind::Vector(Scalar::Float, 4))
        );
        assert_eq!(
            TypeKind::builtin("half3x2"),
            Some(TypeKind::Matrix(Scalar::Half, 3, 2))
        );
        assert_eq!(
            TypeKind::builtin("bool1"),
            Some(TypeKind::Vector(Scalar::Bool, 1))
        );
        assert_eq!(
            TypeKind::builtin("fixed"),
            Some(TypeKind::Scalar(Scalar::Fixed))
        );
        assert_eq!(
            TypeKind::builtin("samplerRECT"),
            Some(TypeKind::Sampler(SamplerKind::Rect))
        );
        assert_eq!(TypeKind::builtin("vec3"), None, "GLSL names are aliases");
        assert_eq!(TypeKind::builtin("float5"), None);
        assert_eq!(TypeKind::builtin("float0"), None);
        assert_eq!(TypeKind::builtin("float4x"), None);
        assert_eq!(TypeKind::builtin("floaty"), None);
        assert_eq!(
            TypeKind::builtin("cint2"),
            None,
            "compile-time types have no vector forms"
        );
    }
}
