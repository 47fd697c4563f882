//! The languages Pigment reads, named once: parsed from their names, told from file extensions.

use std::fmt;
use std::path::Path;
use std::str::FromStr;

/// A source language.
///
/// ```
/// use pigment::Language;
/// assert_eq!("cg".parse::<Language>(), Ok(Language::Cg));
/// assert_eq!(Language::from_path("wood.isl"), Some(Language::Isl));
/// assert_eq!(Language::Parasol.to_string(), "parasol");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    /// NVIDIA's Cg, compiled as `cgc` does (`.cg`, `.cgh`).
    Cg,
    /// SGI's Interactive Shading Language (`.isl`).
    Isl,
    /// io7m's Parasol 0.11.3 (`.p`).
    Parasol,
    /// An NV_fragment_program (`!!FP1.0`, `.fp`).
    NvProgram,
}

impl Language {
    /// Every language, in the order the documentation lists them.
    pub const ALL: [Language; 4] = [
        Language::Cg,
        Language::Isl,
        Language::Parasol,
        Language::NvProgram,
    ];

    /// The language a file's extension names, if any.
    pub fn from_path(path: impl AsRef<Path>) -> Option<Language> {
        match path.as_ref().extension()?.to_str()? {
            "cg" | "cgh" => Some(Language::Cg),
            "isl" => Some(Language::Isl),
            "p" => Some(Language::Parasol),
            "fp" => Some(Language::NvProgram),
            _ => None,
        }
    }

    /// The name [`FromStr`] reads and [`fmt::Display`] writes.
    pub fn name(self) -> &'static str {
        match self {
            Language::Cg => "cg",
            Language::Isl => "isl",
            Language::Parasol => "parasol",
            Language::NvProgram => "fp",
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A language name that is not one of [`Language::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown language `{0}`: cg, isl, parasol or fp")]
pub struct UnknownLanguage(pub String);

impl FromStr for Language {
    type Err = UnknownLanguage;

    fn from_str(text: &str) -> Result<Language, UnknownLanguage> {
        match text {
            "cg" => Ok(Language::Cg),
            "isl" => Ok(Language::Isl),
            "parasol" | "p" => Ok(Language::Parasol),
            "fp" | "nv" => Ok(Language::NvProgram),
            _ => Err(UnknownLanguage(text.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for language in Language::ALL {
            assert_eq!(language.to_string().parse(), Ok(language));
        }
        assert!("glsl".parse::<Language>().is_err());
        assert_eq!(Language::from_path("a.cgh"), Some(Language::Cg));
        assert_eq!(Language::from_path("a.txt"), None);
    }
}
