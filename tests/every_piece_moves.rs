//! Every piece a written page's Moves-at-a-Glance board shows, and that
//! moves at all, shows at least one move when a visitor presses it: the
//! pages `glance page --builtins` writes and those it writes for every
//! section of Fairy-Stockfish's reference variants.ini (tests/fixtures).
//! A piece that needs a screen (a Cannon, a Grasshopper) moves only over
//! the pieces the board holds, so where it stands matters: the Janggi
//! Cannon, which may neither hop over nor take a Cannon, once stood where
//! it had nothing to hop.
//!
//! Each cell is pressed as the page's own script presses it: the page
//! model read from the written HTML and its scene for that cell.

#![cfg(not(target_arch = "wasm32"))]

use std::path::Path;

use glance::Mark;
use glance::board::scene::Content;
use glance::page::html::Document;

mod common;
use common::written;

/// Per page, the pieces of its board that move at all but show no move
/// when pressed ("e4 Cannon"), and how many cells were pressed.
fn still_pieces(pages: &[(String, String)]) -> (Vec<String>, usize) {
    let mut still = Vec::new();
    let mut pressed = 0;
    for (name, html) in pages {
        let decl = Document::parse(html).read();
        let checked = decl.check();
        let page = decl.page();
        let declared = &checked.declared;
        for cell in &declared.cells {
            let Some(piece) = declared.pieces.get(cell.piece) else {
                continue;
            };
            if piece.piece.moves().is_empty() {
                continue; // It never moves (Flipello's discs).
            }
            let code = (i32::from(cell.sq.file()), i32::from(cell.sq.rank()));
            let scene = declared
                .scene(code, &page)
                .unwrap_or_else(|| panic!("{name}: no scene for {}", cell.sq));
            pressed += 1;
            // A lame leap's blocking square (an open circle) is no move.
            let moves = scene
                .cells
                .iter()
                .filter(|(_, c)| matches!(c, Content::Mark(m) if *m != Mark::Block))
                .count();
            if moves == 0 {
                still.push(format!("{name}: {} {}", cell.sq, piece.name()));
            }
        }
    }
    (still, pressed)
}

/// The pieces that never move in their game: Crossderby's Kings start in
/// corners whose three neighbours are walls (its startFen:
/// `n*nnnn*k/**pppp**/…/**PPPP**/K*NNNN*N`), and walls stay for the whole
/// game. pyffish agrees: the `fairy` suite finds no legal move for either
/// ("the piece alone with the royal pieces has no legal move").
const WALLED_IN: [&str; 2] = ["crossderby: h8 King", "crossderby: a1 King"];

fn reference() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/fairy-stockfish-variants.ini")
        .to_string_lossy()
        .into_owned()
}

#[test]
fn every_piece_on_a_builtins_board_shows_a_move() {
    let pages = written("builtins", &["--builtins"]);
    // pyffish 0.0.90 plays 121 built-ins; `glance page` writes each.
    assert!(pages.len() >= 121, "{} pages", pages.len());
    let (still, pressed) = still_pieces(&pages);
    assert!(still.is_empty(), "{} of {pressed}: {still:#?}", still.len());
    assert!(pressed > 121 * 3, "{pressed} cells pressed");
}

#[test]
fn every_piece_on_a_reference_sections_board_shows_a_move() {
    let file = reference();
    let pages = written("reference", &[&file, "--all"]);
    // The reference file's 143 sections: every one is written.
    assert!(pages.len() >= 143, "{} pages", pages.len());
    let (still, pressed) = still_pieces(&pages);
    assert_eq!(still, WALLED_IN, "{} of {pressed}", still.len());
    assert!(pressed > 143 * 3, "{pressed} cells pressed");
}

/// The check itself finds a piece that shows no move: the Janggi Cannon
/// written by hand where it stood before, with nothing to hop (the Horse
/// below it has no square behind it; the Cannon above is no screen).
#[test]
fn a_cannon_with_nothing_to_hop_is_found() {
    let mut html = String::from(
        "<html lang=\"en\"><head><link rel=\"stylesheet\" href=\"moves.css\"></head>\
         <body><table class=\"board\">",
    );
    for y in (0..10u8).rev() {
        html.push_str("<tr>");
        for x in 0..9u8 {
            let piece = match (x, y) {
                (1, 0) => " data-piece=\"N\"",
                (1, 2) => " data-piece=\"C\"",
                (1, 7) => " data-piece=\"C\" data-side=\"black\"",
                _ => "",
            };
            html.push_str(&format!("<td class=\"n\" id=\"sq{x}x{y}\"{piece}></td>"));
        }
        html.push_str("</tr>");
    }
    html.push_str(
        "</table><p id=\"piece\">:</p><table><tr><td>Piece</td><td>ID</td>\
         <td>value</td><td>Moves (Betza notation)</td><td>Remarks</td></tr>\
         <tr data-piece=\"C\" data-spares=\"C\"><td>Cannon</td><td>C</td><td>-</td>\
         <td>R+fR</td><td>-</td></tr>\
         <tr data-piece=\"N\"><td>Horse</td><td>N</td><td>-</td><td>nN</td><td>-</td></tr>\
         </table></body></html>",
    );
    let (still, pressed) = still_pieces(&[("hand".into(), html)]);
    assert_eq!(pressed, 3);
    assert_eq!(still, ["hand: b8 Cannon", "hand: b3 Cannon"]);
}
