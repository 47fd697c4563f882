//! One executable instruction: its shape, its operands, and the rules of sections 3.11.3 and 3.11.5 that
//! concern a single instruction:
//! - at most one unique attribute register (3.11.1.1, 3.11.3);
//! - at most one unique program parameter, except merged constants (3.11.2, 3.11.3; see constants.rs);
//! - PK2H, PK2US, PK4B and PK4UB write a register with 32-bit components (3.11.5.20-23);
//! - UP2H, UP2US, UP4B and UP4UB read a register with 32-bit components or a program parameter
//!   (3.11.5.41-44);
//! - RFL does not enable w in its write mask (3.11.5.26);
//! - texture units are TEX0-TEX15.
//!
//! It also settles the precision the instruction computes at (3.11.4.2).

use super::constants::check_parameters;
use super::operands::{check_temp, resolve};
use super::report::Reporter;
use super::symbols::Symbols;
use crate::isa::{
    AttribReg, CcMask, Opcode, OutputReg, Precision, PrecisionSuffixes, TempReg, TEXTURE_UNITS,
};
use crate::program::{Dest, DestReg, Instruction};
use crate::syntax::ast::{self, DstOperand, DstRegister, SrcBase};
use pigment_diag::Span;

/// Loads one instruction; `None` when it breaks a rule (every problem has been reported).
pub(super) fn load_instruction(
    instruction: &ast::Instruction,
    symbols: &Symbols,
    r: &mut Reporter,
) -> Option<Instruction> {
    let errors_before = r.error_count();
    check_shape(instruction, r);
    let dst = instruction.dst.as_ref().map(|d| load_dest(d, r));
    let mut srcs = Vec::with_capacity(instruction.srcs.len());
    let mut parameters = Vec::new();
    for (operand, &kind) in instruction
        .srcs
        .iter()
        .zip(instruction.opcode.info().operands)
    {
        if let Some(resolved) = resolve(operand, kind, symbols, r) {
            srcs.push(resolved.source);
            parameters.extend(resolved.parameter);
        }
    }
    check_single_attribute(instruction, r);
    check_parameters(&parameters, r);
    check_pack_destination(instruction, r);
    check_unpack_source(instruction, r);
    check_reflect_mask(instruction, r);
    check_texture_unit(instruction, r);
    if r.error_count() > errors_before {
        return None;
    }
    Some(Instruction {
        opcode: instruction.opcode,
        precision: precision(instruction, dst.as_ref()),
        explicit_precision: instruction.precision,
        update_cc: instruction.update_cc,
        saturate: instruction.saturate,
        dst,
        srcs,
        texture: instruction.texture.map(|t| (t.unit, t.target)),
        kil_condition: instruction.kil_condition,
        span: instruction.span,
    })
}

/// The precision an instruction computes at (section 3.11.4.2): R whenever it reads `f[FOGC]` or `f[TEX*]`,
/// else its suffix, else the destination's type. KIL, which has no destination, reports R.
fn precision(instruction: &ast::Instruction, dst: Option<&Dest>) -> Precision {
    let reads_full_precision = instruction
        .srcs
        .iter()
        .any(|s| matches!(s.base, SrcBase::Attrib(a) if a.forces_full_precision()));
    if reads_full_precision {
        return Precision::R;
    }
    match (instruction.precision, dst) {
        (Some(explicit), _) => explicit,
        (None, Some(dst)) if dst.register.is_half() => Precision::H,
        (None, _) => Precision::R,
    }
}

fn load_dest(dst: &DstOperand, r: &mut Reporter) -> Dest {
    let register = match dst.register {
        DstRegister::Temp(temp) => {
            check_temp(temp, dst.register_span, r);
            DestReg::Temp(temp)
        }
        DstRegister::Output(output) => DestReg::Output(output),
        DstRegister::Rc => DestReg::Rc,
        DstRegister::Hc => DestReg::Hc,
    };
    Dest {
        register,
        write_mask: dst.write_mask,
        cc_mask: dst.cc_mask.unwrap_or(CcMask::ALWAYS),
    }
}

/// Checks what the grammar already guarantees for parsed text (operand count, suffixes the opcode
/// accepts, destination and texture presence), so that a hand-built tree cannot load malformed.
fn check_shape(instruction: &ast::Instruction, r: &mut Reporter) {
    let info = instruction.opcode.info();
    let name = info.name;
    let mut problems = Vec::new();
    if instruction.srcs.len() != info.operands.len() {
        problems.push(format!(
            "{name} takes {} source operand(s)",
            info.operands.len()
        ));
    }
    let precision_allowed = match (info.precision, instruction.precision) {
        (_, None) | (PrecisionSuffixes::Rhx, Some(_)) => true,
        (PrecisionSuffixes::Rh, Some(p)) => p != Precision::X,
        (PrecisionSuffixes::None, Some(_)) => false,
    };
    if !precision_allowed {
        problems.push(format!("{name} does not accept this precision suffix"));
    }
    if !info.cc_and_sat && (instruction.update_cc || instruction.saturate) {
        problems.push(format!("{name} accepts neither the C nor the _SAT suffix"));
    }
    if info.texture != instruction.texture.is_some() {
        problems.push(format!(
            "{name} {} a texture unit and target",
            if info.texture { "needs" } else { "takes no" }
        ));
    }
    let is_kil = instruction.opcode == Opcode::Kil;
    if is_kil == instruction.dst.is_some() || is_kil != instruction.kil_condition.is_some() {
        problems.push(
            "KIL has a condition and no destination; every other instruction a destination".into(),
        );
    }
    for problem in problems {
        r.report(instruction.opcode_span, problem);
    }
}

