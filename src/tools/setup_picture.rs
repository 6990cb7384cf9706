//! `glance setup`: what a rules page's setup picture shows, read from the
//! page (native only). `scripts/make-assets.py` draws the picture from it
//! and reads no page itself.
//!
//! For each page: the picture's file (its own `<img src="X.png">`, or the
//! `../X.png` a copy in a folder below borrows), the board table's size
//! (its `class="n"` cells), and the position: the FEN of the page's entry
//! in `scripts/setups.json`, else the one its "Initial setup" text gives
//! ([`crate::page::setup`], names matched by [`crate::page::names`], the
//! letter from the piece table's ID column, upper case White). A text with
//! slips and no FEN in setups.json is an error naming the slips.
//!
//! ```
//! use glance::tools::setup_picture::{read_page, Entry};
//! let page = r#"<table><tr><td>Piece</td><td>ID</td><td>value</td><td>Moves (Betza notation)</td><td>Remarks</td></tr>
//!   <tr><td>King</td><td>K</td><td></td><td>K</td><td></td></tr></table>
//!   <table class="board"><tr><td class="n" id="sq0x1"></td><td class="n" id="sq1x0"></td></tr></table>
//!   <img src="P.png"><h3>Initial setup</h3><p>a1: King<br>b2: King</p>"#;
//! let s = read_page("P", page, &Entry::default(), "setups.json");
//! assert_eq!(s.error, None);
//! assert_eq!(s.fen.as_deref(), Some("1k/K1"));
//! ```

use std::collections::BTreeMap;

use crate::Colour;
use crate::board::clicks::parse_cell_id;
use crate::page::declared::{MARK_IMAGES, collapse, image_name};
use crate::page::html::Document;
use crate::page::names;
use crate::page::reader::{self, Dom, has_class};
use crate::page::setup as text;

mod setup_command;
pub use setup_command::{Options as RunOptions, run};

/// The files XBoard names (a setup picture has at most 16).
const FILES: &str = "abcdefghijklmnop";

/// A page's entry in `scripts/setups.json`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// Whether the file has an entry for the page at all.
    pub present: bool,
    /// The position to draw instead of the text's.
    pub fen: Option<String>,
    /// Piece-table name -> XBoard image name without colour.
    pub images: BTreeMap<String, String>,
}

/// A piece of the position: what its letter stands for, and its image.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    pub colour: Colour,
    pub letter: char,
    /// The piece table's name.
    pub name: String,
    /// XBoard's image (no `.svg`): colour and the setups.json image, or
    /// the name's words capitalised (`King (Persian)` → `WhiteKing`);
    /// empty when the page's own board draws this piece as its letter
    /// (no image in any of its cells): the picture draws the letter too.
    pub image: String,
    /// How the page itself draws the piece, where it says (a page
    /// `glance page` writes, whose pieces are declared): the image of its
    /// board's cells for its side, else of its static diagram in its
    /// side's colour (`WhiteRook`); empty for its disc
    /// (`sym/WhiteDiscA.png`, its letter on a disc, as the picture draws
    /// a letter). The picture draws it so where XBoard has no artwork
    /// named `image` (Janggi's Chariot, Micro shogi's Silver).
    pub drawn: Option<String>,
}

/// Squares by rank (rank 1 first), then file: a FEN letter or `None`.
pub type Grid = Vec<Vec<Option<char>>>;

/// A position: `grid[rank][file]` (rank 0 is rank 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub files: usize,
    pub ranks: usize,
    pub grid: Vec<Vec<Option<char>>>,
    pub names: Vec<Named>,
}

/// What `glance setup` says about one page.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PageSetup {
    pub name: String,
    /// The page's own picture (`Spartan.png`), if it shows one.
    pub picture: Option<String>,
    /// Pictures of another page it shows (`../Spartan.png`).
    pub borrowed: Vec<String>,
    /// It has an "Initial setup" section.
    pub has_setup: bool,
    /// Files and ranks of the board table's `class="n"` cells.
    pub board: (usize, usize),
    /// The piece images the board table shows (`BlackLance`), sorted: the
    /// page's own drawing of its pieces.
    pub board_images: Vec<String>,
    /// Whether a picture is to be drawn for it (a setup section or an
    /// entry, and no borrowed picture in place of its own).
    pub draw: bool,
    pub files: usize,
    pub ranks: usize,
    pub fen: Option<String>,
    /// Rows of the position from rank 1 up (`None`: empty square).
    pub grid: Vec<Vec<Option<char>>>,
    pub names: Vec<Named>,
    /// Where the position comes from: the text, or the setups file.
    pub source: String,
    /// The text's problems (also when setups.json's FEN is drawn).
    pub problems: Vec<String>,
    /// Why no picture can be drawn.
    pub error: Option<String>,
}

