//! Instruction selection: straight-line IR (after the legalisation passes) to [`Mir`].
//!
//! Values become *views*: a source operand (register, attribute, parameter or literal, with swizzle
//! and modifiers). Swizzles, negation, absolute value, constants, inputs, uniforms and exact
//! conversions (half or fixed or bool to a wider kind) cost no instruction; they fold into the
//! operands of the instructions that read them. Every other operation writes a fresh virtual
//! register: float (and int) values in R registers, half, fixed and bool values in H registers
//! (booleans as 0 / 1, as cgc kept them).
//!
//! Precision: an instruction computes at its result's kind (R float, H half, X fixed and bool);
//! comparisons at their operands' kind. A `mul` read only by `add`/`sub`s fuses into each as MAD (exact:
//! MAD rounds its product like MUL); likewise a boolean `and` read only by `or`s fuses into
//! `MADX_SAT a, b, c` (as cgc does: on 0 / 1 values, sat(a·b + c) is max(a·b, c) exactly). `select` sets the condition code from its condition (`MOVXC`)
//! and writes the first operand under `(NE)`; the kill condition becomes `MOVXC HC.x` + `KIL NE.x`.

use crate::diag::error_at;
use crate::interface::{param_name, target_for, Interface};
use crate::legalize::predicate::is_conditional_kill;
use crate::mir::*;
use nvfp::isa::{CcMask, CcRule, Opcode, OutputReg, Precision, Swizzle as NvSwizzle};
use pigment_diag::Diagnostic;
use pigment_ir::*;
use std::collections::{HashMap, HashSet};

/// A value as an operand.
#[derive(Clone, Debug)]
struct View {
    src: Src,
    kind: ScalarKind,
    width: u8,
}

pub fn select(func: &Function, iface: &Interface) -> Result<Mir, Vec<Diagnostic>> {
    let mut isel = Isel {
        func,
        iface,
        mir: Mir::default(),
        views: HashMap::new(),
        fused: HashSet::new(),
        pending: HashMap::new(),
        negations: HashMap::new(),
        errors: Vec::new(),
    };
    isel.find_fusions();
    for inst in &func.body.insts {
        isel.inst(inst);
    }
    if isel.errors.is_empty() {
        Ok(isel.mir)
    } else {
        Err(isel.errors)
    }
}

struct Isel<'a> {
    func: &'a Function,
    iface: &'a Interface,
    mir: Mir,
    views: HashMap<Value, View>,
    /// `mul` (`and`) results that fuse into every `add`/`sub` (`or`) reading them.
    fused: HashSet<Value>,
    /// The operands of fused `mul`s and `and`s.
    pending: HashMap<Value, (Src, Src)>,
    /// Registers holding `not b` of a boolean, with `b`: a condition on them tests `b` for EQ.
    negations: HashMap<VReg, Src>,
    errors: Vec<Diagnostic>,
}

fn precision(kind: ScalarKind) -> Precision {
    match kind {
        ScalarKind::Float | ScalarKind::Int => Precision::R,
        ScalarKind::Half => Precision::H,
        ScalarKind::Fixed | ScalarKind::Bool => Precision::X,
    }
}

fn file(kind: ScalarKind) -> File {
    match kind {
        ScalarKind::Float | ScalarKind::Int => File::R,
        _ => File::H,
    }
}

pub fn mov_precision(f: File) -> Precision {
    match f {
        File::R => Precision::R,
        File::H => Precision::H,
    }
}

fn mask(width: u8) -> u8 {
    (1u8 << width) - 1
}

/// A swizzle of `width` components padded by repeating the last.
fn padded(comps: &[u8]) -> [u8; 4] {
    let last = comps.last().copied().unwrap_or(0);
    std::array::from_fn(|i| comps.get(i).copied().unwrap_or(last))
}

fn literal_bits(v: &Vector) -> [u32; 4] {
    let w = v.width();
    let comp = |i: usize| -> u32 {
        let i = i.min(w - 1);
        match v.ty.kind {
            ScalarKind::Bool => (v.bits[i] as f32).to_bits(),
            ScalarKind::Int => (v.i32(i) as f32).to_bits(),
            _ => v.bits[i],
        }
    };
    std::array::from_fn(comp)
}

