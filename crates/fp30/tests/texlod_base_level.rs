//! An explicit-LOD lookup whose level of detail is a constant ≤ 0 compiles to TXD with zero
//! derivatives: GL samples the base level with the magnification filter for any λ ≤ c (c ≥ 0), and
//! TXD's zero derivatives give λ = -∞, which does the same. Checked on the machine with a texture
//! whose base level (a 2x2 checker of 1 and 0) and level 1 (their mean, 0.5) differ, sampled at the
//! centre of texel (0, 0) by a quad whose coordinates step one whole texture per fragment, so an
//! implicit lookup picks level 1 (λ = log2(2 texels per fragment) = 1).

mod common;

use common::*;
use nvfp::exec::{Machine, Parameters, QuadInput};
use nvfp::isa::TexTarget;
use nvfp::texture::{Filter, TexFormat, Texture, TextureUnits};

/// A program sampling `$s` at TEXCOORD0 with `lookup` (`%1` is the constant `lod`).
fn program(lookup: &str, lod: f32) -> String {
    format!(
        "fn main(
    in $uv: float2 @TEXCOORD0,
    sampler $s: sampler2d,
    out $color: float4 @COLOR,
) {{
  %0: float2 = input $uv
  %1: float = const {lod}
  %2: float4 = {lookup}
  store $color, %2
}}
"
    )
}

const IMPLICIT: &str = "tex $s, %0";
const EXPLICIT: &str = "texlod $s, %0, %1";

/// The red channel of the four fragments.
fn shade(lookup: &str, lod: f32) -> [f32; 4] {
    let module = pigment_ir::parse(&program(lookup, lod)).expect("a valid module");
    let (_, loaded) = compile_and_load(&module);
    assert_eq!(loaded.texture_targets[0], Some(TexTarget::D2));
    let checker = [[1.0; 4], [0.0; 4], [0.0; 4], [1.0; 4]];
    let texture = Texture::from_rgba_f32(TexTarget::D2, 2, 2, 1, TexFormat::FloatRgba, &checker)
        .expect("a 2x2 texture")
        .with_filter(Filter::Mipmap);
    let mut units = TextureUnits::new();
    units.bind(0, texture);
    let mut quad = QuadInput::default();
    // TEXCOORD0 is attribute 4. Fragments (0,0), (1,0), (0,1), (1,1) of the quad: every one at the
    // centre of texel (0, 0) modulo REPEAT, one texture apart.
    for (fragment, (s, t)) in [(0.25, 0.25), (1.25, 0.25), (0.25, 1.25), (1.25, 1.25)]
        .into_iter()
        .enumerate()
    {
        quad.attribs[4][fragment] = [s, t, 0.0, 1.0];
    }
    let out = Machine::new(&loaded)
        .run_quad_traced(&quad, &Parameters::for_program(&loaded), &units)
        .0;
    out.color.map(|c| c[0])
}

#[test]
fn an_implicit_lookup_here_reads_level_one() {
    assert_eq!(shade(IMPLICIT, 0.0), [0.5; 4]);
}

#[test]
fn a_constant_lod_of_zero_or_below_reads_the_base_level() {
    assert_eq!(shade(EXPLICIT, 0.0), [1.0; 4]);
    assert_eq!(shade(EXPLICIT, -3.5), [1.0; 4]);
}

#[test]
fn the_lookup_is_txd_with_zero_derivatives() {
    let module = pigment_ir::parse(&program(EXPLICIT, 0.0)).expect("a valid module");
    let (compiled, _) = compile_and_load(&module);
    assert!(
        compiled
            .text
            .contains("TXD o[COLR], f[TEX0], {0}.x, {0}.x, TEX0, 2D;"),
        "{}",
        compiled.text
    );
}
