//! Lowering fragment and vertex shaders into the IR, proven by running the IR's reference interpreter on
//! chosen inputs and comparing with values computed by hand from the spec's semantics.

use pigment_diag::SourceFiles;
use pigment_ir::interp::{run_fragment, run_vertex, NoTextures};
use pigment_ir::{Function, Vector};

fn lower(text: &str, shader: &str) -> Function {
    let mut files = SourceFiles::new();
    let (units, diags) =
        pigment_parasol::check_sources(&mut files, &[("t.p".into(), text.into())], false);
    assert!(diags.is_empty(), "{diags:?}");
    pigment_parasol::lower::lower_fragment(&units, shader).unwrap_or_else(|d| panic!("{d:?}"))
}

const SHADER: &str = "package t;

module M is
  import com.io7m.parasol.Float as F;
  import com.io7m.parasol.Vector3f as V3;

  function brighten (c : vector_3f, k : float) : vector_3f =
    V3.multiply_scalar (c, F.add (k, 1.0));

  shader fragment f is
    parameter gain : float;
    in colour : vector_3f;
    in cut : float;
    out o : vector_4f as 0;
    out depth d : float;
  with
    value b = brighten (colour, gain);
    discard (F.greater (cut, 0.5));
    value z = let value h = V3.dot (b, b); in if F.lesser (h, 4.0) then h else 4.0 end end;
    value rgba = new vector_4f (b [z y x], new float (1));
  as
    out o = rgba;
    out d = z;
  end;
end;
";

#[test]
fn a_fragment_shader_computes_what_the_spec_says() {
    let f = lower(SHADER, "t.M.f");
    // Inputs bind to TEXCOORD0, TEXCOORD1 in declaration order; outputs are COLOR and DEPTH.
    let semantics: Vec<_> = f
        .inputs
        .iter()
        .map(|(_, i)| i.semantic.clone().unwrap_or_default())
        .collect();
    assert_eq!(semantics, ["TEXCOORD0", "TEXCOORD1"]);
    // gain = 1: b = colour * 2 = (0.5, 0.25, 0.125); dot = 0.25 + 0.0625 + 0.015625 = 0.328125 < 4.
    let inputs = [
        Vector::floats(&[0.25, 0.125, 0.0625]),
        Vector::floats(&[0.0]),
    ];
    let uniforms = [vec![Vector::floats(&[1.0])]];
    let r = run_fragment(&f, &inputs, &uniforms, &mut NoTextures).expect("runs");
    assert!(!r.discarded);
    assert_eq!(r.outputs[0].value.to_f32s(), [0.125, 0.25, 0.5, 1.0]);
    assert_eq!(r.outputs[1].value.to_f32s(), [0.328125]);
    // colour = (1, 1, 1), gain = 1: b = (2, 2, 2), dot = 12, clamped by the `if` to 4.
    let inputs = [Vector::floats(&[1.0, 1.0, 1.0]), Vector::floats(&[0.75])];
    let r = run_fragment(&f, &inputs, &uniforms, &mut NoTextures).expect("runs");
    assert!(r.discarded, "cut > 0.5 discards");
    assert_eq!(r.outputs[1].value.to_f32s(), [4.0]);
}

#[test]
fn unsupported_lookups_are_reported_not_miscompiled() {
    let text = "package t;\nmodule M is\n  import com.io7m.parasol.Sampler2D as S;\n  shader fragment f is\n    parameter t : sampler_2d;\n    in uv : vector_2f;\n    out o : vector_4f as 0;\n  with\n    value v = S.texture_with_offset (t, uv, new vector_2i (1, 0));\n  as\n    out o = v;\n  end;\nend;\n";
    let mut files = SourceFiles::new();
    let (units, diags) =
        pigment_parasol::check_sources(&mut files, &[("t.p".into(), text.into())], false);
    assert!(diags.is_empty(), "{diags:?}");
    let err = pigment_parasol::lower::lower_fragment(&units, "t.M.f").expect_err("unsupported");
    assert_eq!(err.code(), Some(pigment_parasol::lower::LOWER_UNSUPPORTED));
}

