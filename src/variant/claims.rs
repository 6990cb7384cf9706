//! A variant's rules written back as Fairy-Stockfish's keys: each rule,
//! defaults included, as `key = value` with the parser's most specific key
//! (a side's own, `flagRegionWhite`, never the shared `flagRegion`) and a
//! value in one canonical spelling, so that a test compares claims with
//! what Fairy-Stockfish's source or play says, never our English.
//!
//! The spelling: a boolean `true`/`false`; a number in decimal; a result
//! `win`/`loss`/`draw`/`none`; a rule's word as the parser spells it; a
//! region its squares, `a1 b1 …` by rank then file (`-` empty); a set of
//! pieces its lower-case letters in alphabetical order (`-` empty); one
//! piece its letter, `*` any piece, `-` none; `castlingWins` the letters of
//! `KQkq` it holds; `promotionLimit`, `pieceValueMg` and
//! `promotedPieceType` `x:y` pairs by their first letter; a file a letter,
//! a rank a number from 1.
//!
//! ```
//! use glance::variant::{claims, read};
//! let v = &read("[s:chess]\nnFoldRule = 4\nflagRegion = d8 e8\nflagRegionBlack = -\n", "t").unwrap()[0];
//! let c = claims::claims(v);
//! let get = |k: &str| c.iter().find(|x| x.0 == k).map(|x| x.1.as_str());
//! assert_eq!(get("nFoldRule"), Some("4"));
//! assert_eq!(get("nFoldValue"), Some("draw"));
//! assert_eq!(get("flagRegionWhite"), Some("d8 e8"));
//! assert_eq!(get("flagRegionBlack"), Some("-"));
//! assert_eq!(get("flagRegion"), None);
//! assert_eq!(get("promotionPieceTypesWhite"), Some("bnqr"));
//! ```

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::Variant;
use super::rules::Outcome;
use crate::engine::geometry::{ByColour, Colour, Square};

/// The claims Fairy-Stockfish fixes in its C++ rather than in a key
/// (`fsf:NAME`), each documented in docs/variant-pages.md with its
/// source and its probe.
pub const FSF: &[&str] = &[
    "firstMove",
    "checksWhite",
    "checksBlack",
    "castlingKingSquare",
    "hand",
    "janggiPoints",
    "countingLimits",
    "enPassant",
    "blastSpared",
    "castlingThroughAttack",
    "freeDrops",
    "blastKingsAdjacent",
    "promotionResets",
    "wallBlocks",
    "wallInCheck",
    "castlingRights",
];

/// Whether `key` may be claimed: a key Fairy-Stockfish's parser reads,
/// or a documented `fsf:` name.
///
/// ```
/// use glance::variant::claims::is_claim_key;
/// assert!(is_claim_key("nFoldRule"));
/// assert!(is_claim_key("fsf:firstMove"));
/// assert!(!is_claim_key("fsf:colour"));
/// assert!(!is_claim_key("nfoldrule"));
/// ```
pub fn is_claim_key(key: &str) -> bool {
    match key.strip_prefix("fsf:") {
        Some(name) => FSF.contains(&name),
        None => super::is_known(key),
    }
}

/// Squares by rank then file, `-` for none.
pub fn region(squares: &[Square]) -> String {
    let mut s: Vec<Square> = squares.to_vec();
    s.sort_by_key(|q| (q.rank(), q.file()));
    s.dedup();
    if s.is_empty() {
        return "-".into();
    }
    let names: Vec<String> = s.iter().map(|q| q.to_string()).collect();
    names.join(" ")
}

/// Letters in alphabetical order, `-` for none.
pub fn pieces(letters: &[char]) -> String {
    let mut l: Vec<char> = letters.iter().map(|c| c.to_ascii_lowercase()).collect();
    l.sort_unstable();
    l.dedup();
    if l.is_empty() {
        "-".into()
    } else {
        l.into_iter().collect()
    }
}

fn one(p: Option<char>) -> String {
    p.map_or_else(|| "*".to_string(), |c| c.to_string())
}

fn pairs<T: core::fmt::Display>(items: &[(char, T)]) -> String {
    let mut v: Vec<String> = items.iter().map(|(c, n)| format!("{c}:{n}")).collect();
    v.sort();
    if v.is_empty() {
        "-".into()
    } else {
        v.join(" ")
    }
}

fn file(f: u8) -> String {
    char::from(b'a' + f).to_string()
}

struct Out(Vec<(String, String)>);

impl Out {
    fn put(&mut self, key: &str, value: impl ToString) {
        self.0.push((key.to_string(), value.to_string()));
    }

    fn sides<T>(&mut self, key: &str, v: &ByColour<T>, f: impl Fn(&T) -> String) {
        self.put(&format!("{key}White"), f(&v[Colour::White]));
        self.put(&format!("{key}Black"), f(&v[Colour::Black]));
    }
}

fn outcome(o: Outcome) -> &'static str {
    o.word()
}

/// Every rule of `v` as `(key, value)`, in a fixed order.
pub fn claims(v: &Variant) -> Vec<(String, String)> {
    let mut o = Out(Vec::new());
    board_claims(v, &mut o);
    end_claims(v, &mut o);
    drop_claims(v, &mut o);
    move_claims(v, &mut o);
    o.0
}

