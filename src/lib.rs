//! # Moves at a Glance
//!
//! Move diagrams of chess-variant pieces, computed from their Betza
//! notation, for the "Moves at a Glance" boards of XBoard's rules pages.
//!
//! The data flows one way, and each layer is a folder:
//!
//! * [`page`] is what a rules page says: one model of the page
//!   ([`page::declared`]: board, declared pieces, piece table), one reader
//!   that fills it from any document tree ([`page::reader`]), the checks and
//!   their typed findings ([`page::finding`]), and the HTML plumbing of the
//!   native tools;
//! * [`engine`] is pure chess-variant geometry: squares and colours, Betza
//!   parsed into typed moves, the diagram a piece draws from a square, the
//!   strings other programs read otherwise, and inference back to Betza;
//! * [`board`] is the runtime of a Moves-at-a-Glance board: the legacy
//!   scripts' click codes as data, the scene a click shows and its
//!   sentence, and the state machine of presses and releases;
//! * `tools` (native only) are what a maintainer or author runs on a page:
//!   `glance lint` and `glance migrate`;
//! * `web` (wasm32 only) paints scenes into the page and restores it,
//!   through web-sys; its `#[wasm_bindgen]` exports are the drop-ins'
//!   JavaScript API, and it is the only module that touches the DOM;
//! * `api` (the `pkg` feature) is the ES-module package's API: `diagram`,
//!   `parse`, `infer`, `dialect` and the piece lab's sentence;
//! * [`variant`] reads Fairy-Stockfish's `variants.ini` definitions into
//!   typed variants whose pieces are spelled in the pages' Betza dialect.
//!
//! ```
//! use glance::engine::betza;
//! use glance::{Colour, Diagram, Mark, Square, SquareSet};
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

#[cfg(any(test, all(target_arch = "wasm32", feature = "pkg")))]
mod api;
pub mod board;
pub mod engine;
pub mod page;
#[cfg(not(target_arch = "wasm32"))]
pub mod tools;
pub mod variant;
#[cfg(target_arch = "wasm32")]
pub mod web;

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

pub use engine::diagram::{Diagram, Mark};
pub use engine::geometry::{Colour, Offset, Square, SquareSet};
