//! The text form: hand-written files print back exactly, the parser reports errors with line:col and
//! never panics, and randomly generated well-formed modules round-trip.

use pigment_ir::*;
use std::path::PathBuf;

fn text_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/in/ir/text")
}

#[test]
fn hand_written_files_round_trip_and_verify() {
    let mut count = 0;
    for entry in std::fs::read_dir(text_dir()).expect("tests/in/ir/text exists") {
        let path = entry.expect("readable entry").path();
        if path.extension().is_none_or(|e| e != "ir") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable file");
        let module = parse(&text).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        assert_eq!(
            print(&module),
            text,
            "{} does not print back",
            path.display()
        );
        verify(&module).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        count += 1;
    }
    assert!(count > 0);
}

fn errors(text: &str) -> Vec<String> {
    match parse(text) {
        Ok(_) => Vec::new(),
        Err(es) => es.iter().map(|e| e.to_string()).collect(),
    }
}

#[test]
fn errors_have_line_and_column() {
    let text = "fn f(out $o: float) {\n  %0: float = const 1.0\n  %1: float = frob %0\n}\n";
    assert_eq!(errors(text), vec!["3:15: unknown instruction `frob`"]);
}

#[test]
fn parser_recovers_and_reports_several_errors() {
    let text = "fn f(out $o: float) {\n  %0: float = const x\n  %1: float = neg %9\n  %2: flot = neg %0\n  store $o.x, %0\n}\n";
    let es = errors(text);
    assert_eq!(
        es,
        vec![
            "2:21: `x` is not a float literal",
            "3:19: use of undefined value `%9`",
            "4:7: unknown type `flot`",
        ]
    );
}

#[test]
fn parser_rejects_redefinition_and_unknown_entities() {
    let text = "fn f(in $a: float) {\n  %0: float = input $a\n  %0: float = input $b\n}\n";
    let es = errors(text);
    assert_eq!(es, vec!["3:3: `%0` is defined twice"]);
    let text = "fn f(in $a: float) {\n  %0: float = input $b\n}\n";
    assert_eq!(errors(text), vec!["2:21: no input named `$b`"]);
}

#[test]
fn parser_never_panics_on_truncations_of_a_valid_file() {
    let text = std::fs::read_to_string(text_dir().join("all_constructs.ir")).expect("file");
    for end in (0..text.len()).filter(|&i| text.is_char_boundary(i)) {
        let _ = parse(&text[..end]);
    }
}

