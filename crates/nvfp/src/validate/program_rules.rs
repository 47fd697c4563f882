//! Rules about the program as a whole (sections 3.11.1.3 and 3.11.3) and the facts the loaded program
//! records about it: instruction count, register budget, outputs written, texture unit targets.

use super::report::Reporter;
use crate::isa::{limits, OutputReg, TempReg, TexTarget, TEXTURE_UNITS};
use crate::syntax::ast::{self, DstRegister, SrcBase, Statement};
use pigment_diag::Span;
use std::collections::HashSet;

/// The program-wide facts a loaded program records.
pub(super) struct Summary {
    pub texture_targets: [Option<TexTarget>; 16],
    pub writes_colr: bool,
    pub writes_colh: bool,
    pub writes_depr: bool,
    pub temps_written: Vec<TempReg>,
    pub register_units: usize,
}

/// A register that counts towards the 64-unit budget. RC and HC do not count: the budget lists
/// "R0-R31, `o[COLR]`, and `o[DEPR]`" and "H0-H63 and `o[COLH]`" only.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Counted {
    Temp(TempReg),
    Output(OutputReg),
}

impl Counted {
    /// fp32 registers count two units, fp16 registers one (section 3.11.3).
    fn units(self) -> usize {
        match self {
            Counted::Temp(TempReg::R(_)) => 2,
            Counted::Temp(TempReg::H(_)) => 1,
            Counted::Output(output) => {
                if output.is_half() {
                    1
                } else {
                    2
                }
            }
        }
    }
}

/// Checks the program-wide rules and gathers the summary.
pub(super) fn check_program(program: &ast::Program, r: &mut Reporter) -> Summary {
    let instructions: Vec<&ast::Instruction> = program
        .statements
        .iter()
        .filter_map(|s| match s {
            Statement::Instruction(instruction) => Some(instruction),
            _ => None,
        })
        .collect();
    check_instruction_count(&instructions, r);
    let register_units = check_register_budget(&instructions, r);
    let outputs = check_outputs(program, &instructions, r);
    Summary {
        texture_targets: check_texture_targets(&instructions, r),
        writes_colr: outputs.contains(&OutputReg::Colr),
        writes_colh: outputs.contains(&OutputReg::Colh),
        writes_depr: outputs.contains(&OutputReg::Depr),
        temps_written: temps_written(&instructions),
        register_units,
    }
}

fn check_instruction_count(instructions: &[&ast::Instruction], r: &mut Reporter) {
    if let Some(first_over) = instructions.get(limits::MAX_INSTRUCTIONS) {
        let diagnostic = r
            .error(
                first_over.span,
                format!(
                    "program has {} executable instructions; at most {} are allowed",
                    instructions.len(),
                    limits::MAX_INSTRUCTIONS
                ),
            )
            .with_note(
                "DEFINE and DECLARE do not count; this is the first instruction over the limit",
            );
        r.push(diagnostic);
    }
}

/// Every distinct register the program reads or writes, in order of first appearance, with that span.
fn registers_used(instructions: &[&ast::Instruction]) -> Vec<(Counted, Span)> {
    let mut seen = HashSet::new();
    let mut used = Vec::new();
    for instruction in instructions {
        let written = instruction.dst.iter().filter_map(|d| match d.register {
            DstRegister::Temp(temp) => Some((Counted::Temp(temp), d.register_span)),
            DstRegister::Output(output) => Some((Counted::Output(output), d.register_span)),
            DstRegister::Rc | DstRegister::Hc => None,
        });
        let read = instruction.srcs.iter().filter_map(|s| match s.base {
            SrcBase::Temp(temp) => Some((Counted::Temp(temp), s.span)),
            _ => None,
        });
        for (register, span) in written.chain(read) {
            if seen.insert(register) {
                used.push((register, span));
            }
        }
    }
    used
}

/// The 64-unit budget; returns the units used.
fn check_register_budget(instructions: &[&ast::Instruction], r: &mut Reporter) -> usize {
    let used = registers_used(instructions);
    let total: usize = used.iter().map(|(register, _)| register.units()).sum();
    if total <= limits::MAX_REGISTER_UNITS {
        return total;
    }
    let mut running = 0;
    let first_over = used.iter().find(|(register, _)| {
        running += register.units();
        running > limits::MAX_REGISTER_UNITS
    });
    if let Some(&(_, span)) = first_over {
        let diagnostic = r
            .error(
                span,
                format!(
                    "program uses {total} register units, more than the {} available",
                    limits::MAX_REGISTER_UNITS
                ),
            )
            .with_note(budget_breakdown(&used))
            .with_note("this is the first register over the limit");
        r.push(diagnostic);
    }
    total
}

