//! The library call the C API's tests take as "what the command line writes" (crates/capi's
//! `command_line_compile`: the disk open, the file added by path, entry `main`, profile `fp30`)
//! gives exactly the bytes `pigment compile` writes: SPIR-V with `-o`, `--reflect json`, fp30.

mod common;
use common::{pigment, scratch, write};
use pigment::{CompileRequest, Language, Session, Target};

/// The first output of compiling the Cg file `path` to `target` as the command line asks.
fn library(path: &str, target: Target) -> pigment::Output {
    let mut session = Session::with_disk_access();
    let name = session.add_file(path).unwrap();
    let mut request = CompileRequest::new(name, target)
        .language(Language::Cg)
        .entry("main");
    request.cg.profile = Some("fp30".into());
    session.compile(&request).unwrap().outputs.remove(0)
}

#[test]
fn spirv_reflection_and_fp30_are_the_command_lines_bytes() {
    let dir = scratch("library-cli");
    std::fs::create_dir_all(dir.join("lib")).unwrap();
    write(
        &dir,
        "lib/scale.cgh",
        "float4 scale(float4 c) { return c * 0.5; }\n",
    );
    let source = write(
        &dir,
        "tint.cg",
        "#include \"lib/scale.cgh\"\nuniform float4 tint;\n\
         float4 main(float2 uv : TEXCOORD0) : COLOR { return scale(tint * uv.xyxy); }\n",
    );
    let spv = dir.join("tint.spv");
    let o = pigment(&[
        "compile",
        &source,
        "--target",
        "spirv",
        "-o",
        spv.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let spirv = library(&source, Target::SpirV);
    assert_eq!(std::fs::read(&spv).unwrap(), spirv.code.to_bytes());

    let o = pigment(&["compile", &source, "--target", "spirv", "--reflect", "json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let reflection = spirv.reflection.unwrap().to_pretty_string();
    assert_eq!(String::from_utf8(o.stdout).unwrap(), reflection);

    let o = pigment(&["compile", &source]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(o.stdout, library(&source, Target::Fp30).code.to_bytes());
}
