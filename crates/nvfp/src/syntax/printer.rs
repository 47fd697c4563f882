//! The canonical text of a syntax tree: `!!FP1.0`, one statement per line, `END`.
//!
//! Canonical choices: no `+` signs; a write mask only when it is not `.xyzw`; a swizzle suffix exactly
//! as the tree records it (none, `.x` for a scalar suffix, or four letters); a condition-code swizzle
//! as `.x` when it repeats one component, nothing when it is `.xyzw`; numbers in the shortest
//! form that reads back to the same `f32` (see [`format_number`]).
//!
//! Every tree the parser produces prints to text that parses back to the same tree (spans aside).
//! Trees the parser cannot produce print as faithfully as the grammar allows (a sign on a `Scalar`
//! base is folded into the number, an empty write mask prints as none).

use super::ast::{
    ConstValue, DstOperand, DstRegister, Instruction, Program, ScalarConst, SrcBase, SrcOperand,
    Statement,
};
use super::lexer::HEADER;
use crate::isa::{CcMask, Precision, Swizzle, COMPONENT_LETTERS};
use std::fmt::Write;

pub fn print(program: &Program) -> String {
    let mut out = String::new();
    out.push_str(HEADER);
    out.push('\n');
    for statement in &program.statements {
        out.push_str(&statement_text(statement));
        out.push_str(";\n");
    }
    out.push_str("END\n");
    out
}

fn statement_text(statement: &Statement) -> String {
    match statement {
        Statement::Instruction(instruction) => instruction_text(instruction),
        Statement::Define { name, value, .. } => {
            format!("DEFINE {} = {}", name.name, const_value_text(value))
        }
        Statement::Declare {
            name, value: None, ..
        } => format!("DECLARE {}", name.name),
        Statement::Declare {
            name,
            value: Some(value),
            ..
        } => {
            format!("DECLARE {} = {}", name.name, const_value_text(value))
        }
    }
}

fn instruction_text(instruction: &Instruction) -> String {
    let mut out = instruction.opcode.name().to_string();
    match instruction.precision {
        Some(Precision::R) => out.push('R'),
        Some(Precision::H) => out.push('H'),
        Some(Precision::X) => out.push('X'),
        None => {}
    }
    if instruction.update_cc {
        out.push('C');
    }
    if instruction.saturate {
        out.push_str("_SAT");
    }
    let mut operands = Vec::new();
    if let Some(condition) = instruction.kil_condition {
        operands.push(cc_mask_text(condition));
    }
    if let Some(dst) = &instruction.dst {
        operands.push(dst_text(dst));
    }
    operands.extend(instruction.srcs.iter().map(src_text));
    if let Some(texture) = instruction.texture {
        operands.push(format!("TEX{}", texture.unit));
        operands.push(texture.target.name().to_string());
    }
    if !operands.is_empty() {
        out.push(' ');
        out.push_str(&operands.join(", "));
    }
    out
}

fn dst_text(dst: &DstOperand) -> String {
    let mut out = match &dst.register {
        DstRegister::Temp(temp) => temp.name(),
        DstRegister::Output(output) => format!("o[{}]", output.name()),
        DstRegister::Rc => "RC".to_string(),
        DstRegister::Hc => "HC".to_string(),
    };
    let mask = dst.write_mask.letters();
    if !mask.is_empty() && mask != "xyzw" {
        out.push('.');
        out.push_str(&mask);
    }
    if let Some(cc) = dst.cc_mask {
        let _ = write!(out, " ({})", cc_mask_text(cc));
    }
    out
}

fn cc_mask_text(cc: CcMask) -> String {
    let [first, ..] = cc.swizzle.0;
    let suffix = if cc.swizzle.is_identity() {
        String::new()
    } else if cc.swizzle == Swizzle::splat(first) {
        format!(".{}", component_letter(first))
    } else {
        format!(".{}", cc.swizzle.letters())
    };
    format!("{}{suffix}", cc.rule.name())
}

