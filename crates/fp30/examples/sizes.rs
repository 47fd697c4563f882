//! Code-size measurement: compiles every `tests/in/fp30/*.ir` (or the `.ir` files of the directory
//! given as the first argument) and prints each program's instruction count and R / H register
//! counts, then the totals. `cargo run -p pigment-fp30 --example sizes`.

use pigment_fp30::{compile, Options};
use std::path::PathBuf;

fn main() {
    let dir = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/in/fp30"));
    let mut files: Vec<PathBuf> = match std::fs::read_dir(&dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "ir"))
            .collect(),
        Err(e) => {
            eprintln!("{}: {e}", dir.display());
            std::process::exit(1);
        }
    };
    files.sort();
    let (mut insts, mut rs, mut hs) = (0, 0, 0);
    for path in files {
        let name = path.file_stem().unwrap_or_default().to_string_lossy();
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let compiled = pigment_ir::parse(&text)
            .map_err(|e| format!("{e:?}"))
            .and_then(|m| compile(&m, "main", &Options::default()).map_err(|e| format!("{e:?}")));
        match compiled {
            Ok(c) => {
                let (r, h) = trailer_counts(&c.text);
                println!("{name:<16} {:>4} {r:>3} R {h:>3} H", c.instructions);
                insts += c.instructions;
                rs += r;
                hs += h;
            }
            Err(e) => println!("{name:<16} error: {e}"),
        }
    }
    println!("{:<16} {insts:>4} {rs:>3} R {hs:>3} H", "total");
}

/// The R and H counts of the trailer `# N instructions, R R-regs, H H-regs`.
fn trailer_counts(text: &str) -> (usize, usize) {
    let line = text.lines().last().unwrap_or_default();
    let numbers: Vec<usize> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    match numbers.as_slice() {
        [_, r, h, ..] => (*r, *h),
        _ => (0, 0),
    }
}
