//! Betza strings that other programs read differently from the pages'
//! dialect, and a spelling that all of them read alike.
//!
//! The rules pages are drawn by this crate as XBoard's `Betza.html`
//! describes the notation. Three other readers of the same notation read
//! some strings otherwise (the facts are in the project's notes on
//! dialects; XBoard's reading is taken from the tables and the order of
//! letters in `MovesFromString` of its `moves.c`, Fairy-Stockfish's from its
//! `from_betza`):
//!
//! * **`p` on a move that may end without capturing** (`pR`, `pB`, `pQ`,
//!   `fpR2`, …): the pages read a Pao, which slides without capturing and
//!   captures by hopping one piece; XBoard's move generator, the
//!   Interactive Diagram and Fairy-Stockfish make every move of it a hop,
//!   so on an empty board it goes nowhere. All read `mRcpR` alike.
//! * **direction letters on `K` and `Q`** (`bK`, `bsK`, `fQ`, …): the pages
//!   apply the letters to the `W` and the `F` half each (`bK` is three
//!   squares back); XBoard's generator and the Interactive Diagram give a
//!   lone letter one of the eight directions (`bK` is one square) and a
//!   pair the directions both halves share (`bsK`: the two back diagonals);
//!   Fairy-Stockfish reads pairs its own way (`bsK`: four squares). The
//!   letters on `W` and `F` (`bWbF`, `bsWbF`) read alike. The same
//!   comparison is made for every atom: `fsF`, for instance, is the two
//!   forward diagonals here and all four in XBoard's generator.
//! * **the order of modifiers**: XBoard's generator reads `i`, then the
//!   direction letters, then `m`, `c`, `e`, `p`, `g`, `o`, `n`, `j` in this
//!   order, and skips a letter out of that order (`mfW` is `mW` to it).
//! * **`L` and `J`**: `Betza.html` makes `L` the Camel (3,1) and `J` the
//!   Zebra (3,2); XBoard's generator has them the other way round. `C` and
//!   `Z` read alike. `I` (the pages' second name of `H`) is unknown to
//!   XBoard's generator and to Fairy-Stockfish.
//!
//! The Interactive Diagram is taken to read direction letters on `K` and
//! `Q` as XBoard's generator does (measured for `bK` and `bsK`) and the
//! rest as the pages do (measured on the pages' strings).
//!
//! ```
//! use glance::engine::dialect::{readings, Kind};
//! let notes = readings("fhNbsK"); // the CWDA Unicorn
//! assert_eq!(notes.len(), 1);
//! assert_eq!(notes[0].kind, Kind::Directions);
//! assert_eq!(notes[0].group, "bsK");
//! assert_eq!(notes[0].alike, "bsWbF");
//! assert_eq!(notes[0].programs, ["XBoard", "Interactive Diagram", "Fairy-Stockfish"]);
//! let mut text = String::new();
//! notes[0].write_to(&mut text);
//! assert!(text.starts_with("bsK: "));
//! assert!(readings("mRcpR").is_empty());
//! ```

use alloc::string::String;
use alloc::vec::Vec;

use crate::engine::betza::{self, push_number};
use crate::engine::geometry::Offset;
use crate::engine::spell::Modifiers;

/// XBoard's move generator (`MovesFromString` in `moves.c`).
pub const XBOARD: &str = "XBoard";
/// The Interactive Diagram of chessvariants.com.
pub const INTERACTIVE_DIAGRAM: &str = "Interactive Diagram";
/// Fairy-Stockfish (its Betza reader, `from_betza`).
pub const FAIRY_STOCKFISH: &str = "Fairy-Stockfish";

/// What a [`DialectNote`] is about.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `p` on a move that may end without capturing (`pR`).
    Pao,
    /// Direction letters select other directions (`bK`, `bsK`).
    Directions,
    /// Modifiers in an order XBoard's generator skips (`mfW`).
    Order,
    /// An atom letter another program reads as another atom, or not at all
    /// (`L`, `J`, `I`).
    AtomLetter,
}

/// One group of a Betza string (modifiers and an atom) that some program
/// reads differently from the pages' dialect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DialectNote {
    pub kind: Kind,
    /// The group as written, with the modifiers of the groups around it
    /// (`m(pR)` gives `mpR`).
    pub group: String,
    /// Where the group's own letters start in the string (a byte offset).
    pub at: usize,
    /// The programs that read it differently ([`XBOARD`],
    /// [`INTERACTIVE_DIAGRAM`], [`FAIRY_STOCKFISH`]).
    pub programs: Vec<&'static str>,
    /// What each reads, in a few words, without the group.
    pub message: String,
    /// A spelling of what the pages draw that every program reads alike.
    pub alike: String,
}

impl DialectNote {
    /// Appends `GROUP: MESSAGE; ALIKE reads alike everywhere` to `out`,
    /// without `core::fmt` (which the drop-in scripts do not carry).
    pub fn write_to(&self, out: &mut String) {
        out.push_str(&self.group);
        out.push_str(": ");
        out.push_str(&self.message);
        out.push_str("; ");
        out.push_str(&self.alike);
        out.push_str(" reads alike in all of them");
    }
}

impl core::fmt::Display for DialectNote {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let mut s = String::new();
        self.write_to(&mut s);
        f.write_str(&s)
    }
}

