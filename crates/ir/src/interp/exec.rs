//! The lockstep quad engine behind [`super::run_quad`].

use super::*;
use crate::eval::{eval, eval_typed};
use crate::function::*;
use crate::op::Op;
use crate::types::{ScalarKind, Type};

/// One value in each of the four fragments.
pub(super) type Lanes = [[u32; 4]; 4];
type Mask = [bool; 4];

/// How a fragment left a block.
#[derive(Clone, Debug)]
enum Exit {
    /// Reached the end, or a `yield`, with these values.
    Yield(Vec<[u32; 4]>),
    Break(Vec<[u32; 4]>),
    Continue(Vec<[u32; 4]>),
    Return,
}

/// The outcome of running a block.
struct Exits {
    lanes: [Option<Exit>; 4],
    /// The yielded values in every fragment, active or not, when the block ends in `yield`.
    yielded: Option<Vec<Lanes>>,
}

/// Refuses a function that does not verify: the engine relies on the verifier's rules.
pub(super) fn verified(func: &Function) -> Result<(), InterpError> {
    match crate::verify::verify_function(func).into_iter().next() {
        Some(e) => Err(InterpError {
            loc: e.loc,
            message: format!("invalid IR: {}", e.message),
        }),
        None => Ok(()),
    }
}

/// Runs the verified `func` for a quad, its values kept in `vals` (cleared here, so that a
/// caller running many quads allocates them once).
pub(super) fn run_verified(
    func: &Function,
    bindings: &Bindings,
    textures: &mut dyn Textures,
    limits: Limits,
    vals: &mut Vec<Lanes>,
) -> Result<[FragmentResult; 4], InterpError> {
    check_bindings(func, bindings)?;
    vals.clear();
    vals.resize(func.values.len(), [[0; 4]; 4]);
    let mut m = Machine {
        func,
        bindings,
        textures,
        limits,
        vals: std::mem::take(vals),
        outputs: func
            .outputs
            .iter()
            .map(|(_, o)| {
                [OutputValue {
                    value: Vector::zero(o.ty),
                    written: WriteMask(0),
                }; 4]
            })
            .collect(),
        killed: [false; 4],
    };
    let ran = m.block(&func.body, [true; 4]);
    *vals = std::mem::take(&mut m.vals);
    ran?;
    Ok(std::array::from_fn(|lane| FragmentResult {
        outputs: m.outputs.iter().map(|o| o[lane]).collect(),
        discarded: m.killed[lane],
    }))
}

fn bad(message: String) -> InterpError {
    InterpError { loc: None, message }
}

fn check_bindings(func: &Function, b: &Bindings) -> Result<(), InterpError> {
    for (lane, inputs) in b.inputs.iter().enumerate() {
        if inputs.len() != func.inputs.len() {
            return Err(bad(format!(
                "fragment {lane} has {} input values for {} inputs",
                inputs.len(),
                func.inputs.len()
            )));
        }
        for ((_, decl), v) in func.inputs.iter().zip(inputs) {
            if v.ty != decl.ty {
                return Err(bad(format!(
                    "input `${}` is {}, given {}",
                    decl.name, decl.ty, v.ty
                )));
            }
        }
    }
    if b.uniforms.len() != func.uniforms.len() {
        return Err(bad(format!(
            "{} uniform values for {} uniforms",
            b.uniforms.len(),
            func.uniforms.len()
        )));
    }
    for ((_, decl), elems) in func.uniforms.iter().zip(&b.uniforms) {
        let len = decl.array_len.unwrap_or(1) as usize;
        if elems.len() != len || elems.iter().any(|e| e.ty != decl.ty) {
            return Err(bad(format!(
                "uniform `${}` needs {len} value(s) of type {}",
                decl.name, decl.ty
            )));
        }
    }
    Ok(())
}

struct Machine<'a> {
    func: &'a Function,
    bindings: &'a Bindings,
    textures: &'a mut dyn Textures,
    limits: Limits,
    vals: Vec<Lanes>,
    outputs: Vec<[OutputValue; 4]>,
    killed: [bool; 4],
}

