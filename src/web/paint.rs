//! The board's state and its rendering.
//!
//! Painting gives a cell one attribute, `data-glance-show="yellow"`, which
//! a style sheet of the module's own turns into the cell's background
//! image, with what the cell holds (a piece) made invisible: no element is
//! made, none moved, nothing laid out again. Restoring removes the
//! attribute, so the page is exactly as it was. Nothing is parsed as HTML.
//!
//! `#piece` shows a press's lines by swapping its children: the lines of
//! each clickable cell are made once (in the idle warm-up or at the first
//! press) and kept, and the page's own children are put back on release,
//! the same nodes, so its HTML is exactly what it was.

use alloc::string::String;
use alloc::vec::Vec;

use js_sys::Array;
use wasm_bindgen::prelude::*;
use web_sys::{CssStyleSheet, Document, Element};

#[wasm_bindgen]
extern "C" {
    /// An element of the board, seen with two of `Element`'s methods
    /// declared for JavaScript strings (made once, see [`Strings`]): a press
    /// then crosses to JavaScript once per cell and decodes no text; and
    /// with `focus()`.
    #[wasm_bindgen(extends = Element)]
    type Cell;
    /// `setAttribute(name, value)`.
    #[wasm_bindgen(method, js_name = setAttribute)]
    fn set_attribute_js(this: &Cell, name: &JsValue, value: &JsValue);
    /// `removeAttribute(name)`.
    #[wasm_bindgen(method, js_name = removeAttribute)]
    fn remove_attribute_js(this: &Cell, name: &JsValue);
    /// `focus()`: HTML and SVG elements have it (another element throws,
    /// which is caught).
    #[wasm_bindgen(method, catch)]
    fn focus(this: &Cell) -> Result<(), JsValue>;
}

/// `el` as a [`Cell`] (no check is needed: its attribute methods are `Element`'s, and `focus` catches).
fn cell_of(el: &Element) -> &Cell {
    el.unchecked_ref()
}

/// The strings a press and a release write, as JavaScript strings made
/// once when the board is read.
struct Strings {
    show: JsValue,
    pressed: JsValue,
    yes: JsValue,
    no: JsValue,
}

use crate::board::clicks::parse_cell_id;
#[cfg(not(feature = "generic"))]
use crate::board::clicks::{Script, after_last, lookup, parse_handler, parse_pair};
use crate::board::scene::{Content, Page, Scene, spaced};
use crate::board::state::{Piece, Shown};
use crate::board::words::Words;
use crate::engine::diagram::Mark;
use crate::engine::geometry::{Colour, Square};
#[cfg(any(feature = "generic", not(feature = "dropin")))]
use crate::page::declared::Declared;

/// What the board's pieces show: the click codes of a legacy script, or
/// the pieces the page declares (`data-piece`, read by `dist/glance.js`),
/// with the board and image folder of the page's model (a declared cell is
/// a piece whatever it shows: [`crate::page::declared::Declarations::page`]).
pub(super) enum Source {
    #[cfg(not(feature = "generic"))]
    Script(Script),
    #[cfg(any(feature = "generic", not(feature = "dropin")))]
    Page(Declared, Page, String),
}

impl Source {
    /// The scene of code `code` on `page`, if it shows something.
    fn scene(&self, code: (i32, i32), page: &Page) -> Option<Scene<'_>> {
        match self {
            #[cfg(not(feature = "generic"))]
            Source::Script(script) => Scene::new(lookup(*script, code.0, code.1)?, page).ok(),
            #[cfg(any(feature = "generic", not(feature = "dropin")))]
            Source::Page(declared, ..) => declared.scene(code, page),
        }
    }

    /// The code of a cell with square `sq` (and an inline handler text, if
    /// any), the piece's name as a subject, and the side of a piece the
    /// page declares (`None` for click codes: their image says it), if the
    /// cell shows something.
    fn code_of(
        &self,
        el: &Element,
        sq: Square,
        inline: Option<&str>,
    ) -> Option<((i32, i32), &str, Option<Colour>)> {
        match self {
            #[cfg(not(feature = "generic"))]
            Source::Script(script) => {
                let _ = sq;
                let (x, y) = match inline {
                    Some(h) => parse_handler(h),
                    None => el.get_attribute("data-code").and_then(|c| parse_pair(&c)),
                }?;
                let entry = lookup(*script, x, y)?;
                Some(((x, y), entry.subject(), None))
            }
            #[cfg(any(feature = "generic", not(feature = "dropin")))]
            Source::Page(declared, ..) => {
                let _ = (el, inline);
                let code = (i32::from(sq.file()), i32::from(sq.rank()));
                let (cell, piece) = declared.at(code)?;
                Some((code, piece.name(), Some(cell.colour)))
            }
        }
    }
}

