//! The text form of the IR: a printer and a parser that round-trip exactly (see the crate documentation
//! for the grammar).

mod lex;
mod parse;
mod print;

pub use parse::{parse, parse_with_file};
pub use print::{print, print_function};

/// An interface entity's name as written: `$name` when the name is made of `[A-Za-z0-9_$]` only,
/// else quoted, `$"IN.uv"`, with `"`, `\` and line breaks escaped (`\"`, `\\`, `\n`) so that any
/// name reads back (front ends name struct varyings `IN.uv`).
pub(crate) fn entity_name(name: &str) -> String {
    let bare = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if bare {
        return format!("${name}");
    }
    let mut out = String::from("$\"");
    for c in name.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            _ => out.push(c),
        }
    }
    out.push('"');
    out
}

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
