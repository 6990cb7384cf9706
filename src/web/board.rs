//! The board's state and its rendering.
//!
//! Painting gives a cell one attribute, `data-glance-show="yellow"`, which
//! a style sheet of the module's own turns into the cell's background
//! image, with what the cell holds (a piece) made invisible: no element is
//! made, none moved, nothing laid out again. Restoring removes the
//! attribute, so the page is exactly as it was. Nothing is parsed as HTML.

use alloc::string::String;
use alloc::vec::Vec;

use wasm_bindgen::JsCast;
use web_sys::{CssStyleSheet, Document, Element, HtmlElement, Node};

use crate::clicks::{
    after_last, lookup, parse_cell_id, parse_handler, parse_pair, split_at, Script,
};
use crate::diagram::Mark;
use crate::geometry::Square;
use crate::scene::{spaced, Page, Scene};

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

/// What is shown now.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(super) struct Shown {
    pub(super) code: (i32, i32),
    /// The clickable cell it was shown from, if any.
    pub(super) from: Option<usize>,
    /// Shown by a tap or a key: stays until the next one, not until release.
    pub(super) sticky: bool,
}

/// One board of the page and what it shows.
pub(super) struct Board {
    document: Document,
    script: Script,
    page: Page,
    /// Cells by square index, for the squares the page has.
    cells: [Option<Element>; 256],
    pub(super) clickables: Vec<Clickable>,
    piece: Option<Element>,
    /// The cells painted now.
    painted: Vec<Element>,
    /// The nodes `#piece` held at rest, while it shows a name.
    piece_saved: Option<Vec<Node>>,
    /// Where mark and piece images live, e.g. `sym/`.
    image_dir: String,
    /// The module's style sheet (adopted by the document at start), and
    /// the images it has a rule for.
    sheet: Option<CssStyleSheet>,
    styled: Vec<&'static str>,
    pub(super) shown: Option<Shown>,
}

fn take_children(node: &Node) -> Vec<Node> {
    let mut saved = Vec::new();
    while let Some(child) = node.first_child() {
        if node.remove_child(&child).is_err() {
            break;
        }
        saved.push(child);
    }
    saved
}

