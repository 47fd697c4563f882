//! The instruction sweep: one small NV program per opcode, precision and modifier, whose operands come from
//! three float RECT textures read at the fragment's own window position, so every pixel of a 64x64 draw
//! runs the instruction on different exact operands: every pair of a list of special values (signed zeros,
//! denormals, fp16 and fx12 limits, infinities, NaN, ...) and then random values of every magnitude.

use gl_oracle::case::Case;
use nvfp::isa::TexTarget;
use nvfp::texture::{Filter, TexFormat, Texture};

pub const SIZE: u32 = 64;

/// Values where the formats' rules show: zero signs, fp32/fp16 denormals and limits, fx12's range ends,
/// integers and halves for FLR/FRC, large arguments for SIN/COS, infinities and NaN.
const SPECIAL: [f32; 48] = [
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    -0.5,
    2.0,
    3.0,
    0.1,
    -0.1,
    1e-3,
    100.0,
    -100.0,
    65504.0,
    65520.0,
    70000.0,
    -70000.0,
    6.103_515_6e-5,
    6.0e-5,
    5.960_464_5e-8,
    3.0e-8,
    1.175_494_4e-38,
    1.0e-39,
    -1.0e-39,
    1.0e30,
    -1.0e30,
    f32::MAX,
    f32::INFINITY,
    f32::NEG_INFINITY,
    f32::NAN,
    0.999_511_7,
    1.000_976_6,
    2048.0,
    -2048.0,
    1.999_023_4,
    -2.0,
    2.5,
    -2.5,
    std::f32::consts::PI,
    -std::f32::consts::PI,
    31.415_926,
    3141.5928,
    1.0e6,
    0.25,
    8.0,
    16.5,
    -0.75,
    1.5,
];

/// A small deterministic generator (xorshift32), so every run draws the same operands.
pub struct Random(pub u32);

impl Random {
    pub fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0
    }

    /// Every third value random bits (any float, NaNs included), the others of random sign and
    /// magnitude 2^-30 .. 2^30 or small "ordinary" numbers.
    pub fn operand(&mut self) -> f32 {
        let bits = self.next();
        match bits % 3 {
            0 => f32::from_bits(self.next()),
            1 => {
                let exponent = (self.next() % 61) as i32 - 30;
                let mantissa = 1.0 + (self.next() >> 9) as f32 / (1u32 << 23) as f32;
                let sign = if bits & 8 == 0 { 1.0 } else { -1.0 };
                sign * mantissa * 2f32.powi(exponent)
            }
            _ => (self.next() % 8001) as f32 / 1000.0 - 4.0,
        }
    }
}

/// The three operand textures' texels (x fastest, row 0 at the bottom). The first pixels hold every
/// ordered pair of special values of operands 0 and 1 (four pairs per pixel, one per component).
fn operands() -> [Vec<[f32; 4]>; 3] {
    let n = SPECIAL.len();
    let mut random = Random(0x9e37_79b9);
    let mut textures: [Vec<[f32; 4]>; 3] = Default::default();
    for pixel in 0..(SIZE * SIZE) as usize {
        let mut texel = [[0.0f32; 4]; 3];
        for c in 0..4 {
            let pair = pixel * 4 + c;
            if pair < n * n {
                texel[0][c] = SPECIAL[pair % n];
                texel[1][c] = SPECIAL[pair / n];
                texel[2][c] = SPECIAL[(pair * 7 + 3) % n];
            } else {
                for t in &mut texel {
                    t[c] = random.operand();
                }
            }
        }
        for (texture, t) in textures.iter_mut().zip(texel) {
            texture.push(t);
        }
    }
    textures
}

/// The operand value of texture `t` at component index `i` of the output (pixel * 4 + channel).
pub fn operand_at(textures: &[Vec<[f32; 4]>; 3], t: usize, i: usize) -> f32 {
    textures[t][i / 4][i % 4]
}

