//! `glance page`: a zero-code rules page written from a variant of a
//! Fairy-Stockfish `variants.ini` ([`crate::variant`]).
//!
//! The page has the look of XBoard's rules pages: a title, the "Initial
//! setup" text (a line per piece and side, `a2-h2: Pawn`, which
//! [`crate::page::setup`] reads back for the start ranks of `i` moves)
//! beside its picture, a Moves-at-a-Glance board of the variant's size
//! with each side's copy of every piece it meets (`src/variant/meet.rs`) and the
//! legend beside it, `<p id="piece">`, the piece table (`Piece | ID |
//! value | Moves (Betza notation) | Remarks`), per piece a section with its
//! moves in words ([`crate::engine::describe`]) and a static diagram drawn
//! here by the engine (`<table class="diagram" data-diagram="KEY">`: HTML
//! only, shown with JavaScript off), and the game's rules.
//!
//! `view.rs` works out what the page shows; `templates/` lays it out;
//! `variant::meet` says which pieces each side meets and the board shows;
//! `layout.rs` places them.
//!
//! Names: a piece takes the name its author gives, in the section as a
//! comment `# glance: name customPiece1 = Dragon` (the slot or the
//! letter), or on the command line (`--name d=Dragon`, which wins); else
//! the name its players use, for a built-in or a section of
//! Fairy-Stockfish's reference file whose definition matches
//! ([`crate::variant::piece_names`]); else a predefined type is named
//! after its type (`dragonHorse` is "Dragon Horse") and a custom piece
//! gets a name made from its Betza (`BW` "Dragon Horse", `mQ`
//! "Non-capturing Queen"), never a bare letter.
//!
//! ```
//! use glance::tools::variant_page::{write_page, Names, Options};
//! let text = "[mini:chess]\nmaxFile = 6\nmaxRank = 6\nbishop = -\n\
//!             customPiece1 = e:mRcpR\n# glance: name e = Cannon\n\
//!             startFen = rnekqr/pppppp/6/6/PPPPPP/RNEKQR w - - 0 1\n";
//! let variants = glance::variant::read(text, "mini.ini").unwrap();
//! let names = Names::from_comments(text);
//! let html = write_page(&variants[0], &names, &Options::default()).unwrap();
//! assert!(html.contains("<td>Cannon</td>"));
//! assert!(html.contains("a2-f2: Pawn"));
//! let checked = glance::page::html::Document::parse(&html).read().check();
//! assert!(checked.findings.is_empty(), "{:?}", checked.findings);
//! ```

use std::collections::BTreeMap;
use std::fmt;

use crate::variant::piece_names::{self, Family};
use crate::variant::prose;
use crate::variant::{Skip, Variant, VariantPiece};

mod command;
pub mod file_name;
mod hand;
mod layout;
pub mod limits;
mod look;
mod templates;
mod view;

pub use command::{RunOptions, run};
pub use limits::Limits;
pub use templates::lines;

/// The comment every written page carries: a page without it is not
/// overwritten (unless forced).
pub const MARKER: &str = "<!-- Written by glance page";

/// How pages are written.
#[derive(Clone, Debug)]
pub struct Options {
    /// The `src` of the script (`glance.js`).
    pub script_src: String,
    /// The ini file's name, for the page's comment.
    pub source: String,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            script_src: "glance.js".into(),
            source: "variants.ini".into(),
        }
    }
}

/// Names the author gives to pieces: per section (`None` = every
/// section), by slot (`customPiece1`) or letter (lower case).
#[derive(Clone, Debug, Default)]
pub struct Names {
    map: BTreeMap<(Option<String>, String), String>,
}

