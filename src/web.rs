//! The page: finding the board, painting scenes into it and restoring it.
//! The only module that touches the DOM (wasm32 only).
//!
//! State, rendering and events are kept apart: [`Board`] is what was read
//! from the page once at start (cells, pieces, `#piece`) plus what is shown
//! now; [`Board::show`] and [`Board::clear`] are the rendering; the
//! exported functions (and `events`) only decide which scene to show.
//!
//! Painting moves a cell's own nodes aside and puts an image in their
//! place; restoring puts the very same nodes back, so the page is exactly
//! as it was, attributes, text and all.

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::cell::RefCell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, Node};

use crate::clicks::{lookup, Script};
use crate::geometry::{Square, SquareSet};
use crate::scene::{Content, Page, Scene};

/// A cell painted over, with the nodes it held before.
struct Painted {
    cell: Element,
    saved: Vec<Node>,
}

/// One board of the page and what it shows.
pub(crate) struct Board {
    document: Document,
    script: Script,
    page: Page,
    /// Cells by square index, for the squares the page has.
    cells: Vec<Option<Element>>,
    piece: Option<Element>,
    painted: Vec<Painted>,
    /// The nodes `#piece` held at rest, while it shows a name.
    piece_saved: Option<Vec<Node>>,
    /// Where mark and piece images live, e.g. `sym/`.
    image_dir: String,
    /// The code shown now, if any.
    pub(crate) showing: Option<(i32, i32)>,
}

/// The board of the page, once started.
pub(crate) struct Global(RefCell<Option<Board>>);

// SAFETY: the module is built for wasm32-unknown-unknown without threads:
// there is only ever one thread to see it.
unsafe impl Sync for Global {}

impl Global {
    /// Runs `f` on the board, if started and not already in use (a press
    /// from inside a press is ignored rather than a panic).
    pub(crate) fn with<R>(&self, f: impl FnOnce(&mut Board) -> R) -> Option<R> {
        let mut b = self.0.try_borrow_mut().ok()?;
        b.as_mut().map(f)
    }
}

pub(crate) static BOARD: Global = Global(RefCell::new(None));

