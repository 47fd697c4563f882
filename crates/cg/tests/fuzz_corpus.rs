//! The saved fuzz corpora of this crate's fuzz targets (`fuzz/seeds/TARGET/`) replayed through
//! the targets' own checks (`fuzz/checks/`), so that the seeds and every input that once found a
//! bug keep being run in CI, where no fuzzer runs.

#[path = "../../../fuzz/checks/cg_check.rs"]
mod cg_check;
#[path = "../../../fuzz/checks/cg_parse.rs"]
mod cg_parse;
#[path = "../../../fuzz/checks/cg_preprocess.rs"]
mod cg_preprocess;
#[path = "../../../fuzz/checks/corpus.rs"]
mod corpus;

#[test]
fn the_cg_parse_corpus_replays() {
    corpus::replay("cg_parse", cg_parse::run);
}

#[test]
fn the_cg_preprocess_corpus_replays() {
    corpus::replay("cg_preprocess", cg_preprocess::run);
}

#[test]
fn the_cg_check_corpus_replays() {
    corpus::replay("cg_check", cg_check::run);
}
