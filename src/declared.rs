//! The pieces a page declares for its board, without click codes: what
//! `dist/glance.js` reads from any page (pure Rust, no web types: the web
//! layer reads the page into [`Declarations`], plain data).
//!
//! The convention (which `glance lint` checks too):
//! * the piece table is the `<table>` whose header row reads `Piece | ID |
//!   value | Moves (Betza notation) | Remarks`; each row a board cell refers
//!   to carries `data-piece="KEY"` on its `<tr>` (KEY: letters, digits,
//!   hyphens). Attributes survive translation, texts do not: rows are found
//!   by their keys, not their words;
//! * each board cell holding a piece carries `data-piece="KEY"`, and
//!   `data-side="black"` for a black piece (white by default).
//!
//! [`Declarations::validate`] turns them into [`Declared`] pieces, or says
//! everything that is wrong, each as a typed [`DeclError`]. The name and
//! remarks shown are the table's own words, whitespace collapsed; a Moves
//! cell with alternatives joined by a word of any language (`RB or Q`,
//! `RB ou Q`, see [`alternatives`]) is drawn from the first; an empty
//! Moves cell or `-` is a piece with no moves of its own.
//!
//! ```
//! use glance::declared::{CellDecl, Declarations, RowDecl};
//! use glance::scene::Page;
//! use glance::{Colour, Square, SquareSet};
//! let decl = Declarations {
//!     rows: vec![RowDecl::new("Q", " Queen\n", "RB or Q", "")],
//!     cells: vec![CellDecl::new("sq3x0", Some(Square::new(3, 0).unwrap()), "Q", None)],
//! };
//! let declared = decl.validate().unwrap();
//! let page = Page { board: SquareSet::rectangle(8, 8).unwrap(), occupied: SquareSet::EMPTY };
//! let scene = declared.scene((3, 0), &page).unwrap();
//! assert_eq!(scene.name, "Queen");
//! assert_eq!(scene.cells.len(), 21);
//! assert_eq!(declared.cells[0].colour, Colour::White);
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::betza::{self, ParseError, Piece};
use crate::geometry::{Colour, Square};
use crate::scene::{Page, Scene};

/// A row of the piece table with a `data-piece`, as the page has it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RowDecl {
    /// Its `data-piece`.
    pub key: String,
    /// The text of its Piece cell.
    pub name: String,
    /// The text of its Moves (Betza notation) cell.
    pub moves: String,
    /// The text of its Remarks cell.
    pub remarks: String,
}

impl RowDecl {
    pub fn new(key: &str, name: &str, moves: &str, remarks: &str) -> RowDecl {
        RowDecl {
            key: key.into(),
            name: name.into(),
            moves: moves.into(),
            remarks: remarks.into(),
        }
    }
}

/// A board cell with a `data-piece`, as the page has it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CellDecl {
    /// Where it is, for messages: its id, or `-`.
    pub label: String,
    /// Its square, from its id `sq{x}x{y}` (`None`: it has no such id).
    pub sq: Option<Square>,
    /// Its `data-piece`.
    pub key: String,
    /// Its `data-side`, if any.
    pub side: Option<String>,
}

impl CellDecl {
    pub fn new(label: &str, sq: Option<Square>, key: &str, side: Option<&str>) -> CellDecl {
        CellDecl {
            label: label.into(),
            sq,
            key: key.into(),
            side: side.map(Into::into),
        }
    }
}

/// What a page declares: its keyed table rows and its keyed board cells.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Declarations {
    pub rows: Vec<RowDecl>,
    pub cells: Vec<CellDecl>,
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
}

/// A board cell holding a declared piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BoardPiece {
    pub sq: Square,
    /// The piece: an index in [`Declared::pieces`].
    pub piece: usize,
    pub colour: Colour,
}

/// A page's declarations, validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declared {
    pub pieces: Vec<DeclaredPiece>,
    pub cells: Vec<BoardPiece>,
}

