//! Lowering checked by hand: small Cg programs run in the IR's reference interpreter, with outputs
//! computed by hand from the Cg spec and the library's definitions (cg-stdlib.md); the interface
//! lowering makes (names, arrays, units, outputs); and the located errors for what the IR cannot
//! express.

use pigment_cg::driver::{run, Options};
use pigment_diag::Diagnostic;
use pigment_ir::interp::{run_fragment, FragmentResult, NoTextures};
use pigment_ir::{Function, Handle, Module, ScalarKind, Vector};

/// Front end and lowering; the diagnostics rendered on failure.
fn lower(src: &str) -> Result<Module, String> {
    let front = run("test.cg", src.to_string(), &Options::default());
    let render = |ds: &[Diagnostic]| -> String {
        ds.iter()
            .map(|d| pigment_diag::render(&front.files, d))
            .collect()
    };
    if front.has_errors() {
        return Err(render(&front.diagnostics));
    }
    let checked = front.checked.as_ref().expect("checked");
    pigment_cg::lower::lower(&front.unit, checked, front.expanded).map_err(|errors| {
        let mapped: Vec<Diagnostic> = errors
            .into_iter()
            .map(|d| front.map.remap_diagnostic(&front.files, front.expanded, d))
            .collect();
        render(&mapped)
    })
}

fn entry(m: &Module) -> &Function {
    &m.functions[Handle::from_index(0)]
}

/// A value of the declared type from float components.
fn value_for(ty: pigment_ir::Type, values: &[f32]) -> Vector {
    match ty.kind {
        ScalarKind::Int => Vector::ints(&values.iter().map(|&v| v as i32).collect::<Vec<_>>()),
        ScalarKind::Bool => Vector::bools(&values.iter().map(|&v| v != 0.0).collect::<Vec<_>>()),
        k => Vector::reals(k, values),
    }
}

/// Runs `func` for one fragment with inputs and uniform elements given by name.
fn run_with(
    func: &Function,
    inputs: &[(&str, &[f32])],
    uniforms: &[(&str, &[&[f32]])],
) -> FragmentResult {
    let ins: Vec<Vector> = func
        .inputs
        .iter()
        .map(|(_, i)| {
            let v = inputs
                .iter()
                .find(|(n, _)| *n == i.name)
                .map_or(&[][..], |(_, v)| *v);
            value_for(i.ty, &pad(v, i.ty.width))
        })
        .collect();
    let unis: Vec<Vec<Vector>> = func
        .uniforms
        .iter()
        .map(|(_, u)| {
            let n = u.array_len.unwrap_or(1) as usize;
            let given = uniforms.iter().find(|(name, _)| *name == u.name);
            (0..n)
                .map(|e| {
                    let v = given
                        .and_then(|(_, els)| els.get(e))
                        .copied()
                        .unwrap_or(&[]);
                    value_for(u.ty, &pad(v, u.ty.width))
                })
                .collect()
        })
        .collect();
    run_fragment(func, &ins, &unis, &mut NoTextures).expect("the interpreter runs")
}

fn pad(v: &[f32], width: u8) -> Vec<f32> {
    (0..width as usize)
        .map(|i| v.get(i).copied().unwrap_or(0.0))
        .collect()
}

fn out(r: &FragmentResult, o: usize) -> Vec<f32> {
    r.outputs[o].value.to_f32s()
}

#[test]
fn loops_calls_with_early_returns_and_conditional_expressions() {
    let m = lower(
        "float f(float x) { if (x < 0) return -x; return x * 2; }
         float4 main(float4 a : TEXCOORD0) : COLOR {
           float4 r = 0;
           for (int i = 0; i < 3; i++) r.x += f(a[i]);
           r.y = a.x > a.y ? 10 : 20;
           r.zw = a.wz;
           return r;
         }",
    )
    .unwrap();
    let r = run_with(entry(&m), &[("a", &[-1.0, 2.0, 3.0, 4.0])], &[]);
    // f(-1) + f(2) + f(3) = 1 + 4 + 6; -1 > 2 is false.
    assert_eq!(out(&r, 0), vec![11.0, 20.0, 4.0, 3.0]);
}

