//! Property tests of the parser and the diagram engine (proptest):
//!
//! * no input makes `betza::parse` or `Diagram::compute` panic or hang,
//!   whether arbitrary text or bytes or strings drawn from the notation's
//!   alphabet, on random boards (up to 16×16, some with holes), squares,
//!   colours and occupancy; errors point inside the input;
//! * a diagram never marks a square off the board, nor the origin;
//! * a piece without direction letters has the 8-fold symmetry of its
//!   atoms, and so do chains whose later legs turn symmetrically;
//! * Black's diagram is White's turned through 180 degrees, which for a
//!   piece that does not tell left from right is White's mirrored top to
//!   bottom;
//! * the diagram of `(a)(b)` is the union of those of `a` and `b`;
//! * a piece spelled back as Betza (its `Display`) parses to a piece that
//!   draws the same diagram, for both colours, and spells the same again;
//! * a piece reads back from its binary form (`Piece::encode`) as itself,
//!   and no bytes make `Piece::decode` panic;
//! * squares round-trip through algebraic notation.
//!
//! The default 256 cases per property run in well under a second
//! (`PROPTEST_CASES=20000` for a longer hunt).
//!
//! Native only: proptest does not build for wasm32-unknown-unknown.
#![cfg(not(target_arch = "wasm32"))]

use glance::engine::betza::{self, Piece};
use glance::{Colour, Diagram, Mark, Square, SquareSet};
use proptest::prelude::*;
use proptest::sample::{Index, select};

// ---------------------------------------------------------------------------
// Boards, squares and positions

/// A board: a rectangle anchored at a1, sometimes with holes, and a random
/// set of occupied squares on it.
#[derive(Clone, Debug)]
struct Position {
    files: u8,
    ranks: u8,
    board: SquareSet,
    occupied: SquareSet,
}

/// The squares of a 16×16 grid whose bit is set in `rows` (bit `f` of row
/// `r` is the square on file `f`, rank `r`).
fn set_from_rows(rows: &[u16; 16]) -> SquareSet {
    (0..=255u8)
        .map(Square::from_index)
        .filter(|sq| rows[sq.rank() as usize] & (1 << sq.file()) != 0)
        .collect()
}

fn intersection(a: &SquareSet, b: &SquareSet) -> SquareSet {
    a.iter().filter(|&sq| b.contains(sq)).collect()
}

fn position() -> impl Strategy<Value = Position> {
    (
        1..=16u8,
        1..=16u8,
        // Holes: none most of the time, else about a quarter of the squares.
        prop_oneof![
            3 => Just([0u16; 16]),
            1 => (any::<[u16; 16]>(), any::<[u16; 16]>())
                .prop_map(|(a, b)| core::array::from_fn(|i| a[i] & b[i])),
        ],
        // Occupancy: empty, sparse or dense.
        prop_oneof![
            1 => Just([0u16; 16]),
            2 => (any::<[u16; 16]>(), any::<[u16; 16]>(), any::<[u16; 16]>())
                .prop_map(|(a, b, c)| core::array::from_fn(|i| a[i] & b[i] & c[i])),
            1 => any::<[u16; 16]>(),
        ],
    )
        .prop_map(|(files, ranks, holes, occupied)| {
            let rect = SquareSet::rectangle(files, ranks).unwrap();
            let holes = set_from_rows(&holes);
            let board: SquareSet = rect.iter().filter(|&sq| !holes.contains(sq)).collect();
            // A board with every square holed keeps one: the origin needs it.
            let board = if board.is_empty() { rect } else { board };
            let occupied = intersection(&set_from_rows(&occupied), &board);
            Position {
                files,
                ranks,
                board,
                occupied,
            }
        })
}

/// The `index`-th square of `board` (which is not empty).
fn pick(board: &SquareSet, index: &Index) -> Square {
    board.iter().nth(index.index(board.len())).unwrap()
}

/// The square mirrored top to bottom on a board of `ranks` ranks.
fn mirror(sq: Square, _files: u8, ranks: u8) -> Square {
    Square::new(sq.file(), ranks - 1 - sq.rank()).unwrap()
}

/// The square turned through 180 degrees on a `files`×`ranks` board.
fn turn(sq: Square, files: u8, ranks: u8) -> Square {
    Square::new(files - 1 - sq.file(), ranks - 1 - sq.rank()).unwrap()
}

