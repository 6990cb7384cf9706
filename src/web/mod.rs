//! The page: the only module that touches the DOM (wasm32 only), through
//! web-sys; the functions below are the module's JavaScript API
//! (`#[wasm_bindgen]` exports).
//!
//! Like chessground, state, rendering and events are kept apart:
//! * [`paint`] holds what was read from the page once at start (cells,
//!   pieces, `#piece`, the clickable cells) and what is shown now, and
//!   renders scenes into the page and restores it;
//! * [`events`] listens to pointer, keyboard and page events (a
//!   [`Closure`](wasm_bindgen::closure::Closure) on the document and its
//!   window) and turns them into the state machine's inputs
//!   ([`crate::board::state`]), whose answers [`serve`] carries out on the board;
//! * `dom` reads the pieces a page declares into [`crate::page::declared`]'s
//!   plain data (for [`attach_page`], the generic drop-in's start);
//! * this file holds the exports: [`attach`], `attach_page`, [`down_click`], [`up_click`],
//!   `press` and [`warm`] (and `start`, run when the module starts, in
//!   builds with the `panic-hook` feature). The generic drop-in
//!   (`dist/glance.js`, feature `generic`) has `attach_page`, `press` and
//!   `warm` only.

#[cfg(any(feature = "generic", not(feature = "dropin")))]
mod dom;
mod events;
#[cfg(any(feature = "generic", not(feature = "dropin")))]
mod files;
mod paint;

use core::cell::RefCell;

use wasm_bindgen::prelude::*;
use web_sys::Element;

#[cfg(not(feature = "generic"))]
use crate::board::clicks::Script;
use crate::board::state::{Change, Input, Machine, Output};
use events::Listeners;
use paint::{Board, Source};

/// The board of the page, once attached, its state machine and the
/// listeners serving it.
struct Attached {
    board: Board,
    machine: Machine,
    /// Removed from the page when the board is replaced (dropped).
    _listeners: Listeners,
}

struct Global(RefCell<Option<Attached>>);

// SAFETY: the module is built for wasm32-unknown-unknown without threads:
// there is only ever one thread to see it.
unsafe impl Sync for Global {}

static BOARD: Global = Global(RefCell::new(None));

/// Runs `f` on the board, if attached and not already in use (an event
/// raised while a press is being painted is dropped rather than a panic).
fn with_board<R>(f: impl FnOnce(&mut Board) -> R) -> Option<R> {
    let mut b = BOARD.0.try_borrow_mut().ok()?;
    b.as_mut().map(|a| f(&mut a.board))
}

/// Serves `input` with the state machine and makes its change on the
/// board; `None` if no board is attached (or it is in use).
fn serve(input: Input) -> Option<Output> {
    let mut slot = BOARD.0.try_borrow_mut().ok()?;
    let Attached { board, machine, .. } = slot.as_mut()?;
    let out = machine.handle(input, |code| board.ready(code));
    match out.change {
        Change::None => {}
        Change::Clear => board.clear(),
        Change::Show(shown) => board.show(shown),
    }
    if let Some(i) = out.focus {
        board.focus(i);
    }
    Some(out)
}

/// Installs console_error_panic_hook, so that a bug shows its Rust message
/// in the console (the package, and drop-in scripts built with `make dist
/// DEBUG=1`).
#[cfg(feature = "panic-hook")]
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// Gives the board inside `root` (a `table.board`, an element around it,
/// or the whole page) the behaviour of a rules page with the click codes
/// of `script` (`"spartan"`, `"chu"` or `"cwda"`; `"chu.js"` also does):
/// reads the board, makes its pieces reachable by touch, keyboard and
/// screen readers, and serves the page's events. Cells need ids
/// `sq{x}x{y}` and either inline `down_click(x,y)` handlers or a
/// `data-code="x,y"` attribute.
///
/// A board attached before is put back at rest and let go, with its
/// listeners and style rules. Returns false, changing nothing, for an
/// unknown script or a call from inside another call.
#[cfg(not(feature = "generic"))]
#[wasm_bindgen]
pub fn attach(root: &Element, script: &str) -> bool {
    let Some(script) = Script::from_name(script) else {
        return false;
    };
    let lang = root
        .owner_document()
        .and_then(|d| d.document_element())
        .and_then(|html| html.get_attribute("lang"))
        .unwrap_or_default();
    attach_with(root, Source::Script(script), &lang)
}

/// Gives the board inside `root` (the whole page, usually) the behaviour
/// of a rules page, from what the page declares instead of click codes
/// (`dist/glance.js`): its piece table's rows with `data-piece="KEY"` on
/// their `<tr>`, its board cells with `data-piece="KEY"` (and
/// `data-side="black"` for Black), see [`crate::page::declared`].
///
/// The page is read and checked by the code `glance lint` runs
/// ([`crate::page::reader`], [`crate::page::declared::Declarations::check`]): each
/// finding is one console warning, in lint's words. A mistake disables
/// only the piece or cell it touches. Returns false, changing nothing, when
/// no piece works (and for a call from inside another call; in
/// `dist/glance.js`, whose loader calls it once, when a board is attached
/// already). Never throws.
#[cfg(any(feature = "generic", not(feature = "dropin")))]
#[wasm_bindgen]
pub fn attach_page(root: &Element) -> bool {
    if BOARD.0.try_borrow_mut().is_err() {
        return false;
    }
    // An element always has one (a document has none: not a root).
    let Some(document) = root.owner_document() else {
        return false;
    };
    let decl = crate::page::reader::read(root);
    // glance.js's loader passes the document's `<html>` itself, which the
    // reader has read.
    #[cfg(not(feature = "generic"))]
    let decl = in_document(decl, &document);
    let checked = decl.check();
    for finding in &checked.findings {
        warn(finding);
    }
    if checked.declared.cells.is_empty() {
        return false;
    }
    let dir = decl.image_dir();
    let page = decl.page();
    let mut images = alloc::vec::Vec::new();
    for m in checked.declared.marks_shown(&page) {
        let mut src = alloc::string::String::from(dir);
        src.push_str(m.image());
        src.push_str(".png");
        images.push(src);
    }
    let linked = decl.stylesheet.is_some();
    let source = Source::Page(checked.declared, page, alloc::string::String::from(dir));
    let attached = attach_with(root, source, &decl.lang);
    if attached {
        files::check(&document, root, linked, images);
    }
    attached
}

