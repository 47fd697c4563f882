//! `cargo run --release -p pigment-naga --example measure_render DIR [ENTRY] [--precision fp30]`:
//! local measurement
//! (never in CI) over a collection of Cg fragment programs. Each program Pigment lowers whose
//! interface the reference quad feeds (tests/quad: TEXCOORD0-1, COLOR0-1, 2D textures) is drawn
//! through naga's SPIR-V on Vulkan and by the IR interpreter, as tests/vulkan.rs does, and counted
//! as agreeing when every pixel is within its tolerance. Uniforms keep their defaults but for the
//! libretro sizes: `*video_size` and `*texture_size` (8, 8), the texture's, and `*output_size`
//! (16, 16), the picture's; `*frame_count` 1. `--precision fp30` lowers the fragment programs in
//! the fp30 precision mode (half and fixed rounded after each operation).

#[path = "../tests/quad/mod.rs"]
mod quad;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let fp30 = args
        .windows(2)
        .any(|w| w[0] == "--precision" && w[1] == "fp30");
    let mut positional = args
        .iter()
        .filter(|a| !a.starts_with("--") && a.as_str() != "fp30");
    let dir = positional
        .next()
        .expect("usage: measure_render DIR [ENTRY] [--precision fp30]");
    let entry = positional
        .next()
        .cloned()
        .unwrap_or_else(|| "main_fragment".into());
    let files = quad::files_in(std::path::Path::new(&dir), "cg");
    let (mut lowered, mut drawable, mut agree) = (0, 0, 0);
    for path in files {
        let name = path.display().to_string();
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let options = pigment_cg::driver::Options {
            entry: entry.clone(),
            ..Default::default()
        };
        let front = pigment_cg::driver::run(&name, text, &options);
        let Some(checked) = front.checked.as_ref().filter(|_| !front.has_errors()) else {
            continue;
        };
        let Ok(module) = pigment_cg::lower::lower(&front.unit, checked, front.expanded) else {
            continue;
        };
        let Some(h) = module.function(&entry) else {
            continue;
        };
        let f = &module.functions[h];
        lowered += 1;
        if !quad::drawable(f) {
            continue;
        }
        drawable += 1;
        match quad::compare_precise(f, &quad::libretro_uniforms(f), fp30) {
            Ok((None, _)) => agree += 1,
            Ok((Some(bad), _)) => println!("{name}\tdiffers\t{bad}"),
            Err(e) => println!("{name}\tfails\t{e}"),
        }
    }
    println!("lowered: {lowered}; drawable on the reference quad: {drawable}; agree within tolerance: {agree}");
}
