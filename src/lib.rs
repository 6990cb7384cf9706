//! # Moves at a Glance
//!
//! Move diagrams of chess-variant pieces, computed from their Betza
//! notation, for the "Moves at a Glance" boards of XBoard's rules pages.
//!
//! The data flows one way:
//!
//! * [`clicks`] holds the click codes of the three legacy scripts as data:
//!   a piece's name, remarks and Betza string, or a scripted demo;
//! * [`betza`] parses a Betza string into typed moves; [`parsed`] holds the
//!   click tables' strings parsed when the crate is built, for the drop-in
//!   scripts, which carry no parser;
//! * [`declared`] validates the pieces a page declares (`data-piece` on
//!   its piece table's rows and its board's cells), for `dist/glance.js`,
//!   which carries no click table;
//! * [`dialect`] says which groups of a Betza string XBoard's move
//!   generator, the Interactive Diagram or Fairy-Stockfish read
//!   differently, and a spelling all of them read alike;
//! * [`infer`] finds the shortest Betza string that draws a given
//!   diagram;
//! * [`diagram`] computes, for a piece on a square of a board, the mark of
//!   every square it reaches (pure Rust: runs natively and in wasm);
//! * [`scene`] turns a click into a [`scene::Scene`] (what each cell
//!   shows) and the sentence a screen reader says;
//! * [`words`] holds the sentence's fixed words by page language;
//! * [`state`] is the board's state machine: what presses, releases, taps,
//!   keys and the page going away mean for what is shown (events in,
//!   changes out);
//! * [`text`] renders a diagram as text; the `glance` command prints it;
//! * `lint` (native only) checks rules pages for what breaks their boards
//!   (`glance lint PAGE.html...`: dead click codes, unknown pieces, piece
//!   tables whose Betza does not parse or disagrees with the board);
//! * `web` (wasm32 only) paints scenes into the page and restores it, through
//!   web-sys; its `#[wasm_bindgen]` exports are the module's JavaScript API:
//!   the only module that touches the DOM.
//!
//! ```
//! use glance::{betza, Colour, Diagram, Mark, Square, SquareSet};
//! let knight = betza::parse("N").unwrap();
//! let board = SquareSet::rectangle(8, 8).unwrap();
//! let d = Diagram::compute(&knight, Square::parse("a1").unwrap(), Colour::White, &board, &SquareSet::EMPTY);
//! let marks: Vec<_> = d.marks().map(|(sq, m)| (sq.to_string(), m)).collect();
//! assert_eq!(marks, [("c2".to_string(), Mark::Leap), ("b3".to_string(), Mark::Leap)]);
//! ```

// The drop-in scripts are built without std: no formatting machinery, no
// dlmalloc (see the panic handler and allocator below). `make dist DEBUG=1`
// keeps std for console_error_panic_hook.
#![cfg_attr(all(feature = "dropin", not(feature = "panic-hook")), no_std)]

extern crate alloc;

#[cfg(all(target_arch = "wasm32", feature = "pkg"))]
mod api;
pub mod betza;
pub mod clicks;
pub mod declared;
pub mod diagram;
pub mod dialect;
pub mod extras;
pub mod finding;
pub mod geometry;
#[cfg(not(target_arch = "wasm32"))]
pub mod html;
pub mod infer;
#[cfg(any(test, all(target_arch = "wasm32", feature = "pkg")))]
mod lab;
#[cfg(not(target_arch = "wasm32"))]
pub mod lint;
#[cfg(not(target_arch = "wasm32"))]
pub mod migrate;
pub mod parsed;
pub mod reader;
pub mod scene;
pub mod state;
#[cfg(not(target_arch = "wasm32"))]
pub mod tags;
pub mod text;
#[cfg(target_arch = "wasm32")]
pub mod web;
pub mod words;

/// The drop-in scripts carry no formatting code: a panic (there should be
/// none) stops the module where it is, as a `RuntimeError` in the console.
#[cfg(all(
    target_arch = "wasm32",
    feature = "dropin",
    not(feature = "panic-hook")
))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    core::arch::wasm32::unreachable()
}

/// A small free-list allocator: a diagram needs a few dozen allocations,
/// and dlmalloc would cost more bytes than all of the engine.
#[cfg(all(
    target_arch = "wasm32",
    feature = "dropin",
    not(feature = "panic-hook")
))]
#[global_allocator]
static ALLOCATOR: lol_alloc::AssumeSingleThreaded<lol_alloc::FreeListAllocator> =
    // SAFETY: wasm32-unknown-unknown without the atomics feature runs one thread.
    unsafe { lol_alloc::AssumeSingleThreaded::new(lol_alloc::FreeListAllocator::new()) };

pub use diagram::{Diagram, Mark};
pub use geometry::{Colour, Offset, Square, SquareSet};
