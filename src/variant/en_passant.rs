//! The en passant demonstration: a position of the game where a side's
//! pawn may take the other side's pawn that has just made its double
//! step, and every square that pawn may then move to.
//!
//! The position is the start position with one pawn of each side moved
//! up its file (the mover's to the rank the other's double step ends on,
//! the other's beside it, as if it had just stepped twice), the mover to
//! move, both sides keeping the castling rights their pieces still have
//! and the FEN naming the square passed over.
//!
//! ```
//! use glance::variant::{en_passant, read, Colour};
//! use glance::Mark;
//! let v = &read("[c:chess]\n", "c.ini").unwrap()[0];
//! let ep = en_passant::demonstration(v, Colour::White).unwrap();
//! assert_eq!(ep.pos.fen(v), "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 1");
//! let marks: Vec<String> = ep.marks.iter().map(|(s, m)| format!("{s}={}", m.image())).collect();
//! assert_eq!(marks, ["d6=red", "e6=green"]);
//! ```

use alloc::string::String;
use alloc::vec::Vec;

use super::drops::{self, Position};
use super::{Placement, Variant, castling, placed};
use crate::engine::geometry::{Colour, Offset, Square, SquareSet};
use crate::{Diagram, Mark};

/// A side's en passant capture, shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnPassant {
    /// The position, the square passed over as its en passant square.
    pub pos: Position,
    /// The pawn that takes, and the letter of its type.
    pub from: Square,
    pub letter: char,
    /// The pawn taken, where its double step ended.
    pub taken: Square,
    /// Where that double step started.
    pub started: Square,
    /// Every square the pawn on `from` may move to (the en passant
    /// capture's square a capture), rank by rank from the bottom.
    pub marks: Vec<(Square, Mark)>,
}

impl EnPassant {
    /// The square the capturing pawn lands on (the one passed over).
    pub fn over(&self) -> Option<Square> {
        self.pos.en_passant
    }
}

/// `colour` taking en passant, or `None` where the game has no en
/// passant capture its start position can show (no pawn type that steps
/// twice, an empty `enPassantRegion`, no room on the board).
pub fn demonstration(v: &Variant, colour: Colour) -> Option<EnPassant> {
    demonstration_by(v, colour, None)
}

/// Whether a pawn of type `letter` (of either side) ever takes en
/// passant: whether a demonstration exists for it.
///
/// ```
/// use glance::variant::{en_passant, read};
/// let v = &read("[c:chess]\n[g:chess]\nenPassantRegion = -\n", "c.ini").unwrap();
/// assert!(en_passant::ever_takes(&v[0], 'p'));
/// assert!(!en_passant::ever_takes(&v[1], 'p'));
/// ```
pub fn ever_takes(v: &Variant, letter: char) -> bool {
    [Colour::White, Colour::Black]
        .iter()
        .any(|&c| demonstration_by(v, c, Some(letter)).is_some())
}

/// The demonstration of `colour`'s pawns (of type `only`, where given).
fn demonstration_by(v: &Variant, colour: Colour, only: Option<char>) -> Option<EnPassant> {
    // A game that starts by placing its royal pieces from hand
    // (Placement) is shown once every piece is placed.
    if placed::royal_in_hand(v) {
        return demonstration_by(&placed::placed(v)?, colour, only);
    }
    let board = SquareSet::rectangle(v.files, v.ranks)?;
    let them = colour.opposite();
    // Every pawn of the mover's that may take en passant, with every
    // piece of theirs that may step twice (a Pawn, Spartan's Hoplite, a
    // custom pawn; straight on or, Berolina's, diagonally), the mover's
    // standing on its own file where it can take on the square passed.
    let mut tries: Vec<Try> = Vec::new();
    for &letter in &v.rules.moves.en_passant_types[colour] {
        if only.is_some_and(|o| o != letter) {
            continue;
        }
        let mine = v
            .start
            .iter()
            .filter(|p| p.colour == colour && p.letter == letter && !p.promoted);
        for mine in mine {
            for theirs in v.start.iter().filter(|p| p.colour == them && !p.promoted) {
                for dx in [0i8, -1, 1] {
                    for rank in 0..v.ranks {
                        tries.push(Try {
                            mine: *mine,
                            theirs: *theirs,
                            dx,
                            rank,
                        });
                    }
                }
            }
        }
    }
    // Straight double steps first, then the middle of the board: the
    // position reads best there.
    let middle = i16::from(v.files) - 1;
    tries.sort_by_key(|t| {
        let f = i16::from(t.mine.square.file()) * 2 - middle;
        let g = i16::from(t.theirs.square.file()) * 2 - middle;
        (
            t.dx != 0,
            g.abs(),
            f.abs(),
            t.theirs.square.file(),
            t.mine.square.file(),
            t.dx,
        )
    });
    // The start position as it is first; then, where it is too crowded
    // (Double army), with the pieces in the way taken off as if captured.
    tries
        .iter()
        .find_map(|&t| shown(v, &board, colour, t, false))
        .or_else(|| {
            tries
                .iter()
                .find_map(|&t| shown(v, &board, colour, t, true))
        })
}

