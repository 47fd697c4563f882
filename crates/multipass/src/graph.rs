//! The dataflow graph the partitioner cuts: the top-level instructions of a straight-line fragment
//! function (fp30's legalised form), each classified by where it may go.
//!
//! * *free* nodes (constants, inputs, uniforms read at a constant index, and computations of a
//!   few instructions from them, such as the read of `FB`) cost little or nothing to repeat, so
//!   every pass that needs one makes its own copy instead of storing it;
//!   A swizzle of a computed value is free too: it is repeated after its operand, which crosses
//!   cuts instead of it;
//! * *compute* nodes (operations, texture lookups, regions that only yield values) go to exactly one
//!   pass; a value one computes that a later pass needs crosses in a render target;
//! * *effect* nodes (`store`, the kill region `if %k { discard }`, anything holding an effect or a
//!   `return`) all go to the final pass, in their order: a `discard` is a demote, which only throws
//!   the fragment's outputs away, so doing it last changes nothing, and the final pass is the one
//!   whose output counts.

use pigment_ir::{Block, Function, Inst, InstKind, Op, Value};
use std::collections::HashSet;

/// Where a top-level instruction may be placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Free,
    Compute,
    Effect,
}

/// One top-level instruction of the function.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    /// Its index in the function's body.
    pub(crate) at: usize,
    pub(crate) kind: Kind,
    /// The values it reads, its nested blocks' reads of outer values included.
    pub(crate) uses: Vec<Value>,
    /// The instructions it is estimated to cost (see [`estimate`]).
    pub(crate) cost: usize,
}

/// The graph: the nodes in body order, the node defining each value, and the compute nodes in
/// order (the sequence the partitioner cuts into segments).
pub(crate) struct Graph {
    pub(crate) nodes: Vec<Node>,
    /// Indexed by value index: the node that defines it.
    pub(crate) def: Vec<Option<usize>>,
    /// The compute nodes' indices into `nodes`, in order.
    pub(crate) compute: Vec<usize>,
    /// Indexed by node: its place in `compute`, for compute nodes.
    pub(crate) rank: Vec<Option<usize>>,
    /// Indexed by value index: the last compute rank that reads it, or `compute.len()` when an
    /// effect reads it (the final pass); `None` if nothing reads it.
    pub(crate) last_use: Vec<Option<usize>>,
}

impl Graph {
    /// The graph of `func`'s top-level body.
    pub(crate) fn new(func: &Function) -> Graph {
        let mut nodes: Vec<Node> = func
            .body
            .insts
            .iter()
            .enumerate()
            .map(|(at, inst)| node(at, inst))
            .collect();
        let mut def = vec![None; func.values.len()];
        for (n, inst) in func.body.insts.iter().enumerate() {
            for &v in &inst.results {
                if let Some(slot) = def.get_mut(v.index()) {
                    *slot = Some(n);
                }
            }
        }
        rematerialise(&mut nodes, &def, func);
        see_through_swizzles(&mut nodes, func);
        let compute: Vec<usize> = (0..nodes.len())
            .filter(|&n| nodes[n].kind == Kind::Compute)
            .collect();
        let mut rank = vec![None; nodes.len()];
        for (r, &n) in compute.iter().enumerate() {
            rank[n] = Some(r);
        }
        let last_use = last_uses(&nodes, &rank, &def, compute.len());
        Graph {
            nodes,
            def,
            compute,
            rank,
            last_use,
        }
    }

    /// The node defining `v`.
    pub(crate) fn def_of(&self, v: Value) -> Option<&Node> {
        let n = (*self.def.get(v.index())?)?;
        self.nodes.get(n)
    }

    /// The compute rank of the node defining `v`, if a compute node defines it.
    pub(crate) fn rank_of(&self, v: Value) -> Option<usize> {
        let n = (*self.def.get(v.index())?)?;
        self.rank[n]
    }

    /// The effect nodes, in order.
    pub(crate) fn effects(&self) -> impl Iterator<Item = &Node> {
        self.nodes.iter().filter(|n| n.kind == Kind::Effect)
    }
}

/// The most instructions a value may take to be recomputed in every pass that reads it rather
/// than stored: reading `FB` (a lookup), a parameter times a constant. A stored value costs a
/// pass to write it (often for a single instruction) and a lookup to read it; recomputing one
/// this small costs no more than the lookup.
const REMAT_INSTRUCTIONS: usize = 3;

/// Makes free the compute nodes whose whole computation, from free nodes, takes at most
/// [`REMAT_INSTRUCTIONS`] instructions with at most one texture lookup, so that they are recomputed
/// where needed instead of stored (Chan et al.'s recomputation versus saving, for the cheap case).
fn rematerialise(nodes: &mut [Node], def: &[Option<usize>], func: &Function) {
    // (instructions, lookups) to recompute each free node; none for the others.
    let mut cost: Vec<Option<(usize, usize)>> = vec![None; nodes.len()];
    for n in 0..nodes.len() {
        let inst = &func.body.insts[nodes[n].at];
        match nodes[n].kind {
            Kind::Free => cost[n] = Some((0, 0)),
            Kind::Compute if !inst.kind.is_region() => {
                let lookups = usize::from(matches!(inst.kind, InstKind::Sample { .. }));
                let mut total = Some((nodes[n].cost, lookups));
                for v in &nodes[n].uses {
                    let used = def.get(v.index()).copied().flatten().and_then(|d| cost[d]);
                    total = match (total, used) {
                        (Some((a, b)), Some((c, d))) => Some((a + c, b + d)),
                        _ => None,
                    };
                }
                if let Some((i, l)) = total.filter(|&(i, l)| i <= REMAT_INSTRUCTIONS && l <= 1) {
                    cost[n] = Some((i, l));
                    nodes[n].kind = Kind::Free;
                }
            }
            _ => {}
        }
    }
}

