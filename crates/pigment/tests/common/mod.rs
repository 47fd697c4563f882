//! Helpers shared by the command-line tests: running the built `pigment` binary, scratch directories,
//! and reading its output.
#![allow(dead_code)] // each test binary uses its own subset

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn pigment(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pigment"))
        .args(args)
        .output()
        .expect("pigment runs")
}

/// A scratch directory unique to one test of one test binary.
pub fn scratch(test: &str) -> PathBuf {
    let binary = std::env::current_exe()
        .ok()
        .and_then(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()));
    let dir = std::env::temp_dir().join(format!(
        "pigment-{}-{}-{test}",
        binary.unwrap_or_default(),
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `text` to `dir/name` and returns the path as a string.
pub fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::File::create(&path)
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    path.to_string_lossy().into_owned()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The JSON object printed on stdout (the command must have succeeded).
pub fn json(o: &Output) -> serde_json::Value {
    assert_eq!(o.status.code(), Some(0), "{}", stderr(o));
    serde_json::from_str(stdout(o).trim()).unwrap_or_else(|e| panic!("bad JSON {e}: {}", stdout(o)))
}

/// The size and RGBA8 pixels of a PNG file.
pub fn png_pixels(path: &Path) -> ((u32, u32), Vec<u8>) {
    let decoder = png::Decoder::new(std::fs::File::open(path).expect("the PNG exists"));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("a frame");
    buf.truncate(info.buffer_size());
    ((info.width, info.height), buf)
}

/// The RGBA floats of a `--raw` file (W·H·4 little-endian f32, bottom row first).
pub fn raw_pixels(path: &Path) -> Vec<[f32; 4]> {
    let bytes = std::fs::read(path).expect("the raw file exists");
    bytes
        .chunks(16)
        .map(|p| {
            std::array::from_fn(|c| f32::from_le_bytes(p[4 * c..4 * c + 4].try_into().unwrap()))
        })
        .collect()
}

/// `pigment render FILE ... --size 4x4 --raw` (and a PNG beside it), which must succeed: the
/// floats, bottom row first.
pub fn render_4x4(file: &str, extra: &[&str]) -> Vec<[f32; 4]> {
    let raw = format!("{file}.f32");
    let png = format!("{file}.png");
    let mut args = vec!["render", file, "--size", "4x4", "--raw", &raw, "-o", &png];
    args.extend(extra);
    let out = pigment(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    raw_pixels(Path::new(&raw))
}
