//! Multipass (`pigment_multipass`): a shader too large for one fp30 program is split into
//! passes that each compile, and drawing them in order on nvfp's machine, the intermediate values
//! kept in f32 rectangle textures read at `WPOS.xy`, gives the pixels the IR interpreter gives
//! running the unsplit function; a small shader stays one pass.
//!
//! The frame is 8×4 pixels (eight quads). Both sides see the same inputs per pixel (`WPOS` at
//! the pixel's centre, texture coordinates, normal and position from its place), the same frame
//! buffer (`FB`, a rectangle texture) and the same 2-D textures, sampled by nvfp's texture code
//! on both sides. The tolerance is the interpreter-versus-machine differential test's.

use nvfp::exec::{Machine, Parameters, QuadInput};
use nvfp::isa::TexTarget;
use nvfp::texture::{Filter, Lookup, TexFormat, Texture, TextureUnits};
use pigment_diag::FileId;
use pigment_fp30::Binding;
use pigment_ir::interp::{run_quad, Bindings, Limits as InterpLimits, SampleRequest, Textures};
use pigment_ir::{Function, Vector};
use pigment_multipass::{partition, partition_with, Cost, Limits, Partition, PassOutput};
use std::collections::HashMap;

#[path = "../../isl/tests/common/mod.rs"]
mod common;

use common::lower_lit as lower;

const W: usize = 8;
const H: usize = 4;

/// The frame buffer's colour at pixel (x, y): varied, inside [0, 1].
fn fb_texel(x: usize, y: usize) -> [f32; 4] {
    let (x, y) = (x as f32, y as f32);
    [
        (x + 1.0) / (W as f32 + 1.0),
        (y + 1.0) / (H as f32 + 1.0),
        ((x * 3.0 + y * 5.0) % 7.0) / 7.0,
        0.75,
    ]
}

/// A 4×4 texture whose texels depend on `seed` (a texture name's bytes).
fn named_texture(seed: &str) -> Texture {
    let k = seed
        .bytes()
        .fold(7u32, |h, b| h.wrapping_mul(31).wrapping_add(u32::from(b)));
    let texels: Vec<[f32; 4]> = (0..16u32)
        .map(|i| {
            let v = |j: u32| ((k.wrapping_mul(i * 4 + j + 1) >> 3) % 1000) as f32 / 1000.0;
            [v(0), v(1), v(2), v(3)]
        })
        .collect();
    Texture::from_rgba_f32(TexTarget::D2, 4, 4, 1, TexFormat::FloatRgba, &texels).expect("texture")
}

/// A W×H float rectangle texture read with nearest filtering, as a frame buffer or target is.
fn rect(pixels: &[[f32; 4]]) -> Texture {
    Texture::from_rgba_f32(TexTarget::Rect, W, H, 1, TexFormat::FloatRgba, pixels)
        .expect("rect")
        .with_filter(Filter::Nearest)
}

fn frame_buffer() -> Texture {
    let pixels: Vec<[f32; 4]> = (0..W * H).map(|i| fb_texel(i % W, i / W)).collect();
    rect(&pixels)
}

/// The value of the input with `semantic` at pixel (x, y).
fn input_at(semantic: Option<&str>, x: usize, y: usize) -> [f32; 4] {
    let s = (x as f32 + 0.5) / W as f32;
    let t = (y as f32 + 0.5) / H as f32;
    match semantic {
        Some("WPOS") => [x as f32 + 0.5, y as f32 + 0.5, 0.5, 1.0],
        Some("TEXCOORD0") => [s, t, 0.0, 1.0],
        Some("TEXCOORD1") => {
            let n = [s - 0.5, t - 0.5, 1.0];
            let l = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
            [n[0] / l, n[1] / l, n[2] / l, 0.0]
        }
        Some("TEXCOORD2") => [2.0 * s - 1.0, 2.0 * t - 1.0, 0.0, 1.0],
        _ => [0.5, 0.5, 0.0, 1.0],
    }
}

/// Pixel (x, y) of fragment `f` of quad `q` (quads row by row, W/2 to a row).
fn pixel(q: usize, f: usize) -> (usize, usize) {
    (2 * (q % (W / 2)) + (f & 1), 2 * (q / (W / 2)) + (f >> 1))
}

const QUADS: usize = (W / 2) * (H / 2);

/// The interpreter's textures: each sampler by name, sampled by nvfp's texture code.
struct Named {
    units: HashMap<String, TextureUnits>,
}

