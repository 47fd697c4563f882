//! What the GLSL tests share: the project's corpus of IR functions, and glslangValidator as the
//! oracle that a shader compiles for its version and stage.
#![allow(dead_code)]

use pigment_glsl::Version;
use pigment_ir::{Function, Stage};
use std::path::{Path, PathBuf};
use std::process::Command;

pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn files(dir: &str, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![root().join(dir)];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let p = e.unwrap().path();
            if p.is_dir() && !p.ends_with("errors") {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == ext) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Lowers the Cg program `text` (named `name`) with the entry `entry` as a `stage` program.
pub fn lower_cg(name: &str, text: &str, entry: &str, stage: Stage) -> pigment_ir::Module {
    let options = pigment_cg::driver::Options {
        entry: entry.into(),
        stage: Some(stage),
        profile: if stage == Stage::Vertex {
            "vp40".into()
        } else {
            "fp30".into()
        },
        ..Default::default()
    };
    let front = pigment_cg::driver::run(name, text.into(), &options);
    assert!(!front.has_errors(), "{name}: {:?}", front.diagnostics);
    let checked = front.checked.as_ref().expect("checked");
    pigment_cg::lower::lower(&front.unit, checked, front.expanded)
        .unwrap_or_else(|e| panic!("{name}: {e:?}"))
}

/// Every IR function of the corpus with the name of the file it comes from.
pub fn corpus() -> Vec<(String, Function)> {
    let mut out = Vec::new();
    for p in files("tests/in/fp30", "ir")
        .into_iter()
        .chain(files("tests/in/ir/text", "ir"))
        .chain(files("crates/naga-out/tests/in", "ir"))
        .chain(files("crates/glsl/tests/in", "ir"))
    {
        let text = std::fs::read_to_string(&p).unwrap();
        let module = pigment_ir::parse(&text).unwrap_or_else(|e| panic!("{}: {e:?}", p.display()));
        for (_, f) in module.functions.iter() {
            out.push((p.display().to_string(), f.clone()));
        }
    }
    for p in files("examples/cg", "cg")
        .into_iter()
        .chain(files("tests/in/cg/compile", "cg"))
    {
        let text = std::fs::read_to_string(&p).unwrap();
        let name = p.display().to_string();
        let front = pigment_cg::driver::run(&name, text, &Default::default());
        let Some(checked) = front.checked.as_ref().filter(|_| !front.has_errors()) else {
            continue;
        };
        let Ok(module) = pigment_cg::lower::lower(&front.unit, checked, front.expanded) else {
            continue;
        };
        for (_, f) in module.functions.iter() {
            out.push((name.clone(), f.clone()));
        }
    }
    assert!(
        out.len() > 50,
        "the corpus shrank to {} functions",
        out.len()
    );
    out
}

/// glslangValidator's verdict on `text` as a `stage` shader of `version`: Ok, or its messages.
/// A missing glslangValidator fails the test (scripts/test installs it).
pub fn glslang(text: &str, stage: Stage, version: Version) -> Result<(), String> {
    let dir = std::env::temp_dir().join(format!("pigment-glsl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ext = match stage {
        Stage::Vertex => "vert",
        Stage::Fragment => "frag",
    };
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = dir.join(format!("s{n}.{ext}"));
    std::fs::write(&path, text).unwrap();
    let mut cmd = Command::new("glslangValidator");
    if version.is_vulkan() {
        cmd.arg("-V").arg("-o").arg(dir.join(format!("s{n}.spv")));
    }
    let out = cmd.arg(&path).output().unwrap_or_else(|e| {
        panic!("glslangValidator cannot run ({e}): run scripts/test, which installs glslang-tools")
    });
    let _ = std::fs::remove_file(&path);
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stdout).into_owned())
    }
}

static COUNTER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
