//! Betza notation: from a string like `FAmsW` to typed [`Move`]s.
//!
//! The dialect is XBoard's extended notation (its page `Betza.html`), as the
//! piece tables of the rules pages use it:
//!
//! * atoms `W F D N A H I C L J Z G O`, explicit leaps `(4,1)`, and the
//!   shortcuts `K` (WF), `B` (F0), `R` (W0), `Q` (RB);
//! * a range after an atom (`W4`, `R4`; `0` or a doubled atom such as `NN`
//!   means unlimited);
//! * prefixes: modality `m` `c`; directions `f b l r s v h a` and their
//!   pairs (`fh`, `fs`, `fr`, …); `i` initial, `n` lame, `j`/`jj` jumping,
//!   `p` and `g` hoppers, `o` cylinder;
//! * from the Interactive Diagram's and Fairy-Stockfish's dialects: `e`
//!   (en passant, which no diagram shows: `fmWfceF` draws as `fmWfcF`, and
//!   `e` alone draws nothing) and the chiral direction sets `hl` and `hr`
//!   of oblique atoms (`hrN`: (1,2) (2,-1) (-1,-2) (-2,1), as XBoard's move
//!   generator has them);
//! * grouping `m(AB)` (the prefix is distributed over the group);
//! * chains with the operators `t` `-` `+` `x` (directions of later legs
//!   are relative to the previous step), and `[WF]` for the lame chain
//!   `W-F`.
//!
//! Two readings are this crate's own, because the pages need them and
//! Betza.html leaves them open; both are tested:
//! * a modality letter in front of a leg that is not the last one of a
//!   chain governs the square where that leg ends: `(cK-aK)`, the Lion's
//!   double move, captures with its first king step and goes on (what
//!   Betza.html writes `KxaK`). On a hop (`+`) the square is untouched, so
//!   the letter passes on to the destination, as in `mRcR+R`;
//! * `O` with a count is castling: `isO2` is a non-capture move of exactly
//!   two squares sideways (Betza.html defines only the null move `O`).
//!
//! ```
//! use glance::engine::betza::{parse, Modality};
//! let lieutenant = parse("FAmsW").unwrap();
//! assert_eq!(lieutenant.moves().len(), 3);
//! assert_eq!(lieutenant.moves()[2].modality, Modality::MoveOnly);
//! assert!(parse("FAuW").is_err());
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::engine::geometry::Offset;
use crate::engine::sentence::{Sentence, push};

/// Inputs longer than this are refused (no piece needs a tenth of it).
pub const MAX_LEN: usize = 256;
/// Groups may nest this deep.
pub const MAX_DEPTH: usize = 8;
/// A parsed piece may hold at most this many moves after expanding
/// shortcuts and chains (the Lion has 10).
pub const MAX_MOVES: usize = 64;
/// A chain has at most this many legs.
pub const MAX_LEGS: usize = 4;

/// A leap: `long` squares along one axis and `short` along the other,
/// in all the directions its symmetry allows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Atom {
    pub long: u8,
    pub short: u8,
}

impl Atom {
    pub const fn new(a: u8, b: u8) -> Atom {
        if a >= b {
            Atom { long: a, short: b }
        } else {
            Atom { long: b, short: a }
        }
    }

    /// One step to an adjacent square (W or F): never shown as a leap.
    pub const fn is_step(self) -> bool {
        self.long == 1
    }

    /// The distinct displacements of the atom, at most eight.
    pub fn vectors(self) -> impl Iterator<Item = Offset> {
        let all = Selection::all(self);
        (0..all.count as usize).map(move |i| all.vectors[i])
    }
}

/// The atoms' letters, each with its leap `(long, short)`: the table the
/// parser reads, [`crate::engine::dialect`] compares and the spelling of
/// a [`Piece`] writes. Of two letters of one leap the first is the one
/// written: `I`, `L` and `J` are the pages' second names of `H`, `C` and
/// `Z` (which XBoard's generator reads otherwise, see the dialect notes).
/// `O` is the null move; with a count, castling. Each leap is written
/// long side first, as [`Atom::new`] orders it.
pub const LEAPERS: [(u8, u8, u8); 13] = [
    (b'W', 1, 0),
    (b'F', 1, 1),
    (b'D', 2, 0),
    (b'N', 2, 1),
    (b'A', 2, 2),
    (b'H', 3, 0),
    (b'C', 3, 1),
    (b'Z', 3, 2),
    (b'G', 3, 3),
    (b'O', 0, 0),
    (b'I', 3, 0),
    (b'L', 3, 1),
    (b'J', 3, 2),
];

/// The leap a letter of [`LEAPERS`] stands for.
pub fn leaper(letter: u8) -> Option<Atom> {
    for &(l, long, short) in &LEAPERS {
        if l == letter {
            return Some(Atom { long, short });
        }
    }
    None
}

/// The letter an atom is written with, if it has one (else `(x,y)`).
///
/// ```
/// use glance::engine::betza::{leaper_letter, Atom};
/// assert_eq!(leaper_letter(Atom::new(1, 3)), Some(b'C'));
/// assert_eq!(leaper_letter(Atom::new(4, 1)), None);
/// ```
pub fn leaper_letter(atom: Atom) -> Option<u8> {
    LEAPERS
        .iter()
        .find(|&&(_, long, short)| Atom { long, short } == atom)
        .map(|&(l, _, _)| l)
}

/// What a capital letter stands for: its atoms (`K` and `Q` are two, `W`
/// and `F`), how many, and the range it has without a count (`0`,
/// unlimited, for the riders `R`, `B`, `Q`).
///
/// ```
/// use glance::engine::betza::{letter_atoms, Atom};
/// let (w, f) = (Atom::new(1, 0), Atom::new(1, 1));
/// assert_eq!(letter_atoms(b'Q'), Some(([w, f], 2, 0)));
/// assert_eq!(letter_atoms(b'L'), Some(([Atom::new(3, 1); 2], 1, 1)));
/// assert_eq!(letter_atoms(b'X'), None);
/// ```
pub fn letter_atoms(letter: u8) -> Option<([Atom; 2], usize, u8)> {
    let (w, f) = (Atom::new(1, 0), Atom::new(1, 1));
    match letter {
        b'K' => Some(([w, f], 2, 1)),
        b'Q' => Some(([w, f], 2, 0)),
        b'R' => Some(([w, w], 1, 0)),
        b'B' => Some(([f, f], 1, 0)),
        _ => leaper(letter).map(|a| ([a, a], 1, 1)),
    }
}

/// What a move may do on the square where it ends.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Modality {
    /// Capture or not (no `m`/`c`, or both).
    #[default]
    Any,
    /// `m`: only to an empty square.
    MoveOnly,
    /// `c`: only capturing.
    CaptureOnly,
}

impl Modality {
    /// The modality in the low two bits of `bits` ([`Piece::encode`]).
    fn decode(bits: u8) -> Option<Modality> {
        (bits & 3 != 3).then(|| Modality::from_bits(bits))
    }

    /// The modality of the letters `m` (bit 0) and `c` (bit 1) of `bits`:
    /// one of them alone restricts the move, both or none do not (the
    /// order of the variants is that of these bits).
    fn from_bits(bits: u8) -> Modality {
        match bits & 3 {
            1 => Modality::MoveOnly,
            2 => Modality::CaptureOnly,
            _ => Modality::Any,
        }
    }

    pub const fn can_move(self) -> bool {
        !matches!(self, Modality::CaptureOnly)
    }

    pub const fn can_capture(self) -> bool {
        !matches!(self, Modality::MoveOnly)
    }
}

