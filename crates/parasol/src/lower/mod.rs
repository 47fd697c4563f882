//! Lowering a checked fragment shader into the shading IR.
//!
//! Terms are inlined: a value or function is lowered where it is used, with its arguments bound to
//! the IR values of the call's arguments, so the IR function has no calls. `if` lowers to a `select`
//! of both branches (Parasol expressions are pure); discards are emitted in source order; outputs
//! are stored at the end. Inputs bind to `TEXCOORD0`, `TEXCOORD1`, ... in declaration order; output
//! `as 0` is `COLOR`, `as N` `COLORN`; `out depth` is `DEPTH`; parameters are uniforms and samplers
//! named as in Parasol (record fields as `name$field` uniforms, a matrix as an array of its columns).
//! Records and matrices are split (fields, columns) while lowering. Externals with no IR operation
//! yet are reported as unsupported (`LOWER_UNSUPPORTED`), never miscompiled.

mod externals;

use crate::ast::*;
use crate::check::env::{Env, ModuleInfo};
use crate::check::types::Ty;
use pigment_diag::{Diagnostic, FileId, Span};
use pigment_ir::{
    Function, FunctionBuilder, Op, SampleForm, SamplerDim, ScalarKind, Stage, Type, Value,
    WriteMask,
};

/// The error name of constructs the lowering does not handle yet.
pub const LOWER_UNSUPPORTED: &str = "LOWER_UNSUPPORTED";

/// A lowered Parasol value: an IR value with its Parasol type, or a sampler.
#[derive(Clone)]
pub(crate) enum Val {
    Data(Value, Ty),
    Sampler(pigment_ir::Handle<pigment_ir::Sampler>),
    /// A matrix, split into its columns.
    Matrix(Vec<Value>),
    /// A record, split into its fields in declaration order.
    Record(Ty, Vec<(String, Val)>),
}

type Lowered<T> = Result<T, Diagnostic>;

/// Lowers fragment shader `path` (`package.Module.name`) of checked units into an IR function.
pub fn lower_fragment(units: &[Unit], path: &str) -> Result<Function, Diagnostic> {
    lower(units, path, Stage::Fragment)
}

/// Lowers vertex shader `path` (`package.Module.name`) into an IR vertex function: inputs are the
/// attributes `ATTR0`, `ATTR1`, ... in declaration order, the `out vertex` output is `POSITION`,
/// the other outputs `TEXCOORD0`, `TEXCOORD1`, ... in declaration order.
pub fn lower_vertex(units: &[Unit], path: &str) -> Result<Function, Diagnostic> {
    lower(units, path, Stage::Vertex)
}

/// Lowers the vertex or fragment shader `path`, whichever it is.
pub fn lower_shader(units: &[Unit], path: &str) -> Result<Function, Diagnostic> {
    match lower(units, path, Stage::Fragment) {
        Err(d) if d.message.ends_with("is not a fragment shader") => {
            lower(units, path, Stage::Vertex)
        }
        other => other,
    }
}

/// Lowers program `path`'s vertex and fragment shaders so that they connect: each vertex output
/// feeding fragment input N (same name) is `TEXCOORDN`; the vertex's other outputs follow.
pub fn lower_program(units: &[Unit], path: &str) -> Result<(Function, Function), Diagnostic> {
    let (vertex, fragment) = program_shaders(units, path)?;
    let env = Env::new(units);
    let not_program = || Diagnostic::error(format!("`{path}` is not a program"));
    let (fm, fname) = fragment.rsplit_once('.').ok_or_else(not_program)?;
    let inputs = match env.modules.get(fm).and_then(|m| m.shaders.get(fname)) {
        Some(Shader::Fragment(f)) => f
            .ios
            .iter()
            .filter(|io| io.kind == IoKind::Input)
            .map(|io| io.name.text.clone())
            .collect(),
        _ => return Err(not_program()),
    };
    Ok((
        lower_with(units, &vertex, Stage::Vertex, inputs)?,
        lower(units, &fragment, Stage::Fragment)?,
    ))
}

