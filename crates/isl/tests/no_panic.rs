//! Robustness: random bytes and mutated programs go through the whole front end without a panic,
//! and every diagnostic's span lies inside the text.

mod common;

use common::programs::{SEED, SEED_FUNCTIONS};
use pigment_diag::{Diagnostic, FileId};
use proptest::prelude::*;

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
