//! The legend beside the board: per mark, its image and the words the
//! rules pages use for it (cyan and open circles only where a piece of
//! the page shows them).

use maud::{Markup, html};

use super::super::hand::Dot;
use crate::Mark;

/// The legend's words for a mark, as the rules pages write them (lines).
pub(super) fn words(m: Mark) -> &'static [&'static str] {
    match m {
        Mark::Slide => &[
            "Sliding capture or non-capture,",
            "can be blocked on any square along the ray",
        ],
        Mark::Leap => &["Unblockable leap (capture or non-capture)"],
        Mark::Move => &["Non-capture only"],
        Mark::Capture => &["Capture only"],
        Mark::FirstLeg => &["Captured while passing through the square to another destination"],
        Mark::Block => &["Blocks the move when a piece stands there (not a destination)"],
    }
}

/// The mark's image, with its text diagram symbol as its alternative.
pub(super) fn mark_image(m: Mark) -> Markup {
    html! { img src=(format!("sym/{}.png", m.image())) alt=(m.symbol()); }
}

/// A demonstration's mark's image ([`Dot`]), with its text diagram
/// symbol as its alternative.
pub(super) fn dot_image(d: Dot) -> Markup {
    html! { img src=(format!("sym/{}.png", d.image())) alt=(d.symbol()); }
}

/// The cells a legend row adds beside the board: `None` for a row with
/// no legend; the second row of a two-line entry has only its mark cell.
pub(super) enum Slot {
    Entry(Mark),
    /// The promotion demonstrations' mark: a move here promotes.
    Promote,
    /// The gating demonstrations' mark: a piece in hand may enter here.
    Gate,
    Spare,
}

/// The legend's rows, top to bottom: two-line entries take two rows;
/// with `promotes` (a promotion demonstration beside the board), the
/// promotion mark's entry, then with `gates` (a gating demonstration) the
/// gate mark's, last.
pub(super) fn slots(marks: &[Mark], promotes: bool, gates: bool) -> Vec<Slot> {
    let mut out = Vec::new();
    for &m in marks {
        out.push(Slot::Entry(m));
        if words(m).len() > 1 || matches!(m, Mark::FirstLeg) {
            out.push(Slot::Spare);
        }
    }
    if promotes {
        out.push(Slot::Promote);
    }
    if gates {
        out.push(Slot::Gate);
    }
    out
}

/// The two cells of a legend row.
pub(super) fn cells(slot: Option<&Slot>) -> Markup {
    html! {
        @match slot {
            Some(Slot::Entry(m)) => {
                td.h { (mark_image(*m)) }
                @let rows = if words(*m).len() > 1 || matches!(m, Mark::FirstLeg) { 2 } else { 1 };
                td.w rowspan=(rows) valign="top" {
                    p {
                        @for (i, line) in words(*m).iter().enumerate() {
                            @if i > 0 { br; }
                            (line)
                        }
                    }
                }
            }
            Some(Slot::Promote) => {
                td.h { (dot_image(Dot::Promote)) }
                td.w valign="top" { p { "A move here promotes" } }
            }
            Some(Slot::Gate) => {
                td.h { (dot_image(Dot::Gate)) }
                td.w valign="top" { p { "A piece in hand may enter here" } }
            }
            Some(Slot::Spare) => { td.h {} }
            None => {}
        }
    }
}
