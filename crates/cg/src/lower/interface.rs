//! The entry's interface: parameters and global variables to IR inputs, uniforms, samplers and
//! outputs, with the names cgc gives them (fp30-profile.md §3 and §7):
//! * varyings and outputs keep their Cg names, struct members joined with `.` (`IN.uv`,
//!   `main.color`); the plain return value is named after the entry (`main`);
//! * a uniform is named like its fp30 parameter: struct members joined with `$` (`IN$video_size`),
//!   array elements and matrix rows as the elements of an IR uniform array (the back end names
//!   element `i` of `k` as `k$i`, so matrix `M` gives `M$0`..`M$3`); arrays of matrices or structs
//!   number their elements in the name (`lights$0$color`);
//!   a matrix's IR uniform is marked as one (`matrix`), so the back end can name it `M` again;
//! * a uniform's initializer (a global's or an entry parameter's default value) is folded to
//!   constants, the default of its IR uniforms; one that is not constant is a located error;
//! * a sampler's unit comes from a `TEXUNITn` or `register(sN)` semantic;
//! * a struct variable's own semantic numbers its members' bindings ([`Counting`]) and is
//!   recorded for reflection ([`pigment_ir::StructSemantic`]).
//!
//! Global variables that are neither uniform nor varying (`static`, or `const` with an
//! initializer) are initialised at the start of the entry, in declaration order.

use super::counting::Counting;
use super::val::{ir_type, kind_of, Val};
use super::{Key, Lowerer, R};
use crate::check::types::{SamplerKind, Type as CgType};
use crate::check::{BindingSemantic, Direction, FunctionId, VarId};
use crate::syntax::ast::Span;
use pigment_ir::{
    Function, Handle, InstKind, Output, SamplerDim, Type, Uniform, UniformIndex, Vector,
};
use std::collections::HashSet;

/// Semantics that only a vertex program writes: a connector struct shared with the vertex
/// program may carry them, and fp30 accepts them as long as they are never read.
const VERTEX_ONLY: &[&str] = &[
    "POSITION", "PSIZE", "HPOS", "FOGC", "PSIZ", "BCOL0", "BCOL1", "CLP0", "CLP1", "CLP2", "CLP3",
    "CLP4", "CLP5",
];

fn is_vertex_only(semantic: &str) -> bool {
    VERTEX_ONLY.contains(&semantic.to_ascii_uppercase().as_str())
}

/// The texture unit a sampler's semantic names: `TEXUNIT3`, `register(s3)`.
fn texture_unit(semantic: Option<&BindingSemantic>) -> Option<u32> {
    let name = semantic?.name.replace(' ', "");
    let digits = name.strip_prefix("TEXUNIT").or_else(|| {
        name.strip_prefix("REGISTER(S")
            .and_then(|r| r.strip_suffix(')'))
    })?;
    digits.parse().ok()
}

fn sampler_dim(kind: SamplerKind) -> Option<SamplerDim> {
    Some(match kind {
        SamplerKind::D1 => SamplerDim::D1,
        SamplerKind::D2 => SamplerDim::D2,
        SamplerKind::D3 => SamplerDim::D3,
        SamplerKind::Cube => SamplerDim::Cube,
        SamplerKind::Rect => SamplerDim::Rect,
        SamplerKind::Generic => return None,
    })
}

/// The names of the interface entities declared so far, for [`Lowerer::claim_name`]: brought up
/// to date with the function before each check, so that each name is indexed once (a scan of
/// every entity per declaration made 100,000 uniforms take minutes).
#[derive(Default)]
pub(crate) struct InterfaceNames {
    names: HashSet<String>,
    /// How many inputs, uniforms, samplers and outputs are in `names`.
    seen: [usize; 4],
}

impl InterfaceNames {
    fn catch_up(&mut self, f: &Function) {
        fn add<T>(
            names: &mut HashSet<String>,
            seen: &mut usize,
            arena: &pigment_ir::Arena<T>,
            name: impl Fn(&T) -> &str,
        ) {
            for i in *seen..arena.len() {
                names.insert(name(&arena[Handle::from_index(i)]).to_string());
            }
            *seen = arena.len();
        }
        let [inputs, uniforms, samplers, outputs] = &mut self.seen;
        add(&mut self.names, inputs, &f.inputs, |i| &i.name);
        add(&mut self.names, uniforms, &f.uniforms, |u| &u.name);
        add(&mut self.names, samplers, &f.samplers, |s| &s.name);
        add(&mut self.names, outputs, &f.outputs, |o| &o.name);
    }
}

