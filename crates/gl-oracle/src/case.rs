//! A differential case: one NV_fragment_program and the inputs both sides of a comparison get — Pigment's
//! machine (as [`Parameters`] and [`TextureUnits`]) and a GL oracle (as [`Inputs`]). Used by the llvmpipe
//! differential test and by the native-driver conformance run (`examples/nv_driver.rs`).
//!
//! A program's header comments configure it:
//! - `# size: WxH` (default 16x16; powers of two keep interpolated inputs exact),
//! - `# tolerance: T` (absolute per component; default 0 = bit-exact up to NaN),
//! - `# local: N x,y,z,w` (numbered local parameter `p[N]`),
//! - `# texture: UNIT TARGET PATTERN FILTER` (a generated texture, see [`generated_texture`]).
//!
//! A program without such headers (a compiled shader, say) can take [`Case::with_generated_inputs`]: a
//! texture on every unit it samples and a value for every parameter, the same on both sides.

use crate::{Filter as GlFilter, Inputs, OracleTexture, TextureTarget};
use nvfp::exec::Parameters;
use nvfp::isa::TexTarget;
use nvfp::program::Program;
use nvfp::texture::{Filter, TexFormat, Texture, TextureUnits};
use pigment_diag::FileId;

/// An NV program with its comparison settings and inputs.
pub struct Case {
    pub name: String,
    pub text: String,
    pub program: Program,
    pub width: u32,
    pub height: u32,
    pub tolerance: f32,
    /// `p[N]` values.
    pub locals: Vec<(u32, [f32; 4])>,
    /// Values of `DECLARE`d parameters; those not listed keep their initial values.
    pub named: Vec<(String, [f32; 4])>,
    pub textures: Vec<(u8, Texture)>,
}

impl Case {
    /// Loads `text` with Pigment's validator and reads its header comments.
    pub fn load(name: &str, text: &str) -> Result<Case, String> {
        let program = nvfp::validate::load_text(text, FileId(0)).map_err(|d| {
            let messages: Vec<&str> = d.iter().map(|d| d.message.as_str()).collect();
            format!("{name} does not load: {}", messages.join("; "))
        })?;
        let mut case = Case {
            name: name.to_string(),
            text: text.to_string(),
            program,
            width: 16,
            height: 16,
            tolerance: 0.0,
            locals: Vec::new(),
            named: Vec::new(),
            textures: Vec::new(),
        };
        for line in text.lines().filter_map(|l| l.trim().strip_prefix('#')) {
            if let Some((key, value)) = line.trim().split_once(':') {
                case.apply_header(key.trim(), value.trim())
                    .map_err(|why| format!("{name}: `#{line}`: {why}"))?;
            }
        }
        Ok(case)
    }

    fn apply_header(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "size" => {
                let (w, h) = value.split_once('x').ok_or("size WxH")?;
                self.width = w.parse().map_err(|_| "size WxH")?;
                self.height = h.parse().map_err(|_| "size WxH")?;
            }
            "tolerance" => self.tolerance = value.parse().map_err(|_| "tolerance number")?,
            "local" => {
                let (n, v) = value.split_once(' ').ok_or("local N x,y,z,w")?;
                self.locals
                    .push((n.parse().map_err(|_| "local N")?, vector(v)?));
            }
            "texture" => self.textures.push(parse_texture(value)?),
            _ => {}
        }
        Ok(())
    }

    /// Gives a program written without headers inputs that make it do something: a linear-filtered
    /// checker texture on every unit it samples that has none, `p[N]` = (N+1)/64 · (1, 2, 3, 4), and named parameters
    /// by libretro's conventions (`*size*` 16, `*frame_count*` 5, `*direction*` 1, others 0.5).
    pub fn with_generated_inputs(mut self) -> Case {
        for (unit, target) in self.program.texture_targets.iter().enumerate() {
            let unit = unit as u8;
            let bound = self.textures.iter().any(|(u, _)| *u == unit);
            if let (Some(target), false) = (*target, bound) {
                let texture = generated_texture(target, "checker").with_filter(Filter::Linear);
                self.textures.push((unit, texture));
            }
        }
        for n in 0..nvfp::isa::limits::MAX_LOCAL_PARAMETERS as u32 {
            let base = (n + 1) as f32 / 64.0;
            self.locals
                .push((n, [base, 2.0 * base, 3.0 * base, 4.0 * base]));
        }
        self.named = (self.program.named_locals.iter())
            .map(|local| (local.name.clone(), [named_value(&local.name); 4]))
            .collect();
        self
    }

    /// The machine's parameters for this case.
    pub fn parameters(&self) -> Parameters {
        let mut params = Parameters::for_program(&self.program);
        for &(n, v) in &self.locals {
            params.numbered[n as usize] = v;
        }
        for (name, value) in &self.named {
            if let Some(i) = (self.program.named_locals.iter()).position(|l| &l.name == name) {
                params.named[i] = *value;
            }
        }
        params
    }

    /// The machine's texture units for this case.
    pub fn texture_units(&self) -> TextureUnits {
        let mut units = TextureUnits::new();
        for (unit, texture) in &self.textures {
            units.bind(*unit, texture.clone());
        }
        units
    }

    /// The oracle's inputs: the textures, the numbered locals, and (for an ARB translation, whose named
    /// parameters became numbered ones) `extra_locals`.
    pub fn oracle_inputs(&self, extra_locals: &[(u32, [f32; 4])]) -> Inputs {
        Inputs {
            locals: self.locals.iter().chain(extra_locals).copied().collect(),
            textures: (self.textures.iter())
                .map(|(unit, texture)| (*unit as u32, oracle_texture(texture)))
                .collect(),
        }
    }
}

