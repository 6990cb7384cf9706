//! `index.html` beside the written pages: a row per page with its name,
//! board size, setup picture, pieces and link (relative links only).

use maud::{html, Markup, DOCTYPE};

use super::super::Entry;

pub(in super::super) fn catalogue(entries: &[Entry], source: &str) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                title { "Variants: rules pages" }
                link rel="stylesheet" href="moves.css";
                style { "table.catalogue td { vertical-align: top; padding: 0.3em 1em 0.3em 0; } table.catalogue img { max-width: 160px; height: auto; }" }
            }
            body {
                main {
                    h1 { "Variants: rules pages" }
                    p { (entries.len()) " pages written by glance page from " (source) "." }
                    table.catalogue {
                        tr { th { "Variant" } th { "Board" } th { "Setup" } th { "Pieces" } }
                        @for e in entries {
                            tr {
                                td { a href=(format!("{}.html", e.name)) { (e.title) } }
                                td { (e.files) "×" (e.ranks) }
                                td {
                                    @if e.picture {
                                        a href=(format!("{}.html", e.name)) {
                                            img src=(format!("{}.png", e.name)) alt=(format!("The initial setup of {}", e.title)) loading="lazy";
                                        }
                                    }
                                }
                                td { (e.pieces.join(", ")) }
                            }
                        }
                    }
                }
            }
        }
    }
}
