//! `#if` / `#elif` expressions: C's integer constant expressions over already macro-expanded tokens.
//!
//! Arithmetic is done in the widest integer types (C99 6.10.1p4: `intmax_t` / `uintmax_t`, here 64
//! bits) with C's usual arithmetic conversions: if either operand is unsigned, both are. Identifiers
//! still present evaluate to 0. `&&`, `||` and `?:` do not evaluate the operand they skip, so a
//! division by zero there is not an error.

use super::token::{Token, TokenKind};
use pigment_diag::Diagnostic;

/// Deeper nesting than this (parentheses, unary operators, `?:`) is refused instead of recursing.
const MAX_NESTING: usize = 256;

/// An integer value with its C type: `intmax_t` or `uintmax_t`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Value {
    pub bits: u64,
    pub unsigned: bool,
}

impl Value {
    fn signed(v: i64) -> Value {
        Value {
            bits: v as u64,
            unsigned: false,
        }
    }

    fn truth(b: bool) -> Value {
        Value::signed(b as i64)
    }

    fn is_true(self) -> bool {
        self.bits != 0
    }
}

/// Evaluates the tokens of a `#if` line. Errors point at the offending token (or the directive).
pub(crate) fn evaluate(tokens: &[Token], directive: &Token) -> Result<Value, Diagnostic> {
    if tokens.is_empty() {
        let message = format!("#{} with no expression", directive.text);
        return Err(Diagnostic::error(message).at(directive.loc.file, directive.loc.span()));
    }
    let mut parser = Parser {
        tokens,
        pos: 0,
        depth: 0,
        skipping: 0,
        directive,
    };
    let value = parser.comma()?;
    match parser.peek() {
        None => Ok(value),
        Some(t) if t.is_punct(")") => Err(parser.error_at(t, "missing `(` in expression")),
        Some(t) => Err(parser.error_at(t, &format!("missing binary operator before `{}`", t.text))),
    }
}

struct Parser<'a> {
    tokens: &'a [Token],
    pos: usize,
    depth: usize,
    /// Greater than zero inside an operand that is not evaluated.
    skipping: usize,
    directive: &'a Token,
}

