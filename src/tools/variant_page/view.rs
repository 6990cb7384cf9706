//! What a written page shows, worked out before any HTML: the setup
//! text, the board's cells, the legend's marks, per piece its row, words
//! and static diagram, and the game's rules. The templates
//! ([`super::templates`]) only lay it out.

use std::collections::BTreeMap;

use crate::engine::betza::{self, Piece};
use crate::engine::describe;
use crate::engine::infer::{self, Target};
use crate::variant::{
    Colour, Special, Variant, VariantPiece, castling, claims, en_passant, meet, piece_names,
    placed, prose, prose::Sentence,
};
use crate::{Diagram, Mark, Offset, Square, SquareSet};

use super::layout::{self, ToPlace};
use super::look::{Look, look};
use super::{Names, Options, PageError, about, piece_name, skip_text, title};

/// A whole page.
pub(super) struct PageView {
    pub name: String,
    pub title: String,
    /// One sentence: what kind of game it is, where known, with the
    /// claims of the rules it states.
    pub about: Option<prose::Sentence>,
    pub source: String,
    pub script_src: String,
    pub files: u8,
    pub ranks: u8,
    /// Per side, its heading and its setup lines (`a2-h2: Pawn`).
    pub setup: Vec<(&'static str, Vec<String>)>,
    /// The pieces that start promoted, said under the setup: "a1: a
    /// promoted Lance (it moves as a Gold General)".
    pub promoted_at_start: Vec<String>,
    /// The start position's walls: board cells drawn as walls.
    pub walls: Vec<crate::engine::geometry::Square>,
    pub picture: Option<Picture>,
    /// The board's ranks, from the top.
    pub board: Vec<Vec<Option<Shown>>>,
    /// The legend's marks, in the rules pages' order.
    pub legend: Vec<Mark>,
    pub pieces: Vec<PieceView>,
    /// The game's rules, a sentence each.
    pub rules: prose::Rules,
    /// Each side's pieces in hand, where the game has drops (Black's
    /// first).
    pub hands: Vec<super::hand::HandView>,
    /// Where the pieces in hand come from, with what it claims
    /// ([`super::hand::origin`]).
    pub hand_origin: prose::Sentence,
}

/// The setup picture `make-assets.py` draws beside the page.
pub(super) struct Picture {
    pub src: String,
    pub alt: String,
    pub fen: String,
}

/// A piece on the Moves-at-a-Glance board.
pub(super) struct Shown {
    pub key: char,
    pub black: bool,
    pub look: Look,
    /// Its `data-moves`: its moves on this square where a rule of the
    /// game changes its row's there (a palace, the river).
    pub moves: Option<String>,
}

/// A piece's row, words and diagram.
pub(super) struct PieceView {
    pub key: char,
    /// Its row's `data-start` (`2`, `2 3`): the ranks, from its own side,
    /// where the game lets it make its initial moves, written where the
    /// setup text's ranks for it are not those.
    pub start: Option<String>,
    pub name: String,
    pub betza: String,
    /// Fairy-Stockfish's own Betza for it, where the row's is a chain with
    /// a hop link (`+`), which few readers of Betza know: the Janggi
    /// Cannon's `pR`, written `R+fR`.
    pub fairy_betza: Option<String>,
    /// Its remarks, each with the rule it claims; none says "-".
    pub remarks: Vec<prose::Sentence>,
    pub words: Vec<String>,
    pub diagram: DiagramView,
    /// Its row's `data-spares`: the rows whose pieces it neither hops
    /// over nor captures (a Janggi Cannon's: the Cannons).
    pub spares: Option<String>,
}

/// What stands on a square of a static diagram.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum DCell {
    Empty,
    Mark(Mark),
    /// The piece itself.
    Piece,
    /// A piece of its own side it may hop over.
    Screen,
    /// A piece of the other side.
    Enemy,
}

/// A piece's static diagram: its moves drawn on a board of the variant's
/// size, from one square.
pub(super) struct DiagramView {
    pub key: char,
    /// The piece's look on its square.
    pub look: Look,
    /// `d4`: where it stands.
    pub from: String,
    /// The ranks, from the top.
    pub rows: Vec<Vec<DCell>>,
    /// The marks it shows, in the legend's order.
    pub marks: Vec<Mark>,
    /// Whether pieces are placed (a hopper's screens).
    pub placed: bool,
    /// The two sides' names where only the second has the piece: it is
    /// drawn as the first's (Maharajah's Pawns are all Black's).
    pub drawn_for: Option<(&'static str, &'static str)>,
}

