//! `quad_vertex()`: the reference quad's vertex function passes the clip position and the
//! texture coordinate through, and gives the lights' normal (0, 0, 1, 0) and surface position
//! (the clip position).

use pigment_ir::interp::{run_vertex, NoTextures};
use pigment_ir::{Stage, Vector};

#[test]
fn quad_vertex_passes_position_and_texcoord_through() {
    let f = pigment_isl::quad_vertex();
    assert_eq!(f.stage, Stage::Vertex);
    assert!(pigment_ir::verify_function(&f).is_empty());
    let sem: Vec<_> = f.inputs.iter().map(|(_, i)| i.semantic.clone()).collect();
    assert_eq!(sem, [Some("POSITION".into()), Some("TEXCOORD0".into())]);
    let pos = Vector::floats(&[-1.0, 1.0, 0.0, 1.0]);
    let st = Vector::floats(&[0.0, 1.0, 0.0, 1.0]);
    let r = run_vertex(&f, &[pos, st], &[], &mut NoTextures).expect("runs");
    let outs: Vec<_> = f.outputs.iter().map(|(_, o)| o.semantic.clone()).collect();
    let want = ["POSITION", "TEXCOORD0", "TEXCOORD1", "TEXCOORD2"].map(|s| Some(s.to_string()));
    assert_eq!(outs, want);
    assert_eq!(r.outputs[0].value, pos);
    assert_eq!(r.outputs[1].value, st);
    assert_eq!(r.outputs[2].value, Vector::floats(&[0.0, 0.0, 1.0, 0.0]));
    assert_eq!(r.outputs[3].value, pos);
}
