//! The exact squares of every piece in the piece tables of the four seed
//! rules pages (Spartan, No Castle, Two Kings, Capablanca) and of the Chess
//! Variant Wiki's Spartan page, for White and Black, from a centre square
//! and from corners, on an empty 8×8 board.
//!
//! The expectations are written out by hand as the piece's move vectors
//! (with whether each slides, and whether it moves and/or captures), and
//! walked over the board by the small independent oracle below; the engine
//! must agree square by square.

use glance::engine::betza;
use glance::{Colour, Diagram, Square, SquareSet};

/// One kind of move: its vectors for White, whether it repeats (slider),
/// and whether it may end on an empty square and/or capture.
struct Kind {
    vectors: &'static [(i8, i8)],
    slides: bool,
    moves: bool,
    captures: bool,
}

const ORTH: &[(i8, i8)] = &[(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: &[(i8, i8)] = &[(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT: &[(i8, i8)] = &[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const DABABA: &[(i8, i8)] = &[(2, 0), (-2, 0), (0, 2), (0, -2)];
const ALFIL: &[(i8, i8)] = &[(2, 2), (2, -2), (-2, 2), (-2, -2)];

const fn both(vectors: &'static [(i8, i8)], slides: bool) -> Kind {
    Kind {
        vectors,
        slides,
        moves: true,
        captures: true,
    }
}
const fn only_moves(vectors: &'static [(i8, i8)], slides: bool) -> Kind {
    Kind {
        vectors,
        slides,
        moves: true,
        captures: false,
    }
}
const fn only_captures(vectors: &'static [(i8, i8)]) -> Kind {
    Kind {
        vectors,
        slides: false,
        moves: false,
        captures: true,
    }
}

/// The pieces: (name, Betza string as the page gives it, its moves).
fn pieces() -> Vec<(&'static str, &'static str, Vec<Kind>)> {
    vec![
        ("King", "K", vec![both(ORTH, false), both(DIAG, false)]),
        ("Queen", "RB", vec![both(ORTH, true), both(DIAG, true)]),
        ("Queen", "Q", vec![both(ORTH, true), both(DIAG, true)]),
        ("Rook", "R", vec![both(ORTH, true)]),
        ("Bishop", "B", vec![both(DIAG, true)]),
        ("Knight", "N", vec![both(KNIGHT, false)]),
        (
            "Pawn",
            "mfWcfF",
            vec![
                only_moves(&[(0, 1)], false),
                only_captures(&[(1, 1), (-1, 1)]),
            ],
        ),
        (
            "Warlord / Archbishop",
            "BN",
            vec![both(DIAG, true), both(KNIGHT, false)],
        ),
        ("General", "RF", vec![both(ORTH, true), both(DIAG, false)]),
        (
            "Lieutenant",
            "FAmsW",
            vec![
                both(DIAG, false),
                both(ALFIL, false),
                only_moves(&[(1, 0), (-1, 0)], false),
            ],
        ),
        (
            "Lieutenant (wiki)",
            "FAsmW",
            vec![
                both(DIAG, false),
                both(ALFIL, false),
                only_moves(&[(1, 0), (-1, 0)], false),
            ],
        ),
        (
            "Captain",
            "WD",
            vec![both(ORTH, false), both(DABABA, false)],
        ),
        (
            "Hoplite",
            "mfFcfW",
            vec![
                only_moves(&[(1, 1), (-1, 1)], false),
                only_captures(&[(0, 1)]),
            ],
        ),
        (
            "Chancellor",
            "RN",
            vec![both(ORTH, true), both(KNIGHT, false)],
        ),
        (
            "King (wiki, castling)",
            "KisO2",
            vec![
                both(ORTH, false),
                both(DIAG, false),
                only_moves(&[(2, 0), (-2, 0)], false),
            ],
        ),
        (
            "Pawn (wiki)",
            "fmWfcFifmW2",
            vec![
                only_moves(&[(0, 1)], true),
                only_captures(&[(1, 1), (-1, 1)]),
            ],
        ),
        (
            "Hoplite (wiki)",
            "fmFfcWimA",
            vec![
                only_moves(&[(1, 1), (-1, 1)], false),
                only_captures(&[(0, 1)]),
                // `imA` has no direction letter: all four Alfil leaps.
                only_moves(ALFIL, false),
            ],
        ),
    ]
}

/// The oracle: the (move, capture) squares of `kinds` from `at`, Black's
/// vectors being White's turned through 180 degrees. "Pawn (wiki)" slides
/// two squares at most: its initial double step.
fn expected(
    kinds: &[Kind],
    at: Square,
    colour: Colour,
    max_slide: u8,
) -> (Vec<Square>, Vec<Square>) {
    let board = SquareSet::rectangle(8, 8).unwrap();
    let sign = if colour == Colour::White { 1 } else { -1 };
    let (mut moves, mut captures) = (Vec::new(), Vec::new());
    for k in kinds {
        for &(dx, dy) in k.vectors {
            let mut sq = at;
            for _ in 0..if k.slides { max_slide } else { 1 } {
                match sq
                    .offset(glance::Offset::new(dx * sign, dy * sign))
                    .filter(|s| board.contains(*s))
                {
                    Some(next) => sq = next,
                    None => break,
                }
                if k.moves {
                    moves.push(sq);
                }
                if k.captures {
                    captures.push(sq);
                }
            }
        }
    }
    for v in [&mut moves, &mut captures] {
        v.sort();
        v.dedup();
    }
    (moves, captures)
}

#[test]
fn seed_pieces_reach_exactly_their_squares() {
    let board = SquareSet::rectangle(8, 8).unwrap();
    let mut checked = 0;
    for (name, text, kinds) in pieces() {
        let piece = betza::parse(text).unwrap_or_else(|e| panic!("{name} {text}: {e}"));
        let max_slide = if text == "fmWfcFifmW2" { 2 } else { 8 };
        for at in ["d4", "e5", "a1", "h8", "a8", "h1"] {
            let at = Square::parse(at).unwrap();
            for colour in [Colour::White, Colour::Black] {
                let d = Diagram::compute(&piece, at, colour, &board, &SquareSet::EMPTY);
                let got_moves: Vec<Square> = board.iter().filter(|&s| d.can_move_to(s)).collect();
                let got_captures: Vec<Square> =
                    board.iter().filter(|&s| d.can_capture_on(s)).collect();
                let (mut want_moves, mut want_captures) = expected(&kinds, at, colour, max_slide);
                want_moves.sort();
                want_captures.sort();
                let mut got_moves = got_moves;
                let mut got_captures = got_captures;
                got_moves.sort();
                got_captures.sort();
                assert_eq!(
                    got_moves, want_moves,
                    "{name} {text} on {at} ({colour:?}): moves"
                );
                assert_eq!(
                    got_captures, want_captures,
                    "{name} {text} on {at} ({colour:?}): captures"
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 17 * 6 * 2);
}

#[test]
fn lieutenant_on_e5_by_name() {
    // The issue's own example, square by square.
    let board = SquareSet::rectangle(8, 8).unwrap();
    let piece = betza::parse("FAsmW").unwrap();
    let d = Diagram::compute(
        &piece,
        Square::parse("e5").unwrap(),
        Colour::White,
        &board,
        &SquareSet::EMPTY,
    );
    let names = |f: &dyn Fn(Square) -> bool| {
        let mut v: Vec<String> = board
            .iter()
            .filter(|&s| f(s))
            .map(|s| s.to_string())
            .collect();
        v.sort();
        v.join(" ")
    };
    assert_eq!(
        names(&|s| d.can_move_to(s) && !d.can_capture_on(s)),
        "d5 f5"
    );
    assert_eq!(
        names(&|s| d.can_move_to(s) && d.can_capture_on(s)),
        "c3 c7 d4 d6 f4 f6 g3 g7"
    );
}
