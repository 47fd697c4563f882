//! The C tests: each `tests/c/*.c` (and `header.cpp`, the header read as C++) is compiled with
//! `cc` against the static library cargo built for this test's profile, under AddressSanitizer
//! (LeakSanitizer included) and UndefinedBehaviorSanitizer, and must exit 0 with nothing from the
//! sanitizers. The harness prepares what the C programs compare with: the command line's results,
//! made by the library call `pigment compile` makes. The example in docs/c-api.md is built and run
//! the same way, and a deliberate leak proves that LeakSanitizer is really watching.

use pigment::{CompileRequest, Language, Session, Target};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Mutex;

const CRATE: &str = env!("CARGO_MANIFEST_DIR");

/// One link at a time: each reads a static library of some hundred megabytes.
static LINKING: Mutex<()> = Mutex::new(());

/// `libpigment_capi.a` as cargo built it for this test: beside the test executable in `deps/`
/// (cargo builds every crate type of the library before the tests that depend on it).
fn staticlib() -> PathBuf {
    let exe = std::env::current_exe().expect("the test knows its executable");
    let deps = exe.parent().expect("the executable is in a directory");
    let candidates = [deps.to_path_buf(), deps.parent().unwrap().to_path_buf()];
    candidates
        .iter()
        .map(|dir| dir.join("libpigment_capi.a"))
        .find(|lib| lib.is_file())
        .unwrap_or_else(|| panic!("no libpigment_capi.a beside {}", exe.display()))
}

/// A fresh directory for one test's files, removed when the test passes and kept when it fails
/// (to look into). Each linked program holds its own copy of the library, some hundred
/// megabytes: left behind, they added up to more than a gigabyte per run.
struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
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

fn scratch(name: &str) -> Scratch {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("c-api")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the scratch directory is writable");
    Scratch(dir)
}

/// Compiles and links `source` (C, or C++ for `.cpp`) with the sanitizers into `dir`.
fn build(source: &Path, dir: &Path) -> PathBuf {
    let cpp = source.extension().is_some_and(|e| e == "cpp");
    let exe = dir.join(source.file_stem().unwrap());
    let include = Path::new(CRATE).join("../../include");
    let mut command = Command::new(if cpp { "c++" } else { "cc" });
    command
        .arg(if cpp { "-std=c++17" } else { "-std=c11" })
        .args(["-Wall", "-Wextra", "-Werror", "-pedantic", "-g"])
        .args(["-fsanitize=address,undefined", "-fno-omit-frame-pointer"])
        .arg("-I")
        .arg(&include)
        .arg("-I")
        .arg(Path::new(CRATE).join("tests/c"))
        .arg(source)
        .arg(staticlib())
        // What a Rust static library needs from the system on Linux
        // (`rustc --print native-static-libs`).
        .args(["-lgcc_s", "-lutil", "-lrt", "-lpthread", "-lm", "-ldl"])
        .arg("-Wl,--gc-sections")
        .arg("-o")
        .arg(&exe);
    let output = {
        let _one_at_a_time = LINKING.lock().unwrap_or_else(|e| e.into_inner());
        command
            .output()
            .expect("cc runs (a C compiler is required)")
    };
    assert!(
        output.status.success(),
        "building {} failed:\n{}",
        source.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    exe
}

/// Runs `exe` with the sanitizers set to report and stop at the first problem.
fn run(exe: &Path, args: &[&str]) -> Output {
    Command::new(exe)
        .args(args)
        .env(
            "ASAN_OPTIONS",
            "detect_leaks=1:halt_on_error=1:abort_on_error=0",
        )
        .env("UBSAN_OPTIONS", "halt_on_error=1:print_stacktrace=1")
        .output()
        .expect("the test program runs")
}

/// Asserts that `output` is a clean exit: status 0 and no sanitizer report.
fn assert_clean(name: &str, output: &Output) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{name} failed ({}):\n{stderr}",
        output.status
    );
    for report in ["Sanitizer", "runtime error:"] {
        assert!(
            !stderr.contains(report),
            "{name}: a sanitizer spoke:\n{stderr}"
        );
    }
}

fn c_test(name: &str) -> PathBuf {
    Path::new(CRATE).join("tests/c").join(name)
}

/// What `pigment compile FILE --target TARGET` makes of a Cg file: the session and request of
/// `crates/pigment/src/commands/compile.rs` (the disk open, the file added by its path, entry
/// `main`, profile `fp30`).
fn command_line_compile(file: &Path, target: Target) -> pigment::Output {
    let mut session = Session::with_disk_access();
    let name = session.add_file(file).expect("the program reads");
    let mut request = CompileRequest::new(name, target)
        .language(Language::Cg)
        .entry("main");
    request.cg.profile = Some("fp30".into());
    let artifact = session.compile(&request).expect("the program compiles");
    artifact.outputs.into_iter().next().expect("one output")
}

