//! The stage's resources: the std140 uniform buffer and its loads, the texture + sampler pair of
//! every IR sampler and the lowering of every texture lookup form.

use crate::interface::{self, UniformMember};
use crate::lower::{LResult, Lowerer};
use crate::types;
use naga::{
    AddressSpace, Block as NBlock, Expression, Handle, ImageClass, ImageDimension, Literal,
    ResourceBinding, SampleLevel, Span, StructMember, TypeInner,
};
use pigment_diag::Diagnostic;
use pigment_ir::{SampleForm, SamplerDim, ScalarKind, UniformIndex, Value};
use std::num::NonZeroU32;

impl Lowerer<'_> {
    /// The uniform buffer: one struct member per uniform, std140 (see [`interface`]).
    pub(crate) fn declare_uniforms(&mut self) {
        let ir = self.ir;
        if ir.uniforms.is_empty() {
            return;
        }
        let (layout, size) = interface::uniform_layout(ir);
        let mut members = Vec::new();
        for ((_, u), UniformMember { offset, .. }) in ir.uniforms.iter().zip(layout) {
            let stored = u.ty.with_kind(interface::stored_kind(u.ty.kind));
            let vec4 = types::of(&mut self.m, stored.with_width(4));
            let ty = match u.array_len {
                // Elements are 4-vectors, of which the uniform uses the first components: the
                // std140 stride of 16 in a type WGSL can spell.
                Some(n) => types::intern(
                    &mut self.m,
                    TypeInner::Array {
                        base: vec4,
                        size: naga::ArraySize::Constant(
                            NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN),
                        ),
                        stride: 16,
                    },
                ),
                None => types::of(&mut self.m, stored),
            };
            members.push(StructMember {
                name: Some(u.name.clone()),
                ty,
                binding: None,
                offset,
            });
        }
        let ty = self.m.types.insert(
            naga::Type {
                name: Some(format!("{}Uniforms", ir.name)),
                inner: TypeInner::Struct {
                    members,
                    span: size,
                },
            },
            Span::UNDEFINED,
        );
        let g = self.m.global_variables.append(
            naga::GlobalVariable {
                name: Some("uniforms".into()),
                space: AddressSpace::Uniform,
                binding: Some(ResourceBinding {
                    group: interface::group(ir.stage),
                    binding: interface::UNIFORM_BINDING,
                }),
                ty,
                init: None,
            },
            Span::UNDEFINED,
        );
        self.ubo = Some(g);
    }

    /// A texture and a sampler per IR sampler, at the bindings of its unit: a depth texture and a
    /// comparison sampler for one read with a depth to compare.
    pub(crate) fn declare_samplers(&mut self) -> LResult<()> {
        let ir = self.ir;
        let units = interface::sampler_units(ir);
        let uses = interface::sampler_uses(ir);
        for (((_, s), unit), u) in ir.samplers.iter().zip(units).zip(uses) {
            let (tb, sb) = interface::texture_bindings(unit);
            let group = interface::group(ir.stage);
            let class = if u.shadow {
                shadow_class(s, u)?
            } else {
                ImageClass::Sampled {
                    kind: naga::ScalarKind::Float,
                    multi: false,
                }
            };
            let image = types::intern(
                &mut self.m,
                TypeInner::Image {
                    dim: image_dim(s.dim),
                    arrayed: false,
                    class,
                },
            );
            let sampler = types::intern(
                &mut self.m,
                TypeInner::Sampler {
                    comparison: u.shadow,
                },
            );
            let mut global = |name: String, ty, binding| {
                self.m.global_variables.append(
                    naga::GlobalVariable {
                        name: Some(name),
                        space: AddressSpace::Handle,
                        binding: Some(ResourceBinding { group, binding }),
                        ty,
                        init: None,
                    },
                    Span::UNDEFINED,
                )
            };
            let t = global(format!("{}_texture", s.name), image, tb);
            let smp = global(format!("{}_sampler", s.name), sampler, sb);
            self.textures.push((t, smp));
        }
        Ok(())
    }

    /// `uniform $u` / `$u[k]` / `$u[%i]` (a run-time index clamped to the array).
    pub(crate) fn load_uniform(
        &mut self,
        uniform: pigment_ir::Handle<pigment_ir::Uniform>,
        index: Option<UniformIndex>,
        b: &mut NBlock,
    ) -> LResult<Handle<Expression>> {
        let u = &self.ir.uniforms[uniform];
        let ubo = self
            .ubo
            .ok_or_else(|| self.error("uniform buffer missing"))?;
        let base = self.push(Expression::GlobalVariable(ubo), b);
        let mut ptr = self.push(
            Expression::AccessIndex {
                base,
                index: uniform.index() as u32,
            },
            b,
        );
        match (index, u.array_len) {
            (Some(UniformIndex::Const(k)), Some(_)) => {
                ptr = self.push(
                    Expression::AccessIndex {
                        base: ptr,
                        index: k,
                    },
                    b,
                );
            }
            (Some(UniformIndex::Dynamic(v)), Some(n)) => {
                let i = self.value(v)?;
                let zero = self.push(Expression::Literal(Literal::I32(0)), b);
                let last = self.push(Expression::Literal(Literal::I32(n as i32 - 1)), b);
                let lo = self.math(naga::MathFunction::Max, &[i, zero], b);
                let idx = self.math(naga::MathFunction::Min, &[lo, last], b);
                ptr = self.push(
                    Expression::Access {
                        base: ptr,
                        index: idx,
                    },
                    b,
                );
            }
            _ => {}
        }
        let mut load = self.push(Expression::Load { pointer: ptr }, b);
        if u.array_len.is_some() {
            load = self.prefix(load, 4, u.ty.width, b);
        }
        if u.ty.kind != ScalarKind::Bool {
            return Ok(load);
        }
        let zero = self.splat_kind(ScalarKind::Int, 0, u.ty.width, b);
        Ok(self.binary(naga::BinaryOperator::NotEqual, load, zero, b))
    }

    /// A texture lookup of any form; the result is a float4.
    pub(crate) fn sample(
        &mut self,
        sampler: pigment_ir::Handle<pigment_ir::Sampler>,
        form: SampleForm,
        coord: Value,
        b: &mut NBlock,
    ) -> LResult<Handle<Expression>> {
        let dim = self.ir.samplers[sampler].dim;
        let n = dim.coords();
        let width = self.ir.ty(coord).width;
        let proj = form == SampleForm::Proj;
        let shadow = interface::is_shadow_lookup(dim, &form, width);
        let c = self.value(coord)?;
        let (t, s) = self.textures[sampler.index()];
        let image = self.push(Expression::GlobalVariable(t), b);
        if let SampleForm::Fetch { lod } = form {
            return self.fetch(image, dim, c, lod, b);
        }
        let smp = self.push(Expression::GlobalVariable(s), b);
        let mut coords = self.prefix(c, width, n, b);
        // The depth to compare is the component after the coordinates, q the last one.
        let mut depth_ref = shadow.then(|| self.component(c, width, n as u32, b));
        if proj && dim != SamplerDim::Cube {
            let q = self.component(c, width, width as u32 - 1, b);
            let qn = self.splat(q, n, b);
            coords = self.binary(naga::BinaryOperator::Divide, coords, qn, b);
            depth_ref = depth_ref.map(|r| self.binary(naga::BinaryOperator::Divide, r, q, b));
        }
        // GL compares the reference clamped to [0, 1] (GL 1.4 section 3.8.14, as the NV
        // machine does); Vulkan and WebGPU clamp it only for normalized depth formats.
        let depth_ref = depth_ref.map(|r| {
            let (zero, one) = (self.splat_f(0.0, 1, b), self.splat_f(1.0, 1, b));
            self.math(naga::MathFunction::Clamp, &[r, zero, one], b)
        });
        // A rectangle texture is addressed in texels; naga's are 2D textures addressed in [0, 1].
        let size = if dim == SamplerDim::Rect {
            let size = self.push(
                Expression::ImageQuery {
                    image,
                    query: naga::ImageQuery::Size { level: None },
                },
                b,
            );
            let size = self.push(
                Expression::As {
                    expr: size,
                    kind: naga::ScalarKind::Float,
                    convert: Some(4),
                },
                b,
            );
            coords = self.binary(naga::BinaryOperator::Divide, coords, size, b);
            Some(size)
        } else {
            None
        };
        let level = if shadow {
            self.compare_level(dim, &form)?
        } else {
            match form {
                SampleForm::Plain | SampleForm::Proj => SampleLevel::Auto,
                SampleForm::Lod { lod } => SampleLevel::Exact(self.value(lod)?),
                SampleForm::Bias { bias } => SampleLevel::Bias(self.value(bias)?),
                SampleForm::Fetch { .. } => {
                    return Err(self.error("internal: a texel fetch reached the sampling path"))
                }
                SampleForm::Grad { ddx, ddy } => {
                    let (mut x, mut y) = (self.value(ddx)?, self.value(ddy)?);
                    if let Some(size) = size {
                        x = self.binary(naga::BinaryOperator::Divide, x, size, b);
                        y = self.binary(naga::BinaryOperator::Divide, y, size, b);
                    }
                    SampleLevel::Gradient { x, y }
                }
            }
        };
        let texel = self.push(
            Expression::ImageSample {
                image,
                sampler: smp,
                gather: None,
                coordinate: coords,
                array_index: None,
                offset: None,
                level,
                depth_ref,
                clamp_to_edge: false,
            },
            b,
        );
        // A comparison gives one value: the IR's lookup has it in all four components.
        Ok(if shadow {
            self.splat(texel, 4, b)
        } else {
            texel
        })
    }

    /// A texel fetch: naga's image load (WGSL's `textureLoad`), which has no cube form.
    fn fetch(
        &mut self,
        image: Handle<Expression>,
        dim: SamplerDim,
        coordinate: Handle<Expression>,
        lod: Value,
        b: &mut NBlock,
    ) -> LResult<Handle<Expression>> {
        if dim == SamplerDim::Cube {
            return Err(self.error("a texel fetch from a cube map has no naga form"));
        }
        let level = Some(self.value(lod)?);
        Ok(self.push(
            Expression::ImageLoad {
                image,
                coordinate,
                array_index: None,
                sample: None,
                level,
            },
            b,
        ))
    }

    /// The level of a comparison lookup. naga compares at the implicit level or at level 0 only
    /// (WGSL's `textureSampleCompare` and `textureSampleCompareLevel`): an explicit level that is
    /// the constant 0 (a vertex function's lookups are explicit) and a rectangle's lookups (no
    /// mipmaps, so a level, bias or derivatives change nothing) are at level 0; any other
    /// explicit level, bias or derivatives is an error.
    fn compare_level(&self, dim: SamplerDim, form: &SampleForm) -> LResult<SampleLevel> {
        match form {
            _ if dim == SamplerDim::Rect => Ok(SampleLevel::Zero),
            SampleForm::Plain | SampleForm::Proj => Ok(SampleLevel::Auto),
            SampleForm::Lod { lod } if self.is_zero(self.value(*lod)?) => Ok(SampleLevel::Zero),
            SampleForm::Lod { .. }
            | SampleForm::Bias { .. }
            | SampleForm::Grad { .. }
            | SampleForm::Fetch { .. } => Err(self.error(
                "a shadow-compare lookup with an explicit level of detail other than 0, a bias \
                     or derivatives is not supported by the naga back end (WGSL compares at the \
                     implicit level or level 0 only)",
            )),
        }
    }
}

