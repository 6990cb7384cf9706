//! Pieces in hand and where they may be dropped, as Fairy-Stockfish
//! decides it: the squares of its `Position::drop_region` (the drop
//! region, the piece's mobility region, its pawn and rook rules, doubled
//! pieces, enclosing drops) less those its `Position::legal` refuses for a
//! drop (no way to move from there, a check where checks are not allowed,
//! a type that must be dropped first, Placement's bishops), in a position
//! of our own making that shows them: the demonstration a page's hand
//! shows when one of its pieces is pressed.
//!
//! The demonstration is the start position where the game starts with
//! pieces in hand, or where drops must enclose pieces (Reversi, Ataxx);
//! otherwise the royal pieces on their start squares and, where it
//! matters, what shows a rule: a piece of the pressed type already on a
//! file (no doubled pieces), the pieces between Kings that face each other
//! (the flying general). The side to move is the hand's; it is not in
//! check.
//!
//! ```
//! use glance::variant::{drops, read, Colour};
//! let v = &read("[zh:crazyhouse]\n", "zh.ini").unwrap()[0];
//! assert_eq!(drops::hand_types(v, Colour::White), ['p', 'n', 'b', 'r', 'q']);
//! let demo = drops::demonstration(v, Colour::White, 'p').unwrap();
//! assert_eq!(demo.fen(v), "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
//! let squares = drops::squares(v, &demo, Colour::White, 'p');
//! // Every empty square but the first and the last rank.
//! assert_eq!(squares.len(), 48);
//! ```

use alloc::string::String;
use alloc::vec::Vec;

use super::rules::Enclosing;
use super::{Placement, Variant, VariantPiece};
use crate::Diagram;
use crate::engine::betza::{self, Piece};
use crate::engine::geometry::{Colour, Offset, Square, SquareSet};

/// A position a hand's press demonstrates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The pieces on the board.
    pub board: Vec<Placement>,
    /// The pieces in hand: each side's letters.
    pub hand: Vec<(Colour, char)>,
    /// The side to move: the hand's.
    pub to_move: Colour,
    /// The castling rights, as the FEN writes them (`-`: none).
    pub rights: String,
    /// The square a pawn's double step has just passed over, where a
    /// pawn may take it en passant.
    pub en_passant: Option<Square>,
    /// Where the pawn to take en passant stands, where that is not
    /// straight on from the square passed over (a diagonal double step,
    /// Berolina's): Fairy-Stockfish's FEN then names both, `e3f4`.
    pub en_passant_taken: Option<Square>,
}

/// Why a square of the board is no drop square of a piece in a
/// demonstration, for the words under the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Excluded {
    /// A piece stands there.
    Occupied,
    /// Outside the game's drop region, or the piece's mobility region.
    Region,
    /// The pawn type's first rank (`firstRankPawnDrops = false`).
    FirstRank,
    /// The pawn type's promotion zone (`promotionZonePawnDrops = false`).
    PromotionZone,
    /// A file that holds as many of its own as the game allows
    /// (`dropNoDoubled`).
    Doubled,
    /// Sittuyin's Rook: its side's first rank only.
    RookRank,
    /// The drop encloses nothing, or is not where the game's enclosing
    /// rule lets pieces go.
    Enclosing,
    /// The piece could never move from there (`immobilityIllegal`).
    Immobile,
    /// The drop would give check (`dropChecks = false`, `checking =
    /// false`).
    Check,
    /// A royal or pseudo-royal piece would stand attacked there.
    Attacked,
    /// Another type must be dropped first (`mustDropType`).
    DropFirst,
    /// The side's bishops could no longer stand on squares of both
    /// colours (`dropOppositeColoredBishop`).
    Bishops,
}

