//! The hands beside the board (issue: every move a player can make): for
//! a game with drops, each side's pieces in hand, each a cell `sq{x}x{y}`
//! outside the board (Black's above it, on rows 15 and 14; White's below,
//! on rows 13 and 12) that the runtime presses like a demonstration: its
//! `data-demo` turns the board into the piece's demonstration position
//! ([`crate::variant::drops`]) and marks in green every square where it
//! may be dropped; `data-fen` is that position, `data-hand` the piece
//! (`P` White's Pawn, `p` Black's), `data-words` the texts under the
//! board. Without JavaScript, each shows as a static diagram with its FEN.

use crate::Mark;
use crate::engine::describe::number;
use crate::engine::geometry::{Colour, Square};
use std::borrow::Cow;

use crate::variant::castling::castle;
use crate::variant::drops::{self, Excluded};
use crate::variant::prose::{self, Sentence};
use crate::variant::rules::Walling;
use crate::variant::{Placement, Variant, VariantPiece};
use crate::variant::{castling, claims, en_passant, gating, piece_names, placed, promotion, walls};

use super::look::{Look, look};
use super::{Names, piece_name};

/// One side's hand.
pub(super) struct HandView {
    /// "Black's hand".
    pub label: String,
    pub black: bool,
    /// A supply that never runs out, not a hand (Ataxx's free drops).
    pub supply: bool,
    pub pieces: Vec<HandPiece>,
    /// The side's castling King, pressed to show where it castles, and
    /// its pawn that takes en passant: each in a row of its own.
    pub demos: Vec<HandPiece>,
}

/// What a demonstration cell shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Shows {
    /// A piece in hand and its drops (`data-hand`).
    Hand,
    /// A King castling (`data-castle`).
    Castle,
    /// A pawn on this square taking en passant (`data-en-passant`).
    EnPassant(Square),
    /// A piece on this square one move before its promotion zone
    /// (`data-promotion`).
    Promotion(Square),
    /// A piece in hand entering the board by gating (`data-gating`).
    Gating,
    /// A move (from, to: the same square where a wall is placed instead
    /// of a move) and where its wall or the duck may then go
    /// (`data-wall`, the move as UCI writes it before the wall).
    Wall(Square, Square, Walling),
}

/// A square's mark in a demonstration: one of the board's marks, the
/// promotion demonstration's own (`promote`: a move here promotes), or
/// the gating demonstration's (`gate`: a piece in hand may enter here; it
/// covers the piece whose first move opens the gate).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Dot {
    Mark(Mark),
    Promote,
    Gate,
}

impl Dot {
    /// Its image's name, in the page's `sym/` folder.
    pub(super) fn image(self) -> &'static str {
        match self {
            Dot::Mark(m) => m.image(),
            Dot::Promote => "promote",
            Dot::Gate => "gate",
        }
    }

    /// Its text diagram symbol, the image's alternative.
    pub(super) fn symbol(self) -> char {
        match self {
            Dot::Mark(m) => m.symbol(),
            Dot::Promote => '=',
            Dot::Gate => '@',
        }
    }
}

