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
//! assert!(r.ends[0].contains("King is checkmated"), "{r:?}");
//! ```

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::rules::{Enclosing, Outcome};
use super::{Special, Variant, VariantPiece};
use crate::engine::describe::{list, number};

/// What Fairy-Stockfish adds to a piece by rule, in plain words; `None`
/// for what the page already says another way.
pub fn special(v: &Variant, s: Special) -> Option<String> {
    Some(match s {
        Special::EnPassant => "captures en passant".into(),
        Special::DoubleStep | Special::DoubleAndTripleStep | Special::InitialMoves => {
            "its initial moves only from the squares where the game allows them".into()
        }
        Special::SoldierRiver if v.rules.moves.soldier_promotion_rank > 1 => {
            "moves only forward until it crosses the river; then also sideways".into()
        }
        Special::NoCannonScreen => "cannot hop over or capture a cannon".into(),
        Special::SoldierRiver | Special::TripleStepOneSide => return None,
    })
}

/// How piece `p` promotes, in words (names of the pieces by `name`).
pub fn promotion(v: &Variant, p: &VariantPiece) -> Vec<String> {
    promotion_named(v, p, &|c| c.to_ascii_uppercase().to_string())
}

/// The ranks of a promotion zone, from White's side: "on the last rank",
/// "in the last three ranks".
fn zone(v: &Variant) -> String {
    let ranks: Vec<u8> = v.promotion.region_white.iter().map(|s| s.rank()).collect();
    let Some(&low) = ranks.iter().min() else {
        return "on reaching the last rank".into();
    };
    let n = v.ranks.saturating_sub(low);
    if n <= 1 {
        "on reaching the last rank".into()
    } else {
        format!("on reaching the last {} ranks", number(n))
    }
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
            format!("a {}", name(c))
        } else {
            format!("{n} {}s", name(c))
        };
        out.push_str(&format!("; not while its side has {what}"));
    }
    out
}

/// As [`promotion`], naming each piece with `name`.
pub fn promotion_named(
    v: &Variant,
    p: &VariantPiece,
    name: &dyn Fn(char) -> String,
) -> Vec<String> {
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
        out.push(if v.rules.moves.sittuyin_promotion {
            let squares: Vec<String> = pr.region_white.iter().map(|s| s.to_string()).collect();
            format!(
                "may promote to {to} where it stands or by a {to}'s move to an empty square, \
                 from {} (Black: the same squares mirrored), or from anywhere as its side's last pawn, \
                 if the {to} would attack no enemy there{}",
                list(&squares, "or"),
                limit(v, name),
            )
        } else {
            format!(
                "{} to {to} {}",
                if pr.mandatory_pawn {
                    "must promote"
                } else {
                    "promotes"
                },
                zone(v)
            )
        });
    }
    for (from, to) in &pr.promoted {
        if *from == p.letter {
            out.push(format!(
                "{} to {} {}",
                if pr.mandatory_piece {
                    "must promote"
                } else {
                    "may promote"
                },
                name(*to),
                piece_zone(v)
            ));
        }
    }
    out
}

/// The game's rules from its definition: how it is won, drawn and lost,
/// then the rules the board does not show (each a sentence).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rules {
    /// How the game ends.
    pub ends: Vec<String>,
    /// Rules beyond the pieces' moves, which no board of moves shows.
    pub beyond: Vec<String>,
}

fn outcome(value: Outcome) -> &'static str {
    match value {
        Outcome::Win => "wins",
        Outcome::Loss => "loses",
        Outcome::Draw => "draws",
        Outcome::None => "ends the game",
    }
}

/// The pieces named by a list of letters.
fn pieces_of(v: &Variant, letters: &[char], name: &dyn Fn(char) -> String) -> String {
    if letters.is_empty() || v.pieces.iter().all(|p| letters.contains(&p.letter)) {
        return "pieces".into();
    }
    let names: Vec<String> = letters
        .iter()
        .filter(|c| v.pieces.iter().any(|p| p.letter == **c))
        .map(|&c| format!("{}s", name(c)))
        .collect();
    list(&names, "and")
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
                1 => format!("a {}", name(c)),
                _ => format!("{n} {}s", name(c)),
            })
            .collect();
        if items.is_empty() {
            "none".into()
        } else {
            items.join(", ")
        }
    };
    format!("White: {}; Black: {}", side(true), side(false))
}

