//! The piece lab's sentence (`lab.html`, through `pkg/`): what a screen
//! reader says of the diagram the lab draws, in the words of the rules
//! pages' boards ([`Scene::sentence`]).
//!
//! The lab places other pieces on its board to show blocking and screens,
//! so its diagram is drawn among all of them (a rules page's board draws a
//! piece among the others only when it needs a screen:
//! [`Scene::of_piece`]).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::board::scene::{Content, Page, Scene};
use crate::engine::betza;
use crate::engine::diagram::Diagram;
use crate::engine::geometry::{Colour, Square, SquareSet};

/// The sentence of the piece `betza`, named `name`, of `colour` (`"white"`
/// or `"black"`) on square `at` of a `board` (`"FILESxRANKS"`) whose
/// squares `occupied` hold other pieces. The error says what is wrong,
/// as `diagram()`'s do.
pub fn describe(
    name: &str,
    betza: &str,
    board: &str,
    at: &str,
    colour: &str,
    occupied: &[String],
) -> Result<String, String> {
    let piece = betza::parse(betza).map_err(|e| format!("bad Betza string '{betza}': {e}"))?;
    let (files, ranks) = SquareSet::parse_size(board)
        .ok_or_else(|| format!("bad board '{board}': expected FILESxRANKS, each from 1 to 16"))?;
    let squares =
        SquareSet::rectangle(files, ranks).ok_or_else(|| format!("bad board '{board}'"))?;
    let square = |text: &str| {
        Square::parse(text)
            .filter(|&s| squares.contains(s))
            .ok_or_else(|| format!("square '{text}' is not on a {files}x{ranks} board"))
    };
    let at = square(at)?;
    let colour = match colour {
        "white" => Colour::White,
        "black" => Colour::Black,
        other => return Err(format!("bad colour '{other}': expected white or black")),
    };
    let mut others = SquareSet::EMPTY;
    for s in occupied {
        others.insert(square(s)?);
    }
    others.remove(at);
    let diagram = Diagram::compute(&piece, at, colour, &squares, &others);
    let page = Page {
        board: squares,
        occupied: others,
        ..Page::default()
    };
    let scene = Scene {
        name,
        notes: Vec::new(),
        cells: diagram
            .marks()
            .map(|(sq, m)| (sq, Content::Mark(m)))
            .collect(),
        diagram: Some(diagram),
        never_moves: piece.moves().is_empty(),
    };
    Ok(scene.sentence(&page))
}

#[cfg(target_arch = "wasm32")]
mod export {
    use alloc::string::String;
    use alloc::vec::Vec;
    use wasm_bindgen::prelude::*;

    /// The sentence a screen reader says of a piece's diagram, as on the
    /// rules pages' boards: `name`, then the squares it reaches by kind,
    /// e.g. `"N. Leaps to c3, c5, d2, d6, f2, f6, g3, g5."`. The piece is
    /// `betza`, of `colour` (`"white"` or `"black"`) on square `at` of a
    /// `board` (`"FILESxRANKS"`), drawn among pieces on the squares
    /// `occupied`. Throws an `Error` naming what is wrong, as `diagram()`.
    #[wasm_bindgen]
    pub fn sentence(
        name: &str,
        betza: &str,
        board: &str,
        at: &str,
        colour: &str,
        occupied: Vec<String>,
    ) -> Result<String, JsError> {
        super::describe(name, betza, board, at, colour, &occupied).map_err(|e| JsError::new(&e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn strings(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_knight_on_an_empty_board() {
        assert_eq!(
            describe("N", "N", "8x8", "d4", "white", &[]).unwrap(),
            "N. Leaps to b3, b5, c2, c6, e2, e6, f3, f5."
        );
    }

    #[test]
    fn other_pieces_block_and_are_captured() {
        // A Rook on a1 of a 5x5 board, pieces on a3 and c1: it stops there.
        assert_eq!(
            describe("R", "R", "5x5", "a1", "white", &strings(&["a3", "c1"])).unwrap(),
            "R. Slides or steps to a2, b1. Captures only on a3, c1."
        );
        // Its own square among them changes nothing.
        assert_eq!(
            describe("R", "R", "5x5", "a1", "white", &strings(&["a1"])).unwrap(),
            describe("R", "R", "5x5", "a1", "white", &[]).unwrap()
        );
    }

    #[test]
    fn the_side_turns_a_pawn_around() {
        assert_eq!(
            describe("P", "mfW", "8x8", "e4", "black", &[]).unwrap(),
            "P. Moves without capturing to e3."
        );
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let e = describe("x", "fXW", "8x8", "d4", "white", &[]).unwrap_err();
        assert!(e.contains("at character 2"), "{e}");
        let e = describe("x", "N", "17x8", "d4", "white", &[]).unwrap_err();
        assert!(e.contains("17x8"), "{e}");
        let e = describe("x", "N", "5x5", "h8", "white", &[]).unwrap_err();
        assert!(e.contains("h8"), "{e}");
        let e = describe("x", "N", "8x8", "d4", "white", &strings(&["z9"])).unwrap_err();
        assert!(e.contains("z9"), "{e}");
        let e = describe("x", "N", "8x8", "d4", "red", &[]).unwrap_err();
        assert!(e.contains("red"), "{e}");
    }
}
