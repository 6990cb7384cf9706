//! From a click to a scene: what every cell of the board shows while the
//! button is held, and the words under the board.
//!
//! Pure data in, pure data out: the board and its pieces come in as
//! [`SquareSet`]s (cell `sq{x}x{y}` is the square of file `x`, rank `y`),
//! the scene goes out as a list of cells with their [`Content`]. Painting
//! it is the web layer's job.
//!
//! ```
//! use glance::board::clicks::{lookup, Script};
//! use glance::board::scene::{Content, Page, Scene};
//! use glance::{Mark, Square, SquareSet};
//! let page = Page { board: SquareSet::rectangle(10, 10).unwrap(), ..Page::default() };
//! let knight = lookup(Script::Spartan, 4, 3).unwrap();
//! let scene = Scene::new(knight, &page).unwrap();
//! assert_eq!(scene.cells.len(), 8);
//! assert!(scene.cells.contains(&(Square::new(6, 4).unwrap(), Content::Mark(Mark::Leap))));
//! assert_eq!(scene.sentence(&page), "Knight. Leaps to c3, c5, d2, d6, f2, f6, g3, g5.");
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::board::clicks::{Entry, Shows};
use crate::board::words::{ENGLISH, Words};
use crate::engine::betza::{self, ParseError, Piece};
use crate::engine::diagram::{Diagram, Mark};
use crate::engine::geometry::{Colour, Square, SquareSet};

/// What the page around a board holds: its playable squares (cells of
/// class `n`), those of them with a piece at rest, and which of those a
/// piece of each side does not capture.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Page {
    pub board: SquareSet,
    pub occupied: SquareSet,
    /// Of `occupied`, the pieces a White piece never captures: White's own,
    /// and those whose side the page does not say. Empty on a legacy board,
    /// which says no sides: there every piece is an enemy.
    pub white_spares: SquareSet,
    /// The same for a Black piece: Black's own and those of no stated side.
    pub black_spares: SquareSet,
}

impl Page {
    /// The pieces of `occupied` that a piece of `colour` does not capture.
    pub fn spares(&self, colour: Colour) -> &SquareSet {
        match colour {
            Colour::White => &self.white_spares,
            Colour::Black => &self.black_spares,
        }
    }
}

/// What one cell shows during a press.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Content {
    /// A move mark (`sym/yellow.png`…).
    Mark(Mark),
    /// A piece image (`sym/BlackKing.png` for `"BlackKing"`).
    Piece(&'static str),
    /// Nothing: a piece lifted away.
    Empty,
}

impl Content {
    /// The image's base name, or `None` for an emptied cell.
    pub fn image(self) -> Option<&'static str> {
        match self {
            Content::Mark(m) => Some(m.image()),
            Content::Piece(p) => Some(p),
            Content::Empty => None,
        }
    }
}

/// Why a click could not be turned into a scene.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SceneError {
    /// A table entry's Betza string does not parse (a bug in the table).
    Betza(&'static str, ParseError),
    /// A table entry names a cell beyond the 16×16 grid.
    OffGrid(u8, u8),
    /// A drop-in build has no parsed piece for this Betza string (a bug in
    /// the build: `build.rs` parses every string of the kept tables).
    NotParsed(&'static str),
}

impl fmt::Display for SceneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SceneError::Betza(s, e) => write!(f, "Betza string '{s}': {e}"),
            SceneError::OffGrid(x, y) => write!(f, "cell sq{x}x{y} is beyond a 16x16 board"),
            SceneError::NotParsed(s) => {
                write!(f, "Betza string '{s}' was not parsed at build time")
            }
        }
    }
}

impl core::error::Error for SceneError {}

/// The piece of a table entry's Betza string. The drop-in scripts carry
/// their tables' pieces parsed at build time ([`crate::board::parsed`]) and no
/// parser; every other build parses the string.
fn piece_of(betza: &'static str) -> Result<Piece, SceneError> {
    if cfg!(feature = "dropin") {
        crate::board::parsed::piece(betza).ok_or(SceneError::NotParsed(betza))
    } else {
        betza::parse(betza).map_err(|e| SceneError::Betza(betza, e))
    }
}