/// The rules of `v`, naming its pieces with `name`; promotions are said
/// of the pieces `shown` (those a player meets: a parent's piece that the
/// game never has promotes in no sentence).
pub fn rules(v: &Variant, name: &dyn Fn(char) -> String, shown: &dyn Fn(char) -> bool) -> Rules {
    let mut r = Rules::default();
    let end = &v.rules.end;
    let royal = v.pieces.iter().find(|p| p.royal);
    if let Some(k) = royal {
        r.ends.push(format!(
            "A player whose {} is checkmated (attacked, with no move that ends the attack) {}.",
            name(k.letter),
            outcome(end.checkmate)
        ));
    }
    let x = &end.extinction;
    if x.value != Outcome::None {
        r.ends.push(format!(
            "A player who has lost all their {} {}.",
            pieces_of(v, &x.piece_types, name),
            outcome(x.value)
        ));
    }
    let flag = &end.flag;
    if !flag.region.white.is_empty() || !flag.region.black.is_empty() {
        let squares: Vec<String> = flag.region.white.iter().map(|s| s.to_string()).collect();
        r.ends.push(format!(
            "A player who brings a {} to the far side of the board ({}) wins.",
            flag.piece
                .white
                .or(royal.map(|k| k.letter))
                .map_or_else(|| "piece".to_string(), name),
            squares.join(" ")
        ));
    }
    let pass = v.rules.moves.pass_on_stalemate.white;
    if end.stalemate_piece_count {
        r.ends.push(format!(
            "When {}, the game ends: the player with more pieces on the board wins.",
            if pass {
                "neither player can move"
            } else {
                "the player to move cannot move"
            }
        ));
    } else if !pass {
        r.ends.push(format!(
            "A player with no legal move who is not in check (stalemate) {}.",
            outcome(end.stalemate)
        ));
    }
    let rep = &v.rules.repetition;
    if rep.n_move != 0 {
        r.ends.push(format!(
            "The game is drawn after {} moves by each side with no capture and no pawn move.",
            rep.n_move
        ));
    }
    r.ends.push(format!(
        "The same position {} times: the player to move {}.",
        rep.n_fold,
        outcome(rep.n_fold_value)
    ));
    beyond(v, name, shown, &mut r.beyond);
    r
}

