//! `glance migrate` on the 24 upstream pages of `tests/fixtures/upstream/`
//! and the four seed pages of `rules-html/`:
//!
//! * every live click of `tests/fixtures/expected.json` is accounted for
//!   (carried over, declared, changed or lost), and only the clicks that
//!   `tests/fixtures/migrate-exceptions.json` lists as lost are lost;
//! * the edits are local: the pages' start tags are the same tags in the
//!   same order, the text between them is byte for byte the input's, and a
//!   tag differs only by the handlers gone, `data-*` attributes added and
//!   the script's `src`;
//! * the visible text (everything but scripts and styles) is the input's;
//! * `glance lint` finds no error on the output but the images the
//!   fixtures do not carry (`sym/*.png`, which are not beside them);
//! * `rules-html/zero/{Spartan,Capablanca,No,TwoKings}.html` are exactly
//!   what `glance migrate --script-src ../../dist/glance.js --relocate ../`
//!   writes;
//! * the command refuses to overwrite its input, and `--in-place` does.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use glance::page::tags::start_tags;
use glance::tools::lint::{lint_html, Kind, Severity};
use glance::tools::migrate::{migrate_html, visible_text, Action, Options};
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

#[test]
fn every_page_migrates_locally_with_its_text_and_passes_lint() {
    let expected = expected();
    let exceptions = exceptions();
    // (page, cell, lost?) of every documented exception.
    let mut listed: Vec<(String, String, bool)> = exceptions["clicks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            assert!(
                exceptions["reasons"][e["reason"].as_str().unwrap()].is_string(),
                "{e}: a reason the file explains"
            );
            assert!(!e["why"].as_str().unwrap().is_empty(), "{e}");
            (
                e["page"].as_str().unwrap().to_string(),
                e["cell"].as_str().unwrap().to_string(),
                e["reason"] == "legacy-other-page",
            )
        })
        .collect();
    listed.sort();
    let mut found: Vec<(String, String, bool)> = Vec::new();
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
        assert!(m.errors.is_empty(), "{label}: {:?}", m.errors);
        for n in &m.notes {
            let is_live = live.contains(&n.cell.as_str());
            let was_live = !matches!(n.action, Action::Dropped | Action::Added);
            assert_eq!(was_live, is_live, "{label}: {n}");
            *by_action.entry(n.action.name()).or_default() += 1;
            if matches!(n.action, Action::Lost | Action::Changed) {
                found.push((label.clone(), n.cell.clone(), n.action == Action::Lost));
            }
            if n.action != Action::Carried {
                assert!(!n.reason.is_empty(), "{label}: {n}");
            }
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
        let gone = shape(&m.html, true).0;
        assert!(
            !m.html.contains("down_click") && !m.html.contains("onmouseup"),
            "{label}: a handler is left"
        );
        assert!(gone
            .iter()
            .any(|(n, attrs)| n == "script" && !attrs.is_empty()));
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
    found.sort();
    assert_eq!(
        found, listed,
        "the changed and lost clicks are exactly tests/fixtures/migrate-exceptions.json's"
    );
    eprintln!("migrate: 28 pages, 353 live clicks: {by_action:?}");
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
        stdout.contains("sq2x1: declared: down_click(-2,1)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("sq1x3: changed: down_click(1,3)"),
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
