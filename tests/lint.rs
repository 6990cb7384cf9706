//! `glance lint`, run as the built command: on the pages of `tests/lint/`
//! (one finding of each kind, checked line by line), on the four seed pages
//! of `rules-html/`, and on the 34 pages of the legacy fixture
//! (`tests/fixtures/expected.json`), rebuilt here as HTML: it must find
//! exactly the 77 clicks that show nothing on the legacy boards.
//!
//! Also `glance diagram`'s messages and exit statuses, which moved onto
//! clap with `lint`.
//!
//! `cargo test --release --test lint -- --nocapture` prints the number of
//! findings of each kind on the seed pages and the fixture pages.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn glance(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_glance"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("glance runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

/// `glance lint --json` on `pages` (relative to `dir`): its status and
/// findings.
fn lint_json(dir: &Path, pages: &[String]) -> (Option<i32>, Vec<Value>) {
    let mut args = vec!["lint", "--json"];
    args.extend(pages.iter().map(String::as_str));
    let out = glance(dir, &args);
    let findings: Value = serde_json::from_str(&stdout(&out))
        .unwrap_or_else(|e| panic!("glance lint --json: {e}\n{}", stdout(&out)));
    let findings = findings.as_array().expect("an array").clone();
    for f in &findings {
        let keys: Vec<&str> = f.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys.len(), 4, "{f}");
        for key in ["file", "cell", "kind", "message"] {
            assert!(f[key].is_string(), "{key} in {f}");
        }
    }
    (out.status.code(), findings)
}

fn str_of<'a>(f: &'a Value, key: &str) -> &'a str {
    f[key].as_str().unwrap()
}

/// Findings counted by kind.
fn by_kind(findings: &[Value]) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for f in findings {
        *counts.entry(str_of(f, "kind").to_string()).or_default() += 1;
    }
    counts
}

fn counts_line(counts: &BTreeMap<String, usize>) -> String {
    if counts.is_empty() {
        return "none".to_string();
    }
    let parts: Vec<String> = counts.iter().map(|(k, n)| format!("{k} {n}")).collect();
    parts.join(", ")
}

#[test]
fn every_kind_page_gives_the_expected_lines() {
    let dir = Path::new(ROOT).join("tests/lint");
    let out = glance(&dir, &["lint", "every-kind.html", "no-script.html"]);
    let expected = std::fs::read_to_string(dir.join("expected.txt")).unwrap();
    assert_eq!(stdout(&out), expected);
    assert_eq!(out.status.code(), Some(1), "errors exit 1");
    assert_eq!(
        stderr(&out),
        "glance: 12 error(s), 5 warning(s) in 2 page(s)\n"
    );
    let kinds: Vec<&str> = expected
        .lines()
        .map(|l| l.split(": ").nth(1).unwrap())
        .collect();
    for kind in [
        "handler-syntax",
        "dead-handler",
        "no-script",
        "unknown-piece",
        "duplicate-piece",
        "bad-attribute",
        "bad-betza",
        "table-disagrees",
        "missing-image",
        "no-piece-paragraph",
    ] {
        assert!(kinds.contains(&kind), "{kind} in expected.txt");
    }

    // The same findings as JSON.
    let pages = ["every-kind.html".to_string(), "no-script.html".to_string()];
    let (status, findings) = lint_json(&dir, &pages);
    assert_eq!(status, Some(1));
    let lines: Vec<String> = findings
        .iter()
        .map(|f| {
            format!(
                "{}:{}: {}: {}",
                str_of(f, "file"),
                str_of(f, "cell"),
                str_of(f, "kind"),
                str_of(f, "message")
            )
        })
        .collect();
    assert_eq!(lines, expected.lines().collect::<Vec<_>>());
}

