//! Collects the lines of an ARB program and the temporaries they use, and assembles the final text:
//! header, declarations, the NV machine's initial state, the body, and the output moves.

use super::Style;
use std::collections::BTreeSet;

/// The ARB temporaries that stand for NV state (names no NV register can take, as NV temporaries are
/// `R0`-`R31`).
pub(crate) const CC: &str = "nv_cc";
pub(crate) const COLR: &str = "nv_colr";
pub(crate) const DEPR: &str = "nv_depr";
pub(crate) const FOGC: &str = "nv_fogc";

#[derive(Default)]
pub(crate) struct Writer {
    body: Vec<String>,
    /// R registers the program names, each declared and zeroed.
    registers: BTreeSet<u8>,
    /// H registers the program names (only with [`Style::fp32`]), each its own temporary.
    halves: BTreeSet<u8>,
    pub(crate) style: Style,
    /// How many scratch temporaries (`nv_t0`, ...) any one instruction needed.
    scratch_used: usize,
    /// Scratch temporaries taken by the instruction being translated.
    scratch_now: usize,
    pub(crate) uses_cc: bool,
    pub(crate) uses_fogc: bool,
    pub(crate) writes_depr: bool,
}

impl Writer {
    pub(crate) fn new(style: Style) -> Writer {
        Writer {
            style,
            ..Writer::default()
        }
    }

    pub(crate) fn line(&mut self, text: String) {
        self.body.push(text);
    }

    pub(crate) fn register(&mut self, n: u8) -> String {
        self.registers.insert(n);
        format!("R{n}")
    }

    /// The temporary of H register `n` (fp32 mode: fp30 never relies on H and R aliasing).
    pub(crate) fn half(&mut self, n: u8) -> String {
        self.halves.insert(n);
        format!("H{n}")
    }

    /// A fresh scratch temporary for the current NV instruction.
    pub(crate) fn scratch(&mut self) -> String {
        let name = format!("nv_t{}", self.scratch_now);
        self.scratch_now += 1;
        self.scratch_used = self.scratch_used.max(self.scratch_now);
        name
    }

    /// Scratch temporaries are reused by the next NV instruction.
    pub(crate) fn end_instruction(&mut self) {
        self.scratch_now = 0;
    }

    /// The whole program: NV starts every fragment with temporaries and outputs at (0,0,0,0) and every
    /// condition code EQ (sections 3.11.1.2 and 3.11.4.4, notes 9), which ARB leaves undefined.
    pub(crate) fn finish(self) -> String {
        // The o[DEPR] range check below needs one scratch temporary.
        let scratch = if self.writes_depr {
            self.scratch_used.max(1)
        } else {
            self.scratch_used
        };
        let mut temps: Vec<String> = self.registers.iter().map(|n| format!("R{n}")).collect();
        temps.extend(self.halves.iter().map(|n| format!("H{n}")));
        let state = [
            (self.uses_cc, CC),
            (true, COLR),
            (self.writes_depr, DEPR),
            (self.uses_fogc, FOGC),
        ];
        temps.extend(
            state
                .iter()
                .filter(|(used, _)| *used)
                .map(|(_, name)| name.to_string()),
        );
        temps.extend((0..scratch).map(|n| format!("nv_t{n}")));

        let mut out = String::from("!!ARBfp1.0\n");
        out += &format!("TEMP {};\n", temps.join(", "));
        let zeroed = temps
            .iter()
            .filter(|t| !t.starts_with("nv_t") && t.as_str() != FOGC);
        for temp in zeroed {
            out += &format!("MOV {temp}, {{0, 0, 0, 0}};\n");
        }
        if self.uses_fogc {
            // NV's f[FOGC] is (f, 0, 0, 0), ARB's fragment.fogcoord (f, 0, 0, 1).
            out += &format!("MUL {FOGC}, fragment.fogcoord, {{1, 1, 1, 0}};\n");
        }
        for line in &self.body {
            out += line;
            out += "\n";
        }
        if self.writes_depr {
            // NV discards a fragment whose o[DEPR].z is outside [0, 1] (notes 9).
            out += &format!("KIL {DEPR}.z;\nADD nv_t0.x, {{1}}.x, -{DEPR}.z;\nKIL nv_t0.x;\n");
        }
        out += &format!("MOV result.color, {COLR};\nEND\n");
        out
    }
}
