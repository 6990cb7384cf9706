//! Variant definitions in Fairy-Stockfish's `variants.ini` format, read
//! into a typed [`Variant`], with each piece's moves spelled in the pages'
//! Betza dialect.
//!
//! The format (the header of Fairy-Stockfish's own `variants.ini`
//! documents it) is a list of sections. `[name]` starts a variant from
//! Fairy-Stockfish's default template (an 8×8 board with no pieces);
//! `[name:parent]` starts from a variant defined earlier in the same file
//! or from one of Fairy-Stockfish's built-in variants, and changes only what
//! it names. Lines are `key = value`; lines starting with `#` or `;` are
//! comments. Each line and value is read as Fairy-Stockfish reads it
//! ([`sections_and_skips`] for the lines): keys are case-sensitive, a
//! note after a value is part of it and each key reads its value up to
//! where Fairy-Stockfish stops (`maxFile = 6 # six` is 6, `castling =
//! true # yes` is false), a key it does not know is skipped; [`lint()`]
//! names each such line (`glance lint FILE.ini`). What this reader takes
//! from a section:
//!
//! * pieces: a predefined piece type by name (`rook = r`, the names and
//!   their Betza in [`fairy::PREDEFINED`]), `customPieceN = letter:Betza`
//!   (N from 1 to 25), `king = k` or `king = k:Betza`; `name = -` removes a
//!   piece, and a letter given to a piece takes it from any other;
//! * the board: `maxFile` (a number or a letter), `maxRank`;
//! * `startFen`: the squares of each piece and colour (a pocket `[...]`,
//!   `+` promoted and `*` wall squares are read and set aside);
//! * `doubleStep`, `doubleStepRegionWhite/Black` (where a pawn's double
//!   step and every piece's `i` moves are allowed);
//! * `castling` and the files the king goes to;
//! * promotion: `promotionPieceTypes[White|Black]`, `promotionPawnTypes`,
//!   `promotionRegionWhite/Black`, `mandatoryPawnPromotion`,
//!   `mandatoryPiecePromotion`, `promotedPieceType`;
//! * `pieceToCharTable` and the `mobilityRegion…` keys, as written.
//!
//! Every other key Fairy-Stockfish reads (game end, drops, counting…) is
//! read into the typed [`rules::Rules`] of [`Variant::rules`]. Every built-in variant of pyffish
//! 0.0.90 is modelled, as [`builtin::MODELLED`] lists; a parent that is
//! neither a built-in nor a section of the file is refused with
//! [`ErrorKind::UnknownParent`].
//!
//! Every error says where: `FILE:LINE: what is wrong`.
//!
//! Each piece carries its Betza as Fairy-Stockfish has it and, from
//! [`fairy::to_pages`], a string the pages' engine
//! ([`crate::engine::betza`]) draws exactly as Fairy-Stockfish moves the
//! piece on an empty board (or the reason it cannot be written).
//!
//! ```
//! use glance::variant::{read, Colour};
//! let text = "\
//! [mini:chess]
//! maxFile = 6
//! maxRank = 6
//! bishop = -
//! customPiece1 = e:mRcpR
//! startFen = rnekqr/pppppp/6/6/PPPPPP/RNEKQR w - - 0 1
//! castling = false
//! promotionPieceTypes = qren
//! ";
//! let variants = read(text, "mini.ini").unwrap();
//! let mini = &variants[0];
//! assert_eq!((mini.name.as_str(), mini.files, mini.ranks), ("mini", 6, 6));
//! let cannon = mini.piece('e').unwrap();
//! assert_eq!(cannon.betza, "mRcpR");
//! assert_eq!(cannon.pages.as_deref(), Ok("mRcpR"));
//! assert_eq!(mini.squares_of('e', Colour::White), ["c1"]);
//! assert!(mini.piece('b').is_none());
//! let err = read("[x]\nrook = r\nstartFen = 9/8/8/8/8/8/8/8 w - - 0 1\n", "x.ini").unwrap_err();
//! assert_eq!(err.to_string(), "x.ini:3: startFen: rank 8 has 9 squares, the board has 8 files");
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

pub mod builtin;
pub mod castling;
pub mod claims;
#[cfg(not(target_arch = "wasm32"))]
pub mod drops;
#[cfg(not(target_arch = "wasm32"))]
pub mod en_passant;
pub mod fairy;
mod fen;
#[cfg(not(target_arch = "wasm32"))]
pub mod gating;
mod ini;
mod keys;
pub mod meet;
#[cfg(not(target_arch = "wasm32"))]
pub mod piece_names;
#[cfg(not(target_arch = "wasm32"))]
pub mod placed;
#[cfg(not(target_arch = "wasm32"))]
pub mod promotion;
pub mod prose;
pub mod quirks;
pub mod reach;
mod region;
mod resolve;
pub mod rules;
#[cfg(not(target_arch = "wasm32"))]
pub mod walls;
mod warning;

