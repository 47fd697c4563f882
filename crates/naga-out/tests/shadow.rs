//! Shadow-compare lookups through naga: a sampler read with a depth to compare becomes a depth
//! texture with a comparison sampler; the lookups validate on every target, and drawn on lavapipe
//! (D32_SFLOAT textures, LESS_OR_EQUAL) they agree with the NV machine running fp30's program for
//! the same Cg (depth textures with ARB_shadow's LEQUAL), both within 2e-3·max(1, |v|) of each
//! other and equal to the spec's value: 1 where the reference r (clamped to [0, 1]) ≤ the texel's
//! depth D, else 0, in every component.

mod quad;
mod validators;

use nvfp::exec::{Machine, Parameters, QuadOutput};
use nvfp::isa::TexTarget;
use nvfp::raster::reference_quad;
use nvfp::texture::{Filter, TexFormat, Texture, TextureUnits};
use pigment_diag::FileId;
use pigment_fp30::{compile, Binding, Options};
use pigment_ir::Function;
use pigment_naga::{emit, interface, lower, reflect, LowerOptions, Target};
use quad::{close, interpreted_with, vulkan_picture_with, Units, SIZE, TEX};
use validators::{spirv_val, wgsl_round_trip};

/// 2D, projective (q = 4) and RECT lookups with references that cross the texels' depths, and one
/// whose reference leaves [0, 1] (the clamp). At pixel (i, j) of the 16x16 picture, `r` is
/// (i + j + 1) / 32 exactly on every target (the floor of the interpolated coordinate is safe).
const CG: &str = "
float4 main(float4 t0 : TEXCOORD0,
            uniform sampler2D depth : TEXUNIT0,
            uniform samplerRECT rect : TEXUNIT1) : COLOR
{
    float2 cell = floor(t0.xy * 16.0);
    float r = (cell.x + cell.y + 1.0) / 32.0;
    float plain = tex2D(depth, float3(t0.xy, r)).x;
    float proj = tex2Dproj(depth, float4(t0.xy * 4.0, r * 4.0, 4.0)).y;
    float texel = texRECT(rect, float3(t0.xy * 8.0, 1.0 - r)).z;
    float clamped = tex2D(depth, float3(t0.xy, r * 4.0 - 1.5)).w;
    return float4(plain, proj, texel, clamped);
}
";

/// The depth of texel (x, y): multiples of 1/8 from 0 to 1 (1 shows the clamp of references
/// above 1), exact in f32 and in D32_SFLOAT.
fn depth(x: u32, y: u32) -> f32 {
    ((5 * x + 3 * y) % 9) as f32 / 8.0
}

fn depth_texels() -> Vec<[f32; 4]> {
    (0..TEX * TEX)
        .map(|k| [depth(k % TEX, k / TEX), 0.0, 0.0, 1.0])
        .collect()
}

fn function() -> (pigment_ir::Module, Function) {
    let front = pigment_cg::driver::run("shadow.cg", CG.to_string(), &Default::default());
    let checked = front.checked.as_ref().expect("the Cg checks");
    assert!(!front.has_errors());
    let module = pigment_cg::lower::lower(&front.unit, checked, front.expanded).unwrap();
    let f = module.functions.iter().next().unwrap().1.clone();
    (module, f)
}

/// The spec's value of each lookup at pixel (i, j): NEAREST picks texel (i / 2, j / 2).
fn expected(i: u32, j: u32) -> [f32; 4] {
    let d = depth(i / 2, j / 2);
    let r = (i + j + 1) as f32 / 32.0;
    let pass = |r: f32| if r.clamp(0.0, 1.0) <= d { 1.0 } else { 0.0 };
    [pass(r), pass(r), pass(1.0 - r), pass(r * 4.0 - 1.5)]
}

/// The machine's depth textures, the 2D one and the RECT one from the same depths.
fn machine_units(bindings: &[Binding], filter: Filter) -> (TextureUnits, Vec<TexTarget>) {
    let mut units = TextureUnits::new();
    let mut targets = Vec::new();
    for b in bindings {
        if let Binding::Sampler { unit, target, .. } = b {
            let t = Texture::from_rgba_f32(
                *target,
                TEX as usize,
                TEX as usize,
                1,
                TexFormat::FloatR,
                &depth_texels(),
            )
            .unwrap()
            .with_filter(filter)
            .with_depth_compare();
            units.bind(*unit, t);
            targets.push(*target);
        }
    }
    (units, targets)
}

/// fp30's program for `module` drawn on the NV machine with textures filtered by `filter`, row
/// j = 0 first.
fn machine_picture(module: &pigment_ir::Module, filter: Filter) -> (Vec<[f32; 4]>, Vec<TexTarget>) {
    let compiled = compile(module, "main", &Options::default()).unwrap();
    let loaded = nvfp::validate::load(&compiled.program, FileId(0)).unwrap();
    let machine = Machine::new(&loaded);
    let (units, targets) = machine_units(&compiled.bindings, filter);
    let batch = reference_quad(SIZE, SIZE);
    let mut out = vec![QuadOutput::default(); batch.len()];
    machine.run_quads(
        &batch.inputs,
        &Parameters::for_program(&loaded),
        &units,
        &mut out,
    );
    let mut picture = vec![[0.0; 4]; (SIZE * SIZE) as usize];
    for ((o, (x0, y0)), coverage) in out.iter().zip(&batch.origins).zip(&batch.coverage) {
        for f in (0..4).filter(|&f| coverage[f]) {
            let (x, y) = (x0 + (f as u32 & 1), y0 + (f as u32 >> 1));
            picture[(y * SIZE + x) as usize] = o.color[f];
        }
    }
    (picture, targets)
}

