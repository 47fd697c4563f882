//! The built-in functions of section VIII, with their signatures. The uniform and parameter
//! overloads of each maths function are one entry: the result has the highest class of the
//! arguments. `texture`, `environment` and `project` lost their signatures; the notes give them a
//! uniform string name or a parameter float/colour array, then an optional parameter matrix
//! (`texture` may take its optional float `texgen` before the matrix, as its text describes).

use super::types::Kind;

/// How a built-in's arguments are checked.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Sig {
    /// Uniform or parameter arguments of these kinds; the result kind; class the highest given.
    Maths(&'static [Kind], Kind),
    /// `spline(x; c[])`: a colour or float array; the result is its element kind.
    Spline,
    /// A texture source, then optional `texgen` (if `bool`) and matrix; a varying colour.
    Texture(bool),
    /// Fixed argument types, a varying colour result.
    Varying(&'static [Arg]),
}

/// An argument of a varying built-in.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Arg {
    ParamMatrix,
    ParamFloat,
    /// A parameter float or colour array (`lookup`).
    ParamTable,
    VaryingColor,
}

use Kind::{Float as F, Matrix as M};

const F1: &[Kind] = &[F];
const F2: &[Kind] = &[F, F];
const F3: &[Kind] = &[F, F, F];
const F4: &[Kind] = &[F, F, F, F];

/// Every overload of `name` (empty if it is no built-in).
pub(crate) fn lookup(name: &str) -> &'static [Sig] {
    match name {
        "abs" | "acos" | "asin" | "ceil" | "cos" | "exp" | "floor" | "log" | "round" | "sign"
        | "sin" | "sqrt" | "tan" => &[Sig::Maths(F1, F)],
        "atan" => &[Sig::Maths(F1, F), Sig::Maths(F2, F)],
        "max" | "min" | "mod" | "pow" | "step" => &[Sig::Maths(F2, F)],
        "clamp" | "smoothstep" => &[Sig::Maths(F3, F)],
        "inverse" => &[Sig::Maths(&[M], M)],
        "perspective" => &[Sig::Maths(F1, M)],
        "rotate" => &[Sig::Maths(F4, M)],
        "scale" | "translate" => &[Sig::Maths(F3, M)],
        "spline" => &[Sig::Spline],
        "texture" => &[Sig::Texture(true)],
        "environment" | "project" => &[Sig::Texture(false)],
        "transform" => &[Sig::Varying(&[Arg::ParamMatrix])],
        "lookup" => &[Sig::Varying(&[Arg::ParamTable])],
        "blend" | "over" | "under" => &[Sig::Varying(&[Arg::VaryingColor])],
        "ambient" | "diffuse" => &[Sig::Varying(&[])],
        "specular" => &[Sig::Varying(&[Arg::ParamFloat])],
        _ => &[],
    }
}

pub(crate) fn is_builtin(name: &str) -> bool {
    !lookup(name).is_empty() || matches!(name, "color" | "matrix")
}