/// The groups of `betza` that XBoard's move generator, the Interactive
/// Diagram or Fairy-Stockfish read differently from the pages' dialect, in
/// the order they are written. A string that does not parse has none (its
/// parse error says what is wrong).
pub fn readings(betza: &str) -> Vec<DialectNote> {
    let mut notes = Vec::new();
    if betza::parse(betza).is_err() {
        return notes;
    }
    let tokens = scan(betza);
    for t in &tokens {
        check_token(t, &mut notes);
    }
    check_atom_letters(&tokens, &mut notes);
    notes
}

/// Whether every program reads `betza` as the pages do.
///
/// ```
/// assert!(glance::engine::dialect::read_alike("fmWfcF"));
/// assert!(!glance::engine::dialect::read_alike("pR"));
/// ```
pub fn read_alike(betza: &str) -> bool {
    readings(betza).is_empty()
}

/// The indices `0..n` sorted by `less` (stable): one merge sort that every
/// caller shares. Each use of the standard library's sorts compiles to a
/// copy of its own, several kilobytes each in the package's wasm.
pub(crate) fn sorted_indices(n: usize, less: &dyn Fn(usize, usize) -> bool) -> Vec<usize> {
    let mut a: Vec<usize> = (0..n).collect();
    let mut b: Vec<usize> = alloc::vec![0; n];
    let mut width = 1;
    while width < n {
        let mut lo = 0;
        while lo < n {
            let mid = (lo + width).min(n);
            let hi = (lo + 2 * width).min(n);
            let (mut l, mut r) = (lo, mid);
            for slot in &mut b[lo..hi] {
                if l < mid && (r >= hi || !less(a[r], a[l])) {
                    *slot = a[l];
                    l += 1;
                } else {
                    *slot = a[r];
                    r += 1;
                }
            }
            lo = hi;
        }
        core::mem::swap(&mut a, &mut b);
        width *= 2;
    }
    a
}

// ---------------------------------------------------------------------
// Scanning a string into groups.

/// One atom with its modifiers, as written.
#[derive(Clone, Debug)]
struct Token {
    /// Modifier letters: those of the enclosing groups, then its own.
    prefix: String,
    /// Where its own letters start.
    at: usize,
    /// The atom as written: one letter or `(x,y)`.
    atom: String,
    /// The range as written (`4`, a doubled letter, or nothing).
    range: String,
    /// A leg of a chain (`-`, `+`, `t`, `x`, `[...]`).
    chained: bool,
    /// A later leg of a chain, whose directions are relative.
    later: bool,
}

fn scan(s: &str) -> Vec<Token> {
    let b = s.as_bytes();
    let mut out: Vec<Token> = Vec::new();
    // The prefixes of the groups we are in, and whether each is a bracket.
    let mut groups: Vec<(String, bool)> = Vec::new();
    let mut i = 0;
    let mut after_atom = false;
    let mut after_op = false;
    while i < b.len() {
        let c = b[i];
        match c {
            b')' | b']' => {
                groups.pop();
                i += 1;
                after_atom = true;
                after_op = false;
                continue;
            }
            b'-' | b'+' => {
                mark_chained(&mut out);
                after_op = true;
                after_atom = false;
                i += 1;
                continue;
            }
            b't' | b'x' if after_atom => {
                mark_chained(&mut out);
                after_op = true;
                after_atom = false;
                i += 1;
                continue;
            }
            _ => {}
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_lowercase() {
            i += 1;
        }
        let own = &s[start..i];
        let outer: String = groups.iter().map(|(p, _)| p.as_str()).collect();
        let in_bracket = groups.iter().any(|&(_, br)| br);
        match b.get(i) {
            Some(b'(') if b.get(i + 1).is_some_and(u8::is_ascii_digit) => {
                let close = s[i..].find(')').map_or(b.len(), |k| i + k + 1);
                push_token(
                    &mut out,
                    &outer,
                    own,
                    start,
                    &s[i..close],
                    "",
                    (in_bracket, after_op),
                );
                i = close;
                after_atom = true;
                after_op = false;
            }
            Some(&open @ (b'(' | b'[')) => {
                // Only the group's own letters: the outer ones are joined
                // when a token is pushed.
                groups.push((String::from(own), open == b'['));
                i += 1;
                after_atom = false;
            }
            Some(&a) if a.is_ascii_uppercase() => {
                i += 1;
                let r0 = i;
                if b.get(i) == Some(&a) {
                    i += 1;
                } else {
                    while b.get(i).is_some_and(u8::is_ascii_digit) {
                        i += 1;
                    }
                }
                let atom = &s[r0 - 1..r0];
                let range = &s[r0..i];
                // In brackets, legs written side by side are chained.
                let later = after_op || (in_bracket && after_atom);
                if in_bracket && after_atom {
                    mark_chained(&mut out);
                }
                push_token(
                    &mut out,
                    &outer,
                    own,
                    start,
                    atom,
                    range,
                    (in_bracket, later),
                );
                after_atom = true;
                after_op = false;
            }
            _ => {
                // Something `betza::parse` accepted that is no group here
                // (cannot happen for parsed strings); stop reading.
                break;
            }
        }
    }
    out
}

fn push_token(
    out: &mut Vec<Token>,
    outer: &str,
    own: &str,
    at: usize,
    atom: &str,
    range: &str,
    (chained, later): (bool, bool),
) {
    let mut prefix = String::from(outer);
    prefix.push_str(own);
    out.push(Token {
        prefix,
        at,
        atom: String::from(atom),
        range: String::from(range),
        chained: chained || later,
        later,
    });
}

fn mark_chained(out: &mut [Token]) {
    if let Some(last) = out.last_mut() {
        last.chained = true;
    }
}

// ---------------------------------------------------------------------
// The three readings of direction letters.

/// Which of the 8 directions of an atom (`long`, `short`): slot 0 is
/// (short, long), then clockwise; slots 0, 2, 4, 6 of an orthogonal atom
/// and 1, 3, 5, 7 of a diagonal one are its four moves.
pub(crate) fn slot_vector(long: i8, short: i8, slot: u8) -> Offset {
    let (a, b) = (long, short);
    let (dx, dy) = match slot & 7 {
        0 => (b, a),
        1 => (a, b),
        2 => (a, -b),
        3 => (b, -a),
        4 => (-b, -a),
        5 => (-a, -b),
        6 => (-a, b),
        _ => (-b, a),
    };
    Offset::new(dx, dy)
}

/// The symmetry of an atom: which slots are its moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    /// W, D, H, R: slots 0, 2, 4, 6.
    Orthogonal,
    /// F, A, G, B: slots 1, 3, 5, 7.
    Diagonal,
    /// N, C, Z, …: all eight.
    Oblique,
}

