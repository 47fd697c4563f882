//! Lowering never panics: every Cg file of the repository's test corpora that checks cleanly is
//! lowered with each of its functions as the entry, for fp30 and as a vp40 vertex program. Lowering
//! must then either give IR that the verifier accepts (it verifies before returning) or located
//! errors.

use pigment_cg::driver::{run, Options};
use std::path::{Path, PathBuf};

fn cg_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            cg_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "cg") {
            out.push(p);
        }
    }
}

#[test]
fn every_clean_program_lowers_or_reports_located_errors() {
    let mut files = Vec::new();
    cg_files(
        &PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/in/cg"),
        &mut files,
    );
    assert!(files.len() >= 20, "the corpora are there");
    let mut lowered = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable");
        let first = run("t.cg", text.clone(), &Options::default());
        let Some(checked) = first.checked.as_ref() else {
            continue;
        };
        let mut entries: Vec<String> = checked
            .functions
            .iter()
            .filter(|f| f.body.is_some() && f.owner.is_none())
            .map(|f| f.name.clone())
            .collect();
        entries.dedup();
        // Each entry as a fragment program (fp30) and as a vertex program (vp40).
        let runs = entries
            .iter()
            .flat_map(|e| ["fp30", "vp40"].map(|profile| (e.clone(), profile)));
        for (entry, profile) in runs {
            let options = Options {
                entry: entry.clone(),
                profile: profile.into(),
                ..Options::default()
            };
            let front = run("t.cg", text.clone(), &options);
            if front.has_errors() {
                continue;
            }
            let Some(checked) = front.checked.as_ref() else {
                continue;
            };
            match pigment_cg::lower::lower(&front.unit, checked, front.expanded) {
                Ok(_) => lowered += 1,
                Err(errors) => {
                    for e in &errors {
                        assert!(
                            e.primary.is_some(),
                            "{}: unlocated: {}",
                            path.display(),
                            e.message
                        );
                        assert!(
                            !e.message.starts_with("internal"),
                            "{}: entry {entry} ({profile}): {}",
                            path.display(),
                            e.message
                        );
                    }
                }
            }
        }
    }
    assert!(lowered >= 20, "only {lowered} programs lowered");
}
