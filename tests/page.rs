//! `glance page` on every section of Fairy-Stockfish's reference
//! variants.ini (tests/fixtures): each section the reader expresses gets a
//! page that reads back through the page model with no error and declares
//! every piece of the definition, both sides; the others give no page, by
//! reason (the counts are tests/variants.rs's, checked there by hand).

#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeMap;

use glance::page::finding::Severity;
use glance::page::html::Document;
use glance::tools::page::{write_page, Names, Options};
use glance::variant::read_each;

const INI: &str = include_str!("fixtures/fairy-stockfish-variants.ini");

#[test]
fn every_expressible_section_reads_back_without_error() {
    let names = Names::from_comments(INI);
    let (mut written, mut skipped) = (0, BTreeMap::<String, Vec<String>>::new());
    for r in read_each(INI, "fairy-stockfish-variants.ini") {
        let Ok(v) = r else {
            skipped
                .entry("not read".into())
                .or_default()
                .push("-".into());
            continue;
        };
        let html = match write_page(&v, &names, &Options::default()) {
            Ok(h) => h,
            Err(e) => {
                let why = e.what.rsplit(": ").next().unwrap_or("").to_string();
                skipped.entry(why).or_default().push(v.name.clone());
                continue;
            }
        };
        written += 1;
        let checked = Document::parse(&html).read().check();
        let errors: Vec<String> = checked
            .findings
            .iter()
            .filter(|f| f.severity() == Severity::Error && !f.to_string().contains("missing"))
            .map(|f| f.to_string())
            .collect();
        assert!(errors.is_empty(), "[{}]: {errors:?}", v.name);
        // Every piece of the definition is on the board, White and Black
        // (when the board has room for both copies of each), and has a row
        // and a static diagram.
        let room = usize::from(v.files) * usize::from(v.ranks) >= 2 * v.pieces.len();
        for p in &v.pieces {
            let key = p.letter.to_ascii_uppercase();
            let cell = format!("data-piece=\"{key}\"");
            let black = format!("data-piece=\"{key}\" data-side=\"black\"");
            let want = if room { 3 } else { 1 };
            assert!(html.matches(&cell).count() >= want, "[{}] {key}", v.name);
            assert!(!room || html.contains(&black), "[{}] {key} black", v.name);
            assert!(
                html.contains(&format!("<pre data-diagram=\"{key}\">")),
                "[{}] {key} diagram",
                v.name
            );
        }
        assert!(!html.contains("<td></td>"), "[{}]: an empty cell", v.name);
    }
    for (why, names) in &skipped {
        println!("{:3} skipped: {why}: {}", names.len(), names.join(" "));
    }
    // tests/variants.rs: 125 expressible sections.
    assert_eq!(written, 125);
    assert_eq!(skipped["not read"].len(), 3);
    assert_eq!(skipped["no moves"].len(), 9);
    assert_eq!(
        skipped["a hop without capture (the pages read p there as a Pao)"].len(),
        4
    );
    assert_eq!(skipped["Black's moves are rotated, not mirrored"].len(), 2);
}

#[test]
fn setup_text_gives_the_model_the_start_squares() {
    let v = read_each(INI, "f")
        .into_iter()
        .filter_map(Result::ok)
        .find(|v| v.name == "gemini")
        .expect("gemini");
    let html = write_page(&v, &Names::default(), &Options::default()).unwrap();
    // Independent expectation: the section's startFen, read by hand:
    // RNBAQKABNR on a 10x8 board, pawns on ranks 2 and 7.
    assert!(html.contains("a2-j2: Pawn"), "{html}");
    assert!(html.contains("d1, g1: Archbishop"), "{html}");
    assert!(html.contains("a7-j7: Pawn"), "{html}");
    let checked = Document::parse(&html).read().check();
    assert!(
        checked
            .findings
            .iter()
            .all(|f| f.severity() != Severity::Error && !f.to_string().contains("initial")),
        "{:?}",
        checked.findings
    );
}
