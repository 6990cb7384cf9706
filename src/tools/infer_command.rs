//! `glance infer`: the shortest Betza string that draws the marks read on
//! standard input (what `glance diagram --json` prints, or an object with
//! the marks alone), the options filling in what the input leaves out.

use std::fmt;

use super::diagram_command::{DiagramError, parse_board};
use super::{Say, Status};
use crate::engine::infer::{self, Target};
use crate::{Colour, Mark, Square, SquareSet};

/// `glance infer`'s options: what the input may leave out, and where the
/// alternatives go.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `FILESxRANKS` (default 8x8).
    pub board: Option<String>,
    /// The piece's square (default the centre).
    pub at: Option<String>,
    /// A Black piece.
    pub black: bool,
    /// Squares of enemy pieces.
    pub occupied: Vec<String>,
    /// Print the other strings as short on standard output.
    pub alternatives: bool,
}

/// Why the input names no target (status 2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InferError {
    /// Not JSON.
    Json(String),
    /// Not an object.
    NotObject,
    /// A key of the wrong type (`"must be a string"`, `"must list squares"`...).
    Key { key: String, expected: &'static str },
    /// A bad board or square.
    Value(DiagramError),
    /// Neither white nor black.
    Colour(String),
    /// No `"marks"` object.
    NoMarks,
    /// A mark that is no mark's name.
    Mark { value: String, square: String },
}

impl fmt::Display for InferError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InferError::Json(e) => write!(f, "bad JSON on standard input: {e}"),
            InferError::NotObject => {
                f.write_str("bad input: expected a JSON object with \"marks\"")
            }
            InferError::Key { key, expected } => write!(f, "bad input: \"{key}\" {expected}"),
            InferError::Value(e) => e.fmt(f),
            InferError::Colour(c) => write!(f, "bad colour '{c}': expected white or black"),
            InferError::NoMarks => {
                f.write_str("bad input: expected a \"marks\" object, e.g. {\"h9\": \"yellow\"}")
            }
            InferError::Mark { value, square } => write!(
                f,
                "bad mark {value} on {square}: expected slide, leap, move, capture, first-leg, \
                 block or yellow, orange, green, red, cyan, open"
            ),
        }
    }
}

impl std::error::Error for InferError {}

impl From<DiagramError> for InferError {
    fn from(e: DiagramError) -> Self {
        InferError::Value(e)
    }
}

fn bad_square(v: &str) -> InferError {
    InferError::Value(DiagramError::Square(v.to_string()))
}

