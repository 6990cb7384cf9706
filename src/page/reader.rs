//! The page reader: what a page declares for its board, read the same way
//! from any document tree. `dist/glance.js` reads the live page (web-sys,
//! `src/web/dom.rs`) and `glance lint` and `glance migrate` read the file
//! (html5ever through scraper, `src/page/html.rs`); both implement [`Dom`], the
//! few questions [`read`] asks of a tree, so the page and the tools see one
//! [`Declarations`] and [`Declarations::check`] finds the same things in it.
//!
//! ```
//! use glance::page::reader::{read, Dom};
//! // A tiny tree, enough to show what is read.
//! #[derive(Clone, PartialEq)]
//! struct El { tag: &'static str, attrs: Vec<(&'static str, &'static str)>, kids: Vec<El>, text: &'static str }
//! impl Dom for El {
//!     fn select(&self, selector: &str) -> Vec<El> {
//!         let mut out = Vec::new();
//!         for k in &self.kids {
//!             let hit = match selector {
//!                 "[data-piece]" => k.attr("data-piece").is_some(),
//!                 "[id^=sq]" => k.attr("id").is_some_and(|i| i.starts_with("sq")),
//!                 other => k.tag == other,
//!             };
//!             if hit { out.push(k.clone()); }
//!             out.extend(k.select(selector));
//!         }
//!         out
//!     }
//!     fn tag(&self) -> String { self.tag.into() }
//!     fn attr(&self, name: &str) -> Option<String> {
//!         self.attrs.iter().find(|a| a.0 == name).map(|a| a.1.to_string())
//!     }
//!     fn text(&self) -> String { self.text.into() }
//!     fn children(&self) -> Vec<El> { self.kids.clone() }
//!     fn closest_cell(&self) -> Option<El> { Some(self.clone()) }
//! }
//! let cell = El { tag: "td", attrs: vec![("id", "sq0x0"), ("class", "n"), ("data-piece", "K")], kids: vec![], text: "" };
//! let page = El { tag: "html", attrs: vec![("lang", "fr")], kids: vec![cell], text: "" };
//! let decl = read(&page);
//! assert_eq!(decl.lang, "fr");
//! assert_eq!(decl.cells[0].key, "K");
//! assert!(decl.rows.is_empty());
//! assert!(decl.squares[0].on_board);
//! ```

use alloc::string::String;
use alloc::vec::Vec;

use crate::board::clicks::{parse_cell_id, small_int};
use crate::page::declared::{
    CellDecl, Declarations, RowDecl, SetupLine, SquareCell, collapse, letter_of,
};
use crate::page::extras::{CellExtras, parse_columns};
use crate::page::finding::Place;
use crate::page::setup;

/// The questions the reader asks of a document tree. Selectors are the few
/// CSS selectors [`read`] uses: a tag name (`table`, `img`, `link`),
/// `[data-piece]`, `[data-text]`, `[id^=sq]` and `#piece`.
pub trait Dom: Sized + Clone {
    /// The elements inside this one matching `selector`, in document order.
    fn select(&self, selector: &str) -> Vec<Self>;
    /// The element's tag name, lower case.
    fn tag(&self) -> String;
    fn attr(&self, name: &str) -> Option<String>;
    /// Whether it has the attribute `name` (by default, whether
    /// [`Dom::attr`] gives one).
    fn has_attr(&self, name: &str) -> bool {
        self.attr(name).is_some()
    }
    /// Its text content.
    fn text(&self) -> String;
    /// Its child elements.
    fn children(&self) -> Vec<Self>;
    /// A table's own rows (not those of tables inside it): its `<tr>`
    /// children and those of its `<thead>`, `<tbody>` and `<tfoot>`
    /// children, in order.
    fn rows(&self) -> Vec<Self> {
        own_rows(self)
    }
    /// A row's cells: its `<td>` and `<th>` children, in order.
    fn cells(&self) -> Vec<Self> {
        let mut cells = self.children();
        cells.retain(|c| matches!(c.tag().as_str(), "td" | "th"));
        cells
    }
    /// This element or its nearest ancestor with an id starting `sq`.
    fn closest_cell(&self) -> Option<Self>;
    /// Its child nodes, elements and texts, in order (by default its
    /// child elements only).
    fn child_nodes(&self) -> Vec<Node<Self>> {
        self.children().into_iter().map(Node::Element).collect()
    }
    /// The nodes after it in its parent, elements and texts, in order
    /// (none by default: trees that cannot say have no setup section).
    fn next_nodes(&self) -> Vec<Node<Self>> {
        Vec::new()
    }
}

