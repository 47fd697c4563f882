//! Cg vertex programs (issue 9): the stage each profile compiles, the vertex profiles' rules (each
//! broken once), and vertex entries of the shapes libretro's `main_vertex` uses lowered to IR and run
//! through `pigment_ir::interp::run_vertex`, with outputs computed by hand.

use pigment_cg::driver::{run, Options};
use pigment_diag::Diagnostic;
use pigment_ir::interp::{run_vertex, NoTextures, SampleRequest, Textures, VertexResult};
use pigment_ir::{Function, Handle, InstKind, Module, SampleForm, Stage, Vector};

fn options(entry: &str, profile: &str) -> Options {
    Options {
        entry: entry.into(),
        profile: profile.into(),
        ..Options::default()
    }
}

/// Front end and lowering; every error message on failure.
fn lower(src: &str, options: &Options) -> Result<Module, Vec<String>> {
    let front = run("test.cg", src.to_string(), options);
    let messages = |ds: &[Diagnostic]| ds.iter().map(|d| d.message.clone()).collect::<Vec<_>>();
    if front.has_errors() {
        return Err(messages(&front.diagnostics));
    }
    let checked = front.checked.as_ref().expect("checked");
    pigment_cg::lower::lower(&front.unit, checked, front.expanded).map_err(|e| messages(&e))
}

fn vertex(src: &str) -> Module {
    lower(src, &options("main_vertex", "vp40")).unwrap_or_else(|e| panic!("{e:?}"))
}

fn entry(m: &Module) -> &Function {
    &m.functions[Handle::from_index(0)]
}

/// One error whose message contains `expected`.
fn assert_error(src: &str, profile: &str, expected: &str) {
    let errors = lower(src, &options("main_vertex", profile)).expect_err("refused");
    assert!(
        errors.iter().any(|e| e.contains(expected)),
        "expected `{expected}` in {errors:?}"
    );
}

/// Runs the vertex function with attributes and uniform elements given by name (others 0).
fn run_named(
    f: &Function,
    attrs: &[(&str, &[f32])],
    uniforms: &[(&str, &[&[f32]])],
) -> VertexResult {
    run_textured(f, attrs, uniforms, &mut NoTextures)
}

fn run_textured(
    f: &Function,
    attrs: &[(&str, &[f32])],
    uniforms: &[(&str, &[&[f32]])],
    textures: &mut dyn Textures,
) -> VertexResult {
    let pad = |v: &[f32], n: u8| -> Vec<f32> {
        (0..n as usize)
            .map(|i| v.get(i).copied().unwrap_or(0.0))
            .collect()
    };
    let inputs: Vec<Vector> = f
        .inputs
        .iter()
        .map(|(_, i)| {
            let v = attrs
                .iter()
                .find(|(n, _)| *n == i.name)
                .map_or(&[][..], |a| a.1);
            Vector::floats(&pad(v, i.ty.width))
        })
        .collect();
    let unis: Vec<Vec<Vector>> = f
        .uniforms
        .iter()
        .map(|(_, u)| {
            let given = uniforms.iter().find(|(n, _)| *n == u.name);
            (0..u.array_len.unwrap_or(1) as usize)
                .map(|e| {
                    let v = given.and_then(|g| g.1.get(e)).copied().unwrap_or(&[]);
                    Vector::floats(&pad(v, u.ty.width))
                })
                .collect()
        })
        .collect();
    run_vertex(f, &inputs, &unis, textures).expect("runs")
}

/// The stored value of the output with `semantic`.
fn output(f: &Function, r: &VertexResult, semantic: &str) -> Vec<f32> {
    let (h, _) = f
        .outputs
        .iter()
        .find(|(_, o)| o.semantic.as_deref() == Some(semantic))
        .unwrap_or_else(|| panic!("no output {semantic} in {:?}", f.outputs));
    r.outputs[h.index()].value.to_f32s()
}

