//! Prints a Parasol compilation's verdict on one line: `OK`, or the first diagnostic's error name and
//! message. Used to measure the checker against another compiler's test suite locally:
//! `cargo run -p pigment-parasol --example verdict -- [--internal] FILE.p...`.
#![forbid(unsafe_code)]

use pigment_diag::SourceFiles;

fn main() {
    let mut internal = false;
    let mut sources = Vec::new();
    for arg in std::env::args().skip(1) {
        if arg == "--internal" {
            internal = true;
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
    let (_, diags) = pigment_parasol::check_sources(&mut files, &sources, internal);
    match diags.first() {
        None => println!("OK"),
        Some(d) => println!(
            "{} {}",
            d.code().unwrap_or("-"),
            pigment_diag::render(&files, d).lines().next().unwrap_or("")
        ),
    }
}
