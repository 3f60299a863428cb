//! The zlib stream of a PNG's filtered rows, in fdeflate's format, with cacheable pieces.
//!
//! fdeflate (the compressor behind the `png` crate's fast setting) codes every byte with one
//! fixed Huffman code tuned for filtered images, and each run of zero bytes as a zero followed
//! by a copy at distance 1. The bits it writes for one call of its `write_data` depend only on
//! the bytes of that call, not on what came before: so the bits of a batch of rows that an
//! image shares with its background can be computed once, with the background, and appended
//! to every image drawn over it. fdeflate cannot append bits it did not compress, hence this
//! module: the same stream, bit for bit (the tests compare it with fdeflate's own output), from
//! a writer that can also append a cached [`Piece`]. The Adler-32 checksum of appended bytes
//! is combined arithmetically (zlib's `adler32_combine`), so they are not read again either.

use simd_adler32::Adler32;

/// fdeflate's stream header: the zlib header and the dynamic block header that declares its
/// code (`HEADER[53]` holds the last 5 bits). Copied from fdeflate 0.3.7 (`compress.rs`).
const HEADER: [u8; 54] = [
    120, 1, 237, 192, 3, 160, 36, 89, 150, 198, 241, 255, 119, 238, 141, 200, 204, 167, 114, 75,
    99, 174, 109, 219, 182, 109, 219, 182, 109, 219, 182, 109, 105, 140, 158, 150, 74, 175, 158,
    50, 51, 34, 238, 249, 118, 183, 106, 122, 166, 135, 59, 107, 213, 15,
];

/// fdeflate's code lengths of the 286 literal/length symbols (fdeflate 0.3.7, `tables.rs`),
/// which the header declares.
const LENGTHS: [u8; 286] = [
    2, 3, 4, 5, 5, 6, 6, 7, 7, 7, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 9, 10, 10, 10, 10, 10, 10, 10,
    10, 10, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 11, 11, 11, 11, 11, 11, 11,
    11, 11, 11, 10, 11, 10, 10, 10, 10, 10, 10, 10, 10, 10, 9, 9, 9, 9, 9, 8, 9, 8, 8, 8, 8, 8, 7,
    7, 7, 6, 6, 6, 5, 4, 3, 12, 12, 12, 9, 9, 11, 10, 11, 11, 10, 11, 11, 11, 11, 11, 11, 12, 11,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 9,
];

/// The canonical Huffman codes of [`LENGTHS`], bit-reversed for a least-significant-bit-first
/// writer (RFC 1951, section 3.2.2).
const CODES: [u16; 286] = {
    let mut codes = [0u16; 286];
    let mut code = 0u32;
    let mut len = 1;
    while len <= 16 {
        let mut i = 0;
        while i < LENGTHS.len() {
            if LENGTHS[i] == len {
                codes[i] = (code as u16).reverse_bits() >> (16 - len);
                code += 1;
            }
            i += 1;
        }
        code <<= 1;
        len += 1;
    }
    codes
};

/// Each byte's code in the low 16 bits and its length above them: one load a byte.
const LITERALS: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = CODES[b] as u32 | (LENGTHS[b] as u32) << 16;
        b += 1;
    }
    table
};

/// The end-of-block symbol.
const END: usize = 256;
/// The length symbol of the longest copy (258 bytes).
const LONGEST: usize = 285;

/// The first copy length of each length symbol from 257 on, and its extra bits (RFC 1951,
/// section 3.2.5).
const LENGTH_BASES: [(u16, u8); 29] = [
    (3, 0),
    (4, 0),
    (5, 0),
    (6, 0),
    (7, 0),
    (8, 0),
    (9, 0),
    (10, 0),
    (11, 1),
    (13, 1),
    (15, 1),
    (17, 1),
    (19, 2),
    (23, 2),
    (27, 2),
    (31, 2),
    (35, 3),
    (43, 3),
    (51, 3),
    (59, 3),
    (67, 4),
    (83, 4),
    (99, 4),
    (115, 4),
    (131, 5),
    (163, 5),
    (195, 5),
    (227, 5),
    (258, 0),
];

