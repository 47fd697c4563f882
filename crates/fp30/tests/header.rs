//! Tests of the program-interface header (`pigment_fp30::header`): print → parse round trips on
//! hand-written headers in the layout of fp30-profile.md section 7, tolerant parsing of odd lines
//! (warnings with spans, never panics), name resolution, the JSON schema, and the back end's own
//! output reading back to the interface it printed.

mod common;

use pigment_diag::{Diagnostic, FileId, Severity};
use pigment_fp30::header::{
    parse, ParamSlot, ProgramInterface, SemanticLine, Slot, Stats, Unresolved, ValueLine, Var,
    VarKind,
};
use proptest::prelude::*;

fn var(ty: &str, name: &str, semantic: &str, resource: &str, param: i32, used: bool) -> Var {
    Var {
        ty: ty.into(),
        name: name.into(),
        semantic: semantic.into(),
        resource: resource.into(),
        param_index: param,
        referenced: used,
    }
}

fn semantic(name: &str, semantic: Option<&str>) -> SemanticLine {
    SemanticLine {
        name: name.into(),
        semantic: semantic.map(Into::into),
    }
}

/// A hand-written header with one of every kind of line: an entry `main_fragment` taking a varying
/// `tex`, a uniform struct `IN` (parameter 1), samplers `decal` (TEXUNIT0) and `lut`, globals `tint`
/// (with an initialiser), a matrix `M`, an array `k`, a C-bound `p`, a half4 result and a KIL.
const EXAMPLE: &str = "\
!!FP1.0
# hand-written example of the header layout
# second note line
#vendor Example Vendor
#version 9.8.7
#profile fp30
#program main_fragment
#semantic main_fragment.decal : TEXUNIT0
#semantic main_fragment.lut
#semantic tint
#semantic M
#semantic k
#semantic p : C3
#var float2 tex : $vin.TEXCOORD0 : TEX0 : 0 : 1
#var float2 IN.video_size :  : IN$video_size : 1 : 1
#var float2 IN.output_size :  :  : 1 : 0
#var sampler2D decal : TEXUNIT0 : texunit 0 : 2 : 1
#var samplerRECT lut :  : texunit 1 : 3 : 1
#var float4 tint :  : tint : -1 : 1
#var float4x4 M :  : M$0, 4 : -1 : 1
#var float3 k[0] :  : k$0 : -1 : 1
#var float3 k[1] :  : k$1 : -1 : 1
#var float4 p : C3 : $p : -1 : 1
#var half4 main_fragment : $vout.COLOR : COL : -1 : 1
#var <none>4 $kill_0000 : $vout.$kill : $kill : -1 : 0
#default tint = 1 0.5 0.25 1
#default k = 1 2 3 4 5 6
DECLARE IN$video_size;
MOVR R0, f[TEX0];
END
# 1 instructions, 1 R-regs, 0 H-regs
";

fn example_model() -> ProgramInterface {
    ProgramInterface {
        notes: vec![
            "hand-written example of the header layout".into(),
            "second note line".into(),
        ],
        vendor: Some("Example Vendor".into()),
        version: Some("9.8.7".into()),
        profile: Some("fp30".into()),
        program: Some("main_fragment".into()),
        semantics: vec![
            semantic("main_fragment.decal", Some("TEXUNIT0")),
            semantic("main_fragment.lut", None),
            semantic("tint", None),
            semantic("M", None),
            semantic("k", None),
            semantic("p", Some("C3")),
        ],
        vars: vec![
            var("float2", "tex", "$vin.TEXCOORD0", "TEX0", 0, true),
            var("float2", "IN.video_size", "", "IN$video_size", 1, true),
            var("float2", "IN.output_size", "", "", 1, false),
            var("sampler2D", "decal", "TEXUNIT0", "texunit 0", 2, true),
            var("samplerRECT", "lut", "", "texunit 1", 3, true),
            var("float4", "tint", "", "tint", -1, true),
            var("float4x4", "M", "", "M$0, 4", -1, true),
            var("float3", "k[0]", "", "k$0", -1, true),
            var("float3", "k[1]", "", "k$1", -1, true),
            var("float4", "p", "C3", "$p", -1, true),
            var("half4", "main_fragment", "$vout.COLOR", "COL", -1, true),
            var("<none>4", "$kill_0000", "$vout.$kill", "$kill", -1, false),
        ],
        defaults: vec![
            ValueLine {
                name: "tint".into(),
                values: vec![1.0, 0.5, 0.25, 1.0],
            },
            ValueLine {
                name: "k".into(),
                values: vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
            },
        ],
        consts: vec![],
        stats: Some(Stats {
            instructions: 1,
            r_regs: 1,
            h_regs: 0,
        }),
    }
}