/// The full paths (`package.Module.name`) of program `path`'s vertex and fragment shaders.
pub fn program_shaders(units: &[Unit], path: &str) -> Result<(String, String), Diagnostic> {
    let env = Env::new(units);
    let not_program = || Diagnostic::error(format!("`{path}` is not a program"));
    let (module_key, name) = path.rsplit_once('.').ok_or_else(not_program)?;
    let m = env.modules.get(module_key).ok_or_else(not_program)?;
    let Some(Shader::Program(p)) = m.shaders.get(name) else {
        return Err(not_program());
    };
    let full = |sp: &Path| -> Option<String> {
        Some(format!("{}.{}", env.target(m, sp)?.key, sp.name.text))
    };
    Ok((
        full(&p.vertex).ok_or_else(not_program)?,
        full(&p.fragment).ok_or_else(not_program)?,
    ))
}

fn lower(units: &[Unit], path: &str, stage: Stage) -> Result<Function, Diagnostic> {
    lower_with(units, path, stage, Vec::new())
}

fn lower_with(
    units: &[Unit],
    path: &str,
    stage: Stage,
    varyings: Vec<String>,
) -> Result<Function, Diagnostic> {
    let env = Env::new(units);
    let (module_key, name) = path.rsplit_once('.').ok_or_else(|| {
        Diagnostic::error(format!("`{path}` is not a `package.Module.shader` path"))
    })?;
    let m = env
        .modules
        .get(module_key)
        .ok_or_else(|| Diagnostic::error(format!("no module `{module_key}`")))?;
    let s = match (m.shaders.get(name), stage) {
        (Some(Shader::Fragment(s)), Stage::Fragment) | (Some(Shader::Vertex(s)), Stage::Vertex) => {
            s
        }
        _ => {
            let what = if stage == Stage::Vertex {
                "vertex"
            } else {
                "fragment"
            };
            return Err(Diagnostic::error(format!(
                "`{path}` is not a {what} shader"
            )));
        }
    };
    let mut l = Lowerer {
        env: &env,
        b: FunctionBuilder::new(name),
        depth: 0,
        coordinate: None,
        varyings,
    };
    l.b.set_stage(stage);
    l.shader(m, s, stage)?;
    l.b.finish().map_err(|errors| {
        Diagnostic::error(format!(
            "internal error: the lowered IR is invalid: {}",
            errors.join("; ")
        ))
    })
}

struct Lowerer<'e, 'a> {
    env: &'e Env<'a>,
    b: FunctionBuilder,
    /// Inlining depth, bounded as the checker has already ruled out recursion.
    depth: u32,
    /// The window-position input, declared when `Fragment.coordinate` is first used.
    coordinate: Option<pigment_ir::Handle<pigment_ir::Input>>,
    /// For a vertex shader lowered in a program: the fragment shader's input names in declaration
    /// order, so that an output feeding input N gets `TEXCOORDN`.
    varyings: Vec<String>,
}

/// Local bindings while lowering one body, innermost last.
type Scope = Vec<(String, Val)>;

fn ir_type(ty: &Ty) -> Option<Type> {
    Some(match ty {
        Ty::Bool => Type::new(ScalarKind::Bool, 1),
        Ty::Int => Type::new(ScalarKind::Int, 1),
        Ty::Float => Type::FLOAT,
        Ty::Vector(n, true) => Type::new(ScalarKind::Float, *n),
        Ty::Vector(n, false) => Type::new(ScalarKind::Int, *n),
        _ => return None,
    })
}

fn unsupported(file: FileId, span: Span, what: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(format!("{what} cannot be lowered yet"))
        .with_code(LOWER_UNSUPPORTED)
        .at(file, span)
}

