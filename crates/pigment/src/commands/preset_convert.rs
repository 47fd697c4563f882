//! `pigment preset FILE.cgp --convert slang|glsl -o DIR`: the preset rewritten for libretro's slang
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

use crate::cgfront::front_end_options;
use crate::cgfront::lower_cg_with;
use crate::cli::CgArgs;
use crate::commands::render_stages::lower_vertex;
use crate::failure::{CommandResult, Failure};
use crate::load::read_source;
use pigment_glsl::{names::source_name, Overrides, Version};
use pigment_ir::{Function, Module, Stage};
use pigment_preset::{pragma, Preset};
use std::path::Path;

/// The runtime a preset is converted for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runtime {
    Slang,
    Glsl,
}

impl Runtime {
    fn version(self) -> Version {
        match self {
            Runtime::Slang => Version::VULKAN,
            Runtime::Glsl => Version::desktop(120),
        }
    }

    fn extension(self) -> &'static str {
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
                Some([t.clone(), format!("{t}Size"), format!("{t}Size")])
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

/// The GLSL runtime's name prefix for a Cg runtime struct seen from pass `i`.
fn glsl_prefix(structure: &str, i: usize, preset: &Preset) -> Option<String> {
    let number = |prefix: &str| {
        structure
            .strip_prefix(prefix)
            .and_then(|n| n.parse::<usize>().ok())
    };
    Some(match structure {
        "IN" => String::new(),
        "ORIG" => "Orig".into(),
        "PREV" => "Prev".into(),
        _ if structure.starts_with("PASSPREV") => format!("PassPrev{}", number("PASSPREV")?),
        _ if structure.starts_with("PREV") => format!("Prev{}", number("PREV")?),
        _ if structure.starts_with("PASS") => {
            let k = number("PASS")?;
            (k >= 1 && k <= i).then(|| format!("Pass{k}"))?
        }
        alias => preset.passes[..i]
            .iter()
            .any(|p| p.alias.as_deref() == Some(alias))
            .then(|| alias.to_string())?,
    })
}

/// The uniforms (slang: block members) and samplers one pass needs, in first-use order.
struct Needs {
    runtime: Runtime,
    members: Vec<(String, &'static str)>,
    samplers: Vec<String>,
}

impl Needs {
    fn new(runtime: Runtime) -> Needs {
        Needs {
            runtime,
            members: Vec::new(),
            samplers: Vec::new(),
        }
    }

    fn member(&mut self, name: &str, ty: &'static str) -> String {
        if !self.members.iter().any(|(n, _)| n == name) {
            self.members.push((name.to_string(), ty));
        }
        match self.runtime {
            Runtime::Slang => format!("global.{name}"),
            Runtime::Glsl => name.to_string(),
        }
    }

