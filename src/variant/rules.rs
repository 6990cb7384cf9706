//! The rules of a variant beyond its pieces, board, start position,
//! double steps, castling files and promotion (which [`super::Variant`]
//! holds itself): every other key Fairy-Stockfish's parser reads
//! (`parser.cpp`), read once into typed values, as it reads them.
//!
//! * a game result (`checkmateValue`, `nFoldValue`…) is an [`Outcome`];
//! * a square list (`flagRegionWhite`, `dropRegionBlack`…) is the squares
//!   it names on the board, read symbol by symbol up to `-` or the first
//!   malformed one;
//! * a per-side key is a [`ByColour`], the shared key (`flagRegion`) and
//!   the side's own (`flagRegionWhite`) applied in the parser's order, so
//!   a section's side key wins over its shared one and a child's shared
//!   key over its parent's side key;
//! * a set of pieces (`blastImmuneTypes`) is their letters, `*` every
//!   piece; one piece (`flagPiece`) is a letter, or `None` for "any";
//! * the rules named by a word (`countingRule`, `wallingRule`…) are enums
//!   whose variants are the parser's words;
//! * a number is read as a C++ stream reads one (`50 # moves` is 50).
//!
//! The page's words read these fields, never a key's name.
//!
//! ```
//! use glance::variant::{read, rules::{Outcome, Counting}};
//! let v = &read("[m:makruk]\n[r:chess]\nnFoldRule = 4\nnFoldValue = loss\nflagRegion = *8\nflagRegionBlack = *1\n", "t").unwrap();
//! assert_eq!(v[0].rules.end.counting, Counting::Makruk);
//! let r = &v[1].rules;
//! assert_eq!((r.repetition.n_fold, r.repetition.n_fold_value), (4, Outcome::Loss));
//! assert_eq!(r.end.flag.region.white.len(), 8);
//! assert_eq!(r.end.flag.region.black[0].to_string(), "a1");
//! ```

use alloc::string::String;
use alloc::vec::Vec;

use super::ini::{Entry, Section};
use super::region::region_read;
use crate::engine::geometry::{ByColour, Colour, MAX_SIDE, Square};

/// A game's result for the side it happens to, as Fairy-Stockfish's
/// `Value` keys give it: `win`, `loss`, `draw`, or `none` (no result:
/// the rule does not end the game). Any other word, a note after the
/// value included, reads as `none`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win,
    Loss,
    Draw,
    None,
}

impl Outcome {
    fn read(value: &str) -> Outcome {
        match value {
            "win" => Outcome::Win,
            "loss" => Outcome::Loss,
            "draw" => Outcome::Draw,
            _ => Outcome::None,
        }
    }

    /// The parser's word for it.
    pub fn word(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Loss => "loss",
            Outcome::Draw => "draw",
            Outcome::None => "none",
        }
    }
}

/// Words the parser reads into a rule: each enum below lists them.
macro_rules! words {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $word:literal),* $(,)? }) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
        pub enum $name {
            /// No such rule (`none`, or a word the parser does not know).
            #[default]
            None,
            $($(#[$vdoc])* $variant),*
        }

        impl $name {
            fn read(value: &str) -> $name {
                match value {
                    $($word => $name::$variant,)*
                    _ => $name::None,
                }
            }

            /// The parser's word for it.
            pub fn word(self) -> &'static str {
                match self {
                    $name::None => "none",
                    $($name::$variant => $word),*
                }
            }
        }
    };
}

words!(
    /// `countingRule`: how a bare side's moves are counted to a draw.
    Counting {
        /// Makruk's: the count starts when one side has no pawns left.
        Makruk = "makruk",
        /// Cambodian (Ouk Chatrang) counting, read though the parser
        /// calls the word invalid.
        Cambodian = "cambodian",
        /// The ASEAN rules' count.
        Asean = "asean",
    }
);

words!(
    /// `materialCounting`: who wins when the game is adjudicated by
    /// material (at the move rule's end, or a full board).
    MaterialCounting {
        /// Janggi's points (Black, moving second, gets 1.5).
        Janggi = "janggi",
        /// More pieces wins.
        Unweighted = "unweighted",
        /// A draw counts as White's win.
        WhiteDrawOdds = "whitedrawodds",
        /// A draw counts as Black's win (Armageddon).
        BlackDrawOdds = "blackdrawodds",
    }
);

words!(
    /// `chasingRule`: perpetual chases forbidden.
    Chasing {
        /// The Asian Xiangqi Federation's rules.
        Axf = "axf",
    }
);

words!(
    /// `enclosingDrop` and `flipEnclosedPieces`: drops that must enclose
    /// enemy pieces, and what enclosed pieces do.
    Enclosing {
        Reversi = "reversi",
        Ataxx = "ataxx",
        Quadwrangle = "quadwrangle",
        Snort = "snort",
        Anyside = "anyside",
        /// Dropped on the lowest empty square of a file (`dropOnTop`).
        Top = "top",
    }
);

words!(
    /// `wallingRule`: a wall placed after each move.
    Walling {
        /// An arrow shot from the moved piece (Amazons).
        Arrow = "arrow",
        /// The duck, moved after each move (Duck chess).
        Duck = "duck",
        Edge = "edge",
        /// The square the piece left.
        Past = "past",
        Static = "static",
    }
);

/// A side's castling on one wing (`castlingWins = K`: White's
/// king-side castling wins the game).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct CastlingRight {
    pub colour: Colour,
    pub king_side: bool,
}

