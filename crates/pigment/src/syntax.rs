//! The small value syntaxes a user types for a render — `x,y,z,w`, `NAME=x,y,z,w`, `WxH`,
//! `UNIT=TARGET:FILE`, `NAME=NUMBER`, a light `PLACE[=NAME]`, a matrix's 16 numbers — read once here
//! for the command line and any other front door (the playground, a tool's own options).
//!
//! Every function answers bad text with [`Error::Request`], whose message quotes the text.
//!
//! ```
//! use pigment::syntax;
//! assert_eq!(syntax::size("320x240").unwrap(), (320, 240));
//! assert_eq!(syntax::vector("1, 0.5").unwrap(), [1.0, 0.5, 0.0, 1.0]);
//! let (name, value) = syntax::assignment("tint=1,0,0").unwrap();
//! assert_eq!((name.as_str(), value), ("tint", [1.0, 0.0, 0.0, 1.0]));
//! assert!(syntax::size("0x5").is_err());
//! ```

use crate::error::{Error, Result};
use crate::render::bindings::TextureSlot;
use crate::render::isl::Light;
use nvfp::isa::TexTarget;

/// The largest width or height [`size`] accepts.
pub const MAX_SIDE: u32 = 16384;

fn bad(message: String) -> Error {
    Error::Request(message)
}

/// `x,y,z,w` with one to four numbers, completed from (0, 0, 0, 1); `nan`, `inf` and `-inf`
/// are numbers too, so that special cases can be exercised.
pub fn vector(text: &str) -> Result<[f32; 4]> {
    let mut v = [0.0, 0.0, 0.0, 1.0];
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() > 4 || text.trim().is_empty() {
        return Err(bad(format!(
            "`{text}` is not a vector of one to four numbers"
        )));
    }
    for (slot, part) in v.iter_mut().zip(&parts) {
        *slot = number(part.trim())
            .ok_or_else(|| bad(format!("`{part}` is not a number (in `{text}`)")))?;
    }
    Ok(v)
}

fn number(text: &str) -> Option<f32> {
    match text.to_ascii_lowercase().as_str() {
        "nan" => Some(f32::NAN),
        "inf" | "+inf" | "infinity" => Some(f32::INFINITY),
        "-inf" | "-infinity" => Some(f32::NEG_INFINITY),
        _ => text.parse().ok(),
    }
}

/// `NAME=x,y,z,w` → (NAME, vector).
pub fn assignment(text: &str) -> Result<(String, [f32; 4])> {
    let (name, value) = text
        .split_once('=')
        .ok_or_else(|| bad(format!("`{text}` should look like NAME=x,y,z,w")))?;
    Ok((name.trim().to_string(), vector(value)?))
}

/// `NAME=VALUE` → (NAME, VALUE), the value as written.
pub fn named(text: &str) -> Result<(String, String)> {
    text.split_once('=')
        .map(|(n, v)| (n.trim().to_string(), v.to_string()))
        .ok_or_else(|| bad(format!("`{text}` should look like NAME=VALUE")))
}

/// `NAME=NUMBER` → (NAME, number): a preset parameter's setting.
pub fn setting(text: &str) -> Result<(String, f32)> {
    text.split_once('=')
        .and_then(|(n, v)| Some((n.trim().to_string(), v.trim().parse::<f32>().ok()?)))
        .ok_or_else(|| bad(format!("`{text}` should look like NAME=NUMBER")))
}

/// `WxH`, each from 1 to [`MAX_SIDE`].
pub fn size(text: &str) -> Result<(u32, u32)> {
    let err = || {
        bad(format!(
            "`{text}` is not a size like 256x256 (1 to {MAX_SIDE} each way)"
        ))
    };
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(err)?;
    let (w, h): (u32, u32) = (w.parse().map_err(|_| err())?, h.parse().map_err(|_| err())?);
    let fits = |side| (1..=MAX_SIDE).contains(&side);
    if fits(w) && fits(h) {
        Ok((w, h))
    } else {
        Err(err())
    }
}

/// `N` comma-separated finite numbers, or `None`.
///
/// ```
/// assert_eq!(pigment::syntax::numbers::<3>("0, 1, 2.5"), Some([0.0, 1.0, 2.5]));
/// assert_eq!(pigment::syntax::numbers::<3>("0, 1"), None);
/// ```
pub fn numbers<const N: usize>(text: &str) -> Option<[f32; N]> {
    let parsed: Vec<f32> = text
        .split(',')
        .map(|c| c.trim().parse::<f32>())
        .collect::<std::result::Result<_, _>>()
        .ok()?;
    let finite = parsed.iter().all(|v| v.is_finite());
    (finite && parsed.len() == N).then(|| std::array::from_fn(|i| parsed[i]))
}

