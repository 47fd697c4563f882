//! The one reflection (docs/reflection.md): every target's reflection of the same Cg program reads
//! back into `pigment::reflection_schema::Reflection` unchanged (a serde round trip through the
//! JSON `--reflect json` prints), and every target describes the program's declarations alike —
//! the names, types and semantics of its inputs, outputs, uniforms and textures. The expected
//! lists are written from the Cg source below, not from any target's output.

mod common;

use pigment::reflection_schema::{Reflection, SCHEMA};
use pigment::{CompileRequest, Session, Stage, Target};

/// A fragment program with a struct input, a matrix, an array, a sampler with and one without a
/// unit, an entry-parameter uniform, and a uniform and an input the program never reads.
const FRAGMENT: &str = "\
struct VIn { float2 uv : TEXCOORD0; float4 col : COLOR0; float4 spare_in : TEXCOORD3; };
uniform float4 tint;
uniform float4x4 M;
uniform float k[3];
uniform float4 spare;
float4 main(VIn IN, uniform sampler2D decal : TEXUNIT0, uniform samplerCUBE env,
            uniform float2 video_size) : COLOR
{
    float4 c = tex2D(decal, IN.uv * video_size) * tint + texCUBE(env, IN.col.xyz);
    return mul(M, c) * k[1] * IN.col;
}
";

