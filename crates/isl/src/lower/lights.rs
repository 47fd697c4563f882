//! Lights ("Lights" in the notes): the light shaders of the scene, each lowered once, inline, into
//! the surface's fragment function before the surface's body, and the lighting built-ins
//! `ambient()`, `diffuse()` and `specular(e)` that sum them per pixel.
//!
//! A light instance ([`crate::Light`]) names a light shader of some unit and an instance name.
//! Its shader runs like an inlined varying function with its own unit's globals and functions:
//! its `parameter` formals become IR uniforms named `<instance>$<formal>` (with their defaults),
//! its `shadermatrix` the matrix uniform `<instance>$shadermatrix` (identity by default). `isl.txt`
//! says what FB holds at the start of a surface or atmosphere shader but not of a light; a light's
//! FB result "is the light's colour reaching the surface", so its FB starts as (0, 0, 0, 0), no
//! light, and the light's colour is its `return` value or its final FB, a varying colour (clamped).
//!
//! Geometry: the surface normal N is the fragment input `TEXCOORD1` (xyz, normalised here) and the
//! surface position P is `TEXCOORD2` (xyz). A distant light's direction to the light is
//! L = normalize((0, 0, 1, 0) · M) (its shadermatrix M's row 2, points as row vectors); a point light
//! sits at (0, 0, 0, 1) · M (M's last row) and L = normalize(position − P). With V = (0, 0, 1) and
//! H = normalize(L + V):
//! `ambient()` = Σ ambient colours, `diffuse()` = Σ colour · max(N·L, 0),
//! `specular(e)` = Σ colour · max(N·H, 0)^e, over the rgb channels. Each built-in is one varying
//! operation: its sum is clamped to [0, 1] once (the terms are not), and its alpha is 1. With no
//! light of the kind a sum is empty: (0, 0, 0, 1). A light shader that itself calls a lighting
//! built-in sees only the instances lowered before it. Instance names are ASCII letters, digits
//! and `_`, each used once.

use super::value::S;
use super::{funcs_of, Lowerer};
use crate::ast::*;
use crate::Light;
use pigment_diag::Diagnostic;
use pigment_ir::{Op, Type, Value};
use std::collections::HashMap;

/// One lowered light instance.
pub(crate) struct LitLight {
    kind: ShaderKind,
    /// Its colour (float4, clamped).
    colour: Value,
    /// Its shadermatrix, 16 row-major scalars.
    matrix: Vec<S>,
}

/// The light shader `light.shader` of `light.unit`, or the reason it cannot be used.
fn find_light<'u>(light: &Light<'u>) -> Result<(&'u Func, ShaderKind), Diagnostic> {
    let found = light.unit.items.iter().find_map(|i| match i {
        Item::Func(f) if f.name.text == light.shader => Some(f),
        _ => None,
    });
    let Some(f) = found else {
        let msg = format!("no light shader `{}` in its file", light.shader);
        return Err(Diagnostic::error(msg));
    };
    match f.kind {
        FuncKind::Shader(
            k @ (ShaderKind::AmbientLight | ShaderKind::DistantLight | ShaderKind::PointLight),
            _,
        ) => Ok((f, k)),
        _ => {
            let msg = format!("`{}` is not a light shader", light.shader);
            Err(Diagnostic::error(msg).at(light.unit.file, f.name.span))
        }
    }
}

/// An instance name must be non-empty, of ASCII letters, digits and `_`, and used once.
fn check_names(lights: &[Light]) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    for (i, l) in lights.iter().enumerate() {
        let ok = !l.name.is_empty()
            && l.name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !ok {
            let msg = format!("`{}` is not a light instance name", l.name);
            diags.push(Diagnostic::error(msg));
        } else if lights[..i].iter().any(|o| o.name == l.name) {
            let msg = format!("the light instance name `{}` is used twice", l.name);
            diags.push(Diagnostic::error(msg));
        }
    }
    diags
}

