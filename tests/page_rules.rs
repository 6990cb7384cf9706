//! Rules of a game beyond a piece's Betza, as a page shows them: the
//! pieces a Janggi Cannon spares (`data-spares`: it neither hops over nor
//! takes a Cannon), and the palaces, river and palace diagonals that
//! `glance page` writes into a cell's `data-moves` where they change a
//! piece's moves there; Sittuyin's pawn promotion, Pawnback's first rank,
//! pieces that never move and pieces that change form (Kyoto shogi),
//! and Atomic's and Petrified's King, which never captures.
//! Each expected set of squares is written by hand from the games' rules.

#![cfg(not(target_arch = "wasm32"))]

use glance::board::scene::Content;
use glance::page::html::Document;
use glance::{Mark, Square};

mod common;

/// A 9x10 board with `pieces` (square, key, black), the rows `rows`
/// (attributes of the `<tr>`, key, Betza) and the board's attributes.
fn page(board_attrs: &str, rows: &[(&str, &str, &str)], pieces: &[(&str, &str, bool)]) -> String {
    let mut html = format!(
        "<html lang=\"en\"><head><link rel=\"stylesheet\" href=\"moves.css\"></head><body><table class=\"board\" {board_attrs}>"
    );
    for y in (0..10u8).rev() {
        html.push_str("<tr>");
        for x in 0..9u8 {
            let sq = Square::new(x, y).unwrap().to_string();
            match pieces.iter().find(|p| p.0 == sq) {
                Some((_, key, black)) => {
                    let side = if *black { " data-side=\"black\"" } else { "" };
                    let letter = if *black {
                        key.to_lowercase()
                    } else {
                        key.to_uppercase()
                    };
                    html.push_str(&format!(
                        "<td class=\"n\" id=\"sq{x}x{y}\" data-piece=\"{key}\"{side}>{letter}</td>"
                    ));
                }
                None => html.push_str(&format!("<td class=\"n\" id=\"sq{x}x{y}\"></td>")),
            }
        }
        html.push_str("</tr>");
    }
    html.push_str("</table><p id=\"piece\">:</p><table><tr><td>Piece</td><td>ID</td><td>value</td><td>Moves (Betza notation)</td><td>Remarks</td></tr>");
    for (attrs, key, betza) in rows {
        html.push_str(&format!(
            "<tr data-piece=\"{key}\" {attrs}><td>{key}</td><td>{key}</td><td>1</td><td>{betza}</td><td></td></tr>"
        ));
    }
    html.push_str("</table></body></html>");
    html
}

/// The squares a move of the piece on `at` ends on, sorted by name, and
/// the findings' messages.
fn marks(html: &str, at: &str) -> (Vec<String>, Vec<String>) {
    let decl = Document::parse(html).read();
    let checked = decl.check();
    let findings = checked.findings.iter().map(|f| f.message.clone()).collect();
    let sq = Square::parse(at).unwrap();
    let code = (i32::from(sq.file()), i32::from(sq.rank()));
    let scene = checked
        .declared
        .scene(code, &decl.page())
        .expect("a piece there");
    // The squares a move ends on (a lame leap's blocking squares are none).
    let mut out: Vec<String> = scene
        .cells
        .iter()
        .filter(|(_, c)| *c != Content::Mark(Mark::Block))
        .map(|(s, _)| s.to_string())
        .collect();
    out.sort();
    (out, findings)
}

