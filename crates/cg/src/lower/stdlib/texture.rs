//! Texture lookups (cg-stdlib.md §6): `tex1D` ... `texRECT` with their shadow-compare,
//! explicit-derivative (`tex2D(s, uv, dx, dy)`), projective (`*proj`) and LOD-bias (`*bias`) forms,
//! and the precision-prefixed names (`h4tex2D`, `x1texRECT`, ...), whose result is converted to the
//! declared type. `*lod` and `*bias` become the IR's `texlod`/`texbias` (w the LOD or bias); fp30
//! has neither, so for it `*bias` is cgc's emulation, the lookup with explicit derivatives
//! ddx(c)·2^bias and ddy(c)·2^bias, and `*lod` an error. A vertex program has no derivatives:
//! its lookups without a level of detail read level 0 (cgc accepts `tex2D`, `tex2Dproj` and
//! `tex2Dbias` in vp40 and glslv vertex programs), so they become `texlod` too.

use super::super::val::Val;
use super::super::{Lowerer, R};
use super::Call;
use crate::check::profiles::unprefixed;
use crate::check::types::{Scalar, Type as CgType};
use pigment_ir::{Op, SampleForm, SamplerDim};

/// The lookup form a texture function's name (after any precision prefix) asks for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    Plain,
    Proj,
    Bias,
    Lod,
}

/// `tex2Dproj` → `proj`; `None` for names that are not texture lookups.
fn form_of(name: &str) -> Option<Form> {
    let rest = name.strip_prefix("tex")?;
    let rest = ["1D", "2D", "3D", "CUBE", "RECT"]
        .iter()
        .find_map(|d| rest.strip_prefix(d))?;
    Some(match rest {
        "" => Form::Plain,
        "proj" => Form::Proj,
        "bias" => Form::Bias,
        "lod" => Form::Lod,
        _ => return None,
    })
}

impl Lowerer<'_> {
    pub(super) fn texture(&mut self, call: &mut Call) -> R<Option<Val>> {
        if matches!(call.name, "texelFetch" | "texelFetchOffset") {
            return self.texel_fetch(call).map(Some);
        }
        let Some(form) = form_of(unprefixed(call.name)) else {
            return Ok(None);
        };
        let Some(Val::Sampler(s)) = call.args.first().cloned() else {
            return self.error(call.span, "internal: a texture lookup without a sampler");
        };
        let coord = self.arg(call, 1)?;
        let dim = self.em.b.function().samplers[s].dim;
        // fp30 has neither explicit LOD nor bias: the IR's `texlod`/`texbias` serve the others.
        let fp30 = matches!(self.prog.profile.as_str(), "fp30" | "fp30unlimited");
        let vertex = self.prog.stage == pigment_ir::Stage::Vertex;
        let texel = match form {
            Form::Plain | Form::Proj if vertex && call.args.len() < 4 => {
                self.vertex_lookup(s, dim, coord, form == Form::Proj)
            }
            Form::Lod if fp30 => {
                return self.error(
                    call.span,
                    format!(
                        "`{}` needs fp40 or later: fp30 has no explicit-LOD lookup",
                        call.name
                    ),
                )
            }
            Form::Bias if fp30 && !vertex => {
                // fp30's emulation (cgc's): explicit derivatives scaled by 2^bias.
                let n = dim.coords();
                let c: Vec<u8> = (0..n).collect();
                let c = self.em.swizzle(coord, &c);
                let bias = self.em.extract(coord, 3);
                let scale = self.em.unary(Op::Exp2, bias);
                let scale = self.em.splat(scale, n);
                let dx = self.em.unary(Op::Ddx, c);
                let dy = self.em.unary(Op::Ddy, c);
                let ddx = self.em.binary(Op::Mul, dx, scale);
                let ddy = self.em.binary(Op::Mul, dy, scale);
                self.em.b.sample(s, SampleForm::Grad { ddx, ddy }, c)
            }
            Form::Lod | Form::Bias => {
                // The level of detail (or bias) is the coordinate's w. A vertex has no
                // derivatives, so its bias is added to level 0: an explicit level.
                let n = dim.coords();
                let c: Vec<u8> = (0..n).collect();
                let c = self.em.swizzle(coord, &c);
                let w = self.em.extract(coord, 3);
                let form = if form == Form::Lod || vertex {
                    SampleForm::Lod { lod: w }
                } else {
                    SampleForm::Bias { bias: w }
                };
                self.em.b.sample(s, form, c)
            }
            Form::Plain if call.args.len() == 4 => {
                let ddx = self.arg(call, 2)?;
                let ddy = self.arg(call, 3)?;
                self.em.b.sample(s, SampleForm::Grad { ddx, ddy }, coord)
            }
            Form::Plain => self.em.b.sample(s, SampleForm::Plain, coord),
            Form::Proj => self.em.b.sample(s, SampleForm::Proj, coord),
        };
        let float4 = CgType::Vector(Scalar::Float, 4);
        let ret = call.ret.clone();
        self.convert(Val::Vec(texel), &float4, &ret, call.span)
            .map(Some)
    }

    /// `texelFetch(s, p, lod)` and `texelFetchOffset(s, p, lod, offset)` (a rectangle's without
    /// `lod`, level 0): the IR's `texfetch` of texel p (+ offset, which GLSL adds to p).
    fn texel_fetch(&mut self, call: &mut Call) -> R<Val> {
        let Some(Val::Sampler(s)) = call.args.first().cloned() else {
            return self.error(call.span, "internal: a texel fetch without a sampler");
        };
        let rect = self.em.b.function().samplers[s].dim == SamplerDim::Rect;
        let mut coord = self.arg(call, 1)?;
        let (lod, offset) = match (rect, call.name == "texelFetchOffset") {
            (true, offset) => (self.em.int(0), offset.then_some(2)),
            (false, offset) => (self.arg(call, 2)?, offset.then_some(3)),
        };
        if let Some(k) = offset {
            let offset = self.arg(call, k)?;
            coord = self.em.binary(Op::Add, coord, offset);
        }
        Ok(Val::Vec(self.em.b.sample(
            s,
            SampleForm::Fetch { lod },
            coord,
        )))
    }

    /// A lookup without a level of detail in a vertex program reads level 0, as vp40's TEX and
    /// GLSL's vertex `texture2D` do; a projective one divides by q first (not for cube maps).
    fn vertex_lookup(
        &mut self,
        s: pigment_ir::Handle<pigment_ir::Sampler>,
        dim: SamplerDim,
        coord: pigment_ir::Value,
        projective: bool,
    ) -> pigment_ir::Value {
        let mut c = coord;
        if projective {
            let w = self.em.ty(coord).width;
            let q = self.em.extract(coord, w - 1);
            let rest: Vec<u8> = (0..w - 1).collect();
            c = self.em.swizzle(coord, &rest);
            if dim != SamplerDim::Cube {
                let q = self.em.splat(q, w - 1);
                c = self.em.binary(Op::Div, c, q);
            }
        }
        let lod = self.em.real_splat(pigment_ir::ScalarKind::Float, 0.0, 1);
        self.em.b.sample(s, SampleForm::Lod { lod }, c)
    }
}
