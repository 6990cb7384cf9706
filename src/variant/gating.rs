//! The gating demonstrations (S-Chess: `gating` with `seirawanGating`):
//! per type of piece a side may hold in hand (at the start, and where
//! captures go to hand, S-House's, every type a capture can put there), a
//! position where every square that piece may enter the board on is a
//! gate, and those squares.
//!
//! Fairy-Stockfish's move generator (`make_move_and_gating`) adds to a
//! move from a gate, a square of the side's castling rank whose piece has
//! not moved yet (the start FEN's castling field names them, S-Chess's
//! `KQBCDFG`), the same move with a piece of the mover's hand placed on
//! the square it leaves (`b1c3h`: a Hawk on b1); a castling move may also
//! place it on the Rook's square (`h1e1h`). The piece enters only where
//! its drops could reach (`drop_region`: a pawn type never on its first
//! rank). The position keeps the side's pieces on that rank, all of them
//! gates, its royal pieces, the other side's royal pieces, and the piece
//! in hand; a gate is shown where its piece has a legal move.
//!
//! ```
//! use glance::variant::{gating, read, Colour};
//! let v = &read("[s:seirawan]\n", "s.ini").unwrap()[0];
//! let all = gating::demonstrations(v, Colour::White);
//! let hawk = &all[0];
//! assert_eq!(hawk.letter, 'h');
//! assert_eq!(hawk.pos.fen(v), "4k3/8/8/8/8/8/8/RNBQKBNR[H] w KQBCDFG - 0 1");
//! let gates: Vec<String> = hawk.gates.iter().map(|g| format!("{}{}", g.leaves, g.square)).collect();
//! assert_eq!(gates, ["ra1", "nb1", "bc1", "qd1", "ke1", "bf1", "ng1", "rh1"]);
//! assert_eq!(all[1].letter, 'e');
//! ```

use alloc::string::String;
use alloc::vec::Vec;

use super::castling::{castle, rights_of};
use super::drops::{self, Position};
use super::{Placement, Variant};
use crate::Diagram;
use crate::engine::geometry::{Colour, Square, SquareSet};

/// A piece in hand shown entering the board by gating.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gating {
    /// The position: the gates' pieces, the royal pieces, the piece in
    /// hand; the side to move is the hand's.
    pub pos: Position,
    /// The piece in hand's type.
    pub letter: char,
    /// Whether the side holds none at the start: the piece comes to its
    /// hand by a capture (S-House).
    pub captured: bool,
    /// Every square it may enter on, by file.
    pub gates: Vec<Gate>,
}

/// A square the piece in hand may enter on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Gate {
    pub square: Square,
    /// The type of the piece whose first move opens it (lower case).
    pub leaves: char,
}

/// Whether the game gates pieces in: Fairy-Stockfish generates gating
/// moves only under `seirawanGating`, and keeps gates only under
/// `gating` (which alone, Cambodian's, marks the King's and the Met's
/// first leaps).
pub fn gates_pieces(v: &Variant) -> bool {
    v.rules.moves.gating && v.rules.moves.seirawan_gating
}

/// The types `colour` may gate in, in the variant's order of piece
/// types: first those it holds in hand at the start, then, where captures
/// go to hand, the others a capture can put there (Fairy-Stockfish gates
/// any type the hand holds: `make_move_and_gating`, `can_drop`). Each
/// with whether it comes only by a capture.
pub fn gating_types(v: &Variant, colour: Colour) -> Vec<(char, bool)> {
    if !gates_pieces(v) {
        return Vec::new();
    }
    let held: Vec<char> = v
        .in_hand
        .chars()
        .filter(|c| c.is_ascii_alphabetic() && c.is_ascii_uppercase() == (colour == Colour::White))
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let mut types: Vec<(char, bool)> = v
        .pieces
        .iter()
        .map(|p| p.letter)
        .filter(|l| held.contains(l))
        .map(|l| (l, false))
        .collect();
    types.extend(
        drops::hand_types(v, colour)
            .into_iter()
            .filter(|l| !held.contains(l))
            .map(|l| (l, true)),
    );
    types
}

/// `colour`'s gating demonstrations, one per type of [`gating_types`]
/// that may enter somewhere.
pub fn demonstrations(v: &Variant, colour: Colour) -> Vec<Gating> {
    gating_types(v, colour)
        .into_iter()
        .filter_map(|(letter, captured)| shown(v, colour, letter, captured))
        .collect()
}

/// The rank (from 0) of `colour`'s gates: its castling rank.
fn gate_rank(v: &Variant, colour: Colour) -> Option<u8> {
    let rank = v.rules.moves.castling_rank.checked_sub(1)?;
    match colour {
        Colour::White => Some(rank),
        Colour::Black => v.ranks.checked_sub(rank + 1),
    }
}

