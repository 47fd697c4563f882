//! The builder: regions open and close like brackets, result types come from the operands, misuse is
//! reported instead of panicking; and run_pass catches a pass that breaks the IR.

use pigment_ir::pass::{run_pass, Pass};
use pigment_ir::*;

#[test]
fn builds_regions_and_infers_types() {
    let mut b = FunctionBuilder::new("main");
    let uv = b.input("uv", Type::FLOAT2, Some("TEXCOORD0"));
    let n = b.uniform("n", Type::INT, None, None);
    let s = b.sampler("s", SamplerDim::D2, None);
    let color = b.output("color", Type::FLOAT4, Some("COLOR"));
    let uv = b.load_input(uv);
    let texel = b.sample(s, SampleForm::Plain, uv);
    let x = b.extract(texel, 0);
    let half_ = b.float(&[0.5]);
    let small = b.binary(Op::Lt, x, half_);
    b.begin_if(small, &[Type::FLOAT4]);
    let dark = b.mul(texel, texel);
    b.yield_(&[dark]);
    b.begin_else();
    b.yield_(&[texel]);
    let shaded = b.end_if();
    let count = b.load_uniform(n, None);
    let zero = b.int(0);
    let one = b.int(1);
    let params = b.begin_loop(&[zero, shaded[0]], &[Type::FLOAT4]);
    let done = b.binary(Op::Ge, params[0], count);
    b.begin_if(done, &[]);
    b.break_(&[params[1]]);
    b.end_if();
    let next = b.add(params[0], one);
    let sum = b.add(params[1], texel);
    b.continue_(&[next, sum]);
    let result = b.end_loop();
    b.begin_switch(count, &[]);
    b.begin_case(&[0]);
    b.discard();
    b.begin_default();
    b.end_switch();
    b.store(color, WriteMask::all(4), result[0]);
    let f = b.finish().expect("balanced");
    let mut m = Module::new();
    m.functions.append(f);
    verify(&m).expect("valid");
    let expected = "fn main(
    in $uv: float2 @TEXCOORD0,
    uniform $n: int,
    sampler $s: sampler2d,
    out $color: float4 @COLOR,
) {
  %0: float2 = input $uv
  %1: float4 = tex $s, %0
  %2: float = swizzle %1.x
  %3: float = const 0.5
  %4: bool = lt %2, %3
  %5: float4 = if %4 {
    %6: float4 = mul %1, %1
    yield %6
  } else {
    yield %1
  }
  %7: int = uniform $n
  %8: int = const 0
  %9: int = const 1
  %10: float4 = loop (%11: int = %8, %12: float4 = %5) {
    %13: bool = ge %11, %7
    if %13 {
      break %12
    }
    %14: int = add %11, %9
    %15: float4 = add %12, %1
    continue %14, %15
  }
  switch %7 {
  case 0 {
    discard
  }
  default {
  }
  }
  store $color.xyzw, %10
}
";
    assert_eq!(print(&m), expected);
}

#[test]
fn misuse_is_reported() {
    let mut b = FunctionBuilder::new("f");
    b.begin_else();
    let e = b.end_loop();
    assert!(e.is_empty());
    let c = b.bool(true);
    b.begin_if(c, &[]);
    let errors = b.finish().expect_err("misused");
    assert_eq!(
        errors,
        vec![
            "`begin_else` without an open then-branch".to_string(),
            "`end_loop` does not match the open region".to_string(),
            "1 region(s) left open".to_string(),
        ]
    );
}

#[test]
fn ill_typed_operations_are_left_for_the_verifier() {
    let mut b = FunctionBuilder::new("f");
    let x = b.float(&[1.0]);
    let i = b.int(1);
    b.add(x, i);
    let mut m = Module::new();
    m.functions.append(b.finish().expect("balanced"));
    let errors = verify(&m).expect_err("ill-typed");
    assert_eq!(
        errors[0].message,
        "`add` operands must have one type, found float and int"
    );
}

/// A pass that retypes every value as bool, which the verifier rejects.
struct Breaker;

impl Pass for Breaker {
    fn name(&self) -> &'static str {
        "breaker"
    }
    fn run(&mut self, func: &mut Function) -> bool {
        for (h, _) in func.values.clone().iter() {
            func.values[h].ty = Type::BOOL;
        }
        true
    }
}

