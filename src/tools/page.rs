//! `glance page`: a zero-code rules page written from a variant of a
//! Fairy-Stockfish `variants.ini` ([`crate::variant`]).
//!
//! The page has the look of XBoard's rules pages: a title, the "Initial
//! setup" text (a line per piece and side, `a2-h2: Pawn`, which
//! [`crate::page::setup`] reads back for the start ranks of `i` moves), a
//! Moves-at-a-Glance board of the variant's size with a White and a Black
//! copy of every piece of the definition, `<p id="piece">`, the piece table
//! (`Piece | ID | value | Moves (Betza notation) | Remarks`) and, per piece,
//! a text diagram drawn here by the engine (`<pre data-diagram="KEY">`), so
//! that the moves show with JavaScript off.
//!
//! Names: a predefined piece type is named after its type (`dragonHorse`
//! is "Dragon Horse"); a custom piece takes the name its author gives, in
//! the section as a comment `# glance: name customPiece1 = Dragon` (the
//! slot or the letter), or on the command line (`--name d=Dragon`, which
//! wins); else it is "Piece D".
//!
//! ```
//! use glance::tools::page::{write_page, Names, Options};
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
use std::fmt::{self, Write};

use crate::engine::{betza, text};
use crate::variant::{Colour, Skip, Variant, VariantPiece};
use crate::{Diagram, Square, SquareSet};

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

