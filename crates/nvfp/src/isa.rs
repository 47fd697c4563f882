//! The instruction set of NV_fragment_program: opcodes with their allowed suffixes and operand shapes
//! (Table X.4 and the grammar of section 3.11.3), registers, swizzles, masks and condition codes.
//!
//! These types are shared by the syntax tree, the loaded program and the executor.

/// The 45 instructions of NV_fragment_program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Opcode {
    Add,
    Cos,
    Ddx,
    Ddy,
    Dp3,
    Dp4,
    Dst,
    Ex2,
    Flr,
    Frc,
    Kil,
    Lg2,
    Lit,
    Lrp,
    Mad,
    Max,
    Min,
    Mov,
    Mul,
    Pk2h,
    Pk2us,
    Pk4b,
    Pk4ub,
    Pow,
    Rcp,
    Rfl,
    Rsq,
    Seq,
    Sfl,
    Sge,
    Sgt,
    Sin,
    Sle,
    Slt,
    Sne,
    Str,
    Sub,
    Tex,
    Txd,
    Txp,
    Up2h,
    Up2us,
    Up4b,
    Up4ub,
    X2d,
}

/// Which precision suffixes an opcode accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrecisionSuffixes {
    /// `R`, `H` or `X`.
    Rhx,
    /// `R` or `H` only.
    Rh,
    /// No precision suffix.
    None,
}

/// The kind of a source operand (`<vectorSrc>` or `<scalarSrc>` in the grammar).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OperandKind {
    Vector,
    Scalar,
}

/// Static facts about one opcode.
#[derive(Clone, Copy, Debug)]
pub struct OpcodeInfo {
    pub opcode: Opcode,
    pub name: &'static str,
    pub precision: PrecisionSuffixes,
    /// Accepts the `C` and `_SAT` suffixes.
    pub cc_and_sat: bool,
    /// Source operands, in order.
    pub operands: &'static [OperandKind],
    /// Takes `, TEXn, TARGET` after its operands.
    pub texture: bool,
}

use OperandKind::{Scalar as S, Vector as V};
use PrecisionSuffixes as P;

const fn info(
    opcode: Opcode,
    name: &'static str,
    precision: PrecisionSuffixes,
    cc_and_sat: bool,
    operands: &'static [OperandKind],
    texture: bool,
) -> OpcodeInfo {
    OpcodeInfo {
        opcode,
        name,
        precision,
        cc_and_sat,
        operands,
        texture,
    }
}

