//! Component tracing through `swizzle` and `construct`, which only move components around:
//!
//! * a swizzle or construct whose every component comes from one value (through any chain of
//!   swizzles and constructs) becomes one swizzle of that value: `construct a.x, a.y` is `a.xy`,
//!   `swizzle (swizzle a.zw).y` is `a.w`, and `swizzle (construct a, b).y` is `b`;
//! * a vector of components of several values is *transparent* when nothing reads it whole and its
//!   swizzles are each either of one value or transparent themselves (a matrix row, a variable whose
//!   components were assigned one by one, the arguments of an inlined function). Its readers read
//!   through it, a construct that something reads whole is rebuilt from the components' own values,
//!   and the vector is left unread, for [`super::Dce`];
//! * any other vector stays, and its readers keep reading it: a component of it costs nothing more
//!   to read, its parts then keep a single reader (so the back end can compute them straight into
//!   it), and a swizzle of it mixing several values read whole would otherwise need a construct of
//!   its own.
//!
//! Exact: only which component is read changes, never a value. A swizzle that becomes an identity is
//! a copy, which [`super::Cse`] removes.

use super::Pass;
use crate::function::*;
use crate::op::Op;
use crate::types::{Swizzle, Type};
use crate::Handle;
use std::collections::{HashMap, HashSet};

pub struct Swizzles;

impl Pass for Swizzles {
    fn name(&self) -> &'static str {
        "swizzles"
    }

    fn run(&mut self, func: &mut Function) -> bool {
        // Vectors of one value first, so that a construct putting a vector's components back
        // together (`construct v.x, v.y`) is a swizzle of it, a whole read, when transparency is
        // decided.
        let joined = Tracer::new(func, HashSet::new()).run(func);
        let transparent = transparent_vectors(func);
        Tracer::new(func, transparent).run(func) || joined
    }
}

/// How the results of swizzles and constructs are read, for [`transparent_vectors`].
#[derive(Default)]
struct Reads {
    /// Values read by anything but a swizzle or a construct, or by an identity swizzle (a copy).
    whole: HashSet<Value>,
    /// The swizzles reading each value (their results).
    swizzles: HashMap<Value, Vec<Value>>,
    /// The results of swizzles and constructs in program order, with whether all their components
    /// come from one value (tracing through every swizzle and construct).
    order: Vec<(Value, bool)>,
}

/// The transparent vectors of `func` (see the module documentation).
fn transparent_vectors(func: &Function) -> HashSet<Value> {
    let types: Vec<Type> = func.values.iter().map(|(_, v)| v.ty).collect();
    let mut all = Tracer::new(func, HashSet::new());
    let mut reads = Reads::default();
    walk(&func.body, &mut |inst| {
        let traced = match (inst.result(), &inst.kind) {
            (Some(r), InstKind::Op { op, args }) => all.result_origins(*op, args).map(|c| (r, c)),
            _ => None,
        };
        match (&inst.kind, traced) {
            (InstKind::Op { op, args }, Some((r, comps))) => {
                if let Op::Swizzle(s) = op {
                    if Swizzle::prefix(types[args[0].index()].width) == Some(*s) {
                        reads.whole.insert(args[0]);
                    }
                    reads.swizzles.entry(args[0]).or_default().push(r);
                }
                reads.order.push((r, single(&comps).is_some()));
                all.origins.insert(r, comps);
            }
            (kind, _) => reads.whole.extend(kind.operands()),
        }
    });
    let single: HashSet<Value> = reads.order.iter().filter(|o| o.1).map(|o| o.0).collect();
    let mut transparent = HashSet::new();
    // Readers come after what they read: decide the last vectors first.
    for &(r, one) in reads.order.iter().rev() {
        let through = |u: &Value| single.contains(u) || transparent.contains(u);
        let swizzles_through = reads.swizzles.get(&r).is_none_or(|s| s.iter().all(through));
        if !one && !reads.whole.contains(&r) && swizzles_through {
            transparent.insert(r);
        }
    }
    transparent
}

/// A component of a value: (value, component).
type Component = (Value, u8);

struct Tracer {
    /// Where the components of the swizzles and constructs read through come from.
    origins: HashMap<Value, Vec<Component>>,
    /// The vectors of several values read through.
    transparent: HashSet<Value>,
    types: Vec<Type>,
    /// Types of the values made for rebuilt constructs, numbered after the function's own.
    new_values: Vec<Type>,
}

/// The value every component comes from, if it is one value.
fn single(comps: &[Component]) -> Option<Value> {
    let first = comps.first()?.0;
    comps.iter().all(|&(v, _)| v == first).then_some(first)
}

