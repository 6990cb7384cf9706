//! `glance lint`: checks XBoard's rules pages for what breaks their "Moves
//! at a Glance" boards (native only: the HTML is read by html5ever, through
//! the `scraper` crate).
//!
//! Each finding names the page, a place on it and a kind:
//! `FILE:CELL: KIND: message`. CELL is the id of the cell (`sq3x6`), or
//! `table row N` for a row of the piece table (rows counted from 1 at the
//! table's first row, the header being row 1 when it is first; `table K row
//! N` when a page has K > 1 piece tables), or `-` for the page as a whole
//! or a place with no id.
//!
//! The kinds, all of them errors except where marked (an error makes
//! `glance lint` exit with status 1, a warning does not):
//!
//! * `handler-syntax`: an inline `onmousedown` handler that is not
//!   `down_click(x,y)` with two whole numbers (`down_click(,)`);
//! * `dead-handler`: a `down_click(x,y)` code that the page's script
//!   (`spartan.js`, `chu.js` or `cwda.js`, by the file name of a
//!   `<script src>`) does not define: pressing it shows nothing;
//! * `no-script`: the page has `down_click` handlers but loads none of the
//!   three scripts (its codes then mean nothing; `dead-handler` is not
//!   checked);
//! * `unknown-piece`: a cell `<td data-piece="KEY">` whose KEY names no row
//!   `<tr data-piece="KEY">` of the piece table (keys are compared exactly,
//!   case included);
//! * `duplicate-piece`: two rows of the piece table with one KEY;
//! * `bad-attribute`: a `data-piece` that is no KEY (letters, digits and
//!   hyphens), or a `data-side` other than `white` or `black`;
//! * `bad-betza`: a row of the piece table whose Moves cell does not parse
//!   as Betza notation (the parser's message says which character), or
//!   whose alternatives (`RB or Q`, `RB ou Q`: see
//!   [`crate::declared::alternatives`]) draw different diagrams. An empty Moves
//!   cell or `-` is no finding (a piece without moves of its own);
//! * `table-disagrees` (**warning**): a row of the piece table whose Betza
//!   string draws a different diagram from the one the page's script shows
//!   for a piece of the same name that the page's board uses (see
//!   [`TABLE_BOARD`]). A warning because the script's click table, not the
//!   page, may be what is wrong, and because the legacy boards show some
//!   pieces on purpose otherwise than their rows say;
//! * `missing-image`: an `<img src>` that is no file next to the page
//!   (resolved against the page's folder; absolute `http(s):` and other
//!   URLs with a scheme, `//host/...` and root-relative `/...` paths are
//!   not checked: they depend on the server);
//! * `no-piece-paragraph`: a page with a board (a `table class="board"` or
//!   a cell id `sq{x}x{y}`) but no element with `id="piece"`, where the
//!   scripts write the piece's name and remarks (any element will do; the
//!   pages use `<p id="piece">`).
//!
//! The piece table is the `<table>` with a header row whose cells read
//! `Piece`, `ID`, `value`, `Moves (Betza notation)` and `Remarks` (text
//! content with whitespace collapsed, compared without regard to case; the
//! columns are found by those headers).
//!
//! ```
//! use glance::lint::{lint_html, Kind};
//! let page = r#"<table class="board"><tr>
//!   <td class="n" id="sq1x1" onmousedown="down_click(,)"></td></tr></table>
//!   <p id="piece"></p><script src="spartan.js"></script>"#;
//! let findings = lint_html("page.html", page, std::path::Path::new("."));
//! assert_eq!(findings.len(), 1);
//! assert_eq!(findings[0].kind, Kind::HandlerSyntax);
//! assert_eq!(findings[0].to_string(),
//!     r#"page.html:sq1x1: handler-syntax: onmousedown "down_click(,)" is not down_click(x,y) with two whole numbers"#);
//! ```

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

use scraper::{ElementRef, Html};

use crate::betza::{self, Piece};
use crate::clicks::{self, Entry, Script, Shows};
use crate::declared::{self, collapse, is_key};
use crate::{Colour, Diagram, Mark, Square, SquareSet};

/// How bad a finding is: errors make `glance lint` exit with status 1.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    Error,
    Warning,
}

/// What a finding is about (see the module's documentation).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    HandlerSyntax,
    DeadHandler,
    NoScript,
    UnknownPiece,
    DuplicatePiece,
    BadAttribute,
    BadBetza,
    TableDisagrees,
    MissingImage,
    NoPieceParagraph,
}

impl Kind {
    pub const ALL: [Kind; 10] = [
        Kind::HandlerSyntax,
        Kind::DeadHandler,
        Kind::NoScript,
        Kind::UnknownPiece,
        Kind::DuplicatePiece,
        Kind::BadAttribute,
        Kind::BadBetza,
        Kind::TableDisagrees,
        Kind::MissingImage,
        Kind::NoPieceParagraph,
    ];