const BODY: &str = "DECLARE IN$video_size;\nMOVR R0, f[TEX0];\nEND\n";

fn parse_clean(text: &str) -> ProgramInterface {
    let (interface, warnings) = parse(text, FileId(0));
    assert!(warnings.is_empty(), "unexpected warnings: {warnings:?}");
    interface
}

#[test]
fn the_example_parses_to_the_model() {
    assert_eq!(parse_clean(EXAMPLE), example_model());
}

#[test]
fn printing_the_model_gives_the_example_text() {
    assert_eq!(example_model().wrap(BODY), EXAMPLE);
}

#[test]
fn print_then_parse_is_the_identity() {
    let mut with_consts = example_model();
    with_consts.consts = vec![ValueLine {
        name: "c[0]".into(),
        values: vec![0.5, -2.0, 1e-3],
    }];
    let minimal = ProgramInterface {
        program: Some("main".into()),
        vars: vec![var("float4", "main", "$vout.COLOR", "COL", -1, true)],
        ..ProgramInterface::default()
    };
    for model in [
        example_model(),
        with_consts,
        minimal,
        ProgramInterface::default(),
    ] {
        assert_eq!(parse_clean(&model.wrap(BODY)), model);
    }
}

/// Span text of the single warning `text` produces.
fn one_warning(text: &str) -> (Diagnostic, String) {
    let (_, warnings) = parse(text, FileId(3));
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let w = warnings[0].clone();
    assert_eq!(w.severity, Severity::Warning);
    let label = w.primary.clone().expect("located");
    assert_eq!(label.file, FileId(3));
    let at = text[label.span.range()].to_string();
    (w, at)
}

#[test]
fn malformed_var_lines_warn_at_the_bad_field_and_are_skipped() {
    let cases = [
        ("#var float4 v : : r : x : 1\n", "x", "parameter number"),
        ("#var float4 v : : r : 0 : 2\n", "2", "referenced flag"),
        (
            "#var float4 v :  : r : -1\n",
            "#var float4 v :  : r : -1",
            "4 fields",
        ),
        (
            "#var float4 v : a : b : c : 0 : 1\n",
            "#var float4 v : a : b : c : 0 : 1",
            "6 fields",
        ),
        ("#var float4 : : r : 0 : 1\n", "float4", "a type and a name"),
        ("#var : : : : \n", "#var : : : :", "a type and a name"),
        ("  #var a b c : : r : 0 : 1\n", "a b c", "a type and a name"),
    ];
    for (line, at, message) in cases {
        let text = format!("!!FP1.0\n{line}END\n");
        let (w, span_text) = one_warning(&text);
        assert_eq!(span_text, at, "{line}");
        assert!(w.message.contains(message), "{line}: {}", w.message);
        let (interface, _) = parse(&text, FileId(3));
        assert!(interface.vars.is_empty());
    }
}

#[test]
fn other_malformed_lines_warn() {
    let (w, at) = one_warning("!!FP1.0\n#default tint = 1 banana 3\nEND\n");
    assert_eq!(at, "banana");
    assert!(w.message.contains("not a number"));
    let (_, at) = one_warning("!!FP1.0\n#default = 1 2\nEND\n");
    assert_eq!(at, "#default = 1 2");
    let (_, at) = one_warning("!!FP1.0\n#const c[0] 1 2\nEND\n");
    assert_eq!(at, "#const c[0] 1 2");
    let (_, at) = one_warning("!!FP1.0\n#semantic\nEND\n");
    assert_eq!(at, "#semantic");
}

