//! Tests of the `pigment` command-line contract: exit codes, diagnostics format, the JSON of `eval`,
//! the files of `run`. Expected values are computed by hand from the spec and reference-quad.md.

mod common;

use common::{json, pigment, scratch, stderr, stdout, write};

#[test]
fn check_accepts_a_valid_program() {
    let dir = scratch("check-ok");
    let p = write(&dir, "ok.fp", "!!FP1.0\nMOVR o[COLR], f[COL0];\nEND\n");
    let o = pigment(&["check", &p]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).is_empty());
}

#[test]
fn check_reports_each_problem_at_its_line_and_column() {
    let dir = scratch("check-bad");
    let p = write(&dir, "bad.fp", "!!FP1.0\nMOVR R0, f[TEX0];\nADDR R1, f[TEX0], f[COL0];\nMOVR o[COLR], undefined_name;\nEND\n");
    let o = pigment(&["check", &p]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    let firsts: Vec<&str> = err.lines().filter(|l| l.contains(": error: ")).collect();
    assert_eq!(firsts.len(), 2, "{err}");
    assert!(firsts[0].starts_with(&format!("{p}:3:")), "{err}");
    assert!(
        firsts[1].starts_with(&format!("{p}:4:15: error: ")),
        "{err}"
    );
    assert!(err.contains("undefined_name"));
}

#[test]
fn check_names_the_offending_token_of_a_syntax_error() {
    let dir = scratch("check-syntax");
    let p = write(&dir, "syn.fp", "!!FP1.0\nMOVR o[COLR], R99;\nEND\n");
    let o = pigment(&["check", &p]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).starts_with(&format!("{p}:2:15: error: ")),
        "{}",
        stderr(&o)
    );
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(pigment(&[]).status.code(), Some(2));
    assert_eq!(pigment(&["frobnicate"]).status.code(), Some(2));
    assert_eq!(
        pigment(&["check", "/nonexistent/x.fp"]).status.code(),
        Some(2)
    );
    let dir = scratch("usage");
    let p = write(&dir, "ok.fp", "!!FP1.0\nMOVR o[COLR], f[COL0];\nEND\n");
    assert_eq!(
        pigment(&["eval", &p, "--attr", "NOPE=1"]).status.code(),
        Some(2)
    );
    assert_eq!(
        pigment(&["eval", &p, "--attr", "TEX0=1,2,3,4,5"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        pigment(&["run", &p, "--size", "0x3"]).status.code(),
        Some(2)
    );
    assert_eq!(
        pigment(&["run", &p, "--tex", "0=2D:/nonexistent.png"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn help_explains_every_command() {
    let o = pigment(&["--help"]);
    assert_eq!(o.status.code(), Some(0));
    let help = stdout(&o);
    for command in ["check", "eval", "run"] {
        assert!(help.contains(command), "{help}");
    }
}

#[test]
fn eval_prints_written_outputs_with_nulls_for_unwritten_components() {
    let dir = scratch("eval");
    let p = write(
        &dir,
        "e.fp",
        "!!FP1.0\nADDR o[COLR].xy, f[TEX0], {0.5, -1, 0, 0};\nEND\n",
    );
    let o = pigment(&["eval", &p, "--attr", "TEX0=1,2"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["killed"], false);
    assert_eq!(
        v["outputs"]["COLR"],
        serde_json::json!([1.5, 1.0, null, null])
    );
    assert!(v.get("registers").is_none());
}

#[test]
fn eval_prints_special_values_as_strings_and_dumps_registers_and_cc() {
    let dir = scratch("eval-dump");
    // R1 = (-2, 0, 2, NaN) as in section 3.11.4.4; RCP of 0 is +INF.
    let p = write(
        &dir,
        "d.fp",
        "!!FP1.0\nMOVR R1, f[TEX0];\nMOVRC R0, R1;\nRCPR R2.x, R1.y;\nMOVR o[COLR], R2;\nEND\n",
    );
    let o = pigment(&["eval", &p, "--attr", "TEX0=-2,0,2,nan", "--dump"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["outputs"]["COLR"][0], "Infinity");
    assert_eq!(
        v["registers"]["R0"],
        serde_json::json!([-2.0, 0.0, 2.0, "NaN"])
    );
    assert_eq!(v["cc"], serde_json::json!(["LT", "EQ", "GT", "UN"]));
}

#[test]
fn eval_kil_and_params() {
    let dir = scratch("eval-kil");
    let p = write(
        &dir,
        "k.fp",
        "!!FP1.0\nDECLARE c = {1, 2, 3, 4};\nMOVRC RC.x, p[2].x;\nKIL LT.x;\nMOVR o[COLR], c;\nEND\n",
    );
    let o = pigment(&["eval", &p, "--local", "2=-1", "--param", "c=0.5,0.25"]);
    let v = json(&o);
    assert_eq!(v["killed"], true);
    let o = pigment(&["eval", &p, "--param", "c=0.5,0.25", "--param", "missing=1"]);
    let v = json(&o);
    assert_eq!(v["killed"], false);
    assert_eq!(
        v["outputs"]["COLR"],
        serde_json::json!([0.5, 0.25, 0.0, 1.0])
    );
    assert!(stderr(&o).contains("warning"), "{}", stderr(&o));
}

#[test]
fn run_writes_raw_floats_bottom_row_first_and_a_png() {
    let dir = scratch("run");
    let p = write(&dir, "r.fp", "!!FP1.0\nMOVR o[COLR], f[TEX0];\nEND\n");
    let raw = dir.join("out.f32");
    let png = dir.join("out.png");
    let o = pigment(&[
        "run",
        &p,
        "--size",
        "4x2",
        "--raw",
        raw.to_str().unwrap(),
        "-o",
        png.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let bytes = std::fs::read(&raw).unwrap();
    assert_eq!(bytes.len(), 4 * 2 * 4 * 4);
    let floats: Vec<f32> = bytes
        .chunks(4)
        .map(|b| f32::from_le_bytes(b.try_into().unwrap()))
        .collect();
    // Pixel (i, j) holds (s, t, 0, 1) with s = (i + 0.5) / 4, t = (j + 0.5) / 2; row j = 0 first.
    assert_eq!(&floats[0..4], &[0.125, 0.25, 0.0, 1.0]);
    assert_eq!(&floats[4 * 5..4 * 6], &[0.375, 0.75, 0.0, 1.0]);
    let decoder = png::Decoder::new(std::fs::File::open(&png).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!((info.width, info.height), (4, 2));
    // The PNG's first row is the top row (j = 1): pixel (0, 1) = round(0.125*255), round(0.75*255).
    assert_eq!(&buf[0..4], &[32, 191, 0, 255]);
}