impl Named {
    fn texture(&mut self, name: &str) -> &TextureUnits {
        self.units.entry(name.to_string()).or_insert_with(|| {
            let mut u = TextureUnits::new();
            let t = if name == "FB" {
                frame_buffer()
            } else {
                named_texture(name)
            };
            u.bind(0, t);
            u
        })
    }
}

impl Textures for Named {
    fn sample(&mut self, r: &SampleRequest) -> [f32; 4] {
        assert!(!r.projective && r.gradients.is_none() && r.lod.is_none());
        let target = if r.info.name == "FB" {
            TexTarget::Rect
        } else {
            TexTarget::D2
        };
        let coords = r.quad_coords;
        self.texture(&r.info.name)
            .sample_quad(0, target, &coords, &Lookup::Implicit)[r.fragment]
    }
}

/// The unsplit function's pixels, by the IR interpreter (row 0 at the bottom); `None` where the
/// fragment is discarded.
fn interpret(func: &Function) -> Vec<Option<[f32; 4]>> {
    let mut out = vec![None; W * H];
    let mut tex = Named {
        units: HashMap::new(),
    };
    for q in 0..QUADS {
        let mut b = Bindings {
            uniforms: func.initial_uniforms(),
            ..Bindings::default()
        };
        for (f, inputs) in b.inputs.iter_mut().enumerate() {
            let (x, y) = pixel(q, f);
            for (_, i) in func.inputs.iter() {
                inputs.push(Vector::floats(&input_at(i.semantic.as_deref(), x, y)));
            }
        }
        let r = run_quad(func, &b, &mut tex, InterpLimits::default()).expect("interpreter runs");
        for (f, res) in r.iter().enumerate() {
            let (x, y) = pixel(q, f);
            let colour: [f32; 4] = res.outputs[0].value.to_f32s().try_into().expect("float4");
            out[y * W + x] = (!res.discarded).then_some(colour);
        }
    }
    out
}

/// Draws the passes in order on nvfp's machine; the final pass's pixels, `None` where it kills
/// the fragment (only the final pass may).
fn render(p: &Partition) -> Vec<Option<[f32; 4]>> {
    let mut targets: Vec<Option<Vec<[f32; 4]>>> = vec![None; p.targets];
    let mut result = None;
    for pass in &p.passes {
        let loaded = nvfp::validate::load(&pass.compiled.program, FileId(0))
            .unwrap_or_else(|e| panic!("nvfp refused: {e:?}\n{}", pass.compiled.text));
        let machine = Machine::new(&loaded);
        let params = Parameters::for_program(&loaded);
        let mut units = TextureUnits::new();
        for b in &pass.compiled.bindings {
            if let Binding::Sampler { name, unit, .. } = b {
                let read = pass.reads.iter().find(|r| r.sampler == *name);
                let t = match read {
                    Some(r) => rect(targets[r.target].as_ref().expect("target written before")),
                    None if name == "FB" => frame_buffer(),
                    None => named_texture(name),
                };
                units.bind(*unit, t);
            }
        }
        let mut image = vec![None; W * H];
        for q in 0..QUADS {
            let mut quad = QuadInput::default();
            for b in &pass.compiled.bindings {
                if let Binding::Input { name, register } = b {
                    let h = pass.function.input(name).expect("bound input exists");
                    let semantic = pass.function.inputs[h].semantic.as_deref();
                    for f in 0..4 {
                        let (x, y) = pixel(q, f);
                        quad.attribs[register.index()][f] = input_at(semantic, x, y);
                    }
                }
            }
            let out = machine.run_quad_traced(&quad, &params, &units).0;
            for f in 0..4 {
                let (x, y) = pixel(q, f);
                let last = pass.writes == PassOutput::Final;
                assert!(last || !out.killed[f], "a pass before the last kills");
                image[y * W + x] = (!out.killed[f]).then_some(out.color[f]);
            }
        }
        match pass.writes {
            PassOutput::Target(t) => {
                let pixels = image.iter().map(|c| c.unwrap_or_default()).collect();
                targets[t] = Some(pixels)
            }
            PassOutput::Final => result = Some(image),
        }
    }
    result.expect("a final pass")
}

fn agree(ir: f32, nv: f32) -> bool {
    ir.to_bits() == nv.to_bits()
        || (ir.is_nan() && nv.is_nan())
        || (ir - nv).abs() <= 1e-5 * ir.abs().max(1.0)
}