/// A piece in hand and its demonstration.
pub(super) struct HandPiece {
    /// Its cell's id, `sq{x}x{y}`.
    pub id: String,
    pub shows: Shows,
    /// `P` (White's) or `p` (Black's).
    pub hand: char,
    pub look: Look,
    /// The changes from the board to the demonstration, and the
    /// marks.
    pub demo: String,
    pub fen: String,
    /// The `data-text` keys of its name and of its words.
    pub keys: (String, String),
    /// "White's Pawn in hand".
    pub name: String,
    /// What it shows, in words (where it may be dropped, and where not;
    /// where it castles...), with the rules they claim (`data-rule`).
    pub words: Sentence,
    /// The demonstration drawn, from the top rank.
    pub rows: Vec<Vec<DemoCell>>,
    /// The marks it shows, each with what it means there.
    pub keys_legend: Vec<(Dot, &'static str)>,
}

/// A square of a demonstration's static diagram.
pub(super) enum DemoCell {
    Empty,
    /// A square marked: the piece may be dropped or go there.
    Mark(Dot),
    Piece(Look),
    /// A wall of the start position ([`Variant::walls`]).
    Wall,
}

/// The hands of the game, Black's first (above the board), or none.
pub(super) fn hands(v: &Variant, names: &Names, board: &[Vec<Option<&Look>>]) -> Vec<HandView> {
    let beside = Beside { v, names, board };
    let mut out = Vec::new();
    for (colour, rows) in [(Colour::Black, [15u8, 14]), (Colour::White, [13, 12])] {
        let mut pieces = Vec::new();
        for letter in drops::hand_types(v, colour) {
            let i = pieces.len();
            let width = usize::from(v.files.max(3));
            let (x, row) = (i % width, i / width);
            let (Some(&y), Ok(x)) = (rows.get(row), u8::try_from(x)) else {
                continue;
            };
            if let Some(p) = hand_piece(beside, colour, letter, (x, y)) {
                pieces.push(p);
            }
        }
        let mut demos: Vec<HandPiece> = [
            castle_cell(beside, colour, (15, rows[0])),
            en_passant_cell(beside, colour, (14, rows[0])),
        ]
        .into_iter()
        .flatten()
        .collect();
        // The side's promotions, then its pieces gated in, a cell per
        // type from x = 13 down, on columns the hand's first row leaves
        // free.
        let used = pieces.len().min(usize::from(v.files.max(3)));
        let mut free = (0..14u8).rev().filter(|&x| usize::from(x) >= used);
        for shown in &promotion::demonstrations(v, colour) {
            let Some(x) = free.next() else { break };
            demos.extend(promotion_cell(beside, colour, shown, (x, rows[0])));
        }
        for shown in &gating::demonstrations(v, colour) {
            let Some(x) = free.next() else { break };
            demos.extend(gating_cell(beside, colour, shown, (x, rows[0])));
        }
        if let (Some(shown), Some(x)) = (walls::demonstration(v, colour), free.next()) {
            demos.extend(wall_cell(beside, colour, &shown, (x, rows[0])));
        }
        if !pieces.is_empty() || !demos.is_empty() {
            let side = piece_names::side(v, colour);
            let hand = if v.rules.drops.free { "supply" } else { "hand" };
            out.push(HandView {
                label: format!("{side}'s {hand}"),
                black: colour == Colour::Black,
                supply: v.rules.drops.free,
                pieces,
                demos,
            });
        }
    }
    out
}

/// Where the pieces in a hand come from, the hands' places, and what it
/// claims (`capturesToHand`, `fsf:freeDrops`): a capture, as in
/// Crazyhouse; the other board of a game played by partners (Bughouse: on
/// this board, a capture puts nothing in a hand); the start alone
/// (Placement); or a supply that never runs out, with no hand (Ataxx).
pub(super) fn origin(v: &Variant) -> Sentence {
    let (white, black) = (
        piece_names::side(v, Colour::White),
        piece_names::side(v, Colour::Black),
    );
    let hand = if v.rules.drops.free { "supply" } else { "hand" };
    let places = format!("above the board {black}'s {hand}, below it {white}'s");
    let blast = v.rules.captures.blast;
    let text = if v.rules.drops.free {
        format!(
            "A player places new pieces from a supply that never runs out: no hand is kept. The pieces to \
             place are drawn beside the board: {places}."
        )
    } else if v.rules.drops.captures_to_hand && blast {
        format!(
            "A captured piece, and every piece a blast removes, goes to the hand of its owner's opponent, \
             beside the board: {places}."
        )
    } else if v.rules.drops.captures_to_hand {
        format!("A captured piece goes to its captor's hand, beside the board: {places}.")
    } else if v.rules.engine.two_boards {
        format!(
            "A piece in hand comes from the partner's game on the other board, where what the partner captures \
             is passed on; a capture on this board puts nothing in a hand. The hands are beside the board: {places}."
        )
    } else {
        format!(
            "The pieces in hand are there from the start, beside the board ({places}); a captured piece goes to no hand."
        )
    };
    claimed(
        v,
        Sentence::new(text)
            .key_if(!v.rules.drops.free, "capturesToHand")
            .key_if(blast && v.rules.drops.captures_to_hand, "blastOnCapture")
            .fsf("freeDrops", v.rules.drops.free),
    )
}

/// What every cell beside the board is drawn from: the variant, the
/// names its pieces are given, and the board's pieces as drawn (a
/// demonstration says which of them it changes).
#[derive(Clone, Copy)]
struct Beside<'a> {
    v: &'a Variant,
    names: &'a Names,
    board: &'a [Vec<Option<&'a Look>>],
}

impl<'a> Beside<'a> {
    /// The piece of type `letter`, its name on the page, and the name of
    /// `colour`, its side.
    fn named(&self, letter: char, colour: Colour) -> Option<(&'a VariantPiece, String, &'a str)> {
        let p = self.v.piece(letter)?;
        Some((
            p,
            piece_name(self.v, p, self.names),
            piece_names::side(self.v, colour),
        ))
    }
}

