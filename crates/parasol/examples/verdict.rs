//! Prints a Parasol compilation's verdict on one line: `OK`, or the first diagnostic's error name and
//! message. Used to measure the checker against another compiler's test suite locally:
//! `cargo run -p pigment-parasol --example verdict -- [--internal] [--es100|--glsl110|--glsl120
//! SHADER] FILE.p...` — with a version, the verdict of the reference's version checker on shader
//! `package.Module.name` after the front end's.
#![forbid(unsafe_code)]

use pigment_diag::SourceFiles;
use pigment_parasol::versions::{exclusions, LegacyVersion};

fn main() {
    let mut internal = false;
    let mut version = None;
    let mut sources = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let legacy = match arg.as_str() {
            "--internal" => {
                internal = true;
                continue;
            }
            "--es100" => Some(LegacyVersion::Es100),
            "--glsl110" => Some(LegacyVersion::Glsl110),
            "--glsl120" => Some(LegacyVersion::Glsl120),
            _ => None,
        };
        if let Some(legacy) = legacy {
            version = args.next().map(|shader| (legacy, shader));
            continue;
        }
        match std::fs::read(&arg) {
            Ok(bytes) => sources.push((arg, String::from_utf8_lossy(&bytes).into_owned())),
            Err(e) => {
                println!("UNREADABLE {arg}: {e}");
                return;
            }
        }
    }
    let mut files = SourceFiles::new();
    let (units, mut diags) = pigment_parasol::check_sources(&mut files, &sources, internal);
    if let (true, Some((legacy, shader))) = (diags.is_empty(), &version) {
        diags = exclusions(&units, shader, *legacy);
    }
    match diags.first() {
        None => println!("OK"),
        Some(d) => println!(
            "{} {}",
            d.code().unwrap_or("-"),
            pigment_diag::render(&files, d).lines().next().unwrap_or("")
        ),
    }
}
