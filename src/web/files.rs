//! What only the browser can tell of the files beside a page (`dist/glance.js`):
//! whether `moves.css` took effect and whether the mark images arrive. The
//! findings are [`crate::page::declared`]'s, in the words `glance lint` uses when
//! it finds the same files missing beside a page.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{Document, Element, Event};

use super::warn;
use crate::page::check::{missing_marks, missing_stylesheet};
use crate::page::finding::{Finding, Kind, Place};

/// Checks, once, that `moves.css` styles the board (its `table.board` has
/// collapsed borders, which only that sheet gives it) when the page links
/// it, and that each of `images` (paths as the page asks for them, e.g.
/// `sym/yellow.png`) loads; says what is missing as one console warning
/// each, when known.
pub(super) fn check(document: &Document, root: &Element, linked: bool, images: Vec<String>) {
    if linked {
        let table = root.query_selector("table.board").ok().flatten();
        let collapsed = table.and_then(|t| {
            let style = document.default_view()?.get_computed_style(&t).ok()??;
            style.get_property_value("border-collapse").ok()
        });
        if collapsed.is_some_and(|c| c != "collapse") {
            say(missing_stylesheet());
        }
    }
    if images.is_empty() {
        return;
    }
    // Plain loops here and below: iterator adaptors are copied per closure.
    let mut probes: Vec<Element> = Vec::with_capacity(images.len());
    for src in &images {
        let Some(img) = document.create_element("img").ok() else {
            return;
        };
        if img.set_attribute("src", src).is_err() {
            return;
        }
        probes.push(img);
    }
    // Pending loads, and which of `images` failed, a bit each (the mark
    // images: fewer than 32): the listener's own (events come one at a
    // time, never inside one another).
    let mut pending = images.len();
    let mut failed = 0u32;
    let listener = Closure::wrap(Box::new(move |event: Event| {
        if event.type_() == "error" {
            // The target is the probe the listener was added to.
            let src = event
                .target()
                .and_then(|t| t.unchecked_into::<Element>().get_attribute("src"));
            for (i, name) in images.iter().enumerate() {
                if src.as_deref() == Some(name.as_str()) {
                    failed |= 1 << (i % 32);
                }
            }
        }
        pending = pending.saturating_sub(1);
        if pending == 0 && failed != 0 {
            let mut missing: Vec<String> = Vec::new();
            for (i, name) in images.iter().enumerate() {
                if failed & (1 << (i % 32)) != 0 {
                    missing.push(name.clone());
                }
            }
            say(missing_marks(&missing));
        }
    }) as Box<dyn FnMut(Event)>);
    for img in &probes {
        for kind in ["load", "error"] {
            let _ = img.add_event_listener_with_callback(kind, listener.as_ref().unchecked_ref());
        }
    }
    // Called once per image, then never again: kept for the page's life.
    listener.forget();
}

fn say(message: String) {
    warn(&Finding::new(Kind::MissingFile, Place::Page, message));
}
