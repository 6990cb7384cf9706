//! A variant's rules in plain words, as its rules page says them: how the
//! game ends, the rules no board of moves shows, how a piece promotes,
//! what a piece does by rule beside its Betza. Read from the typed
//! [`Variant`] (its [`super::rules::Rules`]), never from a key's name.
//!
//! ```
//! use glance::variant::{prose, read};
//! let v = &read("[c:chess]\n", "t").unwrap()[0];
//! let name = |c: char| if c == 'k' { "King".to_string() } else { c.to_string() };
//! let r = prose::rules(v, &name, &|_| true);
//! assert!(r.ends[0].text.contains("King is checkmated"), "{r:?}");
//! assert_eq!(r.ends[0].data_rule(), "checkmateValue=loss");
//! ```

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::castling;
use super::rules::{Enclosing, Outcome, SelfDestroy};
use super::{Colour, Special, Variant, VariantPiece};
use crate::engine::describe::{list, number};
use crate::engine::geometry::Square;

/// What Fairy-Stockfish adds to a piece by rule, in plain words; `None`
/// for what the page already says another way.
pub fn special(v: &Variant, s: Special) -> Option<String> {
    special_sentence(v, s).map(|s| s.text)
}

/// [`special`] with what it claims: the keys of the rule it states
/// (values left to [`fill`]).
pub fn special_sentence(v: &Variant, s: Special) -> Option<Sentence> {
    Some(match s {
        Special::EnPassant => Sentence::new("captures en passant").fsf("enPassant", "true"),
        // (Where a piece makes its initial moves: [`initial_moves`], which
        // knows the piece.)
        Special::DoubleStep | Special::DoubleAndTripleStep | Special::InitialMoves => return None,
        Special::SoldierRiver if v.rules.moves.soldier_promotion_rank > 1 => {
            Sentence::new("moves only forward until it crosses the river; then also sideways")
                .key("soldierPromotionRank")
        }
        Special::NoCannonScreen => Sentence::new("cannot hop over or capture a cannon"),
        // Moves taken away, which the board shows (no claim of a rule).
        Special::NeverCaptures(SelfDestroy::Blast) => {
            Sentence::new("never captures: a capture would blow it up")
        }
        Special::NeverCaptures(SelfDestroy::Petrify) => {
            Sentence::new("never captures: a capture would turn it to stone")
        }
        Special::SoldierRiver | Special::TripleStepOneSide => return None,
    })
}

/// Whether White and Black have piece `letter`: on the board at the start
/// or in hand.
#[cfg(not(target_arch = "wasm32"))]
fn sides_having(v: &Variant, letter: char) -> (bool, bool) {
    let has = |c: Colour| {
        v.start.iter().any(|s| s.colour == c && s.letter == letter)
            || v.in_hand.chars().any(|h| {
                h.eq_ignore_ascii_case(&letter) && h.is_ascii_uppercase() == (c == Colour::White)
            })
    };
    (has(Colour::White), has(Colour::Black))
}

/// Where piece `p` may make the moves its Betza marks initial (`i`), for
/// the sides that have it: Fairy-Stockfish gives them to a piece standing
/// on its side's double-step region, whether it has moved before or not
/// (`Position::moves_from`; a Pawnback Pawn that steps back to its 2nd
/// rank may step twice again): "the 2nd rank (Black's: the 7th rank)".
/// None for a pawn with a triple step too, whose rule says where each.
#[cfg(not(target_arch = "wasm32"))]
pub fn initial_squares(v: &Variant, p: &VariantPiece) -> Option<String> {
    if p.special.contains(&Special::DoubleAndTripleStep) {
        return None;
    }
    let words = |squares: &[Square]| {
        if squares.is_empty() {
            "no square".to_string()
        } else {
            squares_words(v, squares)
        }
    };
    let (white, black) = (&v.double_step_white, &v.double_step_black);
    let board = usize::from(v.files) * usize::from(v.ranks);
    if white.len() == board && black.len() == board {
        return Some("any square".into());
    }
    Some(match sides_having(v, p.letter) {
        (true, false) => words(white),
        (false, true) => words(black),
        _ => format!(
            "{} ({}'s: {})",
            words(white),
            side_name(v, Colour::Black),
            words(black)
        ),
    })
}

/// A piece's remark on where it makes its initial moves
/// ([`initial_squares`]), claiming the double-step regions of the sides
/// that have it (and `doubleStep` for a pawn that steps twice by that
/// rule).
#[cfg(not(target_arch = "wasm32"))]
pub fn initial_moves(v: &Variant, p: &VariantPiece) -> Sentence {
    let pawn = p
        .special
        .iter()
        .any(|s| matches!(s, Special::DoubleStep | Special::DoubleAndTripleStep));
    let Some(from) = initial_squares(v, p) else {
        return Sentence::new(
            "its initial moves only where the double step rule below allows them",
        )
        .key("doubleStep");
    };
    // (Fairy-Stockfish gives them on the region whether the piece has
    // moved or not: Torpedo's Pawn steps twice from any square.)
    let mut s = Sentence::new(if from == "any square" {
        "its initial moves from any square, at any time, not only on its first move".to_string()
    } else if may_come_back(v, p) {
        // (It may step back onto the region and make them again.)
        format!(
            "its initial moves only from {from}, whenever it stands there, not only on its first move"
        )
    } else {
        format!("its initial moves only from {from}")
    });
    if pawn {
        s = s.key("doubleStep");
    }
    let (white, black) = sides_having(v, p.letter);
    if white || !black {
        s = s.key("doubleStepRegionWhite");
    }
    if black || !white {
        s = s.key("doubleStepRegionBlack");
    }
    s
}

/// A royal piece's remark, claiming the variant's royal types (`king`).
pub fn royal() -> Sentence {
    Sentence::new("royal: must not be left in check").key("king")
}

/// Fills in each claimed key's value (not `fsf:` claims, which carry
/// their own), as the variant's claims spell it.
pub fn fill(v: &Variant, sentences: &mut [Sentence]) {
    let table = super::claims::claims(v);
    for s in sentences {
        for (key, value) in s.claims.iter_mut().filter(|(k, _)| !k.starts_with("fsf:")) {
            if let Some((_, x)) = table.iter().find(|(k, _)| k == key) {
                value.clone_from(x);
            }
        }
    }
}

/// How piece `p` promotes, in words (names of the pieces by `name`).
pub fn promotion(v: &Variant, p: &VariantPiece) -> Vec<String> {
    promotion_named(v, p, &|c| c.to_ascii_uppercase().to_string())
}

/// A promotion zone in words, from White's side: "on reaching the last
/// rank", "on reaching the last three ranks" where it is whole ranks at
/// the far end; else its squares, and Black's beside them where they are
/// not whole ranks either ("on reaching a5, a6, a7, a8, b8, c8 or d8
/// (Black's: e1, f1, g1, h1, h2, h3 or h4)": Legan's corner).
fn zone(v: &Variant) -> String {
    format!("on reaching {}", zone_squares(v))
}

/// [`zone`] without its "on reaching": "the last rank", "a5, a6 … or d8
/// (Black's: …)".
fn zone_squares(v: &Variant) -> String {
    let (white, black) = (&v.promotion.region_white, &v.promotion.region_black);
    if white.is_empty() {
        return "the last rank".into();
    }
    let (w, b) = (
        zone_words(v, white, Colour::White),
        zone_words(v, black, Colour::Black),
    );
    // (Black's said apart where it is not White's seen from Black's side:
    // Shinobi plus's Black zone is three ranks deep, White's two.)
    let mirrored = last_ranks(v, white, Colour::White).is_some() && w == b;
    if black.is_empty() || mirrored {
        return w;
    }
    format!("{w} ({}'s: {b})", side_name(v, Colour::Black))
}

/// Black's zone, from Black's side ([`zone`] for Black alone).
fn zone_black(v: &Variant) -> String {
    let black = &v.promotion.region_black;
    if black.is_empty() {
        return "on reaching the last rank".into();
    }
    format!("on reaching {}", zone_words(v, black, Colour::Black))
}

/// A zone seen from `side`: "the last rank", "the last three ranks"
/// where it is whole ranks at the far end ([`last_ranks`]), else its
/// squares.
fn zone_words(v: &Variant, squares: &[Square], side: Colour) -> String {
    // (A zone's squares that are walls for good, which no piece reaches,
    // left out: Omicron's last rank is walls but for its two corners.)
    let open: Vec<Square> = squares
        .iter()
        .copied()
        .filter(|s| v.rules.moves.walling == super::rules::Walling::Duck || !v.walls.contains(s))
        .collect();
    if open.len() < squares.len() && !open.is_empty() {
        if let Some(words) = open_words(v, squares, &open) {
            return words;
        }
    }
    match last_ranks(v, squares, side) {
        Some(1) => "the last rank".into(),
        Some(n) => format!("the last {} ranks", number(n)),
        None => squares_words(v, squares),
    }
}

/// Squares by the ranks they fill but for walls (where most of a rank is
/// open) and the rest one by one: "the 9th rank, a10 or l10"; `None`
/// where the open squares fill every rank of `zone` (Cross derby's 8th
/// rank, walls on b8 and g8: still its last rank).
fn open_words(v: &Variant, zone: &[Square], squares: &[Square]) -> Option<String> {
    let open = |r: u8| {
        (0..v.files)
            .filter_map(|f| Square::new(f, r))
            .filter(|s| !v.walls.contains(s))
            .count()
    };
    let full = |r: u8| {
        let n = squares.iter().filter(|s| s.rank() == r).count();
        n == open(r) && 2 * n > usize::from(v.files)
    };
    let mut ranks: Vec<u8> = squares
        .iter()
        .map(|s| s.rank())
        .filter(|&r| full(r))
        .collect();
    ranks.sort_unstable();
    ranks.dedup();
    let mut rest: Vec<Square> = squares
        .iter()
        .copied()
        .filter(|s| !ranks.contains(&s.rank()))
        .collect();
    rest.sort_by_key(|s| (s.rank(), s.file()));
    if rest.is_empty() && zone.iter().all(|s| ranks.contains(&s.rank())) {
        return None;
    }
    let mut names: Vec<String> = Vec::new();
    if !ranks.is_empty() {
        let ords: Vec<String> = ranks.iter().map(|r| ordinal(r + 1)).collect();
        let s = if ranks.len() > 1 { "s" } else { "" };
        names.push(format!("the {} rank{s}", list(&ords, "and")));
    }
    names.extend(rest.iter().map(|s| s.to_string()));
    Some(list(&names, "or"))
}

/// How many whole ranks at the far end of the board, seen from `side`,
/// the squares are, if they are that.
fn last_ranks(v: &Variant, squares: &[Square], side: Colour) -> Option<u8> {
    let depth = |s: &Square| match side {
        Colour::White => v.ranks.saturating_sub(s.rank()),
        Colour::Black => s.rank() + 1,
    };
    let n = squares.iter().map(depth).max()?;
    let whole = usize::from(n) * usize::from(v.files);
    let mut distinct = squares.to_vec();
    distinct.sort_by_key(|s| (s.rank(), s.file()));
    distinct.dedup();
    (distinct.len() == whole && distinct.iter().all(|s| s.file() < v.files)).then_some(n)
}

/// When a piece (not a pawn) promotes: in the zone ([`zone`]), with every
/// move where the zone is the whole board (Kyoto shogi), and only by a
/// capture under `piecePromotionOnCapture` (Micro shogi).
fn piece_zone(v: &Variant) -> String {
    let whole = v
        .promotion
        .region_white
        .iter()
        .map(|s| s.rank())
        .min()
        .is_some_and(|low| low == 0);
    match (whole, v.rules.moves.promotion_on_capture) {
        (true, true) => "when it captures".into(),
        (true, false) => "with every move".into(),
        (false, true) => format!("{}, by a capture", zone(v)),
        (false, false) => zone(v),
    }
}

/// "; not while its side has a Met" for each `promotionLimit` (a count
/// of 0 is no limit).
fn limit(v: &Variant, name: &dyn Fn(char) -> String) -> String {
    let mut out = String::new();
    for &(c, n) in v.rules.moves.promotion_limit.iter().filter(|x| x.1 > 0) {
        let what = if n == 1 {
            with_article(&name(c))
        } else {
            format!("{n} {}s", name(c))
        };
        out.push_str(&format!("; not while its side has {what}"));
    }
    out
}

/// " (Black's: to Queen, Rook or Bishop)" where Black's Pawn promotes to
/// other types than White's (Chigorin), else nothing.
fn black_types(v: &Variant, p: &VariantPiece, name: &dyn Fn(char) -> String) -> String {
    let pr = &v.promotion;
    if !pr.pawn_types_black.contains(&p.letter) {
        return String::new();
    }
    let sorted = |t: &[char]| {
        let mut t = t.to_vec();
        t.sort_unstable();
        t
    };
    if pr.piece_types_black.is_empty()
        || sorted(&pr.piece_types_black) == sorted(&pr.piece_types_white)
    {
        return String::new();
    }
    let to: Vec<String> = pr.piece_types_black.iter().map(|&c| name(c)).collect();
    format!(" (Black's: to {})", list(&to, "or"))
}

/// " on the board" where a game has hands: Fairy-Stockfish counts a
/// promotion limit's pieces on the board only (`Position::count`), so a
/// Queen in hand does not stop a Pawn becoming one (Grand house).
fn on_board(v: &Variant) -> &'static str {
    if v.rules.drops.allowed {
        " on the board"
    } else {
        ""
    }
}

/// "; to a Queen only while its side has none, to a Rook only while it
/// has fewer than 2" for the `promotionLimit` pairs [`limited`] gives
/// (Grand: promotion only to a type the side has lost), else nothing.
fn type_limits(v: &Variant, limits: &[(char, i32)], name: &dyn Fn(char) -> String) -> String {
    let board = on_board(v);
    let mut counts: Vec<i32> = limits.iter().map(|x| x.1).collect();
    counts.sort_unstable();
    counts.dedup();
    let parts: Vec<String> = counts
        .iter()
        .map(|&n| {
            let kinds: Vec<String> = limits
                .iter()
                .filter(|x| x.1 == n)
                .map(|x| with_article(&name(x.0)))
                .collect();
            let kinds = list(&kinds, "or");
            if n == 1 {
                format!("to {kinds} only while its side has none{board}")
            } else {
                format!("to {kinds} only while its side has fewer than {n}{board}")
            }
        })
        .collect();
    if parts.is_empty() {
        String::new()
    } else {
        format!("; {}", parts.join(", "))
    }
}

/// The `promotionLimit` pairs (a count of 0 is no limit) of the types
/// pawn `p` promotes to: White's, and Black's where its Pawn is the same
/// type (Spartan's King is a choice of Black's Hoplite only).
fn limited(v: &Variant, p: &VariantPiece) -> Vec<(char, i32)> {
    let pr = &v.promotion;
    let black = pr.pawn_types_black.contains(&p.letter);
    v.rules
        .moves
        .promotion_limit
        .iter()
        .copied()
        .filter(|&(c, n)| {
            n > 0
                && (pr.piece_types_white.contains(&c)
                    || (black && pr.piece_types_black.contains(&c)))
        })
        .collect()
}

/// As [`promotion`], naming each piece with `name`.
pub fn promotion_named(
    v: &Variant,
    p: &VariantPiece,
    name: &dyn Fn(char) -> String,
) -> Vec<String> {
    promotion_sentences(v, p, name)
        .into_iter()
        .map(|s| s.text)
        .collect()
}

/// A pawn type with no type to promote to and no promoted type: that it
/// never promotes, and (where promotion is mandatory) that it may not
/// enter its zone at all.
fn never_promotes(v: &Variant, p: &VariantPiece) -> Option<Sentence> {
    let pr = &v.promotion;
    if pr.pawn_types.contains(&p.letter)
        && pr.piece_types_white.is_empty()
        && pr.piece_types_black.is_empty()
        && !pr.promoted.iter().any(|&(from, _)| from == p.letter)
        && !v.rules.moves.sittuyin_promotion
    {
        // (movegen.cpp: with mandatoryPawnPromotion a pawn's moves into
        // its zone are taken away, and with no types none is given back:
        // Maharajah's Pawns, in a section with no parent, stop a rank
        // short.)
        let into = zone_squares(v);
        let text = if pr.mandatory_pawn {
            format!("never promotes, and may not move onto {into}")
        } else {
            format!("never promotes, even on {into}")
        };
        return Some(
            Sentence::new(text)
                .key("promotionPieceTypesWhite")
                .key("promotionPieceTypesBlack")
                .key("promotionRegionWhite")
                .key("promotionRegionBlack")
                .key("mandatoryPawnPromotion"),
        );
    }
    None
}

/// [`promotion_named`] with what each says: a pawn's promotion claims
/// its zone, its choices and whether it is forced; a piece's, the
/// promoted types, whether it is forced and whether only by a capture
/// (values left to [`fill`]).
pub fn promotion_sentences(
    v: &Variant,
    p: &VariantPiece,
    name: &dyn Fn(char) -> String,
) -> Vec<Sentence> {
    let pr = &v.promotion;
    let mut out = Vec::new();
    if pr.pawn_types.contains(&p.letter) && !pr.piece_types_white.is_empty() {
        let to = list(
            &pr.piece_types_white
                .iter()
                .map(|&c| name(c))
                .collect::<Vec<_>>(),
            "or",
        );
        let black = black_types(v, p, name);
        let limits = limited(v, p);
        let text = if v.rules.moves.sittuyin_promotion {
            let squares: Vec<String> = pr.region_white.iter().map(|s| s.to_string()).collect();
            format!(
                "may promote to {to} where it stands or by {}'s move to an empty square, \
                 from {} (Black: the same squares mirrored), or from anywhere as its side's last pawn, \
                 if the {to} would attack no enemy there{}",
                with_article(&to),
                list(&squares, "or"),
                limit(v, name),
            )
        } else {
            format!(
                "{} to {to}{black} {}{}",
                if pr.mandatory_pawn {
                    "must promote"
                } else {
                    "promotes"
                },
                zone(v),
                type_limits(v, &limits, name),
            )
        };
        let said = Sentence::new(text)
            .key("promotionPieceTypesWhite")
            .key("promotionRegionWhite")
            .key("mandatoryPawnPromotion")
            .key_if(!black.is_empty(), "promotionPieceTypesBlack")
            .key_if(!limits.is_empty(), "promotionLimit")
            // (Pawns of more than the Pawn's type: Wolf's Sergeant; Black's
            // promotion cell claims Black's.)
            .key_if(pr.pawn_types != ['p'], "promotionPawnTypesWhite");
        out.push(said);
    }
    out.extend(never_promotes(v, p));
    // A piece that is Black's pawn only (Spartan's Hoplite): Black's
    // types, Black's zone, the limits of Black's types.
    let black_only = !pr.pawn_types.contains(&p.letter) && pr.pawn_types_black.contains(&p.letter);
    if black_only && !pr.piece_types_black.is_empty() {
        let to = list(
            &pr.piece_types_black
                .iter()
                .map(|&c| name(c))
                .collect::<Vec<_>>(),
            "or",
        );
        let limits = limited(v, p);
        out.push(
            Sentence::new(format!(
                "{} to {to} {}{}",
                if pr.mandatory_pawn {
                    "must promote"
                } else {
                    "promotes"
                },
                zone_black(v),
                type_limits(v, &limits, name),
            ))
            .key("promotionPawnTypesBlack")
            .key("promotionPieceTypesBlack")
            .key("promotionRegionBlack")
            .key("mandatoryPawnPromotion")
            .key_if(!limits.is_empty(), "promotionLimit"),
        );
    }
    for (from, to) in &pr.promoted {
        if *from == p.letter {
            // (Shogi's Pawn promotes to a Tokin, which moves as a Gold
            // General: Fairy-Stockfish gives both one type.)
            let own = promoted_name(v, *from);
            let into = match own {
                Some(_) => String::new(),
                None => format!(" to {}", name(*to)),
            };
            let becoming = match own {
                Some(own) => format!(
                    ", becoming {}, which moves as {}",
                    with_article(own),
                    with_article(&name(*to))
                ),
                None => String::new(),
            };
            // (promotionLimit holds for a piece's promotion too:
            // movegen.cpp's generate_moves; Shogun's Knight becomes a
            // General only while its side has none.)
            let limit = v
                .rules
                .moves
                .promotion_limit
                .iter()
                .find(|&&(c, n)| c == *to && n > 0)
                .map(|&(_, n)| n);
            let only = match limit {
                Some(1) => format!(", only while its side has no {}{}", name(*to), on_board(v)),
                Some(n) => format!(
                    ", only while its side has fewer than {n} {}{}",
                    plural(&name(*to)),
                    on_board(v)
                ),
                None => String::new(),
            };
            let (stuck, everywhere, also) = stuck_must(v, *from);
            out.push(
                Sentence::new(format!(
                    "{}{into} {}{becoming}{only}{also}",
                    if pr.mandatory_piece || everywhere {
                        "must promote"
                    } else {
                        "may promote"
                    },
                    piece_zone(v)
                ))
                .key_if(stuck, "immobilityIllegal")
                .key_if(limit.is_some(), "promotionLimit")
                .key("promotedPieceType")
                .key("mandatoryPiecePromotion")
                .key("piecePromotionOnCapture")
                .key("promotionRegionWhite")
                .key("promotionRegionBlack"),
            );
        }
    }
    out
}

