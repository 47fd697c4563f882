//! The oracle's textures: each target, filter and wrap mode against texel values worked out by hand from
//! the reference quad's coordinates (reference-quad.md) and GL's sampling rules.
//! These tests need Mesa's EGL and llvmpipe and fail (never skip) without them.

use gl_oracle::{Filter, Inputs, Oracle, OracleError, OracleTexture, TextureTarget, Wrap};

fn draw(
    body: &str,
    width: u32,
    height: u32,
    textures: Vec<(u32, OracleTexture)>,
) -> Result<Vec<f32>, OracleError> {
    let mut oracle = Oracle::new().unwrap_or_else(|e| panic!("the GL oracle is unavailable: {e}"));
    let text = format!("!!ARBfp1.0\n{body}\nEND\n");
    oracle.draw_reference_quad(
        &text,
        width,
        height,
        &Inputs {
            locals: vec![],
            textures,
        },
    )
}

/// Texel `n` of a test texture: distinct in every channel.
fn texel(n: usize) -> [f32; 4] {
    let n = n as f32;
    [n, n + 0.25, -n, 10.0 * n]
}

fn texels(count: usize) -> Vec<[f32; 4]> {
    (0..count).map(texel).collect()
}

/// Only the red channel of each pixel.
fn reds(pixels: &[f32]) -> Vec<f32> {
    pixels.chunks(4).map(|p| p[0]).collect()
}

#[test]
fn nearest_2d_at_its_own_size_returns_each_texel() {
    let texture = OracleTexture::new(TextureTarget::D2, [2, 2, 1], texels(4), Filter::Nearest);
    let got = draw(
        "TEX result.color, fragment.texcoord[0], texture[0], 2D;",
        2,
        2,
        vec![(0, texture)],
    )
    .unwrap();
    // Row 0 of the texture is its bottom row, like row 0 of the result.
    let want: Vec<f32> = (0..4).flat_map(texel).collect();
    assert_eq!(got, want);
}

#[test]
fn nearest_2d_magnified_repeats_texels() {
    let texture = OracleTexture::new(TextureTarget::D2, [2, 2, 1], texels(4), Filter::Nearest);
    let got = draw(
        "TEX result.color, fragment.texcoord[0], texture[3], 2D;",
        4,
        2,
        vec![(3, texture)],
    )
    .unwrap();
    // Pixel i reads texel column floor(2 (i + 0.5) / 4) = i / 2; row j reads texel row j.
    assert_eq!(reds(&got), vec![0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 3.0, 3.0]);
}

#[test]
fn linear_1d_with_repeat_and_with_clamp() {
    let body = "TEX result.color, fragment.texcoord[0], texture[0], 1D;";
    let two = vec![[0.0; 4], [1.0; 4]];
    // u = 2s - 0.5 = -0.25, 0.25, 0.75, 1.25 at the four pixel centres.
    let repeat = OracleTexture::new(TextureTarget::D1, [2, 1, 1], two.clone(), Filter::Linear);
    // u = -0.25 blends texel -1 (= texel 1, repeated) at 0.25 with texel 0 at 0.75; u = 1.25 the reverse.
    assert_eq!(
        reds(&draw(body, 4, 1, vec![(0, repeat)]).unwrap()),
        vec![0.25, 0.25, 0.75, 0.75]
    );
    let clamp = OracleTexture {
        wrap: Wrap::ClampToEdge,
        ..OracleTexture::new(TextureTarget::D1, [2, 1, 1], two, Filter::Linear)
    };
    assert_eq!(
        reds(&draw(body, 4, 1, vec![(0, clamp)]).unwrap()),
        vec![0.0, 0.25, 0.75, 1.0]
    );
}

#[test]
fn rect_is_addressed_in_texels() {
    let texture = OracleTexture::new(TextureTarget::Rect, [3, 2, 1], texels(6), Filter::Nearest);
    let got = draw(
        "TEX result.color, fragment.position, texture[1], RECT;",
        3,
        2,
        vec![(1, texture)],
    )
    .unwrap();
    let want: Vec<f32> = (0..6).flat_map(texel).collect();
    assert_eq!(got, want);
}

#[test]
fn three_d_reads_the_layer_of_r() {
    let texture = OracleTexture::new(TextureTarget::D3, [2, 2, 2], texels(8), Filter::Nearest);
    let body = "TEMP c;\nMOV c, fragment.texcoord[0];\nMOV c.z, 0.75;\nTEX result.color, c, texture[0], 3D;";
    let got = draw(body, 2, 2, vec![(0, texture)]).unwrap();
    // r = 0.75 is layer 1: texels 4..8.
    assert_eq!(reds(&got), vec![4.0, 5.0, 6.0, 7.0]);
}