/// A child node: an element, or a text.
pub enum Node<D> {
    Element(D),
    Text(String),
}

/// The header row's words, lower-cased, by column: Piece (or a header
/// starting "Piece ", as Chu Shogi's "Piece name"), ID, value, Moves
/// (Betza notation), Remarks.
const HEADERS: [&str; 6] = [
    "piece",
    "id",
    "value",
    "moves (betza notation)",
    "remarks",
    // Chu Shogi's table says "Piece name": a header that starts so (the
    // one header ending with a space, matched as a beginning).
    "piece ",
];

/// The columns of the name, the moves and the remarks of a piece table
/// whose header is not in English (a translated page): upstream's order.
const DEFAULT_COLUMNS: (usize, usize, usize) = (0, 3, 4);

/// What the page inside `root` declares (`root`: the document's `<html>`,
/// usually; its `lang` is the page's language).
// Filled in place, not a literal with `..Default::default()`: one
// temporary fewer to copy (the generic drop-in's code, 64 B gzipped).
#[allow(clippy::field_reassign_with_default)]
pub fn read<D: Dom>(root: &D) -> Declarations {
    let mut decl = Declarations::default();
    decl.lang = root.attr("lang").unwrap_or_default();
    // One walk over the tables: the board's class and the piece tables'
    // rows, each row's declarations put straight into the model (no
    // PieceTable or TableRow to make and take apart: the drop-in's code).
    let mut tables = 0;
    for table in &root.select("table") {
        decl.board_table |= has_class(table, "board");
        let number = tables + 1;
        if piece_table(table, number, |_, _, row| decl.rows.push(row)).is_some() {
            tables = number;
        }
    }
    if tables < 2 {
        unnumber(&mut decl.rows);
    }
    for el in &root.select("[data-piece]") {
        if el.tag() == "tr" {
            continue;
        }
        let cell = el.closest_cell();
        let id = cell.as_ref().and_then(|c| c.attr("id")).unwrap_or_default();
        let key = el.attr("data-piece").unwrap_or_default();
        decl.cells.push(cell_decl(el, id, key));
    }
    for el in &root.select("[id^=sq]") {
        let id = el.attr("id").unwrap_or_default();
        let Some(sq) = parse_cell_id(&id) else {
            continue;
        };
        // A cell with moves or a demonstration of its own and no row.
        if !el.has_attr("data-piece") {
            let cell = cell_decl(el, id.clone(), String::new());
            if cell.extras.shows() {
                decl.cells.push(cell);
            }
        }
        let image = el.select("img").first().and_then(|i| i.attr("src"));
        let letter = if image.is_none() {
            letter_of(&el.text())
        } else {
            None
        };
        decl.squares.push(SquareCell {
            sq,
            on_board: has_class(el, "n"),
            image,
            letter,
            still: el.has_attr("data-still"),
            id,
        });
    }
    for el in &root.select("[data-text]") {
        let key = el.attr("data-text").unwrap_or_default();
        decl.texts.push((key, collapse(&el.text())));
    }
    decl.setup = setup_section(root);
    decl.piece_paragraph =
        root.attr("id").as_deref() == Some("piece") || !root.select("#piece").is_empty();
    for link in &root.select("link") {
        decl.stylesheet = moves_css(link);
        if decl.stylesheet.is_some() {
            break;
        }
    }
    decl
}

/// The declarations of `el`, in the cell `id`, naming the row `key` (one
/// maker for the cells with a `data-piece` and those without: the generic
/// drop-in's code).
fn cell_decl<D: Dom>(el: &D, id: String, key: String) -> CellDecl {
    CellDecl {
        sq: parse_cell_id(&id),
        id,
        key,
        side: el.attr("data-side"),
        extras: CellExtras::read(|n| el.attr(n)),
    }
}

/// The `href` of a `<link>` to a stylesheet `moves.css`, if it is one.
fn moves_css<D: Dom>(link: &D) -> Option<String> {
    let rel = link.attr("rel")?;
    let href = link.attr("href")?;
    let file = crate::engine::cut::before(&href, b"?#");
    (listed(&rel, "stylesheet", true) && file.ends_with("moves.css")).then_some(href)
}

/// A piece table of a page, with its elements (what `glance migrate`
/// edits).
#[derive(Clone)]
pub struct PieceTable<D> {
    pub table: D,
    /// The columns of the name, Moves and Remarks.
    pub columns: (usize, usize, usize),
    pub rows: Vec<TableRow<D>>,
}

