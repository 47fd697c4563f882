//! Fuzz target: the OBJ reader of pigment-scene must never panic on any input, every diagnostic's
//! span must lie inside the text so that it can be rendered, and the mesh it returns must index
//! only vertices it has.
//!
//! Shared by the fuzz target and the replay of its saved corpus in the crate's tests
//! (`fuzz/seeds/obj_parse/`), so that both run the same checks.

use pigment_diag::{render, FileId, SourceFiles};

/// Runs one input through the target's checks; panics on a failure.
pub fn run(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let (mesh, diagnostics) = pigment_scene::obj::parse(FileId(0), &text);
    assert!(mesh.is_consistent());
    let mut files = SourceFiles::new();
    let id = files.add("f.obj", text.as_ref());
    assert_eq!(id, FileId(0));
    for d in &diagnostics {
        if let Some(label) = &d.primary {
            assert!(label.span.start <= label.span.end && label.span.end as usize <= text.len());
        }
        let _ = render(&files, d);
    }
}
