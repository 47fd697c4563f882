//! Hostile input through every command (issue 28): each case must end within [`MAX_SECONDS`],
//! stay under [`MAX_RESIDENT_KIB`] resident and [`MAX_STDERR`] bytes of standard error, exit with
//! the expected code and say what and where the problem is, and never panic. Time and peak memory
//! are measured, not assumed: each child runs under GNU time (`/usr/bin/time -f`, the `time`
//! package scripts/test installs), which reports the child's own peak resident set, and under
//! `timeout`, so that a case that runs away is killed and reported rather than hanging the suite.

mod common;

use common::scratch;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The bounds.
const MAX_SECONDS: f64 = 20.0;
const MAX_RESIDENT_KIB: u64 = 1536 * 1024;
const MAX_STDERR: usize = 1 << 20;

/// What one run of `pigment` did.
struct Run {
    code: Option<i32>,
    stderr: String,
    stderr_bytes: usize,
    seconds: f64,
    resident_kib: u64,
}

/// Runs `pigment ARGS` under GNU time and a kill after three times the allowed time.
fn measure(args: &[&str]) -> Run {
    let report = tempfile("time");
    let out = Command::new("/usr/bin/time")
        .arg("-f")
        .arg("%M %e")
        .arg("-o")
        .arg(&report)
        .args(["timeout", "-s", "KILL", "60"])
        .arg(env!("CARGO_BIN_EXE_pigment"))
        .args(args)
        .output()
        .expect("GNU time runs (scripts/test installs the `time` package)");
    let figures = std::fs::read_to_string(&report).expect("GNU time wrote its report");
    // A killed child makes GNU time print "Command terminated by signal 9" before the figures.
    let last = figures.lines().last().unwrap_or_default().to_string();
    let mut words = last.split_whitespace();
    let resident_kib = words.next().and_then(|w| w.parse().ok()).expect(&figures);
    let seconds = words.next().and_then(|w| w.parse().ok()).expect(&figures);
    let _ = std::fs::remove_file(&report);
    Run {
        code: out.status.code(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        stderr_bytes: out.stderr.len(),
        seconds,
        resident_kib,
    }
}

/// A fresh path in the system's temporary directory.
fn tempfile(what: &str) -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("pigment-hostile-{}-{what}-{n}", std::process::id()))
}

/// Runs `args` and checks the bounds, the exit code (one of `codes`) and that standard error
/// contains every one of `says`; returns the run for further checks.
fn expect(args: &[&str], codes: &[i32], says: &[&str]) -> Run {
    let run = measure(args);
    let head: String = run.stderr.chars().take(2000).collect();
    let what = format!("pigment {}", args.join(" "));
    let what: String = what.chars().take(300).collect();
    assert!(!run.stderr.contains("panicked"), "{what}: panicked\n{head}");
    assert!(
        run.seconds <= MAX_SECONDS,
        "{what}: took {} s\n{head}",
        run.seconds
    );
    assert!(
        run.resident_kib <= MAX_RESIDENT_KIB,
        "{what}: {} KiB resident\n{head}",
        run.resident_kib
    );
    assert!(
        run.stderr_bytes <= MAX_STDERR,
        "{what}: {} bytes of stderr\n{head}",
        run.stderr_bytes
    );
    assert!(
        run.code.is_some_and(|c| codes.contains(&c)),
        "{what}: exit {:?}, expected one of {codes:?}\n{head}",
        run.code
    );
    for s in says {
        assert!(run.stderr.contains(s), "{what}: stderr lacks {s:?}\n{head}");
    }
    run
}

fn write(dir: &Path, name: &str, bytes: impl AsRef<[u8]>) -> String {
    let path = dir.join(name);
    std::fs::File::create(&path)
        .unwrap()
        .write_all(bytes.as_ref())
        .unwrap();
    path.display().to_string()
}

/// A small valid picture for the commands that need one.
fn picture(dir: &Path) -> String {
    let path = dir.join("in.png");
    let file = std::fs::File::create(&path).unwrap();
    let mut encoder = png::Encoder::new(file, 4, 4);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let bytes: Vec<u8> = (0..64u8).map(|k| k * 4).collect();
    encoder
        .write_header()
        .unwrap()
        .write_image_data(&bytes)
        .unwrap();
    path.display().to_string()
}

const FRAGMENT: &str =
    "float4 main(float2 uv : TEXCOORD0) : COLOR { return float4(uv, 0.5, 1); }\n";