/// How the game ends besides repetition and the move rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// `checkmateValue`, for the side checkmated (default loss).
    pub checkmate: Outcome,
    /// `stalemateValue`, for the side stalemated (default draw).
    pub stalemate: Outcome,
    /// `stalematePieceCount`: at stalemate the side with more pieces wins.
    pub stalemate_piece_count: bool,
    pub extinction: Extinction,
    pub flag: Flag,
    /// `checkCounting`: the FEN's check counts; a side that gives its
    /// count of checks wins.
    pub check_counting: bool,
    pub connect: Connect,
    pub material_counting: MaterialCounting,
    /// `adjudicateFullBoard`: a full board ends the game, decided by
    /// material.
    pub adjudicate_full_board: bool,
    pub counting: Counting,
    /// `castlingWins`: castling that wins at once.
    pub castling_wins: Vec<CastlingRight>,
    /// `shatarMateRule`: mate only by a checking sequence Shatar allows.
    pub shatar_mate: bool,
    /// `bikjangRule`: the Kings facing each other on an open file end the
    /// game by points (Janggi).
    pub bikjang: bool,
}

/// `extinction…`: a side that has lost its pieces of some types.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extinction {
    /// `extinctionValue`, for the side whose pieces are gone (default
    /// none: no extinction rule).
    pub value: Outcome,
    /// `extinctionPieceTypes`, the types named one by one: a side that
    /// is left with at most `piece_count` of any one of them.
    pub piece_types: Vec<char>,
    /// `*` in `extinctionPieceTypes` (Fairy-Stockfish's `ALL_PIECES`): a
    /// side left with at most `piece_count` pieces, all types together.
    pub every_piece: bool,
    /// `extinctionPieceCount`: gone means at most this many left.
    pub piece_count: i32,
    /// `extinctionOpponentPieceCount`.
    pub opponent_piece_count: i32,
    /// `extinctionClaim`.
    pub claim: bool,
    /// `extinctionPseudoRoyal`: the pieces may not be left attacked.
    pub pseudo_royal: bool,
    /// `dupleCheck`: with several pseudo-royal pieces, all are in check
    /// only when all are attacked.
    pub duple_check: bool,
}

/// `flag…`: bringing a piece to a region wins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flag {
    /// `flagPiece`: `None` is any piece (the parser's default).
    pub piece: ByColour<Option<char>>,
    /// `flagRegion`: empty, no flag rule.
    pub region: ByColour<Vec<Square>>,
    /// `flagPieceCount`.
    pub count: i32,
    /// `flagPieceBlockedWin`.
    pub blocked_win: bool,
    /// `flagMove`: the other side gets one more move after a flag is
    /// reached.
    pub extra_move: bool,
    /// `flagPieceSafe`: the piece on the flag must not be attacked.
    pub safe: bool,
}

/// `connect…`: a line of pieces wins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connect {
    /// `connectN`: 0, no rule.
    pub n: i32,
    /// `connectPieceTypes`: `None` is every piece.
    pub piece_types: Option<Vec<char>>,
    pub horizontal: bool,
    pub vertical: bool,
    pub diagonal: bool,
    /// `connectRegion1…` and `connectRegion2…`: regions to join.
    pub region1: ByColour<Vec<Square>>,
    pub region2: ByColour<Vec<Square>>,
    /// `connectNxN`: a square of N×N pieces.
    pub n_by_n: i32,
    /// `collinearN`.
    pub collinear: i32,
    /// `connectValue`, for the side that connects (default win).
    pub value: Outcome,
}

/// Repetition and the move rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repetition {
    /// `nMoveRule`: moves by each side with no capture or move of
    /// `n_move_types` (0: no rule).
    pub n_move: i32,
    /// `nMoveRuleTypes` (alias `pawnTypes`): the pieces whose moves reset
    /// the count.
    pub n_move_types: ByColour<Vec<char>>,
    /// `nFoldRule`: the number of times a position occurs.
    pub n_fold: i32,
    /// `nFoldValue`, for the side to move.
    pub n_fold_value: Outcome,
    /// `nFoldValueAbsolute`: the value is White's, not the side to move's.
    pub n_fold_value_absolute: bool,
    /// `perpetualCheckIllegal`.
    pub perpetual_check_illegal: bool,
    /// `moveRepetitionIllegal`.
    pub move_repetition_illegal: bool,
    pub chasing: Chasing,
}

/// Drops from a hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drops {
    /// `pieceDrops`.
    pub allowed: bool,
    /// `dropLoop`: a captured promoted piece goes to hand promoted.
    pub drop_loop: bool,
    /// `capturesToHand`.
    pub captures_to_hand: bool,
    /// `firstRankPawnDrops`.
    pub first_rank_pawn_drops: bool,
    /// `promotionZonePawnDrops`.
    pub promotion_zone_pawn_drops: bool,
    /// `enclosingDrop` (`dropOnTop`: [`Enclosing::Top`]).
    pub enclosing: Enclosing,
    /// `enclosingDropStart`.
    pub enclosing_start: Vec<Square>,
    /// `dropRegionWhite/Black` (`whiteDropRegion`): the whole board by
    /// default.
    pub region: ByColour<Vec<Square>>,
    /// `sittuyinRookDrop`.
    pub sittuyin_rook_drop: bool,
    /// `dropOppositeColoredBishop`.
    pub opposite_coloured_bishop: bool,
    /// `dropPromoted`.
    pub promoted: bool,
    /// `dropNoDoubled`: the piece that may not be dropped on a file with
    /// `no_doubled_count` of its own.
    pub no_doubled: Option<char>,
    /// `dropNoDoubledCount`.
    pub no_doubled_count: i32,
    /// `dropChecks`: a drop may give check (default true).
    pub checks: bool,
    /// `shogiPawnDropMateIllegal`.
    pub pawn_drop_mate_illegal: bool,
    /// `mustDrop`.
    pub must_drop: bool,
    /// `mustDropType`: `None` is any piece.
    pub must_drop_type: Option<char>,
    /// `immobilityIllegal`: no drop or move to a square the piece could
    /// never leave.
    pub immobility_illegal: bool,
    /// `castlingDroppedPiece`.
    pub castling_dropped_piece: bool,
    /// Fairy-Stockfish's `freeDrops`, which no key of a definition file
    /// sets (`ataxx_variant()` in variant.cpp; a section built on Ataxx
    /// inherits it): every piece type may be dropped, none is counted in
    /// a hand, and the FEN writes no hand (`Position::can_drop`,
    /// `add_to_hand`).
    pub free: bool,
}

