//! The pieces a page declares for its board, without click codes: what
//! `dist/glance.js` draws and `glance lint` checks (pure Rust, no web
//! types). [`crate::page::reader`] reads a page into [`Declarations`], plain
//! data, the same way from the live page and from a file;
//! [`Declarations::check`] turns them into [`Declared`] pieces and
//! everything wrong with them, as [`Finding`]s: one validation, so the page
//! and lint cannot disagree.
//!
//! The convention:
//! * the piece table is the `<table>` whose header row reads `Piece | ID |
//!   value | Moves (Betza notation) | Remarks` (or, on a translated page,
//!   the table whose rows carry `data-piece`); each row a board cell
//!   refers to carries `data-piece="KEY"` on its `<tr>` (KEY: letters,
//!   digits, hyphens; case counts; one row serves both sides).
//!   Attributes survive translation, texts do not: rows are found by
//!   their keys, not their words;
//! * each board cell holding a piece (a `<td class="n" id="sq{x}x{y}">`)
//!   carries `data-piece="KEY"`, and `data-side="black"` for a black
//!   piece (white by default; Black's forward is down the board);
//! * a row whose piece has initial moves (`i`, a Pawn's double step) may
//!   say on which ranks it starts, counted from its own side:
//!   `data-start="2"` (the default), `data-start="3"` (Grand Chess),
//!   `data-start="2 3"`. Its initial moves are drawn only from those ranks.
//!
//! * a cell may declare more than its row ([`crate::page::extras`], what `glance
//!   migrate` writes for the legacy pages): `data-moves="BETZA"` (its own
//!   moves, drawn from any rank), `data-demo="x,y x,y=IMAGE"` (a change
//!   of position shown instead of a diagram: castling, en passant),
//!   `data-words="KEY..."` (its name and remark lines: the texts of the
//!   page's elements `data-text="KEY"`); with `data-moves` or
//!   `data-demo` it needs no `data-piece`. A piece table whose columns are
//!   not Piece, ID, value, Moves, Remarks says which are the name, Moves
//!   and Remarks: `data-columns="1 4 5"`.
//!
//! A mistake is local: a bad row disables its piece, a bad cell itself,
//! and the rest of the board works; [`Checked::findings`] names what was
//! skipped. The name and remarks shown are the table's own words,
//! whitespace collapsed; a Moves cell with alternatives joined by a word
//! (`RB or Q`, `RB ou Q`, see [`alternatives`]) is drawn from the first;
//! an empty Moves cell or `-` is a piece with no moves of its own.
//!
//! ```
//! use glance::page::declared::{CellDecl, Declarations, RowDecl, SquareCell};
//! use glance::{Colour, Square};
//! let mut decl = Declarations { piece_paragraph: true, ..Declarations::default() };
//! decl.rows.push(RowDecl::new("Q", " Queen\n", "RB or Q", ""));
//! decl.cells.push(CellDecl::new("sq3x0", "Q", None));
//! for x in 0..8 {
//!     for y in 0..8 {
//!         decl.squares.push(SquareCell::new(Square::new(x, y).unwrap(), (x, y) == (3, 0)));
//!     }
//! }
//! let checked = decl.check();
//! assert!(checked.findings.is_empty(), "{:?}", checked.findings);
//! let page = decl.page();
//! let scene = checked.declared.scene((3, 0), &page).unwrap();
//! assert_eq!(scene.name, "Queen");
//! assert_eq!(scene.cells.len(), 21);
//! assert_eq!(checked.declared.cells[0].colour, Colour::White);
//! ```

use alloc::string::String;
use alloc::vec::Vec;

use crate::board::scene::{Content, Page, Scene};
use crate::board::words::Words;
use crate::engine::betza::{self, push_number, Piece};
use crate::engine::diagram::{Diagram, Mark};
use crate::engine::geometry::{Colour, Square, SquareSet};
use crate::page::extras::CellExtras;
use crate::page::finding::{Finding, Kind, Place};
use crate::page::reader::{image_name, MARK_IMAGES};

/// A row of the piece table with a `data-piece`, as the page has it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowDecl {
    /// Where it is, for messages.
    pub place: Place,
    /// Its `data-piece` (`None`: a row no cell can name, checked all the
    /// same).
    pub key: Option<String>,
    /// The text of its Piece cell.
    pub name: String,
    /// The text of its Moves (Betza notation) cell.
    pub moves: String,
    /// The text of its Remarks cell.
    pub remarks: String,
    /// Its `data-start`, if any: the ranks its initial moves start from.
    pub start: Option<String>,
}

impl RowDecl {
    /// A keyed row of a page's one piece table; its place says row 0 (the
    /// reader numbers the rows it reads; set `place` to number one made
    /// by hand).
    pub fn new(key: &str, name: &str, moves: &str, remarks: &str) -> RowDecl {
        RowDecl {
            place: Place::Row {
                table: None,
                row: 0,
                key: Some(key.into()),
            },
            key: Some(key.into()),
            name: name.into(),
            moves: moves.into(),
            remarks: remarks.into(),
            start: None,
        }
    }
}

/// An element with a `data-piece` other than a row (a board cell, or
/// something inside one), as the page has it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CellDecl {
    /// The id of the cell it is in (itself or an ancestor whose id starts
    /// `sq`), or empty.
    pub id: String,
    /// The square that id names (`sq{x}x{y}`), if it names one.
    pub sq: Option<Square>,
    /// Its `data-piece`.
    pub key: String,
    /// Its `data-side`, if any.
    pub side: Option<String>,
    /// Its `data-moves`, `data-demo` and `data-words` ([`crate::page::extras`]);
    /// with `data-moves` or `data-demo`, `key` may be empty (no row).
    pub extras: CellExtras,
}

impl CellDecl {
    pub fn new(id: &str, key: &str, side: Option<&str>) -> CellDecl {
        CellDecl {
            id: id.into(),
            sq: crate::board::clicks::parse_cell_id(id),
            key: key.into(),
            side: side.map(Into::into),
            extras: CellExtras::default(),
        }
    }
}

/// A cell with an id `sq{x}x{y}`: the board as the page draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareCell {
    pub id: String,
    pub sq: Square,
    /// It has `class="n"`: a square of the board (marks are shown on
    /// these only).
    pub on_board: bool,
    /// The `src` of the first image in it, if any.
    pub image: Option<String>,
}

