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
fn the_seed_is_clean() {
    assert!(run(SEED).is_empty());
}

proptest! {
    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        run(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn mutated_programs_never_panic(cut in 0..SEED.len(), len in 0usize..40, insert in "[ -~\n]{0,8}") {
        let end = (cut + len).min(SEED.len());
        let (a, b) = (&SEED[..cut], &SEED[end..]);
        run(&format!("{a}{insert}{b}"));
    }
}
