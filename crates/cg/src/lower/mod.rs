//! Lowering: a checked Cg program ([`CheckedProgram`] over its [`TranslationUnit`]) becomes one IR
//! function, the entry point, in a [`pigment_ir::Module`].
//!
//! * **Interface** (`interface.rs`): the entry's parameters and the global variables become IR
//!   inputs (varyings, struct members flattened as `IN.uv`), uniforms (named as cgc names the fp30
//!   parameters: `IN$video_size` for a struct member, an IR array for `k[0]...` and for a matrix's
//!   rows, so that the back end's `k$0`, `M$0` follow), samplers (unit from `TEXUNITn` or
//!   `register(sN)`) and outputs (the return value `main` or `main.color`, `out` parameters).
//! * **Values** (`val.rs`): matrices, structs and arrays are split into IR vectors.
//! * **Variables** are SSA: each variable's current value is kept in an environment and replaced on
//!   assignment; structured statements become IR regions carrying the variables they may assign
//!   (`stmt.rs`, with `assigned.rs` finding those variables).
//! * **Calls** to user functions are inlined with copy-in/copy-out parameters (`call.rs`);
//!   standard-library calls become IR operations (`stdlib/`).
//! * Implicit conversions come from the checker's side table; explicit casts and constructors are
//!   lowered in `convert.rs` and `expr.rs`.
//!
//! The function's stage is the checked program's: a vertex entry's varying inputs are its
//! attributes and its outputs the position and varyings, the same tree walk as a fragment's; only
//! the lookups differ (`texture.rs`), and a vertex function's semantics are written upper case.
//!
//! Every instruction carries the location of the Cg expression or statement it comes from, in
//! `file` (the preprocessed text the unit was parsed from), so back-end errors point at the source.
//! What the IR cannot express is a located error; lowering never panics.

mod assigned;
mod call;
mod convert;
mod counting;
mod emit;
mod expr;
mod interface;
mod math_emit;
mod place;
mod stdlib;
mod stmt;
mod val;
mod varyings;

use crate::check::types::Type as CgType;
use crate::check::{CheckedProgram, FunctionId, VarId};
use crate::syntax::ast::{Span, TranslationUnit};
use emit::Emitter;
use pigment_diag::{Diagnostic, FileId};
use pigment_ir::pass::{ConstFold, Dce, Identities, Pass};
use pigment_ir::{Handle, Module, Output, SourceLoc};
use std::collections::{HashMap, HashSet};
use val::Val;

/// Lowers the entry function of `checked` (which must have been checked without errors) and
/// everything it calls into a module with one function named after the entry.
pub fn lower(
    unit: &TranslationUnit,
    checked: &CheckedProgram,
    file: FileId,
) -> Result<Module, Vec<Diagnostic>> {
    let Some(entry) = checked.entry else {
        return Err(vec![Diagnostic::error(
            "there is no entry function to compile",
        )]);
    };
    let name = checked.function(entry).name.clone();
    let mut l = Lowerer {
        unit,
        prog: checked,
        file,
        em: Emitter::new(&name),
        env: HashMap::new(),
        scopes: vec![Vec::new()],
        frames: Vec::new(),
        targets: Vec::new(),
        next_frame: 0,
        outputs: EntryOutputs::default(),
        undefined: HashSet::new(),
        names: Default::default(),
        diags: Vec::new(),
    };
    l.em.b.set_stage(checked.stage);
    let lowered = l.entry(entry);
    if lowered.is_err() || !l.diags.is_empty() {
        if l.diags.is_empty() {
            l.diags.push(Diagnostic::error(
                "internal: lowering failed without a reason",
            ));
        }
        return Err(l.diags);
    }
    let mut func = l.em.b.finish().map_err(|errors| {
        vec![Diagnostic::error(format!(
            "internal: lowering built invalid IR: {}",
            errors.join("; ")
        ))]
    })?;
    // cgc's fast-math identities (x·1, x·0, x + 0, ...) are part of what a Cg program means here:
    // see pigment_ir::pass::Identities. Folding first exposes constants made by operations.
    ConstFold.run(&mut func);
    Identities.run(&mut func);
    Dce.run(&mut func);
    match func.stage {
        pigment_ir::Stage::Fragment => interface::prune_unread_inputs(&mut func),
        pigment_ir::Stage::Vertex => varyings::bind_unnamed_outputs(&mut func)?,
    }
    let mut module = Module::new();
    module.functions.append(func);
    if let Err(errors) = pigment_ir::verify(&module) {
        return Err(errors
            .iter()
            .map(|e| Diagnostic::error(format!("internal: lowering built invalid IR: {e:?}")))
            .collect());
    }
    Ok(module)
}

/// Reported already (a diagnostic is in `Lowerer::diags`).
#[derive(Debug)]
pub(crate) struct Reported;

pub(crate) type R<T> = Result<T, Reported>;

/// What the environment maps to values: variables, and the pseudo-variables of an inlined call
/// (its return value, whether it has returned, and `this` for a member function), tagged with the
/// call's frame number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Key {
    Var(VarId),
    Ret(u32),
    Returned(u32),
    This(u32),
}

