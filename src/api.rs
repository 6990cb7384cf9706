//! The JavaScript API of the ES-module package (`pkg/`, feature `pkg`):
//! `diagram(betza, options)`, whose options and answer cross as plain
//! JavaScript objects through serde-wasm-bindgen.

use std::collections::BTreeMap;
use std::format;
use std::string::{String, ToString};
use std::vec::Vec;

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use crate::{betza, Colour, Diagram, Square, SquareSet};

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
/** Options of `diagram()`; each may be left out. */
export interface DiagramOptions {
  /** "FILESxRANKS", each 1 to 16; default "8x8". */
  board?: string;
  /** The piece's square, e.g. "e5"; default a central one. */
  at?: string;
  /** Default "white". */
  colour?: "white" | "black";
  /** Squares holding other pieces. */
  occupied?: string[];
}

/** How a square is marked. */
export type Mark = "slide" | "leap" | "move" | "capture" | "first-leg" | "block";

/** The answer of `diagram()`. */
export interface Diagram {
  /** Squares it can move to without capturing, by file then rank. */
  move: string[];
  /** Squares it can capture on. */
  capture: string[];
  /** Each marked square and how. */
  marks: Record<string, Mark>;
}
"#;

#[wasm_bindgen]
extern "C" {
    /// The options object of `diagram()` (typed in TypeScript above).
    #[wasm_bindgen(typescript_type = "DiagramOptions")]
    pub type JsOptions;
    /// The answer of `diagram()` (typed in TypeScript above).
    #[wasm_bindgen(typescript_type = "Diagram")]
    pub type JsDiagram;
}

/// Options of `diagram()`; every field may be left out.
#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct Options {
    /// Board size as `"FILESxRANKS"` (default `"8x8"`).
    board: Option<String>,
    /// The piece's square (default: a central one).
    at: Option<String>,
    /// `"white"` (default) or `"black"`.
    colour: Option<String>,
    /// Squares holding other pieces, e.g. `["e7", "b5"]`.
    occupied: Vec<String>,
}

#[derive(Serialize)]
struct Output {
    #[serde(rename = "move")]
    moves: Vec<String>,
    capture: Vec<String>,
    marks: BTreeMap<String, &'static str>,
}

fn square(text: &str) -> Result<Square, String> {
    Square::parse(text).ok_or_else(|| format!("bad square '{text}': expected a1 to p16"))
}

/// The diagram of a piece given in Betza notation. `options`: `{ board:
/// "10x10", at: "e5", colour: "black", occupied: ["e7"] }`, each optional,
/// or null.
///
/// Returns `{ move: [...], capture: [...], marks: { e6: "slide", ... } }`
/// (squares sorted by file then rank), or throws an `Error` naming what is
/// wrong (a bad Betza string, board, square or option).
#[wasm_bindgen]
pub fn diagram(betza: &str, options: Option<JsOptions>) -> Result<JsDiagram, JsError> {
    let opts: Options = match options {
        Some(v) => serde_wasm_bindgen::from_value(v.into())
            .map_err(|e| JsError::new(&format!("bad options: {e}")))?,
        None => Options::default(),
    };
    let out = compute(betza, opts).map_err(|msg| JsError::new(&msg))?;
    // Maps as plain objects (`marks.e6`), not `Map`s.
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    out.serialize(&serializer)
        .map(JsCast::unchecked_into)
        .map_err(|e| JsError::new(&format!("{e}")))
}

fn compute(betza: &str, opts: Options) -> Result<Output, String> {
    let piece = betza::parse(betza).map_err(|e| format!("bad Betza string '{betza}': {e}"))?;
    let size = opts.board.as_deref().unwrap_or("8x8");
    let (files, ranks) = SquareSet::parse_size(size)
        .ok_or_else(|| format!("bad board '{size}': expected FILESxRANKS, each from 1 to 16"))?;
    let board = SquareSet::rectangle(files, ranks).ok_or_else(|| format!("bad board '{size}'"))?;
    let at = match opts.at.as_deref() {
        Some(s) => square(s)?,
        None => Square::centre(files, ranks),
    };
    if !board.contains(at) {
        return Err(format!("square {at} is not on a {files}x{ranks} board"));
    }
    let colour = match opts.colour.as_deref() {
        None | Some("white") => Colour::White,
        Some("black") => Colour::Black,
        Some(other) => return Err(format!("bad colour '{other}': expected white or black")),
    };
    let mut occupied = SquareSet::EMPTY;
    for s in &opts.occupied {
        occupied.insert(square(s)?);
    }
    let d = Diagram::compute(&piece, at, colour, &board, &occupied);
    let out = Output {
        moves: board
            .iter_by_file()
            .filter(|&s| d.can_move_to(s))
            .map(|s| s.to_string())
            .collect(),
        capture: board
            .iter_by_file()
            .filter(|&s| d.can_capture_on(s))
            .map(|s| s.to_string())
            .collect(),
        marks: d.marks().map(|(s, m)| (s.to_string(), m.name())).collect(),
    };
    Ok(out)
}
