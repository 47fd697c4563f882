//! The names libretro's Cg runtime gives a pass's textures and sizes (`IN`, `ORIG`, `PREV`k,
//! `PASS`k, `PASSPREV`k, aliases), as the slang and GLSL runtimes spell them, and the uniforms and
//! samplers a converted pass declares.

use super::Runtime;
use crate::Preset;
use pigment_glsl::Version;

/// The number after `prefix` in a struct name (`PASS2` → 2), if it is one.
fn numbered(structure: &str, prefix: &str) -> Option<usize> {
    structure.strip_prefix(prefix)?.parse().ok()
}

/// The GLSL runtime's name prefix for a Cg runtime struct seen from pass `i`.
pub(super) fn glsl_prefix(structure: &str, i: usize, preset: &Preset) -> Option<String> {
    let number = |prefix: &str| numbered(structure, prefix);
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
pub(super) struct Needs {
    pub runtime: Runtime,
    pub members: Vec<(String, &'static str)>,
    pub samplers: Vec<String>,
}

impl Needs {
    pub fn new(runtime: Runtime) -> Needs {
        Needs {
            runtime,
            members: Vec::new(),
            samplers: Vec::new(),
        }
    }

    pub fn member(&mut self, name: &str, ty: &'static str) -> String {
        if !self.members.iter().any(|(n, _)| n == name) {
            self.members.push((name.to_string(), ty));
        }
        match self.runtime {
            Runtime::Slang => format!("global.{name}"),
            Runtime::Glsl => name.to_string(),
        }
    }

    pub fn sampler(&mut self, name: &str) -> String {
        if !self.samplers.iter().any(|n| n == name) {
            self.samplers.push(name.to_string());
        }
        name.to_string()
    }
}

/// slang's texture name for a Cg runtime struct name seen from pass `i`, if it has one.
pub(super) fn texture_of(structure: &str, i: usize, preset: &Preset) -> Option<String> {
    let number = |prefix: &str| numbered(structure, prefix);
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

/// The size uniform of slang texture `texture`: `Size` after the name and before its index
/// (`SourceSize`, `PassOutputSize2`, `OriginalHistorySize1`, an alias's `NAMESize`), as the slang
/// spec names the indexed semantics.
pub(super) fn size_of(texture: &str) -> String {
    let stem = texture.trim_end_matches(|c: char| c.is_ascii_digit());
    let indexed = ["PassOutput", "OriginalHistory", "PassFeedback"].contains(&stem);
    if indexed {
        format!("{stem}Size{}", &texture[stem.len()..])
    } else {
        format!("{texture}Size")
    }
}

/// A real uniform of `width` read from a size (whose first two components are width and height).
pub(super) fn sized(expr: String, width: u8) -> String {
    match width {
        1 => format!("{expr}.x"),
        2 => format!("{expr}.xy"),
        3 => format!("vec3({expr}.xy, 0.0)"),
        _ => format!("vec4({expr}.xy, 0.0, 1.0)"),
    }
}

/// The counter uniforms' type.
pub(super) fn counter_type(runtime: Runtime, name: &str) -> &'static str {
    match (runtime, name) {
        (Runtime::Slang, "FrameCount") => "uint",
        _ => "int",
    }
}

/// The target runtime's expression of the Cg runtime's `structure.member` seen from pass `i`, at
/// `width`.
pub(super) fn runtime_value(
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
pub(super) fn initial_values(u: &pigment_ir::Uniform) -> Vec<String> {
    u.initial_elements()
        .iter()
        .map(|v| pigment_glsl::expr::constant(v, u.ty, Version::VULKAN).text)
        .collect()
}
