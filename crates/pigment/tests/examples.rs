//! The bundled examples: every command `examples/README.md` documents (an indented line starting
//! with `pigment `) runs from the repository's root and succeeds, and a command with `-o` writes a
//! picture (redirected into a scratch directory, so the checkout is left as it was). Each example's
//! own header comment names one of these commands, so this also keeps those comments honest.

mod common;

use common::{png_pixels, scratch, stderr};
use std::path::Path;
use std::process::Command;

/// The documented command lines, without the leading `pigment`.
fn documented_commands(root: &Path) -> Vec<Vec<String>> {
    let readme = std::fs::read_to_string(root.join("examples/README.md")).unwrap();
    readme
        .lines()
        .filter_map(|line| line.strip_prefix("    pigment "))
        .map(|rest| rest.split_whitespace().map(str::to_string).collect())
        .collect()
}

#[test]
fn every_documented_example_command_succeeds() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = scratch("examples");
    let commands = documented_commands(&root);
    assert!(commands.len() >= 10, "{} commands found", commands.len());
    for (k, mut args) in commands.into_iter().enumerate() {
        let out_at = args.iter().position(|a| a == "-o").map(|i| i + 1);
        let written = dir.join(format!("example-{k}.png"));
        if let Some(i) = out_at {
            args[i] = written.display().to_string();
        }
        let out = Command::new(env!("CARGO_BIN_EXE_pigment"))
            .args(&args)
            .current_dir(&root)
            .output()
            .expect("pigment runs");
        assert_eq!(
            out.status.code(),
            Some(0),
            "pigment {args:?}: {}",
            stderr(&out)
        );
        if out_at.is_some() {
            let ((w, h), pixels) = png_pixels(&written);
            assert!(w > 0 && h > 0 && !pixels.is_empty(), "pigment {args:?}");
        }
    }
}

/// Every example file is named by a documented command, so none is left without one.
#[test]
fn every_example_file_is_used_by_a_documented_command() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let commands = documented_commands(&root).concat().join(" ");
    // Every preset's text: the files a preset names are run through it.
    let presets: String = std::fs::read_dir(root.join("examples/presets"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cgp"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    for dir in ["cg", "fp", "isl", "parasol", "presets", "scenes"] {
        for entry in std::fs::read_dir(root.join("examples").join(dir)).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            let path = format!("examples/{dir}/{name}");
            // The preset's own files are named by the preset, which a command runs.
            let in_preset = dir == "presets" && presets.contains(&name);
            // Files other examples read (textures, light shaders) count as used through them.
            assert!(
                commands.contains(&path) || in_preset || commands.contains(&name),
                "{path} is in no command of examples/README.md"
            );
        }
    }
}
