//! The names players use: each built-in variant's and each section of
//! Fairy-Stockfish's reference `variants.ini`'s title as its players write
//! it, one sentence saying what kind of game it is, its family, its
//! pieces' names, and where these come from (`piece_names.ini`, embedded;
//! its header documents the format).
//!
//! An entry names a piece by letter and says which piece that is, by its
//! Betza as Fairy-Stockfish reads it (`a = Advisor @ F`). A child entry
//! (`parent = xiangqi`) inherits its parent's piece names unless it names
//! the letter itself; titles, sentences, families and sources are its own.
//! An entry applies to a variant only when the variant's definition
//! matches: every piece the entry names itself must be a piece of the
//! variant with the same letter and Betza ([`Known::of`]), and a name
//! (its own or a parent's) is given only to a piece with that letter and
//! Betza ([`Known::piece`]). A user's file with a section of the same name
//! but other pieces gets none of it.
//!
//! Where nobody has published a name, [`made_name`] makes one from the
//! piece's Betza (a classic name for a known combination, else the
//! compound of its atoms' names): never a bare letter.
//!
//! ```
//! use glance::variant::piece_names::{entry, Family};
//! let x = entry("xiangqi").unwrap();
//! assert_eq!(x.title, "Xiangqi");
//! assert_eq!(x.family, Family::Xiangqi);
//! assert_eq!(entry("janggitraditional").unwrap().piece('a').unwrap().name, "Advisor");
//! ```

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::Variant;
use crate::engine::geometry::{ByColour, Colour};

/// The data file.
pub const TEXT: &str = include_str!("piece_names.ini");

/// A family of variants, as Fairy-Stockfish's source, pychess-variants and
/// fairyground group them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Family {
    /// Chess's own pieces and board under other rules (Three-check,
    /// Atomic, King of the Hill, Horde...).
    Chess,
    /// Games where captured pieces come back as drops (Crazyhouse...).
    Drops,
    /// Games where one tries to lose one's pieces (Antichess...).
    Losing,
    /// Chess with new pieces on a board of 8×8 (Seirawan, Almost...).
    Fairy,
    /// One army against another of other pieces (Orda, Spartan...).
    Army,
    /// Chess on a larger board (Capablanca, Grand, Shako...).
    Large,
    /// Chess on a smaller board (Los Alamos, Gardner...).
    Mini,
    /// Historic chess and its old relatives (Shatranj, Courier...).
    Historic,
    /// Makruk and the other chess games of South-East Asia.
    Makruk,
    /// Shogi and its variants.
    Shogi,
    /// Xiangqi, Janggi and their variants.
    Xiangqi,
    /// Connection, enclosure, race and blocking games (Tic-tac-toe,
    /// Reversi, Ataxx, Breakthrough, Amazons...).
    Abstract,
}

impl Family {
    /// Every family, in the catalogue's order.
    pub const ALL: [Family; 12] = [
        Family::Chess,
        Family::Drops,
        Family::Losing,
        Family::Fairy,
        Family::Army,
        Family::Large,
        Family::Mini,
        Family::Historic,
        Family::Makruk,
        Family::Shogi,
        Family::Xiangqi,
        Family::Abstract,
    ];

    /// The key the data file writes (`family = shogi`).
    pub fn key(self) -> &'static str {
        match self {
            Family::Chess => "chess",
            Family::Drops => "drops",
            Family::Losing => "losing",
            Family::Fairy => "fairy",
            Family::Army => "army",
            Family::Large => "large",
            Family::Mini => "mini",
            Family::Historic => "historic",
            Family::Makruk => "makruk",
            Family::Shogi => "shogi",
            Family::Xiangqi => "xiangqi",
            Family::Abstract => "abstract",
        }
    }

    /// The family's heading in the catalogue.
    pub fn heading(self) -> &'static str {
        match self {
            Family::Chess => "Chess with other rules",
            Family::Drops => "Drop games",
            Family::Losing => "Losing games",
            Family::Fairy => "Chess with fairy pieces",
            Family::Army => "Different armies",
            Family::Large => "Large boards",
            Family::Mini => "Small boards",
            Family::Historic => "Historic games",
            Family::Makruk => "Makruk and South-East Asian chess",
            Family::Shogi => "Shogi and its variants",
            Family::Xiangqi => "Xiangqi, Janggi and their variants",
            Family::Abstract => "Connection, enclosure and race games",
        }
    }

    fn parse(s: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.key() == s)
    }
}

