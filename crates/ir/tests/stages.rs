//! Stages (issue 9): the `vertex fn` text form, explicit-LOD and biased lookups, the verifier's
//! vertex rules (each broken once) and `run_vertex`, with values computed by hand.

use pigment_ir::interp::*;
use pigment_ir::*;

fn only(module: &Module) -> &Function {
    &module.functions[Handle::from_index(0)]
}

/// The verifier's messages for the module in `text` (which must parse).
fn messages(text: &str) -> Vec<String> {
    let module = parse(text).unwrap_or_else(|e| panic!("{e:?}"));
    match verify(&module) {
        Ok(()) => Vec::new(),
        Err(es) => es.into_iter().map(|e| e.message).collect(),
    }
}

const VERTEX: &str = "\
vertex fn transform(
    in $position: float4 @POSITION,
    in $tex: float2 @TEXCOORD0,
    uniform $mvp: float4[4] matrix,
    uniform $scale: float2,
    sampler $height: sampler2d unit 1,
    out $opos: float4 @POSITION,
    out $otex: float2 @TEXCOORD0,
    out $ofog: float @FOG,
) {
  %0: float4 = input $position
  %1: float4 = uniform $mvp[0]
  %2: float = dot %1, %0
  %3: float4 = uniform $mvp[1]
  %4: float = dot %3, %0
  %5: float4 = uniform $mvp[2]
  %6: float = dot %5, %0
  %7: float4 = uniform $mvp[3]
  %8: float = dot %7, %0
  %9: float4 = construct %2, %4, %6, %8
  store $opos.xyzw, %9
  %10: float2 = input $tex
  %11: float2 = uniform $scale
  %12: float2 = mul %10, %11
  store $otex.xy, %12
  %13: float = const 1.0
  %14: float4 = texlod $height, %12, %13
  %15: float = swizzle %14.x
  store $ofog.x, %15
}
";

#[test]
fn vertex_functions_and_lod_lookups_round_trip() {
    let module = parse(VERTEX).expect("parses");
    assert_eq!(only(&module).stage, Stage::Vertex);
    assert_eq!(verify(&module), Ok(()));
    assert_eq!(print(&module), VERTEX);
}

#[test]
fn fn_without_a_stage_word_is_a_fragment_function() {
    let text = "\
fn main(
    in $uv: float2 @TEXCOORD0,
    sampler $s: sampler2d,
    out $color: float4 @COLOR,
) {
  %0: float2 = input $uv
  %1: float = const -0.5
  %2: float4 = texbias $s, %0, %1
  %3: float = const 2.0
  %4: float4 = texlod $s, %0, %3
  %5: float4 = add %2, %4
  store $color.xyzw, %5
}
";
    let module = parse(text).expect("parses");
    assert_eq!(only(&module).stage, Stage::Fragment);
    assert_eq!(Function::new("f").stage, Stage::Fragment);
    assert_eq!(verify(&module), Ok(()));
    assert_eq!(print(&module), text);
}

#[test]
fn a_stage_word_other_than_vertex_is_refused() {
    assert!(parse("fragment fn f() {\n}\n").is_err());
    assert!(parse("vertex f() {\n}\n").is_err());
}

#[test]
fn built_functions_keep_their_stage() {
    let mut b = FunctionBuilder::new("v");
    b.set_stage(Stage::Vertex);
    let f = b.finish().expect("builds");
    assert_eq!(f.stage, Stage::Vertex);
    assert!(print_function(&f).starts_with("vertex fn v() {"));
}

fn vertex_with(body: &str) -> String {
    format!(
        "vertex fn v(in $p: float4 @POSITION, sampler $s: sampler2d, out $o: float4 @POSITION) {{
  %0: float4 = input $p
  %1: float2 = swizzle %0.xy
  %2: float = swizzle %0.z
{body}
}}
"
    )
}

#[test]
fn vertex_functions_refuse_derivatives() {
    for op in ["ddx", "ddy"] {
        assert_eq!(
            messages(&vertex_with(&format!(
                "  %3: float4 = {op} %0\n  store $o, %3"
            ))),
            vec![format!(
                "`{op}` in a vertex function: derivatives exist only in fragment functions"
            )]
        );
    }
}

