//! The board part of a FEN as a page states it (`data-fen`, native only:
//! `glance lint` reads it, the page's script never does), read as
//! Fairy-Stockfish's `Position::set` reads it: ranks from the top,
//! separated by `/`; a number (one or two digits, `10`) is that many empty
//! squares; a letter is a piece, upper case White, lower case Black; `+`
//! before a letter is the promoted form of that letter's piece (shogi's
//! `+R`, the Dragon King); `~` after a letter marks a piece as promoted
//! (crazyhouse's `Q~`: still a Queen); `*` is a wall square (Duck chess,
//! walls). The pocket (`[Pn]`, pieces in hand) and the fields after the
//! board are not the board's: they are skipped.
//!
//! ```
//! use glance::page::fen::{FenBoard, FenSquare, Promotion};
//! use glance::Colour;
//! let board = FenBoard::parse("4k4/9/9/9/9/9/9/9/1+R2K3*[b] b - - 0 1").unwrap();
//! assert_eq!((board.files(), board.ranks()), (9, 9));
//! assert_eq!(board.at(4, 8), Some(FenSquare::Piece { colour: Colour::Black, letter: 'k', promotion: Promotion::None }));
//! assert_eq!(board.at(1, 0), Some(FenSquare::Piece { colour: Colour::White, letter: 'r', promotion: Promotion::Plus }));
//! assert_eq!(board.at(8, 0), Some(FenSquare::Wall));
//! assert_eq!(board.at(0, 0), Some(FenSquare::Empty));
//! assert_eq!(FenBoard::parse("8/8/8/8/8/8/8/8?").unwrap_err().to_string(),
//!     "'?' in rank 1 is no piece letter, number, '+', '~' or '*'");
//! ```

use std::fmt;

use crate::engine::geometry::{Colour, Square};

/// How a FEN marks a piece as promoted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Promotion {
    /// A plain letter.
    None,
    /// `+X`: the piece X promotes to (its type is not X's).
    Plus,
    /// `X~`: the piece X, marked as promoted (crazyhouse: it goes back to
    /// the hand as a Pawn); its type is X's.
    Tilde,
}

/// One square of a FEN's board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FenSquare {
    Empty,
    /// `*`: a wall (or the duck), no side's piece.
    Wall,
    /// A piece: its side (the letter's case), its letter in lower case,
    /// and its promotion mark.
    Piece {
        colour: Colour,
        letter: char,
        promotion: Promotion,
    },
}

impl FenSquare {
    /// The square as the FEN writes it (`N`, `+r`, `Q~`, `*`), empty for
    /// an empty square.
    pub fn token(self) -> String {
        match self {
            FenSquare::Empty => String::new(),
            FenSquare::Wall => "*".into(),
            FenSquare::Piece {
                colour,
                letter,
                promotion,
            } => {
                let letter = match colour {
                    Colour::White => letter.to_ascii_uppercase(),
                    Colour::Black => letter,
                };
                match promotion {
                    Promotion::None => letter.to_string(),
                    Promotion::Plus => format!("+{letter}"),
                    Promotion::Tilde => format!("{letter}~"),
                }
            }
        }
    }
}

/// What keeps a text from being a FEN's board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// No board field at all.
    Empty,
    /// A character that is none of the board's (rank counted from 1 at
    /// the bottom).
    BadChar { rank: usize, found: char },
    /// A `+` not followed by a letter.
    LonePlus { rank: usize },
    /// A `~` not after a letter.
    LoneTilde { rank: usize },
    /// A run of empty squares longer than any board (more than two digits).
    LongRun { rank: usize },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => f.write_str("there is no board field"),
            FenError::BadChar { rank, found } => write!(
                f,
                "'{found}' in rank {rank} is no piece letter, number, '+', '~' or '*'"
            ),
            FenError::LonePlus { rank } => {
                write!(f, "a '+' in rank {rank} is followed by no piece letter")
            }
            FenError::LoneTilde { rank } => {
                write!(f, "a '~' in rank {rank} follows no piece letter")
            }
            FenError::LongRun { rank } => {
                write!(f, "rank {rank} has a run of more than 99 empty squares")
            }
        }
    }
}

impl std::error::Error for FenError {}

/// A FEN's board: its ranks from the bottom (`ranks[0]` is rank 1), each
/// its squares from the left. Ranks may differ in length: the FEN says
/// so, and [`FenBoard::files`] is its longest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenBoard {
    pub ranks: Vec<Vec<FenSquare>>,
}

impl FenBoard {
    /// Reads the board field of `fen` (its first field, up to a `[`).
    pub fn parse(fen: &str) -> Result<FenBoard, FenError> {
        let field = fen.split_whitespace().next().ok_or(FenError::Empty)?;
        let board = field.split('[').next().unwrap_or_default();
        let rows: Vec<&str> = board.split('/').collect();
        let count = rows.len();
        let mut ranks = Vec::with_capacity(count);
        for (i, row) in rows.iter().enumerate() {
            ranks.push(read_rank(row, count - i)?);
        }
        ranks.reverse();
        Ok(FenBoard { ranks })
    }

    /// Its number of ranks.
    pub fn ranks(&self) -> usize {
        self.ranks.len()
    }

