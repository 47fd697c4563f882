//! What a profile says about the program: the stage it compiles (vertex or fragment), and the
//! rules of the vertex profiles (cg-language-2.0 "Vertex Program Profiles", cg-stdlib.md §5-6):
//! a vertex has no neighbours, so `ddx`, `ddy`, `fwidth`, `discard` and `clip` are fragment-only. Texture
//! lookups exist only in the profiles with vertex texture fetch (vp40, the GLSL and gp4/gp5
//! profiles; vp20, vp30 and arbvp1 have none, cgc's C3004); there a lookup without a level of
//! detail reads level 0, as cgc compiles `tex2D` for vp40 (lowering makes it an IR `texlod`).

use pigment_ir::Stage;

/// The vertex profiles cgc knows (its own and the DirectX ones a function may be declared for).
pub(crate) const VERTEX_PROFILES: &[&str] = &[
    "vp20", "vp30", "vp40", "arbvp1", "gp4vp", "gp5vp", "glslv", "hlslv", "vs_1_1", "vs_2_0",
    "vs_2_x", "vs_3_0",
];

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

/// Why standard-library function `name` (precision prefix removed) is not available in a vertex
/// program of `profile`; `None` when it is.
pub fn vertex_refusal(name: &str, profile: &str) -> Option<String> {
    if matches!(name, "ddx" | "ddy" | "fwidth") {
        return Some(format!(
            "`{name}` is not available in vertex profile `{profile}`: derivatives exist only in \
             fragment programs"
        ));
    }
    if name == "clip" {
        return Some(format!(
            "`clip` is not available in vertex profile `{profile}`: only fragments can be discarded"
        ));
    }
    let rest = name.strip_prefix("tex")?;
    ["1D", "2D", "3D", "CUBE", "RECT"]
        .iter()
        .find_map(|d| rest.strip_prefix(d))?;
    (!has_vertex_textures(profile)).then(|| {
        format!(
            "`{name}` is not available in vertex profile `{profile}`, which has no texture \
             lookups (vp40 and glslv have them)"
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
        assert!(vertex_refusal("tex2Dlod", "vp40").is_none());
        assert!(vertex_refusal("tex2D", "glslv").is_none());
        assert!(vertex_refusal("tex2Dlod", "arbvp1").is_some());
        assert!(vertex_refusal("texCUBE", "vp30").is_some());
        assert!(vertex_refusal("ddx", "vp40").is_some());
        assert!(vertex_refusal("clip", "glslv").is_some());
        assert!(vertex_refusal("texture", "vp20").is_none());
        assert!(vertex_refusal("mul", "vp20").is_none());
    }
}