/// `comps` as runs of consecutive components of one value.
fn runs(comps: &[Component]) -> Vec<(Value, Vec<u8>)> {
    let mut runs: Vec<(Value, Vec<u8>)> = Vec::new();
    for &(v, c) in comps {
        match runs.last_mut() {
            Some((last, picked)) if *last == v => picked.push(c),
            _ => runs.push((v, vec![c])),
        }
    }
    runs
}

impl Tracer {
    fn new(func: &Function, transparent: HashSet<Value>) -> Tracer {
        Tracer {
            origins: HashMap::new(),
            transparent,
            types: func.values.iter().map(|(_, v)| v.ty).collect(),
            new_values: Vec::new(),
        }
    }

    /// Rewrites `func`; returns whether anything changed.
    fn run(mut self, func: &mut Function) -> bool {
        let mut body = std::mem::take(&mut func.body);
        let changed = self.block(&mut body);
        func.body = body;
        for ty in self.new_values {
            func.values.append(ValueInfo { ty });
        }
        changed
    }

    /// The origin of component `c` of `v`.
    fn origin(&self, v: Value, c: u8) -> Component {
        self.origins
            .get(&v)
            .and_then(|o| o.get(c as usize).copied())
            .unwrap_or((v, c))
    }

    /// The origins of the components of a swizzle's or a construct's result.
    fn result_origins(&self, op: Op, args: &[Value]) -> Option<Vec<Component>> {
        match op {
            Op::Swizzle(s) => Some(
                s.components()
                    .iter()
                    .map(|&c| self.origin(args[0], c))
                    .collect(),
            ),
            Op::Construct => Some(
                args.iter()
                    .flat_map(|&a| (0..self.types[a.index()].width).map(move |c| (a, c)))
                    .map(|(a, c)| self.origin(a, c))
                    .collect(),
            ),
            _ => None,
        }
    }

    /// A fresh value of type `ty`.
    fn new_value(&mut self, ty: Type) -> Value {
        let index = self.types.len();
        self.types.push(ty);
        self.new_values.push(ty);
        Handle::from_index(index)
    }

    /// `construct` of the runs of `comps`, each run its value itself where it is all of it in
    /// order, or else a new swizzle of it (pushed to `out`, with `loc`).
    fn rebuild(
        &mut self,
        comps: &[Component],
        loc: Option<SourceLoc>,
        out: &mut Vec<Inst>,
    ) -> InstKind {
        let mut args = Vec::new();
        for (v, picked) in runs(comps) {
            let ty = self.types[v.index()];
            let s = Swizzle::new(&picked).filter(|&s| Swizzle::prefix(ty.width) != Some(s));
            match s {
                None => args.push(v),
                Some(s) => {
                    let part = self.new_value(ty.with_width(s.len()));
                    out.push(Inst {
                        kind: InstKind::Op {
                            op: Op::Swizzle(s),
                            args: vec![v],
                        },
                        results: vec![part],
                        loc,
                    });
                    args.push(part);
                }
            }
        }
        InstKind::Op {
            op: Op::Construct,
            args,
        }
    }

    /// The new form of a swizzle or construct with result `r` and components `comps`, if it changes.
    fn rewrite(
        &mut self,
        inst: &Inst,
        r: Value,
        comps: &[Component],
        out: &mut Vec<Inst>,
    ) -> Option<InstKind> {
        if let Some(source) = single(comps) {
            let picked: Vec<u8> = comps.iter().map(|&(_, c)| c).collect();
            let s = Swizzle::new(&picked)?;
            let new = InstKind::Op {
                op: Op::Swizzle(s),
                args: vec![source],
            };
            return (new != inst.kind).then_some(new);
        }
        let reads_through = inst
            .kind
            .operands()
            .iter()
            .any(|a| self.transparent.contains(a));
        if self.transparent.contains(&r) || !reads_through {
            return None;
        }
        Some(self.rebuild(comps, inst.loc, out))
    }

    fn block(&mut self, block: &mut Block) -> bool {
        let mut changed = false;
        let mut out = Vec::with_capacity(block.insts.len());
        for mut inst in std::mem::take(&mut block.insts) {
            for b in inst.kind.blocks_mut() {
                changed |= self.block(b);
            }
            let comps = match (inst.result(), &inst.kind) {
                (Some(r), InstKind::Op { op, args }) => {
                    self.result_origins(*op, args).map(|c| (r, c))
                }
                _ => None,
            };
            if let Some((r, comps)) = comps {
                if let Some(new) = self.rewrite(&inst, r, &comps, &mut out) {
                    inst.kind = new;
                    changed = true;
                }
                if single(&comps).is_some() || self.transparent.contains(&r) {
                    self.origins.insert(r, comps);
                }
            }
            out.push(inst);
        }
        block.insts = out;
        changed
    }
}