/// Captures: compulsion, blasts, immunity, petrification.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Captures {
    /// `mustCapture`.
    pub must_capture: bool,
    /// `blastOnCapture`.
    pub blast: bool,
    /// `blastImmuneTypes`.
    pub blast_immune: Vec<char>,
    /// `mutuallyImmuneTypes`: pieces that cannot capture each other.
    pub mutually_immune: Vec<char>,
    /// `petrifyOnCaptureTypes`: pieces that turn to walls after capturing.
    pub petrify_on_capture: Vec<char>,
    /// `petrifyBlastPieces`.
    pub petrify_blast: bool,
}

/// What a pseudo-royal piece's own capture would do to it
/// ([`Rules::self_destroying`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SelfDestroy {
    /// The blast would take it (`blastOnCapture`).
    Blast,
    /// It would turn to a wall (`petrifyOnCaptureTypes`).
    Petrify,
}

/// Special moves, and rules on moving.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moves {
    /// `checking`: giving check is allowed (default true).
    pub checking: bool,
    /// `tripleStepRegionWhite/Black`.
    pub triple_step: ByColour<Vec<Square>>,
    /// `enPassantRegion…`: the whole board by default.
    pub en_passant_region: ByColour<Vec<Square>>,
    /// `enPassantTypes` (alias `pawnTypes`; a custom piece with `e`).
    pub en_passant_types: ByColour<Vec<char>>,
    /// `castlingRank`, from 1.
    pub castling_rank: u8,
    /// `castlingKingFile` (0 = a).
    pub castling_king_file: u8,
    /// `castlingKingPiece`: `None` is the King.
    pub castling_king_piece: ByColour<Option<char>>,
    /// `castlingRookKingsideFile` (`None`: the last file).
    pub castling_rook_kingside_file: Option<u8>,
    /// `castlingRookQueensideFile` (0 = a).
    pub castling_rook_queenside_file: u8,
    /// `castlingRookPieces` (`castlingRookPiece`).
    pub castling_rook_pieces: ByColour<Vec<char>>,
    /// `oppositeCastling`.
    pub opposite_castling: bool,
    /// `gating`.
    pub gating: bool,
    /// `seirawanGating`.
    pub seirawan_gating: bool,
    pub walling: Walling,
    /// `wallingRegion…`: the whole board by default.
    pub walling_region: ByColour<Vec<Square>>,
    /// `wallOrMove`.
    pub wall_or_move: bool,
    /// `cambodianMoves`: the King's and Queen's first leaps.
    pub cambodian: bool,
    /// `diagonalLines`: the squares on which the palace diagonals run.
    pub diagonal_lines: Vec<Square>,
    /// `pass…`.
    pub pass: ByColour<bool>,
    /// `passOnStalemate…`.
    pub pass_on_stalemate: ByColour<bool>,
    /// `makpongRule`: a King in check may not move (Makpong).
    pub makpong: bool,
    /// `flyingGeneral`: the Generals may not face each other.
    pub flying_general: bool,
    /// `soldierPromotionRank`, from 1: where a Soldier also steps
    /// sideways.
    pub soldier_promotion_rank: u8,
    /// `flipEnclosedPieces`.
    pub flip_enclosed: Enclosing,
    /// `sittuyinPromotion`.
    pub sittuyin_promotion: bool,
    /// `promotionLimit`: (piece, most on the board of each side).
    pub promotion_limit: Vec<(char, i32)>,
    /// `piecePromotionOnCapture`: a piece promotes only by capturing.
    pub promotion_on_capture: bool,
    /// `pieceDemotion`: a promoted piece demotes when it moves.
    pub demotion: bool,
}

/// What only the engine uses: evaluation, notation and the like.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Engine {
    /// `variantTemplate` (default `fairy`).
    pub template: Option<String>,
    /// `pocketSize`.
    pub pocket_size: i32,
    /// `chess960`.
    pub chess960: bool,
    /// `twoBoards` (bughouse).
    pub two_boards: bool,
    /// `pieceValueMg` and `pieceValueEg`: (piece, value).
    pub value_mg: Vec<(char, i32)>,
    pub value_eg: Vec<(char, i32)>,
}

/// Every rule of a variant besides its pieces, board, position, double
/// steps, castling files and promotion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub end: GameEnd,
    pub repetition: Repetition,
    pub drops: Drops,
    pub captures: Captures,
    pub moves: Moves,
    pub engine: Engine,
}

/// Stands for Fairy-Stockfish's pawn type in a default set of pieces
/// (`enPassantTypes`, `nMoveRuleTypes`): its letter is known only when the
/// variant's pieces are (see [`Rules::finish`]).
pub(super) const PAWN_TYPE: char = '\u{0}';
/// Stands for the rook type (`castlingRookPieces`).
const ROOK_TYPE: char = '\u{1}';