/// Every opcode, in alphabetical order (as Table X.4 lists them).
pub const OPCODES: [OpcodeInfo; 45] = [
    info(Opcode::Add, "ADD", P::Rhx, true, &[V, V], false),
    info(Opcode::Cos, "COS", P::Rh, true, &[S], false),
    info(Opcode::Ddx, "DDX", P::Rh, true, &[V], false),
    info(Opcode::Ddy, "DDY", P::Rh, true, &[V], false),
    info(Opcode::Dp3, "DP3", P::Rhx, true, &[V, V], false),
    info(Opcode::Dp4, "DP4", P::Rhx, true, &[V, V], false),
    info(Opcode::Dst, "DST", P::Rh, true, &[V, V], false),
    info(Opcode::Ex2, "EX2", P::Rh, true, &[S], false),
    info(Opcode::Flr, "FLR", P::Rhx, true, &[V], false),
    info(Opcode::Frc, "FRC", P::Rhx, true, &[V], false),
    info(Opcode::Kil, "KIL", P::None, false, &[], false),
    info(Opcode::Lg2, "LG2", P::Rh, true, &[S], false),
    info(Opcode::Lit, "LIT", P::Rh, true, &[V], false),
    info(Opcode::Lrp, "LRP", P::Rhx, true, &[V, V, V], false),
    info(Opcode::Mad, "MAD", P::Rhx, true, &[V, V, V], false),
    info(Opcode::Max, "MAX", P::Rhx, true, &[V, V], false),
    info(Opcode::Min, "MIN", P::Rhx, true, &[V, V], false),
    info(Opcode::Mov, "MOV", P::Rhx, true, &[V], false),
    info(Opcode::Mul, "MUL", P::Rhx, true, &[V, V], false),
    info(Opcode::Pk2h, "PK2H", P::None, false, &[V], false),
    info(Opcode::Pk2us, "PK2US", P::None, false, &[V], false),
    info(Opcode::Pk4b, "PK4B", P::None, false, &[V], false),
    info(Opcode::Pk4ub, "PK4UB", P::None, false, &[V], false),
    info(Opcode::Pow, "POW", P::Rh, true, &[S, S], false),
    info(Opcode::Rcp, "RCP", P::Rh, true, &[S], false),
    info(Opcode::Rfl, "RFL", P::Rh, true, &[V, V], false),
    info(Opcode::Rsq, "RSQ", P::Rh, true, &[S], false),
    info(Opcode::Seq, "SEQ", P::Rhx, true, &[V, V], false),
    info(Opcode::Sfl, "SFL", P::Rhx, true, &[V, V], false),
    info(Opcode::Sge, "SGE", P::Rhx, true, &[V, V], false),
    info(Opcode::Sgt, "SGT", P::Rhx, true, &[V, V], false),
    info(Opcode::Sin, "SIN", P::Rh, true, &[S], false),
    info(Opcode::Sle, "SLE", P::Rhx, true, &[V, V], false),
    info(Opcode::Slt, "SLT", P::Rhx, true, &[V, V], false),
    info(Opcode::Sne, "SNE", P::Rhx, true, &[V, V], false),
    info(Opcode::Str, "STR", P::Rhx, true, &[V, V], false),
    info(Opcode::Sub, "SUB", P::Rhx, true, &[V, V], false),
    info(Opcode::Tex, "TEX", P::None, true, &[V], true),
    info(Opcode::Txd, "TXD", P::None, true, &[V, V, V], true),
    info(Opcode::Txp, "TXP", P::None, true, &[V], true),
    info(Opcode::Up2h, "UP2H", P::None, true, &[S], false),
    info(Opcode::Up2us, "UP2US", P::None, true, &[S], false),
    info(Opcode::Up4b, "UP4B", P::None, true, &[S], false),
    info(Opcode::Up4ub, "UP4UB", P::None, true, &[S], false),
    info(Opcode::X2d, "X2D", P::Rh, true, &[V, V, V], false),
];

impl Opcode {
    pub fn info(self) -> &'static OpcodeInfo {
        &OPCODES[self as usize]
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The opcode whose base name (without suffixes) is `name`.
    pub fn from_base_name(name: &str) -> Option<Opcode> {
        OPCODES.iter().find(|i| i.name == name).map(|i| i.opcode)
    }

    /// Instructions whose result is one scalar replicated to all four components ("ssss").
    pub fn is_scalar_result(self) -> bool {
        use Opcode::*;
        matches!(
            self,
            Cos | Dp3 | Dp4 | Ex2 | Lg2 | Pk2h | Pk2us | Pk4b | Pk4ub | Pow | Rcp | Rsq | Sin
        )
    }

    pub fn is_texture(self) -> bool {
        self.info().texture
    }
}

/// An explicit arithmetic precision suffix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Precision {
    /// `R`: fp32.
    R,
    /// `H`: fp16.
    H,
    /// `X`: fx12 fixed point.
    X,
}

/// The fragment attribute registers `f[...]` (Table X.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AttribReg {
    Wpos,
    Col0,
    Col1,
    Fogc,
    /// `f[TEX0]`..`f[TEX7]`.
    Tex(u8),
}

impl AttribReg {
    /// Index 0..12 in the order WPOS, COL0, COL1, FOGC, TEX0..TEX7.
    pub fn index(self) -> usize {
        match self {
            AttribReg::Wpos => 0,
            AttribReg::Col0 => 1,
            AttribReg::Col1 => 2,
            AttribReg::Fogc => 3,
            AttribReg::Tex(n) => 4 + n as usize,
        }
    }

