//! Cranelift code for one decoded program: a function over a batch that loops over its quads and runs
//! the whole program on each quad in SIMD registers, one f32x4 per register component (the four
//! fragments of the quad, so DDX/DDY are lane shuffles and texture lookups see whole quads).
//!
//! Per quad: each register component takes its starting value at its first use (attributes from
//! the batch's lanes; constant slots, the same in every lane, loaded once per call; the cleared
//! slots as the batch's reset leaves them: zeros, o[DEPR].z from the batch), the condition code
//! starts EQ and nothing is killed; each step loads its operands (VectorLoad: swizzle, sign masks,
//! conversion where `Operand::convert` says), computes ([`ops`]) and updates its destination under
//! the write mask and CC mask (UpdateDestination), exactly as `nvfp`'s `exec/batch.rs`; at the end
//! the outputs and the kill flags go back into the batch, and for a trace every other written
//! component and the CC.

mod approx;
mod format;
mod ops;

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    types, AbiParam, Endianness, Function, InstBuilder, MemFlagsData, Signature, StackSlot,
    StackSlotData, StackSlotKind, Type, Value,
};
use cranelift_codegen::isa::CallConv;
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Variable};
use nvfp::exec::decode::{CcTest, Decoded, Step, Target, CC_EQ, CC_GT, CC_LT, CC_UN};
use nvfp::exec::kernel::LANES;
use nvfp::isa::Precision;

/// The sign bit of an f32's bits.
const SIGN: u32 = 0x8000_0000;

/// One register (or result) of one quad: x, y, z, w.
pub type Vec4 = [Value; 4];

/// The addresses of the Rust helpers compiled code calls (see `native`).
#[derive(Clone, Copy)]
pub struct Helpers {
    pub pack: usize,
    pub unpack: usize,
    pub texture: usize,
}

/// The entry's signature: `(regs, cc, killed, quads, textures)`.
pub fn signature(call_conv: CallConv, ptr: Type) -> Signature {
    let mut sig = Signature::new(call_conv);
    for ty in [ptr, ptr, ptr, types::I64, ptr] {
        sig.params.push(AbiParam::new(ty));
    }
    sig
}

/// Code generation state for one quad's worth of program.
pub struct Gen<'a, 'b> {
    pub b: &'a mut FunctionBuilder<'b>,
    pub little: MemFlagsData,
    pub helpers: Helpers,
    ptr: Type,
    call_conv: CallConv,
    /// `regs[slot][component]`.
    regs: Vec<[Variable; 4]>,
    /// What each register component holds when a quad starts; a component is given that value at
    /// its first use (`defined` then set), so that a quad loads only what it reads, just before it
    /// reads it, instead of holding every input from the top of the loop (spilled, in long programs).
    initial: Vec<[Initial; 4]>,
    defined: Vec<[bool; 4]>,
    /// This quad's byte offset into every lane array.
    offset: Value,
    cc: [Variable; 4],
    killed: Variable,
    io: StackSlot,
    textures: Value,
    /// Values that may hold a NaN other than the canonical one: fp32 results are converted lazily,
    /// because a NaN's bits matter only where they are stored or passed through unchanged (MOV, DST,
    /// LIT, PK*/UP*, the helpers), while every arithmetic step, comparison and conversion gives the
    /// same bits for any NaN input once its own result is canonical.
    pub dirty: std::collections::HashSet<Value>,
    /// Dirty values that hold no denormal (FLR/FRC results, MIN/MAX of such values, their sign
    /// modifications and clamps): only a NaN's pattern is left to convert, no flush.
    pub normal: std::collections::HashSet<Value>,
    /// Operands that are another value with its sign flipped (`-R0`), by that value: an addition of
    /// one is the subtraction of the other ([`Gen::sum`]), whose XOR Cranelift then drops.
    pub negations: std::collections::HashMap<Value, Value>,
    /// fp32 flushes wait until a denormal's bits would show (see [`Gen::last`]): the code runs
    /// with denormal operands read as zero.
    pub lazy_flush: bool,
}

