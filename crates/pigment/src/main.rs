//! The `pigment` command line: parses arguments, runs one command, maps failures to exit codes
//! (0 success, 1 the program or an output failed, 2 usage). Compiling and checking go through the
//! library (`pigment::Session`); the rest of the commands' work is in `commands/`.
#![forbid(unsafe_code)]

mod bindings;
mod cli;
mod commands;
mod failure;
mod load;
use clap::{ArgMatches, CommandFactory, FromArgMatches};
use cli::{Cli, Command};
use std::ffi::OsString;

/// cgc's multi-letter single-dash options, spelled the clap way; `-fastmath`, cgc's default and
/// ours, asks for nothing. Arguments are taken as the system gives them (paths need not be UTF-8;
/// clap says so where a value must be text).
fn cgc_spellings(args: impl Iterator<Item = OsString>) -> Vec<OsString> {
    args.filter(|arg| arg != "-fastmath")
        .map(|arg| match arg.to_str() {
            Some("-entry" | "-profile" | "-lang" | "-nofastmath") => {
                let mut dashed = OsString::from("-");
                dashed.push(&arg);
                dashed
            }
            _ => arg,
        })
        .collect()
}

/// The command line parsed, with what only the order of the arguments tells (which `--light`
/// each `--light-param` belongs to) filled in.
fn parse() -> Cli {
    let matches = Cli::command().get_matches_from(cgc_spellings(std::env::args_os()));
    let mut cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    if let (Command::Render(args), Some(("render", render))) =
        (&mut cli.command, matches.subcommand())
    {
        args.isl.light_param_owners = light_param_owners(render);
    }
    cli
}

/// For each `--light-param`, the index of the `--light` given last before it.
fn light_param_owners(matches: &ArgMatches) -> Vec<Option<usize>> {
    let positions = |id: &str| -> Vec<usize> {
        matches
            .indices_of(id)
            .map(Iterator::collect)
            .unwrap_or_default()
    };
    let lights = positions("lights");
    positions("light_params")
        .iter()
        .map(|&at| lights.iter().rposition(|&light| light < at))
        .collect()
}

fn main() {
    let cli = parse();
    if let Some(limit) = cli.max_diagnostics {
        pigment_diag::report::STDERR.set_limit(limit);
    }
    let result = match &cli.command {
        Command::Check(args) => commands::check::check(args),
        Command::Compile(args) => commands::compile::compile(args),
        Command::Eval(args) => commands::eval::eval(args),
        Command::Run(args) => commands::run::run(args),
        Command::Render(args) => commands::render::render(args),
        Command::Preset(args) => commands::preset::preset(args),
        Command::Serve(args) => commands::serve::serve(args),
    };
    pigment_diag::report::eprint_summary();
    if let Err(failure) = result {
        if !matches!(failure, failure::Failure::Rejected) {
            // A message can quote what the user gave (a 5 MB line of a preset): bounded.
            let message = failure.to_string();
            let clipped = pigment_diag::clip(&message, pigment_diag::MAX_MESSAGE_CHARS);
            eprintln!("pigment: error: {clipped}");
        }
        std::process::exit(failure.exit_code());
    }
}
