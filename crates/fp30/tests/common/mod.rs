//! Shared by the fp30 tests: the corpus under `tests/in/fp30/`, a seeded random generator, and
//! running a program both in the IR's reference interpreter and, compiled, on nvfp's machine.
#![allow(dead_code)]

use nvfp::exec::{Machine, Parameters, QuadInput, QuadOutput};
use nvfp::isa::{OutputReg, TexTarget};
use nvfp::texture::{Lookup, TexFormat, Texture, TextureUnits};
use pigment_diag::FileId;
use pigment_fp30::{compile, Binding, Compiled, Options};
use pigment_ir::interp::{run_quad, Bindings, FragmentResult, Limits, SampleRequest, Textures};
use pigment_ir::numeric::{to_f16, to_fx12};
use pigment_ir::*;
use std::path::{Path, PathBuf};

pub fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/in/fp30")
}

/// The `.ir` files directly in `dir`, sorted.
pub fn ir_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("corpus directory exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ir"))
        .collect();
    files.sort();
    files
}

pub fn bless() -> bool {
    pigment_ir::pass::file::blessing()
}

pub fn load_module(path: &Path) -> Module {
    let text = std::fs::read_to_string(path).expect("readable");
    parse(&text).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()))
}

/// SplitMix64: small, seeded, good enough to spread test inputs.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [lo, hi).
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        let u = (self.next() >> 40) as f32 / (1u64 << 24) as f32;
        lo + (hi - lo) * u
    }

    /// A real value for tests: mostly in [-4, 4], sometimes an exact small number or zero.
    pub fn real(&mut self) -> f32 {
        match self.next() % 16 {
            0 => 0.0,
            1 => [0.5, 1.0, -1.0, 2.0, -0.5, 0.25][(self.next() % 6) as usize],
            2 => self.range(-64.0, 64.0),
            _ => self.range(-4.0, 4.0),
        }
    }

    pub fn vector(&mut self, ty: Type) -> Vector {
        let w = ty.width as usize;
        match ty.kind {
            ScalarKind::Float => Vector::floats(&(0..w).map(|_| self.real()).collect::<Vec<_>>()),
            ScalarKind::Half => Vector::reals(
                ScalarKind::Half,
                &(0..w).map(|_| to_f16(self.real())).collect::<Vec<_>>(),
            ),
            ScalarKind::Fixed => Vector::reals(
                ScalarKind::Fixed,
                &(0..w)
                    .map(|_| to_fx12(self.range(-2.2, 2.2)))
                    .collect::<Vec<_>>(),
            ),
            ScalarKind::Bool => {
                Vector::bools(&(0..w).map(|_| self.next() & 1 == 0).collect::<Vec<_>>())
            }
            ScalarKind::Int => Vector::ints(
                &(0..w)
                    .map(|_| (self.next() % 5) as i32 - 1)
                    .collect::<Vec<_>>(),
            ),
        }
    }
}

/// A vector as the four floats an NV register or parameter holds.
pub fn as_floats(v: &Vector) -> [f32; 4] {
    std::array::from_fn(|i| {
        if i >= v.width() {
            return 0.0;
        }
        match v.ty.kind {
            ScalarKind::Bool => v.bits[i] as f32,
            ScalarKind::Int => v.i32(i) as f32,
            _ => v.f32(i),
        }
    })
}

/// One random run's inputs for both machines.
pub struct Case {
    pub ir: Bindings,
    pub quad: QuadInput,
    pub params: Parameters,
    pub units: TextureUnits,
    pub samplers: Vec<(u8, TexTarget)>,
}