/// What the page says besides its setup lines.
struct Page {
    has_setup: bool,
    lines: Vec<crate::page::declared::SetupLine>,
    /// (name, ID) of the piece table's rows.
    pieces: Vec<(String, String)>,
    board: (usize, usize),
    /// The piece images on the board table's squares (no folder, no
    /// `.png`), sorted.
    shown: Vec<String>,
    /// Every image's `src`, and its `data-fen` if it has one.
    images: Vec<String>,
    fens: Vec<Option<String>>,
    /// The pieces (`data-piece` key, side) the board draws as letters
    /// only: declared cells of theirs hold text and never an image.
    lettered: Vec<(String, Colour)>,
    /// The image (no folder, no `.png`) the board draws each piece
    /// (`data-piece` key, side) with: its first cell's that holds one.
    board_drawn: Vec<((String, Colour), String)>,
    /// The image each piece's static diagram (`data-diagram` key) draws
    /// it with: the one whose text is its key (a page `glance page`
    /// writes draws White's look there).
    diagram_drawn: Vec<(String, String)>,
}

impl Page {
    /// The image the page draws the piece of `letter`'s key with, for
    /// `colour`: its board's for that side, else its static diagram's in
    /// that side's colour (XBoard's theme has every image in both).
    fn drawn(&self, letter: char, colour: Colour) -> Option<String> {
        let key = letter.to_uppercase().to_string();
        if let Some((_, image)) = self
            .board_drawn
            .iter()
            .find(|((k, c), _)| *k == key && *c == colour)
        {
            return Some(image.clone());
        }
        let (_, image) = self.diagram_drawn.iter().find(|(k, _)| *k == key)?;
        let stem = ["White", "Black"]
            .iter()
            .find_map(|side| image.strip_prefix(side))?;
        Some(format!("{}{stem}", colour.title()))
    }
}

fn page_of(html: &str) -> Page {
    let doc = Document::parse(html);
    let root = doc.root();
    let has_setup = root
        .select("h3")
        .iter()
        .any(|h| collapse(&h.text()).eq_ignore_ascii_case("initial setup"));
    let pieces = reader::piece_tables(&root)
        .into_iter()
        .next()
        .map(|t| {
            t.rows
                .into_iter()
                .filter(|r| !r.decl.name.is_empty())
                .map(|r| (r.decl.name, r.id))
                .collect()
        })
        .unwrap_or_default();
    let (mut board, mut shown, mut lettered) = ((0, 0), Vec::new(), Vec::new());
    let mut board_drawn: Vec<((String, Colour), String)> = Vec::new();
    if let Some(table) = root
        .select("table")
        .into_iter()
        .find(|t| has_class(t, "board"))
    {
        let on_board: Vec<_> = table
            .select("td, th")
            .into_iter()
            .filter(|c| has_class(c, "n"))
            .collect();
        let cells: Vec<_> = on_board
            .iter()
            .filter_map(|c| parse_cell_id(&c.attr("id")?))
            .collect();
        for c in on_board
            .iter()
            .filter(|c| c.attr("id").and_then(|i| parse_cell_id(&i)).is_some())
        {
            let src = c.select("img").first().and_then(|i| i.attr("src"));
            if let Some(name) = src.as_deref().map(image_name) {
                if !MARK_IMAGES.contains(&name) && !shown.iter().any(|s| s == name) {
                    shown.push(name.to_string());
                }
            }
        }
        shown.sort();
        let mut drawn: Vec<((String, Colour), bool)> = Vec::new();
        for c in &on_board {
            let Some(key) = c.attr("data-piece") else {
                continue;
            };
            let side = if c.attr("data-side").as_deref() == Some("black") {
                Colour::Black
            } else {
                Colour::White
            };
            let image = !c.select("img").is_empty();
            let src = c.select("img").first().and_then(|i| i.attr("src"));
            if let Some(src) = src.filter(|s| !MARK_IMAGES.contains(&image_name(s))) {
                if !board_drawn
                    .iter()
                    .any(|((k, s), _)| *k == key && *s == side)
                {
                    board_drawn.push(((key.clone(), side), image_name(&src).to_string()));
                }
            }
            match drawn.iter_mut().find(|(k, _)| k.0 == key && k.1 == side) {
                Some((_, any)) => *any |= image,
                None => drawn.push(((key, side), image)),
            }
        }
        lettered = drawn
            .into_iter()
            .filter(|(_, image)| !image)
            .map(|(k, _)| k)
            .collect();
        let span = |v: Vec<u8>| match (v.iter().min(), v.iter().max()) {
            (Some(lo), Some(hi)) => usize::from(hi - lo) + 1,
            _ => 0,
        };
        board = (
            span(cells.iter().map(|s| s.file()).collect()),
            span(cells.iter().map(|s| s.rank()).collect()),
        );
    }
    let diagram_drawn = root
        .select("table")
        .into_iter()
        .filter_map(|t| {
            let key = t.attr("data-diagram")?;
            let own = t
                .select("img")
                .into_iter()
                .find(|i| i.attr("alt").as_deref() == Some(key.as_str()))?;
            let name = image_name(&own.attr("src")?).to_string();
            Some((key, name))
        })
        .collect();
    Page {
        has_setup,
        lines: doc.read().setup,
        pieces,
        board,
        shown,
        images: root
            .select("img")
            .iter()
            .map(|i| i.attr("src").unwrap_or_default())
            .collect(),
        fens: root
            .select("img")
            .iter()
            .map(|i| i.attr("data-fen"))
            .collect(),
        lettered,
        board_drawn,
        diagram_drawn,
    }
}

