//! The values an IR function's uniforms hold before anyone sets them, as Pigment's renderers and
//! pages use them: each uniform's default, and the identity for a matrix without one (as
//! `pigment render` and the web page set them).

use pigment_ir::{Function, ScalarKind, Type, Vector};

/// Every uniform's starting value, element by element, in the function's uniform order.
pub fn initial_values(func: &Function) -> Vec<Vec<Vector>> {
    let mut values = func.initial_uniforms();
    for ((_, u), elements) in func.uniforms.iter().zip(values.iter_mut()) {
        if u.matrix && u.default.is_none() {
            for (row, e) in elements.iter_mut().enumerate() {
                let mut v = [0.0; 4];
                if row < 4 {
                    v[row] = 1.0;
                }
                *e = typed(u.ty, v);
            }
        }
    }
    values
}

/// A value of type `ty` from the first components of `v`.
pub fn typed(ty: Type, v: [f32; 4]) -> Vector {
    let v = &v[..ty.width as usize];
    match ty.kind {
        ScalarKind::Int => Vector::ints(&v.iter().map(|&x| x as i32).collect::<Vec<_>>()),
        ScalarKind::Bool => Vector::bools(&v.iter().map(|&x| x != 0.0).collect::<Vec<_>>()),
        kind => Vector::reals(kind, v),
    }
}
