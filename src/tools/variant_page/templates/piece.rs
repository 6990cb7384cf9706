//! The piece table (`Piece | ID | value | Moves (Betza notation) |
//! Remarks`, each row `data-piece`) and a section per piece: its words,
//! its Betza and its static diagram.

use maud::{Markup, html};

use super::super::view::{PageView, PieceView};

pub(in super::super) fn table(p: &PageView) -> Markup {
    html! {
        table cellpadding="5" border="1" {
            tr {
                td { "Piece" }
                td { "ID" }
                td { "value" }
                td { "Moves (Betza notation)" }
                td { "Remarks" }
            }
            @for pv in &p.pieces {
                tr data-piece=(pv.key) data-start=[pv.start.as_deref()] data-spares=[&pv.spares] {
                    td { (pv.name) }
                    td { (pv.key) }
                    td { "-" }
                    td { (pv.betza) }
                    td { @if pv.remarks.is_empty() { "-" } @else { (remarks(pv)) } }
                }
            }
        }
    }
}

pub(in super::super) fn section(pv: &PieceView, diagram: Markup) -> Markup {
    html! {
        section.piece {
            h3 { (pv.name) }
            @for w in &pv.words { p { (w) } }
            p {
                "Betza notation: " code { (pv.betza) }
                @if let Some(f) = &pv.fairy_betza {
                    ", in which " code { "+" } " hops over the piece that the move before it \
                     reaches; Fairy-Stockfish defines the piece as " code { (f) }
                }
                "."
            }
            @if !pv.remarks.is_empty() { p { (remarks(pv)) "." } }
            (diagram)
        }
    }
}

/// A piece's remarks joined by "; ", each that states a rule in a span
/// saying what it claims (`data-rule`).
fn remarks(pv: &PieceView) -> Markup {
    html! {
        @for (i, r) in pv.remarks.iter().enumerate() {
            @if i > 0 { "; " }
            @if r.claims.is_empty() { (r.text) } @else { span data-rule=(r.data_rule()) { (r.text) } }
        }
    }
}
