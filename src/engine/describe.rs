//! A piece's moves and a game's rules in plain words, as a rules page
//! writes them ("The Rook moves or captures any number of squares
//! orthogonally."): made once here from the parsed Betza and the variant
//! definition, for the written pages (and for the lab and the board, which
//! may say it too). Never Fairy-Stockfish's key names.
//!
//! ```
//! use glance::engine::{betza, describe};
//! let rook = betza::parse("R").unwrap();
//! assert_eq!(
//!     describe::piece(&rook, "Rook"),
//!     ["The Rook moves or captures any number of squares orthogonally."]
//! );
//! let pawn = betza::parse("mfWcfFifmW2").unwrap();
//! let words = describe::piece(&pawn, "Pawn").join(" ");
//! assert!(words.contains("moves without capturing one square forward"), "{words}");
//! assert!(words.contains("captures one square diagonally forward"), "{words}");
//! assert!(words.contains("From its starting squares"), "{words}");
//! ```

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::engine::betza::{Atom, Jumping, Leg, Link, Modality, Move, Piece};
use crate::variant::{Variant, VariantPiece};

const NUMBERS: [&str; 10] = [
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
];

fn number(n: u8) -> String {
    NUMBERS
        .get(usize::from(n))
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

fn squares(n: u8) -> String {
    if n == 1 {
        "one square".into()
    } else {
        format!("{} squares", number(n))
    }
}

/// Which way a set of displacements points, from the mover's side:
/// `forward`, `sideways`, `backward`, joined by "or"; empty when it is
/// every way the atom has.
fn way(leg: &Leg) -> String {
    let all = leg.atom.vectors().count();
    let picked = leg.directions(0);
    if picked.len() >= all {
        return String::new();
    }
    let (mut f, mut s, mut b) = (false, false, false);
    for v in picked.iter() {
        match v.dy {
            d if d > 0 => f = true,
            0 => s = true,
            _ => b = true,
        }
    }
    let words: Vec<&str> = [(f, "forward"), (s, "sideways"), (b, "backward")]
        .into_iter()
        .filter_map(|(on, w)| on.then_some(w))
        .collect();
    words.join(" or ")
}

/// The name of a leap other than a step or a straight line.
fn leap_name(a: Atom) -> String {
    match (a.long, a.short) {
        (2, 1) => "a knight's leap (two squares one way, one to the side)".into(),
        (3, 1) => "a camel's leap (three squares one way, one to the side)".into(),
        (3, 2) => "a zebra's leap (three squares one way, two to the side)".into(),
        (l, s) => format!(
            "a leap of {} squares one way and {} to the side",
            number(l),
            number(s)
        ),
    }
}

/// How far and which way one leg goes: "any number of squares
/// orthogonally", "one square diagonally forward", "with a knight's leap".
fn leg_words(leg: &Leg, first: bool) -> String {
    let a = leg.atom;
    let way = if first { way(leg) } else { later_way(leg) };
    let way = if way.is_empty() {
        String::new()
    } else {
        format!(" {way}")
    };
    let straight = a.short == 0 || a.short == a.long;
    if a.long == 0 {
        return "without moving".into();
    }
    if !straight {
        let name = leap_name(a);
        return match leg.max_steps {
            1 => format!("with {name}{way}"),
            0 => format!("with any number of {name}s in a straight line{way}"),
            n => format!(
                "with up to {} of {name}s in a straight line{way}",
                number(n)
            ),
        };
    }
    let line = if a.short == 0 {
        "orthogonally"
    } else {
        "diagonally"
    };
    let line = if a.short == 0 && !way.is_empty() {
        ""
    } else {
        line
    };
    let sep = if line.is_empty() { "" } else { " " };
    match (a.long, leg.max_steps) {
        (1, 1) => format!("one square{sep}{line}{way}"),
        (1, 0) => format!("any number of squares{sep}{line}{way}"),
        (1, n) => format!("up to {}{sep}{line}{way}", squares(n)),
        (k, 1) => format!("{}{sep}{line}{way}, jumping", squares(k)),
        (k, 0) => format!("any number of jumps of {}{sep}{line}{way}", squares(k)),
        (k, n) => format!(
            "up to {} jumps of {}{sep}{line}{way}",
            number(n),
            squares(k)
        ),
    }
}

/// A later leg's directions, relative to the leg before it.
fn later_way(leg: &Leg) -> String {
    let d = leg.dirs.as_bytes();
    if d.is_empty() {
        return "in any direction".into();
    }
    match d {
        b"f" => "straight on".into(),
        b"b" => "straight back".into(),
        b"s" | b"l" | b"r" => "to the side".into(),
        b"fs" | b"sf" => "on or to the side".into(),
        _ => "in some directions".into(),
    }
}

/// The whole path of a move: its legs joined by how they hand over.
fn path(m: &Move) -> String {
    let mut out = String::new();
    for (i, leg) in m.legs.iter().enumerate() {
        out.push_str(&leg_words(leg, i == 0));
        match leg.link {
            Some(Link::Then) => out.push_str(", then may go on "),
            Some(Link::Block) => out.push_str(" to an empty square, then "),
            Some(Link::Hop) => out.push_str(" to a piece, hops over it, then "),
            Some(Link::Capture) => out.push_str(" capturing a piece there, then "),
            None => {}
        }
    }
    out
}

/// What a group of moves does: its verb phrase, given the words of each
/// of its paths.
fn clause(modality: Modality, jumping: Jumping, paths: &[String]) -> String {
    let paths = paths.join(", or ");
    let verb = match modality {
        Modality::Any => "moves or captures",
        Modality::MoveOnly => "moves without capturing",
        Modality::CaptureOnly => "captures",
    };
    match jumping {
        Jumping::Normal => format!("{verb} {paths}"),
        Jumping::Lame => format!(
            "{verb} {}, unless a piece stands on a square it passes",
            paths.replace(", jumping", "")
        ),
        Jumping::One => format!("{verb} {paths}, jumping over exactly one piece on the way"),
        Jumping::Many => format!("{verb} {paths}, jumping over any pieces on the way"),
        Jumping::Grasshopper => format!(
            "{verb} by hopping {paths} over the first piece on the line, to the square just beyond it"
        ),
        Jumping::Pao => match modality {
            Modality::CaptureOnly => format!(
                "captures {paths} by jumping over exactly one piece (its screen) to the first piece beyond it"
            ),
            Modality::MoveOnly => format!("moves without capturing {paths}"),
            Modality::Any => format!(
                "moves without capturing {paths}, and captures along the same lines by jumping over exactly one piece"
            ),
        },
    }
}

/// How `piece` moves and captures, a sentence per kind of move, the first
/// naming it (`name`): the moves it always has, then its initial ones.
pub fn piece(piece: &Piece, name: &str) -> Vec<String> {
    let mut groups: Vec<(bool, Modality, Jumping, Vec<String>)> = Vec::new();
    for m in piece.moves() {
        if m.castling {
            continue;
        }
        let p = path(m);
        match groups
            .iter_mut()
            .find(|g| g.0 == m.initial && g.1 == m.modality && g.2 == m.jumping)
        {
            Some(g) => {
                if !g.3.contains(&p) {
                    g.3.push(p)
                }
            }
            None => groups.push((m.initial, m.modality, m.jumping, alloc::vec![p])),
        }
    }
    groups.sort_by_key(|g| g.0);
    let mut out = Vec::new();
    let mut clauses = Vec::new();
    for (initial, modality, jumping, paths) in &groups {
        let c = clause(*modality, *jumping, paths);
        if *initial {
            out.push(format!("From its starting squares it may also: {c}."));
        } else {
            clauses.push(c);
        }
    }
    if !clauses.is_empty() {
        out.insert(0, format!("The {name} {}.", clauses.join("; it ")));
    }
    if groups.is_empty() {
        out.push(format!("The {name} never moves."));
    }
    out
}

/// What Fairy-Stockfish adds to a piece by rule, in plain words; `None`
/// for what the page already says another way.
pub fn special(s: &str) -> Option<String> {
    Some(if s == "en passant" {
        "captures en passant".into()
    } else if s.contains("double") || s.starts_with("i moves") {
        "its initial moves only from the squares where the game allows them".into()
    } else if s.contains("soldierPromotionRank") {
        "moves only forward until it crosses the river; then also sideways".into()
    } else if s.contains("cannon") {
        "cannot hop over or capture a cannon".into()
    } else {
        return None;
    })
}

/// How piece `p` promotes, in words (names of the pieces by `name`).
pub fn promotion(v: &Variant, p: &VariantPiece) -> Vec<String> {
    promotion_named(v, p, &|c| c.to_ascii_uppercase().to_string())
}

/// `a, b or c`: items joined by commas, the last by `last` ("or", "and").
pub(crate) fn list(items: &[String], last: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., end] => format!("{} {last} {end}", rest.join(", ")),
    }
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
    match (whole, v.is_true("piecePromotionOnCapture")) {
        (true, true) => "when it captures".into(),
        (true, false) => "with every move".into(),
        (false, true) => format!("{}, by a capture", zone(v)),
        (false, false) => zone(v),
    }
}