/// The board, the pieces, double steps, castling files, promotion.
fn board_claims(v: &Variant, o: &mut Out) {
    let r = &v.rules;
    o.put("maxFile", v.files);
    o.put("maxRank", v.ranks);
    let letters: Vec<char> = v.pieces.iter().map(|p| p.letter).collect();
    o.put("pieceTypes", pieces(&letters));
    for p in &v.pieces {
        o.put(&format!("pieceBetza:{}", p.letter), &p.betza);
    }
    let royal: Vec<char> = v
        .pieces
        .iter()
        .filter(|p| p.royal)
        .map(|p| p.letter)
        .collect();
    o.put("king", pieces(&royal));
    // Double steps, castling, promotion: the variant's own fields.
    o.put(
        "doubleStep",
        !v.double_step_white.is_empty() || !v.double_step_black.is_empty(),
    );
    o.put("doubleStepRegionWhite", region(&v.double_step_white));
    o.put("doubleStepRegionBlack", region(&v.double_step_black));
    o.sides("tripleStepRegion", &r.moves.triple_step, |s| region(s));
    o.put("castling", v.castling.allowed);
    o.put("castlingKingsideFile", file(v.castling.kingside_file));
    o.put("castlingQueensideFile", file(v.castling.queenside_file));
    let pr = &v.promotion;
    o.put("promotionPieceTypesWhite", pieces(&pr.piece_types_white));
    o.put("promotionPieceTypesBlack", pieces(&pr.piece_types_black));
    o.put("promotionPawnTypesWhite", pieces(&pr.pawn_types));
    o.put("promotionPawnTypesBlack", pieces(&pr.pawn_types_black));
    o.put("promotionRegionWhite", region(&pr.region_white));
    o.put("promotionRegionBlack", region(&pr.region_black));
    o.put("mandatoryPawnPromotion", pr.mandatory_pawn);
    o.put("mandatoryPiecePromotion", pr.mandatory_piece);
    o.put("promotedPieceType", pairs(&pr.promoted));
    for m in &v.mobility_regions {
        o.put(&mobility_key(&m.piece, m.colour), region(&m.squares));
    }
}

/// Fairy-Stockfish's key of a piece's mobility region for a side, from
/// the piece's key name.
///
/// ```
/// use glance::variant::{claims::mobility_key, Colour};
/// assert_eq!(mobility_key("king", Colour::White), "mobilityRegionWhiteKing");
/// ```
pub fn mobility_key(piece: &str, colour: Colour) -> String {
    let mut name = piece.chars();
    let first = name.next().map(|c| c.to_ascii_uppercase()).unwrap_or('?');
    format!("mobilityRegion{}{first}{}", colour.title(), name.as_str())
}

/// How the game ends.
fn end_claims(v: &Variant, o: &mut Out) {
    let r = &v.rules;
    let e = &r.end;
    o.put("checkmateValue", outcome(e.checkmate));
    o.put("stalemateValue", outcome(e.stalemate));
    o.put("stalematePieceCount", e.stalemate_piece_count);
    let x = &e.extinction;
    o.put("extinctionValue", outcome(x.value));
    o.put(
        "extinctionPieceTypes",
        match (x.every_piece, x.piece_types.is_empty()) {
            (true, true) => "*".to_string(),
            (true, false) => format!("*{}", pieces(&x.piece_types)),
            (false, _) => pieces(&x.piece_types),
        },
    );
    o.put("extinctionPieceCount", x.piece_count);
    o.put("extinctionOpponentPieceCount", x.opponent_piece_count);
    o.put("extinctionClaim", x.claim);
    o.put("extinctionPseudoRoyal", x.pseudo_royal);
    o.put("dupleCheck", x.duple_check);
    let f = &e.flag;
    o.sides("flagPiece", &f.piece, |p| one(*p));
    o.sides("flagRegion", &f.region, |s| region(s));
    o.put("flagPieceCount", f.count);
    o.put("flagPieceBlockedWin", f.blocked_win);
    o.put("flagMove", f.extra_move);
    o.put("flagPieceSafe", f.safe);
    o.put("checkCounting", e.check_counting);
    let c = &e.connect;
    o.put("connectN", c.n);
    o.put(
        "connectPieceTypes",
        c.piece_types
            .as_deref()
            .map_or_else(|| "*".to_string(), pieces),
    );
    o.put("connectHorizontal", c.horizontal);
    o.put("connectVertical", c.vertical);
    o.put("connectDiagonal", c.diagonal);
    o.sides("connectRegion1", &c.region1, |s| region(s));
    o.sides("connectRegion2", &c.region2, |s| region(s));
    o.put("connectNxN", c.n_by_n);
    o.put("collinearN", c.collinear);
    o.put("connectValue", outcome(c.value));
    o.put("materialCounting", e.material_counting.word());
    o.put("adjudicateFullBoard", e.adjudicate_full_board);
    o.put("countingRule", e.counting.word());
    let wins: String = e.castling_wins.iter().map(|w| w.to_string()).collect();
    o.put(
        "castlingWins",
        if wins.is_empty() { "-".into() } else { wins },
    );
    o.put("shatarMateRule", e.shatar_mate);
    o.put("bikjangRule", e.bikjang);
}

