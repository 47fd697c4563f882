//! Span-free comparison of syntax trees: [`strip_spans`] zeroes every span so that two trees parsed
//! from differently laid-out text compare equal with `==` exactly when they say the same thing.

use super::ast::{ConstValue, Ident, Program, ScalarConst, SrcBase, Statement};
use pigment_diag::Span;

/// A copy of `program` with every span set to `Span::default()`.
pub fn strip_spans(program: &Program) -> Program {
    let mut program = program.clone();
    program.statements.iter_mut().for_each(strip_statement);
    program
}

fn strip_statement(statement: &mut Statement) {
    match statement {
        Statement::Instruction(instruction) => {
            instruction.opcode_span = Span::default();
            instruction.span = Span::default();
            if let Some(dst) = &mut instruction.dst {
                dst.register_span = Span::default();
                dst.span = Span::default();
            }
            for src in &mut instruction.srcs {
                src.span = Span::default();
                match &mut src.base {
                    SrcBase::Named(ident) => strip_ident(ident),
                    SrcBase::Vector(items) => items.iter_mut().for_each(strip_scalar),
                    _ => {}
                }
            }
            if let Some(texture) = &mut instruction.texture {
                texture.span = Span::default();
            }
        }
        Statement::Define { name, value, span } => {
            strip_ident(name);
            strip_value(value);
            *span = Span::default();
        }
        Statement::Declare { name, value, span } => {
            strip_ident(name);
            if let Some(value) = value {
                strip_value(value);
            }
            *span = Span::default();
        }
    }
}

fn strip_value(value: &mut ConstValue) {
    match value {
        ConstValue::Scalar(scalar) => strip_scalar(scalar),
        ConstValue::Vector(items, span) => {
            items.iter_mut().for_each(strip_scalar);
            *span = Span::default();
        }
        ConstValue::Named(ident) => strip_ident(ident),
    }
}

fn strip_scalar(scalar: &mut ScalarConst) {
    match scalar {
        ScalarConst::Number(_, span) => *span = Span::default(),
        ScalarConst::Named(ident) => strip_ident(ident),
    }
}

fn strip_ident(ident: &mut Ident) {
    ident.span = Span::default();
}
