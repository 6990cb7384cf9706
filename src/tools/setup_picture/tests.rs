use super::*;

const TABLE: &str = r#"<table><tr><th>Piece</th><th>ID</th><th>value</th><th>Moves (Betza notation)</th><th>Remarks</th></tr>
<tr><td>King (Persian)</td><td>K</td><td></td><td>K</td><td></td></tr>
<tr><td>King (Spartan)</td><td>K</td><td></td><td>K</td><td></td></tr>
<tr><td>Hoplite Pawn</td><td>H</td><td></td><td>fmWfcF</td><td></td></tr>
<tr><td>Rook</td><td>R</td><td></td><td>R</td><td></td></tr>
<tr><td>Bishop</td><td>B</td><td></td><td>B</td><td></td></tr>
<tr><td>Dragon King</td><td>D</td><td></td><td>RF</td><td></td></tr>
<tr><td>Dragon Horse</td><td>X</td><td></td><td>BW</td><td></td></tr>
<tr><td>Wizard</td><td>W1</td><td></td><td>FC</td><td></td></tr>
</table>"#;

/// A page of TABLE, a files x ranks board table, its picture and this
/// setup section.
fn page(files: u8, ranks: u8, setup: &str) -> String {
    let mut board = String::from(r#"<table class="board">"#);
    for y in (0..ranks).rev() {
        board.push_str("<tr>");
        for x in 0..files {
            board.push_str(&format!(r#"<td class="n" id="sq{x}x{y}"></td>"#));
        }
        board.push_str("</tr>");
    }
    board.push_str("</table>");
    format!(r#"<html><body><img src="P.png">{TABLE}{board}{setup}</body></html>"#)
}

fn setup(files: u8, ranks: u8, text: &str, entry: &Entry) -> PageSetup {
    read_page("P", &page(files, ranks, text), entry, "setups.json")
}

fn fen(fen: &str) -> Entry {
    Entry {
        present: true,
        fen: Some(fen.into()),
        images: BTreeMap::new(),
    }
}

#[test]
fn text_gives_the_fen_and_headings_pick_the_row() {
    let s = setup(
        4,
        4,
        "<h3>Initial setup</h3><h4>White (Persians)</h4><p>a1: King<br>b1-d1: Rooks</p>\
         <h4>Black (Spartans)</h4><p>a4: King<br>a3-d3: Hoplites</p>",
        &Entry::default(),
    );
    assert_eq!(s.error, None, "{:?}", s.problems);
    assert_eq!(s.fen.as_deref(), Some("k3/hhhh/4/KRRR"));
    assert_eq!((s.files, s.ranks), (4, 4));
    assert_eq!(s.source, "the page's setup text");
    let names: Vec<(char, &str, &str)> = s
        .names
        .iter()
        .map(|n| (n.letter, n.name.as_str(), n.image.as_str()))
        .collect();
    assert_eq!(
        names,
        [
            ('K', "King (Persian)", "WhiteKing"),
            ('R', "Rook", "WhiteRook"),
            ('k', "King (Spartan)", "BlackKing"),
            ('h', "Hoplite Pawn", "BlackHoplitePawn")
        ]
    );
}

#[test]
fn without_a_heading_the_half_gives_the_colour() {
    let s = setup(
        2,
        4,
        "<h3>Initial setup</h3>a1, b4: Rook",
        &Entry::default(),
    );
    assert_eq!(s.fen.as_deref(), Some("1r/2/2/R1"));
}

#[test]
fn slips_are_problems_and_stop_without_a_fen() {
    let s = setup(
        4,
        4,
        "<h3>Initial setup</h3><h4>Black</h4><p>a1: Rook<br>a1: Bishop<br>b4: Queen\
         <br>c4: Dragon<br>d4: Wizard<br>a2-b3: Rook<br>8 Pawns</p>",
        &Entry::default(),
    );
    let e = s.error.expect("slips stop");
    for part in [
        "\"a2-b3: Rook\": \"a2-b3\" is neither along a rank nor along a file",
        "\"8 Pawns\" gives a number of pieces, no squares: no fixed setup",
        "a1: Rook is listed under 'Black' but stands on White's half",
        "a1 is listed twice: Black Rook and Black Bishop",
        "\"b4: Queen\": \"Queen\" is not in the piece table",
        "\"c4: Dragon\": \"Dragon\" could be any of Dragon King, Dragon Horse",
        "Wizard: its ID 'W1' is not one letter",
        "(fix the text, or give a \"fen\" in setups.json)",
    ] {
        assert!(e.contains(part), "{part} not in {e}");
    }
}

#[test]
fn the_text_larger_than_the_board_table_is_a_problem() {
    let s = setup(2, 2, "<h3>Initial setup</h3>c3: Rook", &Entry::default());
    assert!(s.error.is_some_and(|e| {
        e.contains("the setup needs 3x3 squares, the page's board table has 2x2")
    }));
}

#[test]
fn no_section_or_no_piece() {
    let s = setup(2, 2, "<h3>Rules</h3>a1: Rook", &Entry::default());
    assert!(!s.draw && !s.has_setup);
    assert!(s.error.unwrap().starts_with("no \"Initial setup\" section"));
    let s = setup(
        2,
        2,
        "<h3>Initial setup</h3>As in chess.",
        &Entry::default(),
    );
    assert!(s.draw);
    assert!(
        s.error
            .unwrap()
            .starts_with("the setup text places no piece")
    );
}

#[test]
fn a_fen_in_setups_json_wins_and_keeps_the_texts_names() {
    let text = "<h3>Initial setup</h3><h4>Black (Spartans)</h4>a4: King<br>a1: King";
    let s = setup(4, 4, text, &fen("k3/4/4/BR1K"));
    assert_eq!(s.error, None);
    assert_eq!(s.fen.as_deref(), Some("k3/4/4/BR1K"));
    assert_eq!(s.source, "setups.json");
    assert!(
        s.problems
            .iter()
            .any(|p| p.contains("a1: King is listed under"))
    );
    let named: Vec<(char, &str)> = s
        .names
        .iter()
        .map(|n| (n.letter, n.name.as_str()))
        .collect();
    // The text's names first (both its Kings are Black's), then the FEN's
    // other letters from the table, rank 1 first; the first King row for K.
    assert_eq!(
        named,
        [
            ('k', "King (Spartan)"),
            ('B', "Bishop"),
            ('R', "Rook"),
            ('K', "King (Persian)")
        ]
    );
}

#[test]
fn bad_fens() {
    let text = "<h3>Initial setup</h3>";
    let err = |f: &str| setup(4, 4, text, &fen(f)).error.unwrap_or_default();
    assert_eq!(err("4/4/4/3"), "FEN '4/4/4/3': rows of different lengths");
    assert_eq!(
        err("4/4/4/3?"),
        "FEN row '3?' holds something that is not a piece letter or a number"
    );
    assert_eq!(
        err("5/5/5/5"),
        "FEN '5/5/5/5' is 5x4, larger than the page's board table"
    );
    assert_eq!(
        err("4/4/4/3Q"),
        "FEN letter 'Q': the piece table has no piece with that ID, and the setup text does not say which"
    );
    // The two Kings are one piece by their words: no question which.
    assert_eq!(err("4/4/4/3K"), "");
}

#[test]
fn images_from_setups_json() {
    let mut entry = fen("4/4/4/H2K");
    entry.images.insert("Hoplite Pawn".into(), "Lance".into());
    let s = setup(4, 4, "", &entry);
    assert!(
        !s.has_setup && s.draw,
        "an entry draws a page with no section"
    );
    let images: Vec<&str> = s.names.iter().map(|n| n.image.as_str()).collect();
    assert_eq!(images, ["WhiteLance", "WhiteKing"]);
}

#[test]
fn pictures_own_and_borrowed() {
    let html = r#"<img src="sym/WhiteKing.png"><img src="../Spartan.png"><h3>Initial setup</h3>"#;
    let s = read_page("Spartan", html, &Entry::default(), "s.json");
    assert_eq!(
        (s.picture.as_deref(), s.borrowed.as_slice()),
        (None, &["../Spartan.png".to_string()][..])
    );
    assert!(!s.draw);
    let s = read_page(
        "Q",
        r#"<h3>Initial setup</h3><p>a1: King</p><img src="sym/x.png">"#,
        &Entry::default(),
        "s",
    );
    assert!(s.draw);
    assert_eq!(
        s.error.as_deref(),
        Some("the page shows no setup picture (<img src=\"Q.png\">)")
    );
    // A board empty at the start with no picture (Reversi's page as
    // `glance page` writes it): nothing to draw, and nothing missing.
    let s = read_page(
        "Q",
        r#"<h3>Initial setup</h3><p>The board is empty at the start.</p><img src="sym/x.png">"#,
        &Entry::default(),
        "s",
    );
    assert!(!s.draw);
}

#[test]
fn setups_file() {
    let entries = read_setups(r#"{"_about": 1, "A": {"fen": "8", "images": {"X": "Y"}}, "B": {}}"#)
        .expect("a good file");
    assert_eq!(entries.len(), 2);
    assert_eq!(entries["A"].fen.as_deref(), Some("8"));
    assert_eq!(entries["A"].images["X"], "Y");
    assert!(entries["B"].present);
    assert!(read_setups(r#"{"A": {"fen": 3}}"#).is_err());
    assert!(read_setups("[").is_err());
}

#[test]
fn repr_quotes_as_python() {
    assert_eq!(repr("Black (Spartans)"), "'Black (Spartans)'");
    assert_eq!(repr("it's"), "\"it's\"");
    assert_eq!(repr("a'\"b"), "'a\\'\"b'");
}

#[test]
fn the_pictures_data_fen_and_lettered_pieces() {
    // A 3x3 page as `glance page` writes one: the picture says its FEN,
    // the board shows the Rook as an image and the Dragon King (D, d) only
    // as letters.
    let board = r#"<table class="board"><tr><td class="n" id="sq0x2" data-piece="D" data-side="black">d</td><td class="n" id="sq1x2"></td><td class="n" id="sq2x2"></td></tr>
<tr><td class="n" id="sq0x1"></td><td class="n" id="sq1x1"></td><td class="n" id="sq2x1"></td></tr>
<tr><td class="n" id="sq0x0" data-piece="R"><img src="sym/WhiteRook.png"></td><td class="n" id="sq1x0" data-piece="D">D</td><td class="n" id="sq2x0"></td></tr></table>"#;
    let html = format!(
        r#"<html><body><h3>Initial setup</h3><p>a1: Rook</p><p><img src="P.png" data-fen="d2/3/RD1"></p>{TABLE}{board}</body></html>"#
    );
    let s = read_page("P", &html, &Entry::default(), "setups.json");
    assert_eq!(s.error, None, "{:?}", s.problems);
    // Independent expectation: the data-fen as written, not the text's a1.
    assert_eq!(s.fen.as_deref(), Some("d2/3/RD1"));
    assert_eq!(s.source, "the picture's data-fen");
    let images: Vec<(char, &str)> = s
        .names
        .iter()
        .map(|n| (n.letter, n.image.as_str()))
        .collect();
    assert!(images.contains(&('R', "WhiteRook")), "{images:?}");
    assert!(images.contains(&('D', "")), "{images:?}");
    assert!(images.contains(&('d', "")), "{images:?}");
    // A setups-file FEN wins over the picture's.
    let s = read_page("P", &html, &fen("3/3/R2"), "setups.json");
    assert_eq!(s.fen.as_deref(), Some("3/3/R2"));
    assert_eq!(s.source, "setups.json");
}

#[test]
fn a_piece_is_drawn_as_the_page_draws_it() {
    // A page as `glance page` writes one: the board shows White's Dragon
    // Horse (X) as XBoard's Rook and the Bishop as its disc; Black's
    // Dragon Horse and the Dragon King (D) stand nowhere on it, and the
    // Dragon King's static diagram draws it as XBoard's Gold.
    let board = r#"<table class="board"><tr><td class="n" id="sq0x1"></td><td class="n" id="sq1x1"></td><td class="n" id="sq2x1"></td></tr>
<tr><td class="n" id="sq0x0" data-piece="X"><img src="sym/WhiteRook.png"></td><td class="n" id="sq1x0" data-piece="B"><img src="sym/WhiteDiscB.png"></td><td class="n" id="sq2x0"></td></tr></table>"#;
    let diagram = r#"<table class="diagram" data-diagram="D"><tr><td><img src="sym/WhitePawn.png" alt="s"></td><td><img src="sym/WhiteGold.png" alt="D"></td></tr></table>"#;
    let html = format!(
        r#"<html><body><h3>Initial setup</h3><p>a1: Dragon Horse</p><p><img src="P.png" data-fen="xd1/XBD"></p>{TABLE}{board}{diagram}</body></html>"#
    );
    let s = read_page("P", &html, &Entry::default(), "setups.json");
    assert_eq!(s.error, None, "{:?}", s.problems);
    let drawn: Vec<(char, &str, Option<&str>)> = s
        .names
        .iter()
        .map(|n| (n.letter, n.image.as_str(), n.drawn.as_deref()))
        .collect();
    assert_eq!(
        drawn,
        [
            ('X', "WhiteDragonHorse", Some("WhiteRook")),
            ('B', "WhiteBishop", Some("")),
            ('D', "WhiteDragonKing", Some("WhiteGold")),
            ('x', "BlackDragonHorse", None),
            ('d', "BlackDragonKing", Some("BlackGold")),
        ]
    );
}