#[test]
fn warnings_alone_exit_0() {
    let dir = Path::new(ROOT).join("tests/lint");
    let out = glance(&dir, &["lint", "warning-only.html"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(text.starts_with("warning-only.html:table row 2: table-disagrees: Woody: "));
}

#[test]
fn usage_errors_and_unreadable_pages_exit_2() {
    let dir = Path::new(ROOT).join("tests/lint");
    let no_page = glance(&dir, &["lint"]);
    assert_eq!(no_page.status.code(), Some(2));
    let bad_option = glance(&dir, &["lint", "--strict", "every-kind.html"]);
    assert_eq!(bad_option.status.code(), Some(2));
    // The readable page is still checked.
    let missing = glance(&dir, &["lint", "no-such-page.html", "warning-only.html"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr(&missing).starts_with("glance: cannot read no-such-page.html: "));
    assert_eq!(stdout(&missing).lines().count(), 1);
}

/// The clicks of the fixture pages that show nothing, with the kind lint
/// must give each: (page, cell, kind), sorted.
fn dead_clicks(expected: &Value) -> Vec<(String, String, &'static str)> {
    let mut dead = Vec::new();
    for (page, info) in expected.as_object().unwrap() {
        for click in info["clicks"].as_array().unwrap() {
            if click["piece"].is_null() {
                let kind = if whole_numbers(click["handler"].as_str().unwrap()) {
                    "dead-handler"
                } else {
                    "handler-syntax"
                };
                dead.push((
                    page.clone(),
                    click["cell"].as_str().unwrap().to_string(),
                    kind,
                ));
            }
        }
    }
    dead.sort();
    dead
}

/// The `dead-handler` and `handler-syntax` findings as (file, cell, kind),
/// sorted like [`dead_clicks`], and the findings of every other kind.
fn handler_findings(findings: &[Value]) -> (Vec<(String, String, &'static str)>, Vec<&Value>) {
    let mut handlers = Vec::new();
    let mut others = Vec::new();
    for f in findings {
        let kind = match str_of(f, "kind") {
            "dead-handler" => "dead-handler",
            "handler-syntax" => "handler-syntax",
            _ => {
                others.push(f);
                continue;
            }
        };
        // The cell's id, without the square lint names after it.
        let cell = str_of(f, "cell").split(' ').next().unwrap();
        handlers.push((str_of(f, "file").to_string(), cell.to_string(), kind));
    }
    handlers.sort();
    (handlers, others)
}

/// Whether a handler's arguments are two whole numbers: `down_click(3,0)`
/// yes, `down_click(,)` no (read here independently of the crate).
fn whole_numbers(handler: &str) -> bool {
    let args = handler
        .strip_prefix("down_click(")
        .and_then(|h| h.strip_suffix(')'))
        .unwrap_or("");
    let parts: Vec<&str> = args.split(',').collect();
    parts.len() == 2 && parts.iter().all(|p| p.trim().parse::<i32>().is_ok())
}

fn read_expected() -> Value {
    let path = Path::new(ROOT).join("tests/fixtures/expected.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn seed_pages() {
    let dir = Path::new(ROOT).join("rules-html");
    let mut pages: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".html"))
        .collect();
    pages.sort();
    assert_eq!(
        pages,
        [
            "Capablanca.html",
            "No.html",
            "Spartan.html",
            "TwoKings.html"
        ]
    );
    let (status, findings) = lint_json(&dir, &pages);

    eprintln!("glance lint on the 4 seed pages (rules-html/*.html):");
    for page in &pages {
        let own: Vec<Value> = findings
            .iter()
            .filter(|f| str_of(f, "file") == page)
            .cloned()
            .collect();
        eprintln!("  {page}: {}", counts_line(&by_kind(&own)));
    }
    let counts = by_kind(&findings);
    eprintln!("  all 4: {}", counts_line(&counts));

    // The seed pages are four of the fixture's pages: the same dead clicks.
    let expected = read_expected();
    let want: Vec<(String, String, &str)> = dead_clicks(&expected)
        .into_iter()
        .filter(|(page, _, _)| pages.contains(page))
        .collect();
    let (got, _) = handler_findings(&findings);
    assert_eq!(got, want);
    assert_eq!(counts.get("dead-handler"), Some(&9));
    assert_eq!(counts.get("handler-syntax"), Some(&1));

    // Images are generated (`make assets`): those reported are missing.
    for f in findings
        .iter()
        .filter(|f| str_of(f, "kind") == "missing-image")
    {
        let src = str_of(f, "message").split(": ").next().unwrap();
        assert!(!dir.join(src).exists(), "{f}");
    }
    // Nothing else: the seed pages' tables parse and agree with their
    // boards, and each has its #piece.
    let others: Vec<&Value> = findings
        .iter()
        .filter(|f| {
            !matches!(
                str_of(f, "kind"),
                "dead-handler" | "handler-syntax" | "missing-image" | "dialect"
            )
        })
        .collect();
    assert!(others.is_empty(), "{others:#?}");
    assert_eq!(status, Some(1));
}

/// A fresh folder under the system's temporary folder.
fn temp_dir(name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    let dir = std::env::temp_dir().join(format!("glance-{name}-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// `sq3x6` → (3, 6).
fn cell_xy(id: &str) -> (u32, u32) {
    let (x, y) = id.strip_prefix("sq").unwrap().split_once('x').unwrap();
    (x.parse().unwrap(), y.parse().unwrap())
}

/// A rules page as the legacy boards have it, from the fixture's record:
/// a board table of cells `sq{x}x{y}` (class `n` on the board), the pieces
/// at rest as `<img src="sym/...">`, the handlers as written, `#piece`, and
/// the page's script.
fn fixture_page(title: &str, info: &Value) -> String {
    let board: Vec<&str> = info["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    let at_rest = info["at_rest"].as_object().unwrap();
    let mut handlers = BTreeMap::new();
    for click in info["clicks"].as_array().unwrap() {
        handlers.insert(
            click["cell"].as_str().unwrap(),
            click["handler"].as_str().unwrap(),
        );
    }
    let cells: Vec<&str> = board
        .iter()
        .copied()
        .chain(at_rest.keys().map(String::as_str))
        .chain(handlers.keys().copied())
        .collect();
    let files = cells.iter().map(|c| cell_xy(c).0).max().unwrap();
    let ranks = cells.iter().map(|c| cell_xy(c).1).max().unwrap();
    let mut html = format!(
        "<!--#include virtual=\"/server/html5-header.html\" -->\n  <title>{title}</title>\n  \
         <script type=\"text/javascript\" src=\"{}\">\n</script>\n\n  <table class=\"board\">\n",
        info["script"].as_str().unwrap()
    );
    for y in (0..=ranks).rev() {
        html.push_str("    <tr>\n");
        for x in 0..=files {
            let id = format!("sq{x}x{y}");
            if !cells.contains(&id.as_str()) {
                html.push_str("      <td></td>\n");
                continue;
            }
            let class = if board.contains(&id.as_str()) {
                "n"
            } else {
                "h"
            };
            let mut td = format!("      <td class=\"{class}\" id=\"{id}\"");
            if let Some(handler) = handlers.get(id.as_str()) {
                td.push_str(&format!(
                    " onmousedown=\"{}\"\n      onmouseup=\"up_click()\"",
                    escape(handler)
                ));
            }
            td.push('>');
            if let Some(image) = at_rest.get(&id) {
                td.push_str(&format!(
                    "<img src=\"sym/{}\">",
                    escape(image.as_str().unwrap())
                ));
            }
            td.push_str("</td>\n");
            html.push_str(&td);
        }
        html.push_str("    </tr>\n");
    }
    html.push_str("  </table>\n\n  <p id=\"piece\" height=\"20\">:<br>\n  :</p>\n");
    html
}

/// The 34 pages of the legacy fixture, built from expected.json (with
/// empty files for their images, so that only the handlers are at issue):
/// exactly the 77 clicks that show nothing are found, 74 dead handlers and
/// 3 handlers that do not parse, and nothing else.
#[test]
fn legacy_fixture_pages() {
    let expected = read_expected();
    let pages = expected.as_object().unwrap();
    assert_eq!(pages.len(), 34);
    let dir = temp_dir("lint-fixtures");
    std::fs::create_dir_all(dir.join("sym")).unwrap();
    let mut names = Vec::new();
    for (name, info) in pages {
        std::fs::write(dir.join(name), fixture_page(name, info)).unwrap();
        for image in info["at_rest"].as_object().unwrap().values() {
            std::fs::write(dir.join("sym").join(image.as_str().unwrap()), b"").unwrap();
        }
        names.push(name.clone());
    }
    let (status, findings) = lint_json(&dir, &names);
    std::fs::remove_dir_all(&dir).unwrap();

    let counts = by_kind(&findings);
    eprintln!(
        "glance lint on the 34 legacy fixture pages: {}",
        counts_line(&counts)
    );
    let mut per_page: BTreeMap<&str, BTreeMap<String, usize>> = BTreeMap::new();
    for f in &findings {
        *per_page
            .entry(str_of(f, "file"))
            .or_default()
            .entry(str_of(f, "kind").to_string())
            .or_default() += 1;
    }
    for (page, counts) in &per_page {
        eprintln!("  {page}: {}", counts_line(counts));
    }

    // Exactly the null clicks, each with its kind.
    let want = dead_clicks(&expected);
    assert_eq!(want.len(), 77);
    let (got, others) = handler_findings(&findings);
    assert!(others.is_empty(), "unexpected findings: {others:?}");
    assert_eq!(got, want);

    assert_eq!(counts.get("dead-handler"), Some(&74));
    assert_eq!(counts.get("handler-syntax"), Some(&3));
    let dead: BTreeMap<&str, usize> = per_page
        .iter()
        .filter_map(|(page, c)| Some((*page, *c.get("dead-handler")?)))
        .collect();
    let want_dead: BTreeMap<&str, usize> = [
        ("ASEAN.html", 16),
        ("Makruk.html", 16),
        ("Shatranj.html", 14),
        ("Spartan.html", 8),
        ("Knightmate.html", 6),
        ("Xiangqi.html", 4),
        ("Courier.html", 4),
        ("Berolina.html", 1),
        ("CRC.html", 1),
        ("Capablanca.html", 1),
        ("Gothic.html", 1),
        ("Seirawan.html", 1),
        ("Shogi.html", 1),
    ]
    .into_iter()
    .collect();
    assert_eq!(dead, want_dead);
    let syntax: Vec<&str> = per_page
        .iter()
        .filter(|(_, c)| c.contains_key("handler-syntax"))
        .map(|(page, _)| *page)
        .collect();
    assert_eq!(syntax, ["Chu.html", "Spartan.html", "Xiangqi.html"]);
    assert_eq!(status, Some(1));
}

/// `glance diagram` on clap: the same output, and a bad Betza string,
/// board, square or letter still exits 2 with one line saying what is
/// wrong.
#[test]
fn diagram_keeps_its_output_and_messages() {
    let dir = Path::new(ROOT);
    let out = glance(dir, &["diagram", "FAmsW", "--at", "e5"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        " 8  . . . . . . . .\n 7  . . o . . . o .\n 6  . . . * . * . .\n 5  . . . m F m . .\n \
         4  . . . * . * . .\n 3  . . o . . . o .\n 2  . . . . . . . .\n 1  . . . . . . . .\n    \
         a b c d e f g h\n\n*  slide or step, capture or not, can be blocked (slide)\no  \
         unblockable leap, capture or not (leap)\nm  non-capture only (move)\n"
    );
    let out = glance(
        dir,
        &[
            "diagram", "mfWcfF", "--board", "5x5", "--at", "c3", "--black", "--json",
        ],
    );
    assert_eq!(
        stdout(&out),
        "{\"move\": [\"c2\"], \"capture\": [\"b2\", \"d2\"], \"marks\": {\"b2\": \"capture\", \
         \"c2\": \"move\", \"d2\": \"capture\"}, \"board\": \"5x5\", \"at\": \"c3\", \
         \"colour\": \"black\", \"occupied\": [], \"friends\": []}\n"
    );
    // A Cannon captures over a screen: with --occupied only.
    let cannon = |occupied: &[&str]| {
        let mut args = vec![
            "diagram", "mRcpR", "--board", "10x10", "--at", "c6", "--json",
        ];
        args.extend_from_slice(occupied);
        let out = glance(dir, &args);
        let v: Value = serde_json::from_str(&stdout(&out)).unwrap();
        v["capture"].clone()
    };
    assert_eq!(cannon(&[]), serde_json::json!([]));
    assert_eq!(cannon(&["--occupied", "e6,h6"]), serde_json::json!(["h6"]));
    for (args, message) in [
        (
            &["diagram", "N", "--occupied", "e4,zz"][..],
            "glance: bad occupied square 'zz': expected a1 to p16\n",
        ),
        (
            &["diagram", "FAuW"][..],
            "glance: bad Betza string 'FAuW': unknown modifier 'u' at character 3\n",
        ),
        (
            &["diagram", "N", "--board", "17x8"],
            "glance: bad board '17x8': expected FILESxRANKS, each from 1 to 16 (e.g. 10x8)\n",
        ),
        (
            &["diagram", "N", "--at", "z9"],
            "glance: bad square 'z9': expected a1 to p16\n",
        ),
        (
            &["diagram", "N", "--board", "8x8", "--at", "j9"],
            "glance: square j9 is not on a 8x8 board\n",
        ),
        (
            &["diagram", "N", "--letter", "ab"],
            "glance: bad letter 'ab': expected one character\n",
        ),
    ] {
        let out = glance(dir, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&out), message, "{args:?}");
        assert_eq!(stdout(&out), "");
    }
    // clap's usage errors exit 2 as well.
    for args in [
        &["diagram"][..],
        &["diagram", "N", "--bogus"],
        &[],
        &["dance"],
    ] {
        assert_eq!(glance(dir, args).status.code(), Some(2), "{args:?}");
    }
}

/// The "complete page" of `docs/writing-a-page.md` is `rules-html/zero/Minimal.html`, word
/// for word, and that page declares its pieces as the convention says:
/// `glance lint` finds no finding of the declaration kinds on it (its
/// images are checked by `make test` once `make assets` has drawn them).
#[test]
fn the_docs_minimal_page_is_the_checked_one() {
    let page = std::fs::read_to_string(Path::new(ROOT).join("rules-html/zero/Minimal.html"))
        .expect("rules-html/zero/Minimal.html");
    let doc = std::fs::read_to_string(Path::new(ROOT).join("docs/writing-a-page.md"))
        .expect("docs/writing-a-page.md");
    assert!(
        doc.contains(&format!("```html\n{page}```")),
        "docs/writing-a-page.md does not quote rules-html/zero/Minimal.html as it is"
    );
    let (_, findings) = lint_json(
        Path::new(ROOT),
        &["rules-html/zero/Minimal.html".to_string()],
    );
    let declared: Vec<&Value> = findings
        .iter()
        .filter(|f| f["kind"] != "missing-image" && f["kind"] != "missing-file")
        .collect();
    assert!(declared.is_empty(), "{declared:?}");
    // And the convention is used: 25 squares, 5 cells and 3 rows declared.
    assert_eq!(page.matches("<td class=\"n\" id=\"sq").count(), 25);
    assert_eq!(page.matches(" data-piece=").count(), 8);
}

/// `tests/findings/`: one broken copy of a small zero-code page per kind
/// that the page and lint both find. Laid out as the site is (the pages in
/// `rules-html/findings/`, `../moves.css`, `../sym/`, `nosym/` with piece
/// images only), lint gives each page exactly the lines of
/// `expected.json`, which the browser suite `findings` checks against the
/// console of Chromium and Firefox.
#[test]
fn one_broken_page_per_kind() {
    let src = Path::new(ROOT).join("tests/findings");
    let expected: Value =
        serde_json::from_str(&std::fs::read_to_string(src.join("expected.json")).unwrap()).unwrap();
    let site = temp_dir("findings");
    let pages_dir = site.join("rules-html/findings");
    for dir in ["dist", "rules-html/sym", "rules-html/findings/nosym"] {
        std::fs::create_dir_all(site.join(dir)).unwrap();
    }
    std::fs::write(site.join("dist/glance.js"), b"").unwrap();
    std::fs::copy(
        Path::new(ROOT).join("rules-html/moves.css"),
        site.join("rules-html/moves.css"),
    )
    .unwrap();
    let pieces = [
        "WhiteKing",
        "BlackKing",
        "WhitePawn",
        "BlackPawn",
        "WhiteKnight",
    ];
    let marks = ["yellow", "orange", "green", "red", "cyan", "open"];
    for name in pieces.iter().chain(&marks) {
        std::fs::write(site.join(format!("rules-html/sym/{name}.png")), b"").unwrap();
    }
    for name in pieces {
        std::fs::write(pages_dir.join(format!("nosym/{name}.png")), b"").unwrap();
    }
    let pages = expected["pages"].as_object().unwrap();
    let mut names = Vec::new();
    for name in pages.keys() {
        std::fs::copy(src.join(name), pages_dir.join(name)).unwrap();
        names.push(name.clone());
    }
    let (_, findings) = lint_json(&pages_dir, &names);
    std::fs::remove_dir_all(&site).unwrap();
    let mut kinds = std::collections::BTreeSet::new();
    for (name, want) in pages {
        let got: Vec<String> = findings
            .iter()
            .filter(|f| str_of(f, "file") == name)
            .map(|f| {
                kinds.insert(str_of(f, "kind").to_string());
                format!(
                    "{}: {}: {}",
                    str_of(f, "cell"),
                    str_of(f, "kind"),
                    str_of(f, "message")
                )
            })
            .collect();
        let want: Vec<&str> = want["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap())
            .collect();
        assert_eq!(got, want, "{name}");
    }
    // Every kind the page can say has its page.
    for kind in [
        "unknown-piece",
        "duplicate-piece",
        "bad-attribute",
        "bad-betza",
        "no-square",
        "not-on-board",
        "undeclared",
        "wrong-side",
        "foreign-word",
        "initial-unplaced",
        "missing-file",
        "no-piece-paragraph",
        "no-board",
    ] {
        assert!(kinds.contains(kind), "no page gives {kind}");
    }
    assert!(
        pages["good.html"]["findings"]
            .as_array()
            .unwrap()
            .is_empty()
    );
}
