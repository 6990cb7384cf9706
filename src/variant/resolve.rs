//! From sections to variants: inheritance, then each key onto the draft.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::fairy::{self, PREDEFINED};
use super::ini::{self, Section};
use super::{builtin, fen, Castling, Error, ErrorKind, Promotion, Variant, VariantPiece};
use crate::engine::betza;
use crate::engine::geometry::Square;

/// A value and the line it came from.
type At = (String, usize);

/// A variant while its sections are applied.
#[derive(Clone)]
struct Draft {
    files: u8,
    ranks: u8,
    /// (order, letter, name, betza, royal, line).
    pieces: Vec<(usize, char, String, String, bool, usize)>,
    start_fen: At,
    double_step: bool,
    ds_white: At,
    ds_black: At,
    castling: bool,
    kingside: u8,
    queenside: u8,
    promo_white: Vec<char>,
    promo_black: Vec<char>,
    pawn_types: Vec<char>,
    region_white: At,
    region_black: At,
    mandatory_pawn: bool,
    mandatory_piece: bool,
    promoted: Vec<(char, char)>,
    pctt: Option<String>,
    mobility: Vec<(String, String)>,
    other: Vec<(String, String)>,
}

/// Fairy-Stockfish's default template: standard chess without pieces.
fn template(line: usize) -> Draft {
    let at = |s: &str| (s.to_string(), line);
    Draft {
        files: 8,
        ranks: 8,
        pieces: Vec::new(),
        start_fen: at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        double_step: true,
        ds_white: at("*2"),
        ds_black: at("*7"),
        castling: true,
        kingside: 6,
        queenside: 2,
        promo_white: Vec::new(),
        promo_black: Vec::new(),
        pawn_types: alloc::vec!['p'],
        region_white: at("*8"),
        region_black: at("*1"),
        mandatory_pawn: true,
        mandatory_piece: false,
        promoted: Vec::new(),
        pctt: None,
        mobility: Vec::new(),
        other: Vec::new(),
    }
}

/// Keys read into the draft (the rest go to `other`).
const KNOWN: &[&str] = &[
    "maxFile",
    "maxRank",
    "startFen",
    "doubleStep",
    "doubleStepRegionWhite",
    "doubleStepRegionBlack",
    "castling",
    "castlingKingsideFile",
    "castlingQueensideFile",
    "promotionPieceTypes",
    "promotionPieceTypesWhite",
    "promotionPieceTypesBlack",
    "promotionPawnTypes",
    "promotionRegionWhite",
    "promotionRegionBlack",
    "mandatoryPawnPromotion",
    "mandatoryPiecePromotion",
    "promotedPieceType",
    "pieceToCharTable",
];

/// The piece keys in Fairy-Stockfish's order of piece types.
fn piece_keys() -> Vec<String> {
    let mut keys: Vec<String> = PREDEFINED.iter().map(|(n, _)| n.to_string()).collect();
    for n in 1..=25 {
        keys.push(format!("customPiece{n}"));
    }
    keys.push("king".to_string());
    keys
}

pub(super) fn resolve_all(sections: &[Section], file: &str) -> Vec<Result<Variant, Error>> {
    let builtins = ini::sections(builtin::TEXT, "builtin").unwrap_or_default();
    let mut done: Vec<(String, Option<Draft>)> = Vec::new();
    let mut out = Vec::new();
    for s in sections {
        let err = |line, kind| Error {
            file: file.to_string(),
            line,
            kind,
        };
        let result = if done.iter().any(|(n, _)| *n == s.name) {
            Err(err(s.line, ErrorKind::Duplicate(s.name.clone())))
        } else {
            base(s, &done, &builtins, file).and_then(|d| apply(d, s, file))
        };
        let draft = result.as_ref().ok().cloned();
        done.push((s.name.clone(), draft));
        out.push(result.and_then(|d| finish(&d, s, file)));
    }
    out
}

