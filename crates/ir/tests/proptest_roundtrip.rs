//! Random well-formed modules (built with the builder from a stream of random choices) verify, print,
//! parse back and print identically, and the parsed copy computes the same results; every pass keeps
//! them valid and keeps their results.

use pigment_ir::interp::{run_fragment, run_vertex, InterpError, NoTextures, OutputValue};
use pigment_ir::*;
use proptest::prelude::*;

/// Reads random choices; returns 0 once the stream is exhausted.
struct Choices<'a>(std::slice::Iter<'a, u32>);

impl Choices<'_> {
    fn next(&mut self, n: u32) -> u32 {
        self.0.next().map_or(0, |c| c % n.max(1))
    }
    fn raw(&mut self) -> u32 {
        self.0.next().copied().unwrap_or(0)
    }
}

struct Gen<'a> {
    b: FunctionBuilder,
    c: Choices<'a>,
    /// Values in scope, innermost scope last.
    scopes: Vec<Vec<Value>>,
    a: Handle<Input>,
    u: Handle<Uniform>,
    s: Handle<Sampler>,
    o: Handle<Output>,
    /// A vertex function: no derivatives, only explicit-LOD lookups.
    vertex: bool,
}

const KINDS: [ScalarKind; 5] = [
    ScalarKind::Float,
    ScalarKind::Half,
    ScalarKind::Fixed,
    ScalarKind::Int,
    ScalarKind::Bool,
];

