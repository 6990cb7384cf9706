//! Betza from typed moves: a [`Piece`] written back as a string of the
//! pages' dialect, which [`betza::parse`] reads as the same moves.
//!
//! One spelling serves the crate: [`crate::engine::infer`] writes the
//! pieces it finds with it, and [`crate::engine::dialect`] writes its
//! groups with the same order of modifiers ([`Modifiers`]), XBoard's:
//! `i`, the direction letters, then `m c e p g o n j`. Atoms are written
//! with the letters of [`betza::LEAPERS`] (`(x,y)` for the others), riders
//! of `W` and `F` as `R` and `B`, other riders with a doubled letter
//! (`NN`), and a `W` and an `F` move alike in all else as `K` or `Q`.
//!
//! The drop-in scripts do not carry this module: they parse, and never
//! spell.

use alloc::string::String;
use core::fmt;

use crate::engine::betza::{self, Atom, Dirs, Jumping, Link, Modality, Move, Piece, push_number};
use crate::engine::geometry::Offset;

/// The letters of a group other than its directions and its atom.
#[derive(Default, Debug, PartialEq, Eq, Clone, Copy)]
pub struct Modifiers {
    /// `i`: initial moves only.
    pub initial: bool,
    pub m: bool,
    pub c: bool,
    /// `e`: en passant (no [`Move`] keeps it: no diagram shows one).
    pub e: bool,
    /// `p`: the Pao (Cannon) hop.
    pub p: bool,
    /// `g`: the Grasshopper hop.
    pub g: bool,
    /// `o`: cylinder board.
    pub o: bool,
    /// `n`: lame.
    pub n: bool,
    /// `j` written this many times.
    pub j: u8,
}

impl Modifiers {
    /// The letters of a move's first leg (with `modality`'s `m` or `c`).
    fn of_move(mv: &Move, modality: Modality) -> Modifiers {
        Modifiers {
            initial: mv.initial,
            m: modality == Modality::MoveOnly,
            c: modality == Modality::CaptureOnly,
            e: false,
            p: mv.jumping == Jumping::Pao,
            g: mv.jumping == Jumping::Grasshopper,
            o: mv.cylinder,
            n: mv.jumping == Jumping::Lame,
            j: match mv.jumping {
                Jumping::One => 1,
                Jumping::Many => 2,
                _ => 0,
            },
        }
    }

    /// Appends `i`, then `dirs`, then `m c e p g o n j`, each letter that
    /// is on: a group's prefix in the order all programs read.
    pub fn write_prefix(&self, dirs: &str, out: &mut String) {
        if self.initial {
            out.push('i');
        }
        out.push_str(dirs);
        for (on, letter) in [
            (self.m, 'm'),
            (self.c, 'c'),
            (self.e, 'e'),
            (self.p, 'p'),
            (self.g, 'g'),
            (self.o, 'o'),
            (self.n, 'n'),
        ] {
            if on {
                out.push(letter);
            }
        }
        for _ in 0..self.j {
            out.push('j');
        }
    }

    /// A group: its prefix, then the atom and range as written.
    ///
    /// ```
    /// use glance::engine::spell::Modifiers;
    /// let m = Modifiers { m: true, initial: true, ..Modifiers::default() };
    /// assert_eq!(m.spell("f", "W", "2"), "ifmW2");
    /// ```
    pub fn spell(&self, dirs: &str, atom: &str, range: &str) -> String {
        let mut s = String::new();
        self.write_prefix(dirs, &mut s);
        s.push_str(atom);
        s.push_str(range);
        s
    }
}

/// Appends an atom with its range: `N`, `NN` (unlimited), `N3`, `R`,
/// `R4`, `B`, `(4,1)`, `(4,1)0`.
fn write_atom(atom: Atom, max_steps: u8, out: &mut String) {
    let rider = match (atom.long, atom.short) {
        (1, 0) => Some('R'),
        (1, 1) => Some('B'),
        _ => None,
    };
    // The null leap is `(0,0)`: `O` with a count is castling, and a chain
    // may hold no `O`.
    let letter = betza::leaper_letter(atom).filter(|&l| l != b'O');
    match (letter, rider) {
        (_, Some(r)) if max_steps != 1 => out.push(r),
        (Some(letter), _) => {
            out.push(char::from(letter));
            if max_steps == 0 {
                out.push(char::from(letter));
            }
        }
        (None, _) => {
            out.push('(');
            push_number(out, atom.long as usize);
            out.push(',');
            push_number(out, atom.short as usize);
            out.push(')');
            if max_steps == 0 {
                out.push('0');
            }
        }
    }
    if max_steps >= 2 {
        push_number(out, max_steps as usize);
    }
}

/// The modality a chain of these legs gets from its letters, as the
/// parser derives it: the last leg's, or on a hop the first leg's.
fn chain_modality(mv: &Move) -> Modality {
    let last = mv.legs.last().map_or(Modality::Any, |l| l.modality);
    match mv.legs.first() {
        Some(first)
            if mv.legs.len() > 1 && first.link == Some(Link::Hop) && last == Modality::Any =>
        {
            first.modality
        }
        _ => last,
    }
}

