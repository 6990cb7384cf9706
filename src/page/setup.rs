//! A page's "Initial setup" text read as squares: where each piece starts.
//!
//! XBoard's rules pages list the starting position under
//! `<h3>Initial setup</h3>`, a line per piece, each side under a heading:
//!
//! ```text
//! White (Persians)
//! a2-h2: Pawns
//! c1, f1: Bishop
//! ```
//!
//! A line is a list of squares or ranges along a rank or a file, a colon,
//! and a piece's name as the piece table spells it (more or less:
//! [`crate::page::names`] matches it to a row). The side is the heading's
//! (`White …`, `Black …`), else the half of the board the square is on.
//! The start ranks of pieces with initial moves and the setup pictures are
//! read from here.
//!
//! ```
//! use glance::page::declared::SetupLine;
//! use glance::page::setup::placements;
//! use glance::Colour;
//! let lines = [
//!     SetupLine { heading: true, text: "Black (Spartans)".into() },
//!     SetupLine { heading: false, text: "a7-c7, h7: Hoplites".into() },
//! ];
//! let placed = placements(&lines);
//! assert_eq!(placed.len(), 4);
//! assert_eq!(placed[3].sq.to_string(), "h7");
//! assert_eq!(placed[3].name, "Hoplites");
//! assert_eq!(placed[3].colour, Some(Colour::Black));
//! ```

use alloc::vec::Vec;

use crate::engine::cut::{cut, pieces};
use crate::engine::geometry::{Colour, Square};
use crate::page::declared::SetupLine;
use crate::page::names;

/// One square of the setup text: which piece stands there (its texts
/// borrowed from the setup lines: no copy per square).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement<'a> {
    pub sq: Square,
    /// The piece's name as the line writes it (`Hoplites`).
    pub name: &'a str,
    /// The side its heading names, if it names one.
    pub colour: Option<Colour>,
    /// The heading above the line (`White (Persians)`), or empty.
    pub heading: &'a str,
    /// The line, for messages.
    pub line: &'a str,
}

/// A line of the setup text that gives no squares it can read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem<'a> {
    /// `a2-c3`: a range neither along a rank nor along a file.
    Range { line: &'a str, range: &'a str },
    /// `8 Pawns`: a number of pieces, no squares (a setup that is not
    /// fixed: Fischer random, drops).
    Count { line: &'a str },
}

/// The squares the setup text gives, in its order.
pub fn placements(lines: &[SetupLine]) -> Vec<Placement<'_>> {
    let mut placed = Vec::new();
    // The problems dropped as they come (none kept to be thrown away).
    walk(lines, |p| placed.push(p), |_| {});
    placed
}

/// Whether any of `lines` has the setup text's shape: squares (or a
/// count of pieces), a colon, a name. How the reader finds the setup
/// section whatever its heading's words.
///
/// ```
/// use glance::page::declared::SetupLine;
/// use glance::page::setup::gives_any;
/// let line = |text: &str| SetupLine { heading: false, text: text.into() };
/// assert!(gives_any(&[line("Les pièces :"), line("a3-j3 : Pions")]));
/// assert!(!gives_any(&[line("Castling: as in chess.")]));
/// ```
pub fn gives_any(lines: &[SetupLine]) -> bool {
    let (mut placed, mut problem) = (false, false);
    walk(lines, |_| placed = true, |_| problem = true);
    placed || problem
}

/// The squares the setup text gives, and the lines it cannot read as
/// squares (lines that are neither are prose, and skipped).
pub fn read(lines: &[SetupLine]) -> (Vec<Placement<'_>>, Vec<Problem<'_>>) {
    let mut placed = Vec::new();
    let mut problems = Vec::new();
    walk(lines, |p| placed.push(p), |p| problems.push(p));
    (placed, problems)
}

