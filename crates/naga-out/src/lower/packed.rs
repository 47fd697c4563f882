//! Varyings cgc packs into the free components of one texture coordinate set
//! ([`pigment_ir::varyings`]: a `float2 t8` after a `float2 : TEXCOORD0` is TEXCOORD0's z and w).
//! naga has no component decoration, so each such set is one `vec4<f32>` at its location: the
//! vertex stage composes it from the outputs packed there ((0, 0, 0, 1) where none writes), the
//! fragment stage reads each input packed there as a swizzle of it.

use super::{LResult, Lowerer};
use crate::types;
use naga::{Block as NBlock, Expression, Handle, Literal};
use pigment_diag::Diagnostic;

/// What one member of the vertex or fragment result struct holds.
#[derive(Clone, Debug)]
pub(crate) enum Member {
    /// The first `width` components of output `index`.
    Output { index: usize, width: u8 },
    /// A set shared by the outputs listed (by index), each from its `component` on.
    Packed(Vec<usize>),
}

/// Whether the float kinds of `ty` can live in a packed `vec4<f32>`.
pub(crate) fn check_packable(name: &str, ty: pigment_ir::Type) -> LResult<()> {
    if ty.kind.is_real() {
        Ok(())
    } else {
        Err(Diagnostic::error(format!(
            "`{name}` ({ty}) shares a texture coordinate set cgc packs varyings into, which the \
             naga back end holds as a float vector"
        )))
    }
}

impl Lowerer<'_> {
    fn vec4_type(&mut self) -> Handle<naga::Type> {
        types::intern(&mut self.m, types::inner(naga::Scalar::F32, 4))
    }

    /// Components `component..component + width` of the `vec4` `whole`.
    pub(crate) fn packed_part(
        &mut self,
        whole: Handle<Expression>,
        component: u8,
        width: u8,
        b: &mut NBlock,
    ) -> Handle<Expression> {
        if width == 1 {
            return self.component(whole, 4, u32::from(component), b);
        }
        let mut pattern = [naga::SwizzleComponent::X; 4];
        for (k, p) in pattern.iter_mut().enumerate().take(usize::from(width)) {
            *p = naga::SwizzleComponent::XYZW[usize::from(component) + k];
        }
        self.push(
            Expression::Swizzle {
                size: types::vector_size(width),
                vector: whole,
                pattern,
            },
            b,
        )
    }

    /// The value a result member returns.
    pub(crate) fn member_value(&mut self, member: &Member, b: &mut NBlock) -> Handle<Expression> {
        match member {
            Member::Output { index, width } => {
                let ty = self.ir.outputs[pigment_ir::Handle::from_index(*index)].ty;
                let e = self.load_local(self.outputs[*index], b);
                self.prefix(e, ty.width, (*width).min(ty.width), b)
            }
            Member::Packed(list) => {
                let components = (0..4u8)
                    .map(|c| self.packed_component(list, c, b))
                    .collect();
                let ty = self.vec4_type();
                self.push(Expression::Compose { ty, components }, b)
            }
        }
    }

    /// Component `c` of a packed set: that of the output covering it, else NV's unwritten
    /// texture coordinate component (0, 0, 0, 1).
    fn packed_component(&mut self, list: &[usize], c: u8, b: &mut NBlock) -> Handle<Expression> {
        let covering = list.iter().find_map(|&i| {
            let o = &self.ir.outputs[pigment_ir::Handle::from_index(i)];
            (o.component..o.component + o.ty.width)
                .contains(&c)
                .then_some((i, o.ty.width, c - o.component))
        });
        match covering {
            Some((i, width, k)) => {
                let e = self.load_local(self.outputs[i], b);
                self.component(e, width, u32::from(k), b)
            }
            None => {
                let x = if c == 3 { 1.0 } else { 0.0 };
                self.push(Expression::Literal(Literal::F32(x)), b)
            }
        }
    }

    /// The `vec4` argument of a packed input set at `location` (declared on first use).
    pub(crate) fn packed_argument(
        &mut self,
        location: u32,
        args: &mut Vec<(u32, Handle<Expression>)>,
        b: &mut NBlock,
    ) -> Handle<Expression> {
        if let Some(&(_, e)) = args.iter().find(|(l, _)| *l == location) {
            return e;
        }
        let index = self.f.arguments.len() as u32;
        let ty = self.vec4_type();
        let (interpolation, sampling) = Self::interpolation(pigment_ir::Type::FLOAT4);
        self.f.arguments.push(naga::FunctionArgument {
            name: Some(format!("packed{location}")),
            ty,
            binding: Some(naga::Binding::Location {
                location,
                interpolation,
                sampling,
                blend_src: None,
            }),
        });
        let e = self.push(Expression::FunctionArgument(index), b);
        args.push((location, e));
        e
    }
}

/// The locations where cgc packs a varying behind another: those of `places` with a component
/// other than 0.
pub(crate) fn packed_locations(places: impl Iterator<Item = (u32, u8)>) -> Vec<u32> {
    let mut locations: Vec<u32> = places.filter(|&(_, c)| c != 0).map(|(l, _)| l).collect();
    locations.sort_unstable();
    locations.dedup();
    locations
}