impl<'e, 'a> Lowerer<'e, 'a> {
    fn shader(&mut self, m: &'e ModuleInfo<'a>, s: &StageShader, stage: Stage) -> Lowered<()> {
        let mut scope = Scope::new();
        let mut inputs = 0;
        let mut varyings = 0;
        let mut outputs = Vec::new();
        for io in &s.ios {
            let ty = resolve_ty(self.env, m, &io.ty);
            let unsupported_io = || {
                unsupported(
                    m.file,
                    io.ty.span(),
                    format!("`{}` of type `{ty}`", io.name.text),
                )
            };
            match (&io.kind, &ty) {
                (IoKind::Parameter, Ty::Sampler2D | Ty::SamplerCube) => {
                    let dim = if ty == Ty::Sampler2D {
                        SamplerDim::D2
                    } else {
                        SamplerDim::Cube
                    };
                    let h = self.b.sampler(&io.name.text, dim, None);
                    scope.push((io.name.text.clone(), Val::Sampler(h)));
                }
                (IoKind::Parameter, _) => {
                    let v = self
                        .parameter(&io.name.text, &ty)
                        .ok_or_else(unsupported_io)?;
                    scope.push((io.name.text.clone(), v));
                }
                (IoKind::Input, _) => {
                    let t = ir_type(&ty).ok_or_else(unsupported_io)?;
                    let semantic = match stage {
                        Stage::Fragment => format!("TEXCOORD{inputs}"),
                        Stage::Vertex => format!("ATTR{inputs}"),
                    };
                    inputs += 1;
                    let h = self.b.input(&io.name.text, t, Some(&semantic));
                    let v = self.b.load_input(h);
                    scope.push((io.name.text.clone(), Val::Data(v, ty.clone())));
                }
                (IoKind::Output(index), _) => {
                    let t = ir_type(&ty).ok_or_else(unsupported_io)?;
                    let semantic = match (stage, index.map_or(0, |(i, _)| i)) {
                        (Stage::Vertex, _) => {
                            let n = match self.varyings.iter().position(|v| *v == io.name.text) {
                                Some(n) => n,
                                None => {
                                    varyings += 1;
                                    self.varyings.len() + varyings - 1
                                }
                            };
                            format!("TEXCOORD{n}")
                        }
                        (_, 0) => "COLOR".to_string(),
                        (_, i) => format!("COLOR{i}"),
                    };
                    outputs.push((
                        io.name.text.clone(),
                        self.b.output(&io.name.text, t, Some(&semantic)),
                        t.width,
                    ));
                }
                (IoKind::OutputDepth, _) => {
                    outputs.push((
                        io.name.text.clone(),
                        self.b.output(&io.name.text, Type::FLOAT, Some("DEPTH")),
                        1,
                    ));
                }
                (IoKind::OutputMain, _) => {
                    let t = Type::new(ScalarKind::Float, 4);
                    let h = self.b.output(&io.name.text, t, Some("POSITION"));
                    outputs.push((io.name.text.clone(), h, 4));
                }
            }
        }
        for local in &s.locals {
            match local {
                Local::Value(v) => {
                    let val = self.expr(m, &mut scope, &v.value)?;
                    scope.push((v.name.text.clone(), val));
                }
                Local::Discard(e, _) => {
                    let Val::Data(c, _) = self.expr(m, &mut scope, e)? else {
                        unreachable_sampler(m.file, e.span)?
                    };
                    // `discard` inside an `if` on the condition, as the IR has no conditional kill.
                    self.b.begin_if(c, &[]);
                    self.b.discard();
                    self.b.begin_else();
                    self.b.end_if();
                }
            }
        }
        // Depth is written last (notes: the reference writes it after the colour outputs).
        outputs.sort_by_key(|(name, _, _)| {
            s.ios
                .iter()
                .any(|io| io.name.text == *name && io.kind == IoKind::OutputDepth)
        });
        for (name, handle, width) in outputs {
            let Some(assign) = s.outputs.iter().find(|o| o.name.text == name) else {
                continue;
            };
            let value = self.term(m, &mut scope, &assign.value, assign.value.span())?;
            let Val::Data(v, _) = value else {
                unreachable_sampler(m.file, assign.value.span())?
            };
            self.b.store(handle, WriteMask::all(width), v);
        }
        Ok(())
    }

    /// A parameter as uniforms: records field by field (`name$field`), a matrix as an array of
    /// its columns. `None` for types with no uniform form.
    fn parameter(&mut self, name: &str, ty: &Ty) -> Option<Val> {
        match ty {
            Ty::Matrix(n) => {
                let u = self.b.uniform(
                    name,
                    Type::new(ScalarKind::Float, *n),
                    Some(*n as u32),
                    None,
                );
                let cols = (0..*n as u32)
                    .map(|i| {
                        self.b
                            .load_uniform(u, Some(pigment_ir::UniformIndex::Const(i)))
                    })
                    .collect();
                Some(Val::Matrix(cols))
            }
            Ty::Record(..) => {
                let (rm, decl) = record(self.env, ty)?;
                let mut fields = Vec::new();
                for f in &decl.fields {
                    let ft = resolve_ty(self.env, rm, &f.ty);
                    let v = self.parameter(&format!("{name}${}", f.name.text), &ft)?;
                    fields.push((f.name.text.clone(), v));
                }
                Some(Val::Record(ty.clone(), fields))
            }
            _ => {
                let u = self.b.uniform(name, ir_type(ty)?, None, None);
                Some(Val::Data(self.b.load_uniform(u, None), ty.clone()))
            }
        }
    }