/// Black's diagram on `pos` and `at` moved by `map`, with the board and its
/// pieces moved the same way, is White's diagram moved by `map`.
fn black_is_white_moved(
    text: &str,
    pos: &Position,
    at: Square,
    map: fn(Square, u8, u8) -> Square,
) -> Result<bool, TestCaseError> {
    let Ok(piece) = betza::parse(text) else {
        return Ok(false);
    };
    let moved = |sq| map(sq, pos.files, pos.ranks);
    let white = compute(&piece, at, Colour::White, pos);
    let there = Position {
        board: pos.board.iter().map(moved).collect(),
        occupied: pos.occupied.iter().map(moved).collect(),
        ..pos.clone()
    };
    let black = compute(&piece, moved(at), Colour::Black, &there);
    let mut expected: Vec<(Square, Mark)> = marks(&white)
        .into_iter()
        .map(|(sq, m)| (moved(sq), m))
        .collect();
    expected.sort();
    prop_assert_eq!(
        marks(&black),
        expected,
        "{:?} on {} of {}x{}",
        text,
        at,
        pos.files,
        pos.ranks
    );
    Ok(true)
}

// ---------------------------------------------------------------------------
// Betza strings

/// Every character the notation gives a meaning to (supported or not), and
/// a few it does not.
const ALPHABET: &[char] = &[
    // atoms and shortcuts
    'W', 'F', 'D', 'N', 'A', 'H', 'I', 'C', 'L', 'J', 'Z', 'G', 'O', 'K', 'B', 'R', 'Q',
    // modifiers, supported and refused
    'f', 'b', 'l', 'r', 's', 'v', 'h', 'a', 'm', 'c', 'i', 'n', 'j', 'p', 'g', 'o', 'q', 'z', 'e',
    'd', 'y', 'k', 'u', // digits
    '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', // groups, leaps, brackets
    '(', ')', '[', ']', ',', // chaining operators
    '-', '+', 't', 'x', '?', '!', // strangers
    'X', ' ', 'é',
];

/// Strings from the notation's alphabet, with whole explicit leaps and
/// common prefixes mixed in so that long, valid strings come up often.
fn betza_like() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        6 => select(ALPHABET).prop_map(String::from),
        1 => (0..=17u8, 0..=17u8).prop_map(|(a, b)| format!("({a},{b})")),
        1 => select(&["m", "c", "f", "b", "s", "v", "fh", "fs", "o", "n", "p", "g", "j", "jj", "i", "a"][..])
            .prop_map(String::from),
        1 => select(&["K", "Q", "R", "B", "N", "W", "F"][..]).prop_map(String::from),
        1 => select(&["-", "+", "t", "x", "(", ")", "[", "]"][..]).prop_map(String::from),
    ];
    prop::collection::vec(token, 0..24).prop_map(|t| t.concat())
}

/// Betza strings that parse more often than not: legs with prefixes, joined
/// by operators into chains, sometimes in brackets or grouped.
fn betza_structured() -> impl Strategy<Value = String> {
    const FIRST: &[&str] = &[
        "f", "b", "l", "r", "s", "v", "h", "a", "m", "c", "i", "n", "j", "p", "g", "o",
    ];
    const LATER: &[&str] = &["f", "b", "l", "r", "s", "v", "h", "a", "m", "c"];
    let prefix = |letters: &'static [&'static str]| {
        prop::collection::vec(select(letters), 0..4).prop_map(|p| p.concat())
    };
    let atom = prop_oneof![
        4 => select(&["W", "F", "D", "N", "A", "H", "C", "J", "G", "K", "B", "R", "Q", "O", "L", "Z", "I"][..])
            .prop_map(String::from),
        1 => (0..=15u8, 0..=15u8).prop_map(|(a, b)| format!("({a},{b})")),
    ];
    let range = select(&["", "", "", "2", "3", "0", "15", "99", "*"][..]);
    let body = (atom, range).prop_map(|(a, r)| {
        let r = if r == "*" { a.clone() } else { r.to_string() };
        a + &r
    });
    let link = select(&["-", "+", "t", "x"][..]);
    // (prefix of the first leg, the rest of the chain)
    let chain = (
        prefix(FIRST),
        body.clone(),
        prop::collection::vec((link, prefix(LATER), body), 0..4),
    )
        .prop_map(|(p, first, rest)| {
            let mut s = first;
            for (l, p, leg) in rest {
                s.push_str(l);
                s.push_str(&p);
                s.push_str(&leg);
            }
            (p, s)
        });
    let item = prop_oneof![
        4 => chain.clone().prop_map(|(p, c)| p + &c),
        1 => chain.clone().prop_map(|(p, c)| format!("{p}[{c}]")),
        1 => (
            select(&["", "m", "c", "f", "o", "n", "fh"][..]),
            prop::collection::vec(chain.prop_map(|(p, c)| p + &c), 1..3)
        )
            .prop_map(|(p, c)| format!("{p}({})", join(&c))),
    ];
    prop::collection::vec(item, 1..4).prop_map(|v| join(&v))
}

