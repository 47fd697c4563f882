//! arbvp1's header as cgc writes it: the `#var` lines of a vertex program's varying inputs and
//! outputs. Each input names the attribute cgc binds it to (`DIFFUSE` and `COLOR` are `COLOR0`,
//! `BLENDWEIGHT` `WEIGHT`, `TEXCOORD` `TEXCOORD0`, `PSIZE` `ATTR6`, `TANGENT` `ATTR14`), each
//! result cgc's short resource (`HPOS`, `COL0`, `TEX0`..`TEX7`, `BCOL0`, `FOGC`, `PSIZ`). The
//! expected lines are cgc 3.1's (`cgc -profile arbvp1 -entry main_vertex`) for the same programs,
//! written out by hand; uniforms are left out (Pigment binds them from `program.local[64]`, cgc
//! from wherever its constants leave room).

/// Conventional and generic inputs, and outputs declared as parameters.
const PARAMETERS: &str = "void main_vertex(float4 position : POSITION, float4 n : NORMAL,
  float4 d : DIFFUSE, float4 s : SPECULAR, float4 tc : TEXCOORD, float4 a3 : ATTR6,
  float4 bw : BLENDWEIGHT, float fc : FOGCOORD, float4 tg : TANGENT,
  out float4 oPos : POSITION, out float4 o0 : TEXCOORD, out float4 oc : COLOR0,
  out float4 os : COLOR1, out float4 ob : BCOL0, out float4 o2 : TEXCOORD2, out float4 o3 : TEX3)
{
  oPos = position + n; o0 = d + s + tc; oc = a3 + bw + fc; os = tg; ob = n; o2 = s; o3 = d;
}
";

const PARAMETERS_CGC: &str = "\
#var float4 position : $vin.POSITION : POSITION : 0 : 1
#var float4 n : $vin.NORMAL : NORMAL : 1 : 1
#var float4 d : $vin.DIFFUSE : COLOR0 : 2 : 1
#var float4 s : $vin.SPECULAR : COLOR1 : 3 : 1
#var float4 tc : $vin.TEXCOORD : TEXCOORD0 : 4 : 1
#var float4 a3 : $vin.ATTR6 : ATTR6 : 5 : 1
#var float4 bw : $vin.BLENDWEIGHT : WEIGHT : 6 : 1
#var float fc : $vin.FOGCOORD : FOG : 7 : 1
#var float4 tg : $vin.TANGENT : ATTR14 : 8 : 1
#var float4 oPos : $vout.POSITION : HPOS : 9 : 1
#var float4 o0 : $vout.TEXCOORD : TEX0 : 10 : 1
#var float4 oc : $vout.COLOR0 : COL0 : 11 : 1
#var float4 os : $vout.COLOR1 : COL1 : 12 : 1
#var float4 ob : $vout.BCOL0 : BCOL0 : 13 : 1
#var float4 o2 : $vout.TEXCOORD2 : TEX2 : 14 : 1
#var float4 o3 : $vout.TEX3 : TEX3 : 15 : 1
";

/// The semantics that alias a generic attribute, an explicit generic one, numbered semantics.
const ALIASES: &str = "void main_vertex(float4 position : POSITION0, float4 bn : BINORMAL,
  float4 ps : PSIZE, float4 bi : BLENDINDICES, float4 c0 : COLOR0, float4 t3 : TEXCOORD3,
  float4 a0 : ATTR1, float4 t7 : TEXCOORD7, float4 n : NORMAL0,
  out float4 oPos : POSITION, out float4 o0 : TEXCOORD0)
{
  oPos = position; o0 = bn + ps + bi + c0 + t3 + a0 + t7 + n;
}
";

