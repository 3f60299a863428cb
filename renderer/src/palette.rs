//! The fixed palette, the colour-to-index lookup and the indexed PNG encoder.
//!
//! Every colour the renderer paints is known in advance: a grey ramp for the marbles, a wood
//! ramp for the board, and short ramps for the background and the highlight colours. The
//! palette holds those ramps, and a lazily filled lookup table maps any RGB colour (at 6 bits
//! per channel) to its nearest entry. An indexed PNG is a third the size of an RGB one and much
//! faster to compress.

use crate::RenderError;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::OnceLock;

/// An opaque colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// This colour scaled by `factor` (darker below 1).
    pub(crate) fn scaled(self, factor: f32) -> Rgb {
        let f = |c: u8| to_byte(f32::from(c) * factor);
        Rgb(f(self.0), f(self.1), f(self.2))
    }

    /// The colour `t` of the way from `self` to `other`.
    pub(crate) fn mix(self, other: Rgb, t: f32) -> Rgb {
        let f = |a: u8, b: u8| to_byte(f32::from(a) + (f32::from(b) - f32::from(a)) * t);
        Rgb(f(self.0, other.0), f(self.1, other.1), f(self.2, other.2))
    }
}
fn to_byte(value: f32) -> u8 {
    value.round().clamp(0.0, 255.0) as u8
}

/// Behind the board.
pub(crate) const BACKGROUND: Rgb = Rgb(36, 39, 46);
/// The board's wood.
pub(crate) const BOARD: Rgb = Rgb(206, 162, 104);
/// Light text on the background.
pub(crate) const TEXT: Rgb = Rgb(232, 234, 238);
/// Dark text on light labels.
pub(crate) const INK: Rgb = Rgb(16, 18, 22);
/// Black's edges.
pub(crate) const EDGE_BLACK: Rgb = Rgb(14, 14, 16);
/// White's edges.
pub(crate) const EDGE_WHITE: Rgb = Rgb(248, 248, 246);
/// The last move and its drops, and nothing else: a magenta no other overlay comes near.
pub(crate) const MAGENTA: Rgb = Rgb(232, 48, 170);
/// The selected piece (Okabe–Ito blue).
pub(crate) const BLUE: Rgb = Rgb(0, 114, 178);
/// Destination labels (Okabe–Ito sky blue).
pub(crate) const SKY: Rgb = Rgb(86, 180, 233);
/// The winning chain (Okabe–Ito yellow).
pub(crate) const YELLOW: Rgb = Rgb(240, 228, 66);
/// Severed links (Okabe–Ito vermillion).
pub(crate) const VERMILLION: Rgb = Rgb(213, 94, 0);

/// The palette: at most 255 entries, so that 255 can mark an unfilled lookup cell.
pub(crate) fn palette() -> &'static [Rgb] {
    static PALETTE: OnceLock<Vec<Rgb>> = OnceLock::new();
    PALETTE.get_or_init(build_palette)
}

fn build_palette() -> Vec<Rgb> {
    let mut colors = Vec::with_capacity(255);
    // Greys for the marbles, the edges and the text.
    for i in 0..=60u8 {
        colors.push(Rgb(i * 4 + i / 15, i * 4 + i / 15, i * 4 + i / 15));
    }
    // Wood, from deep shadow to sunlit.
    for i in 0..=44u8 {
        colors.push(BOARD.scaled(0.12 + f32::from(i) * 0.023));
    }
    // Wood fading into the marbles' greys at their edges and into the dark background.
    for i in 1..8u8 {
        let t = f32::from(i) / 8.0;
        colors.push(BOARD.mix(EDGE_WHITE, t));
        colors.push(BOARD.scaled(0.5).mix(Rgb(60, 60, 60), t));
    }
    // The background, with its text.
    for i in 0..12u8 {
        colors.push(BACKGROUND.mix(TEXT, f32::from(i) / 11.0));
    }
    for i in 1..6u8 {
        colors.push(BACKGROUND.mix(BOARD.scaled(0.45), f32::from(i) / 6.0));
    }
    // Highlights, each from dark to pale.
    for base in [MAGENTA, BLUE, SKY, YELLOW, VERMILLION] {
        for i in 0..9u8 {
            colors.push(base.scaled(0.3 + f32::from(i) * 0.1));
        }
        for i in 1..5u8 {
            colors.push(base.mix(EDGE_WHITE, f32::from(i) * 0.18));
        }
        for i in 1..4u8 {
            colors.push(base.mix(BOARD, f32::from(i) * 0.25));
        }
    }
    let mut unique = Vec::with_capacity(colors.len());
    for c in colors {
        if !unique.contains(&c) {
            unique.push(c);
        }
    }
    unique.truncate(255);
    unique
}

/// Marks a lookup cell or a pixel whose palette index is not known yet.
pub(crate) const UNKNOWN: u8 = 255;