fn component_letter(component: u8) -> char {
    COMPONENT_LETTERS[usize::from(component & 3)]
}

fn src_text(src: &SrcOperand) -> String {
    let mut out = String::new();
    if src.absolute {
        if src.negate_abs {
            out.push('-');
        }
        out.push('|');
    }
    match &src.base {
        // The grammar has no negation in front of a signed scalar constant: fold it in.
        SrcBase::Scalar(value) if src.negate_base => out.push_str(&format_number(-value)),
        SrcBase::Scalar(value) => out.push_str(&format_number(*value)),
        base => {
            if src.negate_base {
                out.push('-');
            }
            out.push_str(&base_text(base));
            out.push_str(&suffix_text(src));
        }
    }
    if src.absolute {
        out.push('|');
    }
    out
}

fn base_text(base: &SrcBase) -> String {
    match base {
        SrcBase::Attrib(attrib) => format!("f[{}]", attrib.name()),
        SrcBase::Temp(temp) => temp.name(),
        SrcBase::Local(index) => format!("p[{index}]"),
        SrcBase::Named(ident) => ident.name.clone(),
        SrcBase::Vector(items) => vector_text(items),
        SrcBase::Scalar(value) => format_number(*value),
    }
}

fn suffix_text(src: &SrcOperand) -> String {
    match src.swizzle {
        None => String::new(),
        Some(swizzle) if src.scalar_suffix => format!(".{}", component_letter(swizzle.0[0])),
        Some(swizzle) => format!(".{}", swizzle.letters()),
    }
}

fn const_value_text(value: &ConstValue) -> String {
    match value {
        ConstValue::Scalar(scalar) => scalar_const_text(scalar),
        ConstValue::Vector(items, _) => vector_text(items),
        ConstValue::Named(ident) => ident.name.clone(),
    }
}

fn vector_text(items: &[ScalarConst]) -> String {
    let items: Vec<String> = items.iter().map(scalar_const_text).collect();
    format!("{{{}}}", items.join(", "))
}

fn scalar_const_text(scalar: &ScalarConst) -> String {
    match scalar {
        ScalarConst::Number(value, _) => format_number(*value),
        ScalarConst::Named(ident) => ident.name.clone(),
    }
}

/// The shortest decimal text that reads back as exactly `value`: plain (`2`, `-0.5`) when short,
/// scientific (`1e-10`, `3.4028235e38`) otherwise. `-0.0` prints as `-0`. Infinities print as
/// `1e39` / `-1e39`, which read back (with a warning) as infinities. NaN has no spelling in the
/// language and prints as `NaN`, which does not parse.
pub fn format_number(value: f32) -> String {
    if value.is_nan() {
        return "NaN".to_string();
    }
    if value.is_infinite() {
        return if value > 0.0 { "1e39" } else { "-1e39" }.to_string();
    }
    let plain = format!("{value}");
    let scientific = format!("{value:e}");
    if plain.len() <= scientific.len() + 2 {
        plain
    } else {
        scientific
    }
}

#[cfg(test)]
mod tests {
    use super::format_number;

    #[test]
    fn numbers_print_short_and_exact() {
        assert_eq!(format_number(2.0), "2");
        assert_eq!(format_number(-0.5), "-0.5");
        assert_eq!(format_number(-0.0), "-0");
        assert_eq!(format_number(1e-10), "1e-10");
        assert_eq!(format_number(f32::MAX), "3.4028235e38");
        assert_eq!(format_number(0.1), "0.1");
        assert_eq!(format_number(1000.0), "1000");
        assert_eq!(format_number(f32::INFINITY), "1e39");
        for value in [
            0.1f32,
            1.0 / 3.0,
            f32::MIN_POSITIVE,
            1e-45,
            123456.79,
            -7e30,
        ] {
            assert_eq!(format_number(value).parse::<f32>().ok(), Some(value));
        }
    }
}