fn squares(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

#[test]
fn a_cannon_neither_hops_over_nor_takes_the_pieces_it_spares() {
    let cannon = ("data-spares=\"C\"", "C", "R+fR");
    let soldier = ("", "P", "fsW");
    // A Cannon is no screen: nothing beyond the Cannon on b8.
    let html = page(
        "",
        &[cannon, soldier],
        &[("b3", "C", false), ("b8", "C", true), ("b10", "P", true)],
    );
    let (got, findings) = marks(&html, "b3");
    assert!(findings.is_empty(), "{findings:?}");
    assert!(!got.iter().any(|s| s.starts_with('b')), "{got:?}");
    // Over a Soldier it goes on, up to the Cannon on b8, which it does
    // not take, and no further.
    let html = page(
        "",
        &[cannon, soldier],
        &[
            ("b3", "C", false),
            ("b5", "P", false),
            ("b8", "C", true),
            ("b10", "P", true),
        ],
    );
    let (got, _) = marks(&html, "b3");
    let file: Vec<&String> = got.iter().filter(|s| s.starts_with('b')).collect();
    assert_eq!(file, ["b6", "b7"]);
    // Without data-spares the same Cannon takes the Cannon on b8.
    let html = page(
        "",
        &[("", "C", "R+fR"), soldier],
        &[("b3", "C", false), ("b5", "P", false), ("b8", "C", true)],
    );
    let (got, _) = marks(&html, "b3");
    let file: Vec<&String> = got.iter().filter(|s| s.starts_with('b')).collect();
    assert_eq!(file, ["b6", "b7", "b8"]);
}

#[test]
fn a_key_data_spares_names_in_vain_is_named() {
    let html = page(
        "",
        &[("data-spares=\"C Z\"", "C", "R+fR")],
        &[("b3", "C", false), ("b8", "C", true)],
    );
    let (got, findings) = marks(&html, "b3");
    assert_eq!(findings.len(), 1, "{findings:?}");
    assert!(findings[0].contains("data-spares \"C Z\"") && findings[0].contains("\"Z\""));
    // The key that names a row still counts.
    assert!(!got.contains(&"b9".to_string()), "{got:?}");
}

/// The page `glance page --variant NAME` writes.
fn written(name: &str) -> String {
    let pages = common::written(&format!("rules-{name}"), &["--variant", name]);
    pages
        .into_iter()
        .find(|(n, _)| n == name)
        .map(|(_, html)| html)
        .unwrap_or_else(|| panic!("glance page --variant {name} wrote no {name}.html"))
}

/// Where the piece on `at` of a written page goes (sorted).
fn goes(html: &str, at: &str) -> Vec<String> {
    marks(html, at).0
}

#[test]
fn xiangqi_pieces_keep_to_their_palace_and_the_soldier_crosses_the_river() {
    let html = written("xiangqi");
    // The Advisor (Fers) on d1 reaches the palace's centre only, and the
    // King on e1 the palace's squares beside and before it.
    assert_eq!(goes(&html, "d1"), squares("e2"));
    assert_eq!(goes(&html, "e1"), squares("d1 f1 e2"));
    assert_eq!(goes(&html, "d10"), squares("e9"));
    // A Soldier before the river steps forward; across it, sideways too.
    assert_eq!(goes(&html, "a4"), squares("a5"));
    assert!(
        html.contains("id=\"sq0x5\" data-piece=\"P\""),
        "a White Soldier across the river, on a6"
    );
    assert_eq!(goes(&html, "a6"), squares("a7 b6"));
    // The Elephant stays on its side of the river: from c1, a3 and e3.
    assert_eq!(goes(&html, "c1"), squares("a3 e3"));
}

#[test]
fn janggi_pieces_step_along_the_palace_diagonals() {
    let html = written("janggi");
    // The General in the palace's centre: eight squares.
    assert_eq!(goes(&html, "e2"), squares("d1 e1 f1 d2 f2 d3 e3 f3"));
    // An Advisor in the palace's corner: up, along, and to the centre.
    assert_eq!(goes(&html, "d1"), squares("d2 e1 e2"));
    assert_eq!(goes(&html, "d10"), squares("d9 e10 e9"));
    assert!(
        html.contains("data-spares=\"C\""),
        "the Cannon spares the Cannons"
    );
    // The Cannon hops only, and neither over nor onto a Cannon: it stands
    // where it has a screen and a piece to take, White's on a3 (over its
    // Soldier on a4, to a5 and a6 or onto Black's Soldier on a7), Black's
    // on a8 alike.
    assert_eq!(goes(&html, "a3"), squares("a5 a6 a7"));
    assert_eq!(goes(&html, "a8"), squares("a4 a5 a6"));
}

#[test]
fn a_sittuyin_pawn_alone_promotes_by_a_fers_step() {
    // Fairy-Stockfish's movegen.cpp: a side's last pawn may promote to
    // the Met (Fers) from anywhere, by a Fers's step to an empty square.
    // On the empty board a press shows, the Pawn on e4 steps to e5,
    // captures on d5 and f5 and may promote there or on d3 and f3.
    let html = written("sittuyin");
    assert_eq!(goes(&html, "e4"), squares("d3 f3 d5 e5 f5"));
    assert_eq!(goes(&html, "e6"), squares("d5 e5 f5 d7 f7"));
    assert!(html.contains("from anywhere as its side's last pawn"));
}

#[test]
fn a_pawnback_pawn_never_steps_back_onto_its_first_rank() {
    // Pawnback: fbmW, fceF and the double step ifmnD; a White pawn never
    // stands on rank 1 (its mobility region is ranks 2 to 8): from a2 it
    // goes forward one or two and captures on b3, never back to a1.
    let html = written("pawnback");
    assert_eq!(goes(&html, "a2"), squares("a3 a4 b3"));
    assert_eq!(goes(&html, "a7"), squares("a6 a5 b6"));
}

#[test]
fn pieces_that_never_move_and_pieces_that_change_form() {
    // Flipello's discs are dropped and never move.
    let html = written("flipello");
    assert_eq!(goes(&html, "e5"), Vec::<String>::new());
    assert!(html.contains("Never moves"));
    // Kyoto shogi: the Lance of a1 (demoted from the +L it starts as)
    // slides forward up the a-file; Gold, Bishop and Rook are the
    // promoted forms, with rows but no square of their own.
    let html = written("kyotoshogi");
    assert_eq!(goes(&html, "a1"), squares("a2 a3 a4 a5"));
    // Its players call the promoted Lance the Tokin (pychess-variants'
    // Kyoto shogi guide).
    assert!(html.contains("A promoted Lance (Tokin) or Knight"));
    // (A board cell's key follows its id; a row's follows `<tr `.)
    assert!(!html.contains("\" data-piece=\"G\""));
}

/// The King's section: from its heading to the next.
fn king(html: &str) -> &str {
    let at = html.find("<h3>King</h3>").expect("the King's section");
    let rest = &html[at..];
    &rest[..rest.find("</section>").unwrap_or(rest.len())]
}

/// A piece Fairy-Stockfish never lets capture: Atomic's King is
/// pseudo-royal and a capture would blow it up (Petrified's would turn it
/// to stone), so pyffish gives it its non-captures only
/// (tests/fairy/reader_quirks.py): its row's Betza, its remark and its
/// diagram say so.
#[test]
fn atomic_and_petrified_kings_never_capture() {
    for (variant, why) in [
        ("atomic", "Never captures: a capture would blow it up"),
        (
            "petrified",
            "Never captures: a capture would turn it to stone",
        ),
    ] {
        let html = written(variant);
        let row = format!("<td>King</td><td>K</td><td>-</td><td>mWmF</td><td>{why}</td>");
        assert!(html.contains(&row), "{variant}: no row {row}");
        let k = king(&html);
        assert!(k.contains(&format!("<p>{why}.</p>")), "{variant}: {k}");
        // Its diagram: the eight squares around it, non-captures only.
        assert_eq!(
            k.matches("sym/green.png\" alt=\"m\"></td>").count(),
            8,
            "{k}"
        );
        for capture in ["orange.png", "yellow.png", "red.png"] {
            assert!(!k.contains(capture), "{variant}: {capture} in {k}");
        }
    }
    // No-check Atomic's King is no pseudo-royal piece: it captures.
    let html = written("nocheckatomic");
    assert!(html.contains("<td>King</td><td>K</td><td>-</td><td>WF</td>"));
    assert!(!html.contains("Never captures"));
}