/// The draft a section starts from: its parent's, or the template.
fn base(
    s: &Section,
    done: &[(String, Option<Draft>)],
    builtins: &[Section],
    file: &str,
) -> Result<Draft, Error> {
    let Some(parent) = &s.parent else {
        return Ok(template(s.line));
    };
    if let Some((_, d)) = done.iter().rev().find(|(n, _)| n == parent) {
        return d.clone().ok_or_else(|| Error {
            file: file.to_string(),
            line: s.line,
            kind: ErrorKind::UnknownParent(parent.clone()),
        });
    }
    // A built-in: its chain of parents, applied from the root.
    let mut chain: Vec<&Section> = Vec::new();
    let mut name = Some(parent.as_str());
    while let Some(n) = name {
        let Some(b) = builtins.iter().find(|b| b.name == n) else {
            return Err(Error {
                file: file.to_string(),
                line: s.line,
                kind: ErrorKind::UnknownParent(parent.clone()),
            });
        };
        chain.push(b);
        name = b.parent.as_deref();
    }
    let mut d = template(0);
    for b in chain.into_iter().rev() {
        d = apply(d, b, "builtin")?;
    }
    // A built-in is no line of this file.
    d.pieces.iter_mut().for_each(|p| p.5 = 0);
    Ok(d)
}

fn parse_bool(e: &ini::Entry, file: &str) -> Result<bool, Error> {
    match e.value.as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(bad_value(e, file)),
    }
}

fn bad_value(e: &ini::Entry, file: &str) -> Error {
    Error {
        file: file.to_string(),
        line: e.line,
        kind: ErrorKind::BadValue {
            key: e.key.clone(),
            value: e.value.clone(),
        },
    }
}

/// A file as a number from 1 or a letter from `a`; returns its count.
fn parse_file(v: &str) -> Option<u8> {
    match v.as_bytes() {
        [c @ b'a'..=b'p'] => Some(c - b'a' + 1),
        _ => v.parse::<u8>().ok().filter(|n| (1..=16).contains(n)),
    }
}

/// Applies one section's keys onto `d`.
fn apply(mut d: Draft, s: &Section, file: &str) -> Result<Draft, Error> {
    let board_err = |line| Error {
        file: file.to_string(),
        line,
        kind: ErrorKind::BoardTooLarge { files: 0, ranks: 0 },
    };
    if let Some(e) = s.get("maxFile") {
        d.files = parse_file(&e.value).ok_or_else(|| bad_value(e, file))?;
    }
    if let Some(e) = s.get("maxRank") {
        d.ranks = e
            .value
            .parse::<u8>()
            .ok()
            .filter(|n| (1..=16).contains(n))
            .ok_or_else(|| bad_value(e, file))?;
    }
    if d.files > 12 || d.ranks > 10 {
        let line = s
            .get("maxFile")
            .or(s.get("maxRank"))
            .map_or(s.line, |e| e.line);
        let mut e = board_err(line);
        e.kind = ErrorKind::BoardTooLarge {
            files: d.files,
            ranks: d.ranks,
        };
        return Err(e);
    }
    apply_pieces(&mut d, s, file)?;
    apply_rules(&mut d, s, file)?;
    Ok(d)
}