/// How one leg of a chain hands over to the next (Betza.html's operators).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Link {
    /// `t`: may stop on the connection square, or go on if it is empty.
    Then,
    /// `-`: must go on; an occupied connection square blocks the move.
    Block,
    /// `+`: the connection square must be occupied; it is hopped over.
    Hop,
    /// `x`: the connection square must hold an enemy, which is captured.
    Capture,
}

/// Which of an atom's directions a leg uses: the raw letters, read against
/// a heading (see [`Dirs::select`]). The parser resolves them, for every
/// heading the previous leg can give, into the leg's turns, which the
/// diagram engine reads through [`Leg::directions`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Dirs {
    letters: [u8; 8],
    len: u8,
}

impl Dirs {
    fn push(&mut self, letter: u8) -> bool {
        match self.letters.get_mut(self.len as usize) {
            Some(slot) => {
                *slot = letter;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    /// The letters as they are, if there are at most eight (no check
    /// that they mean anything: that is the parser's).
    pub(crate) fn from_letters(letters: &[u8]) -> Option<Dirs> {
        Dirs::default().concat_bytes(letters)
    }

    fn concat_bytes(self, letters: &[u8]) -> Option<Dirs> {
        let mut out = self;
        for &l in letters {
            if !out.push(l) {
                return None;
            }
        }
        Some(out)
    }

    fn concat(self, inner: Dirs) -> Option<Dirs> {
        self.concat_bytes(inner.as_bytes())
    }

    pub fn as_bytes(&self) -> &[u8] {
        &self.letters[..self.len as usize]
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// `hl` or `hr`: one of the two mirror-image halves of an oblique
    /// atom's eight moves.
    pub fn is_chiral(&self) -> bool {
        self.len > 0 && self.letters[0] == b'h'
    }

    /// The displacements of `atom` these letters select, for a piece
    /// heading along `heading` (straight up for the first leg; the previous
    /// step for later legs). No letters means every direction on a first
    /// leg and straight on (`f`) on a later one.
    ///
    /// Letters are read in pairs: `XY` picks the `X`-most moves among the
    /// `Y` ones (`fr` on a Knight is the forward one of its two rightmost
    /// moves; `fs` the forward ones of the sideways moves); where `X` picks
    /// nothing narrower (`fr` on a Wazir) the pair joins both sets, as
    /// Betza.html's `fb` does. `Xh` is the half towards `X`.
    ///
    /// ```
    /// use glance::engine::betza::parse;
    /// use glance::Offset;
    /// let up = Offset::new(0, 1);
    /// let leg = |s: &str| parse(s).unwrap().moves()[0].legs[0];
    /// let pick = |s: &str| leg(s).dirs.select(leg(s).atom, up, true);
    /// assert_eq!((pick("fN").len(), pick("fhN").len(), pick("fsN").len()), (2, 4, 2));
    /// assert_ne!(pick("fsN"), pick("fN"));
    /// assert_ne!(pick("frN"), pick("rfN"));
    /// ```
    pub fn select(&self, atom: Atom, heading: Offset, first_leg: bool) -> Selection {
        let mut all = Selection::all(atom);
        all.mask = self.select_bits(&all, heading, first_leg);
        all
    }

    /// The bits of `all` (every move of the atom) that [`Dirs::select`]
    /// keeps.
    fn select_bits(&self, all: &Selection, heading: Offset, first_leg: bool) -> u8 {
        let every = all.mask;
        let letters = self.as_bytes();
        if letters.is_empty() {
            return if first_leg {
                every
            } else {
                extreme(all, every, b'f', heading, false)
            };
        }
        if let [b'h', side, ..] = letters {
            return chiral(all, *side, heading);
        }
        let mut out = 0;
        let mut i = 0;
        while i < letters.len() {
            let x = letters[i];
            let pair = letters.get(i + 1).copied().filter(|&y| is_pairable(x, y));
            match pair {
                Some(b'h') => {
                    out |= extreme(all, every, x, heading, true);
                    i += 2;
                }
                Some(y) => {
                    let base = extreme(all, every, y, heading, false);
                    let narrowed = extreme(all, base, x, heading, false);
                    if narrowed != 0 && narrowed.count_ones() < base.count_ones() {
                        out |= narrowed;
                    } else {
                        out |= base | extreme(all, every, x, heading, false);
                    }
                    i += 2;
                }
                None => {
                    out |= extreme(all, every, x, heading, false);
                    i += 1;
                }
            }
        }
        out
    }
}

fn is_pairable(x: u8, y: u8) -> bool {
    matches!(x, b'f' | b'b' | b'l' | b'r' | b's' | b'v')
        && matches!(y, b'f' | b'b' | b'l' | b'r' | b's' | b'v' | b'h')
}

/// Some of an atom's moves: a bit set over its (at most eight)
/// [`Atom::vectors`], so that narrowing and joining are bit operations.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    vectors: [Offset; 8],
    count: u8,
    mask: u8,
}

impl Selection {
    /// Every move of `atom`: the atom turned by quarter turns, then its
    /// mirror images, which are the same four moves again when it is
    /// orthogonal or diagonal (and one null move for the null atom).
    fn all(atom: Atom) -> Selection {
        let (a, b) = (atom.long as i8, atom.short as i8);
        let count: u8 = if a == 0 {
            1
        } else if b == 0 || a == b {
            4
        } else {
            8
        };
        Selection {
            vectors: [
                Offset::new(a, b),
                Offset::new(-b, a),
                Offset::new(-a, -b),
                Offset::new(b, -a),
                Offset::new(b, a),
                Offset::new(-a, b),
                Offset::new(-b, -a),
                Offset::new(a, -b),
            ],
            count,
            mask: ((1u16 << count) - 1) as u8,
        }
    }

    pub fn len(&self) -> usize {
        self.mask.count_ones() as usize
    }

    pub fn is_empty(&self) -> bool {
        self.mask == 0
    }

    pub fn iter(&self) -> impl Iterator<Item = Offset> + '_ {
        self.indexed().map(|(_, v)| v)
    }

    /// The moves with their places among the atom's [`Atom::vectors`]: the
    /// index [`Leg::directions`] takes for the leg after one of them.
    pub fn indexed(&self) -> Picks {
        Picks {
            selection: *self,
            next: 0,
        }
    }

    /// The bits of the moves of `self` for which `keep` holds.
    fn bits_where(&self, keep: impl Fn(Offset) -> bool) -> u8 {
        let mut bits = 0;
        for (i, &v) in self.vectors[..self.count as usize].iter().enumerate() {
            if keep(v) {
                bits |= 1 << i;
            }
        }
        bits & self.mask
    }
}

/// The moves of a [`Selection`] with their places, by
/// [`Selection::indexed`]. One small loop (the drop-ins' code: adaptor
/// chains are copied per closure).
#[derive(Clone, Debug)]
pub struct Picks {
    selection: Selection,
    next: u8,
}

impl Iterator for Picks {
    type Item = (usize, Offset);

    fn next(&mut self) -> Option<(usize, Offset)> {
        while self.next < self.selection.count {
            let i = self.next as usize;
            self.next += 1;
            if self.selection.mask & (1 << i) != 0 {
                return Some((i, self.selection.vectors[i]));
            }
        }
        None
    }
}

/// The score a letter maximises: forwardness for `f`, backwardness for
/// `b`, rightness for `r`, leftness for `l`.
fn score(letter: u8, v: Offset, heading: Offset) -> i32 {
    match letter {
        b'f' => v.dot(heading),
        b'b' => -v.dot(heading),
        b'r' => v.rightness(heading),
        _ => -v.rightness(heading),
    }
}

/// The bits of the moves among `within` (bits of `all`, every move of an
/// atom) that go furthest in the direction of `letter` or, for `half`
/// (`Xh`), that go that way at all (`s` and `v` stand for both of their
/// letters).
fn extreme(all: &Selection, within: u8, letter: u8, heading: Offset, half: bool) -> u8 {
    let letters = match letter {
        b's' => *b"lr",
        b'v' => *b"fb",
        b'a' => return within,
        _ => [letter; 2],
    };
    let mut out = 0;
    for letter in letters {
        // The least score kept: 1 for a half, else the best one.
        let mut least = 1;
        if !half {
            least = i32::MIN;
            for (i, &v) in all.vectors.iter().enumerate() {
                if within & (1 << i) != 0 {
                    least = least.max(score(letter, v, heading));
                }
            }
        }
        for (i, &v) in all.vectors.iter().enumerate() {
            if within & (1 << i) != 0 && score(letter, v, heading) >= least {
                out |= 1 << i;
            }
        }
    }
    out
}

/// `hr` and `hl` on an oblique atom, as XBoard's move generator has them:
/// `hr` turns each move a quarter turn clockwise into the next one of the
/// set, `(1,2)`, `(2,-1)`, `(-1,-2)`, `(-2,1)` for the Knight heading up;
/// `hl` is the other four. A move is in `hr` when its long side is the
/// forward one exactly when it leans right.
fn chiral(all: &Selection, side: u8, heading: Offset) -> u8 {
    all.bits_where(|v| {
        let (f, r) = (v.dot(heading), v.rightness(heading));
        let right = (f.abs() > r.abs()) == (f * r > 0);
        right == (side == b'r')
    })
}

/// One leg of a move: an atom ridden up to `max_steps` times in the
/// directions `dirs` selects.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Leg {
    pub atom: Atom,
    pub dirs: Dirs,
    /// The directions `dirs` select, resolved once the piece is parsed:
    /// bit `k` of `turns[h]` selects the `k`-th of the atom's
    /// [`Atom::vectors`] when the previous leg stepped along the `h`-th of
    /// its own. The first leg reads `turns[0]` (heading up the board).
    /// Read through [`Leg::directions`]; private, so that they agree with
    /// `dirs`: legs are made only by the parser, which resolves them, and
    /// by [`Piece::decode`], from what [`Piece::encode`] wrote.
    turns: [u8; 8],
    /// 1 for a leap or step; 0 for unlimited.
    pub max_steps: u8,
    /// What the leg may do where it ends, when that is a connection square.
    pub modality: Modality,
    /// How the move goes on after this leg; `None` on the last leg.
    pub link: Option<Link>,
}

impl Leg {
    /// The directions of the leg after a step along the `h`-th vector of
    /// the previous leg's atom (the first leg: `h = 0`).
    ///
    /// ```
    /// use glance::engine::betza::parse;
    /// use glance::Offset;
    /// let second = parse("W-bW").unwrap().moves()[0].legs[1];
    /// // After a step along the first of W's vectors, (1, 0) to the
    /// // right, "b" is the step back to the left.
    /// let back: Vec<Offset> = second.directions(0).iter().collect();
    /// assert_eq!(back, [Offset::new(-1, 0)]);
    /// ```
    pub fn directions(&self, h: usize) -> Selection {
        let mut all = Selection::all(self.atom);
        all.mask &= self.turns.get(h).copied().unwrap_or(0);
        all
    }
}

/// How a move treats the pieces in its way.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Jumping {
    /// Sliders stop at the first piece; leapers jump.
    #[default]
    Normal,
    /// `n`: a leap that can be blocked on the squares it passes.
    Lame,
    /// `j`: must jump exactly one piece.
    One,
    /// `jj`: jumps over any number of pieces.
    Many,
    /// `p`: moves like a slider, captures by hopping one piece (the Cannon).
    Pao,
    /// `g`: lands directly behind the first piece it meets.
    Grasshopper,
}

