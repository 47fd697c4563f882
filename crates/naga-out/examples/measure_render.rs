//! `cargo run --release -p pigment-naga --example measure_render DIR [ENTRY] [--precision fp30]`:
//! local measurement
//! (never in CI) over a collection of Cg fragment programs. Each program Pigment lowers whose
//! interface the reference quad feeds (tests/quad: TEXCOORD0-1, COLOR0-1, 2D textures) is drawn
//! through naga's SPIR-V on Vulkan and by the IR interpreter, as tests/vulkan.rs does, and counted
//! as agreeing when every pixel is within its tolerance. Uniforms keep their defaults but for the
//! libretro sizes: `*video_size` and `*texture_size` (8, 8), the texture's, and `*output_size`
//! (16, 16), the picture's; `*frame_count` 1. `--precision fp30` lowers the fragment programs in
//! the fp30 precision mode (half and fixed rounded after each operation). `--ir` reads the files
//! `DIR/*.ir` instead, each the IR text of a fragment function (`pigment compile ... --emit ir`, as
//! `scripts/measure-parasol-render` writes for a directory of Parasol units), and draws its first
//! fragment function.

#[path = "../tests/quad/mod.rs"]
mod quad;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let fp30 = args
        .windows(2)
        .any(|w| w[0] == "--precision" && w[1] == "fp30");
    let ir = args.iter().any(|a| a == "--ir");
    let mut positional = args
        .iter()
        .filter(|a| !a.starts_with("--") && a.as_str() != "fp30");
    let dir = positional
        .next()
        .expect("usage: measure_render DIR [ENTRY] [--precision fp30] [--ir]");
    let entry = positional
        .next()
        .cloned()
        .unwrap_or_else(|| "main_fragment".into());
    let files = quad::files_in(std::path::Path::new(&dir), if ir { "ir" } else { "cg" });
    let (mut lowered, mut drawable, mut agree) = (0, 0, 0);
    for path in files {
        let name = path.display().to_string();
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let module = if ir {
            pigment_ir::parse(&text).ok()
        } else {
            lower_cg(&name, text, &entry)
        };
        let Some(module) = module else {
            continue;
        };
        let fragment = |f: &pigment_ir::Function| f.stage == pigment_ir::Stage::Fragment;
        let h = if ir {
            module
                .functions
                .iter()
                .find(|(_, f)| fragment(f))
                .map(|(h, _)| h)
        } else {
            module.function(&entry)
        };
        let Some(h) = h else {
            continue;
        };
        let f = &module.functions[h];
        lowered += 1;
        if !quad::drawable(f) {
            continue;
        }
        drawable += 1;
        let mut uniforms = quad::libretro_uniforms(f);
        if ir {
            image_sizes(f, &mut uniforms);
        }
        match quad::compare_precise(f, &uniforms, fp30) {
            Ok((None, _)) => agree += 1,
            Ok((Some(bad), _)) => println!("{name}\tdiffers\t{bad}"),
            Err(e) => println!("{name}\tfails\t{e}"),
        }
    }
    println!("lowered: {lowered}; drawable on the reference quad: {drawable}; agree within tolerance: {agree}");
}

/// The IR of the Cg program `text` (the file `name`), or None where the front end refuses it.
fn lower_cg(name: &str, text: String, entry: &str) -> Option<pigment_ir::Module> {
    let options = pigment_cg::driver::Options {
        entry: entry.to_string(),
        ..Default::default()
    };
    let front = pigment_cg::driver::run(name, text, &options);
    let checked = front.checked.as_ref().filter(|_| !front.has_errors())?;
    pigment_cg::lower::lower(&front.unit, checked, front.expanded).ok()
}

/// io7m/r1's image filters divide by their image's size (`image_width`, `image_height`): set to the
/// texture's, as libretro's `*texture_size` is, rather than left 0 (1/0 sends every coordinate to
/// infinity, where lookups are the implementation's: lavapipe filters to NaN, NV's rules read
/// coordinate 0).
fn image_sizes(f: &pigment_ir::Function, uniforms: &mut [Vec<pigment_ir::Vector>]) {
    for ((_, u), value) in f.uniforms.iter().zip(uniforms) {
        if u.ty.kind.is_real() && (u.name.ends_with("_width") || u.name.ends_with("_height")) {
            let size = vec![quad::TEX as f32; u.ty.width as usize];
            value.fill(pigment_ir::Vector::reals(u.ty.kind, &size));
        }
    }
}