/// The piece keys, in Fairy-Stockfish's order of piece types.
fn apply_pieces(d: &mut Draft, s: &Section, file: &str) -> Result<(), Error> {
    let keys = piece_keys();
    for e in &s.entries {
        let custom_like = e.key.to_ascii_lowercase().starts_with("custompiece");
        // `x:Betza` (no spaces, a letter after the colon) assigns a piece.
        let v = e.value.as_bytes();
        let assigns = v.len() > 2
            && v[0].is_ascii_alphabetic()
            && v[1] == b':'
            && v[2].is_ascii_alphabetic()
            && !e.value.contains(char::is_whitespace);
        if !keys.contains(&e.key) && (custom_like || (assigns && !KNOWN.contains(&e.key.as_str())))
        {
            return Err(Error {
                file: file.to_string(),
                line: e.line,
                kind: ErrorKind::UnknownPiece(e.key.clone()),
            });
        }
    }
    for (order, key) in keys.iter().enumerate() {
        let Some(e) = s.get(key) else { continue };
        let bad = || Error {
            file: file.to_string(),
            line: e.line,
            kind: ErrorKind::BadPieceValue {
                key: e.key.clone(),
                value: e.value.clone(),
            },
        };
        let v = e.value.as_str();
        let Some(first) = v.chars().next() else {
            continue;
        };
        if !first.is_ascii_alphabetic() {
            if v != "-" {
                return Err(bad());
            }
            d.pieces.retain(|p| p.0 != order);
            d.promo_white.retain(|c| d.pieces.iter().any(|p| p.1 == *c));
            d.promo_black.retain(|c| d.pieces.iter().any(|p| p.1 == *c));
            continue;
        }
        let letter = first.to_ascii_lowercase();
        let custom = key.starts_with("customPiece");
        let betza = if v.len() > 1 {
            let rest = v
                .strip_prefix(first)
                .and_then(|r| r.strip_prefix(':'))
                .ok_or_else(bad)?;
            if !(custom || key == "king") {
                return Err(bad());
            }
            rest.to_string()
        } else if custom {
            return Err(bad());
        } else if key == "king" {
            "K".to_string()
        } else {
            PREDEFINED[order].1.to_string()
        };
        if !betza.is_empty() {
            if let Err(why) = betza::parse(&betza) {
                return Err(Error {
                    file: file.to_string(),
                    line: e.line,
                    kind: ErrorKind::BadBetza {
                        key: e.key.clone(),
                        betza,
                        why: why.to_string(),
                    },
                });
            }
        }
        // A letter given to a piece is taken from any other.
        d.pieces.retain(|p| p.0 != order && p.1 != letter);
        d.pieces
            .push((order, letter, key.clone(), betza, key == "king", e.line));
    }
    d.pieces.sort_by_key(|p| p.0);
    Ok(())
}

/// A piece set (`nbrq`, `-`): its letters, each a piece of the variant.
fn letters(d: &Draft, e: &ini::Entry, file: &str) -> Result<Vec<char>, Error> {
    let mut out = Vec::new();
    for c in e.value.chars().filter(|c| !c.is_whitespace() && *c != '-') {
        let l = c.to_ascii_lowercase();
        if !d.pieces.iter().any(|p| p.1 == l) {
            return Err(Error {
                file: file.to_string(),
                line: e.line,
                kind: ErrorKind::UnknownPiece(format!("{} letter {c}", e.key)),
            });
        }
        if !out.contains(&l) {
            out.push(l);
        }
    }
    Ok(out)
}

/// The other keys this reader models.
fn apply_rules(d: &mut Draft, s: &Section, file: &str) -> Result<(), Error> {
    let at = |e: &ini::Entry| (e.value.clone(), e.line);
    for e in &s.entries {
        match e.key.as_str() {
            "startFen" => d.start_fen = at(e),
            "doubleStep" => d.double_step = parse_bool(e, file)?,
            "doubleStepRegionWhite" => d.ds_white = at(e),
            "doubleStepRegionBlack" => d.ds_black = at(e),
            "castling" => d.castling = parse_bool(e, file)?,
            "castlingKingsideFile" => {
                d.kingside = parse_file(&e.value).ok_or_else(|| bad_value(e, file))? - 1
            }
            "castlingQueensideFile" => {
                d.queenside = parse_file(&e.value).ok_or_else(|| bad_value(e, file))? - 1
            }
            "promotionPieceTypes" => {
                d.promo_white = letters(d, e, file)?;
                d.promo_black = d.promo_white.clone();
            }
            "promotionPieceTypesWhite" => d.promo_white = letters(d, e, file)?,
            "promotionPieceTypesBlack" => d.promo_black = letters(d, e, file)?,
            "promotionPawnTypes" => d.pawn_types = letters(d, e, file)?,
            "promotionRegionWhite" => d.region_white = at(e),
            "promotionRegionBlack" => d.region_black = at(e),
            "mandatoryPawnPromotion" => d.mandatory_pawn = parse_bool(e, file)?,
            "mandatoryPiecePromotion" => d.mandatory_piece = parse_bool(e, file)?,
            "promotedPieceType" => {
                let mut pairs = Vec::new();
                for pair in e.value.split_whitespace() {
                    let (a, b) = pair.split_once(':').ok_or_else(|| bad_value(e, file))?;
                    let one = |x: &str| {
                        let mut it = x.chars();
                        match (it.next(), it.next()) {
                            (Some(c), None)
                                if d.pieces.iter().any(|p| p.1 == c.to_ascii_lowercase()) =>
                            {
                                Ok(c.to_ascii_lowercase())
                            }
                            _ => Err(Error {
                                file: file.to_string(),
                                line: e.line,
                                kind: ErrorKind::UnknownPiece(format!("promotedPieceType {x}")),
                            }),
                        }
                    };
                    pairs.push((one(a)?, one(b)?));
                }
                d.promoted = pairs;
            }
            "pieceToCharTable" => d.pctt = Some(e.value.clone()),
            k if k.starts_with("mobilityRegion") => {
                d.mobility.retain(|(x, _)| x != k);
                d.mobility.push((e.key.clone(), e.value.clone()));
            }
            k if KNOWN.contains(&k) || piece_keys().iter().any(|p| p == k) => {}
            k => {
                d.other.retain(|(x, _)| x != k);
                d.other.push((e.key.clone(), e.value.clone()));
            }
        }
    }
    Ok(())
}