impl Gen<'_> {
    fn ty(&self, v: Value) -> Type {
        self.b.function().ty(v)
    }

    fn def(&mut self, v: Value) -> Value {
        if let Some(s) = self.scopes.last_mut() {
            s.push(v);
        }
        v
    }

    fn pick(&mut self, want: impl Fn(Type) -> bool) -> Option<Value> {
        let all: Vec<Value> = self
            .scopes
            .iter()
            .flatten()
            .copied()
            .filter(|&v| want(self.ty(v)))
            .collect();
        if all.is_empty() {
            return None;
        }
        let i = self.c.next(all.len() as u32) as usize;
        Some(all[i])
    }

    fn constant(&mut self) -> Value {
        let kind = KINDS[self.c.next(5) as usize];
        let width = 1 + self.c.next(4) as usize;
        let v = match kind {
            ScalarKind::Float => {
                let bits: Vec<u32> = (0..width).map(|_| self.c.raw()).collect();
                Vector::from_bits(Type::new(kind, width as u8), &bits)
            }
            ScalarKind::Int => {
                Vector::ints(&(0..width).map(|_| self.c.raw() as i32).collect::<Vec<_>>())
            }
            ScalarKind::Bool => {
                Vector::bools(&(0..width).map(|_| self.c.next(2) == 1).collect::<Vec<_>>())
            }
            _ => {
                let xs: Vec<f32> = (0..width)
                    .map(|_| (self.c.raw() as i32) as f32 / 65536.0)
                    .collect();
                Vector::reals(kind, &xs)
            }
        };
        let v = self.b.constant(v);
        self.def(v)
    }

    fn float_of_width(&mut self, w: u8) -> Value {
        let a = self.b.load_input(self.a);
        let comps: Vec<u8> = (0..w).map(|_| self.c.next(4) as u8).collect();
        let v = self.b.swizzle(a, &comps);
        self.def(v)
    }

    fn step(&mut self, depth: u32) {
        match self.c.next(12) {
            0 | 1 => {
                self.constant();
            }
            2 => {
                let Some(v) = self.pick(|t| t.kind.is_real()) else {
                    return;
                };
                let ops = [
                    Op::Neg,
                    Op::Abs,
                    Op::Sat,
                    Op::Floor,
                    Op::Fract,
                    Op::Rcp,
                    Op::Exp2,
                    Op::Sin,
                    if self.vertex { Op::Cos } else { Op::Ddx },
                ];
                let op = ops[self.c.next(ops.len() as u32) as usize];
                let r = self.b.unary(op, v);
                self.def(r);
            }
            3 => {
                let Some(v) = self.pick(|t| t.kind.is_numeric()) else {
                    return;
                };
                let t = self.ty(v);
                let w = self.pick(|u| u == t).unwrap_or(v);
                let ops = [
                    Op::Add,
                    Op::Sub,
                    Op::Mul,
                    Op::Div,
                    Op::Min,
                    Op::Max,
                    Op::Lt,
                    Op::Eq,
                ];
                let op = ops[self.c.next(ops.len() as u32) as usize];
                let r = self.b.binary(op, v, w);
                self.def(r);
            }
            4 => {
                let Some(v) = self.pick(|_| true) else { return };
                let width = self.ty(v).width as u32;
                let n = 1 + self.c.next(4);
                let comps: Vec<u8> = (0..n).map(|_| self.c.next(width) as u8).collect();
                let r = self.b.swizzle(v, &comps);
                self.def(r);
            }
            5 => {
                let Some(v) = self.pick(|_| true) else { return };
                let kind = KINDS[self.c.next(5) as usize];
                let r = self.b.cvt(v, kind);
                self.def(r);
            }
            6 => {
                let i = self.b.int(self.c.next(3) as i32 - 1);
                let idx = if self.c.next(2) == 0 {
                    UniformIndex::Dynamic(i)
                } else {
                    UniformIndex::Const(self.c.next(2))
                };
                let r = self.b.load_uniform(self.u, Some(idx));
                self.def(r);
            }
            7 => {
                let coord = self.float_of_width(2);
                let level = self.float_of_width(1);
                let form = match (self.vertex, self.c.next(3)) {
                    (false, 0) => SampleForm::Plain,
                    (false, 1) => SampleForm::Bias { bias: level },
                    _ => SampleForm::Lod { lod: level },
                };
                let r = self.b.sample(self.s, form, coord);
                self.def(r);
            }
            8 => {
                let mask = WriteMask(1 + self.c.next(15) as u8);
                let v = self.float_of_width(mask.count());
                self.b.store(self.o, mask, v);
            }
            9 if depth < 2 => self.if_region(depth),
            10 if depth < 2 => self.loop_region(depth),
            _ => {
                let Some(v) = self.pick(|t| t.kind.is_real() && t.width >= 2) else {
                    return;
                };
                let r = self.b.dot(v, v);
                self.def(r);
            }
        }
    }

    fn steps(&mut self, depth: u32) {
        for _ in 0..self.c.next(6) {
            self.step(depth);
        }
    }

    fn if_region(&mut self, depth: u32) {
        let c = self.b.bool(self.c.next(2) == 1);
        let results: Vec<Value> = (0..self.c.next(3))
            .filter_map(|_| self.pick(|_| true))
            .collect();
        let types: Vec<Type> = results.iter().map(|&v| self.ty(v)).collect();
        self.b.begin_if(c, &types);
        for arm in 0..2 {
            if arm == 1 {
                self.b.begin_else();
            }
            self.scopes.push(Vec::new());
            self.steps(depth + 1);
            let ys: Vec<Value> = types
                .iter()
                .zip(&results)
                .map(|(&t, &fallback)| self.pick(|u| u == t).unwrap_or(fallback))
                .collect();
            self.scopes.pop();
            if !ys.is_empty() || self.c.next(2) == 0 {
                self.b.yield_(&ys);
            }
        }
        for r in self.b.end_if() {
            self.def(r);
        }
    }

    fn loop_region(&mut self, depth: u32) {
        let zero = self.b.int(0);
        let limit = self.b.int(self.c.next(4) as i32);
        let one = self.b.int(1);
        let params = self.b.begin_loop(&[zero], &[Type::INT]);
        self.scopes.push(vec![params[0]]);
        let done = self.b.binary(Op::Ge, params[0], limit);
        self.b.begin_if(done, &[]);
        self.b.break_(&[params[0]]);
        self.b.end_if();
        self.steps(depth + 1);
        let next = self.b.add(params[0], one);
        self.b.continue_(&[next]);
        self.scopes.pop();
        for r in self.b.end_loop() {
            self.def(r);
        }
    }
}

