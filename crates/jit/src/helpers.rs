//! The operations compiled code leaves to Rust: texture lookups, PK* and UP*. Each works on one quad, in the
//! component-major layout compiled code spills vectors in (`[component][fragment]`), and computes
//! with `pigment_numeric` and the texture units exactly as the interpreter does. `native` gives them
//! their `extern "C"` entry points.

use nvfp::isa::{Opcode, Precision, TexTarget};
use nvfp::texture::{Lookup, TextureUnits};
use pigment_numeric::{pack, Fp16, Fp32, Fx12, Rounding};

/// One quad of one component.
pub type Quad = [f32; 4];

/// The instructions served by [`pack_quad`] and [`unpack_quad`], in the order of their codes.
pub const PACK: [Opcode; 4] = [Opcode::Pk2h, Opcode::Pk2us, Opcode::Pk4b, Opcode::Pk4ub];
pub const UNPACK: [Opcode; 4] = [Opcode::Up2h, Opcode::Up2us, Opcode::Up4b, Opcode::Up4ub];

/// The texture targets in the order of their codes.
pub const TARGETS: [TexTarget; 5] = [
    TexTarget::D1,
    TexTarget::D2,
    TexTarget::D3,
    TexTarget::Cube,
    TexTarget::Rect,
];

pub const PRECISIONS: [Precision; 3] = [Precision::R, Precision::H, Precision::X];

/// The code of `item` in `table` (compiled code passes codes, helpers look them up again).
pub fn code_of<T: PartialEq>(table: &[T], item: T) -> u32 {
    table.iter().position(|t| *t == item).expect("listed") as u32
}

fn last(p: Precision, x: f32) -> f32 {
    match p {
        Precision::R => Fp32::last(x),
        Precision::H => Fp16::last(x),
        Precision::X => Fx12::last(x),
    }
}

/// PK*: the raw word of each fragment's four components.
pub fn pack_quad(op: u32, v: [Quad; 4]) -> Quad {
    std::array::from_fn(|l| {
        let [x, y, z, w] = [v[0][l], v[1][l], v[2][l], v[3][l]];
        f32::from_bits(match PACK[op as usize] {
            Opcode::Pk2h => pack::pack_2half([x, y]),
            Opcode::Pk2us => pack::pack_2ushort([x, y]),
            Opcode::Pk4b => pack::pack_4byte([x, y, z, w]),
            _ => pack::pack_4ubyte([x, y, z, w]),
        })
    })
}

/// UP*: the four components unpacked from each fragment's raw word, converted to the precision.
/// UP2H and UP2US write (x, y) again into (z, w).
pub fn unpack_quad(op: u32, precision: u32, a: Quad) -> [Quad; 4] {
    let p = PRECISIONS[precision as usize];
    let mut out = [[0.0; 4]; 4];
    for (l, &word) in a.iter().enumerate() {
        let word = word.to_bits();
        let v = match UNPACK[op as usize] {
            Opcode::Up2h => twice(pack::unpack_2half(word)),
            Opcode::Up2us => twice(pack::unpack_2ushort(word)),
            Opcode::Up4b => pack::unpack_4byte(word),
            _ => pack::unpack_4ubyte(word),
        };
        for c in 0..4 {
            out[c][l] = last(p, v[c]);
        }
    }
    out
}

fn twice([x, y]: [f32; 2]) -> [f32; 4] {
    [x, y, x, y]
}

/// What a texture instruction asks: `unit | target << 8 | lookup << 16 | precision << 24`, lookup 0
/// for TEX, 1 for TXP, 2 for TXD.
pub fn texture_code(unit: u8, target: TexTarget, opcode: Opcode, precision: Precision) -> u32 {
    let lookup = match opcode {
        Opcode::Txp => 1,
        Opcode::Txd => 2,
        _ => 0,
    };
    unit as u32
        | code_of(&TARGETS, target) << 8
        | lookup << 16
        | code_of(&PRECISIONS, precision) << 24
}

/// Whether a [`texture_code`] is TXD's (which passes gradients).
pub fn has_gradients(code: u32) -> bool {
    (code >> 16) & 0xFF == 2
}

/// TEX / TXP / TXD of one quad (`[component][fragment]`; TXD's `gradients` are ddx, ddy), as the
/// interpreter's `sample`: the texture unit's filtered values, converted to the precision. Inlined
/// into its entry point, so that the result goes straight to the spill slot.
#[inline(always)]
pub fn texture_quad(
    textures: &TextureUnits,
    code: u32,
    coords: &[Quad; 4],
    gradients: Option<&[[Quad; 4]; 2]>,
) -> [Quad; 4] {
    let fragments = |v: &[Quad; 4]| -> [[f32; 4]; 4] { std::array::from_fn(|f| v.map(|c| c[f])) };
    let lookup = match (gradients, (code >> 16) & 0xFF) {
        (Some([ddx, ddy]), _) => Lookup::Gradients {
            ddx: fragments(ddx),
            ddy: fragments(ddy),
        },
        (None, 1) => Lookup::Projective,
        _ => Lookup::Implicit,
    };
    let (unit, target) = (code as u8, TARGETS[((code >> 8) & 0xFF) as usize]);
    let texels = textures.sample_quad_components(unit, target, coords, &lookup);
    // The precision is chosen once, so that each conversion runs over all sixteen values at once.
    match PRECISIONS[(code >> 24) as usize] {
        // fp32's conversion only flushes denormals and canonicalises NaN, which some textures
        // (8-bit formats, depth comparisons) never return.
        Precision::R if textures.results_are_normal(unit, target) => texels,
        Precision::R => convert::<Fp32>(texels),
        Precision::H => convert::<Fp16>(texels),
        Precision::X => convert::<Fx12>(texels),
    }
}