pub fn make_case(
    func: &Function,
    compiled: &Compiled,
    loaded: &nvfp::program::Program,
    rng: &mut Rng,
) -> Case {
    let mut ir = Bindings::default();
    let mut quad = QuadInput::default();
    for (h, input) in func.inputs.iter() {
        let register = compiled.bindings.iter().find_map(|b| match b {
            Binding::Input { name, register } if *name == input.name => Some(*register),
            _ => None,
        });
        for f in 0..4 {
            let v = rng.vector(input.ty);
            if let Some(r) = register {
                quad.attribs[r.index()][f] = as_floats(&v);
            }
            ir.inputs[f].push(v);
            let _ = h;
        }
    }
    let mut params = Parameters::for_program(loaded);
    for (_, u) in func.uniforms.iter() {
        let n = u.array_len.unwrap_or(1);
        let mut elements = Vec::new();
        for e in 0..n {
            let v = rng.vector(u.ty);
            let element = u.array_len.map(|_| e);
            let parameter = compiled.bindings.iter().find_map(|b| match b {
                Binding::Uniform {
                    name,
                    element: el,
                    parameter,
                } if *name == u.name && *el == element => Some(parameter.clone()),
                _ => None,
            });
            if let Some(p) = parameter {
                let i = loaded
                    .named_locals
                    .iter()
                    .position(|l| l.name == p)
                    .expect("a bound uniform is DECLAREd");
                params.named[i] = as_floats(&v);
            }
            elements.push(v);
        }
        ir.uniforms.push(elements);
    }
    let mut units = TextureUnits::new();
    let mut samplers = Vec::new();
    for b in &compiled.bindings {
        if let Binding::Sampler { unit, target, .. } = b {
            samplers.push((*unit, *target));
            if *target == TexTarget::D2 {
                let texels: Vec<[f32; 4]> = (0..16)
                    .map(|_| [0, 1, 2, 3].map(|_| rng.range(0.0, 1.0)))
                    .collect();
                let t =
                    Texture::from_rgba_f32(TexTarget::D2, 4, 4, 1, TexFormat::FloatRgba, &texels)
                        .expect("a valid texture");
                units.bind(*unit, t);
            }
        }
    }
    Case {
        ir,
        quad,
        params,
        units,
        samplers,
    }
}

/// The machine's texture units serving the interpreter's lookups, so both sides sample alike.
struct SharedTextures<'a> {
    units: &'a TextureUnits,
    samplers: &'a [(u8, TexTarget)],
}

impl Textures for SharedTextures<'_> {
    fn sample(&mut self, r: &SampleRequest) -> [f32; 4] {
        let (unit, target) = self.samplers[r.sampler.index()];
        let mut coords = r.quad_coords;
        let lookup = if r.projective {
            for c in &mut coords {
                c[3] = c[r.width as usize - 1];
            }
            Lookup::Projective
        } else if let Some((dx, dy)) = r.gradients {
            Lookup::Gradients {
                ddx: [dx; 4],
                ddy: [dy; 4],
            }
        } else {
            Lookup::Implicit
        };
        self.units.sample_quad(unit, target, &coords, &lookup)[r.fragment]
    }
}

pub fn run_ir(func: &Function, case: &Case) -> [FragmentResult; 4] {
    let mut tex = SharedTextures {
        units: &case.units,
        samplers: &case.samplers,
    };
    run_quad(func, &case.ir, &mut tex, Limits::default()).expect("the interpreter runs")
}

pub fn run_nv(machine: &Machine, case: &Case) -> QuadOutput {
    machine
        .run_quad_traced(&case.quad, &case.params, &case.units)
        .0
}

/// Compiles and loads with nvfp's validator (which must accept every program the back end emits).
pub fn compile_and_load(module: &Module) -> (Compiled, nvfp::program::Program) {
    let compiled =
        compile(module, "main", &Options::default()).unwrap_or_else(|e| panic!("compile: {e:?}"));
    let loaded = nvfp::validate::load(&compiled.program, FileId(0))
        .unwrap_or_else(|e| panic!("nvfp refused the program: {e:?}\n{}", compiled.text));
    (compiled, loaded)
}

/// The machine's value of output `o` for fragment `f`.
pub fn nv_output(
    compiled: &Compiled,
    func: &Function,
    out: &QuadOutput,
    o: usize,
    f: usize,
) -> Vec<f32> {
    let output = &func.outputs[Handle::from_index(o)];
    let register = compiled.bindings.iter().find_map(|b| match b {
        Binding::Output { name, register } if *name == output.name => Some(*register),
        _ => None,
    });
    match register {
        Some(OutputReg::Depr) => vec![out.depth[f]],
        _ => out.color[f][..output.ty.width as usize].to_vec(),
    }
}
