//! Every verifier rule, each broken once; plus a check that all errors are collected.

use pigment_ir::*;

/// The verifier's messages for the module in `text` (which must parse).
fn messages(text: &str) -> Vec<String> {
    let module = parse(text).unwrap_or_else(|e| panic!("{e:?}"));
    match verify(&module) {
        Ok(()) => Vec::new(),
        Err(es) => es.into_iter().map(|e| e.message).collect(),
    }
}

fn assert_one(text: &str, expected: &str) {
    assert_eq!(messages(text), vec![expected.to_string()], "{text}");
}

#[test]
fn valid_module_verifies() {
    assert!(messages(
        "fn f(in $a: float, out $o: float) {\n  %0: float = input $a\n  store $o, %0\n}\n"
    )
    .is_empty());
}

#[test]
fn operand_types_must_match_the_signature() {
    assert_one(
        "fn f() {\n  %0: float = const 1.0\n  %1: half = const 1.0\n  %2: float = add %0, %1\n}\n",
        "`add` operands must have one type, found float and half",
    );
    assert_one(
        "fn f() {\n  %0: bool = const true\n  %1: bool = add %0, %0\n}\n",
        "`add` takes a numeric kind, found bool",
    );
    assert_one(
        "fn f() {\n  %0: int = const 1\n  %1: int = sin %0\n}\n",
        "`sin` takes float, half or fixed, found int",
    );
    assert_one(
        "fn f() {\n  %0: float2 = const 1.0, 2.0\n  %1: float2 = dot %0, %0\n}\n",
        "result declared float2, but the instruction gives float",
    );
    assert_one(
        "fn f() {\n  %0: float2 = const 1.0, 2.0\n  %1: bool = const true\n  %2: float2 = select %1, %0, %0\n}\n",
        "`select` needs a bool2 condition for float2 operands, found bool",
    );
    assert_one(
        "fn f() {\n  %0: float3 = const 1.0, 2.0, 3.0\n  %1: float = pack_2half %0\n}\n",
        "`pack_2half` packs a float2 or half2, found float3",
    );
    assert_one(
        "fn f() {\n  %0: float3 = const 1.0, 2.0, 3.0\n  %1: float4 = construct %0, %0\n}\n",
        "`construct` makes 6 components; at most 4",
    );
}

#[test]
fn swizzles_stay_in_range() {
    assert_one(
        "fn f() {\n  %0: float2 = const 1.0, 2.0\n  %1: float = swizzle %0.z\n}\n",
        "swizzle `z` reads past the float2 operand",
    );
}

#[test]
fn constants_must_be_values_of_their_kind() {
    assert_one(
        "fn f() {\n  %0: half = const 0.1\n}\n",
        "constant is not a valid half value",
    );
    assert_one(
        "fn f() {\n  %0: fixed = const 3.0\n}\n",
        "constant is not a valid fixed value",
    );
}

#[test]
fn uses_must_be_in_scope() {
    // A value defined in a branch is not visible after the `if`.
    assert_one(
        "fn f(out $o: float) {\n  %0: bool = const true\n  if %0 {\n    %1: float = const 1.0\n  }\n  store $o, %1\n}\n",
        "use of %1 where its definition is not in scope",
    );
    // A region's own results are not visible inside it (one error per arm).
    let text = "fn f() {\n  %0: bool = const true\n  %1: float = if %0 {\n    yield %1\n  } else {\n    yield %1\n  }\n}\n";
    assert_eq!(
        messages(text),
        vec!["use of %1 where its definition is not in scope"; 2]
    );
}

#[test]
fn values_are_defined_once_and_exist() {
    let mut m =
        parse("fn f() {\n  %0: float = const 1.0\n  %1: float = neg %0\n}\n").expect("parses");
    let f = &mut m.functions[Handle::from_index(0)];
    let first = f.body.insts[0].results[0];
    f.body.insts[1].results[0] = first;
    let errs: Vec<String> = verify(&m)
        .expect_err("invalid")
        .into_iter()
        .map(|e| e.message)
        .collect();
    assert_eq!(errs, vec!["%0 is defined more than once"]);
    let f = &mut m.functions[Handle::from_index(0)];
    f.body.insts[1].kind = InstKind::Op {
        op: Op::Neg,
        args: vec![Handle::from_index(99)],
    };
    let errs: Vec<String> = verify(&m)
        .expect_err("invalid")
        .into_iter()
        .map(|e| e.message)
        .collect();
    assert_eq!(
        errs,
        vec![
            "use of %99 which is not a value",
            "%0 is defined more than once"
        ]
    );
}

#[test]
fn region_results_match_yields() {
    assert_one(
        "fn f() {\n  %0: bool = const true\n  %1: float = const 1.0\n  %2: float = if %0 {\n    yield %1\n  } else {\n    yield %0\n  }\n}\n",
        "`yield` gives (bool) where (float) is expected",
    );
    assert_one(
        "fn f() {\n  %0: bool = const true\n  %1: float = const 1.0\n  %2: float = if %0 {\n    yield %1\n  }\n}\n",
        "a branch that yields nothing ends a region with results",
    );
}

#[test]
fn conditions_and_selectors_have_the_right_type() {
    assert_one(
        "fn f() {\n  %0: float = const 1.0\n  if %0 {\n  }\n}\n",
        "`if` condition must be bool, found float",
    );
    assert_one(
        "fn f() {\n  %0: float = const 1.0\n  switch %0 {\n  default {\n  }\n  }\n}\n",
        "`switch` selector must be int, found float",
    );
    assert_one(
        "fn f() {\n  %0: int = const 1\n  switch %0 {\n  case 1 {\n  }\n  case 1 {\n  }\n  default {\n  }\n  }\n}\n",
        "case 1 appears twice",
    );
}

