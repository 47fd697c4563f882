//! The IR's entities: modules, functions (entry points) with their interface (inputs, uniforms,
//! samplers, outputs), values, instructions and blocks.

use crate::arena::{Arena, Handle};
use crate::op::Op;
use crate::types::{Type, WriteMask};
use crate::vector::Vector;
use pigment_diag::{FileId, Span};

/// A compilation unit: one or more entry-point functions (front ends inline every call).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Module {
    pub functions: Arena<Function>,
}

impl Module {
    pub fn new() -> Module {
        Module::default()
    }

    /// The function called `name`.
    pub fn function(&self, name: &str) -> Option<Handle<Function>> {
        self.functions.find(|f| f.name == name)
    }
}

/// Which programmable stage an entry point is for (`vertex` or `fragment` in reflection JSON).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    /// Runs once per vertex: reads attributes, writes the clip position and varyings.
    Vertex,
    /// Runs once per fragment: reads varyings, writes colors and depth.
    #[default]
    Fragment,
}

impl Stage {
    /// The word in messages (`vertex`, `fragment`).
    pub fn name(self) -> &'static str {
        match self {
            Stage::Vertex => "vertex",
            Stage::Fragment => "fragment",
        }
    }
}

/// An entry point of one stage (a fragment one unless made otherwise).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Function {
    pub name: String,
    /// The stage it runs in; decides what its interface means and which instructions it may use.
    pub stage: Stage,
    pub inputs: Arena<Input>,
    pub uniforms: Arena<Uniform>,
    pub samplers: Arena<Sampler>,
    pub outputs: Arena<Output>,
    /// The semantics written on struct-typed variables as a whole, in declaration order.
    pub struct_semantics: Vec<StructSemantic>,
    /// Every value's type. Where a value is defined is its place in `body`.
    pub values: Arena<ValueInfo>,
    pub body: Block,
}

impl Function {
    pub fn new(name: impl Into<String>) -> Function {
        Function {
            name: name.into(),
            ..Function::default()
        }
    }

    /// The type of `value` (which must belong to this function).
    pub fn ty(&self, value: Value) -> Type {
        self.values[value].ty
    }

    pub fn input(&self, name: &str) -> Option<Handle<Input>> {
        self.inputs.find(|i| i.name == name)
    }

    pub fn uniform(&self, name: &str) -> Option<Handle<Uniform>> {
        self.uniforms.find(|u| u.name == name)
    }

    pub fn sampler(&self, name: &str) -> Option<Handle<Sampler>> {
        self.samplers.find(|s| s.name == name)
    }

    pub fn output(&self, name: &str) -> Option<Handle<Output>> {
        self.outputs.find(|o| o.name == name)
    }

    /// Where interface entity `entity` comes from.
    pub fn origin(&self, entity: InterfaceEntity) -> Origin {
        match entity {
            InterfaceEntity::Input(h) => self.inputs[h].origin,
            InterfaceEntity::Uniform(h) => self.uniforms[h].origin,
            InterfaceEntity::Sampler(h) => self.samplers[h].origin,
            InterfaceEntity::Output(h) => self.outputs[h].origin,
        }
    }

    /// The name of interface entity `entity`.
    pub fn entity_name(&self, entity: InterfaceEntity) -> &str {
        match entity {
            InterfaceEntity::Input(h) => &self.inputs[h].name,
            InterfaceEntity::Uniform(h) => &self.uniforms[h].name,
            InterfaceEntity::Sampler(h) => &self.samplers[h].name,
            InterfaceEntity::Output(h) => &self.outputs[h].name,
        }
    }

    /// Every interface entity in declaration order ([`Origin::order`]); entities with the same
    /// order (only IR put together by hand has them) in the order inputs, uniforms, samplers,
    /// outputs.
    pub fn interface(&self) -> Vec<InterfaceEntity> {
        let mut all: Vec<InterfaceEntity> = self
            .inputs
            .iter()
            .map(|(h, _)| InterfaceEntity::Input(h))
            .chain(
                self.uniforms
                    .iter()
                    .map(|(h, _)| InterfaceEntity::Uniform(h)),
            )
            .chain(
                self.samplers
                    .iter()
                    .map(|(h, _)| InterfaceEntity::Sampler(h)),
            )
            .chain(self.outputs.iter().map(|(h, _)| InterfaceEntity::Output(h)))
            .collect();
        // Stable: ties keep the kind order.
        all.sort_by_key(|&e| self.origin(e).order);
        all
    }

