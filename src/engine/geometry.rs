//! Squares, colours, offsets and sets of squares: the small `Copy` types the
//! rest of the crate is built on.
//!
//! Boards are at most 16×16. A [`Square`] is one byte (file in the low
//! nibble, rank in the high one); a [`SquareSet`] is sixteen `u16` rows.
//! File 0 is the left edge (`a`), rank 0 the bottom edge (`1`), seen from
//! White.

use core::fmt;

/// The largest number of files or ranks a board may have.
pub const MAX_SIDE: u8 = 16;

/// One of the two sides. Black's moves are White's turned through 180
/// degrees, as XBoard (and Fairy-Stockfish) draw them: "forward" is down
/// the board and Black's "right" is towards the a-file.
///
/// ```
/// use glance::Colour;
/// assert_eq!(Colour::White.forward(), 1);
/// assert_eq!(Colour::Black.forward(), -1);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    /// +1 for White (moves up the board), -1 for Black.
    pub const fn forward(self) -> i8 {
        match self {
            Colour::White => 1,
            Colour::Black => -1,
        }
    }

    /// The other side.
    pub const fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// "white" or "black".
    pub const fn name(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Black => "black",
        }
    }

    /// The side's name in a sentence: "White" or "Black".
    ///
    /// ```
    /// use glance::engine::geometry::Colour;
    /// assert_eq!(format!("{} moves first.", Colour::White.title()), "White moves first.");
    /// assert_eq!(Colour::White.opposite().title(), "Black");
    /// ```
    pub const fn title(self) -> &'static str {
        match self {
            Colour::White => "White",
            Colour::Black => "Black",
        }
    }
}

/// One value for each side, White's and Black's (a per-side rule:
/// Fairy-Stockfish's `promotionRegionWhite` and `promotionRegionBlack`).
///
/// ```
/// use glance::engine::geometry::{ByColour, Colour};
/// let mut regions = ByColour::both(1u8);
/// regions[Colour::Black] = 8;
/// assert_eq!((regions.white, regions[Colour::Black]), (1, 8));
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColour<T> {
    pub white: T,
    pub black: T,
}

impl<T: Clone> ByColour<T> {
    /// The same value for both sides.
    pub fn both(value: T) -> ByColour<T> {
        ByColour {
            white: value.clone(),
            black: value,
        }
    }
}

impl<T> core::ops::Index<Colour> for ByColour<T> {
    type Output = T;
    fn index(&self, c: Colour) -> &T {
        match c {
            Colour::White => &self.white,
            Colour::Black => &self.black,
        }
    }
}

impl<T> core::ops::IndexMut<Colour> for ByColour<T> {
    fn index_mut(&mut self, c: Colour) -> &mut T {
        match c {
            Colour::White => &mut self.white,
            Colour::Black => &mut self.black,
        }
    }
}

/// A displacement on the board, in files (`dx`, to the right) and ranks
/// (`dy`, upwards).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Offset {
    pub dx: i8,
    pub dy: i8,
}

impl Offset {
    pub const fn new(dx: i8, dy: i8) -> Offset {
        Offset { dx, dy }
    }

    /// The reverse displacement.
    pub const fn reversed(self) -> Offset {
        Offset::new(-self.dx, -self.dy)
    }

    /// Scalar product, widened so it cannot overflow.
    pub const fn dot(self, other: Offset) -> i32 {
        self.dx as i32 * other.dx as i32 + self.dy as i32 * other.dy as i32
    }

    /// How far `self` points to the right of a traveller heading along
    /// `heading` (positive: right, negative: left).
    pub const fn rightness(self, heading: Offset) -> i32 {
        heading.dy as i32 * self.dx as i32 - heading.dx as i32 * self.dy as i32
    }

    /// The number of king steps the displacement spans (Chebyshev length).
    pub const fn king_distance(self) -> u8 {
        let x = self.dx.unsigned_abs();
        let y = self.dy.unsigned_abs();
        if x > y { x } else { y }
    }
}

