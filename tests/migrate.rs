//! `glance migrate` on the 24 upstream pages of `tests/fixtures/upstream/`
//! and the four seed pages of `rules-html/`:
//!
//! * every live click of `tests/fixtures/expected.json` is accounted for,
//!   and the migrated page passes the shared check (no error) and lint;
//! * `tests/fixtures/migrate-exceptions.json` (written by hand) lists
//!   exactly the clicks migrate does not reproduce exactly, each with
//!   migrate's reason, and each reason holds on the page itself (checked
//!   here, independently of migrate: no element reads the name, the row
//!   draws otherwise, the cell holds no image...); a stale entry, an entry
//!   of another reason, or a click not in expected.json fails;
//! * the edits are local: the pages' start tags are the same tags in the
//!   same order, the text between them is byte for byte the input's, and a
//!   tag differs only by the handlers gone, `data-*` attributes added and
//!   the script's `src`;
//! * the visible text (everything but scripts and styles) is the input's;
//! * `rules-html/zero/{Spartan,Capablanca,No,TwoKings}.html` are exactly
//!   what `glance migrate --script-src ../../dist/glance.js --relocate ../`
//!   writes;
//! * the exit status says whether anything needs review (0 none, 1 some,
//!   2 bad input); the command refuses to overwrite its input, and
//!   `--in-place` does.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use glance::board::clicks::{Entry, Script, Shows};
use glance::page::finding::Severity as SharedSeverity;
use glance::page::html::Document;
use glance::page::tags::start_tags;
use glance::tools::lint::{Kind, Severity, lint_html};
use glance::tools::migrate::{Action, Options, migrate_html, visible_text};
use glance::{Colour, Diagram, Square, SquareSet};
use scraper::{Html, Selector};
use serde_json::Value;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const SEEDS: [&str; 4] = ["Spartan", "Capablanca", "No", "TwoKings"];

/// (label, path, key of expected.json) of the 28 pages.
fn pages() -> Vec<(String, PathBuf, String)> {
    let mut out = Vec::new();
    let dir = Path::new(ROOT).join("tests/fixtures/upstream");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".html"))
        .collect();
    names.sort();
    assert_eq!(names.len(), 24, "{names:?}");
    for n in names {
        out.push((format!("upstream/{n}"), dir.join(&n), n));
    }
    for s in SEEDS {
        out.push((
            format!("rules-html/{s}.html"),
            Path::new(ROOT).join(format!("rules-html/{s}.html")),
            format!("{s}.html"),
        ));
    }
    out
}