/// The attribute naming the image a painted cell shows.
const SHOW: &str = "data-glance-show";

/// A cell that shows something when pressed.
pub(super) struct Clickable {
    pub(super) el: Element,
    pub(super) sq: Square,
    pub(super) code: (i32, i32),
    /// It has an inline `onmousedown` handler, which serves the mouse.
    pub(super) inline: bool,
}

/// What a click shows, ready to paint: the cells that change and the
/// children of `#piece` (its lines and the screen-reader sentence). Made once per clickable cell (when the
/// browser is idle after start, or at the cell's first press) and kept: the
/// page's board does not change, so later presses compute and allocate
/// nothing.
struct Prepared {
    cells: Vec<(Square, Content)>,
    /// The nodes `#piece` holds while it shows (empty if there is none).
    lines: Array,
}

/// One board of the page and what it shows.
pub(super) struct Board {
    source: Source,
    /// The sentence's fixed words, in the page's language.
    words: &'static Words,
    pub(super) document: Document,
    page: Page,
    /// Cells by square index, for the squares the page has.
    cells: [Option<Element>; 256],
    pub(super) clickables: Vec<Clickable>,
    /// What each code shows, once computed: the clickable cells' codes
    /// (in the warm-up or at their first press) and any other code pressed.
    prepared: Vec<((i32, i32), Prepared)>,
    piece: Option<Element>,
    /// How many lines `#piece` has at rest (its `<br>`s and one).
    piece_lines: usize,
    /// `#piece`'s own children, taken out while something shows.
    piece_rest: Option<Array>,
    /// The squares of the cells painted now.
    painted: Vec<Square>,
    strings: Strings,
    /// Where mark and piece images live, e.g. `sym/`.
    image_dir: String,
    /// The module's style sheet (adopted by the document at start).
    sheet: Option<CssStyleSheet>,
    /// The values painted cells take, each with the same text as a
    /// JavaScript string: the images the sheet has a rule for, and `""`
    /// (an emptied cell).
    styled: Vec<(&'static str, JsValue)>,
    /// The clickable cell whose `aria-pressed` is true, if any.
    pressed: Option<usize>,
    /// Whether something is shown (cells painted, `#piece` swapped).
    showing: bool,
}

/// What code `code` of `source` shows on `page`, with the lines `#piece`
/// shows if the page has one (made in `document`, the sentence in
/// `words`); `None` if the source has no such code.
fn prepare(
    source: &Source,
    code: (i32, i32),
    page: &Page,
    document: &Document,
    words: &Words,
    piece_lines_at_rest: Option<usize>,
) -> Option<Prepared> {
    let scene = source.scene(code, page)?;
    let lines = Array::new();
    if let Some(at_rest) = piece_lines_at_rest {
        piece_lines(
            document,
            &lines,
            &scene,
            &scene.sentence_in(page, words),
            at_rest,
        );
    }
    Some(Prepared {
        cells: scene.cells,
        lines,
    })
}

/// Appends to `lines` what `#piece` shows for `scene`: its name and each
/// remark as a line the eye reads, hidden from screen readers (the
/// sentence says it all; the live region would otherwise read the name and
/// remarks twice), padded to `at_rest` lines so that the page below does
/// not move while a piece is held, then the sentence for screen readers,
/// hidden from the eye by the module's style sheet.
fn piece_lines(document: &Document, lines: &Array, scene: &Scene, sentence: &str, at_rest: usize) {
    let element = |tag: &str, flag: &str, text: &str| {
        let el = document.create_element(tag).ok()?;
        if !flag.is_empty() {
            el.set_attribute(flag, "true").ok()?;
        }
        if !text.is_empty() {
            el.set_text_content(Some(text));
        }
        lines.push(&el);
        Some(())
    };
    element("span", "aria-hidden", scene.name);
    for note in &scene.notes {
        element("br", "", "");
        element("span", "aria-hidden", note);
    }
    // A line ends at each `<br>`, and a last `<br>` adds none.
    let shown = 1 + scene.notes.len();
    if shown < at_rest {
        for _ in shown..=at_rest {
            element("br", "", "");
        }
    }
    element("span", "data-glance-sr", sentence);
}

/// Appends `text` to `css` as the body of a CSS string (quotes and
/// backslashes escaped, line breaks as code points).
fn push_css_string(css: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '"' | '\\' => {
                css.push('\\');
                css.push(c);
            }
            '\n' | '\r' | '\x0c' => css.push_str("\\a "),
            _ => css.push(c),
        }
    }
}