#[test]
fn struct_varyings_out_parameters_and_a_struct_result() {
    let m = lower(
        "struct V { float2 uv : TEXCOORD0; float4 c : COLOR0; };
         struct O { float4 col : COLOR; float depth : DEPTH; };
         void split(float4 v, out float a, inout float b) { a = v.x + v.y; b *= v.z; }
         O main(V IN, uniform float4 k) {
           O o;
           float a; float b = 2;
           split(IN.c, a, b);
           o.col = float4(a, b, IN.uv);
           o.col.yw = k.xy;
           o.depth = 0.25;
           return o;
         }",
    )
    .unwrap();
    let f = entry(&m);
    let r = run_with(
        f,
        &[("IN.uv", &[5.0, 6.0]), ("IN.c", &[1.0, 2.0, 3.0, 4.0])],
        &[("k", &[&[7.0, 8.0, 9.0, 10.0]])],
    );
    // a = 1 + 2, b = 2·3; then .yw = (7, 8).
    assert_eq!(out(&r, 0), vec![3.0, 7.0, 5.0, 8.0]);
    assert_eq!(out(&r, 1), vec![0.25]);
}

#[test]
fn matrix_products_in_both_orders() {
    let m = lower(
        "float4 main(float2 v : TEXCOORD0, uniform float2x2 M) : COLOR {
           return float4(mul(M, v), mul(v, M));
         }",
    )
    .unwrap();
    let r = run_with(
        entry(&m),
        &[("v", &[5.0, 6.0])],
        &[("M", &[&[1.0, 2.0], &[3.0, 4.0]])],
    );
    // M·v = (1·5 + 2·6, 3·5 + 4·6); v·M = (5·1 + 6·3, 5·2 + 6·4).
    assert_eq!(out(&r, 0), vec![17.0, 39.0, 23.0, 34.0]);
}

#[test]
fn switch_fall_through_default_and_discard() {
    let m = lower(
        "float4 main(float4 a : TEXCOORD0, uniform int mode) : COLOR {
           float x = 0;
           switch (mode) { case 0: x = 1; case 1: x += 10; break; default: x = -1; }
           if (a.x < 0) discard;
           return x;
         }",
    )
    .unwrap();
    let f = entry(&m);
    let x = |mode: f32, ax: f32| run_with(f, &[("a", &[ax])], &[("mode", &[&[mode]])]);
    assert_eq!(
        out(&x(0.0, 1.0), 0),
        vec![11.0; 4],
        "case 0 falls into case 1"
    );
    assert_eq!(out(&x(1.0, 1.0), 0), vec![10.0; 4]);
    assert_eq!(out(&x(5.0, 1.0), 0), vec![-1.0; 4]);
    assert!(x(0.0, -1.0).discarded);
    assert!(!x(0.0, 1.0).discarded);
}

#[test]
fn library_functions_follow_their_definitions() {
    let m = lower(
        "float4 main(float4 a : TEXCOORD0, float4 b : TEXCOORD1) : COLOR {
           float4 r;
           r.x = lerp(a.x, a.y, a.z) + step(a.w, b.x);
           r.y = clamp(b.y, 0, 1) + smoothstep(0, 2, b.z) + sign(b.w);
           r.z = dot(a.xyz, b.xyz) + cross(a.xyz, b.xyz).z;
           r.w = frac(-1.25) + fmod(-5.5, 2) + round(2.5) + trunc(-2.7) + ceil(-2.7);
           return r;
         }",
    )
    .unwrap();
    let r = run_with(
        entry(&m),
        &[("a", &[2.0, 4.0, 0.25, 0.5]), ("b", &[0.7, 3.0, 1.0, -3.0])],
        &[],
    );
    // lerp(2, 4, .25) = 2.5, step(.5, .7) = 1; clamp(3, 0, 1) = 1, smoothstep(0, 2, 1): t = .5,
    // t²(3 − 2t) = .5, sign(−3) = −1; dot = 1.4 + 12 + .25 = 13.65, cross.z = 2·3 − 4·.7 = 3.2;
    // frac(−1.25) = .75, fmod(−5.5, 2) = −1.5, round(2.5) = 3, trunc(−2.7) = −2, ceil(−2.7) = −2.
    let got = out(&r, 0);
    let want = [3.5, 0.5, 16.85, -1.75];
    for (g, w) in got.iter().zip(want) {
        assert!((g - w).abs() < 1e-5, "{got:?} vs {want:?}");
    }
}

