//! A preset's passes written for libretro's slang runtime (Vulkan GLSL) or its GLSL runtime:
//! each pass's `main_vertex` and `main_fragment`, already lowered to IR by the caller (the
//! `pigment` library's Cg front end), written by crates/glsl (`#version 450`, or `#version 120`)
//! with the Cg runtime's names replaced by the target runtime's, one `.slang` (stages under
//! `#pragma stage`) or `.glsl` (stages under `#if defined(VERTEX)` / `#elif defined(FRAGMENT)`)
//! text per pass; [`crate::slangp`] writes the `.slangp` / `.glslp`.
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
//! 1), `COLOR` reads (1, 1, 1, 1); inputs the program never reads are left out. A pass using
//! anything else is an error ([`PassError`]): the caller writes no preset half converted.
//!
//! ```
//! use pigment_preset::convert::{write_pass, PassFunctions, Runtime};
//!
//! let mut files = pigment_diag::SourceFiles::new();
//! let text = "shaders = 1\nshader0 = pass.cg\n".to_string();
//! let preset = pigment_preset::parse_text(&mut files, "p.cgp", text, &mut |_| Err("".into()))
//!     .unwrap();
//! // float4 main_fragment(float2 uv : TEXCOORD0, uniform sampler2D s) : COLOR
//! // { return tex2D(s, uv); }, lowered to IR.
//! let module = pigment_ir::parse(
//!     "fn main_fragment(in $uv: float2 @TEXCOORD0, sampler $s: sampler2d, out $c: float4 @COLOR) {\n\
//!        %0: float2 = input $uv\n  %1: float4 = tex $s, %0\n  store $c.xyzw, %1\n}\n",
//! )
//! .unwrap();
//! let fragment = &module.functions[module.function("main_fragment").unwrap()];
//! let functions = PassFunctions { vertex: None, fragment };
//! let text = write_pass(&preset, 0, "", &[], functions, Runtime::Slang).unwrap();
//! assert!(text.starts_with("#version 450\n// pass 0 of a Cg preset (pass.cg)"));
//! // The sampler is the pass's Source, at binding 1 after the block of uniforms.
//! assert!(text.contains("layout(set = 0, binding = 1) uniform sampler2D Source;"));
//! ```

mod missing;
mod names;
mod overrides;

use crate::{pragma, Preset};
use names::{glsl_prefix, size_of, texture_of, Needs};
use overrides::overrides;
use pigment_diag::{Diagnostic, SourceFiles};
use pigment_glsl::Version;
use pigment_ir::{Function, Stage};

/// The runtime a preset is converted for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runtime {
    /// libretro's slang shaders (Vulkan GLSL) and a `.slangp`.
    Slang,
    /// libretro's GLSL shaders (GLSL 1.20, both stages in one file) and a `.glslp`.
    Glsl,
}

impl Runtime {
    /// The GLSL version its shaders are written in (Vulkan GLSL 4.50, or 1.20).
    pub fn version(self) -> Version {
        match self {
            Runtime::Slang => Version::VULKAN,
            Runtime::Glsl => Version::desktop(120),
        }
    }

    /// The extension of its shader files (`slang`, `glsl`); its preset's is this with `p`.
    ///
    /// ```
    /// assert_eq!(pigment_preset::convert::Runtime::Glsl.extension(), "glsl");
    /// ```
    pub fn extension(self) -> &'static str {
        match self {
            Runtime::Slang => "slang",
            Runtime::Glsl => "glsl",
        }
    }

    /// The type sizes have (`vec4(w, h, 1/w, 1/h)` in slang, `vec2` in the GLSL runtime).
    fn size_type(self) -> &'static str {
        match self {
            Runtime::Slang => "vec4",
            Runtime::Glsl => "vec2",
        }
    }

    /// The names of the Cg runtime's struct `structure` seen from pass `i`: its sampler, its
    /// video size and its texture size.
    fn names(self, structure: &str, i: usize, preset: &Preset) -> Option<[String; 3]> {
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

/// A pass's functions, lowered from its shader: `main_vertex` where the shader has one (else
/// the runtime's pass-through vertex stage is written) and `main_fragment`.
#[derive(Clone, Copy, Debug)]
pub struct PassFunctions<'a> {
    /// `main_vertex`, if the shader defines it.
    pub vertex: Option<&'a Function>,
    /// `main_fragment`.
    pub fragment: &'a Function,
}

/// Why a pass cannot be written for a runtime.
pub struct PassError {
    /// What crates/glsl refused, with the stage whose function it points into: the spans are
    /// the lowered function's, for the caller to place in the user's files. The message names
    /// the pass.
    pub refused: Vec<(Stage, Diagnostic)>,
    /// The names the runtime has no equivalent for, as one error located in the shader's text
    /// (at the first one's struct, where the text spells it), with that text to render it.
    pub missing: Option<(SourceFiles, Diagnostic)>,
}

