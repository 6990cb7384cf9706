//! The Moves-at-a-Glance board: `td.n` squares `sq{x}x{y}` with the
//! pieces declared (`data-piece`, `data-side`), the start position's walls
//! (`data-still`, showing no piece), the legend beside it, and
//! `<p id="piece">` under it.

use maud::{Markup, html};

use super::super::hand::Shows;
use super::super::view::PageView;
use super::hands;
use super::legend::{self, Slot};
use super::look;

pub(in super::super) fn board(p: &PageView) -> Markup {
    let shows = |what: fn(&Shows) -> bool| {
        p.hands
            .iter()
            .flat_map(|h| &h.demos)
            .any(|d| what(&d.shows))
    };
    let promotes = shows(|s| matches!(s, Shows::Promotion(_)));
    let gates = shows(|s| *s == Shows::Gating);
    let slots: Vec<Slot> = legend::slots(&p.legend, promotes, gates);
    let extra = slots.len().saturating_sub(p.board.len());
    // The board's files, the legend's mark and its words.
    let columns = usize::from(p.files) + 2;
    html! {
        h3 { "Moves at a Glance" }
        p { "Press a piece to see where it moves." }
        table.board {
            @for h in p.hands.iter().filter(|h| h.black) {
                (hands::rows(h, p.files, columns))
            }
            @for (i, row) in p.board.iter().enumerate() {
                @let y = p.board.len() - 1 - i;
                tr {
                    @for (x, cell) in row.iter().enumerate() {
                        @match cell {
                            Some(s) => {
                                td.n id=(format!("sq{x}x{y}")) data-piece=(s.key)
                                    data-side=[s.black.then_some("black")]
                                    data-moves=[&s.moves] { (look(&s.look)) }
                            }
                            // (A wall: `data-still` showing no piece, no
                            // square of the board for the pieces' moves.)
                            None if p.walls.iter().any(|w| usize::from(w.file()) == x && usize::from(w.rank()) == y) => {
                                td.n.wall id=(format!("sq{x}x{y}")) data-still { span.t { "a wall" } }
                            }
                            None => { td.n id=(format!("sq{x}x{y}")) {} }
                        }
                    }
                    (legend::cells(slots.get(i)))
                }
            }
            @for k in 0..extra {
                tr {
                    td colspan=(p.files) {}
                    (legend::cells(slots.get(p.board.len() + k)))
                }
            }
            @for h in p.hands.iter().filter(|h| !h.black) {
                (hands::rows(h, p.files, columns))
            }
        }
        p #piece { ":" br; ":" }
    }
}
