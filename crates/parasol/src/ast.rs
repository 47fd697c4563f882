//! The Parasol syntax tree, as parsed: units, modules, declarations, shaders and expressions, each
//! node carrying the span it came from.

use pigment_diag::{FileId, Span};

/// A name as written, with its place.
#[derive(Clone, Debug, PartialEq)]
pub struct Name {
    pub text: String,
    pub span: Span,
}

/// A term, type or shader path: `name` or `Module.name`.
#[derive(Clone, Debug, PartialEq)]
pub struct Path {
    pub module: Option<Name>,
    pub name: Name,
}

impl Path {
    pub fn span(&self) -> Span {
        match &self.module {
            Some(m) => m.span.to(self.name.span),
            None => self.name.span,
        }
    }
}

impl std::fmt::Display for Path {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.module {
            Some(m) => write!(f, "{}.{}", m.text, self.name.text),
            None => write!(f, "{}", self.name.text),
        }
    }
}

/// One source file: a package and its modules.
#[derive(Clone, Debug)]
pub struct Unit {
    pub file: FileId,
    pub package: Vec<Name>,
    pub modules: Vec<Module>,
}

#[derive(Clone, Debug)]
pub struct Module {
    pub name: Name,
    pub imports: Vec<Import>,
    pub decls: Vec<Decl>,
}

/// `import a.b.M [as N]`.
#[derive(Clone, Debug)]
pub struct Import {
    pub package: Vec<Name>,
    pub module: Name,
    pub rename: Option<Name>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum Decl {
    Value(ValueDecl),
    Function(FunctionDecl),
    Type(TypeDecl),
    Shader(Shader),
}

/// A value's or function's body: an expression, or (standard library only) an external.
#[derive(Clone, Debug)]
pub enum Body {
    Expr(Expr),
    External(External),
}

/// `external NAME is [restrict N PROFILE;]... vertex B; fragment B; [with E] end`.
#[derive(Clone, Debug)]
pub struct External {
    pub name: Name,
    /// The GLSL versions the external is not available in (`restrict N PROFILE;`).
    pub restricted: Vec<GlslVersion>,
    pub vertex: bool,
    pub fragment: bool,
    pub emulation: Option<Expr>,
}

/// A GLSL version as an external's `restrict` names it: `110 full`, `100 es`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GlslVersion {
    pub number: u32,
    pub es: bool,
}

#[derive(Clone, Debug)]
pub struct ValueDecl {
    pub name: Name,
    pub ascription: Option<Path>,
    pub body: Body,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub name: Name,
    pub ty: Path,
}

#[derive(Clone, Debug)]
pub struct FunctionDecl {
    pub name: Name,
    pub params: Vec<Param>,
    pub ret: Path,
    pub body: Body,
}

#[derive(Clone, Debug)]
pub struct TypeDecl {
    pub name: Name,
    pub fields: Vec<Param>,
}

#[derive(Clone, Debug)]
pub enum Shader {
    Vertex(StageShader),
    Fragment(StageShader),
    Program(ProgramDecl),
}

impl Shader {
    pub fn name(&self) -> &Name {
        match self {
            Shader::Vertex(s) | Shader::Fragment(s) => &s.name,
            Shader::Program(p) => &p.name,
        }
    }
}

#[derive(Clone, Debug)]
pub struct ProgramDecl {
    pub name: Name,
    pub vertex: Path,
    pub fragment: Path,
}

/// What a shader's header line declares.
#[derive(Clone, Debug, PartialEq)]
pub enum IoKind {
    Parameter,
    Input,
    /// `out x : T` (vertex) or `out x : T as N` (fragment: the index and its span).
    Output(Option<(i32, Span)>),
    /// `out vertex x : T`.
    OutputMain,
    /// `out depth x : T`.
    OutputDepth,
}

#[derive(Clone, Debug)]
pub struct ShaderIo {
    pub kind: IoKind,
    pub name: Name,
    pub ty: Path,
    pub span: Span,
}

/// A local declaration inside a shader's `with` block (or a `let`).
#[derive(Clone, Debug)]
pub enum Local {
    Value(LocalValue),
    Discard(Expr, Span),
}

#[derive(Clone, Debug)]
pub struct LocalValue {
    pub name: Name,
    pub ascription: Option<Path>,
    pub value: Expr,
}

/// `out name = path`.
#[derive(Clone, Debug)]
pub struct OutAssign {
    pub name: Name,
    pub value: Path,
}

/// A vertex or fragment shader.
#[derive(Clone, Debug)]
pub struct StageShader {
    pub name: Name,
    pub ios: Vec<ShaderIo>,
    pub locals: Vec<Local>,
    pub outputs: Vec<OutAssign>,
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Int(i32),
    Real(f64),
    Bool(bool),
    Var(Path),
    Apply(Path, Vec<Expr>),
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    Let(Vec<LocalValue>, Box<Expr>),
    New(Path, Vec<Expr>),
    Record(Path, Vec<(Name, Expr)>),
    /// `column e N`: the matrix, the index and its span.
    Column(Box<Expr>, i32, Span),
    Swizzle(Box<Expr>, Vec<Name>),
    Project(Box<Expr>, Name),
    /// Left by the parser where an expression failed to parse.
    Error,
}
