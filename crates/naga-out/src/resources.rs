//! The stage's resources: the std140 uniform buffer and its loads, the texture + sampler pair of
//! every IR sampler and the lowering of every texture lookup form.

use crate::interface::{self, UniformMember};
use crate::lower::{LResult, Lowerer};
use crate::types;
use naga::{
    AddressSpace, Block as NBlock, Expression, Handle, ImageClass, ImageDimension, Literal,
    ResourceBinding, SampleLevel, Span, StructMember, TypeInner,
};
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

    /// A texture and a sampler per IR sampler, at the bindings of its unit.
    pub(crate) fn declare_samplers(&mut self) {
        let ir = self.ir;
        let units = interface::sampler_units(ir);
        for ((_, s), unit) in ir.samplers.iter().zip(units) {
            let (tb, sb) = interface::texture_bindings(unit);
            let group = interface::group(ir.stage);
            let image = types::intern(
                &mut self.m,
                TypeInner::Image {
                    dim: image_dim(s.dim),
                    arrayed: false,
                    class: ImageClass::Sampled {
                        kind: naga::ScalarKind::Float,
                        multi: false,
                    },
                },
            );
            let sampler = types::intern(&mut self.m, TypeInner::Sampler { comparison: false });
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
        if width != n + u8::from(proj) {
            return Err(self.error(
                "a shadow-compare lookup (a coordinate beyond the texture's) is not supported by the naga back end",
            ));
        }
        let c = self.value(coord)?;
        let (t, s) = self.textures[sampler.index()];
        let image = self.push(Expression::GlobalVariable(t), b);
        let smp = self.push(Expression::GlobalVariable(s), b);
        let mut coords = self.prefix(c, width, n, b);
        if proj && dim != SamplerDim::Cube {
            let q = self.component(c, width, n as u32, b);
            let q = self.splat(q, n, b);
            coords = self.binary(naga::BinaryOperator::Divide, coords, q, b);
        }
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
        let level = match form {
            SampleForm::Plain | SampleForm::Proj => SampleLevel::Auto,
            SampleForm::Lod { lod } => SampleLevel::Exact(self.value(lod)?),
            SampleForm::Bias { bias } => SampleLevel::Bias(self.value(bias)?),
            SampleForm::Grad { ddx, ddy } => {
                let (mut x, mut y) = (self.value(ddx)?, self.value(ddy)?);
                if let Some(size) = size {
                    x = self.binary(naga::BinaryOperator::Divide, x, size, b);
                    y = self.binary(naga::BinaryOperator::Divide, y, size, b);
                }
                SampleLevel::Gradient { x, y }
            }
        };
        Ok(self.push(
            Expression::ImageSample {
                image,
                sampler: smp,
                gather: None,
                coordinate: coords,
                array_index: None,
                offset: None,
                level,
                depth_ref: None,
                clamp_to_edge: false,
            },
            b,
        ))
    }
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
