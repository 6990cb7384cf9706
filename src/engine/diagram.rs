//! Move diagrams: where a piece standing on one square can go, and with
//! which mark each square is shown.
//!
//! # Which mark a square gets
//!
//! Every move that reaches a square leaves a trace there; the mark is then
//! chosen by these rules, in order (the legacy boards are the reference):
//!
//! 1. **first-leg** (cyan) if a two-step move can capture there with its
//!    first step and go on (the Lion's king steps), whatever else reaches it;
//! 2. if moves reach it both as a non-capture and as a capture: **leap**
//!    (orange) when an unblockable leap does both, otherwise **slide**
//!    (yellow). Steps to an adjacent square count as slides;
//! 3. **move** (green) if it can only be reached without capturing,
//!    **capture** (red) if only by capturing;
//! 4. **block** (open circle) if it is no destination but a lame move can be
//!    blocked there.
//!
//! The piece's own square never gets a mark.
//!
//! ```
//! use glance::engine::betza;
//! use glance::{Colour, Diagram, Mark, Square, SquareSet};
//! let lieutenant = betza::parse("FAmsW").unwrap();
//! let board = SquareSet::rectangle(8, 8).unwrap();
//! let e5 = Square::parse("e5").unwrap();
//! let d = Diagram::compute(&lieutenant, e5, Colour::White, &board, &SquareSet::EMPTY);
//! let at = |s| d.mark(Square::parse(s).unwrap());
//! assert_eq!(at("c3"), Some(Mark::Leap));
//! assert_eq!(at("d4"), Some(Mark::Slide));
//! assert_eq!(at("d5"), Some(Mark::Move));
//! assert_eq!(at("e6"), None);
//! ```

use alloc::string::ToString;

use crate::engine::betza::{Jumping, Leg, Link, MAX_LEGS, Modality, Move, Piece};
use crate::engine::geometry::{Colour, Offset, Square, SquareSet};

/// What a square of a diagram shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    /// Yellow: a slide or step, capture or not, blockable along the way.
    Slide,
    /// Orange: an unblockable leap, capture or not.
    Leap,
    /// Green: non-capture only.
    Move,
    /// Red: capture only.
    Capture,
    /// Cyan: a two-step piece can capture here with its first step and go on.
    FirstLeg,
    /// Open circle: a lame move can be blocked here; not a destination.
    Block,
}

impl Mark {
    pub const ALL: [Mark; 6] = [
        Mark::Slide,
        Mark::Leap,
        Mark::Move,
        Mark::Capture,
        Mark::FirstLeg,
        Mark::Block,
    ];

    /// The name used in JSON and on the command line: `slide`, `leap`,
    /// `move`, `capture`, `first-leg`, `block`.
    pub const fn name(self) -> &'static str {
        match self {
            Mark::Slide => "slide",
            Mark::Leap => "leap",
            Mark::Move => "move",
            Mark::Capture => "capture",
            Mark::FirstLeg => "first-leg",
            Mark::Block => "block",
        }
    }

    /// The mark named `text`: its JSON name ([`Mark::name`]: `slide`,
    /// `leap`, `move`, `capture`, `first-leg`, `block`) or its legend
    /// colour ([`Mark::image`]: `yellow`, `orange`, `green`, `red`, `cyan`,
    /// `open`).
    ///
    /// ```
    /// use glance::Mark;
    /// assert_eq!(Mark::parse("orange"), Some(Mark::Leap));
    /// assert_eq!(Mark::parse("first-leg"), Some(Mark::FirstLeg));
    /// assert_eq!(Mark::parse("blue"), None);
    /// ```
    pub fn parse(text: &str) -> Option<Mark> {
        Mark::ALL
            .into_iter()
            .find(|m| m.name() == text || m.image() == text)
    }

    /// The image the rules pages use for the mark (in their `sym/` folder,
    /// with `.png`).
    pub const fn image(self) -> &'static str {
        match self {
            Mark::Slide => "yellow",
            Mark::Leap => "orange",
            Mark::Move => "green",
            Mark::Capture => "red",
            Mark::FirstLeg => "cyan",
            Mark::Block => "open",
        }
    }

    /// One character for text diagrams.
    pub const fn symbol(self) -> char {
        match self {
            Mark::Slide => '*',
            Mark::Leap => 'o',
            Mark::Move => 'm',
            Mark::Capture => 'x',
            Mark::FirstLeg => 'c',
            Mark::Block => '-',
        }
    }

    /// A short description for legends and screen readers.
    pub const fn meaning(self) -> &'static str {
        match self {
            Mark::Slide => "slide or step, capture or not, can be blocked",
            Mark::Leap => "unblockable leap, capture or not",
            Mark::Move => "non-capture only",
            Mark::Capture => "capture only",
            Mark::FirstLeg => "can capture here with the first of two steps and go on",
            Mark::Block => "a lame move can be blocked here; not a destination",
        }
    }
}