fn put_back(node: &Node, saved: &[Node]) {
    while let Some(child) = node.first_child() {
        if node.remove_child(&child).is_err() {
            break;
        }
    }
    for child in saved {
        let _ = node.append_child(child);
    }
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

/// Whether `el`'s class attribute lists `class`.
fn has_class(el: &Element, class: &str) -> bool {
    el.get_attribute("class")
        .is_some_and(|c| c.split_ascii_whitespace().any(|w| w == class))
}

/// The base name of an image's file: `sym/WhiteQueen.png` → `WhiteQueen`.
fn image_name(src: &str) -> &str {
    let file = after_last(src, b'/');
    split_at(file, b'.').map_or(file, |(name, _)| name)
}

impl Board {
    /// Reads the board inside `root`: every element whose id is `sq{x}x{y}`,
    /// the board squares among them (class `n`), which of those hold a
    /// piece (an image), the cells with a click code, and `#piece`. Gives
    /// the board, its buttons and `#piece` their accessible roles and names.
    pub(super) fn read(document: Document, root: &Element, script: Script) -> Board {
        let mut board = Board {
            document,
            script,
            page: Page::default(),
            cells: [const { None }; 256],
            clickables: Vec::new(),
            piece: None,
            painted: Vec::new(),
            piece_saved: None,
            image_dir: String::from("sym/"),
            sheet: None,
            styled: Vec::new(),
            shown: None,
        };
        if let Ok(list) = root.query_selector_all("[id^=sq]") {
            for i in 0..list.length() {
                if let Some(el) = list.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                    board.add_cell(el);
                }
            }
        }
        // Element lookups only (one import each in the glue, not two).
        board.piece = board.query("#piece");
        board.label();
        board.add_sheet();
        board
    }

    fn add_cell(&mut self, el: Element) {
        let Some(sq) = el.get_attribute("id").as_deref().and_then(parse_cell_id) else {
            return;
        };
        let image = el
            .query_selector("img")
            .ok()
            .flatten()
            .and_then(|i| i.get_attribute("src"));
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
        let inline = el.get_attribute("onmousedown");
        let code = match &inline {
            Some(h) => parse_handler(h),
            None => el.get_attribute("data-code").and_then(|c| parse_pair(&c)),
        };
        let found = code.and_then(|(x, y)| Some(((x, y), lookup(self.script, x, y)?)));
        if let Some((code, entry)) = found {
            if el.get_attribute("tabindex").is_none() {
                let _ = el.set_attribute("tabindex", "0");
            }
            let _ = el.set_attribute("role", "button");
            let _ = el.set_attribute("aria-pressed", "false");
            let subject = entry.name.trim_end_matches(':');
            let mut label = image
                .as_deref()
                .map(|s| spaced(image_name(s)))
                .unwrap_or_default();
            if !label.ends_with(subject) {
                if !label.is_empty() {
                    label.push_str(", ");
                }
                label.push_str(subject);
            }
            let _ = el.set_attribute("aria-label", &label);
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
            if table.get_attribute("aria-label").is_none() {
                let heading = self
                    .query("h1")
                    .and_then(|h| h.text_content())
                    .unwrap_or_default();
                let mut name = String::from(heading.trim());
                name.push_str(if name.is_empty() {
                    "Moves at a glance"
                } else {
                    ": moves at a glance"
                });
                let _ = table.set_attribute("aria-label", &name);
            }
        }
        if let Some(piece) = &self.piece {
            let _ = piece.set_attribute("aria-live", "polite");
            let _ = piece.set_attribute("aria-atomic", "true");
        }
    }

    fn cell(&self, sq: Square) -> Option<&Element> {
        self.cells.get(sq.index()).and_then(Option::as_ref)
    }

    /// The clickable cell `target` is in, if any.
    pub(super) fn clickable_of(&self, target: &Element) -> Option<usize> {
        let cell = target.closest("[id^=sq]").ok().flatten()?;
        self.clickables.iter().position(|c| c.el == cell)
    }

    /// Shows code `code` (from clickable cell `from`, if known), clearing
    /// what was shown. Returns whether the script defines the code.
    pub(super) fn show_code(&mut self, code: (i32, i32), sticky: bool) -> bool {
        let from = self.clickables.iter().position(|c| c.code == code);
        self.show_from(code, from, sticky)
    }

    pub(super) fn show_from(
        &mut self,
        code: (i32, i32),
        from: Option<usize>,
        sticky: bool,
    ) -> bool {
        self.clear();
        let Some(entry) = lookup(self.script, code.0, code.1) else {
            return false;
        };
        let Ok(scene) = Scene::new(entry, &self.page) else {
            return false;
        };
        self.paint(&scene);
        if let Some(c) = from.and_then(|i| self.clickables.get(i)) {
            let _ = c.el.set_attribute("aria-pressed", "true");
        }
        self.shown = Some(Shown { code, from, sticky });
        true
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
    }

    /// Makes sure the module's style sheet has a rule for image `name`.
    fn style(&mut self, name: &'static str) {
        if self.styled.contains(&name) {
            return;
        }
        if let Some(sheet) = &self.sheet {
            let _ = sheet.insert_rule(&show_rule(&self.image_dir, name));
        }
        self.styled.push(name);
    }

    fn paint(&mut self, scene: &Scene) {
        for &(sq, content) in &scene.cells {
            let Some(cell) = self.cell(sq).cloned() else {
                continue;
            };
            // An emptied cell (a piece lifted away) shows nothing: "".
            let name = content.image().unwrap_or_default();
            if !name.is_empty() {
                self.style(name);
            }
            let _ = cell.set_attribute(SHOW, name);
            self.painted.push(cell);
        }
        if let Some(piece) = self.piece.clone() {
            self.piece_saved = Some(take_children(&piece));
            let entry = scene.entry;
            let _ = piece.append_child(&self.document.create_text_node(entry.name));
            for note in entry.notes {
                if let Ok(br) = self.document.create_element("br") {
                    let _ = piece.append_child(&br);
                }
                let _ = piece.append_child(&self.document.create_text_node(note));
            }
            // The sentence for screen readers, hidden from the eye by the
            // module's style sheet.
            if let Ok(span) = self.document.create_element("span") {
                let _ = span.set_attribute("data-glance-sr", "");
                let _ =
                    span.append_child(&self.document.create_text_node(&scene.sentence(&self.page)));
                let _ = piece.append_child(&span);
            }
        }
    }

    /// Puts every painted cell and `#piece` back as they were.
    pub(super) fn clear(&mut self) {
        for cell in self.painted.drain(..) {
            let _ = cell.remove_attribute(SHOW);
        }
        if let (Some(piece), Some(saved)) = (&self.piece, self.piece_saved.take()) {
            put_back(piece, &saved);
        }
        if let Some(c) = self
            .shown
            .take()
            .and_then(|s| s.from)
            .and_then(|i| self.clickables.get(i))
        {
            let _ = c.el.set_attribute("aria-pressed", "false");
        }
    }

    /// The clickable cell nearest to cell `from` in direction (dx, dy), if
    /// any: straight lines first, then the smallest sideways offset.
    pub(super) fn neighbour(&self, from: usize, dx: i32, dy: i32) -> Option<usize> {
        let here = self.clickables.get(from)?.sq;
        let (hx, hy) = (here.file() as i32, here.rank() as i32);
        self.clickables
            .iter()
            .enumerate()
            .filter_map(|(i, c)| {
                let (x, y) = (c.sq.file() as i32 - hx, c.sq.rank() as i32 - hy);
                let ahead = x * dx + y * dy;
                let aside = (x * dy - y * dx).abs();
                (ahead > 0).then_some((aside * 4 + ahead, i))
            })
            .min()
            .map(|(_, i)| i)
    }

    /// Moves keyboard focus to clickable cell `i`.
    pub(super) fn focus(&self, i: usize) {
        if let Some(el) = self
            .clickables
            .get(i)
            .and_then(|c| c.el.dyn_ref::<HtmlElement>())
        {
            let _ = el.focus();
        }
    }

    /// Empties the module's style sheet (a board replaced by a new start
    /// leaves no rule behind).
    pub(super) fn empty_sheet(&mut self) {
        if let Some(sheet) = self.sheet.take() {
            // Emptied rather than taken out of the adopted list: an empty
            // sheet shows nothing, and removing it costs more code.
            let _ = sheet.replace_sync("");
        }
        self.styled.clear();
    }

    /// The first element of the page matching `selector`.
    fn query(&self, selector: &str) -> Option<Element> {
        self.document
            .document_element()?
            .query_selector(selector)
            .ok()
            .flatten()
    }

    pub(super) fn document(&self) -> &Document {
        &self.document
    }
}
