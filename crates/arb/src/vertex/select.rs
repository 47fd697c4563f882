//! Instruction selection: a legalised (straight-line, float-only) vertex function into ARB vertex
//! program instructions over virtual temporaries.
//!
//! ARB_vertex_program has no `CMP`, no `SIN`/`COS`, no `_SAT`, no `SEQ`/`SNE` and no comparisons
//! beyond `SLT`/`SGE`; this module composes them:
//!
//! | IR | ARB |
//! |---|---|
//! | `lt`/`ge`, `gt`/`le` | `SLT`/`SGE`, operands swapped for `gt`/`le` |
//! | `eq`, `ne` | `SGE·SGE·MUL`, `SLT·SLT·ADD` |
//! | `select c, a, b` | `MAD t, -c, b, b; MAD r, c, a, t` (exact for finite `a`, `b`: `c` is 0 or 1) |
//! | `sat x` | `MAX`, `MIN` with 0 and 1 |
//! | `sin x`, `cos x` | `x/2π` reduced with `FRC` to [−π, π), then the odd Taylor polynomial to degree 15 (error below 1e-6) |
//! | `not`, `and`, `or`, `xor` | on 0/1: `1 − x`, `MUL`, `MAX`, `|a − b|` |
//! | `any`, `all` | the sum (`ADD`/`DP3`/`DP4` with 1) compared with 0 / the width |
//! | run-time uniform index | clamped into range, `ARL A0.x`, read into a temporary at once |
//! | `rcp`, `rsqrt`, `exp2`, `log2`, `pow` | the scalar instruction once per component (once for a splat) |

use super::interface::VertexInterface;
use super::operand::{Base, Dest, Instruction, Operand};
use pigment_diag::Diagnostic;
use pigment_ir::{Function, Inst, InstKind, Op, ScalarKind, UniformIndex, Value, WriteMask};
use std::collections::HashMap;
use std::f32::consts::PI;

/// The selected program.
pub(crate) struct Selection {
    pub instructions: Vec<Instruction>,
    pub uses_address: bool,
}

pub(crate) fn select(
    func: &Function,
    iface: &VertexInterface,
) -> Result<Selection, Vec<Diagnostic>> {
    let mut s = Selector {
        func,
        iface,
        values: HashMap::new(),
        out: Vec::new(),
        next_temp: 0,
        uses_address: false,
        written: vec![0; func.outputs.len()],
        errors: Vec::new(),
    };
    for inst in &func.body.insts {
        s.inst(inst);
    }
    s.fill_outputs();
    if !s.errors.is_empty() {
        return Err(s.errors);
    }
    Ok(Selection {
        instructions: s.out,
        uses_address: s.uses_address,
    })
}

struct Selector<'f> {
    func: &'f Function,
    iface: &'f VertexInterface,
    values: HashMap<Value, Operand>,
    out: Vec<Instruction>,
    next_temp: u32,
    uses_address: bool,
    /// Per output, the components stores wrote.
    written: Vec<u8>,
    errors: Vec<Diagnostic>,
}

fn full(width: u8) -> u8 {
    WriteMask::all(width).0
}