/// One sentence of a rules page and what it claims, as Fairy-Stockfish's
/// keys ([`super::claims`]' spelling): `("nFoldRule", "4")`. A fact that
/// Fairy-Stockfish fixes in its C++ rather than in a key is claimed as
/// `fsf:NAME` (docs/variant-pages.md lists them, with their source).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sentence {
    pub text: String,
    pub claims: Vec<(String, String)>,
}

impl Sentence {
    pub(crate) fn new(text: impl Into<String>) -> Sentence {
        Sentence {
            text: text.into(),
            claims: Vec::new(),
        }
    }

    /// Claims the variant's value of Fairy-Stockfish's key `key`: the
    /// value is [`super::claims`]' own, filled in by [`rules`], so a
    /// sentence and the claims of the variant never spell one twice.
    pub(crate) fn key(mut self, key: &str) -> Sentence {
        self.claims.push((key.to_string(), String::new()));
        self
    }

    /// [`Sentence::key`] where the sentence says what the key does only
    /// when `said` (a clause written for it).
    pub(crate) fn key_if(self, said: bool, key: &str) -> Sentence {
        if said { self.key(key) } else { self }
    }

    /// Claims a fact Fairy-Stockfish fixes in its C++, `fsf:NAME`
    /// ([`super::claims::FSF`]).
    pub(crate) fn fsf(mut self, name: &str, value: impl ToString) -> Sentence {
        self.claims.push((format!("fsf:{name}"), value.to_string()));
        self
    }

    /// [`Sentence::fsf`] where the sentence says it only when `said`.
    pub(crate) fn fsf_if(self, said: bool, name: &str, value: impl ToString) -> Sentence {
        if said { self.fsf(name, value) } else { self }
    }

    /// The castling rule's claims: that the game castles, the King's
    /// square and where it lands.
    pub(crate) fn castling_claims(self, c: &castling::Castle) -> Sentence {
        self.key("castling")
            .fsf(
                "castlingKingSquare",
                format!("{}{}", char::from(b'a' + c.king), c.rank),
            )
            .key("castlingKingsideFile")
            .key("castlingQueensideFile")
            .key("castlingRank")
    }

    /// The claims as a `data-rule` attribute writes them: `key=value`
    /// joined by `; `.
    pub fn data_rule(&self) -> String {
        let items: Vec<String> = self
            .claims
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        items.join("; ")
    }
}

/// The game's rules from its definition: how it is won, drawn and lost,
/// then the rules the board does not show (each a sentence).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rules {
    /// How the game ends.
    pub ends: Vec<Sentence>,
    /// Rules beyond the pieces' moves, which no board of moves shows.
    pub beyond: Vec<Sentence>,
}

impl Rules {
    /// Whether a sentence of either list is exactly `text`.
    pub fn says(&self, text: &str) -> bool {
        self.ends.iter().chain(&self.beyond).any(|s| s.text == text)
    }

    /// Every sentence's text, the ends first.
    pub fn texts(&self) -> Vec<&str> {
        self.ends
            .iter()
            .chain(&self.beyond)
            .map(|s| s.text.as_str())
            .collect()
    }
}

/// The player a result goes to, for the player it happens to: "loses".
fn outcome(value: Outcome) -> &'static str {
    match value {
        Outcome::Win => "wins",
        Outcome::Loss => "loses",
        Outcome::Draw => "draws",
        Outcome::None => "ends the game",
    }
}

/// How a game that would end drawn ends where `materialCounting`
/// decides it (`Position::material_counting_result`, position.h: a
/// drawn stalemate, the n-move rule, a drawn repetition, two passes, a
/// full board), or `None` where a draw stays a draw.
fn counted_draw(v: &Variant) -> Option<String> {
    use super::rules::MaterialCounting as Counting;
    match v.rules.end.material_counting {
        Counting::None => None,
        Counting::Janggi => Some("it is decided by points".to_string()),
        Counting::Unweighted => Some(
            "the player with more pieces on the board wins (a draw where both have as many)"
                .to_string(),
        ),
        Counting::BlackDrawOdds => Some(format!("{} wins", side_name(v, Colour::Black))),
        Counting::WhiteDrawOdds => Some(format!("{} wins", side_name(v, Colour::White))),
    }
}

/// "Rooks", "Pawns"; a name that already ends in `s` is kept.
fn plural(name: &str) -> String {
    if name.ends_with('s') {
        name.to_string()
    } else if name.ends_with('z')
        || name.ends_with('x')
        || name.ends_with("ch")
        || name.ends_with("sh")
    {
        format!("{name}es")
    } else {
        format!("{name}s")
    }
}

/// A predefined piece type's name in this game, or `default` where the
/// game has no such type (Fairy-Stockfish's C++ rules name types, not
/// letters).
fn type_name(v: &Variant, name: &dyn Fn(char) -> String, key: &str, default: &str) -> String {
    v.pieces
        .iter()
        .find(|p| p.name == key)
        .map_or_else(|| default.to_string(), |p| name(p.letter))
}

/// The name of the variant's first royal piece type, else `King`.
fn royal_name(v: &Variant, name: &dyn Fn(char) -> String) -> String {
    v.pieces
        .iter()
        .find(|p| p.royal)
        .map_or_else(|| "King".to_string(), |p| name(p.letter))
}

/// "a" or "an" before a name, by its sound: "an Amazon", "a Unicorn".
///
/// ```
/// use glance::variant::prose::article;
/// assert_eq!(article("Archbishop"), "an");
/// assert_eq!(article("Unicorn"), "a");
/// assert_eq!(article("Elephant"), "an");
/// assert_eq!(article("European"), "a");
/// assert_eq!(article("Knight"), "a");
/// ```
pub fn article(name: &str) -> &'static str {
    let lower = name.to_ascii_lowercase();
    // A vowel letter sounding as a consonant ("you", "wun").
    let consonant_sound = ["uni", "use", "usu", "ure", "eu", "one", "once"]
        .iter()
        .any(|p| lower.starts_with(p));
    match lower.chars().next() {
        Some('a' | 'e' | 'i' | 'o' | 'u') if !consonant_sound => "an",
        _ => "a",
    }
}

/// A name after its article: "an Amazon", "a Knight".
pub(crate) fn with_article(name: &str) -> String {
    format!("{} {name}", article(name))
}

/// The pockets at the start, counted by piece and side: "White: 2 Rooks,
/// a Knight; Black: …" (a piece's name, and `s` for more than one).
fn hand(v: &Variant, name: &dyn Fn(char) -> String) -> String {
    let side = |upper: bool| -> String {
        let mut counts: Vec<(char, usize)> = Vec::new();
        for c in v
            .in_hand
            .chars()
            .filter(|c| c.is_ascii_alphabetic() && c.is_ascii_uppercase() == upper)
        {
            let c = c.to_ascii_lowercase();
            match counts.iter_mut().find(|(k, _)| *k == c) {
                Some((_, n)) => *n += 1,
                None => counts.push((c, 1)),
            }
        }
        let items: Vec<String> = counts
            .iter()
            .map(|&(c, n)| match n {
                1 => format!("{} {}", article(&name(c)), name(c)),
                _ => format!("{n} {}", plural(&name(c))),
            })
            .collect();
        if items.is_empty() {
            "none".into()
        } else {
            items.join(", ")
        }
    };
    let (white, black) = (side_name(v, Colour::White), side_name(v, Colour::Black));
    format!("{white}: {}; {black}: {}", side(true), side(false))
}

/// A side's name as the variant's players write it (Xiangqi's Red and
/// Black: [`super::piece_names::side`]); White and Black in the browser's
/// build, which writes no page.
fn side_name(v: &Variant, c: Colour) -> &'static str {
    #[cfg(not(target_arch = "wasm32"))]
    return super::piece_names::side(v, c);
    #[cfg(target_arch = "wasm32")]
    {
        let _ = v;
        c.title()
    }
}

/// The lines (`key` of a square: its rank or its file) that `squares`
/// fill whole, each `len` squares long; `None` where some line is only
/// partly in `squares` (or there are none).
fn whole_lines(squares: &[Square], key: fn(&Square) -> u8, len: u8) -> Option<Vec<u8>> {
    let mut lines: Vec<u8> = squares.iter().map(key).collect();
    lines.sort_unstable();
    lines.dedup();
    let whole = lines
        .iter()
        .all(|l| squares.iter().filter(|s| key(s) == *l).count() == usize::from(len));
    (whole && !lines.is_empty()).then_some(lines)
}

/// Squares named one by one ("a8, b8 or c8"), or whole ranks by their
/// rank ("the 8th rank") and whole files by their file ("the a-file").
fn squares_words(v: &Variant, squares: &[Square]) -> String {
    if let Some(ranks) = whole_lines(squares, |s| s.rank(), v.files) {
        let names: Vec<String> = ranks.iter().map(|r| ordinal(r + 1)).collect();
        return format!(
            "the {} rank{}",
            list(&names, "or"),
            if ranks.len() > 1 { "s" } else { "" }
        );
    }
    if let Some(files) = whole_lines(squares, |s| s.file(), v.ranks) {
        let names: Vec<String> = files
            .iter()
            .filter_map(|f| Square::new(*f, 0).map(|s| format!("{}-file", s.file_char())))
            .collect();
        return format!("the {}", list(&names, "or"));
    }
    let mut sq = squares.to_vec();
    sq.sort_by_key(|s| (s.rank(), s.file()));
    let names: Vec<String> = sq.iter().map(|s| s.to_string()).collect();
    list(&names, "or")
}

/// `3` as `3rd`.
pub(crate) fn ordinal(n: u8) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, x) if x != 11 => "st",
        (2, x) if x != 12 => "nd",
        (3, x) if x != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The words of a number of times: "three times".
fn times(n: i32) -> String {
    match n {
        1 => "once".into(),
        2 => "twice".into(),
        n => format!(
            "{} times",
            u8::try_from(n).map_or_else(|_| n.to_string(), number)
        ),
    }
}

/// The rules of `v`, naming its pieces with `name`; promotions are said
/// of the pieces `shown` (those a player meets: a parent's piece that the
/// game never has promotes in no sentence).
pub fn rules(v: &Variant, name: &dyn Fn(char) -> String, shown: &dyn Fn(char) -> bool) -> Rules {
    let mut r = Rules::default();
    ends(v, name, &mut r.ends);
    beyond(v, name, shown, &mut r.beyond);
    fill(v, &mut r.ends);
    fill(v, &mut r.beyond);
    r
}

/// How the game is won, lost and drawn.
fn ends(v: &Variant, name: &dyn Fn(char) -> String, out: &mut Vec<Sentence>) {
    checkmate(v, name, out);
    extinction(v, name, out);
    flag(v, name, out);
    goals(v, name, out);
    stalemate(v, name, out);
    repetition(v, name, out);
    points(v, name, out);
}

/// The names, in the plural, of the extinction types the variant has.
fn extinction_kinds(v: &Variant, name: &dyn Fn(char) -> String) -> Vec<String> {
    v.rules
        .end
        .extinction
        .piece_types
        .iter()
        .filter(|c| v.pieces.iter().any(|p| p.letter == **c))
        .map(|&c| plural(&name(c)))
        .collect()
}

/// Checkmate, and Shatar's rule for it.
fn checkmate(v: &Variant, name: &dyn Fn(char) -> String, out: &mut Vec<Sentence>) {
    let end = &v.rules.end;
    let royal = v.pieces.iter().find(|p| p.royal);
    let x = &end.extinction;
    if royal.is_none() && x.pseudo_royal && v.rules.captures.blast && v.rules.moves.checking {
        // (Atomic: the King is pseudo-royal, so a player whose Kings are
        // attacked and who has no legal move has lost; game_result.)
        let kinds = extinction_kinds(v, name);
        if !kinds.is_empty() {
            out.push(
                Sentence::new(if x.piece_types.len() == 1 && x.piece_types.iter().all(|&c| starting_count(v, c) <= 1) {
                    format!(
                        "A player whose {} is attacked and who has no legal move (checkmate) {}.",
                        x.piece_types.first().map_or_else(String::new, |&c| name(c)),
                        outcome(end.checkmate)
                    )
                } else {
                    format!(
                        "A player whose {} are attacked and who has no legal move (checkmate) {}.",
                        list(&kinds, "or"),
                        outcome(end.checkmate)
                    )
                })
                .key("checkmateValue"),
            );
        }
    }
    if let Some(k) = royal.filter(|_| v.rules.moves.checking) {
        let king = name(k.letter);
        out.push(
            Sentence::new(format!(
                "A player whose {king} is checkmated (attacked, with no move that ends the attack) {}.",
                outcome(end.checkmate)
            ))
            .key("checkmateValue"),
        );
        if end.shatar_mate {
            out.push(
                Sentence::new(format!(
                    "A checkmate wins only if the run of checks that led to it includes a check by a \
                     {}, {} or {}; a checkmate given by a {} alone loses, and any other checkmate is a draw.",
                    type_name(v, name, "knight", "Knight"),
                    type_name(v, name, "rook", "Rook"),
                    type_name(v, name, "bers", "Bers"),
                    type_name(v, name, "knight", "Knight"),
                ))
                .key("shatarMateRule"),
            );
        }
    }
}

/// Where the extinction rule counts a side's pieces: on the board and,
/// in a game with drops, in hand too (`count_with_hand`, position.h).
fn counted_where(v: &Variant) -> &'static str {
    if v.rules.drops.allowed {
        " on the board or in hand"
    } else {
        ""
    }
}

/// The extinction rule's "while the other player has at least …" clause
/// and the count its claim sentence says "exactly" of. Counting every
/// piece, Fairy-Stockfish counts the King too: Shatranj's
/// `extinctionOpponentPieceCount = 2` is a King and one piece more.
fn opponent_count(
    v: &Variant,
    opp: i32,
    royal: Option<&str>,
    every_kind: bool,
) -> (String, String) {
    let place = counted_where(v);
    match royal.filter(|_| every_kind && opp > 1) {
        Some(k) => {
            let b = opp - 1;
            let pieces = if b == 1 { "piece" } else { "pieces" };
            (
                format!(" while the other player has at least {b} {pieces} besides its {k}{place}"),
                format!("{b} besides its {k}"),
            )
        }
        None if opp > 0 => {
            let of = if every_kind { "pieces" } else { "of that kind" };
            (
                format!(" while the other player has at least {opp} {of}{place}"),
                opp.to_string(),
            )
        }
        None => (String::new(), opp.to_string()),
    }
}

/// A pawn type of the extinction kinds whose promotion makes it another
/// type leaves the count as a capture would: Kinglet's last Pawn,
/// promoting to a King, loses (pyffish's `7k/3P3p/8/8/8/8/8/K7 w`,
/// d7d8k, ends the game). Empty where no such type.
fn promoted_away(v: &Variant, name: &dyn Fn(char) -> String) -> String {
    let pr = &v.promotion;
    let x = &v.rules.end.extinction;
    let Some(pawn) = x.piece_types.iter().copied().find(|c| {
        pr.pawn_types.contains(c)
            && !pr.piece_types_white.is_empty()
            && !pr.piece_types_white.contains(c)
    }) else {
        return String::new();
    };
    let pawn = name(pawn);
    format!(
        " A {pawn} that promotes no longer counts as one: a player who promotes their last {pawn} {}.",
        outcome(x.value)
    )
}