#[test]
fn pow_with_the_exponents_cgc_rewrites_has_no_pow_special_cases() {
    // cgc computes pow(x, 2) as x·x, pow(x, 3) as (x·x)·x, pow(x, 0) as 1, pow(x, 1) as x and
    // pow(x, 0.5) as sqrt x, per component; other exponents keep POW, which is NaN for a negative
    // base (nv-fragment-program-notes.md §5). libretro's bicubic squares signed distances this way.
    let m = lower(
        "float4 main(float4 a : TEXCOORD0) : COLOR {
           float2 v = pow(a.xy, float2(2.0, 2.2));
           return float4(v, pow(a.x, 3.0) + pow(a.w, 0.0) + pow(a.z, 0.5), pow(a.x, 1.0));
         }",
    )
    .unwrap();
    let r = run_with(entry(&m), &[("a", &[-3.0, -2.0, 16.0, f32::NAN])], &[]);
    let got = out(&r, 0);
    // (−3)² = 9; (−2)^2.2 is POW's NaN; (−3)³ + NaN⁰ + √16 = −27 + 1 + 4; (−3)¹ = −3.
    assert_eq!(got[0], 9.0, "{got:?}");
    assert!(got[1].is_nan(), "{got:?}");
    assert_eq!(got[2..], [-22.0, -3.0], "{got:?}");
}

#[test]
fn a_product_with_a_constant_zero_is_zero_even_for_infinities() {
    // cgc folds x·0 and dot(x, 0) to 0 when every component of the constant is 0; a constant
    // with one non-zero component keeps the product (and inf·0 = NaN in it). libretro's xBRZ
    // samples `coord + (1 / size) * float2(0, 0)`.
    let m = lower(
        "float4 main(float2 t : TEXCOORD0, uniform float2 size) : COLOR {
           float2 step = 1.0 / size;
           float2 at = t + step * float2(0, 0) + dot(step, float2(0, 0));
           return float4(at, step * float2(0, 1));
         }",
    )
    .unwrap();
    let r = run_with(
        entry(&m),
        &[("t", &[0.25, 0.5])],
        &[("size", &[&[0.0, 0.0]])],
    );
    let got = out(&r, 0);
    // 1/0 = inf: (inf, inf)·(0, 1) = (NaN, inf).
    assert_eq!(got[..2], [0.25, 0.5], "{got:?}");
    assert!(got[2].is_nan(), "{got:?}");
    assert_eq!(got[3], f32::INFINITY, "{got:?}");
}

#[test]
fn step_and_smoothstep_smear_scalar_arguments_to_the_vector_width() {
    // As cgc resolves them: smoothstep(0.0, 2.0, v2) is two smoothsteps, not one of v2.x.
    let m = lower(
        "float4 main(float2 v : TEXCOORD0, float s : TEXCOORD1) : COLOR {
           float2 a = smoothstep(0.0, 2.0, v);
           float2 b = smoothstep(float2(0, 4), 2.0, s);
           float2 c = step(s, v);
           return float4(a, b.y + c.x, c.y);
         }",
    )
    .unwrap();
    let r = run_with(entry(&m), &[("v", &[1.0, 0.5]), ("s", &[1.0])], &[]);
    // a: t = (.5, .25), t²(3 − 2t) = (.5, .15625); b.y: t = sat((1 − 4)/(2 − 4)) = 1, so 1;
    // c = (1 ≥ 1, .5 ≥ 1) = (1, 0).
    assert_eq!(out(&r, 0), vec![0.5, 0.15625, 2.0, 0.0]);
}