impl Class {
    pub(crate) fn of(long: u8, short: u8) -> Option<Class> {
        if long == 0 {
            None
        } else if short == 0 {
            Some(Class::Orthogonal)
        } else if short == long {
            Some(Class::Diagonal)
        } else {
            Some(Class::Oblique)
        }
    }

    pub(crate) fn all(self) -> u8 {
        match self {
            Class::Orthogonal => 0x55,
            Class::Diagonal => 0xAA,
            Class::Oblique => 0xFF,
        }
    }
}

/// The slot of `v` among the moves of `(long, short)`.
pub(crate) fn slot_of(long: u8, short: u8, v: Offset) -> Option<u8> {
    let class = Class::of(long, short)?;
    (0..8u8).find(|&k| class.all() & 1 << k != 0 && slot_vector(long as i8, short as i8, k) == v)
}

/// The slots the pages' dialect selects with `letters` on the atom
/// `(long, short)` (a first leg), or `None` if the letters do not parse.
pub(crate) fn glance_mask(letters: &str, long: u8, short: u8) -> Option<u8> {
    let mut text = String::from(letters);
    text.push('(');
    push_number(&mut text, long as usize);
    text.push(',');
    push_number(&mut text, short as usize);
    text.push(')');
    let piece = betza::parse(&text).ok()?;
    let leg = piece.moves().first()?.legs.first()?;
    let mut mask = 0;
    for v in leg.directions(0).iter() {
        mask |= 1 << slot_of(long, short, v)?;
    }
    Some(mask)
}

/// XBoard's direction kinds (`dirType`): 1 vertical, 2 horizontal, 4 `h`,
/// 5 `v`, 6 `s`; 0 no direction letter.
fn xb_type(c: u8) -> u8 {
    match c {
        b'f' | b'b' => 1,
        b'l' | b'r' => 2,
        b'h' => 4,
        b'v' => 5,
        b's' => 6,
        _ => 0,
    }
}

/// XBoard's direction sets over the eight slots (bit 0 forward, then
/// clockwise): `wide` (`dirs1`), `narrow` (`dirs2`), the K system's pair
/// set (`dirs3`) and single set (`dirs4`).
fn xb_set(table: u8, c: u8) -> u8 {
    let row: [u8; 7] = match table {
        1 => [0x3C, 0xC3, 0x00, 0xF0, 0x0F, 0x00, 0x00],
        2 => [0x18, 0x81, 0xFF, 0x60, 0x06, 0x66, 0x99],
        3 => [0x38, 0x83, 0xFF, 0xE0, 0x0E, 0xEE, 0xBB],
        _ => [0x10, 0x01, 0xFF, 0x40, 0x04, 0x44, 0x11],
    };
    match c {
        b'b' => row[0],
        b'f' => row[1],
        b'h' => row[2],
        b'l' => row[3],
        b'r' => row[4],
        b's' => row[5],
        b'v' => row[6],
        _ => 0,
    }
}

/// Two letters XBoard combines: of perpendicular kinds (its `& 3 == 3`).
fn xb_perpendicular(a: u8, b: u8) -> bool {
    let (ta, tb) = (xb_type(a), xb_type(b));
    ta != 0 && tb != 0 && ((ta | tb) & 3) == 3
}

