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
use crate::engine::betza::{Piece, push_number};
use crate::engine::diagram::Mark;
use crate::engine::geometry::{Colour, Square};
use crate::page::extras::CellExtras;
use crate::page::finding::{Finding, Place};

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
    /// Its `data-spares`, if any: the keys of the rows whose pieces it
    /// neither hops over nor captures.
    pub spares: Option<String>,
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
            spares: None,
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
    /// Its text, whitespace collapsed, when it holds no image and a short
    /// text (at most four characters): a piece drawn as a letter (`R`,
    /// `r`, `♜`).
    pub letter: Option<String>,
    /// It has `data-still`: a piece stands there that blocks and screens
    /// but shows nothing when pressed.
    pub still: bool,
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
            letter: None,
            still: false,
        }
    }

    /// The image it holds is a piece's (not a mark's).
    pub fn holds_image(&self) -> bool {
        self.image
            .as_deref()
            .is_some_and(|src| !MARK_IMAGES.contains(&image_name(src)))
    }

    /// It shows a piece: a piece's image or a letter.
    pub fn shows_piece(&self) -> bool {
        self.holds_image() || self.letter.is_some()
    }

    /// The side its image's name (`WhiteRook`, `BlackRook`) or, with no
    /// image, its letter ([`SquareCell::letter_side`]) says, if any.
    pub fn shown_side(&self, cases_differ: bool) -> Option<Colour> {
        match &self.image {
            Some(src) => {
                let name = image_name(src);
                if name.starts_with("White") {
                    Some(Colour::White)
                } else if name.starts_with("Black") {
                    Some(Colour::Black)
                } else {
                    None
                }
            }
            None => self.letter_side(cases_differ),
        }
    }

    /// The side its letter says, where the letter says one: a chess
    /// symbol (`♖` White, `♜` Black), or a letter's case (upper White,
    /// lower Black) on a board whose letters are of both cases.
    pub fn letter_side(&self, cases_differ: bool) -> Option<Colour> {
        let c = self
            .letter
            .as_deref()?
            .chars()
            .find(|c| !matches!(c, '+' | '-'))?;
        match c {
            '\u{2654}'..='\u{2659}' => Some(Colour::White),
            '\u{265A}'..='\u{265F}' => Some(Colour::Black),
            c if cases_differ && c.is_ascii_uppercase() => Some(Colour::White),
            c if cases_differ && c.is_ascii_lowercase() => Some(Colour::Black),
            _ => None,
        }
    }
}

/// The text of a board cell as a piece's letter: short (at most four
/// characters once whitespace is collapsed) and not empty.
///
/// ```
/// use glance::page::declared::letter_of;
/// assert_eq!(letter_of(" R\n").as_deref(), Some("R"));
/// assert_eq!(letter_of("\u{a0}"), None);
/// assert_eq!(letter_of("a long caption"), None);
/// ```
pub fn letter_of(text: &str) -> Option<String> {
    let text = collapse(text);
    // Characters counted by their first bytes (`chars().count()` brings
    // core's wide counting loop into the generic drop-in).
    let chars = text.bytes().filter(|b| b & 0xC0 != 0x80).count();
    (!text.is_empty() && chars <= 4).then_some(text)
}

/// The images of the marks, which are no pieces (`promote`: a move there
/// promotes, shown by a promotion demonstration's `data-demo`; `gate`: a
/// piece in hand may enter there, a gating demonstration's, over the
/// piece whose first move opens the gate).
pub const MARK_IMAGES: [&str; 8] = [
    "yellow", "orange", "green", "red", "cyan", "open", "promote", "gate",
];

/// The base name of an image's file: `sym/WhiteQueen.png` → `WhiteQueen`.
pub fn image_name(src: &str) -> &str {
    crate::engine::cut::before(file_name(src), b".")
}

/// What follows the last `/` of `src` (all of it if none).
fn file_name(src: &str) -> &str {
    crate::board::clicks::after_last(src, b'/')
}