/// Squares of a region (`*2`, `a*`, `a1 b2`, `-`) on the board; squares
/// past the board's edge are dropped, as Fairy-Stockfish masks them.
pub(super) fn region(text: &str, files: u8, ranks: u8) -> Option<Vec<Square>> {
    let mut out: Vec<Square> = Vec::new();
    for sym in text.split_whitespace() {
        if sym == "-" {
            break;
        }
        let (f, r) = sym.split_at(sym.char_indices().nth(1).map_or(sym.len(), |(i, _)| i));
        let file: Option<u8> = match f.as_bytes() {
            [b'*'] => None,
            [c @ b'a'..=b'p'] => Some(c - b'a'),
            _ => return None,
        };
        let rank: Option<u8> = match r {
            "*" => None,
            _ => Some(r.parse::<u8>().ok().filter(|n| (1..=16).contains(n))? - 1),
        };
        if file.is_none() && rank.is_none() {
            return None;
        }
        for x in 0..files {
            for y in 0..ranks {
                if file.is_none_or(|f| f == x) && rank.is_none_or(|r| r == y) {
                    let sq = Square::new(x, y)?;
                    if !out.contains(&sq) {
                        out.push(sq);
                    }
                }
            }
        }
    }
    out.sort();
    Some(out)
}

/// The typed variant of a finished draft.
fn finish(d: &Draft, s: &Section, file: &str) -> Result<Variant, Error> {
    let reg = |(text, line): &At, key: &str| {
        region(text, d.files, d.ranks).ok_or_else(|| Error {
            file: file.to_string(),
            line: *line,
            kind: ErrorKind::BadRegion {
                key: key.to_string(),
                value: text.clone(),
            },
        })
    };
    let (mut ds_white, mut ds_black) = (
        reg(&d.ds_white, "doubleStepRegionWhite")?,
        reg(&d.ds_black, "doubleStepRegionBlack")?,
    );
    if !d.double_step {
        ds_white.clear();
        ds_black.clear();
    }
    let letters: Vec<char> = d.pieces.iter().map(|p| p.1).collect();
    let (start, in_hand) =
        fen::board(&d.start_fen.0, d.files, d.ranks, &letters).map_err(|why| Error {
            file: file.to_string(),
            line: d.start_fen.1,
            kind: ErrorKind::BadFen {
                key: "startFen".to_string(),
                why,
            },
        })?;
    let double_step = !ds_white.is_empty() || !ds_black.is_empty();
    let triple_step = d.other.iter().any(|(k, v)| {
        k.starts_with("tripleStepRegion")
            && !region(v, d.files, d.ranks).unwrap_or_default().is_empty()
    });
    let mut pieces: Vec<VariantPiece> = d
        .pieces
        .iter()
        .map(|(_, letter, name, betza, royal, line)| {
            piece(*letter, name, betza, *royal, *line, double_step)
        })
        .collect();
    if triple_step {
        for p in pieces.iter_mut().filter(|p| p.name == "pawn") {
            p.special
                .push("triple step from its tripleStepRegion (not in the pages' spelling)");
        }
    }
    Ok(Variant {
        name: s.name.clone(),
        parent: s.parent.clone(),
        line: s.line,
        files: d.files,
        ranks: d.ranks,
        pieces,
        start,
        in_hand,
        double_step_white: ds_white,
        double_step_black: ds_black,
        castling: Castling {
            allowed: d.castling,
            kingside_file: d.kingside,
            queenside_file: d.queenside,
        },
        promotion: Promotion {
            piece_types_white: d.promo_white.clone(),
            piece_types_black: d.promo_black.clone(),
            pawn_types: d.pawn_types.clone(),
            region_white: reg(&d.region_white, "promotionRegionWhite")?,
            region_black: reg(&d.region_black, "promotionRegionBlack")?,
            mandatory_pawn: d.mandatory_pawn,
            mandatory_piece: d.mandatory_piece,
            promoted: d.promoted.clone(),
        },
        piece_to_char_table: d.pctt.clone(),
        mobility_regions: d.mobility.clone(),
        other: d.other.clone(),
    })
}