/// A pawn of the mover's and a piece of theirs, its double step's
/// direction across the files, and the rank the mover's stands on.
#[derive(Copy, Clone)]
struct Try {
    mine: Placement,
    theirs: Placement,
    dx: i8,
    rank: u8,
}

/// The demonstration with `t.theirs` having just stepped twice and the
/// mover's pawn standing to take it, if the game allows it there; with
/// `clear`, the pieces standing in the way (none of them royal) are
/// taken off the board.
fn shown(v: &Variant, board: &SquareSet, colour: Colour, t: Try, clear: bool) -> Option<EnPassant> {
    let Try {
        mine,
        theirs,
        dx,
        rank,
    } = t;
    let them = colour.opposite();
    let step = Offset::new(dx, them.forward());
    let over = theirs.square.offset(step)?;
    let taken = over.offset(step)?;
    let from = Square::new(mine.square.file(), rank)?;
    if !board.contains(from) || !board.contains(taken) {
        return None;
    }
    if !v.rules.moves.en_passant_region[colour].contains(&over) {
        return None;
    }
    // The mover's pawn stands ahead of where it starts, on its file.
    if colour.forward()
        * (i8::try_from(from.rank()).ok()? - i8::try_from(mine.square.rank()).ok()?)
        <= 0
    {
        return None;
    }
    let in_way = |p: &Placement| [over, taken, from].contains(&p.square);
    if from == over
        || from == taken
        || v.start
            .iter()
            .any(|p| in_way(p) && (!clear || v.piece(p.letter).is_none_or(|q| q.royal)))
    {
        return None;
    }
    if !reached(v, colour, &t, from, taken) {
        return None;
    }
    // Its double step is one of its initial moves (a move it has only
    // from there: a Rook that moves two squares leaves no square to take
    // it on).
    let piece = drops::piece_of(v, theirs.letter)?;
    let from_start = |p: &crate::engine::betza::Piece| {
        Diagram::among(
            p,
            theirs.square,
            them,
            board,
            &SquareSet::EMPTY,
            &SquareSet::EMPTY,
        )
    };
    let first = from_start(&piece);
    if !first.can_move_to(taken)
        || !first.can_move_to(over)
        || from_start(&piece.without_initial()).can_move_to(taken)
    {
        return None;
    }
    let mut placed: Vec<Placement> = v
        .start
        .iter()
        .filter(|p| p.square != mine.square && p.square != theirs.square && !in_way(p))
        .copied()
        .collect();
    placed.push(Placement {
        square: from,
        ..mine
    });
    placed.push(Placement {
        square: taken,
        ..theirs
    });
    let mut pos = Position {
        board: placed,
        hand: Vec::new(),
        to_move: colour,
        rights: String::new(),
        en_passant: Some(over),
        // (Pyffish reads `e3` alone as the pawn straight on from e3.)
        en_passant_taken: (dx != 0).then_some(taken),
    };
    pos.rights = castling::rights_of(v, &pos.board);
    if drops::in_check(v, &pos, colour) {
        return None;
    }
    // Where the pawn may go: its moves but the initial ones, among the
    // pieces, and the capture en passant.
    let later = drops::piece_of(v, mine.letter)?.without_initial();
    let friends: SquareSet = pos
        .board
        .iter()
        .filter(|p| p.colour == colour)
        .map(|p| p.square)
        .collect();
    let d = Diagram::among(&later, from, colour, board, &pos.occupied(), &friends);
    let mut probe = pos.occupied();
    probe.insert(over);
    if !Diagram::among(&later, from, colour, board, &probe, &friends).can_capture_on(over) {
        return None;
    }
    // Its moves in this position: onto an empty square, or taking a
    // piece of the other side (where a capture is compulsory, only
    // captures: the one en passant is one).
    let must = v.rules.captures.must_capture;
    let occupied = pos.occupied();
    let enemies: SquareSet = pos
        .board
        .iter()
        .filter(|p| p.colour != colour)
        .map(|p| p.square)
        .collect();
    let mut marks: Vec<(Square, Mark)> = d
        .marks()
        .filter(|&(s, _)| s != over)
        .filter(|&(s, _)| {
            let takes = d.can_capture_on(s) && enemies.contains(s);
            takes || (!must && d.can_move_to(s) && !occupied.contains(s))
        })
        .collect();
    // A mark would hide the piece it takes: the position shows a pawn
    // whose one capture is en passant.
    if marks.iter().any(|&(s, _)| occupied.contains(s)) {
        return None;
    }
    marks.push((over, Mark::Capture));
    marks.sort_by_key(|(s, _)| (s.rank(), s.file()));
    Some(EnPassant {
        pos,
        from,
        letter: mine.letter,
        taken,
        started: theirs.square,
        marks,
    })
}

