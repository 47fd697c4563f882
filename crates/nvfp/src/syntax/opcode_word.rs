//! Splits an instruction word such as `MADXC_SAT` into its opcode and suffixes, `OP[R|H|X][C][_SAT]`,
//! and explains why a word that looks like an instruction is not one.
//!
//! The variants each opcode accepts are those of the grammar's opcode lists in section 3.11.3, which
//! Table X.4 summarises and [`crate::isa::OPCODES`] encodes.

use crate::isa::{Opcode, OpcodeInfo, Precision, PrecisionSuffixes, OPCODES};

/// A decoded instruction word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpcodeWord {
    pub opcode: Opcode,
    pub precision: Option<Precision>,
    pub update_cc: bool,
    pub saturate: bool,
}

/// One suffix as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Suffix {
    Precision(Precision),
    Cc,
    Sat,
}

/// Decodes `word`, or says (for a diagnostic) why it is not an instruction.
pub fn decode(word: &str) -> Result<OpcodeWord, String> {
    // A base name followed by a well-formed suffix list; longer base names first so that the most
    // specific reading explains an error.
    let mut candidates: Vec<(&OpcodeInfo, Vec<Suffix>)> = OPCODES
        .iter()
        .filter_map(|info| {
            let rest = word.strip_prefix(info.name)?;
            Some((info, split_suffixes(rest)?))
        })
        .collect();
    candidates.sort_by_key(|(info, _)| std::cmp::Reverse(info.name.len()));
    let mut first_error = None;
    for (info, suffixes) in &candidates {
        match check(word, info, suffixes) {
            Ok(decoded) => return Ok(decoded),
            Err(message) => {
                first_error.get_or_insert(message);
            }
        }
    }
    Err(first_error.unwrap_or_else(|| unknown(word)))
}

/// True when `word` is a valid instruction word.
pub fn is_instruction(word: &str) -> bool {
    decode(word).is_ok()
}

/// Splits `rest` into `R`/`H`/`X`, `C` and `_SAT` pieces in the order written, or `None` if it holds
/// anything else.
fn split_suffixes(mut rest: &str) -> Option<Vec<Suffix>> {
    let mut suffixes = Vec::new();
    while !rest.is_empty() {
        let (suffix, len) = if rest.starts_with("_SAT") {
            (Suffix::Sat, 4)
        } else {
            let suffix = match rest.as_bytes()[0] {
                b'R' => Suffix::Precision(Precision::R),
                b'H' => Suffix::Precision(Precision::H),
                b'X' => Suffix::Precision(Precision::X),
                b'C' => Suffix::Cc,
                _ => return None,
            };
            (suffix, 1)
        };
        suffixes.push(suffix);
        rest = &rest[len..];
    }
    Some(suffixes)
}

fn check(word: &str, info: &OpcodeInfo, suffixes: &[Suffix]) -> Result<OpcodeWord, String> {
    let in_order = suffixes
        .windows(2)
        .all(|pair| suffix_rank(pair[0]) < suffix_rank(pair[1]));
    if !in_order {
        return Err(format!(
            "`{word}` is not an instruction: write the suffixes once each, in the order {}",
            pattern(info)
        ));
    }
    let mut decoded = OpcodeWord {
        opcode: info.opcode,
        precision: None,
        update_cc: false,
        saturate: false,
    };
    for &suffix in suffixes {
        match suffix {
            Suffix::Precision(p) => decoded.precision = Some(p),
            Suffix::Cc => decoded.update_cc = true,
            Suffix::Sat => decoded.saturate = true,
        }
    }
    let no_suffixes = info.precision == PrecisionSuffixes::None && !info.cc_and_sat;
    if no_suffixes && !suffixes.is_empty() {
        return Err(format!(
            "`{word}` is not an instruction: {} takes no suffixes",
            info.name
        ));
    }
    if let Some(p) = decoded.precision {
        let allowed = match info.precision {
            PrecisionSuffixes::Rhx => true,
            PrecisionSuffixes::Rh => p != Precision::X,
            PrecisionSuffixes::None => false,
        };
        if !allowed {
            return Err(format!(
                "`{word}` is not an instruction: {}",
                precision_rule(info)
            ));
        }
    }
    Ok(decoded)
}