const MVP_ROWS: &[&[f32]] = &[
    &[2.0, 0.0, 0.0, 0.5],
    &[0.0, 3.0, 0.0, 0.0],
    &[0.0, 0.0, 1.0, 0.0],
    &[0.0, 0.0, 0.0, 1.0],
];

#[test]
fn out_parameters_and_mul_by_model_view_projection() {
    // libretro's plainest main_vertex.
    let m = vertex(
        "void main_vertex(float4 position : POSITION, out float4 oPosition : POSITION,
            uniform float4x4 modelViewProj, float2 tex : TEXCOORD, out float2 oTex : TEXCOORD)
         {
            oPosition = mul(modelViewProj, position);
            oTex = tex * 2.0;
         }",
    );
    let f = entry(&m);
    assert_eq!(f.stage, Stage::Vertex);
    let r = run_named(
        f,
        &[("position", &[1.0, -1.0, 0.0, 1.0]), ("tex", &[0.25, 0.75])],
        &[("modelViewProj", MVP_ROWS)],
    );
    // Rows times (1, -1, 0, 1): (2 + 0.5, -3, 0, 1).
    assert_eq!(output(f, &r, "POSITION"), [2.5, -3.0, 0.0, 1.0]);
    assert_eq!(output(f, &r, "TEXCOORD"), [0.5, 1.5]);
}

#[test]
fn a_returned_struct_with_members_that_name_no_semantic() {
    // crt-geom's shape: members without a semantic take the free TEXCOORDs in order.
    let m = vertex(
        "struct out_vertex {
            float4 position : POSITION;
            float2 texCoord : TEXCOORD0;
            float2 one;
            float mod_factor;
            float4 color : COLOR;
         };
         struct input { float2 video_size; float2 texture_size; float2 output_size; };
         out_vertex main_vertex(float4 position : POSITION, float2 tex : TEXCOORD0,
            float4 color : COLOR, uniform float4x4 modelViewProj, uniform input IN)
         {
            out_vertex OUT;
            OUT.position = mul(modelViewProj, position);
            OUT.texCoord = tex;
            OUT.one = 1.0 / IN.texture_size;
            OUT.mod_factor = tex.x * IN.texture_size.x * IN.output_size.x / IN.video_size.x;
            OUT.color = color;
            return OUT;
         }",
    );
    let f = entry(&m);
    let names: Vec<(&str, Option<&str>)> = f
        .outputs
        .iter()
        .map(|(_, o)| (o.name.as_str(), o.semantic.as_deref()))
        .collect();
    assert_eq!(
        names,
        [
            ("main_vertex.position", Some("POSITION")),
            ("main_vertex.texCoord", Some("TEXCOORD0")),
            ("main_vertex.one", Some("TEXCOORD1")),
            ("main_vertex.mod_factor", Some("TEXCOORD2")),
            ("main_vertex.color", Some("COLOR")),
        ]
    );
    let r = run_named(
        f,
        &[
            ("position", &[0.5, 0.5, 0.0, 1.0]),
            ("tex", &[0.5, 0.25]),
            ("color", &[0.1, 0.2, 0.3, 0.4]),
        ],
        &[
            (
                "modelViewProj",
                &[
                    &[1., 0., 0., 0.],
                    &[0., 1., 0., 0.],
                    &[0., 0., 1., 0.],
                    &[0., 0., 0., 1.],
                ],
            ),
            ("IN$video_size", &[&[256.0, 224.0]]),
            ("IN$texture_size", &[&[512.0, 256.0]]),
            ("IN$output_size", &[&[1024.0, 896.0]]),
        ],
    );
    assert_eq!(output(f, &r, "POSITION"), [0.5, 0.5, 0.0, 1.0]);
    assert_eq!(output(f, &r, "TEXCOORD1"), [1.0 / 512.0, 1.0 / 256.0]);
    // 0.5 · 512 · 1024 / 256 = 1024.
    assert_eq!(output(f, &r, "TEXCOORD2"), [1024.0]);
    assert_eq!(output(f, &r, "COLOR"), [0.1, 0.2, 0.3, 0.4]);
}