#[test]
fn float_constants_round_trip_bit_exactly() {
    for bits in [
        0x8000_0000u32,
        1,
        0x7f80_0001,
        0xffc0_0000,
        0x3dcc_cccd,
        0x7f7f_ffff,
    ] {
        let text = format!(
            "fn f(out $o: float) {{\n  %0: float = const {}\n  store $o.x, %0\n}}\n",
            pigment_ir::print(&{
                let mut b = FunctionBuilder::new("f");
                let o = b.output("o", Type::FLOAT, None);
                let c = b.constant(Vector::from_bits(Type::FLOAT, &[bits]));
                b.store(o, WriteMask::all(1), c);
                let mut m = Module::new();
                m.functions.append(b.finish().expect("built"));
                m
            })
            .lines()
            .nth(3)
            .and_then(|l| l.split("const ").nth(1))
            .expect("const line")
        );
        let module = parse(&text).expect("parses");
        let f = &module.functions[Handle::from_index(0)];
        let InstKind::Const(v) = &f.body.insts[0].kind else {
            panic!("not a constant")
        };
        assert_eq!(v.bits[0], bits);
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let mut text = String::from("fn f() {\n  %c: bool = const true\n");
    for _ in 0..5000 {
        text.push_str("if %c {\n");
    }
    for _ in 0..5000 {
        text.push_str("}\n");
    }
    text.push_str("}\n");
    let es = errors(&text);
    assert!(
        es.iter()
            .any(|e| e.ends_with("regions nest more than 200 deep, found `{`")),
        "{es:?}"
    );
}

/// The entity origins of `origins.ir`: `param N` is the entry parameter, the header's order is the
/// declaration order across kinds.
#[test]
fn entity_origins_come_from_the_header() {
    let text = std::fs::read_to_string(text_dir().join("origins.ir")).expect("origins.ir");
    let module = parse(&text).expect("parses");
    let f = &module.functions[module.function("main_fragment").expect("main_fragment")];
    let listed: Vec<(String, Option<u32>)> = f
        .interface()
        .into_iter()
        .map(|e| (f.entity_name(e).to_string(), f.origin(e).param))
        .collect();
    let expected = [
        ("uv", Some(0)),
        ("IN$size", Some(0)),
        ("IN$tex", Some(0)),
        ("col", Some(0)),
        ("decal", Some(1)),
        ("gain", Some(2)),
        ("c", Some(3)),
        ("tint", None),
        ("lut", None),
        ("depth", None),
    ];
    let expected: Vec<(String, Option<u32>)> =
        expected.iter().map(|&(n, p)| (n.to_string(), p)).collect();
    assert_eq!(listed, expected);
    // The sampler with a unit and a parameter number keeps both.
    let decal = &f.samplers[f.sampler("decal").expect("decal")];
    assert_eq!((decal.unit, decal.origin.param), (Some(0), Some(1)));
}

#[test]
fn a_parameter_number_must_be_an_integer() {
    let text = "fn f(in $a: float @TEXCOORD0 param x) {\n}\n";
    assert_eq!(
        errors(text),
        vec!["1:36: expected a parameter number, found `x`"]
    );
}

/// A function whose interface is named `names` (inputs, uniform arrays, samplers and outputs in
/// turn), reading and writing every entity so that each name also appears in an instruction.
fn named_interface(names: &[String]) -> Module {
    let mut b = FunctionBuilder::new("main");
    let mut loads = Vec::new();
    let mut outputs = Vec::new();
    for (i, name) in names.iter().enumerate() {
        match i % 4 {
            0 => {
                let h = b.input(name, Type::FLOAT4, Some("TEXCOORD0"));
                loads.push(b.load_input(h));
            }
            1 => {
                let h = b.uniform(name, Type::FLOAT4, Some(2), None);
                loads.push(b.load_uniform(h, Some(UniformIndex::Const(1))));
            }
            2 => {
                let h = b.sampler(name, SamplerDim::D2, None);
                let uv = b.float(&[0.5, 0.5]);
                loads.push(b.sample(h, SampleForm::Plain, uv));
            }
            _ => outputs.push(b.output(name, Type::FLOAT4, Some("COLOR"))),
        }
    }
    let zero = b.float(&[0.0, 0.0, 0.0, 0.0]);
    let sum = loads.into_iter().fold(zero, |acc, v| b.add(acc, v));
    for o in outputs {
        b.store(o, WriteMask::all(4), sum);
    }
    let mut m = Module::new();
    m.functions.append(b.finish().expect("balanced"));
    m
}

/// Every interface name of the module's first function, in declaration order.
fn interface_names(m: &Module) -> Vec<String> {
    let f = &m.functions[Handle::from_index(0)];
    f.interface()
        .into_iter()
        .map(|e| match e {
            InterfaceEntity::Input(h) => f.inputs[h].name.clone(),
            InterfaceEntity::Uniform(h) => f.uniforms[h].name.clone(),
            InterfaceEntity::Sampler(h) => f.samplers[h].name.clone(),
            InterfaceEntity::Output(h) => f.outputs[h].name.clone(),
        })
        .collect()
}

/// Names front ends produce (struct varyings and outputs joined with `.`, uniform paths with `$`,
/// `$`-escaped reserved names) and names no front end produces, each read back as printed.
#[test]
fn every_interface_name_round_trips() {
    let names: Vec<String> = [
        "IN.uv",
        "k[0]",
        "IN$video_size",
        "OUT.color",
        "$R0",
        "lights$0$color",
        "s.tex",
        "a\"b\\c",
        "two\nlines",
        "sp ace",
        "",
        "VAR.col.x",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let module = named_interface(&names);
    verify(&module).expect("valid");
    let text = print(&module);
    // Plain names stay bare; others are quoted with `"`, `\` and line breaks escaped.
    // (Kinds in turn: input, uniform array, sampler, output.)
    for written in [
        "in $\"IN.uv\": float4",
        "uniform $\"k[0]\": float4[2]",
        "sampler $IN$video_size: sampler2d",
        "store $\"OUT.color\".xyzw",
        "in $$R0: float4",
        "= uniform $lights$0$color[1]",
        "sampler $\"s.tex\": sampler2d",
        "out $\"a\\\"b\\\\c\": float4",
        "= input $\"two\\nlines\"",
        "= uniform $\"sp ace\"[1]",
        "= tex $\"\", %",
        "store $\"VAR.col.x\".xyzw",
    ] {
        assert!(text.contains(written), "`{written}` not in\n{text}");
    }
    let parsed = parse(&text).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
    assert_eq!(interface_names(&parsed), names);
    assert_eq!(print(&parsed), text);
}

#[test]
fn an_unterminated_quoted_name_is_an_error() {
    let text = "fn f(in $\"IN.uv: float) {\n}\n";
    let es = errors(text);
    assert_eq!(es[0], "1:9: expected a `$name`, found `\"`", "{es:?}");
}

proptest::proptest! {
    /// Any name, whatever its characters, reads back as printed.
    #[test]
    fn arbitrary_names_round_trip(names in proptest::collection::vec(".{0,12}", 1..9)) {
        let mut names = names;
        // Interface names are unique within a function.
        for (i, n) in names.iter_mut().enumerate() {
            n.push_str(&format!("#{i}"));
        }
        let module = named_interface(&names);
        let text = print(&module);
        let parsed = parse(&text).map_err(|e| proptest::test_runner::TestCaseError::fail(format!("{e:?}\n{text}")))?;
        proptest::prop_assert_eq!(interface_names(&parsed), names);
    }
}
