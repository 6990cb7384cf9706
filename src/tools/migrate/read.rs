//! Read: what a legacy page says, through the one page model
//! ([`crate::page::reader`] on [`crate::page::html`]'s tree: its piece
//! tables, board squares and their images) and the one reading of its
//! handlers ([`crate::tools::legacy`]), plus the page's words (its
//! elements' texts and its prose, sentence by sentence) that the rules of
//! [`super::decide`] consult.

use scraper::{ElementRef, Html};

use crate::board::clicks;
use crate::board::scene::Page;
use crate::engine::betza::{self, Piece};
use crate::page::declared::{MARK_IMAGES, SquareCell, alternatives, collapse, image_name, is_key};
use crate::page::html::Element;
use crate::page::reader;
use crate::tools::legacy::{self, Legacy};
use crate::{Colour, Square};

use super::MigrateError;

/// A row of a piece table, as migrate uses it.
pub(super) struct Row<'a> {
    pub tr: ElementRef<'a>,
    /// Its table: an index in [`Read::tables`].
    pub table: usize,
    pub name: String,
    pub id: String,
    /// Its Moves cell as written.
    pub moves: String,
    /// The first Betza alternative, parsed (`None`: prose or bad).
    pub piece: Option<Piece>,
    /// The key it gets (its own `data-piece`, or its ID made a key).
    pub key: String,
}

/// A piece table.
pub(super) struct Table<'a> {
    pub element: ElementRef<'a>,
    /// The columns of its name, Moves and Remarks.
    pub columns: (usize, usize, usize),
}

/// A legacy page, read.
pub(super) struct Read<'a> {
    /// Every element, in document order.
    pub elements: Vec<ElementRef<'a>>,
    pub legacy: Legacy<'a>,
    pub tables: Vec<Table<'a>>,
    pub rows: Vec<Row<'a>>,
    /// Every cell with an id `sq{x}x{y}`, as the page model reads it.
    pub squares: Vec<SquareCell>,
    /// The board as drawn (squares, and which hold a piece image).
    pub page: Page,
    /// The page's visible text in sentences, each [`fold_name`]d.
    pub sentences: Vec<String>,
    /// All of the page's visible text, [`fold_name`]d.
    pub text: String,
    /// The board's letters are of both cases (upper White, lower Black).
    pub cases_differ: bool,
}

/// Reads the page `doc` (of the source being migrated).
pub(super) fn read(doc: &Html) -> Result<Read<'_>, MigrateError> {
    let legacy = legacy::read(doc);
    if legacy.handlers.is_empty() && legacy.script.is_none() {
        return Err(MigrateError::NotLegacy);
    }
    let root = Element(doc.root_element());
    let decl = reader::read(&root);
    let mut tables = Vec::new();
    let mut rows = Vec::new();
    for t in reader::piece_tables(&root) {
        let headed = !t.rows.iter().all(|r| r.id.is_empty());
        for r in t.rows {
            // A row with no ID under a header is no piece (a sub-heading
            // such as "Promoted pieces").
            if headed && r.id.is_empty() {
                continue;
            }
            rows.push(Row {
                tr: r.tr.0,
                table: tables.len(),
                piece: first_piece(&r.decl.moves),
                name: r.decl.name,
                id: r.id,
                moves: r.decl.moves,
                key: r.decl.key.unwrap_or_default(),
            });
        }
        tables.push(Table {
            element: t.table.0,
            columns: t.columns,
        });
    }
    give_keys(&mut rows);
    let visible = super::visible_text_of(doc);
    Ok(Read {
        elements: doc.root_element().descendent_elements().collect(),
        legacy,
        tables,
        rows,
        page: decl.page(),
        cases_differ: decl.letter_cases_differ(),
        squares: decl.squares,
        sentences: sentences(&visible),
        text: fold_name(&visible),
    })
}

/// The first Betza alternative of a Moves cell, parsed: an empty cell or
/// `-` is a piece with no moves, prose is `None`.
fn first_piece(moves: &str) -> Option<Piece> {
    let first = alternatives(moves).first().copied().unwrap_or_default();
    if first.is_empty() || first == "-" {
        Some(Piece::default())
    } else {
        betza::parse(first).ok()
    }
}

/// Keys: a row's own valid `data-piece`, else its ID made a key, `-2`,
/// `-3`... for a repeated one.
fn give_keys(rows: &mut [Row]) {
    let mut taken: Vec<String> = Vec::new();
    for row in rows {
        let base = if is_key(&row.key) {
            row.key.clone()
        } else {
            let k = key_of(&row.id);
            if is_key(&k) { k } else { String::from("piece") }
        };
        let mut key = base.clone();
        let mut n = 1;
        while taken.contains(&key) {
            n += 1;
            key = format!("{base}-{n}");
        }
        taken.push(key.clone());
        row.key = key;
    }
}

/// A table ID made a key: its first word, `+` as `p-`, other characters
/// that are no key's as `-`.
pub(super) fn key_of(id: &str) -> String {
    let word = id.split_whitespace().next().unwrap_or("");
    let mut out = String::new();
    for c in word.chars() {
        match c {
            '+' => out.push_str("p-"),
            c if c.is_ascii_alphanumeric() || c == '-' => out.push(c),
            _ => out.push('-'),
        }
    }
    out
}

