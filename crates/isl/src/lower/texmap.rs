//! The texture-mapping built-ins of section VIII, `texture`, `environment` and `project`, as the
//! notes read their lost signatures: `(name [; texgen] [; xform])`, `name` a `uniform string`
//! (a 2-D sampler of that name) or a parameter float/colour array (a 1-D texture: the entry at
//! n·c, c the coordinate's first component, floored and clamped to the table's ends, never
//! wrapping — as `lookup` reads its table; a float entry is grey with that alpha), `xform` an
//! optional parameter matrix (the last argument when it is a matrix) and `texgen` ignored (it only
//! told the application's geometry how to make coordinates). The coordinate, a row vector times
//! `xform` when given:
//! - `texture`: the surface's texture coordinate (s, t, 0, 1) (`TEXCOORD0`);
//! - `project`: the surface position (x, y, z, 1) (`TEXCOORD2`), transformed, then projected in
//!   parallel down z (its x and y);
//! - `environment`: OpenGL's sphere map of the view vector reflected in the normal N (`TEXCOORD1`):
//!   with the infinite viewer the lights use (the eye looks down −z), r = u − 2N(N·u) for
//!   u = (0, 0, −1), m = 2·√(r.x² + r.y² + (r.z + 1)²), (s, t) = (r.x/m + ½, r.y/m + ½).

use super::value::{widen_matrix, Val, S};
use super::Lowerer;
use crate::ast::*;
use pigment_ir::{Op, SampleForm, SamplerDim, Type, Value};

/// The three mappings.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mapping {
    Texture,
    Environment,
    Project,
}

impl Mapping {
    pub(crate) fn of(name: &str) -> Option<Mapping> {
        Some(match name {
            "texture" => Mapping::Texture,
            "environment" => Mapping::Environment,
            "project" => Mapping::Project,
            _ => return None,
        })
    }
}

impl Lowerer<'_> {
    /// `texture`, `environment` or `project` of `args`: the colour the texture gives.
    pub(crate) fn mapped_texture(
        &mut self,
        mapping: Mapping,
        args: &[Expr],
        e: &Expr,
    ) -> Option<Value> {
        let first = args.first()?;
        let source = self.expr(first)?;
        let xform = match args.get(1..).and_then(<[Expr]>::last) {
            Some(last) => Some(self.num(last)?).filter(|m| args.len() == 3 || m.len() == 16),
            None => None,
        };
        let coord = self.map_coordinate(mapping, xform.map(widen_matrix));
        match source {
            Val::Str(name) => {
                let s = self.sampler2d(&name, e)?;
                let st = [self.ir(coord[0]), self.ir(coord[1])];
                let st = self.b.construct(&st);
                Some(self.b.sample(s, SampleForm::Plain, st))
            }
            Val::Array(table) => self.table_texture(table, coord[0], first),
            _ => {
                self.error(first.span, "expected a texture name or a table");
                None
            }
        }
    }

    /// The mapping's coordinate (4 scalars), times `xform` as a row vector when given (for
    /// `project` before the projection, which keeps x and y).
    fn map_coordinate(&mut self, mapping: Mapping, xform: Option<Vec<S>>) -> Vec<S> {
        let c = match mapping {
            Mapping::Texture => {
                let t = self.texcoord();
                self.split4(t)
            }
            Mapping::Project => {
                let p = self.surface_position();
                let p = self.split3(p);
                vec![p[0], p[1], p[2], S::K(1.0)]
            }
            Mapping::Environment => self.sphere_map(),
        };
        let Some(m) = xform.filter(|m| m.len() == 16) else {
            return c;
        };
        (0..4)
            .map(|k| {
                let terms: Vec<(S, S)> = (0..4).map(|j| (c[j], m[4 * j + k])).collect();
                self.sum_products(&terms)
            })
            .collect()
    }

    /// (s, t, 0, 1) of OpenGL's sphere map for the normal and the infinite viewer.
    fn sphere_map(&mut self) -> Vec<S> {
        let n = self.surface_normal();
        let n = self.split3(n);
        // r = u − 2N(N·u) with u = (0, 0, −1): N·u = −N.z.
        let two_nz = self.bin(Op::Mul, S::K(2.0), n[2]);
        let rx = self.bin(Op::Mul, two_nz, n[0]);
        let ry = self.bin(Op::Mul, two_nz, n[1]);
        let rz = self.bin(Op::Mul, two_nz, n[2]);
        let rz = self.bin(Op::Sub, rz, S::K(1.0));
        let rz1 = self.bin(Op::Add, rz, S::K(1.0));
        let len2 = self.sum_products(&[(rx, rx), (ry, ry), (rz1, rz1)]);
        // 1/m = ½·rsqrt(len²).
        let inv = self.un(Op::Rsqrt, len2);
        let inv = self.bin(Op::Mul, inv, S::K(0.5));
        let st: Vec<S> = [rx, ry]
            .into_iter()
            .map(|r| {
                let q = self.bin(Op::Mul, r, inv);
                self.bin(Op::Add, q, S::K(0.5))
            })
            .collect();
        vec![st[0], st[1], S::K(0.0), S::K(1.0)]
    }

    /// A parameter table read as a 1-D texture at `coord` (in [0, 1] over the table).
    fn table_texture(&mut self, table: Vec<Val>, coord: S, arg: &Expr) -> Option<Value> {
        let entries = self.table_entries(table, arg, "a table texture")?;
        let n = S::K(entries.len() as f32);
        let at = self.bin(Op::Mul, n, coord);
        let colours: Vec<Vec<S>> = entries
            .iter()
            .map(|x| (0..4).map(|c| x[c.min(x.len() - 1)]).collect())
            .collect();
        let picked = self.pick(at, &colours);
        Some(self.vec4(&picked))
    }

    /// The numbers of a parameter table's entries; an error (naming `what`) when it has none.
    pub(crate) fn table_entries(
        &mut self,
        table: Vec<Val>,
        arg: &Expr,
        what: &str,
    ) -> Option<Vec<Vec<S>>> {
        let entries: Vec<Vec<S>> = table
            .into_iter()
            .filter_map(|v| if let Val::Num(c) = v { Some(c) } else { None })
            .collect();
        if entries.is_empty() {
            self.error(arg.span, format!("{what} needs a table with entries"));
            return None;
        }
        Some(entries)
    }

    /// The three scalars of a float3 IR value.
    fn split3(&mut self, v: Value) -> Vec<S> {
        (0..3).map(|i| S::V(self.b.extract(v, i))).collect()
    }

    /// The surface's texture coordinate (s, t, 0, 1): `TEXCOORD0`, declared on first use.
    pub(crate) fn texcoord(&mut self) -> Value {
        let h = *self
            .texcoord
            .get_or_insert_with(|| self.b.input("TEXCOORD0", Type::FLOAT4, Some("TEXCOORD0")));
        self.b.load_input(h)
    }

    /// The 2-D sampler a texture name stands for, declared on first use.
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
}