/// The slots XBoard's generator selects with the direction letters `d`
/// (the leading run of the prefix) on an atom of class `class`, or for
/// `K`/`Q` (`king`: both halves, slots of the king's eight directions).
fn xboard_mask(d: &[u8], class: Class, king: bool) -> u8 {
    let at = |i: usize| d.get(i).copied().unwrap_or(0);
    let mut set = 0u8;
    let mut i = 0;
    if king {
        while xb_type(at(i)) != 0 {
            let c = at(i);
            let mut b = xb_set(4, c);
            if at(i + 1) == c {
                i += 1;
            } else if xb_type(c) < 4 && xb_perpendicular(c, at(i + 1)) {
                b = xb_set(3, c) & xb_set(3, at(i + 1));
                i += 2;
            } else {
                i += 1;
            }
            set |= b;
        }
        return if set == 0 { 0xFF } else { set };
    }
    match class {
        Class::Diagonal => {
            while xb_type(at(i)) != 0 {
                let c = at(i);
                let mut b = xb_set(1, c);
                if xb_perpendicular(c, at(i + 1)) {
                    b = xb_set(1, c) & xb_set(1, at(i + 1));
                    i += 2;
                } else {
                    i += 1;
                }
                set |= b;
            }
            set &= 0xAA;
            if set == 0 { 0xAA } else { set }
        }
        Class::Orthogonal => {
            while xb_type(at(i)) != 0 && xb_type(at(i)) != 4 {
                set |= xb_set(2, at(i));
                i += 1;
            }
            set &= 0x55;
            if set == 0 { 0x55 } else { set }
        }
        Class::Oblique => {
            if at(0) == b'h' {
                return if at(1) == b'r' { 0x55 } else { 0xAA };
            }
            while xb_type(at(i)) != 0 {
                let c = at(i);
                let mut b = xb_set(2, c);
                if at(i + 1) == b'h' {
                    b = xb_set(1, c);
                    i += 2;
                } else if at(i + 1) == c || (xb_type(c) < 4 && xb_perpendicular(c, at(i + 1))) {
                    b = xb_set(1, c) & xb_set(2, at(i + 1));
                    i += 2;
                } else {
                    i += 1;
                }
                set |= b;
            }
            if set == 0 { 0xFF } else { set }
        }
    }
}

/// A vector as (dx, dy).
type Vector = (i8, i8);
/// The direction words that select a vector.
type Words<'a> = [&'a [u8; 2]; 7];
/// The atoms of a letter, `(long, short)`, how many (2 for `K`, `Q`), and
/// whether they are read with the king's directions.
type Atoms = ([(u8, u8); 2], usize, bool);

/// The direction words Fairy-Stockfish forms from a prefix: a letter with
/// the next one when they are the same or of crossing kinds, else doubled.
fn fsf_words(prefix: &[u8]) -> Vec<[u8; 2]> {
    let vertical = |c: u8| matches!(c, b'f' | b'b' | b'v' | b'h');
    let horizontal = |c: u8| matches!(c, b'r' | b'l' | b's' | b'h');
    let mut out = Vec::new();
    let mut i = 0;
    while i < prefix.len() {
        let c = prefix[i];
        if vertical(c) || horizontal(c) {
            if let Some(&c2) = prefix.get(i + 1) {
                if c2 == c || (vertical(c) && horizontal(c2)) || (horizontal(c) && vertical(c2)) {
                    out.push([c, c2]);
                    i += 2;
                    continue;
                }
            }
            out.push([c, c]);
        }
        i += 1;
    }
    out
}

/// The slots Fairy-Stockfish selects with `prefix` on the atom `(long,
/// short)`; `split`: an orthogonal atom alone (not a half of `K`/`Q`),
/// whose mixed words count as both their letters.
fn fsf_mask(prefix: &[u8], long: u8, short: u8, split: bool) -> u8 {
    let mut words = Vec::new();
    for w in fsf_words(prefix) {
        if split && short == 0 && w[0] != w[1] {
            words.push([w[0], w[0]]);
            words.push([w[1], w[1]]);
        } else {
            words.push(w);
        }
    }
    let has = |set: &[&[u8; 2]]| words.is_empty() || words.iter().any(|w| set.contains(&w));
    // (vector as (dx, dy) from (first = long, second = short), words).
    let (f, s) = (long as i8, short as i8);
    let table: [(Vector, Words); 8] = [
        ((s, f), [b"ff", b"vv", b"rf", b"rv", b"fh", b"rh", b"hr"]),
        ((-s, -f), [b"bb", b"vv", b"lb", b"lv", b"bh", b"lh", b"hr"]),
        ((f, -s), [b"rr", b"ss", b"br", b"bs", b"bh", b"rh", b"hr"]),
        ((-f, s), [b"ll", b"ss", b"fl", b"fs", b"fh", b"lh", b"hr"]),
        ((f, s), [b"rr", b"ss", b"fr", b"fs", b"fh", b"rh", b"hl"]),
        ((-f, -s), [b"ll", b"ss", b"bl", b"bs", b"bh", b"lh", b"hl"]),
        ((s, -f), [b"bb", b"vv", b"rb", b"rv", b"bh", b"rh", b"hl"]),
        ((-s, f), [b"ff", b"vv", b"lf", b"lv", b"fh", b"lh", b"hl"]),
    ];
    let mut mask = 0;
    for ((dx, dy), set) in table {
        if has(&set) {
            if let Some(k) = slot_of(long, short, Offset::new(dx, dy)) {
                mask |= 1 << k;
            }
        }
    }
    mask
}

/// The atoms a letter stands for, `(long, short)`, and whether it is `K`
/// or `Q` (two atoms read with the king's directions by XBoard).
fn atom_of(atom: &str) -> Option<Atoms> {
    let pair = |x: betza::Atom| (x.long, x.short);
    match atom.as_bytes() {
        // The null move and castling have no directions to read.
        [b'O'] => None,
        &[letter] => {
            let (atoms, count, _) = betza::letter_atoms(letter)?;
            Some(([pair(atoms[0]), pair(atoms[1])], count, count == 2))
        }
        [b'(', ..] => {
            let inner = atom.trim_start_matches('(').trim_end_matches(')');
            let (x, y) = inner.split_once(',')?;
            let (x, y): (u8, u8) = (x.parse().ok()?, y.parse().ok()?);
            let (a, b) = (x.max(y), x.min(y));
            (a > 0).then_some(([(a, b), (a, b)], 1, false))
        }
        _ => None,
    }
}