    /// The name printed in findings: `dead-handler`.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::HandlerSyntax => "handler-syntax",
            Kind::DeadHandler => "dead-handler",
            Kind::NoScript => "no-script",
            Kind::UnknownPiece => "unknown-piece",
            Kind::DuplicatePiece => "duplicate-piece",
            Kind::BadAttribute => "bad-attribute",
            Kind::BadBetza => "bad-betza",
            Kind::TableDisagrees => "table-disagrees",
            Kind::MissingImage => "missing-image",
            Kind::NoPieceParagraph => "no-piece-paragraph",
        }
    }

    pub const fn severity(self) -> Severity {
        match self {
            Kind::TableDisagrees => Severity::Warning,
            _ => Severity::Error,
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The kinds and what they mean, for `glance lint --help`.
pub const KINDS_HELP: &str = "\
Prints one line per finding, FILE:CELL: KIND: message (CELL: a cell id such
as sq3x6, 'table row N' for the piece table, '-' for the page), or with
--json an array of {\"file\", \"cell\", \"kind\", \"message\"}.

Kinds (errors unless marked):
  handler-syntax      an onmousedown handler that is not down_click(x,y)
                      with two whole numbers
  dead-handler        a down_click code the page's script (spartan.js,
                      chu.js, cwda.js) does not define
  no-script           down_click handlers but none of those scripts
  unknown-piece       a cell's data-piece names no row of the piece table
  duplicate-piece     two rows of the piece table with one data-piece
  bad-attribute       a data-piece that is no key (letters, digits, -) or a
                      data-side other than white or black
  bad-betza           a Moves cell that does not parse, or alternatives
                      ('RB or Q') that draw different diagrams
  table-disagrees     (warning) a row whose Betza draws another diagram
                      than the script shows for that piece on the board
  missing-image       an <img src> that is no file next to the page
  no-piece-paragraph  a board but no element with id=\"piece\"

Exit status: 1 if there is an error, 0 if none (warnings only), 2 for
usage errors and pages that cannot be read.";

/// One problem found on a page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The page as it was named.
    pub file: String,
    /// A cell id, `table row N`, or `-`.
    pub cell: String,
    pub kind: Kind,
    pub message: String,
}

impl Finding {
    pub fn severity(&self) -> Severity {
        self.kind.severity()
    }

    /// The finding as a JSON object, keys in the order `file`, `cell`,
    /// `kind`, `message`.
    pub fn to_json(&self) -> String {
        let string = |s: &str| serde_json::Value::from(s).to_string();
        format!(
            "{{\"file\": {}, \"cell\": {}, \"kind\": {}, \"message\": {}}}",
            string(&self.file),
            string(&self.cell),
            string(self.kind.name()),
            string(&self.message)
        )
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: {}: {}",
            self.file, self.cell, self.kind, self.message
        )
    }
}

/// The findings as a JSON array, one object per line.
pub fn to_json(findings: &[Finding]) -> String {
    if findings.is_empty() {
        return "[]\n".to_string();
    }
    let items: Vec<String> = findings
        .iter()
        .map(|f| format!("  {}", f.to_json()))
        .collect();
    format!("[\n{}\n]\n", items.join(",\n"))
}

/// Reads and checks the page at `path` (findings name it as `path` is
/// written; its images are looked for in its folder). A page that is not
/// UTF-8 is read with its bad bytes replaced.
pub fn lint_file(path: &Path) -> std::io::Result<Vec<Finding>> {
    let bytes = std::fs::read(path)?;
    let html = String::from_utf8_lossy(&bytes);
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    Ok(lint_html(&path.display().to_string(), &html, &folder))
}

/// Checks the page `html`, named `file` in the findings, whose images are
/// looked for in `folder`.
pub fn lint_html(file: &str, html: &str, folder: &Path) -> Vec<Finding> {
    let doc = Html::parse_document(html);
    let mut lint = Lint {
        file,
        findings: Vec::new(),
    };
    let elements: Vec<ElementRef> = doc.root_element().descendent_elements().collect();
    let tables = piece_tables(&elements);

    lint.page(&elements);
    let used = lint.handlers(&elements);
    lint.keys(&elements, &tables);
    lint.images(&elements, folder);
    lint.table(&tables, &used);
    lint.findings
}

struct Lint<'f> {
    file: &'f str,
    findings: Vec<Finding>,
}

