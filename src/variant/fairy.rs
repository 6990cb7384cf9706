//! Fairy-Stockfish's reading of Betza, and the same moves spelled in the
//! pages' dialect.
//!
//! Fairy-Stockfish reads a subset of the notation its own way (its
//! `from_betza`): it skips every character it does not know; `p` makes every
//! move of its group a hop (`pR`, the Janggi cannon, goes nowhere on an
//! empty board, where the pages draw a Pao: written `R+fR`); a pair of direction letters
//! on `K` or `Q` selects directions of the eight at once (`bsK` is four
//! squares, where the pages draw five); on a lone orthogonal atom a mixed
//! pair counts as both its letters (`fsW` is `fW` and `sW`); it rides only
//! along `W`, `F` and `N` lines. [`read`] models that reading as a table of
//! moves; [`to_pages`] writes the table back as Betza that the pages'
//! engine draws the same, group by group with explicit direction letters,
//! or says why it cannot ([`Skip`]).
//!
//! ```
//! use glance::variant::fairy::{to_pages, Skip};
//! assert_eq!(to_pages("fsW").as_deref(), Ok("fsW"));
//! assert_eq!(to_pages("bsK").as_deref(), Ok("sWbF")); // not bsK: five squares to the pages
//! assert_eq!(to_pages("mQ3").as_deref(), Ok("mW3mF3"));
//! assert_eq!(to_pages("AA"), Err(Skip::RiderWithoutMoves('A')));
//! assert_eq!(to_pages("mafsmafW"), Err(Skip::IgnoredLetter('a')));
//! ```

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::engine::betza::{self, push_number};
use crate::engine::dialect::{CANDIDATES, Class, agree, glance_mask, slot_of};
use crate::engine::geometry::Offset;

/// Fairy-Stockfish's predefined piece types, in its order of piece types
/// (custom pieces come between `centaur` and `king`), with their Betza
/// (the list in the header of its `variants.ini`).
pub const PREDEFINED: &[(&str, &str)] = &[
    ("pawn", "fmWfceF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("immobile", ""),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("janggiElephant", "nZ"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
];

/// Why a piece's moves cannot be written in the pages' dialect.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Skip {
    /// A character Fairy-Stockfish's Betza reader skips (`a`, `j`, `o`,
    /// `(`…): what the author meant is not what it plays.
    IgnoredLetter(char),
    /// A rider along an atom Fairy-Stockfish parses but does not ride
    /// (`AA`, `DD`): no moves.
    RiderWithoutMoves(char),
    /// A hop (`p`, `g`) along an atom other than `W` and `F`.
    HopperAtom(char),
    /// `g` or `p` with a range (`gR2`).
    HopperRange,
    /// The spelling was refused by the pages' parser (a defect here).
    Unparsed,
}

impl fmt::Display for Skip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Skip::IgnoredLetter(c) => write!(f, "Fairy-Stockfish ignores '{c}' in Betza"),
            Skip::RiderWithoutMoves(c) => {
                write!(f, "Fairy-Stockfish generates no moves for a {c} rider")
            }
            Skip::HopperAtom(c) => write!(f, "a hopper along {c} (only W and F lines hop)"),
            Skip::HopperRange => f.write_str("a hopper with a range"),
            Skip::Unparsed => f.write_str("the spelling is refused by the pages' parser"),
        }
    }
}

/// Which of Fairy-Stockfish's move tables a move is in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Table {
    Step,
    Slider,
    Hopper,
}

/// One entry of Fairy-Stockfish's move tables: a direction of a piece
/// (White's: forward is +rank) with its distance (`0` unlimited for
/// sliders and Pao hops, `1` for grasshoppers, `-1` lame for steps).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct FsfMove {
    pub initial: bool,
    pub capture: bool,
    pub table: Table,
    /// The atom, `(long, short)`.
    pub atom: (u8, u8),
    pub dx: i8,
    pub dy: i8,
    pub distance: i8,
}

/// The atoms of an atom letter, and whether it rides by itself.
fn atoms(c: char) -> Option<(&'static [(u8, u8)], bool)> {
    Some(match c {
        'W' => (&[(1, 0)], false),
        'F' => (&[(1, 1)], false),
        'D' => (&[(2, 0)], false),
        'N' => (&[(2, 1)], false),
        'A' => (&[(2, 2)], false),
        'H' => (&[(3, 0)], false),
        'L' | 'C' => (&[(3, 1)], false),
        'J' | 'Z' => (&[(3, 2)], false),
        'G' => (&[(3, 3)], false),
        'K' => (&[(1, 0), (1, 1)], false),
        'R' => (&[(1, 0)], true),
        'B' => (&[(1, 1)], true),
        'Q' => (&[(1, 0), (1, 1)], true),
        _ => return None,
    })
}