/// Losing all the pieces of some types: Fairy-Stockfish counts each
/// type named on its own (losing all of any one of them is enough) and
/// `*` as all of a side's pieces together. Pseudo-royal pieces
/// (`extinctionPseudoRoyal`) cannot be taken, so without blasts the
/// game never ends by their loss: it ends as checkmate does.
fn extinction(v: &Variant, name: &dyn Fn(char) -> String, out: &mut Vec<Sentence>) {
    let end = &v.rules.end;
    let x = &end.extinction;
    if x.value == Outcome::None {
        return;
    }
    let kinds = extinction_kinds(v, name);
    let n = x.piece_count;
    if x.pseudo_royal && !v.rules.captures.blast {
        if !kinds.is_empty() {
            let most = n.saturating_add(1);
            // (More than `most` at the start, or one more by a promotion:
            // Sho shogi's Drunk Elephant becomes a second King; Chak's King
            // becoming a Divine King, both of the kinds, adds none.)
            let more = v.pieces.iter().any(|p| {
                x.piece_types.contains(&p.letter)
                    && (starting_count(v, p.letter) > most
                        || v.promotion
                            .promoted
                            .iter()
                            .any(|&(from, to)| to == p.letter && !x.piece_types.contains(&from)))
            });
            let kinds = list(&kinds, "and");
            // (Position::checkmate_value: the side to move, attacked so
            // with no legal move.)
            let mated = outcome(end.checkmate);
            let text = if more {
                // Position::legal: pseudo-royal only at `most` or fewer;
                // dupleCheck forbids leaving all the candidates attacked.
                let before = if x.duple_check {
                    "; before that one of them may be taken, but a player may not leave all of them attacked at once"
                } else {
                    "; before that they may be taken"
                };
                format!(
                    "A player's {kinds} may not be left attacked once a player has no more than {most} of them, as a King may not be left in check{before}. Once they cannot be taken, a player who cannot end such an attack {mated}, as by checkmate."
                )
            } else {
                format!(
                    "A player's {kinds} may not be left attacked, as a King may not be left in check; none can be taken, so a player who cannot end such an attack {mated}, as by checkmate."
                )
            };
            out.push(
                Sentence::new(text)
                    .key("extinctionPseudoRoyal")
                    .key("extinctionPieceTypes")
                    .key("extinctionPieceCount")
                    .key_if(x.duple_check, "dupleCheck"),
            );
        }
        return;
    }
    // (Fairy-Stockfish counts the pieces a side has, on the board and in
    // hand: one promoted away is gone as much as one taken.)
    let royal = v.pieces.iter().find(|p| p.royal).map(|p| name(p.letter));
    let hand = counted_where(v);
    let mut who = Vec::new();
    if x.every_piece {
        who.push(match (n, &royal) {
            (0, _) => format!("has no pieces left{hand}"),
            (1, Some(k)) => format!("is left with its {k} alone"),
            (1, None) => "is left with no more than 1 piece".to_string(),
            _ => format!("is left with no more than {n} pieces"),
        });
    }
    match kinds.len() {
        0 => {}
        1 if n > 0 => who.push(format!("is left with no more than {n} of its {}", kinds[0])),
        1 => who.push(format!("has no {} left{hand}", kinds[0])),
        _ if n > 0 => who.push(format!(
            "is left with no more than {n} pieces of any one of these kinds: {}",
            list(&kinds, "or")
        )),
        _ => who.push(format!(
            "has none left{hand} of any one of these kinds: {}",
            list(&kinds, "or")
        )),
    }
    if who.is_empty() {
        return;
    }
    let opp = x.opponent_piece_count;
    let (other, exactly) = opponent_count(v, opp, royal.as_deref(), kinds.is_empty());
    let whom = who.join(" or ");
    let mut text = match x.value {
        Outcome::Draw => format!("As soon as a player {whom}{other}, the game is drawn."),
        value => format!("A player who {whom}{other} {}.", outcome(value)),
    };
    if n == 0 && !x.every_piece && opp == 0 {
        text.push_str(&promoted_away(v, name));
    }
    if x.claim && opp > 0 {
        // Position::is_immediate_game_end: extinctionClaim asks one
        // more of the other side while the side left so is to move.
        text.push_str(&format!(
            " Where the other player has exactly {exactly}, the player left so first makes one more move, and the \
             game goes on if that move takes one of the other player's pieces."
        ));
    }
    out.push(
        Sentence::new(text)
            .key("extinctionValue")
            .key("extinctionPieceTypes")
            .key("extinctionPieceCount")
            .key_if(opp > 0, "extinctionOpponentPieceCount")
            .key_if(x.claim && opp > 0, "extinctionClaim"),
    );
    if v.rules.captures.blast && !x.pseudo_royal && !kinds.is_empty() {
        // (Position::is_immediate_game_end looks at the player who has
        // just moved first.)
        out.push(
            Sentence::new(format!(
                "If one capture leaves both players so, the player who made it {}.",
                outcome(x.value)
            ))
            .key("extinctionValue"),
        );
    }
    if x.pseudo_royal && !kinds.is_empty() {
        let kinds = list(&kinds, "and");
        // (Position::legal and checkers: where captures explode, a
        // pseudo-royal piece beside one of the other side's is never
        // attacked, and a move whose blast removes every one of theirs
        // is legal whatever it leaves attacked.)
        let blast = v.rules.captures.blast;
        let text = if blast {
            format!(
                "The {kinds} may not be left attacked, as a King may not be left in check, except that one standing \
                 next to one of the other side's is never attacked (the piece that took it would be blown up with \
                 its own), and a capture whose blast removes all of the other side's {kinds} may be made whatever \
                 it leaves attacked."
            )
        } else {
            format!("The {kinds} may not be left attacked, as a King may not be left in check.")
        };
        out.push(
            Sentence::new(text)
                .key("extinctionPseudoRoyal")
                .fsf("blastKingsAdjacent", blast),
        );
    }
}

/// How many pieces of `letter` the side with more of them starts with,
/// on the board and in hand.
fn starting_count(v: &Variant, letter: char) -> i32 {
    let mut most = 0;
    for colour in [Colour::White, Colour::Black] {
        let held = match colour {
            Colour::White => letter.to_ascii_uppercase(),
            Colour::Black => letter,
        };
        let n = v
            .start
            .iter()
            .filter(|s| s.colour == colour && s.letter == letter)
            .count()
            + v.in_hand.chars().filter(|c| *c == held).count();
        most = most.max(i32::try_from(n).unwrap_or(i32::MAX));
    }
    most
}

/// Bringing a piece to a region (Position::flag_reached and
/// is_immediate_game_end, position.h and position.cpp): how many pieces,
/// a goal filled up, whether a piece standing attacked counts, and
/// whether the other side moves once more first.
fn flag(v: &Variant, name: &dyn Fn(char) -> String, out: &mut Vec<Sentence>) {
    let end = &v.rules.end;
    let flag = &end.flag;
    if flag.region.white.is_empty() && flag.region.black.is_empty() {
        return;
    }
    let count = flag.count.max(1);
    let number =
        |n: i32| u8::try_from(n).map_or_else(|_| n.to_string(), crate::engine::describe::number);
    // What a side brings: "their Knight", "nine of their Knights".
    let what = |piece: Option<char>, their: &str| match (piece, count) {
        (None, 1) => format!("any of {their} pieces"),
        (None, n) => format!("{} of {their} pieces", number(n)),
        (Some(c), 1) => format!("{their} {}", name(c)),
        (Some(c), n) => format!("{} of {their} {}", number(n), plural(&name(c))),
    };
    let mut one_sided = None;
    let mut text = match (flag.region.white.is_empty(), flag.region.black.is_empty()) {
        (false, false) => format!(
            "A player who brings {} to {} ({}: {}) wins",
            what(flag.piece.white, "their"),
            squares_words(v, &flag.region.white),
            side_name(v, Colour::Black),
            squares_words(v, &flag.region.black),
        ),
        // One side only has a goal (Buffalo: flagRegionBlack alone).
        (white_none, _) => {
            let side = if white_none {
                Colour::Black
            } else {
                Colour::White
            };
            one_sided = Some(side.opposite());
            format!(
                "{} wins by bringing {} to {}",
                side_name(v, side),
                match (flag.piece[side], count) {
                    (Some(c), 1) => with_article(&name(c)),
                    (p, _) => what(p, "its"),
                },
                squares_words(v, &flag.region[side]),
            )
        }
    };
    if flag.blocked_win && count > 1 {
        // flagPieceBlockedWin: one there and the goal full.
        text.push_str(
            "; so does a player who has one there when every square of that goal is occupied",
        );
    }
    let it = if count > 1 { "them" } else { "it" };
    let king_race = flag
        .piece
        .black
        .is_some_and(|c| v.pieces.iter().any(|p| p.letter == c && p.name == "king"));
    match (flag.extra_move, flag.safe) {
        (false, false) => text.push('.'),
        (false, true) => text.push_str(&format!(
            " if no piece of the other side attacks {it} there. A piece that arrives attacked wins \
             after any later move that leaves {it} there unattacked; if both players have a piece so \
             on their goal at once, the game is drawn."
        )),
        (true, true) => text.push_str(&format!(
            " at once if no piece of the other side attacks {it} there; where one does, the other player \
             has one more move, and the player wins if their piece is still on the goal after it."
        )),
        (true, false) if king_race => text.push_str(&format!(
            ". If {black}'s {bp} gets there first, {black} wins at once; if {white}'s {wp} does, {black} \
             has one more move, and the game is drawn if {black}'s {bp} reaches its goal with it.",
            wp = flag.piece.white.map_or_else(|| "piece".to_string(), name),
            bp = flag.piece.black.map_or_else(|| "piece".to_string(), name),
            white = side_name(v, Colour::White),
            black = side_name(v, Colour::Black),
        )),
        (true, false) => text.push_str(
            "; the other player then has one more move, and the player wins if their piece is still on \
             the goal after it.",
        ),
    }
    for side in [Colour::White, Colour::Black] {
        let mut goal = flag.region[side].clone();
        goal.sort_by_key(|s| s.index());
        goal.dedup();
        if !goal.is_empty() && !flag.blocked_win && goal.len() < usize::try_from(count).unwrap_or(0)
        {
            text.push_str(&format!(
                " {side}'s goal has only {} squares, so {side} cannot win this way.",
                goal.len(),
                side = side_name(v, side),
            ));
        }
    }
    if let Some(other) = one_sided {
        text.push_str(&format!(" {} has no such goal.", side_name(v, other)));
    }
    out.push(
        Sentence::new(text)
            .key("flagPieceWhite")
            .key("flagPieceBlack")
            .key("flagRegionWhite")
            .key("flagRegionBlack")
            .key("flagMove")
            .key_if(flag.safe, "flagPieceSafe")
            .key_if(count > 1, "flagPieceCount")
            .key_if(flag.blocked_win && count > 1, "flagPieceBlockedWin"),
    );
}

/// Check counting, lines of pieces, castling that wins.
fn goals(v: &Variant, name: &dyn Fn(char) -> String, out: &mut Vec<Sentence>) {
    let end = &v.rules.end;
    if end.check_counting {
        // (A start FEN without the counts: Fairy-Stockfish's next check
        // wins, Position::set.)
        let (w, b) = v.checks.map_or((1, 1), |c| (c.white, c.black));
        out.push(
            Sentence::new(if w == b {
                format!("A player who gives check {} wins.", times(i32::from(w)))
            } else {
                format!(
                    "{} wins by giving check {}, {} by giving check {}.",
                    side_name(v, Colour::White),
                    times(i32::from(w)),
                    side_name(v, Colour::Black),
                    times(i32::from(b))
                )
            })
            .key("checkCounting")
            .fsf("checksWhite", w)
            .fsf("checksBlack", b),
        );
    }
    let c = &end.connect;
    if c.n > 0 {
        let mut ways = Vec::new();
        if c.horizontal {
            ways.push("horizontally".to_string());
        }
        if c.vertical {
            ways.push("vertically".to_string());
        }
        if c.diagonal {
            ways.push("diagonally".to_string());
        }
        out.push(
            Sentence::new(format!(
                "A player who gets {} of their pieces in an unbroken line ({}) {}.",
                c.n,
                list(&ways, "or"),
                outcome(c.value)
            ))
            .key("connectN")
            .key("connectValue")
            .key("connectHorizontal")
            .key("connectVertical")
            .key("connectDiagonal"),
        );
    }
    // Position::is_immediate_game_end: after a move, the mover's pieces
    // of connectPieceTypes (every piece by default) are looked at.
    let whose = |their: &str| match &c.piece_types {
        Some(t) if !t.is_empty() => {
            let names: Vec<String> = t.iter().map(|&l| plural(&name(l))).collect();
            format!("{their} {}", list(&names, "or"))
        }
        _ => format!("{their} pieces"),
    };
    let ways = |h: &str, vert: &str, d: &str| {
        let mut w = Vec::new();
        if c.horizontal {
            w.push(h.to_string());
        }
        if c.vertical {
            w.push(vert.to_string());
        }
        if c.diagonal {
            w.push(d.to_string());
        }
        list(&w, "or")
    };
    if c.n_by_n > 1 {
        out.push(
            Sentence::new(format!(
                "A player whose move leaves {} filling a square of {n}×{n} {}.",
                whose("their"),
                outcome(c.value),
                n = c.n_by_n
            ))
            .key("connectNxN")
            .key("connectValue")
            .key_if(c.piece_types.is_some(), "connectPieceTypes"),
        );
    }
    if c.collinear > 1 {
        out.push(
            Sentence::new(format!(
                "A player whose move leaves {} of {} on one {}, next to each other or not, {}.",
                c.collinear,
                whose("their"),
                ways("rank", "file", "diagonal"),
                outcome(c.value)
            ))
            .key("collinearN")
            .key("connectValue")
            .key("connectHorizontal")
            .key("connectVertical")
            .key("connectDiagonal")
            .key_if(c.piece_types.is_some(), "connectPieceTypes"),
        );
    }
    for side in [Colour::White, Colour::Black] {
        let (from, to) = (&c.region1[side], &c.region2[side]);
        if from.is_empty() || to.is_empty() {
            continue;
        }
        out.push(
            Sentence::new(format!(
                "{} {} by joining {} to {} with a chain of {}, each next to the last {}.",
                side_name(v, side),
                outcome(c.value),
                squares_words(v, from),
                squares_words(v, to),
                whose("its"),
                ways("along a rank", "along a file", "diagonally"),
            ))
            .key(if side == Colour::White {
                "connectRegion1White"
            } else {
                "connectRegion1Black"
            })
            .key(if side == Colour::White {
                "connectRegion2White"
            } else {
                "connectRegion2Black"
            })
            .key("connectValue")
            .key("connectHorizontal")
            .key("connectVertical")
            .key("connectDiagonal"),
        );
    }
    for w in &end.castling_wins {
        out.push(
            Sentence::new(format!(
                "{} wins by castling {}.",
                side_name(v, w.colour),
                if w.king_side {
                    "king-side"
                } else {
                    "queen-side"
                }
            ))
            .key("castlingWins"),
        );
    }
}

/// Stalemate, or no move at all.
fn stalemate(v: &Variant, name: &dyn Fn(char) -> String, out: &mut Vec<Sentence>) {
    let end = &v.rules.end;
    let pass_on_stalemate = v.rules.moves.pass_on_stalemate;
    if end.stalemate_piece_count {
        // Position::stalemate_value: the side to move with fewer pieces
        // gets stalemateValue, with more its opposite, with as many a
        // draw (Suicide's stalemate is a win: fewer pieces win).
        let decided = match end.stalemate {
            Outcome::Loss => "the player with more pieces on the board wins",
            Outcome::Win => "the player with fewer pieces on the board wins",
            _ => "it is drawn",
        };
        out.push(
            Sentence::new(format!(
                "When {}, the game ends: {decided}.",
                if pass_on_stalemate.white && v.pieces.iter().any(|p| p.royal) {
                    "neither player can move"
                } else if pass_on_stalemate.white {
                    // (a player with no piece left cannot pass)
                    "neither player can move, or the player to move cannot move and has no piece on the board to pass with"
                } else {
                    "the player to move cannot move"
                }
            ))
            .key("stalematePieceCount")
            .key("stalemateValue"),
        );
    } else if let Some(counted) = counted_draw(v)
        .filter(|_| end.stalemate == Outcome::Draw && !pass_on_stalemate.white && !always_passes(v))
    {
        // (Position::stalemate_value: a drawn stalemate is counted too.)
        out.push(
            Sentence::new(format!(
                "When the player to move has no legal move and is not in check (stalemate), the game ends: {counted}."
            ))
            .key("stalemateValue")
            .key("materialCounting"),
        );
    } else if !pass_on_stalemate.white && !always_passes(v) {
        out.push(
            Sentence::new(format!(
                "A player with no legal move{} {}.",
                // Without a royal piece no one is ever in check.
                if v.pieces.iter().any(|p| p.royal) || end.extinction.pseudo_royal {
                    " who is not in check (stalemate)"
                } else {
                    ""
                },
                outcome(end.stalemate)
            ))
            .key("stalemateValue"),
        );
    }
    if v.rules.moves.sittuyin_promotion {
        // Position::is_optional_game_end: a side with a King and one
        // pawn, not in check, whose every legal move is a promotion (its
        // promotion being optional) may end the game as a draw.
        let king = royal_name(v, name);
        let pawn = v
            .pieces
            .iter()
            .find(|p| v.promotion.pawn_types.contains(&p.letter))
            .map_or_else(|| "Pawn".to_string(), |p| name(p.letter));
        out.push(
            Sentence::new(format!(
                "A player left with only {} and one {pawn}, not in check, whose every legal move is a promotion, \
                 may claim a draw.",
                with_article(&king)
            ))
            .key("sittuyinPromotion"),
        );
    }
}

/// Whether both players may pass whenever they are not in check
/// (`pass`): then no one is ever stalemated (Janggi).
fn always_passes(v: &Variant) -> bool {
    let pass = v.rules.moves.pass;
    pass.white && pass.black
}

/// Whether a type that promotes is not among its side's n-move types
/// (`white`, `black`), so that "no promotion" says more than they do;
/// false in the browser's build, which writes no page.
fn promotion_outside(v: &Variant, white: &[char], black: &[char]) -> bool {
    #[cfg(not(target_arch = "wasm32"))]
    return [(Colour::White, white), (Colour::Black, black)]
        .iter()
        .any(|(side, types)| {
            super::promotion::promoting_types(v, *side)
                .iter()
                .any(|(l, _, _)| !types.iter().any(|t| t.eq_ignore_ascii_case(l)))
        });
    #[cfg(target_arch = "wasm32")]
    {
        let _ = (v, white, black);
        false
    }
}

/// The squares White's `p` may move to without capturing from `at` of
/// an empty board (its initial moves too where `initial`); empty where
/// its Betza cannot be read.
fn quiet_squares(v: &Variant, p: &VariantPiece, at: Square, initial: bool) -> Vec<Square> {
    let Some(Ok(moves)) = p.pages.as_deref().ok().map(crate::engine::betza::parse) else {
        return Vec::new();
    };
    let moves = if initial {
        moves
    } else {
        moves.without_initial()
    };
    super::reach::quiet_squares(v, &moves, at, Colour::White)
}

/// Whether no move of White's `p` without a capture can be taken back
/// by one (on an empty board, from its middle), as do_move's
/// `PseudoMoves[0][us][pt][to] & from` asks: every such move of it
/// resets the n-move count (Berolina's and Legan's Pawns).
fn never_moves_back(v: &Variant, p: &VariantPiece) -> bool {
    let Some(at) = Square::new(v.files / 2, v.ranks / 2) else {
        return false;
    };
    let away = quiet_squares(v, p, at, true);
    !away.is_empty()
        && away
            .iter()
            .all(|&to| !quiet_squares(v, p, to, false).contains(&at))
}

/// Whether White's `p`, once moved, may step sideways or back (All-ways
/// pawns; Petrified's Pawn along its 2nd rank): it may stand again where
/// its initial moves start.
#[cfg(not(target_arch = "wasm32"))]
fn may_come_back(v: &Variant, p: &VariantPiece) -> bool {
    let Some(at) = Square::new(v.files / 2, v.ranks / 2) else {
        return false;
    };
    quiet_squares(v, p, at, false)
        .iter()
        .any(|s| s.rank() <= at.rank())
}