impl Lowerer<'_> {
    /// Declares the interface and puts every parameter's and global's value in the environment.
    /// The IR entities are declared in cgc's `#var` order: the entry's parameters (each numbered,
    /// see [`pigment_ir::Origin`]), then the globals in declaration order, then the return value.
    pub(super) fn declare_interface(&mut self, entry: FunctionId) -> R<()> {
        let prog = self.prog;
        let mut uniforms = Vec::new();
        let func = prog.function(entry);
        for (index, &p) in (0u32..).zip(&func.params) {
            self.em.b.set_param(Some(index));
            self.entry_param(p, &mut uniforms)?;
        }
        self.em.b.set_param(None);
        for &g in &prog.globals {
            let var = prog.var(g);
            if matches!(var.ty, CgType::Sampler(_)) || var.uniform {
                self.note_struct_semantic(g);
                let v = self.uniform_variable(g, &mut uniforms)?;
                self.declare(Key::Var(g), v);
            } else if var.varying {
                if var.direction != Direction::In {
                    return self.error(
                        var.span,
                        "varying `out` globals are not supported; return the value or use an `out` parameter of the entry",
                    );
                }
                self.note_struct_semantic(g);
                let v = self.input_tree(
                    &var.name,
                    &var.ty,
                    var.semantic.as_ref(),
                    var.span,
                    &mut Counting::default(),
                )?;
                self.declare(Key::Var(g), v);
            }
        }
        if func.ret != CgType::Void {
            let name = func.name.clone();
            let outputs =
                self.output_tree(&name, &func.ret, func.ret_semantic.as_ref(), func.name_span)?;
            self.outputs.ret = outputs;
        }
        self.global_initializers()?;
        // Initializers may name constant globals, which exist from here on.
        for (var, leaves) in uniforms {
            self.uniform_defaults(var, &leaves)?;
        }
        Ok(())
    }

    fn entry_param(
        &mut self,
        p: VarId,
        uniforms: &mut Vec<(VarId, Vec<Handle<Uniform>>)>,
    ) -> R<()> {
        let var = self.prog.var(p);
        let is_sampler = matches!(var.ty, CgType::Sampler(_));
        let v = if is_sampler || var.uniform {
            self.note_struct_semantic(p);
            self.uniform_variable(p, uniforms)?
        } else {
            match var.direction {
                Direction::In => {
                    self.note_struct_semantic(p);
                    self.input_tree(
                        &var.name,
                        &var.ty,
                        var.semantic.as_ref(),
                        var.span,
                        &mut Counting::default(),
                    )?
                }
                Direction::Out => {
                    let outputs =
                        self.output_tree(&var.name, &var.ty, var.semantic.as_ref(), var.span)?;
                    self.outputs.params.push((p, outputs));
                    self.zero_of(&var.ty, var.span)?
                }
                Direction::InOut => {
                    return self.error(
                        var.span,
                        "`inout` parameters of the entry function are not supported; use an `in` and an `out` parameter",
                    )
                }
            }
        };
        self.declare(Key::Var(p), v);
        Ok(())
    }

    /// Records the semantic written on struct variable `id` as a whole, for reflection.
    fn note_struct_semantic(&mut self, id: VarId) {
        let var = self.prog.var(id);
        if let (CgType::Struct(_), Some(sem)) = (&var.ty, &var.semantic) {
            self.em.b.struct_semantic(&var.name, &sem.written);
        }
    }

    /// Static and constant globals, initialised in declaration order.
    fn global_initializers(&mut self) -> R<()> {
        let prog = self.prog;
        for &g in &prog.globals {
            let var = prog.var(g);
            if var.uniform || var.varying || matches!(var.ty, CgType::Sampler(_)) {
                continue;
            }
            let v = match var.init {
                Some(init) => self.at(var.span, |l| l.initializer(init, &var.ty))?,
                None => self.zero_of(&var.ty, var.span)?,
            };
            self.declare(Key::Var(g), v);
        }
        Ok(())
    }

    /// A uniform variable (global or entry parameter), declared and loaded. `uniforms` receives
    /// the variable with the IR uniform behind each leaf of its value, for [`Self::uniform_defaults`].
    fn uniform_variable(
        &mut self,
        id: VarId,
        uniforms: &mut Vec<(VarId, Vec<Handle<Uniform>>)>,
    ) -> R<Val> {
        let var = self.prog.var(id);
        let mut leaves = Vec::new();
        let v = self.uniform_tree(
            &var.name,
            &var.ty,
            var.semantic.as_ref(),
            var.span,
            &mut leaves,
            &mut Counting::default(),
        )?;
        uniforms.push((id, leaves));
        Ok(v)
    }

    /// Folds a uniform variable's initializer, if it has one, to constants and gives them to the
    /// IR uniforms behind its leaves (`leaves[i]` holds leaf `i` of the value, in [`Val::leaves`]
    /// order): cgc prints them as `#default` lines and DECLARE initial values, so they must be
    /// known at compile time.
    fn uniform_defaults(&mut self, id: VarId, leaves: &[Handle<Uniform>]) -> R<()> {
        let var = self.prog.var(id);
        let (Some(init), false) = (var.init, leaves.is_empty()) else {
            return Ok(());
        };
        let (name, span) = (&var.name, self.span_of(init));
        let value = self.at(span, |l| l.initializer(init, &var.ty))?;
        let mut defaults: Vec<(Handle<Uniform>, Vec<Vector>)> = Vec::new();
        for (leaf, &u) in value.leaves().into_iter().zip(leaves) {
            let constant = self
                .em
                .known(leaf)
                .filter(|c| c.ty == self.em.b.function().uniforms[u].ty);
            let Some(constant) = constant else {
                return self.error(
                    span,
                    format!("the initial value of uniform `{name}` must be a constant expression"),
                );
            };
            match defaults.last_mut() {
                Some((last, elements)) if *last == u => elements.push(constant),
                _ => defaults.push((u, vec![constant])),
            }
        }
        for (u, elements) in defaults {
            self.em.b.uniform_default(u, elements);
        }
        Ok(())
    }

    /// Refuses a second interface entity named `name`. The IR (and every binding and header line
    /// after it) tells the program's inputs, uniforms, samplers and outputs apart by name; cgc
    /// accepted a parameter named like the entry (its return value) or like a global, and printed
    /// two `#var` lines of the same name, which no application could bind apart.
    fn claim_name(&mut self, name: &str, span: Span) -> R<()> {
        self.names.catch_up(self.em.b.function());
        if self.names.names.contains(name) {
            return self.error(
                span,
                format!(
                    "two parts of the program's interface are named `{name}` (a parameter, a \
                     global, or the entry's return value); rename one"
                ),
            );
        }
        Ok(())
    }

    /// A uniform (or sampler) of type `ty` named `name`, declared and loaded. `leaves` receives
    /// the IR uniform behind each leaf of the value, in [`Val::leaves`] order; `count` numbers the
    /// samplers that name no unit when an enclosing struct has a semantic.
    fn uniform_tree(
        &mut self,
        name: &str,
        ty: &CgType,
        semantic: Option<&BindingSemantic>,
        span: Span,
        leaves: &mut Vec<Handle<Uniform>>,
        count: &mut Counting,
    ) -> R<Val> {
        let written = semantic.map(|s| s.written.as_str());
        match ty {
            CgType::Scalar(_) | CgType::Vector(..) => {
                let t = self.ir_type_or_error(ty, span)?;
                self.claim_name(name, span)?;
                let u = self.em.b.uniform(name, t, None, written);
                leaves.push(u);
                Ok(Val::Vec(self.em.b.load_uniform(u, None)))
            }
            CgType::Matrix(_, rows, _) => {
                let t = self.ir_type_or_error(ty, span)?;
                self.claim_name(name, span)?;
                let u = self.em.b.uniform(name, t, Some(u32::from(*rows)), written);
                self.em.b.uniform_is_matrix(u);
                leaves.extend(std::iter::repeat_n(u, usize::from(*rows)));
                let rows = (0..u32::from(*rows))
                    .map(|r| self.em.b.load_uniform(u, Some(UniformIndex::Const(r))))
                    .collect();
                Ok(Val::Mat(rows))
            }
            CgType::Array(elem, Some(n))
                if matches!(**elem, CgType::Scalar(_) | CgType::Vector(..)) =>
            {
                let t = self.ir_type_or_error(elem, span)?;
                self.claim_name(name, span)?;
                let u = self.em.b.uniform(name, t, Some(*n), written);
                leaves.extend(std::iter::repeat_n(u, *n as usize));
                let items = (0..*n)
                    .map(|i| Val::Vec(self.em.b.load_uniform(u, Some(UniformIndex::Const(i)))))
                    .collect();
                Ok(Val::Array(items, Some(u)))
            }
            CgType::Array(elem, Some(n)) => {
                let mut own = Counting::from_semantic(semantic);
                let count = if semantic.is_some() { &mut own } else { count };
                let items = (0..*n)
                    .map(|i| {
                        let element = format!("{name}${i}");
                        self.uniform_tree(&element, elem, None, span, leaves, count)
                    })
                    .collect::<R<Vec<Val>>>()?;
                Ok(Val::Array(items, None))
            }
            CgType::Struct(s) => {
                let fields = self.prog.strukt(*s).fields.clone();
                let mut own = Counting::from_semantic(semantic);
                let count = if semantic.is_some() { &mut own } else { count };
                let items = fields
                    .iter()
                    .map(|f| {
                        let (member, sem) = (format!("{name}${}", f.name), f.semantic.as_ref());
                        self.uniform_tree(&member, &f.ty, sem, f.span, leaves, count)
                    })
                    .collect::<R<Vec<Val>>>()?;
                Ok(Val::Struct(items))
            }
            CgType::Sampler(kind) => {
                let Some(dim) = sampler_dim(*kind) else {
                    return self.error(
                        span,
                        format!("`{name}` is a generic `sampler`; declare it as `sampler2D`, `samplerRECT`, ..."),
                    );
                };
                self.claim_name(name, span)?;
                let s = match (texture_unit(semantic), semantic) {
                    (Some(unit), _) => self.em.b.sampler(name, dim, Some(unit)),
                    (None, None) => match count.next_unit() {
                        Some(unit) => self.em.b.counted_sampler(name, dim, unit),
                        None => self.em.b.sampler(name, dim, None),
                    },
                    (None, Some(_)) => self.em.b.sampler(name, dim, None),
                };
                Ok(Val::Sampler(s))
            }
            other => {
                let t = self.prog.type_name(other);
                self.error(span, format!("a uniform of type `{t}` is not supported"))
            }
        }
    }

    /// A varying input of type `ty` named `name` (struct members and array elements flattened:
    /// `IN.uv`, `IN.taps[1]`), declared and loaded; `count` numbers the leaves that name no
    /// semantic when an enclosing struct or array has one.
    fn input_tree(
        &mut self,
        name: &str,
        ty: &CgType,
        semantic: Option<&BindingSemantic>,
        span: Span,
        count: &mut Counting,
    ) -> R<Val> {
        match ty {
            CgType::Scalar(_) | CgType::Vector(..) => {
                let t = self.ir_type_or_error(ty, span)?;
                // A varying without a semantic binds nothing; the back end rejects it only if the
                // program reads it (cgc ignores unread ones).
                self.claim_name(name, span)?;
                let i = match semantic {
                    Some(sem) => self.em.b.input(name, t, Some(self.semantic_text(sem))),
                    None => match count.next_varying() {
                        Some(counted) => self.em.b.counted_input(name, t, &counted),
                        None => self.em.b.input(name, t, None),
                    },
                };
                Ok(Val::Vec(self.em.b.load_input(i)))
            }
            CgType::Array(elem, Some(n)) => {
                let mut own = Counting::from_semantic(semantic);
                let count = if semantic.is_some() { &mut own } else { count };
                let items = (0..*n)
                    .map(|i| self.input_tree(&format!("{name}[{i}]"), elem, None, span, count))
                    .collect::<R<Vec<Val>>>()?;
                Ok(Val::Array(items, None))
            }
            CgType::Struct(s) => {
                let fields = self.prog.strukt(*s).fields.clone();
                let mut own = Counting::from_semantic(semantic);
                let count = if semantic.is_some() { &mut own } else { count };
                let items = fields
                    .iter()
                    .map(|f| {
                        // A `uniform` member (cgc's extension; samplers are always uniform) stays a
                        // uniform inside a varying struct, named with `$` as uniforms are.
                        let uniform = f.uniform || matches!(f.ty, CgType::Sampler(_));
                        let member = format!("{name}{}{}", if uniform { "$" } else { "." }, f.name);
                        if uniform {
                            let mut leaves = Vec::new();
                            self.uniform_tree(
                                &member,
                                &f.ty,
                                f.semantic.as_ref(),
                                f.span,
                                &mut leaves,
                                count,
                            )
                        } else {
                            self.input_tree(&member, &f.ty, f.semantic.as_ref(), f.span, count)
                        }
                    })
                    .collect::<R<Vec<Val>>>()?;
                Ok(Val::Struct(items))
            }
            other => {
                let t = self.prog.type_name(other);
                self.error(
                    span,
                    format!("a varying input of type `{t}` is not supported"),
                )
            }
        }
    }

    /// Outputs for a value of type `ty` named `name`, one per leaf.
    fn output_tree(
        &mut self,
        name: &str,
        ty: &CgType,
        semantic: Option<&BindingSemantic>,
        span: Span,
    ) -> R<Vec<Handle<Output>>> {
        match ty {
            CgType::Scalar(_) | CgType::Vector(..) => {
                let t = self.ir_type_or_error(ty, span)?;
                let vertex = self.prog.stage == pigment_ir::Stage::Vertex;
                let Some(sem) = semantic else {
                    if vertex {
                        // Bound to a free TEXCOORDn once the program is lowered (varyings.rs).
                        self.claim_name(name, span)?;
                        return Ok(vec![self.em.b.output(name, t, None)]);
                    }
                    return self.error(
                        span,
                        format!("the output `{name}` needs a semantic such as `: COLOR`"),
                    );
                };
                self.claim_name(name, span)?;
                let text = self.semantic_text(sem).to_string();
                Ok(vec![self.em.b.output(name, t, Some(&text))])
            }
            CgType::Struct(s) => {
                let fields = self.prog.strukt(*s).fields.clone();
                let mut out = Vec::new();
                for f in &fields {
                    let sem = f.semantic.as_ref();
                    out.extend(self.output_tree(
                        &format!("{name}.{}", f.name),
                        &f.ty,
                        sem,
                        f.span,
                    )?);
                }
                Ok(out)
            }
            other => {
                let t = self.prog.type_name(other);
                self.error(span, format!("an output of type `{t}` is not supported"))
            }
        }
    }

    /// A varying's or output's semantic as the IR gets it: as written in a fragment program (cgc's
    /// header shows it so), upper case in a vertex program (the stage contract's attribute names).
    fn semantic_text<'s>(&self, sem: &'s BindingSemantic) -> &'s str {
        match self.prog.stage {
            pigment_ir::Stage::Vertex => &sem.name,
            pigment_ir::Stage::Fragment => &sem.written,
        }
    }

    pub(super) fn ir_type_or_error(&mut self, ty: &CgType, span: Span) -> R<Type> {
        match ir_type(ty) {
            Some(t) => Ok(t),
            None => {
                let t = self.prog.type_name(ty);
                self.error(span, format!("`{t}` has no IR form"))
            }
        }
    }

    /// The value 0 (false) of any type: uninitialised variables and `out` parameters start so.
    /// Its leaves are recorded as [`Lowerer::undefined`].
    pub(super) fn zero_of(&mut self, ty: &CgType, span: Span) -> R<Val> {
        let v = self.zero_tree(ty, span)?;
        self.undefined.extend(v.leaves());
        Ok(v)
    }

    fn zero_tree(&mut self, ty: &CgType, span: Span) -> R<Val> {
        Ok(match ty {
            CgType::Scalar(s) => Val::Vec(self.em.zero(Type::new(kind_of(*s), 1))),
            CgType::Vector(s, n) => Val::Vec(self.em.zero(Type::new(kind_of(*s), *n))),
            CgType::Matrix(s, r, c) => {
                let row = self.em.zero(Type::new(kind_of(*s), *c));
                Val::Mat(vec![row; usize::from(*r)])
            }
            CgType::Array(elem, Some(n)) => {
                let item = self.zero_tree(elem, span)?;
                Val::Array(vec![item; *n as usize], None)
            }
            CgType::Struct(s) => {
                let fields = self.prog.strukt(*s).fields.clone();
                Val::Struct(
                    fields
                        .iter()
                        .map(|f| self.zero_tree(&f.ty, span))
                        .collect::<R<Vec<Val>>>()?,
                )
            }
            other => {
                let t = self.prog.type_name(other);
                return self.error(
                    span,
                    format!("a variable of type `{t}` is not supported here"),
                );
            }
        })
    }
}

/// Removes the inputs with vertex-only semantics that the function never reads (run after dead
/// code elimination), renumbering the others' loads.
pub(super) fn prune_unread_inputs(func: &mut Function) {
    let mut read = vec![false; func.inputs.len()];
    pigment_ir::walk(&func.body, &mut |inst| {
        if let InstKind::LoadInput(h) = inst.kind {
            if let Some(r) = read.get_mut(h.index()) {
                *r = true;
            }
        }
    });
    let keep: Vec<bool> = func
        .inputs
        .iter()
        .map(|(h, i)| read[h.index()] || !i.semantic.as_deref().is_some_and(is_vertex_only))
        .collect();
    if keep.iter().all(|&k| k) {
        return;
    }
    let mut inputs = pigment_ir::Arena::new();
    let mut renumber = Vec::new();
    for (h, input) in func.inputs.iter() {
        renumber.push(keep[h.index()].then(|| inputs.append(input.clone())));
    }
    func.inputs = inputs;
    pigment_ir::walk_mut(&mut func.body, &mut |inst| {
        if let InstKind::LoadInput(h) = &mut inst.kind {
            if let Some(Some(new)) = renumber.get(h.index()) {
                *h = *new;
            }
        }
    });
}