/// Anything: text, notation-like strings, structured pieces.
fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![
        1 => any::<String>(),
        1 => prop::collection::vec(any::<char>(), 0..40).prop_map(|c| c.into_iter().collect()),
        3 => betza_like(),
        3 => betza_structured(),
    ]
}

/// A piece with no direction letters, no chains and no hoppers: atoms,
/// shortcuts and explicit leaps with ranges, `m`, `c` and `n`, sometimes
/// grouped under a prefix.
fn symmetric_betza() -> impl Strategy<Value = String> {
    let atom = prop_oneof![
        4 => select(&["W", "F", "D", "N", "A", "H", "C", "J", "G", "K", "B", "R", "Q"][..])
            .prop_map(|a| (a.to_string(), true)),
        1 => (0..=15u8, 0..=15u8).prop_map(|(a, b)| (format!("({a},{b})"), false)),
    ];
    let range = select(&["", "", "", "0", "1", "2", "3", "5", "*"][..]);
    let prefix = select(&["", "", "m", "c", "mc", "n", "nm", "nc"][..]);
    let simple = (prefix, atom, range).prop_map(|(p, (a, letter), r)| {
        let r = match r {
            "*" if letter => a.clone(),
            "*" => String::new(),
            r => r.to_string(),
        };
        format!("{p}{a}{r}")
    });
    let item = prop_oneof![
        4 => simple.clone(),
        1 => (select(&["m", "c", "n"][..]), prop::collection::vec(simple, 1..3))
            .prop_map(|(p, v)| format!("{p}({})", join(&v))),
    ];
    prop::collection::vec(item, 1..4).prop_map(|v| join(&v))
}

/// Chains whose later legs pick their directions symmetrically about the
/// previous step (`f`, `b`, `s`, `v`, `a`, halves, no letter), in front of
/// or among undirected moves: symmetric as a whole.
fn symmetric_chain_betza() -> impl Strategy<Value = String> {
    let body = (
        select(
            &[
                "W", "F", "D", "N", "A", "K", "B", "R", "Q", "(3,1)", "(2,0)",
            ][..],
        ),
        select(&["", "", "0", "2", "3"][..]),
    )
        .prop_map(|(a, r)| format!("{a}{r}"));
    let modality = select(&["", "", "m", "c"][..]);
    let later = select(
        &[
            "", "a", "f", "b", "v", "s", "fh", "bh", "fs", "bs", "sh", "vh",
        ][..],
    );
    let link = select(&["-", "+", "t", "x"][..]);
    let chain = (
        modality.clone(),
        body.clone(),
        prop::collection::vec((link, later, modality, body), 1..3),
    )
        .prop_map(|(m, first, rest)| {
            let mut s = first;
            for (l, d, m, leg) in rest {
                s.push_str(&format!("{l}{d}{m}{leg}"));
            }
            (m, s)
        });
    let item = prop_oneof![
        2 => chain.clone().prop_map(|(m, c)| format!("{m}{c}")),
        1 => chain.prop_map(|(m, c)| format!("{m}[{c}]")),
        1 => symmetric_betza(),
    ];
    prop::collection::vec(item, 1..3).prop_map(|v| join(&v))
}

