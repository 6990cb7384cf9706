//! The promotion demonstrations: per type of a side's pieces that
//! promotes, a position where one of them stands one move before its
//! promotion zone, every square it may move to, and which of those
//! moves promote.
//!
//! A pawn type (`promotionPawnTypes`, with `promotionPieceTypes`)
//! promotes where a move ends in its side's promotion region; a piece
//! with a `promotedPieceType` (Shogi's) where a move starts or ends
//! there. The position keeps the start position's royal pieces (a side
//! with none keeps one other piece of its start) and adds the piece;
//! nothing else stands on the board, so none of its moves captures.
//!
//! ```
//! use glance::variant::{promotion, read, Colour};
//! let v = &read("[c:chess]\n", "c.ini").unwrap()[0];
//! let p = &promotion::demonstrations(v, Colour::White)[0];
//! assert_eq!(p.pos.fen(v), "4k3/2P5/8/8/8/8/8/4K3 w - - 0 1");
//! assert_eq!(p.to, ['n', 'b', 'r', 'q']);
//! let squares: Vec<String> = p.moves.iter().map(|m| format!("{}{}", m.to, if m.promotes { "=" } else { "" })).collect();
//! assert_eq!(squares, ["c8="]);
//! assert!(p.moves[0].forced);
//! ```

use alloc::string::String;
use alloc::vec::Vec;

use super::drops::{self, Position};
use super::rules::Outcome;
use super::{Placement, Variant};
use crate::Diagram;
use crate::engine::geometry::{Colour, Square, SquareSet};

/// A side's piece one move before its promotion zone, shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// The position: the royal pieces and the piece.
    pub pos: Position,
    /// Where the piece stands, and its type's letter.
    pub from: Square,
    pub letter: char,
    /// What it may promote to.
    pub to: Vec<char>,
    /// Promoted as a pawn type (a move ending in the zone), or as a
    /// piece with a promoted type (a move starting or ending there).
    pub pawn: bool,
    /// Every square it may move to, rank by rank from the bottom.
    pub moves: Vec<Destination>,
}

/// A square the piece may move to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Destination {
    pub to: Square,
    /// A move there promotes (or may).
    pub promotes: bool,
    /// It promotes there and must: no move there leaves it unpromoted.
    pub forced: bool,
}

/// The types of `colour`'s pieces that promote, each with what it
/// promotes to and whether as a pawn: the pawn types first.
pub fn promoting_types(v: &Variant, colour: Colour) -> Vec<(char, Vec<char>, bool)> {
    let pr = &v.promotion;
    let mut out: Vec<(char, Vec<char>, bool)> = Vec::new();
    let (pawns, pieces) = match colour {
        Colour::White => (&pr.pawn_types, &pr.piece_types_white),
        Colour::Black => (&pr.pawn_types_black, &pr.piece_types_black),
    };
    // Sittuyin promotes in place, by rules of its own.
    if !pieces.is_empty() && !v.rules.moves.sittuyin_promotion {
        for &l in pawns {
            let l = l.to_ascii_lowercase();
            if v.piece(l).is_some() && !out.iter().any(|(x, _, _)| *x == l) {
                let to: Vec<char> = pieces.iter().map(char::to_ascii_lowercase).collect();
                out.push((l, to, true));
            }
        }
    }
    // A piece that promotes only by capturing, or that demotes again, is
    // left out: the position has nothing to take.
    if !v.rules.moves.promotion_on_capture && !v.rules.moves.demotion {
        for &(l, to) in &pr.promoted {
            let l = l.to_ascii_lowercase();
            if v.piece(l).is_some() && !out.iter().any(|(x, _, _)| *x == l) {
                out.push((l, Vec::from([to.to_ascii_lowercase()]), false));
            }
        }
    }
    // Only a type the side has (on the board at the start, or in hand).
    out.retain(|(l, _, _)| {
        v.start
            .iter()
            .any(|p| p.colour == colour && p.letter == *l && !p.promoted)
            || v.in_hand.chars().any(|c| {
                c.to_ascii_lowercase() == *l && c.is_ascii_uppercase() == (colour == Colour::White)
            })
    });
    out
}

/// `colour`'s promotion demonstrations, one per type that promotes
/// ([`promoting_types`]) and can be shown.
pub fn demonstrations(v: &Variant, colour: Colour) -> Vec<Promotion> {
    promoting_types(v, colour)
        .into_iter()
        .filter_map(|(letter, to, pawn)| shown(v, colour, letter, to, pawn))
        .collect()
}

