//! From sections to variants: inheritance, then each key onto the draft.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::fairy::{self, PREDEFINED};
use super::ini::{self, Section};
use super::region::{leading_number, region_read};
use super::rules::{Rules, type_letters};
use super::warning::{Warning, WarningKind};
use super::{Castling, Error, ErrorKind, Promotion, Special, Variant, VariantPiece, builtin, fen};
use crate::engine::betza;
use crate::engine::geometry::{Colour, Square};

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
    pawn_types_black: Vec<char>,
    region_white: At,
    region_black: At,
    mandatory_pawn: bool,
    mandatory_piece: bool,
    promoted: Vec<(char, char)>,
    pctt: Option<String>,
    mobility: Vec<(String, String)>,
    /// Second letters a built-in gives pieces: (second, first).
    synonyms: Vec<(char, char)>,
    /// Every other rule, typed.
    rules: Rules,
    /// Values read short (a note, a letter no piece has), in this file.
    warnings: Vec<Warning>,
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
        pawn_types: alloc::vec![super::rules::PAWN_TYPE],
        pawn_types_black: alloc::vec![super::rules::PAWN_TYPE],
        region_white: at("*8"),
        region_black: at("*1"),
        mandatory_pawn: true,
        mandatory_piece: false,
        promoted: Vec::new(),
        pctt: None,
        mobility: Vec::new(),
        synonyms: Vec::new(),
        rules: Rules::default(),
        warnings: Vec::new(),
    }
}

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
    let mut builtins = ini::sections(builtin::TEXT, builtin::FILE).unwrap_or_default();
    let bases = ini::sections(builtin::BASES, builtin::FILE).unwrap_or_default();
    let own = builtins.len();
    builtins.extend(bases);
    let builtins = (&builtins[..], own);
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
            base(s, &done, builtins, file).and_then(|d| apply(d, s, file))
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
    (builtins, own): (&[Section], usize),
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
    // A base of builtin::BASES is the parent of the built-in sections
    // only (`[shogi:minishogi_variant_base]` as builtins.ini has it).
    let hidden = builtins[own..].iter().any(|b| b.name == *parent);
    let own_section = builtins[..own]
        .iter()
        .any(|b| b.name == s.name && b.parent == s.parent);
    if hidden && !own_section {
        return Err(Error {
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
        d = apply(d, b, builtin::FILE)?;
    }
    // A built-in is no line of this file.
    d.pieces.iter_mut().for_each(|p| p.5 = 0);
    d.warnings.clear();
    Ok(d)
}

/// A boolean as Fairy-Stockfish reads it: exactly `true` is true, any
/// other value (`yes`, `true # note`) false (lint names those).
fn parse_bool(e: &ini::Entry) -> bool {
    e.value == "true"
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

/// A file as a number from 1 or a letter from `a` (its first character,
/// as Fairy-Stockfish reads it); returns its count.
fn parse_file(v: &str) -> Option<u8> {
    match v.as_bytes().first() {
        Some(c @ b'a'..=b'p') => Some(c - b'a' + 1),
        _ => leading_number(v).filter(|n| (1..=16).contains(n)),
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
        d.ranks = leading_number(&e.value)
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
    // `glanceSynonyms = b:e n:h`: the second letters Fairy-Stockfish's
    // variant.cpp gives pieces of a built-in (`add_piece(HORSE, 'n',
    // 'h')`), which no key of a definition file can give: read in
    // builtins.ini only.
    if file == builtin::FILE {
        if let Some(e) = s.get("glanceSynonyms") {
            for pair in e.value.split_whitespace() {
                let mut c = pair.chars();
                if let (Some(first), Some(':'), Some(second)) = (c.next(), c.next(), c.next()) {
                    d.synonyms.retain(|x| x.0 != second);
                    d.synonyms.push((second, first));
                }
            }
        }
    }
    apply_rules(&mut d, s, file)?;
    let letters: Vec<char> = d.pieces.iter().map(|p| p.1).collect();
    d.rules.apply(s, &letters);
    // `glanceFreeDrops = true`: Fairy-Stockfish's `freeDrops`, set in
    // variant.cpp's `ataxx_variant()` and read from no definition file:
    // read in builtins.ini only.
    if file == builtin::FILE {
        if let Some(e) = s.get("glanceFreeDrops") {
            d.rules.drops.free = parse_bool(e);
        }
    }
    // A custom piece whose Betza has `e` may be taken en passant (the
    // parser adds it when it reads the piece, before `enPassantTypes`).
    for p in d
        .pieces
        .iter()
        .filter(|p| p.2.starts_with("customPiece") && p.3.contains('e'))
    {
        if s.get(&p.2).is_some() && s.get("enPassantTypes").is_none() {
            for side in [
                &mut d.rules.moves.en_passant_types.white,
                &mut d.rules.moves.en_passant_types.black,
            ] {
                if !side.contains(&p.1) {
                    side.push(p.1);
                }
            }
        }
    }
    Ok(d)
}

/// The piece keys, in Fairy-Stockfish's order of piece types, read as it
/// reads them: a value's first character is the letter (anything else
/// than a letter removes the piece); a custom piece's or a royal king's
/// Betza is what follows the letter and its separator, up to the first
/// space (Fairy-Stockfish goes on reading a note's letters as Betza: lint
/// says so); a predefined piece's other characters are ignored. A key no
/// piece has (`dragon`, `customPiece26`) is skipped, as Fairy-Stockfish
/// skips it, and lint names it.
fn apply_pieces(d: &mut Draft, s: &Section, file: &str) -> Result<(), Error> {
    let keys = piece_keys();
    for (order, key) in keys.iter().enumerate() {
        let Some(e) = s.get(key) else { continue };
        let v = e.value.as_str();
        let Some(first) = v.chars().next() else {
            continue;
        };
        if !first.is_ascii_alphabetic() {
            d.pieces.retain(|p| p.0 != order);
            d.promo_white.retain(|c| d.pieces.iter().any(|p| p.1 == *c));
            d.promo_black.retain(|c| d.pieces.iter().any(|p| p.1 == *c));
            continue;
        }
        let letter = first.to_ascii_lowercase();
        let custom = key.starts_with("customPiece");
        let written = v
            .get(2..)
            .map(|b| b.split_whitespace().next().unwrap_or(""));
        let betza = match (custom, key == "king", written) {
            (true, _, Some(b)) | (_, true, Some(b)) => b.to_string(),
            (true, _, None) => d
                .pieces
                .iter()
                .find(|p| p.0 == order)
                .map(|p| p.3.clone())
                .unwrap_or_default(),
            (_, true, None) => "K".to_string(),
            _ => PREDEFINED[order].1.to_string(),
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
        // A letter given to a piece is taken from any other. The piece
        // sets hold types, as Fairy-Stockfish's do: a type that loses its
        // letter leaves them, a type that gets a new letter keeps its place
        // under it (Gemini's Archbishop, `a` where Janus wrote `j`).
        let taken = d.pieces.iter().any(|p| p.0 != order && p.1 == letter);
        let renamed = d
            .pieces
            .iter()
            .find(|p| p.0 == order && p.1 != letter)
            .map(|p| p.1);
        for set in [
            &mut d.promo_white,
            &mut d.promo_black,
            &mut d.pawn_types,
            &mut d.pawn_types_black,
        ] {
            if taken {
                set.retain(|c| *c != letter);
            }
            if let Some(old) = renamed {
                for c in set.iter_mut().filter(|c| **c == old) {
                    *c = letter;
                }
            }
        }
        d.pieces.retain(|p| p.0 != order && p.1 != letter);
        d.pieces
            .push((order, letter, key.clone(), betza, key == "king", e.line));
    }
    d.pieces.sort_by_key(|p| p.0);
    Ok(())
}

fn read_up_to(d: &mut Draft, e: &ini::Entry, file: &str, at: &str) {
    d.warnings.push(Warning {
        file: file.to_string(),
        line: e.line,
        kind: WarningKind::ReadUpTo {
            key: e.key.clone(),
            at: at.to_string(),
        },
    });
}

/// A piece set (`nbrq`, `-`, `*`) as Fairy-Stockfish reads it: letters,
/// spaces skipped, up to the first character that is no piece's letter
/// (`-` ends it quietly, anything else with a warning); `*` is every
/// piece.
fn letters(d: &mut Draft, e: &ini::Entry, file: &str) -> Vec<char> {
    let mut out = Vec::new();
    for c in e.value.chars().filter(|c| !c.is_whitespace()) {
        let l = c.to_ascii_lowercase();
        if c == '*' {
            for p in &d.pieces {
                if !out.contains(&p.1) {
                    out.push(p.1);
                }
            }
            continue;
        }
        if !d.pieces.iter().any(|p| p.1 == l) {
            if c != '-' {
                read_up_to(d, e, file, &e.value[e.value.find(c).unwrap_or(0)..]);
            }
            break;
        }
        if !out.contains(&l) {
            out.push(l);
        }
    }
    out
}

/// `promotedPieceType` as Fairy-Stockfish reads it: characters (spaces
/// skipped) in threes, piece, separator, what it promotes to (`-`: no
/// promotion), up to the first piece that is no piece of the variant.
/// Each three changes that piece's promotion only: the others stay as the
/// parent has them.
fn promoted_pairs(d: &mut Draft, e: &ini::Entry, file: &str) -> Vec<(char, char)> {
    let is_piece = |c: char| d.pieces.iter().any(|p| p.1 == c.to_ascii_lowercase());
    let chars: Vec<char> = e.value.chars().filter(|c| !c.is_whitespace()).collect();
    let mut pairs = d.promoted.clone();
    for t in chars.chunks(3) {
        match t {
            [a, _, b] if is_piece(*a) && (*b == '-' || is_piece(*b)) => {
                let a = a.to_ascii_lowercase();
                pairs.retain(|(from, _)| *from != a);
                if *b != '-' {
                    pairs.push((a, b.to_ascii_lowercase()));
                }
            }
            _ => {
                let rest: String = t.iter().collect();
                read_up_to(d, e, file, &rest);
                break;
            }
        }
    }
    pairs
}

/// The other keys this reader models.
fn apply_rules(d: &mut Draft, s: &Section, file: &str) -> Result<(), Error> {
    let at = |e: &ini::Entry| (e.value.clone(), e.line);
    // Deprecated keys, which the parser reads before the current ones:
    // `promotionRank` (the ranks from it to the far edge), `doubleStepRank`
    // and `doubleStepRankMin` (the ranks between them), `pawnTypes` (the
    // promotion pawns; the rest of it in `Rules`).
    if let Some(n) = s
        .get("promotionRank")
        .and_then(|e| leading_number(&e.value))
    {
        let ranks = d.ranks;
        let own: Vec<String> = (n..=ranks).map(|r| format!("*{r}")).collect();
        let other: Vec<String> = (1..=ranks + 1 - n).map(|r| format!("*{r}")).collect();
        let line = s.get("promotionRank").map_or(0, |e| e.line);
        d.region_white = (own.join(" "), line);
        d.region_black = (other.join(" "), line);
    }
    let ds_max = s
        .get("doubleStepRank")
        .and_then(|e| leading_number(&e.value));
    let ds_min = s
        .get("doubleStepRankMin")
        .and_then(|e| leading_number(&e.value));
    if ds_max.is_some() || ds_min.is_some() {
        let (lo, hi) = (ds_min.unwrap_or(2), ds_max.unwrap_or(2));
        let ranks = d.ranks;
        let line = s
            .get("doubleStepRank")
            .or(s.get("doubleStepRankMin"))
            .map_or(0, |e| e.line);
        let white: Vec<String> = (lo..=hi).map(|r| format!("*{r}")).collect();
        let black: Vec<String> = (lo..=hi)
            .filter(|r| *r <= ranks)
            .map(|r| format!("*{}", ranks + 1 - r))
            .collect();
        d.ds_white = (white.join(" "), line);
        d.ds_black = (black.join(" "), line);
    }
    if let Some(e) = s.get("pawnTypes") {
        d.pawn_types = letters(d, e, file);
        d.pawn_types_black = d.pawn_types.clone();
    }
    for e in &s.entries {
        match e.key.as_str() {
            "startFen" => d.start_fen = at(e),
            "doubleStep" => d.double_step = parse_bool(e),
            "doubleStepRegionWhite" => d.ds_white = at(e),
            "doubleStepRegionBlack" => d.ds_black = at(e),
            "castling" => d.castling = parse_bool(e),
            "castlingKingsideFile" => {
                d.kingside = parse_file(&e.value).ok_or_else(|| bad_value(e, file))? - 1
            }
            "castlingQueensideFile" => {
                d.queenside = parse_file(&e.value).ok_or_else(|| bad_value(e, file))? - 1
            }
            "promotionPieceTypes" => {
                d.promo_white = letters(d, e, file);
                d.promo_black = d.promo_white.clone();
            }
            "promotionPieceTypesWhite" => d.promo_white = letters(d, e, file),
            "promotionPieceTypesBlack" => d.promo_black = letters(d, e, file),
            "promotionPawnTypes" => {
                d.pawn_types = letters(d, e, file);
                d.pawn_types_black = d.pawn_types.clone();
            }
            "promotionRegionWhite" => d.region_white = at(e),
            "promotionRegionBlack" => d.region_black = at(e),
            "mandatoryPawnPromotion" => d.mandatory_pawn = parse_bool(e),
            "mandatoryPiecePromotion" => d.mandatory_piece = parse_bool(e),
            "promotedPieceType" => d.promoted = promoted_pairs(d, e, file),
            "pieceToCharTable" => d.pctt = Some(e.value.clone()),
            k if k.starts_with("mobilityRegion") => {
                d.mobility.retain(|(x, _)| x != k);
                d.mobility.push((e.key.clone(), e.value.clone()));
            }
            // The rest is read in the parser's order by `Rules::apply`.
            _ => {}
        }
    }
    // Each side's own pawn types, after the shared key, as the parser reads
    // them.
    if let Some(e) = s.get("promotionPawnTypesWhite") {
        d.pawn_types = letters(d, e, file);
    }
    if let Some(e) = s.get("promotionPawnTypesBlack") {
        d.pawn_types_black = letters(d, e, file);
    }
    Ok(())
}

/// The typed variant of a finished draft.
fn finish(d: &Draft, s: &Section, file: &str) -> Result<Variant, Error> {
    let warnings = core::cell::RefCell::new(d.warnings.clone());
    let reg = |(text, line): &At, key: &str| -> Result<Vec<Square>, Error> {
        let (squares, bad) = region_read(text, d.files, d.ranks);
        if let Some(at) = bad.filter(|_| *line > 0 && file != builtin::FILE) {
            warnings.borrow_mut().push(Warning {
                file: file.to_string(),
                line: *line,
                kind: WarningKind::ReadUpTo {
                    key: key.to_string(),
                    at,
                },
            });
        }
        Ok(squares)
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
    // A piece's second letter (Janggi's `e` for its Elephant, `b`) reads
    // as its first in the position, as Fairy-Stockfish's FEN reader takes
    // it.
    let synonyms: Vec<(char, char)> = d
        .synonyms
        .iter()
        .filter(|(second, first)| letters.contains(first) && !letters.contains(second))
        .copied()
        .collect();
    let fen_text = fen::with_first_letters(&d.start_fen.0, &synonyms);
    let (start, in_hand) =
        fen::board(&fen_text, d.files, d.ranks, &letters).map_err(|why| Error {
            file: file.to_string(),
            line: d.start_fen.1,
            kind: ErrorKind::BadFen {
                key: "startFen".to_string(),
                why,
            },
        })?;
    let walls = fen::walls(&fen_text, d.ranks);
    let (first, castles_at_start, checks) = fen::side_and_checks(&d.start_fen.0);
    let double_step = !ds_white.is_empty() || !ds_black.is_empty();
    // No triple step without the double step.
    let mut rules = d.rules.clone();
    let types: Vec<(&str, char)> = d.pieces.iter().map(|p| (p.2.as_str(), p.1)).collect();
    rules.finish(d.files, d.ranks, &types);
    if !d.double_step {
        rules.moves.triple_step = Default::default();
    }
    let (ts_white, ts_black) = (
        rules.moves.triple_step.white.clone(),
        rules.moves.triple_step.black.clone(),
    );
    // Both sides' pawns triple-step: the pages' Betza says it (`ifmW3`,
    // its initial moves drawn from the triple-step ranks); one side only:
    // a remark, the row's Betza serving both sides.
    let both = !ts_white.is_empty() && !ts_black.is_empty();
    let mut pieces: Vec<VariantPiece> = d
        .pieces
        .iter()
        .map(|(_, letter, name, betza, royal, line)| {
            piece(*letter, name, betza, *royal, *line, double_step, both)
        })
        .collect();
    // A pseudo-royal piece its own capture would destroy never captures.
    let count = |letter: char, colour: Colour| super::start_count(&start, &in_hand, letter, colour);
    for (p, (.., betza, _, _)) in pieces.iter_mut().zip(&d.pieces) {
        if let Some(why) = rules.self_destroying(p.letter, &count) {
            p.special.push(Special::NeverCaptures(why));
            p.pages =
                fairy::to_pages_without_captures(moves_read(&p.name, betza, double_step, both));
        }
    }
    if !both && (!ts_white.is_empty() || !ts_black.is_empty()) {
        for p in pieces.iter_mut().filter(|p| p.name == "pawn") {
            p.special.push(Special::TripleStepOneSide);
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
        walls,
        in_hand,
        first,
        castles_at_start,
        checks: checks.map(|(white, black)| crate::engine::geometry::ByColour { white, black }),
        double_step_white: ds_white,
        double_step_black: ds_black,
        triple_step_white: ts_white,
        triple_step_black: ts_black,
        castling: Castling {
            allowed: d.castling,
            kingside_file: d.kingside,
            queenside_file: d.queenside,
        },
        promotion: Promotion {
            piece_types_white: d.promo_white.clone(),
            piece_types_black: d.promo_black.clone(),
            // Fairy-Stockfish's default: its pawn type, whatever its letter.
            pawn_types: type_letters(&d.pawn_types, &types),
            pawn_types_black: type_letters(&d.pawn_types_black, &types),
            region_white: reg(&d.region_white, "promotionRegionWhite")?,
            region_black: reg(&d.region_black, "promotionRegionBlack")?,
            mandatory_pawn: d.mandatory_pawn,
            mandatory_piece: d.mandatory_piece,
            promoted: d.promoted.clone(),
        },
        piece_to_char_table: d.pctt.clone(),
        mobility_regions: mobility(&d.mobility, d.files, d.ranks),
        rules,
        warnings: warnings.into_inner(),
    })
}

/// The `mobilityRegion{White,Black}{Piece}` keys as regions: the piece's
/// key name (`wazir`, `customPiece1`), the side, the squares.
fn mobility(keys: &[(String, String)], files: u8, ranks: u8) -> Vec<super::MobilityRegion> {
    let mut out = Vec::new();
    for (key, text) in keys {
        let Some(rest) = key.strip_prefix("mobilityRegion") else {
            continue;
        };
        let (colour, piece) = match (rest.strip_prefix("White"), rest.strip_prefix("Black")) {
            (Some(p), _) => (Colour::White, p),
            (_, Some(p)) => (Colour::Black, p),
            _ => continue,
        };
        let mut chars = piece.chars();
        let Some(first) = chars.next() else { continue };
        let piece = format!("{}{}", first.to_ascii_lowercase(), chars.as_str());
        out.push(super::MobilityRegion {
            piece,
            colour,
            squares: region_read(text, files, ranks).0,
        });
    }
    out
}

/// The Betza Fairy-Stockfish moves a piece by: a pawn's its double (or
/// triple) step added, where the variant has one; without a double step
/// no pawn can be taken en passant.
fn moves_read<'a>(name: &str, betza: &'a str, double_step: bool, triple_step: bool) -> &'a str {
    match name {
        "pawn" if double_step && triple_step => "fmWfcFifmW3",
        "pawn" if double_step => "fmWfcFifmnD",
        "pawn" => "fmWfcF",
        _ => betza,
    }
}

/// A piece with its pages' spelling and the rules outside its Betza.
fn piece(
    letter: char,
    name: &str,
    betza: &str,
    royal: bool,
    line: usize,
    double_step: bool,
    triple_step: bool,
) -> VariantPiece {
    let mut special = Vec::new();
    if name == "pawn" && double_step {
        special.push(Special::EnPassant);
        special.push(if triple_step {
            Special::DoubleAndTripleStep
        } else {
            Special::DoubleStep
        });
    }
    let pages = fairy::to_pages(moves_read(name, betza, double_step, triple_step));
    if name == "soldier" {
        special.push(Special::SoldierRiver);
    }
    if name == "janggiCannon" {
        special.push(Special::NoCannonScreen);
    }
    if name.starts_with("customPiece") && betza.contains('e') {
        special.push(Special::EnPassant);
    }
    if betza.contains('i') {
        special.push(Special::InitialMoves);
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
        let e = read("[a:chess]\n[a:chess]\n", "t.ini").unwrap_err();
        assert_eq!((e.line, e.kind), (2, ErrorKind::Duplicate("a".into())));
    }

    // Each measured with pyffish 0.0.90 (tests/fairy/reader_quirks.py):
    // the section loads, and these are the values it plays.
    #[test]
    fn values_read_as_fairy_stockfish_reads_them() {
        // Keys no piece has are skipped (lint names them).
        let v = one("[a:chess]\ncustomPiece26 = x:W\ndragon = d:RF\n").unwrap();
        assert_eq!(v.pieces.len(), 6);
        // A note after a number, a Betza, a square list, a piece set.
        let v = one("[a:chess]\nmaxFile = 6 # six\nmaxRank = 6x\ncustomPiece1 = s:fR2 # a note\npromotionRegionWhite = *5 *6 # x\npromotionPieceTypes = nq # note\nstartFen = 6/6/6/6/6/K4k w - - 0 1\n").unwrap();
        assert_eq!((v.files, v.ranks), (6, 6));
        assert_eq!(v.piece('s').unwrap().betza, "fR2");
        assert_eq!(v.promotion.region_white.len(), 12);
        assert_eq!(v.promotion.piece_types_white, ['n', 'q']);
        let lines: Vec<usize> = v.warnings.iter().map(|w| w.line).collect();
        assert_eq!(lines, [6, 5]);
        // A boolean other than exactly `true` is false.
        for b in ["maybe", "yes", "True", "true ", "true # c"] {
            let v = one(&format!("[a:chess]\ncastling = {b}\n")).unwrap();
            assert!(!v.castling.allowed, "{b}");
        }
        // A later line wins; a predefined piece's letter is its first.
        let v = one("[a:chess]\nmaxFile = 6\nmaxFile = 7\nrook = r # note\nstartFen = 7/7/7/7/7/7/7/K5k w - - 0 1\n").unwrap();
        assert_eq!((v.files, v.piece('r').unwrap().betza.as_str()), (7, "R"));
        // An unknown key (keys are case-sensitive) is skipped; a known
        // one is read into its typed rule.
        let v = one("[a:chess]\nMaxFile = 6\nstalemateValue = loss\n").unwrap();
        assert_eq!(v.rules.end.stalemate, crate::variant::rules::Outcome::Loss);
        assert_eq!(v.files, 8);
        // promotedPieceType in threes, up to a note.
        let v = one("[a:chess]\npromotedPieceType = n:q b : r # x\n").unwrap();
        assert_eq!(v.promotion.promoted, [('n', 'q'), ('b', 'r')]);
        // A child changes the promotions it names and keeps its parent's
        // others; `-` takes one away (Fairy-Stockfish's parser.cpp).
        let v = crate::variant::read(
            "[a:chess]\npromotedPieceType = n:q b:r\n[b:a]\npromotedPieceType = b:- r:q\n",
            "t.ini",
        )
        .unwrap();
        assert_eq!(v[1].promotion.promoted, [('n', 'q'), ('r', 'q')]);
    }

    #[test]
    fn a_pawn_triple_step_is_named() {
        let v = one("[w:chess]\ntripleStepRegionWhite = *2\n").unwrap();
        let p = v.piece('p').unwrap();
        assert!(p.special.contains(&Special::TripleStepOneSide));
        let v = one("[w:chess]\ntripleStepRegionWhite = -\n").unwrap();
        assert!(
            !v.piece('p')
                .unwrap()
                .special
                .contains(&Special::TripleStepOneSide)
        );
    }

    /// Atomic's and Petrified's King (pseudo-royal, its capture would blow
    /// it up or petrify it) never captures: pyffish gives the White King
    /// on e4, a Black Knight on d5 and the Black King on h8 the moves d3,
    /// d4, e5, f3, f5 and not d5 (tests/fairy/reader_quirks.py); with two
    /// White Kings, or in No-check Atomic, it takes d5.
    #[test]
    fn a_king_its_capture_would_destroy_never_captures() {
        use crate::variant::prose;
        use crate::variant::rules::SelfDestroy;
        let king = |text: &str| one(text).unwrap().piece('k').unwrap().clone();
        let v = one("[a:atomic]\n").unwrap();
        let k = v.piece('k').unwrap();
        assert_eq!(k.pages.as_deref(), Ok("mWmF"));
        let blast = Special::NeverCaptures(SelfDestroy::Blast);
        assert!(k.special.contains(&blast), "{:?}", k.special);
        assert_eq!(
            prose::special(&v, blast).as_deref(),
            Some("never captures: a capture would blow it up")
        );
        let v = one("[p:petrified]\n").unwrap();
        let k = v.piece('k').unwrap();
        assert_eq!(k.pages.as_deref(), Ok("mWmF"));
        let stone = Special::NeverCaptures(SelfDestroy::Petrify);
        assert!(k.special.contains(&stone), "{:?}", k.special);
        assert_eq!(
            prose::special(&v, stone).as_deref(),
            Some("never captures: a capture would turn it to stone")
        );
        // Blast-immune, it still may not: Position::legal counts it gone.
        let k = king("[i:atomic]\nblastImmuneTypes = k\n");
        assert_eq!(k.pages.as_deref(), Ok("mWmF"));
        // Not pseudo-royal, or more of them than extinctionPieceCount + 1.
        assert_eq!(king("[n:nocheckatomic]\n").pages.as_deref(), Ok("WF"));
        let two = "[t:atomic]\nstartFen = 7k/8/8/8/8/8/8/K3K3 w - - 0 1\n";
        assert_eq!(king(two).pages.as_deref(), Ok("WF"));
        assert!(king(two).special.is_empty());
    }

    #[test]
    fn regions_drop_squares_past_the_edge() {
        use crate::variant::region::region;
        assert_eq!(region("*8", 8, 6).unwrap(), []);
        assert_eq!(region("a* -", 2, 2).unwrap().len(), 2);
        assert_eq!(region("b2 b2", 3, 3).unwrap().len(), 1);
        assert!(region("**", 3, 3).is_none());
        assert!(region("2b", 3, 3).is_none());
    }
}
