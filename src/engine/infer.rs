//! From a diagram back to Betza: the shortest string that draws exactly
//! the given marks from the given square.
//!
//! "Shortest" counts the characters of XBoard's dialect, written with the
//! modifiers in XBoard's order (`i`, directions, `m`, `c`, `e`, `p`, `g`,
//! `o`, `n`, `j`); among strings of one length the one with fewer groups
//! wins (`Q` over `RB`, `N` over `fsNbsN…`), then the one with fewer
//! modifier letters. Every string inferred is read alike by XBoard's move
//! generator, the Interactive Diagram and Fairy-Stockfish
//! ([`crate::engine::dialect`]) wherever they can read it at all: chains (the
//! Lion's `(cK-aK)`) and explicit leaps (`(4,1)`) are the pages' own
//! notation.
//!
//! How: every group that draws only marks the target has (leapers and
//! riders of the atoms that reach a marked square, with each direction
//! set that all programs spell alike, each of `m`, `c` or neither; lame
//! leapers `n`; with pieces placed, capturing Pao moves `cp` and
//! grasshoppers `g`; two-step moves) is a candidate; a branch-and-bound
//! search then picks the cheapest set of candidates whose marks together
//! are the target's, and the string is checked by drawing it.
//!
//! Chains are tried in a few shapes only: the two-step moves of the Lion
//! and its kin (`KxaK`, `cK-aK`, `cW-W`, `K-bK`, … on `K`, `W` and `F`,
//! with direction letters on `W` and `F`), the hop chains `cR+R` and
//! `cB+B`, and the bent riders `FtR` and `WtB`.
//!
//! Not inferred, because a diagram cannot tell them apart from moves that
//! draw the same: `i` (initial moves), `e` (en passant), `o` (cylinder),
//! castling and `j` jumps; strings that draw the same as one of them are
//! found instead (`mfnD` for `ifmnD`, `msD` for castling).
//!
//! ```
//! use glance::engine::infer::{infer, Target};
//! use glance::engine::betza;
//! use glance::{Colour, Diagram, Square, SquareSet};
//! let board = SquareSet::rectangle(15, 15).unwrap();
//! let h8 = Square::parse("h8").unwrap();
//! let piece = betza::parse("fRsRKfhN").unwrap();
//! let d = Diagram::compute(&piece, h8, Colour::White, &board, &SquareSet::EMPTY);
//! let found = infer(&Target::of_diagram(&d, board, Colour::White, SquareSet::EMPTY));
//! assert_eq!(found.betza.as_deref(), Some("KfsRfhN"));
//! assert!(found.unreachable.is_empty());
//! ```

use alloc::string::String;
use alloc::vec::Vec;

use crate::engine::betza::{self, Atom, Jumping, Modality, Piece};
use crate::engine::diagram::{
    BLOCK, CAP_LEAP, CAP_RIDE, Diagram, FIRST_LEG, MOVE_LEAP, MOVE_RIDE, Mark,
};
use crate::engine::dialect::{self, CANDIDATES, Class, agree, sorted_indices};
use crate::engine::geometry::{Colour, Offset, Square, SquareSet};

/// At most this many alternatives are given besides the answer.
pub const MAX_ALTERNATIVES: usize = 4;

/// The search stops after this many steps: it answers with the shortest
/// string found so far, or with none ([`Inference::complete`] is then
/// false). No string of the rules pages' tables needs a hundredth of it;
/// it bounds the time of odd paintings (about 0.1 s natively).
const MAX_NODES: usize = 20_000;

/// A diagram to infer a piece from: the board, the piece's square and
/// side, the other pieces, and the mark of every square.
#[derive(Clone)]
pub struct Target {
    pub board: SquareSet,
    pub at: Square,
    pub colour: Colour,
    /// Squares holding other pieces.
    pub occupied: SquareSet,
    /// Those of `occupied` that hold the piece's own side (see
    /// [`Diagram::among`]); the others are enemies.
    pub friends: SquareSet,
    marks: [Option<Mark>; 256],
}

impl Target {
    /// A target with no marks yet.
    pub fn new(board: SquareSet, at: Square, colour: Colour, occupied: SquareSet) -> Target {
        Target {
            board,
            at,
            colour,
            occupied,
            friends: SquareSet::EMPTY,
            marks: [None; 256],
        }
    }

    /// The marks of a computed diagram.
    pub fn of_diagram(
        d: &Diagram,
        board: SquareSet,
        colour: Colour,
        occupied: SquareSet,
    ) -> Target {
        let mut t = Target::new(board, d.origin(), colour, occupied);
        for (sq, m) in d.marks() {
            t.set(sq, Some(m));
        }
        t
    }

    /// Marks `sq` (or clears it with `None`).
    pub fn set(&mut self, sq: Square, mark: Option<Mark>) {
        self.marks[sq.index()] = mark;
    }

    pub fn mark(&self, sq: Square) -> Option<Mark> {
        self.marks[sq.index()]
    }

