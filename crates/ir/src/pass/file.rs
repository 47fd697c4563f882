//! The format of pass file tests (text → text), shared by every crate that tests IR passes:
//! the input module, a `; run: PASS, PASS` line naming the passes, then the marker line and the
//! expected printed module. `PIGMENT_BLESS=1` makes a test rewrite the part after the marker.

/// The line that separates the input from the expected output.
pub const EXPECTED_MARKER: &str = "; ---- expected ----\n";

/// A pass file split into its parts.
pub struct PassFile<'a> {
    pub input: &'a str,
    /// The passes of the `; run:` line, in order.
    pub passes: Vec<String>,
    pub expected: &'a str,
}

impl<'a> PassFile<'a> {
    /// Splits `text`; an error when it has no `; run:` line.
    pub fn parse(text: &'a str) -> Result<PassFile<'a>, String> {
        let (input, expected) = text.split_once(EXPECTED_MARKER).unwrap_or((text, ""));
        let passes = input
            .lines()
            .find_map(|l| l.strip_prefix("; run:"))
            .ok_or("no `; run:` line")?
            .split(',')
            .map(|s| s.trim().to_string())
            .collect();
        Ok(PassFile {
            input,
            passes,
            expected,
        })
    }

    /// The file's text with `printed` as its expected output (for blessing).
    pub fn with_expected(&self, printed: &str) -> String {
        format!("{}{EXPECTED_MARKER}{printed}", self.input)
    }

    /// A readable mismatch report when `printed` is not the expected output.
    pub fn mismatch(&self, printed: &str) -> Option<String> {
        (printed != self.expected)
            .then(|| format!("--- expected\n{}--- got\n{printed}", self.expected))
    }
}

/// Whether the test run should rewrite expected outputs (`PIGMENT_BLESS=1`).
pub fn blessing() -> bool {
    std::env::var_os("PIGMENT_BLESS").is_some_and(|v| v == "1")
}
