//! `glance lint`'s `fen-disagrees`: a piece in hand's `data-fen` against
//! the position its press shows (`data-demo` made on the board), on the
//! pages `glance page` writes, and on copies broken by hand: one letter of
//! a `data-fen` changed, one square of a `data-demo` dropped.

#![cfg(not(target_arch = "wasm32"))]

use std::path::Path;

use glance::tools::lint::{Kind, lint_html};

mod common;
use common::written;

/// The `fen-disagrees` findings of a page, `PLACE: message`.
fn disagreements(html: &str) -> Vec<String> {
    lint_html("p.html", html, Path::new("."))
        .into_iter()
        .filter(|f| f.kind == Kind::FenDisagrees)
        .map(|f| format!("{}: {}", f.cell, f.message))
        .collect()
}

/// `html` with the first `from` after `after` replaced by `to`.
fn edited(html: &str, after: &str, from: &str, to: &str) -> String {
    let start = html.find(after).expect("the anchor") + after.len();
    let at = start + html[start..].find(from).expect("the text to change");
    format!("{}{to}{}", &html[..at], &html[at + from.len()..])
}

#[test]
fn a_written_page_agrees_and_broken_copies_are_found() {
    let pages = written("two", &["--variant", "crazyhouse", "--variant", "shogi"]);
    let page = |name: &str| {
        &pages
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("{name} written"))
            .1
    };
    let (crazyhouse, shogi) = (page("crazyhouse"), page("shogi"));
    assert!(crazyhouse.matches("data-fen=").count() >= 10);
    assert_eq!(disagreements(crazyhouse), Vec::<String>::new());
    assert_eq!(disagreements(shogi), Vec::<String>::new());

    // One letter of Black's Pawn's FEN changed: its King becomes a Queen.
    let letter = edited(crazyhouse, r#"data-hand="p" data-fen=""#, "4k3/", "4q3/");
    assert_eq!(
        disagreements(&letter),
        [
            "sq0x15 (a16): its data-fen differs from the position its press shows, first at \
          sq4x7 (e8): the FEN has a Black Queen (q), the board shows a Black King (BlackKing)"
        ]
    );

    // One square of Black's Pawn's demonstration dropped: White's Pawn on
    // a3, which the demonstration empties (no drop is marked on the
    // a-file, where Black has a Pawn), stays.
    let demo = edited(shogi, r#"data-hand="p""#, " 0,2 ", " ");
    assert_eq!(
        disagreements(&demo),
        [
            "sq3x15 (d16): its data-fen differs from the position its press shows, first at \
          sq0x2 (a3): the FEN has nothing, the board shows a White Pawn (WhiteDiscP)"
        ]
    );
}

#[test]
fn every_written_page_agrees() {
    let mut pages = written("builtins", &["--builtins"]);
    pages.extend(written(
        "all",
        &["tests/fixtures/fairy-stockfish-variants.ini", "--all"],
    ));
    assert!(pages.len() > 250, "{} pages", pages.len());
    let cells: usize = pages
        .iter()
        .map(|(_, html)| html.matches(" data-demo=").count())
        .sum();
    assert!(cells > 600, "{cells} demonstration cells");
    let mut found: Vec<(String, usize)> = Vec::new();
    for (name, html) in &pages {
        let n = disagreements(html).len();
        if n > 0 {
            found.push((name.clone(), n));
        }
    }
    // (Gethenian starts with `+K` on d1, which Fairy-Stockfish reads as
    // the piece the Commoner promotes to, the Non-capturing Wazir: its
    // demonstrations show that piece there.)
    assert_eq!(found, Vec::<(String, usize)>::new());
}
