//! `glance migrate`: a legacy rules page (inline `down_click` handlers,
//! one of the three legacy scripts) rewritten as a zero-code page that
//! loads `glance.js` (native only).
//!
//! The page is read twice: by html5ever (through `scraper`, as `glance
//! lint` reads it) for what it means (the piece table's rows and their
//! words, the board's cells and their images), and by [`crate::page::tags`] for
//! where each start tag is in the source. The output is the source with a
//! few edits at those places, and every other byte as it was:
//!
//! * `onmousedown` and `onmouseup` attributes removed;
//! * the legacy script's `src` replaced by `glance.js` (or
//!   [`Options::script_src`]);
//! * `data-*` attributes added: `data-piece` on each row of the piece table
//!   that a cell uses and whose Moves parse (its ID, made a key: `+D` gives
//!   `p-D`, a second row of one ID `ID-2`), `data-columns` on a piece table
//!   whose columns are not `Piece, ID, value, Moves, Remarks`, and on each
//!   cell whose legacy click showed something: `data-piece`, `data-side`,
//!   `data-moves`, `data-demo`, `data-words`; `data-text` on the elements
//!   whose words a cell shows;
//! * with [`Options::relocate`], relative `src` and `href` values prefixed
//!   (a copy written into another folder).
//!
//! How a live click is carried over, from the legacy entry of its code
//! ([`crate::board::clicks`]):
//!
//! 1. a piece: the row that draws the same marks from the cell, on the
//!    page's board (names decide among several; of two rows with one ID, a
//!    White cell takes the first, a Black one the last): `data-piece`;
//! 2. else the row of the same name, if the legacy draws everything the
//!    row draws and more (the initial double step the tables leave out):
//!    `data-piece` and `data-moves` with the legacy's string;
//! 3. else the row of the same name, which wins over the legacy (Cylinder's
//!    wrapping `oQ`): reported as changed;
//! 4. else, if an element of the page reads the legacy's name
//!    (`<h3>Castling</h3>`): `data-moves` and `data-words` naming it;
//! 5. a demonstration (castling, en passant, gating): `data-demo` with its
//!    cells, and `data-words` if an element reads its name;
//! 6. else, when the page's text never mentions the name (a click that
//!    shows another page's piece): dropped, and reported.
//!
//! Dead handlers (codes the script does not define, `down_click(,)`) are
//! removed and reported. Every click that is not carried over exactly is
//! one line of [`Migration::notes`].

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

use scraper::{ElementRef, Html};

use crate::board::clicks::{self, Entry, Script, Shows};
use crate::board::scene::{Content, Page, Scene};
use crate::engine::betza::{self, Piece};
use crate::engine::diagram::Mark;
use crate::page::declared::{collapse, is_key};
use crate::page::tags::{start_tags, Tag};
use crate::{Colour, Square};

/// How the page is written.
#[derive(Clone, Debug)]
pub struct Options {
    /// The new script's `src` (default `glance.js`: deployed next to the
    /// page).
    pub script_src: String,
    /// A prefix for relative `src` and `href` values (`../` for a copy one
    /// folder down), if any.
    pub relocate: Option<String>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            script_src: String::from("glance.js"),
            relocate: None,
        }
    }
}

/// What happened to one click.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Carried over: the page shows what the legacy showed, from a row.
    Carried,
    /// Carried over with declarations of its own (`data-moves`,
    /// `data-demo`, `data-words`): the same marks or position.
    Declared,
    /// Carried over, but shown otherwise than the legacy did (the page's
    /// row wins, or another name, or no name).
    Changed,
    /// A dead handler removed: it showed nothing.
    Dropped,
    /// A live click that could not be carried over.
    Lost,
    /// A cell holding a piece image with no handler at all, declared as
    /// the row of its image's piece (it showed nothing; now it works).
    Added,
}

impl Action {
    pub fn name(self) -> &'static str {
        match self {
            Action::Carried => "carried",
            Action::Declared => "declared",
            Action::Changed => "changed",
            Action::Dropped => "dropped",
            Action::Lost => "lost",
            Action::Added => "added",
        }
    }
}

/// One click and what became of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The cell's id (`sq2x1`).
    pub cell: String,
    /// Its handler as written (`down_click(-2,1)`).
    pub handler: String,
    pub action: Action,
    /// Why, in words (empty for [`Action::Carried`]).
    pub reason: String,
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}: {}: {}",
            self.cell,
            self.action.name(),
            self.handler,
            self.reason
        )
    }
}

/// A page migrated.
#[derive(Clone, Debug)]
pub struct Migration {
    /// The new page.
    pub html: String,
    /// Every click of the page, in page order.
    pub notes: Vec<Note>,
    /// What the page's own check ([`crate::page::declared::Declarations::check`],
    /// as `glance lint` and `glance.js` run it) finds wrong with the new
    /// page's declarations: errors only (none, on the 28 pages).
    pub errors: Vec<crate::page::finding::Finding>,
}

