//! Robustness of the lowering: every program of the checker's good-program tests (and the
//! robustness seeds, and every maths built-in on uniform and parameter arguments) either lowers to
//! a function that verifies, compiles with fp30 and runs, or gives located errors; mutated
//! programs, checked cleanly or not, never make it panic. The same holds with lights added: a
//! fixed set of light instances from another file, and every light shader of the program itself.

mod common;
mod lower_common;

use common::{in_surface, programs};

use pigment_diag::FileId;
use pigment_isl::ast::{FuncKind, Item, ShaderKind, Unit};
use pigment_isl::Light;
use proptest::prelude::*;

/// The programs of `check_good.rs` and the seeds of `no_panic.rs`.
fn good_programs() -> Vec<String> {
    let mut v = common::good_programs();
    v.extend(maths_programs());
    v
}

/// Every maths built-in on uniform and on parameter arguments.
fn maths_programs() -> Vec<String> {
    let floats: &[(&str, usize)] = &[
        ("abs", 1),
        ("acos", 1),
        ("asin", 1),
        ("atan", 1),
        ("atan", 2),
        ("ceil", 1),
        ("clamp", 3),
        ("cos", 1),
        ("exp", 1),
        ("floor", 1),
        ("log", 1),
        ("max", 2),
        ("min", 2),
        ("mod", 2),
        ("pow", 2),
        ("round", 1),
        ("sign", 1),
        ("sin", 1),
        ("smoothstep", 3),
        ("sqrt", 1),
        ("step", 2),
        ("tan", 1),
    ];
    let matrices: &[(&str, usize)] = &[
        ("perspective", 1),
        ("rotate", 4),
        ("scale", 3),
        ("translate", 3),
    ];
    let mut v = Vec::new();
    for arg in ["u", "p"] {
        for (name, n) in floats {
            let call = format!("{name}({})", vec![arg; *n].join("; "));
            v.push(in_surface(&format!("FB = color({call});")));
        }
        for (name, n) in matrices {
            let call = format!("{name}({})", vec![arg; *n].join("; "));
            v.push(in_surface(&format!("FB = transform({call});")));
        }
        v.push(in_surface(&format!(
            "uniform float fa[3]; FB = color(spline({arg}; fa));"
        )));
    }
    v
}

/// Light shaders of their own file, lighting the programs' surfaces.
const LIGHTS: &str = "\
uniform float half(uniform float x = 0) { return x / 2; }
ambientlight amb(parameter color c = color(.1, .2, .3, 1)) { FB = c; }
distantlight sun(parameter color c = 1; uniform float k = 2) { FB = c * half(k); }
pointlight bulb(parameter color c = color(1, .5, .5, 1)) { FB += c; FB *= shadermatrix[3]; }
";

/// Which lights light a surface while lowering.
#[derive(Clone, Copy, PartialEq)]
enum Lit {
    /// None: `lower_surface`.
    Dark,
    /// One instance of each shader of [`LIGHTS`].
    Scene,
    /// One instance of every light shader of the program itself.
    Own,
}

/// The light instances of `lit` for a program `unit`, the lights' file `scene`.
fn lights_for<'u>(lit: Lit, unit: &'u Unit, scene: &'u Unit) -> Vec<Light<'u>> {
    let (from, kinds): (&Unit, &[ShaderKind]) = match lit {
        Lit::Dark => return Vec::new(),
        Lit::Scene => (
            scene,
            &[
                ShaderKind::AmbientLight,
                ShaderKind::DistantLight,
                ShaderKind::PointLight,
            ],
        ),
        Lit::Own => (
            unit,
            &[
                ShaderKind::AmbientLight,
                ShaderKind::DistantLight,
                ShaderKind::PointLight,
            ],
        ),
    };
    from.items
        .iter()
        .filter_map(|i| match i {
            Item::Func(f) if matches!(f.kind, FuncKind::Shader(k, _) if kinds.contains(&k)) => {
                Some(f)
            }
            _ => None,
        })
        .enumerate()
        .map(|(i, f)| Light {
            unit: from,
            shader: f.name.text.clone(),
            name: format!("l{i}"),
        })
        .collect()
}

/// Lowers every shader of `text` (which must check cleanly if `strict`) lit by `lit`; counts the
/// surface and atmosphere shaders that lowered.
fn lower_all(text: &str, strict: bool, lit: Lit) -> usize {
    let (unit, diags) = pigment_isl::parse_and_check(FileId(0), text);
    // A unit with errors is lowered too: whatever the recovering parser built must not panic.
    assert!(diags.is_empty() || !strict, "{text}\n{diags:?}");
    let (scene, d) = pigment_isl::parse_and_check(FileId(1), LIGHTS);
    assert!(d.is_empty(), "{d:?}");
    let lights = lights_for(lit, &unit, &scene);
    let mut lowered = 0;
    for item in &unit.items {
        let Item::Func(f) = item else { continue };
        let surface = matches!(
            f.kind,
            FuncKind::Shader(ShaderKind::Surface | ShaderKind::Atmosphere, _)
        );
        let result = match lit {
            Lit::Dark => pigment_isl::lower_surface(&unit, &f.name.text),
            _ => pigment_isl::lower_surface_lit(&unit, &f.name.text, &lights),
        };
        match result {
            Ok(func) => {
                assert!(surface, "{} lowered", f.name.text);
                assert!(pigment_ir::verify_function(&func).is_empty());
                if strict {
                    lower_common::fp30(&func);
                    lower_common::run(&func, [0.5; 4]);
                }
                lowered += 1;
            }
            Err(errs) => {
                for d in errs {
                    let at = d
                        .primary
                        .as_ref()
                        .unwrap_or_else(|| panic!("unlocated {d:?}"));
                    let len = if at.file == FileId(1) {
                        LIGHTS.len()
                    } else {
                        text.len()
                    };
                    let span = at.span;
                    assert!(span.start <= span.end && span.end as usize <= len);
                }
            }
        }
    }
    lowered
}

#[test]
fn every_good_program_lowers_or_gives_located_errors() {
    let mut lowered = 0;
    for text in good_programs() {
        lowered += lower_all(&text, true, Lit::Dark);
    }
    // Most of the maths programs and several of the others lower.
    assert!(lowered > 40, "{lowered}");
}

#[test]
fn every_good_program_lowers_lit_or_gives_located_errors() {
    for lit in [Lit::Scene, Lit::Own] {
        let mut lowered = 0;
        for text in good_programs() {
            lowered += lower_all(&text, true, lit);
        }
        assert!(lowered > 40, "{lowered}");
    }
}

proptest! {
    #[test]
    fn mutated_programs_never_panic(
        which in 0usize..2,
        cut in 0usize..1000,
        len in 0usize..40,
        insert in "[ -~\n]{0,8}",
    ) {
        let seed = [programs::SEED, programs::SEED_FUNCTIONS][which];
        let cut = cut % seed.len();
        let end = (cut + len).min(seed.len());
        let (a, b) = (&seed[..cut], &seed[end..]);
        let text = format!("{a}{insert}{b}");
        lower_all(&text, false, Lit::Dark);
        lower_all(&text, false, Lit::Scene);
        lower_all(&text, false, Lit::Own);
    }
}