/// A set of pieces with the stand-ins for Fairy-Stockfish's pawn and
/// rook types given their letters in the variant (`types`: each piece's
/// key name and letter); a type the variant lacks drops out, and each
/// letter is kept once.
pub(super) fn type_letters(set: &[char], types: &[(&str, char)]) -> Vec<char> {
    let letter = |name: &str| types.iter().find(|t| t.0 == name).map(|t| t.1);
    let mut out = Vec::new();
    for &c in set {
        let c = match c {
            PAWN_TYPE => letter("pawn"),
            ROOK_TYPE => letter("rook"),
            c => Some(c),
        };
        if let Some(c) = c.filter(|c| !out.contains(c)) {
            out.push(c);
        }
    }
    out
}

/// Every square of the largest board a region may name (regions are read
/// before the board's size is final, then kept to the board by [`Rules::finish`]).
fn everywhere() -> Vec<Square> {
    let mut out = Vec::new();
    for y in 0..MAX_SIDE {
        for x in 0..MAX_SIDE {
            out.extend(Square::new(x, y));
        }
    }
    out
}

impl Default for Rules {
    /// Fairy-Stockfish's defaults (its `variant.h`).
    fn default() -> Rules {
        let all = everywhere();
        Rules {
            end: GameEnd {
                checkmate: Outcome::Loss,
                stalemate: Outcome::Draw,
                stalemate_piece_count: false,
                extinction: Extinction {
                    value: Outcome::None,
                    piece_types: Vec::new(),
                    every_piece: false,
                    piece_count: 0,
                    opponent_piece_count: 0,
                    claim: false,
                    pseudo_royal: false,
                    duple_check: false,
                },
                flag: Flag {
                    piece: ByColour::both(None),
                    region: ByColour::default(),
                    count: 1,
                    blocked_win: false,
                    extra_move: false,
                    safe: false,
                },
                check_counting: false,
                connect: Connect {
                    n: 0,
                    piece_types: None,
                    horizontal: true,
                    vertical: true,
                    diagonal: true,
                    region1: ByColour::default(),
                    region2: ByColour::default(),
                    n_by_n: 0,
                    collinear: 0,
                    value: Outcome::Win,
                },
                material_counting: MaterialCounting::None,
                adjudicate_full_board: false,
                counting: Counting::None,
                castling_wins: Vec::new(),
                shatar_mate: false,
                bikjang: false,
            },
            repetition: Repetition {
                n_move: 50,
                n_move_types: ByColour::both(alloc::vec![PAWN_TYPE]),
                n_fold: 3,
                n_fold_value: Outcome::Draw,
                n_fold_value_absolute: false,
                perpetual_check_illegal: false,
                move_repetition_illegal: false,
                chasing: Chasing::None,
            },
            drops: Drops {
                allowed: false,
                drop_loop: false,
                captures_to_hand: false,
                first_rank_pawn_drops: false,
                promotion_zone_pawn_drops: false,
                enclosing: Enclosing::None,
                enclosing_start: Vec::new(),
                region: ByColour::both(all.clone()),
                sittuyin_rook_drop: false,
                opposite_coloured_bishop: false,
                promoted: false,
                no_doubled: None,
                no_doubled_count: 1,
                checks: true,
                pawn_drop_mate_illegal: false,
                must_drop: false,
                must_drop_type: None,
                immobility_illegal: false,
                castling_dropped_piece: false,
                free: false,
            },
            captures: Captures {
                must_capture: false,
                blast: false,
                blast_immune: Vec::new(),
                mutually_immune: Vec::new(),
                petrify_on_capture: Vec::new(),
                petrify_blast: false,
            },
            moves: Moves {
                checking: true,
                triple_step: ByColour::default(),
                en_passant_region: ByColour::both(all.clone()),
                en_passant_types: ByColour::both(alloc::vec![PAWN_TYPE]),
                castling_rank: 1,
                castling_king_file: 4,
                castling_king_piece: ByColour::both(None),
                castling_rook_kingside_file: None,
                castling_rook_queenside_file: 0,
                castling_rook_pieces: ByColour::both(alloc::vec![ROOK_TYPE]),
                opposite_castling: false,
                gating: false,
                seirawan_gating: false,
                walling: Walling::None,
                walling_region: ByColour::both(all),
                wall_or_move: false,
                cambodian: false,
                diagonal_lines: Vec::new(),
                pass: ByColour::both(false),
                pass_on_stalemate: ByColour::both(false),
                makpong: false,
                flying_general: false,
                soldier_promotion_rank: 1,
                flip_enclosed: Enclosing::None,
                sittuyin_promotion: false,
                promotion_limit: Vec::new(),
                promotion_on_capture: false,
                demotion: false,
            },
            engine: Engine::default(),
        }
    }
}

/// One section's values, read as the parser reads each type.
struct Reader<'a> {
    section: &'a Section,
    /// The variant's piece letters (lower case) when the section is read.
    letters: &'a [char],
}

