//! The picture every sampler reads: the page sends the texels it binds in the browser (`texture`:
//! `{width, height, rgba}`, 8-bit RGBA, bottom row first), and a render binds the same texels,
//! nearest-filtered and repeating as the browser's are, on every texture unit of the machine (an
//! ISL surface's: to every texture name it reads, since ISL names no units).

use super::BadRequest;
use nvfp::isa::TexTarget;
use nvfp::texture::{Filter, TexFormat, Texture};
use pigment::render::{RenderOptions, TextureSlot};
use pigment::Error;
use serde_json::{Map, Value};

/// The largest side of a picture sent (its copies on 16 units then plan 16 MiB).
pub const MAX_TEXTURE_SIDE: u64 = 256;
/// fp30's texture units, each of which gets the picture.
pub const UNITS: u8 = 16;

/// A picture as sent: its size and its texels as floats (k/255).
#[derive(Debug)]
pub struct Upload {
    width: u32,
    height: u32,
    texels: Vec<[f32; 4]>,
}

/// `texture`, when sent: `{width, height, rgba}`, each side 1 to [`MAX_TEXTURE_SIDE`] and `rgba`
/// width x height x 4 bytes.
pub fn read(map: &Map<String, Value>) -> Result<Option<Upload>, BadRequest> {
    let texture = match map.get("texture") {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Object(texture)) => texture,
        Some(_) => return Err(BadRequest("`texture` must be {width, height, rgba}".into())),
    };
    let side = |key: &str| {
        let n = texture.get(key).and_then(Value::as_u64);
        n.filter(|n| (1..=MAX_TEXTURE_SIDE).contains(n))
            .ok_or_else(|| {
                BadRequest(format!(
                    "`texture.{key}` must be a whole number from 1 to {MAX_TEXTURE_SIDE}"
                ))
            })
    };
    let (width, height) = (side("width")?, side("height")?);
    let byte = |v: &Value| v.as_u64().and_then(|n| u8::try_from(n).ok());
    let bytes = texture.get("rgba").and_then(Value::as_array);
    let bytes: Option<Vec<u8>> = bytes.and_then(|b| b.iter().map(byte).collect());
    let expected = (width * height * 4) as usize;
    let Some(bytes) = bytes.filter(|b| b.len() == expected) else {
        return Err(BadRequest(format!(
            "`texture.rgba` must be {expected} bytes (0 to 255): {width} x {height} RGBA"
        )));
    };
    let texels = bytes
        .chunks_exact(4)
        .map(|p| [0, 1, 2, 3].map(|i| f32::from(p[i]) / 255.0))
        .collect();
    Ok(Some(Upload {
        width: width as u32,
        height: height as u32,
        texels,
    }))
}

/// Every texture unit of the machine, where a Cg or Parasol program's samplers are.
pub fn every_unit() -> Vec<TextureSlot> {
    (0..UNITS).map(TextureSlot::Unit).collect()
}

/// Binds `upload` to each of `slots`, its copies charged to
/// `options.memory_budget` with the target.
pub fn bind(
    upload: &Upload,
    slots: Vec<TextureSlot>,
    options: &mut RenderOptions,
) -> Result<(), Error> {
    let mut budget = nvfp::budget::MemoryBudget::new(options.memory_budget);
    let copies = upload.height * slots.len() as u32;
    budget
        .charge_pixels(
            &format!("texture on {} samplers", slots.len()),
            upload.width,
            copies,
            nvfp::budget::TEXTURE_BYTES_PER_TEXEL,
        )
        .map_err(Error::Request)?;
    let (width, height) = (upload.width as usize, upload.height as usize);
    let texture = Texture::from_rgba_f32(
        TexTarget::D2,
        width,
        height,
        1,
        TexFormat::Rgba,
        &upload.texels,
    )
    .map_err(Error::Request)?
    .with_filter(Filter::Nearest);
    options.memory_budget = options.memory_budget.saturating_sub(budget.used());
    for slot in slots {
        options.bindings.textures.push((slot, texture.clone()));
    }
    Ok(())
}
