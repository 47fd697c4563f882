//! Random IR (pigment_naga::random, the fuzz targets' generator) compiled for arbfp1 and (vertex
//! functions, lookups replaced by constants) arbvp1: compiling never panics, a refusal names the
//! profile or is one of its limits, and every program compiled loads in Mesa's llvmpipe (a real
//! ARB_fragment_program / ARB_vertex_program implementation) and draws.

use gl_oracle::{Inputs, Oracle, VertexProgram};
use pigment_ir::{InstKind, Module, Op, SampleForm, Stage};
use proptest::prelude::*;
use std::cell::RefCell;

/// The generator's function with what ARB lacks replaced by what it has (explicit-LOD, bias and
/// gradient lookups by plain ones, derivatives by `abs`), so that most cases compile.
fn arb_expressible(f: &mut pigment_ir::Function) {
    pigment_ir::walk_mut(&mut f.body, &mut |inst| match &mut inst.kind {
        InstKind::Sample { form, .. } if !matches!(form, SampleForm::Proj) => {
            *form = SampleForm::Plain
        }
        InstKind::Op { op, .. } if op.is_derivative() => *op = Op::Abs,
        _ => {}
    });
}

thread_local! {
    static ORACLE: RefCell<Option<Oracle>> = const { RefCell::new(None) };
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]
    #[test]
    fn random_fragment_ir_compiles_to_arb_that_llvmpipe_loads(data in proptest::collection::vec(any::<u8>(), 0..300)) {
        let mut f = pigment_naga::random::function(&data);
        prop_assume!(f.stage == Stage::Fragment);
        arb_expressible(&mut f);
        let name = f.name.clone();
        let mut module = Module::new();
        module.functions.append(f.clone());
        match pigment_arb::arbfp1(&module, &name, &Default::default()) {
            Ok(arb) => {
                let drawn = ORACLE.with(|o| {
                    let mut o = o.borrow_mut();
                    let oracle = o.get_or_insert_with(|| Oracle::new().expect("llvmpipe (scripts/test installs Mesa)"));
                    let inputs = Inputs { locals: arb.locals.clone(), textures: Vec::new() };
                    oracle.draw_reference_quad(&arb.text, 2, 2, &inputs).map(|_| ())
                });
                prop_assert!(drawn.is_ok(), "{:?}\n{}\n{}", drawn.err(), arb.text, pigment_ir::print_function(&f));
            }
            Err(errors) => {
                for d in &errors {
                    prop_assert!(d.message.contains("arbfp1") || d.code().is_some(), "{}\n{}", d.message, pigment_ir::print_function(&f));
                }
            }
        }
    }
}

/// Shows the vertex program's TEXCOORD0 (the generator's vertex functions write only POSITION, so
/// this draws what the rasterizer makes of the position).
const SHOW: &str = "!!ARBfp1.0\nMOV result.color, fragment.texcoord[0];\nEND\n";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]
    #[test]
    fn random_vertex_ir_compiles_to_arb_that_llvmpipe_loads(data in proptest::collection::vec(any::<u8>(), 0..300)) {
        let mut f = pigment_naga::random::function(&data);
        prop_assume!(f.stage == Stage::Vertex);
        pigment_naga::random::without_lookups(&mut f);
        let name = f.name.clone();
        let mut module = Module::new();
        module.functions.append(f.clone());
        match pigment_arb::arbvp1(&module, &name) {
            Ok(arb) => {
                let drawn = ORACLE.with(|o| {
                    let mut o = o.borrow_mut();
                    let oracle = o.get_or_insert_with(|| Oracle::new().expect("llvmpipe (scripts/test installs Mesa)"));
                    let vertex = VertexProgram { text: &arb.text, locals: &arb.locals };
                    oracle.draw_with_vertex_program(vertex, SHOW, 2, 2, &Inputs::default()).map(|_| ())
                });
                prop_assert!(drawn.is_ok(), "{:?}\n{}\n{}", drawn.err(), arb.text, pigment_ir::print_function(&f));
            }
            Err(errors) => {
                for d in &errors {
                    prop_assert!(d.message.contains("arbvp1") || d.code().is_some(), "{}\n{}", d.message, pigment_ir::print_function(&f));
                }
            }
        }
    }
}