/// Whether a row is a Soldier that steps sideways only across the river
/// (its row's Betza `fW`, [`row_betza`]).
fn crosses_a_river(v: &Variant, r: &Row) -> bool {
    r.piece.name == "soldier" && r.betza == "fW" && v.rules.moves.soldier_promotion_rank > 1
}

/// The Betza the row of piece `p` shows: its moves in the pages' dialect
/// (`pages`), but a Soldier that steps sideways only across the river
/// (`soldierPromotionRank`) shows its steps before it (`fW`); the board
/// and the diagram show where it has more ([`exact`]).
fn row_betza(v: &Variant, p: &VariantPiece, pages: &str) -> String {
    if p.name == "soldier" && v.rules.moves.soldier_promotion_rank > 1 && pages == "fsW" {
        "fW".into()
    } else {
        pages.into()
    }
}

/// What the piece of row `r`, of `colour`, reaches from `at` on the empty
/// board as Fairy-Stockfish moves it there: its row's moves; a Soldier's
/// sideways steps across the river; on Janggi's palace diagonals
/// (`diagonalLines`) the diagonal steps of a piece that steps
/// orthogonally, the diagonal slides of a Rook and a Soldier's forward
/// diagonal steps, ending on the diagonals; and only the squares of its
/// mobility region. `None` when nothing but its row's moves applies
/// there.
fn exact(v: &Variant, r: &Row, at: Square, colour: Colour, board: &SquareSet) -> Option<Target> {
    let p = r.piece;
    let none = SquareSet::EMPTY;
    let own_rank = crate::page::declared::own_rank(at, colour, v.ranks);
    let d = Diagram::among(&r.parsed, at, colour, board, &none, &none);
    let mut t = Target::of_diagram(&d, *board, colour, none);
    let mut changed = false;
    // Moves it has besides there (on the squares `only`, if given).
    let mut add = |betza: &str, only: Option<&[Square]>, t: &mut Target| {
        let Ok(extra) = betza::parse(betza) else {
            return;
        };
        let e = Diagram::among(&extra, at, colour, board, &none, &none);
        for (sq, m) in e.marks() {
            if only.is_none_or(|o| o.contains(&sq)) && t.mark(sq).is_none() {
                t.set(sq, Some(m));
                changed = true;
            }
        }
    };
    if crosses_a_river(v, r) && own_rank >= v.rules.moves.soldier_promotion_rank {
        add("sW", None, &mut t);
    }
    let lines = &v.rules.moves.diagonal_lines;
    if lines.contains(&at) {
        let diagonal = match (p.name.as_str(), r.betza.as_str()) {
            (_, "W") => Some("F"),
            (_, "R") => Some("B"),
            ("soldier", _) => Some("fF"),
            _ => None,
        };
        if let Some(diag) = diagonal {
            add(diag, Some(lines), &mut t);
        }
    }
    // Sittuyin's promotion: the pawn, alone of its side's pawns as on
    // the empty board the press shows, may become a piece its pawns
    // promote to by that piece's non-capturing move (Fairy-Stockfish's
    // movegen.cpp; in place too, which no square shows).
    if v.rules.moves.sittuyin_promotion && v.promotion.pawn_types.contains(&p.letter) {
        let to = match colour {
            Colour::White => &v.promotion.piece_types_white,
            Colour::Black => &v.promotion.piece_types_black,
        };
        for q in to.iter().filter_map(|&c| v.piece(c)) {
            let Some(moves) = q.pages.as_deref().ok().and_then(|b| betza::parse(b).ok()) else {
                continue;
            };
            let e = Diagram::among(&moves, at, colour, board, &none, &none);
            for (sq, m) in e.marks() {
                let now = match (t.mark(sq), m) {
                    (_, Mark::Capture | Mark::FirstLeg | Mark::Block) => continue,
                    (None, _) => Mark::Move,
                    (Some(Mark::Capture), _) => Mark::Slide,
                    (Some(_), _) => continue,
                };
                t.set(sq, Some(now));
                changed = true;
            }
        }
    }
    if let Some(region) = v.mobility_region(p, colour) {
        for (sq, _) in d.marks() {
            if !region.contains(&sq) {
                t.set(sq, None);
                changed = true;
            }
        }
    }
    changed.then_some(t)
}