impl Machine<'_> {
    fn vector(&self, v: Value, lane: usize) -> Vector {
        Vector {
            ty: self.func.ty(v),
            bits: self.vals[v.index()][lane],
        }
    }

    fn lane_values(&self, vs: &[Value], lane: usize) -> Vec<[u32; 4]> {
        vs.iter().map(|v| self.vals[v.index()][lane]).collect()
    }

    fn set(&mut self, v: Value, lanes: Lanes) {
        self.vals[v.index()] = lanes;
    }

    fn block(&mut self, block: &Block, mut mask: Mask) -> Result<Exits, InterpError> {
        let mut exits = Exits {
            lanes: [None, None, None, None],
            yielded: None,
        };
        for inst in &block.insts {
            let leave = |lane: usize, exit: Exit, exits: &mut Exits, mask: &mut Mask| {
                exits.lanes[lane] = Some(exit);
                mask[lane] = false;
            };
            match &inst.kind {
                InstKind::Yield(vs) | InstKind::Break(vs) | InstKind::Continue(vs) => {
                    for lane in (0..4).filter(move |&l| mask[l]) {
                        let values = self.lane_values(vs, lane);
                        let exit = match &inst.kind {
                            InstKind::Yield(_) => Exit::Yield(values),
                            InstKind::Break(_) => Exit::Break(values),
                            _ => Exit::Continue(values),
                        };
                        leave(lane, exit, &mut exits, &mut mask);
                    }
                    if matches!(inst.kind, InstKind::Yield(_)) {
                        exits.yielded = Some(vs.iter().map(|v| self.vals[v.index()]).collect());
                    }
                }
                InstKind::Return => {
                    for lane in (0..4).filter(move |&l| mask[l]) {
                        leave(lane, Exit::Return, &mut exits, &mut mask);
                    }
                }
                InstKind::If { .. } | InstKind::Loop { .. } | InstKind::Switch { .. } => {
                    let inner = self.region(inst, mask)?;
                    for (lane, exit) in inner.into_iter().enumerate() {
                        if let Some(exit) = exit {
                            leave(lane, exit, &mut exits, &mut mask);
                        }
                    }
                }
                _ => self.simple(inst, mask)?,
            }
        }
        for lane in (0..4).filter(move |&l| mask[l]) {
            exits.lanes[lane] = Some(Exit::Yield(Vec::new()));
        }
        if block.terminator().is_none() {
            exits.yielded = Some(Vec::new());
        }
        Ok(exits)
    }

    /// A pure operation for the four fragments: its types checked once, its operands on the
    /// stack (no operation takes more than four, `construct` of four scalars the most), since
    /// this runs for every operation of every fragment.
    fn op_lanes(&self, inst: &Inst, op: Op, args: &[Value]) -> Result<Lanes, InterpError> {
        let error = |why: String| InterpError {
            loc: inst.loc,
            message: format!("`{}` cannot be evaluated{why}", op.mnemonic()),
        };
        let (mut stack_types, mut heap_types) = ([Type::FLOAT4; 4], Vec::new());
        let types = scratch(&mut stack_types, &mut heap_types, args.len(), Type::FLOAT4);
        for (t, &a) in types.iter_mut().zip(args) {
            *t = self.func.ty(a);
        }
        let ty = op
            .result_type(types)
            .map_err(|why| error(format!(": {why}")))?;
        let blank = Vector {
            ty: Type::FLOAT4,
            bits: [0; 4],
        };
        let (mut stack, mut heap) = ([blank; 4], Vec::new());
        let operands = scratch(&mut stack, &mut heap, args.len(), blank);
        // The operands' types once; each fragment then only brings its bits.
        for (slot, &t) in operands.iter_mut().zip(types.iter()) {
            slot.ty = t;
        }
        let mut out = [[0; 4]; 4];
        for (lane, o) in out.iter_mut().enumerate() {
            for (slot, &a) in operands.iter_mut().zip(args) {
                slot.bits = self.vals[a.index()][lane];
            }
            *o = eval_typed(op, ty, operands)
                .ok_or_else(|| error(String::new()))?
                .bits;
        }
        Ok(out)
    }

    /// Instructions without blocks or terminators: pure ones for every fragment, effects under `mask`.
    fn simple(&mut self, inst: &Inst, mask: Mask) -> Result<(), InterpError> {
        let result = inst.results.first().copied();
        let lanes: Lanes = match &inst.kind {
            InstKind::Const(v) => [v.bits; 4],
            InstKind::Op { op, args } if op.is_derivative() => self.derivative(*op, args[0]),
            InstKind::Op { op, args } => self.op_lanes(inst, *op, args)?,
            InstKind::LoadInput(h) => {
                std::array::from_fn(|l| self.bindings.inputs[l][h.index()].bits)
            }
            InstKind::LoadUniform { uniform, index } => {
                let elems = &self.bindings.uniforms[uniform.index()];
                let last = elems.len() - 1;
                std::array::from_fn(|lane| {
                    let i = match index {
                        None => 0,
                        Some(UniformIndex::Const(i)) => (*i as usize).min(last),
                        Some(UniformIndex::Dynamic(v)) => {
                            (self.vals[v.index()][lane][0] as i32).clamp(0, last as i32) as usize
                        }
                    };
                    elems[i].bits
                })
            }
            InstKind::Sample {
                sampler,
                form,
                coord,
            } => self.sample(*sampler, form, *coord),
            InstKind::Store {
                output,
                mask: wmask,
                value,
            } => {
                for lane in (0..4).filter(move |&l| mask[l]) {
                    let src = self.vals[value.index()][lane];
                    let out = &mut self.outputs[output.index()][lane];
                    for (i, c) in wmask.components().enumerate() {
                        out.value.bits[c] = src[i];
                    }
                    out.written.0 |= wmask.0;
                }
                return Ok(());
            }
            InstKind::Discard => {
                for lane in (0..4).filter(move |&l| mask[l]) {
                    self.killed[lane] = true;
                }
                return Ok(());
            }
            _ => return Ok(()),
        };
        if let Some(r) = result {
            self.set(r, lanes);
        }
        Ok(())
    }

    /// ddx: right − left; ddy: top − bottom (fragment i at (i & 1, i >> 1)).
    fn derivative(&self, op: Op, v: Value) -> Lanes {
        let step = if op == Op::Ddx { 1 } else { 2 };
        std::array::from_fn(|lane| {
            let low = lane & !step;
            let high = lane | step;
            eval(Op::Sub, &[self.vector(v, high), self.vector(v, low)]).map_or([0; 4], |r| r.bits)
        })
    }

    fn sample(
        &mut self,
        sampler: crate::Handle<Sampler>,
        form: &SampleForm,
        coord: Value,
    ) -> Lanes {
        let info = &self.func.samplers[sampler];
        let width = self.func.ty(coord).width;
        let floats = |bits: [u32; 4]| bits.map(f32::from_bits);
        // A fetch's int texel indices go to the embedder as floats (exact below 2^24).
        let fetch = matches!(form, SampleForm::Fetch { .. });
        let quad_coords = self.vals[coord.index()].map(|bits| {
            if fetch {
                bits.map(|b| b as i32 as f32)
            } else {
                floats(bits)
            }
        });
        let mut out = [[0; 4]; 4];
        // A vertex function runs four copies of one vertex (`run_vertex`): one lookup serves all.
        let lanes = if self.func.stage == Stage::Vertex {
            1
        } else {
            4
        };
        for (lane, o) in out.iter_mut().enumerate().take(lanes) {
            let gradients = match form {
                SampleForm::Grad { ddx, ddy } => Some((
                    floats(self.vals[ddx.index()][lane]),
                    floats(self.vals[ddy.index()][lane]),
                )),
                _ => None,
            };
            let scalar = |v: &Value| Some(f32::from_bits(self.vals[v.index()][lane][0]));
            let (lod, bias) = match form {
                SampleForm::Lod { lod } => (scalar(lod), None),
                SampleForm::Bias { bias } => (None, scalar(bias)),
                _ => (None, None),
            };
            let fetch_level = match form {
                SampleForm::Fetch { lod } => Some(self.vals[lod.index()][lane][0] as i32),
                _ => None,
            };
            let request = SampleRequest {
                sampler,
                info,
                fragment: lane,
                quad_coords,
                width,
                projective: matches!(form, SampleForm::Proj),
                gradients,
                lod,
                bias,
                fetch_level,
            };
            let texel = self.textures.sample(&request);
            *o = Vector::reals(ScalarKind::Float, &texel).bits;
        }
        for lane in lanes..4 {
            out[lane] = out[0];
        }
        out
    }

    /// Runs a region; returns, per fragment, the exit that leaves the enclosing block (break, continue
    /// or return from inside it), if any.
    fn region(&mut self, inst: &Inst, mask: Mask) -> Result<[Option<Exit>; 4], InterpError> {
        match &inst.kind {
            InstKind::If {
                cond,
                then_block,
                else_block,
            } => {
                let c: Mask = std::array::from_fn(|l| self.vals[cond.index()][l][0] != 0);
                let arms = [then_block, else_block];
                let choice = std::array::from_fn(|l| if c[l] { 0 } else { 1 });
                self.arms(inst, &arms, choice, mask)
            }
            InstKind::Switch {
                selector,
                cases,
                default,
            } => {
                let mut arms: Vec<&Block> = cases.iter().map(|c| &c.body).collect();
                arms.push(default);
                let choice = std::array::from_fn(|l| {
                    let s = self.vals[selector.index()][l][0] as i32;
                    cases
                        .iter()
                        .position(|c| c.values.contains(&s))
                        .unwrap_or(cases.len())
                });
                self.arms(inst, &arms, choice, mask)
            }
            InstKind::Loop { params, init, body } => self.run_loop(inst, params, init, body, mask),
            _ => Ok([None, None, None, None]),
        }
    }

    /// Runs every arm (fragment `l` active only in arm `choice[l]`) and sets the region's results.
    fn arms(
        &mut self,
        inst: &Inst,
        arms: &[&Block],
        choice: [usize; 4],
        mask: Mask,
    ) -> Result<[Option<Exit>; 4], InterpError> {
        let mut results: Vec<Lanes> = vec![[[0; 4]; 4]; inst.results.len()];
        let mut leaving = [None, None, None, None];
        for (a, arm) in arms.iter().enumerate() {
            let arm_mask = std::array::from_fn(|l| mask[l] && choice[l] == a);
            let exits = self.block(arm, arm_mask)?;
            for lane in (0..4).filter(|&l| choice[l] == a) {
                // Results from the arm the fragment chose, whether it is active or a helper.
                if let Some(y) = &exits.yielded {
                    for (r, vals) in results.iter_mut().zip(y) {
                        r[lane] = vals[lane];
                    }
                }
                match exits.lanes[lane].clone() {
                    Some(Exit::Yield(_)) | None => {}
                    Some(other) => leaving[lane] = Some(other),
                }
            }
        }
        for (&r, lanes) in inst.results.iter().zip(results) {
            self.set(r, lanes);
        }
        Ok(leaving)
    }

    fn run_loop(
        &mut self,
        inst: &Inst,
        params: &[Value],
        init: &[Value],
        body: &Block,
        mask: Mask,
    ) -> Result<[Option<Exit>; 4], InterpError> {
        let mut carried: Vec<Lanes> = init.iter().map(|v| self.vals[v.index()]).collect();
        let mut results: Vec<Lanes> = vec![[[0; 4]; 4]; inst.results.len()];
        let mut leaving = [None, None, None, None];
        let mut active = mask;
        let mut iterations = 0u32;
        while active.iter().any(|&a| a) {
            if iterations >= self.limits.max_loop_iterations {
                return Err(InterpError {
                    loc: inst.loc,
                    message: format!(
                        "loop ran more than {} iterations",
                        self.limits.max_loop_iterations
                    ),
                });
            }
            iterations += 1;
            for (&p, lanes) in params.iter().zip(&carried) {
                self.set(p, *lanes);
            }
            let exits = self.block(body, active)?;
            for lane in (0..4).filter(move |&l| active[l]) {
                match exits.lanes[lane].clone() {
                    Some(Exit::Continue(vals)) | Some(Exit::Yield(vals)) => {
                        for (c, v) in carried.iter_mut().zip(vals) {
                            c[lane] = v;
                        }
                    }
                    Some(Exit::Break(vals)) => {
                        for (r, v) in results.iter_mut().zip(vals) {
                            r[lane] = v;
                        }
                        active[lane] = false;
                    }
                    Some(Exit::Return) => {
                        leaving[lane] = Some(Exit::Return);
                        active[lane] = false;
                    }
                    None => active[lane] = false,
                }
            }
        }
        for (&r, lanes) in inst.results.iter().zip(results) {
            self.set(r, lanes);
        }
        Ok(leaving)
    }
}

/// `n` slots: the first `n` of `stack` when they fit (no operation takes more than four
/// operands), else `heap` grown to `n` of `blank`.
fn scratch<'a, T: Copy>(
    stack: &'a mut [T; 4],
    heap: &'a mut Vec<T>,
    n: usize,
    blank: T,
) -> &'a mut [T] {
    if n <= stack.len() {
        &mut stack[..n]
    } else {
        heap.resize(n, blank);
        heap
    }
}
