//! One test per checker rule, on small programs: the type an expression gets, the overload a call
//! picks, or the diagnostic (severity and message) a mistake draws. Expectations come from the
//! Cg 2.0 spec and cg-stdlib.md.

use pigment_cg::check::stdlib::stdlib;
use pigment_cg::check::{check, Callee, CheckOptions, CheckedProgram, Resolution, Type};
use pigment_cg::syntax::ast::{ExprKind, Scalar, TranslationUnit};
use pigment_cg::syntax::parse;
use pigment_diag::{Diagnostic, FileId, Severity};

fn run(src: &str, options: &CheckOptions) -> (TranslationUnit, CheckedProgram, Vec<Diagnostic>) {
    let (unit, parse_diags) = parse(src, FileId(0));
    assert!(
        parse_diags.is_empty(),
        "test program must parse: {parse_diags:?}"
    );
    let (program, diags) = check(&unit, FileId(0), options);
    (unit, program, diags)
}

fn diags(src: &str) -> Vec<Diagnostic> {
    run(src, &CheckOptions::default()).2
}

fn errors(src: &str) -> Vec<String> {
    diags(src)
        .into_iter()
        .filter(|d| d.is_error())
        .map(|d| d.message)
        .collect()
}

fn warnings(src: &str) -> Vec<String> {
    diags(src)
        .into_iter()
        .filter(|d| d.severity == Severity::Warning)
        .map(|d| d.message)
        .collect()
}

const GLOBALS: &str = "uniform float4 v4; uniform float3 v3; uniform half h; uniform float4x4 M; \
     uniform int n; uniform fixed x; uniform fixed3 x3;";

/// The type the checker gives `expr`, written as an expression statement in `main`.
fn type_of(expr: &str) -> String {
    let src = format!("{GLOBALS}\nfloat4 main() : COLOR {{ {expr}; return 0; }}");
    let (_, program, diags) = run(&src, &CheckOptions::default());
    assert!(!diags.iter().any(Diagnostic::is_error), "{expr}: {diags:?}");
    let f = program.entry.expect("entry");
    let body = program.function(f).body.clone().expect("body");
    match &body.stmts[0].kind {
        pigment_cg::syntax::ast::StmtKind::Expr(e) => program.type_name(program.type_of(*e)),
        other => panic!("not an expression statement: {other:?}"),
    }
}

fn wrap(body: &str) -> String {
    format!("{GLOBALS}\nfloat4 main() : COLOR {{ {body} }}")
}

#[test]
fn constants_are_compile_time_typed_until_they_meet_a_variable() {
    assert_eq!(type_of("1"), "cint");
    assert_eq!(type_of("1.5"), "cfloat");
    assert_eq!(type_of("1.5h"), "half");
    assert_eq!(type_of("2x"), "fixed");
    assert_eq!(
        type_of("h * 2.0"),
        "half",
        "cfloat takes the variable's precision"
    );
    assert_eq!(type_of("1 + 2.0"), "cfloat");
    assert_eq!(type_of("n * 0.5"), "float");
}

#[test]
fn a_literal_of_two_or_more_makes_fixed_arithmetic_half_as_in_cgc() {
    // The spec converts the constant to fixed (clamping 3.0 to 2047/1024); cgc computes these with
    // H instructions and the constant unclamped.
    assert_eq!(type_of("x * 3.0"), "half");
    assert_eq!(type_of("3.0 / x3"), "half3");
    assert_eq!(type_of("x3 - 2"), "half3");
    assert_eq!(type_of("x < 20e-1"), "bool");
    assert_eq!(type_of("x * 2u"), "half");
    // Below 2 (as fp32 rounds the literal), negated, folded, or typed by a suffix: fixed.
    assert_eq!(type_of("x * 1.9999999"), "fixed");
    assert_eq!(type_of("x * -3.0"), "fixed");
    assert_eq!(type_of("x * (1.0 + 2.0)"), "fixed");
    assert_eq!(type_of("x * 3.0x"), "fixed");
    assert_eq!(type_of("x * 3.0f"), "float");
    assert_eq!(type_of("max(x, 3.0)"), "fixed");
    // Only against fixed: half and float operands keep the spec's rule.
    assert_eq!(type_of("h * 3.0"), "half");
    assert_eq!(type_of("v3 * 3.0"), "float3");
}

