//! The standard library (package `com.io7m.parasol`), Parasol sources embedded in the crate and added
//! to every compilation.

use crate::ast::Unit;
use pigment_diag::{Diagnostic, SourceFiles};

/// Each module's file name and source.
pub const MODULES: &[(&str, &str)] = &[
    ("Boolean.p", include_str!("stdlib/Boolean.p")),
    ("Float.p", include_str!("stdlib/Float.p")),
    ("Fragment.p", include_str!("stdlib/Fragment.p")),
    ("Integer.p", include_str!("stdlib/Integer.p")),
    ("Matrix3x3f.p", include_str!("stdlib/Matrix3x3f.p")),
    ("Matrix4x4f.p", include_str!("stdlib/Matrix4x4f.p")),
    ("Sampler2D.p", include_str!("stdlib/Sampler2D.p")),
    ("SamplerCube.p", include_str!("stdlib/SamplerCube.p")),
    ("Vector2f.p", include_str!("stdlib/Vector2f.p")),
    ("Vector2i.p", include_str!("stdlib/Vector2i.p")),
    ("Vector3f.p", include_str!("stdlib/Vector3f.p")),
    ("Vector3i.p", include_str!("stdlib/Vector3i.p")),
    ("Vector4f.p", include_str!("stdlib/Vector4f.p")),
    ("Vector4i.p", include_str!("stdlib/Vector4i.p")),
];

/// Parses the standard library's units into `files` (as `<stdlib>/NAME.p`), with any diagnostics.
pub fn units(files: &mut SourceFiles) -> (Vec<Unit>, Vec<Diagnostic>) {
    let mut units = Vec::new();
    let mut diags = Vec::new();
    for (name, text) in MODULES {
        let id = files.add(format!("<stdlib>/{name}"), *text);
        let (unit, d) = crate::parse(text, id, true);
        units.push(unit);
        diags.extend(d);
    }
    (units, diags)
}