/// The rules hiding what a painted cell holds (`visibility` and `color`
/// change no layout), and the screen-reader sentence from the eye.
/// `!important`: the page's own rules must not show them.
const HIDE_RULES: &str = "[data-glance-show]{color:transparent!important}[data-glance-show] *{visibility:hidden!important}[data-glance-sr]{position:absolute!important;clip:rect(0 0 0 0)!important}";

/// The style rule showing image `name` (from folder `dir`, e.g. `sym/`)
/// centred as the background of the cells whose [`SHOW`] attribute names
/// it. `!important`: a page's own `background` shorthand must not hide it.
fn show_rule(dir: &str, name: &str) -> String {
    let mut css = String::with_capacity(2 * name.len() + dir.len() + 160);
    css.push('[');
    css.push_str(SHOW);
    css.push_str("=\"");
    push_css_string(&mut css, name);
    css.push_str("\"]{background-image:url(\"");
    push_css_string(&mut css, dir);
    push_css_string(&mut css, name);
    css.push_str(".png\")!important;background-position:center!important;background-repeat:no-repeat!important}");
    css
}

/// Sets attribute `name` of `el` to `value` (which cannot fail for the
/// names this module sets). One function, not a call and the dropped
/// result at each place.
#[inline(never)]
fn set(el: &Element, name: &str, value: &str) {
    let _ = el.set_attribute(name, value);
}

/// Whether `el`'s class attribute lists `class`.
#[cfg(not(feature = "generic"))]
fn has_class(el: &Element, class: &str) -> bool {
    el.get_attribute("class")
        .is_some_and(|c| c.split_ascii_whitespace().any(|w| w == class))
}

impl Board {
    /// Reads the board inside `root`: every element whose id is `sq{x}x{y}`,
    /// the board squares among them (class `n`), which of those hold a
    /// piece (an image), the cells with a click code, and `#piece` (looked
    /// up in `document`), with the sentence's words in `lang` (the page's
    /// language). Gives the board, its buttons and `#piece` their
    /// accessible roles and names, and adopts the module's style sheet.
    pub(super) fn read(document: &Document, root: &Element, source: Source, lang: &str) -> Board {
        let mut board = Board {
            source,
            words: Words::for_lang(lang),
            document: document.clone(),
            page: Page::default(),
            cells: [const { None }; 256],
            clickables: Vec::new(),
            prepared: Vec::new(),
            piece: None,
            piece_lines: 0,
            piece_rest: None,
            painted: Vec::new(),
            strings: Strings {
                show: JsValue::from_str(SHOW),
                pressed: JsValue::from_str("aria-pressed"),
                yes: JsValue::from_str("true"),
                no: JsValue::from_str("false"),
            },
            image_dir: String::from("sym/"),
            sheet: None,
            styled: Vec::new(),
            pressed: None,
            showing: false,
        };
        if let Ok(cells) = root.query_selector_all("[id^=sq]") {
            // A selector matches elements only: no check needed.
            for i in 0..cells.length() {
                if let Some(node) = cells.item(i) {
                    board.add_cell(node.unchecked_into());
                }
            }
        }
        // A page that declares its pieces: its model's board and images
        // (the cells' own reading above serves the legacy scripts, whose
        // drop-ins carry no page reader).
        #[cfg(any(feature = "generic", not(feature = "dropin")))]
        #[allow(irrefutable_let_patterns)]
        if let Source::Page(_, page, dir) = &board.source {
            board.page = *page;
            board.image_dir.clone_from(dir);
        }
        board.piece = document.query_selector("#piece").ok().flatten();
        board.piece_lines = board.piece.as_ref().map_or(0, |p| {
            p.query_selector_all("br")
                .map_or(0, |l| l.length() as usize)
                + 1
        });
        board.label();
        board.add_sheet();
        board
    }

