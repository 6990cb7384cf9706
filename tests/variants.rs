//! Every section of Fairy-Stockfish's reference variants.ini (a copy in
//! tests/fixtures, GPL data): which the reader can express in the pages'
//! dialect and which it skips, by reason. The counts below were checked by
//! hand against the file: the parents it uses that are not modelled
//! (flipello twice: flipello6, annexation), the
//! Janggi-style `pR` cannons (quiet hops), the chiral `hrN` and `rflbB`
//! pieces, and the `immobile` pieces of the placement games.

use std::collections::BTreeMap;

use glance::variant::{ErrorKind, read_each};

const INI: &str = include_str!("fixtures/fairy-stockfish-variants.ini");

#[test]
fn every_section_is_expressed_or_skipped_by_reason() {
    let results = read_each(INI, "fairy-stockfish-variants.ini");
    let headers = INI.lines().filter(|l| l.starts_with('[')).count();
    assert_eq!(results.len(), headers);
    let mut table: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for r in &results {
        match r {
            Ok(v) => {
                let mut reasons: Vec<String> = v
                    .pieces
                    .iter()
                    .filter_map(|p| p.pages.as_ref().err().map(|s| s.to_string()))
                    .collect();
                reasons.sort();
                reasons.dedup();
                let key = if reasons.is_empty() {
                    "expressible".to_string()
                } else {
                    format!("skipped: {}", reasons.join("; "))
                };
                table.entry(key).or_default().push(v.name.clone());
            }
            Err(e) => {
                let key = match &e.kind {
                    ErrorKind::UnknownParent(p) => format!("not read: parent {p} not modelled"),
                    other => format!("not read: {other:?}"),
                };
                table
                    .entry(key)
                    .or_default()
                    .push(format!("line {}", e.line));
            }
        }
    }
    for (reason, names) in &table {
        println!("{:4}  {reason}: {}", names.len(), names.join(" "));
    }
    let count = |k: &str| table.get(k).map_or(0, Vec::len);
    // flipello6 and annexation are read since flipello is modelled.
    assert_eq!(count("not read: parent flipello not modelled"), 0);
    // janggihouse is read since janggi is modelled; its cannon (pR) is
    // written as R+fR.
    assert_eq!(count("not read: parent janggi not modelled"), 0);
    // Cannon Shogi's hoppers with a range (pB2, pR2) are chains now.
    assert_eq!(count("expressible"), 143);
    assert_eq!(count("skipped: a hopper with a range"), 0);
}

#[test]
fn sections_checked_by_hand() {
    let all: Vec<_> = read_each(INI, "f")
        .into_iter()
        .filter_map(Result::ok)
        .collect();
    let get = |n: &str| all.iter().find(|v| v.name == n).unwrap();
    // [allwayspawns:chess]: chess with the pawn replaced by customPiece1.
    let v = get("allwayspawns");
    assert_eq!((v.files, v.ranks), (8, 8));
    let p = v.piece('p').unwrap();
    assert_eq!(
        (p.name.as_str(), p.betza.as_str()),
        ("customPiece1", "mWfceFifmnD")
    );
    assert_eq!(v.pieces.iter().filter(|x| x.letter == 'p').count(), 1);
    assert_eq!(v.start.len(), 32);
    // [shinobi:chess]: extra pieces, a pocket, promotion to nothing.
    let v = get("shinobi");
    assert_eq!(v.in_hand, "LHMMDJ");
    assert!(v.promotion.piece_types_white.is_empty());
    assert_eq!(
        v.promotion.promoted,
        [('p', 'c'), ('m', 'b'), ('h', 'n'), ('l', 'r')]
    );
    assert!(v.promotion.mandatory_piece);
    // [gemini:janus]: a 10-file built-in parent.
    let v = get("gemini");
    assert_eq!(v.files, 10);
    assert_eq!(v.castling.kingside_file, 8);
}
