//! `glance`: move diagrams from Betza notation on the command line, and a
//! checker for the rules pages.
//!
//! ```text
//! glance diagram BETZA [--board FILESxRANKS] [--at SQUARE] [--black] [--json] [--letter C]
//!                     [--occupied SQUARES] [--friends SQUARES]
//! glance infer [--board FILESxRANKS] [--at SQUARE] [--black] [--occupied SQUARES] < DIAGRAM.json
//! glance lint [--json] PAGE.html|VARIANTS.ini...
//! glance migrate PAGE.html... (--out-dir DIR | --in-place) [--script-src URL] [--relocate PREFIX]
//!                [--labels URL]
//! glance page VARIANTS.ini (--variant NAME... | --all) --out-dir DIR [--name X=NAME]... [--script-src URL] [--force]
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
    use std::io::Read;

    use glance::engine::infer::{self, Target};
    use glance::engine::{betza, text};
    use glance::tools::lint::{self, Severity};
    use glance::tools::migrate::{self, Action};
    use glance::{Colour, Diagram, Mark, Square, SquareSet};

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
        /// Print the shortest Betza string that draws a diagram read on
        /// standard input
        #[command(after_help = INFER_HELP)]
        Infer(InferArgs),
        /// Rewrite legacy rules pages (down_click handlers) as zero-code
        /// pages that load glance.js, editing only what must change
        Migrate(MigrateArgs),
        /// Write zero-code rules pages (DIR/NAME.html) from the sections
        /// of a Fairy-Stockfish variants.ini
        #[command(after_help = PAGE_HELP)]
        Page(PageArgs),
        /// Print what each page's setup picture shows: its file, board
        /// size, FEN and pieces (for scripts/make-assets.py)
        Setup(SetupArgs),
    }

    const PAGE_HELP: &str = "A custom piece is named by a comment in its section, `# glance: name customPiece1 = Dragon Horse` (the slot or the letter), or by --name d=Dragon Horse (for every section, winning over the comment); otherwise it is `Piece D`. A section that cannot be written is one line `FILE:LINE: what is wrong` and exit status 2; the others are still written. A file that glance page did not write is not overwritten without --force.";

    #[derive(Args)]
    struct PageArgs {
        /// The definition file; without it, the variants built into
        /// Fairy-Stockfish (those this reader models)
        #[arg(value_name = "VARIANTS.ini")]
        ini: Option<PathBuf>,
        /// The sections to write (one page each)
        #[arg(long = "variant", value_name = "NAME", required_unless_present_any = ["all", "builtins"])]
        variants: Vec<String>,
        /// Write every section, and DIR/index.html, the catalogue of them
        #[arg(long, conflicts_with = "variants")]
        all: bool,
        /// Write every built-in variant (no file), and DIR/index.html
        #[arg(long, conflicts_with_all = ["variants", "ini"])]
        builtins: bool,
        /// The folder to write NAME.html into
        #[arg(long, value_name = "DIR")]
        out_dir: PathBuf,
        /// Name a piece by its letter or slot: X=NAME (repeatable)
        #[arg(long = "name", value_name = "X=NAME")]
        names: Vec<String>,
        /// The src of the script
        #[arg(long, value_name = "URL", default_value = "glance.js")]
        script_src: String,
        /// Overwrite files glance page did not write
        #[arg(long)]
        force: bool,
    }

    #[derive(Args)]
    struct SetupArgs {
        /// The rules pages
        #[arg(value_name = "PAGE.html", required = true)]
        pages: Vec<PathBuf>,
        /// The file of FENs and images where a page's text cannot give them
        /// (scripts/setups.json; named as given in messages)
        #[arg(long, value_name = "FILE")]
        setups: Option<PathBuf>,
        /// Print a JSON array, an object per page
        #[arg(long)]
        json: bool,
    }

    #[derive(Args)]
    struct MigrateArgs {
        /// The legacy pages
        #[arg(value_name = "PAGE.html", required = true)]
        pages: Vec<PathBuf>,
        /// The folder to write the pages into (not the pages' own)
        #[arg(
            long,
            value_name = "DIR",
            required_unless_present = "in_place",
            conflicts_with = "in_place"
        )]
        out_dir: Option<PathBuf>,
        /// Overwrite each page with its migrated version
        #[arg(long)]
        in_place: bool,
        /// The src of the new script
        #[arg(long, value_name = "URL", default_value = "glance.js")]
        script_src: String,
        /// Prefix every relative src and href with PREFIX (for a copy that
        /// lives in another folder, e.g. ../)
        #[arg(long, value_name = "PREFIX")]
        relocate: Option<String>,
        /// Link the JavaScript Web Labels page at URL (rel="jslicense",
        /// before the script; make dist writes dist/javascript.html)
        #[arg(long, value_name = "URL")]
        labels: Option<String>,
        /// Also list the clicks carried over unchanged
        #[arg(long)]
        verbose: bool,
    }

    const INFER_HELP: &str = "Standard input holds what `glance diagram --json` prints (which \
names its board, square, side and pieces) or an object {\"board\": \"15x15\", \"at\": \"h8\", \
\"marks\": {\"h9\": \"yellow\", ...}} with optional \"colour\", \"occupied\" and \"friends\"; \
the options give what it leaves out, with diagram's defaults. Marks are slide, leap, move, capture, first-leg, block or the \
legend's colours yellow, orange, green, red, cyan, open.\n\n\
The string is printed alone on standard output; other strings of the same length follow on \
standard error (on standard output with --alternatives). Exit status 1 names the painted \
squares no Betza string reaches; 2 is bad input.";

    #[derive(Args)]
    struct InferArgs {
        /// The board, FILESxRANKS, each from 1 to 16 (default 8x8)
        #[arg(long, value_name = "FILESxRANKS")]
        board: Option<String>,
        /// The piece's square (default: the centre of the board)
        #[arg(long, value_name = "SQUARE")]
        at: Option<String>,
        /// A Black piece (forward is down)
        #[arg(long)]
        black: bool,
        /// Squares holding other pieces (all enemies), comma-separated
        #[arg(long, value_name = "SQUARES", value_delimiter = ',')]
        occupied: Vec<String>,
        /// Print the alternatives on standard output too, one a line
        #[arg(long)]
        alternatives: bool,
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
        /// Squares holding pieces of the piece's own side, comma-separated:
        /// they block and screen, but are never captured
        #[arg(long, value_name = "SQUARES", value_delimiter = ',')]
        friends: Vec<String>,
        /// Initial moves (i) only from these ranks, counted from the
        /// piece's own side: 2, or "2 3" (as a page's data-start). Without
        /// it they are drawn from any square
        #[arg(long, value_name = "RANKS")]
        start: Option<String>,
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
        friends: SquareSet,
        start: Option<String>,
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
        let mut friends = SquareSet::EMPTY;
        for v in &args.friends {
            let sq = Square::parse(v.trim())
                .ok_or_else(|| format!("bad friend square '{v}': expected a1 to p16"))?;
            friends.insert(sq);
            occupied.insert(sq);
        }
        Ok(Request {
            occupied,
            friends,
            start: args.start,
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
        let piece = match &req.start {
            Some(text) => {
                let starts = glance::page::declared::parse_start(text).ok_or_else(|| {
                    format!("bad start '{text}': expected ranks from 1 to 16, e.g. 2 or '2 3'")
                })?;
                if glance::page::declared::at_start(starts, at, req.colour, req.ranks) {
                    piece
                } else {
                    piece.without_initial()
                }
            }
            None => piece,
        };
        let mut occupied = req.occupied;
        occupied.remove(at);
        let d = Diagram::among(&piece, at, req.colour, &board, &occupied, &req.friends);
        if req.json {
            let marks: Vec<String> = board
                .iter_by_file()
                .filter_map(|s| Some(format!("\"{s}\": \"{}\"", d.mark(s)?.name())))
                .collect();
            // Where it was drawn, too, so that `glance infer` needs no
            // options to read it back.
            let friends = req.friends;
            return Ok(format!(
                "{{\"move\": {}, \"capture\": {}, \"marks\": {{{}}}, \"board\": \"{}x{}\", \
                 \"at\": \"{at}\", \"colour\": \"{}\", \"occupied\": {}, \"friends\": {}}}\n",
                json_list(board.iter_by_file().filter(|&s| d.can_move_to(s))),
                json_list(board.iter_by_file().filter(|&s| d.can_capture_on(s))),
                marks.join(", "),
                req.files,
                req.ranks,
                req.colour.name(),
                json_list(
                    board
                        .iter_by_file()
                        .filter(|&s| occupied.contains(s) && !friends.contains(s))
                ),
                json_list(board.iter_by_file().filter(|&s| friends.contains(s))),
            ));
        }
        let letter = req
            .letter
            .or_else(|| req.betza.chars().find(char::is_ascii_uppercase))
            .unwrap_or('@');
        Ok(text::render(&d, &board, letter))
    }

    /// A Fairy-Stockfish definition file: prints what Fairy-Stockfish
    /// reads otherwise than it seems to say, and each section the reader
    /// refuses, `FILE:LINE: ...`; the count of refusals, `None` if the
    /// file cannot be read.
    fn lint_ini(path: &std::path::Path) -> Option<usize> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|e| eprintln!("glance: cannot read {file}: {e}"))
            .ok()?;
        let warnings = glance::variant::lint(&text, &file).unwrap_or_default();
        print!("{}", glance::variant::quirks::report(&warnings));
        let (read, refused): (Vec<_>, Vec<_>) = glance::variant::read_each(&text, &file)
            .into_iter()
            .partition(Result::is_ok);
        let refused: Vec<_> = refused.into_iter().filter_map(Result::err).collect();
        // A custom piece with no name: its page would call it "Piece X".
        let names = glance::tools::variant_page::Names::from_comments(&text);
        for v in read.iter().flatten() {
            for p in glance::tools::variant_page::unnamed(v, &names) {
                println!(
                    "{file}:{}: warning: [{}] {} ({}) has no name: its page calls it \"Piece {}\"; \
                     name it with a comment \"# glance: name {} = NAME\"",
                    p.line,
                    v.name,
                    p.name,
                    p.letter,
                    p.letter.to_ascii_uppercase(),
                    p.name
                );
            }
        }
        refused.iter().for_each(|e| println!("{e}"));
        Some(refused.len())
    }

    /// Status 1 if a page has an error (a definition file a refused
    /// section), 2 if a page could not be read (the others are still
    /// checked), 0 otherwise.
    fn lint(args: LintArgs) -> ExitCode {
        let mut findings = Vec::new();
        let mut unreadable = false;
        let mut ini_errors = 0;
        for page in &args.pages {
            if page.extension().is_some_and(|e| e == "ini") {
                match lint_ini(page) {
                    Some(n) => ini_errors += n,
                    None => unreadable = true,
                }
                continue;
            }
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
        } else if errors + ini_errors > 0 {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }

    fn bad_square(v: &str) -> String {
        format!("bad square '{v}': expected a1 to p16")
    }

    /// The target `glance infer` reads: standard input's JSON with the
    /// options filling in what it leaves out.
    fn infer_target(args: &InferArgs, input: &str) -> Result<Target, String> {
        let json: serde_json::Value =
            serde_json::from_str(input).map_err(|e| format!("bad JSON on standard input: {e}"))?;
        let obj = json
            .as_object()
            .ok_or("bad input: expected a JSON object with \"marks\"")?;
        let text = |key: &str| -> Result<Option<String>, String> {
            match obj.get(key) {
                None | Some(serde_json::Value::Null) => Ok(None),
                Some(serde_json::Value::String(s)) => Ok(Some(s.clone())),
                Some(_) => Err(format!("bad input: \"{key}\" must be a string")),
            }
        };
        let size = text("board")?.or_else(|| args.board.clone());
        let (files, ranks) = match &size {
            Some(b) => parse_board(b)?,
            None => (8, 8),
        };
        let board = SquareSet::rectangle(files, ranks).ok_or("board must be 1x1 to 16x16")?;
        let at = match text("at")?.or_else(|| args.at.clone()) {
            Some(v) => Square::parse(v.trim()).ok_or_else(|| bad_square(&v))?,
            None => Square::centre(files, ranks),
        };
        if !board.contains(at) {
            return Err(format!("square {at} is not on a {files}x{ranks} board"));
        }
        let colour = match text("colour")?.as_deref() {
            Some("white") => Colour::White,
            Some("black") => Colour::Black,
            Some(other) => return Err(format!("bad colour '{other}': expected white or black")),
            None if args.black => Colour::Black,
            None => Colour::White,
        };
        let squares = |key: &str, default: &[String]| -> Result<SquareSet, String> {
            let listed: Vec<String> = match obj.get(key) {
                None | Some(serde_json::Value::Null) => default.to_vec(),
                Some(serde_json::Value::Array(items)) => items
                    .iter()
                    .map(|v| {
                        v.as_str()
                            .map(String::from)
                            .ok_or_else(|| format!("bad input: \"{key}\" must list squares"))
                    })
                    .collect::<Result<_, _>>()?,
                Some(_) => return Err(format!("bad input: \"{key}\" must be an array")),
            };
            let mut set = SquareSet::EMPTY;
            for v in &listed {
                set.insert(Square::parse(v.trim()).ok_or_else(|| bad_square(v))?);
            }
            set.remove(at);
            Ok(set)
        };
        let friends = squares("friends", &[])?;
        let mut occupied = squares("occupied", &args.occupied)?;
        for sq in friends.iter() {
            occupied.insert(sq);
        }
        let marks = obj
            .get("marks")
            .and_then(|m| m.as_object())
            .ok_or("bad input: expected a \"marks\" object, e.g. {\"h9\": \"yellow\"}")?;
        let mut target = Target::new(board, at, colour, occupied);
        target.friends = friends;
        for (sq, v) in marks {
            let name = v.as_str().unwrap_or("");
            let mark = Mark::parse(name).ok_or_else(|| {
                format!(
                    "bad mark {v} on {sq}: expected slide, leap, move, capture, first-leg, block \
                     or yellow, orange, green, red, cyan, open"
                )
            })?;
            let square = Square::parse(sq).ok_or_else(|| bad_square(sq))?;
            if !board.contains(square) {
                return Err(format!("square {square} is not on a {files}x{ranks} board"));
            }
            target.set(square, Some(mark));
        }
        Ok(target)
    }

    fn run_infer(args: InferArgs) -> ExitCode {
        let mut input = String::new();
        if let Err(e) = std::io::stdin().read_to_string(&mut input) {
            eprintln!("glance: cannot read standard input: {e}");
            return ExitCode::from(2);
        }
        let target = match infer_target(&args, &input) {
            Ok(t) => t,
            Err(msg) => {
                eprintln!("glance: {msg}");
                return ExitCode::from(2);
            }
        };
        let found = infer::infer(&target);
        match found.betza {
            Some(s) => {
                println!("{s}");
                if args.alternatives {
                    for alt in &found.alternatives {
                        println!("{alt}");
                    }
                } else if !found.alternatives.is_empty() {
                    eprintln!("glance: as short: {}", found.alternatives.join(" "));
                }
                if !found.complete {
                    eprintln!("glance: the search stopped early: a shorter string may exist");
                }
                ExitCode::SUCCESS
            }
            None if !found.complete && found.unreachable.is_empty() => {
                eprintln!(
                    "glance: the search stopped early without finding a string (every marked square can be reached alone)"
                );
                ExitCode::from(1)
            }
            None if target.marked().next().is_none() => {
                eprintln!("glance: no square is marked");
                ExitCode::from(1)
            }
            None if found.unreachable.is_empty() => {
                eprintln!(
                    "glance: every marked square can be reached, but no Betza string marks them all as given"
                );
                ExitCode::from(1)
            }
            None => {
                let squares: Vec<String> = found
                    .unreachable
                    .iter()
                    .map(|&s| match target.mark(s) {
                        Some(m) => format!("{s} ({})", m.name()),
                        None => s.to_string(),
                    })
                    .collect();
                eprintln!(
                    "glance: no Betza string marks {}: {}",
                    if squares.len() == 1 {
                        "this square as given"
                    } else {
                        "these squares as given"
                    },
                    squares.join(", ")
                );
                ExitCode::from(1)
            }
        }
    }

    /// Exit status: 0 nothing to review, 1 some click for review (or, a
    /// bug, an error of the shared check on a migrated page), 2 a page
    /// that could not be migrated (bad input; the others still are). One
    /// line per click not carried over from its row as it was, then, per
    /// page, its review items under a heading "for review", each with
    /// what the maintainer can do.
    fn migrate(args: MigrateArgs) -> ExitCode {
        let options = migrate::Options {
            script_src: args.script_src,
            relocate: args.relocate,
            labels: args.labels,
        };
        let (mut failed, mut review) = (false, 0);
        for page in &args.pages {
            let out_dir = if args.in_place {
                None
            } else {
                args.out_dir.as_deref()
            };
            match migrate::migrate_file(page, out_dir, &options) {
                Ok((out, m)) => {
                    report_migration(page, &out, &m, args.verbose);
                    review += m.review().count() + m.errors.len();
                }
                Err(e) => {
                    eprintln!("glance: {e}");
                    failed = true;
                }
            }
        }
        if failed {
            ExitCode::from(2)
        } else if review > 0 {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }

    /// Exit status 0 when every page asked for was written, 2 when one
    /// was not (each said on one line `FILE:LINE: what is wrong`).
    fn page(args: PageArgs) -> ExitCode {
        use glance::tools::variant_page as writer;
        let (file, text) = match &args.ini {
            Some(ini) => match std::fs::read_to_string(ini) {
                Ok(t) => (ini.display().to_string(), t),
                Err(e) => {
                    eprintln!("glance: {}: {e}", ini.display());
                    return ExitCode::from(2);
                }
            },
            None => (
                "Fairy-Stockfish's built-in variants".to_string(),
                glance::variant::builtin::TEXT.to_string(),
            ),
        };
        let mut names = writer::Names::from_comments(&text);
        for n in &args.names {
            match n.split_once('=') {
                Some((k, v)) if !k.trim().is_empty() && !v.trim().is_empty() => {
                    names.add(None, k.trim(), v.trim())
                }
                _ => {
                    eprintln!("glance: --name {n}: expected X=NAME (a letter or customPieceN)");
                    return ExitCode::from(2);
                }
            }
        }
        let options = writer::Options {
            script_src: args.script_src.clone(),
            source: args.ini.as_ref().map_or(file.clone(), |ini| {
                ini.file_name()
                    .map_or(file.clone(), |f| f.to_string_lossy().into_owned())
            }),
        };
        if let Err(e) = std::fs::create_dir_all(&args.out_dir) {
            eprintln!("glance: {}: {e}", args.out_dir.display());
            return ExitCode::from(2);
        }
        let every = args.all || args.builtins;
        let mut failed = false;
        let mut written = Vec::new();
        let mut wanted: Vec<&str> = args.variants.iter().map(String::as_str).collect();
        for r in glance::variant::read_each(&text, &file) {
            let v = match r {
                Ok(v) => v,
                Err(e) => {
                    if every {
                        eprintln!("{e}");
                        failed = true;
                    }
                    continue;
                }
            };
            if !every && !wanted.contains(&v.name.as_str()) {
                continue;
            }
            wanted.retain(|w| *w != v.name);
            match write_one(&args, &file, &v, &names, &options) {
                Ok(()) => written.push(writer::Entry::of(&v, &names)),
                Err(()) => failed = true,
            }
        }
        for w in wanted {
            eprintln!("glance: {file}: no section [{w}] that can be read");
            failed = true;
        }
        if every {
            let out = args.out_dir.join("index.html");
            match std::fs::write(&out, writer::write_catalogue(&written, &options.source)) {
                Ok(()) => println!("{}", out.display()),
                Err(e) => {
                    eprintln!("glance: {}: {e}", out.display());
                    failed = true;
                }
            }
        }
        if failed {
            ExitCode::from(2)
        } else {
            ExitCode::SUCCESS
        }
    }

    /// Writes the page of one variant (each failure said on one line).
    fn write_one(
        args: &PageArgs,
        file: &str,
        v: &glance::variant::Variant,
        names: &glance::tools::variant_page::Names,
        options: &glance::tools::variant_page::Options,
    ) -> Result<(), ()> {
        use glance::tools::variant_page as writer;
        let out = args.out_dir.join(format!("{}.html", v.name));
        let html = writer::write_page(v, names, options).map_err(|e| {
            eprintln!("{file}:{}: {e}", e.line);
        })?;
        if !args.force {
            if let Ok(old) = std::fs::read_to_string(&out) {
                if !old.contains(writer::MARKER) {
                    eprintln!(
                        "glance: {}: not written by glance page; left as it is (--force overwrites it)",
                        out.display()
                    );
                    return Err(());
                }
            }
        }
        std::fs::write(&out, html).map_err(|e| {
            eprintln!("glance: {}: {e}", out.display());
        })?;
        println!("{}", out.display());
        Ok(())
    }

    /// What `glance migrate` says of one page.
    fn report_migration(
        page: &std::path::Path,
        out: &std::path::Path,
        m: &migrate::Migration,
        verbose: bool,
    ) {
        for n in &m.notes {
            if (n.action != Action::Carried && !n.is_review()) || verbose {
                println!("{}:{n}", page.display());
            }
        }
        let review: Vec<&migrate::Note> = m.review().collect();
        if !review.is_empty() {
            println!("{}: for review ({}):", page.display(), review.len());
            for n in review {
                println!("  {n}");
            }
        }
        let count = |a: Action| m.notes.iter().filter(|n| n.action == a).count();
        eprintln!(
            "glance: {} -> {}: {} live clicks: {} from rows, {} declared, {} changed, {} lost; {} for review; {} dead dropped, {} cells added, {} still",
            page.display(),
            out.display(),
            m.live(),
            count(Action::Carried),
            count(Action::Declared),
            count(Action::Changed),
            m.lost(),
            m.review().count(),
            count(Action::Dropped),
            count(Action::Added),
            count(Action::Still)
        );
        for f in &m.errors {
            println!("{}: the migrated page: {f}", out.display());
        }
    }

    pub fn main() -> ExitCode {
        match Cli::parse().command {
            Command::Infer(args) => run_infer(args),
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
            Command::Migrate(args) => migrate(args),
            Command::Page(args) => page(args),
            Command::Setup(args) => setup(args),
        }
    }

    /// Status 2 if the setups file or a page cannot be read; 1 if a
    /// page's picture cannot be drawn (its error says why); 0 otherwise.
    fn setup(args: SetupArgs) -> ExitCode {
        use glance::tools::setup_picture::{read_page, read_setups, to_json, Entry};
        let (entries, named) = match &args.setups {
            None => (Default::default(), String::from("setups.json")),
            Some(path) => {
                let read = std::fs::read_to_string(path).map_err(|e| e.to_string());
                match read.and_then(|t| read_setups(&t)) {
                    Ok(e) => (e, path.display().to_string()),
                    Err(e) => {
                        eprintln!("glance: cannot read {}: {e}", path.display());
                        return ExitCode::from(2);
                    }
                }
            }
        };
        let mut out = Vec::new();
        let (mut unreadable, mut failed) = (false, false);
        for path in &args.pages {
            let name = path.file_stem().map(|s| s.to_string_lossy().into_owned());
            let text = match std::fs::read_to_string(path) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("glance: cannot read {}: {e}", path.display());
                    unreadable = true;
                    continue;
                }
            };
            let name = name.unwrap_or_default();
            let entry = entries.get(&name).cloned().unwrap_or_else(Entry::default);
            let s = read_page(&name, &text, &entry, &named);
            if args.json {
                let mut v = to_json(&s);
                v["path"] = path.display().to_string().into();
                out.push(v);
            } else if let Some(e) = s.error.as_deref().filter(|_| s.draw) {
                eprintln!("glance: no setup picture for {name}: {e}");
            } else if s.draw {
                println!(
                    "{name}: {}x{} {} (from {})",
                    s.files,
                    s.ranks,
                    s.fen.as_deref().unwrap_or(""),
                    s.source
                );
            }
            failed |= s.draw && s.error.is_some();
        }
        if args.json {
            println!("{}", serde_json::Value::Array(out));
        }
        if unreadable {
            ExitCode::from(2)
        } else if failed {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }
}
