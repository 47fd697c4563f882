//! A request's JSON read into the library's terms: the sources into a memory-only
//! [`pigment::Session`] (so `#include` finds only the files the page sent), the rest into a
//! [`pigment::CompileRequest`], and a render's size, parameters and format. Every field is
//! checked; a bad one is a 400 with a message naming it.

pub mod texture;

use crate::limits::{MAX_SIDE, MAX_SOURCE, MAX_SOURCES};
use pigment::render::isl::{IslScene, Light};
use pigment::render::RenderOptions;
use pigment::{CompileRequest, Language, Precision, Session, Stage, Target};
use serde_json::{Map, Value};

/// A request the server cannot act on, and why (answered 400).
#[derive(Debug, PartialEq, Eq)]
pub struct BadRequest(pub String);

/// A compile: the session holding the sources, the request, and an ISL surface's lights.
#[derive(Debug)]
pub struct Compile {
    /// The sources the page sent.
    pub session: Session,
    /// What to compile.
    pub request: CompileRequest,
    /// An ISL surface's light instances (`lights`, `lights`).
    pub lights: Vec<Light>,
    /// An ISL surface's geometry (`geometry`: `quad`, `plane`, `sphere`, `torus`, `cube`, or an
    /// OBJ file among the sources; default `quad`).
    pub geometry: String,
    /// An ISL scene's atmosphere shader (`atmosphere`, placed as a light is).
    pub atmosphere: Option<String>,
}

impl Compile {
    /// The scene both pictures draw an ISL surface on: the request's `entry` (else the file's
    /// first surface) on its geometry seen by the geometry's default camera, lit by the lights,
    /// the frame buffer cleared to (0, 0, 0, 0), then the atmosphere over it.
    pub fn isl_scene(&self) -> IslScene {
        IslScene {
            surface: self.request.entry.clone(),
            lights: self.lights.clone(),
            geometry: self.geometry.clone(),
            atmosphere: self.atmosphere.clone(),
            ..IslScene::default()
        }
    }
}

/// How a rendered picture is sent back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// An 8-bit RGBA PNG, top row first.
    Png,
    /// Little-endian f32 RGBA, bottom row first (the machine's own values, unclamped).
    F32,
}

/// A render: the compile, the picture's size and bindings, and the format.
#[derive(Debug)]
pub struct Render {
    /// The program.
    pub compile: Compile,
    /// Size and bindings.
    pub options: RenderOptions,
    /// The answer's format.
    pub format: Format,
    /// The picture the samplers read, when sent.
    pub texture: Option<texture::Upload>,
}

fn bad(message: impl Into<String>) -> BadRequest {
    BadRequest(message.into())
}

/// The body as a JSON object.
fn object(body: &[u8]) -> Result<Map<String, Value>, BadRequest> {
    match serde_json::from_slice(body) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(bad("the body must be a JSON object")),
        Err(e) => Err(bad(format!("the body is not JSON: {e}"))),
    }
}

/// The optional string field `key`.
fn string<'a>(map: &'a Map<String, Value>, key: &str) -> Result<Option<&'a str>, BadRequest> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(bad(format!("`{key}` must be a string"))),
    }
}

/// Reads a compile request: `sources` [{name, text}], `main`, `language`?, `entry`?,
/// `vertex_entry`?, `stage`?, `target`, `precision`?, `lights`?, `geometry`?, `atmosphere`? (an
/// ISL surface's scene).
pub fn compile(body: &[u8]) -> Result<Compile, BadRequest> {
    let map = object(body)?;
    let target = string(&map, "target")?.ok_or_else(|| bad("`target` is missing"))?;
    let target: Target = target.parse().map_err(|e| bad(format!("`target`: {e}")))?;
    if target == Target::Web {
        return Err(bad(
            "`target`: the web target is the playground's own picture",
        ));
    }
    compile_to(&map, target)
}

/// A request for the browser's own drawing: the program and its parameters' values.
#[derive(Debug)]
pub struct Web {
    /// The program (its target is the web page's WGSL and GLSL ES 3.00).
    pub compile: Compile,
    /// The values `params` gives, as a render takes them.
    pub params: Vec<(String, [f32; 4])>,
}

/// Reads a request for the page's own drawing: a compile's fields and `params`, as a render's.
pub fn web(body: &[u8]) -> Result<Web, BadRequest> {
    let map = object(body)?;
    Ok(Web {
        compile: compile_to(&map, Target::Web)?,
        params: params(&map)?,
    })
}

