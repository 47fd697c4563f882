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

mod quad;

use pigment_ir::{Function, Vector};
use pigment_naga::{emit, interface, Target};
use quad::{close, compare, drawable, units, SIZE};
use std::path::Path;

/// Lavapipe's picture of the vertex function `vs` (entry "vs", with `vertex_uniforms`) and the
/// fragment function `fs` (entry "fs") through naga's SPIR-V, row j = 0 first.
fn draw_stages(vs: &Function, fs: &Function, vertex_uniforms: &[u8]) -> Vec<[f32; 4]> {
    let vs_spirv = emit(vs, Target::SpirV).unwrap().spirv.unwrap();
    let fs_spirv = emit(fs, Target::SpirV).unwrap().spirv.unwrap();
    let draw = vk_oracle::Draw {
        vertex_spirv: &vs_spirv,
        fragment_spirv: &fs_spirv,
        vertex_entry: "vs",
        fragment_entry: "fs",
        vertex_uniforms,
        fragment_uniforms: &[],
        fragment_textures: &[],
        width: SIZE,
        height: SIZE,
    };
    vk_oracle::render(&draw).unwrap()
}

/// Pixel `k` of a picture (row j = 0 first): its column, row and the (s, t) of its centre.
fn pixel(k: usize) -> (u32, u32, f32, f32) {
    let (i, j) = (k as u32 % SIZE, k as u32 / SIZE);
    let (s, t) = quad::centre(i, j);
    (i, j, s, t)
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
    let mut drawn = 0;
    // Pixels that are not the clear colour: a picture of zeros would agree with anything.
    let mut lit = 0;
    let mut failures = Vec::new();
    for (name, f) in corpus().into_iter().filter(|(_, f)| drawable(f)) {
        let (bad, drawn_pixels) =
            compare(&f, &f.initial_uniforms()).unwrap_or_else(|e| panic!("{name}: {e}"));
        drawn += 1;
        lit += drawn_pixels;
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
        if let Some(bad) = bad {
            failures.push(format!("{name}: {bad}"));
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
    let uniforms = interface::uniform_bytes(vs, &vs.initial_uniforms());
    let gpu = draw_stages(vs, fs, &uniforms);
    for (k, g) in gpu.iter().enumerate() {
        let (i, j, s, t) = pixel(k);
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

/// A vertex function whose `t8` cgc packs into TEXCOORD0's z and w (the IR's `@TEXCOORD0.z`) and a
/// fragment function reading its unnamed `t8` from there (fp30's binding, cgc's rule: every set is
/// read, TEXCOORD0 has two free components). naga has no component decoration, so both stages
/// hold TEXCOORD0 as one vec4.
const PACKED: &str = "vertex fn vs(
    in $p: float4 @ATTR0, in $t0: float4 @ATTR1,
    out $pos: float4 @POSITION, out $uv: float2 @TEXCOORD0,
    out $o1: float4 @TEXCOORD1,
    out $o2: float4 @TEXCOORD2,
    out $o3: float4 @TEXCOORD3,
    out $o4: float4 @TEXCOORD4,
    out $o5: float4 @TEXCOORD5,
    out $o6: float4 @TEXCOORD6,
    out $o7: float4 @TEXCOORD7,
    out $t8: float2 @TEXCOORD0.z,
) {
  %0: float4 = input $p
  store $pos, %0
  %1: float4 = input $t0
  %2: float2 = swizzle %1.xy
  store $uv, %2
  %3: float2 = swizzle %1.yx
  store $t8, %3
  %4: float4 = const 0.25, 0.25, 0.25, 0.25
  store $o1, %4
  store $o2, %4
  store $o3, %4
  store $o4, %4
  store $o5, %4
  store $o6, %4
  store $o7, %4
}
fn fs(
    in $a: float2 @TEXCOORD0,
    in $b1: float4 @TEXCOORD1,
    in $b2: float4 @TEXCOORD2,
    in $b3: float4 @TEXCOORD3,
    in $b4: float4 @TEXCOORD4,
    in $b5: float4 @TEXCOORD5,
    in $b6: float4 @TEXCOORD6,
    in $b7: float4 @TEXCOORD7,
    in $t8: float2, out $c: float4 @COLOR,
) {
  %0: float2 = input $a
  %1: float2 = input $t8
  %2: float4 = construct %0, %1
  %3: float4 = input $b1
  %4: float4 = input $b2
  %5: float4 = input $b3
  %6: float4 = input $b4
  %7: float4 = input $b5
  %8: float4 = input $b6
  %9: float4 = input $b7
  %10: float4 = add %3, %4
  %11: float4 = add %10, %5
  %12: float4 = add %11, %6
  %13: float4 = add %12, %7
  %14: float4 = add %13, %8
  %15: float4 = add %14, %9
  %16: float4 = add %2, %15
  store $c, %16
}
";

#[test]
fn varyings_packed_into_one_set_meet_across_the_stages() {
    let module = pigment_ir::parse(PACKED).unwrap();
    let function = |name: &str| {
        module
            .functions
            .iter()
            .find(|(_, f)| f.name == name)
            .unwrap()
            .1
            .clone()
    };
    let (vs, fs) = (function("vs"), function("fs"));
    let gpu = draw_stages(&vs, &fs, &[]);
    for (k, g) in gpu.iter().enumerate() {
        let (i, j, s, t) = pixel(k);
        // (uv, uv.yx) from the packed set, plus 7 × 0.25 from TEXCOORD1-7.
        let uv = vk_oracle::corner(s, t)[1];
        let want = [uv[0], uv[1], uv[1], uv[0]].map(|x| x + 1.75);
        assert!(
            g.iter().zip(&want).all(|(&g, &w)| close(g, w)),
            "pixel ({i}, {j}): vulkan {g:?}, want {want:?}"
        );
    }
}