/// The variant of a built-in's name, as the unit tests of the modules
/// beside read it (`[g:NAME]`, nothing changed).
#[cfg(test)]
pub(crate) fn builtin_for_tests(name: &str) -> Variant {
    last_for_tests(&format!("[g:{name}]\n"))
}

/// The last variant of `text` (its parents before it), as the unit tests
/// read a definition.
#[cfg(test)]
pub(crate) fn last_for_tests(text: &str) -> Variant {
    read(text, "t.ini")
        .map(|mut v| v.remove(v.len() - 1))
        .expect(text)
}

pub use crate::engine::geometry::{ByColour, Colour, Square};
pub use fairy::Skip;
pub use ini::{Entry, Section, sections, sections_and_skips};
pub use keys::is_known;
pub use quirks::{Warning, WarningKind, lint};

/// One variant of a definition file, its parent's settings merged in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    pub name: String,
    /// The parent named in `[name:parent]`, if any.
    pub parent: Option<String>,
    /// The line of the section's header.
    pub line: usize,
    pub files: u8,
    pub ranks: u8,
    /// The piece types, in Fairy-Stockfish's order of piece types.
    pub pieces: Vec<VariantPiece>,
    /// The start position: each piece on the board, by square.
    pub start: Vec<Placement>,
    /// The start position's walls (`*`): squares no piece may enter or
    /// cross, for the whole game.
    pub walls: Vec<Square>,
    /// The pieces in hand at the start (`[...]` of the FEN), as written.
    pub in_hand: String,
    /// The side to move first (the start FEN's second field).
    pub first: Colour,
    /// Whether each side may castle in the start position (a castling
    /// right in the start FEN; Legan's `-` has none, though castling is
    /// on; in Horde only Black has one).
    pub castles_at_start: ByColour<bool>,
    /// The checks each side has left to give at the start, in a game of
    /// check counting (`3+3` in the start FEN): White's, Black's.
    pub checks: Option<ByColour<u8>>,
    /// Where White's and Black's pawns may double-step and every piece's
    /// `i` moves are allowed (empty when `doubleStep = false`).
    pub double_step_white: Vec<Square>,
    pub double_step_black: Vec<Square>,
    /// Where White's and Black's pawns may also step three squares
    /// (`tripleStepRegionWhite/Black`; empty when `doubleStep = false`).
    pub triple_step_white: Vec<Square>,
    pub triple_step_black: Vec<Square>,
    pub castling: Castling,
    pub promotion: Promotion,
    pub piece_to_char_table: Option<String>,
    /// `mobilityRegion…` keys: pieces confined to squares.
    pub mobility_regions: Vec<MobilityRegion>,
    /// Every other rule Fairy-Stockfish reads, typed ([`rules`]).
    pub rules: rules::Rules,
    /// Values of this section Fairy-Stockfish reads only in part (a note
    /// after a square list, a letter no piece has in a piece set); the
    /// whole file's warnings come from [`lint()`].
    pub warnings: Vec<Warning>,
}

/// A piece type of a [`Variant`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantPiece {
    /// The letter (lower case) of its FEN: upper case is White's.
    pub letter: char,
    /// The predefined type's name (`rook`, `king`) or the custom slot
    /// (`customPiece3`).
    pub name: String,
    /// Its Betza as Fairy-Stockfish reads it (the predefined type's, or
    /// the one written after the letter).
    pub betza: String,
    /// Whether it is the royal piece (`king`).
    pub royal: bool,
    /// Moves Fairy-Stockfish gives it by rule rather than by its Betza:
    /// the pawn's double step, en passant, the soldier's river.
    pub special: Vec<Special>,
    /// The same moves in the pages' dialect, or why that cannot be.
    pub pages: Result<String, Skip>,
    /// The line that defined it (the parent's, or the built-in's 0).
    pub line: usize,
}

/// A rule Fairy-Stockfish applies to a piece beside its Betza.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Special {
    /// It may capture en passant (a pawn with a double step, a custom
    /// piece whose Betza has `e`).
    EnPassant,
    /// Its double step (`ifmnD`) only from its double-step region.
    DoubleStep,
    /// Its double and triple steps (`ifmW3`) only from its triple-step
    /// region, the double step also from the rest of its double-step
    /// region (both sides triple-step).
    DoubleAndTripleStep,
    /// One side's pawns also triple-step from its triple-step region (not
    /// in the pages' spelling, which serves both sides).
    TripleStepOneSide,
    /// Its `i` moves only from the double-step region.
    InitialMoves,
    /// A Soldier: forward only until `soldierPromotionRank`, then also
    /// sideways.
    SoldierRiver,
    /// A Janggi Cannon: it may not hop over or capture a cannon.
    NoCannonScreen,
    /// A pseudo-royal piece that its own capture would destroy: it never
    /// captures ([`rules::Rules::self_destroying`]), and its pages'
    /// spelling has its non-captures only.
    NeverCaptures(rules::SelfDestroy),
}