/// One move of a piece: a chain of one or more legs with what it may do on
/// its destination.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub legs: Vec<Leg>,
    pub modality: Modality,
    pub jumping: Jumping,
    /// `i`: only for a piece that has not moved yet.
    pub initial: bool,
    /// `o`: wraps around the left and right edges (cylinder board).
    pub cylinder: bool,
    /// Castling (`O` with a count): always a non-capture.
    pub castling: bool,
}

impl Move {
    /// Resolves each leg's direction letters into [`Leg::turns`], once
    /// the move is complete (a group's prefix is distributed last).
    fn resolve_turns(&mut self) {
        // The moves of the previous leg's atom: the headings of this leg.
        let mut previous: Option<Selection> = None;
        for leg in &mut self.legs {
            let all = Selection::all(leg.atom);
            leg.turns = [0; 8];
            match &previous {
                None => leg.turns[0] = leg.dirs.select_bits(&all, Offset::new(0, 1), true),
                Some(headings) => {
                    for h in 0..headings.count as usize {
                        leg.turns[h] = leg.dirs.select_bits(&all, headings.vectors[h], false);
                    }
                }
            }
            previous = Some(all);
        }
    }
}

/// A parsed Betza string: the moves of one piece.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Piece {
    moves: Vec<Move>,
}

impl Piece {
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// A piece of one move along some of an atom's moves (bit `k` of
    /// `mask`: the `k`-th of [`Atom::vectors`]), for inference, which
    /// tries many such moves without spelling and parsing each. `letters`
    /// are the direction letters that select `mask` (the caller's word),
    /// or `""` where none are known (its spelling then names each
    /// direction on its own, see [`crate::engine::spell`]).
    pub(crate) fn one_move(
        atom: Atom,
        letters: &str,
        mask: u8,
        max_steps: u8,
        modality: Modality,
        jumping: Jumping,
    ) -> Piece {
        let mut turns = [0; 8];
        turns[0] = mask;
        let leg = Leg {
            atom,
            dirs: Dirs::from_letters(letters.as_bytes()).unwrap_or_default(),
            turns,
            max_steps,
            modality,
            link: None,
        };
        Piece {
            moves: alloc::vec![Move {
                legs: alloc::vec![leg],
                modality,
                jumping,
                initial: false,
                cylinder: false,
                castling: false,
            }],
        }
    }

    /// The moves of a piece, one after another (`W` and `F`: `K`).
    pub(crate) fn join(mut self, other: Piece) -> Piece {
        self.moves.extend(other.moves);
        self
    }

    /// Whether some move of the piece can only be made over another piece
    /// (a screen): a hopper (`p`, `g`, `j`) or a hop link (`+`). On an
    /// empty board such a move shows nothing, so the pages draw these
    /// pieces among the board's other pieces.
    ///
    /// ```
    /// use glance::engine::betza::parse;
    /// assert!(parse("mRcpR").unwrap().needs_screen()); // the Cannon
    /// assert!(parse("gQ").unwrap().needs_screen()); // the Grasshopper
    /// assert!(!parse("RN").unwrap().needs_screen());
    /// assert!(!parse("nN").unwrap().needs_screen()); // lame: blocked, not hopping
    /// ```
    pub fn needs_screen(&self) -> bool {
        self.moves.iter().any(|m| {
            matches!(
                m.jumping,
                Jumping::Pao | Jumping::Grasshopper | Jumping::One
            ) || m.legs.iter().any(|l| l.link == Some(Link::Hop))
        })
    }

    /// The piece without its initial moves (`i`): how it moves once it
    /// has left its starting square.
    ///
    /// ```
    /// use glance::engine::betza::parse;
    /// let pawn = parse("mfWcfFifmW2").unwrap();
    /// assert_eq!(pawn.without_initial(), parse("mfWcfF").unwrap());
    /// ```
    pub fn without_initial(&self) -> Piece {
        Piece {
            moves: self.moves.iter().filter(|m| !m.initial).cloned().collect(),
        }
    }

