//! Which values the writer inlines into the expression that uses them and which get a named
//! local variable: the decision that keeps the GLSL readable (one statement per source-level
//! computation, not one per IR value) without computing anything twice or moving a computation
//! into or out of a region.
//!
//! A value is inlined when it is a constant, an input, or a uniform at a constant index (names
//! and literals, cheap to repeat), or when it is a pure instruction's result used exactly once,
//! in the same block that defines it, by an operand position that writes it once. Everything else
//! (values used twice, across a region boundary, operands an operation repeats, the values a
//! `continue` hands to the next iteration) is a named local.

use crate::expr::{self, repeats_operands, Expr};
use crate::version::Version;
use pigment_ir::{Block, Function, InstKind, Op, UniformIndex, Value};

/// What the writer knows of each value (by index) before writing.
pub struct Plan {
    /// Written inline rather than as a named local.
    pub inline: Vec<bool>,
    /// How many operands read it (0: a region result nobody reads, which is not declared).
    pub uses: Vec<u32>,
    /// A constant, an input or a uniform at a constant index: written where it is read.
    pub cheap: Vec<bool>,
}

/// Plans every value of `func`.
pub fn plan(func: &Function, version: Version) -> Plan {
    let n = func.values.len();
    let mut p = Planner {
        func,
        version,
        uses: vec![0; n],
        use_block: vec![usize::MAX; n],
        def_block: vec![usize::MAX; n],
        must_name: vec![false; n],
        cheap: vec![false; n],
        pure: vec![false; n],
        blocks: 0,
        splat: splats(func, version).iter().map(Option::is_some).collect(),
    };
    p.visit(&func.body);
    let inline = (0..n)
        .map(|v| {
            p.cheap[v]
                || (p.pure[v]
                    && p.uses[v] == 1
                    && p.use_block[v] == p.def_block[v]
                    && !p.must_name[v])
        })
        .collect();
    Plan {
        inline,
        uses: p.uses,
        cheap: p.cheap,
    }
}

struct Planner<'a> {
    func: &'a Function,
    version: Version,
    uses: Vec<u32>,
    use_block: Vec<usize>,
    def_block: Vec<usize>,
    must_name: Vec<bool>,
    cheap: Vec<bool>,
    pure: Vec<bool>,
    blocks: usize,
    /// Values that repeat one scalar (see [`splats`]).
    splat: Vec<bool>,
}

impl Planner<'_> {
    fn visit(&mut self, block: &Block) {
        let id = self.blocks;
        self.blocks += 1;
        for inst in &block.insts {
            if let Some(v) = inst.result() {
                let v = v.index();
                self.def_block[v] = id;
                self.pure[v] = inst.kind.is_pure();
                self.cheap[v] = matches!(
                    inst.kind,
                    InstKind::Const(_)
                        | InstKind::LoadInput(_)
                        | InstKind::LoadUniform {
                            index: None | Some(UniformIndex::Const(_)),
                            ..
                        }
                );
            }
            let operands = inst.kind.operands();
            for &o in &operands {
                self.uses[o.index()] += 1;
                self.use_block[o.index()] = id;
            }
            if self.names_operands(&inst.kind) {
                for &o in &operands {
                    self.must_name[o.index()] = true;
                }
            }
            for b in inst.kind.blocks() {
                self.visit(b);
            }
        }
    }

    /// Whether the instruction writes its operands more than once or hands them on in parallel.
    fn names_operands(&self, kind: &InstKind) -> bool {
        match kind {
            // A select on a repeated bool is one `?:` (see `Body::scalar_condition`).
            InstKind::Op {
                op: Op::Select,
                args,
            } if self.splat[args[0].index()] => false,
            InstKind::Op { op, args } => {
                let types: Vec<_> = args.iter().map(|&a| self.func.ty(a)).collect();
                repeats_operands(*op, &types, self.version)
            }
            InstKind::Continue(_) => true,
            // A switch becomes an `if` chain that compares the selector once per case value.
            InstKind::Switch { cases, .. } => {
                cases.iter().map(|c| c.values.len()).sum::<usize>() > 1
            }
            _ => false,
        }
    }
}

/// A value that repeats one scalar: a constant with equal components, or a scalar's splat.
pub enum Splat {
    Const(Expr),
    Of(Value),
}

pub fn splats(func: &Function, version: Version) -> Vec<Option<Splat>> {
    let mut out: Vec<Option<Splat>> = (0..func.values.len()).map(|_| None).collect();
    pigment_ir::walk(&func.body, &mut |inst| {
        let Some(v) = inst.result() else { return };
        let ty = func.ty(v);
        if ty.width < 2 {
            return;
        }
        out[v.index()] = match &inst.kind {
            InstKind::Const(c) if c.bits[..ty.width as usize].iter().all(|&b| b == c.bits[0]) => {
                let scalar = pigment_ir::Vector::from_bits(ty.with_width(1), &c.bits[..1]);
                Some(Splat::Const(expr::constant(
                    &scalar,
                    ty.with_width(1),
                    version,
                )))
            }
            InstKind::Op {
                op: Op::Swizzle(_),
                args,
            } if func.ty(args[0]).width == 1 => Some(Splat::Of(args[0])),
            _ => None,
        };
    });
    out
}
