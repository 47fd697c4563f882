//! Random IR functions built from a byte string, for the fuzz target (fuzz/fuzz_targets/naga_lower.rs)
//! and the property test: every function made here verifies and uses only what naga can express,
//! so lowering it must succeed with a module naga's validator accepts.
//!
//! The bytes drive every choice (missing bytes read as 0): the stage, then up to 48 steps, each
//! an operation on values in scope, a uniform load, a texture lookup of a form the stage allows, a
//! store, a `discard`, or a region (`if`, `loop` with a break, `switch`) holding further steps.

use pigment_ir::{
    FunctionBuilder, Op, SampleForm, SamplerDim, ScalarKind, Stage, Type, UniformIndex, Value,
    WriteMask,
};

struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> u8 {
        let (first, rest) = self.0.split_first().map_or((0, &[][..]), |(f, r)| (*f, r));
        self.0 = rest;
        first
    }

    fn pick<T: Copy>(&mut self, from: &[T]) -> T {
        from[self.next() as usize % from.len()]
    }
}

struct Gen<'a> {
    b: FunctionBuilder,
    bytes: Bytes<'a>,
    stage: Stage,
    /// Values in scope, innermost region's last.
    pool: Vec<Value>,
    budget: u32,
    sampler: pigment_ir::Handle<pigment_ir::Sampler>,
}

const UNARY: &[Op] = &[
    Op::Neg,
    Op::Abs,
    Op::Sat,
    Op::Floor,
    Op::Ceil,
    Op::Trunc,
    Op::Round,
    Op::Fract,
    Op::Rcp,
    Op::Rsqrt,
    Op::Sqrt,
    Op::Exp2,
    Op::Log2,
    Op::Sin,
    Op::Cos,
];
const BINARY: &[Op] = &[
    Op::Add,
    Op::Sub,
    Op::Mul,
    Op::Div,
    Op::Min,
    Op::Max,
    Op::Pow,
];
const COMPARE: &[Op] = &[Op::Eq, Op::Ne, Op::Lt, Op::Le, Op::Gt, Op::Ge];
const KINDS: &[ScalarKind] = &[
    ScalarKind::Float,
    ScalarKind::Half,
    ScalarKind::Fixed,
    ScalarKind::Int,
    ScalarKind::Bool,
];

/// A verified function built from `data`.
pub fn function(data: &[u8]) -> pigment_ir::Function {
    let mut bytes = Bytes(data);
    let stage = if bytes.next() & 1 == 0 {
        Stage::Fragment
    } else {
        Stage::Vertex
    };
    let mut b = FunctionBuilder::new("main");
    b.set_stage(stage);
    let (a, c) = match stage {
        Stage::Fragment => ("TEXCOORD0", "COLOR0"),
        Stage::Vertex => ("POSITION", "TEXCOORD0"),
    };
    let i0 = b.input("a", Type::FLOAT4, Some(a));
    let i1 = b.input("c", Type::new(ScalarKind::Half, 4), Some(c));
    let n = b.uniform("n", Type::INT, None, None);
    let k = b.uniform("k", Type::FLOAT4, Some(3), None);
    let s = b.sampler("s", SamplerDim::D2, None);
    let out_sem = if stage == Stage::Fragment {
        "COLOR"
    } else {
        "POSITION"
    };
    let out = b.output("o", Type::FLOAT4, Some(out_sem));
    let pool = vec![b.load_input(i0), b.load_input(i1), b.load_uniform(n, None)];
    let mut g = Gen {
        b,
        bytes,
        stage,
        pool,
        budget: 48,
        sampler: s,
    };
    g.steps(0);
    let v = g.b.load_uniform(k, Some(UniformIndex::Const(1)));
    let first = g.pool[0];
    let sum = g.b.add(first, v);
    g.b.store(out, WriteMask::all(4), sum);
    let uv = g.b.swizzle(first, &[0, 1]);
    let lod = g.b.float(&[0.0]);
    let t = g.b.sample(s, SampleForm::Lod { lod }, uv);
    let zw = g.b.swizzle(t, &[2, 3]);
    g.b.store(out, WriteMask(0b0011), zw);
    g.b.finish().expect("the generator closes every region")
}