/// Makes free the swizzles of computed values: a pass that needs the swizzle reads its operand
/// (stored, or computed in the pass) and swizzles it again, so the narrower operand crosses a
/// cut rather than the result (a bool splat to four components crosses as one scalar), and the
/// swizzle itself costs nothing, folded into its reader.
fn see_through_swizzles(nodes: &mut [Node], func: &Function) {
    for node in nodes.iter_mut().filter(|n| n.kind == Kind::Compute) {
        if let InstKind::Op {
            op: Op::Swizzle(_), ..
        } = func.body.insts[node.at].kind
        {
            node.kind = Kind::Free;
        }
    }
}

/// For every value, the last compute rank reading it (effects read at `end`). A free node's
/// reader reads what the free node reads too, since the free node is copied next to it.
fn last_uses(
    nodes: &[Node],
    rank: &[Option<usize>],
    def: &[Option<usize>],
    end: usize,
) -> Vec<Option<usize>> {
    let mut last: Vec<Option<usize>> = vec![None; def.len()];
    for (n, node) in nodes.iter().enumerate() {
        let at = match node.kind {
            Kind::Compute => rank[n],
            Kind::Effect => Some(end),
            Kind::Free => None,
        };
        let Some(at) = at else { continue };
        let mut stack: Vec<Value> = node.uses.clone();
        while let Some(v) = stack.pop() {
            let Some(slot) = last.get_mut(v.index()) else {
                continue;
            };
            if slot.is_some_and(|old| old >= at) {
                continue;
            }
            *slot = Some(at);
            let through = def[v.index()].map(|d| &nodes[d]);
            if let Some(d) = through.filter(|d| d.kind == Kind::Free) {
                stack.extend(d.uses.iter().copied());
            }
        }
    }
    last
}

fn node(at: usize, inst: &Inst) -> Node {
    Node {
        at,
        kind: classify(&inst.kind),
        uses: uses(inst),
        cost: estimate(&inst.kind),
    }
}

/// Where an instruction may go (see the module's documentation).
fn classify(kind: &InstKind) -> Kind {
    match kind {
        InstKind::Const(_) | InstKind::LoadInput(_) => Kind::Free,
        InstKind::LoadUniform { index, .. } => match index {
            Some(pigment_ir::UniformIndex::Dynamic(_)) => Kind::Compute,
            _ => Kind::Free,
        },
        InstKind::Op { .. } | InstKind::Sample { .. } => Kind::Compute,
        k if k.is_region() && !has_effect(&kind.blocks()) => Kind::Compute,
        _ => Kind::Effect,
    }
}

/// Whether any of `blocks` stores, discards or returns (a region holding one is kept whole, in
/// the final pass).
fn has_effect(blocks: &[&Block]) -> bool {
    let mut found = false;
    for b in blocks {
        pigment_ir::walk(b, &mut |i| {
            found |= matches!(
                i.kind,
                InstKind::Store { .. } | InstKind::Discard | InstKind::Return
            );
        });
    }
    found
}

/// The values `inst` reads: its operands and the outer values its nested blocks read.
pub(crate) fn uses(inst: &Inst) -> Vec<Value> {
    let mut out = inst.kind.operands();
    let mut inner: HashSet<Value> = HashSet::new();
    let mut read: Vec<Value> = Vec::new();
    for b in inst.kind.blocks() {
        pigment_ir::walk(b, &mut |i| {
            inner.extend(i.results.iter().copied());
            if let InstKind::Loop { params, .. } = &i.kind {
                inner.extend(params.iter().copied());
            }
            read.extend(i.kind.operands());
        });
    }
    if let InstKind::Loop { params, .. } = &inst.kind {
        inner.extend(params.iter().copied());
    }
    for v in read {
        if !inner.contains(&v) && !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

/// The fp30 instructions an IR instruction is expected to become: one per operation or lookup,
/// none for a swizzle (it folds into its reader's operand) or a free node (an operand, or a
/// literal), a region the sum of its contents. Only a guide for choosing cuts: every pass is
/// compiled to check that it fits.
pub(crate) fn estimate(kind: &InstKind) -> usize {
    match kind {
        InstKind::Op {
            op: Op::Swizzle(_), ..
        } => 0,
        InstKind::Op { .. } | InstKind::Sample { .. } => 1,
        InstKind::LoadUniform {
            index: Some(pigment_ir::UniformIndex::Dynamic(_)),
            ..
        } => 1,
        k if k.is_region() => {
            let mut n = 0;
            for b in k.blocks() {
                pigment_ir::walk(b, &mut |i| n += estimate(&i.kind));
            }
            n.max(1)
        }
        _ => 0,
    }
}