/// The letters `colour`'s hand may hold, in the variant's order of piece
/// types: those it holds at the start, and where captures go to hand,
/// every type of the other side's that a capture can take (a promoted
/// piece goes back to its unpromoted type, which is the type counted).
pub fn hand_types(v: &Variant, colour: Colour) -> Vec<char> {
    let mut letters = Vec::new();
    if !v.rules.drops.allowed {
        return letters;
    }
    // Free drops (Ataxx): every type may be dropped, from no hand.
    if v.rules.drops.free {
        return v.pieces.iter().map(|p| p.letter).collect();
    }
    for c in v.in_hand.chars().filter(char::is_ascii_alphabetic) {
        let side = if c.is_ascii_uppercase() {
            Colour::White
        } else {
            Colour::Black
        };
        if side == colour {
            letters.push(c.to_ascii_lowercase());
        }
    }
    // (Bughouse: what the partner captures comes to this hand.)
    if v.rules.drops.captures_to_hand || v.rules.engine.two_boards {
        // (Not a piece an extinction rule keeps out of every hand, unless
        // a promotion can make another; on two boards, Koedem, the King
        // the partner takes comes to this hand all the same.)
        let count = |letter: char, c: Colour| super::start_count(&v.start, &v.in_hand, letter, c);
        let promoted_to = |l: char| {
            v.promotion.piece_types_white.contains(&l) || v.promotion.piece_types_black.contains(&l)
        };
        let ends = |l: char| {
            !v.rules.engine.two_boards && v.rules.never_in_hand(l, &count) && !promoted_to(l)
        };
        for p in &v.start {
            let capturable = v.piece(p.letter).is_some_and(|q| !q.royal) && !ends(p.letter);
            if p.colour != colour && capturable {
                letters.push(p.letter);
            }
        }
        for c in v.in_hand.chars().filter(char::is_ascii_alphabetic) {
            let theirs = c.is_ascii_uppercase() != (colour == Colour::White);
            if theirs && v.piece(c).is_some_and(|q| !q.royal && !ends(q.letter)) {
                letters.push(c.to_ascii_lowercase());
            }
        }
    }
    v.pieces
        .iter()
        .map(|p| p.letter)
        .filter(|l| letters.contains(l))
        .collect()
}

/// The position that shows where `colour`'s `letter` may be dropped, or
/// `None` where the game has no drops or no such piece.
pub fn demonstration(v: &Variant, colour: Colour, letter: char) -> Option<Position> {
    let drops = &v.rules.drops;
    if !drops.allowed || v.piece(letter).is_none() {
        return None;
    }
    let mut hand: Vec<(Colour, char)> = Vec::new();
    let board: Vec<Placement>;
    let royal = |c: Colour| {
        v.start
            .iter()
            .any(|p| p.colour == c && v.piece(p.letter).is_some_and(|q| q.royal))
    };
    let bare = !v.in_hand.chars().any(|c| c.is_ascii_alphabetic())
        && !drops.free
        && drops.enclosing == Enclosing::None
        && royal(Colour::White)
        && royal(Colour::Black);
    if bare {
        board = kings_and_more(v, colour, letter);
    } else {
        board = v.start.clone();
        hand = Position::start(v).hand;
    }
    if !hand.contains(&(colour, letter)) {
        hand.push((colour, letter));
    }
    let mut pos = Position {
        board,
        hand,
        to_move: colour,
        rights: String::from("-"),
        en_passant: None,
        en_passant_taken: None,
    };
    // Where a capture must be made (`mustCapture`), no drop is legal while
    // one can: the pieces the mover could take leave the position.
    if v.rules.captures.must_capture {
        while let Some(sq) = first_capture(v, &pos, colour) {
            pos.board.retain(|p| p.square != sq);
        }
    }
    Some(pos)
}

/// A square where `colour` could capture in `pos`, if any.
pub(crate) fn first_capture(v: &Variant, pos: &Position, colour: Colour) -> Option<Square> {
    let board = SquareSet::rectangle(v.files, v.ranks)?;
    let occupied = pos.occupied();
    let friends = pos.of(colour);
    let theirs = pos.of(colour.opposite());
    pos.board
        .iter()
        .filter(|a| a.colour == colour)
        .filter_map(|a| piece_of(v, a.letter).map(|m| (a, m)))
        .find_map(|(a, m)| {
            let d = Diagram::among(&m, a.square, colour, &board, &occupied, &friends);
            theirs.iter().find(|s| d.can_capture_on(*s))
        })
}

