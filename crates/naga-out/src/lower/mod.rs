//! The lowering of one IR function into a naga module with one entry point: the interface
//! (arguments, result struct, uniform buffer, textures and samplers), then the body, instruction by
//! instruction, keeping the IR's structured control flow.
//!
//! SSA values become naga expressions, each emitted where the IR defines it, so the IR's scoping
//! is naga's. Region results and loop parameters, which naga has no phi for, become function-local
//! variables stored by `yield` / `break` / `continue` and loaded after the region (or at the top of
//! the loop body). Outputs are local variables, zero at the start (unwritten outputs read 0), stored
//! component by component through the store's mask and returned as one struct at every `return`
//! and at the end.
//!
//! `discard` has demote semantics in the IR (execution goes on, derivatives stay defined): it sets a
//! local flag, and the program ends with a naga `Kill` where the flag is set, after every
//! derivative has been computed.
//!
//! A naga `break` inside a `switch` leaves the switch, not the loop, so an IR `break` or `continue`
//! inside a `switch` sets a local `pending` code (1 break, 2 continue) and leaves the switch; after
//! the switch, the code is acted on (or passed out of an enclosing switch).

mod packed;

use crate::interface::{self, Slot};
use crate::types;
use naga::{
    Binding, Block as NBlock, Expression, Handle, Interpolation, Literal, LocalVariable, Sampling,
    Span, Statement, StructMember, TypeInner,
};
use packed::Member;
use pigment_diag::Diagnostic;
use pigment_ir::{Function, ScalarKind, SourceLoc, Stage, Type, Value};

/// How the target's framebuffer is oriented: Vulkan, WebGPU, Metal and Direct3D count window y
/// downward, OpenGL upward. The IR's `ddy` is top − bottom (OpenGL's `dFdy`), so on a y-down
/// target it is the negated derivative.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LowerOptions {
    pub y_down: bool,
    /// `half` and `fixed` rounded to fp16 / fx12 after each operation as fp30 does (crate
    /// `fp30`'s doc); off: computed in f32.
    pub fp30_precision: bool,
}

pub(crate) struct LoopCtx {
    pub(crate) params: Vec<Handle<LocalVariable>>,
    pub(crate) results: Vec<Handle<LocalVariable>>,
    /// How many `switch`es lie between the current point and this loop's body.
    pub(crate) switch_depth: u32,
}

pub(crate) struct Lowerer<'a> {
    pub(crate) ir: &'a Function,
    pub(crate) m: naga::Module,
    pub(crate) f: naga::Function,
    pub(crate) options: LowerOptions,
    pub(crate) values: Vec<Option<Handle<Expression>>>,
    pub(crate) inputs: Vec<Option<Handle<Expression>>>,
    pub(crate) outputs: Vec<Handle<LocalVariable>>,
    /// The result struct and what each member holds.
    pub(crate) result: Option<(Handle<naga::Type>, Vec<Member>)>,
    pub(crate) ubo: Option<Handle<naga::GlobalVariable>>,
    pub(crate) textures: Vec<(Handle<naga::GlobalVariable>, Handle<naga::GlobalVariable>)>,
    pub(crate) discarded: Option<Handle<LocalVariable>>,
    pub(crate) pending: Option<Handle<LocalVariable>>,
    pub(crate) loops: Vec<LoopCtx>,
    /// Result variables of the enclosing `if` / `switch` regions, innermost last.
    pub(crate) regions: Vec<Vec<Handle<LocalVariable>>>,
    /// Source locations of instructions; naga span `i..i+1` is entry `i - 1`.
    pub(crate) locs: Vec<SourceLoc>,
    pub(crate) span: Span,
    /// Statements that run first (the declaration of `pending`, made on first use).
    pub(crate) prologue: NBlock,
}

pub(crate) type LResult<T> = Result<T, Diagnostic>;

