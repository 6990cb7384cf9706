//! The wall demonstrations (`wallingRule`: the duck, arrows, walls left
//! behind or placed): per side, a move of the start position and every
//! square where the player may then place the wall (or move the duck).
//!
//! Fairy-Stockfish's move generator (`make_move_and_gating`) writes the
//! wall with the move (`d2d4,d4e5`: the Pawn to d4, the duck to e5), and
//! offers every square of the board that is empty once the piece has
//! moved (the square it left included, the one it went to not), inside
//! the side's `wallingRegion`, and of those:
//! * `arrow`: the squares the moved piece could move to (not capture) from
//!   where it landed;
//! * `past`: the square it left;
//! * `edge`: a square on the board's edge or beside a wall;
//! * `duck`, `static`: any.
//!
//! A move with no such square is not legal at all. Under `wallOrMove` a
//! wall is placed instead of a move, written as a move of the side's
//! first piece (the lowest rank's, then the leftmost) to its own square
//! (`a1a1,a1a3`): the demonstration then moves nothing.
//!
//! The position is the start position with the side to move, its walls
//! (`*`, [`Variant::walls`]) included: no piece moves onto one, and no
//! wall goes there.
//!
//! ```
//! use glance::variant::{read, walls, Colour};
//! let v = &read("[d:duck]\n", "d.ini").unwrap()[0];
//! let w = walls::demonstration(v, Colour::White).unwrap();
//! assert_eq!(w.uci(), "d2d4");
//! assert_eq!(w.pos.fen(v), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
//! // Every square empty after the move: 32, d2 included, d4 not.
//! assert_eq!(w.squares.len(), 32);
//! ```

use alloc::vec::Vec;

use super::castling::rights_of;
use super::drops::{self, Position};
use super::rules::Walling;
use super::{Placement, Variant};
use crate::Diagram;
use crate::engine::geometry::{Colour, Square, SquareSet};

/// A move shown with the squares its wall may go to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walls {
    /// The position before the move.
    pub pos: Position,
    /// The position after it, the wall not yet placed.
    pub after: Position,
    /// The piece moved (lower case).
    pub letter: char,
    pub from: Square,
    /// The square it moved to: `from` where a wall is placed instead of
    /// a move (`wallOrMove`).
    pub to: Square,
    /// Every square the wall (or the duck) may go to, by rank, then file.
    pub squares: Vec<Square>,
}

impl Walls {
    /// The move as UCI writes it before the wall's square (`d2d4`).
    pub fn uci(&self) -> alloc::string::String {
        let mut out = alloc::string::String::new();
        self.from.push_name(&mut out);
        self.to.push_name(&mut out);
        out
    }

    /// Whether a wall is placed instead of a move.
    pub fn instead(&self) -> bool {
        self.from == self.to
    }
}

/// `colour`'s wall demonstration, where the game places walls and a move
/// of the start position has somewhere to put one.
pub fn demonstration(v: &Variant, colour: Colour) -> Option<Walls> {
    if v.rules.moves.walling == Walling::None || v.rules.drops.allowed {
        return None;
    }
    let board: Vec<Placement> = v.start.clone();
    let pos = Position {
        rights: rights_of(v, &board),
        board,
        hand: Vec::new(),
        to_move: colour,
        en_passant: None,
        en_passant_taken: None,
    };
    if drops::in_check(v, &pos, colour) || drops::in_check(v, &pos, colour.opposite()) {
        return None;
    }
    if v.rules.captures.must_capture && drops::first_capture(v, &pos, colour).is_some() {
        return None;
    }
    let area = SquareSet::rectangle(v.files, v.ranks)?;
    if v.rules.moves.wall_or_move {
        let first = pos
            .board
            .iter()
            .filter(|p| p.colour == colour)
            .min_by_key(|p| (p.square.rank(), p.square.file()))?;
        let (from, letter) = (first.square, first.letter);
        let squares = wall_squares(v, &pos, colour, (from, from), &area);
        return (!squares.is_empty()).then(|| Walls {
            after: pos.clone(),
            pos,
            letter,
            from,
            to: from,
            squares,
        });
    }
    // The move whose landing square is nearest the board's centre, of
    // those with somewhere to put the wall.
    let centre = |s: Square| {
        let dx = (2 * i16::from(s.file()) - i16::from(v.files) + 1).abs();
        let dy = (2 * i16::from(s.rank()) - i16::from(v.ranks) + 1).abs();
        (dx.max(dy), dx + dy)
    };
    let mut best: Option<((i16, i16), Walls)> = None;
    let mut pieces: Vec<&Placement> = pos.board.iter().filter(|p| p.colour == colour).collect();
    pieces.sort_by_key(|p| (p.square.rank(), p.square.file()));
    for p in pieces {
        for to in quiet_moves(v, &pos, &area, p) {
            let after = moved(&pos, p.square, to);
            if drops::in_check(v, &after, colour) {
                continue;
            }
            let squares = wall_squares(v, &after, colour, (p.square, to), &area);
            if squares.is_empty() || best.as_ref().is_some_and(|(c, _)| *c <= centre(to)) {
                continue;
            }
            let shown = Walls {
                pos: pos.clone(),
                after,
                letter: p.letter,
                from: p.square,
                to,
                squares,
            };
            best = Some((centre(to), shown));
        }
    }
    best.map(|(_, w)| w)
}