/// `decl`, read from an element of `document`, with the page's language
/// and `#piece` (what the reader of that element cannot see).
#[cfg(all(not(feature = "generic"), not(feature = "dropin")))]
fn in_document(
    mut decl: crate::page::declared::Declarations,
    document: &web_sys::Document,
) -> crate::page::declared::Declarations {
    if let Some(html) = document.document_element() {
        decl.lang = html.get_attribute("lang").unwrap_or_default();
        decl.piece_paragraph |= html.get_attribute("id").as_deref() == Some("piece")
            || html.query_selector("#piece").ok().flatten().is_some();
    }
    decl
}

/// One console warning: `glance: ` and the finding as lint prints it
/// after the file's name.
#[cfg(all(not(feature = "generic"), not(feature = "dropin")))]
fn warn(finding: &crate::page::finding::Finding) {
    let mut message = alloc::string::String::from("glance: ");
    finding.write_to(&mut message);
    web_sys::console::warn_1(&JsValue::from_str(&message));
}

/// One console warning, `glance: ` and the finding as lint prints it after
/// the file's name, said by the loader of `dist/glance.js`: the finding's
/// sentences are coded ([`crate::page::says`]) and the loader puts in
/// their words, which it fetches beside the script.
#[cfg(feature = "generic")]
fn warn(finding: &crate::page::finding::Finding) {
    let mut message = alloc::string::String::from("glance: ");
    finding.write_to(&mut message);
    say(&message);
}

#[cfg(feature = "generic")]
#[wasm_bindgen]
extern "C" {
    /// `say(line)` of `www/loader.js` (in the scope of the glue, which
    /// the loader wraps): prints `line` as a console warning, its coded
    /// sentences in words.
    fn say(line: &str);
}

/// Reads the board inside `root` with the pieces of `source` (and the
/// sentence's words in `lang`, the page's language) and serves it, in
/// place of any board attached before.
fn attach_with(root: &Element, source: Source, lang: &str) -> bool {
    let Ok(mut slot) = BOARD.0.try_borrow_mut() else {
        return false;
    };
    let Some(document) = root.owner_document() else {
        return false;
    };
    // glance.js's loader attaches once (the script defines no global, so
    // nothing else can call it): it never lets a board go, and carries no
    // code for it.
    #[cfg(feature = "generic")]
    if slot.is_some() {
        return false;
    }
    #[cfg(not(feature = "generic"))]
    if let Some(mut old) = slot.take() {
        old.board.clear();
        old.board.empty_sheet();
    }
    let board = Board::read(&document, root, source, lang);
    let attached = Attached {
        machine: Machine::new(board.pieces()),
        board,
        _listeners: Listeners::new(&document),
    };
    // The slot is empty here (taken, or found empty): the `None` it gives
    // back holds nothing to drop.
    core::mem::forget(slot.replace(attached));
    true
}

/// A press of the mouse's main button on `target` (a board cell, or
/// anything inside one), served as if the button went down on it now: the
/// generic drop-in's loader keeps the target of a press made while the
/// module was loading, and calls this once the board is read if the button
/// is still down. Returns true if it shows a diagram; false, changing
/// nothing, for a target in no declared cell.
#[cfg(any(feature = "generic", not(feature = "dropin")))]
#[wasm_bindgen]
pub fn press(target: &Element) -> bool {
    let on = with_board(|b| b.clickable_of(target)).flatten();
    on.is_some()
        && serve(Input::PointerDown { on, mouse: true })
            .is_some_and(|out| matches!(out.change, Change::Show(_)))
}

/// A click code from JavaScript: finite whole numbers within ±127, else
/// nothing (strings, BigInts, symbols, objects…).
#[cfg(not(feature = "generic"))]
fn code_part(v: &JsValue) -> Option<i32> {
    let f = v.as_f64()?;
    // `as` saturates (NaN gives 0); the round trip keeps whole numbers only.
    let i = f as i32;
    (i as f64 == f && (-127..=127).contains(&i)).then_some(i)
}

/// `down_click(x, y)`, the pages' inline handler: shows the diagram or
/// demo of code (x, y) while the button is held. Returns true, or false
/// for anything else (not numbers, unknown codes), which leaves the page
/// as it is.
#[cfg(not(feature = "generic"))]
#[wasm_bindgen]
pub fn down_click(x: &JsValue, y: &JsValue) -> bool {
    let (Some(x), Some(y)) = (code_part(x), code_part(y)) else {
        return false;
    };
    serve(Input::Press { code: (x, y) }).is_some_and(|out| matches!(out.change, Change::Show(_)))
}

/// `up_click()`: puts the board back at rest.
#[cfg(not(feature = "generic"))]
#[wasm_bindgen]
pub fn up_click() {
    serve(Input::Release);
}

/// Prepares what every piece shows without touching the page: the first
/// press then computes nothing. The drop-in scripts call it when the
/// browser is idle after start.
#[wasm_bindgen]
pub fn warm() {
    with_board(Board::warm);
}
