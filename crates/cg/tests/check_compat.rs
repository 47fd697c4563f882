//! Compatibility with NVIDIA's cgc: constructs that real fragment programs use and cgc compiles
//! for fp30, although the Cg 2.0 spec forbids or does not mention them. Each test program is
//! written for this file (minimal, reproducing one construct); each relaxation is paired with an
//! invalid neighbour that must still be rejected.

use pigment_cg::check::{check, CheckOptions};
use pigment_cg::syntax::parse;
use pigment_diag::{Diagnostic, FileId, Severity};

fn diags(src: &str) -> Vec<Diagnostic> {
    let (unit, parse_diags) = parse(src, FileId(0));
    assert!(
        parse_diags.is_empty(),
        "test program must parse: {parse_diags:?}"
    );
    let options = CheckOptions {
        entry: "main_fragment".to_string(),
        ..CheckOptions::default()
    };
    check(&unit, FileId(0), &options).1
}

fn messages(src: &str, severity: Severity) -> Vec<String> {
    diags(src)
        .into_iter()
        .filter(|d| d.severity == severity)
        .map(|d| d.message)
        .collect()
}

fn errors(src: &str) -> Vec<String> {
    messages(src, Severity::Error)
}

fn warnings(src: &str) -> Vec<String> {
    messages(src, Severity::Warning)
}

/// Asserts that `src` checks without errors.
fn accepted(src: &str) {
    let errs = errors(src);
    assert!(errs.is_empty(), "unexpected errors: {errs:?}\n{src}");
}

/// Asserts that `src` draws exactly one error, containing `needle`.
fn rejected(src: &str, needle: &str) {
    let errs = errors(src);
    assert!(
        errs.len() == 1 && errs[0].contains(needle),
        "expected one error containing {needle:?}, got {errs:?}\n{src}"
    );
}

#[test]
fn words_the_spec_reserves_but_cgc_accepts_are_names_with_a_warning() {
    let src = "struct orig { float2 tc; sampler2D texture; };
float4 texture(float4 x) { return x; }
float4 main_fragment(float2 tc : TEXCOORD0, uniform sampler2D texture, uniform orig o) : COLOR
{ float4 Float = tex2D(texture, tc); float __x = 1.0; return Float * __x + tex2D(o.texture, tc); }";
    accepted(src);
    let warns = warnings(src);
    // One warning per word, however often it is declared (`texture` is declared three times).
    for name in ["`texture`", "`Float`", "`__x`"] {
        let n = warns
            .iter()
            .filter(|w| w.starts_with(name) && w.contains("reserved"))
            .count();
        assert_eq!(
            n, 1,
            "{name} should draw one reserved-word warning: {warns:?}"
        );
    }
}

#[test]
fn words_cgc_itself_reserves_are_still_errors() {
    for word in [
        "class",
        "goto",
        "technique",
        "PASS",
        "asm_fragment",
        "namespace",
    ] {
        rejected(
            &format!("float4 main_fragment() : COLOR {{ float {word} = 1.0; return 0; }}"),
            "is a reserved word and cannot be used as a name",
        );
    }
    rejected(
        "struct S { float4 class; }; float4 main_fragment() : COLOR { return 0; }",
        "`class` is a reserved word",
    );
}

/// `float4 main_fragment` around `body`, with a float2 input `t`.
fn body(stmts: &str) -> String {
    format!("float4 main_fragment(float2 t : TEXCOORD0) : COLOR {{ {stmts} return 0; }}")
}

#[test]
fn a_constructor_with_one_value_is_a_cast() {
    for stmts in [
        "float4 a = float4(0.5);",
        "float3 a = float3(t.x);",
        "half2 a = half2(1);",
        "bool4 a = bool4(true);",
        "float3x3 m = float3x3(t.y);",
        "float2 a = float2(float4(t, t));",
        "float4 a = float4(float2x2(1, 2, 3, 4));",
        "float2x2 m = float2x2(float3x3(1, 2, 3, 4, 5, 6, 7, 8, 9));",
    ] {
        let src = body(stmts);
        accepted(&src);
        assert!(warnings(&src).is_empty(), "a cast does not warn: {stmts}");
    }
}

