//! `glance lint`: checks XBoard's rules pages for what breaks their "Moves
//! at a Glance" boards (native only: the HTML is read by html5ever, through
//! the `scraper` crate, with the page reader `dist/glance.js` uses).
//!
//! Each finding names the page, a place on it and a kind:
//! `FILE:PLACE: KIND: message`. PLACE is a cell's id and square
//! (`sq4x3 (e4)`), `table row N (KEY)` for a row of the piece table (rows
//! counted from 1 after its header; `table K row N` when a page has K > 1
//! piece tables), or `-` for the page as a whole or a place with no id.
//!
//! What a page declares (`data-piece`, see [`crate::page::declared`]) is checked
//! by [`Declarations::check`], the very code `dist/glance.js` runs on the
//! page: the page's console says each of those findings in the same words.
//! Lint adds what only a file can tell: the legacy click codes, and the
//! files beside the page. On a legacy page (no `data-piece`, no
//! `glance.js`) only its piece tables are checked of the declarations.
//! The kinds are [`Kind`]'s; which are errors and which warnings is
//! decided there ([`Kind::severity`]): an error makes `glance lint` exit
//! with status 1, a warning does not.
//!
//! ```
//! use glance::tools::lint::{lint_html, Kind};
//! let page = r#"<table class="board"><tr>
//!   <td class="n" id="sq1x1" onmousedown="down_click(,)"></td></tr></table>
//!   <p id="piece"></p><script src="spartan.js"></script>"#;
//! let findings = lint_html("page.html", page, std::path::Path::new("."));
//! assert_eq!(findings.len(), 1);
//! assert_eq!(findings[0].kind, Kind::HandlerSyntax);
//! assert_eq!(findings[0].to_string(),
//!     r#"page.html:sq1x1 (b2): handler-syntax: onmousedown "down_click(,)" is not down_click(x,y) with two whole numbers"#);
//! ```

use std::fmt;
use std::path::{Path, PathBuf};

use scraper::ElementRef;

use crate::board::clicks::{self, Entry, Shows};
use crate::engine::betza::{self, Piece};
use crate::engine::dialect;
use crate::page::check::{missing_marks, missing_stylesheet};
use crate::page::declared::{self, Declarations, RowDecl, collapse};
use crate::page::finding::{self as shared, Place};
pub use crate::page::finding::{Kind, Severity};
use crate::page::html::Document;
use crate::tools::legacy;
use crate::{Colour, Diagram, Mark, Square, SquareSet};

mod demo_fen;
mod lint_command;
pub use lint_command::{Options, run};

