//! Lowering a checked ISL unit's surface shader into one Pigment IR fragment function (one pass).
//!
//! The rules are `isl-notes.md`'s: uniform code runs here, at lowering time (uniform values are
//! constants, `repeat` is unrolled, `if` on a uniform relation is decided, user functions are
//! inlined); shader formals of class `parameter` become IR uniforms named as the formal, with the
//! formal's default; `FB` is a float4 IR value that starts as the colour already in the frame
//! buffer (sampler `FB`, a rectangle texture read at `WPOS.xy`) and ends stored to `COLOR`.
//! Light shaders ([`lights`]) are lowered inline into the same function, before the surface's body;
//! the surface's normal N comes in as `TEXCOORD1` (xyz) and its position P as `TEXCOORD2` (xyz), which
//! [`quad_vertex`] gives the reference quad as N = (0, 0, 1, 0) and P = `POSITION`.
//! Every problem is a located diagnostic; lowering never panics.

mod builtins;
mod exec;
mod expr;
mod fb;
mod lights;
mod overrides;
mod params;
mod place;
mod quad;
mod scalar;
mod spline;
mod texmap;
mod value;
mod varying;

pub use quad::quad_vertex;

use crate::ast::*;
use pigment_diag::{Diagnostic, FileId, Span};
use pigment_ir::{Function, FunctionBuilder, Handle, Input, Sampler, Value};
use std::collections::HashMap;
use value::Val;

/// How many statements one lowering may run (unrolled loops and inlined calls count each time).
const MAX_STEPS: usize = 100_000;
/// How many IR values one lowering may create.
const MAX_VALUES: usize = 1_000_000;
/// How many errors one lowering reports before it stops.
const MAX_ERRORS: usize = 50;
/// How deeply user functions may be inlined into each other.
const MAX_INLINE_DEPTH: usize = 32;

/// Lowers the surface shader `shader` of `unit` (which should have checked cleanly), lit by
/// `lights`.
pub fn lower_surface_lit<'u>(
    unit: &'u Unit,
    shader: &str,
    lights: &[crate::Light<'u>],
    uniforms: &[(String, String)],
) -> Result<Function, Vec<Diagnostic>> {
    let Some(func) = find_surface(unit, shader)? else {
        let msg = format!("no shader `{shader}` in this file");
        return Err(vec![Diagnostic::error(msg)]);
    };
    let mut l = Lowerer::new(unit, &func.name.text);
    l.overrides = overrides::Overrides::new(uniforms);
    l.globals(unit);
    if l.diags.is_empty() {
        l.lights(lights);
    }
    if l.diags.is_empty() {
        l.shader(func);
    }
    if l.diags.is_empty() {
        l.diags = l.overrides.unused();
    }
    l.finish()
}

/// The function named `name`, if it is a surface shader or an atmosphere shader (which isl.txt
/// calls "equivalent to surface": it starts with FB set to the rendered colour and returns the
/// attenuated one, so it lowers the same way); an error if it is something else.
fn find_surface<'u>(unit: &'u Unit, name: &str) -> Result<Option<&'u Func>, Vec<Diagnostic>> {
    let found = unit.items.iter().find_map(|i| match i {
        Item::Func(f) if f.name.text == name => Some(f),
        _ => None,
    });
    match found {
        Some(f)
            if matches!(
                f.kind,
                FuncKind::Shader(ShaderKind::Surface | ShaderKind::Atmosphere, _)
            ) =>
        {
            Ok(Some(f))
        }
        Some(f) => {
            let msg = format!(
                "`{name}` is not a surface or atmosphere shader: a light shader is rendered \
                 through a surface that calls ambient(), diffuse() or specular()"
            );
            Err(vec![Diagnostic::error(msg).at(unit.file, f.name.span)])
        }
        None => Ok(None),
    }
}

