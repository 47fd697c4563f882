//! The text form of the IR: a printer and a parser that round-trip exactly (see the crate documentation
//! for the grammar).

mod lex;
mod parse;
mod print;

pub use parse::{parse, parse_with_file};
pub use print::{print, print_function};

/// How a real constant component is written: `nan` (the canonical quiet NaN 0x7fc00000), `inf`,
/// `-inf`, the shortest decimal that reads back as the same f32, or, for other NaN patterns, the bit
/// pattern in hex (`0x7fc00001`).
pub(crate) fn format_real(bits: u32) -> String {
    let x = f32::from_bits(bits);
    if x.is_nan() {
        if bits == 0x7fc0_0000 {
            "nan".into()
        } else {
            format!("0x{bits:08x}")
        }
    } else if x.is_infinite() {
        if x > 0.0 { "inf" } else { "-inf" }.into()
    } else {
        format!("{x:?}")
    }
}