/// A string as Python's `repr` writes it (the messages make-assets.py
/// always printed).
fn repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::from(quote);
    for c in s.chars() {
        if c == '\\' || c == quote {
            out.push('\\');
        }
        out.push(c);
    }
    out.push(quote);
    out
}

fn colour_of(letter: char) -> Colour {
    if letter.is_uppercase() {
        Colour::White
    } else {
        Colour::Black
    }
}

fn square_name(f: usize, r: usize) -> String {
    format!("{}{}", &FILES[f..=f], r + 1)
}

/// The piece-table row (name, ID) a setup line's name means, by the one
/// name rule; the heading above it tells rows apart by their parenthesis.
fn match_piece<'a>(
    name: &str,
    pieces: &'a [(String, String)],
    heading: &str,
) -> Result<&'a (String, String), String> {
    if names::words(name).is_empty() {
        return Err(format!("\"{name}\" names no piece"));
    }
    let table: Vec<&str> = pieces.iter().map(|p| p.0.as_str()).collect();
    let found = names::rows_named(name, &table);
    if found.is_empty() {
        return Err(format!("\"{name}\" is not in the piece table"));
    }
    let found = names::narrow(&found, &table, heading);
    let rows: Vec<&(String, String)> = found.iter().filter_map(|&i| pieces.get(i)).collect();
    let mut letters: Vec<&str> = rows.iter().map(|r| r.1.as_str()).collect();
    letters.sort_unstable();
    letters.dedup();
    if letters.len() > 1 {
        let all: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
        return Err(format!("\"{name}\" could be any of {}", all.join(", ")));
    }
    rows.first()
        .copied()
        .ok_or_else(|| format!("\"{name}\" is not in the piece table"))
}

/// The grid and names of the placed pieces, with their problems.
type Derived = (Option<Position>, Vec<String>);

