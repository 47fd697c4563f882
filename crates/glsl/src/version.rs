//! [`Version`]: which GLSL dialect is written (desktop 1.10-4.60, ES 1.00-3.20, Vulkan GLSL) and
//! what each has, so that the writer asks "does this version have X" instead of comparing numbers.

use std::fmt;

/// The language family of a version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Flavor {
    /// Desktop OpenGL GLSL (`#version 120`, `#version 330`).
    Desktop,
    /// OpenGL ES GLSL (`#version 100`, `#version 300 es`).
    Es,
    /// GLSL for Vulkan (`#version 450` compiled by glslang with `-V`): every resource has a
    /// `set`/`binding`, every varying a `location`, plain uniforms live in a block.
    Vulkan,
}

/// A GLSL version the writer produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Version {
    pub flavor: Flavor,
    /// The `#version` number: 110 … 460 on desktop, 100, 300, 310, 320 in ES, 450 for Vulkan.
    pub number: u16,
}

/// Every desktop version the writer accepts.
pub const DESKTOP: [u16; 13] = [
    110, 120, 130, 140, 150, 330, 400, 410, 420, 430, 440, 450, 460,
];
/// Every ES version the writer accepts.
pub const ES: [u16; 4] = [100, 300, 310, 320];

impl Version {
    pub const fn desktop(number: u16) -> Version {
        Version {
            flavor: Flavor::Desktop,
            number,
        }
    }

    pub const fn es(number: u16) -> Version {
        Version {
            flavor: Flavor::Es,
            number,
        }
    }

    pub const VULKAN: Version = Version {
        flavor: Flavor::Vulkan,
        number: 450,
    };

    /// Every version, for tests and `--help`.
    pub fn all() -> Vec<Version> {
        let mut all: Vec<Version> = DESKTOP.iter().map(|&n| Version::desktop(n)).collect();
        all.extend(ES.iter().map(|&n| Version::es(n)));
        all.push(Version::VULKAN);
        all
    }

    /// `120`, `1.20`, `330`, `es300`, `300es`, `es`, `100es`, `es3.00`, `vulkan`. `None` for an
    /// unknown spelling or a version GLSL never had.
    pub fn parse(text: &str) -> Option<Version> {
        let t = text.trim().to_ascii_lowercase();
        if t == "vulkan" || t == "vk" {
            return Some(Version::VULKAN);
        }
        let (es, rest) = if let Some(r) = t.strip_prefix("es") {
            (true, r)
        } else if let Some(r) = t.strip_suffix("es") {
            (true, r.trim_end())
        } else {
            (false, t.as_str())
        };
        let digits: String = rest.chars().filter(|&c| c != '.').collect();
        if es && digits.is_empty() {
            return Some(Version::es(300));
        }
        let number: u16 = digits.parse().ok()?;
        // `1.2` / `3.3`: a version with one fraction digit.
        let number = if rest.contains('.') && number < 100 {
            number * 10
        } else {
            number
        };
        match es {
            true => ES.contains(&number).then(|| Version::es(number)),
            false => DESKTOP.contains(&number).then(|| Version::desktop(number)),
        }
    }

    /// The `#version` line.
    pub fn directive(self) -> String {
        match (self.flavor, self.number) {
            (Flavor::Es, 100) => "#version 100".into(),
            (Flavor::Es, n) => format!("#version {n} es"),
            (_, n) => format!("#version {n}"),
        }
    }

    pub fn is_es(self) -> bool {
        self.flavor == Flavor::Es
    }

    pub fn is_vulkan(self) -> bool {
        self.flavor == Flavor::Vulkan
    }

    /// At least desktop `desktop` or ES `es` (Vulkan GLSL is desktop 4.50).
    fn at_least(self, desktop: u16, es: u16) -> bool {
        match self.flavor {
            Flavor::Es => self.number >= es,
            Flavor::Desktop | Flavor::Vulkan => self.number >= desktop,
        }
    }

    /// 1.10/1.20 and ES 1.00: `attribute`/`varying`, `texture2D`, `gl_FragColor`.
    pub fn is_legacy(self) -> bool {
        !self.at_least(130, 300)
    }

    /// Desktop 1.10/1.20: the fixed-function built-in varyings (`gl_TexCoord`, `gl_Color`, ...)
    /// and attributes (`gl_Vertex`, `gl_MultiTexCoordN`). ES 1.00 has none of them.
    pub fn has_fixed_function_builtins(self) -> bool {
        self.flavor == Flavor::Desktop && self.number < 130
    }

