//! [`Emitter`]: appends new IR instructions (with fresh values) to a list, for the legalisation passes
//! that rewrite one instruction into several.

use pigment_ir::{
    Arena, Inst, InstKind, Op, ScalarKind, SourceLoc, Swizzle, Type, Value, ValueInfo, Vector,
};

pub struct Emitter<'a> {
    pub values: &'a mut Arena<ValueInfo>,
    pub out: Vec<Inst>,
    /// The source location given to emitted instructions (the instruction being rewritten).
    pub loc: Option<SourceLoc>,
}

impl<'a> Emitter<'a> {
    pub fn new(values: &'a mut Arena<ValueInfo>) -> Emitter<'a> {
        Emitter {
            values,
            out: Vec::new(),
            loc: None,
        }
    }

    pub fn ty(&self, v: Value) -> Type {
        self.values[v].ty
    }

    pub fn fresh(&mut self, ty: Type) -> Value {
        self.values.append(ValueInfo { ty })
    }

    /// Appends `kind` defining `result`.
    pub fn push_def(&mut self, kind: InstKind, result: Value) -> Value {
        self.out.push(Inst {
            kind,
            results: vec![result],
            loc: self.loc,
        });
        result
    }

    pub fn push(&mut self, kind: InstKind) {
        self.out.push(Inst {
            kind,
            results: Vec::new(),
            loc: self.loc,
        });
    }

    /// An operation with a fresh result of the type its signature gives.
    pub fn op(&mut self, op: Op, args: &[Value]) -> Value {
        let types: Vec<Type> = args.iter().map(|&a| self.ty(a)).collect();
        // Callers only build well-typed operations; a mismatch is caught by the verifier after the pass.
        let ty = op.result_type(&types).unwrap_or(types[0]);
        let r = self.fresh(ty);
        self.op_into(op, args, r)
    }

    /// An operation defining the given `result` (which keeps its handle, so its uses stay valid).
    pub fn op_into(&mut self, op: Op, args: &[Value], result: Value) -> Value {
        self.push_def(
            InstKind::Op {
                op,
                args: args.to_vec(),
            },
            result,
        )
    }

    pub fn constant(&mut self, v: Vector) -> Value {
        let r = self.fresh(v.ty);
        self.push_def(InstKind::Const(v), r)
    }

    pub fn bool(&mut self, b: bool) -> Value {
        self.constant(Vector::bools(&[b]))
    }

    /// A real constant of `kind` with every one of `width` components `x`.
    pub fn splat_real(&mut self, kind: ScalarKind, x: f32, width: u8) -> Value {
        self.constant(Vector::reals(kind, &vec![x; width as usize]))
    }

    pub fn swizzle(&mut self, v: Value, comps: &[u8]) -> Value {
        match Swizzle::new(comps) {
            Some(s) => self.op(Op::Swizzle(s), &[v]),
            None => v,
        }
    }

    /// A scalar repeated `width` times (the scalar itself when `width` is 1).
    pub fn splat(&mut self, scalar: Value, width: u8) -> Value {
        if width == 1 {
            scalar
        } else {
            self.swizzle(scalar, &[0; 4][..width as usize])
        }
    }

    pub fn cvt(&mut self, v: Value, kind: ScalarKind) -> Value {
        if self.ty(v).kind == kind {
            v
        } else {
            self.op(Op::Cvt(kind), &[v])
        }
    }
}