fn lit_src(values: [f32; 4]) -> Src {
    Src::plain(Base::Lit(values.map(f32::to_bits)))
}

impl Isel<'_> {
    /// Marks the `mul`s (`and`s) to fuse: those whose every use is an `add` or `sub` (`or`) of the
    /// same kind that absorbs them as its MAD product, each absorbing at most one. Single-use ones
    /// first (each absorber takes its first such operand); then, in program order, a `mul` read by
    /// several absorbers none of which has taken one yet fuses into each (N adds and the MUL become
    /// N MADs, as cgc does). One with any other use stays a MUL.
    fn find_fusions(&mut self) {
        let mut uses: HashMap<Value, usize> = HashMap::new();
        walk(&self.func.body, &mut |inst| {
            for v in inst.kind.operands() {
                *uses.entry(v).or_default() += 1;
            }
        });
        let muls: Vec<Value> = self
            .func
            .body
            .insts
            .iter()
            .filter(|i| {
                matches!(
                    i.kind,
                    InstKind::Op {
                        op: Op::Mul | Op::And,
                        ..
                    }
                )
            })
            .filter_map(|i| i.result())
            .filter(|&r| self.func.ty(r).kind != ScalarKind::Int)
            .collect();
        let absorbers = self.absorbers();
        let mut taken = vec![false; absorbers.len()];
        let single: HashSet<Value> = muls
            .iter()
            .copied()
            .filter(|m| uses.get(m) == Some(&1))
            .collect();
        for (taken, args) in taken.iter_mut().zip(&absorbers) {
            if let Some(&m) = args.iter().find(|a| single.contains(a)) {
                self.fused.insert(m);
                *taken = true;
            }
        }
        for m in muls.into_iter().filter(|m| uses.get(m) > Some(&1)) {
            let sites: Vec<usize> = (0..absorbers.len())
                .filter(|&i| absorbers[i].contains(&m))
                .collect();
            let once = |&i: &usize| absorbers[i].iter().filter(|&&a| a == m).count() == 1;
            if Some(&sites.len()) == uses.get(&m)
                && sites.iter().all(once)
                && sites.iter().all(|&i| !taken[i])
            {
                sites.iter().for_each(|&i| taken[i] = true);
                self.fused.insert(m);
            }
        }
    }

    /// The two operands of each top-level instruction that can absorb a `mul` (`and`) operand:
    /// float or half `sub`, any `add` and `or`.
    fn absorbers(&self) -> Vec<[Value; 2]> {
        self.func
            .body
            .insts
            .iter()
            .filter_map(|inst| {
                let InstKind::Op { op, args } = &inst.kind else {
                    return None;
                };
                let kind = self.func.ty(args[0]).kind;
                let absorbs = matches!(
                    (op, kind),
                    (Op::Add | Op::Or, _) | (Op::Sub, ScalarKind::Float | ScalarKind::Half)
                );
                (absorbs && args.len() == 2).then(|| [args[0], args[1]])
            })
            .collect()
    }

    fn error(&mut self, inst: &Inst, message: impl Into<String>) {
        self.errors.push(error_at(inst.loc, message));
    }

    fn view(&self, v: Value) -> View {
        self.views.get(&v).cloned().unwrap_or_else(|| View {
            src: lit_src([0.0; 4]),
            kind: self.func.ty(v).kind,
            width: self.func.ty(v).width,
        })
    }

    fn push(&mut self, inst: MInst) {
        self.mir.insts.push(inst);
    }

    fn vreg_view(&self, v: VReg, ty: Type) -> View {
        View {
            src: Src::plain(Base::V(v)),
            kind: ty.kind,
            width: ty.width,
        }
    }

    /// `opcode` componentwise over `srcs` into a fresh register for a value of type `ty`.
    fn componentwise(&mut self, opcode: Opcode, p: Precision, ty: Type, srcs: Vec<Src>) -> View {
        let d = self.mir.new_vreg(file(ty.kind));
        self.push(MInst::new(opcode, Some(p), Dst::V(d), mask(ty.width), srcs));
        self.vreg_view(d, ty)
    }

    /// A scalar-result opcode once per component.
    fn per_component(&mut self, opcode: Opcode, p: Precision, ty: Type, srcs: &[Src]) -> View {
        let d = self.mir.new_vreg(file(ty.kind));
        for c in 0..ty.width as usize {
            let ops = srcs.iter().map(|s| s.component(c)).collect();
            self.push(MInst::new(opcode, Some(p), Dst::V(d), 1 << c, ops));
        }
        self.vreg_view(d, ty)
    }

    fn inst(&mut self, inst: &Inst) {
        let result = inst.result();
        let view = match &inst.kind {
            InstKind::Const(v) if literal_bits(v).iter().any(|&b| f32::from_bits(b).is_nan()) => {
                // Folding can make one (0/0 with constant operands); the language has no spelling
                // for it, as for a NaN uniform default.
                self.error(
                    inst,
                    "this expression is a constant NaN, which NV_fragment_program cannot write",
                );
                None
            }
            InstKind::Const(v) => Some(View {
                src: Src::plain(Base::Lit(literal_bits(v))),
                kind: v.ty.kind,
                width: v.ty.width,
            }),
            InstKind::LoadInput(i) => {
                let input = &self.func.inputs[*i];
                let first = self.iface.input_offsets[i.index()];
                self.iface.inputs[i.index()].map(|reg| View {
                    src: Src {
                        swizzle: std::array::from_fn(|c| (first + c as u8).min(3)),
                        ..Src::plain(Base::Attr(reg))
                    },
                    kind: input.ty.kind,
                    width: input.ty.width,
                })
            }
            InstKind::LoadUniform { uniform, index } => self.uniform(inst, *uniform, *index),
            InstKind::Sample {
                form: form @ (SampleForm::Lod { .. } | SampleForm::Bias { .. }),
                ..
            } if !self.is_base_level(form) => {
                let what = if matches!(form, SampleForm::Lod { .. }) {
                    "an explicit level of detail (but a constant one ≤ 0)"
                } else {
                    "a level-of-detail bias"
                };
                self.error(
                    inst,
                    format!("profile fp30 has no texture lookup with {what} (needs fp40 or later)"),
                );
                None
            }
            InstKind::Sample {
                form: SampleForm::Fetch { .. },
                ..
            } => {
                self.error(
                    inst,
                    "profile fp30 has no texel fetch (`texelFetch`): NV_fragment_program reads textures through filtering only",
                );
                None
            }
            InstKind::Sample {
                sampler,
                form,
                coord,
            } => Some(self.sample(*sampler, *form, *coord)),
            InstKind::Op { op, args } => result.and_then(|r| self.op(inst, *op, args, r)),
            InstKind::Store {
                output,
                mask,
                value,
            } => {
                self.store(*output, *mask, *value);
                None
            }
            InstKind::If { cond, .. } if is_conditional_kill(&inst.kind) => {
                self.kill(*cond);
                None
            }
            InstKind::Discard => {
                self.kill_always();
                None
            }
            InstKind::Return => None,
            _ => {
                self.error(inst, "internal: control flow left after predication");
                None
            }
        };
        if let (Some(r), Some(v)) = (result, view) {
            self.views.insert(r, v);
        }
    }

    fn uniform(
        &mut self,
        inst: &Inst,
        uniform: Handle<Uniform>,
        index: Option<UniformIndex>,
    ) -> Option<View> {
        let u = &self.func.uniforms[uniform];
        let element = match index {
            None => None,
            Some(UniformIndex::Const(i)) => Some(i),
            Some(UniformIndex::Dynamic(_)) => {
                self.error(
                    inst,
                    format!(
                        "C5043: profile fp30 requires the index of uniform array `{}` to be a compile-time constant",
                        u.name
                    ),
                );
                return None;
            }
        };
        let p = self.mir.param(&param_name(&u.name, element));
        Some(View {
            src: Src::plain(Base::Param(p)),
            kind: u.ty.kind,
            width: u.ty.width,
        })
    }

    /// Whether `form` is an explicit LOD that is a constant ≤ 0: the base level, which TXD reaches.
    fn is_base_level(&self, form: &SampleForm) -> bool {
        let SampleForm::Lod { lod } = form else {
            return false;
        };
        let v = self.view(*lod);
        match v.src.base {
            Base::Lit(bits) if !v.src.negate && !v.src.abs => {
                f32::from_bits(bits[v.src.swizzle[0] as usize]) <= 0.0
            }
            _ => false,
        }
    }

    fn sample(&mut self, sampler: Handle<Sampler>, form: SampleForm, coord: Value) -> View {
        let s = &self.func.samplers[sampler];
        // A sampled sampler always has a unit (interface::bind gives every read one a unit).
        let unit = self.iface.sampler_units[sampler.index()].unwrap_or(0);
        let c = self.view(coord);
        let mut srcs = vec![c.src.clone()];
        let opcode = match form {
            SampleForm::Plain => Opcode::Tex,
            SampleForm::Proj => {
                // TXP divides by w: the IR's q is the coordinate's last component.
                let w = c.width as usize;
                srcs[0].swizzle[3] = c.src.swizzle[w - 1];
                Opcode::Txp
            }
            SampleForm::Grad { ddx, ddy } => {
                srcs.push(self.view(ddx).src);
                srcs.push(self.view(ddy).src);
                Opcode::Txd
            }
            // Only a constant LOD ≤ 0 gets here (`inst` refuses the others): GL samples level 0 with
            // the magnification filter for any λ ≤ c, and c ≥ 0; TXD with zero derivatives makes
            // λ = -∞, which does the same, so the lookup is exact.
            SampleForm::Lod { .. } => {
                srcs.extend([lit_src([0.0; 4]), lit_src([0.0; 4])]);
                Opcode::Txd
            }
            // Refused in `inst` before a lookup gets here.
            SampleForm::Bias { .. } | SampleForm::Fetch { .. } => Opcode::Tex,
        };
        let d = self.mir.new_vreg(File::R);
        let mut m = MInst::new(opcode, None, Dst::V(d), 0b1111, srcs);
        m.texture = Some((unit, target_for(s.dim)));
        self.push(m);
        self.vreg_view(d, Type::FLOAT4)
    }

    fn store(&mut self, output: Handle<Output>, store_mask: WriteMask, value: Value) {
        let Some(reg) = self.iface.outputs[output.index()] else {
            return;
        };
        let v = self.view(value);
        let mut swizzle = [0u8; 4];
        let mut m = 0u8;
        if reg == OutputReg::Depr {
            swizzle = [v.src.swizzle[0]; 4];
            m = 0b100;
        } else {
            for (k, c) in store_mask.components().enumerate() {
                swizzle[c] = v.src.swizzle[k];
                m |= 1 << c;
            }
        }
        let p = if reg.is_half() {
            Precision::H
        } else {
            Precision::R
        };
        let src = Src { swizzle, ..v.src };
        self.push(MInst::new(
            Opcode::Mov,
            Some(p),
            Dst::Out(reg),
            m,
            vec![src],
        ));
    }

    fn kill(&mut self, cond: Value) {
        let c = self.view(cond);
        if let Base::Lit(bits) = c.src.base {
            if bits[c.src.swizzle[0] as usize] != 0 {
                self.kill_always();
            }
            return;
        }
        let (src, rule) = self.condition(&c.src);
        let mut set = MInst::new(
            Opcode::Mov,
            Some(Precision::X),
            Dst::Cc(File::H),
            1,
            vec![src.component(0)],
        );
        set.update_cc = true;
        self.push(set);
        self.push(MInst {
            opcode: Opcode::Kil,
            precision: None,
            saturate: false,
            update_cc: false,
            dst: None,
            mask: 0,
            cond: Some(CcMask {
                rule,
                swizzle: NvSwizzle([0; 4]),
            }),
            srcs: Vec::new(),
            texture: None,
        });
    }

    /// The boolean to set the condition code from for a condition `c`, and the rule that is true
    /// where `c` holds: `not b` tests `b` for EQ.
    fn condition(&self, c: &Src) -> (Src, CcRule) {
        match c.vreg().and_then(|t| self.negations.get(&t)) {
            Some(b) => (
                Src {
                    swizzle: c.swizzle.map(|k| b.swizzle[k as usize]),
                    ..b.clone()
                },
                CcRule::Eq,
            ),
            None => (c.clone(), CcRule::Ne),
        }
    }

    /// Whether the register of `s` is written by several instructions (a select's result).
    fn several_writers(&self, s: &Src) -> bool {
        s.vreg().is_some_and(|v| {
            self.mir
                .insts
                .iter()
                .filter(|i| i.dst_vreg() == Some(v))
                .nth(1)
                .is_some()
        })
    }

    fn kill_always(&mut self) {
        self.push(MInst {
            opcode: Opcode::Kil,
            precision: None,
            saturate: false,
            update_cc: false,
            dst: None,
            mask: 0,
            cond: Some(CcMask::ALWAYS),
            srcs: Vec::new(),
            texture: None,
        });
    }

    fn op(&mut self, inst: &Inst, op: Op, args: &[Value], result: Value) -> Option<View> {
        let ty = self.func.ty(result);
        let a: Vec<View> = args.iter().map(|&v| self.view(v)).collect();
        let srcs: Vec<Src> = a.iter().map(|v| v.src.clone()).collect();
        let arg_kind = a[0].kind;
        if arg_kind == ScalarKind::Int && !matches!(op, Op::Cvt(_)) {
            // `legalize::IntToFloat` leaves int values only in loads and conversions.
            self.error(inst, "internal: int operation left after int legalisation");
            return None;
        }
        let p = precision(ty.kind);
        use Op::*;
        Some(match op {
            Swizzle(s) => {
                let comps: Vec<u8> = s
                    .components()
                    .iter()
                    .map(|&c| a[0].src.swizzle[c as usize])
                    .collect();
                View {
                    src: Src {
                        swizzle: padded(&comps),
                        ..a[0].src.clone()
                    },
                    kind: ty.kind,
                    width: ty.width,
                }
            }
            Neg | Abs => self.modifier(op, &a[0], ty),
            Mul | And if self.fused.contains(&result) => {
                self.pending
                    .insert(result, (srcs[0].clone(), srcs[1].clone()));
                return None;
            }
            Add | Sub => self.add(op, args, srcs, ty),
            Mul => self.componentwise(Opcode::Mul, p, ty, srcs),
            Min => self.componentwise(Opcode::Min, p, ty, srcs),
            Max => self.componentwise(Opcode::Max, p, ty, srcs),
            Mad => self.componentwise(Opcode::Mad, p, ty, srcs),
            Floor => self.componentwise(Opcode::Flr, p, ty, srcs),
            Fract => self.componentwise(Opcode::Frc, p, ty, srcs),
            Ddx => self.componentwise(Opcode::Ddx, p, ty, srcs),
            Ddy => self.componentwise(Opcode::Ddy, p, ty, srcs),
            Lit => self.componentwise(Opcode::Lit, p, ty, srcs),
            Dst => self.componentwise(Opcode::Dst, p, ty, srcs),
            Sat => {
                let v = self.componentwise(Opcode::Mov, p, ty, srcs);
                if let Some(last) = self.mir.insts.last_mut() {
                    last.saturate = true;
                }
                v
            }
            Rcp => self.per_component(Opcode::Rcp, p, ty, &srcs),
            Rsqrt => self.per_component(Opcode::Rsq, p, ty, &srcs),
            Exp2 => self.per_component(Opcode::Ex2, p, ty, &srcs),
            Log2 => self.per_component(Opcode::Lg2, p, ty, &srcs),
            Sin => self.per_component(Opcode::Sin, p, ty, &srcs),
            Cos => self.per_component(Opcode::Cos, p, ty, &srcs),
            Pow => self.per_component(Opcode::Pow, p, ty, &srcs),
            Not => {
                let zero = lit_src([0.0; 4]);
                let v =
                    self.componentwise(Opcode::Seq, Precision::X, ty, vec![srcs[0].clone(), zero]);
                if let Some(t) = v.src.vreg() {
                    self.negations.insert(t, srcs[0].clone());
                }
                v
            }
            And => self.componentwise(Opcode::Mul, Precision::X, ty, srcs),
            Or => self.or(args, srcs, ty),
            Xor => self.componentwise(Opcode::Sne, Precision::X, ty, srcs),
            Eq | Ne | Lt | Le | Gt | Ge => {
                let opcode = match op {
                    Eq => Opcode::Seq,
                    Ne => Opcode::Sne,
                    Lt => Opcode::Slt,
                    Le => Opcode::Sle,
                    Gt => Opcode::Sgt,
                    _ => Opcode::Sge,
                };
                self.componentwise(opcode, precision(arg_kind), ty, srcs)
            }
            Any | All => self.reduce(op, &a[0], ty),
            BitNot | BitAnd | BitOr | BitXor | Shl | Shr => {
                // `legalize::refuse_bit_operations` stops these before instruction selection.
                self.error(
                    inst,
                    "internal: integer bit operation left after legalisation",
                );
                return None;
            }
            Dot => self.dot(&a[0], &a[1], ty),
            Select => self.select_op(&a, ty),
            Construct => self.construct(&a, ty),
            Cvt(to) => return self.cvt(inst, &a[0], to, ty),
            Pack(f) => {
                let opcode = match f {
                    PackFormat::TwoHalf => Opcode::Pk2h,
                    PackFormat::TwoUshort => Opcode::Pk2us,
                    PackFormat::FourByte => Opcode::Pk4b,
                    PackFormat::FourUbyte => Opcode::Pk4ub,
                };
                let d = self.mir.new_vreg(File::R);
                self.push(MInst::new(opcode, None, crate::mir::Dst::V(d), 1, srcs));
                self.vreg_view(d, ty)
            }
            Unpack(f) => {
                let opcode = match f {
                    PackFormat::TwoHalf => Opcode::Up2h,
                    PackFormat::TwoUshort => Opcode::Up2us,
                    PackFormat::FourByte => Opcode::Up4b,
                    PackFormat::FourUbyte => Opcode::Up4ub,
                };
                let d = self.mir.new_vreg(File::R);
                let src = srcs[0].component(0);
                self.push(MInst::new(
                    opcode,
                    None,
                    crate::mir::Dst::V(d),
                    mask(ty.width),
                    vec![src],
                ));
                self.vreg_view(d, ty)
            }
            // The fp30_precision pass's operations spell out what NV computes natively; it runs
            // only for targets that need them.
            Div | Sqrt | Ceil | Trunc | Round | Clamp | Lerp | RoundHalf | RoundFixed | Nv(_) => {
                self.error(
                    inst,
                    format!("internal: `{}` was not lowered", op.mnemonic()),
                );
                return None;
            }
        })
    }

    /// Negation / absolute value as a source modifier. Fixed values are materialised with MOVX, as a
    /// modifier would not clamp −(−2) to fx12's range outside an X instruction.
    fn modifier(&mut self, op: Op, a: &View, ty: Type) -> View {
        let mut src = a.src.clone();
        if op == Op::Neg {
            src.negate = !src.negate;
        } else {
            src.abs = true;
            src.negate = false;
        }
        if ty.kind == ScalarKind::Fixed {
            return self.componentwise(Opcode::Mov, Precision::X, ty, vec![src]);
        }
        View {
            src,
            kind: ty.kind,
            width: ty.width,
        }
    }

    /// `add`/`sub`, as MAD when an operand is a fused `mul`.
    fn add(&mut self, op: Op, args: &[Value], srcs: Vec<Src>, ty: Type) -> View {
        let p = precision(ty.kind);
        let negated = |mut s: Src| {
            s.negate = !s.negate;
            s
        };
        for (i, arg) in args.iter().enumerate() {
            if let Some((x, y)) = self.pending.get(arg).cloned() {
                let other = srcs[1 - i].clone();
                let (x, c) = match (op, i) {
                    (Op::Sub, 0) => (x, negated(other)),
                    (Op::Sub, _) => (negated(x), other),
                    _ => (x, other),
                };
                return self.componentwise(Opcode::Mad, p, ty, vec![x, y, c]);
            }
        }
        let opcode = if op == Op::Add {
            Opcode::Add
        } else {
            Opcode::Sub
        };
        self.componentwise(opcode, p, ty, srcs)
    }

    /// `or` of booleans: MAXX, or `MADX_SAT x, y, c` when an operand is a fused `and x, y` (exact,
    /// booleans being 0 / 1: sat(x·y + c) = max(x·y, c)).
    fn or(&mut self, args: &[Value], srcs: Vec<Src>, ty: Type) -> View {
        for (i, arg) in args.iter().enumerate() {
            if let Some((x, y)) = self.pending.get(arg).cloned() {
                let c = srcs[1 - i].clone();
                let v = self.componentwise(Opcode::Mad, Precision::X, ty, vec![x, y, c]);
                if let Some(last) = self.mir.insts.last_mut() {
                    last.saturate = true;
                }
                return v;
            }
        }
        self.componentwise(Opcode::Max, Precision::X, ty, srcs)
    }

    fn reduce(&mut self, op: Op, a: &View, ty: Type) -> View {
        if a.width == 1 {
            return View {
                src: a.src.clone(),
                kind: ty.kind,
                width: 1,
            };
        }
        let d = self.mir.new_vreg(File::H);
        let c = |i: usize| a.src.component(i);
        if op == Op::Any {
            let one = lit_src([1.0; 4]);
            let mut m = match a.width {
                2 => MInst::new(
                    Opcode::Add,
                    Some(Precision::X),
                    Dst::V(d),
                    1,
                    vec![c(0), c(1)],
                ),
                3 => MInst::new(
                    Opcode::Dp3,
                    Some(Precision::X),
                    Dst::V(d),
                    1,
                    vec![a.src.clone(), one],
                ),
                _ => MInst::new(
                    Opcode::Dp4,
                    Some(Precision::X),
                    Dst::V(d),
                    1,
                    vec![a.src.clone(), one],
                ),
            };
            m.saturate = true;
            self.push(m);
        } else {
            self.push(MInst::new(
                Opcode::Mul,
                Some(Precision::X),
                Dst::V(d),
                1,
                vec![c(0), c(1)],
            ));
            for i in 2..a.width as usize {
                let acc = Src::plain(Base::V(d)).component(0);
                self.push(MInst::new(
                    Opcode::Mul,
                    Some(Precision::X),
                    Dst::V(d),
                    1,
                    vec![acc, c(i)],
                ));
            }
        }
        self.vreg_view(d, ty)
    }

    fn dot(&mut self, a: &View, b: &View, ty: Type) -> View {
        let p = precision(ty.kind);
        let (x, y) = (a.src.clone(), b.src.clone());
        match a.width {
            4 => self.componentwise(Opcode::Dp4, p, ty, vec![x, y]),
            3 => self.componentwise(Opcode::Dp3, p, ty, vec![x, y]),
            1 => self.componentwise(Opcode::Mul, p, ty, vec![x, y]),
            _ => {
                let d = self.mir.new_vreg(file(ty.kind));
                let acc = Src::plain(Base::V(d)).component(0);
                self.push(MInst::new(
                    Opcode::Mul,
                    Some(p),
                    Dst::V(d),
                    1,
                    vec![x.component(0), y.component(0)],
                ));
                self.push(MInst::new(
                    Opcode::Mad,
                    Some(p),
                    Dst::V(d),
                    1,
                    vec![x.component(1), y.component(1), acc],
                ));
                self.vreg_view(d, ty)
            }
        }
    }

    /// `select c, a, b`: `MOV d, b`, then `a` written where `c` holds (a constant `c` picks the
    /// components statically). An `a` that is itself a select's result (written by several
    /// instructions) is the base instead, and `b` is written where `c` does not hold: the copy
    /// folding pass can then compute `a` straight into `d`, which it cannot do under a condition.
    fn select_op(&mut self, a: &[View], ty: Type) -> View {
        let (c, mut x, mut y) = (&a[0], &a[1], &a[2]);
        let d = self.mir.new_vreg(file(ty.kind));
        let p = mov_precision(file(ty.kind));
        let full = mask(ty.width);
        if let Base::Lit(bits) = c.src.base {
            let chosen = (0..ty.width as usize)
                .filter(|&i| bits[c.src.swizzle[i] as usize] != 0)
                .fold(0u8, |m, i| m | 1 << i);
            if chosen == full {
                return x.clone();
            }
            if chosen == 0 {
                return y.clone();
            }
            self.push(MInst::new(
                Opcode::Mov,
                Some(p),
                Dst::V(d),
                full & !chosen,
                vec![y.src.clone()],
            ));
            self.push(MInst::new(
                Opcode::Mov,
                Some(p),
                Dst::V(d),
                chosen,
                vec![x.src.clone()],
            ));
            return self.vreg_view(d, ty);
        }
        let (cond, mut rule) = self.condition(&c.src);
        if self.several_writers(&x.src) && !self.several_writers(&y.src) {
            std::mem::swap(&mut x, &mut y);
            rule = if rule == CcRule::Ne {
                CcRule::Eq
            } else {
                CcRule::Ne
            };
        }
        self.push(MInst::new(
            Opcode::Mov,
            Some(p),
            Dst::V(d),
            full,
            vec![y.src.clone()],
        ));
        let mut set = MInst::new(
            Opcode::Mov,
            Some(Precision::X),
            Dst::Cc(File::H),
            full,
            vec![cond],
        );
        set.update_cc = true;
        self.push(set);
        let mut write = MInst::new(Opcode::Mov, Some(p), Dst::V(d), full, vec![x.src.clone()]);
        write.cond = Some(CcMask {
            rule,
            swizzle: NvSwizzle::IDENTITY,
        });
        self.push(write);
        self.vreg_view(d, ty)
    }

    /// Concatenation: parts reading the same operand (or constants) are moved together.
    fn construct(&mut self, parts: &[View], ty: Type) -> View {
        // (source with its swizzle positioned, mask of destination components)
        let mut groups: Vec<(Src, u8)> = Vec::new();
        let mut offset = 0usize;
        for part in parts {
            for j in 0..part.width as usize {
                let pos = offset + j;
                let comp = part.src.swizzle[j];
                let group = match &part.src.base {
                    Base::Lit(bits) => {
                        let value = bits[comp as usize];
                        let found = groups
                            .iter()
                            .position(|(s, _)| matches!(s.base, Base::Lit(_)));
                        let i = found.unwrap_or_else(|| {
                            groups.push((lit_src([0.0; 4]), 0));
                            groups.len() - 1
                        });
                        if let Base::Lit(b) = &mut groups[i].0.base {
                            b[pos] = value;
                        }
                        groups[i].0.swizzle[pos] = pos as u8;
                        i
                    }
                    base => {
                        let same = |s: &Src| {
                            &s.base == base && s.negate == part.src.negate && s.abs == part.src.abs
                        };
                        let i = groups.iter().position(|(s, _)| same(s)).unwrap_or_else(|| {
                            groups.push((part.src.clone(), 0));
                            groups.len() - 1
                        });
                        groups[i].0.swizzle[pos] = comp;
                        i
                    }
                };
                groups[group].1 |= 1 << pos;
            }
            offset += part.width as usize;
        }
        if let [(src, _)] = groups.as_slice() {
            let used: Vec<u8> = src.swizzle[..ty.width as usize].to_vec();
            return View {
                src: Src {
                    swizzle: padded(&used),
                    ..src.clone()
                },
                kind: ty.kind,
                width: ty.width,
            };
        }
        let d = self.mir.new_vreg(file(ty.kind));
        let p = mov_precision(file(ty.kind));
        for (src, m) in groups {
            self.push(MInst::new(Opcode::Mov, Some(p), Dst::V(d), m, vec![src]));
        }
        self.vreg_view(d, ty)
    }

    fn cvt(&mut self, inst: &Inst, a: &View, to: ScalarKind, ty: Type) -> Option<View> {
        use ScalarKind::*;
        let relabel = || View {
            src: a.src.clone(),
            kind: to,
            width: ty.width,
        };
        Some(match (a.kind, to) {
            (from, to) if from == to => relabel(),
            // Exact widenings: every fx12 value is an fp16 value, every fp16 value an fp32 one, and
            // booleans are 0 / 1.
            (Half | Fixed, Float) | (Fixed, Half) | (Bool, Float | Half | Fixed | Int) => relabel(),
            // `legalize::IntToFloat` holds every int as a float with an integral value: the
            // conversions between the two that it leaves (int loads read as floats, int stores
            // and run-time indices read back as ints) change nothing in the register.
            (Int, Float) | (Float, Int) => relabel(),
            (Float, Half) => self.componentwise(Opcode::Mov, Precision::H, ty, vec![a.src.clone()]),
            (Float | Half, Fixed) => {
                self.componentwise(Opcode::Mov, Precision::X, ty, vec![a.src.clone()])
            }
            (Float | Half | Fixed | Int, Bool) => {
                let zero = lit_src([0.0; 4]);
                self.componentwise(
                    Opcode::Sne,
                    precision(a.kind),
                    ty,
                    vec![a.src.clone(), zero],
                )
            }
            _ => {
                self.error(inst, "internal: int conversion left after int legalisation");
                return None;
            }
        })
    }
}