    /// `layout(location = N)` on vertex inputs and fragment outputs.
    pub fn has_io_locations(self) -> bool {
        self.at_least(330, 300)
    }

    /// `layout(location = N)` on the varyings between the stages (separate shader objects).
    pub fn has_varying_locations(self) -> bool {
        self.at_least(410, 310)
    }

    /// `layout(binding = N)` on samplers.
    pub fn has_sampler_bindings(self) -> bool {
        self.at_least(420, 310)
    }

    /// Initialisers on uniform declarations (never in ES or Vulkan).
    pub fn has_uniform_initializers(self) -> bool {
        self.flavor == Flavor::Desktop && self.number >= 120
    }

    /// Array constructors, `vec2[3](a, b, c)` (GLSL 1.20, ES 3.00).
    pub fn has_array_constructors(self) -> bool {
        self.at_least(120, 300)
    }

    /// `trunc`, `round`, int `clamp`/`min`/`max`/`abs`, `mix` with a bool vector, `floatBitsToUint`.
    pub fn has_glsl130_builtins(self) -> bool {
        self.at_least(130, 300)
    }

    /// The integer operators `~ & | ^ << >>` (GLSL 1.30, ES 3.00).
    pub fn has_integer_bit_operations(self) -> bool {
        self.at_least(130, 300)
    }

    /// `uintBitsToFloat`, `floatBitsToUint` (for NaN/INF constants and packing).
    pub fn has_bit_casts(self) -> bool {
        self.at_least(330, 300)
    }

    /// The `precise` qualifier (GLSL 4.00, ES 3.20; Vulkan GLSL is 4.50).
    pub fn has_precise(self) -> bool {
        self.at_least(400, 320)
    }

    /// `packHalf2x16`, `packUnorm2x16` (and their unpacks).
    pub fn has_pack_2x16(self) -> bool {
        self.at_least(420, 300)
    }

    /// `packSnorm4x8`, `packUnorm4x8` (and their unpacks).
    pub fn has_pack_4x8(self) -> bool {
        self.at_least(400, 310)
    }

    /// `sampler1D`, `sampler2DRect` exist.
    pub fn has_sampler(self, rect_or_1d: bool) -> bool {
        !rect_or_1d || self.flavor != Flavor::Es
    }

    /// `sampler3D` exists (ES 1.00 has no 3D textures without OES_texture_3D).
    pub fn has_sampler_3d(self) -> bool {
        !(self.flavor == Flavor::Es && self.number == 100)
    }

    /// Precision qualifiers are written (ES only: desktop GLSL ignores them before 1.30).
    pub fn writes_precision(self) -> bool {
        self.flavor == Flavor::Es
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.flavor {
            Flavor::Desktop => write!(f, "GLSL {}.{:02}", self.number / 100, self.number % 100),
            Flavor::Es => write!(f, "GLSL ES {}.{:02}", self.number / 100, self.number % 100),
            Flavor::Vulkan => write!(f, "Vulkan GLSL"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_parse_to_the_versions_glsl_had() {
        assert_eq!(Version::parse("120"), Some(Version::desktop(120)));
        assert_eq!(Version::parse("1.20"), Some(Version::desktop(120)));
        assert_eq!(Version::parse("3.3"), Some(Version::desktop(330)));
        assert_eq!(Version::parse("es300"), Some(Version::es(300)));
        assert_eq!(Version::parse("300es"), Some(Version::es(300)));
        assert_eq!(Version::parse("100 es"), Some(Version::es(100)));
        assert_eq!(Version::parse("es"), Some(Version::es(300)));
        assert_eq!(Version::parse("vulkan"), Some(Version::VULKAN));
        assert_eq!(Version::parse("350"), None);
        assert_eq!(Version::parse("es200"), None);
        assert_eq!(Version::parse(""), None);
    }

    #[test]
    fn directives_are_the_specs_spellings() {
        assert_eq!(Version::es(100).directive(), "#version 100");
        assert_eq!(Version::es(310).directive(), "#version 310 es");
        assert_eq!(Version::desktop(110).directive(), "#version 110");
        assert_eq!(Version::VULKAN.directive(), "#version 450");
    }
}