/// "this program uses 31 R registers (62 units), 3 H registers (3 units) and `o[COLR]` (2 units)".
fn budget_breakdown(used: &[(Counted, Span)]) -> String {
    let count = |f: fn(&Counted) -> bool| used.iter().filter(|(c, _)| f(c)).count();
    let r_count = count(|c| matches!(c, Counted::Temp(TempReg::R(_))));
    let h_count = count(|c| matches!(c, Counted::Temp(TempReg::H(_))));
    let mut parts = vec![
        format!("{r_count} R registers ({} units)", 2 * r_count),
        format!("{h_count} H registers ({h_count} units)"),
    ];
    for (register, _) in used {
        if let Counted::Output(output) = register {
            parts.push(format!("o[{}] ({} units)", output.name(), register.units()));
        }
    }
    format!(
        "R registers, o[COLR] and o[DEPR] count two units each, H registers and o[COLH] one; this program \
         uses {}",
        parts.join(", ")
    )
}

/// The outputs written; reports writing both colour outputs, or no output at all (3.11.1.3).
fn check_outputs(
    program: &ast::Program,
    instructions: &[&ast::Instruction],
    r: &mut Reporter,
) -> Vec<OutputReg> {
    let mut first_writes: Vec<(OutputReg, Span)> = Vec::new();
    for dst in instructions.iter().filter_map(|i| i.dst.as_ref()) {
        if let DstRegister::Output(output) = dst.register {
            if !first_writes.iter().any(|(o, _)| *o == output) {
                first_writes.push((output, dst.register_span));
            }
        }
    }
    let colour: Vec<&(OutputReg, Span)> = first_writes
        .iter()
        .filter(|(o, _)| *o != OutputReg::Depr)
        .collect();
    if let [(first, first_span), (second, second_span)] = colour[..] {
        let diagnostic = r
            .error(
                *second_span,
                format!(
                    "program writes both o[{}] and o[{}]",
                    first.name(),
                    second.name()
                ),
            )
            .with_label(
                r.file,
                *first_span,
                format!("o[{}] is written here", first.name()),
            )
            .with_note("a program may write only one of the colour outputs o[COLR] and o[COLH]");
        r.push(diagnostic);
    }
    if first_writes.is_empty() {
        let message =
            "program writes no output register; it must write o[COLR], o[COLH] or o[DEPR]";
        match program.statements.last() {
            Some(last) => r.report(statement_span(last), message),
            None => r.push(pigment_diag::Diagnostic::error(message)),
        }
    }
    first_writes.into_iter().map(|(output, _)| output).collect()
}

fn statement_span(statement: &Statement) -> Span {
    match statement {
        Statement::Instruction(instruction) => instruction.span,
        Statement::Define { span, .. } | Statement::Declare { span, .. } => *span,
    }
}

/// One target per texture unit across the program (3.11.3); returns each unit's target.
fn check_texture_targets(
    instructions: &[&ast::Instruction],
    r: &mut Reporter,
) -> [Option<TexTarget>; 16] {
    let mut first_use: [Option<(TexTarget, Span)>; TEXTURE_UNITS as usize] = [None; 16];
    for texture in instructions.iter().filter_map(|i| i.texture) {
        let Some(slot) = first_use.get_mut(texture.unit as usize) else {
            continue;
        };
        match *slot {
            None => *slot = Some((texture.target, texture.span)),
            Some((target, _)) if target == texture.target => {}
            Some((target, span)) => {
                let diagnostic = r
                    .error(
                        texture.span,
                        format!(
                            "texture unit TEX{} is used here as {} but earlier as {}",
                            texture.unit,
                            texture.target.name(),
                            target.name()
                        ),
                    )
                    .with_label(
                        r.file,
                        span,
                        format!("first used as {} here", target.name()),
                    )
                    .with_note("every lookup on one texture unit must use the same target");
                r.push(diagnostic);
            }
        }
    }
    first_use.map(|u| u.map(|(target, _)| target))
}

/// Every temporary register written, sorted (R registers first).
fn temps_written(instructions: &[&ast::Instruction]) -> Vec<TempReg> {
    let mut temps: Vec<TempReg> = instructions
        .iter()
        .filter_map(|i| match i.dst.as_ref()?.register {
            DstRegister::Temp(temp) => Some(temp),
            _ => None,
        })
        .collect();
    temps.sort();
    temps.dedup();
    temps
}
