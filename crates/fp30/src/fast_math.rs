//! cgc's `-fastmath` (its default): float products regrouped so that constant factors are applied
//! last and meet each other, as cgc 3.1 does for fp30. Not exact — each rewrite changes where a
//! product rounds — so it runs only when [`crate::Options::fast_math`] asks for it; the library's
//! default is exact, the command line's is cgc's.
//!
//! Two rewrites on straight-line float IR, each only where the inner product has no other use:
//!
//! | before | after | cgc example |
//! |---|---|---|
//! | `mul (mul x, c1), c2` | `mul x, (mul c1, c2)` | `x * 481344.0 / 11.0` → `MULR r, x, {43758.547}` |
//! | `mul x, (mul y, c)` | `mul (mul x, y), c` | `sin(a) * (b * 5)` → `MULR r, sin, b; MULR r, r, {5}` |
//! | `dot x, (mul y, c)` | `dot (mul x, y), c` | `dot(uv, t * float2(k1, k2))` → `MUL uv·t`, then the constants |
//!
//! (`c`, `c1`, `c2` are constants, `x` and `y` are not; either operand of a `mul` may be the
//! constant, and either operand of the outer operation the inner product.) Like cgc, the second and
//! third rewrites are not made when `x` and `y` are two different attributes or two different
//! parameters: one instruction may read only one of each, so `x * y` would need a MOV. Matching cgc here matters beyond size: hash-style noise (`frac(sin(dot(uv, k)) * K)`)
//! amplifies the last bit of a product into a different pixel. The new constant products are left
//! to constant folding.

use pigment_ir::pass::Pass;
use pigment_ir::*;
use std::collections::HashMap;

pub struct FastMath;

impl Pass for FastMath {
    fn name(&self) -> &'static str {
        "fast-math"
    }

    fn run(&mut self, func: &mut Function) -> bool {
        let mut uses: HashMap<Value, usize> = HashMap::new();
        walk(&func.body, &mut |inst| {
            for v in inst.kind.operands() {
                *uses.entry(v).or_default() += 1;
            }
        });
        let mut rewriter = Rewriter {
            values: &mut func.values,
            uses,
            defs: HashMap::new(),
            changed: false,
        };
        rewriter.block(&mut func.body);
        rewriter.changed
    }
}

/// A float product with one constant operand: `(other, constant)`.
type ConstProduct = (Value, Value);

struct Rewriter<'a> {
    values: &'a mut Arena<ValueInfo>,
    uses: HashMap<Value, usize>,
    /// What each value seen so far is: `Some(product)` for a float `mul` by a constant, else
    /// whether it is a constant.
    defs: HashMap<Value, Def>,
    changed: bool,
}

#[derive(Clone, PartialEq)]
enum Def {
    Constant,
    ConstProduct(ConstProduct),
    /// A fragment attribute or a program parameter: an instruction may read only one of each.
    Attribute(Handle<Input>),
    Parameter(Handle<Uniform>, Option<UniformIndex>),
    Other,
}

impl Rewriter<'_> {
    fn block(&mut self, block: &mut Block) {
        let mut out = Vec::with_capacity(block.insts.len());
        for mut inst in std::mem::take(&mut block.insts) {
            for b in inst.kind.blocks_mut() {
                self.block(b);
            }
            if let Some(before) = self.rewrite(&mut inst) {
                out.push(before);
                self.changed = true;
            }
            if let Some(r) = inst.result() {
                let def = self.classify(&inst.kind);
                self.defs.insert(r, def);
            }
            out.push(inst);
        }
        block.insts = out;
    }

    /// Whether one instruction cannot read both `x` and `y` (two attributes, or two parameters), so
    /// that regrouping would cost a MOV; cgc leaves such products as written.
    fn conflict(&self, x: Value, y: Value) -> bool {
        match (self.defs.get(&x), self.defs.get(&y)) {
            (Some(a @ Def::Attribute(_)), Some(b @ Def::Attribute(_)))
            | (Some(a @ Def::Parameter(..)), Some(b @ Def::Parameter(..))) => a != b,
            _ => false,
        }
    }

    fn is_const(&self, v: Value) -> bool {
        matches!(self.defs.get(&v), Some(Def::Constant))
    }

    fn classify(&self, kind: &InstKind) -> Def {
        match kind {
            InstKind::Const(_) => Def::Constant,
            InstKind::LoadInput(h) => Def::Attribute(*h),
            InstKind::LoadUniform { uniform, index } => Def::Parameter(*uniform, *index),
            InstKind::Op { op: Op::Mul, args } if self.is_float(args[0]) => {
                match (self.is_const(args[0]), self.is_const(args[1])) {
                    (false, true) => Def::ConstProduct((args[0], args[1])),
                    (true, false) => Def::ConstProduct((args[1], args[0])),
                    _ => Def::Other,
                }
            }
            _ => Def::Other,
        }
    }

    fn is_float(&self, v: Value) -> bool {
        self.values[v].ty.kind == ScalarKind::Float
    }

    /// `v` as a product by a constant that nothing else reads.
    fn sole_const_product(&self, v: Value) -> Option<ConstProduct> {
        match self.defs.get(&v) {
            Some(Def::ConstProduct(p)) if self.uses.get(&v) == Some(&1) => Some(*p),
            _ => None,
        }
    }

    /// Rewrites `inst` in place by one of the module's rules; returns the instruction to insert
    /// before it, if any.
    fn rewrite(&mut self, inst: &mut Inst) -> Option<Inst> {
        let InstKind::Op { op, args } = &inst.kind else {
            return None;
        };
        let (op, a, b) = match (op, args.as_slice()) {
            (Op::Mul | Op::Dot, [a, b]) if self.is_float(*a) && self.is_float(*b) => (*op, *a, *b),
            _ => return None,
        };
        let ty = self.values[a].ty;
        // Rule 1: (x * c1) * c2 = x * (c1 * c2).
        if op == Op::Mul {
            for (inner, c2) in [(a, b), (b, a)] {
                if !self.is_const(c2) {
                    continue;
                }
                if let Some((x, c1)) = self.sole_const_product(inner) {
                    let (before, c12) = self.new_mul(c1, c2, ty, inst.loc);
                    self.defs.insert(c12, Def::Other);
                    inst.kind = InstKind::Op {
                        op: Op::Mul,
                        args: vec![x, c12],
                    };
                    return Some(before);
                }
            }
        }
        // Rules 2 and 3: x ∘ (y * c) = (x * y) ∘ c, for x not constant.
        for (x, inner) in [(a, b), (b, a)] {
            if self.is_const(x) {
                continue;
            }
            if let Some((y, c)) = self.sole_const_product(inner) {
                if self.conflict(x, y) {
                    continue;
                }
                let (before, xy) = self.new_mul(x, y, ty, inst.loc);
                self.defs.insert(xy, Def::Other);
                *self.uses.entry(xy).or_default() += 1;
                inst.kind = InstKind::Op {
                    op,
                    args: vec![xy, c],
                };
                return Some(before);
            }
        }
        None
    }

    fn new_mul(&mut self, a: Value, b: Value, ty: Type, loc: Option<SourceLoc>) -> (Inst, Value) {
        let r = self.values.append(ValueInfo { ty });
        let inst = Inst {
            kind: InstKind::Op {
                op: Op::Mul,
                args: vec![a, b],
            },
            results: vec![r],
            loc,
        };
        (inst, r)
    }
}