/// What the board shows while a piece (a click code, or a piece the page
/// declares) is held. `'a` is the life of the words it shows: `'static`
/// for the click tables, the page's declarations' otherwise.
#[derive(Clone, Debug)]
pub struct Scene<'a> {
    /// The name `#piece` shows first (`"Gating:"`, `"Lieutenant"`).
    pub name: &'a str,
    /// The remark lines after it.
    pub notes: Vec<&'a str>,
    /// The cells that change, each once, with what they show.
    pub cells: Vec<(Square, Content)>,
    /// The piece's diagram, for pieces (not for demos).
    pub diagram: Option<Diagram>,
    /// The piece has no moves at all (Fairy-Stockfish's `immobile`, an
    /// empty Moves cell): no marks, and the sentence says it never moves.
    pub never_moves: bool,
}

impl<'a> Scene<'a> {
    /// The scene of a piece (a click table's or one the page declares):
    /// `piece`, of `colour`, on square `at` of the `page` board, named
    /// `name`, with remark lines `notes`. Marks fall only on the board. The
    /// board is taken as empty, except for a piece that
    /// [needs a screen](Piece::needs_screen) (the Cannon), which is drawn
    /// among the page's pieces: any of them screens it, and it captures
    /// only those [`Page::spares`] does not keep for its side (on a legacy
    /// board, which says no sides, every one).
    pub fn of_piece(
        name: &'a str,
        notes: Vec<&'a str>,
        piece: &Piece,
        at: Square,
        colour: Colour,
        page: &Page,
    ) -> Scene<'a> {
        let mut occupied = if piece.needs_screen() {
            page.occupied
        } else {
            SquareSet::EMPTY
        };
        occupied.remove(at);
        let diagram = Diagram::among(
            piece,
            at,
            colour,
            &page.board,
            &occupied,
            page.spares(colour),
        );
        // The marked squares in index order, as Diagram::marks gives them
        // (a plain loop: no adaptor chain to copy into the drop-ins).
        let mut cells = Vec::new();
        for i in 0..=u8::MAX {
            let sq = Square::from_index(i);
            if let Some(m) = diagram.mark(sq) {
                cells.push((sq, Content::Mark(m)));
            }
        }
        Scene {
            name,
            notes,
            cells,
            diagram: Some(diagram),
            never_moves: piece.moves().is_empty(),
        }
    }

    /// The name as a subject, without the colon some names end with
    /// (`"Gating:"` → `"Gating"`).
    pub fn subject(&self) -> &'a str {
        self.name.strip_suffix(':').unwrap_or(self.name)
    }

    /// The scene of `entry` on `page`. Marks fall only on the board.
    pub fn new(entry: &'a Entry, page: &Page) -> Result<Scene<'a>, SceneError> {
        match entry.shows {
            Shows::Piece { betza, colour, on } => {
                let piece = piece_of(betza)?;
                let at = Square::new(on.0, on.1).ok_or(SceneError::OffGrid(on.0, on.1))?;
                Ok(Scene::of_piece(
                    entry.name,
                    entry.notes.to_vec(),
                    &piece,
                    at,
                    colour,
                    page,
                ))
            }
            Shows::Demo(list) => {
                let mut cells = Vec::with_capacity(list.len());
                for &(x, y, image) in list {
                    let sq = Square::new(x, y).ok_or(SceneError::OffGrid(x, y))?;
                    let content = if image.is_empty() {
                        Content::Empty
                    } else {
                        Content::Piece(image)
                    };
                    cells.push((sq, content));
                }
                Ok(Scene {
                    name: entry.name,
                    notes: entry.notes.to_vec(),
                    cells,
                    diagram: None,
                    never_moves: false,
                })
            }
        }
    }

    /// [`Scene::sentence_in`] English.
    pub fn sentence(&self, page: &Page) -> String {
        self.sentence_in(page, &ENGLISH)
    }

    /// One sentence for screen readers, its fixed words in `words`: the
    /// name, then the reachable squares by kind, in algebraic notation
    /// counted from the board's bottom-left square (or, for a piece with
    /// no moves, that it never moves), then the remarks.
    pub fn sentence_in(&self, page: &Page, words: &Words) -> String {
        let mut out = String::from(self.subject());
        out.push('.');
        let (file0, _) = page.board.file_span().unwrap_or((0, 0));
        // The first square in index order is on the lowest rank.
        let rank0 = page.board.iter().next().map_or(0, |s| s.rank());
        let push_name = |out: &mut String, sq: Square| {
            if let Some(s) = Square::new(
                sq.file().saturating_sub(file0),
                sq.rank().saturating_sub(rank0),
            ) {
                s.push_name(out);
            }
        };
        if let Some(d) = &self.diagram {
            for mark in Mark::ALL {
                let verb = words.verb(mark);
                let mut first = true;
                for sq in page.board.iter_by_file() {
                    if d.mark(sq) != Some(mark) {
                        continue;
                    }
                    if first {
                        out.push(' ');
                        out.push_str(verb);
                        out.push(' ');
                    } else {
                        out.push_str(", ");
                    }
                    first = false;
                    push_name(&mut out, sq);
                }
                if !first {
                    out.push('.');
                }
            }
            if self.never_moves {
                out.push(' ');
                out.push_str(words.never);
                out.push('.');
            }
        } else {
            for &(sq, content) in &self.cells {
                out.push(' ');
                match content.image() {
                    Some(img) => {
                        out.push_str(&spaced(img));
                        out.push(' ');
                        out.push_str(words.on);
                    }
                    None => out.push_str(words.empty),
                }
                out.push(' ');
                push_name(&mut out, sq);
                out.push('.');
            }
        }
        for note in &self.notes {
            out.push(' ');
            out.push_str(note);
            if !note.ends_with('.') {
                out.push('.');
            }
        }
        out
    }
}

