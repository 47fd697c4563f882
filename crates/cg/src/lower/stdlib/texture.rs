//! Texture lookups (cg-stdlib.md §6): `tex1D` ... `texRECT` with their shadow-compare,
//! explicit-derivative (`tex2D(s, uv, dx, dy)`), projective (`*proj`) and LOD-bias (`*bias`) forms,
//! and the precision-prefixed names (`h4tex2D`, `x1texRECT`, ...), whose result is converted to the
//! declared type. `*lod` and `*bias` become the IR's `texlod`/`texbias` (w the LOD or bias); fp30
//! has neither, so for it `*bias` is cgc's emulation, the lookup with explicit derivatives
//! ddx(c)·2^bias and ddy(c)·2^bias, and `*lod` an error.

use super::super::val::Val;
use super::super::{Lowerer, R};
use super::Call;
use crate::check::profiles::unprefixed;
use crate::check::types::{Scalar, Type as CgType};
use pigment_ir::{Op, SampleForm};

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
        let texel = match form {
            Form::Lod if fp30 => {
                return self.error(
                    call.span,
                    format!(
                        "`{}` needs fp40 or later: fp30 has no explicit-LOD lookup",
                        call.name
                    ),
                )
            }
            Form::Bias if fp30 => {
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
                // The level of detail (or bias) is the coordinate's w.
                let n = dim.coords();
                let c: Vec<u8> = (0..n).collect();
                let c = self.em.swizzle(coord, &c);
                let w = self.em.extract(coord, 3);
                let form = if form == Form::Lod {
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
}
