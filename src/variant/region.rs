//! Square lists (`*2`, `a*`, `a1 b2`, `-`) as Fairy-Stockfish reads a
//! region: symbol by symbol, up to `-` or the first malformed one.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::engine::geometry::Square;

/// The number a value starts with, as a C++ stream reads it (`6 # six`
/// and `6x` are 6).
pub(super) fn leading_number(v: &str) -> Option<u8> {
    let end = v.find(|c: char| !c.is_ascii_digit()).unwrap_or(v.len());
    v[..end].parse::<u8>().ok()
}

/// Squares of a region (`*2`, `a*`, `a1 b2`, `-`) on the board; squares
/// past the board's edge are dropped, as Fairy-Stockfish masks them.
/// `None` when a symbol is malformed.
#[cfg(test)]
pub(super) fn region(text: &str, files: u8, ranks: u8) -> Option<Vec<Square>> {
    match region_read(text, files, ranks) {
        (squares, None) => Some(squares),
        _ => None,
    }
}

/// A region as Fairy-Stockfish reads it: symbol by symbol up to `-` or
/// the first malformed one (a note, `**`), which is returned beside the
/// squares read before it.
pub(super) fn region_read(text: &str, files: u8, ranks: u8) -> (Vec<Square>, Option<String>) {
    let mut out: Vec<Square> = Vec::new();
    for sym in text.split_whitespace() {
        if sym == "-" {
            break;
        }
        let Some((file, rank)) = symbol(sym) else {
            out.sort();
            return (out, Some(sym.to_string()));
        };
        for x in 0..files {
            for y in 0..ranks {
                if file.is_none_or(|f| f == x) && rank.is_none_or(|r| r == y) {
                    if let Some(sq) = Square::new(x, y).filter(|sq| !out.contains(sq)) {
                        out.push(sq);
                    }
                }
            }
        }
    }
    out.sort();
    (out, None)
}

/// One symbol of a region: (file, rank) from 0, `None` for "every".
fn symbol(sym: &str) -> Option<(Option<u8>, Option<u8>)> {
    let b = sym.as_bytes();
    let file = |c: u8| {
        Some(c.to_ascii_lowercase())
            .filter(u8::is_ascii_lowercase)
            .map(|c| c - b'a')
            .filter(|f| *f < 16)
    };
    let rank = |r: &str| {
        leading_number(r)
            .filter(|n| (1..=16).contains(n))
            .map(|n| n - 1)
    };
    match b {
        [c, b'*'] => Some((Some(file(*c)?), None)),
        [b'*', ..] => Some((None, Some(rank(&sym[1..])?))),
        [c, _, ..] if c.is_ascii_alphabetic() => Some((Some(file(*c)?), Some(rank(&sym[1..])?))),
        _ => None,
    }
}