/// `"BlackKing"` → `"Black King"`: a space before each ASCII capital but
/// the first character.
///
/// ```
/// use glance::board::scene::spaced;
/// assert_eq!(spaced("BlackKing"), "Black King");
/// assert_eq!(spaced("ÉlanVitalÉ"), "Élan VitalÉ");
/// assert_eq!(spaced(""), "");
/// ```
pub fn spaced(camel: &str) -> String {
    let mut out = String::with_capacity(camel.len() + 2);
    for (i, c) in camel.char_indices() {
        if i > 0 && c.is_ascii_uppercase() {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::clicks::{Script, lookup};

    fn page_10x10() -> Page {
        Page {
            board: SquareSet::rectangle(10, 10).unwrap(),
            ..Page::default()
        }
    }

    #[test]
    fn every_entry_makes_a_scene() {
        let page = page_10x10();
        for script in Script::ALL {
            for e in script.entries() {
                let scene = Scene::new(e, &page).unwrap();
                assert!(!scene.cells.is_empty(), "{}", e.name);
                assert!(scene.sentence(&page).starts_with(e.subject()));
            }
        }
    }

    #[test]
    fn cells_are_the_diagrams_marks_in_index_order() {
        let page = page_10x10();
        for script in Script::ALL {
            for e in script.entries() {
                let scene = Scene::new(e, &page).unwrap();
                if let Some(d) = &scene.diagram {
                    let marks: Vec<(Square, Content)> =
                        d.marks().map(|(sq, m)| (sq, Content::Mark(m))).collect();
                    assert_eq!(scene.cells, marks, "{}", e.name);
                }
            }
        }
    }

    #[test]
    fn lieutenant_sentence_lists_its_squares() {
        let mut board = SquareSet::EMPTY;
        for f in 1..=8 {
            for r in 0..10 {
                board.insert(Square::new(f, r).unwrap());
            }
        }
        let page = Page {
            board,
            ..Page::default()
        };
        let e = lookup(Script::Spartan, 3, 6).unwrap();
        let s = Scene::new(e, &page).unwrap().sentence(&page);
        assert_eq!(
            s,
            "Lieutenant. Slides or steps to b6, b8, d6, d8. Leaps to a5, a9, e5, e9. \
             Moves without capturing to b7, d7. Jumps directly to orange squares. Sideway step non-capture only."
        );
    }

    #[test]
    fn a_hopper_captures_only_the_other_sides_pieces_and_hops_over_any() {
        let sq = |s: &str| Square::parse(s).unwrap();
        let set = |list: &[&str]| list.iter().map(|s| sq(s)).collect::<SquareSet>();
        // White pieces on a1, a3, c1, d1 and a6; Black on a5, f1 and f3; h1 says
        // no side.
        let page = Page {
            board: SquareSet::rectangle(8, 8).unwrap(),
            occupied: set(&["a1", "a3", "c1", "d1", "a5", "a6", "f1", "h1", "f3"]),
            white_spares: set(&["a1", "a3", "c1", "d1", "a6", "h1"]),
            black_spares: set(&["a5", "f1", "f3", "h1"]),
        };
        // The pages' Cannon: slides without capturing, captures by hopping.
        let cannon = betza::parse("pR").unwrap();
        let marks = |at: &str, colour: Colour, page: &Page| {
            let s = Scene::of_piece("Cannon", Vec::new(), &cannon, sq(at), colour, page);
            let mut out: Vec<(String, Mark)> = Vec::new();
            for (square, content) in s.cells {
                if let Content::Mark(m) = content {
                    out.push((square.to_string(), m));
                }
            }
            out
        };
        let want = |list: &[(&str, Mark)]| {
            list.iter()
                .map(|&(s, m)| (String::from(s), m))
                .collect::<Vec<_>>()
        };
        // White on a1: over a3 it takes Black's a5; over c1 it would take
        // d1, its own: nothing there.
        assert_eq!(
            marks("a1", Colour::White, &page),
            want(&[
                ("b1", Mark::Move),
                ("a2", Mark::Move),
                ("a5", Mark::Capture)
            ])
        );
        // Black on f1: over d1 it takes White's c1; over h1 (no side) and
        // over its own f3 there is nothing to take.
        assert_eq!(
            marks("f1", Colour::Black, &page),
            want(&[
                ("c1", Mark::Capture),
                ("e1", Mark::Move),
                ("g1", Mark::Move),
                ("f2", Mark::Move)
            ])
        );
        // White on e1: over d1 it spares its own c1, over f1 the h1 of no
        // side: it only moves, up the e-file.
        assert_eq!(
            marks("e1", Colour::White, &page),
            want(&[
                ("e2", Mark::Move),
                ("e3", Mark::Move),
                ("e4", Mark::Move),
                ("e5", Mark::Move),
                ("e6", Mark::Move),
                ("e7", Mark::Move),
                ("e8", Mark::Move)
            ])
        );
        // A legacy board says no sides: every piece is an enemy.
        let legacy = Page {
            white_spares: SquareSet::EMPTY,
            black_spares: SquareSet::EMPTY,
            ..page
        };
        assert_eq!(
            marks("a1", Colour::White, &legacy),
            want(&[
                ("b1", Mark::Move),
                ("d1", Mark::Capture),
                ("a2", Mark::Move),
                ("a5", Mark::Capture)
            ])
        );
    }

    #[test]
    fn a_piece_without_moves_shows_no_mark_and_says_it_never_moves() {
        let page = page_10x10();
        let wall = betza::parse("-").unwrap();
        let at = Square::parse("e5").unwrap();
        let s = Scene::of_piece("Wall", Vec::new(), &wall, at, Colour::Black, &page);
        assert!(s.cells.is_empty());
        assert_eq!(s.sentence(&page), "Wall. Never moves.");
        let german = s.sentence_in(&page, &crate::board::words::GERMAN);
        assert_eq!(german, "Wall. Zieht nie.");
        // A grasshopper with nothing to hop over has no marks, but moves.
        let hopper = betza::parse("gQ").unwrap();
        let s = Scene::of_piece("Grasshopper", Vec::new(), &hopper, at, Colour::White, &page);
        assert!(s.cells.is_empty());
        assert_eq!(s.sentence(&page), "Grasshopper.");
    }

    #[test]
    fn demos_list_their_cells() {
        let page = page_10x10();
        let e = lookup(Script::Spartan, 1, 3).unwrap();
        let s = Scene::new(e, &page).unwrap();
        assert_eq!(s.cells.len(), 3);
        assert!(s.sentence(&page).contains("Black Pawn on c3."));
    }
}