/// The cell that shows `colour` castling ([`castling::demonstration`]),
/// beside its hand.
fn castle_cell(beside: Beside, colour: Colour, (x, y): (u8, u8)) -> Option<HandPiece> {
    let Beside { v, names, .. } = beside;
    // (Placement's Kings castle once every piece is placed.)
    let played = placed::played(v);
    let placing = matches!(played, Cow::Owned(_));
    let v: &Variant = &played;
    let (pos, to) = castling::demonstration(v, colour)?;
    let to: Vec<(Square, Dot)> = to.into_iter().map(|s| (s, Dot::Mark(Mark::Move))).collect();
    let c = castle(v, colour)?;
    let king = pos.board.iter().find(|p| {
        p.colour == colour && p.square.file() == c.king && p.square.rank() + 1 == c.rank
    })?;
    let p = v.piece(king.letter)?;
    let name = piece_name(v, p, names);
    let side = piece_names::side(v, colour);
    let sq = |f: u8| format!("{}{}", char::from(b'a' + f), c.rank);
    let rook = |f: u8| {
        pos.board
            .iter()
            .find(|q| q.square.file() == f && q.square.rank() + 1 == c.rank)
            .and_then(|q| v.piece(q.letter))
            .map_or_else(|| "Rook".to_string(), |q| piece_name(v, q, names))
    };
    let mut ways = Vec::new();
    if let Some(r) = c.rook_king_side {
        let to = v.castling.kingside_file;
        ways.push(format!(
            "to {} (the {} from {} to {})",
            sq(to),
            rook(r),
            sq(r),
            sq(to.saturating_sub(1))
        ));
    }
    if let Some(r) = c.rook_queen_side {
        let to = v.castling.queenside_file;
        ways.push(format!(
            "to {} (the {} from {} to {})",
            sq(to),
            rook(r),
            sq(r),
            sq(to + 1)
        ));
    }
    let key = format!("castle-{}", colour.name());
    let guarded = castling::guarded(v, colour);
    Some(cell(
        beside,
        &pos,
        &to,
        Cell {
            id: format!("sq{x}x{y}"),
            shows: Shows::Castle,
            keys_legend: vec![(Dot::Mark(Mark::Move), "the King castles to here")],
            hand: if colour == Colour::Black { 'k' } else { 'K' },
            look: look(v, p, &name, colour),
            keys: (key.clone(), format!("{key}-where")),
            name: format!("{side} castles"),
            words: claimed(
                v,
                Sentence::new(format!(
                    "{} {name} castles from {} {}: a green square, where nothing stands between it and the Rook{}.",
                    if placing {
                        "Once every piece is placed, the"
                    } else {
                        "The"
                    },
                    sq(c.king),
                    ways.join(" or "),
                    if guarded {
                        " and it crosses no attacked square"
                    } else {
                        ", attacked or not (it is not royal here)"
                    }
                ))
                .castling_claims(&c)
                .fsf("castlingThroughAttack", !guarded),
            ),
        },
    ))
}

/// The cell that shows `colour`'s pawn taking en passant
/// ([`en_passant::demonstration`]), beside its hand.
fn en_passant_cell(beside: Beside, colour: Colour, (x, y): (u8, u8)) -> Option<HandPiece> {
    let Beside { v, names, .. } = beside;
    let ep = en_passant::demonstration(v, colour)?;
    let over = ep.over()?;
    let p = v.piece(ep.letter)?;
    let name = piece_name(v, p, names);
    let side = piece_names::side(v, colour);
    let other = piece_names::side(v, colour.opposite());
    let key = format!("en-passant-{}", colour.name());
    let black = colour == Colour::Black;
    let marks: Vec<(Square, Dot)> = ep.marks.iter().map(|&(s, m)| (s, Dot::Mark(m))).collect();
    Some(cell(
        beside,
        &ep.pos,
        &marks,
        Cell {
            id: format!("sq{x}x{y}"),
            shows: Shows::EnPassant(ep.from),
            hand: if black {
                ep.letter.to_ascii_lowercase()
            } else {
                ep.letter.to_ascii_uppercase()
            },
            keys_legend: vec![
                (Dot::Mark(Mark::Move), "moves here"),
                (
                    Dot::Mark(Mark::Capture),
                    "captures here (en passant on the square passed over)",
                ),
            ],
            look: look(v, p, &name, colour),
            keys: (key.clone(), format!("{key}-where")),
            name: format!("{side} takes en passant"),
            words: Sentence::new(format!(
                "{}{other}'s {name} has just stepped twice, from {} to {}, passing {over}: {side}'s {name} on {} may take it \
                 en passant, moving to {over} (red) and removing it from {}, on the next move only.",
                if placed::royal_in_hand(v) {
                    "Once every piece is placed, "
                } else {
                    ""
                },
                ep.started,
                ep.taken,
                ep.from,
                ep.taken
            ))
            .fsf("enPassant", "true"),
        },
    ))
}

/// The cell that shows `colour`'s piece one move before its promotion
/// zone ([`promotion::demonstrations`]): every square it may move to
/// marked, green where it stays what it is, `promote` where a move
/// promotes it.
fn promotion_cell(
    beside: Beside,
    colour: Colour,
    shown: &promotion::Promotion,
    (x, y): (u8, u8),
) -> Option<HandPiece> {
    let Beside { v, names, .. } = beside;
    let (p, name, side) = beside.named(shown.letter, colour)?;
    let marks: Vec<(Square, Dot)> = shown
        .moves
        .iter()
        .map(|m| {
            let dot = if m.promotes {
                Dot::Promote
            } else {
                Dot::Mark(Mark::Move)
            };
            (m.to, dot)
        })
        .collect();
    let key = format!("promotion-{}{}", colour.name(), shown.letter);
    Some(cell(
        beside,
        &shown.pos,
        &marks,
        Cell {
            id: format!("sq{x}x{y}"),
            shows: Shows::Promotion(shown.from),
            hand: if colour == Colour::Black {
                shown.letter.to_ascii_lowercase()
            } else {
                shown.letter.to_ascii_uppercase()
            },
            keys_legend: vec![
                (Dot::Mark(Mark::Move), "moves here, and does not promote"),
                (Dot::Promote, "a move here promotes"),
            ],
            look: look(v, p, &name, colour),
            keys: (key.clone(), format!("{key}-where")),
            name: format!("{side}'s {name} promotes"),
            words: promotion_words(v, names, p, shown, &name, colour),
        },
    ))
}