/// A square of a board of at most 16×16.
///
/// ```
/// use glance::Square;
/// let e5 = Square::parse("e5").unwrap();
/// assert_eq!((e5.file(), e5.rank()), (4, 4));
/// assert_eq!(e5.to_string(), "e5");
/// assert!(Square::parse("q1").is_none());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` and `rank` (both from 0), if both are below 16.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_SIDE && rank < MAX_SIDE {
            Some(Square(rank * MAX_SIDE + file))
        } else {
            None
        }
    }

    /// The square with this index (`rank * 16 + file`).
    pub const fn from_index(index: u8) -> Square {
        Square(index)
    }

    pub const fn file(self) -> u8 {
        self.0 % MAX_SIDE
    }

    pub const fn rank(self) -> u8 {
        self.0 / MAX_SIDE
    }

    /// `rank * 16 + file`: a dense index below 256.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square `by` away, if it is still on a 16×16 grid.
    pub fn offset(self, by: Offset) -> Option<Square> {
        let file = self.file() as i16 + by.dx as i16;
        let rank = self.rank() as i16 + by.dy as i16;
        if (0..MAX_SIDE as i16).contains(&file) && (0..MAX_SIDE as i16).contains(&rank) {
            Square::new(file as u8, rank as u8)
        } else {
            None
        }
    }

    /// The square a diagram uses when none is given: the middle file
    /// (rounded towards the a-file) and the rank just above the middle.
    ///
    /// ```
    /// use glance::Square;
    /// assert_eq!(Square::centre(8, 8).to_string(), "d5");
    /// assert_eq!(Square::centre(10, 10).to_string(), "e6");
    /// ```
    pub fn centre(files: u8, ranks: u8) -> Square {
        Square::new(files.saturating_sub(1) / 2, ranks / 2).unwrap_or(Square(0))
    }

    /// Reads algebraic notation, `a1` to `p16`.
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = chars.next()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || digits.starts_with('0') {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        Square::new(file as u8 - b'a', rank.checked_sub(1)?)
    }

    /// Appends the square's name (`e5`) to `out`, without the formatting
    /// machinery (which the wasm build leaves out).
    pub fn push_name(self, out: &mut alloc::string::String) {
        out.push(self.file_char());
        let rank = self.rank() + 1;
        if rank >= 10 {
            out.push('1');
        }
        out.push((b'0' + rank % 10) as char);
    }

    /// The file letter, `a` to `p`.
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank() + 1)
    }
}

/// A set of squares of the 16×16 grid: the playable squares of a board, or
/// the occupied ones of a position.
///
/// ```
/// use glance::{Square, SquareSet};
/// let board = SquareSet::rectangle(8, 8).unwrap();
/// assert_eq!(board.len(), 64);
/// assert!(board.contains(Square::parse("h8").unwrap()));
/// assert!(!board.contains(Square::parse("i1").unwrap()));
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SquareSet {
    rows: [u16; MAX_SIDE as usize],
}

/// The squares of a [`SquareSet`], by [`SquareSet::iter`] (index order)
/// or [`SquareSet::iter_by_file`]. One small loop for both (the drop-ins'
/// code: adaptor chains are copied per closure).
#[derive(Clone, Debug)]
pub struct Squares<'a> {
    set: &'a SquareSet,
    /// The next of the 256 places to look at.
    next: u16,
    by_file: bool,
}

impl Iterator for Squares<'_> {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        while let Ok(i) = u8::try_from(self.next) {
            self.next += 1;
            let sq = if self.by_file {
                Square(i % MAX_SIDE * MAX_SIDE + i / MAX_SIDE)
            } else {
                Square(i)
            };
            if self.set.contains(sq) {
                return Some(sq);
            }
        }
        None
    }
}

impl SquareSet {
    pub const EMPTY: SquareSet = SquareSet {
        rows: [0; MAX_SIDE as usize],
    };

    /// All squares of a `files`×`ranks` board anchored at a1; `None` unless
    /// both sides are between 1 and 16.
    pub fn rectangle(files: u8, ranks: u8) -> Option<SquareSet> {
        if !(1..=MAX_SIDE).contains(&files) || !(1..=MAX_SIDE).contains(&ranks) {
            return None;
        }
        let row = if files == MAX_SIDE {
            u16::MAX
        } else {
            (1u16 << files) - 1
        };
        let mut set = SquareSet::EMPTY;
        for r in set.rows.iter_mut().take(ranks as usize) {
            *r = row;
        }
        Some(set)
    }

    pub fn contains(&self, sq: Square) -> bool {
        self.rows[sq.rank() as usize] & (1 << sq.file()) != 0
    }

    pub fn insert(&mut self, sq: Square) {
        self.rows[sq.rank() as usize] |= 1 << sq.file();
    }

    pub fn remove(&mut self, sq: Square) {
        self.rows[sq.rank() as usize] &= !(1 << sq.file());
    }

    pub fn is_empty(&self) -> bool {
        self.rows.iter().all(|&r| r == 0)
    }

