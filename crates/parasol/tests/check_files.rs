//! File tests: every `tests/in/parasol/check/NAME.p` starts with `-- expect: CODE` (or `OK`), the
//! verdict written by hand from the spec, the notes and the reference compiler's error names. The
//! unit is checked with the standard library; the first diagnostic's error name must be CODE, and
//! the rendered diagnostics must equal `NAME.err` (absent for OK). `PIGMENT_BLESS=1` rewrites the
//! `.err` snapshots (the verdicts are never rewritten); review the diff before committing.

use pigment_diag::{render, SourceFiles};
use std::fs;
use std::path::{Path, PathBuf};

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/in/parasol/check")
}

/// The verdict and the rendered diagnostics of one unit.
fn run(name: &str, text: &str) -> (String, String) {
    let mut files = SourceFiles::new();
    let sources = [(name.to_string(), text.to_string())];
    let (_, diags) = pigment_parasol::check_sources(&mut files, &sources, false);
    let verdict = diags
        .first()
        .map_or("OK".to_string(), |d| d.code().unwrap_or("-").to_string());
    let rendered: String = diags.iter().map(|d| render(&files, d)).collect();
    (verdict, rendered)
}

#[test]
fn every_rule_gives_its_error_name() {
    let bless = std::env::var_os("PIGMENT_BLESS").is_some_and(|v| v == "1");
    let mut sources: Vec<PathBuf> = fs::read_dir(corpus())
        .expect("tests/in/parasol/check is readable")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "p"))
        .collect();
    sources.sort();
    assert!(
        sources.len() >= 80,
        "expected the corpus, found {}",
        sources.len()
    );
    let mut failures = Vec::new();
    for path in &sources {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .expect("UTF-8 name");
        let text = fs::read_to_string(path).expect("readable");
        let expected = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("-- expect: "))
            .unwrap_or_else(|| panic!("{name}: first line must be `-- expect: CODE`"))
            .trim();
        let (verdict, rendered) = run(name, &text);
        if verdict != expected {
            failures.push(format!(
                "{name}: expected {expected}, got {verdict}\n{rendered}"
            ));
        }
        let err = path.with_extension("err");
        if bless {
            if rendered.is_empty() {
                let _ = fs::remove_file(&err);
            } else {
                fs::write(&err, &rendered).expect("write .err");
            }
            continue;
        }
        let snapshot = fs::read_to_string(&err).unwrap_or_default();
        if snapshot != rendered {
            failures.push(format!(
                "{name}: .err differs\n--- expected\n{snapshot}--- actual\n{rendered}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_standard_library_checks_clean_and_has_every_module() {
    let (verdict, rendered) = run("empty.p", "package t;\nmodule E is\nend;\n");
    assert_eq!(verdict, "OK", "{rendered}");
    assert_eq!(pigment_parasol::stdlib::MODULES.len(), 14);
}

#[test]
fn an_external_disallowed_in_fragment_shaders() {
    // Only the standard library (parsed as internal) can declare externals; the reference's own
    // tests parse their units that way to exercise this rule.
    let text = "package t;\nmodule M is\n  value v : vector_4f = external vonly is vertex true; fragment false; end;\n  shader fragment f is\n    out c : vector_4f as 0;\n  as\n    out c = v;\n  end;\nend;\n";
    let mut files = SourceFiles::new();
    let (_, diags) =
        pigment_parasol::check_sources(&mut files, &[("x.p".into(), text.into())], true);
    assert_eq!(diags.len(), 1);
    assert_eq!(
        diags[0].code(),
        Some("EXTERNALS_DISALLOWED_IN_FRAGMENT_SHADER")
    );
    let first = render(&files, &diags[0]);
    assert!(
        first.starts_with("x.p:4:19: error[EXTERNALS_DISALLOWED_IN_FRAGMENT_SHADER]: "),
        "{first}"
    );
}

#[test]
fn truncated_and_spliced_programs_never_panic() {
    // Every prefix of a program that uses every construct, and the program with each line removed,
    // goes through the whole front end (and the lowering when it checks); diagnostics must render
    // and lie inside the text.
    let text = fs::read_to_string(corpus().join("ok_everything.p")).expect("readable");
    let mut variants: Vec<String> = (0..text.len())
        .filter(|&i| text.is_char_boundary(i))
        .map(|i| text[..i].to_string())
        .collect();
    let lines: Vec<&str> = text.lines().collect();
    for skip in 0..lines.len() {
        let spliced: Vec<&str> = lines
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != skip)
            .map(|(_, l)| *l)
            .collect();
        variants.push(spliced.join("\n"));
    }
    for v in &variants {
        let mut files = SourceFiles::new();
        let (_, diags) =
            pigment_parasol::check_sources(&mut files, &[("v.p".into(), v.clone())], false);
        for d in &diags {
            if let Some(l) = &d.primary {
                if files.name(l.file) == "v.p" {
                    assert!(l.span.end as usize <= v.len(), "{d:?}");
                }
            }
            let _ = render(&files, d);
        }
    }
}