    fn data(&mut self, m: &'e ModuleInfo<'a>, scope: &mut Scope, e: &Expr) -> Lowered<(Value, Ty)> {
        match self.expr(m, scope, e)? {
            Val::Data(v, t) => Ok((v, t)),
            _ => unreachable_sampler(m.file, e.span),
        }
    }

    /// `if` over any value: a select per component value.
    fn select(&mut self, c: Value, t: Val, f: Val) -> Option<Val> {
        Some(match (t, f) {
            (Val::Data(t, ty), Val::Data(f, _)) => {
                let width = ir_type(&ty).map_or(1, |t| t.width);
                let c = if width > 1 { self.b.splat(c, width) } else { c };
                Val::Data(self.b.select(c, t, f), ty)
            }
            (Val::Matrix(t), Val::Matrix(f)) => {
                let n = t.len() as u8;
                let c = self.b.splat(c, n);
                Val::Matrix(
                    t.into_iter()
                        .zip(f)
                        .map(|(t, f)| self.b.select(c, t, f))
                        .collect(),
                )
            }
            (Val::Record(ty, t), Val::Record(_, f)) => {
                let mut fields = Vec::new();
                for ((name, t), (_, f)) in t.into_iter().zip(f) {
                    fields.push((name, self.select(c, t, f)?));
                }
                Val::Record(ty, fields)
            }
            _ => return None,
        })
    }

    fn expr(&mut self, m: &'e ModuleInfo<'a>, scope: &mut Scope, e: &Expr) -> Lowered<Val> {
        Ok(match &e.kind {
            ExprKind::Int(i) => Val::Data(self.b.int(*i), Ty::Int),
            ExprKind::Real(r) => Val::Data(self.b.float(&[*r as f32]), Ty::Float),
            ExprKind::Bool(b) => Val::Data(self.b.bool(*b), Ty::Bool),
            ExprKind::Var(p) => self.term(m, scope, p, e.span)?,
            ExprKind::Apply(p, args) => {
                let mut vals = Vec::new();
                for a in args {
                    vals.push(self.expr(m, scope, a)?);
                }
                self.apply(m, p, vals, e.span)?
            }
            ExprKind::If(c, t, f) => {
                let (c, _) = self.data(m, scope, c)?;
                let t = self.expr(m, scope, t)?;
                let f = self.expr(m, scope, f)?;
                self.select(c, t, f)
                    .ok_or_else(|| unsupported(m.file, e.span, "a conditional on samplers"))?
            }
            ExprKind::Let(locals, body) => {
                let depth = scope.len();
                for l in locals {
                    let v = self.expr(m, scope, &l.value)?;
                    scope.push((l.name.text.clone(), v));
                }
                let v = self.expr(m, scope, body);
                scope.truncate(depth);
                v?
            }
            ExprKind::New(p, args) if matches!(resolve_ty(self.env, m, p), Ty::Matrix(_)) => {
                let mut cols = Vec::new();
                for a in args {
                    cols.push(self.data(m, scope, a)?.0);
                }
                Val::Matrix(cols)
            }
            ExprKind::New(p, args) => {
                let ty = resolve_ty(self.env, m, p);
                let mut vals = Vec::new();
                for a in args {
                    vals.push(self.data(m, scope, a)?);
                }
                self.construct(m.file, e.span, ty, vals)?
            }
            ExprKind::Swizzle(v, fields) => {
                let (v, ty) = self.data(m, scope, v)?;
                let comps: Vec<u8> = fields
                    .iter()
                    .map(|f| {
                        ["x", "y", "z", "w"]
                            .iter()
                            .position(|c| *c == f.text)
                            .unwrap_or(0) as u8
                    })
                    .collect();
                let Ty::Vector(_, float) = ty else {
                    return Err(unsupported(m.file, e.span, "this swizzle"));
                };
                let out = match (comps.len(), float) {
                    (1, true) => Ty::Float,
                    (1, false) => Ty::Int,
                    (k, f) => Ty::Vector(k as u8, f),
                };
                Val::Data(self.b.swizzle(v, &comps), out)
            }
            ExprKind::Record(p, given) => {
                let ty = resolve_ty(self.env, m, p);
                let (_, decl) = record(self.env, &ty)
                    .ok_or_else(|| unsupported(m.file, e.span, "this record"))?;
                let mut values = Vec::new();
                for (name, value) in given {
                    values.push((name.text.clone(), self.expr(m, scope, value)?));
                }
                // Fields in declaration order, whatever order the expression gives them in.
                let fields = decl
                    .fields
                    .iter()
                    .filter_map(|f| values.iter().find(|(n, _)| *n == f.name.text).cloned())
                    .collect();
                Val::Record(ty, fields)
            }
            ExprKind::Project(r, field) => match self.expr(m, scope, r)? {
                Val::Record(_, fields) => fields
                    .into_iter()
                    .find(|(n, _)| *n == field.text)
                    .map(|(_, v)| v)
                    .ok_or_else(|| unsupported(m.file, e.span, "this projection"))?,
                _ => return Err(unsupported(m.file, e.span, "this projection")),
            },
            ExprKind::Column(mx, i, _) => match self.expr(m, scope, mx)? {
                Val::Matrix(cols) => {
                    let n = cols.len() as u8;
                    Val::Data(cols[*i as usize], Ty::Vector(n, true))
                }
                _ => return Err(unsupported(m.file, e.span, "this column access")),
            },
            ExprKind::Error => return Err(unsupported(m.file, e.span, "a malformed expression")),
        })
    }

