//! A piece's static diagram: a small board in HTML and CSS only, the
//! piece on its square, its marks as the legend's images (their text
//! symbols as alternatives, so a text browser shows the grid), and a key
//! under it. Marked `data-diagram="KEY"`, with no `data-piece` and no
//! `sqXxY` ids: it is not the Moves-at-a-Glance board.

use maud::{Markup, html};

use super::super::view::{DCell, DiagramView};
use super::legend::{mark_image, words};

pub(in super::super) fn diagram(d: &DiagramView, name: &str) -> Markup {
    let label = format!(
        "Where the {name} moves from {}{}",
        d.from,
        if d.placed {
            ", with pieces placed to hop over"
        } else {
            " on an empty board"
        }
    );
    html! {
        figure {
            table.diagram data-diagram=(d.key) aria-label=(label) {
                @for row in &d.rows {
                    tr {
                        @for c in row {
                            @match c {
                                // A dot for text browsers only (CSS hides it).
                                DCell::Empty => td { span.t { "." } },
                                DCell::Mark(m) => td { (mark_image(*m)) },
                                DCell::Piece => td { img src=(d.look.src) alt=(d.key); },
                                DCell::Screen => td { img src="sym/WhitePawn.png" alt="s"; },
                                DCell::Enemy => td { img src="sym/BlackPawn.png" alt="e"; },
                            }
                        }
                    }
                }
            }
            figcaption {
                (label) ":"
                ul.keys {
                    @for m in &d.marks {
                        li { (mark_image(*m)) " " (words(*m).join(" ")) }
                    }
                    @if d.placed {
                        li { img src="sym/WhitePawn.png" alt="s"; " a piece of its own side (a screen)" }
                        li { img src="sym/BlackPawn.png" alt="e"; " a piece of the other side" }
                    }
                }
            }
        }
    }
}
