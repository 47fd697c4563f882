//! Parser tests: whole programs parse into the expected tree; syntax errors are located at the
//! offending token and the parser recovers to report later ones.

mod common;

use common::parse_errors;
use pigment_diag::FileId;
use pigment_isl::ast::*;

const SHADER: &str = "\
// A surface with everything the grammar has.
uniform float scale = 2;
uniform float twice(uniform float x = 0) { return 2 * x; }
surface stripes(uniform color c = color(1, 0, 0, 1); parameter float k = .5;
                uniform float lut[3] = 0) {
    varying color saved;
    uniform matrix m = translate(1; 2; 3) * scale;
    uniform float i = 0;
    saved = FB;
    FB = diffuse();
    FB *= c * k;
    repeat (3) { i += 1; m[1][2] -= -i; }
    if (i >= 2 && !(i == 5) || pi < 3) FB.rb = saved; else FB += color(0.5);
    if (FB[1] > 0.5) { FB = blend(saved); }
    return FB;
}
";

#[test]
fn a_full_shader_parses() {
    let (unit, diags) = pigment_isl::parse(FileId(0), SHADER);
    assert!(diags.is_empty(), "{:?}", common::located(SHADER, &diags));
    assert_eq!(unit.items.len(), 3);
    let Item::Func(f) = &unit.items[2] else {
        panic!("not a function")
    };
    assert!(matches!(f.kind, FuncKind::Shader(ShaderKind::Surface, _)));
    assert_eq!(f.name.text, "stripes");
    assert_eq!(f.formals.len(), 3);
    assert!(f.formals[2].size.is_some());
    assert_eq!(f.body.stmts.len(), 10);
    assert_eq!(&SHADER[f.body.span.range()][..5], "{\n   ");
}

#[test]
fn precedence_is_cs() {
    let text = "uniform float x = 1 + 2 * 3 - -4 / 5;";
    let (unit, diags) = pigment_isl::parse(FileId(0), text);
    assert!(diags.is_empty());
    let Item::Var(v) = &unit.items[0] else {
        panic!()
    };
    let e = v.init.as_ref().unwrap();
    let ExprKind::Binary(BinOp::Sub, l, r) = &e.kind else {
        panic!("{e:?}")
    };
    assert!(matches!(l.kind, ExprKind::Binary(BinOp::Add, _, _)));
    assert!(matches!(r.kind, ExprKind::Binary(BinOp::Div, _, _)));
    assert_eq!(&text[r.span.range()], "-4 / 5");
}

#[test]
fn syntax_errors_are_located_and_recovered() {
    let text = "surface s() {\n  FB = ;\n  x 3;\n  FB = (1 + 2;\n}\nuniform float\n";
    assert_eq!(
        parse_errors(text),
        [
            "2:8: expected an expression, found `;`",
            "3:5: expected an assignment operator, found number",
            "4:14: expected `)`, found `;`",
            "7:1: expected a name, found end of file",
        ]
    );
}

#[test]
fn top_level_errors_recover() {
    assert_eq!(
        parse_errors("float x;\n}\nuniform float y = 1;\nsurface (){}"),
        [
            "1:1: expected `uniform`, `parameter` or `varying`, found `float`",
            "2:1: expected `uniform`, `parameter` or `varying`, found `}`",
            "4:9: expected the shader's name, found `(`",
        ]
    );
}

#[test]
fn missing_brace_is_reported() {
    assert_eq!(
        parse_errors("surface s() { FB = FB;"),
        ["1:23: expected `}`, found end of file"]
    );
}

#[test]
fn deep_nesting_is_refused_not_overflowed() {
    let text = format!("uniform float x = {}1;", "(".repeat(5000));
    let errors = parse_errors(&text);
    assert_eq!(errors[0], "1:219: nesting too deep");
    let text = format!("surface s() {}", "{".repeat(5000));
    // A block counts two levels (the statement and the block).
    assert_eq!(parse_errors(&text)[0], "1:114: nesting too deep");
}

#[test]
fn long_chains_are_refused_not_overflowed() {
    let text = format!("uniform float x = 1{};", " + 1".repeat(100_000));
    assert_eq!(parse_errors(&text)[0], "1:817: nesting too deep");
    let text = format!("uniform float x = m{};", "[0]".repeat(100_000));
    assert_eq!(parse_errors(&text)[0], "1:615: nesting too deep");
    // A long but reasonable chain is fine.
    let text = format!("uniform float x = 1{};", " + 1".repeat(150));
    assert!(parse_errors(&text).is_empty());
}