/// A row of a piece table, with its element and its ID cell's text.
#[derive(Clone)]
pub struct TableRow<D> {
    pub tr: D,
    /// The text of its ID column (empty when the table's header was not
    /// found: a translated table found by its declared rows).
    pub id: String,
    pub decl: RowDecl,
}

/// The piece tables inside `root`, in page order, as [`read`] reads them
/// (row places say which table only when there are several).
pub fn piece_tables<D: Dom>(root: &D) -> Vec<PieceTable<D>> {
    let mut out: Vec<PieceTable<D>> = Vec::new();
    for table in root.select("table") {
        let mut rows = Vec::new();
        let found = piece_table(&table, out.len() + 1, |tr, id, decl| {
            rows.push(TableRow {
                tr: tr.clone(),
                id: id.into(),
                decl,
            });
        });
        if let Some(columns) = found {
            out.push(PieceTable {
                table,
                columns,
                rows,
            });
        }
    }
    if out.len() < 2 {
        for t in &mut out {
            for row in &mut t.rows {
                unnumber(core::slice::from_mut(&mut row.decl));
            }
        }
    }
    out
}

/// The rows' places without their table's number (a page with one piece
/// table says `table row 2`, not `table 1 row 2`).
fn unnumber(rows: &mut [RowDecl]) {
    for row in rows {
        if let Place::Row { table, .. } = &mut row.place {
            *table = None;
        }
    }
}

/// `table` read as the piece table number `number` if it is one (a
/// header row reading Piece, ID, value, Moves (Betza notation), Remarks;
/// or, on a translated page, rows with a `data-piece`): its columns of the
/// name, Moves and Remarks; each row given to `row` with its ID column's
/// text, in order.
fn piece_table<D: Dom>(
    table: &D,
    number: usize,
    mut row: impl FnMut(&D, &str, RowDecl),
) -> Option<(usize, usize, usize)> {
    let trs = table.rows();
    // Plain loops, not iterator chains: the generic drop-in's code. Each
    // row's texts are read where they are needed (to find the header,
    // then for each row after it), no list of every row's kept.
    let mut declared = false;
    let mut header = None;
    for (i, tr) in trs.iter().enumerate() {
        declared |= tr.has_attr("data-piece");
        if header.is_none() {
            header = header_columns(&columns(tr)).map(|found| (i, found));
        }
    }
    // Rows are counted from the first after the header; a table found by
    // its declared rows has its (untranslated) header first, unless its
    // first row is a declared one.
    let (first, id_column, cols) = match header {
        Some((h, (id, cols))) => (h + 1, Some(id), cols),
        None if declared => {
            let headed = trs.first().is_some_and(|tr| !tr.has_attr("data-piece"));
            (usize::from(headed), None, DEFAULT_COLUMNS)
        }
        None => return None,
    };
    // A table may say which columns are the name, Moves and Remarks.
    let cols = table
        .attr("data-columns")
        .and_then(|c| parse_columns(&c))
        .unwrap_or(cols);
    for i in first..trs.len() {
        let Some(tr) = trs.get(i) else {
            break;
        };
        let texts = columns(tr);
        if texts.is_empty() {
            continue;
        }
        let key = tr.attr("data-piece");
        row(
            tr,
            id_column
                .and_then(|c| texts.get(c))
                .map_or("", String::as_str),
            RowDecl {
                place: Place::Row {
                    table: Some(number),
                    row: i + 1 - first,
                    key: key.clone(),
                },
                key,
                name: column(&texts, cols.0),
                moves: column(&texts, cols.1),
                remarks: column(&texts, cols.2),
                start: tr.attr("data-start"),
                spares: tr.attr("data-spares"),
            },
        );
    }
    Some(cols)
}

/// The text of column `c` of a row (empty past its end).
fn column(texts: &[String], c: usize) -> String {
    texts.get(c).cloned().unwrap_or_default()
}