/// A piece confined to squares (`mobilityRegionWhiteWazir`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MobilityRegion {
    /// The piece's key name (`wazir`, `customPiece1`).
    pub piece: String,
    pub colour: Colour,
    pub squares: Vec<Square>,
}

/// A piece on a square of the start position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    pub square: Square,
    pub letter: char,
    pub colour: Colour,
    /// Written `+x` (a promoted piece, in shogi variants).
    pub promoted: bool,
}

/// Castling as the variant allows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Castling {
    pub allowed: bool,
    /// The king's file after castling on each side (0 = a).
    pub kingside_file: u8,
    pub queenside_file: u8,
}

/// Promotion settings.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Promotion {
    /// The letters a pawn may promote to, for White and for Black.
    pub piece_types_white: Vec<char>,
    pub piece_types_black: Vec<char>,
    /// The letters of White's pieces that promote as pawns.
    pub pawn_types: Vec<char>,
    /// Black's (`promotionPawnTypesBlack`; Spartan's Hoplite).
    pub pawn_types_black: Vec<char>,
    pub region_white: Vec<Square>,
    pub region_black: Vec<Square>,
    pub mandatory_pawn: bool,
    pub mandatory_piece: bool,
    /// `promotedPieceType`: (piece, what it promotes to).
    pub promoted: Vec<(char, char)>,
}

/// How many of piece `letter` side `colour` starts with, on the board
/// (`start`) and in hand (`in_hand`, as the FEN's pocket writes it).
pub(crate) fn start_count(
    start: &[Placement],
    in_hand: &str,
    letter: char,
    colour: Colour,
) -> usize {
    let hand = in_hand.chars().filter(|&c| match colour {
        Colour::White => c == letter.to_ascii_uppercase(),
        Colour::Black => c == letter,
    });
    let board = start
        .iter()
        .filter(|s| s.letter == letter && s.colour == colour);
    board.count() + hand.count()
}

impl Variant {
    /// The piece with this letter (either case).
    pub fn piece(&self, letter: char) -> Option<&VariantPiece> {
        let l = letter.to_ascii_lowercase();
        self.pieces.iter().find(|p| p.letter == l)
    }

    /// The squares (algebraic, a1 first by rank) of `letter`'s pieces of
    /// one colour in the start position.
    pub fn squares_of(&self, letter: char, colour: Colour) -> Vec<String> {
        let l = letter.to_ascii_lowercase();
        self.start
            .iter()
            .filter(|p| p.letter == l && p.colour == colour)
            .map(|p| {
                let mut s = String::new();
                p.square.push_name(&mut s);
                s
            })
            .collect()
    }

    /// Whether no position of the game can occur twice: each piece on the
    /// board captures with every move or does not move at all (the
    /// others are dropped), and no hand takes captured pieces back and
    /// no one passes; every move then adds a piece or takes one, so
    /// neither the n-move rule nor repetition can ever end the game
    /// (Fairy-Stockfish's do_move resets the half-move clock on every
    /// drop and capture).
    ///
    /// ```
    /// use glance::variant::read;
    /// let clobber = &read("[c:chess]\ncustomPiece1 = p:cW\npawn = -\nking = -\nknight = -\nbishop = -\nrook = -\nqueen = -\nmaxRank = 4\nmaxFile = 4\nstartFen = 4/4/PpPp/pPpP w - - 0 1\n", "c.ini").unwrap()[0];
    /// assert!(clobber.every_move_is_irreversible());
    /// let chess = &read("[x:chess]\n", "x.ini").unwrap()[0];
    /// assert!(!chess.every_move_is_irreversible());
    /// ```
    pub fn every_move_is_irreversible(&self) -> bool {
        let moves = &self.rules.moves;
        let met = meet::sides(self);
        !(self.rules.drops.captures_to_hand || moves.pass.white || moves.pass.black)
            && self
                .pieces
                .iter()
                .filter(|p| met.get(&p.letter).is_some_and(|s| s.met.contains(&true)))
                .all(|p| {
                    // (`immobile`'s Betza is empty: no moves.)
                    p.betza.is_empty()
                        || crate::engine::betza::parse(&p.betza).is_ok_and(|b| {
                            b.moves()
                                .iter()
                                .all(|m| m.modality == crate::engine::betza::Modality::CaptureOnly)
                        })
                })
    }

