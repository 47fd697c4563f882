//! A preset converted (`pigment preset FILE.cgp --convert slang|glsl -o DIR`): the preset rewritten for libretro's slang
//! runtime (Vulkan GLSL) or its GLSL runtime: every pass's `main_vertex` and `main_fragment` written
//! by crates/glsl (`#version 450`, or `#version 120`) with the Cg runtime's names replaced by the
//! target runtime's, one `.slang` (stages under `#pragma stage`) or `.glsl` (stages under
//! `#if defined(VERTEX)` / `#elif defined(FRAGMENT)`) file per pass, the look-up textures copied,
//! and a `.slangp` or `.glslp` with the preset's keys.
//!
//! The GLSL runtime's names: `X.texture` → `PTexture`, `X.video_size` → `PInputSize`,
//! `X.texture_size` → `PTextureSize` with P empty for `IN`, `Orig`, `Prev`, `PrevK`, `PassK`,
//! `PassPrevK` or the alias; `IN.output_size` → `OutputSize`, `FrameCount`, `FrameDirection`,
//! `MVPMatrix`; attributes `VertexCoord`, `TexCoord`, `COLOR`; parameters are plain uniforms.
//!
//! The slang renaming (libretro's Cg runtime → slang): `IN.video_size`/`IN.texture_size` →
//! `SourceSize.xy`, `IN.output_size` → `OutputSize.xy`, `IN.frame_count` → `FrameCount`,
//! `IN.frame_direction` → `FrameDirection`, `IN.frame_rotation` → 0 (upright); `ORIG` → `Original`, `PREV`/`PREVk` →
//! `OriginalHistory1`/`OriginalHistory(k+1)`, `PASSk` → `PassOutput(k-1)`, `PASSPREVk` → the
//! output of pass i-k (`Original` before pass 0), an alias → its pass's `PassOutputN` (librashader
//! binds one sampler per texture in a pass, so each texture gets one name): `X.texture` is the sampler,
//! `X.video_size`/`X.texture_size` its `XSize.xy` (slang's textures are exactly their images'
//! size); `modelViewProj`'s rows are `MVP`'s (other matrices keep their initialisers); `#pragma parameter` uniforms keep their names; a
//! sampler with none of these names is the pass's `Source`; LUT samplers keep theirs; any other
//! uniform is the constant the Cg runtime left it at (its initialiser, else 0). All of it
//! lives in one std140 block at set 0, binding 0 (`global`), the samplers at bindings 1, 2, ...
//! Vertex inputs: `POSITION` is `Position` (location 0), `TEXCOORD0`, every `X.tex_coord`
//! and `TEXCOORD1` (the coordinates the Cg runtime gives look-up textures) `TexCoord` (location
//! 1), `COLOR` reads (1, 1, 1, 1); inputs the program never reads are left out. A pass using anything else is reported and
//! the conversion fails: no preset is written half converted.

mod located;
mod names;
mod overrides;

use super::passes::{parameter_lines, pass_request};
use crate::compile::cg;
use crate::diagnostics::Diagnostics;
use crate::error::{Error, Result};
use crate::{Session, Severity};
use names::{glsl_prefix, size_of, texture_of, Needs};
use overrides::overrides;
use pigment_glsl::Version;
use pigment_ir::{Function, Module, Stage};
use pigment_preset::{pragma, Preset};
use std::path::Path;

/// The runtime a preset is converted for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runtime {
    /// libretro's slang shaders (Vulkan GLSL) and a `.slangp`.
    Slang,
    /// libretro's GLSL shaders (GLSL 1.20, both stages in one file) and a `.glslp`.
    Glsl,
}

impl Runtime {
    pub(super) fn version(self) -> Version {
        match self {
            Runtime::Slang => Version::VULKAN,
            Runtime::Glsl => Version::desktop(120),
        }
    }

    /// The extension of its shader files (`slang`, `glsl`); its preset's is this with `p`.
    pub fn extension(self) -> &'static str {
        match self {
            Runtime::Slang => "slang",
            Runtime::Glsl => "glsl",
        }
    }

    /// The type sizes have (`vec4(w, h, 1/w, 1/h)` in slang, `vec2` in the GLSL runtime).
    pub(super) fn size_type(self) -> &'static str {
        match self {
            Runtime::Slang => "vec4",
            Runtime::Glsl => "vec2",
        }
    }

    /// The names of the Cg runtime's struct `structure` seen from pass `i`: its sampler, its
    /// video size and its texture size.
    pub(super) fn names(self, structure: &str, i: usize, preset: &Preset) -> Option<[String; 3]> {
        match self {
            Runtime::Slang => {
                let t = texture_of(structure, i, preset)?;
                let size = size_of(&t);
                Some([t, size.clone(), size])
            }
            Runtime::Glsl => {
                let p = glsl_prefix(structure, i, preset)?;
                Some([
                    format!("{p}Texture"),
                    format!("{p}InputSize"),
                    format!("{p}TextureSize"),
                ])
            }
        }
    }
}

