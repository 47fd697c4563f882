//! Uniforms and samplers in GLSL: plain `uniform` declarations (with the Cg default as an
//! initialiser where the version allows one), or for Vulkan one std140 block per stage in
//! `pigment_ir::slots`'s set and binding, so that a runtime binds both targets alike;
//! samplers by texture unit, shadow samplers where the program's lookups pass a depth to compare.
//! Only what the program reads is declared.

use super::{Interface, SamplerPlace};
use crate::expr::{self, type_name};
use crate::names::{source_name, Namer};
use crate::version::Version;
use pigment_diag::Diagnostic;
use pigment_ir::slots;
use pigment_ir::{Function, InstKind, SamplerDim, ScalarKind, SourceLoc, Stage};

fn read_uniforms(func: &Function) -> Vec<bool> {
    let mut read = vec![false; func.uniforms.len()];
    pigment_ir::walk(&func.body, &mut |inst| {
        if let InstKind::LoadUniform { uniform, .. } = &inst.kind {
            read[uniform.index()] = true;
        }
    });
    read
}

fn located(d: Diagnostic, loc: Option<SourceLoc>) -> Diagnostic {
    match loc {
        Some(l) => d.at(l.file, l.span),
        None => d,
    }
}

pub fn build(
    func: &Function,
    version: Version,
    namer: &mut Namer,
    overrides: &crate::Overrides,
    iface: &mut Interface,
) -> Result<(), Diagnostic> {
    build_uniforms(func, version, namer, overrides, iface);
    build_samplers(func, version, namer, overrides, iface)
}

fn precision_prefix(qualifiers: bool, kind: ScalarKind) -> String {
    match expr::precision(kind) {
        Some(p) if qualifiers => format!("{p} "),
        _ => String::new(),
    }
}

fn build_uniforms(
    func: &Function,
    version: Version,
    namer: &mut Namer,
    overrides: &crate::Overrides,
    iface: &mut Interface,
) {
    let read = read_uniforms(func);
    let mut members = Vec::new();
    for (h, u) in func.uniforms.iter() {
        let exprs = overrides.uniforms.get(&u.name).cloned();
        if !read[h.index()] || exprs.is_some() {
            iface.uniforms.push(String::new());
            iface.uniform_exprs.push(exprs);
            continue;
        }
        iface.uniform_exprs.push(None);
        let name = namer.unique(&u.name);
        let array = u.array_len.map_or(String::new(), |n| format!("[{n}]"));
        let mut declaration = format!(
            "{}{} {name}{array}",
            precision_prefix(iface.precision_qualifiers, u.ty.kind),
            type_name(u.ty)
        );
        if let (Some(values), true) = (&u.default, version.has_uniform_initializers()) {
            let elements: Vec<String> = values
                .iter()
                .map(|v| expr::constant(v, u.ty, version).text)
                .collect();
            let init = match u.array_len {
                Some(n) => format!("{}[{n}]({})", type_name(u.ty), elements.join(", ")),
                None => elements.join(", "),
            };
            declaration.push_str(&format!(" = {init}"));
        }
        declaration.push(';');
        if u.matrix || source_name(&u.name) != name {
            let what = if u.matrix { "the rows of " } else { "" };
            declaration.push_str(&format!(" // {what}Cg's `{}`", source_name(&u.name)));
        }
        if version.is_vulkan() {
            members.push(format!("    {declaration}"));
        } else {
            iface.declarations.push(format!("uniform {declaration}"));
        }
        iface.uniforms.push(name);
    }
    if !members.is_empty() {
        let stage = match func.stage {
            Stage::Vertex => "Vertex",
            Stage::Fragment => "Fragment",
        };
        iface.declarations.push(format!(
            "layout(std140, set = {}, binding = {}) uniform {stage}Uniforms {{\n{}\n}};",
            slots::group(func.stage),
            slots::UNIFORM_BINDING,
            members.join("\n")
        ));
    }
}

