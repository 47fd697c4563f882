//! Every `half` and `fixed` of a function made `float`: ARB_fragment_program computes in fp32 only
//! (it has no H and X precisions), so the arbfp1 back end compiles the function as if the source
//! had said `float` everywhere. Constants and defaults keep their values (every fp16 and fx12
//! value is an f32), and conversions between the real kinds become float-to-float copies.

use pigment_ir::{walk_mut, Function, InstKind, Op, ScalarKind, Type, Vector};

/// Which kinds become `float`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Promote {
    /// `half` and `fixed`.
    HalfAndFixed,
    /// `fixed` only: the back end rounds `half` results to fp16 itself
    /// ([`crate::from_nv::Style::half_rounding`]).
    Fixed,
}

fn promoted(kind: ScalarKind, which: Promote) -> ScalarKind {
    match (kind, which) {
        (ScalarKind::Half, Promote::HalfAndFixed) | (ScalarKind::Fixed, _) => ScalarKind::Float,
        (k, _) => k,
    }
}

/// Rewrites `func` in place, making every `half` and `fixed` a `float`.
pub fn promote_to_float(func: &mut Function) {
    promote(func, Promote::HalfAndFixed);
}

/// Rewrites `func` in place, making the kinds `which` says `float`.
pub fn promote(func: &mut Function, which: Promote) {
    let ty = |t: Type| t.with_kind(promoted(t.kind, which));
    let vector = |v: &mut Vector| v.ty = ty(v.ty);
    for (_, info) in func.values.iter_mut() {
        info.ty = ty(info.ty);
    }
    for (_, i) in func.inputs.iter_mut() {
        i.ty = ty(i.ty);
    }
    for (_, o) in func.outputs.iter_mut() {
        o.ty = ty(o.ty);
    }
    for (_, u) in func.uniforms.iter_mut() {
        u.ty = ty(u.ty);
        for v in u.default.iter_mut().flatten() {
            vector(v);
        }
    }
    walk_mut(&mut func.body, &mut |inst| match &mut inst.kind {
        InstKind::Const(v) => vector(v),
        InstKind::Op {
            op: Op::Cvt(kind), ..
        } => *kind = promoted(*kind, which),
        _ => {}
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_and_fixed_become_float_and_the_function_still_verifies() {
        let text =
            "fn main(in $c: half4 @COLOR0, uniform $k: fixed = [0.5], out $o: half4 @COLOR) {
  %0: half4 = input $c
  %1: fixed = uniform $k
  %2: half = cvt %1
  %3: half4 = swizzle %2.xxxx
  %4: half4 = mul %0, %3
  %5: half4 = const 0.25, 0.25, 0.25, 0.25
  %6: half4 = add %4, %5
  store $o, %6
}
";
        let module = pigment_ir::parse(text).unwrap();
        let mut f = module.functions.iter().next().unwrap().1.clone();
        promote_to_float(&mut f);
        assert!(
            pigment_ir::verify_function(&f).is_empty(),
            "{:?}",
            pigment_ir::verify_function(&f)
        );
        let printed = pigment_ir::print_function(&f);
        assert!(
            !printed.contains("half") && !printed.contains("fixed"),
            "{printed}"
        );
        assert!(printed.contains("uniform $k: float = [0.5]"), "{printed}");
    }
}