/// The kinds and what they mean, for `glance lint --help`.
pub const KINDS_HELP: &str = "\
Prints one line per finding, FILE:PLACE: KIND: message (PLACE: a cell id and
its square such as sq3x6 (d7), 'table row N (KEY)' for the piece table, '-'
for the page), or with --json an array of {\"file\", \"cell\", \"kind\",
\"message\"}. What a page declares is checked by the code glance.js runs on
the page: its console says the same findings in the same words.

Kinds (errors unless marked):
  handler-syntax      an onmousedown handler that is not down_click(x,y)
                      with two whole numbers
  dead-handler        a down_click code the page's script (spartan.js,
                      chu.js, cwda.js) does not define
  no-script           down_click handlers but none of those scripts
  table-disagrees     (warning) a row whose Betza draws another diagram
                      than the legacy script shows for that piece
  missing-image       an <img src> that is no file next to the page
  unknown-piece       a cell's data-piece names no row of the piece table
  duplicate-piece     two rows of the piece table with one data-piece
  bad-attribute       a data-piece that is no key (letters, digits, -), a
                      data-side other than white or black, a bad data-start
  bad-betza           a Moves cell that does not parse, or alternatives
                      ('RB or Q') that draw different moves on the page
  no-square           a declared cell without an id sq{x}x{y}, or two
                      cells of one id
  not-on-board        a declared cell without class=\"n\" (no square of
                      the board), or a board with no such cell
  undeclared          a board cell showing a piece (an image or a letter)
                      but no data-piece and no data-still
  wrong-side          a Black image or letter on a cell declared White, or
                      the reverse
  wrong-image         (warning) a declared cell whose image shows another
                      row's piece (sym/WhiteCommoner.png on the King's cell)
  no-name             (warning) a row with data-piece and an empty Piece
                      cell: its cells show their moves with no name
  foreign-word        (warning) alternatives joined by a word not of the
                      page's language ('RB or Q' on a French page)
  initial-unplaced    (warning) a piece with initial moves (i) none of
                      whose cells stands on its start ranks (data-start,
                      or the squares of the Initial setup text)
  dialect             (warning) a Betza string that XBoard's move
                      generator, the Interactive Diagram or Fairy-Stockfish
                      read otherwise than the pages do
  empty-moves         (warning) a row whose Moves cell is empty and whose
                      Remarks cell reads as Betza (typed one column over)
  missing-file        (warning) moves.css or the mark images (sym/*.png)
                      are not beside the page
  no-piece-paragraph  (warning) a board but no element with id=\"piece\"
  no-board            no board, or no declared piece on it
  bad-rule            a data-rule that is not key=value claims separated
                      by ';', each key one Fairy-Stockfish reads or a
                      documented fsf: name (docs/variant-pages.md)
  fen-disagrees       (warning) a demonstration cell (a piece in hand)
                      whose data-fen is not the position its press shows
                      (data-demo made on the board): the first square
                      that differs, or the FEN's size

Exit status: 1 if there is an error, 0 if none (warnings only), 2 for
usage errors and pages that cannot be read.";

/// One problem found on a page: a [`shared::Finding`] with the file it is
/// in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The page as it was named.
    pub file: String,
    /// The place, as text: `sq4x3 (e4)`, `table row N (KEY)`, or `-`.
    pub cell: String,
    pub kind: Kind,
    pub message: String,
}

impl Finding {
    fn new(file: &str, f: shared::Finding) -> Finding {
        Finding {
            file: file.to_string(),
            cell: f.place_text(),
            kind: f.kind,
            message: f.message,
        }
    }

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
    let doc = Document::parse(html);
    let decl = doc.read();
    let elements: Vec<ElementRef> = doc.html().root_element().descendent_elements().collect();
    let mut found: Vec<shared::Finding> = Vec::new();
    let used = handlers(doc.html(), &mut found);
    if declares(&decl, &elements) {
        let checked = decl.check();
        found.extend(checked.findings);
        files(&decl, &checked.declared, folder, &mut found);
    } else {
        found.extend(decl.check_table());
    }
    images(&elements, folder, &mut found);
    table(&decl.rows, &used, &mut found);
    dialects(&decl.rows, &mut found);
    empty_moves(&decl.rows, &mut found);
    found.extend(super::rule_claims::check(&elements));
    found.extend(demo_fen::check(&doc.root(), &decl));
    found.into_iter().map(|f| Finding::new(file, f)).collect()
}

/// Whether the page is served by `glance.js`: it loads it, or declares a
/// piece.
fn declares(decl: &Declarations, elements: &[ElementRef]) -> bool {
    !decl.cells.is_empty()
        || decl.rows.iter().any(|r| r.key.is_some())
        || scripts(elements).any(|file| file == "glance.js")
}

/// The file names of the page's `<script src>`s.
fn scripts<'a>(elements: &'a [ElementRef<'a>]) -> impl Iterator<Item = &'a str> + 'a {
    elements
        .iter()
        .filter(|e| e.value().name() == "script")
        .filter_map(|e| e.attr("src"))
        .map(|src| {
            let path = src.trim().split(['?', '#']).next().unwrap_or("");
            clicks::after_last(path, b'/')
        })
}

fn report(found: &mut Vec<shared::Finding>, place: Place, kind: Kind, message: String) {
    found.push(shared::Finding::new(kind, place, message));
}

/// `handler-syntax`, `dead-handler` and `no-script`, from the handlers as
/// [`legacy::read`] reads them (as `glance migrate` does); returns the
/// entries the page's handlers show, each once, in page order.
fn handlers(doc: &scraper::Html, found: &mut Vec<shared::Finding>) -> Vec<&'static Entry> {
    let page = legacy::read(doc);
    let mut used: Vec<&'static Entry> = Vec::new();
    let mut any = false;
    for h in &page.handlers {
        let Some(handler) = h.down else {
            continue;
        };
        any = true;
        let cell = Place::cell(&cell_label(&h.element));
        let Some((x, y)) = h.code else {
            let shown = collapse(handler);
            report(
                found,
                cell,
                Kind::HandlerSyntax,
                format!("onmousedown \"{shown}\" is not down_click(x,y) with two whole numbers"),
            );
            continue;
        };
        let Some((_, script)) = page.script else {
            continue;
        };
        match h.entry {
            Some(entry) => {
                if !used.iter().any(|u| u.code == entry.code) {
                    used.push(entry);
                }
            }
            None => report(
                found,
                cell,
                Kind::DeadHandler,
                format!(
                    "down_click({x},{y}) is not defined by {}: pressing it shows nothing",
                    script.file_name()
                ),
            ),
        }
    }
    if any && page.script.is_none() {
        report(
            found,
            Place::Page,
            Kind::NoScript,
            "the page has down_click handlers but loads none of spartan.js, chu.js, cwda.js"
                .to_string(),
        );
    }
    used
}

/// `missing-file`: moves.css and the mark images the page's pieces show,
/// looked for beside the page (as the browser asks for them).
fn files(
    decl: &Declarations,
    declared: &declared::Declared,
    folder: &Path,
    found: &mut Vec<shared::Finding>,
) {
    if let Some(href) = &decl.stylesheet {
        if local_path(href).is_some_and(|p| !folder.join(p).is_file()) {
            report(found, Place::Page, Kind::MissingFile, missing_stylesheet());
        }
    }
    let dir = decl.image_dir();
    let missing: Vec<String> = declared
        .marks_shown(&decl.page())
        .into_iter()
        .map(|m| format!("{dir}{}.png", m.image()))
        .filter(|src| local_path(src).is_some_and(|p| !folder.join(p).is_file()))
        .collect();
    if !missing.is_empty() {
        report(
            found,
            Place::Page,
            Kind::MissingFile,
            missing_marks(&missing),
        );
    }
}

/// `missing-image`.
fn images(elements: &[ElementRef], folder: &Path, found: &mut Vec<shared::Finding>) {
    for e in elements {
        if e.value().name() != "img" {
            continue;
        }
        let Some(src) = e.attr("src") else { continue };
        let src = src.trim();
        let cell = Place::cell(&cell_label(e));
        if src.is_empty() {
            report(
                found,
                cell,
                Kind::MissingImage,
                "<img> with an empty src".to_string(),
            );
            continue;
        }
        let Some(relative) = local_path(src) else {
            continue;
        };
        if !folder.join(&relative).is_file() {
            report(
                found,
                cell,
                Kind::MissingImage,
                format!("{src}: no such file next to the page"),
            );
        }
    }
}

/// `dialect`: each group of a row's Betza strings that XBoard's move
/// generator, the Interactive Diagram or Fairy-Stockfish read otherwise
/// than the pages ([`crate::engine::dialect`]), with a spelling all read alike.
/// The page draws what the pages mean; the warning is for an author who
/// also plays the variant in those programs.
fn dialects(rows: &[RowDecl], found: &mut Vec<shared::Finding>) {
    for row in rows {
        for alt in declared::alternatives(&row.moves) {
            for note in dialect::readings(alt) {
                report(
                    found,
                    row.place.clone(),
                    Kind::Dialect,
                    format!(
                        "{}: '{alt}': {} read {} otherwise: {}; '{}' reads alike in all of them",
                        row.name,
                        note.programs.join(" and "),
                        note.group,
                        note.message,
                        note.alike
                    ),
                );
            }
        }
    }
}

/// `empty-moves`: a row whose Moves cell is empty states no moves, and
/// draws none; when its Remarks cell reads as Betza (every alternative
/// parses, no remark in parentheses), the string was most likely typed one
/// column over (`glance migrate` keeps the legacy's drawing for such a
/// row, for review).
fn empty_moves(rows: &[RowDecl], found: &mut Vec<shared::Finding>) {
    for row in rows {
        if !row.moves.trim().is_empty() || row.remarks.contains('(') {
            continue;
        }
        let alts = declared::alternatives(&row.remarks);
        if alts.is_empty() || !alts.iter().all(|a| betza::parse(a).is_ok()) {
            continue;
        }
        report(
            found,
            row.place.clone(),
            Kind::EmptyMoves,
            format!(
                "{}: the Moves cell is empty, so the row draws no moves, and its Remarks cell '{}' reads as Betza: \
                 typed one column over? (move it into the Moves cell)",
                row.name, row.remarks
            ),
        );
    }
}

/// A row of a piece table whose Moves parse.
struct Parsed<'r> {
    row: &'r RowDecl,
    /// Its first alternative.
    text: String,
    diagram: Diagram,
}

/// `table-disagrees`: a row whose first alternative draws otherwise than
/// the legacy script's entry of the same name that the page's board uses.
fn table(rows: &[RowDecl], used: &[&'static Entry], found: &mut Vec<shared::Finding>) {
    if used.is_empty() {
        return;
    }
    let pieces: Vec<Parsed> = rows
        .iter()
        .filter_map(|row| {
            let alternatives = declared::alternatives(&row.moves);
            let first = *alternatives.first()?;
            let piece = betza::parse(first).ok()?;
            Some(Parsed {
                row,
                text: first.to_string(),
                diagram: diagram(&piece),
            })
        })
        .collect();
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
        let board_without_initial =
            without_initial(shown).and_then(|s| betza::parse(&s).ok().map(|p| (s, diagram(&p))));
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
        let Some((sq, table_mark, board_mark)) = first_difference(&first.diagram, against) else {
            continue;
        };
        let (x, y) = entry.code;
        report(
            found,
            first.row.place.clone(),
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
    board
        .iter()
        .map(|sq| (sq, a.mark(sq), b.mark(sq)))
        .find(|(_, x, y)| x != y)
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

/// The place a finding on `e` names: the id of `e` or of the cell that
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

    /// The findings on `html`, but the dialect warnings (see
    /// `dialect_warnings`): the legacy strings of these tests (`FAmsW`,
    /// `mfWcfF`) are read otherwise by XBoard's generator.
    fn lint(html: &str) -> Vec<Finding> {
        lint_html(
            "t.html",
            html,
            Path::new("/nonexistent-folder-of-glance-tests"),
        )
        .into_iter()
        .filter(|f| f.kind != Kind::Dialect)
        .collect()
    }

    #[test]
    fn dialect_warnings() {
        let html = page(
            "",
            &[
                ("", "Pawn", "fmWfcF"),
                ("", "Turret", "bKfsR"),
                ("", "Cannon", "mRcpR or pR"),
            ],
        );
        let all = lint_html(
            "t.html",
            &html,
            Path::new("/nonexistent-folder-of-glance-tests"),
        );
        let lines: Vec<(&str, &str)> = all
            .iter()
            .map(|f| (f.cell.as_str(), f.message.as_str()))
            .collect();
        assert_eq!(lines.len(), 2, "{lines:#?}");
        assert_eq!(lines[0].0, "table row 2");
        assert!(
            lines[0]
                .1
                .starts_with("Turret: 'bKfsR': XBoard and Interactive Diagram read bK otherwise: ")
        );
        assert!(
            lines[0].1.ends_with("; 'bWbF' reads alike in all of them"),
            "{}",
            lines[0].1
        );
        assert_eq!(lines[1].0, "table row 3");
        assert!(lines[1].1.starts_with("Cannon: 'pR': "), "{}", lines[1].1);
        assert!(
            all.iter()
                .all(|f| f.kind == Kind::Dialect && f.severity() == Severity::Warning)
        );
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
            &[("", "Lieutenant", "FAmsW"), ("", "Knight", "N")],
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
                ("sq0x9 (a10)", "handler-syntax"),
                ("sq1x9 (b10)", "handler-syntax"),
                ("sq2x9 (c10)", "handler-syntax"),
                ("-", "handler-syntax"),
            ])
        );
        assert_eq!(
            findings[2].message,
            "onmousedown \"down_click (1, 2\" is not down_click(x,y) with two whole numbers"
        );
        assert_eq!(
            findings[0].to_string(),
            "t.html:sq0x9 (a10): handler-syntax: onmousedown \"down_click(,)\" is not down_click(x,y) \
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
            pairs(&[
                ("sq3x5 (d6)", "dead-handler"),
                ("sq5x0 (f1)", "dead-handler")
            ])
        );
        assert_eq!(
            lint(&spartan)[0].message,
            "down_click(3,0) is not defined by spartan.js: pressing it shows nothing"
        );
        let cwda = spartan.replace("../dist/spartan.js", "cwda.js?v=2");
        assert_eq!(
            found(&cwda),
            pairs(&[
                ("sq3x5 (d6)", "dead-handler"),
                ("sq4x4 (e5)", "dead-handler")
            ])
        );
        let chu = spartan.replace("../dist/spartan.js", "https://example.org/rules/chu.js");
        assert_eq!(
            found(&chu),
            pairs(&[
                ("sq3x5 (d6)", "dead-handler"),
                ("sq5x0 (f1)", "dead-handler"),
                ("sq4x4 (e5)", "dead-handler"),
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
                ("table row 1", "table-disagrees"),
                ("table row 2", "table-disagrees"),
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
            pairs(&[("table row 3", "table-disagrees")])
        );
        assert_eq!(
            found(&rows("fW", "K")),
            pairs(&[("table row 1", "table-disagrees")])
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
                    "sq2x1 (c2)",
                    Kind::MissingImage,
                    "sym/BlackKing.png: no such file next to the page"
                ),
                ("sq4x1 (e2)", Kind::MissingImage, "<img> with an empty src"),
            ]
        );
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
                ("table 1 row 2", "bad-betza"),
                ("table 2 row 1", "bad-betza")
            ])
        );
        assert!(
            findings[0]
                .message
                .starts_with("Wazir: Moves 'Wx' is not Betza notation: ")
        );
    }

    #[test]
    fn a_translated_piece_table_is_found_by_its_declared_rows() {
        // French headers: the rows declaring pieces make it the piece table.
        let page = |moves: &str| {
            format!(
                r#"<link rel="stylesheet" href="https://example.org/moves.css">
                <table class="board"><tr><td class="n" id="sq0x0" data-piece="queen"></td></tr></table>
                <p id="piece">:</p>
                <table><tr><td>Pièce</td><td>ID</td><td>valeur</td><td>Déplacements</td><td>Remarques</td></tr>
                <tr data-piece="queen"><td>Dame</td><td>Q</td><td>9</td><td>{moves}</td><td></td></tr></table>"#
            )
        };
        assert_eq!(found(&page("RB")), []);
        assert_eq!(
            found(&page("RB(")),
            pairs(&[("table row 1 (queen)", "bad-betza")])
        );
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
        // Every warning is marked so in the help, and no error is.
        for kind in Kind::ALL {
            let line = KINDS_HELP
                .lines()
                .find(|l| l.starts_with(&format!("  {} ", kind.name())))
                .unwrap();
            assert_eq!(
                line.contains("(warning)"),
                kind.severity() == Severity::Warning,
                "{line}"
            );
        }
    }
}