/// The lowering state: the IR under construction, the variables' values, the frame buffer.
pub(crate) struct Lowerer<'u> {
    pub(crate) file: FileId,
    pub(crate) b: FunctionBuilder,
    pub(crate) diags: Vec<Diagnostic>,
    /// Scopes, innermost last; the first holds the file's global variables.
    pub(crate) scopes: Vec<HashMap<String, Val>>,
    pub(crate) funcs: HashMap<&'u str, &'u Func>,
    /// The current frame buffer colour (float4, clamped).
    pub(crate) fb: Value,
    /// The pixels frame-buffer operations affect (a bool scalar), `None` for all.
    pub(crate) active: Option<Value>,
    pub(crate) texcoord: Option<Handle<Input>>,
    /// The surface normal (`TEXCOORD1`) and position (`TEXCOORD2`) inputs, declared on first use.
    pub(crate) normal: Option<Handle<Input>>,
    pub(crate) position: Option<Handle<Input>>,
    /// What parameter uniform names start with: empty for the surface, `<instance>$` in a light.
    pub(crate) prefix: String,
    /// The lowered light instances.
    pub(crate) lit: Vec<lights::LitLight>,
    pub(crate) samplers: HashMap<String, Handle<Sampler>>,
    pub(crate) steps: usize,
    pub(crate) depth: usize,
    /// A call could not be inlined (too deep); reported once.
    pub(crate) inline_failed: bool,
    /// The values the renderer gives the surface's uniforms.
    pub(crate) overrides: overrides::Overrides,
}

impl<'u> Lowerer<'u> {
    fn new(unit: &'u Unit, name: &str) -> Lowerer<'u> {
        let mut b = FunctionBuilder::new(name);
        let fb = fb::read_frame_buffer(&mut b);
        let funcs = funcs_of(unit);
        Lowerer {
            file: unit.file,
            b,
            diags: Vec::new(),
            scopes: vec![HashMap::new()],
            funcs,
            fb,
            active: None,
            texcoord: None,
            normal: None,
            position: None,
            prefix: String::new(),
            lit: Vec::new(),
            samplers: HashMap::new(),
            steps: 0,
            depth: 0,
            inline_failed: false,
            overrides: overrides::Overrides::default(),
        }
    }

    /// Reports an error once per place and message (unrolled loops and inlined calls repeat
    /// code); after [`MAX_ERRORS`] lowering stops.
    pub(crate) fn error(&mut self, span: Span, msg: impl Into<String>) {
        let d = Diagnostic::error(msg).at(self.file, span);
        if self.diags.contains(&d) {
            return;
        }
        if self.diags.len() >= MAX_ERRORS {
            self.steps = self.steps.max(MAX_STEPS + 2);
            return;
        }
        self.diags.push(d);
    }

    /// The file's global variables, evaluated in order.
    fn globals(&mut self, unit: &Unit) {
        for item in &unit.items {
            if let Item::Var(d) = item {
                self.settable_decl(d);
            }
        }
    }

    /// The shader: formals, then the body; the final FB goes to `COLOR`.
    fn shader(&mut self, f: &Func) {
        self.scopes.push(HashMap::new());
        for d in &f.formals {
            self.shader_formal(d);
        }
        if !self.diags.is_empty() {
            return;
        }
        if let Some(v) = self.body(&f.body) {
            self.fb = self.varying_of(v, f.body.span);
        }
        self.locate(f.body.span);
        fb::store_color(&mut self.b, self.fb);
    }

    /// A function body; the value of its final `return`, if any.
    pub(crate) fn body(&mut self, body: &Block) -> Option<Val> {
        self.block_stmts(&body.stmts)
    }

    fn finish(self) -> Result<Function, Vec<Diagnostic>> {
        if !self.diags.is_empty() {
            return Err(self.diags);
        }
        let func = self.b.finish().map_err(|errs| internal(&errs))?;
        let errs = pigment_ir::verify_function(&func);
        if !errs.is_empty() {
            let errs: Vec<String> = errs.iter().map(|e| format!("{e:?}")).collect();
            return Err(internal(&errs));
        }
        Ok(func)
    }
}

/// The functions of `unit` by name.
pub(crate) fn funcs_of(unit: &Unit) -> HashMap<&str, &Func> {
    unit.items
        .iter()
        .filter_map(|i| match i {
            Item::Func(f) => Some((f.name.text.as_str(), f)),
            _ => None,
        })
        .collect()
}

fn internal(errs: &[String]) -> Vec<Diagnostic> {
    let msg = format!("internal error lowering ISL: {}", errs.join("; "));
    vec![Diagnostic::error(msg)]
}
