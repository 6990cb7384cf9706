//! `glance page` on every section of Fairy-Stockfish's reference
//! variants.ini (tests/fixtures): each section the reader expresses gets a
//! page that reads back through the page model with no error and declares
//! every piece of the definition, both sides; the others give no page, by
//! reason (the counts are tests/variants.rs's, checked there by hand).

#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeMap;

use glance::page::finding::Severity;
use glance::page::html::Document;
use glance::tools::variant_page::{Names, Options, write_page};
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
        // The cells as the checks below read them: a cell's own moves
        // (`data-moves`, where a region or the river changes them) aside.
        let html = without_cell_moves(&html);
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
        // The pieces a player meets (read here from the definition's
        // start position, pockets and promotions; tests/variants.rs checks
        // the reader's start squares against the startFen by hand).
        let met = met(&v);
        for p in &v.pieces {
            let key = p.letter.to_ascii_uppercase();
            let cell = format!("data-piece=\"{key}\"");
            if !met.contains(&p.letter) {
                assert!(!html.contains(&cell), "[{}] {key}: not in the game", v.name);
                continue;
            }
            // A row has its static diagram (a piece a player meets only
            // as a promoted +X may have a row and no cell).
            if html.contains(&format!("<tr data-piece=\"{key}\"")) {
                assert!(
                    html.contains(&format!("<table class=\"diagram\" data-diagram=\"{key}\"")),
                    "[{}] {key} diagram",
                    v.name
                );
            }
        }
        // Every piece of the start position stands on the board for its
        // side (when the board has room for both copies of each); a side
        // without it has none (Maharajah's White has no Pawn).
        for s in &v.start {
            let key = s.letter.to_ascii_uppercase();
            let black = s.colour == glance::variant::Colour::Black;
            let side = if black { " data-side=\"black\"" } else { "" };
            let cell = format!("data-piece=\"{key}\"{side}><img");
            assert!(
                !room || s.promoted || html.contains(&cell),
                "[{}] {key} {}",
                v.name,
                if black { "black" } else { "white" }
            );
            let other = format!(
                "data-piece=\"{key}\"{}><img",
                if black { "" } else { " data-side=\"black\"" }
            );
            let others = v
                .start
                .iter()
                .any(|o| o.letter == s.letter && o.colour != s.colour);
            let drops = v.rules.drops.captures_to_hand;
            // (Or the other side's pieces promote to it.)
            let pr = &v.promotion;
            let types = if black {
                &pr.piece_types_white
            } else {
                &pr.piece_types_black
            };
            let pawns = v
                .start
                .iter()
                .any(|o| o.colour != s.colour && pr.pawn_types.contains(&o.letter));
            let promotes = (pawns && types.contains(&s.letter))
                || pr.promoted.iter().any(|(_, to)| *to == s.letter);
            assert!(
                others || drops || promotes || !html.contains(&other),
                "[{}] {key}: the other side has none",
                v.name
            );
        }
        let table = html
            .split("<table cellpadding=\"5\"")
            .nth(1)
            .and_then(|t| t.split("</table>").next())
            .unwrap_or("");
        assert!(!table.is_empty(), "[{}]: no piece table", v.name);
        assert!(!table.contains("<td></td>"), "[{}]: an empty cell", v.name);
    }
    for (why, names) in &skipped {
        println!("{:3} skipped: {why}: {}", names.len(), names.join(" "));
    }
    // tests/variants.rs: all 143 sections are expressible (immobile
    // pieces, `-`, left-right asymmetric ones, the Janggi cannon and
    // Cannon Shogi's hoppers with a range included; janggihouse is read
    // since janggi is a modelled built-in, flipello6 and annexation since
    // flipello is).
    assert_eq!(written, 143);
    assert!(skipped.is_empty(), "{skipped:?}");
}

