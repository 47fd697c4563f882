//! Test support shared by the back ends' tests and measurements (included by path from
//! crates/glsl and crates/arb too): the project's corpus of IR functions, the Cg files of a shader
//! collection, and the reference quad drawn two ways: through naga's SPIR-V on Vulkan
//! (crates/vk-oracle) with a vertex stage lowered by this crate, and by the IR's reference
//! interpreter, whose lookups the NV machine's texture units serve.
#![allow(dead_code)]

use nvfp::isa::TexTarget;
use nvfp::texture::{Lookup, TexFormat, Texture, TextureUnits};
use pigment_ir::interp::{run_quad, Bindings, Limits, SampleRequest, Textures};
use pigment_ir::SamplerDim;
use pigment_ir::{Function, Vector};
use pigment_naga::{emit, emit_with, interface, Target};

/// The workspace root.
pub fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every file under `dir` (outside folders named `errors`) whose name ends in `.ext`, sorted.
pub fn files_in(dir: &std::path::Path, ext: &str) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() && !p.ends_with("errors") {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == ext) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Every IR function of the project's corpus with the name of its file: the IR files under
/// tests/in/fp30, tests/in/ir/text, crates/naga-out/tests/in and `extra` (workspace-relative), and
/// the Cg programs of examples/cg and tests/in/cg/compile lowered through crates/cg.
pub fn corpus(extra: &[&str]) -> Vec<(String, Function)> {
    let mut out = Vec::new();
    let ir_dirs = [
        "tests/in/fp30",
        "tests/in/ir/text",
        "crates/naga-out/tests/in",
    ];
    for dir in ir_dirs.iter().chain(extra) {
        for p in files_in(&root().join(dir), "ir") {
            let text = std::fs::read_to_string(&p).unwrap();
            let module =
                pigment_ir::parse(&text).unwrap_or_else(|e| panic!("{}: {e:?}", p.display()));
            for (_, f) in module.functions.iter() {
                let errors = pigment_ir::verify_function(f);
                assert!(errors.is_empty(), "{}: {errors:?}", p.display());
                out.push((p.display().to_string(), f.clone()));
            }
        }
    }
    for dir in ["examples/cg", "tests/in/cg/compile"] {
        for p in files_in(&root().join(dir), "cg") {
            let text = std::fs::read_to_string(&p).unwrap();
            let name = p.display().to_string();
            let front = pigment_cg::driver::run(&name, text, &Default::default());
            let Some(checked) = front.checked.as_ref().filter(|_| !front.has_errors()) else {
                continue;
            };
            let Ok(module) = pigment_cg::lower::lower(&front.unit, checked, front.expanded) else {
                continue;
            };
            for (_, f) in module.functions.iter() {
                out.push((name.clone(), f.clone()));
            }
        }
    }
    assert!(
        out.len() > 50,
        "the corpus shrank to {} functions",
        out.len()
    );
    out
}

pub const SIZE: u32 = 16;
pub const TEX: u32 = 8;

/// The reference texture: a smooth ramp whose texels are multiples of 1/16. Pixel centres sample
/// it at weights 1/4 and 3/4, so every bilinear blend is exact in f32 whatever the filtering
/// formula; with texels of x/7 the blend's last bit was llvmpipe's or the NV machine's filtering,
/// which decided knife-edge comparisons (reverse-aa, 2xSaL, multiLUT) for neither compiler's reason.
pub fn texels() -> Vec<[f32; 4]> {
    (0..TEX * TEX)
        .map(|k| {
            let (x, y) = ((k % TEX) as f32, (k / TEX) as f32);
            [x / 8.0, y / 8.0, (x + y) / 16.0, 1.0 - x / 16.0]
        })
        .collect()
}

/// The NV machine's texture units answering the interpreter's lookups (unit = sampler index), each
/// sampler through its target.
pub struct Units(pub TextureUnits, pub Vec<TexTarget>);

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
        let target = self
            .1
            .get(r.sampler.index())
            .copied()
            .unwrap_or(TexTarget::D2);
        self.0.sample_quad(unit, target, &coords, &lookup)[r.fragment]
    }
}

pub fn units(f: &Function) -> Units {
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
    Units(units, vec![TexTarget::D2; f.samplers.len()])
}

