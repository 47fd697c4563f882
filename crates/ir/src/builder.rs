//! [`FunctionBuilder`]: how front ends make IR. Instructions are appended to the current block; regions
//! are opened and closed like brackets (`begin_if` … `begin_else` … `end_if`), which suits a recursive
//! walk over a syntax tree. Result types are computed from the operands; the verifier checks the rest.

use crate::function::*;
use crate::op::{Op, PackFormat};
use crate::types::{ScalarKind, Swizzle, Type, WriteMask};
use crate::vector::Vector;
use crate::Handle;
use std::collections::HashMap;

/// An open region, innermost last.
enum Frame {
    If {
        cond: Value,
        results: Vec<Type>,
        then_block: Option<Block>,
        loc: Option<SourceLoc>,
    },
    Loop {
        params: Vec<Value>,
        init: Vec<Value>,
        results: Vec<Type>,
        loc: Option<SourceLoc>,
    },
    Switch {
        selector: Value,
        results: Vec<Type>,
        cases: Vec<SwitchCase>,
        /// The values of the case being built, or `None` for the default arm; unset before the first arm.
        open: Option<Option<Vec<i32>>>,
        default: Option<Block>,
        loc: Option<SourceLoc>,
    },
}

/// Builds one [`Function`].
pub struct FunctionBuilder {
    func: Function,
    /// Blocks being filled; the last is where instructions go.
    blocks: Vec<Block>,
    /// One map per open block (parallel to `blocks`): the constants defined in it so far. A
    /// constant asked for again is the value defined before, in its block or an enclosing one
    /// (which dominates every later instruction there), not a new instruction: front ends ask for
    /// the same literals thousands of times (12,770 of the 20,289 instructions crt-royale's
    /// geometry pass lowered to were constants), which the later passes would only remove again.
    constants: Vec<HashMap<Vector, Value>>,
    frames: Vec<Frame>,
    loc: Option<SourceLoc>,
    /// The entry parameter the interface entities declared from now on belong to.
    param: Option<u32>,
    /// The [`Origin::order`] of the next interface entity: kept here rather than found from the
    /// function's interface each time, which made declaring n entities cost n² log n.
    next_order: u32,
    errors: Vec<String>,
}

impl FunctionBuilder {
    pub fn new(name: impl Into<String>) -> FunctionBuilder {
        FunctionBuilder {
            func: Function::new(name),
            blocks: vec![Block::new()],
            constants: vec![HashMap::new()],
            frames: Vec::new(),
            loc: None,
            param: None,
            next_order: 0,
            errors: Vec::new(),
        }
    }

    /// Makes the function an entry point of `stage` (a new builder makes a fragment one).
    pub fn set_stage(&mut self, stage: Stage) {
        self.func.stage = stage;
    }

    /// The function built so far (its interface and value types).
    pub fn function(&self) -> &Function {
        &self.func
    }

    /// The finished function, or the builder misuses found (unclosed regions, `begin_else` outside an
    /// `if`, ...). Type errors are the verifier's business.
    pub fn finish(mut self) -> Result<Function, Vec<String>> {
        if !self.frames.is_empty() {
            self.errors
                .push(format!("{} region(s) left open", self.frames.len()));
        }
        if !self.errors.is_empty() {
            return Err(self.errors);
        }
        self.func.body = self.close_block().unwrap_or_default();
        Ok(self.func)
    }

    /// The source location given to the instructions appended from now on.
    pub fn set_loc(&mut self, loc: Option<SourceLoc>) {
        self.loc = loc;
    }

    // ----- interface -----

    /// The entry parameter (0-based) that declares the interface entities declared from now on;
    /// `None` (the initial state) for globals and the return value. See [`Origin`].
    pub fn set_param(&mut self, param: Option<u32>) {
        self.param = param;
    }

    /// The origin of the next interface entity: the current parameter, after every entity so far.
    fn next_origin(&mut self) -> Origin {
        let order = self.next_order;
        self.next_order = order.saturating_add(1);
        Origin {
            param: self.param,
            order,
        }
    }