/// The pieces a player of the variant can meet (either side): those of
/// the start position and the pockets, and those they promote to; every
/// piece when the board and the pockets are empty at the start
/// ([`meet`]). Each has its row; the board shows it for the sides whose
/// game writes it with its letter ([`meet::Sides::board`]).
pub(super) fn shown(v: &Variant) -> Vec<&VariantPiece> {
    shown_of(v, &meet::sides(v))
}

/// [`shown`], from the pieces met as [`meet::sides`] gives them.
fn shown_of<'a>(v: &'a Variant, sides: &BTreeMap<char, meet::Sides>) -> Vec<&'a VariantPiece> {
    v.pieces
        .iter()
        .filter(|p| sides.get(&p.letter).is_some_and(|s| s.met != [false; 2]))
        .collect()
}

struct Row<'a> {
    piece: &'a VariantPiece,
    /// Whether the board shows it for White and for Black.
    board: [bool; 2],
    name: String,
    betza: String,
    parsed: Piece,
}

/// The page of `v`, or why there is none.
pub(super) fn build(v: &Variant, names: &Names, opts: &Options) -> Result<PageView, PageError> {
    let board = SquareSet::rectangle(v.files, v.ranks).ok_or_else(|| PageError {
        line: v.line,
        what: format!("[{}] a board of {}x{} squares", v.name, v.files, v.ranks),
    })?;
    let mut rows = Vec::new();
    let sides = meet::sides(v);
    for p in shown_of(v, &sides) {
        let line = if p.line == 0 { v.line } else { p.line };
        let b = p.pages.clone().map_err(|skip| PageError {
            line,
            what: format!("[{}] {} ({}): {}", v.name, p.name, p.betza, skip_text(skip)),
        })?;
        let b = row_betza(v, p, &b);
        let parsed = betza::parse(&b).map_err(|e| PageError {
            line,
            what: format!("[{}] {}: {b}: {e}", v.name, p.name),
        })?;
        rows.push(Row {
            piece: p,
            board: sides.get(&p.letter).map_or([false; 2], |s| s.board),
            name: piece_name(v, p, names),
            betza: b,
            parsed,
        });
    }
    let letters: Vec<char> = rows.iter().map(|r| r.piece.letter).collect();
    let pieces: Vec<PieceView> = rows
        .iter()
        .map(|r| piece_view(v, names, r, &board, &letters))
        .collect();
    let mut legend = vec![Mark::Slide, Mark::Leap, Mark::Move, Mark::Capture];
    for m in [Mark::FirstLeg, Mark::Block] {
        if pieces.iter().any(|p| p.diagram.marks.contains(&m)) {
            legend.push(m);
        }
    }
    let title = title(v);
    let cells = board_cells(v, &rows);
    let rules = prose::rules(v, &|c| letter_name(v, names, c), &|c| letters.contains(&c));
    Ok(PageView {
        name: v.name.clone(),
        picture: (!v.start.is_empty()).then(|| Picture {
            // The picture beside the page, named by the page's own rule
            // (a section the rule refuses gets no page at all).
            src: format!(
                "{}.png",
                super::file_name::stem(&v.name).unwrap_or_else(|_| v.name.clone())
            ),
            alt: format!("The initial setup of {title}"),
            fen: layout::board_fen(v),
        }),
        title,
        about: about(v, &rules),
        source: opts.source.clone(),
        script_src: opts.script_src.clone(),
        files: v.files,
        ranks: v.ranks,
        setup: setup(v, &rows),
        promoted_at_start: promoted_at_start(v, names),
        walls: v.walls.clone(),
        hand_origin: super::hand::origin(v),
        hands: super::hand::hands(
            v,
            names,
            &cells
                .iter()
                .map(|r| r.iter().map(|c| c.as_ref().map(|s| &s.look)).collect())
                .collect::<Vec<_>>(),
        ),
        board: cells,
        legend,
        pieces,
        rules,
    })
}

