//! The values of lowering: a uniform or parameter float, colour or matrix is a list of 1, 4 or 16
//! scalars, each known now (a uniform: a constant) or an IR float scalar (a parameter); strings
//! and arrays are held as such; a varying colour is a float4 IR value. Promotion follows the notes:
//! a float becomes a colour on all four channels and a matrix as float × identity.

use pigment_ir::Value;

/// One scalar: known at lowering time, or computed by the IR.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum S {
    K(f32),
    V(Value),
}

#[derive(Clone, Debug)]
pub(crate) enum Val {
    /// A float (1), colour (4) or matrix (16, row-major).
    Num(Vec<S>),
    Str(String),
    Array(Vec<Val>),
    /// A varying colour: a float4 IR value.
    Varying(Value),
}

impl Val {
    pub(crate) fn float(x: f32) -> Val {
        Val::Num(vec![S::K(x)])
    }

    /// The constants of a value known at lowering time.
    pub(crate) fn known(&self) -> Option<Vec<f32>> {
        match self {
            Val::Num(c) => c
                .iter()
                .map(|s| match s {
                    S::K(x) => Some(*x),
                    S::V(_) => None,
                })
                .collect(),
            _ => None,
        }
    }
}

/// `x` as a colour: a float on all four channels.
pub(crate) fn widen_color(c: Vec<S>) -> Vec<S> {
    if c.len() == 1 {
        vec![c[0]; 4]
    } else {
        c
    }
}

/// `x` as a matrix: a float times the identity.
pub(crate) fn widen_matrix(c: Vec<S>) -> Vec<S> {
    if c.len() != 1 {
        return c;
    }
    (0..16)
        .map(|i| if i % 5 == 0 { c[0] } else { S::K(0.0) })
        .collect()
}

/// A zero value of `base` (a declaration without initialiser).
pub(crate) fn zero(base: crate::ast::Base) -> Val {
    use crate::ast::Base;
    match base {
        Base::Float => Val::float(0.0),
        Base::Color => Val::Num(vec![S::K(0.0); 4]),
        Base::Matrix => Val::Num(vec![S::K(0.0); 16]),
        Base::String => Val::Str(String::new()),
    }
}

/// `v` promoted to a variable of `base`.
pub(crate) fn promote(v: Val, base: crate::ast::Base) -> Val {
    use crate::ast::Base;
    match (v, base) {
        (Val::Num(c), Base::Color) => Val::Num(widen_color(c)),
        (Val::Num(c), Base::Matrix) => Val::Num(widen_matrix(c)),
        (v, _) => v,
    }
}