/// Binary operators by precedence level, loosest first (C99 6.5.5 to 6.5.14).
const LEVELS: &[&[&str]] = &[
    &["||"],
    &["&&"],
    &["|"],
    &["^"],
    &["&"],
    &["==", "!="],
    &["<", ">", "<=", ">="],
    &["<<", ">>"],
    &["+", "-"],
    &["*", "/", "%"],
];

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<&'a Token> {
        self.tokens.get(self.pos)
    }

    fn error_at(&self, t: &Token, message: &str) -> Diagnostic {
        Diagnostic::error(message.to_string()).at(t.loc.file, t.loc.span())
    }

    /// An error at the end of the expression (something missing).
    fn error_at_end(&self, message: &str) -> Diagnostic {
        let at = self.tokens.last().unwrap_or(self.directive);
        self.error_at(at, message)
    }

    fn eat(&mut self, punct: &str) -> bool {
        let found = self.peek().is_some_and(|t| t.is_punct(punct));
        self.pos += found as usize;
        found
    }

    fn enter(&mut self) -> Result<(), Diagnostic> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(self.error_at_end("expression nested too deeply"));
        }
        Ok(())
    }

    /// expression: conditional (`,` conditional)*
    fn comma(&mut self) -> Result<Value, Diagnostic> {
        let mut value = self.conditional()?;
        while self.eat(",") {
            value = self.conditional()?;
        }
        Ok(value)
    }

    /// conditional: logical-or (`?` expression `:` conditional)?
    fn conditional(&mut self) -> Result<Value, Diagnostic> {
        self.enter()?;
        let cond = self.binary(0)?;
        let result = if self.eat("?") {
            let then_value = self.operand(!cond.is_true(), Self::comma)?;
            if !self.eat(":") {
                return Err(self.error_at_end("expected `:` in conditional expression"));
            }
            let else_value = self.operand(cond.is_true(), Self::conditional)?;
            let unsigned = then_value.unsigned || else_value.unsigned;
            let chosen = if cond.is_true() {
                then_value
            } else {
                else_value
            };
            Value {
                bits: chosen.bits,
                unsigned,
            }
        } else {
            cond
        };
        self.depth -= 1;
        Ok(result)
    }

    /// Parses an operand, not evaluating it (no errors for its arithmetic) when `skip` is set.
    fn operand(
        &mut self,
        skip: bool,
        parse: impl FnOnce(&mut Self) -> Result<Value, Diagnostic>,
    ) -> Result<Value, Diagnostic> {
        self.skipping += skip as usize;
        let value = parse(self);
        self.skipping -= skip as usize;
        value
    }

    /// Precedence climbing: parses operators of `min_level` and tighter, left-associative, so
    /// that nesting costs stack only for parentheses and unary operators, not for every level.
    fn binary(&mut self, min_level: usize) -> Result<Value, Diagnostic> {
        let mut left = self.unary()?;
        while let Some((op, level)) = self.peek_binary(min_level) {
            self.pos += 1;
            let skip_right = match &*op.text {
                "&&" => !left.is_true(),
                "||" => left.is_true(),
                _ => false,
            };
            let right = self.operand(skip_right, |p: &mut Self| p.binary(level + 1))?;
            left = self.apply(op, left, right)?;
        }
        Ok(left)
    }

    /// The binary operator coming next and its level, if it binds at least as tightly as `min_level`.
    fn peek_binary(&self, min_level: usize) -> Option<(&'a Token, usize)> {
        let t = self.peek().filter(|t| t.kind == TokenKind::Punct)?;
        let level = LEVELS.iter().position(|ops| ops.contains(&&*t.text))?;
        (level >= min_level).then_some((t, level))
    }

    fn apply(&self, op: &Token, l: Value, r: Value) -> Result<Value, Diagnostic> {
        let unsigned = l.unsigned || r.unsigned;
        let (a, b) = (l.bits, r.bits);
        let (sa, sb) = (a as i64, b as i64);
        let arith = |bits: u64| Value { bits, unsigned };
        let less = |x: u64, y: u64| {
            if unsigned {
                x < y
            } else {
                (x as i64) < (y as i64)
            }
        };
        Ok(match &*op.text {
            "||" => Value::truth(l.is_true() || r.is_true()),
            "&&" => Value::truth(l.is_true() && r.is_true()),
            "|" => arith(a | b),
            "^" => arith(a ^ b),
            "&" => arith(a & b),
            "==" => Value::truth(a == b),
            "!=" => Value::truth(a != b),
            "<" => Value::truth(less(a, b)),
            ">" => Value::truth(less(b, a)),
            "<=" => Value::truth(!less(b, a)),
            ">=" => Value::truth(!less(a, b)),
            "<<" => shift(l, r, true),
            ">>" => shift(l, r, false),
            "+" => arith(a.wrapping_add(b)),
            "-" => arith(a.wrapping_sub(b)),
            "*" => arith(a.wrapping_mul(b)),
            "/" | "%" if b == 0 => {
                if self.skipping > 0 {
                    arith(0)
                } else {
                    return Err(self.error_at(op, "division by zero in #if"));
                }
            }
            "/" if unsigned => arith(a / b),
            "/" => arith(sa.wrapping_div(sb) as u64),
            "%" if unsigned => arith(a % b),
            _ => arith(sa.wrapping_rem(sb) as u64),
        })
    }

    fn unary(&mut self) -> Result<Value, Diagnostic> {
        let Some(t) = self.peek() else {
            return Err(self.error_at_end("expected a value at the end of the expression"));
        };
        if t.kind == TokenKind::Punct && matches!(&*t.text, "+" | "-" | "~" | "!") {
            self.pos += 1;
            self.enter()?;
            let v = self.unary()?;
            self.depth -= 1;
            return Ok(match &*t.text {
                "+" => v,
                "-" => Value {
                    bits: v.bits.wrapping_neg(),
                    unsigned: v.unsigned,
                },
                "~" => Value {
                    bits: !v.bits,
                    unsigned: v.unsigned,
                },
                _ => Value::truth(!v.is_true()),
            });
        }
        self.primary()
    }

    fn primary(&mut self) -> Result<Value, Diagnostic> {
        let t = self
            .peek()
            .ok_or_else(|| self.error_at_end("expected a value"))?;
        self.pos += 1;
        match t.kind {
            TokenKind::Number => integer_literal(&t.text).map_err(|m| self.error_at(t, &m)),
            TokenKind::CharLit => char_constant(&t.text).map_err(|m| self.error_at(t, &m)),
            TokenKind::Ident => Ok(Value::signed(0)),
            TokenKind::Punct if &*t.text == "(" => {
                self.enter()?;
                let v = self.comma()?;
                self.depth -= 1;
                if !self.eat(")") {
                    return Err(self.error_at(t, "missing `)` in expression"));
                }
                Ok(v)
            }
            TokenKind::StrLit => Err(self.error_at(t, "a string literal is not valid in #if")),
            _ => Err(self.error_at(t, &format!("token `{}` is not valid in #if", t.text))),
        }
    }
}

