//! Castling: where each side castles from, as Fairy-Stockfish finds it in
//! the start position ([`castle`]), the castling rights a position keeps,
//! and (natively: pages are written there) the demonstration, a position
//! where a side may castle both ways the game allows (the start position,
//! the pieces between its King and its Rooks moved up their files to the
//! first empty square), and the squares its King lands on when it castles.
//!
//! ```
//! use glance::variant::{castling, read, Colour};
//! let v = &read("[capa:capablanca]\n", "capa.ini").unwrap()[0];
//! let (demo, to) = castling::demonstration(v, Colour::White).unwrap();
//! assert_eq!(demo.fen(v), "rnabqkbcnr/pppppppppp/10/10/10/1NABQ1BCN1/PPPPPPPPPP/R4K3R w KQkq - 0 1");
//! let to: Vec<String> = to.iter().map(|s| s.to_string()).collect();
//! assert_eq!(to, ["i1", "c1"]);
//! ```

use alloc::string::String;
use alloc::vec::Vec;

#[cfg(not(target_arch = "wasm32"))]
use super::drops::Position;
use super::{Placement, Variant};
use crate::engine::geometry::{Colour, Square};

/// A side's castling as the start position has it: the king's file, the
/// rooks' (files from 0) and the rank (from 1, the side's own board
/// rank: Black's is counted from the top, as FEN rows are not).
pub struct Castle {
    pub rank: u8,
    pub king: u8,
    pub rook_king_side: Option<u8>,
    pub rook_queen_side: Option<u8>,
}

/// Whether a player may castle in this game as it starts: castling is on
/// and the start position gives a side a King and a Rook to castle with
/// (the one predicate of the rules' sentence and the King's remark).
pub fn castles(v: &Variant) -> bool {
    stated(v).is_some()
}

/// The castling the rules' sentence states ([`castle`]): White's, else
/// Black's (Horde's White has no King), and whether the other side
/// castles too.
pub fn stated(v: &Variant) -> Option<(Colour, Castle, bool)> {
    match (castle(v, Colour::White), castle(v, Colour::Black)) {
        (Some(c), other) => Some((Colour::White, c, other.is_some())),
        (None, Some(c)) => Some((Colour::Black, c, false)),
        (None, None) => None,
    }
}

/// Whether `colour` may not castle out of, through or into attack:
/// Fairy-Stockfish's `Position::legal` checks the squares the castling
/// piece stands on, crosses and lands on only where it is the game's King
/// type or a pseudo-royal piece (`extinctionPseudoRoyal`: Atomic's);
/// any other castling piece (Giveaway's King, a Commoner) is never
/// impeded by attack.
///
/// ```
/// use glance::variant::{castling, read, Colour};
/// let v = &read("[c:chess]\n[g:giveaway]\n", "c.ini").unwrap();
/// assert!(castling::guarded(&v[0], Colour::White));
/// assert!(!castling::guarded(&v[1], Colour::White));
/// ```
pub fn guarded(v: &Variant, colour: Colour) -> bool {
    let Some(letter) = king_type(v, colour) else {
        return false;
    };
    let x = &v.rules.end.extinction;
    v.piece(letter).is_some_and(|p| p.royal) || (x.pseudo_royal && x.piece_types.contains(&letter))
}

/// The type that castles for `colour`: its `castlingKingPiece`, else the
/// game's royal piece.
pub fn king_type(v: &Variant, colour: Colour) -> Option<char> {
    v.rules.moves.castling_king_piece[colour]
        .or_else(|| v.pieces.iter().find(|p| p.royal).map(|p| p.letter))
}

/// `colour`'s castling rank, the board's rank from 1 (Black's counted
/// from the top).
pub fn rank(v: &Variant, colour: Colour) -> Option<u8> {
    let r = v.rules.moves.castling_rank;
    match colour {
        Colour::White => Some(r),
        Colour::Black => (v.ranks + 1).checked_sub(r),
    }
}

