//! The saved fuzz corpora of this crate's fuzz targets (`fuzz/seeds/TARGET/`) replayed through
//! the targets' own checks (`fuzz/checks/`), so that the seeds and every input that once found a
//! bug keep being run in CI, where no fuzzer runs.

#[path = "../../../fuzz/checks/corpus.rs"]
mod corpus;
#[path = "../../../fuzz/checks/nvfp_load.rs"]
mod nvfp_load;
#[path = "../../../fuzz/checks/nvfp_parse.rs"]
mod nvfp_parse;

#[test]
fn the_nvfp_parse_corpus_replays() {
    corpus::replay("nvfp_parse", nvfp_parse::run);
}

#[test]
fn the_nvfp_load_corpus_replays() {
    corpus::replay("nvfp_load", nvfp_load::run);
}