/// The value of a register component when a quad starts.
#[derive(Clone, Copy)]
enum Initial {
    /// (0, 0, 0, 0): cleared slots, and components read before any write replaces them.
    Zero,
    /// This quad's lanes at the component's lane pointer (attributes, f[WPOS].z into o[DEPR].z),
    /// and whether the code also stores to them (o[DEPR].z).
    Lanes(Value, bool),
    /// A constant slot's value, the same in every lane and every quad: loaded once per call.
    Hoisted(Value),
}

/// Builds the entry function of `decoded` into `func`. With `traced`, every written register
/// component and the CC go back into the batch, not only the outputs and the kill flags
/// (`BatchState::traced`).
pub fn build(
    func: &mut Function,
    fctx: &mut FunctionBuilderContext,
    decoded: &Decoded,
    helpers: Helpers,
    ptr: Type,
    config: cranelift_codegen::isa::TargetFrontendConfig,
    (lazy_flush, traced): (bool, bool),
) {
    let call_conv = func.signature.call_conv;
    let mut b = FunctionBuilder::new(func, fctx);
    let entry = b.create_block();
    b.append_block_params_for_function_params(entry);
    b.switch_to_block(entry);
    let [regs_p, cc_p, killed_p, quads, textures] = b.block_params(entry).try_into().expect("five");
    let trusted = MemFlagsData::trusted();
    let written = written(decoded);
    let read = read(decoded);
    // The lanes' addresses, for the components read or written only.
    let pointers: Vec<Option<Value>> = (0..decoded.slot_count * 4)
        .map(|i| {
            let used = read.contains(&(i / 4, i % 4)) || written.contains(&(i / 4, i % 4));
            // The table of lane pointers is read-only during the call.
            let table = trusted.with_readonly().with_can_move();
            used.then(|| b.ins().load(ptr, table, regs_p, (i * 8) as i32))
        })
        .collect();
    let constant = |slot: usize| decoded.constants.iter().any(|k| k.slot == slot);
    let cleared = |slot: usize| decoded.cleared.contains(&slot);
    let initial: Vec<[Initial; 4]> = (0..decoded.slot_count)
        .map(|slot| {
            std::array::from_fn(|c| {
                let pointer = pointers[4 * slot + c];
                match pointer {
                    Some(p) if read.contains(&(slot, c)) && constant(slot) => {
                        Initial::Hoisted(b.ins().load(types::F32X4, trusted, p, 0))
                    }
                    Some(p)
                        if read.contains(&(slot, c))
                            && (!cleared(slot) || slot == decoded.depth_slot && c == 2) =>
                    {
                        Initial::Lanes(p, written.contains(&(slot, c)))
                    }
                    _ => Initial::Zero,
                }
            })
        })
        .collect();
    // A program without KIL kills nothing: its flags are cleared once per call, not per quad.
    let kills = decoded.kills();
    if !kills {
        let zeros = b.func.dfg.constants.insert(vec![0; 16].into());
        let none = b.ins().vconst(types::I8X16, zeros);
        for at in (0..LANES).step_by(16) {
            b.ins().store(trusted, none, killed_p, at as i32);
        }
    }
    let io = b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, 256, 4));
    let header = b.create_block();
    let q = b.append_block_param(header, types::I64);
    let body = b.create_block();
    let exit = b.create_block();
    let zero = b.ins().iconst(types::I64, 0);
    b.ins().jump(header, &[zero.into()]);

    b.switch_to_block(header);
    let done = b.ins().icmp(IntCC::UnsignedGreaterThanOrEqual, q, quads);
    b.ins().brif(done, exit, &[], body, &[]);

    b.switch_to_block(body);
    let regs = (0..decoded.slot_count)
        .map(|_| std::array::from_fn(|_| b.declare_var(types::F32X4)))
        .collect();
    let offset = b.ins().ishl_imm_u(q, 4);
    let cc = std::array::from_fn(|_| b.declare_var(types::I32X4));
    let killed = b.declare_var(types::I32X4);
    let mut g = Gen {
        b: &mut b,
        little: MemFlagsData::new().with_endianness(Endianness::Little),
        helpers,
        ptr,
        call_conv,
        regs,
        defined: vec![[false; 4]; initial.len()],
        initial,
        offset,
        cc,
        killed,
        io,
        textures,
        dirty: Default::default(),
        normal: Default::default(),
        negations: Default::default(),
        lazy_flush,
    };
    let lane = |g: &mut Gen, slot: usize, c: usize| {
        let pointer = pointers[4 * slot + c].expect("address of a used component");
        g.b.ins().iadd(pointer, offset)
    };
    for c in 0..4 {
        let eq = g.isplat(CC_EQ as i64);
        g.b.def_var(g.cc[c], eq);
    }
    let none = g.isplat(0);
    g.b.def_var(g.killed, none);
    for step in &decoded.steps {
        g.step(step);
    }
    // The outputs and the kill flags always go back; the temporaries and the CC only for a trace.
    let output =
        |&&(slot, _): &&(usize, usize)| slot == decoded.color_slot || slot == decoded.depth_slot;
    let store = |g: &mut Gen, &(slot, c): &(usize, usize)| {
        let value = g.get(slot, c);
        let value = g.clean(value);
        let addr = lane(g, slot, c);
        g.b.ins().store(trusted, value, addr, 0);
    };
    for written in written.iter().filter(output) {
        store(&mut g, written);
    }
    let lane_offset = g.b.ins().ushr_imm_u(offset, 2);
    if kills {
        let k = g.b.use_var(g.killed);
        let one = g.isplat(1);
        let k = g.b.ins().band(k, one);
        let addr = g.b.ins().iadd(killed_p, lane_offset);
        g.store_bytes(k, addr, 0);
    }
    if traced {
        for written in written.iter().filter(|w| !output(w)) {
            store(&mut g, written);
        }
        for c in 0..4 {
            let v = g.b.use_var(g.cc[c]);
            let addr = g.b.ins().iadd(cc_p, lane_offset);
            g.store_bytes(v, addr, (c * LANES) as i32);
        }
    }
    let following = g.b.ins().iadd_imm_u(q, 1);
    g.b.ins().jump(header, &[following.into()]);

    b.switch_to_block(exit);
    b.ins().return_(&[]);
    b.seal_all_blocks();
    b.finalize(config);
}