    /// The squares piece `p` of `colour` may end its moves on
    /// (`mobilityRegionWhiteKing` …), if a region confines it.
    ///
    /// ```
    /// use glance::variant::{read, Colour};
    /// let v = &read("[x:chess]\nmobilityRegionWhiteKing = d1 e1 f1\n", "x.ini").unwrap()[0];
    /// let king = v.piece('k').unwrap();
    /// assert_eq!(v.mobility_region(king, Colour::White).unwrap().len(), 3);
    /// assert!(v.mobility_region(king, Colour::Black).is_none());
    /// ```
    pub fn mobility_region(&self, p: &VariantPiece, colour: Colour) -> Option<&[Square]> {
        self.mobility_regions
            .iter()
            .rev()
            .find(|m| m.piece == p.name && m.colour == colour)
            .map(|m| m.squares.as_slice())
    }
}

/// What is wrong with a definition, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The file name given to [`read`].
    pub file: String,
    /// The line, from 1.
    pub line: usize,
    pub kind: ErrorKind,
}

/// The kinds of [`Error`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// A `[` line without its `]`, or a header with an empty name.
    BadHeader(String),
    /// A line that is neither a header, a comment nor `key = value`.
    BadLine(String),
    /// `key = value` before the first section.
    OutsideSection(String),
    /// `[child:parent]` whose parent is neither earlier in the file nor a
    /// modelled built-in.
    UnknownParent(String),
    /// A piece key whose name is no piece type (`custompiece1`, `dragon`),
    /// or a letter that is no piece of the variant (in a FEN, a piece set).
    UnknownPiece(String),
    /// `customPieceN` without `letter:Betza`, or a letter that is no letter.
    BadPieceValue { key: String, value: String },
    /// A Betza string the pages' parser refuses.
    BadBetza {
        key: String,
        betza: String,
        why: String,
    },
    /// A value of the wrong kind (`maxRank = x`, `castling = maybe`).
    BadValue { key: String, value: String },
    /// The board is larger than 12 files or 10 ranks.
    BoardTooLarge { files: u8, ranks: u8 },
    /// A FEN that does not fit the board.
    BadFen { key: String, why: String },
    /// A square list (`*2`, `a1 b2`) with a square off the board.
    BadRegion { key: String, value: String },
    /// The same section name twice.
    Duplicate(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: ", self.file, self.line)?;
        match &self.kind {
            ErrorKind::BadHeader(l) => write!(
                f,
                "a section header must be [name] or [name:parent], not {l}"
            ),
            ErrorKind::BadLine(l) => write!(f, "not a header, a comment or key = value: {l}"),
            ErrorKind::OutsideSection(k) => write!(f, "{k} comes before the first [section]"),
            ErrorKind::UnknownParent(p) => write!(
                f,
                "parent variant {p} is neither defined above nor a built-in this reader models"
            ),
            ErrorKind::UnknownPiece(p) => write!(f, "{p} is no piece type of this variant"),
            ErrorKind::BadPieceValue { key, value } => {
                write!(f, "{key} = {value}: expected a letter, letter:Betza, or -")
            }
            ErrorKind::BadBetza { key, betza, why } => {
                write!(f, "{key}: Betza {betza} is refused: {why}")
            }
            ErrorKind::BadValue { key, value } => write!(f, "{key} = {value}: not a valid value"),
            ErrorKind::BoardTooLarge { files, ranks } => write!(
                f,
                "a board of {files} files and {ranks} ranks is larger than 12x10"
            ),
            ErrorKind::BadFen { key, why } => write!(f, "{key}: {why}"),
            ErrorKind::BadRegion { key, value } => {
                write!(f, "{key} = {value}: a square is off the board or malformed")
            }
            ErrorKind::Duplicate(n) => write!(f, "section {n} is defined twice"),
        }
    }
}

impl core::error::Error for Error {}

/// Reads every section of a definition file. `file` names it in errors.
///
/// The first error stops the reading; [`read_each`] reads past them.
pub fn read(text: &str, file: &str) -> Result<Vec<Variant>, Error> {
    read_each(text, file).into_iter().collect()
}

/// Reads every section, each on its own: a section that cannot be read
/// gives its error and the others are still read (a child of a refused
/// section is refused, its parent being unknown). The file's syntax
/// errors (a line outside any section, a broken header) come first, alone.
pub fn read_each(text: &str, file: &str) -> Vec<Result<Variant, Error>> {
    match ini::sections(text, file) {
        Ok(sections) => resolve::resolve_all(&sections, file),
        Err(e) => alloc::vec![Err(e)],
    }
}
