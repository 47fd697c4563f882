//! Proof by execution: corpus fragment programs compiled to SPIR-V, paired with a vertex function
//! lowered by the same crate, drawn on the reference quad by Vulkan (Mesa's lavapipe, through
//! crates/vk-oracle) and compared pixel by pixel with the IR's reference interpreter.
//!
//! Tolerance: |gpu − interpreter| ≤ 2e-3 · max(1, |interpreter|) per component. The interpreter
//! rounds half and fixed after every step, and uses NV's approximations for rcp, rsqrt, exp2,
//! log2, sin, cos and pow; the GPU computes in f32 with its own (pigment_naga's crate doc lists the
//! differences). Non-finite values must be non-finite on both sides.
//!
//! Programs taken: fragment functions of the corpus that read only the varyings the reference quad
//! defines through this vertex stage (TEXCOORD0, TEXCOORD1, COLOR0, COLOR1), use only 2D textures
//! and write a real COLOR. `WPOS` and `FACE` are left out: Vulkan counts fragment y from the top.
//! Every 2D sampler gets the same smooth 8x8 RGBA32F texture, LINEAR and REPEAT, one level, on the
//! GPU and in the NV machine's texture units that serve the interpreter's lookups.

use nvfp::isa::TexTarget;
use nvfp::texture::{Lookup, TexFormat, Texture, TextureUnits};
use pigment_ir::interp::{run_quad, Bindings, Limits, SampleRequest, Textures};
use pigment_ir::SamplerDim;
use pigment_ir::{Function, Vector};
use pigment_naga::{emit, interface, Target};
use std::path::Path;

const SIZE: u32 = 16;
const TEX: u32 = 8;

fn texels() -> Vec<[f32; 4]> {
    (0..TEX * TEX)
        .map(|k| {
            let (x, y) = ((k % TEX) as f32, (k / TEX) as f32);
            [x / 7.0, y / 7.0, (x + y) / 14.0, 1.0 - x / 14.0]
        })
        .collect()
}

/// The NV machine's texture units answering the interpreter's lookups (unit = sampler index).
struct Units(TextureUnits);

impl Textures for Units {
    fn sample(&mut self, r: &SampleRequest) -> [f32; 4] {
        let mut coords = r.quad_coords;
        let lookup = if r.projective {
            for c in &mut coords {
                c[3] = c[r.width as usize - 1];
            }
            Lookup::Projective
        } else if let Some((dx, dy)) = r.gradients {
            Lookup::Gradients {
                ddx: [dx; 4],
                ddy: [dy; 4],
            }
        } else {
            Lookup::Implicit
        };
        let unit = r.sampler.index() as u8;
        self.0.sample_quad(unit, TexTarget::D2, &coords, &lookup)[r.fragment]
    }
}

fn units(f: &Function) -> Units {
    let mut units = TextureUnits::new();
    for (h, _) in f.samplers.iter() {
        let t = Texture::from_rgba_f32(
            TexTarget::D2,
            TEX as usize,
            TEX as usize,
            1,
            TexFormat::FloatRgba,
            &texels(),
        )
        .unwrap();
        units.bind(h.index() as u8, t);
    }
    Units(units)
}

const VERTEX: &str = "vertex fn quad(
    in $p: float4 @ATTR0, in $t0: float4 @ATTR1, in $t1: float4 @ATTR2,
    in $c0: float4 @ATTR3, in $c1: float4 @ATTR4,
    out $pos: float4 @POSITION, out $o0: float4 @TEXCOORD0, out $o1: float4 @TEXCOORD1,
    out $oc0: float4 @COLOR0, out $oc1: float4 @COLOR1,
) {
  %0: float4 = input $p
  store $pos, %0
  %1: float4 = input $t0
  store $o0, %1
  %2: float4 = input $t1
  store $o1, %2
  %3: float4 = input $c0
  store $oc0, %3
  %4: float4 = input $c1
  store $oc1, %4
}
";