#[test]
fn shadow_lookups_draw_on_lavapipe_as_on_the_nv_machine() {
    let (module, f) = function();
    let (machine, targets) = machine_picture(&module, Filter::Nearest);
    assert_eq!(targets, [TexTarget::D2, TexTarget::Rect]);

    // The machine gives the spec's comparisons, and the picture crosses every edge: r below,
    // at and above the depth.
    let mut sides = [0; 3];
    for j in 0..SIZE {
        for i in 0..SIZE {
            let px = machine[(j * SIZE + i) as usize];
            assert_eq!(px, expected(i, j), "the machine at ({i}, {j})");
            let (r, d) = ((i + j + 1) as f32 / 32.0, depth(i / 2, j / 2));
            sides[usize::from(r >= d) + usize::from(r > d)] += 1;
        }
    }
    assert!(sides.iter().all(|&n| n > 0), "r < D, = D, > D: {sides:?}");
    let clamped = (0..SIZE * SIZE)
        .filter(|&k| {
            let (i, j) = (k % SIZE, k / SIZE);
            (i + j + 1) as f32 / 8.0 - 1.5 > 1.0 && depth(i / 2, j / 2) == 1.0
        })
        .count();
    assert!(clamped > 0, "no reference above 1 meets a depth of 1");

    // The IR's interpreter, its lookups served by the same texture units, agrees.
    let bindings = compile(&module, "main", &Options::default())
        .unwrap()
        .bindings;
    let (units, targets) = machine_units(&bindings, Filter::Nearest);
    let interp = interpreted_with(&f, &f.initial_uniforms(), &mut Units(units, targets)).unwrap();
    assert_eq!(interp, machine, "the interpreter and the machine");

    // lavapipe through naga's SPIR-V, with the bindings the reflection gives.
    assert_alike(&lavapipe_picture(&f, true), &machine);
}

/// LINEAR filtering: both compare each of the four texels before weighting them (ARB_shadow leaves
/// the filtering of comparisons to the implementation; NVIDIA's and Mesa's do this).
#[test]
fn linear_shadow_lookups_filter_the_comparisons_alike() {
    let (module, f) = function();
    let (machine, _) = machine_picture(&module, Filter::Linear);
    // Fractions show that the results are filtered comparisons, not one comparison.
    assert!(machine.iter().flatten().any(|&v| v > 0.0 && v < 1.0));
    assert_alike(&lavapipe_picture(&f, false), &machine);
}

/// naga's SPIR-V of `f` drawn on lavapipe with the depth textures, at the bindings the reflection
/// gives.
fn lavapipe_picture(f: &Function, nearest: bool) -> Vec<[f32; 4]> {
    let data = depth_texels();
    let reflection = reflect::reflect(f, Target::SpirV);
    let textures: Vec<_> = interface::sampler_units(f)
        .into_iter()
        .map(|unit| {
            let (texture_binding, _) = interface::texture_bindings(unit);
            let resource = reflection["resources"]
                .as_array()
                .unwrap()
                .iter()
                .find(|r| r["kind"] == "texture" && r["binding"] == texture_binding)
                .expect("the texture in the reflection");
            assert_eq!(resource["shadow"], true);
            vk_oracle::Texture2d {
                nearest,
                // GL's rectangle textures clamp to the edge.
                clamp_to_edge: resource["dim"] == "samplerrect",
                depth_compare: true,
                ..quad::texture_at(unit, &data)
            }
        })
        .collect();
    vulkan_picture_with(f, &f.initial_uniforms(), false, &textures).unwrap()
}

fn assert_alike(gpu: &[[f32; 4]], machine: &[[f32; 4]]) {
    for (k, (g, m)) in gpu.iter().zip(machine).enumerate() {
        let ok = g.iter().zip(m).all(|(&g, &m)| close(g, m));
        assert!(
            ok,
            "pixel ({}, {}): lavapipe {g:?}, machine {m:?}",
            k as u32 % SIZE,
            k as u32 / SIZE
        );
    }
}

/// Every shadow lookup form naga can express: 2D, projective 2D, RECT (addressed in texels, with a
/// bias that changes nothing) and CUBE in a fragment function, 2D at the explicit level 0 in a
/// vertex function.
const IR: &str = include_str!("depth/shadow.ir");

fn ir_functions(text: &str) -> Vec<Function> {
    let module = pigment_ir::parse(text).unwrap();
    let fs: Vec<Function> = module.functions.iter().map(|(_, f)| f.clone()).collect();
    for f in &fs {
        let errors = pigment_ir::verify_function(f);
        assert!(errors.is_empty(), "{}: {errors:?}", f.name);
    }
    fs
}

