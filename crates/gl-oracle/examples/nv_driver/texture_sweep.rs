//! The texture sweep: TEX, TXP and TXD on every target (1D, 2D, 3D, CUBE, RECT) and filter (NEAREST,
//! LINEAR, trilinear mipmaps) of a generated checker texture on unit 2, at coordinates (and derivatives)
//! read exactly from float RECT textures at the fragment's window position: texel centres and edges,
//! random positions, out-of-range and special values. One more program per target and filter samples
//! smooth coordinates, so the implicit LOD comes from the quad's derivatives.

use crate::sweep::{operand_texture, Random, SweepProgram, SIZE};
use gl_oracle::case::{generated_texture, Case};
use nvfp::isa::TexTarget;
use nvfp::texture::Filter;

const TARGETS: [(TexTarget, &str); 5] = [
    (TexTarget::D1, "1D"),
    (TexTarget::D2, "2D"),
    (TexTarget::D3, "3D"),
    (TexTarget::Cube, "CUBE"),
    (TexTarget::Rect, "RECT"),
];

const FILTERS: [(Filter, &str); 3] = [
    (Filter::Nearest, "nearest"),
    (Filter::Linear, "linear"),
    (Filter::Mipmap, "mipmap"),
];

/// A coordinate: a texel centre or edge of a 16-texel axis a third of the time, a special value now and
/// then, otherwise uniform over [-0.5, 1.5); RECT's scaled to texels.
fn coordinate(random: &mut Random, rect: bool) -> f32 {
    let r = random.next();
    let unit = match r % 16 {
        0 => [0.0, 1.0, 0.5, f32::NAN, f32::INFINITY, -1e30, -0.0, 2.0][(r >> 8) as usize % 8],
        1..=5 => ((r >> 8) % 48) as f32 / 32.0 - 0.5,
        _ => (random.next() >> 8) as f32 / (1u32 << 24) as f32 * 2.0 - 0.5,
    };
    if rect {
        unit * 8.0
    } else {
        unit
    }
}

/// Unit 0: coordinates (w: TXP's q, mostly in [0.25, 4), sometimes 0 or negative). Unit 1: TXD's
/// derivatives, of magnitude 2^-10 .. 2^2.
fn operands(rect: bool) -> [Vec<[f32; 4]>; 2] {
    let mut random = Random(0x1234_5678);
    let pixels = (SIZE * SIZE) as usize;
    let coordinates = (0..pixels)
        .map(|_| {
            let mut c = [0.0; 4];
            for v in &mut c[..3] {
                *v = coordinate(&mut random, rect);
            }
            let r = random.next();
            c[3] = match r % 10 {
                0 => 0.0,
                1 => -1.0,
                _ => 0.25 + (r >> 8) as f32 / (1u32 << 24) as f32 * 3.75,
            };
            c
        })
        .collect();
    let derivatives = (0..pixels)
        .map(|_| {
            [0; 4].map(|_| {
                let r = random.next();
                let sign = if r & 1 == 0 { 1.0 } else { -1.0 };
                sign * 2f32.powi((r >> 1) as i32 % 13 - 10) * (1.0 + (r >> 8) as f32 / 3e7)
            })
        })
        .collect();
    [coordinates, derivatives]
}

fn program(lookup: &str) -> String {
    format!(
        "!!FP1.0\nTEX R0, f[WPOS], TEX0, RECT;\nTEX R1, f[WPOS], TEX1, RECT;\n{lookup}MOVR o[COLR], R3;\nEND\n"
    )
}

/// The lookups of one target: TEX, TXP and TXD at the operands, TEX at smooth coordinates.
fn lookups(t: &str) -> [(&'static str, String); 4] {
    [
        ("TEX", format!("TEX R3, R0, TEX2, {t};\n")),
        ("TXP", format!("TXP R3, R0, TEX2, {t};\n")),
        ("TXD", format!("TXD R3, R0, R1, R1.wzyx, TEX2, {t};\n")),
        (
            "TEX-smooth",
            format!("MULR R2, f[TEX0], {{3.7, 2.3, 1.1, 1}};\nTEX R3, R2, TEX2, {t};\n"),
        ),
    ]
}

pub fn cases() -> Vec<SweepProgram> {
    let mut all = Vec::new();
    for (target, t) in TARGETS {
        let data = operands(target == TexTarget::Rect);
        for (filter, f) in FILTERS {
            if target == TexTarget::Rect && filter == Filter::Mipmap {
                continue;
            }
            for (op, lookup) in lookups(t) {
                let name = format!("{op}-{t}-{f}");
                let text = program(&lookup);
                let case = Case::load(&name, &text).map(|mut case| {
                    (case.width, case.height) = (SIZE, SIZE);
                    case.textures = vec![
                        (0, operand_texture(&data[0])),
                        (1, operand_texture(&data[1])),
                        (2, generated_texture(target, "checker").with_filter(filter)),
                    ];
                    case
                });
                all.push(SweepProgram { name, text, case });
            }
        }
    }
    all
}
