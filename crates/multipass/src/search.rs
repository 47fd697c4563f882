//! The greedy search for cuts. The compute nodes are taken in program order (a topological order
//! of the dataflow); from the first node not yet placed, a segment grows as long as the passes a
//! cut after it needs still compile (galloping, then bisecting: compiling is the only exact test
//! of fit, and it is done a logarithmic number of times per segment). Among the cuts that fit,
//! the cost model picks the one that makes progress cheapest: the passes a cut needs (one per
//! four live scalars) against the instructions the segment covers. When everything that is left
//! fits the final pass with the effects, the search ends.

use super::build::{pass_function, Out, Plan};
use super::graph::{Graph, Kind};
use super::{compile, Cost, Fit, Limits, Partition, Pass, PassOutput, Slot};
use pigment_diag::Diagnostic;
use pigment_fp30::Options;
use pigment_ir::{Function, Value};
use std::collections::{HashMap, HashSet};

/// The search's state: what is placed and stored so far.
pub(crate) struct Search<'a> {
    legal: &'a Function,
    graph: Graph,
    name: String,
    options: &'a Options,
    limits: &'a Limits,
    cost: &'a Cost,
    /// Stored values: the slot of each component.
    stored: HashMap<Value, Vec<Slot>>,
    passes: Vec<Pass>,
    targets: usize,
    /// Real fp30 instructions per estimated one, learnt from the cuts made (see
    /// [`super::graph::estimate`]).
    ratio: f64,
}

/// How close to the longest segment that fits the bisection gets: within 1/32 of its length.
/// Each step compiles the cut's passes; the last few percent are not worth those compilations.
const BISECT_PRECISION: usize = 32;

/// How far over the instruction limit the estimate of what is left may be for the final pass to
/// be tried: the estimate is scaled by the ratio learnt, so it is close, and a failed attempt on a
/// long remainder is the most expensive compilation of the search.
const FINAL_SLACK: f64 = 1.25;

/// The passes a cut needs, ready to be committed.
struct Cut {
    end: usize,
    passes: Vec<Pass>,
    stored: Vec<(Value, Vec<Slot>)>,
}

impl Cut {
    /// The instructions of its largest pass.
    fn instructions(&self) -> usize {
        self.passes
            .iter()
            .map(|p| p.compiled.instructions)
            .max()
            .unwrap_or(0)
    }
}

