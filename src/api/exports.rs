//! The JavaScript API of the ES-module package (`pkg/`, feature `pkg`):
//! `diagram(betza, options)`, `parse(betza)`, `infer(input)` and
//! `dialect(betza)`, whose arguments and answers cross as plain JavaScript
//! objects through serde-wasm-bindgen.

use std::collections::BTreeMap;
use std::format;
use std::string::{String, ToString};
use std::vec::Vec;

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use crate::engine::infer::{self, Target};
use crate::engine::{betza, dialect};
use crate::{Colour, Diagram, Mark, Square, SquareSet};

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

/** The answer of `parse()`. */
export type ParseResult =
  | { ok: true }
  | {
      ok: false;
      /** What is wrong, e.g. "unknown atom 'X' at character 2". */
      error: string;
      /** Where: the index (from 0) of the character in the string, as
       * JavaScript counts them; the message says it from 1. */
      position: number;
    };

/** A diagram to infer a piece from (`infer()`). */
export interface InferInput {
  /** "FILESxRANKS", each 1 to 16; default "8x8". */
  board?: string;
  /** The piece's square, e.g. "h8". */
  at: string;
  /** Default "white". */
  colour?: "white" | "black";
  /** Squares holding other pieces (enemies, unless listed in `friends`). */
  occupied?: string[];
  /** Squares holding pieces of the piece's own side: they block and
   * screen, but are never taken. */
  friends?: string[];
  /** Each marked square and how: a `Mark` ("slide", "leap", "move",
   * "capture", "first-leg", "block") or its legend colour ("yellow",
   * "orange", "green", "red", "cyan", "open"). */
  marks: Record<string, string>;
}

/** The answer of `infer()`. */
export interface Inference {
  /** The shortest Betza string drawing exactly the marks, or null. */
  betza: string | null;
  /** Other strings of the same length that draw them too. */
  alternatives: string[];
  /** Marked squares no Betza string can mark as asked (when betza is
   * null; empty if every square can be marked but not all together). */
  unreachable: string[];
  /** False if the search stopped early (odd paintings): betza may then
   * not be the shortest, or null though some string exists. */
  complete: boolean;
}