impl SquareCell {
    /// Square `sq` of the board (`class="n"`), holding a piece image or
    /// empty.
    pub fn new(sq: Square, piece: bool) -> SquareCell {
        let mut id = String::from("sq");
        push_number(&mut id, sq.file().into());
        id.push('x');
        push_number(&mut id, sq.rank().into());
        SquareCell {
            sq,
            id,
            on_board: true,
            image: piece.then(|| String::from("sym/WhiteKing.png")),
        }
    }

    /// The image it holds is a piece's (not a mark's).
    fn holds_piece(&self) -> bool {
        self.image
            .as_deref()
            .is_some_and(|src| !MARK_IMAGES.contains(&image_name(src)))
    }
}

/// What a page declares and how its board is drawn, as [`crate::page::reader`]
/// reads it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Declarations {
    /// `<html lang>`.
    pub lang: String,
    /// The rows of the piece tables (after their headers).
    pub rows: Vec<RowDecl>,
    /// The other elements with a `data-piece`.
    pub cells: Vec<CellDecl>,
    /// Every cell with an id `sq{x}x{y}`.
    pub squares: Vec<SquareCell>,
    /// The page has a `<table class="board">`.
    pub board_table: bool,
    /// The page has an element `id="piece"`.
    pub piece_paragraph: bool,
    /// The `href` of the page's `<link rel="stylesheet">` to `moves.css`.
    pub stylesheet: Option<String>,
    /// The elements with a `data-text`: (its value, its text collapsed),
    /// the words a cell's `data-words` names.
    pub texts: Vec<(String, String)>,
}

/// A row of the piece table, validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeclaredPiece {
    pub key: String,
    /// The Piece cell's words, whitespace collapsed.
    pub name: String,
    /// The Remarks cell's words, whitespace collapsed (may be empty).
    pub remarks: String,
    /// The Betza string drawn: the Moves cell's first alternative.
    pub betza: String,
    pub piece: Piece,
    /// The ranks, counted from its own side from 1, where its initial
    /// moves are drawn (bit r-1 for rank r).
    pub starts: u16,
    /// Remark lines after the first (a cell's `data-words`).
    pub more: Vec<String>,
    /// A demonstration (`data-demo`): the cells shown with an image
    /// (`"BlackKing"`) or emptied (`""`) instead of a diagram; empty for a
    /// piece.
    pub demo: Vec<(Square, &'static str)>,
}

/// A board cell holding a declared piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BoardPiece {
    pub sq: Square,
    /// The piece: an index in [`Declared::pieces`].
    pub piece: usize,
    pub colour: Colour,
}

/// A page's declarations, validated: what its board shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Declared {
    pub pieces: Vec<DeclaredPiece>,
    pub cells: Vec<BoardPiece>,
    /// The board's ranks (its top rank's number).
    pub ranks: u8,
}

/// What [`Declarations::check`] finds: the pieces that work, and
/// everything wrong.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    pub declared: Declared,
    pub findings: Vec<Finding>,
}

