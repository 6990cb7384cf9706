//! What Fairy-Stockfish reads silently otherwise than its author probably
//! meant: a [`Warning`] for each such line of a definition file.
//!
//! Fairy-Stockfish skips, without a word unless its checks are asked
//! for, a line before the first section or without `=`, a key it does not
//! know (keys are case-sensitive, a key indented or with a tab before `=`
//! is no key it knows), and it reads a boolean other than exactly `true`
//! (`yes`, `True`, `true ` with a trailing space, `true # note`) as false.
//! A note after a value is part of the value: a number, a square list or
//! a piece set is read up to it, but a Betza string's note is read letter
//! by letter as more Betza, and a boolean or a game-end value with a note
//! is no longer that value. Each was measured with pyffish 0.0.90
//! (`tests/fairy/reader_quirks.py`).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::fairy::PREDEFINED;
use super::ini::{self, Section};
use super::keys::{BOOLS, KEYS, LISTS, is_known};
pub use super::warning::{Warning, WarningKind};

/// Every known key, for suggestions.
fn all_keys() -> Vec<String> {
    let mut out: Vec<String> = KEYS.iter().map(|k| k.to_string()).collect();
    out.extend(PREDEFINED.iter().map(|(n, _)| n.to_string()));
    out.push("king".to_string());
    out.push("customPiece1".to_string());
    out
}

/// The edit distance of two short strings.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// The warning for a key Fairy-Stockfish does not read, if any.
fn key_warning(key: &str) -> Option<WarningKind> {
    if is_known(key) {
        return None;
    }
    let trimmed = key.trim();
    if trimmed != key && is_known(trimmed) {
        return Some(WarningKind::Spaced {
            key: key.to_string(),
            known: trimmed.to_string(),
        });
    }
    let keys = all_keys();
    if let Some(k) = keys.iter().find(|k| k.eq_ignore_ascii_case(trimmed)) {
        return Some(WarningKind::KeyCase {
            key: key.to_string(),
            known: k.clone(),
        });
    }
    let lower = trimmed.to_ascii_lowercase();
    let near = keys
        .iter()
        .map(|k| (distance(&lower, &k.to_ascii_lowercase()), k))
        .filter(|(d, k)| *d <= 2 && k.len() > 4)
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k.clone());
    Some(WarningKind::UnknownKey {
        key: key.to_string(),
        near,
    })
}

/// The atoms of Fairy-Stockfish's Betza reader: a note without one adds
/// no move (its modifiers apply to no atom).
const BETZA_ATOMS: &str = "ABCDFGHJKLNQRWZ";

/// The warnings of one `key = value` line's value.
fn value_warning(e: &ini::Entry) -> Option<WarningKind> {
    let (key, value) = (e.key.as_str(), e.value.as_str());
    if BOOLS.contains(&key) && value != "true" && value != "false" {
        return Some(WarningKind::NotABool {
            key: key.to_string(),
            value: value.to_string(),
        });
    }
    if let Some((_, list)) = LISTS.iter().find(|(k, _)| *k == key) {
        if !list.split(' ').any(|w| w == value) {
            return Some(WarningKind::NotInList {
                key: key.to_string(),
                value: value.to_string(),
                list,
            });
        }
    }
    if key.starts_with("customPiece") || key == "king" {
        let betza = value.get(2..).unwrap_or("");
        if let Some((_, note)) = betza.split_once(char::is_whitespace) {
            if note.chars().any(|c| BETZA_ATOMS.contains(c)) {
                return Some(WarningKind::BetzaNote {
                    key: key.to_string(),
                    note: note.trim().to_string(),
                });
            }
        }
    }
    None
}

/// The warnings of a definition file: its lines Fairy-Stockfish skips or
/// reads otherwise than they seem to say, then each section's values
/// that the reader found read short (see [`super::Variant::warnings`]).
/// A file that cannot be split into sections gives its error.
pub fn lint(text: &str, file: &str) -> Result<Vec<Warning>, super::Error> {
    let (sections, mut out) = ini::sections_and_skips(text, file)?;
    for s in &sections {
        check_section(s, file, &mut out);
    }
    for v in super::resolve::resolve_all(&sections, file)
        .into_iter()
        .flatten()
    {
        out.extend(v.warnings);
    }
    out.sort_by_key(|w| w.line);
    out.dedup();
    Ok(out)
}

