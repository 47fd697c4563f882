//! The saved fuzz corpora of this crate's fuzz targets (`fuzz/seeds/TARGET/`) replayed through
//! the targets' own checks (`fuzz/checks/`), so that the seeds and every input that once found a
//! bug keep being run in CI, where no fuzzer runs.

#[path = "../../../fuzz/checks/corpus.rs"]
mod corpus;
#[path = "../../../fuzz/checks/isl_parse.rs"]
mod isl_parse;

#[test]
fn the_isl_parse_corpus_replays() {
    corpus::replay("isl_parse", isl_parse::run);
}