/// A piece's name as an entry gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceName {
    pub letter: char,
    pub name: String,
    /// The piece's Betza as Fairy-Stockfish reads it: the name applies to
    /// this piece only.
    pub betza: String,
    /// The entry that names it (a parent's, when inherited).
    pub from: String,
}

/// One variant's entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The section's (or built-in's) name.
    pub key: String,
    pub parent: Option<String>,
    pub title: String,
    /// One sentence: what kind of game it is.
    pub about: String,
    /// The rules the sentence states, as Fairy-Stockfish's keys (or
    /// `fsf:` claims), read from the sentence by hand (`about_keys`): the
    /// page gives each its variant's value.
    pub about_keys: Vec<String>,
    pub family: Family,
    /// The sides' names, where its players do not say White and Black:
    /// White's (Fairy-Stockfish's upper case) and Black's.
    pub sides: Option<ByColour<String>>,
    /// Where the title, the names and the facts of the sentence come from.
    pub source: String,
    /// The pieces this entry names itself (not its parents').
    pub pieces: Vec<PieceName>,
    /// Promoted pieces this entry names by the piece they were (`+p =
    /// Tokin @ WfF`: `letter` the unpromoted piece's, `betza` the moves of
    /// the type it promotes to).
    pub promoted: Vec<PieceName>,
    /// The line of its header in the data file.
    pub line: usize,
}

impl Entry {
    /// The name of the piece `letter`, from this entry or the nearest
    /// parent that names it.
    pub fn piece(&self, letter: char) -> Option<&'static PieceName> {
        let letter = letter.to_ascii_lowercase();
        let mut e = entry(&self.key);
        while let Some(x) = e {
            if let Some(p) = x.pieces.iter().find(|p| p.letter == letter) {
                return Some(p);
            }
            e = x.parent.as_deref().and_then(entry);
        }
        None
    }
}

/// Why the data file is wrong (a test reads it whole).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    pub line: usize,
    pub what: String,
}

/// Reads a data file in `piece_names.ini`'s format.
pub fn parse(text: &str) -> Result<Vec<Entry>, DataError> {
    let mut out: Vec<Entry> = Vec::new();
    let err = |line: usize, what: &str| DataError {
        line,
        what: what.to_string(),
    };
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(h) = line.strip_prefix('[') {
            let key = h
                .strip_suffix(']')
                .ok_or_else(|| err(n, "a header ends with ]"))?;
            out.push(Entry {
                key: key.to_string(),
                parent: None,
                title: String::new(),
                about: String::new(),
                about_keys: Vec::new(),
                family: Family::Chess,
                sides: None,
                source: String::new(),
                pieces: Vec::new(),
                promoted: Vec::new(),
                line: n,
            });
            continue;
        }
        let e = out
            .last_mut()
            .ok_or_else(|| err(n, "a line before the first header"))?;
        let (k, v) = line
            .split_once('=')
            .ok_or_else(|| err(n, "expected KEY = VALUE"))?;
        let (k, v) = (k.trim(), v.trim());
        if let Some((letter, promoted)) = piece_key(k) {
            let (name, betza) = v
                .split_once('@')
                .ok_or_else(|| err(n, "a piece is NAME @ BETZA"))?;
            let name = name.trim();
            if name.is_empty() || name.starts_with("Piece ") {
                return Err(err(n, "a piece needs a name"));
            }
            let named = PieceName {
                letter,
                name: name.to_string(),
                betza: betza.trim().to_string(),
                from: e.key.clone(),
            };
            if promoted {
                e.promoted.push(named);
            } else {
                e.pieces.push(named);
            }
            continue;
        }
        match k {
            "parent" => e.parent = Some(v.to_string()),
            "title" => e.title = v.to_string(),
            "about" => e.about = v.to_string(),
            "about_keys" => {
                e.about_keys = v.split_whitespace().map(str::to_string).collect();
                if e.about_keys.is_empty() {
                    return Err(err(n, "about_keys lists at least one key"));
                }
                if let Some(k) = e
                    .about_keys
                    .iter()
                    .find(|k| !super::claims::is_claim_key(k))
                {
                    return Err(DataError {
                        line: n,
                        what: format!(
                            "about_keys: {k} is not a key Fairy-Stockfish reads nor an fsf: claim"
                        ),
                    });
                }
                let mut seen = e.about_keys.clone();
                seen.sort();
                seen.dedup();
                if seen.len() != e.about_keys.len() {
                    return Err(err(n, "about_keys lists a key twice"));
                }
            }
            "source" => e.source = v.to_string(),
            "family" => e.family = Family::parse(v).ok_or_else(|| err(n, "an unknown family"))?,
            "sides" => {
                let (white, black) = v
                    .split_once(',')
                    .map(|(w, b)| (w.trim(), b.trim()))
                    .filter(|(w, b)| one_word(w) && one_word(b) && w != b)
                    .ok_or_else(|| err(n, "sides are two different words, FIRST, SECOND"))?;
                e.sides = Some(ByColour {
                    white: white.to_string(),
                    black: black.to_string(),
                });
            }
            _ => return Err(err(n, "an unknown key")),
        }
    }
    Ok(out)
}