fn check_section(s: &Section, file: &str, out: &mut Vec<Warning>) {
    for e in &s.entries {
        let kind = key_warning(&e.key).or_else(|| value_warning(e));
        if let Some(kind) = kind {
            out.push(Warning {
                file: file.to_string(),
                line: e.line,
                kind,
            });
        }
    }
}

/// `Warning::to_string` for each, one a line.
pub fn report(warnings: &[Warning]) -> String {
    let mut s = String::new();
    for w in warnings {
        s.push_str(&format!("{w}\n"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(usize, WarningKind)> {
        lint(text, "t.ini")
            .unwrap()
            .into_iter()
            .map(|w| (w.line, w.kind))
            .collect()
    }

    // Each case below was measured with pyffish 0.0.90
    // (tests/fairy/reader_quirks.py): the key or line is skipped, or the
    // value read as the comment says.
    #[test]
    fn keys_fairy_stockfish_skips() {
        // `MaxFile = 6`: the board keeps 8 files.
        assert_eq!(
            kinds("[a:chess]\nMaxFile = 6\n"),
            [(
                2,
                WarningKind::KeyCase {
                    key: "MaxFile".into(),
                    known: "maxFile".into()
                }
            )]
        );
        // An indented key: 8 files.
        assert!(matches!(
            kinds("[a:chess]\n  maxFile = 6\n")[..],
            [(2, WarningKind::Spaced { .. })]
        ));
        // `maxRank\t= 6`: 8 ranks (only spaces are trimmed before `=`).
        assert!(matches!(
            kinds("[a:chess]\nmaxRank\t= 6\n")[..],
            [(2, WarningKind::Spaced { .. })]
        ));
        assert_eq!(
            kinds("[a:chess]\npromotionPeiceTypes = q\n"),
            [(
                2,
                WarningKind::UnknownKey {
                    key: "promotionPeiceTypes".into(),
                    near: Some("promotionPieceTypes".into())
                }
            )]
        );
        assert!(kinds("[a:chess]\ncustomPiece25 = x:W\nmobilityRegionWhiteKing = a1\nmobilityRegionBlackCustomPiece1 = a1\n").is_empty());
        assert!(matches!(
            kinds("maxRank = 6\n[a:chess]\nno equals here\n")[..],
            [
                (1, WarningKind::OutsideSection(_)),
                (3, WarningKind::NoEquals(_))
            ]
        ));
    }

    #[test]
    fn values_read_otherwise() {
        // `castling = yes` and `castling = true ` (a trailing space): no
        // castling in pyffish.
        for v in ["yes", "true ", "true # note"] {
            assert!(matches!(
                kinds(&format!("[a:chess]\ncastling = {v}\n"))[..],
                [(2, WarningKind::NotABool { .. })]
            ));
        }
        assert!(kinds("[a:chess]\ncastling = false\nstalemateValue = loss\n").is_empty());
        assert!(matches!(
            kinds("[a:chess]\nstalemateValue = lose\n")[..],
            [(2, WarningKind::NotInList { .. })]
        ));
        // `s:fR2 # a Wazir`: pyffish adds the Wazir's moves.
        assert!(matches!(
            kinds("[a:chess]\ncustomPiece1 = s:fR2 # a Wazir\n")[..],
            [(2, WarningKind::BetzaNote { .. })]
        ));
        // `s:fR2 # a note`: pyffish plays fR2 (no atom in the note).
        assert!(kinds("[a:chess]\ncustomPiece1 = s:fR2 # a note\n").is_empty());
    }

    #[test]
    fn warnings_name_file_and_line() {
        let w = lint("[a:chess]\n\nMaxFile = 6\n", "v.ini").unwrap();
        assert_eq!(
            w[0].to_string(),
            "v.ini:3: warning: MaxFile is not maxFile (keys are case-sensitive): Fairy-Stockfish skips it"
        );
    }
}