    fn sampler(&mut self, name: &str) -> String {
        if !self.samplers.iter().any(|n| n == name) {
            self.samplers.push(name.to_string());
        }
        name.to_string()
    }
}

/// slang's texture name for a Cg runtime struct name seen from pass `i`, if it has one.
fn texture_of(structure: &str, i: usize, preset: &Preset) -> Option<String> {
    let number = |prefix: &str| {
        structure
            .strip_prefix(prefix)
            .and_then(|n| n.parse::<usize>().ok())
    };
    Some(match structure {
        "IN" => "Source".into(),
        "ORIG" => "Original".into(),
        "PREV" => "OriginalHistory1".into(),
        _ if structure.starts_with("PASSPREV") => {
            let k = number("PASSPREV")?;
            if k > i {
                "Original".into()
            } else {
                format!("PassOutput{}", i - k)
            }
        }
        _ if structure.starts_with("PREV") => format!("OriginalHistory{}", number("PREV")? + 1),
        _ if structure.starts_with("PASS") => {
            let k = number("PASS")?;
            (k >= 1 && k <= i).then(|| format!("PassOutput{}", k - 1))?
        }
        alias => format!(
            "PassOutput{}",
            preset.passes[..i]
                .iter()
                .position(|p| p.alias.as_deref() == Some(alias))?
        ),
    })
}

/// A real uniform of `width` read from a size (whose first two components are width and height).
fn sized(expr: String, width: u8) -> String {
    match width {
        1 => format!("{expr}.x"),
        2 => format!("{expr}.xy"),
        3 => format!("vec3({expr}.xy, 0.0)"),
        _ => format!("vec4({expr}.xy, 0.0, 1.0)"),
    }
}

/// The counter uniforms' type.
fn counter_type(runtime: Runtime, name: &str) -> &'static str {
    match (runtime, name) {
        (Runtime::Slang, "FrameCount") => "uint",
        _ => "int",
    }
}

/// The target runtime's expression of the Cg runtime's `structure.member` seen from pass `i`, at
/// `width`.
fn runtime_value(
    structure: &str,
    member: &str,
    width: u8,
    i: usize,
    preset: &Preset,
    needs: &mut Needs,
) -> Option<String> {
    let runtime = needs.runtime;
    let [_, video, texture] = runtime.names(structure, i, preset)?;
    let size_type = runtime.size_type();
    Some(match member {
        "output_size" if structure == "IN" => sized(needs.member("OutputSize", size_type), width),
        "frame_count" => format!(
            "float({})",
            needs.member("FrameCount", counter_type(runtime, "FrameCount"))
        ),
        "frame_direction" => format!("float({})", needs.member("FrameDirection", "int")),
        // Neither runtime rotates: the picture is upright.
        "frame_rotation" => "0.0".into(),
        "video_size" => sized(needs.member(&video, size_type), width),
        "texture_size" => sized(needs.member(&texture, size_type), width),
        _ => return None,
    })
}

/// A uniform's initial elements as GLSL constants (its initialiser, else zeros).
fn initial_values(u: &pigment_ir::Uniform) -> Vec<String> {
    u.initial_elements()
        .iter()
        .map(|v| pigment_glsl::expr::constant(v, u.ty, Version::VULKAN).text)
        .collect()
}

/// The overrides of one function of pass `i`, or the names the runtime has no place for.
fn overrides(
    func: &Function,
    i: usize,
    preset: &Preset,
    parameters: &[String],
    needs: &mut Needs,
) -> Result<Overrides, Vec<String>> {
    let mut o = Overrides::default();
    let mut missing = Vec::new();
    for (_, u) in func.uniforms.iter() {
        let cg = source_name(&u.name);
        let value = if u.matrix && cg == "modelViewProj" && u.ty.width == 4 {
            let mvp = match needs.runtime {
                Runtime::Slang => needs.member("MVP", "mat4"),
                Runtime::Glsl => needs.member("MVPMatrix", "mat4"),
            };
            let rows = u.array_len.unwrap_or(4);
            Some(
                (0..rows)
                    .map(|r| {
                        format!("vec4({mvp}[0][{r}], {mvp}[1][{r}], {mvp}[2][{r}], {mvp}[3][{r}])")
                    })
                    .collect(),
            )
        } else if parameters.contains(&cg) {
            Some(vec![needs.member(&cg, "float")])
        } else if let Some((structure, member)) = cg.split_once('.') {
            match runtime_value(structure, member, u.ty.width, i, preset, needs) {
                Some(v) => Some(vec![v]),
                // A member the Cg runtime does not set on a struct it knows (`ALIAS.output_size`,
                // a `tex_coord` declared uniform) keeps its initialiser there too.
                None if needs.runtime.names(structure, i, preset).is_some() => {
                    Some(initial_values(u))
                }
                None => None,
            }
        } else {
            // A uniform the runtime does not know keeps the value the Cg runtime gave it: its
            // initialiser, else 0.
            Some(initial_values(u))
        };
        match value {
            Some(v) => {
                o.uniforms.insert(u.name.clone(), v);
            }
            None => missing.push(format!("uniform `{cg}`")),
        }
    }
    let luts: Vec<&str> = preset.textures.iter().map(|t| t.name.as_str()).collect();
    for (_, s) in func.samplers.iter() {
        let cg = source_name(&s.name);
        let runtime = needs.runtime;
        let name = match cg.strip_suffix(".texture") {
            Some(structure) => runtime.names(structure, i, preset).map(|[t, _, _]| t),
            None if luts.contains(&cg.as_str()) => Some(cg.clone()),
            None => runtime.names("IN", i, preset).map(|[t, _, _]| t),
        };
        match name {
            Some(n) => {
                o.samplers.insert(s.name.clone(), needs.sampler(&n));
            }
            None => missing.push(format!("sampler `{cg}`")),
        }
    }
    if func.stage == Stage::Vertex {
        let read = pigment_naga::interface::read_inputs(func);
        for (h, input) in func.inputs.iter() {
            if !read[h.index()] {
                continue;
            }
            let semantic = input.semantic.as_deref().unwrap_or("").to_ascii_uppercase();
            let cg = source_name(&input.name);
            let member = cg.split_once('.');
            let tex_coord = member.is_some_and(|(_, m)| m == "tex_coord");
            // Sizes passed as varying struct members are the runtime's uniforms all the same.
            let size = member
                .filter(|(_, m)| *m != "tex_coord")
                .and_then(|(s, m)| runtime_value(s, m, input.ty.width, i, preset, needs));
            if let (Some(v), "") = (size, semantic.as_str()) {
                o.inputs.insert(input.name.clone(), v);
                continue;
            }
            match semantic.as_str() {
                "POSITION" | "POSITION0" => {
                    let name = match needs.runtime {
                        Runtime::Slang => "Position",
                        Runtime::Glsl => "VertexCoord",
                    };
                    o.attributes.insert(input.name.clone(), (name.into(), 0));
                }
                // The Cg runtime's TEXCOORD1 (the look-up textures' coordinates) is TexCoord too.
                "TEXCOORD" | "TEXCOORD0" | "TEXCOORD1" => {
                    o.attributes
                        .insert(input.name.clone(), ("TexCoord".into(), 1));
                }
                "" if tex_coord => {
                    o.attributes
                        .insert(input.name.clone(), ("TexCoord".into(), 1));
                }
                "COLOR" | "COLOR0" | "DIFFUSE" if needs.runtime == Runtime::Glsl => {
                    o.attributes.insert(input.name.clone(), ("COLOR".into(), 3));
                }
                "COLOR" | "COLOR0" | "DIFFUSE" => {
                    let ones = ["1.0"; 4][..input.ty.width as usize].join(", ");
                    let value = if input.ty.width == 1 {
                        "1.0".into()
                    } else {
                        format!("vec{}({ones})", input.ty.width)
                    };
                    o.inputs.insert(input.name.clone(), value);
                }
                _ => missing.push(format!("vertex input `{}`", source_name(&input.name))),
            }
        }
    }
    if missing.is_empty() {
        Ok(o)
    } else {
        Err(missing)
    }
}

/// The function `entry` of `module`.
fn entry<'m>(module: &'m Module, name: &str) -> Option<&'m Function> {
    module.function(name).map(|h| &module.functions[h])
}

