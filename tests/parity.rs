//! Native parity: every click of the 34 legacy pages, computed through the
//! click tables, the engine and the scene builder, against what the legacy
//! boards show (`tests/fixtures/expected.json`). The browser test under
//! `tests/e2e/` checks the same through the real DOM.

use std::collections::BTreeMap;

use glance::board::clicks::{Script, lookup, parse_handler};
use glance::board::scene::{Page, Scene};
use glance::{Square, SquareSet};
use serde_json::Value;

fn cell_square(id: &str) -> Square {
    let rest = id.strip_prefix("sq").expect("cell id");
    let (x, y) = rest.split_once('x').expect("cell id");
    Square::new(x.parse().unwrap(), y.parse().unwrap()).expect("on the grid")
}

fn cell_id(sq: Square) -> String {
    format!("sq{}x{}", sq.file(), sq.rank())
}

#[test]
fn every_legacy_click_matches() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/expected.json"
    ))
    .unwrap();
    let pages: BTreeMap<String, Value> = serde_json::from_str(&text).unwrap();
    assert_eq!(pages.len(), 34);
    let (mut total, mut good) = (0, 0);
    let mut failures = Vec::new();
    for (name, page) in &pages {
        let script = Script::from_name(page["script"].as_str().unwrap()).unwrap();
        let board: SquareSet = page["board"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| cell_square(c.as_str().unwrap()))
            .collect();
        let at_rest: BTreeMap<String, String> = page["at_rest"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string()))
            .collect();
        let occupied: SquareSet = at_rest
            .keys()
            .map(|k| cell_square(k))
            .filter(|s| board.contains(*s))
            .collect();
        let ctx = Page {
            board,
            occupied,
            ..Page::default()
        };
        for click in page["clicks"].as_array().unwrap() {
            total += 1;
            let handler = click["handler"].as_str().unwrap();
            let expected_down: BTreeMap<String, String> = click["down"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string()))
                .collect();
            let expected_piece = &click["piece"];
            let entry = parse_handler(handler).and_then(|(x, y)| lookup(script, x, y));
            let (got_down, got_piece) = match entry {
                None => (BTreeMap::new(), Value::Null),
                Some(e) => {
                    let scene = Scene::new(e, &ctx).unwrap();
                    let mut down = BTreeMap::new();
                    for (sq, content) in &scene.cells {
                        let id = cell_id(*sq);
                        let shown = content
                            .image()
                            .map(|i| format!("{i}.png"))
                            .unwrap_or_default();
                        if at_rest.get(&id).cloned().unwrap_or_default() != shown {
                            down.insert(id, shown);
                        }
                    }
                    let piece = serde_json::json!({"name": e.name, "notes": e.notes});
                    (down, piece)
                }
            };
            if got_down == expected_down && &got_piece == expected_piece {
                good += 1;
            } else {
                failures.push(format!(
                    "{name} {handler}: expected {expected_down:?} {expected_piece}\n      got {got_down:?} {got_piece}"
                ));
            }
        }
    }
    assert_eq!(total, 487);
    assert!(
        failures.is_empty(),
        "{good}/{total} match; mismatches:\n{}",
        failures.join("\n")
    );
}
