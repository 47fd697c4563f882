//! Runs NV_fragment_program programs on the system's own GL driver — NVIDIA's still implements the extension
//! — and on Pigment's machine, and records where they differ. This is how the machine is checked against
//! real hardware when one is at hand (never in CI: CI machines have no GPU).
//!
//!     cargo run --release -p gl-oracle --example nv_driver -- [--sweep] [--out DIR] [PATH...]
//!
//! `--sweep` runs the instruction sweep and `--texture-sweep` the texture one (see `sweep.rs`,
//! `texture_sweep.rs`; (`--list` only lists its programs, whether Pigment loads them and how many NaNs the machine
//! computes: a dry run without GL) ); each PATH is an `.fp` file or a folder searched
//! for them (a program with `# texture:`/`# local:` headers, as in tests/in/fp/diff, gets those inputs;
//! others get generated ones, see `Case::with_generated_inputs`). Writes `DIR/summary.tsv` (one line per
//! program: verdict, components bit-exact, within 2e-3 relative, max difference) and `DIR/details.txt`
//! (the first differing components of each program, with operands for the sweep).

mod sweep;
mod texture_sweep;

use gl_oracle::case::{oracle_texture, Case};
use gl_oracle::{Inputs, Oracle};
use nvfp::exec::Machine;
use nvfp::render::{shade_reference_quad, Framebuffer, Shader};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// How one program's two renderings compare.
#[derive(Default)]
struct Comparison {
    total: usize,
    exact: usize,
    close: usize,
    max_difference: f32,
    first: Vec<usize>,
}

/// Bit-exact counts NaN = NaN (the readback need not keep payloads); close is within 2e-3·max(1, |v|).
fn compare(ours: &[f32], theirs: &[f32]) -> Comparison {
    let mut c = Comparison {
        total: ours.len(),
        ..Comparison::default()
    };
    for (i, (&a, &b)) in ours.iter().zip(theirs).enumerate() {
        if a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()) {
            c.exact += 1;
            c.close += 1;
            continue;
        }
        let difference = (a - b).abs();
        if difference <= 2e-3 * a.abs().max(1.0) {
            c.close += 1;
        }
        if !difference.is_nan() {
            c.max_difference = c.max_difference.max(difference);
        } else {
            c.max_difference = f32::NAN;
        }
        if c.first.len() < 8 {
            c.first.push(i);
        }
    }
    c
}

fn render_machine(case: &Case) -> Vec<f32> {
    let machine = Machine::new(&case.program);
    let (params, textures) = (case.parameters(), case.texture_units());
    let shader = Shader {
        program: &case.program,
        machine: &machine,
        params: &params,
        textures: &textures,
    };
    let mut target = Framebuffer::new(case.width, case.height);
    shade_reference_quad(&shader, &mut target);
    target.to_floats()
}

fn show(v: f32) -> String {
    format!("{v:e} ({:08x})", v.to_bits())
}

struct Report {
    summary: String,
    details: String,
    verdicts: Vec<&'static str>,
}

impl Report {
    fn line(&mut self, name: &str, verdict: &'static str, rest: &str) {
        writeln!(self.summary, "{name}\t{verdict}\t{rest}").unwrap();
        self.verdicts.push(verdict);
    }

    /// Compares one program on both sides; `operands` (sweep only) describes component `i`'s inputs.
    fn run(
        &mut self,
        oracle: &mut Oracle,
        case: &Case,
        operands: Option<&dyn Fn(usize) -> String>,
    ) {
        let inputs = case.oracle_inputs(&[]);
        let driver =
            oracle.draw_nv_program(&case.text, case.width, case.height, &inputs, &case.named);
        let theirs = match driver {
            Ok(pixels) => pixels,
            Err(e) => {
                self.line(
                    &case.name,
                    "driver-rejects",
                    &e.to_string().replace('\n', " "),
                );
                return;
            }
        };
        let ours = render_machine(case);
        let c = compare(&ours, &theirs);
        let verdict = if c.exact == c.total {
            "exact"
        } else if c.close == c.total {
            "close"
        } else {
            "differs"
        };
        let rest = format!(
            "{}\t{}\t{}\t{:e}",
            c.total, c.exact, c.close, c.max_difference
        );
        self.line(&case.name, verdict, &rest);
        if c.first.is_empty() {
            return;
        }
        writeln!(
            self.details,
            "== {} ({verdict}; {} of {} exact)",
            case.name, c.exact, c.total
        )
        .unwrap();
        for &i in &c.first {
            let (pixel, channel) = (i / 4, i % 4);
            let (x, y) = (pixel as u32 % case.width, pixel as u32 / case.width);
            let inputs = operands.map(|f| f(i)).unwrap_or_default();
            writeln!(
                self.details,
                "  ({x},{y}).{} {inputs} pigment {} driver {}",
                ["x", "y", "z", "w"][channel],
                show(ours[i]),
                show(theirs[i])
            )
            .unwrap();
        }
    }
}