/// A function being lowered: the entry, or a call being inlined.
#[derive(Clone, Debug)]
pub(crate) struct Frame {
    pub id: u32,
    /// The entry function returns with the IR's `return`; inlined calls keep their result in
    /// `Key::Ret`.
    pub is_entry: bool,
    /// An inlined function that returns from somewhere other than its last statement: a
    /// `Key::Returned` flag guards what follows each statement that may have returned.
    pub flagged: bool,
}

/// What `break` and `continue` leave or restart.
#[derive(Clone, Debug)]
pub(crate) enum Target {
    Loop(stmt::LoopCtx),
    Switch,
}

/// The entry's outputs: the return value's and each `out` parameter's, one IR output per leaf.
#[derive(Clone, Debug, Default)]
pub(crate) struct EntryOutputs {
    pub ret: Vec<Handle<Output>>,
    pub params: Vec<(VarId, Vec<Handle<Output>>)>,
}

pub(crate) struct Lowerer<'a> {
    pub unit: &'a TranslationUnit,
    pub prog: &'a CheckedProgram,
    pub file: FileId,
    pub em: Emitter,
    /// The current value of every variable in scope.
    pub env: HashMap<Key, Val>,
    /// The keys each open block declared (removed from `env` when it closes).
    pub scopes: Vec<Vec<Key>>,
    pub frames: Vec<Frame>,
    pub targets: Vec<Target>,
    pub next_frame: u32,
    pub outputs: EntryOutputs,
    /// The zeros standing for variables never assigned (`zero_of`): a vertex program does not
    /// write an output whose value is still one of them, as cgc leaves a member of the returned
    /// struct that the program never assigns unwritten (and so free for an unnamed member's
    /// TEXCOORD, `varyings.rs`).
    pub undefined: HashSet<pigment_ir::Value>,
    /// The interface's names so far (see [`interface::InterfaceNames`]).
    pub names: interface::InterfaceNames,
    pub diags: Vec<Diagnostic>,
}

impl Lowerer<'_> {
    /// Reports an error at `span` of the preprocessed text.
    pub fn error<T>(&mut self, span: Span, message: impl Into<String>) -> R<T> {
        self.diags
            .push(Diagnostic::error(message).at(self.file, span));
        Err(Reported)
    }

    pub fn loc(&self, span: Span) -> Option<SourceLoc> {
        Some(SourceLoc {
            file: self.file,
            span,
        })
    }

    /// Runs `f` with instructions located at `span`, restoring the location afterwards.
    pub fn at<T>(&mut self, span: Span, f: impl FnOnce(&mut Self) -> T) -> T {
        let old = self.em.set_loc(self.loc(span));
        let out = f(self);
        self.em.set_loc(old);
        out
    }

    pub fn frame(&self) -> Option<&Frame> {
        self.frames.last()
    }

    /// Declares `key` in the innermost block with value `v`.
    pub fn declare(&mut self, key: Key, v: Val) {
        self.env.insert(key, v);
        if let Some(scope) = self.scopes.last_mut() {
            scope.push(key);
        }
    }

    pub fn push_scope(&mut self) {
        self.scopes.push(Vec::new());
    }

    pub fn pop_scope(&mut self) {
        if let Some(keys) = self.scopes.pop() {
            for k in keys {
                self.env.remove(&k);
            }
        }
    }

    pub fn type_of(&self, e: crate::syntax::ast::ExprId) -> CgType {
        self.prog.type_of(e).clone()
    }

    pub fn span_of(&self, e: crate::syntax::ast::ExprId) -> Span {
        self.unit.exprs[e].span
    }

    /// Lowers the entry function: interface, global initialisers, body, final output stores.
    fn entry(&mut self, entry: FunctionId) -> R<()> {
        let func = self.prog.function(entry);
        let Some(body) = func.body.as_ref() else {
            return self.error(func.name_span, "the entry function has no body");
        };
        self.at(func.span, |l| l.declare_interface(entry))?;
        let id = self.new_frame_id();
        self.frames.push(Frame {
            id,
            is_entry: true,
            flagged: false,
        });
        self.push_scope();
        let flow = self.block(&body.stmts)?;
        if flow != stmt::Flow::Terminated {
            self.at(body.span, |l| l.store_outputs(None))?;
        }
        self.pop_scope();
        self.frames.pop();
        Ok(())
    }

    pub fn new_frame_id(&mut self) -> u32 {
        self.next_frame += 1;
        self.next_frame
    }

    /// Stores the entry's outputs: the return value (when given) and every `out` parameter's
    /// current value.
    pub fn store_outputs(&mut self, ret: Option<Val>) -> R<()> {
        if let Some(v) = ret {
            let outputs = self.outputs.ret.clone();
            self.store_leaves(&outputs, &v);
        }
        for (var, outputs) in self.outputs.params.clone() {
            if let Some(v) = self.env.get(&Key::Var(var)).cloned() {
                self.store_leaves(&outputs, &v);
            }
        }
        Ok(())
    }

    fn store_leaves(&mut self, outputs: &[Handle<Output>], v: &Val) {
        let vertex = self.prog.stage == pigment_ir::Stage::Vertex;
        for (&o, leaf) in outputs.iter().zip(v.leaves()) {
            if vertex && self.undefined.contains(&leaf) {
                continue;
            }
            let width = self.em.ty(leaf).width;
            self.em.b.store(o, pigment_ir::WriteMask::all(width), leaf);
        }
    }
}