/// Whether play reaches the try's position: their piece starts where it
/// may step twice, and neither pawn would have promoted on its way.
fn reached(v: &Variant, colour: Colour, t: &Try, from: Square, taken: Square) -> bool {
    let (mine, theirs, them) = (t.mine, t.theirs, colour.opposite());
    // It starts where the game lets it step twice (its double-step
    // region: Orda's Pawns start on the 3rd rank, outside it, and never
    // step twice).
    let region = match them {
        Colour::White => &v.double_step_white,
        Colour::Black => &v.double_step_black,
    };
    if !region.contains(&theirs.square) {
        return false;
    }
    // A pawn that must promote in its zone is never there unpromoted:
    // neither the mover's on any square it stepped through, nor theirs
    // where its double step ends (Epic atomic's zones begin on the 6th
    // rank and, for Black, the 5th: no en passant is left).
    let unpromoted = |c: Colour, letter: char, s: Square| {
        let pr = &v.promotion;
        let (types, zone) = match c {
            Colour::White => (&pr.pawn_types, &pr.region_white),
            Colour::Black => (&pr.pawn_types_black, &pr.region_black),
        };
        let letter = letter.to_ascii_lowercase();
        !(pr.mandatory_pawn
            && types.iter().any(|t| t.to_ascii_lowercase() == letter)
            && zone.contains(&s))
    };
    let mut stepped = (0..v.ranks)
        .filter_map(|r| Square::new(from.file(), r))
        .filter(|s| colour.forward() * (s.rank() as i8 - mine.square.rank() as i8) > 0)
        .filter(|s| colour.forward() * (from.rank() as i8 - s.rank() as i8) >= 0);
    unpromoted(them, theirs.letter, taken) && stepped.all(|s| unpromoted(colour, mine.letter, s))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(parent: &str) -> Variant {
        crate::variant::builtin_for_tests(parent)
    }

    /// Written by hand from pyffish's play (Fairy-Stockfish 0.0.90):
    /// whether the game's Pawn ever takes en passant.
    #[test]
    fn a_pawn_takes_en_passant_where_pyffish_lets_it() {
        // chess: e2e4 ... e4e5, d7d5: e5d6 is legal.
        assert!(ever_takes(&game("chess"), 'p'));
        // Spartan: a Hoplite's double step is diagonal (e7c5 passes d6),
        // and after 1.e4 b6 2.e5 Hc5, e5's one move is e5e6.
        assert!(!ever_takes(&game("spartan"), 'p'));
        // Georgian: enPassantRegion = -.
        assert!(!ever_takes(&game("georgian"), 'p'));
        // Placement: the rule says so; the pieces start in hand.
        assert!(ever_takes(&game("placement"), 'p'));
    }

    #[test]
    fn a_crowded_start_is_cleared_where_a_double_step_needs_room() {
        // Horde's White Pawns fill its first four ranks: for Black to
        // take en passant, a White Pawn's double step needs the squares
        // ahead of it emptied (pyffish: b2b4 with a Black Pawn on a4,
        // then a4b3 is legal).
        let v = game("horde");
        let black = demonstration(&v, Colour::Black).expect("Horde: Black takes en passant");
        assert_eq!(black.pos.fen(&v).split(' ').nth(3), Some("b3"));
        assert!(demonstration(&v, Colour::White).is_some());
    }

    #[test]
    fn a_diagonal_double_step_names_the_pawn_to_take() {
        // pyffish, Berolina: after d2f4 the FEN's en passant field is
        // `e3f4`; given `e3` alone, e4e3 takes nothing.
        let v = game("berolina");
        let black = demonstration(&v, Colour::Black).expect("Berolina: Black takes en passant");
        let fen = black.pos.fen(&v);
        assert_eq!(fen.split(' ').nth(3), Some("e3f4"), "{fen}");
        let chess = game("chess");
        let white = demonstration(&chess, Colour::White).expect("chess");
        assert_eq!(white.pos.fen(&chess).split(' ').nth(3), Some("d6"));
    }

    use crate::variant::last_for_tests as read_one;

    #[test]
    fn a_pawn_outside_its_double_step_region_never_steps_twice() {
        // Pawns on the 3rd and 6th ranks, the double step from the 2nd
        // and 7th (Orda mirror): pyffish gives d3 one step, d3d4.
        let v = read_one(
            "[o:chess]\nstartFen = rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1\n",
        );
        assert_eq!(demonstration(&v, Colour::White), None);
        assert!(!ever_takes(&v, 'p'));
    }

    #[test]
    fn a_pawn_that_promotes_before_it_could_take_takes_nothing() {
        // Epic atomic's zones: White promotes from the 6th rank, Black
        // from the 5th; a Black double step ends in Black's zone, and a
        // Black Pawn would promote on its way to the 4th rank.
        let v = read_one(
            "[e:atomic]\nstartFen = rnnbqkbnnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNNBQKBNNR w - - 0 1\n\
             maxFile = 10\npromotionRegionWhite = *6 *7 *8\npromotionRegionBlack = *5 *4 *3 *2 *1\ncastling = false\n",
        );
        assert_eq!(demonstration(&v, Colour::White), None);
        assert_eq!(demonstration(&v, Colour::Black), None);
    }
}