impl Lint<'_> {
    fn report(&mut self, cell: impl Into<String>, kind: Kind, message: String) {
        self.findings.push(Finding {
            file: self.file.to_string(),
            cell: cell.into(),
            kind,
            message,
        });
    }

    /// `no-piece-paragraph` and `no-script`.
    fn page(&mut self, elements: &[ElementRef]) {
        let has_board = elements.iter().any(|e| {
            (e.value().name() == "table" && has_class(e, "board"))
                || e.value().id().and_then(clicks::parse_cell_id).is_some()
        });
        let has_piece = elements.iter().any(|e| e.value().id() == Some("piece"));
        if has_board && !has_piece {
            self.report(
                "-",
                Kind::NoPieceParagraph,
                "the page has a board but no <p id=\"piece\"> for the piece's name and remarks"
                    .to_string(),
            );
        }
        let has_handlers = elements.iter().any(|e| e.attr("onmousedown").is_some());
        if has_handlers && script_of(elements).is_none() {
            self.report(
                "-",
                Kind::NoScript,
                "the page has down_click handlers but loads none of spartan.js, chu.js, cwda.js"
                    .to_string(),
            );
        }
    }

    /// `handler-syntax` and `dead-handler`; returns the entries the page's
    /// handlers show, each once, in page order.
    fn handlers(&mut self, elements: &[ElementRef]) -> Vec<&'static Entry> {
        let script = script_of(elements);
        let mut used: Vec<&'static Entry> = Vec::new();
        for e in elements {
            let Some(handler) = e.attr("onmousedown") else {
                continue;
            };
            let cell = cell_label(e);
            let Some((x, y)) = clicks::parse_handler(handler) else {
                let shown = collapse(handler);
                self.report(
                    cell,
                    Kind::HandlerSyntax,
                    format!(
                        "onmousedown \"{shown}\" is not down_click(x,y) with two whole numbers"
                    ),
                );
                continue;
            };
            let Some(script) = script else { continue };
            match clicks::lookup(script, x, y) {
                Some(entry) => {
                    if !used.iter().any(|u| u.code == entry.code) {
                        used.push(entry);
                    }
                }
                None => self.report(
                    cell,
                    Kind::DeadHandler,
                    format!(
                        "down_click({x},{y}) is not defined by {}: pressing it shows nothing",
                        script.file_name()
                    ),
                ),
            }
        }
        used
    }

    /// `unknown-piece`, `duplicate-piece` and `bad-attribute`.
    fn keys(&mut self, elements: &[ElementRef], tables: &[PieceTable]) {
        let mut keys: HashMap<&str, String> = HashMap::new();
        for table in tables {
            for row in &table.rows {
                let Some(key) = row.key.as_deref() else {
                    continue;
                };
                let here = table.row_label(row.number);
                if !is_key(key) {
                    self.report(
                        here,
                        Kind::BadAttribute,
                        format!("data-piece \"{key}\" is no key: letters, digits and hyphens"),
                    );
                    continue;
                }
                match keys.get(key) {
                    Some(first) => {
                        let message = format!("data-piece \"{key}\" is also on {first}");
                        self.report(here, Kind::DuplicatePiece, message);
                    }
                    None => {
                        keys.insert(key, here);
                    }
                }
            }
        }
        for e in elements {
            if !matches!(e.value().name(), "td" | "th") {
                continue;
            }
            let cell = cell_label(e);
            if let Some(side) = e.attr("data-side") {
                if side != "white" && side != "black" {
                    self.report(
                        cell.clone(),
                        Kind::BadAttribute,
                        format!("data-side \"{side}\" is neither \"white\" nor \"black\""),
                    );
                }
            }
            let Some(key) = e.attr("data-piece") else {
                continue;
            };
            if !is_key(key) {
                self.report(
                    cell,
                    Kind::BadAttribute,
                    format!("data-piece \"{key}\" is no key: letters, digits and hyphens"),
                );
            } else if tables.is_empty() {
                self.report(
                    cell,
                    Kind::UnknownPiece,
                    format!("data-piece \"{key}\": the page has no piece table"),
                );
            } else if !keys.contains_key(key) {
                self.report(
                    cell,
                    Kind::UnknownPiece,
                    format!("data-piece \"{key}\" names no row <tr data-piece=\"{key}\"> of the piece table"),
                );
            }
        }
    }

    /// `missing-image`.
    fn images(&mut self, elements: &[ElementRef], folder: &Path) {
        for e in elements {
            if e.value().name() != "img" {
                continue;
            }
            let Some(src) = e.attr("src") else { continue };
            let src = src.trim();
            if src.is_empty() {
                self.report(
                    cell_label(e),
                    Kind::MissingImage,
                    "<img> with an empty src".to_string(),
                );
                continue;
            }
            let Some(relative) = local_path(src) else {
                continue;
            };
            if !folder.join(&relative).is_file() {
                self.report(
                    cell_label(e),
                    Kind::MissingImage,
                    format!("{src}: no such file next to the page"),
                );
            }
        }
    }

    /// `bad-betza` and `table-disagrees`.
    fn table(&mut self, tables: &[PieceTable], used: &[&'static Entry]) {
        // Each row whose Moves all parse, with its first alternative.
        let mut pieces: Vec<Parsed> = Vec::new();
        for table in tables {
            for row in &table.rows {
                let label = table.row_label(row.number);
                if let Some((text, piece)) = self.row_betza(&label, row) {
                    pieces.push(Parsed {
                        row,
                        label,
                        text: text.to_string(),
                        diagram: diagram(&piece),
                    });
                }
            }
        }
        for &entry in used {
            let Shows::Piece { betza: shown, .. } = entry.shows else {
                continue;
            };
            let Ok(board_piece) = betza::parse(shown) else {
                continue;
            };
            let candidates = rows_named(&pieces, entry.name);
            if candidates.is_empty() {
                continue;
            }
            let board = diagram(&board_piece);
            let board_without_initial = without_initial(shown)
                .and_then(|s| betza::parse(&s).ok().map(|p| (s, diagram(&p))));
            let agrees = |p: &&Parsed| {
                first_difference(&p.diagram, &board).is_none()
                    || board_without_initial
                        .as_ref()
                        .is_some_and(|(_, b)| first_difference(&p.diagram, b).is_none())
            };
            if candidates.iter().any(agrees) {
                continue;
            }
            let first = candidates[0];
            let (compared, against) = match &board_without_initial {
                Some((s, d)) => (s.as_str(), d),
                None => (shown, &board),
            };
            let Some((sq, table_mark, board_mark)) = first_difference(&first.diagram, against)
            else {
                continue;
            };
            let (x, y) = entry.code;
            self.report(
                first.label.clone(),
                Kind::TableDisagrees,
                format!(
                    "{}: the table's '{}' and the board's down_click({x},{y}) '{compared}' \
                     differ first at {sq}: table {}, board {} ({BOARD_TEXT}, piece on {}, White)",
                    first.row.name,
                    first.text,
                    mark_name(table_mark),
                    mark_name(board_mark),
                    centre()
                ),
            );
        }
    }

    /// Checks a row's Moves cell; its first alternative, parsed, if all
    /// alternatives parse.
    fn row_betza<'r>(&mut self, here: &str, row: &'r Row) -> Option<(&'r str, Piece)> {
        let moves = row.moves.as_str();
        if moves.is_empty() || moves == "-" {
            return None;
        }
        let alternatives = declared::alternatives(moves);
        let mut parsed = Vec::new();
        let mut ok = true;
        for (i, alt) in alternatives.iter().enumerate() {
            match betza::parse(alt) {
                Ok(p) => parsed.push(p),
                Err(e) => {
                    ok = false;
                    let which = if alternatives.len() > 1 {
                        format!(" (alternative {} of '{moves}')", i + 1)
                    } else {
                        String::new()
                    };
                    self.report(
                        here,
                        Kind::BadBetza,
                        format!("{}: '{alt}'{which}: {e}", row.name),
                    );
                }
            }
        }
        if !ok {
            return None;
        }
        let first = diagram(&parsed[0]);
        for (alt, piece) in alternatives.iter().zip(&parsed).skip(1) {
            if let Some((sq, a, b)) = first_difference(&first, &diagram(piece)) {
                self.report(
                    here,
                    Kind::BadBetza,
                    format!(
                        "{}: the alternatives '{}' and '{alt}' draw different diagrams, first at \
                         {sq}: {} against {} ({}, piece on {}, White)",
                        row.name,
                        alternatives[0],
                        mark_name(a),
                        mark_name(b),
                        BOARD_TEXT,
                        centre()
                    ),
                );
            }
        }
        Some((alternatives[0], parsed.swap_remove(0)))
    }
}