#[test]
fn a_c_program_compiles_cg_to_spirv_and_fp30_as_the_command_line_does() {
    let dir = scratch("compile");
    std::fs::create_dir_all(dir.join("lib")).unwrap();
    std::fs::write(
        dir.join("lib/scale.cgh"),
        "float4 scale(float4 c) { return c * 0.5; }\n",
    )
    .unwrap();
    let source = dir.join("tint.cg");
    std::fs::write(
        &source,
        "#include \"lib/scale.cgh\"\nuniform float4 tint;\n\
         float4 main(float2 uv : TEXCOORD0) : COLOR { return scale(tint * uv.xyxy); }\n",
    )
    .unwrap();
    let spirv = command_line_compile(&source, Target::SpirV);
    std::fs::write(dir.join("tint.spv"), spirv.code.to_bytes()).unwrap();
    let reflection = spirv.reflection.expect("SPIR-V has reflection");
    std::fs::write(dir.join("tint.spv.json"), reflection.to_pretty_string()).unwrap();
    let fp30 = command_line_compile(&source, Target::Fp30);
    std::fs::write(dir.join("tint.fp"), fp30.code.to_bytes()).unwrap();

    let exe = build(&c_test("compile.c"), &dir);
    assert_clean("compile.c", &run(&exe, &[dir.to_str().unwrap()]));
}

#[test]
fn every_error_path_reports_a_status_and_a_message() {
    let dir = scratch("errors");
    let exe = build(&c_test("errors.c"), &dir);
    assert_clean("errors.c", &run(&exe, &[]));
}

#[test]
fn sources_from_memory_resolve_includes_and_imports_among_themselves() {
    let dir = scratch("sources");
    std::fs::write(
        dir.join("disk.cgh"),
        "float4 from_disk() { return float4(1, 1, 0, 1); }\n",
    )
    .unwrap();
    let exe = build(&c_test("sources.c"), &dir);
    let version = env!("CARGO_PKG_VERSION");
    assert_clean("sources.c", &run(&exe, &[dir.to_str().unwrap(), version]));
}

#[test]
fn the_header_compiles_as_cpp() {
    let dir = scratch("cpp");
    let exe = build(&c_test("header.cpp"), &dir);
    assert_clean("header.cpp", &run(&exe, &[]));
}

#[test]
fn the_documented_example_builds_and_prints_glsl() {
    let docs = std::fs::read_to_string(Path::new(CRATE).join("../../docs/c-api.md")).unwrap();
    let start = docs.find("```c\n").expect("docs/c-api.md has a C example") + 5;
    let end = start + docs[start..].find("```").expect("the example ends");
    let dir = scratch("example");
    let source = dir.join("example.c");
    std::fs::write(&source, &docs[start..end]).unwrap();
    let output = run(&build(&source, &dir), &[]);
    assert_clean("the example", &output);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.starts_with("#version 330"), "{stdout}");
}

#[test]
fn leak_sanitizer_reports_a_session_left_unfreed() {
    let dir = scratch("leak");
    let source = dir.join("leak.c");
    std::fs::write(
        &source,
        "#include \"pigment.h\"\nint main(void) { return pigment_session_new() == NULL; }\n",
    )
    .unwrap();
    let output = run(&build(&source, &dir), &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "the leak went unreported");
    assert!(
        stderr.contains("LeakSanitizer") && stderr.contains("pigment_session_new"),
        "{stderr}"
    );
}

#[test]
fn the_c_tests_call_every_function_of_the_header() {
    let header = std::fs::read_to_string(Path::new(CRATE).join("../../include/pigment.h")).unwrap();
    let mut tests = String::new();
    for entry in std::fs::read_dir(Path::new(CRATE).join("tests/c")).unwrap() {
        tests += &std::fs::read_to_string(entry.unwrap().path()).unwrap();
    }
    let declared: Vec<&str> = header
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|word| word.starts_with("pigment_"))
        .collect();
    assert!(declared.len() > 30, "the header declares {declared:?}");
    let unused: Vec<&&str> = declared
        .iter()
        .filter(|name| !tests.contains(&format!("{name}(")))
        .collect();
    assert!(unused.is_empty(), "no C test calls {unused:?}");
}

/// Copies the project's preset `name` (tests/in/presets) into `dir/name`.
fn copy_preset(name: &str, dir: &Path) {
    let from = Path::new(CRATE).join("../../tests/in/presets").join(name);
    std::fs::create_dir_all(dir.join(name)).unwrap();
    for entry in std::fs::read_dir(&from).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.join(name).join(entry.file_name())).unwrap();
    }
}

/// The input frame of preset.c: 8x6, red rising to the right, green downwards, blue a pattern.
fn input_frame() -> pigment::preset::Picture {
    let mut rgba = Vec::new();
    for y in 0..6u32 {
        for x in 0..8u32 {
            let b = ((x * 7 + y * 3) % 8) * 32;
            rgba.extend([(x * 32) as u8, (y * 40) as u8, b as u8, 255]);
        }
    }
    pigment::preset::picture_from_rgba8(8, 6, &rgba).unwrap()
}

