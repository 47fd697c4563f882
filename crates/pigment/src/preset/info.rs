//! A preset described in a few lines (what `pigment preset --info` prints): the input's size,
//! each pass with its shader, output size, framebuffer format, filter, wrap mode, alias and
//! `frame_count_mod`, the look-up textures and the parameters' values.
//!
//! ```
//! use pigment::preset::{describe, pass_sizes};
//! use pigment::Session;
//!
//! let mut session = Session::new();
//! session.add_source("p.cgp", "shaders = 1\nshader0 = pass.cg\nfilter_linear0 = false\nalias0 = FIRST\n");
//! session.add_source("pass.cg", "float4 main_fragment() : COLOR { return 1; }\n");
//! let preset = session.load_preset("p.cgp").unwrap();
//! let sizes = pass_sizes(&preset, (256, 224), (512, 448), false).unwrap();
//! let text = describe(&preset, &sizes, &[], (256, 224), false);
//! assert_eq!(text.lines().next(), Some("input 256x224"));
//! assert_eq!(text.lines().nth(1), Some("pass 0: pass.cg 512x448 RGBA8 nearest ClampToBorder alias FIRST"));
//! ```

use super::Preset;
use std::fmt::Write;

/// The description of `preset` run on an `input`-sized picture with passes of `sizes` and
/// `parameters` set, one line per item; the framebuffer formats are the slang runtimes', or with
/// `nv30` RetroArch's GL Cg runtime's.
pub fn describe(
    preset: &Preset,
    sizes: &[(u32, u32)],
    parameters: &[(String, f32)],
    input: (u32, u32),
    nv30: bool,
) -> String {
    let rules = super::chain::chain_rules(nv30);
    let mut text = format!("input {}x{}\n", input.0, input.1);
    for (i, (pass, size)) in preset.passes.iter().zip(sizes).enumerate() {
        let alias = pass.alias.as_deref().map(|a| format!(" alias {a}"));
        let filter = if pass.linear() { "linear" } else { "nearest" };
        let modulo = (pass.frame_count_mod > 0)
            .then(|| format!(" frame_count_mod {}", pass.frame_count_mod));
        let _ = writeln!(
            text,
            "pass {i}: {} {}x{} {} {filter} {:?}{}{}",
            pass.shader.display(),
            size.0,
            size.1,
            pigment_preset::chain::format(pass, rules).name(),
            pass.wrap,
            alias.unwrap_or_default(),
            modulo.unwrap_or_default(),
        );
    }
    for lut in &preset.textures {
        let _ = writeln!(text, "texture {}: {}", lut.name, lut.path.display());
    }
    for (name, value) in parameters {
        let _ = writeln!(text, "parameter {name} = {value}");
    }
    text
}
