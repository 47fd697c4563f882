//! NV operands in ARB terms: source registers with their swizzle, negation and absolute value, literals
//! folded to plain constants, and destination registers.

use super::writer::{Writer, COLR, DEPR, FOGC};
use super::Unsupported;
use nvfp::isa::{AttribReg, OperandKind, OutputReg, Swizzle, TempReg};
use nvfp::program::{DestReg, Program, Source, SourceKind};
use pigment_diag::Span;

/// The `program.local` slot of the first DECLAREd parameter: numbered locals p\[0]..p\[63] keep their own
/// numbers, named ones follow.
pub const NAMED_LOCAL_BASE: u32 = 64;

/// The ARB text of a source operand of the given kind. A non-literal with an absolute value is first
/// copied through ABS into a scratch temporary, since ARB sources take no absolute value.
pub(crate) fn source(
    w: &mut Writer,
    src: &Source,
    kind: OperandKind,
    span: Span,
) -> Result<String, Unsupported> {
    let register = match src.kind {
        SourceKind::Literal(value) => return literal(fold_literal(value, src), kind, span),
        SourceKind::Attrib(attrib) => attribute(w, attrib),
        SourceKind::Temp(TempReg::R(n)) => w.register(n),
        SourceKind::Temp(TempReg::H(n)) if w.style.fp32 => w.half(n),
        SourceKind::Temp(TempReg::H(n)) => return Err(half_register(&format!("H{n}"), span)),
        SourceKind::NumberedLocal(n) => format!("program.local[{n}]"),
        SourceKind::NamedLocal(k) => format!("program.local[{}]", NAMED_LOCAL_BASE + k),
    };
    if src.absolute {
        let temp = w.scratch();
        w.line(format!(
            "ABS {temp}, {register}{};",
            vector_swizzle(src.swizzle)
        ));
        let sign = if src.negate_abs { "-" } else { "" };
        return Ok(match kind {
            OperandKind::Vector => format!("{sign}{temp}"),
            OperandKind::Scalar => format!("{sign}{temp}.x"),
        });
    }
    let sign = if src.negate_base { "-" } else { "" };
    let suffix = match kind {
        OperandKind::Vector => vector_swizzle(src.swizzle),
        OperandKind::Scalar => format!(".{}", src.swizzle.letters().chars().next().unwrap_or('x')),
    };
    Ok(format!("{sign}{register}{suffix}"))
}

/// VectorLoad of section 3.11.4.3 applied to a constant: swizzle, negate, absolute value, negate. All
/// exact, so folding gives the values the NV machine loads.
fn fold_literal(value: [f32; 4], src: &Source) -> [f32; 4] {
    src.swizzle.0.map(|c| {
        let mut v = value[c as usize & 3];
        if src.negate_base {
            v = -v;
        }
        if src.absolute {
            v = v.abs();
        }
        if src.negate_abs {
            v = -v;
        }
        v
    })
}

fn literal(value: [f32; 4], kind: OperandKind, span: Span) -> Result<String, Unsupported> {
    if let Some(bad) = value.iter().find(|v| !v.is_finite()) {
        return Err(Unsupported::new(
            format!("the constant {bad} (ARB constants are finite)"),
            span,
        ));
    }
    let text = format!("{{{}}}", value.map(number).join(", "));
    Ok(match kind {
        OperandKind::Vector => text,
        OperandKind::Scalar => format!("{text}.x"),
    })
}

/// A finite float in decimal that reads back as exactly the same float (Rust prints the shortest such
/// digits, without an exponent, which ARB's grammar accepts).
pub(crate) fn number(v: f32) -> String {
    let text = v.to_string();
    if text.contains('.') {
        text
    } else {
        format!("{text}.0")
    }
}

/// `.xyzw`-style suffix, empty for the identity.
fn vector_swizzle(swizzle: Swizzle) -> String {
    if swizzle.is_identity() {
        String::new()
    } else {
        format!(".{}", swizzle.letters())
    }
}

fn attribute(w: &mut Writer, attrib: AttribReg) -> String {
    match attrib {
        AttribReg::Wpos => "fragment.position".into(),
        AttribReg::Col0 => "fragment.color".into(),
        AttribReg::Col1 => "fragment.color.secondary".into(),
        AttribReg::Fogc => {
            w.uses_fogc = true;
            FOGC.into()
        }
        AttribReg::Tex(n) => format!("fragment.texcoord[{n}]"),
    }
}

/// The ARB register an NV destination writes, or `None` for RC (which only sets condition codes).
pub(crate) fn destination(
    w: &mut Writer,
    reg: DestReg,
    span: Span,
) -> Result<Option<String>, Unsupported> {
    Ok(Some(match reg {
        DestReg::Temp(TempReg::R(n)) => w.register(n),
        DestReg::Temp(TempReg::H(n)) if w.style.fp32 => w.half(n),
        DestReg::Temp(TempReg::H(n)) => return Err(half_register(&format!("H{n}"), span)),
        DestReg::Output(OutputReg::Colr) => COLR.into(),
        DestReg::Output(OutputReg::Colh) if w.style.fp32 => COLR.into(),
        DestReg::Output(OutputReg::Colh) => return Err(half_register("o[COLH]", span)),
        DestReg::Output(OutputReg::Depr) => {
            w.writes_depr = true;
            DEPR.into()
        }
        DestReg::Rc => return Ok(None),
        DestReg::Hc if w.style.fp32 => return Ok(None),
        DestReg::Hc => return Err(half_register("HC", span)),
    }))
}

fn half_register(name: &str, span: Span) -> Unsupported {
    Unsupported::new(
        format!("the fp16 register {name} (llvmpipe computes in fp32)"),
        span,
    )
}

/// Named locals with their `program.local` slots and initial values, for the oracle's inputs.
pub(crate) fn named_local_slots(program: &Program) -> Vec<(u32, [f32; 4])> {
    (0u32..)
        .zip(&program.named_locals)
        .map(|(k, local)| (NAMED_LOCAL_BASE + k, local.initial))
        .collect()
}