fn named_value(name: &str) -> f32 {
    let name = name.to_ascii_lowercase();
    if name.contains("size") {
        16.0
    } else if name.contains("frame_count") {
        5.0
    } else if name.contains("direction") {
        1.0
    } else {
        0.5
    }
}

fn vector(text: &str) -> Result<[f32; 4], String> {
    let mut v = [0.0, 0.0, 0.0, 1.0];
    for (slot, part) in v.iter_mut().zip(text.split(',')) {
        *slot = part
            .trim()
            .parse()
            .map_err(|_| format!("`{part}` is not a number"))?;
    }
    Ok(v)
}

fn parse_texture(value: &str) -> Result<(u8, Texture), String> {
    let words: Vec<&str> = value.split_whitespace().collect();
    let [unit, target, pattern, filter] = words[..] else {
        return Err("texture: UNIT TARGET PATTERN FILTER".into());
    };
    let target = TexTarget::from_name(target).ok_or("unknown target")?;
    let filter = match filter {
        "nearest" => Filter::Nearest,
        "linear" => Filter::Linear,
        "mipmap" => Filter::Mipmap,
        other => return Err(format!("unknown filter {other}")),
    };
    if !["checker", "ramp"].contains(&pattern) {
        return Err(format!("unknown pattern {pattern}"));
    }
    let unit = unit.parse().map_err(|_| "texture unit")?;
    Ok((unit, generated_texture(target, pattern).with_filter(filter)))
}