/// What is wrong with a page's declarations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeclError {
    /// No board cell has a `data-piece`.
    NoPieces,
    /// A `data-piece` that is no key (letters, digits and hyphens); `on`
    /// says where (`table row` or a cell's label).
    BadKey { on: String, key: String },
    /// A `data-side` other than `white` or `black`.
    BadSide { cell: String, side: String },
    /// A cell with a `data-piece` but no id `sq{x}x{y}`.
    NoSquare { key: String },
    /// Two cells of one square (two ids `sq{x}x{y}` alike).
    SameSquare { cell: String },
    /// A cell whose key names no row of the piece table.
    UnknownPiece { cell: String, key: String },
    /// A row whose Moves do not parse as Betza notation.
    BadBetza {
        key: String,
        betza: String,
        error: ParseError,
    },
    /// Two rows with one key.
    DuplicateKey { key: String },
}

impl DeclError {
    /// Appends the message to `out`, without `core::fmt` (the generic
    /// drop-in script carries no formatting machinery).
    pub fn write_to(&self, out: &mut String) {
        let quoted = |out: &mut String, before: &str, key: &str, after: &str| {
            out.push_str(before);
            out.push('"');
            out.push_str(key);
            out.push('"');
            out.push_str(after);
        };
        match self {
            DeclError::NoPieces => out.push_str("no board cell has a data-piece"),
            DeclError::BadKey { on, key } => {
                out.push_str(on);
                quoted(
                    out,
                    ": data-piece ",
                    key,
                    " is no key (letters, digits and hyphens)",
                );
            }
            DeclError::BadSide { cell, side } => {
                out.push_str(cell);
                quoted(
                    out,
                    ": data-side ",
                    side,
                    " is neither \"white\" nor \"black\"",
                );
            }
            DeclError::NoSquare { key } => {
                quoted(out, "a cell with data-piece ", key, " has no id sq{x}x{y}")
            }
            DeclError::SameSquare { cell } => {
                out.push_str(cell);
                out.push_str(": two cells have this id");
            }
            DeclError::UnknownPiece { cell, key } => {
                out.push_str(cell);
                quoted(out, ": data-piece ", key, " names no row <tr data-piece=");
                quoted(out, "", key, "> of the piece table");
            }
            DeclError::BadBetza { key, betza, error } => {
                quoted(out, "row data-piece ", key, ": Moves '");
                out.push_str(betza);
                out.push_str("' is not Betza notation: ");
                error.write_to(out);
            }
            DeclError::DuplicateKey { key } => {
                quoted(out, "two rows of the piece table have data-piece ", key, "")
            }
        }
    }
}

impl fmt::Display for DeclError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write_to(&mut out);
        f.write_str(&out)
    }
}

impl core::error::Error for DeclError {}

/// Everything wrong with a page's declarations (at least one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeclErrors(pub Vec<DeclError>);

impl DeclErrors {
    /// Appends every message to `out`, separated by `; `.
    pub fn write_to(&self, out: &mut String) {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                out.push_str("; ");
            }
            e.write_to(out);
        }
    }
}

impl fmt::Display for DeclErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write_to(&mut out);
        f.write_str(&out)
    }
}

impl core::error::Error for DeclErrors {}

