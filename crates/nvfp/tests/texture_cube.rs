//! Cube maps: face selection and (sc, tc, ma) per GL 1.3 Table 3.19, tie-breaking, face coordinates,
//! their derivatives, sampling each face, and TXP's exemption from the divide.

mod texture_support;

use nvfp::isa::TexTarget;
use nvfp::texture::{select_face, CubeFace, Filter, Lookup, TexFormat, Texture, Wrap};
use texture_support::{quad, r_at, r_with_derivatives};

#[test]
fn each_major_axis_selects_its_face_with_table_3_19() {
    // (direction, face, sc, tc, ma, s, t) worked out from the table.
    let cases = [
        (
            [2.0, 0.5, -1.0],
            CubeFace::PositiveX,
            1.0,
            -0.5,
            2.0,
            0.75,
            0.375,
        ),
        (
            [-2.0, 0.5, -1.0],
            CubeFace::NegativeX,
            -1.0,
            -0.5,
            -2.0,
            0.25,
            0.375,
        ),
        (
            [0.5, 2.0, -1.0],
            CubeFace::PositiveY,
            0.5,
            -1.0,
            2.0,
            0.625,
            0.25,
        ),
        (
            [0.5, -2.0, -1.0],
            CubeFace::NegativeY,
            0.5,
            1.0,
            -2.0,
            0.625,
            0.75,
        ),
        (
            [0.5, -1.0, 2.0],
            CubeFace::PositiveZ,
            0.5,
            1.0,
            2.0,
            0.625,
            0.75,
        ),
        (
            [0.5, -1.0, -2.0],
            CubeFace::NegativeZ,
            -0.5,
            1.0,
            -2.0,
            0.375,
            0.75,
        ),
    ];
    for (r, face, sc, tc, ma, s, t) in cases {
        let c = select_face(r);
        assert_eq!(
            (c.face, c.sc, c.tc, c.ma),
            (face, sc, tc, ma),
            "direction {r:?}"
        );
        assert_eq!(c.st(), [s, t], "direction {r:?}");
    }
}

#[test]
fn ties_prefer_z_then_y_then_x() {
    assert_eq!(select_face([1.0, 1.0, 1.0]).face, CubeFace::PositiveZ);
    assert_eq!(select_face([1.0, -1.0, 0.0]).face, CubeFace::NegativeY);
    assert_eq!(select_face([-1.0, 1.0, 0.5]).face, CubeFace::PositiveY);
    assert_eq!(select_face([-1.0, 0.0, -1.0]).face, CubeFace::NegativeZ);
    assert_eq!(select_face([0.0, 0.0, 0.0]).face, CubeFace::PositiveZ);
}

#[test]
fn face_coordinate_derivatives_follow_the_quotient_rule() {
    // +Z at (0.5, 0, 1): s = (rx/rz + 1)/2; ∂s/∂rz = -rx/(2 rz²) = -0.25, ∂s/∂rx = 1/(2 rz) = 0.5.
    let c = select_face([0.5, 0.0, 1.0]);
    assert_eq!(c.st_derivative([0.0, 0.0, 1.0]), [-0.25, 0.0]);
    assert_eq!(c.st_derivative([1.0, 0.0, 0.0]), [0.5, 0.0]);
    // −X at (-2, 0, 1): s = (rz/|rx| + 1)/2; moving rx by -1 grows |rx|: ∂s = -rz/(2 rx²) = -1/8.
    let c = select_face([-2.0, 0.0, 1.0]);
    assert_eq!(c.st_derivative([-1.0, 0.0, 0.0]), [-0.125, 0.0]);
    // t on −X is -ry/|rx|: ∂t/∂ry = -1/(2·2).
    assert_eq!(c.st_derivative([0.0, 1.0, 0.0]), [0.0, -0.25]);
}