/// A piece line's key: its letter, and whether it names the piece once
/// promoted (`+p`).
fn piece_key(k: &str) -> Option<(char, bool)> {
    let (promoted, rest) = match k.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, k),
    };
    let mut chars = rest.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_lowercase() => Some((c, promoted)),
        _ => None,
    }
}

/// A side's name: one capitalised word of letters.
fn one_word(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_uppercase()) && s.chars().all(|c| c.is_ascii_alphabetic())
}

fn all() -> &'static BTreeMap<String, Entry> {
    static DATA: std::sync::OnceLock<BTreeMap<String, Entry>> = std::sync::OnceLock::new();
    DATA.get_or_init(|| {
        parse(TEXT)
            .unwrap_or_default()
            .into_iter()
            .map(|e| (e.key.clone(), e))
            .collect()
    })
}

/// The entry of a variant or section, by name (its definition unchecked:
/// [`Known::of`] checks it).
pub fn entry(name: &str) -> Option<&'static Entry> {
    all().get(name)
}

/// Every entry, by name.
pub fn entries() -> impl Iterator<Item = &'static Entry> {
    all().values()
}

/// The title players write, for a variant name the data knows.
pub fn title(name: &str) -> Option<&'static str> {
    entry(name).map(|e| e.title.as_str())
}

/// A side's name as the players of `v` write it: Xiangqi's Red and
/// Black, Shogi's Sente and Gote; White and Black where the data names
/// none, or where `v` is not the variant the data knows ([`Known::of`]).
///
/// ```
/// use glance::engine::geometry::Colour;
/// use glance::variant::{builtin, piece_names::side, read_each};
/// let named = |name: &str| {
///     read_each(builtin::TEXT, "builtins.ini")
///         .into_iter()
///         .flatten()
///         .find(|v| v.name == name)
///         .unwrap()
/// };
/// assert_eq!(side(&named("xiangqi"), Colour::White), "Red");
/// assert_eq!(side(&named("shogi"), Colour::Black), "Gote");
/// assert_eq!(side(&named("chess"), Colour::Black), "Black");
/// ```
pub fn side(v: &Variant, c: Colour) -> &'static str {
    Known::of(v)
        .and_then(|k| k.entry.sides.as_ref())
        .map_or(c.title(), |s| s[c].as_str())
}

/// The one sentence saying what kind of game it is.
pub fn about(name: &str) -> Option<&'static str> {
    entry(name).map(|e| e.about.as_str())
}

/// The variant's family.
pub fn family(name: &str) -> Option<Family> {
    entry(name).map(|e| e.family)
}

