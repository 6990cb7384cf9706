//! A piece's static diagram: a small board in HTML and CSS only, the
//! piece on its square, its marks as the legend's images (their text
//! symbols as alternatives, so a text browser shows the grid), and a key
//! under it. Marked `data-diagram="KEY"`, with no `data-piece` and no
//! `sqXxY` ids: it is not the Moves-at-a-Glance board.

use maud::{Markup, html};

use super::super::view::{DCell, DiagramView};
use super::legend::{mark_image, words};
use crate::Mark;

pub(in super::super) fn diagram(d: &DiagramView, name: &str) -> Markup {
    let mut label = format!(
        "Where the {name} moves from {}{}",
        d.from,
        if d.placed {
            ", with pieces placed to hop over"
        } else {
            " on an empty board"
        }
    );
    if let Some((white, black)) = d.drawn_for {
        label.push_str(&format!(
            ", drawn as {white}'s although only {black} has it ({black}'s moves are these turned around)"
        ));
    }
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
                        li { (mark_image(*m)) " " (key_words(d, *m)) }
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

/// The key's words for mark `m` under diagram `d`: the legend's, but the
/// yellow mark says what its squares are here. Where every one is a
/// neighbour of the piece's square it is a step (a King's), where one is
/// off the lines through that square a move blocked on the way (a
/// Xiangqi Horse's leg); else the legend's slide along a ray.
fn key_words(d: &DiagramView, m: Mark) -> String {
    if m != Mark::Slide {
        return words(m).join(" ");
    }
    let at = |want: &dyn Fn(&DCell) -> bool| -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for (y, row) in d.rows.iter().enumerate() {
            for (x, c) in row.iter().enumerate() {
                if want(c) {
                    out.push((x as i32, -(y as i32)));
                }
            }
        }
        out
    };
    let Some(&(px, py)) = at(&|c| matches!(c, DCell::Piece)).first() else {
        return words(m).join(" ");
    };
    let squares: Vec<(i32, i32)> = at(&|c| matches!(c, DCell::Mark(Mark::Slide)))
        .into_iter()
        .map(|(x, y)| (x - px, y - py))
        .collect();
    if squares.iter().all(|&(x, y)| x.abs().max(y.abs()) == 1) {
        "One-square step, capture or non-capture".to_string()
    } else if squares
        .iter()
        .all(|&(x, y)| x == 0 || y == 0 || x.abs() == y.abs())
    {
        words(m).join(" ")
    } else {
        "Capture or non-capture, blocked by a piece on a square it passes on the way".to_string()
    }
}