/// A piece with its pages' spelling and the rules outside its Betza.
fn piece(
    letter: char,
    name: &str,
    betza: &str,
    royal: bool,
    line: usize,
    double_step: bool,
) -> VariantPiece {
    let mut special = Vec::new();
    let pages = match name {
        "pawn" => {
            special.push("en passant");
            if double_step {
                special.push("double step (ifmnD) only from its double-step region");
                fairy::to_pages("fmWfcFifmnD")
            } else {
                fairy::to_pages("fmWfcF")
            }
        }
        _ => fairy::to_pages(betza),
    };
    if name == "soldier" {
        special.push("forward only until it reaches soldierPromotionRank");
    }
    if name == "janggiCannon" {
        special.push("cannot hop over or take a cannon");
    }
    if name.starts_with("customPiece") && betza.contains('e') {
        special.push("en passant");
    }
    if betza.contains('i') {
        special.push("i moves only from the double-step region");
    }
    VariantPiece {
        letter,
        name: name.to_string(),
        betza: betza.to_string(),
        royal,
        special,
        pages,
        line,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::read;

    fn one(text: &str) -> Result<Variant, Error> {
        read(text, "t.ini").map(|mut v| v.remove(v.len() - 1))
    }

    #[test]
    fn template_has_no_pieces_and_chess_has_six() {
        let v = one("[empty]\nstartFen = 8/8/8/8/8/8/8/8 w - - 0 1\n").unwrap();
        assert!(v.pieces.is_empty());
        assert!(v.promotion.piece_types_white.is_empty());
        let v = one("[c:chess]\n").unwrap();
        let letters: String = v.pieces.iter().map(|p| p.letter).collect();
        assert_eq!(letters, "pnbrqk");
        assert_eq!(v.promotion.piece_types_white, ['n', 'b', 'r', 'q']);
        assert_eq!(v.double_step_white.len(), 8);
        assert_eq!(v.piece('p').unwrap().pages.as_deref(), Ok("fmWfcFifmnD"));
    }

    #[test]
    fn inheritance_from_the_file_and_letters_taken() {
        let text = "[a:chess]\nmaxFile = 10\ncustomPiece1 = p:mfW\nstartFen = 10/10/10/10/10/10/10/10 w - - 0 1\n[b:a]\nmaxRank = 6\nstartFen = 10/10/10/10/10/10 w - - 0 1\n";
        let v = one(text).unwrap();
        assert_eq!((v.files, v.ranks), (10, 6));
        let p = v.piece('p').unwrap();
        assert_eq!((p.name.as_str(), p.line), ("customPiece1", 3));
        assert_eq!(v.pieces.iter().filter(|x| x.letter == 'p').count(), 1);
    }

    #[test]
    fn king_betza_removal_and_files_as_letters() {
        let v = one("[k:chess]\nking = k:KN\nqueen = -\nmaxFile = j\nstartFen = 10/10/10/10/10/10/10/4K5 w - - 0 1\n").unwrap();
        let k = v.piece('k').unwrap();
        assert!(k.royal);
        assert_eq!((k.betza.as_str(), k.pages.as_deref()), ("KN", Ok("WFN")));
        assert!(v.piece('q').is_none());
        assert!(!v.promotion.piece_types_white.contains(&'q'));
        assert_eq!(v.files, 10);
    }

    #[test]
    fn double_steps_castling_promotion() {
        let text = "[d:chess]\ndoubleStepRegionWhite = *2 *3\ndoubleStep = true\ncastling = false\ncastlingKingsideFile = f\npromotionRegionWhite = *7 *8\npromotionPieceTypes = qn\nmandatoryPiecePromotion = true\npromotedPieceType = n:q\n";
        let v = one(text).unwrap();
        assert_eq!(v.double_step_white.len(), 16);
        assert!(!v.castling.allowed);
        assert_eq!(v.castling.kingside_file, 5);
        assert_eq!(v.promotion.region_white.len(), 16);
        assert_eq!(v.promotion.piece_types_black, ['q', 'n']);
        assert!(v.promotion.mandatory_piece);
        assert_eq!(v.promotion.promoted, [('n', 'q')]);
        let v = one("[d:chess]\ndoubleStep = false\n").unwrap();
        assert!(v.double_step_white.is_empty());
        assert_eq!(v.piece('p').unwrap().pages.as_deref(), Ok("fmWfcF"));
    }

    #[test]
    fn errors_are_typed_with_their_line() {
        let e = one("[a:nosuch]\n").unwrap_err();
        assert_eq!(
            (e.line, e.kind),
            (1, ErrorKind::UnknownParent("nosuch".into()))
        );
        let e = one("[a:chess]\n\ncustomPiece26 = x:W\n").unwrap_err();
        assert_eq!(
            (e.line, e.kind),
            (3, ErrorKind::UnknownPiece("customPiece26".into()))
        );
        let e = one("[a:chess]\ndragon = d:RF\n").unwrap_err();
        assert_eq!(e.kind, ErrorKind::UnknownPiece("dragon".into()));
        let e = one("[a:chess]\ncustomPiece1 = x\n").unwrap_err();
        assert!(matches!(e.kind, ErrorKind::BadPieceValue { .. }));
        let e = one("[a:chess]\ncustomPiece1 = x:fXW\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "t.ini:2: customPiece1: Betza fXW is refused: unknown atom 'X' at character 2"
        );
        let e = one("[a:chess]\nmaxRank = x\n").unwrap_err();
        assert!(matches!(e.kind, ErrorKind::BadValue { .. }));
        let e = one("[a:chess]\nmaxFile = 14\n").unwrap_err();
        assert_eq!(
            e.kind,
            ErrorKind::BoardTooLarge {
                files: 14,
                ranks: 8
            }
        );
        let e = one("[a:chess]\nmaxRank = 6\n").unwrap_err();
        assert!(matches!(e.kind, ErrorKind::BadFen { .. }), "{e}");
        let e = one("[a:chess]\ndoubleStepRegionWhite = z9\n").unwrap_err();
        assert!(matches!(e.kind, ErrorKind::BadRegion { .. }));
        let e = one("[a:chess]\npromotionPieceTypes = qx\n").unwrap_err();
        assert!(matches!(e.kind, ErrorKind::UnknownPiece(_)));
        let e = read("[a:chess]\n[a:chess]\n", "t.ini").unwrap_err();
        assert_eq!((e.line, e.kind), (2, ErrorKind::Duplicate("a".into())));
        let e = one("[a:chess]\ncastling = maybe\n").unwrap_err();
        assert_eq!(e.line, 2);
    }

    #[test]
    fn a_pawn_triple_step_is_named() {
        let v = one("[w:chess]\ntripleStepRegionWhite = *2\n").unwrap();
        let p = v.piece('p').unwrap();
        assert!(p.special.iter().any(|s| s.starts_with("triple step")));
        let v = one("[w:chess]\ntripleStepRegionWhite = -\n").unwrap();
        assert!(!v
            .piece('p')
            .unwrap()
            .special
            .iter()
            .any(|s| s.starts_with("triple")));
    }

    #[test]
    fn regions_drop_squares_past_the_edge() {
        assert_eq!(region("*8", 8, 6).unwrap(), []);
        assert_eq!(region("a* -", 2, 2).unwrap().len(), 2);
        assert_eq!(region("b2 b2", 3, 3).unwrap().len(), 1);
        assert!(region("**", 3, 3).is_none());
        assert!(region("2b", 3, 3).is_none());
    }
}
