//! `glance page` on definition files an attacker wrote (issue 41): each
//! gives a clear error or an escaped page inside `--out-dir`, never a
//! file outside it, never a panic, and every error line has at most 300
//! bytes besides the paths it names.
//!
//! The small files are `tests/fixtures/hostile/*.ini`, written by hand;
//! the gigantic ones are made here. Each run gets a fresh folder, ROOT,
//! holding the file and `ROOT/out/sub`, the `--out-dir`: after the run,
//! every file under ROOT is either one that was there before or a page
//! directly in `out/sub` named by the file-name rule.

#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// What one run gave.
struct Run {
    code: i32,
    out: String,
    err: String,
    root: PathBuf,
    out_dir: PathBuf,
    /// The files the run added under ROOT.
    added: BTreeSet<PathBuf>,
    took: Duration,
}

impl Run {
    fn page(&self, name: &str) -> String {
        std::fs::read_to_string(self.out_dir.join(name))
            .unwrap_or_else(|e| panic!("{name}: {e}\n{}", self.err))
    }
    fn written(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .added
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

fn files_under(dir: &Path, out: &mut BTreeSet<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let path = e.path();
        // symlink_metadata: a link is listed, never followed.
        let meta = std::fs::symlink_metadata(&path).unwrap();
        if meta.is_dir() {
            files_under(&path, out);
        } else {
            out.insert(path);
        }
    }
}

/// Runs `glance page FILE ARGS... --out-dir ROOT/out/sub` on `ini` (bytes)
/// in a fresh ROOT; `prepare` may put files in ROOT first.
fn run_with(tag: &str, ini: &[u8], args: &[&str], prepare: impl FnOnce(&Path)) -> Run {
    let root = std::env::temp_dir().join(format!("glance-hostile-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    let file = root.join("up.ini");
    std::fs::write(&file, ini).unwrap();
    prepare(&root);
    let out_dir = root.join("out").join("sub");
    let mut before = BTreeSet::new();
    files_under(&root, &mut before);
    let start = Instant::now();
    let o = Command::new(env!("CARGO_BIN_EXE_glance"))
        .arg("page")
        .arg(&file)
        .args(args)
        .arg("--out-dir")
        .arg(&out_dir)
        .output()
        .expect("run glance");
    let took = start.elapsed();
    let mut after = BTreeSet::new();
    files_under(&root, &mut after);
    let added: BTreeSet<PathBuf> = after.difference(&before).cloned().collect();
    let run = Run {
        code: o.status.code().unwrap_or(-1),
        out: String::from_utf8_lossy(&o.stdout).into_owned(),
        err: String::from_utf8_lossy(&o.stderr).into_owned(),
        root,
        out_dir,
        added,
        took,
    };
    check_always(&run);
    run
}

fn run(tag: &str, ini: &[u8], args: &[&str]) -> Run {
    run_with(tag, ini, args, |_| {})
}

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(Path::new("tests/fixtures/hostile").join(name)).unwrap()
}

/// What holds for every run: no panic, status 0 or 2, files added only in
/// the out dir and named by the rule, error lines short.
fn check_always(r: &Run) {
    assert!(!r.err.contains("panicked"), "{}", r.err);
    assert!(r.code == 0 || r.code == 2, "status {}: {}", r.code, r.err);
    // The out dir may be a link: compared as the files really are.
    let out_dir = r
        .out_dir
        .canonicalize()
        .unwrap_or_else(|_| r.out_dir.clone());
    for f in &r.added {
        let parent = f.parent().and_then(|p| p.canonicalize().ok());
        assert_eq!(
            parent.as_deref(),
            Some(out_dir.as_path()),
            "written outside: {}",
            f.display()
        );
        let name = f.file_name().unwrap().to_str().unwrap();
        let stem = name
            .strip_suffix(".html")
            .unwrap_or_else(|| panic!("{name}"));
        assert!(
            !stem.is_empty()
                && stem.len() <= 64
                && stem
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'),
            "{name}"
        );
    }
    // Standard output names each file written, all in the out dir.
    for line in r.out.lines() {
        let parent = Path::new(line).parent().and_then(|p| p.canonicalize().ok());
        assert_eq!(parent.as_deref(), Some(out_dir.as_path()), "{line}");
    }
    let root = r.root.display().to_string();
    for line in r.err.lines() {
        // The paths are the operator's: the rest is bounded.
        let rest = line.replace(&root, "");
        assert!(rest.len() <= 300, "{} bytes: {line}", rest.len());
    }
}

/// The page without its marker comment (which quotes the section's name
/// inside a comment, where markup is inert).
fn outside_comment(html: &str) -> String {
    let at = html.find("<!-- Written by glance page").unwrap();
    let end = at + html[at..].find("-->").unwrap() + 3;
    format!("{}{}", &html[..at], &html[end..])
}

#[test]
fn path_like_and_reserved_names_stay_in_the_out_dir_or_are_refused() {
    let r = run("paths", &fixture("paths.ini"), &["--all"]);
    assert_eq!(r.code, 2, "{}", r.err);
    assert_eq!(
        r.written(),
        [
            "__.html",         // ..
            "___escaped.html", // ../escaped
            "___win.html",     // ..\win
            "_abs_x.html",     // /abs/x
            "_hidden.html",    // .hidden
            "a_b_c.html",      // a/b/c
            "index.html",      // the catalogue
            "ok-name_1.html",
        ]
    );
    assert!(!Path::new("/abs/x.html").exists());
    for (line, name) in [
        (9, "NUL"),
        (10, "con"),
        (11, "Com1"),
        (12, "lpt9"),
        (13, "index"),
        (14, "javascript"),
    ] {
        assert!(
            r.err.contains(&format!(
                "up.ini:{line}: [{name}] gets no page: {name} is a reserved file name"
            )),
            "{name}: {}",
            r.err
        );
    }
    // The catalogue is the catalogue, not the section [index], and links
    // the files written.
    let index = r.page("index.html");
    assert!(
        index.contains("<title>Variants: rules pages</title>"),
        "{index}"
    );
    assert!(index.contains("href=\"___escaped.html\""), "{index}");
    assert!(index.contains("href=\"_abs_x.html\""), "{index}");
    assert!(!index.contains("href=\"../"), "{index}");
    // The page's own title keeps the name, escaped.
    assert!(r.page("___escaped.html").contains("<h1>../escaped</h1>"));
}

#[test]
fn look_alikes_and_names_differing_in_case_collide_and_both_are_named() {
    let r = run("lookalike", &fixture("lookalike.ini"), &["--all"]);
    assert_eq!(r.code, 2, "{}", r.err);
    // Fullwidth solidus and the right-to-left override: one _ each.
    assert_eq!(r.written(), ["a_b.html", "evil_lmth.html", "index.html"]);
    let err = &r.err;
    assert!(
        err.contains(
            "up.ini:3: [ch\u{435}ss] gets no page: it and ch\u{430}ss both give the file ch_ss.html"
        ),
        "{err}"
    );
    assert!(
        err.contains(
            "up.ini:4: [ch\u{430}ss] gets no page: it and ch\u{435}ss both give the file ch_ss.html"
        ),
        "{err}"
    );
    assert!(
        err.contains(
            "up.ini:7: [Shogun] gets no page: it and shogun both give the file Shogun.html"
        ),
        "{err}"
    );
    assert!(
        err.contains(
            "up.ini:8: [shogun] gets no page: it and Shogun both give the file shogun.html"
        ),
        "{err}"
    );
    assert!(
        err.contains("up.ini:9: [x.y] gets no page: it and x_y both give the file x_y.html"),
        "{err}"
    );
    assert!(
        err.contains("up.ini:10: [x_y] gets no page: it and x.y both give the file x_y.html"),
        "{err}"
    );
}

#[test]
fn markup_in_names_comments_and_name_options_is_escaped() {
    let r = run(
        "markup",
        &fixture("markup.ini"),
        &["--all", "--name", "q=<svg onload=alert(2)>"],
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.written(),
        [
            "index.html",
            "x_script_alert_1___script_.html",
            "y---____b_bold__b___--.html",
            "z_lt_.html"
        ]
    );
    // [y--->...] would close the page's comment if written as it is: the
    // comment says it with no "--" and no ">", so the page's one comment
    // ends where the page ends it.
    let y = r.page("y---____b_bold__b___--.html");
    assert!(
        y.contains("<!-- Written by glance page from [y- - -&gt;\"&gt;<b&gt;bold</b&gt;<!- -] of "),
        "{y}"
    );
    assert_eq!(y.matches("-->").count(), 1, "{y}");
    let x = outside_comment(&r.page("x_script_alert_1___script_.html"));
    assert!(
        x.contains("<h1>X&lt;script&gt;alert(1)&lt;/script&gt;</h1>"),
        "{x}"
    );
    assert!(
        x.contains("<td>&lt;img src=x onerror=alert(1)&gt;&amp;amp;&quot;'</td>"),
        "{x}"
    );
    let z = outside_comment(&r.page("z_lt_.html"));
    assert!(z.contains("<h1>Z&amp;lt;</h1>"), "{z}");
    // --name wins over the comment, escaped too.
    assert!(z.contains("<td>&lt;svg onload=alert(2)&gt;</td>"), "{z}");
    for page in [&x, &outside_comment(&y), &z, &r.page("index.html")] {
        for raw in [
            "<script>alert",
            "<img src=x",
            "<h1>injected",
            "<b>bold",
            "<svg",
        ] {
            assert!(!page.contains(raw), "{raw} in {page}");
        }
    }
}

#[test]
fn markup_where_a_piece_letter_goes_gives_no_piece() {
    let r = run("letters", &fixture("letters.ini"), &["--all"]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(r.written(), ["index.html", "t.html", "u.html", "w.html"]);
    for name in ["t.html", "u.html", "w.html"] {
        let html = outside_comment(&r.page(name));
        assert!(!html.contains("<script>") && !html.contains("<>"), "{name}");
        // Every piece on the page is one of the chess letters or Z.
        for part in html.split("data-piece=\"").skip(1) {
            let key = &part[..part.find('"').unwrap()];
            assert!(
                ["P", "N", "B", "R", "Q", "K", "Z"].contains(&key),
                "{name}: {key}"
            );
        }
    }
}

#[test]
fn malformed_values_are_each_one_line_and_the_rest_is_written() {
    let r = run("malformed", &fixture("malformed.ini"), &["--all"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.err,
        "up.ini:2: maxFile = 99999999999999999999999: not a valid value\n\
         up.ini:4: maxRank = -1: not a valid value\n\
         up.ini:8: startFen: '<' on rank 8 is no piece of the variant\n\
         up.ini:16: customPiece1: Betza W@@@@<script> is refused: unexpected '@' at character 2\n"
            .replace("up.ini", &r.root.join("up.ini").display().to_string())
    );
    // What Fairy-Stockfish ignores (a letter that is no letter, a region
    // off the board, a value it cannot read, a piece type it does not
    // know) is ignored here too: the page is the parent's, nothing of
    // the value on it.
    for page in ["letter.html", "region.html", "value.html", "piece.html"] {
        let html = r.page(page);
        assert!(!html.contains("&lt;") && !html.contains("maybe"), "{page}");
    }
    let r = run("header", &fixture("header.ini"), &["--all"]);
    assert_eq!(r.code, 2);
    assert!(
        r.err.ends_with(
            "up.ini:3: a section header must be [name] or [name:parent], not [empty:]\n"
        ),
        "{}",
        r.err
    );
    assert_eq!(r.written(), ["index.html"]);
    // Not UTF-8: the file is refused whole.
    let r = run("notutf8", &fixture("notutf8.ini"), &["--all"]);
    assert_eq!(r.code, 2);
    assert!(
        r.err
            .ends_with("up.ini: stream did not contain valid UTF-8\n"),
        "{}",
        r.err
    );
    assert!(r.written().is_empty());
    // A byte-order mark before the first header: as Fairy-Stockfish, the
    // line is no header, so the file has no section (glance lint warns
    // of it): the catalogue lists no page.
    let r = run("bom", &fixture("bom.ini"), &["--all"]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(r.written(), ["index.html"]);
    assert!(
        r.page("index.html")
            .contains("<p>0 pages written by glance page from up.ini")
    );
    // A NUL byte in a name is one _.
    let r = run("nul", &fixture("nulbyte.ini"), &["--all"]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(r.written(), ["index.html", "nul_x.html"]);
}

#[test]
fn parents_below_children_cycles_and_twice_defined_sections_are_refused() {
    let r = run("order", &fixture("order.ini"), &["--all"]);
    assert_eq!(r.code, 2);
    let err = &r.err;
    assert!(err.contains("up.ini:2: parent variant later is neither defined above nor a built-in this reader models"), "{err}");
    assert!(
        err.contains("up.ini:4: parent variant b is neither defined above"),
        "{err}"
    );
    assert!(
        err.contains("up.ini:5: parent variant a is neither defined above"),
        "{err}"
    );
    assert!(
        err.contains("up.ini:8: section twice is defined twice"),
        "{err}"
    );
    assert_eq!(r.written(), ["fine.html", "index.html", "later.html"]);
}

#[test]
fn gigantic_values_are_quoted_short() {
    // A 200,000-letter Betza string.
    let ini = format!("[a:chess]\ncustomPiece1 = q:{}\n", "W".repeat(200_000));
    let r = run("betza", ini.as_bytes(), &["--all"]);
    assert_eq!(r.code, 2);
    assert_eq!(r.err.lines().count(), 1, "{}", r.err);
    assert!(!r.err.contains(&"W".repeat(81)), "{}", r.err);
    // A 100,000-character section name: refused by its length, quoted short.
    let name = "n".repeat(100_000);
    let r = run(
        "name",
        format!("[{name}:chess]\n[ok:chess]\n").as_bytes(),
        &["--all"],
    );
    assert_eq!(r.code, 2);
    assert!(
        r.err
            .contains("gets no page: a name of 100000 characters is longer than the 64"),
        "{}",
        r.err
    );
    assert!(!r.err.contains(&"n".repeat(81)), "{}", r.err);
    assert_eq!(r.written(), ["index.html", "ok.html"]);
    // 64 characters fit; 65 do not.
    let (n64, n65) = ("a".repeat(64), "b".repeat(65));
    let r = run(
        "long",
        format!("[{n64}:chess]\n[{n65}:chess]\n").as_bytes(),
        &["--all"],
    );
    assert_eq!(
        r.written(),
        [format!("{n64}.html"), "index.html".to_string()]
    );
    // A --variant and a --name of 10,000 characters.
    let long = "v".repeat(10_000);
    let r = run("variant", b"[a:chess]\n", &["--variant", &long]);
    assert_eq!(r.code, 2);
    assert!(
        r.err.contains(&format!(
            "no section [{}…] that can be read",
            "v".repeat(80)
        )),
        "{}",
        r.err
    );
    let r = run("option", b"[a:chess]\n", &["--all", "--name", &long]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.err,
        format!(
            "glance: --name {}…: expected X=NAME (a letter or customPieceN)\n",
            "v".repeat(80)
        )
    );
    // A value of 50,000 characters with spaces, that the reader refuses.
    let value = "-1 ".repeat(16_000);
    let r = run(
        "value",
        format!("[a:chess]\nmaxFile = {value}\n").as_bytes(),
        &["--all"],
    );
    assert_eq!(r.code, 2);
    assert!(r.err.contains("up.ini:2: maxFile = -1 -1 -1"), "{}", r.err);
    let line = r.err.lines().next().unwrap();
    assert!(line.matches("-1").count() <= 40, "{line}");
}

#[test]
fn the_limits_refuse_by_name() {
    // --max-bytes: a file of 1,000,001 bytes (default 1,000,000).
    let mut big = b"[a:chess]\n#".to_vec();
    big.resize(1_000_001, b'x');
    let r = run("bytes", &big, &["--all"]);
    assert_eq!(r.code, 2);
    assert!(
        r.err.ends_with(
            "up.ini: 1000001 bytes or more, larger than --max-bytes 1000000: nothing written\n"
        ),
        "{}",
        r.err
    );
    assert!(r.written().is_empty());
    let r = run(
        "bytes2",
        b"[a:chess]\n[b:chess]\n",
        &["--all", "--max-bytes", "15"],
    );
    assert!(r.err.contains("larger than --max-bytes 15"), "{}", r.err);
    // --max-sections: 1,001 sections (default 1,000).
    let many: String = (0..1001).map(|i| format!("[s{i}:chess]\n")).collect();
    let r = run("sections", many.as_bytes(), &["--all"]);
    assert_eq!(r.code, 2);
    assert!(
        r.err
            .ends_with("up.ini: 1001 sections, more than --max-sections 1000: nothing written\n"),
        "{}",
        r.err
    );
    assert!(r.written().is_empty());
    // --max-pages: 3 of 5 written, the rest counted.
    let five: String = (0..5).map(|i| format!("[p{i}:chess]\n")).collect();
    let r = run("pages", five.as_bytes(), &["--all", "--max-pages", "3"]);
    assert_eq!(r.code, 2);
    assert!(
        r.err
            .ends_with("up.ini: --max-pages 3 reached: 2 more page(s) not written\n"),
        "{}",
        r.err
    );
    assert_eq!(r.written(), ["index.html", "p0.html", "p1.html", "p2.html"]);
}

#[test]
fn a_long_parent_chain_is_read_in_bounded_time() {
    // 1,000 sections, each the child of the one before.
    let mut chain = String::from("[s0:chess]\n");
    for i in 1..1000 {
        chain.push_str(&format!("[s{i}:s{}]\ncastling = {}\n", i - 1, i % 2 == 0));
    }
    let r = run("chain", chain.as_bytes(), &["--variant", "s999"]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(r.written(), ["s999.html"]);
    assert!(r.took < Duration::from_secs(20), "{:?}", r.took);
}

#[test]
fn links_and_files_it_did_not_write_are_left_alone() {
    let r = run_with(
        "links",
        b"[evil:chess]\n[fine:chess]\n",
        &["--all", "--force"],
        |root| {
            let sub = root.join("out").join("sub");
            std::fs::create_dir_all(&sub).unwrap();
            std::fs::write(root.join("outside.txt"), "keep").unwrap();
            std::os::unix::fs::symlink(root.join("outside.txt"), sub.join("evil.html")).unwrap();
            std::os::unix::fs::symlink(root.join("outside.txt"), sub.join("index.html")).unwrap();
        },
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        std::fs::read_to_string(r.root.join("outside.txt")).unwrap(),
        "keep"
    );
    assert!(
        r.err
            .contains("evil.html: a symbolic link; glance page does not write through one"),
        "{}",
        r.err
    );
    assert!(r.err.contains("index.html: a symbolic link"), "{}", r.err);
    assert_eq!(r.written(), ["fine.html"]);
    // A foreign index.html is kept (no --force); a second run rewrites
    // its own catalogue.
    let r = run_with("foreign", b"[a:chess]\n", &["--all"], |root| {
        let sub = root.join("out").join("sub");
        std::fs::create_dir_all(&sub).unwrap();
        std::fs::write(sub.join("index.html"), "<p>the site's own</p>").unwrap();
    });
    assert_eq!(r.code, 2);
    assert!(
        r.err.contains(
            "index.html: not written by glance page; left as it is (--force overwrites it)"
        ),
        "{}",
        r.err
    );
    assert_eq!(r.page("index.html"), "<p>the site's own</p>");
    let r = run("again", b"[a:chess]\n", &["--all"]);
    let second = Command::new(env!("CARGO_BIN_EXE_glance"))
        .args([
            "page",
            r.root.join("up.ini").to_str().unwrap(),
            "--all",
            "--out-dir",
        ])
        .arg(&r.out_dir)
        .output()
        .unwrap();
    assert_eq!(
        second.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&second.stderr)
    );
    // The out dir itself may be a link (the operator's choice).
    let r = run_with("linked-dir", b"[a:chess]\n", &["--all"], |root| {
        std::fs::create_dir_all(root.join("real")).unwrap();
        std::fs::create_dir_all(root.join("out")).unwrap();
        std::os::unix::fs::symlink(root.join("real"), root.join("out").join("sub")).unwrap();
    });
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.root.join("real").join("a.html").exists());
}