    /// The piece in a compact binary form, which [`Piece::decode`] reads
    /// back. The drop-in scripts carry their tables' pieces in this form,
    /// parsed when the crate is built (`build.rs`), and so need no parser.
    ///
    /// ```
    /// use glance::engine::betza::{parse, Piece};
    /// let lion = parse("KADN(cK-aK)(K-bK)").unwrap();
    /// assert_eq!(Piece::decode(&lion.encode()), Some(lion));
    /// ```
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for mv in &self.moves {
            out.push(
                mv.modality as u8
                    | (mv.jumping as u8) << 2
                    | (mv.initial as u8) << 5
                    | (mv.cylinder as u8) << 6
                    | (mv.castling as u8) << 7,
            );
            out.push(mv.legs.len() as u8);
            for leg in &mv.legs {
                let link = leg.link.map_or(0, |l| l as u8 + 1);
                out.extend([
                    leg.atom.long,
                    leg.atom.short,
                    leg.max_steps,
                    leg.modality as u8 | link << 2,
                    leg.dirs.len,
                ]);
                out.extend_from_slice(leg.dirs.as_bytes());
                out.extend_from_slice(&leg.turns);
            }
        }
        out
    }

    /// The piece [`Piece::encode`] wrote, or `None` if `bytes` are not
    /// such a piece.
    pub fn decode(mut bytes: &[u8]) -> Option<Piece> {
        let mut next = |n: usize| -> Option<&[u8]> {
            let (head, rest) = bytes.split_at_checked(n)?;
            bytes = rest;
            Some(head)
        };
        let mut moves = Vec::new();
        while let Some(&[flags, count]) = next(2) {
            let mut legs = Vec::new();
            for _ in 0..count {
                let &[long, short, max_steps, packed, dirs_len] = next(5)? else {
                    return None;
                };
                let mut dirs = Dirs::default();
                for &letter in next(dirs_len as usize)? {
                    if !dirs.push(letter) {
                        return None;
                    }
                }
                let turns = next(8)?.try_into().ok()?;
                legs.push(Leg {
                    atom: Atom::new(long, short),
                    dirs,
                    turns,
                    max_steps,
                    modality: Modality::decode(packed)?,
                    link: match packed >> 2 & 7 {
                        0 => None,
                        1 => Some(Link::Then),
                        2 => Some(Link::Block),
                        3 => Some(Link::Hop),
                        4 => Some(Link::Capture),
                        _ => return None,
                    },
                });
            }
            moves.push(Move {
                legs,
                modality: Modality::decode(flags)?,
                jumping: match flags >> 2 & 7 {
                    0 => Jumping::Normal,
                    1 => Jumping::Lame,
                    2 => Jumping::One,
                    3 => Jumping::Many,
                    4 => Jumping::Pao,
                    5 => Jumping::Grasshopper,
                    _ => return None,
                },
                initial: flags & 1 << 5 != 0,
                cylinder: flags & 1 << 6 != 0,
                castling: flags & 1 << 7 != 0,
            });
        }
        bytes.is_empty().then_some(Piece { moves })
    }
}

impl core::str::FromStr for Piece {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Piece, ParseError> {
        parse(s)
    }
}

/// Why a Betza string was refused, and where (a byte offset into it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub pos: usize,
    pub kind: ErrorKind,
}

/// The kinds of [`ParseError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    Empty,
    TooLong,
    /// A character that is neither an atom, a modifier nor an operator.
    UnexpectedChar(char),
    /// A capital letter that is no atom of the notation.
    UnknownAtom(char),
    /// A lower-case letter that is no modifier of the notation.
    UnknownModifier(char),
    /// Part of Betza.html this engine does not draw.
    Unsupported(Feature),
    /// Modifiers with nothing after them.
    DanglingModifiers,
    /// An operator with no leg after it.
    DanglingOperator,
    Unclosed(char),
    UnmatchedClose(char),
    EmptyGroup,
    BadLeap,
    TooDeep,
    TooManyMoves,
    TooManyModifiers,
}

/// The parts of the notation that [`ErrorKind::Unsupported`] names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feature {
    RangeAfterGroup,
    ChainedGroup,
    Circular,
    ZigZag,
    Destroy,
    Split,
    Royal,
    CastlingInChain,
    OwnFoe,
    LongChain,
    HugeRange,
    NullInChain,
    LaterLegModifier,
    LoneHalf,
    /// `hl`/`hr` with other direction letters.
    ChiralMix,
    /// `hl`/`hr` on an atom that is not oblique (its moves have no
    /// mirror-image halves).
    ChiralSymmetric,
}

/// The sentences of [`ParseError`]'s messages, a line each (see
/// [`crate::engine::sentence`]): the error kinds', then the features'.
#[cfg(not(feature = "generic"))]
const ERRORS: &str = include_str!("betza-errors.txt");

/// How many sentences `betza-errors.txt` has: the first numbers of
/// `dist/glance-findings.txt`.
pub const ERROR_SENTENCES: usize = 31;

/// The first line of the features' sentences, in [`Feature`]'s order.
const FEATURES: usize = 15;

/// The sentence of line `n` of `betza-errors.txt`.
fn sentence(n: usize) -> Sentence {
    #[cfg(not(feature = "generic"))]
    return Sentence::new(n, crate::engine::sentence::line(ERRORS, n));
    #[cfg(feature = "generic")]
    return Sentence::new(n);
}

impl ParseError {
    /// Appends the message to `out`, without `core::fmt` (the generic
    /// drop-in script says it in the console and carries no formatting
    /// machinery; it codes the sentences, see [`crate::engine::sentence`]).
    /// [`fmt::Display`] writes the same.
    pub fn write_to(&self, out: &mut String) {
        let mut at = String::new();
        push_number(&mut at, self.pos + 1);
        // The kind's sentence and the character it names, if any.
        let (n, ch) = match self.kind {
            ErrorKind::Empty => (0, None),
            ErrorKind::TooLong => (1, None),
            ErrorKind::UnexpectedChar(ch) => (2, Some(ch)),
            ErrorKind::UnknownAtom(ch) => (3, Some(ch)),
            ErrorKind::UnknownModifier(ch) => (4, Some(ch)),
            ErrorKind::Unsupported(feature) => {
                push(out, sentence(FEATURES + feature as usize), &[]);
                (5, None)
            }
            ErrorKind::DanglingModifiers => (6, None),
            ErrorKind::DanglingOperator => (7, None),
            ErrorKind::Unclosed(ch) => (8, Some(ch)),
            ErrorKind::UnmatchedClose(ch) => (9, Some(ch)),
            ErrorKind::EmptyGroup => (10, None),
            ErrorKind::BadLeap => (11, None),
            ErrorKind::TooDeep => (12, None),
            ErrorKind::TooManyMoves => (13, None),
            ErrorKind::TooManyModifiers => (14, None),
        };
        // The limit a "too many" names, in place of the position.
        let limit = match self.kind {
            ErrorKind::TooLong => Some(MAX_LEN),
            ErrorKind::TooManyMoves => Some(MAX_MOVES),
            _ => None,
        };
        if let Some(limit) = limit {
            at.clear();
            push_number(&mut at, limit);
        }
        let mut c = [0u8; 4];
        match ch {
            Some(ch) => push(out, sentence(n), &[&*ch.encode_utf8(&mut c), &at]),
            None => push(out, sentence(n), &[&at]),
        }
    }
}

pub use crate::engine::sentence::push_number;

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write_to(&mut out);
        f.write_str(&out)
    }
}

impl core::error::Error for ParseError {}

