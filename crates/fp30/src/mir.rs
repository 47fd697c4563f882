//! The machine-level form between instruction selection and printing: NV_fragment_program
//! instructions over virtual registers. Everything of an instruction but its registers is final here
//! (opcode, precision suffix, `C` / `_SAT`, write mask, condition-code mask, swizzles and modifiers of
//! sources); the constraint pass, the optimisations and register allocation rewrite this form.

use nvfp::isa::{AttribReg, CcMask, CcRule, Opcode, OutputReg, Precision, TexTarget};

/// The register file of a virtual register: R (fp32) or H (fp16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum File {
    R,
    H,
}

/// Precision rank: fx12 ⊂ fp16 ⊂ fp32 (every value of a lower rank is exact in a higher one).
pub fn rank(p: nvfp::isa::Precision) -> u8 {
    match p {
        nvfp::isa::Precision::X => 0,
        nvfp::isa::Precision::H => 1,
        nvfp::isa::Precision::R => 2,
    }
}

/// The rank of the precision a register file holds: H registers hold fp16, R registers fp32.
pub fn file_rank(f: File) -> u8 {
    match f {
        File::H => 1,
        File::R => 2,
    }
}

/// A virtual register (any number; register allocation maps them to R0-R31 / H0-H63).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VReg(pub u32);

/// What a source operand reads.
#[derive(Clone, Debug, PartialEq)]
pub enum Base {
    V(VReg),
    Attr(AttribReg),
    /// A named local parameter: index into [`Mir::params`].
    Param(u32),
    /// An inline constant, four components (as bit patterns of f32).
    Lit([u32; 4]),
}

impl Base {
    pub fn is_param_or_lit(&self) -> bool {
        matches!(self, Base::Param(_) | Base::Lit(_))
    }
}

/// A source operand: `base.swizzle`, then `|.|` when `abs`, then negated when `negate`.
#[derive(Clone, Debug, PartialEq)]
pub struct Src {
    pub base: Base,
    pub swizzle: [u8; 4],
    pub negate: bool,
    pub abs: bool,
}

impl Src {
    pub fn plain(base: Base) -> Src {
        Src {
            base,
            swizzle: [0, 1, 2, 3],
            negate: false,
            abs: false,
        }
    }

    pub fn vreg(&self) -> Option<VReg> {
        match self.base {
            Base::V(v) => Some(v),
            _ => None,
        }
    }

    /// Component `c` of this operand alone, replicated (for scalar operands).
    pub fn component(&self, c: usize) -> Src {
        Src {
            swizzle: [self.swizzle[c & 3]; 4],
            ..self.clone()
        }
    }
}

/// Where a result goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dst {
    V(VReg),
    Out(OutputReg),
    /// The condition-code pseudo-register of a file: RC or HC.
    Cc(File),
}

#[derive(Clone, Debug, PartialEq)]
pub struct MInst {
    pub opcode: Opcode,
    pub precision: Option<Precision>,
    pub saturate: bool,
    pub update_cc: bool,
    /// `None` only for KIL.
    pub dst: Option<Dst>,
    /// Write mask bits (x = 1).
    pub mask: u8,
    /// The condition-code mask of the write, or KIL's condition.
    pub cond: Option<CcMask>,
    pub srcs: Vec<Src>,
    pub texture: Option<(u8, TexTarget)>,
}

impl MInst {
    pub fn new(
        opcode: Opcode,
        precision: Option<Precision>,
        dst: Dst,
        mask: u8,
        srcs: Vec<Src>,
    ) -> MInst {
        MInst {
            opcode,
            precision,
            saturate: false,
            update_cc: false,
            dst: Some(dst),
            mask,
            cond: None,
            srcs,
            texture: None,
        }
    }

    pub fn dst_vreg(&self) -> Option<VReg> {
        match self.dst {
            Some(Dst::V(v)) => Some(v),
            _ => None,
        }
    }

    /// Which components of each source the instruction reads (by swizzle position).
    pub fn read_positions(&self, src: usize) -> u8 {
        use Opcode::*;
        match self.opcode {
            Dp3 => 0b0111,
            Dp4 | Lit | Tex | Txp | Txd | Pk4b | Pk4ub | X2d => 0b1111,
            Pk2h | Pk2us => 0b0011,
            Dst => {
                if src == 0 {
                    0b0110
                } else {
                    0b1010
                }
            }
            op if op.info().operands.get(src) == Some(&nvfp::isa::OperandKind::Scalar) => 0b0001,
            _ => self.mask,
        }
    }

