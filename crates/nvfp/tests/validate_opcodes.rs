//! Rules of single instructions in section 3.11.5: RFL's write mask, the register types of PK* and UP*,
//! texture units, KIL.

mod validate_common;
use validate_common::{fails, fails_once, loads, primary_text};

#[test]
fn rfl_may_not_write_w() {
    // Section 3.11.5.26: fails to load if w is enabled in the write mask; no mask enables all four.
    for instruction in [
        "RFL R0, R1, R2;",
        "RFL R0.xyzw, R1, R2;",
        "RFL R0.w, R1, R2;",
        "RFLR H0.xw, R1, R2;",
    ] {
        let error = fails_once(&format!("{instruction}\nMOV o[COLR], R0;"));
        assert!(
            error.message.contains("RFL"),
            "{instruction}: {}",
            error.message
        );
    }
    loads("RFL R0.xyz, R1, R2;\nMOV o[COLR], R0;");
    loads("RFLH H0.x (GT), R1, R2;\nMOV o[COLH], H0;");
}

#[test]
fn pack_destination_must_have_32_bit_components() {
    // Sections 3.11.5.20-23: an R register, o[COLR] or o[DEPR].
    for body in [
        "PK2H R0, R1;\nMOV o[COLR], R0;",
        "PK2US o[COLR], R1;",
        "PK4B o[DEPR], R1;",
        "PK4UB R3.x, R1;\nMOV o[COLR], R3;",
    ] {
        loads(body);
    }
    for (body, register) in [
        ("PK2H H0, R1;\nMOV o[COLR], R0;", "H0"),
        ("PK4UB o[COLH], R1;", "o[COLH]"),
        ("PK2US HC, R1;\nMOV o[COLR], R0;", "HC"),
    ] {
        let error = fails_once(body);
        assert_eq!(primary_text(body, &error), register);
        assert!(error.message.contains("32-bit"), "{}", error.message);
    }
}

#[test]
fn pack_to_rc_is_accepted() {
    // RC has fp32 components (section 3.11.1.2).
    loads("PK2H RC, R1;\nMOV o[COLR], R0;");
}

#[test]
fn unpack_source_must_be_32_bit_register_or_parameter() {
    // Sections 3.11.5.41-44.
    for body in [
        "UP2H R0, R1.x;",
        "UP2US R0, f[COL0].y;",
        "UP4B R0, p[0].z;",
        "DECLARE packed;\nUP4UB R0, packed.w;",
        "UP4UB R0, 2;",
        "UP2H H0, R1.x;\nMOV R0, H0;",
    ] {
        loads(&format!("{body}\nMOV o[COLR], R0;"));
    }
    let body = "UP2H R0, H1.x;\nMOV o[COLR], R0;";
    let error = fails_once(body);
    assert_eq!(primary_text(body, &error), "H1.x");
    assert!(error.message.contains("fp16"), "{}", error.message);
}

#[test]
fn texture_unit_below_16() {
    loads("TEX R0, f[TEX0], TEX15, 2D;\nMOV o[COLR], R0;");
    // TEX16 is not a texture unit: rejected by the parser or the validator.
    fails("TEX R0, f[TEX0], TEX16, 2D;\nMOV o[COLR], R0;");
}

#[test]
fn kil_loads_with_a_condition() {
    let program = loads("MOVC RC, f[COL0];\nKIL EQ.x;\nKIL LT;\nMOV o[COLR], f[COL0];");
    assert_eq!(program.instructions.len(), 4);
    assert!(program.instructions[1].dst.is_none());
    assert!(program.instructions[1].kil_condition.is_some());
}
