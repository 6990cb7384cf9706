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
//! One function, [`handle`], serves every event type. JavaScript (the
//! drop-in scripts' loader, or the package's `attach`) registers one
//! listener for [`EVENTS`] and passes each event on as three numbers: its
//! kind (the index in [`EVENTS`]), the node it happened on, and
//! [`detail`] bits; a key's name is handed over as a string.

use super::board::Board;
use super::dom::Node;
use super::with_board;

/// The events `handle` serves, in the order of their kind numbers: the
/// first three are listened to on the document, the others on the window.
pub const EVENTS: [&str; 6] = [
    "pointerdown",
    "keydown",
    "visibilitychange",
    "pointerup",
    "pointercancel",
    "blur",
];

/// The kind numbers of [`EVENTS`].
pub mod kind {
    pub const POINTER_DOWN: u32 = 0;
    pub const KEY_DOWN: u32 = 1;
    pub const VISIBILITY_CHANGE: u32 = 2;
    pub const POINTER_UP: u32 = 3;
    pub const POINTER_CANCEL: u32 = 4;
    pub const BLUR: u32 = 5;
}

/// The bits of an event's `detail`.
pub mod detail {
    /// A pointer event from a mouse (not touch or pen).
    pub const MOUSE: u32 = 1;
    /// A key event repeated by holding the key down.
    pub const REPEAT: u32 = 2;
    /// The page is hidden (`document.hidden`).
    pub const HIDDEN: u32 = 4;
}

/// Serves one event: `kind` is its index in [`EVENTS`], `target` the node
/// it happened on (if known), `detail` its [`detail`] bits, and `key` the
/// name of the key for a keydown. Returns true when the browser's default
/// action must be prevented.
pub(super) fn handle(kind: u32, target: Option<Node>, detail: u32, key: Option<&str>) -> bool {
    with_board(|board| match kind {
        kind::POINTER_DOWN => pointer_down(board, target, detail),
        kind::KEY_DOWN => key_down(board, target, detail, key.unwrap_or_default()),
        kind::VISIBILITY_CHANGE if detail & detail::HIDDEN != 0 => {
            board.clear();
            false
        }
        kind::POINTER_UP if board.shown.is_some_and(|s| !s.sticky) => {
            board.clear();
            false
        }
        kind::POINTER_CANCEL | kind::BLUR => {
            board.clear();
            false
        }
        _ => false,
    })
    .unwrap_or(false)
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

fn pointer_down(board: &mut Board, target: Option<Node>, detail: u32) -> bool {
    let on = target.and_then(|t| board.clickable_of(t));
    if detail & detail::MOUSE != 0 {
        // Cells without an inline handler (boards attached by script) are
        // served here; the others by their handler.
        let own = on.and_then(|i| Some((i, board.clickables.get(i).filter(|c| !c.inline)?.code)));
        if let Some((i, code)) = own {
            board.show_from(code, Some(i), false);
        } else if board.shown.is_some_and(|s| s.sticky) {
            board.clear();
        }
        return false;
    }
    match on {
        Some(i) => {
            toggle(board, i);
            true
        }
        None => {
            board.clear();
            false
        }
    }
}

fn key_down(board: &mut Board, target: Option<Node>, detail: u32, key: &str) -> bool {
    if key == "Escape" {
        board.clear();
        return false;
    }
    let Some(i) = target.and_then(|t| board.clickable_of(t)) else {
        return false;
    };
    let step = match key {
        "Enter" | " " => {
            if detail & detail::REPEAT == 0 {
                toggle(board, i);
            }
            return true;
        }
        "ArrowUp" => (0, 1),
        "ArrowDown" => (0, -1),
        "ArrowLeft" => (-1, 0),
        "ArrowRight" => (1, 0),
        _ => return false,
    };
    if let Some(j) = board.neighbour(i, step.0, step.1) {
        board.focus(j);
    }
    true
}