/// `<<` and `>>`: the result has the left operand's type; a negative count shifts the other way and
/// a count of 64 or more shifts every bit out (C leaves both undefined; this is what gcc does).
fn shift(l: Value, r: Value, left: bool) -> Value {
    let negative_count = !r.unsigned && (r.bits as i64) < 0;
    let count = if negative_count {
        (r.bits as i64).unsigned_abs()
    } else {
        r.bits
    };
    let left = left != negative_count;
    let bits = if left {
        if count >= 64 {
            0
        } else {
            l.bits << count
        }
    } else if l.unsigned {
        if count >= 64 {
            0
        } else {
            l.bits >> count
        }
    } else {
        ((l.bits as i64) >> count.min(63)) as u64
    };
    Value {
        bits,
        unsigned: l.unsigned,
    }
}

/// An integer constant (C99 6.4.4.1) with its `u`/`l`/`ll` suffixes. A decimal constant too big
/// for `intmax_t` becomes unsigned, as gcc does.
pub(crate) fn integer_literal(text: &str) -> Result<Value, String> {
    let lower = text.to_ascii_lowercase();
    let (radix, digits_start) = if lower.starts_with("0x") {
        (16, 2)
    } else if lower.starts_with('0') {
        (8, 0)
    } else {
        (10, 0)
    };
    let digits_end = lower[digits_start..]
        .find(|c: char| !c.is_digit(radix.max(10)))
        .map_or(lower.len(), |k| k + digits_start);
    let (digits, suffix) = (&lower[digits_start..digits_end], &lower[digits_end..]);
    let is_float = if radix == 16 {
        suffix.contains(['.', 'p'])
    } else {
        suffix.contains(['.', 'e'])
    };
    if is_float {
        return Err("floating constant in preprocessor expression".to_string());
    }
    if digits.is_empty() {
        return Err(format!("invalid integer constant `{text}`"));
    }
    let unsigned_suffix = match suffix {
        "" | "l" | "ll" => false,
        "u" | "ul" | "lu" | "ull" | "llu" => true,
        _ => {
            return Err(format!(
                "invalid suffix `{}` on integer constant",
                &text[digits_end..]
            ))
        }
    };
    if suffix.contains("ll") && !text.contains("ll") && !text.contains("LL") {
        return Err(format!(
            "invalid suffix `{}` on integer constant",
            &text[digits_end..]
        ));
    }
    let mut value: u64 = 0;
    for c in digits.chars() {
        let d = c
            .to_digit(radix)
            .ok_or_else(|| format!("invalid digit `{c}` in octal constant"))?;
        value = value
            .checked_mul(radix as u64)
            .and_then(|v| v.checked_add(d as u64))
            .ok_or_else(|| "integer constant is too large for its type".to_string())?;
    }
    Ok(Value {
        bits: value,
        unsigned: unsigned_suffix || value > i64::MAX as u64,
    })
}