impl std::fmt::Debug for PassError {
    // The shader's text is left out: the diagnostics say what went wrong.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PassError")
            .field("refused", &self.refused)
            .field("missing", &self.missing.as_ref().map(|(_, d)| d))
            .finish()
    }
}

/// Why one stage cannot be written: names the runtime lacks, or what crates/glsl refused.
enum StageError {
    Missing(Vec<String>),
    Refused(Stage, Diagnostic),
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

/// One stage's text (without its `#version` line) written for `needs.runtime`, or what it lacks.
fn stage_text(
    func: &Function,
    i: usize,
    preset: &Preset,
    parameters: &[String],
    needs: &mut Needs,
) -> Result<String, StageError> {
    let o = overrides(func, i, preset, parameters, needs).map_err(StageError::Missing)?;
    let glsl = pigment_glsl::write_with(func, needs.runtime.version(), &o).map_err(|mut d| {
        d.message = format!(
            "pass {i} (`{}`): {}",
            preset.passes[i].shader.display(),
            d.message
        );
        StageError::Refused(func.stage, d)
    })?;
    Ok(glsl
        .text
        .split_once('\n')
        .map_or(String::new(), |(_, rest)| rest.to_string()))
}

/// Pass `i` of `preset` as a file of `runtime`, or why not. `source` is the pass's shader text
/// (where a missing name is located); `pragmas` its `#pragma parameter` lines by name
/// ([`parameter_pragmas`]), written at the top and read as uniforms.
pub fn write_pass(
    preset: &Preset,
    i: usize,
    source: &str,
    pragmas: &[(String, String)],
    functions: PassFunctions<'_>,
    runtime: Runtime,
) -> Result<String, Box<PassError>> {
    let shader = &preset.passes[i].shader;
    let names: Vec<String> = pragmas.iter().map(|(name, _)| name.clone()).collect();
    let mut needs = Needs::new(runtime);
    let vertex = match functions.vertex {
        Some(f) => stage_text(f, i, preset, &names, &mut needs),
        None => Ok(pass_through(runtime, &mut needs)),
    };
    let fragment = stage_text(functions.fragment, i, preset, &names, &mut needs);
    let (vertex, fragment) = match (vertex, fragment) {
        (Ok(v), Ok(f)) => (v, f),
        (v, f) => {
            let error = pass_error(preset, i, source, runtime, [v.err(), f.err()]);
            return Err(Box::new(error));
        }
    };
    let mut out = String::new();
    let version = runtime.version().directive();
    out.push_str(&format!(
        "{version}\n// pass {i} of a Cg preset ({}), converted by Pigment\n",
        shader.display()
    ));
    for (_, line) in pragmas {
        out.push_str(line);
        out.push('\n');
    }
    out.push_str(&match runtime {
        Runtime::Slang => slang_stages(&needs, &vertex, &fragment),
        Runtime::Glsl => glsl_stages(&needs, &vertex, &fragment),
    });
    Ok(out)
}

/// The error of pass `i`'s stages that failed: what crates/glsl refused, then the names the
/// runtime lacks (one error, at the first one's struct).
fn pass_error(
    preset: &Preset,
    i: usize,
    source: &str,
    runtime: Runtime,
    errors: [Option<StageError>; 2],
) -> PassError {
    let mut refused = Vec::new();
    let mut missing = Vec::new();
    for e in errors.into_iter().flatten() {
        match e {
            StageError::Missing(m) => missing.extend(m),
            StageError::Refused(stage, d) => refused.push((stage, d)),
        }
    }
    let missing = (!missing.is_empty()).then(|| {
        let shader = preset.passes[i].shader.display().to_string();
        let ext = runtime.extension();
        missing::missing_names(&preset.name, i, &shader, source, ext, &missing)
    });
    PassError { refused, missing }
}

/// The `#pragma parameter` lines pass `i` declares (by name, as written), its own first, then
/// those of the preset's other passes (`declared`: each pass's lines, its includes' too, read
/// once per preset): RetroArch sets every parameter of a preset on every pass, so a pass may read
/// a parameter another pass declares (super-xBR's second pass reads the first's).
///
/// ```
/// let declared = vec![
///     vec!["#pragma parameter A \"a\" 0.5 0.0 1.0 0.1".to_string()],
///     vec!["#pragma parameter B \"b\" 1.0 0.0 2.0 0.5".to_string()],
/// ];
/// let names: Vec<String> = pigment_preset::convert::parameter_pragmas(&declared, 1)
///     .into_iter()
///     .map(|(name, _)| name)
///     .collect();
/// assert_eq!(names, ["B", "A"]);
/// ```
pub fn parameter_pragmas(declared: &[Vec<String>], i: usize) -> Vec<(String, String)> {
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
