//! The checks made on a page's model ([`Declarations`]): the pieces that
//! work, and everything wrong with them as typed [`Finding`]s. One
//! validation for `dist/glance.js` and `glance lint`, so the page and lint
//! cannot disagree.
//!
//! Each mistake disables only what it touches: a bad row its piece, a bad
//! cell itself. The checks, each a function below:
//! * the board: a board at all, squares, `#piece`, `moves.css`;
//! * each row: its key, its Betza and alternatives, its joining words, its
//!   name, where its initial moves are drawn (`data-start`, or the ranks
//!   where the "Initial setup" text places it);
//! * each declared cell: key, side, square, row; its image or letter
//!   against its side and its row;
//! * the pieces nobody declared: a piece's image or letter on a square
//!   with no `data-piece` and no `data-still`.

use alloc::string::String;
use alloc::vec::Vec;

use crate::board::scene::Page;
use crate::board::words::Words;
use crate::engine::betza::{self, Piece, push_number};
use crate::engine::diagram::{Diagram, Mark};
use crate::engine::geometry::{Colour, Square, SquareSet};
use crate::page::declared::{
    BoardPiece, CellDecl, Checked, DEFAULT_START, Declarations, Declared, DeclaredPiece, RowDecl,
    SquareCell, alternatives, at_start, collapse, is_key, moves_words, parse_start,
};
use crate::page::finding::{Finding, Kind, Place};
use crate::page::names;
use crate::page::says::{Says, push, says};
use crate::page::setup;

/// The words joining a Moves cell's alternatives (`RB or Q` → `or`).
fn joiners(moves: &str) -> Vec<&str> {
    moves_words(moves, 1)
}

fn square_name(sq: Square) -> String {
    let mut s = String::new();
    sq.push_name(&mut s);
    s
}

fn mark_name(mark: Option<Mark>) -> &'static str {
    mark.map_or("nothing", Mark::name)
}

/// What the checks have found so far.
struct Report {
    findings: Vec<Finding>,
}

impl Report {
    fn add(&mut self, kind: Kind, place: &Place, text: String) {
        self.findings.push(Finding::new(kind, place.clone(), text));
    }

    /// Adds a finding of one sentence (one routine fills every message).
    fn say(&mut self, kind: Kind, place: &Place, sentence: Says, words: &[&str]) {
        self.add(kind, place, says(sentence, words));
    }
}

/// What the row checks leave for the cell checks: the rows' pieces, and
/// one outcome per row checked with a key (and per keyless row whose
/// Betza is bad): its key, and its piece's index in `pieces`, or `None`
/// when its piece is disabled.
struct Rows<'a> {
    pieces: Vec<DeclaredPiece>,
    keys: Vec<(&'a str, Option<usize>)>,
}

/// The board as the checks see it, and the rows' names (their Piece
/// cells' texts, in order), made once for every check that names rows.
struct Board<'a> {
    page: Page,
    ranks: u8,
    /// Where a piece with no cell is drawn.
    centre: Square,
    names: Vec<&'a str>,
    /// The start ranks the setup text gives each row ([`Declarations::setup_starts`]).
    setup: Vec<u16>,
}