impl Reader<'_> {
    fn get(&self, key: &str) -> Option<&Entry> {
        self.section.get(key)
    }

    fn bool(&self, key: &str, target: &mut bool) {
        if let Some(e) = self.get(key) {
            *target = e.value == "true";
        }
    }

    /// An `int`: a sign and digits at the start (`50 # moves` is 50);
    /// nothing a number, 0, as a C++ stream leaves it.
    fn int(&self, key: &str, target: &mut i32) {
        if let Some(e) = self.get(key) {
            *target = leading_int(&e.value).unwrap_or(0);
        }
    }

    /// A rank, from 1 (an invalid one is left as it was).
    fn rank(&self, key: &str, target: &mut u8) {
        if let Some(n) = self.get(key).and_then(|e| leading_int(&e.value)) {
            if (1..=i32::from(MAX_SIDE)).contains(&n) {
                *target = n as u8;
            }
        }
    }

    /// A file, a number from 1 or a letter; returned from 0.
    fn file(&self, key: &str) -> Option<u8> {
        let v = self.get(key)?.value.as_str();
        let f = match v.as_bytes().first()? {
            c @ b'a'..=b'z' => i32::from(c - b'a'),
            _ => leading_int(v)? - 1,
        };
        u8::try_from(f).ok().filter(|f| *f < MAX_SIDE)
    }

    fn outcome(&self, key: &str, target: &mut Outcome) {
        if let Some(e) = self.get(key) {
            *target = Outcome::read(&e.value);
        }
    }

    /// A region's squares on the largest board (kept to the variant's by
    /// [`Rules::finish`]).
    fn squares(&self, key: &str) -> Option<Vec<Square>> {
        self.get(key)
            .map(|e| region_read(&e.value, MAX_SIDE, MAX_SIDE).0)
    }

    fn region(&self, key: &str, target: &mut Vec<Square>) {
        if let Some(v) = self.squares(key) {
            *target = v;
        }
    }

    fn region_both(&self, key: &str, target: &mut ByColour<Vec<Square>>) {
        if let Some(v) = self.squares(key) {
            *target = ByColour::both(v);
        }
    }

    /// A set of pieces: letters (one character at a time, spaces
    /// skipped), up to the first that is no piece's; `*` every piece.
    fn pieces(&self, key: &str) -> Option<Vec<char>> {
        let (every, mut out) = self.piece_set(key)?;
        if every {
            for &l in self.letters {
                if !out.contains(&l) {
                    out.push(l);
                }
            }
        }
        Some(out)
    }

    /// A set of pieces as Fairy-Stockfish's parser keeps it: whether `*`
    /// (its `ALL_PIECES`, a side's pieces counted together) is among
    /// them, and the letters named one by one, up to the first that is
    /// no piece's.
    fn piece_set(&self, key: &str) -> Option<(bool, Vec<char>)> {
        let e = self.get(key)?;
        let mut every = false;
        let mut out = Vec::new();
        for c in e.value.chars().filter(|c| !c.is_whitespace()) {
            if c == '*' {
                every = true;
                continue;
            }
            let l = c.to_ascii_lowercase();
            if !self.letters.contains(&l) {
                break;
            }
            if !out.contains(&l) {
                out.push(l);
            }
        }
        Some((every, out))
    }

    /// One piece: the last of the letters read as [`Reader::pieces`]
    /// reads them; `*` (or none) is `None`, any piece.
    fn piece(&self, key: &str) -> Option<Option<char>> {
        let e = self.get(key)?;
        let mut out = None;
        for c in e.value.chars().filter(|c| !c.is_whitespace()) {
            let l = c.to_ascii_lowercase();
            if c == '*' {
                out = None;
            } else if self.letters.contains(&l) {
                out = Some(l);
            } else {
                break;
            }
        }
        Some(out)
    }

    /// `letter:count` pairs (`promotionLimit`, `pieceValueMg`), up to the
    /// first that is no piece's or no number.
    fn counts(&self, key: &str) -> Option<Vec<(char, i32)>> {
        let e = self.get(key)?;
        let mut out: Vec<(char, i32)> = Vec::new();
        let mut rest = e.value.trim_start();
        while let Some(c) = rest.chars().next() {
            let l = c.to_ascii_lowercase();
            if !self.letters.contains(&l) {
                break;
            }
            // The letter, one character (the separator), then a number.
            let after = rest[c.len_utf8()..].trim_start();
            let Some(sep) = after.chars().next() else {
                break;
            };
            let number = after[sep.len_utf8()..].trim_start();
            let Some(n) = leading_int(number) else { break };
            out.retain(|(x, _)| *x != l);
            out.push((l, n));
            let digits = number
                .char_indices()
                .skip(1)
                .find(|(_, ch)| !ch.is_ascii_digit())
                .map_or(number.len(), |(i, _)| i);
            rest = number[digits..].trim_start();
        }
        Some(out)
    }
}

/// The integer a value starts with (a sign, then digits), as a C++
/// stream reads an `int`.
fn leading_int(v: &str) -> Option<i32> {
    let v = v.trim_start();
    let sign = usize::from(v.starts_with(['-', '+']));
    let end = v[sign..]
        .find(|c: char| !c.is_ascii_digit())
        .map_or(v.len(), |i| i + sign);
    v[..end].parse().ok()
}

/// Sets both sides from the shared key, then each from its own: the
/// parser's order for a per-side key.
fn sides<T: Clone>(
    target: &mut ByColour<T>,
    read: impl Fn(&str) -> Option<T>,
    shared: &str,
    white: &str,
    black: &str,
) {
    if let Some(v) = read(shared) {
        *target = ByColour::both(v);
    }
    if let Some(v) = read(white) {
        target.white = v;
    }
    if let Some(v) = read(black) {
        target.black = v;
    }
}

impl Rules {
    /// Applies one section's keys, in the order Fairy-Stockfish's parser
    /// reads them (deprecated keys and aliases first, so that the
    /// current key wins). `letters` are the piece letters the variant has
    /// when the section's pieces are read.
    pub(super) fn apply(&mut self, section: &Section, letters: &[char]) {
        let r = Reader { section, letters };
        self.apply_old_keys(&r);
        self.apply_captures(&r);
        self.apply_drops(&r);
        self.apply_moves(&r);
        self.apply_ends(&r);
    }