/// [`collapse`]d, lower-cased, with `(`, `)`, `-`, `:` as spaces: names
/// compared (`Dragon(-King)` is `dragon king`).
pub(super) fn fold_name(text: &str) -> String {
    let spaced: String = text
        .chars()
        .map(|c| {
            if matches!(c, '(' | ')' | '-' | ':') {
                ' '
            } else {
                c
            }
        })
        .collect();
    collapse(&spaced).to_lowercase()
}

/// A text cut into sentences (at `.`, `!`, `?` or `;` before a space or
/// the end), each [`fold_name`]d.
pub(super) fn sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        current.push(c);
        let end =
            matches!(c, '.' | '!' | '?' | ';') && chars.peek().is_none_or(|n| n.is_whitespace());
        if end {
            out.push(fold_name(&current));
            current.clear();
        }
    }
    if !current.trim().is_empty() {
        out.push(fold_name(&current));
    }
    out
}

/// A board cell of the page: an element `sq{x}x{y}`, as the page model
/// reads it.
pub(super) struct Cell {
    pub sq: Square,
    /// The `src` of the piece image it holds (not a mark's), if any.
    pub image: Option<String>,
    /// The piece's letter it shows instead of an image, if any.
    pub letter: Option<String>,
    /// The side its letter says, if any.
    letter_side: Option<Colour>,
    /// A square of the board (`class="n"`).
    pub on_board: bool,
    /// It has `data-still` already.
    pub still: bool,
}

impl Cell {
    /// It shows a piece (an image or a letter): not an empty square.
    pub fn shows_piece(&self) -> bool {
        self.image.is_some() || self.letter.is_some()
    }

    /// The side its image shows (`sym/BlackKing.png` is Black), or its
    /// letter.
    pub fn side(&self) -> Option<Colour> {
        let Some(src) = self.image.as_deref() else {
            return self.letter_side;
        };
        let name = image_name(src);
        if name.starts_with("Black") {
            Some(Colour::Black)
        } else if name.starts_with("White") {
            Some(Colour::White)
        } else {
            None
        }
    }
}

impl Read<'_> {
    /// The board cell `e` is, if it is one (by its id, through the page
    /// model's squares).
    pub fn cell(&self, e: &ElementRef) -> Option<Cell> {
        let sq = e.value().id().and_then(clicks::parse_cell_id)?;
        let square = self.squares.iter().find(|s| s.sq == sq)?;
        let image = square
            .image
            .clone()
            .filter(|src| !MARK_IMAGES.contains(&image_name(src)));
        Some(Cell {
            sq,
            letter: if square.image.is_none() {
                square.letter.clone()
            } else {
                None
            },
            letter_side: square.letter_side(self.cases_differ),
            image,
            on_board: square.on_board,
            still: square.still,
        })
    }

    /// The first element whose whole text is `name` (folded): a heading,
    /// a table cell, a paragraph... that a cell's `data-words` can name.
    pub fn words_of(&self, name: &str) -> Option<usize> {
        let want = fold_name(name);
        self.elements.iter().position(|e| {
            matches!(
                e.value().name(),
                "h1" | "h2"
                    | "h3"
                    | "h4"
                    | "h5"
                    | "h6"
                    | "b"
                    | "strong"
                    | "em"
                    | "i"
                    | "td"
                    | "th"
                    | "p"
                    | "span"
                    | "li"
                    | "dt"
                    | "caption"
                    | "a"
            ) && fold_name(&e.text().collect::<String>()) == want
        })
    }

    /// Whether the page's text has a word of `name` of four letters or
    /// more.
    pub fn mentions(&self, name: &str) -> bool {
        fold_name(name)
            .split(' ')
            .filter(|w| w.len() >= 4)
            .any(|w| {
                self.text
                    .split(|c: char| !c.is_alphanumeric())
                    .any(|b| b == w)
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_and_keys() {
        assert_eq!(
            sentences("Pawns move. There is no initial double-push; e.p. too"),
            [
                "pawns move.",
                "there is no initial double push;",
                "e.p.",
                "too"
            ]
        );
        assert_eq!(key_of("+D"), "p-D");
        assert_eq!(key_of("H or +B"), "H");
        assert_eq!(fold_name(" Dragon(-King) "), "dragon king");
    }

    #[test]
    fn rows_come_from_the_page_model_with_keys() {
        let doc = Html::parse_document(
            r#"<script src="spartan.js"></script>
            <table><tr><th>Piece</th><th>ID</th><th>value</th><th>Moves (Betza notation)</th><th>Remarks</th></tr>
            <tr><td>Rook</td><td>R</td><td>5</td><td>R</td><td></td></tr>
            <tr><td colspan="5">Promoted pieces</td></tr>
            <tr><td>Dragon</td><td>+R</td><td>9</td><td>RF or FR</td><td></td></tr>
            <tr><td>Other Rook</td><td>R</td><td>5</td><td>no Betza</td><td></td></tr></table>"#,
        );
        let r = read(&doc).unwrap();
        let keys: Vec<&str> = r.rows.iter().map(|r| r.key.as_str()).collect();
        assert_eq!(keys, ["R", "p-R", "R-2"]);
        assert!(r.rows[1].piece.is_some() && r.rows[2].piece.is_none());
        assert_eq!(r.tables[0].columns, (0, 3, 4));
    }
}
