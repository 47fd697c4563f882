//! The memory budget of a render: every framebuffer, depth buffer and texture a command is about
//! to allocate is charged here first, so that a huge `--size` or preset scale is refused with an
//! error naming what and how much, before any allocation, rather than aborting the process.

/// The default budget: 1 GiB, which a 4096 x 4096 render with several float targets fits.
pub const DEFAULT_MEMORY_BUDGET: u64 = 1 << 30;

/// Bytes per pixel of a [`crate::render::Framebuffer`] (RGBA 32-bit floats).
pub const FRAMEBUFFER_BYTES_PER_PIXEL: u64 = 16;

/// Bytes per pixel of a [`crate::render::DepthBuffer`].
pub const DEPTH_BYTES_PER_PIXEL: u64 = 4;

/// Bytes per texel of a float RGBA texture with its mipmaps (a full chain adds a third).
pub const TEXTURE_BYTES_PER_TEXEL: u64 = 16 * 4 / 3 + 1;

/// Bytes per pixel of a single-pass render written to a file: its framebuffer, its depth buffer,
/// the copy converted for output and the 8-bit rows encoded.
pub const RENDER_BYTES_PER_PIXEL: u64 =
    FRAMEBUFFER_BYTES_PER_PIXEL + DEPTH_BYTES_PER_PIXEL + FRAMEBUFFER_BYTES_PER_PIXEL + 4;

/// What may still be allocated, and what has been planned so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryBudget {
    limit: u64,
    used: u64,
}

impl Default for MemoryBudget {
    fn default() -> MemoryBudget {
        MemoryBudget::new(DEFAULT_MEMORY_BUDGET)
    }
}

impl MemoryBudget {
    /// A budget of `limit` bytes.
    pub fn new(limit: u64) -> MemoryBudget {
        MemoryBudget { limit, used: 0 }
    }

    pub fn limit(&self) -> u64 {
        self.limit
    }

    pub fn used(&self) -> u64 {
        self.used
    }

    /// Plans `bytes` more for `what` ("a 640x480 framebuffer"); an error, and nothing charged,
    /// if that would pass the limit.
    pub fn charge(&mut self, what: &str, bytes: u64) -> Result<(), String> {
        match self.used.checked_add(bytes) {
            Some(total) if total <= self.limit => {
                self.used = total;
                Ok(())
            }
            _ => Err(format!(
                "{what} needs {}, over the memory budget of {}{} (--max-memory raises it)",
                size(bytes),
                size(self.limit),
                if self.used > 0 {
                    format!(" with {} already planned", size(self.used))
                } else {
                    String::new()
                }
            )),
        }
    }

    /// Plans `width` x `height` pixels of `bytes_per_pixel` each, for `what` ("framebuffer").
    pub fn charge_pixels(
        &mut self,
        what: &str,
        width: u32,
        height: u32,
        bytes_per_pixel: u64,
    ) -> Result<(), String> {
        let bytes = (width as u64 * height as u64).saturating_mul(bytes_per_pixel);
        self.charge(&format!("a {width}x{height} {what}"), bytes)
    }
}

/// A byte count in the largest binary unit that keeps it at least 1, one decimal.
fn size(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["bytes", "KiB", "MiB", "GiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} bytes")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charges_add_up_to_the_limit_and_no_further() {
        let mut b = MemoryBudget::new(1000);
        b.charge("a", 600).unwrap();
        b.charge("b", 400).unwrap();
        let e = b.charge("c", 1).unwrap_err();
        assert_eq!(
            e,
            "c needs 1 bytes, over the memory budget of 1000 bytes with 1000 bytes already \
             planned (--max-memory raises it)"
        );
        assert_eq!(b.used(), 1000, "a refused charge is not counted");
    }

    #[test]
    fn a_huge_framebuffer_is_refused_by_the_default_budget() {
        let mut b = MemoryBudget::default();
        // 16384 * 16384 pixels * 16 bytes = 4 GiB.
        let e = b
            .charge_pixels("framebuffer", 16384, 16384, FRAMEBUFFER_BYTES_PER_PIXEL)
            .unwrap_err();
        assert!(
            e.starts_with(
                "a 16384x16384 framebuffer needs 4.0 GiB, over the memory budget of 1.0 GiB"
            ),
            "{e}"
        );
        b.charge_pixels("framebuffer", 4096, 4096, RENDER_BYTES_PER_PIXEL)
            .unwrap();
    }
}