#[track_caller]
fn assert_same_pixels(func: &Function, p: &Partition) {
    let expected = interpret(func);
    let got = render(p);
    for (i, (e, g)) in expected.iter().zip(&got).enumerate() {
        let same = match (e, g) {
            (Some(e), Some(g)) => e.iter().zip(g).all(|(&a, &b)| agree(a, b)),
            (None, None) => true,
            _ => false,
        };
        assert!(
            same,
            "pixel ({}, {}): interpreter {e:?}, passes {g:?}\n{p}",
            i % W,
            i / W
        );
    }
}

#[track_caller]
fn assert_all_fit(p: &Partition, limit: usize) {
    for (n, pass) in p.passes.iter().enumerate() {
        assert!(
            pass.compiled.instructions <= limit,
            "pass {n}: {} instructions",
            pass.compiled.instructions
        );
    }
    let finals = p.passes.iter().filter(|x| x.writes == PassOutput::Final);
    assert_eq!(finals.count(), 1);
    assert_eq!(p.passes.last().map(|x| x.writes), Some(PassOutput::Final));
}

/// An unrolled `repeat` (`n` times) of frame-buffer arithmetic with a varying `if` in it: with FB,
/// a varying variable and per-pixel masks live across every cut.
fn long_loop(n: usize) -> String {
    format!(
        "surface s(parameter float k = 0.37; parameter color c = color(0.2, 0.4, 0.6, 0.8)) {{
    varying color v;
    uniform float i = 0;
    v = FB;
    repeat ({n}) {{
        FB *= color(0.99, 0.98, 0.97, 1);
        FB += c * (k * 0.01 + i * 0.0001);
        if (FB[0] > 0.5) FB.g += 0.01; else FB.b -= 0.005;
        i += 1;
    }}
    FB = blend(v);
}}"
    )
}

#[test]
fn a_long_unrolled_loop_splits_and_renders_the_same() {
    // 160 times: far beyond 1024 instructions.
    let func = lower(&long_loop(160));
    let mut m = pigment_ir::Module::new();
    m.functions.append(func.clone());
    let whole = pigment_fp30::compile(&m, &func.name, &Default::default());
    let errors = whole.expect_err("too large for one program");
    assert!(
        errors.iter().any(|d| d.message.starts_with("C6002")),
        "{errors:?}"
    );
    let p = partition(&func, &Default::default()).unwrap_or_else(|d| panic!("{d:?}"));
    assert!(p.passes.len() >= 2, "{p}");
    assert!(p.targets >= 1);
    assert_all_fit(&p, 1024);
    assert_same_pixels(&func, &p);
}

/// Twenty textures: more than fp30's sixteen texture units.
fn many_textures() -> String {
    let mut body = String::from("surface s() {\n");
    for n in 0..20 {
        body += &format!("    uniform string t{n} = \"tex{n}\";\n");
    }
    body += "    FB = texture(t0);\n";
    for n in 1..20 {
        body += &format!("    FB *= 0.75;\n    FB += texture(t{n});\n    FB *= 0.5;\n");
    }
    body + "}\n"
}

#[test]
fn more_textures_than_units_split_and_render_the_same() {
    let func = lower(&many_textures());
    assert_eq!(func.samplers.len(), 21, "FB and twenty textures");
    let p = partition(&func, &Default::default()).unwrap_or_else(|d| panic!("{d:?}"));
    assert!(p.passes.len() >= 2, "{p}");
    assert_all_fit(&p, 1024);
    for pass in &p.passes {
        let units = pass
            .compiled
            .bindings
            .iter()
            .filter(|b| matches!(b, Binding::Sampler { .. }))
            .count();
        assert!(units <= 16, "{units} texture units\n{p}");
    }
    assert_same_pixels(&func, &p);
}

#[test]
fn a_small_shader_stays_one_pass() {
    let func =
        lower("surface s(parameter float k = 0.5) { FB *= k; FB += color(0.1, 0.2, 0.3, 0); }");
    let p = partition(&func, &Default::default()).unwrap_or_else(|d| panic!("{d:?}"));
    assert_eq!(p.passes.len(), 1);
    assert_eq!(p.targets, 0);
    assert!(p.passes[0].reads.is_empty());
    assert_eq!(p.passes[0].function, func);
    assert_same_pixels(&func, &p);
}