#[test]
fn odd_lines_are_tolerated() {
    let text = "!!FP1.0\r\n\
        # a note\r\n\
        #unknown directive here\r\n\
        #\r\n\
        #semantic tint :\r\n\
        #program   main  \r\n\
        #var float4 tint : : tint : -1 : 1\r\n\
        DECLARE tint;\r\n\
        # a comment among the instructions\r\n\
        MOVR o[COLR], tint; # trailing comment\r\n\
        END\r\n\
        # 1 instructions, 0 R-regs, 0 H-regs.\r\n\
        # End of program\r\n";
    let interface = parse_clean(text);
    assert_eq!(interface.notes, vec!["a note".to_string(), String::new()]);
    assert_eq!(interface.program.as_deref(), Some("main"));
    assert_eq!(interface.semantics, vec![semantic("tint", None)]);
    assert_eq!(
        interface.vars,
        vec![var("float4", "tint", "", "tint", -1, true)]
    );
    assert_eq!(
        interface.stats,
        Some(Stats {
            instructions: 1,
            r_regs: 0,
            h_regs: 0
        })
    );
}

#[test]
fn several_bad_lines_give_several_warnings() {
    let text = "!!FP1.0\n#var a\n#var float4 ok : : ok : -1 : 1\n#var b : : : z : 0\nEND\n";
    let (interface, warnings) = parse(text, FileId(0));
    assert_eq!(warnings.len(), 2);
    assert_eq!(interface.vars.len(), 1);
}

proptest! {
    #[test]
    fn parsing_never_panics_and_spans_stay_inside(
        lines in proptest::collection::vec(
            prop_oneof![
                "#var[ -~]{0,40}",
                "#(default|const|semantic|program) [ -~\u{e9}]{0,30}",
                "# [0-9]{1,3} instructions, [0-9]{1,2} R-regs[ -~]{0,10}",
                "[ -~\u{00e9}\u{4e2d}]{0,30}",
            ],
            0..8,
        )
    ) {
        let text = lines.join("\n");
        let (_, warnings) = parse(&text, FileId(0));
        for w in warnings {
            let span = w.primary.expect("located").span;
            prop_assert!(text.get(span.range()).is_some());
        }
    }
}

#[test]
fn var_kinds_and_bindings() {
    let model = example_model();
    let kinds: Vec<VarKind> = model.vars.iter().map(Var::kind).collect();
    use VarKind::*;
    assert_eq!(
        kinds,
        [
            Varying, Uniform, Uniform, Sampler, Sampler, Uniform, Uniform, Uniform, Uniform,
            Uniform, Output, Kill
        ]
    );
    assert_eq!(
        model.vars[0].attribute(),
        Some(nvfp::isa::AttribReg::Tex(0))
    );
    assert_eq!(model.vars[10].output(), Some(nvfp::isa::OutputReg::Colh));
    assert_eq!(
        model.vars[4].texture_target(),
        Some(nvfp::isa::TexTarget::Rect)
    );
}

fn declare(cg: &str, name: &str, components: usize) -> ParamSlot {
    ParamSlot {
        cg_name: cg.into(),
        slot: Slot::Declare(name.into()),
        components,
    }
}

