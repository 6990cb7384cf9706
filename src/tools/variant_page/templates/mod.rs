//! The written page's HTML, one template per part (maud: the markup in
//! Rust, every text and attribute escaped by construction):
//!
//! * [`page`]: the document: head, title, setup, board, pieces, rules;
//! * [`board`]: the Moves-at-a-Glance board, its legend beside it;
//! * [`legend`]: the legend's rows, in the rules pages' colours and words;
//! * [`piece`]: the piece table and a section per piece;
//! * [`diagram`]: a piece's static diagram, a small board in HTML only;
//! * [`catalogue`]: `index.html`, the list of every page written.

pub(super) mod board_table;
pub(super) mod catalogue;
pub(super) mod diagram_table;
pub(super) mod document;
pub(super) mod hands;
pub(super) mod legend;
pub(super) mod piece;

use maud::{Markup, html};

use super::look::Look;

/// A piece as its look draws it.
pub(super) fn look(l: &Look) -> Markup {
    html! { img src=(l.src) alt=(l.alt); }
}
