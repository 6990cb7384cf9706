//! What a board cell may declare beyond its row (`glance migrate` writes
//! these; an author may too), read as plain data by the web layer and by
//! `glance lint`, validated here (pure Rust, no formatting machinery: the
//! generic drop-in carries this):
//!
//! * `data-moves="BETZA"`: the moves drawn from this cell instead of its
//!   row's (an initial double step the table leaves out, a King's
//!   castling moves, a piece whose Moves cell is prose);
//! * `data-demo="x,y x,y=IMAGE ..."`: the press shows a change of
//!   position instead of a diagram: cell `sq{x}x{y}` emptied (`x,y`), or
//!   showing the image `sym/IMAGE.png` (`x,y=BlackKing`; a mark image such
//!   as `yellow` too);
//! * `data-words="KEY ..."`: the name, then one remark line per further
//!   key, are the texts of the page's elements with `data-text="KEY"` (so
//!   a translation of the page carries them);
//! * on a piece table, `data-columns="N M R"`: its name, Moves and Remarks
//!   columns, from 0.
//!
//! ```
//! use glance::page::extras::{parse_columns, parse_demo, words};
//! use glance::Square;
//! let demo = parse_demo("0,9 2,9=BlackKing").unwrap();
//! assert_eq!(demo, [(Square::new(0, 9).unwrap(), ""), (Square::new(2, 9).unwrap(), "BlackKing")]);
//! assert_eq!(parse_demo("0,9 2,x=BlackKing").unwrap_err(), "2,x=BlackKing");
//! let texts = [("castling".into(), "Castling".into()), ("k".into(), "Moves 2 steps".into())];
//! assert_eq!(words("castling k", &texts).unwrap(), ["Castling", "Moves 2 steps"]);
//! assert_eq!(words("castling nope", &texts).unwrap_err(), "nope");
//! assert_eq!(parse_columns(" 1 4 5 "), Some((1, 4, 5)));
//! assert_eq!(parse_columns("1 4"), None);
//! ```

use alloc::string::String;
use alloc::vec::Vec;

/// A cell's declarations beyond its row, as the page has them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CellExtras {
    /// Its `data-moves`.
    pub moves: Option<String>,
    /// Its `data-demo`.
    pub demo: Option<String>,
    /// Its `data-words`.
    pub words: Option<String>,
}

impl CellExtras {
    /// The three attributes, read through `attr`.
    pub fn read(attr: impl Fn(&str) -> Option<String>) -> CellExtras {
        CellExtras {
            moves: attr("data-moves"),
            demo: attr("data-demo"),
            words: attr("data-words"),
        }
    }

    /// Whether the cell shows something of its own (moves or a
    /// demonstration), so that it needs no row.
    pub fn shows(&self) -> bool {
        self.moves.is_some() || self.demo.is_some()
    }

    /// Whether it declares anything.
    pub fn any(&self) -> bool {
        self.shows() || self.words.is_some()
    }
}

use crate::board::clicks::{parse_pair, split_at};
use crate::engine::geometry::Square;

/// A `data-demo` value as its cells: each emptied (`""`) or showing an
/// image, or the first item that is not `x,y` or `x,y=NAME` (NAME: letters,
/// digits, `-` and `_`), with x and y from 0 to 15.
///
/// The image names live as long as the module (`String::leak`): a page's
/// demonstrations are read once, and the board's style sheet keeps a rule
/// per image name for as long.
pub fn parse_demo(text: &str) -> Result<Vec<(Square, &'static str)>, String> {
    let mut out = Vec::new();
    for item in text.split_ascii_whitespace() {
        let Some(cell) = demo_cell(item) else {
            return Err(String::from(item));
        };
        out.push(cell);
    }
    if out.is_empty() {
        return Err(String::from(text));
    }
    Ok(out)
}

/// One item of a `data-demo` value (`x,y` or `x,y=NAME`), if it is one.
fn demo_cell(item: &str) -> Option<(Square, &'static str)> {
    // `x,y=` names no image. A loop, not all(): the generic drop-in's code.
    let (at, image) = match split_at(item, b'=') {
        Some((_, "")) => return None,
        Some(parts) => parts,
        None => (item, ""),
    };
    for b in image.bytes() {
        if !(b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
            return None;
        }
    }
    let (x, y) = parse_pair(at)?;
    let sq = Square::new(u8::try_from(x).ok()?, u8::try_from(y).ok()?)?;
    let image: &'static str = if image.is_empty() {
        ""
    } else {
        String::from(image).leak()
    };
    Some((sq, image))
}

/// The texts of the `data-text` elements a `data-words` value names, in
/// its order, or the first key no element has.
pub fn words(keys: &str, texts: &[(String, String)]) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    'keys: for key in keys.split_ascii_whitespace() {
        for (k, text) in texts {
            if k == key {
                out.push(text.clone());
                continue 'keys;
            }
        }
        return Err(String::from(key));
    }
    Ok(out)
}

/// A `data-columns` value: three whole numbers below 100 (name, Moves,
/// Remarks columns).
pub fn parse_columns(text: &str) -> Option<(usize, usize, usize)> {
    // One loop over the bytes, not words and their digits: the generic
    // drop-in's code.
    let mut cols = [0usize; 3];
    let mut count = 0;
    // Digits in the word being read.
    let mut digits = 0;
    for b in text.bytes() {
        if b.is_ascii_whitespace() {
            digits = 0;
            continue;
        }
        // Not a digit, or a third: not a number below 100.
        if !b.is_ascii_digit() || digits == 2 {
            return None;
        }
        if digits == 0 {
            count += 1;
        }
        digits += 1;
        // A fourth word: not three numbers.
        let col = cols.get_mut(count - 1)?;
        *col = *col * 10 + usize::from(b - b'0');
    }
    let [name, moves, remarks] = cols;
    (count == 3).then_some((name, moves, remarks))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demos_refuse_what_is_no_cell_or_image() {
        for bad in [
            "", " ", "16,0", "1", "1,2=", "1,2=a b", "1,2=a/b", "-1,2", "1,2=<x>", "a,b",
        ] {
            assert!(parse_demo(bad).is_err(), "{bad:?}");
        }
        let ok = parse_demo(" 1,3  2,2=BlackPawn\n2,3 4,4=yellow ").unwrap();
        assert_eq!(ok.len(), 4);
        assert_eq!(ok[1].1, "BlackPawn");
        assert_eq!(ok[3], (Square::new(4, 4).unwrap(), "yellow"));
    }

    #[test]
    fn columns_are_three_small_numbers() {
        assert_eq!(parse_columns("0 3 4"), Some((0, 3, 4)));
        assert_eq!(parse_columns("\t10  2\n99"), Some((10, 2, 99)));
        for bad in [
            "",
            "1 2 3 4",
            "a 2 3",
            "100 1 2",
            "1,2,3",
            "1 2 3\u{a0}",
            "1 2 3x",
        ] {
            assert_eq!(parse_columns(bad), None, "{bad:?}");
        }
    }
}