/// The cell that shows `colour`'s piece in hand entering the board by
/// gating ([`gating::demonstrations`]): every square it may enter on
/// marked `gate`, over the piece whose first move opens it.
fn gating_cell(
    beside: Beside,
    colour: Colour,
    shown: &gating::Gating,
    (x, y): (u8, u8),
) -> Option<HandPiece> {
    let Beside { v, names, .. } = beside;
    let (p, name, side) = beside.named(shown.letter, colour)?;
    let marks: Vec<(Square, Dot)> = shown.gates.iter().map(|g| (g.square, Dot::Gate)).collect();
    let key = format!("gating-{}{}", colour.name(), shown.letter);
    Some(cell(
        beside,
        &shown.pos,
        &marks,
        Cell {
            id: format!("sq{x}x{y}"),
            shows: Shows::Gating,
            hand: if colour == Colour::Black {
                shown.letter.to_ascii_lowercase()
            } else {
                shown.letter.to_ascii_uppercase()
            },
            keys_legend: vec![(Dot::Gate, "the piece in hand may enter here")],
            look: look(v, p, &name, colour),
            keys: (key.clone(), format!("{key}-where")),
            name: format!("{side}'s {name} enters by gating"),
            words: gating_words(v, names, colour, shown, &name),
        },
    ))
}

/// The cell that shows a move of `colour`'s and where its wall (or the
/// duck) may then go ([`walls::demonstration`]): the board shows the
/// position after the move, each such square marked green; the FEN is
/// the position before it.
fn wall_cell(
    beside: Beside,
    colour: Colour,
    shown: &walls::Walls,
    (x, y): (u8, u8),
) -> Option<HandPiece> {
    let v = beside.v;
    let (p, name, side) = beside.named(shown.letter, colour)?;
    let marks: Vec<(Square, Dot)> = shown
        .squares
        .iter()
        .map(|&s| (s, Dot::Mark(Mark::Move)))
        .collect();
    let key = format!("wall-{}", colour.name());
    let (thing, placed) = wall_names(v.rules.moves.walling);
    let mut c = cell(
        beside,
        &shown.after,
        &marks,
        Cell {
            id: format!("sq{x}x{y}"),
            shows: Shows::Wall(shown.from, shown.to, v.rules.moves.walling),
            hand: if colour == Colour::Black {
                shown.letter.to_ascii_lowercase()
            } else {
                shown.letter.to_ascii_uppercase()
            },
            keys_legend: vec![(Dot::Mark(Mark::Move), placed)],
            look: look(v, p, &name, colour),
            keys: (key.clone(), format!("{key}-where")),
            name: if shown.instead() {
                format!("{side} places {thing} instead of moving")
            } else if v.rules.moves.walling == Walling::Past {
                format!("{side} moves, and the square left becomes {thing}")
            } else {
                format!("{side} moves, then places {thing}")
            },
            words: wall_words(v, colour, shown, &name),
        },
    );
    c.fen = shown.pos.fen(v);
    Some(c)
}

/// What the game places (`the duck`, `an arrow`, `a wall`) and its
/// legend's words.
pub(super) fn wall_names(walling: Walling) -> (&'static str, &'static str) {
    match walling {
        Walling::Duck => ("the duck", "the duck may be placed here"),
        Walling::Arrow => ("an arrow", "the arrow may land here"),
        Walling::Past => ("a wall", "the square left becomes a wall"),
        _ => ("a wall", "a wall may be placed here"),
    }
}

