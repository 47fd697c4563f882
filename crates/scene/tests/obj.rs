//! OBJ files: every corner form, negative indices, polygons fanned, normals computed where the
//! file has none, and a located error for each kind of malformed line.

use pigment_diag::{render, SourceFiles};
use pigment_scene::obj::parse;
use pigment_scene::{load, Mesh};

/// Parses `text` as `f.obj`; returns the mesh and each diagnostic rendered.
fn read(text: &str) -> (Mesh, Vec<String>) {
    let mut files = SourceFiles::new();
    let file = files.add("f.obj", text);
    let (mesh, diags) = parse(file, text);
    (mesh, diags.iter().map(|d| render(&files, d)).collect())
}

/// A mesh that must parse cleanly.
fn good(text: &str) -> Mesh {
    let (mesh, diags) = read(text);
    assert!(diags.is_empty(), "{diags:?}");
    assert!(mesh.is_consistent());
    mesh
}

/// The first line of the only diagnostic of `text`.
fn only_error(text: &str) -> String {
    let (_, diags) = read(text);
    assert_eq!(diags.len(), 1, "{diags:?}");
    diags[0].lines().next().unwrap_or_default().to_string()
}

const SQUARE: &str = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n";
const TEXCOORDS: &str = "vt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\n";
const NORMAL: &str = "vn 0 0 2\n";

#[test]
fn positions_only_fan_a_polygon_and_compute_normals() {
    let mesh = good(&format!("{SQUARE}f 1 2 3 4\n"));
    assert_eq!(mesh.triangles, vec![[0, 1, 2], [0, 2, 3]]);
    assert_eq!(mesh.positions[2], [1.0, 1.0, 0.0]);
    // Counter-clockwise seen from +z: the computed normals are +z; no texcoords: (0, 0).
    assert!(mesh.normals.iter().all(|n| *n == [0.0, 0.0, 1.0]));
    assert!(mesh.texcoords.iter().all(|t| *t == [0.0, 0.0]));
}