/// The squares where `colour`'s piece `p` stands at the start (a promoted
/// one as the type it is: [`layout::letter_of`]).
fn start_squares(v: &Variant, p: &VariantPiece, colour: Colour) -> Vec<Square> {
    v.start
        .iter()
        .filter(|s| layout::letter_of(v, s) == p.letter && s.colour == colour)
        .map(|s| s.square)
        .collect()
}

/// The setup text: per side, per piece, its squares.
fn setup(v: &Variant, rows: &[Row]) -> Vec<(&'static str, Vec<String>)> {
    let mut out = Vec::new();
    for colour in [Colour::White, Colour::Black] {
        let side = piece_names::side(v, colour);
        let lines: Vec<String> = rows
            .iter()
            .filter_map(|r| {
                let squares = start_squares(v, r.piece, colour);
                (!squares.is_empty()).then(|| format!("{}: {}", layout::runs(&squares), r.name))
            })
            .collect();
        if !lines.is_empty() {
            out.push((side, lines));
        }
    }
    out
}

/// The start position's promoted pieces (`+L` in the FEN), White's first:
/// "a1: a promoted Lance, which moves as a Gold General".
fn promoted_at_start(v: &Variant, names: &Names) -> Vec<String> {
    let mut out = Vec::new();
    for colour in [Colour::White, Colour::Black] {
        for s in v.start.iter().filter(|s| s.promoted && s.colour == colour) {
            let base = match piece_names::promoted_name(v, s.letter) {
                Some(own) => format!("{base} ({own})", base = letter_name(v, names, s.letter)),
                None => letter_name(v, names, s.letter),
            };
            let as_type = layout::letter_of(v, s);
            let side = piece_names::side(v, colour);
            out.push(if as_type == s.letter {
                format!("{side} {}: a promoted {base}", s.square)
            } else {
                format!(
                    "{side} {}: a promoted {base}, which moves as {} {}",
                    s.square,
                    prose::article(&letter_name(v, names, as_type)),
                    letter_name(v, names, as_type)
                )
            });
        }
    }
    out
}

/// The board's cells, ranks from the top.
fn board_cells(v: &Variant, rows: &[Row]) -> Vec<Vec<Option<Shown>>> {
    let to_place: Vec<ToPlace> = rows
        .iter()
        .map(|r| ToPlace {
            piece: r.piece,
            initial: r.parsed.moves().iter().any(|m| m.initial),
            sides: r.board,
        })
        .collect();
    let mut at = layout::placements(v, &to_place);
    into_regions(v, rows, &mut at);
    across_the_river(v, rows, &mut at);
    let board = SquareSet::rectangle(v.files, v.ranks).unwrap_or_default();
    (0..v.ranks)
        .rev()
        .map(|y| {
            (0..v.files)
                .map(|x| {
                    at.get(&(x, y)).map(|&(i, colour)| {
                        let black = colour == Colour::Black;
                        let r = &rows[i];
                        Shown {
                            key: r.piece.letter.to_ascii_uppercase(),
                            black,
                            look: look(v, r.piece, &r.name, colour),
                            moves: cell_moves(v, r, (x, y), colour, &board),
                        }
                    })
                })
                .collect()
        })
        .collect()
}

/// The `data-moves` of a piece on square `(x, y)` where a rule of the
/// game changes its moves there ([`exact`]): the Betza that draws them.
/// A piece that needs a screen, or that has initial moves, keeps its
/// row's.
fn cell_moves(
    v: &Variant,
    r: &Row,
    (x, y): (u8, u8),
    colour: Colour,
    board: &SquareSet,
) -> Option<String> {
    // A piece with initial moves stands where it may make them (layout),
    // so its exact moves there include them; one confined to a region
    // (Pawnback's pawn, never on its first rank) gets them. Otherwise the
    // row's moves, with the page's data-start, say it.
    let initial = r.parsed.moves().iter().any(|m| m.initial);
    if r.parsed.needs_screen() || (initial && v.mobility_region(r.piece, colour).is_none()) {
        return None;
    }
    let t = exact(v, r, Square::new(x, y)?, colour, board)?;
    infer::infer(&t).betza
}

