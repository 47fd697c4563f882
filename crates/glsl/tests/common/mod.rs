//! What the GLSL tests share: the project's corpus of IR functions (through pigment-naga's test
//! support, which every test binary including this module also includes as `quad`), and
//! glslangValidator as the oracle that a shader compiles for its version and stage.
#![allow(dead_code)]

use pigment_glsl::Version;
use pigment_ir::{Function, Stage};
use std::process::Command;

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

/// Every IR function of the corpus (pigment-naga's tests/quad `corpus`, with this crate's own IR
/// files under tests/in).
pub fn corpus() -> Vec<(String, Function)> {
    crate::quad::corpus(&["crates/glsl/tests/in"])
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