/// The letter in front of a group `(…)` that turns the modality `derived`
/// its chain has into the move's `wanted` (`m(cR+R)`).
fn group_letter(derived: Modality, wanted: Modality) -> Option<char> {
    match (derived, wanted) {
        (d, w) if d == w => None,
        (Modality::Any, Modality::MoveOnly) | (Modality::CaptureOnly, Modality::Any) => Some('m'),
        _ => Some('c'),
    }
}

/// The letters that pick one move, the `index`-th of `atom`'s vectors, on
/// a first leg, if two letters or fewer do.
fn single_direction(atom: Atom, index: usize) -> Option<Dirs> {
    const SINGLES: [&[u8]; 12] = [
        b"f", b"b", b"l", b"r", b"fr", b"rf", b"fl", b"lf", b"br", b"rb", b"bl", b"lb",
    ];
    SINGLES.iter().find_map(|letters| {
        let dirs = Dirs::from_letters(letters)?;
        let picked = dirs.select(atom, Offset::new(0, 1), true);
        (picked.len() == 1 && picked.indexed().any(|(i, _)| i == index)).then_some(dirs)
    })
}

impl Move {
    /// Appends the move as one group of the pages' dialect (a chain is
    /// one group).
    fn write_group(&self, letter: Option<&str>, out: &mut String) {
        let single = self.legs.len() == 1;
        let wrap = if single {
            None
        } else {
            group_letter(chain_modality(self), self.modality)
        };
        if let Some(l) = wrap {
            out.push(l);
            out.push('(');
        }
        for (k, leg) in self.legs.iter().enumerate() {
            let modality = if single && !self.castling {
                self.modality
            } else {
                leg.modality
            };
            let mods = if k == 0 {
                Modifiers::of_move(self, modality)
            } else {
                Modifiers {
                    m: modality == Modality::MoveOnly,
                    c: modality == Modality::CaptureOnly,
                    ..Modifiers::default()
                }
            };
            let dirs: String = leg.dirs.as_bytes().iter().map(|&b| char::from(b)).collect();
            mods.write_prefix(&dirs, out);
            match letter {
                Some(l) => {
                    out.push_str(l);
                    if leg.max_steps >= 2 {
                        push_number(out, leg.max_steps as usize);
                    }
                }
                None if self.castling => {
                    out.push('O');
                    push_number(out, leg.atom.long as usize);
                }
                None => write_atom(leg.atom, leg.max_steps, out),
            }
            if let Some(link) = leg.link {
                out.push(match link {
                    Link::Then => 't',
                    Link::Block => '-',
                    Link::Hop => '+',
                    Link::Capture => 'x',
                });
            }
        }
        if wrap.is_some() {
            out.push(')');
        }
    }

    /// The move once per direction of its first leg, each with letters
    /// that pick that one direction: for a move whose letters do not
    /// read back as its directions (none, for a piece made by inference
    /// without them; `ffh`, from `f(fhW)`, which no prefix may be).
    fn by_direction(&self) -> alloc::vec::Vec<Move> {
        let Some(leg) = self.legs.first() else {
            return alloc::vec::Vec::new();
        };
        leg.directions(0)
            .indexed()
            .filter_map(|(i, _)| {
                let mut mv = self.clone();
                mv.legs[0].dirs = single_direction(leg.atom, i)?;
                Some(mv)
            })
            .collect()
    }
}

/// Whether `text` parses to exactly `moves`.
fn reads_back(text: &str, moves: &[Move]) -> bool {
    betza::parse(text).is_ok_and(|p| p.moves() == moves)
}

/// Whether `a` and `b` are one `K` (or `Q`) move: a `W` and an `F` move
/// alike in all else, with the same direction letters.
fn king_pair(a: &Move, b: &Move) -> Option<&'static str> {
    let (Some(x), Some(y)) = (a.legs.first(), b.legs.first()) else {
        return None;
    };
    let alike = a.legs.len() == 1
        && b.legs.len() == 1
        && !a.castling
        && !b.castling
        && (a.modality, a.jumping, a.initial, a.cylinder)
            == (b.modality, b.jumping, b.initial, b.cylinder)
        && (x.dirs, x.max_steps, x.modality) == (y.dirs, y.max_steps, y.modality)
        && x.atom == Atom::new(1, 0)
        && y.atom == Atom::new(1, 1);
    match (alike, x.max_steps) {
        (false, _) => None,
        (true, 1) => Some("K"),
        (true, _) => Some("Q"),
    }
}

/// Appends `group` to `out`, in parentheses where it would otherwise run
/// into the group before it (`W` then `W` would read as `WW`, the rider).
fn push_group(group: &str, out: &mut String) {
    let clash = match (out.chars().last(), group.chars().next()) {
        (Some(a), Some(b)) => a == b && a.is_ascii_uppercase(),
        _ => false,
    };
    if clash {
        out.push('(');
        out.push_str(group);
        out.push(')');
    } else {
        out.push_str(group);
    }
}