/// The direction letters of a prefix, as the pages read them (anywhere).
fn direction_letters(prefix: &str) -> String {
    prefix
        .chars()
        .filter(|c| matches!(c, 'f' | 'b' | 'l' | 'r' | 's' | 'v' | 'h' | 'a'))
        .collect()
}

/// XBoard's reading of a prefix: `i`s, then direction letters, then the
/// mode letters in their fixed order; a letter out of order ends it.
#[derive(Default, Debug, PartialEq, Eq, Clone, Copy)]
struct XbPrefix {
    initial: bool,
    dirs_end: usize,
    dirs_start: usize,
    m: bool,
    c: bool,
    e: bool,
    p: bool,
    g: bool,
    o: bool,
    n: bool,
    j: u8,
}

fn xboard_prefix(prefix: &[u8]) -> XbPrefix {
    let mut x = XbPrefix::default();
    let mut i = 0;
    while prefix.get(i) == Some(&b'i') {
        x.initial = true;
        i += 1;
    }
    x.dirs_start = i;
    while prefix.get(i).is_some_and(|&c| xb_type(c) != 0) {
        i += 1;
    }
    x.dirs_end = i;
    for (letter, flag) in [
        (b'm', &mut x.m),
        (b'c', &mut x.c),
        (b'e', &mut x.e),
        (b'p', &mut x.p),
        (b'g', &mut x.g),
        (b'o', &mut x.o),
        (b'n', &mut x.n),
    ] {
        if prefix.get(i) == Some(&letter) {
            *flag = true;
            i += 1;
        }
    }
    while prefix.get(i) == Some(&b'j') {
        x.j += 1;
        i += 1;
    }
    x
}

/// What the pages read in a prefix, in XBoard's terms.
fn pages_prefix(prefix: &[u8]) -> XbPrefix {
    let mut x = XbPrefix::default();
    for &c in prefix {
        match c {
            b'i' => x.initial = true,
            b'm' => x.m = true,
            b'c' => x.c = true,
            b'e' => x.e = true,
            b'p' => x.p = true,
            b'g' => x.g = true,
            b'o' => x.o = true,
            b'n' => x.n = true,
            b'j' => x.j += 1,
            _ => {}
        }
    }
    x
}

impl From<XbPrefix> for Modifiers {
    fn from(x: XbPrefix) -> Modifiers {
        Modifiers {
            initial: x.initial,
            m: x.m,
            c: x.c,
            e: x.e,
            p: x.p,
            g: x.g,
            o: x.o,
            n: x.n,
            j: x.j,
        }
    }
}

/// The shortest direction letters that the pages, XBoard's generator and
/// Fairy-Stockfish all read as the slots `mask` of an atom of `class`
/// alone (not `K`/`Q`), or `None` if no spelling of up to four letters
/// does. `""` stands for all directions.
pub(crate) fn alike_directions(class: Class, mask: u8) -> Option<&'static str> {
    let (long, short) = match class {
        Class::Orthogonal => (1, 0),
        Class::Diagonal => (1, 1),
        Class::Oblique => (2, 1),
    };
    CANDIDATES
        .iter()
        .copied()
        .find(|d| agree(d, long, short) == Some(mask))
}

/// The slots all three read `dirs` as on the atom, if they agree.
pub(crate) fn agree(dirs: &str, long: u8, short: u8) -> Option<u8> {
    let class = Class::of(long, short)?;
    let g = glance_mask(dirs, long, short)?;
    let x = xboard_mask(dirs.as_bytes(), class, false);
    let f = fsf_mask(dirs.as_bytes(), long, short, true);
    (g == x && g == f).then_some(g)
}

/// Direction spellings tried for [`alike_directions`], shortest first and,
/// among equals, in the order the pages prefer.
pub(crate) const CANDIDATES: &[&str] = &[
    "", "f", "b", "l", "r", "s", "v", "ff", "bb", "fs", "bs", "fl", "fr", "bl", "br", "lf", "rf",
    "lb", "rb", "fh", "bh", "lh", "rh", "lv", "rv", "fb", "sv", "hl", "hr", "fbs", "fsb", "vs",
    "fsbs", "fbbs", "ffbb", "fsbb", "bsff", "ffbs", "ffs", "bbs", "ffl", "ffr", "bbl", "bbr",
    "fsl", "fsr", "bsl", "bsr", "frbl", "flbr", "frl", "flr", "fbl", "fbr", "vl", "vr", "fls",
    "frs", "bls", "brs", "ffbl", "ffbr", "bbfl", "bbfr", "lfrf", "lbrb", "lfrb", "lbrf",
];

// ---------------------------------------------------------------------
// The checks.

/// One group of a string, as the checks read it.
struct Group<'a> {
    t: &'a Token,
    /// What the pages read in its prefix.
    pages: XbPrefix,
    /// Its direction letters (anywhere in the prefix).
    dirs: String,
    /// Its other modifiers.
    flags: Modifiers,
    /// Its direction letters but `a`.
    dir_only: String,
    /// The group as written (with the letters of the groups around it).
    text: String,
}