/// Parses a Betza string into the moves of a piece.
///
/// ```
/// use glance::engine::betza::{parse, ErrorKind};
/// assert_eq!(parse("KADN(cK-aK)(K-bK)").unwrap().moves().len(), 2 + 3 + 4 + 4);
/// let err = parse("fXW").unwrap_err();
/// assert_eq!((err.pos, err.kind), (1, ErrorKind::UnknownAtom('X')));
/// ```
pub fn parse(text: &str) -> Result<Piece, ParseError> {
    if text.len() > MAX_LEN {
        return Err(ParseError {
            pos: MAX_LEN,
            kind: ErrorKind::TooLong,
        });
    }
    let mut p = Parser {
        text,
        s: text.as_bytes(),
        pos: 0,
    };
    if text.is_empty() {
        return Err(p.err(ErrorKind::Empty));
    }
    // The pages' spelling of a piece that never moves (Fairy-Stockfish's
    // `immobile`): no moves at all.
    if text == "-" {
        return Ok(Piece::default());
    }
    // Only `e` moves (en passant, see `Prefix::e`) leave none.
    let mut moves = Vec::new();
    p.sequence(0, None, &mut moves)?;
    for mv in &mut moves {
        mv.resolve_turns();
    }
    Ok(Piece { moves })
}

/// The letters of the prefix flags, bit `k` for the `k`-th letter: `m`
/// and `c` (the modality, see [`Modality::from_bits`]), then the move
/// flags, which only a first leg may have. A second `j` (`jj`) sets
/// [`JJ`].
///
/// `e` is en passant, a capture of a pawn that has just made a double
/// step. No diagram shows one (there is no such pawn on its board), so a
/// move with `e` and neither `m` nor `c` draws nothing, and `e` next to
/// `m` or `c` adds nothing to them.
const FLAG_LETTERS: &[u8; 9] = b"mceinpgoj";
const M: u16 = 1;
const C: u16 = 2;
const E: u16 = 4;
const I: u16 = 8;
const N: u16 = 16;
const P: u16 = 32;
const G: u16 = 64;
const O: u16 = 128;
const J: u16 = 256;
const JJ: u16 = 512;

/// The prefix letters in front of an atom, a group or a chain.
#[derive(Copy, Clone, Debug, Default)]
struct Prefix {
    dirs: Dirs,
    /// Bits of [`FLAG_LETTERS`].
    flags: u16,
}

impl Prefix {
    fn modality(&self) -> Modality {
        Modality::from_bits(self.flags as u8)
    }

    fn has(&self, bit: u16) -> bool {
        self.flags & bit != 0
    }

    fn jumping(&self) -> Jumping {
        if self.has(P) {
            Jumping::Pao
        } else if self.has(G) {
            Jumping::Grasshopper
        } else if self.has(JJ) {
            Jumping::Many
        } else if self.has(J) {
            Jumping::One
        } else if self.has(N) {
            Jumping::Lame
        } else {
            Jumping::Normal
        }
    }
}

/// A leg before its prefix is settled: the atoms it stands for (`K` is two).
#[derive(Clone, Copy)]
struct RawLeg {
    atoms: [(Atom, u8); 2],
    count: usize,
    castling: bool,
    prefix: Prefix,
    link: Option<Link>,
}