/// A shader with lights, textures, a varying variable and varying ifs, split under a small
/// instruction budget into many passes.
const MIXED: &str = "ambientlight a(parameter color c = color(0.1, 0.2, 0.3, 1)) { FB = c; }
surface s(uniform string t = \"wood\"; parameter float p = 0.4; parameter matrix m = scale(2; 0.5; 1)) {
    varying color v;
    v = FB;
    FB *= texture(t; m);
    if (FB[1] > p) { FB = over(v); if (FB[2] <= 0.5) FB.rb = 0.25; } else FB += ambient();
    FB = blend(v);
    FB *= color(sin(p), cos(p), p * p, 1);
    FB = transform(m);
}";

#[test]
fn a_small_budget_splits_a_small_shader_into_many_passes() {
    let func = lower(MIXED);
    let limits = Limits {
        instructions: 12,
        ..Limits::default()
    };
    let p = partition_with(&func, &Default::default(), &limits, &Cost::default())
        .unwrap_or_else(|d| panic!("{d:?}"));
    assert!(p.passes.len() >= 3, "{p}");
    assert_all_fit(&p, 12);
    assert_same_pixels(&func, &p);
}

#[test]
fn the_description_names_what_each_pass_reads_and_writes() {
    let func = lower(&many_textures());
    let p = partition(&func, &Default::default()).unwrap_or_else(|d| panic!("{d:?}"));
    let text = p.to_string();
    assert!(
        text.starts_with(&format!(
            "{} pass(es), {} render target(s)\n",
            p.passes.len(),
            p.targets
        )),
        "{text}"
    );
    assert!(text.contains("pass 0: "), "{text}");
    assert!(text.contains("; writes target 0\n"), "{text}");
    assert!(text.contains("reads target 0 as `"), "{text}");
    assert!(
        text.trim_end().ends_with("writes COLOR (the result)"),
        "{text}"
    );
    // Every texture of the shader is read by some pass.
    for n in 0..20 {
        assert!(text.contains(&format!("tex{n}")), "tex{n}: {text}");
    }
}

/// A hand-made IR fragment function with what ISL does not produce: an `if` yielding a value, a
/// loop fp30 unrolls (an int counter), a bool computed first and used last, and a conditional
/// `discard`.
fn with_control_flow() -> Function {
    use pigment_ir::{FunctionBuilder, Op, SampleForm, SamplerDim, Type, WriteMask};
    let mut b = FunctionBuilder::new("k");
    let wpos = b.input("WPOS", Type::FLOAT4, Some("WPOS"));
    let fb = b.sampler("FB", SamplerDim::Rect, None);
    let p = b.load_input(wpos);
    let xy = b.swizzle(p, &[0, 1]);
    let c = b.sample(fb, SampleForm::Plain, xy);
    let g = b.extract(c, 1);
    let k = b.float(&[0.4]);
    let early = b.binary(Op::Gt, g, k);
    let zero = b.int(0);
    let params = b.begin_loop(&[zero, c], &[Type::FLOAT4]);
    let (i, x) = (params[0], params[1]);
    let eight = b.int(8);
    let done = b.binary(Op::Ge, i, eight);
    b.begin_if(done, &[]);
    b.break_(&[x]);
    b.end_if();
    let scale = b.float(&[1.1, 0.9, 1.05, 1.0]);
    let bias = b.float(&[0.01, 0.02, -0.01, 0.0]);
    let y = b.mad(x, scale, bias);
    let y = b.unary(Op::Sat, y);
    let one = b.int(1);
    let next = b.add(i, one);
    b.continue_(&[next, y]);
    let x = b.end_loop()[0];
    let r = b.extract(x, 0);
    let half = b.float(&[0.5]);
    let bright = b.binary(Op::Gt, r, half);
    b.begin_if(bright, &[Type::FLOAT4]);
    let sq = b.mul(x, x);
    b.yield_(&[sq]);
    b.begin_else();
    let root = b.unary(Op::Sqrt, x);
    b.yield_(&[root]);
    let x = b.end_if()[0];
    let e4 = b.splat(early, 4);
    let inv = b.float(&[1.0, 1.0, 1.0, 1.0]);
    let flipped = b.sub(inv, x);
    let x = b.select(e4, flipped, x);
    let blue = b.extract(x, 2);
    let low = b.float(&[0.3]);
    let kill = b.binary(Op::Lt, blue, low);
    b.begin_if(kill, &[]);
    b.discard();
    b.end_if();
    let out = b.output("COLOR", Type::FLOAT4, Some("COLOR"));
    b.store(out, WriteMask::all(4), x);
    let f = b.finish().expect("built");
    let errs = pigment_ir::verify_function(&f);
    assert!(
        errs.is_empty(),
        "{errs:?}\n{}",
        pigment_ir::print_function(&f)
    );
    f
}