    pub fn len(&self) -> usize {
        self.rows.iter().map(|r| r.count_ones() as usize).sum()
    }

    /// The squares in index order (rank by rank from the bottom, each rank
    /// from the left).
    pub fn iter(&self) -> Squares<'_> {
        Squares {
            set: self,
            next: 0,
            by_file: false,
        }
    }

    /// The squares file by file from the a-file, each from rank 1 (`a1`,
    /// `a2`, …, `b1`, …): the order in which square lists are written out.
    pub fn iter_by_file(&self) -> Squares<'_> {
        Squares {
            set: self,
            next: 0,
            by_file: true,
        }
    }

    /// The board size written `FILESxRANKS` (`10x8`), each side from 1 to
    /// 16.
    ///
    /// ```
    /// use glance::SquareSet;
    /// assert_eq!(SquareSet::parse_size("10x8"), Some((10, 8)));
    /// assert_eq!(SquareSet::parse_size("0x0"), None);
    /// assert_eq!(SquareSet::parse_size("17x9"), None);
    /// ```
    pub fn parse_size(text: &str) -> Option<(u8, u8)> {
        let (f, r) = crate::engine::cut::cut(text, b"xX")?;
        let (files, ranks) = (f.parse().ok()?, r.parse().ok()?);
        SquareSet::rectangle(files, ranks).map(|_| (files, ranks))
    }

    /// The leftmost and rightmost files holding a square, if any.
    pub fn file_span(&self) -> Option<(u8, u8)> {
        let all = self.rows.iter().fold(0u16, |acc, &r| acc | r);
        if all == 0 {
            None
        } else {
            Some((all.trailing_zeros() as u8, 15 - all.leading_zeros() as u8))
        }
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;
    use alloc::vec::Vec;

    #[test]
    fn squares_come_in_index_order_or_file_by_file() {
        let mut set = SquareSet::EMPTY;
        for (f, r) in [(0, 0), (3, 0), (0, 2), (15, 15), (7, 9), (1, 15)] {
            set.insert(Square::new(f, r).unwrap());
        }
        let names = |it: Squares| it.map(|s| s.to_string()).collect::<Vec<_>>();
        // By index: rank by rank from rank 1, a-file first in each.
        assert_eq!(names(set.iter()), ["a1", "d1", "a3", "h10", "b16", "p16"]);
        // By file: a-file first, each file from rank 1.
        assert_eq!(
            names(set.iter_by_file()),
            ["a1", "a3", "b16", "d1", "h10", "p16"]
        );
        assert_eq!(SquareSet::EMPTY.iter().next(), None);
        assert_eq!(
            SquareSet::rectangle(16, 16).unwrap().iter_by_file().count(),
            256
        );
    }

    #[test]
    fn squares_round_trip_through_algebraic_notation() {
        for index in 0..=255u8 {
            let sq = Square::from_index(index);
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        for bad in ["", "a", "a0", "a17", "A1", "1a", "a01", "é1", "q1"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn offsets_stay_on_the_grid() {
        let a1 = Square::parse("a1").unwrap();
        assert_eq!(a1.offset(Offset::new(-1, 0)), None);
        assert_eq!(
            a1.offset(Offset::new(15, 15)),
            Square::parse("p16"),
            "the far corner"
        );
        assert_eq!(a1.offset(Offset::new(16, 0)), None);
    }

    #[test]
    fn rectangles_and_spans() {
        assert!(SquareSet::rectangle(0, 8).is_none());
        assert!(SquareSet::rectangle(17, 9).is_none());
        let full = SquareSet::rectangle(16, 16).unwrap();
        assert_eq!(full.len(), 256);
        assert_eq!(full.file_span(), Some((0, 15)));
        let mut set = SquareSet::EMPTY;
        set.insert(Square::new(3, 2).unwrap());
        set.insert(Square::new(9, 7).unwrap());
        assert_eq!(set.file_span(), Some((3, 9)));
        assert_eq!(set.iter().count(), 2);
        set.remove(Square::new(3, 2).unwrap());
        assert_eq!(set.len(), 1);
    }

    #[test]
    fn rightness_follows_the_heading() {
        let north = Offset::new(0, 1);
        assert!(Offset::new(1, 0).rightness(north) > 0);
        assert!(Offset::new(-1, 0).rightness(north) < 0);
        let north_east = Offset::new(1, 1);
        assert!(Offset::new(1, -1).rightness(north_east) > 0);
    }
}
