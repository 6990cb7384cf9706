//! The board's state and its rendering.
//!
//! Painting gives a cell one attribute, `data-glance-show="yellow"`, which
//! a style sheet of the module's own turns into the cell's background
//! image, with what the cell holds (a piece) made invisible: no element is
//! made, none moved, nothing laid out again. Restoring removes the
//! attribute, so the page is exactly as it was. Nothing is parsed as HTML.

use alloc::string::String;
use alloc::vec::Vec;

use super::dom::{Batch, Node, Sheet};
use crate::clicks::{
    after_last, lookup, parse_cell_id, parse_handler, parse_pair, split_at, Entry, Script,
};
use crate::diagram::Mark;
use crate::geometry::Square;
use crate::scene::{spaced, Content, Page, Scene};

/// The attribute naming the image a painted cell shows.
const SHOW: &str = "data-glance-show";

/// A cell that shows something when pressed.
pub(super) struct Clickable {
    pub(super) el: Node,
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

/// What a click shows, ready to paint: the cells that change and the
/// screen-reader sentence. Computed once per clickable cell (when the
/// browser is idle after start, or at the cell's first press) and kept: the
/// page's board does not change, so later presses compute and allocate
/// nothing.
struct Prepared {
    entry: &'static Entry,
    cells: Vec<(Square, Content)>,
    sentence: String,
}

/// One board of the page and what it shows.
pub(super) struct Board {
    script: Script,
    page: Page,
    /// Cells by square index, for the squares the page has.
    cells: [Option<Node>; 256],
    pub(super) clickables: Vec<Clickable>,
    /// What each clickable cell shows, once computed (same order).
    prepared: Vec<Option<Prepared>>,
    piece: Option<Node>,
    /// How many lines `#piece` has at rest (its `<br>`s and one).
    piece_lines: usize,
    /// The cells painted now.
    painted: Vec<Node>,
    /// The buffer of the last [`Batch`], kept for the next one.
    words: Vec<u32>,
    /// Where mark and piece images live, e.g. `sym/`.
    image_dir: String,
    /// The module's style sheet (adopted by the document at start), and
    /// the images it has a rule for.
    sheet: Option<Sheet>,
    styled: Vec<&'static str>,
    pub(super) shown: Option<Shown>,
}

/// What code `code` of `script` shows on `page`, with the screen-reader
/// sentence if the page has a `#piece` to say it in; `None` if the script
/// has no such code.
fn prepare(script: Script, code: (i32, i32), page: &Page, sentence: bool) -> Option<Prepared> {
    let scene = Scene::new(lookup(script, code.0, code.1)?, page).ok()?;
    Some(Prepared {
        sentence: if sentence {
            scene.sentence(page)
        } else {
            String::new()
        },
        entry: scene.entry,
        cells: scene.cells,
    })
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
fn has_class(el: Node, class: &str) -> bool {
    el.attr("class")
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
    /// piece (an image), the cells with a click code, and `#piece` (looked
    /// up in `page`, the document's element). Gives the board, its buttons
    /// and `#piece` their accessible roles and names.
    pub(super) fn read(page: Node, root: Node, script: Script) -> Board {
        let mut board = Board {
            script,
            page: Page::default(),
            cells: [const { None }; 256],
            clickables: Vec::new(),
            prepared: Vec::new(),
            piece: None,
            piece_lines: 0,
            painted: Vec::new(),
            words: Vec::new(),
            image_dir: String::from("sym/"),
            sheet: None,
            styled: Vec::new(),
            shown: None,
        };
        for el in root.query_all("[id^=sq]") {
            board.add_cell(el);
        }
        board.prepared.resize_with(board.clickables.len(), || None);
        board.piece = page.query("#piece");
        board.piece_lines = board.piece.map_or(0, |p| p.query_all("br").len() + 1);
        board.label(page);
        board.add_sheet(page);
        board
    }

    fn add_cell(&mut self, el: Node) {
        let Some(sq) = el.attr("id").as_deref().and_then(parse_cell_id) else {
            return;
        };
        let image = el.query("img").and_then(|i| i.attr("src"));
        if has_class(el, "n") {
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
        let inline = el.attr("onmousedown");
        let code = match &inline {
            Some(h) => parse_handler(h),
            None => el.attr("data-code").and_then(|c| parse_pair(&c)),
        };
        let found = code.and_then(|(x, y)| Some(((x, y), lookup(self.script, x, y)?)));
        if let Some((code, entry)) = found {
            if el.attr("tabindex").is_none() {
                el.set_attr("tabindex", "0");
            }
            el.set_attr("role", "button");
            el.set_attr("aria-pressed", "false");
            let subject = entry.subject();
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
            el.set_attr("aria-label", &label);
            self.clickables.push(Clickable {
                el,
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
    fn label(&self, page: Node) {
        let table = self.clickables.first().and_then(|c| c.el.closest("table"));
        if let Some(table) = table {
            if table.attr("aria-label").is_none() {
                let heading = page.query("h1").map(Node::text).unwrap_or_default();
                let mut name = String::from(heading.trim_ascii());
                name.push_str(if name.is_empty() {
                    "Moves at a glance"
                } else {
                    ": moves at a glance"
                });
                table.set_attr("aria-label", &name);
            }
        }
        if let Some(piece) = self.piece {
            piece.set_attr("aria-live", "polite");
            piece.set_attr("aria-atomic", "true");
        }
    }

    fn cell(&self, sq: Square) -> Option<Node> {
        self.cells.get(sq.index()).copied().flatten()
    }

    /// The clickable cell `target` is in, if any.
    pub(super) fn clickable_of(&self, target: Node) -> Option<usize> {
        let cell = target.closest("[id^=sq]")?;
        self.clickables.iter().position(|c| c.el == cell)
    }

    /// Prepares what every clickable cell shows. The page sees nothing;
    /// the first press then neither computes nor waits for the browser to
    /// compile the module's code for it.
    pub(super) fn warm(&mut self) {
        for i in 0..self.clickables.len() {
            let code = self.clickables[i].code;
            if let Some(slot @ None) = self.prepared.get_mut(i) {
                *slot = prepare(self.script, code, &self.page, self.piece.is_some());
            }
        }
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
        let kept = from
            .and_then(|i| self.prepared.get_mut(i))
            .and_then(Option::take);
        let Some(shows) =
            kept.or_else(|| prepare(self.script, code, &self.page, self.piece.is_some()))
        else {
            self.clear();
            return false;
        };
        // What was shown goes and the scene comes in one batch: one call.
        let mut batch = Batch::new(core::mem::take(&mut self.words));
        self.clear_into(&mut batch);
        self.paint(&shows, &mut batch);
        if let Some(c) = from.and_then(|i| self.clickables.get(i)) {
            batch.set_attr(c.el, "aria-pressed", "true");
        }
        self.words = batch.send();
        if let Some(slot) = from.and_then(|i| self.prepared.get_mut(i)) {
            *slot = Some(shows);
        }
        self.shown = Some(Shown { code, from, sticky });
        true
    }

    /// Adopts the module's style sheet into the document, with the rules
    /// hiding what painted cells hold and one rule per mark; rules for
    /// piece images (demos) are added when first needed. A constructed
    /// sheet adds no element to the page, and a Content-Security-Policy
    /// that forbids inline `<style>` does not block it.
    fn add_sheet(&mut self, page: Node) {
        self.sheet = Sheet::new(page, HIDE_RULES);
        if self.sheet.is_none() {
            return;
        }
        for mark in Mark::ALL {
            self.style(mark.image());
        }
    }

    /// Makes sure the module's style sheet has a rule for image `name`.
    fn style(&mut self, name: &'static str) {
        if self.styled.contains(&name) {
            return;
        }
        if let Some(sheet) = self.sheet {
            sheet.insert(&show_rule(&self.image_dir, name));
        }
        self.styled.push(name);
    }

    /// Adds to `batch` the changes showing `shows`, with its sentence (for
    /// screen readers) in `#piece`.
    fn paint<'a>(&mut self, shows: &'a Prepared, batch: &mut Batch<'a>) {
        for &(sq, content) in &shows.cells {
            let Some(cell) = self.cell(sq) else {
                continue;
            };
            // An emptied cell (a piece lifted away) shows nothing: "".
            let name = content.image().unwrap_or_default();
            if !name.is_empty() {
                self.style(name);
            }
            batch.set_attr(cell, SHOW, name);
            self.painted.push(cell);
        }
        if let Some(piece) = self.piece {
            batch.save(piece);
            // The lines the eye reads, hidden from screen readers: the
            // sentence after them says it all (the live region would
            // otherwise read the name and remarks twice).
            let entry = shows.entry;
            batch.append(piece, "span", "aria-hidden", entry.name);
            for note in entry.notes {
                batch.append(piece, "br", "", "");
                batch.append(piece, "span", "aria-hidden", note);
            }
            // As many lines as at rest, so that the page below does not
            // move while a piece is held: a line ends at each `<br>`, and
            // a last `<br>` adds none.
            let lines = 1 + entry.notes.len();
            if lines < self.piece_lines {
                for _ in lines..=self.piece_lines {
                    batch.append(piece, "br", "", "");
                }
            }
            // The sentence for screen readers, hidden from the eye by the
            // module's style sheet.
            batch.append(piece, "span", "data-glance-sr", &shows.sentence);
        }
    }

    /// Puts every painted cell and `#piece` back as they were.
    pub(super) fn clear(&mut self) {
        let mut batch = Batch::new(core::mem::take(&mut self.words));
        self.clear_into(&mut batch);
        self.words = batch.send();
    }

    /// Adds to `batch` the changes putting the board back at rest.
    fn clear_into(&mut self, batch: &mut Batch<'_>) {
        for cell in self.painted.drain(..) {
            batch.remove_attr(cell, SHOW);
        }
        // While something is shown, #piece holds its name, not its own
        // children.
        let Some(shown) = self.shown.take() else {
            return;
        };
        if let Some(piece) = self.piece {
            batch.restore(piece);
        }
        if let Some(c) = shown.from.and_then(|i| self.clickables.get(i)) {
            batch.set_attr(c.el, "aria-pressed", "false");
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
        if let Some(c) = self.clickables.get(i) {
            c.el.focus();
        }
    }

    /// Empties the module's style sheet (a board replaced by a new start
    /// leaves no rule behind).
    pub(super) fn empty_sheet(&mut self) {
        if let Some(sheet) = self.sheet.take() {
            // Emptied rather than taken out of the adopted list: an empty
            // sheet shows nothing, and removing it costs more code.
            sheet.replace("");
        }
        self.styled.clear();
    }
}
