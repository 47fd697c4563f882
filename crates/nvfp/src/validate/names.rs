//! Which strings may name a DEFINEd constant or a DECLAREd local parameter (section 3.11.2 and the
//! project notes, item 10).
//!
//! A name must match the `<identifier>` rule (a letter, `_` or `$`, then letters, digits, `_`, `$`) and
//! may not be:
//! - an instruction name in any of its suffixed forms (`ADD`, `ADDR_SAT`, `TXPC`, `KIL`, ...);
//! - another keyword of the grammar: `DEFINE`, `DECLARE`, `END`, `RC`, `HC`, the condition rules `EQ` `GE`
//!   `GT` `LE` `LT` `NE` `TR` `FL`, the register-file letters `f`, `o`, `p`, the attribute and output
//!   register names (`WPOS`, `COL0`, `COL1`, `FOGC`, `COLR`, `COLH`, `DEPR`), the texture targets `CUBE` and
//!   `RECT` (`1D`..`3D` already start with a digit) and the component letters `x`, `y`, `z`, `w`;
//! - a valid temporary register or texture unit: `R0`-`R31`, `H0`-`H63`, `TEX0`-`TEX15`, spelled exactly as
//!   the grammar spells them. Other register-looking names (`R32`, `H64`, `TEX16`, `R01`) are legal names.

use crate::isa::{CcRule, OutputReg, PrecisionSuffixes, TexTarget, OPCODES, TEXTURE_UNITS};
use crate::syntax::names::{register_number, temp_register};

/// Grammar keywords that are neither instruction names nor numbered registers.
const KEYWORDS: [&str; 16] = [
    "DEFINE", "DECLARE", "END", "RC", "HC", "f", "o", "p", "WPOS", "COL0", "COL1", "FOGC", "x",
    "y", "z", "w",
];

/// Why `name` may not be used as a constant or local parameter name, or `None` when it may.
/// Compilers use it to escape the names they DECLARE.
pub fn name_problem(name: &str) -> Option<String> {
    if !is_identifier(name) {
        return Some(
            "a name must start with a letter, `_` or `$` and contain only letters, digits, `_` and `$`"
                .into(),
        );
    }
    if is_instruction_name(name) {
        return Some("it is an instruction name".into());
    }
    if is_keyword(name) {
        return Some("it is a keyword of the grammar".into());
    }
    if temp_register(name).is_some() {
        return Some("it names a temporary register".into());
    }
    if register_number(name, "TEX").is_some_and(|n| n < u32::from(TEXTURE_UNITS)) {
        return Some("it names a texture unit".into());
    }
    None
}

/// The `<identifier>` rule of section 3.11.3; `_` and `$` count as letters.
fn is_identifier(name: &str) -> bool {
    let is_letter = |c: char| c.is_ascii_alphabetic() || c == '_' || c == '$';
    let mut chars = name.chars();
    chars.next().is_some_and(is_letter) && chars.all(|c| is_letter(c) || c.is_ascii_digit())
}

fn is_keyword(name: &str) -> bool {
    KEYWORDS.contains(&name)
        || CcRule::from_name(name).is_some()
        || OutputReg::from_name(name).is_some()
        || TexTarget::from_name(name).is_some()
}

/// Whether `name` is an opcode followed by suffixes it accepts: `[R|H|X]`, `[C]`, `[_SAT]` in that order.
pub(super) fn is_instruction_name(name: &str) -> bool {
    OPCODES.iter().any(|info| {
        let Some(mut rest) = name.strip_prefix(info.name) else {
            return false;
        };
        if info.cc_and_sat {
            rest = rest.strip_suffix("_SAT").unwrap_or(rest);
            rest = rest.strip_suffix('C').unwrap_or(rest);
        }
        match info.precision {
            PrecisionSuffixes::Rhx => matches!(rest, "" | "R" | "H" | "X"),
            PrecisionSuffixes::Rh => matches!(rest, "" | "R" | "H"),
            PrecisionSuffixes::None => rest.is_empty(),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suffixed_instruction_names_are_recognised() {
        for name in [
            "ADD",
            "ADDR_SAT",
            "ADDXC",
            "MADHC_SAT",
            "TXPC",
            "KIL",
            "PK4UB",
            "UP2USC_SAT",
            "X2DR",
        ] {
            assert!(is_instruction_name(name), "{name}");
        }
        // X is not a suffix of COS; PK2H takes no suffix at all; KIL takes no C.
        for name in ["COSX", "PK2HC", "KILC", "ADDRR", "ADD_SATC", "ADDCR", "add"] {
            assert!(!is_instruction_name(name), "{name}");
        }
    }

    #[test]
    fn identifiers_start_with_a_letter() {
        assert!(is_identifier("$a_1"));
        assert!(is_identifier("_"));
        assert!(!is_identifier("1a"));
        assert!(!is_identifier(""));
        assert!(!is_identifier("a-b"));
    }
}
