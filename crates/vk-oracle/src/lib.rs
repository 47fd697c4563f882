//! A Vulkan oracle for Pigment's SPIR-V: draws the reference quad (shared/specs/reference-quad.md)
//! with a SPIR-V vertex + fragment pair into an RGBA32F image on whatever Vulkan device the loader
//! offers first (Mesa's lavapipe on the test machines: Debian `mesa-vulkan-drivers`, `libvulkan1`),
//! with no window, and reads the picture back as floats.
//!
//! The pipeline has the layout crates/naga-out gives its shaders: the vertex stage's uniform buffer
//! at set 0 binding 0, the fragment stage's at set 1 binding 0 (no textures). The vertex buffer
//! holds, per corner (s, t) of the strip (0,0) (1,0) (0,1) (1,1), [`ATTRIBUTES`] 4-vectors at
//! locations 0.. in order. The viewport has a negative height, so clip y = +1 is the top of the
//! picture as in OpenGL; the rows are returned bottom first, as the reference quad numbers them.
//!
//! All the unsafe code (the Vulkan API through `ash`) is in `vk`, behind [`render`].

mod vk;

/// The headless Vulkan set-up, shared with crates/librashader-oracle: the process's one instance,
/// a graphics device, a memory type.
pub use vk::{graphics_device, instance, memory_type};

/// The per-vertex attributes of the quad, each a function of the corner (s, t), in location order:
/// the clip position, then the reference quad's TEXCOORD0, TEXCOORD1, COLOR0 and COLOR1.
pub const ATTRIBUTES: usize = 5;

/// The attributes of corner (s, t).
pub fn corner(s: f32, t: f32) -> [[f32; 4]; ATTRIBUTES] {
    [
        [2.0 * s - 1.0, 2.0 * t - 1.0, 0.0, 1.0],
        [s, t, 0.0, 1.0],
        [1.0 - s, 2.0 * t - 1.0, (s + t) / 2.0, 1.0],
        [s, t, 1.0 - s, 1.0],
        [t, s, 0.5, 1.0],
    ]
}

/// A 2D RGBA32F texture of the fragment stage (set 1), one level, REPEAT (or CLAMP_TO_EDGE) wrapping, sampled
/// LINEAR (or NEAREST) as OpenGL's defaults would without mipmaps; or, with `depth_compare`, a
/// D32_SFLOAT depth texture of each texel's first component with a comparison sampler
/// (LESS_OR_EQUAL: 1 where the lookup's reference ≤ the texel's depth, ARB_shadow's default LEQUAL),
/// for shaders whose texture is a depth texture (`pigment_naga`'s shadow-compare lookups).
pub struct Texture2d<'a> {
    /// Bindings of the texture and of its sampler in set 1.
    pub texture_binding: u32,
    pub sampler_binding: u32,
    pub width: u32,
    pub height: u32,
    /// x fastest; row 0 at t = 0.
    pub texels: &'a [[f32; 4]],
    pub nearest: bool,
    /// CLAMP_TO_EDGE in place of REPEAT (a rectangle texture's only wrapping in GL).
    pub clamp_to_edge: bool,
    pub depth_compare: bool,
}

/// What to draw.
pub struct Draw<'a> {
    pub vertex_spirv: &'a [u32],
    pub fragment_spirv: &'a [u32],
    pub vertex_entry: &'a str,
    pub fragment_entry: &'a str,
    /// The bytes of each stage's uniform buffer (empty: the stage has none).
    pub vertex_uniforms: &'a [u8],
    pub fragment_uniforms: &'a [u8],
    pub fragment_textures: &'a [Texture2d<'a>],
    pub width: u32,
    pub height: u32,
}

/// Draws the quad; the pixels, row j = 0 (bottom) first, killed fragments (0, 0, 0, 0).
pub fn render(draw: &Draw) -> Result<Vec<[f32; 4]>, String> {
    if draw.width == 0 || draw.height == 0 {
        return Err("empty picture".into());
    }
    for t in draw.fragment_textures {
        if t.texels.len() != (t.width * t.height) as usize || t.texels.is_empty() {
            return Err(format!(
                "a {}x{} texture needs as many texels",
                t.width, t.height
            ));
        }
    }
    let top_first = vk::render(draw)?;
    let w = draw.width as usize;
    Ok(top_first.chunks(w).rev().flatten().copied().collect())
}