/// libretro's two entries, for presets.
const PASS: &str = "\
struct input { float2 video_size; float2 texture_size; float2 output_size; sampler2D texture; };
void main_vertex(float4 p : POSITION, float2 t : TEXCOORD0, uniform float4x4 modelViewProj,
                 out float4 op : POSITION, out float2 ot : TEXCOORD0)
{ op = mul(modelViewProj, p); ot = t; }
float4 main_fragment(float2 t : TEXCOORD0, uniform input IN) : COLOR
{ return tex2D(IN.texture, t); }
";

fn preset_dir(name: &str, cgp: &str) -> (PathBuf, String, String) {
    let dir = scratch(name);
    write(&dir, "pass.cg", PASS);
    let preset = write(&dir, "p.cgp", cgp);
    let input = picture(&dir);
    (dir, preset, input)
}

// ---- arguments ---------------------------------------------------------------------------------

/// A program, `-o`, `--tex` or preset path that is not UTF-8 works or is a usage error, never a
/// panic (exit 101).
#[cfg(unix)]
#[test]
fn arguments_that_are_not_utf8_work_or_are_usage_errors() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let dir = scratch("non-utf8");
    let name = OsStr::from_bytes(b"bad\xff.cg");
    let program = dir.join(name);
    std::fs::write(&program, FRAGMENT).unwrap();
    let png = dir.join(OsStr::from_bytes(b"out\xfe.png"));
    let ok = dir.join("ok.cg");
    std::fs::write(&ok, FRAGMENT).unwrap();
    let cases: Vec<Vec<&OsStr>> = vec![
        vec!["check".as_ref(), program.as_os_str()],
        vec![
            "render".as_ref(),
            ok.as_os_str(),
            "-o".as_ref(),
            png.as_os_str(),
        ],
        vec![
            "run".as_ref(),
            "examples/fp/sphere.fp".as_ref(),
            "--tex".as_ref(),
            OsStr::from_bytes(b"0=2D:\xff.png"),
        ],
        vec![
            "preset".as_ref(),
            OsStr::from_bytes(b"p\xff.cgp"),
            "--info".as_ref(),
        ],
    ];
    for args in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_pigment"))
            .args(&args)
            .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        match out.status.code() {
            Some(0) => {}
            Some(1 | 2) => assert!(stderr.contains("error"), "{args:?}: {stderr}"),
            other => panic!("{args:?}: exit {other:?}: {stderr}"),
        }
    }
}

// ---- files that never end ----------------------------------------------------------------------

#[cfg(unix)]
#[test]
fn a_device_as_the_program_is_refused_before_reading() {
    for device in ["/dev/zero", "/dev/urandom"] {
        expect(
            &["check", device, "--lang", "cg"],
            &[2],
            &[&format!("cannot read `{device}`"), "not a regular file"],
        );
    }
    let dir = scratch("device-isl");
    let link = dir.join("zero.isl");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
    expect(
        &["check", &link.display().to_string()],
        &[2],
        &["not a regular file"],
    );
}

#[cfg(unix)]
#[test]
fn a_device_as_an_include_is_a_located_error() {
    let dir = scratch("device-include");
    let file = write(&dir, "i.cg", format!("#include \"/dev/zero\"\n{FRAGMENT}"));
    expect(
        &["check", &file],
        &[1],
        &[
            &format!("{file}:1:10: error: cannot read `/dev/zero`"),
            "not a regular file",
        ],
    );
}

#[cfg(unix)]
#[test]
fn a_device_as_a_texture_a_lut_or_a_pass_is_refused() {
    expect(
        &[
            "run",
            "../../examples/fp/sphere.fp",
            "--tex",
            "0=2D:/dev/zero",
        ],
        &[2],
        &["cannot read `/dev/zero`"],
    );
    let lut = "shaders = 1\nshader0 = pass.cg\ntextures = lut\nlut = /dev/urandom\n";
    let (_, preset, input) = preset_dir("device-lut", lut);
    let o = ["preset", &preset, "--input", &input, "-o", "/dev/null"];
    expect(&o, &[1, 2], &["cannot read `/dev/urandom`"]);
    let pass = "shaders = 1\nshader0 = /dev/zero\n";
    let (_, preset, input) = preset_dir("device-pass", pass);
    let o = ["preset", &preset, "--input", &input, "-o", "/dev/null"];
    expect(&o, &[1, 2], &["cannot read `/dev/zero`"]);
    let (_, preset, _) = preset_dir("device-input", "shaders = 1\nshader0 = pass.cg\n");
    let o = ["preset", &preset, "--input", "/dev/zero", "-o", "/dev/null"];
    expect(&o, &[2], &["cannot read `/dev/zero`"]);
}