impl Declarations {
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
        let mut report = Report {
            findings: Vec::new(),
        };
        let page = self.page();
        let (mut files, mut ranks) = (0, 0);
        for s in page.board.iter() {
            files = files.max(s.file() + 1);
            ranks = ranks.max(s.rank() + 1);
        }
        let centre = Square::centre(files.max(1), ranks.max(1));
        let mut names = Vec::with_capacity(self.rows.len());
        for r in &self.rows {
            names.push(r.name.as_str());
        }
        let setup = self.setup_starts(&names, ranks);
        let at = Board {
            page,
            ranks,
            centre,
            names,
            setup,
        };
        if board {
            self.check_board(&at.page, &mut report);
        }
        let mut rows = Rows {
            pieces: Vec::with_capacity(self.rows.len()),
            keys: Vec::with_capacity(self.rows.len()),
        };
        for (i, row) in self.rows.iter().enumerate() {
            self.check_row(i, row, board, &at, &mut rows, &mut report);
        }
        self.spares(&mut rows, &mut report);
        let mut cells: Vec<BoardPiece> = Vec::with_capacity(self.cells.len());
        if board {
            for cell in &self.cells {
                if let Some(c) = self.check_cell(cell, &at, &mut rows, &cells, &mut report) {
                    cells.push(c);
                }
            }
            if !self.cells.is_empty() {
                self.check_undeclared(&mut report);
            }
        }
        Checked {
            declared: Declared {
                pieces: rows.pieces,
                cells,
                ranks,
            },
            findings: report.findings,
        }
    }

    /// The board itself: a board at all, squares to show marks on,
    /// `#piece`, the style sheet.
    fn check_board(&self, page: &Page, report: &mut Report) {
        if !self.board_table && self.squares.is_empty() {
            report.say(Kind::NoBoard, &Place::Page, Says::NoBoardFound, &[]);
        } else if self.cells.is_empty() {
            report.say(Kind::NoBoard, &Place::Page, Says::NoDeclaredCell, &[]);
        } else if page.board.is_empty() {
            report.say(Kind::NotOnBoard, &Place::Page, Says::NoSquares, &[]);
        }
        if !self.squares.is_empty() && !self.piece_paragraph {
            report.say(
                Kind::NoPieceParagraph,
                &Place::Page,
                Says::NoPieceParagraph,
                &[],
            );
        }
        if self.board_table && self.stylesheet.is_none() {
            report.say(Kind::MissingFile, &Place::Page, Says::NoStylesheet, &[]);
        }
    }

    /// One row of the piece table: its piece goes into `rows.pieces`, or
    /// its key into `rows.broken` when its Betza is bad.
    // Its piece's words pushed, not vec![]: no boxed array to turn into a
    // Vec (15 B smaller in glance.js).
    #[allow(clippy::vec_init_then_push)]
    fn check_row<'a>(
        &'a self,
        me: usize,
        row: &'a RowDecl,
        board: bool,
        at: &Board,
        rows: &mut Rows<'a>,
        report: &mut Report,
    ) {
        let place = &row.place;
        let key = row.key.as_deref().unwrap_or_default();
        if row.key.is_some() && !is_key(key) {
            report.say(Kind::BadAttribute, place, Says::RowNoKey, &[key]);
            return;
        }
        if row.key.is_some() && rows.keys.iter().any(|k| k.0 == key) {
            report.say(Kind::DuplicatePiece, place, Says::RowDuplicate, &[key]);
            return;
        }
        let alternatives = alternatives(&row.moves);
        let Some(mut parsed) = self.parse_alternatives(row, &alternatives, key, report) else {
            rows.keys.push((key, None));
            return;
        };
        if parsed.len() > 1 {
            self.compare_alternatives(row, &alternatives, &parsed, at, report);
        }
        // The first alternative's piece, moved out (no copy).
        let piece = if parsed.is_empty() {
            Piece::default()
        } else {
            parsed.swap_remove(0)
        };
        self.check_joiners(row, report);
        if row.key.is_none() {
            // A row no cell can name: checked, not drawn.
            return;
        }
        let name = collapse(&row.name);
        if board && name.is_empty() {
            report.say(Kind::NoName, place, Says::RowNoName, &[key]);
        }
        let starts = self.starts(me, row, &piece, board, at, report);
        rows.keys.push((key, Some(rows.pieces.len())));
        let mut words = Vec::with_capacity(2);
        words.push(name);
        words.push(collapse(&row.remarks));
        rows.pieces.push(DeclaredPiece {
            words,
            piece,
            starts,
            demo: Vec::new(),
            spares: Vec::new(),
        });
    }

    /// Each row's `data-spares` (keys between spaces): the pieces of the
    /// rows it names; a key that names no working row is reported and
    /// left out.
    fn spares(&self, rows: &mut Rows<'_>, report: &mut Report) {
        for row in &self.rows {
            let (Some(key), Some(text)) = (&row.key, &row.spares) else {
                continue;
            };
            let find = |k: &str| rows.keys.iter().find(|x| x.0 == k).and_then(|x| x.1);
            let mut spared = Vec::new();
            for word in crate::engine::cut::pieces(text, b" ").filter(|w| !w.is_empty()) {
                match find(word) {
                    Some(p) => spared.push(p),
                    None => report.say(
                        Kind::BadAttribute,
                        &row.place,
                        Says::BadSpares,
                        &[text, word],
                    ),
                }
            }
            if let Some(p) = find(key).and_then(|me| rows.pieces.get_mut(me)) {
                p.spares = spared;
            }
        }
    }

    /// A row's alternatives parsed, or `None` (reported) when one is no
    /// Betza. An empty Moves cell or a lone `-` is a piece with no moves.
    fn parse_alternatives(
        &self,
        row: &RowDecl,
        alternatives: &[&str],
        key: &str,
        report: &mut Report,
    ) -> Option<Vec<Piece>> {
        let mut parsed = Vec::with_capacity(alternatives.len());
        for (i, alt) in alternatives.iter().enumerate() {
            match betza::parse(alt) {
                Ok(p) => parsed.push(p),
                Err(e) if *alt != "-" || alternatives.len() > 1 => {
                    let mut m = if alternatives.len() > 1 {
                        let mut which = String::new();
                        push_number(&mut which, i + 1);
                        says(Says::BadAlternative, &[&row.name, alt, &which, &row.moves])
                    } else {
                        says(Says::BadMoves, &[&row.name, alt])
                    };
                    e.write_to(&mut m);
                    self.push_skipped(&mut m, key);
                    report.add(Kind::BadBetza, &row.place, m);
                }
                Err(_) => parsed.push(Piece::default()),
            }
        }
        (parsed.len() == alternatives.len()).then_some(parsed)
    }

    /// Alternatives must draw alike where the page draws the piece: its
    /// first cell, or the board's centre.
    fn compare_alternatives(
        &self,
        row: &RowDecl,
        alternatives: &[&str],
        parsed: &[Piece],
        board: &Board,
        report: &mut Report,
    ) {
        let key = row.key.as_deref().unwrap_or_default();
        let (at, colour) = match self.cell_of(key, 0) {
            Some((_, sq, colour)) => (sq, colour),
            None => (board.centre, Colour::White),
        };
        let page = &board.page;
        let draw = |p: &Piece| Diagram::compute(p, at, colour, &page.board, &SquareSet::EMPTY);
        let (Some(piece), Some(name)) = (parsed.first(), alternatives.first()) else {
            return;
        };
        let first = draw(piece);
        // Plain loops (no Zip/Skip/Find adaptors): the generic drop-in's code.
        let mut i = 1;
        while let (Some(alt), Some(other)) = (alternatives.get(i), parsed.get(i)) {
            let other = draw(other);
            for sq in page.board.iter() {
                let (a, b) = (first.mark(sq), other.mark(sq));
                if a != b {
                    report.say(
                        Kind::BadBetza,
                        &row.place,
                        Says::AlternativesDiffer,
                        &[
                            &row.name,
                            name,
                            alt,
                            &square_name(at),
                            &square_name(sq),
                            mark_name(a),
                            mark_name(b),
                        ],
                    );
                    return;
                }
            }
            i += 1;
        }
    }

    /// Alternatives joined by a word of another language than the page's.
    fn check_joiners(&self, row: &RowDecl, report: &mut Report) {
        let Some(words) = Words::known(&self.lang) else {
            return;
        };
        // Plain loops (no IntoIter/Find adaptors): the generic drop-in's code.
        'words: for w in joiners(&row.moves) {
            for o in words.or {
                if o.eq_ignore_ascii_case(w) {
                    continue 'words;
                }
            }
            report.say(
                Kind::ForeignWord,
                &row.place,
                Says::ForeignWord,
                &[
                    &row.name,
                    &row.moves,
                    w,
                    words.or.first().copied().unwrap_or("or"),
                    &self.lang,
                ],
            );
            return;
        }
    }

    /// The ranks (from each piece's own side) where a row's initial moves
    /// are drawn: its `data-start`; else the ranks where the "Initial
    /// setup" text places that piece; else rank 2. A piece with initial
    /// moves and no cell on those ranks is reported.
    fn starts(
        &self,
        me: usize,
        row: &RowDecl,
        piece: &Piece,
        board: bool,
        at: &Board,
        report: &mut Report,
    ) -> u16 {
        let place = &row.place;
        let initial = piece.moves().iter().any(|m| m.initial);
        let starts = match row.start.as_deref() {
            Some(text) => parse_start(text).unwrap_or_else(|| {
                report.say(Kind::BadAttribute, place, Says::BadStart, &[text]);
                DEFAULT_START
            }),
            None if initial => match at.setup.get(me) {
                Some(&mask) if mask != 0 => mask,
                _ => DEFAULT_START,
            },
            None => DEFAULT_START,
        };
        let key = row.key.as_deref().unwrap_or_default();
        // Whether a cell of it stands on a start rank (a plain loop).
        let (mut placed, mut i) = (false, 0);
        while let Some((next, sq, c)) = self.cell_of(key, i) {
            placed |= at_start(starts, sq, c, at.ranks);
            i = next;
        }
        if board && initial && !placed {
            let mut ranks = String::new();
            for r in 1..=16u16 {
                if starts & (1 << (r - 1)) != 0 {
                    ranks.push(' ');
                    push_number(&mut ranks, r.into());
                }
            }
            report.say(
                Kind::InitialUnplaced,
                place,
                Says::InitialUnplaced,
                &[&row.name, &ranks],
            );
        }
        starts
    }

    /// The ranks, from each side's own, where the setup text places each
    /// row's piece (bit r-1 for rank r; 0 if it places it nowhere): the
    /// setup text read once for all rows.
    fn setup_starts(&self, names: &[&str], ranks: u8) -> Vec<u16> {
        let mut masks = alloc::vec![0u16; names.len()];
        for placed in &setup::placements(&self.setup) {
            let found = names::rows_named(placed.name, names);
            let colour = placed.colour.unwrap_or(if placed.sq.rank() < ranks / 2 {
                Colour::White
            } else {
                Colour::Black
            });
            let rank = crate::page::declared::own_rank(placed.sq, colour, ranks);
            if !(1..=16).contains(&rank) {
                continue;
            }
            for &r in &names::narrow(&found, names, placed.heading) {
                if let Some(mask) = masks.get_mut(r) {
                    *mask |= 1 << (rank - 1);
                }
            }
        }
        masks
    }

    /// One declared cell: the board piece it makes, or `None` (reported).
    fn check_cell(
        &self,
        cell: &CellDecl,
        at: &Board,
        rows: &mut Rows<'_>,
        cells: &[BoardPiece],
        report: &mut Report,
    ) -> Option<BoardPiece> {
        let place = Place::Cell {
            id: cell.id.clone(),
            sq: cell.sq,
        };
        let own = cell.key.is_empty() && cell.extras.shows();
        if !own && !is_key(&cell.key) {
            report.say(Kind::BadAttribute, &place, Says::CellNoKey, &[&cell.key]);
            return None;
        }
        let colour = match cell.side.as_deref() {
            None | Some("white") => Colour::White,
            Some("black") => Colour::Black,
            Some(other) => {
                report.say(Kind::BadAttribute, &place, Says::BadSide, &[other]);
                return None;
            }
        };
        let Some(sq) = cell.sq else {
            report.say(Kind::NoSquare, &place, Says::NoId, &[&cell.key]);
            return None;
        };
        // (A cell with no key has no row: only a keyless row whose Betza
        // is bad has an empty key here, and it is disabled.)
        let row = match rows.keys.iter().find(|k| k.0 == cell.key) {
            // Its row's finding names it.
            Some((_, None)) => return None,
            Some(&(_, row)) => row,
            None => None,
        };
        let Some(piece) = row.or(own.then_some(usize::MAX)) else {
            report.say(
                Kind::UnknownPiece,
                &place,
                Says::UnknownPiece,
                &[&cell.key, &cell.key],
            );
            return None;
        };
        if cells.iter().any(|c| c.sq == sq) {
            report.say(Kind::NoSquare, &place, Says::TwoCells, &[]);
            return None;
        }
        let square = self.squares.iter().find(|s| s.sq == sq);
        // A demonstration alone (a piece in hand) may stand beside the
        // board: it shows the board, not itself.
        let beside = cell.key.is_empty() && cell.extras.moves.is_none();
        if !at.page.board.is_empty() && !beside && !square.is_some_and(|s| s.on_board) {
            report.say(Kind::NotOnBoard, &place, Says::NotOnBoard, &[]);
            return None;
        }
        if let Some(square) = square {
            self.check_side(square, colour, &place, report);
            if let Some(p) = row.and_then(|r| rows.pieces.get(r)) {
                self.check_image(square, p.name(), &at.names, &place, report);
            }
        }
        let piece = if cell.extras.any() {
            match self.extras_piece(cell, rows.pieces.get(piece)) {
                Ok(p) => {
                    rows.pieces.push(p);
                    rows.pieces.len() - 1
                }
                Err((kind, m)) => {
                    report.add(kind, &place, m);
                    return None;
                }
            }
        } else {
            piece
        };
        Some(BoardPiece { sq, piece, colour })
    }

    /// A cell declared White whose image or letter is Black's, or the
    /// reverse.
    fn check_side(&self, square: &SquareCell, colour: Colour, place: &Place, report: &mut Report) {
        let shown = square.shown_side(self.letter_cases_differ());
        if shown.is_none() || shown == Some(colour) {
            return;
        }
        let (what, text) = match &square.image {
            Some(src) => ("image", src.as_str()),
            None => ("letter", square.letter.as_deref().unwrap_or_default()),
        };
        let sentence = match colour {
            Colour::White => Says::BlackDeclaredWhite,
            Colour::Black => Says::WhiteDeclaredBlack,
        };
        report.say(Kind::WrongSide, place, sentence, &[what, text]);
    }

    /// A cell whose image shows another row's piece (by the image's file
    /// name: `sym/WhiteCommoner.png` on a cell declared as the King).
    fn check_image(
        &self,
        square: &SquareCell,
        name: &str,
        rows: &[&str],
        place: &Place,
        report: &mut Report,
    ) {
        let Some(src) = square.image.as_deref() else {
            return;
        };
        if let Some(other) = names::image_names_other(src, name, rows) {
            let other = collapse(rows.get(other).copied().unwrap_or_default());
            report.say(
                Kind::WrongImage,
                place,
                Says::WrongImage,
                &[src, &other, name, name, &other],
            );
        }
    }

    /// Pieces nobody declared: a piece's image or letter on a square of
    /// the board with no `data-piece` and no `data-still`.
    fn check_undeclared(&self, report: &mut Report) {
        for s in &self.squares {
            if !s.on_board || s.still || !s.shows_piece() {
                continue;
            }
            if self.cells.iter().any(|c| c.sq == Some(s.sq)) {
                continue;
            }
            let (sentence, shown) = match (&s.image, &s.letter) {
                (Some(src), _) => (Says::UndeclaredImage, src.as_str()),
                (None, Some(letter)) => (Says::UndeclaredLetter, letter.as_str()),
                (None, None) => continue,
            };
            let place = Place::Cell {
                id: s.id.clone(),
                sq: Some(s.sq),
            };
            report.say(Kind::Undeclared, &place, sentence, &[shown]);
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
                words: Vec::new(),
                piece: Piece::default(),
                starts: DEFAULT_START,
                demo: Vec::new(),
                spares: Vec::new(),
            },
        };
        let e = &cell.extras;
        if let Some(moves) = &e.moves {
            let moves = moves.trim_ascii();
            p.piece = betza::parse(moves).map_err(|err| {
                let mut m = says(Says::BadDataMoves, &[moves]);
                err.write_to(&mut m);
                push(&mut m, Says::CellDoesNothing, &[]);
                (Kind::BadBetza, m)
            })?;
            p.starts = u16::MAX;
        }
        if let Some(demo) = &e.demo {
            p.demo = crate::page::extras::parse_demo(demo)
                .map_err(|item| (Kind::BadAttribute, says(Says::BadDemo, &[&item])))?;
        }
        if let Some(keys) = &e.words {
            p.words = crate::page::extras::words(keys, &self.texts)
                .map_err(|key| (Kind::BadAttribute, says(Says::BadWords, &[&key, &key])))?;
        }
        Ok(p)
    }

    /// The first cell from index `from` declaring `key` on a square: the
    /// index after it (where to look for the next), its square and side.
    /// By index, not an iterator of adaptors: the generic drop-in's code.
    fn cell_of(&self, key: &str, from: usize) -> Option<(usize, Square, Colour)> {
        let mut i = from;
        while let Some(c) = self.cells.get(i) {
            i += 1;
            if let Some(sq) = c.sq.filter(|_| c.key == key) {
                let colour = match c.side.as_deref() {
                    Some("black") => Colour::Black,
                    _ => Colour::White,
                };
                return Some((i, sq, colour));
            }
        }
        None
    }

    /// Appends `; so its cells do nothing: sq1x1, sq2x2` (what a broken
    /// row disables), if it has cells.
    fn push_skipped(&self, out: &mut String, key: &str) {
        let mut ids = String::new();
        for c in &self.cells {
            if c.key == key {
                push_item(&mut ids, if c.id.is_empty() { "-" } else { &c.id });
            }
        }
        if !ids.is_empty() {
            push(out, Says::CellsSkipped, &[&ids]);
        }
    }
}