/// Reads a render request: a compile's fields (the target is fp30) with `width`, `height`
/// (1 to 1024, default 256), `params` {name: [x, y?, z?, w?]}, `texture` (\[`crate::texture`])
/// and `format` (`png` or `f32`).
pub fn render(body: &[u8]) -> Result<Render, BadRequest> {
    let map = object(body)?;
    let compile = compile_to(&map, Target::Fp30)?;
    let mut options = RenderOptions::new(side(&map, "width")?, side(&map, "height")?);
    options.bindings.params = params(&map)?;
    let format = match string(&map, "format")? {
        None | Some("png") => Format::Png,
        Some("f32") => Format::F32,
        Some(other) => return Err(bad(format!("`format`: `{other}` is not png or f32"))),
    };
    Ok(Render {
        compile,
        options,
        format,
        texture: texture::read(&map)?,
    })
}

fn compile_to(map: &Map<String, Value>, target: Target) -> Result<Compile, BadRequest> {
    let session = sources(map)?;
    let main = string(map, "main")?.ok_or_else(|| bad("`main` is missing"))?;
    if session.source(main).is_err() {
        return Err(bad(format!(
            "`main`: `{main}` is not one of the sources sent"
        )));
    }
    let mut request = CompileRequest::new(main, target);
    request.language = language(map, session.source(main).unwrap_or_default())?;
    request.entry = string(map, "entry")?
        .filter(|e| !e.is_empty())
        .map(Into::into);
    // Cg: a vertex entry drawn with `entry` (both stages); Parasol: the program whose two
    // shaders the pictures run.
    request.vertex_entry = string(map, "vertex_entry")?
        .filter(|e| !e.is_empty())
        .map(Into::into);
    request.stage = match string(map, "stage")? {
        None | Some("") => None,
        Some("vertex") => Some(Stage::Vertex),
        Some("fragment") => Some(Stage::Fragment),
        Some(other) => return Err(bad(format!("`stage`: `{other}` is not vertex or fragment"))),
    };
    request.precision = match string(map, "precision")? {
        None | Some("target") => Precision::Target,
        Some("fp30") => Precision::Fp30,
        Some(other) => return Err(bad(format!("`precision`: `{other}` is not target or fp30"))),
    };
    let geometry = string(map, "geometry")?.filter(|g| !g.is_empty());
    Ok(Compile {
        session,
        request,
        lights: lights(map)?,
        geometry: geometry.unwrap_or("quad").to_string(),
        atmosphere: string(map, "atmosphere")?
            .filter(|a| !a.is_empty())
            .map(Into::into),
    })
}

/// The `sources` array as a memory-only session.
fn sources(map: &Map<String, Value>) -> Result<Session, BadRequest> {
    let Some(Value::Array(list)) = map.get("sources") else {
        return Err(bad("`sources` must be an array of {name, text}"));
    };
    if list.is_empty() || list.len() > MAX_SOURCES {
        return Err(bad(format!("`sources` must hold 1 to {MAX_SOURCES} files")));
    }
    let mut session = Session::new();
    for (i, source) in list.iter().enumerate() {
        let field = |key| source.get(key).and_then(Value::as_str);
        let (Some(name), Some(text)) = (field("name"), field("text")) else {
            return Err(bad(format!(
                "`sources[{i}]` must be {{name, text}} with strings"
            )));
        };
        if name.is_empty() || name.len() > 255 {
            return Err(bad(format!("`sources[{i}].name` must be 1 to 255 bytes")));
        }
        if text.len() > MAX_SOURCE {
            return Err(bad(format!(
                "`sources[{i}]` ({name}) is {} bytes; the limit is {MAX_SOURCE}",
                text.len()
            )));
        }
        session.add_source(name, text);
    }
    Ok(session)
}

/// `language`: a name, or `auto`/absent for the main file's extension, else its text.
fn language(map: &Map<String, Value>, text: &str) -> Result<Option<Language>, BadRequest> {
    match string(map, "language")? {
        None | Some("auto") | Some("") => Ok(detect(map, text)),
        Some(name) => name
            .parse()
            .map(Some)
            .map_err(|e| bad(format!("`language`: {e}"))),
    }
}

/// The language the main file's name says, else what its text looks like: an NV program begins
/// `!!FP1.0`; Cg otherwise (`None` leaves the extension to the library).
fn detect(map: &Map<String, Value>, text: &str) -> Option<Language> {
    let main = map.get("main").and_then(Value::as_str).unwrap_or_default();
    if Language::from_path(main).is_some() {
        return None;
    }
    match text.trim_start().starts_with("!!FP") {
        true => Some(Language::NvProgram),
        false => Some(Language::Cg),
    }
}