fn cg_args(entry: &str) -> CgArgs {
    CgArgs {
        entry: entry.to_string(),
        profile: "fp30".to_string(),
        include_dirs: Vec::new(),
        defines: vec!["PARAMETER_UNIFORM".to_string()],
        undefines: Vec::new(),
        lang: None,
        no_fast_math: false,
    }
}

/// The fragment entry lowered under GLSL's rules (`glslf`: explicit-LOD lookups exist, as they do
/// in slang), not fp30's.
fn lower_fragment(shader: &Path) -> Result<(pigment_cg::driver::FrontEnd, Module), Failure> {
    let mut options = front_end_options(&cg_args("main_fragment"))?;
    options.profile = "glslf".into();
    options.stage = Some(Stage::Fragment);
    lower_cg_with(shader, &options)
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
    func: &Function,
    i: usize,
    preset: &Preset,
    parameters: &[String],
    needs: &mut Needs,
) -> Result<String, Vec<String>> {
    let o = overrides(func, i, preset, parameters, needs)?;
    let glsl =
        pigment_glsl::write_with(func, needs.runtime.version(), &o).map_err(|d| vec![d.message])?;
    Ok(glsl
        .text
        .split_once('\n')
        .map_or(String::new(), |(_, rest)| rest.to_string()))
}