/// A character constant's value: a plain `char` is signed 8-bit (as on gcc's x86 targets); a
/// multi-character constant packs 8 bits per character into an `int`, as gcc does.
pub(crate) fn char_constant(text: &str) -> Result<Value, String> {
    let wide = text.starts_with('L');
    let body = text.trim_start_matches('L');
    let inner = &body[1..body.len() - 1];
    let chars = decode_chars(inner)?;
    match chars.as_slice() {
        [] => Err("empty character constant".to_string()),
        [c] if wide => Ok(Value::signed(*c as i32 as i64)),
        [c] => Ok(Value::signed(*c as u8 as i8 as i64)),
        many => {
            let packed = many.iter().fold(0u32, |acc, &c| (acc << 8) | (c & 0xff));
            Ok(Value::signed(packed as i32 as i64))
        }
    }
}

/// The code units of a character constant's contents, escape sequences resolved (C99 6.4.4.4).
fn decode_chars(inner: &str) -> Result<Vec<u32>, String> {
    let mut out = Vec::new();
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c as u32);
            continue;
        }
        let e = chars.next().ok_or("incomplete escape sequence")?;
        let value = match e {
            'n' => 10,
            't' => 9,
            'r' => 13,
            'a' => 7,
            'b' => 8,
            'f' => 12,
            'v' => 11,
            '\\' | '\'' | '"' | '?' => e as u32,
            'x' => {
                let mut v: u32 = 0;
                let mut any = false;
                while let Some(d) = chars.peek().and_then(|c| c.to_digit(16)) {
                    v = v.wrapping_mul(16).wrapping_add(d);
                    any = true;
                    chars.next();
                }
                if !any {
                    return Err("`\\x` used with no following hex digits".to_string());
                }
                v
            }
            '0'..='7' => {
                let mut v = e.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    match chars.peek().and_then(|c| c.to_digit(8)) {
                        Some(d) => {
                            v = v * 8 + d;
                            chars.next();
                        }
                        None => break,
                    }
                }
                v
            }
            other => return Err(format!("unknown escape sequence `\\{other}`")),
        };
        out.push(value);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_literals_by_radix_and_suffix() {
        assert_eq!(integer_literal("0x1F").unwrap(), Value::signed(31));
        assert_eq!(integer_literal("017").unwrap(), Value::signed(15));
        assert_eq!(integer_literal("0").unwrap(), Value::signed(0));
        assert_eq!(
            integer_literal("10u").unwrap(),
            Value {
                bits: 10,
                unsigned: true
            }
        );
        assert_eq!(
            integer_literal("10LU").unwrap(),
            Value {
                bits: 10,
                unsigned: true
            }
        );
        assert_eq!(
            integer_literal("0xFFFFFFFFFFFFFFFF").unwrap(),
            Value {
                bits: u64::MAX,
                unsigned: true
            }
        );
        assert!(integer_literal("08").is_err());
        assert!(integer_literal("1.0").is_err());
        assert!(integer_literal("1e5").is_err());
        assert!(integer_literal("12abc").is_err());
        assert!(integer_literal("1lL").is_err());
        assert!(integer_literal("99999999999999999999").is_err());
    }

    #[test]
    fn character_constants() {
        assert_eq!(char_constant("'a'").unwrap(), Value::signed(97));
        assert_eq!(char_constant("'\\n'").unwrap(), Value::signed(10));
        assert_eq!(char_constant("'\\377'").unwrap(), Value::signed(-1));
        assert_eq!(char_constant("'\\x41'").unwrap(), Value::signed(65));
        assert_eq!(char_constant("'ab'").unwrap(), Value::signed(0x6162));
        assert_eq!(char_constant("L'\\377'").unwrap(), Value::signed(255));
        assert!(char_constant("''").is_err());
    }

    #[test]
    fn shifts_follow_the_left_operand() {
        let s = Value::signed;
        assert_eq!(shift(s(1), s(3), true), s(8));
        assert_eq!(shift(s(-16), s(2), false), s(-4));
        assert_eq!(shift(s(8), s(-1), true), s(4));
        assert_eq!(
            shift(
                Value {
                    bits: u64::MAX,
                    unsigned: true
                },
                s(63),
                false
            )
            .bits,
            1
        );
    }
}