const VERTICAL: &str = "fbvh";
const HORIZONTAL: &str = "rlsh";

/// The eight directions of an atom `(a, b)` and the direction words that
/// select each (Fairy-Stockfish's table).
fn directions(a: i8, b: i8) -> [((i8, i8), [&'static str; 7]); 8] {
    [
        ((b, a), ["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
        ((-b, -a), ["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
        ((a, -b), ["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
        ((-a, b), ["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
        ((a, b), ["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
        ((-a, -b), ["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
        ((b, -a), ["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
        ((-b, a), ["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
    ]
}

/// Fairy-Stockfish's move tables for `betza`, or the first character it
/// would skip.
pub fn read(betza: &str) -> Result<Vec<FsfMove>, Skip> {
    let s: Vec<char> = betza.chars().collect();
    let mut table: Vec<FsfMove> = Vec::new();
    let (mut quiet, mut capture) = (false, false);
    let (mut hopper, mut lame, mut initial) = (false, false, false);
    let mut distance: i8 = 0;
    let mut words: Vec<[char; 2]> = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        match c {
            'm' => quiet = true,
            'c' => capture = true,
            'p' | 'g' => {
                hopper = true;
                if c == 'g' {
                    distance = 1;
                }
            }
            'n' => lame = true,
            'i' => initial = true,
            // En passant: Fairy-Stockfish skips the letter here and sets
            // the piece's en-passant rule instead.
            'e' => {}
            _ if VERTICAL.contains(c) || HORIZONTAL.contains(c) => {
                let next = s.get(i + 1).copied();
                match next {
                    Some(c2)
                        if c2 == c
                            || (VERTICAL.contains(c) && HORIZONTAL.contains(c2))
                            || (HORIZONTAL.contains(c) && VERTICAL.contains(c2)) =>
                    {
                        words.push([c, c2]);
                        i += 1;
                    }
                    _ => words.push([c, c]),
                }
            }
            _ => {
                let Some((list, mut rider)) = atoms(c) else {
                    return Err(Skip::IgnoredLetter(c));
                };
                if let Some(&n) = s.get(i + 1) {
                    if n.is_ascii_digit() || n == c {
                        rider = true;
                        if let Some(d) = n.to_digit(10) {
                            distance = d as i8;
                        }
                        i += 1;
                    }
                }
                if !rider && lame {
                    distance = -1;
                }
                // A lame Camel, Threeleaper or Tripper has no move in
                // Fairy-Stockfish (pyffish 0.0.90, measured: `nC`, `nH`
                // and `nG` alone on d4 of 8x8 move nowhere; `nN`, `nZ`,
                // `nA`, `nD` do).
                let nowhere = !rider && lame && list.iter().any(|&(a, b)| a == 3 && b != 2);
                let both = !quiet && !capture;
                let t = if hopper {
                    Table::Hopper
                } else if rider {
                    Table::Slider
                } else {
                    Table::Step
                };
                for &(a, b) in list.iter().filter(|_| !nowhere) {
                    let mut w: Vec<[char; 2]> = Vec::new();
                    for &pair in &words {
                        if list.len() == 1 && b == 0 && pair[0] != pair[1] {
                            w.push([pair[0], pair[0]]);
                            w.push([pair[1], pair[1]]);
                        } else {
                            w.push(pair);
                        }
                    }
                    for ((dx, dy), set) in directions(a as i8, b as i8) {
                        let chosen = w.is_empty()
                            || w.iter()
                                .any(|p| set.iter().any(|x| x.chars().eq(p.iter().copied())));
                        if !chosen {
                            continue;
                        }
                        for cap in [false, true] {
                            if both || (cap && capture) || (!cap && quiet) {
                                let m = FsfMove {
                                    initial,
                                    capture: cap,
                                    table: t,
                                    atom: (a, b),
                                    dx,
                                    dy,
                                    distance,
                                };
                                // A later entry for the same direction of
                                // the same table replaces the earlier.
                                table.retain(|o| {
                                    (o.initial, o.capture, o.table, o.dx, o.dy)
                                        != (m.initial, m.capture, m.table, m.dx, m.dy)
                                });
                                table.push(m);
                            }
                        }
                    }
                }
                quiet = false;
                capture = false;
                hopper = false;
                lame = false;
                initial = false;
                distance = 0;
                words.clear();
            }
        }
        i += 1;
    }
    Ok(table)
}

/// The letter of a leaper atom, for the pages.
fn leaper_letter(atom: (u8, u8)) -> Option<char> {
    Some(match atom {
        (1, 0) => 'W',
        (1, 1) => 'F',
        (2, 0) => 'D',
        (2, 1) => 'N',
        (2, 2) => 'A',
        (3, 0) => 'H',
        (3, 1) => 'C',
        (3, 2) => 'Z',
        (3, 3) => 'G',
        _ => return None,
    })
}

/// The pages' atom (letter and range) and mode letters for one kind of
/// entry.
fn pages_atom(table: Table, distance: i8, atom: (u8, u8)) -> Result<(&'static str, String), Skip> {
    let letter = leaper_letter(atom).ok_or(Skip::Unparsed)?;
    let mut text = String::new();
    text.push(letter);
    match table {
        Table::Step if distance < 0 && atom.0 >= 2 => return Ok(("n", text)),
        Table::Step => {}
        Table::Slider => match (atom, distance) {
            ((1, 0), 0) => text = String::from("R"),
            ((1, 1), 0) => text = String::from("B"),
            ((2, 1), 0) => text.push('N'),
            ((1, 0) | (1, 1) | (2, 1), d) => push_number(&mut text, d.max(0) as usize),
            _ => return Err(Skip::RiderWithoutMoves(letter)),
        },
        Table::Hopper => {
            let line = match atom {
                (1, 0) => "R",
                (1, 1) => "B",
                _ => return Err(Skip::HopperAtom(letter)),
            };
            return match distance {
                1 => Ok(("g", String::from(line))),
                // A hop with a range: [`spell`] writes it as chains.
                _ => Ok(("p", String::from(line))),
            };
        }
    }
    Ok(("", text))
}

/// Direction letters the pages read as exactly the slots `mask` of the
/// atom: one spelling if there is one (one every program reads alike
/// first), else one per slot.
fn spell_directions(mask: u8, atom: (u8, u8)) -> Vec<&'static str> {
    let (l, s) = atom;
    if Class::of(l, s).is_some_and(|c| c.all() == mask) {
        return alloc::vec![""];
    }
    let find = |m: u8| {
        CANDIDATES
            .iter()
            .copied()
            .find(|d| agree(d, l, s) == Some(m))
            .or_else(|| {
                CANDIDATES
                    .iter()
                    .copied()
                    .find(|d| glance_mask(d, l, s) == Some(m))
            })
    };
    if let Some(d) = find(mask) {
        return alloc::vec![d];
    }
    (0..8u8)
        .filter(|k| mask & 1 << k != 0)
        .filter_map(|k| find(1 << k))
        .collect()
}

/// Groups joined into one string, in an order where no group that starts
/// with an atom's letter follows one that ends with it (`mR` then `R+fR`
/// would read `mRR+fR`, a doubled letter: a rider of R, all of it `m`).
fn join_groups(mut groups: Vec<String>) -> String {
    let mut out = String::new();
    while !groups.is_empty() {
        let last = out.chars().last().filter(char::is_ascii_uppercase);
        let i = groups
            .iter()
            .position(|g| last.is_none() || g.chars().next() != last)
            .unwrap_or(0);
        out.push_str(&groups.remove(i));
    }
    out
}

/// The moves Fairy-Stockfish reads in `betza`, written in the pages'
/// dialect (groups in the order of `i`, table, atom), or why not.
pub fn to_pages(betza: &str) -> Result<String, Skip> {
    spell(read(betza)?)
}

/// As [`to_pages`], without the `i` moves: what the piece does on a square
/// outside its variant's double-step region.
///
/// ```
/// use glance::variant::fairy::to_pages_without_initial;
/// assert_eq!(to_pages_without_initial("fmWifmW2").as_deref(), Ok("fmW"));
/// ```
pub fn to_pages_without_initial(betza: &str) -> Result<String, Skip> {
    let mut moves = read(betza)?;
    moves.retain(|m| !m.initial);
    spell(moves)
}

/// As [`to_pages`], without the captures: what a piece that may never
/// capture (Atomic's pseudo-royal King) does.
///
/// ```
/// use glance::variant::fairy::to_pages_without_captures;
/// assert_eq!(to_pages_without_captures("K").as_deref(), Ok("mWmF"));
/// assert_eq!(to_pages_without_captures("fmWfcF").as_deref(), Ok("fmW"));
/// ```
pub fn to_pages_without_captures(betza: &str) -> Result<String, Skip> {
    let mut moves = read(betza)?;
    moves.retain(|m| !m.capture);
    spell(moves)
}

/// The pages' spelling of a table of moves. A piece whose moves are not
/// the same to the left and to the right needs nothing more: Fairy-
/// Stockfish and the pages both turn Black's moves through 180 degrees
/// (pyffish and `glance diagram --black` give the same squares for `fKlW`,
/// `hrN`, `rflbB`: tests/fairy/differential.py).
fn spell(moves: Vec<FsfMove>) -> Result<String, Skip> {
    // No moves at all (`immobile`): the pages' `-`, a piece that is
    // pressed like any other and never moves.
    if moves.is_empty() {
        return Ok(String::from("-"));
    }
    let mut kinds: Vec<(bool, Table, i8, (u8, u8))> = moves
        .iter()
        .map(|m| (m.initial, m.table, m.distance, m.atom))
        .collect();
    kinds.sort();
    kinds.dedup();
    let mut groups: Vec<String> = Vec::new();
    for (initial, table, distance, atom) in kinds {
        let (mode, letters) = pages_atom(table, distance, atom)?;
        let (mut quiet, mut capture) = (0u8, 0u8);
        for m in moves.iter().filter(|m| {
            (m.initial, m.table, m.distance, m.atom) == (initial, table, distance, atom)
        }) {
            let slot = slot_of(atom.0, atom.1, Offset::new(m.dx, m.dy)).ok_or(Skip::Unparsed)?;
            if m.capture {
                capture |= 1 << slot;
            } else {
                quiet |= 1 << slot;
            }
        }
        for (mask, modality) in [
            (quiet & capture, ""),
            (quiet & !capture, "m"),
            (capture & !quiet, "c"),
        ] {
            if mask == 0 {
                continue;
            }
            // A hop that may end without capturing (the Janggi cannon):
            // the pages read `p` there as a Pao, so it is a chain, a
            // slide to the screen, hopped (`+`), then on the same line.
            let chain = table == Table::Hopper && distance != 1 && modality != "c";
            if table == Table::Hopper && distance > 1 && !chain {
                return Err(Skip::HopperRange);
            }
            for dirs in spell_directions(mask, atom) {
                if chain && distance > 1 {
                    // A hop within `distance` squares in all (pyffish:
                    // `pR3` from a4 over a5 reaches a6 and a7, over a6
                    // a7): each place of the screen a chain of its own.
                    let leg = |n: i8| match n {
                        1 if letters == "R" => String::from("W"),
                        1 => String::from("F"),
                        n => format!("{letters}{n}"),
                    };
                    for k in 1..distance {
                        groups.push(format!("{dirs}{modality}{}+f{}", leg(k), leg(distance - k)));
                    }
                    continue;
                }
                if chain {
                    groups.push(format!("{dirs}{modality}{letters}+f{letters}"));
                    continue;
                }
                let i = if initial { "i" } else { "" };
                groups.push(format!("{i}{dirs}{modality}{mode}{letters}"));
            }
        }
    }
    let out = join_groups(groups);
    betza::parse(&out).map_err(|_| Skip::Unparsed)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::diagram::Diagram;
    use crate::engine::geometry::{Colour, Square, SquareSet};

    /// The squares the pages draw for `betza` from e5 on 10x10, sorted.
    fn pages_squares(betza: &str) -> Vec<(i8, i8)> {
        let piece = betza::parse(betza).unwrap();
        let board = SquareSet::rectangle(10, 10).unwrap();
        let e5 = Square::parse("e5").unwrap();
        let d = Diagram::compute(&piece, e5, Colour::White, &board, &SquareSet::EMPTY);
        let mut v: Vec<(i8, i8)> = d
            .marks()
            .map(|(sq, _)| (sq.file() as i8 - 4, sq.rank() as i8 - 4))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn fairy_stockfish_readings_from_its_documentation() {
        // The soldier fsW: forward and both sideways steps (split pair).
        let soldier = to_pages("fsW").unwrap();
        assert_eq!(pages_squares(&soldier), [(-1, 0), (0, 1), (1, 0)]);
        // bsK: Fairy-Stockfish selects sideways W and backward F only
        // (the project's measured dialect notes: d4 d5 f4 f5 from e5).
        assert_eq!(
            pages_squares(&to_pages("bsK").unwrap()),
            [(-1, -1), (-1, 0), (1, -1), (1, 0)]
        );
        // The same letters on W and F alone read alike.
        assert_eq!(to_pages("bWbF").unwrap(), "bWbF");
    }

    #[test]
    fn modalities_ranges_and_tables() {
        assert_eq!(to_pages("mRcpR").unwrap(), "mRcpR");
        assert_eq!(to_pages("mNcB").unwrap(), "mNcB");
        assert_eq!(to_pages("NN").unwrap(), "NN");
        assert_eq!(to_pages("fmWfceFifmnD").unwrap(), "fmWfcFifmnD");
        assert_eq!(to_pages("nN").unwrap(), "nN");
        // A later entry of the same table replaces the earlier: R then W2.
        assert_eq!(to_pages("RW2").unwrap(), "W2");
        assert_eq!(to_pages("gBgR").unwrap(), "gRgB");
        assert_eq!(to_pages("cgR").unwrap(), "cgR");
    }

    #[test]
    fn skips_say_why() {
        assert_eq!(to_pages("pR").as_deref(), Ok("R+fR"));
        // A hop within two squares: over the next square to the one behind
        // (pyffish: `pB2` on d4 over e5 reaches f6, over f6 nothing).
        assert_eq!(to_pages("pB2").as_deref(), Ok("F+fF"));
        assert_eq!(to_pages("pR3").as_deref(), Ok("W+fR2R2+fW"));
        assert_eq!(to_pages("cpR2"), Err(Skip::HopperRange));
        // No group starts with the letter the one before ends with: `mR`
        // then `R+fR` would read `mRR+fR`, a rider of R (Cannon Shogi).
        let w = to_pages("mRpRmFpB2").unwrap();
        assert!(!w.contains("RR") && !w.contains("FF"), "{w}");
        assert_eq!(w, "mFmRF+fFR+fR");
        assert_eq!(to_pages("").as_deref(), Ok("-"));
        assert_eq!(to_pages("lrR"), Ok(String::from("sR")));
        assert_eq!(to_pages("DD"), Err(Skip::RiderWithoutMoves('D')));
        assert_eq!(to_pages("pN"), Err(Skip::HopperAtom('N')));
        assert_eq!(to_pages("KxaK"), Err(Skip::IgnoredLetter('x')));
        assert_eq!(Skip::HopperRange.to_string(), "a hopper with a range");
    }

    #[test]
    fn the_janggi_cannon_hops_to_move_and_to_capture() {
        // By hand, from e5 on 9x9 with pieces on e7, e9 and c5: up, over
        // e7 to e8 and taking e9; left, over c5 to b5 and a5; nothing
        // without a screen.
        let spelled = to_pages("pR").unwrap();
        let piece = betza::parse(&spelled).unwrap();
        let board = SquareSet::rectangle(9, 9).unwrap();
        let sq = |s: &str| Square::parse(s).unwrap();
        let pieces: SquareSet = [sq("e7"), sq("e9"), sq("c5")].into_iter().collect();
        let d = Diagram::compute(&piece, sq("e5"), Colour::White, &board, &pieces);
        let mut got: Vec<String> = d.marks().map(|(s, _)| s.to_string()).collect();
        got.sort();
        assert_eq!(got, ["a5", "b5", "e8", "e9"]);
        let empty = Diagram::compute(&piece, sq("e5"), Colour::White, &board, &SquareSet::EMPTY);
        assert_eq!(empty.marks().count(), 0);
        assert_eq!(to_pages("mpB").as_deref(), Ok("mB+fB"));
    }

    #[test]
    fn left_right_asymmetric_pieces_are_spelled_as_they_are() {
        // Fairy-Stockfish's fKlW from e5, by hand: White d6 e6 f6 and d5
        // (pyffish agrees, and gives Black d4 e4 f4 f5, as the pages draw
        // Black's cells: turned through 180 degrees).
        let white = to_pages("fKlW").unwrap();
        assert_eq!(pages_squares(&white), [(-1, 0), (-1, 1), (0, 1), (1, 1)]);
        assert!(to_pages("hrN").is_ok() && to_pages("rflbB").is_ok());
    }

    #[test]
    fn every_predefined_piece_reads() {
        for (name, betza) in PREDEFINED {
            match *name {
                "immobile" => assert_eq!(to_pages(betza).as_deref(), Ok("-")),
                _ => assert!(
                    to_pages(betza).is_ok(),
                    "{name} {betza}: {:?}",
                    to_pages(betza)
                ),
            }
        }
    }

    #[test]
    fn a_lame_camel_threeleaper_or_tripper_has_no_move() {
        // Measured with pyffish 0.0.90: alone on d4 of 8x8, `nC`, `nH` and
        // `nG` move nowhere; `nN`, `nZ`, `nA` and `nD` are lame leapers.
        for b in ["nC", "nH", "nG"] {
            assert_eq!(to_pages(b).as_deref(), Ok("-"), "{b}");
        }
        assert_eq!(to_pages("nCN").as_deref(), Ok("N"));
        for b in ["nN", "nZ", "nA", "nD"] {
            let pages = to_pages(b).unwrap();
            assert_ne!(pages, "-", "{b}");
        }
    }
}
