//! The printer: the header comments and the trailer in cgc's layout (fp30-profile.md section 7).
//! Order: notes, `#vendor`, `#version`, `#profile`, `#program`, `#semantic`, `#var`, `#default`,
//! `#const`. An empty field of a `#var` leaves two spaces between its colons, as cgc prints it.

use super::{ProgramInterface, SemanticLine, Stats, ValueLine, Var};
use std::fmt;

impl ProgramInterface {
    /// The header lines that follow `!!FP1.0`, each ending in a newline.
    pub fn header(&self) -> String {
        let mut lines: Vec<String> = self.notes.iter().map(|n| format!("# {n}")).collect();
        let directives = [
            ("vendor", &self.vendor),
            ("version", &self.version),
            ("profile", &self.profile),
            ("program", &self.program),
        ];
        for (word, value) in directives {
            if let Some(v) = value {
                lines.push(format!("#{word} {v}"));
            }
        }
        lines.extend(self.semantics.iter().map(SemanticLine::to_string));
        lines.extend(self.vars.iter().map(Var::to_string));
        lines.extend(self.defaults.iter().map(|d| d.line("default")));
        lines.extend(self.consts.iter().map(|c| c.line("const")));
        lines.iter().map(|l| format!("{l}\n")).collect()
    }

    /// The trailer line after `END` (with its newline), or nothing without [`Self::stats`].
    pub fn trailer(&self) -> String {
        self.stats.map(|s| format!("{s}\n")).unwrap_or_default()
    }

    /// The whole program text: `!!FP1.0`, the header, `body` (the statements and `END`, each line
    /// ending in a newline) and the trailer.
    pub fn wrap(&self, body: &str) -> String {
        format!("!!FP1.0\n{}{body}{}", self.header(), self.trailer())
    }
}

impl fmt::Display for SemanticLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#semantic {}", self.name)?;
        match &self.semantic {
            Some(s) => write!(f, " : {s}"),
            None => Ok(()),
        }
    }
}

impl fmt::Display for Var {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "#var {} {} : {} : {} : {} : {}",
            self.ty,
            self.name,
            self.semantic,
            self.resource,
            self.param_index,
            self.referenced as u8
        )
    }
}

impl ValueLine {
    fn line(&self, word: &str) -> String {
        let values: Vec<String> = self.values.iter().map(f32::to_string).collect();
        format!("#{word} {} = {}", self.name, values.join(" "))
    }
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "# {} instructions, {} R-regs, {} H-regs",
            self.instructions, self.r_regs, self.h_regs
        )
    }
}