#[test]
fn members_never_assigned_stay_unwritten_and_leave_their_set_free() {
    // cgc 3.1 -profile arbvp1 binds this so: a TEX1, c TEX2; d (TEXCOORD1) and e are never
    // assigned, so they are not written and d does not take TEX1.
    let m = vertex(
        "struct V { float4 pos : POSITION; float2 a; float3 b : TEXCOORD0; float4 d : TEXCOORD1;
                    float e; float c; };
         V main_vertex(float4 p : POSITION) { V o; o.pos = p; o.a = p.xy; o.b = p.xyz; o.c = p.w; return o; }",
    );
    let f = entry(&m);
    let bound: Vec<(&str, Option<&str>)> = f
        .outputs
        .iter()
        .map(|(_, o)| (o.name.as_str(), o.semantic.as_deref()))
        .collect();
    assert_eq!(
        bound,
        [
            ("main_vertex.pos", Some("POSITION")),
            ("main_vertex.a", Some("TEXCOORD1")),
            ("main_vertex.b", Some("TEXCOORD0")),
            ("main_vertex.d", Some("TEXCOORD1")),
            ("main_vertex.e", None),
            ("main_vertex.c", Some("TEXCOORD2")),
        ]
    );
    let r = run_named(f, &[("p", &[1.0, 2.0, 3.0, 4.0])], &[]);
    let written: Vec<u8> = r.outputs.iter().map(|o| o.written.0).collect();
    assert_eq!(written, [0b1111, 0b11, 0b111, 0, 0, 0b1]);
}

#[test]
fn a_struct_built_with_a_constructor() {
    // phosphor-trails' shape: `coords = tex_coords(tex, ...)` into an `out` struct parameter.
    let m = vertex(
        "struct tex_coords { float2 tex; float2 prev; };
         void main_vertex(float4 position : POSITION, out float4 oPosition : POSITION,
            float2 tex : TEXCOORD0, out tex_coords coords : TEXCOORD0)
         {
            oPosition = position;
            coords = tex_coords(tex, tex + float2(0.5, 1.0));
         }",
    );
    let f = entry(&m);
    let r = run_named(
        f,
        &[("position", &[0.0, 0.0, 0.0, 1.0]), ("tex", &[0.25, 0.5])],
        &[],
    );
    let values: Vec<Vec<f32>> = r.outputs.iter().map(|o| o.value.to_f32s()).collect();
    assert_eq!(
        values,
        [vec![0.0, 0.0, 0.0, 1.0], vec![0.25, 0.5], vec![0.75, 1.5]]
    );
}

#[test]
fn loops_stay_loops() {
    let m = vertex(
        "float4 main_vertex(float4 p : POSITION, uniform int n, out float4 sum : TEXCOORD1) : POSITION
         {
            sum = 0;
            for (int i = 0; i < n; i++) { sum += p; }
            return p;
         }",
    );
    let f = entry(&m);
    let mut loops = 0;
    pigment_ir::walk(&f.body, &mut |i| {
        loops += matches!(i.kind, InstKind::Loop { .. }) as u32
    });
    assert_eq!(loops, 1);
    let inputs = [Vector::floats(&[1.0, 2.0, 3.0, 4.0])];
    let r = run_vertex(f, &inputs, &[vec![Vector::ints(&[3])]], &mut NoTextures).expect("runs");
    assert_eq!(output(f, &r, "TEXCOORD1"), [3.0, 6.0, 9.0, 12.0]);
}

/// Answers every lookup with its level of detail in x.
struct Lod;

impl Textures for Lod {
    fn sample(&mut self, r: &SampleRequest) -> [f32; 4] {
        [r.lod.unwrap_or(-1.0), r.bias.unwrap_or(-1.0), 0.0, 1.0]
    }
}

