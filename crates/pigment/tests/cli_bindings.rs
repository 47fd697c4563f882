//! Tests of binding by Cg name on the command line: a `.fp` file with a cgc-style `#var` header
//! (hand-written, in the layout of fp30-profile.md section 7) lets `--param` and `--tex` use the
//! uniform and sampler names of the Cg source, applies `#default` values, and `check --reflect json`
//! prints the interface. Expected values are computed by hand from the header and the program.

use serde_json::json;
mod common;

use common::{json as json_out, pigment, scratch, stderr};
use std::path::Path;
use std::process::Output;

/// The header of an entry `main_fragment(float2 tex : TEXCOORD0, uniform input IN,
/// uniform sampler2D decal : TEXUNIT2)` with globals `tint` (initialised), `M` (float4x4), `k[2]`
/// and an unreferenced `IN.output_size`.
const HEADER: &str = "\
!!FP1.0
# hand-written header for the command-line tests
#profile fp30
#program main_fragment
#semantic main_fragment.decal : TEXUNIT2
#semantic tint
#semantic M
#semantic k
#var float2 tex : $vin.TEXCOORD0 : TEX0 : 0 : 1
#var float2 IN.video_size :  : IN$video_size : 1 : 1
#var float2 IN.output_size :  :  : 1 : 0
#var sampler2D decal : TEXUNIT2 : texunit 2 : 2 : 1
#var float4 tint :  : tint : -1 : 1
#var float4x4 M :  : M$0, 4 : -1 : 1
#var float4 k[0] :  : k$0 : -1 : 1
#var float4 k[1] :  : k$1 : -1 : 1
#var float4 main_fragment : $vout.COLOR : COL : -1 : 1
#default tint = 0.25 0.5 0.75 1
";

/// Writes HEADER followed by `body` (statements and END) as `name` in `dir`.
fn program(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, format!("{HEADER}{body}")).unwrap();
    path.to_string_lossy().into_owned()
}

fn colr(o: &Output) -> serde_json::Value {
    json_out(o)["outputs"]["COLR"].clone()
}

#[test]
fn param_by_struct_member_name_reaches_its_declare() {
    let dir = scratch("member");
    let p = program(
        &dir,
        "video.fp",
        "DECLARE IN$video_size;\nMOVR o[COLR], IN$video_size;\nEND\n",
    );
    let o = pigment(&["eval", &p, "--param", "IN.video_size=256,224"]);
    // Two numbers, completed from (0, 0, 0, 1).
    assert_eq!(colr(&o), json!([256.0, 224.0, 0.0, 1.0]));
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
    // The DECLARE name itself still works.
    let o = pigment(&["eval", &p, "--param", "IN$video_size=3"]);
    assert_eq!(colr(&o), json!([3.0, 0.0, 0.0, 1.0]));
}

#[test]
fn param_by_matrix_row_and_array_element() {
    let dir = scratch("rows");
    let p = program(
        &dir,
        "rows.fp",
        // One program parameter per instruction (section 3.11.4).
        "DECLARE M$0;\nDECLARE M$1;\nDECLARE k$1;\nMOVR R0, M$0;\nADDR R0, R0, M$1;\nADDR o[COLR], R0, k$1;\nEND\n",
    );
    let o = pigment(&[
        "eval",
        &p,
        "--param",
        "M[1]=1,2,3,4",
        "--param",
        "M$0=10,20,30,40",
        "--param",
        "k[1]=100,200,300,400",
    ]);
    assert_eq!(colr(&o), json!([111.0, 222.0, 333.0, 444.0]));
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
}

#[test]
fn defaults_initialise_and_options_override() {
    let dir = scratch("defaults");
    let p = program(&dir, "tint.fp", "DECLARE tint;\nMOVR o[COLR], tint;\nEND\n");
    let o = pigment(&["eval", &p]);
    assert_eq!(colr(&o), json!([0.25, 0.5, 0.75, 1.0]));
    // The entry prefix of the #semantic lines is accepted too.
    let o = pigment(&["eval", &p, "--param", "main_fragment.tint=2"]);
    assert_eq!(colr(&o), json!([2.0, 0.0, 0.0, 1.0]));
}

