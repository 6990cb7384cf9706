//! Text diagrams, like the ones of the Chess Variant Wiki: one character per
//! square, the piece's letter on its own square, and a legend.
//!
//! ```
//! use glance::engine::{betza, text};
//! use glance::{Colour, Diagram, Square, SquareSet};
//! let board = SquareSet::rectangle(5, 5).unwrap();
//! let knight = betza::parse("N").unwrap();
//! let c3 = Square::parse("c3").unwrap();
//! let d = Diagram::compute(&knight, c3, Colour::White, &board, &SquareSet::EMPTY);
//! let grid = text::render(&d, &board, 'N');
//! assert!(grid.starts_with(" 5  . o . o .\n 4  o . . . o\n 3  . . N . .\n"));
//! assert!(grid.contains("o  unblockable leap"));
//! ```

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::engine::diagram::{Diagram, Mark};
use crate::engine::geometry::{MAX_SIDE, Square, SquareSet};

/// Renders `diagram` on `board`: ranks from the top, files from the left,
/// `.` for an unmarked square, nothing for a square off the board, `letter`
/// on the piece's square; then one legend line per mark that appears.
pub fn render(diagram: &Diagram, board: &SquareSet, letter: char) -> String {
    let mut out = String::new();
    let (lo, hi) = board.file_span().unwrap_or((0, 0));
    let top = (0..MAX_SIDE)
        .rev()
        .find(|&r| (lo..=hi).any(|f| Square::new(f, r).is_some_and(|s| board.contains(s))))
        .unwrap_or(0);
    for rank in (0..=top).rev() {
        out.push_str(&format!("{:>2} ", rank + 1));
        for file in lo..=hi {
            out.push(' ');
            let Some(sq) = Square::new(file, rank).filter(|s| board.contains(*s)) else {
                out.push(' ');
                continue;
            };
            out.push(if sq == diagram.origin() {
                letter
            } else {
                diagram.mark(sq).map_or('.', Mark::symbol)
            });
        }
        while out.ends_with(' ') {
            out.pop();
        }
        out.push('\n');
    }
    out.push_str("   ");
    for file in lo..=hi {
        out.push(' ');
        out.push((b'a' + file) as char);
    }
    out.push('\n');
    let used: Vec<Mark> = Mark::ALL
        .into_iter()
        .filter(|m| diagram.marks().any(|(_, x)| x == *m))
        .collect();
    if !used.is_empty() {
        out.push('\n');
    }
    for m in used {
        out.push_str(&format!("{}  {} ({})\n", m.symbol(), m.meaning(), m.name()));
    }
    out
}
