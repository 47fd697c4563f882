//! Include resolution on the file system: C's search rules for `"…"` and `<…>`.

use pigment_cg::preprocess::{
    preprocess, FileSystemResolver, IncludeKind, IncludeResolver, Options,
};
use pigment_diag::SourceFiles;
use std::path::{Path, PathBuf};

/// A fresh directory under the target's temporary area, with the given files.
fn tree(test: &str, files: &[(&str, &str)]) -> PathBuf {
    let root = std::env::temp_dir().join(format!("pigment-cgpp-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    for (path, text) in files {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().expect("has a parent")).expect("create dir");
        std::fs::write(path, text).expect("write file");
    }
    root
}

#[test]
fn quoted_looks_beside_the_includer_first_then_the_search_paths() {
    let root = tree(
        "quoted",
        &[
            ("src/a.cgh", "src"),
            ("inc/a.cgh", "inc"),
            ("inc/b.cgh", "only_inc"),
        ],
    );
    let resolver = FileSystemResolver::new(vec![root.join("inc")]);
    let includer = root.join("src/main.cg");
    let found = resolver
        .resolve("a.cgh", IncludeKind::Quoted, Some(&includer))
        .expect("readable")
        .expect("found");
    assert_eq!((found.0, found.1.as_str()), (root.join("src/a.cgh"), "src"));
    let found = resolver
        .resolve("b.cgh", IncludeKind::Quoted, Some(&includer))
        .expect("readable")
        .expect("found");
    assert_eq!(found.1, "only_inc");
    let _ = std::fs::remove_dir_all(root);
}

#[test]
fn angled_looks_only_in_the_search_paths() {
    let root = tree(
        "angled",
        &[
            ("src/a.cgh", "src"),
            ("inc1/x.cgh", "one"),
            ("inc2/a.cgh", "two"),
            ("inc2/x.cgh", "two"),
        ],
    );
    let resolver = FileSystemResolver::new(vec![root.join("inc1"), root.join("inc2")]);
    let includer = root.join("src/main.cg");
    assert_eq!(
        resolver
            .resolve("a.cgh", IncludeKind::Angled, Some(&includer))
            .expect("readable")
            .expect("found")
            .1,
        "two"
    );
    assert_eq!(
        resolver
            .resolve("x.cgh", IncludeKind::Angled, Some(&includer))
            .expect("readable")
            .expect("found")
            .1,
        "one",
        "in order"
    );
    assert!(resolver
        .resolve("missing.cgh", IncludeKind::Angled, Some(&includer))
        .expect("no error for a missing file")
        .is_none());
    let _ = std::fs::remove_dir_all(root);
}

#[test]
fn nested_quoted_includes_are_relative_to_their_own_file() {
    let root = tree(
        "nested",
        &[
            ("main.cg", "#include \"lib/outer.cgh\"\n"),
            ("lib/outer.cgh", "outer\n#include \"inner.cgh\"\n"),
            ("lib/inner.cgh", "inner\n"),
            ("inner.cgh", "wrong\n"),
        ],
    );
    let mut files = SourceFiles::new();
    let main_path = root.join("main.cg");
    let main = files.add(
        main_path.to_string_lossy(),
        std::fs::read_to_string(&main_path).expect("read"),
    );
    let out = preprocess(
        &mut files,
        main,
        &Options::default(),
        &FileSystemResolver::default(),
    );
    assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
    assert_eq!(
        out.text.split_whitespace().collect::<Vec<_>>(),
        ["outer", "inner"]
    );
    let _ = std::fs::remove_dir_all(root);
}

#[test]
fn a_file_included_twice_is_read_into_the_table_once() {
    let root = tree(
        "twice",
        &[
            ("main.cg", "#include \"a.cgh\"\n#include \"a.cgh\"\n"),
            ("a.cgh", "x\n"),
        ],
    );
    let mut files = SourceFiles::new();
    let main_path = root.join("main.cg");
    let main = files.add(
        main_path.to_string_lossy(),
        std::fs::read_to_string(&main_path).expect("read"),
    );
    let out = preprocess(
        &mut files,
        main,
        &Options::default(),
        &FileSystemResolver::default(),
    );
    assert_eq!(out.text.split_whitespace().collect::<Vec<_>>(), ["x", "x"]);
    let first = out
        .map
        .locate(out.text.find('x').expect("first x"))
        .expect("mapped")
        .0;
    let second = out
        .map
        .locate(out.text.rfind('x').expect("second x"))
        .expect("mapped")
        .0;
    assert_eq!(first, second, "both inclusions point at the same file");
    assert_eq!(Path::new(files.name(first)), root.join("a.cgh"));
    let _ = std::fs::remove_dir_all(root);
}

#[cfg(unix)]
#[test]
fn a_device_named_by_an_include_is_refused_not_read() {
    let resolver = FileSystemResolver::new(vec![]);
    let includer = Path::new("/dev/main.cg");
    let e = resolver
        .resolve("zero", IncludeKind::Quoted, Some(includer))
        .expect_err("a device is not read");
    assert_eq!(
        e,
        "cannot read `/dev/zero`: it is a device, not a regular file"
    );
}