    /// `new T (args)`: conversions of scalars, and vectors from concatenated components.
    fn construct(
        &mut self,
        file: FileId,
        span: Span,
        ty: Ty,
        args: Vec<(Value, Ty)>,
    ) -> Lowered<Val> {
        let v = match (&ty, args.as_slice()) {
            (Ty::Float | Ty::Int, [(v, from)]) => self.convert(*v, from, &ty),
            (Ty::Bool, [(v, from)]) => match from {
                Ty::Bool => *v,
                Ty::Float => {
                    let z = self.b.float(&[0.0]);
                    self.b.binary(Op::Ne, *v, z)
                }
                _ => {
                    let z = self.b.int(0);
                    self.b.binary(Op::Ne, *v, z)
                }
            },
            (Ty::Vector(..), _) => {
                let parts: Vec<Value> = args.iter().map(|(v, _)| *v).collect();
                if parts.len() == 1 {
                    parts[0]
                } else {
                    self.b.construct(&parts)
                }
            }
            _ => return Err(unsupported(file, span, format!("a `{ty}` value"))),
        };
        Ok(Val::Data(v, ty))
    }

    fn convert(&mut self, v: Value, from: &Ty, to: &Ty) -> Value {
        match (from, to) {
            (a, b) if a == b => v,
            (Ty::Bool, _) => {
                let (one, zero) = if *to == Ty::Float {
                    (self.b.float(&[1.0]), self.b.float(&[0.0]))
                } else {
                    (self.b.int(1), self.b.int(0))
                };
                self.b.select(v, one, zero)
            }
            (_, Ty::Int) => self.b.cvt(v, ScalarKind::Int),
            _ => self.b.cvt(v, ScalarKind::Float),
        }
    }

    /// A term: a local, or a module-level value (inlined).
    fn term(
        &mut self,
        m: &'e ModuleInfo<'a>,
        scope: &mut Scope,
        p: &Path,
        span: Span,
    ) -> Lowered<Val> {
        if p.module.is_none() {
            if let Some((_, v)) = scope.iter().rev().find(|(n, _)| *n == p.name.text) {
                return Ok(v.clone());
            }
        }
        let (tm, decl) = self.decl(m, p)?;
        match decl {
            Decl::Value(v) => match &v.body {
                Body::Expr(e) => self.inline(tm, Scope::new(), e),
                Body::External(x) if x.name.text == "com_io7m_parasol_fragment_coordinate" => {
                    let ty = Type::new(ScalarKind::Float, 4);
                    let b = &mut self.b;
                    let h = *self
                        .coordinate
                        .get_or_insert_with(|| b.input("parasol$coordinate", ty, Some("WPOS")));
                    Ok(Val::Data(self.b.load_input(h), Ty::Vector(4, true)))
                }
                Body::External(x) => Err(unsupported(
                    m.file,
                    span,
                    format!("the external `{}`", x.name.text),
                )),
            },
            _ => Err(unsupported(
                m.file,
                span,
                format!("the function `{p}` used as a value"),
            )),
        }
    }

