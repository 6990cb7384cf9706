//! The page: the only module that touches the DOM (wasm32 only).
//!
//! Like chessground, state, rendering and events are kept apart:
//! * [`board`] holds what was read from the page once at start (cells,
//!   pieces, `#piece`, the clickable cells) and what is shown now, and
//!   renders scenes into the page and restores it;
//! * [`events`] turns pointer, keyboard and page events into "show this
//!   code" or "clear";
//! * [`dom`] is the bridge to the page (`www/dom.js` on the other side);
//! * this file holds the functions exported to JavaScript. Their names and
//!   arguments are the contract with `www/dom.js`, which calls them.

mod board;
pub mod dom;
pub mod events;

use core::cell::RefCell;

use crate::clicks::Script;
use board::Board;
use dom::Node;

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

/// Starts the module on the board inside the element JavaScript set
/// aside (see `www/dom.js`), with the click codes of the script whose name
/// (`"spartan"`, `"chu.js"`…) it handed over, `name_len` bytes long.
/// Reads the board and makes its pieces reachable by touch, keyboard and
/// screen readers; a board started before is put back at rest and let go.
/// Cells need ids `sq{x}x{y}` and either inline `down_click(x,y)` handlers
/// or a `data-code="x,y"` attribute.
///
/// Returns 1; or 0 for an unknown script or a start from inside another
/// call (changing nothing), or when JavaScript set no element aside (the
/// board started before is still put at rest and let go).
#[no_mangle]
pub extern "C" fn start(name_len: u32) -> u32 {
    let name = dom::argument(name_len);
    let Some(script) = name.as_deref().and_then(Script::from_name) else {
        return 0;
    };
    let Ok(mut slot) = BOARD.0.try_borrow_mut() else {
        return 0;
    };
    // The board read before is put at rest and let go, with its handles.
    if let Some(mut old) = slot.take() {
        old.clear();
        old.empty_sheet();
        dom::forget_all();
    }
    let Some((root, page)) = dom::start_nodes() else {
        return 0;
    };
    *slot = Some(Board::read(page, root, script));
    1
}

/// A click code from JavaScript: whole numbers within ±127, else nothing
/// (JavaScript passes NaN for what is not a number).
fn code_part(f: f64) -> Option<i32> {
    // `as` saturates (NaN gives 0); the round trip keeps whole numbers only.
    let i = f as i32;
    (i as f64 == f && (-127..=127).contains(&i)).then_some(i)
}

/// `down_click(x, y)`: shows the diagram or demo of code (x, y) while the
/// button is held. Returns 1, or 0 for anything else (not numbers, unknown
/// codes), which leaves the page as it is.
#[no_mangle]
pub extern "C" fn press(x: f64, y: f64) -> u32 {
    let (Some(x), Some(y)) = (code_part(x), code_part(y)) else {
        return 0;
    };
    with_board(|b| b.show_code((x, y), false)).unwrap_or(false) as u32
}

/// Prepares for the first press without touching the page (see
/// `Board::warm`); the loader calls it when the browser is idle after start.
#[no_mangle]
pub extern "C" fn warm() {
    with_board(|b| b.warm());
}

/// `up_click()`: puts the board back at rest.
#[no_mangle]
pub extern "C" fn release() {
    with_board(Board::clear);
}

/// Serves a pointer, keyboard or page event (see [`events`]): `kind` is
/// its index in [`events::EVENTS`], `target` the node it happened on (0 if
/// none), `detail` its [`events::detail`] bits; for a keydown the key's
/// name is handed over, `key_len` bytes long. Returns 1 when the browser's
/// default action must be prevented.
#[no_mangle]
pub extern "C" fn event(kind: u32, target: u32, detail: u32, key_len: u32) -> u32 {
    let key = if kind == events::kind::KEY_DOWN {
        dom::argument(key_len)
    } else {
        None
    };
    events::handle(kind, Node::from_raw(target), detail, key.as_deref()) as u32
}