/// The rules no board of moves shows: drops, hands, checks, compulsory
/// captures, explosions, castling.
fn beyond(
    v: &Variant,
    name: &dyn Fn(char) -> String,
    shown: &dyn Fn(char) -> bool,
    out: &mut Vec<String>,
) {
    let drops = &v.rules.drops;
    let moves = &v.rules.moves;
    if drops.allowed {
        out.push(
            "Instead of moving, a player may drop a piece from their hand onto an empty square."
                .into(),
        );
    }
    if drops.captures_to_hand {
        out.push("A captured piece goes to the capturer's hand, changing sides.".into());
    }
    if !v.in_hand.is_empty() {
        out.push(format!("Pieces in hand at the start: {}.", hand(v, name)));
    }
    match drops.enclosing {
        Enclosing::Reversi => out.push(
            "A piece may only be dropped where it encloses, in a line with another piece of its side, \
             one or more of the other side's pieces."
                .into(),
        ),
        Enclosing::Ataxx => out.push("A piece may only be dropped next to a piece of its side.".into()),
        Enclosing::Top => {
            out.push("A piece may only be dropped on the lowest empty square of a file.".into())
        }
        _ => {}
    }
    // (Where the start position already fills them, as in Flipello,
    // nothing is said.)
    if !drops.enclosing_start.is_empty() && v.start.is_empty() {
        let squares: Vec<String> = drops
            .enclosing_start
            .iter()
            .map(|s| s.to_string())
            .collect();
        out.push(format!(
            "The first pieces are dropped on {}, where they need enclose nothing.",
            list(&squares, "and")
        ));
    }
    if matches!(moves.flip_enclosed, Enclosing::Reversi | Enclosing::Ataxx) {
        out.push("The other side's pieces a drop encloses change sides.".into());
    }
    if moves.pass_on_stalemate.white {
        out.push("A player with no legal move passes.".into());
    }
    if v.rules.captures.must_capture {
        out.push("Capturing is compulsory.".into());
    }
    if !moves.checking {
        out.push("Giving check is not allowed.".into());
    }
    if v.rules.captures.blast {
        out.push("A capture explodes: the capturing piece and the pieces next to the square are removed.".into());
    }
    if v.castling.allowed && v.pieces.iter().any(|p| p.royal) {
        out.push("Castling: the King moves two squares towards a Rook, which jumps over it, as in chess.".into());
    }
    if moves.pass.white {
        out.push("A player may pass instead of moving.".into());
    }
    if moves.demotion && !v.promotion.promoted.is_empty() {
        out.push(format!(
            "A promoted piece {} return to its unpromoted form {}.",
            if v.promotion.mandatory_piece {
                "must"
            } else {
                "may"
            },
            piece_zone(v)
        ));
    }
    for p in v.pieces.iter().filter(|p| shown(p.letter)) {
        if v.promotion.pawn_types.contains(&p.letter)
            || v.promotion.promoted.iter().any(|x| x.0 == p.letter)
        {
            for s in promotion_named(v, p, name) {
                out.push(format!("The {} {s}.", name(p.letter)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Facts from Fairy-Stockfish's variant.cpp (flipersi, flipello,
    // sittuyin), the sentences written by hand.
    #[test]
    fn the_rules_of_reversi_and_the_hands() {
        let named = |c: char| match c {
            'p' => "Disc".to_string(),
            'r' => "Rook".to_string(),
            'k' => "King".to_string(),
            other => other.to_string(),
        };
        let all = |v: &Variant| rules(v, &named, &|_| true);
        let vs = super::super::read("[a:flipersi]\n[b:flipello]\n", "t").unwrap();
        let r = all(&vs[0]);
        assert!(r.ends.contains(&"When the player to move cannot move, the game ends: the player with more pieces on the board wins.".to_string()), "{r:?}");
        assert!(!r.ends.iter().any(|s| s.contains("stalemate")), "{r:?}");
        assert!(
            r.beyond.contains(
                &"Pieces in hand at the start: White: 32 Discs; Black: 32 Discs.".to_string()
            ),
            "{r:?}"
        );
        assert!(r.beyond.contains(&"The first pieces are dropped on d4, e4, d5 and e5, where they need enclose nothing.".to_string()), "{r:?}");
        assert!(
            r.beyond
                .contains(&"The other side's pieces a drop encloses change sides.".to_string()),
            "{r:?}"
        );
        let r = all(&vs[1]);
        assert!(
            r.ends[0].starts_with("When neither player can move"),
            "{r:?}"
        );
        assert!(
            r.beyond
                .contains(&"A player with no legal move passes.".to_string()),
            "{r:?}"
        );
        assert!(
            !r.beyond.iter().any(|s| s.contains("first pieces")),
            "{r:?}"
        );
        let v = &super::super::read(
            "[h:chess]\nstartFen = 4k3/8/8/8/8/8/8/4K3[RRk] w - - 0 1\n",
            "t",
        )
        .unwrap()[0];
        assert!(all(v)
            .beyond
            .contains(&"Pieces in hand at the start: White: 2 Rooks; Black: a King.".to_string()));
    }

    #[test]
    fn the_rules_of_chess() {
        let v = &super::super::read("[c:chess]\n", "t").unwrap()[0];
        let r = rules(
            v,
            &|c| {
                if c == 'k' {
                    "King".into()
                } else {
                    c.to_string()
                }
            },
            &|_| true,
        );
        assert!(r.ends[0].contains("King is checkmated"), "{r:?}");
        assert!(
            r.ends.iter().any(|s| s.contains("stalemate) draws")),
            "{r:?}"
        );
        assert!(r.ends.iter().any(|s| s.contains("after 50 moves")), "{r:?}");
        assert!(
            r.beyond
                .iter()
                .any(|s| s.starts_with("The p must promote to n, b, r or q")),
            "{r:?}"
        );
        // A piece the page does not show promotes in no sentence.
        let r = rules(v, &|c| c.to_string(), &|c| c != 'p');
        assert!(!r.beyond.iter().any(|s| s.contains("promote")), "{r:?}");
    }
}