impl Migration {
    /// The live clicks (those that showed something).
    pub fn live(&self) -> usize {
        self.notes
            .iter()
            .filter(|n| !matches!(n.action, Action::Dropped | Action::Added))
            .count()
    }

    /// The live clicks not carried over.
    pub fn lost(&self) -> usize {
        self.notes
            .iter()
            .filter(|n| n.action == Action::Lost)
            .count()
    }
}

/// Why a page could not be migrated (its input is left as it was).
#[derive(Debug)]
pub enum MigrateError {
    /// The file could not be read or written.
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    /// The file is not UTF-8 (its bytes could not all be kept).
    NotUtf8 { path: PathBuf },
    /// The output would overwrite the input (`--out-dir` is the input's
    /// folder) without `--in-place`.
    WouldOverwrite { path: PathBuf },
    /// The page has no legacy handlers and loads no legacy script: nothing
    /// to migrate.
    NotLegacy,
    /// The page's markup is too irregular to place an edit safely: the
    /// tree and the source disagree about an element.
    Markup { what: String },
}

impl fmt::Display for MigrateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MigrateError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            MigrateError::NotUtf8 { path } => write!(
                f,
                "{}: not UTF-8: its bytes could not be kept as they are",
                path.display()
            ),
            MigrateError::WouldOverwrite { path } => write!(
                f,
                "{}: the output folder is the page's own: give another --out-dir, or --in-place",
                path.display()
            ),
            MigrateError::NotLegacy => write!(
                f,
                "no down_click handlers and none of spartan.js, chu.js, cwda.js: nothing to migrate"
            ),
            MigrateError::Markup { what } => write!(
                f,
                "cannot edit the page in place: {what} (the HTML parser and the source disagree)"
            ),
        }
    }
}

impl std::error::Error for MigrateError {}

/// A row of a piece table.
struct Row<'a> {
    tr: ElementRef<'a>,
    name: String,
    id: String,
    /// The first Betza alternative, parsed (`None`: prose or bad).
    piece: Option<Piece>,
    /// Its key, once given.
    key: String,
}

/// An edit of the source: replace `start..end` by `text`.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Edit {
    start: usize,
    end: usize,
    text: String,
}

/// What one start tag gains.
#[derive(Default)]
struct TagEdit {
    remove: Vec<String>,
    add: Vec<(String, String)>,
    set: Vec<(String, String)>,
}

struct Reader<'a> {
    source: &'a str,
    tags: Vec<Tag>,
    /// The tag of each element of the tree that has one.
    tag_of: Vec<(ElementRef<'a>, usize)>,
    edits: HashMap<usize, TagEdit>,
}

impl<'a> Reader<'a> {
    fn new(source: &'a str, doc: &'a Html) -> Reader<'a> {
        let tags = start_tags(source);
        let mut by_name: HashMap<&str, Vec<usize>> = HashMap::new();
        for (i, t) in tags.iter().enumerate() {
            by_name.entry(t.name.as_str()).or_default().push(i);
        }
        let mut seen: HashMap<String, usize> = HashMap::new();
        let mut elements: Vec<(ElementRef<'a>, String, usize)> = Vec::new();
        for e in doc.root_element().descendent_elements() {
            let name = e.value().name().to_ascii_lowercase();
            let n = seen.entry(name.clone()).or_default();
            elements.push((e, name, *n));
            *n += 1;
        }
        let mut tag_of = Vec::new();
        for (e, name, n) in elements {
            // Only names whose every element has a tag of its own in the
            // source are paired (html5ever adds <tbody>, <html>... of its
            // own, and may drop a misplaced tag).
            let Some(list) = by_name.get(name.as_str()) else {
                continue;
            };
            if list.len() == seen.get(&name).copied().unwrap_or(0) {
                if let Some(&t) = list.get(n) {
                    tag_of.push((e, t));
                }
            }
        }
        Reader {
            source,
            tags,
            tag_of,
            edits: HashMap::new(),
        }
    }

    /// The start tag of `e`, checked: every attribute the tree gives `e`
    /// is in the tag, with the same value where no character reference
    /// could make them differ.
    fn tag(&self, e: &ElementRef) -> Result<usize, MigrateError> {
        let what = || MigrateError::Markup {
            what: format!(
                "the <{}{}> element has no start tag of its own in the source",
                e.value().name(),
                e.value()
                    .id()
                    .map(|id| format!(" id=\"{id}\""))
                    .unwrap_or_default()
            ),
        };
        let t = self
            .tag_of
            .iter()
            .find(|(x, _)| x == e)
            .map(|&(_, t)| t)
            .ok_or_else(what)?;
        let tag = &self.tags[t];
        for (name, value) in e.value().attrs() {
            let Some(attr) = tag.attr(&name.to_ascii_lowercase()) else {
                return Err(what());
            };
            let raw = attr.value(self.source).unwrap_or("");
            if !raw.contains('&') && raw != value {
                return Err(what());
            }
        }
        Ok(t)
    }

    fn edit(&mut self, t: usize) -> &mut TagEdit {
        self.edits.entry(t).or_default()
    }