#[test]
fn vertex_functions_refuse_discard() {
    assert_eq!(
        messages(&vertex_with("  discard")),
        vec!["`discard` in a vertex function: only fragments can be discarded".to_string()]
    );
}

#[test]
fn vertex_functions_refuse_implicit_lod_lookups() {
    for (word, body) in [
        ("tex", "%3: float4 = tex $s, %1"),
        (
            "texproj",
            "%4: float3 = swizzle %0.xyw\n  %3: float4 = texproj $s, %4",
        ),
        ("texbias", "%3: float4 = texbias $s, %1, %2"),
    ] {
        assert_eq!(
            messages(&vertex_with(&format!("  {body}\n  store $o, %3"))),
            vec![format!(
                "`{word}` in `$s` needs derivatives, which a vertex function has none of; \
                 use `texlod` or `texgrad`"
            )],
            "{word}"
        );
    }
}

#[test]
fn vertex_functions_accept_explicit_lod_and_gradients() {
    assert!(messages(&vertex_with(
        "  %3: float4 = texlod $s, %1, %2\n  store $o, %3"
    ))
    .is_empty());
    assert!(messages(&vertex_with(
        "  %3: float4 = texgrad $s, %1, %1, %1\n  store $o, %3"
    ))
    .is_empty());
}

#[test]
fn the_same_instructions_are_valid_in_a_fragment_function() {
    let text = vertex_with("  %3: float4 = ddx %0\n  %4: float4 = tex $s, %1\n  discard").replacen(
        "vertex fn",
        "fn",
        1,
    );
    assert!(messages(&text).is_empty(), "{:?}", messages(&text));
}

#[test]
fn lod_and_bias_must_be_float_scalars() {
    let text = vertex_with("  %3: float4 = texlod $s, %1, %1\n  store $o, %3");
    assert_eq!(
        messages(&text),
        vec!["the level of detail of a lookup must be float, found float2".to_string()]
    );
    let text =
        vertex_with("  %4: half = cvt %2\n  %3: float4 = texbias $s, %1, %4\n  store $o, %3")
            .replacen("vertex fn", "fn", 1);
    assert_eq!(
        messages(&text),
        vec!["the bias of a lookup must be float, found half".to_string()]
    );
}

#[test]
fn lod_lookups_take_the_coordinates_of_their_dimension() {
    let text = vertex_with("  %3: float4 = texlod $s, %2, %2\n  store $o, %3");
    assert_eq!(
        messages(&text),
        vec![
            "a sampler2d lookup in `$s` takes float2..float3 coordinates, found float".to_string()
        ]
    );
}

/// Records every request's level of detail and bias; answers (s, t, lod, bias).
struct LodRecorder(Vec<(Option<f32>, Option<f32>)>);

impl Textures for LodRecorder {
    fn sample(&mut self, r: &SampleRequest) -> [f32; 4] {
        self.0.push((r.lod, r.bias));
        let c = r.quad_coords[r.fragment];
        [c[0], c[1], r.lod.unwrap_or(-1.0), r.bias.unwrap_or(-1.0)]
    }
}

fn identity() -> Vec<Vector> {
    (0..4)
        .map(|r| Vector::floats(&std::array::from_fn::<f32, 4, _>(|c| (r == c) as u8 as f32)))
        .collect()
}

