//! The JavaScript API of the ES-module package (`pkg/`, feature `pkg`):
//! `diagram(betza, options)`.

use std::collections::BTreeMap;
use std::format;
use std::string::{String, ToString};
use std::vec::Vec;

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use crate::{betza, Colour, Diagram, Square, SquareSet};

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

fn error(msg: String) -> JsValue {
    js_sys_error(&msg)
}

fn js_sys_error(msg: &str) -> JsValue {
    JsError::new(msg).into()
}

fn square(text: &str) -> Result<Square, JsValue> {
    Square::parse(text).ok_or_else(|| error(format!("bad square '{text}': expected a1 to p16")))
}

/// The diagram of a piece given in Betza notation.
///
/// `options`: `{ board: "10x10", at: "e5", colour: "black", occupied: ["e7"] }`.
/// Returns `{ move: [...], capture: [...], marks: { e6: "slide", ... } }`
/// (squares sorted by file then rank). Throws an `Error` whose message
/// names what is wrong (a bad Betza string, board or square).
#[wasm_bindgen]
pub fn diagram(betza: &str, options: JsValue) -> Result<JsValue, JsValue> {
    let opts: Options = if options.is_undefined() || options.is_null() {
        Options::default()
    } else {
        serde_wasm_bindgen::from_value(options).map_err(|e| error(format!("bad options: {e}")))?
    };
    let piece =
        betza::parse(betza).map_err(|e| error(format!("bad Betza string '{betza}': {e}")))?;
    let size = opts.board.as_deref().unwrap_or("8x8");
    let (files, ranks) = SquareSet::parse_size(size).ok_or_else(|| {
        error(format!(
            "bad board '{size}': expected FILESxRANKS, each from 1 to 16"
        ))
    })?;
    let board =
        SquareSet::rectangle(files, ranks).ok_or_else(|| error(format!("bad board '{size}'")))?;
    let at = match opts.at.as_deref() {
        Some(s) => square(s)?,
        None => Square::centre(files, ranks),
    };
    if !board.contains(at) {
        return Err(error(format!(
            "square {at} is not on a {files}x{ranks} board"
        )));
    }
    let colour = match opts.colour.as_deref() {
        None | Some("white") => Colour::White,
        Some("black") => Colour::Black,
        Some(other) => {
            return Err(error(format!(
                "bad colour '{other}': expected white or black"
            )))
        }
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
    // `marks` as a plain object ({ e6: "slide" }), as documented, not a Map.
    let plain = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
    out.serialize(&plain).map_err(|e| error(format!("{e}")))
}