/// `R::last` of each value, as plain loops over the quads (which compile to vector code, where
/// `map` or `flatten` may not).
#[inline(always)]
fn convert<R: Rounding>(mut quads: [Quad; 4]) -> [Quad; 4] {
    for quad in &mut quads {
        for v in quad {
            *v = R::last(*v);
        }
    }
    quads
}

#[cfg(test)]
mod tests {
    use super::{texture_code, texture_quad, Quad};
    use nvfp::isa::{Opcode, Precision, TexTarget};
    use nvfp::texture::{Filter, Lookup, TexFormat, Texture, TextureUnits};
    use pigment_numeric::{Fp32, Rounding};

    /// Quads of coordinates (`[component][fragment]`): ordinary, beside texel centres (LINEAR
    /// weights of 2^-24 and 1 − 2^-24 on a 4-texel axis), steep (minified, mipmap blends) and
    /// special values.
    fn quads() -> Vec<[Quad; 4]> {
        let e = 2f32.powi(-24);
        let specials = [f32::NAN, f32::INFINITY, -1.0e30, 1.0e-40, -0.0];
        let mut quads = vec![
            [
                [0.1, 0.2, 0.3, 0.4],
                [0.5, 0.5, 0.6, 0.6],
                [0.0; 4],
                [1.0; 4],
            ],
            [
                [(0.5 + e) / 4.0, (0.5 - e) / 4.0, 0.3, 0.9],
                [0.2, 0.7, 0.2, 0.7],
                [0.0; 4],
                [1.0; 4],
            ],
            [
                [0.0, 1.3, 0.0, 1.3],
                [0.0, 0.0, 0.9, 0.9],
                [0.5; 4],
                [2.0; 4],
            ],
        ];
        quads.extend(specials.map(|v| [[v, 0.3, v, 0.3], [0.4, v, 0.4, v], [0.5; 4], [1.0; 4]]));
        quads
    }

    /// The 16x16 texture of `format` with texels whose components run from 0 to 1, or for float
    /// formats also take denormal, negative, infinite and NaN values.
    fn texture(format: TexFormat) -> Texture {
        let specials = [1.0e-40, -2.0e-39, f32::INFINITY, f32::NAN, -3.5];
        let texels: Vec<[f32; 4]> = (0..256)
            .map(|i| {
                let v = (i % 17) as f32 / 16.0;
                let special = specials[i % specials.len()];
                [v, 1.0 - v, special, if i % 3 == 0 { 0.0 } else { v }]
            })
            .collect();
        Texture::from_rgba_f32(TexTarget::D2, 16, 16, 1, format, &texels).expect("texture")
    }

    /// At precision R, `texture_quad` returns each filtered value converted to fp32, whether it
    /// skips the conversion (textures whose results are always zero or normal) or not: compared
    /// with the conversion applied to `sample_quad_components`, bit for bit.
    #[test]
    fn fp32_lookups_equal_the_converted_filtered_values() {
        let mut flushed = 0;
        for format in TexFormat::ALL {
            for filter in [Filter::Nearest, Filter::Linear, Filter::Mipmap] {
                for depth in [false, true] {
                    let mut t = texture(format).with_filter(filter);
                    if depth {
                        t = t.with_depth_compare();
                    }
                    let mut units = TextureUnits::new();
                    units.bind(3, t);
                    let code = texture_code(3, TexTarget::D2, Opcode::Tex, Precision::R);
                    for coords in quads() {
                        let raw = units.sample_quad_components(
                            3,
                            TexTarget::D2,
                            &coords,
                            &Lookup::Implicit,
                        );
                        let expected = raw.map(|q| q.map(Fp32::last));
                        let got = texture_quad(&units, code, &coords, None);
                        let bits = |v: [Quad; 4]| v.map(|q| q.map(f32::to_bits));
                        assert_eq!(bits(got), bits(expected), "{format:?} {filter:?} {depth}");
                        flushed += usize::from(bits(raw) != bits(expected));
                    }
                }
            }
        }
        // The float textures' denormals and NaNs reach some results, so the test sees the
        // conversion at work where it is kept.
        assert!(flushed > 0);
    }
}