    /// The marked squares, rank by rank from the bottom.
    pub fn marked(&self) -> impl Iterator<Item = (Square, Mark)> + '_ {
        self.marks
            .iter()
            .enumerate()
            .filter_map(|(i, m)| m.map(|m| (Square::from_index(i as u8), m)))
    }

    /// The diagram of `piece` on this board, square, side and pieces.
    pub fn draw(&self, piece: &Piece) -> Diagram {
        Diagram::among(
            piece,
            self.at,
            self.colour,
            &self.board,
            &self.occupied,
            &self.friends,
        )
    }

    /// Whether the diagram of `piece` shows exactly these marks.
    pub fn drawn_by(&self, piece: &Piece) -> bool {
        let d = self.draw(piece);
        self.board
            .iter()
            .all(|sq| sq == self.at || d.mark(sq) == self.mark(sq))
    }
}

/// What [`infer`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inference {
    /// The shortest string, or `None` if no string draws the target.
    pub betza: Option<String>,
    /// Other strings of the same length that draw it too.
    pub alternatives: Vec<String>,
    /// Marked squares no Betza string can mark as asked (the piece's own
    /// square, squares off the board, or marks no move gives there).
    pub unreachable: Vec<Square>,
    /// Whether the search went through: if not, it stopped after
    /// `MAX_NODES` steps, and `betza` may not be the shortest (or, if
    /// `None`, some string may still draw the marks).
    pub complete: bool,
}

// What a square needs from the moves reaching it.
const ANY_MOVE: u8 = MOVE_LEAP | MOVE_RIDE;
const ANY_CAP: u8 = CAP_LEAP | CAP_RIDE;

/// Squares by file, then rank.
fn by_file(squares: &[Square]) -> Vec<Square> {
    let key = |s: Square| (s.file(), s.rank());
    sorted_indices(squares.len(), &|a, b| key(squares[a]) < key(squares[b]))
        .into_iter()
        .map(|i| squares[i])
        .collect()
}

/// The trace bits whose presence the mark needs (each an element to
/// cover).
fn needs(mark: Mark) -> &'static [u8] {
    match mark {
        Mark::Move => &[ANY_MOVE],
        Mark::Capture => &[ANY_CAP],
        Mark::Slide => &[ANY_MOVE, ANY_CAP],
        Mark::Leap => &[MOVE_LEAP, CAP_LEAP],
        Mark::FirstLeg => &[FIRST_LEG],
        Mark::Block => &[BLOCK],
    }
}

/// Whether a move leaving `t` on a square whose target mark is `mark` can
/// be part of a string drawing the target.
fn fits(t: u8, mark: Option<Mark>) -> bool {
    let mv = t & ANY_MOVE != 0;
    let cap = t & ANY_CAP != 0;
    let fl = t & FIRST_LEG != 0;
    match mark {
        None => t & (ANY_MOVE | ANY_CAP | FIRST_LEG | BLOCK) == 0,
        Some(Mark::Move) => !cap && !fl,
        Some(Mark::Capture) => !mv && !fl,
        Some(Mark::Slide) => !fl && t & (MOVE_LEAP | CAP_LEAP) != MOVE_LEAP | CAP_LEAP,
        Some(Mark::Leap) => !fl,
        Some(Mark::FirstLeg) => true,
        Some(Mark::Block) => !mv && !cap && !fl,
    }
}

/// One group a string may hold.
#[derive(Clone)]
struct Candidate {
    text: String,
    /// The nonzero traces it leaves: (square index, bits).
    traces: Vec<(u8, u8)>,
    /// Its place in the conventional order of groups.
    order: (u8, u8),
}

impl Candidate {
    fn cost(&self) -> usize {
        self.text.len()
    }

    fn modifiers(&self) -> usize {
        self.text.bytes().filter(u8::is_ascii_lowercase).count()
    }
}

/// Where an atom comes in the conventional order: `K Q R B W F A D N H C
/// Z G` (the pages' `KADN`, `FAD`, `WDN`), then explicit leaps.
fn atom_rank(text: &str) -> u8 {
    let letter = text.bytes().find(|c| c.is_ascii_uppercase() || *c == b'(');
    match letter {
        Some(b'K') => 0,
        Some(b'Q') => 1,
        Some(b'R') => 2,
        Some(b'B') => 3,
        Some(b'W') => 4,
        Some(b'F') => 5,
        Some(b'A') => 6,
        Some(b'D') => 7,
        Some(b'N') => 8,
        Some(b'H') => 9,
        Some(b'C') => 10,
        Some(b'Z') => 11,
        Some(b'G') => 12,
        _ => 13,
    }
}

/// Groups without modifiers first, then with directions only, then `m`,
/// then `c`, then the others; chains last.
fn group_rank(text: &str, chain: bool) -> u8 {
    if chain {
        return 5;
    }
    let lower: Vec<u8> = text.bytes().take_while(u8::is_ascii_lowercase).collect();
    if lower.is_empty() {
        0
    } else if lower.iter().any(|c| matches!(c, b'n' | b'p' | b'g')) {
        4
    } else if lower.contains(&b'c') {
        3
    } else if lower.contains(&b'm') {
        2
    } else {
        1
    }
}

