//! The checker's type representation and the spec's conversion table ("Type Conversions").
//!
//! Vectors and matrices are their own variants rather than packed arrays: the spec predefines
//! `floatN` as `packed float[N]`, and the checker maps a written `packed float a[4]` onto
//! `float4` (see `decl.rs`), so the two spellings are one type.

pub use crate::syntax::ast::{SamplerKind, Scalar};

/// A handle to a struct or interface in [`super::CheckedProgram::structs`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StructId(pub u32);

impl StructId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A checked type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Void,
    Scalar(Scalar),
    /// Element type and size 1-4. `float1` is a vector, distinct from `float`.
    Vector(Scalar, u8),
    /// Element type, rows, columns.
    Matrix(Scalar, u8, u8),
    Sampler(SamplerKind),
    /// A struct or an interface (see [`super::StructType::is_interface`]).
    Struct(StructId),
    /// Element type and size; `None` is an unsized array (a dynamic type).
    Array(Box<Type>, Option<u32>),
    /// String literals, allowed only in annotations.
    String,
    /// The type of an expression that already produced an error: it converts to and from
    /// everything silently, so one mistake is reported once.
    Error,
}

impl Type {
    pub const BOOL: Type = Type::Scalar(Scalar::Bool);
    pub const INT: Type = Type::Scalar(Scalar::Int);
    pub const FLOAT: Type = Type::Scalar(Scalar::Float);
    pub const CINT: Type = Type::Scalar(Scalar::Cint);

    /// A scalar, vector or matrix of `scalar` with the shape of `self` (which must be numeric).
    pub fn with_scalar(&self, scalar: Scalar) -> Type {
        match *self {
            Type::Vector(_, n) => Type::Vector(scalar, n),
            Type::Matrix(_, r, c) => Type::Matrix(scalar, r, c),
            _ => Type::Scalar(scalar),
        }
    }

    /// The element scalar of a scalar, vector or matrix.
    pub fn scalar(&self) -> Option<Scalar> {
        match *self {
            Type::Scalar(s) | Type::Vector(s, _) | Type::Matrix(s, _, _) => Some(s),
            _ => None,
        }
    }

    /// Scalars, vectors and matrices: the types arithmetic works on.
    pub fn is_basic(&self) -> bool {
        self.scalar().is_some()
    }

    /// The number of scalar components of a scalar, vector or matrix.
    pub fn components(&self) -> Option<u32> {
        match *self {
            Type::Scalar(_) => Some(1),
            Type::Vector(_, n) => Some(n.into()),
            Type::Matrix(_, r, c) => Some(u32::from(r) * u32::from(c)),
            _ => None,
        }
    }

    pub fn is_error(&self) -> bool {
        matches!(self, Type::Error)
    }

    pub fn is_scalar(&self) -> bool {
        matches!(self, Type::Scalar(_))
    }
}

/// Scalar categories from "Type Categories".
pub fn is_integral(s: Scalar) -> bool {
    matches!(
        s,
        Scalar::Cint
            | Scalar::Char
            | Scalar::Short
            | Scalar::Int
            | Scalar::Long
            | Scalar::UnsignedChar
            | Scalar::UnsignedShort
            | Scalar::UnsignedInt
            | Scalar::UnsignedLong
    )
}

pub fn is_floating(s: Scalar) -> bool {
    matches!(
        s,
        Scalar::Cfloat | Scalar::Float | Scalar::Half | Scalar::Fixed | Scalar::Double
    )
}

pub fn is_numeric(s: Scalar) -> bool {
    is_integral(s) || is_floating(s)
}

pub fn is_compile_time(s: Scalar) -> bool {
    matches!(s, Scalar::Cint | Scalar::Cfloat)
}

fn is_unsigned(s: Scalar) -> bool {
    matches!(
        s,
        Scalar::UnsignedChar | Scalar::UnsignedShort | Scalar::UnsignedInt | Scalar::UnsignedLong
    )
}

/// Size order within the integral and within the floating categories ("the smaller type is
/// converted to the larger type"). The spec only orders char ≤ short ≤ int ≤ long; fixed < half <
/// float < double follows the precisions of "Constants".
fn size_rank(s: Scalar) -> u8 {
    match s {
        Scalar::Bool => 0,
        Scalar::Char | Scalar::UnsignedChar | Scalar::Fixed => 1,
        Scalar::Short | Scalar::UnsignedShort | Scalar::Half => 2,
        Scalar::Int | Scalar::UnsignedInt | Scalar::Float | Scalar::Cint | Scalar::Cfloat => 3,
        Scalar::Long | Scalar::UnsignedLong | Scalar::Double => 4,
    }
}

