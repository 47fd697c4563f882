//! Parsing of the small value syntaxes of the command line: `NAME=x,y,z,w`, `UNIT=TARGET:FILE`, `WxH`.
//!
//! Every function returns a message for the user on bad input; the caller turns it into exit code 2.

use nvfp::isa::TexTarget;

/// `x,y,z,w` with one to four numbers, completed from (0, 0, 0, 1).
pub fn parse_vector(text: &str) -> Result<[f32; 4], String> {
    let mut v = [0.0, 0.0, 0.0, 1.0];
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() > 4 || text.trim().is_empty() {
        return Err(format!("`{text}` is not a vector of one to four numbers"));
    }
    for (slot, part) in v.iter_mut().zip(&parts) {
        *slot = parse_number(part.trim())
            .ok_or_else(|| format!("`{part}` is not a number (in `{text}`)"))?;
    }
    Ok(v)
}

/// A number, including `nan`, `inf` and `-inf` so that special cases can be exercised.
fn parse_number(text: &str) -> Option<f32> {
    match text.to_ascii_lowercase().as_str() {
        "nan" => Some(f32::NAN),
        "inf" | "+inf" | "infinity" => Some(f32::INFINITY),
        "-inf" | "-infinity" => Some(f32::NEG_INFINITY),
        _ => text.parse().ok(),
    }
}

/// `NAME=x,y,z,w` → (NAME, vector).
pub fn parse_assignment(text: &str) -> Result<(String, [f32; 4]), String> {
    let (name, value) = text
        .split_once('=')
        .ok_or_else(|| format!("`{text}` should look like NAME=x,y,z,w"))?;
    Ok((name.trim().to_string(), parse_vector(value)?))
}

/// `WxH` with both at least 1 and at most 16384.
pub fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let err = || format!("`{text}` is not a size like 256x256 (1 to 16384 each way)");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(err)?;
    let (w, h): (u32, u32) = (w.parse().map_err(|_| err())?, h.parse().map_err(|_| err())?);
    if (1..=16384).contains(&w) && (1..=16384).contains(&h) {
        Ok((w, h))
    } else {
        Err(err())
    }
}

/// `UNIT=TARGET:FILE` → (unit, target, file).
pub fn parse_texture_binding(text: &str) -> Result<(u8, TexTarget, String), String> {
    let bad = || format!("`{text}` should look like UNIT=TARGET:FILE, e.g. 0=2D:wood.png");
    let (unit, rest) = text.split_once('=').ok_or_else(bad)?;
    let (target, file) = rest.split_once(':').ok_or_else(bad)?;
    let unit: u8 = unit
        .trim()
        .parse()
        .map_err(|_| format!("texture unit `{unit}` is not a number 0-15"))?;
    if unit >= nvfp::isa::TEXTURE_UNITS {
        return Err(format!(
            "texture unit {unit} does not exist (units are 0-15)"
        ));
    }
    let target = TexTarget::from_name(target.trim())
        .ok_or_else(|| format!("`{target}` is not a texture target (1D, 2D, 3D, CUBE or RECT)"))?;
    Ok((unit, target, file.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vectors_are_completed_from_0001() {
        assert_eq!(parse_vector("2").unwrap(), [2.0, 0.0, 0.0, 1.0]);
        assert_eq!(parse_vector("1, 2,3").unwrap(), [1.0, 2.0, 3.0, 1.0]);
        assert!(parse_vector("1,2,3,4,5").is_err());
        assert!(parse_vector("a").is_err());
        assert!(parse_vector("nan").unwrap()[0].is_nan());
    }

    #[test]
    fn sizes_and_bindings() {
        assert_eq!(parse_size("64x32"), Ok((64, 32)));
        assert!(parse_size("0x5").is_err());
        assert_eq!(
            parse_texture_binding("3=CUBE:a:b.png").unwrap(),
            (3, TexTarget::Cube, "a:b.png".into())
        );
        assert!(parse_texture_binding("16=2D:x.png").is_err());
        assert!(parse_texture_binding("0=2Dx:x.png").is_err());
        assert_eq!(
            parse_assignment("TEX0=1,2").unwrap(),
            ("TEX0".into(), [1.0, 2.0, 0.0, 1.0])
        );
    }
}