// What the moves reaching a square left there.
pub(crate) const MOVE_LEAP: u8 = 1;
pub(crate) const MOVE_RIDE: u8 = 2;
pub(crate) const CAP_LEAP: u8 = 4;
pub(crate) const CAP_RIDE: u8 = 8;
pub(crate) const FIRST_LEG: u8 = 16;
pub(crate) const BLOCK: u8 = 32;

/// Longest ride of an unlimited slider: enough to cross a 16×16 board or to
/// go round a cylinder once in any direction.
const MAX_RIDE: u8 = 64;

/// The diagram of one piece on one square.
#[derive(Clone, PartialEq, Eq)]
pub struct Diagram {
    traces: [u8; 256],
    origin: Square,
}

impl core::fmt::Debug for Diagram {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_map()
            .entries(self.marks().map(|(s, m)| (s.to_string(), m)))
            .finish()
    }
}

struct Walk<'a> {
    board: &'a SquareSet,
    occupied: &'a SquareSet,
    /// The occupied squares that hold the piece's own side: they block
    /// and screen like the others, but are never captured.
    friends: &'a SquareSet,
    forward: i8,
    origin: Square,
    files: (u8, u8),
    traces: [u8; 256],
}

/// For the chain being traced: the states (leg, square, heading) already
/// expanded. Tracing only adds marks, so a state seen once adds nothing the
/// second time; without this, chains of riders (and any chain on a
/// cylinder) branch exponentially. Every move has one (1 KB zeroed per
/// move: one code path, no check whether the move needs it).
type Seen = [u64; SEEN_WORDS];

/// Bits for (leg, square, heading index): 4 × 256 × 8.
const SEEN_WORDS: usize = MAX_LEGS * 256 * 8 / 64;

impl Diagram {
    /// The diagram of `piece`, of colour `colour`, standing on `at`, on a
    /// board whose playable squares are `board` and where the squares in
    /// `occupied` hold other pieces (all taken as enemies). Most diagrams
    /// use an empty board: `SquareSet::EMPTY`.
    pub fn compute(
        piece: &Piece,
        at: Square,
        colour: Colour,
        board: &SquareSet,
        occupied: &SquareSet,
    ) -> Diagram {
        Diagram::among(piece, at, colour, board, occupied, &SquareSet::EMPTY)
    }

    /// As [`Diagram::compute`], where the pieces on `friends` (a part of
    /// `occupied`; others there are ignored) are the piece's own side: they
    /// block slides, stop lame leaps and serve as screens, but are never
    /// captured.
    ///
    /// ```
    /// use glance::engine::betza;
    /// use glance::{Colour, Diagram, Mark, Square, SquareSet};
    /// let rook = betza::parse("R").unwrap();
    /// let board = SquareSet::rectangle(8, 8).unwrap();
    /// let sq = |s: &str| Square::parse(s).unwrap();
    /// let pieces: SquareSet = [sq("a4"), sq("d1")].into_iter().collect();
    /// let friends: SquareSet = [sq("d1")].into_iter().collect();
    /// let d = Diagram::among(&rook, sq("a1"), Colour::White, &board, &pieces, &friends);
    /// assert_eq!(d.mark(sq("a4")), Some(Mark::Capture));
    /// assert_eq!(d.mark(sq("c1")), Some(Mark::Slide));
    /// assert_eq!(d.mark(sq("d1")), None);
    /// ```
    pub fn among(
        piece: &Piece,
        at: Square,
        colour: Colour,
        board: &SquareSet,
        occupied: &SquareSet,
        friends: &SquareSet,
    ) -> Diagram {
        let mut walk = Walk {
            board,
            occupied,
            friends,
            forward: colour.forward(),
            origin: at,
            files: board.file_span().unwrap_or((0, 15)),
            traces: [0; 256],
        };
        for mv in piece.moves() {
            walk.trace_move(mv);
        }
        walk.traces[at.index()] = 0;
        Diagram {
            traces: walk.traces,
            origin: at,
        }
    }

