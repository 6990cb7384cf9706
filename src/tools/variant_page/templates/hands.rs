//! The hands, the castling Kings and the pawns that take en passant: a
//! row of cells above the board (Black's) and below it (White's), each
//! pressable ([`super::super::hand`]); and, after the board, a section
//! per piece in hand and per demonstration: its name and words (the texts
//! the press shows under the board, `data-text`), its demonstration as a
//! static diagram with its squares marked, and the position's FEN.

use maud::{Markup, html};

use crate::variant::prose::Sentence;

use super::super::hand::{DemoCell, Dot, HandPiece, HandView, Shows, wall_names};
use super::legend::dot_image;
use super::look;
use crate::variant::rules::Walling;

/// The rows of one side inside the board table: its hand, at most
/// `files` cells a row, then the hand's name across the rest of the row;
/// each demonstration (its castling King, its pawn taking en passant) in
/// a row of its own (above the hand for Black, below it for White).
pub(in super::super) fn rows(h: &HandView, files: u8, columns: usize) -> Markup {
    let width = usize::from(files.max(3));
    let castle = html! {
        @for c in &h.demos {
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
        @match p.shows {
            Shows::Castle => td.hand id=(p.id) data-side=[black] data-castle=(p.hand) data-fen=(p.fen)
                data-demo=(p.demo) data-words=(words) { (look(&p.look)) },
            Shows::EnPassant(from) => td.hand id=(p.id) data-side=[black] data-en-passant=(from.to_string())
                data-fen=(p.fen) data-demo=(p.demo) data-words=(words) { (look(&p.look)) },
            Shows::Promotion(from) => td.hand id=(p.id) data-side=[black] data-promotion=(from.to_string())
                data-fen=(p.fen) data-demo=(p.demo) data-words=(words) { (look(&p.look)) },
            Shows::Gating => td.hand id=(p.id) data-side=[black] data-gating=(p.hand)
                data-fen=(p.fen) data-demo=(p.demo) data-words=(words) { (look(&p.look)) },
            Shows::Wall(from, to, _) => td.hand id=(p.id) data-side=[black] data-wall=(format!("{from}{to}"))
                data-fen=(p.fen) data-demo=(p.demo) data-words=(words) { (look(&p.look)) },
            Shows::Hand => td.hand id=(p.id) data-side=[black] data-hand=(p.hand) data-fen=(p.fen)
                data-demo=(p.demo) data-words=(words) { (look(&p.look)) },
        }
    }
}

/// The sections under the board: per piece in hand, then per castling
/// King, its words, its demonstration and the FEN to copy.
pub(in super::super) fn sections(hands: &[HandView], origin: &Sentence) -> Markup {
    let in_hand = hands.iter().rev().flat_map(|h| &h.pieces);
    let demos = |shows: fn(&Shows) -> bool| {
        hands
            .iter()
            .rev()
            .flat_map(|h| &h.demos)
            .filter(move |d| shows(&d.shows))
    };
    let castles: Vec<&HandPiece> = demos(|s| *s == Shows::Castle).collect();
    let en_passant: Vec<&HandPiece> = demos(|s| matches!(s, Shows::EnPassant(_))).collect();
    let promotions: Vec<&HandPiece> = demos(|s| matches!(s, Shows::Promotion(_))).collect();
    let gating: Vec<&HandPiece> = demos(|s| *s == Shows::Gating).collect();
    let walls: Vec<&HandPiece> = demos(|s| matches!(s, Shows::Wall(..))).collect();
    html! {
        @if hands.iter().any(|h| !h.pieces.is_empty()) {
            @let supply = hands.iter().any(|h| h.supply);
            h3 { (if supply { "Pieces to place" } else { "Pieces in hand" }) }
            p data-rule=(origin.data_rule()) { (origin.text) }
            p {
                (if supply { "Press a piece in a supply" } else { "Press a piece in a hand" })
                " to see where it may be dropped: the board then shows the position below, "
                "whose FEN you can copy into Fairy-Stockfish."
            }
            @for p in in_hand { (section(p)) }
        }
        @if !castles.is_empty() {
            h3 { "Castling" }
            p {
                "Press a King beside the board to see where it castles: the board then shows the position below, "
                "whose FEN you can copy into Fairy-Stockfish."
            }
            @for p in castles { (section(p)) }
        }
        @if !en_passant.is_empty() {
            h3 { "En passant" }
            p {
                "Press a pawn beside the board to see it take en passant: the board then shows the position below, "
                "whose FEN you can copy into Fairy-Stockfish."
            }
            @for p in en_passant { (section(p)) }
        }
        @if !promotions.is_empty() {
            h3 { "Promotion" }
            p {
                "Press a piece beside the board to see it one move before its promotion zone: the board then shows "
                "the position below, whose FEN you can copy into Fairy-Stockfish, every square it may move to "
                "marked, and the squares where a move promotes it marked " (dot_image(Dot::Promote)) "."
            }
            @for p in promotions { (section(p)) }
        }
        @if !gating.is_empty() {
            h3 { "Gating" }
            p {
                "Press a piece beside the board to see where it may enter the board from its player's hand: the board "
                "then shows the position below, whose FEN you can copy into Fairy-Stockfish, and marks "
                (dot_image(Dot::Gate)) " the squares it may be placed on, each as the piece standing there makes its "
                "first move."
            }
            @for p in gating { (section(p)) }
        }
        @if let Some(Shows::Wall(from, to, walling)) = walls.first().map(|p| p.shows) {
            @let (heading, thing) = wall_heading(walling);
            h3 { (heading) }
            @if from == to {
                p {
                    "Press a piece beside the board to see where its player may place " (thing) " instead of "
                    "moving: the board then shows the position below, whose FEN you can copy into Fairy-Stockfish, "
                    "and marks those squares."
                }
            } @else if walling == Walling::Past {
                p {
                    "Press a piece beside the board to see a move and the wall it leaves behind: the board then "
                    "shows the position after the move, and marks the square the piece left, which becomes a wall. "
                    "The FEN below is the position before the move, which you can copy into Fairy-Stockfish. There "
                    "the move is written with the square it left after it: d4f5,f5d4 leaves a wall on d4."
                }
            } @else {
                p {
                    "Press a piece beside the board to see a move and where its player may then place "
                    (thing) ": the board then shows the position after the move, and marks those squares. "
                    "The FEN below is the position before the move, which you can copy into Fairy-Stockfish. "
                    "There the move and where " (thing) " goes are one move, written with " (thing)
                    "'s square after the move's: d2d4,d4e5 puts " (thing) " on e5."
                }
            }
            @for p in walls { (section(p)) }
        }
    }
}

/// The heading of the wall demonstrations, and what they place: the
/// duck, an arrow or a wall.
fn wall_heading(walling: Walling) -> (&'static str, &'static str) {
    let (thing, _) = wall_names(walling);
    let heading = match walling {
        Walling::Duck => "The duck",
        Walling::Arrow => "Arrows",
        _ => "Walls",
    };
    (heading, thing)
}

fn section(p: &HandPiece) -> Markup {
    html! {
        section.drop {
            h4 data-text=(p.keys.0) { (p.name) }
            @if p.words.claims.is_empty() { p data-text=(p.keys.1) { (p.words.text) } }
            @else { p data-text=(p.keys.1) data-rule=(p.words.data_rule()) { (p.words.text) } }
            figure {
                table.diagram aria-label=(format!("{}: the position", p.name)) {
                    @for row in &p.rows {
                        tr {
                            @for c in row {
                                @match c {
                                    DemoCell::Empty => td { span.t { "." } },
                                    DemoCell::Wall => td.wall { span.t { "#" } },
                                    DemoCell::Mark(m) => td { (dot_image(*m)) },
                                    DemoCell::Piece(l) => td { img src=(l.src) alt=(l.alt); },
                                }
                            }
                        }
                    }
                }
                figcaption {
                    "Position: " code { (p.fen) }
                    @if let Shows::Wall(from, to, _) = p.shows {
                        @if from == to { ", before the wall is placed" }
                        @else { ", before the move " code { (from) (to) } }
                    }
                    ul.keys {
                        @for (m, key) in &p.keys_legend {
                            @if p.rows.iter().flatten().any(|c| matches!(c, DemoCell::Mark(x) if x == m)) {
                                li { (dot_image(*m)) " " (key) }
                            }
                        }
                    }
                }
            }
        }
    }
}