#[test]
fn a_constructor_still_needs_its_components_when_no_cast_applies() {
    // A shorter vector cannot be cast to a longer one; neither can float1, nor a matrix of a
    // different size; two values never form a cast.
    rejected(&body("float4 a = float4(t);"), "needs 4 components");
    rejected(
        &body("float4 a = float4(float1(t.x));"),
        "needs 4 components",
    );
    rejected(&body("float4 a = float4(t.x, t);"), "needs 4 components");
    rejected(
        &body("float4 a = float4(1, 2, 3, 4, 5);"),
        "needs 4 components",
    );
    rejected(
        &body("float4 a = float4(float4x4(0));"),
        "takes scalars and vectors",
    );
}

#[test]
fn struct_members_may_be_uniform() {
    // A uniform member of a varying connector struct needs no varying semantic.
    let src = "struct orig { float2 tc : TEXCOORD1; uniform float2 size; uniform sampler2D tex; };
struct input { float2 video_size; };
float4 main_fragment(orig o, uniform input IN, uniform sampler2D s : TEXUNIT0) : COLOR
{ return tex2D(o.tex, o.tc * o.size) + tex2D(s, IN.video_size); }";
    accepted(src);
    assert!(warnings(src).is_empty(), "{:?}", warnings(src));
}

#[test]
fn ignored_struct_member_qualifiers_warn_and_outputs_stay_errors() {
    let src = "struct S { static float a; extern float b; in float c; float2 tc : TEXCOORD0; };
float4 main_fragment(S s) : COLOR { return s.tc.xyxy; }";
    accepted(src);
    let warns = warnings(src);
    assert_eq!(warns.len(), 3, "{warns:?}");
    assert!(warns
        .iter()
        .all(|w| w.contains("no effect on a struct member")));
    for q in ["out", "inout"] {
        rejected(
            &format!("struct S {{ {q} float a; }}; float4 main_fragment() : COLOR {{ return 0; }}"),
            "cannot qualify a struct member",
        );
    }
}

#[test]
fn an_unnumbered_texcoord_is_texcoord0() {
    accepted("float4 main_fragment(float2 a : TEXCOORD, float2 b : TEX) : COLOR { return a.xyxy + b.xyxy; }");
    // Numbers past fp30's eight sets, and names fp30 does not know, stay errors.
    for bad in ["TEXCOORD8", "COLOR2", "BLAH0"] {
        rejected(
            &format!("float4 main_fragment(float2 a : {bad}) : COLOR {{ return a.xyxy; }}"),
            "is not a varying input semantic of fp30",
        );
    }
}

#[test]
fn an_unknown_uniform_semantic_binds_nothing_and_warns() {
    let src = "float4 main_fragment(uniform float4 k : USER_TINT) : COLOR { return k; }";
    accepted(src);
    assert!(warnings(src)[0].contains("it binds nothing"));
    // A texture unit on a non-sampler is still wrong.
    rejected(
        "float4 main_fragment(uniform float4 k : TEXUNIT0) : COLOR { return k; }",
        "binds a texture unit",
    );
}

#[test]
fn overloads_prefer_a_conversion_that_keeps_the_shape() {
    for stmts in [
        "float3 a = lerp(t.xyx, t.yxy, t.x > 0.5);",
        "half3 h = half3(t.xyx); half3 a = lerp(h, h, t.x > 0.5);",
        "float4 v = t.xyxy; float4 a = lerp(v, v, v > 0.5);",
        "half3x3 m = half3x3(1, 0, 0, 0, 1, 0, 0, 0, 1); float3 a = mul(m, t.xyx);",
    ] {
        accepted(&body(stmts));
    }
    // Two candidates that both change the shape are still ambiguous.
    rejected(
        "float f(float3 x) { return 1; } float f(float2 x) { return 2; }
float4 main_fragment(float4 c : COLOR0) : COLOR { return f(c); }",
        "ambiguous",
    );
}

#[test]
fn glsl_type_and_function_names_that_cgc_predefines() {
    for stmts in [
        "vec2 a = t; vec3 b = vec3(1.0); vec4 c = vec4(a, b.xy);",
        "ivec2 i = ivec2(1, 2); bvec3 b = bvec3(true, false, true);",
        "mat3 m = mat3(1.0); mat3x3 n = m; mat2x3 r = mat2x3(1, 2, 3, 4, 5, 6); float2x3 f = r;",
        "float3 a = mix(t.xyx, t.yxy, 0.25); float b = mix(t.x, t.y, t.x > 0.5);",
        "float2 a = mod(t, 2.0); float2 b = fract(t); float c = inversesqrt(t.x);",
        "float2 a = dFdx(t) + dFdy(t); float b = atan(t.y, t.x) + atan(t.x);",
    ] {
        let src = body(stmts);
        accepted(&src);
        assert!(warnings(&src).is_empty(), "{stmts}: {:?}", warnings(&src));
    }
}