#[test]
fn cg_names_resolve_to_parameters() {
    let model = example_model();
    let slots = |name: &str| model.parameter_slots(name);
    assert_eq!(
        slots("IN.video_size"),
        Ok(vec![declare("IN.video_size", "IN$video_size", 2)])
    );
    // The entry prefix may be given or left out.
    assert_eq!(
        slots("main_fragment.tint"),
        Ok(vec![declare("tint", "tint", 4)])
    );
    assert_eq!(slots("M[2]"), Ok(vec![declare("M[2]", "M$2", 4)]));
    assert_eq!(slots("M").map(|s| s.len()), Ok(4));
    assert_eq!(slots("M[4]"), Err(Unresolved::NoSuchRow { rows: 4 }));
    assert_eq!(slots("k[1]"), Ok(vec![declare("k[1]", "k$1", 3)]));
    assert_eq!(
        slots("k"),
        Ok(vec![declare("k[0]", "k$0", 3), declare("k[1]", "k$1", 3)])
    );
    assert_eq!(slots("p"), Ok(vec![declare("p", "$p", 4)]));
    assert_eq!(slots("IN.output_size"), Err(Unresolved::NotReferenced));
    assert_eq!(slots("decal"), Err(Unresolved::WrongKind(VarKind::Sampler)));
    assert_eq!(slots("nothing"), Err(Unresolved::NotFound));
    assert_eq!(model.sampler_unit("lut"), Ok(1));
    assert_eq!(model.sampler_unit("main_fragment.decal"), Ok(0));
    assert_eq!(
        model.sampler_unit("tint"),
        Err(Unresolved::WrongKind(VarKind::Uniform))
    );
}

#[test]
fn numbered_resources_are_local_parameters() {
    // cgc 1.x printed C-bound uniforms as c[N]; a matrix there spans N..N+rows.
    let m = var("float3x4", "M", "C4", "c[4], 3", -1, true);
    let locals: Vec<Slot> = m.slots().into_iter().map(|s| s.slot).collect();
    assert_eq!(locals, [Slot::Local(4), Slot::Local(5), Slot::Local(6)]);
    assert_eq!(m.components(), 4);
    let p = var("float2", "q", "", "p[7]", -1, true);
    assert_eq!(p.slots()[0].slot, Slot::Local(7));
}

#[test]
fn defaults_fill_slots_component_by_component() {
    let values = example_model().default_values();
    assert_eq!(
        values,
        vec![
            (Slot::Declare("tint".into()), [1.0, 0.5, 0.25, 1.0]),
            // float3 elements take three values each; w completes to 1.
            (Slot::Declare("k$0".into()), [1.0, 2.0, 3.0, 1.0]),
            (Slot::Declare("k$1".into()), [4.0, 5.0, 6.0, 1.0]),
        ]
    );
}

#[test]
fn json_follows_the_documented_schema() {
    let expected: serde_json::Value = serde_json::from_str(
        r#"{
        "schema": "pigment-reflect-1",
        "profile": "fp30",
        "entry": "main_fragment",
        "varyings": [
            {"name": "tex", "type": "float2", "semantic": "TEXCOORD0", "register": "TEX0",
             "param_index": 0, "referenced": true}
        ],
        "uniforms": [
            {"name": "IN.video_size", "type": "float2", "semantic": null, "param_index": 1,
             "referenced": true, "components": 2,
             "parameters": [{"name": "IN.video_size", "declare": "IN$video_size"}]},
            {"name": "IN.output_size", "type": "float2", "semantic": null, "param_index": 1,
             "referenced": false, "components": 2, "parameters": []},
            {"name": "tint", "type": "float4", "semantic": null, "param_index": -1,
             "referenced": true, "components": 4,
             "parameters": [{"name": "tint", "declare": "tint"}]},
            {"name": "M", "type": "float4x4", "semantic": null, "param_index": -1,
             "referenced": true, "components": 4,
             "parameters": [{"name": "M[0]", "declare": "M$0"}, {"name": "M[1]", "declare": "M$1"},
                            {"name": "M[2]", "declare": "M$2"}, {"name": "M[3]", "declare": "M$3"}]},
            {"name": "k[0]", "type": "float3", "semantic": null, "param_index": -1,
             "referenced": true, "components": 3,
             "parameters": [{"name": "k[0]", "declare": "k$0"}]},
            {"name": "k[1]", "type": "float3", "semantic": null, "param_index": -1,
             "referenced": true, "components": 3,
             "parameters": [{"name": "k[1]", "declare": "k$1"}]},
            {"name": "p", "type": "float4", "semantic": "C3", "param_index": -1,
             "referenced": true, "components": 4,
             "parameters": [{"name": "p", "declare": "$p"}]}
        ],
        "samplers": [
            {"name": "decal", "type": "sampler2D", "semantic": "TEXUNIT0", "unit": 0,
             "target": "2D", "param_index": 2, "referenced": true},
            {"name": "lut", "type": "samplerRECT", "semantic": null, "unit": 1,
             "target": "RECT", "param_index": 3, "referenced": true}
        ],
        "outputs": [
            {"name": "main_fragment", "type": "half4", "semantic": "COLOR", "register": "COLH",
             "referenced": true}
        ],
        "kill": true,
        "defaults": [
            {"name": "tint", "values": [1.0, 0.5, 0.25, 1.0]},
            {"name": "k", "values": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]}
        ],
        "stats": {"instructions": 1, "r_regs": 1, "h_regs": 0}
    }"#,
    )
    .expect("valid JSON");
    let got = example_model().to_json();
    assert_eq!(got, expected);
    // The key order is part of the schema too.
    assert_eq!(got.to_string(), expected.to_string());
}