/// A row of a piece table whose Moves parse.
struct Parsed<'r> {
    row: &'r Row,
    /// Where it is: `table row N`.
    label: String,
    /// Its first alternative.
    text: String,
    diagram: Diagram,
}

/// Which table rows a click-table entry's name matches, by the first of
/// these that finds any (names compared with whitespace collapsed and case
/// ignored):
/// 1. rows of the same name;
/// 2. rows whose name is the same once parenthesised parts are left out of
///    both (`King (Persian)` and `King`; `Commoner (aka Man)` and
///    `Commoner`);
/// 3. rows whose name so shortened starts with the entry's, as whole words
///    (`Hoplite Pawn` for `Hoplite`).
fn rows_named<'a, 'r>(pieces: &'a [Parsed<'r>], name: &str) -> Vec<&'a Parsed<'r>> {
    let full = fold(name);
    let base = fold(&without_parentheses(name));
    let tiers: [&dyn Fn(&Parsed) -> bool; 3] = [
        &|p| fold(&p.row.name) == full,
        &|p| !base.is_empty() && fold(&without_parentheses(&p.row.name)) == base,
        &|p| {
            !base.is_empty()
                && fold(&without_parentheses(&p.row.name))
                    .strip_prefix(&base)
                    .is_some_and(|rest| rest.starts_with(' '))
        },
    ];
    tiers
        .iter()
        .map(|matches| pieces.iter().filter(|p| matches(p)).collect::<Vec<_>>())
        .find(|found| !found.is_empty())
        .unwrap_or_default()
}

/// The board the diagrams are compared on: 16×16, empty, the piece White
/// on the centre square (h9).
pub const TABLE_BOARD: (u8, u8) = (16, 16);
const BOARD_TEXT: &str = "empty 16x16 board";

/// The square the compared pieces stand on (h9 on 16×16).
fn centre() -> Square {
    Square::centre(TABLE_BOARD.0, TABLE_BOARD.1)
}

fn diagram(piece: &Piece) -> Diagram {
    let board = SquareSet::rectangle(TABLE_BOARD.0, TABLE_BOARD.1).unwrap_or_default();
    Diagram::compute(piece, centre(), Colour::White, &board, &SquareSet::EMPTY)
}

/// The first square (a1, b1, …, a2, …) where two diagrams differ, with
/// their marks there.
fn first_difference(a: &Diagram, b: &Diagram) -> Option<(Square, Option<Mark>, Option<Mark>)> {
    let board = SquareSet::rectangle(TABLE_BOARD.0, TABLE_BOARD.1).unwrap_or_default();
    // A local, not the tail expression: the iterator borrows `board`.
    let first = board
        .iter()
        .map(|sq| (sq, a.mark(sq), b.mark(sq)))
        .find(|(_, x, y)| x != y);
    first
}

fn mark_name(mark: Option<Mark>) -> &'static str {
    mark.map_or("none", Mark::name)
}

/// A Betza string without its moves that have the initial prefix `i`, if
/// it has some and others: the legacy boards show the Pawns' initial double
/// step (`mfWcfFimfW2`), which the pages' tables leave out. The string is
/// cut into its top-level parts (modifiers, then an atom, a doubled atom,
/// a group or a leap, then a range); a string with a top-level chain is
/// left alone. The result must parse to the moves that are not initial.
fn without_initial(text: &str) -> Option<String> {
    let original = betza::parse(text).ok()?;
    let initial = original.moves().iter().filter(|m| m.initial).count();
    if initial == 0 || initial == original.moves().len() {
        return None;
    }
    let mut kept = String::new();
    for part in top_level_parts(text)? {
        let prefix_len = part.bytes().take_while(u8::is_ascii_lowercase).count();
        if !part[..prefix_len].contains('i') {
            kept.push_str(part);
        }
    }
    let stripped = betza::parse(&kept).ok()?;
    (stripped.moves().len() + initial == original.moves().len()).then_some(kept)
}

/// `mfWcfFimfW2` → `mfW`, `cfF`, `imfW2`; `None` if the string is not a
/// plain sequence of such parts.
fn top_level_parts(text: &str) -> Option<Vec<&str>> {
    let b = text.as_bytes();
    let mut parts = Vec::new();
    let (mut start, mut i) = (0, 0);
    while i < b.len() {
        while i < b.len() && b[i].is_ascii_lowercase() {
            i += 1;
        }
        match *b.get(i)? {
            c @ b'A'..=b'Z' => {
                i += 1;
                if b.get(i) == Some(&c) {
                    i += 1;
                }
            }
            open @ (b'(' | b'[') => {
                let close = if open == b'(' { b')' } else { b']' };
                let mut depth = 0;
                loop {
                    match *b.get(i)? {
                        c if c == open => depth += 1,
                        c if c == close => depth -= 1,
                        _ => {}
                    }
                    i += 1;
                    if depth == 0 {
                        break;
                    }
                }
            }
            _ => return None,
        }
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        parts.push(text.get(start..i)?);
        start = i;
    }
    Some(parts)
}

/// A piece table: its rows after the header.
struct PieceTable {
    /// 1 for the page's first piece table, 2 for the next…
    index: usize,
    /// How many piece tables the page has.
    count: usize,
    rows: Vec<Row>,
}

impl PieceTable {
    fn row_label(&self, number: usize) -> String {
        if self.count > 1 {
            format!("table {} row {number}", self.index)
        } else {
            format!("table row {number}")
        }
    }
}