/// One function of IR text, lowered for `target`.
fn lowered_error(text: &str) -> pigment_diag::Diagnostic {
    let f = &ir_functions(text)[0];
    lower(f, LowerOptions::default()).unwrap_err()
}

#[test]
fn shadow_lookups_validate_on_every_target() {
    let targets = validators::every_target();
    for f in ir_functions(IR) {
        // naga's validator (every check) accepts the module, with depth images and comparison
        // samplers only.
        let lowered = lower(&f, LowerOptions::default()).unwrap();
        let types: Vec<_> = lowered.module.types.iter().map(|(_, t)| &t.inner).collect();
        assert!(types.iter().any(|t| matches!(
            t,
            naga::TypeInner::Image {
                class: naga::ImageClass::Depth { multi: false },
                ..
            }
        )));
        assert!(!types.iter().any(|t| matches!(
            t,
            naga::TypeInner::Sampler { comparison: false }
                | naga::TypeInner::Image {
                    class: naga::ImageClass::Sampled { .. },
                    ..
                }
        )));
        for target in targets {
            let out = emit(&f, target).unwrap_or_else(|e| panic!("{} {target:?}: {e:?}", f.name));
            let checked = match target {
                Target::SpirV => spirv_val(out.spirv.as_deref().unwrap(), &f.name),
                Target::Wgsl => wgsl_round_trip(out.text.as_deref().unwrap()),
                _ => Ok(()),
            };
            checked.unwrap_or_else(|e| panic!("{} {target:?}: {e}", f.name));
        }
        let wgsl = emit(&f, Target::Wgsl).unwrap().text.unwrap();
        assert!(wgsl.contains("texture_depth_2d"), "{wgsl}");
        assert!(wgsl.contains("sampler_comparison"), "{wgsl}");
    }
}

#[test]
fn the_reflection_marks_depth_textures_and_comparison_samplers() {
    let f = &ir_functions(IR)[0];
    let r = reflect::reflect(f, Target::Wgsl);
    let resources = r["resources"].as_array().unwrap();
    assert_eq!(resources.len(), 6);
    assert!(resources.iter().all(|r| r["shadow"] == true), "{r}");
    let glsl = reflect::reflect(f, Target::parse("glsl-naga:450").unwrap());
    let combined = glsl["resources"].as_array().unwrap();
    assert!(combined
        .iter()
        .all(|r| r["kind"] == "combined_sampler" && r["shadow"] == true));
    // The Cg program's samplers too; a plain lookup's texture is not a depth texture.
    let cg = reflect::reflect(&function().1, Target::SpirV);
    assert!(cg["resources"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["shadow"] == true));
    let plain = "fn main(in $c: float4 @TEXCOORD0, sampler $s: sampler2d, out $o: float4 @COLOR) {\n  %0: float4 = input $c\n  %1: float2 = swizzle %0.xy\n  %2: float4 = tex $s, %1\n  store $o, %2\n}\n";
    let plain = reflect::reflect(&ir_functions(plain)[0], Target::SpirV);
    let resources = plain["resources"].as_array().unwrap();
    assert_eq!(resources.len(), 2);
    assert!(resources.iter().all(|r| r["shadow"] == false));
}

/// The lookups naga cannot express are errors located at the first lookup of the sampler.
#[test]
fn what_naga_cannot_compare_is_a_located_error() {
    let cases = [
        // One sampler read with and without a depth to compare (as the GLSL writer refuses it).
        (
            "  %1: float2 = swizzle %0.xy\n  %2: float4 = tex $s, %1 !0:3..7\n  %3: float3 = swizzle %0.xyz\n  %4: float4 = tex $s, %3\n  %5: float4 = add %2, %4\n  store $o, %5",
            "sampler2d",
            "both with and without a depth comparison",
        ),
        (
            "  %1: float2 = swizzle %0.xy\n  %2: float4 = tex $s, %1 !0:3..7\n  store $o, %2",
            "sampler1d",
            "WGSL has no 1D depth texture",
        ),
        (
            "  %2: float4 = tex $s, %0 !0:3..7\n  store $o, %2",
            "sampler3d",
            "no target has a 3D depth texture",
        ),
        (
            "  %1: float3 = swizzle %0.xyz\n  %5: float = swizzle %0.w\n  %2: float4 = texlod $s, %1, %5 !0:3..7\n  store $o, %2",
            "sampler2d",
            "explicit level of detail",
        ),
    ];
    for (body, dim, message) in cases {
        let text = format!(
            "fn main(in $c: float4 @TEXCOORD0, sampler $s: {dim}, out $o: float4 @COLOR) {{\n  %0: float4 = input $c\n{body}\n}}\n"
        );
        let e = lowered_error(&text);
        assert!(e.message.contains(message), "{dim}: {}", e.message);
        let label = e.primary.expect("a location");
        assert_eq!(label.span, pigment_diag::Span::new(3, 7), "{dim}");
    }
}