/// The pieces the position keeps: the start's royal pieces; where the
/// game is lost or won by losing pieces (`extinction…`), enough of the
/// start's pieces of the types counted that neither side has lost them;
/// a side with none keeps the first piece of its start that does not
/// promote. A piece is added only where it and the pieces kept do not
/// attack each other.
fn kept(v: &Variant, colour: Colour, letter: char) -> Option<Vec<Placement>> {
    let royal = |p: &Placement| v.piece(p.letter).is_some_and(|q| q.royal);
    let mut board: Vec<Placement> = v.start.iter().filter(|p| royal(p)).copied().collect();
    let promoting: Vec<char> = promoting_types(v, Colour::White)
        .into_iter()
        .chain(promoting_types(v, Colour::Black))
        .map(|(l, _, _)| l)
        .collect();
    let ext = &v.rules.end.extinction;
    let counted = ext.value != Outcome::None;
    let enough = usize::try_from(ext.piece_count.max(0)).ok()? + 1;
    for c in [Colour::White, Colour::Black] {
        // The mover's piece that promotes is one of its side's.
        let own = |t: Option<char>| usize::from(c == colour && t.is_none_or(|t| t == letter));
        if counted {
            for &t in &ext.piece_types {
                let t = t.to_ascii_lowercase();
                // (Never more than the start has: Coregal counts to 64,
                // its Queens pseudo-royal.)
                let at_start = v
                    .start
                    .iter()
                    .filter(|p| p.colour == c && p.letter == t && !p.promoted)
                    .count();
                let enough = enough.min(at_start.max(own(Some(t))));
                while board
                    .iter()
                    .filter(|p| p.colour == c && p.letter == t)
                    .count()
                    + own(Some(t))
                    < enough
                {
                    let next = addable(v, &board, c, |p| p.letter == t)?;
                    board.push(next);
                }
            }
            if ext.every_piece {
                while board.iter().filter(|p| p.colour == c).count() + own(None) < enough {
                    let next = addable(v, &board, c, |p| !promoting.contains(&p.letter))?;
                    board.push(next);
                }
            }
        }
        if c != colour && !board.iter().any(|p| p.colour == c) {
            let next = addable(v, &board, c, |p| !promoting.contains(&p.letter))?;
            board.push(next);
        }
    }
    // The Generals may not face each other on an open file: no
    // demonstration where they would (the start's pieces between them
    // are taken off).
    if v.rules.moves.flying_general || v.rules.end.bikjang {
        let r: Vec<&Placement> = board.iter().filter(|p| royal(p)).collect();
        if r.len() == 2 && r[0].square.file() == r[1].square.file() {
            return None;
        }
    }
    Some(board)
}

/// The first piece of `c`'s start that `wanted` takes, not on the board
/// yet, that neither attacks nor is attacked by a piece there: on its
/// start square, else on the nearest free square of the same rank.
fn addable(
    v: &Variant,
    board: &[Placement],
    c: Colour,
    wanted: impl Fn(&Placement) -> bool,
) -> Option<Placement> {
    let squares = SquareSet::rectangle(v.files, v.ranks)?;
    let fits = |p: &Placement| {
        if board.iter().any(|q| q.square == p.square) {
            return false;
        }
        let mut all: Vec<Placement> = board.to_vec();
        all.push(*p);
        let occupied: SquareSet = all.iter().map(|q| q.square).collect();
        let attacks = |a: &Placement, b: &Placement| {
            let friends: SquareSet = all
                .iter()
                .filter(|q| q.colour == a.colour)
                .map(|q| q.square)
                .collect();
            drops::piece_of(v, a.letter).is_none_or(|m| {
                Diagram::among(&m, a.square, a.colour, &squares, &occupied, &friends)
                    .can_capture_on(b.square)
            })
        };
        board
            .iter()
            .filter(|q| q.colour != c)
            .all(|q| !attacks(p, q) && !attacks(q, p))
    };
    let starts: Vec<Placement> = v
        .start
        .iter()
        .filter(|p| p.colour == c && !p.promoted && wanted(p))
        .copied()
        .collect();
    let moved = starts.iter().flat_map(|p| {
        let mut files: Vec<u8> = (0..v.files).filter(|&f| f != p.square.file()).collect();
        files.sort_by_key(|&f| f.abs_diff(p.square.file()));
        files.into_iter().filter_map(move |f| {
            Square::new(f, p.square.rank()).map(|square| Placement { square, ..*p })
        })
    });
    starts.iter().copied().chain(moved).find(|p| fits(p))
}