#[test]
fn reflection_follows_the_one_schema() {
    // The example header read by hand (docs/reflection.md): k[0], k[1] are one array `k`, whose
    // `#default k` covers both elements; cgc's `COL` for a half result is o[COLH].
    let expected: serde_json::Value = serde_json::from_str(
        r#"{
        "schema": "pigment-reflection-2", "target": "fp30", "stage": "fragment",
        "entry": "main_fragment",
        "inputs": [{"name": "tex", "type": "float2", "semantic": "TEXCOORD0", "referenced": true,
                    "register": "TEX0"}],
        "outputs": [{"name": "main_fragment", "type": "half4", "semantic": "COLOR",
                     "referenced": true, "register": "COLH"}],
        "uniforms": [
            {"name": "IN.video_size", "type": "float2", "semantic": null, "referenced": true,
             "parameters": [{"name": "IN.video_size", "declare": "IN$video_size"}]},
            {"name": "IN.output_size", "type": "float2", "semantic": null, "referenced": false},
            {"name": "tint", "type": "float4", "semantic": null, "referenced": true,
             "default": [1.0, 0.5, 0.25, 1.0], "parameters": [{"name": "tint", "declare": "tint"}]},
            {"name": "M", "type": "float4x4", "semantic": null, "referenced": true,
             "parameters": [{"name": "M[0]", "declare": "M$0"}, {"name": "M[1]", "declare": "M$1"},
                            {"name": "M[2]", "declare": "M$2"}, {"name": "M[3]", "declare": "M$3"}]},
            {"name": "k", "type": "float3", "array_size": 2, "semantic": null, "referenced": true,
             "default": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
             "parameters": [{"name": "k[0]", "declare": "k$0"}, {"name": "k[1]", "declare": "k$1"}]},
            {"name": "p", "type": "float4", "semantic": "C3", "referenced": true,
             "parameters": [{"name": "p", "declare": "$p"}]}
        ],
        "textures": [
            {"name": "decal", "type": "sampler2D", "dim": "2D", "semantic": "TEXUNIT0",
             "referenced": true, "unit": 0},
            {"name": "lut", "type": "samplerRECT", "dim": "RECT", "semantic": null,
             "referenced": true, "unit": 1}
        ],
        "kill": true,
        "stats": {"instructions": 1, "r_regs": 1, "h_regs": 0}
    }"#,
    )
    .expect("valid JSON");
    let reflection = example_model().reflection();
    assert_eq!(serde_json::to_value(&reflection).unwrap(), expected);
    let back: pigment_ir::reflect::Reflection = serde_json::from_value(expected).unwrap();
    assert_eq!(back, reflection);
}

#[test]
fn json_of_a_numbered_parameter_and_special_defaults() {
    let model = ProgramInterface {
        vars: vec![var("float2", "q", "C7", "c[7]", -1, true)],
        defaults: vec![ValueLine {
            name: "q".into(),
            values: vec![0.1, f32::NAN, f32::NEG_INFINITY],
        }],
        ..ProgramInterface::default()
    };
    let json = model.to_json();
    assert_eq!(json["uniforms"][0]["parameters"][0]["local"], 7);
    assert_eq!(json["uniforms"][0]["parameters"][0].get("declare"), None);
    assert_eq!(
        json["defaults"][0]["values"].to_string(),
        r#"[0.1,"NaN","-Infinity"]"#
    );
    assert_eq!(json["profile"], serde_json::Value::Null);
    assert_eq!(json["stats"], serde_json::Value::Null);
    assert_eq!(json["kill"], false);
}