impl<'a> Lowerer<'a> {
    pub(crate) fn new(ir: &'a Function, options: LowerOptions) -> Lowerer<'a> {
        Lowerer {
            ir,
            m: naga::Module::default(),
            f: naga::Function {
                name: Some(ir.name.clone()),
                ..naga::Function::default()
            },
            options,
            values: vec![None; ir.values.len()],
            inputs: Vec::new(),
            outputs: Vec::new(),
            result: None,
            ubo: None,
            textures: Vec::new(),
            discarded: None,
            pending: None,
            loops: Vec::new(),
            regions: Vec::new(),
            locs: Vec::new(),
            span: Span::UNDEFINED,
            prologue: NBlock::new(),
        }
    }

    /// An error at the current instruction's source location, or at none.
    pub(crate) fn error(&self, message: impl Into<String>) -> Diagnostic {
        let d = Diagnostic::error(message);
        match self.loc_of(self.span) {
            Some(loc) => d.at(loc.file, loc.span),
            None => d,
        }
    }

    /// The source location a naga span stands for.
    pub(crate) fn loc_of(&self, span: Span) -> Option<SourceLoc> {
        let i = span.to_range()?.start;
        i.checked_sub(1).and_then(|i| self.locs.get(i).copied())
    }

    /// Builds the whole module.
    pub(crate) fn run(mut self) -> LResult<(naga::Module, Vec<Option<SourceLoc>>)> {
        let mut body = NBlock::new();
        self.declare_inputs(&mut body)?;
        self.declare_outputs(&mut body)?;
        self.declare_uniforms();
        self.declare_samplers()?;
        let mut discards = false;
        pigment_ir::walk(&self.ir.body, &mut |i| {
            discards |= matches!(i.kind, pigment_ir::InstKind::Discard)
        });
        if discards {
            let flag = self.local("discarded", Type::BOOL, &mut body);
            self.discarded = Some(flag);
        }
        let ir = self.ir;
        self.block(&ir.body, &mut body)?;
        if !ends_flow(&body) {
            self.finish(&mut body);
        }
        let mut all = std::mem::take(&mut self.prologue);
        all.append(&mut body);
        self.f.body = all;
        let ep = naga::EntryPoint {
            name: self.ir.name.clone(),
            stage: match self.ir.stage {
                Stage::Vertex => naga::ShaderStage::Vertex,
                Stage::Fragment => naga::ShaderStage::Fragment,
            },
            early_depth_test: None,
            workgroup_size: [0; 3],
            workgroup_size_overrides: None,
            function: std::mem::take(&mut self.f),
        };
        self.m.entry_points.push(ep);
        let locs = self.locs.iter().copied().map(Some).collect();
        Ok((self.m, locs))
    }

    /// Appends an expression, emitting it where naga needs that.
    pub(crate) fn push(&mut self, e: Expression, b: &mut NBlock) -> Handle<Expression> {
        let emit = !e.needs_pre_emit();
        let h = self.f.expressions.append(e, self.span);
        if emit {
            b.push(
                Statement::Emit(naga::Range::new_from_bounds(h, h)),
                self.span,
            );
        }
        h
    }

    /// A zero-initialised local variable of `ty`.
    pub(crate) fn local(&mut self, name: &str, ty: Type, b: &mut NBlock) -> Handle<LocalVariable> {
        let t = types::of(&mut self.m, ty);
        self.local_of(name, t, b)
    }

    fn local_of(
        &mut self,
        name: &str,
        ty: Handle<naga::Type>,
        b: &mut NBlock,
    ) -> Handle<LocalVariable> {
        let v = self.f.local_variables.append(
            LocalVariable {
                name: Some(name.to_string()),
                ty,
                init: None,
            },
            Span::UNDEFINED,
        );
        let ptr = self.push(Expression::LocalVariable(v), b);
        let zero = self.push(Expression::ZeroValue(ty), b);
        b.push(
            Statement::Store {
                pointer: ptr,
                value: zero,
            },
            Span::UNDEFINED,
        );
        v
    }

    pub(crate) fn store_local(
        &mut self,
        v: Handle<LocalVariable>,
        value: Handle<Expression>,
        b: &mut NBlock,
    ) {
        let ptr = self.push(Expression::LocalVariable(v), b);
        b.push(
            Statement::Store {
                pointer: ptr,
                value,
            },
            self.span,
        );
    }

    pub(crate) fn load_local(
        &mut self,
        v: Handle<LocalVariable>,
        b: &mut NBlock,
    ) -> Handle<Expression> {
        let ptr = self.push(Expression::LocalVariable(v), b);
        self.push(Expression::Load { pointer: ptr }, b)
    }

    /// The expression of an IR value defined earlier.
    pub(crate) fn value(&self, v: Value) -> LResult<Handle<Expression>> {
        self.values
            .get(v.index())
            .copied()
            .flatten()
            .ok_or_else(|| {
                self.error(format!(
                    "value %{} is used before its definition",
                    v.index()
                ))
            })
    }

    /// The expressions of several IR values defined earlier.
    pub(crate) fn value_list(&self, vs: &[Value]) -> LResult<Vec<Handle<Expression>>> {
        vs.iter().map(|&v| self.value(v)).collect()
    }

    pub(crate) fn interpolation(ty: Type) -> (Option<Interpolation>, Option<Sampling>) {
        if ty.kind == ScalarKind::Int {
            (Some(Interpolation::Flat), None)
        } else {
            (Some(Interpolation::Perspective), Some(Sampling::Center))
        }
    }

    /// One argument per input; each input's value is computed once at the top.
    fn declare_inputs(&mut self, b: &mut NBlock) -> LResult<()> {
        let ir = self.ir;
        let read = interface::read_inputs(ir);
        let unnamed = interface::unnamed_inputs(ir, &read);
        let shared = packed::packed_locations(
            unnamed
                .sets
                .iter()
                .flatten()
                .map(|p| (u32::from(p.set), p.component)),
        );
        let mut shared_args = Vec::new();
        for (h, input) in ir.inputs.iter() {
            // An input the program never reads needs no place (as cgc ignores it).
            if !read[h.index()] {
                self.inputs.push(None);
                continue;
            }
            let (slot, packed) = interface::packed_or_named_slot(ir, h, &unnamed);
            let slot = slot.ok_or_else(|| {
                let what = match input.semantic.as_deref() {
                    Some(semantic) => format!("with semantic `{semantic}`"),
                    None => "without a semantic once its slots are taken".into(),
                };
                Diagnostic::error(format!(
                    "input `{}`: the naga back end places no {} input {what}",
                    input.name,
                    ir.stage.name()
                ))
            })?;
            if input.ty.kind == ScalarKind::Bool {
                return Err(Diagnostic::error(format!(
                    "input `{}`: a bool varying has no location type in naga",
                    input.name
                )));
            }
            let index = self.f.arguments.len() as u32;
            let value = match slot {
                Slot::Location(location) if shared.contains(&location) => {
                    packed::check_packable(&input.name, input.ty)?;
                    let whole = self.packed_argument(location, &mut shared_args, b);
                    let component = packed.map_or(0, |p| p.component);
                    self.packed_part(whole, component, input.ty.width, b)
                }
                Slot::Location(location) => {
                    let (interpolation, sampling) = if ir.stage == Stage::Fragment {
                        Self::interpolation(input.ty)
                    } else {
                        (None, None)
                    };
                    let ty = types::of(&mut self.m, input.ty);
                    self.f.arguments.push(naga::FunctionArgument {
                        name: Some(input.name.clone()),
                        ty,
                        binding: Some(Binding::Location {
                            location,
                            interpolation,
                            sampling,
                            blend_src: None,
                        }),
                    });
                    self.push(Expression::FunctionArgument(index), b)
                }
                Slot::BuiltIn(builtin) => {
                    self.builtin_input(input, types::builtin(builtin), index, b)?
                }
            };
            self.inputs.push(Some(value));
        }
        Ok(())
    }

    /// A built-in fragment input adapted to the IR input's type.
    fn builtin_input(
        &mut self,
        input: &pigment_ir::Input,
        builtin: naga::BuiltIn,
        index: u32,
        b: &mut NBlock,
    ) -> LResult<Handle<Expression>> {
        let front = builtin == naga::BuiltIn::FrontFacing;
        let inner = if front {
            TypeInner::Scalar(naga::Scalar::BOOL)
        } else {
            types::inner(naga::Scalar::F32, 4)
        };
        if !input.ty.kind.is_real() {
            return Err(Diagnostic::error(format!(
                "input `{}`: a built-in input must be float, found {}",
                input.name, input.ty
            )));
        }
        let ty = types::intern(&mut self.m, inner);
        self.f.arguments.push(naga::FunctionArgument {
            name: Some(input.name.clone()),
            ty,
            binding: Some(Binding::BuiltIn(builtin)),
        });
        let arg = self.push(Expression::FunctionArgument(index), b);
        if front {
            let plus = self.splat_f(1.0, input.ty.width, b);
            let minus = self.splat_f(-1.0, input.ty.width, b);
            let cond = self.splat(arg, input.ty.width, b);
            return Ok(self.push(
                Expression::Select {
                    condition: cond,
                    accept: plus,
                    reject: minus,
                },
                b,
            ));
        }
        Ok(self.prefix(arg, 4, input.ty.width, b))
    }

    /// The first `width` components of a `from`-wide vector.
    pub(crate) fn prefix(
        &mut self,
        e: Handle<Expression>,
        from: u8,
        width: u8,
        b: &mut NBlock,
    ) -> Handle<Expression> {
        if width == from {
            e
        } else if width == 1 {
            self.component(e, from, 0, b)
        } else {
            self.push(
                Expression::Swizzle {
                    size: types::vector_size(width),
                    vector: e,
                    pattern: naga::SwizzleComponent::XYZW,
                },
                b,
            )
        }
    }

    /// Component `k` of a `width`-wide value.
    pub(crate) fn component(
        &mut self,
        e: Handle<Expression>,
        width: u8,
        k: u32,
        b: &mut NBlock,
    ) -> Handle<Expression> {
        if width == 1 {
            e
        } else {
            self.push(Expression::AccessIndex { base: e, index: k }, b)
        }
    }

    /// `e` (a scalar) repeated `width` times.
    pub(crate) fn splat(
        &mut self,
        e: Handle<Expression>,
        width: u8,
        b: &mut NBlock,
    ) -> Handle<Expression> {
        if width == 1 {
            e
        } else {
            self.push(
                Expression::Splat {
                    size: types::vector_size(width),
                    value: e,
                },
                b,
            )
        }
    }

    pub(crate) fn splat_f(&mut self, x: f32, width: u8, b: &mut NBlock) -> Handle<Expression> {
        let l = self.push(Expression::Literal(Literal::F32(x)), b);
        self.splat(l, width, b)
    }

    /// The literal `x` in the naga scalar of `kind`, repeated `width` times.
    pub(crate) fn splat_kind(
        &mut self,
        kind: ScalarKind,
        x: i32,
        width: u8,
        b: &mut NBlock,
    ) -> Handle<Expression> {
        let lit = match types::scalar(kind).kind {
            naga::ScalarKind::Float => Literal::F32(x as f32),
            naga::ScalarKind::Bool => Literal::Bool(x != 0),
            _ => Literal::I32(x),
        };
        let l = self.push(Expression::Literal(lit), b);
        self.splat(l, width, b)
    }

    /// One local variable per output (zero until stored) and the result struct.
    fn declare_outputs(&mut self, b: &mut NBlock) -> LResult<()> {
        let ir = self.ir;
        let mut members = Vec::new();
        let mut offset = 0;
        let shared = packed::packed_locations(ir.outputs.iter().filter_map(|(_, o)| {
            match interface::output_slot(ir.stage, o.semantic.as_deref()?) {
                Some(Slot::Location(l)) => Some((l, o.component)),
                _ => None,
            }
        }));
        let hidden = interface::shadowed_outputs(ir);
        for (h, out) in ir.outputs.iter() {
            let semantic = out.semantic.as_deref().unwrap_or("");
            if hidden[h.index()] {
                // Its variable stays (nothing stores to it); the location is the other's.
                let var = self.local(&out.name, out.ty, b);
                self.outputs.push(var);
                continue;
            }
            let slot = interface::output_slot(ir.stage, semantic).ok_or_else(|| {
                Diagnostic::error(format!(
                    "output `{}`: the naga back end places no {} output with semantic `{semantic}`",
                    out.name,
                    ir.stage.name()
                ))
            })?;
            if out.ty.kind == ScalarKind::Bool {
                return Err(Diagnostic::error(format!(
                    "output `{}`: a bool output has no location type in naga",
                    out.name
                )));
            }
            let var = self.local(&out.name, out.ty, b);
            self.outputs.push(var);
            let (binding, width, source) = match slot {
                Slot::Location(location) if shared.contains(&location) => {
                    packed::check_packable(&out.name, out.ty)?;
                    // One member per set: the first output there declares it, the others join.
                    let joined = members.iter_mut().find_map(
                        |(m, _, s): &mut (StructMember, u8, Member)| match (&m.binding, s) {
                            (Some(Binding::Location { location: l, .. }), Member::Packed(list))
                                if *l == location =>
                            {
                                Some(list)
                            }
                            _ => None,
                        },
                    );
                    if let Some(list) = joined {
                        list.push(h.index());
                        continue;
                    }
                    let (interpolation, sampling) = Self::interpolation(Type::FLOAT4);
                    let binding = Binding::Location {
                        location,
                        interpolation,
                        sampling,
                        blend_src: None,
                    };
                    (binding, 4, Member::Packed(vec![h.index()]))
                }
                Slot::Location(location) => {
                    let (interpolation, sampling) = if ir.stage == Stage::Vertex {
                        Self::interpolation(out.ty)
                    } else {
                        (None, None)
                    };
                    let binding = Binding::Location {
                        location,
                        interpolation,
                        sampling,
                        blend_src: None,
                    };
                    let width = out.ty.width;
                    (
                        binding,
                        width,
                        Member::Output {
                            index: h.index(),
                            width,
                        },
                    )
                }
                Slot::BuiltIn(builtin) => {
                    let builtin = types::builtin(builtin);
                    let width = if matches!(builtin, naga::BuiltIn::Position { .. }) {
                        4
                    } else {
                        1
                    };
                    if !out.ty.kind.is_real() || (width == 4 && out.ty.width != 4) {
                        return Err(Diagnostic::error(format!(
                            "output `{}`: `{semantic}` must be float{}, found {}",
                            out.name,
                            if width == 4 { "4" } else { "" },
                            out.ty
                        )));
                    }
                    let source = Member::Output {
                        index: h.index(),
                        width,
                    };
                    (Binding::BuiltIn(builtin), width, source)
                }
            };
            let (size, align) = types::size_align(width);
            offset = types::align_to(offset, align);
            let scalar = match source {
                Member::Packed(_) => naga::Scalar::F32,
                Member::Output { .. } => types::scalar(out.ty.kind),
            };
            let member_ty = types::intern(&mut self.m, types::inner(scalar, width));
            members.push((
                StructMember {
                    name: Some(out.name.clone()),
                    ty: member_ty,
                    binding: Some(binding),
                    offset,
                },
                width,
                source,
            ));
            offset += size;
        }
        let position = members.iter().any(|(m, _, _)| {
            matches!(
                m.binding,
                Some(Binding::BuiltIn(naga::BuiltIn::Position { .. }))
            )
        });
        if ir.stage == Stage::Vertex && !position {
            return Err(Diagnostic::error(format!(
                "vertex function `{}` has no POSITION output",
                ir.name
            )));
        }
        if members.is_empty() {
            return Ok(());
        }
        let sources: Vec<Member> = members.iter().map(|(_, _, s)| s.clone()).collect();
        let ty = self.m.types.insert(
            naga::Type {
                name: Some(format!("{}Output", ir.name)),
                inner: TypeInner::Struct {
                    members: members.into_iter().map(|(m, _, _)| m).collect(),
                    span: types::align_to(offset, 16),
                },
            },
            Span::UNDEFINED,
        );
        self.f.result = Some(naga::FunctionResult { ty, binding: None });
        self.result = Some((ty, sources));
        Ok(())
    }
}

/// True when a block ends with a statement after which nothing runs.
pub(crate) fn ends_flow(b: &NBlock) -> bool {
    matches!(
        b.last(),
        Some(Statement::Return { .. } | Statement::Kill | Statement::Break | Statement::Continue)
    )
}