/// Concatenates moves, grouping one where it would read as the range of the
/// one before (`C` then `C0` is `C(C0)`, not `CC0`).
fn join(items: &[String]) -> String {
    let mut out = String::new();
    for item in items {
        let last = out.chars().last();
        if last.is_some_and(|c| c.is_ascii_uppercase()) && item.starts_with(last.unwrap()) {
            out.push('(');
            out.push_str(item);
            out.push(')');
        } else {
            out.push_str(item);
        }
    }
    out
}

// ---------------------------------------------------------------------------
// Checks

fn marks(d: &Diagram) -> Vec<(Square, Mark)> {
    d.marks().collect()
}

/// Parses `text` and, when it parses, computes its diagram for both colours
/// on `pos`; checks what must hold of every diagram.
fn check_any(text: &str, pos: &Position, at: Square) -> Result<(), TestCaseError> {
    let piece = match betza::parse(text) {
        Ok(piece) => piece,
        Err(err) => {
            prop_assert!(err.pos <= text.len(), "{text:?}: error at {}", err.pos);
            prop_assert!(!err.to_string().is_empty());
            return Ok(());
        }
    };
    // Only `e` (en passant) alone, which no diagram shows, leaves a string
    // that parses with no move (`eW`: the parser's own unit test), and `-`,
    // the pages' spelling of a piece that never moves.
    prop_assert!(
        !piece.moves().is_empty() || text.contains('e') || text == "-",
        "{text:?} parsed to no move"
    );
    for colour in [Colour::White, Colour::Black] {
        let d = Diagram::compute(&piece, at, colour, &pos.board, &pos.occupied);
        prop_assert_eq!(d.origin(), at);
        prop_assert_eq!(
            d.mark(at),
            None,
            "{:?} {:?} marks its own square {}",
            text,
            colour,
            at
        );
        for (sq, mark) in d.marks() {
            prop_assert!(
                pos.board.contains(sq),
                "{text:?} {colour:?} from {at}: {mark:?} on {sq}, off the board"
            );
        }
    }
    Ok(())
}

/// The 8 symmetries of the square: `(dx, dy)` to `(±dx, ±dy)` or
/// `(±dy, ±dx)`.
fn transform(t: u8, dx: i8, dy: i8) -> (i8, i8) {
    let (x, y) = if t & 4 != 0 { (dy, dx) } else { (dx, dy) };
    let x = if t & 1 != 0 { -x } else { x };
    let y = if t & 2 != 0 { -y } else { y };
    (x, y)
}

/// `sq` moved by symmetry `t` about `centre`.
fn image(t: u8, centre: Square, sq: Square) -> Square {
    let dx = sq.file() as i8 - centre.file() as i8;
    let dy = sq.rank() as i8 - centre.rank() as i8;
    let (x, y) = transform(t, dx, dy);
    Square::new(
        (centre.file() as i8 + x) as u8,
        (centre.rank() as i8 + y) as u8,
    )
    .unwrap()
}

/// The squares at most `r` king steps from `centre`.
fn within(centre: Square, r: u8, sq: Square) -> bool {
    sq.file().abs_diff(centre.file()) <= r && sq.rank().abs_diff(centre.rank()) <= r
}

fn compute(piece: &Piece, at: Square, colour: Colour, pos: &Position) -> Diagram {
    Diagram::compute(piece, at, colour, &pos.board, &pos.occupied)
}

