//! The checked program: what semantic analysis hands to lowering.
//!
//! The syntax tree stays the structure (statements and the expression arena); the checked program
//! adds side tables over it:
//! * [`CheckedProgram::expr_types`]: the type of every expression, indexed by `ExprId::index()`;
//! * [`CheckedProgram::resolutions`]: what every name, member, swizzle and call refers to;
//! * [`CheckedProgram::conversions`]: the implicit conversions, made explicit: the value of the
//!   expression is converted to the recorded type where it is used (an operand, an argument, an
//!   assigned or returned value, an initializer);
//! * [`CheckedProgram::declarators`]: the variable each declarator (by the span of its name)
//!   declares, so lowering walking a `StmtKind::Decl` finds its [`VarId`].
//!
//! Lowering takes both the `TranslationUnit` and this.

use super::stdlib::BuiltinId;
pub use super::types::Direction;
use super::types::{StructId, Type};
use crate::syntax::ast::{Block, ExprId, Span};
use std::collections::HashMap;
use std::sync::Arc;

/// A handle to a variable (global, parameter or local) in [`CheckedProgram::vars`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

/// A handle to a user function in [`CheckedProgram::functions`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FunctionId(pub u32);

impl VarId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl FunctionId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Clone, Debug, Default)]
pub struct CheckedProgram {
    /// The entry function, when it was found.
    pub entry: Option<FunctionId>,
    pub profile: String,
    /// The stage the entry is for (from the profile, or as the options said).
    pub stage: pigment_ir::Stage,
    pub functions: Vec<Function>,
    pub vars: Vec<Variable>,
    pub structs: Vec<StructType>,
    /// Global variables in declaration order.
    pub globals: Vec<VarId>,
    /// The entry and every function it calls, directly or not, callers before callees.
    pub reached: Vec<FunctionId>,
    /// The type of every expression (`Type::Error` where checking failed or never looked).
    pub expr_types: Vec<Type>,
    pub resolutions: ExprTable<Resolution>,
    /// Implicit conversions: the value of the expression is converted to this type at its use.
    pub conversions: HashMap<ExprId, Type>,
    /// The variable each declarator declares, keyed by the span of the declarator's name.
    pub declarators: HashMap<Span, VarId>,
    /// The values of constant expressions the checker folded (array sizes, case labels, `.length`).
    pub constants: HashMap<ExprId, ConstValue>,
}

impl CheckedProgram {
    pub fn type_of(&self, e: ExprId) -> &Type {
        self.expr_types.get(e.index()).unwrap_or(&Type::Error)
    }

    pub fn var(&self, v: VarId) -> &Variable {
        &self.vars[v.index()]
    }

    pub fn function(&self, f: FunctionId) -> &Function {
        &self.functions[f.index()]
    }

    pub fn strukt(&self, s: StructId) -> &StructType {
        &self.structs[s.index()]
    }

    /// The types of a struct's fields, in order.
    pub fn field_types_of(&self, s: StructId) -> Vec<Type> {
        self.structs
            .get(s.index())
            .map(|st| st.fields.iter().map(|f| f.ty.clone()).collect())
            .unwrap_or_default()
    }

    /// The type a value of `e` has where it is used: its conversion target, or its own type.
    pub fn converted_type_of(&self, e: ExprId) -> &Type {
        self.conversions.get(&e).unwrap_or_else(|| self.type_of(e))
    }
}

/// A side table with at most one entry per expression, held densely by [`ExprId::index`]: most
/// expressions of a shader are names, members and calls, which all resolve, so a hash map spent
/// more on its spare buckets (and, while growing, on two tables at once) than on entries.
///
/// ```
/// use pigment_cg::check::ExprTable;
/// # use pigment_cg::syntax::ast::{ExprKind, Exprs, Span};
/// # let mut exprs = Exprs::default();
/// # let e = exprs.alloc(ExprKind::Error, Span::default());
/// let mut table = ExprTable::with_len(1);
/// assert_eq!(table.get(&e), None);
/// table.insert(e, 'x');
/// assert_eq!(table.get(&e), Some(&'x'));
/// ```
#[derive(Clone, Debug)]
pub struct ExprTable<T> {
    entries: Vec<Option<T>>,
}

impl<T> Default for ExprTable<T> {
    fn default() -> Self {
        ExprTable {
            entries: Vec::new(),
        }
    }
}

impl<T> ExprTable<T> {
    /// An empty table with room for the `len` expressions of a translation unit.
    pub fn with_len(len: usize) -> Self {
        let mut entries = Vec::with_capacity(len);
        entries.resize_with(len, || None);
        ExprTable { entries }
    }

