//! [`Val`]: what a Cg value becomes in the IR. The IR has only vectors of 1-4 components, so a
//! matrix is its rows, a struct its members and an array its elements; samplers are interface
//! handles, not values. The IR values inside a `Val` are its *leaves*: control-flow regions carry
//! exactly those (see `stmt.rs`).

use crate::check::types::{Scalar, Type as CgType};
use pigment_ir::{Handle, Sampler, ScalarKind, Type, Uniform, Value};

/// A lowered Cg value.
#[derive(Clone, Debug, PartialEq)]
pub enum Val {
    /// A scalar or a vector (Cg `float` and `float1` are both width 1).
    Vec(Value),
    /// A matrix: one value per row, each as wide as the matrix has columns.
    Mat(Vec<Value>),
    /// Struct members in declaration order.
    Struct(Vec<Val>),
    /// Array elements. `Some(u)` while the array is still the uniform array `u` of vectors, so that
    /// an index computed at run time can read `uniform $u[%i]`.
    Array(Vec<Val>, Option<Handle<Uniform>>),
    Sampler(Handle<Sampler>),
}

impl Val {
    /// The IR values inside, in a fixed order (members and elements in order, rows top down).
    pub fn leaves(&self) -> Vec<Value> {
        let mut out = Vec::new();
        self.collect_leaves(&mut out);
        out
    }

    fn collect_leaves(&self, out: &mut Vec<Value>) {
        match self {
            Val::Vec(v) => out.push(*v),
            Val::Mat(rows) => out.extend(rows.iter().copied()),
            Val::Struct(items) | Val::Array(items, _) => {
                for item in items {
                    item.collect_leaves(out);
                }
            }
            Val::Sampler(_) => {}
        }
    }

    /// The same shape with its leaves replaced, in [`Val::leaves`] order, from `values`. A rebuilt
    /// array is a copy: it no longer reads the uniform array directly.
    pub fn rebuild(&self, values: &mut impl Iterator<Item = Value>) -> Val {
        match self {
            Val::Vec(v) => Val::Vec(values.next().unwrap_or(*v)),
            Val::Mat(rows) => Val::Mat(rows.iter().map(|&r| values.next().unwrap_or(r)).collect()),
            Val::Struct(items) => Val::Struct(items.iter().map(|i| i.rebuild(values)).collect()),
            Val::Array(items, origin) => {
                let rebuilt: Vec<Val> = items.iter().map(|i| i.rebuild(values)).collect();
                let same = rebuilt == *items;
                Val::Array(rebuilt, if same { *origin } else { None })
            }
            Val::Sampler(s) => Val::Sampler(*s),
        }
    }

    /// The single IR value of a scalar or vector.
    pub fn vector(&self) -> Option<Value> {
        match self {
            Val::Vec(v) => Some(*v),
            _ => None,
        }
    }
}

/// The IR kind of a Cg scalar type. The compile-time types compute like their run-time
/// counterparts (`cint` as `int`, `cfloat` as `float`); `double` is `float` (no profile has more).
pub fn kind_of(s: Scalar) -> ScalarKind {
    match s {
        Scalar::Bool => ScalarKind::Bool,
        Scalar::Float | Scalar::Double | Scalar::Cfloat => ScalarKind::Float,
        Scalar::Half => ScalarKind::Half,
        Scalar::Fixed => ScalarKind::Fixed,
        Scalar::Char
        | Scalar::Short
        | Scalar::Int
        | Scalar::Long
        | Scalar::UnsignedChar
        | Scalar::UnsignedShort
        | Scalar::UnsignedInt
        | Scalar::UnsignedLong
        | Scalar::Cint => ScalarKind::Int,
    }
}

/// The IR type of a Cg scalar or vector; a matrix gives the type of one row.
pub fn ir_type(ty: &CgType) -> Option<Type> {
    match *ty {
        CgType::Scalar(s) => Some(Type::new(kind_of(s), 1)),
        CgType::Vector(s, n) => Some(Type::new(kind_of(s), n)),
        CgType::Matrix(s, _, c) => Some(Type::new(kind_of(s), c)),
        _ => None,
    }
}