fn check_token(t: &Token, notes: &mut Vec<DialectNote>) {
    let Some(atoms) = atom_of(&t.atom) else {
        return;
    };
    let pages = pages_prefix(t.prefix.as_bytes());
    let mut text = String::from(t.prefix.as_str());
    text.push_str(&t.atom);
    text.push_str(&t.range);
    let dirs = direction_letters(&t.prefix);
    let g = Group {
        t,
        pages,
        dir_only: dirs.chars().filter(|&c| c != 'a').collect(),
        dirs,
        flags: pages.into(),
        text,
    };
    notes.extend(pao_note(&g));
    notes.extend(order_note(&g));
    notes.extend(directions_note(&g, atoms));
}

/// `p` on a move that may end without capturing.
fn pao_note(g: &Group) -> Option<DialectNote> {
    let Group {
        t, pages, flags, ..
    } = g;
    let (pages, flags, dirs) = (*pages, *flags, &g.dirs);
    let pao = pages.p && !t.chained && (pages.m || !pages.c);
    if !pao {
        return None;
    }
    let rides =
        t.range != "1" && (!t.range.is_empty() || matches!(t.atom.as_str(), "R" | "B" | "Q"));
    let mut alike = String::new();
    let quiet = Modifiers {
        p: false,
        m: true,
        c: false,
        ..flags
    };
    alike.push_str(&quiet.spell(dirs, &t.atom, &t.range));
    // A single step or leap has no room to hop: the pages' Pao of
    // range one only moves.
    let hops = rides && !pages.m;
    if hops {
        let hop = Modifiers {
            m: false,
            c: true,
            p: true,
            ..flags
        };
        alike.push_str(&hop.spell(dirs, &t.atom, &t.range));
    }
    let mut message = String::from("the pages draw a Pao (");
    message.push_str(if rides {
        "slides without capturing"
    } else {
        "steps without capturing"
    });
    if hops {
        message.push_str(", captures by hopping one piece");
    }
    message.push_str(
        "); the others make every move a hop over a piece, so it goes nowhere on an empty board",
    );
    Some(DialectNote {
        kind: Kind::Pao,
        group: g.text.clone(),
        at: t.at,
        programs: Vec::from([XBOARD, INTERACTIVE_DIAGRAM, FAIRY_STOCKFISH]),
        message,
        alike,
    })
}

/// The order of modifiers, as XBoard's generator reads it.
fn order_note(g: &Group) -> Option<DialectNote> {
    let Group {
        t, pages, flags, ..
    } = g;
    let (pages, flags, dirs, pre) = (*pages, *flags, &g.dirs, t.prefix.as_bytes());
    let xb = xboard_prefix(pre);
    let xb_dirs = &t.prefix[xb.dirs_start..xb.dirs_end];
    let dir_only = &g.dir_only;
    let order_ok =
        xb == XbPrefix {
            dirs_start: xb.dirs_start,
            dirs_end: xb.dirs_end,
            ..pages
        } && xb_dirs == dir_only.as_str();
    // (XBoard's generator reads no chains of the pages' kind at all.)
    if order_ok || t.chained || dirs.contains('a') {
        return None;
    }
    let alike = flags.spell(dirs, &t.atom, &t.range);
    let mut message = String::from(
        "XBoard's generator reads i, the direction letters, then m c e p g o n j in this order and skips the letters out of it, reading ",
    );
    message.push_str(&Modifiers::from(xb).spell(xb_dirs, &t.atom, &t.range));
    Some(DialectNote {
        kind: Kind::Order,
        group: g.text.clone(),
        at: t.at,
        programs: Vec::from([XBOARD]),
        message,
        alike,
    })
}

/// Direction letters, on a first leg, that the programs read otherwise.
fn directions_note(g: &Group, (atoms, count, king): Atoms) -> Option<DialectNote> {
    let Group { t, flags, .. } = g;
    let (flags, dirs, pre) = (*flags, &g.dirs, t.prefix.as_bytes());
    let dir_only = &g.dir_only;
    if t.later || dir_only.is_empty() || dirs.contains('a') {
        return None;
    }
    let d = dir_only.as_bytes();
    let mut g_masks = [0u8; 2];
    for (k, &(long, short)) in atoms.iter().enumerate().take(count) {
        match glance_mask(dir_only, long, short) {
            Some(m) => g_masks[k] = m,
            None => return None,
        }
    }
    let (x_masks, i_masks, f_masks) = if king {
        let x = xboard_mask(d, Class::Oblique, true);
        (
            [x & 0x55, x & 0xAA],
            [x & 0x55, x & 0xAA],
            [fsf_mask(pre, 1, 0, false), fsf_mask(pre, 1, 1, false)],
        )
    } else {
        let (long, short) = atoms[0];
        let class = Class::of(long, short)?;
        let x = xboard_mask(d, class, false);
        let f = fsf_mask(pre, long, short, true);
        ([x, 0], [g_masks[0], 0], [f, 0])
    };
    let mut programs = Vec::new();
    if x_masks != g_masks {
        programs.push(XBOARD);
    }
    if i_masks != g_masks {
        programs.push(INTERACTIVE_DIAGRAM);
    }
    if f_masks != g_masks {
        programs.push(FAIRY_STOCKFISH);
    }
    if programs.is_empty() {
        return None;
    }
    // The alike spelling: each half on its own atom.
    let mut alike = String::new();
    let halves: &[(&str, Class)] = match t.atom.as_str() {
        "K" => &[("W", Class::Orthogonal), ("F", Class::Diagonal)],
        "Q" => &[("R", Class::Orthogonal), ("B", Class::Diagonal)],
        _ => &[],
    };
    if halves.is_empty() {
        let (long, short) = atoms[0];
        let class = Class::of(long, short)?;
        split_spelling(class, g_masks[0], &flags, &t.atom, &t.range, &mut alike);
    } else {
        for (k, &(letter, class)) in halves.iter().enumerate() {
            split_spelling(class, g_masks[k], &flags, letter, &t.range, &mut alike);
        }
    }
    let mut message = String::from("the pages: ");
    describe(&g_masks, king, &mut message);
    let mut seen: Vec<[u8; 2]> = Vec::new();
    for masks in [x_masks, i_masks, f_masks] {
        if masks != g_masks && !seen.contains(&masks) {
            seen.push(masks);
            message.push_str("; ");
            let same: Vec<&str> = [
                (XBOARD, x_masks),
                (INTERACTIVE_DIAGRAM, i_masks),
                (FAIRY_STOCKFISH, f_masks),
            ]
            .iter()
            .filter(|(_, m)| *m == masks)
            .map(|(n, _)| *n)
            .collect();
            for (i, n) in same.iter().enumerate() {
                if i > 0 {
                    message.push_str(", ");
                }
                message.push_str(n);
            }
            message.push_str(": ");
            describe(&masks, king, &mut message);
        }
    }
    Some(DialectNote {
        kind: Kind::Directions,
        group: g.text.clone(),
        at: t.at,
        programs,
        message,
        alike,
    })
}

