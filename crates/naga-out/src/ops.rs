//! Constants and the pure operations ([`pigment_ir::Op`]) as naga expressions. Where naga's
//! operation means something else than the IR's, the IR's formula is spelled out: `round` (halves
//! toward +INF), `clamp` (min of max), `lerp` and `mad` (the IR's order of steps), `rcp`, `int`
//! division (x / 0 = 0), `lit`, `dst`, conversions and the NV packings.

use crate::lower::{LResult, Lowerer};
use crate::types;
use naga::{
    BinaryOperator as Bin, Block as NBlock, Expression, Handle, Literal, MathFunction as M,
};
use pigment_ir::{Op, PackFormat, ScalarKind, Type, Value, Vector};

impl Lowerer<'_> {
    pub(crate) fn binary(
        &mut self,
        op: Bin,
        left: Handle<Expression>,
        right: Handle<Expression>,
        b: &mut NBlock,
    ) -> Handle<Expression> {
        self.push(Expression::Binary { op, left, right }, b)
    }

    pub(crate) fn math(
        &mut self,
        fun: M,
        args: &[Handle<Expression>],
        b: &mut NBlock,
    ) -> Handle<Expression> {
        self.push(
            Expression::Math {
                fun,
                arg: args[0],
                arg1: args.get(1).copied(),
                arg2: args.get(2).copied(),
                arg3: None,
            },
            b,
        )
    }

    pub(crate) fn logical_not(
        &mut self,
        expr: Handle<Expression>,
        b: &mut NBlock,
    ) -> Handle<Expression> {
        self.push(
            Expression::Unary {
                op: naga::UnaryOperator::LogicalNot,
                expr,
            },
            b,
        )
    }

    pub(crate) fn select(
        &mut self,
        condition: Handle<Expression>,
        accept: Handle<Expression>,
        reject: Handle<Expression>,
        b: &mut NBlock,
    ) -> Handle<Expression> {
        self.push(
            Expression::Select {
                condition,
                accept,
                reject,
            },
            b,
        )
    }

    fn bitcast(
        &mut self,
        expr: Handle<Expression>,
        kind: naga::ScalarKind,
        b: &mut NBlock,
    ) -> Handle<Expression> {
        self.push(
            Expression::As {
                expr,
                kind,
                convert: None,
            },
            b,
        )
    }

    /// `e`, with its float literal zeros (a scalar, or components of a vector) as bitcasts of their
    /// bits: the same values, but not constant expressions. WGSL evaluates a constant expression
    /// when the shader is created and rejects it when the value is not finite, even where a
    /// `select` discards it (`(x == 0) ? 1 : sin(x) / x` at a constant x = 0, ntsc's
    /// artifact-colors); a divisor or a `log2`/`rsqrt` argument that is such a zero keeps the
    /// operation out of the evaluation, and the shader computes it as the IR does.
    pub(crate) fn opaque_zeros(
        &mut self,
        e: Handle<Expression>,
        b: &mut NBlock,
    ) -> Handle<Expression> {
        match self.f.expressions[e].clone() {
            Expression::Literal(Literal::F32(x)) if x == 0.0 => {
                let u = self.push(Expression::Literal(Literal::U32(x.to_bits())), b);
                self.bitcast(u, naga::ScalarKind::Float, b)
            }
            Expression::Splat { size, value } if self.is_zero(value) => {
                let value = self.opaque_zeros(value, b);
                self.push(Expression::Splat { size, value }, b)
            }
            Expression::Compose { ty, components }
                if components.iter().any(|&c| self.is_zero(c)) =>
            {
                let components = components
                    .into_iter()
                    .map(|c| self.opaque_zeros(c, b))
                    .collect();
                self.push(Expression::Compose { ty, components }, b)
            }
            // A component of such a constant (`vec2(0.0, 0.0).y`, crt-royale's vertex stage).
            Expression::AccessIndex { base, index } => {
                let opaque = self.opaque_zeros(base, b);
                if opaque == base {
                    return e;
                }
                self.push(
                    Expression::AccessIndex {
                        base: opaque,
                        index,
                    },
                    b,
                )
            }
            Expression::Swizzle {
                size,
                vector,
                pattern,
            } => {
                let opaque = self.opaque_zeros(vector, b);
                if opaque == vector {
                    return e;
                }
                let vector = opaque;
                self.push(
                    Expression::Swizzle {
                        size,
                        vector,
                        pattern,
                    },
                    b,
                )
            }
            _ => e,
        }
    }

    /// Whether `e` is the float literal 0 (or -0).
    pub(crate) fn is_zero(&self, e: Handle<Expression>) -> bool {
        matches!(self.f.expressions[e], Expression::Literal(Literal::F32(x)) if x == 0.0)
    }

    /// A constant. A float that is not finite (naga's literals must be) is its bits, bitcast.
    pub(crate) fn constant(&mut self, v: &Vector, b: &mut NBlock) -> Handle<Expression> {
        let comps: Vec<_> = v.bits[..v.ty.width as usize]
            .iter()
            .map(|&bits| match v.ty.kind {
                ScalarKind::Int => self.push(Expression::Literal(Literal::I32(bits as i32)), b),
                ScalarKind::Bool => self.push(Expression::Literal(Literal::Bool(bits != 0)), b),
                _ if f32::from_bits(bits).is_finite() => {
                    self.push(Expression::Literal(Literal::F32(f32::from_bits(bits))), b)
                }
                _ => {
                    let u = self.push(Expression::Literal(Literal::U32(bits)), b);
                    self.bitcast(u, naga::ScalarKind::Float, b)
                }
            })
            .collect();
        if comps.len() == 1 {
            return comps[0];
        }
        let ty = types::of(&mut self.m, v.ty);
        self.push(
            Expression::Compose {
                ty,
                components: comps,
            },
            b,
        )
    }

    /// The expression of `op` on `args`, whose result has type `ty`.
    pub(crate) fn op(
        &mut self,
        op: Op,
        args: &[Value],
        ty: Type,
        b: &mut NBlock,
    ) -> LResult<Handle<Expression>> {
        let a = self.value_list(args)?;
        let at: Vec<Type> = args.iter().map(|&v| self.ir.ty(v)).collect();
        let w = ty.width;
        let unary_math = |fun| Some(fun);
        let simple = match op {
            Op::Abs => unary_math(M::Abs),
            Op::Sat => unary_math(M::Saturate),
            Op::Floor => unary_math(M::Floor),
            Op::Ceil => unary_math(M::Ceil),
            Op::Trunc => unary_math(M::Trunc),
            Op::Fract => unary_math(M::Fract),
            Op::Rsqrt => unary_math(M::InverseSqrt),
            Op::Sqrt => unary_math(M::Sqrt),
            Op::Exp2 => unary_math(M::Exp2),
            Op::Log2 => unary_math(M::Log2),
            Op::Sin => unary_math(M::Sin),
            Op::Cos => unary_math(M::Cos),
            Op::Min => unary_math(M::Min),
            Op::Max => unary_math(M::Max),
            Op::Pow => unary_math(M::Pow),
            _ => None,
        };
        if let Some(fun) = simple {
            let mut a = a;
            if matches!(op, Op::Rsqrt | Op::Log2) {
                a[0] = self.opaque_zeros(a[0], b);
            }
            return Ok(self.math(fun, &a, b));
        }
        // The IR's `ne` (NV's SNE) is true where an operand is NaN; naga writes `!=` of floats as
        // SPIR-V's OpFOrdNotEqual, false there: `!(a == b)` is true.
        if op == Op::Ne && at[0].kind.is_real() {
            let equal = self.binary(Bin::Equal, a[0], a[1], b);
            return Ok(self.logical_not(equal, b));
        }
        let bin = match op {
            Op::Add => Some(Bin::Add),
            Op::Sub => Some(Bin::Subtract),
            Op::Mul => Some(Bin::Multiply),
            Op::Div if ty.kind != ScalarKind::Int => Some(Bin::Divide),
            // bool vectors have `&` and `|` in every target; `^` of bools is `!=`.
            Op::And => Some(Bin::And),
            Op::Or => Some(Bin::InclusiveOr),
            Op::Xor | Op::Ne => Some(Bin::NotEqual),
            Op::BitAnd => Some(Bin::And),
            Op::BitOr => Some(Bin::InclusiveOr),
            Op::BitXor => Some(Bin::ExclusiveOr),
            Op::Eq => Some(Bin::Equal),
            Op::Lt => Some(Bin::Less),
            Op::Le => Some(Bin::LessEqual),
            Op::Gt => Some(Bin::Greater),
            Op::Ge => Some(Bin::GreaterEqual),
            _ => None,
        };
        if let Some(bop) = bin {
            let divisor = if bop == Bin::Divide {
                self.opaque_zeros(a[1], b)
            } else {
                a[1]
            };
            return Ok(self.binary(bop, a[0], divisor, b));
        }
        Ok(match op {
            Op::Neg => self.push(
                Expression::Unary {
                    op: naga::UnaryOperator::Negate,
                    expr: a[0],
                },
                b,
            ),
            Op::Not => self.logical_not(a[0], b),
            Op::BitNot => self.push(
                Expression::Unary {
                    op: naga::UnaryOperator::BitwiseNot,
                    expr: a[0],
                },
                b,
            ),
            Op::Shl | Op::Shr => self.shift(op == Op::Shl, a[0], a[1], w, b),
            Op::Div => self.int_div(a[0], a[1], w, b),
            Op::Round => {
                // floor(x) + (fract(x) >= 0.5): halves go up, exactly.
                let f = self.math(M::Floor, &[a[0]], b);
                let frac = self.binary(Bin::Subtract, a[0], f, b);
                let half = self.splat_f(0.5, w, b);
                let up = self.binary(Bin::GreaterEqual, frac, half, b);
                let one = self.splat_f(1.0, w, b);
                let f1 = self.binary(Bin::Add, f, one, b);
                self.select(up, f1, f, b)
            }
            Op::Rcp => {
                let one = self.splat_f(1.0, w, b);
                let divisor = self.opaque_zeros(a[0], b);
                self.binary(Bin::Divide, one, divisor, b)
            }
            Op::Ddx | Op::Ddy => self.derivative(op == Op::Ddx, a[0], w, b),
            Op::Mad => {
                let p = self.binary(Bin::Multiply, a[0], a[1], b);
                self.binary(Bin::Add, p, a[2], b)
            }
            Op::Clamp => {
                let lo = self.math(M::Max, &[a[0], a[1]], b);
                self.math(M::Min, &[lo, a[2]], b)
            }
            Op::Lerp => {
                let d = self.binary(Bin::Subtract, a[1], a[0], b);
                let p = self.binary(Bin::Multiply, a[2], d, b);
                self.binary(Bin::Add, p, a[0], b)
            }
            Op::Select => self.select(a[0], a[1], a[2], b),
            Op::Dot if at[0].width == 1 => self.binary(Bin::Multiply, a[0], a[1], b),
            Op::Dot => self.math(M::Dot, &a, b),
            Op::All | Op::Any if at[0].width == 1 => a[0],
            Op::All | Op::Any => {
                let fun = if op == Op::All {
                    naga::RelationalFunction::All
                } else {
                    naga::RelationalFunction::Any
                };
                self.push(
                    Expression::Relational {
                        fun,
                        argument: a[0],
                    },
                    b,
                )
            }
            Op::Swizzle(s) => self.swizzle(a[0], at[0].width, s.components(), b),
            Op::Construct if a.len() == 1 => a[0],
            Op::Construct => {
                let t = types::of(&mut self.m, ty);
                self.push(
                    Expression::Compose {
                        ty: t,
                        components: a,
                    },
                    b,
                )
            }
            Op::Cvt(to) => self.convert(a[0], at[0], to, b),
            Op::Lit => self.lit(a[0], b),
            Op::Dst => {
                let one = self.splat_f(1.0, 1, b);
                let ay = self.component(a[0], 4, 1, b);
                let by = self.component(a[1], 4, 1, b);
                let y = self.binary(Bin::Multiply, ay, by, b);
                let z = self.component(a[0], 4, 2, b);
                let bw = self.component(a[1], 4, 3, b);
                let t = types::of(&mut self.m, ty);
                self.push(
                    Expression::Compose {
                        ty: t,
                        components: vec![one, y, z, bw],
                    },
                    b,
                )
            }
            Op::Pack(f) => self.pack(f, a[0], b),
            Op::Unpack(f) => self.unpack(f, a[0], b),
            _ => return Err(self.error(format!("`{}` has no naga lowering", op.mnemonic()))),
        })
    }

    /// IR `ddx` / `ddy` (right − left, top − bottom). On a y-down target `ddy` is negated.
    fn derivative(
        &mut self,
        x: bool,
        e: Handle<Expression>,
        w: u8,
        b: &mut NBlock,
    ) -> Handle<Expression> {
        let axis = if x {
            naga::DerivativeAxis::X
        } else {
            naga::DerivativeAxis::Y
        };
        let d = self.push(
            Expression::Derivative {
                axis,
                ctrl: naga::DerivativeControl::None,
                expr: e,
            },
            b,
        );
        let _ = w;
        if x || !self.options.y_down {
            return d;
        }
        self.push(
            Expression::Unary {
                op: naga::UnaryOperator::Negate,
                expr: d,
            },
            b,
        )
    }

    /// Int division with the IR's x / 0 = 0 (naga's gives x).
    fn int_div(
        &mut self,
        x: Handle<Expression>,
        y: Handle<Expression>,
        w: u8,
        b: &mut NBlock,
    ) -> Handle<Expression> {
        let zero = self.splat_kind(ScalarKind::Int, 0, w, b);
        let one = self.splat_kind(ScalarKind::Int, 1, w, b);
        let is_zero = self.binary(Bin::Equal, y, zero, b);
        let safe = self.select(is_zero, one, y, b);
        let q = self.binary(Bin::Divide, x, safe, b);
        self.select(is_zero, zero, q, b)
    }

    /// IR `shl` / `shr`: naga shifts by an unsigned count, and SPIR-V leaves counts of 32 or more
    /// undefined, so the count is bitcast to u32 and masked to its low 5 bits, as the IR defines it.
    /// naga's `>>` of a signed int is arithmetic, as the IR's.
    fn shift(
        &mut self,
        left: bool,
        x: Handle<Expression>,
        count: Handle<Expression>,
        w: u8,
        b: &mut NBlock,
    ) -> Handle<Expression> {
        let count = self.bitcast(count, naga::ScalarKind::Uint, b);
        let mask = self.splat_u(31, w, b);
        let count = self.binary(Bin::And, count, mask, b);
        let op = if left {
            Bin::ShiftLeft
        } else {
            Bin::ShiftRight
        };
        self.binary(op, x, count, b)
    }

    fn swizzle(
        &mut self,
        e: Handle<Expression>,
        from: u8,
        comps: &[u8],
        b: &mut NBlock,
    ) -> Handle<Expression> {
        if from == 1 {
            return self.splat(e, comps.len() as u8, b);
        }
        if comps.len() == 1 {
            return self.component(e, from, comps[0] as u32, b);
        }
        const C: [naga::SwizzleComponent; 4] = naga::SwizzleComponent::XYZW;
        let mut pattern = [naga::SwizzleComponent::X; 4];
        for (p, &c) in pattern.iter_mut().zip(comps) {
            *p = C[c as usize];
        }
        self.push(
            Expression::Swizzle {
                size: types::vector_size(comps.len() as u8),
                vector: e,
                pattern,
            },
            b,
        )
    }

    /// `cvt`: real↔real keeps the f32, real→int truncates, int→real rounds, →bool is ≠ 0,
    /// bool→numeric is 1 / 0.
    fn convert(
        &mut self,
        e: Handle<Expression>,
        from: Type,
        to: ScalarKind,
        b: &mut NBlock,
    ) -> Handle<Expression> {
        let w = from.width;
        let (f, t) = (types::scalar(from.kind).kind, types::scalar(to).kind);
        if f == t {
            return e;
        }
        if to == ScalarKind::Bool {
            let zero = self.splat_kind(from.kind, 0, w, b);
            return self.binary(Bin::NotEqual, e, zero, b);
        }
        if from.kind == ScalarKind::Bool {
            let one = self.splat_kind(to, 1, w, b);
            let zero = self.splat_kind(to, 0, w, b);
            return self.select(e, one, zero, b);
        }
        self.push(
            Expression::As {
                expr: e,
                kind: t,
                convert: Some(4),
            },
            b,
        )
    }

    /// NV LIT: (1, max(x, 0), x > 0 ? pow(max(y, 0), w) : 0, 1).
    fn lit(&mut self, a: Handle<Expression>, b: &mut NBlock) -> Handle<Expression> {
        let x = self.component(a, 4, 0, b);
        let y = self.component(a, 4, 1, b);
        let w = self.component(a, 4, 3, b);
        let zero = self.splat_f(0.0, 1, b);
        let one = self.splat_f(1.0, 1, b);
        let mx = self.math(M::Max, &[x, zero], b);
        let my = self.math(M::Max, &[y, zero], b);
        let p = self.math(M::Pow, &[my, w], b);
        let pos = self.binary(Bin::Greater, x, zero, b);
        let z = self.select(pos, p, zero, b);
        let ty = types::of(&mut self.m, Type::FLOAT4);
        self.push(
            Expression::Compose {
                ty,
                components: vec![one, mx, z, one],
            },
            b,
        )
    }

    /// NV PK*: naga's pack functions, the u32 bitcast to the float result. PK4B's bytes are
    /// excess-128 where naga's snorm bytes are two's complement: the top bit of each flips.
    fn pack(&mut self, f: PackFormat, e: Handle<Expression>, b: &mut NBlock) -> Handle<Expression> {
        let fun = match f {
            PackFormat::TwoHalf => M::Pack2x16float,
            PackFormat::TwoUshort => M::Pack2x16unorm,
            PackFormat::FourByte => M::Pack4x8snorm,
            PackFormat::FourUbyte => M::Pack4x8unorm,
        };
        let mut u = self.math(fun, &[e], b);
        if f == PackFormat::FourByte {
            let bias = self.push(Expression::Literal(Literal::U32(0x8080_8080)), b);
            u = self.binary(Bin::ExclusiveOr, u, bias, b);
        }
        self.bitcast(u, naga::ScalarKind::Float, b)
    }

    /// NV UP*: the float's bits as a u32, through naga's unpack functions.
    fn unpack(
        &mut self,
        f: PackFormat,
        e: Handle<Expression>,
        b: &mut NBlock,
    ) -> Handle<Expression> {
        let mut u = self.bitcast(e, naga::ScalarKind::Uint, b);
        if f == PackFormat::FourByte {
            let bias = self.push(Expression::Literal(Literal::U32(0x8080_8080)), b);
            u = self.binary(Bin::ExclusiveOr, u, bias, b);
        }
        let fun = match f {
            PackFormat::TwoHalf => M::Unpack2x16float,
            PackFormat::TwoUshort => M::Unpack2x16unorm,
            PackFormat::FourByte => M::Unpack4x8snorm,
            PackFormat::FourUbyte => M::Unpack4x8unorm,
        };
        self.math(fun, &[u], b)
    }
}