#[test]
fn run_vertex_transforms_a_vertex() {
    let module = parse(VERTEX).expect("parses");
    let f = only(&module);
    // Rows of a matrix that scales x by 2, moves y by 0.5 (times w) and swaps nothing else.
    let mvp = vec![
        Vector::floats(&[2.0, 0.0, 0.0, 0.0]),
        Vector::floats(&[0.0, 1.0, 0.0, 0.5]),
        Vector::floats(&[0.0, 0.0, 1.0, 0.0]),
        Vector::floats(&[0.0, 0.0, 0.0, 1.0]),
    ];
    let inputs = [
        Vector::floats(&[0.25, -0.5, 0.0, 1.0]),
        Vector::floats(&[0.5, 0.75]),
    ];
    let uniforms = [mvp, vec![Vector::floats(&[2.0, 4.0])]];
    let mut rec = LodRecorder(Vec::new());
    let r = run_vertex(f, &inputs, &uniforms, &mut rec).expect("runs");
    // (2·0.25, −0.5 + 0.5·1, 0, 1); texcoord (0.5·2, 0.75·4); fog = the lookup's s.
    assert_eq!(r.outputs[0].value.to_f32s(), [0.5, 0.0, 0.0, 1.0]);
    assert_eq!(r.outputs[0].written, WriteMask(0b1111));
    assert_eq!(r.outputs[1].value.to_f32s(), [1.0, 3.0]);
    assert_eq!(r.outputs[2].value.to_f32s(), [1.0]);
    assert!(rec.0.iter().all(|&l| l == (Some(1.0), None)), "{:?}", rec.0);
}

#[test]
fn run_vertex_with_identity_passes_the_position_through() {
    let module = parse(VERTEX).expect("parses");
    let f = only(&module);
    let inputs = [
        Vector::floats(&[-1.0, 1.0, 0.5, 1.0]),
        Vector::floats(&[0.0, 1.0]),
    ];
    let uniforms = [identity(), vec![Vector::floats(&[1.0, 1.0])]];
    let r = run_vertex(f, &inputs, &uniforms, &mut NoTextures).expect("runs");
    assert_eq!(r.outputs[0].value.to_f32s(), [-1.0, 1.0, 0.5, 1.0]);
    assert_eq!(r.outputs[1].value.to_f32s(), [0.0, 1.0]);
    assert_eq!(r.outputs[2].value.to_f32s(), [0.0]);
}

#[test]
fn run_vertex_runs_loops() {
    // Sums 1 + 2 + ... + 4 into the position's x.
    let text = "\
vertex fn v(out $o: float4 @POSITION) {
  %0: int = const 0
  %1: float = const 0
  %2: float = loop (%3: int = %0, %4: float = %1) {
    %5: int = const 4
    %6: bool = ge %3, %5
    if %6 {
      break %4
    }
    %7: int = const 1
    %8: int = add %3, %7
    %9: float = cvt %8
    %10: float = add %4, %9
    continue %8, %10
  }
  %11: float4 = swizzle %2.xxxx
  store $o.xyzw, %11
}
";
    let module = parse(text).expect("parses");
    let r = run_vertex(only(&module), &[], &[], &mut NoTextures).expect("runs");
    assert_eq!(r.outputs[0].value.to_f32s(), [10.0; 4]);
}

#[test]
fn run_vertex_refuses_a_fragment_function() {
    let module = parse("fn f() {\n}\n").expect("parses");
    let e = run_vertex(only(&module), &[], &[], &mut NoTextures).expect_err("fragment");
    assert!(
        e.message.contains("is a fragment function"),
        "{}",
        e.message
    );
}

#[test]
fn fragment_lookups_pass_lod_and_bias_to_the_embedder() {
    let text = "\
fn main(in $uv: float2 @TEXCOORD0, sampler $s: sampler2d, out $a: float4 @COLOR0, out $b: float4 @COLOR1) {
  %0: float2 = input $uv
  %1: float = const -0.5
  %2: float4 = texbias $s, %0, %1
  store $a, %2
  %3: float = const 3
  %4: float4 = texlod $s, %0, %3
  store $b, %4
}
";
    let module = parse(text).expect("parses");
    let mut rec = LodRecorder(Vec::new());
    let r = run_fragment(
        only(&module),
        &[Vector::floats(&[0.25, 0.5])],
        &[],
        &mut rec,
    )
    .expect("runs");
    assert_eq!(r.outputs[0].value.to_f32s(), [0.25, 0.5, -1.0, -0.5]);
    assert_eq!(r.outputs[1].value.to_f32s(), [0.25, 0.5, 3.0, -1.0]);
    assert_eq!(rec.0.len(), 8);
    assert_eq!(rec.0[0], (None, Some(-0.5)));
    assert_eq!(rec.0[4], (Some(3.0), None));
}