/// The function `entry` of `module`.
fn entry<'m>(module: &'m Module, name: &str) -> Option<&'m Function> {
    module.function(name).map(|h| &module.functions[h])
}

/// The fragment entry lowered under GLSL's rules (`glslf`: explicit-LOD lookups exist, as they do
/// in slang), not fp30's.
fn lower_fragment(session: &Session, shader: &str) -> Result<cg::Lowered> {
    let request = pass_request(shader, "main_fragment", true);
    let mut found = Diagnostics::new();
    let stage = Stage::Fragment;
    cg::lower_stage(
        session,
        &request,
        "main_fragment",
        stage,
        "glslf",
        &mut found,
    )
}

/// The vertex entry lowered under vp40's rules, as `pigment render` lowers it.
fn lower_vertex(session: &Session, shader: &str) -> Result<cg::Lowered> {
    let request = pass_request(shader, "main_vertex", true);
    let mut found = Diagnostics::new();
    cg::lower_vertex(session, &request, "main_vertex", &mut found)
}

/// Why a stage cannot be written: names the runtime lacks, or what crates/glsl refused (placed in
/// the shader's files).
enum StageError {
    Missing(Vec<String>),
    Refused(Diagnostics),
}

/// The pass-through vertex stage of a pass without `main_vertex`, as the runtime spells it.
fn pass_through(runtime: Runtime, needs: &mut Needs) -> String {
    match runtime {
        Runtime::Slang => {
            needs.member("MVP", "mat4");
            "layout(location = 0) in vec4 Position;
layout(location = 1) in vec2 TexCoord;
layout(location = 0) out vec4 v_TEXCOORD0;

void main()
{
    gl_Position = global.MVP * Position;
    v_TEXCOORD0 = vec4(TexCoord, 0.0, 1.0);
}
"
            .into()
        }
        Runtime::Glsl => {
            needs.member("MVPMatrix", "mat4");
            "attribute vec4 VertexCoord;
attribute vec4 TexCoord;

void main()
{
    gl_Position = MVPMatrix * VertexCoord;
    gl_TexCoord[0] = TexCoord;
}
"
            .into()
        }
    }
}

/// One stage's text (without its `#version` line) written for `runtime`, or what it lacks.
fn stage_text(
    lowered: &cg::Lowered,
    func: &Function,
    i: usize,
    preset: &Preset,
    parameters: &[String],
    needs: &mut Needs,
) -> std::result::Result<String, StageError> {
    let o = overrides(func, i, preset, parameters, needs).map_err(StageError::Missing)?;
    let glsl = pigment_glsl::write_with(func, needs.runtime.version(), &o).map_err(|mut d| {
        d.message = format!(
            "pass {i} (`{}`): {}",
            preset.passes[i].shader.display(),
            d.message
        );
        let mut out = Diagnostics::new();
        let placed = cg::in_user_files(&lowered.front, &func.name, vec![d]);
        out.extend(&lowered.front.files, &placed);
        StageError::Refused(out)
    })?;
    Ok(glsl
        .text
        .split_once('\n')
        .map_or(String::new(), |(_, rest)| rest.to_string()))
}

/// Pass `i`'s error `why`, unlocated, after the located diagnostics `found` (if any).
fn pass_error(i: usize, shader: &str, why: &str, found: Option<&Diagnostics>) -> Diagnostics {
    let mut out = found.cloned().unwrap_or_default();
    out.push_message(Severity::Error, format!("pass {i} (`{shader}`) {why}"));
    out
}

