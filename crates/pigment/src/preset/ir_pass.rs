//! A pass's fragment stage as RetroArch's Cg runtime runs it on a current GPU (the default chain):
//! the entry lowered to the IR under a current profile's rules (`tex2Dlod` and the other
//! explicit-LOD lookups allowed) and every `half` and `fixed` made `float` (today's GPUs compute
//! both in fp32, so `fixed` does not clamp to fp30's [-2, 2)). The chain compiles that function
//! for fp30 where fp30 holds it; where it does not, [`IrFragment::shade`] runs it in the IR's
//! reference interpreter on each 2x2 quad, so derivatives and implicit levels of detail are a
//! GPU's, with no NV30 instruction, register or loop limit.
//!
//! Inputs, samplers and the colour output are bound by the rule fp30 binds them by
//! (`pigment_fp30::interface::bind`: cgc's semantics, its packing of varyings without one and its
//! texture units), so the vertex stage's attributes and the chain's textures reach the same
//! variables as on the machine; lookups go to the machine's texture units, so filtering, wrap
//! modes, sRGB and mipmaps are the machine's too.

use crate::render::vertex::UNSET;
use crate::render::vertex_textures::sampler_named;
use crate::uniforms::typed;
use nvfp::exec::{QuadInput, QuadOutput};
use nvfp::isa::{AttribReg, OutputReg};
use nvfp::texture::{Lookup, Texture, TextureUnits};
use pigment_fp30::interface::{target_for, Interface};
use pigment_ir::interp::{Limits, QuadRunner, SampleRequest, Textures};
use pigment_ir::pass::{ConstFold, Cse, Dce, Pass};
use pigment_ir::{Function, Vector};

/// The profile whose rules the default chain lowers a pass under: G80 and later, what the Cg
/// runtime picks (`cgGLGetLatestProfile`) on a GPU of today.
pub(crate) const CURRENT_PROFILE: &str = "gp5fp";

/// A fragment function ready for the interpreter, with where its interface is bound.
pub(crate) struct IrFragment {
    func: Function,
    /// Each input's attribute register and the component it starts at.
    inputs: Vec<Option<(AttribReg, u8)>>,
    /// Each sampler's texture unit.
    units: Vec<Option<u8>>,
    /// The index of the colour output, if the function writes one.
    color: Option<usize>,
}

impl IrFragment {
    /// `func` (lowered, fragment stage) computed in fp32 and bound as `interface` says.
    pub fn new(mut func: Function, interface: &Interface) -> IrFragment {
        pigment_arb::promote::promote_to_float(&mut func);
        // Folding again after the promotion shortens what the interpreter walks per quad.
        for pass in [&mut ConstFold as &mut dyn Pass, &mut Cse, &mut Dce] {
            pass.run(&mut func);
        }
        let inputs = interface
            .inputs
            .iter()
            .zip(&interface.input_offsets)
            .map(|(reg, offset)| reg.map(|r| (r, *offset)))
            .collect();
        let color = interface
            .outputs
            .iter()
            .position(|o| matches!(o, Some(OutputReg::Colr | OutputReg::Colh)));
        IrFragment {
            func,
            inputs,
            units: interface.sampler_units.clone(),
            color,
        }
    }

    /// The units for `source` (unit 0, where libretro's runtime binds it whatever the sampler's
    /// name) and each texture of `samplers` (by Cg name) on its sampler's unit.
    pub fn texture_units(&self, source: &Texture, samplers: &[(String, Texture)]) -> TextureUnits {
        let mut units = TextureUnits::new();
        units.bind(0, source.clone());
        for (name, texture) in samplers {
            let unit = sampler_named(&self.func, name).and_then(|i| self.units[i]);
            if let Some(unit) = unit {
                units.bind(unit, texture.clone());
            }
        }
        units
    }

    /// The lowered function the interpreter runs.
    pub fn function(&self) -> &Function {
        &self.func
    }