    pub fn input(&mut self, name: &str, ty: Type, semantic: Option<&str>) -> Handle<Input> {
        let origin = self.next_origin();
        self.func.inputs.append(Input {
            name: name.into(),
            ty,
            semantic: semantic.map(Into::into),
            counted: false,
            origin,
        })
    }

    /// An input whose semantic was counted from its struct's (see [`Input::counted`]).
    pub fn counted_input(&mut self, name: &str, ty: Type, semantic: &str) -> Handle<Input> {
        let h = self.input(name, ty, Some(semantic));
        self.func.inputs[h].counted = true;
        h
    }

    /// Records the semantic written on the struct variable `name` of the current parameter (see
    /// [`StructSemantic`]).
    pub fn struct_semantic(&mut self, name: &str, semantic: &str) {
        self.func.struct_semantics.push(StructSemantic {
            param: self.param,
            name: name.into(),
            semantic: semantic.into(),
        });
    }

    pub fn uniform(
        &mut self,
        name: &str,
        ty: Type,
        array_len: Option<u32>,
        semantic: Option<&str>,
    ) -> Handle<Uniform> {
        let origin = self.next_origin();
        self.func.uniforms.append(Uniform {
            name: name.into(),
            ty,
            array_len,
            semantic: semantic.map(Into::into),
            matrix: false,
            default: None,
            origin,
        })
    }

    /// Marks the array `uniform` as the rows of one matrix (see [`Uniform::matrix`]).
    pub fn uniform_is_matrix(&mut self, uniform: Handle<Uniform>) {
        if self.func.uniforms.contains(uniform) {
            self.func.uniforms[uniform].matrix = true;
        }
    }

    /// Gives `uniform` its default, one value per element (see [`Uniform::default`]).
    pub fn uniform_default(&mut self, uniform: Handle<Uniform>, elements: Vec<Vector>) {
        if self.func.uniforms.contains(uniform) {
            self.func.uniforms[uniform].default = Some(elements);
        }
    }

    pub fn sampler(&mut self, name: &str, dim: SamplerDim, unit: Option<u32>) -> Handle<Sampler> {
        let origin = self.next_origin();
        self.func.samplers.append(Sampler {
            name: name.into(),
            dim,
            unit,
            counted: false,
            origin,
        })
    }

    /// A sampler whose unit was counted from its struct's semantic (see [`Sampler::counted`]).
    pub fn counted_sampler(&mut self, name: &str, dim: SamplerDim, unit: u32) -> Handle<Sampler> {
        let h = self.sampler(name, dim, Some(unit));
        self.func.samplers[h].counted = true;
        h
    }

    pub fn output(&mut self, name: &str, ty: Type, semantic: Option<&str>) -> Handle<Output> {
        let origin = self.next_origin();
        self.func.outputs.append(Output {
            name: name.into(),
            ty,
            semantic: semantic.map(Into::into),
            component: 0,
            origin,
        })
    }

    // ----- plumbing -----

    /// Opens a block (a region's branch, arm or body) where instructions now go.
    fn open_block(&mut self) {
        self.blocks.push(Block::new());
        self.constants.push(HashMap::new());
    }

    /// Closes the innermost open block; its constants are out of scope from now on.
    fn close_block(&mut self) -> Option<Block> {
        self.constants.pop();
        self.blocks.pop()
    }

    fn new_value(&mut self, ty: Type) -> Value {
        self.func.values.append(ValueInfo { ty })
    }

    fn push(&mut self, kind: InstKind, results: Vec<Value>) {
        let inst = Inst {
            kind,
            results,
            loc: self.loc,
        };
        match self.blocks.last_mut() {
            Some(b) => b.insts.push(inst),
            None => self
                .errors
                .push("instruction appended outside any block".into()),
        }
    }

    /// Appends a value-producing instruction with a result of type `ty`.
    fn emit(&mut self, kind: InstKind, ty: Type) -> Value {
        let v = self.new_value(ty);
        self.push(kind, vec![v]);
        v
    }