    /// The source with every edit made.
    fn write(self) -> String {
        let mut edits: Vec<Edit> = Vec::new();
        for (t, te) in &self.edits {
            let tag = &self.tags[*t];
            for name in &te.remove {
                for a in tag.attrs.iter().filter(|a| &a.name == name) {
                    // The attribute and the spaces before it.
                    let mut start = a.start;
                    while start > tag.start
                        && matches!(
                            self.source.as_bytes()[start - 1],
                            b' ' | b'\t' | b'\n' | b'\r' | b'\x0c'
                        )
                    {
                        start -= 1;
                    }
                    // What follows must not join what precedes: an
                    // attribute written right after it (`x="1"y`) keeps
                    // a space before it.
                    let joins = self.source.as_bytes().get(a.end).is_some_and(|&b| {
                        !matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0c' | b'>' | b'/')
                    });
                    // Nor may a stray slash before it become the end of
                    // a self-closing tag (`<svg/onmouseup="...">` must not
                    // become `<svg/>`).
                    let slash = self.source.as_bytes()[start - 1] == b'/';
                    edits.push(Edit {
                        start,
                        end: a.end,
                        text: String::from(if joins || slash { " " } else { "" }),
                    });
                }
            }
            for (name, value) in &te.set {
                if let Some(r) = tag.attr(name).and_then(|a| a.value.clone()) {
                    edits.push(Edit {
                        start: r.start,
                        end: r.end,
                        text: escape(value),
                    });
                }
            }
            if !te.add.is_empty() {
                let mut text = String::new();
                for (name, value) in &te.add {
                    text.push(' ');
                    text.push_str(name);
                    text.push_str("=\"");
                    text.push_str(&escape(value));
                    text.push('"');
                }
                edits.push(Edit {
                    start: tag.insert_at,
                    end: tag.insert_at,
                    text,
                });
            }
        }
        edits.sort();
        let mut out = String::with_capacity(self.source.len() + 64 * edits.len());
        let mut at = 0;
        for e in edits {
            if e.start < at {
                // Overlapping edits cannot happen: removals are disjoint
                // attributes, insertions sit at a tag's end.
                continue;
            }
            out.push_str(&self.source[at..e.start]);
            out.push_str(&e.text);
            at = e.end;
        }
        out.push_str(&self.source[at..]);
        out
    }
}

/// An attribute value with `&`, `"`, `<` and `>` escaped.
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}

/// [`collapse`]d, lower-cased, with `(`, `)`, `-`, `:` as spaces: names
/// compared (`Dragon(-King)` is `dragon king`).
fn fold_name(text: &str) -> String {
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

/// Whether a row's name and a legacy name name one piece: equal once
/// folded, or one the other's first words (`Unicorn` and `Unicorn (aka
/// Horned Falcon)`).
fn same_name(row: &str, legacy: &str) -> bool {
    let (a, b) = (fold_name(row), fold_name(legacy));
    !a.is_empty()
        && !b.is_empty()
        && (a == b || b.starts_with(&format!("{a} ")) || a.starts_with(&format!("{b} ")))
}

/// A table ID made a key: its first word, `+` as `p-`, other characters
/// that are no key's as `-`.
fn key_of(id: &str) -> String {
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

/// A name made a `data-text` key: lower-case letters and digits, `-`
/// between words.
fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_string();
    if out.is_empty() {
        String::from("text")
    } else {
        out
    }
}

fn has_class(e: &ElementRef, class: &str) -> bool {
    e.attr("class")
        .is_some_and(|c| c.split_ascii_whitespace().any(|c| c == class))
}

/// The side of the piece image a cell holds: `sym/BlackKing.png` is Black.
fn image_side(cell: &ElementRef) -> Option<Colour> {
    let img = cell
        .descendent_elements()
        .find(|e| e.value().name() == "img")?;
    let file = clicks::after_last(img.attr("src")?, b'/');
    if file.starts_with("Black") {
        Some(Colour::Black)
    } else if file.starts_with("White") {
        Some(Colour::White)
    } else {
        None
    }
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

/// A row's cell texts by column (a `colspan` cell gives empty texts to the
/// columns it spans after the first).
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
        for _ in 1..span.clamp(1, 100) {
            out.push(String::new());
        }
    }
    out
}

/// The columns (name, ID, moves, remarks) of a piece table's header row:
/// a row with a cell `ID` and a cell starting `Moves`.
fn header(texts: &[String]) -> Option<(usize, usize, usize, usize)> {
    let folded: Vec<String> = texts.iter().map(|t| t.to_lowercase()).collect();
    let id = folded.iter().position(|t| t == "id")?;
    let moves = folded.iter().position(|t| t.starts_with("moves"))?;
    let name = folded
        .iter()
        .position(|t| t.starts_with("piece"))
        .unwrap_or(0);
    let remarks = folded
        .iter()
        .position(|t| t.starts_with("remarks"))
        .unwrap_or(moves + 1);
    Some((name, id, moves, remarks))
}