/// A piece placed outside its mobility region (a piece promoted into
/// being, drawn on its side's first ranks) stands instead on the free
/// square of its region nearest to where it was.
fn into_regions(
    v: &Variant,
    rows: &[Row],
    at: &mut std::collections::BTreeMap<(u8, u8), (usize, Colour)>,
) {
    let placed: Vec<((u8, u8), (usize, Colour))> = at.iter().map(|(&sq, &p)| (sq, p)).collect();
    for ((x, y), (i, colour)) in placed {
        let Some(region) = v.mobility_region(rows[i].piece, colour) else {
            continue;
        };
        if region.iter().any(|s| (s.file(), s.rank()) == (x, y)) {
            continue;
        }
        let near = region
            .iter()
            .map(|s| (s.file(), s.rank()))
            .filter(|sq| !at.contains_key(sq))
            .min_by_key(|&(fx, fy)| (fx.abs_diff(x) + fy.abs_diff(y), fy, fx));
        if let Some(sq) = near {
            at.remove(&(x, y));
            at.insert(sq, (i, colour));
        }
    }
}

/// A Soldier whose moves change across the river also stands once past
/// it for each side that has one only before it: on the file of its
/// first, or the nearest free one.
fn across_the_river(
    v: &Variant,
    rows: &[Row],
    at: &mut std::collections::BTreeMap<(u8, u8), (usize, Colour)>,
) {
    let river = v.rules.moves.soldier_promotion_rank;
    let Some(i) = rows.iter().position(|r| crosses_a_river(v, r)) else {
        return;
    };
    for colour in [Colour::White, Colour::Black] {
        let own = |y: u8| match colour {
            Colour::White => y + 1,
            Colour::Black => v.ranks - y,
        };
        let mine: Vec<(u8, u8)> = at
            .iter()
            .filter(|&(_, &(j, c))| j == i && c == colour)
            .map(|(&sq, _)| sq)
            .collect();
        if mine.is_empty() || mine.iter().any(|&(_, y)| own(y) >= river) {
            continue;
        }
        let y = match colour {
            Colour::White => river - 1,
            Colour::Black => v.ranks - river,
        };
        let first = mine[0].0;
        let free = (0..v.files)
            .filter(|&x| !at.contains_key(&(x, y)))
            .min_by_key(|&x| (x.abs_diff(first), x));
        if let Some(x) = free {
            at.insert((x, y), (i, colour));
        }
    }
}

/// The name of the piece whose letter is `c`, else the letter.
pub(super) fn letter_name(v: &Variant, names: &Names, c: char) -> String {
    v.piece(c.to_ascii_lowercase()).map_or_else(
        || c.to_ascii_uppercase().to_string(),
        |p| piece_name(v, p, names),
    )
}

fn piece_view(v: &Variant, names: &Names, r: &Row, board: &SquareSet, shown: &[char]) -> PieceView {
    let p = r.piece;
    let remarks = remarks(v, names, p, &r.parsed, shown);
    PieceView {
        key: p.letter.to_ascii_uppercase(),
        start: start_ranks(v, r),
        name: r.name.clone(),
        betza: r.betza.clone(),
        fairy_betza: r.betza.contains('+').then(|| p.betza.clone()),
        remarks,
        words: words(v, r),
        diagram: diagram(v, r, board),
        spares: (p.name == "janggiCannon").then(|| p.letter.to_ascii_uppercase().to_string()),
    }
}

/// A piece's words: its Betza's, and what a rule of the game adds to its
/// moves (Xiangqi's Soldier, `fW`, steps sideways too once across the
/// river: its words say so, not only a remark).
fn words(v: &Variant, r: &Row) -> Vec<String> {
    // (Its initial moves: from its side's double-step region, not only
    // from its starting squares.)
    let mut out = match prose::initial_squares(v, r.piece) {
        Some(from) => describe::piece_from(&r.parsed, &r.name, &from),
        None => describe::piece(&r.parsed, &r.name),
    };
    let rank = v.rules.moves.soldier_promotion_rank;
    if r.piece.special.contains(&Special::SoldierRiver) && rank > 1 {
        out.push(format!(
            "Once across the river, on its {} rank and beyond, the {} also moves or captures one square sideways.",
            prose::ordinal(rank),
            r.name
        ));
    }
    out
}

