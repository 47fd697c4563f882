//! The varying built-ins of section VIII: `texture`, `environment` and `project` are
//! [`super::texmap`]'s; `blend(v) = FB(1 - v) + v`, `over(v) = v(1 - FB.a) + FB·FB.a`, `under(v) = FB(1 - v.a) + v·v.a`,
//! `transform(pm)` = FB · M (FB a row vector), `lookup(lut[])` maps FB's r, g and b through the
//! table (alpha kept): channel c becomes lut[floor(n·FB.c)] (its channel c for a colour table), the
//! index clamped to the table's ends — the notes' "at n·FB, clamped", read with ISL's floored
//! indices (nearest entry, no filtering). The lights' `ambient`, `diffuse` and `specular` are
//! [`super::lights`]'s.

use super::texmap::Mapping;
use super::value::{widen_matrix, Val, S};
use super::Lowerer;
use crate::ast::*;
use pigment_ir::Value;

impl Lowerer<'_> {
    /// `Some(result)` when `name` is a varying built-in.
    pub(crate) fn varying_builtin(
        &mut self,
        name: &Name,
        args: &[Expr],
        e: &Expr,
    ) -> Option<Option<Val>> {
        let r = match name.text.as_str() {
            "texture" | "environment" | "project" => {
                let mapping = Mapping::of(&name.text)?;
                self.mapped_texture(mapping, args, e)
            }
            "blend" | "over" | "under" => self.mix(&name.text, args, e),
            "transform" => self.transform(args, e),
            "lookup" => self.lookup_table(args, e),
            "ambient" | "diffuse" | "specular" => self.lighting(name, args, e),
            _ => return None,
        };
        Some(r.map(Val::Varying))
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
        let entries = self.table_entries(table, arg, "`lookup`")?;
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