/// Whether some step of `decoded` calls a Rust helper (texture lookups, PK*, UP*).
pub fn calls_helpers(decoded: &Decoded) -> bool {
    use nvfp::isa::Opcode::*;
    decoded.steps.iter().any(|step| {
        matches!(
            step.opcode,
            Tex | Txp | Txd | Pk2h | Pk2us | Pk4b | Pk4ub | Up2h | Up2us | Up4b | Up4ub
        )
    })
}

/// Whether `step` may hand an operand's bits on unchanged, or gives operands to Rust helpers: its
/// operands must be fully converted first (see `Gen::dirty`).
fn passes_operands_through(step: &Step) -> bool {
    use nvfp::isa::Opcode::*;
    !matches!(
        step.opcode,
        Add | Sub
            | Mul
            | Mad
            | Lrp
            | Min
            | Max
            | Seq
            | Sne
            | Sge
            | Sgt
            | Sle
            | Slt
            | Sfl
            | Str
            | Flr
            | Frc
            | Ddx
            | Ddy
            | Dp3
            | Dp4
            | Rfl
            | X2d
            | Rcp
            | Rsq
    )
}

/// The (slot, component) pairs some step may read: its operands' swizzled components, and the
/// components it writes under a CC mask (kept where the test fails).
fn read(decoded: &Decoded) -> std::collections::HashSet<(usize, usize)> {
    let mut read = std::collections::HashSet::new();
    for step in &decoded.steps {
        for operand in &step.operands[..step.operand_count] {
            read.extend(operand.swizzle.iter().map(|&c| (operand.slot, c)));
        }
        if let Some(t) = step.target {
            if t.cc.accepted != CC_LT | CC_EQ | CC_GT | CC_UN {
                read.extend((0..4).filter(|&c| t.write_mask[c]).map(|c| (t.slot, c)));
            }
        }
    }
    read
}

/// The (slot, component) pairs some step writes.
fn written(decoded: &Decoded) -> Vec<(usize, usize)> {
    let mut written: Vec<(usize, usize)> = decoded
        .steps
        .iter()
        .filter_map(|s| s.target)
        .flat_map(|t| {
            (0..4)
                .filter(move |&c| t.write_mask[c])
                .map(move |c| (t.slot, c))
        })
        .collect();
    written.sort_unstable();
    written.dedup();
    written
}