/// Where the entry's facts come from.
pub fn source(name: &str) -> Option<&'static str> {
    entry(name).map(|e| e.source.as_str())
}

/// A piece's name by variant and letter, following the parent chain
/// (the definition unchecked: [`Known::piece`] checks the Betza).
pub fn piece_name(name: &str, letter: char) -> Option<&'static str> {
    entry(name)?.piece(letter).map(|p| p.name.as_str())
}

/// The entry of a variant whose definition matches it.
#[derive(Clone, Copy, Debug)]
pub struct Known {
    pub entry: &'static Entry,
}

impl Known {
    /// The entry named as `v` is, when every piece the entry names itself
    /// is a piece of `v` with the same Betza (a user's section of the same
    /// name but other pieces is not this variant).
    pub fn of(v: &Variant) -> Option<Known> {
        let e = entry(&v.name)?;
        let ok = e.pieces.iter().all(|n| {
            v.pieces
                .iter()
                .any(|p| p.letter == n.letter && p.betza == n.betza)
        });
        ok.then_some(Known { entry: e })
    }

    /// The name of the piece `letter` with Betza `betza`: from the entry,
    /// else from the nearest parent naming that letter with that Betza.
    pub fn piece(&self, letter: char, betza: &str) -> Option<&'static str> {
        self.named(|e| &e.pieces, letter, betza)
    }

    /// The name of piece `letter` once promoted, `betza` being the moves
    /// of the type it promotes to (Shogi's promoted Pawn, the Tokin):
    /// from the entry, else from the nearest parent naming it so.
    pub fn promoted(&self, letter: char, betza: &str) -> Option<&'static str> {
        self.named(|e| &e.promoted, letter, betza)
    }

    /// The first name, up the parent chain, among an entry's `lines` for
    /// this letter and Betza.
    fn named(
        &self,
        lines: fn(&'static Entry) -> &'static [PieceName],
        letter: char,
        betza: &str,
    ) -> Option<&'static str> {
        let letter = letter.to_ascii_lowercase();
        let mut e = Some(self.entry);
        while let Some(x) = e {
            if let Some(p) = lines(x)
                .iter()
                .find(|p| p.letter == letter && p.betza == betza)
            {
                return Some(p.name.as_str());
            }
            e = x.parent.as_deref().and_then(entry);
        }
        None
    }
}

/// The name players give piece `letter` of `v` once promoted, where it
/// has one of its own (Shogi's Tokin, Sho shogi's Crown Prince): the
/// moves are those of the type it promotes to (`promotedPieceType`).
///
/// ```
/// use glance::variant::{builtin, piece_names::promoted_name, read_each};
/// let named = |name: &str| {
///     read_each(builtin::TEXT, "builtins.ini")
///         .into_iter()
///         .flatten()
///         .find(|v| v.name == name)
///         .unwrap()
/// };
/// assert_eq!(promoted_name(&named("shogi"), 'p'), Some("Tokin"));
/// assert_eq!(promoted_name(&named("shogi"), 'b'), None);
/// // Kyoto shogi's Pawn turns into a Rook, which is no Tokin.
/// assert_eq!(promoted_name(&named("kyotoshogi"), 'p'), None);
/// ```
pub fn promoted_name(v: &Variant, letter: char) -> Option<&'static str> {
    let to = v
        .promotion
        .promoted
        .iter()
        .find(|(from, _)| *from == letter.to_ascii_lowercase())?
        .1;
    Known::of(v)?.promoted(letter, &v.piece(to)?.betza)
}

