//! Recognising register names spelled exactly as the grammar lists them (`R0`..`R31`, `H0`..`H63`,
//! `TEX0`..`TEX15`). Out-of-range spellings such as `R37` are ordinary identifiers (notes item 10).

use crate::isa::{TempReg, H_REGISTERS, R_REGISTERS};

/// The number in `PREFIXn` when `n` is written in plain decimal (`R7`, not `R07`) and fits in a `u32`.
pub fn register_number(text: &str, prefix: &str) -> Option<u32> {
    let digits = text.strip_prefix(prefix)?;
    let plain = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'));
    if plain {
        digits.parse().ok()
    } else {
        None
    }
}

/// `R0`..`R31` or `H0`..`H63`.
pub fn temp_register(text: &str) -> Option<TempReg> {
    if let Some(n) = register_number(text, "R") {
        return (n < u32::from(R_REGISTERS)).then_some(TempReg::R(n as u8));
    }
    let n = register_number(text, "H")?;
    (n < u32::from(H_REGISTERS)).then_some(TempReg::H(n as u8))
}

/// `R32`, `H64`, `R007`: looks like a temporary register but is not one.
pub fn looks_like_temp_register(text: &str) -> bool {
    let digits = text
        .strip_prefix('R')
        .or_else(|| text.strip_prefix('H'))
        .unwrap_or("");
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registers_in_range() {
        assert_eq!(temp_register("R0"), Some(TempReg::R(0)));
        assert_eq!(temp_register("R31"), Some(TempReg::R(31)));
        assert_eq!(temp_register("H63"), Some(TempReg::H(63)));
        assert_eq!(temp_register("R32"), None);
        assert_eq!(temp_register("H64"), None);
        assert_eq!(temp_register("R01"), None);
        assert_eq!(temp_register("R"), None);
        assert_eq!(temp_register("R99999999999999999999"), None);
        assert_eq!(register_number("TEX15", "TEX"), Some(15));
        assert_eq!(register_number("TEXA", "TEX"), None);
    }

    #[test]
    fn register_lookalikes() {
        assert!(looks_like_temp_register("R32"));
        assert!(looks_like_temp_register("H007"));
        assert!(!looks_like_temp_register("RC"));
        assert!(!looks_like_temp_register("R"));
    }
}