#[test]
fn records_and_matrices_are_split() {
    let text = "package t;
module M is
  import com.io7m.parasol.Matrix3x3f as M3;
  type light is record colour : vector_3f, k : float end;
  shader fragment f is
    parameter l : light;
    parameter m : matrix_3x3f;
    in n : vector_3f;
    out o : vector_3f as 0;
  with
    value r = record light { k = 2.0, colour = M3.multiply_vector (m, n) };
    value pick = if true then r else l end;
    value c = column m 1;
    value v = new vector_3f (pick.colour [x y], c [z]);
  as
    out o = v;
  end;
end;
";
    let f = lower(text, "t.M.f");
    // Record parameters become `name$field` uniforms; a matrix one array of its columns.
    let names: Vec<_> = f
        .uniforms
        .iter()
        .map(|(_, u)| (u.name.clone(), u.array_len))
        .collect();
    assert_eq!(
        names,
        [
            ("l$colour".to_string(), None),
            ("l$k".to_string(), None),
            ("m".to_string(), Some(3))
        ]
    );
    // m's columns (1,0,0), (0,2,0), (0,0,3); n = (1,1,1): m n = (1, 2, 3); column 1 is (0, 2, 0).
    let uniforms = [
        vec![Vector::floats(&[9.0, 9.0, 9.0])],
        vec![Vector::floats(&[9.0])],
        vec![
            Vector::floats(&[1.0, 0.0, 0.0]),
            Vector::floats(&[0.0, 2.0, 0.0]),
            Vector::floats(&[0.0, 0.0, 3.0]),
        ],
    ];
    let r = run_fragment(
        &f,
        &[Vector::floats(&[1.0, 1.0, 1.0])],
        &uniforms,
        &mut NoTextures,
    )
    .expect("runs");
    assert_eq!(r.outputs[0].value.to_f32s(), [1.0, 2.0, 0.0]);
}

#[test]
fn a_vertex_shader_transforms_and_passes_varyings() {
    let text = "package t;
module M is
  import com.io7m.parasol.Matrix4x4f as M4;
  import com.io7m.parasol.Integer as I;
  shader vertex v is
    parameter mvp : matrix_4x4f;
    parameter k : integer;
    in position : vector_4f;
    in uv : vector_2f;
    out vertex clip : vector_4f;
    out f_uv : vector_2f;
    out wrapped : integer;
  with
    value p = M4.multiply_vector (mvp, position);
    value big = I.add (k, 1);
  as
    out clip = p;
    out f_uv = uv;
    out wrapped = big;
  end;
end;
";
    let mut files = SourceFiles::new();
    let (units, diags) =
        pigment_parasol::check_sources(&mut files, &[("t.p".into(), text.into())], false);
    assert!(diags.is_empty(), "{diags:?}");
    let f =
        pigment_parasol::lower::lower_vertex(&units, "t.M.v").unwrap_or_else(|d| panic!("{d:?}"));
    let inputs: Vec<_> = f
        .inputs
        .iter()
        .map(|(_, i)| i.semantic.clone().unwrap_or_default())
        .collect();
    assert_eq!(inputs, ["ATTR0", "ATTR1"]);
    let outputs: Vec<_> = f
        .outputs
        .iter()
        .map(|(_, o)| o.semantic.clone().unwrap_or_default())
        .collect();
    assert_eq!(outputs, ["POSITION", "TEXCOORD0", "TEXCOORD1"]);
    // mvp = scale by 2 with translation (1, 2, 3) in the last column; position (1, 1, 1, 1):
    // 2*(1,1,1) + (1,2,3) = (3, 4, 5), w = 1. k = 2^31 - 1 wraps to -2^31 when 1 is added.
    let mvp = vec![
        Vector::floats(&[2.0, 0.0, 0.0, 0.0]),
        Vector::floats(&[0.0, 2.0, 0.0, 0.0]),
        Vector::floats(&[0.0, 0.0, 2.0, 0.0]),
        Vector::floats(&[1.0, 2.0, 3.0, 1.0]),
    ];
    let uniforms = [mvp, vec![Vector::ints(&[i32::MAX])]];
    let inputs = [
        Vector::floats(&[1.0, 1.0, 1.0, 1.0]),
        Vector::floats(&[0.25, 0.75]),
    ];
    let r = run_vertex(&f, &inputs, &uniforms, &mut NoTextures).expect("runs");
    assert_eq!(r.outputs[0].value.to_f32s(), [3.0, 4.0, 5.0, 1.0]);
    assert_eq!(r.outputs[1].value.to_f32s(), [0.25, 0.75]);
    assert_eq!(r.outputs[2].value.i32(0), i32::MIN);
}