/// The n-move rule's sentence: its count, the moves that reset it (each
/// side's where they differ), and its result.
fn n_move_rule(v: &Variant, name: &dyn Fn(char) -> String) -> Sentence {
    let rep = &v.rules.repetition;
    // Fairy-Stockfish resets the count for a move of these types only
    // if the piece could not move back (do_move); a pawn's moves
    // never can. Each side's types (Khans' Black: its Scouts).
    let phrase = |types: &[char], side: &str| -> String {
        let resets: Vec<String> = types
            .iter()
            .map(|&c| format!("{side}{}", name(c)))
            .collect();
        let pawns_only = types.iter().all(|c| {
            v.piece(*c)
                .is_some_and(|p| p.name == "pawn" || never_moves_back(v, p))
        });
        if pawns_only {
            format!("no {} move", list(&resets, "or"))
        } else {
            format!(
                "no move of {} that it could not take back",
                with_article(&list(&resets, "or"))
            )
        }
    };
    let (white, black) = (&rep.n_move_types.white, &rep.n_move_types.black);
    let apart = white != black;
    // Position::do_move resets the clock for every drop.
    let drops = v.rules.drops.allowed;
    let mut parts = alloc::vec!["no capture".to_string()];
    if drops {
        parts.push("no drop".to_string());
    }
    if !apart && !white.is_empty() {
        parts.push(phrase(white, ""));
    } else if apart {
        for (side, types) in [(Colour::White, white), (Colour::Black, black)] {
            if !types.is_empty() {
                parts.push(phrase(types, &format!("{} ", side_name(v, side))));
            }
        }
    }
    // Position::do_move resets it for every promotion too (but a flip
    // where pieces demote again): said where a promoting type's own
    // moves do not (Chak's Pawn, a piece of its own, promotes to a
    // Warrior; a chess Pawn's every move resets it anyway).
    let promotes = promotion_outside(v, white, black);
    if promotes {
        parts.push("no promotion".to_string());
    }
    let what = list(&parts, "and");
    Sentence::new(format!(
        "After {} moves by each side with {what}, the game ends: {}.",
        rep.n_move,
        counted_draw(v).unwrap_or_else(|| "a draw".to_string())
    ))
    .key("nMoveRule")
    .key("nMoveRuleTypesWhite")
    .key_if(apart, "nMoveRuleTypesBlack")
    .key_if(drops, "pieceDrops")
    .fsf_if(promotes, "promotionResets", true)
}

/// The move rule, repetition, chasing, Janggi's move repetition, bikjang.
fn repetition(v: &Variant, name: &dyn Fn(char) -> String, out: &mut Vec<Sentence>) {
    let end = &v.rules.end;
    let rep = &v.rules.repetition;
    let irreversible = v.every_move_is_irreversible();
    if irreversible {
        // No move keeps the half-move clock and no position comes back:
        // neither rule can apply (Tic-tac-toe, Reversi, Clobber).
    } else if rep.n_move != 0 {
        out.push(n_move_rule(v, name));
    } else {
        out.push(
            Sentence::new("No number of moves without a capture ends the game.").key("nMoveRule"),
        );
    }
    if rep.n_fold > 0 && !irreversible {
        let value = rep.n_fold_value;
        let result =
            if rep.n_fold_value_absolute && value != Outcome::Draw && value != Outcome::None {
                // Fairy-Stockfish's result for the side to move, turned round
                // for Black: White's result, whoever moves.
                format!("{} {}", side_name(v, Colour::White), outcome(value))
            } else if let Some(counted) = counted_draw(v).filter(|_| value == Outcome::Draw) {
                format!("the game ends: {counted}")
            } else {
                match value {
                    Outcome::Draw => "the game is drawn".to_string(),
                    v => format!("the player to move {}", outcome(v)),
                }
            };
        let mut text = format!(
            "When the same position occurs {}, {result}",
            times(rep.n_fold)
        );
        // Fairy-Stockfish sees a check only on a royal King (not on a
        // pseudo-royal piece): without one the rule never applies.
        let checks = v.pieces.iter().any(|p| p.royal);
        if rep.perpetual_check_illegal && checks {
            text.push_str(
                ", unless one player gave check with every move of the repetition: that player loses",
            );
        }
        text.push('.');
        out.push(
            Sentence::new(text)
                .key("nFoldRule")
                .key("nFoldValue")
                .key("nFoldValueAbsolute")
                .key_if(checks, "perpetualCheckIllegal"),
        );
    }
    if rep.n_fold == 0 && !irreversible && !rep.move_repetition_illegal {
        // (A player expects a threefold repetition to draw: Tuk-tuk and
        // Kono have none.)
        out.push(
            Sentence::new(
                "A position may come back any number of times: repetition never ends the game.",
            )
            .key("nFoldRule"),
        );
    }
    if rep.chasing == super::rules::Chasing::Axf {
        out.push(
            // (Position::chased: a Horse's or Cannon's attack on a
            // Chariot, an Elephant's or Advisor's on a Chariot, Cannon or
            // Horse, count protected or not; Kings and Soldiers before
            // the river never count.)
            Sentence::new(format!(
                "A player who keeps chasing a piece through a repetition loses (the Asian Xiangqi \
                 Federation's rules): a chase is an attack on a piece that is not protected, or, protected \
                 or not, a {horse}'s or {cannon}'s attack on a {rook}, or an {elephant}'s or {fers}'s on a \
                 {rook}, {cannon} or {horse}; a {king} and a {soldier} that has not crossed the river are \
                 never chased.",
                horse = type_name(v, name, "horse", "Horse"),
                cannon = type_name(v, name, "cannon", "Cannon"),
                rook = type_name(v, name, "rook", "Chariot"),
                elephant = type_name(v, name, "elephant", "Elephant"),
                fers = type_name(v, name, "fers", "Advisor"),
                king = royal_name(v, name),
                soldier = type_name(v, name, "soldier", "Soldier"),
            ))
            .key("chasingRule"),
        );
    }
    if rep.move_repetition_illegal {
        out.push(
            Sentence::new(
                "A player who moves a piece back and forth so that a position occurs a third time, \
                 while the other player gives no check, loses at once.",
            )
            .key("moveRepetitionIllegal"),
        );
    }
    if end.bikjang {
        out.push(
            Sentence::new(
                "Bikjang: when a player's move leaves the two Generals facing each other on a file with \
                 nothing between them and the other player does not end it, the game ends and is decided by points.",
            )
            .key("bikjangRule"),
        );
    }
}

/// Points, counting, a full board.
fn points(v: &Variant, name: &dyn Fn(char) -> String, out: &mut Vec<Sentence>) {
    let end = &v.rules.end;
    let royal = v.pieces.iter().find(|p| p.royal);
    match end.material_counting {
        super::rules::MaterialCounting::Janggi => out.push(
            Sentence::new(format!(
                "Points: {} 13, {} 7, {} 5, {} 3, {} 3, {} 2; {white} wins on points only with at \
                 least 2 more than {black}, otherwise {black} wins{}.",
                type_name(v, name, "rook", "Chariot"),
                type_name(v, name, "janggiCannon", "Cannon"),
                type_name(v, name, "horse", "Horse"),
                type_name(v, name, "janggiElephant", "Elephant"),
                type_name(v, name, "wazir", "Advisor"),
                type_name(v, name, "soldier", "Soldier"),
                // (material_counting_result counts the board only.)
                if v.rules.drops.allowed {
                    "; pieces in hand count for nothing"
                } else {
                    ""
                },
                white = side_name(v, Colour::White),
                black = side_name(v, Colour::Black),
            ))
            .key("materialCounting")
            .fsf("janggiPoints", "r13 c7 n5 b3 a3 p2 white-1"),
        ),
        super::rules::MaterialCounting::None => {}
        counting => {
            if let Some(counted) = counted_draw(v) {
                let odds = match counting {
                    super::rules::MaterialCounting::Unweighted => "",
                    _ => " (draw odds)",
                };
                out.push(
                    Sentence::new(format!("Where the game would be drawn, {counted}{odds}."))
                        .key("materialCounting"),
                );
            }
        }
    }
    // Fairy-Stockfish's count_limit and do_move (position.cpp): who may
    // count, from when, and to how many moves.
    let (rook, khon, knight) = (
        type_name(v, name, "rook", "Rook"),
        type_name(v, name, "silver", "Khon"),
        type_name(v, name, "knight", "Knight"),
    );
    let limits = |l: [u8; 6]| {
        format!(
            "{} against two {}s, {} against one, {} against two {}s, {} against two {}s, {} against one {}, \
             {} otherwise",
            l[0], rook, l[1], l[2], khon, l[3], knight, l[4], khon, l[5]
        )
    };
    // (count_limit asks for pawns on the board: Makhouse's in hand do not
    // stop a count.)
    let on_board = if v.rules.drops.allowed {
        " on the board (those in hand do not count)"
    } else {
        ""
    };
    match end.counting {
        super::rules::Counting::None => {}
        super::rules::Counting::Makruk => out.push(
            Sentence::new(format!(
                "Counting: once no Pawns are left{on_board}, a count starts by itself for the player to move, if the \
                 other side has more than its {king}: to 64 moves (board's honour) if the player has \
                 pieces beside its {king}; if it has its {king} alone, to a limit set by the other side's \
                 pieces ({}), counted from the number of pieces on the board. A player whose last piece \
                 beside its {king} is captured starts a new count of the second kind. When a count passes \
                 its limit without checkmate, the game is drawn.",
                limits([8, 16, 22, 32, 44, 64]),
                king = royal.map_or_else(|| "King".to_string(), |k| name(k.letter)),
            ))
            .key("countingRule")
            .fsf("countingLimits", "64 8 16 22 32 44 64"),
        ),
        super::rules::Counting::Cambodian => out.push(
            Sentence::new(format!(
                "Counting: a count starts by itself for the player to move once it has three pieces or \
                 fewer, its {king} included, and the other side has more than its {king}: to 63 moves \
                 (board's honour) if the player has pieces beside its {king}, Pawns included; if it has \
                 its {king} alone and no Pawns are left{on_board}, to a limit set by the other side's pieces ({}), \
                 counted from the number of pieces on the board. A player whose last piece beside its \
                 {king} is captured starts a new count of the second kind. When a count passes its limit \
                 without checkmate, the game is drawn.",
                limits([7, 15, 21, 31, 43, 63]),
                king = royal.map_or_else(|| "King".to_string(), |k| name(k.letter)),
            ))
            .key("countingRule")
            .fsf("countingLimits", "63 7 15 21 31 43 63"),
        ),
        super::rules::Counting::Asean => out.push(
            Sentence::new(format!(
                "Counting: once no Pawns are left{on_board}, a count starts by itself for a player left with its \
                 {king} alone: to 16 moves if the other side has {} {rook}, else to 44 if it has {} {khon}, \
                 else to 64 if it has {} {knight}; against other pieces there is no count. When the count \
                 passes its limit without checkmate, the game is drawn.",
                article(&rook),
                article(&khon),
                article(&knight),
                king = royal.map_or_else(|| "King".to_string(), |k| name(k.letter)),
            ))
            .key("countingRule")
            .fsf("countingLimits", "16 44 64"),
        ),
    }
    if end.adjudicate_full_board {
        out.push(
            Sentence::new(format!(
                "{}{}",
                match counted_draw(v) {
                    Some(counted) => format!("When the board is full, the game ends: {counted}."),
                    None => "When the board is full, the game is drawn.".to_string(),
                },
                // (Position::is_immediate_game_end asks before any move:
                // Crusade's start fills all 64 squares.)
                if v.start.len() + v.walls.len() >= usize::from(v.files) * usize::from(v.ranks) {
                    " The board is full from the start, so the game as defined here ends there, before any move."
                } else {
                    ""
                }
            ))
            .key("adjudicateFullBoard"),
        );
    }
}

/// The rules no board of moves shows: drops, hands, checks, compulsory
/// captures, explosions, castling.
fn beyond(
    v: &Variant,
    name: &dyn Fn(char) -> String,
    shown: &dyn Fn(char) -> bool,
    out: &mut Vec<Sentence>,
) {
    first_move(v, out);
    drop_rules(v, name, out);
    if v.rules.drops.immobility_illegal && !v.rules.drops.allowed {
        // (With drops, the drop rules say it, drops included.)
        out.push(
            Sentence::new("No piece may move, without promoting, where it could never move again.")
                .key("immobilityIllegal"),
        );
    }
    hand_rules(v, name, out);
    capture_rules(v, name, out);
    castling_rule(v, name, out);
    chess_moves_absent(v, name, out);
    king_not_royal(v, name, out);
    // (Pages are written natively: the en passant search stays out of
    // the browser's build.)
    #[cfg(not(target_arch = "wasm32"))]
    double_steps(v, name, out);
    special_moves(v, name, out);
    promotions(v, name, shown, out);
}

/// Who moves first.
fn first_move(v: &Variant, out: &mut Vec<Sentence>) {
    out.push(
        Sentence::new(format!("{} moves first.", side_name(v, v.first)))
            .fsf("firstMove", v.first.name()),
    );
}

/// That a player may drop instead of moving, and where.
fn drops_sentence(v: &Variant) -> Sentence {
    let drops = &v.rules.drops;
    // (Ataxx's free drops: Fairy-Stockfish's `can_drop` is true for
    // every type and `add_to_hand` counts nothing.)
    let mut text = String::from(if drops.free {
        "Instead of moving, a player may place a new piece of their own on an empty square (the supply never \
         runs out: no hand is kept)"
    } else {
        "Instead of moving, a player may drop a piece from their hand onto an empty square"
    });
    let all = super::rules::Rules::whole_board;
    let (white_all, black_all) = (
        all(&drops.region.white, v.files, v.ranks),
        all(&drops.region.black, v.files, v.ranks),
    );
    let on = |squares: &[Square]| format!("on {}", squares_words(v, squares));
    match (white_all, black_all) {
        (true, true) => {}
        // (One side's drops bounded: Synochess's Black, on the 5th rank.)
        (true, false) => text.push_str(&format!(
            ", {}'s only {}",
            side_name(v, Colour::Black),
            on(&drops.region.black)
        )),
        (false, true) => text.push_str(&format!(
            ", {}'s only {}",
            side_name(v, Colour::White),
            on(&drops.region.white)
        )),
        (false, false) => text.push_str(&format!(
            " of {} ({}: {})",
            squares_words(v, &drops.region.white),
            side_name(v, Colour::Black),
            squares_words(v, &drops.region.black)
        )),
    }
    text.push('.');
    Sentence::new(text)
        .key("pieceDrops")
        .key("dropRegionWhite")
        .key("dropRegionBlack")
        .fsf("freeDrops", drops.free)
}

/// The name its players give piece `letter` once promoted
/// ([`super::piece_names::promoted_name`]); none in the browser's build,
/// which writes no page.
fn promoted_name(v: &Variant, letter: char) -> Option<&'static str> {
    #[cfg(not(target_arch = "wasm32"))]
    return super::piece_names::promoted_name(v, letter);
    #[cfg(target_arch = "wasm32")]
    {
        let _ = (v, letter);
        None
    }
}

/// [`super::promotion::stuck_in_zone`]; none in the browser's build,
/// which writes no page.
fn stuck_in_zone(v: &Variant, letter: char) -> Vec<Square> {
    #[cfg(not(target_arch = "wasm32"))]
    return super::promotion::stuck_in_zone(v, letter);
    #[cfg(target_arch = "wasm32")]
    {
        let _ = (v, letter);
        Vec::new()
    }
}

/// Where a piece that may promote must (a move onto a square it could
/// not move on from, where immobilityIllegal: Minishogi's Pawn, Shogi's
/// Lance on its last rank): whether anywhere, whether on every square
/// of the zone, and the clause for the rest (", and must promote on the
/// last rank, where it could not move again").
fn stuck_must(v: &Variant, letter: char) -> (bool, bool, String) {
    let pr = &v.promotion;
    let stuck = if pr.mandatory_piece {
        Vec::new()
    } else {
        stuck_in_zone(v, letter)
    };
    let everywhere = !stuck.is_empty() && stuck.len() == pr.region_white.len();
    let also = if stuck.is_empty() || everywhere {
        String::new()
    } else {
        format!(
            ", and must promote {}, where it could not move again",
            on_squares(v, &stuck)
        )
    };
    (!stuck.is_empty(), everywhere, also)
}

/// "on the last rank", "on the last two ranks" where `squares` are
/// whole ranks at White's far end, else "on a9, b9 and c9".
fn on_squares(v: &Variant, squares: &[Square]) -> String {
    let mut ranks: Vec<u8> = squares.iter().map(|s| s.rank()).collect();
    ranks.sort_unstable();
    ranks.dedup();
    let whole = ranks
        .iter()
        .all(|&r| squares.iter().filter(|s| s.rank() == r).count() == usize::from(v.files));
    let far = ranks
        .iter()
        .rev()
        .zip((0..v.ranks).rev())
        .all(|(&r, want)| r == want);
    match ranks.len() {
        1 if whole && far => "on the last rank".to_string(),
        2 if whole && far => "on the last two ranks".to_string(),
        3 if whole && far => "on the last three ranks".to_string(),
        _ => {
            let mut named: Vec<Square> = squares.to_vec();
            named.sort_by_key(|s| (s.rank(), s.file()));
            let names: Vec<String> = named.iter().map(|s| s.to_string()).collect();
            format!("on {}", list(&names, "and"))
        }
    }
}

/// Whether the variant is one of Shogi's family (its entry in
/// `piece_names.ini`); false in the browser's build, which writes no page.
fn shogi_family(v: &Variant) -> bool {
    #[cfg(not(target_arch = "wasm32"))]
    return super::piece_names::Known::of(v)
        .is_some_and(|k| k.entry.family == super::piece_names::Family::Shogi);
    #[cfg(target_arch = "wasm32")]
    {
        let _ = v;
        false
    }
}

/// A game of Shogi's family that lifts Shogi's two rules on a Pawn's
/// drops (Cannon shogi: `dropNoDoubled = -`, `shogiPawnDropMateIllegal =
/// false`) says so: a Shogi player expects them; so does one that keeps
/// Shogi's rule on doubled Pawns and its promotion but not the other
/// (Mansindam).
fn lifted_shogi_rules(
    v: &Variant,
    name: &dyn Fn(char) -> String,
    first_check_wins: bool,
    out: &mut Vec<Sentence>,
) {
    let drops = &v.rules.drops;
    if let Some(p) = v.pieces.iter().find(|p| p.letter == 'p').filter(|p| {
        shogi_family(v)
            || (drops.no_doubled == Some(p.letter)
                && v.promotion
                    .promoted
                    .iter()
                    .any(|&(from, _)| from == p.letter))
    }) {
        let pawn = name(p.letter);
        let lifted: Vec<(&str, &str)> = [
            (
                drops.no_doubled.is_none(),
                "may be dropped on a file that already holds one of its side's",
            ),
            (
                !drops.pawn_drop_mate_illegal && !first_check_wins,
                "may give checkmate by its drop",
            ),
        ]
        .into_iter()
        .filter(|(lifted, _)| *lifted)
        .map(|(_, words)| ("", words))
        .collect();
        if !lifted.is_empty() {
            let words: Vec<String> = lifted.iter().map(|(_, w)| w.to_string()).collect();
            out.push(
                Sentence::new(format!(
                    "Unlike in Shogi, {} {}.",
                    with_article(&pawn),
                    list(&words, "and")
                ))
                .key_if(drops.no_doubled.is_none(), "dropNoDoubled")
                .key_if(
                    !drops.pawn_drop_mate_illegal && !first_check_wins,
                    "shogiPawnDropMateIllegal",
                ),
            );
        }
    }
}

