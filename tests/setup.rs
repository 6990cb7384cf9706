//! `glance setup` on the repository's pages and the upstream fixtures: the
//! FENs of pages whose setups are published elsewhere, checked by hand
//! against those sources (not against what the code decided).

#![cfg(not(target_arch = "wasm32"))]

use std::path::Path;
use std::process::Command;

use serde_json::Value;

fn pages(dir: &str) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(dir))
        .expect("a folder of pages")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "html"))
        .map(|p| p.display().to_string())
        .collect();
    out.sort();
    out
}

/// glance setup's JSON for the pages of `dir`, by page name.
fn setup(dir: &str) -> Vec<Value> {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new(env!("CARGO_BIN_EXE_glance"))
        .current_dir(root)
        .args(["setup", "--json", "--setups", "scripts/setups.json"])
        .args(pages(dir))
        .output()
        .expect("glance runs");
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    v.as_array().expect("an array").clone()
}

fn find<'a>(all: &'a [Value], name: &str) -> &'a Value {
    all.iter()
        .find(|p| p["name"] == name)
        .unwrap_or_else(|| panic!("no page {name}"))
}

const FIDE: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

#[test]
fn rules_pages() {
    let all = setup("rules-html");
    assert_eq!(all.len(), pages("rules-html").len());
    // XBoard's CapablancaArray and twoKingsArray (backend.c).
    let capa = find(&all, "Capablanca");
    assert_eq!(
        capa["fen"],
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR"
    );
    assert_eq!(
        (capa["files"].as_u64(), capa["ranks"].as_u64()),
        (Some(10), Some(8))
    );
    assert_eq!(capa["source"], "the page's setup text");
    assert_eq!(
        find(&all, "TwoKings")["fen"],
        "rnbqkknr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR"
    );
    // Spartan: setups.json's FEN (Spartan Chess's published setup), with
    // the text's slips still reported.
    let spartan = find(&all, "Spartan");
    assert_eq!(
        spartan["fen"],
        "lgkcckwl/hhhhhhhh/8/8/8/8/PPPPPPPP/RNBQKBNR"
    );
    assert_eq!(spartan["source"], "scripts/setups.json");
    assert!(
        spartan["problems"]
            .to_string()
            .contains("f1 is listed twice")
    );
    let drawn: Vec<&str> = all
        .iter()
        .filter(|p| p["draw"] == true)
        .filter_map(|p| p["name"].as_str())
        .collect();
    assert_eq!(drawn, ["Capablanca", "No", "Spartan", "TwoKings"]);
    assert!(
        all.iter()
            .all(|p| p["error"].is_null() || p["draw"] == false)
    );
}

#[test]
fn zero_code_pages() {
    let all = setup("rules-html/zero");
    // Shako as Fairy-Stockfish's variants.ini sets it up.
    let shako = find(&all, "Shako");
    assert_eq!(
        shako["fen"],
        "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C"
    );
    assert_eq!(shako["picture"], "Shako.png");
    // The zero-code copies show their seed page's picture: not drawn here.
    let spartan = find(&all, "Spartan");
    assert_eq!(spartan["borrowed"][0], "../Spartan.png");
    assert_eq!(spartan["draw"], false);
}

#[test]
fn upstream_pages() {
    let all = setup("tests/fixtures/upstream");
    assert_eq!(all.len(), pages("tests/fixtures/upstream").len());
    for name in ["Chess", "Atomic", "Crazy", "Losers", "Suicide"] {
        assert_eq!(find(&all, name)["fen"], FIDE, "{name}");
    }
    // Janus Chess's published array: R J N B K Q B N J R.
    assert_eq!(
        find(&all, "Janus")["fen"],
        "rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR"
    );
    // Texts giving counts, not squares (a shuffled setup), stop with why.
    let crc = find(&all, "CRC")["error"]
        .as_str()
        .unwrap_or("")
        .to_string();
    assert!(crc.contains("\"1 King\" gives a number of pieces"), "{crc}");
    // A promoted piece's ID is no FEN letter.
    let chu = find(&all, "ChuChess")["error"]
        .as_str()
        .unwrap_or("")
        .to_string();
    assert!(chu.contains("its ID '+R' is not one letter"), "{chu}");
}
