//! Where things stand on a written page: the setup text's runs of
//! squares, the start position's FEN for the setup picture, and the
//! squares of the Moves-at-a-Glance board each piece is shown on.

use std::collections::BTreeMap;

use crate::engine::betza::{self, Piece};
use crate::variant::{Colour, Placement, Special, Variant, VariantPiece};
use crate::{Diagram, Mark, Square, SquareSet};

/// `a2-h2, a4`: squares (sorted by rank, then file) as runs along ranks.
pub(super) fn runs(squares: &[Square]) -> String {
    let mut sorted = squares.to_vec();
    sorted.sort_by_key(|s| (s.rank(), s.file()));
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let mut j = i;
        while j + 1 < sorted.len()
            && sorted[j + 1].rank() == sorted[i].rank()
            && sorted[j + 1].file() == sorted[j].file() + 1
        {
            j += 1;
        }
        parts.push(if j > i {
            format!("{}-{}", sorted[i], sorted[j])
        } else {
            sorted[i].to_string()
        });
        i = j + 1;
    }
    parts.join(", ")
}

/// The board part of the start position's FEN (no walls, no pieces in
/// hand; a promoted piece, `+F`, by the letter of the type it promotes
/// to, as the setup text names it): what the setup picture draws.
pub(super) fn board_fen(v: &Variant) -> String {
    let mut grid = vec![vec![None; usize::from(v.files)]; usize::from(v.ranks)];
    for s in &v.start {
        let letter = match s.colour {
            Colour::White => letter_of(v, s).to_ascii_uppercase(),
            Colour::Black => letter_of(v, s).to_ascii_lowercase(),
        };
        if let Some(cell) = grid
            .get_mut(usize::from(s.square.rank()))
            .and_then(|r| r.get_mut(usize::from(s.square.file())))
        {
            *cell = Some(letter);
        }
    }
    crate::tools::setup_picture::fen_of(&grid)
}

/// A piece to place: its definition, whether its Betza has initial
/// moves, and whether White and Black have it on the board.
pub(super) struct ToPlace<'a> {
    pub piece: &'a VariantPiece,
    pub initial: bool,
    pub sides: [bool; 2],
}

/// Where a piece's initial moves are made, for one side: the pawns'
/// triple-step region where the pages' Betza spells the triple step
/// (both sides have one), else the double-step region (Fairy-Stockfish's
/// rule for a pawn's double step and every piece's `i` moves).
pub(super) fn initial_region<'a>(v: &'a Variant, p: &VariantPiece, colour: Colour) -> &'a [Square] {
    let triple =
        p.name == "pawn" && !v.triple_step_white.is_empty() && !v.triple_step_black.is_empty();
    match (colour, triple) {
        (Colour::White, true) => &v.triple_step_white,
        (Colour::Black, true) => &v.triple_step_black,
        (Colour::White, false) => &v.double_step_white,
        (Colour::Black, false) => &v.double_step_black,
    }
}