/// A row of a piece table.
struct Row {
    /// Counted from 1 at the table's first row.
    number: usize,
    /// The Piece cell, whitespace collapsed.
    name: String,
    /// The Moves cell, whitespace collapsed.
    moves: String,
    /// Its `data-piece`.
    key: Option<String>,
}

const HEADERS: [&str; 5] = ["piece", "id", "value", "moves (betza notation)", "remarks"];

/// The page's piece tables, found by their header rows.
fn piece_tables(elements: &[ElementRef]) -> Vec<PieceTable> {
    let mut tables = Vec::new();
    for table in elements.iter().filter(|e| e.value().name() == "table") {
        let rows = rows_of(table);
        let header = rows.iter().enumerate().find_map(|(i, tr)| {
            let texts: Vec<String> = columns(tr).iter().map(|t| fold(t)).collect();
            let find = |h: &str| texts.iter().position(|t| t == h);
            let found: Option<Vec<usize>> = HEADERS.iter().map(|h| find(h)).collect();
            found.map(|cols| (i, cols[0], cols[3]))
        });
        // A translated page's headers are not English: a table whose rows
        // declare pieces (`data-piece`) is then the piece table, in
        // upstream's column order (Piece first, Moves fourth), its rows
        // starting at the first declared one.
        let header = header.map(|(h, p, m)| (h + 1, p, m)).or_else(|| {
            let first = rows.iter().position(|tr| tr.attr("data-piece").is_some())?;
            Some((first, 0, 3))
        });
        let Some((first_row, piece_col, moves_col)) = header else {
            continue;
        };
        let index = tables.len() + 1;
        let rows = rows
            .iter()
            .enumerate()
            .skip(first_row)
            .filter_map(|(i, tr)| {
                let cols = columns(tr);
                if cols.is_empty() {
                    return None;
                }
                let get = |c: usize| cols.get(c).cloned().unwrap_or_default();
                Some(Row {
                    number: i + 1,
                    name: get(piece_col),
                    moves: get(moves_col),
                    key: tr.attr("data-piece").map(str::to_string),
                })
            })
            .collect();
        tables.push(PieceTable {
            index,
            count: 0,
            rows,
        });
    }
    let count = tables.len();
    for t in &mut tables {
        t.count = count;
    }
    tables
}

/// The rows of a table, its own only (not those of tables inside it).
fn rows_of<'a>(table: &ElementRef<'a>) -> Vec<ElementRef<'a>> {
    let mut rows = Vec::new();
    for child in table.child_elements() {
        match child.value().name() {
            "tr" => rows.push(child),
            "thead" | "tbody" | "tfoot" => {
                rows.extend(child.child_elements().filter(|e| e.value().name() == "tr"))
            }
            _ => {}
        }
    }
    rows
}

/// The texts of a row's cells by column: a cell spanning several columns
/// gives its text to the first and empty text to the others.
fn columns(tr: &ElementRef) -> Vec<String> {
    let mut out = Vec::new();
    for cell in tr
        .child_elements()
        .filter(|e| matches!(e.value().name(), "td" | "th"))
    {
        out.push(collapse(&cell.text().collect::<String>()));
        let span: usize = cell
            .attr("colspan")
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(1);
        for _ in 1..span.min(100) {
            out.push(String::new());
        }
    }
    out
}

/// The script the page loads, by the file name of its first `<script src>`
/// that is one of the three.
fn script_of(elements: &[ElementRef]) -> Option<Script> {
    elements
        .iter()
        .filter(|e| e.value().name() == "script")
        .filter_map(|e| e.attr("src"))
        .find_map(|src| {
            let path = src.trim().split(['?', '#']).next().unwrap_or("");
            Script::from_name(clicks::after_last(path, b'/'))
        })
}

/// The place a finding on `e` names: the id of `e` or of the cell that
/// holds it, or `-`.
fn cell_label(e: &ElementRef) -> String {
    if let Some(id) = e.value().id().filter(|id| !id.is_empty()) {
        return id.to_string();
    }
    e.ancestors()
        .filter_map(ElementRef::wrap)
        .filter(|a| matches!(a.value().name(), "td" | "th"))
        .find_map(|a| a.value().id().filter(|id| !id.is_empty()))
        .unwrap_or("-")
        .to_string()
}

fn has_class(e: &ElementRef, class: &str) -> bool {
    e.attr("class")
        .is_some_and(|c| c.split_ascii_whitespace().any(|c| c == class))
}

/// [`collapse`]d and lower-cased, for comparing names.
fn fold(text: &str) -> String {
    collapse(text).to_lowercase()
}

/// `King (Persian)` → `King`.
fn without_parentheses(text: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            c if depth == 0 => out.push(c),
            _ => {}
        }
    }
    collapse(&out)
}

/// The file an image's `src` names relative to the page's folder, or
/// `None` for what cannot be checked from the page's folder: URLs with a
/// scheme (`https:`, `data:`), `//host/...` and root-relative `/...`.
/// The query and fragment are dropped and `%XX` escapes decoded.
fn local_path(src: &str) -> Option<PathBuf> {
    if src.starts_with('/') || src.starts_with('\\') {
        return None;
    }
    let before_slash = src.split('/').next().unwrap_or("");
    if before_slash.contains(':') {
        return None;
    }
    let path = src.split(['?', '#']).next().unwrap_or("");
    if path.is_empty() {
        return None;
    }
    Some(PathBuf::from(percent_decode(path)))
}

