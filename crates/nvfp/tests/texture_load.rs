//! `load_texture`: the file conventions of each target (one PNG, cube strips and `{face}` patterns,
//! 3D strips and `{slice}` patterns) and the errors for pictures that do not fit.

mod texture_support;

use std::path::Path;

use nvfp::image::write_png;
use nvfp::isa::TexTarget;
use nvfp::texture::{load_texture, Filter, TexFormat, Texture};
use texture_support::{r_at, scratch_dir};

/// Writes a picture whose pixel (x, y) (y from the bottom) has red `code(x, y)` / 255.
fn write_coded(path: &Path, width: u32, height: u32, code: impl Fn(u32, u32) -> u32) {
    let mut pixels = Vec::new();
    for y in 0..height {
        for x in 0..width {
            pixels.push([code(x, y) as f32 / 255.0, 0.0, 0.0, 1.0]);
        }
    }
    write_png(path, width, height, &pixels).unwrap();
}

fn load(target: TexTarget, file: &Path) -> Result<Texture, String> {
    load_texture(target, file.to_str().unwrap())
}

fn code_at(t: &Texture, coord: [f32; 3]) -> f32 {
    (r_at(t, coord) * 255.0).round()
}

#[test]
fn two_d_pictures_have_their_top_row_at_t_one() {
    let dir = scratch_dir("load-2d");
    let file = dir.join("two.png");
    // Bottom row 10, top row 200.
    write_coded(&file, 1, 2, |_, y| if y == 0 { 10 } else { 200 });
    let t = load(TexTarget::D2, &file)
        .unwrap()
        .with_filter(Filter::Nearest);
    assert_eq!(
        (t.target(), t.format(), t.size()),
        (TexTarget::D2, TexFormat::Rgba, [1, 2, 1])
    );
    assert_eq!(code_at(&t, [0.5, 0.75, 0.0]), 200.0);
    assert_eq!(code_at(&t, [0.5, 0.25, 0.0]), 10.0);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn rect_pictures_are_addressed_in_texels() {
    let dir = scratch_dir("load-rect");
    let file = dir.join("rect.png");
    write_coded(&file, 3, 2, |x, y| 10 * x + 100 * y);
    let t = load(TexTarget::Rect, &file)
        .unwrap()
        .with_filter(Filter::Nearest);
    assert_eq!(code_at(&t, [2.5, 1.5, 0.0]), 120.0);
    assert_eq!(code_at(&t, [1.5, 0.5, 0.0]), 10.0);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn one_d_needs_a_picture_one_pixel_high() {
    let dir = scratch_dir("load-1d");
    let line = dir.join("line.png");
    write_coded(&line, 4, 1, |x, _| 50 * x);
    let t = load(TexTarget::D1, &line)
        .unwrap()
        .with_filter(Filter::Nearest);
    assert_eq!(code_at(&t, [0.6, 0.0, 0.0]), 100.0);
    let tall = dir.join("tall.png");
    write_coded(&tall, 4, 2, |_, _| 0);
    let err = load(TexTarget::D1, &tall).unwrap_err();
    assert!(
        err.contains("tall.png") && err.contains("height 1"),
        "{err}"
    );
    std::fs::remove_dir_all(dir).ok();
}

/// Face f has red 40f in its bottom row and 40f + 20 in its top row.
fn face_code(face: u32, y: u32) -> u32 {
    40 * face + 20 * y
}

/// Checks that each face of a 2x2-per-face cube holds `face_code`.
fn check_cube(t: &Texture) {
    let t = t.clone().with_filter(Filter::Nearest);
    // (direction whose face coordinates are s = 0.5, t = 0.75, face index).
    let top_of_each_face = [
        ([1.0, -0.5, 0.0], 0), // +X: tc = -ry
        ([-1.0, -0.5, 0.0], 1),
        ([0.0, 1.0, 0.5], 2),   // +Y: tc = rz
        ([0.0, -1.0, -0.5], 3), // −Y: tc = -rz
        ([0.0, -0.5, 1.0], 4),
        ([0.0, -0.5, -1.0], 5),
    ];
    for (r, face) in top_of_each_face {
        assert_eq!(
            code_at(&t, r),
            face_code(face, 1) as f32,
            "top of face {face}"
        );
        let bottom = [r[0], r[1], r[2]].map(|c| if c.abs() == 0.5 { -c } else { c });
        assert_eq!(
            code_at(&t, bottom),
            face_code(face, 0) as f32,
            "bottom of face {face}"
        );
    }
}

#[test]
fn cube_strips_hold_six_square_faces_left_to_right() {
    let dir = scratch_dir("load-cube-strip");
    let strip = dir.join("strip.png");
    write_coded(&strip, 12, 2, |x, y| face_code(x / 2, y));
    let t = load(TexTarget::Cube, &strip).unwrap();
    assert_eq!((t.target(), t.size()), (TexTarget::Cube, [2, 2, 1]));
    check_cube(&t);
    let wrong = dir.join("wrong.png");
    write_coded(&wrong, 10, 2, |_, _| 0);
    let err = load(TexTarget::Cube, &wrong).unwrap_err();
    assert!(
        err.contains("wrong.png") && err.contains("6 x height"),
        "{err}"
    );
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn cube_face_patterns_read_six_files() {
    let dir = scratch_dir("load-cube-faces");
    for (f, name) in ["px", "nx", "py", "ny", "pz", "nz"].iter().enumerate() {
        write_coded(&dir.join(format!("sky_{name}.png")), 2, 2, |_, y| {
            face_code(f as u32, y)
        });
    }
    let pattern = dir.join("sky_{face}.png");
    check_cube(&load(TexTarget::Cube, &pattern).unwrap());
    // A face of another size is named in the error.
    write_coded(&dir.join("sky_pz.png"), 4, 4, |_, _| 0);
    let err = load(TexTarget::Cube, &pattern).unwrap_err();
    assert!(err.contains("sky_pz.png") && err.contains("4x4"), "{err}");
    // So is a missing one.
    std::fs::remove_file(dir.join("sky_ny.png")).unwrap();
    let err = load(TexTarget::Cube, &pattern).unwrap_err();
    assert!(err.contains("sky_ny.png"), "{err}");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn cube_faces_must_be_square_and_alike() {
    let dir = scratch_dir("load-cube-bad");
    for name in ["px", "nx", "py", "ny", "pz", "nz"] {
        write_coded(&dir.join(format!("r_{name}.png")), 4, 2, |_, _| 0);
    }
    let err = load(TexTarget::Cube, &dir.join("r_{face}.png")).unwrap_err();
    assert!(err.contains("r_px.png") && err.contains("square"), "{err}");
    for name in ["px", "nx", "py", "ny", "pz", "nz"] {
        write_coded(&dir.join(format!("m_{name}.png")), 2, 2, |_, _| 0);
    }
    let gray = {
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, 2, 2);
        encoder.set_color(png::ColorType::Grayscale);
        let mut writer = encoder.write_header().unwrap();
        writer.write_image_data(&[0; 4]).unwrap();
        writer.finish().unwrap();
        out
    };
    std::fs::write(dir.join("m_py.png"), gray).unwrap();
    let err = load(TexTarget::Cube, &dir.join("m_{face}.png")).unwrap_err();
    assert!(err.contains("m_py.png") && err.contains("channel"), "{err}");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn three_d_strips_hold_square_slices_from_r_zero() {
    let dir = scratch_dir("load-3d-strip");
    let strip = dir.join("vol.png");
    // Three 2x2 slices; slice z has red 50z + x + 2y.
    write_coded(&strip, 6, 2, |x, y| 50 * (x / 2) + x % 2 + 2 * y);
    let t = load(TexTarget::D3, &strip)
        .unwrap()
        .with_filter(Filter::Nearest);
    assert_eq!(t.size(), [2, 2, 3]);
    assert_eq!(code_at(&t, [0.25, 0.25, 0.1]), 0.0);
    assert_eq!(code_at(&t, [0.75, 0.75, 0.5]), 53.0);
    assert_eq!(code_at(&t, [0.25, 0.75, 0.9]), 102.0);
    let wrong = dir.join("wrong.png");
    write_coded(&wrong, 5, 2, |_, _| 0);
    let err = load(TexTarget::D3, &wrong).unwrap_err();
    assert!(err.contains("wrong.png") && err.contains("5x2"), "{err}");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn three_d_slice_patterns_read_numbered_files_until_one_is_missing() {
    let dir = scratch_dir("load-3d-slices");
    for z in 0..3 {
        write_coded(&dir.join(format!("s_{z}.png")), 3, 1, |x, _| 50 * z + x);
    }
    let t = load(TexTarget::D3, &dir.join("s_{slice}.png"))
        .unwrap()
        .with_filter(Filter::Nearest);
    assert_eq!(t.size(), [3, 1, 3]);
    assert_eq!(code_at(&t, [0.9, 0.5, 0.5]), 52.0);
    assert_eq!(code_at(&t, [0.1, 0.5, 0.9]), 100.0);
    let err = load(TexTarget::D3, &dir.join("none_{slice}.png")).unwrap_err();
    assert!(err.contains("none_0.png"), "{err}");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn unreadable_files_are_named() {
    let dir = scratch_dir("load-broken");
    let broken = dir.join("broken.png");
    std::fs::write(&broken, b"\x89PNG\r\n\x1a\nnonsense").unwrap();
    for target in [
        TexTarget::D1,
        TexTarget::D2,
        TexTarget::D3,
        TexTarget::Cube,
        TexTarget::Rect,
    ] {
        let err = load(target, &broken).unwrap_err();
        assert!(err.contains("broken.png"), "{err}");
    }
    std::fs::remove_dir_all(dir).ok();
}
