//! The names players use (issue 40, item 4), read from the pages
//! `glance page` writes: `glance page --builtins --out-dir DIR` (the 121
//! built-ins) and `glance page REFERENCE.ini --all --out-dir DIR` (the 143
//! sections of Fairy-Stockfish's reference variants.ini). A hand-written
//! table of players' names (XBoard's rules pages, pychess-variants'
//! guides, published rules) against the piece rows; no row named
//! "Piece X"; every title as players write it, with its one sentence
//! under it; the catalogue grouped by family.

#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeMap;
use std::sync::OnceLock;

mod common;

use glance::variant::piece_names;

/// Players' names, by variant (built-in or reference section) and letter.
const TABLE: &[(&str, &[(char, &str)])] = &[
    (
        "xiangqi",
        &[
            ('k', "General"),
            ('a', "Advisor"),
            ('b', "Elephant"),
            ('n', "Horse"),
            ('r', "Chariot"),
            ('c', "Cannon"),
            ('p', "Soldier"),
        ],
    ),
    (
        "janggi",
        &[
            ('k', "General"),
            ('a', "Advisor"),
            ('b', "Elephant"),
            ('n', "Horse"),
            ('r', "Chariot"),
            ('c', "Cannon"),
            ('p', "Soldier"),
        ],
    ),
    (
        "janggitraditional",
        &[('k', "General"), ('a', "Advisor"), ('c', "Cannon")],
    ),
    (
        "shogi",
        &[
            ('k', "King"),
            ('r', "Rook"),
            ('b', "Bishop"),
            ('g', "Gold General"),
            ('s', "Silver General"),
            ('n', "Knight"),
            ('l', "Lance"),
            ('p', "Pawn"),
            ('d', "Dragon King"),
            ('h', "Dragon Horse"),
        ],
    ),
    (
        "minishogi",
        &[
            ('k', "King"),
            ('g', "Gold General"),
            ('s', "Silver General"),
            ('p', "Pawn"),
            ('d', "Dragon King"),
            ('h', "Dragon Horse"),
        ],
    ),
    (
        "spartan",
        &[
            ('k', "King"),
            ('h', "Hoplite"),
            ('l', "Lieutenant"),
            ('c', "Captain"),
            ('g', "General"),
            ('w', "Warlord"),
            ('q', "Queen"),
        ],
    ),
    (
        "makruk",
        &[
            ('k', "King"),
            ('m', "Met"),
            ('s', "Khon"),
            ('n', "Knight"),
            ('r', "Rook"),
        ],
    ),
    ("cambodian", &[('m', "Neang"), ('s', "Koul")]),
    (
        "sittuyin",
        &[('f', "General"), ('s', "Elephant"), ('k', "King")],
    ),
    ("asean", &[('q', "Queen"), ('b', "Bishop")]),
    (
        "capablanca",
        &[('a', "Archbishop"), ('c', "Chancellor"), ('q', "Queen")],
    ),
    ("seirawan", &[('h', "Hawk"), ('e', "Elephant")]),
    (
        "shatranj",
        &[
            ('q', "Ferz"),
            ('b', "Alfil"),
            ('n', "Knight"),
            ('r', "Rook"),
        ],
    ),
    ("grand", &[('a', "Cardinal"), ('c', "Marshal")]),
    (
        "courier",
        &[
            ('b', "Courier"),
            ('f', "Ferz"),
            ('e', "Alfil"),
            ('w', "Schleich"),
            ('m', "Mann"),
        ],
    ),
    ("chancellor", &[('c', "Chancellor")]),
    ("janus", &[('j', "Janus")]),
    ("shako", &[('e', "Elephant"), ('c', "Cannon")]),
    ("manchu", &[('m', "Banner"), ('r', "Chariot")]),
    (
        "shogun",
        &[
            ('a', "Archbishop"),
            ('m', "Mortar"),
            ('c', "Captain"),
            ('g', "General"),
        ],
    ),
    (
        "orda",
        &[
            ('y', "Yurt"),
            ('a', "Horse Archer"),
            ('l', "Lancer"),
            ('h', "Kheshig"),
        ],
    ),
    (
        "synochess",
        &[
            ('e', "Elephant"),
            ('c', "Cannon"),
            ('s', "Soldier"),
            ('a', "Advisor"),
        ],
    ),
    (
        "empire",
        &[
            ('e', "Eagle"),
            ('c', "Cardinal"),
            ('t', "Siege Tower"),
            ('d', "Duke"),
            ('s', "Soldier"),
        ],
    ),
    (
        "shinobi",
        &[
            ('m', "Monk"),
            ('d', "Dragon"),
            ('j', "Ninja"),
            ('l', "Lance"),
            ('h', "Wooden Horse"),
            ('c', "Captain"),
        ],
    ),
    (
        "dobutsu",
        &[
            ('l', "Lion"),
            ('g', "Giraffe"),
            ('e', "Elephant"),
            ('c', "Chick"),
            ('h', "Hen"),
        ],
    ),
    (
        "torishogi",
        &[
            ('k', "Phoenix"),
            ('s', "Swallow"),
            ('f', "Falcon"),
            ('c', "Crane"),
            ('p', "Pheasant"),
            ('g', "Goose"),
            ('e', "Eagle"),
        ],
    ),
    ("shoshogi", &[('e', "Drunk Elephant")]),
    (
        "cannonshogi",
        &[
            ('u', "Gold Cannon"),
            ('a', "Silver Cannon"),
            ('c', "Copper Cannon"),
            ('i', "Iron Cannon"),
        ],
    ),
    (
        "mansindam",
        &[
            ('i', "Rhino"),
            ('s', "Ship"),
            ('a', "Angel"),
            ('t', "Tiger"),
        ],
    ),
    ("wolf", &[('f', "Fox"), ('w', "Wolf"), ('s', "Sergeant")]),
    ("tencubed", &[('c', "Champion"), ('w', "Wizard")]),
    ("hoppelpoppel", &[('n', "Knibis"), ('b', "Biskni")]),
];