/// One pass as a file of `runtime`, or why not.
fn convert_pass(i: usize, preset: &Preset, runtime: Runtime) -> Result<String, String> {
    let shader = &preset.passes[i].shader;
    let source = read_source(shader).map_err(|_| "cannot be read".to_string())?;
    let names: Vec<String> = pragma::parameters(&source)
        .into_iter()
        .map(|p| p.name)
        .collect();
    let (_, fragment_module) =
        lower_fragment(shader).map_err(|_| "main_fragment does not compile".to_string())?;
    let fragment = entry(&fragment_module, "main_fragment").ok_or("no main_fragment")?;
    let vertex_module = if source.contains("main_vertex") {
        Some(
            lower_vertex(shader, &cg_args("main_vertex"), "main_vertex")
                .map_err(|_| "main_vertex does not compile".to_string())?,
        )
    } else {
        None
    };
    let mut needs = Needs::new(runtime);
    let vertex = match vertex_module.as_ref().and_then(|m| entry(m, "main_vertex")) {
        Some(f) => stage_text(f, i, preset, &names, &mut needs),
        None => Ok(pass_through(runtime, &mut needs)),
    };
    let fragment = stage_text(fragment, i, preset, &names, &mut needs);
    let (vertex, fragment) = match (vertex, fragment) {
        (Ok(v), Ok(f)) => (v, f),
        (v, f) => {
            let missing: Vec<String> = [v.err(), f.err()].into_iter().flatten().flatten().collect();
            return Err(format!(
                "has no {} equivalent for {}",
                runtime.extension(),
                missing.join(", ")
            ));
        }
    };
    let mut out = String::new();
    let version = runtime.version().directive();
    out.push_str(&format!(
        "{version}\n// pass {i} of a Cg preset ({}), converted by Pigment\n",
        shader.display()
    ));
    for line in source
        .lines()
        .filter(|l| l.trim_start().starts_with("#pragma parameter"))
    {
        out.push_str(line.trim());
        out.push('\n');
    }
    out.push_str(&match runtime {
        Runtime::Slang => slang_stages(&needs, &vertex, &fragment),
        Runtime::Glsl => glsl_stages(&needs, &vertex, &fragment),
    });
    Ok(out)
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

pub fn convert(preset: &Preset, dir: &Path, runtime: Runtime) -> CommandResult {
    let ext = runtime.extension();
    let mut files = Vec::new();
    let mut failures = Vec::new();
    for i in 0..preset.passes.len() {
        match convert_pass(i, preset, runtime) {
            Ok(text) => files.push((format!("pass{i}.{ext}"), text)),
            Err(why) => failures.push(format!(
                "pass {i} (`{}`) {why}",
                preset.passes[i].shader.display()
            )),
        }
    }
    if !failures.is_empty() {
        for f in &failures {
            eprintln!("pigment: error: {f}");
        }
        return Err(Failure::Rejected);
    }
    std::fs::create_dir_all(dir)
        .map_err(|e| Failure::Output(format!("cannot create `{}`: {e}", dir.display())))?;
    let write = |name: &str, bytes: &[u8]| {
        std::fs::write(dir.join(name), bytes).map_err(|e| {
            Failure::Output(format!("cannot write `{}`: {e}", dir.join(name).display()))
        })
    };
    for (name, text) in &files {
        write(name, text.as_bytes())?;
    }
    let mut luts = Vec::new();
    for lut in &preset.textures {
        let name = lut
            .path
            .file_name()
            .map_or("lut.png".into(), |n| n.to_string_lossy().into_owned());
        let bytes = std::fs::read(&lut.path)
            .map_err(|e| Failure::Usage(format!("cannot read `{}`: {e}", lut.path.display())))?;
        write(&name, &bytes)?;
        luts.push(name);
    }
    let shaders: Vec<String> = files.into_iter().map(|(name, _)| name).collect();
    let preset_name = format!("preset.{ext}p");
    write(
        &preset_name,
        pigment_preset::slangp::write_preset(preset, &shaders, &luts).as_bytes(),
    )?;
    eprintln!(
        "pigment: wrote {} passes and {preset_name} into {}",
        shaders.len(),
        dir.display()
    );
    Ok(())
}