/// The length of `src` up to and including its last `/` (0 if none).
fn dir_len(src: &str) -> usize {
    src.len() - file_name(src).len()
}

/// A line of a page's "Initial setup" section (`<h3>Initial setup</h3>`
/// and what follows it up to the next `<h3>`): a heading (`<h4>White
/// (Persians)</h4>`) or a line of text (`a2-h2: Pawns`), whitespace
/// collapsed. [`crate::page::setup`] reads the squares they give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupLine {
    pub heading: bool,
    pub text: String,
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
    /// The lines of its "Initial setup" section, if it has one.
    pub setup: Vec<SetupLine>,
}

/// A row of the piece table, validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeclaredPiece {
    /// Its name, its remarks (may be empty), and more remark lines: a
    /// row's Piece and Remarks cells' words, whitespace collapsed, or the
    /// lines of a cell's `data-words` (any of them may be missing).
    pub words: Vec<String>,
    /// The moves drawn: the Moves cell's first alternative (or the
    /// cell's `data-moves`), parsed.
    pub piece: Piece,
    /// The ranks, counted from its own side from 1, where its initial
    /// moves are drawn (bit r-1 for rank r).
    pub starts: u16,
    /// A demonstration (`data-demo`): the cells shown with an image
    /// (`"BlackKing"`) or emptied (`""`) instead of a diagram; empty for a
    /// piece.
    pub demo: Vec<(Square, &'static str)>,
    /// The pieces (indices in [`Declared::pieces`]) it neither hops over
    /// nor captures (its row's `data-spares`): they stop it as the
    /// board's edge does.
    pub spares: Vec<usize>,
}

impl DeclaredPiece {
    /// Its name (empty if it has none).
    pub fn name(&self) -> &str {
        self.words.first().map_or("", String::as_str)
    }
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
    // One loop over the characters (no Vec of words): a run of
    // whitespace becomes one space when a word follows it.
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.chars() {
        if c.is_whitespace() {
            space = !out.is_empty();
        } else {
            if space {
                out.push(' ');
                space = false;
            }
            out.push(c);
        }
    }
    out
}

/// The words of `text` between whitespace (`char::is_whitespace`), as
/// `split_whitespace` gives them, by one loop: the generic drop-in's code.
fn words_of(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        if !c.is_whitespace() {
            start = start.or(Some(i));
        } else if let Some(s) = start.take() {
            out.extend(text.get(s..i));
        }
    }
    if let Some(s) = start {
        out.extend(text.get(s..));
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
    moves_words(moves, 0)
}