    /// Deprecated keys and aliases, read before the current ones.
    fn apply_old_keys(&mut self, r: &Reader<'_>) {
        // Deprecated keys, read before the current ones.
        if let Some(v) = r.squares("whiteFlag") {
            self.end.flag.region.white = v;
        }
        if let Some(v) = r.squares("blackFlag") {
            self.end.flag.region.black = v;
        }
        if let Some(v) = r.pieces("castlingRookPiece") {
            self.moves.castling_rook_pieces = ByColour::both(v);
        }
        if let Some(v) = r.squares("whiteDropRegion") {
            self.drops.region.white = v;
        }
        if let Some(v) = r.squares("blackDropRegion") {
            self.drops.region.black = v;
        }
        let mut on_top = false;
        r.bool("dropOnTop", &mut on_top);
        if on_top {
            self.drops.enclosing = Enclosing::Top;
        }
        // `pawnTypes`: an alias of the promotion, en passant and move-rule
        // pawns (the promotion pawns are the variant's own field).
        if let Some(v) = r.pieces("pawnTypes") {
            self.moves.en_passant_types = ByColour::both(v.clone());
            self.repetition.n_move_types = ByColour::both(v);
        }
        let e = &mut self.engine;
        if let Some(x) = r.get("variantTemplate") {
            e.template = Some(x.value.clone());
        }
        r.int("pocketSize", &mut e.pocket_size);
        r.bool("chess960", &mut e.chess960);
        r.bool("twoBoards", &mut e.two_boards);
        if let Some(v) = r.counts("pieceValueMg") {
            e.value_mg = v;
        }
        if let Some(v) = r.counts("pieceValueEg") {
            e.value_eg = v;
        }
    }

    /// Promotion rules, blasts, petrification, steps, en passant, castling.
    fn apply_captures(&mut self, r: &Reader<'_>) {
        let m = &mut self.moves;
        r.bool("sittuyinPromotion", &mut m.sittuyin_promotion);
        if let Some(v) = r.counts("promotionLimit") {
            m.promotion_limit = v;
        }
        r.bool("piecePromotionOnCapture", &mut m.promotion_on_capture);
        r.bool("pieceDemotion", &mut m.demotion);
        let c = &mut self.captures;
        r.bool("blastOnCapture", &mut c.blast);
        if let Some(v) = r.pieces("blastImmuneTypes") {
            c.blast_immune = v;
        }
        if let Some(v) = r.pieces("mutuallyImmuneTypes") {
            c.mutually_immune = v;
        }
        if let Some(v) = r.pieces("petrifyOnCaptureTypes") {
            c.petrify_on_capture = v;
        }
        r.bool("petrifyBlastPieces", &mut c.petrify_blast);
        if let Some(v) = r.squares("tripleStepRegionWhite") {
            m.triple_step.white = v;
        }
        if let Some(v) = r.squares("tripleStepRegionBlack") {
            m.triple_step.black = v;
        }
        sides(
            &mut m.en_passant_region,
            |k| r.squares(k),
            "enPassantRegion",
            "enPassantRegionWhite",
            "enPassantRegionBlack",
        );
        sides(
            &mut m.en_passant_types,
            |k| r.pieces(k),
            "enPassantTypes",
            "enPassantTypesWhite",
            "enPassantTypesBlack",
        );
        r.bool(
            "castlingDroppedPiece",
            &mut self.drops.castling_dropped_piece,
        );
        r.rank("castlingRank", &mut m.castling_rank);
        if let Some(f) = r.file("castlingKingFile") {
            m.castling_king_file = f;
        }
        sides(
            &mut m.castling_king_piece,
            |k| r.piece(k),
            "castlingKingPiece",
            "castlingKingPieceWhite",
            "castlingKingPieceBlack",
        );
        if let Some(f) = r.file("castlingRookKingsideFile") {
            m.castling_rook_kingside_file = Some(f);
        }
        if let Some(f) = r.file("castlingRookQueensideFile") {
            m.castling_rook_queenside_file = f;
        }
        sides(
            &mut m.castling_rook_pieces,
            |k| r.pieces(k),
            "castlingRookPieces",
            "castlingRookPiecesWhite",
            "castlingRookPiecesBlack",
        );
        r.bool("oppositeCastling", &mut m.opposite_castling);
        r.bool("checking", &mut m.checking);
    }

    /// Drops.
    fn apply_drops(&mut self, r: &Reader<'_>) {
        let d = &mut self.drops;
        r.bool("dropChecks", &mut d.checks);
        r.bool("mustCapture", &mut self.captures.must_capture);
        r.bool("mustDrop", &mut d.must_drop);
        if let Some(p) = r.piece("mustDropType") {
            d.must_drop_type = p;
        }
        r.bool("pieceDrops", &mut d.allowed);
        r.bool("dropLoop", &mut d.drop_loop);
        r.bool("capturesToHand", &mut d.captures_to_hand);
        r.bool("firstRankPawnDrops", &mut d.first_rank_pawn_drops);
        r.bool("promotionZonePawnDrops", &mut d.promotion_zone_pawn_drops);
        if let Some(x) = r.get("enclosingDrop") {
            d.enclosing = Enclosing::read(&x.value);
        }
        r.region("enclosingDropStart", &mut d.enclosing_start);
        if let Some(v) = r.squares("dropRegionWhite") {
            d.region.white = v;
        }
        if let Some(v) = r.squares("dropRegionBlack") {
            d.region.black = v;
        }
        r.bool("sittuyinRookDrop", &mut d.sittuyin_rook_drop);
        r.bool("dropOppositeColoredBishop", &mut d.opposite_coloured_bishop);
        r.bool("dropPromoted", &mut d.promoted);
        if let Some(p) = r.piece("dropNoDoubled") {
            d.no_doubled = p;
        }
        r.int("dropNoDoubledCount", &mut d.no_doubled_count);
        r.bool("immobilityIllegal", &mut d.immobility_illegal);
    }

