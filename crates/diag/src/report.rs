//! Printing diagnostics with a cap per run. A hostile file can hold millions of errors; past the
//! cap the rest are counted, not printed, and one closing line says how many were held back, so
//! the output of a run stays bounded (each rendered diagnostic is itself bounded: see `render`).

use crate::{render, Diagnostic, SourceFiles};
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How many diagnostics a run prints by default: enough to fix a file in a few rounds, few enough
/// that the output of the worst file stays far under a megabyte.
pub const MAX_DIAGNOSTICS: usize = 50;

/// Counts and prints the diagnostics of one run, up to a limit.
pub struct Reporter {
    limit: AtomicUsize,
    shown: AtomicUsize,
    held_back: AtomicUsize,
}

/// The reporter of the process's standard error, which every command prints through.
pub static STDERR: Reporter = Reporter::new(MAX_DIAGNOSTICS);

impl Reporter {
    /// A reporter that prints at most `limit` diagnostics.
    pub const fn new(limit: usize) -> Reporter {
        Reporter {
            limit: AtomicUsize::new(limit),
            shown: AtomicUsize::new(0),
            held_back: AtomicUsize::new(0),
        }
    }

    /// Changes the limit (a command-line option, say); `usize::MAX` prints everything.
    pub fn set_limit(&self, limit: usize) {
        self.limit.store(limit, Ordering::Relaxed);
    }

    /// Takes one place under the limit; `false` (counted as held back) when the limit is reached.
    pub fn take(&self) -> bool {
        let limit = self.limit.load(Ordering::Relaxed);
        let taken = self
            .shown
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
                (n < limit).then_some(n + 1)
            });
        if taken.is_err() {
            self.held_back.fetch_add(1, Ordering::Relaxed);
        }
        taken.is_ok()
    }

    /// Renders each diagnostic to `out` while the limit allows, counting the rest.
    pub fn write(
        &self,
        files: &SourceFiles,
        diagnostics: &[Diagnostic],
        out: &mut dyn Write,
    ) -> std::io::Result<()> {
        for d in diagnostics {
            if self.take() {
                out.write_all(render(files, d).as_bytes())?;
            }
        }
        Ok(())
    }

    /// How many diagnostics were not printed.
    pub fn held_back(&self) -> usize {
        self.held_back.load(Ordering::Relaxed)
    }

    /// The closing line for a run that held diagnostics back, `None` if it printed them all.
    pub fn summary(&self) -> Option<String> {
        match self.held_back() {
            0 => None,
            n => Some(format!(
                "pigment: note: {n} more diagnostics not shown (the first {} are; \
                 --max-diagnostics raises the limit)",
                self.shown.load(Ordering::Relaxed)
            )),
        }
    }
}

/// Prints diagnostics to standard error through [`STDERR`]. A failed write to standard error has
/// nowhere to be reported, so it is ignored.
pub fn eprint(files: &SourceFiles, diagnostics: &[Diagnostic]) {
    let _ = STDERR.write(files, diagnostics, &mut std::io::stderr().lock());
}

/// Prints [`STDERR`]'s summary line, if any diagnostics were held back; a command calls it once,
/// at its end.
pub fn eprint_summary() {
    if let Some(line) = STDERR.summary() {
        eprintln!("{line}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagnostics_past_the_limit_are_counted_not_printed() {
        let mut files = SourceFiles::new();
        let id = files.add("a.cg", "x\n");
        let many: Vec<Diagnostic> = (0..5)
            .map(|i| Diagnostic::error(format!("e{i}")).at(id, crate::Span::new(0, 1)))
            .collect();
        let reporter = Reporter::new(3);
        let mut out = Vec::new();
        reporter.write(&files, &many[..2], &mut out).unwrap();
        reporter.write(&files, &many[2..], &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.matches(": error: ").count(), 3);
        assert!(text.contains("e2") && !text.contains("e3"));
        assert_eq!(reporter.held_back(), 2);
        assert!(reporter.summary().unwrap().contains(" 2 more diagnostics"));
    }

    #[test]
    fn a_run_within_the_limit_has_no_summary() {
        let files = SourceFiles::new();
        let reporter = Reporter::new(3);
        let one = [Diagnostic::error("only")];
        reporter.write(&files, &one, &mut Vec::new()).unwrap();
        assert_eq!(reporter.summary(), None);
    }
}
