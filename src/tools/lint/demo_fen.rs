//! `fen-disagrees`: a demonstration cell's `data-fen` checked against the
//! position its press shows (`glance lint` only: the page's script reads
//! neither `data-fen` nor `data-hand`, so the generic drop-in carries none
//! of this).
//!
//! A cell with both `data-fen` and `data-demo` (a piece in hand, as `glance
//! page` writes it) claims that pressing it shows the FEN's position. The
//! board the press shows is the board's squares (`class="n"` cells) with
//! the demonstration's changes made in order: `x,y` empties the square,
//! `x,y=IMAGE` shows that image there; a mark image (`yellow`, `green`…)
//! hides what the square holds and is no piece, so the square shows
//! nothing; but `gate`, drawn over the piece a gating demonstration's
//! first move would lift, shows a piece of any side and type. The FEN's board is read as Fairy-Stockfish reads it
//! ([`crate::page::fen`]); its pocket and later fields are not the
//! board's. The first square (from the top rank down, each rank from the
//! left, as a FEN is written) where the two differ is reported, or the
//! size when the FEN's board is not the board's.
//!
//! **How a square's piece is matched to a FEN letter.** Both sides are
//! taken to the page's own letters, the piece table's ID column (`N` for
//! the Knight's row; `glance page` writes each piece's Fairy-Stockfish
//! letter there, `D` for Shogi's Dragon King):
//! * a board cell declared `data-piece="KEY"` goes by the IDs of the rows
//!   keyed KEY (by KEY itself where those rows give no ID and KEY is one
//!   letter); its side is its `data-side`;
//! * an image (a demonstration's `x,y=WhiteDiscK`, or an undeclared
//!   cell's) goes by the letters of every cell of the page showing that
//!   image: board cells by their key's IDs, hand cells by their
//!   `data-hand` (the piece in the FEN's letters); its side is its name's
//!   (`White…`, `Black…`). An image no cell names goes by no letter, and
//!   is matched by its side alone;
//! * a cell showing a letter goes by that letter; its case says its side
//!   where the board's letters are of both cases; a `data-still` cell
//!   showing nothing goes by no letter and no side;
//! * the FEN's `X` and `X~` go by `X`; `+X` (the piece X promotes to) by
//!   `+X` (an ID as XBoard's pages write promoted pieces) and by the
//!   piece the page's rules claim X promotes to (`data-rule` with
//!   `promotedPieceType=x:y`, as `glance page` writes it: `+R` is `D`).
//!   Where the page claims nothing for X and no row's ID is `+X`, its
//!   `+X` is matched by its side alone; a wall (`*`) matches a square
//!   showing something of no side.
//!
//! Two pieces agree when their sides do (where both are known) and they
//! share a letter (where both go by some). So a mistake in the letters
//! or in the demonstration is found, and a page whose pieces cannot be
//! told apart by what it says is not blamed for it.
//!
//! ```
//! use glance::tools::lint::{lint_html, Kind};
//! let page = |fen: &str| format!(r#"<table class="board"><tr>
//!   <td class="hand" id="sq0x13" data-hand="N" data-fen="{fen}" data-demo="0,0 1,0=WhiteKnight">
//!     <img src="sym/WhiteKnight.png"></td></tr><tr>
//!   <td class="n" id="sq0x0" data-piece="K"><img src="sym/WhiteKing.png"></td>
//!   <td class="n" id="sq1x0"></td></tr></table>
//!   <table><tr><td>Piece</td><td>ID</td><td>value</td><td>Moves (Betza notation)</td><td>Remarks</td></tr>
//!   <tr data-piece="K"><td>King</td><td>K</td><td></td><td>K</td><td></td></tr></table>"#);
//! let disagree = |fen: &str| -> Vec<String> {
//!     lint_html("p.html", &page(fen), std::path::Path::new("."))
//!         .into_iter().filter(|f| f.kind == Kind::FenDisagrees).map(|f| f.message).collect()
//! };
//! assert!(disagree("1N[N] w - - 0 1").is_empty());
//! assert_eq!(disagree("KN[N] w - - 0 1"), ["its data-fen differs from the position its press \
//!     shows, first at sq0x0 (a1): the FEN has a White King (K), the board shows nothing"]);
//! ```

use crate::engine::geometry::{Colour, Square};
use crate::page::declared::{Declarations, MARK_IMAGES, SquareCell, image_name};
use crate::page::extras::parse_demo;
use crate::page::fen::{FenBoard, FenSquare, Promotion};
use crate::page::finding::{Finding, Kind, Place};
use crate::page::html::Element;
use crate::page::reader::{Dom, piece_tables};
use crate::tools::rule_claims::claimed;