/// The position: `colour`'s start pieces on its gate rank and its royal
/// pieces, the other side's royal pieces, `letter` in `colour`'s hand.
fn position(v: &Variant, colour: Colour, letter: char) -> Option<(Position, Vec<Placement>)> {
    let rank = gate_rank(v, colour)?;
    let royal = |p: &Placement| v.piece(p.letter).is_some_and(|q| q.royal);
    let gated: Vec<Placement> = v
        .start
        .iter()
        .filter(|p| p.colour == colour && p.square.rank() == rank && !p.promoted)
        .copied()
        .collect();
    let mut board: Vec<Placement> = gated.clone();
    board.extend(
        v.start
            .iter()
            .filter(|p| royal(p) && !gated.contains(p))
            .copied(),
    );
    // The other side must have a piece; one with no royal piece (Horde's
    // White) keeps none here: no demonstration.
    if !board.iter().any(|p| p.colour != colour) {
        return None;
    }
    let pos = Position {
        rights: rights(v, colour, &board, &gated),
        board,
        hand: Vec::from([(colour, letter)]),
        to_move: colour,
        en_passant: None,
        en_passant_taken: None,
    };
    Some((pos, gated))
}

/// The castling field: the castling rights the King and Rooks keep
/// (`KQ`), then the file of every other gate (`BCDFG`), as
/// Fairy-Stockfish writes it.
fn rights(v: &Variant, colour: Colour, board: &[Placement], gated: &[Placement]) -> String {
    let castling = rights_of(v, board);
    let castling = if castling == "-" {
        String::new()
    } else {
        castling
    };
    let white = colour == Colour::White;
    let (k, q) = if white { ('K', 'Q') } else { ('k', 'q') };
    let mut implied: Vec<u8> = Vec::new();
    if let Some(c) = castle(v, colour) {
        if castling.contains(k) {
            implied.push(c.king);
            implied.extend(c.rook_king_side);
        }
        if castling.contains(q) {
            implied.push(c.king);
            implied.extend(c.rook_queen_side);
        }
    }
    let mut files: Vec<u8> = gated
        .iter()
        .map(|p| p.square.file())
        .filter(|f| !implied.contains(f))
        .collect();
    files.sort_unstable();
    let mut out = castling;
    for f in files {
        let c = char::from(b'a' + f);
        out.push(if white { c.to_ascii_uppercase() } else { c });
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

/// The demonstration of `colour`'s `letter`, if it may enter somewhere.
fn shown(v: &Variant, colour: Colour, letter: char, captured: bool) -> Option<Gating> {
    v.piece(letter)?;
    let board = SquareSet::rectangle(v.files, v.ranks)?;
    let (pos, gated) = position(v, colour, letter)?;
    if drops::in_check(v, &pos, colour) || drops::in_check(v, &pos, colour.opposite()) {
        return None;
    }
    // Where captures are compulsory, the mover has none to make.
    if v.rules.captures.must_capture && drops::first_capture(v, &pos, colour).is_some() {
        return None;
    }
    // Castling is not shown: where a square between the King and a Rook
    // is empty, the King could castle, which this model does not play.
    if let (Some(c), Some(rank)) = (castle(v, colour), gate_rank(v, colour)) {
        let lo = c.rook_queen_side.unwrap_or(c.king);
        let hi = c.rook_king_side.unwrap_or(c.king);
        let open = (lo + 1..hi).filter(|&f| f != c.king).any(|f| {
            Square::new(f, rank).is_some_and(|s| !pos.board.iter().any(|p| p.square == s))
        });
        if open {
            return None;
        }
    }
    let gates: Vec<Gate> = gated
        .iter()
        .filter(|p| drops::in_drop_region(v, &pos, colour, letter, p.square))
        .filter(|p| has_legal_move(v, &pos, &board, p))
        .map(|p| Gate {
            square: p.square,
            leaves: p.letter,
        })
        .collect();
    if gates.is_empty() {
        return None;
    }
    Some(Gating {
        pos,
        letter,
        captured,
        gates,
    })
}

/// Whether the piece `p` of `pos` has a move that leaves its side's royal
/// pieces unattacked.
fn has_legal_move(v: &Variant, pos: &Position, board: &SquareSet, p: &Placement) -> bool {
    let Some((moves, mobility)) = drops::moves_at(v, p) else {
        return false;
    };
    let occupied = pos.occupied();
    let friends: SquareSet = pos
        .board
        .iter()
        .filter(|q| q.colour == p.colour)
        .map(|q| q.square)
        .collect();
    let d = Diagram::among(&moves, p.square, p.colour, board, &occupied, &friends);
    d.marks().any(|(to, _)| {
        let enemy = pos
            .board
            .iter()
            .any(|q| q.square == to && q.colour != p.colour);
        let reaches = if occupied.contains(to) {
            enemy && d.can_capture_on(to)
        } else {
            d.can_move_to(to)
        };
        if !reaches || mobility.is_some_and(|m| !m.contains(&to)) {
            return false;
        }
        let mut after = pos.clone();
        after.board.retain(|q| q.square != to);
        if let Some(q) = after.board.iter_mut().find(|q| q.square == p.square) {
            q.square = to;
        }
        !drops::in_check(v, &after, p.colour)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(parent: &str) -> Variant {
        crate::variant::builtin_for_tests(parent)
    }

    fn gates(g: &Gating) -> Vec<String> {
        g.gates.iter().map(|g| g.square.to_string()).collect()
    }

    /// pyffish (Fairy-Stockfish 0.0.90), seirawan,
    /// `4k3/8/8/8/8/8/8/RNBQKBNR[E] w KQBCDFG - 0 1` (validate_fen 1):
    /// the moves with the suffix `e` start on a1 to h1, each square of
    /// the first rank (`a1a2e` ... `h1h8e`).
    #[test]
    fn seirawan_gates_every_first_rank_square() {
        let v = game("seirawan");
        let all = demonstrations(&v, Colour::White);
        assert_eq!(all.iter().map(|g| g.letter).collect::<Vec<_>>(), ['h', 'e']);
        let e = &all[1];
        assert_eq!(e.pos.fen(&v), "4k3/8/8/8/8/8/8/RNBQKBNR[E] w KQBCDFG - 0 1");
        assert_eq!(gates(e), ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]);
    }

    /// pyffish, shouse, `4k3/8/8/8/8/8/8/RNBQKBNR[H] w KQBCDFG - 0 1`
    /// (validate_fen 1): a1 to h1 gate the Hawk, as in S-Chess. A captured
    /// Knight gates too: with `[N]` in hand, pyffish's legal moves include
    /// `b1c3n` and `e1e2n`; a Pawn never (`a1a2p` is no legal move: its
    /// drops never reach the first rank).
    #[test]
    fn shouse_gates_the_start_hand_then_what_captures_bring() {
        let v = game("shouse");
        let all = demonstrations(&v, Colour::White);
        let letters: Vec<(char, bool)> = all.iter().map(|g| (g.letter, g.captured)).collect();
        assert_eq!(
            letters,
            [
                ('h', false),
                ('e', false),
                ('n', true),
                ('b', true),
                ('r', true),
                ('q', true)
            ]
        );
        assert_eq!(
            all[0].pos.fen(&v),
            "4k3/8/8/8/8/8/8/RNBQKBNR[H] w KQBCDFG - 0 1"
        );
        assert_eq!(gates(&all[0]).len(), 8);
        assert_eq!(
            all[2].pos.fen(&v),
            "4k3/8/8/8/8/8/8/RNBQKBNR[N] w KQBCDFG - 0 1"
        );
        assert_eq!(gates(&all[2]).len(), 8);
    }

    #[test]
    fn black_gates_on_its_own_first_rank() {
        let v = game("seirawan");
        let b = &demonstrations(&v, Colour::Black)[0];
        assert_eq!(b.pos.fen(&v), "rnbqkbnr/8/8/8/8/8/8/4K3[h] b kqbcdfg - 0 1");
        assert_eq!(gates(b), ["a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"]);
    }

    /// Gating alone (Cambodian's) places nothing; chess has no gating.
    #[test]
    fn no_gating_without_seirawan_gating() {
        assert!(demonstrations(&game("cambodian"), Colour::White).is_empty());
        assert!(demonstrations(&game("chess"), Colour::White).is_empty());
    }

    /// A gate whose piece cannot move stays shut. pyffish, seirawan,
    /// `4k3/8/8/8/8/8/P7/RNBQKBNR[H] w KQBCDFG - 0 1` (validate_fen 1):
    /// the moves with the suffix `h` start on b1 to h1, none on a1 (the
    /// Rook, boxed in by the Pawn and the Knight).
    #[test]
    fn a_piece_with_no_move_opens_no_gate() {
        let v = game("seirawan");
        let (mut pos, _) = position(&v, Colour::White, 'h').unwrap();
        let board = SquareSet::rectangle(8, 8).unwrap();
        let a2 = Square::parse("a2").unwrap();
        pos.board.push(Placement {
            square: a2,
            letter: 'p',
            colour: Colour::White,
            promoted: false,
        });
        let rook = *pos.board.iter().find(|p| p.letter == 'r').unwrap();
        assert_eq!(rook.square.to_string(), "a1");
        assert!(!has_legal_move(&v, &pos, &board, &rook));
        let knight = *pos.board.iter().find(|p| p.letter == 'n').unwrap();
        assert!(has_legal_move(&v, &pos, &board, &knight));
    }
}
