//! The scene around a surface shader, as the command line gives it: light instances (`--light`),
//! their parameters (`--light-param`, each belonging to the `--light` before it), the atmosphere
//! (`--atmosphere`). A light or atmosphere is named as `FILE.isl` (that file's first shader of the
//! kind), `FILE.isl:SHADER` or `SHADER` (in the surface's file), a light with `=NAME` for its
//! instance name (default: the shader's name, with 2, 3, ... after it when it repeats). Every
//! file is read and checked once, its diagnostics among the surface's.

use super::{checked_into, shaders_of};
use crate::cli::IslArgs;
use crate::failure::Failure;
use pigment_diag::SourceFiles;
use pigment_isl::ast::{ShaderKind, Unit};
use std::path::Path;

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
pub struct Units {
    pub surface: Unit,
    others: Vec<(String, Unit)>,
}

impl Units {
    /// Reads and checks every file the lights and the atmosphere name.
    pub fn load(files: &mut SourceFiles, surface: Unit, isl: &IslArgs) -> Result<Units, Failure> {
        let mut units = Units {
            surface,
            others: Vec::new(),
        };
        let specs = isl.lights.iter().map(|l| light_place(l).0);
        for spec in specs.chain(isl.atmosphere.iter().map(|a| place(a))) {
            if let Some(file) = spec.file {
                if units.others.iter().all(|(f, _)| f != file) {
                    let unit = checked_into(files, Path::new(file))?;
                    units.others.push((file.to_string(), unit));
                }
            }
        }
        Ok(units)
    }

    fn unit(&self, file: Option<&str>) -> &Unit {
        file.and_then(|file| self.others.iter().find(|(f, _)| f == file))
            .map_or(&self.surface, |(_, u)| u)
    }

    /// The shader a place names: `(unit, shader)`, or a usage error when the file has none of
    /// the kind.
    fn resolve(
        &self,
        at: &Place,
        kind: &str,
        wanted: impl Fn(ShaderKind) -> bool,
    ) -> Result<(&Unit, String), Failure> {
        let unit = self.unit(at.file);
        if let Some(shader) = at.shader {
            return Ok((unit, shader.to_string()));
        }
        let first = shaders_of(unit, wanted).first().map(|s| s.to_string());
        let file = at.file.unwrap_or("the surface's file");
        first
            .map(|shader| (unit, shader))
            .ok_or_else(|| Failure::Usage(format!("`{file}` has no {kind} shader")))
    }

    /// The light instances, in command-line order.
    pub fn lights(&self, isl: &IslArgs) -> Result<Vec<pigment_isl::Light<'_>>, Failure> {
        let mut lights: Vec<pigment_isl::Light> = Vec::new();
        for spec in &isl.lights {
            let (at, name) = light_place(spec);
            let (unit, shader) = self.resolve(&at, "light", is_light)?;
            let name = match name {
                Some(name) => name.to_string(),
                None => instance_name(&shader, &lights),
            };
            lights.push(pigment_isl::Light { unit, shader, name });
        }
        Ok(lights)
    }

    /// The atmosphere shader, if the scene has one.
    pub fn atmosphere(&self, isl: &IslArgs) -> Result<Option<(&Unit, String)>, Failure> {
        isl.atmosphere
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

/// A light's place and its `=NAME`, if given.
fn light_place(spec: &str) -> (Place<'_>, Option<&str>) {
    let is_name = |name: &str| {
        !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    match spec.rsplit_once('=') {
        Some((at, name)) if is_name(name) => (place(at), Some(name)),
        _ => (place(spec), None),
    }
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

/// `--param`s for the machine: each surface `--param` and each `--light-param` (as
/// `INSTANCE.NAME`, as the header names the uniform `INSTANCE$NAME`), a matrix's 16 numbers split into its four rows (`NAME[i]`).
pub fn parameter_bindings(
    isl: &IslArgs,
    params: &[String],
    lights: &[pigment_isl::Light],
) -> Result<Vec<String>, Failure> {
    let mut bindings = Vec::new();
    for param in params {
        bindings.extend(rows(param, "")?);
    }
    for (param, owner) in isl.light_params.iter().zip(&isl.light_param_owners) {
        let Some(light) = owner.and_then(|i| lights.get(i)) else {
            return Err(Failure::Usage(format!(
                "`--light-param {param}` must follow the `--light` it sets"
            )));
        };
        bindings.extend(rows(param, &format!("{}.", light.name))?);
    }
    Ok(bindings)
}

/// One `NAME=VALUES` as the machine's `--param`s, the name prefixed.
fn rows(param: &str, prefix: &str) -> Result<Vec<String>, Failure> {
    let Some((name, values)) = param.split_once('=') else {
        return Err(Failure::Usage(format!(
            "`{param}`: give NAME=VALUES, the values separated by commas"
        )));
    };
    let numbers: Vec<&str> = values.split(',').collect();
    if numbers.len() != 16 {
        return Ok(vec![format!("{prefix}{name}={values}")]);
    }
    Ok(numbers
        .chunks(4)
        .enumerate()
        .map(|(i, row)| format!("{prefix}{name}[{i}]={}", row.join(",")))
        .collect())
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
        let (p, name) = light_place("a.isl:key=left");
        assert_eq!(
            (p.file, p.shader, name),
            (Some("a.isl"), Some("key"), Some("left"))
        );
    }

    #[test]
    fn matrices_split_into_rows() {
        let m = "m=1,0,0,0,0,1,0,0,0,0,1,0,0,0,5,1";
        let r = rows(m, "key.").unwrap();
        assert_eq!(r.len(), 4);
        assert_eq!(r[3], "key.m[3]=0,0,5,1");
        assert_eq!(rows("c=1,0.5,0", "").unwrap(), ["c=1,0.5,0"]);
        assert!(rows("c", "").is_err());
    }
}