#[test]
fn explicit_lod_lookups_in_a_vertex_program() {
    let src = "float4 main_vertex(float4 p : POSITION, uniform sampler2D height,
            out float4 h : TEXCOORD0) : POSITION
         {
            h = tex2Dlod(height, float4(p.xy, 0, 2.5));
            return p;
         }";
    let m = vertex(src);
    let f = entry(&m);
    let mut lods = Vec::new();
    pigment_ir::walk(&f.body, &mut |i| {
        if let InstKind::Sample { form, .. } = &i.kind {
            lods.push(matches!(form, SampleForm::Lod { .. }));
        }
    });
    assert_eq!(lods, [true]);
    let r = run_textured(f, &[("p", &[0.0, 0.0, 0.0, 1.0])], &[], &mut Lod);
    assert_eq!(output(f, &r, "TEXCOORD0"), [2.5, -1.0, 0.0, 1.0]);
}

#[test]
fn bias_is_the_irs_texbias_outside_fp30() {
    let src = "float4 main(float2 uv : TEXCOORD0, uniform sampler2D s) : COLOR
         { return tex2Dbias(s, float4(uv, 0, -1)); }";
    let m = lower(
        src,
        &Options {
            profile: "fp40".into(),
            ..Options::default()
        },
    )
    .expect("lowers");
    let f = entry(&m);
    assert_eq!(f.stage, Stage::Fragment);
    let mut bias = 0;
    pigment_ir::walk(&f.body, &mut |i| {
        bias += matches!(
            &i.kind,
            InstKind::Sample {
                form: SampleForm::Bias { .. },
                ..
            }
        ) as u32
    });
    assert_eq!(bias, 1);
    // fp30 keeps cgc's emulation through explicit derivatives.
    let m = lower(src, &Options::default()).expect("lowers");
    let mut grad = 0;
    pigment_ir::walk(&entry(&m).body, &mut |i| {
        grad += matches!(
            &i.kind,
            InstKind::Sample {
                form: SampleForm::Grad { .. },
                ..
            }
        ) as u32
    });
    assert_eq!(grad, 1);
}

#[test]
fn the_stage_option_overrides_the_profile() {
    let src = "float4 main_vertex(float4 p : POSITION) : POSITION { return p; }";
    let m = lower(
        src,
        &Options {
            entry: "main_vertex".into(),
            profile: "fp30".into(),
            stage: Some(Stage::Vertex),
            ..Options::default()
        },
    )
    .expect("lowers");
    assert_eq!(entry(&m).stage, Stage::Vertex);
    for p in ["vp20", "vp30", "vp40", "arbvp1", "glslv"] {
        assert_eq!(pigment_cg::check::profile_stage(p), Stage::Vertex, "{p}");
    }
}

const VS: &str = "float4 main_vertex(float4 p : POSITION, uniform sampler2D s) : POSITION {";

#[test]
fn vertex_profiles_refuse_derivatives() {
    for f in ["ddx", "ddy", "fwidth"] {
        assert_error(
            &format!("{VS} return {f}(p); }}"),
            "vp40",
            &format!("`{f}` is not available in vertex profile `vp40`"),
        );
    }
}

#[test]
fn vertex_profiles_refuse_discard() {
    assert_error(
        &format!("{VS} if (p.x < 0) discard; return p; }}"),
        "glslv",
        "`discard` is not available in vertex profile `glslv`",
    );
    assert_error(
        &format!("{VS} clip(p.x); return p; }}"),
        "vp40",
        "`clip` is not available in vertex profile `vp40`",
    );
}

/// Records each lookup's coordinates and level of detail; answers (lod, 0, 0, 1).
struct Record(Vec<([f32; 4], Option<f32>, Option<f32>)>);

impl Textures for Record {
    fn sample(&mut self, r: &SampleRequest) -> [f32; 4] {
        self.0.push((r.quad_coords[r.fragment], r.lod, r.bias));
        [r.lod.unwrap_or(-1.0), 0.0, 0.0, 1.0]
    }
}