/// The code of a run of `r + 1` zero bytes for `r` below 258: a literal zero, then either `r`
/// more literal zeros (up to 4) or a copy of `r` bytes at distance 1 (symbol, extra bits, and
/// the one-bit distance code 0), as fdeflate codes it; bits and their count.
const RUNS: [(u32, u32); 258] = {
    let mut runs = [(0u32, 0u32); 258];
    let zero = LENGTHS[0] as u32;
    let mut r = 0;
    while r < 258 {
        runs[r] = if r <= 4 {
            (0, zero * (r as u32 + 1))
        } else {
            let mut s = 28;
            while LENGTH_BASES[s].0 as usize > r {
                s -= 1;
            }
            // Symbol 285 (258) has no extra bits; 284 covers 227 to 257.
            let (base, extra) = LENGTH_BASES[s];
            let symbol = 257 + s;
            let len = LENGTHS[symbol] as u32;
            let bits = (CODES[symbol] as u32) | (((r as u32) - base as u32) << len);
            (bits << zero, zero + len + extra as u32 + 1)
        };
        r += 1;
    }
    runs
};

/// The little-endian word of 8 bytes.
#[inline(always)]
fn word(bytes: &[u8]) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(bytes);
    u64::from_le_bytes(word)
}

/// A stream of bits, least significant first, into bytes.
pub(crate) struct BitWriter {
    out: Vec<u8>,
    buffer: u64,
    nbits: u32,
}

impl BitWriter {
    /// An empty writer whose output goes after `out`.
    pub(crate) fn new(out: Vec<u8>) -> Self {
        BitWriter {
            out,
            buffer: 0,
            nbits: 0,
        }
    }

    /// Writes the low `n` bits of `bits` (`n` at most 64; no bit above them set).
    #[inline]
    fn write(&mut self, bits: u64, n: u32) {
        self.buffer |= bits.checked_shl(self.nbits).unwrap_or(0);
        self.nbits += n;
        if self.nbits >= 64 {
            self.out.extend_from_slice(&self.buffer.to_le_bytes());
            self.nbits -= 64;
            self.buffer = bits.checked_shr(n - self.nbits).unwrap_or(0);
        }
    }

    /// Writes the low `n` bits of `bits`, `n` at most 56 (no bit above them set).
    #[inline]
    fn write_short(&mut self, bits: u64, n: u32) {
        debug_assert!(n <= 56 && self.nbits < 64);
        self.buffer |= bits << self.nbits;
        self.nbits += n;
        if self.nbits >= 64 {
            self.out.extend_from_slice(&self.buffer.to_le_bytes());
            self.nbits -= 64;
            // `n - nbits` is between 1 and 56.
            self.buffer = bits >> (n - self.nbits);
        }
    }

    /// The code of byte `b`.
    #[inline]
    fn literal(&mut self, b: u8) {
        let entry = LITERALS[usize::from(b)];
        self.write_short(u64::from(entry & 0xFFFF), entry >> 16);
    }

    /// A run of `run` zero bytes, as fdeflate writes it.
    #[inline]
    fn run(&mut self, run: u32) {
        let mut rest = run - 1;
        if rest >= 258 {
            self.write(0, u32::from(LENGTHS[0]));
            while rest >= 258 {
                self.write(u64::from(CODES[LONGEST]), u32::from(LENGTHS[LONGEST]) + 1);
                rest -= 258;
            }
            // The rest as if after its own literal zero, which is already written.
            let (bits, n) = RUNS[rest as usize];
            let zero = u32::from(LENGTHS[0]);
            self.write(u64::from(bits >> zero), n - zero);
        } else {
            let (bits, n) = RUNS[rest as usize];
            self.write_short(u64::from(bits), n);
        }
    }

