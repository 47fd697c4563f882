//! Hostile input never panics: random programs made of preprocessor fragments, and random bytes.
//! Every output byte maps to a position inside a real file.

mod preprocess_support;

use pigment_cg::preprocess::{preprocess, MemoryResolver, Options};
use pigment_diag::{render, SourceFiles};
use proptest::prelude::*;

const FRAGMENTS: &[&str] = &[
    "#define ",
    "#undef ",
    "#if ",
    "#ifdef ",
    "#ifndef ",
    "#elif ",
    "#else",
    "#endif",
    "#include \"a.cgh\"",
    "#include <b.cgh>",
    "#include ",
    "#line ",
    "#error ",
    "#warning ",
    "#pragma ",
    "#",
    "##",
    "defined",
    "(",
    ")",
    ",",
    "...",
    "__VA_ARGS__",
    "__LINE__",
    "__FILE__",
    "\n",
    "\\\n",
    "/*",
    "*/",
    "//",
    "\"",
    "'",
    "A",
    "B",
    "f",
    "f(",
    "x",
    "1",
    "0",
    "0x",
    "/",
    "%",
    "?",
    ":",
    "<",
    ">",
    "-",
    "!",
    " ",
    "\t",
    "é",
    "\r\n",
    "1.5e+",
    "L'",
];

fn check(text: String) {
    let mut files = SourceFiles::new();
    let main = files.add("p.cg", text);
    let resolver = MemoryResolver {
        files: vec![
            (
                "a.cgh".into(),
                "#define A(x, ...) x ## __VA_ARGS__ # x\n#include \"b.cgh\"\n".into(),
            ),
            (
                "b.cgh".into(),
                "#ifndef B\n#define B(y) A(y, y) __LINE__\nB(1)\n#endif\n".into(),
            ),
        ],
    };
    let options = Options {
        defines: vec![("f(x)".into(), Some("x f".into()))],
        timestamp: Some(0),
        ..Options::default()
    };
    let out = preprocess(&mut files, main, &options, &resolver);
    for offset in 0..=out.text.len() {
        let (file, at) = out.map.locate(offset).expect("every output byte maps");
        assert!(at as usize <= files.text(file).len());
        out.map
            .user_position(&files, offset)
            .expect("has a user position");
    }
    for d in &out.diagnostics {
        render(&files, d);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn fragments_never_panic(parts in prop::collection::vec(prop::sample::select(FRAGMENTS), 0..80)) {
        check(parts.concat());
    }

    #[test]
    fn bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        check(String::from_utf8_lossy(&bytes).into_owned());
    }
}

#[test]
fn awkward_endings() {
    for text in [
        "#",
        "#define",
        "#define f(",
        "#if",
        "f(",
        "\\",
        "'",
        "\"",
        "/*",
        "#include \"",
        "#include <",
        "#line 5 \"",
        "a\\\r\n",
    ] {
        check(text.to_string());
        check(format!("#define f(x) x\n{text}"));
    }
}