/// Drops: where a piece may be dropped, and where not.
fn drop_rules(v: &Variant, name: &dyn Fn(char) -> String, out: &mut Vec<Sentence>) {
    let drops = &v.rules.drops;
    if drops.allowed {
        out.push(drops_sentence(v));
        if let Some(p) = drops.no_doubled {
            let n = drops.no_doubled_count;
            let piece = name(p);
            let already = if n == 1 {
                format!("{} {piece}", article(&piece))
            } else {
                format!("{n} {}", plural(&piece))
            };
            // (dropNoDoubledCount = 0: every file already holds that many,
            // so Dragonfly's Pawn is never dropped.)
            let a = if article(&piece) == "an" { "An" } else { "A" };
            let text = if n == 0 {
                format!("{a} {piece} is never dropped.")
            } else {
                format!(
                    "{a} {piece} may not be dropped on a file that already holds {already} of its side."
                )
            };
            out.push(
                Sentence::new(text)
                    .key("dropNoDoubled")
                    .key("dropNoDoubledCount"),
            );
        }
        // Fairy-Stockfish's checkmate_value: a mate given by a dropped
        // shogi pawn alone is a win for the side mated; where the first
        // check already wins (Check shogi: is_immediate_game_end counts
        // it), no mate is ever reached.
        // (A start FEN without the counts: the next check wins.)
        let first_check_wins =
            v.rules.end.check_counting && v.checks.is_none_or(|c| c.white <= 1 && c.black <= 1);
        if let Some(p) = v
            .pieces
            .iter()
            .find(|p| p.name == "shogiPawn")
            .filter(|_| drops.pawn_drop_mate_illegal && !first_check_wins)
            // (No checkmate without a royal piece: Anti-minishogi.)
            .filter(|_| v.pieces.iter().any(|q| q.royal))
        {
            out.push(
                Sentence::new(format!(
                    "Checkmate by dropping {} is not allowed: the player who gives it loses.",
                    with_article(&name(p.letter))
                ))
                .key("shogiPawnDropMateIllegal"),
            );
        }
        lifted_shogi_rules(v, name, first_check_wins, out);
        // Fairy-Stockfish's drop_region: these two apply to its pawn type.
        // (Said where a pawn can be in hand: captured, or in a pocket.)
        let pawn = v.pieces.iter().find(|p| {
            p.name == "pawn"
                && (drops.captures_to_hand
                    || v.rules.engine.two_boards
                    || v.in_hand.to_ascii_lowercase().contains(p.letter))
        });
        if let Some(p) =
            pawn.filter(|_| !drops.first_rank_pawn_drops || !drops.promotion_zone_pawn_drops)
        {
            let mut not = Vec::new();
            if !drops.first_rank_pawn_drops {
                not.push("on its side's first rank".to_string());
            }
            if !drops.promotion_zone_pawn_drops {
                not.push("where it would promote".to_string());
            }
            out.push(
                Sentence::new(format!(
                    "A {} may not be dropped {}.",
                    name(p.letter),
                    list(&not, "or")
                ))
                .key("firstRankPawnDrops")
                .key("promotionZonePawnDrops"),
            );
        }
        if drops.immobility_illegal {
            out.push(
                Sentence::new(
                    "No piece may be dropped, or move without promoting, where it could never move again.",
                )
                .key("immobilityIllegal"),
            );
        }
        // Position::gives_check: no check against a side without a King
        // (atomic's pseudo-royal King): there dropChecks forbids nothing.
        if !drops.checks && v.pieces.iter().any(|p| p.royal) {
            out.push(Sentence::new("A drop may not give check.").key("dropChecks"));
        }
        if drops.must_drop {
            // Position::legal: with mustDropType (Koedem's King) only a
            // piece of that type in hand must be dropped, and no other.
            // (A board move is refused only while such a drop is legal: in
            // check, one that parries it.)
            let text = match drops.must_drop_type {
                Some(t) => format!(
                    "A player with {} in hand must drop it rather than move or drop another piece, \
                     while a drop of it is legal (in check: one that ends the check); where none is, \
                     they move.",
                    with_article(&name(t))
                ),
                None => {
                    "A player with a piece in hand must drop one rather than move, while a drop is \
                         legal (in check: one that ends the check); where none is, they move."
                        .to_string()
                }
            };
            out.push(
                Sentence::new(text)
                    .key("mustDrop")
                    .key_if(drops.must_drop_type.is_some(), "mustDropType"),
            );
        }
        if drops.promoted {
            out.push(
                Sentence::new("A piece may be dropped in its promoted form.").key("dropPromoted"),
            );
        }
        if drops.opposite_coloured_bishop {
            out.push(
                Sentence::new("A Bishop may be dropped only on a square of the other colour than its side's other Bishop.")
                    .key("dropOppositeColoredBishop"),
            );
        }
        if drops.sittuyin_rook_drop {
            out.push(
                Sentence::new(format!(
                    "{} may only be dropped on its side's first rank.",
                    v.pieces.iter().find(|p| p.name == "rook").map_or_else(
                        || "A Rook".to_string(),
                        |p| format!(
                            "{} {}",
                            if article(&name(p.letter)) == "an" {
                                "An"
                            } else {
                                "A"
                            },
                            name(p.letter)
                        )
                    )
                ))
                .key("sittuyinRookDrop"),
            );
        }
    }
}

/// The hand: what a capture puts in it, what it holds at the start;
/// Reversi's enclosing drops and flips.
fn hand_rules(v: &Variant, name: &dyn Fn(char) -> String, out: &mut Vec<Sentence>) {
    let drops = &v.rules.drops;
    let moves = &v.rules.moves;
    if drops.captures_to_hand {
        let promoted =
            !v.promotion.promoted.is_empty() || !v.promotion.piece_types_white.is_empty();
        let mut text = String::from("A captured piece goes to the capturer's hand, changing sides");
        if v.rules.captures.blast {
            // Position::do_move puts every piece the blast removes in a
            // hand too, the exploding capturer's included.
            text.push_str(", and so does every piece a blast removes: each goes to the hand of its owner's opponent");
        }
        if promoted {
            text.push_str(if drops.drop_loop {
                "; a promoted piece keeps its promotion"
            } else {
                "; a promoted piece goes back to its unpromoted form"
            });
        }
        text.push('.');
        out.push(
            Sentence::new(text)
                .key("capturesToHand")
                .key("dropLoop")
                .key_if(v.rules.captures.blast, "blastOnCapture"),
        );
    }
    if !v.in_hand.is_empty() {
        out.push(
            Sentence::new(format!("Pieces in hand at the start: {}.", hand(v, name)))
                .fsf("hand", v.in_hand.clone()),
        );
    }
    match drops.enclosing {
        Enclosing::Reversi => out.push(
            Sentence::new(
                "A piece may only be dropped where it encloses, in a line with another piece of its side, \
                 one or more of the other side's pieces.",
            )
            .key("enclosingDrop"),
        ),
        Enclosing::Ataxx => out.push(
            Sentence::new("A piece may only be dropped next to a piece of its side.")
                .key("enclosingDrop"),
        ),
        Enclosing::Top => out.push(
            Sentence::new("A piece may only be dropped on the lowest empty square of a file.")
                .key("enclosingDrop"),
        ),
        // Fairy-Stockfish's drop_region for ANYSIDE and SNORT. ANYSIDE
        // slides a piece in from the a-file and the 1st rank; from the
        // other end it takes the lowest candidate (lsb), the first empty
        // square counted from the a-file or the 1st rank, as play shows
        // (tests/fairy/rules/drops_more.py: Cfour-anyside's a1 with e1
        // taken and g1 empty).
        Enclosing::Anyside => out.push(
            Sentence::new(
                "A piece may only be dropped on a rank or file with an empty end square: where the end on \
                 the a-file (or the 1st rank) is empty, on the last empty square before the first piece \
                 counted from there, or at the far end; where the other end is empty, on the first empty \
                 square counted from the a-file (or the 1st rank).",
            )
            .key("enclosingDrop"),
        ),
        Enclosing::Snort => out.push(
            Sentence::new(
                "A piece may not be dropped next to (beside, above or below) a piece of the other side.",
            )
            .key("enclosingDrop"),
        ),
        _ => {}
    }
    // (Where the start position already fills them, as in Flipello,
    // nothing is said; while one is empty, drops go to the empty ones
    // alone, Position::drop_region: Annexation's start leaves three of
    // Flipello's four empty.)
    let empty_start: Vec<Square> = drops
        .enclosing_start
        .iter()
        .copied()
        .filter(|s| !v.start.iter().any(|p| p.square == *s))
        .collect();
    if !empty_start.is_empty() {
        let squares: Vec<String> = empty_start.iter().map(|s| s.to_string()).collect();
        out.push(
            Sentence::new(format!(
                "The first pieces are dropped on {}, where they need enclose nothing.",
                list(&squares, "and")
            ))
            .key("enclosingDropStart"),
        );
    }
    // Position::do_move: Reversi flips the lines a drop closes, Ataxx
    // every piece of the other side around the square a move (a drop or
    // a step) ends on (Crusade's captures too).
    match moves.flip_enclosed {
        Enclosing::Reversi => out.push(
            Sentence::new("The other side's pieces a drop encloses change sides.")
                .key("flipEnclosedPieces"),
        ),
        Enclosing::Ataxx => out.push(
            Sentence::new(
                "After each move, the other side's pieces on the squares next to the one it ends on \
                 (beside, above, below or diagonally) change sides.",
            )
            .key("flipEnclosedPieces"),
        ),
        // (Quadwrangle: a move on the board flips as Ataxx does; a drop
        // only where a piece of the mover's stands next to it.)
        Enclosing::Quadwrangle => out.push(
            Sentence::new(
                "After a move on the board, the other side's pieces on the squares next to the one it ends on \
                 (beside, above, below or diagonally) change sides; after a drop, they do so only where a piece \
                 of the player's own stands next to the dropped one.",
            )
            .key("flipEnclosedPieces"),
        ),
        _ => {}
    }
}

/// Passing at stalemate, compulsory captures, checks, blasts,
/// petrification and immunity.
fn capture_rules(v: &Variant, name: &dyn Fn(char) -> String, out: &mut Vec<Sentence>) {
    let moves = &v.rules.moves;
    let captures = &v.rules.captures;
    let stuck = moves.pass_on_stalemate;
    if stuck.white || stuck.black {
        // (movegen.cpp: without a King, the pass is a move of the
        // player's first piece standing still: none, no pass.)
        let who = match (stuck.white, stuck.black) {
            (true, true) => "A player",
            (true, false) => "White",
            _ => "Black",
        };
        let text = if v.pieces.iter().any(|p| p.royal) {
            format!("{who} with no legal move passes.")
        } else if stuck.white && stuck.black {
            format!("{who} with no legal move passes, if a piece of theirs is on the board.")
        } else {
            format!("{who} with no legal move passes, if a piece of its side is on the board.")
        };
        out.push(
            Sentence::new(text)
                .key("passOnStalemateWhite")
                .key("passOnStalemateBlack"),
        );
    }
    if captures.must_capture {
        out.push(Sentence::new("Capturing is compulsory.").key("mustCapture"));
    }
    if !moves.checking {
        out.push(Sentence::new("Giving check is not allowed.").key("checking"));
    }
    if moves.makpong {
        // Position::legal: a King's move while in check is legal only
        // where it lands on the one piece that gives the check.
        let king = royal_name(v, name);
        out.push(
            Sentence::new(format!(
                "A {king} in check may not move, except to take the piece giving check when only one piece gives it."
            ))
            .key("makpongRule"),
        );
    }
    if captures.blast {
        let immune: Vec<String> = captures
            .blast_immune
            .iter()
            .map(|&c| plural(&name(c)))
            .collect();
        // Position::do_move: the blast takes the King's squares around
        // the capture but Fairy-Stockfish's pawn type, and the immune
        // types everywhere (the capturing piece too).
        let pawns: Vec<char> = v
            .pieces
            .iter()
            .filter(|p| p.name == "pawn")
            .map(|p| p.letter)
            .collect();
        let spared: Vec<String> = pawns.iter().map(|&c| plural(&name(c))).collect();
        out.push(
            Sentence::new(format!(
                "A capture explodes: the captured piece is removed, and so are the capturing piece and \
                 every piece on the squares around the one it lands on{}{}{}.",
                // (The blast's centre is the move's `to`: after en passant,
                // the square the Pawn passed over, not the taken Pawn's.)
                if v.pieces.iter().any(|p| p.special.contains(&Special::EnPassant)) {
                    " (after en passant, the square passed over)"
                } else {
                    ""
                },
                if spared.is_empty() {
                    String::new()
                } else {
                    format!(", except {} there", list(&spared, "and"))
                },
                if immune.is_empty() {
                    String::new()
                } else {
                    format!(
                        "; {} are never removed by a blast, not even one that captures",
                        list(&immune, "and")
                    )
                }
            ))
            .key("blastOnCapture")
            .key("blastImmuneTypes")
            .fsf("blastSpared", super::claims::pieces(&pawns)),
        );
    }
    if !captures.petrify_on_capture.is_empty() {
        // (Position::legal: a pseudo-royal piece may not capture where
        // it would turn to stone; Petrified's King never captures.)
        let x = &v.rules.end.extinction;
        let royal = |c: &char| x.pseudo_royal && x.piece_types.contains(c);
        let who: Vec<String> = captures
            .petrify_on_capture
            .iter()
            .filter(|c| !royal(c))
            .map(|&c| plural(&name(c)))
            .collect();
        let never: Vec<String> = captures
            .petrify_on_capture
            .iter()
            .filter(|c| royal(c))
            .map(|&c| name(c))
            .collect();
        let mut text = String::new();
        if !who.is_empty() {
            text.push_str(&format!(
                "{} that capture turn to stone: they stay on the square as a wall no piece may enter or take.",
                list(&who, "and")
            ));
        }
        if !never.is_empty() {
            text.push_str(&format!(
                "{}A {} never captures, as it would turn to stone: it does not attack, so it may stand beside \
                 the other {} and cannot take a piece that attacks it.",
                if text.is_empty() { "" } else { " " },
                list(&never, "or"),
                list(&never, "or"),
            ));
        }
        out.push(
            Sentence::new(text)
                .key("petrifyOnCaptureTypes")
                .key_if(!never.is_empty(), "extinctionPseudoRoyal"),
        );
    }
    if !captures.mutually_immune.is_empty() {
        let who: Vec<String> = captures
            .mutually_immune
            .iter()
            .map(|&c| plural(&name(c)))
            .collect();
        out.push(
            Sentence::new(format!("{} may not capture each other.", list(&who, "and")))
                .key("mutuallyImmuneTypes"),
        );
    }
}

/// Castling, with the King's and the Rooks' real squares.
fn castling_rule(v: &Variant, name: &dyn Fn(char) -> String, out: &mut Vec<Sentence>) {
    // (A game whose Kings start in hand castles once they are placed.)
    #[cfg(not(target_arch = "wasm32"))]
    let played = super::placed::played(v);
    #[cfg(not(target_arch = "wasm32"))]
    let v: &Variant = &played;
    if let Some((colour, c, both)) = castling::stated(v) {
        let king = royal_name(v, name);
        let rook = |f: u8| {
            v.start
                .iter()
                .find(|p| {
                    p.colour == colour && p.square.rank() + 1 == c.rank && p.square.file() == f
                })
                .map_or_else(|| "Rook".to_string(), |p| name(p.letter))
        };
        let sq = |f: u8| format!("{}{}", char::from(b'a' + f), c.rank);
        let mut wings = Vec::new();
        if let Some(r) = c.rook_king_side {
            wings.push(format!(
                "the {king} moves from {} to {} and the {} from {} to {}",
                sq(c.king),
                sq(v.castling.kingside_file),
                rook(r),
                sq(r),
                sq(v.castling.kingside_file.saturating_sub(1))
            ));
        }
        if let Some(r) = c.rook_queen_side {
            wings.push(format!(
                "the {king} moves from {} to {} and the {} from {} to {}",
                sq(c.king),
                sq(v.castling.queenside_file),
                rook(r),
                sq(r),
                sq(v.castling.queenside_file + 1)
            ));
        }
        let (only, likewise) = match (colour, both) {
            (Colour::White, true) => (
                String::new(),
                format!(" ({} likewise on its side)", side_name(v, Colour::Black)),
            ),
            (c, _) => (format!(" ({} only)", side_name(v, c)), String::new()),
        };
        // (Position::legal: where captures explode, a square beside the
        // other side's pseudo-royal piece is never attacked.)
        let beside = if v.rules.captures.blast && v.rules.end.extinction.pseudo_royal {
            format!(" (a square next to the other side's {king} counts as not attacked)")
        } else {
            String::new()
        };
        // (Position::legal: only a King type or a pseudo-royal piece is
        // impeded by attack.)
        let text = if castling::guarded(v, colour) {
            format!(
                "Castling{only}: once in the game, if neither piece has moved, the squares between them are empty, \
                 and the {king} is not in check and crosses no attacked square{beside}, {}{likewise}.",
                list(&wings, "or")
            )
        } else {
            format!(
                "Castling{only}: once in the game, if neither piece has moved and the squares between them are \
                 empty, {}{likewise}; the {king} is not royal here, so attack does not stop it castling, out of, \
                 through or into it.",
                list(&wings, "or")
            )
        };
        out.push(
            Sentence::new(text)
                .castling_claims(&c)
                .fsf("castlingThroughAttack", !castling::guarded(v, colour)),
        );
        if v.rules.engine.chess960 {
            // (Position::set reads the castling Rooks from the FEN's
            // rights; do_castling puts King and Rook on the castling
            // files wherever they stood.)
            let (k, q) = (v.castling.kingside_file, v.castling.queenside_file);
            out.push(
                Sentence::new(format!(
                    "The back rank is shuffled before the game, the {king} between its two Rooks. Wherever they \
                     start, castling ends with the {king} on {} and the Rook on {}, or the {king} on {} and the Rook \
                     on {}, and needs every square the two cross or land on to be empty but for themselves; \
                     Fairy-Stockfish writes it as the {king} moving onto its own Rook.",
                    sq(k),
                    sq(k.saturating_sub(1)),
                    sq(q),
                    sq(q + 1)
                ))
                .key("chess960")
                .key("castlingKingsideFile")
                .key("castlingQueensideFile"),
            );
        }
        if v.rules.drops.allowed && v.rules.drops.castling_dropped_piece {
            let rooks: Vec<String> = [c.rook_queen_side, c.rook_king_side]
                .into_iter()
                .flatten()
                .map(sq)
                .collect();
            let rook = rook(c.rook_king_side.or(c.rook_queen_side).unwrap_or(c.king));
            out.push(
                Sentence::new(format!(
                    "A dropped piece may castle: a {king} dropped on {} gains the right to castle with a {rook} \
                     standing on {}, and a {rook} dropped there gains it beside a {king} on {}{likewise}.",
                    sq(c.king),
                    list(&rooks, "or"),
                    sq(c.king),
                ))
                .key("castlingDroppedPiece")
                .castling_claims(&c),
            );
        }
    }
}

/// A piece its players call a King that is not royal (Antichess's, a
/// Commoner: giveaway_variant's `add_piece(COMMONER, 'k')`): a player
/// would look for check. pyffish's `4k3/8/8/8/8/8/8/4R2K w` in
/// Anti-atomic has `e1e8` alone: the King must be taken.
fn king_not_royal(v: &Variant, name: &dyn Fn(char) -> String, out: &mut Vec<Sentence>) {
    let x = &v.rules.end.extinction;
    if v.pieces.iter().any(|p| p.royal) || x.pseudo_royal {
        return;
    }
    let Some(king) = v
        .pieces
        .iter()
        .map(|p| name(p.letter))
        .find(|n| n == "King")
    else {
        return;
    };
    out.push(
        Sentence::new(format!(
            "The {king} is not royal here: there is no check, and it may be taken like any other piece."
        ))
        .key("king"),
    );
}