/// A row's `data-start`: for a piece with initial moves, the ranks (from
/// each side's own) of the region where it may make them
/// ([`layout::initial_region`]), when the page would otherwise draw them
/// elsewhere: from the ranks where the setup text puts it, else rank 2.
fn start_ranks(v: &Variant, r: &Row) -> Option<String> {
    if !r.parsed.moves().iter().any(|m| m.initial) {
        return None;
    }
    let region = layout::own_ranks(
        v,
        layout::initial_region(v, r.piece, Colour::White),
        layout::initial_region(v, r.piece, Colour::Black),
    );
    let mut setup = layout::own_ranks(
        v,
        &start_squares(v, r.piece, Colour::White),
        &start_squares(v, r.piece, Colour::Black),
    );
    if setup.is_empty() {
        setup.push(2);
    }
    (!region.is_empty() && region != setup).then(|| {
        region
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    })
}

/// The eight directions a hopper's screens are placed in.
const RAYS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// White's moves from the centre of the board (from its first start
/// square when it has initial moves); a piece that needs a screen has one
/// placed two squares away along each line and an enemy two beyond it.
fn diagram(v: &Variant, r: &Row, board: &SquareSet) -> DiagramView {
    let p = r.piece;
    let initial = r.parsed.moves().iter().any(|m| m.initial);
    let region = layout::initial_region(v, p, Colour::White);
    let from = v
        .start
        .iter()
        .find(|s| {
            initial
                && layout::letter_of(v, s) == p.letter
                && s.colour == Colour::White
                && (region.is_empty() || region.contains(&s.square))
        })
        .map(|s| s.square)
        .or_else(|| initial.then(|| region.first().copied()).flatten())
        .unwrap_or_else(|| Square::centre(v.files, v.ranks));
    // A piece confined to a region is shown from its square nearest the
    // centre, and its moves end there only.
    let confined = v.mobility_region(p, Colour::White);
    let from = confined
        .as_ref()
        .and_then(|squares| {
            let c = Square::centre(v.files, v.ranks);
            let far = |s: &Square| {
                let (dx, dy) = (
                    i32::from(s.file()) - i32::from(c.file()),
                    i32::from(s.rank()) - i32::from(c.rank()),
                );
                (dx * dx + dy * dy, s.rank(), s.file())
            };
            squares.iter().min_by_key(|s| far(s)).copied()
        })
        .unwrap_or(from);
    let (mut screens, mut enemies) = (SquareSet::EMPTY, SquareSet::EMPTY);
    let placed = r.parsed.needs_screen();
    if placed {
        for (dx, dy) in RAYS {
            let at = |k: i8| {
                from.offset(Offset::new(dx * k, dy * k))
                    .filter(|s| board.contains(*s))
            };
            if let (Some(s), Some(e)) = (at(2), at(4)) {
                screens.insert(s);
                enemies.insert(e);
            }
        }
    }
    let mut occupied = screens;
    for e in enemies.iter() {
        occupied.insert(e);
    }
    // (Its initial moves only where the game gives them: moved into its
    // mobility region, Pawnback's Pawn stands on d5, not on its 2nd rank.)
    let without;
    let parsed = if initial && !region.is_empty() && !region.contains(&from) {
        without = r.parsed.without_initial();
        &without
    } else {
        &r.parsed
    };
    let d = Diagram::among(parsed, from, Colour::White, board, &occupied, &screens);
    // Where a rule of the game changes its moves there, the moves it has.
    let exact = (!placed)
        .then(|| exact(v, r, from, Colour::White, board))
        .flatten();
    let mark = |sq: Square| match &exact {
        Some(t) => t.mark(sq),
        None => d.mark(sq),
    };
    let rows: Vec<Vec<DCell>> = (0..v.ranks)
        .rev()
        .map(|y| {
            (0..v.files)
                .map(|x| match Square::new(x, y) {
                    Some(sq) if sq == from => DCell::Piece,
                    Some(sq) if screens.contains(sq) => DCell::Screen,
                    Some(sq) if enemies.contains(sq) => match mark(sq) {
                        Some(m) => DCell::Mark(m),
                        None => DCell::Enemy,
                    },
                    Some(sq) => mark(sq).map_or(DCell::Empty, DCell::Mark),
                    None => DCell::Empty,
                })
                .collect()
        })
        .collect();
    let drawn_for = (r.board == [false, true] && !placed && !turns_alike(&rows, from)).then(|| {
        (
            piece_names::side(v, Colour::White),
            piece_names::side(v, Colour::Black),
        )
    });
    DiagramView {
        key: p.letter.to_ascii_uppercase(),
        look: look(v, p, &r.name, Colour::White),
        from: from.to_string(),
        marks: Mark::ALL
            .into_iter()
            .filter(|m| board.iter().any(|sq| mark(sq) == Some(*m)))
            .collect(),
        rows,
        placed,
        drawn_for,
    }
}