/// `UNIT=TARGET:FILE` → (unit, target, file).
///
/// ```
/// use nvfp::isa::TexTarget;
/// let binding = pigment::syntax::texture_binding("3=CUBE:sky.png").unwrap();
/// assert_eq!(binding, (3, TexTarget::Cube, "sky.png".to_string()));
/// ```
pub fn texture_binding(text: &str) -> Result<(u8, TexTarget, String)> {
    let shape = || {
        bad(format!(
            "`{text}` should look like UNIT=TARGET:FILE, e.g. 0=2D:wood.png"
        ))
    };
    let (unit, rest) = text.split_once('=').ok_or_else(shape)?;
    let (target, file) = rest.split_once(':').ok_or_else(shape)?;
    let unit: u8 = unit
        .trim()
        .parse()
        .map_err(|_| bad(format!("texture unit `{unit}` is not a number 0-15")))?;
    if unit >= nvfp::isa::TEXTURE_UNITS {
        return Err(bad(format!(
            "texture unit {unit} does not exist (units are 0-15)"
        )));
    }
    let target = TexTarget::from_name(target.trim()).ok_or_else(|| {
        bad(format!(
            "`{target}` is not a texture target (1D, 2D, 3D, CUBE or RECT)"
        ))
    })?;
    Ok((unit, target, file.to_string()))
}

/// `NAME=TARGET:FILE` or `UNIT=TARGET:FILE`: where the texture goes, and `TARGET:FILE`.
///
/// ```
/// use pigment::render::bindings::TextureSlot;
/// let (slot, rest) = pigment::syntax::texture_slot("wood=2D:wood.png").unwrap();
/// assert_eq!((slot, rest), (TextureSlot::Sampler("wood".into()), "2D:wood.png"));
/// ```
pub fn texture_slot(binding: &str) -> Result<(TextureSlot, &str)> {
    let numbered = |name: &str| name.is_empty() || name.chars().all(|c| c.is_ascii_digit());
    match binding.split_once('=') {
        Some((name, rest)) if !numbered(name.trim()) => {
            Ok((TextureSlot::Sampler(name.trim().to_string()), rest))
        }
        // A unit number, or no name at all: the unit syntax's own checks and messages.
        _ => {
            let (unit, _, _) = texture_binding(binding)?;
            let rest = binding.split_once('=').map_or("", |(_, rest)| rest);
            Ok((TextureSlot::Unit(unit), rest))
        }
    }
}

/// A light `PLACE[=NAME]` (see [`Light::place`]).
///
/// ```
/// let light = pigment::syntax::light("lights.isl:key=left");
/// assert_eq!((light.place.as_str(), light.name.as_deref()), ("lights.isl:key", Some("left")));
/// assert_eq!(pigment::syntax::light("sun.isl").name, None);
/// ```
pub fn light(spec: &str) -> Light {
    let is_name = |name: &str| {
        !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    match spec.rsplit_once('=') {
        Some((at, name)) if is_name(name) => Light {
            name: Some(name.to_string()),
            ..Light::new(at)
        },
        _ => Light::new(spec),
    }
}

/// One `NAME=VALUES` as the machine's parameters: a matrix's 16 numbers split into its four rows
/// (`NAME[i]`, as the machine holds a matrix), anything else as it is.
///
/// ```
/// let rows = pigment::syntax::matrix_rows("m=1,0,0,0,0,1,0,0,0,0,1,0,0,0,5,1").unwrap();
/// assert_eq!(rows[3], "m[3]=0,0,5,1");
/// assert_eq!(pigment::syntax::matrix_rows("c=1,0.5,0").unwrap(), ["c=1,0.5,0"]);
/// ```
pub fn matrix_rows(param: &str) -> Result<Vec<String>> {
    let Some((name, values)) = param.split_once('=') else {
        return Err(bad(format!(
            "`{param}`: give NAME=VALUES, the values separated by commas"
        )));
    };
    let numbers: Vec<&str> = values.split(',').collect();
    if numbers.len() != 16 {
        return Ok(vec![param.to_string()]);
    }
    Ok(numbers
        .chunks(4)
        .enumerate()
        .map(|(i, row)| format!("{name}[{i}]={}", row.join(",")))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vectors_are_completed_from_0001() {
        assert_eq!(vector("2").unwrap(), [2.0, 0.0, 0.0, 1.0]);
        assert_eq!(vector("1, 2,3").unwrap(), [1.0, 2.0, 3.0, 1.0]);
        assert!(vector("1,2,3,4,5").is_err());
        assert!(vector("a").is_err());
        assert!(vector("nan").unwrap()[0].is_nan());
    }

    #[test]
    fn sizes_bindings_and_settings() {
        assert_eq!(size("64x32").unwrap(), (64, 32));
        assert!(size("16385x1").is_err());
        assert!(texture_binding("16=2D:x.png").is_err());
        assert!(texture_binding("0=2Dx:x.png").is_err());
        assert_eq!(texture_binding("0=2D:a:b.png").unwrap().2, "a:b.png");
        assert_eq!(
            texture_slot("2=RECT:f.png").unwrap().0,
            TextureSlot::Unit(2)
        );
        assert_eq!(setting("GAIN=0.25").unwrap(), ("GAIN".into(), 0.25));
        assert_eq!(named("k = 1,2").unwrap(), ("k".into(), " 1,2".into()));
        let message = named("k").unwrap_err().to_string();
        assert!(
            message.contains("`k`") && message.contains("NAME=VALUE"),
            "{message}"
        );
        assert!(setting("GAIN").is_err());
        assert!(matrix_rows("c").is_err());
        assert!(numbers::<2>("1,inf").is_none());
    }
}