#[test]
fn run_takes_cg_names_too() {
    let dir = scratch("run");
    let p = program(
        &dir,
        "video.fp",
        "DECLARE IN$video_size;\nMOVR o[COLR], IN$video_size;\nEND\n",
    );
    let raw = dir.join("out.f32");
    let o = pigment(&[
        "run",
        &p,
        "--size",
        "2x2",
        "--param",
        "IN.video_size=0.25,0.5",
        "--raw",
        raw.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let floats: Vec<f32> = std::fs::read(&raw)
        .unwrap()
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    assert_eq!(floats.len(), 16);
    for pixel in floats.chunks_exact(4) {
        assert_eq!(pixel, [0.25, 0.5, 0.0, 1.0]);
    }
}

/// A 1x1 RGBA8 PNG of one colour.
fn png(dir: &Path, name: &str, rgba: [u8; 4]) -> String {
    let path = dir.join(name);
    let file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    let mut encoder = png::Encoder::new(file, 1, 1);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(&rgba).unwrap();
    writer.finish().unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn tex_by_sampler_name_binds_its_unit() {
    let dir = scratch("tex");
    let p = program(&dir, "decal.fp", "TEX o[COLR], f[TEX0], TEX2, 2D;\nEND\n");
    let magenta = png(&dir, "magenta.png", [255, 0, 255, 255]);
    let green = png(&dir, "green.png", [0, 255, 0, 255]);
    let by_name = format!("decal=2D:{magenta}");
    let o = pigment(&["eval", &p, "--attr", "TEX0=0.5,0.5", "--tex", &by_name]);
    assert_eq!(colr(&o), json!([1.0, 0.0, 1.0, 1.0]));
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
    // Unit numbers still work, and a texture on another unit is not what TEX2 reads.
    let by_unit = format!("2=2D:{green}");
    let elsewhere = format!("0=2D:{magenta}");
    let o = pigment(&[
        "eval",
        &p,
        "--attr",
        "TEX0=0.5,0.5",
        "--tex",
        &by_unit,
        "--tex",
        &elsewhere,
    ]);
    assert_eq!(colr(&o), json!([0.0, 1.0, 0.0, 1.0]));
}

#[test]
fn unknown_or_unusable_names_are_warnings() {
    let dir = scratch("unknown");
    let p = program(&dir, "tint.fp", "DECLARE tint;\nMOVR o[COLR], tint;\nEND\n");
    let cases = [
        (["--param", "nothing=1"], "declares no parameter `nothing`"),
        (
            ["--param", "decal=1"],
            "`decal` is a sampler, not a uniform",
        ),
        (
            ["--param", "IN.output_size=1"],
            "does not use `IN.output_size`",
        ),
        (["--param", "M=1"], "`M[0]`, `M[1]`, `M[2]`, `M[3]`"),
        (["--tex", "nosuch=2D:missing.png"], "no sampler `nosuch`"),
        (
            ["--tex", "tint=2D:missing.png"],
            "`tint` is a uniform, not a sampler",
        ),
    ];
    for (args, message) in cases {
        let mut all = vec!["eval", &p];
        all.extend(args);
        let o = pigment(&all);
        // The default still applies and the run succeeds.
        assert_eq!(colr(&o), json!([0.25, 0.5, 0.75, 1.0]), "{args:?}");
        let err = stderr(&o);
        assert!(
            err.contains("warning") && err.contains(message),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_malformed_var_line_is_a_located_warning() {
    let dir = scratch("malformed");
    let p = dir.join("bad.fp");
    std::fs::write(
        &p,
        "!!FP1.0\n#var float4 tint : : tint : one : 1\nMOVR o[COLR], f[COL0];\nEND\n",
    )
    .unwrap();
    let o = pigment(&["check", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    let err = stderr(&o);
    // Line 2, column 29: the bad parameter number `one`.
    assert!(err.contains("bad.fp:2:29: warning:"), "{err}");
}

#[test]
fn check_reflects_the_header_as_json() {
    let dir = scratch("reflect");
    let p = program(&dir, "tint.fp", "DECLARE tint;\nMOVR o[COLR], tint;\nEND\n");
    let v = json_out(&pigment(&["check", "--reflect", "json", &p]));
    // The one schema (docs/reflection.md), each field read off HEADER by hand.
    assert_eq!(v["schema"], "pigment-reflection-2");
    assert_eq!(v["target"], "fp30");
    assert_eq!(v["stage"], "fragment");
    assert_eq!(v["entry"], "main_fragment");
    assert_eq!(
        v["inputs"],
        json!([{"name": "tex", "type": "float2", "semantic": "TEXCOORD0", "referenced": true,
                "register": "TEX0"}])
    );
    assert_eq!(
        v["textures"],
        json!([{"name": "decal", "type": "sampler2D", "dim": "2D", "semantic": "TEXUNIT2",
                "referenced": true, "unit": 2}])
    );
    let names: Vec<&str> = (v["uniforms"].as_array().unwrap().iter())
        .map(|u| u["name"].as_str().unwrap())
        .collect();
    // `k[0]` and `k[1]` are the elements of one array `k`.
    assert_eq!(names, ["IN.video_size", "IN.output_size", "tint", "M", "k"]);
    assert_eq!(v["uniforms"][1]["referenced"], false);
    assert_eq!(v["uniforms"][2]["default"], json!([0.25, 0.5, 0.75, 1.0]));
    let m = &v["uniforms"][3];
    assert_eq!(m["type"], "float4x4");
    assert_eq!(
        m["parameters"][3],
        json!({"name": "M[3]", "declare": "M$3"})
    );
    let k = &v["uniforms"][4];
    assert_eq!(
        (&k["type"], &k["array_size"]),
        (&json!("float4"), &json!(2))
    );
    assert_eq!(
        k["parameters"],
        json!([{"name": "k[0]", "declare": "k$0"}, {"name": "k[1]", "declare": "k$1"}])
    );
    assert_eq!(
        v["outputs"],
        json!([{"name": "main_fragment", "type": "float4", "semantic": "COLOR",
                "referenced": true, "register": "COLR"}])
    );
    assert_eq!(v["kill"], false);
    // No trailer: no stats.
    assert!(v.get("stats").is_none());
    let o = pigment(&["check", "--reflect", "json", "x.cg"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn check_reflects_the_header_in_the_deprecated_v1_json() {
    let dir = scratch("reflect-v1");
    let p = program(&dir, "tint.fp", "DECLARE tint;\nMOVR o[COLR], tint;\nEND\n");
    let v = json_out(&pigment(&["check", "--reflect", "json-v1", &p]));
    assert_eq!(v["schema"], "pigment-reflect-1");
    assert_eq!(v["entry"], "main_fragment");
    assert_eq!(
        v["varyings"],
        json!([{"name": "tex", "type": "float2", "semantic": "TEXCOORD0", "register": "TEX0",
                "param_index": 0, "referenced": true}])
    );
    assert_eq!(
        v["samplers"],
        json!([{"name": "decal", "type": "sampler2D", "semantic": "TEXUNIT2", "unit": 2,
                "target": "2D", "param_index": 2, "referenced": true}])
    );
    let m = &v["uniforms"][3];
    assert_eq!(m["name"], "M");
    assert_eq!(
        m["parameters"][3],
        json!({"name": "M[3]", "declare": "M$3"})
    );
    assert_eq!(v["outputs"][0]["register"], "COLR");
    assert_eq!(
        v["defaults"],
        json!([{"name": "tint", "values": [0.25, 0.5, 0.75, 1.0]}])
    );
    assert_eq!(v["stats"], serde_json::Value::Null);
}