/// The usual arithmetic conversions ("Type-Promotion Rules"): the scalar both operands of a binary
/// operator are converted to. `bool` meets a numeric type as the numeric type.
pub fn arithmetic_result(a: Scalar, b: Scalar) -> Scalar {
    if a == b {
        return a;
    }
    match (a, b) {
        (Scalar::Bool, other) | (other, Scalar::Bool) => other,
        (Scalar::Cint, other) | (other, Scalar::Cint) => other,
        (Scalar::Cfloat, other) | (other, Scalar::Cfloat) if is_floating(other) => other,
        // cfloat with a run-time integral: "the integral argument is converted to the floating
        // type", and cfloat "behaves like float", so a run-time operand makes it float.
        (Scalar::Cfloat, _) | (_, Scalar::Cfloat) => Scalar::Float,
        _ if is_floating(a) && is_integral(b) => a,
        _ if is_floating(b) && is_integral(a) => b,
        _ => {
            let (ra, rb) = (size_rank(a), size_rank(b));
            if ra != rb {
                return if ra > rb { a } else { b };
            }
            // Same size: floating pairs cannot get here (one type per size); for integral ones
            // the unsigned type wins.
            if is_unsigned(a) {
                a
            } else {
                b
            }
        }
    }
}

/// How a value of one type converts to another (the table in "Type Conversions", plus the
/// overloading steps' "promotion" and "dynamic" classes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conversion {
    /// The same type (or an error type on either side).
    Identical,
    /// A compile-time constant (`cint`, `cfloat`) taking a run-time scalar type.
    Promotion,
    /// A sized array to an unsized one, or a struct to an interface it implements.
    Dynamic,
    /// Allowed implicitly without comment.
    Implicit,
    /// Allowed implicitly, with a warning ("W" in the table).
    ImplicitWarn(WarnKind),
    /// Only with a cast ("E" in the table).
    ExplicitOnly,
    /// Never ("-" in the table, or a case its notes exclude).
    Impossible,
}

impl Conversion {
    pub fn is_implicit(self) -> bool {
        matches!(
            self,
            Conversion::Identical
                | Conversion::Promotion
                | Conversion::Dynamic
                | Conversion::Implicit
                | Conversion::ImplicitWarn(_)
        )
    }

    pub fn is_explicit(self) -> bool {
        self.is_implicit() || self == Conversion::ExplicitOnly
    }
}

/// Why an implicit conversion draws a warning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WarnKind {
    /// A vector or matrix to a scalar: only the first element survives.
    ToScalar,
    /// A vector or matrix to a smaller one of the same kind.
    Truncation,
    /// Between a vector and a matrix of the same total size.
    Reshape,
}

/// What the conversion table needs to know about structs.
pub trait StructInfo {
    fn field_types(&self, id: StructId) -> Vec<Type>;
    fn is_interface(&self, id: StructId) -> bool;
    fn implements(&self, strukt: StructId, interface: StructId) -> bool;
}

/// Classifies converting a value of type `from` to type `to`.
pub fn classify(from: &Type, to: &Type, structs: &dyn StructInfo) -> Conversion {
    use Conversion::*;
    if from == to || from.is_error() || to.is_error() {
        return Identical;
    }
    match (from, to) {
        (Type::Scalar(a), Type::Scalar(b)) => scalar_conversion(*a, *b),
        (Type::Scalar(a), Type::Vector(b, _) | Type::Matrix(b, _, _)) => {
            weakest(scalar_conversion(*a, *b), Implicit)
        }
        (Type::Vector(a, _) | Type::Matrix(a, _, _), Type::Scalar(b)) => {
            weakest(scalar_conversion(*a, *b), ImplicitWarn(WarnKind::ToScalar))
        }
        (Type::Vector(a, n), Type::Vector(b, m)) => {
            let shape = match m.cmp(n) {
                std::cmp::Ordering::Equal => Implicit,
                std::cmp::Ordering::Less => ImplicitWarn(WarnKind::Truncation),
                std::cmp::Ordering::Greater => Impossible,
            };
            weakest(scalar_conversion(*a, *b), shape)
        }
        (Type::Matrix(a, r, c), Type::Matrix(b, r2, c2)) => {
            let shape = if (r, c) == (r2, c2) {
                Implicit
            } else if r2 <= r && c2 <= c {
                ImplicitWarn(WarnKind::Truncation)
            } else {
                Impossible
            };
            weakest(scalar_conversion(*a, *b), shape)
        }
        (Type::Vector(a, _), Type::Matrix(b, _, _))
        | (Type::Matrix(a, _, _), Type::Vector(b, _)) => {
            let shape = if from.components() == to.components() {
                ImplicitWarn(WarnKind::Reshape)
            } else {
                Impossible
            };
            weakest(scalar_conversion(*a, *b), shape)
        }
        (Type::Sampler(a), Type::Sampler(b)) => {
            if *a == SamplerKind::Generic || *b == SamplerKind::Generic {
                Implicit
            } else {
                Impossible
            }
        }
        (Type::Struct(s), Type::Struct(t)) if structs.is_interface(*t) => {
            if structs.implements(*s, *t) {
                Dynamic
            } else {
                Impossible
            }
        }
        (Type::Struct(s), _) => struct_source(*s, to, structs),
        (_, Type::Struct(t)) => struct_target(from, *t, structs),
        (Type::Array(e, n), Type::Array(f, m)) => array_to_array(e, *n, f, *m, structs),
        (Type::Array(e, Some(n)), Type::Vector(b, m))
        | (Type::Vector(b, m), Type::Array(e, Some(n))) => {
            let elem_ok = classify(e, &Type::Scalar(*b), structs).is_implicit()
                || classify(&Type::Scalar(*b), e, structs).is_implicit();
            if *n == u32::from(*m) && e.is_scalar() && elem_ok {
                ExplicitOnly
            } else {
                Impossible
            }
        }
        (Type::Array(e, Some(n)), Type::Matrix(b, r, c))
        | (Type::Matrix(b, r, c), Type::Array(e, Some(n))) => {
            if *n == u32::from(*r) && matches!(**e, Type::Vector(_, m) if m == *c) {
                weakest(
                    scalar_conversion(e.scalar().unwrap_or(*b), *b),
                    ExplicitOnly,
                )
            } else {
                Impossible
            }
        }
        _ => Impossible,
    }
}