    fn add_cell(&mut self, el: Element) {
        let Some(sq) = parse_cell_id(&el.id()) else {
            return;
        };
        let image = el
            .query_selector("img")
            .ok()
            .flatten()
            .and_then(|i| i.get_attribute("src"));
        // The generic drop-in takes the board and images of the page's
        // model instead (Board::read).
        #[cfg(not(feature = "generic"))]
        {
            if has_class(&el, "n") {
                self.page.board.insert(sq);
                if image.is_some() {
                    self.page.occupied.insert(sq);
                }
            }
            if let Some(src) = &image {
                let dir = src
                    .get(..src.len() - after_last(src, b'/').len())
                    .unwrap_or_default();
                if !dir.is_empty() {
                    self.image_dir = String::from(dir);
                }
            }
        }
        let inline = el.get_attribute("onmousedown");
        let found = self.source.code_of(&el, sq, inline.as_deref());
        if let Some((code, subject, side)) = found {
            // Setting attributes on an element cannot fail for these names.
            if !el.has_attribute("tabindex") {
                set(&el, "tabindex", "0");
            }
            set(&el, "role", "button");
            set(&el, "aria-pressed", "false");
            let label = match side {
                // A declared piece: its row's name, in the page's words,
                // and its side ("Dame, Blancs").
                Some(colour) if !subject.is_empty() => {
                    let side = match colour {
                        Colour::White => self.words.white,
                        Colour::Black => self.words.black,
                    };
                    let mut label = String::from(subject);
                    label.push_str(", ");
                    label.push_str(side);
                    label
                }
                // A click code, or a declared cell with no words of its
                // own (a demonstration): its image's name ("White Queen"),
                // and the click's name when the image's does not say it.
                _ => {
                    let mut label = image
                        .as_deref()
                        .map(|s| spaced(crate::page::declared::image_name(s)))
                        .unwrap_or_default();
                    if !label.ends_with(subject) {
                        if !label.is_empty() {
                            label.push_str(", ");
                        }
                        label.push_str(subject);
                    }
                    label
                }
            };
            set(&el, "aria-label", &label);
            self.clickables.push(Clickable {
                el: el.clone(),
                sq,
                code,
                inline: inline.is_some(),
            });
        }
        if let Some(slot) = self.cells.get_mut(sq.index()) {
            *slot = Some(el);
        }
    }

    /// The board table is named by the page's heading; `#piece` becomes a
    /// live region, so what a press shows is read out.
    fn label(&self) {
        let table = self
            .clickables
            .first()
            .and_then(|c| c.el.closest("table").ok().flatten());
        if let Some(table) = table {
            if !table.has_attribute("aria-label") {
                let heading = self
                    .document
                    .query_selector("h1")
                    .ok()
                    .flatten()
                    .and_then(|h| h.text_content())
                    .unwrap_or_default();
                let mut name = String::from(heading.trim_ascii());
                let words = self.words.board;
                if name.is_empty() {
                    let mut first = words.chars();
                    if let Some(c) = first.next() {
                        name.push(c.to_ascii_uppercase());
                        name.push_str(first.as_str());
                    }
                } else {
                    name.push_str(self.words.colon);
                    name.push_str(words);
                }
                set(&table, "aria-label", &name);
            }
        }
        if let Some(piece) = &self.piece {
            set(piece, "aria-live", "polite");
            set(piece, "aria-atomic", "true");
        }
    }

    fn cell(&self, sq: Square) -> Option<&Element> {
        self.cells.get(sq.index())?.as_ref()
    }

    /// The clickable cell `target` is in, if any.
    pub(super) fn clickable_of(&self, target: &Element) -> Option<usize> {
        let cell = target.closest("[id^=sq]").ok()??;
        let sq = parse_cell_id(&cell.id())?;
        self.clickables
            .iter()
            .position(|c| c.sq == sq && c.el == cell)
    }

    fn prepare(&self, code: (i32, i32)) -> Option<Prepared> {
        let lines = self.piece.as_ref().map(|_| self.piece_lines);
        prepare(
            &self.source,
            code,
            &self.page,
            &self.document,
            self.words,
            lines,
        )
    }

    /// The pieces of the board, for the state machine (same order as the
    /// clickable cells).
    pub(super) fn pieces(&self) -> Vec<Piece> {
        self.clickables
            .iter()
            .map(|c| Piece {
                code: c.code,
                sq: c.sq,
                inline: c.inline,
            })
            .collect()
    }

    /// Prepares what every clickable cell shows. The page sees nothing;
    /// the first press then neither computes nor waits for the browser to
    /// compile the module's code for it.
    pub(super) fn warm(&mut self) {
        for i in 0..self.clickables.len() {
            self.ready(self.clickables[i].code);
        }
    }

