//! Uniform defaults as fp30 writes them (fp30-profile.md sections 3 and 7): a uniform with an
//! initializer gets `DECLARE name = {v0,...};` for each element the program reads, so the machine
//! starts with the value, and a `#default NAME = v0 ...` header line per element, so tools that
//! set parameters by name start from it too. Values are written as the parameter holds them: reals
//! as they are (already rounded to the uniform's kind), ints as floats, bools as 1 and 0.

use crate::diag::error_at;
use crate::header::ValueLine;
use pigment_diag::{Diagnostic, Span};
use pigment_ir::{Function, ScalarKind, Uniform, Vector};

/// The components of one element as the local parameter holds them (width of them).
pub fn parameter_values(v: &Vector) -> Vec<f32> {
    (0..v.width())
        .map(|i| match v.ty.kind {
            ScalarKind::Bool => v.bits[i] as f32,
            ScalarKind::Int => v.i32(i) as f32,
            _ => v.f32(i),
        })
        .collect()
}

/// The default of element `element` (`None` for a non-array) of `u`, if it has one.
pub fn element_default(u: &Uniform, element: Option<u32>) -> Option<Vec<f32>> {
    let values = u.default.as_ref()?;
    values
        .get(element.unwrap_or(0) as usize)
        .map(parameter_values)
}

/// The initial value of a DECLARE: `{v0, ...}` with the element's components.
pub fn declare_value(values: &[f32]) -> nvfp::syntax::ast::ConstValue {
    use nvfp::syntax::ast::{ConstValue, ScalarConst};
    let items = values
        .iter()
        .map(|&v| ScalarConst::Number(v, Span::default()))
        .collect();
    ConstValue::Vector(items, Span::default())
}

/// `#default` lines, one per element of every uniform with a default (referenced or not, as cgc
/// prints them), named by `element_name`.
pub fn default_lines(
    func: &Function,
    element_name: impl Fn(&Uniform, Option<u32>) -> String,
) -> Vec<ValueLine> {
    let mut lines = Vec::new();
    for (_, u) in func.uniforms.iter() {
        for element in elements(u) {
            if let Some(values) = element_default(u, element) {
                lines.push(ValueLine {
                    name: element_name(u, element),
                    values,
                });
            }
        }
    }
    lines
}

/// The element indices of `u`: `[None]` for a non-array, `[Some(0), ...]` for an array.
pub fn elements(u: &Uniform) -> Vec<Option<u32>> {
    match u.array_len {
        Some(n) => (0..n).map(Some).collect(),
        None => vec![None],
    }
}

/// Defaults NV_fragment_program cannot write: a NaN has no spelling in the language.
pub fn check_defaults(func: &Function) -> Vec<Diagnostic> {
    func.uniforms
        .iter()
        .filter(|(_, u)| {
            u.default
                .iter()
                .flatten()
                .any(|v| parameter_values(v).iter().any(|x| x.is_nan()))
        })
        .map(|(_, u)| {
            error_at(
                None,
                format!(
                    "uniform `{}`: its default holds a NaN, which NV_fragment_program cannot write",
                    u.name
                ),
            )
        })
        .collect()
}