/// The ranks of White's `white` and Black's `black` squares, each counted
/// from its own side ([`crate::page::declared::own_rank`]: 1 is its first
/// rank), sorted, each once.
pub(super) fn own_ranks(v: &Variant, white: &[Square], black: &[Square]) -> Vec<u8> {
    let mut out: Vec<u8> = [(white, Colour::White), (black, Colour::Black)]
        .into_iter()
        .flat_map(|(squares, colour)| {
            squares
                .iter()
                .map(move |&s| crate::page::declared::own_rank(s, colour, v.ranks))
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The piece that stands on a square of the start position: a promoted
/// one (`+F`) is of the type it promotes to (`promotedPieceType`).
pub(super) fn letter_of(v: &Variant, s: &Placement) -> char {
    v.promotion
        .promoted
        .iter()
        .find(|(from, _)| s.promoted && *from == s.letter)
        .map_or(s.letter, |(_, to)| *to)
}

/// Where each piece stands on the Moves-at-a-Glance board (by file and
/// rank: the index of the piece, its side), for the sides that have it:
/// on its first free start square, else on the first free square from
/// its side's edge. A piece with initial moves stands where it may make
/// them ([`initial_region`]). A piece that needs a screen, left where it
/// would show no move, then stands where it shows some ([`to_screens`]).
pub(super) fn placements(v: &Variant, rows: &[ToPlace]) -> BTreeMap<(u8, u8), (usize, Colour)> {
    let mut at: BTreeMap<(u8, u8), (usize, Colour)> = BTreeMap::new();
    for (c, colour) in [Colour::White, Colour::Black].into_iter().enumerate() {
        let mut left = Vec::new();
        for (i, row) in rows.iter().enumerate().filter(|(_, r)| r.sides[c]) {
            // A piece with initial moves makes them from its region, so
            // it stands on a start square there, else in the region
            // (below): a start square outside it would show moves the
            // engine does not allow.
            let region = initial_region(v, row.piece, colour);
            let in_region = row.initial && !region.is_empty();
            let start = v.start.iter().find(|s| {
                letter_of(v, s) == row.piece.letter
                    && s.colour == colour
                    && !at.contains_key(&(s.square.file(), s.square.rank()))
                    && (!in_region || region.contains(&s.square))
            });
            match start {
                Some(s) => {
                    at.insert((s.square.file(), s.square.rank()), (i, colour));
                }
                None => left.push(i),
            }
        }
        place_the_rest(v, rows, colour, &left, &mut at);
    }
    to_screens(v, rows, &mut at);
    at
}

/// The moves of the piece of a row as a press draws them where they do
/// not hang on where it stands: its pages' Betza without its initial
/// moves (a press draws those only from its start ranks), or `None` if
/// it has none (a page refuses such a piece anyway).
fn later_moves(p: &VariantPiece) -> Option<Piece> {
    let pages = p.pages.as_deref().ok()?;
    betza::parse(pages).ok().map(|m| m.without_initial())
}

/// What a press of the piece of row `i`, of `colour`, on `sq` shows among
/// the pieces placed `at`, as the page's script draws a piece that needs
/// a screen (`Scene::of_piece`): every other piece screens it and it
/// captures the other side's, but the pieces it spares (a Janggi Cannon's
/// Cannons) stop it as the board's edge does. Whether it shows a move at
/// all, and whether it takes a piece (`None`: it takes a royal piece,
/// which a board with that side to move cannot show).
fn pressed(
    v: &Variant,
    rows: &[ToPlace],
    at: &BTreeMap<(u8, u8), (usize, Colour)>,
    moves: &Piece,
    (i, colour): (usize, Colour),
    sq: Square,
) -> Option<(bool, bool)> {
    let spares = rows[i].piece.special.contains(&Special::NoCannonScreen);
    let mut board = SquareSet::rectangle(v.files, v.ranks)?;
    let (mut occupied, mut friends, mut royal) =
        (SquareSet::EMPTY, SquareSet::EMPTY, SquareSet::EMPTY);
    for (&(x, y), &(j, c)) in at {
        let Some(s) = Square::new(x, y) else {
            continue;
        };
        if s == sq {
            continue;
        }
        if spares && rows[j].piece.special.contains(&Special::NoCannonScreen) {
            board.remove(s);
            continue;
        }
        occupied.insert(s);
        if c == colour {
            friends.insert(s);
        } else if rows[j].piece.royal {
            royal.insert(s);
        }
    }
    let d = Diagram::among(moves, sq, colour, &board, &occupied, &friends);
    let (mut any, mut takes) = (false, false);
    for (s, _) in d.marks().filter(|&(_, m)| m != Mark::Block) {
        if royal.contains(s) {
            return None;
        }
        any = true;
        takes |= occupied.contains(s);
    }
    Some((any, takes))
}

/// A piece that needs a screen (a Cannon, a Grasshopper: its Betza has
/// `p`, `g`, `j` or `+`) moves only over the pieces the board holds: one
/// left where it shows no move (Janggi's Cannon on its start square, with
/// only a Horse below it and the other side's Cannon, which it may not
/// hop, above it) stands instead, side by side, White's first, on the
/// free square nearest to it where it hops a screen and takes a piece,
/// as XBoard's Xiangqi page places its Cannon, else where it shows any
/// move. It keeps to its mobility region, to its initial moves' region
/// where it has such moves, and off the squares where the game changes
/// a piece's moves (`diagonalLines`), which a press of a hopper does not
/// draw; a square where it would take a royal piece is not one.
fn to_screens(v: &Variant, rows: &[ToPlace], at: &mut BTreeMap<(u8, u8), (usize, Colour)>) {
    for colour in [Colour::White, Colour::Black] {
        let hoppers: Vec<((u8, u8), usize)> = at
            .iter()
            .filter(|&(_, &(_, c))| c == colour)
            .map(|(&sq, &(i, _))| (sq, i))
            .collect();
        for ((x, y), i) in hoppers {
            let Some(moves) = later_moves(rows[i].piece).filter(Piece::needs_screen) else {
                continue;
            };
            let Some(here) = Square::new(x, y) else {
                continue;
            };
            if pressed(v, rows, at, &moves, (i, colour), here).is_none_or(|(any, _)| any) {
                continue;
            }
            let piece = rows[i].piece;
            let region = v.mobility_region(piece, colour);
            let initial = initial_region(v, piece, colour);
            let keep_initial = rows[i].initial && !initial.is_empty();
            let own = |s: Square| crate::page::declared::own_rank(s, colour, v.ranks);
            let mut best: Option<(bool, (u32, u8, u8), Square)> = None;
            for fy in 0..v.ranks {
                for fx in 0..v.files {
                    let Some(s) = Square::new(fx, fy) else {
                        continue;
                    };
                    if at.contains_key(&(fx, fy))
                        || region.is_some_and(|r| !r.contains(&s))
                        || (keep_initial && !initial.contains(&s))
                        || v.rules.moves.diagonal_lines.contains(&s)
                    {
                        continue;
                    }
                    let Some((true, takes)) = pressed(v, rows, at, &moves, (i, colour), s) else {
                        continue;
                    };
                    let distance = u32::from(fx.abs_diff(x)) + u32::from(fy.abs_diff(y));
                    let near = (distance, own(s), fx);
                    // A square where it takes a piece first, then the nearest.
                    if best.is_none_or(|(t, n, _)| (!takes, near) < (!t, n)) {
                        best = Some((takes, near, s));
                    }
                }
            }
            if let Some((_, _, s)) = best {
                at.remove(&(x, y));
                at.insert((s.file(), s.rank()), (i, colour));
            }
        }
    }
}

/// The pieces of one side with no free start square: a piece with
/// initial moves in its region (else its second rank), the others on the
/// first free square from its side's edge.
fn place_the_rest(
    v: &Variant,
    rows: &[ToPlace],
    colour: Colour,
    left: &[usize],
    at: &mut BTreeMap<(u8, u8), (usize, Colour)>,
) {
    let ranks: Vec<u8> = if colour == Colour::White {
        (0..v.ranks).collect()
    } else {
        (0..v.ranks).rev().collect()
    };
    let mut free = ranks
        .into_iter()
        .flat_map(|r| (0..v.files).map(move |f| (f, r)));
    let second = if colour == Colour::White {
        1
    } else {
        v.ranks.saturating_sub(2)
    };
    for &i in left {
        if rows[i].initial {
            let home = initial_region(v, rows[i].piece, colour)
                .iter()
                .map(|s| (s.file(), s.rank()))
                .chain((0..v.files).map(|f| (f, second)))
                .find(|sq| !at.contains_key(sq) && sq.0 < v.files && sq.1 < v.ranks);
            if let Some(sq) = home {
                at.insert(sq, (i, colour));
                continue;
            }
        }
        if let Some(sq) = free.by_ref().find(|sq| !at.contains_key(sq)) {
            at.insert(sq, (i, colour));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_join_neighbours_along_a_rank() {
        let sq = |s: &str| Square::parse(s).unwrap();
        assert_eq!(
            runs(&[sq("c2"), sq("a2"), sq("b2"), sq("e2"), sq("a4")]),
            "a2-c2, e2, a4"
        );
    }
}