    fn decl(&self, m: &'e ModuleInfo<'a>, p: &Path) -> Lowered<(&'e ModuleInfo<'a>, &'a Decl)> {
        let tm = self
            .env
            .target(m, p)
            .ok_or_else(|| unsupported(m.file, p.span(), format!("`{p}`")))?;
        let decl = *tm
            .terms
            .get(&p.name.text)
            .ok_or_else(|| unsupported(m.file, p.span(), format!("`{p}`")))?;
        Ok((tm, decl))
    }

    fn inline(&mut self, m: &'e ModuleInfo<'a>, mut scope: Scope, e: &Expr) -> Lowered<Val> {
        self.depth += 1;
        if self.depth > 512 {
            return Err(unsupported(m.file, e.span, "inlining this deeply"));
        }
        let v = self.expr(m, &mut scope, e);
        self.depth -= 1;
        v
    }

    fn apply(
        &mut self,
        m: &'e ModuleInfo<'a>,
        p: &Path,
        args: Vec<Val>,
        span: Span,
    ) -> Lowered<Val> {
        let (tm, decl) = self.decl(m, p)?;
        let Decl::Function(f) = decl else {
            return Err(unsupported(m.file, span, format!("`{p}`")));
        };
        match &f.body {
            Body::Expr(e) => {
                let scope = f
                    .params
                    .iter()
                    .map(|p| p.name.text.clone())
                    .zip(args)
                    .collect();
                self.inline(tm, scope, e)
            }
            Body::External(x) => {
                let ret = resolve_ty(self.env, tm, &f.ret);
                // The instructions of a standard library call carry the call's location (the
                // version checks point at a `texture_with_lod` so).
                self.b
                    .set_loc(Some(pigment_ir::SourceLoc { file: m.file, span }));
                let lowered = externals::external(&mut self.b, &x.name.text, args, ret);
                self.b.set_loc(None);
                lowered.ok_or_else(|| {
                    unsupported(m.file, span, format!("the standard library function `{p}`"))
                })
            }
        }
    }
}

/// The checker guarantees samplers only reach the texture functions.
fn unreachable_sampler<T>(file: FileId, span: Span) -> Lowered<T> {
    Err(unsupported(file, span, "a sampler used as a value"))
}

/// A record type's module and declaration.
fn record<'e, 'a>(env: &'e Env<'a>, ty: &Ty) -> Option<(&'e ModuleInfo<'a>, &'a TypeDecl)> {
    let Ty::Record(key, name) = ty else {
        return None;
    };
    let m = env.modules.get(key)?;
    Some((m, *m.types.get(name)?))
}

/// A checked type path's type (for the version checks too).
pub(crate) fn resolve_type(env: &Env, m: &ModuleInfo, p: &Path) -> Ty {
    resolve_ty(env, m, p)
}

/// A checked type path's type.
fn resolve_ty(env: &Env, m: &ModuleInfo, p: &Path) -> Ty {
    if p.module.is_none() {
        if let Some(t) = Ty::builtin(&p.name.text) {
            return t;
        }
    }
    let key = env.target(m, p).map_or(m.key.clone(), |t| t.key.clone());
    Ty::Record(key, p.name.text.clone())
}

pub(crate) enum Arg {
    Data(Value, Ty),
    Sampler(pigment_ir::Handle<pigment_ir::Sampler>),
    Matrix(Vec<Value>),
    Unsupported,
}

/// A value passed to an external: its IR value, the sampler, or a matrix's columns.
impl From<Val> for Arg {
    fn from(v: Val) -> Arg {
        match v {
            Val::Data(v, t) => Arg::Data(v, t),
            Val::Sampler(h) => Arg::Sampler(h),
            Val::Matrix(cols) => Arg::Matrix(cols),
            Val::Record(..) => Arg::Unsupported,
        }
    }
}

/// Wraps an external's IR result with its Parasol type.
pub(crate) fn data(v: Value, ty: Ty) -> Option<Val> {
    Some(Val::Data(v, ty))
}

pub(crate) fn sample(
    b: &mut FunctionBuilder,
    s: pigment_ir::Handle<pigment_ir::Sampler>,
    form: SampleForm,
    coord: Value,
) -> Option<Val> {
    data(b.sample(s, form, coord), Ty::Vector(4, true))
}

pub(crate) use Val as LoweredVal;