/// Letters, digits and hyphens, at least one.
pub fn is_key(key: &str) -> bool {
    !key.is_empty() && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// Whitespace collapsed to single spaces, trimmed.
///
/// ```
/// assert_eq!(glance::declared::collapse("  King\n  (Persian) "), "King (Persian)");
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
/// use glance::declared::alternatives;
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

/// A Moves cell's first alternative (`RB or Q` → `RB`): its first word,
/// unless that opens a remark; the first of [`alternatives`], without
/// collecting the others (a smaller `glance.js`).
fn first_alternative(moves: &str) -> String {
    match moves.split_whitespace().next() {
        Some(first) if !first.starts_with('(') => String::from(first),
        _ => String::new(),
    }
}

impl Declarations {
    /// The declarations as pieces, or all that is wrong with them.
    pub fn validate(&self) -> Result<Declared, DeclErrors> {
        let mut errors = Vec::new();
        let mut pieces: Vec<DeclaredPiece> = Vec::with_capacity(self.rows.len());
        for row in &self.rows {
            if !is_key(&row.key) {
                errors.push(DeclError::BadKey {
                    on: String::from("table row"),
                    key: row.key.clone(),
                });
                continue;
            }
            if pieces.iter().any(|p| p.key == row.key) {
                if !errors
                    .iter()
                    .any(|e| matches!(e, DeclError::DuplicateKey { key } if *key == row.key))
                {
                    errors.push(DeclError::DuplicateKey {
                        key: row.key.clone(),
                    });
                }
                continue;
            }
            let betza = first_alternative(&row.moves);
            let piece = if betza.is_empty() || betza == "-" {
                Piece::default()
            } else {
                match betza::parse(&betza) {
                    Ok(p) => p,
                    Err(error) => {
                        errors.push(DeclError::BadBetza {
                            key: row.key.clone(),
                            betza: betza.clone(),
                            error,
                        });
                        // Kept, so that its cells are not also unknown.
                        Piece::default()
                    }
                }
            };
            pieces.push(DeclaredPiece {
                key: row.key.clone(),
                name: collapse(&row.name),
                remarks: collapse(&row.remarks),
                betza,
                piece,
            });
        }
        let mut cells: Vec<BoardPiece> = Vec::with_capacity(self.cells.len());
        for cell in &self.cells {
            if !is_key(&cell.key) {
                errors.push(DeclError::BadKey {
                    on: cell.label.clone(),
                    key: cell.key.clone(),
                });
                continue;
            }
            let colour = match cell.side.as_deref() {
                None | Some("white") => Colour::White,
                Some("black") => Colour::Black,
                Some(other) => {
                    errors.push(DeclError::BadSide {
                        cell: cell.label.clone(),
                        side: String::from(other),
                    });
                    continue;
                }
            };
            let Some(sq) = cell.sq else {
                errors.push(DeclError::NoSquare {
                    key: cell.key.clone(),
                });
                continue;
            };
            let Some(piece) = pieces.iter().position(|p| p.key == cell.key) else {
                errors.push(DeclError::UnknownPiece {
                    cell: cell.label.clone(),
                    key: cell.key.clone(),
                });
                continue;
            };
            if cells.iter().any(|c| c.sq == sq) {
                errors.push(DeclError::SameSquare {
                    cell: cell.label.clone(),
                });
                continue;
            }
            cells.push(BoardPiece { sq, piece, colour });
        }
        if self.cells.is_empty() {
            errors.push(DeclError::NoPieces);
        }
        if errors.is_empty() {
            Ok(Declared { pieces, cells })
        } else {
            Err(DeclErrors(errors))
        }
    }
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

    /// What pressing the piece on the square of `code` shows on `page`:
    /// its diagram (on the empty board, or among the page's pieces for a
    /// piece that needs a screen: [`Scene::of_piece`]), its row's name and
    /// remarks.
    pub fn scene(&self, code: (i32, i32), page: &Page) -> Option<Scene<'_>> {
        let (cell, piece) = self.at(code)?;
        let notes = if piece.remarks.is_empty() {
            Vec::new()
        } else {
            alloc::vec![piece.remarks.as_str()]
        };
        Some(Scene::of_piece(
            &piece.name,
            notes,
            &piece.piece,
            cell.sq,
            cell.colour,
            page,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::betza::ErrorKind;
    use crate::diagram::{Diagram, Mark};
    use crate::geometry::SquareSet;
    use alloc::string::ToString;
    use alloc::vec;

    fn sq(x: u8, y: u8) -> Option<Square> {
        Square::new(x, y)
    }

    fn spartan_like() -> Declarations {
        Declarations {
            rows: vec![
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
            cells: vec![
                CellDecl::new("sq7x3", sq(7, 3), "K", None),
                CellDecl::new("sq5x3", sq(5, 3), "Q", Some("white")),
                CellDecl::new("sq3x6", sq(3, 6), "L", Some("black")),
            ],
        }
    }

    fn page() -> Page {
        Page {
            board: SquareSet::rectangle(10, 10).unwrap(),
            occupied: SquareSet::EMPTY,
        }
    }

    #[test]
    fn a_good_page_gives_its_pieces_in_the_tables_words() {
        let d = spartan_like().validate().unwrap();
        assert_eq!(d.pieces.len(), 4);
        assert_eq!(d.pieces[1].betza, "RB");
        assert_eq!(d.pieces[2].name, "Lieu tenant");
        assert_eq!(d.pieces[2].remarks, "Color-changing sideway move");
        assert_eq!(d.pieces[3].piece, Piece::default());
        assert_eq!(
            d.cells,
            vec![
                BoardPiece {
                    sq: sq(7, 3).unwrap(),
                    piece: 0,
                    colour: Colour::White
                },
                BoardPiece {
                    sq: sq(5, 3).unwrap(),
                    piece: 1,
                    colour: Colour::White
                },
                BoardPiece {
                    sq: sq(3, 6).unwrap(),
                    piece: 2,
                    colour: Colour::Black
                },
            ]
        );
    }

    #[test]
    fn scenes_are_the_diagram_of_the_rows_betza_on_the_empty_board() {
        let d = spartan_like().validate().unwrap();
        let page = page();
        let scene = d.scene((3, 6), &page).unwrap();
        let want = Diagram::compute(
            &betza::parse("FAmsW").unwrap(),
            sq(3, 6).unwrap(),
            Colour::Black,
            &page.board,
            &SquareSet::EMPTY,
        );
        assert_eq!(scene.diagram, Some(want));
        assert_eq!(scene.notes, ["Color-changing sideway move"]);
        let s = scene.sentence(&page);
        assert!(s.starts_with("Lieu tenant. Slides or steps to"), "{s}");
        assert!(s.ends_with(" Color-changing sideway move."), "{s}");
        assert!(d.scene((0, 0), &page).is_none());
        assert!(d.scene((5, 3), &page).unwrap().notes.is_empty());
    }

    #[test]
    fn a_cell_naming_no_row_is_an_error() {
        let mut decl = spartan_like();
        decl.cells
            .push(CellDecl::new("sq1x1", sq(1, 1), "lion", None));
        let err = decl.validate().unwrap_err();
        assert_eq!(
            err.0,
            vec![DeclError::UnknownPiece {
                cell: "sq1x1".into(),
                key: "lion".into()
            }]
        );
        assert_eq!(
            err.to_string(),
            "sq1x1: data-piece \"lion\" names no row <tr data-piece=\"lion\"> of the piece table"
        );
    }

    #[test]
    fn a_bad_betza_says_which_character() {
        let mut decl = spartan_like();
        decl.rows.push(RowDecl::new("Z", "Zebra", "fXW or Z", ""));
        decl.cells.push(CellDecl::new("sq1x1", sq(1, 1), "Z", None));
        let err = decl.validate().unwrap_err();
        let [DeclError::BadBetza { key, betza, error }] = &err.0[..] else {
            panic!("{err:?}");
        };
        assert_eq!((key.as_str(), betza.as_str()), ("Z", "fXW"));
        assert_eq!((error.pos, error.kind), (1, ErrorKind::UnknownAtom('X')));
        assert_eq!(
            err.to_string(),
            "row data-piece \"Z\": Moves 'fXW' is not Betza notation: unknown atom 'X' at character 2"
        );
    }

    #[test]
    fn two_rows_with_one_key_are_an_error_once() {
        let mut decl = spartan_like();
        decl.rows.push(RowDecl::new("K", "King (Spartan)", "K", ""));
        decl.rows.push(RowDecl::new("K", "King (other)", "K", ""));
        let err = decl.validate().unwrap_err();
        assert_eq!(err.0, vec![DeclError::DuplicateKey { key: "K".into() }]);
        assert_eq!(
            err.to_string(),
            "two rows of the piece table have data-piece \"K\""
        );
    }

    #[test]
    fn bad_attributes_missing_squares_and_empty_pages() {
        let decl = Declarations {
            rows: vec![RowDecl::new("a b", "A", "K", "")],
            cells: vec![
                CellDecl::new("sq1x1", sq(1, 1), "K", Some("Black")),
                CellDecl::new("-", None, "K", None),
                CellDecl::new("sq2x2", sq(2, 2), "", None),
            ],
        };
        let err = decl.validate().unwrap_err();
        assert_eq!(err.0.len(), 4, "{err}");
        assert!(matches!(err.0[0], DeclError::BadKey { .. }));
        assert!(matches!(err.0[1], DeclError::BadSide { .. }));
        assert!(matches!(err.0[2], DeclError::NoSquare { .. }));
        assert!(matches!(err.0[3], DeclError::BadKey { .. }));
        assert!(err.to_string().contains("; "));
        assert_eq!(
            Declarations::default().validate().unwrap_err().0,
            vec![DeclError::NoPieces]
        );
    }

    #[test]
    fn a_cannon_is_drawn_among_the_pages_pieces_a_queen_is_not() {
        let sq = |x, y| Square::new(x, y).unwrap();
        let decl = Declarations {
            rows: alloc::vec![
                RowDecl::new("C", "Cannon", "mRcpR", ""),
                RowDecl::new("Q", "Queen", "Q", ""),
            ],
            cells: alloc::vec![
                CellDecl::new("sq2x5", Some(sq(2, 5)), "C", None),
                CellDecl::new("sq2x2", Some(sq(2, 2)), "Q", None),
            ],
        };
        let declared = decl.validate().unwrap();
        let mut occupied = SquareSet::EMPTY;
        for s in [sq(4, 5), sq(7, 5), sq(2, 3)] {
            occupied.insert(s);
        }
        let page = Page {
            board: SquareSet::rectangle(10, 10).unwrap(),
            occupied,
        };
        // The Cannon hops e6 to capture on h6, and its slide stops at d6.
        let cannon = declared.scene((2, 5), &page).unwrap();
        let diagram = cannon.diagram.unwrap();
        assert_eq!(diagram.mark(sq(7, 5)), Some(Mark::Capture));
        assert_eq!(diagram.mark(sq(4, 5)), None);
        assert_eq!(diagram.mark(sq(3, 5)), Some(Mark::Move));
        // The Queen is drawn on the empty board: through c4 up to c10.
        let queen = declared.scene((2, 2), &page).unwrap();
        assert_eq!(queen.diagram.unwrap().mark(sq(2, 9)), Some(Mark::Slide));
    }

    #[test]
    fn the_drawn_alternative_is_the_first_lint_checks() {
        for moves in [
            "RB or Q",
            "RB ou Q",
            " mfWcfF ",
            "K (no castling)",
            "(none)",
            "",
            "-",
            "B(N or BN",
            "R B",
            "QN oder Q",
            "a b c d e",
        ] {
            let first = alternatives(moves)
                .first()
                .map(|s| s.to_string())
                .unwrap_or_default();
            assert_eq!(first_alternative(moves), first, "{moves:?}");
        }
    }

    #[test]
    fn one_square_twice_is_an_error() {
        let mut decl = spartan_like();
        decl.cells.push(CellDecl::new("sq7x3", sq(7, 3), "Q", None));
        let err = decl.validate().unwrap_err();
        assert_eq!(
            err.0,
            vec![DeclError::SameSquare {
                cell: "sq7x3".into()
            }]
        );
    }
}
