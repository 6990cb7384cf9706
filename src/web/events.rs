//! Input: what pointer, keyboard and page events mean for the board.
//!
//! * Mouse: the pages' inline `down_click`/`up_click` handlers show and
//!   clear; here a release anywhere (or a cancelled pointer, a blurred
//!   window, a hidden page) clears too, so no diagram is left behind.
//! * Touch and pen: a tap on a piece shows its diagram until the next tap
//!   anywhere (the same piece or elsewhere clears, another piece switches).
//!   The pointerdown is cancelled so that the browser's emulated mouse
//!   events do not paint a second time.
//! * Keyboard: Enter or Space on a focused piece toggles its diagram,
//!   Escape clears, arrow keys move to the nearest piece that way.
//!
//! One function, [`handle`], serves every event type. The drop-in scripts'
//! loader registers it for [`DOCUMENT_EVENTS`] and [`WINDOW_EVENTS`] (a
//! JavaScript closure costs less than wasm-bindgen's closure support);
//! the ES-module package registers it from here, in [`listen`].

use wasm_bindgen::JsCast;
use web_sys::{Element, Event, KeyboardEvent, PointerEvent};

use super::board::Board;
use super::with_board;

/// The events `handle` needs from the document.
#[cfg_attr(not(feature = "pkg"), allow(dead_code))]
pub const DOCUMENT_EVENTS: [&str; 3] = ["pointerdown", "keydown", "visibilitychange"];
/// The events `handle` needs from the window.
#[cfg_attr(not(feature = "pkg"), allow(dead_code))]
pub const WINDOW_EVENTS: [&str; 3] = ["pointerup", "pointercancel", "blur"];

/// Registers `handle` on `document` and its window, once.
#[cfg(feature = "pkg")]
pub(super) fn listen(document: &web_sys::Document) {
    use core::sync::atomic::{AtomicBool, Ordering};
    use wasm_bindgen::prelude::*;
    static LISTENING: AtomicBool = AtomicBool::new(false);
    if LISTENING.swap(true, Ordering::Relaxed) {
        return;
    }
    let Some(window) = document.default_view() else {
        return;
    };
    let handler = Closure::<dyn FnMut(Event)>::new(handle);
    let f = handler.as_ref().unchecked_ref();
    for kind in DOCUMENT_EVENTS {
        let _ = document.add_event_listener_with_callback(kind, f);
    }
    for kind in WINDOW_EVENTS {
        let _ = window.add_event_listener_with_callback(kind, f);
    }
    // The listener lives as long as the page.
    handler.forget();
}

/// Serves one event of the page.
pub(super) fn handle(event: Event) {
    with_board(|board| match event.type_().as_str() {
        "pointerdown" => pointer_down(board, &event),
        "pointerup" if board.shown.is_some_and(|s| !s.sticky) => board.clear(),
        "pointercancel" | "blur" => board.clear(),
        "visibilitychange" if board.document().hidden() => board.clear(),
        "keydown" => key_down(board, &event),
        _ => {}
    });
}

fn target_clickable(board: &Board, event: &Event) -> Option<usize> {
    let target = event.target()?.dyn_into::<Element>().ok()?;
    board.clickable_of(&target)
}

/// Shows clickable `i` until the next tap or key, or clears it if it is
/// what shows.
fn toggle(board: &mut Board, i: usize) {
    let Some(code) = board.clickables.get(i).map(|c| c.code) else {
        return;
    };
    if board.shown.is_some_and(|s| s.from == Some(i) && s.sticky) {
        board.clear();
    } else {
        board.show_from(code, Some(i), true);
    }
}

fn pointer_down(board: &mut Board, event: &Event) {
    let Some(pointer) = event.dyn_ref::<PointerEvent>() else {
        return;
    };
    let on = target_clickable(board, event);
    if pointer.pointer_type() == "mouse" {
        // Cells without an inline handler (boards attached by script) are
        // served here; the others by their handler.
        let own = on.and_then(|i| Some((i, board.clickables.get(i).filter(|c| !c.inline)?.code)));
        if let Some((i, code)) = own {
            board.show_from(code, Some(i), false);
        } else if board.shown.is_some_and(|s| s.sticky) {
            board.clear();
        }
        return;
    }
    match on {
        Some(i) => {
            event.prevent_default();
            toggle(board, i);
        }
        None => board.clear(),
    }
}

fn key_down(board: &mut Board, event: &Event) {
    let Some(key) = event.dyn_ref::<KeyboardEvent>() else {
        return;
    };
    let name = key.key();
    if name == "Escape" {
        board.clear();
        return;
    }
    let Some(i) = target_clickable(board, event) else {
        return;
    };
    let step = match name.as_str() {
        "Enter" | " " => {
            event.prevent_default();
            if !key.repeat() {
                toggle(board, i);
            }
            return;
        }
        "ArrowUp" => (0, 1),
        "ArrowDown" => (0, -1),
        "ArrowLeft" => (-1, 0),
        "ArrowRight" => (1, 0),
        _ => return,
    };
    event.prevent_default();
    if let Some(j) = board.neighbour(i, step.0, step.1) {
        board.focus(j);
    }
}
