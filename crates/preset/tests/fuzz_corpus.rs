//! The saved fuzz corpora of this crate's fuzz targets (`fuzz/seeds/TARGET/`) replayed through
//! the targets' own checks (`fuzz/checks/`), so that the seeds and every input that once found a
//! bug keep being run in CI, where no fuzzer runs.

#[path = "../../../fuzz/checks/cgp_parse.rs"]
mod cgp_parse;
#[path = "../../../fuzz/checks/corpus.rs"]
mod corpus;

#[test]
fn the_cgp_parse_corpus_replays() {
    corpus::replay("cgp_parse", cgp_parse::run);
}