/// `pos` with the piece on `from` moved to the empty square `to`.
fn moved(pos: &Position, from: Square, to: Square) -> Position {
    let mut after = pos.clone();
    if let Some(q) = after.board.iter_mut().find(|q| q.square == from) {
        q.square = to;
    }
    after
}

/// The empty squares the piece `p` of `pos` may move to (its double
/// step where the game allows it, inside its mobility region).
fn quiet_moves(v: &Variant, pos: &Position, area: &SquareSet, p: &Placement) -> Vec<Square> {
    let Some((moves, mobility)) = drops::moves_at(v, p) else {
        return Vec::new();
    };
    let mut occupied = pos.occupied();
    for &w in &v.walls {
        occupied.insert(w);
    }
    let friends = pos.of(p.colour);
    let d = Diagram::among(&moves, p.square, p.colour, area, &occupied, &friends);
    let mut out: Vec<Square> = d
        .marks()
        .map(|(to, _)| to)
        .filter(|&to| !occupied.contains(to) && d.can_move_to(to))
        .filter(|to| mobility.is_none_or(|m| m.contains(to)))
        .collect();
    out.sort_by_key(|s| (s.rank(), s.file()));
    out
}

/// Where the wall may go once the piece has moved `from` `to` (`after`:
/// the position then), as `make_move_and_gating` filters the empty
/// squares.
fn wall_squares(
    v: &Variant,
    after: &Position,
    colour: Colour,
    (from, to): (Square, Square),
    area: &SquareSet,
) -> Vec<Square> {
    let moves = &v.rules.moves;
    let mut occupied = after.occupied();
    for &w in &v.walls {
        occupied.insert(w);
    }
    let arrow: Vec<Square> = match (moves.walling, after.board.iter().find(|q| q.square == to)) {
        (Walling::Arrow, Some(p)) => quiet_moves(v, after, area, p),
        _ => Vec::new(),
    };
    let last = |n: u8| n.checked_sub(1);
    let edge = |s: Square| {
        s.file() == 0
            || s.rank() == 0
            || Some(s.file()) == last(v.files)
            || Some(s.rank()) == last(v.ranks)
    };
    (0..v.ranks)
        .flat_map(|r| (0..v.files).filter_map(move |f| Square::new(f, r)))
        .filter(|&s| !occupied.contains(s) && s != to)
        .filter(|s| moves.walling_region[colour].contains(s))
        .filter(|&s| match moves.walling {
            Walling::Arrow => arrow.contains(&s),
            Walling::Past => s == from,
            Walling::Edge => {
                edge(s)
                    || v.walls.iter().any(|w| {
                        let (df, dr) = (w.file().abs_diff(s.file()), w.rank().abs_diff(s.rank()));
                        df + dr == 1
                    })
            }
            _ => true,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::builtin_for_tests as builtin_variant;

    fn names(w: &Walls) -> Vec<alloc::string::String> {
        w.squares.iter().map(|s| alloc::format!("{s}")).collect()
    }

    #[test]
    fn an_amazon_shoots_where_it_could_move_on() {
        let v = builtin_variant("amazons");
        let w = demonstration(&v, Colour::White).unwrap();
        // Each arrow square is one the Amazon could move to from where it
        // landed, the square it left among them.
        assert!(w.squares.contains(&w.from));
        assert!(!w.squares.contains(&w.to));
        let p = w.after.board.iter().find(|p| p.square == w.to).unwrap();
        let area = SquareSet::rectangle(v.files, v.ranks).unwrap();
        assert_eq!(w.squares, quiet_moves(&v, &w.after, &area, p));
    }

    #[test]
    fn a_snail_leaves_a_wall_where_it_was() {
        let v = builtin_variant("snailtrail");
        let w = demonstration(&v, Colour::Black).unwrap();
        assert_eq!(w.squares, [w.from]);
        assert_eq!(w.pos.to_move, Colour::Black);
    }

    #[test]
    fn isolation_walls_stay_out_of_the_start_squares() {
        let v = builtin_variant("isolation");
        let w = demonstration(&v, Colour::White).unwrap();
        assert!(!names(&w).contains(&"d8".into()));
        assert!(!names(&w).contains(&"c1".into()));
    }

    #[test]
    fn no_walls_no_demonstration() {
        assert!(demonstration(&builtin_variant("chess"), Colour::White).is_none());
    }
}
