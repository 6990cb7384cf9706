//! The JavaScript API of the ES-module package (`pkg/`, feature `pkg`):
//! `diagram(betza, options)`. `www/pkg.js` hands the arguments over as
//! the JSON text `[betza, options]` and reads the answer as JSON text (or
//! an error's message) from the import `api.answer`.

use std::collections::BTreeMap;
use std::format;
use std::string::{String, ToString};
use std::vec::Vec;

use serde::{Deserialize, Serialize};

use crate::web::dom;
use crate::{betza, Colour, Diagram, Square, SquareSet};

#[link(wasm_import_module = "api")]
extern "C" {
    /// Hands JavaScript the answer of `diagram`: UTF-8 text of `len` bytes.
    fn answer(text: *const u8, len: usize);
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

/// The diagram of a piece given in Betza notation: JavaScript hands over
/// `[betza, options]` as JSON text, `args_len` bytes long, with `options`
/// like `{ board: "10x10", at: "e5", colour: "black", occupied: ["e7"] }`
/// or null.
///
/// Answers `{ move: [...], capture: [...], marks: { e6: "slide", ... } }`
/// (squares sorted by file then rank) and returns 1, or answers a message
/// naming what is wrong (a bad Betza string, board or square) and returns 0.
#[no_mangle]
pub extern "C" fn diagram(args_len: u32) -> u32 {
    let (text, ok) = match dom::argument(args_len)
        .ok_or_else(|| String::from("bad arguments: not text"))
        .and_then(|args| compute(&args))
    {
        Ok(json) => (json, 1),
        Err(msg) => (msg, 0),
    };
    // SAFETY: JavaScript reads the text during the call only.
    unsafe { answer(text.as_ptr(), text.len()) };
    ok
}

fn compute(args: &str) -> Result<String, String> {
    let (betza, opts): (String, Option<Options>) =
        serde_json::from_str(args).map_err(|e| format!("bad arguments: {e}"))?;
    let opts = opts.unwrap_or_default();
    let betza = betza.as_str();
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
    serde_json::to_string(&out).map_err(|e| format!("{e}"))
}