// ---- sizes and counts --------------------------------------------------------------------------

#[test]
fn a_huge_render_is_refused_by_the_memory_budget() {
    let dir = scratch("huge-render");
    let isl = write(&dir, "s.isl", "surface s() { FB = color(1, 0, 0, 1); }\n");
    let png = dir.join("o.png").display().to_string();
    expect(
        &["render", &isl, "--size", "16384x16384", "-o", &png],
        &[2],
        &["16384x16384", "memory budget"],
    );
    let cg = write(&dir, "s.cg", FRAGMENT);
    expect(
        &["render", &cg, "--size", "16384x16384", "-o", &png],
        &[2],
        &["16384x16384", "memory budget"],
    );
}

#[test]
fn a_huge_preset_output_is_refused_by_the_memory_budget() {
    let (dir, preset, input) = preset_dir("huge-preset", "shaders = 1\nshader0 = pass.cg\n");
    let png = dir.join("o.png").display().to_string();
    expect(
        &[
            "preset",
            &preset,
            "--input",
            &input,
            "--output-size",
            "16384x16384",
            "-o",
            &png,
        ],
        &[2],
        &["memory budget"],
    );
}

#[test]
fn a_scale_past_the_largest_framebuffer_is_a_located_error_not_a_clamp() {
    let cgp = "shaders = 1\nshader0 = pass.cg\nscale_type0 = source\nscale0 = 100000\n";
    let (dir, preset, input) = preset_dir("huge-scale", cgp);
    let png = dir.join("o.png").display().to_string();
    expect(
        &["preset", &preset, "--input", &input, "-o", &png],
        &[1, 2],
        &[&format!("{preset}:4:10: error: `scale0` = 100000")],
    );
}

#[test]
fn frame_counts_are_bounded_at_both_ends() {
    let (dir, preset, input) = preset_dir("frames", "shaders = 1\nshader0 = pass.cg\n");
    let png = dir.join("o.png").display().to_string();
    for (frames, says) in [("1000000000", "--frames"), ("0", "--frames")] {
        let args = [
            "preset", &preset, "--input", &input, "--frames", frames, "-o", &png,
        ];
        expect(&args, &[2], &[says]);
    }
    assert!(!Path::new(&png).exists(), "a refused run writes nothing");
}

// ---- deep and long input -----------------------------------------------------------------------

#[test]
fn two_million_nested_braces_in_isl_give_a_bounded_report() {
    let dir = scratch("isl-braces");
    let n = 2_000_000;
    let text = format!("surface s() {{{}{}}}\n", "{".repeat(n), "}".repeat(n));
    let file = write(&dir, "deep.isl", text);
    let run = expect(
        &["check", &file],
        &[1],
        &[&format!("{file}:1:"), "nesting too deep"],
    );
    assert!(
        run.stderr.lines().count() < 2000,
        "{} lines",
        run.stderr.lines().count()
    );
}

#[test]
fn a_file_of_errors_gives_a_bounded_report() {
    let dir = scratch("many-errors");
    let line = "float4 f( { return ; } $ @ ` \n";
    let cg = write(&dir, "e.cg", line.repeat((4 << 20) / line.len()));
    expect(&["check", &cg], &[1], &[&format!("{cg}:1:")]);
    let line = "surface s( { FB = ; } $ @ ` \n";
    let isl = write(&dir, "e.isl", line.repeat((4 << 20) / line.len()));
    expect(&["check", &isl], &[1], &[&format!("{isl}:1:")]);
}

#[test]
fn a_five_megabyte_line_of_preset_gives_a_bounded_report() {
    let dir = scratch("long-cgp");
    let cgp = format!("shaders = 1\nshader0 = {}\n", "x".repeat(5 << 20));
    let preset = write(&dir, "p.cgp", cgp);
    let input = picture(&dir);
    let png = dir.join("o.png").display().to_string();
    expect(
        &["preset", &preset, "--input", &input, "-o", &png],
        &[1, 2],
        &["error"],
    );
}

#[test]
fn nested_loops_end_within_the_budget() {
    let dir = scratch("loops");
    let nest = |counts: &[u32]| {
        let mut body = "s += 1.0;".to_string();
        for (k, n) in counts.iter().enumerate().rev() {
            body = format!("for (int i{k} = 0; i{k} < {n}; i{k}++) {{ {body} }}");
        }
        format!("float4 main() : COLOR {{ float s = 0; {body} return float4(s, 0, 0, 1); }}\n")
    };
    for counts in [
        &[1000, 1000, 1000][..],
        &[1000, 1000],
        &[100, 100, 100],
        &[40, 40, 40],
    ] {
        let file = write(&dir, "l.cg", nest(counts));
        expect(&["compile", &file, "--profile", "fp30"], &[0, 1], &[]);
    }
}

