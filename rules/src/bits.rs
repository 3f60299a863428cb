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
        // Binary search on the halves' populations: six steps whatever `n` is.
        let (mut set, mut n, mut base) = (self, n, 0);
        for width in [32u32, 16, 8, 4, 2, 1] {
            let low = (set & ((1u64 << width) - 1)).count_ones();
            if n >= low {
                n -= low;
                set >>= width;
                base += width;
            }
        }
        base
    }
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

geometry_table!(u64);
geometry_table!(U256);

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
        let wide = U256::bit(3) | U256::bit(200);
        assert_eq!(wide.nth_one(1), 200);
    }
}
