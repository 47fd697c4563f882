//! Errors of the back end, as [`Diagnostic`]s located at the IR instruction's [`SourceLoc`] (so they
//! point into the front end's source), carrying cgc's error numbers where cgc had one.

use pigment_diag::Diagnostic;
use pigment_ir::SourceLoc;

/// An error at `loc` (unlocated when the IR carries no location).
pub fn error_at(loc: Option<SourceLoc>, message: impl Into<String>) -> Diagnostic {
    let d = Diagnostic::error(message);
    match loc {
        Some(l) => d.at(l.file, l.span),
        None => d,
    }
}

/// cgc's C5013: a loop that full unrolling cannot remove.
pub fn not_unrollable(loop_loc: Option<SourceLoc>, why: &str) -> Diagnostic {
    error_at(
        loop_loc,
        "C5013: profile fp30 does not support loops, and this loop could not be unrolled",
    )
    .with_note(why.to_string())
}