struct Parser<'a> {
    text: &'a str,
    s: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn err(&self, kind: ErrorKind) -> ParseError {
        ParseError {
            pos: self.pos,
            kind,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    fn peek_at(&self, ahead: usize) -> Option<u8> {
        self.s.get(self.pos + ahead).copied()
    }

    /// A character for messages, even where the input is not ASCII.
    fn char_here(&self) -> char {
        self.text
            .get(self.pos..)
            .and_then(|t| t.chars().next())
            .unwrap_or('?')
    }

    /// Appends to `moves` the moves up to the end of the text or, in a
    /// group whose `(` is at `open`, up to its `)`.
    fn sequence(
        &mut self,
        depth: usize,
        open: Option<usize>,
        moves: &mut Vec<Move>,
    ) -> Result<(), ParseError> {
        if depth > MAX_DEPTH {
            return Err(self.err(ErrorKind::TooDeep));
        }
        // The moves before this sequence's are not its own.
        let start = moves.len();
        loop {
            match (self.peek(), open) {
                (None, None) => return Ok(()),
                (None, Some(at)) => {
                    return Err(ParseError {
                        pos: at,
                        kind: ErrorKind::Unclosed('('),
                    });
                }
                (Some(b')'), Some(_)) => {
                    self.pos += 1;
                    return Ok(());
                }
                (Some(c @ (b')' | b']')), _) => {
                    return Err(self.err(ErrorKind::UnmatchedClose(c as char)));
                }
                _ => {}
            }
            let prefix_at = self.pos;
            let prefix = self.prefix(true)?;
            // `e` alone: en passant only, which no diagram shows. Of a group
            // only the moves with `m` or `c` of their own are kept; of an atom
            // or a chain, none.
            let en_passant_only = prefix.flags & (E | M | C) == E;
            match self.peek() {
                Some(b'(') if !self.peek_at(1).is_some_and(|c| c.is_ascii_digit()) => {
                    let open = self.pos;
                    self.pos += 1;
                    let inner = moves.len();
                    self.sequence(depth + 1, Some(open), moves)?;
                    if moves.len() == inner {
                        return Err(ParseError {
                            pos: open,
                            kind: ErrorKind::EmptyGroup,
                        });
                    }
                    if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                        return Err(self.err(ErrorKind::Unsupported(Feature::RangeAfterGroup)));
                    }
                    if matches!(self.peek(), Some(b'-' | b'+')) {
                        return Err(self.err(ErrorKind::Unsupported(Feature::ChainedGroup)));
                    }
                    // The group's moves, in place: the prefix distributed,
                    // those `e` alone leaves out dropped.
                    let mut kept = inner;
                    for i in inner..moves.len() {
                        distribute(&prefix, &mut moves[i]).ok_or(ParseError {
                            pos: prefix_at,
                            kind: ErrorKind::TooManyModifiers,
                        })?;
                        if !en_passant_only || moves[i].modality != Modality::Any {
                            moves.swap(kept, i);
                            kept += 1;
                        }
                    }
                    moves.truncate(kept);
                }
                Some(c) if c == b'[' || c.is_ascii_uppercase() || c == b'(' => {
                    let bracket = (c == b'[').then_some(self.pos);
                    if bracket.is_some() {
                        self.pos += 1;
                    }
                    let legs = self.chain(prefix, bracket)?;
                    if !en_passant_only {
                        expand(&legs, moves);
                    }
                }
                None => {
                    return Err(ParseError {
                        pos: prefix_at,
                        kind: ErrorKind::DanglingModifiers,
                    });
                }
                Some(_) if self.pos > prefix_at => {
                    return Err(ParseError {
                        pos: prefix_at,
                        kind: ErrorKind::DanglingModifiers,
                    });
                }
                Some(_) => return Err(self.err(ErrorKind::UnexpectedChar(self.char_here()))),
            }
            if moves.len() - start > MAX_MOVES {
                return Err(self.err(ErrorKind::TooManyMoves));
            }
        }
    }

    /// Reads modifier letters. `t` and `x` are operators, never modifiers.
    fn prefix(&mut self, first_leg: bool) -> Result<Prefix, ParseError> {
        let mut p = Prefix::default();
        // Direction letters pair up as Dirs::select reads them; `h` (half)
        // only ever ends a pair (`fh`, `lh`…).
        let mut pair_open = false;
        while let Some(c) = self.peek() {
            if !c.is_ascii_lowercase() || c == b't' || c == b'x' {
                break;
            }
            match c {
                b'h' if !pair_open
                    && p.dirs.is_empty()
                    && matches!(self.peek_at(1), Some(b'l' | b'r')) =>
                {
                    // Chiral: `hl`, `hr` (the only direction letters).
                    p.dirs.push(b'h');
                    p.dirs.push(self.peek_at(1).unwrap_or(b'l'));
                    self.pos += 1;
                }
                b'f' | b'b' | b'l' | b'r' | b's' | b'v' | b'h' | b'a' if p.dirs.is_chiral() => {
                    return Err(self.err(ErrorKind::Unsupported(Feature::ChiralMix)));
                }
                b'f' | b'b' | b'l' | b'r' | b's' | b'v' | b'h' | b'a' => {
                    if c == b'h' && !pair_open {
                        return Err(self.err(ErrorKind::Unsupported(Feature::LoneHalf)));
                    }
                    pair_open = !pair_open && c != b'a' && c != b'h';
                    if !p.dirs.push(c) {
                        return Err(self.err(ErrorKind::TooManyModifiers));
                    }
                }
                _ => {
                    if let Some(k) = FLAG_LETTERS.iter().position(|&l| l == c) {
                        if k > 1 && !first_leg {
                            return Err(self.err(ErrorKind::Unsupported(Feature::LaterLegModifier)));
                        }
                        let bit = if k == 8 && p.has(J) { JJ } else { 1 << k };
                        p.flags |= bit;
                    } else if let Some(k) = b"qzdyk".iter().position(|&l| l == c) {
                        return Err(self.err(ErrorKind::Unsupported(UNSUPPORTED_LETTERS[k])));
                    } else {
                        return Err(self.err(ErrorKind::UnknownModifier(c as char)));
                    }
                }
            }
            self.pos += 1;
        }
        Ok(p)
    }

    /// A chain of legs. In brackets (`bracket` = position of `[`), legs
    /// written side by side are joined by `-`.
    fn chain(&mut self, first: Prefix, bracket: Option<usize>) -> Result<Vec<RawLeg>, ParseError> {
        let mut legs: Vec<RawLeg> = Vec::new();
        let mut prefix = first;
        loop {
            let leg_at = self.pos;
            let mut leg = self.leg(prefix, legs.is_empty())?;
            if leg.castling
                && (!legs.is_empty() || matches!(self.peek(), Some(b't' | b'-' | b'+' | b'x')))
            {
                return Err(ParseError {
                    pos: leg_at,
                    kind: ErrorKind::Unsupported(Feature::CastlingInChain),
                });
            }
            leg.link = None;
            let op_at = self.pos;
            let link = match self.peek() {
                Some(b't') => Some(Link::Then),
                Some(b'-') => Some(Link::Block),
                Some(b'+') => Some(Link::Hop),
                Some(b'x') => Some(Link::Capture),
                Some(b'?' | b'!') => return Err(self.err(ErrorKind::Unsupported(Feature::OwnFoe))),
                _ => None,
            };
            if link.is_some() {
                self.pos += 1;
            }
            let next_is_leg = |p: &Parser| {
                let mut i = p.pos;
                while p
                    .s
                    .get(i)
                    .is_some_and(|c| c.is_ascii_lowercase() && *c != b't' && *c != b'x')
                {
                    i += 1;
                }
                p.s.get(i)
                    .is_some_and(|&c| c.is_ascii_uppercase() || c == b'(')
            };
            let link = match (link, bracket) {
                (Some(l), _) => Some(l),
                (None, Some(_)) if next_is_leg(self) => Some(Link::Block),
                _ => None,
            };
            leg.link = link;
            legs.push(leg);
            match (link, bracket) {
                (Some(_), _) => {
                    if !next_is_leg(self) {
                        return Err(ParseError {
                            pos: op_at,
                            kind: ErrorKind::DanglingOperator,
                        });
                    }
                    if legs.len() >= MAX_LEGS {
                        return Err(self.err(ErrorKind::Unsupported(Feature::LongChain)));
                    }
                    prefix = self.prefix(false)?;
                }
                (None, Some(open)) => {
                    return if self.peek() == Some(b']') {
                        self.pos += 1;
                        Ok(legs)
                    } else if self.peek().is_none() {
                        Err(ParseError {
                            pos: open,
                            kind: ErrorKind::Unclosed('['),
                        })
                    } else {
                        Err(self.err(ErrorKind::UnexpectedChar(self.char_here())))
                    };
                }
                (None, None) => return Ok(legs),
            }
        }
    }

    /// One atom (or shortcut) with its range.
    fn leg(&mut self, prefix: Prefix, first: bool) -> Result<RawLeg, ParseError> {
        let at = self.pos;
        let letter = self.peek().unwrap_or(b' ');
        let (atoms, count, default_range) = match letter {
            b'(' => {
                let atom = self.explicit_leap()?;
                ([atom, atom], 1, 1)
            }
            c => match letter_atoms(c) {
                Some(found) => found,
                None if c.is_ascii_uppercase() => {
                    return Err(self.err(ErrorKind::UnknownAtom(c as char)));
                }
                None => return Err(self.err(ErrorKind::UnexpectedChar(self.char_here()))),
            },
        };
        if prefix.dirs.is_chiral()
            && (count > 1 || atoms[0].short == 0 || atoms[0].short == atoms[0].long)
        {
            return Err(ParseError {
                pos: at,
                kind: ErrorKind::Unsupported(Feature::ChiralSymmetric),
            });
        }
        if letter != b'(' {
            self.pos += 1;
        }
        let mut range = default_range;
        if letter != b'(' && self.peek() == Some(letter) {
            self.pos += 1;
            range = 0;
        } else if self.peek().is_some_and(|c| c.is_ascii_digit()) {
            let digits_at = self.pos;
            range = match self.number() {
                Some(n) => n,
                None => {
                    return Err(ParseError {
                        pos: digits_at,
                        kind: ErrorKind::Unsupported(Feature::HugeRange),
                    });
                }
            };
        }
        let castling = letter == b'O' && range > 0;
        if letter == b'O' && !first {
            return Err(ParseError {
                pos: at,
                kind: ErrorKind::Unsupported(Feature::NullInChain),
            });
        }
        let mut raw = RawLeg {
            atoms: [(atoms[0], range), (atoms[1], range)],
            count,
            castling,
            prefix,
            link: None,
        };
        if castling {
            // Castling moves the king exactly `range` squares: a leap of
            // (range, 0) that cannot capture.
            let leap = Atom::new(range, 0);
            raw.atoms = [(leap, 1), (leap, 1)];
        }
        Ok(raw)
    }

    /// `(x,y)` with x and y from 0 to 15.
    fn explicit_leap(&mut self) -> Result<Atom, ParseError> {
        let at = self.pos;
        let bad = ParseError {
            pos: at,
            kind: ErrorKind::BadLeap,
        };
        self.pos += 1;
        let a = self.small_number().ok_or(bad)?;
        if self.peek() != Some(b',') {
            return Err(bad);
        }
        self.pos += 1;
        let b = self.small_number().ok_or(bad)?;
        if self.peek() != Some(b')') {
            return Err(bad);
        }
        self.pos += 1;
        Ok(Atom::new(a, b))
    }

    fn small_number(&mut self) -> Option<u8> {
        self.number().filter(|&n| n < 16)
    }

    /// A number of one or two digits (none if there are no digits, or
    /// three).
    fn number(&mut self) -> Option<u8> {
        let start = self.pos;
        let mut n = 0;
        while let Some(c) = self.peek().filter(u8::is_ascii_digit) {
            if self.pos - start == 2 {
                return None;
            }
            n = n * 10 + (c - b'0');
            self.pos += 1;
        }
        (self.pos > start).then_some(n)
    }
}

