//! Tiles PNG pictures into one contact sheet, `COLUMNS` to a row, each cell the centre of its
//! picture at full size (a shader's scanlines and masks stay visible; scaling them down would
//! alias them away), a picture smaller than its cell centred in it: the sheet of
//! well-known presets in docs/presets.md.
//!
//! `cargo run -p pigment-preset --example contact_sheet -- OUT.png IN.png...`

use nvfp::image::{read_png, write_png};

const CELL: (usize, usize) = (320, 280);
const COLUMNS: usize = 4;
const BACKGROUND: [f32; 4] = [0.1, 0.1, 0.1, 1.0];

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((out, inputs)) = args.split_first().filter(|(_, i)| !i.is_empty()) else {
        return Err("usage: contact_sheet OUT.png IN.png...".into());
    };
    let rows = inputs.len().div_ceil(COLUMNS);
    let (w, h) = (CELL.0 * COLUMNS.min(inputs.len()), CELL.1 * rows);
    let mut sheet = vec![BACKGROUND; w * h];
    for (n, path) in inputs.iter().enumerate() {
        let image = read_png(path)?;
        // Cells fill from the top row down; sheet rows count from the bottom, as images do.
        let (x0, y0) = ((n % COLUMNS) * CELL.0, (rows - 1 - n / COLUMNS) * CELL.1);
        for y in 0..CELL.1 {
            for x in 0..CELL.0 {
                // Cell pixel (x, y) shows picture pixel (x, y) shifted so that the centres meet.
                let sx = (x + image.width / 2).checked_sub(CELL.0 / 2);
                let sy = (y + image.height / 2).checked_sub(CELL.1 / 2);
                if let (Some(sx), Some(sy)) = (sx, sy) {
                    if sx < image.width && sy < image.height {
                        sheet[(y0 + y) * w + x0 + x] = image.pixels[sy * image.width + sx];
                    }
                }
            }
        }
    }
    write_png(out, w as u32, h as u32, &sheet).map_err(|e| format!("cannot write {out}: {e}"))
}