const ALIASES_CGC: &str = "\
#var float4 position : $vin.POSITION0 : POSITION : 0 : 1
#var float4 bn : $vin.BINORMAL : ATTR15 : 1 : 1
#var float4 ps : $vin.PSIZE : ATTR6 : 2 : 1
#var float4 bi : $vin.BLENDINDICES : ATTR7 : 3 : 1
#var float4 c0 : $vin.COLOR0 : COLOR0 : 4 : 1
#var float4 t3 : $vin.TEXCOORD3 : TEXCOORD3 : 5 : 1
#var float4 a0 : $vin.ATTR1 : ATTR1 : 6 : 1
#var float4 t7 : $vin.TEXCOORD7 : TEXCOORD7 : 7 : 1
#var float4 n : $vin.NORMAL0 : NORMAL : 8 : 1
#var float4 oPos : $vout.POSITION : HPOS : 9 : 1
#var float4 o0 : $vout.TEXCOORD0 : TEX0 : 10 : 1
";

/// Outputs as members of a returned struct (libretro's form): named after the entry, no parameter.
const RETURNED: &str = "struct out_vertex {
  float4 position : POSITION;
  float4 color : COLOR;
  float2 texCoord : TEXCOORD0;
  float4 t7 : TEXCOORD7;
  float4 c1 : COLOR1;
  float fog : FOG;
  float psize : PSIZE;
};
out_vertex main_vertex(float4 position : POSITION, float4 color : COLOR,
  float2 texCoord : TEXCOORD0, uniform float4x4 modelViewProj)
{
  out_vertex OUT;
  OUT.position = mul(modelViewProj, position);
  OUT.color = color;
  OUT.texCoord = texCoord;
  OUT.t7 = color * 2;
  OUT.c1 = color * 3;
  OUT.fog = texCoord.x;
  OUT.psize = texCoord.y;
  return OUT;
}
";

const RETURNED_CGC: &str = "\
#var float4 position : $vin.POSITION : POSITION : 0 : 1
#var float4 color : $vin.COLOR : COLOR0 : 1 : 1
#var float2 texCoord : $vin.TEXCOORD0 : TEXCOORD0 : 2 : 1
#var float4 main_vertex.position : $vout.POSITION : HPOS : -1 : 1
#var float4 main_vertex.color : $vout.COLOR : COL0 : -1 : 1
#var float2 main_vertex.texCoord : $vout.TEXCOORD0 : TEX0 : -1 : 1
#var float4 main_vertex.t7 : $vout.TEXCOORD7 : TEX7 : -1 : 1
#var float4 main_vertex.c1 : $vout.COLOR1 : COL1 : -1 : 1
#var float main_vertex.fog : $vout.FOG : FOGC : -1 : 1
#var float main_vertex.psize : $vout.PSIZE : PSIZ : -1 : 1
";

/// The `#var` lines of `program`'s varying inputs and outputs as Pigment's arbvp1 writes them.
fn varying_vars(program: &str) -> String {
    let options = pigment_cg::driver::Options {
        entry: "main_vertex".into(),
        profile: "arbvp1".into(),
        stage: Some(pigment_ir::Stage::Vertex),
        ..Default::default()
    };
    let front = pigment_cg::driver::run("header.cg", program.into(), &options);
    assert!(!front.has_errors(), "{:?}", front.diagnostics);
    let module =
        pigment_cg::lower::lower(&front.unit, front.checked.as_ref().unwrap(), front.expanded)
            .unwrap();
    let compiled = pigment_arb::arbvp1(&module, "main_vertex").unwrap();
    let lines = compiled
        .text
        .lines()
        .filter(|l| l.starts_with("#var") && (l.contains(": $vin.") || l.contains(": $vout.")));
    lines.map(|l| format!("{l}\n")).collect()
}

#[test]
fn inputs_and_outputs_declared_as_parameters_have_cgcs_resources() {
    assert_eq!(varying_vars(PARAMETERS), PARAMETERS_CGC);
}

#[test]
fn semantics_aliasing_generic_attributes_have_cgcs_resources() {
    assert_eq!(varying_vars(ALIASES), ALIASES_CGC);
}

#[test]
fn returned_struct_members_have_cgcs_resources() {
    assert_eq!(varying_vars(RETURNED), RETURNED_CGC);
}