    /// An [`Origin::order`] after every interface entity's: where the next one declared goes.
    pub fn next_interface_order(&self) -> u32 {
        self.interface()
            .last()
            .map_or(0, |&e| self.origin(e).order.saturating_add(1))
    }

    /// Every uniform's [`Uniform::initial_elements`], in declaration order: the uniforms of an
    /// interpreter run (`interp::Bindings::uniforms`) for which the application gave no values.
    pub fn initial_uniforms(&self) -> Vec<Vec<Vector>> {
        self.uniforms
            .iter()
            .map(|(_, u)| u.initial_elements())
            .collect()
    }
}

/// Where an interface entity (input, uniform, sampler, output) comes from in the source, for
/// reflection: which entry parameter declares it, and its place among all the function's
/// interface entities. cgc's header lists its `#var`s in that order and numbers them with the
/// parameter (fp30-profile.md section 7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Origin {
    /// The 0-based position of the entry function's parameter that declares the entity (every
    /// member of a struct parameter carries its parameter's); `None` for globals and the return
    /// value.
    pub param: Option<u32>,
    /// Its place in declaration order among every interface entity of the function, whatever
    /// their kind (front ends declare entry parameters first, then globals, then the return
    /// value). Only the relative order means anything: the text form writes entities in this
    /// order rather than the number.
    pub order: u32,
}

/// One entity of a function's interface, of any kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InterfaceEntity {
    Input(Handle<Input>),
    Uniform(Handle<Uniform>),
    Sampler(Handle<Sampler>),
    Output(Handle<Output>),
}

/// A varying input: a per-vertex attribute of a vertex function, an interpolated varying of a
/// fragment function (a Cg `varying` parameter). Read with `input`.
#[derive(Clone, Debug, PartialEq)]
pub struct Input {
    pub name: String,
    pub ty: Type,
    /// Binding, e.g. `TEXCOORD0`, `COLOR0`, `WPOS`.
    pub semantic: Option<String>,
    /// The semantic was counted from the semantic of the struct (or array) that holds the input
    /// rather than written on it: `S s : TEXCOORD5` gives the varying members of `S` that name
    /// no semantic TEXCOORD5, TEXCOORD6, ... in order. Reflection shows such a binding by its
    /// register, and only where the program reads the input (see [`StructSemantic`]).
    pub counted: bool,
    pub origin: Origin,
}

/// The semantic written on a struct-typed entry parameter or global as a whole (`orig O2 :
/// TEXCOORD5`, `T t : TEXUNIT3`). Its members that name no semantic of their own count their
/// bindings up from it, each kind apart: varying members the attribute sets, sampler members the
/// texture units (see [`Input::counted`], [`Sampler::counted`]). Kept for reflection, which
/// lists it on the variable's `#semantic` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StructSemantic {
    /// The declaring entry parameter's position, `None` for a global (as in [`Origin::param`]).
    pub param: Option<u32>,
    /// The variable's name: the first part of its members' paths (`O2` for `O2.tex_coord`).
    pub name: String,
    /// The semantic as written.
    pub semantic: String,
}

/// A uniform, the same for every fragment: read with `uniform`, by element when it is an array.
#[derive(Clone, Debug, PartialEq)]
pub struct Uniform {
    pub name: String,
    /// The type of one element.
    pub ty: Type,
    /// `Some(n)`: an array of `n ≥ 1` elements, indexed by a constant or (on targets that allow it) at
    /// run time.
    pub array_len: Option<u32>,
    /// Binding, e.g. `C3`.
    pub semantic: Option<String>,
    /// The elements are the rows of one source-level matrix (`float4x4 M` as `M[0]`..`M[3]`), so
    /// reflection presents them as one uniform. Only an array may be one **(V)**.
    pub matrix: bool,
    /// The value of each element (one for a non-array uniform) when the application sets none: the
    /// source's initializer. `None`: every component 0 (false).
    pub default: Option<Vec<Vector>>,
    pub origin: Origin,
}