/// Appends to `out` all the moves a chain of legs stands for (`K` legs
/// stand for two atoms).
fn expand(legs: &[RawLeg], out: &mut Vec<Move>) {
    let mut total = 1;
    for raw in legs {
        total *= raw.count;
    }
    for mut pick in 0..total {
        let mut chain = Vec::with_capacity(legs.len());
        for raw in legs {
            let (atom, max_steps) = raw.atoms[pick % raw.count];
            pick /= raw.count;
            chain.push(Leg {
                atom,
                dirs: raw.prefix.dirs,
                turns: [0; 8],
                max_steps,
                modality: raw.prefix.modality(),
                link: raw.link,
            });
        }
        let first = legs[0].prefix;
        let last_leg = chain.len() - 1;
        // Where the destination's modality comes from: the last leg, or the
        // first leg of a hop, whose connection square is left untouched.
        let mut modality = chain[last_leg].modality;
        if chain.len() > 1 && chain[0].link == Some(Link::Hop) && modality == Modality::Any {
            modality = chain[0].modality;
        }
        if legs[0].castling {
            modality = Modality::MoveOnly;
        }
        out.push(Move {
            legs: chain,
            modality,
            jumping: first.jumping(),
            initial: first.has(I),
            cylinder: first.has(O),
            castling: legs[0].castling,
        });
    }
}

/// Applies a group's prefix to one of its moves: `m(AB)` is `mAmB`.
fn distribute(outer: &Prefix, mv: &mut Move) -> Option<()> {
    let single = mv.legs.len() == 1;
    if let Some(first) = mv.legs.first_mut() {
        let atom = first.atom;
        if outer.dirs.is_chiral()
            && (!first.dirs.is_empty() || atom.short == 0 || atom.short == atom.long)
        {
            return None;
        }
        first.dirs = outer.dirs.concat(first.dirs)?;
        if single {
            first.modality = merge_modality(outer, first.modality);
        }
    }
    if mv.castling {
        mv.modality = Modality::MoveOnly;
    } else {
        mv.modality = merge_modality(outer, mv.modality);
    }
    mv.initial |= outer.has(I);
    mv.cylinder |= outer.has(O);
    if mv.jumping == Jumping::Normal {
        mv.jumping = outer.jumping();
    }
    Some(())
}

/// Letters are joined, so `m(cA)` is `mcA`: both, which is `Any`.
fn merge_modality(outer: &Prefix, inner: Modality) -> Modality {
    Modality::from_bits(outer.flags as u8 | inner as u8)
}