/// Repetition, the move rule and drops.
fn drop_claims(v: &Variant, o: &mut Out) {
    let r = &v.rules;
    let p = &r.repetition;
    o.put("nMoveRule", p.n_move);
    o.sides("nMoveRuleTypes", &p.n_move_types, |l| pieces(l));
    o.put("nFoldRule", p.n_fold);
    o.put("nFoldValue", outcome(p.n_fold_value));
    o.put("nFoldValueAbsolute", p.n_fold_value_absolute);
    o.put("perpetualCheckIllegal", p.perpetual_check_illegal);
    o.put("moveRepetitionIllegal", p.move_repetition_illegal);
    o.put("chasingRule", p.chasing.word());

    let d = &r.drops;
    o.put("pieceDrops", d.allowed);
    o.put("dropLoop", d.drop_loop);
    o.put("capturesToHand", d.captures_to_hand);
    o.put("firstRankPawnDrops", d.first_rank_pawn_drops);
    o.put("promotionZonePawnDrops", d.promotion_zone_pawn_drops);
    o.put("enclosingDrop", d.enclosing.word());
    o.put("enclosingDropStart", region(&d.enclosing_start));
    o.sides("dropRegion", &d.region, |s| region(s));
    o.put("sittuyinRookDrop", d.sittuyin_rook_drop);
    o.put("dropOppositeColoredBishop", d.opposite_coloured_bishop);
    o.put("dropPromoted", d.promoted);
    o.put(
        "dropNoDoubled",
        d.no_doubled
            .map_or_else(|| "-".to_string(), |c| c.to_string()),
    );
    o.put("dropNoDoubledCount", d.no_doubled_count);
    o.put("dropChecks", d.checks);
    o.put("shogiPawnDropMateIllegal", d.pawn_drop_mate_illegal);
    o.put("mustDrop", d.must_drop);
    o.put("mustDropType", one(d.must_drop_type));
    o.put("immobilityIllegal", d.immobility_illegal);
    o.put("castlingDroppedPiece", d.castling_dropped_piece);
}

/// Captures, special moves, the engine's own keys.
fn move_claims(v: &Variant, o: &mut Out) {
    let r = &v.rules;
    let k = &r.captures;
    o.put("mustCapture", k.must_capture);
    o.put("blastOnCapture", k.blast);
    o.put("blastImmuneTypes", pieces(&k.blast_immune));
    o.put("mutuallyImmuneTypes", pieces(&k.mutually_immune));
    o.put("petrifyOnCaptureTypes", pieces(&k.petrify_on_capture));
    o.put("petrifyBlastPieces", k.petrify_blast);

    let m = &r.moves;
    o.put("checking", m.checking);
    o.sides("enPassantRegion", &m.en_passant_region, |s| region(s));
    o.sides("enPassantTypes", &m.en_passant_types, |l| pieces(l));
    o.put("castlingRank", m.castling_rank);
    o.put("castlingKingFile", file(m.castling_king_file));
    let king: Option<char> = v.pieces.iter().find(|p| p.royal).map(|p| p.letter);
    o.sides("castlingKingPiece", &m.castling_king_piece, |p| {
        p.or(king)
            .map_or_else(|| "-".to_string(), |c| c.to_string())
    });
    o.put(
        "castlingRookKingsideFile",
        file(
            m.castling_rook_kingside_file
                .unwrap_or(v.files.saturating_sub(1)),
        ),
    );
    o.put(
        "castlingRookQueensideFile",
        file(m.castling_rook_queenside_file),
    );
    o.sides("castlingRookPieces", &m.castling_rook_pieces, |l| pieces(l));
    o.put("oppositeCastling", m.opposite_castling);
    o.put("gating", m.gating);
    o.put("seirawanGating", m.seirawan_gating);
    o.put("wallingRule", m.walling.word());
    o.sides("wallingRegion", &m.walling_region, |s| region(s));
    o.put("wallOrMove", m.wall_or_move);
    o.put("cambodianMoves", m.cambodian);
    o.put("diagonalLines", region(&m.diagonal_lines));
    o.sides("pass", &m.pass, |b| b.to_string());
    o.sides("passOnStalemate", &m.pass_on_stalemate, |b| b.to_string());
    o.put("makpongRule", m.makpong);
    o.put("flyingGeneral", m.flying_general);
    o.put("soldierPromotionRank", m.soldier_promotion_rank);
    o.put("flipEnclosedPieces", m.flip_enclosed.word());
    o.put("sittuyinPromotion", m.sittuyin_promotion);
    o.put("promotionLimit", pairs(&m.promotion_limit));
    o.put("piecePromotionOnCapture", m.promotion_on_capture);
    o.put("pieceDemotion", m.demotion);

    let g = &r.engine;
    o.put("pocketSize", g.pocket_size);
    o.put("chess960", g.chess960);
    o.put("twoBoards", g.two_boards);
}