/// Titles as players write them, where they differ from the section's
/// name capitalised.
const TITLES: &[(&str, &str)] = &[
    ("3check", "Three-check"),
    ("5check", "Five-check"),
    ("janggitraditional", "Janggi (traditional rules)"),
    ("janggimodern", "Janggi (modern rules)"),
    ("janggicasual", "Janggi (casual rules)"),
    ("kingofthehill", "King of the Hill"),
    ("racingkings", "Racing Kings"),
    ("fischerandom", "Chess960"),
    ("cambodian", "Ouk Chaktrang"),
    ("shouse", "S-House"),
    ("seirawan", "S-Chess"),
    ("torishogi", "Tori shogi"),
    ("flipello", "Othello"),
    ("cfour", "Connect Four"),
    ("tictactoe", "Tic-tac-toe"),
    ("gorogoroplus", "Gorogoro+"),
];

/// The pages written by the command, by name: (title, sentence under it,
/// piece rows letter → name).
type Page = (String, String, BTreeMap<char, String>);

struct Written {
    builtins: BTreeMap<String, Page>,
    reference: BTreeMap<String, Page>,
    catalogues: [String; 2],
}

fn between<'a>(s: &'a str, from: &str, to: &str) -> Option<&'a str> {
    let a = s.find(from)? + from.len();
    let b = s[a..].find(to)? + a;
    Some(&s[a..b])
}

fn read_pages(written: Vec<(String, String)>) -> BTreeMap<String, Page> {
    let mut pages = BTreeMap::new();
    for (name, html) in written {
        let title = between(&html, "<h1>", "</h1>").unwrap_or("").to_string();
        // (its data-rule, where the sentence states a rule, before the `>`)
        let about = between(&html, "<p class=\"about\"", "</p>")
            .and_then(|p| p.split_once('>'))
            .map_or("", |(_, text)| text)
            .to_string();
        let mut rows = BTreeMap::new();
        for part in html.split("<tr data-piece=\"").skip(1) {
            let key = part.chars().next().unwrap().to_ascii_lowercase();
            let name = between(part, "<td>", "</td>").unwrap_or("").to_string();
            rows.insert(key, name);
        }
        pages.insert(name, (title, about, rows));
    }
    pages
}

fn written() -> &'static Written {
    static W: OnceLock<Written> = OnceLock::new();
    W.get_or_init(|| {
        let reference = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/fairy-stockfish-variants.ini"
        );
        let (b, b_index) = common::written_and_index("names-builtins", &["--builtins"]);
        let (r, r_index) = common::written_and_index("names-reference", &[reference, "--all"]);
        Written {
            builtins: read_pages(b),
            reference: read_pages(r),
            catalogues: [b_index, r_index],
        }
    })
}

