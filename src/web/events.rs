//! The page's events, as the state machine's inputs ([`crate::board::state`],
//! which says what each means for the board).
//!
//! One [`Closure`] serves every event type; [`Listeners`] registers it for
//! [`DOCUMENT_EVENTS`] and [`WINDOW_EVENTS`] and removes it when dropped.

use alloc::boxed::Box;

use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{Document, Element, Event, EventTarget, KeyboardEvent, PointerEvent, Window};

use super::{serve, with_board};
use crate::board::state::{Input, Key};

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
    /// Listens to `document` and its window (if it has one). A type the
    /// browser would refuse (none of these is) is left out: the board
    /// serves the events it gets.
    pub(super) fn new(document: &Document) -> Listeners {
        let listeners = Listeners {
            closure: Closure::wrap(Box::new(handle) as Box<dyn FnMut(Event)>),
            document: document.clone(),
            window: document.default_view(),
        };
        listeners.each(|target, kind, f| {
            let _ = target.add_event_listener_with_callback(kind, f);
        });
        listeners
    }

    /// Calls `f` with each target, event type and the listener.
    fn each(&self, f: impl Fn(&EventTarget, &str, &js_sys::Function)) {
        let listener = self.closure.as_ref().unchecked_ref();
        for kind in DOCUMENT_EVENTS {
            f(&self.document, kind, listener);
        }
        if let Some(window) = &self.window {
            for kind in WINDOW_EVENTS {
                f(window, kind, listener);
            }
        }
    }
}

impl Drop for Listeners {
    fn drop(&mut self) {
        self.each(|target, kind, f| {
            let _ = target.remove_event_listener_with_callback(kind, f);
        });
    }
}

/// Serves one event of the page.
fn handle(event: Event) {
    let Some(input) = input_of(&event) else {
        return;
    };
    if serve(input).is_some_and(|out| out.prevent_default) {
        event.prevent_default();
    }
}

/// What `event` means for the state machine, if anything.
fn input_of(event: &Event) -> Option<Input> {
    Some(match event.type_().as_str() {
        "pointerdown" => Input::PointerDown {
            on: target_clickable(event),
            mouse: event
                .dyn_ref::<PointerEvent>()
                .is_none_or(|p| p.pointer_type() == "mouse"),
        },
        "pointerup" => Input::PointerUp,
        "pointercancel" => Input::PointerCancel,
        "blur" => Input::Blur,
        "visibilitychange" => {
            let hidden = with_board(|b| b.document.hidden())?;
            if !hidden {
                return None;
            }
            Input::Hidden
        }
        "keydown" => {
            let key = event.dyn_ref::<KeyboardEvent>()?;
            Input::Key {
                key: Key::from_name(&key.key()),
                on: target_clickable(event),
                repeat: key.repeat(),
            }
        }
        _ => return None,
    })
}

/// The clickable cell the event happened in, if any.
fn target_clickable(event: &Event) -> Option<usize> {
    let target = event.target()?.dyn_into::<Element>().ok()?;
    with_board(|b| b.clickable_of(&target))?
}
