//! What a profile says about the program: the stage it compiles (vertex or fragment), and the
//! rules of the vertex profiles (cg-language-2.0 "Vertex Program Profiles", cg-stdlib.md §5-6):
//! a vertex has no neighbours, so `ddx`, `ddy`, `fwidth`, `discard` and the lookups whose level
//! of detail comes from derivatives (`tex2D(s, uv)`, `*proj`, `*bias`) are fragment-only; the
//! explicit-LOD lookups (`tex2Dlod`, ...) and explicit derivatives (`tex2D(s, uv, dx, dy)`) are
//! what a vertex program may use, and only in the profiles with vertex texture fetch (vp40, the
//! GLSL and gp4/gp5 profiles). vp20, vp30 and arbvp1 have no texture lookups at all.

use super::calls::overload::VERTEX_PROFILES;
use pigment_ir::Stage;

/// Vertex profiles that can read textures (NV_vertex_program3, GLSL, G80+).
const VERTEX_TEXTURE_PROFILES: &[&str] = &["vp40", "gp4vp", "gp5vp", "glslv", "hlslv", "vs_3_0"];

/// Profiles with explicit-LOD lookups: fp40 and later, the GLSL profiles (GLSL 1.30's
/// `textureLod`), and the vertex profiles with texture fetch.
const LOD_PROFILES: &[&str] = &[
    "fp40",
    "fp40unlimited",
    "vp40",
    "gp4fp",
    "gp4vp",
    "gp4gp",
    "gp5fp",
    "gp5vp",
    "gp5gp",
    "gp5tcp",
    "gp5tep",
    "glslf",
    "glslv",
    "hlslf",
    "hlslv",
    "ps_3_0",
    "vs_3_0",
];

/// The stage `profile` compiles: vertex for the vertex profiles (vp20, vp30, vp40, arbvp1,
/// glslv, ...), fragment for every other name.
pub fn profile_stage(profile: &str) -> Stage {
    if VERTEX_PROFILES.contains(&profile) {
        Stage::Vertex
    } else {
        Stage::Fragment
    }
}

/// True when `profile` has the explicit-LOD lookups (`tex2Dlod`, ...).
pub fn has_lod_lookups(profile: &str) -> bool {
    LOD_PROFILES.contains(&profile)
}

/// True when a vertex program of `profile` may read textures.
pub fn has_vertex_textures(profile: &str) -> bool {
    VERTEX_TEXTURE_PROFILES.contains(&profile)
}

/// The name without a precision prefix (`h4tex2D` → `tex2D`).
pub(crate) fn unprefixed(name: &str) -> &str {
    let b = name.as_bytes();
    if b.len() > 2 && matches!(b[0], b'f' | b'h' | b'x') && (b'1'..=b'4').contains(&b[1]) {
        &name[2..]
    } else {
        name
    }
}

/// Why standard-library function `name` (precision prefix removed), called with `args`
/// arguments, is not available in a vertex program of `profile`; `None` when it is.
pub fn vertex_refusal(name: &str, args: usize, profile: &str) -> Option<String> {
    if matches!(name, "ddx" | "ddy" | "fwidth") {
        return Some(format!(
            "`{name}` is not available in vertex profile `{profile}`: derivatives exist only in \
             fragment programs"
        ));
    }
    let rest = name.strip_prefix("tex")?;
    let form = ["1D", "2D", "3D", "CUBE", "RECT"]
        .iter()
        .find_map(|d| rest.strip_prefix(d))?;
    if !has_vertex_textures(profile) {
        return Some(format!(
            "`{name}` is not available in vertex profile `{profile}`, which has no texture \
             lookups (vp40 and glslv have them)"
        ));
    }
    let implicit = match form {
        "" => args < 4,
        "proj" | "bias" => true,
        _ => false,
    };
    implicit.then(|| {
        format!(
            "`{name}` is not available in vertex profile `{profile}`: its level of detail comes \
             from derivatives, which a vertex has none of; use `{}lod` or explicit derivatives",
            name.trim_end_matches("proj").trim_end_matches("bias")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stages_of_profiles() {
        for p in ["vp20", "vp30", "vp40", "arbvp1", "glslv"] {
            assert_eq!(profile_stage(p), Stage::Vertex, "{p}");
        }
        for p in ["fp20", "fp30", "fp40", "arbfp1", "glslf"] {
            assert_eq!(profile_stage(p), Stage::Fragment, "{p}");
        }
    }

    #[test]
    fn vertex_lookups() {
        assert!(vertex_refusal("tex2Dlod", 2, "vp40").is_none());
        assert!(vertex_refusal("tex2D", 4, "glslv").is_none());
        assert!(vertex_refusal("tex2D", 2, "vp40").is_some());
        assert!(vertex_refusal("tex2Dproj", 2, "vp40").is_some());
        assert!(vertex_refusal("texCUBEbias", 2, "glslv").is_some());
        assert!(vertex_refusal("tex2Dlod", 2, "arbvp1").is_some());
        assert!(vertex_refusal("ddx", 1, "vp40").is_some());
        assert!(vertex_refusal("texture", 1, "vp20").is_none());
        assert!(vertex_refusal("mul", 2, "vp20").is_none());
    }
}