/// The features of the lower-case letters `q z d y k`, in this order.
const UNSUPPORTED_LETTERS: [Feature; 5] = [
    Feature::Circular,
    Feature::ZigZag,
    Feature::Destroy,
    Feature::Split,
    Feature::Royal,
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Each kind's message, as written here by hand (the words of
    /// `betza-errors.txt`, its blanks filled).
    #[test]
    fn every_error_says_its_sentence() {
        use alloc::string::ToString;
        let at = |kind| ParseError { pos: 4, kind };
        let cases = [
            (ErrorKind::Empty, "empty Betza string"),
            (ErrorKind::TooLong, "Betza string longer than 256 bytes"),
            (
                ErrorKind::UnexpectedChar('%'),
                "unexpected '%' at character 5",
            ),
            (
                ErrorKind::UnknownAtom('X'),
                "unknown atom 'X' at character 5",
            ),
            (
                ErrorKind::UnknownModifier('x'),
                "unknown modifier 'x' at character 5",
            ),
            (
                ErrorKind::Unsupported(Feature::RangeAfterGroup),
                "a range after a group (character 5) is not supported",
            ),
            (
                ErrorKind::Unsupported(Feature::ChiralSymmetric),
                "'hl' or 'hr' on an atom that is not oblique (character 5) is not supported",
            ),
            (
                ErrorKind::DanglingModifiers,
                "modifiers without an atom at character 5",
            ),
            (
                ErrorKind::DanglingOperator,
                "chaining operator without a next leg at character 5",
            ),
            (
                ErrorKind::Unclosed('('),
                "'(' at character 5 is never closed",
            ),
            (
                ErrorKind::UnmatchedClose(']'),
                "unmatched ']' at character 5",
            ),
            (ErrorKind::EmptyGroup, "empty group at character 5"),
            (ErrorKind::BadLeap, "malformed leap (x,y) at character 5"),
            (ErrorKind::TooDeep, "groups nested too deep at character 5"),
            (ErrorKind::TooManyMoves, "too many moves (more than 64)"),
            (
                ErrorKind::TooManyModifiers,
                "too many modifiers at character 5",
            ),
        ];
        for (kind, want) in cases {
            assert_eq!(at(kind).to_string(), want);
        }
        let lines = ERRORS.lines().count();
        assert_eq!(lines, ERROR_SENTENCES);
        assert_eq!(lines, FEATURES + Feature::ChiralSymmetric as usize + 1);
        assert_eq!(
            crate::engine::sentence::line(ERRORS, FEATURES + Feature::Circular as usize),
            "the circular modifier 'q'"
        );
    }
    use alloc::string::ToString;
    use alloc::vec;

    /// The strings of the piece tables of XBoard's 34 rules pages.
    pub const PAGE_STRINGS: &[&str] = &[
        "A",
        "B",
        "BD",
        "BN",
        "BW",
        "F",
        "FA",
        "FAD",
        "FAN",
        "FAmsW",
        "FF",
        "FbbNffN",
        "FfW",
        "FsfW",
        "HFD",
        "K",
        "KADN(cK-aK)(K-bK)",
        "KN",
        "KNAD(cK-aK)(K-bK)",
        "N",
        "QN",
        "R",
        "R4",
        "RB",
        "RF",
        "RN",
        "W",
        "WA",
        "WD",
        "WDFA",
        "WDN",
        "WF",
        "WW",
        "WWFF",
        "WfF",
        "bKfsR",
        "fN",
        "fRsRKfhN",
        "fW",
        "fhNbsK",
        "mfFcfW",
        "mfWcfF",
        "mfWcfoF",
        "nA",
        "nLnJ",
        "n[WF]",
        "oB",
        "oK",
        "oN",
        "oR",
        "oRoB",
        "pR",
        "Q",
    ];

    #[test]
    fn every_page_string_parses() {
        for s in PAGE_STRINGS {
            let piece = parse(s).unwrap_or_else(|e| panic!("{s}: {e}"));
            assert!(!piece.moves().is_empty(), "{s}");
        }
    }

    #[test]
    fn shortcuts_expand() {
        let q = parse("Q").unwrap();
        assert_eq!(q.moves().len(), 2);
        assert!(q.moves().iter().all(|m| m.legs[0].max_steps == 0));
        assert_eq!(parse("R4").unwrap().moves()[0].legs[0].max_steps, 4);
        assert_eq!(parse("NN").unwrap().moves()[0].legs[0].max_steps, 0);
        assert_eq!(parse("W0").unwrap().moves()[0].legs[0].max_steps, 0);
        assert_eq!(
            parse("(4,1)").unwrap().moves()[0].legs[0].atom,
            Atom::new(4, 1)
        );
        assert_eq!(
            parse("(1,4)").unwrap().moves()[0].legs[0].atom,
            Atom::new(4, 1)
        );
    }

    #[test]
    fn prefixes_distribute_over_groups() {
        let a = parse("m(AB)").unwrap();
        let b = parse("mAmB").unwrap();
        assert_eq!(a, b);
        let c = parse("(fmW)(fcF)").unwrap();
        assert_eq!(c, parse("fmWfcF").unwrap());
        assert_eq!(parse("m(cA)").unwrap().moves()[0].modality, Modality::Any);
    }

    #[test]
    fn chains_carry_their_links() {
        let lion = parse("(cK-aK)").unwrap();
        assert_eq!(lion.moves().len(), 4);
        for mv in lion.moves() {
            assert_eq!(mv.legs[0].link, Some(Link::Block));
            assert_eq!(mv.legs[0].modality, Modality::CaptureOnly);
            assert_eq!(mv.modality, Modality::Any);
        }
        let horse = parse("n[WF]").unwrap();
        assert_eq!(horse.moves()[0].legs.len(), 2);
        assert_eq!(horse.moves()[0].legs[0].link, Some(Link::Block));
        let cannon = parse("mRcR+R").unwrap();
        assert_eq!(cannon.moves()[1].modality, Modality::CaptureOnly);
        assert_eq!(
            parse("FtR").unwrap().moves()[0].legs[0].link,
            Some(Link::Then)
        );
        assert_eq!(parse("KxaK").unwrap().moves().len(), 4);
    }

    #[test]
    fn a_lone_hyphen_is_a_piece_that_never_moves() {
        assert!(parse("-").unwrap().moves().is_empty());
        assert!(parse("-W").is_err() && parse("W-").is_err());
    }

    #[test]
    fn castling_is_a_move_only_leap() {
        let k = parse("KisO2").unwrap();
        let castle = &k.moves()[2];
        assert!(castle.castling);
        assert_eq!(castle.modality, Modality::MoveOnly);
        assert_eq!(castle.legs[0].atom, Atom::new(2, 0));
    }

    #[test]
    fn errors_name_the_position() {
        let cases: &[(&str, usize, ErrorKind)] = &[
            ("", 0, ErrorKind::Empty),
            ("fXW", 1, ErrorKind::UnknownAtom('X')),
            ("FAuW", 2, ErrorKind::UnknownModifier('u')),
            ("fm", 0, ErrorKind::DanglingModifiers),
            ("(AB", 0, ErrorKind::Unclosed('(')),
            ("AB)", 2, ErrorKind::UnmatchedClose(')')),
            ("K()", 1, ErrorKind::EmptyGroup),
            ("W-", 1, ErrorKind::DanglingOperator),
            ("(4,x)", 0, ErrorKind::BadLeap),
            ("(16,1)", 0, ErrorKind::BadLeap),
            ("[WF", 0, ErrorKind::Unclosed('[')),
            ("W*", 1, ErrorKind::UnexpectedChar('*')),
            ("qN", 0, ErrorKind::Unsupported(Feature::Circular)),
            ("W100", 1, ErrorKind::Unsupported(Feature::HugeRange)),
            ("hW", 0, ErrorKind::Unsupported(Feature::LoneHalf)),
            ("vvhN", 2, ErrorKind::Unsupported(Feature::LoneHalf)),
            ("fhhN", 2, ErrorKind::Unsupported(Feature::LoneHalf)),
        ];
        for &(s, pos, kind) in cases {
            let err = parse(s).expect_err(s);
            assert_eq!((err.pos, err.kind), (pos, kind), "{s}");
            assert!(!err.to_string().is_empty());
        }
    }

    #[test]
    fn en_passant_and_chiral_letters_parse() {
        // `e` beside `c` or `m` adds nothing; alone it leaves no move.
        assert_eq!(parse("fmWfceF").unwrap(), parse("fmWfcF").unwrap());
        assert_eq!(parse("fmWfecF").unwrap(), parse("fmWfcF").unwrap());
        assert!(parse("feF").unwrap().moves().is_empty());
        assert_eq!(parse("fmWfeF").unwrap(), parse("fmW").unwrap());
        assert_eq!(parse("e(mWF)").unwrap(), parse("mW").unwrap());
        assert_eq!(
            parse("W-eW").unwrap_err().kind,
            ErrorKind::Unsupported(Feature::LaterLegModifier)
        );
        let up = Offset::new(0, 1);
        let sel = |s: &str| first_leg_directions(s, up);
        assert_eq!(sel("hrN"), vec![(-2, 1), (-1, -2), (1, 2), (2, -1)]);
        assert_eq!(sel("hlN"), vec![(-2, -1), (-1, 2), (1, -2), (2, 1)]);
        assert_eq!(sel("hl(3,1)").len(), 4);
        assert_eq!(parse("hl(NC)").unwrap().moves().len(), 2);
        let refused: &[(&str, usize, Feature)] = &[
            ("hlW", 2, Feature::ChiralSymmetric),
            ("hrK", 2, Feature::ChiralSymmetric),
            ("hlfN", 2, Feature::ChiralMix),
        ];
        for &(s, pos, feature) in refused {
            let err = parse(s).expect_err(s);
            assert_eq!(
                (err.pos, err.kind),
                (pos, ErrorKind::Unsupported(feature)),
                "{s}"
            );
        }
        assert_eq!(
            parse("hW").unwrap_err().kind,
            ErrorKind::Unsupported(Feature::LoneHalf)
        );
        assert!(parse("hl(WF)").is_err());
    }

    #[test]
    fn deep_and_long_inputs_are_refused() {
        let deep = "(".repeat(40) + "W" + &")".repeat(40);
        assert_eq!(parse(&deep).unwrap_err().kind, ErrorKind::TooDeep);
        let long = "W".repeat(MAX_LEN + 1);
        assert_eq!(parse(&long).unwrap_err().kind, ErrorKind::TooLong);
        let many = "WF".repeat(40);
        assert_eq!(parse(&many).unwrap_err().kind, ErrorKind::TooManyMoves);
    }

    /// The directions the first leg of `s`'s first move takes, heading
    /// `up`, sorted.
    fn first_leg_directions(s: &str, up: Offset) -> Vec<(i8, i8)> {
        let piece = parse(s).unwrap();
        let leg = piece.moves()[0].legs[0];
        let mut v: Vec<(i8, i8)> = leg
            .dirs
            .select(leg.atom, up, true)
            .iter()
            .map(|o| (o.dx, o.dy))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn direction_letters_follow_betza_html() {
        let up = Offset::new(0, 1);
        let sel = |s: &str| first_leg_directions(s, up);
        assert_eq!(sel("fN"), vec![(-1, 2), (1, 2)]);
        assert_eq!(sel("ffN"), vec![(-1, 2), (1, 2)]);
        assert_eq!(sel("fhN"), vec![(-2, 1), (-1, 2), (1, 2), (2, 1)]);
        assert_eq!(sel("fsN"), vec![(-2, 1), (2, 1)]);
        assert_eq!(sel("frN"), vec![(2, 1)]);
        assert_eq!(sel("rfN"), vec![(1, 2)]);
        assert_eq!(sel("bbN"), vec![(-1, -2), (1, -2)]);
        assert_eq!(sel("lN"), vec![(-2, -1), (-2, 1)]);
        assert_eq!(sel("fF"), vec![(-1, 1), (1, 1)]);
        assert_eq!(sel("frF"), vec![(1, 1)]);
        assert_eq!(sel("fW"), vec![(0, 1)]);
        assert_eq!(sel("sW"), vec![(-1, 0), (1, 0)]);
        assert_eq!(sel("vW"), vec![(0, -1), (0, 1)]);
        assert_eq!(sel("fsW"), vec![(-1, 0), (0, 1), (1, 0)]);
        assert_eq!(sel("sfW"), vec![(-1, 0), (0, 1), (1, 0)]);
        assert_eq!(sel("frW"), vec![(0, 1), (1, 0)]);
        assert_eq!(sel("fbW"), vec![(0, -1), (0, 1)]);
        assert_eq!(
            sel("bsK"),
            vec![(-1, 0), (0, -1), (1, 0)],
            "the W half of bsK"
        );
    }
}