impl Uniform {
    /// The elements this uniform holds before the application sets any: its default, or zeros.
    pub fn initial_elements(&self) -> Vec<Vector> {
        match &self.default {
            Some(values) => values.clone(),
            None => vec![Vector::zero(self.ty); self.array_len.unwrap_or(1) as usize],
        }
    }
}

/// What a sampler's texture coordinates address.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SamplerDim {
    D1,
    D2,
    D3,
    Cube,
    Rect,
}

impl SamplerDim {
    pub const ALL: [SamplerDim; 5] = [
        SamplerDim::D1,
        SamplerDim::D2,
        SamplerDim::D3,
        SamplerDim::Cube,
        SamplerDim::Rect,
    ];

    /// Number of coordinates a lookup needs (and the width of explicit derivatives).
    pub fn coords(self) -> u8 {
        match self {
            SamplerDim::D1 => 1,
            SamplerDim::D2 | SamplerDim::Rect => 2,
            SamplerDim::D3 | SamplerDim::Cube => 3,
        }
    }

    /// The type name in the text form.
    pub fn name(self) -> &'static str {
        match self {
            SamplerDim::D1 => "sampler1d",
            SamplerDim::D2 => "sampler2d",
            SamplerDim::D3 => "sampler3d",
            SamplerDim::Cube => "samplercube",
            SamplerDim::Rect => "samplerrect",
        }
    }

    pub fn from_name(name: &str) -> Option<SamplerDim> {
        SamplerDim::ALL.into_iter().find(|d| d.name() == name)
    }
}

/// A texture sampler uniform.
#[derive(Clone, Debug, PartialEq)]
pub struct Sampler {
    pub name: String,
    pub dim: SamplerDim,
    /// The texture unit, when the source chose one (`TEXUNIT2`); back ends allocate the rest.
    pub unit: Option<u32>,
    /// The unit was counted from the semantic of the struct that holds the sampler (`T t :
    /// TEXUNIT5` gives the sampler members of `T` that name no unit units 5, 6, ...) rather than
    /// written on it; reflection then shows no semantic for it.
    pub counted: bool,
    pub origin: Origin,
}

/// A result written with `store`: the clip position or a varying of a vertex function, a color or
/// depth of a fragment function.
#[derive(Clone, Debug, PartialEq)]
pub struct Output {
    pub name: String,
    pub ty: Type,
    /// Binding, e.g. `COLOR`, `DEPTH`.
    pub semantic: Option<String>,
    /// The component of its semantic's register where the output starts: 0, but for a vertex
    /// output cgc packs into the free components of a texture coordinate set another output uses
    /// (`float2 t8` after a `float2 : TEXCOORD0` is `TEXCOORD0` from component 2, written `.zw`;
    /// see [`crate::varyings`]). `component + width <= 4` **(V)**.
    pub component: u8,
    pub origin: Origin,
}

/// What the IR knows about a value besides where it is defined.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ValueInfo {
    pub ty: Type,
}

/// An SSA value: defined once (by an instruction result, a region result or a loop parameter), used
/// anywhere its definition is in scope.
pub type Value = Handle<ValueInfo>;

/// Where an instruction came from in the front end's source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SourceLoc {
    pub file: FileId,
    pub span: Span,
}

/// A straight-line list of instructions. Only its last instruction may be a terminator.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Block {
    pub insts: Vec<Inst>,
}

impl Block {
    pub fn new() -> Block {
        Block::default()
    }

    /// The terminator that ends the block, if its last instruction is one.
    pub fn terminator(&self) -> Option<&Inst> {
        self.insts.last().filter(|i| i.kind.is_terminator())
    }
}

/// One instruction: what it does, the values it defines, and its source location.
#[derive(Clone, Debug, PartialEq)]
pub struct Inst {
    pub kind: InstKind,
    /// One value for every operation, load and sample; one per region result for `if`, `loop` and
    /// `switch`; none otherwise.
    pub results: Vec<Value>,
    pub loc: Option<SourceLoc>,
}

impl Inst {
    /// The single result of a value-producing instruction.
    pub fn result(&self) -> Option<Value> {
        match self.results.as_slice() {
            [v] if !self.kind.is_region() => Some(*v),
            _ => None,
        }
    }
}

