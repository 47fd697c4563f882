//! One test per construct: small programs, their expected tree (written by hand from the spec and
//! C's grammar), spans, and the wording and place of errors.

use pigment_cg::syntax::ast::*;
use pigment_cg::syntax::dump::{dump, dump_expr};
use pigment_cg::syntax::parse;
use pigment_diag::FileId;

/// Parses a program that must be valid and returns its dump.
fn tree(text: &str) -> String {
    let (unit, diagnostics) = parse(text, FileId(0));
    assert!(
        diagnostics.is_empty(),
        "unexpected errors in {text:?}: {diagnostics:?}"
    );
    dump(&unit)
}

/// The dump of the initializer of the last declarator of the last top-level declaration.
fn init(text: &str) -> String {
    let (unit, diagnostics) = parse(text, FileId(0));
    assert!(
        diagnostics.is_empty(),
        "unexpected errors in {text:?}: {diagnostics:?}"
    );
    let Some(Decl::Var(var)) = unit.decls.last() else {
        panic!("no variable in {text:?}")
    };
    let id = var
        .declarators
        .last()
        .and_then(|d| d.init)
        .expect("an initializer");
    dump_expr(&unit.exprs, id)
}

/// The messages of the errors, with the text each points at.
fn errors(text: &str) -> Vec<(String, String)> {
    let (_, diagnostics) = parse(text, FileId(0));
    diagnostics
        .iter()
        .map(|d| {
            let span = d.primary.as_ref().expect("located").span;
            (d.message.clone(), text[span.range()].to_string())
        })
        .collect()
}

#[test]
fn variable_with_semantic_and_initializer() {
    assert_eq!(
        tree("uniform float4 c : COLOR0 = 1;"),
        "var uniform float4\n  c : COLOR0 = 1\n"
    );
}

#[test]
fn multiple_declarators_share_the_type() {
    assert_eq!(
        tree("float a, b[2], c = 3;"),
        "var float\n  a\n  b[2]\n  c = 3\n"
    );
}

#[test]
fn register_semantic_and_dotted_state_semantic() {
    assert_eq!(
        tree("sampler2D s : register(s3);"),
        "var sampler2D\n  s : register(s3)\n"
    );
    assert_eq!(
        tree("float4x4 m : state.matrix.mvp;"),
        "var float4x4\n  m : state.matrix.mvp\n"
    );
}

#[test]
fn nested_initializer_lists_allow_a_trailing_comma() {
    assert_eq!(init("float2x2 m = {{1, 2}, {3, 4},};"), "{{1, 2}, {3, 4}}");
}

#[test]
fn unsized_and_multidimensional_arrays() {
    assert_eq!(
        tree("float a[]; float b[2][3];"),
        "var float\n  a[]\nvar float\n  b[2][3]\n"
    );
}

#[test]
fn typedef_makes_a_type_name() {
    // `(T)x` can only be a cast once `T` is known to be a type.
    assert_eq!(
        init("typedef half T; float x; float y = (T)x;"),
        "(cast T x)"
    );
    assert_eq!(init("float T; float x; float y = (T)-x;"), "(- T x)");
}

#[test]
fn struct_declaration_is_an_automatic_typedef() {
    assert_eq!(
        init("struct S { float a; }; float x; S y = (S)x;"),
        "(cast S x)"
    );
}

#[test]
fn interfaces_and_inheritance() {
    let text = "interface I { float f(); }; struct S : I { float f() { return 1; } };";
    assert_eq!(
        tree(text),
        "var interface I\n  fn float f\n    prototype\nvar struct S inherits I\n  fn float f\n    block\n      return 1\n"
    );
}

#[test]
fn semantic_on_a_struct_tag_when_the_name_is_not_a_type() {
    let (unit, _) = parse("struct S : COLOR { float a; };", FileId(0));
    let Some(Decl::Var(VarDecl {
        ty: TypeSpec {
            kind: TypeKind::Struct(def),
            ..
        },
        ..
    })) = unit.decls.first()
    else {
        panic!("a struct definition");
    };
    assert_eq!(def.base, None);
    assert_eq!(
        def.semantic.as_ref().map(|s| &s.kind),
        Some(&SemanticKind::Name("COLOR".into()))
    );
}

