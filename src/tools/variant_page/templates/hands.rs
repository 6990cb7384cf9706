//! The hands and the castling Kings: a row of cells above the board
//! (Black's) and below it (White's), each pressable
//! ([`super::super::hand`]); and, after the board, a section per piece in
//! hand and per castling King: its name and words (the texts the press
//! shows under the board, `data-text`), its demonstration as a static
//! diagram with its squares marked, and the position's FEN.

use maud::{html, Markup};

use super::super::hand::{DemoCell, HandPiece, HandView};
use super::look;

/// The rows of one side inside the board table: its hand, at most
/// `files` cells a row, then the hand's name across the rest of the row;
/// its castling King in a row of its own (above the hand for Black, below
/// it for White).
pub(in super::super) fn rows(h: &HandView, files: u8, columns: usize) -> Markup {
    let width = usize::from(files.max(3));
    let castle = html! {
        @if let Some(c) = &h.castle {
            tr {
                (cell(c))
                td.w colspan=(columns - 1) { p { (c.name) } }
            }
        }
    };
    html! {
        @if h.black { (castle) }
        @for (i, chunk) in h.pieces.chunks(width).enumerate() {
            tr {
                @for p in chunk { (cell(p)) }
                @if columns > chunk.len() {
                    td.w colspan=(columns - chunk.len()) {
                        @if i == 0 { p { (h.label) } }
                    }
                }
            }
        }
        @if !h.black { (castle) }
    }
}

fn cell(p: &HandPiece) -> Markup {
    let black = p.hand.is_ascii_lowercase().then_some("black");
    let words = format!("{} {}", p.keys.0, p.keys.1);
    html! {
        @if p.castle {
            td.hand id=(p.id) data-side=[black] data-castle=(p.hand) data-fen=(p.fen)
                data-demo=(p.demo) data-words=(words) { (look(&p.look)) }
        } @else {
            td.hand id=(p.id) data-side=[black] data-hand=(p.hand) data-fen=(p.fen)
                data-demo=(p.demo) data-words=(words) { (look(&p.look)) }
        }
    }
}

/// The sections under the board: per piece in hand, then per castling
/// King, its words, its demonstration and the FEN to copy.
pub(in super::super) fn sections(hands: &[HandView]) -> Markup {
    let in_hand = hands.iter().rev().flat_map(|h| &h.pieces);
    let castles = hands.iter().rev().filter_map(|h| h.castle.as_ref());
    html! {
        @if hands.iter().any(|h| !h.pieces.is_empty()) {
            h3 { "Pieces in hand" }
            p {
                "A captured piece goes to a hand beside the board, above it Black's, below it White's. "
                "Press a piece in a hand to see where it may be dropped: the board then shows the position below, "
                "whose FEN you can copy into Fairy-Stockfish."
            }
            @for p in in_hand { (section(p, "may be dropped here")) }
        }
        @if hands.iter().any(|h| h.castle.is_some()) {
            h3 { "Castling" }
            p {
                "Press a King beside the board to see where it castles: the board then shows the position below, "
                "whose FEN you can copy into Fairy-Stockfish."
            }
            @for p in castles { (section(p, "the King castles to here")) }
        }
    }
}

fn section(p: &HandPiece, key: &str) -> Markup {
    html! {
        section.drop {
            h4 data-text=(p.keys.0) { (p.name) }
            p data-text=(p.keys.1) { (p.words) }
            figure {
                table.diagram aria-label=(format!("{}: the position", p.name)) {
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
                        li { img src="sym/green.png" alt="m"; " " (key) }
                    }
                }
            }
        }
    }
}