/// A constant or run-time index into a uniform array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UniformIndex {
    Const(u32),
    /// An int scalar; out-of-range indices clamp to the array's bounds.
    Dynamic(Value),
}

/// The forms of a texture lookup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SampleForm {
    /// Coordinates used as given (level of detail from the quad's derivatives).
    Plain,
    /// The last coordinate component is q; the others are divided by it (TXP), except for cube maps.
    Proj,
    /// Explicit derivatives of the coordinates (TXD), each `dim.coords()` wide.
    Grad { ddx: Value, ddy: Value },
    /// An explicit level of detail (a float scalar): no derivatives needed, so valid in a vertex
    /// function.
    Lod { lod: Value },
    /// A bias (a float scalar) added to the level of detail the derivatives give.
    Bias { bias: Value },
    /// One texel read unfiltered (GLSL's `texelFetch`): the coordinates are int texel indices,
    /// `dim.coords()` wide, of mipmap level `lod` (an int scalar). No derivatives are needed.
    Fetch { lod: Value },
}

/// One case of a `switch`.
#[derive(Clone, Debug, PartialEq)]
pub struct SwitchCase {
    /// The selector values that enter this case (distinct across the switch).
    pub values: Vec<i32>,
    pub body: Block,
}

#[derive(Clone, Debug, PartialEq)]
pub enum InstKind {
    /// A constant (a canonical [`Vector`] of the result's type).
    Const(Vector),
    /// A pure operation.
    Op { op: Op, args: Vec<Value> },
    /// The fragment's value of an input.
    LoadInput(crate::Handle<Input>),
    /// A uniform (an element of it when it is an array).
    LoadUniform {
        uniform: crate::Handle<Uniform>,
        index: Option<UniformIndex>,
    },
    /// A texture lookup; the result is float4.
    Sample {
        sampler: crate::Handle<Sampler>,
        form: SampleForm,
        coord: Value,
    },
    /// Writes the value's components, in order, to the output components enabled by `mask`.
    Store {
        output: crate::Handle<Output>,
        mask: WriteMask,
        value: Value,
    },
    /// Marks the fragment discarded. Execution goes on (its results are thrown away), so derivatives in
    /// its quad stay defined.
    Discard,
    /// Structured conditional; its results are the `yield` operands of the branch taken.
    If {
        cond: Value,
        then_block: Block,
        else_block: Block,
    },
    /// Structured loop. `params` are defined at the top of `body`, set from `init` on entry and from
    /// `continue`'s operands for every further iteration; the results are `break`'s operands.
    Loop {
        params: Vec<Value>,
        init: Vec<Value>,
        body: Block,
    },
    /// Multi-way branch on an int scalar; its results are the `yield` operands of the arm taken.
    Switch {
        selector: Value,
        cases: Vec<SwitchCase>,
        default: Block,
    },
    /// Ends an `if` branch or a `switch` arm, giving the region's results.
    Yield(Vec<Value>),
    /// Leaves the innermost loop, giving its results.
    Break(Vec<Value>),
    /// Starts the next iteration of the innermost loop, giving its parameters.
    Continue(Vec<Value>),
    /// Ends the fragment's program.
    Return,
}

impl InstKind {
    pub fn is_terminator(&self) -> bool {
        matches!(
            self,
            InstKind::Yield(_) | InstKind::Break(_) | InstKind::Continue(_) | InstKind::Return
        )
    }

    pub fn is_region(&self) -> bool {
        matches!(
            self,
            InstKind::If { .. } | InstKind::Loop { .. } | InstKind::Switch { .. }
        )
    }

    /// True for instructions that only compute their result (no effects, no control flow): removing an
    /// unused one changes nothing.
    pub fn is_pure(&self) -> bool {
        matches!(
            self,
            InstKind::Const(_)
                | InstKind::Op { .. }
                | InstKind::LoadInput(_)
                | InstKind::LoadUniform { .. }
                | InstKind::Sample { .. }
        )
    }

