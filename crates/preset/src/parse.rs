//! Reading a `.cgp` preset: its lines (and those of the presets it `#reference`s, which its own keys
//! override) become one key table, which is then read key by key as RetroArch does. Every malformed
//! or missing value is an error at the key or value in question (`FILE:LINE:COL: error: ...`).

use crate::lines::{error, split, Entry, Line};
use crate::model::{Lut, Pass, Preset, Scale, ScaleType, WrapMode};
use crate::scale::MAX_SIDE;
use pigment_diag::read::{read_text, MAX_SOURCE_BYTES};
use pigment_diag::{Diagnostic, FileId, SourceFiles, Span};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The most passes a preset may have (RetroArch's GFX_MAX_SHADERS).
pub const MAX_PASSES: u32 = 64;
/// How deep `#reference`s may nest, which also stops reference cycles.
const MAX_DEPTH: usize = 16;

/// Reads the preset at `path` and the files it references; the files read are added to `files`.
pub fn load(files: &mut SourceFiles, path: &Path) -> Result<Preset, Vec<Diagnostic>> {
    let mut read = |p: &Path| read_text(p, MAX_SOURCE_BYTES).map_err(|e| e.reason.to_string());
    let text = read(path).map_err(|e| {
        vec![Diagnostic::error(format!(
            "cannot read `{}`: {e}",
            path.display()
        ))]
    })?;
    parse_text(files, &path.display().to_string(), text, &mut read)
}

/// Parses preset `text` named `name`, reading referenced files with `read`.
pub fn parse_text(
    files: &mut SourceFiles,
    name: &str,
    text: String,
    read: &mut dyn FnMut(&Path) -> Result<String, String>,
) -> Result<Preset, Vec<Diagnostic>> {
    let root = files.add(name, text);
    let mut keys = Keys {
        files,
        map: HashMap::new(),
        root,
    };
    keys.gather(root, read, 0).map_err(|d| vec![d])?;
    let mut preset = keys.preset()?;
    preset.name = name.to_string();
    Ok(preset)
}

/// The key table: each key's last assignment, across the file and its references.
struct Keys<'a> {
    files: &'a mut SourceFiles,
    map: HashMap<String, Entry>,
    root: FileId,
}