/// One pass as a file of `runtime`, or why not (located where the shader says it).
/// `declared` holds every pass's `#pragma parameter` lines ([`parameter_pragmas`]).
fn convert_pass(
    session: &Session,
    i: usize,
    preset: &Preset,
    declared: &[Vec<String>],
    runtime: Runtime,
) -> std::result::Result<String, Diagnostics> {
    let shader = &preset.passes[i].shader;
    let name = shader.display().to_string();
    let source = session
        .read_text(&name)
        .map_err(|_| pass_error(i, &name, "cannot be read", None))?;
    let pragmas = parameter_pragmas(declared, i);
    let names: Vec<String> = pragmas.iter().map(|(name, _)| name.clone()).collect();
    let fragment_module = lower_fragment(session, &name)
        .map_err(|e| pass_error(i, &name, "main_fragment does not compile", e.diagnostics()))?;
    let fragment = entry(&fragment_module.module, "main_fragment")
        .ok_or_else(|| pass_error(i, &name, "has no main_fragment", None))?;
    // The pass's includes may define it (the sRGB blur chains' passes do).
    let vertex_request = pass_request(&name, "main_vertex", true);
    let vertex_module =
        if super::passes::defines_main_vertex(session, &vertex_request).unwrap_or(false) {
            Some(lower_vertex(session, &name).map_err(|e| {
                pass_error(i, &name, "main_vertex does not compile", e.diagnostics())
            })?)
        } else {
            None
        };
    let mut needs = Needs::new(runtime);
    let vertex = match vertex_module
        .as_ref()
        .and_then(|l| Some((l, entry(&l.module, "main_vertex")?)))
    {
        Some((l, f)) => stage_text(l, f, i, preset, &names, &mut needs),
        None => Ok(pass_through(runtime, &mut needs)),
    };
    let fragment = stage_text(&fragment_module, fragment, i, preset, &names, &mut needs);
    let (vertex, fragment) = match (vertex, fragment) {
        (Ok(v), Ok(f)) => (v, f),
        (v, f) => {
            let errors = [v.err(), f.err()];
            return Err(stage_errors(preset, i, &name, &source, runtime, errors));
        }
    };
    let mut out = String::new();
    let version = runtime.version().directive();
    out.push_str(&format!(
        "{version}\n// pass {i} of a Cg preset ({}), converted by Pigment\n",
        shader.display()
    ));
    for (_, line) in &pragmas {
        out.push_str(line);
        out.push('\n');
    }
    out.push_str(&match runtime {
        Runtime::Slang => slang_stages(&needs, &vertex, &fragment),
        Runtime::Glsl => glsl_stages(&needs, &vertex, &fragment),
    });
    Ok(out)
}

/// The diagnostics of pass `i`'s stages that failed: what crates/glsl refused, then the names
/// the runtime lacks (one error, at the first one's struct).
fn stage_errors(
    preset: &Preset,
    i: usize,
    name: &str,
    source: &str,
    runtime: Runtime,
    errors: [Option<StageError>; 2],
) -> Diagnostics {
    let mut out = Diagnostics::new();
    let mut missing = Vec::new();
    for e in errors.into_iter().flatten() {
        match e {
            StageError::Missing(m) => missing.extend(m),
            StageError::Refused(d) => out.append(d),
        }
    }
    if !missing.is_empty() {
        out.append(located::missing_names(
            &preset.name,
            i,
            name,
            source,
            runtime.extension(),
            &missing,
        ));
    }
    out
}

/// The `#pragma parameter` lines pass `i` declares (by name, as written), its own first, then
/// those of the preset's other passes (`declared`: each pass's lines, its includes' too, read
/// once per preset): RetroArch sets every parameter of a preset on every pass, so a pass may read
/// a parameter another pass declares (super-xBR's second pass reads the first's).
fn parameter_pragmas(declared: &[Vec<String>], i: usize) -> Vec<(String, String)> {
    let mut pragmas: Vec<(String, String)> = Vec::new();
    for line in declared[i].iter().chain(declared.iter().flatten()) {
        let Some(p) = pragma::parameters(line).into_iter().next() else {
            continue;
        };
        if !pragmas.iter().any(|(name, _)| *name == p.name) {
            pragmas.push((p.name, line.clone()));
        }
    }
    pragmas
}

/// slang: one block for both stages, the samplers after it, each stage under `#pragma stage`.
fn slang_stages(needs: &Needs, vertex: &str, fragment: &str) -> String {
    let mut out = String::new();
    if !needs.members.is_empty() {
        out.push_str("\nlayout(std140, set = 0, binding = 0) uniform UBO\n{\n");
        for (name, ty) in &needs.members {
            out.push_str(&format!("    {ty} {name};\n"));
        }
        out.push_str("} global;\n");
    }
    let samplers: String = needs
        .samplers
        .iter()
        .enumerate()
        .map(|(k, n)| {
            format!(
                "layout(set = 0, binding = {}) uniform sampler2D {n};\n",
                k + 1
            )
        })
        .collect();
    out.push_str(&format!(
        "\n#pragma stage vertex\n{vertex}\n#pragma stage fragment\n{samplers}{fragment}"
    ));
    out
}

