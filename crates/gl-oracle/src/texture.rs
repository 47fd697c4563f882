//! Textures for the oracle: their description ([`OracleTexture`]) and their upload as GL_RGBA32F, so no
//! quantisation step differs from Pigment's float textures.

use crate::error::OracleError;
use crate::gl::{self, types::GLenum, types::GLuint, Gl};
use crate::glcheck::check;

/// A texture target, as ARB_fragment_program's `1D`, `2D`, `3D`, `CUBE`, `RECT` name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextureTarget {
    D1,
    D2,
    D3,
    Cube,
    Rect,
}

/// Minification and magnification filtering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Filter {
    /// GL_NEAREST both ways.
    Nearest,
    /// GL_LINEAR both ways.
    Linear,
    /// GL_LINEAR_MIPMAP_LINEAR minification, GL_LINEAR magnification; the mipmap levels are
    /// [`OracleTexture::mip_levels`] or, when that is empty, made by glGenerateMipmap.
    Mipmap,
}

/// Wrap mode, applied to every coordinate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wrap {
    Repeat,
    ClampToEdge,
    MirroredRepeat,
    /// CLAMP_TO_BORDER with GL's default border colour, transparent black.
    ClampToBorder,
}

/// One texture bound for a draw.
///
/// `size` is `[width, height, depth]` and `texels` holds `width * height * depth` RGBA values in GL's upload
/// order: x fastest, then y (row 0 is the bottom, t = 0), then z. 1D textures have height and depth 1, 2D and
/// RECT textures depth 1; a CUBE texture has `width == height`, depth 6, and its six faces in the order
/// +X, -X, +Y, -Y, +Z, -Z (GL's face order).
#[derive(Clone, Debug, PartialEq)]
pub struct OracleTexture {
    pub target: TextureTarget,
    pub size: [u32; 3],
    pub texels: Vec<[f32; 4]>,
    pub filter: Filter,
    pub wrap: Wrap,
    /// Levels 1, 2, ... (each halving every dimension but a cube's 6 faces, down to 1), used with
    /// [`Filter::Mipmap`]; empty to let GL generate them.
    pub mip_levels: Vec<Vec<[f32; 4]>>,
}

impl OracleTexture {
    /// A texture with GL's default wrapping (REPEAT; RECT: clamp to edge, the only mode it allows).
    pub fn new(
        target: TextureTarget,
        size: [u32; 3],
        texels: Vec<[f32; 4]>,
        filter: Filter,
    ) -> OracleTexture {
        let wrap = if target == TextureTarget::Rect {
            Wrap::ClampToEdge
        } else {
            Wrap::Repeat
        };
        OracleTexture {
            target,
            size,
            texels,
            filter,
            wrap,
            mip_levels: Vec::new(),
        }
    }

    /// The `[width, height, depth]` of mipmap level `level`.
    fn level_size(&self, level: u32) -> [u32; 3] {
        let [w, h, d] = self.size;
        let shrink = |n: u32| (n >> level).max(1);
        match self.target {
            TextureTarget::Cube => [shrink(w), shrink(h), d],
            _ => [shrink(w), shrink(h), shrink(d)],
        }
    }

    fn validate(&self, unit: u32) -> Result<(), OracleError> {
        let bad = |why: String| {
            Err(OracleError::InvalidInput(format!(
                "texture on unit {unit}: {why}"
            )))
        };
        let [w, h, d] = self.size;
        let shape_ok = match self.target {
            TextureTarget::D1 => h == 1 && d == 1,
            TextureTarget::D2 | TextureTarget::Rect => d == 1,
            TextureTarget::D3 => true,
            TextureTarget::Cube => w == h && d == 6,
        };
        if w == 0 || h == 0 || d == 0 || !shape_ok {
            return bad(format!(
                "size {w}x{h}x{d} does not fit a {:?} texture",
                self.target
            ));
        }
        if self.target == TextureTarget::Rect
            && (self.wrap == Wrap::Repeat || self.wrap == Wrap::MirroredRepeat)
        {
            return bad("RECT textures only clamp to edge".into());
        }
        if self.target == TextureTarget::Rect && self.filter == Filter::Mipmap {
            return bad("RECT textures have no mipmaps".into());
        }
        let levels = std::iter::once(&self.texels).chain(&self.mip_levels);
        for (level, texels) in levels.enumerate() {
            let [lw, lh, ld] = self.level_size(level as u32);
            let expected = lw as usize * lh as usize * ld as usize;
            if texels.len() != expected {
                return bad(format!(
                    "level {level} has {} texels, its size {lw}x{lh}x{ld} needs {expected}",
                    texels.len()
                ));
            }
        }
        Ok(())
    }
}

