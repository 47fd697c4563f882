//! IR types as naga types: every real kind (float, half, fixed) is an f32, int an i32, bool a
//! bool; width 1 is a scalar, 2-4 a vector.

use naga::{Handle, Module, Scalar, Span, Type, TypeInner, VectorSize};
use pigment_ir::{ScalarKind, Type as IrType};

/// The naga scalar that holds an IR kind. half and fixed are computed in f32 (see the crate doc).
pub fn scalar(kind: ScalarKind) -> Scalar {
    match kind {
        ScalarKind::Float | ScalarKind::Half | ScalarKind::Fixed => Scalar::F32,
        ScalarKind::Int => Scalar::I32,
        ScalarKind::Bool => Scalar::BOOL,
    }
}

/// The vector size of a width of 2-4.
pub fn vector_size(width: u8) -> VectorSize {
    match width {
        2 => VectorSize::Bi,
        3 => VectorSize::Tri,
        _ => VectorSize::Quad,
    }
}

/// The type inner of `width` components of `scalar`.
pub fn inner(scalar: Scalar, width: u8) -> TypeInner {
    if width <= 1 {
        TypeInner::Scalar(scalar)
    } else {
        TypeInner::Vector {
            size: vector_size(width),
            scalar,
        }
    }
}

/// Interns an unnamed type.
pub fn intern(module: &mut Module, inner: TypeInner) -> Handle<Type> {
    module
        .types
        .insert(Type { name: None, inner }, Span::UNDEFINED)
}

/// The naga type of an IR value type.
pub fn of(module: &mut Module, ty: IrType) -> Handle<Type> {
    intern(module, inner(scalar(ty.kind), ty.width))
}

/// Size and alignment of a scalar or vector of 4-byte components: std140 and naga agree on these
/// (vec3 aligns like vec4 but is 12 bytes long).
pub use pigment_ir::slots::{align_to, std140_size_align as size_align};

/// naga's built-in for one of the binding model's.
pub fn builtin(b: pigment_ir::slots::BuiltIn) -> naga::BuiltIn {
    match b {
        pigment_ir::slots::BuiltIn::Position => naga::BuiltIn::Position { invariant: false },
        pigment_ir::slots::BuiltIn::FrontFacing => naga::BuiltIn::FrontFacing,
        pigment_ir::slots::BuiltIn::FragDepth => naga::BuiltIn::FragDepth,
    }
}
