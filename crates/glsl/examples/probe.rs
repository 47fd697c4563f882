//! `cargo run --release -p pigment-glsl --example probe FILE.cg [ENTRY] [--all]`: local diagnosis
//! of one fragment program on the reference quad (never in CI). Prints, for every pixel where
//! they are not all within tolerance (every pixel with `--all`), the IR interpreter's value,
//! llvmpipe's drawing of the GLSL 3.30 text and lavapipe's drawing of naga's SPIR-V, and writes
//! the GLSL text to /tmp/probe.frag; used to reduce a disagreement to its operation.
//! `--fp30` writes both in the fp30 precision mode. `--exact` compares bit patterns instead of the tolerance. `--frag=PATH` draws that GLSL text on llvmpipe instead (the written text, edited by hand).

#[path = "../tests/draw/mod.rs"]
mod draw;
#[path = "../../naga-out/tests/quad/mod.rs"]
mod quad;

use pigment_glsl::Version;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let all = args.iter().any(|a| a == "--all");
    let exact = args.iter().any(|a| a == "--exact");
    let fp30 = args.iter().any(|a| a == "--fp30");
    let precision = if fp30 {
        pigment_glsl::Precision::Fp30
    } else {
        pigment_glsl::Precision::Target
    };
    let mut positional = args.iter().filter(|a| !a.starts_with("--"));
    let path = positional
        .next()
        .expect("usage: probe FILE.cg [ENTRY] [--all]");
    let entry = positional.next().map_or("main_fragment", |e| e.as_str());
    let text = std::fs::read_to_string(path).expect("readable file");
    let options = pigment_cg::driver::Options {
        entry: entry.into(),
        profile: "fp30".into(),
        ..Default::default()
    };
    let front = pigment_cg::driver::run(path, text, &options);
    let checked = front.checked.as_ref().expect("checked program");
    let module = pigment_cg::lower::lower(&front.unit, checked, front.expanded).expect("lowered");
    let f = &module.functions[module.function(entry).expect("entry")];
    let uniforms = quad::libretro_uniforms(f);
    let version = Version::desktop(330);
    let mut fs = pigment_glsl::write_precise(f, version, &Default::default(), precision)
        .expect("fragment GLSL");
    match args.iter().find_map(|a| a.strip_prefix("--frag=")) {
        Some(edited) => fs.text = std::fs::read_to_string(edited).expect("readable --frag"),
        None => std::fs::write("/tmp/probe.frag", &fs.text).expect("writable /tmp"),
    }
    let mut oracle = gl_oracle::Oracle::new().expect("llvmpipe");
    let gl =
        draw::llvmpipe_picture(&mut oracle, f, &fs, &uniforms, version).expect("llvmpipe draws");
    let vk = quad::vulkan_picture(f, &uniforms, fp30).expect("lavapipe draws");
    let reference = quad::interpreted(f, &uniforms).expect("interpreted");
    for (k, r) in reference.iter().enumerate() {
        let g = &gl[4 * k..4 * k + 4];
        let v = &vk[k];
        let alike = |p: &[f32]| {
            p.iter().zip(r).all(|(&a, &b)| {
                if exact {
                    a.to_bits() == b.to_bits()
                } else {
                    quad::close(a, b)
                }
            })
        };
        if all || !alike(g) || !alike(v) {
            let (i, j) = (k as u32 % quad::SIZE, k as u32 / quad::SIZE);
            println!("({i:2},{j:2}) interp {r:?}\n        gl     {g:?}\n        vk     {v:?}");
        }
    }
}
