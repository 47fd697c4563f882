//! Parameters ("Classes and clamping"): a shader formal of class `parameter` becomes an IR uniform
//! named as the formal, its default the formal's initialiser (which must be uniform): a float is a
//! `float`, a colour a `float4`, a matrix a `float4[4]` array of rows marked `matrix`. Uniform
//! formals and array formals (not visible to the application, says section XI) are ordinary
//! variables, and so are file-level variables of any class (they hold their initial value). The
//! predefined `shadermatrix` is a parameter matrix uniform, identity by default. In a light shader
//! these uniforms' names are prefixed with `<instance>$` ([`super::lights`]).

use super::value::{promote, Val, S};
use super::Lowerer;
use crate::ast::*;
use pigment_ir::{Type, UniformIndex, Vector};

/// Interface names the lowering itself uses.
pub(crate) const RESERVED: &[&str] = &[
    "FB",
    "WPOS",
    "COLOR",
    "TEXCOORD0",
    "TEXCOORD1",
    "TEXCOORD2",
    "shadermatrix",
];

impl Lowerer<'_> {
    pub(crate) fn shader_formal(&mut self, d: &VarDecl) {
        if d.ty.class != Class::Parameter || d.size.is_some() {
            self.settable_decl(d);
            return;
        }
        if RESERVED.contains(&d.name.text.as_str()) {
            let msg = format!(
                "the parameter name `{}` is reserved by the lowering",
                d.name.text
            );
            self.error(d.name.span, msg);
            return;
        }
        let default = match &d.init {
            Some(init) => self.expr(init).map(|v| promote(v, d.ty.base)),
            None => Some(super::value::zero(d.ty.base)),
        };
        let Some(default) = default.as_ref().and_then(Val::known) else {
            self.error(d.span, "a parameter's default must be a uniform number");
            return;
        };
        if !matches!(default.len(), 1 | 4 | 16) {
            self.error(d.span, "a parameter must be a float, colour or matrix");
            return;
        }
        let name = format!("{}{}", self.prefix, d.name.text);
        let val = self.param_uniform(&name, &default);
        if let Some(top) = self.scopes.last_mut() {
            top.insert(d.name.text.clone(), val);
        }
    }

    /// An IR uniform for a parameter of 1, 4 or 16 floats with `default`, and its loaded value.
    fn param_uniform(&mut self, name: &str, default: &[f32]) -> Val {
        match default.len() {
            1 => {
                let u = self.b.uniform(name, Type::FLOAT, None, None);
                self.b.uniform_default(u, vec![Vector::floats(default)]);
                Val::Num(vec![S::V(self.b.load_uniform(u, None))])
            }
            4 => {
                let u = self.b.uniform(name, Type::FLOAT4, None, None);
                self.b.uniform_default(u, vec![Vector::floats(default)]);
                let v = self.b.load_uniform(u, None);
                Val::Num(self.split4(v))
            }
            _ => {
                let u = self.b.uniform(name, Type::FLOAT4, Some(4), None);
                self.b.uniform_is_matrix(u);
                let rows = default.chunks(4).map(Vector::floats).collect();
                self.b.uniform_default(u, rows);
                let mut c = Vec::with_capacity(16);
                for r in 0..4 {
                    let v = self.b.load_uniform(u, Some(UniformIndex::Const(r)));
                    c.extend(self.split4(v));
                }
                Val::Num(c)
            }
        }
    }

    /// The predefined `shadermatrix` (declared on first use).
    pub(crate) fn shadermatrix(&mut self) -> Val {
        let identity: Vec<f32> = (0..16)
            .map(|i| if i % 5 == 0 { 1.0 } else { 0.0 })
            .collect();
        let name = format!("{}shadermatrix", self.prefix);
        let v = self.param_uniform(&name, &identity);
        if let Some(globals) = self.scopes.first_mut() {
            globals.insert("shadermatrix".into(), v.clone());
        }
        v
    }
}