/// Generated float textures: `checker` (8x8 texels of distinct colours) and `ramp` (a 16-texel-wide colour
/// ramp; any other name is taken as `ramp`); sizes per target: 1D 16, 2D/RECT 8x8, 3D 4x4x4, CUBE 4x4 faces.
pub fn generated_texture(target: TexTarget, pattern: &str) -> Texture {
    let checker = pattern == "checker";
    let texel = move |x: usize, y: usize, z: usize| -> [f32; 4] {
        if checker {
            let on = (x + y + z).is_multiple_of(2);
            let b = if on { 1.0 } else { 0.25 };
            [x as f32 / 8.0, y as f32 / 8.0, b, (z as f32 + 1.0) / 8.0]
        } else {
            let c = (x * y % 7) as f32 / 7.0;
            [x as f32 / 16.0, 1.0 - y as f32 / 16.0, c, 1.0]
        }
    };
    let plane = |w: usize, h: usize, z: usize| -> Vec<[f32; 4]> {
        (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .map(|(x, y)| texel(x, y, z))
            .collect()
    };
    let fmt = TexFormat::FloatRgba;
    let made = match target {
        TexTarget::D1 => Texture::from_rgba_f32(target, 16, 1, 1, fmt, &plane(16, 1, 0)),
        TexTarget::D2 | TexTarget::Rect => {
            Texture::from_rgba_f32(target, 8, 8, 1, fmt, &plane(8, 8, 0))
        }
        TexTarget::D3 => {
            let slices: Vec<Vec<[f32; 4]>> = (0..4).map(|z| plane(4, 4, z)).collect();
            let refs: Vec<&[[f32; 4]]> = slices.iter().map(|s| s.as_slice()).collect();
            Texture::from_slices(fmt, 4, 4, &refs)
        }
        TexTarget::Cube => {
            let f: Vec<Vec<[f32; 4]>> = (0..6).map(|f| plane(4, 4, f)).collect();
            Texture::cube(fmt, 4, [&f[0], &f[1], &f[2], &f[3], &f[4], &f[5]])
        }
    };
    made.expect("the generated shapes are valid textures")
}

/// The oracle's copy of a machine texture: same target, texels, filter and (for mipmaps) levels.
pub fn oracle_texture(texture: &Texture) -> OracleTexture {
    let target = match texture.target() {
        TexTarget::D1 => TextureTarget::D1,
        TexTarget::D2 => TextureTarget::D2,
        TexTarget::D3 => TextureTarget::D3,
        TexTarget::Cube => TextureTarget::Cube,
        TexTarget::Rect => TextureTarget::Rect,
    };
    let filter = match texture.filter() {
        Filter::Nearest => GlFilter::Nearest,
        Filter::Linear => GlFilter::Linear,
        Filter::Mipmap => GlFilter::Mipmap,
    };
    let faces = if target == TextureTarget::Cube { 6 } else { 1 };
    let level_texels = |level: usize| -> Vec<[f32; 4]> {
        (0..faces)
            .flat_map(|f| {
                let level = texture.level(f, level).expect("a level below level_count");
                level.texels().to_vec()
            })
            .collect()
    };
    let [w, h, d] = texture.size().map(|n| n as u32);
    let size = if faces == 6 { [w, h, 6] } else { [w, h, d] };
    let mut oracle = OracleTexture::new(target, size, level_texels(0), filter);
    if filter == GlFilter::Mipmap {
        oracle.mip_levels = (1..texture.level_count()).map(level_texels).collect();
    }
    oracle
}

#[cfg(test)]
mod tests {
    use super::*;

    const PROGRAM: &str = "!!FP1.0
# size: 8x4
# tolerance: 1e-5
# local: 3 1,2,3
# texture: 1 CUBE checker nearest
DECLARE IN$texture_size;
DECLARE other = {1, 2, 3, 4};
TEX R0, f[TEX0], TEX1, CUBE;
TEX R1, f[TEX0], TEX2, 2D;
ADDR o[COLR], R0, p[3];
END
";

    #[test]
    fn headers_configure_the_case() {
        let case = Case::load("p.fp", PROGRAM).expect("loads");
        assert_eq!((case.width, case.height, case.tolerance), (8, 4, 1e-5));
        assert_eq!(case.locals, [(3, [1.0, 2.0, 3.0, 1.0])]);
        assert_eq!(case.textures.len(), 1);
        assert_eq!(case.textures[0].0, 1);
        assert_eq!(case.textures[0].1.target(), TexTarget::Cube);
        assert_eq!(
            case.texture_units().get(1).map(Texture::filter),
            Some(Filter::Nearest)
        );
    }

    #[test]
    fn a_malformed_header_is_an_error_naming_it() {
        let bad = PROGRAM.replace("checker nearest", "plaid nearest");
        let why = Case::load("p.fp", &bad).err().expect("refused");
        assert!(
            why.contains("p.fp: `# texture: 1 CUBE plaid nearest`: unknown pattern plaid"),
            "{why}"
        );
    }

    #[test]
    fn generated_inputs_feed_every_sampled_unit_and_parameter() {
        let case = Case::load("p.fp", PROGRAM)
            .expect("loads")
            .with_generated_inputs();
        let units: Vec<u8> = case.textures.iter().map(|(u, _)| *u).collect();
        assert_eq!(units, [1, 2], "the header's unit 1 kept, unit 2 generated");
        assert_eq!(case.textures[0].1.filter(), Filter::Nearest);
        let params = case.parameters();
        assert_eq!(params.named, [[16.0; 4], [0.5; 4]]);
        assert_eq!(
            params.numbered[0],
            [1.0 / 64.0, 2.0 / 64.0, 3.0 / 64.0, 4.0 / 64.0]
        );
    }
}
