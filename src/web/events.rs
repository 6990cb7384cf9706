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
//! One [`Closure`] serves every event type; [`Listeners`] registers it for
//! [`DOCUMENT_EVENTS`] and [`WINDOW_EVENTS`] and removes it when dropped.

use alloc::boxed::Box;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, Event, EventTarget, KeyboardEvent, PointerEvent, Window};

use super::board::Board;
use super::with_board;

/// The events [`handle`] needs from the document.
pub const DOCUMENT_EVENTS: [&str; 3] = ["pointerdown", "keydown", "visibilitychange"];
/// The events [`handle`] needs from the window: a release anywhere.
pub const WINDOW_EVENTS: [&str; 3] = ["pointerup", "pointercancel", "blur"];

/// The listener of a document and its window, registered while it lives.
pub(super) struct Listeners {
    closure: Closure<dyn FnMut(Event)>,
    document: Document,
    window: Option<Window>,
}

impl Listeners {
    /// Listens to `document` and its window (if it has one).
    pub(super) fn new(document: &Document) -> Option<Listeners> {
        let listeners = Listeners {
            closure: Closure::wrap(Box::new(handle) as Box<dyn FnMut(Event)>),
            document: document.clone(),
            window: document.default_view(),
        };
        listeners
            .each(|target, kind, f| target.add_event_listener_with_callback(kind, f).is_ok())
            .then_some(listeners)
    }

    /// Calls `f` with each target, event type and the listener; true if
    /// every call returned true.
    fn each(&self, f: impl Fn(&EventTarget, &str, &js_sys::Function) -> bool) -> bool {
        let listener = self.closure.as_ref().unchecked_ref();
        let mut ok = true;
        for kind in DOCUMENT_EVENTS {
            ok &= f(&self.document, kind, listener);
        }
        if let Some(window) = &self.window {
            for kind in WINDOW_EVENTS {
                ok &= f(window, kind, listener);
            }
        }
        ok
    }
}

impl Drop for Listeners {
    fn drop(&mut self) {
        self.each(|target, kind, f| target.remove_event_listener_with_callback(kind, f).is_ok());
    }
}

/// Serves one event of the page.
fn handle(event: Event) {
    with_board(|board| match event.type_().as_str() {
        "pointerdown" => pointer_down(board, &event),
        "pointerup" if board.shown.is_some_and(|s| !s.sticky) => board.clear(),
        "pointercancel" | "blur" => board.clear(),
        "visibilitychange" if board.document.hidden() => board.clear(),
        "keydown" => key_down(board, &event),
        _ => {}
    });
}

/// The clickable cell the event happened in, if any.
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
    let on = target_clickable(board, event);
    let mouse = event
        .dyn_ref::<PointerEvent>()
        .is_none_or(|p| p.pointer_type() == "mouse");
    if mouse {
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
            toggle(board, i);
            event.prevent_default();
        }
        None => board.clear(),
    }
}

fn key_down(board: &mut Board, event: &Event) {
    let Some(key_event) = event.dyn_ref::<KeyboardEvent>() else {
        return;
    };
    let key = key_event.key();
    if key == "Escape" {
        board.clear();
        return;
    }
    let Some(i) = target_clickable(board, event) else {
        return;
    };
    let step = match key.as_str() {
        "Enter" | " " => {
            if !key_event.repeat() {
                toggle(board, i);
            }
            event.prevent_default();
            return;
        }
        "ArrowUp" => (0, 1),
        "ArrowDown" => (0, -1),
        "ArrowLeft" => (-1, 0),
        "ArrowRight" => (1, 0),
        _ => return,
    };
    if let Some(j) = board.neighbour(i, step.0, step.1) {
        board.focus(j);
    }
    event.prevent_default();
}