#[test]
fn clamp_lets_the_lower_bound_win_when_the_bounds_cross() {
    // Cg's clamp(x, a, b) is max(a, min(x, b)) (the Cg reference implementation; cgc folds
    // clamp(3, 2, 1) to 2): where a > b the result is a, whatever x is.
    let m = lower(
        "float4 main(float4 x : TEXCOORD0, float4 a : TEXCOORD1) : COLOR {
           return float4(clamp(x.xy, a.xy, a.zw), clamp(x.z, 0.7, 0.2), clamp(3.0, 2.0, 1.0));
         }",
    )
    .unwrap();
    let r = run_with(
        entry(&m),
        &[("x", &[5.0, -5.0, 0.5, 0.0]), ("a", &[2.0, 2.0, 1.0, 1.0])],
        &[],
    );
    // x = 5: min(5, 1) = 1, max(2, 1) = 2; x = −5: min(−5, 1) = −5, max(2, −5) = 2;
    // min(.5, .2) = .2, max(.7, .2) = .7; min(3, 1) = 1, max(2, 1) = 2.
    assert_eq!(out(&r, 0), [2.0, 2.0, 0.7, 2.0]);
}

#[test]
fn zero_weighted_terms_vanish_as_cgc_compiles_them() {
    // cgc's fast math: a·0 + b is b and w·x with w = 1 is x, even when a is infinite (IEEE would give
    // NaN). isinf / isfinite still see the infinity.
    let m = lower(
        "static const float W = 0.0;
         float4 main(float4 a : TEXCOORD0, float4 b : TEXCOORD1) : COLOR {
           float4 w = float4(-W, W + 0.5, 1 - W, W);
           float sum = w.x * a.x + w.y * a.y + w.z * a.z + w.w * a.w;
           return float4(a.x * w.x + b.x, sum, isinf(a.x), isfinite(a.x));
         }",
    )
    .unwrap();
    let r = run_with(
        entry(&m),
        &[
            ("a", &[f32::INFINITY, 4.0, 2.0, 8.0]),
            ("b", &[3.0, 0.0, 0.0, 0.0]),
        ],
        &[],
    );
    // a.x·(−0) + 3 = 3; sum = −0·INF + .5·4 + 1·2 + 0·8 = 4; isinf(INF) = 1, isfinite(INF) = 0.
    assert_eq!(out(&r, 0), [3.0, 4.0, 1.0, 0.0]);
}

#[test]
fn fixed_arithmetic_with_a_literal_of_two_or_more_is_half_as_cgc_computes_it() {
    // cgc computes `fixed * 3.0` and `fixed / 3.0` with H instructions and 3 unclamped (libretro's
    // gameboy shader averages fixed colours with `/ 3.0`); a negated literal or one below 2 converts
    // to fixed and clamps, as the spec's conversions say.
    let m = lower(
        "float4 main(float4 a : TEXCOORD0) : COLOR {
           fixed x = a.x;
           fixed y = a.y;
           return float4((x * 3.0) * y, (x + y) / 3.0, x * -3.0, y * 1.9999999);
         }",
    )
    .unwrap();
    let r = run_with(entry(&m), &[("a", &[0.75, 1.5])], &[]);
    // half 0.75·3 = 2.25, ·1.5 = 3.375 (exact in fp16; fixed would clamp to 2047/1024);
    // fixed 0.75 + 1.5 clamps to 2047/1024, which half holds exactly; 2047/3072 = 0.666341… is
    // 1364.67/2048 and rounds to the fp16 1365/2048 = 0.66650390625 (fixed division by 3 clamped
    // to 2047/1024 would give 1);
    // −3.0 clamps to −2: 0.75·−2 = −1.5; 1.9999999 rounds to fixed 2047/1024, and 1.5 times it
    // clamps to 2047/1024 (half would give 3).
    assert_eq!(out(&r, 0), [3.375, 1365.0 / 2048.0, -1.5, 2047.0 / 1024.0]);
}

