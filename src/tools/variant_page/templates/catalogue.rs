//! `index.html` beside the written pages: the pages grouped by family
//! (as Fairy-Stockfish's source, pychess-variants and fairyground group
//! them, `variant::piece_names::Family`), a row per page with its name,
//! the sentence saying what kind of game it is, board size, setup picture,
//! pieces and link (relative links only).

use maud::{DOCTYPE, Markup, html};

use super::super::Entry;
use crate::variant::piece_names::Family;

pub(in super::super) fn catalogue(entries: &[Entry], source: &str) -> Markup {
    let mut groups: Vec<(Option<Family>, Vec<&Entry>)> = Family::ALL
        .into_iter()
        .map(|f| {
            (
                Some(f),
                entries.iter().filter(|e| e.family == Some(f)).collect(),
            )
        })
        .collect();
    groups.push((
        None,
        entries.iter().filter(|e| e.family.is_none()).collect(),
    ));
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
                    p { (entries.len()) " pages written by glance page from " (source) ", grouped by family as Fairy-Stockfish's source and pychess-variants group them." }
                    @for (family, list) in groups.iter().filter(|(_, l)| !l.is_empty()) {
                        h2 { (family.map_or("Other variants", |f| f.heading())) }
                        table.catalogue {
                            tr { th { "Variant" } th { "Board" } th { "Setup" } th { "Pieces" } }
                            @for e in list {
                                tr {
                                    td {
                                        a href=(format!("{}.html", e.name)) { (e.title) }
                                        @if !e.about.is_empty() { br; (e.about) }
                                    }
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
}
