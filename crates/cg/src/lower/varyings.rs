//! A vertex program's outputs that name no semantic (a member of libretro's `struct out_vertex`
//! without one, say): cgc passes each one the program writes in the lowest texture coordinate set
//! that no written output names, in declaration order. The fragment side binds the inputs of the
//! same struct by the same rule (the fp30 back end's `bind_inputs`: read inputs in declaration
//! order, lowest free set), so the two stages meet when the fragment reads what the vertex writes.

use crate::check::semantics::vertex_output;
use pigment_diag::Diagnostic;
use pigment_ir::{Function, InstKind, SourceLoc};

/// Gives every written output without a semantic a free `TEXCOORDn`; an error when none is left.
pub(super) fn bind_unnamed_outputs(func: &mut Function) -> Result<(), Vec<Diagnostic>> {
    let mut first_store: Vec<Option<Option<SourceLoc>>> = vec![None; func.outputs.len()];
    pigment_ir::walk(&func.body, &mut |inst| {
        if let InstKind::Store { output, .. } = inst.kind {
            if let Some(slot @ None) = first_store.get_mut(output.index()) {
                *slot = Some(inst.loc);
            }
        }
    });
    let mut taken = [false; 8];
    for (h, o) in func.outputs.iter() {
        let canonical = o.semantic.as_deref().and_then(vertex_output);
        if let (Some(_), Some(n)) = (
            first_store[h.index()],
            canonical
                .as_deref()
                .and_then(|c| c.strip_prefix("TEXCOORD")),
        ) {
            if let Ok(n) = n.parse::<usize>() {
                taken[n] = true;
            }
        }
    }
    let mut errors = Vec::new();
    let unnamed: Vec<_> = func
        .outputs
        .iter()
        .filter(|(h, o)| o.semantic.is_none() && first_store[h.index()].is_some())
        .map(|(h, _)| h)
        .collect();
    for h in unnamed {
        match taken.iter().position(|&t| !t) {
            Some(n) => {
                taken[n] = true;
                func.outputs[h].semantic = Some(format!("TEXCOORD{n}"));
            }
            None => {
                let loc = first_store[h.index()].flatten();
                let d = Diagnostic::error(format!(
                    "the output `{}` has no semantic and every texture coordinate set \
                     TEXCOORD0-7 is taken; give it a semantic",
                    func.outputs[h].name
                ));
                errors.push(match loc {
                    Some(l) => d.at(l.file, l.span),
                    None => d,
                });
            }
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