/// Appends `item` to a list of items separated by `, ` (items are never
/// empty: a cell's id or `-`, a file's path).
fn push_item(list: &mut String, item: &str) {
    if !list.is_empty() {
        list.push_str(", ");
    }
    list.push_str(item);
}

/// The message of a page whose board style sheet is missing.
pub fn missing_stylesheet() -> String {
    says(Says::NoStylesheet, &[])
}

/// The message of a page whose mark images are missing beside it: `files`
/// are their paths as the page asks for them (`sym/yellow.png`).
pub fn missing_marks(files: &[String]) -> String {
    let mut list = String::new();
    for f in files {
        push_item(&mut list, f);
    }
    says(Says::MissingMarks, &[&list])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::scene::Content;
    use crate::page::extras::CellExtras;
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
        assert_eq!(Ok(d.pieces[1].piece.clone()), betza::parse("RB"));
        assert_eq!(
            d.pieces[2].words,
            ["Lieu tenant", "Color-changing sideway move"]
        );
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
            c.findings
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            [
                "table row 5 (Z): bad-betza: Zebra: Moves 'fXW' (alternative 1 of 'fXW or Z') is not \
              Betza notation: unknown atom 'X' at character 2; so its cells do nothing: sq1x1, sq2x1"
            ]
        );
        assert_eq!(c.declared.cells.len(), 3);
        assert!(c.declared.pieces.iter().all(|p| p.name() != "Zebra"));
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
        assert_eq!(c.declared.pieces[0].name(), "King (Persian)");
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
        assert!(
            none.check().findings[0]
                .message
                .starts_with("no board found")
        );
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
             its row, or the squares the Initial setup text gives it), and no cell of it stands \
             there, so the page never shows them"
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
    fn start_ranks_come_from_the_setup_text() {
        use crate::page::declared::SetupLine;
        // A 10x10 page with no data-start: the setup text puts the Pawns
        // on the third ranks (a3-j3 White, a8-j8 Black).
        let mut decl = page_of(
            vec![
                RowDecl::new("P", "Pawn", "mfWcfFimfW2", ""),
                RowDecl::new("R", "Rook", "R", ""),
            ],
            &[
                ("sq1x2", "P", None),
                ("sq3x7", "P", Some("black")),
                ("sq0x0", "R", None),
            ],
        );
        let line = |heading: bool, text: &str| SetupLine {
            heading,
            text: text.into(),
        };
        decl.setup = vec![
            line(true, "White"),
            line(false, "a3-j3: Pawns"),
            line(false, "a1, j1: Rooks"),
            line(true, "Black"),
            line(false, "a8-j8: Pawns"),
        ];
        assert_eq!(found(&decl), []);
        let c = decl.check();
        let page = decl.page();
        let double = |code, to| {
            c.declared
                .scene(code, &page)
                .unwrap()
                .diagram
                .unwrap()
                .mark(to)
        };
        assert_eq!(double((1, 2), sq(1, 4)), Some(Mark::Move), "b3 to b5");
        assert_eq!(double((3, 7), sq(3, 5)), Some(Mark::Move), "d8 to d6");
        // data-start says otherwise: the page's explicit word wins.
        decl.rows[0].start = Some("2".into());
        assert_eq!(
            found(&decl),
            pairs(&[("table row 1 (P)", "initial-unplaced")])
        );
        // Without the setup text, rank 2.
        decl.rows[0].start = None;
        decl.setup.clear();
        assert_eq!(
            found(&decl),
            pairs(&[("table row 1 (P)", "initial-unplaced")])
        );
    }

    #[test]
    fn letters_are_pieces_with_a_side() {
        let mut decl = page_of(
            vec![
                RowDecl::new("C", "Cannon", "mRcpR", ""),
                RowDecl::new("K", "King", "K", ""),
            ],
            &[("sq2x2", "C", None), ("sq2x9", "K", Some("black"))],
        );
        let letter = |decl: &mut Declarations, x: u8, y: u8, l: &str| {
            let cell = decl.squares.iter_mut().find(|s| s.sq == sq(x, y)).unwrap();
            cell.image = None;
            cell.letter = Some(l.into());
        };
        letter(&mut decl, 2, 2, "C");
        letter(&mut decl, 2, 9, "k");
        assert_eq!(found(&decl), []);
        // An undeclared letter is a finding, and a screen all the same.
        letter(&mut decl, 2, 5, "p");
        assert_eq!(found(&decl), pairs(&[("sq2x5 (c6)", "undeclared")]));
        let c = decl.check();
        let page = decl.page();
        assert!(page.occupied.contains(sq(2, 5)));
        let cannon = c.declared.scene((2, 2), &page).unwrap().diagram.unwrap();
        assert_eq!(
            cannon.mark(sq(2, 9)),
            Some(Mark::Capture),
            "over c6 onto the King"
        );
        assert_eq!(cannon.mark(sq(2, 6)), None);
        // data-still: a piece that only stands there.
        decl.squares
            .iter_mut()
            .find(|s| s.sq == sq(2, 5))
            .unwrap()
            .still = true;
        assert_eq!(found(&decl), []);
        // A lower-case letter declared White, on a board of both cases.
        decl.cells[1].side = None;
        assert_eq!(found(&decl), pairs(&[("sq2x9 (c10)", "wrong-side")]));
        // All letters upper case: the case says nothing of the side.
        letter(&mut decl, 2, 9, "K");
        letter(&mut decl, 2, 5, "P");
        assert_eq!(found(&decl), []);
        // A chess symbol says its side.
        letter(&mut decl, 2, 9, "\u{265A}");
        assert_eq!(found(&decl), pairs(&[("sq2x9 (c10)", "wrong-side")]));
    }

    #[test]
    fn a_cell_whose_image_shows_another_rows_piece() {
        let mut decl = page_of(
            vec![
                RowDecl::new("K", "King", "K", ""),
                RowDecl::new("C", "Commoner (aka Man)", "K", ""),
            ],
            &[("sq2x2", "K", None), ("sq4x4", "C", None)],
        );
        decl.squares
            .iter_mut()
            .find(|s| s.sq == sq(2, 2))
            .unwrap()
            .image = Some("sym/WhiteCommoner.png".into());
        assert_eq!(found(&decl), pairs(&[("sq2x2 (c3)", "wrong-image")]));
        decl.cells[0].key = "C".into();
        assert_eq!(found(&decl), []);
    }

    #[test]
    fn a_row_with_no_name_is_said() {
        let decl = page_of(
            vec![RowDecl::new("K", " ", "K", "")],
            &[("sq2x2", "K", None)],
        );
        assert_eq!(found(&decl), pairs(&[("table row 1 (K)", "no-name")]));
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
                ("sq7x5", "Q", Some("black")),
                ("sq2x3", "Q", None),
            ],
        );
        let c = decl.check();
        assert_eq!(c.findings, []);
        let page = decl.page();
        // The Cannon hops e6 to capture Black's h6, and its slide stops at
        // d6; over c4 it finds its own Queen on c3, which it does not take.
        let cannon = c.declared.scene((2, 5), &page).unwrap().diagram.unwrap();
        assert_eq!(cannon.mark(sq(7, 5)), Some(Mark::Capture));
        assert_eq!(cannon.mark(sq(2, 4)), Some(Mark::Move));
        assert_eq!(cannon.mark(sq(2, 2)), None);
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
