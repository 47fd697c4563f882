//! Fuzz target: the whole Cg compiler. Any input is preprocessed (with an in-memory include
//! resolver), parsed and checked; when that finds no error, every function that could be the entry
//! (`main` and a few of the functions the unit defines) is lowered to the shading IR and compiled
//! for fp30, with and without fast math. No stage may panic; a compiled program must load in nvfp;
//! a rejection must be a diagnostic from the rules, never an `internal:` one (a verifier failure or
//! a case a pass thought impossible).
#![no_main]

use pigment_cg::check::{check, CheckOptions};
use pigment_cg::preprocess::{preprocess, MemoryResolver, Options};
use pigment_cg::syntax::ast::{Decl, TranslationUnit};
use pigment_cg::syntax::parse;
use pigment_diag::{has_errors, Diagnostic, FileId, SourceFiles};

/// Entry candidates besides `main`: enough to reach helper functions, few enough to stay fast.
const MAX_ENTRIES: usize = 4;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut files = SourceFiles::new();
    let main = files.add("fuzz.cg", text.as_ref());
    let resolver = MemoryResolver { files: Vec::new() };
    let pre = preprocess(&mut files, main, &Options::default(), &resolver);
    if has_errors(&pre.diagnostics) {
        return;
    }
    let expanded = files.add("<expanded>", pre.text.as_str());
    let (unit, syntax) = parse(&pre.text, expanded);
    if has_errors(&syntax) {
        return;
    }
    for entry in entries(&unit) {
        compile_entry(&unit, expanded, &entry);
    }
});

/// `main`, then the functions with bodies whose names contain `main` (`main_fragment`, the usual
/// entries), then the others, without repeats and at most `MAX_ENTRIES` besides `main`.
fn entries(unit: &TranslationUnit) -> Vec<String> {
    let mut defined: Vec<&str> = unit
        .decls
        .iter()
        .filter_map(|decl| match decl {
            Decl::Function(f) if f.body.is_some() => Some(f.name.name.as_str()),
            _ => None,
        })
        .collect();
    defined.sort_by_key(|name| !name.contains("main"));
    let mut names = vec!["main".to_string()];
    for name in defined {
        if names.len() > MAX_ENTRIES {
            break;
        }
        if !names.iter().any(|n| n == name) {
            names.push(name.to_string());
        }
    }
    names
}

/// Checks the unit with `entry` as the entry function and, if it is a valid program, lowers and
/// compiles it both ways.
fn compile_entry(unit: &TranslationUnit, file: FileId, entry: &str) {
    let options = CheckOptions {
        entry: entry.to_string(),
        ..CheckOptions::default()
    };
    let (checked, diagnostics) = check(unit, file, &options);
    if has_errors(&diagnostics) || checked.entry.is_none() {
        return;
    }
    let module = match pigment_cg::lower::lower(unit, &checked, file) {
        Ok(module) => module,
        Err(errors) => return assert_not_internal("lowering", entry, &errors),
    };
    for fast_math in [false, true] {
        let options = pigment_fp30::Options {
            fast_math,
            ..pigment_fp30::Options::default()
        };
        match pigment_fp30::compile(&module, entry, &options) {
            Ok(compiled) => {
                if let Err(errors) = nvfp::validate::load_text(&compiled.text, FileId(0)) {
                    panic!(
                        "`{entry}` (fast_math {fast_math}) compiled to a program nvfp rejects: \
                         {errors:?}\n{}",
                        compiled.text
                    );
                }
            }
            Err(errors) => assert_not_internal("fp30", entry, &errors),
        }
    }
}

fn assert_not_internal(stage: &str, entry: &str, errors: &[Diagnostic]) {
    assert!(
        !errors.is_empty(),
        "{stage} failed on `{entry}` without a diagnostic"
    );
    for d in errors {
        assert!(
            !d.message.starts_with("internal:"),
            "{stage} on `{entry}`: {}",
            d.message
        );
    }
}
