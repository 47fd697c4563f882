//! Scanning of number literals and string escapes, shared by the lexer.
//!
//! Numbers: `0xH` (hex), `0O` (octal: a leading `0`, as in C, notes), and the decimal forms `D`,
//! `D.`, `.D`, `D.D`, each with an optional exponent `eSD`; letters are case-insensitive.

/// Scans a number at `*i`, advancing past it. `None` when it is malformed (`0x` with no digits,
/// `8` or `9` in an octal number).
pub fn scan(b: &[u8], i: &mut usize) -> Option<f64> {
    let at = |k: usize| b.get(k).copied().unwrap_or(0);
    let start = *i;
    if at(start) == b'0' && matches!(at(start + 1), b'x' | b'X') {
        *i = start + 2;
        return radix(b, i, 16);
    }
    let int_end = run(b, start, |c| c.is_ascii_digit());
    let is_float = matches!(at(int_end), b'.' | b'e' | b'E') && !exponent_missing(b, int_end);
    if !is_float && at(start) == b'0' && int_end > start + 1 {
        *i = start + 1;
        return radix(b, i, 8);
    }
    *i = int_end;
    if at(*i) == b'.' {
        *i = run(b, *i + 1, |c| c.is_ascii_digit());
    }
    if matches!(at(*i), b'e' | b'E') && !exponent_missing(b, *i) {
        let mut j = *i + 1;
        if matches!(at(j), b'+' | b'-') {
            j += 1;
        }
        *i = run(b, j, |c| c.is_ascii_digit());
    }
    std::str::from_utf8(&b[start..*i]).ok()?.parse().ok()
}

/// True when the `e` at `k` has no digits after it (then it is not an exponent).
fn exponent_missing(b: &[u8], k: usize) -> bool {
    if b.get(k) == Some(&b'.') {
        return false;
    }
    let mut j = k + 1;
    if matches!(b.get(j), Some(b'+' | b'-')) {
        j += 1;
    }
    !b.get(j).is_some_and(u8::is_ascii_digit)
}

fn run(b: &[u8], mut k: usize, f: impl Fn(u8) -> bool) -> usize {
    while k < b.len() && f(b[k]) {
        k += 1;
    }
    k
}

/// Digits in `radix` at `*i` (at least one), as a float.
fn radix(b: &[u8], i: &mut usize, radix: u32) -> Option<f64> {
    let start = *i;
    let mut value = 0.0f64;
    while let Some(d) = b.get(*i).and_then(|&c| (c as char).to_digit(16)) {
        if d >= radix {
            return None;
        }
        value = value * radix as f64 + d as f64;
        *i += 1;
    }
    (*i > start).then_some(value)
}

/// Decodes the escape after a `\` at `*i`, advancing past it; `None` (having skipped one byte) when
/// it is not one of the spec's escapes.
pub fn escape(b: &[u8], i: &mut usize) -> Option<char> {
    let c = *b.get(*i)?;
    *i += 1;
    let simple = match c {
        b'n' => '\n',
        b't' => '\t',
        b'v' => '\x0b',
        b'b' => '\x08',
        b'r' => '\r',
        b'f' => '\x0c',
        b'a' => '\x07',
        b'\\' | b'?' | b'\'' | b'"' => c as char,
        b'x' => return code(b, i, 16, 2),
        b'0'..=b'7' => {
            *i -= 1;
            return code(b, i, 8, 3);
        }
        _ => return None,
    };
    Some(simple)
}

/// Up to `max` digits in `radix` as a character code.
fn code(b: &[u8], i: &mut usize, radix: u32, max: usize) -> Option<char> {
    let start = *i;
    let mut value = 0u32;
    while *i - start < max {
        match b.get(*i).and_then(|&c| (c as char).to_digit(radix)) {
            Some(d) => value = value * radix + d,
            None => break,
        }
        *i += 1;
    }
    if *i == start {
        return None;
    }
    char::from_u32(value)
}