/// The reference quad's value of the varying `semantic` at (s, t), by vk_oracle's attributes.
fn varying(semantic: &str, s: f32, t: f32) -> Option<[f32; 4]> {
    let a = vk_oracle::corner(s, t);
    Some(match semantic.to_ascii_uppercase().as_str() {
        "TEXCOORD0" | "TEXCOORD" | "TEX0" => a[1],
        "TEXCOORD1" | "TEX1" => a[2],
        "COLOR0" | "COLOR" | "COL0" | "COL" => a[3],
        "COLOR1" | "COL1" => a[4],
        _ => return None,
    })
}

/// The output the picture shows: COLOR / COLOR0.
fn color_output(f: &Function) -> Option<usize> {
    f.outputs.iter().position(|(_, o)| {
        matches!(
            o.semantic
                .as_deref()
                .map(str::to_ascii_uppercase)
                .as_deref(),
            Some("COLOR" | "COLOR0" | "COL" | "COL0")
        ) && o.ty.kind.is_real()
    })
}

fn drawable(f: &Function) -> bool {
    f.stage == pigment_ir::Stage::Fragment
        && f.samplers.iter().all(|(_, s)| s.dim == SamplerDim::D2)
        && color_output(f).is_some()
        && f.inputs.iter().all(|(_, i)| {
            i.ty.kind.is_real() && varying(i.semantic.as_deref().unwrap_or(""), 0.0, 0.0).is_some()
        })
}

/// The interpreter's picture, row j = 0 first; discarded fragments (0, 0, 0, 0).
fn interpreted(f: &Function) -> Vec<[f32; 4]> {
    let out = color_output(f).unwrap();
    let uniforms = f.initial_uniforms();
    let mut picture = vec![[0.0; 4]; (SIZE * SIZE) as usize];
    for qj in (0..SIZE).step_by(2) {
        for qi in (0..SIZE).step_by(2) {
            let at = |k: usize| (qi + (k as u32 & 1), qj + (k as u32 >> 1));
            let inputs = std::array::from_fn(|k| {
                let (i, j) = at(k);
                let (s, t) = (
                    (i as f32 + 0.5) / SIZE as f32,
                    (j as f32 + 0.5) / SIZE as f32,
                );
                f.inputs
                    .iter()
                    .map(|(_, inp)| {
                        let v = varying(inp.semantic.as_deref().unwrap_or(""), s, t).unwrap();
                        Vector::reals(inp.ty.kind, &v[..inp.ty.width as usize])
                    })
                    .collect()
            });
            let bindings = Bindings {
                inputs,
                uniforms: uniforms.clone(),
            };
            let results = run_quad(f, &bindings, &mut units(f), Limits::default()).unwrap();
            for (k, r) in results.iter().enumerate() {
                let (i, j) = at(k);
                if r.discarded {
                    continue;
                }
                let v = r.outputs[out].value;
                let mut px = [0.0; 4];
                for (c, p) in px.iter_mut().enumerate().take(v.ty.width as usize) {
                    *p = f32::from_bits(v.bits[c]);
                }
                picture[(j * SIZE + i) as usize] = px;
            }
        }
    }
    picture
}

fn close(gpu: f32, reference: f32) -> bool {
    if !reference.is_finite() || !gpu.is_finite() {
        return !reference.is_finite() && !gpu.is_finite();
    }
    (gpu - reference).abs() <= 2e-3 * reference.abs().max(1.0)
}

