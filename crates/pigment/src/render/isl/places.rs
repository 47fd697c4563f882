//! Where a scene's light and atmosphere shaders are: `FILE.isl` (that file's first shader of the
//! kind), `FILE.isl:SHADER` or `SHADER` (in the surface's file); a light instance's name (given,
//! else the shader's, with 2, 3, ... after it when it repeats). Every file is read and checked
//! once, its diagnostics among the surface's.

use super::IslScene;
use crate::compile::isl::{checked_into, shaders_of};
use crate::diagnostics::Diagnostics;
use crate::error::{Error, Result};
use crate::Session;
use pigment_diag::SourceFiles;
use pigment_isl::ast::{ShaderKind, Unit};

/// Where a light or atmosphere shader is: its file (`None`: the surface's) and its name (`None`:
/// the file's first of the kind).
struct Place<'a> {
    file: Option<&'a str>,
    shader: Option<&'a str>,
}

/// `FILE.isl`, `FILE.isl:SHADER` or `SHADER`.
fn place(spec: &str) -> Place<'_> {
    if let Some((file, shader)) = spec.rsplit_once(".isl:") {
        return Place {
            file: Some(&spec[..file.len() + 4]),
            shader: Some(shader),
        };
    }
    if spec.ends_with(".isl") {
        return Place {
            file: Some(spec),
            shader: None,
        };
    }
    Place {
        file: None,
        shader: Some(spec),
    }
}

/// The checked units of a scene: the surface's and every other file named, once each.
pub(super) struct Units {
    pub surface: Unit,
    others: Vec<(String, Unit)>,
}

impl Units {
    /// Reads and checks every file the lights and the atmosphere name.
    pub fn load(
        session: &Session,
        files: &mut SourceFiles,
        surface: Unit,
        scene: &IslScene,
        found: &mut Diagnostics,
    ) -> Result<Units> {
        let mut units = Units {
            surface,
            others: Vec::new(),
        };
        let lights = scene.lights.iter().map(|l| place(&l.place));
        for spec in lights.chain(scene.atmosphere.iter().map(|a| place(a))) {
            let Some(file) = spec.file else { continue };
            if units.others.iter().all(|(f, _)| f != file) {
                let text = session.read_text(file)?;
                let unit = checked_into(files, file, &text, found)?;
                units.others.push((file.to_string(), unit));
            }
        }
        Ok(units)
    }

    fn unit(&self, file: Option<&str>) -> &Unit {
        file.and_then(|file| self.others.iter().find(|(f, _)| f == file))
            .map_or(&self.surface, |(_, u)| u)
    }

    /// The shader a place names: `(unit, shader)`, or an error when the file has none of the kind.
    fn resolve(
        &self,
        at: &Place,
        kind: &str,
        wanted: impl Fn(ShaderKind) -> bool,
    ) -> Result<(&Unit, String)> {
        let unit = self.unit(at.file);
        if let Some(shader) = at.shader {
            return Ok((unit, shader.to_string()));
        }
        let first = shaders_of(unit, wanted).first().map(|s| s.to_string());
        let file = at.file.unwrap_or("the surface's file");
        first
            .map(|shader| (unit, shader))
            .ok_or_else(|| Error::Request(format!("`{file}` has no {kind} shader")))
    }

    /// The light instances, in the scene's order.
    pub fn lights(&self, scene: &IslScene) -> Result<Vec<pigment_isl::Light<'_>>> {
        let mut lights: Vec<pigment_isl::Light> = Vec::new();
        for light in &scene.lights {
            let (unit, shader) = self.resolve(&place(&light.place), "light", is_light)?;
            let name = match &light.name {
                Some(name) => name.clone(),
                None => instance_name(&shader, &lights),
            };
            lights.push(pigment_isl::Light { unit, shader, name });
        }
        Ok(lights)
    }

    /// The atmosphere shader, if the scene has one.
    pub fn atmosphere(&self, scene: &IslScene) -> Result<Option<(&Unit, String)>> {
        scene
            .atmosphere
            .as_deref()
            .map(|spec| self.resolve(&place(spec), "atmosphere", |k| k == ShaderKind::Atmosphere))
            .transpose()
    }
}

fn is_light(kind: ShaderKind) -> bool {
    matches!(
        kind,
        ShaderKind::AmbientLight | ShaderKind::DistantLight | ShaderKind::PointLight
    )
}

/// The shader's name, numbered from 2 when an earlier instance has it.
fn instance_name(shader: &str, earlier: &[pigment_isl::Light]) -> String {
    let taken = |name: &str| earlier.iter().any(|l| l.name == name);
    (1..)
        .map(|k| match k {
            1 => shader.to_string(),
            k => format!("{shader}{k}"),
        })
        .find(|name| !taken(name))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_name_files_and_shaders() {
        let p = place("lights/sun.isl");
        assert_eq!((p.file, p.shader), (Some("lights/sun.isl"), None));
        let p = place("a.isl:key");
        assert_eq!((p.file, p.shader), (Some("a.isl"), Some("key")));
        let p = place("key");
        assert_eq!((p.file, p.shader), (None, Some("key")));
    }
}