/// Spells the slots `mask` of an atom as groups all programs read alike.
fn split_spelling(
    class: Class,
    mask: u8,
    flags: &Modifiers,
    atom: &str,
    range: &str,
    out: &mut String,
) {
    if mask == 0 {
        return;
    }
    if let Some(d) = alike_directions(class, mask) {
        out.push_str(&flags.spell(d, atom, range));
        return;
    }
    // One group per direction.
    for k in 0..8u8 {
        if mask & 1 << k != 0 {
            let d = alike_directions(class, 1 << k).unwrap_or("");
            out.push_str(&flags.spell(d, atom, range));
        }
    }
}

/// Direction names of the eight slots of `K`, `W` and `F`.
const NAMES: [&str; 8] = [
    "forward",
    "forward-right",
    "right",
    "back-right",
    "back",
    "back-left",
    "left",
    "forward-left",
];

/// "3 directions (back, back-right, back-left)".
fn describe(masks: &[u8; 2], king: bool, out: &mut String) {
    let all = masks[0] | masks[1];
    let n = if king {
        all.count_ones()
    } else {
        masks[0].count_ones()
    };
    push_number(out, n as usize);
    out.push_str(if n == 1 { " direction" } else { " directions" });
    // Names only where the slots are the king's eight.
    if king {
        out.push_str(" (");
        let mut first = true;
        for (k, name) in NAMES.iter().enumerate() {
            if all & 1 << k != 0 {
                if !first {
                    out.push_str(", ");
                }
                first = false;
                out.push_str(name);
            }
        }
        out.push(')');
    }
}