/// (name, type, semantic) of each entity, in declaration order: entry parameters, then globals,
/// then the return value (fp30-profile.md section 7, cgc's `#var` order).
type Declared = Vec<(&'static str, &'static str, Option<&'static str>)>;

fn fragment_inputs() -> Declared {
    vec![
        ("IN.uv", "float2", Some("TEXCOORD0")),
        ("IN.col", "float4", Some("COLOR0")),
        ("IN.spare_in", "float4", Some("TEXCOORD3")),
    ]
}

/// (name, type of one element, array size).
fn fragment_uniforms() -> Vec<(&'static str, &'static str, Option<u32>)> {
    vec![
        ("video_size", "float2", None),
        ("tint", "float4", None),
        ("M", "float4x4", None),
        ("k", "float", Some(3)),
        ("spare", "float4", None),
    ]
}

/// (name, type, dim, semantic).
fn fragment_textures() -> Vec<(
    &'static str,
    &'static str,
    &'static str,
    Option<&'static str>,
)> {
    vec![
        ("decal", "sampler2D", "2D", Some("TEXUNIT0")),
        ("env", "samplerCUBE", "CUBE", None),
    ]
}

/// The reflection of `source`'s `main` compiled for `target` (at `stage`), after a trip through
/// the JSON text `--reflect json` prints, checked equal to the typed value.
fn reflected(source: &str, target: &str, stage: Stage) -> Reflection {
    let mut session = Session::new();
    session.add_source("t.cg", source);
    let mut request = CompileRequest::new("t.cg", target.parse::<Target>().unwrap());
    request.stage = Some(stage);
    let artifact = session
        .compile(&request)
        .unwrap_or_else(|e| panic!("{target}: {e}"));
    let reflection = artifact.reflection().expect("every target reflects");
    let text = reflection.to_pretty_string();
    let back: Reflection = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{target}: {e}"));
    assert_eq!(
        &back,
        reflection.typed(),
        "{target}: the round trip changed it"
    );
    assert_eq!(back.schema, SCHEMA, "{target}");
    assert_eq!(back.stage, stage, "{target}");
    assert_eq!(back.entry.as_deref(), Some("main"), "{target}");
    back
}

fn varyings(list: &[pigment::reflection_schema::Varying]) -> Declared {
    let leak = |s: &str| -> &'static str { Box::leak(s.to_string().into_boxed_str()) };
    (list.iter())
        .map(|v| (leak(&v.name), leak(&v.ty), v.semantic.as_deref().map(leak)))
        .collect()
}

/// Every target that compiles a fragment stage: the fp30 family, Pigment's GLSL of each flavour,
/// and naga's.
fn fragment_targets() -> Vec<String> {
    let glsl = ["120", "330", "es300", "es100", "vulkan"].map(|v| format!("glsl:{v}"));
    let naga = ["spirv", "wgsl", "msl", "hlsl", "glsl-naga:330"].map(String::from);
    let fp30 = ["fp30", "arbfp1"].map(String::from);
    fp30.into_iter().chain(glsl).chain(naga).collect()
}

#[test]
fn every_target_reflects_a_fragment_program_as_the_source_declares_it() {
    for target in fragment_targets() {
        let r = reflected(FRAGMENT, &target, Stage::Fragment);
        assert_eq!(varyings(&r.inputs), fragment_inputs(), "{target}: inputs");
        assert_eq!(
            varyings(&r.outputs),
            [("main", "float4", Some("COLOR"))],
            "{target}: outputs"
        );
        let uniforms: Vec<_> = (r.uniforms.iter())
            .map(|u| (u.name.as_str(), u.ty.as_str(), u.array_size))
            .collect();
        assert_eq!(uniforms, fragment_uniforms(), "{target}: uniforms");
        assert!(r.uniforms.iter().all(|u| u.semantic.is_none()), "{target}");
        let textures: Vec<_> = (r.textures.iter())
            .map(|t| {
                (
                    t.name.as_str(),
                    t.ty.as_str(),
                    t.dim.as_str(),
                    t.semantic.as_deref(),
                )
            })
            .collect();
        assert_eq!(textures, fragment_textures(), "{target}: textures");
        // `decal` is on the unit its semantic names; every target that assigns units gives
        // `env` the next free one (fp30's `texunit 1`, the binding model's lowest free unit).
        let units: Vec<_> = r.textures.iter().map(|t| t.unit).collect();
        assert_eq!(units, [Some(0), Some(1)], "{target}: units");
    }
}

#[test]
fn each_target_family_fills_its_own_binding_keys() {
    let fp30 = reflected(FRAGMENT, "fp30", Stage::Fragment);
    // NV_fragment_program's attribute registers (NV_fragment_program spec, table X.1): TEXCOORD0
    // is f[TEX0], COLOR0 f[COL0]; a float colour result goes to o[COLR].
    assert_eq!(fp30.inputs[0].register.as_deref(), Some("TEX0"));
    assert_eq!(fp30.inputs[1].register.as_deref(), Some("COL0"));
    assert_eq!(fp30.outputs[0].register.as_deref(), Some("COLR"));
    // The matrix is four rows of parameters, `M[0]`..`M[3]`; `k`'s elements one each.
    assert_eq!(fp30.uniforms[2].parameters.len(), 4);
    assert!(fp30.kill == Some(false) && fp30.inputs[0].location.is_none());
    let spirv = reflected(FRAGMENT, "spirv", Stage::Fragment);
    // The binding model (ir's `slots`): TEXCOORD0 → 0, COLOR0 → 8; the fragment group is 1, its
    // buffer binding 0; unit u's texture at 1 + 2u and its sampler at 2 + 2u.
    assert_eq!(spirv.inputs[0].location, Some(0));
    assert_eq!(spirv.inputs[1].location, Some(8));
    let block = spirv.uniform_block.as_ref().unwrap();
    assert_eq!((block.group, block.binding), (1, 0));
    let env = &spirv.textures[1];
    assert_eq!(
        (env.group, env.binding, env.sampler_binding),
        (Some(1), Some(3), Some(4))
    );
    // std140 (OpenGL 4.6 section 7.6.2.2): a vec2 at 0, a vec4 at 16, the matrix's rows from 32,
    // the float array's elements 16 bytes apart from 96.
    let offsets: Vec<_> = spirv.uniforms.iter().map(|u| u.offset).collect();
    assert_eq!(offsets[..4], [Some(0), Some(16), Some(32), Some(96)]);
    assert_eq!(spirv.uniforms[3].stride, Some(16));
    assert!(spirv.inputs[0].register.is_none() && spirv.kill.is_none());
    let naga_glsl = reflected(FRAGMENT, "glsl-naga:330", Stage::Fragment);
    assert_eq!(
        naga_glsl.textures[1].sampler_binding, None,
        "combined samplers"
    );
    let glsl = reflected(FRAGMENT, "glsl:330", Stage::Fragment);
    assert_eq!(glsl.textures[1].target_type.as_deref(), Some("samplerCube"));
    assert!(glsl.uniforms[0].target_name.is_some() && glsl.uniform_block.is_none());
}

/// A vertex program: attributes, the clip position and a varying.
const VERTEX: &str = "\
void main(float4 p : POSITION, float2 uv : TEXCOORD0, uniform float4x4 mvp,
          out float4 op : POSITION, out float2 ouv : TEXCOORD0)
{
    op = mul(mvp, p);
    ouv = uv * 2;
}
";

#[test]
fn every_target_reflects_a_vertex_program_as_the_source_declares_it() {
    for target in [
        "arbvp1",
        "glsl:120",
        "glsl:330",
        "glsl:vulkan",
        "spirv",
        "wgsl",
        "msl",
    ] {
        let r = reflected(VERTEX, target, Stage::Vertex);
        assert_eq!(
            varyings(&r.inputs),
            [
                ("p", "float4", Some("POSITION")),
                ("uv", "float2", Some("TEXCOORD0"))
            ],
            "{target}: inputs"
        );
        assert_eq!(
            varyings(&r.outputs),
            [
                ("op", "float4", Some("POSITION")),
                ("ouv", "float2", Some("TEXCOORD0"))
            ],
            "{target}: outputs"
        );
        let uniforms: Vec<_> = r
            .uniforms
            .iter()
            .map(|u| (u.name.as_str(), u.ty.as_str()))
            .collect();
        assert_eq!(uniforms, [("mvp", "float4x4")], "{target}: uniforms");
    }
}