#[test]
fn cube_faces_are_in_gl_order() {
    // Face f is filled with f: +X, -X, +Y, -Y, +Z, -Z.
    let faces: Vec<[f32; 4]> = (0..6).flat_map(|f| vec![[f as f32; 4]; 4]).collect();
    let texture = OracleTexture::new(TextureTarget::Cube, [2, 2, 6], faces, Filter::Nearest);
    for (direction, face) in [
        ("1, 0.1, 0.2", 0.0),
        ("-1, 0.1, 0.2", 1.0),
        ("0.1, -1, 0.2", 3.0),
        ("0.1, 0.2, -1", 5.0),
    ] {
        let body = format!("PARAM d = {{{direction}, 0}};\nTEX result.color, d, texture[0], CUBE;");
        let got = draw(&body, 1, 1, vec![(0, texture.clone())]).unwrap();
        assert_eq!(got, vec![face; 4], "direction {direction}");
    }
}

#[test]
fn generated_mipmaps_average_the_level_above() {
    let texture = OracleTexture::new(TextureTarget::D2, [2, 2, 1], texels(4), Filter::Mipmap);
    // Coordinates scaled by 8 make 16 texels per pixel: the level of detail clamps to the last level, the
    // 1x1 box-filtered mean of texels 0..4.
    let body = "TEMP c;\nMUL c, fragment.texcoord[0], 8;\nTEX result.color, c, texture[0], 2D;";
    let got = draw(body, 2, 2, vec![(0, texture)]).unwrap();
    assert_eq!(got, [[1.5, 1.75, -1.5, 15.0]; 4].concat());
}

#[test]
fn uploaded_mipmap_levels_are_used() {
    let texture = OracleTexture {
        mip_levels: vec![vec![[7.0, 8.0, 9.0, 10.0]]],
        ..OracleTexture::new(TextureTarget::D2, [2, 2, 1], texels(4), Filter::Mipmap)
    };
    let body = "TEMP c;\nMUL c, fragment.texcoord[0], 8;\nTEX result.color, c, texture[0], 2D;";
    let got = draw(body, 2, 2, vec![(0, texture)]).unwrap();
    assert_eq!(got, [[7.0, 8.0, 9.0, 10.0]; 4].concat());
}

#[test]
fn two_units_at_once() {
    let a = OracleTexture::new(
        TextureTarget::D2,
        [1, 1, 1],
        vec![[1.0, 2.0, 3.0, 4.0]],
        Filter::Nearest,
    );
    let b = OracleTexture::new(
        TextureTarget::D1,
        [1, 1, 1],
        vec![[10.0, 20.0, 30.0, 40.0]],
        Filter::Nearest,
    );
    let body = "TEMP x, y;\nTEX x, fragment.texcoord[0], texture[0], 2D;\nTEX y, fragment.texcoord[0], texture[15], 1D;\nADD result.color, x, y;";
    let got = draw(body, 1, 1, vec![(0, a), (15, b)]).unwrap();
    assert_eq!(got, vec![11.0, 22.0, 33.0, 44.0]);
}

#[test]
fn malformed_textures_are_errors() {
    let body = "TEX result.color, fragment.texcoord[0], texture[0], 2D;";
    let short = OracleTexture::new(TextureTarget::D2, [2, 2, 1], texels(3), Filter::Nearest);
    let rect_repeat = OracleTexture {
        wrap: Wrap::Repeat,
        ..OracleTexture::new(TextureTarget::Rect, [1, 1, 1], texels(1), Filter::Nearest)
    };
    let flat_cube = OracleTexture::new(TextureTarget::Cube, [2, 2, 1], texels(4), Filter::Nearest);
    let one = OracleTexture::new(TextureTarget::D2, [1, 1, 1], texels(1), Filter::Nearest);
    let cases = vec![
        vec![(0, short)],
        vec![(0, rect_repeat)],
        vec![(0, flat_cube)],
        vec![(1000, one.clone())],
        vec![(0, one.clone()), (0, one)],
    ];
    for textures in cases {
        let result = draw(body, 1, 1, textures.clone());
        assert!(
            matches!(result, Err(OracleError::InvalidInput(_))),
            "{textures:?}: {result:?}"
        );
    }
}
