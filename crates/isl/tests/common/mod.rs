//! Helpers shared by the ISL tests: run the front end on a text and render diagnostics as
//! `LINE:COL: message`.
#![allow(dead_code)]

pub mod programs;

use pigment_diag::{Diagnostic, FileId, SourceFiles};

/// `LINE:COL: message` for every diagnostic, in order.
pub fn located(text: &str, diags: &[Diagnostic]) -> Vec<String> {
    let mut files = SourceFiles::new();
    let id = files.add("t.isl", text);
    diags
        .iter()
        .map(|d| match &d.primary {
            Some(l) => {
                let lc = files.line_col(id, l.span.start);
                format!("{}:{}: {}", lc.line, lc.col, d.message)
            }
            None => format!("?: {}", d.message),
        })
        .collect()
}

/// Parse diagnostics only.
pub fn parse_errors(text: &str) -> Vec<String> {
    let (_, diags) = pigment_isl::parse(FileId(0), text);
    located(text, &diags)
}

/// Parse and check diagnostics.
pub fn check_errors(text: &str) -> Vec<String> {
    let (_, diags) = pigment_isl::parse_and_check(FileId(0), text);
    located(text, &diags)
}

/// Wraps statements in a surface shader's body (the body starts on line 2).
pub fn in_surface(body: &str) -> String {
    format!("surface s(uniform float u = 1; parameter float p = 2) {{\n{body}\n}}\n")
}

/// The well-formed programs of the checker's tests as whole files: the spec's example, the
/// programs of `programs.rs`, and its statement lists inside a surface `s`.
pub fn good_programs() -> Vec<String> {
    let mut v: Vec<String> = [
        programs::SPEC_EXAMPLE,
        programs::STRINGS_AND_TEXTURES,
        programs::UNIFORM_CONTROL,
        programs::ALL_SHADER_KINDS,
        programs::SEED,
        programs::SEED_FUNCTIONS,
    ]
    .map(str::to_string)
    .to_vec();
    for body in [
        programs::UNIFORM_ARITHMETIC,
        programs::PARAMETER_PROMOTION,
        programs::FRAME_BUFFER_CONTROL,
        programs::NESTED_SCOPES,
    ] {
        v.push(in_surface(body));
    }
    v
}

/// Checks `text` and lowers its surface shader `s`, lit by an instance `NAME1` of every other
/// shader of the file (its lights).
pub fn lower_lit(text: &str) -> pigment_ir::Function {
    let (unit, diags) = pigment_isl::parse_and_check(FileId(0), text);
    assert!(diags.is_empty(), "{text}\n{diags:?}");
    let lights: Vec<pigment_isl::Light> = unit
        .items
        .iter()
        .filter_map(|i| match i {
            pigment_isl::ast::Item::Func(f) if f.name.text != "s" => Some(pigment_isl::Light {
                unit: &unit,
                shader: f.name.text.clone(),
                name: format!("{}1", f.name.text),
            }),
            _ => None,
        })
        .collect();
    pigment_isl::lower_surface_lit(&unit, "s", &lights).unwrap_or_else(|d| panic!("{text}\n{d:?}"))
}
