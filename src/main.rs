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
//! glance page [VARIANTS.ini] (--variant NAME... | --all | --builtins) --out-dir DIR [--name X=NAME]...
//!             [--script-src URL] [--force] [--max-sections N] [--max-bytes N] [--max-pages N]
//! glance setup PAGE.html... [--setups FILE] [--json]
//! ```
//!
//! This file is the command line only: clap's structs, and `main`, which
//! hands each subcommand's options to its `run` in the library
//! (`glance::tools`: `diagram_command`, `infer_command`, `lint`,
//! `migrate`, `variant_page`, `setup_picture`), passes it standard output
//! and standard error, and turns the status it returns into the exit code
//! (0, 1 or 2). A bad Betza string, board, square or letter for `diagram`
//! is checked there, after clap, so that it exits with status 2 and one
//! line saying what is wrong (`glance: bad board '0x9': ...`); clap's own
//! usage errors exit with status 2 too.
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
    use std::io::{Read, Write};

    use glance::tools::{
        Say, Status, diagram_command, infer_command, lint, migrate, setup_picture, variant_page,
    };

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

    const PAGE_HELP: &str = "A custom piece is named by a comment in its section, `# glance: name customPiece1 = Dragon Horse` (the slot or the letter), or by --name d=Dragon Horse (for every section, winning over the comment); otherwise it is `Piece D`. A section that cannot be written is one line `FILE:LINE: what is wrong` and exit status 2; the others are still written. A file that glance page did not write is not overwritten without --force; a symbolic link in DIR is never written through.\n\nA page's file is its section's name with every character but ASCII letters, digits, - and _ replaced by _, at most 64 characters, plus .html; index, javascript and the Windows device names (CON, PRN, AUX, NUL, COM1-9, LPT1-9), in any case, are refused, and so are two sections whose file names differ only in case. An error line quotes at most 80 characters of the file.";

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
        /// Refuse a definition file of more than N sections
        #[arg(long, value_name = "N", default_value_t = variant_page::Limits::default().max_sections)]
        max_sections: usize,
        /// Refuse a definition file of more than N bytes
        #[arg(long, value_name = "N", default_value_t = variant_page::Limits::default().max_bytes)]
        max_bytes: u64,
        /// Write at most N pages (the catalogue not counted)
        #[arg(long, value_name = "N", default_value_t = variant_page::Limits::default().max_pages)]
        max_pages: usize,
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

    /// Standard output and standard error, as the tools say to them. A
    /// failed write (a closed pipe) is not an error of the command: what
    /// it did is done, and its status says how it ended.
    struct Console;

    impl Say for Console {
        fn out(&mut self, text: &str) {
            let _ = std::io::stdout().lock().write_all(text.as_bytes());
        }
        fn err(&mut self, text: &str) {
            let _ = std::io::stderr().lock().write_all(text.as_bytes());
        }
    }

    fn exit(status: Status) -> ExitCode {
        ExitCode::from(status.code())
    }

    pub fn main() -> ExitCode {
        let say = &mut Console;
        match Cli::parse().command {
            Command::Infer(args) => {
                let mut input = String::new();
                if let Err(e) = std::io::stdin().read_to_string(&mut input) {
                    eprintln!("glance: cannot read standard input: {e}");
                    return ExitCode::from(2);
                }
                let opts = infer_command::Options {
                    board: args.board,
                    at: args.at,
                    black: args.black,
                    occupied: args.occupied,
                    alternatives: args.alternatives,
                };
                exit(infer_command::run(&opts, &input, say))
            }
            Command::Diagram(args) => {
                let opts = diagram_command::Options {
                    betza: args.betza,
                    board: args.board,
                    at: args.at,
                    black: args.black,
                    json: args.json,
                    letter: args.letter,
                    occupied: args.occupied,
                    friends: args.friends,
                    start: args.start,
                };
                match diagram_command::run(&opts) {
                    Ok(out) => {
                        say.out(&out);
                        ExitCode::SUCCESS
                    }
                    Err(e) => {
                        say.err(&format!("glance: {e}\n"));
                        ExitCode::from(2)
                    }
                }
            }
            Command::Lint(args) => {
                let opts = lint::Options {
                    pages: args.pages,
                    json: args.json,
                };
                exit(lint::run(&opts, say))
            }
            Command::Migrate(args) => {
                let opts = migrate::RunOptions {
                    pages: args.pages,
                    out_dir: args.out_dir,
                    in_place: args.in_place,
                    edit: migrate::Options {
                        script_src: args.script_src,
                        relocate: args.relocate,
                        labels: args.labels,
                    },
                    verbose: args.verbose,
                };
                exit(migrate::run(&opts, say))
            }
            Command::Page(args) => {
                let opts = variant_page::RunOptions {
                    ini: args.ini,
                    variants: args.variants,
                    every: args.all || args.builtins,
                    out_dir: args.out_dir,
                    names: args.names,
                    script_src: args.script_src,
                    force: args.force,
                    limits: variant_page::Limits {
                        max_bytes: args.max_bytes,
                        max_sections: args.max_sections,
                        max_pages: args.max_pages,
                    },
                };
                exit(variant_page::run(&opts, say))
            }
            Command::Setup(args) => {
                let opts = setup_picture::RunOptions {
                    pages: args.pages,
                    setups: args.setups,
                    json: args.json,
                };
                exit(setup_picture::run(&opts, say))
            }
        }
    }
}