fn corpus() -> Vec<(String, Function)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut out = Vec::new();
    for dir in ["tests/in/fp30", "crates/naga-out/tests/in"] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        paths.sort();
        for p in paths
            .into_iter()
            .filter(|p| p.extension().is_some_and(|e| e == "ir"))
        {
            let module = pigment_ir::parse(&std::fs::read_to_string(&p).unwrap()).unwrap();
            for (_, f) in module.functions.iter() {
                out.push((format!("{}:{}", p.display(), f.name), f.clone()));
            }
        }
    }
    let mut cg: Vec<_> = std::fs::read_dir(root.join("tests/in/cg/compile"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    cg.sort();
    cg.push(root.join("examples/cg/rings.cg"));
    for path in cg
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "cg"))
    {
        let p = path.display().to_string();
        let text = std::fs::read_to_string(path).unwrap();
        let front = pigment_cg::driver::run(&p, text, &Default::default());
        let Some(checked) = front.checked.as_ref().filter(|_| !front.has_errors()) else {
            continue;
        };
        let Ok(module) = pigment_cg::lower::lower(&front.unit, checked, front.expanded) else {
            continue;
        };
        for (_, f) in module.functions.iter() {
            out.push((p.clone(), f.clone()));
        }
    }
    out
}

/// Programs whose picture is expected to differ, and why: what the crate doc lists as computed
/// differently by the targets.
const EXPECTED_DIFFERENT: &[(&str, &str)] = &[(
    "fixed_literals.cg",
    "fixed values beyond [-2, 2047/1024] clamp in the IR; naga computes fixed in f32",
)];