fn percent_decode(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |j: usize| b.get(j).and_then(|&c| (c as char).to_digit(16));
        if b[i] == b'%' {
            if let (Some(h), Some(l)) = (hex(i + 1), hex(i + 2)) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A page around `body`: the Spartan script, `#piece`, and a piece
    /// table with `rows` (each `(key, name, moves)`).
    fn page(body: &str, rows: &[(&str, &str, &str)]) -> String {
        let mut table = String::from(
            "<table border=1><tr><td>Piece</td><td>ID</td><td>value</td>\n\
             <td>Moves (<a href=\"Betza.html\">Betza\n   notation</a>)</td><td>Remarks</td></tr>\n",
        );
        for (key, name, moves) in rows {
            let key = if key.is_empty() {
                String::new()
            } else {
                format!(" data-piece=\"{key}\"")
            };
            table.push_str(&format!(
                "<tr{key}><td>{name}</td><td>X</td><td>1</td><td>{moves}</td><td></td></tr>\n"
            ));
        }
        table.push_str("</table>");
        format!(
            "<!--#include virtual=\"/server/html5-header.html\" -->\n<title>T</title>\n\
             <script type=\"text/javascript\" src=\"../dist/spartan.js\">\n</script>\n\
             <table class=\"board\"><tr>{body}</tr></table>\n<p id=\"piece\">:<br>:</p>\n{table}"
        )
    }

    fn lint(html: &str) -> Vec<Finding> {
        lint_html(
            "t.html",
            html,
            Path::new("/nonexistent-folder-of-glance-tests"),
        )
    }

    /// `(cell, kind)` of each finding.
    fn found(html: &str) -> Vec<(String, &'static str)> {
        lint(html)
            .into_iter()
            .map(|f| (f.cell, f.kind.name()))
            .collect()
    }

    fn pairs(list: &[(&str, &'static str)]) -> Vec<(String, &'static str)> {
        list.iter().map(|&(c, k)| (c.to_string(), k)).collect()
    }

    #[test]
    fn a_clean_page_has_no_finding() {
        let html = page(
            r#"<td class="n" id="sq3x6" onmousedown="down_click(3,6)" onmouseup="up_click()"></td>
               <td class="n" id="sq4x3" onmousedown=" down_click( 4 , 3 ) ;"></td>"#,
            &[("L", "Lieutenant", "FAmsW"), ("N", "Knight", "N")],
        );
        assert_eq!(lint(&html), []);
    }

    #[test]
    fn handler_syntax() {
        let html = page(
            r#"<td id="sq0x9" onmousedown="down_click(,)"></td>
               <td id="sq1x9" onmousedown="down_click(1e3,2)"></td>
               <td id="sq2x9" onmousedown="down_click (1,
                 2"></td>
               <td onmousedown=""></td>"#,
            &[],
        );
        let findings = lint(&html);
        assert_eq!(
            found(&html),
            pairs(&[
                ("sq0x9", "handler-syntax"),
                ("sq1x9", "handler-syntax"),
                ("sq2x9", "handler-syntax"),
                ("-", "handler-syntax"),
            ])
        );
        assert_eq!(
            findings[2].message,
            "onmousedown \"down_click (1, 2\" is not down_click(x,y) with two whole numbers"
        );
        assert_eq!(
            findings[0].to_string(),
            "t.html:sq0x9: handler-syntax: onmousedown \"down_click(,)\" is not down_click(x,y) \
             with two whole numbers"
        );
    }

    #[test]
    fn dead_handler_by_the_pages_script() {
        // (3,0) is defined by none of the scripts, (5,0) by cwda.js only,
        // (3,6) by all three, (4,-4) by spartan.js only.
        let body = r#"<td id="sq3x5" onmousedown="down_click(3,0)"></td>
                      <td id="sq5x0" onmousedown="down_click(5,0)"></td>
                      <td id="sq3x6" onmousedown="down_click(3,6)"></td>
                      <td id="sq4x4" onmousedown="down_click(4,-4)"></td>"#;
        let spartan = page(body, &[]);
        assert_eq!(
            found(&spartan),
            pairs(&[("sq3x5", "dead-handler"), ("sq5x0", "dead-handler")])
        );
        assert_eq!(
            lint(&spartan)[0].message,
            "down_click(3,0) is not defined by spartan.js: pressing it shows nothing"
        );
        let cwda = spartan.replace("../dist/spartan.js", "cwda.js?v=2");
        assert_eq!(
            found(&cwda),
            pairs(&[("sq3x5", "dead-handler"), ("sq4x4", "dead-handler")])
        );
        let chu = spartan.replace("../dist/spartan.js", "https://example.org/rules/chu.js");
        assert_eq!(
            found(&chu),
            pairs(&[
                ("sq3x5", "dead-handler"),
                ("sq5x0", "dead-handler"),
                ("sq4x4", "dead-handler"),
            ])
        );
    }

    #[test]
    fn no_script() {
        let html = page(r#"<td id="sq3x3" onmousedown="down_click(3,3)"></td>"#, &[])
            .replace("../dist/spartan.js", "board.js");
        assert_eq!(found(&html), pairs(&[("-", "no-script")]));
        // Without handlers no script is needed.
        let html = page(r#"<td id="sq3x3"></td>"#, &[]).replace("../dist/spartan.js", "x.js");
        assert_eq!(found(&html), []);
    }

    #[test]
    fn unknown_piece() {
        let html = page(
            r#"<td id="sq3x3" data-piece="L"></td>
               <td id="sq4x4" data-piece="lion"></td>
               <td id="sq5x5" data-piece="l" data-side="black"></td>"#,
            &[("L", "Lieutenant", "FAmsW"), ("", "Knight", "N")],
        );
        let findings = lint(&html);
        assert_eq!(
            found(&html),
            pairs(&[("sq4x4", "unknown-piece"), ("sq5x5", "unknown-piece")])
        );
        assert_eq!(
            findings[0].message,
            "data-piece \"lion\" names no row <tr data-piece=\"lion\"> of the piece table"
        );
        // No piece table at all.
        let bare = r#"<table class="board"><tr><td id="sq1x1" data-piece="K"></td></tr></table>
                      <p id="piece"></p>"#;
        assert_eq!(found(bare), pairs(&[("sq1x1", "unknown-piece")]));
    }

    #[test]
    fn duplicate_piece() {
        let html = page(
            r#"<td id="sq3x3" data-piece="K"></td>"#,
            &[
                ("K", "King", "K"),
                ("Q", "Queen", "Q"),
                ("K", "King (Spartan)", "K"),
            ],
        );
        let findings = lint(&html);
        assert_eq!(found(&html), pairs(&[("table row 4", "duplicate-piece")]));
        assert_eq!(
            findings[0].message,
            "data-piece \"K\" is also on table row 2"
        );
    }

    #[test]
    fn bad_attribute() {
        let html = page(
            r#"<td id="sq3x3" data-piece="K" data-side="Black"></td>
               <td id="sq4x3" data-piece="a b"></td>"#,
            &[("K", "King", "K"), ("x_y", "Queen", "Q")],
        );
        assert_eq!(
            found(&html),
            pairs(&[
                ("table row 3", "bad-attribute"),
                ("sq3x3", "bad-attribute"),
                ("sq4x3", "bad-attribute"),
            ])
        );
    }

    #[test]
    fn bad_betza() {
        let html = page(
            "",
            &[
                ("", "Lieutenant", "FAuW"),
                ("", "Queen", "RB or Q"),
                ("", "Archbishop", "BN or\n  B(N"),
                ("", "Amazon", "QN or Q"),
                ("", "Duck", "-"),
                ("", "Wall", ""),
                ("", "Dame", "RB ou Q (comme aux échecs)"),
                ("", "Amazone", "QN oder Q"),
            ],
        );
        let findings = lint(&html);
        assert_eq!(
            found(&html),
            pairs(&[
                ("table row 2", "bad-betza"),
                ("table row 4", "bad-betza"),
                ("table row 5", "bad-betza"),
                ("table row 9", "bad-betza"),
            ])
        );
        assert_eq!(
            findings[0].message,
            "Lieutenant: 'FAuW': unknown modifier 'u' at character 3"
        );
        assert_eq!(
            findings[1].message,
            "Archbishop: 'B(N' (alternative 2 of 'BN or B(N'): '(' at character 2 is never closed"
        );
        assert_eq!(
            findings[2].message,
            "Amazon: the alternatives 'QN' and 'Q' draw different diagrams, first at g7: leap \
             against none (empty 16x16 board, piece on h9, White)"
        );
        // Alternatives joined in another language are compared the same way.
        assert_eq!(
            findings[3].message,
            "Amazone: the alternatives 'QN' and 'Q' draw different diagrams, first at g7: leap \
             against none (empty 16x16 board, piece on h9, White)"
        );
    }

    #[test]
    fn table_disagrees() {
        // spartan.js: (3,6) is the Lieutenant FAmsW, (2,-1) the Pawn
        // mfWcfFimfW2, (7,3) the King K, (5,3) the Queen Q.
        let body = r#"<td id="sq3x6" onmousedown="down_click(3,6)"></td>
                      <td id="sq2x1" onmousedown="down_click(2,-1)"></td>
                      <td id="sq7x3" onmousedown="down_click(7,3)"></td>
                      <td id="sq5x3" onmousedown="down_click(5,3)"></td>"#;
        let agreeing = page(
            body,
            &[
                ("", "Lieutenant", "FAmsW"),
                // The board adds the initial double step: no finding.
                ("", "Pawn", "mfWcfF"),
                // Parenthesised parts are left out when no name is equal.
                ("", "King (Persian)", "K"),
                ("", "Queen", "RB or Q"),
            ],
        );
        assert_eq!(lint(&agreeing), []);
        let disagreeing = page(
            body,
            &[
                ("", " lieutenant ", "FAmsD"),
                ("", "Pawn", "fW"),
                ("", "King (Persian)", "WfF"),
                ("", "King (Spartan)", "K"),
                ("", "Queen", "Q or BR"),
                ("", "Knight", "NN"),
            ],
        );
        let findings = lint(&disagreeing);
        assert_eq!(
            found(&disagreeing),
            pairs(&[
                ("table row 2", "table-disagrees"),
                ("table row 3", "table-disagrees"),
            ])
        );
        assert_eq!(
            findings[0].message,
            "lieutenant: the table's 'FAmsD' and the board's down_click(3,6) 'FAmsW' differ \
             first at f9: table move, board none (empty 16x16 board, piece on h9, White)"
        );
        assert_eq!(
            findings[1].message,
            "Pawn: the table's 'fW' and the board's down_click(2,-1) 'mfWcfF' differ first at \
             g10: table none, board capture (empty 16x16 board, piece on h9, White)"
        );
        assert!(findings.iter().all(|f| f.severity() == Severity::Warning));
    }

    #[test]
    fn table_rows_are_matched_by_name() {
        // spartan.js: (2,-6) is the Hoplite mfFcfW, (7,3) the King K.
        let body = r#"<td id="sq2x6" onmousedown="down_click(2,-6)"></td>
                      <td id="sq7x3" onmousedown="down_click(7,3)"></td>"#;
        let rows = |hoplite: &'static str, king: &'static str| {
            page(
                body,
                &[
                    ("", "Hoplite Pawn", hoplite),
                    ("", "Kingfisher", "N"),
                    ("", "King", king),
                    ("", "King (Spartan)", "N"),
                ],
            )
        };
        assert_eq!(found(&rows("mfFcfW", "K")), []);
        // The exact name wins over the shortened ones.
        assert_eq!(
            found(&rows("mfFcfW", "Q")),
            pairs(&[("table row 4", "table-disagrees")])
        );
        assert_eq!(
            found(&rows("fW", "K")),
            pairs(&[("table row 2", "table-disagrees")])
        );
    }

    #[test]
    fn missing_image() {
        let folder = std::env::temp_dir().join(format!("glance-lint-unit-{}", std::process::id()));
        std::fs::create_dir_all(folder.join("sym")).unwrap();
        std::fs::write(folder.join("sym/WhiteKing.png"), b"").unwrap();
        std::fs::write(folder.join("a b.png"), b"").unwrap();
        let html = page(
            r#"<td id="sq1x1"><img src="sym/WhiteKing.png"></td>
               <td id="sq2x1"><span><img src="sym/BlackKing.png"></span></td>
               <td><img src="a%20b.png?v=1#x"></td>
               <td><img src="https://example.org/x.png"><img src="//example.org/y.png">
                   <img src="/root.png"><img src="data:image/png;base64,AAAA"></td>
               <td id="sq4x1"><img src=""></td>"#,
            &[],
        );
        let findings = lint_html("t.html", &html, &folder);
        std::fs::remove_dir_all(&folder).unwrap();
        assert_eq!(
            findings
                .iter()
                .map(|f| (f.cell.as_str(), f.kind, f.message.as_str()))
                .collect::<Vec<_>>(),
            [
                (
                    "sq2x1",
                    Kind::MissingImage,
                    "sym/BlackKing.png: no such file next to the page"
                ),
                ("sq4x1", Kind::MissingImage, "<img> with an empty src"),
            ]
        );
    }

    #[test]
    fn no_piece_paragraph() {
        let html = page(r#"<td id="sq1x1"></td>"#, &[]).replace("id=\"piece\"", "id=\"notes\"");
        assert_eq!(found(&html), pairs(&[("-", "no-piece-paragraph")]));
        // A board found by its cell ids alone, and #piece on another element.
        assert_eq!(
            found(r#"<table><tr><td id="sq0x0"></td></tr></table>"#),
            pairs(&[("-", "no-piece-paragraph")])
        );
        assert_eq!(
            found(r#"<table><tr><td id="sq0x0"></td></tr></table><div id="piece"></div>"#),
            []
        );
        // No board, no paragraph needed.
        assert_eq!(found("<p>Rules</p>"), []);
    }

    #[test]
    fn the_piece_table_is_found_by_its_header() {
        // Headers in <th>, in a <thead>, spread over lines; a row number
        // counts the header; a second piece table is named `table 2`.
        let html = r#"<table><thead><tr><th> Piece </th><th>ID</th><th>Value</th>
            <th>Moves
              (<a href="Betza.html">Betza notation</a>)</th><th>Remarks</th></tr></thead>
            <tr><td>Rook</td><td>R</td><td>5</td><td>R</td><td></td></tr>
            <tr><td colspan="3">Wazir</td><td>Wx</td><td></td></tr></table>
            <table><tr><td>Piece</td><td>ID</td><td>value</td><td>Moves (Betza notation)</td>
            <td>Remarks</td></tr><tr><td>Queen</td><td>Q</td><td>9</td><td>Q(</td><td></td></tr>
            </table>
            <table><tr><td>Piece</td><td>Moves (Betza notation)</td></tr>
            <tr><td>Not a piece table</td><td>?!</td></tr></table>"#;
        let findings = lint(html);
        assert_eq!(
            found(html),
            pairs(&[
                ("table 1 row 3", "bad-betza"),
                ("table 2 row 2", "bad-betza")
            ])
        );
        assert!(findings[0].message.starts_with("Wazir: 'Wx': "));
    }

    #[test]
    fn a_translated_piece_table_is_found_by_its_declared_rows() {
        // French headers: the rows declaring pieces make it the piece table.
        let page = |moves: &str| {
            format!(
                r#"<table class="board"><tr><td class="n" id="sq0x0" data-piece="queen"></td></tr></table>
                <p id="piece">:</p>
                <table><tr><td>Pièce</td><td>ID</td><td>valeur</td><td>Déplacements</td><td>Remarques</td></tr>
                <tr data-piece="queen"><td>Dame</td><td>Q</td><td>9</td><td>{moves}</td><td></td></tr></table>"#
            )
        };
        assert_eq!(found(&page("RB")), []);
        assert_eq!(found(&page("RB(")), pairs(&[("table row 2", "bad-betza")]));
    }

    #[test]
    fn json_keeps_the_keys_in_order_and_escapes() {
        let f = Finding {
            file: "a \"b\".html".to_string(),
            cell: "-".to_string(),
            kind: Kind::MissingImage,
            message: "x\\y\n".to_string(),
        };
        assert_eq!(
            to_json(std::slice::from_ref(&f)),
            "[\n  {\"file\": \"a \\\"b\\\".html\", \"cell\": \"-\", \"kind\": \"missing-image\", \
             \"message\": \"x\\\\y\\n\"}\n]\n"
        );
        assert_eq!(to_json(&[]), "[]\n");
        let back: serde_json::Value = serde_json::from_str(&to_json(&[f.clone(), f])).unwrap();
        assert_eq!(back[1]["file"], "a \"b\".html");
    }

    #[test]
    fn initial_moves_are_left_out_for_the_comparison() {
        assert_eq!(without_initial("mfWcfFimfW2").as_deref(), Some("mfWcfF"));
        assert_eq!(without_initial("mfFcfWimfA").as_deref(), Some("mfFcfW"));
        assert_eq!(without_initial("imfW2NN").as_deref(), Some("NN"));
        // Nothing initial, or nothing else.
        assert_eq!(without_initial("FAmsW"), None);
        assert_eq!(without_initial("isO2"), None);
        assert_eq!(
            top_level_parts("KADN(cK-aK)(K-bK)"),
            Some(vec!["K", "A", "D", "N", "(cK-aK)", "(K-bK)"])
        );
        assert_eq!(top_level_parts("W-F"), None);
    }

    #[test]
    fn every_kind_is_in_the_help() {
        for kind in Kind::ALL {
            assert!(
                KINDS_HELP.contains(&format!("  {} ", kind.name())),
                "{kind}"
            );
        }
        let warnings: Vec<Kind> = Kind::ALL
            .into_iter()
            .filter(|k| k.severity() == Severity::Warning)
            .collect();
        assert_eq!(warnings, [Kind::TableDisagrees]);
    }
}