#[test]
fn profile_names_before_functions() {
    assert_eq!(
        tree("fp30 float f() { return 1; }"),
        "fn fp30 float f\n  block\n    return 1\n"
    );
    assert_eq!(tree("vs float f();"), "fn vs float f\n  prototype\n");
}

#[test]
fn function_parameters_with_qualifiers_semantics_and_defaults() {
    let text = "void f(in out float a, uniform float4 b : C0 = 2, out half c[2]) {}";
    assert_eq!(
        tree(text),
        "fn void f\n  param in out float a\n  param uniform float4 b : C0 = 2\n  param out half c[2]\n  block\n"
    );
}

#[test]
fn void_parameter_list_is_empty() {
    let (unit, _) = parse("float f(void);", FileId(0));
    let Some(Decl::Function(f)) = unit.decls.first() else {
        panic!("a function")
    };
    assert!(f.params.is_empty());
    assert!(f.body.is_none());
}

#[test]
fn precedence_follows_c() {
    assert_eq!(
        init("float x = a || b && c | d ^ e & f == g < h << i + j * k;"),
        "(|| a (&& b (| c (^ d (& e (== f (< g (<< h (+ i (* j k))))))))))"
    );
    assert_eq!(init("float x = a - b - c;"), "(- (- a b) c)");
    assert_eq!(init("float x = a = b = c;"), "(= a (= b c))");
    assert_eq!(init("float x = a ? b : c ? d : e;"), "(? a b (? c d e))");
    assert_eq!(
        init("float x = -a.x[1]++;"),
        "(neg (post++ ([] (. a x) 1)))"
    );
}

#[test]
fn comma_operator_is_not_split_across_declarators() {
    assert_eq!(init("float x = (a, b);"), "(, a b)");
    assert_eq!(tree("float x = a, y = b;"), "var float\n  x = a\n  y = b\n");
}

#[test]
fn constructors_swizzles_and_matrix_swizzles() {
    assert_eq!(
        init("float2 v = float4(1, 2, 3, 4).wx;"),
        "(. (ctor float4 1 2 3 4) wx)"
    );
    assert_eq!(init("float2 v = m._m00_m11;"), "(. m _m00_m11)");
    assert_eq!(init("float2 v = m._11_22;"), "(. m _11_22)");
    assert_eq!(init("float3 v = 1..xxx;"), "(. 1. xxx)");
}

#[test]
fn casts_versus_parenthesised_expressions() {
    assert_eq!(init("float3 v = (float3)x;"), "(cast float3 x)");
    assert_eq!(init("float v = (x) + 1;"), "(+ x 1)");
    assert_eq!(
        init("float v = (float4(1, 2, 3, 4)).x;"),
        "(. (ctor float4 1 2 3 4) x)"
    );
    assert_eq!(init("float v = (unsigned int)x;"), "(cast unsigned int x)");
    assert_eq!(init("float v[2] = (float[2])x;"), "(cast float[2] x)");
}

#[test]
fn array_constructors_and_glsl_type_names() {
    // cgc accepts GLSL's array constructor and vector/matrix names (see check_compat.rs).
    assert_eq!(
        init("float v[3] = float[](1, 2, x);"),
        "(ctor float[] 1 2 x)"
    );
    assert_eq!(
        init("float2 v[2] = float2[2](a, b);"),
        "(ctor float2[2] a b)"
    );
    assert_eq!(init("vec3 v = vec3(x);"), "(ctor vec3 x)");
    assert_eq!(init("float v = (vec2)x;"), "(cast vec2 x)");
    assert_eq!(
        errors("float v = float[2];"),
        vec![(
            "expected `(` and the array's elements after an array type, found `;`".to_string(),
            ";".to_string()
        )]
    );
}

