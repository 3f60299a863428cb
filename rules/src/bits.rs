//! Fixed-width bit sets that hold one level of the board.
//!
//! A level is stored row by row with a fixed row stride: point `(x, y)` of a level is bit
//! `x + STRIDE * y`. Boards up to 8 × 8 use a `u64` with stride 8, larger ones a 256-bit
//! integer with stride 16. The board code is generic over [`Bits`], so the common size runs
//! on plain machine words.

use ethnum::U256;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Shl, Shr};

/// A set of points on one level, as a bit set with a fixed row stride.
pub(crate) trait Bits:
    Copy
    + Eq
    + std::fmt::Debug
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// Bits between the starts of two rows.
    const STRIDE: u32;
    /// The largest board side this type can hold.
    const MAX_SIZE: u8;
    /// The empty set.
    const ZERO: Self;

    /// The set holding only bit `index`.
    fn bit(index: u32) -> Self;
    /// Whether bit `index` is set.
    fn has(self, index: u32) -> bool;
    /// Number of set bits.
    fn count(self) -> u32;
    /// Index of the lowest set bit; meaningless on the empty set.
    fn lowest(self) -> u32;
    /// Whether no bit is set.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }
    /// The set with its lowest bit cleared.
    fn without_lowest(self) -> Self;
    /// Iterates over the indices of the set bits, lowest first.
    #[inline]
    fn ones(self) -> Ones<Self> {
        Ones(self)
    }
    /// Index of the `n`-th lowest set bit (`n` counts from 0); `n` must be below `count()`.
    #[inline]
    fn nth_one(self, n: u32) -> u32 {
        let mut set = self;
        for _ in 0..n {
            set = set.without_lowest();
        }
        set.lowest()
    }
}

/// Iterator over set bit indices.
pub(crate) struct Ones<B>(B);

impl<B: Bits> Iterator for Ones<B> {
    type Item = u32;
    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0.is_empty() {
            None
        } else {
            let index = self.0.lowest();
            self.0 = self.0.without_lowest();
            Some(index)
        }
    }
}

