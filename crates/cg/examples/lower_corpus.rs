//! Measures the front end over a shader collection (for docs/languages.md's figures; the collection
//! itself is never committed): `cargo run --release -p pigment-cg --example lower_corpus --
//! DIR ENTRY PROFILE` checks and lowers ENTRY of every `.cg` file under DIR that defines it, and
//! prints how many lower to verified IR, then the most common first errors.

use pigment_cg::driver::{self, Options};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

fn cg_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            cg_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "cg") {
            out.push(p);
        }
    }
}

/// The first error of one file, or `None` when its entry lowers to verified IR. With
/// `LOWER_CORPUS_OUTPUTS` set, prints each output's name and semantic, with `.z`-style the first
/// component of one packed into a used set (to compare the bindings with another compiler's).
fn first_error(path: &Path, text: String, options: &Options) -> Option<String> {
    let front = driver::run(&path.display().to_string(), text, options);
    if let Some(d) = front.diagnostics.iter().find(|d| d.is_error()) {
        return Some(d.message.clone());
    }
    let checked = front.checked.as_ref()?;
    match pigment_cg::lower::lower(&front.unit, checked, front.expanded) {
        Ok(module) => {
            if std::env::var_os("LOWER_CORPUS_OUTPUTS").is_some() {
                for (_, f) in module.functions.iter() {
                    for (_, o) in f.outputs.iter() {
                        let semantic = o.semantic.as_deref().unwrap_or("-");
                        // A packed output (cgc's `.zw` write) shows its first component.
                        let component = match o.component {
                            0 => String::new(),
                            c => format!(".{}", pigment_ir::COMPONENT_LETTERS[usize::from(c)]),
                        };
                        println!("{}\t{}\t{semantic}{component}", path.display(), o.name);
                    }
                }
            }
            None
        }
        Err(ds) => Some(ds[0].message.clone()),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, dir, entry, profile] = args.as_slice() else {
        eprintln!("usage: lower_corpus DIR ENTRY PROFILE");
        std::process::exit(2);
    };
    let mut files = Vec::new();
    cg_files(Path::new(dir), &mut files);
    files.sort();
    let options = Options {
        include_dirs: Vec::new(),
        entry: entry.clone(),
        profile: profile.clone(),
        ..Options::default()
    };
    let (mut total, mut ok) = (0, 0);
    let mut errors: HashMap<String, Vec<String>> = HashMap::new();
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        if !text.contains(entry.as_str()) {
            continue;
        }
        let mut options = options.clone();
        options.include_dirs = path.parent().into_iter().map(Path::to_path_buf).collect();
        total += 1;
        match first_error(&path, text, &options) {
            None => ok += 1,
            Some(message) => errors
                .entry(message)
                .or_default()
                .push(path.display().to_string()),
        }
    }
    println!("{ok} of {total} `{entry}` entries lower to verified IR for {profile}");
    let mut by_count: Vec<_> = errors.into_iter().collect();
    by_count.sort_by_key(|(_, files)| std::cmp::Reverse(files.len()));
    for (message, files) in by_count.iter().take(25) {
        println!("{:4}  {message}  (e.g. {})", files.len(), files[0]);
    }
}
