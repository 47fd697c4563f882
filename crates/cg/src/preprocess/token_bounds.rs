//! Where each token of the preprocessed text begins and ends: one bit per output byte for each.
//!
//! The source map merges a run of tokens copied as written into one segment (see
//! [`super::source_map`]); these bits keep the token boundaries that the merged segments no
//! longer hold, at two bits per output byte instead of a 28-byte segment per token.

/// A growable set of byte offsets, one bit each.
#[derive(Clone, Debug, Default)]
struct Bits {
    words: Vec<u64>,
}

impl Bits {
    fn insert(&mut self, at: u32) {
        let (word, bit) = ((at / 64) as usize, at % 64);
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= 1 << bit;
    }

    /// The largest member at or before `at`.
    fn last_at_or_before(&self, at: u32) -> Option<u32> {
        let (mut word, bit) = ((at / 64) as usize, at % 64);
        let mut mask = if bit == 63 {
            !0
        } else {
            (1u64 << (bit + 1)) - 1
        };
        if word >= self.words.len() {
            word = self.words.len().checked_sub(1)?;
            mask = !0;
        }
        loop {
            let held = self.words[word] & mask;
            if held != 0 {
                return Some(word as u32 * 64 + 63 - held.leading_zeros());
            }
            word = word.checked_sub(1)?;
            mask = !0;
        }
    }

    /// The smallest member after `at`.
    fn first_after(&self, at: u32) -> Option<u32> {
        let (mut word, bit) = ((at / 64) as usize, at % 64);
        let mut mask = if bit == 63 { 0 } else { !0u64 << (bit + 1) };
        while let Some(&w) = self.words.get(word) {
            let held = w & mask;
            if held != 0 {
                return Some(word as u32 * 64 + held.trailing_zeros());
            }
            word += 1;
            mask = !0;
        }
        None
    }

    fn shrink_to_fit(&mut self) {
        self.words.shrink_to_fit();
    }
}

/// The start and end offsets of every token written to the output.
#[derive(Clone, Debug, Default)]
pub(super) struct TokenBounds {
    starts: Bits,
    ends: Bits,
}

impl TokenBounds {
    /// Records a token written at `start..end` of the output.
    pub fn add(&mut self, start: u32, end: u32) {
        self.starts.insert(start);
        self.ends.insert(end);
    }

    /// The output range of the token holding `offset` (or the last token before it; or, before
    /// every token, the first), if any token was written.
    pub fn token_at(&self, offset: u32) -> Option<(u32, u32)> {
        let start = match self.starts.last_at_or_before(offset) {
            Some(start) => start,
            None => self.starts.first_after(offset)?,
        };
        Some((start, self.ends.first_after(start)?))
    }

    pub fn shrink_to_fit(&mut self) {
        self.starts.shrink_to_fit();
        self.ends.shrink_to_fit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_find_their_neighbours_across_words() {
        let mut bits = Bits::default();
        for at in [0, 63, 64, 200] {
            bits.insert(at);
        }
        assert_eq!(bits.last_at_or_before(62), Some(0));
        assert_eq!(bits.last_at_or_before(63), Some(63));
        assert_eq!(bits.last_at_or_before(199), Some(64));
        assert_eq!(bits.last_at_or_before(10_000), Some(200));
        assert_eq!(bits.first_after(0), Some(63));
        assert_eq!(bits.first_after(63), Some(64));
        assert_eq!(bits.first_after(64), Some(200));
        assert_eq!(bits.first_after(200), None);
        assert_eq!(Bits::default().last_at_or_before(5), None);
    }

    #[test]
    fn a_token_is_found_from_any_of_its_bytes_and_from_the_space_after_it() {
        let mut bounds = TokenBounds::default();
        // "ab cd(e" : tokens ab, cd, (, e.
        for (start, end) in [(0, 2), (3, 5), (5, 6), (6, 7)] {
            bounds.add(start, end);
        }
        assert_eq!(bounds.token_at(1), Some((0, 2)));
        assert_eq!(bounds.token_at(2), Some((0, 2)));
        assert_eq!(bounds.token_at(3), Some((3, 5)));
        assert_eq!(bounds.token_at(5), Some((5, 6)));
        assert_eq!(bounds.token_at(6), Some((6, 7)));
        assert_eq!(bounds.token_at(100), Some((6, 7)));
        assert_eq!(TokenBounds::default().token_at(0), None);
    }
}