impl<'u> Lowerer<'u> {
    /// Lowers every light instance, in order.
    pub(crate) fn lights(&mut self, lights: &[Light<'u>]) {
        self.diags.extend(check_names(lights));
        if !self.diags.is_empty() {
            return;
        }
        for light in lights {
            match find_light(light) {
                Ok((f, kind)) => self.light(light, f, kind),
                Err(d) => self.diags.push(d),
            }
        }
    }

    /// One light shader, inline, with its own file, globals, functions and parameter prefix.
    fn light(&mut self, light: &Light<'u>, f: &'u Func, kind: ShaderKind) {
        let scopes = std::mem::replace(&mut self.scopes, vec![HashMap::new()]);
        let funcs = std::mem::replace(&mut self.funcs, funcs_of(light.unit));
        let file = std::mem::replace(&mut self.file, light.unit.file);
        let prefix = std::mem::replace(&mut self.prefix, format!("{}$", light.name));
        let (fb, active) = (self.fb, self.active.take());
        self.fb = self.b.float(&[0.0; 4]);
        let matrix = match self.shadermatrix() {
            super::value::Val::Num(m) => m,
            _ => vec![S::K(0.0); 16],
        };
        self.globals(light.unit);
        self.scopes.push(HashMap::new());
        for d in &f.formals {
            self.shader_formal(d);
        }
        let ret = self.body(&f.body);
        let colour = match ret {
            Some(v) => self.varying_of(v, f.body.span),
            None => self.fb,
        };
        self.lit.push(LitLight {
            kind,
            colour,
            matrix,
        });
        self.scopes = scopes;
        self.funcs = funcs;
        self.file = file;
        self.prefix = prefix;
        (self.fb, self.active) = (fb, active);
    }

    /// `ambient()`, `diffuse()` or `specular(e)`: a varying colour.
    pub(crate) fn lighting(&mut self, name: &Name, args: &[Expr], e: &Expr) -> Option<Value> {
        let want = usize::from(name.text == "specular");
        if args.len() != want {
            self.error(e.span, format!("`{}` takes {want} argument(s)", name.text));
            return None;
        }
        let exponent = match args.first() {
            Some(a) => Some(self.scalar(a)?),
            None => None,
        };
        let mut terms = Vec::new();
        for i in 0..self.lit.len() {
            let (kind, colour, matrix) = {
                let l = &self.lit[i];
                (l.kind, l.colour, l.matrix.clone())
            };
            let ambient = kind == ShaderKind::AmbientLight;
            if ambient != (name.text == "ambient") {
                continue;
            }
            let rgb = self.b.swizzle(colour, &[0, 1, 2]);
            let term = match exponent {
                _ if ambient => rgb,
                None => {
                    let l = self.light_direction(kind, &matrix);
                    let k = self.facing(l);
                    self.scaled(rgb, k)
                }
                Some(ex) => {
                    let l = self.light_direction(kind, &matrix);
                    let k = self.highlight(l, ex);
                    self.scaled(rgb, k)
                }
            };
            terms.push(term);
        }
        Some(self.light_sum(&terms))
    }

    /// (sat(Σ terms), 1).
    fn light_sum(&mut self, terms: &[Value]) -> Value {
        let mut sum = self.b.float(&[0.0; 3]);
        for (i, t) in terms.iter().enumerate() {
            sum = if i == 0 { *t } else { self.b.add(sum, *t) };
        }
        let sum = self.b.unary(Op::Sat, sum);
        let one = self.b.float(&[1.0]);
        self.b.construct(&[sum, one])
    }

    /// `rgb · k`, k a float scalar.
    fn scaled(&mut self, rgb: Value, k: Value) -> Value {
        let k3 = self.b.splat(k, 3);
        self.b.mul(rgb, k3)
    }

    /// max(N·L, 0).
    fn facing(&mut self, l: Value) -> Value {
        let n = self.surface_normal();
        let d = self.b.dot(n, l);
        let zero = self.b.float(&[0.0]);
        self.b.binary(Op::Max, d, zero)
    }

    /// max(N·H, 0)^e with H = normalize(L + V), V = (0, 0, 1).
    fn highlight(&mut self, l: Value, e: S) -> Value {
        let v = self.b.float(&[0.0, 0.0, 1.0]);
        let lv = self.b.add(l, v);
        let h = self.normalize(lv);
        let n = self.surface_normal();
        let d = self.b.dot(n, h);
        let zero = self.b.float(&[0.0]);
        let d = self.b.binary(Op::Max, d, zero);
        let e = self.ir(e);
        self.b.binary(Op::Pow, d, e)
    }

    /// The normalised direction from the surface to a distant or point light (float3).
    fn light_direction(&mut self, kind: ShaderKind, m: &[S]) -> Value {
        if kind == ShaderKind::DistantLight {
            let z = self.vec3(&m[8..11]);
            return self.normalize(z);
        }
        let at = self.vec3(&m[12..15]);
        let p = self.surface_position();
        let d = self.b.sub(at, p);
        self.normalize(d)
    }

    fn vec3(&mut self, c: &[S]) -> Value {
        let parts: Vec<Value> = c.iter().map(|s| self.ir(*s)).collect();
        self.b.construct(&parts)
    }

    /// `v · rsqrt(v·v)` for a float3.
    fn normalize(&mut self, v: Value) -> Value {
        let d = self.b.dot(v, v);
        let r = self.b.unary(Op::Rsqrt, d);
        let r3 = self.b.splat(r, 3);
        self.b.mul(v, r3)
    }

    /// N: `TEXCOORD1.xyz`, normalised.
    pub(crate) fn surface_normal(&mut self) -> Value {
        let h = *self
            .normal
            .get_or_insert_with(|| self.b.input("TEXCOORD1", Type::FLOAT4, Some("TEXCOORD1")));
        let n = self.b.load_input(h);
        let n = self.b.swizzle(n, &[0, 1, 2]);
        self.normalize(n)
    }

    /// P: `TEXCOORD2.xyz`.
    pub(crate) fn surface_position(&mut self) -> Value {
        let h = *self
            .position
            .get_or_insert_with(|| self.b.input("TEXCOORD2", Type::FLOAT4, Some("TEXCOORD2")));
        let p = self.b.load_input(h);
        self.b.swizzle(p, &[0, 1, 2])
    }
}