#[test]
fn vertex_lookups_without_a_level_of_detail_read_level_0() {
    // cgc accepts these in vp40 and glslv vertex programs: level 0, a bias added to it, a
    // projective lookup divided by q.
    let m = vertex(
        "float4 main_vertex(float4 p : POSITION, uniform sampler2D s, out float4 a : TEXCOORD0,
            out float4 b : TEXCOORD1, out float4 c : TEXCOORD2) : POSITION
         {
            a = tex2D(s, p.xy);
            b = tex2Dproj(s, p.xyw);
            c = tex2Dbias(s, float4(p.xy, 0, 1.5));
            return p;
         }",
    );
    let f = entry(&m);
    let mut forms = Vec::new();
    pigment_ir::walk(&f.body, &mut |i| {
        if let InstKind::Sample { form, .. } = &i.kind {
            forms.push(matches!(form, SampleForm::Lod { .. }));
        }
    });
    assert_eq!(forms, [true, true, true]);
    let mut rec = Record(Vec::new());
    run_textured(f, &[("p", &[2.0, 4.0, 0.0, 2.0])], &[], &mut rec);
    let looked: Vec<([f32; 2], Option<f32>)> = rec
        .0
        .iter()
        .map(|(c, lod, _)| ([c[0], c[1]], *lod))
        .collect();
    assert_eq!(
        looked,
        [
            ([2.0, 4.0], Some(0.0)),
            ([1.0, 2.0], Some(0.0)),
            ([2.0, 4.0], Some(1.5))
        ]
    );
}

#[test]
fn vertex_profiles_without_texture_fetch_refuse_every_lookup() {
    for profile in ["vp20", "vp30", "arbvp1"] {
        assert_error(
            &format!("{VS} return tex2Dlod(s, p); }}"),
            profile,
            "which has no texture lookups",
        );
    }
}

#[test]
fn explicit_lod_needs_a_profile_that_has_it() {
    let src = "float4 main(float4 uv : TEXCOORD0, uniform sampler2D s) : COLOR { return tex2Dlod(s, uv); }";
    for (profile, ok) in [
        ("fp30", false),
        ("arbfp1", false),
        ("fp40", true),
        ("glslf", true),
    ] {
        let r = lower(
            src,
            &Options {
                profile: profile.into(),
                ..Options::default()
            },
        );
        assert_eq!(r.is_ok(), ok, "{profile}: {r:?}");
    }
}

#[test]
fn vertex_semantics_are_checked() {
    assert_error(
        "float4 main_vertex(float4 p : WPOS) : POSITION { return p; }",
        "vp40",
        "`WPOS` is not a vertex attribute semantic of `vp40`",
    );
    assert_error(
        "float4 main_vertex(float4 p : POSITION) : DEPTH { return p; }",
        "vp40",
        "`DEPTH` is not an output semantic of vertex profile `vp40`",
    );
    // COLOR and COLOR0 are one output.
    assert_error(
        "void main_vertex(float4 p : POSITION, out float4 a : COLOR, out float4 b : COLOR0) { a = p; b = p; }",
        "vp40",
        "two outputs are bound to `COLOR0`",
    );
}

#[test]
fn vertex_attribute_semantics_are_upper_case_in_the_ir() {
    let m = vertex(
        "float4 main_vertex(float4 p : position, float4 n : normal, float4 a : attr3,
            out float4 c : color1) : POSITION { c = n + a; return p; }",
    );
    let f = entry(&m);
    let inputs: Vec<&str> = f
        .inputs
        .iter()
        .filter_map(|(_, i)| i.semantic.as_deref())
        .collect();
    assert_eq!(inputs, ["POSITION", "NORMAL", "ATTR3"]);
    assert_eq!(
        f.outputs
            .iter()
            .filter_map(|(_, o)| o.semantic.as_deref())
            .collect::<Vec<_>>(),
        ["COLOR1", "POSITION"]
    );
}