    /// Gating, walls, passing and the other special moves.
    fn apply_moves(&mut self, r: &Reader<'_>) {
        let m = &mut self.moves;
        r.bool("gating", &mut m.gating);
        if let Some(x) = r.get("wallingRule") {
            m.walling = Walling::read(&x.value);
        }
        if let Some(v) = r.squares("wallingRegionWhite") {
            m.walling_region.white = v;
        }
        if let Some(v) = r.squares("wallingRegionBlack") {
            m.walling_region.black = v;
        }
        r.region_both("wallingRegion", &mut m.walling_region);
        r.bool("wallOrMove", &mut m.wall_or_move);
        r.bool("seirawanGating", &mut m.seirawan_gating);
        r.bool("cambodianMoves", &mut m.cambodian);
        r.region("diagonalLines", &mut m.diagonal_lines);
        let bool_of = |k: &str| r.get(k).map(|e| e.value == "true");
        sides(&mut m.pass, bool_of, "pass", "passWhite", "passBlack");
        sides(
            &mut m.pass_on_stalemate,
            bool_of,
            "passOnStalemate",
            "passOnStalemateWhite",
            "passOnStalemateBlack",
        );
        r.bool("makpongRule", &mut m.makpong);
        r.bool("flyingGeneral", &mut m.flying_general);
        r.rank("soldierPromotionRank", &mut m.soldier_promotion_rank);
        if let Some(x) = r.get("flipEnclosedPieces") {
            m.flip_enclosed = Enclosing::read(&x.value);
        }
    }

    /// Repetition and how the game ends.
    fn apply_ends(&mut self, r: &Reader<'_>) {
        let p = &mut self.repetition;
        sides(
            &mut p.n_move_types,
            |k| r.pieces(k),
            "nMoveRuleTypes",
            "nMoveRuleTypesWhite",
            "nMoveRuleTypesBlack",
        );
        r.int("nMoveRule", &mut p.n_move);
        r.int("nFoldRule", &mut p.n_fold);
        r.outcome("nFoldValue", &mut p.n_fold_value);
        r.bool("nFoldValueAbsolute", &mut p.n_fold_value_absolute);
        r.bool("perpetualCheckIllegal", &mut p.perpetual_check_illegal);
        r.bool("moveRepetitionIllegal", &mut p.move_repetition_illegal);
        if let Some(x) = r.get("chasingRule") {
            p.chasing = Chasing::read(&x.value);
        }

        let g = &mut self.end;
        r.outcome("stalemateValue", &mut g.stalemate);
        r.bool("stalematePieceCount", &mut g.stalemate_piece_count);
        r.outcome("checkmateValue", &mut g.checkmate);
        r.bool(
            "shogiPawnDropMateIllegal",
            &mut self.drops.pawn_drop_mate_illegal,
        );
        r.bool("shatarMateRule", &mut g.shatar_mate);
        r.bool("bikjangRule", &mut g.bikjang);
        let x = &mut g.extinction;
        r.outcome("extinctionValue", &mut x.value);
        r.bool("extinctionClaim", &mut x.claim);
        r.bool("extinctionPseudoRoyal", &mut x.pseudo_royal);
        r.bool("dupleCheck", &mut x.duple_check);
        if let Some((every, v)) = r.piece_set("extinctionPieceTypes") {
            x.every_piece = every;
            x.piece_types = v;
        }
        r.int("extinctionPieceCount", &mut x.piece_count);
        r.int("extinctionOpponentPieceCount", &mut x.opponent_piece_count);
        let f = &mut g.flag;
        sides(
            &mut f.piece,
            |k| r.piece(k),
            "flagPiece",
            "flagPieceWhite",
            "flagPieceBlack",
        );
        sides(
            &mut f.region,
            |k| r.squares(k),
            "flagRegion",
            "flagRegionWhite",
            "flagRegionBlack",
        );
        r.int("flagPieceCount", &mut f.count);
        r.bool("flagPieceBlockedWin", &mut f.blocked_win);
        r.bool("flagMove", &mut f.extra_move);
        r.bool("flagPieceSafe", &mut f.safe);
        r.bool("checkCounting", &mut g.check_counting);
        let n = &mut g.connect;
        r.int("connectN", &mut n.n);
        if let Some(v) = r.pieces("connectPieceTypes") {
            n.piece_types = Some(v);
        }
        r.bool("connectHorizontal", &mut n.horizontal);
        r.bool("connectVertical", &mut n.vertical);
        r.bool("connectDiagonal", &mut n.diagonal);
        if let Some(v) = r.squares("connectRegion1White") {
            n.region1.white = v;
        }
        if let Some(v) = r.squares("connectRegion2White") {
            n.region2.white = v;
        }
        if let Some(v) = r.squares("connectRegion1Black") {
            n.region1.black = v;
        }
        if let Some(v) = r.squares("connectRegion2Black") {
            n.region2.black = v;
        }
        r.int("connectNxN", &mut n.n_by_n);
        r.int("collinearN", &mut n.collinear);
        r.outcome("connectValue", &mut n.value);
        if let Some(x) = r.get("materialCounting") {
            g.material_counting = MaterialCounting::read(&x.value);
        }
        r.bool("adjudicateFullBoard", &mut g.adjudicate_full_board);
        if let Some(x) = r.get("countingRule") {
            g.counting = Counting::read(&x.value);
        }
        if let Some(x) = r.get("castlingWins") {
            g.castling_wins = castling_rights(&x.value);
        }
    }