    /// Whether code `code` shows something, prepared (and kept) if so.
    pub(super) fn ready(&mut self, code: (i32, i32)) -> bool {
        if self.prepared.iter().any(|p| p.0 == code) {
            return true;
        }
        match self.prepare(code) {
            Some(made) => {
                self.prepared.push((code, made));
                true
            }
            None => false,
        }
    }

    /// Puts the board back at rest and shows `shown` (prepared by
    /// [`Board::ready`]; nothing if it was not).
    pub(super) fn show(&mut self, shown: Shown) {
        self.clear();
        let Some(at) = self.prepared.iter().position(|p| p.0 == shown.code) else {
            return;
        };
        // Taken out while painting, which needs the board mutably.
        let (code, shows) = self.prepared.swap_remove(at);
        self.paint(&shows);
        self.prepared.push((code, shows));
        self.showing = true;
        if let Some(c) = shown.from.and_then(|i| self.clickables.get(i)) {
            cell_of(&c.el).set_attribute_js(&self.strings.pressed, &self.strings.yes);
            self.pressed = shown.from;
        }
    }

    /// Adopts the module's style sheet into the document, with the rules
    /// hiding what painted cells hold and one rule per mark; rules for
    /// piece images (demos) are added when first needed. A constructed
    /// sheet adds no element to the page, and a Content-Security-Policy
    /// that forbids inline `<style>` does not block it.
    fn add_sheet(&mut self) {
        let Ok(sheet) = CssStyleSheet::new() else {
            return;
        };
        if sheet.replace_sync(HIDE_RULES).is_err() {
            return;
        }
        let adopted = self.document.adopted_style_sheets();
        adopted.push(&sheet);
        self.document.set_adopted_style_sheets(&adopted);
        self.sheet = Some(sheet);
        for mark in Mark::ALL {
            self.style(mark.image());
        }
        self.style("");
    }

    /// The index in `styled` of image `name` (`""`: none), with a rule in
    /// the module's style sheet made the first time.
    fn style(&mut self, name: &'static str) -> usize {
        if let Some(i) = self.styled.iter().position(|s| s.0 == name) {
            return i;
        }
        if let (Some(sheet), false) = (&self.sheet, name.is_empty()) {
            // A rule the browser refuses shows nothing.
            let _ = sheet.insert_rule(&show_rule(&self.image_dir, name));
        }
        self.styled.push((name, JsValue::from_str(name)));
        self.styled.len() - 1
    }

    /// Shows `shows`: its marks on the cells, its lines in `#piece`.
    fn paint(&mut self, shows: &Prepared) {
        for &(sq, content) in &shows.cells {
            if self.cell(sq).is_none() {
                continue;
            }
            // An emptied cell (a piece lifted away) shows nothing: "".
            let value = self.style(content.image().unwrap_or_default());
            if let Some(cell) = self.cell(sq) {
                cell_of(cell).set_attribute_js(&self.strings.show, &self.styled[value].1);
            }
            self.painted.push(sq);
        }
        if let Some(piece) = &self.piece {
            if self.piece_rest.is_none() {
                self.piece_rest = Some(Array::from(&piece.child_nodes()));
            }
            piece.replace_children_with_node(&shows.lines);
        }
    }

    /// Puts every painted cell and `#piece` back as they were.
    pub(super) fn clear(&mut self) {
        for &sq in &self.painted {
            if let Some(cell) = self.cell(sq) {
                cell_of(cell).remove_attribute_js(&self.strings.show);
            }
        }
        self.painted.clear();
        if !core::mem::take(&mut self.showing) {
            return;
        }
        if let (Some(piece), Some(rest)) = (&self.piece, self.piece_rest.take()) {
            piece.replace_children_with_node(&rest);
        }
        if let Some(c) = self.pressed.take().and_then(|i| self.clickables.get(i)) {
            cell_of(&c.el).set_attribute_js(&self.strings.pressed, &self.strings.no);
        }
    }

    /// Moves keyboard focus to clickable cell `i`.
    pub(super) fn focus(&self, i: usize) {
        if let Some(c) = self.clickables.get(i) {
            let _ = cell_of(&c.el).focus();
        }
    }

    /// Empties the module's style sheet (a board replaced by a new start
    /// leaves no rule behind; glance.js starts once).
    #[cfg(not(feature = "generic"))]
    pub(super) fn empty_sheet(&mut self) {
        if let Some(sheet) = self.sheet.take() {
            // Emptied rather than taken out of the adopted list: an empty
            // sheet shows nothing, and removing it costs more code.
            let _ = sheet.replace_sync("");
        }
        self.styled.clear();
    }
}
