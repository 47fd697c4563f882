//! The rule that an instruction reads at most one unique program parameter, and its exception: constant
//! merging (sections 3.11.2 and 3.11.3).
//!
//! Program parameters are embedded constants, named constants, named local parameters and numbered local
//! parameters. Reading the same local parameter several times is fine. Constants may be mixed freely as
//! long as no local parameter is read and, all together, they hold at most four unique scalar values: the
//! GL then merges them into one vector constant.
//!
//! Counting follows the spec's text: named constants count as the embedded constants they stand for, and
//! no swizzle, component selection, negation or absolute value is applied first. Because "vector constants
//! are always treated as 4-component vectors" (3.11.2), a vector constant contributes all four of its
//! expanded components: `{2}` contributes 2, 0, 0 and 1, and `{4,5,6,7}.x` contributes 4, 5, 6 and 7 (the
//! spec's last invalid example depends on this). A scalar constant contributes its one value. Values are
//! compared bit for bit, so `0` and `-0` are two values (a merged constant must reproduce each exactly).

use super::report::Reporter;
use pigment_diag::Span;

/// What one source operand reads, as far as this rule is concerned.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Parameter {
    /// `p[N]`.
    NumberedLocal(u32),
    /// A DECLAREd parameter, by index.
    NamedLocal(u32),
    /// An embedded or named constant: the scalar values it brings to a merged constant.
    Constant(Vec<f32>),
}

/// A program parameter read by one operand of an instruction.
pub(super) struct ParameterUse {
    pub parameter: Parameter,
    pub span: Span,
    /// How to name it in a message: `p[3]`, `` `fog` ``, `the constant {1, 2}`.
    pub description: String,
}

/// Reports every operand that breaks the one-parameter rule in one instruction's parameter reads (in
/// operand order).
pub(super) fn check_parameters(uses: &[ParameterUse], r: &mut Reporter) {
    let Some(first) = uses.first() else { return };
    let any_local = uses
        .iter()
        .any(|u| !matches!(u.parameter, Parameter::Constant(_)));
    if !any_local {
        check_merged_constants(uses, r);
        return;
    }
    let mut seen: Vec<&ParameterUse> = vec![first];
    for later in &uses[1..] {
        if seen.iter().any(|s| s.parameter == later.parameter) {
            continue;
        }
        let diagnostic = r
            .error(
                later.span,
                format!(
                    "instruction reads two different program parameters, {} and {}; an instruction may \
                     read only one",
                    first.description, later.description
                ),
            )
            .with_label(r.file, first.span, "first program parameter read here")
            .with_note("only constants can be mixed, and only when they hold at most four unique values");
        r.push(diagnostic);
        seen.push(later);
    }
}

/// All program parameters are constants: they must merge into one vector of at most four values.
fn check_merged_constants(uses: &[ParameterUse], r: &mut Reporter) {
    let mut values = Vec::new();
    let mut culprit = None;
    for (i, used) in uses.iter().enumerate() {
        add_unique_values(&mut values, &used.parameter);
        if values.len() > 4 && culprit.is_none() {
            culprit = Some(i);
        }
    }
    // Point at the operand that brings the fifth value.
    let Some(culprit) = culprit else { return };
    let listed: Vec<String> = values.iter().map(f32::to_string).collect();
    let mut diagnostic = r.error(
        uses[culprit].span,
        format!(
            "the constants of this instruction hold {} unique scalar values ({}); at most four can be \
             merged into the one program parameter an instruction may read",
            values.len(),
            listed.join(", ")
        ),
    );
    for (i, other) in uses.iter().enumerate().filter(|&(i, _)| i != culprit) {
        let message = if i < culprit {
            "merged with this constant"
        } else {
            "and this one"
        };
        diagnostic = diagnostic.with_label(r.file, other.span, message);
    }
    r.push(diagnostic.with_note(
        "every component of a vector constant counts, whatever its swizzle; negation and absolute value \
         are not applied before counting (section 3.11.2)",
    ));
}

/// Adds the scalar values of a constant to `values`, skipping those already there (bit for bit).
fn add_unique_values(values: &mut Vec<f32>, parameter: &Parameter) {
    if let Parameter::Constant(constant) = parameter {
        for &value in constant {
            if !values.iter().any(|v| v.to_bits() == value.to_bits()) {
                values.push(value);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unique_count(parameters: &[Parameter]) -> usize {
        let mut values = Vec::new();
        parameters
            .iter()
            .for_each(|p| add_unique_values(&mut values, p));
        values.len()
    }

    #[test]
    fn values_are_compared_bit_for_bit() {
        let c = |v: &[f32]| Parameter::Constant(v.to_vec());
        assert_eq!(unique_count(&[c(&[0.0]), c(&[-0.0])]), 2);
        assert_eq!(unique_count(&[c(&[1.0, 2.0, 3.0, 4.0]), c(&[4.0])]), 4);
        assert_eq!(unique_count(&[c(&[2.0, 0.0, 0.0, 1.0]), c(&[3.0])]), 4);
        assert_eq!(unique_count(&[Parameter::NumberedLocal(0), c(&[3.0])]), 1);
    }
}