    /// Its number of files: its longest rank's squares.
    pub fn files(&self) -> usize {
        self.ranks.iter().map(Vec::len).max().unwrap_or(0)
    }

    /// Moves what stands on `from` to `to` (what stood there is gone),
    /// where the FEN has both squares; `from == to` changes nothing.
    ///
    /// ```
    /// use glance::page::fen::{FenBoard, FenSquare};
    /// use glance::Square;
    /// let mut b = FenBoard::parse("8/8/8/8/8/8/4P3/8").unwrap();
    /// b.play(Square::parse("e2").unwrap(), Square::parse("e4").unwrap());
    /// assert_eq!(b.at(4, 1), Some(FenSquare::Empty));
    /// assert_ne!(b.at(4, 3), Some(FenSquare::Empty));
    /// ```
    pub fn play(&mut self, from: Square, to: Square) {
        let (f, t) = (
            (usize::from(from.file()), usize::from(from.rank())),
            (usize::from(to.file()), usize::from(to.rank())),
        );
        if from == to || self.at(t.0, t.1).is_none() {
            return;
        }
        let Some(moved) = self.ranks.get_mut(f.1).and_then(|r| r.get_mut(f.0)) else {
            return;
        };
        let piece = core::mem::replace(moved, FenSquare::Empty);
        if let Some(sq) = self.ranks.get_mut(t.1).and_then(|r| r.get_mut(t.0)) {
            *sq = piece;
        }
    }

    /// The square on `file` and `rank` (from 0 at the bottom left), if
    /// the FEN has it.
    pub fn at(&self, file: usize, rank: usize) -> Option<FenSquare> {
        self.ranks.get(rank)?.get(file).copied()
    }
}

/// One rank of the board field (`rank`: its number from 1 at the bottom,
/// for errors).
fn read_rank(row: &str, rank: usize) -> Result<Vec<FenSquare>, FenError> {
    let mut out = Vec::new();
    let mut chars = row.chars().peekable();
    while let Some(c) = chars.next() {
        if let Some(d) = c.to_digit(10) {
            let mut run = d as usize;
            if let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                chars.next();
                run = run * 10 + d2 as usize;
            }
            if chars.peek().is_some_and(char::is_ascii_digit) {
                return Err(FenError::LongRun { rank });
            }
            out.extend(std::iter::repeat_n(FenSquare::Empty, run));
        } else if c == '*' {
            out.push(FenSquare::Wall);
        } else if c == '+' {
            match chars.next() {
                Some(l) if l.is_ascii_alphabetic() => out.push(piece(l, Promotion::Plus)),
                _ => return Err(FenError::LonePlus { rank }),
            }
        } else if c == '~' {
            match out.last_mut() {
                Some(FenSquare::Piece { promotion, .. }) if *promotion == Promotion::None => {
                    *promotion = Promotion::Tilde;
                }
                _ => return Err(FenError::LoneTilde { rank }),
            }
        } else if c.is_ascii_alphabetic() {
            out.push(piece(c, Promotion::None));
        } else {
            return Err(FenError::BadChar { rank, found: c });
        }
    }
    Ok(out)
}

/// The piece of letter `c` (its case its side).
fn piece(c: char, promotion: Promotion) -> FenSquare {
    FenSquare::Piece {
        colour: if c.is_ascii_uppercase() {
            Colour::White
        } else {
            Colour::Black
        },
        letter: c.to_ascii_lowercase(),
        promotion,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(fen: &str) -> Vec<String> {
        let board = FenBoard::parse(fen).unwrap();
        board
            .ranks
            .iter()
            .rev()
            .map(|r| {
                r.iter()
                    .map(|s| match s.token() {
                        t if t.is_empty() => ".".to_string(),
                        t => t,
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    #[test]
    fn runs_letters_and_marks() {
        assert_eq!(
            tokens("r10/1+Bq~2*P5[Pp] w - - 0 1"),
            ["r . . . . . . . . . .", ". +B q~ . . * P . . . . ."]
        );
        // Ranks of different lengths are read as written.
        let b = FenBoard::parse("3/2").unwrap();
        assert_eq!((b.files(), b.ranks()), (3, 2));
        assert_eq!(b.at(2, 0), None);
        assert_eq!(b.at(2, 1), Some(FenSquare::Empty));
        // No pocket, no fields: the board alone.
        assert_eq!(tokens("K"), ["K"]);
    }

    #[test]
    fn what_is_no_board() {
        let err = |fen: &str| FenBoard::parse(fen).unwrap_err();
        assert_eq!(err(""), FenError::Empty);
        assert_eq!(
            err("8/8/7?"),
            FenError::BadChar {
                rank: 1,
                found: '?'
            }
        );
        assert_eq!(err("8/+/8"), FenError::LonePlus { rank: 2 });
        assert_eq!(err("+1/8"), FenError::LonePlus { rank: 2 });
        assert_eq!(err("~K/8"), FenError::LoneTilde { rank: 2 });
        assert_eq!(err("K~~"), FenError::LoneTilde { rank: 1 });
        assert_eq!(err("100"), FenError::LongRun { rank: 1 });
        assert_eq!(
            err("2+").to_string(),
            "a '+' in rank 1 is followed by no piece letter"
        );
    }
}
