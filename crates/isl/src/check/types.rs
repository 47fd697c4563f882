//! The checker's types: a class (uniform, parameter, varying) and a kind (float, color, matrix,
//! string, relation), maybe an array; and the promotion rule of the notes: only upwards, uniform →
//! parameter → varying, float → color (all four channels), float → matrix (float × identity).

use crate::ast::{Base, Class, TypeSpec};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Float,
    Color,
    Matrix,
    String,
    /// The result of a comparison: only a condition (`if`) or an operand of `&&`, `||`, `!`.
    Relation,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ty {
    pub class: Class,
    pub kind: Kind,
    pub array: bool,
}

impl Ty {
    pub const fn new(class: Class, kind: Kind) -> Ty {
        Ty {
            class,
            kind,
            array: false,
        }
    }

    pub fn of_spec(spec: TypeSpec, array: bool) -> Ty {
        let kind = match spec.base {
            Base::Float => Kind::Float,
            Base::Color => Kind::Color,
            Base::Matrix => Kind::Matrix,
            Base::String => Kind::String,
        };
        Ty {
            class: spec.class,
            kind,
            array,
        }
    }

    pub fn is_numeric(self) -> bool {
        !self.array && matches!(self.kind, Kind::Float | Kind::Color | Kind::Matrix)
    }
}

pub const VARYING_COLOR: Ty = Ty::new(Class::Varying, Kind::Color);
pub const UNIFORM_FLOAT: Ty = Ty::new(Class::Uniform, Kind::Float);

/// True when a value of type `from` may be used where `to` is expected (promotion only upwards).
pub fn fits(from: Ty, to: Ty) -> bool {
    kind_fits(from, to) && from.class <= to.class
}

/// The kind part of [`fits`]: the same kind, or a single float widened to a colour or matrix. A
/// varying value is always a colour (a channel of `FB` exists only inside a relation).
pub fn kind_fits(from: Ty, to: Ty) -> bool {
    if from.array != to.array || (from.class == Class::Varying && from.kind != Kind::Color) {
        return false;
    }
    from.kind == to.kind
        || (!from.array
            && from.kind == Kind::Float
            && matches!(to.kind, Kind::Color | Kind::Matrix))
}

/// The message for a value of type `found` where `expected` is needed.
pub fn mismatch(found: Ty, expected: Ty) -> String {
    if kind_fits(found, expected) {
        format!(
            "a {found} value cannot become {expected} (promotion only goes uniform → parameter → varying)"
        )
    } else {
        format!("expected {expected}, found {found}")
    }
}

pub fn class_name(c: Class) -> &'static str {
    match c {
        Class::Uniform => "uniform",
        Class::Parameter => "parameter",
        Class::Varying => "varying",
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Float => "float",
            Kind::Color => "color",
            Kind::Matrix => "matrix",
            Kind::String => "string",
            Kind::Relation => "relation",
        })
    }
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", class_name(self.class), self.kind)?;
        if self.array {
            f.write_str("[]")?;
        }
        Ok(())
    }
}
