//! The hands: a row of cells above the board (Black's) and below it
//! (White's), each piece pressable ([`super::super::hand`]); and, after the
//! board, a section per piece in hand: its name and words (the texts the
//! press shows under the board, `data-text`), its demonstration as a
//! static diagram with the drop squares marked, and the position's FEN.

use maud::{html, Markup};

use super::super::hand::{DemoCell, HandView};
use super::look;

/// The rows of one hand inside the board table: at most `files` cells a
/// row, then the hand's name across the rest of the row.
pub(in super::super) fn rows(h: &HandView, files: u8, columns: usize) -> Markup {
    let width = usize::from(files.max(3));
    html! {
        @for (i, chunk) in h.pieces.chunks(width).enumerate() {
            tr {
                @for p in chunk {
                    td.hand id=(p.id) data-side=[p.hand.is_ascii_lowercase().then_some("black")]
                        data-hand=(p.hand) data-fen=(p.fen) data-demo=(p.demo)
                        data-words=(format!("{} {}", p.keys.0, p.keys.1)) {
                        (look(&p.look))
                    }
                }
                @if columns > chunk.len() {
                    td.w colspan=(columns - chunk.len()) {
                        @if i == 0 { p { (h.label) } }
                    }
                }
            }
        }
    }
}

/// The sections under the board: per piece in hand, its words, its
/// demonstration and the FEN to copy.
pub(in super::super) fn sections(hands: &[HandView]) -> Markup {
    html! {
        @if !hands.is_empty() {
            h3 { "Pieces in hand" }
            p {
                "A captured piece goes to a hand beside the board, above it Black's, below it White's. "
                "Press a piece in a hand to see where it may be dropped: the board then shows the position below, "
                "whose FEN you can copy into Fairy-Stockfish."
            }
            @for h in hands.iter().rev() {
                @for p in &h.pieces {
                    section.drop {
                        h4 data-text=(p.keys.0) { (p.name) }
                        p data-text=(p.keys.1) { (p.words) }
                        figure {
                            table.diagram aria-label=(format!("Where {} may be dropped", p.name)) {
                                @for row in &p.rows {
                                    tr {
                                        @for c in row {
                                            @match c {
                                                DemoCell::Empty => td { span.t { "." } },
                                                DemoCell::Drop => td { img src="sym/green.png" alt="m"; },
                                                DemoCell::Piece(l) => td { img src=(l.src) alt=(l.alt); },
                                            }
                                        }
                                    }
                                }
                            }
                            figcaption {
                                "Position: " code { (p.fen) }
                                ul.keys {
                                    li { img src="sym/green.png" alt="m"; " may be dropped here" }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
