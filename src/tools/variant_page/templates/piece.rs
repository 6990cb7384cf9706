//! The piece table (`Piece | ID | value | Moves (Betza notation) |
//! Remarks`, each row `data-piece`) and a section per piece: its words,
//! its Betza and its static diagram.

use maud::{html, Markup};

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
                    td { (pv.remarks) }
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
            p { "Betza notation: " code { (pv.betza) } "." }
            @if pv.remarks != "-" { p { (pv.remarks) "." } }
            (diagram)
        }
    }
}
