//! `glance`: move diagrams from Betza notation on the command line, and a
//! checker for the rules pages.
//!
//! ```text
//! glance diagram BETZA [--board FILESxRANKS] [--at SQUARE] [--black] [--json] [--letter C]
//! glance lint [--json] PAGE.html...
//! ```
//!
//! The command line is read by clap. A bad Betza string, board, square or
//! letter for `diagram` is checked here, after clap, so that it exits with
//! status 2 and one line saying what is wrong (`glance: bad board '0x9':
//! ...`); clap's own usage errors exit with status 2 too.
//!
//! The command is native only (its crates, clap and scraper, are native
//! dependencies): built for wasm32, as `cargo clippy --target
//! wasm32-unknown-unknown` does, it is an empty `main`.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod cli {
    use std::path::PathBuf;
    use std::process::ExitCode;

    use clap::{Args, Parser, Subcommand};
    use glance::lint::{self, Severity};
    use glance::{betza, text, Colour, Diagram, Square, SquareSet};

    #[derive(Parser)]
    #[command(
        name = "glance",
        version,
        about = "Move diagrams of chess-variant pieces from Betza notation, and a checker for XBoard's rules pages",
        subcommand_required = true,
        arg_required_else_help = true
    )]
    struct Cli {
        #[command(subcommand)]
        command: Command,
    }

    #[derive(Subcommand)]
    enum Command {
        /// Print where a piece moves, as text or JSON
        Diagram(DiagramArgs),
        /// Check rules pages: click codes, piece tables, images
        #[command(after_help = lint::KINDS_HELP)]
        Lint(LintArgs),
    }

    #[derive(Args)]
    struct DiagramArgs {
        /// The piece's moves in Betza notation (XBoard's dialect), e.g. FAmsW
        betza: String,
        /// The board, FILESxRANKS, each from 1 to 16
        #[arg(long, value_name = "FILESxRANKS")]
        board: Option<String>,
        /// The piece's square (default: the centre of the board)
        #[arg(long, value_name = "SQUARE")]
        at: Option<String>,
        /// A Black piece (forward is down)
        #[arg(long, overrides_with = "white")]
        black: bool,
        /// A White piece (the default)
        #[arg(long, overrides_with = "black")]
        white: bool,
        /// Print {"move": [...], "capture": [...], "marks": {...}}
        #[arg(long)]
        json: bool,
        /// The letter that stands for the piece in the text diagram
        #[arg(long, value_name = "C")]
        letter: Option<String>,
        /// Squares holding other pieces (all enemies), comma-separated:
        /// e7,e8. A hopper's captures need them
        #[arg(long, value_name = "SQUARES", value_delimiter = ',')]
        occupied: Vec<String>,
    }

    #[derive(Args)]
    struct LintArgs {
        /// The pages to check
        #[arg(value_name = "PAGE.html", required = true)]
        pages: Vec<PathBuf>,
        /// Print the findings as a JSON array
        #[arg(long)]
        json: bool,
    }

    /// A diagram request with its values checked.
    struct Request {
        betza: String,
        files: u8,
        ranks: u8,
        at: Option<Square>,
        colour: Colour,
        json: bool,
        letter: Option<char>,
        occupied: SquareSet,
    }

    fn parse_board(text: &str) -> Result<(u8, u8), String> {
        SquareSet::parse_size(text).ok_or_else(|| {
            format!("bad board '{text}': expected FILESxRANKS, each from 1 to 16 (e.g. 10x8)")
        })
    }

    fn check(args: DiagramArgs) -> Result<Request, String> {
        let (files, ranks) = match &args.board {
            Some(b) => parse_board(b)?,
            None => (8, 8),
        };
        let at = match &args.at {
            Some(v) => Some(
                Square::parse(v).ok_or_else(|| format!("bad square '{v}': expected a1 to p16"))?,
            ),
            None => None,
        };
        let letter = match &args.letter {
            Some(v) => {
                let mut chars = v.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => Some(c),
                    _ => return Err(format!("bad letter '{v}': expected one character")),
                }
            }
            None => None,
        };
        let mut occupied = SquareSet::EMPTY;
        for v in &args.occupied {
            let sq = Square::parse(v.trim())
                .ok_or_else(|| format!("bad occupied square '{v}': expected a1 to p16"))?;
            occupied.insert(sq);
        }
        Ok(Request {
            occupied,
            betza: args.betza,
            files,
            ranks,
            at,
            colour: if args.black {
                Colour::Black
            } else {
                Colour::White
            },
            json: args.json,
            letter,
        })
    }

    fn json_list(squares: impl Iterator<Item = Square>) -> String {
        let items: Vec<String> = squares.map(|s| format!("\"{s}\"")).collect();
        format!("[{}]", items.join(", "))
    }

    fn diagram(args: DiagramArgs) -> Result<String, String> {
        let req = check(args)?;
        let piece = betza::parse(&req.betza)
            .map_err(|e| format!("bad Betza string '{}': {e}", req.betza))?;
        let board =
            SquareSet::rectangle(req.files, req.ranks).ok_or("board must be 1x1 to 16x16")?;
        let at = req
            .at
            .unwrap_or_else(|| Square::centre(req.files, req.ranks));
        if !board.contains(at) {
            return Err(format!(
                "square {at} is not on a {}x{} board",
                req.files, req.ranks
            ));
        }
        let mut occupied = req.occupied;
        occupied.remove(at);
        let d = Diagram::compute(&piece, at, req.colour, &board, &occupied);
        if req.json {
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
        let letter = req
            .letter
            .or_else(|| req.betza.chars().find(char::is_ascii_uppercase))
            .unwrap_or('@');
        Ok(text::render(&d, &board, letter))
    }

    /// Status 1 if a page has an error, 2 if a page could not be read (the
    /// others are still checked), 0 otherwise.
    fn lint(args: LintArgs) -> ExitCode {
        let mut findings = Vec::new();
        let mut unreadable = false;
        for page in &args.pages {
            match lint::lint_file(page) {
                Ok(found) => findings.extend(found),
                Err(e) => {
                    eprintln!("glance: cannot read {}: {e}", page.display());
                    unreadable = true;
                }
            }
        }
        if args.json {
            print!("{}", lint::to_json(&findings));
        } else {
            for f in &findings {
                println!("{f}");
            }
        }
        let errors = findings
            .iter()
            .filter(|f| f.severity() == Severity::Error)
            .count();
        if !args.json && !findings.is_empty() {
            let warnings = findings.len() - errors;
            eprintln!(
                "glance: {errors} error(s), {warnings} warning(s) in {} page(s)",
                args.pages.len()
            );
        }
        if unreadable {
            ExitCode::from(2)
        } else if errors > 0 {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }

    pub fn main() -> ExitCode {
        match Cli::parse().command {
            Command::Diagram(args) => match diagram(args) {
                Ok(out) => {
                    print!("{out}");
                    ExitCode::SUCCESS
                }
                Err(msg) => {
                    eprintln!("glance: {msg}");
                    ExitCode::from(2)
                }
            },
            Command::Lint(args) => lint(args),
        }
    }
}