#[test]
fn a_program_may_declare_the_glsl_names_itself() {
    accepted(
        "typedef float3 vec3; struct mat2 { float a; };
float3 mix(float3 a, float3 b, float t) { return a; }
float4 main_fragment(float2 t : TEXCOORD0) : COLOR { vec3 v = mix(t.xyx, t.yxy, 0.5); float vec2 = 1.0; return v.xyzz * vec2; }",
    );
    // Only the GLSL spellings cgc has: no vec1, no mat2x1, and a user variable is no type.
    rejected(&body("vec1 a = 1.0;"), "unknown type `vec1`");
    rejected(&body("mat2x1 a;"), "unknown type `mat2x1`");
    rejected(
        "float4 main_fragment(float2 t : TEXCOORD0) : COLOR { float vec2 = 1.0; vec2 a = t; return 0; }",
        "`vec2` is not a type",
    );
}

#[test]
fn static_locals_and_parameters_are_plain_ones_with_a_warning() {
    let src = "float f(static const bool v) { static const float k = 2.0; return v ? k : 0; }
float4 main_fragment(float2 t : TEXCOORD0) : COLOR { return f(t.x > 0); }";
    accepted(src);
    let warns = warnings(src);
    assert_eq!(warns.len(), 2, "{warns:?}");
    assert!(warns[0].contains("no effect on a parameter"));
    assert!(warns[1].contains("initializes it on every call"));
    // `const` still binds: the static const local cannot be assigned.
    rejected(
        &body("static const float k = 2.0; k = 3.0;"),
        "must be assignable",
    );
    // The spec's other rules on locals stand.
    rejected(
        &body("uniform float u = 1.0;"),
        "`uniform` cannot qualify a local variable",
    );
}

#[test]
fn undeclared_names_in_a_branch_never_taken_only_warn() {
    for stmts in [
        "static const bool use_extra = false; float4 r = 0; if (use_extra) r = EXTRA.texture_size.xyxy; return r;",
        "float4 r = 0; if (true) r = 1; else r = tex2D(EXTRA, t) + helper(t); return r;",
        "const float mode = 1.0; float4 r = 0; if (mode < 0.5) { r = EXTRA; } return r;",
    ] {
        let src = body(stmts);
        accepted(&src);
        assert!(
            warnings(&src).iter().any(|w| w.contains("never taken")),
            "{stmts}"
        );
    }
    // A condition known only at run time does not excuse the name, and other mistakes in a dead
    // branch are still errors (cgc reports them too).
    rejected(
        &body("float4 r = 0; if (t.x > 0) r = EXTRA; return r;"),
        "undeclared identifier `EXTRA`",
    );
    rejected(
        &body("float4 r = 0; if (false) r = float4(1, 2); return r;"),
        "needs 4 components",
    );
    rejected(
        &body("float4 r = EXTRA; return r;"),
        "undeclared identifier",
    );
}

#[test]
fn samplers_may_be_copied_with_a_warning() {
    let src = "sampler2D chosen;
float4 main_fragment(float2 t : TEXCOORD0, uniform sampler2D s, uniform sampler2D s2) : COLOR
{ chosen = s; const sampler2D local = s2; return tex2D(chosen, t) + tex2D(local, t); }";
    accepted(src);
    let warns = warnings(src);
    assert_eq!(warns.len(), 2, "{warns:?}");
    assert!(warns.iter().all(|w| w.contains("copying samplers")));
    // Choosing a sampler at run time is what cgc cannot resolve.
    rejected(
        "float4 main_fragment(float2 t : TEXCOORD0, uniform sampler2D s, uniform sampler2D s2) : COLOR
{ sampler2D l = s; return tex2D(t.x > 0 ? s : s2, t); }",
        "`?:` cannot select `sampler2D` values",
    );
    // Nor does a sampler convert to a number, or a sampler1D to a sampler2D.
    rejected(
        "float4 main_fragment(float2 t : TEXCOORD0, uniform sampler2D s, uniform sampler1D s1) : COLOR
{ sampler2D l = s1; return tex2D(l, t); }",
        "cannot convert",
    );
}