fn gl_target(target: TextureTarget) -> GLenum {
    match target {
        TextureTarget::D1 => gl::TEXTURE_1D,
        TextureTarget::D2 => gl::TEXTURE_2D,
        TextureTarget::D3 => gl::TEXTURE_3D,
        TextureTarget::Cube => gl::TEXTURE_CUBE_MAP,
        TextureTarget::Rect => gl::TEXTURE_RECTANGLE_ARB,
    }
}

/// The textures of one draw, deleted when this goes out of scope (the context is still current then).
pub(crate) struct BoundTextures<'gl> {
    gl: &'gl Gl,
    names: Vec<GLuint>,
}

impl<'gl> BoundTextures<'gl> {
    /// Uploads each texture and binds it to its unit.
    pub(crate) fn upload(
        gl: &'gl Gl,
        textures: &[(u32, OracleTexture)],
    ) -> Result<BoundTextures<'gl>, OracleError> {
        let mut bound = BoundTextures {
            gl,
            names: Vec::new(),
        };
        let units = max_units(gl)?;
        for (unit, texture) in textures {
            if *unit >= units {
                return Err(OracleError::InvalidInput(format!(
                    "texture unit {unit} is not below {units}"
                )));
            }
            if textures.iter().filter(|(u, _)| u == unit).count() > 1 {
                return Err(OracleError::InvalidInput(format!(
                    "texture unit {unit} is given twice"
                )));
            }
            texture.validate(*unit)?;
            let mut name = 0;
            // SAFETY: the context is current; `name` is a valid destination for one texture name.
            unsafe {
                gl.GenTextures(1, &mut name);
                gl.ActiveTexture(gl::TEXTURE0 + unit);
                gl.BindTexture(gl_target(texture.target), name);
            }
            bound.names.push(name);
            check(gl, "creating a texture")?;
            upload_levels(gl, texture)?;
            set_sampling(gl, texture)?;
        }
        // SAFETY: the context is current.
        unsafe { gl.ActiveTexture(gl::TEXTURE0) };
        check(gl, "binding the textures")?;
        Ok(bound)
    }
}

impl Drop for BoundTextures<'_> {
    fn drop(&mut self) {
        // SAFETY: the context that made these names is current (textures live only within one draw call).
        unsafe {
            self.gl
                .DeleteTextures(self.names.len() as i32, self.names.as_ptr())
        };
    }
}

fn max_units(gl: &Gl) -> Result<u32, OracleError> {
    let mut units = 0;
    // SAFETY: the context is current; `units` is a valid GLint destination.
    unsafe { gl.GetIntegerv(gl::MAX_TEXTURE_IMAGE_UNITS_ARB, &mut units) };
    check(gl, "querying the texture unit count")?;
    Ok(units.max(0) as u32)
}