#[test]
fn the_interface_uses_cgc_names_arrays_and_units() {
    let m = lower(
        "struct input { float2 video_size; float frame_count; };
         struct VOut { float4 pos : POSITION; float2 uv : TEXCOORD0; };
         uniform float4x4 M;
         float4 main(in VOut IN, uniform input I2, uniform float k[3],
                     uniform sampler2D a : TEXUNIT2, uniform sampler2D b : register(s1),
                     uniform samplerRECT c) : COLOR {
           return tex2D(a, IN.uv) + tex2D(b, I2.video_size) + texRECT(c, IN.uv)
                + k[1] + M[2] + I2.frame_count;
         }",
    )
    .unwrap();
    let f = entry(&m);
    let uniforms: Vec<(String, Option<u32>)> = f
        .uniforms
        .iter()
        .map(|(_, u)| (u.name.clone(), u.array_len))
        .collect();
    assert_eq!(
        uniforms,
        vec![
            ("I2$video_size".to_string(), None),
            ("I2$frame_count".to_string(), None),
            ("k".to_string(), Some(3)),
            ("M".to_string(), Some(4)),
        ]
    );
    let samplers: Vec<(String, Option<u32>)> = f
        .samplers
        .iter()
        .map(|(_, s)| (s.name.clone(), s.unit))
        .collect();
    assert_eq!(
        samplers,
        vec![
            ("a".into(), Some(2)),
            ("b".into(), Some(1)),
            ("c".into(), None)
        ]
    );
    let inputs: Vec<&str> = f.inputs.iter().map(|(_, i)| i.name.as_str()).collect();
    assert_eq!(
        inputs,
        vec!["IN.uv"],
        "the unread POSITION member is dropped"
    );
    let outputs: Vec<(&str, Option<&str>)> = f
        .outputs
        .iter()
        .map(|(_, o)| (o.name.as_str(), o.semantic.as_deref()))
        .collect();
    assert_eq!(outputs, vec![("main", Some("COLOR"))]);
    // Declared as cgc lists them: the entry's parameters, numbered (a struct's members all with
    // its number), then the globals, then the return value.
    let declared: Vec<(String, Option<u32>)> = f
        .interface()
        .into_iter()
        .map(|e| (f.entity_name(e).to_string(), f.origin(e).param))
        .collect();
    let want = [
        ("IN.uv", Some(0)),
        ("I2$video_size", Some(1)),
        ("I2$frame_count", Some(1)),
        ("k", Some(2)),
        ("a", Some(3)),
        ("b", Some(4)),
        ("c", Some(5)),
        ("M", None),
        ("main", None),
    ];
    let want: Vec<(String, Option<u32>)> = want.iter().map(|&(n, p)| (n.to_string(), p)).collect();
    assert_eq!(declared, want);
}

#[test]
fn instructions_carry_the_location_of_their_source() {
    let src = "float4 main(float4 a : TEXCOORD0) : COLOR {\n  float4 r = a;\n  for (int i = 0; i < 2; i++)\n    r += a;\n  return r;\n}\n";
    let front = run("test.cg", src.to_string(), &Options::default());
    let checked = front.checked.as_ref().expect("checked");
    let m = pigment_cg::lower::lower(&front.unit, checked, front.expanded).expect("lowers");
    let f = entry(&m);
    let loop_loc = f
        .body
        .insts
        .iter()
        .find(|i| matches!(i.kind, pigment_ir::InstKind::Loop { .. }))
        .and_then(|i| i.loc)
        .expect("a located loop");
    assert_eq!(loop_loc.file, front.expanded);
    let text = front.files.slice(loop_loc.file, loop_loc.span);
    assert!(
        text.starts_with("for (int i"),
        "the loop points at `for`: {text:?}"
    );
    let mut all_located = true;
    pigment_ir::walk(&f.body, &mut |i| all_located &= i.loc.is_some());
    assert!(all_located, "every instruction has a location");
}