impl Gen<'_, '_> {
    /// This quad's value of a register component (its initial value at the first use).
    fn get(&mut self, slot: usize, c: usize) -> Value {
        if !self.defined[slot][c] {
            let value = match self.initial[slot][c] {
                Initial::Zero => self.fsplat(0.0),
                Initial::Lanes(pointer, stored) => {
                    let addr = self.b.ins().iadd(pointer, self.offset);
                    // Lanes the code never stores to are read-only during the call: a pure load,
                    // which Cranelift drops where its value goes unused (the components of an
                    // operand that no written component needs).
                    let flags = if stored {
                        MemFlagsData::trusted()
                    } else {
                        MemFlagsData::trusted().with_readonly().with_can_move()
                    };
                    self.b.ins().load(types::F32X4, flags, addr, 0)
                }
                Initial::Hoisted(value) => value,
            };
            self.define(slot, c, value);
        }
        self.b.use_var(self.regs[slot][c])
    }

    fn define(&mut self, slot: usize, c: usize, value: Value) {
        self.b.def_var(self.regs[slot][c], value);
        self.defined[slot][c] = true;
    }

    fn step(&mut self, step: &Step) {
        if let Some(test) = &step.kill {
            let enabled = self.enables(test);
            let mut killed = self.b.use_var(self.killed);
            for e in enabled {
                killed = self.b.ins().bor(killed, e);
            }
            self.b.def_var(self.killed, killed);
            return;
        }
        let Some(target) = &step.target else { return };
        let ops = std::array::from_fn(|i| {
            if i < step.operand_count {
                self.operand(step, i)
            } else {
                [self.fsplat(0.0); 4]
            }
        });
        let ops = if passes_operands_through(step) {
            ops.map(|v: Vec4| v.map(|x| self.clean(x)))
        } else {
            ops
        };
        let result = self.compute(step, ops);
        // PK*'s words are stored unconverted: a denormal word's bits are its value.
        let words = nvfp::exec::decode::is_pack(step.opcode);
        self.update(target, step.saturate, step.update_cc, words, result);
    }

    /// VectorLoad of operand `i`.
    fn operand(&mut self, step: &Step, i: usize) -> Vec4 {
        let operand = step.operands[i];
        let through = passes_operands_through(step);
        std::array::from_fn(|c| {
            let mut v = self.get(operand.slot, operand.swizzle[c]);
            if operand.and_mask != !0 || operand.xor_mask != 0 {
                // A NaN's sign shows only where the operand passes through unchanged; elsewhere the
                // modified value stays lazily converted like its source.
                let source = if through { self.clean(v) } else { v };
                let mut bits = self.bits(source);
                // Negation alone is one XOR, absolute value one AND.
                if operand.and_mask != !0 {
                    let and = self.isplat(operand.and_mask as i64);
                    bits = self.b.ins().band(bits, and);
                }
                if operand.xor_mask != 0 {
                    let xor = self.isplat(operand.xor_mask as i64);
                    bits = self.b.ins().bxor(bits, xor);
                }
                let modified = self.float(bits);
                v = self.taint(modified, &[source]);
                if (operand.and_mask, operand.xor_mask) == (!0, SIGN) {
                    self.negations.insert(v, source);
                }
            }
            if operand.convert {
                v = self.convert_operand(step.precision, v);
            }
            v
        })
    }

    /// An operand's conversion. A lazy fp32 flush marks the value it converts, so it must be a
    /// value of its own: one already lazily converted stays as it is, any other (a PK* word, a raw
    /// attribute, whose bits are stored unconverted elsewhere) is flushed now.
    fn convert_operand(&mut self, p: Precision, v: Value) -> Value {
        if p == Precision::R && self.lazy_flush && !self.dirty.contains(&v) {
            let flushed = self.flush_daz(v);
            self.dirty.insert(flushed);
            self.normal.insert(flushed);
            flushed
        } else {
            self.last(p, v)
        }
    }

    /// Per component, an i32 mask of the lanes whose CC passes `test` (all ones for TR).
    fn enables(&mut self, test: &CcTest) -> [Value; 4] {
        let all = CC_LT | CC_EQ | CC_GT | CC_UN;
        std::array::from_fn(|c| {
            if test.accepted == all {
                return self.isplat(-1);
            }
            let cc = self.b.use_var(self.cc[test.swizzle[c]]);
            let accepted = self.isplat(test.accepted as i64);
            let hit = self.b.ins().band(cc, accepted);
            let zero = self.isplat(0);
            self.b.ins().icmp(IntCC::NotEqual, hit, zero)
        })
    }