fn lookup_table() -> &'static [AtomicU8] {
    static TABLE: OnceLock<Vec<AtomicU8>> = OnceLock::new();
    TABLE.get_or_init(|| (0..1 << 18).map(|_| AtomicU8::new(UNKNOWN)).collect())
}

fn nearest(palette: &[Rgb], c: Rgb) -> u8 {
    let mut best = (u32::MAX, 0usize);
    for (i, p) in palette.iter().enumerate() {
        let dr = u32::from(p.0.abs_diff(c.0));
        let dg = u32::from(p.1.abs_diff(c.1));
        let db = u32::from(p.2.abs_diff(c.2));
        let d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
        if d < best.0 {
            best = (d, i);
        }
    }
    u8::try_from(best.1).unwrap_or(0)
}

/// The palette index for an RGB colour.
pub(crate) fn index_of(c: Rgb) -> u8 {
    let cell = (usize::from(c.0 >> 2) << 12) | (usize::from(c.1 >> 2) << 6) | usize::from(c.2 >> 2);
    let table = lookup_table();
    let Some(slot) = table.get(cell) else {
        return 0;
    };
    let index = slot.load(Ordering::Relaxed);
    if index != UNKNOWN {
        return index;
    }
    let centre = Rgb((c.0 & !3) | 2, (c.1 & !3) | 2, (c.2 & !3) | 2);
    let index = nearest(palette(), centre);
    slot.store(index, Ordering::Relaxed);
    index
}

/// Maps RGBA pixels (opaque) to palette indices.
#[cfg(test)]
pub(crate) fn quantize(rgba: &[u8]) -> Vec<u8> {
    let mut indices = vec![UNKNOWN; rgba.len() / 4];
    fill_unknown(rgba, &mut indices);
    indices
}

/// Looks up the palette index of every pixel marked [`UNKNOWN`].
pub(crate) fn fill_unknown(rgba: &[u8], indices: &mut [u8]) {
    const BLOCK: usize = 64;
    let mut last = (0u32, index_of(Rgb(0, 0, 0)));
    for (block, chunk) in indices.chunks_mut(BLOCK).enumerate() {
        // Most blocks are known throughout; this test vectorises.
        if chunk.iter().fold(true, |known, &i| known & (i != UNKNOWN)) {
            continue;
        }
        for (offset, index) in chunk.iter_mut().enumerate() {
            if *index != UNKNOWN {
                continue;
            }
            let i = block * BLOCK + offset;
            let Some(px) = rgba.get(4 * i..4 * i + 4) else {
                return;
            };
            let value = u32::from_le_bytes([px[0], px[1], px[2], px[3]]);
            if value != last.0 {
                last = (value, index_of(Rgb(px[0], px[1], px[2])));
            }
            *index = last.1;
        }
    }
}

/// Encodes palette indices as an 8-bit indexed PNG.
pub(crate) fn encode(width: u32, height: u32, indices: &[u8]) -> Result<Vec<u8>, RenderError> {
    let mut bytes = Vec::with_capacity(indices.len() / 8);
    let mut encoder = png::Encoder::new(&mut bytes, width, height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    let palette: Vec<u8> = palette().iter().flat_map(|c| [c.0, c.1, c.2]).collect();
    encoder.set_palette(palette);
    encoder.set_compression(png::Compression::Fast);
    // Paeth makes indexed board images about a seventh smaller than Sub, at the same speed
    // with the fast compressor.
    encoder.set_filter(png::Filter::Paeth);
    let mut writer = encoder
        .write_header()
        .map_err(|e| RenderError::Encode(e.to_string()))?;
    writer
        .write_image_data(indices)
        .map_err(|e| RenderError::Encode(e.to_string()))?;
    writer
        .finish()
        .map_err(|e| RenderError::Encode(e.to_string()))?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_palette_fits_a_byte_and_holds_the_key_colours() {
        let palette = palette();
        assert!(palette.len() <= 255, "{} entries", palette.len());
        for c in [BACKGROUND, BOARD, MAGENTA, BLUE, SKY, YELLOW, VERMILLION] {
            let found = palette[usize::from(index_of(c))];
            let close = |a: u8, b: u8| a.abs_diff(b) <= 8;
            assert!(
                close(found.0, c.0) && close(found.1, c.1) && close(found.2, c.2),
                "{c:?} became {found:?}"
            );
        }
    }

    #[test]
    fn quantize_maps_every_pixel() {
        let rgba = [255, 255, 255, 255, 0, 0, 0, 255, 206, 162, 104, 255];
        let indices = quantize(&rgba);
        assert_eq!(indices.len(), 3);
        let palette = palette();
        assert!(palette[usize::from(indices[0])].0 > 240);
        assert!(palette[usize::from(indices[1])].0 < 8);
    }
}