/// The texture sweep: each difference noted with the coordinates (unit 0's texel) of its pixel.
fn run_texture_sweep(oracle: &mut Oracle, report: &mut Report) {
    for program in texture_sweep::cases() {
        match &program.case {
            Ok(case) => {
                let coordinates = case.textures[0].1.level(0, 0).expect("level 0").texels();
                let describe = |i: usize| format!("coord={:?}", coordinates[i / 4]);
                report.run(oracle, case, Some(&describe))
            }
            Err(why) => report.line(&program.name, "pigment-rejects", &why.replace('\n', " ")),
        }
    }
}

fn run_sweep(oracle: &mut Oracle, report: &mut Report) {
    let (programs, data) = sweep::cases();
    let describe = |i: usize| {
        let [a, b, c] = [0, 1, 2].map(|t| sweep::operand_at(&data, t, i));
        format!("a={} b={} c={}", show(a), show(b), show(c))
    };
    for program in programs {
        match &program.case {
            Ok(case) => report.run(oracle, case, Some(&describe)),
            Err(why) => {
                let inputs = Inputs {
                    locals: Vec::new(),
                    textures: sweep::operand_textures(&data)
                        .iter()
                        .map(|(unit, t)| (*unit as u32, oracle_texture(t)))
                        .collect(),
                };
                let size = sweep::SIZE;
                let verdict = match oracle.draw_nv_program(&program.text, size, size, &inputs, &[])
                {
                    Ok(_) => "pigment-rejects-driver-accepts",
                    Err(_) => "both-reject",
                };
                report.line(&program.name, verdict, &why.replace('\n', " "));
            }
        }
    }
}

/// `--list`: the sweep's programs, whether Pigment loads each and how many of its results are NaN on the
/// machine: a dry run without any GL.
fn list_sweep() {
    for program in sweep::cases().0.into_iter().chain(texture_sweep::cases()) {
        let verdict = match &program.case {
            Ok(case) => {
                let pixels = render_machine(case);
                let nan = pixels.iter().filter(|v| v.is_nan()).count();
                format!("loads; {nan} of {} results NaN", pixels.len())
            }
            Err(why) => why.replace('\n', " "),
        };
        println!("{}\t{verdict}", program.name);
    }
}

fn fp_files(path: &Path, found: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        entries.sort();
        for entry in entries {
            fp_files(&entry, found);
        }
    } else if path.extension().is_some_and(|e| e == "fp") {
        found.push(path.to_path_buf());
    }
}

fn run_file(oracle: &mut Oracle, report: &mut Report, path: &Path) {
    let name = path.display().to_string();
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => return report.line(&name, "unreadable", &e.to_string()),
    };
    match Case::load(&name, &text) {
        Ok(case) if case.textures.is_empty() && case.locals.is_empty() => {
            report.run(oracle, &case.with_generated_inputs(), None)
        }
        Ok(case) => report.run(oracle, &case, None),
        Err(why) => {
            let verdict = match oracle.draw_nv_program(&text, 16, 16, &Inputs::default(), &[]) {
                Ok(_) => "pigment-rejects-driver-accepts",
                Err(_) => "both-reject",
            };
            report.line(&name, verdict, &why.replace('\n', " "));
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut out, mut sweep, mut texture_sweep) = (PathBuf::from("."), false, false);
    let mut paths = Vec::new();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--sweep" => sweep = true,
            "--texture-sweep" => texture_sweep = true,
            "--list" => return list_sweep(),
            "--out" => out = PathBuf::from(args.next().expect("--out DIR")),
            _ => paths.push(PathBuf::from(arg)),
        }
    }
    let mut oracle = Oracle::native().unwrap_or_else(|e| {
        eprintln!("error: no native GL driver with NV_fragment_program: {e}");
        std::process::exit(2)
    });
    println!("renderer: {}", oracle.renderer());
    let mut report = Report {
        summary: "program\tverdict\tcomponents\texact\tclose\tmax_difference\n".into(),
        details: format!("renderer: {}\n", oracle.renderer()),
        verdicts: Vec::new(),
    };
    if sweep {
        run_sweep(&mut oracle, &mut report);
    }
    if texture_sweep {
        run_texture_sweep(&mut oracle, &mut report);
    }
    let mut files = Vec::new();
    for path in &paths {
        fp_files(path, &mut files);
    }
    for file in &files {
        run_file(&mut oracle, &mut report, file);
    }
    let mut counts = std::collections::BTreeMap::new();
    for verdict in &report.verdicts {
        *counts.entry(*verdict).or_insert(0) += 1;
    }
    println!("totals: {counts:?}");
    std::fs::create_dir_all(&out).expect("the --out folder can be made");
    std::fs::write(out.join("summary.tsv"), &report.summary).expect("summary.tsv written");
    std::fs::write(out.join("details.txt"), &report.details).expect("details.txt written");
}