    /// UpdateDestination (3.11.4.4), as `Batch::store`: clamp, conversion to the destination's type,
    /// merge under the masks, CC from the converted value; every enable from the CC before.
    /// `words`: the result is raw bits that may be denormal (PK*), which the clamp and the CC must
    /// see as they are, not as the zero DAZ would read (see `Gen::last`).
    fn update(
        &mut self,
        target: &Target,
        saturate: bool,
        update_cc: bool,
        words: bool,
        result: Vec4,
    ) {
        let masked = target.cc.accepted != CC_LT | CC_EQ | CC_GT | CC_UN;
        let enabled = self.enables(&target.cc);
        for c in (0..4).filter(|&c| target.write_mask[c]) {
            let mut r = result[c];
            if saturate {
                let clamped = if words && self.lazy_flush {
                    self.saturate_bits(r)
                } else {
                    self.clamp(r, 0.0, 1.0)
                };
                r = self.taint(clamped, &[r]);
            }
            if let Some(p) = target.conversion {
                r = self.last(p, r);
            }
            let value = if masked {
                // A merge mixes lanes, so it cannot stay lazily converted: a NaN lane of the other
                // side may be a legitimate non-canonical pattern (a PK* word, the raw f[WPOS].z).
                let (r, old) = (self.clean(r), self.get(target.slot, c));
                let old = self.clean(old);
                self.pick(enabled[c], r, old)
            } else {
                r
            };
            self.define(target.slot, c, value);
            if update_cc {
                let mut cond = if words && self.lazy_flush {
                    self.cond_bits(r)
                } else {
                    self.cond(r)
                };
                if masked {
                    let old = self.b.use_var(self.cc[c]);
                    cond = self.b.ins().bitselect(enabled[c], cond, old);
                }
                self.b.def_var(self.cc[c], cond);
            }
        }
    }

    /// GenerateCC: NaN is UN, below zero LT, ±0 EQ, else GT.
    fn cond(&mut self, v: Value) -> Value {
        use cranelift_codegen::ir::condcodes::FloatCC;
        let zero = self.fsplat(0.0);
        let mut cond = self.isplat(0);
        for (cc, bit) in [
            (FloatCC::LessThan, CC_LT),
            (FloatCC::Equal, CC_EQ),
            (FloatCC::GreaterThan, CC_GT),
        ] {
            let m = self.fmask(cc, v, zero);
            let b = self.isplat(bit as i64);
            let m = self.b.ins().band(m, b);
            cond = self.b.ins().bor(cond, m);
        }
        let nan = self.fmask(FloatCC::Unordered, v, v);
        let b = self.isplat(CC_UN as i64);
        let m = self.b.ins().band(nan, b);
        self.b.ins().bor(cond, m)
    }

    /// GenerateCC from the bits, whatever the CPU's denormal mode: NaN UN, ±0 EQ, else the sign.
    fn cond_bits(&mut self, v: Value) -> Value {
        let (zero, nan, negative) = self.classify_bits(v);
        let special = self.b.ins().bor(zero, nan);
        let lt = self.b.ins().band_not(negative, special);
        let gt = self.b.ins().bor(special, negative);
        let gt = self.b.ins().bnot(gt);
        let mut cond = self.isplat(0);
        for (mask, bit) in [(lt, CC_LT), (zero, CC_EQ), (gt, CC_GT), (nan, CC_UN)] {
            let b = self.isplat(bit as i64);
            let m = self.b.ins().band(mask, b);
            cond = self.b.ins().bor(cond, m);
        }
        cond
    }

    /// `f32::clamp(v, 0, 1)` from the bits, whatever the CPU's denormal mode (NaN passes).
    fn saturate_bits(&mut self, v: Value) -> Value {
        let (zero, nan, negative) = self.classify_bits(v);
        let special = self.b.ins().bor(zero, nan);
        let below = self.b.ins().band_not(negative, special);
        let bits = self.bits(v);
        let one = self.isplat(1.0f32.to_bits() as i64);
        // Positive floats (and +INF) order as their bits do.
        let above = self.b.ins().icmp(IntCC::SignedGreaterThan, bits, one);
        let above = self.b.ins().band_not(above, nan);
        let (lo, hi) = (self.fsplat(0.0), self.fsplat(1.0));
        let v = self.pick(below, lo, v);
        self.pick(above, hi, v)
    }