/// What `pigment preset DIR/P.cgp --input FRAME --output-size 16x12 --frames 2 [--set ...]`
/// draws, as RGBA8 bytes (the session and chain of crates/pigment/src/commands/preset.rs).
fn command_line_render(preset: &Path, parameters: Vec<(String, f32)>) -> Vec<u8> {
    let mut session = Session::with_disk_access();
    let preset = session.load_preset(&preset.display().to_string()).unwrap();
    let options = pigment::preset::ChainOptions {
        parameters,
        ..Default::default()
    };
    let chain = session.filter_chain(&preset, &options).unwrap();
    let mut last = Vec::new();
    chain
        .run(&input_frame(), (16, 12), 2, |_, picture| {
            last = pigment::preset::picture_to_rgba8(picture);
            Ok(())
        })
        .unwrap();
    last
}

/// The `pigment` command built beside this test (`cargo test --workspace` builds it).
fn pigment_command() -> PathBuf {
    let exe = std::env::current_exe().expect("the test knows its executable");
    let debug = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/PROFILE/deps");
    let pigment = debug.join(format!("pigment{}", std::env::consts::EXE_SUFFIX));
    assert!(
        pigment.is_file(),
        "no `pigment` command at {}: build it with `cargo build -p pigment`",
        pigment.display()
    );
    pigment
}

/// Runs the `pigment` command with `args`; it must succeed.
fn run_pigment(args: &[&std::ffi::OsStr]) {
    let out = Command::new(pigment_command()).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "pigment {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The files of `dir` by name, with their bytes.
fn files_of(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap())
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    files.sort();
    files
}

/// The 8-bit RGBA pixels of a PNG, top row first.
fn png_rgba(path: &Path) -> Vec<u8> {
    let decoder = png::Decoder::new(std::fs::File::open(path).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgba, "{}", path.display());
    buf.truncate(info.buffer_size());
    buf
}

/// Writes the input frame of preset.c as a PNG.
fn write_input_png(path: &Path) {
    let picture = input_frame();
    let rgba = pigment::preset::picture_to_rgba8(&picture);
    let mut encoder = png::Encoder::new(std::fs::File::create(path).unwrap(), 8, 6);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder
        .write_header()
        .unwrap()
        .write_image_data(&rgba)
        .unwrap();
}

/// The expected files and frames are the library's, made the way the command line makes them;
/// this checks that they are what the `pigment` command itself writes, byte for byte.
fn the_command_line_agrees(dir: &Path) {
    let os = |s: &str| std::ffi::OsString::from(s);
    let cli = dir.join("cli-slang");
    run_pigment(&[
        os("preset").as_os_str(),
        dir.join("luts/p.cgp").as_os_str(),
        os("--convert").as_os_str(),
        os("slang").as_os_str(),
        os("-o").as_os_str(),
        cli.as_os_str(),
    ]);
    assert_eq!(files_of(&cli), files_of(&dir.join("expected")));
    write_input_png(&dir.join("input.png"));
    for (preset, sets, expected) in [
        ("luts/p.cgp", vec![], "luts.rgba"),
        ("params/p.cgp", vec!["--set", "GAIN=0.25"], "params.rgba"),
    ] {
        let png = dir.join(format!("{expected}.png"));
        let mut args: Vec<std::ffi::OsString> = vec![
            os("preset"),
            dir.join(preset).into_os_string(),
            os("--input"),
            dir.join("input.png").into_os_string(),
            os("--output-size"),
            os("16x12"),
            os("--frames"),
            os("2"),
            os("-o"),
            png.clone().into_os_string(),
        ];
        args.extend(sets.into_iter().map(os));
        let refs: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
        run_pigment(&refs);
        let frame = std::fs::read(dir.join(expected)).unwrap();
        assert!(
            png_rgba(&png) == frame,
            "{preset}: the command's picture differs"
        );
    }
}

#[test]
fn a_c_program_converts_and_renders_a_preset_as_the_command_line_does() {
    let dir = scratch("preset");
    copy_preset("luts", &dir);
    copy_preset("params", &dir);
    std::fs::create_dir_all(dir.join("missing")).unwrap();
    std::fs::write(
        dir.join("missing/p.cgp"),
        "shaders = 1\nshader0 = gone.cg\n",
    )
    .unwrap();
    // `pigment preset DIR/luts/p.cgp --convert slang -o DIR/expected`.
    let mut session = Session::with_disk_access();
    let luts = dir.join("luts/p.cgp");
    let preset = session.load_preset(&luts.display().to_string()).unwrap();
    let converted = session
        .convert_preset(&preset, pigment::preset::Runtime::Slang)
        .unwrap();
    converted.write_into(&dir.join("expected")).unwrap();
    std::fs::write(dir.join("luts.rgba"), command_line_render(&luts, vec![])).unwrap();
    let params = dir.join("params/p.cgp");
    let gain = vec![("GAIN".to_string(), 0.25)];
    std::fs::write(dir.join("params.rgba"), command_line_render(&params, gain)).unwrap();

    the_command_line_agrees(&dir);

    let exe = build(&c_test("preset.c"), &dir);
    assert_clean("preset.c", &run(&exe, &[dir.to_str().unwrap()]));
}