/// Classic names of whole Betza strings (the Chess Variant Pages' and
/// Fairy-Stockfish's names for these pieces).
const CLASSIC: &[(&str, &str)] = &[
    ("W", "Wazir"),
    ("F", "Ferz"),
    ("D", "Dabbaba"),
    ("A", "Alfil"),
    ("N", "Knight"),
    ("H", "Threeleaper"),
    ("C", "Camel"),
    ("Z", "Zebra"),
    ("G", "Tripper"),
    ("K", "Commoner"),
    ("WF", "Commoner"),
    ("FW", "Commoner"),
    ("R", "Rook"),
    ("B", "Bishop"),
    ("Q", "Queen"),
    ("NN", "Nightrider"),
    ("BN", "Archbishop"),
    ("NB", "Archbishop"),
    ("RN", "Chancellor"),
    ("NR", "Chancellor"),
    ("QN", "Amazon"),
    ("NQ", "Amazon"),
    ("RF", "Dragon King"),
    ("FR", "Dragon King"),
    ("BW", "Dragon Horse"),
    ("WB", "Dragon Horse"),
    ("mRcpR", "Cannon"),
    ("mBcpB", "Vao"),
    ("pR", "Rook-hopper"),
    ("pB", "Bishop-hopper"),
    ("gQ", "Grasshopper"),
    ("pQ", "Queen-hopper"),
    ("FfW", "Silver General"),
    ("WfF", "Gold General"),
    ("FvW", "Silver-Wazir"),
    ("NW", "Knight-Wazir"),
    ("NF", "Knight-Ferz"),
    ("NK", "Centaur"),
    ("KN", "Centaur"),
    ("WD", "Woody Rook"),
    ("DW", "Woody Rook"),
    ("FA", "Elephant"),
    ("AF", "Elephant"),
    ("NC", "Wildebeest"),
    ("CN", "Wildebeest"),
    ("fmWfceF", "Pawn"),
    ("fmWfcF", "Pawn"),
    ("mfWcfF", "Pawn"),
    ("fmWfceFifmnD", "Pawn"),
    ("mfFcfW", "Berolina Pawn"),
    ("mfFcfeWimfnA", "Berolina Pawn"),
];

/// The name of one atom of a Betza string.
fn atom_name(a: char) -> Option<&'static str> {
    Some(match a {
        'W' => "Wazir",
        'F' => "Ferz",
        'D' => "Dabbaba",
        'A' => "Alfil",
        'N' => "Knight",
        'H' => "Threeleaper",
        'C' | 'L' => "Camel",
        'Z' | 'J' => "Zebra",
        'G' => "Tripper",
        'K' => "King",
        'R' => "Rook",
        'B' => "Bishop",
        'Q' => "Queen",
        _ => return None,
    })
}

/// One atom of a Betza string: its modifiers, its letter, whether it is
/// doubled (a rider), its range.
struct Atom {
    mods: String,
    letter: char,
    rider: bool,
    range: Option<u32>,
}

