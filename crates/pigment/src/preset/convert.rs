//! A preset converted (`pigment preset FILE.cgp --convert slang|glsl -o DIR`) for libretro's
//! slang runtime (Vulkan GLSL) or its GLSL runtime: each pass's `main_vertex` and
//! `main_fragment` lowered by the Cg front end, written by crates/preset's
//! [`pigment_preset::convert`] (which holds the runtimes' names and the files' layout), its
//! refusals placed in the user's files; the look-up textures copied, and a `.slangp` or `.glslp`
//! with the preset's keys.

use super::passes::{parameter_lines, pass_request};
use crate::compile::cg;
use crate::diagnostics::Diagnostics;
use crate::error::{Error, Result};
use crate::{Session, Severity};
use pigment_ir::{Function, Module, Stage};
pub use pigment_preset::convert::Runtime;
use pigment_preset::convert::{parameter_pragmas, write_pass, PassError, PassFunctions};
use pigment_preset::Preset;
use std::path::Path;

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
    let name = preset.passes[i].shader.display().to_string();
    let source = session
        .read_text(&name)
        .map_err(|_| pass_error(i, &name, "cannot be read", None))?;
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
    let vertex = vertex_module
        .as_ref()
        .and_then(|l| entry(&l.module, "main_vertex"));
    let functions = PassFunctions { vertex, fragment };
    let pragmas = parameter_pragmas(declared, i);
    write_pass(preset, i, &source, &pragmas, functions, runtime)
        .map_err(|e| placed(*e, vertex_module.as_ref(), &fragment_module))
}

/// `error` as diagnostics in the user's files: what crates/glsl refused placed through the
/// lowered stage's `#include`s, then the names the runtime lacks.
fn placed(error: PassError, vertex: Option<&cg::Lowered>, fragment: &cg::Lowered) -> Diagnostics {
    let mut out = Diagnostics::new();
    for (stage, d) in error.refused {
        let (lowered, entry) = match stage {
            Stage::Vertex => (vertex, "main_vertex"),
            Stage::Fragment => (Some(fragment), "main_fragment"),
        };
        // A refusal always comes from a lowered function: the pass-through stage is written as
        // text.
        if let Some(l) = lowered {
            let placed = cg::in_user_files(&l.front, entry, vec![d]);
            out.extend(&l.front.files, &placed);
        }
    }
    if let Some((files, d)) = error.missing {
        out.extend(&files, &[d]);
    }
    out
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
