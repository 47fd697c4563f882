//! Lowering proven by execution: Parasol fragment shaders are lowered into the IR, run in the IR's
//! reference interpreter and, compiled by the fp30 back end, on nvfp's NV_fragment_program machine,
//! on random quads; outputs and discards must agree. The harness is the fp30 back end's own
//! (crates/fp30/tests/common), shared by path so the two differential tests cannot drift apart.

#[path = "../../fp30/tests/common/mod.rs"]
mod common;

use common::*;
use nvfp::exec::Machine;
use nvfp::isa::OutputReg;
use pigment_diag::SourceFiles;
use pigment_fp30::Binding;
use pigment_ir::{Handle, Module};

const SHADERS: &str = "package t;

module M is
  import com.io7m.parasol.Float as F;
  import com.io7m.parasol.Vector3f as V3;
  import com.io7m.parasol.Vector4f as V4;
  import com.io7m.parasol.Sampler2D as S;
  import com.io7m.parasol.Matrix4x4f as M4;
  import com.io7m.parasol.Fragment;

  type light is record colour : vector_4f, k : float end;

  function brighten (c : vector_3f, k : float) : vector_3f =
    V3.multiply_scalar (c, F.add (k, 1.0));

  shader fragment arithmetic is
    parameter gain : float;
    in colour : vector_3f;
    in cut : float;
    out o : vector_4f as 0;
    out depth d : float;
  with
    value b = brighten (colour, gain);
    discard (F.greater (cut, 0.5));
    value z = let value h = V3.dot (b, b); in if F.lesser (h, 4.0) then h else 4.0 end end;
    value m = V3.maximum (V3.subtract (b, colour), V3.negate (b));
    value rgba = new vector_4f (m [z y x], F.floor (z));
  as
    out o = rgba;
    out d = z;
  end;

  shader fragment textured is
    parameter t : sampler_2d;
    parameter tint : vector_4f;
    in uv : vector_2f;
    out o : vector_4f as 0;
  with
    value texel = S.texture (t, uv);
    value c = V4.interpolate (texel, tint, 0.25);
  as
    out o = c;
  end;

  shader fragment structured is
    parameter l : light;
    parameter m : matrix_4x4f;
    parameter n : matrix_4x4f;
    in p : vector_4f;
    out o : vector_4f as 0;
  with
    value mn = M4.multiply (m, n);
    value r = record light { k = F.multiply (l.k, 2.0), colour = M4.multiply_vector (mn, p) };
    value pick = if F.greater (p [x], 0.0) then r else l end;
    value w = V4.add (column mn 2, Fragment.coordinate);
    value c = V4.add (V4.multiply_scalar (pick.colour, pick.k), w);
  as
    out o = c;
  end;
end;
";

/// Lowers one shader into a module whose function is named `main`, as the harness expects.
fn lowered(shader: &str) -> Module {
    let mut files = SourceFiles::new();
    let (units, diags) =
        pigment_parasol::check_sources(&mut files, &[("t.p".into(), SHADERS.into())], false);
    assert!(diags.is_empty(), "{diags:?}");
    let mut func = pigment_parasol::lower::lower_fragment(&units, shader)
        .unwrap_or_else(|d| panic!("{shader}: {d:?}"));
    func.name = "main".into();
    let mut module = Module::new();
    module.functions.append(func);
    module
}

fn agree(ir: f32, nv: f32) -> bool {
    ir.to_bits() == nv.to_bits()
        || (ir.is_nan() && nv.is_nan())
        || (ir - nv).abs() <= 1e-6 * ir.abs().max(1.0)
}

#[test]
fn inputs_bind_in_declaration_order_and_outputs_to_colr_and_depr() {
    let module = lowered("t.M.arithmetic");
    let (compiled, _) = compile_and_load(&module);
    let input = |n: &str| {
        compiled.bindings.iter().find_map(|b| match b {
            Binding::Input { name, register } if name == n => Some(format!("{register:?}")),
            _ => None,
        })
    };
    assert_eq!(
        input("colour").as_deref(),
        Some("Tex(0)"),
        "{:?}",
        compiled.bindings
    );
    assert_eq!(input("cut").as_deref(), Some("Tex(1)"));
    let output = |n: &str| {
        compiled.bindings.iter().find_map(|b| match b {
            Binding::Output { name, register } if name == n => Some(*register),
            _ => None,
        })
    };
    assert_eq!(output("o"), Some(OutputReg::Colr));
    assert_eq!(output("d"), Some(OutputReg::Depr));
    assert!(
        compiled.text.contains("gain"),
        "the parameter keeps its Parasol name:\n{}",
        compiled.text
    );
}

#[test]
fn interpreter_and_machine_agree() {
    let mut failures = Vec::new();
    for shader in ["t.M.arithmetic", "t.M.textured", "t.M.structured"] {
        let module = lowered(shader);
        let func = &module.functions[Handle::from_index(0)];
        let (compiled, loaded) = compile_and_load(&module);
        let machine = Machine::new(&loaded);
        let mut rng = Rng::new(shader.len() as u64 * 0x9e37);
        for q in 0..300 {
            let case = make_case(func, &compiled, &loaded, &mut rng);
            let ir = run_ir(func, &case);
            let nv = run_nv(&machine, &case);
            for (f, ir) in ir.iter().enumerate() {
                if ir.discarded != nv.killed[f] {
                    failures.push(format!("{shader} quad {q} fragment {f}: discard differs"));
                    continue;
                }
                if ir.discarded {
                    continue;
                }
                for (o, value) in ir.outputs.iter().enumerate() {
                    let expected = value.value.to_f32s();
                    let got = nv_output(&compiled, func, &nv, o, f);
                    if !expected.iter().zip(&got).all(|(&a, &b)| agree(a, b)) {
                        failures.push(format!("{shader} quad {q} fragment {f} output {o}: interpreter {expected:?}, machine {got:?}"));
                    }
                }
            }
        }
    }
    failures.truncate(10);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