    /// Compresses `data` as one call of fdeflate's `write_data` does: the same bits.
    ///
    /// fdeflate reads the data a word of 8 bytes at a time: a zero word lengthens the current
    /// run of zeros; in any other word the run goes on through its low zero bytes, ends, and
    /// its high zero bytes start the next run; a run is written when it ends, and at the end
    /// of the call. Bytes past the last whole word are written one literal each.
    pub(crate) fn compress(&mut self, data: &[u8]) {
        let mut run = 0;
        let mut chunks = data.chunks_exact(8);
        for chunk in &mut chunks {
            let w = word(chunk);
            if w == 0 {
                run += 8;
                continue;
            }
            let mut start = 0;
            if run > 0 {
                let extra = w.trailing_zeros() / 8;
                self.run(run + extra);
                start = extra;
            }
            // The zero bytes at the top of the word start the next run.
            let tail = w.leading_zeros() / 8;
            let end = 8 - tail;
            if start == 0 && end == 8 {
                // Eight literals, written four at a time (at most 48 bits).
                for half in [&chunk[..4], &chunk[4..]] {
                    let mut bits = 0u64;
                    let mut used = 0u32;
                    for &b in half {
                        let entry = LITERALS[usize::from(b)];
                        bits |= u64::from(entry & 0xFFFF) << used;
                        used += entry >> 16;
                    }
                    self.write_short(bits, used);
                }
            } else {
                for &b in &chunk[start as usize..end as usize] {
                    self.literal(b);
                }
            }
            run = tail;
        }
        if run > 0 {
            self.run(run);
        }
        for &b in chunks.remainder() {
            self.literal(b);
        }
    }

    /// Appends the bits of `piece`.
    pub(crate) fn append(&mut self, piece: &Piece) {
        let mut words = piece.bytes.chunks_exact(8);
        for word in &mut words {
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(word);
            self.write(u64::from_le_bytes(bytes), 64);
        }
        debug_assert!(words.remainder().is_empty());
        if piece.nbits > 0 {
            self.write(piece.buffer, piece.nbits);
        }
    }

    /// The bits written so far, to append elsewhere.
    fn into_piece(self, len: usize, adler: u32) -> Piece {
        Piece {
            bytes: self.out,
            buffer: self.buffer,
            nbits: self.nbits,
            len,
            adler,
        }
    }

    /// Pads to a whole byte and returns the bytes.
    fn finish(mut self) -> Vec<u8> {
        let nbits = self.nbits;
        self.out
            .extend_from_slice(&self.buffer.to_le_bytes()[..nbits.div_ceil(8) as usize]);
        self.out
    }
}

/// What some bytes compress to, bit for bit, with their length and Adler-32 checksum.
pub(crate) struct Piece {
    /// Whole 64-bit words of bits, as bytes.
    bytes: Vec<u8>,
    /// The bits after them, and how many.
    buffer: u64,
    nbits: u32,
    /// The bytes compressed, and their checksum.
    len: usize,
    adler: u32,
}

impl Piece {
    /// Compresses `data` (as [`Zlib::compress`] would) to append it later.
    pub(crate) fn of(data: &[u8]) -> Piece {
        let mut writer = BitWriter::new(Vec::new());
        writer.compress(data);
        let mut adler = Adler32::new();
        adler.write(data);
        writer.into_piece(data.len(), adler.finish())
    }
}

/// A zlib stream being written.
pub(crate) struct Zlib {
    writer: BitWriter,
    adler: u32,
}

impl Zlib {
    /// A stream with fdeflate's headers, written after `out`.
    pub(crate) fn new(mut out: Vec<u8>) -> Zlib {
        out.extend_from_slice(&HEADER[..53]);
        let mut writer = BitWriter::new(out);
        writer.write(u64::from(HEADER[53]), 5);
        Zlib { writer, adler: 1 }
    }

    /// Compresses `data`: the bits of fdeflate's `write_data(data)`.
    pub(crate) fn compress(&mut self, data: &[u8]) {
        let mut adler = Adler32::from_checksum(self.adler);
        adler.write(data);
        self.adler = adler.finish();
        self.writer.compress(data);
    }

    /// Appends a piece compressed earlier, as if its bytes were compressed here.
    pub(crate) fn append(&mut self, piece: &Piece) {
        self.writer.append(piece);
        self.adler = adler32_combine(self.adler, piece.adler, piece.len);
    }

    /// Ends the block and the stream (its checksum) and returns the bytes.
    pub(crate) fn finish(mut self) -> Vec<u8> {
        self.writer
            .write(u64::from(CODES[END]), u32::from(LENGTHS[END]));
        let mut out = self.writer.finish();
        out.extend_from_slice(&self.adler.to_be_bytes());
        out
    }
}