    // ----- values -----

    /// The constant `value`: the value of an earlier `const` of it where that one dominates (in
    /// the current block or one enclosing it), else a new `const` instruction.
    ///
    /// ```
    /// use pigment_ir::{FunctionBuilder, Type, Vector};
    ///
    /// let mut b = FunctionBuilder::new("main");
    /// let half = b.constant(Vector::reals(pigment_ir::ScalarKind::Float, &[0.5]));
    /// assert_eq!(b.float(&[0.5]), half);
    /// let cond = b.bool(true);
    /// b.begin_if(cond, &[Type::FLOAT]);
    /// assert_eq!(b.float(&[0.5]), half, "an enclosing block's constant");
    /// let two = b.float(&[2.0]);
    /// b.yield_(&[two]);
    /// b.end_if();
    /// assert_ne!(b.float(&[2.0]), two, "the closed branch's constant is out of scope");
    /// ```
    pub fn constant(&mut self, value: Vector) -> Value {
        let defined = self.constants.iter().rev().find_map(|c| c.get(&value));
        if let Some(&v) = defined {
            return v;
        }
        let v = self.emit(InstKind::Const(value), value.ty);
        if let Some(innermost) = self.constants.last_mut() {
            innermost.insert(value, v);
        }
        v
    }

    /// A float constant (components rounded to fp32 without denormals).
    pub fn float(&mut self, values: &[f32]) -> Value {
        self.constant(Vector::reals(ScalarKind::Float, values))
    }

    pub fn int(&mut self, value: i32) -> Value {
        self.constant(Vector::ints(&[value]))
    }

    pub fn bool(&mut self, value: bool) -> Value {
        self.constant(Vector::bools(&[value]))
    }

    /// Any pure operation. When the operands do not fit, the result gets the first operand's type and
    /// the verifier reports the mismatch.
    pub fn op(&mut self, op: Op, args: &[Value]) -> Value {
        let types: Vec<Type> = args.iter().map(|&a| self.value_type(a)).collect();
        let ty = op
            .result_type(&types)
            .unwrap_or_else(|_| types.first().copied().unwrap_or(Type::FLOAT));
        self.emit(
            InstKind::Op {
                op,
                args: args.to_vec(),
            },
            ty,
        )
    }

    fn value_type(&self, v: Value) -> Type {
        self.func.values.try_get(v).map_or(Type::FLOAT, |i| i.ty)
    }

    pub fn unary(&mut self, op: Op, a: Value) -> Value {
        self.op(op, &[a])
    }

    pub fn binary(&mut self, op: Op, a: Value, b: Value) -> Value {
        self.op(op, &[a, b])
    }

    pub fn add(&mut self, a: Value, b: Value) -> Value {
        self.binary(Op::Add, a, b)
    }

    pub fn sub(&mut self, a: Value, b: Value) -> Value {
        self.binary(Op::Sub, a, b)
    }

    pub fn mul(&mut self, a: Value, b: Value) -> Value {
        self.binary(Op::Mul, a, b)
    }

    pub fn mad(&mut self, a: Value, b: Value, c: Value) -> Value {
        self.op(Op::Mad, &[a, b, c])
    }

    pub fn dot(&mut self, a: Value, b: Value) -> Value {
        self.binary(Op::Dot, a, b)
    }

    /// (cond, a, b): a where cond, else b.
    pub fn select(&mut self, cond: Value, a: Value, b: Value) -> Value {
        self.op(Op::Select, &[cond, a, b])
    }

    pub fn cvt(&mut self, a: Value, to: ScalarKind) -> Value {
        self.unary(Op::Cvt(to), a)
    }

    /// Components of `a` by index (0..4 = x..w); an invalid selection is recorded as a misuse.
    pub fn swizzle(&mut self, a: Value, components: &[u8]) -> Value {
        let s = Swizzle::new(components).unwrap_or_else(|| {
            self.errors.push(format!("invalid swizzle {components:?}"));
            Swizzle::X
        });
        self.unary(Op::Swizzle(s), a)
    }

