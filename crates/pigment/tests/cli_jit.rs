//! `--no-jit`, `PIGMENT_JIT=0` and `--timings` of `pigment run` / `eval`: the JIT (the default on
//! x86_64 and aarch64) and the interpreter write the same bits, and `--timings` says which ran.

mod common;

use common::{pigment, scratch, stderr, write};
use std::process::Command;

/// Lighting-like arithmetic with an approximation, a derivative and a conditional kill.
const PROGRAM: &str = "!!FP1.0
DP3R R0.w, f[TEX1], f[TEX1];
RSQR R0.w, R0.w;
MULR R0.xyz, f[TEX1], R0.w;
EX2H R1.x, f[TEX0].x;
DDXR R1.y, f[TEX0].y;
SLTRC RC.x, f[TEX0].x, 0.1;
KIL LT.x;
MADR o[COLR], R0, R1.xyxy, {0.1, 0.2, 0.3, 1};
END
";

fn raw(args: &[&str], env: Option<(&str, &str)>, name: &str) -> (Vec<u8>, String) {
    let dir = scratch(name);
    let program = write(&dir, "p.fp", PROGRAM);
    let out = dir.join("out.f32");
    let mut all = vec![
        "run",
        &program,
        "--size",
        "9x7",
        "--raw",
        out.to_str().unwrap(),
    ];
    all.extend_from_slice(args);
    let o = match env {
        Some((k, v)) => Command::new(env!("CARGO_BIN_EXE_pigment"))
            .args(&all)
            .env(k, v)
            .output()
            .expect("pigment runs"),
        None => pigment(&all),
    };
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    (std::fs::read(&out).expect("raw output"), stderr(&o))
}

#[test]
fn jit_and_interpreter_write_the_same_bits() {
    let (jit, jit_log) = raw(&["--timings"], None, "jit");
    let (no_jit, no_jit_log) = raw(&["--timings", "--no-jit"], None, "no-jit");
    let (env_off, env_log) = raw(&["--timings"], Some(("PIGMENT_JIT", "0")), "env");
    assert_eq!(jit.len(), 9 * 7 * 16);
    assert_eq!(jit, no_jit);
    assert_eq!(jit, env_off);
    if cfg!(any(target_arch = "x86_64", target_arch = "aarch64")) {
        assert!(jit_log.contains("JIT compile"), "{jit_log}");
    }
    assert!(no_jit_log.contains("interpreter"), "{no_jit_log}");
    assert!(env_log.contains("interpreter"), "{env_log}");
}
