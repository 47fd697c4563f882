//! The refusal of integer bit operations (`&`, `|`, `^`, `~`, `<<`, `>>`), which cgc answers with
//! C5508 in fp30: NV_fragment_program and the ARB programs hold ints in float registers (see
//! [`super::int`]) and have no instruction that reads their bits. Those that constant folding
//! removed (operands known when compiling) are no longer there to refuse.

use crate::diag::error_at;
use pigment_diag::Diagnostic;
use pigment_ir::{walk, Function, InstKind};

/// One located error per integer bit operation left in `func`, each place once (unrolling
/// copies an operation in a loop once per iteration).
pub fn refuse_bit_operations(func: &Function) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    let mut seen = Vec::new();
    walk(&func.body, &mut |inst| {
        if let InstKind::Op { op, .. } = &inst.kind {
            if let Some(operator) = op.bit_operator() {
                if seen.contains(&(inst.loc, operator)) {
                    return;
                }
                seen.push((inst.loc, operator));
                errors.push(error_at(
                    inst.loc,
                    format!(
                        "C5508: integer bit operation `{operator}` is not supported: fp30 and the ARB profiles have no integer instructions"
                    ),
                ));
            }
        }
    });
    errors
}