/// The depth image class of a sampler read with a depth to compare, or why naga's targets have
/// none: a sampler read both ways (a depth texture with a comparison sampler for the one, a
/// colour texture for the other), 1D (WGSL has no 1D depth texture) and 3D (no target has one).
fn shadow_class(s: &pigment_ir::Sampler, u: interface::SamplerUse) -> LResult<ImageClass> {
    let why = if u.plain {
        format!(
            "the naga back end cannot sample `{}` both with and without a depth comparison \
             (a shadow-compare lookup needs a depth texture and a comparison sampler)",
            s.name
        )
    } else if s.dim == SamplerDim::D1 {
        format!(
            "a shadow-compare lookup in the 1D sampler `{}` is not supported by the naga back end \
             (WGSL has no 1D depth texture)",
            s.name
        )
    } else if s.dim == SamplerDim::D3 {
        format!(
            "a shadow-compare lookup in the 3D sampler `{}` is not supported by the naga back end \
             (no target has a 3D depth texture)",
            s.name
        )
    } else {
        return Ok(ImageClass::Depth { multi: false });
    };
    let d = Diagnostic::error(why);
    Err(match u.first {
        Some(l) => d.at(l.file, l.span),
        None => d,
    })
}

/// The naga image dimension of a sampler (a rectangle is a 2D texture).
fn image_dim(dim: SamplerDim) -> ImageDimension {
    match dim {
        SamplerDim::D1 => ImageDimension::D1,
        SamplerDim::D2 | SamplerDim::Rect => ImageDimension::D2,
        SamplerDim::D3 => ImageDimension::D3,
        SamplerDim::Cube => ImageDimension::Cube,
    }
}
