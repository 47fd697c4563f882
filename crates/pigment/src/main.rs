//! The `pigment` command line: parses arguments, runs one command, maps failures to exit codes
//! (0 success, 1 the program or an output failed, 2 usage).
#![forbid(unsafe_code)]

mod bindings;
mod cli;
mod commands;
mod failure;
mod json;
mod load;
mod values;

use clap::Parser;
use cli::{Cli, Command};

fn main() {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Check { program } => commands::check::check(program),
        Command::Eval(args) => commands::eval::eval(args),
        Command::Run(args) => commands::run::run(args),
    };
    if let Err(failure) = result {
        if !matches!(failure, failure::Failure::Rejected) {
            eprintln!("pigment: error: {failure}");
        }
        std::process::exit(failure.exit_code());
    }
}