/// The royal pieces on their start squares, with the pieces that show
/// the rules of a drop of `letter`.
fn kings_and_more(v: &Variant, colour: Colour, letter: char) -> Vec<Placement> {
    let mut board: Vec<Placement> = v
        .start
        .iter()
        .filter(|p| v.piece(p.letter).is_some_and(|q| q.royal))
        .copied()
        .collect();
    // No doubled pieces: as many on one file as the rule allows.
    if v.rules.drops.no_doubled == Some(letter) {
        let own: Vec<&Placement> = v
            .start
            .iter()
            .filter(|p| p.letter == letter && p.colour == colour && !p.promoted)
            .collect();
        if let Some(first) = own.first() {
            let file = first.square.file();
            let n = usize::try_from(v.rules.drops.no_doubled_count).unwrap_or(1);
            board.extend(
                own.iter()
                    .filter(|p| p.square.file() == file)
                    .take(n)
                    .map(|p| **p),
            );
        }
    }
    // Kings facing each other on an open file (the flying general,
    // bikjang): the start's pieces between them stay.
    if v.rules.moves.flying_general || v.rules.end.bikjang {
        let royal: Vec<Placement> = board
            .iter()
            .filter(|p| v.piece(p.letter).is_some_and(|q| q.royal))
            .copied()
            .collect();
        if let [a, b] = royal.as_slice() {
            if a.square.file() == b.square.file() {
                let (lo, hi) = (
                    a.square.rank().min(b.square.rank()),
                    a.square.rank().max(b.square.rank()),
                );
                for p in &v.start {
                    let between = p.square.rank() > lo && p.square.rank() < hi;
                    if p.square.file() == a.square.file() && between && !board.contains(p) {
                        board.push(*p);
                    }
                }
            }
        }
    }
    board
}

impl Position {
    /// The game's start position: its pieces on the board and in hand,
    /// the side that moves first to move, no castling right written.
    pub fn start(v: &Variant) -> Self {
        let hand = v
            .in_hand
            .chars()
            .filter(char::is_ascii_alphabetic)
            .map(|c| {
                let side = if c.is_ascii_uppercase() {
                    Colour::White
                } else {
                    Colour::Black
                };
                (side, c.to_ascii_lowercase())
            })
            .collect();
        Position {
            board: v.start.clone(),
            hand,
            to_move: v.first,
            rights: String::from("-"),
            en_passant: None,
            en_passant_taken: None,
        }
    }