/// A row of the piece table, as the check names pieces by it.
struct Row {
    key: Option<String>,
    /// Its ID column, trimmed, upper case (`N`, `+R`); may be empty.
    id: String,
    name: String,
}

/// What the page says of its pieces' letters, read once per page.
struct Facts<'a> {
    decl: &'a Declarations,
    rows: Vec<Row>,
    /// `promotedPieceType`'s pairs (lower case), from its rules' claims.
    promotes: Vec<(char, char)>,
    /// Each piece image (its name) and a letter a cell showing it goes by.
    images: Vec<(String, String)>,
    cases_differ: bool,
}

/// What a square of the pressed board shows.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Shown {
    Nothing,
    Piece {
        /// Its side, where the page says it.
        side: Option<Colour>,
        /// The letters it goes by (none: not known).
        letters: Vec<String>,
        /// What it shows, for messages: an image's name, a letter, or
        /// `data-still`.
        what: String,
    },
}

/// The move a wall demonstration's `data-wall` names (`d2d4`: the press
/// shows the FEN's position after it), if it is one.
fn wall_move(text: &str) -> Option<(Square, Square)> {
    let split = text
        .char_indices()
        .skip(1)
        .find(|&(_, c)| c.is_ascii_lowercase())
        .map(|(i, _)| i)?;
    Some((
        Square::parse(&text[..split])?,
        Square::parse(&text[split..])?,
    ))
}

/// The findings of every cell with both `data-fen` and `data-demo` in the
/// page `root`, read into `decl`.
pub fn check(root: &Element, decl: &Declarations) -> Vec<Finding> {
    let cells = root.select("[data-fen][data-demo]");
    if cells.is_empty() {
        return Vec::new();
    }
    let facts = Facts::read(root, decl);
    let mut out = Vec::new();
    for cell in &cells {
        let (Some(fen), Some(demo)) = (cell.attr("data-fen"), cell.attr("data-demo")) else {
            continue;
        };
        let id = cell.attr("id").unwrap_or_default();
        let moved = cell.attr("data-wall").and_then(|m| wall_move(&m));
        if let Some(message) = facts.disagreement(&fen, &demo, moved) {
            out.push(Finding::new(Kind::FenDisagrees, Place::cell(&id), message));
        }
    }
    out
}

impl<'a> Facts<'a> {
    fn read(root: &Element, decl: &'a Declarations) -> Facts<'a> {
        let rows: Vec<Row> = piece_tables(root)
            .into_iter()
            .flat_map(|t| t.rows)
            .map(|r| Row {
                key: r.decl.key,
                id: r.id.trim().to_uppercase(),
                name: r.decl.name,
            })
            .collect();
        let mut promotes = Vec::new();
        for el in root.select("[data-rule]") {
            let rule = el.attr("data-rule").unwrap_or_default();
            for pair in claimed(&rule, "promotedPieceType")
                .unwrap_or_default()
                .split_whitespace()
            {
                let mut chars = pair.chars();
                if let (Some(from), Some(':'), Some(to), None) =
                    (chars.next(), chars.next(), chars.next(), chars.next())
                {
                    promotes.push((from.to_ascii_lowercase(), to.to_ascii_lowercase()));
                }
            }
        }
        let mut facts = Facts {
            decl,
            rows,
            promotes,
            images: Vec::new(),
            cases_differ: decl.letter_cases_differ(),
        };
        // Board cells: the image each declared piece is drawn with.
        let mut images = Vec::new();
        for c in decl.cells.iter().filter(|c| !c.key.is_empty()) {
            let shown = decl.squares.iter().find(|s| s.id == c.id);
            if let Some(name) = shown.and_then(piece_image) {
                for letter in facts.key_letters(&c.key) {
                    images.push((name.to_string(), letter));
                }
            }
        }
        // Hand cells: the image of the piece `data-hand` names.
        for hand in root.select("[data-hand]") {
            let letter = hand.attr("data-hand").unwrap_or_default();
            let src = hand.select("img").first().and_then(|i| i.attr("src"));
            if let Some(src) = src.filter(|_| !letter.trim().is_empty()) {
                let name = image_name(&src);
                if !MARK_IMAGES.contains(&name) {
                    images.push((name.to_string(), letter.trim().to_uppercase()));
                }
            }
        }
        facts.images = images;
        facts
    }

    /// The letters the rows keyed `key` go by: their IDs, else the key
    /// itself if it is one letter.
    fn key_letters(&self, key: &str) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for r in &self.rows {
            if r.key.as_deref() == Some(key) && !r.id.is_empty() && !out.contains(&r.id) {
                out.push(r.id.clone());
            }
        }
        if out.is_empty() && key.len() == 1 && key.bytes().all(|b| b.is_ascii_alphabetic()) {
            out.push(key.to_uppercase());
        }
        out
    }