impl Selector<'_> {
    fn error(&mut self, inst: &Inst, message: String) {
        let d = Diagnostic::error(message);
        self.errors.push(match inst.loc {
            Some(l) => d.at(l.file, l.span),
            None => d,
        });
    }

    fn fresh(&mut self) -> u32 {
        self.next_temp += 1;
        self.next_temp - 1
    }

    fn emit_to(&mut self, t: u32, opcode: &'static str, mask: u8, sources: Vec<Operand>) {
        self.out.push(Instruction {
            opcode,
            dest: Dest::Temp(t),
            mask,
            sources,
        });
    }

    /// `opcode` into a fresh temporary, components `mask`.
    fn emit(&mut self, opcode: &'static str, mask: u8, sources: Vec<Operand>) -> Operand {
        let t = self.fresh();
        self.emit_to(t, opcode, mask, sources);
        Operand::temp(t)
    }

    fn operand(&self, v: Value) -> Operand {
        self.values
            .get(&v)
            .cloned()
            .unwrap_or_else(|| Operand::literal(&[0.0]))
    }

    fn inst(&mut self, inst: &Inst) {
        let result = match &inst.kind {
            InstKind::Const(v) => Some(self.constant(v)),
            InstKind::Op { op, args } => {
                let args: Vec<Operand> = args.iter().map(|&a| self.operand(a)).collect();
                let width = inst.result().map_or(4, |r| self.func.ty(r).width);
                self.op(inst, *op, &args, width)
            }
            InstKind::LoadInput(h) => Some(Operand::new(Base::Attrib(
                self.iface.attribs[h.index()].clone(),
            ))),
            InstKind::LoadUniform { uniform, index } => Some(self.uniform(uniform.index(), *index)),
            InstKind::Store {
                output,
                mask,
                value,
            } => {
                let value = self.operand(*value);
                self.store(output.index(), mask.0, value);
                None
            }
            _ => {
                self.error(
                    inst,
                    "internal: profile `arbvp1` met an instruction legalisation should have removed"
                        .into(),
                );
                None
            }
        };
        if let (Some(r), Some(v)) = (inst.result(), result) {
            self.values.insert(r, v);
        }
    }

    /// A constant: inline when finite. ARB constants are finite, so an infinity is computed as
    /// the product of two of the largest floats, and a NaN as that infinity minus itself.
    fn constant(&mut self, v: &pigment_ir::Vector) -> Operand {
        let values = pigment_fp30::uniforms::parameter_values(v);
        if values.iter().all(|x| x.is_finite()) {
            return Operand::literal(&values);
        }
        let finite: Vec<f32> = values
            .iter()
            .map(|&x| if x.is_finite() { x } else { 0.0 })
            .collect();
        let t = self.fresh();
        self.emit_to(t, "MOV", full(v.ty.width), vec![Operand::literal(&finite)]);
        let big = Operand::literal(&[f32::MAX]);
        for (c, &x) in values.iter().enumerate().filter(|(_, x)| !x.is_finite()) {
            let sign = if x < 0.0 { big.negated() } else { big.clone() };
            self.emit_to(t, "MUL", 1 << c, vec![big.clone(), sign]);
            if x.is_nan() {
                let inf = Operand::temp(t).component(c as u8);
                self.emit_to(t, "ADD", 1 << c, vec![inf.clone(), inf.negated()]);
            }
        }
        Operand::temp(t)
    }

    fn uniform(&mut self, u: usize, index: Option<UniformIndex>) -> Operand {
        let param = &self.iface.params[u];
        let name = param.name.clone();
        match index {
            None => Operand::new(Base::Param {
                name,
                element: None,
            }),
            Some(UniformIndex::Const(e)) => Operand::new(Base::Param {
                name,
                element: param.len.map(|n| e.min(n.saturating_sub(1))),
            }),
            Some(UniformIndex::Dynamic(v)) => {
                let last = param.len.unwrap_or(1).saturating_sub(1) as f32;
                let index = self.operand(v);
                let low = self.emit("MAX", 1, vec![index, Operand::literal(&[0.0])]);
                let clamped = self.emit("MIN", 1, vec![low, Operand::literal(&[last])]);
                self.uses_address = true;
                self.out.push(Instruction {
                    opcode: "ARL",
                    dest: Dest::Named("A0".into()),
                    mask: 1,
                    sources: vec![clamped],
                });
                self.emit(
                    "MOV",
                    0b1111,
                    vec![Operand::new(Base::ParamRelative { name })],
                )
            }
        }
    }

    /// Moves `value`'s components into the enabled components of the output's register.
    fn store(&mut self, output: usize, mask: u8, value: Operand) {
        // A packed output (`component` > 0) writes its register from that component on.
        let first = self.func.outputs[pigment_ir::Handle::from_index(output)].component;
        let places: Vec<u8> = (0..4u8)
            .filter(|c| mask & (1 << c) != 0)
            .map(|c| c + first)
            .collect();
        let mut swizzle = [0u8; 4];
        let mut mask = 0;
        for (k, &c) in places.iter().enumerate() {
            swizzle[usize::from(c & 3)] = k as u8;
            mask |= 1 << c;
        }
        let mask = mask & 0b1111;
        self.written[output] |= mask;
        self.out.push(Instruction {
            opcode: "MOV",
            dest: Dest::Named(self.iface.results[output].0.clone()),
            mask,
            sources: vec![value.swizzled(&swizzle)],
        });
    }

    /// A varying starts as (0, 0, 0, 1) where the program leaves it, written in part or not at all
    /// (as the IR's vertex outputs do); ARB leaves unwritten result components undefined.
    /// Outputs that share a register (one packed into another's set) fill it once, around what
    /// all of them write.
    fn fill_outputs(&mut self) {
        let iface = self.iface;
        for (o, (register, _)) in iface.results.iter().enumerate() {
            let sharing = || (0..iface.results.len()).filter(|&p| iface.results[p].0 == *register);
            let written = sharing().fold(0, |m, p| m | self.written[p]);
            let rest = 0b1111 & !written;
            if iface.scalar_result(o) || rest == 0 || sharing().next() != Some(o) {
                continue;
            }
            self.out.push(Instruction {
                opcode: "MOV",
                dest: Dest::Named(register.clone()),
                mask: rest,
                sources: vec![Operand::literal(&[0.0, 0.0, 0.0, 1.0])],
            });
        }
    }

    fn op(&mut self, inst: &Inst, op: Op, a: &[Operand], width: u8) -> Option<Operand> {
        let m = full(width);
        use Op::*;
        Some(match op {
            Swizzle(s) => a[0].swizzled(s.components()),
            Neg => a[0].negated(),
            Abs => match a[0].literal_value() {
                Some(v) => Operand::literal(&v.map(f32::abs)),
                None => self.emit("ABS", m, vec![a[0].clone()]),
            },
            Add => self.emit("ADD", m, a.to_vec()),
            Sub => self.emit("SUB", m, a.to_vec()),
            Mul | And => self.emit("MUL", m, a.to_vec()),
            Min => self.emit("MIN", m, a.to_vec()),
            Max | Or => self.emit("MAX", m, a.to_vec()),
            Mad => self.emit("MAD", m, a.to_vec()),
            Floor => self.emit("FLR", m, a.to_vec()),
            Fract => self.emit("FRC", m, a.to_vec()),
            Lit => self.emit("LIT", m, a.to_vec()),
            Dst => self.emit("DST", m, a.to_vec()),
            Sat => {
                let low = self.emit("MAX", m, vec![a[0].clone(), Operand::literal(&[0.0])]);
                self.emit("MIN", m, vec![low, Operand::literal(&[1.0])])
            }
            Rcp => self.per_component("RCP", a, width),
            Rsqrt => self.per_component("RSQ", a, width),
            Exp2 => self.per_component("EX2", a, width),
            Log2 => self.per_component("LG2", a, width),
            Pow => self.per_component("POW", a, width),
            Sin => self.sine(&a[0], m, 0.5),
            Cos => self.sine(&a[0], m, 0.75),
            Not => self.emit("ADD", m, vec![a[0].negated(), Operand::literal(&[1.0])]),
            Xor => {
                let d = self.emit("SUB", m, a.to_vec());
                self.emit("ABS", m, vec![d])
            }
            Lt => self.emit("SLT", m, a.to_vec()),
            Ge => self.emit("SGE", m, a.to_vec()),
            Gt => self.emit("SLT", m, vec![a[1].clone(), a[0].clone()]),
            Le => self.emit("SGE", m, vec![a[1].clone(), a[0].clone()]),
            Eq | Ne => {
                let test = if op == Eq { "SGE" } else { "SLT" };
                let x = self.emit(test, m, a.to_vec());
                let y = self.emit(test, m, vec![a[1].clone(), a[0].clone()]);
                self.emit(if op == Eq { "MUL" } else { "ADD" }, m, vec![x, y])
            }
            Any | All => self.reduce(op, &a[0], self.func_width(inst, 0)),
            Dot => self.dot(&a[0], &a[1], self.func_width(inst, 0)),
            Select => self.select_op(a, width),
            Construct => self.construct(inst, a),
            Cvt(to) => self.convert(inst, &a[0], to, width),
            Ddx | Ddy | Pack(_) | Unpack(_) | BitNot | BitAnd | BitOr | BitXor | Shl | Shr => {
                self.error(inst, format!("profile `arbvp1` has no `{}`", op.mnemonic()));
                return None;
            }
            // The fp30_precision pass's operations: only GLSL and naga run it.
            Div | Sqrt | Ceil | Trunc | Round | Clamp | Lerp | RoundHalf | RoundFixed | Nv(_) => {
                self.error(
                    inst,
                    format!("internal: `{}` was not lowered", op.mnemonic()),
                );
                return None;
            }
        })
    }

    /// The width of argument `k` of `inst`.
    fn func_width(&self, inst: &Inst, k: usize) -> u8 {
        match &inst.kind {
            InstKind::Op { args, .. } => self.func.ty(args[k]).width,
            _ => 4,
        }
    }

    fn per_component(&mut self, opcode: &'static str, a: &[Operand], width: u8) -> Operand {
        let splat = a.iter().all(|x| {
            x.swizzle[..width as usize]
                .iter()
                .all(|&c| c == x.swizzle[0])
                || x.literal_value()
                    .is_some_and(|v| v.iter().all(|&c| c == v[0]))
        });
        let t = self.fresh();
        if splat {
            self.emit_to(
                t,
                opcode,
                full(width),
                a.iter().map(|x| x.component(0)).collect(),
            );
        } else {
            for c in 0..width {
                self.emit_to(
                    t,
                    opcode,
                    1 << c,
                    a.iter().map(|x| x.component(c)).collect(),
                );
            }
        }
        Operand::temp(t)
    }

    /// sin(x) (`shift` 0.5) or cos(x) (`shift` 0.75, a quarter turn on): the angle reduced to
    /// [−π, π) in turns, then the Taylor polynomial of sine.
    fn sine(&mut self, x: &Operand, m: u8, shift: f32) -> Operand {
        const TURN: f32 = 2.0 * PI;
        let turns = self.emit(
            "MAD",
            m,
            vec![
                x.clone(),
                Operand::literal(&[1.0 / TURN]),
                Operand::literal(&[shift]),
            ],
        );
        let frac = self.emit("FRC", m, vec![turns]);
        let angle = self.emit(
            "MAD",
            m,
            vec![frac, Operand::literal(&[TURN]), Operand::literal(&[-PI])],
        );
        let square = self.emit("MUL", m, vec![angle.clone(), angle.clone()]);
        // 1/1!, -1/3!, 1/5!, ... -1/15!: Horner's rule in a², highest first.
        let mut coefficients = Vec::new();
        let mut factorial = 1.0f64;
        for k in 0..8 {
            let n = 2 * k + 1;
            if k > 0 {
                factorial *= f64::from((n - 1) * n);
            }
            let sign = if k % 2 == 0 { 1.0 } else { -1.0 };
            coefficients.push((sign / factorial) as f32);
        }
        let mut poly = Operand::literal(&[coefficients[7]]);
        for &c in coefficients[..7].iter().rev() {
            poly = self.emit("MAD", m, vec![poly, square.clone(), Operand::literal(&[c])]);
        }
        self.emit("MUL", m, vec![poly, angle])
    }

    fn reduce(&mut self, op: Op, a: &Operand, width: u8) -> Operand {
        if width == 1 {
            return a.clone();
        }
        let one = Operand::literal(&[1.0]);
        let sum = match width {
            2 => self.emit("ADD", 1, vec![a.component(0), a.component(1)]),
            3 => self.emit("DP3", 1, vec![a.clone(), one]),
            _ => self.emit("DP4", 1, vec![a.clone(), one]),
        };
        if op == Op::Any {
            self.emit("SLT", 1, vec![Operand::literal(&[0.0]), sum])
        } else {
            self.emit("SGE", 1, vec![sum, Operand::literal(&[f32::from(width)])])
        }
    }

    fn dot(&mut self, a: &Operand, b: &Operand, width: u8) -> Operand {
        match width {
            1 => self.emit("MUL", 1, vec![a.clone(), b.clone()]),
            2 => {
                let p = self.emit("MUL", 0b11, vec![a.clone(), b.clone()]);
                self.emit("ADD", 1, vec![p.component(0), p.component(1)])
            }
            3 => self.emit("DP3", 1, vec![a.clone(), b.clone()]),
            _ => self.emit("DP4", 1, vec![a.clone(), b.clone()]),
        }
    }

    fn select_op(&mut self, a: &[Operand], width: u8) -> Operand {
        let (c, x, y) = (&a[0], &a[1], &a[2]);
        if let Some(bits) = c.literal_value() {
            let chosen = (0..width)
                .filter(|&i| bits[i as usize] != 0.0)
                .fold(0, |m, i| m | 1 << i);
            let t = self.fresh();
            if chosen != full(width) {
                self.emit_to(t, "MOV", full(width) & !chosen, vec![y.clone()]);
            }
            if chosen != 0 {
                self.emit_to(t, "MOV", chosen, vec![x.clone()]);
            }
            return Operand::temp(t);
        }
        let m = full(width);
        let rest = self.emit("MAD", m, vec![c.negated(), y.clone(), y.clone()]);
        self.emit("MAD", m, vec![c.clone(), x.clone(), rest])
    }

    /// The arguments' components side by side: a swizzle when they all read one register the
    /// same way, else moves into a temporary.
    fn construct(&mut self, inst: &Inst, a: &[Operand]) -> Operand {
        let widths: Vec<u8> = match &inst.kind {
            InstKind::Op { args, .. } => args.iter().map(|&v| self.func.ty(v).width).collect(),
            _ => Vec::new(),
        };
        if let Some(literal) = self.literal_construct(a, &widths) {
            return literal;
        }
        let same = a
            .iter()
            .all(|x| x.base == a[0].base && x.negate == a[0].negate);
        if same {
            let mut swizzle = Vec::new();
            for (x, &w) in a.iter().zip(&widths) {
                swizzle.extend_from_slice(&x.swizzle[..w as usize]);
            }
            return Operand {
                swizzle: std::array::from_fn(|i| {
                    swizzle
                        .get(i)
                        .copied()
                        .unwrap_or(swizzle[swizzle.len() - 1])
                }),
                ..a[0].clone()
            };
        }
        let t = self.fresh();
        let mut at = 0u8;
        for (x, &w) in a.iter().zip(&widths) {
            let mut swizzle = [0u8; 4];
            for k in 0..w {
                swizzle[(at + k) as usize] = k;
            }
            let mask = full(w) << at;
            self.emit_to(t, "MOV", mask, vec![x.swizzled(&swizzle)]);
            at += w;
        }
        Operand::temp(t)
    }

    fn literal_construct(&self, a: &[Operand], widths: &[u8]) -> Option<Operand> {
        let mut values = Vec::new();
        for (x, &w) in a.iter().zip(widths) {
            values.extend_from_slice(&x.literal_value()?[..w as usize]);
        }
        Some(Operand::literal(&values))
    }

    fn convert(&mut self, inst: &Inst, a: &Operand, to: ScalarKind, width: u8) -> Operand {
        let from = match &inst.kind {
            InstKind::Op { args, .. } => self.func.ty(args[0]).kind,
            _ => to,
        };
        if to != ScalarKind::Bool || from == ScalarKind::Bool {
            // Every kind is held as fp32 here, ints as integral values, bools as 0 / 1.
            return a.clone();
        }
        let m = full(width);
        let magnitude = self.emit("ABS", m, vec![a.clone()]);
        self.emit("SLT", m, vec![Operand::literal(&[0.0]), magnitude])
    }
}
