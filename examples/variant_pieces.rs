//! Prints, as JSON lines, every section of a variants.ini that reads: its
//! board, double-step regions and each piece's Betza (Fairy-Stockfish's
//! and the pages' spelling, with i moves and without). Used by
//! tests/fairy/variants_oracle.py.
//!
//!     cargo run --release --example variant_pieces -- tests/fixtures/fairy-stockfish-variants.ini

use glance::variant::{fairy, read_each};

fn squares(list: &[glance::Square]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: variant_pieces FILE");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    for v in read_each(&text, &path) {
        let line = match v {
            Ok(v) => {
                let pieces: Vec<_> = v
                    .pieces
                    .iter()
                    .map(|p| {
                        let moving = fairy::to_pages_without_initial(&p.betza);
                        serde_json::json!({
                            "letter": p.letter.to_string(), "name": p.name, "betza": p.betza,
                            "royal": p.royal, "special": p.special.iter().map(|s| format!("{s:?}")).collect::<Vec<_>>(),
                            "pages": p.pages.as_ref().ok(),
                            "pages_off_region": if p.name == "pawn" { fairy::to_pages("fmWfcF").ok() } else { moving.ok() },
                            "skip": p.pages.as_ref().err().map(|s| s.to_string()),
                        })
                    })
                    .collect();
                serde_json::json!({
                    "name": v.name, "parent": v.parent, "files": v.files, "ranks": v.ranks,
                    "double_step_white": squares(&v.double_step_white),
                    "double_step_black": squares(&v.double_step_black),
                    "mobility": v.mobility_regions.len(),
                    "pieces": pieces,
                })
            }
            Err(e) => {
                serde_json::json!({ "error": e.to_string(), "kind": format!("{:?}", e.kind) })
            }
        };
        println!("{line}");
    }
}