#[test]
fn an_nv_program_reflects_its_header_in_the_same_schema() {
    let mut session = Session::new();
    // cgc's header layout (fp30-profile.md section 7), written by hand.
    session.add_source(
        "p.fp",
        "!!FP1.0\n#profile fp30\n#program main\n\
         #var float2 uv : $vin.TEXCOORD0 : TEX0 : 0 : 1\n\
         #var float4 k[0] :  : k$0 : -1 : 1\n#var float4 k[1] :  : k$1 : -1 : 1\n\
         #var float4 main : $vout.COLOR : COL : -1 : 1\n\
         DECLARE k$0;\nDECLARE k$1;\nMOVR o[COLR], k$1;\nEND\n",
    );
    let artifact = session
        .compile(&CompileRequest::new("p.fp", Target::Fp30))
        .unwrap();
    let r = artifact.reflection().unwrap().typed();
    let text = serde_json::to_string(r).unwrap();
    assert_eq!(&serde_json::from_str::<Reflection>(&text).unwrap(), r);
    assert_eq!(varyings(&r.inputs), [("uv", "float2", Some("TEXCOORD0"))]);
    assert_eq!(r.uniforms.len(), 1);
    assert_eq!(
        (r.uniforms[0].name.as_str(), r.uniforms[0].array_size),
        ("k", Some(2))
    );
    assert_eq!(varyings(&r.outputs), [("main", "float4", Some("COLOR"))]);
}

/// GL's enum for each type the program's GLSL declares (OpenGL 4.6 core, table 7.3).
fn gl_type(code: u32) -> &'static str {
    match code {
        0x1406 => "float",
        0x8b50 => "vec2",
        0x8b51 => "vec3",
        0x8b52 => "vec4",
        0x8b5e => "sampler2D",
        0x8b60 => "samplerCube",
        _ => "an unexpected type",
    }
}

/// `NAME: ..., type HEX, ...` lines of one section of glslangValidator's `-q` report.
fn glslang_section(report: &str, title: &str) -> Vec<(String, u32)> {
    let lines = report.lines().skip_while(|l| *l != title).skip(1);
    (lines.take_while(|l| !l.is_empty()))
        .map(|l| {
            let (name, rest) = l.split_once(':').unwrap();
            let ty = rest
                .split(", ")
                .find_map(|f| f.strip_prefix("type "))
                .unwrap();
            let name = name.trim_end_matches("[0]").to_string();
            (name, u32::from_str_radix(ty, 16).unwrap())
        })
        .collect()
}

#[test]
fn glsl_reflection_agrees_with_glslang_s_own() {
    let mut session = Session::new();
    session.add_source("t.cg", FRAGMENT);
    let artifact = session
        .compile(&CompileRequest::new("t.cg", "glsl:330".parse().unwrap()))
        .unwrap();
    let dir = common::scratch("reflection-glslang");
    let file = common::write(&dir, "t.frag", artifact.text().unwrap());
    let out = std::process::Command::new("glslangValidator")
        .args(["-l", "-q", &file])
        .output()
        .expect("glslangValidator runs (scripts/test installs glslang-tools)");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{report}");
    let r = artifact.reflection().unwrap().typed();
    let ours = |name: &str| -> Option<String> {
        let uniform = (r.uniforms.iter()).find(|u| u.target_name.as_deref() == Some(name));
        let texture = (r.textures.iter()).find(|t| t.target_name.as_deref() == Some(name));
        uniform
            .map(|u| u.target_type.clone())
            .or(texture.map(|t| t.target_type.clone()))?
    };
    // glslang lists the uniforms the shader uses: each is in the reflection, with its GLSL type.
    let active = glslang_section(&report, "Uniform reflection:");
    assert_eq!(active.len(), 6, "{report}");
    for (name, ty) in &active {
        assert_eq!(
            ours(name).as_deref(),
            Some(gl_type(*ty)),
            "{name}: {report}"
        );
    }
    let outputs = glslang_section(&report, "Pipeline output reflection:");
    let names: Vec<_> = r
        .outputs
        .iter()
        .filter_map(|o| o.target_name.clone())
        .collect();
    assert_eq!(outputs, [(names[0].clone(), 0x8b52)], "{report}");
}
