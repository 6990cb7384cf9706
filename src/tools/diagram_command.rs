//! `glance diagram`: where a piece moves, as a text diagram or JSON.
//!
//! The options arrive as the command line gave them ([`Options`]); they are
//! checked here, so that a bad Betza string, board, square or letter is
//! one [`DiagramError`] (the command prints it on one line, status 2).

use std::fmt;

use crate::engine::{betza, text};
use crate::{Colour, Diagram, Square, SquareSet};

/// `glance diagram`'s options, unchecked.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The piece's moves in Betza notation.
    pub betza: String,
    /// `FILESxRANKS` (default 8x8).
    pub board: Option<String>,
    /// The piece's square (default the centre).
    pub at: Option<String>,
    /// A Black piece.
    pub black: bool,
    /// Print JSON instead of the text diagram.
    pub json: bool,
    /// The letter of the text diagram.
    pub letter: Option<String>,
    /// Squares of enemy pieces.
    pub occupied: Vec<String>,
    /// Squares of the piece's own side.
    pub friends: Vec<String>,
    /// The ranks initial moves are made from (`2`, `"2 3"`).
    pub start: Option<String>,
}

/// Why no diagram was drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiagramError {
    /// Not `FILESxRANKS` with each from 1 to 16.
    Board(String),
    /// Not a square from a1 to p16.
    Square(String),
    /// Not one character.
    Letter(String),
    /// An occupied square that is no square.
    Occupied(String),
    /// A friend's square that is no square.
    Friend(String),
    /// A Betza string the parser refuses, with its reason.
    Betza { text: String, reason: String },
    /// The board cannot be made (outside 1x1 to 16x16).
    Size,
    /// The piece's square is off the board.
    OffBoard { at: Square, files: u8, ranks: u8 },
    /// `--start` is not a list of ranks.
    Start(String),
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiagramError::Board(t) => write!(
                f,
                "bad board '{t}': expected FILESxRANKS, each from 1 to 16 (e.g. 10x8)"
            ),
            DiagramError::Square(v) => write!(f, "bad square '{v}': expected a1 to p16"),
            DiagramError::Letter(v) => write!(f, "bad letter '{v}': expected one character"),
            DiagramError::Occupied(v) => {
                write!(f, "bad occupied square '{v}': expected a1 to p16")
            }
            DiagramError::Friend(v) => write!(f, "bad friend square '{v}': expected a1 to p16"),
            DiagramError::Betza { text, reason } => {
                write!(f, "bad Betza string '{text}': {reason}")
            }
            DiagramError::Size => f.write_str("board must be 1x1 to 16x16"),
            DiagramError::OffBoard { at, files, ranks } => {
                write!(f, "square {at} is not on a {files}x{ranks} board")
            }
            DiagramError::Start(t) => write!(
                f,
                "bad start '{t}': expected ranks from 1 to 16, e.g. 2 or '2 3'"
            ),
        }
    }
}

impl std::error::Error for DiagramError {}

/// A board size `FILESxRANKS`, each from 1 to 16 (`glance infer` reads it too).
pub fn parse_board(text: &str) -> Result<(u8, u8), DiagramError> {
    SquareSet::parse_size(text).ok_or_else(|| DiagramError::Board(text.to_string()))
}

/// A diagram request with its values checked.
struct Request {
    files: u8,
    ranks: u8,
    at: Option<Square>,
    colour: Colour,
    letter: Option<char>,
    occupied: SquareSet,
    friends: SquareSet,
}

fn check(opts: &Options) -> Result<Request, DiagramError> {
    let (files, ranks) = match &opts.board {
        Some(b) => parse_board(b)?,
        None => (8, 8),
    };
    let at = match &opts.at {
        Some(v) => Some(Square::parse(v).ok_or_else(|| DiagramError::Square(v.clone()))?),
        None => None,
    };
    let letter = match &opts.letter {
        Some(v) => {
            let mut chars = v.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Some(c),
                _ => return Err(DiagramError::Letter(v.clone())),
            }
        }
        None => None,
    };
    let mut occupied = SquareSet::EMPTY;
    for v in &opts.occupied {
        let sq = Square::parse(v.trim()).ok_or_else(|| DiagramError::Occupied(v.clone()))?;
        occupied.insert(sq);
    }
    let mut friends = SquareSet::EMPTY;
    for v in &opts.friends {
        let sq = Square::parse(v.trim()).ok_or_else(|| DiagramError::Friend(v.clone()))?;
        friends.insert(sq);
        occupied.insert(sq);
    }
    Ok(Request {
        occupied,
        friends,
        files,
        ranks,
        at,
        colour: if opts.black {
            Colour::Black
        } else {
            Colour::White
        },
        letter,
    })
}

fn json_list(squares: impl Iterator<Item = Square>) -> String {
    let items: Vec<String> = squares.map(|s| format!("\"{s}\"")).collect();
    format!("[{}]", items.join(", "))
}