fn generate(choices: &[u32]) -> Module {
    let mut b = FunctionBuilder::new("main");
    let vertex = choices.first().is_some_and(|c| c % 3 == 0);
    if vertex {
        b.set_stage(Stage::Vertex);
    }
    let a = b.input("a", Type::FLOAT4, Some("TEXCOORD0"));
    let u = b.uniform("u", Type::FLOAT4, Some(2), None);
    let s = b.sampler("s", SamplerDim::D2, Some(1));
    let o = b.output("o", Type::FLOAT4, Some("COLOR"));
    let mut g = Gen {
        b,
        c: Choices(choices.iter()),
        scopes: vec![Vec::new()],
        a,
        u,
        s,
        o,
        vertex,
    };
    for _ in 0..20 {
        g.step(0);
    }
    let mut m = Module::new();
    m.functions.append(g.b.finish().expect("balanced regions"));
    m
}

/// The outputs of one run: per vertex for a vertex function, per fragment otherwise.
fn run(
    f: &Function,
    inputs: &[Vector],
    uniforms: &[Vec<Vector>],
) -> Result<Vec<OutputValue>, InterpError> {
    match f.stage {
        Stage::Vertex => run_vertex(f, inputs, uniforms, &mut NoTextures).map(|r| r.outputs),
        Stage::Fragment => run_fragment(f, inputs, uniforms, &mut NoTextures).map(|r| r.outputs),
    }
}

proptest! {
    #[test]
    fn random_modules_round_trip(choices in proptest::collection::vec(any::<u32>(), 0..400)) {
        let module = generate(&choices);
        prop_assert_eq!(verify(&module), Ok(()));
        let text = print(&module);
        let parsed = parse(&text).map_err(|e| TestCaseError::fail(format!("{e:?}\n{text}")))?;
        prop_assert_eq!(print(&parsed), text.clone());
        prop_assert_eq!(verify(&parsed), Ok(()));
        let inputs = [Vector::floats(&[0.25, -1.5, 3.0, 0.5])];
        let uniforms = [vec![Vector::floats(&[1.0, 2.0, 3.0, 4.0]), Vector::floats(&[-1.0, 0.5, 0.0, 8.0])]];
        let f0 = &module.functions[Handle::from_index(0)];
        let f1 = &parsed.functions[Handle::from_index(0)];
        prop_assert_eq!(f0.stage, f1.stage);
        prop_assert_eq!(run(f0, &inputs, &uniforms), run(f1, &inputs, &uniforms));
    }

    #[test]
    fn passes_keep_random_modules_valid_and_equivalent(
        choices in proptest::collection::vec(any::<u32>(), 0..400),
        order in proptest::collection::vec(0usize..3, 1..5),
    ) {
        let mut module = generate(&choices);
        let inputs = [Vector::floats(&[0.75, -0.5, 2.0, 0.125])];
        let uniforms = [vec![Vector::floats(&[1.0, 2.0, 3.0, 4.0]), Vector::floats(&[-1.0, 0.5, 0.0, 8.0])]];
        let run = |m: &Module| {
            run(&m.functions[Handle::from_index(0)], &inputs, &uniforms)
        };
        let before = run(&module);
        for i in order {
            let name = ["dce", "const_fold", "cse"][i];
            let mut pass = pigment_ir::pass::pass_by_name(name).expect("known pass");
            let result = pigment_ir::pass::run_pass(&mut module, pass.as_mut());
            prop_assert!(result.is_ok(), "{name}: {result:?}\n{}", print(&module));
        }
        prop_assert_eq!(before, run(&module));
    }
}