#[test]
fn glsl_array_constructors() {
    for stmts in [
        "float o[5] = float[](0.0, 1.0, 2.0, 3.0, 4.0);",
        "float o[2] = float[2](t.x, t.y);",
        "float2 o[2] = float2[](t, t.yx);",
        "float o[] = float[](1.0, 2.0); float2 a = float2(o[0], o[1]);",
        "float a = float[](1.0, 2.0)[1];",
    ] {
        let src = body(stmts);
        accepted(&src);
        assert!(warnings(&src).is_empty(), "{stmts}: {:?}", warnings(&src));
    }
    // The size must agree, with the constructor's own and with the variable's.
    rejected(
        &body("float o[3] = float[3](1.0, 2.0);"),
        "`float[3]` has 3 elements, but the constructor gives 2",
    );
    rejected(
        &body("float o[3] = float[](1.0, 2.0, 3.0, 4.0, 5.0);"),
        "cannot convert `float[5]` to `float[3]`",
    );
}

#[test]
fn flattened_array_initializers_warn() {
    for stmts in [
        "float2 o[2] = {1, 2, 3, 4};",
        "float3 o[2] = {t.x, 0.5, 1, 0, 0, 1};",
        "float o[2][2] = {1, 2, 3, 4};",
    ] {
        let src = body(stmts);
        accepted(&src);
        assert!(
            warnings(&src)[0].contains("one by one"),
            "{stmts}: {:?}",
            warnings(&src)
        );
    }
    // Too few or too many scalars, or a vector among them: errors, as in cgc.
    for stmts in [
        "float2 o[2] = {1, 2, 3};",
        "float2 o[2] = {1, 2, 3, 4, 5, 6};",
        "float2 o[2] = {float2(1, 2), 3, 4};",
    ] {
        rejected(&body(stmts), "has 2 elements, but the initializer gives");
    }
}

#[test]
fn arithmetic_on_bools_is_int_arithmetic_with_a_warning() {
    let src = body(
        "bool a = t.x > 0; bool b = t.y > 0; if ((a + b) > (b - a)) return 1; int n = -a; bool2 v = t > 0; int2 w = v + v;",
    );
    accepted(&src);
    let warns = warnings(&src);
    assert_eq!(warns.len(), 4, "{warns:?}");
    assert!(warns.iter().all(|w| w.contains("integers 0 and 1")));
    // Incrementing a bool stays an error (cgc: operands to "++" must be numeric).
    rejected(
        &body("bool a = t.x > 0; a++;"),
        "cannot be applied to `bool` values",
    );
}

#[test]
fn an_identical_struct_redefinition_warns() {
    let src = "struct input { float2 video_size; float frame_count; };
struct input { float2 video_size; float frame_count; };
float4 main_fragment(uniform input IN) : COLOR { return IN.video_size.xyxy * IN.frame_count; }";
    accepted(src);
    assert!(warnings(src)[0].contains("defined again, identically"));
    // A different member name, type or count is a real redefinition, as in cgc.
    for second in [
        "struct input { float2 video_size; float frame_counter; };",
        "struct input { float3 video_size; float frame_count; };",
        "struct input { float2 video_size; };",
    ] {
        rejected(
            &format!(
                "struct input {{ float2 video_size; float frame_count; }};\n{second}\nfloat4 main_fragment() : COLOR {{ return 0; }}"
            ),
            "redefinition of `input`",
        );
    }
}

#[test]
fn a_bool_with_an_untyped_floating_constant_is_rejected_like_cgc() {
    for stmts in [
        "bool b = t.x > 0; float r = b * 2.0;",
        "bool b = t.x > 0; bool r = b == 0.0;",
        "bool2 b = t > 0; float2 r = 2.0 - b;",
    ] {
        rejected(&body(stmts), "untyped floating constant");
    }
    // Typed constants, integer constants, float variables and logic are fine.
    for stmts in [
        "bool b = t.x > 0; float r = b * 2.0f + b * 2 + b * t.y;",
        "bool b = t.x > 0; bool r = (b == 0) && 1.0;",
        "bool b = t.x > 0; float r = b ? 1.0 : 0.0; b = 1.0;",
    ] {
        accepted(&body(stmts));
    }
}
