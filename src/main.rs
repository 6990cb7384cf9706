//! `glance`: move diagrams from Betza notation on the command line.
//!
//! ```text
//! glance diagram BETZA [--board FILESxRANKS] [--at SQUARE] [--black] [--json] [--letter C]
//! ```

use std::process::ExitCode;

use glance::{betza, text, Colour, Diagram, Square, SquareSet};

const USAGE: &str = "usage: glance diagram BETZA [--board FILESxRANKS] [--at SQUARE] [--black] [--json] [--letter C]";

struct Options {
    betza: String,
    files: u8,
    ranks: u8,
    at: Option<Square>,
    colour: Colour,
    json: bool,
    letter: Option<char>,
}

fn parse_board(text: &str) -> Result<(u8, u8), String> {
    SquareSet::parse_size(text).ok_or_else(|| {
        format!("bad board '{text}': expected FILESxRANKS, each from 1 to 16 (e.g. 10x8)")
    })
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut it = args.iter();
    match it.next().map(String::as_str) {
        Some("diagram") => {}
        Some(other) => return Err(format!("unknown command '{other}'\n{USAGE}")),
        None => return Err(USAGE.to_string()),
    }
    let mut opts = Options {
        betza: String::new(),
        files: 8,
        ranks: 8,
        at: None,
        colour: Colour::White,
        json: false,
        letter: None,
    };
    let mut betza = None;
    while let Some(arg) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match arg.as_str() {
            "--board" => (opts.files, opts.ranks) = parse_board(&value("--board")?)?,
            "--at" => {
                let v = value("--at")?;
                opts.at = Some(
                    Square::parse(&v)
                        .ok_or_else(|| format!("bad square '{v}': expected a1 to p16"))?,
                );
            }
            "--letter" => {
                let v = value("--letter")?;
                let mut chars = v.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => opts.letter = Some(c),
                    _ => return Err(format!("bad letter '{v}': expected one character")),
                }
            }
            "--black" => opts.colour = Colour::Black,
            "--white" => opts.colour = Colour::White,
            "--json" => opts.json = true,
            "-h" | "--help" => return Err(USAGE.to_string()),
            s if s.starts_with("--") => return Err(format!("unknown option '{s}'\n{USAGE}")),
            s if betza.is_none() => betza = Some(s.to_string()),
            s => return Err(format!("unexpected argument '{s}'\n{USAGE}")),
        }
    }
    opts.betza = betza.ok_or_else(|| format!("missing Betza string\n{USAGE}"))?;
    Ok(opts)
}

fn json_list(squares: impl Iterator<Item = Square>) -> String {
    let items: Vec<String> = squares.map(|s| format!("\"{s}\"")).collect();
    format!("[{}]", items.join(", "))
}

fn run(args: &[String]) -> Result<String, String> {
    let opts = parse_args(args)?;
    let piece =
        betza::parse(&opts.betza).map_err(|e| format!("bad Betza string '{}': {e}", opts.betza))?;
    let board = SquareSet::rectangle(opts.files, opts.ranks).ok_or("board must be 1x1 to 16x16")?;
    let at = opts
        .at
        .unwrap_or_else(|| Square::centre(opts.files, opts.ranks));
    if !board.contains(at) {
        return Err(format!(
            "square {at} is not on a {}x{} board",
            opts.files, opts.ranks
        ));
    }
    let d = Diagram::compute(&piece, at, opts.colour, &board, &SquareSet::EMPTY);
    if opts.json {
        let marks: Vec<String> = board
            .iter_by_file()
            .filter_map(|s| Some(format!("\"{s}\": \"{}\"", d.mark(s)?.name())))
            .collect();
        return Ok(format!(
            "{{\"move\": {}, \"capture\": {}, \"marks\": {{{}}}}}\n",
            json_list(board.iter_by_file().filter(|&s| d.can_move_to(s))),
            json_list(board.iter_by_file().filter(|&s| d.can_capture_on(s))),
            marks.join(", ")
        ));
    }
    let letter = opts
        .letter
        .or_else(|| opts.betza.chars().find(char::is_ascii_uppercase))
        .unwrap_or('@');
    Ok(text::render(&d, &board, letter))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(msg) => {
            eprintln!("glance: {msg}");
            ExitCode::from(2)
        }
    }
}