    /// The letters a piece showing image `name` goes by.
    fn image_letters(&self, name: &str) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for (image, letter) in &self.images {
            if image == name && !out.contains(letter) {
                out.push(letter.clone());
            }
        }
        out
    }

    /// The letters the FEN's piece `letter` (lower case) with its mark
    /// goes by; empty when the page does not say which piece it is.
    fn fen_letters(&self, letter: char, promotion: Promotion) -> Vec<String> {
        let own = letter.to_ascii_uppercase().to_string();
        if promotion != Promotion::Plus {
            return vec![own];
        }
        let plus = format!("+{own}");
        let mut out: Vec<String> = self
            .promotes
            .iter()
            .filter(|(from, _)| *from == letter)
            .map(|(_, to)| to.to_ascii_uppercase().to_string())
            .collect();
        if !out.is_empty() || self.rows.iter().any(|r| r.id == plus) {
            out.insert(0, plus);
        }
        out
    }

    /// The name of the row that goes by one of `letters`, if any.
    fn name_of(&self, letters: &[String]) -> Option<&str> {
        letters.iter().find_map(|l| {
            self.rows
                .iter()
                .find(|r| r.id == *l && !r.name.is_empty())
                .map(|r| r.name.as_str())
        })
    }

    /// What the square `s` of the board shows before any press.
    fn at_rest(&self, s: &SquareCell) -> Shown {
        let declared = self
            .decl
            .cells
            .iter()
            .find(|c| c.id == s.id && !c.key.is_empty());
        if let Some(c) = declared {
            let side = if c.side.as_deref() == Some("black") {
                Colour::Black
            } else {
                Colour::White
            };
            let what = piece_image(s)
                .map(str::to_string)
                .or_else(|| s.letter.clone())
                .unwrap_or_else(|| format!("data-piece \"{}\"", c.key));
            return Shown::Piece {
                side: Some(side),
                letters: self.key_letters(&c.key),
                what,
            };
        }
        if let Some(name) = piece_image(s) {
            return self.image(name);
        }
        if let Some(letter) = &s.letter {
            return Shown::Piece {
                side: s.letter_side(self.cases_differ),
                letters: vec![letter.to_uppercase()],
                what: letter.clone(),
            };
        }
        if s.still {
            return Shown::Piece {
                side: None,
                letters: Vec::new(),
                what: "data-still".into(),
            };
        }
        Shown::Nothing
    }

    /// The piece image `name` shown on a square.
    fn image(&self, name: &str) -> Shown {
        let side = if name.starts_with("White") {
            Some(Colour::White)
        } else if name.starts_with("Black") {
            Some(Colour::Black)
        } else {
            None
        };
        Shown::Piece {
            side,
            letters: self.image_letters(name),
            what: name.to_string(),
        }
    }

    /// Why the press of a cell with `data-fen` `fen` and `data-demo`
    /// `demo` does not show the FEN's position, if it does not. A
    /// `data-demo` that does not parse is `bad-demo`'s (the page's own
    /// check): nothing is said of it here.
    fn disagreement(
        &self,
        fen: &str,
        demo: &str,
        moved: Option<(Square, Square)>,
    ) -> Option<String> {
        let demo = parse_demo(demo).ok()?;
        let squares: Vec<&SquareCell> = self.decl.squares.iter().filter(|s| s.on_board).collect();
        let files = squares.iter().map(|s| usize::from(s.sq.file()) + 1).max()?;
        let ranks = squares.iter().map(|s| usize::from(s.sq.rank()) + 1).max()?;
        let mut board = match FenBoard::parse(fen) {
            Ok(b) => b,
            Err(e) => return Some(format!("its data-fen \"{fen}\" is no FEN board: {e}")),
        };
        if let Some((from, to)) = moved {
            board.play(from, to);
        }
        if board.ranks() != ranks {
            return Some(format!(
                "its data-fen has {} ranks, the board has {ranks}",
                board.ranks()
            ));
        }
        // From the top rank down, as the FEN is written.
        for (r, rank) in board.ranks.iter().enumerate().rev() {
            if rank.len() != files {
                return Some(format!(
                    "its data-fen's rank {} has {} squares, the board has {files} files",
                    r + 1,
                    rank.len()
                ));
            }
        }
        for (r, rank) in board.ranks.iter().enumerate().rev() {
            for (f, &want) in rank.iter().enumerate() {
                let sq = Square::new(u8::try_from(f).ok()?, u8::try_from(r).ok()?)?;
                let shown = self.pressed(sq, &squares, &demo);
                if !self.agrees(want, &shown) {
                    let mut place = format!("sq{f}x{r} (");
                    sq.push_name(&mut place);
                    place.push(')');
                    return Some(format!(
                        "its data-fen differs from the position its press shows, first at \
                         {place}: the FEN has {}, the board shows {}",
                        self.fen_words(want),
                        self.shown_words(&shown)
                    ));
                }
            }
        }
        None
    }

    /// What the square `sq` shows once the demonstration `demo` is made
    /// (a square no cell of the board has shows nothing).
    fn pressed(&self, sq: Square, squares: &[&SquareCell], demo: &[(Square, &str)]) -> Shown {
        let mut shown = squares
            .iter()
            .find(|s| s.sq == sq)
            .map_or(Shown::Nothing, |s| self.at_rest(s));
        for (_, image) in demo.iter().filter(|(at, _)| *at == sq) {
            shown = if *image == COVERING_MARK {
                // A gate covers a piece the mark does not say.
                Shown::Piece {
                    side: None,
                    letters: Vec::new(),
                    what: String::from(COVERING_MARK),
                }
            } else if image.is_empty() || MARK_IMAGES.contains(image) {
                Shown::Nothing
            } else {
                self.image(image)
            };
        }
        shown
    }

    /// Whether the FEN's square `want` is what `shown` shows.
    fn agrees(&self, want: FenSquare, shown: &Shown) -> bool {
        match (want, shown) {
            (FenSquare::Empty, Shown::Nothing) => true,
            (FenSquare::Wall, Shown::Piece { side, .. }) => side.is_none(),
            (
                FenSquare::Piece {
                    colour,
                    letter,
                    promotion,
                },
                Shown::Piece { side, letters, .. },
            ) => {
                let wanted = self.fen_letters(letter, promotion);
                side.is_none_or(|s| s == colour)
                    && (wanted.is_empty()
                        || letters.is_empty()
                        || letters.iter().any(|l| wanted.contains(l)))
            }
            _ => false,
        }
    }

    /// The FEN's square in words: `a White Knight (N)`, `nothing`.
    fn fen_words(&self, want: FenSquare) -> String {
        match want {
            FenSquare::Empty => "nothing".into(),
            FenSquare::Wall => "a wall (*)".into(),
            FenSquare::Piece {
                colour,
                letter,
                promotion,
            } => {
                let name = self
                    .name_of(&self.fen_letters(letter, promotion))
                    .unwrap_or("piece");
                format!("a {} {name} ({})", colour.title(), want.token())
            }
        }
    }

    /// What a square shows, in words: `a White Commoner (WhiteDiscK)`.
    fn shown_words(&self, shown: &Shown) -> String {
        match shown {
            Shown::Nothing => "nothing".into(),
            Shown::Piece {
                side,
                letters,
                what,
            } => {
                let name = self.name_of(letters).unwrap_or("piece");
                match side {
                    Some(s) => format!("a {} {name} ({what})", (*s).title()),
                    None => format!("a {name} of no side ({what})"),
                }
            }
        }
    }
}