#[test]
fn texcoord_corners() {
    let mesh = good(&format!("{SQUARE}{TEXCOORDS}f 1/1 2/2 3/3 4/4\n"));
    assert_eq!(
        mesh.texcoords,
        vec![[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]
    );
    assert_eq!(mesh.normals[0], [0.0, 0.0, 1.0]);
}

#[test]
fn normal_corners() {
    // The file's normal, normalised, wins over the face's (here the opposite way).
    let mesh = good(&format!("{SQUARE}vn 0 0 -3\nf 1//1 2//1 3//1\n"));
    assert_eq!(mesh.triangles.len(), 1);
    assert!(mesh.normals.iter().all(|n| *n == [0.0, 0.0, -1.0]));
}

#[test]
fn full_corners_and_vertex_sharing() {
    let mesh = good(&format!(
        "{SQUARE}{TEXCOORDS}{NORMAL}f 1/1/1 2/2/1 3/3/1\nf 1/1/1 3/3/1 4/4/1\n"
    ));
    // Corners repeated with the same indices are one vertex.
    assert_eq!(mesh.positions.len(), 4);
    assert_eq!(mesh.triangles, vec![[0, 1, 2], [0, 2, 3]]);
    assert_eq!(mesh.texcoords[3], [0.0, 1.0]);
    // The same position with another texcoord is another vertex.
    let mesh = good(&format!(
        "{SQUARE}{TEXCOORDS}{NORMAL}f 1/1/1 2/2/1 3/3/1\nf 1/2/1 3/3/1 4/4/1\n"
    ));
    assert_eq!(mesh.positions.len(), 5);
}

#[test]
fn negative_indices_count_back_from_the_last() {
    let text =
        format!("{SQUARE}{TEXCOORDS}{NORMAL}f -4/-4/-1 -3/-3/-1 -2/-2/-1\nv 5 5 5\nf -1 -2 -3\n");
    let mesh = good(&text);
    assert_eq!(mesh.positions[0], [0.0, 0.0, 0.0]);
    assert_eq!(mesh.texcoords[1], [1.0, 0.0]);
    // After the fifth `v`, -1 is it and -3 the third.
    let last = mesh.triangles[1].map(|i| mesh.positions[i as usize]);
    assert_eq!(last, [[5.0, 5.0, 5.0], [0.0, 1.0, 0.0], [1.0, 1.0, 0.0]]);
}

#[test]
fn shared_positions_get_smooth_normals() {
    // Two faces folded along the y axis: one facing +z, one facing +x; the shared edge's
    // vertices get the normalised sum, the others their face's.
    let text = "v 0 0 0\nv 0 1 0\nv -1 0 0\nv 0 0 -1\nf 1 2 3\nf 1 4 2\n";
    let mesh = good(text);
    let h = std::f32::consts::FRAC_1_SQRT_2;
    let normal_at =
        |p: [f32; 3]| mesh.normals[mesh.positions.iter().position(|q| *q == p).unwrap()];
    assert_eq!(normal_at([-1.0, 0.0, 0.0]), [0.0, 0.0, 1.0]);
    assert_eq!(normal_at([0.0, 0.0, -1.0]), [1.0, 0.0, 0.0]);
    let shared = normal_at([0.0, 1.0, 0.0]);
    assert!(
        (shared[0] - h).abs() < 1e-6 && (shared[2] - h).abs() < 1e-6,
        "{shared:?}"
    );
}

#[test]
fn optional_numbers_comments_and_skipped_statements() {
    let text = "# a comment\nmtllib x.mtl\no thing\ng group\ns 1\nusemtl red\n\
                v 0 0 0 2\nv 2 0 0 1 0.5 0.5 0.5\nv 0 2 0 0.5 0.5 0.5\nvt 0.5\nvt 0.25 0.5 0\n\
                l 1 2\nf 1/1 2/2 3/1 # trailing comment\n";
    let mesh = good(text);
    assert_eq!(mesh.positions[0], [0.0, 0.0, 0.0]);
    assert_eq!(mesh.positions[1], [2.0, 0.0, 0.0]);
    assert_eq!(mesh.texcoords[0], [0.5, 0.0]);
    assert_eq!(mesh.texcoords[1], [0.25, 0.5]);
}

#[test]
fn malformed_lines_are_located_errors() {
    let cases = [
        (
            "v 1 2\nf 1 1 1\n",
            "f.obj:1:1: error: `v` takes 3 or 4 or 6 or 7 numbers, not 2",
        ),
        (
            "v 1 x 2\n",
            "f.obj:1:5: error: expected a finite number, found `x`",
        ),
        (
            "v 1 1e40 2\n",
            "f.obj:1:5: error: expected a finite number, found `1e40`",
        ),
        (
            "v 0 0 0 0\n",
            "f.obj:1:9: error: a vertex's w must not be 0",
        ),
        ("vn 1 0\n", "f.obj:1:1: error: `vn` takes 3 numbers, not 2"),
        (
            "vt 1 2 3 4\n",
            "f.obj:1:10: error: `vt` takes 1 or 2 or 3 numbers, not 4",
        ),
        (
            "v 0 0 0\nv 1 0 0\nf 1 2\n",
            "f.obj:3:5: error: a face needs at least 3 corners, this one has 2",
        ),
        (
            "v 0 0 0\nv 1 0 0\nf 1 2 3\n",
            "f.obj:3:7: error: vertex index 3 is out of range: 2 read so far",
        ),
        (
            "v 0 0 0\nv 1 0 0\nf 1 2 -3\n",
            "f.obj:3:7: error: vertex index -3 is out of range: 2 read so far",
        ),
        (
            "v 0 0 0\nv 1 0 0\nf 0 1 2\n",
            "f.obj:3:3: error: vertex indices start at 1; 0 names no vertex",
        ),
        (
            "v 0 0 0\nv 1 0 0\nv 1 1 0\nf 1 2/1 3\n",
            "f.obj:4:7: error: texture coordinate index 1 is out of range: 0 read so far",
        ),
        (
            "v 0 0 0\nv 1 0 0\nv 1 1 0\nf 1 2 3//x\n",
            "f.obj:4:10: error: expected a normal index, found `x`",
        ),
        (
            "v 0 0 0\nv 1 0 0\nv 1 1 0\nf 1 2 3/1/1/1\n",
            "f.obj:4:7: error: malformed face corner `3/1/1/1`: expected v, v/vt, v//vn or v/vt/vn",
        ),
        (
            "v 0 0 0\nv 1 0 0\nv 1 1 0\nf 1 2 3//\n",
            "f.obj:4:7: error: malformed face corner `3//`: expected v, v/vt, v//vn or v/vt/vn",
        ),
        (
            "v 0 0 0\nv 1 0 0\nv 1 1 0\nf 1 2 99999999999999999999\n",
            "f.obj:4:7: error: expected a vertex index, found `99999999999999999999`",
        ),
        (
            "v 0 0 0\n",
            "f.obj:2:1: error: the OBJ file has no faces to draw",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(only_error(text), expected, "{text:?}");
    }
}

#[test]
fn every_bad_line_is_reported_and_the_good_faces_kept() {
    let text = format!("{SQUARE}f 1 2 3\nf 1 2 9\nv 1\nf 1 3 4\nf 0 1 2\n");
    let (mesh, diags) = read(&text);
    assert_eq!(diags.len(), 3, "{diags:?}");
    assert_eq!(mesh.triangles.len(), 2);
    // The bad `v` still counts: index 5 names it (as the author meant), index 6 nothing.
    let (_, diags) = read(&format!("{SQUARE}v 1\nv 2 2 2\nf 1 2 6\n"));
    assert_eq!(diags.len(), 1, "{diags:?}");
}

#[test]
fn unknown_statements_are_warnings() {
    let (mesh, diags) = read(&format!("{SQUARE}cstype bspline\nf 1 2 3\n"));
    assert_eq!(mesh.triangles.len(), 1);
    assert_eq!(diags.len(), 1);
    assert!(
        diags[0].starts_with("f.obj:5:1: warning: unknown OBJ statement `cstype` ignored"),
        "{}",
        diags[0]
    );
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let mesh = good("\u{feff}v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
    assert_eq!(mesh.triangles.len(), 1);
    assert_eq!(
        only_error("\u{feff}v 0 0\n"),
        "f.obj:1:2: error: `v` takes 3 or 4 or 6 or 7 numbers, not 2"
    );
}

#[test]
fn odd_input_never_panics() {
    for text in [
        "",
        "\n\n\r\n",
        "f",
        "f / / /",
        "f // // //",
        "f 1/ 2/ 3/",
        "f -1 -1 -1",
        "v 0 0 0\nf -9223372036854775808 1 1",
        "v 0 0 0\nf 9223372036854775807 1 1",
        "v é 0 0\nf 1 1 1 1 1 1 1",
        "vt\nvn\nv\n",
        "v 0 0 0\u{a0}1\nf 1 1 1",
    ] {
        let (mesh, _) = read(text);
        assert!(mesh.is_consistent(), "{text:?}");
    }
}

#[test]
fn load_names_shapes_and_reads_obj_files() {
    let mut files = SourceFiles::new();
    let (scene, diags) = load("torus", &mut files);
    assert!(scene.is_some() && diags.is_empty());
    let (scene, diags) = load("teapot", &mut files);
    assert!(scene.is_none());
    assert_eq!(
        diags[0].message,
        "unknown scene `teapot`: expected quad, plane, sphere, torus, cube or a FILE.obj"
    );
    let (scene, diags) = load("/nonexistent/x.obj", &mut files);
    assert!(scene.is_none() && diags[0].primary.is_none() && diags[0].is_error());
    let dir = std::env::temp_dir().join(format!("pigment-scene-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("tri.obj");
    std::fs::write(&good, "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n").unwrap();
    let (scene, diags) = load(good.to_str().unwrap(), &mut files);
    assert!(diags.is_empty());
    assert_eq!(scene.unwrap().objects[0].mesh.triangles.len(), 1);
    let bad = dir.join("bad.OBJ");
    std::fs::write(&bad, "v 0 0 0\nf 1 2 3\n").unwrap();
    let (scene, diags) = load(bad.to_str().unwrap(), &mut files);
    assert!(scene.is_none());
    let rendered = render(&files, &diags[0]);
    assert!(
        rendered.contains("bad.OBJ:2:5: error: vertex index 2"),
        "{rendered}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_example_octahedron_is_closed_with_outward_normals() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/scenes/octahedron.obj"
    );
    let mut files = SourceFiles::new();
    let (scene, diags) = load(path, &mut files);
    assert!(diags.is_empty(), "{diags:?}");
    let mesh = &scene.unwrap().objects[0].mesh;
    assert_eq!(mesh.triangles.len(), 8);
    for t in &mesh.triangles {
        let [a, b, c] = t.map(|i| mesh.positions[i as usize]);
        let face = pigment_scene::mesh::face_normal(a, b, c);
        let centre = [0, 1, 2].map(|k| a[k] + b[k] + c[k]);
        assert!(
            pigment_scene::math::dot(face, centre) > 0.0,
            "{t:?} faces inward"
        );
    }
    // Smoothed over the four faces round it, a vertex's normal is its own direction.
    for (p, n) in mesh.positions.iter().zip(&mesh.normals) {
        for k in 0..3 {
            assert!((p[k] - n[k]).abs() < 1e-6, "{p:?}: {n:?}");
        }
    }
}
