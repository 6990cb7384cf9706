//! The pieces a player of a variant meets, per side, and which of them a
//! page's board can show: a piece stands on the board for a side only
//! where the game writes it with its own letter for that side.
//!
//! A side meets the pieces of its start position (a promoted one, `+F`,
//! as the type it promotes to, and as its own type too where promoted
//! pieces demote when they move; the other side meets its own type where
//! captures go to hand), of its pockets, the pieces its pawns
//! promote to (`promotionPieceTypesWhite/Black`) and the types its pieces
//! promote to (`promotedPieceType`); in a game where captures go to the
//! hand (`capturesToHand`), also the other side's unpromoted pieces. Of
//! those, the board
//! shows:
//!
//! * a piece of the start position or the pockets, or one a pawn promotes
//!   to, where the `pieceToCharTable` (if any) has its letter in that
//!   side's case: the table is what the game writes (Orda's White has no
//!   Silver, `Y`; Shogun's `+F`, a Queen, has no `Q` there). A table that
//!   misses a letter of the start position (inherited from a parent with
//!   other pieces, as chess's) is not followed: Fairy-Stockfish warns of
//!   it;
//! * a promoted type (`+P` of a shogi game, written by the letter of the
//!   type it moves as) unless promoted pieces demote (`pieceDemotion`,
//!   Chennis, Gethenian: the `+P` is no Rook, `R`, which would never
//!   demote), or it is a royal piece that no side starts with (Forward's
//!   `+G`, its King: the game refuses a position with a `K`).
//!
//! A variant whose start position and pockets are empty (pieces only
//! dropped, as in Snort) meets every piece, both sides.

use alloc::collections::BTreeMap;
use alloc::vec::Vec;

use super::{Colour, Variant};

/// How a side meets a piece.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum How {
    /// In its start position or pockets, or by a pawn's promotion.
    Letter,
    /// Promoted in the start position (`+F`): its type's letter only
    /// where the `pieceToCharTable` gives it.
    StartPromoted,
    /// By a piece's promotion (`promotedPieceType`).
    Promoted,
}

/// Per piece letter, whether each side (White, Black) meets it and
/// whether the board shows it for each side.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Sides {
    pub met: [bool; 2],
    pub board: [bool; 2],
}

fn side(c: Colour) -> usize {
    match c {
        Colour::White => 0,
        Colour::Black => 1,
    }
}