    /// The square the piece stands on.
    pub fn origin(&self) -> Square {
        self.origin
    }

    /// The mark on `sq`, if any.
    pub fn mark(&self, sq: Square) -> Option<Mark> {
        resolve(self.traces[sq.index()])
    }

    /// Every marked square with its mark, rank by rank from the bottom.
    pub fn marks(&self) -> impl Iterator<Item = (Square, Mark)> + '_ {
        self.traces
            .iter()
            .enumerate()
            .filter_map(|(i, &t)| resolve(t).map(|m| (Square::from_index(i as u8), m)))
    }

    /// Whether some move ends on `sq` without capturing.
    pub fn can_move_to(&self, sq: Square) -> bool {
        self.traces[sq.index()] & (MOVE_LEAP | MOVE_RIDE) != 0
    }

    /// Whether some move captures an enemy standing on `sq` by ending there.
    pub fn can_capture_on(&self, sq: Square) -> bool {
        self.traces[sq.index()] & (CAP_LEAP | CAP_RIDE) != 0
    }

    /// What the moves reaching `sq` left there (the bits the marks are
    /// chosen from), for inference.
    pub(crate) fn trace(&self, sq: Square) -> u8 {
        self.traces[sq.index()]
    }

    /// Adds the traces of `other` (a diagram of the same square), as if
    /// its moves were this piece's too.
    pub(crate) fn merge(&mut self, other: &Diagram) {
        for (t, o) in self.traces.iter_mut().zip(other.traces.iter()) {
            *t |= o;
        }
    }

    /// Number of marked squares.
    pub fn len(&self) -> usize {
        self.marks().count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Step `n` of the path of a lame leap along `v`, which is straight first
/// and diagonal last (the Xiangqi Horse steps W then F).
fn lame_step(v: Offset, n: u8) -> Offset {
    let (ax, ay) = (v.dx.unsigned_abs(), v.dy.unsigned_abs());
    let (sx, sy) = (v.dx.signum(), v.dy.signum());
    if n >= ax.max(ay) - ax.min(ay) {
        Offset::new(sx, sy)
    } else if ax > ay {
        Offset::new(sx, 0)
    } else {
        Offset::new(0, sy)
    }
}

/// The rules of the module documentation, in code.
fn resolve(t: u8) -> Option<Mark> {
    let moves = t & (MOVE_LEAP | MOVE_RIDE) != 0;
    let captures = t & (CAP_LEAP | CAP_RIDE) != 0;
    Some(if t & FIRST_LEG != 0 {
        Mark::FirstLeg
    } else if moves && captures {
        if t & MOVE_LEAP != 0 && t & CAP_LEAP != 0 {
            Mark::Leap
        } else {
            Mark::Slide
        }
    } else if moves {
        Mark::Move
    } else if captures {
        Mark::Capture
    } else if t & BLOCK != 0 {
        Mark::Block
    } else {
        return None;
    })
}

impl Walk<'_> {
    /// One step of `v` (given in White's frame, turned through 180 degrees
    /// for Black) from `from`, wrapping round the board's side edges on a
    /// cylinder.
    fn step(&self, from: Square, v: Offset, cylinder: bool) -> Option<Square> {
        let v = Offset::new(v.dx * self.forward, v.dy * self.forward);
        let rank = from.rank() as i16 + v.dy as i16;
        let mut file = from.file() as i16 + v.dx as i16;
        if cylinder {
            let (lo, hi) = (self.files.0 as i16, self.files.1 as i16);
            let width = hi - lo + 1;
            file = lo + (file - lo).rem_euclid(width);
        }
        if !(0..16).contains(&rank) || !(0..16).contains(&file) {
            return None;
        }
        let sq = Square::new(file as u8, rank as u8)?;
        self.board.contains(sq).then_some(sq)
    }

    fn occupied(&self, sq: Square) -> bool {
        self.occupied.contains(sq)
    }

    /// An enemy stands on `sq`: a capture may end there.
    fn enemy(&self, sq: Square) -> bool {
        self.occupied.contains(sq) && !self.friends.contains(sq)
    }

    fn mark_destination(&mut self, sq: Square, modality: Modality, unblockable: bool) {
        let (m, c) = if unblockable {
            (MOVE_LEAP, CAP_LEAP)
        } else {
            (MOVE_RIDE, CAP_RIDE)
        };
        let t = &mut self.traces[sq.index()];
        if modality.can_move() {
            *t |= m;
        }
        if modality.can_capture() {
            *t |= c;
        }
    }

    /// A destination reached at the end of a move: a non-capture if the
    /// square is empty, a capture if it is occupied.
    fn arrive(&mut self, sq: Square, modality: Modality, unblockable: bool) {
        if self.occupied(sq) {
            if modality.can_capture() && self.enemy(sq) {
                self.mark_destination(sq, Modality::CaptureOnly, unblockable);
            }
        } else {
            self.mark_destination(sq, modality, unblockable);
        }
    }

    fn trace_move(&mut self, mv: &Move) {
        self.trace_chain(mv, 0, self.origin, 0, &mut [0; SEEN_WORDS])
    }

    /// A hopper of one leg, riding on to `at` (`occupied` or not) with
    /// `screens` pieces passed so far: `p` (slides without capturing,
    /// captures by hopping one piece), `g` (lands right behind the first
    /// piece) and `j` (goes on only beyond exactly one piece). Returns
    /// whether it may ride on beyond `at`.
    fn hop(&mut self, mv: &Move, at: Square, occupied: bool, screens: &mut u8) -> bool {
        match (mv.jumping, *screens) {
            (Jumping::Pao, 0) if !occupied && mv.modality.can_move() => {
                self.mark_destination(at, Modality::MoveOnly, false);
            }
            (Jumping::Pao, 1) if occupied => {
                if mv.modality.can_capture() && self.enemy(at) {
                    self.mark_destination(at, Modality::CaptureOnly, false);
                }
                return false;
            }
            (Jumping::Grasshopper, 1) => {
                self.arrive(at, mv.modality, false);
                return false;
            }
            (Jumping::One, 1) => {
                self.arrive(at, mv.modality, false);
                if occupied {
                    return false;
                }
            }
            _ => {}
        }
        if occupied {
            *screens += 1;
        }
        *screens < 2
    }

    /// Leg `i` of a chain (or the only leg of a move: a leap, step,
    /// slide or hop) and what follows, from `from`, the previous step
    /// having been the `h`-th of the previous leg's [`Atom::vectors`] (in
    /// White's frame; `h` is 0 for the first leg, see [`Leg::directions`]).
    ///
    /// [`Atom::vectors`]: crate::engine::betza::Atom::vectors
    fn trace_chain(&mut self, mv: &Move, i: usize, from: Square, h: usize, seen: &mut Seen) {
        let Some(leg) = mv.legs.get(i) else {
            return;
        };
        if i > 0 {
            let bit = (i * 256 + from.index()) * 8 + h;
            let Some(word) = seen.get_mut(bit / 64) else {
                return;
            };
            if *word & (1 << (bit % 64)) != 0 {
                return;
            }
            *word |= 1 << (bit % 64);
        }
        let last = i + 1 == mv.legs.len();
        // A move of one leg: a leap, step or slide, which `jj` rides over
        // pieces (an unblockable slide).
        let single = mv.legs.len() == 1;
        let ignores_pieces = single && mv.jumping == Jumping::Many;
        let hopper = single
            && matches!(
                mv.jumping,
                Jumping::Pao | Jumping::Grasshopper | Jumping::One
            );
        let leap = leg.max_steps == 1 && !leg.atom.is_step();
        // A lame leap (`n`): it goes square by square along its path,
        // where a piece blocks it.
        let lame = single && leap && mv.jumping == Jumping::Lame;
        let unblockable = single && !lame && (leap || (ignores_pieces && leg.max_steps != 1));
        for (k, v) in leg.directions(h).indexed() {
            let mut at = from;
            let mut screens = 0;
            let limit = if lame {
                v.dx.unsigned_abs().max(v.dy.unsigned_abs())
            } else if leg.max_steps == 0 {
                MAX_RIDE
            } else {
                leg.max_steps
            };
            for n in 0..limit {
                let s = if lame { lame_step(v, n) } else { v };
                let Some(next) = self.step(at, s, mv.cylinder) else {
                    break;
                };
                if next == from && (i > 0 || single) && !lame {
                    // Round a cylinder and back: nothing new further on.
                    break;
                }
                at = next;
                let occupied = self.occupied(at);
                if lame && n + 1 < limit {
                    self.traces[at.index()] |= BLOCK;
                    if occupied {
                        break;
                    }
                    continue;
                }
                if hopper {
                    if !self.hop(mv, at, occupied, &mut screens) {
                        break;
                    }
                    continue;
                }
                if last {
                    if at != self.origin {
                        self.arrive(at, mv.modality, unblockable);
                    }
                } else if !self.connect(mv, (i, leg), at, k, occupied, seen) {
                    break;
                }
                if occupied && !ignores_pieces {
                    break;
                }
            }
        }
    }

    /// Handles the square `at` where a non-final leg ends, having stepped
    /// along the `k`-th of its atom's vectors; returns whether the leg may
    /// ride on beyond it.
    fn connect(
        &mut self,
        mv: &Move,
        (i, leg): (usize, &Leg),
        at: Square,
        k: usize,
        occupied: bool,
        seen: &mut Seen,
    ) -> bool {
        let link = leg.link.unwrap_or(Link::Block);
        let capturing =
            link == Link::Capture || (link != Link::Hop && leg.modality == Modality::CaptureOnly);
        if capturing {
            // An enemy is taken here and the move goes on. On an empty board
            // the diagram shows what happens if one stands there.
            if (occupied && self.enemy(at)) || self.occupied.is_empty() {
                self.traces[at.index()] |= FIRST_LEG;
                self.trace_chain(mv, i + 1, at, k, seen);
            }
            return !occupied;
        }
        match link {
            Link::Then => {
                if at != self.origin {
                    let modality = if leg.modality == Modality::Any {
                        mv.modality
                    } else {
                        leg.modality
                    };
                    self.arrive(at, modality, false);
                }
                if !occupied {
                    self.trace_chain(mv, i + 1, at, k, seen);
                }
            }
            Link::Hop => {
                if occupied {
                    self.trace_chain(mv, i + 1, at, k, seen);
                }
            }
            Link::Block | Link::Capture => {
                if at != self.origin {
                    self.traces[at.index()] |= BLOCK;
                }
                if !occupied {
                    self.trace_chain(mv, i + 1, at, k, seen);
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::betza::parse;
    use alloc::string::String;
    use alloc::vec::Vec;

    fn diagram_on(
        betza: &str,
        files: u8,
        ranks: u8,
        at: &str,
        colour: Colour,
    ) -> Vec<(String, Mark)> {
        let piece = parse(betza).unwrap();
        let board = SquareSet::rectangle(files, ranks).unwrap();
        let d = Diagram::compute(
            &piece,
            Square::parse(at).unwrap(),
            colour,
            &board,
            &SquareSet::EMPTY,
        );
        d.marks().map(|(s, m)| (s.to_string(), m)).collect()
    }

    fn squares_with(marks: &[(String, Mark)], mark: Mark) -> Vec<String> {
        let mut v: Vec<String> = marks
            .iter()
            .filter(|(_, m)| *m == mark)
            .map(|(s, _)| s.clone())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn lieutenant_on_e5() {
        let d = diagram_on("FAsmW", 8, 8, "e5", Colour::White);
        assert_eq!(squares_with(&d, Mark::Leap), ["c3", "c7", "g3", "g7"]);
        assert_eq!(squares_with(&d, Mark::Slide), ["d4", "d6", "f4", "f6"]);
        assert_eq!(squares_with(&d, Mark::Move), ["d5", "f5"]);
        assert_eq!(d.len(), 10);
    }

    #[test]
    fn lion_marks_first_steps_cyan_and_the_rest_orange() {
        let d = diagram_on("KADN(cK-aK)(K-bK)", 10, 10, "e5", Colour::White);
        assert_eq!(squares_with(&d, Mark::FirstLeg).len(), 8);
        assert_eq!(squares_with(&d, Mark::Leap).len(), 16);
        assert_eq!(d.len(), 24);
    }

    #[test]
    fn xiangqi_elephant_and_horse_show_where_they_are_blocked() {
        let d = diagram_on("nA", 9, 10, "e5", Colour::White);
        assert_eq!(squares_with(&d, Mark::Slide), ["c3", "c7", "g3", "g7"]);
        assert_eq!(squares_with(&d, Mark::Block), ["d4", "d6", "f4", "f6"]);
        let h = diagram_on("nN", 9, 10, "e5", Colour::White);
        assert_eq!(squares_with(&h, Mark::Block), ["d5", "e4", "e6", "f5"]);
        assert_eq!(squares_with(&h, Mark::Slide).len(), 8);
        assert_eq!(diagram_on("n[WF]", 9, 10, "e5", Colour::White), h);
    }

    #[test]
    fn black_moves_down_the_board() {
        let w = diagram_on("mfWcfF", 8, 8, "e4", Colour::White);
        assert_eq!(squares_with(&w, Mark::Move), ["e5"]);
        assert_eq!(squares_with(&w, Mark::Capture), ["d5", "f5"]);
        let b = diagram_on("mfWcfF", 8, 8, "e4", Colour::Black);
        assert_eq!(squares_with(&b, Mark::Move), ["e3"]);
        assert_eq!(squares_with(&b, Mark::Capture), ["d3", "f3"]);
    }

    #[test]
    fn cannon_needs_pieces_to_capture() {
        let piece = parse("pR").unwrap();
        let board = SquareSet::rectangle(9, 10).unwrap();
        let sq = |s: &str| Square::parse(s).unwrap();
        let occupied: SquareSet = [sq("b3"), sq("b8"), sq("b9")].into_iter().collect();
        let d = Diagram::compute(&piece, sq("b1"), Colour::White, &board, &occupied);
        assert_eq!(d.mark(sq("b2")), Some(Mark::Move));
        assert_eq!(d.mark(sq("b3")), None, "the screen");
        assert_eq!(d.mark(sq("b4")), None, "beyond the screen, no move");
        assert_eq!(d.mark(sq("b8")), Some(Mark::Capture));
        assert_eq!(d.mark(sq("b9")), None);
        assert_eq!(d.mark(sq("i1")), Some(Mark::Move));
        let empty = Diagram::compute(&piece, sq("b1"), Colour::White, &board, &SquareSet::EMPTY);
        assert!(empty.marks().all(|(_, m)| m == Mark::Move));
    }

    #[test]
    fn sliders_stop_at_pieces_and_capture_them() {
        let piece = parse("R").unwrap();
        let board = SquareSet::rectangle(8, 8).unwrap();
        let sq = |s: &str| Square::parse(s).unwrap();
        let occupied: SquareSet = [sq("a4")].into_iter().collect();
        let d = Diagram::compute(&piece, sq("a1"), Colour::White, &board, &occupied);
        assert!(d.can_capture_on(sq("a4")) && !d.can_move_to(sq("a4")));
        assert_eq!(d.mark(sq("a4")), Some(Mark::Capture));
        assert_eq!(d.mark(sq("a5")), None);
    }

    #[test]
    fn cylinder_wraps_round_the_side_edges() {
        let d = diagram_on("oW", 8, 8, "a4", Colour::White);
        assert!(d.iter().any(|(s, _)| s == "h4"));
        let r = diagram_on("oR", 8, 8, "a4", Colour::White);
        assert_eq!(
            r.len(),
            7 + 7,
            "a whole rank round the cylinder and the file"
        );
    }

    #[test]
    fn chiral_knights_draw_xboards_squares() {
        // The squares of the notes on dialects (Interactive Diagram, 15x15
        // from h8; Fairy-Stockfish, 10x10 from e5), which XBoard's move
        // generator's direction sets give too.
        let squares = |s: &str, size: u8, at: &str| {
            let mut v: Vec<String> = diagram_on(s, size, size, at, Colour::White)
                .into_iter()
                .map(|(sq, m)| {
                    assert_eq!(m, Mark::Leap, "{s}");
                    sq
                })
                .collect();
            v.sort();
            v
        };
        assert_eq!(squares("hlN", 15, "h8"), ["f7", "g10", "i6", "j9"]);
        assert_eq!(squares("hrN", 15, "h8"), ["f9", "g6", "i10", "j7"]);
        assert_eq!(squares("hlN", 10, "e5"), ["c4", "d7", "f3", "g6"]);
        assert_eq!(squares("hrN", 10, "e5"), ["c6", "d3", "f7", "g4"]);
        // Black's are the same: each set is its own half-turn image.
        let b = diagram_on("hlN", 15, 15, "h8", Colour::Black);
        assert_eq!(b, diagram_on("hlN", 15, 15, "h8", Colour::White));
        // A Camel (3,1) has them too; hl and hr make up the whole atom.
        assert_eq!(squares("hlChrC", 15, "h8"), squares("C", 15, "h8"));
    }

    #[test]
    fn en_passant_adds_nothing_to_a_diagram() {
        // The Pawn with en passant: as the Interactive Diagram draws it on
        // an empty board (15x15 from h8: moves h9, captures g9 i9).
        let d = diagram_on("fmWfceF", 15, 15, "h8", Colour::White);
        assert_eq!(squares_with(&d, Mark::Move), ["h9"]);
        assert_eq!(squares_with(&d, Mark::Capture), ["g9", "i9"]);
        assert_eq!(d.len(), 3);
        assert_eq!(d, diagram_on("fmWfcF", 15, 15, "h8", Colour::White));
        // `e` alone captures only a pawn that has just made a double step:
        // there is none, so nothing is drawn, with pieces placed or not.
        assert!(diagram_on("feF", 8, 8, "e4", Colour::White).is_empty());
        let piece = parse("fmWfeF").unwrap();
        let board = SquareSet::rectangle(8, 8).unwrap();
        let sq = |s: &str| Square::parse(s).unwrap();
        let occupied: SquareSet = [sq("d5"), sq("f5")].into_iter().collect();
        let d = Diagram::compute(&piece, sq("e4"), Colour::White, &board, &occupied);
        let marks: Vec<_> = d.marks().map(|(s, m)| (s.to_string(), m)).collect();
        assert_eq!(marks, [("e5".to_string(), Mark::Move)]);
    }

    #[test]
    fn castling_is_green() {
        let d = diagram_on("KisO2", 8, 8, "e1", Colour::White);
        assert_eq!(squares_with(&d, Mark::Move), ["c1", "g1"]);
    }

    #[test]
    fn griffon_turns_the_corner() {
        let d = diagram_on("FtR", 8, 8, "a1", Colour::White);
        // b2, then up the b-file and along rank 2.
        assert_eq!(d.len(), 1 + 6 + 6);
    }

    #[test]
    fn nothing_lands_off_the_board_or_on_the_origin() {
        for s in ["Q", "NN", "KADN(cK-aK)(K-bK)", "oRoB", "(4,1)", "K-bK"] {
            let piece = parse(s).unwrap();
            let board = SquareSet::rectangle(5, 7).unwrap();
            for at in board.iter() {
                let d = Diagram::compute(&piece, at, Colour::White, &board, &SquareSet::EMPTY);
                assert!(
                    d.marks().all(|(sq, _)| board.contains(sq) && sq != at),
                    "{s} on {at}"
                );
            }
        }
    }
}
