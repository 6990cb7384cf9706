//! The board's state machine: what a press, a release, a tap, a key or the
//! page going away means for what the board shows. Pure Rust, no web
//! types: events in, the change to make out; the web layer
//! (`src/web/events.rs`) turns the page's events into [`Input`]s and
//! carries out each [`Output`], and property tests drive it natively with
//! long random sequences (`tests/state.rs`).
//!
//! * Mouse: the pages' inline `down_click`/`up_click` handlers show and
//!   clear ([`Input::Press`], [`Input::Release`]); a release anywhere (or a
//!   cancelled pointer, a blurred window, a hidden page) clears too, so no
//!   diagram is left behind. A mouse press on a piece without an inline
//!   handler (a board given `data-code` attributes) is served here.
//! * Touch and pen: a tap on a piece shows its diagram until the next tap
//!   anywhere (the same piece or elsewhere clears, another piece switches);
//!   its pointerdown is cancelled so that the browser's emulated mouse
//!   events do not press a second time.
//! * Keyboard: Enter or Space on a focused piece toggles its diagram,
//!   Escape clears, arrow keys move to the nearest piece that way.
//!
//! ```
//! use glance::board::state::{Change, Input, Machine, Piece};
//! use glance::Square;
//! let knight = Piece { code: (4, 3), sq: Square::new(4, 3).unwrap(), inline: true };
//! let mut m = Machine::new(vec![knight]);
//! let known = |_: (i32, i32)| true;
//! let out = m.handle(Input::Press { code: (4, 3) }, known);
//! assert!(matches!(out.change, Change::Show(s) if s.from == Some(0) && !s.sticky));
//! let out = m.handle(Input::PointerUp, known);
//! assert_eq!(out.change, Change::Clear);
//! assert_eq!(m.shown(), None);
//! ```

use alloc::vec::Vec;

use crate::engine::geometry::Square;

/// A piece of the board that shows something when pressed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Its click code.
    pub code: (i32, i32),
    /// Its cell.
    pub sq: Square,
    /// It has an inline `onmousedown` handler, which serves the mouse.
    pub inline: bool,
}

/// What is shown.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    pub code: (i32, i32),
    /// The piece it was shown from, if any (an index in the machine's
    /// pieces).
    pub from: Option<usize>,
    /// Shown by a tap or a key: stays until the next one, not until a
    /// release.
    pub sticky: bool,
}

/// A key that means something on a focused piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Key {
    Enter,
    Space,
    Escape,
    Up,
    Down,
    Left,
    Right,
    /// Any other key.
    Other,
}

impl Key {
    /// The key named `name` (a `KeyboardEvent.key`).
    pub fn from_name(name: &str) -> Key {
        match name {
            "Enter" => Key::Enter,
            " " => Key::Space,
            "Escape" => Key::Escape,
            "ArrowUp" => Key::Up,
            "ArrowDown" => Key::Down,
            "ArrowLeft" => Key::Left,
            "ArrowRight" => Key::Right,
            _ => Key::Other,
        }
    }
}

/// An event, as the machine needs to know it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// `down_click(x, y)`, the page's inline handler (or a page's script).
    Press { code: (i32, i32) },
    /// `up_click()`.
    Release,
    /// A pointer went down, on piece `on` (an index) or elsewhere, from a
    /// mouse or not (touch, pen).
    PointerDown { on: Option<usize>, mouse: bool },
    /// A pointer went up anywhere.
    PointerUp,
    /// The browser took a pointer over (a scroll, a gesture).
    PointerCancel,
    /// The window lost focus.
    Blur,
    /// The page was hidden (another tab, a minimised window).
    Hidden,
    /// A key went down, on piece `on` or elsewhere; `repeat` when held.
    Key {
        key: Key,
        on: Option<usize>,
        repeat: bool,
    },
}

/// What to do to the page.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// Nothing.
    None,
    /// Put the board back at rest.
    Clear,
    /// Put the board back at rest and show this.
    Show(Shown),
}

/// The answer to one [`Input`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Output {
    pub change: Change,
    /// Move keyboard focus to this piece.
    pub focus: Option<usize>,
    /// Cancel the browser's default action for the event.
    pub prevent_default: bool,
}

impl Output {
    const NOTHING: Output = Output {
        change: Change::None,
        focus: None,
        prevent_default: false,
    };

    fn change(change: Change) -> Output {
        Output {
            change,
            ..Output::NOTHING
        }
    }
}