/// The Adler-32 checksum of two byte strings one after the other, from the checksum of each
/// and the second one's length (zlib's `adler32_combine`, hand-written: simd-adler32 has none).
fn adler32_combine(first: u32, second: u32, len: usize) -> u32 {
    const BASE: u64 = 65_521;
    let rem = len as u64 % BASE;
    let (a1, b1) = (u64::from(first & 0xFFFF), u64::from(first >> 16));
    let (a2, b2) = (u64::from(second & 0xFFFF), u64::from(second >> 16));
    let a = (a1 + a2 + BASE - 1) % BASE;
    let b = (rem * a1 + b1 + b2 + BASE - rem) % BASE;
    // Both are below 65,521.
    (a | (b << 16)) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fdeflate(calls: &[&[u8]]) -> Vec<u8> {
        let Ok(mut compressor) = fdeflate::Compressor::new(Vec::new()) else {
            panic!("no compressor");
        };
        for data in calls {
            assert!(compressor.write_data(data).is_ok());
        }
        compressor.finish().unwrap_or_default()
    }

    /// Bytes with runs of zeros of every length, noise and every byte value.
    fn samples() -> Vec<Vec<u8>> {
        let mut x: u32 = 0x2545_F491;
        let mut noise = move || {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x
        };
        let mut samples = vec![
            Vec::new(),
            vec![0],
            vec![5],
            vec![0; 2000],
            (0..=255).collect(),
        ];
        for run in [
            1usize, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 257, 258, 259, 260, 516, 1100,
        ] {
            for lead in [0usize, 1, 3, 7] {
                let mut v = vec![9u8; lead];
                v.extend(std::iter::repeat_n(0, run));
                v.push(200);
                v.extend(std::iter::repeat_n(0, run % 7));
                samples.push(v);
            }
        }
        for density in [1, 3, 10, 50] {
            let v: Vec<u8> = (0..5000)
                .map(|_| {
                    if noise() % 100 < density {
                        noise() as u8
                    } else {
                        0
                    }
                })
                .collect();
            samples.push(v);
        }
        samples
    }

    #[test]
    fn the_stream_is_fdeflates_bit_for_bit() {
        for data in samples() {
            let mut zlib = Zlib::new(Vec::new());
            zlib.compress(&data);
            assert_eq!(zlib.finish(), fdeflate(&[&data]), "{} bytes", data.len());
        }
        // Several calls, each compressed on its own as fdeflate's calls are.
        let samples = samples();
        let calls: Vec<&[u8]> = samples.iter().map(Vec::as_slice).collect();
        let mut zlib = Zlib::new(Vec::new());
        for data in &calls {
            zlib.compress(data);
        }
        assert_eq!(zlib.finish(), fdeflate(&calls));
    }

    #[test]
    fn appended_pieces_give_the_same_stream_as_compressing_them() {
        let samples = samples();
        let calls: Vec<&[u8]> = samples.iter().map(Vec::as_slice).collect();
        // Every other call appended from a piece made beforehand, at every bit offset the
        // compressed calls before it leave.
        let mut zlib = Zlib::new(Vec::new());
        for (i, data) in calls.iter().enumerate() {
            if i % 2 == 0 {
                zlib.append(&Piece::of(data));
            } else {
                zlib.compress(data);
            }
        }
        assert_eq!(zlib.finish(), fdeflate(&calls));
    }

    #[test]
    fn combined_checksums_are_the_checksum_of_both() {
        for data in samples() {
            for cut in [0, data.len() / 3, data.len()] {
                let (a, b) = data.split_at(cut);
                let sum = |d: &[u8]| {
                    let mut adler = Adler32::new();
                    adler.write(d);
                    adler.finish()
                };
                assert_eq!(adler32_combine(sum(a), sum(b), b.len()), sum(&data));
            }
        }
        // Long strings, past the modulus.
        let long = vec![255u8; 200_000];
        let mut adler = Adler32::new();
        adler.write(&long);
        let whole = adler.finish();
        let mut first = Adler32::new();
        first.write(&long[..70_000]);
        let mut second = Adler32::new();
        second.write(&long[70_000..]);
        assert_eq!(
            adler32_combine(first.finish(), second.finish(), 130_000),
            whole
        );
    }
}
