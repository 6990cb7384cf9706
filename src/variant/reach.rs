//! Where a piece may go from a square of an otherwise empty board: what
//! the pages' sentences about a piece's freedom rest on (a piece that
//! could not move again, a move that cannot be taken back).

use alloc::vec::Vec;

use super::Variant;
use crate::Diagram;
use crate::engine::betza::Piece;
use crate::engine::geometry::{Colour, Square, SquareSet};

/// The squares `colour`'s piece moving as `moves` may reach without a
/// capture from `at`, alone on the variant's board.
///
/// ```
/// use glance::engine::betza;
/// use glance::engine::geometry::{Colour, Square};
/// use glance::variant::reach;
///
/// let chess = glance::variant::builtin::read_all()
///     .into_iter()
///     .flatten()
///     .find(|v| v.name == "chess")
///     .unwrap();
/// let pawn = betza::parse("fmWfceF").unwrap();
/// let (e8, e7) = (Square::new(4, 7).unwrap(), Square::new(4, 6).unwrap());
/// assert!(reach::quiet_squares(&chess, &pawn, e8, Colour::White).is_empty());
/// assert_eq!(reach::quiet_squares(&chess, &pawn, e7, Colour::White), [e8]);
/// ```
pub fn quiet_squares(v: &Variant, moves: &Piece, at: Square, colour: Colour) -> Vec<Square> {
    let Some(board) = SquareSet::rectangle(v.files, v.ranks) else {
        return Vec::new();
    };
    let mut occ = SquareSet::EMPTY;
    occ.insert(at);
    let d = Diagram::among(moves, at, colour, &board, &occ, &occ);
    d.marks()
        .map(|(s, _)| s)
        .filter(|&s| d.can_move_to(s))
        .collect()
}
