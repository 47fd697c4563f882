//! The token cursor of Pigment's hand-written parsers (ISL, Parasol): a lexed token list that ends
//! with an end-of-input token, which the cursor never moves past, so that looking ahead is always
//! defined and a parser that never fails needs no bounds checks of its own.

use crate::Span;

/// One token: its kind (each language's own `Tok`) and where it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Token<K> {
    pub tok: K,
    pub span: Span,
}

/// A position in a token list.
#[derive(Clone, Debug)]
pub struct Cursor<K> {
    tokens: Vec<Token<K>>,
    pos: usize,
}

impl<K: Clone> Cursor<K> {
    /// A cursor at the first of `tokens`, whose last token is the end of input (every lexer of the
    /// project ends its list with one; an empty list is not a token list).
    pub fn new(tokens: Vec<Token<K>>) -> Cursor<K> {
        assert!(
            !tokens.is_empty(),
            "a token list ends with an end-of-input token"
        );
        Cursor { tokens, pos: 0 }
    }

    /// The current token's kind.
    pub fn peek(&self) -> &K {
        &self.tokens[self.pos].tok
    }

    /// The kind of the token `n` after the current one (the end of input beyond the list).
    pub fn peek_at(&self, n: usize) -> &K {
        let i = (self.pos + n).min(self.tokens.len() - 1);
        &self.tokens[i].tok
    }

    /// The current token's span.
    pub fn span(&self) -> Span {
        self.tokens[self.pos].span
    }

    /// The span of the token before the current one (the first token's at the start).
    pub fn prev_span(&self) -> Span {
        self.tokens[self.pos.saturating_sub(1)].span
    }

    /// The current token; moves to the next unless this is the end of input.
    pub fn bump(&mut self) -> Token<K> {
        let t = self.tokens[self.pos].clone();
        if self.pos + 1 < self.tokens.len() {
            self.pos += 1;
        }
        t
    }

    /// How many tokens have been consumed: a parser compares it to tell whether it made progress.
    pub fn position(&self) -> usize {
        self.pos
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cursor_stops_at_the_end_of_input() {
        let token = |tok: char, at: usize| Token {
            tok,
            span: Span::new(at, at + 1),
        };
        let mut c = Cursor::new(vec![token('a', 0), token('$', 1)]);
        assert_eq!((*c.peek(), *c.peek_at(1), *c.peek_at(5)), ('a', '$', '$'));
        assert_eq!(c.prev_span(), Span::new(0, 1));
        assert_eq!(c.bump().tok, 'a');
        assert_eq!((c.bump().tok, c.bump().tok, c.position()), ('$', '$', 1));
        assert_eq!(
            (c.span(), c.prev_span()),
            (Span::new(1, 2), Span::new(0, 1))
        );
    }
}