/// The moves of chess a chess player would look for and not find, in a
/// game of chess's families (Fullmoon, No-castle chess): castling, where
/// the King and a Rook start on White's first rank (`castling = false`),
/// and the Pawn's double step, where the chess Pawn starts on White's
/// second rank (`doubleStep = false`). Xiangqi's, Shogi's, Makruk's and
/// the historic games' players look for neither.
fn chess_moves_absent(v: &Variant, name: &dyn Fn(char) -> String, out: &mut Vec<Sentence>) {
    if !chess_family(v) {
        return;
    }
    let starts_on = |letter: char, rank: u8| {
        v.start
            .iter()
            .any(|p| p.colour == Colour::White && p.letter == letter && p.square.rank() == rank)
    };
    let of = |kind: &str| v.pieces.iter().find(|p| p.name == kind).map(|p| p.letter);
    // (Else the piece that stands in for the King: Forward chess's
    // pseudo-royal Forward King, and its Forward Rook in the corner.)
    let x = &v.rules.end.extinction;
    let king = castling::king_type(v, Colour::White)
        .filter(|&k| starts_on(k, 0))
        .or_else(|| {
            x.piece_types
                .iter()
                .copied()
                .find(|&k| x.pseudo_royal && starts_on(k, 0))
        });
    let corner = v
        .start
        .iter()
        .find(|p| p.colour == Colour::White && p.square.rank() == 0 && p.square.file() == 0)
        .map(|p| p.letter)
        .filter(|&c| {
            v.pieces
                .iter()
                .any(|p| p.letter == c && p.betza.contains('R'))
        });
    let rook = of("rook").filter(|&r| starts_on(r, 0)).or(corner);
    // (Castling on, but no right in the start FEN: Legan's `-`.)
    let no_rights = v.castling.allowed
        && !v.castles_at_start[Colour::White]
        && !v.castles_at_start[Colour::Black];
    if let (true, Some(k), Some(r)) = (
        !v.castling.allowed || no_rights,
        king,
        rook.filter(|&r| Some(r) != king),
    ) {
        out.push(
            Sentence::new(format!(
                "There is no castling: the {} and the {} never move together.",
                name(k),
                name(r)
            ))
            .key_if(!no_rights, "castling")
            .fsf_if(no_rights, "castlingRights", "-"),
        );
    }
    // (The chess Pawn, or a pawn of the game's own that starts
    // elsewhere, Legan's, with no initial move either.)
    let first_move = |p: &VariantPiece| {
        Square::new(v.files / 2, 1)
            .is_some_and(|at| quiet_squares(v, p, at, true) != quiet_squares(v, p, at, false))
    };
    let pawn = v.pieces.iter().find(|p| {
        (p.name == "pawn" && p.betza == "fmWfceF" && starts_on(p.letter, 1))
            || (v.promotion.pawn_types.contains(&p.letter)
                && v.start.iter().any(|s| s.letter == p.letter)
                && p.special.is_empty()
                && !first_move(p))
    });
    if let (true, true, Some(p)) = (
        v.double_step_white.is_empty(),
        v.double_step_black.is_empty(),
        pawn,
    ) {
        // (No piece of the game takes en passant: Special::EnPassant.)
        let passant = v
            .pieces
            .iter()
            .any(|p| p.special.contains(&super::Special::EnPassant));
        out.push(
            Sentence::new(format!(
                "The {} never steps two squares, not even on its first move{}.",
                name(p.letter),
                if passant {
                    ""
                } else {
                    ", so there is no en passant"
                }
            ))
            .key("doubleStep")
            .fsf_if(!passant, "enPassant", "false"),
        );
    }
}

/// Whether the variant is one of chess's families (not Xiangqi's,
/// Shogi's, Makruk's, the historic games or the abstract ones, nor a
/// child of one), a game the data does not know, nor its parent,
/// counting as one; false in the browser's build,
/// which writes no page.
fn chess_family(v: &Variant) -> bool {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use super::piece_names::{Family, Known, entry};
        // (Its parents' too: Xiangqi house is a drop game of Xiangqi's; a
        // section of one's own, from the built-in it is written on.)
        let mut e = Known::of(v)
            .map(|k| k.entry)
            .or_else(|| v.parent.as_deref().and_then(entry));
        while let Some(x) = e {
            if matches!(
                x.family,
                Family::Xiangqi
                    | Family::Shogi
                    | Family::Makruk
                    | Family::Historic
                    | Family::Abstract
            ) {
                return false;
            }
            e = x.parent.as_deref().and_then(entry);
        }
        true
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = v;
        false
    }
}

/// A royal piece's remark that it castles, claiming the castling rule
/// as the rules' sentence does; `None` where the game has no castling.
pub fn castles(v: &Variant) -> Option<Sentence> {
    let (_, c, _) = castling::stated(v)?;
    Some(Sentence::new("castles").castling_claims(&c))
}

/// The double (and triple) step, and en passant: whether a pawn that
/// has stepped twice may be taken as if it had stepped once (only where
/// a position of the game shows it: [`super::en_passant::ever_takes`]).
#[cfg(not(target_arch = "wasm32"))]
fn double_steps(v: &Variant, name: &dyn Fn(char) -> String, out: &mut Vec<Sentence>) {
    let stepping: Vec<&VariantPiece> = v
        .pieces
        .iter()
        .filter(|p| {
            p.special
                .iter()
                .any(|s| matches!(s, Special::DoubleStep | Special::DoubleAndTripleStep))
        })
        .collect();
    // Said for the sides that have such a pawn, at the start or in hand
    // (not Racing Kings', which has none; only White's in Khans).
    let has = |c: Colour| {
        stepping.iter().any(|p| {
            let (white, black) = sides_having(v, p.letter);
            if c == Colour::White { white } else { black }
        })
    };
    let none: Vec<Square> = Vec::new();
    let white = if has(Colour::White) {
        &v.double_step_white
    } else {
        &none
    };
    let black = if has(Colour::Black) {
        &v.double_step_black
    } else {
        &none
    };
    let stated = !(stepping.is_empty() || white.is_empty() && black.is_empty());
    let names: Vec<String> = stepping.iter().map(|p| name(p.letter)).collect();
    let who = list(&names, "or");
    if stated {
        double_step(v, &who, white, black, out);
    }
    // (The pieces a rule lets take en passant, as their remarks say:
    // Sittuyin's Pawn, which never steps twice, is none.)
    let takers: Vec<char> = v
        .pieces
        .iter()
        .filter(|p| p.special.contains(&Special::EnPassant))
        .map(|p| p.letter)
        .filter(|&l| super::en_passant::ever_takes(v, l))
        .collect();
    if let Some(&first) = takers.first() {
        let taker = name(first);
        // (enPassantRegion: the squares passed over where each side may
        // take so; Horde's Black only on the 3rd rank, not after a
        // White Pawn's step from the 1st rank.)
        let mut only = String::new();
        let mut claimed = Vec::new();
        let board = usize::from(v.files) * usize::from(v.ranks);
        for side in [Colour::White, Colour::Black] {
            let region = &v.rules.moves.en_passant_region[side];
            if region.len() < board {
                claimed.push(match side {
                    Colour::White => "enPassantRegionWhite",
                    Colour::Black => "enPassantRegionBlack",
                });
                only.push_str(&format!(
                    " {} takes so only where the square passed over is {}.",
                    side_name(v, side),
                    match squares_words(v, region) {
                        _ if region.is_empty() => "nowhere".to_string(),
                        w if w.starts_with("the ") => format!("on {w}"),
                        w => w,
                    }
                ));
            }
        }
        let sentence = Sentence::new(format!(
            "En passant: on the very next move only, {} of the other side that could have taken \
             the piece had it stepped once may take it so, moving to the square it passed over and \
             removing it from the square it stands on.{only}",
            with_article(&taker)
        ))
        .fsf("enPassant", "true");
        out.push(claimed.into_iter().fold(sentence, Sentence::key));
    } else if stated {
        out.push(
            Sentence::new(format!(
                "No en passant: {} that has stepped twice cannot be taken as if it had stepped once.",
                with_article(&who)
            ))
            .fsf("enPassant", "false"),
        );
    }
}

/// The double step's sentence, `who` the pawns that make it.
#[cfg(not(target_arch = "wasm32"))]
fn double_step(
    v: &Variant,
    who: &str,
    white: &[Square],
    black: &[Square],
    out: &mut Vec<Sentence>,
) {
    // "on the 2nd rank (Black's on the 7th rank)"; one side's alone
    // where the other's region is empty.
    let on = |at: &str, white: &[Square], black: &[Square]| {
        let words = |squares: &[Square]| {
            if squares.len() == usize::from(v.files) * usize::from(v.ranks) {
                "any square".to_string()
            } else {
                squares_words(v, squares)
            }
        };
        match (white.is_empty(), black.is_empty()) {
            (false, false) => format!(
                "{at} {} ({}'s {at} {})",
                words(white),
                side_name(v, Colour::Black),
                words(black)
            ),
            (false, true) => format!(
                "{at} {} ({}'s only)",
                words(white),
                side_name(v, Colour::White)
            ),
            _ => format!(
                "{at} {} ({}'s only)",
                words(black),
                side_name(v, Colour::Black)
            ),
        }
    };
    // The triple step of a side said only where its double step is.
    let triple = &v.rules.moves.triple_step;
    let of = |side: &[Square], region: &[Square]| {
        if side.is_empty() {
            Vec::new()
        } else {
            region.to_vec()
        }
    };
    let (three_white, three_black) = (of(white, &triple.white), of(black, &triple.black));
    let three = if three_white.is_empty() && three_black.is_empty() {
        String::new()
    } else {
        format!(", or three {}", on("from", &three_white, &three_black))
    };
    let mut step = Sentence::new(format!(
        "Double step: {} {} may move two squares straight forward{three}, \
         if the squares it crosses and lands on are empty.",
        with_article(who),
        on("on", white, black)
    ))
    .key("doubleStep");
    // (A side with no such pawn, of which the sentence says nothing, gets
    // no claim: Spartan's Black, Maharajah's White.)
    if !white.is_empty() {
        step = step.key("doubleStepRegionWhite");
    }
    if !black.is_empty() {
        step = step.key("doubleStepRegionBlack");
    }
    if !three_white.is_empty() {
        step = step.key("tripleStepRegionWhite");
    }
    if !three_black.is_empty() {
        step = step.key("tripleStepRegionBlack");
    }
    out.push(step);
}

/// Walls and the duck (`wallingRule`, `wallingRegion`, `wallOrMove`),
/// as Fairy-Stockfish's make_move_and_gating places them: an arrow goes
/// where the moved piece could move on (the piece's own move, a Knight's
/// in Cowboys), an edge wall on the board's edge or beside a wall, a
/// wall only inside the walling region, and under wallOrMove a wall is
/// placed instead of a move.
fn walls(v: &Variant, out: &mut Vec<Sentence>) {
    use super::rules::Walling;
    let moves = &v.rules.moves;
    if moves.walling == Walling::None {
        return;
    }
    if moves.walling == Walling::Duck {
        out.push(
            Sentence::new(
                "After each move, the player also moves the duck to an empty square other than the one it is on; \
                 no piece may capture it or pass through it.",
            )
            .key("wallingRule"),
        );
        return;
    }
    // The squares no wall may go to (outside the walling region), where
    // both sides share one region.
    let board = usize::from(v.files) * usize::from(v.ranks);
    let region = &moves.walling_region;
    let shared = region[Colour::White]
        .iter()
        .all(|s| region[Colour::Black].contains(s))
        && region[Colour::Black]
            .iter()
            .all(|s| region[Colour::White].contains(s));
    let outside: Vec<String> = if shared && region[Colour::White].len() < board {
        (0..v.ranks)
            .flat_map(|r| (0..v.files).filter_map(move |f| Square::new(f, r)))
            .filter(|s| !region[Colour::White].contains(s))
            .map(|s| s.to_string())
            .collect()
    } else {
        Vec::new()
    };
    let but = if outside.is_empty() {
        String::new()
    } else {
        format!(" other than {}", list(&outside, "and"))
    };
    let text = match moves.walling {
        Walling::Arrow => format!(
            "After each move, the piece that moved shoots an arrow from where it landed to an empty square{but} \
             it could move to, which becomes a wall for the rest of the game."
        ),
        Walling::Past => {
            "After each move, the square the piece left becomes a wall for the rest of the game."
                .to_string()
        }
        Walling::Edge if moves.wall_or_move => format!(
            "Instead of moving, a player may place a wall on an empty square{but} on the edge of the board or \
             beside (left, right, above or below) a wall; walls stay for the rest of the game."
        ),
        Walling::Edge => format!(
            "After each move, the player places a wall on an empty square{but} on the edge of the board or \
             beside (left, right, above or below) a wall, for the rest of the game."
        ),
        _ if moves.wall_or_move => format!(
            "Instead of moving, a player may place a wall on an empty square{but}; walls stay for the rest of the game."
        ),
        _ => format!(
            "After each move, the player places a wall on an empty square{but} for the rest of the game."
        ),
    };
    out.push(
        Sentence::new(text)
            .key("wallingRule")
            .key_if(moves.wall_or_move, "wallOrMove")
            .key_if(!outside.is_empty(), "wallingRegionWhite")
            .key_if(!outside.is_empty(), "wallingRegionBlack"),
    );
    // A wall joins the occupied squares (`byTypeBB[ALL_PIECES]` in
    // do_move) and leaves `board_bb()`: nothing lands on it, a slide or
    // a lame step stops before it, a leap goes over. A wall placed
    // instead of a move is a null move of the side's first piece, which
    // check evasions never accept.
    let in_check = if moves.wall_or_move {
        " A player in check may not place a wall: they must move."
    } else {
        ""
    };
    out.push(
        Sentence::new(format!(
            "A wall belongs to neither player: no piece may move onto it or take it, and no piece may \
             pass through it except by a leap.{in_check}"
        ))
        .fsf("wallBlocks", true)
        .fsf_if(moves.wall_or_move, "wallInCheck", false),
    );
}

/// Janggi's palace lines (`diagonalLines`): position.h's `moves_from`
/// gives a piece standing on them a move along them by the type it moves
/// as: a Wazir's step (the General's, the Advisor's) as a Fers's, a
/// Soldier's as a Pawn's (forward), a Rook's slide as a Bishop's, the
/// Janggi Cannon's leap over a screen diagonally, each only to a square
/// of the lines.
fn palace_lines(v: &Variant, name: &dyn Fn(char) -> String, out: &mut Vec<Sentence>) {
    let lines = &v.rules.moves.diagonal_lines;
    if lines.is_empty() {
        return;
    }
    let mut steps = Vec::new();
    let mut forward = Vec::new();
    let mut slides = Vec::new();
    let mut leaps = Vec::new();
    for p in &v.pieces {
        let group = match p.name.as_str() {
            "wazir" => &mut steps,
            "king" if p.betza == "W" => &mut steps,
            "soldier" => &mut forward,
            "rook" => &mut slides,
            "janggiCannon" => &mut leaps,
            _ => continue,
        };
        group.push(with_article(&name(p.letter)));
    }
    let mut ways = Vec::new();
    if !steps.is_empty() {
        ways.push(format!("{} steps", list(&steps, "or")));
    }
    if !forward.is_empty() {
        ways.push(format!("{} steps forward", list(&forward, "or")));
    }
    if !slides.is_empty() {
        ways.push(format!("{} slides", list(&slides, "or")));
    }
    if !leaps.is_empty() {
        ways.push(format!("{} leaps over one piece", list(&leaps, "or")));
    }
    if ways.is_empty() {
        return;
    }
    let mut squares = lines.clone();
    squares.sort_by_key(|s| (s.rank(), s.file()));
    let names: Vec<String> = squares.iter().map(|s| s.to_string()).collect();
    out.push(
        Sentence::new(format!(
            "On the diagonal lines through {}, pieces also move diagonally, from one of those squares to another: {}.",
            list(&names, "and"),
            list(&ways, "and")
        ))
        .key("diagonalLines"),
    );
}

/// Gating, walls and the duck, the flying general, passing, demotion.
fn special_moves(v: &Variant, name: &dyn Fn(char) -> String, out: &mut Vec<Sentence>) {
    let moves = &v.rules.moves;
    // Fairy-Stockfish places a piece from the hand only under
    // seirawanGating (movegen.cpp); `gating` alone keeps the FEN's flags
    // of the pieces not yet moved, which Cambodian's first moves read.
    if moves.gating && moves.seirawan_gating {
        out.push(
            Sentence::new(
                "Gating: when a piece on its first rank moves for the first time, the player may place a piece \
                 from their hand on the square it left (when the King castles, on the King's or the Rook's).",
            )
            .key("gating")
            .key("seirawanGating"),
        );
    }
    if moves.gating && moves.cambodian {
        // movegen.cpp: the King's Knight leap onto the rank in front of
        // it, to an empty square, not out of check; the Fers's leap two
        // squares forward to an empty square; position.cpp: a Rook move
        // that attacks the unmoved King takes its leap away.
        let of = |kind: &str, or: &str| {
            v.pieces
                .iter()
                .find(|p| p.name == kind)
                .map_or_else(|| or.to_string(), |p| name(p.letter))
        };
        let (king, fers) = (of("king", "King"), of("fers", "Fers"));
        out.push(
            Sentence::new(format!(
                "First moves: {} that has not moved and is not in check may leap as a Knight to an empty \
                 square of the rank in front of it, until an enemy Rook moves onto its rank or file (pieces between them or not); {} that has \
                 not moved may leap two squares straight forward to an empty square.",
                with_article(&king),
                with_article(&fers)
            ))
            // (Position::do_move: a Rook's move to any square on the King's
            // lines, as an empty board has them, takes the leap away.)
            .key("gating")
            .key("cambodianMoves"),
        );
    }
    walls(v, out);
    palace_lines(v, name, out);
    if moves.flying_general {
        out.push(
            // (Position::legal: the King's square must not be on a
            // line a Rook on it would attack the other King along.)
            Sentence::new(format!(
                "The two {} may never stand on the same file or rank with nothing between them.",
                plural(&royal_name(v, name))
            ))
            .key("flyingGeneral"),
        );
    }
    if moves.pass.white || moves.pass.black {
        // Fairy-Stockfish's pass is the King's move to its own square
        // (generate_moves), which Position::legal refuses in check but
        // during bikjang; without a King, any piece passes.
        let royal = v.pieces.iter().any(|p| p.royal);
        let sentence = match (moves.pass.white, moves.pass.black, royal) {
            (true, true, true) => "A player who is not in check may pass instead of moving",
            (true, true, false) => "A player may pass instead of moving",
            (true, false, true) => "White, when not in check, may pass instead of moving",
            (true, false, false) => "White may pass instead of moving",
            (false, _, true) => "Black, when not in check, may pass instead of moving",
            (false, _, false) => "Black may pass instead of moving",
        };
        let stalemate = if always_passes(v) {
            ", so no one is ever stalemated"
        } else {
            ""
        };
        // (Position::is_immediate_game_end: two passes in a row end the
        // game, unless wallOrMove, as a full board does.)
        let both = if moves.pass.white && moves.pass.black && !moves.wall_or_move {
            match counted_draw(v) {
                None => {
                    " If both players pass, one after the other, the game is drawn.".to_string()
                }
                Some(counted) => {
                    format!(" If both players pass, one after the other, the game ends: {counted}.")
                }
            }
        } else {
            String::new()
        };
        out.push(
            Sentence::new(format!("{sentence}{stalemate}.{both}"))
                .key("passWhite")
                .key("passBlack")
                .key_if(!both.is_empty(), "wallOrMove"),
        );
    }
    if moves.demotion && !v.promotion.promoted.is_empty() {
        out.push(
            Sentence::new(format!(
                "A promoted piece {} return to its unpromoted form {}.",
                if v.promotion.mandatory_piece {
                    "must"
                } else {
                    "may"
                },
                piece_zone(v)
            ))
            .key("pieceDemotion"),
        );
    }
}

