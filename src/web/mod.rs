//! The page: the only module that touches the DOM (wasm32 only).
//!
//! Like chessground, state, rendering and events are kept apart:
//! * [`board`] holds what was read from the page once at start (cells,
//!   pieces, `#piece`, the clickable cells) and what is shown now, and
//!   renders scenes into the page and restores it;
//! * [`events`] turns pointer, keyboard and page events into "show this
//!   code" or "clear";
//! * this file holds the functions exported to JavaScript.

mod board;
mod events;

use core::cell::RefCell;

use wasm_bindgen::prelude::*;
use web_sys::{Document, Element};

use crate::clicks::Script;
use board::Board;

/// The board of the page, once started.
struct Global(RefCell<Option<Board>>);

// SAFETY: the module is built for wasm32-unknown-unknown without threads:
// there is only ever one thread to see it.
unsafe impl Sync for Global {}

static BOARD: Global = Global(RefCell::new(None));

/// Runs `f` on the board, if started and not already in use (an event
/// raised while a press is being painted is dropped rather than a panic).
fn with_board<R>(f: impl FnOnce(&mut Board) -> R) -> Option<R> {
    let mut b = BOARD.0.try_borrow_mut().ok()?;
    b.as_mut().map(f)
}

fn install(document: Document, root: Option<Element>, script: &str) -> bool {
    let Some(script) = Script::from_name(script) else {
        return false;
    };
    let Some(root) = root.or_else(|| document.document_element()) else {
        return false;
    };
    let board = Board::read(document.clone(), &root, script);
    let Ok(mut slot) = BOARD.0.try_borrow_mut() else {
        return false;
    };
    if let Some(old) = slot.as_mut() {
        old.clear();
        old.empty_sheet();
    }
    *slot = Some(board);
    drop(slot);
    #[cfg(feature = "pkg")]
    events::listen(&document);
    true
}

/// A click code from JavaScript: finite whole numbers within ±127, else
/// nothing.
fn code_part(v: &JsValue) -> Option<i32> {
    let f = v.as_f64()?;
    // `as` saturates (NaN gives 0); the round trip keeps whole numbers only.
    let i = f as i32;
    (i as f64 == f && (-127..=127).contains(&i)).then_some(i)
}

/// Starts the module on `document`, a page that loaded `script`
/// (`"spartan"`, `"chu.js"`…): reads the board, makes its pieces reachable
/// by touch, keyboard and screen readers. False for an unknown script.
/// (The document comes from the caller: looking up the global object would
/// cost more bytes than the whole click table.)
#[wasm_bindgen]
pub fn start(document: Document, script: &str) -> bool {
    install(document, None, script)
}

/// Attaches the behaviour to the board inside `root` (a `table.board` or
/// an element around it), with the click codes of `script`. Cells need ids
/// `sq{x}x{y}` and either inline `down_click(x,y)` handlers or a
/// `data-code="x,y"` attribute. Replaces a board attached before.
#[cfg(feature = "pkg")]
#[wasm_bindgen]
pub fn attach(root: Element, script: &str) -> bool {
    match root.owner_document() {
        Some(document) => install(document, Some(root), script),
        None => false,
    }
}

/// `down_click(x, y)`: shows the diagram or demo of code (x, y) while the
/// button is held. Anything else (no numbers, unknown codes) leaves the
/// page as it is.
#[wasm_bindgen]
pub fn press(x: JsValue, y: JsValue) -> bool {
    let (Some(x), Some(y)) = (code_part(&x), code_part(&y)) else {
        return false;
    };
    with_board(|b| b.show_code((x, y), false)).unwrap_or(false)
}

/// Serves a pointer, keyboard or page event (see `events`). The drop-in
/// scripts' loader registers it for `pointerdown`, `keydown` and
/// `visibilitychange` on the document and `pointerup`, `pointercancel` and
/// `blur` on the window.
#[wasm_bindgen]
pub fn handle(event: web_sys::Event) {
    events::handle(event);
}

/// `up_click()`: puts the board back at rest.
#[wasm_bindgen]
pub fn release() {
    with_board(Board::clear);
}