    pub fn from_index(index: usize) -> Option<AttribReg> {
        Some(match index {
            0 => AttribReg::Wpos,
            1 => AttribReg::Col0,
            2 => AttribReg::Col1,
            3 => AttribReg::Fogc,
            4..=11 => AttribReg::Tex(index as u8 - 4),
            _ => return None,
        })
    }

    /// The name inside `f[...]`: `WPOS`, `TEX3`, ...
    pub fn name(self) -> String {
        match self {
            AttribReg::Wpos => "WPOS".into(),
            AttribReg::Col0 => "COL0".into(),
            AttribReg::Col1 => "COL1".into(),
            AttribReg::Fogc => "FOGC".into(),
            AttribReg::Tex(n) => format!("TEX{n}"),
        }
    }

    pub fn from_name(name: &str) -> Option<AttribReg> {
        (0..ATTRIB_COUNT)
            .filter_map(AttribReg::from_index)
            .find(|a| a.name() == name)
    }

    /// f\[FOGC] and f\[TEX*] make an instruction run at full fp32 precision (section 3.11.4.2).
    pub fn forces_full_precision(self) -> bool {
        matches!(self, AttribReg::Fogc | AttribReg::Tex(_))
    }
}

/// Number of attribute registers.
pub const ATTRIB_COUNT: usize = 12;

/// A temporary register: `R0`-`R31` (fp32) or `H0`-`H63` (fp16). They never alias.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TempReg {
    R(u8),
    H(u8),
}

impl TempReg {
    pub fn name(self) -> String {
        match self {
            TempReg::R(n) => format!("R{n}"),
            TempReg::H(n) => format!("H{n}"),
        }
    }
}

pub const R_REGISTERS: u8 = 32;
pub const H_REGISTERS: u8 = 64;

/// The output registers `o[...]` (Table X.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OutputReg {
    Colr,
    Colh,
    Depr,
}

impl OutputReg {
    pub fn name(self) -> &'static str {
        match self {
            OutputReg::Colr => "COLR",
            OutputReg::Colh => "COLH",
            OutputReg::Depr => "DEPR",
        }
    }

    pub fn from_name(name: &str) -> Option<OutputReg> {
        [OutputReg::Colr, OutputReg::Colh, OutputReg::Depr]
            .into_iter()
            .find(|o| o.name() == name)
    }

    /// o\[COLH] holds fp16 values; o\[COLR] and o\[DEPR] fp32.
    pub fn is_half(self) -> bool {
        self == OutputReg::Colh
    }
}

/// Texture targets of TEX / TXP / TXD.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TexTarget {
    D1,
    D2,
    D3,
    Cube,
    Rect,
}

impl TexTarget {
    pub fn name(self) -> &'static str {
        match self {
            TexTarget::D1 => "1D",
            TexTarget::D2 => "2D",
            TexTarget::D3 => "3D",
            TexTarget::Cube => "CUBE",
            TexTarget::Rect => "RECT",
        }
    }

    pub fn from_name(name: &str) -> Option<TexTarget> {
        [
            TexTarget::D1,
            TexTarget::D2,
            TexTarget::D3,
            TexTarget::Cube,
            TexTarget::Rect,
        ]
        .into_iter()
        .find(|t| t.name() == name)
    }
}

pub const TEXTURE_UNITS: u8 = 16;

/// A component selection: result component `i` comes from source component `self.0[i]` (0..4 = x..w).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Swizzle(pub [u8; 4]);

impl Swizzle {
    pub const IDENTITY: Swizzle = Swizzle([0, 1, 2, 3]);

    pub fn splat(component: u8) -> Swizzle {
        Swizzle([component; 4])
    }

    pub fn is_identity(self) -> bool {
        self == Swizzle::IDENTITY
    }

