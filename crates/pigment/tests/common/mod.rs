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

/// A scratch directory ([`scratch`]) removed when dropped, unless the test is failing (a panic
/// unwinds through it), so that a failure's files stay for inspection.
pub struct Scratch(PathBuf);

impl Scratch {
    pub fn new(test: &str) -> Scratch {
        Scratch(scratch(test))
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
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

/// A two-stage Cg program whose unnamed outputs cgc packs into the free components of used sets:
/// with TEXCOORD0 (float2) and TEXCOORD1 (float3) named and TEXCOORD2-7 full, `t8` goes to
/// TEX0.zw and `t9` to TEX1.w (read from cgc 3.1's `-profile vp40` and `-profile fp30` output,
/// `result.texcoord[0].zw` / `f[TEX0].zw`). At (s, t) the fragment program's colour is
/// (s/2, t/2, t/4 + 1/4 + (1 - s)/2, s/4 + 1/4 + 3/16), inside [0, 1] so that no target clamps it.
pub const PACKED_VARYINGS: &str = "\
struct V {
    float4 pos : POSITION; float2 tex : TEXCOORD0; float3 c : TEXCOORD1;
    float4 t2 : TEXCOORD2; float4 t3 : TEXCOORD3; float4 t4 : TEXCOORD4;
    float4 t5 : TEXCOORD5; float4 t6 : TEXCOORD6; float4 t7 : TEXCOORD7;
    float2 t8; float t9;
};
V main_vertex(float4 position : POSITION, float2 tex : TEXCOORD0, uniform float4x4 modelViewProj)
{
    V o;
    o.pos = mul(modelViewProj, position);
    o.tex = tex;
    o.c = float3(1.0 - tex, 0.5);
    o.t2 = 0.125; o.t3 = 0.125; o.t4 = 0.125; o.t5 = 0.125; o.t6 = 0.125; o.t7 = 0.125;
    o.t8 = tex * 0.5;
    o.t9 = tex.y * 0.25 + 0.25;
    return o;
}
float4 main_fragment(in V v) : COLOR
{
    float4 k = v.t2 + v.t3 + v.t4 + v.t5 + v.t6 + v.t7;
    return float4(v.t8, v.t9 + v.c.x * 0.5, v.tex.x * 0.25 + v.c.z * 0.5 + k.w * 0.25);
}
";
