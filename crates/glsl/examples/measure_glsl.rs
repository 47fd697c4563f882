//! `cargo run --release -p pigment-glsl --example measure_glsl DIR`: local measurement (never in CI)
//! over a collection of Cg programs (libretro's common-shaders; never committed). For every file:
//!
//! * the fragment entry `main_fragment` (when Pigment compiles it to fp30) and the vertex entry
//!   `main_vertex` (when Pigment's front end lowers it for `glslv`) are written as GLSL 1.20, 3.30
//!   and ES 3.00 and checked by glslangValidator;
//! * each fragment program the reference quad feeds (TEXCOORD0-1, COLOR0-1, 2D textures) is
//!   drawn as GLSL on llvmpipe and by the IR interpreter, as tests/llvmpipe.rs does, with the
//!   libretro sizes set (pigment-naga's tests/quad `libretro_uniforms`), and counted as agreeing
//!   when every pixel is within 2e-3·max(1, |x|).
//!
//! `--precision fp30` after DIR writes the fragment programs in the fp30 precision mode (half and
//! fixed rounded after each operation) for drawing; GLSL 1.20 has no such mode, so only 3.30 and
//! ES 3.00 are drawn then.
//!
//! `--native` draws on the system's own GL driver instead of llvmpipe (`gl_oracle::Oracle::native`: a
//! GPU's, e.g. NVIDIA's) and leaves glslangValidator out: the driver's compiler is the check then, and
//! only the drawn fragment programs are counted.
//!
//! Prints one line per failure and the counts; scripts/measure-glsl runs it.

#[path = "../tests/draw/mod.rs"]
mod draw;
#[path = "../../naga-out/tests/quad/mod.rs"]
mod quad;

use pigment_glsl::Version;
use pigment_ir::{Function, Stage};
use std::collections::BTreeMap;
use std::process::Command;

const VERSIONS: [Version; 3] = [
    Version::desktop(120),
    Version::desktop(330),
    Version::es(300),
];

/// The entry `entry` of the file lowered for `stage`, when Pigment accepts it (a fragment
/// program must also compile to fp30: the collection's programs as Pigment compiles them).
fn lowered(name: &str, text: &str, entry: &str, stage: Stage) -> Option<Function> {
    let options = pigment_cg::driver::Options {
        entry: entry.into(),
        profile: if stage == Stage::Vertex {
            "glslv"
        } else {
            "fp30"
        }
        .into(),
        stage: Some(stage),
        ..Default::default()
    };
    let front = pigment_cg::driver::run(name, text.into(), &options);
    let checked = front.checked.as_ref().filter(|_| !front.has_errors())?;
    let module = pigment_cg::lower::lower(&front.unit, checked, front.expanded).ok()?;
    if stage == Stage::Fragment
        && pigment_fp30::compile(&module, entry, &pigment_fp30::Options::default()).is_err()
    {
        return None;
    }
    let h = module.function(entry)?;
    Some(module.functions[h].clone())
}

fn glslang(text: &str, stage: Stage) -> Result<(), String> {
    let ext = if stage == Stage::Vertex {
        "vert"
    } else {
        "frag"
    };
    let path = std::env::temp_dir().join(format!("pigment-measure-{}.{ext}", std::process::id()));
    std::fs::write(&path, text).map_err(|e| e.to_string())?;
    let out = Command::new("glslangValidator")
        .arg(&path)
        .output()
        .map_err(|e| e.to_string())?;
    if out.status.success() {
        Ok(())
    } else {
        let log = String::from_utf8_lossy(&out.stdout);
        Err(log
            .lines()
            .find(|l| l.contains("ERROR"))
            .unwrap_or("")
            .to_string())
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = args.first().expect("usage: measure DIR [--precision fp30]");
    let precision = match args.get(1..3) {
        Some([flag, p]) if flag == "--precision" => {
            pigment_glsl::Precision::parse(p).expect("--precision target|fp30")
        }
        _ => pigment_glsl::Precision::Target,
    };
    let native = args.iter().any(|a| a == "--native");
    let mut oracle = if native {
        gl_oracle::Oracle::native().expect("a native GL driver")
    } else {
        gl_oracle::Oracle::new().expect("llvmpipe")
    };
    println!("renderer: {}", oracle.renderer());
    let mut counts: BTreeMap<String, (u32, u32)> = BTreeMap::new();
    let mut count = |key: String, ok: bool| {
        let c = counts.entry(key).or_default();
        c.0 += 1;
        c.1 += u32::from(ok);
    };
    for path in quad::files_in(std::path::Path::new(dir), "cg") {
        let name = path.display().to_string();
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        for (entry, stage) in [
            ("main_vertex", Stage::Vertex),
            ("main_fragment", Stage::Fragment),
        ] {
            let Some(f) = lowered(&name, &text, entry, stage) else {
                continue;
            };
            for version in VERSIONS {
                let verdict = pigment_glsl::write(&f, version)
                    .map_err(|d| d.message)
                    .and_then(|g| {
                        if native {
                            Ok(())
                        } else {
                            glslang(&g.text, stage)
                        }
                    });
                if let Err(e) = &verdict {
                    println!("{name}\t{} {version}\t{e}", stage.name());
                }
                if !native {
                    count(format!("{} {version} valid", stage.name()), verdict.is_ok());
                }
                if stage != Stage::Fragment
                    || !quad::drawable(&f)
                    || verdict.is_err()
                    || precision.check(version).is_err()
                {
                    continue;
                }
                let uniforms = quad::libretro_uniforms(&f);
                let drawn = draw::compare_precise(&mut oracle, &f, &uniforms, version, precision);
                let agrees = matches!(drawn, Ok((None, _)));
                if !agrees {
                    let why = match drawn {
                        Ok((Some(bad), _)) => bad.lines().next().unwrap_or("").to_string(),
                        Err(e) => e.lines().next().unwrap_or("").to_string(),
                        Ok((None, _)) => String::new(),
                    };
                    println!("{name}\tdraw {version}\t{why}");
                }
                count(format!("fragment {version} drawn alike"), agrees);
            }
        }
    }
    for (key, (total, ok)) in counts {
        println!(
            "{key}: {ok} of {total} ({:.1}%)",
            100.0 * f64::from(ok) / f64::from(total.max(1))
        );
    }
}