/// The vertex function `main_vertex` with struct `V`'s `members` (besides its POSITION) and
/// `stores` (`o.m = ...;`).
fn out_vertex(members: &str, stores: &str) -> String {
    format!(
        "struct V {{ float4 pos : POSITION; {members} }};
         V main_vertex(float4 p : POSITION) {{ V o; o.pos = p; {stores} return o; }}"
    )
}

/// The semantic and first component of each output, in declaration order.
fn bindings(f: &pigment_ir::Function) -> Vec<(String, u8)> {
    f.outputs
        .iter()
        .map(|(_, o)| (o.semantic.clone().unwrap_or_default(), o.component))
        .collect()
}

#[test]
fn a_ninth_unnamed_output_packs_into_the_free_components_of_a_used_set() {
    let members: String = (0..9).map(|i| format!("float2 t{i};")).collect();
    let stores: String = (0..9).map(|i| format!("o.t{i} = p.xy;")).collect();
    let m = lower(
        &out_vertex(&members, &stores),
        &options("main_vertex", "vp40"),
    )
    .expect("lowers");
    // Read from cgc 3.1's `-profile vp40` output: t0-t7 are $vout.TEX0-7, t8 $vout.TEX0, written
    // as `result.texcoord[0].zw`.
    let mut want = vec![("POSITION".to_string(), 0)];
    want.extend((0..8).map(|i| (format!("TEXCOORD{i}"), 0)));
    want.push(("TEXCOORD0".to_string(), 2));
    assert_eq!(bindings(entry(&m)), want);
}

#[test]
fn an_unnamed_output_goes_to_the_roomiest_set() {
    let members = "float3 a; float2 b : TEXCOORD1; float4 t2 : TEXCOORD2; float4 t3 : TEXCOORD3; \
                   float4 t4 : TEXCOORD4; float4 t5 : TEXCOORD5; float4 t6 : TEXCOORD6; \
                   float4 t7 : TEXCOORD7; float c;";
    let stores = "o.a = p.xyz; o.b = p.xy; o.t2 = p; o.t3 = p; o.t4 = p; o.t5 = p; o.t6 = p; \
                  o.t7 = p; o.c = p.w;";
    let m = lower(
        &out_vertex(members, stores),
        &options("main_vertex", "vp40"),
    )
    .expect("lowers");
    // Read from cgc 3.1's `-profile vp40` output: a is $vout.TEX0, c $vout.TEX1 written as
    // `result.texcoord[1].z` (TEX1 has two free components, TEX0 one).
    let got = bindings(entry(&m));
    assert_eq!(got[1], ("TEXCOORD0".to_string(), 0));
    assert_eq!(got[9], ("TEXCOORD1".to_string(), 2));
}

#[test]
fn an_unnamed_output_with_no_room_is_cgcs_c5041() {
    // cgc 3.1 refuses this with C5041 (TEX0 and TEX1 have one free component each).
    let members = "float2 a : TEXCOORD0; float3 b : TEXCOORD1; float4 t2 : TEXCOORD2; \
                   float4 t3 : TEXCOORD3; float4 t4 : TEXCOORD4; float4 t5 : TEXCOORD5; \
                   float4 t6 : TEXCOORD6; float4 t7 : TEXCOORD7; float3 c;";
    let stores = "o.a = p.xy; o.b = p.xyz; o.t2 = p; o.t3 = p; o.t4 = p; o.t5 = p; o.t6 = p; \
                  o.t7 = p; o.c = p.xyz;";
    let errors = lower(
        &out_vertex(members, stores),
        &options("main_vertex", "vp40"),
    )
    .expect_err("refused");
    assert!(
        errors[0].contains("C5041") && errors[0].contains("`main_vertex.c`"),
        "{errors:?}"
    );
}