/** A group of a Betza string that another program reads differently. */
export interface DialectNote {
  /** Which: "XBoard", "Interactive Diagram", "Fairy-Stockfish". */
  programs: string[];
  /** What the pages and the others read, in a few words. */
  message: string;
  /** A spelling all of them read as the pages do. */
  alike: string;
  /** The group as written, e.g. "bK". */
  group: string;
  /** Where the group starts (index from 0). */
  at: number;
  /** "pao" | "directions" | "order" | "atom-letter". */
  kind: string;
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
    /// The answer of `parse()`.
    #[wasm_bindgen(typescript_type = "ParseResult")]
    pub type JsParseResult;
    /// The argument of `infer()`.
    #[wasm_bindgen(typescript_type = "InferInput")]
    pub type JsInferInput;
    /// The answer of `infer()`.
    #[wasm_bindgen(typescript_type = "Inference")]
    pub type JsInference;
    /// The answer of `dialect()`.
    #[wasm_bindgen(typescript_type = "DialectNote[]")]
    pub type JsDialectNotes;
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

/// The board (`"FILESxRANKS"`, default 8x8), the piece's square (default
/// a central one) on it, and its colour (default White), as the options
/// of `diagram()` and `infer()` give them.
fn placed(
    size: Option<&str>,
    at: Option<&str>,
    colour: Option<&str>,
) -> Result<(SquareSet, Square, Colour), String> {
    let size = size.unwrap_or("8x8");
    let (files, ranks) = SquareSet::parse_size(size)
        .ok_or_else(|| format!("bad board '{size}': expected FILESxRANKS, each from 1 to 16"))?;
    let board = SquareSet::rectangle(files, ranks).ok_or_else(|| format!("bad board '{size}'"))?;
    let at = match at {
        Some(s) => square(s)?,
        None => Square::centre(files, ranks),
    };
    if !board.contains(at) {
        return Err(format!("square {at} is not on a {files}x{ranks} board"));
    }
    let colour = match colour {
        None | Some("white") => Colour::White,
        Some("black") => Colour::Black,
        Some(other) => return Err(format!("bad colour '{other}': expected white or black")),
    };
    Ok((board, at, colour))
}

/// Squares by their names.
fn squares(names: &[String]) -> Result<SquareSet, String> {
    let mut set = SquareSet::EMPTY;
    for s in names {
        set.insert(square(s)?);
    }
    Ok(set)
}

fn compute(betza: &str, opts: Options) -> Result<Output, String> {
    let piece = betza::parse(betza).map_err(|e| format!("bad Betza string '{betza}': {e}"))?;
    let (board, at, colour) = placed(
        opts.board.as_deref(),
        opts.at.as_deref(),
        opts.colour.as_deref(),
    )?;
    let occupied = squares(&opts.occupied)?;
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

/// Plain objects (`marks.e6`), not `Map`s.
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    value
        .serialize(&serializer)
        .map_err(|e| JsError::new(&format!("{e}")))
}

#[derive(Serialize)]
#[serde(untagged)]
enum ParseOutput {
    Ok {
        ok: bool,
    },
    Error {
        ok: bool,
        error: String,
        position: usize,
    },
}

/// Whether a Betza string parses: `{ ok: true }`, or `{ ok: false, error,
/// position }` with the index (from 0, in UTF-16 units as JavaScript
/// counts) of the character where it goes wrong. Never throws.
#[wasm_bindgen]
pub fn parse(betza: &str) -> Result<JsParseResult, JsError> {
    let out = match betza::parse(betza) {
        Ok(_) => ParseOutput::Ok { ok: true },
        Err(e) => {
            let upto = betza.get(..e.pos).unwrap_or(betza);
            ParseOutput::Error {
                ok: false,
                error: e.to_string(),
                position: upto.encode_utf16().count(),
            }
        }
    };
    to_js(&out).map(JsCast::unchecked_into)
}

#[derive(Deserialize)]
struct InferOptions {
    board: Option<String>,
    at: String,
    colour: Option<String>,
    #[serde(default)]
    occupied: Vec<String>,
    #[serde(default)]
    friends: Vec<String>,
    marks: BTreeMap<String, String>,
}

#[derive(Serialize)]
struct InferOutput {
    betza: Option<String>,
    alternatives: Vec<String>,
    unreachable: Vec<String>,
    complete: bool,
}

/// The shortest Betza string that draws exactly the given marks (see
/// `glance infer`): `{ betza, alternatives, unreachable }`. Throws an
/// `Error` for a bad board, square, colour or mark name.
#[wasm_bindgen]
pub fn infer(input: JsInferInput) -> Result<JsInference, JsError> {
    let opts: InferOptions = serde_wasm_bindgen::from_value(input.into())
        .map_err(|e| JsError::new(&format!("bad input: {e}")))?;
    let out = run_infer(opts).map_err(|msg| JsError::new(&msg))?;
    to_js(&out).map(JsCast::unchecked_into)
}

fn run_infer(opts: InferOptions) -> Result<InferOutput, String> {
    let (board, at, colour) = placed(
        opts.board.as_deref(),
        Some(opts.at.as_str()),
        opts.colour.as_deref(),
    )?;
    let mut occupied = squares(&opts.occupied)?;
    let mut friends = SquareSet::EMPTY;
    for s in &opts.friends {
        let sq = square(s)?;
        friends.insert(sq);
        occupied.insert(sq);
    }
    occupied.remove(at);
    friends.remove(at);
    let mut target = Target::new(board, at, colour, occupied);
    target.friends = friends;
    for (sq, name) in &opts.marks {
        let mark = Mark::parse(name).ok_or_else(|| {
            format!("bad mark '{name}' on {sq}: expected slide, leap, move, capture, first-leg, block or a legend colour")
        })?;
        target.set(square(sq)?, Some(mark));
    }
    let found = infer::infer(&target);
    Ok(InferOutput {
        betza: found.betza,
        alternatives: found.alternatives,
        unreachable: found.unreachable.iter().map(|s| s.to_string()).collect(),
        complete: found.complete,
    })
}

#[derive(Serialize)]
struct NoteOutput {
    programs: Vec<&'static str>,
    message: String,
    alike: String,
    group: String,
    at: usize,
    kind: &'static str,
}

/// The groups of a Betza string that XBoard's move generator, the
/// Interactive Diagram or Fairy-Stockfish read differently from the pages,
/// each with a spelling all read alike (an empty array if none, or if the
/// string does not parse).
#[wasm_bindgen]
pub fn dialect(betza: &str) -> Result<JsDialectNotes, JsError> {
    let notes: Vec<NoteOutput> = dialect::readings(betza)
        .into_iter()
        .map(|n| NoteOutput {
            at: betza.get(..n.at).map_or(n.at, |s| s.encode_utf16().count()),
            kind: match n.kind {
                dialect::Kind::Pao => "pao",
                dialect::Kind::Directions => "directions",
                dialect::Kind::Order => "order",
                dialect::Kind::AtomLetter => "atom-letter",
            },
            programs: n.programs,
            message: n.message,
            alike: n.alike,
            group: n.group,
        })
        .collect();
    to_js(&notes).map(JsCast::unchecked_into)
}