/// The position the page's setup text gives, and the problems of that text.
fn derive(page: &Page) -> Derived {
    let (placed, bad) = text::read(&page.lines);
    let mut problems: Vec<String> = bad
        .into_iter()
        .map(|p| match p {
            text::Problem::Range { line, range } => {
                format!("\"{line}\": \"{range}\" is neither along a rank nor along a file")
            }
            text::Problem::Count { line } => {
                format!("\"{line}\" gives a number of pieces, no squares: no fixed setup")
            }
        })
        .collect();
    if !page.has_setup {
        return (None, vec!["no \"Initial setup\" section".into()]);
    }
    if placed.is_empty() {
        problems.push("the setup text places no piece".into());
        return (None, problems);
    }
    let files = placed
        .iter()
        .map(|p| usize::from(p.sq.file()))
        .max()
        .unwrap_or(0)
        + 1;
    let ranks = placed
        .iter()
        .map(|p| usize::from(p.sq.rank()))
        .max()
        .unwrap_or(0)
        + 1;
    if files > page.board.0 || ranks > page.board.1 {
        problems.push(format!(
            "the setup needs {files}x{ranks} squares, the page's board table has {}x{}",
            page.board.0, page.board.1
        ));
    }
    let mut grid = vec![vec![None; files]; ranks];
    let mut names: Vec<Named> = Vec::new();
    let mut here: BTreeMap<(usize, usize), String> = BTreeMap::new();
    for p in &placed {
        let (f, r) = (usize::from(p.sq.file()), usize::from(p.sq.rank()));
        let sq = square_name(f, r);
        let half = if 2 * r < ranks {
            Colour::White
        } else {
            Colour::Black
        };
        let colour = match p.colour {
            None => half,
            Some(c) => {
                if c != half && ranks > 2 {
                    problems.push(format!(
                        "{sq}: {} is listed under {} but stands on {}'s half",
                        p.name,
                        repr(p.heading),
                        half.title()
                    ));
                }
                c
            }
        };
        let (table_name, id) = match match_piece(p.name, &page.pieces, p.heading) {
            Ok(row) => row,
            Err(e) => {
                problems.push(format!("\"{}\": {e}", p.line));
                continue;
            }
        };
        let mut chars = id.chars();
        let letter = match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_alphabetic() => c,
            _ => {
                problems.push(format!(
                    "{table_name}: its ID {} is not one letter",
                    repr(id)
                ));
                continue;
            }
        };
        let letter = match colour {
            Colour::White => letter.to_uppercase().next().unwrap_or(letter),
            Colour::Black => letter.to_lowercase().next().unwrap_or(letter),
        };
        let who = format!("{} {}", colour.title(), p.name);
        if let Some(before) = here.get(&(f, r)) {
            problems.push(format!("{sq} is listed twice: {before} and {who}"));
        }
        here.insert((f, r), who);
        grid[r][f] = Some(letter);
        match names
            .iter()
            .find(|n| n.colour == colour && n.letter == letter)
        {
            Some(n) if n.name != *table_name => problems.push(format!(
                "{} {letter} stands for {} and {table_name}",
                colour.title(),
                n.name
            )),
            Some(_) => {}
            None => names.push(Named {
                colour,
                letter,
                name: table_name.clone(),
                image: String::new(),
                drawn: None,
            }),
        }
    }
    let position = Position {
        files,
        ranks,
        grid,
        names,
    };
    (Some(position), problems)
}

/// The board part of a FEN as a grid (rank 1 first).
fn parse_fen(fen: &str) -> Result<(usize, usize, Grid), String> {
    let board = fen.split_whitespace().next().unwrap_or("");
    let mut grid = Vec::new();
    for row in board.split('/') {
        let mut cells = Vec::new();
        let mut count = String::new();
        let mut bad = false;
        for c in row.chars() {
            if c.is_ascii_digit() {
                count.push(c);
                continue;
            }
            if !count.is_empty() {
                let n: usize = count
                    .parse()
                    .map_err(|_| format!("FEN {}: bad number", repr(fen)))?;
                cells.extend(std::iter::repeat_n(None, n.min(256)));
                count.clear();
            }
            if c.is_ascii_alphabetic() {
                cells.push(Some(c));
            } else {
                bad = true;
            }
        }
        if !count.is_empty() {
            let n: usize = count
                .parse()
                .map_err(|_| format!("FEN {}: bad number", repr(fen)))?;
            cells.extend(std::iter::repeat_n(None, n.min(256)));
        }
        if bad {
            return Err(format!(
                "FEN row {} holds something that is not a piece letter or a number",
                repr(row)
            ));
        }
        grid.push(cells);
    }
    let width = grid.first().map_or(0, Vec::len);
    if grid.iter().any(|r| r.len() != width) {
        return Err(format!("FEN {}: rows of different lengths", repr(fen)));
    }
    if width == 0 {
        return Err(format!("FEN {}: no squares", repr(fen)));
    }
    grid.reverse();
    Ok((width, grid.len(), grid))
}

