//! The game as it stands once every piece in hand is placed, for a game
//! whose royal pieces start in hand (Placement, Screen): its start
//! position has no King to castle and no position to take en passant in,
//! so those demonstrations are made here instead.
//!
//! Each side drops its hand, its royal pieces first and its pawns last,
//! every piece on the drop square that Fairy-Stockfish allows
//! ([`drops::squares`]) nearest its own edge and then nearest the
//! centre file; where the game gives castling rights to dropped pieces
//! (`castlingDroppedPiece`), the castling King goes to its castling
//! square and the castling Rooks to the corners of its rank, which is
//! what gives them the right to castle.
//!
//! ```
//! use glance::variant::{castling, drops::Position, placed, read, Colour};
//! let v = &read("[p:placement]\n", "p.ini").unwrap()[0];
//! let w = placed::placed(v).unwrap();
//! let mut pos = Position::start(&w);
//! pos.rights = castling::rights_of(&w, &w.start);
//! let fen = pos.fen(&w);
//! assert_eq!(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1");
//! assert!(w.castles_at_start[Colour::White]);
//! // A game that starts with its Kings on the board is left as it is.
//! assert!(placed::placed(&read("[c:chess]\n", "c.ini").unwrap()[0]).is_none());
//! ```

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::drops::{self, Position};
use super::{Placement, Variant, castling};
use crate::engine::geometry::{Colour, Square};

/// Whether the game starts by placing its royal pieces from hand.
pub fn royal_in_hand(v: &Variant) -> bool {
    v.in_hand
        .chars()
        .any(|c| v.piece(c).is_some_and(|p| p.royal))
}

/// The variant as its castling and en passant are shown: [`placed`]
/// where its royal pieces start in hand, else `v` itself.
pub fn played(v: &Variant) -> Cow<'_, Variant> {
    placed(v).map_or(Cow::Borrowed(v), Cow::Owned)
}

/// The variant with every piece of its hands placed on the board
/// (`start`), its hands empty and the castling rights the placing gave
/// (`castles_at_start`); `None` where the royal pieces start on the board
/// or some piece in hand finds no square.
pub fn placed(v: &Variant) -> Option<Variant> {
    if !royal_in_hand(v) || !v.rules.drops.allowed {
        return None;
    }
    let mut pos = Position::start(v);
    for colour in [v.first, v.first.opposite()] {
        pos.to_move = colour;
        for letter in order(v, colour) {
            let to = square_for(v, &pos, colour, letter)?;
            let i = pos
                .hand
                .iter()
                .position(|&(c, l)| c == colour && l == letter)?;
            pos.hand.remove(i);
            pos.board.push(Placement {
                square: to,
                letter,
                colour,
                promoted: false,
            });
        }
    }
    let mut out = v.clone();
    out.start = pos.board;
    out.in_hand = String::new();
    // (Fairy-Stockfish's `do_move`: a castling King dropped on its
    // castling square, with a castling Rook in a corner of that rank, or
    // the other way round, gives the right to castle.)
    for colour in [Colour::White, Colour::Black] {
        out.castles_at_start[colour] = v.castling.allowed
            && v.rules.drops.castling_dropped_piece
            && castling_squares(v, colour).is_some_and(|c| {
                let stands = |sq: Square, letters: &[char]| {
                    out.start.iter().any(|p| {
                        p.colour == colour && p.square == sq && letters.contains(&p.letter)
                    })
                };
                c.king.is_some_and(|k| stands(c.from, &[k]))
                    && c.corners
                        .iter()
                        .any(|&c| stands(c, &v.rules.moves.castling_rook_pieces[colour]))
            });
    }
    Some(out)
}

/// Where `colour`'s dropped pieces gain the right to castle.
struct CastlingSquares {
    /// The castling King type.
    king: Option<char>,
    /// The square it castles from.
    from: Square,
    /// The corners of that rank, where its castling Rooks stand.
    corners: Vec<Square>,
}

/// Where `colour`'s dropped King and Rooks gain the right to castle.
fn castling_squares(v: &Variant, colour: Colour) -> Option<CastlingSquares> {
    // (0-based: the castling rank counts from 1.)
    let rank = castling::rank(v, colour)?.checked_sub(1)?;
    let king = castling::king_type(v, colour);
    let corners = [0, v.files.checked_sub(1)?]
        .into_iter()
        .filter_map(|f| Square::new(f, rank))
        .collect();
    Some(CastlingSquares {
        king,
        from: Square::new(v.rules.moves.castling_king_file, rank)?,
        corners,
    })
}

/// `colour`'s pieces in hand in the order they are placed: royal pieces
/// first, pawns (the types that promote) last.
fn order(v: &Variant, colour: Colour) -> Vec<char> {
    let mut letters: Vec<char> = v
        .in_hand
        .chars()
        .filter(|c| c.is_ascii_alphabetic() && c.is_ascii_uppercase() == (colour == Colour::White))
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let pawns = &v.promotion.pawn_types;
    letters.sort_by_key(|l| {
        let royal = v.piece(*l).is_some_and(|p| p.royal);
        (!royal, pawns.contains(l))
    });
    letters
}

/// The square `colour`'s `letter` is placed on in `pos`: its castling
/// square where the game lets a dropped piece castle, else the legal
/// drop square nearest `colour`'s edge, then nearest the centre file.
fn square_for(v: &Variant, pos: &Position, colour: Colour, letter: char) -> Option<Square> {
    let legal = drops::squares(v, pos, colour, letter);
    if v.castling.allowed && v.rules.drops.castling_dropped_piece {
        if let Some(c) = castling_squares(v, colour) {
            let wanted: Vec<Square> = if c.king == Some(letter) {
                alloc::vec![c.from]
            } else if v.rules.moves.castling_rook_pieces[colour].contains(&letter) {
                c.corners
            } else {
                Vec::new()
            };
            if let Some(&sq) = wanted.iter().find(|s| legal.contains(s)) {
                return Some(sq);
            }
        }
    }
    let middle = i16::from(v.files) - 1;
    legal.into_iter().min_by_key(|s| {
        let depth = match colour {
            Colour::White => s.rank(),
            Colour::Black => v.ranks - 1 - s.rank(),
        };
        let off = (i16::from(s.file()) * 2 - middle).abs();
        (depth, off, s.file())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::read;

    #[test]
    fn pawns_in_hand_go_last_one_a_file() {
        // Screen (the reference file's): every piece starts in hand and
        // drops anywhere in its half, no two Pawns on a file.
        let ini = "[screen:placement]\ndropNoDoubled = p\n\
                   startFen = 8/8/8/8/8/8/8/8[KQRRBBNNPPPPPPPPkqrrbbnnpppppppp] w - - 0 1\n\
                   dropRegionWhite = *1 *2 *3 *4\ndropRegionBlack = *8 *7 *6 *5\n";
        let v = &read(ini, "s.ini").unwrap()[0];
        let w = placed(v).unwrap();
        assert_eq!(
            Position::start(&w).fen(&w),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1"
        );
        assert!(w.castles_at_start[Colour::White] && w.castles_at_start[Colour::Black]);
    }

    #[test]
    fn no_right_to_castle_unless_a_dropped_piece_gains_it() {
        let v = &read("[p:placement]\ncastlingDroppedPiece = false\n", "p.ini").unwrap()[0];
        let w = placed(v).unwrap();
        assert!(!w.castles_at_start[Colour::White] && !w.castles_at_start[Colour::Black]);
    }
}