impl Names {
    /// The `# glance: name KEY = NAME` comments of a definition file, each
    /// for the section it is in.
    pub fn from_comments(text: &str) -> Names {
        let mut names = Names::default();
        let mut section: Option<String> = None;
        for line in text.lines() {
            let line = line.trim();
            if let Some(h) = line.strip_prefix('[') {
                let h = h.split(']').next().unwrap_or("");
                section = Some(h.split(':').next().unwrap_or("").trim().to_string());
                continue;
            }
            let Some(rest) = line
                .strip_prefix(['#', ';'])
                .map(str::trim)
                .and_then(|r| r.strip_prefix("glance:"))
                .and_then(|r| r.trim().strip_prefix("name "))
            else {
                continue;
            };
            if let Some((k, v)) = rest.split_once('=') {
                names.add(section.clone(), k.trim(), v.trim());
            }
        }
        names
    }

    /// Adds a name; `section` `None` names the piece in every section
    /// (the command line's `--name`), and wins over a section's own.
    pub fn add(&mut self, section: Option<String>, key: &str, name: &str) {
        let key = if key.chars().count() == 1 {
            key.to_ascii_lowercase()
        } else {
            key.to_string()
        };
        if !name.is_empty() {
            self.map.insert((section, key), name.to_string());
        }
    }

    fn get(&self, variant: &str, p: &VariantPiece) -> Option<&str> {
        let letter = p.letter.to_string();
        [None, Some(variant.to_string())]
            .into_iter()
            .find_map(|s| {
                self.map
                    .get(&(s.clone(), p.name.clone()))
                    .or_else(|| self.map.get(&(s, letter.clone())))
            })
            .map(String::as_str)
    }
}

/// The custom pieces of `v` defined in its file (not by a built-in parent)
/// that no `# glance: name` comment or `--name` names: their pages give
/// them a name made from their Betza, which `glance lint FILE.ini` warns of.
///
/// ```
/// use glance::tools::variant_page::{unnamed, Names};
/// let text = "[a:chess]\ncustomPiece1 = e:mRcpR\ncustomPiece2 = f:W\n# glance: name f = Wazir\n";
/// let v = &glance::variant::read(text, "a.ini").unwrap()[0];
/// let names = Names::from_comments(text);
/// let letters: Vec<char> = unnamed(v, &names).iter().map(|p| p.letter).collect();
/// assert_eq!(letters, ['e']);
/// ```
pub fn unnamed<'a>(v: &'a Variant, names: &Names) -> Vec<&'a VariantPiece> {
    v.pieces
        .iter()
        .filter(|p| p.line > 0 && p.name.starts_with("customPiece"))
        .filter(|p| names.get(&v.name, p).is_none())
        .collect()
}

/// Why a variant gets no page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageError {
    /// The line of the piece (or of the section) at fault.
    pub line: usize,
    pub what: String,
}

impl fmt::Display for PageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.what)
    }
}

/// The name a piece is shown by: the author's, the name its players use
/// ([`crate::variant::piece_names`], for a built-in or a reference-file
/// section whose definition matches), the predefined type's in players'
/// words (`fers` "Ferz", `shogiPawn` "Pawn", `dragonHorse` "Dragon
/// Horse"), or one made from its Betza ([`piece_names::made_name`]; with
/// its Betza after it, `Commoner (WF)`, where another piece of the
/// variant has the same name, or "Left" and "Right" before it where the
/// two are each other's mirror image: Gethenian's `Left Bishop`).
pub fn piece_name(variant: &Variant, p: &VariantPiece, names: &Names) -> String {
    // The name, and whether it was made from the Betza.
    let base = |p: &VariantPiece| -> (String, bool) {
        if let Some(n) = names.get(&variant.name, p) {
            return (n.to_string(), false);
        }
        if let Some(n) = piece_names::Known::of(variant).and_then(|k| k.piece(p.letter, &p.betza)) {
            return (n.to_string(), false);
        }
        if p.name.starts_with("customPiece") {
            return (piece_names::made_name(&p.betza), true);
        }
        let players = match p.name.as_str() {
            "fers" => "Ferz",
            "bers" => "Dragon King",
            "fersAlfil" => "Elephant",
            "silver" => "Silver General",
            "gold" => "Gold General",
            "aiwok" => "Ai-wok",
            "shogiPawn" => "Pawn",
            "shogiKnight" => "Knight",
            "janggiCannon" => "Cannon",
            "janggiElephant" => "Elephant",
            "clobber" | "immobile" => "Stone",
            "breakthrough" => "Pawn",
            _ => "",
        };
        if !players.is_empty() {
            return (players.to_string(), false);
        }
        let mut out = String::new();
        for (i, c) in p.name.chars().enumerate() {
            if i == 0 {
                out.push(c.to_ascii_uppercase());
            } else if c.is_ascii_uppercase() {
                out.push(' ');
                out.push(c);
            } else {
                out.push(c);
            }
        }
        (out, false)
    };
    let (name, made) = base(p);
    if !made {
        return name;
    }
    let clash: Vec<&VariantPiece> = variant
        .pieces
        .iter()
        .filter(|o| o.letter != p.letter && base(o).0 == name)
        .collect();
    if clash.is_empty() {
        return name;
    }
    // A mirror pair: the Left and the Right one.
    if let ([o], Ok(mine)) = (clash.as_slice(), &p.pages) {
        if let Some(hand) = o
            .pages
            .as_ref()
            .ok()
            .and_then(|theirs| piece_names::hand(mine, theirs))
        {
            return format!("{hand} {name}");
        }
    }
    format!("{name} ({})", p.pages.as_deref().unwrap_or(&p.betza))
}