#[test]
fn method_calls_and_scoped_names() {
    assert_eq!(
        init("float v = light.illuminate(p);"),
        "(call (. light illuminate) p)"
    );
    assert_eq!(init("float v = S::f(1);"), "(call S::f 1)");
}

#[test]
fn literal_values_and_suffixes() {
    let (unit, _) = parse(
        "float a = 0x10; float b = 010; float c = 1.5h; float d = 2x; bool e = true;",
        FileId(0),
    );
    let literal = |i: usize| {
        let Decl::Var(var) = &unit.decls[i] else {
            panic!("a variable")
        };
        let id = var.declarators[0].init.expect("initializer");
        match &unit.exprs[id].kind {
            ExprKind::Literal(l) => l.clone(),
            other => panic!("not a literal: {other:?}"),
        }
    };
    assert_eq!(
        literal(0),
        Literal::Int {
            value: 16,
            suffix: None
        }
    );
    assert_eq!(
        literal(1),
        Literal::Int {
            value: 8,
            suffix: None
        }
    );
    assert_eq!(
        literal(2),
        Literal::Float {
            text: "1.5".into(),
            suffix: Some(NumSuffix::Half)
        }
    );
    assert_eq!(
        literal(3),
        Literal::Int {
            value: 2,
            suffix: Some(NumSuffix::Fixed)
        }
    );
    assert_eq!(literal(4), Literal::Bool(true));
}

#[test]
fn statements() {
    let text = "void f() { if (a) discard; else return; while (b) break; do continue; while (c); }";
    assert_eq!(
        tree(text),
        "fn void f\n  block\n    if a\n      discard\n    else\n      return\n    while b\n      break\n    do-while c\n      continue\n"
    );
}

#[test]
fn switch_groups_labels() {
    let text = "void f() { switch (i) { case 1: case 2: x = 1; break; default: x = 2; } }";
    assert_eq!(
        tree(text),
        "fn void f\n  block\n    switch i\n      case 1, case 2\n        expr (= x 1)\n        break\n      default\n        expr (= x 2)\n"
    );
}

#[test]
fn for_loop_declares_its_variable() {
    let text = "void f() { for (int i = 0, j = 1; i < j; i++) ; }";
    assert_eq!(
        tree(text),
        "fn void f\n  block\n    for\n      init\n        var int\n          i = 0\n          j = 1\n      cond (< i j)\n      step (post++ i)\n      empty\n"
    );
}

#[test]
fn unknown_type_names_still_parse_as_declarations() {
    // The checker reports `Mystery` as unknown; the parser keeps the declaration.
    assert_eq!(
        tree("void f() { Mystery m; }"),
        "fn void f\n  block\n    var Mystery\n      m\n"
    );
}

#[test]
fn spans_cover_their_nodes() {
    let text = "float4 main(float2 uv : TEXCOORD0) : COLOR { return float4(uv, 0, 1).zyxw; }";
    let (unit, diagnostics) = parse(text, FileId(0));
    assert!(diagnostics.is_empty());
    let Decl::Function(f) = &unit.decls[0] else {
        panic!("a function")
    };
    assert_eq!(&text[f.span.range()], text);
    assert_eq!(&text[f.return_type.span.range()], "float4");
    assert_eq!(&text[f.name.span.range()], "main");
    assert_eq!(&text[f.params[0].span.range()], "float2 uv : TEXCOORD0");
    assert_eq!(
        &text[f.params[0]
            .semantic
            .as_ref()
            .expect("semantic")
            .span
            .range()],
        "TEXCOORD0"
    );
    assert_eq!(
        &text[f.semantic.as_ref().expect("semantic").span.range()],
        "COLOR"
    );
    let body = f.body.as_ref().expect("body");
    assert_eq!(
        &text[body.span.range()],
        "{ return float4(uv, 0, 1).zyxw; }"
    );
    let stmt = &body.stmts[0];
    assert_eq!(&text[stmt.span.range()], "return float4(uv, 0, 1).zyxw;");
    let StmtKind::Return(Some(value)) = stmt.kind else {
        panic!("a return")
    };
    assert_eq!(
        &text[unit.exprs[value].span.range()],
        "float4(uv, 0, 1).zyxw"
    );
    let ExprKind::Member { base, member } = &unit.exprs[value].kind else {
        panic!("a swizzle")
    };
    assert_eq!(&text[member.span.range()], "zyxw");
    assert_eq!(&text[unit.exprs[*base].span.range()], "float4(uv, 0, 1)");
}