#[test]
fn spirv_renders_the_reference_quad_like_the_interpreter() {
    let vertex = pigment_ir::parse(VERTEX).unwrap();
    let vs = &vertex.functions.iter().next().unwrap().1;
    let vs_spirv = emit(vs, Target::SpirV).unwrap().spirv.unwrap();
    let mut drawn = 0;
    // Pixels that are not the clear colour: a picture of zeros would agree with anything.
    let mut lit = 0;
    let mut failures = Vec::new();
    for (name, f) in corpus().into_iter().filter(|(_, f)| drawable(f)) {
        let fs_spirv = emit(&f, Target::SpirV).unwrap().spirv.unwrap();
        let uniforms = interface::uniform_bytes(&f, &f.initial_uniforms());
        let data = texels();
        let textures: Vec<_> = interface::sampler_units(&f)
            .into_iter()
            .map(|unit| {
                let (texture_binding, sampler_binding) = interface::texture_bindings(unit);
                vk_oracle::Texture2d {
                    texture_binding,
                    sampler_binding,
                    width: TEX,
                    height: TEX,
                    texels: &data,
                    nearest: false,
                }
            })
            .collect();
        let draw = vk_oracle::Draw {
            vertex_spirv: &vs_spirv,
            fragment_spirv: &fs_spirv,
            vertex_entry: "quad",
            fragment_entry: &f.name,
            vertex_uniforms: &[],
            fragment_uniforms: &uniforms,
            fragment_textures: &textures,
            width: SIZE,
            height: SIZE,
        };
        let gpu = vk_oracle::render(&draw).unwrap_or_else(|e| panic!("{name}: {e}"));
        let reference = interpreted(&f);
        drawn += 1;
        lit += gpu.iter().filter(|px| px.iter().any(|&c| c != 0.0)).count();
        eprintln!(
            "{name}: drawn, pixel (5, 9) {:?}",
            gpu[9 * SIZE as usize + 5]
        );
        let bad = gpu
            .iter()
            .zip(&reference)
            .enumerate()
            .find(|(_, (g, r))| g.iter().zip(r.iter()).any(|(&g, &r)| !close(g, r)));
        let expected = EXPECTED_DIFFERENT
            .iter()
            .find(|(file, _)| name.ends_with(file));
        if let Some((file, why)) = expected {
            assert!(
                bad.is_some(),
                "{file} renders alike now ({why} no longer shows): take it off the list"
            );
            continue;
        }
        if let Some((k, (g, r))) = bad {
            failures.push(format!(
                "{name}: pixel ({}, {}): vulkan {g:?}, interpreter {r:?}",
                k as u32 % SIZE,
                k as u32 / SIZE
            ));
        }
    }
    assert!(drawn >= 10, "only {drawn} programs drawn");
    assert!(
        lit > drawn * (SIZE * SIZE) as usize / 2,
        "only {lit} pixels drawn"
    );
    assert!(
        failures.is_empty(),
        "{} of {drawn} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// A vertex function computing its varying (dot products with a uniform matrix, a mad, a
/// conversion through half), drawn with a pass-through fragment function. Its output is affine in
/// the attributes, so the rasterizer's interpolation gives at every pixel what `run_vertex` gives
/// for the attributes at the pixel's centre.
const AFFINE_VERTEX: &str = "vertex fn vs(
    in $p: float4 @ATTR0, in $t0: float4 @ATTR1, in $c0: float4 @ATTR3,
    uniform $m: float4[2] = [1.0, 2.0, 3.0, 4.0] [0.5, -1.0, 2.0, 0.25],
    out $pos: float4 @POSITION, out $o: float4 @TEXCOORD0,
) {
  %0: float4 = input $p
  store $pos, %0
  %1: float4 = input $t0
  %2: float4 = input $c0
  %3: float4 = uniform $m[0]
  %4: float4 = uniform $m[1]
  %5: float = dot %3, %1
  %6: float = dot %4, %2
  %7: float = swizzle %1.x
  %8: float = swizzle %4.y
  %9: float = swizzle %2.z
  %10: float = mad %7, %8, %9
  %11: float2 = swizzle %2.yx
  %12: half2 = cvt %11
  %13: float2 = cvt %12
  %14: float4 = construct %5, %6, %13
  store $o.xyzw, %14
  store $o.y, %10
}
fn fs(in $t: float4 @TEXCOORD0, out $c: float4 @COLOR) {
  %0: float4 = input $t
  store $c, %0
}
";

#[test]
fn a_vertex_function_renders_like_run_vertex() {
    let module = pigment_ir::parse(AFFINE_VERTEX).unwrap();
    let vs = &module
        .functions
        .iter()
        .find(|(_, f)| f.name == "vs")
        .unwrap()
        .1;
    let fs = &module
        .functions
        .iter()
        .find(|(_, f)| f.name == "fs")
        .unwrap()
        .1;
    let vs_spirv = emit(vs, Target::SpirV).unwrap().spirv.unwrap();
    let fs_spirv = emit(fs, Target::SpirV).unwrap().spirv.unwrap();
    let uniforms = interface::uniform_bytes(vs, &vs.initial_uniforms());
    let draw = vk_oracle::Draw {
        vertex_spirv: &vs_spirv,
        fragment_spirv: &fs_spirv,
        vertex_entry: "vs",
        fragment_entry: "fs",
        vertex_uniforms: &uniforms,
        fragment_uniforms: &[],
        fragment_textures: &[],
        width: SIZE,
        height: SIZE,
    };
    let gpu = vk_oracle::render(&draw).unwrap();
    for (k, g) in gpu.iter().enumerate() {
        let (i, j) = (k as u32 % SIZE, k as u32 / SIZE);
        let (s, t) = (
            (i as f32 + 0.5) / SIZE as f32,
            (j as f32 + 0.5) / SIZE as f32,
        );
        let a = vk_oracle::corner(s, t);
        let inputs = [a[0], a[1], a[3]].map(|v| Vector::reals(pigment_ir::ScalarKind::Float, &v));
        let r = pigment_ir::interp::run_vertex(vs, &inputs, &vs.initial_uniforms(), &mut units(vs))
            .unwrap();
        let o = r.outputs[1].value;
        let want: [f32; 4] = std::array::from_fn(|c| f32::from_bits(o.bits[c]));
        assert!(
            g.iter().zip(&want).all(|(&g, &w)| close(g, w)),
            "pixel ({i}, {j}): vulkan {g:?}, run_vertex {want:?}"
        );
    }
}