/// Where `colour` castles from, found as Fairy-Stockfish's FEN reader
/// finds it (its `set`): the castling king piece on the castling rank
/// (else the `castlingKingFile`), the outermost castling rook on each
/// side of it; `None` where the start gives `colour` no castling right.
/// `rank` is the board's rank from 1 (Black's castling rank from the
/// top).
pub fn castle(v: &Variant, colour: Colour) -> Option<Castle> {
    let m = &v.rules.moves;
    if !v.castling.allowed || !v.castles_at_start[colour] {
        return None;
    }
    let rank = rank(v, colour)?;
    let king_letter = king_type(v, colour)?;
    let on_rank = |letter: char| {
        v.start
            .iter()
            .filter(move |p| {
                p.colour == colour && p.letter == letter && p.square.rank() + 1 == rank
            })
            .map(|p| p.square.file())
    };
    let kings: Vec<u8> = on_rank(king_letter).collect();
    let king = match kings.as_slice() {
        [one] => *one,
        _ => m.castling_king_file,
    };
    if !kings.contains(&king) {
        return None;
    }
    let rooks: Vec<u8> = m.castling_rook_pieces[colour]
        .iter()
        .flat_map(|&l| on_rank(l))
        .collect();
    let rook_king_side = rooks.iter().copied().filter(|f| *f > king).max();
    let rook_queen_side = rooks.iter().copied().filter(|f| *f < king).min();
    if rook_king_side.is_none() && rook_queen_side.is_none() {
        return None;
    }
    Some(Castle {
        rank,
        king,
        rook_king_side,
        rook_queen_side,
    })
}

/// The position that shows `colour` castling, and where its King lands
/// (king side first), or `None` where it cannot castle.
#[cfg(not(target_arch = "wasm32"))]
pub fn demonstration(v: &Variant, colour: Colour) -> Option<(Position, Vec<Square>)> {
    let c = castle(v, colour)?;
    let rank = c.rank.checked_sub(1)?;
    // The start position, the squares between the King and its Rooks
    // emptied: a position of the game itself (a game of extinction is
    // not over), where castling is legal.
    let lo = c.rook_queen_side.unwrap_or(c.king);
    let hi = c.rook_king_side.unwrap_or(c.king);
    let between = |p: &Placement| {
        p.colour == colour
            && p.square.rank() == rank
            && p.square.file() > lo
            && p.square.file() < hi
            && p.square.file() != c.king
    };
    // The pieces between move up their files to the first empty square:
    // a side keeps every piece (Extinction chess is lost without its
    // Queen).
    let mut board: Vec<Placement> = v.start.iter().filter(|p| !between(p)).copied().collect();
    for p in v.start.iter().filter(|p| between(p)) {
        let free = (1..v.ranks).find_map(|d| {
            let r = match colour {
                Colour::White => rank.checked_add(d)?,
                Colour::Black => rank.checked_sub(d)?,
            };
            let sq = Square::new(p.square.file(), r).filter(|s| s.rank() < v.ranks)?;
            (!board.iter().any(|q| q.square == sq)).then_some(sq)
        });
        if let Some(sq) = free {
            board.push(Placement { square: sq, ..*p });
        }
    }
    let mut to = Vec::new();
    if c.rook_king_side.is_some() {
        to.extend(Square::new(v.castling.kingside_file, rank));
    }
    if c.rook_queen_side.is_some() {
        to.extend(Square::new(v.castling.queenside_file, rank));
    }
    let mut pos = Position {
        board,
        hand: Vec::new(),
        to_move: colour,
        rights: String::new(),
        en_passant: None,
        en_passant_taken: None,
    };
    // Where a capture must be made, none may wait: the pieces the mover
    // could take leave the position.
    if v.rules.captures.must_capture {
        while let Some(sq) = super::drops::first_capture(v, &pos, colour) {
            pos.board.retain(|p| p.square != sq);
        }
    }
    // Both sides keep the rights their King and Rooks still have (where
    // castling wins, a side without them has lost: Castle chess).
    pos.rights = rights_of(v, &pos.board);
    Some((pos, to))
}

/// The castling field of a FEN of `board` (`KQkq`, `-`): both sides'
/// rights their King and Rooks still have.
pub fn rights_of(v: &Variant, board: &[Placement]) -> String {
    let out: String = [Colour::White, Colour::Black]
        .into_iter()
        .map(|side| rights(v, board, side))
        .collect();
    if out.is_empty() {
        String::from("-")
    } else {
        out
    }
}

/// The castling rights (`KQ`, `kq`) `colour` keeps on `board`: each side
/// whose Rook still stands on its start square, where its King does.
fn rights(v: &Variant, board: &[Placement], colour: Colour) -> String {
    let mut out = String::new();
    let Some(c) = castle(v, colour) else {
        return out;
    };
    let Some(rank) = c.rank.checked_sub(1) else {
        return out;
    };
    let stands = |file: u8| {
        board
            .iter()
            .any(|p| Square::new(file, rank) == Some(p.square) && v.start.contains(p))
    };
    if !stands(c.king) {
        return out;
    }
    let (k, q) = match colour {
        Colour::White => ('K', 'Q'),
        Colour::Black => ('k', 'q'),
    };
    if c.rook_king_side.is_some_and(stands) {
        out.push(k);
    }
    if c.rook_queen_side.is_some_and(stands) {
        out.push(q);
    }
    out
}