/// The page of one variant, or why it cannot be written (a piece whose
/// moves the pages cannot spell).
pub fn write_page(v: &Variant, names: &Names, opts: &Options) -> Result<String, PageError> {
    let page = view::build(v, names, opts)?;
    Ok(templates::lines(templates::document::page(&page)))
}

/// What the catalogue says of one written page (`DIR/index.html`).
#[derive(Clone, Debug)]
pub struct Entry {
    /// The section's name: the page is `NAME.html`, its picture `NAME.png`.
    pub name: String,
    pub title: String,
    /// One sentence: what kind of game it is (empty when unknown).
    pub about: String,
    /// Its family, where known ([`piece_names::Family`]).
    pub family: Option<Family>,
    pub files: u8,
    pub ranks: u8,
    /// The pieces' names, in the order of the piece table.
    pub pieces: Vec<String>,
    /// Whether the page shows a setup picture.
    pub picture: bool,
}

impl Entry {
    /// The catalogue's line for a variant whose page was written.
    pub fn of(v: &Variant, names: &Names) -> Entry {
        let known = piece_names::Known::of(v);
        Entry {
            name: v.name.clone(),
            title: title(v),
            about: known.map_or(String::new(), |k| k.entry.about.clone()),
            family: known.map(|k| k.entry.family),
            files: v.files,
            ranks: v.ranks,
            pieces: view::shown(v)
                .into_iter()
                .map(|p| piece_name(v, p, names))
                .collect(),
            picture: !v.start.is_empty(),
        }
    }
}

/// The catalogue of written pages (`index.html` beside them): per page its
/// name, board size, setup picture, pieces and a link, relative links
/// only (it works served and from `file://`).
///
/// It carries [`MARKER`] in its head, as every page does, so that a later
/// run replaces it and nothing else (`glance page` refuses to overwrite an
/// `index.html` without it).
pub fn write_catalogue(entries: &[Entry], source: &str) -> String {
    let html = templates::lines(templates::catalogue::catalogue(entries, source));
    let head = "<meta charset=\"utf-8\">";
    let marker = format!(
        "{MARKER}: the catalogue of the pages of {}; glance page overwrites it, not a file it did not write. -->",
        comment_text(source)
    );
    match html.find(head) {
        Some(at) => {
            let at = at + head.len();
            format!("{}{marker}{}", &html[..at], &html[at..])
        }
        None => format!("{marker}{html}"),
    }
}

/// `text` as it can stand inside an HTML comment: no `>` (written
/// `&gt;`, which a comment shows as it is) and no `--`, so that nothing in
/// it ends the comment.
pub(super) fn comment_text(text: &str) -> String {
    let mut out = text.replace('>', "&gt;");
    while out.contains("--") {
        out = out.replace("--", "- -");
    }
    out
}

