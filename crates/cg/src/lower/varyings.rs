//! A vertex program's outputs that name no semantic (a member of libretro's `struct out_vertex`
//! without one, say): cgc binds each one the program writes by [`pigment_ir::varyings`]'s rule,
//! counting the sets the written outputs name, in declaration order: an unused texture
//! coordinate set while there is one, else the free components of a used one. The fp30 back end
//! binds a fragment function's unnamed inputs by the same rule (counting what it reads), so the two
//! stages meet when the fragment reads what the vertex writes.

use crate::check::semantics::vertex_output;
use pigment_diag::Diagnostic;
use pigment_ir::varyings::{pack_unnamed, texcoord_set, SETS};
use pigment_ir::{Function, Handle, InstKind, Output, SourceLoc};

/// Gives every written output without a semantic a `TEXCOORDn` and the component it starts at; an
/// error (cgc's C5041) for one that finds no room.
pub(super) fn bind_unnamed_outputs(func: &mut Function) -> Result<(), Vec<Diagnostic>> {
    let first_store = first_stores(func);
    let mut used = [0u8; SETS];
    for (h, o) in func.outputs.iter() {
        let set = o
            .semantic
            .as_deref()
            .and_then(vertex_output)
            .and_then(|c| texcoord_set(&c));
        if let (Some(_), Some(n)) = (first_store[h.index()], set) {
            used[usize::from(n)] = used[usize::from(n)].max(o.ty.width);
        }
    }
    let unnamed: Vec<Handle<Output>> = func
        .outputs
        .iter()
        .filter(|(h, o)| o.semantic.is_none() && first_store[h.index()].is_some())
        .map(|(h, _)| h)
        .collect();
    let widths: Vec<u8> = unnamed.iter().map(|&h| func.outputs[h].ty.width).collect();
    let mut errors = Vec::new();
    for (h, place) in unnamed.into_iter().zip(pack_unnamed(used, &widths)) {
        match place {
            Some(p) => {
                func.outputs[h].semantic = Some(format!("TEXCOORD{}", p.set));
                func.outputs[h].component = p.component;
            }
            None => {
                let d = Diagnostic::error(format!(
                    "C5041: cannot locate suitable resource to bind the output `{}`: it has no \
                     semantic and no texture coordinate set TEXCOORD0-7 has room for it; give \
                     it a semantic",
                    func.outputs[h].name
                ));
                errors.push(match first_store[h.index()].flatten() {
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

/// Where each output is first stored (`Some(loc)`), if the function stores it at all.
fn first_stores(func: &Function) -> Vec<Option<Option<SourceLoc>>> {
    let mut first_store: Vec<Option<Option<SourceLoc>>> = vec![None; func.outputs.len()];
    pigment_ir::walk(&func.body, &mut |inst| {
        if let InstKind::Store { output, .. } = inst.kind {
            if let Some(slot @ None) = first_store.get_mut(output.index()) {
                *slot = Some(inst.loc);
            }
        }
    });
    first_store
}
