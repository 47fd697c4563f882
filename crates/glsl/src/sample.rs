//! Texture lookups in GLSL: the function each version spells a lookup form with (`texture2DProj`
//! in 1.10, `textureProj` from 1.30), and the extensions the legacy versions need for explicit
//! levels of detail and derivatives in a fragment shader.

use crate::expr::{call, Expr};
use crate::interface::SamplerPlace;
use crate::version::Version;
use pigment_ir::{SamplerDim, Stage};

/// A lookup to spell: its sampler, dimension and form, with the operands as expressions.
pub struct Lookup<'a> {
    pub sampler: &'a SamplerPlace,
    pub dim: SamplerDim,
    pub stage: Stage,
    pub coord: Expr,
    pub form: Form,
}

/// The lookup forms with their extra operands.
pub enum Form {
    Plain,
    Proj,
    Lod(Expr),
    Bias(Expr),
    Grad(Expr, Expr),
    /// `texelFetch` (GLSL 1.30, ES 3.00): int texel indices and an int level.
    Fetch(Expr),
}

/// The legacy function stem of a sampler (`texture2D`, `shadow2DRect`).
fn legacy_stem(dim: SamplerDim, shadow: bool) -> &'static str {
    match (dim, shadow) {
        (SamplerDim::D1, false) => "texture1D",
        (SamplerDim::D1, true) => "shadow1D",
        (SamplerDim::D2, false) => "texture2D",
        (SamplerDim::D2, true) => "shadow2D",
        (SamplerDim::D3, _) => "texture3D",
        (SamplerDim::Cube, _) => "textureCube",
        (SamplerDim::Rect, false) => "texture2DRect",
        (SamplerDim::Rect, true) => "shadow2DRect",
    }
}

/// The lookup as a `vec4` expression; `extensions` gains what the version needs for it. An error
/// says what the version or the sampler lacks.
pub fn lookup(
    l: Lookup,
    version: Version,
    extensions: &mut Vec<&'static str>,
) -> Result<Expr, String> {
    let s = Expr::primary(l.sampler.name.clone());
    if let Form::Fetch(lod) = &l.form {
        return fetch(&s, &l, lod, version);
    }
    // Rectangle textures have no mipmaps: a level of detail or a bias changes nothing.
    let form = match l.form {
        Form::Lod(_) | Form::Bias(_) if l.dim == SamplerDim::Rect => Form::Plain,
        f => f,
    };
    // A projective cube lookup ignores q (TXP on a cube map).
    let (coord, form) = match form {
        Form::Proj if l.dim == SamplerDim::Cube => (
            Expr::primary(format!("{}.xyz", l.coord.at(crate::expr::PRIMARY))),
            Form::Plain,
        ),
        f => (l.coord, f),
    };
    if version.is_legacy() {
        return Ok(legacy(
            &s,
            l.dim,
            l.sampler.shadow,
            l.stage,
            coord,
            form,
            version,
            extensions,
        ));
    }
    let e = match &form {
        Form::Plain => call("texture", &[&s, &coord]),
        Form::Proj => call("textureProj", &[&s, &coord]),
        Form::Lod(lod) => call("textureLod", &[&s, &coord, lod]),
        Form::Bias(bias) => call("texture", &[&s, &coord, bias]),
        Form::Grad(dx, dy) => call("textureGrad", &[&s, &coord, dx, dy]),
        Form::Fetch(_) => return Err("internal: a texel fetch reached the sampling path".into()),
    };
    // Shadow lookups give the comparison's result alone.
    Ok(if l.sampler.shadow {
        call("vec4", &[&e])
    } else {
        e
    })
}

/// `texelFetch(s, coord, lod)` (a rectangle has no levels: `texelFetch(s, coord)`), which GLSL
/// has from 1.30 and ES 3.00 on, for colour samplers other than cube maps.
fn fetch(s: &Expr, l: &Lookup, lod: &Expr, version: Version) -> Result<Expr, String> {
    if version.is_legacy() {
        return Err(format!(
            "a texel fetch (`texelFetch`) needs GLSL 1.30 or ES 3.00 ({} has none)",
            version.directive()
        ));
    }
    if l.sampler.shadow || l.dim == SamplerDim::Cube {
        return Err("GLSL has no texel fetch from a shadow sampler or a cube map".into());
    }
    Ok(if l.dim == SamplerDim::Rect {
        call("texelFetch", &[s, &l.coord])
    } else {
        call("texelFetch", &[s, &l.coord, lod])
    })
}

#[allow(clippy::too_many_arguments)]
fn legacy(
    s: &Expr,
    dim: SamplerDim,
    shadow: bool,
    stage: Stage,
    coord: Expr,
    form: Form,
    version: Version,
    extensions: &mut Vec<&'static str>,
) -> Expr {
    let stem = legacy_stem(dim, shadow);
    let lod_extension = if version.is_es() {
        "GL_EXT_shader_texture_lod"
    } else {
        "GL_ARB_shader_texture_lod"
    };
    let suffix = if version.is_es() { "EXT" } else { "ARB" };
    match form {
        Form::Plain => call(stem, &[s, &coord]),
        Form::Proj => call(&format!("{stem}Proj"), &[s, &coord]),
        Form::Bias(bias) => call(stem, &[s, &coord, &bias]),
        // Explicit levels of detail are vertex-shader functions; a fragment shader needs the
        // extension and its suffixed names. (glslang asks for the extension in a desktop vertex
        // shader too, and drivers that have it accept it there.)
        Form::Lod(lod) if stage == Stage::Vertex && version.is_es() => {
            call(&format!("{stem}Lod"), &[s, &coord, &lod])
        }
        Form::Lod(lod) => {
            extensions.push(lod_extension);
            let name = if version.is_es() {
                format!("{stem}LodEXT")
            } else {
                format!("{stem}Lod")
            };
            call(&name, &[s, &coord, &lod])
        }
        Form::Grad(dx, dy) => {
            extensions.push(lod_extension);
            call(&format!("{stem}Grad{suffix}"), &[s, &coord, &dx, &dy])
        }
        // `lookup` refuses a fetch in these versions before it gets here.
        Form::Fetch(lod) => call("texelFetch", &[s, &coord, &lod]),
    }
}
