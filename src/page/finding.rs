//! What is wrong with a page, as `glance lint` and `dist/glance.js` both
//! say it: a typed [`Finding`] (its [`Kind`], its [`Place`] as the author
//! counts it, its message). Pure data, no formatting machinery (the
//! generic drop-in carries none): messages are written with
//! [`Finding::write_to`].
//!
//! Whether a kind is an error or a warning is decided here, once
//! ([`Kind::severity`]); lint exits with status 1 on an error, and the page
//! prints every finding as one console warning in the same words.
//!
//! ```
//! use glance::page::finding::{Finding, Kind, Place, Severity};
//! use glance::Square;
//! let f = Finding::new(
//!     Kind::UnknownPiece,
//!     Place::Cell { id: "sq4x3".into(), sq: Square::new(4, 3) },
//!     "data-piece \"Z\" names no row of the piece table".into(),
//! );
//! assert_eq!(f.kind.severity(), Severity::Error);
//! assert_eq!(f.to_string(), "sq4x3 (e4): unknown-piece: data-piece \"Z\" names no row of the piece table");
//! ```

use alloc::string::String;
use core::fmt;

use crate::engine::betza::push_number;
use crate::engine::geometry::Square;

/// How bad a finding is: an error makes `glance lint` exit with status 1,
/// a warning does not.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    Error,
    Warning,
}

/// What a finding is about. The page and lint find the kinds from
/// [`Kind::UnknownPiece`] on alike; the first four and
/// [`Kind::TableDisagrees`], [`Kind::MissingImage`] are about the legacy
/// click codes and the files beside a page, which lint alone reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// An `onmousedown` that is not `down_click(x,y)`.
    HandlerSyntax,
    /// A `down_click` code the page's script does not define.
    DeadHandler,
    /// `down_click` handlers but none of the three legacy scripts.
    NoScript,
    /// A row whose Betza string draws otherwise than the legacy script.
    TableDisagrees,
    /// An `<img src>` that is no file beside the page.
    MissingImage,
    /// A cell's `data-piece` names no row of the piece table.
    UnknownPiece,
    /// Two rows of the piece table with one key.
    DuplicatePiece,
    /// A `data-piece` that is no key, a `data-side` or `data-start` that
    /// means nothing.
    BadAttribute,
    /// A Moves cell that does not parse, or alternatives that disagree.
    BadBetza,
    /// A declared cell without an id `sq{x}x{y}`, or two cells of one id.
    NoSquare,
    /// A declared cell without `class="n"`: not a square of the board.
    NotOnBoard,
    /// A board cell holding a piece image but no `data-piece`.
    Undeclared,
    /// A cell declared White holding a Black image or letter, or the
    /// reverse.
    WrongSide,
    /// A declared cell whose image shows another row's piece (the
    /// Commoner's image on a cell declared as the King). A warning: XBoard
    /// draws some pieces with another's image (CWDA's Clobberer as a
    /// Marshall), so the moves may be right and the name the one meant.
    WrongImage,
    /// A row with a key but no name in its Piece cell: its cells show
    /// their moves with no name.
    NoName,
    /// Alternatives joined by a word not of the page's language.
    ForeignWord,
    /// A piece whose initial moves (`i`) no cell of it can show.
    InitialUnplaced,
    /// A Betza string other programs read otherwise.
    Dialect,
    /// A row whose Moves cell is empty and whose Remarks cell reads as
    /// Betza: the string typed one column over (lint only).
    EmptyMoves,
    /// The mark images or `moves.css` are not beside the page.
    MissingFile,
    /// A board but no `id="piece"` for the name and remarks.
    NoPieceParagraph,
    /// No board at all, or no declared piece on it.
    NoBoard,
    /// A `data-rule` that is not `key=value; …` with keys Fairy-Stockfish
    /// reads or documented `fsf:` names (lint only).
    BadRule,
    /// A demonstration cell whose `data-fen` is not the position its
    /// press shows (`data-demo` made on the board), or no FEN board of
    /// the board's size (lint only; native only, so that the generic
    /// drop-in carries no name for it).
    #[cfg(not(target_arch = "wasm32"))]
    FenDisagrees,
}

/// The number of kinds: [`Kind::FenDisagrees`] is native only.
const KINDS: usize = if cfg!(target_arch = "wasm32") { 23 } else { 24 };

impl Kind {
    /// Every kind (those of lint alone that are native only left out of
    /// the wasm builds).
    pub const ALL: [Kind; KINDS] = [
        Kind::HandlerSyntax,
        Kind::DeadHandler,
        Kind::NoScript,
        Kind::TableDisagrees,
        Kind::MissingImage,
        Kind::UnknownPiece,
        Kind::DuplicatePiece,
        Kind::BadAttribute,
        Kind::BadBetza,
        Kind::NoSquare,
        Kind::NotOnBoard,
        Kind::Undeclared,
        Kind::WrongSide,
        Kind::WrongImage,
        Kind::NoName,
        Kind::ForeignWord,
        Kind::InitialUnplaced,
        Kind::Dialect,
        Kind::EmptyMoves,
        Kind::MissingFile,
        Kind::NoPieceParagraph,
        Kind::NoBoard,
        Kind::BadRule,
        #[cfg(not(target_arch = "wasm32"))]
        Kind::FenDisagrees,
    ];

