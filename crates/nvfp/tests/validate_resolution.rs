//! What a loaded program holds: resolved constants and locals, precisions (section 3.11.4.2) and the
//! program-wide summary.

mod validate_common;
use nvfp::isa::{Precision, Swizzle, TempReg};
use nvfp::program::SourceKind;
use validate_common::loads;

#[test]
fn named_vector_constant_becomes_an_expanded_literal() {
    // Section 3.11.2: "{2}" is equivalent to "{2,0,0,1}".
    let program = loads(
        "DEFINE c = {2};\nDEFINE d = {3, 4, 5};\nMUL R0, c, f[COL0];\nADD o[COLR], R0, d.zyxw;",
    );
    let c = &program.instructions[0].srcs[0];
    assert_eq!(c.kind, SourceKind::Literal([2.0, 0.0, 0.0, 1.0]));
    assert_eq!(c.swizzle, Swizzle::IDENTITY);
    let d = &program.instructions[1].srcs[1];
    assert_eq!(d.kind, SourceKind::Literal([3.0, 4.0, 5.0, 1.0]));
    assert_eq!(d.swizzle, Swizzle([2, 1, 0, 3]));
}

#[test]
fn scalar_constants_become_replicated_literals() {
    let program = loads("DEFINE half = 0.5;\nMAD o[COLR], f[COL0], half, -0.25;");
    let srcs = &program.instructions[0].srcs;
    assert_eq!(srcs[1].kind, SourceKind::Literal([0.5; 4]));
    assert_eq!(srcs[1].swizzle, Swizzle::splat(0));
    assert_eq!(srcs[2].kind, SourceKind::Literal([-0.25; 4]));
    assert!(
        !srcs[2].negate_base,
        "the sign of a number belongs to the number"
    );
}

#[test]
fn embedded_vector_with_scalar_suffix() {
    let program = loads("RCP o[COLR], {1, 2, 4}.z;");
    let src = &program.instructions[0].srcs[0];
    assert_eq!(src.kind, SourceKind::Literal([1.0, 2.0, 4.0, 1.0]));
    assert_eq!(src.swizzle, Swizzle::splat(2));
}

#[test]
fn named_locals_and_their_initial_values() {
    // Section 3.11.2: a scalar initial value is replicated; no initial value is (0,0,0,0).
    let program = loads(
        "DECLARE fog = 0.25;\nDECLARE tint = {1, 2};\nDECLARE later;\nMUL o[COLR], -|tint.y|, f[COL0];",
    );
    let initial: Vec<[f32; 4]> = program.named_locals.iter().map(|l| l.initial).collect();
    assert_eq!(initial, [[0.25; 4], [1.0, 2.0, 0.0, 1.0], [0.0; 4]]);
    assert_eq!(program.named_locals[1].name, "tint");
    let src = &program.instructions[0].srcs[0];
    assert_eq!(src.kind, SourceKind::NamedLocal(1));
    assert_eq!(src.swizzle, Swizzle::splat(1));
    assert!(src.absolute && src.negate_abs && !src.negate_base);
}

#[test]
fn numbered_locals_attributes_and_temps() {
    let program = loads("MAD o[COLR], p[5].wzyx, f[TEX1], H3;");
    let kinds: Vec<SourceKind> = program.instructions[0]
        .srcs
        .iter()
        .map(|s| s.kind)
        .collect();
    assert_eq!(
        kinds,
        [
            SourceKind::NumberedLocal(5),
            SourceKind::Attrib(nvfp::isa::AttribReg::Tex(1)),
            SourceKind::Temp(TempReg::H(3))
        ]
    );
}

#[test]
fn precision_is_suffix_else_destination_type() {
    let program = loads(
        "MOV R0, R1;\nMOV H0, R1;\nMOVH R0, R1;\nMOVX H1, R1;\nMOV o[COLH], H0;\nMOVC HC, R0;\nMOVC RC, H0;",
    );
    let precisions: Vec<Precision> = program.instructions.iter().map(|i| i.precision).collect();
    use Precision::{H, R, X};
    assert_eq!(precisions, [R, H, H, X, H, H, R]);
    assert_eq!(program.instructions[2].explicit_precision, Some(H));
    assert_eq!(program.instructions[1].explicit_precision, None);
}

#[test]
fn precision_is_full_when_reading_fogc_or_texture_coordinates() {
    // Section 3.11.4.2: f[FOGC] and f[TEX0]-f[TEX7] force fp32, whatever the suffix; f[COL0] does not.
    let program = loads(
        "MOV H0, f[FOGC];\nMOVH H1, f[TEX7];\nMULX H2, f[TEX0], H0;\nMOV H3, f[COL0];\nMOV o[COLH], f[WPOS];",
    );
    let precisions: Vec<Precision> = program.instructions.iter().map(|i| i.precision).collect();
    use Precision::{H, R};
    assert_eq!(precisions, [R, R, R, H, H]);
    assert_eq!(
        program.instructions[2].explicit_precision,
        Some(Precision::X)
    );
}

#[test]
fn kil_reports_full_precision() {
    let program = loads("KIL NE;\nMOV o[COLH], f[COL0];");
    assert_eq!(program.instructions[0].precision, Precision::R);
}

#[test]
fn program_summary() {
    let program = loads(
        "MOV R10, f[COL0];\nMOV H2, R10;\nMOV R2, H5;\nMOV H0, R2;\nMOV o[COLR], R2;\nMOV o[DEPR].z, R10;",
    );
    assert_eq!(
        program.temps_written,
        [TempReg::R(2), TempReg::R(10), TempReg::H(0), TempReg::H(2)]
    );
    assert!(program.writes_colr && program.writes_depr && !program.writes_colh);
    // R10, R2 (4) + H2, H5, H0 (3) + o[COLR], o[DEPR] (4).
    assert_eq!(program.register_units, 11);
    assert_eq!(program.texture_targets, [None; 16]);
}

#[test]
fn destination_masks_and_conditions_are_kept() {
    let program = loads("MOVC R0.xz (GT.wzyx), f[COL0];\nMOV o[COLR], R0;");
    let dst = program.instructions[0].dst.unwrap();
    assert_eq!(dst.write_mask, nvfp::isa::WriteMask(0b0101));
    assert_eq!(dst.cc_mask.rule, nvfp::isa::CcRule::Gt);
    assert_eq!(dst.cc_mask.swizzle, Swizzle([3, 2, 1, 0]));
    assert_eq!(
        program.instructions[1].dst.unwrap().cc_mask,
        nvfp::isa::CcMask::ALWAYS
    );
}