#[test]
fn unsupported_constructs_are_located_errors() {
    let err = lower(
        "float4 main(float4 a : TEXCOORD0, uniform int m) : COLOR {
           float4 r = a;
           switch (m) { case 0: if (a.x > 0) break; r = 1; break; default: r = 2; }
           return r;
         }",
    )
    .unwrap_err();
    assert!(err.contains("test.cg:3:"), "{err}");
    assert!(err.contains("`break`"), "{err}");
    let err = lower("float4 main(inout float4 a : TEXCOORD0) : COLOR { return a; }").unwrap_err();
    assert!(err.contains("test.cg:1:"), "{err}");
    assert!(err.contains("inout"), "{err}");
}

#[test]
fn bools_compare_as_one_and_zero() {
    // Cg 2.0: "For the purpose of relational comparisons, true is treated as one and false is
    // treated as zero."
    let m = lower(
        "float4 main(float2 a : TEXCOORD0) : COLOR {
           bool b = a.x > 0, c = a.y > 0;
           return float4(b >= c, b < c, b > c, b <= c);
         }",
    )
    .unwrap();
    let cases = [
        ([1.0, 1.0], [1.0, 0.0, 0.0, 1.0]),
        ([1.0, -1.0], [1.0, 0.0, 1.0, 0.0]),
        ([-1.0, 1.0], [0.0, 1.0, 0.0, 1.0]),
        ([-1.0, -1.0], [1.0, 0.0, 0.0, 1.0]),
    ];
    for (a, expected) in cases {
        let r = run_with(entry(&m), &[("a", &a)], &[]);
        assert_eq!(out(&r, 0), expected, "a = {a:?}");
    }
}

#[test]
fn interface_entities_of_the_same_name_are_located_errors() {
    // A global uniform and a varying parameter both called `k`: the global (declared after the
    // parameters in cgc's order) is the second one.
    let err = lower(
        "uniform float4 k;
         float4 main(float4 k : TEXCOORD0) : COLOR { return k; }",
    )
    .unwrap_err();
    assert!(err.contains("test.cg:1:"), "{err}");
    assert!(err.contains("named `k`"), "{err}");
    // A parameter named like the entry, whose return value is named `main` too: the error points
    // at the entry's name (line 2, column 8).
    let err = lower(
        "
float4 main(float4 main : TEXCOORD0) : COLOR { return main; }",
    )
    .unwrap_err();
    assert!(err.contains("test.cg:2:8"), "{err}");
    assert!(err.contains("named `main`"), "{err}");
}

/// The defaults of the uniform called `name`, as f32 components per element.
fn default_of(f: &Function, name: &str) -> Option<Vec<Vec<f32>>> {
    let u = &f.uniforms[f.uniform(name).expect("the uniform exists")];
    u.default
        .as_ref()
        .map(|els| els.iter().map(|v| v.to_f32s()).collect())
}