/// The letters of the pieces a player of `v` meets: on the board or in
/// hand at the start, what a pawn type promotes to, what a piece met
/// promotes to; every piece when nothing stands anywhere at the start.
fn met(v: &glance::variant::Variant) -> Vec<char> {
    let mut met: Vec<char> = v.start.iter().map(|s| s.letter).collect();
    met.extend(
        v.in_hand
            .chars()
            .filter(|c| c.is_ascii_alphabetic())
            .map(|c| c.to_ascii_lowercase()),
    );
    if met.is_empty() {
        return v.pieces.iter().map(|p| p.letter).collect();
    }
    let pr = &v.promotion;
    if pr.pawn_types.iter().any(|p| met.contains(p)) {
        met.extend(pr.piece_types_white.iter().chain(&pr.piece_types_black));
    }
    let more: Vec<char> = pr
        .promoted
        .iter()
        .filter(|p| met.contains(&p.0))
        .map(|p| p.1)
        .collect();
    met.extend(more);
    met
}

#[test]
fn gorogoroplus_shows_no_bishop_rook_horse_or_dragon() {
    // Independent: its startFen (sgkgs/5/1ppp1/1PPP1/5/SGKGS[LNln]) and
    // promotions (l:g n:g; its parent's p:g s:g) have no b, r, h, d.
    let v = read_each(INI, "f")
        .into_iter()
        .filter_map(Result::ok)
        .find(|v| v.name == "gorogoroplus")
        .expect("gorogoroplus");
    let html = write_page(&v, &Names::default(), &Options::default()).unwrap();
    for key in ["B", "R", "H", "D"] {
        assert!(!html.contains(&format!("data-piece=\"{key}\"")), "{key}");
    }
    for key in ["P", "S", "G", "K", "L", "N"] {
        assert!(html.contains(&format!("data-piece=\"{key}\"")), "{key}");
    }
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

/// The section's `startFen` as the ini writes it, following `[name:parent]`
/// within the file; `None` when it comes from a variant built into
/// Fairy-Stockfish (no section of the file gives it).
fn start_fen_in_file(ini: &str, name: &str) -> Option<String> {
    let mut sections: BTreeMap<String, (Option<String>, Option<String>)> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in ini.lines() {
        let line = line.trim();
        if let Some(head) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            let (n, parent) = match head.split_once(':') {
                Some((n, p)) => (n.to_string(), Some(p.to_string())),
                None => (head.to_string(), None),
            };
            sections.insert(n.clone(), (parent, None));
            current = Some(n);
        } else if let (Some(n), Some(fen)) = (&current, line.strip_prefix("startFen")) {
            let fen = fen
                .trim_start()
                .strip_prefix('=')
                .map(|f| f.trim().to_string());
            if let Some(s) = sections.get_mut(n) {
                s.1 = fen;
            }
        }
    }
    let mut at = name.to_string();
    for _ in 0..16 {
        let (parent, fen) = sections.get(&at)?;
        if let Some(fen) = fen {
            return Some(fen.clone());
        }
        at = parent.clone()?;
    }
    None
}

/// A FEN's board part as rows of cells (`None` empty), promoted marks
/// (`+`, `~`) and the pieces in hand (`[...]`) left out.
fn fen_grid(fen: &str) -> Vec<Vec<Option<char>>> {
    let board = fen.split([' ', '[']).next().unwrap_or("");
    board
        .split('/')
        .map(|row| {
            let mut cells = Vec::new();
            let mut n = 0usize;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    n = n * 10 + d as usize;
                    continue;
                }
                cells.extend(std::iter::repeat_n(None, n));
                n = 0;
                if c.is_alphabetic() {
                    cells.push(Some(c));
                } else if c == '*' {
                    // A wall square: no piece on it.
                    cells.push(None);
                }
            }
            cells.extend(std::iter::repeat_n(None, n));
            cells
        })
        .collect()
}