/// Six 2x2 faces; texel (x, y) of face f holds 10·f + x + 2y.
fn numbered_cube() -> Texture {
    let faces: Vec<Vec<[f32; 4]>> = (0..6)
        .map(|f| {
            (0..4)
                .map(|i| [(10 * f + i) as f32, 0.0, 0.0, 0.0])
                .collect()
        })
        .collect();
    let faces: [&[[f32; 4]]; 6] = std::array::from_fn(|f| faces[f].as_slice());
    Texture::cube(TexFormat::FloatR, 2, faces).expect("cube")
}

#[test]
fn lookups_read_the_selected_face() {
    let t = numbered_cube().with_filter(Filter::Nearest);
    // +X at (s, t) = (0.75, 0.375): texel (1, 0) of face 0.
    assert_eq!(r_at(&t, [2.0, 0.5, -1.0]), 1.0);
    // −Z at (0.375, 0.75): texel (0, 1) of face 5.
    assert_eq!(r_at(&t, [0.5, -1.0, -2.0]), 52.0);
    // Straight along each axis: the face centre, texel (1, 1) for NEAREST.
    let axes = [
        [1.0, 0.0, 0.0],
        [-1.0, 0.0, 0.0],
        [0.0, 1.0, 0.0],
        [0.0, -1.0, 0.0],
        [0.0, 0.0, 1.0],
        [0.0, 0.0, -1.0],
    ];
    for (f, axis) in axes.into_iter().enumerate() {
        assert_eq!(r_at(&t, axis), (10 * f + 3) as f32);
    }
    // LINEAR at a face centre averages its four texels: 10f + 1.5.
    let linear = numbered_cube().with_wrap(Wrap::ClampToEdge);
    assert_eq!(r_at(&linear, [0.0, -3.0, 0.0]), 31.5);
}

#[test]
fn cube_mipmaps_take_lod_from_face_derivatives() {
    // Level 1 of each face is the 1x1 average 10f + 1.5.
    let t = numbered_cube()
        .with_filter(Filter::Mipmap)
        .with_wrap(Wrap::ClampToEdge);
    assert_eq!(t.level_count(), 2);
    assert_eq!(t.level(5, 1).unwrap().texels(), [[51.5, 0.0, 0.0, 1.0]]);
    // +Z at (-0.5, 0.5, 1): sc = rx, tc = -ry, so s = t = 0.25, the centre of texel (0, 0), which
    // reads 40 at level 0.
    let r = [-0.5, 0.5, 1.0];
    assert_eq!(r_with_derivatives(&t, r, [0.0; 3], [0.0; 3]), 40.0);
    // ∂rx/∂x = 2 → ∂s/∂x = 1 → ∂u/∂x = 2 → λ = 1 → level 1.
    assert_eq!(r_with_derivatives(&t, r, [2.0, 0.0, 0.0], [0.0; 3]), 41.5);
    // ∂rx/∂x = 1 → ∂u/∂x = 1 → λ = 0: still magnified.
    assert_eq!(r_with_derivatives(&t, r, [1.0, 0.0, 0.0], [0.0; 3]), 40.0);
}

#[test]
fn txp_does_not_divide_cube_coordinates() {
    let t = || numbered_cube().with_filter(Filter::Nearest);
    // With q = -1 a divide would turn +X into −X.
    let coords = [[2.0, 0.5, -1.0, -1.0]; 4];
    assert_eq!(
        quad(t(), TexTarget::Cube, coords, Lookup::Projective)[0][0],
        1.0
    );
    assert_eq!(
        quad(t(), TexTarget::Cube, coords, Lookup::Implicit)[0][0],
        1.0
    );
    // A 2D target given the same texture is incomplete for it.
    assert_eq!(
        quad(t(), TexTarget::D2, coords, Lookup::Implicit),
        [[0.0; 4]; 4]
    );
}

#[test]
fn face_names_and_order() {
    let names: Vec<&str> = CubeFace::ALL.iter().map(|f| f.short_name()).collect();
    assert_eq!(names, ["px", "nx", "py", "ny", "pz", "nz"]);
    assert_eq!(CubeFace::NegativeZ.index(), 5);
}