fn gcd(a: u8, b: u8) -> u8 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The direction sets each class of atom can spell alike in all programs:
/// (slots, letters), shortest letters first.
struct Spellings {
    by_class: [Vec<(u8, &'static str)>; 3],
}

impl Spellings {
    fn new() -> Spellings {
        let mut by_class: [Vec<(u8, &'static str)>; 3] = [Vec::new(), Vec::new(), Vec::new()];
        for (k, (long, short)) in [(1u8, 0u8), (1, 1), (2, 1)].into_iter().enumerate() {
            for &d in CANDIDATES {
                if let Some(mask) = agree(d, long, short) {
                    if mask != 0 && !by_class[k].iter().any(|&(m, _)| m == mask) {
                        by_class[k].push((mask, d));
                    }
                }
            }
        }
        Spellings { by_class }
    }

    fn of(&self, class: Class) -> &[(u8, &'static str)] {
        match class {
            Class::Orthogonal => &self.by_class[0],
            Class::Diagonal => &self.by_class[1],
            Class::Oblique => &self.by_class[2],
        }
    }
}

/// The search's view of a target.
struct Problem<'a> {
    target: &'a Target,
    /// Direction in White's frame: +1 for White, -1 for Black.
    forward: i8,
    spellings: Spellings,
    candidates: Vec<Candidate>,
}

/// Per-slot facts about one (kind, atom, modality).
struct Rays {
    /// Slots whose single leap (range 1) fits.
    leap: u8,
    /// Per slot: the longest range that fits (0: unlimited), if 2 or more.
    ride: [Option<u8>; 8],
}

impl Problem<'_> {
    fn compute(&self, piece: &Piece) -> Diagram {
        self.target.draw(piece)
    }

    fn fits(&self, d: &Diagram) -> bool {
        let t = self.target;
        t.board.iter().all(|sq| fits(d.trace(sq), t.mark(sq)))
    }

    fn push(&mut self, text: String, d: &Diagram, chain: bool) {
        let traces: Vec<(u8, u8)> = self
            .target
            .board
            .iter()
            .filter_map(|sq| {
                let t = d.trace(sq);
                (t != 0).then_some((sq.index() as u8, t))
            })
            .collect();
        if traces.is_empty() {
            return;
        }
        let order = (group_rank(&text, chain), atom_rank(&text));
        self.candidates.push(Candidate {
            text,
            traces,
            order,
        });
    }

    /// The atoms that could reach a marked square: each square's offset
    /// from the piece divided by each common divisor of its coordinates.
    fn atoms(&self) -> Vec<Atom> {
        let t = self.target;
        let mut out: Vec<Atom> = Vec::new();
        for (sq, _) in t.marked() {
            let dx = (sq.file() as i8 - t.at.file() as i8) * self.forward;
            let dy = (sq.rank() as i8 - t.at.rank() as i8) * self.forward;
            let (x, y) = (dx.unsigned_abs(), dy.unsigned_abs());
            let g = gcd(x, y);
            for k in 1..=g {
                if g % k == 0 {
                    let atom = Atom::new(x / k, y / k);
                    if atom.long > 0 && atom.long < 16 && !out.contains(&atom) {
                        out.push(atom);
                    }
                }
            }
        }
        out
    }

    /// For one kind of move on one atom: which single directions fit as a
    /// leap, and how far each may ride.
    fn rays(&self, atom: Atom, modality: Modality, jumping: Jumping) -> Rays {
        let mut rays = Rays {
            leap: 0,
            ride: [None; 8],
        };
        for (i, _) in atom.vectors().enumerate() {
            let bit = 1u8 << i;
            // A direction that draws nothing (off the board) fits too: a
            // set may hold it, so that `N` in a corner is still `N`.
            if jumping == Jumping::Normal || jumping == Jumping::Lame {
                let d = self.compute(&Piece::one_move(atom, "", bit, 1, modality, jumping));
                if self.fits(&d) {
                    rays.leap |= bit;
                }
            }
            if jumping == Jumping::Lame {
                continue;
            }
            // Riding: the longest range that fits, unlimited if the whole
            // ray does.
            let unlimited = self.compute(&Piece::one_move(atom, "", bit, 0, modality, jumping));
            if self.fits(&unlimited) {
                rays.ride[i] = Some(0);
                continue;
            }
            let mut best = None;
            for r in 2..16u8 {
                let d = self.compute(&Piece::one_move(atom, "", bit, r, modality, jumping));
                if !self.fits(&d) {
                    break;
                }
                best = Some(r);
            }
            rays.ride[i] = best;
        }
        rays
    }

    /// The direction sets of `atom` that all programs spell alike, as
    /// (mask over [`Atom::vectors`], letters).
    fn direction_sets(&self, atom: Atom) -> Vec<(u8, &'static str)> {
        let Some(class) = Class::of(atom.long, atom.short) else {
            return Vec::new();
        };
        let vectors: Vec<Offset> = atom.vectors().collect();
        let mut out = Vec::new();
        for &(slots, letters) in self.spellings.of(class) {
            let mut mask = 0u8;
            for k in 0..8u8 {
                if slots & 1 << k != 0 {
                    let v = dialect::slot_vector(atom.long as i8, atom.short as i8, k);
                    if let Some(i) = vectors.iter().position(|&w| w == v) {
                        mask |= 1 << i;
                    }
                }
            }
            out.push((mask, letters));
        }
        out
    }

    /// Every candidate group: one-atom leapers and riders, `K` and `Q`,
    /// and the few chains tried.
    fn generate(&mut self) {
        let mut halves: Vec<Half> = Vec::new();
        for atom in self.atoms() {
            self.atom_groups(atom, &mut halves);
        }
        self.kings_and_queens(&halves);
        self.chains();
    }

    /// The groups of one atom: for each kind of move (normal, lame, Pao,
    /// grasshopper) and each modality, its leaps and rides along each
    /// direction set all programs spell alike. The `W` and `F` ones with
    /// all directions go to `halves`, to build `K` and `Q` from.
    fn atom_groups(&mut self, atom: Atom, halves: &mut Vec<Half>) {
        let modalities = [Modality::Any, Modality::MoveOnly, Modality::CaptureOnly];
        let sets = self.direction_sets(atom);
        let mut kinds = alloc::vec![(Jumping::Normal, modalities.as_slice())];
        if !atom.is_step() {
            kinds.push((Jumping::Lame, modalities.as_slice()));
        }
        if !self.target.occupied.is_empty() {
            kinds.push((Jumping::Pao, &[Modality::CaptureOnly][..]));
            kinds.push((Jumping::Grasshopper, modalities.as_slice()));
        }
        for (jumping, mods) in kinds {
            // What fits with neither m nor c: its m and c versions are
            // skipped.
            let mut any_fits: Option<Rays> = None;
            for &modality in mods {
                let rays = self.rays(atom, modality, jumping);
                let kind = Kind {
                    atom,
                    modality,
                    jumping,
                };
                for &(mask, letters) in &sets {
                    let skip = any_fits.as_ref();
                    self.leap_group(kind, mask, letters, &rays, skip, halves);
                    self.ride_group(kind, mask, letters, &rays, skip, halves);
                }
                if modality == Modality::Any {
                    any_fits = Some(rays);
                }
            }
        }
    }

    /// The leap of `kind` along the directions `mask` (spelled `letters`),
    /// if every one of them fits and `skip` does not already have them.
    fn leap_group(
        &mut self,
        kind: Kind,
        mask: u8,
        letters: &str,
        rays: &Rays,
        skip: Option<&Rays>,
        halves: &mut Vec<Half>,
    ) {
        let Kind {
            atom,
            modality,
            jumping,
        } = kind;
        let skip = skip.map_or(0, |r| r.leap);
        if !matches!(jumping, Jumping::Normal | Jumping::Lame)
            || rays.leap & mask != mask
            || skip & mask == mask
        {
            return;
        }
        let piece = Piece::one_move(atom, letters, mask, 1, modality, jumping);
        let d = self.compute(&piece);
        if mask == all_directions(atom) && jumping == Jumping::Normal && atom.is_step() {
            halves.push((modality, false, jumping, piece.clone(), d.clone()));
        }
        self.push(spelled(&piece), &d, false);
    }

    /// The ride of `kind` along the directions `mask`, as far as every one
    /// of them may go, unless `skip` already rides as far.
    fn ride_group(
        &mut self,
        kind: Kind,
        mask: u8,
        letters: &str,
        rays: &Rays,
        skip: Option<&Rays>,
        halves: &mut Vec<Half>,
    ) {
        let Kind {
            atom,
            modality,
            jumping,
        } = kind;
        if jumping == Jumping::Lame {
            return;
        }
        let mut range: Option<u8> = Some(0);
        for i in 0..8 {
            if mask & 1 << i == 0 {
                continue;
            }
            range = match (range, rays.ride[i]) {
                (_, None) | (None, _) => None,
                (Some(0), Some(r)) => Some(r),
                (Some(a), Some(0)) => Some(a),
                (Some(a), Some(b)) => Some(a.min(b)),
            };
        }
        let Some(range) = range else {
            return;
        };
        if let Some(skip) = skip {
            let covered = (0..8).all(|i| {
                mask & 1 << i == 0
                    || skip.ride[i].is_some_and(|r| r == 0 || (range != 0 && r >= range))
            });
            if covered {
                return;
            }
        }
        let piece = Piece::one_move(atom, letters, mask, range, modality, jumping);
        let d = self.compute(&piece);
        if mask == all_directions(atom) && range == 0 && atom.is_step() {
            halves.push((modality, true, jumping, piece.clone(), d.clone()));
        }
        self.push(spelled(&piece), &d, false);
    }

    /// `K` and `Q` (and `gQ`, `cpQ`): a `W` and an `F` half with all
    /// directions, alike in all else.
    fn kings_and_queens(&mut self, halves: &[Half]) {
        let (w, f) = (Atom::new(1, 0), Atom::new(1, 1));
        for modality in [Modality::Any, Modality::MoveOnly, Modality::CaptureOnly] {
            for (rides, jumping) in [
                (false, Jumping::Normal),
                (true, Jumping::Normal),
                (true, Jumping::Pao),
                (true, Jumping::Grasshopper),
            ] {
                let find = |atom: Atom| {
                    halves.iter().find(|(m, r, j, p, _)| {
                        *m == modality
                            && *r == rides
                            && *j == jumping
                            && p.moves()
                                .first()
                                .and_then(|mv| mv.legs.first())
                                .map(|l| l.atom)
                                == Some(atom)
                    })
                };
                if let (Some(a), Some(b)) = (find(w), find(f)) {
                    let piece = a.3.clone().join(b.3.clone());
                    let mut d = a.4.clone();
                    d.merge(&b.4);
                    self.push(spelled(&piece), &d, false);
                }
            }
        }
    }

    /// Chains: two-step moves (capture with the first step and go on, or
    /// step and turn), written without brackets where none are needed;
    /// hop chains (the Cannon as Betza.html writes it); the bent riders.
    fn chains(&mut self) {
        let mut chains: Vec<String> = Vec::new();
        for x in ["K", "W", "F"] {
            let prefixes: &[&str] = if x == "K" {
                &[""]
            } else {
                &["", "f", "b", "s", "v", "fs", "bs", "l", "r"]
            };
            for p in prefixes {
                for shape in ["XxaX", "cX-aX", "XxX", "cX-X", "X-aX", "X-bX", "X-X"] {
                    let mut s = String::from(*p);
                    s.push_str(&shape.replace('X', x));
                    chains.push(s);
                }
            }
        }
        for fixed in ["cR+R", "cB+B", "R+R", "B+B", "mR+R", "mB+B", "FtR", "WtB"] {
            chains.push(String::from(fixed));
        }
        for text in chains {
            if let Ok(piece) = betza::parse(&text) {
                let d = self.compute(&piece);
                if self.fits(&d) {
                    self.push(text, &d, true);
                }
            }
        }
    }
}

/// A `W` or `F` group with all directions, to build `K` and `Q` from:
/// (modality, rides, jumping, the group, its diagram).
type Half = (Modality, bool, Jumping, Piece, Diagram);

/// One kind of single-atom move that inference tries.
#[derive(Copy, Clone)]
struct Kind {
    atom: Atom,
    modality: Modality,
    jumping: Jumping,
}

/// The Betza string of `piece` (its `Display`, without `core::fmt`).
fn spelled(piece: &Piece) -> String {
    let mut s = String::new();
    piece.write_to(&mut s);
    s
}

/// The mask of all of `atom`'s directions (over [`Atom::vectors`]).
fn all_directions(atom: Atom) -> u8 {
    atom.vectors().enumerate().fold(0u8, |m, (i, _)| m | 1 << i)
}

/// The shortest Betza string that draws exactly `target`, with a few
/// alternatives of the same length, or the squares no string can mark as
/// asked.
pub fn infer(target: &Target) -> Inference {
    let mut unreachable: Vec<Square> = target
        .marked()
        .filter(|&(sq, _)| sq == target.at || !target.board.contains(sq))
        .map(|(sq, _)| sq)
        .collect();
    if !unreachable.is_empty() {
        return Inference {
            betza: None,
            alternatives: Vec::new(),
            unreachable,
            complete: true,
        };
    }
    if target.marked().next().is_none() {
        return Inference {
            betza: None,
            alternatives: Vec::new(),
            unreachable,
            complete: true,
        };
    }
    let mut problem = Problem {
        target,
        forward: target.colour.forward(),
        spellings: Spellings::new(),
        candidates: Vec::new(),
    };
    problem.generate();
    let cands = cheapest_first(problem.candidates);

    // The elements: (square, bits needed).
    let mut elements: Vec<(u8, u8)> = Vec::new();
    for (sq, mark) in target.marked() {
        for &bits in needs(mark) {
            elements.push((sq.index() as u8, bits));
        }
    }
    let slide: Vec<bool> = (0..=255u8)
        .map(|i| target.marks[i as usize] == Some(Mark::Slide))
        .collect();
    let covers = |c: &Candidate, (sq, bits): (u8, u8)| {
        c.traces.iter().any(|&(s, t)| s == sq && t & bits != 0)
    };

    // Drop candidates another one beats: as cheap, covering at least as
    // much, with no more leap marks on yellow squares.
    let words = elements.len().div_ceil(64);
    let element_sets: Vec<Vec<u64>> = cands
        .iter()
        .map(|c| {
            let mut set = alloc::vec![0u64; words];
            for (e, &el) in elements.iter().enumerate() {
                if covers(c, el) {
                    set[e / 64] |= 1 << (e % 64);
                }
            }
            set
        })
        .collect();
    let leaps_on_slides = |c: &Candidate| -> Vec<(u8, u8)> {
        c.traces
            .iter()
            .filter(|&&(s, t)| slide[s as usize] && t & (MOVE_LEAP | CAP_LEAP) != 0)
            .map(|&(s, t)| (s, t & (MOVE_LEAP | CAP_LEAP)))
            .collect()
    };
    let conflicts: Vec<Vec<(u8, u8)>> = cands.iter().map(leaps_on_slides).collect();
    let kept = unbeaten(&cands, &element_sets, &conflicts);

    // Elements no candidate covers.
    for (e, &(sq, _)) in elements.iter().enumerate() {
        if !kept
            .iter()
            .any(|&c| element_sets[c][e / 64] & 1 << (e % 64) != 0)
        {
            let sq = Square::from_index(sq);
            if !unreachable.contains(&sq) {
                unreachable.push(sq);
            }
        }
    }
    if !unreachable.is_empty() {
        unreachable = by_file(&unreachable);
        return Inference {
            betza: None,
            alternatives: Vec::new(),
            unreachable,
            complete: true,
        };
    }

    let search = |active: &dyn Fn(usize) -> bool| {
        Search {
            cands: &cands,
            kept: &kept,
            element_sets: &element_sets,
            conflicts: &conflicts,
            elements: elements.len(),
            words,
            best_cost: usize::MAX,
            solutions: Vec::new(),
            nodes: 0,
        }
        .run(active)
    };
    let (solutions, complete) = search(&|_| true);
    if solutions.is_empty() {
        // Each square may be reachable while no string marks them all
        // (leaps that would turn a yellow square orange): name the squares
        // that cannot be marked even alone.
        for (sq, _) in target.marked() {
            let i = sq.index() as u8;
            let (alone, went_through) = search(&|e| elements[e].0 == i);
            if alone.is_empty() && went_through {
                unreachable.push(sq);
            }
        }
        unreachable = by_file(&unreachable);
    }

    let found = spelled_solutions(target, &cands, solutions);
    let mut strings = sorted_indices(found.len(), &|a, b| found[a] < found[b])
        .into_iter()
        .map(|i| found[i].4.clone());
    let betza = strings.next();
    Inference {
        alternatives: strings.take(MAX_ALTERNATIVES).collect(),
        betza,
        unreachable,
        complete,
    }
}

/// The candidates cheapest first (then by fewer modifiers, by the
/// conventional order, by text), each text once.
fn cheapest_first(raw: Vec<Candidate>) -> Vec<Candidate> {
    let key = |c: &Candidate| (c.cost(), c.modifiers(), c.order);
    let order = sorted_indices(raw.len(), &|a, b| {
        let (x, y) = (&raw[a], &raw[b]);
        (key(x), &x.text) < (key(y), &y.text)
    });
    let mut cands: Vec<Candidate> = Vec::with_capacity(raw.len());
    for i in order {
        if cands.last().is_none_or(|c| c.text != raw[i].text) {
            cands.push(raw[i].clone());
        }
    }
    cands
}

/// The candidates no other one beats: as cheap, covering at least as
/// much, with no more leap marks on yellow squares. Of equal ones a few
/// are kept, for alternatives.
fn unbeaten(
    cands: &[Candidate],
    element_sets: &[Vec<u64>],
    conflicts: &[Vec<(u8, u8)>],
) -> Vec<usize> {
    let subset = |a: &[u64], b: &[u64]| a.iter().zip(b).all(|(x, y)| x & !y == 0);
    let conflict_subset = |a: &[(u8, u8)], b: &[(u8, u8)]| {
        a.iter()
            .all(|&(s, t)| b.iter().any(|&(s2, t2)| s2 == s && t & !t2 == 0))
    };
    let mut keep = alloc::vec![true; cands.len()];
    let mut same_count = alloc::vec![0usize; cands.len()];
    for x in 0..cands.len() {
        if element_sets[x].iter().all(|&w| w == 0) {
            keep[x] = false;
            continue;
        }
        for y in 0..cands.len() {
            if x == y || !keep[y] || cands[y].cost() > cands[x].cost() {
                continue;
            }
            // One as cheap covering more is kept too: `BW` and `KB` are as
            // short, and the pages write the first.
            if subset(&element_sets[x], &element_sets[y])
                && conflict_subset(&conflicts[y], &conflicts[x])
            {
                let equal = cands[y].cost() == cands[x].cost();
                if !equal {
                    keep[x] = false;
                    break;
                }
                // Equal ones: keep a few, for alternatives.
                if y < x {
                    same_count[y] += 1;
                    if same_count[y] > 2 {
                        keep[x] = false;
                        break;
                    }
                }
            }
        }
    }
    (0..cands.len()).filter(|&i| keep[i]).collect()
}

/// Each solution spelled in the conventional order and checked by
/// drawing it: (length, groups, overlap, modifiers, text).
fn spelled_solutions(
    target: &Target,
    cands: &[Candidate],
    solutions: Vec<Vec<usize>>,
) -> Vec<(usize, usize, usize, usize, String)> {
    // Spell each solution in the conventional order and check it. Among
    // strings of one length: fewer groups, then fewer squares drawn by two
    // groups (`BW` rather than `KB`), then fewer modifier letters.
    let mut found: Vec<(usize, usize, usize, usize, String)> = Vec::new();
    for set in solutions {
        let parts: Vec<&Candidate> = {
            let c = |k: usize| &cands[set[k]];
            sorted_indices(set.len(), &|a, b| {
                (c(a).order, &c(a).text) < (c(b).order, &c(b).text)
            })
            .into_iter()
            .map(c)
            .collect()
        };
        let text: String = parts.iter().map(|c| c.text.as_str()).collect();
        if found.iter().any(|f| f.4 == text) {
            continue;
        }
        let Ok(piece) = betza::parse(&text) else {
            continue;
        };
        if !target.drawn_by(&piece) || !dialect::readings(&text).is_empty() {
            continue;
        }
        let mods = parts.iter().map(|c| c.modifiers()).sum();
        let mut drawn = [0u8; 256];
        for c in &parts {
            for &(sq, _) in &c.traces {
                drawn[sq as usize] = drawn[sq as usize].saturating_add(1);
            }
        }
        let overlap = drawn.iter().map(|&n| n.saturating_sub(1) as usize).sum();
        found.push((text.len(), parts.len(), overlap, mods, text));
    }
    found
}

/// Branch and bound over sets of candidates.
struct Search<'a> {
    cands: &'a [Candidate],
    kept: &'a [usize],
    element_sets: &'a [Vec<u64>],
    conflicts: &'a [Vec<(u8, u8)>],
    elements: usize,
    words: usize,
    best_cost: usize,
    solutions: Vec<Vec<usize>>,
    nodes: usize,
}

impl Search<'_> {
    /// The cheapest covers of the elements for which `active` holds, and
    /// whether the search went through.
    fn run(mut self, active: &dyn Fn(usize) -> bool) -> (Vec<Vec<usize>>, bool) {
        // Per element, the kept candidates covering it, cheapest first.
        let mut by_element: Vec<Vec<usize>> = alloc::vec![Vec::new(); self.elements];
        for &c in self.kept {
            for (e, list) in by_element.iter_mut().enumerate() {
                if self.element_sets[c][e / 64] & 1 << (e % 64) != 0 {
                    list.push(c);
                }
            }
        }
        let mut covered = alloc::vec![0u64; self.words];
        for e in (0..self.elements).filter(|&e| !active(e)) {
            covered[e / 64] |= 1 << (e % 64);
        }
        let mut chosen = Vec::new();
        let mut leaps = [0u8; 256];
        self.dfs(&by_element, &covered, &mut chosen, 0, &mut leaps);
        let complete = self.nodes <= MAX_NODES;
        (self.solutions, complete)
    }

    fn dfs(
        &mut self,
        by_element: &[Vec<usize>],
        covered: &[u64],
        chosen: &mut Vec<usize>,
        cost: usize,
        leaps: &mut [u8; 256],
    ) {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return;
        }
        // Leap marks of move and capture on one yellow square would make
        // it orange: such a candidate cannot join the chosen ones.
        let clashes = |c: usize| {
            self.conflicts[c]
                .iter()
                .any(|&(s, t)| (leaps[s as usize] | t) == MOVE_LEAP | CAP_LEAP)
        };
        // The uncovered element with the fewest candidates left; none left
        // for one of them ends this branch.
        let mut pick: Option<(usize, usize)> = None;
        let uncovered: Vec<usize> = (0..self.elements)
            .filter(|&e| covered[e / 64] & 1 << (e % 64) == 0)
            .collect();
        for &e in &uncovered {
            let left = by_element[e].iter().filter(|&&c| !clashes(c)).count();
            if left == 0 {
                return;
            }
            if pick.is_none_or(|(_, n)| left < n) {
                pick = Some((e, left));
            }
        }
        let pick = pick.map(|(e, _)| e);
        let Some(e) = pick else {
            // A cover.
            if cost < self.best_cost {
                self.best_cost = cost;
                self.solutions.clear();
            }
            if cost == self.best_cost && self.solutions.len() < 4 * (MAX_ALTERNATIVES + 1) {
                let set: Vec<usize> = sorted_indices(chosen.len(), &|a, b| chosen[a] < chosen[b])
                    .into_iter()
                    .map(|i| chosen[i])
                    .collect();
                if !self.solutions.contains(&set) {
                    self.solutions.push(set);
                }
            }
            return;
        };
        // A lower bound: elements no two of which one candidate covers
        // each need their own.
        let mut used = alloc::vec![0u64; self.cands.len().div_ceil(64)];
        let mut bound = 0;
        let order = sorted_indices(uncovered.len(), &|a, b| {
            by_element[uncovered[a]].len() < by_element[uncovered[b]].len()
        });
        for u in order.into_iter().map(|k| uncovered[k]) {
            let list = &by_element[u];
            if list.iter().all(|&c| used[c / 64] & 1 << (c % 64) == 0) {
                bound += list
                    .iter()
                    .map(|&c| self.cands[c].cost())
                    .min()
                    .unwrap_or(0);
                for &c in list {
                    used[c / 64] |= 1 << (c % 64);
                }
            }
        }
        let enough = self.solutions.len() >= 4 * (MAX_ALTERNATIVES + 1);
        if cost + bound > self.best_cost || (enough && cost + bound >= self.best_cost) {
            return;
        }
        for &c in &by_element[e] {
            let next_cost = cost + self.cands[c].cost();
            if next_cost > self.best_cost {
                continue;
            }
            if self.conflicts[c]
                .iter()
                .any(|&(s, t)| (leaps[s as usize] | t) == MOVE_LEAP | CAP_LEAP)
            {
                continue;
            }
            let saved: Vec<(u8, u8)> = self.conflicts[c]
                .iter()
                .map(|&(s, _)| (s, leaps[s as usize]))
                .collect();
            for &(s, t) in &self.conflicts[c] {
                leaps[s as usize] |= t;
            }
            let next: Vec<u64> = covered
                .iter()
                .zip(&self.element_sets[c])
                .map(|(a, b)| a | b)
                .collect();
            chosen.push(c);
            self.dfs(by_element, &next, chosen, next_cost, leaps);
            chosen.pop();
            for (s, t) in saved {
                leaps[s as usize] = t;
            }
            if self.nodes > MAX_NODES {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(s: &str, size: u8, at: &str, occupied: &[&str]) -> Inference {
        let piece = betza::parse(s).unwrap();
        let board = SquareSet::rectangle(size, size).unwrap();
        let at = Square::parse(at).unwrap();
        let occ: SquareSet = occupied.iter().map(|s| Square::parse(s).unwrap()).collect();
        let d = Diagram::compute(&piece, at, Colour::White, &board, &occ);
        let t = Target::of_diagram(&d, board, Colour::White, occ);
        let found = infer(&t);
        let got = found
            .betza
            .clone()
            .unwrap_or_else(|| panic!("{s}: {found:?}"));
        assert!(t.drawn_by(&betza::parse(&got).unwrap()), "{s} -> {got}");
        for alt in &found.alternatives {
            assert!(t.drawn_by(&betza::parse(alt).unwrap()), "{s} -> {alt}");
            assert_eq!(alt.len(), got.len());
        }
        found
    }

    #[test]
    fn classic_pieces_come_back_as_written() {
        for s in [
            "N", "K", "Q", "R", "B", "W", "F", "BN", "RN", "QN", "KN", "FA", "WD",
        ] {
            assert_eq!(
                round_trip(s, 15, "h8", &[]).betza.as_deref(),
                Some(s),
                "{s}"
            );
        }
        assert_eq!(round_trip("RB", 15, "h8", &[]).betza.as_deref(), Some("Q"));
        assert_eq!(round_trip("WF", 15, "h8", &[]).betza.as_deref(), Some("K"));
    }

    #[test]
    fn directions_and_modalities() {
        assert_eq!(
            round_trip("mfWcfF", 15, "h8", &[]).betza.as_deref(),
            Some("fmWfcF")
        );
        assert_eq!(
            round_trip("FAmsW", 15, "h8", &[]).betza.as_deref(),
            Some("FAsmW")
        );
        assert_eq!(round_trip("fN", 15, "h8", &[]).betza.as_deref(), Some("fN"));
        assert_eq!(round_trip("R4", 15, "h8", &[]).betza.as_deref(), Some("R4"));
    }

    #[test]
    fn what_others_read_differently_comes_back_alike() {
        let bk = round_trip("bKfsR", 10, "e5", &[]).betza.unwrap();
        assert!(dialect::readings(&bk).is_empty(), "{bk}");
        let unicorn = round_trip("fhNbsK", 10, "e5", &[]).betza.unwrap();
        assert!(dialect::readings(&unicorn).is_empty(), "{unicorn}");
        assert_eq!(
            round_trip("pR", 9, "b3", &["b5", "b8", "e3", "g3"])
                .betza
                .as_deref(),
            Some("mRcpR")
        );
    }

    #[test]
    fn lame_leapers_and_lions() {
        assert_eq!(round_trip("nN", 9, "e5", &[]).betza.as_deref(), Some("nN"));
        assert_eq!(
            round_trip("n[WF]", 9, "e5", &[]).betza.as_deref(),
            Some("nN")
        );
        let lion = round_trip("KADN(cK-aK)(K-bK)", 15, "h8", &[])
            .betza
            .unwrap();
        assert!(lion.len() < "KADN(cK-aK)(K-bK)".len(), "{lion}");
    }

    #[test]
    fn what_no_string_draws_is_named() {
        let board = SquareSet::rectangle(8, 8).unwrap();
        let sq = |s: &str| Square::parse(s).unwrap();
        let mut t = Target::new(board, sq("e4"), Colour::White, SquareSet::EMPTY);
        // A Knight's square shown yellow (a ride that would go on to g8,
        // or a lame leap that would show where it is blocked), and a
        // first step that goes nowhere.
        t.set(sq("f6"), Some(Mark::Slide));
        let found = infer(&t);
        assert_eq!(found.betza, None);
        assert_eq!(found.unreachable, [sq("f6")]);
        let mut t = Target::new(board, sq("e4"), Colour::White, SquareSet::EMPTY);
        t.set(sq("e5"), Some(Mark::FirstLeg));
        assert_eq!(infer(&t).unreachable, [sq("e5")]);
        // With e5 cyan, the lame leap's blocking square may be there.
        t.set(sq("f6"), Some(Mark::Slide));
        assert_eq!(infer(&t).unreachable, [sq("e5")], "{:?}", infer(&t));
        // The piece's own square.
        let mut t = Target::new(board, sq("e4"), Colour::White, SquareSet::EMPTY);
        t.set(sq("e4"), Some(Mark::Move));
        assert_eq!(infer(&t).unreachable, [sq("e4")]);
    }
}