    /// Its FEN, as Fairy-Stockfish reads it: the board, the hands in
    /// brackets, the side to move, the castling rights, the en passant
    /// square.
    pub fn fen(&self, v: &Variant) -> String {
        let mut out = String::new();
        for rank in (0..v.ranks).rev() {
            let mut empty = 0;
            for file in 0..v.files {
                let at = self
                    .board
                    .iter()
                    .find(|p| p.square.file() == file && p.square.rank() == rank);
                let wall =
                    at.is_none() && v.walls.iter().any(|w| w.file() == file && w.rank() == rank);
                if at.is_none() && !wall {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                match at {
                    None => out.push('*'),
                    Some(p) => {
                        if p.promoted {
                            out.push('+');
                        }
                        out.push(letter_of(p.colour, p.letter));
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        // (Free drops count no hand: Fairy-Stockfish writes none.)
        if !v.rules.drops.free && (v.rules.drops.allowed || !self.hand.is_empty()) {
            out.push('[');
            for colour in [Colour::White, Colour::Black] {
                for &(c, l) in &self.hand {
                    if c == colour {
                        out.push(letter_of(c, l));
                    }
                }
            }
            out.push(']');
        }
        out.push(' ');
        out.push(match self.to_move {
            Colour::White => 'w',
            Colour::Black => 'b',
        });
        out.push(' ');
        out.push_str(&self.rights);
        out.push(' ');
        match self.en_passant {
            Some(sq) => {
                sq.push_name(&mut out);
                if let Some(taken) = self.en_passant_taken {
                    taken.push_name(&mut out);
                }
            }
            None => out.push('-'),
        }
        out.push_str(" 0 1");
        out
    }

    pub(crate) fn occupied(&self) -> SquareSet {
        self.board.iter().map(|p| p.square).collect()
    }

    /// The squares of `colour`'s pieces.
    pub(crate) fn of(&self, colour: Colour) -> SquareSet {
        self.board
            .iter()
            .filter(|p| p.colour == colour)
            .map(|p| p.square)
            .collect()
    }

    fn in_hand(&self, colour: Colour, letter: char) -> usize {
        self.hand
            .iter()
            .filter(|&&(c, l)| c == colour && l == letter)
            .count()
    }
}

fn letter_of(colour: Colour, letter: char) -> char {
    match colour {
        Colour::White => letter.to_ascii_uppercase(),
        Colour::Black => letter.to_ascii_lowercase(),
    }
}

/// The squares where `colour`'s `letter` may be dropped in `pos`.
pub fn squares(v: &Variant, pos: &Position, colour: Colour, letter: char) -> Vec<Square> {
    each_square(v, pos, colour, letter)
        .into_iter()
        .filter_map(|(sq, why)| why.is_none().then_some(sq))
        .collect()
}

/// Every square of the board, with why `colour`'s `letter` may not be
/// dropped there (`None`: it may).
pub fn each_square(
    v: &Variant,
    pos: &Position,
    colour: Colour,
    letter: char,
) -> Vec<(Square, Option<Excluded>)> {
    let Some(board) = SquareSet::rectangle(v.files, v.ranks) else {
        return Vec::new();
    };
    let Some(p) = v.piece(letter) else {
        return Vec::new();
    };
    let parsed = p.pages.as_deref().ok().and_then(|b| betza::parse(b).ok());
    let occupied = pos.occupied();
    let region = region(v, p, colour, pos);
    board
        .iter()
        .map(|sq| {
            let why = if occupied.contains(sq) {
                Some(Excluded::Occupied)
            } else if let Some(e) = region.iter().find(|(s, _)| *s == sq).map(|(_, e)| *e) {
                Some(e)
            } else {
                legal(v, pos, colour, p, parsed.as_ref(), sq, &board)
            };
            (sq, why)
        })
        .collect()
}

/// Whether `sq` is in Fairy-Stockfish's `drop_region` of `colour`'s
/// `letter` in `pos`, whatever stands there: a piece gated in
/// ([`super::gating`]) enters on a square its drops could reach.
pub(crate) fn in_drop_region(
    v: &Variant,
    pos: &Position,
    colour: Colour,
    letter: char,
    sq: Square,
) -> bool {
    v.piece(letter)
        .is_some_and(|p| !region(v, p, colour, pos).iter().any(|(s, _)| *s == sq))
}

/// The squares Fairy-Stockfish's `drop_region` takes away from an empty
/// square, each with its reason.
fn region(
    v: &Variant,
    p: &VariantPiece,
    colour: Colour,
    pos: &Position,
) -> Vec<(Square, Excluded)> {
    let drops = &v.rules.drops;
    let Some(board) = SquareSet::rectangle(v.files, v.ranks) else {
        return Vec::new();
    };
    let first_rank = match colour {
        Colour::White => 0,
        Colour::Black => v.ranks - 1,
    };
    let zone = match colour {
        Colour::White => &v.promotion.region_white,
        Colour::Black => &v.promotion.region_black,
    };
    let mobility = v.mobility_region(p, colour);
    let mut out = Vec::new();
    for sq in board.iter() {
        let why =
            if !drops.region[colour].contains(&sq) || mobility.is_some_and(|m| !m.contains(&sq)) {
                Some(Excluded::Region)
            } else if p.name == "pawn" && !drops.promotion_zone_pawn_drops && zone.contains(&sq) {
                Some(Excluded::PromotionZone)
            } else if p.name == "pawn" && !drops.first_rank_pawn_drops && sq.rank() == first_rank {
                Some(Excluded::FirstRank)
            } else if drops.no_doubled == Some(p.letter) && doubled(v, pos, colour, p.letter, sq) {
                Some(Excluded::Doubled)
            } else if p.name == "rook" && drops.sittuyin_rook_drop && sq.rank() != first_rank {
                Some(Excluded::RookRank)
            } else if !encloses(v, pos, colour, sq) {
                Some(Excluded::Enclosing)
            } else {
                None
            };
        if let Some(e) = why {
            out.push((sq, e));
        }
    }
    out
}

/// Whether the file of `sq` holds `dropNoDoubledCount` of `colour`'s
/// `letter` already.
fn doubled(v: &Variant, pos: &Position, colour: Colour, letter: char, sq: Square) -> bool {
    let n = pos
        .board
        .iter()
        .filter(|p| p.colour == colour && p.letter == letter && !p.promoted)
        .filter(|p| p.square.file() == sq.file())
        .count();
    i32::try_from(n).unwrap_or(i32::MAX) >= v.rules.drops.no_doubled_count
}

/// Whether a drop on `sq` meets the game's enclosing rule (`enclosingDrop`).
fn encloses(v: &Variant, pos: &Position, colour: Colour, sq: Square) -> bool {
    let drops = &v.rules.drops;
    if drops.enclosing == Enclosing::None {
        return true;
    }
    let occupied = pos.occupied();
    // Reversi's start: the start squares first, while any is empty.
    if drops.enclosing_start.iter().any(|s| !occupied.contains(*s)) {
        return drops.enclosing_start.contains(&sq);
    }
    let other = colour.opposite();
    let near = |set: &SquareSet, steps: &[(i8, i8)]| {
        steps
            .iter()
            .any(|&(df, dr)| shifted(v, sq, -df, -dr).is_some_and(|s| set.contains(s)))
    };
    const KING: [(i8, i8); 8] = [
        (0, 1),
        (0, -1),
        (1, 0),
        (-1, 0),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];
    match drops.enclosing {
        Enclosing::None => true,
        Enclosing::Reversi => {
            let theirs = pos.of(other);
            let ours = pos.of(colour);
            KING.iter().any(|&(df, dr)| {
                let mut at = shifted(v, sq, df, dr);
                let mut passed = 0;
                while let Some(s) = at {
                    if theirs.contains(s) {
                        passed += 1;
                        at = shifted(v, s, df, dr);
                    } else {
                        return passed > 0 && ours.contains(s);
                    }
                }
                false
            })
        }
        Enclosing::Snort => !near(&pos.of(other), &KING[..4]),
        Enclosing::Top => {
            sq.rank() == 0 || shifted(v, sq, 0, -1).is_some_and(|s| occupied.contains(s))
        }
        Enclosing::Anyside => anyside(v, &occupied, sq),
        Enclosing::Ataxx | Enclosing::Quadwrangle => near(&pos.of(colour), &KING),
    }
}

/// Anyside drops (Fairy-Stockfish's `ANYSIDE`): the first empty square
/// from an edge, along a rank or a file whose edge square is empty,
/// pushed in from that edge.
fn anyside(v: &Variant, occupied: &SquareSet, sq: Square) -> bool {
    let (files, ranks) = (v.files, v.ranks);
    let at = |f: u8, r: u8| Square::new(f, r);
    let free = |s: Option<Square>| s.is_some_and(|s| !occupied.contains(s));
    // From the west (a file) along each rank: the last empty square
    // before a piece or the east edge, where the west edge is empty.
    let mut found = Vec::new();
    for r in 0..ranks {
        if free(at(0, r)) {
            let mut f = 0;
            while f + 1 < files && free(at(f + 1, r)) {
                f += 1;
            }
            found.extend(at(f, r));
        }
        if free(at(files - 1, r)) {
            let mut f = files - 1;
            while f > 0 && free(at(f - 1, r)) {
                f -= 1;
            }
            found.extend(at(f, r));
        }
    }
    for f in 0..files {
        if free(at(f, 0)) {
            let mut r = 0;
            while r + 1 < ranks && free(at(f, r + 1)) {
                r += 1;
            }
            found.extend(at(f, r));
        }
        if free(at(f, ranks - 1)) {
            let mut r = ranks - 1;
            while r > 0 && free(at(f, r - 1)) {
                r -= 1;
            }
            found.extend(at(f, r));
        }
    }
    found.contains(&sq)
}

/// `sq` moved `df` files and `dr` ranks, if that is on the board.
fn shifted(v: &Variant, sq: Square, df: i8, dr: i8) -> Option<Square> {
    sq.offset(Offset::new(df, dr))
        .filter(|s| s.file() < v.files && s.rank() < v.ranks)
}

/// What Fairy-Stockfish's `legal` refuses of a drop on the empty square
/// `sq` of the drop region.
fn legal(
    v: &Variant,
    pos: &Position,
    colour: Colour,
    p: &VariantPiece,
    parsed: Option<&Piece>,
    sq: Square,
    board: &SquareSet,
) -> Option<Excluded> {
    let drops = &v.rules.drops;
    if drops.must_drop {
        if let Some(t) = drops.must_drop_type {
            if t != p.letter && pos.in_hand(colour, t) > 0 {
                return Some(Excluded::DropFirst);
            }
        }
    }
    if drops.opposite_coloured_bishop && !bishops_fit(v, pos, colour, p, sq) {
        return Some(Excluded::Bishops);
    }
    let moves = parsed.map(Piece::without_initial);
    // (Fairy-Stockfish's table of a piece's moves on the empty board lets
    // a hopper move along its lines.)
    if drops.immobility_illegal {
        if let Some(m) = moves.as_ref().filter(|m| !m.needs_screen()) {
            let none = SquareSet::EMPTY;
            let d = Diagram::among(m, sq, colour, board, &none, &none);
            if !board.iter().any(|s| d.can_move_to(s)) {
                return Some(Excluded::Immobile);
            }
        }
    }
    let x = &v.rules.end.extinction;
    if (p.royal || (x.pseudo_royal && x.piece_types.contains(&p.letter)))
        && attacked(v, pos, colour.opposite(), sq, board)
    {
        return Some(Excluded::Attacked);
    }
    if !drops.checks || !v.rules.moves.checking {
        if let Some(m) = &moves {
            let mut occupied = pos.occupied();
            occupied.insert(sq);
            let mut friends = pos.of(colour);
            friends.insert(sq);
            let d = Diagram::among(m, sq, colour, board, &occupied, &friends);
            let checks = pos.board.iter().any(|q| {
                q.colour != colour
                    && v.piece(q.letter).is_some_and(|k| k.royal)
                    && d.can_capture_on(q.square)
            });
            if checks {
                return Some(Excluded::Check);
            }
        }
    }
    None
}

/// Placement's bishops (`dropOppositeColoredBishop`): a drop must leave
/// the side's bishops room to stand on squares of both colours.
fn bishops_fit(v: &Variant, pos: &Position, colour: Colour, p: &VariantPiece, sq: Square) -> bool {
    let Some(bishop) = v.pieces.iter().find(|q| q.name == "bishop") else {
        return true;
    };
    let dark = |s: Square| (s.file() + s.rank()) % 2 == 0;
    let on_board: Vec<Square> = pos
        .board
        .iter()
        .filter(|q| q.colour == colour && q.letter == bishop.letter)
        .map(|q| q.square)
        .collect();
    let with_hand = on_board.len() + pos.in_hand(colour, bishop.letter);
    if p.letter == bishop.letter {
        let same = on_board.iter().filter(|s| dark(**s) == dark(sq)).count();
        return same < with_hand.div_ceil(2);
    }
    let Some(board) = SquareSet::rectangle(v.files, v.ranks) else {
        return true;
    };
    let occupied = pos.occupied();
    let mobility = v.mobility_region(bishop, colour);
    let remaining: Vec<Square> = board
        .iter()
        .filter(|s| *s != sq && !occupied.contains(*s))
        .filter(|s| v.rules.drops.region[colour].contains(s))
        .filter(|s| mobility.is_none_or(|m| m.contains(s)))
        .collect();
    let count = |want: bool| {
        on_board.iter().filter(|s| dark(**s) == want).count()
            + remaining.iter().filter(|s| dark(**s) == want).count()
    };
    count(true) >= with_hand / 2 && count(false) >= with_hand / 2
}

/// Whether `by`'s pieces attack `sq` in `pos`, with a piece of the other
/// side dropped there.
fn attacked(v: &Variant, pos: &Position, by: Colour, sq: Square, board: &SquareSet) -> bool {
    let mut occupied = pos.occupied();
    occupied.insert(sq);
    let friends = pos.of(by);
    pos.board.iter().any(|a| {
        a.colour == by
            && piece_of(v, a.letter).is_some_and(|m| {
                Diagram::among(&m, a.square, by, board, &occupied, &friends).can_capture_on(sq)
            })
    })
}

/// The moves of `letter`'s pieces, parsed (Betza in the pages' dialect).
pub(crate) fn piece_of(v: &Variant, letter: char) -> Option<Piece> {
    betza::parse(v.piece(letter)?.pages.as_deref().ok()?).ok()
}

/// The moves the piece `p` has on its square (its initial moves only
/// where the game's double-step region allows them there), and the
/// mobility region it keeps to, if any.
pub(crate) fn moves_at<'a>(v: &'a Variant, p: &Placement) -> Option<(Piece, Option<&'a [Square]>)> {
    let piece = piece_of(v, p.letter)?;
    let double_step = match p.colour {
        Colour::White => &v.double_step_white,
        Colour::Black => &v.double_step_black,
    };
    let moves = if double_step.contains(&p.square) {
        piece
    } else {
        piece.without_initial()
    };
    let mobility = v
        .piece(p.letter)
        .and_then(|q| v.mobility_region(q, p.colour));
    Some((moves, mobility))
}

/// Whether `colour`'s royal pieces are attacked in `pos` (a
/// demonstration must not start in check), as far as the pieces' moves
/// tell.
pub fn in_check(v: &Variant, pos: &Position, colour: Colour) -> bool {
    let Some(board) = SquareSet::rectangle(v.files, v.ranks) else {
        return false;
    };
    let occupied = pos.occupied();
    pos.board.iter().any(|a| {
        if a.colour == colour {
            return false;
        }
        let Some(m) = piece_of(v, a.letter) else {
            return false;
        };
        let friends = pos.of(a.colour);
        let d = Diagram::among(&m, a.square, a.colour, &board, &occupied, &friends);
        pos.board.iter().any(|k| {
            k.colour == colour
                && v.piece(k.letter).is_some_and(|q| q.royal)
                && d.can_capture_on(k.square)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::read;

    fn names(sqs: &[Square]) -> Vec<String> {
        sqs.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn shogi_pawn_keeps_off_its_file_and_the_last_rank() {
        let v = &read("[s:shogi]\n", "s.ini").unwrap()[0];
        let demo = demonstration(v, Colour::White, 'p').unwrap();
        assert_eq!(demo.fen(v), "4k4/9/9/9/9/9/P8/9/4K4[P] w - - 0 1");
        let got = names(&squares(v, &demo, Colour::White, 'p'));
        // 81 squares, less the two Kings and the Pawn's square, less the
        // a-file's other 8 and the last rank's other 8 (e9 is the King's).
        assert_eq!(got.len(), 81 - 3 - 8 - 7);
        assert!(!got.contains(&"a5".to_string()));
        assert!(!got.contains(&"b9".to_string()));
        assert!(got.contains(&"b8".to_string()));
    }

    // Facts from variant.cpp's ataxx_variant() (`freeDrops = true`) and
    // pyffish's play: `P@f1 P@f2 P@g2` among White's first moves, and
    // `validate_fen` refuses a bracketed hand in an Ataxx FEN.
    #[test]
    fn ataxx_drops_from_a_supply_and_writes_no_hand() {
        let v = &read("[a:ataxx]\n[f:ataxx]\nglanceFreeDrops = false\n", "a.ini").unwrap();
        let ataxx = &v[0];
        assert!(ataxx.rules.drops.free);
        assert_eq!(hand_types(ataxx, Colour::White), ['p']);
        assert_eq!(hand_types(ataxx, Colour::Black), ['p']);
        let demo = demonstration(ataxx, Colour::White, 'p').unwrap();
        assert_eq!(demo.fen(ataxx), "P5p/7/7/7/7/7/p5P w - - 0 1");
        let got = names(&squares(ataxx, &demo, Colour::White, 'p'));
        assert!(
            ["f1", "f2", "g2", "a6", "b6", "b7"]
                .iter()
                .all(|s| got.contains(&s.to_string()))
        );
        assert_eq!(got.len(), 6, "{got:?}");
        // A definition file cannot set it: pyffish reads no such key.
        assert!(v[1].rules.drops.free);
        let own = &read(
            "[o:chess]\npieceDrops = true\nglanceFreeDrops = true\n",
            "o.ini",
        )
        .unwrap()[0];
        assert!(!own.rules.drops.free);
    }

    #[test]
    fn a_knight_in_hand_never_lands_where_it_cannot_move() {
        let v = &read("[s:shogi]\n", "s.ini").unwrap()[0];
        let demo = demonstration(v, Colour::Black, 'n').unwrap();
        let all = each_square(v, &demo, Colour::Black, 'n');
        let immobile: Vec<Square> = all
            .iter()
            .filter(|(_, w)| *w == Some(Excluded::Immobile))
            .map(|(s, _)| *s)
            .collect();
        // Black's Knight: never on ranks 1 and 2.
        assert_eq!(immobile.len(), 17);
        assert!(immobile.iter().all(|s| s.rank() <= 1));
    }

    #[test]
    fn sittuyin_shows_its_start_with_the_hand() {
        let v = &read("[s:sittuyin]\n", "s.ini").unwrap()[0];
        let demo = demonstration(v, Colour::White, 'r').unwrap();
        assert!(demo.fen(v).starts_with("8/8/4pppp/pppp4/4PPPP/PPPP4/8/8["));
        let got = names(&squares(v, &demo, Colour::White, 'r'));
        assert_eq!(got.len(), 8);
        assert!(got.iter().all(|s| s.ends_with('1')));
    }

    #[test]
    fn a_hand_holds_what_captures_put_there() {
        let v = &read("[s:shogi]\n", "s.ini").unwrap()[0];
        assert_eq!(hand_types(v, Colour::Black).len(), 7);
        let chess = &read("[c:chess]\n", "c.ini").unwrap()[0];
        assert!(hand_types(chess, Colour::White).is_empty());
    }

    #[test]
    fn a_piece_whose_capture_ends_the_game_is_never_in_hand() {
        // Fairy-Stockfish: taking Dobutsu's Lion ends the game at once
        // (extinction), and Mandala's two pseudo-royal pieces may never be
        // left attacked; Koedem's King, taken on the partner's board,
        // comes to this hand and must be dropped (`mustDropType`).
        let dobutsu = &read("[d:dobutsu]\n", "d.ini").unwrap()[0];
        assert_eq!(hand_types(dobutsu, Colour::White), ['e', 'c', 'g']);
        let ini = "[m:chess]\nmaxRank = 10\nmaxFile = 10\npieceDrops = true\ncapturesToHand = true\n\
                   customPiece5 = j:FWGH\nking = -\n\
                   startFen = 4jj4/10/10/10/10/10/10/10/10/RRRRJJRRRR[] w - - 0 1\n\
                   extinctionValue = loss\nextinctionPieceTypes = j\nextinctionPseudoRoyal = true\n\
                   extinctionPieceCount = 1\n";
        let mandala = &read(ini, "m.ini").unwrap()[0];
        assert_eq!(hand_types(mandala, Colour::Black), ['r']);
        let koedem = &read("[k:koedem]\n", "k.ini").unwrap()[0];
        assert!(hand_types(koedem, Colour::White).contains(&'k'));
    }
}