fn expected() -> Value {
    let text =
        std::fs::read_to_string(Path::new(ROOT).join("tests/fixtures/expected.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn exceptions() -> Value {
    let text =
        std::fs::read_to_string(Path::new(ROOT).join("tests/fixtures/migrate-exceptions.json"))
            .unwrap();
    serde_json::from_str(&text).unwrap()
}

/// Each start tag's attributes as written, handlers and `data-*` left out,
/// and the text between tags.
fn shape(source: &str, keep_data: bool) -> (Vec<(String, Vec<String>)>, Vec<String>) {
    let tags = start_tags(source);
    let mut gaps = Vec::new();
    let mut at = 0;
    let mut out = Vec::new();
    for t in &tags {
        gaps.push(source[at..t.start].to_string());
        at = t.end;
        let attrs = t
            .attrs
            .iter()
            .filter(|a| !matches!(a.name.as_str(), "onmousedown" | "onmouseup"))
            .filter(|a| keep_data || !a.name.starts_with("data-"))
            .map(|a| {
                if t.name == "script" && a.name == "src" {
                    String::from("src=SCRIPT")
                } else {
                    source[a.start..a.end].to_string()
                }
            })
            .collect();
        out.push((t.name.clone(), attrs));
    }
    gaps.push(source[at..].to_string());
    (out, gaps)
}

/// The folded form names are compared in (case, `(`, `)`, `-`, `:`
/// aside, whitespace collapsed).
fn fold(text: &str) -> String {
    let spaced: String = text
        .chars()
        .map(|c| {
            if matches!(c, '(' | ')' | '-' | ':') {
                ' '
            } else {
                c
            }
        })
        .collect();
    spaced
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

#[test]
fn every_page_migrates_locally_with_its_text_and_passes_the_check() {
    let expected = expected();
    let mut by_action: BTreeMap<&str, usize> = BTreeMap::new();
    let mut live_total = 0;
    for (label, path, key) in pages() {
        let source = std::fs::read_to_string(&path).unwrap();
        let m =
            migrate_html(&source, &Options::default()).unwrap_or_else(|e| panic!("{label}: {e}"));

        // Every live click of expected.json is one note that is not a drop.
        let live: Vec<&str> = expected[&key]["clicks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| !c["piece"].is_null())
            .map(|c| c["cell"].as_str().unwrap())
            .collect();
        assert_eq!(m.live(), live.len(), "{label}: live clicks");
        // The shared check finds no error on the migrated page.
        assert!(m.errors.is_empty(), "{label}: {:?}", m.errors);
        let checked = Document::parse(&m.html).read().check();
        assert!(
            checked
                .findings
                .iter()
                .all(|f| f.severity() != SharedSeverity::Error),
            "{label}: {:?}",
            checked.findings
        );
        for n in &m.notes {
            let is_live = live.contains(&n.cell.as_str());
            let was_live = !matches!(n.action, Action::Dropped | Action::Added | Action::Still);
            assert!(!was_live || is_live, "{label}: {n}");
            *by_action.entry(n.action.name()).or_default() += 1;
            if n.action != Action::Carried {
                assert!(!n.text.is_empty(), "{label}: {n}");
            }
            assert_eq!(
                n.is_review(),
                n.fix.is_some(),
                "{label}: {n}: a review item says what to do"
            );
        }
        live_total += live.len();

        // Local edits only.
        let (tags_in, gaps_in) = shape(&source, true);
        let (tags_out, gaps_out) = shape(&m.html, false);
        assert_eq!(gaps_in, gaps_out, "{label}: text between tags changed");
        assert_eq!(tags_in.len(), tags_out.len(), "{label}");
        for (a, b) in tags_in.iter().zip(&tags_out) {
            assert_eq!(a, b, "{label}: a tag changed beyond handlers and data-*");
        }
        assert!(
            !m.html.contains("down_click") && !m.html.contains("onmouseup"),
            "{label}: a handler is left"
        );
        assert!(m.html.contains("src=\"glance.js\""), "{label}");

        // The same visible text.
        assert_eq!(visible_text(&m.html), visible_text(&source), "{label}");

        // No lint error but images absent beside the fixtures.
        let folder = path.parent().unwrap();
        for f in lint_html(&label, &m.html, folder) {
            assert!(
                f.severity() != Severity::Error || f.kind == Kind::MissingImage,
                "{f}"
            );
        }
    }
    assert_eq!(live_total, 353);
    eprintln!("migrate: 28 pages, 353 live clicks: {by_action:?}");
}

/// One entry of tests/fixtures/migrate-exceptions.json.
struct Exception {
    page: String,
    cell: String,
    handler: String,
    reason: String,
}

fn exception_list() -> Vec<Exception> {
    let exceptions = exceptions();
    exceptions["clicks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let reason = e["reason"].as_str().unwrap().to_string();
            assert!(
                exceptions["reasons"][&reason].is_string(),
                "{e}: a reason the file explains"
            );
            assert!(!e["why"].as_str().unwrap().is_empty(), "{e}");
            Exception {
                page: e["page"].as_str().unwrap().to_string(),
                cell: e["cell"].as_str().unwrap().to_string(),
                handler: e["handler"].as_str().unwrap().to_string(),
                reason,
            }
        })
        .collect()
}

/// The diagram of `betza` from `at`, for `colour`, on the page's board
/// (`board`), empty.
fn drawn(betza: &str, at: Square, colour: Colour, board: &SquareSet) -> Diagram {
    let piece = glance::engine::betza::parse(betza).unwrap_or_else(|e| panic!("{betza}: {e:?}"));
    Diagram::compute(&piece, at, colour, board, &SquareSet::EMPTY)
}

fn marks(d: &Diagram) -> Vec<(Square, glance::Mark)> {
    d.marks().collect()
}

/// Checks the reason of `e` on the page `source` and its migration `html`:
/// what the legacy shows (`entry`) against what the page says.
fn reason_holds(e: &Exception, source: &str, html: &str, entry: &Entry) {
    let doc = Html::parse_document(source);
    let what = format!("{} {} ({}): {}", e.page, e.cell, entry.name, e.reason);
    // The row the migrated page declares for the cell, if any.
    let checked = Document::parse(html).read().check();
    let sq = glance::board::clicks::parse_cell_id(&e.cell).unwrap();
    let cell = checked.declared.cells.iter().find(|c| c.sq == sq);
    let row = cell.map(|c| &checked.declared.pieces[c.piece]);
    let colour = cell.map_or(Colour::White, |c| c.colour);
    let board = Document::parse(html).read().page().board;
    let legacy = match entry.shows {
        Shows::Piece { betza, .. } => Some(marks(&drawn(betza, sq, colour, &board))),
        Shows::Demo(_) => None,
    };
    match e.reason.as_str() {
        "no-words-in-page" => {
            let name = fold(entry.subject());
            let all = Selector::parse("*").unwrap();
            let hit = doc
                .select(&all)
                .find(|el| fold(&el.text().collect::<String>()) == name);
            assert!(hit.is_none(), "{what}: an element reads the name");
        }
        "name-from-page" | "page-rules-win" | "legacy-extra" => {
            let row = row.unwrap_or_else(|| panic!("{what}: the cell has no row"));
            let legacy = legacy.unwrap_or_else(|| panic!("{what}: not a piece"));
            let mine = marks(&Diagram::compute(
                &row.piece,
                sq,
                colour,
                &board,
                &SquareSet::EMPTY,
            ));
            let inside = mine.iter().all(|m| legacy.contains(m));
            match e.reason.as_str() {
                "name-from-page" => {
                    assert_eq!(mine, legacy, "{what}: the row draws otherwise");
                    assert_ne!(fold(row.name()), fold(entry.name), "{what}: the same name");
                }
                "page-rules-win" => assert!(mine != legacy && !inside, "{what}"),
                _ => assert!(inside && mine.len() < legacy.len(), "{what}"),
            }
        }
        "empty-square" => {
            let imgs = Selector::parse(&format!("[id=\"{}\"] img", e.cell)).unwrap();
            assert!(
                doc.select(&imgs).next().is_none(),
                "{what}: the cell holds an image"
            );
        }
        "other-page" => {
            let text = fold(&visible_text(source));
            let words: Vec<&str> = text.split(' ').collect();
            let name = fold(entry.subject());
            for w in name.split(' ').filter(|w| w.len() >= 4) {
                assert!(!words.contains(&w), "{what}: the page says '{w}'");
            }
        }
        other => panic!("{what}: no check for the reason {other}"),
    }
}

#[test]
fn the_exceptions_are_the_clicks_not_reproduced_and_their_reasons_hold() {
    let expected = expected();
    let list = exception_list();
    let mut not_exact: Vec<(String, String, &'static str)> = Vec::new();
    for (label, path, key) in pages() {
        let source = std::fs::read_to_string(&path).unwrap();
        let m = migrate_html(&source, &Options::default()).unwrap();
        let script = Script::from_name(expected[&key]["script"].as_str().unwrap()).unwrap();
        for n in &m.notes {
            if matches!(n.action, Action::Changed | Action::Lost) {
                not_exact.push((label.clone(), n.cell.clone(), n.reason.name()));
            }
        }
        for e in list.iter().filter(|e| e.page == label) {
            // A click of expected.json, live, with this handler.
            let click = expected[&key]["clicks"]
                .as_array()
                .unwrap()
                .iter()
                .find(|c| c["cell"] == e.cell.as_str())
                .unwrap_or_else(|| panic!("{label} {}: no such click in expected.json", e.cell));
            assert!(
                !click["piece"].is_null(),
                "{label} {}: a dead click",
                e.cell
            );
            assert_eq!(click["handler"], e.handler.as_str(), "{label} {}", e.cell);
            let (x, y) = glance::board::clicks::parse_handler(&e.handler).unwrap();
            let entry = glance::board::clicks::lookup(script, x, y).unwrap();
            reason_holds(e, &source, &m.html, entry);
        }
    }
    not_exact.sort();
    let mut listed: Vec<(String, String, &str)> = list
        .iter()
        .map(|e| (e.page.clone(), e.cell.clone(), e.reason.as_str()))
        .collect();
    listed.sort();
    // Stale entries (clicks migrate now reproduces exactly), entries of
    // another reason than migrate's, and clicks not listed all differ here.
    assert_eq!(
        not_exact, listed,
        "the clicks glance migrate does not reproduce exactly, with migrate's reason, are exactly \
         tests/fixtures/migrate-exceptions.json's"
    );
}

fn glance(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_glance"))
        .current_dir(ROOT)
        .args(args)
        .output()
        .expect("glance runs")
}

#[test]
fn the_zero_copies_of_the_seed_pages_are_what_migrate_writes() {
    let dir = std::env::temp_dir().join(format!("glance-migrate-zero-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut args = vec!["migrate"];
    let inputs: Vec<String> = SEEDS
        .iter()
        .map(|s| format!("rules-html/{s}.html"))
        .collect();
    args.extend(inputs.iter().map(String::as_str));
    let dir_s = dir.to_str().unwrap().to_string();
    args.extend([
        "--out-dir",
        &dir_s,
        "--script-src",
        "../../dist/glance.js",
        "--relocate",
        "../",
    ]);
    let out = glance(&args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for s in SEEDS {
        let written = std::fs::read_to_string(dir.join(format!("{s}.html"))).unwrap();
        let kept =
            std::fs::read_to_string(Path::new(ROOT).join(format!("rules-html/zero/{s}.html")))
                .unwrap();
        assert!(
            written == kept,
            "rules-html/zero/{s}.html is not what glance migrate writes: run\n  \
             target/release/glance migrate rules-html/{{Spartan,Capablanca,No,TwoKings}}.html \
             --out-dir rules-html/zero --script-src ../../dist/glance.js --relocate ../"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn migrate_never_overwrites_its_input_unless_asked() {
    let dir = std::env::temp_dir().join(format!("glance-migrate-inplace-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("No.html");
    let source = std::fs::read(Path::new(ROOT).join("rules-html/No.html")).unwrap();
    std::fs::write(&page, &source).unwrap();
    let page_s = page.to_str().unwrap();
    let dir_s = dir.to_str().unwrap();

    let out = glance(&["migrate", page_s, "--out-dir", dir_s]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the output folder is the page's own"), "{err}");
    assert_eq!(std::fs::read(&page).unwrap(), source, "input untouched");

    // Neither or both of --out-dir and --in-place: a usage error.
    assert_eq!(glance(&["migrate", page_s]).status.code(), Some(2));
    assert_eq!(
        glance(&["migrate", page_s, "--in-place", "--out-dir", "/tmp"])
            .status
            .code(),
        Some(2)
    );

    let out = glance(&["migrate", page_s, "--in-place"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    // No.html: the initial double step declared, the e.p. demonstration
    // without a name of the page's.
    assert!(
        stdout.contains("sq2x1: declared: initial-moves: down_click(-2,1)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("sq1x3: changed: no-words-in-page: down_click(1,3)"),
        "{stdout}"
    );
    let now = std::fs::read_to_string(&page).unwrap();
    assert!(now.contains("data-piece=\"P\" data-moves=\"mfWcfFimfW2\""));
    assert!(!now.contains("down_click"));

    // A page that is no legacy page: status 2, untouched.
    let plain = dir.join("plain.html");
    std::fs::write(&plain, "<p>hello</p>").unwrap();
    let out = glance(&["migrate", plain.to_str().unwrap(), "--in-place"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&plain).unwrap(), "<p>hello</p>");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_exit_status_says_whether_anything_needs_review() {
    let dir = std::env::temp_dir().join(format!("glance-migrate-review-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let dir_s = dir.to_str().unwrap().to_string();
    // ASEAN: three clicks on empty squares, for review.
    let out = glance(&[
        "migrate",
        "tests/fixtures/upstream/ASEAN.html",
        "--out-dir",
        &dir_s,
    ]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("ASEAN.html: for review (3):"), "{stdout}");
    assert!(
        stdout.contains("  sq2x1: lost: empty-square: down_click(-2,1):")
            && stdout.contains("to do: if the page means a piece there"),
        "{stdout}"
    );
    // The migrated page draws no double step the page denies.
    let page = std::fs::read_to_string(dir.join("ASEAN.html")).unwrap();
    assert!(
        !page.contains("imfW2"),
        "ASEAN: 'There is no initial double-push'"
    );
    // Grand: nothing for review.
    let out = glance(&[
        "migrate",
        "tests/fixtures/upstream/Grand.html",
        "--out-dir",
        &dir_s,
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A thin table (`tests/fixtures/thin/Capablanca.html`: the upstream page
/// with the Chancellor row's Betza typed into its Remarks cell, its Moves
/// cell empty): the row states no rule, so the migrated Chancellor shows
/// what the legacy showed (its measured clicks in expected.json), under
/// the row's name, for review; and lint names the Remarks cell that reads
/// as Betza, on the page and on its migration.
#[test]
fn a_row_with_an_empty_moves_cell_keeps_the_legacys_drawing() {
    let source =
        std::fs::read_to_string(Path::new(ROOT).join("tests/fixtures/thin/Capablanca.html"))
            .unwrap();
    let m = migrate_html(&source, &Options::default()).unwrap();
    assert!(m.errors.is_empty(), "{:?}", m.errors);
    let expected = expected();
    let clicks = expected["Capablanca.html"]["clicks"].as_array().unwrap();
    let chancellors: Vec<&Value> = clicks
        .iter()
        .filter(|c| c["piece"]["name"].as_str() == Some("Chancellor"))
        .collect();
    assert!(!chancellors.is_empty());
    let checked = Document::parse(&m.html).read().check();
    let board = Document::parse(&m.html).read().page().board;
    for click in chancellors {
        let id = click["cell"].as_str().unwrap();
        // The note: the legacy's drawing stands, for review.
        let note = m.notes.iter().find(|n| n.cell == id).unwrap();
        assert_eq!(note.reason.name(), "thin-row", "{id}: {}", note.text);
        assert!(note.is_review() && note.fix.is_some(), "{id}");
        // The page shows the row's name and the legacy's measured marks.
        let sq = glance::board::clicks::parse_cell_id(id).unwrap();
        let cell = checked.declared.cells.iter().find(|c| c.sq == sq).unwrap();
        let piece = &checked.declared.pieces[cell.piece];
        assert_eq!(piece.name(), "Chancellor");
        let d = Diagram::compute(&piece.piece, sq, cell.colour, &board, &SquareSet::EMPTY);
        let image = |mark: glance::Mark| match mark.name() {
            "slide" => "yellow.png",
            "leap" => "orange.png",
            "move" => "green.png",
            "capture" => "red.png",
            "first-leg" => "cyan.png",
            other => panic!("{other}"),
        };
        let mine: BTreeMap<String, &str> = d
            .marks()
            .map(|(s, mark)| (format!("sq{}x{}", s.file(), s.rank()), image(mark)))
            .collect();
        let legacy: BTreeMap<String, &str> = click["down"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, v)| (k.clone(), v.as_str().unwrap()))
            .collect();
        assert_eq!(
            mine, legacy,
            "{id}: the migrated Chancellor against the legacy's clicks"
        );
        assert_eq!(mine.len(), 26, "{id}");
    }
    // Lint names the cell that reads as Betza, on the page and on its
    // migration, and nothing else of that kind.
    for (what, html) in [("source", source.as_str()), ("migrated", m.html.as_str())] {
        let found: Vec<_> = lint_html("thin.html", html, Path::new(ROOT))
            .into_iter()
            .filter(|f| f.kind == Kind::EmptyMoves)
            .collect();
        assert_eq!(found.len(), 1, "{what}: {found:?}");
        assert!(
            found[0].cell.starts_with("table row 3"),
            "{what}: {}",
            found[0].cell
        );
        assert!(
            found[0].message.contains("'RN'"),
            "{what}: {}",
            found[0].message
        );
    }
}
