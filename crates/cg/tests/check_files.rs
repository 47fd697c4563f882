//! File tests: every `tests/in/cg/check/NAME.cg` is parsed and checked (entry `main`, profile
//! fp30, or the `// entry:` / `// profile:` lines at its top). A program with no diagnostics is
//! compared with `NAME.out`, a dump of what the checker decided: each variable's type, each
//! call's chosen overload, each implicit conversion. A program with diagnostics is compared with
//! its rendered diagnostics `NAME.err`. `PIGMENT_BLESS=1` rewrites the expectations; review the
//! diff by eye against the spec before committing.

mod filetest;

use pigment_cg::check::stdlib::stdlib;
use pigment_cg::check::Callee;
use pigment_cg::check::{check, CheckOptions, CheckedProgram, Resolution, VarKind};
use pigment_cg::syntax::parse;
use pigment_diag::{render, SourceFiles};

fn options_for(text: &str) -> CheckOptions {
    let mut options = CheckOptions::default();
    for line in text.lines().take_while(|l| l.starts_with("//")) {
        if let Some(e) = line.strip_prefix("// entry:") {
            options.entry = e.trim().to_string();
        }
        if let Some(p) = line.strip_prefix("// profile:") {
            options.profile = p.trim().to_string();
        }
    }
    options
}

/// `LINE:COLUMN` (1-based) of a byte offset.
fn line_of(text: &str, offset: u32) -> String {
    let before = &text[..(offset as usize).min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    format!("{line}:{column}")
}

fn dump(
    text: &str,
    program: &CheckedProgram,
    unit: &pigment_cg::syntax::ast::TranslationUnit,
) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "entry: {}\n",
        program
            .entry
            .map_or("<none>".to_string(), |f| program.function(f).name.clone())
    ));
    for v in &program.vars {
        let kind = match v.kind {
            VarKind::Global => "global",
            VarKind::Param { .. } => "param",
            VarKind::Local => "local",
        };
        out.push_str(&format!(
            "{}: {kind} {}: {}\n",
            line_of(text, v.span.start),
            v.name,
            program.type_name(&v.ty)
        ));
    }
    let mut lines: Vec<(u32, String)> = Vec::new();
    for (id, expr) in unit.exprs.iter() {
        let src = &text[expr.span.range()];
        if let Some(Resolution::Call { callee, defaulted }) = program.resolutions.get(&id) {
            let sig = match callee {
                Callee::User(f) => {
                    let func = program.function(*f);
                    let params: Vec<String> = func
                        .params
                        .iter()
                        .map(|&p| program.type_name(&program.var(p).ty))
                        .collect();
                    let profile = func
                        .profile
                        .as_ref()
                        .map(|p| format!("{p} "))
                        .unwrap_or_default();
                    format!("{profile}{}({}) [user]", func.name, params.join(", "))
                }
                Callee::Builtin(b) => {
                    let f = stdlib().get(*b);
                    let params: Vec<String> =
                        f.params.iter().map(|(t, _)| program.type_name(t)).collect();
                    format!("{}({}) [stdlib]", f.name, params.join(", "))
                }
            };
            let defaults = if *defaulted > 0 {
                format!(" +{defaulted} default")
            } else {
                String::new()
            };
            lines.push((
                expr.span.start,
                format!(
                    "{}: call `{src}` -> {sig}{defaults}: {}",
                    line_of(text, expr.span.start),
                    program.type_name(program.type_of(id))
                ),
            ));
        }
        if let Some(to) = program.conversions.get(&id) {
            lines.push((
                expr.span.start,
                format!(
                    "{}: convert `{src}` {} -> {}",
                    line_of(text, expr.span.start),
                    program.type_name(program.type_of(id)),
                    program.type_name(to)
                ),
            ));
        }
    }
    lines.sort_by_key(|(s, _)| *s);
    for (_, l) in lines {
        out.push_str(&l);
        out.push('\n');
    }
    out
}

/// What the test compares for one source: the expectation file's extension and the text.
fn actual_output(name: &str, text: &str) -> (&'static str, String) {
    let mut files = SourceFiles::new();
    let id = files.add(name, text);
    let (unit, mut diagnostics) = parse(text, id);
    let (program, check_diagnostics) = check(&unit, id, &options_for(text));
    diagnostics.extend(check_diagnostics);
    if diagnostics.is_empty() {
        return ("out", dump(text, &program, &unit));
    }
    let rendered: String = diagnostics.iter().map(|d| render(&files, d)).collect();
    ("err", rendered)
}

#[test]
fn check_file_tests() {
    filetest::run_corpus(&filetest::corpus_dir("cg/check"), 10, "out", actual_output);
}
