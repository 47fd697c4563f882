//! The targets Pigment writes, named once: parsed from the `--target` spellings, printed back.

use std::fmt;
use std::str::FromStr;

/// What a compile produces.
///
/// ```
/// use pigment::Target;
/// let glsl: Target = "glsl:es300".parse().unwrap();
/// assert_eq!(glsl.to_string(), "glsl:es300");
/// assert_eq!("spirv".parse::<Target>(), Ok(Target::SpirV));
/// assert!("fp40".parse::<Target>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Target {
    /// NV_fragment_program text with cgc's header, as `cgc -profile fp30` writes it.
    Fp30,
    /// `!!ARBfp1.0` with cgc's header (`cgc -profile arbfp1`).
    ArbFp1,
    /// `!!ARBvp1.0` with cgc's header (`cgc -profile arbvp1`).
    ArbVp1,
    /// Pigment's own GLSL writer, any desktop, ES or Vulkan version (`glsl:330`, `glsl:es300`,
    /// `glsl:vulkan`; `glsl` alone is 1.20, the version of cgc's `glslv`/`glslf`).
    Glsl(pigment_glsl::Version),
    /// SPIR-V 1.0 for Vulkan, through naga.
    SpirV,
    /// WGSL, through naga.
    Wgsl,
    /// Metal Shading Language 2.0, through naga.
    Msl,
    /// HLSL shader model 5.1, through naga.
    Hlsl,
    /// GLSL written by naga's writer (`glsl-naga:330`, `glsl-naga:300es`).
    GlslNaga(naga::back::glsl::Version),
    /// A web page drawing the program with WebGPU or WebGL 2 (`index.html`, `pigment-web.js`,
    /// `shader.js`).
    Web,
}

impl Target {
    /// The spellings [`FromStr`] accepts, for help texts and error messages.
    pub const SPELLINGS: &'static str =
        "fp30, arbfp1, arbvp1, glsl:VERSION (110-460, es100-es320, \
         vulkan), spirv, wgsl, msl, hlsl, glsl-naga:VERSION (330, 450, 300es, ...) or web";

    /// The target as naga's back end names it, for the targets written through naga.
    pub fn naga(self) -> Option<pigment_naga::Target> {
        Some(match self {
            Target::SpirV => pigment_naga::Target::SpirV,
            Target::Wgsl => pigment_naga::Target::Wgsl,
            Target::Msl => pigment_naga::Target::Msl,
            Target::Hlsl => pigment_naga::Target::Hlsl,
            Target::GlslNaga(version) => pigment_naga::Target::GlslNaga(version),
            _ => return None,
        })
    }

    /// The target a cgc profile names where no target is given: `arbfp1`, `arbvp1`, and GLSL 1.20
    /// for `glslv`/`glslf`; `None` for fp30 and the profiles that only choose a stage (vp40).
    ///
    /// ```
    /// use pigment::Target;
    /// assert_eq!(Target::of_cg_profile("arbvp1"), Some(Target::ArbVp1));
    /// assert_eq!(Target::of_cg_profile("glslf"), Some("glsl:120".parse().unwrap()));
    /// assert_eq!(Target::of_cg_profile("vp40"), None);
    /// ```
    pub fn of_cg_profile(profile: &str) -> Option<Target> {
        match profile {
            "arbfp1" => Some(Target::ArbFp1),
            "arbvp1" => Some(Target::ArbVp1),
            "glslv" | "glslf" => Some(Target::Glsl(pigment_glsl::Version::desktop(120))),
            _ => None,
        }
    }

    /// Whether the target describes a vertex program only (`arbvp1`).
    pub fn is_vertex_only(self) -> bool {
        self == Target::ArbVp1
    }
}

/// A `--target` spelling that names no target.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UnknownTarget {
    /// Not a target at all.
    #[error("unknown target `{0}`: {spellings}", spellings = Target::SPELLINGS)]
    Target(String),
    /// `glsl:VERSION` with a version GLSL never had.
    #[error("unknown GLSL version `{0}`: 110, 120, 130, 140, 150, 330, 400-460, es100, es300, es310, es320 or vulkan")]
    GlslVersion(String),
}

impl FromStr for Target {
    type Err = UnknownTarget;

    fn from_str(text: &str) -> Result<Target, UnknownTarget> {
        let simple = match text {
            "fp30" => Some(Target::Fp30),
            "arbfp1" => Some(Target::ArbFp1),
            "arbvp1" => Some(Target::ArbVp1),
            "glsl" => Some(Target::Glsl(pigment_glsl::Version::desktop(120))),
            "web" => Some(Target::Web),
            _ => None,
        };
        if let Some(target) = simple {
            return Ok(target);
        }
        if let Some(version) = text.strip_prefix("glsl:") {
            return pigment_glsl::Version::parse(version)
                .map(Target::Glsl)
                .ok_or_else(|| UnknownTarget::GlslVersion(version.to_string()));
        }
        match pigment_naga::Target::parse(text) {
            Some(pigment_naga::Target::SpirV) => Ok(Target::SpirV),
            Some(pigment_naga::Target::Wgsl) => Ok(Target::Wgsl),
            Some(pigment_naga::Target::Msl) => Ok(Target::Msl),
            Some(pigment_naga::Target::Hlsl) => Ok(Target::Hlsl),
            Some(pigment_naga::Target::GlslNaga(version)) => Ok(Target::GlslNaga(version)),
            None => Err(UnknownTarget::Target(text.to_string())),
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Fp30 => f.write_str("fp30"),
            Target::ArbFp1 => f.write_str("arbfp1"),
            Target::ArbVp1 => f.write_str("arbvp1"),
            Target::Glsl(version) if *version == pigment_glsl::Version::VULKAN => {
                f.write_str("glsl:vulkan")
            }
            Target::Glsl(version) if version.is_es() => write!(f, "glsl:es{}", version.number),
            Target::Glsl(version) => write!(f, "glsl:{}", version.number),
            Target::SpirV => f.write_str("spirv"),
            Target::Wgsl => f.write_str("wgsl"),
            Target::Msl => f.write_str("msl"),
            Target::Hlsl => f.write_str("hlsl"),
            Target::GlslNaga(naga::back::glsl::Version::Desktop(n)) => write!(f, "glsl-naga:{n}"),
            Target::GlslNaga(naga::back::glsl::Version::Embedded { version, .. }) => {
                write!(f, "glsl-naga:{version}es")
            }
            Target::Web => f.write_str("web"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_reads_back() {
        for text in [
            "fp30",
            "arbfp1",
            "arbvp1",
            "glsl:110",
            "glsl:460",
            "glsl:es100",
            "glsl:es320",
            "glsl:vulkan",
            "spirv",
            "wgsl",
            "msl",
            "hlsl",
            "glsl-naga:330",
            "glsl-naga:300es",
            "web",
        ] {
            let target: Target = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(target.to_string(), text);
        }
        assert_eq!("glsl".parse::<Target>().unwrap().to_string(), "glsl:120");
        assert!(matches!(
            "glsl:999".parse::<Target>(),
            Err(UnknownTarget::GlslVersion(_))
        ));
        assert!(matches!(
            "dxil".parse::<Target>(),
            Err(UnknownTarget::Target(_))
        ));
    }
}
