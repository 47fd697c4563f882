//! The names a program defines: DEFINEd constants and DECLAREd local parameters, their values, and the
//! rules about defining and using them (section 3.11.2).
//!
//! Names are defined in program order; an instruction sees only the definitions before it. A definition
//! whose value could not be evaluated is still entered (as [`Value::Broken`]) so that its uses do not
//! produce a second, misleading "not defined" error.

use super::names::name_problem;
use super::report::Reporter;
use crate::program::NamedLocal;
use crate::syntax::ast::{ConstValue, Ident, Program, ScalarConst, Statement};
use crate::syntax::names::looks_like_temp_register;
use pigment_diag::Span;
use std::collections::HashMap;

/// What a name stands for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Value {
    /// A scalar DEFINE.
    Scalar(f32),
    /// A vector DEFINE, expanded to four components.
    Vector([f32; 4]),
    /// A DECLAREd local parameter: its index in [`Symbols::named_locals`].
    Local(u32),
    /// A definition that already failed to load.
    Broken,
}

struct Symbol {
    value: Value,
    /// The name at its definition.
    span: Span,
}

/// Whether a definition is a DEFINE or a DECLARE.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum DefinitionKind {
    Constant,
    Local,
}

pub(super) struct Symbols {
    defined: HashMap<String, Symbol>,
    /// Where each name is first defined anywhere in the program, to explain uses before definitions.
    anywhere: HashMap<String, Span>,
    /// DECLAREd parameters in declaration order.
    pub named_locals: Vec<NamedLocal>,
}

/// Expands a vector constant of one to four components: missing y and z are 0, a missing w is 1
/// (section 3.11.2: "{2}" is equivalent to "{2,0,0,1}").
pub(super) fn expand_vector(components: &[f32]) -> [f32; 4] {
    let mut vector = [0.0, 0.0, 0.0, 1.0];
    for (slot, value) in vector.iter_mut().zip(components) {
        *slot = *value;
    }
    vector
}

impl Symbols {
    pub fn new(program: &Program) -> Symbols {
        let mut anywhere = HashMap::new();
        for statement in &program.statements {
            if let Statement::Define { name, .. } | Statement::Declare { name, .. } = statement {
                anywhere.entry(name.name.clone()).or_insert(name.span);
            }
        }
        Symbols {
            defined: HashMap::new(),
            anywhere,
            named_locals: Vec::new(),
        }
    }

    /// Handles `DEFINE name = value` or `DECLARE name [= value]`.
    pub fn define(
        &mut self,
        name: &Ident,
        value: Option<&ConstValue>,
        kind: DefinitionKind,
        r: &mut Reporter,
    ) {
        if let Some(problem) = name_problem(&name.name) {
            r.report(
                name.span,
                format!("`{}` cannot be used as a name: {problem}", name.name),
            );
        }
        let evaluated = value.map_or(Value::Vector([0.0; 4]), |v| self.evaluate(v, r));
        if let Some(first) = self.defined.get(&name.name) {
            let diagnostic = r
                .error(name.span, format!("`{}` is already defined", name.name))
                .with_label(r.file, first.span, "first defined here")
                .with_note("names cannot be redefined; DECLARE a local parameter to get a changeable value");
            r.push(diagnostic);
            return;
        }
        let value = match kind {
            DefinitionKind::Constant => evaluated,
            DefinitionKind::Local => self.declare_local(&name.name, evaluated),
        };
        self.defined.insert(
            name.name.clone(),
            Symbol {
                value,
                span: name.span,
            },
        );
    }

    /// Adds a named local parameter; a scalar initial value is replicated to all four components
    /// (section 3.11.2), no initial value means (0,0,0,0).
    fn declare_local(&mut self, name: &str, initial: Value) -> Value {
        let initial = match initial {
            Value::Scalar(s) => [s; 4],
            Value::Vector(v) => v,
            Value::Local(_) | Value::Broken => [0.0; 4],
        };
        let index = self.named_locals.len() as u32;
        self.named_locals.push(NamedLocal {
            name: name.to_string(),
            initial,
        });
        Value::Local(index)
    }

    /// What `ident` stands for at this point of the program; reports an undefined name.
    pub fn lookup(&self, ident: &Ident, r: &mut Reporter) -> Value {
        if let Some(symbol) = self.defined.get(&ident.name) {
            return symbol.value;
        }
        let message = format!("`{}` is not defined", ident.name);
        let diagnostic = match self.anywhere.get(&ident.name) {
            Some(&later) if later.start > ident.span.start => r
                .error(ident.span, message)
                .with_label(r.file, later, "it is defined only later, here")
                .with_note("a name must be defined by a DEFINE or DECLARE before it is used"),
            _ if looks_like_temp_register(&ident.name) => r
                .error(ident.span, message)
                .with_note("the temporary registers are R0 to R31 and H0 to H63"),
            _ => r.error(ident.span, message),
        };
        r.push(diagnostic);
        Value::Broken
    }

    /// The value of the right-hand side of a DEFINE or DECLARE: a scalar or a vector constant.
    fn evaluate(&self, value: &ConstValue, r: &mut Reporter) -> Value {
        match value {
            ConstValue::Scalar(ScalarConst::Number(number, _)) => Value::Scalar(*number),
            ConstValue::Scalar(ScalarConst::Named(ident)) | ConstValue::Named(ident) => {
                match self.lookup(ident, r) {
                    Value::Local(_) => {
                        r.report(
                            ident.span,
                            format!(
                                "`{}` is a local parameter; a DEFINE or DECLARE value must be a constant",
                                ident.name
                            ),
                        );
                        Value::Broken
                    }
                    constant => constant,
                }
            }
            ConstValue::Vector(components, span) => self
                .vector(components, *span, r)
                .map_or(Value::Broken, Value::Vector),
        }
    }

    /// An embedded vector constant `{a, b, c, d}`, expanded to four components.
    pub fn vector(
        &self,
        components: &[ScalarConst],
        span: Span,
        r: &mut Reporter,
    ) -> Option<[f32; 4]> {
        if components.is_empty() || components.len() > 4 {
            r.report(span, "a vector constant has one to four components");
            return None;
        }
        let mut values = Vec::with_capacity(4);
        for component in components {
            values.push(self.scalar(component, r));
        }
        let values: Option<Vec<f32>> = values.into_iter().collect();
        values.map(|v| expand_vector(&v))
    }

    /// One component of a vector constant: a number or the name of a scalar constant.
    fn scalar(&self, component: &ScalarConst, r: &mut Reporter) -> Option<f32> {
        let ident = match component {
            ScalarConst::Number(number, _) => return Some(*number),
            ScalarConst::Named(ident) => ident,
        };
        let what = match self.lookup(ident, r) {
            Value::Scalar(value) => return Some(value),
            Value::Broken => return None,
            Value::Vector(_) => "a vector constant",
            Value::Local(_) => "a local parameter",
        };
        r.report(
            ident.span,
            format!(
                "`{}` is {what}; a component of a vector constant must be a number or a scalar constant",
                ident.name
            ),
        );
        None
    }
}