fn atoms(betza: &str) -> Vec<Atom> {
    let cs: Vec<char> = betza.chars().collect();
    let mut out = Vec::new();
    let mut mods = String::new();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        if c.is_ascii_lowercase() {
            mods.push(c);
            i += 1;
        } else if c.is_ascii_uppercase() {
            let mut rider = false;
            let mut j = i + 1;
            if j < cs.len() && cs[j] == c {
                rider = true;
                j += 1;
            }
            let mut digits = String::new();
            while j < cs.len() && cs[j].is_ascii_digit() {
                digits.push(cs[j]);
                j += 1;
            }
            out.push(Atom {
                mods: core::mem::take(&mut mods),
                letter: c,
                rider,
                range: digits.parse().ok(),
            });
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

/// A name made from what the piece does, for a piece no one has named
/// (docs/variant-pages.md, "Naming pieces"):
///
/// 1. a Betza that is a classic piece is named after it (`RN` Chancellor,
///    `mRcpR` Cannon, `NN` Nightrider, `WF` Commoner);
/// 2. else each atom is named (W Wazir, F Ferz, D Dabbaba, A Alfil, N
///    Knight, C Camel, Z Zebra, H Threeleaper, G Tripper, K King, R Rook,
///    B Bishop, Q Queen; a doubled leaper is a rider, `NN` Nightrider; a
///    range is said, `R3` "Rook (3)"), each atom once, in the order of
///    the Betza, joined by hyphens: `BNW` "Bishop-Knight-Wazir";
/// 3. a word in front says what every atom shares: "Forward" (every atom
///    goes forward, never backward, nor sideways for `W`, `D`, `H`, `R`:
///    `ffNfsN` "Forward Knight", `mfsW` no word), "Backward",
///    "Sideways" (only `s`, `l`, `r`), "Vertical" (only `v`), "Non-capturing"
///    (every atom `m`), "Capturing" (every atom `c`: it only captures),
///    "Hopping" (every atom hops), in that order: `mQ` "Non-capturing
///    Queen", `cR` "Capturing Rook";
/// 4. where some atoms only capture and others only move or do both
///    (`mRcW`), the capturing atoms come last, after " / ", with
///    "-capturer": `mRcW` "Rook / Wazir-capturer".
///
/// ```
/// use glance::variant::piece_names::made_name;
/// assert_eq!(made_name("RN"), "Chancellor");
/// assert_eq!(made_name("BNW"), "Bishop-Knight-Wazir");
/// assert_eq!(made_name("mQ"), "Non-capturing Queen");
/// assert_eq!(made_name("mR3"), "Non-capturing Rook (3)");
/// assert_eq!(made_name("mRcW"), "Rook / Wazir-capturer");
/// assert_eq!(made_name("fB"), "Forward Bishop");
/// ```
pub fn made_name(betza: &str) -> String {
    if let Some((_, n)) = CLASSIC.iter().find(|(b, _)| *b == betza) {
        return n.to_string();
    }
    let atoms = atoms(betza);
    if atoms.is_empty() {
        return "Immobile piece".to_string();
    }
    let word = |a: &Atom| -> Option<String> {
        let base = atom_name(a.letter)?;
        let mut s = if a.rider {
            match base {
                "Knight" => "Nightrider".to_string(),
                "Wazir" => "Rook".to_string(),
                "Ferz" => "Bishop".to_string(),
                b => alloc::format!("{b}rider"),
            }
        } else {
            base.to_string()
        };
        if let Some(r) = a.range {
            if r > 0 {
                s = alloc::format!("{s} ({r})");
            }
        }
        Some(s)
    };
    let is_move = |a: &Atom| a.mods.contains('m') && !a.mods.contains('c');
    let is_capture = |a: &Atom| a.mods.contains('c') && !a.mods.contains('m');
    let dirs = |a: &Atom| -> String {
        a.mods
            .chars()
            .filter(|c| "fbslrvh".contains(*c))
            .collect::<String>()
    };
    let only = |a: &Atom, set: &str| {
        let d = dirs(a);
        !d.is_empty() && d.chars().all(|c| set.contains(c))
    };
    let mut prefix: Vec<&str> = Vec::new();
    // (For an orthogonal atom `s` is a direction of its own, sideways; for
    // an oblique one, `fs` is still forward.)
    let toward = |a: &Atom, to: char, not: char| {
        let d = dirs(a);
        let orthogonal = "WDHR".contains(a.letter);
        d.contains(to) && !d.contains(not) && !(orthogonal && d.chars().any(|c| "slrh".contains(c)))
    };
    if atoms.iter().all(|a| toward(a, 'f', 'b')) {
        prefix.push("Forward");
    } else if atoms.iter().all(|a| toward(a, 'b', 'f')) {
        prefix.push("Backward");
    } else if atoms.iter().all(|a| only(a, "slr")) {
        prefix.push("Sideways");
    } else if atoms.iter().all(|a| only(a, "v")) {
        prefix.push("Vertical");
    }
    let hop = |a: &Atom| a.mods.contains('p') || a.mods.contains('g');
    let all_move = atoms.iter().all(is_move);
    let all_capture = atoms.iter().all(is_capture);
    if all_move {
        prefix.push("Non-capturing");
    } else if all_capture {
        prefix.push("Capturing");
    }
    if atoms.iter().all(hop) {
        prefix.push("Hopping");
    }
    let mut names: Vec<String> = Vec::new();
    let mut capturers: Vec<String> = Vec::new();
    let split = !all_move && !all_capture && atoms.iter().any(is_capture);
    for a in &atoms {
        let Some(w) = word(a) else { continue };
        let list = if split && is_capture(a) {
            &mut capturers
        } else {
            &mut names
        };
        if !list.contains(&w) {
            list.push(w);
        }
    }
    if names == capturers {
        capturers.clear();
    }
    if names.is_empty() && capturers.is_empty() {
        return "Immobile piece".to_string();
    }
    let mut s = String::new();
    for p in &prefix {
        if s.is_empty() {
            s.push_str(p);
        } else {
            s.push(' ');
            s.push_str(&p.to_ascii_lowercase());
        }
    }
    if !names.is_empty() {
        if !s.is_empty() {
            s.push(' ');
        }
        s.push_str(&names.join("-"));
    }
    if !capturers.is_empty() {
        if !s.is_empty() {
            s.push_str(" / ");
        }
        s.push_str(&capturers.join("-"));
        s.push_str("-capturer");
    }
    s
}

/// The hand of a piece whose mirror image (left and right swapped) is
/// `other`, both in the pages' Betza: "Left" where its farthest-forward
/// moves go to the left, "Right" where they go to the right. `None` where
/// the two are not each other's mirror image, or the piece leans neither
/// way. Two pieces that would share a made name are told apart this way
/// (Gethenian's `lfrbB` and `rflbB` are the Left and the Right Bishop).
///
/// ```
/// use glance::variant::piece_names::hand;
/// assert_eq!(hand("lfrbB", "rflbB"), Some("Left"));
/// assert_eq!(hand("hrN", "hlN"), Some("Right"));
/// assert_eq!(hand("B", "B"), None);
/// assert_eq!(hand("fB", "bB"), None);
/// ```
pub fn hand(betza: &str, other: &str) -> Option<&'static str> {
    use crate::engine::{
        betza,
        diagram::Diagram,
        geometry::{Square, SquareSet},
    };
    let marks = |b: &str| -> Option<Vec<(i8, i8, crate::engine::diagram::Mark)>> {
        let piece = betza::parse(b).ok()?;
        let (board, at) = (SquareSet::rectangle(15, 15)?, Square::new(7, 7)?);
        let d = Diagram::compute(&piece, at, Colour::White, &board, &SquareSet::EMPTY);
        let mut v: Vec<_> = d
            .marks()
            .map(|(s, m)| (s.file() as i8 - 7, s.rank() as i8 - 7, m))
            .collect();
        v.sort();
        Some(v)
    };
    let (mine, theirs) = (marks(betza)?, marks(other)?);
    let mut mirrored: Vec<_> = mine.iter().map(|&(x, y, m)| (-x, y, m)).collect();
    mirrored.sort();
    if mirrored != theirs || mine == theirs {
        return None;
    }
    let top = mine.iter().map(|&(_, y, _)| y).max()?;
    let lean: i32 = mine
        .iter()
        .filter(|&&(_, y, _)| y == top)
        .map(|&(x, _, _)| i32::from(x))
        .sum();
    match lean {
        l if l < 0 => Some("Left"),
        l if l > 0 => Some("Right"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_file_reads_whole() {
        let es = parse(TEXT).unwrap_or_else(|e| panic!("piece_names.ini:{}: {}", e.line, e.what));
        let mut seen = alloc::collections::BTreeSet::new();
        for e in &es {
            assert!(seen.insert(e.key.clone()), "[{}] twice", e.key);
            assert!(!e.title.is_empty(), "[{}] has no title", e.key);
            assert!(!e.about.is_empty(), "[{}] has no sentence", e.key);
            assert!(
                e.about.ends_with('.'),
                "[{}]: one sentence, ending with a full stop",
                e.key
            );
            assert!(!e.source.is_empty(), "[{}] has no source", e.key);
            if let Some(p) = &e.parent {
                if entry(p).is_none() {
                    assert!(
                        crate::variant::builtin::MODELLED.contains(&p.as_str()),
                        "[{}]: parent {p} unknown",
                        e.key
                    );
                }
            }
        }
    }

    #[test]
    fn every_built_in_and_reference_section_has_an_entry() {
        for r in crate::variant::read_each(crate::variant::builtin::TEXT, "builtins.ini") {
            let v = r.unwrap();
            assert!(entry(&v.name).is_some(), "built-in {} has no entry", v.name);
            assert!(
                Known::of(&v).is_some(),
                "built-in {}: a piece's Betza differs",
                v.name
            );
        }
    }

    #[test]
    fn every_promoted_name_names_a_promotion_of_its_built_in() {
        // A `+x` line whose letter does not promote, or whose Betza is not
        // that of the type it promotes to, would name nothing.
        let mut used = 0;
        for r in crate::variant::read_each(crate::variant::builtin::TEXT, "builtins.ini") {
            let v = r.unwrap();
            for p in entry(&v.name).map_or(&[][..], |e| &e.promoted[..]) {
                assert_eq!(
                    promoted_name(&v, p.letter),
                    Some(p.name.as_str()),
                    "[{}] +{}",
                    v.name,
                    p.letter
                );
                used += 1;
            }
        }
        assert_eq!(
            used, 11,
            "minishogi's Tokin and Promoted Silver, shogi's Promoted Lance and \
             Promoted Knight, shoshogi's Crown Prince, judkins' Promoted Knight, \
             kyotoshogi's Tokin, okisakishogi's four"
        );
        assert!(parse("[x]\n+p = Tokin @ WfF\n").is_ok_and(|e| e[0].promoted.len() == 1));
        assert!(parse("[x]\n+pp = Tokin @ WfF\n").is_err());
        assert!(parse("[x]\n+p = Tokin\n").is_err());
    }

    #[test]
    fn a_child_inherits_its_parents_names_and_a_different_piece_gets_none() {
        assert_eq!(piece_name("xiangqi", 'a'), Some("Advisor"));
        assert_eq!(piece_name("xiangqihouse", 'a'), Some("Advisor"));
        let text = "[xiangqi]\nmaxFile = 9\nmaxRank = 10\ncustomPiece1 = a:W\nking = k\nstartFen = 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1\n";
        let v = &crate::variant::read(text, "mine.ini").unwrap()[0];
        assert!(Known::of(v).is_none());
        // Nor its sides' names: a user's "xiangqi" of other pieces keeps
        // White and Black.
        assert_eq!(side(v, Colour::White), "White");
    }

    #[test]
    fn sides_are_two_words_and_not_inherited() {
        let bad = parse("[x]\nsides = Red\n").unwrap_err();
        assert_eq!(bad.line, 2);
        assert!(parse("[x]\nsides = Red, Red\n").is_err());
        assert!(parse("[x]\nsides = red, Black\n").is_err());
        let janggi = entry("janggi").and_then(|e| e.sides.clone());
        assert_eq!(
            janggi.map(|s| (s.white, s.black)),
            Some(("Blue".into(), "Red".into()))
        );
        // Snort's parent is Ataxx (Red, Blue); Snort's players are not
        // Ataxx's.
        assert!(entry("snort").is_some_and(|e| e.sides.is_none()));
    }

    #[test]
    fn about_keys_are_keys_listed_once() {
        assert!(parse("[x]\nabout_keys = maxFile maxRank\n").is_ok());
        assert!(parse("[x]\nabout_keys = maxfile\n").is_err());
        assert!(parse("[x]\nabout_keys = fsf:colour\n").is_err());
        assert!(parse("[x]\nabout_keys = castling castling\n").is_err());
        assert!(parse("[x]\nabout_keys =\n").is_err());
    }

    #[test]
    fn made_names_are_never_a_letter() {
        for b in [
            "mQ",
            "FsfW",
            "CF",
            "DAW",
            "mKmNmAmD",
            "fRrbBlbF",
            "mfhNcfW",
            "",
            "mRpRmFpB2",
        ] {
            let n = made_name(b);
            assert!(n.len() > 2 && !n.starts_with("Piece "), "{b}: {n}");
        }
        assert_eq!(made_name("CF"), "Camel-Ferz");
        assert_eq!(made_name("mNcK"), "Knight / King-capturer");
        assert_eq!(made_name("ffNfsN"), "Forward Knight");
        assert_eq!(made_name("mfsW"), "Non-capturing Wazir");
        assert_eq!(made_name("mfFmfW"), "Forward non-capturing Ferz-Wazir");
        assert_eq!(made_name("lfrbB"), "Bishop");
    }
}