impl<'a> Search<'a> {
    pub(crate) fn new(
        legal: &'a Function,
        name: &str,
        options: &'a Options,
        limits: &'a Limits,
        cost: &'a Cost,
    ) -> Search<'a> {
        Search {
            legal,
            graph: Graph::new(legal),
            name: name.to_string(),
            options,
            limits,
            cost,
            stored: HashMap::new(),
            passes: Vec::new(),
            targets: 0,
            ratio: 1.0,
        }
    }

    /// Cuts until the rest fits the final pass.
    pub(crate) fn run(mut self) -> Result<Partition, Vec<Diagnostic>> {
        let n = self.graph.compute.len();
        let mut start = 0;
        loop {
            if let Some(last) = self.final_pass(start, false)? {
                return Ok(self.finish(last));
            }
            if start >= n {
                return Err(vec![self.located(
                    start.saturating_sub(1),
                    "the shader's final stores and kill do not fit one fp30 pass, so the shader \
                     cannot be split into passes",
                )]);
            }
            if self.passes.len() + 1 >= self.limits.passes {
                return Err(vec![self.located(
                    start,
                    format!(
                        "this shader needs more than {} passes to fit fp30's limits",
                        self.limits.passes
                    ),
                )]);
            }
            let cut = self.best_cut(start)?;
            // A cut after the last compute node leaves the final pass only copying: where the
            // estimate skipped the final pass, try it for real before committing.
            if cut.end == n {
                if let Some(last) = self.final_pass(start, true)? {
                    return Ok(self.finish(last));
                }
            }
            self.learn(start, &cut);
            start = cut.end;
            self.commit(cut);
        }
    }

    /// The partition, `last` being its final pass.
    fn finish(mut self, last: Pass) -> Partition {
        self.passes.push(last);
        Partition {
            passes: self.passes,
            targets: self.targets,
        }
    }

    /// Records a cut's passes and stored values.
    fn commit(&mut self, cut: Cut) {
        self.targets += cut.passes.len();
        self.passes.extend(cut.passes);
        self.stored.extend(cut.stored);
    }

    /// The final pass from compute rank `start` on, if it fits. Unless `force`d, not tried from
    /// the start (the whole function did not fit) nor where the estimate says it is far too long
    /// (compiling thousands of instructions to learn that costs more than the rest of the search).
    fn final_pass(&self, start: usize, force: bool) -> Result<Option<Pass>, Vec<Diagnostic>> {
        let n = self.graph.compute.len();
        let hopeless = start == 0 && n > 0
            || self.estimate(start, n) > FINAL_SLACK * self.limits.instructions as f64;
        if hopeless && !force {
            return Ok(None);
        }
        let roots: Vec<Value> = self
            .graph
            .effects()
            .flat_map(|n| n.uses.iter().copied())
            .collect();
        let (mut nodes, reads) = self.slice(&roots, start, self.graph.compute.len())?;
        nodes.extend(self.graph.effects().map(|n| n.at));
        nodes.sort_unstable();
        nodes.dedup();
        let plan = Plan {
            nodes,
            reads,
            out: Out::Final,
        };
        let index = self.passes.len();
        Ok(self.try_pass(&plan, PassOutput::Final, index).ok())
    }

    /// Builds and compiles pass number `index` of `plan`; the reasons it does not fit otherwise.
    fn try_pass(
        &self,
        plan: &Plan,
        writes: PassOutput,
        index: usize,
    ) -> Result<Pass, Vec<Diagnostic>> {
        let name = format!("{}_pass{index}", self.name);
        let (function, reads) = pass_function(self.legal, &name, plan);
        let errs = pigment_ir::verify_function(&function);
        if !errs.is_empty() {
            let msg = format!("internal: a pass of the partition is invalid IR: {errs:?}");
            return Err(vec![Diagnostic::error(msg)]);
        }
        match compile(&function, self.options, self.limits) {
            Fit::Yes(compiled) => Ok(Pass {
                function,
                compiled: *compiled,
                reads,
                writes,
            }),
            Fit::TooLarge(d) | Fit::Error(d) => Err(d),
        }
    }

    /// The instructions the segment [start, end) of compute ranks needs to compute `roots`, in
    /// body order (free nodes copied in), and the stored values it reads.
    #[allow(clippy::type_complexity)]
    fn slice(
        &self,
        roots: &[Value],
        start: usize,
        end: usize,
    ) -> Result<(Vec<usize>, Vec<(Value, Vec<Slot>)>), Vec<Diagnostic>> {
        let mut seen: HashSet<Value> = HashSet::new();
        let mut stack: Vec<Value> = roots.to_vec();
        let mut nodes = Vec::new();
        let mut reads = Vec::new();
        while let Some(v) = stack.pop() {
            if !seen.insert(v) {
                continue;
            }
            if let Some(slots) = self.stored.get(&v) {
                reads.push((v, slots.clone()));
                continue;
            }
            let Some(node) = self.graph.def_of(v) else {
                return Err(vec![internal("a value with no top-level definition")]);
            };
            let in_segment = self.graph.rank_of(v).is_some_and(|r| r >= start && r < end);
            // A free node is copied wherever it is needed; a compute node belongs to its segment.
            let copy = node.kind == Kind::Free || (node.kind == Kind::Compute && in_segment);
            if !copy {
                return Err(vec![internal("a value crosses a cut without a target")]);
            }
            nodes.push(node.at);
            stack.extend(node.uses.iter().copied());
        }
        nodes.sort_unstable();
        nodes.dedup();
        reads.sort_by_key(|(v, _)| v.index());
        Ok((nodes, reads))
    }

    /// The values computed in [start, end) that a later node or an effect reads, in order.
    fn live_out(&self, start: usize, end: usize) -> Vec<Value> {
        let mut out = Vec::new();
        for &n in &self.graph.compute[start..end] {
            for &v in &self.legal.body.insts[self.graph.nodes[n].at].results {
                if self.graph.last_use[v.index()].is_some_and(|l| l >= end) {
                    out.push(v);
                }
            }
        }
        out
    }

    /// The passes a cut after compute rank `end` (the segment starting at `start`) needs, if
    /// they all fit: the live values' scalars four to a target, one pass per target.
    fn cut(&self, start: usize, end: usize) -> Result<Option<Cut>, Vec<Diagnostic>> {
        let live = self.live_out(start, end);
        let scalars: Vec<(Value, u8)> = live
            .iter()
            .flat_map(|&v| (0..self.legal.ty(v).width).map(move |c| (v, c)))
            .collect();
        let mut passes = Vec::new();
        let mut slots: HashMap<Value, Vec<Slot>> = HashMap::new();
        for (k, group) in scalars.chunks(4).enumerate() {
            let target = self.targets + k;
            let mut roots: Vec<Value> = group.iter().map(|&(v, _)| v).collect();
            roots.dedup();
            let (nodes, reads) = self.slice(&roots, start, end)?;
            let plan = Plan {
                nodes,
                reads,
                out: Out::Target {
                    scalars: group.to_vec(),
                },
            };
            let index = self.passes.len() + k;
            match self.try_pass(&plan, PassOutput::Target(target), index) {
                Ok(p) => passes.push(p),
                Err(_) => return Ok(None),
            }
            for (channel, &(v, _)) in group.iter().enumerate() {
                let slot = Slot {
                    target,
                    channel: channel as u8,
                };
                slots.entry(v).or_default().push(slot);
            }
        }
        let stored = live
            .iter()
            .filter_map(|v| slots.remove(v).map(|s| (*v, s)))
            .collect();
        Ok(Some(Cut {
            end,
            passes,
            stored,
        }))
    }

    /// The cheapest cut after `start` that fits (see the module's documentation).
    fn best_cut(&self, start: usize) -> Result<Cut, Vec<Diagnostic>> {
        let Some(first) = self.cut(start, start + 1)? else {
            return Err(vec![self.located(
                start,
                "this operation does not fit one fp30 pass even alone, so the shader cannot be \
                 split into passes",
            )]);
        };
        let mut fitting = self.fitting_cuts(start, first)?;
        let widest = fitting.iter().map(|c| c.end).max().unwrap_or(start + 1);
        let best = self.cheapest_end(start, widest);
        // The cuts compiled on the way are kept: the cheapest is often one of them.
        if let Some(i) = fitting.iter().position(|c| c.end == best) {
            return Ok(fitting.swap_remove(i));
        }
        let Some(i) = fitting.iter().position(|c| c.end == widest) else {
            return Err(vec![internal("no cut fits")]);
        };
        let widest = fitting.swap_remove(i);
        Ok(self.cut(start, best)?.unwrap_or(widest))
    }

    /// The cuts that fit found on the way to the longest segment that fits (to within
    /// [`BISECT_PRECISION`]), starting from one that fits (`fits`): probing first where the
    /// instruction estimate (scaled by what earlier passes really took) reaches the limit,
    /// growing the probe by how far below the limit it compiled, then bisecting between the
    /// longest fit and the shortest failure.
    fn fitting_cuts(&self, start: usize, fits: Cut) -> Result<Vec<Cut>, Vec<Diagnostic>> {
        let n = self.graph.compute.len();
        let mut good = fits.end;
        let mut found = vec![fits];
        let mut bad = None;
        let mut probe = self.estimated_end(start).max(good + 1).min(n);
        while bad.is_none() && good < n {
            match self.cut(start, probe)? {
                Some(c) => {
                    let used = c.instructions().max(1) as f64;
                    let grow = (self.limits.instructions as f64 / used).clamp(1.05, 2.0);
                    let len = ((probe - start) as f64 * grow).ceil() as usize;
                    good = c.end;
                    found.push(c);
                    probe = (start + len).max(good + 1).min(n);
                }
                None => bad = Some(probe),
            }
        }
        let Some(mut bad) = bad else {
            return Ok(found);
        };
        while bad - good > ((good - start) / BISECT_PRECISION).max(1) {
            let mid = good + (bad - good) / 2;
            match self.cut(start, mid)? {
                Some(c) => {
                    good = mid;
                    found.push(c);
                }
                None => bad = mid,
            }
        }
        Ok(found)
    }

    /// Where a segment from `start` reaches the instruction limit by the estimate, scaled by the
    /// ratio of real to estimated instructions seen so far.
    fn estimated_end(&self, start: usize) -> usize {
        let budget = self.limits.instructions as f64 / self.ratio;
        let mut total = 0.0;
        for (r, &n) in self.graph.compute.iter().enumerate().skip(start) {
            total += self.graph.nodes[n].cost as f64;
            if total > budget {
                return r;
            }
        }
        self.graph.compute.len()
    }

    /// The estimated instructions of compute ranks [start, end), scaled by the ratio learnt.
    fn estimate(&self, start: usize, end: usize) -> f64 {
        let total: usize = self.graph.compute[start..end]
            .iter()
            .map(|&n| self.graph.nodes[n].cost)
            .sum();
        total as f64 * self.ratio
    }

    /// Learns the ratio of real to estimated instructions from a committed cut.
    fn learn(&mut self, start: usize, cut: &Cut) {
        let estimate: usize = self.graph.compute[start..cut.end]
            .iter()
            .map(|&n| self.graph.nodes[n].cost)
            .sum();
        if estimate >= 64 {
            self.ratio = (cut.instructions() as f64 / estimate as f64).clamp(0.05, 4.0);
        }
    }

    /// The end in (start, widest] with the least estimated cost per instruction of progress:
    /// `(pass · targets + instructions + texture · reads) / instructions`, targets being one per
    /// four scalars live across the cut. Ties go to the longer segment.
    fn cheapest_end(&self, start: usize, widest: usize) -> usize {
        let live = self.live_scalars(start, widest);
        let mut progress = 0.0;
        let mut reads: HashSet<Value> = HashSet::new();
        let mut best = (f64::INFINITY, widest);
        for end in start + 1..=widest {
            let node = &self.graph.nodes[self.graph.compute[end - 1]];
            progress += node.cost.max(1) as f64;
            reads.extend(node.uses.iter().filter(|v| self.stored.contains_key(v)));
            let targets = live[end - start].div_ceil(4) as f64;
            let cost = self.cost.pass * targets + progress + self.cost.texture * reads.len() as f64;
            let rate = cost / progress;
            if rate <= best.0 {
                best = (rate, end);
            }
        }
        best.1
    }

    /// For each end in [start, widest], the scalars computed in [start, end) and read at or
    /// after it (index `end - start`).
    fn live_scalars(&self, start: usize, widest: usize) -> Vec<usize> {
        let len = widest - start + 2;
        let mut delta = vec![0i64; len + 1];
        for r in start..widest {
            let at = self.graph.nodes[self.graph.compute[r]].at;
            for &v in &self.legal.body.insts[at].results {
                let Some(last) = self.graph.last_use[v.index()] else {
                    continue;
                };
                let width = i64::from(self.legal.ty(v).width);
                // Live at the cuts end in (r, last], i.e. indices r + 1 - start ..= last - start.
                delta[r + 1 - start] += width;
                delta[(last.min(widest) + 1 - start).min(len)] -= width;
            }
        }
        let mut acc = 0i64;
        delta
            .iter()
            .take(len)
            .map(|d| {
                acc += d;
                acc.max(0) as usize
            })
            .collect()
    }

    /// An error located at compute rank `rank`'s instruction, where it has a location.
    fn located(&self, rank: usize, msg: impl Into<String>) -> Diagnostic {
        let d = Diagnostic::error(msg);
        let loc = self
            .graph
            .compute
            .get(rank)
            .and_then(|&n| self.legal.body.insts[self.graph.nodes[n].at].loc);
        match loc {
            Some(l) => d.at(l.file, l.span),
            None => d,
        }
    }
}

fn internal(what: &str) -> Diagnostic {
    Diagnostic::error(format!(
        "internal error splitting the shader into passes: {what}"
    ))
}