    /// Shades `quads` into `outputs` with `uniforms` (in the function's order) and the textures
    /// on `units`.
    pub fn shade(
        &self,
        uniforms: &[Vec<Vector>],
        units: &TextureUnits,
        quads: &[QuadInput],
        outputs: &mut [QuadOutput],
    ) -> Result<(), String> {
        let mut textures = UnitTextures {
            units,
            of_sampler: &self.units,
        };
        let mut bindings = pigment_ir::interp::Bindings {
            inputs: Default::default(),
            uniforms: uniforms.to_vec(),
        };
        let mut runner =
            QuadRunner::new(&self.func).map_err(|e| format!("the fragment stage: {e}"))?;
        for (quad, out) in quads.iter().zip(outputs) {
            for (f, values) in bindings.inputs.iter_mut().enumerate() {
                values.clear();
                values.extend(self.func.inputs.iter().map(|(h, i)| {
                    let value = self.input_value(h.index(), quad, f);
                    typed(i.ty, value)
                }));
            }
            let results = runner
                .run(&bindings, &mut textures, Limits::default())
                .map_err(|e| format!("the fragment stage: {e}"))?;
            for (f, result) in results.iter().enumerate() {
                out.killed[f] = result.discarded;
                if let Some(value) = self.color.map(|c| result.outputs[c].value) {
                    out.color[f] = [0, 1, 2, 3].map(|c| value.f32(c));
                }
            }
        }
        Ok(())
    }

    /// Input `index`'s value in fragment `f` of `quad`: its register from its first component
    /// on; `FACE` is front-facing (+1), as the quad is.
    fn input_value(&self, index: usize, quad: &QuadInput, f: usize) -> [f32; 4] {
        let Some((reg, offset)) = self.inputs[index] else {
            let input = &self.func.inputs[pigment_ir::Handle::from_index(index)];
            let face = input.semantic.as_deref().map(str::to_ascii_uppercase);
            return match face.as_deref() {
                Some("FACE") => [1.0, 0.0, 0.0, 1.0],
                _ => UNSET,
            };
        };
        let register = quad.attribs[reg.index()][f];
        let mut value = UNSET;
        for (c, v) in value.iter_mut().enumerate() {
            if let Some(x) = register.get(c + usize::from(offset)) {
                *v = *x;
            }
        }
        value
    }
}

/// The interpreter's lookups served by the machine's texture units.
struct UnitTextures<'a> {
    units: &'a TextureUnits,
    of_sampler: &'a [Option<u8>],
}

impl Textures for UnitTextures<'_> {
    fn sample(&mut self, r: &SampleRequest) -> [f32; 4] {
        let Some(Some(unit)) = self.of_sampler.get(r.sampler.index()).copied() else {
            return [0.0; 4];
        };
        let Some(texture) = self.units.get(unit) else {
            return [0.0; 4];
        };
        let target = target_for(r.info.dim);
        if let Some(level) = r.fetch_level {
            return crate::render::vertex_textures::fetch(
                texture,
                r.quad_coords[r.fragment],
                level,
            );
        }
        let mut coords = r.quad_coords;
        let lookup = match (r.projective, r.gradients, r.lod, r.bias) {
            (true, ..) => {
                // The IR puts q last; the machine reads it from w.
                for c in &mut coords {
                    c[3] = c[usize::from(r.width.max(1)) - 1];
                }
                Lookup::Projective
            }
            (_, Some((dx, dy)), ..) => Lookup::Gradients {
                ddx: [dx; 4],
                ddy: [dy; 4],
            },
            (_, _, Some(lod), _) => {
                let (ds, dt) = crate::render::vertex_textures::lod_steps(texture, lod);
                Lookup::Gradients {
                    ddx: [[ds, 0.0, 0.0, 0.0]; 4],
                    ddy: [[0.0, dt, 0.0, 0.0]; 4],
                }
            }
            (_, _, _, Some(bias)) => {
                // The quad's implicit derivatives, as the machine takes them, scaled by 2^bias.
                let scale = bias.exp2();
                let d = |k: usize| [0, 1, 2, 3].map(|c| (coords[k][c] - coords[0][c]) * scale);
                Lookup::Gradients {
                    ddx: [d(1); 4],
                    ddy: [d(2); 4],
                }
            }
            _ => Lookup::Implicit,
        };
        self.units.sample_quad(unit, target, &coords, &lookup)[r.fragment]
    }
}