fn upload_levels(gl: &Gl, texture: &OracleTexture) -> Result<(), OracleError> {
    let levels = std::iter::once(&texture.texels).chain(&texture.mip_levels);
    for (level, texels) in levels.enumerate() {
        upload_level(
            gl,
            texture.target,
            level as i32,
            texture.level_size(level as u32),
            texels,
        );
        check(gl, "uploading texels")?;
    }
    let target = gl_target(texture.target);
    if texture.filter == Filter::Mipmap && texture.mip_levels.is_empty() {
        // SAFETY: the context is current and the texture bound.
        unsafe { gl.GenerateMipmap(target) };
        check(gl, "generating mipmaps")?;
    } else {
        // Only the given levels exist: GL must not expect more for completeness.
        // SAFETY: the context is current and the texture bound.
        unsafe {
            gl.TexParameteri(
                target,
                gl::TEXTURE_MAX_LEVEL,
                texture.mip_levels.len() as i32,
            )
        };
        check(gl, "setting the last mipmap level")?;
    }
    Ok(())
}

/// Uploads one level; `texels` has been checked to hold exactly `size`'s texel count.
fn upload_level(gl: &Gl, target: TextureTarget, level: i32, size: [u32; 3], texels: &[[f32; 4]]) {
    let [w, h, d] = size.map(|n| n as i32);
    let format = gl::RGBA32F as i32;
    // SAFETY (every call below): the context is current, the texture bound to `target`, and `texels` holds
    // w*h*d tightly packed RGBA floats (16-byte texels, so the unpack alignment never pads rows).
    unsafe {
        match target {
            TextureTarget::D1 => {
                gl.TexImage1D(
                    gl::TEXTURE_1D,
                    level,
                    format,
                    w,
                    0,
                    gl::RGBA,
                    gl::FLOAT,
                    texels.as_ptr().cast(),
                );
            }
            TextureTarget::D2 | TextureTarget::Rect => {
                let t = gl_target(target);
                gl.TexImage2D(
                    t,
                    level,
                    format,
                    w,
                    h,
                    0,
                    gl::RGBA,
                    gl::FLOAT,
                    texels.as_ptr().cast(),
                );
            }
            TextureTarget::D3 => {
                gl.TexImage3D(
                    gl::TEXTURE_3D,
                    level,
                    format,
                    w,
                    h,
                    d,
                    0,
                    gl::RGBA,
                    gl::FLOAT,
                    texels.as_ptr().cast(),
                );
            }
            TextureTarget::Cube => {
                for (face, texels) in texels.chunks_exact((w * h) as usize).enumerate() {
                    let t = gl::TEXTURE_CUBE_MAP_POSITIVE_X + face as u32;
                    gl.TexImage2D(
                        t,
                        level,
                        format,
                        w,
                        h,
                        0,
                        gl::RGBA,
                        gl::FLOAT,
                        texels.as_ptr().cast(),
                    );
                }
            }
        }
    }
}

fn set_sampling(gl: &Gl, texture: &OracleTexture) -> Result<(), OracleError> {
    let target = gl_target(texture.target);
    let (min, mag) = match texture.filter {
        Filter::Nearest => (gl::NEAREST, gl::NEAREST),
        Filter::Linear => (gl::LINEAR, gl::LINEAR),
        Filter::Mipmap => (gl::LINEAR_MIPMAP_LINEAR, gl::LINEAR),
    };
    let wrap = match texture.wrap {
        Wrap::Repeat => gl::REPEAT,
        Wrap::ClampToEdge => gl::CLAMP_TO_EDGE,
        Wrap::MirroredRepeat => gl::MIRRORED_REPEAT,
        Wrap::ClampToBorder => gl::CLAMP_TO_BORDER,
    };
    // SAFETY: the context is current and the texture bound to `target`.
    unsafe {
        gl.TexParameteri(target, gl::TEXTURE_MIN_FILTER, min as i32);
        gl.TexParameteri(target, gl::TEXTURE_MAG_FILTER, mag as i32);
        for coordinate in [gl::TEXTURE_WRAP_S, gl::TEXTURE_WRAP_T, gl::TEXTURE_WRAP_R] {
            gl.TexParameteri(target, coordinate, wrap as i32);
        }
    }
    check(gl, "setting the texture's filter and wrap modes")
}