    /// Component `index` of `a` as a scalar.
    pub fn extract(&mut self, a: Value, index: u8) -> Value {
        self.swizzle(a, &[index])
    }

    /// `n` copies of a scalar.
    pub fn splat(&mut self, scalar: Value, n: u8) -> Value {
        self.swizzle(scalar, &[0, 0, 0, 0][..n.clamp(1, 4) as usize])
    }

    pub fn construct(&mut self, parts: &[Value]) -> Value {
        self.op(Op::Construct, parts)
    }

    pub fn pack(&mut self, format: PackFormat, a: Value) -> Value {
        self.unary(Op::Pack(format), a)
    }

    pub fn unpack(&mut self, format: PackFormat, a: Value) -> Value {
        self.unary(Op::Unpack(format), a)
    }

    pub fn load_input(&mut self, input: Handle<Input>) -> Value {
        let ty = self
            .func
            .inputs
            .try_get(input)
            .map_or(Type::FLOAT4, |i| i.ty);
        self.emit(InstKind::LoadInput(input), ty)
    }

    pub fn load_uniform(&mut self, uniform: Handle<Uniform>, index: Option<UniformIndex>) -> Value {
        let ty = self
            .func
            .uniforms
            .try_get(uniform)
            .map_or(Type::FLOAT4, |u| u.ty);
        self.emit(InstKind::LoadUniform { uniform, index }, ty)
    }

    pub fn sample(&mut self, sampler: Handle<Sampler>, form: SampleForm, coord: Value) -> Value {
        self.emit(
            InstKind::Sample {
                sampler,
                form,
                coord,
            },
            Type::FLOAT4,
        )
    }

    // ----- effects and terminators -----

    pub fn store(&mut self, output: Handle<Output>, mask: WriteMask, value: Value) {
        self.push(
            InstKind::Store {
                output,
                mask,
                value,
            },
            Vec::new(),
        )
    }

    pub fn discard(&mut self) {
        self.push(InstKind::Discard, Vec::new())
    }

    pub fn ret(&mut self) {
        self.push(InstKind::Return, Vec::new())
    }

    pub fn yield_(&mut self, values: &[Value]) {
        self.push(InstKind::Yield(values.to_vec()), Vec::new())
    }

    pub fn break_(&mut self, values: &[Value]) {
        self.push(InstKind::Break(values.to_vec()), Vec::new())
    }

    pub fn continue_(&mut self, values: &[Value]) {
        self.push(InstKind::Continue(values.to_vec()), Vec::new())
    }

    // ----- regions -----

    /// Opens an `if` whose branches yield values of `results`; instructions now go to the then-branch.
    pub fn begin_if(&mut self, cond: Value, results: &[Type]) {
        self.frames.push(Frame::If {
            cond,
            results: results.to_vec(),
            then_block: None,
            loc: self.loc,
        });
        self.open_block();
    }

    /// Switches the open `if` to its else-branch.
    pub fn begin_else(&mut self) {
        let block = self.close_block();
        match (self.frames.last_mut(), block) {
            (Some(Frame::If { then_block, .. }), Some(b)) if then_block.is_none() => {
                *then_block = Some(b);
                self.open_block();
            }
            (_, b) => {
                if let Some(b) = b {
                    self.blocks.push(b);
                    self.constants.push(HashMap::new());
                }
                self.errors
                    .push("`begin_else` without an open then-branch".into());
            }
        }
    }

    /// Closes the open `if` and returns its results.
    pub fn end_if(&mut self) -> Vec<Value> {
        let Some(Frame::If {
            cond,
            results,
            then_block,
            loc,
        }) = self.pop_frame(|f| matches!(f, Frame::If { .. }), "end_if")
        else {
            return Vec::new();
        };
        let last = self.close_block().unwrap_or_default();
        let (then_block, else_block) = match then_block {
            Some(t) => (t, last),
            None => (last, Block::new()),
        };
        self.close(
            InstKind::If {
                cond,
                then_block,
                else_block,
            },
            &results,
            loc,
        )
    }