/// The less permissive of two classifications (an element conversion combined with a shape one).
fn weakest(a: Conversion, b: Conversion) -> Conversion {
    fn strength(c: Conversion) -> u8 {
        match c {
            Conversion::Identical => 0,
            Conversion::Promotion => 1,
            Conversion::Dynamic => 2,
            Conversion::Implicit => 3,
            Conversion::ImplicitWarn(_) => 4,
            Conversion::ExplicitOnly => 5,
            Conversion::Impossible => 6,
        }
    }
    if strength(a) >= strength(b) {
        a
    } else {
        b
    }
}

/// Scalar to scalar: any numeric (or bool) type converts implicitly to any other; a compile-time
/// constant taking a run-time type is a promotion. Nothing converts to a compile-time type except
/// another compile-time type, and then only by a cast.
fn scalar_conversion(a: Scalar, b: Scalar) -> Conversion {
    if a == b {
        return Conversion::Identical;
    }
    if is_compile_time(b) {
        return if is_compile_time(a) {
            Conversion::ExplicitOnly
        } else {
            Conversion::Impossible
        };
    }
    let promotes = match a {
        Scalar::Cint => is_numeric(b),
        Scalar::Cfloat => is_floating(b),
        _ => false,
    };
    if promotes {
        Conversion::Promotion
    } else {
        Conversion::Implicit
    }
}

fn struct_source(s: StructId, to: &Type, structs: &dyn StructInfo) -> Conversion {
    let fields = structs.field_types(s);
    if let Type::Struct(t) = to {
        // Note (5): same member count, each member convertible.
        let targets = structs.field_types(*t);
        let ok = fields.len() == targets.len()
            && fields
                .iter()
                .zip(&targets)
                .all(|(a, b)| classify(a, b, structs).is_explicit());
        return if ok {
            Conversion::ExplicitOnly
        } else {
            Conversion::Impossible
        };
    }
    // Note (3): the first member must convert to the target.
    match fields.first() {
        Some(first) if classify(first, to, structs).is_explicit() => Conversion::ExplicitOnly,
        _ => Conversion::Impossible,
    }
}

fn struct_target(from: &Type, t: StructId, structs: &dyn StructInfo) -> Conversion {
    let fields = structs.field_types(t);
    let ok = match from {
        // "if the scalar type can be legally cast to every member of the structure"
        Type::Scalar(_) => {
            !fields.is_empty()
                && fields
                    .iter()
                    .all(|f| classify(from, f, structs).is_explicit())
        }
        // Note (4): a struct with a single field of the source type.
        _ => fields.len() == 1 && fields[0] == *from,
    };
    if ok {
        Conversion::ExplicitOnly
    } else {
        Conversion::Impossible
    }
}

fn array_to_array(
    e: &Type,
    n: Option<u32>,
    f: &Type,
    m: Option<u32>,
    structs: &dyn StructInfo,
) -> Conversion {
    if e == f && m.is_none() {
        return Conversion::Dynamic;
    }
    if n.is_some() && n == m && classify(e, f, structs).is_implicit() {
        return Conversion::ExplicitOnly;
    }
    Conversion::Impossible
}

