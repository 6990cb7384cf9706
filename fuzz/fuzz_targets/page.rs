//! Fuzz target `page`: the page reader that `glance lint` and `glance
//! migrate` share, on arbitrary bytes (read as UTF-8, lossily) and on
//! arbitrary HTML spliced into a small legacy page (the first byte picks
//! where). A panic, a slow input (libFuzzer's -timeout), a start tag
//! (`glance::page::tags`) whose byte ranges are out of order or off the source,
//! or a migrated page whose visible text is not its input's is a finding.
#![no_main]

use glance::tools::lint::lint_html;
use glance::tools::migrate::{migrate_html, visible_text, Options};
use glance::page::tags::start_tags;
use libfuzzer_sys::fuzz_target;

/// A legacy page with one live click, one dead one, a piece table, and a
/// place for the fuzzer's bytes in each of its parts.
const PAGE: [&str; 5] = [
    "<html><head><script src=\"spartan.js\"></script></head><body>",
    "<table class=\"board\"><tr><td class=\"n\" id=\"sq3x3\" onmousedown=\"down_click(3,3)\" \
     onmouseup=\"up_click()\"><img src=\"sym/WhiteRook.png\"></td>",
    "<td class=\"n\" id=\"sq4x3\" onmousedown=\"down_click(,)\"></td></tr></table><p id=\"piece\">:</p>",
    "<table><tr><td>Piece</td><td>ID</td><td>value</td><td>Moves (Betza notation)</td>\
     <td>Remarks</td></tr><tr><td>Rook</td><td>R</td><td>5</td><td>R</td><td></td></tr>",
    "</table></body></html>",
];

fn check(html: &str) {
    for t in start_tags(html) {
        assert!(t.start < t.end && t.end <= html.len(), "{t:?}");
        assert!(t.start <= t.insert_at && t.insert_at <= t.end, "{t:?}");
        for a in &t.attrs {
            assert!(t.start < a.start && a.start < a.end && a.end <= t.end, "{a:?}");
            assert!(html.get(a.start..a.end).is_some(), "{a:?}: not on characters");
            if let Some(v) = &a.value {
                assert!(a.start < v.start && v.start <= v.end && v.end <= a.end, "{a:?}");
            }
        }
    }
    let _ = lint_html("page.html", html, std::path::Path::new("/nonexistent"));
    if let Ok(m) = migrate_html(html, &Options::default()) {
        assert_eq!(visible_text(&m.html), visible_text(html), "the visible text changed");
        let _ = lint_html("out.html", &m.html, std::path::Path::new("/nonexistent"));
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    check(&text);
    if let Some((&first, rest)) = data.split_first() {
        let at = usize::from(first) % (PAGE.len() - 1) + 1;
        let mut page = String::new();
        for (i, part) in PAGE.iter().enumerate() {
            if i == at {
                page.push_str(&String::from_utf8_lossy(rest));
            }
            page.push_str(part);
        }
        check(&page);
    }
});