/// The words of a Moves cell up to a remark, at places `from`, `from + 2`…
/// when there is an odd number of them (the Betza strings from 0, the
/// joining words from 1); else the first word only (from 0) or none.
/// One function for both, without `step_by`: the generic drop-in's code.
pub(crate) fn moves_words(moves: &str, from: usize) -> Vec<&str> {
    let mut words = words_of(moves);
    if let Some(remark) = words.iter().position(|w| w.starts_with('(')) {
        words.truncate(remark);
    }
    if words.len() % 2 == 0 {
        words.truncate(usize::from(from == 0));
        return words;
    }
    let mut out = Vec::new();
    let mut i = from;
    while let Some(w) = words.get(i) {
        out.push(*w);
        i += 2;
    }
    out
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
    for word in crate::engine::cut::pieces(text, b" ,").filter(|w| !w.is_empty()) {
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
pub(crate) const DEFAULT_START: u16 = 1 << 1;

impl Declarations {
    /// The page's board as drawn: its squares (`class="n"`), which of
    /// them hold a piece (a declared cell, a still piece (`data-still`),
    /// or a cell showing a piece's image or letter: screens and blockers
    /// are these, whatever the cells show), and which side each piece is
    /// on: a declared cell's `data-side`, else what its image's name
    /// (`Black…`) or letter says. A piece captures only the other side's;
    /// one whose side nothing says is captured by neither.
    pub fn page(&self) -> Page {
        let mut page = Page::default();
        let cases_differ = self.letter_cases_differ();
        // 0: no side known, 1: White, 2: Black, by square.
        let mut sides = [0u8; 256];
        for s in self.squares.iter().filter(|s| s.on_board) {
            // A still cell that shows no piece is a wall: no square of
            // the board for the pieces' moves (Troitzky chess's corners).
            if s.still && !s.shows_piece() {
                continue;
            }
            page.board.insert(s.sq);
            if s.shows_piece() || s.still {
                page.occupied.insert(s.sq);
                sides[s.sq.index()] = match s.shown_side(cases_differ) {
                    Some(Colour::White) => 1,
                    Some(Colour::Black) => 2,
                    None => 0,
                };
            }
        }
        for c in &self.cells {
            if let Some(sq) = c.sq.filter(|&sq| page.board.contains(sq)) {
                // A demonstration alone (castling, en passant) is no piece.
                if !c.key.is_empty() || c.extras.moves.is_some() {
                    page.occupied.insert(sq);
                    sides[sq.index()] = 1 + u8::from(c.side.as_deref() == Some("black"));
                }
            }
        }
        for sq in page.occupied.iter() {
            let side = sides[sq.index()];
            if side != 2 {
                page.white_spares.insert(sq);
            }
            if side != 1 {
                page.black_spares.insert(sq);
            }
        }
        page
    }

    /// Whether the board's letters are of both cases (so a letter's case
    /// says its side, as in FEN).
    pub fn letter_cases_differ(&self) -> bool {
        // One plain loop over the letters' bytes: the generic drop-in's code.
        let (mut upper, mut lower) = (false, false);
        for s in &self.squares {
            for b in s.letter.as_deref().unwrap_or_default().bytes() {
                upper |= b.is_ascii_uppercase();
                lower |= b.is_ascii_lowercase();
            }
        }
        upper && lower
    }

    /// The folder the page's images are in (`sym/`, or `""`): the mark
    /// images are taken from there too. The folder of the last image in a
    /// cell `sq{x}x{y}` that names one; `sym/` if none does.
    pub fn image_dir(&self) -> &str {
        // A loop, not find_map: the generic drop-in's code.
        for s in self.squares.iter().rev() {
            let dir = s.image.as_deref().and_then(|src| src.get(..dir_len(src)));
            if let Some(dir) = dir.filter(|d| !d.is_empty()) {
                return dir;
            }
        }
        "sym/"
    }
}

/// The rank of `sq` counted from `colour`'s own side, from 1, on a board
/// of `ranks` ranks.
pub(crate) fn own_rank(sq: Square, colour: Colour, ranks: u8) -> u8 {
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
/// use glance::page::declared::at_start;
/// use glance::{Colour, Square};
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
            // A scene's cells are its diagram's marks (a demonstration's
            // are images and emptied cells): no second walk of the diagram.
            let cells = self.scene(code, page).map(|s| s.cells).unwrap_or_default();
            for (_, shown_there) in cells {
                if let Content::Mark(m) = shown_there {
                    // `Mark::ALL` lists the marks in their order.
                    if let Some(seen) = shown.get_mut(m as usize) {
                        *seen = true;
                    }
                }
            }
        }
        let mut out = Vec::new();
        for (i, m) in Mark::ALL.into_iter().enumerate() {
            if shown.get(i) == Some(&true) {
                out.push(m);
            }
        }
        out
    }

    /// What pressing the piece on the square of `code` shows on `page`:
    /// its diagram (on the empty board, or among the page's pieces for a
    /// piece that needs a screen: [`Scene::of_piece`]; its initial moves
    /// only from its start ranks), its row's name and remarks.
    pub fn scene(&self, code: (i32, i32), page: &Page) -> Option<Scene<'_>> {
        let (cell, piece) = self.at(code)?;
        // The name, then the remarks if any, then every line after them.
        let (mut name, mut notes) = ("", Vec::new());
        for (i, w) in piece.words.iter().enumerate() {
            match i {
                0 => name = w,
                1 if w.is_empty() => {}
                _ => notes.push(w.as_str()),
            }
        }
        if !piece.demo.is_empty() {
            let mut cells = Vec::with_capacity(piece.demo.len());
            for &(sq, image) in &piece.demo {
                let shown = if image.is_empty() {
                    Content::Empty
                } else {
                    Content::Piece(image)
                };
                cells.push((sq, shown));
            }
            return Some(Scene {
                name,
                notes,
                cells,
                diagram: None,
                never_moves: false,
            });
        }
        let later;
        let drawn = if at_start(piece.starts, cell.sq, cell.colour, self.ranks) {
            &piece.piece
        } else {
            later = piece.piece.without_initial();
            &later
        };
        // The pieces it spares are no squares of its board: it stops
        // before them, as at the edge (Janggi's Cannon and the Cannons).
        let mut board = *page;
        for c in &self.cells {
            if c.sq != cell.sq && piece.spares.contains(&c.piece) {
                board.board.remove(c.sq);
                board.occupied.remove(c.sq);
            }
        }
        Some(Scene::of_piece(
            name,
            notes,
            drawn,
            cell.sq,
            cell.colour,
            &board,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_are_listed_in_their_order() {
        // `marks_shown` indexes its flags by `Mark as usize`.
        for (i, m) in Mark::ALL.into_iter().enumerate() {
            assert_eq!(m as usize, i, "{m:?}");
        }
    }

    #[test]
    fn a_pieces_notes_are_its_remarks_if_any_then_every_later_line() {
        let sq = Square::new(0, 0).unwrap();
        let shown = |words: &[&str]| {
            let declared = Declared {
                pieces: alloc::vec![DeclaredPiece {
                    words: words.iter().map(|w| String::from(*w)).collect(),
                    piece: Piece::default(),
                    starts: DEFAULT_START,
                    demo: alloc::vec![(sq, "")],
                    spares: Vec::new(),
                }],
                cells: alloc::vec![BoardPiece {
                    sq,
                    piece: 0,
                    colour: Colour::White,
                }],
                ranks: 8,
            };
            let scene = declared.scene((0, 0), &Page::default()).unwrap();
            let notes: Vec<String> = scene.notes.iter().map(|n| String::from(*n)).collect();
            (String::from(scene.name), notes)
        };
        let text = |name: &str, notes: &[&str]| {
            let notes: Vec<String> = notes.iter().map(|n| String::from(*n)).collect();
            (String::from(name), notes)
        };
        assert_eq!(shown(&[]), text("", &[]));
        assert_eq!(shown(&["King"]), text("King", &[]));
        assert_eq!(shown(&["King", ""]), text("King", &[]));
        assert_eq!(shown(&["King", "Royal"]), text("King", &["Royal"]));
        assert_eq!(
            shown(&["King", "", "Castles", ""]),
            text("King", &["Castles", ""])
        );
        assert_eq!(shown(&["", "Royal", "x"]), text("", &["Royal", "x"]));
    }

    #[test]
    fn start_ranks_are_one_or_two_digits_from_1_to_16() {
        assert_eq!(parse_start("2"), Some(0b10));
        assert_eq!(parse_start(" 2 3 "), Some(0b110));
        assert_eq!(parse_start("2,3"), Some(0b110));
        assert_eq!(parse_start("1, ,16"), Some(0b1000_0000_0000_0001));
        assert_eq!(parse_start("02"), Some(0b10));
        for bad in ["", " , ", "0", "17", "123", "2a", "-2", "2\t3", "2;3"] {
            assert_eq!(parse_start(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn words_are_split_as_split_whitespace_splits_them() {
        for text in [
            "",
            "  ",
            "a",
            " RB  or\n Q ",
            "King\u{a0}(Persian)",
            "x\u{3000}y\t",
            "é ü",
        ] {
            let std: Vec<&str> = text.split_whitespace().collect();
            assert_eq!(words_of(text), std, "{text:?}");
            assert_eq!(collapse(text), std.join(" "), "{text:?}");
        }
    }
}