fn check_atom_letters(tokens: &[Token], notes: &mut Vec<DialectNote>) {
    // L and J swapped: a difference only if the string's L groups and J
    // groups are not the same.
    let key = |letter: &str| {
        let v: Vec<(String, String)> = tokens
            .iter()
            .filter(|t| t.atom == letter)
            .map(|t| (t.prefix.clone(), t.range.clone()))
            .collect();
        let order = sorted_indices(v.len(), &|a, b| v[a] < v[b]);
        order.into_iter().map(|i| v[i].clone()).collect::<Vec<_>>()
    };
    let swapped = key("L") != key("J");
    for t in tokens {
        let (alike, programs, message): (&str, &[&'static str], &str) = match t.atom.as_str() {
            "L" if swapped => (
                "C",
                &[XBOARD],
                "the pages read L as the Camel (3,1); XBoard's generator as the Zebra (3,2)",
            ),
            "J" if swapped => (
                "Z",
                &[XBOARD],
                "the pages read J as the Zebra (3,2); XBoard's generator as the Camel (3,1)",
            ),
            "I" => (
                "H",
                &[XBOARD, FAIRY_STOCKFISH],
                "the pages read I as H, the (3,0) leaper; XBoard's generator and Fairy-Stockfish know no I",
            ),
            _ => continue,
        };
        let mut group = String::from(t.prefix.as_str());
        group.push_str(&t.atom);
        group.push_str(&t.range);
        let mut alike_group = String::from(t.prefix.as_str());
        alike_group.push_str(alike);
        let range = if t.range == t.atom {
            alike
        } else {
            t.range.as_str()
        };
        alike_group.push_str(range);
        notes.push(DialectNote {
            kind: Kind::AtomLetter,
            group,
            at: t.at,
            programs: Vec::from(programs),
            message: String::from(message),
            alike: alike_group,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<(Kind, String, String)> {
        readings(s)
            .into_iter()
            .map(|n| (n.kind, n.group, n.alike))
            .collect()
    }

    #[test]
    fn pao_on_a_slider_is_read_as_a_hopper_elsewhere() {
        let notes = readings("pR");
        assert_eq!(notes.len(), 1);
        assert_eq!(notes[0].kind, Kind::Pao);
        assert_eq!(notes[0].alike, "mRcpR");
        assert_eq!(notes[0].programs.len(), 3);
        assert_eq!(kinds("pB")[0].2, "mBcpB");
        assert_eq!(kinds("fpR2")[0].2, "fmR2fcpR2");
        assert_eq!(kinds("mpR")[0].2, "mR");
        assert_eq!(kinds("pN")[0].2, "mN", "no room to hop");
        assert!(readings("mRcpR").is_empty());
        assert!(readings("cpR").is_empty());
        assert!(readings("gQ").is_empty());
    }

    #[test]
    fn king_directions_follow_the_notes() {
        // bK: 3 here, 1 in XBoard and the Interactive Diagram, 3 in FSF.
        let n = &readings("bKfsR")[0];
        assert_eq!(n.group, "bK");
        assert_eq!(n.programs, [XBOARD, INTERACTIVE_DIAGRAM]);
        assert_eq!(n.alike, "bWbF");
        assert!(n.message.starts_with("the pages: 3 directions"));
        assert!(
            n.message
                .contains("XBoard, Interactive Diagram: 1 direction (back)")
        );
        // bsK: 5 here, 2 in XBoard and the ID, 4 in FSF.
        let n = &readings("fhNbsK")[0];
        assert_eq!(n.programs, [XBOARD, INTERACTIVE_DIAGRAM, FAIRY_STOCKFISH]);
        assert!(n.message.contains("the pages: 5 directions"));
        assert!(n.message.contains("2 directions (back-right, back-left)"));
        assert!(n.message.contains("Fairy-Stockfish: 4 directions"));
        assert_eq!(n.alike, "bsWbF");
        assert!(read_alike(&n.alike));
        assert!(read_alike("bWbF"));
        assert!(read_alike("fhN"));
    }

    #[test]
    fn xboard_tables_read_as_measured() {
        // The facts of the notes, from the models.
        assert_eq!(xboard_mask(b"b", Class::Oblique, true), 0x10);
        assert_eq!(xboard_mask(b"bs", Class::Oblique, true), 0x28);
        assert_eq!(
            fsf_mask(b"bs", 1, 0, false) | fsf_mask(b"bs", 1, 1, false),
            0x28 | 0x44
        );
        assert_eq!(
            fsf_mask(b"b", 1, 0, false) | fsf_mask(b"b", 1, 1, false),
            0x38
        );
        // Chiral knights: hr is (1,2) (2,-1) (-1,-2) (-2,1).
        assert_eq!(xboard_mask(b"hr", Class::Oblique, false), 0x55);
        assert_eq!(fsf_mask(b"hr", 2, 1, true), 0x55);
        assert_eq!(fsf_mask(b"hl", 2, 1, true), 0xAA);
        // fs on a knight: the two forward-sideways moves, for all three.
        assert_eq!(agree("fs", 2, 1), Some(0x42));
        // sW, fsW: alike.
        assert_eq!(agree("fs", 1, 0), Some(0x45));
    }

    #[test]
    fn modifier_order_is_xboards() {
        let n = kinds("mfWcfF");
        assert_eq!(n.len(), 2);
        assert_eq!(n[0], (Kind::Order, "mfW".into(), "fmW".into()));
        assert_eq!(n[1], (Kind::Order, "cfF".into(), "fcF".into()));
        assert!(readings("fmWfcF").is_empty());
        assert!(readings("fmWfceF").is_empty());
    }

    #[test]
    fn camel_and_zebra_letters() {
        assert!(readings("nLnJ").is_empty(), "the union is the same");
        assert_eq!(kinds("L")[0].2, "C");
        assert_eq!(kinds("JJ")[0].2, "ZZ");
        assert_eq!(kinds("I")[0].2, "H");
    }

    #[test]
    fn the_pages_strings_that_read_alike() {
        for s in [
            "K",
            "Q",
            "N",
            "KN",
            "FfW",
            "WfF",
            "fW",
            "fN",
            "fsW",
            "fhN",
            "fmWfcF",
            "mRcpR",
            "nA",
            "KADN(cK-aK)(K-bK)",
            "FbbNffN",
            "oRoB",
            "R4",
            "fmWfcoF",
            "BsbRf(WD(cW-W)(mcW-bW))",
            "RbBf(FA(cF-F)(mcF-bF))",
            "hlN",
            "hrC",
        ] {
            assert!(readings(s).is_empty(), "{s}: {:?}", readings(s));
        }
        assert!(
            readings("fXW").is_empty(),
            "no notes for what does not parse"
        );
    }

    #[test]
    fn the_shared_sort_is_a_stable_sort() {
        let v = [5, 3, 9, 3, 1, 8, 2, 9, 0, 3, 7];
        let order = sorted_indices(v.len(), &|a, b| v[a] < v[b]);
        let got: Vec<i32> = order.iter().map(|&i| v[i]).collect();
        assert_eq!(got, [0, 1, 2, 3, 3, 3, 5, 7, 8, 9, 9]);
        // Equal keys keep their order: the three 3s at 1, 3, 9.
        assert_eq!(&order[3..6], &[1, 3, 9]);
        assert!(sorted_indices(0, &|_, _| false).is_empty());
    }

    #[test]
    fn alike_directions_are_short() {
        assert_eq!(alike_directions(Class::Oblique, 0xFF), Some(""));
        assert_eq!(alike_directions(Class::Oblique, 0x81), Some("f"));
        assert_eq!(alike_directions(Class::Orthogonal, 0x11), Some("v"));
        assert_eq!(alike_directions(Class::Diagonal, 0x82), Some("f"));
        assert_eq!(alike_directions(Class::Diagonal, 0x02), Some("fr"));
    }
}