    /// Makes the rules final for the variant's board and pieces: keeps
    /// only the squares of a `files`×`ranks` board in every region, as
    /// Fairy-Stockfish masks them with the board, and gives the default
    /// sets their letters (`pawn` and `rook`, the predefined types' key
    /// names with their letters; a type the variant lacks drops out).
    pub(super) fn finish(&mut self, files: u8, ranks: u8, types: &[(&str, char)]) {
        let fill = |set: &mut Vec<char>| *set = type_letters(set, types);
        for b in [
            &mut self.moves.en_passant_types,
            &mut self.repetition.n_move_types,
            &mut self.moves.castling_rook_pieces,
        ] {
            fill(&mut b.white);
            fill(&mut b.black);
        }
        let keep = |v: &mut Vec<Square>| v.retain(|s| s.file() < files && s.rank() < ranks);
        let both = |b: &mut ByColour<Vec<Square>>| {
            keep(&mut b.white);
            keep(&mut b.black);
        };
        both(&mut self.end.flag.region);
        both(&mut self.end.connect.region1);
        both(&mut self.end.connect.region2);
        both(&mut self.drops.region);
        keep(&mut self.drops.enclosing_start);
        both(&mut self.moves.triple_step);
        both(&mut self.moves.en_passant_region);
        both(&mut self.moves.walling_region);
        keep(&mut self.moves.diagonal_lines);
    }

    /// Why piece `letter` never captures in Fairy-Stockfish: it is
    /// pseudo-royal (`extinctionPseudoRoyal`, among the
    /// `extinctionPieceTypes`, and no side starts with more of it than
    /// `extinctionPieceCount` + 1, `count` giving a side's number in the
    /// start position and the pockets) and its own capture would destroy
    /// it, which `Position::legal` refuses: a blast (`blastOnCapture`; the
    /// capturing piece is counted gone whatever `blastImmuneTypes` says,
    /// a pairing the parser warns against) or petrification
    /// (`petrifyOnCaptureTypes`).
    pub fn self_destroying(
        &self,
        letter: char,
        count: &dyn Fn(char, Colour) -> usize,
    ) -> Option<SelfDestroy> {
        let x = &self.end.extinction;
        let most = usize::try_from(x.piece_count.saturating_add(1)).unwrap_or(0);
        if !x.pseudo_royal
            || !x.piece_types.contains(&letter)
            || [Colour::White, Colour::Black]
                .iter()
                .any(|&c| count(letter, c) > most)
        {
            return None;
        }
        if self.captures.petrify_on_capture.contains(&letter) {
            Some(SelfDestroy::Petrify)
        } else if self.captures.blast {
            Some(SelfDestroy::Blast)
        } else {
            None
        }
    }

    /// Whether piece `letter` is never in a hand while the game goes on,
    /// an extinction rule naming its type (Dobutsu's Lion, Mandala's
    /// pseudo-royal piece): `count` as in [`Rules::self_destroying`].
    /// Either it can never be taken (pseudo-royal, no side starting with
    /// more of it than `extinctionPieceCount` + 1, and no blast), or
    /// taking it ends the game at once (`Position::is_immediate_game_end`:
    /// the side that loses it has at most `extinctionPieceCount` left,
    /// hand included, and the taker, the piece now in its hand, at least
    /// `extinctionOpponentPieceCount`, one more under `extinctionClaim`).
    pub fn never_in_hand(&self, letter: char, count: &dyn Fn(char, Colour) -> usize) -> bool {
        let x = &self.end.extinction;
        if x.value == Outcome::None || !x.piece_types.contains(&letter) {
            return false;
        }
        let at_most = |n: i32| usize::try_from(n).unwrap_or(0);
        let most = at_most(x.piece_count.saturating_add(1));
        let sides = [Colour::White, Colour::Black];
        if x.pseudo_royal && !self.captures.blast && sides.iter().all(|&c| count(letter, c) <= most)
        {
            return true;
        }
        let taker_needs = at_most(x.opponent_piece_count) + usize::from(x.claim);
        sides
            .iter()
            .all(|&c| count(letter, c) <= most && count(letter, c.opposite()) + 1 >= taker_needs)
    }

    /// Whether a region is the whole board (a default, or written so).
    pub fn whole_board(region: &[Square], files: u8, ranks: u8) -> bool {
        region.len() == usize::from(files) * usize::from(ranks)
    }
}

/// `castlingWins`: `K`, `Q`, `k`, `q` as FEN writes castling rights.
fn castling_rights(value: &str) -> Vec<CastlingRight> {
    let mut out = Vec::new();
    for c in value.chars().filter(|c| !c.is_whitespace()) {
        let right = match c {
            'K' => (Colour::White, true),
            'Q' => (Colour::White, false),
            'k' => (Colour::Black, true),
            'q' => (Colour::Black, false),
            '-' => break,
            _ => continue,
        };
        out.push(CastlingRight {
            colour: right.0,
            king_side: right.1,
        });
    }
    out
}

impl core::fmt::Display for CastlingRight {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let c = if self.king_side { 'k' } else { 'q' };
        let c = match self.colour {
            Colour::White => c.to_ascii_uppercase(),
            Colour::Black => c,
        };
        write!(f, "{c}")
    }
}