#[test]
fn run_pass_reports_a_pass_that_breaks_the_ir() {
    let mut m = parse("fn f(out $o: float) {\n  %0: float = const 1.0\n  store $o, %0\n}\n")
        .expect("parses");
    let e = run_pass(&mut m, &mut Breaker).expect_err("broken");
    assert_eq!(e.pass, "breaker");
    assert_eq!(
        e.errors[0].message,
        "result declared bool, but the instruction gives float"
    );
}

/// Interface entities record the entry parameter current when they were declared, and their
/// declaration order across kinds, which the text form keeps.
#[test]
fn entities_record_their_parameter_and_declaration_order() {
    let mut b = FunctionBuilder::new("main");
    b.set_param(Some(0));
    let uv = b.input("uv", Type::FLOAT2, Some("TEXCOORD0"));
    let size = b.uniform("IN$size", Type::FLOAT2, None, None);
    b.set_param(Some(1));
    let s = b.sampler("s", SamplerDim::D2, None);
    b.set_param(None);
    let tint = b.uniform("tint", Type::FLOAT4, None, None);
    let color = b.output("main", Type::FLOAT4, Some("COLOR"));
    let white = b.float(&[1.0, 1.0, 1.0, 1.0]);
    b.store(color, WriteMask::all(4), white);
    let f = b.finish().expect("balanced");
    assert_eq!(
        f.interface(),
        vec![
            InterfaceEntity::Input(uv),
            InterfaceEntity::Uniform(size),
            InterfaceEntity::Sampler(s),
            InterfaceEntity::Uniform(tint),
            InterfaceEntity::Output(color),
        ]
    );
    let params: Vec<Option<u32>> = f
        .interface()
        .into_iter()
        .map(|e| f.origin(e).param)
        .collect();
    assert_eq!(params, vec![Some(0), Some(0), Some(1), None, None]);
    let mut m = Module::new();
    m.functions.append(f);
    let text = print(&m);
    assert!(text.contains("    uniform $IN$size: float2 param 0,\n    sampler $s: sampler2d param 1,\n    uniform $tint: float4,\n"), "{text}");
    assert_eq!(parse(&text).expect("parses"), m);
}

/// A constant asked for again is the value defined before wherever that one dominates (its block
/// and the blocks nested in it), and a new instruction where it does not (a sibling branch, or
/// after the block it was defined in closed); the function stays valid either way.
#[test]
fn a_repeated_constant_is_one_value_where_the_first_dominates() {
    let mut b = FunctionBuilder::new("main");
    let n = b.uniform("n", Type::INT, None, None);
    let color = b.output("color", Type::FLOAT4, Some("COLOR"));
    let outer = b.float(&[0.5]);
    assert_eq!(b.float(&[0.5]), outer, "same block");
    assert_ne!(b.float(&[-0.5]), outer, "another constant");
    let count = b.load_uniform(n, None);
    let zero = b.int(0);
    let positive = b.binary(Op::Gt, count, zero);
    b.begin_if(positive, &[Type::FLOAT]);
    assert_eq!(
        b.float(&[0.5]),
        outer,
        "a nested block sees the enclosing one's"
    );
    let then_only = b.float(&[2.0]);
    assert_eq!(b.float(&[2.0]), then_only);
    b.yield_(&[then_only]);
    b.begin_else();
    let else_own = b.float(&[2.0]);
    assert_ne!(
        else_own, then_only,
        "the then-branch's does not dominate the else-branch"
    );
    b.yield_(&[else_own]);
    let picked = b.end_if();
    let after = b.float(&[2.0]);
    assert_ne!(after, then_only, "out of scope once its block closed");
    assert_ne!(after, else_own, "out of scope once its block closed");
    let sum = b.add(picked[0], after);
    let color4 = b.splat(sum, 4);
    b.store(color, WriteMask::all(4), color4);
    let f = b.finish().expect("balanced");
    let consts = f
        .body
        .insts
        .iter()
        .filter(|i| matches!(i.kind, InstKind::Const(_)))
        .count();
    assert_eq!(
        consts, 4,
        "0.5, -0.5, 0 and the 2 after the if, in the outer block"
    );
    let mut m = Module::new();
    m.functions.append(f);
    verify(&m).expect("valid");
}
