//! Uniform defaults and matrix marks: what the verifier requires of them, how the text form writes
//! them, and that an interpreter run with no values from the application sees the defaults.

use pigment_ir::interp::{run_fragment, NoTextures};
use pigment_ir::*;

fn messages(text: &str) -> Vec<String> {
    let module = parse(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    match verify(&module) {
        Ok(()) => Vec::new(),
        Err(errors) => errors.into_iter().map(|e| e.message).collect(),
    }
}

#[test]
fn a_default_has_one_value_of_the_uniform_type_per_element() {
    assert_eq!(
        messages("fn f(uniform $u: float2[2] = [1.0, 2.0]) {\n}\n"),
        vec!["uniform `$u` has 2 element(s) but a default of 1"]
    );
    assert_eq!(
        messages("fn f(uniform $u: float = [1.0] [2.0]) {\n}\n"),
        vec!["uniform `$u` has 1 element(s) but a default of 2"]
    );
    // 0.1 is no fp16 value: a half default must already be rounded to half.
    assert_eq!(
        messages("fn f(uniform $u: half = [0.1]) {\n}\n"),
        vec!["the default of uniform `$u` is not a valid half value"]
    );
    assert!(messages("fn f(uniform $u: half = [0.099975586]) {\n}\n").is_empty());
}

#[test]
fn a_built_default_of_another_type_is_refused() {
    let mut b = FunctionBuilder::new("f");
    let u = b.uniform("u", Type::FLOAT2, None, None);
    b.uniform_default(u, vec![Vector::floats(&[1.0, 2.0, 3.0])]);
    let func = b.function().clone();
    let errors: Vec<String> = verify_function(&func)
        .into_iter()
        .map(|e| e.message)
        .collect();
    assert_eq!(
        errors,
        vec!["the default of uniform `$u` is not a valid float2 value"]
    );
}

#[test]
fn only_arrays_are_matrices() {
    let mut b = FunctionBuilder::new("f");
    let u = b.uniform("m", Type::FLOAT4, None, None);
    b.uniform_is_matrix(u);
    let errors: Vec<String> = verify_function(b.function())
        .into_iter()
        .map(|e| e.message)
        .collect();
    assert_eq!(errors, vec!["uniform `$m` is a matrix but not an array"]);
    // The text form has no way to write one: `matrix` only follows an array length.
    assert!(parse("fn f(uniform $m: float4 matrix) {\n}\n").is_err());
}

#[test]
fn defaults_parse_to_their_values() {
    let module = parse(
        "fn f(uniform $M: float2[2] matrix = [1.0, 2.0] [3.0, -0.5], uniform $IN$size: int2) {\n}\n",
    )
    .expect("parses");
    let func = &module.functions[Handle::from_index(0)];
    let m = &func.uniforms[func.uniform("M").expect("$M")];
    assert!(m.matrix);
    assert_eq!(
        m.default,
        Some(vec![
            Vector::floats(&[1.0, 2.0]),
            Vector::floats(&[3.0, -0.5])
        ])
    );
    // `$` joins the parts of a path inside one entity name.
    let size = &func.uniforms[func.uniform("IN$size").expect("$IN$size")];
    assert_eq!(size.default, None);
    assert!(!size.matrix);
}

#[test]
fn a_uniform_without_a_default_starts_at_zero() {
    let module = parse("fn f(uniform $a: float3, uniform $b: bool[2] = [true] [false]) {\n}\n")
        .expect("parses");
    let func = &module.functions[Handle::from_index(0)];
    assert_eq!(
        func.initial_uniforms(),
        vec![
            vec![Vector::floats(&[0.0, 0.0, 0.0])],
            vec![Vector::bools(&[true]), Vector::bools(&[false])]
        ]
    );
}

#[test]
fn the_interpreter_sees_the_defaults_when_the_application_gives_none() {
    let text = "fn main(uniform $g: float2 = [18.0, -1.5], uniform $k: float[2] = [2.0] [0.25], out $o: float4 @COLOR) {\n  %0: float2 = uniform $g\n  %1: float = uniform $k[1]\n  %2: float = uniform $k[0]\n  %3: float4 = construct %0, %1, %2\n  store $o, %3\n}\n";
    let module = parse(text).expect("parses");
    verify(&module).expect("verifies");
    let func = &module.functions[Handle::from_index(0)];
    let r = run_fragment(func, &[], &func.initial_uniforms(), &mut NoTextures).expect("runs");
    assert_eq!(r.outputs[0].value.to_f32s(), vec![18.0, -1.5, 0.25, 2.0]);
}