#[test]
fn uniform_initializers_become_defaults() {
    let m = lower(
        "struct S { float2 a; float b; };
         uniform float frequency = 18.0;
         uniform float3 tint = float3(0.95, 0.55, 0.25);
         uniform half h = 0.45;
         uniform float4 arr[2] = { float4(1, 2, 3, 4), float4(5, 6, 7, 8) };
         uniform float3x2 M = { 1, 2, 3, 4, 5, 6 };
         uniform S s = { float2(1, -2), 3 };
         uniform float4 plain;
         static const float two = 2.0;
         uniform float folded = -two * 0.25;
         float4 main(uniform float w = 2.5) : COLOR {
           return frequency + tint.xyzx + h + arr[1] + M[2].xyxy + s.a.xyxy + s.b + plain
                + w + folded;
         }",
    )
    .unwrap();
    let f = entry(&m);
    assert_eq!(default_of(f, "frequency"), Some(vec![vec![18.0]]));
    assert_eq!(default_of(f, "tint"), Some(vec![vec![0.95f32, 0.55, 0.25]]));
    // In [0.25, 0.5) fp16 steps by 2^-12: 0.45 = 1843.2 / 4096 rounds to 1843 / 4096 (cgc printed
    // its `#default` as 0.44995117).
    assert_eq!(default_of(f, "h"), Some(vec![vec![0.449_951_17]]));
    assert_eq!(
        default_of(f, "arr"),
        Some(vec![vec![1.0, 2.0, 3.0, 4.0], vec![5.0, 6.0, 7.0, 8.0]])
    );
    // A matrix initializer fills rows in turn.
    assert_eq!(
        default_of(f, "M"),
        Some(vec![vec![1.0, 2.0], vec![3.0, 4.0], vec![5.0, 6.0]])
    );
    assert_eq!(default_of(f, "s$a"), Some(vec![vec![1.0, -2.0]]));
    assert_eq!(default_of(f, "s$b"), Some(vec![vec![3.0]]));
    assert_eq!(default_of(f, "plain"), None);
    assert_eq!(default_of(f, "w"), Some(vec![vec![2.5]]));
    assert_eq!(default_of(f, "folded"), Some(vec![vec![-0.5]]));
    let matrices: Vec<&str> = f
        .uniforms
        .iter()
        .filter(|(_, u)| u.matrix)
        .map(|(_, u)| u.name.as_str())
        .collect();
    assert_eq!(matrices, vec!["M"], "only the matrix is marked as one");
}

#[test]
fn a_run_without_uniform_values_sees_the_defaults() {
    let m = lower(
        "uniform float2 g = float2(1.5, -3);
         uniform int n = 3;
         float4 main() : COLOR { return float4(g, n, 1); }",
    )
    .unwrap();
    let f = entry(&m);
    let r = run_fragment(f, &[], &f.initial_uniforms(), &mut NoTextures).expect("runs");
    assert_eq!(out(&r, 0), vec![1.5, -3.0, 3.0, 1.0]);
}

#[test]
fn a_uniform_initializer_must_be_constant() {
    let err = lower(
        "uniform float a;
         uniform float b = a * 2;
         float4 main() : COLOR { return b; }",
    )
    .unwrap_err();
    assert!(err.contains("test.cg:2:28"), "{err}");
    assert!(
        err.contains("the initial value of uniform `b` must be a constant expression"),
        "{err}"
    );
}

#[test]
fn integer_bit_operations_follow_c() {
    // Before: the front end refused `&`, `|`, `^`, `~`, `<<`, `>>`; now they lower to the IR's int
    // bit operations (the back ends without integers refuse them).
    let m = lower(
        "float4 main(uniform int a, uniform int b) : COLOR
         {
             int e = a;
             e <<= 2;
             return float4((a & b) | (a ^ b) << 4, ~a, -16 >> b, e);
         }",
    )
    .unwrap();
    let r = run_with(entry(&m), &[], &[("a", &[&[12.0]]), ("b", &[&[2.0]])]);
    // a = 0b1100, b = 0b10: a & b = 0, a ^ b = 14, 14 << 4 = 224, 0 | 224 = 224; ~12 = −13;
    // −16 >> 2 = −4 (the sign copied); 12 << 2 = 48.
    assert_eq!(out(&r, 0), vec![224.0, -13.0, -4.0, 48.0]);
}

#[test]
fn texel_fetches_lower_to_the_irs_fetch_with_the_offset_added() {
    let m = lower(
        "float4 main(uniform sampler2D s, uniform int2 p) : COLOR
         { return texelFetchOffset(s, p, 0, int2(1, 2)) + texelFetch(s, p, 1); }",
    )
    .unwrap();
    let text = pigment_ir::print(&m);
    assert_eq!(text.matches("texfetch").count(), 2, "{text}");
}
