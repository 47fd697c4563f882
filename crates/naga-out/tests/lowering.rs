//! The lowering's documented choices, checked on small programs: std140 offsets computed by hand,
//! locations by semantic, located errors, and naga's validator on every module built.

mod validators;

use pigment_naga::{emit, lower, LowerOptions, Target};

fn function(path: &str, name: &str) -> pigment_ir::Function {
    let text =
        std::fs::read_to_string(format!("{}/tests/in/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let module = pigment_ir::parse(&text).unwrap();
    let f = module
        .functions
        .iter()
        .find(|(_, f)| f.name == name)
        .unwrap()
        .1
        .clone();
    let errors = pigment_ir::verify_function(&f);
    assert!(errors.is_empty(), "{path}: {errors:?}");
    f
}

#[test]
fn uniform_buffer_is_std140() {
    let f = function("vertex_pair.ir", "vs");
    let r = emit(&f, Target::SpirV).unwrap().reflection;
    let ubo = &r["resources"][0];
    assert_eq!(ubo["kind"], "uniform_buffer");
    assert_eq!(
        (ubo["group"].as_u64(), ubo["binding"].as_u64()),
        (Some(0), Some(0))
    );
    // float4[4] at 0 (stride 16, 64 bytes); int at 64; float3 aligned to 16 at 80, 12 bytes;
    // the struct rounded up to 96.
    let offsets: Vec<u64> = ubo["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["offset"].as_u64().unwrap())
        .collect();
    assert_eq!(offsets, [0, 64, 80]);
    assert_eq!(ubo["size"], 96);
    // The sampler on unit 1: texture at 1 + 2, sampler at 2 + 2.
    assert_eq!(r["resources"][1]["binding"], 3);
    assert_eq!(r["resources"][2]["binding"], 4);
}

#[test]
fn locations_follow_the_documented_semantics() {
    let wgsl = emit(&function("vertex_pair.ir", "vs"), Target::Wgsl)
        .unwrap()
        .text
        .unwrap();
    // ATTR7 → 7, NORMAL → 2, TEXCOORD0 → 8 as an attribute; COLOR0 → 8 as a varying.
    for needle in [
        "@location(7)",
        "@location(2)",
        "@location(8)",
        "@builtin(position)",
    ] {
        assert!(wgsl.contains(needle), "{needle} missing in\n{wgsl}");
    }
    let frag = emit(&function("flow.ir", "main"), Target::Wgsl)
        .unwrap()
        .text
        .unwrap();
    for needle in [
        "@builtin(front_facing)",
        "@builtin(frag_depth)",
        "@location(1)",
        "discard",
    ] {
        assert!(frag.contains(needle), "{needle} missing in\n{frag}");
    }
}

#[test]
fn a_1d_shadow_compare_is_a_located_error() {
    // A 1D shadow lookup (WGSL has no 1D depth texture; tests/shadow.rs has the others).
    let text = "fn main(in $c: float2 @TEXCOORD0, sampler $s: sampler1d, out $o: float4 @COLOR) {\n  %0: float2 = input $c\n  %1: float4 = tex $s, %0 !0:7..11\n  store $o, %1\n}\n";
    let module = pigment_ir::parse(text).unwrap();
    let f = &module.functions.iter().next().unwrap().1;
    let e = lower(
        f,
        LowerOptions {
            y_down: true,
            ..Default::default()
        },
    )
    .unwrap_err();
    assert!(e.message.contains("shadow-compare"), "{}", e.message);
    let label = e.primary.expect("a location");
    assert_eq!(label.span, pigment_diag::Span::new(7, 11));
}

#[test]
fn a_vertex_function_without_position_is_an_error() {
    let text = "vertex fn main(in $p: float4 @POSITION, out $t: float4 @TEXCOORD0) {\n  %0: float4 = input $p\n  store $t, %0\n}\n";
    let module = pigment_ir::parse(text).unwrap();
    let e = lower(
        module.functions.iter().next().unwrap().1,
        LowerOptions {
            y_down: true,
            ..Default::default()
        },
    )
    .unwrap_err();
    assert!(e.message.contains("POSITION"), "{}", e.message);
}

#[test]
fn unnamed_inputs_take_cgcs_texture_coordinate_set() {
    // cgc's rule: `a` (no semantic, read) takes the lowest set no read input names: TEXCOORD1.
    // `c` is never read, so it is not declared.
    let text = "fn main(in $a: float2, in $b: float2 @TEXCOORD0, in $c: float4, out $o: float4 @COLOR) {\n  %0: float2 = input $a\n  %1: float2 = input $b\n  %2: float4 = construct %0, %1\n  store $o, %2\n}\n";
    let module = pigment_ir::parse(text).unwrap();
    let f = &module.functions.iter().next().unwrap().1;
    let out = emit(f, Target::Wgsl).unwrap();
    let wgsl = out.text.unwrap();
    assert!(wgsl.contains("@location(1) a: vec2<f32>"), "{wgsl}");
    assert!(!wgsl.contains(" c: "), "{wgsl}");
    assert_eq!(out.reflection["inputs"][0]["binding"]["location"], 1);
    assert!(out.reflection["inputs"][2]["binding"].is_null());
}

#[test]
fn an_output_never_written_gives_its_location_to_one_that_is() {
    // xBR-lv2's vertex stage: `t3 : TEXCOORD3` is never written, and cgc's rule gave the unnamed
    // `orig_tex` that set. Only `orig_tex` is declared there; `t3` is not bound.
    let text = "vertex fn vs(in $p: float4 @POSITION, out $pos: float4 @POSITION, \
        out $t3: float4 @TEXCOORD3, out $orig: float2 @TEXCOORD3) {\n  %0: float4 = input $p\n  \
        store $pos, %0\n  %1: float2 = swizzle %0.xy\n  store $orig, %1\n}\n";
    let module = pigment_ir::parse(text).unwrap();
    let f = module.functions.iter().next().unwrap().1;
    assert!(pigment_ir::verify_function(f).is_empty());
    let spirv = emit(f, Target::SpirV).unwrap();
    validators::spirv_val(spirv.spirv.as_ref().unwrap(), "shadowed").unwrap();
    let wgsl = emit(f, Target::Wgsl).unwrap();
    validators::wgsl_round_trip(wgsl.text.as_ref().unwrap()).unwrap();
    let outputs = &wgsl.typed_reflection.outputs;
    let place = |name: &str| {
        let v = outputs.iter().find(|v| v.name == name).unwrap();
        (v.referenced, v.location)
    };
    assert_eq!(place("t3"), (false, None));
    assert_eq!(place("orig"), (true, Some(3)));
    // An output never written keeps its location where no other takes it.
    let alone = text.replace("@TEXCOORD3) {", "@TEXCOORD4) {");
    let module = pigment_ir::parse(&alone).unwrap();
    let r = emit(module.functions.iter().next().unwrap().1, Target::Wgsl).unwrap();
    let t3 = r
        .typed_reflection
        .outputs
        .iter()
        .find(|v| v.name == "t3")
        .unwrap();
    assert_eq!(t3.location, Some(3));
}