/// The marks a scene shows, sorted.
fn marks(scene: &Scene) -> Vec<(Square, Mark)> {
    let mut out: Vec<(Square, Mark)> = scene
        .cells
        .iter()
        .filter_map(|&(sq, c)| match c {
            Content::Mark(m) => Some((sq, m)),
            _ => None,
        })
        .collect();
    out.sort_by_key(|&(sq, m)| (sq.file(), sq.rank(), m.name()));
    out
}

/// Migrates the page `source`.
pub fn migrate_html(source: &str, options: &Options) -> Result<Migration, MigrateError> {
    let doc = Html::parse_document(source);
    let mut reader = Reader::new(source, &doc);
    let elements: Vec<ElementRef> = doc.root_element().descendent_elements().collect();

    // The legacy script.
    let mut script: Option<(ElementRef, Script)> = None;
    for e in elements.iter().filter(|e| e.value().name() == "script") {
        let Some(src) = e.attr("src") else { continue };
        let path = src.trim().split(['?', '#']).next().unwrap_or("");
        if let Some(s) = Script::from_name(clicks::after_last(path, b'/')) {
            script = Some((*e, s));
            break;
        }
    }
    let handlers: Vec<ElementRef> = elements
        .iter()
        .filter(|e| e.attr("onmousedown").is_some() || e.attr("onmouseup").is_some())
        .copied()
        .collect();
    if handlers.is_empty() && script.is_none() {
        return Err(MigrateError::NotLegacy);
    }

    // The board.
    let mut page = Page::default();
    for e in &elements {
        let Some(sq) = e.value().id().and_then(clicks::parse_cell_id) else {
            continue;
        };
        if has_class(e, "n") {
            page.board.insert(sq);
            if e.descendent_elements().any(|d| d.value().name() == "img") {
                page.occupied.insert(sq);
            }
        }
    }

    // The piece tables and their rows.
    let mut rows: Vec<Row> = Vec::new();
    let mut tables: Vec<(ElementRef, (usize, usize, usize, usize))> = Vec::new();
    for table in elements.iter().filter(|e| e.value().name() == "table") {
        let trs = rows_of(table);
        let Some((h, cols)) = trs
            .iter()
            .enumerate()
            .find_map(|(i, tr)| header(&columns(tr)).map(|c| (i, c)))
        else {
            continue;
        };
        tables.push((*table, cols));
        for tr in &trs[h + 1..] {
            let texts = columns(tr);
            let get = |c: usize| texts.get(c).cloned().unwrap_or_default();
            let (name, id, moves) = (get(cols.0), get(cols.1), get(cols.2));
            if texts.len() <= cols.2 || id.is_empty() {
                continue;
            }
            let first = crate::page::declared::alternatives(&moves)
                .first()
                .map(|s| s.to_string())
                .unwrap_or_default();
            let piece = if first.is_empty() || first == "-" {
                Some(Piece::default())
            } else {
                betza::parse(&first).ok()
            };
            rows.push(Row {
                tr: *tr,
                name,
                id,
                piece,
                key: String::new(),
            });
        }
    }
    // Keys: the ID made a key, `-2`, `-3`... for a repeated one.
    let mut taken: Vec<String> = Vec::new();
    for row in &mut rows {
        let base = key_of(&row.id);
        let base = if is_key(&base) {
            base
        } else {
            String::from("piece")
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

    // The page's words, for demonstrations and moves of no row.
    let body_text = fold_name(&doc.root_element().text().collect::<String>());
    let mut used_rows: Vec<usize> = Vec::new();
    let mut text_keys: Vec<(usize, String)> = Vec::new();
    let mut notes = Vec::new();

    for cell in &handlers {
        let id = cell.value().id().unwrap_or("-").to_string();
        let handler = cell
            .attr("onmousedown")
            .map(collapse)
            .unwrap_or_else(|| String::from("(onmouseup only)"));
        let t = reader.tag(cell)?;
        reader.edit(t).remove.push(String::from("onmousedown"));
        reader.edit(t).remove.push(String::from("onmouseup"));
        let mut note = |action: Action, reason: String| {
            notes.push(Note {
                cell: id.clone(),
                handler: handler.clone(),
                action,
                reason,
            })
        };
        let Some(code) = cell.attr("onmousedown").and_then(clicks::parse_handler) else {
            if cell.attr("onmousedown").is_some() {
                note(
                    Action::Dropped,
                    String::from("handler-syntax: not down_click(x,y) with two whole numbers; it showed nothing"),
                );
            }
            continue;
        };
        let entry = script.and_then(|(_, s)| clicks::lookup(s, code.0, code.1));
        let Some(entry) = entry else {
            note(
                Action::Dropped,
                format!(
                    "dead code: {} defines no ({},{}); it showed nothing",
                    script.map_or("no legacy script", |(_, s)| s.file_name()),
                    code.0,
                    code.1
                ),
            );
            continue;
        };
        let Some(sq) = cell.value().id().and_then(clicks::parse_cell_id) else {
            note(
                Action::Lost,
                format!(
                    "'{}': the cell has no id sq{{x}}x{{y}} to declare",
                    entry.name
                ),
            );
            continue;
        };
        let side = image_side(cell).unwrap_or(match entry.shows {
            Shows::Piece { colour, .. } => colour,
            Shows::Demo(_) => Colour::White,
        });
        let mut attrs: Vec<(String, String)> = Vec::new();
        let side_attr = |attrs: &mut Vec<(String, String)>| {
            if side == Colour::Black {
                attrs.push((String::from("data-side"), String::from("black")));
            }
        };
        let words_of = |name: &str| -> Option<usize> {
            let want = fold_name(name);
            elements.iter().position(|e| {
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
        };
        let mentioned = |name: &str| {
            fold_name(name)
                .split(' ')
                .filter(|w| w.len() >= 4)
                .any(|w| body_text.split(' ').any(|b| b == w))
        };
        let mut words = |attrs: &mut Vec<(String, String)>, i: usize| {
            let e = elements[i];
            let key = match text_keys.iter().find(|(n, _)| *n == i) {
                Some((_, k)) => k.clone(),
                None => {
                    let mut k = e
                        .attr("data-text")
                        .map(str::to_string)
                        .unwrap_or_else(|| slug(&e.text().collect::<String>()));
                    if e.attr("data-text").is_none() {
                        let mut n = 1;
                        let base = k.clone();
                        while text_keys.iter().any(|(_, o)| *o == k) {
                            n += 1;
                            k = format!("{base}-{n}");
                        }
                    }
                    text_keys.push((i, k.clone()));
                    k
                }
            };
            attrs.push((String::from("data-words"), key));
        };
        match entry.shows {
            Shows::Piece { betza, on, .. } => {
                let legacy = legacy_marks(entry, &page)?;
                if (on.0, on.1) != (sq.file(), sq.rank()) {
                    // Not on the 34 pages: the legacy draws from another square.
                    note(
                        Action::Lost,
                        format!(
                            "'{}': the legacy draws it from sq{}x{}, not from this cell",
                            entry.name, on.0, on.1
                        ),
                    );
                    continue;
                }
                let drawn = |row: &Row| -> Option<Vec<(Square, Mark)>> {
                    let piece = row.piece.as_ref()?;
                    Some(marks(&Scene::of_piece(
                        "",
                        Vec::new(),
                        piece,
                        sq,
                        side,
                        &page,
                    )))
                };
                let equal: Vec<usize> = (0..rows.len())
                    .filter(|&i| drawn(&rows[i]).as_ref() == Some(&legacy))
                    .collect();
                let named: Vec<usize> = (0..rows.len())
                    .filter(|&i| same_name(&rows[i].name, entry.name))
                    .collect();
                let pick = |list: &[usize]| -> Option<usize> {
                    let first = *list.first()?;
                    let same_id: Vec<usize> = list
                        .iter()
                        .copied()
                        .filter(|&i| rows[i].id == rows[first].id)
                        .collect();
                    if side == Colour::Black {
                        same_id.last().copied()
                    } else {
                        Some(first)
                    }
                };
                let equal_named: Vec<usize> = equal
                    .iter()
                    .copied()
                    .filter(|i| named.contains(i))
                    .collect();
                if let Some(r) = pick(&equal_named) {
                    attrs.push((String::from("data-piece"), rows[r].key.clone()));
                    side_attr(&mut attrs);
                    used_rows.push(r);
                    note(Action::Carried, String::new());
                } else if let Some(r) = pick(&equal) {
                    attrs.push((String::from("data-piece"), rows[r].key.clone()));
                    side_attr(&mut attrs);
                    used_rows.push(r);
                    note(
                        Action::Changed,
                        format!(
                            "name: the legacy calls it '{}'; the row '{}' ({}) draws the same and its name is shown",
                            entry.name, rows[r].name, rows[r].id
                        ),
                    );
                } else if let Some(r) = named.iter().copied().find(|&r| {
                    drawn(&rows[r]).is_some_and(|d| d.iter().all(|m| legacy.contains(m)))
                }) {
                    attrs.push((String::from("data-piece"), rows[r].key.clone()));
                    side_attr(&mut attrs);
                    attrs.push((String::from("data-moves"), betza.to_string()));
                    used_rows.push(r);
                    note(
                        Action::Declared,
                        format!(
                            "moves: the row '{}' draws less than the legacy '{betza}' (its initial moves): data-moves=\"{betza}\"",
                            rows[r].name
                        ),
                    );
                } else if let Some(r) = named.iter().copied().find(|&r| rows[r].piece.is_some()) {
                    attrs.push((String::from("data-piece"), rows[r].key.clone()));
                    side_attr(&mut attrs);
                    used_rows.push(r);
                    note(
                        Action::Changed,
                        format!(
                            "the page's rules win: the legacy draws '{betza}', the row '{}' says '{}'",
                            rows[r].name,
                            collapse(&columns(&rows[r].tr).join(" | "))
                        ),
                    );
                } else if let Some(i) = words_of(entry.name) {
                    let e = elements[i];
                    attrs.push((String::from("data-moves"), betza.to_string()));
                    side_attr(&mut attrs);
                    words(&mut attrs, i);
                    note(
                        Action::Declared,
                        format!(
                            "moves of no row: data-moves=\"{betza}\", named by the page's <{}> '{}'",
                            e.value().name(),
                            collapse(&e.text().collect::<String>())
                        ),
                    );
                } else if mentioned(entry.name) {
                    attrs.push((String::from("data-moves"), betza.to_string()));
                    side_attr(&mut attrs);
                    note(
                        Action::Changed,
                        format!(
                            "moves of no row: data-moves=\"{betza}\"; no element of the page reads '{}': shown without a name",
                            entry.subject()
                        ),
                    );
                } else {
                    note(
                        Action::Lost,
                        format!(
                            "the legacy shows '{}' ({betza}), which no row and no text of this page names: dropped",
                            entry.name
                        ),
                    );
                    continue;
                }
            }
            Shows::Demo(list) => {
                let e = words_of(entry.subject());
                if e.is_none() && !mentioned(entry.subject()) {
                    note(
                        Action::Lost,
                        format!(
                            "the legacy shows the demonstration '{}', which the page never mentions: dropped",
                            entry.subject()
                        ),
                    );
                    continue;
                }
                let mut demo = String::new();
                for &(x, y, image) in list {
                    if !demo.is_empty() {
                        demo.push(' ');
                    }
                    demo.push_str(&format!("{x},{y}"));
                    if !image.is_empty() {
                        demo.push('=');
                        demo.push_str(image);
                    }
                }
                attrs.push((String::from("data-demo"), demo));
                side_attr(&mut attrs);
                match e {
                    Some(i) => {
                        let e = elements[i];
                        words(&mut attrs, i);
                        note(
                            Action::Declared,
                            format!(
                                "demonstration '{}': data-demo, named by the page's <{}>",
                                entry.subject(),
                                e.value().name()
                            ),
                        );
                    }
                    None => note(
                        Action::Changed,
                        format!(
                            "demonstration '{}': data-demo; no element of the page reads its name: shown without one",
                            entry.subject()
                        ),
                    ),
                }
            }
        }
        reader.edit(t).add.extend(attrs);
    }

    // Cells with a piece image and no handler at all: the row of the
    // image's piece (`BlackPawn.png`: the row named Pawn), if one.
    for cell in &elements {
        if cell.value().id().and_then(clicks::parse_cell_id).is_none() {
            continue;
        }
        if !has_class(cell, "n") || handlers.contains(cell) || cell.attr("data-piece").is_some() {
            continue;
        }
        let Some(src) = cell
            .descendent_elements()
            .find(|e| e.value().name() == "img")
            .and_then(|i| i.attr("src"))
        else {
            continue;
        };
        let image = crate::page::declared::image_name(src);
        let Some(side) = image_side(cell) else {
            continue;
        };
        let piece_name = image
            .strip_prefix("White")
            .or_else(|| image.strip_prefix("Black"))
            .unwrap_or(image);
        let Some(r) = (0..rows.len())
            .find(|&r| rows[r].piece.is_some() && same_name(&rows[r].name, piece_name))
        else {
            continue;
        };
        let t = reader.tag(cell)?;
        let mut attrs = vec![(String::from("data-piece"), rows[r].key.clone())];
        if side == Colour::Black {
            attrs.push((String::from("data-side"), String::from("black")));
        }
        reader.edit(t).add.extend(attrs);
        used_rows.push(r);
        notes.push(Note {
            cell: cell.value().id().unwrap_or("-").to_string(),
            handler: String::from("(no handler)"),
            action: Action::Added,
            reason: format!(
                "it holds {src} but had no handler (pressing it showed nothing): declared as the row '{}' ({})",
                rows[r].name, rows[r].id
            ),
        });
    }

    // Rows a cell uses get their key; a table whose columns are not the
    // convention's order says which they are.
    used_rows.sort_unstable();
    used_rows.dedup();
    let mut tables_used: Vec<ElementRef> = Vec::new();
    for &r in &used_rows {
        let t = reader.tag(&rows[r].tr)?;
        reader
            .edit(t)
            .add
            .push((String::from("data-piece"), rows[r].key.clone()));
        if let Some(table) = rows[r]
            .tr
            .ancestors()
            .filter_map(ElementRef::wrap)
            .find(|a| a.value().name() == "table")
        {
            if !tables_used.contains(&table) {
                tables_used.push(table);
            }
        }
    }
    for (table, (name, _, moves, remarks)) in &tables {
        if tables_used.contains(table) && (*name, *moves, *remarks) != (0, 3, 4) {
            let t = reader.tag(table)?;
            reader.edit(t).add.push((
                String::from("data-columns"),
                format!("{name} {moves} {remarks}"),
            ));
        }
    }
    let anchors: Vec<(ElementRef, String)> = text_keys
        .iter()
        .map(|(i, k)| (elements[*i], k.clone()))
        .filter(|(e, _)| e.attr("data-text").is_none())
        .collect();
    for (e, k) in anchors {
        let t = reader.tag(&e)?;
        reader.edit(t).add.push((String::from("data-text"), k));
    }

    // The script, and relative addresses for a copy elsewhere.
    if let Some((e, _)) = script {
        let t = reader.tag(&e)?;
        reader
            .edit(t)
            .set
            .push((String::from("src"), options.script_src.clone()));
    }
    if let Some(prefix) = &options.relocate {
        let script_tag = match script {
            Some((e, _)) => Some(reader.tag(&e)?),
            None => None,
        };
        for e in &elements {
            for name in ["src", "href"] {
                let Some(value) = e.attr(name) else { continue };
                if Some(reader.tag(e)?) == script_tag && name == "src" {
                    continue;
                }
                if let Some(new) = relocated(value, prefix) {
                    let t = reader.tag(e)?;
                    reader.edit(t).set.push((String::from(name), new));
                }
            }
        }
    }
    let html = reader.write();
    let errors = crate::page::html::Document::parse(&html)
        .read()
        .check()
        .findings
        .into_iter()
        .filter(|f| f.severity() == crate::page::finding::Severity::Error)
        .collect();
    Ok(Migration {
        html,
        notes,
        errors,
    })
}

/// A relative address prefixed, or `None` for one that is not relative
/// (a scheme, `/`, `#`, or empty).
fn relocated(value: &str, prefix: &str) -> Option<String> {
    let v = value.trim();
    if v.is_empty() || v.starts_with(['/', '#', '\\']) || v.starts_with("../") {
        return None;
    }
    if v.split('/').next().unwrap_or("").contains(':') {
        return None;
    }
    Some(format!("{prefix}{}", v.strip_prefix("./").unwrap_or(v)))
}

/// The marks the legacy shows for a piece entry on `page`.
fn legacy_marks(entry: &Entry, page: &Page) -> Result<Vec<(Square, Mark)>, MigrateError> {
    let scene = Scene::new(entry, page).map_err(|e| MigrateError::Markup {
        what: format!("the legacy entry '{}': {e}", entry.name),
    })?;
    Ok(marks(&scene))
}

/// Where the page `input` is written: `out_dir/NAME`, or `input` itself
/// when `out_dir` is `None` (in place). Refuses an `out_dir` that is the
/// input's folder.
pub fn output_path(input: &Path, out_dir: Option<&Path>) -> Result<PathBuf, MigrateError> {
    let Some(dir) = out_dir else {
        return Ok(input.to_path_buf());
    };
    let file = input.file_name().ok_or_else(|| MigrateError::Io {
        path: input.to_path_buf(),
        error: std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a file name"),
    })?;
    let folder = match input.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let same = match (folder.canonicalize(), dir.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => folder == dir,
    };
    if same {
        return Err(MigrateError::WouldOverwrite {
            path: input.to_path_buf(),
        });
    }
    Ok(dir.join(file))
}

/// Migrates the file `input` into `out_dir` (`None`: in place, through a
/// temporary file renamed over it), and returns where it went.
pub fn migrate_file(
    input: &Path,
    out_dir: Option<&Path>,
    options: &Options,
) -> Result<(PathBuf, Migration), MigrateError> {
    let out = output_path(input, out_dir)?;
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |error| MigrateError::Io { path, error }
    };
    let bytes = std::fs::read(input).map_err(io(input))?;
    let source = String::from_utf8(bytes).map_err(|_| MigrateError::NotUtf8 {
        path: input.to_path_buf(),
    })?;
    let migration = migrate_html(&source, options)?;
    if let Some(dir) = out_dir {
        std::fs::create_dir_all(dir).map_err(io(dir))?;
    }
    let mut tmp = out.clone().into_os_string();
    tmp.push(".migrate-tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, &migration.html).map_err(io(&tmp))?;
    std::fs::rename(&tmp, &out).map_err(io(&out))?;
    Ok((out, migration))
}

/// The text a reader sees: every text node outside `<script>`, `<style>`
/// and `<template>`, in document order, whitespace collapsed.
pub fn visible_text(html: &str) -> String {
    let doc = Html::parse_document(html);
    let mut out = String::new();
    for node in doc.root_element().descendants() {
        let Some(text) = node.value().as_text() else {
            continue;
        };
        let hidden = node.ancestors().any(|a| {
            a.value()
                .as_element()
                .is_some_and(|e| matches!(e.name(), "script" | "style" | "template"))
        });
        if !hidden {
            out.push_str(text);
        }
    }
    collapse(&out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = r#"<html><head>
<script type="text/javascript" src="spartan.js">
</script></head><body>
<h3>Castling</h3>
<table class="board">
<tr><td class="n" id="sq2x3" onmousedown="down_click(,)" onmouseup=
"up_click()"></td>
<td class="n" id="sq3x3" onmousedown="down_click(3,3)" onmouseup="up_click()"><img src="sym/WhiteRook.png"></td>
<td class="n" id="sq4x3" onmousedown="down_click(99,3)"></td></tr>
<tr><td class="n" id="sq2x2"></td><td class="n" id="sq3x2"></td><td class="n" id="sq4x2"></td></tr>
</table>
<p id="piece">:<br>:</p>
<table border=1><tr><td>Piece</td><td>ID</td><td>value</td><td>Moves (Betza notation)</td><td>Remarks</td></tr>
<tr><td>Rook</td><td>R</td><td>5</td><td>R</td><td></td></tr>
<tr><td>Eagle</td><td>+D</td><td></td><td>not Betza at all</td><td></td></tr>
</table></body></html>"#;

    #[test]
    fn a_small_page_gains_declarations_and_keeps_its_other_bytes() {
        let m = migrate_html(PAGE, &Options::default()).unwrap();
        let want = PAGE
            .replace("src=\"spartan.js\"", "src=\"glance.js\"")
            .replace(
                " onmousedown=\"down_click(,)\" onmouseup=\n\"up_click()\"",
                "",
            )
            .replace(
                " onmousedown=\"down_click(3,3)\" onmouseup=\"up_click()\"",
                " data-piece=\"R\"",
            )
            .replace(" onmousedown=\"down_click(99,3)\"", "")
            .replace("<tr><td>Rook", "<tr data-piece=\"R\"><td>Rook");
        assert_eq!(m.html, want);
        let actions: Vec<Action> = m.notes.iter().map(|n| n.action).collect();
        assert_eq!(actions, [Action::Dropped, Action::Carried, Action::Dropped]);
        assert_eq!(m.live(), 1);
        // The table's own mistake (a prose Moves cell) stays the page's:
        // the check finds it on the migrated page as lint does on the legacy.
        let kinds: Vec<_> = m.errors.iter().map(|f| f.kind).collect();
        assert_eq!(
            kinds,
            [crate::page::finding::Kind::BadBetza],
            "{:?}",
            m.errors
        );
        assert_eq!(m.lost(), 0);
        assert_eq!(visible_text(&m.html), visible_text(PAGE));
        assert!(m.notes[2]
            .to_string()
            .starts_with("sq4x3: dropped: down_click(99,3): dead code"));
    }

    #[test]
    fn a_removed_handler_never_joins_its_neighbours() {
        // Found by the fuzz target `page`: `<s` and `cript>` must not meet.
        let src = "<script src=\"spartan.js\"></script><s onmouseup=\"up_click()\"cript>t</s>\
                   <table><tr><td id=\"sq1x1\"onmousedown=\"down_click(,)\"/></tr></table>";
        let m = migrate_html(src, &Options::default()).unwrap();
        assert!(m.html.contains("<s cript>t</s>"), "{}", m.html);
        assert!(m.html.contains("<td id=\"sq1x1\"/>"), "{}", m.html);
        assert_eq!(visible_text(&m.html), visible_text(src));
        // Found by the same target: a stray slash must not close the tag.
        let src = "<script src=\"spartan.js\"></script><svg/onmouseup=\"up_click()\">x<![CDATA[\">";
        let m = migrate_html(src, &Options::default()).unwrap();
        assert!(m.html.contains("<svg/ >"), "{}", m.html);
        assert_eq!(visible_text(&m.html), visible_text(src));
    }

    #[test]
    fn relocation_prefixes_relative_addresses_only() {
        let opts = Options {
            script_src: String::from("../../dist/glance.js"),
            relocate: Some(String::from("../")),
        };
        let m = migrate_html(PAGE, &opts).unwrap();
        assert!(m.html.contains("src=\"../sym/WhiteRook.png\""));
        assert!(m.html.contains("src=\"../../dist/glance.js\""));
        assert_eq!(relocated("https://x/y.png", "../"), None);
        assert_eq!(relocated("#top", "../"), None);
        assert_eq!(relocated("./a.png", "../").as_deref(), Some("../a.png"));
    }

    #[test]
    fn names_keys_and_slugs() {
        assert!(same_name("Dragon(-King)", "Dragon King"));
        assert!(same_name("(Dragon-)Horse", "Dragon Horse"));
        assert!(same_name("Unicorn", "Unicorn (aka Horned Falcon)"));
        assert!(same_name("King (Persian)", "King"));
        assert!(!same_name("Knight", "Night"));
        assert_eq!(key_of("+D"), "p-D");
        assert_eq!(key_of("H or +B"), "H");
        assert_eq!(slug("en-passant capture"), "en-passant-capture");
        assert_eq!(slug("Gating:"), "gating");
        assert_eq!(escape("a\"<&>"), "a&quot;&lt;&amp;&gt;");
    }

    #[test]
    fn not_a_legacy_page_and_the_same_folder_are_errors() {
        assert!(matches!(
            migrate_html("<p>hello</p>", &Options::default()),
            Err(MigrateError::NotLegacy)
        ));
        let here = Path::new("rules-html/Spartan.html");
        assert!(matches!(
            output_path(here, Some(Path::new("rules-html"))),
            Err(MigrateError::WouldOverwrite { .. })
        ));
        assert_eq!(
            output_path(here, Some(Path::new("/tmp/x"))).unwrap(),
            PathBuf::from("/tmp/x/Spartan.html")
        );
    }
}