/// How each shown piece promotes.
fn promotions(
    v: &Variant,
    name: &dyn Fn(char) -> String,
    shown: &dyn Fn(char) -> bool,
    out: &mut Vec<Sentence>,
) {
    for p in v.pieces.iter().filter(|p| shown(p.letter)) {
        if v.promotion.pawn_types.contains(&p.letter)
            || v.promotion.promoted.iter().any(|x| x.0 == p.letter)
        {
            for s in promotion_sentences(v, p, name) {
                out.push(Sentence {
                    text: format!("The {} {}.", name(p.letter), s.text),
                    claims: s.claims,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn named(c: char) -> String {
        match c {
            'p' => "Pawn",
            'r' => "Rook",
            'k' => "King",
            'n' => "Knight",
            'b' => "Bishop",
            'q' => "Queen",
            'c' => "Cannon",
            'a' => "Advisor",
            other => return other.to_string(),
        }
        .to_string()
    }

    fn all(v: &Variant) -> Rules {
        rules(v, &named, &|_| true)
    }

    #[test]
    fn a_chess_game_without_castling_or_double_steps_says_so() {
        // Fairy-Stockfish's fullmoon section: castling = false and
        // doubleStep = false on chess's board; chess has both, and
        // Xiangqi's players look for neither.
        let says = |ini: &str| {
            let v = &crate::variant::read(ini, "t.ini").unwrap()[0];
            let r = all(v);
            (
                r.says("There is no castling: the King and the Rook never move together."),
                r.says(
                    "The Pawn never steps two squares, not even on its first move, so there is no \
                     en passant.",
                ),
            )
        };
        assert_eq!(
            says("[fullmoon:chess]\ncastling = false\ndoubleStep = false\n"),
            (true, true)
        );
        assert_eq!(says("[nocastle:chess]\ncastling = false\n"), (true, false));
        assert_eq!(says("[c:chess]\n"), (false, false));
        assert_eq!(says("[x:xiangqi]\n"), (false, false));
        // Forward chess: its pseudo-royal Forward King on e1 and its
        // Forward Rook (`fR`) in the corner, castling = false.
        let forward = crate::variant::read(
            "[f:chess]\ncastling = false\nstartFen = lesfgsel/pppppppp/8/8/8/8/PPPPPPPP/LESFGSEL w KQkq - 0 1\n\
             lance = l\ncustomPiece1 = g:fFfW\ncustomPiece2 = e:ffNfsN\ncustomPiece3 = s:fB\n\
             customPiece4 = f:fBfR\nextinctionValue = loss\nextinctionPieceTypes = kg\n\
             extinctionPseudoRoyal = true\n",
            "t.ini",
        )
        .unwrap();
        let r = rules(&forward[0], &|c| c.to_string(), &|_| true);
        assert!(
            r.says("There is no castling: the g and the l never move together."),
            "{r:?}"
        );
        // Legan's Pawn (`mflFcflW`) has no initial move and starts off the
        // 2nd rank; nothing takes en passant.
        let legan = crate::variant::builtin_for_tests("legan");
        assert!(all(&legan).says(
            "The Pawn never steps two squares, not even on its first move, so there is no en passant."
        ));
    }

    #[test]
    fn a_zone_of_walls_names_the_squares_a_pawn_reaches() {
        // Omicron: a9, l9 and b10 to k10 are walls (pyffish: a Rook on b2
        // never reaches a2, b1 or b10), so a Pawn promotes on its 9th rank
        // or a corner.
        let omicron = crate::variant::builtin_for_tests("omicron");
        let p = omicron.pieces.iter().find(|p| p.letter == 'p').unwrap();
        let text = promotion(&omicron, p).join(" ");
        assert!(
            text.contains("on reaching the 9th rank, a10 or l10"),
            "{text}"
        );
    }

    #[test]
    fn a_count_waits_for_pawns_on_the_board_only() {
        // Makhouse (count_limit's count<PAWN>(): the board's pieces).
        let ini = "[m:makruk]\nstartFen = rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR[] w - - 0 1\n\
                   pieceDrops = true\ncapturesToHand = true\n";
        let text = all(&crate::variant::read(ini, "t.ini").unwrap()[0])
            .texts()
            .join(" ");
        assert!(
            text.contains("once no Pawns are left on the board (those in hand do not count)"),
            "{text}"
        );
        let makruk = all(&crate::variant::builtin_for_tests("makruk"))
            .texts()
            .join(" ");
        assert!(
            makruk.contains("once no Pawns are left, a count"),
            "{makruk}"
        );
    }

    /// The rules' repetition sentence.
    fn repetition(r: &Rules) -> &Sentence {
        r.ends
            .iter()
            .find(|s| s.text.contains("same position"))
            .expect("a repetition sentence")
    }

    use super::super::last_for_tests as one;

    // Facts from Fairy-Stockfish's variant.cpp (flipersi, flipello), the
    // sentences written by hand.
    // Fairy-Stockfish's movegen.cpp: gating alone places nothing from a
    // hand (pyffish, cambodian: no move with a gating suffix from the
    // start); its first moves are the King's and the Neang's leaps
    // (pyffish, `4k3/8/8/8/8/8/8/3KM3 w DE - 0 1`: d1b2, d1f2, e1e3
    // among the moves).
    #[test]
    fn cambodian_states_its_first_leaps_and_no_gating() {
        let v = crate::variant::builtin_for_tests("cambodian");
        let r = rules(&v, &named, &|_| true);
        let texts = r.texts();
        assert!(!texts.iter().any(|t| t.starts_with("Gating")), "{texts:?}");
        let first = r
            .beyond
            .iter()
            .find(|s| s.text.starts_with("First moves"))
            .expect("the first leaps");
        assert!(first.text.contains("leap as a Knight"), "{first:?}");
        assert_eq!(first.data_rule(), "gating=true; cambodianMoves=true");
    }

    #[test]
    fn the_rules_of_reversi_and_the_hands() {
        let vs = super::super::read("[a:flipersi]\n[b:flipello]\n", "t").unwrap();
        let r = all(&vs[0]);
        assert!(r.says("When the player to move cannot move, the game ends: the player with more pieces on the board wins."), "{r:?}");
        assert!(
            !r.ends.iter().any(|s| s.text.contains("stalemate")),
            "{r:?}"
        );
        assert!(
            r.says("Pieces in hand at the start: White: 32 Pawns; Black: 32 Pawns."),
            "{r:?}"
        );
        assert!(r.says("The first pieces are dropped on d4, e4, d5 and e5, where they need enclose nothing."), "{r:?}");
        assert!(
            r.says("The other side's pieces a drop encloses change sides."),
            "{r:?}"
        );
        let r = all(&vs[1]);
        assert!(
            r.ends[0].text.starts_with("When neither player can move"),
            "{r:?}"
        );
        assert!(
            r.says("A player with no legal move passes, if a piece of theirs is on the board."),
            "{r:?}"
        );
        assert!(
            !r.texts().iter().any(|s| s.contains("first pieces")),
            "{r:?}"
        );
        let v = one("[h:chess]\nstartFen = 4k3/8/8/8/8/8/8/4K3[RRk] w - - 0 1\n");
        assert!(all(&v).says("Pieces in hand at the start: White: 2 Rooks; Black: a King."));
    }

    // Fairy-Stockfish's make_move_and_gating, shown by play
    // (tests/fairy/rules/walls.py): Isolation's walls never go to c1 or
    // d8 (its wallingRegion), Atlantis places a wall on the edge or
    // beside one, instead of a move (wallOrMove), and Cowboys' arrows fly
    // as its pieces move, a Knight's move.
    // Position::stalemate_value, shown by play
    // (tests/fairy/rules/stalemates.py): in Suicide (a stalemate is a
    // win) Black stalemated with one Pawn against White's two wins.
    #[test]
    fn stalemate_by_the_count_follows_the_stalemate_value() {
        let r = all(&crate::variant::builtin_for_tests("suicide"));
        assert!(
            r.says("When the player to move cannot move, the game ends: the player with fewer pieces on the board wins."),
            "{r:?}"
        );
        let r = all(&crate::variant::builtin_for_tests("flipersi"));
        assert!(
            r.says("When the player to move cannot move, the game ends: the player with more pieces on the board wins."),
            "{r:?}"
        );
    }

    // Position::legal, shown by play (tests/fairy/rules/drops_more.py):
    // Koedem's player must drop a King in hand, and may drop nothing
    // else while it has one.
    #[test]
    fn a_drop_that_must_be_made_names_its_type() {
        let r = all(&crate::variant::builtin_for_tests("koedem"));
        assert!(
            r.says(
                "A player with a King in hand must drop it rather than move or drop another piece, \
                 while a drop of it is legal (in check: one that ends the check); where none is, they \
                 move."
            ),
            "{r:?}"
        );
        let r = all(&crate::variant::builtin_for_tests("placement"));
        assert!(
            r.says(
                "A player with a piece in hand must drop one rather than move, while a drop is legal \
                 (in check: one that ends the check); where none is, they move."
            ),
            "{r:?}"
        );
    }

    // Position::gives_check, shown by play (tests/fairy/rules/special.py):
    // without a royal King (atomic's pseudo-royal one) a drop may check
    // whatever dropChecks says.
    #[test]
    fn a_checking_drop_is_forbidden_only_against_a_king() {
        let r = all(&crate::variant::builtin_for_tests("supply"));
        assert!(r.says("A drop may not give check."), "{r:?}");
        let r = all(&crate::variant::last_for_tests(
            "[atomiczh:atomic]\ndropChecks = false\npieceDrops = true\ncapturesToHand = true\n",
        ));
        assert!(!r.says("A drop may not give check."), "{r:?}");
    }

    // Position::do_move, shown by play (tests/fairy/rules/drops_more.py):
    // an Ataxx move turns every piece of the other side around the
    // square it ends on, enclosed or not.
    #[test]
    fn ataxx_turns_the_pieces_around_a_move() {
        let r = all(&crate::variant::builtin_for_tests("ataxx"));
        assert!(
            r.says(
                "After each move, the other side's pieces on the squares next to the one it ends on \
                 (beside, above, below or diagonally) change sides."
            ),
            "{r:?}"
        );
    }

    // Position::drop_region, shown by play (tests/fairy/rules/drops_more.py):
    // Annexation keeps Flipello's start squares, three of them empty in
    // its start: the first drops go there.
    #[test]
    fn enclosing_drops_start_on_the_empty_start_squares() {
        let v = one("[a:flipello]\nmaxRank = 10\nmaxFile = 10\n\
             startFen = ***4***/***4***/***4***/10/4pP4/4Pp4/10/***4***/***4***/***4***[PPPPpppp] w 0 1\n");
        let r = all(&v);
        assert!(
            r.says(
                "The first pieces are dropped on d4, e4 and d5, where they need enclose nothing."
            ),
            "{r:?}"
        );
    }

    // Position::drop_region's ANYSIDE, shown by play
    // (tests/fairy/rules/drops_more.py): from the far ends it takes the
    // first empty square counted from the a-file or the 1st rank.
    // Position::legal: a castling piece that is neither the King type
    // nor pseudo-royal is never impeded by attack (pyffish, Giveaway,
    // 4kr2/8/8/8/8/8/8/R3K2R w KQ: e1g1 through f1, attacked, is legal;
    // in chess it is not).
    #[test]
    fn giveaway_castles_through_attack() {
        let v = one("[g:giveaway]\n");
        let r = rules(&v, &|c| c.to_ascii_uppercase().to_string(), &|_| true);
        let s = r
            .beyond
            .iter()
            .find(|s| s.text.starts_with("Castling"))
            .expect("a castling sentence");
        assert!(
            s.text.contains("attack does not stop it castling"),
            "{}",
            s.text
        );
        assert!(!s.text.contains("crosses no attacked square"), "{}", s.text);
    }

    // Position::do_move's QUADWRANGLE: a board move flips the enemy
    // pieces around its square, a drop only beside one of the mover's.
    #[test]
    fn quadwrangle_says_when_a_drop_flips() {
        let v = one("[q:ataxx]\nflipEnclosedPieces = quadwrangle\nenclosingDrop = none\n");
        let r = rules(&v, &|c| c.to_string(), &|_| true);
        let s = r
            .beyond
            .iter()
            .find(|s| s.claims.iter().any(|(k, _)| k == "flipEnclosedPieces"))
            .expect("a flipping sentence");
        assert!(
            s.text.contains("after a drop, they do so only where"),
            "{}",
            s.text
        );
        assert_eq!(s.data_rule(), "flipEnclosedPieces=quadwrangle");
    }

    #[test]
    fn anyside_drops_as_fairy_stockfish_counts_them() {
        let v = one("[c:flipello]\nenclosingDrop = anyside\nflipEnclosedPieces = none\n");
        let r = all(&v);
        assert!(
            r.texts().iter().any(|t| t.contains(
                "where the other end is empty, on the first empty square counted from the a-file"
            )),
            "{r:?}"
        );
    }

    #[test]
    fn walls_where_fairy_stockfish_places_them() {
        let wall = |v: &Variant| -> Sentence {
            let r = all(v);
            r.ends
                .iter()
                .chain(&r.beyond)
                .find(|s| s.text.contains("wall"))
                .cloned()
                .expect("a wall sentence")
        };
        let s = wall(&crate::variant::builtin_for_tests("isolation"));
        assert_eq!(
            s.text,
            "After each move, the player places a wall on an empty square other than c1 and d8 for the rest of the game."
        );
        assert!(s.data_rule().contains("wallingRegionWhite="), "{s:?}");
        let s = wall(&one("[a:chess]\nwallingRule = edge\nwallOrMove = true\n"));
        assert_eq!(
            s.text,
            "Instead of moving, a player may place a wall on an empty square on the edge of the board or beside \
             (left, right, above or below) a wall; walls stay for the rest of the game."
        );
        assert_eq!(s.data_rule(), "wallingRule=edge; wallOrMove=true");
        let s = wall(&one(
            "[c:amazons]\nmaxRank = 7\nmaxFile = g\ncustomPiece1 = n:mN\n\
             startFen = 2n1n2/7/n5n/7/N5N/7/2N1N2 w - - 0 1\n",
        ));
        assert!(
            s.text
                .contains("an arrow from where it landed to an empty square it could move to"),
            "{s:?}"
        );
        assert!(!s.text.contains("Queen"), "{s:?}");
        let s = wall(&crate::variant::builtin_for_tests("joust"));
        assert_eq!(s.data_rule(), "wallingRule=past");
    }

    #[test]
    fn the_rules_of_chess() {
        let r = all(&one("[c:chess]\n"));
        assert_eq!(
            r.ends[0].text,
            "A player whose King is checkmated (attacked, with no move that ends the attack) loses."
        );
        assert_eq!(r.ends[0].data_rule(), "checkmateValue=loss");
        assert!(
            r.says("A player with no legal move who is not in check (stalemate) draws."),
            "{r:?}"
        );
        assert!(r.says("After 50 moves by each side with no capture and no Pawn move, the game ends: a draw."), "{r:?}");
        let rep = repetition(&r);
        assert_eq!(
            rep.text,
            "When the same position occurs three times, the game is drawn."
        );
        assert_eq!(
            rep.data_rule(),
            "nFoldRule=3; nFoldValue=draw; nFoldValueAbsolute=false; perpetualCheckIllegal=false"
        );
        assert!(r.says("White moves first."), "{r:?}");
        assert!(r.says("Castling: once in the game, if neither piece has moved, the squares between them are empty, and the King is not in check and crosses no attacked square, the King moves from e1 to g1 and the Rook from h1 to f1 or the King moves from e1 to c1 and the Rook from a1 to d1 (Black likewise on its side)."), "{r:?}");
        assert!(
            r.texts()
                .iter()
                .any(|s| s.starts_with("The Pawn must promote to Knight, Bishop, Rook or Queen")),
            "{r:?}"
        );
        // A piece the page does not show promotes in no sentence.
        let r = rules(&one("[c:chess]\n"), &named, &|c| c != 'p');
        assert!(!r.texts().iter().any(|s| s.contains("promote")), "{r:?}");
    }

    // Fairy-Stockfish's capablanca_variant(): castlingKingsideFile i,
    // castlingQueensideFile c, the King on f1, the Rooks on a1 and j1.
    #[test]
    fn capablanca_castles_three_squares() {
        let r = all(&one("[c:capablanca]\n"));
        assert!(r.texts().iter().any(|s| s.contains("the King moves from f1 to i1 and the Rook from j1 to h1 or the King moves from f1 to c1 and the Rook from a1 to d1")), "{r:?}");
    }

    // Fairy-Stockfish's minishogi_variant_base() (shogi's): drops,
    // nFoldRule 4, no move rule, dropNoDoubled, shogiPawnDropMateIllegal,
    // perpetualCheckIllegal; stalemate is a loss.
    #[test]
    fn the_drop_and_repetition_rules_of_shogi_say_what_fairy_stockfish_plays() {
        let v = one("[s:shogi]\n");
        let name = |c: char| match c {
            'p' => "Pawn".to_string(),
            'k' => "King".to_string(),
            c => c.to_string(),
        };
        let r = rules(&v, &name, &|_| true);
        assert!(
            r.says("A Pawn may not be dropped on a file that already holds a Pawn of its side."),
            "{r:?}"
        );
        assert!(
            r.says("Checkmate by dropping a Pawn is not allowed: the player who gives it loses."),
            "{r:?}"
        );
        // (Fairy-Stockfish's first-rank and promotion-zone drop rules are
        // its pawn type's, not the shogi pawn's.)
        assert!(!r.texts().iter().any(|s| s.contains("first rank")), "{r:?}");
        assert!(
            r.says("No number of moves without a capture ends the game."),
            "{r:?}"
        );
        assert!(
            r.says("A player with no legal move who is not in check (stalemate) loses."),
            "{r:?}"
        );
        assert!(r.says("When the same position occurs four times, the game is drawn, unless one player gave check with every move of the repetition: that player loses."), "{r:?}");
        // Minishogi's own repetition rule: a loss for the first player.
        let r = rules(&one("[m:minishogi]\n"), &name, &|_| true);
        assert!(r.says("When the same position occurs four times, White loses, unless one player gave check with every move of the repetition: that player loses."), "{r:?}");
        // dropNoDoubledCount = 0 (Dragonfly): every file already holds no
        // Pawn, so none is ever dropped (pyffish: no P@ move with [P]).
        let r = rules(&one("[d:shogi]\ndropNoDoubledCount = 0\n"), &name, &|_| {
            true
        });
        assert!(r.says("A Pawn is never dropped."), "{r:?}");
        // No checkmate without a royal piece: no drop-mate rule either.
        let r = rules(&one("[a:shogi]\nking = -\ncommoner = k\n"), &name, &|_| {
            true
        });
        assert!(
            !r.texts()
                .iter()
                .any(|s| s.starts_with("Checkmate by dropping")),
            "{r:?}"
        );
    }

    // Atlantis (a wall instead of a move, on the edge or beside a wall):
    // a wall stops a Rook and not a Knight (pyffish: `4k3/8/8/8/8/*7/8/
    // R3K3 w`, the Rook on a1 goes up to a2 only; `4k3/8/8/8/8/8/**6/
    // N3K3 w`, the Knight still reaches b3), and in check no wall is
    // offered (`r3k3/8/8/8/8/8/8/K7 w`: King moves only). Legan's start
    // FEN gives no castling right; Kinglet's Pawns promote away.
    #[test]
    fn walls_rights_and_pawns_promoted_away() {
        let r = all(&one("[a:chess]\nwallingRule = edge\nwallOrMove = true\n"));
        assert!(r.says("A wall belongs to neither player: no piece may move onto it or take it, and no piece may pass through it except by a leap. A player in check may not place a wall: they must move."), "{r:?}");
        let r = all(&one("[a:chess]\nwallingRule = past\n"));
        assert!(r.says("A wall belongs to neither player: no piece may move onto it or take it, and no piece may pass through it except by a leap."), "{r:?}");
        let r = all(&one("[l:legan]\n"));
        assert!(
            r.says("There is no castling: the King and the Rook never move together."),
            "{r:?}"
        );
        assert!(r.says("After 50 moves by each side with no capture and no Pawn move, the game ends: a draw."), "{r:?}");
        let r = all(&one("[k:kinglet]\n"));
        assert!(r.says("A player who has no Pawns left loses. A Pawn that promotes no longer counts as one: a player who promotes their last Pawn loses."), "{r:?}");
    }

    // Armageddon's draw odds (position.h's material_counting_result,
    // `BLACK_DRAW_ODDS`): a stalemate, the n-move rule and a repetition
    // that would draw are Black's wins (pyffish: `8/8/8/8/8/5k2/5q2/7K w`
    // is -32000 for White; `7k/8/8/8/8/8/8/QQQQ3K w - - 100 80` ends,
    // -32000).
    #[test]
    fn draw_odds_give_black_the_drawn_games() {
        let v = one("[a:armageddon]\n");
        let r = all(&v);
        assert!(r.says("When the player to move has no legal move and is not in check (stalemate), the game ends: Black wins."), "{r:?}");
        assert!(r.says("After 50 moves by each side with no capture and no Pawn move, the game ends: Black wins."), "{r:?}");
        assert!(
            r.says("When the same position occurs three times, the game ends: Black wins."),
            "{r:?}"
        );
        assert!(
            !r.texts()
                .iter()
                .any(|s| s.contains("draws") || s.contains("points")),
            "{r:?}"
        );
    }

    // Fairy-Stockfish's janggi_variant(): bikjang, points (position.h's
    // material_counting_result), no river for the Soldier.
    #[test]
    fn janggi_is_decided_by_points() {
        let v = one("[j:janggi]\n");
        let r = all(&v);
        assert!(r.texts().iter().any(|s| s.starts_with("Bikjang:")), "{r:?}");
        assert!(r.says("Points: Rook 13, Cannon 7, Knight 5, Bishop 3, Advisor 3, Pawn 2; White wins on points only with at least 2 more than Black, otherwise Black wins."), "{r:?}");
        assert!(r.says("After 50 moves by each side with no capture, the game ends: it is decided by points."), "{r:?}");
        let soldier = v.piece('p').unwrap();
        assert!(
            soldier.special.iter().all(|s| special(&v, *s).is_none()),
            "{:?}",
            soldier.special
        );
    }

    // Fairy-Stockfish's Position::is_immediate_game_end: each type of
    // extinctionPieceTypes is counted on its own, `*` (ALL_PIECES) as
    // all of a side's pieces, extinctionOpponentPieceCount asks the
    // other side to hold that many; with pseudo-royal pieces and no
    // blasts it never applies (they cannot be taken).
    #[test]
    fn extinction_is_said_as_fairy_stockfish_counts_it() {
        let r = all(&one("[x:extinction]\n"));
        assert!(r.says("A player who has none left of any one of these kinds: Kings, Queens, Rooks, Bishops, Knights or Pawns loses. A Pawn that promotes no longer counts as one: a player who promotes their last Pawn loses."), "{r:?}");
        let r = all(&one("[g:giveaway]\n"));
        assert!(r.says("A player who has no pieces left wins."), "{r:?}");
        let r = all(&one("[l:losers]\n"));
        assert!(
            r.says("A player who is left with its King alone wins."),
            "{r:?}"
        );
        let r = all(&one("[k:koedem]\n"));
        assert!(r.says("A player who has no Kings left on the board or in hand while the other player has at least 2 of that kind on the board or in hand loses."), "{r:?}");
        let r = all(&one("[c:coregal]\n"));
        assert!(
            !r.texts()
                .iter()
                .any(|s| s.contains("left") && s.contains("A player who")),
            "{r:?}"
        );
        assert!(
            r.texts()
                .iter()
                .any(|s| s.starts_with("A player's Queens may not be left attacked")),
            "{r:?}"
        );
    }

    // Position::is_optional_game_end reads perpetual checks from
    // checkersBB, which only a royal King sets: Sho shogi's King is a
    // pseudo-royal Commoner, so a checking repetition ends as any other.
    #[test]
    fn perpetual_check_is_said_only_where_a_king_is_checked() {
        let r = all(&one("[s:shoshogi]\n"));
        let rep = repetition(&r);
        assert_eq!(
            rep.text,
            "When the same position occurs four times, the game is drawn."
        );
        assert!(
            !rep.data_rule().contains("perpetualCheckIllegal"),
            "{}",
            rep.data_rule()
        );
    }

    // movegen.cpp generates the pass as the King's move to its own square
    // and Position::legal refuses it in check: with pass on both sides no
    // one is stalemated (pyffish: Janggi's Black King alone on d10, not in
    // check, has d10d10 among its moves; attacked by a Rook on d1, not).
    // Fairy-Stockfish's flag_reached and is_immediate_game_end: a flag
    // piece count (flagPieceCount), a full goal (flagPieceBlockedWin),
    // the extra move of flagMove (Jeson Mor's Knight: the player wins if
    // it is still there after the reply; Racing Kings: Black first wins
    // at once, White first lets Black draw by arriving too).
    #[test]
    fn flag_goals_are_said_as_fairy_stockfish_plays_them() {
        let game = crate::variant::builtin_for_tests;
        let r = all(&game("jesonmor"));
        assert!(
            r.says(
                "A player who brings their Knight to e5 (Black: e5) wins; the other player then has one more \
                 move, and the player wins if their piece is still on the goal after it."
            ),
            "{r:?}"
        );
        let r = all(&game("racingkings"));
        assert!(
            r.texts().iter().any(|t| t.ends_with(
                "If Black's King gets there first, Black wins at once; if White's King does, Black has one \
                 more move, and the game is drawn if Black's King reaches its goal with it."
            )),
            "{r:?}"
        );
        let r = all(&one(
            "[k]\nmaxRank = 5\nmaxFile = e\ncustomPiece1 = p:mF\nstartFen = ppppp/p3p/5/P3P/PPPPP w - - 0 1\n\
             flagPiece = p\nflagRegionWhite = a5 b5 c5 d5 e5 a4 e4\nflagRegionBlack = a1 b1 c1 d1 e1 a2 e2\n\
             flagPieceCount = 7\nflagPieceBlockedWin = true\n",
        ));
        let flag = with(&r, "brings");
        assert!(flag.text.contains("brings seven of their"), "{flag:?}");
        assert!(
            flag.text.contains(
                "so does a player who has one there when every square of that goal is occupied"
            ),
            "{flag:?}"
        );
        assert!(
            keys(flag).contains(&"flagPieceCount") && keys(flag).contains(&"flagPieceBlockedWin")
        );
    }

    #[test]
    fn passing_is_said_and_stalemate_is_not() {
        let r = all(&one("[j:janggi]\n"));
        assert!(
            r.says(
                "A player who is not in check may pass instead of moving, so no one is ever stalemated. \
                 If both players pass, one after the other, the game ends: it is decided by points."
            ),
            "{r:?}"
        );
        assert!(
            !r.texts().iter().any(|s| s.contains("(stalemate)")),
            "{r:?}"
        );
        let r = all(&one("[c:chess]\n"));
        assert!(
            r.texts().iter().any(|s| s.contains("(stalemate) draws")),
            "{r:?}"
        );
    }

    // Check shogi counts one check: the dropped pawn's check wins at once
    // (pyffish: Black K a9, L b9, P b8, White G a7, P@a8 is a
    // win for the side that drops), so the drop-mate rule is not said.
    #[test]
    fn a_pawn_drop_mate_is_not_said_where_the_first_check_wins() {
        let r = all(&one("[c:checkshogi]\n"));
        assert!(
            !r.texts()
                .iter()
                .any(|s| s.starts_with("Checkmate by dropping")),
            "{r:?}"
        );
        let r = all(&one("[s:shogi]\n"));
        assert!(
            r.texts()
                .iter()
                .any(|s| s.starts_with("Checkmate by dropping")),
            "{r:?}"
        );
    }

    // Position::do_move: the blast takes the squares around the capture
    // but the PAWN type's pieces, and the capture's square, less the
    // immune types (so an immune capturer survives its own capture).
    #[test]
    fn blasts_spare_pawns_around_and_immune_types_everywhere() {
        let r = all(&one("[a:atomic]\nblastImmuneTypes = k\n"));
        let blast = r
            .ends
            .iter()
            .chain(&r.beyond)
            .find(|s| s.text.starts_with("A capture explodes"))
            .expect("a blast sentence");
        assert_eq!(
            blast.text,
            "A capture explodes: the captured piece is removed, and so are the capturing piece and every piece on the squares around the one it lands on (after en passant, the square passed over), except Pawns there; Kings are never removed by a blast, not even one that captures."
        );
        assert_eq!(
            blast.data_rule(),
            "blastOnCapture=true; blastImmuneTypes=k; fsf:blastSpared=p"
        );
    }

    // Position::do_move: with blasts and capturesToHand, every piece the
    // blast removes goes to a hand as the captured one does.
    #[test]
    fn blasts_fill_the_hands_where_captures_do() {
        let r = all(&one(
            "[a:atomic]\ncapturesToHand = true\npieceDrops = true\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\n",
        ));
        assert!(r.texts().iter().any(|s| s.starts_with("A captured piece goes to the capturer's hand, changing sides, and so does every piece a blast removes")), "{r:?}");
    }

    // Position::legal: pieces of extinctionPieceTypes are pseudo-royal
    // only while a side has at most extinctionPieceCount + 1 of them;
    // dupleCheck forbids leaving all of them attacked before that.
    #[test]
    fn spartan_kings_may_be_taken_until_one_is_left() {
        let r = all(&one("[s:spartan]\n"));
        assert!(r.says("A player's Kings may not be left attacked once a player has no more than 1 of them, as a King may not be left in check; before that one of them may be taken, but a player may not leave all of them attacked at once. Once they cannot be taken, a player who cannot end such an attack loses, as by checkmate."), "{r:?}");
    }

    /// Rules pyffish plays that the pages left out (read as a player
    /// would; each checked by play): Chigorin's Black Pawn promotes to
    /// Queen, Rook or Bishop (`c2c1q c2c1r c2c1b` in
    /// `4k3/8/8/8/8/8/2p5/4K3 b`); Grand's Pawn only to a type its side
    /// has lost, and never stays on the last rank; Makpong's King in
    /// check moves only to take a lone checker (`d1d2` is its one move in
    /// `4k3/8/8/8/8/8/3r4/3K4 w`, none with the Rook on d3); a drop
    /// resets the half-move clock (`N@h3` from clock 40 gives 0); a
    /// Bughouse Pawn, which comes from the partner's board, is never
    /// dropped on the first or last rank; Sittuyin's King and lone Pawn
    /// with only promotions may claim a draw (`1r6/8/8/8/8/k7/P7/K7[] w`:
    /// `a2a2f a2b1f a2b3f`, is_optional_game_end true, 0).
    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn a_piece_makes_its_initial_moves_from_its_double_step_region() {
        let game = crate::variant::builtin_for_tests;
        // Where a piece makes its initial moves: its side's double-step
        // region (variant.cpp leaves it at the 2nd rank for Pawnback's
        // custom Pawn; Spartan's Hoplites are Black's alone).
        let v = game("pawnback");
        let pawn = v.piece('p').unwrap();
        assert_eq!(
            initial_squares(&v, pawn).as_deref(),
            Some("the 2nd rank (Black's: the 7th rank)")
        );
        assert_eq!(
            initial_moves(&v, pawn).text,
            "its initial moves only from the 2nd rank (Black's: the 7th rank), whenever it stands there, not only on \
             its first move"
        );
        let v = game("spartan");
        assert_eq!(
            initial_squares(&v, v.piece('h').unwrap()).as_deref(),
            Some("the 7th rank")
        );
    }

    #[test]
    fn rules_a_player_reading_the_pages_found_missing() {
        let game = crate::variant::builtin_for_tests;
        // (The games' own names for the letters the other tests name
        // otherwise.)
        let chigorin = |c: char| {
            if c == 'c' {
                "Chancellor".to_string()
            } else {
                named(c)
            }
        };
        let r = rules(&game("chigorin"), &chigorin, &|_| true);
        assert!(r.says("The Pawn must promote to Chancellor, Rook or Knight (Black's: to Queen, Rook or Bishop) on reaching the last rank."), "{r:?}");
        let grand = |c: char| match c {
            'a' => "Cardinal".to_string(),
            'c' => "Marshal".to_string(),
            c => named(c),
        };
        let r = rules(&game("grand"), &grand, &|_| true);
        assert!(r.says("The Pawn promotes to Cardinal, Marshal, Queen, Rook, Bishop or Knight on reaching the last three ranks; to a Cardinal, a Marshal or a Queen only while its side has none, to a Rook, a Bishop or a Knight only while its side has fewer than 2."), "{r:?}");
        assert!(
            r.says("No piece may move, without promoting, where it could never move again."),
            "{r:?}"
        );
        let r = all(&game("makpong"));
        assert!(r.says("A King in check may not move, except to take the piece giving check when only one piece gives it."), "{r:?}");
        let r = all(&game("crazyhouse"));
        assert!(r.says("After 50 moves by each side with no capture, no drop and no Pawn move, the game ends: a draw."), "{r:?}");
        let r = all(&game("bughouse"));
        assert!(
            r.says("A Pawn may not be dropped on its side's first rank or where it would promote."),
            "{r:?}"
        );
        let r = all(&game("sittuyin"));
        assert!(r.says("A player left with only a King and one Pawn, not in check, whose every legal move is a promotion, may claim a draw."), "{r:?}");
        // Legan's zone is the far corner (variant.cpp: A8-D8 and A5-A7;
        // Black's E1-H1 and H2-H4), not the last four ranks.
        let r = all(&game("legan"));
        assert!(
            r.says(
                "The Pawn must promote to Knight, Bishop, Rook or Queen on reaching a5, a6, a7, a8, b8, c8 or d8 (Black's: e1, f1, g1, h1, h2, h3 or h4)."
            ),
            "{r:?}"
        );
        // Spartan's Pawn is White's only: no Black choices, no King limit.
        let r = all(&game("spartan"));
        assert!(
            r.says(
                "The Pawn must promote to Knight, Bishop, Rook or Queen on reaching the last rank."
            ),
            "{r:?}"
        );
    }

    /// The keys a sentence claims.
    fn keys(s: &Sentence) -> Vec<&str> {
        s.claims.iter().map(|(k, _)| k.as_str()).collect()
    }

    /// The sentence of `r` that contains `text`.
    fn with<'a>(r: &'a Rules, text: &str) -> &'a Sentence {
        r.ends
            .iter()
            .chain(&r.beyond)
            .find(|s| s.text.contains(text))
            .unwrap_or_else(|| panic!("no sentence with {text:?} in {r:?}"))
    }

    // Keys that change play and that no sentence claimed
    // (tests/fairy/keys_stated.py: each built-in played by pyffish against
    // a child with the key at its default), each fact from pyffish's play:
    // Janggi's Advisor on e2 has e2d3 and e2f3 only with its
    // diagonalLines, Black's General passes (e9e9) only with passBlack;
    // Flipello's Black, stuck, passes (a1a1) only with
    // passOnStalemateBlack; Racing Kings' Black wins by its King only
    // (flagPieceBlack); Shako castles on the 2nd rank (f2d2 only with
    // castlingRank); Spartan's Hoplite promotes on f1 to c, g, l or w
    // (f2f1c...; this test names c a Cannon) only with
    // promotionPieceTypesBlack and
    // promotionPawnTypesBlack; Shogi's Silver promotes entering the last
    // three ranks (b6b7+) only with promotionRegionWhite.
    #[test]
    fn every_key_that_changes_play_is_claimed() {
        let game = crate::variant::builtin_for_tests;
        let r = all(&game("janggi"));
        let lines = with(&r, "diagonal lines");
        assert_eq!(
            lines.text,
            "On the diagonal lines through d1, f1, e2, d3, f3, d8, f8, e9, d10 and f10, pieces also move \
             diagonally, from one of those squares to another: an Advisor or a King steps, a Pawn steps \
             forward, a Rook slides and a Cannon leaps over one piece."
        );
        assert_eq!(keys(lines), ["diagonalLines"]);
        assert_eq!(
            keys(with(&r, "may pass")),
            ["passWhite", "passBlack", "wallOrMove"]
        );
        let r = all(&game("flipello"));
        assert_eq!(
            keys(with(&r, "no legal move passes")),
            ["passOnStalemateWhite", "passOnStalemateBlack"]
        );
        let r = all(&game("racingkings"));
        assert!(keys(with(&r, "wins")).contains(&"flagPieceBlack"), "{r:?}");
        let shako = game("shako");
        let castle = castles(&shako).expect("Shako castles");
        assert!(keys(&castle).contains(&"castlingRank"), "{castle:?}");
        let spartan = game("spartan");
        let hoplite = spartan.piece('h').expect("the Hoplite");
        let said = promotion_sentences(&spartan, hoplite, &named);
        assert_eq!(said.len(), 1, "{said:?}");
        assert_eq!(
            said[0].text,
            "must promote to King, g, w, l or Cannon on reaching the last rank; to a King only while its side \
             has fewer than 2"
        );
        assert_eq!(
            keys(&said[0]),
            [
                "promotionPawnTypesBlack",
                "promotionPieceTypesBlack",
                "promotionRegionBlack",
                "mandatoryPawnPromotion",
                "promotionLimit"
            ]
        );
        let shogi = game("shogi");
        let silver = shogi.piece('s').expect("the Silver");
        let said = promotion_sentences(&shogi, silver, &named);
        assert!(
            said.iter()
                .any(|s| keys(s).contains(&"promotionRegionWhite")
                    && keys(s).contains(&"promotionRegionBlack")),
            "{said:?}"
        );
    }
}