    /// The values this instruction reads directly (not those read inside its nested blocks).
    pub fn operands(&self) -> Vec<Value> {
        match self {
            InstKind::Const(_) | InstKind::LoadInput(_) | InstKind::Discard | InstKind::Return => {
                Vec::new()
            }
            InstKind::Op { args, .. } => args.clone(),
            InstKind::LoadUniform { index, .. } => match index {
                Some(UniformIndex::Dynamic(v)) => vec![*v],
                _ => Vec::new(),
            },
            InstKind::Sample { form, coord, .. } => match form {
                SampleForm::Grad { ddx, ddy } => vec![*coord, *ddx, *ddy],
                SampleForm::Lod { lod: v }
                | SampleForm::Bias { bias: v }
                | SampleForm::Fetch { lod: v } => vec![*coord, *v],
                SampleForm::Plain | SampleForm::Proj => vec![*coord],
            },
            InstKind::Store { value, .. } => vec![*value],
            InstKind::If { cond, .. } => vec![*cond],
            InstKind::Loop { init, .. } => init.clone(),
            InstKind::Switch { selector, .. } => vec![*selector],
            InstKind::Yield(v) | InstKind::Break(v) | InstKind::Continue(v) => v.clone(),
        }
    }

    /// Calls `f` on every value this instruction reads directly, allowing it to be replaced.
    pub fn map_operands(&mut self, f: &mut impl FnMut(Value) -> Value) {
        let each = |vs: &mut Vec<Value>, f: &mut dyn FnMut(Value) -> Value| {
            for v in vs.iter_mut() {
                *v = f(*v);
            }
        };
        match self {
            InstKind::Const(_) | InstKind::LoadInput(_) | InstKind::Discard | InstKind::Return => {}
            InstKind::Op { args, .. } => each(args, f),
            InstKind::LoadUniform { index, .. } => {
                if let Some(UniformIndex::Dynamic(v)) = index {
                    *v = f(*v);
                }
            }
            InstKind::Sample { form, coord, .. } => {
                *coord = f(*coord);
                match form {
                    SampleForm::Grad { ddx, ddy } => {
                        *ddx = f(*ddx);
                        *ddy = f(*ddy);
                    }
                    SampleForm::Lod { lod: v }
                    | SampleForm::Bias { bias: v }
                    | SampleForm::Fetch { lod: v } => *v = f(*v),
                    SampleForm::Plain | SampleForm::Proj => {}
                }
            }
            InstKind::Store { value, .. } => *value = f(*value),
            InstKind::If { cond, .. } => *cond = f(*cond),
            InstKind::Loop { init, .. } => each(init, f),
            InstKind::Switch { selector, .. } => *selector = f(*selector),
            InstKind::Yield(v) | InstKind::Break(v) | InstKind::Continue(v) => each(v, f),
        }
    }

    /// The nested blocks, in text order.
    pub fn blocks(&self) -> Vec<&Block> {
        match self {
            InstKind::If {
                then_block,
                else_block,
                ..
            } => vec![then_block, else_block],
            InstKind::Loop { body, .. } => vec![body],
            InstKind::Switch { cases, default, .. } => {
                let mut v: Vec<&Block> = cases.iter().map(|c| &c.body).collect();
                v.push(default);
                v
            }
            _ => Vec::new(),
        }
    }

    pub fn blocks_mut(&mut self) -> Vec<&mut Block> {
        match self {
            InstKind::If {
                then_block,
                else_block,
                ..
            } => vec![then_block, else_block],
            InstKind::Loop { body, .. } => vec![body],
            InstKind::Switch { cases, default, .. } => {
                let mut v: Vec<&mut Block> = cases.iter_mut().map(|c| &mut c.body).collect();
                v.push(default);
                v
            }
            _ => Vec::new(),
        }
    }
}

/// Calls `f` on every instruction of `block` and its nested blocks, outer instruction first.
pub fn walk(block: &Block, f: &mut impl FnMut(&Inst)) {
    for inst in &block.insts {
        f(inst);
        for b in inst.kind.blocks() {
            walk(b, f);
        }
    }
}

/// Calls `f` on every instruction, nested blocks first (so `f` may rewrite a region after its contents).
pub fn walk_mut(block: &mut Block, f: &mut impl FnMut(&mut Inst)) {
    for inst in &mut block.insts {
        for b in inst.kind.blocks_mut() {
            walk_mut(b, f);
        }
        f(inst);
    }
}