/// Each written page shows a setup picture, and what `glance setup` (the
/// drawing of `make assets`) reads on the page is the section's startFen.
#[test]
fn the_setup_picture_is_drawn_from_start_fen() {
    use glance::tools::setup_picture::{Entry, read_page};
    let names = Names::from_comments(INI);
    let (mut compared, mut built_in) = (0, 0);
    for v in read_each(INI, "f").into_iter().filter_map(Result::ok) {
        let Ok(html) = write_page(&v, &names, &Options::default()) else {
            continue;
        };
        let Some(fen) = start_fen_in_file(INI, &v.name) else {
            built_in += 1;
            continue;
        };
        // A promoted piece (+F) is drawn as the type it promotes to.
        let mut want = fen_grid(&fen);
        for s in v.start.iter().filter(|s| s.promoted) {
            let to = v.promotion.promoted.iter().find(|(f, _)| *f == s.letter);
            let cell =
                &mut want[usize::from(v.ranks - 1 - s.square.rank())][usize::from(s.square.file())];
            if let (Some((_, to)), Some(c)) = (to, cell.as_mut()) {
                *c = if c.is_ascii_uppercase() {
                    to.to_ascii_uppercase()
                } else {
                    *to
                };
            }
        }
        if want.iter().all(|r| r.iter().all(Option::is_none)) {
            continue;
        }
        assert!(
            html.contains(&format!("<img src=\"{}.png\"", v.name)),
            "[{}]",
            v.name
        );
        let got = read_page(&v.name, &html, &Entry::default(), "none");
        assert_eq!(got.error, None, "[{}]", v.name);
        let got = fen_grid(got.fen.as_deref().unwrap_or(""));
        assert_eq!(got, want, "[{}] {fen}", v.name);
        compared += 1;
    }
    println!(
        "setup pictures: {compared} compared with the file's startFen, \
         {built_in} with a built-in variant's startFen not compared"
    );
    assert!(compared >= 80, "{compared}");
}

/// `html` without its cells' ` data-moves="..."` attributes.
fn without_cell_moves(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(i) = rest.find(" data-moves=\"") {
        out.push_str(&rest[..i]);
        let after = &rest[i + " data-moves=\"".len()..];
        rest = after.find('"').map_or("", |j| &after[j + 1..]);
    }
    out.push_str(rest);
    out
}

/// Every item of a written page's rules (the built-ins' and the reference
/// file's) says what it claims in a `data-rule` that lint can read, and a
/// rules item without one is a failure: the claims are what the rules suite
/// checks by play (tests/fairy/rules_by_play.py).
#[test]
fn every_rules_item_claims_what_it_says() {
    use glance::tools::rule_claims::problems;
    let mut text = String::new();
    for name in glance::variant::builtin::MODELLED {
        text.push_str(&format!("[{name}:{name}]\n"));
    }
    let mut items = 0;
    for (file, ini) in [("builtins", text.as_str()), ("reference", INI)] {
        let names = Names::from_comments(ini);
        for v in read_each(ini, file).into_iter().flatten() {
            let Ok(html) = write_page(&v, &names, &Options::default()) else {
                continue;
            };
            let rules = html.split("<h2>Rules</h2>").nth(1).unwrap_or("");
            assert!(!rules.is_empty(), "{file} [{}]: no rules", v.name);
            for li in rules.split("<li").skip(1) {
                items += 1;
                let rule = li
                    .strip_prefix(" data-rule=\"")
                    .and_then(|r| r.split('"').next())
                    .unwrap_or_else(|| {
                        panic!(
                            "{file} [{}]: a rules item claims nothing: <li{}",
                            v.name,
                            &li[..li.len().min(80)]
                        )
                    });
                assert!(
                    problems(rule).is_empty(),
                    "{file} [{}]: {rule}: {:?}",
                    v.name,
                    problems(rule)
                );
            }
        }
    }
    // 264 pages, each stating at least who moves first and how the game
    // ends.
    assert!(items > 264 * 3, "{items} rules items");
}
