//! Zobrist keys: a 64-bit hash of a position that moves update in a few XORs.
//!
//! The hash covers every piece, the side to move and both piles, which is exactly what the
//! repetition rule compares (RULES section 5).

use crate::board::LEVELS;
use crate::color::Color;

/// Points per level in the key table: enough for the widest stride (16 × 16).
const PER_LEVEL: usize = 256;

const TABLE_LEN: usize = 2 * LEVELS * PER_LEVEL;

/// SplitMix64's output function: a cheap, well-mixed 64-bit hash of `seed`.
pub(crate) const fn splitmix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

static PIECE_KEYS: [u64; TABLE_LEN] = {
    let mut table = [0u64; TABLE_LEN];
    let mut i = 0;
    while i < TABLE_LEN {
        table[i] = splitmix(i as u64 * 0x1000_0001 + 7);
        i += 1;
    }
    table
};

/// XORed in while White is to move.
pub(crate) const WHITE_TO_MOVE: u64 = 0x5DEE_CE66_D1CE_4E5B;

/// The key of a `color` piece on bit `index` of level `k`.
#[inline]
pub(crate) fn piece(color: Color, k: usize, index: u32) -> u64 {
    PIECE_KEYS[(color.index() * LEVELS + k) * PER_LEVEL + index as usize]
}

/// The key of `color` having `pile` marbles left.
#[inline]
pub(crate) const fn pile(color: Color, pile: u16) -> u64 {
    splitmix(0xA5A5_0000 ^ ((color as u64) << 16) ^ pile as u64)
}

/// The key of the side to move.
#[inline]
pub(crate) const fn turn(color: Color) -> u64 {
    match color {
        Color::Black => 0,
        Color::White => WHITE_TO_MOVE,
    }
}
