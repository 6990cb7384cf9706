//! The page: what a rules page says, read once for every tool.
//!
//! * [`declared`]: the model of a page (its board's cells and squares, the
//!   pieces it declares, its piece table) and the checks made on it;
//! * [`reader`]: the one reader that fills the model from any document tree
//!   (the live page through `web`, a file through [`html`]);
//! * [`extras`]: what a cell declares beyond its row (`data-moves`,
//!   `data-demo`, `data-words`) and a table's `data-columns`;
//! * [`finding`]: what is wrong with a page, typed, as lint and the page say it;
//! * [`says`]: the findings' sentences (`findings.txt`), which `glance.js`
//!   fetches beside itself only when a page has a finding;
//! * `html` and `tags` (native only): html5ever's tree for the reader, and
//!   start tags with their byte ranges for editing a page in place;
//! * `fen` (native only): the board of a FEN a page states (`data-fen`),
//!   as Fairy-Stockfish reads it, for the tools that check or draw it.

pub mod check;
pub mod declared;
pub mod extras;
#[cfg(not(target_arch = "wasm32"))]
pub mod fen;
pub mod finding;
#[cfg(not(target_arch = "wasm32"))]
pub mod html;
pub mod names;
pub mod reader;
pub mod says;
pub mod setup;
#[cfg(not(target_arch = "wasm32"))]
pub mod tags;