/// A header row's columns, if `cols` is one: its ID column, and the
/// columns of the name, Moves and Remarks (the first cell of each).
fn header_columns(cols: &[String]) -> Option<(usize, (usize, usize, usize))> {
    let mut found = [None; HEADERS.len()];
    for (c, text) in cols.iter().enumerate() {
        for (h, header) in HEADERS.iter().enumerate() {
            // The whole text, or its beginning for "piece ": one test.
            let n = header.len();
            let same = text.len() == n || header.ends_with(' ');
            let starts = text.as_bytes().get(..n);
            if found[h].is_none()
                && same
                && starts.is_some_and(|s| s.eq_ignore_ascii_case(header.as_bytes()))
            {
                found[h] = Some(c);
            }
        }
    }
    let [name, id, value, moves, remarks, piece_name] = found;
    value?;
    Some((id?, (name.or(piece_name)?, moves?, remarks?)))
}

/// The rows of a table, its own only (not those of tables inside it).
fn own_rows<D: Dom>(table: &D) -> Vec<D> {
    let mut rows = Vec::new();
    for child in table.children() {
        match child.tag().as_str() {
            "tr" => rows.push(child),
            "thead" | "tbody" | "tfoot" => {
                for e in child.children() {
                    if e.tag() == "tr" {
                        rows.push(e);
                    }
                }
            }
            _ => {}
        }
    }
    rows
}

/// The texts of a row's cells by column, whitespace collapsed: a cell
/// spanning several columns gives its text to the first and empty text to
/// the others.
fn columns<D: Dom>(tr: &D) -> Vec<String> {
    let mut out = Vec::new();
    for cell in &tr.cells() {
        out.push(collapse(&cell.text()));
        let span = cell
            .attr("colspan")
            .and_then(|s| small_int(&s))
            .map_or(1, |n| n.clamp(1, 100));
        for _ in 1..span {
            out.push(String::new());
        }
    }
    out
}

/// Whether `el`'s class attribute lists `class`.
pub fn has_class<D: Dom>(el: &D, class: &str) -> bool {
    el.attr("class").is_some_and(|c| listed(&c, class, false))
}

/// Whether `list`, words between ASCII whitespace (a `class` or `rel`),
/// has `word` (ASCII case ignored if `fold`). One loop for both lists:
/// the generic drop-in's code.
fn listed(list: &str, word: &str, fold: bool) -> bool {
    for w in list.split_ascii_whitespace() {
        if w == word || (fold && w.eq_ignore_ascii_case(word)) {
            return true;
        }
    }
    false
}

/// Block elements: a line of the setup text ends where one starts or ends.
const BLOCKS: [&str; 11] = [
    "p", "div", "li", "ul", "ol", "h4", "h5", "h6", "table", "tr", "td",
];

/// The lines of the page's setup text: the first `<h3>` section (what
/// follows an `<h3>` in the same parent, up to the next `<h3>`) with a
/// line of the setup text's shape ([`setup::gives_any`]: `a3-j3: Pawns`,
/// `8 Pawns`). Found by its shape, not by its heading's words: a
/// translated page ("Position initiale") reads as the original.
fn setup_section<D: Dom>(root: &D) -> Vec<SetupLine> {
    let mut lines = Vec::new();
    for heading in &root.select("h3") {
        lines.clear();
        let mut line = (false, String::new());
        // Its siblings after it, not its parent's nodes and a search for it
        // among them: the generic drop-in's code.
        for node in &heading.next_nodes() {
            if matches!(node, Node::Element(el) if el.tag() == "h3") {
                break;
            }
            setup_lines(node, &mut line, &mut lines);
        }
        end_line(&mut line, &mut lines);
        if setup::gives_any(&lines) {
            return lines;
        }
    }
    lines.clear();
    lines
}

/// Adds a node's text to the setup lines: `<br>` and block elements end
/// a line; `<h4>`–`<h6>` are headings.
fn setup_lines<D: Dom>(node: &Node<D>, line: &mut (bool, String), lines: &mut Vec<SetupLine>) {
    match node {
        Node::Text(text) => line.1.push_str(text),
        Node::Element(el) => {
            let tag = el.tag();
            if tag == "br" {
                end_line(line, lines);
                return;
            }
            let block = BLOCKS.contains(&tag.as_str());
            if block {
                end_line(line, lines);
                line.0 = matches!(tag.as_str(), "h4" | "h5" | "h6");
            }
            for child in &el.child_nodes() {
                setup_lines(child, line, lines);
            }
            if block {
                end_line(line, lines);
            }
        }
    }
}

fn end_line(line: &mut (bool, String), lines: &mut Vec<SetupLine>) {
    let text = collapse(&line.1);
    if !text.is_empty() {
        lines.push(SetupLine {
            heading: line.0,
            text,
        });
    }
    // The one buffer kept for the next line.
    line.0 = false;
    line.1.clear();
}