    /// The entry of `e`, if one was inserted.
    pub fn get(&self, e: &ExprId) -> Option<&T> {
        self.entries.get(e.index()).and_then(Option::as_ref)
    }

    /// Sets the entry of `e`, replacing any before; the table grows for an expression beyond its
    /// length.
    pub fn insert(&mut self, e: ExprId, value: T) {
        if e.index() >= self.entries.len() {
            self.entries.resize_with(e.index() + 1, || None);
        }
        self.entries[e.index()] = Some(value);
    }
}

/// The one to four things a swizzle selects, held in place: a list on the heap for each swizzle
/// took more room than the rest of its [`Resolution`] (16 bytes in all, with this).
///
/// ```
/// use pigment_cg::check::Selection;
/// let zyx = Selection::new(&[2u8, 1, 0]).unwrap();
/// assert_eq!(&*zyx, &[2, 1, 0]);
/// assert!(Selection::new(&[0u8; 5]).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selection<T> {
    items: [T; 4],
    len: u8,
}

impl<T: Copy + Default> Selection<T> {
    /// The selection of `items`; `None` for more than four.
    pub fn new(items: &[T]) -> Option<Self> {
        let mut held = [T::default(); 4];
        held.get_mut(..items.len())?.copy_from_slice(items);
        Some(Selection {
            items: held,
            len: items.len() as u8,
        })
    }
}

impl<T> std::ops::Deref for Selection<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }
}

/// What a name, member access or call refers to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Resolution {
    /// A `Name` naming a variable or parameter.
    Var(VarId),
    /// `base.field` on a struct value (index into [`StructType::fields`]).
    Field { strukt: StructId, index: u32 },
    /// A bare field name inside a member function: `this.field`.
    ImplicitField { strukt: StructId, index: u32 },
    /// `v.xzy`: the component indices read or written, in order (0-3).
    Swizzle(Selection<u8>),
    /// `m._m01_m10` or `m._12_21`: zero-based (row, column) pairs.
    MatrixSwizzle(Selection<(u8, u8)>),
    /// `array.length`.
    ArrayLength(u32),
    /// A call (on the `Call` expression): the function chosen, and how many trailing parameters
    /// take their default values.
    Call { callee: Callee, defaulted: u32 },
    /// The callee expression of a call (`Name`, `Scoped` or `Member`), naming a function.
    FunctionName,
}

/// The function a call resolved to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Callee {
    User(FunctionId),
    /// A standard library function: see [`super::stdlib::stdlib`].
    Builtin(BuiltinId),
}

/// A folded constant.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ConstValue {
    Int(i64),
    Float(f64),
    Bool(bool),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VarKind {
    Global,
    /// Parameter `index` of a function.
    Param {
        function: FunctionId,
        index: usize,
    },
    Local,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Variable {
    pub name: String,
    pub span: Span,
    pub ty: Type,
    pub kind: VarKind,
    pub is_const: bool,
    pub is_static: bool,
    /// Written `uniform`, or a non-static global (uniform by default).
    pub uniform: bool,
    pub varying: bool,
    pub direction: Direction,
    pub semantic: Option<BindingSemantic>,
    /// The initializer, or a parameter's default value.
    pub init: Option<ExprId>,
}

/// A binding semantic as written, with its case-folded form ("Semantic names are
/// case-insensitive").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BindingSemantic {
    pub written: String,
    /// Upper case; `register(s0)` becomes `REGISTER(S0)`.
    pub name: String,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub name: String,
    pub name_span: Span,
    /// The struct whose member this is.
    pub owner: Option<StructId>,
    /// `fp30`, `ps`, ... when the function is overloaded by profile; `None` for open-profile.
    pub profile: Option<String>,
    pub ret: Type,
    pub ret_semantic: Option<BindingSemantic>,
    pub params: Vec<VarId>,
    /// The definition's body (shared with the syntax tree); `None` for a prototype never
    /// defined, an interface method or a function whose definition failed to check.
    pub body: Option<Arc<Block>>,
    pub is_static: bool,
    pub is_inline: bool,
    /// The whole declaration.
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct StructType {
    /// `None` for an anonymous struct.
    pub name: Option<String>,
    pub is_interface: bool,
    pub fields: Vec<Field>,
    pub methods: Vec<FunctionId>,
    /// The interface this struct implements.
    pub base: Option<StructId>,
    /// A semantic on the struct tag.
    pub semantic: Option<BindingSemantic>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    pub name: String,
    pub ty: Type,
    pub semantic: Option<BindingSemantic>,
    /// Written `uniform` (a cgc extension): the member is a uniform even when the struct is a
    /// varying parameter of the entry function.
    pub uniform: bool,
    pub span: Span,
}
