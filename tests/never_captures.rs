//! A piece Fairy-Stockfish never lets capture, as `glance page` writes
//! it: Atomic's King is pseudo-royal and a capture would blow it up
//! (Petrified's would turn it to stone), so pyffish gives it its
//! non-captures only (tests/fairy/reader_quirks.py): its row's Betza, its
//! remark and its diagram say so. Expectations written by hand.

#![cfg(not(target_arch = "wasm32"))]

use std::process::Command;

fn page(variant: &str) -> String {
    let dir = std::env::temp_dir().join(format!("glance-never-{variant}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = Command::new(env!("CARGO_BIN_EXE_glance"))
        .args([
            "page",
            "--variant",
            variant,
            "--out-dir",
            dir.to_str().unwrap(),
        ])
        .output()
        .expect("run glance");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let html = std::fs::read_to_string(dir.join(format!("{variant}.html"))).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    html
}

/// The King's section: from its heading to the next.
fn king(html: &str) -> &str {
    let at = html.find("<h3>King</h3>").expect("the King's section");
    let rest = &html[at..];
    &rest[..rest.find("</section>").unwrap_or(rest.len())]
}

#[test]
fn atomic_and_petrified_kings_never_capture() {
    for (variant, why) in [
        ("atomic", "Never captures: a capture would blow it up"),
        (
            "petrified",
            "Never captures: a capture would turn it to stone",
        ),
    ] {
        let html = page(variant);
        let row = format!("<td>King</td><td>K</td><td>-</td><td>mWmF</td><td>{why}</td>");
        assert!(html.contains(&row), "{variant}: no row {row}");
        let k = king(&html);
        assert!(k.contains(&format!("<p>{why}.</p>")), "{variant}: {k}");
        // Its diagram: the eight squares around it, non-captures only.
        assert_eq!(
            k.matches("sym/green.png\" alt=\"m\"></td>").count(),
            8,
            "{k}"
        );
        for capture in ["orange.png", "yellow.png", "red.png"] {
            assert!(!k.contains(capture), "{variant}: {capture} in {k}");
        }
    }
    // No-check Atomic's King is no pseudo-royal piece: it captures.
    let html = page("nocheckatomic");
    assert!(html.contains("<td>King</td><td>K</td><td>-</td><td>WF</td>"));
    assert!(!html.contains("Never captures"));
}