impl Piece {
    /// Appends the piece's Betza string to `out`, without `core::fmt`;
    /// [`fmt::Display`] writes the same. A piece of no moves (`e` alone
    /// draws nothing) is the empty string, which [`betza::parse`] refuses.
    pub fn write_to(&self, out: &mut String) {
        let moves = self.moves();
        let mut k = 0;
        let mut group = String::new();
        while k < moves.len() {
            group.clear();
            let pair = moves
                .get(k..k + 2)
                .filter(|p| king_pair(&p[0], &p[1]).is_some());
            if let Some(pair) = pair {
                pair[0].write_group(king_pair(&pair[0], &pair[1]), &mut group);
                if reads_back(&group, pair) {
                    push_group(&group, out);
                    k += 2;
                    continue;
                }
                group.clear();
            }
            let mv = &moves[k];
            mv.write_group(None, &mut group);
            if !reads_back(&group, core::slice::from_ref(mv)) {
                group.clear();
                for one in mv.by_direction() {
                    let mut g = String::new();
                    one.write_group(None, &mut g);
                    push_group(&g, &mut group);
                }
            }
            push_group(&group, out);
            k += 1;
        }
    }
}

/// The piece as Betza in the pages' dialect, modifiers in XBoard's order:
/// [`betza::parse`] reads it back as a piece that draws the same.
///
/// ```
/// use glance::engine::betza::parse;
/// let spelled = |s: &str| parse(s).unwrap().to_string();
/// assert_eq!(spelled("FAmsW"), "FAsmW");
/// assert_eq!(spelled("mfWcfFifmW2"), "fmWfcFifmR2"); // W2 is R2
/// assert_eq!(spelled("m(AB)"), "mAmB");
/// assert_eq!(spelled("K"), "K");
/// assert_eq!(spelled("fmQ"), "fmQ");
/// assert_eq!(spelled("RW4"), "R(R4)"); // not RR4, which does not parse
/// assert_eq!(spelled("W(W)"), "W(W)"); // not WW, the rook
/// assert_eq!(spelled("mpR"), "mpR");
/// assert_eq!(spelled("cK-aK"), "cW-aWcF-aWcW-aFcF-aF");
/// assert_eq!(spelled("(4,1)NN"), "(4,1)NN");
/// assert_eq!(spelled("isO2"), "isO2");
/// assert_eq!(spelled("mcfpR"), "fpR"); // both m and c: either
/// ```
impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.write_to(&mut s);
        f.write_str(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::betza::parse;
    use alloc::string::ToString;

    #[test]
    fn parsed_pieces_spell_as_they_parse() {
        for s in [
            "N", "NN", "N3", "fN", "hrN", "fhN", "bsK", "KADN", "cR+R", "mRcpR", "FtR", "WtB",
            "KxaK", "[WF]", "gQ", "jR", "jjR", "nN", "oR", "iR", "(2,5)", "(3,0)0", "L", "J", "I",
        ] {
            let piece = parse(s).unwrap();
            let spelled = piece.to_string();
            assert_eq!(parse(&spelled), Ok(piece), "{s} spelled {spelled}");
        }
    }

    #[test]
    fn the_second_names_spell_as_the_first() {
        let spelled = |s: &str| parse(s).unwrap().to_string();
        assert_eq!(spelled("LJI"), "CZH");
        // FxaW then WxaF would read as a W rider: the second in brackets.
        assert_eq!(spelled("KxaK"), "WxaWFxaW(WxaF)FxaF");
        assert_eq!(spelled("[WF]"), "W-F");
    }

    #[test]
    fn a_chain_in_a_group_keeps_the_group_letter() {
        // m(cR+R): the chain's letters make it capture-only; the group's m
        // makes it both.
        let piece = parse("m(cR+R)").unwrap();
        assert_eq!(piece.moves()[0].modality, Modality::Any);
        assert_eq!(piece.to_string(), "m(cR+R)");
        assert_eq!(parse(&piece.to_string()), Ok(piece));
    }

    #[test]
    fn moves_without_letters_are_spelled_one_direction_each() {
        // Bits 0 and 1 of the knight's vectors: (2,1) and (-1,2).
        let piece = Piece::one_move(
            Atom::new(2, 1),
            "",
            0b11,
            1,
            Modality::MoveOnly,
            Jumping::Normal,
        );
        let spelled = piece.to_string();
        assert_eq!(spelled, "frmNlfmN");
        let back = parse(&spelled).unwrap();
        let vectors: alloc::vec::Vec<Offset> = back
            .moves()
            .iter()
            .flat_map(|m| {
                m.legs[0]
                    .directions(0)
                    .iter()
                    .collect::<alloc::vec::Vec<_>>()
            })
            .collect();
        assert_eq!(vectors, [Offset::new(2, 1), Offset::new(-1, 2)]);
    }

    #[test]
    fn modifiers_come_in_xboards_order() {
        let all = Modifiers {
            initial: true,
            m: true,
            c: true,
            e: true,
            p: true,
            g: true,
            o: true,
            n: true,
            j: 2,
        };
        assert_eq!(all.spell("fs", "N", "3"), "ifsmcepgonjjN3");
        assert_eq!(Modifiers::default().spell("", "(4,1)", ""), "(4,1)");
    }
}
