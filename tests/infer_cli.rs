//! `glance infer` on the command line: what `glance diagram --json`
//! prints comes back as a string that draws the same marks; the object
//! form with legend colours; unreachable squares and bad input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn glance(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_glance"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("glance runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

fn marks(json: &str) -> serde_json::Value {
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    v["marks"].clone()
}

#[test]
fn diagram_json_comes_back_as_the_same_marks() {
    let place = ["--board", "15x15", "--at", "h8"];
    for s in [
        "N",
        "FAmsW",
        "mfWcfF",
        "KADN(cK-aK)(K-bK)",
        "fhNbsK",
        "nN",
        "R4",
        "BsbRf(WD(cW-W)(mcW-bW))",
    ] {
        let d = glance(&[&["diagram", s, "--json"], &place[..]].concat(), "");
        assert!(d.status.success(), "{s}");
        let json = text(&d.stdout);
        let inferred = glance(&[&["infer"], &place[..]].concat(), &json);
        assert!(inferred.status.success(), "{s}: {}", text(&inferred.stderr));
        let out = text(&inferred.stdout);
        // The string alone, on one line: $(glance infer < d.json) is it.
        assert_eq!(out.lines().count(), 1, "{s}: {out}");
        let back = glance(
            &[&["diagram", out.trim_end(), "--json"], &place[..]].concat(),
            "",
        );
        assert!(back.status.success(), "{s} -> {out}");
        assert_eq!(marks(&text(&back.stdout)), marks(&json), "{s} -> {out}");
    }
}

#[test]
fn the_object_form_takes_legend_colours_and_its_own_board() {
    let knight = r#"{"board": "15x15", "at": "h8", "marks": {"f7": "orange", "f9": "orange",
        "g6": "orange", "g10": "orange", "i6": "orange", "i10": "orange", "j7": "leap", "j9": "orange"}}"#;
    let out = glance(&["infer"], knight);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "N\n");
    // A Black pawn, read with its side.
    let pawn = r#"{"board": "8x8", "at": "e5", "colour": "black",
        "marks": {"e4": "green", "d4": "red", "f4": "red"}}"#;
    assert_eq!(text(&glance(&["infer"], pawn).stdout), "fmWfcF\n");
    // A Cannon among pieces: the "occupied" squares.
    let cannon = glance(
        &[
            "diagram",
            "mRcpR",
            "--board",
            "9x10",
            "--at",
            "b3",
            "--occupied",
            "b5,b8",
            "--json",
        ],
        "",
    );
    let json = text(&cannon.stdout);
    let out = glance(
        &[
            "infer",
            "--board",
            "9x10",
            "--at",
            "b3",
            "--occupied",
            "b5,b8",
        ],
        &json,
    );
    assert_eq!(text(&out.stdout), "mRcpR\n", "{}", text(&out.stderr));
    // What diagram --json prints names its board, square, side and pieces:
    // no options needed to read it back.
    let rook = glance(
        &[
            "diagram",
            "R",
            "--board",
            "10x10",
            "--at",
            "c6",
            "--black",
            "--occupied",
            "e6,c9",
            "--friends",
            "c3",
            "--json",
        ],
        "",
    );
    let json = text(&rook.stdout);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["board"], "10x10");
    assert_eq!(v["at"], "c6");
    assert_eq!(v["colour"], "black");
    assert_eq!(v["occupied"], serde_json::json!(["c9", "e6"]));
    assert_eq!(v["friends"], serde_json::json!(["c3"]));
    let out = glance(&["infer"], &json);
    assert_eq!(text(&out.stdout), "R\n", "{}", text(&out.stderr));
    // Alternatives of the same length: on standard output when asked.
    let out = glance(
        &["infer", "--alternatives"],
        r#"{"at": "e4", "marks": {"e5": "yellow", "e3": "yellow"}}"#,
    );
    let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    assert_eq!(lines[0], "vW");
}

#[test]
fn unreachable_squares_and_bad_input_are_named() {
    let out = glance(
        &["infer"],
        r#"{"at": "e4", "marks": {"f6": "yellow", "e4": "green"}}"#,
    );
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("e4 (move)"), "{err}");
    assert!(out.stdout.is_empty());
    let out = glance(&["infer"], r#"{"at": "e4", "marks": {"f6": "yellow"}}"#);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("f6 (slide)"),
        "{}",
        text(&out.stderr)
    );
    let out = glance(&["infer"], r#"{"at": "e4", "marks": {"f6": "blue"}}"#);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("bad mark \"blue\" on f6"),
        "{}",
        text(&out.stderr)
    );
    let out = glance(&["infer"], "not json");
    assert_eq!(out.status.code(), Some(2));
    let out = glance(&["infer", "--board", "8x8"], r#"{"at": "k4", "marks": {}}"#);
    assert_eq!(out.status.code(), Some(2));
}
