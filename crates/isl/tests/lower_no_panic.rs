//! Robustness of the lowering: every program of the checker's good-program tests (and the
//! robustness seeds, and every maths built-in on uniform and parameter arguments) either lowers to
//! a function that verifies, compiles with fp30 and runs, or gives located errors; mutated
//! programs, checked cleanly or not, never make it panic. The same holds with lights added: a
//! fixed set of light instances from another file, and every light shader of the program itself.

mod lower_common;

use pigment_diag::FileId;
use pigment_isl::ast::{FuncKind, Item, ShaderKind, Unit};
use pigment_isl::Light;
use proptest::prelude::*;

fn in_surface(body: &str) -> String {
    format!("surface s(uniform float u = 1; parameter float p = 2) {{\n{body}\n}}\n")
}

/// The programs of `check_good.rs` and the seeds of `no_panic.rs`.
fn good_programs() -> Vec<String> {
    let mut v = vec![
        "surface shadertest(uniform color c = color(1, 0, 0, 1); uniform float f = .25) {
            FB = diffuse(); FB *= c * f; return FB; }"
            .to_string(),
        "uniform string names[2];
         surface t(uniform string tex = \"wood\\n\"; parameter float lut[4]) {
            uniform string s = tex;
            names[0] = \"a\";
            if (s == names[0]) FB = texture(s); else FB = texture(s; 1; shadermatrix);
            FB *= environment(tex, inverse(shadermatrix));
            FB += project(lut);
            FB = lookup(lut);
         }"
        .to_string(),
        "uniform float half(uniform float x = 0) { return x / 2; }
         parameter color tint(parameter color c = 1; uniform float k = 1) { return c * k; }
         varying color lit() { FB = diffuse(); }
         distantlight sun(uniform color c = 1) { FB = c; }
         surface s(parameter float k = 1) {
            uniform float n = 0;
            repeat (half(8)) { n += 1; }
            if (n > 3 && !(n == 5) || n != pi) n = 1;
            FB = lit();
            FB *= tint(color(k), 2);
            { uniform color n = 2; n[0] = smoothstep(0; 1; .5); }
            return FB;
         }"
        .to_string(),
        "surface a() { FB = 1; }
         atmosphere b() { FB = 0; }
         ambientlight c() { FB = color(.1, .1, .1, 1); }
         distantlight d() { FB = 1; }
         pointlight e(parameter color c = 1) { FB = c; return FB; }"
            .to_string(),
        SEED.to_string(),
        SEED_FUNCTIONS.to_string(),
    ];
    for body in [
        "uniform color c = color(u, 2, 3, 4);
         uniform matrix m = translate(1; 2; 3) * scale(2, 2, 2);
         uniform float a[4];
         uniform color ca[2];
         uniform matrix ma[2];
         c[1] = c[0] * 2 - -u;
         m[2][3] /= pi;
         m[1] = c;
         a[u] += m[1][2];
         ca[1][2] = 1;
         ma[0][1][2] = 3;
         ma[1] = inverse(m) + 1;
         c = m[0] / 2;",
        "parameter color pc = color(p, u, 0, 1);
         parameter matrix pm = rotate(0, 0, 1, p) * shadermatrix;
         parameter float pa[3];
         pa[u] = p * sin(p) + atan(p; 2);
         pc += pm[p] * pc[p];
         pm = pm * 2;
         FB = transform(pm);",
        "varying color v;
         v = FB;
         FB = ambient();
         FB += diffuse();
         FB.rgb *= specular(p);
         FB.ra = color(u);
         if (FB[0] > 0.5) { FB = over(v); } else if (FB[u] <= p) FB = under(v); else FB -= v;
         FB = blend(v);",
        "{ uniform float x; { uniform color x; x = 1; } x = 2; }",
    ] {
        v.push(in_surface(body));
    }
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

const SEED: &str = "\
surface s(uniform color c = color(1, 0, 0, 1); parameter float k = .5) {
    varying color v;
    uniform float i = 0x10;
    v = FB;
    FB = diffuse();
    FB *= c * k;
    repeat (3) { i += 1; }
    if (FB[1] > 0.5) FB.rb = v; else { FB = blend(v); }
    return FB;
}
";

const SEED_FUNCTIONS: &str = "\
uniform float half(uniform float x = 0) { return x / 2; }
parameter color tint(parameter color c = 1; uniform float k = 1) { return c * k; }
uniform string names[2];
distantlight sun(uniform color c = 1; parameter float t[3]) { FB = c; FB *= lookup(t); }
surface s(parameter float k = 1; uniform string tex = \"wood\\n\") {
    uniform float n = 0;
    uniform matrix m = translate(1; 2; 3) * scale(2, 2, 2);
    repeat (half(8)) { n += 1; m[1][2] -= -n; }
    if (n > 3 && !(n == 5) || n != pi) n = 1;
    FB = texture(tex; 1; inverse(shadermatrix));
    FB.rgb *= tint(color(k), 2);
}
";

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
        let seed = [SEED, SEED_FUNCTIONS][which];
        let cut = cut % seed.len();
        let end = (cut + len).min(seed.len());
        let (a, b) = (&seed[..cut], &seed[end..]);
        let text = format!("{a}{insert}{b}");
        lower_all(&text, false, Lit::Dark);
        lower_all(&text, false, Lit::Scene);
        lower_all(&text, false, Lit::Own);
    }
}