    /// Per lane, i32 masks: is ±0, is NaN, has the sign bit.
    fn classify_bits(&mut self, v: Value) -> (Value, Value, Value) {
        let bits = self.bits(v);
        let not_sign = self.isplat(0x7FFF_FFFF);
        let magnitude = self.b.ins().band(bits, not_sign);
        let none = self.isplat(0);
        let zero = self.b.ins().icmp(IntCC::Equal, magnitude, none);
        let infinity = self.isplat(0x7F80_0000);
        let nan = self
            .b
            .ins()
            .icmp(IntCC::SignedGreaterThan, magnitude, infinity);
        let negative = self.b.ins().icmp(IntCC::SignedLessThan, bits, none);
        (zero, nan, negative)
    }

    /// Stores the low byte of each i32 lane (values 0..=255) as four bytes at `addr + offset`.
    fn store_bytes(&mut self, v: Value, addr: Value, offset: i32) {
        let halves = self.b.ins().snarrow(v, v);
        let bytes = self.b.ins().snarrow(halves, halves);
        let words = self.b.ins().bitcast(types::I32X4, self.little, bytes);
        let word = self.b.ins().extractlane(words, 0);
        self.b
            .ins()
            .store(MemFlagsData::trusted(), word, addr, offset);
    }

    /// Lane `order[i]` of `x` in lane `i`.
    fn lanes(&mut self, x: Value, order: [u8; 4]) -> Value {
        let mut mask = [0u8; 16];
        for (i, &l) in order.iter().enumerate() {
            for byte in 0..4 {
                mask[4 * i + byte] = 4 * l + byte as u8;
            }
        }
        let mask = self.b.func.dfg.immediates.push(mask.to_vec().into());
        let bytes = self.b.ins().bitcast(types::I8X16, self.little, x);
        let r = self.b.ins().shuffle(bytes, bytes, mask);
        self.b.ins().bitcast(types::F32X4, self.little, r)
    }

    /// Writes vectors to the spill slot, from float `at` on.
    fn spill(&mut self, at: usize, values: &[Value]) {
        for (k, &v) in values.iter().enumerate() {
            self.b
                .ins()
                .stack_store(self.ptr, v, self.io, (4 * (at + 4 * k)) as i32);
        }
    }

    fn reload(&mut self, at: usize) -> Value {
        self.b
            .ins()
            .stack_load(self.ptr, types::F32X4, self.io, (4 * at) as i32)
    }

    fn io_address(&mut self) -> Value {
        self.b.ins().stack_addr(self.ptr, self.io, 0)
    }

    /// Calls `helper(args..., io)` (u32 arguments).
    fn call(&mut self, helper: usize, args: &[u32]) {
        let mut sig = Signature::new(self.call_conv);
        let mut values: Vec<Value> = args
            .iter()
            .map(|&a| self.b.ins().iconst(types::I32, a as i64))
            .collect();
        sig.params
            .extend(args.iter().map(|_| AbiParam::new(types::I32)));
        sig.params.push(AbiParam::new(self.ptr));
        values.push(self.io_address());
        self.indirect(helper, sig, &values);
    }

    /// Calls the texture helper: `(textures, code, io)`.
    fn call_texture(&mut self, code: u32) {
        let mut sig = Signature::new(self.call_conv);
        sig.params.push(AbiParam::new(self.ptr));
        sig.params.push(AbiParam::new(types::I32));
        sig.params.push(AbiParam::new(self.ptr));
        let code = self.b.ins().iconst(types::I32, code as i64);
        let io = self.io_address();
        self.indirect(self.helpers.texture, sig, &[self.textures, code, io]);
    }

    fn indirect(&mut self, helper: usize, sig: Signature, args: &[Value]) {
        let sig = self.b.import_signature(sig);
        let callee = self.b.ins().iconst(self.ptr, helper as i64);
        self.b.ins().call_indirect(sig, callee, args);
    }
}
