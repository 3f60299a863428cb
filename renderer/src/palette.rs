//! The fixed palette, the colour-to-index lookup and the indexed PNG encoder.
//!
//! Every colour the renderer paints is known in advance: a grey ramp for the marbles, a wood
//! ramp for the board, and short ramps for the background and the highlight colours. The
//! palette holds those ramps, and a lazily filled lookup table maps any RGB colour (at 6 bits
//! per channel) to its nearest entry. An indexed PNG is a third the size of an RGB one and much
//! faster to compress.

use crate::{zlib, RenderError};
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
    rgba.chunks_exact(4)
        .map(|px| index_of(Rgb(px[0], px[1], px[2])))
        .collect()
}

/// Each palette index's colour as opaque RGBA; indices past the palette are black.
pub(crate) fn rgba_table() -> &'static [[u8; 4]; 256] {
    static TABLE: OnceLock<[[u8; 4]; 256]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [[0, 0, 0, 255]; 256];
        for (entry, c) in table.iter_mut().zip(palette()) {
            *entry = [c.0, c.1, c.2, 255];
        }
        table
    })
}

/// The palette index of each colour under black of each opacity (a shadow), filled as
/// colours are met; taken once per sprite blit rather than once per shadow pixel. Indexed by
/// colour, then opacity: a shadow over one colour reads a few neighbouring cache lines.
#[derive(Clone, Copy)]
pub(crate) struct Shades(&'static [[AtomicU8; 256]; 256]);

impl Shades {
    /// The process-wide table.
    #[inline]
    pub(crate) fn get() -> Shades {
        static TABLE: OnceLock<Box<[[AtomicU8; 256]; 256]>> = OnceLock::new();
        Shades(TABLE.get_or_init(|| {
            Box::new(std::array::from_fn(|_| {
                std::array::from_fn(|_| AtomicU8::new(UNKNOWN))
            }))
        }))
    }

    /// The palette index of the colour at `index` under black of opacity `alpha`.
    #[inline]
    pub(crate) fn of(self, index: u8, alpha: u8) -> u8 {
        let slot = &self.0[usize::from(index)][usize::from(alpha)];
        match slot.load(Ordering::Relaxed) {
            UNKNOWN => {
                let result = darken(index, alpha);
                slot.store(result, Ordering::Relaxed);
                result
            }
            known => known,
        }
    }
}

/// See [`Shades::of`]: the lookup done the first time.
#[cold]
fn darken(index: u8, alpha: u8) -> u8 {
    let under = rgba_table()[usize::from(index)];
    let keep = 255 - u32::from(alpha);
    let dim = |c: u8| u8::try_from((u32::from(c) * keep + 127) / 255).unwrap_or(255);
    index_of(Rgb(dim(under[0]), dim(under[1]), dim(under[2])))
}

/// Rows filtered and compressed at a time.
const BATCH_ROWS: usize = 8;

/// A background's rows, filtered and compressed batch by batch of [`BATCH_ROWS`], to append
/// to the stream of an image drawn over it wherever its rows are still the background's.
pub(crate) struct Batches(Vec<zlib::Piece>);

impl Batches {
    /// The batches of `indices`, rows of `row` pixels.
    fn of(row: usize, indices: &[u8]) -> Batches {
        let mut filtered = vec![0u8; (row + 1) * BATCH_ROWS];
        let mut pieces = Vec::with_capacity(indices.len() / (row * BATCH_ROWS) + 1);
        for (b, batch) in indices.chunks(row * BATCH_ROWS).enumerate() {
            let start = b * row * BATCH_ROWS;
            let previous = indices
                .get(start.saturating_sub(row)..start)
                .unwrap_or_default();
            let used = filter_batch(previous, batch, row, &mut filtered);
            pieces.push(zlib::Piece::of(&filtered[..used]));
        }
        Batches(pieces)
    }
}

/// Encodes palette indices as an 8-bit indexed PNG.
///
/// Every row is Paeth-filtered (it makes indexed board images about a seventh smaller than
/// Sub) and compressed as fdeflate compresses it (see [`zlib`]), and the `png` crate writes
/// the chunks around them. This is what `png`'s own fast setting does, less two costs it has
/// on these images: it hands fdeflate one row at a time, so a row's last bytes (1,100 is not a
/// multiple of 8) are coded one literal each; and it grows its output from empty and copies it
/// once more into the IDAT chunk.
pub(crate) fn encode(width: u32, height: u32, indices: &[u8]) -> Result<Vec<u8>, RenderError> {
    encode_with(width, height, indices, None)
}

/// As [`encode`], for an image drawn over `background` (the same size): each batch of rows
/// that is still the background's, with the row above it, is not filtered and compressed
/// again but appended from `batches`, the background's own, made on first use. The stream is
/// the same, bit for bit.
pub(crate) fn encode_over(
    width: u32,
    height: u32,
    indices: &[u8],
    background: &[u8],
    batches: &OnceLock<Batches>,
) -> Result<Vec<u8>, RenderError> {
    if background.len() != indices.len() {
        return encode(width, height, indices);
    }
    let row = usize::try_from(width).map_err(|_| RenderError::Size)?;
    if row == 0 {
        return Err(RenderError::Size);
    }
    let batches = batches.get_or_init(|| Batches::of(row, background));
    encode_with(width, height, indices, Some((background, batches)))
}

/// [`encode`], appending the batches of rows that equal `background`'s from its `Batches`.
fn encode_with(
    width: u32,
    height: u32,
    indices: &[u8],
    background: Option<(&[u8], &Batches)>,
) -> Result<Vec<u8>, RenderError> {
    let encoding = |e: &dyn std::fmt::Display| RenderError::Encode(e.to_string());
    let row = usize::try_from(width).map_err(|e| encoding(&e))?;
    let rows = usize::try_from(height).map_err(|e| encoding(&e))?;
    if row == 0 || indices.len() != row * rows {
        return Err(RenderError::Size);
    }
    // Eight filtered rows at a time: a whole number of the compressor's 8-byte words, so that
    // no row's tail is coded byte by byte, in a buffer that stays in cache.
    let mut zlib = zlib::Zlib::new(Vec::with_capacity(indices.len() / 6));
    let mut filtered = vec![0u8; (row + 1) * BATCH_ROWS];
    for (b, batch) in indices.chunks(row * BATCH_ROWS).enumerate() {
        let start = b * row * BATCH_ROWS;
        // The rows of the batch and the one above it, which the filter reads.
        let read = start.saturating_sub(row)..start + batch.len();
        if let Some((background, Batches(pieces))) = background {
            if let Some(piece) = pieces.get(b) {
                if indices.get(read.clone()) == background.get(read.clone()) {
                    zlib.append(piece);
                    continue;
                }
            }
        }
        let previous = indices.get(read.start..start).unwrap_or_default();
        let used = filter_batch(previous, batch, row, &mut filtered);
        zlib.compress(&filtered[..used]);
    }
    let zlib = zlib.finish();
    let mut bytes = Vec::with_capacity(zlib.len() + 1024);
    let mut encoder = png::Encoder::new(&mut bytes, width, height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    let palette: Vec<u8> = palette().iter().flat_map(|c| [c.0, c.1, c.2]).collect();
    encoder.set_palette(palette);
    let mut writer = encoder.write_header().map_err(|e| encoding(&e))?;
    writer
        .write_chunk(png::chunk::IDAT, &zlib)
        .map_err(|e| encoding(&e))?;
    writer.finish().map_err(|e| encoding(&e))?;
    Ok(bytes)
}

/// Paeth-filters the rows of `batch` (of `row` pixels each; `previous` is the row above it,
/// empty for the first) into `filtered`, and returns how many bytes that filled.
fn filter_batch<'a>(
    mut previous: &'a [u8],
    batch: &'a [u8],
    row: usize,
    filtered: &mut [u8],
) -> usize {
    let mut used = 0;
    for (line, out) in batch
        .chunks_exact(row)
        .zip(filtered.chunks_exact_mut(row + 1))
    {
        paeth_row(previous, line, out);
        previous = line;
        used += row + 1;
    }
    used
}

/// Writes `line` Paeth-filtered into `out` (its filter-type byte first), `previous` being the
/// row above (empty for the first row). One byte a pixel, so the predictor reads only the
/// unfiltered rows and every byte is computed independently (the compiler vectorises it);
/// hand-written because the `png` crate does not expose its filters.
#[inline]
fn paeth_row(previous: &[u8], line: &[u8], out: &mut [u8]) {
    const PAETH: u8 = 4;
    let Some((kind, out)) = out.split_first_mut() else {
        return;
    };
    *kind = PAETH;
    if previous.len() != line.len() {
        // The first row: the row above is zeros, so Paeth predicts the left neighbour (Sub).
        let mut left = 0u8;
        for (o, &x) in out.iter_mut().zip(line) {
            *o = x.wrapping_sub(left);
            left = x;
        }
        return;
    }
    let Some((o0, out)) = out.split_first_mut().filter(|_| !line.is_empty()) else {
        return;
    };
    // The first column: left and upper left are zero, so Paeth predicts the byte above.
    *o0 = line[0].wrapping_sub(previous[0]);
    // Slices of one length, so that the loop has no bounds checks and vectorises.
    let n = line.len() - 1;
    let (x, a, b, c) = (&line[1..], &line[..n], &previous[1..], &previous[..n]);
    let out = &mut out[..n];
    for i in 0..n {
        out[i] = x[i].wrapping_sub(paeth(a[i], b[i], c[i]));
    }
}

/// The Paeth predictor of a byte from its left (`a`), upper (`b`) and upper-left (`c`)
/// neighbours (PNG specification, section 9.4), on bytes only so that it vectorises: Luca
/// Versari's form for FPNGE, as the `png` crate computes it. With `pa = |b - c|` and
/// `pb = |a - c|`, `pc = |a + b - 2c|` is `|pa - pb|` when `c` lies between `a` and `b`, and
/// larger than both otherwise.
#[inline]
fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let pa = b.max(c) - b.min(c);
    let pb = a.max(c) - a.min(c);
    let pc = if (a < c) == (c < b) {
        pa.max(pb) - pa.min(pb)
    } else {
        255
    };
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
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

    /// Decodes an indexed PNG: width, height and the indices.
    fn decode(png_bytes: &[u8]) -> (u32, u32, Vec<u8>) {
        let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
        let Ok(mut reader) = decoder.read_info() else {
            panic!("unreadable PNG header");
        };
        let mut buffer = vec![0; reader.output_buffer_size().unwrap_or(0)];
        let Ok(info) = reader.next_frame(&mut buffer) else {
            panic!("unreadable PNG data");
        };
        assert_eq!(info.color_type, png::ColorType::Indexed);
        buffer.truncate(info.buffer_size());
        (info.width, info.height, buffer)
    }

    #[test]
    fn encoded_images_decode_to_the_same_indices() {
        // Widths that are and are not multiples of 8, runs of zeros across rows, noise, and
        // every byte value under every predictor's neighbours.
        let mut x: u32 = 0x9E37_79B9;
        let mut noise = move || {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x
        };
        for (width, height) in [(1, 1), (7, 3), (8, 8), (13, 17), (1100, 9), (256, 256)] {
            let n = (width * height) as usize;
            let flat = vec![7u8; n];
            let ramp: Vec<u8> = (0..n).map(|i| (i % 251) as u8).collect();
            let random: Vec<u8> = (0..n).map(|_| noise() as u8).collect();
            let patchy: Vec<u8> = (0..n)
                .map(|i| {
                    if noise() % 5 == 0 {
                        noise() as u8
                    } else {
                        (i / 97) as u8
                    }
                })
                .collect();
            for indices in [flat, ramp, random, patchy] {
                let Ok(bytes) = encode(width, height, &indices) else {
                    panic!("{width}x{height} not encoded");
                };
                assert_eq!(decode(&bytes), (width, height, indices), "{width}x{height}");
            }
        }
    }

    #[test]
    fn paeth_matches_the_specification_for_every_neighbourhood() {
        // The predictor of PNG section 9.4, written as there, against ours.
        for a in 0..=255u8 {
            for b in (0..=255u8).step_by(3) {
                for c in (0..=255u8).step_by(5) {
                    let p = i32::from(a) + i32::from(b) - i32::from(c);
                    let (pa, pb, pc) = (
                        (p - i32::from(a)).abs(),
                        (p - i32::from(b)).abs(),
                        (p - i32::from(c)).abs(),
                    );
                    let expected = if pa <= pb && pa <= pc {
                        a
                    } else if pb <= pc {
                        b
                    } else {
                        c
                    };
                    assert_eq!(paeth(a, b, c), expected, "{a} {b} {c}");
                }
            }
        }
    }

    #[test]
    fn encoding_refuses_a_buffer_of_the_wrong_size() {
        assert_eq!(encode(4, 4, &[0; 15]), Err(RenderError::Size));
        assert_eq!(encode(0, 4, &[]), Err(RenderError::Size));
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