/// The name a piece is shown by: the author's, the predefined type's, or
/// `Piece X`.
pub fn piece_name(variant: &Variant, p: &VariantPiece, names: &Names) -> String {
    if let Some(n) = names.get(&variant.name, p) {
        return n.to_string();
    }
    if p.name.starts_with("customPiece") {
        return format!("Piece {}", p.letter.to_ascii_uppercase());
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
    out
}

/// XBoard's image for a predefined type (`Rook`), and whether a Black one
/// exists in its set (scripts/make-assets.py's PIECES).
fn image(p: &VariantPiece) -> Option<(&'static str, bool)> {
    Some(match p.name.as_str() {
        "pawn" => ("Pawn", true),
        "knight" => ("Knight", true),
        "bishop" => ("Bishop", true),
        "rook" => ("Rook", true),
        "queen" => ("Queen", true),
        "king" => ("King", true),
        "archbishop" => ("Archbishop", true),
        "chancellor" => ("Chancellor", false),
        "commoner" => ("Commoner", false),
        "lance" => ("Lance", true),
        "gold" => ("Gold", false),
        _ => return None,
    })
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The page of one variant, or why it cannot be written (a piece whose
/// moves the pages cannot spell).
pub fn write_page(v: &Variant, names: &Names, opts: &Options) -> Result<String, PageError> {
    let mut rows = Vec::new();
    for p in &v.pieces {
        match &p.pages {
            Ok(b) => rows.push((p, piece_name(v, p, names), b.clone())),
            Err(skip) => {
                return Err(PageError {
                    line: if p.line == 0 { v.line } else { p.line },
                    what: format!(
                        "[{}] {} ({}): {}",
                        v.name,
                        p.name,
                        p.betza,
                        skip_text(*skip)
                    ),
                })
            }
        }
    }
    let title = esc(&title(&v.name));
    let mut h = String::with_capacity(16 * 1024);
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n  <meta charset=\"utf-8\">\n  <title>{title}</title>\n  \
         {MARKER} from [{}] of {}: glance page overwrites it, not a page it did not write. -->\n  \
         <link rel=\"stylesheet\" href=\"moves.css\">\n  <script src=\"{}\"></script>\n</head>\n<body>\n  <h1>{title}</h1>\n",
        esc(&v.name),
        esc(&opts.source),
        esc(&opts.script_src)
    );
    setup(&mut h, v, &rows);
    board(&mut h, v, &rows);
    table(&mut h, v, &rows);
    diagrams(&mut h, v, &rows)?;
    h.push_str("</body>\n</html>\n");
    Ok(h)
}

fn skip_text(s: Skip) -> String {
    format!("its moves cannot be written in the pages' Betza: {s}")
}

fn title(name: &str) -> String {
    let mut c = name.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

type Row<'a> = (&'a VariantPiece, String, String);

/// The "Initial setup" section: per side, per piece, its squares, runs
/// along a rank written `a2-h2`.
fn setup(h: &mut String, v: &Variant, rows: &[Row]) {
    h.push_str("\n  <h3>Initial setup</h3>\n");
    if v.start.is_empty() {
        h.push_str("\n  <p>The board is empty at the start.</p>\n");
    }
    for (colour, side) in [(Colour::White, "White"), (Colour::Black, "Black")] {
        let lines: Vec<String> = rows
            .iter()
            .filter_map(|(p, name, _)| {
                let squares: Vec<Square> = v
                    .start
                    .iter()
                    .filter(|s| s.letter == p.letter && s.colour == colour)
                    .map(|s| s.square)
                    .collect();
                (!squares.is_empty()).then(|| format!("{}: {}", runs(&squares), esc(name)))
            })
            .collect();
        if !lines.is_empty() {
            let _ = write!(
                h,
                "\n  <h4>{side}</h4>\n\n  <p>{}</p>\n",
                lines.join("<br>\n  ")
            );
        }
    }
    if !v.start.is_empty() {
        // The picture `make-assets.py --pages DIR --setups-only` draws
        // beside the page from what `glance setup` reads in the lines
        // above (the start position of the section's startFen).
        let _ = write!(
            h,
            "\n  <p><img src=\"{0}.png\" alt=\"The initial setup of {1}\" data-fen=\"{2}\"></p>\n",
            esc(&v.name),
            esc(&title(&v.name)),
            board_fen(v)
        );
    }
}

/// The board part of the start position's FEN (no walls, no promoted
/// marks, no pieces in hand): what the setup picture draws.
fn board_fen(v: &Variant) -> String {
    let mut grid = vec![vec![None; usize::from(v.files)]; usize::from(v.ranks)];
    for s in &v.start {
        let letter = match s.colour {
            Colour::White => s.letter.to_ascii_uppercase(),
            Colour::Black => s.letter.to_ascii_lowercase(),
        };
        if let Some(cell) = grid
            .get_mut(usize::from(s.square.rank()))
            .and_then(|r| r.get_mut(usize::from(s.square.file())))
        {
            *cell = Some(letter);
        }
    }
    crate::tools::setup::fen_of(&grid)
}

/// `a2-h2, a4`: squares (sorted by rank, then file) as runs along ranks.
fn runs(squares: &[Square]) -> String {
    let mut sorted = squares.to_vec();
    sorted.sort_by_key(|s| (s.rank(), s.file()));
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let mut j = i;
        while j + 1 < sorted.len()
            && sorted[j + 1].rank() == sorted[i].rank()
            && sorted[j + 1].file() == sorted[j].file() + 1
        {
            j += 1;
        }
        parts.push(if j > i {
            format!("{}-{}", sorted[i], sorted[j])
        } else {
            sorted[i].to_string()
        });
        i = j + 1;
    }
    parts.join(", ")
}

/// Where each piece stands on the Moves-at-a-Glance board: on its first
/// free start square, else on the first free square from its side's edge.
fn placements(v: &Variant, rows: &[Row]) -> BTreeMap<(u8, u8), (usize, Colour)> {
    let mut at: BTreeMap<(u8, u8), (usize, Colour)> = BTreeMap::new();
    for colour in [Colour::White, Colour::Black] {
        let mut left = Vec::new();
        let region = if colour == Colour::White {
            &v.double_step_white
        } else {
            &v.double_step_black
        };
        for (i, (p, _, b)) in rows.iter().enumerate() {
            // A piece with initial moves makes them from the double-step
            // region (Fairy-Stockfish's rule), so it stands on a start
            // square there, else in the region (below): a start square
            // outside it would show moves the engine does not allow.
            let initial = b.contains('i') && !region.is_empty();
            let start = v.start.iter().find(|s| {
                s.letter == p.letter
                    && s.colour == colour
                    && !at.contains_key(&(s.square.file(), s.square.rank()))
                    && (!initial || region.contains(&s.square))
            });
            match start {
                Some(s) => {
                    at.insert((s.square.file(), s.square.rank()), (i, colour));
                }
                None => left.push(i),
            }
        }
        let ranks: Vec<u8> = if colour == Colour::White {
            (0..v.ranks).collect()
        } else {
            (0..v.ranks).rev().collect()
        };
        let mut free = ranks
            .into_iter()
            .flat_map(|r| (0..v.files).map(move |f| (f, r)));
        // A piece with initial moves and no start square (in the region)
        // stands where they are allowed: the double-step region, else its
        // second rank.
        let second = if colour == Colour::White {
            1
        } else {
            v.ranks.saturating_sub(2)
        };
        for i in left {
            if rows[i].2.contains('i') {
                let home = region
                    .iter()
                    .map(|s| (s.file(), s.rank()))
                    .chain((0..v.files).map(|f| (f, second)))
                    .find(|sq| !at.contains_key(sq) && sq.0 < v.files && sq.1 < v.ranks);
                if let Some(sq) = home {
                    at.insert(sq, (i, colour));
                    continue;
                }
            }
            if let Some(sq) = free.by_ref().find(|sq| !at.contains_key(sq)) {
                at.insert(sq, (i, colour));
            }
        }
    }
    at
}

fn board(h: &mut String, v: &Variant, rows: &[Row]) {
    h.push_str("\n  <h3>Moves at a Glance</h3>\n\n  <p>Press a piece to see where it moves.</p>\n\n  <table class=\"board\">\n");
    let at = placements(v, rows);
    for y in (0..v.ranks).rev() {
        h.push_str("    <tr>\n");
        for x in 0..v.files {
            let _ = write!(h, "      <td class=\"n\" id=\"sq{x}x{y}\"");
            if let Some(&(i, colour)) = at.get(&(x, y)) {
                let p = rows[i].0;
                let key = p.letter.to_ascii_uppercase();
                let _ = write!(h, " data-piece=\"{key}\"");
                let black = colour == Colour::Black;
                if black {
                    h.push_str(" data-side=\"black\"");
                }
                h.push('>');
                match image(p) {
                    Some((name, has_black)) if !black || has_black => {
                        let side = if black { "Black" } else { "White" };
                        let _ = write!(h, "<img src=\"sym/{side}{name}.png\" alt=\"\">");
                    }
                    _ => h.push(if black { p.letter } else { key }),
                }
                h.push_str("</td>\n");
            } else {
                h.push_str("></td>\n");
            }
        }
        h.push_str("    </tr>\n");
    }
    h.push_str("  </table>\n\n  <p id=\"piece\">:<br>\n  :</p>\n");
}

fn letters(l: &[char]) -> String {
    l.iter()
        .map(|c| c.to_ascii_uppercase().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn remarks(v: &Variant, p: &VariantPiece, betza: &str) -> String {
    let mut r: Vec<String> = Vec::new();
    if p.royal {
        r.push("Royal: never moves into check".into());
        if v.castling.allowed {
            r.push("castles".into());
        }
    }
    let pr = &v.promotion;
    if pr.pawn_types.contains(&p.letter) && !pr.piece_types_white.is_empty() {
        r.push(format!(
            "promotes to {}{}",
            letters(&pr.piece_types_white),
            if pr.mandatory_pawn { " (must)" } else { "" }
        ));
    }
    for (from, to) in &pr.promoted {
        if *from == p.letter {
            r.push(format!("promotes to {}", to.to_ascii_uppercase()));
        }
    }
    if betza.contains('i') {
        r.push("initial moves from its start squares only".into());
    }
    r.extend(p.special.iter().map(|s| s.to_string()));
    if r.is_empty() {
        return "-".into();
    }
    let mut s = r.join("; ");
    if let Some(f) = s.get(..1) {
        s = f.to_uppercase() + &s[1..];
    }
    esc(&s)
}

fn table(h: &mut String, v: &Variant, rows: &[Row]) {
    h.push_str(
        "\n  <table cellpadding=\"5\" border=\"1\">\n    <tr>\n      <td>Piece</td>\n      <td>ID</td>\n      \
         <td>value</td>\n      <td>Moves (Betza notation)</td>\n      <td>Remarks</td>\n    </tr>\n",
    );
    for (p, name, b) in rows {
        let key = p.letter.to_ascii_uppercase();
        let _ = write!(
            h,
            "    <tr data-piece=\"{key}\">\n      <td>{}</td>\n      <td>{key}</td>\n      <td>-</td>\n      \
             <td>{}</td>\n      <td>{}</td>\n    </tr>\n",
            esc(name),
            esc(b),
            remarks(v, p, b)
        );
    }
    h.push_str("  </table>\n");
}

/// A text diagram per piece: White's moves from the centre of the empty
/// board (from its first start square when it has initial moves).
fn diagrams(h: &mut String, v: &Variant, rows: &[Row]) -> Result<(), PageError> {
    let board = SquareSet::rectangle(v.files, v.ranks).ok_or_else(|| PageError {
        line: v.line,
        what: format!("[{}] a board of {}x{} squares", v.name, v.files, v.ranks),
    })?;
    h.push_str("\n  <h3>Diagrams</h3>\n\n  <p>Where each piece moves on an empty board (White's moves).</p>\n");
    for (p, name, b) in rows {
        let piece = betza::parse(b).map_err(|e| PageError {
            line: p.line.max(v.line),
            what: format!("[{}] {}: {b}: {e}", v.name, p.name),
        })?;
        let from = v
            .start
            .iter()
            .find(|s| b.contains('i') && s.letter == p.letter && s.colour == Colour::White)
            .map_or_else(|| Square::centre(v.files, v.ranks), |s| s.square);
        let d = Diagram::compute(&piece, from, Colour::White, &board, &SquareSet::EMPTY);
        let key = p.letter.to_ascii_uppercase();
        let _ = write!(
            h,
            "\n  <h4>{}</h4>\n\n  <pre data-diagram=\"{key}\">\n{}</pre>\n",
            esc(name),
            esc(&text::render(&d, &board, key))
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_join_neighbours_along_a_rank() {
        let sq = |s: &str| Square::parse(s).unwrap();
        assert_eq!(
            runs(&[sq("c2"), sq("a2"), sq("b2"), sq("e2"), sq("a4")]),
            "a2-c2, e2, a4"
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
        assert_eq!(d(&vs[1]), "Piece D");
        assert_eq!(
            piece_name(&vs[1], vs[1].piece('q').unwrap(), &names),
            "Queen"
        );
        let mut cli = names.clone();
        cli.add(None, "D", "Drake");
        assert_eq!(d(&vs[1]), "Piece D");
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
    fn a_piece_the_pages_cannot_spell_gives_no_page() {
        let text = "[j:chess]\ncustomPiece1 = c:pR2\n";
        let vs = crate::variant::read(text, "t.ini").unwrap();
        let e = write_page(&vs[0], &Names::default(), &Options::default()).unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        assert!(e.what.contains("customPiece1"), "{e}");
    }
}