impl Keys<'_> {
    fn gather(
        &mut self,
        file: FileId,
        read: &mut dyn FnMut(&Path) -> Result<String, String>,
        depth: usize,
    ) -> Result<(), Diagnostic> {
        for line in split(self.files.text(file), file)? {
            match line {
                Line::Entry(entry) => {
                    self.map.insert(entry.key.clone(), entry);
                }
                Line::Reference { path, span } => {
                    if depth >= MAX_DEPTH {
                        return Err(error(
                            file,
                            span,
                            format!("`#reference`s nest more than {MAX_DEPTH} deep (a cycle?)"),
                        ));
                    }
                    let full = self.relative(file, &path);
                    let text = read(&full).map_err(|e| {
                        error(file, span, format!("cannot read `{}`: {e}", full.display()))
                    })?;
                    let referenced = self.files.add(full.display().to_string(), text);
                    self.gather(referenced, read, depth + 1)?;
                }
            }
        }
        Ok(())
    }

    /// `path` as written in `file`, relative to that file's directory.
    fn relative(&self, file: FileId, path: &str) -> PathBuf {
        let dir = Path::new(self.files.name(file))
            .parent()
            .unwrap_or(Path::new(""));
        dir.join(with_slashes(path))
    }

    fn get(&self, key: &str) -> Option<&Entry> {
        self.map.get(key)
    }

    /// An error at the start of the preset, for a key that is missing altogether.
    fn missing(&self, message: String) -> Diagnostic {
        error(self.root, Span::new(0, 0), message)
    }

    fn bad(&self, entry: &Entry, message: String) -> Diagnostic {
        error(entry.file, entry.value_span, message)
    }

    fn preset(&self) -> Result<Preset, Vec<Diagnostic>> {
        let mut errors = Vec::new();
        let count = match self.get("shaders") {
            None => {
                Err(self.missing("the preset has no `shaders` key (the number of passes)".into()))
            }
            Some(e) => match e.value.parse::<u32>() {
                Ok(n) if (1..=MAX_PASSES).contains(&n) => Ok(n),
                _ => Err(self.bad(
                    e,
                    format!(
                        "`shaders` must be a number of passes from 1 to {MAX_PASSES}, not `{}`",
                        e.value
                    ),
                )),
            },
        };
        let count = count.map_err(|e| vec![e])?;
        let mut passes = Vec::new();
        for n in 0..count {
            match self.pass(n) {
                Ok(p) => passes.push(p),
                Err(e) => errors.push(e),
            }
        }
        let textures = self.luts().unwrap_or_else(|e| {
            errors.push(e);
            Vec::new()
        });
        let parameters = self.parameters().unwrap_or_else(|e| {
            errors.push(e);
            Vec::new()
        });
        if errors.is_empty() {
            Ok(Preset {
                name: String::new(),
                passes,
                textures,
                parameters,
            })
        } else {
            Err(errors)
        }
    }

    fn pass(&self, n: u32) -> Result<Pass, Diagnostic> {
        let shader_key = format!("shader{n}");
        let shader = match self.get(&shader_key) {
            Some(e) if !e.value.is_empty() => self.relative(e.file, &e.value),
            Some(e) => {
                return Err(self.bad(
                    e,
                    format!("`{shader_key}` is empty: it names the pass's .cg file"),
                ))
            }
            None => {
                return Err(self.missing(format!(
                    "the preset has {} pass(es) but no `{shader_key}`",
                    self.get("shaders").map_or("?", |e| e.value.as_str())
                )))
            }
        };
        Ok(Pass {
            shader,
            alias: self
                .get(&format!("alias{n}"))
                .map(|e| e.value.clone())
                .filter(|a| !a.is_empty()),
            filter_linear: self.flag(&format!("filter_linear{n}"))?,
            wrap: self.wrap(&format!("wrap_mode{n}"))?.unwrap_or_default(),
            scale: self.scale(n)?,
            float_framebuffer: self
                .flag(&format!("float_framebuffer{n}"))?
                .unwrap_or(false),
            srgb_framebuffer: self.flag(&format!("srgb_framebuffer{n}"))?.unwrap_or(false),
            mipmap_input: self.flag(&format!("mipmap_input{n}"))?.unwrap_or(false),
            frame_count_mod: match self.get(&format!("frame_count_mod{n}")) {
                None => 0,
                Some(e) => e.value.parse().map_err(|_| {
                    self.bad(
                        e,
                        format!("`{}` must be a whole number, not `{}`", e.key, e.value),
                    )
                })?,
            },
        })
    }

    /// The scale rule of pass `n`, `None` when no scale type is set.
    fn scale(&self, n: u32) -> Result<Option<(Scale, Scale)>, Diagnostic> {
        let both = self.scale_type(&format!("scale_type{n}"))?;
        let x = self.scale_type(&format!("scale_type_x{n}"))?.or(both);
        let y = self.scale_type(&format!("scale_type_y{n}"))?.or(both);
        if x.is_none() && y.is_none() {
            return Ok(None);
        }
        let (x, y) = (
            x.unwrap_or(ScaleType::Source),
            y.unwrap_or(ScaleType::Source),
        );
        let factor = self.number(&format!("scale{n}"), x)?;
        let fx = self
            .number(&format!("scale_x{n}"), x)?
            .or(factor)
            .unwrap_or(1.0);
        let fy = self
            .number(&format!("scale_y{n}"), y)?
            .or(factor)
            .unwrap_or(1.0);
        Ok(Some((
            Scale {
                kind: x,
                factor: fx,
            },
            Scale {
                kind: y,
                factor: fy,
            },
        )))
    }

    fn scale_type(&self, key: &str) -> Result<Option<ScaleType>, Diagnostic> {
        let Some(e) = self.get(key) else {
            return Ok(None);
        };
        match e.value.as_str() {
            "source" => Ok(Some(ScaleType::Source)),
            "viewport" => Ok(Some(ScaleType::Viewport)),
            "absolute" => Ok(Some(ScaleType::Absolute)),
            v => Err(self.bad(
                e,
                format!("`{key}` must be source, viewport or absolute, not `{v}`"),
            )),
        }
    }

    /// A scale factor: a positive number, a whole one for an absolute scale.
    fn number(&self, key: &str, kind: ScaleType) -> Result<Option<f32>, Diagnostic> {
        let Some(e) = self.get(key) else {
            return Ok(None);
        };
        let v: f32 = e
            .value
            .parse()
            .ok()
            .filter(|v: &f32| v.is_finite() && *v > 0.0)
            .ok_or_else(|| {
                self.bad(
                    e,
                    format!("`{key}` must be a positive number, not `{}`", e.value),
                )
            })?;
        if kind == ScaleType::Absolute && (v.fract() != 0.0 || v > MAX_SIDE as f32) {
            return Err(self.bad(
                e,
                format!(
                    "`{key}` is an absolute size: a whole number of pixels up to {MAX_SIDE}, not `{}`",
                    e.value
                ),
            ));
        }
        // A source or viewport is at least one pixel, so a factor over the largest side can only
        // make a framebuffer too large; say so here, where the value is, not at render time.
        if v > MAX_SIDE as f32 {
            return Err(self.bad(
                e,
                format!(
                    "`{key}` = {} makes a framebuffer wider or taller than {MAX_SIDE} pixels",
                    e.value
                ),
            ));
        }
        Ok(Some(v))
    }

    fn flag(&self, key: &str) -> Result<Option<bool>, Diagnostic> {
        let Some(e) = self.get(key) else {
            return Ok(None);
        };
        match e.value.as_str() {
            "true" | "1" => Ok(Some(true)),
            "false" | "0" => Ok(Some(false)),
            v => Err(self.bad(e, format!("`{key}` must be true or false, not `{v}`"))),
        }
    }

    fn wrap(&self, key: &str) -> Result<Option<WrapMode>, Diagnostic> {
        let Some(e) = self.get(key) else {
            return Ok(None);
        };
        match e.value.as_str() {
            "clamp_to_border" => Ok(Some(WrapMode::ClampToBorder)),
            "clamp_to_edge" => Ok(Some(WrapMode::ClampToEdge)),
            "repeat" => Ok(Some(WrapMode::Repeat)),
            "mirrored_repeat" => Ok(Some(WrapMode::MirroredRepeat)),
            v => Err(self.bad(e, format!("`{key}` must be clamp_to_border, clamp_to_edge, repeat or mirrored_repeat, not `{v}`"))),
        }
    }

    /// The names of a `;`-separated list key (`textures`, `parameters`).
    fn list(&self, key: &str) -> Vec<(String, &Entry)> {
        self.get(key).map_or(Vec::new(), |e| {
            e.value
                .split(';')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(|s| (s.to_string(), e))
                .collect()
        })
    }

    fn luts(&self) -> Result<Vec<Lut>, Diagnostic> {
        self.list("textures")
            .into_iter()
            .map(|(name, list)| {
                let path = match self.get(&name) {
                    Some(e) if !e.value.is_empty() => self.relative(e.file, &e.value),
                    _ => {
                        return Err(self.bad(
                            list,
                            format!(
                                "`textures` names `{name}`, but no `{name} = PATH` gives its file"
                            ),
                        ))
                    }
                };
                Ok(Lut {
                    linear: self.flag(&format!("{name}_linear"))?.unwrap_or(true),
                    wrap: self.wrap(&format!("{name}_wrap_mode"))?.unwrap_or_default(),
                    mipmap: self.flag(&format!("{name}_mipmap"))?.unwrap_or(false),
                    name,
                    path,
                })
            })
            .collect()
    }

    fn parameters(&self) -> Result<Vec<(String, f32)>, Diagnostic> {
        self.list("parameters")
            .into_iter()
            .map(|(name, list)| match self.get(&name) {
                None => Err(self.bad(
                    list,
                    format!("`parameters` names `{name}`, but no `{name} = VALUE` gives its value"),
                )),
                Some(e) => e
                    .value
                    .parse::<f32>()
                    .ok()
                    .filter(|v| v.is_finite())
                    .map(|v| (name.clone(), v))
                    .ok_or_else(|| {
                        self.bad(
                            e,
                            format!("parameter `{name}` must be a number, not `{}`", e.value),
                        )
                    }),
            })
            .collect()
    }
}

/// A path written with Windows' separators (`..\\misc\\x.cg`, as some of libretro's presets are)
/// with `/` instead, which every system reads: RetroArch turns both separators into the system's
/// before it opens a preset's files.
fn with_slashes(path: &str) -> String {
    path.replace('\\', "/")
}

#[cfg(test)]
mod separator_tests {
    use super::with_slashes;

    #[test]
    fn backslashes_become_slashes() {
        assert_eq!(with_slashes("..\\misc\\a.cg"), "../misc/a.cg");
        assert_eq!(
            with_slashes("..\\dithering\\shaders/b.cg"),
            "../dithering/shaders/b.cg"
        );
        assert_eq!(with_slashes("shaders/c.cg"), "shaders/c.cg");
    }
}