#[test]
fn smearing_and_componentwise_operators() {
    assert_eq!(type_of("v4 * 2"), "float4");
    assert_eq!(type_of("v4 > 0.5"), "bool4");
    assert_eq!(type_of("(v4 > 0.5) ? v4 : 0"), "float4");
    assert_eq!(type_of("M * 2"), "float4x4");
    assert_eq!(type_of("h + v3"), "float3");
}

#[test]
fn swizzles_and_matrix_access_types() {
    assert_eq!(type_of("v4.y"), "float", "one letter gives a scalar");
    assert_eq!(type_of("h.xxxx"), "half4");
    assert_eq!(type_of("M[2]"), "float4");
    assert_eq!(type_of("M._m00_m11"), "float2");
    assert_eq!(type_of("M._44"), "float");
}

#[test]
fn stdlib_overloads_return_the_documented_types() {
    assert_eq!(type_of("mul(M, v4)"), "float4");
    assert_eq!(type_of("dot(v3, v3)"), "float");
    assert_eq!(type_of("lerp(v3, v3, 0.5)"), "float3");
    assert_eq!(type_of("isnan(v3)"), "bool3");
    assert_eq!(type_of("unpack_4ubyte(1.0)"), "half4");
    assert_eq!(type_of("transpose(float2x3(1,2,3,4,5,6))"), "float3x2");
    assert_eq!(type_of("all(v4 > 0)"), "bool");
}

#[test]
fn truncation_warns_and_growth_errs() {
    let w = warnings(&wrap("float3 a = v4; return v4;"));
    assert_eq!(w.len(), 1);
    assert!(
        w[0].contains("truncation of `float4` to `float3`") && w[0].contains("`.xyz`"),
        "{w:?}"
    );
    let e = errors(&wrap("float4 a = v3; return a;"));
    assert_eq!(e.len(), 1);
    assert!(
        e[0].starts_with("cannot convert `float3` to `float4`"),
        "{e:?}"
    );
    assert!(
        warnings(&wrap("float3 a = (float3)v4; return v4;")).is_empty(),
        "a cast silences it"
    );
}

#[test]
fn out_arguments_must_be_assignable() {
    let src = "void f(out float x) { x = 1; }\nuniform float u;\nfloat4 main() : COLOR { float a; f(a); f(a + 1); return a; }";
    let e = errors(src);
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].contains("argument 1 of `f`"), "{e:?}");
}

#[test]
fn default_arguments_fill_trailing_parameters() {
    let src =
        "float f(float a, float b = 2) { return a * b; }\nfloat4 main() : COLOR { return f(1.0); }";
    let (unit, program, d) = run(src, &CheckOptions::default());
    assert!(d.is_empty(), "{d:?}");
    let call = unit
        .exprs
        .iter()
        .find(|(_, e)| matches!(e.kind, ExprKind::Call { .. }))
        .map(|(id, _)| id)
        .expect("a call");
    assert!(matches!(
        program.resolutions.get(&call),
        Some(Resolution::Call {
            callee: Callee::User(_),
            defaulted: 1
        })
    ));
}

