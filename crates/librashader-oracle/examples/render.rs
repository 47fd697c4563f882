//! `cargo run -p librashader-oracle --example render -- PRESET.slangp INPUT.png WxH FRAMES OUT.png
//! [OTHER.png]`: librashader's last frame of a preset as a PNG, for
//! scripts/measure-presets-librashader; with OTHER.png (another runtime's picture of the same
//! frame) it prints `size WxH OTHERxOTHER` when the sizes differ, else `max-difference N` (the
//! largest difference of one 8-bit component). `render --compare A.png B.png` compares two
//! pictures already drawn (another GPU's, say) the same way, without drawing.

use librashader_oracle::{render, Picture, Run};
use std::path::Path;
use std::process::ExitCode;

fn read_png(path: &Path) -> Result<Picture, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut decoder = png::Decoder::new(file);
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder
        .read_info()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader
        .next_frame(&mut buf)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let pixels = (info.width * info.height) as usize;
    let rgba: Vec<u8> = match info.color_type {
        png::ColorType::Rgba => buf[..4 * pixels].to_vec(),
        png::ColorType::Rgb => buf[..3 * pixels]
            .chunks(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        png::ColorType::GrayscaleAlpha => buf[..2 * pixels]
            .chunks(2)
            .flat_map(|p| [p[0], p[0], p[0], p[1]])
            .collect(),
        _ => buf[..pixels].iter().flat_map(|&g| [g, g, g, 255]).collect(),
    };
    Ok(Picture {
        width: info.width,
        height: info.height,
        rgba,
    })
}

fn write_png(path: &Path, p: &Picture) -> Result<(), String> {
    let file = std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut encoder = png::Encoder::new(file, p.width, p.height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder
        .write_header()
        .and_then(|mut w| w.write_image_data(&p.rgba))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// `size A B` or `max-difference N`.
fn compare(a: &Picture, b: &Picture) -> String {
    if (a.width, a.height) != (b.width, b.height) {
        return format!("size {}x{} {}x{}", a.width, a.height, b.width, b.height);
    }
    let max = a
        .rgba
        .iter()
        .zip(&b.rgba)
        .map(|(x, y)| x.abs_diff(*y))
        .max();
    format!("max-difference {}", max.unwrap_or(0))
}

fn parse_size(s: &str) -> Option<(u32, u32)> {
    let (w, h) = s.split_once('x')?;
    Some((w.parse().ok()?, h.parse().ok()?))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, a, b] = args.as_slice() {
        if flag == "--compare" {
            return match read_png(Path::new(a)).and_then(|a| Ok((a, read_png(Path::new(b))?))) {
                Ok((a, b)) => {
                    println!("{}", compare(&a, &b));
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("render: {e}");
                    ExitCode::FAILURE
                }
            };
        }
    }
    let (preset, input, size, frames, out, other) = match args.as_slice() {
        [p, i, s, f, o] => (p, i, s, f, o, None),
        [p, i, s, f, o, other] => (p, i, s, f, o, Some(other)),
        _ => {
            eprintln!("usage: render PRESET.slangp INPUT.png WxH FRAMES OUT.png [OTHER.png]");
            return ExitCode::from(2);
        }
    };
    let (Some(viewport), Ok(frames)) = (parse_size(size), frames.parse::<u32>()) else {
        eprintln!("render: `{size}` is not WxH or `{frames}` not a number");
        return ExitCode::from(2);
    };
    let result = read_png(Path::new(input)).and_then(|input| {
        let run = Run {
            preset: Path::new(preset),
            input: &input,
            viewport,
            frames,
        };
        let pictures = render(&run)?;
        let last = pictures.last().ok_or("no frame")?;
        write_png(Path::new(out), last)?;
        if let Some(other) = other {
            println!("{}", compare(last, &read_png(Path::new(other))?));
        }
        Ok(())
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("render: {e}");
            ExitCode::FAILURE
        }
    }
}