pub const VERTEX: &str = "vertex fn quad(
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
pub fn varying(semantic: &str, s: f32, t: f32) -> Option<[f32; 4]> {
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
pub fn color_output(f: &Function) -> Option<usize> {
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

pub fn drawable(f: &Function) -> bool {
    f.stage == pigment_ir::Stage::Fragment
        && f.samplers.iter().all(|(_, s)| s.dim == SamplerDim::D2)
        && color_output(f).is_some()
        && f.inputs.iter().all(|(_, i)| {
            i.ty.kind.is_real() && varying(i.semantic.as_deref().unwrap_or(""), 0.0, 0.0).is_some()
        })
}

/// The interpreter's picture, row j = 0 first; discarded fragments (0, 0, 0, 0).
pub fn interpreted(f: &Function, uniforms: &[Vec<Vector>]) -> Result<Vec<[f32; 4]>, String> {
    interpreted_with(f, uniforms, &mut units(f))
}

/// [`interpreted`] with the lookups answered by `textures`.
pub fn interpreted_with(
    f: &Function,
    uniforms: &[Vec<Vector>],
    textures: &mut dyn Textures,
) -> Result<Vec<[f32; 4]>, String> {
    let out = color_output(f).unwrap();
    let mut picture = vec![[0.0; 4]; (SIZE * SIZE) as usize];
    for qj in (0..SIZE).step_by(2) {
        for qi in (0..SIZE).step_by(2) {
            let at = |k: usize| (qi + (k as u32 & 1), qj + (k as u32 >> 1));
            let inputs = std::array::from_fn(|k| {
                let (i, j) = at(k);
                let (s, t) = centre(i, j);
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
                uniforms: uniforms.to_vec(),
            };
            let results =
                run_quad(f, &bindings, textures, Limits::default()).map_err(|e| e.message)?;
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
    Ok(picture)
}

pub fn close(gpu: f32, reference: f32) -> bool {
    if !reference.is_finite() || !gpu.is_finite() {
        return !reference.is_finite() && !gpu.is_finite();
    }
    (gpu - reference).abs() <= 2e-3 * reference.abs().max(1.0)
}

/// The first pixel where the Vulkan picture of fragment function `f` (with `uniforms`, one list of
/// elements per uniform) and the interpreter's differ beyond [`close`], if any, and how many pixels
/// Vulkan drew that are not the clear colour.
pub fn compare(f: &Function, uniforms: &[Vec<Vector>]) -> Result<(Option<String>, usize), String> {
    compare_precise(f, uniforms, false)
}

/// [`compare`] with the fragment shader lowered in the fp30 precision mode when `fp30`.
pub fn compare_precise(
    f: &Function,
    uniforms: &[Vec<Vector>],
    fp30: bool,
) -> Result<(Option<String>, usize), String> {
    let gpu = vulkan_picture(f, uniforms, fp30)?;
    let reference = interpreted(f, uniforms)?;
    let lit = gpu.iter().filter(|px| px.iter().any(|&c| c != 0.0)).count();
    let bad = gpu
        .iter()
        .zip(&reference)
        .enumerate()
        .find(|(_, (g, r))| g.iter().zip(r.iter()).any(|(&g, &r)| !close(g, r)))
        .map(|(k, (g, r))| {
            format!(
                "pixel ({}, {}): vulkan {g:?}, interpreter {r:?}",
                k as u32 % SIZE,
                k as u32 / SIZE
            )
        });
    Ok((bad, lit))
}

/// The picture lavapipe draws of `f` through naga's SPIR-V (row j = 0 first), the fragment
/// shader lowered in the fp30 precision mode when `fp30`.
pub fn vulkan_picture(
    f: &Function,
    uniforms: &[Vec<Vector>],
    fp30: bool,
) -> Result<Vec<[f32; 4]>, String> {
    let data = texels();
    let textures: Vec<_> = interface::sampler_units(f)
        .into_iter()
        .map(|unit| texture_at(unit, &data))
        .collect();
    vulkan_picture_with(f, uniforms, fp30, &textures)
}

/// The measurements' texture on Vulkan at the bindings of texture unit `unit`: `texels`, TEX x TEX,
/// LINEAR, REPEAT, colour (change the fields for other kinds).
pub fn texture_at(unit: u32, texels: &[[f32; 4]]) -> vk_oracle::Texture2d<'_> {
    let (texture_binding, sampler_binding) = interface::texture_bindings(unit);
    vk_oracle::Texture2d {
        texture_binding,
        sampler_binding,
        width: TEX,
        height: TEX,
        texels,
        nearest: false,
        clamp_to_edge: false,
        depth_compare: false,
    }
}

/// The (s, t) of the centre of pixel (i, j) of the SIZE x SIZE picture.
pub fn centre(i: u32, j: u32) -> (f32, f32) {
    (
        (i as f32 + 0.5) / SIZE as f32,
        (j as f32 + 0.5) / SIZE as f32,
    )
}

/// [`vulkan_picture`] with the fragment stage's `textures`.
pub fn vulkan_picture_with(
    f: &Function,
    uniforms: &[Vec<Vector>],
    fp30: bool,
    textures: &[vk_oracle::Texture2d],
) -> Result<Vec<[f32; 4]>, String> {
    let vertex = pigment_ir::parse(VERTEX).map_err(|e| format!("{e:?}"))?;
    let vs = &vertex
        .functions
        .iter()
        .next()
        .ok_or("no vertex function")?
        .1;
    let vs_spirv = emit(vs, Target::SpirV)
        .map_err(|e| e.message)?
        .spirv
        .unwrap_or_default();
    let fs_spirv = emit_with(f, Target::SpirV, fp30)
        .map_err(|e| e.message)?
        .spirv
        .unwrap_or_default();
    let bytes = interface::uniform_bytes(f, uniforms);
    let draw = vk_oracle::Draw {
        vertex_spirv: &vs_spirv,
        fragment_spirv: &fs_spirv,
        vertex_entry: "quad",
        fragment_entry: &f.name,
        vertex_uniforms: &[],
        fragment_uniforms: &bytes,
        fragment_textures: textures,
        width: SIZE,
        height: SIZE,
    };
    vk_oracle::render(&draw)
}

/// `f`'s uniforms as the local measurements set them: defaults, but for the libretro sizes:
/// `*video_size` and `*texture_size` (8, 8), the texture's, `*output_size` (16, 16), the
/// picture's, and `*frame_count` 1.
pub fn libretro_uniforms(f: &Function) -> Vec<Vec<Vector>> {
    let size = |n: f32| -> Vec<f32> { vec![n; 4] };
    f.uniforms
        .iter()
        .zip(f.initial_uniforms())
        .map(|((_, u), initial)| {
            let value = if u.name.ends_with("video_size") || u.name.ends_with("texture_size") {
                size(TEX as f32)
            } else if u.name.ends_with("output_size") {
                size(SIZE as f32)
            } else if u.name.ends_with("frame_count") {
                size(1.0)
            } else {
                return initial;
            };
            if !u.ty.kind.is_real() {
                return initial;
            }
            let v = Vector::reals(u.ty.kind, &value[..u.ty.width as usize]);
            vec![v; initial.len()]
        })
        .collect()
}
