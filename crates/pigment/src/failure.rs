//! How a command fails, and the exit code each kind of failure gets.

use std::fmt;

/// Why a command stopped. Diagnostics about the user's program have already been printed when a
/// command returns [`Failure::Rejected`].
#[derive(Debug)]
pub enum Failure {
    /// Bad arguments or unreadable inputs named on the command line: exit 2.
    Usage(String),
    /// The program does not load / compile (diagnostics printed): exit 1.
    Rejected,
    /// Something went wrong while producing output (writing a file): exit 1.
    Output(String),
}

impl Failure {
    pub fn exit_code(&self) -> i32 {
        match self {
            Failure::Usage(_) => 2,
            Failure::Rejected | Failure::Output(_) => 1,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Usage(m) | Failure::Output(m) => write!(f, "{m}"),
            Failure::Rejected => write!(f, "the program has errors"),
        }
    }
}

pub type CommandResult = Result<(), Failure>;

/// The command's failure for a library error; a rejected program's diagnostics are printed.
pub fn from_library(error: pigment::Error) -> Failure {
    match error {
        pigment::Error::Rejected(diagnostics) => {
            print_entries(&diagnostics);
            Failure::Rejected
        }
        other if other.exit_code() == 2 => Failure::Usage(other.to_string()),
        other => Failure::Output(other.to_string()),
    }
}

/// Prints the library's diagnostics as rendered, under the run's cap
/// (`pigment_diag::report::STDERR`).
pub fn print_entries(diagnostics: &pigment::Diagnostics) {
    for entry in diagnostics {
        if pigment_diag::report::STDERR.take() {
            eprint!("{}", entry.rendered);
        }
    }
}