/// Whether a diagram's marks (`rows`, from the top) are the same turned
/// around, forward for backward, about the piece's square: where both a
/// square and its mirror are on the board they hold the same mark.
fn turns_alike(rows: &[Vec<DCell>], from: Square) -> bool {
    let height = rows.len();
    let centre = height - 1 - usize::from(from.rank());
    rows.iter().enumerate().all(|(y, row)| {
        let Some(m) = (2 * centre).checked_sub(y).filter(|m| *m < height) else {
            return true;
        };
        row.iter().zip(&rows[m]).all(|(a, b)| {
            matches!((a, b), (DCell::Mark(x), DCell::Mark(y)) if x == y)
                || (!matches!(a, DCell::Mark(_)) && !matches!(b, DCell::Mark(_)))
        })
    })
}

/// Where a pawn that triple-steps (its Betza's `ifmW3`) may step two or
/// three squares, and where two only, in ranks from its own side.
fn triple_step(v: &Variant, p: &VariantPiece) -> Option<String> {
    let triple = layout::initial_region(v, p, Colour::White);
    if p.name != "pawn" || std::ptr::eq(triple, v.double_step_white.as_slice()) {
        return None;
    }
    let three = layout::own_ranks(v, &v.triple_step_white, &v.triple_step_black);
    let two: Vec<u8> = layout::own_ranks(v, &v.double_step_white, &v.double_step_black)
        .into_iter()
        .filter(|r| !three.contains(r))
        .collect();
    let words = |rs: &[u8]| {
        let names: Vec<String> = rs.iter().map(|r| prose::ordinal(*r)).collect();
        let s = if rs.len() > 1 { "s" } else { "" };
        format!("{} rank{s}", names.join(" and "))
    };
    let mut out = format!(
        "steps two or three squares forward from its {} (nothing in the way)",
        words(&three)
    );
    if !two.is_empty() {
        out.push_str(&format!("; two also from its {}", words(&two)));
    }
    Some(out)
}

/// "a promoted Lance or Shogi Knight": the pieces of the page that
/// promote to `p` (`promotedPieceType`); "also …" where `p` is met
/// unpromoted too, in the start position or the pockets.
fn promoted_from(v: &Variant, names: &Names, p: &VariantPiece, shown: &[char]) -> Option<String> {
    let from: Vec<String> = v
        .promotion
        .promoted
        .iter()
        .filter(|(from, to)| *to == p.letter && shown.contains(from))
        .map(|(from, _)| match piece_names::promoted_name(v, *from) {
            Some(own) => format!("{} ({own})", letter_name(v, names, *from)),
            None => letter_name(v, names, *from),
        })
        .collect();
    if from.is_empty() {
        return None;
    }
    let list = describe::list(&from, "or");
    let unpromoted = v.start.iter().any(|s| s.letter == p.letter && !s.promoted)
        || v.in_hand
            .chars()
            .any(|c| c.to_ascii_lowercase() == p.letter);
    Some(format!(
        "{}a promoted {list}",
        if unpromoted { "also " } else { "" }
    ))
}