#[test]
fn compiled_programs_read_back_to_the_interface_they_print() {
    for path in common::ir_files(&common::corpus_dir()) {
        let module = common::load_module(&path);
        let (compiled, _) = common::compile_and_load(&module);
        let (read, warnings) = parse(&compiled.text, FileId(0));
        assert!(warnings.is_empty(), "{}: {warnings:?}", path.display());
        assert_eq!(read, compiled.interface, "{}", path.display());
        let stats = read.stats.expect("a trailer");
        assert_eq!(stats.instructions as usize, compiled.instructions);
    }
}

#[test]
fn compiled_headers_name_uniforms_as_cg_does() {
    let module = common::load_module(&common::corpus_dir().join("uniform_defaults.ir"));
    let (compiled, loaded) = common::compile_and_load(&module);
    let (read, warnings) = parse(&compiled.text, FileId(0));
    assert!(warnings.is_empty(), "{warnings:?}");
    let slots = |name: &str| read.parameter_slots(name);
    // `$IN$size` is the Cg struct member `IN.size` (fp30-profile.md section 7: `IN.uv`).
    assert_eq!(slots("IN.size"), Ok(vec![declare("IN.size", "IN$size", 2)]));
    // A matrix is one `#var float2x2 M` with resource `M$0, 2`; its rows are `M[0]`, `M[1]`.
    assert_eq!(slots("M[1]"), Ok(vec![declare("M[1]", "M$1", 2)]));
    assert_eq!(
        slots("M"),
        Ok(vec![declare("M[0]", "M$0", 2), declare("M[1]", "M$1", 2)])
    );
    // An array is read at element 1 only, yet declared whole: `k[0]` resolves too.
    assert_eq!(slots("k[0]"), Ok(vec![declare("k[0]", "k$0", 4)]));
    assert_eq!(slots("unused"), Err(Unresolved::NotReferenced));
    // Every resolved slot is a DECLARE of the program.
    for name in ["IN.size", "M", "k", "tint", "gain", "n", "on", "plain"] {
        for slot in slots(name).expect(name) {
            let Slot::Declare(d) = &slot.slot else {
                panic!("{name}: {slot:?}")
            };
            assert!(
                loaded.named_locals.iter().any(|l| &l.name == d),
                "{name}: `{d}` is not DECLAREd"
            );
        }
    }
    // `#default` values fill the slots as the DECLARE initial values do: M's rows are (1, 2)
    // and (3, 4), completed from (0, 0, 0, 1); `unused` has no parameter to fill.
    let defaults = read.default_values();
    assert!(defaults.contains(&(Slot::Declare("M$0".into()), [1.0, 2.0, 0.0, 1.0])));
    assert!(defaults.contains(&(Slot::Declare("M$1".into()), [3.0, 4.0, 0.0, 1.0])));
    assert!(defaults.contains(&(Slot::Declare("on".into()), [1.0, 0.0, 0.0, 1.0])));
    assert_eq!(defaults.len(), 8, "{defaults:?}");
}

#[test]
fn an_unread_matrix_has_a_row_count_but_no_parameter() {
    // cgc writes `, 4` as the resource of a matrix the program does not read.
    let m = var("float4x4", "modelViewProj", "", ", 4", -1, false);
    assert_eq!(m.slots(), Vec::new());
    let model = ProgramInterface {
        vars: vec![m],
        ..ProgramInterface::default()
    };
    assert_eq!(
        model.parameter_slots("modelViewProj"),
        Err(Unresolved::NotReferenced)
    );
    assert_eq!(
        model.parameter_slots("modelViewProj[1]"),
        Err(Unresolved::NotReferenced)
    );
}