/// `R`/`H`/`X` sort before `C`, which sorts before `_SAT`.
fn suffix_rank(suffix: Suffix) -> u8 {
    match suffix {
        Suffix::Precision(_) => 0,
        Suffix::Cc => 1,
        Suffix::Sat => 2,
    }
}

fn precision_rule(info: &OpcodeInfo) -> String {
    match info.precision {
        PrecisionSuffixes::Rhx => format!("{} takes the precision suffixes R, H and X", info.name),
        PrecisionSuffixes::Rh => {
            format!("{} takes the precision suffixes R and H only", info.name)
        }
        PrecisionSuffixes::None => format!("{} takes no precision suffix", info.name),
    }
}

/// `MOV[R|H|X][C][_SAT]`, `TEX[C][_SAT]`, `KIL`.
pub fn pattern(info: &OpcodeInfo) -> String {
    let precision = match info.precision {
        PrecisionSuffixes::Rhx => "[R|H|X]",
        PrecisionSuffixes::Rh => "[R|H]",
        PrecisionSuffixes::None => "",
    };
    let cc_and_sat = if info.cc_and_sat { "[C][_SAT]" } else { "" };
    format!("{}{precision}{cc_and_sat}", info.name)
}

fn unknown(word: &str) -> String {
    let upper = word.to_ascii_uppercase();
    if upper != word && is_instruction(&upper) {
        format!("unknown instruction `{word}`: instruction names are upper case (`{upper}`)")
    } else {
        format!("expected an instruction, DEFINE or DECLARE, found `{word}`")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(word: &str) -> OpcodeWord {
        decode(word).unwrap_or_else(|e| panic!("{word}: {e}"))
    }

    #[test]
    fn suffixes_are_decoded() {
        let w = ok("MADXC_SAT");
        assert_eq!(w.opcode, Opcode::Mad);
        assert_eq!(w.precision, Some(Precision::X));
        assert!(w.update_cc && w.saturate);
        let w = ok("MOV");
        assert_eq!((w.precision, w.update_cc, w.saturate), (None, false, false));
        let w = ok("TXPC");
        assert_eq!((w.opcode, w.update_cc), (Opcode::Txp, true));
        assert_eq!(ok("PK2H").opcode, Opcode::Pk2h);
        assert_eq!(ok("UP2HC_SAT").opcode, Opcode::Up2h);
        assert_eq!(ok("MAXX").opcode, Opcode::Max);
    }

    #[test]
    fn x_precision_refused_where_the_grammar_lists_only_r_and_h() {
        assert_eq!(
            decode("DDXX"),
            Err(
                "`DDXX` is not an instruction: DDX takes the precision suffixes R and H only"
                    .into()
            )
        );
    }

    #[test]
    fn packs_and_kil_take_no_suffixes() {
        assert_eq!(
            decode("PK2HC"),
            Err("`PK2HC` is not an instruction: PK2H takes no suffixes".into())
        );
        assert_eq!(
            decode("KIL_SAT"),
            Err("`KIL_SAT` is not an instruction: KIL takes no suffixes".into())
        );
    }

    #[test]
    fn textures_take_no_precision() {
        assert_eq!(
            decode("TEXH"),
            Err("`TEXH` is not an instruction: TEX takes no precision suffix".into())
        );
    }

    #[test]
    fn suffix_order_is_enforced() {
        assert_eq!(
            decode("MOV_SATC"),
            Err(
                "`MOV_SATC` is not an instruction: write the suffixes once each, in the order \
                 MOV[R|H|X][C][_SAT]"
                    .into()
            )
        );
        assert!(decode("MOVRH").is_err());
        assert!(decode("MOVCC").is_err());
    }

    #[test]
    fn unknown_words() {
        assert_eq!(
            decode("mov"),
            Err("unknown instruction `mov`: instruction names are upper case (`MOV`)".into())
        );
        assert_eq!(
            decode("FOO"),
            Err("expected an instruction, DEFINE or DECLARE, found `FOO`".into())
        );
        assert!(decode("MOVE").is_err());
        assert!(decode("").is_err());
    }
}
