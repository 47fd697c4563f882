//! The one table of NV_fragment_program's rules that shading targets leave undefined or compute
//! their own way, which the fp30 precision mode (`--precision fp30`) writes out explicitly: the
//! IR's `fp30_precision` pass turns each such operation into its `nv_*` form (which the GLSL and
//! naga back ends spell), and the NV → ARB translation (crates/arb's `from_nv`) picks its long
//! forms by the same [`Rule::of`] question, so that the list exists once.
//!
//! | rule | NV computes (nv_fragment_program.txt, 3.11.5) | targets (Mesa) |
//! |---|---|---|
//! | `min`, `max` | NaN when either operand is NaN (MIN/MAX case 2) | the other operand |
//! | `clamp` | max then min, each as above | the other operand |
//! | `sat` (`_SAT`) | NaN passes (UpdateDestination's two comparisons) | 0 |
//! | `pow` | NaN for a NaN operand, a negative base, 0^0 (POW cases 1-3) | pow(\|a\|, b), 0^0 = 0 |
//! | `rsqrt` | NaN for a NaN or negative operand (RSQ) | ARB: RSQ of \|x\| |
//! | `sin`, `cos` | [`crate::approx`]'s steps (`approx::plain`) | the driver's last bits |
//!
//! Rounding is the other half of the mode and needs no table: every `half` result that can leave
//! fp16 is rounded to fp16, every `fixed` one clamped and quantised to fx12, after each operation;
//! MAD, DP2-4 and LRP at every step, in NV's order ([`crate::steps`]).

/// An operation whose NV meaning a target does not give by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    Min,
    Max,
    Clamp,
    Saturate,
    Pow,
    ReciprocalSqrt,
    Sine,
    Cosine,
}

impl Rule {
    pub const ALL: [Rule; 8] = [
        Rule::Min,
        Rule::Max,
        Rule::Clamp,
        Rule::Saturate,
        Rule::Pow,
        Rule::ReciprocalSqrt,
        Rule::Sine,
        Rule::Cosine,
    ];

    /// The rule an operation named `name` follows (`min`, `max`, `clamp`, `sat`, `pow`, `rsqrt`,
    /// `sin`, `cos`: the IR's mnemonics; NV's opcodes map to them), `None` for every other
    /// operation, which the targets compute as NV does.
    pub fn of(name: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|r| r.name() == name)
    }

    /// The operation's name (see [`Rule::of`]).
    pub fn name(self) -> &'static str {
        match self {
            Rule::Min => "min",
            Rule::Max => "max",
            Rule::Clamp => "clamp",
            Rule::Saturate => "sat",
            Rule::Pow => "pow",
            Rule::ReciprocalSqrt => "rsqrt",
            Rule::Sine => "sin",
            Rule::Cosine => "cos",
        }
    }

    /// Whether the rule is about NaN (and POW's and RSQ's special cases) rather than the bits of
    /// an approximation.
    pub fn keeps_nan(self) -> bool {
        !matches!(self, Rule::Sine | Rule::Cosine)
    }

    /// How many operands the operation takes.
    pub fn arity(self) -> usize {
        match self {
            Rule::Min | Rule::Max | Rule::Pow => 2,
            Rule::Clamp => 3,
            _ => 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Rule;

    #[test]
    fn every_rule_is_found_by_its_name_and_no_other_operation_is() {
        for r in Rule::ALL {
            assert_eq!(Rule::of(r.name()), Some(r));
        }
        for other in ["add", "mad", "dot", "lerp", "exp2", "log2", "rcp", "MIN"] {
            assert_eq!(Rule::of(other), None, "{other}");
        }
    }
}