/// The GLSL sampler type of `dim` (shadow or not) in `version`, or why it has none.
fn sampler_type(dim: SamplerDim, shadow: bool, version: Version) -> Result<&'static str, String> {
    let missing = |what: &str| Err(format!("{version} has no {what} samplers"));
    Ok(match (dim, shadow) {
        (SamplerDim::D1 | SamplerDim::Rect, _) if version.is_es() => {
            return missing(if dim == SamplerDim::D1 {
                "1D"
            } else {
                "rectangle"
            })
        }
        (SamplerDim::D3, _) if !version.has_sampler_3d() => return missing("3D"),
        (_, true) if version == Version::es(100) => return missing("shadow"),
        (SamplerDim::D3, true) => return missing("3D shadow"),
        (SamplerDim::Cube, true) if !version.has_glsl130_builtins() => {
            return missing("cube shadow")
        }
        (SamplerDim::D1, false) => "sampler1D",
        (SamplerDim::D1, true) => "sampler1DShadow",
        (SamplerDim::D2, false) => "sampler2D",
        (SamplerDim::D2, true) => "sampler2DShadow",
        (SamplerDim::D3, false) => "sampler3D",
        (SamplerDim::Cube, false) => "samplerCube",
        (SamplerDim::Cube, true) => "samplerCubeShadow",
        (SamplerDim::Rect, false) => "sampler2DRect",
        (SamplerDim::Rect, true) => "sampler2DRectShadow",
    })
}

/// The precision qualifier of a sampler declaration. ES has no default precision for 3D and shadow
/// samplers; its default for 2D and cube ones is `lowp`, and a lookup returns its sampler's
/// precision, which lets a driver (llvmpipe does) return texels at lower precision than the IR's
/// `tex` (float4, fp32 as fp30's TEX reads float textures): from ES 3.00 every sampler is
/// `highp`, which that version guarantees in fragment shaders (ES 1.00 may lack it there).
fn sampler_precision(version: Version, no_default: bool) -> &'static str {
    let es3 = version.is_es() && version.number >= 300;
    if version.is_es() && (no_default || es3) {
        "highp "
    } else {
        ""
    }
}

fn build_samplers(
    func: &Function,
    version: Version,
    namer: &mut Namer,
    overrides: &crate::Overrides,
    iface: &mut Interface,
) -> Result<(), Diagnostic> {
    let uses = slots::sampler_uses(func);
    let units = slots::sampler_units(func);
    for ((h, s), unit) in func.samplers.iter().zip(units) {
        let u = uses[h.index()];
        let name = namer.unique(&s.name);
        if !u.read() {
            iface.samplers.push(SamplerPlace {
                name,
                glsl_type: String::new(),
                unit,
                shadow: false,
            });
            continue;
        }
        if u.shadow && u.plain {
            let d = Diagnostic::error(format!(
                "{version} cannot sample `{}` both with and without a depth comparison",
                source_name(&s.name)
            ));
            return Err(located(d, u.first));
        }
        let glsl_type = sampler_type(s.dim, u.shadow, version)
            .map_err(|m| located(Diagnostic::error(m), u.first))?;
        if let Some(external) = overrides.samplers.get(&s.name) {
            iface.samplers.push(SamplerPlace {
                name: external.clone(),
                glsl_type: glsl_type.into(),
                unit,
                shadow: u.shadow,
            });
            continue;
        }
        if s.dim == SamplerDim::Rect && version.number < 140 && !version.is_vulkan() {
            iface.extensions.push("GL_ARB_texture_rectangle");
        }
        let layout = if version.is_vulkan() {
            format!(
                "layout(set = {}, binding = {}) ",
                slots::group(func.stage),
                slots::texture_bindings(unit).0
            )
        } else if version.has_sampler_bindings() {
            format!("layout(binding = {unit}) ")
        } else {
            String::new()
        };
        let precision = sampler_precision(version, u.shadow || s.dim == SamplerDim::D3);
        iface
            .declarations
            .push(format!("{layout}uniform {precision}{glsl_type} {name};"));
        iface.samplers.push(SamplerPlace {
            name,
            glsl_type: glsl_type.into(),
            unit,
            shadow: u.shadow,
        });
    }
    Ok(())
}
