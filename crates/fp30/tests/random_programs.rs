//! Differential test over random programs: a seeded generator builds programs from the operations
//! whose fp30 forms are exact (add, sub, mul, mad, min, max, neg, abs, saturate, floor, fract, dot,
//! comparisons, select, swizzles, construct, float ↔ half conversions, if/else with results,
//! conditional stores and discards), in float and half. Each compiles, passes nvfp's validator, and
//! must give the same outputs and kills as the IR interpreter on random quads.
//!
//! "The same" is numeric equality (NaN equal to NaN), which does not tell −0 from +0: pigment-ir's
//! `min`/`max` return the first operand when the two compare equal (`min(+0, −0) = +0`), nvfp's
//! MIN/MAX prefer −0 for MIN and +0 for MAX (`MIN(+0, −0) = −0`); the spec's `min()`/`max()` do not
//! say. Nothing else in these programs can turn that sign into a different number. The corpus test
//! (`differential.rs`) compares bits.

mod common;

use common::*;
use nvfp::exec::Machine;
use pigment_ir::*;

const PROGRAMS: u64 = 250;
const QUADS: usize = 12;

struct Gen {
    b: FunctionBuilder,
    rng: Rng,
    floats: Vec<Value>,
    halves: Vec<Value>,
    color: Handle<Output>,
}

impl Gen {
    fn pick(&mut self, half: bool) -> Value {
        let pool = if half { &self.halves } else { &self.floats };
        pool[(self.rng.next() % pool.len() as u64) as usize]
    }

    fn comps(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| (self.rng.next() % 4) as u8).collect()
    }

    fn push(&mut self, half: bool, v: Value) {
        if half {
            self.halves.push(v)
        } else {
            self.floats.push(v)
        }
    }

    /// A bool4 comparing two values of one kind.
    fn comparison(&mut self, half: bool) -> Value {
        let (x, y) = (self.pick(half), self.pick(half));
        let op = [Op::Lt, Op::Le, Op::Gt, Op::Ge, Op::Eq, Op::Ne][(self.rng.next() % 6) as usize];
        self.b.binary(op, x, y)
    }

    /// A comparison, sometimes combined with others: `(p && q) || r` (one MADX_SAT), `p || q`.
    fn condition(&mut self, half: bool) -> Value {
        let p = self.comparison(half);
        match self.rng.next() % 4 {
            0 => {
                let (q, r) = (self.comparison(half), self.comparison(half));
                let both = self.b.binary(Op::And, p, q);
                self.b.binary(Op::Or, r, both)
            }
            1 => {
                let q = self.comparison(half);
                self.b.binary(Op::Or, p, q)
            }
            _ => p,
        }
    }

    fn step(&mut self, depth: u32) {
        let half = self.rng.next().is_multiple_of(3);
        let x = self.pick(half);
        let y = self.pick(half);
        let v = match self.rng.next() % 17 {
            0 => self.b.add(x, y),
            1 => self.b.sub(x, y),
            2 => self.b.mul(x, y),
            3 => {
                let z = self.pick(half);
                self.b.mad(x, y, z)
            }
            4 => self.b.binary(Op::Min, x, y),
            5 => self.b.binary(Op::Max, x, y),
            6 => {
                let op = [Op::Neg, Op::Abs, Op::Sat, Op::Floor, Op::Fract]
                    [(self.rng.next() % 5) as usize];
                self.b.unary(op, x)
            }
            7 => {
                let c = self.comps(4);
                self.b.swizzle(x, &c)
            }
            8 => {
                let (c1, c2) = (self.comps(2), self.comps(2));
                let a = self.b.swizzle(x, &c1);
                let b = self.b.swizzle(y, &c2);
                self.b.construct(&[a, b])
            }
            9 | 10 => {
                let c = self.condition(half);
                self.b.select(c, x, y)
            }
            11 => {
                let d = self.b.dot(x, y);
                self.b.swizzle(d, &[0, 0, 0, 0])
            }
            12 => {
                let to = if half {
                    ScalarKind::Float
                } else {
                    ScalarKind::Half
                };
                let c = self.b.cvt(x, to);
                self.push(!half, c);
                return;
            }
            13 if depth == 0 => return self.branch(half),
            14 => {
                let m = (self.rng.next() % 15 + 1) as u8;
                let n = m.count_ones() as usize;
                let c = self.comps(n);
                let f = self.pick(false);
                let part = if n == 4 { f } else { self.b.swizzle(f, &c) };
                self.b.store(self.color, WriteMask(m), part);
                return;
            }
            15 if self.rng.next().is_multiple_of(4) => {
                let c = self.condition(false);
                let any = self.b.unary(Op::All, c);
                self.b.begin_if(any, &[]);
                self.b.discard();
                self.b.end_if();
                return;
            }
            _ => {
                let c = self.comps(1);
                let s = self.b.swizzle(x, &c);
                let t = self.b.swizzle(y, &c);
                let u = self.b.mul(s, t);
                self.b.swizzle(u, &[0, 0, 0, 0])
            }
        };
        self.push(half, v);
    }

    /// `if` on a scalar comparison, each arm computing a few values and yielding one.
    fn branch(&mut self, half: bool) {
        let c = self.condition(half);
        let s = self.b.swizzle(c, &[0]);
        let ty = Type::new(
            if half {
                ScalarKind::Half
            } else {
                ScalarKind::Float
            },
            4,
        );
        self.b.begin_if(s, &[ty]);
        let (nf, nh) = (self.floats.len(), self.halves.len());
        for arm in 0..2 {
            if arm == 1 {
                self.b.begin_else();
            }
            for _ in 0..(self.rng.next() % 4) {
                self.step(1);
            }
            let r = self.pick(half);
            self.b.yield_(&[r]);
            // Values of an arm are not visible after the region.
            self.floats.truncate(nf);
            self.halves.truncate(nh);
        }
        let r = self.b.end_if();
        self.push(half, r[0]);
    }
}