/// "; not while its side has a Met" for `promotionLimit = f:1`, as
/// Fairy-Stockfish reads it (letter, `:`, count; each count a limit).
fn limit(v: &Variant, name: &dyn Fn(char) -> String) -> String {
    let Some(text) = get(v, "promotionLimit") else {
        return String::new();
    };
    let mut out = String::new();
    for item in text.split_whitespace() {
        let Some((c, n)) = item.split_once(':') else {
            continue;
        };
        let (Some(c), Ok(n)) = (c.chars().next(), n.parse::<u32>()) else {
            continue;
        };
        let what = if n == 1 {
            format!("a {}", name(c.to_ascii_lowercase()))
        } else {
            format!("{n} {}s", name(c.to_ascii_lowercase()))
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
        out.push(if v.sittuyin_promotion() {
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

fn get<'a>(v: &'a Variant, key: &str) -> Option<&'a str> {
    v.value_of(key).map(str::trim)
}

fn outcome(value: &str) -> &str {
    match value {
        "win" => "wins",
        "loss" => "loses",
        "draw" => "draws",
        _ => "ends the game",
    }
}

/// The pieces named by a list of letters (`*` for every piece).
fn pieces_of(v: &Variant, letters: &str, name: &dyn Fn(char) -> String) -> String {
    if letters.contains('*') {
        return "pieces".into();
    }
    let names: Vec<String> = letters
        .chars()
        .filter(|c| c.is_ascii_alphabetic())
        .filter(|c| v.pieces.iter().any(|p| p.letter == c.to_ascii_lowercase()))
        .map(|c| format!("{}s", name(c.to_ascii_lowercase())))
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
    let royal = v.pieces.iter().find(|p| p.royal);
    let extinction = get(v, "extinctionValue").filter(|x| *x != "none");
    if let Some(k) = royal {
        let value = get(v, "checkmateValue").unwrap_or("loss");
        r.ends.push(format!(
            "A player whose {} is checkmated (attacked, with no move that ends the attack) {}.",
            name(k.letter),
            outcome(value)
        ));
    }
    if let Some(x) = extinction {
        let which = get(v, "extinctionPieceTypes").unwrap_or("*");
        r.ends.push(format!(
            "A player who has lost all their {} {}.",
            pieces_of(v, which, name),
            outcome(x)
        ));
    }
    if let Some(flag) = get(v, "flagPiece") {
        r.ends.push(format!(
            "A player who brings a {} to the far side of the board ({}) wins.",
            name(flag.chars().next().unwrap_or('k').to_ascii_lowercase()),
            get(v, "flagRegionWhite")
                .or(get(v, "flagRegion"))
                .unwrap_or("its flag squares")
        ));
    }
    let stalemate = get(v, "stalemateValue").unwrap_or("draw");
    let pass = v.is_true("passOnStalemate");
    if v.is_true("stalematePieceCount") {
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
            outcome(stalemate)
        ));
    }
    let n = get(v, "nMoveRule").unwrap_or("50");
    if n != "0" {
        r.ends.push(format!(
            "The game is drawn after {n} moves by each side with no capture and no pawn move."
        ));
    }
    let fold = get(v, "nFoldRule").unwrap_or("3");
    let fold_value = get(v, "nFoldValue").unwrap_or("draw");
    r.ends.push(format!(
        "The same position {} times: the player to move {}.",
        fold,
        outcome(fold_value)
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
    if v.is_true("pieceDrops") {
        out.push(
            "Instead of moving, a player may drop a piece from their hand onto an empty square."
                .into(),
        );
    }
    if v.is_true("capturesToHand") {
        out.push("A captured piece goes to the capturer's hand, changing sides.".into());
    }
    if !v.in_hand.is_empty() {
        out.push(format!("Pieces in hand at the start: {}.", hand(v, name)));
    }
    match get(v, "enclosingDrop") {
        Some("reversi") => out.push(
            "A piece may only be dropped where it encloses, in a line with another piece of its side, \
             one or more of the other side's pieces."
                .into(),
        ),
        Some("ataxx") => out.push(
            "A piece may only be dropped next to a piece of its side.".into(),
        ),
        Some("top") => out.push("A piece may only be dropped on the lowest empty square of a file.".into()),
        _ => {}
    }
    // (Where the start position already fills them, as in Flipello,
    // nothing is said.)
    if let Some(squares) =
        get(v, "enclosingDropStart").filter(|s| !s.is_empty() && v.start.is_empty())
    {
        let squares: Vec<String> = squares.split_whitespace().map(String::from).collect();
        out.push(format!(
            "The first pieces are dropped on {}, where they need enclose nothing.",
            list(&squares, "and")
        ));
    }
    if matches!(get(v, "flipEnclosedPieces"), Some("reversi" | "ataxx")) {
        out.push("The other side's pieces a drop encloses change sides.".into());
    }
    if v.is_true("passOnStalemate") {
        out.push("A player with no legal move passes.".into());
    }
    if v.is_true("mustCapture") {
        out.push("Capturing is compulsory.".into());
    }
    if get(v, "checking") == Some("false") {
        out.push("Giving check is not allowed.".into());
    }
    if v.is_true("blastOnCapture") {
        out.push("A capture explodes: the capturing piece and the pieces next to the square are removed.".into());
    }
    if v.castling.allowed && v.pieces.iter().any(|p| p.royal) {
        out.push("Castling: the King moves two squares towards a Rook, which jumps over it, as in chess.".into());
    }
    if v.is_true("pass") {
        out.push("A player may pass instead of moving.".into());
    }
    if v.is_true("pieceDemotion") && !v.promotion.promoted.is_empty() {
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
    use crate::engine::betza::parse;

    #[test]
    fn a_knight_leaps() {
        let words = piece(&parse("N").unwrap(), "Knight");
        assert_eq!(words, ["The Knight moves or captures with a knight's leap (two squares one way, one to the side)."]);
    }

    #[test]
    fn a_lame_double_step_does_not_jump() {
        let words = piece(&parse("ifmnD").unwrap(), "Pawn").join(" ");
        assert!(
            words.contains("two squares forward, unless a piece stands"),
            "{words}"
        );
    }

    #[test]
    fn a_cannon_moves_and_captures_apart() {
        let words = piece(&parse("mRcpR").unwrap(), "Cannon").join(" ");
        assert!(
            words.contains("moves without capturing any number of squares orthogonally"),
            "{words}"
        );
        assert!(
            words.contains("by jumping over exactly one piece"),
            "{words}"
        );
    }

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
        let vs = crate::variant::read("[a:flipersi]\n[b:flipello]\n", "t").unwrap();
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
        let v = &crate::variant::read(
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
        let v = &crate::variant::read("[c:chess]\n", "t").unwrap()[0];
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