/// The move shown, and where its wall may go and why.
fn wall_words(v: &Variant, colour: Colour, shown: &walls::Walls, name: &str) -> Sentence {
    let side = piece_names::side(v, colour);
    let moves = &v.rules.moves;
    let n = shown.squares.len();
    let count = match u8::try_from(n) {
        Ok(1) => String::from("one marked square"),
        Ok(k) => format!("{} marked squares", number(k)),
        Err(_) => format!("{n} marked squares"),
    };
    let region = &moves.walling_region[colour];
    let outside: Vec<String> = (0..v.ranks)
        .flat_map(|r| (0..v.files).filter_map(move |f| Square::new(f, r)))
        .filter(|s| !region.contains(s))
        .map(|s| s.to_string())
        .collect();
    let inside = match outside.as_slice() {
        [] => String::new(),
        [one] => format!(" other than {one}"),
        [rest @ .., last] => format!(" other than {} and {last}", rest.join(", ")),
    };
    let (from, to) = (shown.from, shown.to);
    let left = if shown.squares.contains(&from) {
        format!(", {from} included")
    } else {
        String::new()
    };
    let edge = if moves.walling == Walling::Edge {
        " on the edge of the board or beside (left, right, above or below) a wall"
    } else {
        ""
    };
    // (Only a game whose start holds no wall starts with none.)
    let still = if v.walls.is_empty() {
        "In this position no wall stands yet; nothing moves."
    } else {
        "Nothing moves."
    };
    let text = if shown.instead() {
        format!(
            "Instead of moving, {side} may place a wall on any of the {count}: an empty square{inside}{edge}. {still}"
        )
    } else {
        let then = match moves.walling {
            Walling::Duck => format!(
                "{side} then moves the duck to one of the {count}: any empty square{inside}{left}. (Before the first \
                 move the duck is not on the board; from then on it must leave the square it stands on.)"
            ),
            Walling::Arrow => format!(
                "The {name} then shoots an arrow to one of the {count}: an empty square{inside} it could move to from \
                 {to}{left}; the arrow stays there as a wall."
            ),
            Walling::Past => format!("The square it left, {from}, becomes a wall (marked)."),
            Walling::Edge => format!(
                "{side} then places a wall on one of the {count}: an empty square{inside} on the edge of the board or \
                 beside (left, right, above or below) a wall."
            ),
            _ => format!(
                "{side} then places a wall on one of the {count}: any empty square{inside}{left}."
            ),
        };
        format!("{side}'s {name} has moved from {from} to {to}, as the board shows. {then}")
    };
    claimed(
        v,
        Sentence::new(text)
            .key("wallingRule")
            .key_if(moves.wall_or_move, "wallOrMove")
            .key_if(
                !outside.is_empty() && colour == Colour::White,
                "wallingRegionWhite",
            )
            .key_if(
                !outside.is_empty() && colour == Colour::Black,
                "wallingRegionBlack",
            ),
    )
}

/// How the piece in hand enters the board, and where it may here.
fn gating_words(
    v: &Variant,
    names: &Names,
    colour: Colour,
    shown: &gating::Gating,
    name: &str,
) -> Sentence {
    let side = piece_names::side(v, colour);
    let named = |letter: char| {
        v.piece(letter)
            .map_or_else(|| letter.to_string(), |q| piece_name(v, q, names))
    };
    let squares: Vec<String> = shown
        .gates
        .iter()
        .map(|g| format!("{} ({})", g.square, named(g.leaves)))
        .collect();
    let list = match squares.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    };
    let castle = castling::castle(v, colour);
    let castles = castle.as_ref().and_then(|c| {
        let rank = c.rank.checked_sub(1)?;
        let king = shown
            .pos
            .board
            .iter()
            .find(|p| p.square.file() == c.king && p.square.rank() == rank)?;
        Some(named(king.letter))
    });
    let mut text = if shown.captured {
        format!(
            "{side}'s hand holds no {name} at the start; a {name} {side} captures goes there and enters the board \
             by gating: when a piece on {side}'s first rank moves for the first time, the {name} may be placed on the square \
             it leaves, in the same move"
        )
    } else {
        format!(
            "The {name} in {side}'s hand enters the board by gating: when a piece on {side}'s first rank moves \
             for the first time, the {name} may be placed on the square it leaves, in the same move"
        )
    };
    if let Some(king) = &castles {
        text.push_str(&format!(
            "; when the {king} castles, on the {king}'s square or the Rook's"
        ));
    }
    text.push_str(&format!(
        ". Here no piece on the first rank has moved yet: the {name} may enter on {list}, the marked \
         squares. A square whose piece has moved is no gate any more."
    ));
    let mut said = Sentence::new(text).key("gating").key("seirawanGating");
    if shown.captured {
        said = said.key("capturesToHand");
    }
    if let (Some(c), Some(_)) = (&castle, &castles) {
        said = said.castling_claims(c);
    }
    claimed(v, said)
}