/// The board's pieces and what is shown now.
#[derive(Clone, Debug)]
pub struct Machine {
    pieces: Vec<Piece>,
    shown: Option<Shown>,
}

impl Machine {
    /// A board with `pieces`, at rest.
    pub fn new(pieces: Vec<Piece>) -> Machine {
        Machine {
            pieces,
            shown: None,
        }
    }

    /// The board's pieces.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// What is shown now, if anything.
    pub fn shown(&self) -> Option<Shown> {
        self.shown
    }

    /// Serves `input`. `known(code)` says whether a code shows something
    /// (a code that shows nothing clears the board, like a press elsewhere).
    pub fn handle(&mut self, input: Input, known: impl FnOnce((i32, i32)) -> bool) -> Output {
        match input {
            Input::Press { code } => {
                let from = self.pieces.iter().position(|p| p.code == code);
                Output::change(self.show(code, from, false, known))
            }
            Input::PointerDown { on, mouse: true } => {
                // Pieces without an inline handler are served here; the
                // others by their handler (a Press).
                let own = on.and_then(|i| Some((i, self.pieces.get(i).filter(|p| !p.inline)?)));
                match own {
                    Some((i, p)) => Output::change(self.show(p.code, Some(i), false, known)),
                    None if self.shown.is_some_and(|s| s.sticky) => Output::change(self.clear()),
                    None => Output::NOTHING,
                }
            }
            Input::PointerDown { on, mouse: false } => match on {
                Some(i) => Output {
                    prevent_default: true,
                    ..Output::change(self.toggle(i, known))
                },
                None => Output::change(self.clear()),
            },
            Input::PointerUp if self.shown.is_some_and(|s| !s.sticky) => {
                Output::change(self.clear())
            }
            Input::PointerUp => Output::NOTHING,
            Input::Release | Input::PointerCancel | Input::Blur | Input::Hidden => {
                Output::change(self.clear())
            }
            Input::Key {
                key: Key::Escape, ..
            } => Output::change(self.clear()),
            Input::Key { key, on, repeat } => self.key(key, on, repeat, known),
        }
    }

    fn key(
        &mut self,
        key: Key,
        on: Option<usize>,
        repeat: bool,
        known: impl FnOnce((i32, i32)) -> bool,
    ) -> Output {
        let Some(i) = on.filter(|&i| i < self.pieces.len()) else {
            return Output::NOTHING;
        };
        let step = match key {
            Key::Enter | Key::Space => {
                let change = if repeat {
                    Change::None
                } else {
                    self.toggle(i, known)
                };
                return Output {
                    prevent_default: true,
                    ..Output::change(change)
                };
            }
            Key::Up => (0, 1),
            Key::Down => (0, -1),
            Key::Left => (-1, 0),
            Key::Right => (1, 0),
            Key::Escape | Key::Other => return Output::NOTHING,
        };
        Output {
            focus: self.neighbour(i, step.0, step.1),
            prevent_default: true,
            ..Output::NOTHING
        }
    }

    fn clear(&mut self) -> Change {
        match self.shown.take() {
            Some(_) => Change::Clear,
            None => Change::None,
        }
    }

    fn show(
        &mut self,
        code: (i32, i32),
        from: Option<usize>,
        sticky: bool,
        known: impl FnOnce((i32, i32)) -> bool,
    ) -> Change {
        if !known(code) {
            return self.clear();
        }
        let shown = Shown { code, from, sticky };
        self.shown = Some(shown);
        Change::Show(shown)
    }

    /// Shows piece `i` until the next tap or key, or clears it if it is
    /// what shows.
    fn toggle(&mut self, i: usize, known: impl FnOnce((i32, i32)) -> bool) -> Change {
        let Some(code) = self.pieces.get(i).map(|p| p.code) else {
            return Change::None;
        };
        if self.shown.is_some_and(|s| s.from == Some(i) && s.sticky) {
            self.clear()
        } else {
            self.show(code, Some(i), true, known)
        }
    }