/// Letters, digits and hyphens, at least one.
pub fn is_key(key: &str) -> bool {
    !key.is_empty() && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// Whitespace collapsed to single spaces, trimmed.
///
/// ```
/// assert_eq!(glance::page::declared::collapse("  King\n  (Persian) "), "King (Persian)");
/// ```
pub fn collapse(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// The Betza strings of a Moves cell. A Betza string has no spaces, so a
/// cell holds one, or several joined by one word in the page's language
/// (`RB or Q`, `RB ou Q`, `RB oder Q`): up to a word that opens a
/// parenthesis (a remark), the words at even places when there is an odd
/// number of words, else the first word only. An empty cell has none.
///
/// ```
/// use glance::page::declared::alternatives;
/// assert_eq!(alternatives(" RB or\n Q "), ["RB", "Q"]);
/// assert_eq!(alternatives("RB ou Q"), ["RB", "Q"]);
/// assert_eq!(alternatives("mfWcfF"), ["mfWcfF"]);
/// assert_eq!(alternatives("K (no castling)"), ["K"]);
/// assert_eq!(alternatives("K or KN (once)"), ["K", "KN"]);
/// assert_eq!(alternatives("R B"), ["R"]);
/// assert!(alternatives("  ").is_empty());
/// assert!(alternatives("(none)").is_empty());
/// ```
pub fn alternatives(moves: &str) -> Vec<&str> {
    let words: Vec<&str> = moves
        .split_whitespace()
        .take_while(|w| !w.starts_with('('))
        .collect();
    if words.len() % 2 == 1 {
        words.into_iter().step_by(2).collect()
    } else {
        words.into_iter().take(1).collect()
    }
}

/// The words joining a Moves cell's alternatives (`RB or Q` → `or`).
fn joiners(moves: &str) -> Vec<&str> {
    let words: Vec<&str> = moves
        .split_whitespace()
        .take_while(|w| !w.starts_with('('))
        .collect();
    if words.len() % 2 == 1 {
        words.into_iter().skip(1).step_by(2).collect()
    } else {
        Vec::new()
    }
}

/// A `data-start` value: ranks from 1 to 16 separated by spaces or commas,
/// as a mask (bit r-1 for rank r).
///
/// ```
/// assert_eq!(glance::page::declared::parse_start("2, 3"), Some(0b110));
/// assert_eq!(glance::page::declared::parse_start("0"), None);
/// ```
pub fn parse_start(text: &str) -> Option<u16> {
    let mut mask = 0u16;
    for word in text.split([' ', ',']).filter(|w| !w.is_empty()) {
        if word.len() > 2 || !word.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let r = word.bytes().fold(0u32, |n, b| n * 10 + u32::from(b - b'0'));
        if !(1..=16).contains(&r) {
            return None;
        }
        mask |= 1 << (r - 1);
    }
    (mask != 0).then_some(mask)
}

/// The default start: each side's second rank.
const DEFAULT_START: u16 = 1 << 1;

/// A message: its parts joined (one call per message keeps the generic
/// drop-in's code small).
#[inline(never)]
fn message(parts: &[&str]) -> String {
    let mut out = String::new();
    for p in parts {
        out.push_str(p);
    }
    out
}

fn square_name(sq: Square) -> String {
    let mut s = String::new();
    sq.push_name(&mut s);
    s
}

fn mark_name(mark: Option<Mark>) -> &'static str {
    mark.map_or("nothing", Mark::name)
}

impl Declarations {
    /// The page's board as drawn: its squares (`class="n"`), and which of
    /// them hold a piece image.
    pub fn page(&self) -> Page {
        let mut page = Page::default();
        for s in self.squares.iter().filter(|s| s.on_board) {
            page.board.insert(s.sq);
            if s.holds_piece() {
                page.occupied.insert(s.sq);
            }
        }
        page
    }

    /// The folder the page's images are in (`sym/`, or `""`): the mark
    /// images are taken from there too. The folder of the last image in a
    /// cell `sq{x}x{y}` that names one; `sym/` if none does.
    pub fn image_dir(&self) -> &str {
        self.squares
            .iter()
            .rev()
            .find_map(|s| {
                let src = s.image.as_deref()?;
                let dir = src.get(..src.rfind('/')? + 1)?;
                Some(dir)
            })
            .unwrap_or("sym/")
    }

    /// The declarations as pieces, and everything wrong with them. Each
    /// mistake disables only what it touches: a bad row its piece, a bad
    /// cell itself.
    pub fn check(&self) -> Checked {
        self.check_parts(true)
    }

    /// What is wrong with the piece tables alone (their Betza, keys and
    /// words): all `glance lint` checks on a legacy page, whose board is
    /// served by click codes, not declarations.
    pub fn check_table(&self) -> Vec<Finding> {
        self.check_parts(false).findings
    }

    fn check_parts(&self, board: bool) -> Checked {
        let mut findings = Vec::new();
        let mut report = |kind: Kind, place: &Place, text: String| {
            findings.push(Finding::new(kind, place.clone(), text));
        };
        let page = self.page();
        let ranks = page.board.iter().map(|s| s.rank() + 1).max().unwrap_or(0);
        let words = Words::known(&self.lang);

        // The board itself.
        if !board {
        } else if !self.board_table && self.squares.is_empty() {
            report(Kind::NoBoard, &Place::Page, message(&["no board found: no <table class=\"board\"> and no cell with an id sq{x}x{y}, so nothing can be pressed"]));
        } else if self.cells.is_empty() {
            report(
                Kind::NoBoard,
                &Place::Page,
                message(&["no board cell has a data-piece, so nothing can be pressed"]),
            );
        } else if page.board.is_empty() {
            report(
                Kind::NotOnBoard,
                &Place::Page,
                message(&[
                    "no cell has class=\"n\": the board has no squares, so no mark can be shown",
                ]),
            );
        }
        if board && !self.squares.is_empty() && !self.piece_paragraph {
            report(Kind::NoPieceParagraph, &Place::Page, message(&["no <p id=\"piece\">: the board works, but a piece's name and remarks are shown nowhere"]));
        }
        if board && self.board_table && self.stylesheet.is_none() {
            report(Kind::MissingFile, &Place::Page, missing_stylesheet());
        }

        // The rows: `None` for a row whose piece is disabled.
        let mut pieces: Vec<DeclaredPiece> = Vec::with_capacity(self.rows.len());
        let mut broken: Vec<&str> = Vec::new();
        for row in &self.rows {
            let place = &row.place;
            let key = row.key.as_deref().unwrap_or_default();
            if row.key.is_some() && !is_key(key) {
                report(
                    Kind::BadAttribute,
                    place,
                    message(&[
                        "data-piece \"",
                        key,
                        "\" is no key (letters, digits and hyphens), so this row is skipped",
                    ]),
                );
                continue;
            }
            if row.key.is_some() && (pieces.iter().any(|p| p.key == key) || broken.contains(&key)) {
                report(
                    Kind::DuplicatePiece,
                    place,
                    message(&[
                        "a row above has data-piece \"",
                        key,
                        "\" too: this row is skipped, the first is used",
                    ]),
                );
                continue;
            }
            let starts = match row.start.as_deref() {
                None => DEFAULT_START,
                Some(text) => match parse_start(text) {
                    Some(mask) => mask,
                    None => {
                        report(Kind::BadAttribute, place, message(&["data-start \"", text, "\" is not a list of ranks from 1 to 16 (\"2\", \"2 3\"); rank 2 is used"]));
                        DEFAULT_START
                    }
                },
            };
            let alternatives = alternatives(&row.moves);
            let mut parsed = Vec::with_capacity(alternatives.len());
            for (i, alt) in alternatives.iter().enumerate() {
                match betza::parse(alt) {
                    Ok(p) => parsed.push(p),
                    Err(e) if *alt != "-" || alternatives.len() > 1 => {
                        let mut which = String::new();
                        if alternatives.len() > 1 {
                            push_number(&mut which, i + 1);
                        }
                        let mut error = String::new();
                        e.write_to(&mut error);
                        let of = if which.is_empty() {
                            ["", "", "", ""]
                        } else {
                            [" (alternative ", &which, " of '", &row.moves]
                        };
                        let close = if which.is_empty() { "" } else { "')" };
                        report(
                            Kind::BadBetza,
                            place,
                            message(&[
                                &row.name,
                                ": Moves '",
                                alt,
                                "'",
                                of[0],
                                of[1],
                                of[2],
                                of[3],
                                close,
                                " is not Betza notation: ",
                                &error,
                                &self.skipped(key),
                            ]),
                        );
                    }
                    Err(_) => parsed.push(Piece::default()),
                }
            }
            if parsed.len() < alternatives.len() {
                broken.push(key);
                continue;
            }
            let piece = parsed.first().cloned().unwrap_or_default();
            let piece_text = alternatives.first().copied().unwrap_or_default();
            let first_cell = self.cells_of(key).next();
            if parsed.len() > 1 {
                // Compared where the page draws the piece: its first cell,
                // or the board's centre.
                let (at, colour) = first_cell.unwrap_or_else(|| {
                    let (f, r) = page.board.iter().fold((0, 0), |(f, r), s| {
                        (f.max(s.file() + 1), r.max(s.rank() + 1))
                    });
                    (Square::centre(f.max(1), r.max(1)), Colour::White)
                });
                let draw =
                    |p: &Piece| Diagram::compute(p, at, colour, &page.board, &SquareSet::EMPTY);
                let first = draw(&piece);
                for (alt, other) in alternatives.iter().zip(&parsed).skip(1) {
                    let other = draw(other);
                    let diff = page.board.iter().find(|&s| first.mark(s) != other.mark(s));
                    if let Some(sq) = diff {
                        report(
                            Kind::BadBetza,
                            place,
                            message(&[
                                &row.name,
                                ": the alternatives '",
                                piece_text,
                                "' and '",
                                alt,
                                "' draw different moves from ",
                                &square_name(at),
                                " on this page's board: first at ",
                                &square_name(sq),
                                ", ",
                                mark_name(first.mark(sq)),
                                " against ",
                                mark_name(other.mark(sq)),
                                "; the first is drawn",
                            ]),
                        );
                        break;
                    }
                }
            }
            if let Some(words) = words {
                if let Some(w) = joiners(&row.moves)
                    .into_iter()
                    .find(|w| !words.or.iter().any(|o| o.eq_ignore_ascii_case(w)))
                {
                    report(
                        Kind::ForeignWord,
                        place,
                        message(&[
                            &row.name,
                            ": '",
                            &row.moves,
                            "' joins its alternatives with '",
                            w,
                            "', not with the page's word '",
                            words.or.first().copied().unwrap_or("or"),
                            "' (<html lang=\"",
                            &self.lang,
                            "\">); it is still read as alternatives",
                        ]),
                    );
                }
            }
            if row.key.is_none() {
                // A row no cell can name: checked, not drawn.
                continue;
            }
            if board && piece.moves().iter().any(|m| m.initial) {
                let unplaced = self
                    .cells_of(key)
                    .all(|(sq, colour)| !at_start(starts, sq, colour, ranks));
                if unplaced {
                    let mut ranks = String::new();
                    for r in 1..=16u16 {
                        if starts & (1 << (r - 1)) != 0 {
                            ranks.push(' ');
                            push_number(&mut ranks, r.into());
                        }
                    }
                    report(Kind::InitialUnplaced, place, message(&[&row.name, ": its initial moves (i) are drawn only from rank", &ranks, " of its side (data-start on its row), and no cell of it stands there, so the page never shows them"]));
                }
            }
            pieces.push(DeclaredPiece {
                key: String::from(key),
                name: collapse(&row.name),
                remarks: collapse(&row.remarks),
                betza: alternatives
                    .first()
                    .map_or_else(String::new, |a| String::from(*a)),
                piece,
                starts,
                more: Vec::new(),
                demo: Vec::new(),
            });
        }

        // The cells.
        let mut cells: Vec<BoardPiece> = Vec::with_capacity(self.cells.len());
        for cell in self.cells.iter().filter(|_| board) {
            let place = Place::Cell {
                id: cell.id.clone(),
                sq: cell.sq,
            };
            let own = cell.key.is_empty() && cell.extras.shows();
            if !own && !is_key(&cell.key) {
                report(
                    Kind::BadAttribute,
                    &place,
                    message(&[
                        "data-piece \"",
                        &cell.key,
                        "\" is no key (letters, digits and hyphens), so this cell does nothing",
                    ]),
                );
                continue;
            }
            let colour = match cell.side.as_deref() {
                None | Some("white") => Colour::White,
                Some("black") => Colour::Black,
                Some(other) => {
                    report(
                        Kind::BadAttribute,
                        &place,
                        message(&[
                            "data-side \"",
                            other,
                            "\" is neither \"white\" nor \"black\", so this cell does nothing",
                        ]),
                    );
                    continue;
                }
            };
            let Some(sq) = cell.sq else {
                report(Kind::NoSquare, &place, message(&["a cell with data-piece \"", &cell.key, "\" has no id sq{x}x{y} (x the file from 0 at the left, y the rank from 0 at the bottom), so it does nothing"]));
                continue;
            };
            if broken.contains(&cell.key.as_str()) {
                // Its row's finding names it.
                continue;
            }
            // (A cell-level piece's key is empty: a cell with no key has
            // no row.)
            let row = if own {
                None
            } else {
                pieces.iter().position(|p| p.key == cell.key)
            };
            let Some(piece) = row.or(own.then_some(usize::MAX)) else {
                report(Kind::UnknownPiece, &place, message(&["data-piece \"", &cell.key, "\" names no row <tr data-piece=\"", &cell.key, "\"> of the piece table (keys are compared exactly, case included), so this cell does nothing"]));
                continue;
            };
            if cells.iter().any(|c| c.sq == sq) {
                report(
                    Kind::NoSquare,
                    &place,
                    message(&["two cells have this id: the second does nothing"]),
                );
                continue;
            }
            let square = self.squares.iter().find(|s| s.sq == sq);
            if !page.board.is_empty() && !square.is_some_and(|s| s.on_board) {
                report(Kind::NotOnBoard, &place, message(&["the cell has no class=\"n\", so it is no square of the board: it does nothing"]));
                continue;
            }
            if let Some(src) = square.and_then(|s| s.image.as_deref()) {
                let name = image_name(src);
                let (drawn, other) = match colour {
                    Colour::White => ("White", "Black"),
                    Colour::Black => ("Black", "White"),
                };
                if name.starts_with(other) {
                    let how = if colour == Colour::White {
                        " (no data-side=\"black\"): its moves are drawn for White, forward up the board"
                    } else {
                        " (data-side=\"black\"): its moves are drawn for Black, forward down the board"
                    };
                    report(
                        Kind::WrongSide,
                        &place,
                        message(&[
                            "its image ",
                            src,
                            " is ",
                            other,
                            "'s, but the cell is declared ",
                            drawn,
                            how,
                        ]),
                    );
                }
            }
            let piece = if cell.extras.any() {
                match self.extras_piece(cell, pieces.get(piece)) {
                    Ok(p) => {
                        pieces.push(p);
                        pieces.len() - 1
                    }
                    Err((kind, m)) => {
                        report(kind, &place, m);
                        continue;
                    }
                }
            } else {
                piece
            };
            cells.push(BoardPiece { sq, piece, colour });
        }

        // Piece images nobody declared.
        for s in self
            .squares
            .iter()
            .filter(|_| board && !self.cells.is_empty())
        {
            if s.on_board && s.holds_piece() && !self.cells.iter().any(|c| c.sq == Some(s.sq)) {
                let m = message(&[
                    "the cell holds a piece image (",
                    s.image.as_deref().unwrap_or_default(),
                    ") but no data-piece, so pressing it does nothing",
                ]);
                report(
                    Kind::Undeclared,
                    &Place::Cell {
                        id: s.id.clone(),
                        sq: Some(s.sq),
                    },
                    m,
                );
            }
        }
        Checked {
            declared: Declared {
                pieces,
                cells,
                ranks,
            },
            findings,
        }
    }

    /// The piece of a cell with declarations of its own
    /// ([`crate::page::extras`]): its row's (if any), with the moves of its
    /// `data-moves` (drawn from any rank: the cell says where they are),
    /// the demonstration of its `data-demo`, the words of its
    /// `data-words`; or what is wrong with them.
    fn extras_piece(
        &self,
        cell: &CellDecl,
        row: Option<&DeclaredPiece>,
    ) -> Result<DeclaredPiece, (Kind, String)> {
        let mut p = match row {
            Some(r) => r.clone(),
            None => DeclaredPiece {
                key: String::new(),
                name: String::new(),
                remarks: String::new(),
                betza: String::new(),
                piece: Piece::default(),
                starts: DEFAULT_START,
                more: Vec::new(),
                demo: Vec::new(),
            },
        };
        // A cell-level piece's key is empty: no cell can name it.
        p.key = String::new();
        let e = &cell.extras;
        if let Some(moves) = &e.moves {
            let moves = moves.trim_ascii();
            p.piece = betza::parse(moves).map_err(|err| {
                let mut m = message(&["data-moves '", moves, "' is not Betza notation: "]);
                err.write_to(&mut m);
                m.push_str(", so this cell does nothing");
                (Kind::BadBetza, m)
            })?;
            p.betza = String::from(moves);
            p.starts = u16::MAX;
        }
        if let Some(demo) = &e.demo {
            p.demo = crate::page::extras::parse_demo(demo).map_err(|item| {
                let m = message(&[
                    "data-demo \"",
                    &item,
                    "\" is no cell change (x,y to empty cell sq{x}x{y}, x,y=IMAGE to show sym/IMAGE.png), so this cell does nothing",
                ]);
                (Kind::BadAttribute, m)
            })?;
        }
        if let Some(keys) = &e.words {
            let mut lines = crate::page::extras::words(keys, &self.texts)
                .map_err(|key| {
                    let m = message(&[
                        "data-words names \"",
                        &key,
                        "\", but no element of the page has data-text=\"",
                        &key,
                        "\", so this cell does nothing",
                    ]);
                    (Kind::BadAttribute, m)
                })?
                .into_iter();
            p.name = lines.next().unwrap_or_default();
            p.remarks = lines.next().unwrap_or_default();
            p.more = lines.collect();
        }
        Ok(p)
    }

    /// The squares and sides of the cells declaring `key`.
    fn cells_of<'a>(&'a self, key: &'a str) -> impl Iterator<Item = (Square, Colour)> + 'a {
        self.cells
            .iter()
            .filter(move |c| c.key == key)
            .filter_map(|c| {
                let colour = match c.side.as_deref() {
                    Some("black") => Colour::Black,
                    _ => Colour::White,
                };
                Some((c.sq?, colour))
            })
    }

    /// `; its cells sq1x1, sq2x2 do nothing` (what a broken row disables).
    fn skipped(&self, key: &str) -> String {
        let mut out = String::new();
        for (i, c) in self.cells.iter().filter(|c| c.key == key).enumerate() {
            out.push_str(if i == 0 {
                "; so its cells do nothing: "
            } else {
                ", "
            });
            out.push_str(if c.id.is_empty() { "-" } else { &c.id });
        }
        out
    }
}

/// The message of a page whose board style sheet is missing.
pub fn missing_stylesheet() -> String {
    String::from(
        "moves.css, the board's style sheet, is not linked or not beside the page (<link rel=\"stylesheet\" href=\"moves.css\">): without it the board's squares are not drawn (copy it from rules-html/moves.css)",
    )
}

/// The message of a page whose mark images are missing beside it: `files`
/// are their paths as the page asks for them (`sym/yellow.png`).
pub fn missing_marks(files: &[String]) -> String {
    let mut m = String::from("the marks' images ");
    for (i, f) in files.iter().enumerate() {
        if i > 0 {
            m.push_str(", ");
        }
        m.push_str(f);
    }
    m.push_str(
        " are missing beside the page, so its marks are invisible (copy them from XBoard's sym/ folder, or from rules-html/sym/ after make assets)",
    );
    m
}

/// The rank of `sq` counted from `colour`'s own side, from 1, on a board
/// of `ranks` ranks.
fn own_rank(sq: Square, colour: Colour, ranks: u8) -> u8 {
    match colour {
        Colour::White => sq.rank() + 1,
        Colour::Black => ranks.saturating_sub(sq.rank()).max(1),
    }
}

/// Whether a piece of `colour` on `sq` stands on one of the start ranks
/// `starts` ([`parse_start`]'s mask) of a board of `ranks` ranks, so that
/// its initial moves are drawn.
///
/// ```
/// use glance::{declared::at_start, Colour, Square};
/// let e3 = Square::parse("e3").unwrap();
/// assert!(at_start(0b100, e3, Colour::White, 10));
/// assert!(!at_start(0b100, e3, Colour::Black, 10)); // Black's third rank is rank 8
/// ```
pub fn at_start(starts: u16, sq: Square, colour: Colour, ranks: u8) -> bool {
    starts & (1 << (own_rank(sq, colour, ranks) - 1)) != 0
}

impl Declared {
    /// The board piece on the cell of click code `code` (its square).
    pub fn at(&self, code: (i32, i32)) -> Option<(&BoardPiece, &DeclaredPiece)> {
        let cell = self
            .cells
            .iter()
            .find(|c| (c.sq.file() as i32, c.sq.rank() as i32) == code)?;
        Some((cell, self.pieces.get(cell.piece)?))
    }

    /// The marks the page's pieces show, each once, in [`Mark::ALL`]'s
    /// order: the mark images the page needs.
    pub fn marks_shown(&self, page: &Page) -> Vec<Mark> {
        let mut shown = [false; Mark::ALL.len()];
        for c in &self.cells {
            let code = (i32::from(c.sq.file()), i32::from(c.sq.rank()));
            if let Some(d) = self.scene(code, page).and_then(|s| s.diagram) {
                for (_, m) in d.marks() {
                    if let Some(i) = Mark::ALL.iter().position(|&x| x == m) {
                        shown[i] = true;
                    }
                }
            }
        }
        Mark::ALL
            .into_iter()
            .zip(shown)
            .filter_map(|(m, s)| s.then_some(m))
            .collect()
    }

    /// What pressing the piece on the square of `code` shows on `page`:
    /// its diagram (on the empty board, or among the page's pieces for a
    /// piece that needs a screen: [`Scene::of_piece`]; its initial moves
    /// only from its start ranks), its row's name and remarks.
    pub fn scene(&self, code: (i32, i32), page: &Page) -> Option<Scene<'_>> {
        let (cell, piece) = self.at(code)?;
        let mut notes = if piece.remarks.is_empty() {
            Vec::new()
        } else {
            alloc::vec![piece.remarks.as_str()]
        };
        notes.extend(piece.more.iter().map(String::as_str));
        if !piece.demo.is_empty() {
            return Some(Scene {
                name: &piece.name,
                notes,
                cells: piece
                    .demo
                    .iter()
                    .map(|&(sq, image)| {
                        let shown = if image.is_empty() {
                            Content::Empty
                        } else {
                            Content::Piece(image)
                        };
                        (sq, shown)
                    })
                    .collect(),
                diagram: None,
            });
        }
        let later;
        let drawn = if at_start(piece.starts, cell.sq, cell.colour, self.ranks) {
            &piece.piece
        } else {
            later = piece.piece.without_initial();
            &later
        };
        Some(Scene::of_piece(
            &piece.name,
            notes,
            drawn,
            cell.sq,
            cell.colour,
            page,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;
    use alloc::vec;

    fn sq(x: u8, y: u8) -> Square {
        Square::new(x, y).unwrap()
    }

    /// A 10x10 board, the cells of `pieces` holding an image (White's or
    /// Black's by their side), and the table `rows`.
    fn page_of(rows: Vec<RowDecl>, pieces: &[(&str, &str, Option<&str>)]) -> Declarations {
        let mut decl = Declarations {
            lang: "en".into(),
            rows,
            board_table: true,
            piece_paragraph: true,
            stylesheet: Some("moves.css".into()),
            ..Declarations::default()
        };
        for (id, key, side) in pieces {
            decl.cells.push(CellDecl::new(id, key, *side));
        }
        for x in 0..10 {
            for y in 0..10 {
                let mut cell = SquareCell::new(sq(x, y), false);
                if let Some((_, _, side)) = pieces.iter().find(|p| p.0 == cell.id) {
                    let colour = if *side == Some("black") {
                        "Black"
                    } else {
                        "White"
                    };
                    cell.image = Some(alloc::format!("sym/{colour}Man.png"));
                }
                decl.squares.push(cell);
            }
        }
        for (i, row) in decl.rows.iter_mut().enumerate() {
            row.place = Place::Row {
                table: None,
                row: i + 1,
                key: row.key.clone(),
            };
        }
        decl
    }

    fn spartan_like() -> Declarations {
        page_of(
            vec![
                RowDecl::new("K", "King (Persian)", "K", "Can castle with Rook"),
                RowDecl::new("Q", "Queen", "RB or Q", ""),
                RowDecl::new(
                    "L",
                    "Lieu\n   tenant",
                    "FAmsW",
                    "  Color-changing\n sideway move ",
                ),
                RowDecl::new("X", "Nothing", "-", ""),
            ],
            &[
                ("sq7x3", "K", None),
                ("sq5x3", "Q", Some("white")),
                ("sq3x6", "L", Some("black")),
            ],
        )
    }

    /// `(place, kind)` of each finding.
    fn found(decl: &Declarations) -> Vec<(String, &'static str)> {
        decl.check()
            .findings
            .iter()
            .map(|f| (f.place_text(), f.kind.name()))
            .collect()
    }

    fn pairs(list: &[(&str, &'static str)]) -> Vec<(String, &'static str)> {
        list.iter().map(|&(p, k)| (p.to_string(), k)).collect()
    }

    #[test]
    fn a_good_page_gives_its_pieces_in_the_tables_words() {
        let decl = spartan_like();
        let c = decl.check();
        assert_eq!(c.findings, []);
        let d = c.declared;
        assert_eq!(d.pieces.len(), 4);
        assert_eq!(d.pieces[1].betza, "RB");
        assert_eq!(d.pieces[2].name, "Lieu tenant");
        assert_eq!(d.pieces[2].remarks, "Color-changing sideway move");
        assert_eq!(d.pieces[3].piece, Piece::default());
        assert_eq!(d.ranks, 10);
        assert_eq!(
            d.cells,
            vec![
                BoardPiece {
                    sq: sq(7, 3),
                    piece: 0,
                    colour: Colour::White
                },
                BoardPiece {
                    sq: sq(5, 3),
                    piece: 1,
                    colour: Colour::White
                },
                BoardPiece {
                    sq: sq(3, 6),
                    piece: 2,
                    colour: Colour::Black
                },
            ]
        );
        let page = decl.page();
        let scene = d.scene((3, 6), &page).unwrap();
        let want = Diagram::compute(
            &betza::parse("FAmsW").unwrap(),
            sq(3, 6),
            Colour::Black,
            &page.board,
            &SquareSet::EMPTY,
        );
        assert_eq!(scene.diagram, Some(want));
        assert_eq!(scene.notes, ["Color-changing sideway move"]);
        assert!(d.scene((0, 0), &page).is_none());
        assert_eq!(d.marks_shown(&page), [Mark::Slide, Mark::Leap, Mark::Move]);
    }

    #[test]
    fn a_cell_naming_no_row_disables_that_cell_only() {
        let mut decl = spartan_like();
        decl.cells.push(CellDecl::new("sq1x1", "lion", None));
        let c = decl.check();
        assert_eq!(found(&decl), pairs(&[("sq1x1 (b2)", "unknown-piece")]));
        assert_eq!(
            c.findings[0].to_string(),
            "sq1x1 (b2): unknown-piece: data-piece \"lion\" names no row <tr data-piece=\"lion\"> \
             of the piece table (keys are compared exactly, case included), so this cell does nothing"
        );
        assert_eq!(c.declared.cells.len(), 3, "the other pieces work");
    }

    #[test]
    fn a_bad_betza_disables_its_piece_and_names_its_cells() {
        let mut decl = spartan_like();
        decl.rows.push(RowDecl::new("Z", "Zebra", "fXW or Z", ""));
        decl.rows.last_mut().unwrap().place = Place::Row {
            table: None,
            row: 5,
            key: Some("Z".into()),
        };
        decl.cells.push(CellDecl::new("sq1x1", "Z", None));
        decl.cells.push(CellDecl::new("sq2x1", "Z", None));
        let c = decl.check();
        assert_eq!(
            c.findings.iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["table row 5 (Z): bad-betza: Zebra: Moves 'fXW' (alternative 1 of 'fXW or Z') is not \
              Betza notation: unknown atom 'X' at character 2; so its cells do nothing: sq1x1, sq2x1"]
        );
        assert_eq!(c.declared.cells.len(), 3);
        assert!(c.declared.pieces.iter().all(|p| p.key != "Z"));
    }

    #[test]
    fn two_rows_with_one_key_keep_the_first() {
        let mut decl = spartan_like();
        decl.rows
            .push(RowDecl::new("K", "King (Spartan)", "KN", ""));
        decl.rows.last_mut().unwrap().place = Place::Row {
            table: None,
            row: 5,
            key: Some("K".into()),
        };
        let c = decl.check();
        assert_eq!(
            found(&decl),
            pairs(&[("table row 5 (K)", "duplicate-piece")])
        );
        assert_eq!(c.declared.pieces[0].name, "King (Persian)");
        assert_eq!(c.declared.cells.len(), 3);
    }

    #[test]
    fn bad_attributes_and_squares_are_local() {
        let mut decl = spartan_like();
        decl.rows.push(RowDecl::new("a b", "A", "K", ""));
        decl.rows.last_mut().unwrap().place = Place::Row {
            table: None,
            row: 5,
            key: Some("a b".into()),
        };
        decl.cells.push(CellDecl::new("sq1x1", "K", Some("Black")));
        decl.cells.push(CellDecl::new("", "K", None));
        decl.cells.push(CellDecl::new("sq2x2", "", None));
        decl.cells.push(CellDecl::new("sq7x3", "Q", None));
        assert_eq!(
            found(&decl),
            pairs(&[
                ("table row 5 (a b)", "bad-attribute"),
                ("sq1x1 (b2)", "bad-attribute"),
                ("-", "no-square"),
                ("sq2x2 (c3)", "bad-attribute"),
                ("sq7x3 (h4)", "no-square"),
            ])
        );
        assert_eq!(decl.check().declared.cells.len(), 3);
    }

    #[test]
    fn pages_with_no_board_or_no_piece_say_so() {
        let none = Declarations::default();
        assert_eq!(found(&none), pairs(&[("-", "no-board")]));
        assert!(none.check().findings[0]
            .message
            .starts_with("no board found"));
        let mut empty = spartan_like();
        empty.cells.clear();
        assert_eq!(found(&empty), pairs(&[("-", "no-board")]));
        // A legacy page's tables alone: no board finding.
        assert_eq!(none.check_table(), []);
    }

    #[test]
    fn cells_without_class_n_are_no_squares() {
        let mut decl = spartan_like();
        decl.squares
            .iter_mut()
            .find(|s| s.id == "sq7x3")
            .unwrap()
            .on_board = false;
        assert_eq!(found(&decl), pairs(&[("sq7x3 (h4)", "not-on-board")]));
        assert_eq!(decl.check().declared.cells.len(), 2);
        for s in &mut decl.squares {
            s.on_board = false;
        }
        assert_eq!(found(&decl), pairs(&[("-", "not-on-board")]));
    }

    #[test]
    fn undeclared_images_and_wrong_sides() {
        let mut decl = spartan_like();
        decl.squares
            .iter_mut()
            .find(|s| s.id == "sq0x0")
            .unwrap()
            .image = Some("sym/WhiteRook.png".into());
        // A mark image in a legend cell is no piece.
        decl.squares
            .iter_mut()
            .find(|s| s.id == "sq0x1")
            .unwrap()
            .image = Some("sym/yellow.png".into());
        decl.squares
            .iter_mut()
            .find(|s| s.id == "sq7x3")
            .unwrap()
            .image = Some("sym/BlackKing.png".into());
        decl.squares
            .iter_mut()
            .find(|s| s.id == "sq3x6")
            .unwrap()
            .image = Some("sym/WhiteLieutenant.png".into());
        let c = decl.check();
        assert_eq!(
            found(&decl),
            pairs(&[
                ("sq7x3 (h4)", "wrong-side"),
                ("sq3x6 (d7)", "wrong-side"),
                ("sq0x0 (a1)", "undeclared"),
            ])
        );
        assert_eq!(
            c.findings[0].message,
            "its image sym/BlackKing.png is Black's, but the cell is declared White (no \
             data-side=\"black\"): its moves are drawn for White, forward up the board"
        );
        // Still drawn as declared.
        assert_eq!(c.declared.cells.len(), 3);
    }

    #[test]
    fn alternatives_are_compared_on_the_pages_board_and_words() {
        let mut decl = spartan_like();
        decl.rows[1].moves = "Q or QN".into();
        let c = decl.check();
        assert_eq!(
            c.findings[0].to_string(),
            "table row 2 (Q): bad-betza: Queen: the alternatives 'Q' and 'QN' draw different moves \
             from f4 on this page's board: first at e2, nothing against leap; the first is drawn"
        );
        decl.rows[1].moves = "RB ou Q".into();
        assert_eq!(found(&decl), pairs(&[("table row 2 (Q)", "foreign-word")]));
        decl.lang = "fr-CA".into();
        assert_eq!(found(&decl), []);
        decl.lang = "ja".into();
        assert_eq!(found(&decl), [], "a language without words: no opinion");
        assert_eq!(joiners("RB ou Q (comme)"), ["ou"]);
        assert!(joiners("K").is_empty());
    }

    #[test]
    fn initial_moves_are_drawn_only_from_the_start_ranks() {
        let grand = |start: Option<&str>| {
            let mut decl = page_of(
                vec![RowDecl::new("P", "Pawn", "mfWcfFimfW2", "")],
                &[
                    ("sq9x5", "P", None),
                    ("sq1x2", "P", None),
                    ("sq3x7", "P", Some("black")),
                ],
            );
            decl.rows[0].start = start.map(Into::into);
            decl
        };
        let double = |decl: &Declarations, code: (i32, i32), to: Square| {
            let c = decl.check();
            let scene = c.declared.scene(code, &decl.page()).unwrap();
            scene.diagram.unwrap().mark(to).is_some()
        };
        // Grand Chess: Pawns start on their third rank.
        let decl = grand(Some("3"));
        assert_eq!(found(&decl), []);
        assert!(!double(&decl, (9, 5), sq(9, 7)), "j6 shows no double step");
        assert!(double(&decl, (1, 2), sq(1, 4)), "b3 does");
        assert!(
            double(&decl, (3, 7), sq(3, 5)),
            "Black's d8 is its third rank"
        );
        // By default the second rank: no cell stands there.
        let decl = grand(None);
        assert_eq!(
            found(&decl),
            pairs(&[("table row 1 (P)", "initial-unplaced")])
        );
        assert!(!double(&decl, (1, 2), sq(1, 4)));
        assert_eq!(
            decl.check().findings[0].message,
            "Pawn: its initial moves (i) are drawn only from rank 2 of its side (data-start on \
             its row), and no cell of it stands there, so the page never shows them"
        );
        let decl = grand(Some("2, 3"));
        assert_eq!(found(&decl), []);
        let decl = grand(Some("third"));
        assert_eq!(
            found(&decl),
            pairs(&[
                ("table row 1 (P)", "bad-attribute"),
                ("table row 1 (P)", "initial-unplaced")
            ])
        );
        assert_eq!(parse_start("2 3"), Some(0b110));
        assert_eq!(parse_start("17"), None);
        assert_eq!(parse_start(""), None);
    }

    #[test]
    fn page_level_warnings() {
        let mut decl = spartan_like();
        decl.piece_paragraph = false;
        decl.stylesheet = None;
        assert_eq!(
            found(&decl),
            pairs(&[("-", "no-piece-paragraph"), ("-", "missing-file")])
        );
        assert_eq!(decl.image_dir(), "sym/");
    }

    #[test]
    fn a_cannon_is_drawn_among_the_pages_pieces_a_queen_is_not() {
        let decl = page_of(
            vec![
                RowDecl::new("C", "Cannon", "mRcpR", ""),
                RowDecl::new("Q", "Queen", "Q", ""),
            ],
            &[
                ("sq2x5", "C", None),
                ("sq2x2", "Q", None),
                ("sq4x5", "Q", None),
                ("sq7x5", "Q", None),
                ("sq2x3", "Q", None),
            ],
        );
        let c = decl.check();
        assert_eq!(c.findings, []);
        let page = decl.page();
        // The Cannon hops e6 to capture on h6, and its slide stops at d6.
        let cannon = c.declared.scene((2, 5), &page).unwrap().diagram.unwrap();
        assert_eq!(cannon.mark(sq(7, 5)), Some(Mark::Capture));
        assert_eq!(cannon.mark(sq(4, 5)), None);
        assert_eq!(cannon.mark(sq(3, 5)), Some(Mark::Move));
        // The Queen is drawn on the empty board: through c4 up to c10.
        let queen = c.declared.scene((2, 2), &page).unwrap().diagram.unwrap();
        assert_eq!(queen.mark(sq(2, 9)), Some(Mark::Slide));
    }

    #[test]
    fn cells_declare_their_own_moves_demonstrations_and_words() {
        let mut decl = page_of(
            vec![RowDecl::new(
                "P",
                "Pawn",
                "mfWcfF",
                "Promotes on the last rank",
            )],
            &[("sq2x1", "P", None), ("sq5x5", "P", None)],
        );
        decl.cells[0].extras.moves = Some("mfWcfFimfW2".into());
        let mut demo = CellDecl::new("sq1x3", "", None);
        demo.extras.demo = Some("1,3 2,2=BlackPawn 2,3".into());
        demo.extras.words = Some("ep tail".into());
        decl.cells.push(demo);
        decl.texts = vec![
            ("ep".into(), "En passant".into()),
            ("tail".into(), "Caught by its tail".into()),
        ];
        let checked = decl.check();
        assert!(checked.findings.is_empty(), "{:?}", checked.findings);
        let page = decl.page();
        // The cell's own moves, with the row's words; from rank 2 here, but
        // drawn from any rank (the cell says where they are).
        let pawn = checked.declared.scene((2, 1), &page).unwrap();
        assert_eq!(
            (pawn.name, pawn.notes.clone()),
            ("Pawn", vec!["Promotes on the last rank"])
        );
        assert_eq!(pawn.diagram.unwrap().mark(sq(2, 3)), Some(Mark::Move));
        // The row's other cell keeps the row's moves.
        let other = checked.declared.scene((5, 5), &page).unwrap();
        assert_eq!(other.diagram.unwrap().mark(sq(5, 7)), None);
        // A demonstration with no row: its cells, its words.
        let ep = checked.declared.scene((1, 3), &page).unwrap();
        assert_eq!(
            (ep.name, ep.notes.clone()),
            ("En passant", vec!["Caught by its tail"])
        );
        assert_eq!(
            ep.cells,
            vec![
                (sq(1, 3), Content::Empty),
                (sq(2, 2), Content::Piece("BlackPawn")),
                (sq(2, 3), Content::Empty)
            ]
        );
        assert!(ep.diagram.is_none());
        assert_eq!(
            ep.sentence(&page),
            "En passant. Empty: b4. Black Pawn on c3. Empty: c4. Caught by its tail."
        );
    }

    #[test]
    fn wrong_cell_declarations_are_findings_of_that_cell_alone() {
        let mut decl = page_of(
            vec![RowDecl::new("P", "Pawn", "mfWcfF", "")],
            &[("sq2x1", "P", None), ("sq3x1", "P", None)],
        );
        let mut bad = |id: &str, f: &dyn Fn(&mut CellExtras)| {
            let mut c = CellDecl::new(id, "", None);
            f(&mut c.extras);
            decl.cells.push(c);
        };
        bad("sq4x4", &|e| e.demo = Some("1,3 2,x=BlackPawn".into()));
        bad("sq5x4", &|e| {
            e.moves = Some("K".into());
            e.words = Some("nowhere".into());
        });
        bad("sq6x4", &|e| e.moves = Some("fXW".into()));
        bad("sq7x4", &|e| e.words = Some("k".into()));
        let checked = decl.check();
        let found: Vec<(String, Kind)> = checked
            .findings
            .iter()
            .map(|f| (f.to_string(), f.kind))
            .collect();
        assert_eq!(found.len(), 4, "{found:?}");
        assert_eq!(found[0].1, Kind::BadAttribute);
        assert!(
            found[0]
                .0
                .contains("data-demo \"2,x=BlackPawn\" is no cell change"),
            "{found:?}"
        );
        assert_eq!(found[1].1, Kind::BadAttribute);
        assert!(
            found[1]
                .0
                .contains("no element of the page has data-text=\"nowhere\""),
            "{found:?}"
        );
        assert_eq!(found[2].1, Kind::BadBetza);
        assert!(
            found[2]
                .0
                .contains("data-moves 'fXW' is not Betza notation"),
            "{found:?}"
        );
        // Words alone show nothing: the cell needs a row.
        assert_eq!(found[3].1, Kind::BadAttribute);
        // The two good cells still work.
        assert_eq!(checked.declared.cells.len(), 2);
    }
}