#[test]
fn derived_library_functions() {
    let text = "package t;
module M is
  import com.io7m.parasol.Float as F;
  import com.io7m.parasol.Integer as I;
  import com.io7m.parasol.Vector3f as V3;
  shader fragment f is
    in x : float;
    in i : vector_3f;
    out o : vector_4f as 0;
  with
    value m = F.modulo (x, 3.0);
    value s = F.sign (x);
    value t = F.tangent (0.0);
    value q = new float (I.divide (7, 2));
    value r = V3.refract (i, new vector_3f (0.0, 0.0, 1.0), 1.0);
    value result = new vector_4f (m, s, F.add (t, q), r [z]);
  as
    out o = result;
  end;
end;
";
    let f = lower(text, "t.M.f");
    // mod(-1, 3) = 2 (GLSL's floor-based mod); sign(-1) = -1; tan(0) + 7/2 (truncated) = 3;
    // refract straight through a surface with e = 1 keeps the direction: z = -1.
    let inputs = [Vector::floats(&[-1.0]), Vector::floats(&[0.0, 0.0, -1.0])];
    let r = run_fragment(&f, &inputs, &[], &mut NoTextures).expect("runs");
    assert_eq!(r.outputs[0].value.to_f32s(), [2.0, -1.0, 3.0, -1.0]);
}

#[test]
fn a_program_connects_vertex_outputs_to_fragment_inputs_by_name() {
    // The vertex shader declares its varyings in the opposite order to the fragment's inputs.
    let text = "package t;
module M is
  import com.io7m.parasol.Vector2f as V2;
  shader vertex v is
    in position : vector_4f;
    out vertex clip : vector_4f;
    out b : vector_2f;
    out a : vector_2f;
  with
    value pa = position [x y];
    value pb = position [z w];
  as
    out clip = position;
    out b = pb;
    out a = pa;
  end;
  shader fragment f is
    in a : vector_2f;
    in b : vector_2f;
    out o : vector_2f as 0;
  with
    value d = V2.subtract (a, b);
  as
    out o = d;
  end;
  shader program p is
    vertex v;
    fragment f;
  end;
end;
";
    let mut files = SourceFiles::new();
    let (units, diags) =
        pigment_parasol::check_sources(&mut files, &[("t.p".into(), text.into())], false);
    assert!(diags.is_empty(), "{diags:?}");
    let (vf, ff) =
        pigment_parasol::lower::lower_program(&units, "t.M.p").unwrap_or_else(|d| panic!("{d:?}"));
    let position = Vector::floats(&[1.0, 2.0, 10.0, 20.0]);
    let out = run_vertex(&vf, &[position], &[], &mut NoTextures).expect("runs");
    // Feed each fragment input the vertex output with the same semantic.
    let inputs: Vec<Vector> = ff
        .inputs
        .iter()
        .map(|(_, i)| {
            let (n, _) = vf
                .outputs
                .iter()
                .enumerate()
                .find(|(_, (_, o))| o.semantic == i.semantic)
                .expect("a vertex output feeds every input");
            out.outputs[n].value
        })
        .collect();
    let r = run_fragment(&ff, &inputs, &[], &mut NoTextures).expect("runs");
    // a - b = (1, 2) - (10, 20) = (-9, -18).
    assert_eq!(r.outputs[0].value.to_f32s(), [-9.0, -18.0]);
}