    /// The piece nearest to piece `from` in direction (dx, dy), if any:
    /// straight lines first, then the smallest sideways offset.
    pub fn neighbour(&self, from: usize, dx: i32, dy: i32) -> Option<usize> {
        let here = self.pieces.get(from)?.sq;
        let (hx, hy) = (here.file() as i32, here.rank() as i32);
        // (distance, index) of the nearest so far: of two as near, the
        // first.
        let mut best: Option<(i32, usize)> = None;
        for (i, p) in self.pieces.iter().enumerate() {
            let (x, y) = (p.sq.file() as i32 - hx, p.sq.rank() as i32 - hy);
            let ahead = x * dx + y * dy;
            let aside = (x * dy - y * dx).abs();
            let distance = aside * 4 + ahead;
            if ahead > 0 && best.is_none_or(|(d, _)| distance < d) {
                best = Some((distance, i));
            }
        }
        best.map(|(_, i)| i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(x: u8, y: u8) -> Square {
        Square::new(x, y).unwrap()
    }

    fn machine() -> Machine {
        Machine::new(vec![
            Piece {
                code: (4, 3),
                sq: sq(4, 3),
                inline: true,
            },
            Piece {
                code: (6, 3),
                sq: sq(6, 3),
                inline: false,
            },
            Piece {
                code: (4, 6),
                sq: sq(4, 6),
                inline: true,
            },
        ])
    }

    const ALL: fn((i32, i32)) -> bool = |_| true;

    #[test]
    fn a_tap_stays_until_the_next_tap() {
        let mut m = machine();
        let tap = |on| Input::PointerDown { on, mouse: false };
        let out = m.handle(tap(Some(0)), ALL);
        assert!(out.prevent_default);
        assert!(matches!(out.change, Change::Show(s) if s.sticky && s.from == Some(0)));
        assert_eq!(m.handle(Input::PointerUp, ALL).change, Change::None);
        assert!(matches!(m.handle(tap(Some(1)), ALL).change, Change::Show(s) if s.from == Some(1)));
        assert_eq!(m.handle(tap(Some(1)), ALL).change, Change::Clear);
        m.handle(tap(Some(2)), ALL);
        assert_eq!(m.handle(tap(None), ALL).change, Change::Clear);
        assert_eq!(m.shown(), None);
    }

    #[test]
    fn the_mouse_on_a_data_code_piece_is_served_here_and_released_anywhere() {
        let mut m = machine();
        let down = |on| Input::PointerDown { on, mouse: true };
        // An inline piece is the handler's to serve.
        assert_eq!(m.handle(down(Some(0)), ALL).change, Change::None);
        assert!(matches!(m.handle(down(Some(1)), ALL).change, Change::Show(s) if !s.sticky));
        assert_eq!(m.handle(Input::PointerUp, ALL).change, Change::Clear);
    }

    #[test]
    fn unknown_codes_clear() {
        let mut m = machine();
        m.handle(Input::Press { code: (4, 3) }, ALL);
        assert_eq!(
            m.handle(Input::Press { code: (9, 9) }, |_| false).change,
            Change::Clear
        );
        assert_eq!(
            m.handle(Input::Press { code: (9, 9) }, |_| false).change,
            Change::None
        );
    }

    #[test]
    fn keys_toggle_clear_and_move() {
        let mut m = machine();
        let key = |key, on, repeat| Input::Key { key, on, repeat };
        assert!(
            matches!(m.handle(key(Key::Enter, Some(0), false), ALL).change, Change::Show(s) if s.sticky)
        );
        // Held down, Enter repeats: nothing more.
        assert_eq!(
            m.handle(key(Key::Enter, Some(0), true), ALL).change,
            Change::None
        );
        assert_eq!(
            m.handle(key(Key::Space, Some(0), false), ALL).change,
            Change::Clear
        );
        let out = m.handle(key(Key::Right, Some(0), false), ALL);
        assert_eq!((out.focus, out.prevent_default), (Some(1), true));
        assert_eq!(m.handle(key(Key::Up, Some(0), false), ALL).focus, Some(2));
        assert_eq!(m.handle(key(Key::Left, Some(0), false), ALL).focus, None);
        m.handle(key(Key::Enter, Some(2), false), ALL);
        assert_eq!(
            m.handle(key(Key::Escape, None, false), ALL).change,
            Change::Clear
        );
        assert_eq!(
            m.handle(key(Key::Other, Some(0), false), ALL),
            Output::NOTHING
        );
    }

    #[test]
    fn the_page_going_away_clears_even_a_tap() {
        for input in [
            Input::Release,
            Input::PointerCancel,
            Input::Blur,
            Input::Hidden,
        ] {
            let mut m = machine();
            m.handle(
                Input::PointerDown {
                    on: Some(0),
                    mouse: false,
                },
                ALL,
            );
            assert_eq!(m.handle(input, ALL).change, Change::Clear, "{input:?}");
        }
    }
}