    /// `xyzw`, `yzzx`, ...
    pub fn letters(self) -> String {
        self.0
            .iter()
            .map(|&c| COMPONENT_LETTERS[c as usize & 3])
            .collect()
    }
}

pub const COMPONENT_LETTERS: [char; 4] = ['x', 'y', 'z', 'w'];

/// A destination write mask: bit `i` enables component `i` (x = bit 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WriteMask(pub u8);

impl WriteMask {
    pub const ALL: WriteMask = WriteMask(0b1111);

    pub fn enabled(self, component: usize) -> bool {
        self.0 & (1 << component) != 0
    }

    /// `xyzw`, `xz`, ... in xyzw order.
    pub fn letters(self) -> String {
        (0..4)
            .filter(|&c| self.enabled(c))
            .map(|c| COMPONENT_LETTERS[c])
            .collect()
    }
}

/// A condition-code test (`<ccMaskRule>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CcRule {
    Eq,
    Ge,
    Gt,
    Le,
    Lt,
    Ne,
    Tr,
    Fl,
}

impl CcRule {
    pub const ALL: [CcRule; 8] = [
        CcRule::Eq,
        CcRule::Ge,
        CcRule::Gt,
        CcRule::Le,
        CcRule::Lt,
        CcRule::Ne,
        CcRule::Tr,
        CcRule::Fl,
    ];

    pub fn name(self) -> &'static str {
        match self {
            CcRule::Eq => "EQ",
            CcRule::Ge => "GE",
            CcRule::Gt => "GT",
            CcRule::Le => "LE",
            CcRule::Lt => "LT",
            CcRule::Ne => "NE",
            CcRule::Tr => "TR",
            CcRule::Fl => "FL",
        }
    }

    pub fn from_name(name: &str) -> Option<CcRule> {
        CcRule::ALL.into_iter().find(|r| r.name() == name)
    }

    /// TestCC of section 3.11.4.4.
    pub fn test(self, cond: Cond) -> bool {
        match self {
            CcRule::Eq => cond == Cond::Eq,
            CcRule::Ne => cond != Cond::Eq,
            CcRule::Lt => cond == Cond::Lt,
            CcRule::Ge => matches!(cond, Cond::Gt | Cond::Eq),
            CcRule::Le => matches!(cond, Cond::Lt | Cond::Eq),
            CcRule::Gt => cond == Cond::Gt,
            CcRule::Tr => true,
            CcRule::Fl => false,
        }
    }
}

/// A condition-code mask: a rule and the swizzle applied to the CC register before testing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CcMask {
    pub rule: CcRule,
    pub swizzle: Swizzle,
}

impl CcMask {
    /// The mask of an instruction that has none: always write.
    pub const ALWAYS: CcMask = CcMask {
        rule: CcRule::Tr,
        swizzle: Swizzle::IDENTITY,
    };
}

/// One component of the condition-code register.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cond {
    Lt,
    Eq,
    Gt,
    Un,
}

impl Cond {
    /// GenerateCC of section 3.11.4.4: -0.0 is EQ, NaN is UN.
    pub fn of(value: f32) -> Cond {
        if value.is_nan() {
            Cond::Un
        } else if value < 0.0 {
            Cond::Lt
        } else if value == 0.0 {
            Cond::Eq
        } else {
            Cond::Gt
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Cond::Lt => "LT",
            Cond::Eq => "EQ",
            Cond::Gt => "GT",
            Cond::Un => "UN",
        }
    }
}

/// Load-time limits (section 3.11.3 and the project's notes, item 11).
pub mod limits {
    /// Executable instructions (DEFINE / DECLARE do not count).
    pub const MAX_INSTRUCTIONS: usize = 1024;
    /// Register units: R registers, o\[COLR] and o\[DEPR] count two; H registers and o\[COLH] one.
    pub const MAX_REGISTER_UNITS: usize = 64;
    /// Numbered local parameters p\[0]..p\[63].
    pub const MAX_LOCAL_PARAMETERS: usize = 64;
    pub const TEXTURE_COORD_SETS: usize = 8;
}