#[test]
fn operand_spans_include_parentheses_of_the_whole_expression() {
    let text = "float x = (a + b) * c;";
    let (unit, _) = parse(text, FileId(0));
    let Decl::Var(var) = &unit.decls[0] else {
        panic!("a variable")
    };
    let id = var.declarators[0].init.expect("initializer");
    assert_eq!(&text[unit.exprs[id].span.range()], "(a + b) * c");
}

#[test]
fn children_are_allocated_before_parents() {
    let (unit, _) = parse("float x = f(a + b, -c)[1].x;", FileId(0));
    for (id, expr) in unit.exprs.iter() {
        let children: Vec<ExprId> = match &expr.kind {
            ExprKind::Binary { lhs, rhs, .. } => vec![*lhs, *rhs],
            ExprKind::Unary { operand, .. } => vec![*operand],
            ExprKind::Call { callee, args } => std::iter::once(*callee)
                .chain(args.iter().copied())
                .collect(),
            ExprKind::Index { base, index } => vec![*base, *index],
            ExprKind::Member { base, .. } => vec![*base],
            _ => vec![],
        };
        assert!(children.iter().all(|c| c.index() < id.index()), "{expr:?}");
    }
}

#[test]
fn missing_semicolon_names_the_declaration_and_the_token_found() {
    assert_eq!(
        errors("float4 color\nfloat x;"),
        [(
            "expected `;` after the declaration of `color`, found `float`".to_string(),
            "float".to_string()
        )]
    );
}

#[test]
fn recovery_reports_errors_in_several_declarations() {
    let found = errors("float a = ;\nfloat b = 1\nfloat c;\nvoid f() { x = ; y = 1 }\nfloat ok;");
    let messages: Vec<&str> = found.iter().map(|(m, _)| m.as_str()).collect();
    assert_eq!(
        messages,
        [
            "expected an expression, found `;`",
            "expected `;` after the declaration of `b`, found `float`",
            "expected an expression, found `;`",
            "expected `;` after the expression, found `}`",
        ]
    );
}

#[test]
fn unclosed_parenthesis_points_back_at_the_opener() {
    let (_, diagnostics) = parse("float x = (1 + 2;", FileId(0));
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(
        diagnostics[0].message,
        "expected `)` to close the parenthesis, found `;`"
    );
    assert_eq!(
        diagnostics[0].secondary[0].span,
        pigment_diag::Span::new(10, 11)
    );
}

#[test]
fn pointers_and_unsupported_blocks_are_rejected() {
    let messages: Vec<String> = errors("float f() { return *p; }")
        .into_iter()
        .map(|(m, _)| m)
        .collect();
    assert_eq!(
        messages,
        ["Cg has no pointers: unary dereference `*` is not allowed"]
    );
    let found = errors("asm { x }\nfloat ok;");
    assert_eq!(
        found,
        [(
            "`asm` blocks are not supported".to_string(),
            "asm".to_string()
        )]
    );
}

#[test]
fn reserved_words_are_exported_for_the_checker() {
    use pigment_cg::syntax::token::is_reserved_word;
    // The parser accepts `goto` as a name; the checker uses this list to reject it.
    assert_eq!(tree("float goto;"), "var float\n  goto\n");
    assert!(is_reserved_word("goto"));
}