#[test]
fn profile_overloading_picks_the_most_specific() {
    let src = "float k() { return 0; }\nps float k() { return 1; }\nfp30 float k() { return 2; }\nfloat4 main() : COLOR { return k(); }";
    let pick = |profile: &str| {
        let options = CheckOptions {
            entry: "main".into(),
            profile: profile.into(),
            stage: None,
        };
        let (unit, program, d) = run(src, &options);
        assert!(!d.iter().any(Diagnostic::is_error), "{d:?}");
        let call = unit
            .exprs
            .iter()
            .find(|(_, e)| matches!(e.kind, ExprKind::Call { .. }))
            .map(|(id, _)| id)
            .expect("a call");
        match program.resolutions.get(&call) {
            Some(Resolution::Call {
                callee: Callee::User(f),
                ..
            }) => program.function(*f).profile.clone(),
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(pick("fp30").as_deref(), Some("fp30"));
    assert_eq!(pick("fp40").as_deref(), Some("ps"));
    assert_eq!(pick("vp30"), None);
}

#[test]
fn the_entry_is_found_by_name() {
    let options = CheckOptions {
        entry: "shade".into(),
        profile: "fp30".into(),
        stage: None,
    };
    let (_, program, d) = run("float4 shade() : COLOR { return 1; }", &options);
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(
        program
            .entry
            .map(|f| program.function(f).name.clone())
            .as_deref(),
        Some("shade")
    );
    let e = errors("float4 shade() : COLOR { return 1; }");
    assert_eq!(e.len(), 1);
    assert!(
        e[0].contains("`main`"),
        "the error names the missing entry: {e:?}"
    );
}

#[test]
fn unreached_functions_report_nothing_reached_ones_do() {
    let bad = "float4 g() { return nope; }\n";
    assert!(errors(&format!("{bad}float4 main() : COLOR {{ return 1; }}")).is_empty());
    let e = errors(&format!("{bad}float4 main() : COLOR {{ return g(); }}"));
    assert_eq!(e, vec!["undeclared identifier `nope`".to_string()]);
}

#[test]
fn tex_lod_is_an_error_in_fp30_only() {
    let src = "uniform sampler2D s;\nfloat4 main(float2 uv : TEXCOORD0) : COLOR { return tex2Dlod(s, float4(uv, 0, 1)); }";
    assert_eq!(errors(src).len(), 1);
    let options = CheckOptions {
        entry: "main".into(),
        profile: "fp40".into(),
        stage: None,
    };
    assert!(run(src, &options).2.iter().all(|d| !d.is_error()));
}

#[test]
fn write_masks_may_not_repeat_components() {
    assert!(errors(&wrap("float4 a = 0; a.xy = v4.zw; return a;")).is_empty());
    let e = errors(&wrap("float4 a = 0; a.xx = v4.zw; return a;"));
    assert_eq!(e.len(), 1);
    assert!(e[0].contains("repeats a component"), "{e:?}");
}

#[test]
fn remainder_takes_int_operands() {
    assert!(errors(&wrap("int r = n % 3; return r;")).is_empty());
    assert_eq!(errors(&wrap("float r = h % 2; return r;")).len(), 1);
}

#[test]
fn struct_semantics_and_output_aliasing() {
    let ok = "struct O { float4 c : COLOR; float d : DEPTH; };\nO main() { O o; o.c = 1; o.d = 0; return o; }";
    assert!(diags(ok).is_empty(), "{:?}", diags(ok));
    let aliased = "struct O { float4 c : COLOR; float4 d : col0; };\nO main() { O o; o.c = 1; o.d = 0; return o; }";
    let d = diags(aliased);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(
        d[0].secondary.len(),
        1,
        "the note points at the first binding"
    );
}

#[test]
fn names_resolve_to_their_declarations() {
    let src = "uniform float g;\nfloat4 main(float p : TEXCOORD0) : COLOR { float l = p + g; { float g = 2; l += g; } return l; }";
    let (unit, program, d) = run(src, &CheckOptions::default());
    assert!(d.is_empty(), "{d:?}");
    let mut seen = Vec::new();
    for (id, e) in unit.exprs.iter() {
        if let ExprKind::Name(n) = &e.kind {
            if let Some(Resolution::Var(v)) = program.resolutions.get(&id) {
                seen.push((n.name.clone(), program.var(*v).kind));
            }
        }
    }
    use pigment_cg::check::VarKind;
    assert_eq!(seen[0].0, "p");
    assert!(matches!(seen[0].1, VarKind::Param { .. }));
    assert_eq!(seen[1], ("g".to_string(), VarKind::Global));
    // The inner `g` hides the global.
    assert!(seen.iter().any(|(n, k)| n == "g" && *k == VarKind::Local));
}

#[test]
fn every_library_overload_is_well_formed() {
    for f in stdlib().all() {
        assert!(!f.name.is_empty());
        assert!(
            f.params
                .iter()
                .all(|(t, _)| *t != Type::Void && *t != Type::Error),
            "{}",
            f.name
        );
    }
    assert!(stdlib()
        .overloads("normalize")
        .iter()
        .any(|&b| stdlib().get(b).params[0].0 == Type::Vector(Scalar::Half, 3)));
}
