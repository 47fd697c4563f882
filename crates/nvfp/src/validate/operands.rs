//! Source operands: names and constants resolved into [`Source`]s, register numbers checked, and the
//! grammar's suffix rules that depend on what a name stands for (section 3.11.3):
//! - a scalar constant (a number, or the name of a scalar DEFINE) takes no suffix at all;
//! - anything else read by a `<scalarSrc>` needs a one-component suffix (`.x`, `.y`, `.z` or `.w`): a
//!   vector DEFINE, a DECLAREd or numbered local, an embedded vector or a register cannot be a scalar
//!   operand on its own.

use super::constants::{Parameter, ParameterUse};
use super::report::Reporter;
use super::symbols::{Symbols, Value};
use crate::isa::{limits, AttribReg, OperandKind, Swizzle, TempReg, H_REGISTERS, R_REGISTERS};
use crate::program::{Source, SourceKind};
use crate::syntax::ast::{ScalarConst, SrcBase, SrcOperand};
use pigment_diag::Span;

/// A resolved source operand and the program parameter it reads, if any.
pub(super) struct Operand {
    pub source: Source,
    pub parameter: Option<ParameterUse>,
}

/// What an operand's base turned out to be.
struct Base {
    kind: SourceKind,
    parameter: Option<Parameter>,
    /// A number or a scalar DEFINE: takes no suffix, is replicated to four components.
    scalar_constant: bool,
}

/// Resolves one source operand; `None` after reporting why it cannot be.
pub(super) fn resolve(
    operand: &SrcOperand,
    expected: OperandKind,
    symbols: &Symbols,
    r: &mut Reporter,
) -> Option<Operand> {
    let base = resolve_base(operand, symbols, r)?;
    check_suffix(operand, expected, base.scalar_constant, r)?;
    let swizzle = if base.scalar_constant {
        Swizzle::splat(0)
    } else {
        operand.swizzle.unwrap_or(Swizzle::IDENTITY)
    };
    let source = Source {
        kind: base.kind,
        swizzle,
        negate_base: operand.negate_base,
        absolute: operand.absolute,
        negate_abs: operand.negate_abs,
    };
    let parameter = base.parameter.map(|parameter| ParameterUse {
        parameter,
        span: operand.span,
        description: describe_parameter(&operand.base),
    });
    Some(Operand { source, parameter })
}

fn resolve_base(operand: &SrcOperand, symbols: &Symbols, r: &mut Reporter) -> Option<Base> {
    let span = operand.span;
    let register = |kind| Base {
        kind,
        parameter: None,
        scalar_constant: false,
    };
    let local = |kind, parameter| Base {
        kind,
        parameter: Some(parameter),
        scalar_constant: false,
    };
    // A constant brings its first `count` values to a merged constant (see constants.rs).
    let constant = |values: [f32; 4], count: usize| Base {
        kind: SourceKind::Literal(values),
        parameter: Some(Parameter::Constant(values[..count].to_vec())),
        scalar_constant: count == 1,
    };
    match &operand.base {
        SrcBase::Attrib(attrib) => {
            check_attrib(*attrib, span, r).then(|| register(SourceKind::Attrib(*attrib)))
        }
        SrcBase::Temp(temp) => {
            check_temp(*temp, span, r).then(|| register(SourceKind::Temp(*temp)))
        }
        SrcBase::Local(index) => check_local_index(*index, span, r).then(|| {
            local(
                SourceKind::NumberedLocal(*index),
                Parameter::NumberedLocal(*index),
            )
        }),
        SrcBase::Named(ident) => match symbols.lookup(ident, r) {
            Value::Scalar(value) => Some(constant([value; 4], 1)),
            Value::Vector(vector) => Some(constant(vector, 4)),
            Value::Local(index) => Some(local(
                SourceKind::NamedLocal(index),
                Parameter::NamedLocal(index),
            )),
            Value::Broken => None,
        },
        SrcBase::Vector(components) => Some(constant(symbols.vector(components, span, r)?, 4)),
        SrcBase::Scalar(value) => Some(constant([*value; 4], 1)),
    }
}

/// The suffix rules of `<baseScalarSrc>` / `<baseVectorSrc>`.
fn check_suffix(
    operand: &SrcOperand,
    expected: OperandKind,
    scalar_constant: bool,
    r: &mut Reporter,
) -> Option<()> {
    let message = if scalar_constant {
        operand.swizzle.is_some().then(|| {
            format!(
                "{} is a scalar constant and takes no component suffix",
                describe_base(&operand.base)
            )
        })
    } else if expected == OperandKind::Scalar && !operand.scalar_suffix {
        Some(match operand.swizzle {
            None => format!(
                "this operand must be a scalar: select one component of {}, as in `.x`",
                describe_base(&operand.base)
            ),
            Some(_) => {
                "a scalar operand takes one component (`.x`, `.y`, `.z` or `.w`), not a swizzle"
                    .to_string()
            }
        })
    } else {
        None
    };
    match message {
        Some(message) => {
            r.report(operand.span, message);
            None
        }
        None => Some(()),
    }
}

/// Reports a temporary register number outside R0-R31 / H0-H63; true when it is valid.
pub(super) fn check_temp(temp: TempReg, span: Span, r: &mut Reporter) -> bool {
    let (valid, range) = match temp {
        TempReg::R(n) => (n < R_REGISTERS, "fp32 temporaries are R0 to R31"),
        TempReg::H(n) => (n < H_REGISTERS, "fp16 temporaries are H0 to H63"),
    };
    if !valid {
        r.report(span, format!("{} does not exist; {range}", temp.name()));
    }
    valid
}

fn check_attrib(attrib: AttribReg, span: Span, r: &mut Reporter) -> bool {
    let valid = !matches!(attrib, AttribReg::Tex(n) if n as usize >= limits::TEXTURE_COORD_SETS);
    if !valid {
        r.report(
            span,
            format!(
                "f[{}] does not exist; texture coordinates are f[TEX0] to f[TEX7]",
                attrib.name()
            ),
        );
    }
    valid
}

fn check_local_index(index: u32, span: Span, r: &mut Reporter) -> bool {
    if (index as usize) < limits::MAX_LOCAL_PARAMETERS {
        return true;
    }
    r.report(
        span,
        format!(
            "p[{index}] does not exist; numbered local parameters are p[0] to p[{}]",
            limits::MAX_LOCAL_PARAMETERS - 1
        ),
    );
    false
}

/// How a message names a program parameter.
fn describe_parameter(base: &SrcBase) -> String {
    match base {
        SrcBase::Local(_) | SrcBase::Named(_) => describe_base(base),
        _ => format!("the constant {}", describe_base(base)),
    }
}

/// An operand's base as the program writes it (`f[TEX0]`, `R3`, `p[2]`, `` `pi` ``, `{1, 2}`, `0.5`).
fn describe_base(base: &SrcBase) -> String {
    match base {
        SrcBase::Attrib(attrib) => format!("f[{}]", attrib.name()),
        SrcBase::Temp(temp) => temp.name(),
        SrcBase::Local(index) => format!("p[{index}]"),
        SrcBase::Named(ident) => format!("`{}`", ident.name),
        SrcBase::Vector(components) => {
            let written: Vec<String> = components
                .iter()
                .map(|c| match c {
                    ScalarConst::Number(value, _) => value.to_string(),
                    ScalarConst::Named(ident) => ident.name.clone(),
                })
                .collect();
            format!("{{{}}}", written.join(", "))
        }
        SrcBase::Scalar(value) => value.to_string(),
    }
}