proptest! {
    /// Arbitrary input never panics or hangs the parser or the engine, and
    /// diagrams stay on the board and off the origin.
    #[test]
    fn any_input_is_safe(text in any_text(), pos in position(), at in any::<Index>()) {
        let at = pick(&pos.board, &at);
        check_any(&text, &pos, at)?;
    }

    /// The same with raw bytes taken as (lossy) UTF-8, as the fuzz target.
    #[test]
    fn any_bytes_are_safe(bytes in prop::collection::vec(any::<u8>(), 0..64), pos in position(), at in any::<Index>()) {
        let text = String::from_utf8_lossy(&bytes);
        let at = pick(&pos.board, &at);
        check_any(&text, &pos, at)?;
    }

    /// Pieces without direction letters look the same in all 8 directions:
    /// the mark on each square equals the mark on its image under a
    /// rotation by 90° or a mirror, within the largest square around the
    /// origin that fits on a 16×16 board (rides that reach its squares stay
    /// in it), with occupancy made symmetric as well.
    #[test]
    fn undirected_pieces_are_8_fold_symmetric(
        text in symmetric_betza(),
        file in 0..16u8,
        rank in 0..16u8,
        occupied in prop_oneof![Just([0u16; 16]), any::<[u16; 16]>()],
    ) {
        let piece = betza::parse(&text).map_err(|e| TestCaseError::fail(format!("{text:?}: {e}")))?;
        let at = Square::new(file, rank).unwrap();
        let r = file.min(rank).min(15 - file).min(15 - rank);
        let board = SquareSet::rectangle(16, 16).unwrap();
        let occupied: SquareSet = set_from_rows(&occupied)
            .iter()
            .filter(|&sq| sq != at && within(at, r, sq))
            .flat_map(|sq| (0..8).map(move |t| image(t, at, sq)))
            .collect();
        let pos = Position { files: 16, ranks: 16, board, occupied };
        for colour in [Colour::White, Colour::Black] {
            let d = compute(&piece, at, colour, &pos);
            for sq in board.iter().filter(|&sq| within(at, r, sq)) {
                for t in 1..8 {
                    let other = image(t, at, sq);
                    prop_assert_eq!(
                        d.mark(sq),
                        d.mark(other),
                        "{:?} {:?} on {} (occupied {:?}): {} and its image {}",
                        text, colour, at, pos.occupied.iter().map(|s| s.to_string()).collect::<Vec<_>>(), sq, other
                    );
                }
            }
        }
    }

    /// The same for chains and their relative directions, on a 15×15 board
    /// with the piece in the centre (chains may leave and re-enter any
    /// smaller square around it).
    #[test]
    fn undirected_chains_are_8_fold_symmetric(
        text in symmetric_chain_betza(),
        occupied in prop_oneof![Just([0u16; 16]), any::<[u16; 16]>()],
    ) {
        let piece = betza::parse(&text).map_err(|e| TestCaseError::fail(format!("{text:?}: {e}")))?;
        let at = Square::new(7, 7).unwrap();
        let board = SquareSet::rectangle(15, 15).unwrap();
        let occupied: SquareSet = intersection(&set_from_rows(&occupied), &board)
            .iter()
            .filter(|&sq| sq != at)
            .flat_map(|sq| (0..8).map(move |t| image(t, at, sq)))
            .collect();
        let pos = Position { files: 15, ranks: 15, board, occupied };
        for colour in [Colour::White, Colour::Black] {
            let d = compute(&piece, at, colour, &pos);
            for sq in board.iter() {
                for t in 1..8 {
                    let other = image(t, at, sq);
                    prop_assert_eq!(
                        d.mark(sq),
                        d.mark(other),
                        "{:?} {:?} (occupied {:?}): {} and its image {}",
                        text, colour, pos.occupied.iter().map(|s| s.to_string()).collect::<Vec<_>>(), sq, other
                    );
                }
            }
        }
    }

    /// No bytes make `Piece::decode` panic.
    #[test]
    fn any_bytes_decode_safely(bytes in prop::collection::vec(any::<u8>(), 0..96)) {
        let _ = Piece::decode(&bytes);
    }

    /// Squares round-trip through their names.
    #[test]
    fn squares_round_trip(index in any::<u8>()) {
        let sq = Square::from_index(index);
        prop_assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        let mut name = String::new();
        sq.push_name(&mut name);
        prop_assert_eq!(name, sq.to_string());
    }
}

/// A few fixed inputs the generators might miss.
#[test]
fn edge_cases_are_safe() {
    let board = SquareSet::rectangle(16, 16).unwrap();
    let pos = Position {
        files: 16,
        ranks: 16,
        board,
        occupied: SquareSet::EMPTY,
    };
    let long = "W".repeat(betza::MAX_LEN);
    let deep = "(".repeat(betza::MAX_DEPTH) + "W" + &")".repeat(betza::MAX_DEPTH);
    for text in [
        "",
        "(",
        ")",
        "[",
        "]",
        "()",
        "[]",
        "(,)",
        "(15,15)",
        "(0,0)",
        "(0,0)0",
        "O",
        "O0",
        "O99",
        "isO15",
        "W99",
        "oQ0",
        "jjQ",
        "gQ",
        "pQ",
        "jQ",
        "nQ",
        "n(15,15)",
        "o(15,0)0",
        "K-K-K-K",
        "K-K-K-K-K",
        "[KKK]",
        "[K]",
        "a(15,15)-a(15,15)",
        long.as_str(),
        deep.as_str(),
    ] {
        for at in [
            Square::new(0, 0).unwrap(),
            Square::new(7, 8).unwrap(),
            Square::new(15, 15).unwrap(),
        ] {
            check_any(text, &pos, at).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        }
    }
    // The smallest board: a 1×1 board has no destination.
    let tiny = Position {
        files: 1,
        ranks: 1,
        board: SquareSet::rectangle(1, 1).unwrap(),
        occupied: SquareSet::EMPTY,
    };
    let piece = betza::parse("oQKNNjjR").unwrap();
    let a1 = Square::new(0, 0).unwrap();
    assert!(compute(&piece, a1, Colour::White, &tiny).is_empty());
}