/// How an opcode takes its operands.
#[derive(Clone, Copy)]
enum Shape {
    Unary,
    Binary,
    /// RFL, which may not write w.
    Reflect,
    Ternary,
    /// Scalar source, result replicated: written once per component from that component.
    Scalar,
    ScalarBinary,
    /// UP*: a packed scalar in, a vector out; from the operand's bits, per component of operand 0.
    Unpack,
    /// PK*: packed then unpacked again by the matching UP*, so the result is a readable vector.
    PackRoundTrip(&'static str),
}

const OPCODES: [(&str, Shape); 36] = [
    ("MOV", Shape::Unary),
    ("FLR", Shape::Unary),
    ("FRC", Shape::Unary),
    ("LIT", Shape::Unary),
    ("DDX", Shape::Unary),
    ("DDY", Shape::Unary),
    ("ADD", Shape::Binary),
    ("SUB", Shape::Binary),
    ("MUL", Shape::Binary),
    ("MIN", Shape::Binary),
    ("MAX", Shape::Binary),
    ("DP3", Shape::Binary),
    ("DP4", Shape::Binary),
    ("DST", Shape::Binary),
    ("RFL", Shape::Reflect),
    ("SEQ", Shape::Binary),
    ("SNE", Shape::Binary),
    ("SLT", Shape::Binary),
    ("SLE", Shape::Binary),
    ("SGT", Shape::Binary),
    ("SGE", Shape::Binary),
    ("SFL", Shape::Binary),
    ("STR", Shape::Binary),
    ("MAD", Shape::Ternary),
    ("LRP", Shape::Ternary),
    ("X2D", Shape::Ternary),
    ("RCP", Shape::Scalar),
    ("RSQ", Shape::Scalar),
    ("EX2", Shape::Scalar),
    ("LG2", Shape::Scalar),
    ("SIN", Shape::Scalar),
    ("COS", Shape::Scalar),
    ("POW", Shape::ScalarBinary),
    ("UP2H", Shape::Unpack),
    ("UP4UB", Shape::Unpack),
    ("PK2H", Shape::PackRoundTrip("UP2H")),
];

/// The remaining packs, each checked through its unpack.
const MORE_PACKS: [(&str, &str); 3] = [("PK2US", "UP2US"), ("PK4B", "UP4B"), ("PK4UB", "UP4UB")];

/// The body computing `R3` for `op` at precision suffix `p` (R, H or X) with `sat` ("" or "_SAT").
fn body(op: &str, shape: Shape, p: &str, sat: &str) -> String {
    let masks = ["x", "y", "z", "w"];
    match shape {
        Shape::Unary => format!("{op}{p}{sat} R3, R0;\n"),
        Shape::Binary => format!("{op}{p}{sat} R3, R0, R1;\n"),
        Shape::Reflect => format!("MOVR R3, {{0}}.x;\n{op}{p}{sat} R3.xyz, R0, R1;\n"),
        Shape::Ternary => format!("{op}{p}{sat} R3, R0, R1, R2;\n"),
        Shape::Scalar => masks
            .iter()
            .map(|m| format!("{op}{p}{sat} R3.{m}, R0.{m};\n"))
            .collect(),
        Shape::ScalarBinary => masks
            .iter()
            .map(|m| format!("{op}{p}{sat} R3.{m}, R0.{m}, R1.{m};\n"))
            .collect(),
        Shape::Unpack => format!("{op}{p}{sat} R3, R0.x;\n"),
        Shape::PackRoundTrip(unpack) => format!("{op}{p} R4.x, R0;\n{unpack}{sat} R3, R4.x;\n"),
    }
}

fn program(body: &str) -> String {
    format!(
        "!!FP1.0\n\
         TEX R0, f[WPOS], TEX0, RECT;\n\
         TEX R1, f[WPOS], TEX1, RECT;\n\
         TEX R2, f[WPOS], TEX2, RECT;\n\
         {body}MOVR o[COLR], R3;\nEND\n"
    )
}

/// Every sweep program as (name, text).
fn programs() -> Vec<(String, String)> {
    let mut all = Vec::new();
    let packs = MORE_PACKS
        .iter()
        .map(|&(op, up)| (op, Shape::PackRoundTrip(up)));
    for (op, shape) in OPCODES.iter().copied().chain(packs) {
        // Packs take no suffix; the R form is kept to see whether the driver refuses it too.
        let precisions: &[&str] = match shape {
            Shape::Unpack | Shape::PackRoundTrip(_) => &["", "R"],
            _ => &["R", "H", "X"],
        };
        for p in precisions {
            all.push((format!("{op}{p}"), program(&body(op, shape, p, ""))));
        }
        if matches!(
            shape,
            Shape::Binary | Shape::Ternary | Shape::Scalar | Shape::Reflect
        ) {
            all.push((format!("{op}R_SAT"), program(&body(op, shape, "R", "_SAT"))));
            all.push((format!("{op}H_SAT"), program(&body(op, shape, "H", "_SAT"))));
        }
    }
    all.extend(special_programs());
    all
}

/// Register formats, source modifiers, condition codes and KIL.
fn special_programs() -> Vec<(String, String)> {
    // The condition code as a number per component: LT 1, EQ 2, GT 4, NE 8 (NaN: NE only).
    let cc = |p: &str| {
        format!(
            "MOV{p}C RC, R0;\nMOVR R3, {{0}}.x;\nADDR R3 (LT), R3, {{1}}.x;\nADDR R3 (EQ), R3, {{2}}.x;\n\
             ADDR R3 (GT), R3, {{4}}.x;\nADDR R3 (NE), R3, {{8}}.x;\n"
        )
    };
    vec![
        ("H-register".into(), program("MOVR H6, R0;\nMOVR R3, H6;\n")),
        ("H-dest-ADDH".into(), program("ADDH H6, R0, R1;\nMOVR R3, H6;\n")),
        ("R-from-H-MULR".into(), program("MOVH H6, R0;\nMULR R3, H6, R1;\n")),
        ("modifiers-ADDR".into(), program("ADDR R3, -R0, |R1|;\n")),
        ("modifiers-MADH".into(), program("MADH R3, -|R0|, R1.wzyx, -R2;\n")),
        ("CC-R".into(), program(&cc("R"))),
        ("CC-H".into(), program(&cc("H"))),
        ("CC-X".into(), program(&cc("X"))),
        ("CC-ADDRC-swizzled".into(), program(
            "ADDRC R4, R0, R1;\nMOVR R3, {0}.x;\nMOVR R3 (GE.wzyx), {1}.x;\nMOVR R3.x (LT.y), -R4.y;\n",
        )),
        ("KIL".into(), program("MOVRC RC, R0;\nKIL LT.x;\nMOVR R3, {1, 2, 3, 4};\n")),
        ("o-COLH".into(), "!!FP1.0\nTEX R0, f[WPOS], TEX0, RECT;\nMOVR o[COLH], R0;\nEND\n".into()),
    ]
}

/// The operand textures, as the machine's and (through the case) the oracle's.
pub fn operand_textures(data: &[Vec<[f32; 4]>; 3]) -> Vec<(u8, Texture)> {
    (0..3)
        .map(|unit| (unit as u8, operand_texture(&data[unit])))
        .collect()
}

/// SIZE x SIZE texels read exactly at the fragment's window position (NEAREST, RECT).
pub fn operand_texture(texels: &[[f32; 4]]) -> Texture {
    Texture::from_rgba_f32(
        TexTarget::Rect,
        SIZE as usize,
        SIZE as usize,
        1,
        TexFormat::FloatRgba,
        texels,
    )
    .expect("a 64x64 RECT texture")
    .with_filter(Filter::Nearest)
}

/// One sweep program: its name and text, and its case unless Pigment rejects it (then the driver is still
/// asked, to see whether it accepts what Pigment refuses).
pub struct SweepProgram {
    pub name: String,
    pub text: String,
    pub case: Result<Case, String>,
}

/// The sweep's programs and the operands they read.
pub fn cases() -> (Vec<SweepProgram>, [Vec<[f32; 4]>; 3]) {
    let data = operands();
    let cases = programs()
        .into_iter()
        .map(|(name, text)| {
            let case = Case::load(&name, &text).map(|mut case| {
                (case.width, case.height) = (SIZE, SIZE);
                case.textures = operand_textures(&data);
                case
            });
            SweepProgram { name, text, case }
        })
        .collect();
    (cases, data)
}
