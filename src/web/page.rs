//! Reads what a page declares for its board ([`crate::declared`]'s
//! convention) from the DOM into plain data: the keyed rows of its piece
//! table, the keyed cells of its board. Reads only: nothing on the page
//! changes here.

use alloc::string::String;
use alloc::vec::Vec;

use wasm_bindgen::JsCast;
use web_sys::Element;

use crate::clicks::parse_cell_id;
use crate::declared::{collapse, CellDecl, Declarations, RowDecl};

/// The header row's words, lower-cased, by column: Piece, ID, value,
/// Moves (Betza notation), Remarks.
const HEADERS: [&str; 5] = ["piece", "id", "value", "moves (betza notation)", "remarks"];

/// The columns of the name, the moves and the remarks: those of the
/// header row when the table has one in English, else the convention's
/// order (a translated page's headers are not in English; its columns
/// are in the same order).
const DEFAULT_COLUMNS: (usize, usize, usize) = (0, 3, 4);

/// The elements `selector` finds inside `root`, in document order.
fn all(root: &Element, selector: &str) -> Vec<Element> {
    let mut out = Vec::new();
    if let Ok(list) = root.query_selector_all(selector) {
        for i in 0..list.length() {
            if let Some(el) = list.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                out.push(el);
            }
        }
    }
    out
}

/// The texts of a row's cells by column, whitespace collapsed: a cell
/// spanning several columns gives its text to the first and empty text to
/// the others.
fn columns(tr: &Element) -> Vec<String> {
    let mut out = Vec::new();
    let cells = tr.children();
    for i in 0..cells.length() {
        let Some(cell) = cells.item(i) else { continue };
        let tag = cell.local_name();
        if tag != "td" && tag != "th" {
            continue;
        }
        out.push(collapse(&cell.text_content().unwrap_or_default()));
        let span = cell
            .get_attribute("colspan")
            .map_or(1, |s| whole_number(&s).clamp(1, 100));
        for _ in 1..span {
            out.push(String::new());
        }
    }
    out
}

/// A `colspan` value as a number (0 for anything else).
fn whole_number(text: &str) -> usize {
    let digits = text.trim_ascii();
    if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return 0;
    }
    digits
        .bytes()
        .fold(0, |n, b| n * 10 + usize::from(b - b'0'))
}

/// The columns (name, moves, remarks) of the table holding `tr`.
fn table_columns(tr: &Element) -> (usize, usize, usize) {
    let Some(table) = tr.closest("table").ok().flatten() else {
        return DEFAULT_COLUMNS;
    };
    for row in all(&table, "tr") {
        if row.closest("table").ok().flatten().as_ref() != Some(&table) {
            continue;
        }
        let texts: Vec<String> = columns(&row)
            .iter()
            .map(|t| t.to_ascii_lowercase())
            .collect();
        let find = |h: &str| texts.iter().position(|t| t == h);
        if let (Some(name), Some(_), Some(_), Some(moves), Some(remarks)) = (
            find(HEADERS[0]),
            find(HEADERS[1]),
            find(HEADERS[2]),
            find(HEADERS[3]),
            find(HEADERS[4]),
        ) {
            return (name, moves, remarks);
        }
    }
    DEFAULT_COLUMNS
}

/// What the page inside `root` declares: each `<tr data-piece>` (a row of
/// the piece table) and each other element with a `data-piece` (a board
/// cell).
pub(super) fn read(root: &Element) -> Declarations {
    let mut decl = Declarations::default();
    let mut columns_of: Vec<(Element, (usize, usize, usize))> = Vec::new();
    for el in all(root, "[data-piece]") {
        let key = el.get_attribute("data-piece").unwrap_or_default();
        if el.local_name() == "tr" {
            let table = el.closest("table").ok().flatten();
            let cols = match columns_of.iter().find(|(t, _)| Some(t) == table.as_ref()) {
                Some(&(_, cols)) => cols,
                None => {
                    let cols = table_columns(&el);
                    if let Some(t) = table {
                        columns_of.push((t, cols));
                    }
                    cols
                }
            };
            let texts = columns(&el);
            let get = |c: usize| texts.get(c).cloned().unwrap_or_default();
            decl.rows.push(RowDecl {
                key,
                name: get(cols.0),
                moves: get(cols.1),
                remarks: get(cols.2),
            });
        } else {
            let cell = el.closest("[id^=sq]").ok().flatten();
            let id = cell.as_ref().map(Element::id).unwrap_or_default();
            let sq = parse_cell_id(&id);
            decl.cells.push(CellDecl {
                label: if sq.is_some() { id } else { String::from("-") },
                sq,
                key,
                side: el.get_attribute("data-side"),
            });
        }
    }
    decl
}
