//! The varying built-ins of section VIII that need no scene: `texture(name [; texgen] [; xform])`
//! samples a 2-D sampler named as the uniform string at the surface's texture coordinate
//! (`TEXCOORD0`, (s, t, 0, 1), times the optional parameter matrix as a row vector, then `.xy`);
//! `blend(v) = FB(1 - v) + v`, `over(v) = v(1 - FB.a) + FB·FB.a`, `under(v) = FB(1 - v.a) + v·v.a`,
//! `transform(pm)` = FB · M (FB a row vector), `lookup(lut[])` maps FB's r, g and b through the
//! table (alpha kept): channel c becomes lut[floor(n·FB.c)] (its channel c for a colour table), the
//! index clamped to the table's ends — the notes' "at n·FB, clamped", read with ISL's floored
//! indices (nearest entry, no filtering). The lights' `ambient`, `diffuse` and `specular` are
//! [`super::lights`]'s; `environment`, `project` and array textures are reported as not supported
//! yet.

use super::value::{widen_matrix, Val, S};
use super::Lowerer;
use crate::ast::*;
use pigment_ir::{SampleForm, SamplerDim, Type, Value};

impl Lowerer<'_> {
    /// `Some(result)` when `name` is a varying built-in.
    pub(crate) fn varying_builtin(
        &mut self,
        name: &Name,
        args: &[Expr],
        e: &Expr,
    ) -> Option<Option<Val>> {
        let r = match name.text.as_str() {
            "texture" => self.texture(args, e),
            "blend" | "over" | "under" => self.mix(&name.text, args, e),
            "transform" => self.transform(args, e),
            "lookup" => self.lookup_table(args, e),
            "ambient" | "diffuse" | "specular" => self.lighting(name, args, e),
            "environment" | "project" => {
                self.error(name.span, format!("`{}` is not supported yet", name.text));
                None
            }
            _ => return None,
        };
        Some(r.map(Val::Varying))
    }

    fn texture(&mut self, args: &[Expr], e: &Expr) -> Option<Value> {
        let first = args.first()?;
        let Val::Str(tex) = self.expr(first)? else {
            self.error(first.span, "array textures are not supported yet");
            return None;
        };
        let mut xform = None;
        if args.len() >= 2 {
            let last = &args[args.len() - 1];
            let m = self.num(last)?;
            if args.len() == 3 || m.len() == 16 {
                xform = Some(widen_matrix(m));
            }
        }
        let coord = self.texcoord();
        let xy = match xform {
            None => self.b.swizzle(coord, &[0, 1]),
            Some(m) => {
                let c = self.split4(coord);
                let mut out = Vec::new();
                for k in 0..2 {
                    let terms: Vec<(S, S)> = (0..4).map(|j| (c[j], m[4 * j + k])).collect();
                    let s = self.sum_products(&terms);
                    out.push(self.ir(s));
                }
                self.b.construct(&out)
            }
        };
        let s = self.sampler2d(&tex, e)?;
        Some(self.b.sample(s, SampleForm::Plain, xy))
    }

    fn texcoord(&mut self) -> Value {
        let input = match self.texcoord {
            Some(h) => h,
            None => {
                let h = self.b.input("TEXCOORD0", Type::FLOAT4, Some("TEXCOORD0"));
                self.texcoord = Some(h);
                h
            }
        };
        self.b.load_input(input)
    }

    fn sampler2d(
        &mut self,
        name: &str,
        e: &Expr,
    ) -> Option<pigment_ir::Handle<pigment_ir::Sampler>> {
        if let Some(h) = self.samplers.get(name) {
            return Some(*h);
        }
        let f = self.b.function();
        let taken = f.input(name).is_some()
            || f.uniform(name).is_some()
            || f.output(name).is_some()
            || f.sampler(name).is_some()
            || super::params::RESERVED.contains(&name);
        if taken {
            self.error(
                e.span,
                format!("the texture name `{name}` clashes with another interface name"),
            );
            return None;
        }
        let h = self.b.sampler(name, SamplerDim::D2, None);
        self.samplers.insert(name.to_string(), h);
        Some(h)
    }

    /// `blend`, `over` and `under` of a varying colour.
    fn mix(&mut self, name: &str, args: &[Expr], e: &Expr) -> Option<Value> {
        let [arg] = args else {
            self.error(e.span, format!("`{name}` takes 1 argument"));
            return None;
        };
        let v = self.expr(arg)?;
        let v = self.varying_of(v, arg.span);
        let fb = self.fb;
        let one = self.b.float(&[1.0; 4]);
        Some(match name {
            "blend" => {
                let k = self.b.sub(one, v);
                let p = self.b.mul(fb, k);
                self.b.add(p, v)
            }
            "over" => self.alpha_mix(v, fb, fb),
            _ => self.alpha_mix(fb, v, v),
        })
    }

    /// `a(1 - w.a) + b·w.a`.
    fn alpha_mix(&mut self, a: Value, b: Value, w: Value) -> Value {
        let one = self.b.float(&[1.0; 4]);
        let wa = self.b.swizzle(w, &[3, 3, 3, 3]);
        let k = self.b.sub(one, wa);
        let p = self.b.mul(a, k);
        let q = self.b.mul(b, wa);
        self.b.add(p, q)
    }

    /// `lookup(lut[])`.
    fn lookup_table(&mut self, args: &[Expr], e: &Expr) -> Option<Value> {
        let [arg] = args else {
            self.error(e.span, "`lookup` takes 1 argument");
            return None;
        };
        let Val::Array(table) = self.expr(arg)? else {
            self.error(arg.span, "`lookup` needs a table");
            return None;
        };
        let entries: Vec<Vec<S>> = table
            .into_iter()
            .filter_map(|v| if let Val::Num(c) = v { Some(c) } else { None })
            .collect();
        if entries.is_empty() {
            self.error(arg.span, "`lookup` needs a table with entries");
            return None;
        }
        let n = S::K(entries.len() as f32);
        let mut fb = self.split4(self.fb);
        for (c, channel) in fb.iter_mut().enumerate().take(3) {
            let at = self.bin(pigment_ir::Op::Mul, n, *channel);
            let opts: Vec<Vec<S>> = entries
                .iter()
                .map(|x| vec![x[c.min(x.len() - 1)]])
                .collect();
            *channel = self.pick(at, &opts)[0];
        }
        Some(self.vec4(&fb))
    }

    /// `FB · M`, FB a row vector.
    fn transform(&mut self, args: &[Expr], e: &Expr) -> Option<Value> {
        let [arg] = args else {
            self.error(e.span, "`transform` takes 1 argument");
            return None;
        };
        let m = widen_matrix(self.num(arg)?);
        if m.len() != 16 {
            self.error(arg.span, "expected a matrix");
            return None;
        }
        let c = self.split4(self.fb);
        let out: Vec<S> = (0..4)
            .map(|k| {
                let terms: Vec<(S, S)> = (0..4).map(|j| (c[j], m[4 * j + k])).collect();
                self.sum_products(&terms)
            })
            .collect();
        Some(self.vec4(&out))
    }
}