#[test]
fn break_continue_only_in_loops_yield_only_in_arms() {
    assert_one("fn f() {\n  break\n}\n", "`break` outside a loop");
    assert_one(
        "fn f() {\n  %0: bool = const true\n  if %0 {\n    continue\n  }\n}\n",
        "`continue` outside a loop",
    );
    assert_one(
        "fn f() {\n  loop {\n    yield\n  }\n}\n",
        "`yield` outside an if branch or switch arm",
    );
    // Loop parameters and continue operands agree; falling off the end needs a parameterless loop.
    assert_one(
        "fn f() {\n  %0: int = const 0\n  loop (%1: int = %0) {\n    %2: float = const 1.0\n    continue %2\n  }\n}\n",
        "`continue` gives (float) where (int) is expected",
    );
    assert_one(
        "fn f() {\n  %0: int = const 0\n  loop (%1: int = %0) {\n  }\n}\n",
        "a loop body that ends without `continue` needs a loop without parameters",
    );
    assert_one(
        "fn f() {\n  %0: int = const 0\n  %1: float = const 1.0\n  loop (%2: float = %0) {\n    break\n  }\n}\n",
        "`loop init` gives (int) where (float) is expected",
    );
}

#[test]
fn terminators_end_blocks() {
    assert_one(
        "fn f() {\n  return\n  %0: float = const 1.0\n}\n",
        "instructions follow a terminator",
    );
}

#[test]
fn stores_fit_their_output() {
    assert_one(
        "fn f(out $o: float2) {\n  %0: float = const 1.0\n  store $o.z, %0\n}\n",
        "write mask `z` does not fit output `$o` (float2)",
    );
    assert_one(
        "fn f(out $o: float4) {\n  %0: float = const 1.0\n  store $o.xy, %0\n}\n",
        "store of a float to `$o.xy` needs a float2",
    );
}

#[test]
fn uniform_indexing_rules() {
    assert_one(
        "fn f(uniform $u: float) {\n  %0: float = uniform $u[0]\n}\n",
        "uniform `$u` is not an array",
    );
    assert_one(
        "fn f(uniform $u: float[2]) {\n  %0: float = uniform $u\n}\n",
        "uniform array `$u` needs an index",
    );
    assert_one(
        "fn f(uniform $u: float[2]) {\n  %0: float = uniform $u[2]\n}\n",
        "index 2 is outside uniform array `$u` of 2",
    );
    assert_one(
        "fn f(uniform $u: float[2]) {\n  %0: float = const 1.0\n  %1: float = uniform $u[%0]\n}\n",
        "a uniform index must be an int scalar",
    );
    assert_one(
        "fn f(uniform $u: float[0]) {\n}\n",
        "uniform array `$u` has no elements",
    );
}

#[test]
fn texture_coordinates_fit_the_sampler() {
    assert_one(
        "fn f(sampler $s: sampler2d) {\n  %0: float = const 1.0\n  %1: float4 = tex $s, %0\n}\n",
        "a sampler2d lookup in `$s` takes float2..float3 coordinates, found float",
    );
    assert_one(
        "fn f(sampler $s: samplercube) {\n  %0: float3 = const 1.0, 1.0, 1.0\n  %1: float4 = texproj $s, %0\n}\n",
        "a samplercube lookup in `$s` takes float4..float4 coordinates, found float3",
    );
    assert_one(
        "fn f(sampler $s: sampler2d) {\n  %0: float2 = const 1.0, 1.0\n  %1: float3 = const 1.0, 1.0, 1.0\n  %2: float4 = texgrad $s, %0, %1, %0\n}\n",
        "derivatives of a sampler2d lookup must be float2, found float3 and float2",
    );
}

#[test]
fn interface_names_are_unique() {
    assert_one(
        "fn f(in $a: float, out $a: float) {\n}\n",
        "`$a` is declared twice",
    );
    let m = parse("fn f() {\n}\nfn f() {\n}\n").expect("parses");
    let errs = verify(&m).expect_err("duplicate");
    assert_eq!(errs[0].message, "function `f` is defined twice");
}

#[test]
fn all_errors_are_collected_with_locations() {
    let text = "fn f() {\n  %0: float = const 1.0\n  %1: bool = neg %0 !0:5..9\n  break\n}\n";
    let m = parse(text).expect("parses");
    let errs = verify(&m).expect_err("two errors");
    assert_eq!(errs.len(), 2);
    assert_eq!(
        errs[0].message,
        "result declared bool, but the instruction gives float"
    );
    assert_eq!(
        errs[0].loc.map(|l| (l.span.start, l.span.end)),
        Some((5, 9))
    );
    assert_eq!(errs[1].message, "`break` outside a loop");
}

#[test]
fn a_texel_fetch_takes_int_indices_of_the_dimension_and_an_int_level() {
    let fetch =
        |coord: &str, lod: &str| {
            format!(
            "fn f(sampler $s: sampler2d) {{\n  %0: {coord} = const {}\n  %1: {lod} = const 0\n  \
             %2: float4 = texfetch $s, %0, %1\n}}\n",
            if coord.starts_with("int") { "1, 2" } else { "1.0, 2.0" }
        )
        };
    assert!(messages(&fetch("int2", "int")).is_empty());
    assert_one(
        &fetch("float2", "int"),
        "a texel fetch in `$s` takes int2 coordinates and an int level, found float2 and int",
    );
    assert_one(
        &fetch("int2", "float"),
        "a texel fetch in `$s` takes int2 coordinates and an int level, found int2 and float",
    );
}

#[test]
fn bit_operations_take_ints() {
    assert_one(
        "fn f() {\n  %0: float = const 1.0\n  %1: float = shl %0, %0\n}\n",
        "`shl` takes int, found float",
    );
}