/// The data direction of a parameter (or a `varying in/out` global).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Direction {
    #[default]
    In,
    Out,
    InOut,
}

impl Direction {
    pub fn is_output(self) -> bool {
        matches!(self, Direction::Out | Direction::InOut)
    }
    pub fn is_input(self) -> bool {
        matches!(self, Direction::In | Direction::InOut)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct NoStructs;
    impl StructInfo for NoStructs {
        fn field_types(&self, _: StructId) -> Vec<Type> {
            Vec::new()
        }
        fn is_interface(&self, _: StructId) -> bool {
            false
        }
        fn implements(&self, _: StructId, _: StructId) -> bool {
            false
        }
    }

    fn c(from: Type, to: Type) -> Conversion {
        classify(&from, &to, &NoStructs)
    }

    const F: Scalar = Scalar::Float;

    #[test]
    fn table_rows_for_vectors() {
        use Conversion::*;
        // Vector row: scalar A, vector A/W(1), matrix W(2).
        assert_eq!(c(Type::FLOAT, Type::Vector(F, 4)), Implicit);
        assert_eq!(
            c(Type::Vector(F, 4), Type::Vector(F, 3)),
            ImplicitWarn(WarnKind::Truncation)
        );
        assert_eq!(c(Type::Vector(F, 3), Type::Vector(F, 4)), Impossible);
        assert_eq!(
            c(Type::Matrix(F, 2, 2), Type::Vector(F, 4)),
            ImplicitWarn(WarnKind::Reshape)
        );
        assert_eq!(c(Type::Matrix(F, 2, 2), Type::Vector(F, 3)), Impossible);
        // Scalar row: vector W, matrix W.
        assert_eq!(
            c(Type::Vector(F, 4), Type::FLOAT),
            ImplicitWarn(WarnKind::ToScalar)
        );
        assert_eq!(
            c(Type::Matrix(F, 4, 4), Type::FLOAT),
            ImplicitWarn(WarnKind::ToScalar)
        );
        // Matrix row: smaller matrix W, larger impossible.
        assert_eq!(
            c(Type::Matrix(F, 4, 4), Type::Matrix(F, 3, 3)),
            ImplicitWarn(WarnKind::Truncation)
        );
        assert_eq!(c(Type::Matrix(F, 3, 3), Type::Matrix(F, 4, 4)), Impossible);
        // Array row: vector E(6), scalar -.
        assert_eq!(
            c(
                Type::Array(Box::new(Type::FLOAT), Some(4)),
                Type::Vector(F, 4)
            ),
            ExplicitOnly
        );
        assert_eq!(
            c(Type::Array(Box::new(Type::FLOAT), Some(4)), Type::FLOAT),
            Impossible
        );
    }

    #[test]
    fn compile_time_constants_promote() {
        assert_eq!(
            c(Type::CINT, Type::Scalar(Scalar::Half)),
            Conversion::Promotion
        );
        assert_eq!(
            c(Type::Scalar(Scalar::Cfloat), Type::Scalar(Scalar::Fixed)),
            Conversion::Promotion
        );
        assert_eq!(
            c(Type::Scalar(Scalar::Cfloat), Type::INT),
            Conversion::Implicit
        );
        assert_eq!(c(Type::FLOAT, Type::CINT), Conversion::Impossible);
    }

    #[test]
    fn samplers_are_compatible_only_with_the_generic_sampler() {
        let s = |k| Type::Sampler(k);
        assert_eq!(
            c(s(SamplerKind::Generic), s(SamplerKind::D2)),
            Conversion::Implicit
        );
        assert_eq!(
            c(s(SamplerKind::D1), s(SamplerKind::D2)),
            Conversion::Impossible
        );
        assert_eq!(
            c(s(SamplerKind::D2), Type::Vector(F, 4)),
            Conversion::Impossible
        );
    }

    #[test]
    fn usual_arithmetic_conversions() {
        use Scalar::*;
        assert_eq!(arithmetic_result(Cint, Half), Half);
        assert_eq!(arithmetic_result(Cfloat, Fixed), Fixed);
        assert_eq!(
            arithmetic_result(Cfloat, Int),
            Float,
            "the integral side becomes floating"
        );
        assert_eq!(arithmetic_result(Half, Float), Float);
        assert_eq!(arithmetic_result(Int, Half), Half);
        assert_eq!(arithmetic_result(Short, Long), Long);
        assert_eq!(arithmetic_result(Int, UnsignedInt), UnsignedInt);
        assert_eq!(arithmetic_result(Cint, Cfloat), Cfloat);
    }
}