    /// Opens a loop carrying one parameter per `init` value (of its type) and producing values of
    /// `results` through `break`. Returns the parameters, usable inside the body.
    pub fn begin_loop(&mut self, init: &[Value], results: &[Type]) -> Vec<Value> {
        let params: Vec<Value> = init
            .iter()
            .map(|&v| {
                let ty = self.value_type(v);
                self.new_value(ty)
            })
            .collect();
        self.frames.push(Frame::Loop {
            params: params.clone(),
            init: init.to_vec(),
            results: results.to_vec(),
            loc: self.loc,
        });
        self.open_block();
        params
    }

    /// Closes the open loop and returns its results.
    pub fn end_loop(&mut self) -> Vec<Value> {
        let Some(Frame::Loop {
            params,
            init,
            results,
            loc,
        }) = self.pop_frame(|f| matches!(f, Frame::Loop { .. }), "end_loop")
        else {
            return Vec::new();
        };
        let body = self.close_block().unwrap_or_default();
        self.close(InstKind::Loop { params, init, body }, &results, loc)
    }

    /// Opens a switch on an int scalar; arms begin with [`Self::begin_case`] / [`Self::begin_default`].
    pub fn begin_switch(&mut self, selector: Value, results: &[Type]) {
        self.frames.push(Frame::Switch {
            selector,
            results: results.to_vec(),
            cases: Vec::new(),
            open: None,
            default: None,
            loc: self.loc,
        });
    }

    pub fn begin_case(&mut self, values: &[i32]) {
        self.next_arm(Some(values.to_vec()));
    }

    pub fn begin_default(&mut self) {
        self.next_arm(None);
    }

    fn next_arm(&mut self, arm: Option<Vec<i32>>) {
        self.close_arm();
        match self.frames.last_mut() {
            Some(Frame::Switch { open, .. }) => {
                *open = Some(arm);
                self.open_block();
            }
            _ => self.errors.push("switch arm outside a switch".into()),
        }
    }

    /// Files the arm being built (if any) into the innermost switch.
    fn close_arm(&mut self) {
        let Some(Frame::Switch { open, .. }) = self.frames.last_mut() else {
            return;
        };
        let Some(arm) = open.take() else {
            return;
        };
        let body = self.close_block().unwrap_or_default();
        if let Some(Frame::Switch { cases, default, .. }) = self.frames.last_mut() {
            match arm {
                Some(values) => cases.push(SwitchCase { values, body }),
                None => *default = Some(body),
            }
        }
    }

    /// Closes the open switch and returns its results. A missing default arm is empty.
    pub fn end_switch(&mut self) -> Vec<Value> {
        self.close_arm();
        let Some(Frame::Switch {
            selector,
            results,
            cases,
            default,
            loc,
            ..
        }) = self.pop_frame(|f| matches!(f, Frame::Switch { .. }), "end_switch")
        else {
            return Vec::new();
        };
        let kind = InstKind::Switch {
            selector,
            cases,
            default: default.unwrap_or_default(),
        };
        self.close(kind, &results, loc)
    }

    fn pop_frame(&mut self, is: impl Fn(&Frame) -> bool, what: &str) -> Option<Frame> {
        if self.frames.last().is_some_and(is) {
            self.frames.pop()
        } else {
            self.errors
                .push(format!("`{what}` does not match the open region"));
            None
        }
    }

    /// Appends a finished region instruction with fresh results of `types`.
    fn close(&mut self, kind: InstKind, types: &[Type], loc: Option<SourceLoc>) -> Vec<Value> {
        let results: Vec<Value> = types.iter().map(|&t| self.new_value(t)).collect();
        let saved = std::mem::replace(&mut self.loc, loc);
        self.push(kind, results.clone());
        self.loc = saved;
        results
    }
}