/// The setup text read line by line: each square given to `place`, each
/// line it cannot read as squares to `problem`, in order.
fn walk<'a>(
    lines: &'a [SetupLine],
    mut place: impl FnMut(Placement<'a>),
    mut problem: impl FnMut(Problem<'a>),
) {
    let mut heading = "";
    let mut colour = None;
    // One list of squares for every line: no list made and freed a line.
    let mut squares = Vec::new();
    for line in lines {
        let text = line.text.as_str();
        if line.heading {
            heading = text;
            colour = names::side(text);
            continue;
        }
        squares.clear();
        match read_line(text, &mut squares) {
            Line::Squares(name) => {
                for &sq in &squares {
                    place(Placement {
                        sq,
                        name,
                        colour,
                        heading,
                        line: text,
                    });
                }
            }
            Line::BadRange(range) => problem(Problem::Range { line: text, range }),
            Line::Count => problem(Problem::Count { line: text }),
            Line::Prose => {}
        }
    }
}

/// What one line of the setup text says.
enum Line<'a> {
    /// `a2-h2, j2: Pawns`: the name (the squares are in the caller's list).
    Squares(&'a str),
    /// A range neither along a rank nor a file.
    BadRange(&'a str),
    /// `8 Pawns`.
    Count,
    /// Anything else.
    Prose,
}

/// One line of the setup text; its squares, if it gives any, added to
/// `squares`.
fn read_line<'a>(text: &'a str, squares: &mut Vec<Square>) -> Line<'a> {
    let Some((list, name)) = cut(text, b":") else {
        let mut words = text.split_ascii_whitespace();
        let count = words
            .next()
            .is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit()));
        let named = words
            .next()
            .is_some_and(|w| w.as_bytes().first().is_some_and(u8::is_ascii_alphabetic));
        return if count && named {
            Line::Count
        } else {
            Line::Prose
        };
    };
    let name = name.trim_ascii();
    if name.is_empty() {
        return Line::Prose;
    }
    for group in pieces(list, b",") {
        let group = group.trim_ascii();
        match cut(group, b"-") {
            None => match square(group) {
                Some(sq) => squares.push(sq),
                None => return Line::Prose,
            },
            Some((a, b)) => {
                let (Some(a), Some(b)) = (square(a.trim_ascii()), square(b.trim_ascii())) else {
                    return Line::Prose;
                };
                if !range(a, b, squares) {
                    return Line::BadRange(group);
                }
            }
        }
    }
    Line::Squares(name)
}

/// `a1` to `p16`, as the pages write squares.
fn square(text: &str) -> Option<Square> {
    // Bytes, not chars or iterators: the generic drop-in's code.
    let (&file, digits) = text.as_bytes().split_first()?;
    if !(b'a'..=b'p').contains(&file) {
        return None;
    }
    let rank = match *digits {
        [d] if d.is_ascii_digit() => d - b'0',
        // Two digits: 10 to 16 (no leading zero).
        [b'1', d] if d.is_ascii_digit() => 10 + d - b'0',
        _ => return None,
    };
    if !(1..=16).contains(&rank) {
        return None;
    }
    Square::new(file - b'a', rank - 1)
}