    /// How result lanes relate to source lanes (for retargeting a write to other components).
    pub fn lanes(&self) -> Lanes {
        use Opcode::*;
        match self.opcode {
            op if op.is_scalar_result() && !matches!(op, Pk2h | Pk2us | Pk4b | Pk4ub) => {
                Lanes::Replicated
            }
            Add | Sub | Mul | Mad | Min | Max | Mov | Flr | Frc | Lrp | Seq | Sne | Slt | Sle
            | Sgt | Sge | Sfl | Str | Ddx | Ddy => Lanes::Componentwise,
            _ => Lanes::Fixed,
        }
    }

    /// Whether any source reads `v`.
    pub fn reads(&self, v: VReg) -> bool {
        self.srcs.iter().any(|s| s.base == Base::V(v))
    }

    /// The condition-code components the instruction's condition reads (none without one).
    pub fn cc_reads(&self) -> u8 {
        let Some(cond) = self.cond else { return 0 };
        if matches!(cond.rule, CcRule::Tr | CcRule::Fl) {
            return 0;
        }
        let positions = if self.opcode == Opcode::Kil {
            0b1111
        } else {
            self.mask
        };
        (0..4)
            .filter(|&p| positions & (1 << p) != 0)
            .fold(0, |m, p| m | 1 << cond.swizzle.0[p])
    }

    /// The condition-code components the instruction writes (for all lanes when unconditional).
    pub fn cc_writes(&self) -> u8 {
        if self.update_cc {
            self.mask
        } else {
            0
        }
    }

    /// Rewrites the swizzle positions nothing reads (of sources and of the condition) so that the
    /// printed form is the shortest: the identity, or one replicated component, where the read
    /// positions allow it.
    pub fn tidy_swizzles(&mut self) {
        for i in 0..self.srcs.len() {
            let positions = self.read_positions(i);
            self.srcs[i].swizzle = simplest(self.srcs[i].swizzle, positions);
        }
        if let Some(cond) = &mut self.cond {
            let positions = if self.opcode == Opcode::Kil {
                0b1111
            } else {
                self.mask
            };
            cond.swizzle = nvfp::isa::Swizzle(simplest(cond.swizzle.0, positions));
        }
    }

    /// The register components read from `src` (the swizzle applied to the read positions).
    pub fn read_components(&self, src: usize) -> u8 {
        let positions = self.read_positions(src);
        let swz = self.srcs[src].swizzle;
        (0..4)
            .filter(|&i| positions & (1 << i) != 0)
            .fold(0, |m, i| m | 1 << swz[i])
    }
}

/// `swizzle` with the positions outside `read` chosen to print shortest.
fn simplest(swizzle: [u8; 4], read: u8) -> [u8; 4] {
    let read_at = |p: usize| read & (1 << p) != 0;
    if (0..4).all(|p| !read_at(p) || swizzle[p] == p as u8) {
        return [0, 1, 2, 3];
    }
    let first = (0..4).find(|&p| read_at(p)).map_or(0, |p| swizzle[p]);
    if (0..4).all(|p| !read_at(p) || swizzle[p] == first) {
        return [first; 4];
    }
    swizzle
}

/// How an instruction's result lanes depend on its sources.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lanes {
    /// Lane `p` of the result is computed from lane `p` of every source (ADD, MUL, MOV, SGE, ...).
    Componentwise,
    /// One scalar result written to every enabled lane (DP3, DP4, RCP, ...).
    Replicated,
    /// Lanes computed in their own ways (TEX, LIT, DST, PK*, UP*, ...).
    Fixed,
}

/// A program in machine form.
#[derive(Clone, Debug, Default)]
pub struct Mir {
    pub insts: Vec<MInst>,
    /// The file of every virtual register, by number.
    pub vregs: Vec<File>,
    /// Names of the named local parameters (DECLAREs), in first-use order.
    pub params: Vec<String>,
    /// A register no instruction writes, read where a literal zero cannot be (it holds zero, as
    /// every temporary does at the start); register allocation gives it a register not written
    /// before its last read.
    pub zero: Option<VReg>,
}

impl Mir {
    pub fn new_vreg(&mut self, file: File) -> VReg {
        self.vregs.push(file);
        VReg(self.vregs.len() as u32 - 1)
    }

    pub fn file(&self, v: VReg) -> File {
        self.vregs[v.0 as usize]
    }

    /// The index of the parameter called `name`, added if new.
    pub fn param(&mut self, name: &str) -> u32 {
        match self.params.iter().position(|p| p == name) {
            Some(i) => i as u32,
            None => {
                self.params.push(name.to_string());
                self.params.len() as u32 - 1
            }
        }
    }
}