/// The pieces of `v` a player meets, by letter (lower case).
pub fn sides(v: &Variant) -> BTreeMap<char, Sides> {
    let mut how: BTreeMap<(char, usize), Vec<How>> = BTreeMap::new();
    let add = |how: &mut BTreeMap<(char, usize), Vec<How>>, c: char, s: usize, h: How| {
        if v.piece(c).is_some() {
            how.entry((c.to_ascii_lowercase(), s)).or_default().push(h);
        }
    };
    let pr = &v.promotion;
    let promoted_to = |c: char| {
        pr.promoted
            .iter()
            .find(|(from, _)| *from == c.to_ascii_lowercase())
            .map(|(_, to)| *to)
    };
    let demotes = v.rules.moves.demotion;
    for s in &v.start {
        match promoted_to(s.letter).filter(|_| s.promoted) {
            Some(to) => {
                add(&mut how, to, side(s.colour), How::StartPromoted);
                // A promoted piece that demotes when it moves (Kyoto
                // shogi's `+L` becomes a Lance) is met as its own type too;
                // where captures go to hand, the other side meets it so
                // (Shogun's `+F`, a Queen, taken is a Ferz in hand).
                if demotes {
                    add(&mut how, s.letter, side(s.colour), How::Letter);
                }
                if v.rules.drops.captures_to_hand {
                    add(&mut how, s.letter, 1 - side(s.colour), How::Letter);
                }
            }
            None => add(&mut how, s.letter, side(s.colour), How::Letter),
        }
    }
    for c in v.in_hand.chars().filter(char::is_ascii_alphabetic) {
        let s = usize::from(c.is_ascii_lowercase());
        add(&mut how, c, s, How::Letter);
    }
    if how.is_empty() {
        return v
            .pieces
            .iter()
            .map(|p| {
                let both = [true, true];
                (
                    p.letter,
                    Sides {
                        met: both,
                        board: both,
                    },
                )
            })
            .collect();
    }
    if v.rules.drops.captures_to_hand {
        // (The pieces met unpromoted: a promoted piece captured is its
        // unpromoted type in the hand.)
        let all: Vec<(char, usize)> = how
            .iter()
            .filter(|(_, hs)| hs.contains(&How::Letter))
            .map(|(k, _)| *k)
            .collect();
        for (c, s) in all {
            if !how.contains_key(&(c, 1 - s)) {
                add(&mut how, c, 1 - s, How::Letter);
            }
        }
    }
    for (s, types) in [(0, &pr.piece_types_white), (1, &pr.piece_types_black)] {
        if pr.pawn_types.iter().any(|p| how.contains_key(&(*p, s))) {
            for &t in types {
                add(&mut how, t, s, How::Letter);
            }
        }
    }
    // A promoted piece promotes no further: one pass, from the pieces met
    // unpromoted.
    let promotions: Vec<(char, usize)> = how
        .iter()
        .filter(|(_, hs)| hs.contains(&How::Letter))
        .filter_map(|(&(c, s), _)| promoted_to(c).map(|to| (to, s)))
        .collect();
    // (Not a type the side starts with promoted: Shogun's Queen is a +F
    // from the start, which the table does not write, whatever a Fers
    // dropped later may become.)
    for (to, s) in promotions {
        if !how
            .get(&(to, s))
            .is_some_and(|hs| hs.contains(&How::StartPromoted))
        {
            add(&mut how, to, s, How::Promoted);
        }
    }
    // A table that misses a letter of the start position (one a section
    // inherits from a parent with other pieces, chess's) is one
    // Fairy-Stockfish warns of ("Missing piece type") and says nothing.
    let cased = |c: char, s: usize| {
        if s == 0 {
            c.to_ascii_uppercase()
        } else {
            c.to_ascii_lowercase()
        }
    };
    let table = v
        .piece_to_char_table
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty() && *t != "-")
        .filter(|t| {
            v.start
                .iter()
                .all(|p| t.contains(cased(p.letter, side(p.colour))))
        });
    let written = |c: char, s: usize| table.is_none_or(|t| t.contains(cased(c, s)));
    let starts_with = |c: char| v.start.iter().any(|s| s.letter == c && !s.promoted);
    let mut out: BTreeMap<char, Sides> = BTreeMap::new();
    for (&(c, s), hs) in &how {
        let royal = v.piece(c).is_some_and(|p| p.royal);
        let promoted_ok = !demotes && (!royal || starts_with(c));
        let board = hs.iter().any(|h| match h {
            How::Letter => written(c, s),
            How::StartPromoted => written(c, s) && promoted_ok,
            How::Promoted => promoted_ok,
        });
        let e = out.entry(c).or_default();
        e.met[s] = true;
        e.board[s] |= board;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(text: &str) -> BTreeMap<char, Sides> {
        sides(&crate::variant::last_for_tests(text))
    }

    fn board(m: &BTreeMap<char, Sides>, s: usize) -> String {
        m.iter()
            .filter(|(_, x)| x.board[s])
            .map(|(c, _)| *c)
            .collect()
    }

    fn met(m: &BTreeMap<char, Sides>, s: usize) -> String {
        m.iter()
            .filter(|(_, x)| x.met[s])
            .map(|(c, _)| *c)
            .collect()
    }

    #[test]
    fn each_side_meets_its_own_start_position_and_promotions() {
        // Maharajah: White has the Maharajah alone and no pawn; Black the
        // chess army, whose pawns promote (to n, b, r, q by chess's rule).
        let m = of("[m:chess]\namazon = m\n\
                    pieceToCharTable = PNBRQ.............MKpnbrq.............mk\n\
                    startFen = rnbqkbnr/pppppppp/8/8/8/8/8/4M3 w kq - 0 1\n");
        assert_eq!(board(&m, 0), "m");
        assert_eq!(board(&m, 1), "bknpqr");
    }

    #[test]
    fn the_piece_to_char_table_says_which_letters_a_side_has() {
        // Orda (Fairy-Stockfish's file): the Horde has a Silver (y), no
        // Knight, Bishop or Rook; White has the chess army and no Silver.
        let m = of("[o:chess]\n\
            pieceToCharTable = PNBRQ..AH...........LKp...q..ah.y.........lk\n\
            centaur = h\nknibis = a\nkniroo = l\nsilver = y\npromotionPieceTypes = qh\n\
            startFen = lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1\n");
        // (Both sides' pawns promote to a Queen or a Kheshig, h.)
        assert_eq!(board(&m, 0), "bhknpqr");
        assert_eq!(board(&m, 1), "ahklpqy");
    }

    #[test]
    fn a_promoted_start_piece_is_its_promoted_type_where_the_table_writes_it() {
        // Shogun: the +F of the start position is a Queen (f:q); the
        // table has no Q: no Queen on the board. A Queen taken is a Fers
        // in the taker's hand (capturesToHand), dropped as an F, which the
        // table writes: both sides meet the Fers. The Pawn's promotion,
        // +P, moves as the Commoner (c) and is shown by its letter.
        let m = of("[s:crazyhouse]\n\
            pieceToCharTable = PNBR.F.....++++.+Kpnbr.f.....++++.+k\n\
            commoner = c\ncentaur = g\narchbishop = a\nchancellor = m\nfers = f\n\
            promotionPieceTypes = -\npromotedPieceType = p:c n:g b:a r:m f:q\n\
            startFen = rnb+fkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB+FKBNR[] w KQkq - 0 1\n");
        assert_eq!(board(&m, 0), "abcfgkmnpr");
        assert_eq!(board(&m, 1), "abcfgkmnpr");
        assert!(m[&'q'].met[0] && m[&'f'].met == [true, true]);
    }

    #[test]
    fn promoted_pieces_that_demote_are_not_their_types_letters() {
        // Chennis: every piece flips between two forms (pieceDemotion); a
        // promoted Pawn moves as a Rook but is +P, never an R.
        let m = of("[c]\nmaxRank = 7\nmaxFile = 7\ncustomPiece1 = p:fmWfceF\n\
            commoner = m\nfers = f\nsoldier = s\nking = k\nbishop = b\nknight = n\n\
            rook = r\ncannon = c\npromotionPieceTypes = -\n\
            promotedPieceType = p:r f:c s:b m:n\npieceDemotion = true\n\
            startFen = 1fkm3/1p1s3/7/7/7/3S1P1/3MKF1[] w - 0 1\n");
        assert_eq!(board(&m, 0), "fkmps");
        assert_eq!(met(&m, 0), "bcfkmnprs");
    }

    #[test]
    fn a_promoted_start_piece_that_demotes_is_met_as_its_own_type() {
        // Kyoto shogi (Fairy-Stockfish's variant.cpp): White starts with
        // +L S K +N P; the +L (a Gold) becomes a Lance when it moves, the
        // Lance a Gold again; the board shows L and N, never G, B or R.
        let m = of("[k:kyotoshogi]\n");
        assert_eq!(board(&m, 0), "klnps");
        assert_eq!(met(&m, 0), "bgklnprs");
        assert_eq!(board(&m, 1), "klnps");
    }

    #[test]
    fn a_royal_piece_no_side_starts_with_is_not_written() {
        // Forward: a Gold promotes to the King (g:k); no side starts with
        // a King, so a position with a K is refused: the King is +G.
        let m = of("[f:chess]\ncastling = false\n\
            startFen = lesfgsel/pppppppp/8/8/8/8/PPPPPPPP/LESFGSEL w - - 0 1\n\
            lance = l\ncustomPiece1 = g:fFfW\ncustomPiece2 = e:ffNfsN\n\
            customPiece3 = s:fB\ncustomPiece4 = f:fBfR\n\
            promotedPieceType = l:r e:n s:b f:q g:k\n");
        assert_eq!(board(&m, 0), "befglnpqrs");
        assert!(m[&'k'].met[0]);
    }

    #[test]
    fn captures_to_hand_give_each_side_the_others_pieces() {
        let m = of("[h:crazyhouse]\n\
            startFen = 4k3/8/8/8/8/8/8/R3K3[] w - - 0 1\n");
        assert_eq!(board(&m, 0), "kr");
        assert_eq!(board(&m, 1), "kr");
    }

    #[test]
    fn a_table_missing_a_start_letter_is_not_followed() {
        // Chess's table, inherited, has no M: the Maharajah is still shown.
        let m = of("[m:chess]\namazon = m\n\
                    startFen = rnbqkbnr/pppppppp/8/8/8/8/8/4M3 w kq - 0 1\n");
        assert_eq!(board(&m, 0), "m");
    }
}