/// The squares from `a` to `b` along a rank or a file, added to `out`;
/// `false` if they share neither.
fn range(a: Square, b: Square, out: &mut Vec<Square>) -> bool {
    if a.rank() != b.rank() && a.file() != b.file() {
        return false;
    }
    let (f1, r1) = (a.file().max(b.file()), a.rank().max(b.rank()));
    let (mut f, mut r) = (a.file().min(b.file()), a.rank().min(b.rank()));
    // One loop, not two ranges and extends: the generic drop-in's code.
    // The range is along one rank or one file, so one of f and r moves.
    loop {
        if let Some(sq) = Square::new(f, r) {
            out.push(sq);
        }
        if f < f1 {
            f += 1;
        } else if r < r1 {
            r += 1;
        } else {
            return true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::{String, ToString};

    fn lines(text: &[(bool, &str)]) -> Vec<SetupLine> {
        text.iter()
            .map(|&(heading, t)| SetupLine {
                heading,
                text: t.into(),
            })
            .collect()
    }

    fn names_of(placed: &[Placement]) -> Vec<String> {
        placed
            .iter()
            .map(|p| alloc::format!("{}={}", p.sq, p.name))
            .collect()
    }

    #[test]
    fn squares_ranges_and_headings() {
        let text = lines(&[
            (true, "White"),
            (false, "a3-c3, j3: Pawns"),
            (false, "a1-a2 : Rook"),
            (true, "Setup for both"),
            (false, "p16: King"),
        ]);
        let (placed, problems) = read(&text);
        assert!(problems.is_empty());
        assert_eq!(
            names_of(&placed),
            [
                "a3=Pawns", "b3=Pawns", "c3=Pawns", "j3=Pawns", "a1=Rook", "a2=Rook", "p16=King"
            ]
        );
        assert_eq!(placed[0].colour, Some(Colour::White));
        assert_eq!(placed[6].colour, None);
        assert_eq!(placed[6].heading, "Setup for both");
    }

    #[test]
    fn counts_bad_ranges_and_prose() {
        let text = lines(&[
            (false, "8 Pawns"),
            (false, "a2-c3: Pawns"),
            (false, "The pieces stand as in chess: see the picture."),
            (false, "q1: Nothing"),
            (false, "a0: Nothing"),
            (false, "a17: Nothing"),
            (false, "a1:"),
        ]);
        let (placed, problems) = read(&text);
        assert!(placed.is_empty(), "{placed:?}");
        assert_eq!(
            problems,
            [
                Problem::Count { line: "8 Pawns" },
                Problem::Range {
                    line: "a2-c3: Pawns",
                    range: "a2-c3"
                }
            ]
        );
    }

    #[test]
    fn ranges_run_upwards_along_a_rank_or_a_file() {
        let text = lines(&[
            (false, "c3-a3: Pawns"),
            (false, "b4-b2: Rooks"),
            (false, "d1-d1: King"),
        ]);
        let placed = placements(&text);
        assert_eq!(
            names_of(&placed),
            [
                "a3=Pawns", "b3=Pawns", "c3=Pawns", "b2=Rooks", "b3=Rooks", "b4=Rooks", "d1=King"
            ]
        );
    }

    /// A 10x10 page whose Pawns start on the third rank, with its setup
    /// section's heading and lines in `words`: (heading, White's line,
    /// Black's line, the Pawn row's name).
    #[cfg(not(target_arch = "wasm32"))]
    fn ten_by_ten(words: [&str; 4]) -> String {
        let [heading, white, black, pawn] = words;
        let mut board = String::from(r#"<table class="board">"#);
        for y in (0..10).rev() {
            board.push_str("<tr>");
            for x in 0..10 {
                let piece = match y {
                    2 => r#" data-piece="P"><img src="sym/WhitePawn.png""#,
                    7 => r#" data-piece="P" data-side="black"><img src="sym/BlackPawn.png""#,
                    _ => "",
                };
                let close = if piece.is_empty() { ">" } else { "></td>" };
                board.push_str(&alloc::format!(
                    r#"<td class="n" id="sq{x}x{y}"{piece}{close}"#
                ));
                if piece.is_empty() {
                    board.push_str("</td>");
                }
            }
            board.push_str("</tr>");
        }
        board.push_str("</table>");
        alloc::format!(
            r#"<html><head><link rel="stylesheet" href="moves.css"></head><body><h3>Notes</h3><p>Pieces: see below.</p><h3>{heading}</h3><p>{white}<br>{black}</p>
            <h3>Moves</h3>{board}<p id="piece">:</p><table><tr data-piece="P"><td>{pawn}</td><td>P</td>
            <td>1</td><td>fmWfcFifmW2</td><td></td></tr></table></body></html>"#
        )
    }

    /// The setup text is found by its shape, whatever its heading says: a
    /// translated page gives its Pawns the third rank, as the original.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn the_setup_section_is_found_by_its_shape() {
        use crate::page::html::Document;
        let english = ["Initial setup", "a3-j3: Pawns", "a8-j8: Pawns", "Pawn"];
        let french = [
            "Position initiale",
            "a3-j3 : Pions",
            "a8-j8 : Pions",
            "Pion",
        ];
        let german = ["Anfangsstellung", "a3-j3: Bauer", "a8-j8: Bauer", "Bauer"];
        for words in [english, french, german] {
            let decl = Document::parse(&ten_by_ten(words)).read();
            let lines: Vec<&str> = decl.setup.iter().map(|l| l.text.as_str()).collect();
            assert_eq!(lines, [words[1], words[2]], "{words:?}");
            let checked = decl.check();
            assert!(
                checked.findings.is_empty(),
                "{words:?}: {:?}",
                checked.findings
            );
            let pieces = &checked.declared.pieces;
            assert_eq!(pieces.len(), 1);
            // Rank 3 (bit 2) for both sides, from each side's own.
            assert_eq!(pieces[0].starts, 1 << 2, "{words:?}");
        }
        // No line of the setup text's shape: no setup text, rank 2.
        let none = ten_by_ten(["Position initiale", "Voir l'image.", "", "Pion"]);
        let decl = Document::parse(&none).read();
        assert!(decl.setup.is_empty(), "{:?}", decl.setup);
    }

    #[test]
    fn squares_are_the_pages_names() {
        assert_eq!(square("j10").map(|s| s.to_string()).as_deref(), Some("j10"));
        assert_eq!(square("a01"), None);
        assert_eq!(square("A1"), None);
        assert_eq!(square(""), None);
        assert_eq!(square("p16").map(|s| s.to_string()).as_deref(), Some("p16"));
        assert_eq!(square("a9").map(|s| s.to_string()).as_deref(), Some("a9"));
        for bad in ["a0", "a17", "a25", "a100", "a1x", "a", "é1", "q1"] {
            assert_eq!(square(bad), None, "{bad}");
        }
    }
}
