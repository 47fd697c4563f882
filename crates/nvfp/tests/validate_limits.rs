//! The validator's limits: executable instruction count and the 64-unit register budget (section
//! 3.11.3, project notes items 2 and 11).

mod validate_common;
use validate_common::{fails, fails_once, loads, offset_of, primary_text};

fn movs(count: usize) -> String {
    "MOV o[COLR], f[COL0];\n".repeat(count)
}

#[test]
fn at_most_1024_executable_instructions() {
    loads(&movs(1024));
    let body = movs(1025);
    let error = fails_once(&body);
    assert!(
        error.message.contains("1025 executable instructions"),
        "{}",
        error.message
    );
    // Points at the first instruction over the limit.
    let start = error.primary.as_ref().unwrap().span.start as usize;
    assert_eq!(start, offset_of(&body, "MOV", 1024));
}

#[test]
fn define_and_declare_do_not_count_as_instructions() {
    let body = format!(
        "DEFINE a = 1;\nDECLARE b;\nDEFINE c = {{1, 2}};\n{}",
        movs(1024)
    );
    loads(&body);
}

/// Writes (or reads, with `read`) each listed register once, then writes `output`.
fn using(registers: &[String], output: &str) -> String {
    let mut body = String::new();
    for register in registers {
        body.push_str(&format!("MOV {register}, f[COL0];\n"));
    }
    body.push_str(&format!("MOV {output}, f[COL0];\n"));
    body
}

fn regs(prefix: &str, range: std::ops::Range<u32>) -> Vec<String> {
    range.map(|n| format!("{prefix}{n}")).collect()
}

#[test]
fn register_budget_is_64_units_r_registers_count_two() {
    // 31 R registers (62) + o[COLR] (2) = 64.
    let program = loads(&using(&regs("R", 0..31), "o[COLR]"));
    assert_eq!(program.register_units, 64);
    // 32 R registers (64) + o[COLR] (2) = 66.
    let body = using(&regs("R", 0..32), "o[COLR]");
    let error = fails_once(&body);
    assert!(
        error.message.contains("66 register units"),
        "{}",
        error.message
    );
    // The first register over the limit is o[COLR] (R0-R31 make exactly 64).
    assert_eq!(primary_text(&body, &error), "o[COLR]");
}

#[test]
fn register_budget_h_registers_and_colh_count_one() {
    let program = loads(&using(&regs("H", 0..63), "o[COLH]"));
    assert_eq!(program.register_units, 64);
    let error = fails_once(&using(&regs("H", 0..64), "o[COLH]"));
    assert!(
        error.message.contains("65 register units"),
        "{}",
        error.message
    );
}

#[test]
fn register_budget_depr_counts_two() {
    // 30 R (60) + o[COLR] (2) + o[DEPR] (2) = 64; one more H register is 65.
    let mut registers = regs("R", 0..30);
    registers.push("o[DEPR]".into());
    assert_eq!(loads(&using(&registers, "o[COLR]")).register_units, 64);
    registers.push("H0".into());
    fails_once(&using(&registers, "o[COLR]"));
}

#[test]
fn register_budget_counts_registers_that_are_only_read() {
    // R0-R31 are only read, never written: still 64 units, plus o[COLR].
    let body: String = (0..32).map(|n| format!("MOV o[COLR], R{n};\n")).collect();
    let error = fails_once(&body);
    assert!(
        error.message.contains("66 register units"),
        "{}",
        error.message
    );
}

#[test]
fn register_budget_counts_each_register_once() {
    let body = "MOV R0, f[COL0];\nADD R0, R0, R0;\nMOV o[COLR], R0;\nMOV H1, R0;\nMOV H1, H1;";
    assert_eq!(loads(body).register_units, 2 + 2 + 1);
}

#[test]
fn register_budget_r_and_h_registers_do_not_alias() {
    // Notes item 2: H0 is not half of R0, so it costs one more unit.
    let mut registers = regs("R", 0..31);
    registers.push("H0".into());
    let error = fails_once(&using(&registers, "o[COLR]"));
    assert!(
        error.message.contains("65 register units"),
        "{}",
        error.message
    );
}

#[test]
fn register_budget_rc_and_hc_do_not_count() {
    let mut registers = regs("R", 0..31);
    registers.push("RC".into());
    registers.push("HC".into());
    assert_eq!(loads(&using(&registers, "o[COLR]")).register_units, 64);
}

#[test]
fn register_budget_error_explains_the_count() {
    let errors = fails(&using(&regs("R", 0..32), "o[COLR]"));
    let notes = errors[0].notes.join("\n");
    assert!(notes.contains("32 R registers (64 units)"), "{notes}");
    assert!(notes.contains("o[COLR] (2 units)"), "{notes}");
}
