//! Every `half` and `fixed` of a function made `float`: ARB_fragment_program computes in fp32 only
//! (it has no H and X precisions), so the arbfp1 back end compiles the function as if the source
//! had said `float` everywhere. Constants and defaults keep their values (every fp16 and fx12
//! value is an f32), and conversions between the real kinds become float-to-float copies.

use pigment_ir::{walk_mut, Function, InstKind, Op, ScalarKind, Type, Vector};

fn promoted(kind: ScalarKind) -> ScalarKind {
    match kind {
        ScalarKind::Half | ScalarKind::Fixed => ScalarKind::Float,
        k => k,
    }
}

fn ty(t: Type) -> Type {
    t.with_kind(promoted(t.kind))
}

fn vector(v: &mut Vector) {
    v.ty = ty(v.ty);
}

/// Rewrites `func` in place.
pub fn promote_to_float(func: &mut Function) {
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
        } => *kind = promoted(*kind),
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