#[test]
fn a_hundred_thousand_unused_uniforms_compile_within_the_budget() {
    let dir = scratch("uniforms");
    let mut text: String = (0..100_000)
        .map(|k| format!("uniform float4 u{k};\n"))
        .collect();
    text.push_str(FRAGMENT);
    let file = write(&dir, "u.cg", text);
    expect(&["compile", &file, "--profile", "fp30"], &[0], &[]);
}

// ---- clear errors ------------------------------------------------------------------------------

#[test]
fn a_preset_naming_a_missing_pass_says_which_file() {
    let (_, preset, input) = preset_dir("missing-pass", "shaders = 1\nshader0 = gone.cg\n");
    let run = expect(
        &["preset", &preset, "--input", &input, "-o", "/dev/null"],
        &[1, 2],
        &["gone.cg"],
    );
    assert!(!run.stderr.contains("PARAMETER_UNIFORM"), "{}", run.stderr);
}

/// Found by fuzzing `cg_check`: a struct holding itself sent every walk over its members (the
/// conversion rules, lowering) round for ever, and the process died of a stack overflow.
#[test]
fn a_struct_holding_itself_is_a_located_error_not_a_stack_overflow() {
    let dir = scratch("self-struct");
    let file = write(
        &dir,
        "s.cg",
        "struct S { float4 a; S s; };\nfloat4 main() : COLOR { S x; x.a = 1; return x.a; }\n",
    );
    expect(
        &["compile", &file],
        &[1],
        &["s.cg:1:24: error: member `s` would make struct `S` contain itself"],
    );
}

/// Found by fuzzing `cg_preprocess`: `#` of an argument holding strings escapes their quotes again
/// and `##` through a second macro doubles a token, so nested invocations grew a few tokens to
/// gigabytes (a 4 KB input ran out of 8 GB) under the limit that counts tokens.
#[test]
fn nested_stringizing_and_pasting_stop_at_a_located_byte_limit() {
    let dir = scratch("string-bomb");
    for (name, body) in [("s.cg", "S(x) #x #x"), ("p.cg", "S(x) x ## x")] {
        let nested = format!("{}a{}", "T(".repeat(40), ")".repeat(40));
        let text = format!("#define {body}\n#define T(x) S(x)\n{nested}\n{FRAGMENT}");
        let file = write(&dir, name, text);
        let at = format!("{name}:3:");
        expect(
            &["check", &file],
            &[1],
            &[&at, "the `#` and `##` operators produced more than 64 MiB"],
        );
    }
}

#[test]
fn a_byte_order_mark_is_accepted() {
    let dir = scratch("bom");
    let file = write(&dir, "b.cg", format!("\u{feff}{FRAGMENT}"));
    expect(&["check", &file], &[0], &[]);
}

#[test]
fn an_empty_isl_file_says_there_is_no_shader() {
    let dir = scratch("empty-isl");
    let file = write(&dir, "e.isl", "// nothing here\n");
    expect(
        &["check", &file],
        &[1],
        &[&format!("{file}:1:1: error: no shader")],
    );
}

/// An ISL texture is given with `--texture NAME=FILE.png`; an error about it names that option,
/// not the machine's `--tex` it becomes.
#[test]
fn an_isl_texture_error_names_the_texture_option() {
    let dir = scratch("isl-texture");
    let isl = write(
        &dir,
        "t.isl",
        "surface t(uniform string picture = \"picture\") { FB = texture(picture); }\n",
    );
    let png = dir.join("o.png").display().to_string();
    let run = expect(
        &[
            "render",
            &isl,
            "--texture",
            "picture=missing.png",
            "-o",
            &png,
        ],
        &[2],
        &["--texture picture=missing.png", "cannot read `missing.png`"],
    );
    assert!(!run.stderr.contains("--tex "), "{}", run.stderr);
}

#[test]
fn a_missing_file_is_named_once() {
    let (_, preset, _) = preset_dir("missing-input", "shaders = 1\nshader0 = pass.cg\n");
    let run = expect(
        &[
            "preset",
            &preset,
            "--input",
            "no-such.png",
            "-o",
            "/dev/null",
        ],
        &[2],
        &["cannot read `no-such.png`"],
    );
    assert_eq!(
        run.stderr.matches("no-such.png").count(),
        1,
        "{}",
        run.stderr
    );
}