/// The demonstration of `colour`'s `letter`, if a square one move before
/// its zone shows it promoting.
fn shown(
    v: &Variant,
    colour: Colour,
    letter: char,
    to: Vec<char>,
    pawn: bool,
) -> Option<Promotion> {
    let board = SquareSet::rectangle(v.files, v.ranks)?;
    let zone: SquareSet = match colour {
        Colour::White => v.promotion.region_white.iter().copied().collect(),
        Colour::Black => v.promotion.region_black.iter().copied().collect(),
    };
    // A game won by castling ends where the right is gone.
    if !v.rules.end.castling_wins.is_empty() {
        return None;
    }
    let kept = kept(v, colour, letter)?;
    let piece = drops::piece_of(v, letter)?;
    let p = v.piece(letter)?;
    let mobility: Option<SquareSet> = v
        .mobility_region(p, colour)
        .map(|r| r.iter().copied().collect());
    let may_stand = |s: Square| mobility.as_ref().is_none_or(|m| m.contains(s));
    let double_step = match colour {
        Colour::White => &v.double_step_white,
        Colour::Black => &v.double_step_black,
    };
    let mut squares: Vec<Square> = board
        .iter()
        .filter(|&s| !zone.contains(s) && may_stand(s))
        .filter(|s| !kept.iter().any(|k| k.square == *s))
        .collect();
    // Nearest the zone's side of the board first, then the middle files.
    let middle = i16::from(v.files) - 1;
    squares.sort_by_key(|s| {
        let ahead = match colour {
            Colour::White => i16::from(v.ranks) - i16::from(s.rank()),
            Colour::Black => i16::from(s.rank()),
        };
        (ahead, (i16::from(s.file()) * 2 - middle).abs(), s.file())
    });
    let occupied: SquareSet = kept.iter().map(|k| k.square).collect();
    for from in squares {
        // Its moves from there: its initial ones only where it starts.
        let starts_here = v
            .start
            .iter()
            .any(|p| p.square == from && p.letter == letter && p.colour == colour);
        let moves = if starts_here && double_step.contains(&from) {
            piece.clone()
        } else {
            piece.without_initial()
        };
        let mut occ = occupied;
        occ.insert(from);
        let friends: SquareSet = kept
            .iter()
            .filter(|k| k.colour == colour)
            .map(|k| k.square)
            .chain([from])
            .collect();
        let d = Diagram::among(&moves, from, colour, &board, &occ, &friends);
        // No move of it may take or be blocked by a kept piece's square.
        if d.marks().any(|(s, _)| occupied.contains(s)) {
            continue;
        }
        let dests: Vec<Square> = d
            .marks()
            .map(|(s, _)| s)
            .filter(|&s| d.can_move_to(s) && may_stand(s))
            .collect();
        if !dests.iter().any(|&s| zone.contains(s)) {
            continue;
        }
        let mut placed = kept.clone();
        placed.push(Placement {
            square: from,
            letter,
            colour,
            promoted: false,
        });
        let pos = Position {
            board: placed,
            hand: Vec::new(),
            to_move: colour,
            rights: String::from("-"),
            en_passant: None,
            en_passant_taken: None,
        };
        if drops::in_check(v, &pos, colour) || drops::in_check(v, &pos, colour.opposite()) {
            continue;
        }
        // Where captures are compulsory, the mover has none to make.
        if v.rules.captures.must_capture && drops::first_capture(v, &pos, colour).is_some() {
            continue;
        }
        let mandatory = if pawn {
            v.promotion.mandatory_pawn
        } else {
            v.promotion.mandatory_piece
        };
        let mut out: Vec<Destination> = dests
            .into_iter()
            .map(|s| {
                let promotes = zone.contains(s);
                let stuck = v.rules.drops.immobility_illegal && immobile(v, &moves, s, colour);
                // (A pawn on its last rank has no move left either way.)
                let last = pawn && immobile(v, &moves, s, colour);
                Destination {
                    to: s,
                    promotes,
                    forced: promotes && (mandatory || stuck || last),
                }
            })
            .collect();
        out.sort_by_key(|m| (m.to.rank(), m.to.file()));
        return Some(Promotion {
            pos,
            from,
            letter,
            to,
            pawn,
            moves: out,
        });
    }
    None
}

/// The squares of White's promotion zone where White's piece `letter`,
/// left unpromoted, would have no move on an empty board: where
/// `immobilityIllegal` holds (Fairy-Stockfish's `Position::legal` refuses
/// a move onto a square with no move from it), a move there must
/// promote (Minishogi's Pawn on its last rank; Shogi's Knight on its
/// last two). Empty where immobility is allowed.
pub fn stuck_in_zone(v: &Variant, letter: char) -> Vec<Square> {
    if !v.rules.drops.immobility_illegal {
        return Vec::new();
    }
    let Some(piece) = drops::piece_of(v, letter) else {
        return Vec::new();
    };
    v.promotion
        .region_white
        .iter()
        .copied()
        .filter(|&s| immobile(v, &piece, s, Colour::White))
        .collect()
}