#[test]
fn control_flow_and_discard_split_and_render_the_same() {
    let func = with_control_flow();
    let one = partition(&func, &Default::default()).unwrap_or_else(|d| panic!("{d:?}"));
    assert_eq!(one.passes.len(), 1);
    let limits = Limits {
        instructions: 10,
        ..Limits::default()
    };
    let p = partition_with(&func, &Default::default(), &limits, &Cost::default())
        .unwrap_or_else(|d| panic!("{d:?}"));
    assert!(p.passes.len() >= 3, "{p}");
    assert_all_fit(&p, 10);
    let expected = interpret(&func);
    assert!(
        expected.iter().any(|c| c.is_none()),
        "some pixel is discarded"
    );
    assert!(expected.iter().any(|c| c.is_some()), "some pixel is kept");
    assert_same_pixels(&func, &p);
}

#[test]
fn errors_other_than_size_are_reported_not_split() {
    use pigment_ir::{FunctionBuilder, Type};
    let mut b = FunctionBuilder::new("silent");
    let wpos = b.input("WPOS", Type::FLOAT4, Some("WPOS"));
    let _ = b.load_input(wpos);
    let f = b.finish().expect("built");
    let d = partition(&f, &Default::default()).expect_err("writes no output");
    assert!(
        d.iter().any(|d| d.message.contains("writes no output")),
        "{d:?}"
    );
}

#[test]
fn a_shader_that_cannot_fit_is_an_error() {
    // With no texture unit, no pass can read the textures the shader sums.
    let func = lower(&many_textures());
    let limits = Limits {
        texture_units: 0,
        ..Limits::default()
    };
    let d = partition_with(&func, &Default::default(), &limits, &Cost::default())
        .expect_err("no pass reads a texture");
    assert!(!d.is_empty());
    // The note says why one pass was not enough.
    let notes: Vec<&String> = d.iter().flat_map(|d| &d.notes).collect();
    assert!(notes.iter().any(|n| n.contains("texture units")), "{d:?}");
}

/// Lights (normal and position inputs, light parameters) in an unrolled loop.
const LIT: &str = "ambientlight a(parameter color c = color(0.1, 0.2, 0.3, 1)) { FB = c; }
distantlight d(parameter color c = color(0.9, 0.8, 0.7, 1)) { FB = c; }
pointlight p(parameter color c = color(1, 0.5, 0.25, 1)) { FB = c; }
surface s(parameter float e = 8; parameter color k = color(0.5, 0.75, 1, 1)) {
    uniform float i = 0;
    repeat (3) {
        FB *= 0.5; FB += ambient(); FB += diffuse(); FB *= k; FB += specular(e + i);
        i += 1;
    }
}";

#[test]
fn every_budget_gives_the_same_pixels() {
    for text in [LIT, MIXED] {
        let func = lower(text);
        for budget in [10, 16, 32, 64, 128] {
            let limits = Limits {
                instructions: budget,
                ..Limits::default()
            };
            let p = partition_with(&func, &Default::default(), &limits, &Cost::default())
                .unwrap_or_else(|d| panic!("budget {budget}: {d:?}\n{text}"));
            assert_all_fit(&p, budget);
            assert_same_pixels(&func, &p);
        }
    }
}

#[test]
fn the_cost_of_a_pass_trades_passes_for_instructions() {
    // With passes free the search takes the longest segment that fits, wherever the cut falls;
    // with passes dear it cuts where few scalars are live (between the loop's statements rather
    // than inside them), which takes fewer passes. Either way the pixels are the same.
    let func = lower(&long_loop(40));
    let limits = Limits {
        instructions: 100,
        ..Limits::default()
    };
    let cheap = Cost {
        pass: 0.0,
        texture: 0.0,
    };
    let dear = Cost {
        pass: 1000.0,
        texture: 4.0,
    };
    let a = partition_with(&func, &Default::default(), &limits, &cheap).expect("splits");
    let b = partition_with(&func, &Default::default(), &limits, &dear).expect("splits");
    assert_all_fit(&a, 100);
    assert_all_fit(&b, 100);
    assert!(b.passes.len() < a.passes.len(), "{a}\n{b}");
    assert_same_pixels(&func, &a);
    assert_same_pixels(&func, &b);
}