/// What the piece promotes to, where, and whether it must.
/// It claims what the piece's remark on its promotion claims (the zone,
/// the choices, whether forced).
fn promotion_words(
    v: &Variant,
    names: &Names,
    p: &VariantPiece,
    shown: &promotion::Promotion,
    name: &str,
    colour: Colour,
) -> Sentence {
    let to: Vec<String> = shown
        .to
        .iter()
        .filter_map(|&l| v.piece(l))
        .map(|q| piece_name(v, q, names))
        .collect();
    let becomes = match to.as_slice() {
        [] => String::from("a piece of the game's"),
        // (Shogi's Pawn becomes a Tokin, which moves as a Gold General.)
        [one] => match piece_names::promoted_name(v, p.letter).filter(|_| !shown.pawn) {
            Some(own) => format!(
                "{}, which moves as {}",
                prose::with_article(own),
                prose::with_article(one)
            ),
            None => prose::with_article(one),
        },
        [rest @ .., last] => format!(
            "{} or {last}, as its player chooses",
            prose::with_article(&rest.join(", "))
        ),
    };
    let promoting: Vec<&promotion::Destination> =
        shown.moves.iter().filter(|m| m.promotes).collect();
    let list = |ms: &[&promotion::Destination]| {
        ms.iter()
            .map(|m| m.to.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let forced: Vec<&promotion::Destination> =
        promoting.iter().copied().filter(|m| m.forced).collect();
    let optional: Vec<&promotion::Destination> =
        promoting.iter().copied().filter(|m| !m.forced).collect();
    let how = if shown.pawn {
        "a move that ends in its promotion zone"
    } else {
        "a move that starts or ends in its promotion zone"
    };
    let mut text = format!(
        "The {name} on {} promotes by {how} (marked {}: {}), becoming {becomes}.",
        shown.from,
        if promoting.len() == 1 {
            "square"
        } else {
            "squares"
        },
        list(&promoting)
    );
    if optional.is_empty() {
        text.push_str(" Promotion is forced there.");
    } else if forced.is_empty() {
        text.push_str(&format!(
            " Promotion is optional there: it may stay {}.",
            prose::with_article(name)
        ));
    } else {
        text.push_str(&format!(
            " Promotion is optional on {} (it may stay {}) and forced on {}, where it could not move again.",
            list(&optional),
            prose::with_article(name),
            list(&forced)
        ));
    }
    let plain: Vec<&promotion::Destination> = shown.moves.iter().filter(|m| !m.promotes).collect();
    if !plain.is_empty() {
        text.push_str(&format!(
            " On {} (green) it does not promote.",
            list(&plain)
        ));
    }
    let mut said = Sentence::new(text);
    for s in prose::promotion_sentences(v, p, &|c| c.to_string()) {
        for (key, _) in s.claims {
            // (The remark claims White's keys; Black's cell its own.)
            let key = match (colour, key.strip_suffix("White")) {
                (Colour::Black, Some(stem)) => format!("{stem}Black"),
                _ => key,
            };
            if !said.claims.iter().any(|(k, _)| *k == key) {
                said = said.key(&key);
            }
        }
    }
    claimed(v, said)
}

/// What a demonstration cell is, besides its position.
struct Cell {
    id: String,
    shows: Shows,
    keys_legend: Vec<(Dot, &'static str)>,
    hand: char,
    look: Look,
    keys: (String, String),
    name: String,
    words: Sentence,
}

/// A demonstration cell: `pos` shown, with its marks.
fn cell(beside: Beside, pos: &drops::Position, marked: &[(Square, Dot)], c: Cell) -> HandPiece {
    let Beside { v, names, .. } = beside;
    let rows = (0..v.ranks)
        .rev()
        .map(|rank| {
            (0..v.files)
                .map(|file| {
                    let on = pos
                        .board
                        .iter()
                        .find(|q| q.square.file() == file && q.square.rank() == rank);
                    let mark = marked
                        .iter()
                        .find(|(s, _)| s.file() == file && s.rank() == rank)
                        .map(|&(_, m)| m);
                    let wall = v.walls.iter().any(|w| w.file() == file && w.rank() == rank);
                    match (on, mark) {
                        (None, None) if wall => DemoCell::Wall,
                        // (A gate covers the piece whose move opens it.)
                        (_, Some(Dot::Gate)) => DemoCell::Mark(Dot::Gate),
                        (Some(q), _) => DemoCell::Piece(placed_look(v, names, q)),
                        (None, Some(m)) => DemoCell::Mark(m),
                        (None, None) => DemoCell::Empty,
                    }
                })
                .collect()
        })
        .collect();
    HandPiece {
        id: c.id,
        shows: c.shows,
        hand: c.hand,
        look: c.look,
        demo: demo_changes(beside, pos, marked),
        fen: pos.fen(v),
        keys: c.keys,
        name: c.name,
        words: c.words,
        rows,
        keys_legend: c.keys_legend,
    }
}

fn hand_piece(beside: Beside, colour: Colour, letter: char, (x, y): (u8, u8)) -> Option<HandPiece> {
    let Beside { v, names, .. } = beside;
    let p = v.piece(letter)?;
    let pos = drops::demonstration(v, colour, letter)?;
    if drops::in_check(v, &pos, colour) {
        return None;
    }
    let each = drops::each_square(v, &pos, colour, letter);
    let marked: Vec<(Square, Dot)> = each
        .iter()
        .filter_map(|(s, w)| w.is_none().then_some((*s, Dot::Mark(Mark::Move))))
        .collect();
    let name = piece_name(v, p, names);
    let black = colour == Colour::Black;
    let side = piece_names::side(v, colour);
    let key = format!("hand-{}{}", colour.name(), letter);
    Some(cell(
        beside,
        &pos,
        &marked,
        Cell {
            id: format!("sq{x}x{y}"),
            shows: Shows::Hand,
            keys_legend: vec![(Dot::Mark(Mark::Move), "may be dropped here")],
            hand: if black {
                letter.to_ascii_lowercase()
            } else {
                letter.to_ascii_uppercase()
            },
            look: look(v, p, &name, colour),
            keys: (key.clone(), format!("{key}-where")),
            words: words(v, names, p, colour, &each),
            name: if v.rules.drops.free {
                format!("A new {name} of {side}'s")
            } else {
                format!("{side}'s {name} in hand")
            },
        },
    ))
}

/// How a piece of a demonstration position looks: a promoted one (`+K`)
/// as the type it promotes to, as on the board.
fn placed_look(v: &Variant, names: &Names, at: &Placement) -> Look {
    let letter = super::layout::letter_of(v, at);
    match v.piece(letter) {
        Some(q) => look(v, q, &piece_name(v, q, names), at.colour),
        None => Look {
            src: String::new(),
            alt: letter.to_string(),
        },
    }
}

/// The image name of a look (`sym/WhitePawn.png`: `WhitePawn`).
fn image_name(l: &Look) -> &str {
    crate::page::declared::image_name(&l.src)
}

/// The `data-demo` of a demonstration: every square of the board whose
/// piece differs from the position's (emptied, or showing the
/// position's), then every drop square marked green.
fn demo_changes(beside: Beside, pos: &drops::Position, marked: &[(Square, Dot)]) -> String {
    let Beside { v, names, board } = beside;
    let mut items: Vec<String> = Vec::new();
    let ranks = board.len();
    for (i, row) in board.iter().enumerate() {
        let Some(rank) = ranks.checked_sub(i + 1) else {
            continue;
        };
        for (file, shown) in row.iter().enumerate() {
            let on = pos.board.iter().find(|q| {
                usize::from(q.square.file()) == file && usize::from(q.square.rank()) == rank
            });
            // (A square marked over a piece, a gate, shows the mark.)
            let covered = on.is_some()
                && marked
                    .iter()
                    .any(|(s, _)| usize::from(s.file()) == file && usize::from(s.rank()) == rank);
            if covered {
                continue;
            }
            let want = on.map(|q| placed_look(v, names, q));
            let now = shown.map(|l| image_name(l).to_string());
            let wanted = want.as_ref().map(|l| image_name(l).to_string());
            if now != wanted {
                match wanted {
                    Some(w) => items.push(format!("{file},{rank}={w}")),
                    None => items.push(format!("{file},{rank}")),
                }
            }
        }
    }
    for (sq, m) in marked {
        items.push(format!("{},{}={}", sq.file(), sq.rank(), m.image()));
    }
    items.join(" ")
}

/// Where the piece may be dropped, and why not elsewhere (the reasons the
/// demonstration's empty squares have).
///
/// It claims that pieces are dropped, and the key behind each reason.
fn words(
    v: &Variant,
    names: &Names,
    p: &VariantPiece,
    colour: Colour,
    each: &[(Square, Option<Excluded>)],
) -> Sentence {
    let name = piece_name(v, p, names);
    let mut why: Vec<Excluded> = each.iter().filter_map(|(_, w)| *w).collect();
    why.sort();
    why.dedup();
    let side = piece_names::side(v, colour);
    let drops = &v.rules.drops;
    let mut not: Vec<String> = Vec::new();
    let mut keys: Vec<String> = vec!["pieceDrops".into()];
    let whole = usize::from(v.files) * usize::from(v.ranks);
    for w in why {
        let (text, claims): (String, Vec<String>) = match w {
            Excluded::Occupied => continue,
            Excluded::Region => {
                let drop_region = drops.region[colour].len() < whole;
                let mobility = v
                    .mobility_region(p, colour)
                    .is_some_and(|m| !m.is_empty() && m.len() < whole);
                let region_key = format!("dropRegion{}", colour.title());
                match (drop_region, mobility) {
                    (true, false) => (
                        format!("only within {side}'s drop region"),
                        vec![region_key],
                    ),
                    (false, true) => (
                        format!("only where {side}'s {name} may stand"),
                        vec![claims::mobility_key(&p.name, colour)],
                    ),
                    _ => (
                        format!("only within {side}'s drop region, where the {name} may stand"),
                        vec![region_key, claims::mobility_key(&p.name, colour)],
                    ),
                }
            }
            Excluded::FirstRank => (
                format!("not on {side}'s first rank"),
                vec!["firstRankPawnDrops".into()],
            ),
            Excluded::PromotionZone => (
                "not where it would promote".into(),
                vec!["promotionZonePawnDrops".into()],
            ),
            Excluded::Doubled => (
                match drops.no_doubled_count {
                    // (Fairy-Stockfish refuses a drop on a file that holds
                    // this many already: none, every file.)
                    ..=0 => format!("on no file at all: {side}'s {name} is never dropped"),
                    1 => format!("not on a file that holds {side}'s {name} already"),
                    n => format!(
                        "not on a file that holds {} of {side}'s {name}s already",
                        u8::try_from(n).map_or_else(|_| n.to_string(), number)
                    ),
                },
                vec!["dropNoDoubled".into(), "dropNoDoubledCount".into()],
            ),
            Excluded::RookRank => (
                format!("only on {side}'s first rank"),
                vec!["sittuyinRookDrop".into()],
            ),
            Excluded::Enclosing => (
                "only where the game's enclosing rule allows".into(),
                vec!["enclosingDrop".into()],
            ),
            Excluded::Immobile => (
                "not where it could never move again".into(),
                vec!["immobilityIllegal".into()],
            ),
            Excluded::Check => (
                "not where it would give check".into(),
                vec![
                    if drops.checks {
                        "checking"
                    } else {
                        "dropChecks"
                    }
                    .into(),
                ],
            ),
            Excluded::Attacked => ("not where the other side attacks it".into(), Vec::new()),
            Excluded::DropFirst => (
                match drops.must_drop_type.and_then(|t| v.piece(t)) {
                    Some(t) => format!(
                        "not while {side}'s {} is still in hand: it is placed first",
                        piece_name(v, t, names)
                    ),
                    None => "not while another piece must be placed first".into(),
                },
                vec!["mustDropType".into()],
            ),
            Excluded::Bishops => (
                format!(
                    "not where {side}'s bishops could no longer stand on squares of both colours"
                ),
                vec!["dropOppositeColoredBishop".into()],
            ),
        };
        not.push(text);
        for k in claims {
            if !keys.contains(&k) {
                keys.push(k);
            }
        }
    }
    let any = each.iter().any(|(_, w)| w.is_none());
    let mut text = if any {
        String::from("It may be dropped on every green square")
    } else {
        String::from("Here it may be dropped nowhere")
    };
    if !not.is_empty() {
        text.push_str(": ");
        text.push_str(&not.join("; "));
    }
    text.push('.');
    let said = keys.iter().fold(Sentence::new(text), |s, k| s.key(k));
    claimed(v, said)
}

/// `sentence` with its claims' values filled in, as the variant's claims
/// spell them ([`prose::fill`]).
fn claimed(v: &Variant, sentence: Sentence) -> Sentence {
    let mut one = [sentence];
    prose::fill(v, &mut one);
    let [s] = one;
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::read;

    fn variant(ini: &str) -> Variant {
        read(ini, "t.ini")
            .expect("the test's definition reads")
            .remove(0)
    }

    /// The words of `colour`'s piece `letter` in hand, from the
    /// demonstration the page shows.
    fn drop_words(v: &Variant, colour: Colour, letter: char) -> Sentence {
        let pos = drops::demonstration(v, colour, letter).expect("a demonstration");
        let each = drops::each_square(v, &pos, colour, letter);
        let p = v.piece(letter).expect("the piece");
        words(v, &Names::default(), p, colour, &each)
    }

    fn claim<'a>(s: &'a Sentence, key: &str) -> Option<&'a str> {
        s.claims
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    // Fairy-Stockfish's crazyhouse: a Pawn is never dropped on its
    // first or last rank (firstRankPawnDrops, promotionZonePawnDrops).
    #[test]
    fn a_crazyhouse_pawn_claims_its_ranks() {
        let v = variant("[h:crazyhouse]\n");
        let s = drop_words(&v, Colour::White, 'p');
        assert!(s.text.contains("not on White's first rank"), "{}", s.text);
        assert_eq!(claim(&s, "pieceDrops"), Some("true"));
        assert_eq!(claim(&s, "firstRankPawnDrops"), Some("false"));
        assert_eq!(claim(&s, "promotionZonePawnDrops"), Some("false"));
        assert_eq!(claim(&s, "dropNoDoubled"), None);
    }

    // dropNoDoubledCount = 0: every file holds at least none already, so
    // Fairy-Stockfish never drops the type (the reference file's
    // Dragonfly; pyffish offers no P@ move from its start with a Pawn in
    // hand).
    #[test]
    fn a_count_of_none_says_the_piece_is_never_dropped() {
        let v = variant("[d:crazyhouse]\ndropNoDoubled = p\ndropNoDoubledCount = 0\n");
        let s = drop_words(&v, Colour::Black, 'p');
        assert!(
            s.text.contains("Black's Pawn is never dropped"),
            "{}",
            s.text
        );
        assert_eq!(claim(&s, "dropNoDoubled"), Some("p"));
        assert_eq!(claim(&s, "dropNoDoubledCount"), Some("0"));
    }

    // A castling King's words claim that side's King square.
    #[test]
    fn black_castling_claims_blacks_king_square() {
        let v = variant("[c:chess]\n");
        let names = Names::default();
        let board: Vec<Vec<Option<&Look>>> = Vec::new();
        let beside = Beside {
            v: &v,
            names: &names,
            board: &board,
        };
        let cell = castle_cell(beside, Colour::Black, (15, 15)).expect("Black castles");
        assert!(
            cell.words.text.starts_with("The King castles from e8"),
            "{}",
            cell.words.text
        );
        assert_eq!(claim(&cell.words, "fsf:castlingKingSquare"), Some("e8"));
        assert_eq!(claim(&cell.words, "castlingKingsideFile"), Some("g"));
    }
}