fn skip_text(s: Skip) -> String {
    format!("its moves cannot be written in the pages' Betza: {s}")
}

/// The title: as its players write it, for a built-in or a reference-file
/// section whose definition matches ([`piece_names::Known`]); else the
/// section's name capitalised.
fn title(v: &Variant) -> String {
    if let Some(k) = piece_names::Known::of(v) {
        return k.entry.title.clone();
    }
    let mut c = v.name.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// The one sentence saying what kind of game `v` is, with the claims of
/// the rules it states (its entry's `about_keys`): a plain key's value is
/// the variant's own ([`crate::variant::claims::claims`], as [`prose::fill`]
/// gives it), an `fsf:` claim's the value the game's rules sentences
/// (`rules`, [`prose::rules`]) claim for it. Beside it, the listed
/// keys that resolve to nothing (no such claim of the variant, or no
/// rules sentence claiming it): left out of the sentence's claims, and an
/// error a unit test catches over every entry. None where `v` is not a
/// variant the data knows ([`piece_names::Known::of`]).
pub fn about_sentence(v: &Variant, rules: &prose::Rules) -> Option<(prose::Sentence, Vec<String>)> {
    let k = piece_names::Known::of(v)?;
    let table = crate::variant::claims::claims(v);
    let mut s = prose::Sentence::new(k.entry.about.as_str());
    let mut missing = Vec::new();
    for key in &k.entry.about_keys {
        let value = if key.starts_with("fsf:") {
            rules
                .ends
                .iter()
                .chain(&rules.beyond)
                .flat_map(|s| &s.claims)
                .find(|(k, _)| k == key)
                .map(|(_, x)| x.clone())
        } else {
            table.iter().find(|(k, _)| k == key).map(|(_, x)| x.clone())
        };
        match value {
            Some(x) => s.claims.push((key.clone(), x)),
            None => missing.push(key.clone()),
        }
    }
    Some((s, missing))
}

/// The one sentence saying what kind of game it is, where known, with
/// the claims of the rules it states (its entry's `about_keys`, valued by
/// [`about_sentence`] from the variant and the page's rules
/// sentences `rules`; the unit test `every_about_key_resolves` fails on a
/// key that resolves to nothing).
fn about(v: &Variant, rules: &prose::Rules) -> Option<prose::Sentence> {
    about_sentence(v, rules).map(|(s, _)| s)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every entry's `about_keys` resolves, on the variant it is the
    /// entry of, as the page resolves it (the rules sentences the page
    /// says): every built-in and every section of the reference file.
    #[test]
    fn every_about_key_resolves() {
        const REFERENCE: &str =
            include_str!("../../../tests/fixtures/fairy-stockfish-variants.ini");
        let mut listed = 0;
        for (text, file) in [
            (crate::variant::builtin::TEXT, "builtins.ini"),
            (REFERENCE, "fairy-stockfish-variants.ini"),
        ] {
            let names = Names::from_comments(text);
            for v in crate::variant::read_each(text, file).into_iter().flatten() {
                let letters: Vec<char> = view::shown(&v).iter().map(|p| p.letter).collect();
                let rules = prose::rules(&v, &|c| view::letter_name(&v, &names, c), &|c| {
                    letters.contains(&c)
                });
                let Some((s, missing)) = about_sentence(&v, &rules) else {
                    continue;
                };
                assert!(
                    missing.is_empty(),
                    "[{}] ({file}): about_keys {missing:?} resolve to nothing",
                    v.name
                );
                listed += s.claims.len();
            }
        }
        assert!(listed > 0);
    }

    #[test]
    fn a_listed_key_that_resolves_to_nothing_is_caught() {
        // Without the rules sentences that claim them, Three-check's
        // fsf:checksWhite resolves to nothing; its plain keys still do.
        let v = crate::variant::read_each(crate::variant::builtin::TEXT, "builtins.ini")
            .into_iter()
            .flatten()
            .find(|v| v.name == "3check")
            .unwrap();
        let (s, missing) = about_sentence(&v, &prose::Rules::default()).unwrap();
        assert!(
            missing.contains(&"fsf:checksWhite".to_string()),
            "{missing:?}"
        );
        assert!(
            s.claims
                .iter()
                .any(|(k, v)| k == "checkCounting" && v == "true")
        );
    }

    #[test]
    fn the_catalogue_carries_the_marker_in_a_comment_nothing_ends() {
        let html = write_catalogue(&[], "a--->b.ini");
        let at = html.find(MARKER).unwrap();
        assert!(html[..at].ends_with("<meta charset=\"utf-8\">"), "{html}");
        let end = html[at..].find("-->").unwrap();
        assert!(
            html[at..at + end].ends_with("of the pages of a- - -&gt;b.ini; glance page overwrites it, not a file it did not write. "),
            "{html}"
        );
    }

    #[test]
    fn names_come_from_comments_then_type_then_letter() {
        let text = "[a:chess]\ncustomPiece1 = d:BW\n# glance: name customPiece1 = Dragon\n\
                    [b:chess]\ncustomPiece1 = d:BW\ncustomPiece2 = e:N\n";
        let vs = crate::variant::read(text, "t.ini").unwrap();
        let names = Names::from_comments(text);
        let d = |v: &Variant| piece_name(v, v.piece('d').unwrap(), &names);
        assert_eq!(d(&vs[0]), "Dragon");
        assert_eq!(d(&vs[1]), "Dragon Horse");
        assert_eq!(
            piece_name(&vs[1], vs[1].piece('q').unwrap(), &names),
            "Queen"
        );
        let mut cli = names.clone();
        cli.add(None, "D", "Drake");
        assert_eq!(d(&vs[1]), "Dragon Horse");
        assert_eq!(piece_name(&vs[1], vs[1].piece('d').unwrap(), &cli), "Drake");
        assert_eq!(piece_name(&vs[0], vs[0].piece('d').unwrap(), &cli), "Drake");
    }

    #[test]
    fn a_pawn_stands_in_the_double_step_region_not_on_a_start_square_outside_it() {
        // Orda's Black pawns start on the sixth rank; Fairy-Stockfish lets
        // them double-step from its default region, the seventh rank only
        // (pyffish: no a6a4 from the start position, a7a5 from a7).
        let text =
            "[o:chess]\nstartFen = rnbqkbnr/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
        let vs = crate::variant::read(text, "t.ini").unwrap();
        let h = write_page(&vs[0], &Names::default(), &Options::default()).unwrap();
        // a7 is sq0x6, a6 sq0x5: the Black pawn stands on a7.
        assert!(
            h.contains("id=\"sq0x6\" data-piece=\"P\" data-side=\"black\""),
            "{h}"
        );
        assert!(!h.contains("id=\"sq0x5\" data-piece=\"P\""), "{h}");
        // White's pawns start in the region: a2.
        assert!(h.contains("id=\"sq0x1\" data-piece=\"P\">"), "{h}");
    }

    #[test]
    fn a_pawn_one_step_from_promoting_is_pressed_beside_the_board() {
        // pyffish, chess, `4k3/2P5/8/8/8/8/8/4K3 w - - 0 1` (validate_fen
        // 1): c7's moves are c7c8q, c7c8r, c7c8b, c7c8n: c8 (sq2x7)
        // promotes, forced.
        let h = page("[c:chess]\n");
        assert!(
            h.contains(r#"data-promotion="c7" data-fen="4k3/2P5/8/8/8/8/8/4K3 w - - 0 1""#),
            "{h}"
        );
        assert!(h.contains(" 2,7=promote\""), "{h}");
        assert!(h.contains("Promotion is forced there."), "{h}");
        assert!(h.contains("A move here promotes"), "{h}");
    }

    #[test]
    fn a_remark_that_states_a_rule_says_what_it_claims() {
        // Xiangqi's Advisor keeps to the palace (variant.cpp:
        // mobilityRegion[WHITE][FERS] = the King's, d1-f3), its General
        // is royal; pyffish: an Advisor on c3 (Kings on e1 and d10)
        // moves to d2 only.
        let h = page("[x:xiangqi]\n");
        assert!(
            h.contains(
                r#"<span data-rule="mobilityRegionWhiteFers=d1 e1 f1 d2 e2 f2 d3 e3 f3; mobilityRegionBlackFers=d8 e8 f8 d9 e9 f9 d10 e10 f10">Moves only within"#
            ),
            "{h}"
        );
        assert!(
            h.contains(r#"<span data-rule="king=k">Royal: must not be left in check</span>"#),
            "{h}"
        );
        // A remark of what the board shows claims nothing.
        let a = page("[a:atomic]\n");
        assert!(
            a.contains("<td>Never captures: a capture would blow it up</td>"),
            "{a}"
        );
        // Crowded xiangqi's Elephant may go anywhere on its five ranks
        // (pyffish: `4k4/9/9/9/2B1K4 w`, c1e3 e5d5, then e3c5 is legal):
        // said, and both whole-board regions claimed.
        let c = page(
            "[c:xiangqi]\nmaxRank = 5\nstartFen = rnbakabnr/pcp1p1pcp/9/PCP1P1PCP/RNBAKABNR w - - 0 1\n\
             mobilityRegionBlackKing = d3 e3 f3 d4 e4 f4 d5 e5 f5\n\
             mobilityRegionBlackFers = d3 e3 f3 d4 e4 f4 d5 e5 f5\n\
             mobilityRegionBlackElephant = *1 *2 *3 *4 *5\nsoldierPromotionRank = 4\n",
        );
        assert!(c.contains("mobilityRegionWhiteElephant=a1 b1"), "{c}");
        assert!(c.contains("mobilityRegionBlackElephant=a1 b1"), "{c}");
        assert!(
            c.contains("May cross the river: it moves anywhere on the board"),
            "{c}"
        );
    }

    #[test]
    fn a_piece_gated_in_is_pressed_beside_the_board() {
        // pyffish, seirawan, `4k3/8/8/8/8/8/8/RNBQKBNR[H] w KQBCDFG - 0 1`
        // (validate_fen 1): the moves with the suffix `h` start on a1 to
        // h1 (`b1c3h`, `e1e2h`...): every first-rank square is a gate.
        let h = page("[s:seirawan]\n");
        assert!(
            h.contains(r#"data-gating="H" data-fen="4k3/8/8/8/8/8/8/RNBQKBNR[H] w KQBCDFG - 0 1""#),
            "{h}"
        );
        assert!(h.contains(" 0,0=gate 1,0=gate "), "{h}");
        assert!(h.contains(" 7,0=gate\""), "{h}");
        // Black's, on its own first rank: a8 to h8.
        assert!(
            h.contains(r#"data-side="black" data-gating="e" data-fen="rnbqkbnr/8/8/8/8/8/8/4K3[e] b kqbcdfg - 0 1""#),
            "{h}"
        );
        assert!(h.contains(" 0,7=gate 1,7=gate "), "{h}");
        assert!(h.contains("<h3>Gating</h3>"), "{h}");
        assert!(h.contains("A piece in hand may enter here"), "{h}");
        // Chess gates nothing.
        assert!(!page("[c:chess]\n").contains("data-gating"));
    }

    fn page(text: &str) -> String {
        let v = crate::variant::last_for_tests(text);
        write_page(&v, &Names::default(), &Options::default()).unwrap()
    }

    #[test]
    fn data_start_says_the_double_step_ranks_where_the_setup_does_not() {
        // Upside-down chess: White's pawns start on the seventh rank and
        // Black's on the second, but the double step is only from White's
        // second rank and Black's seventh (doubleStepRegion *2, *7): rank
        // 2 of each side. The pawns stand there: a2 White, a7 Black.
        let h =
            page("[u:chess]\nstartFen = RNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbkqbnr w - - 0 1\n");
        assert!(h.contains("<tr data-piece=\"P\" data-start=\"2\">"), "{h}");
        assert!(h.contains("id=\"sq0x1\" data-piece=\"P\">"), "{h}");
        assert!(
            h.contains("id=\"sq0x6\" data-piece=\"P\" data-side=\"black\""),
            "{h}"
        );
        // Orda-mirror's pawns start on the third rank, double-step from
        // the second.
        let h =
            page("[o:chess]\nstartFen = rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1\n");
        assert!(h.contains("<tr data-piece=\"P\" data-start=\"2\">"), "{h}");
        // Chess: the setup text already says rank 2.
        let h = page("[c:chess]\n");
        assert!(h.contains("<tr data-piece=\"P\">"), "{h}");
    }

    #[test]
    fn a_side_has_on_the_board_only_the_pieces_its_game_has() {
        // Maharajah: White has the Maharajah alone (no Pawn, so no
        // promotion either); Black the chess army.
        let h = page(
            "[m:chess]\namazon = m\n\
             pieceToCharTable = PNBRQ.............MKpnbrq.............mk\n\
             startFen = rnbqkbnr/pppppppp/8/8/8/8/8/4M3 w kq - 0 1\n",
        );
        assert!(h.contains("id=\"sq4x0\" data-piece=\"M\">"), "{h}");
        for k in ["P", "N", "B", "R", "Q", "K"] {
            assert!(!h.contains(&format!("data-piece=\"{k}\"><img")), "{k}");
            assert!(
                h.contains(&format!("data-piece=\"{k}\" data-side=\"black\"><img")),
                "{k}"
            );
        }
        assert!(!h.contains("data-piece=\"M\" data-side=\"black\""), "{h}");
        // Forward: the King is a promoted Gold (+G), no side starts with
        // one: a row, no cell.
        let h = page(
            "[f:chess]\ncastling = false\nlance = l\ncustomPiece1 = g:fFfW\n\
             customPiece2 = e:ffNfsN\ncustomPiece3 = s:fB\ncustomPiece4 = f:fBfR\n\
             promotedPieceType = l:r e:n s:b f:q g:k\n\
             pieceToCharTable = PNBRQGE......S.F..LKpnbrqge......s.f..lk\n\
             startFen = lesfgsel/pppppppp/8/8/8/8/PPPPPPPP/LESFGSEL w - - 0 1\n",
        );
        assert!(h.contains("<tr data-piece=\"K\">"), "{h}");
        assert!(!h.contains("data-piece=\"K\"><img"), "{h}");
        assert!(!h.contains("data-piece=\"K\" data-side"), "{h}");
    }

    #[test]
    fn a_triple_step_is_written_in_the_betza() {
        // Wildebeest: the pawns step up to three squares from their first
        // rank of pawns, two also from the next (doubleStepRegion *2 *3,
        // tripleStepRegion *2; Black *9 *8, *9 on ten ranks).
        let h = page(
            "[w:chess]\nmaxRank = 10\ndoubleStepRegionWhite = *2 *3\n\
             doubleStepRegionBlack = *9 *8\ntripleStepRegionWhite = *2\n\
             tripleStepRegionBlack = *9\n\
             startFen = rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n",
        );
        assert!(h.contains("<td>fmWfcFifmW3</td>"), "{h}");
        assert!(h.contains("<tr data-piece=\"P\">"), "{h}");
        assert!(h.contains("two also from its 3rd rank"), "{h}");
    }

    #[test]
    fn a_piece_the_pages_cannot_spell_gives_no_page() {
        // (q: the letter takes the Queen's place in the start position, so
        // the piece is one a player meets.)
        let text = "[j:chess]\ncustomPiece1 = q:cpR2\n";
        let vs = crate::variant::read(text, "t.ini").unwrap();
        let e = write_page(&vs[0], &Names::default(), &Options::default()).unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        assert!(e.what.contains("customPiece1"), "{e}");
    }
}