#[test]
fn lookups_legalisation_removes_need_no_unit() {
    // Twenty lookups, only one of which reaches the colour: one pass.
    use pigment_ir::{FunctionBuilder, SampleForm, SamplerDim, Type, WriteMask};
    let mut b = FunctionBuilder::new("dead");
    let tc = b.input("TEXCOORD0", Type::FLOAT4, Some("TEXCOORD0"));
    let st = b.load_input(tc);
    let st = b.swizzle(st, &[0, 1]);
    let mut last = st;
    for n in 0..20 {
        let s = b.sampler(&format!("tex{n}"), SamplerDim::D2, None);
        last = b.sample(s, SampleForm::Plain, st);
    }
    let out = b.output("COLOR", Type::FLOAT4, Some("COLOR"));
    b.store(out, WriteMask::all(4), last);
    let func = b.finish().expect("built");
    let p = partition(&func, &Default::default()).unwrap_or_else(|d| panic!("{d:?}"));
    assert_eq!(p.passes.len(), 1, "{p}");
    assert_eq!(p.passes[0].function, func, "the function itself, not split");
    assert_same_pixels(&func, &p);
}

/// Every surface of the checker's good programs (lit by the file's light shaders), split under
/// tiny budgets: the partition never panics; where it succeeds every pass fits, the last one is
/// the only final one, and, when the shader reads only `FB` and 2-D textures (what this harness
/// binds), the pixels are the unsplit function's.
#[test]
fn good_programs_split_under_tiny_budgets() {
    let texts = common::good_programs();
    let mut split = 0;
    for text in &texts {
        let (unit, diags) = pigment_isl::parse_and_check(FileId(0), text);
        assert!(diags.is_empty(), "{text}\n{diags:?}");
        for func in surfaces(&unit) {
            for budget in [4, 8, 24] {
                let limits = Limits {
                    instructions: budget,
                    ..Limits::default()
                };
                let Ok(p) = partition_with(&func, &Default::default(), &limits, &Cost::default())
                else {
                    continue;
                };
                split += usize::from(p.passes.len() > 1);
                assert_all_fit(&p, budget);
                let plain = func
                    .samplers
                    .iter()
                    .all(|(_, s)| s.name == "FB" || s.dim == pigment_ir::SamplerDim::D2);
                if plain {
                    assert_same_pixels(&func, &p);
                }
            }
        }
    }
    assert!(split > 0, "some program splits");
}

/// Every surface or atmosphere shader of `unit` that lowers, lit by the unit's light shaders.
fn surfaces(unit: &pigment_isl::ast::Unit) -> Vec<Function> {
    use pigment_isl::ast::{FuncKind, Item, ShaderKind};
    let shaders: Vec<(&str, bool)> = unit
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Func(f) => match f.kind {
                FuncKind::Shader(ShaderKind::Surface | ShaderKind::Atmosphere, _) => {
                    Some((f.name.text.as_str(), true))
                }
                FuncKind::Shader(_, _) => Some((f.name.text.as_str(), false)),
                _ => None,
            },
            _ => None,
        })
        .collect();
    let lights: Vec<pigment_isl::Light> = shaders
        .iter()
        .filter(|(_, surface)| !surface)
        .map(|(name, _)| pigment_isl::Light {
            unit,
            shader: name.to_string(),
            name: format!("{name}1"),
        })
        .collect();
    shaders
        .iter()
        .filter(|(_, surface)| *surface)
        .filter_map(|(name, _)| pigment_isl::lower_surface_lit(unit, name, &lights).ok())
        .collect()
}

#[test]
fn a_lowered_surface_partitions_into_passes_that_draw_it() {
    let text = many_textures();
    let (unit, diags) = pigment_isl::parse_and_check(FileId(0), &text);
    assert!(diags.is_empty(), "{diags:?}");
    let func = pigment_isl::lower_surface_lit(&unit, "s", &[]).unwrap_or_else(|d| panic!("{d:?}"));
    let p = partition(&func, &Default::default()).unwrap_or_else(|d| panic!("{d:?}"));
    assert!(p.passes.len() >= 2, "{p}");
    assert_same_pixels(&lower(&text), &p);
}