/// The one mark shown over a piece (`gate`: a gating demonstration's
/// square, over the piece whose first move opens it): the square holds a
/// piece, of a side and type the mark does not say.
const COVERING_MARK: &str = "gate";

/// The name of the piece image a square holds (not a mark's), if any.
fn piece_image(s: &SquareCell) -> Option<&str> {
    s.image
        .as_deref()
        .map(image_name)
        .filter(|name| !MARK_IMAGES.contains(name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page::html::Document;

    /// A 3x2 board: White King a1 (declared), Black Knight c2 (declared),
    /// an undeclared Black Rook image on b2; the piece table; a White
    /// Knight in hand; `extra` anywhere in the page.
    fn page(fen: &str, demo: &str, extra: &str) -> String {
        format!(
            r#"<table class="board"><tr>
            <td class="hand" id="sq0x13" data-hand="N" data-fen="{fen}" data-demo="{demo}"><img src="sym/WhiteKnight.png"></td></tr>
            <tr><td class="n" id="sq0x1"></td><td class="n" id="sq1x1"><img src="sym/BlackRook.png"></td>
                <td class="n" id="sq2x1" data-piece="N" data-side="black"><img src="sym/BlackKnight.png"></td></tr>
            <tr><td class="n" id="sq0x0" data-piece="K"><img src="sym/WhiteKing.png"></td>
                <td class="n" id="sq1x0"></td><td class="n" id="sq2x0"></td></tr></table>
            <table><tr><td>Piece</td><td>ID</td><td>value</td><td>Moves (Betza notation)</td><td>Remarks</td></tr>
            <tr data-piece="K"><td>King</td><td>K</td><td></td><td>K</td><td></td></tr>
            <tr data-piece="N"><td>Knight</td><td>N</td><td></td><td>N</td><td></td></tr>
            <tr data-piece="R"><td>Rook</td><td>R</td><td></td><td>R</td><td></td></tr>
            <tr data-piece="D"><td>Dragon King</td><td>D</td><td></td><td>RF</td><td></td></tr></table>{extra}"#
        )
    }

    fn said(fen: &str, demo: &str, extra: &str) -> Vec<String> {
        let doc = Document::parse(&page(fen, demo, extra));
        let decl = doc.read();
        check(&doc.root(), &decl)
            .into_iter()
            .map(|f| f.to_string())
            .collect()
    }

    const AT: &str = "sq0x13 (a14): fen-disagrees: ";

    #[test]
    fn the_position_as_pressed_agrees() {
        // As it stands.
        assert_eq!(said("1rn/K2[N] w - - 0 1", "2,0=green", ""), [""; 0]);
        // Emptied, shown, marked over a piece.
        assert_eq!(
            said(
                "3/1NK w",
                "0,0 1,0=WhiteKnight 2,0=WhiteKing 1,1 2,1=yellow",
                ""
            ),
            [""; 0]
        );
        // A mark over an emptied square, then a piece shown there.
        assert_eq!(
            said("1r1/KN1", "2,1 1,0=green 1,0=WhiteKnight", ""),
            [""; 0]
        );
    }

    #[test]
    fn a_gate_covers_a_piece_and_no_empty_square() {
        // The gate over the White King (a1) and over a1 with a Knight in
        // the FEN: a piece, whatever it is.
        assert_eq!(said("1rn/K2[N] w KA - 0 1", "0,0=gate", ""), [""; 0]);
        assert_eq!(said("1rn/N2[N] w A - 0 1", "0,0=gate", ""), [""; 0]);
        // Over b1, which the FEN leaves empty.
        assert_eq!(
            said("1rn/K2[N] w - - 0 1", "1,0=gate", ""),
            [format!(
                "{AT}its data-fen differs from the position its press shows, first at \
                 sq1x0 (b1): the FEN has nothing, the board shows a piece of no side (gate)"
            )]
        );
    }

    #[test]
    fn the_first_square_that_differs_is_named() {
        assert_eq!(
            said("1rn/KN1", "", ""),
            // The demo does not parse: bad-demo's, not this check's.
            [""; 0]
        );
        assert_eq!(
            said("1rn/1N1", "2,0=green", ""),
            [format!(
                "{AT}its data-fen differs from the position its press shows, first at \
                 sq0x0 (a1): the FEN has nothing, the board shows a White King (WhiteKing)"
            )]
        );
        assert_eq!(
            said("1rn/KN1", "2,0=green", ""),
            [format!(
                "{AT}its data-fen differs from the position its press shows, first at \
                 sq1x0 (b1): the FEN has a White Knight (N), the board shows nothing"
            )]
        );
        // The wrong side, the wrong piece: top rank first. BlackRook, an
        // image no cell declares, is a Black piece of no known letter.
        assert_eq!(
            said("1Rn/K2", "2,0=green", ""),
            [format!(
                "{AT}its data-fen differs from the position its press shows, first at \
                 sq1x1 (b2): the FEN has a White Rook (R), the board shows a Black piece (BlackRook)"
            )]
        );
        assert_eq!(
            said("1rk/K2", "0,1", ""),
            [format!(
                "{AT}its data-fen differs from the position its press shows, first at \
                 sq2x1 (c2): the FEN has a Black King (k), the board shows a Black Knight (BlackKnight)"
            )]
        );
    }

    #[test]
    fn sizes_and_bad_fens() {
        assert_eq!(
            said("3/3/K2", "0,1", ""),
            [format!("{AT}its data-fen has 3 ranks, the board has 2")]
        );
        assert_eq!(
            said("1rn/K3", "0,1", ""),
            [format!(
                "{AT}its data-fen's rank 1 has 4 squares, the board has 3 files"
            )]
        );
        assert_eq!(
            said("1rn/K1?", "0,1", ""),
            [format!(
                "{AT}its data-fen \"1rn/K1?\" is no FEN board: '?' in rank 1 is no piece \
                 letter, number, '+', '~' or '*'"
            )]
        );
    }

    #[test]
    fn images_go_by_the_letters_of_the_cells_that_show_them() {
        // WhiteKnight: the hand's data-hand N. WhiteFoo: no cell's, side only.
        assert_eq!(said("1rn/KN1", "1,0=WhiteKnight", ""), [""; 0]);
        assert_eq!(said("1rn/KQ1", "1,0=WhiteFoo", ""), [""; 0]);
        assert_eq!(said("1rn/Kq1", "1,0=WhiteFoo", "").len(), 1);
        // BlackKnight: the declared cell's key N, its row's ID.
        assert_eq!(said("1rn/Kn1", "1,0=BlackKnight", ""), [""; 0]);
        assert_eq!(
            said("1rn/Kr1", "1,0=BlackKnight", ""),
            [format!(
                "{AT}its data-fen differs from the position its press shows, first at \
                 sq1x0 (b1): the FEN has a Black Rook (r), the board shows a Black Knight (BlackKnight)"
            )]
        );
    }

    #[test]
    fn promoted_pieces_go_by_the_rules_claim() {
        let claim = r#"<li data-rule="pieceDrops=true; promotedPieceType=r:d n:k">x</li>"#;
        // +R is the Dragon King (D) by the claim; the image is the
        // Dragon King's once a cell shows it as such.
        let dragon = r#"<table><tr><td class="hand" id="sq1x13" data-hand="D"><img src="sym/WhiteDragon.png"></td></tr></table>"#;
        let both = format!("{claim}{dragon}");
        assert_eq!(said("1rn/K+R1", "1,0=WhiteDragon", &both), [""; 0]);
        assert_eq!(
            said("1rn/K+R1", "1,0=WhiteKnight", &both),
            [format!(
                "{AT}its data-fen differs from the position its press shows, first at \
                 sq1x0 (b1): the FEN has a White Dragon King (+R), the board shows a White Knight (WhiteKnight)"
            )]
        );
        // Without the claim, +R is matched by its side alone.
        assert_eq!(said("1rn/K+R1", "1,0=WhiteKnight", dragon), [""; 0]);
        assert_eq!(said("1rn/K+r1", "1,0=WhiteKnight", dragon).len(), 1);
        // Q~ is a Queen marked promoted: an N~ is a Knight.
        assert_eq!(said("1rn/KN~1", "1,0=WhiteKnight", ""), [""; 0]);
    }

    #[test]
    fn letters_walls_and_still_pieces() {
        let doc = |fen: &str| {
            format!(
                r#"<table class="board"><tr><td class="hand" id="sq0x13" data-fen="{fen}" data-demo="0,0"></td></tr>
                <tr><td class="n" id="sq0x1">R</td><td class="n" id="sq1x1">n</td><td class="n" id="sq2x1" data-still=""></td></tr>
                <tr><td class="n" id="sq0x0">K</td><td class="n" id="sq1x0"></td><td class="n" id="sq2x0"></td></tr></table>"#
            )
        };
        let said = |fen: &str| {
            let doc = Document::parse(&doc(fen));
            let decl = doc.read();
            check(&doc.root(), &decl)
                .into_iter()
                .map(|f| f.message)
                .collect::<Vec<_>>()
        };
        // A still piece shows no side and no letter: anything matches it.
        assert_eq!(said("Rn*/3"), [""; 0]);
        assert_eq!(said("RnK/3"), [""; 0]);
        assert_eq!(
            said("rn*/3"),
            [
                "its data-fen differs from the position its press shows, first at sq0x1 (a2): \
              the FEN has a Black piece (r), the board shows a White piece (R)"
            ]
        );
        assert_eq!(
            said("*n*/3"),
            [
                "its data-fen differs from the position its press shows, first at sq0x1 (a2): \
              the FEN has a wall (*), the board shows a White piece (R)"
            ]
        );
    }
}
