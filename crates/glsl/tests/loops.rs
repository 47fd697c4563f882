//! Loops in the written GLSL: `for (;;)` wherever the language has it, and in GLSL ES 1.00 (whose
//! Appendix A admits only counted loops with constant bounds) a counted loop each, with its own
//! counter, bounded by what a `mediump int` surely holds. (That the counted loops compute what the
//! IR does is tests/llvmpipe.rs's: tests/in/fp30/loop_nested.ir is drawn in ES 1.00 there.)

use pigment_glsl::Version;

fn nested_loops() -> pigment_ir::Function {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/in/fp30/loop_nested.ir"
    );
    let module = pigment_ir::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    let f = module.functions.iter().next().unwrap().1.clone();
    f
}

#[test]
fn es100_loops_are_counted_and_others_are_not() {
    let f = nested_loops();
    let es = pigment_glsl::write(&f, Version::es(100)).unwrap().text;
    let counted: Vec<&str> = es
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("for ("))
        .collect();
    assert_eq!(counted.len(), 2, "{es}");
    for line in &counted {
        let counter = line["for (int ".len()..].split(' ').next().unwrap();
        assert_eq!(
            *line,
            format!("for (int {counter} = 0; {counter} < 1023; {counter}++) {{"),
            "{es}"
        );
    }
    assert_ne!(
        counted[0], counted[1],
        "each loop has its own counter:\n{es}"
    );
    let desktop = pigment_glsl::write(&f, Version::desktop(330)).unwrap().text;
    assert_eq!(desktop.matches("for (;;) {").count(), 2, "{desktop}");
}