/// The diagram `glance diagram` prints (text, or one line of JSON), or why
/// there is none.
///
/// ```
/// use glance::tools::diagram_command::{run, Options};
/// let opts = Options { betza: "W".into(), board: Some("3x3".into()), ..Options::default() };
/// // The Wazir on b2 of a 3x3 board: its four neighbours, * (a step).
/// assert_eq!(run(&opts).unwrap().lines().nth(1).unwrap(), " 2  * W *");
/// let bad = Options { board: Some("0x9".into()), ..opts };
/// assert!(run(&bad).unwrap_err().to_string().starts_with("bad board '0x9'"));
/// ```
pub fn run(opts: &Options) -> Result<String, DiagramError> {
    let req = check(opts)?;
    let piece = betza::parse(&opts.betza).map_err(|e| DiagramError::Betza {
        text: opts.betza.clone(),
        reason: e.to_string(),
    })?;
    let board = SquareSet::rectangle(req.files, req.ranks).ok_or(DiagramError::Size)?;
    let at = req
        .at
        .unwrap_or_else(|| Square::centre(req.files, req.ranks));
    if !board.contains(at) {
        return Err(DiagramError::OffBoard {
            at,
            files: req.files,
            ranks: req.ranks,
        });
    }
    let piece = match &opts.start {
        Some(text) => {
            let starts = crate::page::declared::parse_start(text)
                .ok_or_else(|| DiagramError::Start(text.clone()))?;
            if crate::page::declared::at_start(starts, at, req.colour, req.ranks) {
                piece
            } else {
                piece.without_initial()
            }
        }
        None => piece,
    };
    let mut occupied = req.occupied;
    occupied.remove(at);
    let d = Diagram::among(&piece, at, req.colour, &board, &occupied, &req.friends);
    if opts.json {
        let marks: Vec<String> = board
            .iter_by_file()
            .filter_map(|s| Some(format!("\"{s}\": \"{}\"", d.mark(s)?.name())))
            .collect();
        // Where it was drawn, too, so that `glance infer` needs no
        // options to read it back.
        let friends = req.friends;
        return Ok(format!(
            "{{\"move\": {}, \"capture\": {}, \"marks\": {{{}}}, \"board\": \"{}x{}\", \
             \"at\": \"{at}\", \"colour\": \"{}\", \"occupied\": {}, \"friends\": {}}}\n",
            json_list(board.iter_by_file().filter(|&s| d.can_move_to(s))),
            json_list(board.iter_by_file().filter(|&s| d.can_capture_on(s))),
            marks.join(", "),
            req.files,
            req.ranks,
            req.colour.name(),
            json_list(
                board
                    .iter_by_file()
                    .filter(|&s| occupied.contains(s) && !friends.contains(s))
            ),
            json_list(board.iter_by_file().filter(|&s| friends.contains(s))),
        ));
    }
    let letter = req
        .letter
        .or_else(|| opts.betza.chars().find(char::is_ascii_uppercase))
        .unwrap_or('@');
    Ok(text::render(&d, &board, letter))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(betza: &str) -> Options {
        Options {
            betza: betza.into(),
            ..Options::default()
        }
    }

    #[test]
    fn each_bad_value_is_its_own_error() {
        let o = |f: fn(&mut Options)| {
            let mut o = opts("W");
            f(&mut o);
            run(&o).unwrap_err().to_string()
        };
        assert_eq!(
            o(|o| o.at = Some("z9".into())),
            "bad square 'z9': expected a1 to p16"
        );
        assert_eq!(
            o(|o| o.letter = Some("ab".into())),
            "bad letter 'ab': expected one character"
        );
        assert_eq!(
            o(|o| o.occupied = vec!["q1".into()]),
            "bad occupied square 'q1': expected a1 to p16"
        );
        assert_eq!(
            o(|o| o.friends = vec!["e0".into()]),
            "bad friend square 'e0': expected a1 to p16"
        );
        assert_eq!(
            o(|o| {
                o.board = Some("4x4".into());
                o.at = Some("e5".into())
            }),
            "square e5 is not on a 4x4 board"
        );
        assert_eq!(
            o(|o| o.start = Some("x".into())),
            "bad start 'x': expected ranks from 1 to 16, e.g. 2 or '2 3'"
        );
        assert!(
            run(&opts("W@"))
                .unwrap_err()
                .to_string()
                .starts_with("bad Betza string 'W@': ")
        );
    }

    #[test]
    fn json_names_where_it_was_drawn() {
        let mut o = opts("W");
        o.board = Some("3x3".into());
        o.json = true;
        o.friends = vec!["b3".into()];
        assert_eq!(
            run(&o).unwrap(),
            "{\"move\": [\"a2\", \"b1\", \"c2\"], \"capture\": [\"a2\", \"b1\", \"c2\"], \
             \"marks\": {\"a2\": \"slide\", \"b1\": \"slide\", \"c2\": \"slide\"}, \"board\": \"3x3\", \
             \"at\": \"b2\", \"colour\": \"white\", \"occupied\": [], \"friends\": [\"b3\"]}\n"
        );
    }
}
