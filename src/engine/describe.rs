//! A piece's moves in plain words, as a rules page writes them ("The Rook
//! moves or captures any number of squares orthogonally."): made once
//! here from the parsed Betza, for the written pages (and for the lab and
//! the board, which may say it too). A variant's rules in words are the
//! variant's own ([`crate::variant::prose`]).
//!
//! ```
//! use glance::engine::{betza, describe};
//! let rook = betza::parse("R").unwrap();
//! assert_eq!(
//!     describe::piece(&rook, "Rook"),
//!     ["The Rook moves or captures any number of squares orthogonally."]
//! );
//! let pawn = betza::parse("mfWcfFifmW2").unwrap();
//! let words = describe::piece(&pawn, "Pawn").join(" ");
//! assert!(words.contains("moves without capturing one square forward"), "{words}");
//! assert!(words.contains("captures one square diagonally forward"), "{words}");
//! assert!(words.contains("From its starting squares"), "{words}");
//! ```

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::engine::betza::{Atom, Jumping, Leg, Link, Modality, Move, Piece};

const NUMBERS: [&str; 10] = [
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
];

/// A number in words up to nine ("three"), in figures above.
pub fn number(n: u8) -> String {
    NUMBERS
        .get(usize::from(n))
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

fn squares(n: u8) -> String {
    if n == 1 {
        "one square".into()
    } else {
        format!("{} squares", number(n))
    }
}

/// Which way a set of displacements points, from the mover's side:
/// `forward`, `sideways`, `backward`, joined by "or"; empty when it is
/// every way the atom has.
fn way(leg: &Leg) -> String {
    let all = leg.atom.vectors().count();
    let picked = leg.directions(0);
    if picked.len() >= all {
        return String::new();
    }
    let (mut f, mut s, mut b) = (false, false, false);
    for v in picked.iter() {
        match v.dy {
            d if d > 0 => f = true,
            0 => s = true,
            _ => b = true,
        }
    }
    let words: Vec<&str> = [(f, "forward"), (s, "sideways"), (b, "backward")]
        .into_iter()
        .filter_map(|(on, w)| on.then_some(w))
        .collect();
    words.join(" or ")
}

/// The name of a leap other than a step or a straight line.
fn leap_name(a: Atom) -> String {
    match (a.long, a.short) {
        (2, 1) => "a knight's leap (two squares one way, one to the side)".into(),
        (3, 1) => "a camel's leap (three squares one way, one to the side)".into(),
        (3, 2) => "a zebra's leap (three squares one way, two to the side)".into(),
        (l, s) => format!(
            "a leap of {} squares one way and {} to the side",
            number(l),
            number(s)
        ),
    }
}

/// How far and which way one leg goes: "any number of squares
/// orthogonally", "one square diagonally forward", "with a knight's leap".
fn leg_words(leg: &Leg, first: bool) -> String {
    let a = leg.atom;
    let way = if first { way(leg) } else { later_way(leg) };
    let way = if way.is_empty() {
        String::new()
    } else {
        format!(" {way}")
    };
    let straight = a.short == 0 || a.short == a.long;
    if a.long == 0 {
        return "without moving".into();
    }
    if !straight {
        let name = leap_name(a);
        return match leg.max_steps {
            1 => format!("with {name}{way}"),
            0 => format!("with any number of {name}s in a straight line{way}"),
            n => format!(
                "with up to {} of {name}s in a straight line{way}",
                number(n)
            ),
        };
    }
    let line = if a.short == 0 {
        "orthogonally"
    } else {
        "diagonally"
    };
    let line = if a.short == 0 && !way.is_empty() {
        ""
    } else {
        line
    };
    let sep = if line.is_empty() { "" } else { " " };
    match (a.long, leg.max_steps) {
        (1, 1) => format!("one square{sep}{line}{way}"),
        (1, 0) => format!("any number of squares{sep}{line}{way}"),
        (1, n) => format!("up to {}{sep}{line}{way}", squares(n)),
        (k, 1) => format!("{}{sep}{line}{way}, jumping", squares(k)),
        (k, 0) => format!("any number of jumps of {}{sep}{line}{way}", squares(k)),
        (k, n) => format!(
            "up to {} jumps of {}{sep}{line}{way}",
            number(n),
            squares(k)
        ),
    }
}

/// A later leg's directions, relative to the leg before it.
fn later_way(leg: &Leg) -> String {
    let d = leg.dirs.as_bytes();
    if d.is_empty() {
        return "in any direction".into();
    }
    match d {
        b"f" => "straight on".into(),
        b"b" => "straight back".into(),
        b"s" | b"l" | b"r" => "to the side".into(),
        b"fs" | b"sf" => "on or to the side".into(),
        _ => "in some directions".into(),
    }
}

/// The whole path of a move: its legs joined by how they hand over.
fn path(m: &Move) -> String {
    let mut out = String::new();
    for (i, leg) in m.legs.iter().enumerate() {
        out.push_str(&leg_words(leg, i == 0));
        match leg.link {
            Some(Link::Then) => out.push_str(", then may go on "),
            Some(Link::Block) => out.push_str(" to an empty square, then "),
            Some(Link::Hop) => out.push_str(" to a piece, hops over it, then "),
            Some(Link::Capture) => out.push_str(" capturing a piece there, then "),
            None => {}
        }
    }
    out
}

/// What a group of moves does: its verb phrase, given the words of each
/// of its paths.
fn clause(modality: Modality, jumping: Jumping, paths: &[String]) -> String {
    let paths = paths.join(", or ");
    let verb = match modality {
        Modality::Any => "moves or captures",
        Modality::MoveOnly => "moves without capturing",
        Modality::CaptureOnly => "captures",
    };
    match jumping {
        Jumping::Normal => format!("{verb} {paths}"),
        Jumping::Lame => format!(
            "{verb} {}, unless a piece stands on a square it passes",
            paths.replace(", jumping", "")
        ),
        Jumping::One => format!("{verb} {paths}, jumping over exactly one piece on the way"),
        Jumping::Many => format!("{verb} {paths}, jumping over any pieces on the way"),
        Jumping::Grasshopper => format!(
            "{verb} by hopping {paths} over the first piece on the line, to the square just beyond it"
        ),
        Jumping::Pao => match modality {
            Modality::CaptureOnly => format!(
                "captures {paths} by jumping over exactly one piece (its screen) to the first piece beyond it"
            ),
            Modality::MoveOnly => format!("moves without capturing {paths}"),
            Modality::Any => format!(
                "moves without capturing {paths}, and captures along the same lines by jumping over exactly one piece"
            ),
        },
    }
}

/// How `piece` moves and captures, a sentence per kind of move, the first
/// naming it (`name`): the moves it always has, then its initial ones.
pub fn piece(piece: &Piece, name: &str) -> Vec<String> {
    let mut groups: Vec<(bool, Modality, Jumping, Vec<String>)> = Vec::new();
    for m in piece.moves() {
        if m.castling {
            continue;
        }
        let p = path(m);
        match groups
            .iter_mut()
            .find(|g| g.0 == m.initial && g.1 == m.modality && g.2 == m.jumping)
        {
            Some(g) => {
                if !g.3.contains(&p) {
                    g.3.push(p)
                }
            }
            None => groups.push((m.initial, m.modality, m.jumping, alloc::vec![p])),
        }
    }
    groups.sort_by_key(|g| g.0);
    let mut out = Vec::new();
    let mut clauses = Vec::new();
    for (initial, modality, jumping, paths) in &groups {
        let c = clause(*modality, *jumping, paths);
        if *initial {
            out.push(format!("From its starting squares it may also: {c}."));
        } else {
            clauses.push(c);
        }
    }
    if !clauses.is_empty() {
        out.insert(0, format!("The {name} {}.", clauses.join("; it ")));
    }
    if groups.is_empty() {
        out.push(format!("The {name} never moves."));
    }
    out
}

/// `a, b or c`: items joined by commas, the last by `last` ("or", "and").
pub fn list(items: &[String], last: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., end] => format!("{} {last} {end}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::betza::parse;

    #[test]
    fn a_knight_leaps() {
        let words = piece(&parse("N").unwrap(), "Knight");
        assert_eq!(
            words,
            [
                "The Knight moves or captures with a knight's leap (two squares one way, one to the side)."
            ]
        );
    }

    #[test]
    fn a_lame_double_step_does_not_jump() {
        let words = piece(&parse("ifmnD").unwrap(), "Pawn").join(" ");
        assert!(
            words.contains("two squares forward, unless a piece stands"),
            "{words}"
        );
    }

    #[test]
    fn a_cannon_moves_and_captures_apart() {
        let words = piece(&parse("mRcpR").unwrap(), "Cannon").join(" ");
        assert!(
            words.contains("moves without capturing any number of squares orthogonally"),
            "{words}"
        );
        assert!(
            words.contains("by jumping over exactly one piece"),
            "{words}"
        );
    }
}