/// Reads `sq{x}x{y}`.
pub(crate) fn parse_cell_id(id: &str) -> Option<Square> {
    let rest = id.strip_prefix("sq")?;
    let (x, y) = rest.split_once('x')?;
    let x: u8 = x.parse().ok()?;
    let y: u8 = y.parse().ok()?;
    Square::new(x, y)
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

impl Board {
    /// Reads the board of `document`: every element whose id is
    /// `sq{x}x{y}`, the board squares among them (class `n`), which of those
    /// hold a piece (an image), and `#piece`.
    pub(crate) fn read(document: Document, script: Script) -> Board {
        let mut cells: Vec<Option<Element>> = vec![None; 256];
        let mut page = Page {
            board: SquareSet::EMPTY,
            occupied: SquareSet::EMPTY,
        };
        let mut image_dir = String::from("sym/");
        if let Ok(list) = document.query_selector_all("[id^=sq]") {
            for i in 0..list.length() {
                let Some(el) = list.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else {
                    continue;
                };
                let Some(sq) = parse_cell_id(&el.id()) else {
                    continue;
                };
                if el.class_list().contains("n") {
                    page.board.insert(sq);
                    if let Ok(Some(img)) = el.query_selector("img") {
                        page.occupied.insert(sq);
                        if let Some(src) = img.get_attribute("src") {
                            if let Some(slash) = src.rfind('/') {
                                image_dir = String::from(src.get(..=slash).unwrap_or("sym/"));
                            }
                        }
                    }
                }
                if let Some(slot) = cells.get_mut(sq.index()) {
                    *slot = Some(el);
                }
            }
        }
        let piece = document.get_element_by_id("piece");
        Board {
            document,
            script,
            page,
            cells,
            piece,
            painted: Vec::new(),
            piece_saved: None,
            image_dir,
            showing: None,
        }
    }

    fn cell(&self, sq: Square) -> Option<&Element> {
        self.cells.get(sq.index()).and_then(Option::as_ref)
    }

    /// Shows the scene of code (x, y), if the script defines it; anything
    /// shown before is cleared first. Returns whether something is shown.
    pub(crate) fn press(&mut self, x: i32, y: i32) -> bool {
        self.clear();
        let Some(entry) = lookup(self.script, x, y) else {
            return false;
        };
        let Ok(scene) = Scene::new(entry, &self.page) else {
            return false;
        };
        self.show(&scene);
        self.showing = Some((x, y));
        true
    }

    fn image(&self, name: &str) -> Option<Element> {
        let img = self.document.create_element("img").ok()?;
        let mut src = String::with_capacity(self.image_dir.len() + name.len() + 4);
        src.push_str(&self.image_dir);
        src.push_str(name);
        src.push_str(".png");
        img.set_attribute("src", &src).ok()?;
        img.set_attribute("alt", "").ok()?;
        Some(img)
    }

    fn show(&mut self, scene: &Scene) {
        for &(sq, content) in &scene.cells {
            let Some(cell) = self.cell(sq).cloned() else {
                continue;
            };
            let saved = take_children(&cell);
            if let Some(name) = content.image() {
                if let Some(img) = self.image(name) {
                    let _ = cell.append_child(&img);
                }
            }
            if let Content::Mark(m) = content {
                let _ = cell.set_attribute("data-glance-mark", m.name());
            }
            self.painted.push(Painted { cell, saved });
        }
        if let Some(piece) = self.piece.clone() {
            self.piece_saved = Some(take_children(&piece));
            let entry = scene.entry;
            let _ = self.append_text(&piece, entry.name);
            for note in entry.notes {
                if let Ok(br) = self.document.create_element("br") {
                    let _ = piece.append_child(&br);
                }
                let _ = self.append_text(&piece, note);
            }
            let sentence = scene.sentence(&self.page);
            if let Ok(span) = self.document.create_element("span") {
                let _ = span.set_attribute("data-glance-sr", "");
                let _ = span.set_attribute(
                    "style",
                    "position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap",
                );
                span.set_text_content(Some(&sentence));
                let _ = piece.append_child(&span);
            }
        }
    }

    fn append_text(&self, parent: &Element, text: &str) -> Option<()> {
        let node = self.document.create_text_node(text);
        parent.append_child(&node).ok()?;
        Some(())
    }

    /// Puts every painted cell and `#piece` back as they were.
    pub(crate) fn clear(&mut self) {
        for p in self.painted.drain(..) {
            put_back(&p.cell, &p.saved);
            let _ = p.cell.remove_attribute("data-glance-mark");
        }
        if let (Some(piece), Some(saved)) = (&self.piece, self.piece_saved.take()) {
            put_back(piece, &saved);
        }
        self.showing = None;
    }
}

/// A click code from JavaScript: finite whole numbers within ±127, else
/// nothing.
pub(crate) fn code_part(v: &JsValue) -> Option<i32> {
    let f = v.as_f64()?;
    // `as` saturates; the round trip keeps only whole numbers in range.
    let i = f as i32;
    (i as f64 == f && (-127..=127).contains(&i)).then_some(i)
}

/// Starts the module for a page that loaded `script` (`"spartan"`,
/// `"chu.js"`…): reads the board. Returns false for an unknown script or a
/// page without a document.
#[wasm_bindgen]
pub fn start(script: &str) -> bool {
    let Some(script) = Script::from_name(script) else {
        return false;
    };
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return false;
    };
    let board = Board::read(document, script);
    match BOARD.0.try_borrow_mut() {
        Ok(mut b) => {
            if let Some(old) = b.as_mut() {
                old.clear();
            }
            *b = Some(board);
            true
        }
        Err(_) => false,
    }
}

/// `down_click(x, y)`: shows the diagram or demo of code (x, y). Anything
/// else (no numbers, unknown codes) leaves the page as it is.
#[wasm_bindgen]
pub fn press(x: JsValue, y: JsValue) -> bool {
    let (Some(x), Some(y)) = (code_part(&x), code_part(&y)) else {
        return false;
    };
    BOARD.with(|b| b.press(x, y)).unwrap_or(false)
}

/// `up_click()`: puts the board back at rest.
#[wasm_bindgen]
pub fn release() {
    BOARD.with(Board::clear);
}
