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
use crate::engine::geometry::Offset;

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

/// Which way a set of displacements points, from the mover's side (its
/// left is the left of the player who owns it): empty when it is every way
/// the atom has, else the fewest of these parts that make it up, joined by
/// "or": halves ("forward", "to the left"), the sideways pair, quarters
/// ("diagonally forward to the left" is the F's one move there), then, for
/// a leap like the knight's, its pairs and single moves spelt out ("two
/// squares forward and one to the side"), which [`Way::spelt`] marks.
fn way(leg: &Leg) -> Way {
    let all: Vec<Offset> = leg.atom.vectors().collect();
    let picked: Vec<Offset> = leg.directions(0).iter().collect();
    if picked.len() >= all.len() {
        return Way::default();
    }
    let oblique = leg.atom.short != 0 && leg.atom.short != leg.atom.long;
    let mut parts: Vec<String> = Vec::new();
    let mut covered: Vec<Offset> = Vec::new();
    let mut spelt = false;
    for (words, test, spells) in regions(oblique) {
        let region: Vec<Offset> = all.iter().copied().filter(|v| test(*v)).collect();
        let inside = !region.is_empty() && region.iter().all(|v| picked.contains(v));
        let adds = region.iter().any(|v| !covered.contains(v));
        if inside && adds {
            for v in &region {
                if !covered.contains(v) {
                    covered.push(*v);
                }
            }
            spelt |= spells;
            if let Some(v) = region.first() {
                parts.push(words(*v));
            }
        }
        if covered.len() >= picked.len() {
            break;
        }
    }
    Way {
        words: list(&parts, "or"),
        spelt,
    }
}

/// Which way a leg goes, in words, and whether they spell its moves out
/// (so the leap's name no longer needs saying).
#[derive(Default)]
struct Way {
    words: String,
    spelt: bool,
}

type Region = (fn(Offset) -> String, fn(Offset) -> bool, bool);

/// The parts [`way`] builds a set of moves from, largest first.
fn regions(oblique: bool) -> Vec<Region> {
    let mut out: Vec<Region> = alloc::vec![
        (|_| "forward".into(), |v| v.dy > 0, false),
        (|_| "backward".into(), |v| v.dy < 0, false),
        (|_| "sideways".into(), |v| v.dy == 0, false),
        (|_| "to the left".into(), |v| v.dx < 0, false),
        (|_| "to the right".into(), |v| v.dx > 0, false),
        (quarter, |v| v.dx < 0 && v.dy > 0, false),
        (quarter, |v| v.dx > 0 && v.dy > 0, false),
        (quarter, |v| v.dx < 0 && v.dy < 0, false),
        (quarter, |v| v.dx > 0 && v.dy < 0, false),
    ];
    if oblique {
        out.extend([
            (
                pair as fn(Offset) -> String,
                (|v: Offset| v.dy.abs() > v.dx.abs() && v.dy > 0) as fn(Offset) -> bool,
                true,
            ),
            (pair, |v| v.dy.abs() > v.dx.abs() && v.dy < 0, true),
            (pair, |v| v.dx.abs() > v.dy.abs() && v.dy > 0, true),
            (pair, |v| v.dx.abs() > v.dy.abs() && v.dy < 0, true),
            (pair_across, |v| v.dx.abs() > v.dy.abs() && v.dx < 0, true),
            (pair_across, |v| v.dx.abs() > v.dy.abs() && v.dx > 0, true),
            (pair_across, |v| v.dy.abs() > v.dx.abs() && v.dx < 0, true),
            (pair_across, |v| v.dy.abs() > v.dx.abs() && v.dx > 0, true),
        ]);
        for i in 0..8u8 {
            out.push((single, SINGLES[usize::from(i)], true));
        }
    }
    out
}

/// The eight single moves of an oblique leap, one test each (a plain `fn`
/// cannot capture which one it is).
const SINGLES: [fn(Offset) -> bool; 8] = [
    |v| v.dy > v.dx.abs() && v.dx < 0,
    |v| v.dy > v.dx.abs() && v.dx > 0,
    |v| -v.dy > v.dx.abs() && v.dx < 0,
    |v| -v.dy > v.dx.abs() && v.dx > 0,
    |v| -v.dx > v.dy.abs() && v.dy > 0,
    |v| -v.dx > v.dy.abs() && v.dy < 0,
    |v| v.dx > v.dy.abs() && v.dy > 0,
    |v| v.dx > v.dy.abs() && v.dy < 0,
];

/// "forward to the left": the quarter `v` lies in.
fn quarter(v: Offset) -> String {
    let up = if v.dy > 0 { "forward" } else { "backward" };
    let side = if v.dx < 0 { "left" } else { "right" };
    format!("{up} to the {side}")
}

fn ahead(dy: i8) -> &'static str {
    if dy > 0 { "forward" } else { "backward" }
}

fn side(dx: i8) -> &'static str {
    if dx < 0 {
        "to the left"
    } else {
        "to the right"
    }
}

