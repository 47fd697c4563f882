//! ISL's frame buffer `FB` for a GPU, which cannot read its own target while drawing: the surface
//! pass reads the scene's clear colour there (nothing is drawn before it), so its lookups become
//! that constant; an atmosphere reads the surface pass's picture, a texture the caller binds.
//! GLSL ES has no rectangle textures, so there the atmosphere's `FB` becomes a 2D texture read at
//! the window position times the uniform [`FB_SCALE`], which the caller sets to (1/width,
//! 1/height).

use pigment_ir::{
    Block, Function, Handle, InstKind, Op, Origin, Sampler, SamplerDim, Type, Uniform, Value,
    ValueInfo, Vector,
};

/// The uniform that scales the window position to a 2D texture coordinate: (1/width, 1/height)
/// of the target (reflected as `FB.scale`).
pub const FB_SCALE: &str = "FB$scale";

/// Every lookup of the sampler `FB` replaced by the constant `clear` (the sampler is then unused,
/// and the writers declare no unused sampler).
pub(super) fn frame_buffer_is(func: &mut Function, clear: [f32; 4]) {
    let Some(fb) = func.sampler("FB") else { return };
    pigment_ir::walk_mut(&mut func.body, &mut |inst| {
        if matches!(inst.kind, InstKind::Sample { sampler, .. } if sampler == fb) {
            inst.kind = InstKind::Const(Vector::floats(&clear));
        }
    });
}

/// The rectangle texture `FB` made a 2D one: each lookup's coordinate (the window position, in
/// pixels) multiplied by the uniform [`FB_SCALE`] first.
pub(super) fn frame_buffer_in_2d(func: &mut Function) {
    let Some(fb) = func.sampler("FB") else { return };
    func.samplers[fb].dim = SamplerDim::D2;
    let order = func.uniforms.iter().map(|(_, u)| u.origin.order).max();
    let scale = func.uniforms.append(Uniform {
        name: FB_SCALE.into(),
        ty: Type::FLOAT2,
        array_len: None,
        semantic: None,
        matrix: false,
        default: None,
        origin: Origin {
            param: None,
            order: order.map_or(0, |o| o.saturating_add(1)),
        },
    });
    let mut body = std::mem::take(&mut func.body);
    scale_lookups(&mut body, fb, scale, func);
    func.body = body;
}

/// Inserts before each lookup of `fb` in `block` (and the blocks within) the load of `scale` and
/// the product that becomes its coordinate.
fn scale_lookups(
    block: &mut Block,
    fb: Handle<Sampler>,
    scale: Handle<Uniform>,
    func: &mut Function,
) {
    let mut insts = Vec::with_capacity(block.insts.len());
    for mut inst in std::mem::take(&mut block.insts) {
        for inner in inst.kind.blocks_mut() {
            scale_lookups(inner, fb, scale, func);
        }
        if let InstKind::Sample { sampler, coord, .. } = &mut inst.kind {
            if *sampler == fb {
                let loaded = value(func, Type::FLOAT2);
                let scaled = value(func, Type::FLOAT2);
                let load = InstKind::LoadUniform {
                    uniform: scale,
                    index: None,
                };
                let product = InstKind::Op {
                    op: Op::Mul,
                    args: vec![*coord, loaded],
                };
                insts.push(pigment_ir::Inst {
                    kind: load,
                    results: vec![loaded],
                    loc: inst.loc,
                });
                insts.push(pigment_ir::Inst {
                    kind: product,
                    results: vec![scaled],
                    loc: inst.loc,
                });
                *coord = scaled;
            }
        }
        insts.push(inst);
    }
    block.insts = insts;
}

fn value(func: &mut Function, ty: Type) -> Value {
    func.values.append(ValueInfo { ty })
}