/// At most one unique attribute register per instruction; the same one several times is fine.
fn check_single_attribute(instruction: &ast::Instruction, r: &mut Reporter) {
    let mut first: Option<(AttribReg, Span)> = None;
    let mut reported: Vec<AttribReg> = Vec::new();
    for operand in &instruction.srcs {
        let SrcBase::Attrib(attrib) = operand.base else {
            continue;
        };
        let Some((first_attrib, first_span)) = first else {
            first = Some((attrib, operand.span));
            continue;
        };
        if attrib == first_attrib || reported.contains(&attrib) {
            continue;
        }
        reported.push(attrib);
        let diagnostic = r
            .error(
                operand.span,
                format!(
                    "instruction reads two different attribute registers, f[{}] and f[{}]; an \
                     instruction may read only one",
                    first_attrib.name(),
                    attrib.name()
                ),
            )
            .with_label(r.file, first_span, "first attribute register read here")
            .with_note("copy one of them into a temporary register with MOV first");
        r.push(diagnostic);
    }
}

fn is_pack(opcode: Opcode) -> bool {
    matches!(
        opcode,
        Opcode::Pk2h | Opcode::Pk2us | Opcode::Pk4b | Opcode::Pk4ub
    )
}

fn is_unpack(opcode: Opcode) -> bool {
    matches!(
        opcode,
        Opcode::Up2h | Opcode::Up2us | Opcode::Up4b | Opcode::Up4ub
    )
}

/// PK* results must go to a register with 32-bit components (3.11.5.20-23). RC, the fp32 pseudo-register,
/// has 32-bit components (3.11.1.2) and is accepted; H registers, `o[COLH]` and HC are not.
fn check_pack_destination(instruction: &ast::Instruction, r: &mut Reporter) {
    let Some(dst) = instruction
        .dst
        .as_ref()
        .filter(|_| is_pack(instruction.opcode))
    else {
        return;
    };
    let fp16_register = match dst.register {
        DstRegister::Temp(TempReg::H(n)) => format!("H{n}"),
        DstRegister::Output(OutputReg::Colh) => "o[COLH]".into(),
        DstRegister::Hc => "HC".into(),
        DstRegister::Temp(TempReg::R(_)) | DstRegister::Output(_) | DstRegister::Rc => return,
    };
    r.report(
        dst.register_span,
        format!(
            "{} writes a packed 32-bit value, so its destination must have 32-bit components (an R \
             register, o[COLR] or o[DEPR]); {fp16_register} holds fp16 values",
            instruction.opcode.name()
        ),
    );
}

/// UP* operands must come from a register with 32-bit components or from a program parameter
/// (3.11.5.41-44). Attribute registers hold 32-bit floats (3.11.1.1), so only H registers are refused.
fn check_unpack_source(instruction: &ast::Instruction, r: &mut Reporter) {
    if !is_unpack(instruction.opcode) {
        return;
    }
    for operand in &instruction.srcs {
        if let SrcBase::Temp(TempReg::H(n)) = operand.base {
            r.report(
                operand.span,
                format!(
                    "{} unpacks the bits of a 32-bit value, so its operand must come from a register \
                     with 32-bit components or a program parameter; H{n} holds fp16 values",
                    instruction.opcode.name()
                ),
            );
        }
    }
}

/// "A fragment program will fail to load if the w component of the result is enabled in the component
/// write mask" (3.11.5.26). An omitted write mask enables all four components (3.11.4.4).
fn check_reflect_mask(instruction: &ast::Instruction, r: &mut Reporter) {
    let Some(dst) = instruction
        .dst
        .as_ref()
        .filter(|_| instruction.opcode == Opcode::Rfl)
    else {
        return;
    };
    if dst.write_mask.enabled(3) {
        let diagnostic = r
            .error(dst.span, "RFL may not write the w component of its result")
            .with_note("give a write mask without w, such as `.xyz`; no write mask means `.xyzw`");
        r.push(diagnostic);
    }
}

fn check_texture_unit(instruction: &ast::Instruction, r: &mut Reporter) {
    if let Some(texture) = instruction.texture.filter(|t| t.unit >= TEXTURE_UNITS) {
        r.report(
            texture.span,
            format!(
                "TEX{} does not exist; texture units are TEX0 to TEX15",
                texture.unit
            ),
        );
    }
}