/// The target `glance infer` reads: `input`'s JSON with the options
/// filling in what it leaves out.
pub fn target(opts: &Options, input: &str) -> Result<Target, InferError> {
    let json: serde_json::Value =
        serde_json::from_str(input).map_err(|e| InferError::Json(e.to_string()))?;
    let obj = json.as_object().ok_or(InferError::NotObject)?;
    let text = |key: &str| -> Result<Option<String>, InferError> {
        match obj.get(key) {
            None | Some(serde_json::Value::Null) => Ok(None),
            Some(serde_json::Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(InferError::Key {
                key: key.to_string(),
                expected: "must be a string",
            }),
        }
    };
    let size = text("board")?.or_else(|| opts.board.clone());
    let (files, ranks) = match &size {
        Some(b) => parse_board(b)?,
        None => (8, 8),
    };
    let board = SquareSet::rectangle(files, ranks).ok_or(DiagramError::Size)?;
    let at = match text("at")?.or_else(|| opts.at.clone()) {
        Some(v) => Square::parse(v.trim()).ok_or_else(|| bad_square(&v))?,
        None => Square::centre(files, ranks),
    };
    if !board.contains(at) {
        return Err(DiagramError::OffBoard { at, files, ranks }.into());
    }
    let colour = match text("colour")?.as_deref() {
        Some("white") => Colour::White,
        Some("black") => Colour::Black,
        Some(other) => return Err(InferError::Colour(other.to_string())),
        None if opts.black => Colour::Black,
        None => Colour::White,
    };
    let squares = |key: &str, default: &[String]| -> Result<SquareSet, InferError> {
        let listed: Vec<String> = match obj.get(key) {
            None | Some(serde_json::Value::Null) => default.to_vec(),
            Some(serde_json::Value::Array(items)) => items
                .iter()
                .map(|v| {
                    v.as_str().map(String::from).ok_or_else(|| InferError::Key {
                        key: key.to_string(),
                        expected: "must list squares",
                    })
                })
                .collect::<Result<_, _>>()?,
            Some(_) => {
                return Err(InferError::Key {
                    key: key.to_string(),
                    expected: "must be an array",
                });
            }
        };
        let mut set = SquareSet::EMPTY;
        for v in &listed {
            set.insert(Square::parse(v.trim()).ok_or_else(|| bad_square(v))?);
        }
        set.remove(at);
        Ok(set)
    };
    let friends = squares("friends", &[])?;
    let mut occupied = squares("occupied", &opts.occupied)?;
    for sq in friends.iter() {
        occupied.insert(sq);
    }
    let marks = obj
        .get("marks")
        .and_then(|m| m.as_object())
        .ok_or(InferError::NoMarks)?;
    let mut target = Target::new(board, at, colour, occupied);
    target.friends = friends;
    for (sq, v) in marks {
        let name = v.as_str().unwrap_or("");
        let mark = Mark::parse(name).ok_or_else(|| InferError::Mark {
            value: v.to_string(),
            square: sq.clone(),
        })?;
        let square = Square::parse(sq).ok_or_else(|| bad_square(sq))?;
        if !board.contains(square) {
            return Err(DiagramError::OffBoard {
                at: square,
                files,
                ranks,
            }
            .into());
        }
        target.set(square, Some(mark));
    }
    Ok(target)
}

/// `glance infer` on the text of standard input: the string on standard
/// output, the others as short after it (or on standard error), and why
/// none was found. [`Status::Findings`] when no string draws the marks,
/// [`Status::Failed`] on bad input.
pub fn run(opts: &Options, input: &str, say: &mut dyn Say) -> Status {
    let target = match target(opts, input) {
        Ok(t) => t,
        Err(msg) => {
            say.err(&format!("glance: {msg}\n"));
            return Status::Failed;
        }
    };
    let found = infer::infer(&target);
    match found.betza {
        Some(s) => {
            say.out(&format!("{s}\n"));
            if opts.alternatives {
                for alt in &found.alternatives {
                    say.out(&format!("{alt}\n"));
                }
            } else if !found.alternatives.is_empty() {
                say.err(&format!(
                    "glance: as short: {}\n",
                    found.alternatives.join(" ")
                ));
            }
            if !found.complete {
                say.err("glance: the search stopped early: a shorter string may exist\n");
            }
            Status::Success
        }
        None if !found.complete && found.unreachable.is_empty() => {
            say.err(
                "glance: the search stopped early without finding a string (every marked square can be reached alone)\n",
            );
            Status::Findings
        }
        None if target.marked().next().is_none() => {
            say.err("glance: no square is marked\n");
            Status::Findings
        }
        None if found.unreachable.is_empty() => {
            say.err(
                "glance: every marked square can be reached, but no Betza string marks them all as given\n",
            );
            Status::Findings
        }
        None => {
            let squares: Vec<String> = found
                .unreachable
                .iter()
                .map(|&s| match target.mark(s) {
                    Some(m) => format!("{s} ({})", m.name()),
                    None => s.to_string(),
                })
                .collect();
            say.err(&format!(
                "glance: no Betza string marks {}: {}\n",
                if squares.len() == 1 {
                    "this square as given"
                } else {
                    "these squares as given"
                },
                squares.join(", ")
            ));
            Status::Findings
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::Said;

    fn infer(input: &str) -> (Status, Said) {
        let mut said = Said::default();
        let status = run(&Options::default(), input, &mut said);
        (status, said)
    }

    #[test]
    fn a_wazir_painted_is_w() {
        let (status, said) = infer(
            r#"{"board": "5x5", "at": "c3", "marks": {"c4": "yellow", "c2": "yellow", "b3": "yellow", "d3": "yellow"}}"#,
        );
        assert_eq!(status, Status::Success);
        assert_eq!(said.out, "W\n");
    }

    #[test]
    fn bad_input_is_status_2_with_one_line() {
        let (status, said) = infer(r#"{"marks": {"c4": "purple"}}"#);
        assert_eq!(status, Status::Failed);
        assert_eq!(
            said.err,
            "glance: bad mark \"purple\" on c4: expected slide, leap, move, capture, first-leg, \
             block or yellow, orange, green, red, cyan, open\n"
        );
        let (status, said) = infer("[1]");
        assert_eq!(status, Status::Failed);
        assert_eq!(
            said.err,
            "glance: bad input: expected a JSON object with \"marks\"\n"
        );
        let (_, said) = infer(r#"{"board": 8, "marks": {}}"#);
        assert_eq!(said.err, "glance: bad input: \"board\" must be a string\n");
    }

    #[test]
    fn no_mark_is_status_1() {
        let (status, said) = infer(r#"{"marks": {}}"#);
        assert_eq!(status, Status::Findings);
        assert_eq!(said.err, "glance: no square is marked\n");
    }
}
