//! One colour output of a shader that writes several (`COLOR0`..`COLORn`, Parasol's `out x as n`):
//! NV_fragment_program has a single colour register, so such a shader compiles once per output, as
//! a renderer without multiple render targets draws it once per target. [`select`] keeps the stores
//! to the chosen output, which becomes `COLOR0`, and drops the other colour outputs' stores; the
//! IR's dead-code elimination then removes what only they needed.

use crate::diag::error_at;
use pigment_diag::Diagnostic;
use pigment_ir::{Block, Function, Handle, InstKind, Output};

/// The colour output number of a semantic (`COLOR` and `COL` are 0), if it is one.
pub fn color_index(semantic: &str) -> Option<u32> {
    let upper = semantic.to_ascii_uppercase();
    let digits = upper
        .strip_prefix("COLOR")
        .or_else(|| upper.strip_prefix("COL"))?;
    if digits.is_empty() {
        Some(0)
    } else {
        digits.parse().ok()
    }
}

/// The colour outputs `func` declares, by number.
pub fn color_outputs(func: &Function) -> Vec<(u32, Handle<Output>)> {
    let mut found: Vec<_> = (func.outputs.iter())
        .filter_map(|(h, o)| Some((color_index(o.semantic.as_deref()?)?, h)))
        .collect();
    found.sort();
    found
}

/// Makes colour output `n` the function's only one (as `COLOR0`).
pub fn select(func: &mut Function, n: u32) -> Result<(), Vec<Diagnostic>> {
    let outputs = color_outputs(func);
    let Some(&(_, keep)) = outputs.iter().find(|(k, _)| *k == n) else {
        let numbers: Vec<String> = outputs.iter().map(|(k, _)| k.to_string()).collect();
        return Err(vec![error_at(
            None,
            format!(
                "`{}` has no colour output {n} (its colour outputs: {})",
                func.name,
                numbers.join(", ")
            ),
        )]);
    };
    let dropped: Vec<Handle<Output>> = outputs
        .iter()
        .map(|&(_, h)| h)
        .filter(|&h| h != keep)
        .collect();
    drop_stores(&mut func.body, &dropped);
    func.outputs[keep].semantic = Some("COLOR0".into());
    for h in dropped {
        func.outputs[h].semantic = None;
    }
    Ok(())
}

fn drop_stores(block: &mut Block, dropped: &[Handle<Output>]) {
    block.insts.retain(
        |inst| !matches!(inst.kind, InstKind::Store { output, .. } if dropped.contains(&output)),
    );
    for inst in &mut block.insts {
        for b in inst.kind.blocks_mut() {
            drop_stores(b, dropped);
        }
    }
}
