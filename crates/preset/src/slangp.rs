//! Writing a preset for libretro's slang or GLSL runtime (`.slangp`, `.glslp`): the same keys as a
//! `.cgp`, each pass naming its converted shader file and each look-up texture its copied picture.

use crate::model::{Pass, Preset, Scale, ScaleType, WrapMode};
use std::fmt::Write;

fn wrap_name(w: WrapMode) -> &'static str {
    match w {
        WrapMode::ClampToBorder => "clamp_to_border",
        WrapMode::ClampToEdge => "clamp_to_edge",
        WrapMode::Repeat => "repeat",
        WrapMode::MirroredRepeat => "mirrored_repeat",
    }
}

fn scale_type(s: Scale) -> &'static str {
    match s.kind {
        ScaleType::Source => "source",
        ScaleType::Viewport => "viewport",
        ScaleType::Absolute => "absolute",
    }
}

fn pass_lines(out: &mut String, i: usize, pass: &Pass, shader: &str) {
    let _ = writeln!(out, "shader{i} = \"{shader}\"");
    if let Some(alias) = &pass.alias {
        let _ = writeln!(out, "alias{i} = \"{alias}\"");
    }
    if let Some(linear) = pass.filter_linear {
        let _ = writeln!(out, "filter_linear{i} = {linear}");
    }
    let _ = writeln!(out, "wrap_mode{i} = {}", wrap_name(pass.wrap));
    if let Some((x, y)) = pass.scale {
        let _ = writeln!(out, "scale_type_x{i} = {}", scale_type(x));
        let _ = writeln!(out, "scale_x{i} = {}", x.factor);
        let _ = writeln!(out, "scale_type_y{i} = {}", scale_type(y));
        let _ = writeln!(out, "scale_y{i} = {}", y.factor);
    }
    let flags = [
        ("float_framebuffer", pass.float_framebuffer),
        ("srgb_framebuffer", pass.srgb_framebuffer),
        ("mipmap_input", pass.mipmap_input),
    ];
    for (key, on) in flags {
        if on {
            let _ = writeln!(out, "{key}{i} = true");
        }
    }
    if pass.frame_count_mod > 0 {
        let _ = writeln!(out, "frame_count_mod{i} = {}", pass.frame_count_mod);
    }
}

/// The `.slangp` / `.glslp` text of `preset` whose pass `i` is the file `shaders[i]` and whose look-up
/// texture `k` is the file `luts[k]` (paths as the preset file should spell them).
pub fn write_preset(preset: &Preset, shaders: &[String], luts: &[String]) -> String {
    let mut out = String::from("# converted by Pigment from a Cg preset\n");
    let _ = writeln!(out, "shaders = {}", preset.passes.len());
    for (i, (pass, shader)) in preset.passes.iter().zip(shaders).enumerate() {
        pass_lines(&mut out, i, pass, shader);
    }
    if !preset.textures.is_empty() {
        let names: Vec<&str> = preset.textures.iter().map(|t| t.name.as_str()).collect();
        let _ = writeln!(out, "textures = \"{}\"", names.join(";"));
        for (lut, file) in preset.textures.iter().zip(luts) {
            let _ = writeln!(out, "{} = \"{file}\"", lut.name);
            let _ = writeln!(out, "{}_linear = {}", lut.name, lut.linear);
            let _ = writeln!(out, "{}_wrap_mode = {}", lut.name, wrap_name(lut.wrap));
            let _ = writeln!(out, "{}_mipmap = {}", lut.name, lut.mipmap);
        }
    }
    if !preset.parameters.is_empty() {
        let names: Vec<&str> = preset.parameters.iter().map(|(n, _)| n.as_str()).collect();
        let _ = writeln!(out, "parameters = \"{}\"", names.join(";"));
        for (name, value) in &preset.parameters {
            let _ = writeln!(out, "{name} = {value}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use pigment_diag::SourceFiles;

    #[test]
    fn a_written_preset_reads_back_as_the_same_preset() {
        let dir = std::env::temp_dir().join(format!("pigment-slangp-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let cgp = "shaders = 2\nshader0 = a.cg\nalias0 = first\nfilter_linear0 = false\nscale_type0 = absolute\nscale0 = 64\nfloat_framebuffer0 = true\nshader1 = b.cg\nwrap_mode1 = repeat\nframe_count_mod1 = 4\ntextures = \"lut\"\nlut = l.png\nlut_linear = true\nparameters = \"k\"\nk = 0.5\n";
        std::fs::write(dir.join("p.cgp"), cgp).unwrap();
        let mut files = SourceFiles::new();
        let preset = crate::load(&mut files, &dir.join("p.cgp")).unwrap();
        let text = write_preset(&preset, &["a.cg".into(), "b.cg".into()], &["l.png".into()]);
        std::fs::write(dir.join("q.cgp"), &text).unwrap();
        let mut again = crate::load(&mut files, &dir.join("q.cgp")).unwrap();
        // Read from another file, so named after it; everything else is the same.
        assert!(again.name.ends_with("q.cgp"), "{}", again.name);
        again.name.clone_from(&preset.name);
        assert_eq!(again, preset, "{text}");
    }
}