fn page(name: &str) -> &'static Page {
    let w = written();
    w.builtins
        .get(name)
        .or_else(|| w.reference.get(name))
        .unwrap_or_else(|| panic!("no page {name}"))
}

#[test]
fn every_page_is_written() {
    let w = written();
    assert_eq!(w.builtins.len(), 121);
    assert_eq!(w.reference.len(), 143);
}

#[test]
fn the_pieces_have_their_players_names() {
    assert!(TABLE.len() >= 15);
    let mut wrong = Vec::new();
    for (variant, names) in TABLE {
        let (_, _, rows) = page(variant);
        for (letter, name) in *names {
            match rows.get(letter) {
                Some(n) if n == name => {}
                other => wrong.push(format!("{variant} {letter}: {other:?}, not {name}")),
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn no_piece_is_called_piece_x_or_a_bare_letter() {
    let w = written();
    let mut bad = Vec::new();
    for (name, (_, _, rows)) in w.builtins.iter().chain(&w.reference) {
        for (letter, n) in rows {
            let bare = n.chars().count() == 1;
            if n.starts_with("Piece ") || bare || n.is_empty() {
                bad.push(format!("{name} {letter}: {n:?}"));
            }
        }
    }
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn every_title_is_as_players_write_it_with_its_sentence_under_it() {
    let w = written();
    let mut bad = Vec::new();
    for (name, (title, about, _)) in w.builtins.iter().chain(&w.reference) {
        let e = piece_names::entry(name).unwrap_or_else(|| panic!("{name}: no entry"));
        if title != &e.title {
            bad.push(format!("{name}: title {title:?}, not {:?}", e.title));
        }
        if about != &e.about {
            bad.push(format!("{name}: sentence {about:?}"));
        }
        // A title that is the section's name capitalised is one players
        // write so (Chess, Shogi, Xiangqi): it is the entry's own.
        let mut c = name.chars();
        let capitalised: String = c
            .next()
            .map(|f| f.to_uppercase().chain(c).collect())
            .unwrap_or_default();
        if title == &capitalised && !e.title.eq(&capitalised) {
            bad.push(format!("{name}: the capitalised name"));
        }
    }
    for (name, t) in TITLES {
        if &page(name).0 != t {
            bad.push(format!("{name}: {:?}, not {t:?}", page(name).0));
        }
    }
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn the_catalogue_groups_by_family_and_says_what_each_game_is() {
    let w = written();
    let [b, r] = &w.catalogues;
    for (catalogue, family, about) in [
        (
            b,
            "Shogi and its variants",
            piece_names::about("shogi").unwrap(),
        ),
        (
            b,
            "Xiangqi, Janggi and their variants",
            piece_names::about("janggitraditional").unwrap(),
        ),
        (r, "Different armies", piece_names::about("orda").unwrap()),
    ] {
        assert!(
            catalogue.contains(&format!("<h2>{family}</h2>")),
            "{family}"
        );
        let about = about.replace('\'', "&#39;");
        assert!(
            catalogue.contains(&about) || catalogue.contains(about.as_str()),
            "{about}"
        );
    }
    // Each family's heading comes before its variants: Shogi is listed
    // under the Shogi heading, not under Chess.
    let shogi = b.find("<h2>Shogi and its variants</h2>").unwrap();
    let xiangqi = b
        .find("<h2>Xiangqi, Janggi and their variants</h2>")
        .unwrap();
    let link = b.find("href=\"shogi.html\"").unwrap();
    assert!(shogi < link && link < xiangqi);
}

#[test]
fn a_users_section_of_the_same_name_with_other_pieces_gets_no_players_names() {
    // A file of one's own with a [shogun] section whose `c` is no Captain.
    let text = "[shogun:chess]\ncustomPiece1 = c:mRcpR\n\
                startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNC w - - 0 1\n";
    let v = &glance::variant::read(text, "mine.ini").unwrap()[0];
    let names = glance::tools::variant_page::Names::default();
    let c = v.piece('c').unwrap();
    assert_eq!(
        glance::tools::variant_page::piece_name(v, c, &names),
        "Cannon"
    );
    assert!(piece_names::Known::of(v).is_none());
}
