//! Robustness: random bytes and mutated programs go through the whole front end without a panic,
//! and every diagnostic's span lies inside the text.

use pigment_diag::{Diagnostic, FileId};
use proptest::prelude::*;

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

fn run(text: &str) -> Vec<Diagnostic> {
    let (unit, mut diags) = pigment_isl::parse(FileId(0), text);
    // The checker must cope with whatever the recovering parser produced.
    diags.extend(pigment_isl::check(&unit));
    for d in &diags {
        let span = d.primary.as_ref().expect("located").span;
        assert!(
            span.start <= span.end && span.end as usize <= text.len(),
            "{d:?}"
        );
    }
    diags
}

#[test]
fn the_seeds_are_clean() {
    assert!(run(SEED).is_empty());
    assert!(run(SEED_FUNCTIONS).is_empty());
}

proptest! {
    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        run(&String::from_utf8_lossy(&bytes));
    }

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
        run(&format!("{a}{insert}{b}"));
    }
}