impl Gen<'_> {
    fn ty(&self, v: Value) -> Type {
        self.b.function().ty(v)
    }

    fn any(&mut self) -> Value {
        let i = self.bytes.next() as usize % self.pool.len();
        self.pool[i]
    }

    /// A value `want` accepts: the one picked, else its conversion to `kind` (or that
    /// conversion's first component).
    fn of(&mut self, want: impl Fn(Type) -> bool, kind: ScalarKind) -> Value {
        let v = self.any();
        if want(self.ty(v)) {
            return v;
        }
        let converted = self.b.cvt(v, kind);
        if want(self.ty(converted)) {
            return converted;
        }
        self.b.extract(converted, 0)
    }

    fn scalar(&mut self, kind: ScalarKind) -> Value {
        self.of(|t| t.kind == kind && t.width == 1, kind)
    }

    fn steps(&mut self, depth: u32) {
        let n = self.bytes.next() % 8 + 1;
        for _ in 0..n {
            if self.budget == 0 {
                return;
            }
            self.budget -= 1;
            self.step(depth);
        }
    }

    fn step(&mut self, depth: u32) {
        let v = match self.bytes.next() % 12 {
            0 | 1 => {
                let op = self.bytes.pick(UNARY);
                let x = self.of(|t| t.kind.is_real(), ScalarKind::Float);
                self.b.unary(op, x)
            }
            2 | 3 => {
                let op = self.bytes.pick(BINARY);
                let numeric = op != Op::Pow;
                let x = self.of(
                    |t| {
                        if numeric {
                            t.kind.is_numeric()
                        } else {
                            t.kind.is_real()
                        }
                    },
                    ScalarKind::Float,
                );
                let y = self.any();
                let y = if self.ty(y) == self.ty(x) { y } else { x };
                self.b.binary(op, x, y)
            }
            4 => {
                let op = self.bytes.pick(COMPARE);
                let x = self.of(|t| t.kind.is_numeric(), ScalarKind::Float);
                let c = self.b.binary(op, x, x);
                let y = self.b.unary(Op::Neg, x);
                self.b.select(c, x, y)
            }
            5 => {
                let kind = self.bytes.pick(KINDS);
                let x = self.any();
                self.b.cvt(x, kind)
            }
            6 => {
                let x = self.any();
                let w = self.ty(x).width;
                let len = self.bytes.next() % 4 + 1;
                let comps: Vec<u8> = (0..len).map(|_| self.bytes.next() % w).collect();
                self.b.swizzle(x, &comps)
            }
            7 => {
                let x = self.of(|t| t.kind.is_real() && t.width > 1, ScalarKind::Float);
                let x = if self.ty(x).width > 1 {
                    x
                } else {
                    self.b.splat(x, 2)
                };
                self.b.dot(x, x)
            }
            8 => self.lookup(),
            9 if self.stage == Stage::Fragment => {
                let c = self.scalar(ScalarKind::Bool);
                self.b.begin_if(c, &[]);
                self.b.discard();
                self.b.end_if();
                return;
            }
            10 if depth < 3 => return self.region(depth),
            _ => {
                let x = self.of(|t| t.kind.is_real(), ScalarKind::Float);
                let d = if self.stage == Stage::Fragment {
                    Op::Ddy
                } else {
                    Op::Floor
                };
                self.b.unary(d, x)
            }
        };
        self.pool.push(v);
    }

    fn lookup(&mut self) -> Value {
        let s = self.sampler;
        let x = self.of(
            |t| t.kind == ScalarKind::Float && t.width >= 3,
            ScalarKind::Float,
        );
        let x = if self.ty(x).width >= 3 {
            x
        } else {
            self.b.splat(x, 3)
        };
        let uv = self.b.swizzle(x, &[0, 1]);
        let q = self.b.swizzle(x, &[0, 1, 2]);
        let f = self.b.extract(x, 0);
        let fragment = self.stage == Stage::Fragment;
        match self.bytes.next() % 5 {
            0 if fragment => self.b.sample(s, SampleForm::Plain, uv),
            1 if fragment => self.b.sample(s, SampleForm::Proj, q),
            2 if fragment => self.b.sample(s, SampleForm::Bias { bias: f }, uv),
            3 => self.b.sample(s, SampleForm::Grad { ddx: uv, ddy: uv }, uv),
            _ => self.b.sample(s, SampleForm::Lod { lod: f }, uv),
        }
    }

    /// An `if` with a result, a `loop` that counts to a bound, or a `switch` with a result.
    fn region(&mut self, depth: u32) {
        let mark = self.pool.len();
        match self.bytes.next() % 3 {
            0 => {
                let c = self.scalar(ScalarKind::Bool);
                let r = self.any();
                let t = self.ty(r);
                self.b.begin_if(c, &[t]);
                self.steps(depth + 1);
                self.pool.truncate(mark);
                self.b.yield_(&[r]);
                self.b.begin_else();
                self.steps(depth + 1);
                self.pool.truncate(mark);
                self.b.yield_(&[r]);
                let out = self.b.end_if();
                self.pool.extend(out);
            }
            1 => {
                let zero = self.b.int(0);
                let params = self.b.begin_loop(&[zero], &[Type::INT]);
                let i = params[0];
                let bound = self.b.int(i32::from(self.bytes.next() % 4));
                let done = self.b.binary(Op::Ge, i, bound);
                self.b.begin_if(done, &[]);
                self.b.break_(&[i]);
                self.b.end_if();
                self.pool.push(i);
                self.steps(depth + 1);
                self.pool.truncate(mark);
                let one = self.b.int(1);
                let next = self.b.add(i, one);
                self.b.continue_(&[next]);
                let out = self.b.end_loop();
                self.pool.extend(out);
            }
            _ => {
                let sel = self.scalar(ScalarKind::Int);
                let r = self.any();
                let t = self.ty(r);
                self.b.begin_switch(sel, &[t]);
                self.b.begin_case(&[0, 2]);
                self.steps(depth + 1);
                self.pool.truncate(mark);
                self.b.yield_(&[r]);
                self.b.begin_default();
                self.steps(depth + 1);
                self.pool.truncate(mark);
                self.b.yield_(&[r]);
                let out = self.b.end_switch();
                self.pool.extend(out);
            }
        }
    }
}

/// `f` with every texture lookup replaced by the constant (0, 0, 0, 0), for targets that have no
/// lookups in `f`'s stage (arbvp1): their fuzz targets and tests still exercise the rest.
pub fn without_lookups(f: &mut pigment_ir::Function) {
    pigment_ir::walk_mut(&mut f.body, &mut |inst| {
        if let pigment_ir::InstKind::Sample { .. } = inst.kind {
            inst.kind = pigment_ir::InstKind::Const(pigment_ir::Vector::zero(Type::FLOAT4));
        }
    });
}