/// `width` or `height`: 1 to [`MAX_SIDE`], 256 when absent.
fn side(map: &Map<String, Value>, key: &str) -> Result<u32, BadRequest> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(256),
        Some(value) => value
            .as_u64()
            .filter(|n| (1..=u64::from(MAX_SIDE)).contains(n))
            .map(|n| n as u32)
            .ok_or_else(|| {
                bad(format!(
                    "`{key}` must be a whole number from 1 to {MAX_SIDE}"
                ))
            }),
    }
}

/// The most light instances a request may give (each is lowered inline into the surface).
const MAX_LIGHTS: usize = 16;

/// `lights`: [{place, name?, params?}], an ISL surface's light instances, `place` a light shader
/// of the sent files (`SHADER`, `FILE.isl` or `FILE.isl:SHADER`), `params` as a render's.
fn lights(map: &Map<String, Value>) -> Result<Vec<Light>, BadRequest> {
    let list = match map.get("lights") {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(list)) if list.len() <= MAX_LIGHTS => list,
        Some(_) => {
            return Err(bad(format!(
                "`lights` must be an array of at most {MAX_LIGHTS} {{place, name?, params?}}"
            )))
        }
    };
    let light = |(i, light): (usize, &Value)| {
        let Value::Object(light) = light else {
            return Err(bad(format!(
                "`lights[{i}]` must be {{place, name?, params?}}"
            )));
        };
        let field = |e: BadRequest| bad(format!("`lights[{i}]`: {}", e.0));
        let place = string(light, "place").map_err(field)?;
        let place = place.ok_or_else(|| bad(format!("`lights[{i}].place` is missing")))?;
        Ok(Light {
            place: place.to_string(),
            name: string(light, "name").map_err(field)?.map(Into::into),
            params: params_of(light.get("params")).map_err(field)?,
        })
    };
    list.iter().enumerate().map(light).collect()
}

/// `params`: {name: [x, y?, z?, w?]}, missing components 0.
fn params(map: &Map<String, Value>) -> Result<Vec<(String, [f32; 4])>, BadRequest> {
    params_of(map.get("params"))
}

/// A `params` object's values (none when it is absent).
fn params_of(params: Option<&Value>) -> Result<Vec<(String, [f32; 4])>, BadRequest> {
    let Some(params) = params else {
        return Ok(Vec::new());
    };
    let Value::Object(params) = params else {
        return Err(bad("`params` must be an object {name: [numbers]}"));
    };
    params
        .iter()
        .map(|(name, value)| {
            let numbers: Option<Vec<f32>> = match value {
                Value::Number(n) => n.as_f64().map(|x| vec![x as f32]),
                Value::Array(items) => items.iter().map(|v| v.as_f64().map(|x| x as f32)).collect(),
                _ => None,
            };
            match numbers {
                Some(numbers) if (1..=4).contains(&numbers.len()) => {
                    let mut value = [0.0; 4];
                    value[..numbers.len()].copy_from_slice(&numbers);
                    Ok((name.clone(), value))
                }
                _ => Err(bad(format!("`params.{name}` must be 1 to 4 numbers"))),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_checked() {
        let ok = br#"{"sources":[{"name":"a.cg","text":"x"}],"main":"a.cg","target":"fp30"}"#;
        assert!(compile(ok).is_ok());
        let no_main = br#"{"sources":[{"name":"a.cg","text":"x"}],"main":"b.cg","target":"fp30"}"#;
        assert!(compile(no_main)
            .unwrap_err()
            .0
            .contains("not one of the sources"));
        let target = br#"{"sources":[{"name":"a.cg","text":"x"}],"main":"a.cg","target":"dxil"}"#;
        assert!(compile(target).unwrap_err().0.starts_with("`target`"));
        assert!(compile(b"[1]").unwrap_err().0.contains("JSON object"));
        let wide = br#"{"sources":[{"name":"a.cg","text":"x"}],"main":"a.cg","width":4096}"#;
        assert!(render(wide).err().unwrap().0.starts_with("`width`"));
    }

    #[test]
    fn the_language_comes_from_the_name_else_the_text() {
        let nv = br#"{"sources":[{"name":"a","text":"!!FP1.0\nEND"}],"main":"a","target":"fp30"}"#;
        assert_eq!(
            compile(nv).unwrap().request.language,
            Some(Language::NvProgram)
        );
        let cg = br#"{"sources":[{"name":"a.cg","text":"!!FP1.0"}],"main":"a.cg","target":"fp30"}"#;
        assert_eq!(compile(cg).unwrap().request.language, None);
    }
}