/// The region a piece may not leave, per side, as a remark claiming it
/// (`mobilityRegionWhiteFers`); a side whose region is the whole board
/// (Crowded xiangqi's Elephant, on five ranks) moves anywhere, which is
/// said where no side has a smaller one.
fn mobility(v: &Variant, p: &VariantPiece) -> Option<Sentence> {
    let whole = usize::from(v.files) * usize::from(v.ranks);
    // (An empty region is none: Fairy-Stockfish reads 0 as the whole board.)
    let region = |c: Colour| {
        v.mobility_region(p, c)
            .filter(|r| !r.is_empty() && r.len() < whole)
    };
    let (white, black) = (region(Colour::White), region(Colour::Black));
    let words = |r: Option<&[Square]>| r.map_or_else(|| "anywhere".to_string(), layout::runs);
    // (A region written as the whole board, where the parent's holds it:
    // Crowded xiangqi's Elephant on five ranks crosses the river.)
    let set = |c: Colour| v.mobility_region(p, c).is_some_and(|r| r.len() == whole);
    let text = match (white, black) {
        (None, None) if set(Colour::White) || set(Colour::Black) => {
            let river = v.pieces.iter().any(|q| q.name == "soldier");
            let mut s = Sentence::new(if river {
                "may cross the river: it moves anywhere on the board"
            } else {
                "moves anywhere on the board"
            });
            for c in [Colour::White, Colour::Black] {
                if set(c) {
                    s = s.key(&claims::mobility_key(&p.name, c));
                }
            }
            return Some(s);
        }
        (None, None) => return None,
        (Some(w), b) => format!(
            "moves only within {} ({}: {})",
            layout::runs(w),
            piece_names::side(v, Colour::Black),
            words(b)
        ),
        (None, Some(b)) => format!(
            "moves anywhere ({}: only within {})",
            piece_names::side(v, Colour::Black),
            layout::runs(b)
        ),
    };
    let mut s = Sentence::new(text);
    for (c, r) in [(Colour::White, white), (Colour::Black, black)] {
        if r.is_some() {
            s = s.key(&claims::mobility_key(&p.name, c));
        }
    }
    Some(s)
}

/// The Remarks column: royalty, castling, promotion, initial moves and
/// what Fairy-Stockfish adds by rule, in plain words, each remark with
/// the rule it claims (its `data-rule`); the first one capitalised.
fn remarks(
    v: &Variant,
    names: &Names,
    p: &VariantPiece,
    parsed: &Piece,
    shown: &[char],
) -> Vec<Sentence> {
    let mut r: Vec<Sentence> = Vec::new();
    if parsed.moves().is_empty() {
        r.push(Sentence::new("never moves: it stands where it is put"));
    }
    if let Some(s) = promoted_from(v, names, p, shown) {
        r.push(Sentence::new(s).key("promotedPieceType"));
    }
    if p.royal {
        r.push(prose::royal());
        let played = placed::played(v);
        if castling::castles(&played) {
            r.extend(prose::castles(&played));
        }
    }
    r.extend(prose::promotion_sentences(v, p, &|c| {
        letter_name(v, names, c)
    }));
    let special: Vec<Sentence> = p
        .special
        .iter()
        // En passant said only where the game lets this pawn take so.
        .filter(|&&s| s != Special::EnPassant || en_passant::ever_takes(v, p.letter))
        .filter_map(|s| prose::special_sentence(v, *s))
        .collect();
    r.extend(special);
    if parsed.moves().iter().any(|m| m.initial) {
        r.push(prose::initial_moves(v, p));
    }
    if let Some(s) = mobility(v, p) {
        r.push(s);
    }
    if let Some(s) = triple_step(v, p) {
        r.push(
            Sentence::new(s)
                .key("tripleStepRegionWhite")
                .key("tripleStepRegionBlack")
                .key("doubleStepRegionWhite")
                .key("doubleStepRegionBlack"),
        );
    }
    prose::fill(v, &mut r);
    if let Some(first) = r.first_mut() {
        let mut c = first.text.chars();
        if let Some(f) = c.next() {
            first.text = f.to_uppercase().chain(c).collect();
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diagram_turns_alike_only_where_forward_and_backward_match() {
        // A 3×3 board, the piece on b2 (rows from the top).
        let (e, p, y) = (DCell::Empty, DCell::Piece, DCell::Mark(Mark::Slide));
        let from = Square::new(1, 1).expect("b2");
        // A Wazir's four steps: the same turned around.
        assert!(turns_alike(
            &[vec![e, y, e], vec![y, p, y], vec![e, y, e]],
            from
        ));
        // A Pawn's step forward only: not.
        assert!(!turns_alike(
            &[vec![e, y, e], vec![e, p, e], vec![e, e, e]],
            from
        ));
        // On b1 the mirrors of rank 3 are off the board: nothing to compare.
        let low = Square::new(1, 0).expect("b1");
        assert!(turns_alike(
            &[vec![e, y, e], vec![e, e, e], vec![e, p, e]],
            low
        ));
    }
}
