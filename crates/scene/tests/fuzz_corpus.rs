//! The saved fuzz corpora of this crate's fuzz targets (`fuzz/seeds/TARGET/`) replayed through
//! the targets' own checks (`fuzz/checks/`), so that the seeds and every input that once found a
//! bug keep being run in CI, where no fuzzer runs.

#[path = "../../../fuzz/checks/corpus.rs"]
mod corpus;
#[path = "../../../fuzz/checks/obj_parse.rs"]
mod obj_parse;

#[test]
fn the_obj_parse_corpus_replays() {
    corpus::replay("obj_parse", obj_parse::run);
}