/// Chains of riders on a cylinder: every leg may start again from every
/// square of the one before, round and round the board. These once took
/// seconds (`oR-aR-aR-aR`: 2.5 s on 8×8) before the engine stopped
/// re-tracing a leg from a square and heading it had already traced; a
/// regression would make this test hang rather than fail, so it asserts
/// what the diagrams must be: two rook legs reach every square.
#[test]
fn cylinder_chains_reach_everything() {
    let board = SquareSet::rectangle(16, 16).unwrap();
    for text in ["oR-aR-aR-aR", "oaQ-aQ-aQ-aQ", "oaQtaQtaQtaQ"] {
        let piece = betza::parse(text).unwrap();
        for colour in [Colour::White, Colour::Black] {
            let d = Diagram::compute(
                &piece,
                Square::new(7, 7).unwrap(),
                colour,
                &board,
                &SquareSet::EMPTY,
            );
            assert_eq!(d.len(), 255, "{text} {colour:?}");
        }
    }
}

// ---------------------------------------------------------------------------
// Properties of strings that must parse: counted

/// Runs `test` on eight times proptest's usual number of cases (256, or
/// `PROPTEST_CASES`) of `strategy`. `test` says whether the case checked
/// anything (`false`: a random string that does not parse, say); the test
/// fails when fewer than the usual number of cases did, and prints how
/// many did, so that a property never passes by testing nothing. (Of the
/// first 256 cases, 65 to 210 check something, depending on the property:
/// random strings often do not parse.)
fn counted<S: Strategy>(
    name: &str,
    strategy: S,
    test: impl Fn(S::Value) -> Result<bool, TestCaseError>,
) where
    S::Value: std::fmt::Debug,
{
    use std::sync::atomic::{AtomicUsize, Ordering};
    let usual = ProptestConfig::default().cases;
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(8 * usual));
    let (tried, checked) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let result = runner.run(&strategy, |value| {
        tried.fetch_add(1, Ordering::Relaxed);
        if test(value)? {
            checked.fetch_add(1, Ordering::Relaxed);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{name}: {e}");
    }
    let (tried, checked) = (tried.into_inner(), checked.into_inner());
    eprintln!("{name}: {checked} of {tried} cases checked");
    assert!(
        checked >= usual as usize,
        "{name}: only {checked} of {tried} cases checked anything, fewer than {usual}"
    );
}

/// Black's moves are White's turned through 180 degrees (forward is down
/// the board, Black's right is towards the a-file, as XBoard draws them):
/// Black's diagram on the turned square, with the board and its pieces
/// turned, is White's diagram turned, for any piece.
#[test]
fn black_is_white_turned() {
    counted(
        "black_is_white_turned",
        (
            prop_oneof![betza_structured(), betza_like()],
            position(),
            any::<Index>(),
        ),
        |(text, pos, at)| {
            let at = pick(&pos.board, &at);
            black_is_white_moved(&text, &pos, at, turn)
        },
    );
}

/// For a piece that does not tell left from right (no `l` or `r`; no `h`
/// either: one that ends no pair reads as `l`), that is the same as
/// mirroring top to bottom, whether the board has an odd or even number of
/// ranks.
#[test]
fn black_is_white_mirrored() {
    counted(
        "black_is_white_mirrored",
        (
            betza_structured().prop_map(|t| t.replace(['l', 'r', 'h'], "")),
            position(),
            any::<Index>(),
        ),
        |(text, pos, at)| {
            let at = pick(&pos.board, &at);
            black_is_white_moved(&text, &pos, at, mirror)
        },
    );
}

/// A parsed piece spelled back (`Display`) parses again, and the piece it
/// parses to draws the same diagram as the first, for both colours, on
/// any board and occupancy; spelling that one gives the same string.
#[test]
fn spelled_pieces_draw_the_same() {
    counted(
        "spelled_pieces_draw_the_same",
        (
            prop_oneof![betza_structured(), betza_like()],
            position(),
            any::<Index>(),
        ),
        |(text, pos, at)| {
            // (`e` alone parses to no move, which spells as "".)
            let Some(piece) = betza::parse(&text).ok().filter(|p| !p.moves().is_empty()) else {
                return Ok(false);
            };
            let spelled = piece.to_string();
            // Letters that must be split per direction (`f(rhK)`) may
            // spell longer than the parser takes.
            if spelled.len() > betza::MAX_LEN {
                return Ok(false);
            }
            let back = betza::parse(&spelled)
                .map_err(|e| TestCaseError::fail(format!("{text:?} spelled {spelled:?}: {e}")))?;
            prop_assert_eq!(back.to_string(), spelled.clone(), "{:?}", text);
            let at = pick(&pos.board, &at);
            for colour in [Colour::White, Colour::Black] {
                prop_assert_eq!(
                    marks(&compute(&piece, at, colour, &pos)),
                    marks(&compute(&back, at, colour, &pos)),
                    "{:?} spelled {:?}, {:?} from {} (occupied {:?})",
                    text,
                    spelled,
                    colour,
                    at,
                    pos.occupied
                        .iter()
                        .map(|s| s.to_string())
                        .collect::<Vec<_>>()
                );
            }
            Ok(true)
        },
    );
}

/// A piece's moves are independent: the diagram of `(a)(b)` moves,
/// captures and takes a first step exactly where `a`'s or `b`'s does.
#[test]
fn moves_add_up() {
    counted(
        "moves_add_up",
        (
            betza_structured(),
            betza_structured(),
            position(),
            any::<Index>(),
        ),
        |(a, b, pos, at)| {
            let (Ok(pa), Ok(pb), Ok(pab)) = (
                betza::parse(&a),
                betza::parse(&b),
                betza::parse(&format!("({a})({b})")),
            ) else {
                return Ok(false);
            };
            let at = pick(&pos.board, &at);
            for colour in [Colour::White, Colour::Black] {
                let (da, db, dab) = (
                    compute(&pa, at, colour, &pos),
                    compute(&pb, at, colour, &pos),
                    compute(&pab, at, colour, &pos),
                );
                for sq in pos.board.iter() {
                    let first_leg = |d: &Diagram| d.mark(sq) == Some(Mark::FirstLeg);
                    prop_assert_eq!(
                        (dab.can_move_to(sq), dab.can_capture_on(sq), first_leg(&dab)),
                        (
                            da.can_move_to(sq) || db.can_move_to(sq),
                            da.can_capture_on(sq) || db.can_capture_on(sq),
                            first_leg(&da) || first_leg(&db),
                        ),
                        "({})({}) {:?} from {} on {}",
                        a,
                        b,
                        colour,
                        at,
                        sq
                    );
                    if dab.mark(sq).is_none() {
                        prop_assert_eq!((da.mark(sq), db.mark(sq)), (None, None));
                    }
                }
            }
            Ok(true)
        },
    );
}

/// A parsed piece reads back from its binary form (the drop-in scripts'
/// parsed tables) as the same piece, and draws the same.
#[test]
fn pieces_round_trip_through_their_binary_form() {
    counted(
        "pieces_round_trip_through_their_binary_form",
        (betza_structured(), position(), any::<Index>()),
        |(text, pos, at)| {
            let Ok(piece) = betza::parse(&text) else {
                return Ok(false);
            };
            let back = Piece::decode(&piece.encode());
            prop_assert_eq!(back.as_ref(), Some(&piece));
            if let Some(back) = back {
                let at = pick(&pos.board, &at);
                prop_assert_eq!(
                    marks(&compute(&back, at, Colour::White, &pos)),
                    marks(&compute(&piece, at, Colour::White, &pos))
                );
            }
            Ok(true)
        },
    );
}