/// The GLSL runtime: the uniforms and samplers declared in both stages (each under its `#if`).
fn glsl_stages(needs: &Needs, vertex: &str, fragment: &str) -> String {
    let mut uniforms: String = needs
        .members
        .iter()
        .map(|(name, ty)| format!("uniform {ty} {name};\n"))
        .collect();
    uniforms.extend(
        needs
            .samplers
            .iter()
            .map(|n| format!("uniform sampler2D {n};\n")),
    );
    format!("\n#if defined(VERTEX)\n{uniforms}{vertex}\n#elif defined(FRAGMENT)\n{uniforms}{fragment}#endif\n")
}

/// A converted preset: its files, each a name (relative to the folder they go in) and its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Converted {
    /// One shader per pass (`pass0.slang`, ...), the look-up textures' pictures under their own
    /// file names, and the preset (`preset.slangp` or `preset.glslp`), in that order.
    pub files: Vec<(String, Vec<u8>)>,
    /// The preset's file name (the last of `files`).
    pub preset_name: String,
    /// How many of `files` are passes.
    pub passes: usize,
}

impl Converted {
    /// Writes every file into `dir`, creating it.
    pub fn write_into(&self, dir: &Path) -> Result<()> {
        crate::files::create_dir(dir)?;
        self.files
            .iter()
            .try_for_each(|(name, bytes)| crate::files::write(&dir.join(name), bytes))
    }
}

impl Session {
    /// Converts `preset` (loaded by [`Session::load_preset`]) for `runtime`. A pass that uses
    /// something the runtime cannot express fails the conversion ([`Error::Rejected`], one entry
    /// per pass naming what it lacks): no preset is converted half.
    ///
    /// ```
    /// use pigment::preset::Runtime;
    /// let mut session = pigment::Session::new();
    /// session.add_source("p.cgp", "shaders = 1\nshader0 = pass.cg\nfilter_linear0 = false\n");
    /// session.add_source(
    ///     "pass.cg",
    ///     "float4 main_fragment(float2 uv : TEXCOORD0, uniform sampler2D s : TEXUNIT0) : COLOR\n\
    ///      { return tex2D(s, uv).bgra; }\n",
    /// );
    /// let preset = session.load_preset("p.cgp").unwrap();
    /// let converted = session.convert_preset(&preset, Runtime::Slang).unwrap();
    /// let names: Vec<&str> = converted.files.iter().map(|(n, _)| n.as_str()).collect();
    /// assert_eq!(names, ["pass0.slang", "preset.slangp"]);
    /// let pass = String::from_utf8(converted.files[0].1.clone()).unwrap();
    /// assert!(pass.starts_with("#version 450") && pass.contains("#pragma stage fragment"));
    /// let slangp = String::from_utf8(converted.files[1].1.clone()).unwrap();
    /// assert!(slangp.contains("shader0 = \"pass0.slang\""));
    /// ```
    pub fn convert_preset(&self, preset: &Preset, runtime: Runtime) -> Result<Converted> {
        let ext = runtime.extension();
        let mut files = Vec::new();
        let mut failures = Diagnostics::new();
        // Each pass's parameters, read once (every pass declares all of them).
        let declared: Vec<Vec<String>> = preset
            .passes
            .iter()
            .map(|p| parameter_lines(self, &p.shader.display().to_string()).unwrap_or_default())
            .collect();
        for i in 0..preset.passes.len() {
            match convert_pass(self, i, preset, &declared, runtime) {
                Ok(text) => files.push((format!("pass{i}.{ext}"), text.into_bytes())),
                Err(why) => failures.append(why),
            }
        }
        if !failures.is_empty() {
            return Err(Error::Rejected(failures));
        }
        let passes = files.len();
        let shaders: Vec<String> = files.iter().map(|(name, _)| name.clone()).collect();
        let mut luts = Vec::new();
        for lut in &preset.textures {
            let name = lut
                .path
                .file_name()
                .map_or("lut.png".into(), |n| n.to_string_lossy().into_owned());
            files.push((
                name.clone(),
                self.read_bytes(&lut.path.display().to_string())?,
            ));
            luts.push(name);
        }
        let preset_name = format!("preset.{ext}p");
        let text = pigment_preset::slangp::write_preset(preset, &shaders, &luts);
        files.push((preset_name.clone(), text.into_bytes()));
        Ok(Converted {
            files,
            preset_name,
            passes,
        })
    }
}