/// The position to draw: the entry's FEN if it has one, else the text's
/// (an error naming the text's problems if it has any). Returns the
/// position, where it came from, and the text's problems.
fn page_setup(
    page: &Page,
    entry: &Entry,
    setups: &str,
) -> Result<(Position, String, Vec<String>), String> {
    let (derived, problems) = derive(page);
    let Some(fen) = &entry.fen else {
        return match derived {
            Some(d) if problems.is_empty() => Ok((d, "the page's setup text".into(), problems)),
            _ => Err(format!(
                "{} (fix the text, or give a \"fen\" in {setups})",
                problems.join("; ")
            )),
        };
    };
    let (files, ranks, grid) = parse_fen(fen)?;
    if files > page.board.0 || ranks > page.board.1 {
        return Err(format!(
            "FEN {} is {files}x{ranks}, larger than the page's board table",
            repr(fen)
        ));
    }
    if files > FILES.len() {
        return Err(format!(
            "FEN {} has more than {} files",
            repr(fen),
            FILES.len()
        ));
    }
    let mut names = derived.map(|d| d.names).unwrap_or_default();
    for &letter in grid.iter().flatten().flatten() {
        let colour = colour_of(letter);
        if names
            .iter()
            .any(|n| n.colour == colour && n.letter == letter)
        {
            continue;
        }
        let rows: Vec<&(String, String)> = page
            .pieces
            .iter()
            .filter(|r| r.1.to_uppercase() == letter.to_uppercase().to_string())
            .collect();
        let mut kinds: Vec<Vec<String>> = rows.iter().map(|r| names::words(&r.0)).collect();
        kinds.sort();
        kinds.dedup();
        let Some(first) = rows.first().filter(|_| kinds.len() == 1) else {
            let which = if rows.is_empty() {
                "no piece".to_string()
            } else {
                rows.iter()
                    .map(|r| r.0.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            return Err(format!(
                "FEN letter {}: the piece table has {which} with that ID, and the setup text does not say which",
                repr(&letter.to_string())
            ));
        };
        names.push(Named {
            colour,
            letter,
            name: first.0.clone(),
            image: String::new(),
            drawn: None,
        });
    }
    let position = Position {
        files,
        ranks,
        grid,
        names,
    };
    Ok((position, setups.to_string(), problems))
}

/// The image a piece is drawn with: colour and the entry's image for its
/// name, else its name's words capitalised.
fn image_of(colour: Colour, name: &str, entry: &Entry) -> String {
    let mut out = String::from(colour.title());
    match entry.images.get(name) {
        Some(image) if !image.is_empty() => out.push_str(image),
        _ => {
            for w in names::words(name) {
                let mut chars = w.chars();
                if let Some(c) = chars.next() {
                    out.extend(c.to_uppercase());
                    out.extend(chars.flat_map(char::to_lowercase));
                }
            }
        }
    }
    out
}

/// The FEN of a grid (rank 1 first): last rank first, digits for runs of
/// empty squares.
pub fn fen_of(grid: &[Vec<Option<char>>]) -> String {
    let mut rows = Vec::new();
    for rank in grid.iter().rev() {
        let (mut out, mut empty) = (String::new(), 0);
        for cell in rank {
            match cell {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(*c);
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        rows.push(out);
    }
    rows.join("/")
}

/// What page `name` (its text `html`) shows as its setup picture, with its
/// entry in the setups file (named `setups` in messages).
pub fn read_page(name: &str, html: &str, entry: &Entry, setups: &str) -> PageSetup {
    let page = page_of(html);
    let png = |s: &&String| s.to_ascii_lowercase().ends_with(".png");
    let picture = page
        .images
        .iter()
        .filter(png)
        .find(|s| !s.contains('/'))
        .cloned();
    let borrowed: Vec<String> = page
        .images
        .iter()
        .filter(png)
        .filter(|s| s.starts_with("../") && !s.contains("/sym/"))
        .cloned()
        .collect();
    // A copy showing another page's picture in place of its own is drawn
    // for that page. A page whose setup text places no piece and that
    // shows no picture (a game whose board is empty at the start, as
    // `glance page` writes it) has none to draw.
    let (placed, unread) = text::read(&page.lines);
    let empty = picture.is_none() && !entry.present && placed.is_empty() && unread.is_empty();
    let draw =
        (page.has_setup || entry.present) && (picture.is_some() || borrowed.is_empty()) && !empty;
    let mut out = PageSetup {
        name: name.to_string(),
        has_setup: page.has_setup,
        board: page.board,
        board_images: page.shown.clone(),
        draw,
        ..PageSetup::default()
    };
    if picture.is_none() {
        out.error = Some(format!(
            "the page shows no setup picture (<img src=\"{name}.png\">)"
        ));
    }
    (out.picture, out.borrowed) = (picture, borrowed);
    if out.error.is_some() {
        return out;
    }
    // A picture's own `data-fen` (the pages `glance page` writes: their
    // section's startFen) is drawn like a setups-file FEN; the file's wins.
    let own_fen = page
        .images
        .iter()
        .position(|s| Some(s) == out.picture.as_ref())
        .and_then(|i| page.fens.get(i).cloned().flatten());
    let with_fen;
    let (entry, source) = match own_fen {
        Some(fen) if entry.fen.is_none() => {
            with_fen = Entry {
                fen: Some(fen),
                ..entry.clone()
            };
            (&with_fen, "the picture's data-fen")
        }
        _ => (entry, setups),
    };
    match page_setup(&page, entry, source) {
        Ok((mut position, source, problems)) => {
            for n in &mut position.names {
                let key = n.letter.to_uppercase().to_string();
                let letter_only = !entry.images.contains_key(&n.name)
                    && page
                        .lettered
                        .iter()
                        .any(|(k, c)| *k == key && *c == n.colour);
                n.image = if letter_only {
                    String::new()
                } else {
                    image_of(n.colour, &n.name, entry)
                };
                // Its disc is its letter on a disc: drawn as a letter.
                let disc = format!("{}Disc{key}", n.colour.title());
                let drawn = page.drawn(n.letter, n.colour);
                n.drawn = drawn.map(|d| if d == disc { String::new() } else { d });
            }
            out.fen = Some(fen_of(&position.grid));
            (out.files, out.ranks) = (position.files, position.ranks);
            (out.grid, out.names) = (position.grid, position.names);
            (out.source, out.problems) = (source, problems);
        }
        Err(e) => out.error = Some(e),
    }
    out
}

/// The entries of a setups file (`{}` if it has none); keys starting `_`
/// are comments.
pub fn read_setups(json: &str) -> Result<BTreeMap<String, Entry>, String> {
    let value: serde_json::Value = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let object = value.as_object().ok_or("not a JSON object")?;
    let mut out = BTreeMap::new();
    for (key, v) in object.iter().filter(|(k, _)| !k.starts_with('_')) {
        let fen = match v.get("fen") {
            None | Some(serde_json::Value::Null) => None,
            Some(serde_json::Value::String(s)) => Some(s.clone()),
            Some(_) => return Err(format!("{key}: \"fen\" must be a string")),
        };
        let mut images = BTreeMap::new();
        if let Some(map) = v.get("images") {
            let map = map
                .as_object()
                .ok_or_else(|| format!("{key}: \"images\" must be an object"))?;
            for (name, image) in map {
                let image = image
                    .as_str()
                    .ok_or_else(|| format!("{key}: image of {name} must be a string"))?;
                images.insert(name.clone(), image.to_string());
            }
        }
        out.insert(
            key.clone(),
            Entry {
                present: true,
                fen,
                images,
            },
        );
    }
    Ok(out)
}

/// A page's result as JSON.
pub fn to_json(s: &PageSetup) -> serde_json::Value {
    use serde_json::json;
    let grid: Vec<Vec<Option<String>>> = s
        .grid
        .iter()
        .map(|r| r.iter().map(|c| c.map(String::from)).collect())
        .collect();
    let names: Vec<_> = s
        .names
        .iter()
        .map(|n| {
            json!({"colour": n.colour.title(), "letter": n.letter.to_string(),
                   "name": n.name, "image": n.image, "drawn": n.drawn})
        })
        .collect();
    json!({
        "name": s.name, "picture": s.picture, "borrowed": s.borrowed,
        "has_setup": s.has_setup, "board": [s.board.0, s.board.1], "draw": s.draw,
        "board_images": s.board_images,
        "files": s.files, "ranks": s.ranks, "fen": s.fen, "grid": grid, "names": names,
        "source": s.source, "problems": s.problems, "error": s.error,
    })
}

#[cfg(test)]
mod tests;
