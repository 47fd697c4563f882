//! A pass's `#pragma parameter` uniforms fixed to their values: where a pass compiled with
//! `PARAMETER_UNIFORM` (as RetroArch compiles it) does not fit a profile, its parameter uniforms
//! become constants of the values the preset and the user chose, which the optimiser folds as it
//! folds the macros of the `#else` branch, so the pass keeps the preset's values, not the
//! shader's fallback ones.

use pigment_ir::{walk_mut, Function, InstKind, ScalarKind, Vector};

/// Replaces every load of a non-array real uniform named in `values` by a constant of its value
/// (splatted to the uniform's width); returns the names of the uniforms fixed.
pub fn fix_uniforms(func: &mut Function, values: &[(String, f32)]) -> Vec<String> {
    let fixed: Vec<(pigment_ir::Handle<pigment_ir::Uniform>, Vector, String)> = func
        .uniforms
        .iter()
        .filter(|(_, u)| u.array_len.is_none() && is_real(u.ty.kind))
        .filter_map(|(h, u)| {
            let (_, v) = values.iter().find(|(n, _)| *n == u.name)?;
            let splat = vec![*v; usize::from(u.ty.width)];
            Some((h, Vector::reals(u.ty.kind, &splat), u.name.clone()))
        })
        .collect();
    walk_mut(&mut func.body, &mut |inst| {
        if let InstKind::LoadUniform {
            uniform,
            index: None,
        } = &inst.kind
        {
            if let Some((_, v, _)) = fixed.iter().find(|(h, _, _)| h == uniform) {
                inst.kind = InstKind::Const(*v);
            }
        }
    });
    fixed.into_iter().map(|(_, _, name)| name).collect()
}

fn is_real(kind: ScalarKind) -> bool {
    matches!(
        kind,
        ScalarKind::Float | ScalarKind::Half | ScalarKind::Fixed
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A function of one uniform `GAIN` returned as the colour, from the IR's text form.
    fn gain_function() -> Function {
        let text = "fn main(uniform $GAIN: float, out $c: float4 @COLOR) {
  %0: float = uniform $GAIN
  %1: float4 = construct %0, %0, %0, %0
  store $c, %1
}
";
        let module = pigment_ir::text::parse(text).expect("the IR text parses");
        module.functions[pigment_ir::Handle::from_index(0)].clone()
    }

    #[test]
    fn a_parameter_uniform_becomes_its_value() {
        let mut func = gain_function();
        let fixed = fix_uniforms(&mut func, &[("GAIN".into(), 0.5), ("OTHER".into(), 2.0)]);
        assert_eq!(fixed, vec!["GAIN".to_string()]);
        let mut consts = Vec::new();
        pigment_ir::walk(&func.body, &mut |inst| {
            assert!(!matches!(inst.kind, InstKind::LoadUniform { .. }));
            if let InstKind::Const(v) = &inst.kind {
                consts.push(v.f32(0));
            }
        });
        assert_eq!(consts, vec![0.5]);
    }
}