/// Whether the piece, unpromoted on `at` of an empty board, has no move.
fn immobile(v: &Variant, moves: &crate::engine::betza::Piece, at: Square, colour: Colour) -> bool {
    super::reach::quiet_squares(v, moves, at, colour).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(parent: &str) -> Variant {
        crate::variant::builtin_for_tests(parent)
    }

    fn shown(p: &Promotion) -> Vec<String> {
        p.moves
            .iter()
            .map(|m| {
                let tag = if m.forced {
                    "!"
                } else if m.promotes {
                    "+"
                } else {
                    ""
                };
                format!("{}{tag}", m.to)
            })
            .collect()
    }

    /// pyffish (Fairy-Stockfish 0.0.90), shogi, `4k4/9/9/4S4/9/9/9/9/4K4 w - - 0 1`
    /// (validate_fen 1): e6 moves e6d5 e6f5 e6d7 e6d7+ e6e7 e6e7+ e6f7 e6f7+.
    #[test]
    fn a_shogi_silver_may_promote_entering_the_zone() {
        let v = game("shogi");
        let all = demonstrations(&v, Colour::White);
        let silver = all.iter().find(|p| p.letter == 's').expect("Silver");
        assert_eq!(silver.pos.fen(&v), "4k4/9/9/4S4/9/9/9/9/4K4[] w - - 0 1");
        assert_eq!(shown(silver), ["d5", "f5", "d7+", "e7+", "f7+"]);
        // A Knight from e6 lands on d8 or f8, where it could not move
        // again: e6d8+ and e6f8+ only.
        let knight = all.iter().find(|p| p.letter == 'n').expect("Knight");
        assert_eq!(shown(knight), ["d8!", "f8!"]);
    }

    /// pyffish, grand, `10/4k5/10/4P5/10/10/10/10/4K5/10 w - - 0 1`
    /// (validate_fen 1): e7e8 and e7e8c, e7e8a, e7e8q, e7e8r, e7e8b,
    /// e7e8n: promotion optional on the 8th rank.
    #[test]
    fn a_grand_pawn_may_stay_a_pawn_on_the_eighth_rank() {
        let v = game("grand");
        let all = demonstrations(&v, Colour::White);
        let pawn = all.iter().find(|p| p.letter == 'p').expect("Pawn");
        assert_eq!(
            pawn.pos.fen(&v),
            "10/4k5/10/4P5/10/10/10/10/4K5/10 w - - 0 1"
        );
        assert_eq!(shown(pawn).len(), 1);
        assert!(pawn.moves[0].promotes && !pawn.moves[0].forced);
    }

    /// pyffish (validate_fen 1 each): Shatranj's bare King loses, so
    /// `3k4/5P2/8/8/8/8/8/3K4 w` has no legal move; with Black's Rook
    /// added (White's Pawn is its second piece), f7f8q is legal. Three
    /// kings: a side left with two Kings has lost; with three each,
    /// c7c8q and the others. Losers: c7c8q and the others. Horde: White
    /// has no King, its Pawn alone: c7c8q. Coregal: the Queens are
    /// pseudo-royal, kept apart (Black's moved to c8): g7g8q.
    #[test]
    fn games_lost_by_losing_pieces_keep_enough_of_them() {
        let fen = |parent: &str| {
            let v = game(parent);
            demonstrations(&v, Colour::White)[0].pos.fen(&v)
        };
        assert_eq!(fen("shatranj"), "r2k4/5P2/8/8/8/8/8/3K4 w - - 0 1");
        assert_eq!(fen("threekings"), "k3k2k/2P5/8/8/8/8/8/K3K2K w - - 0 1");
        assert_eq!(fen("losers"), "r3k3/2P5/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(fen("horde"), "4k3/2P5/8/8/8/8/8/8 w - - 0 1");
        assert_eq!(fen("coregal"), "2q1k3/6P1/8/8/8/8/8/3QK3 w - - 0 1");
    }

    #[test]
    fn chess_black_promotes_on_the_first_rank() {
        let v = game("chess");
        let b = &demonstrations(&v, Colour::Black)[0];
        assert_eq!(b.pos.fen(&v), "4k3/8/8/8/8/8/2p5/4K3 b - - 0 1");
        assert_eq!(shown(b), ["c1!"]);
    }
}
