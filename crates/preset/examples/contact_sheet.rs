//! Tiles PNG pictures into one contact sheet, each in a fixed-size cell (scaled to fit by nearest
//! sampling, keeping its aspect), `COLUMNS` to a row: the README's sheet of well-known presets.
//!
//! `cargo run -p pigment-preset --example contact_sheet -- OUT.png IN.png...`

use nvfp::image::{read_png, write_png};

const CELL: (usize, usize) = (320, 280);
const COLUMNS: usize = 4;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((out, inputs)) = args.split_first().filter(|(_, i)| !i.is_empty()) else {
        return Err("usage: contact_sheet OUT.png IN.png...".into());
    };
    let rows = inputs.len().div_ceil(COLUMNS);
    let (w, h) = (CELL.0 * COLUMNS.min(inputs.len()), CELL.1 * rows);
    let mut sheet = vec![[0.1, 0.1, 0.1, 1.0]; w * h];
    for (n, path) in inputs.iter().enumerate() {
        let image = read_png(path)?;
        let k = (CELL.0 as f32 / image.width as f32).min(CELL.1 as f32 / image.height as f32);
        let (iw, ih) = (
            (image.width as f32 * k) as usize,
            (image.height as f32 * k) as usize,
        );
        // Cells fill from the top row down; sheet rows count from the bottom.
        let (x0, y0) = ((n % COLUMNS) * CELL.0, (rows - 1 - n / COLUMNS) * CELL.1);
        for y in 0..ih {
            for x in 0..iw {
                let sx = ((x as f32 / k) as usize).min(image.width - 1);
                let sy = ((y as f32 / k) as usize).min(image.height - 1);
                sheet[(y0 + y) * w + x0 + x] = image.pixels[sy * image.width + sx];
            }
        }
    }
    write_png(out, w as u32, h as u32, &sheet).map_err(|e| format!("cannot write {out}: {e}"))
}