impl Bits for u64 {
    const STRIDE: u32 = 8;
    const MAX_SIZE: u8 = 8;
    const ZERO: Self = 0;
    #[inline]
    fn bit(index: u32) -> Self {
        1 << index
    }
    #[inline]
    fn has(self, index: u32) -> bool {
        self >> index & 1 != 0
    }
    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn lowest(self) -> u32 {
        self.trailing_zeros()
    }
    #[inline]
    fn without_lowest(self) -> Self {
        self & self.wrapping_sub(1)
    }
    #[inline]
    fn nth_one(self, n: u32) -> u32 {
        // Broadword select (Vigna, "Broadword implementation of rank/select queries"): the
        // running popcount of each byte says which byte holds the `n`-th one, a table says
        // where in that byte. No branch: which byte it is is random.
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGHS: u64 = 0x8080_8080_8080_8080;
        let x = self;
        let mut sums = x - ((x >> 1) & 0x5555_5555_5555_5555);
        sums = (sums & 0x3333_3333_3333_3333) + ((sums >> 2) & 0x3333_3333_3333_3333);
        sums = (sums + (sums >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
        // Byte i: the ones in bytes 0 to i (at most 64, so the high bit of a byte stays free).
        sums = sums.wrapping_mul(ONES);
        let wanted = u64::from(n & 63) * ONES;
        // The bytes whose running count is at most n come first: their number is the byte.
        let place = (((wanted | HIGHS) - sums) & HIGHS).count_ones() * 8;
        let before = ((sums << 8).wrapping_shr(place) & 0xFF) as u32;
        let byte = (x.wrapping_shr(place) & 0xFF) as usize;
        let rank = (n.wrapping_sub(before) & 7) as usize;
        place + u32::from(SELECT_IN_BYTE[byte][rank])
    }
}

/// `SELECT_IN_BYTE[b][r]`: the position of the `r`-th one of byte `b` (8 where it has none).
static SELECT_IN_BYTE: [[u8; 8]; 256] = select_in_byte();

const fn select_in_byte() -> [[u8; 8]; 256] {
    let mut table = [[8u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut rank = 0;
        let mut bit = 0;
        while bit < 8 {
            if b >> bit & 1 == 1 {
                table[b][rank] = bit as u8;
                rank += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    table
}

impl Bits for U256 {
    const STRIDE: u32 = 16;
    const MAX_SIZE: u8 = 16;
    const ZERO: Self = U256::ZERO;
    #[inline]
    fn bit(index: u32) -> Self {
        U256::ONE << index
    }
    #[inline]
    fn has(self, index: u32) -> bool {
        (self >> index) & U256::ONE != U256::ZERO
    }
    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn lowest(self) -> u32 {
        self.trailing_zeros()
    }
    #[inline]
    fn without_lowest(self) -> Self {
        self & self.wrapping_sub(U256::ONE)
    }
}

/// Masks that depend only on the board size, computed once per size.
#[derive(Clone, Debug)]
pub(crate) struct Geometry<B> {
    /// The valid points of each level.
    pub level: [B; 16],
    /// Column 0 of the stride (the same on every level).
    pub first_column: B,
    /// The last column of the stride (the same on every level).
    pub last_stride_column: B,
    /// Level 0, bottom row (row 1).
    pub bottom_row: B,
    /// Level 0, top row (row n).
    pub top_row: B,
    /// Level 0, column A.
    pub left_column: B,
    /// Level 0, the last column.
    pub right_column: B,
}

impl<B: Bits> Geometry<B> {
    /// Builds the masks for an `size` × `size` board.
    pub fn new(size: u8) -> Self {
        let n = u32::from(size);
        let s = B::STRIDE;
        let mut level = [B::ZERO; 16];
        for (k, mask) in level.iter_mut().enumerate().take(size as usize) {
            let width = n - k as u32;
            for y in 0..width {
                for x in 0..width {
                    *mask |= B::bit(x + s * y);
                }
            }
        }
        let mut first_column = B::ZERO;
        let mut last_stride_column = B::ZERO;
        let mut left_column = B::ZERO;
        let mut right_column = B::ZERO;
        let mut bottom_row = B::ZERO;
        let mut top_row = B::ZERO;
        for i in 0..s {
            first_column |= B::bit(s * i);
            last_stride_column |= B::bit(s * i + s - 1);
        }
        for i in 0..n {
            left_column |= B::bit(s * i);
            right_column |= B::bit(s * i + n - 1);
            bottom_row |= B::bit(i);
            top_row |= B::bit(s * (n - 1) + i);
        }
        Geometry {
            level,
            first_column,
            last_stride_column,
            bottom_row,
            top_row,
            left_column,
            right_column,
        }
    }

    /// Shifts a level one column right (x + 1), dropping what wraps.
    #[inline]
    pub fn east(&self, set: B) -> B {
        (set << 1) & !self.first_column
    }

    /// Shifts a level one column left (x − 1), dropping what wraps.
    #[inline]
    pub fn west(&self, set: B) -> B {
        (set >> 1) & !self.last_stride_column
    }

    /// Shifts a level one row up (y + 1).
    #[inline]
    pub fn north(&self, set: B) -> B {
        set << B::STRIDE
    }

    /// Shifts a level one row down (y − 1).
    #[inline]
    pub fn south(&self, set: B) -> B {
        set >> B::STRIDE
    }

    /// Same-level orthogonal neighbours of `set` on level `k`.
    #[inline]
    pub fn neighbours(&self, set: B, k: usize) -> B {
        (self.east(set) | self.west(set) | self.north(set) | self.south(set)) & self.level[k]
    }

    /// Points of level `k + 1` that rest on at least one point of `set` (on level `k`).
    #[inline]
    pub fn resting_on_any(&self, set: B, k: usize) -> B {
        let s = B::STRIDE;
        (set | set >> 1 | set >> s | set >> (s + 1)) & self.level[k + 1]
    }

    /// Points of level `k + 1` whose four supports are all in `set` (on level `k`).
    #[inline]
    pub fn resting_on_all(&self, set: B, k: usize) -> B {
        let s = B::STRIDE;
        set & set >> 1 & set >> s & set >> (s + 1) & self.level[k + 1]
    }

    /// Points of level `k` that support at least one point of `set` (on level `k + 1`).
    #[inline]
    pub fn supports_of(&self, set: B, k: usize) -> B {
        let s = B::STRIDE;
        (set | set << 1 | set << s | set << (s + 1)) & self.level[k]
    }

    /// Points of level `k` that hold up at least two points of `above` (on level `k + 1`).
    #[inline]
    pub fn held_up_twice(&self, above: B, k: usize) -> B {
        let s = B::STRIDE;
        let a = above;
        let b = above << 1;
        let c = above << s;
        let d = above << (s + 1);
        ((a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)) & self.level[k]
    }
}

/// Per-size geometry tables, built on first use.
pub(crate) trait GeometryTable: Bits + Send + Sync + 'static {
    /// The masks for an `size` × `size` board.
    fn geometry(size: u8) -> &'static Geometry<Self>;
}

macro_rules! geometry_table {
    ($ty:ty) => {
        impl GeometryTable for $ty {
            fn geometry(size: u8) -> &'static Geometry<Self> {
                static TABLE: std::sync::OnceLock<Vec<Geometry<$ty>>> = std::sync::OnceLock::new();
                let table = TABLE
                    .get_or_init(|| (0..=<$ty as Bits>::MAX_SIZE).map(Geometry::new).collect());
                &table[usize::from(size)]
            }
        }
    };
}

geometry_table!(U256);

/// The 8 × 8-and-smaller geometries, built at compile time so that a lookup is an index.
static U64_GEOMETRY: [Geometry<u64>; 9] = [
    u64_geometry(0),
    u64_geometry(1),
    u64_geometry(2),
    u64_geometry(3),
    u64_geometry(4),
    u64_geometry(5),
    u64_geometry(6),
    u64_geometry(7),
    u64_geometry(8),
];

impl GeometryTable for u64 {
    #[inline]
    fn geometry(size: u8) -> &'static Geometry<Self> {
        &U64_GEOMETRY[usize::from(size.min(8))]
    }
}

/// [`Geometry::new`] for `u64` levels, usable in a constant.
const fn u64_geometry(size: u8) -> Geometry<u64> {
    let n = size as u32;
    let s = <u64 as Bits>::STRIDE;
    let mut level = [0u64; 16];
    let mut k = 0;
    while k < n {
        let width = n - k;
        let mut y = 0;
        while y < width {
            let mut x = 0;
            while x < width {
                level[k as usize] |= 1 << (x + s * y);
                x += 1;
            }
            y += 1;
        }
        k += 1;
    }
    let mut first_column = 0u64;
    let mut last_stride_column = 0u64;
    let mut i = 0;
    while i < s {
        first_column |= 1 << (s * i);
        last_stride_column |= 1 << (s * i + s - 1);
        i += 1;
    }
    let (mut left_column, mut right_column, mut bottom_row, mut top_row) = (0u64, 0, 0, 0);
    let mut i = 0;
    while i < n {
        left_column |= 1 << (s * i);
        right_column |= 1 << (s * i + n - 1);
        bottom_row |= 1 << i;
        top_row |= 1 << (s * (n - 1) + i);
        i += 1;
    }
    Geometry {
        level,
        first_column,
        last_stride_column,
        bottom_row,
        top_row,
        left_column,
        right_column,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_masks_have_the_right_number_of_points() {
        for n in 3..=8u8 {
            let g = <u64 as GeometryTable>::geometry(n);
            for k in 0..n as usize {
                let w = u32::from(n) - k as u32;
                assert_eq!(g.level[k].count(), w * w);
            }
        }
        for n in 3..=16u8 {
            let g = <U256 as GeometryTable>::geometry(n);
            for k in 0..n as usize {
                let w = u32::from(n) - k as u32;
                assert_eq!(g.level[k].count(), w * w);
            }
        }
    }

    #[test]
    fn compile_time_geometry_agrees_with_the_runtime_one() {
        for n in 0..=8u8 {
            let fixed = <u64 as GeometryTable>::geometry(n);
            let built = Geometry::<u64>::new(n);
            assert_eq!(fixed.level, built.level, "{n}");
            assert_eq!(
                [
                    fixed.first_column,
                    fixed.last_stride_column,
                    fixed.bottom_row
                ],
                [
                    built.first_column,
                    built.last_stride_column,
                    built.bottom_row
                ],
                "{n}"
            );
            assert_eq!(
                [fixed.top_row, fixed.left_column, fixed.right_column],
                [built.top_row, built.left_column, built.right_column],
                "{n}"
            );
        }
    }

    #[test]
    fn shifts_do_not_wrap_across_rows() {
        let g = <u64 as GeometryTable>::geometry(8);
        // (7, 0) moved east must vanish, not appear at (0, 1).
        assert!(g.east(u64::bit(7)).is_empty());
        assert!(g.west(u64::bit(8)).is_empty());
        let g = <U256 as GeometryTable>::geometry(16);
        assert!(g.east(U256::bit(15)).is_empty());
        assert!(g.west(U256::bit(16)).is_empty());
    }

    #[test]
    fn nth_one_finds_set_bits_in_order() {
        let set: u64 = 0b1011_0100;
        assert_eq!(set.nth_one(0), 2);
        assert_eq!(set.nth_one(1), 4);
        assert_eq!(set.nth_one(3), 7);
        for set in [u64::MAX, 0x8000_0000_0000_0001, 0xF0F0_0000_1234_5678] {
            let slow: Vec<u32> = Bits::ones(set).collect();
            for (n, &index) in slow.iter().enumerate() {
                assert_eq!(set.nth_one(n as u32), index, "{set:x} {n}");
            }
        }
        // Every bit of many sets, against the slow walk.
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            for set in [
                x,
                x & x.rotate_left(7),
                x & x.rotate_left(3) & x.rotate_left(11),
            ] {
                for (n, index) in Bits::ones(set).enumerate() {
                    assert_eq!(set.nth_one(n as u32), index, "{set:x} {n}");
                }
            }
        }
        let wide = U256::bit(3) | U256::bit(200);
        assert_eq!(wide.nth_one(1), 200);
    }
}