    /// The name printed in findings: `unknown-piece`.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::HandlerSyntax => "handler-syntax",
            Kind::DeadHandler => "dead-handler",
            Kind::NoScript => "no-script",
            Kind::TableDisagrees => "table-disagrees",
            Kind::MissingImage => "missing-image",
            Kind::UnknownPiece => "unknown-piece",
            Kind::DuplicatePiece => "duplicate-piece",
            Kind::BadAttribute => "bad-attribute",
            Kind::BadBetza => "bad-betza",
            Kind::NoSquare => "no-square",
            Kind::NotOnBoard => "not-on-board",
            Kind::Undeclared => "undeclared",
            Kind::WrongSide => "wrong-side",
            Kind::WrongImage => "wrong-image",
            Kind::NoName => "no-name",
            Kind::ForeignWord => "foreign-word",
            Kind::InitialUnplaced => "initial-unplaced",
            Kind::Dialect => "dialect",
            Kind::EmptyMoves => "empty-moves",
            Kind::MissingFile => "missing-file",
            Kind::NoPieceParagraph => "no-piece-paragraph",
            Kind::NoBoard => "no-board",
            Kind::BadRule => "bad-rule",
            #[cfg(not(target_arch = "wasm32"))]
            Kind::FenDisagrees => "fen-disagrees",
        }
    }

    /// Errors: something a visitor would see broken (a piece that does
    /// nothing or shows wrong moves). Warnings: the board works, but
    /// something is off or worth knowing.
    pub const fn severity(self) -> Severity {
        match self {
            Kind::TableDisagrees
            | Kind::ForeignWord
            | Kind::InitialUnplaced
            | Kind::Dialect
            | Kind::EmptyMoves
            | Kind::MissingFile
            | Kind::NoPieceParagraph
            | Kind::WrongImage
            | Kind::NoName => Severity::Warning,
            #[cfg(not(target_arch = "wasm32"))]
            Kind::FenDisagrees => Severity::Warning,
            _ => Severity::Error,
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where a finding is, as the author finds it in the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// The page as a whole: `-`.
    Page,
    /// A cell: its id, and its square if the id names one (`sq4x3 (e4)`).
    Cell { id: String, sq: Option<Square> },
    /// A row of a piece table: counted from 1 at the first row after the
    /// header, with its key if it has one (`table row 2 (Q)`); `table` is
    /// the table's number when the page has several (`table 2 row 1`).
    Row {
        table: Option<usize>,
        row: usize,
        key: Option<String>,
    },
}

impl Place {
    /// A cell by its id (`-` when it has none), its square read from it.
    pub fn cell(id: &str) -> Place {
        Place::Cell {
            id: String::from(id),
            sq: crate::board::clicks::parse_cell_id(id),
        }
    }

    pub fn write_to(&self, out: &mut String) {
        match self {
            Place::Page => out.push('-'),
            Place::Cell { id, sq } => {
                out.push_str(if id.is_empty() { "-" } else { id });
                if let Some(sq) = sq {
                    out.push_str(" (");
                    sq.push_name(out);
                    out.push(')');
                }
            }
            Place::Row { table, row, key } => {
                out.push_str("table ");
                if let Some(t) = table {
                    push_number(out, *t);
                    out.push(' ');
                }
                out.push_str("row ");
                push_number(out, *row);
                if let Some(key) = key {
                    out.push_str(" (");
                    out.push_str(key);
                    out.push(')');
                }
            }
        }
    }
}

/// One thing wrong with a page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub kind: Kind,
    pub place: Place,
    pub message: String,
}

impl Finding {
    pub fn new(kind: Kind, place: Place, message: String) -> Finding {
        Finding {
            kind,
            place,
            message,
        }
    }

    pub fn severity(&self) -> Severity {
        self.kind.severity()
    }

    /// `PLACE: KIND: message`, the words lint prints after the file name
    /// and the page's console warning after `glance: `.
    pub fn write_to(&self, out: &mut String) {
        self.place.write_to(out);
        out.push_str(": ");
        out.push_str(self.kind.name());
        out.push_str(": ");
        out.push_str(&self.message);
    }

    /// The place alone, as text.
    pub fn place_text(&self) -> String {
        let mut out = String::new();
        self.place.write_to(&mut out);
        out
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write_to(&mut out);
        f.write_str(&out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn places_read_as_the_author_counts() {
        let text = |p: Place| {
            let mut s = String::new();
            p.write_to(&mut s);
            s
        };
        assert_eq!(text(Place::Page), "-");
        assert_eq!(text(Place::cell("sq0x0")), "sq0x0 (a1)");
        assert_eq!(text(Place::cell("")), "-");
        assert_eq!(text(Place::cell("x")), "x");
        assert_eq!(
            text(Place::Row {
                table: None,
                row: 1,
                key: Some("Q".into())
            }),
            "table row 1 (Q)"
        );
        assert_eq!(
            text(Place::Row {
                table: Some(2),
                row: 12,
                key: None
            }),
            "table 2 row 12"
        );
    }

    #[test]
    fn every_kind_has_a_distinct_name() {
        for (i, a) in Kind::ALL.iter().enumerate() {
            for b in &Kind::ALL[i + 1..] {
                assert_ne!(a.name(), b.name());
            }
        }
        assert_eq!(Kind::Dialect.severity(), Severity::Warning);
        assert_eq!(Kind::NoSquare.severity(), Severity::Error);
        assert_eq!(
            Finding::new(Kind::NoBoard, Place::Page, "m".into()).to_string(),
            "-: no-board: m"
        );
    }
}
