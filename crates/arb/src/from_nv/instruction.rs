//! One NV instruction in ARB: the opcode mapping, operands, saturation, and the write through the
//! write mask, CC mask and CC update (see `condition`).

use super::condition::{self, Test};
use super::operand::{destination, source};
use super::writer::Writer;
use super::{nan, trig};
use super::{Style, Unsupported};
use nvfp::isa::{Opcode, OutputReg, Precision, TempReg, TexTarget, WriteMask};
use nvfp::program::{DestReg, Instruction};
use pigment_numeric::approx::plain::Function;
use pigment_numeric::exact::Rule;

/// How an NV opcode is computed in ARB.
enum Form {
    /// The ARB instruction of this name with the same operands.
    Same(&'static str),
    /// The ARB instruction of this name with the two operands swapped (SGT a,b = SLT b,a; SLE = SGE).
    Swapped(&'static str),
    /// SEQ (`true`: SNE) from two SGEs.
    Equality { not: bool },
    /// SFL / STR: a constant result.
    Constant(f32),
    /// DP3 / DP4 of this many components as MUL and ADDs: the products rounded, then summed from
    /// x, as NV computes them. ARB leaves DP's evaluation to the implementation, and Mesa fuses it
    /// into `fma`s, whose last bit flipped the `==`/`<` of xBR's sums of dot products.
    StepwiseDot(u8),
    /// MIN / MAX keeping a NaN operand (`nan`).
    NanMinMax(&'static str),
    /// POW with NV's NaN cases (`nan`).
    NanPow,
    /// RSQ with NV's NaN for a negative operand (`nan`).
    NanRsq,
    /// SIN / COS as NV's steps (`trig`).
    NvTrigonometry(Function),
}

/// The rule of `pigment_numeric::exact` (the one list of what NV computes its own way, which the
/// IR's fp30_precision pass follows too) an opcode follows; `_SAT` is [`Rule::Saturate`].
fn nv_rule(opcode: Opcode) -> Option<Rule> {
    Some(match opcode {
        Opcode::Min => Rule::Min,
        Opcode::Max => Rule::Max,
        Opcode::Pow => Rule::Pow,
        Opcode::Rsq => Rule::ReciprocalSqrt,
        Opcode::Sin => Rule::Sine,
        Opcode::Cos => Rule::Cosine,
        _ => return None,
    })
}

fn form(ins: &Instruction, style: Style) -> Result<Form, Unsupported> {
    use Opcode::*;
    let Style {
        stepwise_dots,
        nan_rules,
        nv_trigonometry,
        ..
    } = style;
    let exact = match nv_rule(ins.opcode) {
        Some(rule) if rule.keeps_nan() => nan_rules,
        Some(_) => nv_trigonometry,
        None => false,
    };
    Ok(match ins.opcode {
        Max if exact => Form::NanMinMax("MAX"),
        Min if exact => Form::NanMinMax("MIN"),
        Pow if exact => Form::NanPow,
        Rsq if exact => Form::NanRsq,
        Sin if exact => Form::NvTrigonometry(Function::Sine),
        Cos if exact => Form::NvTrigonometry(Function::Cosine),
        Add => Form::Same("ADD"),
        Cos => Form::Same("COS"),
        Dp3 if stepwise_dots => Form::StepwiseDot(3),
        Dp4 if stepwise_dots => Form::StepwiseDot(4),
        Dp3 => Form::Same("DP3"),
        Dp4 => Form::Same("DP4"),
        Dst => Form::Same("DST"),
        Ex2 => Form::Same("EX2"),
        Flr => Form::Same("FLR"),
        Frc => Form::Same("FRC"),
        Lg2 => Form::Same("LG2"),
        Lit => Form::Same("LIT"),
        Lrp => Form::Same("LRP"),
        Mad => Form::Same("MAD"),
        Max => Form::Same("MAX"),
        Min => Form::Same("MIN"),
        Mov => Form::Same("MOV"),
        Mul => Form::Same("MUL"),
        Pow => Form::Same("POW"),
        Rcp => Form::Same("RCP"),
        Rsq => Form::Same("RSQ"),
        Sge => Form::Same("SGE"),
        Sin => Form::Same("SIN"),
        Slt => Form::Same("SLT"),
        Sub => Form::Same("SUB"),
        Tex => Form::Same("TEX"),
        // NV does not divide CUBE coordinates by q (notes 8): that is a plain lookup.
        Txp if ins.texture.map(|(_, target)| target) == Some(TexTarget::Cube) => Form::Same("TEX"),
        Txp => Form::Same("TXP"),
        Sgt => Form::Swapped("SLT"),
        Sle => Form::Swapped("SGE"),
        Seq => Form::Equality { not: false },
        Sne => Form::Equality { not: true },
        Sfl => Form::Constant(0.0),
        Str => Form::Constant(1.0),
        Ddx | Ddy | Pk2h | Pk2us | Pk4b | Pk4ub | Rfl | Txd | Up2h | Up2us | Up4b | Up4ub | X2d
        | Kil => {
            return Err(Unsupported::new(
                format!("the {} instruction (no ARB equivalent)", ins.opcode.name()),
                ins.span,
            ))
        }
    })
}

pub(crate) fn translate(w: &mut Writer, ins: &Instruction) -> Result<(), Unsupported> {
    if ins.opcode == Opcode::Kil {
        let condition = ins
            .kil_condition
            .ok_or_else(|| Unsupported::new("KIL without a condition".into(), ins.span))?;
        condition::kill(w, condition);
        w.end_instruction();
        return Ok(());
    }
    if ins.precision != Precision::R && !w.style.fp32 {
        let what = format!(
            "{} at {:?} precision (llvmpipe computes in fp32)",
            ins.opcode.name(),
            ins.precision
        );
        return Err(Unsupported::new(what, ins.span));
    }
    let form = form(ins, w.style)?;
    let Some(dst) = ins.dst else {
        return Err(Unsupported::new(
            format!("{} without a destination", ins.opcode.name()),
            ins.span,
        ));
    };
    let dest = destination(w, dst.register, ins.span)?;
    let operands = ins.opcode.info().operands;
    let sources = ins
        .srcs
        .iter()
        .zip(operands)
        .map(|(src, kind)| source(w, src, *kind, ins.span))
        .collect::<Result<Vec<_>, _>>()?;
    let mask = write_mask(dst.write_mask);
    let test = condition::test(w, dst.cc_mask);
    let round = w.style.half_rounding && computes_half(ins, dst.register);
    let direct = matches!(test, Test::Always) && !ins.update_cc && !round;
    let result = match (&dest, direct) {
        (Some(dest), true) => format!("{dest}{mask}"),
        _ => w.scratch(),
    };
    compute(w, ins, &form, &result, &sources)?;
    if round {
        round_to_half(w, &result);
    }
    if !direct {
        condition::store(w, &result, dest.as_deref(), &mask, &test, ins.update_cc);
    }
    w.end_instruction();
    Ok(())
}

/// Whether the instruction's result is an fp16 value on NV: computed at H precision, or stored
/// into an H register, `o[COLH]` or HC.
fn computes_half(ins: &Instruction, register: DestReg) -> bool {
    ins.precision == Precision::H
        || matches!(
            register,
            DestReg::Temp(TempReg::H(_)) | DestReg::Output(OutputReg::Colh) | DestReg::Hc
        )
}

/// Rounds the scratch `value` to fp16 in place ([`Style::half_rounding`]), by Veltkamp's split:
/// with t = x·(2^13 + 1), t − (t − x) is x rounded to 24 − 13 = 11 significant bits, to nearest
/// with ties to even, fp16's rounding for normal values (Mesa keeps the three operations as
/// written; tests/llvmpipe.rs `half_rounding_draws_fp16_values`). fp16's denormals and its range
/// (±INF from 65520 on) are not modelled: such values keep 11 significant bits.
fn round_to_half(w: &mut Writer, value: &str) {
    let (t, d) = (w.scratch(), w.scratch());
    w.line(format!("MUL {t}, {value}, {{8193, 8193, 8193, 8193}};"));
    w.line(format!("SUB {d}, {t}, {value};"));
    w.line(format!("SUB {value}, {t}, {d};"));
}

/// Whether `form` computes values that may be NaN (not a 0/1 comparison, not a lookup).
fn may_be_nan(form: &Form) -> bool {
    match form {
        Form::Same(op) => !matches!(*op, "SGE" | "SLT" | "TEX" | "TXP"),
        Form::StepwiseDot(_)
        | Form::NanMinMax(_)
        | Form::NanPow
        | Form::NanRsq
        | Form::NvTrigonometry(_) => true,
        Form::Swapped(_) | Form::Equality { .. } | Form::Constant(_) => false,
    }
}

/// Emits the computation of the instruction into `result` (a register with its mask, or a
/// scratch). With [`Style::nan_rules`] a saturated result that may be NaN is saturated by
/// `nan::saturate`, which keeps the NaN.
fn compute(
    w: &mut Writer,
    ins: &Instruction,
    form: &Form,
    result: &str,
    sources: &[String],
) -> Result<(), Unsupported> {
    if w.style.nan_rules && Rule::Saturate.keeps_nan() && may_be_nan(form) && ins.saturate {
        let unsaturated = w.scratch();
        compute_as(w, ins, form, &unsaturated, sources, "")?;
        nan::saturate(w, result, &unsaturated);
        return Ok(());
    }
    let sat = if ins.saturate { "_SAT" } else { "" };
    compute_as(w, ins, form, result, sources, sat)
}

/// Emits the computation into `result`, `sat` (`_SAT` or empty) on the instructions that write
/// it. The NaN forms are only chosen with [`Style::nan_rules`], whose saturation `compute` does.
fn compute_as(
    w: &mut Writer,
    ins: &Instruction,
    form: &Form,
    result: &str,
    sources: &[String],
    sat: &str,
) -> Result<(), Unsupported> {
    let texture = match ins.texture {
        Some((unit, target)) => format!(", texture[{unit}], {}", target.name()),
        None => String::new(),
    };
    match form {
        Form::Same(op) => w.line(format!(
            "{op}{sat} {result}, {}{texture};",
            sources.join(", ")
        )),
        Form::Swapped(op) => {
            let [a, b] = two(ins, sources)?;
            w.line(format!("{op}{sat} {result}, {b}, {a};"));
        }
        Form::Equality { not } => {
            let [a, b] = two(ins, sources)?;
            // a == b is a >= b and b >= a (false for NaN, true for -0.0 against +0.0, notes 6).
            let (t, u) = (w.scratch(), w.scratch());
            w.line(format!("SGE {t}, {a}, {b};"));
            w.line(format!("SGE {u}, {b}, {a};"));
            if *not {
                w.line(format!("MAD{sat} {result}, -{t}, {u}, {{1, 1, 1, 1}};"));
            } else {
                w.line(format!("MUL{sat} {result}, {t}, {u};"));
            }
        }
        Form::StepwiseDot(n) => {
            let [a, b] = two(ins, sources)?;
            // At H precision NV rounds each product and each partial sum to fp16 (the last sum
            // is rounded with the result).
            let half = w.style.half_rounding && ins.precision == Precision::H;
            let t = w.scratch();
            w.line(format!("MUL {t}, {a}, {b};"));
            if half {
                round_to_half(w, &t);
            }
            let last = if *n == 4 { 'w' } else { 'z' };
            for c in "yzw".chars().take(usize::from(*n) - 2) {
                w.line(format!("ADD {t}.x, {t}.x, {t}.{c};"));
                if half {
                    round_to_half(w, &format!("{t}.x"));
                }
            }
            w.line(format!("ADD{sat} {result}, {t}.x, {t}.{last};"));
        }
        Form::NanMinMax(op) => {
            let [a, b] = two(ins, sources)?;
            nan::min_max(w, op, result, a, b);
        }
        Form::NanPow => {
            let [a, b] = two(ins, sources)?;
            nan::pow(w, result, a, b);
        }
        Form::NanRsq => nan::rsq(w, result, one(ins, sources)?),
        Form::NvTrigonometry(function) => {
            trig::sine_cosine(w, *function, result, one(ins, sources)?, sat)
        }
        Form::Constant(v) => {
            let v = super::operand::number(*v);
            w.line(format!("MOV{sat} {result}, {{{v}, {v}, {v}, {v}}};"));
        }
    }
    Ok(())
}

fn one<'a>(ins: &Instruction, sources: &'a [String]) -> Result<&'a str, Unsupported> {
    match sources {
        [a] => Ok(a),
        _ => Err(Unsupported::new(
            format!("{} with {} operands", ins.opcode.name(), sources.len()),
            ins.span,
        )),
    }
}

fn two<'a>(ins: &Instruction, sources: &'a [String]) -> Result<[&'a str; 2], Unsupported> {
    match sources {
        [a, b] => Ok([a, b]),
        _ => Err(Unsupported::new(
            format!("{} with {} operands", ins.opcode.name(), sources.len()),
            ins.span,
        )),
    }
}

/// `.xz`-style suffix, empty when all four components are written.
fn write_mask(mask: WriteMask) -> String {
    if mask == WriteMask::ALL {
        String::new()
    } else {
        format!(".{}", mask.letters())
    }
}