/// A leap spelt out by its two arms, the long one first: `ahead` the
/// words for its forward or backward arm, `aside` for its sideways one
/// ("two squares forward and one to the left").
fn arms(v: Offset, ahead: &str, aside: &str) -> String {
    let (dx, dy) = (v.dx.unsigned_abs(), v.dy.unsigned_abs());
    if dy > dx {
        format!("{} {ahead} and {} {aside}", squares(dy), number(dx))
    } else {
        format!("{} {aside} and {} {ahead}", squares(dx), number(dy))
    }
}

/// "two squares forward and one to the side", "two squares sideways and
/// one forward": the pair of leaps that go the same way along their long
/// arm and either way along the short one (`v` one of them).
fn pair(v: Offset) -> String {
    let aside = if v.dy.abs() > v.dx.abs() {
        "to the side"
    } else {
        "sideways"
    };
    arms(v, ahead(v.dy), aside)
}

/// "two squares to the left and one forward or backward".
fn pair_across(v: Offset) -> String {
    arms(v, "forward or backward", side(v.dx))
}

/// "two squares forward and one to the left": one leap.
fn single(v: Offset) -> String {
    arms(v, ahead(v.dy), side(v.dx))
}

/// The name of a leap other than a step or a straight line, as a noun
/// and the words that follow it: ("knight's leap", "(two squares one way,
/// one to the side)"), ("leap", "of four squares one way and one to the
/// side"), so that one leap and a line of them both read ("a knight's leap
/// (...)", "knight's leaps (...) in a straight line").
fn leap_name(a: Atom) -> (&'static str, String) {
    let gloss = |l: u8, s: u8| format!("{} one way, {} to the side", squares(l), number(s));
    match (a.long, a.short) {
        (2, 1) => ("knight's leap", format!("({})", gloss(2, 1))),
        (3, 1) => ("camel's leap", format!("({})", gloss(3, 1))),
        (3, 2) => ("zebra's leap", format!("({})", gloss(3, 2))),
        (l, s) => (
            "leap",
            format!("of {} one way and {} to the side", squares(l), number(s)),
        ),
    }
}

/// "with a knight's leap (...)" or "with any number of knight's leaps
/// (...) in a straight line": a leap, or a line of up to `max` of them
/// (0: any number).
fn leaps(a: Atom, max: u8) -> String {
    let (noun, gloss) = leap_name(a);
    match max {
        1 => format!("with a {noun} {gloss}"),
        0 => format!("with any number of {noun}s {gloss} in a straight line"),
        n => format!(
            "with up to {} {noun}s {gloss} in a straight line",
            number(n)
        ),
    }
}

/// How far and which way one leg goes: "any number of squares
/// orthogonally", "one square diagonally forward", "with a knight's leap".
fn leg_words(leg: &Leg, first: bool) -> String {
    let a = leg.atom;
    let way = if first {
        way(leg)
    } else {
        Way {
            words: later_way(leg),
            spelt: false,
        }
    };
    let spelt = way.spelt;
    let way = if way.words.is_empty() {
        String::new()
    } else {
        format!(" {}", way.words)
    };
    if a.long == 0 {
        return "without moving".into();
    }
    if spelt {
        // The words name each move already: "by leaping two squares
        // forward and one to the side".
        return match leg.max_steps {
            1 => format!("by leaping{way}"),
            n => format!("{}, each{way}", leaps(a, n)),
        };
    }
    let straight = a.short == 0 || a.short == a.long;
    if !straight {
        return format!("{}{way}", leaps(a, leg.max_steps));
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
    piece_from(piece, name, "its starting squares")
}

/// [`piece`], its initial moves said to be made from `from` ("the 2nd
/// rank (Black's: the 7th rank)", where a game gives them).
pub fn piece_from(piece: &Piece, name: &str, from: &str) -> Vec<String> {
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
            out.push(format!("From {from} it may also: {c}."));
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

    /// Pieces whose moves go one way and not its mirror image, said as
    /// their players' rules say them (Tori shogi's Left Quail, Legan's
    /// Pawn, which heads for the corner on its left, and the Shogi
    /// Knight), and a line of knight's leaps.
    #[test]
    fn a_piece_that_turns_one_way_says_which() {
        let said = |betza: &str, name: &str| piece(&parse(betza).unwrap(), name).join(" ");
        assert_eq!(
            said("blFfRbrB", "Left Quail"),
            "The Left Quail moves or captures one square diagonally backward to the left, \
             or any number of squares forward, or any number of squares diagonally backward \
             to the right."
        );
        assert_eq!(
            said("flcWflmF", "Pawn"),
            "The Pawn captures one square forward or to the left; it moves without capturing \
             one square diagonally forward to the left."
        );
        assert_eq!(
            said("fN", "Knight"),
            "The Knight moves or captures by leaping two squares forward and one to the side."
        );
        assert_eq!(
            said("NN", "Nightrider"),
            "The Nightrider moves or captures with any number of knight's leaps (two squares \
             one way, one to the side) in a straight line."
        );
        // A set that is its own mirror image keeps the short words.
        assert_eq!(
            said("fsW", "Soldier"),
            "The Soldier moves or captures one square forward or sideways."
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