fn generate(seed: u64) -> Module {
    let mut b = FunctionBuilder::new("main");
    let ia = b.input("a", Type::FLOAT4, Some("TEXCOORD0"));
    let ib = b.input("b", Type::FLOAT4, Some("TEXCOORD1"));
    let ic = b.input("c", Type::new(ScalarKind::Half, 4), Some("COLOR0"));
    let u = b.uniform("u", Type::FLOAT4, None, None);
    let color = b.output("color", Type::FLOAT4, Some("COLOR"));
    let (a, bb, c, uv) = (
        b.load_input(ia),
        b.load_input(ib),
        b.load_input(ic),
        b.load_uniform(u, None),
    );
    let k = b.float(&[0.5, -1.0, 2.0, 0.0]);
    let mut g = Gen {
        b,
        rng: Rng::new(seed),
        floats: vec![a, bb, uv, k],
        halves: vec![c],
        color,
    };
    let hk =
        g.b.constant(Vector::reals(ScalarKind::Half, &[0.25, 1.5, -3.0, 0.0]));
    g.halves.push(hk);
    for _ in 0..(5 + g.rng.next() % 20) {
        g.step(0);
    }
    let last = g.pick(false);
    g.b.store(color, WriteMask(0b1111), last);
    let mut m = Module::new();
    m.functions
        .append(g.b.finish().expect("the generator closes its regions"));
    m
}

#[test]
fn random_programs_agree_with_the_interpreter() {
    let mut failures = Vec::new();
    // PIGMENT_SEED=n tests another range of programs (n·PROGRAMS onwards).
    let first = std::env::var("PIGMENT_SEED")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .map_or(0, |n| n.wrapping_mul(PROGRAMS));
    for seed in first..first + PROGRAMS {
        let module = generate(seed);
        verify(&module).unwrap_or_else(|e| {
            panic!(
                "seed {seed}: generated invalid IR {e:?}\n{}",
                print(&module)
            )
        });
        let func = &module.functions[Handle::from_index(0)];
        let (compiled, loaded) = compile_and_load(&module);
        let machine = Machine::new(&loaded);
        let mut rng = Rng::new(seed.wrapping_mul(31) + 1);
        'quads: for _ in 0..QUADS {
            let case = make_case(func, &compiled, &loaded, &mut rng);
            let ir = run_ir(func, &case);
            let nv = run_nv(&machine, &case);
            for (f, r) in ir.iter().enumerate() {
                let got = nv_output(&compiled, func, &nv, 0, f);
                let expected = r.outputs[0].value.to_f32s();
                let same = |(a, b): (&f32, &f32)| a == b || (a.is_nan() && b.is_nan());
                let outputs_agree = r.discarded || expected.iter().zip(&got).all(same);
                if r.discarded != nv.killed[f] || !outputs_agree {
                    failures.push(format!(
                        "seed {seed} fragment {f}: interpreter {expected:?} (discarded {}), machine {got:?} (killed {})\ninputs {:?} uniforms {:?}\n{}\n{}",
                        r.discarded, nv.killed[f], case.ir.inputs[f], case.ir.uniforms, print(&module), compiled.text
                    ));
                    break 'quads;
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} programs disagree:\n{}",
        failures.len(),
        failures
            .iter()
            .take(2)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n\n")
    );
}
