//! `glance migrate`: a legacy rules page (inline `down_click` handlers,
//! one of the three legacy scripts) rewritten as a zero-code page that
//! loads `glance.js` (native only), in three steps:
//!
//! * [read]: the page through the one page model ([`crate::page::reader`]
//!   on [`crate::page::html`]'s tree: piece tables, rows, board squares and
//!   their images) and its handlers through [`crate::tools::legacy`], as
//!   `glance lint` reads them;
//! * [decide]: what each click becomes, one rule a function (below);
//! * [edit]: the source with a few edits at its start tags
//!   ([`crate::page::tags`]), every other byte as it was: `onmousedown`
//!   and `onmouseup` removed, the legacy script's `src` replaced by
//!   `glance.js` (or [`Options::script_src`]), `data-*` attributes added
//!   (`data-piece` on each row a cell uses: its ID made a key, `+D` gives
//!   `p-D`, a second row of one ID `ID-2`; `data-columns` on a piece table
//!   whose columns are not `Piece, ID, value, Moves, Remarks`; on each
//!   cell `data-piece`, `data-side`, `data-moves`, `data-demo`,
//!   `data-words`, `data-still`; `data-text` on the elements whose words a
//!   cell shows), with [`Options::relocate`], relative `src` and
//!   `href` values prefixed, and with [`Options::labels`], a
//!   `<link rel="jslicense">` to the scripts' labels page.
//!
//! The page's own words win over the legacy: the legacy scripts are
//! shared by many pages, and where a page and its script disagree the
//! page is what its author wrote. How a live click is carried over, from
//! the legacy entry of its code ([`crate::board::clicks`]), the first rule
//! that applies:
//!
//! 0. the cell holds no piece image: an empty square never becomes a
//!    piece; dropped, **for review** (`decide::empty_square`);
//! 1. a row draws the same marks from the cell: the row the cell's image
//!    names ([`crate::page::names`]), else the row the legacy's name
//!    names, else the first (of two rows with one ID, a Black cell takes
//!    the last): `data-piece`; the page's name is shown if it is not the
//!    legacy's (`decide::same_marks`);
//! 2. the row the legacy's name names has an empty Moves cell (a thin
//!    table: its Betza typed into the next column): it states no rule,
//!    so nothing on the page contradicts the legacy, whose drawing
//!    stands (`data-piece` for the row's name, `data-moves` the legacy's
//!    string), **for review** (`decide::thin_row`; lint names the cell
//!    that reads as Betza, `empty-moves`);
//! 3. the row the legacy's name names (of several, the one the image
//!    names) draws less than the legacy:
//!    the extra is carried (`data-moves`, the legacy's string) only if it
//!    is the legacy's initial moves and a sentence of the page names the
//!    piece and a double step without negating it
//!    (`decide::says_initial_step`: "Pawns can move two squares ahead
//!    from their initial position" does, "There is no initial
//!    double-push" does not); otherwise the row is drawn, **for review**,
//!    with the `data-moves` the maintainer can add (`decide::more_than_row`);
//! 4. that row draws otherwise: the row wins, **for review**
//!    (`decide::rules_win`);
//! 5. no row: an element whose whole text is the legacy's name
//!    (`<h3>Castling</h3>`): `data-moves` and `data-words` naming it; else,
//!    if a word of the name is in the page's text, `data-moves` alone
//!    (`decide::own_moves`);
//! 6. a demonstration (castling, en passant, gating): `data-demo` with its
//!    cells, and `data-words` if an element reads its name
//!    (`decide::demonstration`);
//! 7. else (another page's piece or demonstration in the shared script):
//!    dropped, **for review**.
//!
//! Then, on the page written: a click carried over whose piece needs a
//! screen and which the legacy showed capturing pieces of its own side
//! (the legacy takes every piece as an enemy; the page captures only the
//! other side's) keeps the page's sides, **for review**
//! (`sides::review_own_side`).
//!
//! A board cell holding a piece image that no click declares (a piece
//! standing in a diagram, a blocker) is declared as the row its image
//! names when one parses, and otherwise gets `data-still`: it stands,
//! blocks and screens, and shows nothing when pressed, as before
//! (`decide::unhandled`). Dead handlers (codes the script does not
//! define, `down_click(,)`) are removed. The migrated page always passes
//! the shared check ([`crate::page::declared::Declarations::check`]: no
//! error); every click is one line of [`Migration::notes`], and those for
//! review say what the maintainer can do.

use std::fmt;
use std::path::{Path, PathBuf};

use scraper::Html;

use crate::page::declared::collapse;
use crate::tools::variant_page::file_name::{self, NameError};

pub mod decide;
pub mod edit;
mod migrate_command;
pub mod read;
mod sides;

pub use migrate_command::{RunOptions, run};

/// How the page is written.
#[derive(Clone, Debug)]
pub struct Options {
    /// The new script's `src` (default `glance.js`: deployed next to the
    /// page).
    pub script_src: String,
    /// A prefix for relative `src` and `href` values (`../` for a copy one
    /// folder down), if any.
    pub relocate: Option<String>,
    /// The address of a JavaScript Web Labels page (`make dist` writes
    /// `dist/javascript.html`), if any: the page links it with
    /// `<link rel="jslicense" href="...">`, put just before the script's
    /// tag, as LibreJS looks for it ([`edit`]).
    pub labels: Option<String>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            script_src: String::from("glance.js"),
            relocate: None,
            labels: None,
        }
    }
}

/// What happened to one click.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Carried over: the page shows what the legacy showed, from a row.
    Carried,
    /// Carried over with declarations of its own (`data-moves`,
    /// `data-demo`, `data-words`): the same marks or position and name.
    Declared,
    /// Carried over, but shown otherwise than the legacy did (the page's
    /// row wins, or another name, or no name).
    Changed,
    /// A dead handler removed: it showed nothing.
    Dropped,
    /// A live click that is not carried over.
    Lost,
    /// A cell holding a piece image with no handler, declared as the row
    /// its image names (it showed nothing; now it works).
    Added,
    /// A cell holding a piece image with no handler and no row of its
    /// image: `data-still` (it shows nothing, as before).
    Still,
}

impl Action {
    pub fn name(self) -> &'static str {
        match self {
            Action::Carried => "carried",
            Action::Declared => "declared",
            Action::Changed => "changed",
            Action::Dropped => "dropped",
            Action::Lost => "lost",
            Action::Added => "added",
            Action::Still => "still",
        }
    }
}

/// Why: the rule that decided a click, by name. The names of the clicks
/// not shown exactly as the legacy showed them are the reason classes of
/// `tests/fixtures/migrate-exceptions.json`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// A row draws the same marks and has the legacy's name.
    Carried,
    /// The legacy's initial moves, which the page's prose describes.
    InitialMoves,
    /// Moves of no row, named by an element of the page.
    OwnMoves,
    /// A demonstration named by an element of the page.
    Demo,
    /// A row draws the same marks; its name (the page's) is shown.
    NameFromPage,
    /// The legacy's words are in no element of the page: shown without a
    /// name.
    NoWordsInPage,
    /// The row's Moves cell is empty: the legacy's drawing stands (for
    /// review).
    ThinRow,
    /// The legacy draws more than the row, which the page's words do not
    /// support: the row is drawn (for review).
    LegacyExtra,
    /// The row draws otherwise than the legacy: the row is drawn (for
    /// review).
    PageRulesWin,
    /// A click on a cell holding no piece image: dropped (for review).
    EmptySquare,
    /// What the legacy shows is nowhere on the page: dropped (for review).
    OtherPage,
    /// The legacy draws from another square: dropped (for review).
    Elsewhere,
    /// The cell is no square of the board: no id `sq{x}x{y}`, or no
    /// `class="n"` (for review).
    NoId,
    /// A code the script does not define.
    DeadCode,
    /// Not `down_click(x,y)`.
    HandlerSyntax,
    /// A piece image without a handler, declared as its image's row.
    ImageRow,
    /// A piece image without a handler or a row: `data-still`.
    StillPiece,
    /// A hopper that the legacy showed capturing its own side's pieces:
    /// the page's sides win (for review).
    OwnSide,
}

impl Reason {
    pub fn name(self) -> &'static str {
        match self {
            Reason::Carried => "carried",
            Reason::InitialMoves => "initial-moves",
            Reason::OwnMoves => "own-moves",
            Reason::Demo => "demo",
            Reason::NameFromPage => "name-from-page",
            Reason::NoWordsInPage => "no-words-in-page",
            Reason::ThinRow => "thin-row",
            Reason::LegacyExtra => "legacy-extra",
            Reason::PageRulesWin => "page-rules-win",
            Reason::EmptySquare => "empty-square",
            Reason::OtherPage => "other-page",
            Reason::Elsewhere => "elsewhere",
            Reason::NoId => "no-id",
            Reason::DeadCode => "dead-code",
            Reason::HandlerSyntax => "handler-syntax",
            Reason::ImageRow => "image-row",
            Reason::StillPiece => "still-piece",
            Reason::OwnSide => "own-side",
        }
    }

    /// Whether the maintainer should look: the page does not show what
    /// the legacy showed (other marks, or nothing).
    pub fn is_review(self) -> bool {
        matches!(
            self,
            Reason::ThinRow
                | Reason::LegacyExtra
                | Reason::PageRulesWin
                | Reason::EmptySquare
                | Reason::OtherPage
                | Reason::Elsewhere
                | Reason::NoId
                | Reason::OwnSide
        )
    }
}

/// One click and what became of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The cell's id (`sq2x1`).
    pub cell: String,
    /// Its handler as written (`down_click(-2,1)`), or `(no handler)`.
    pub handler: String,
    pub action: Action,
    pub reason: Reason,
    /// Why, in words (empty for a click carried over from its row).
    pub text: String,
    /// What the maintainer can do, for a review item.
    pub fix: Option<String>,
}

impl Note {
    pub fn is_review(&self) -> bool {
        self.reason.is_review()
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}: {}: {}: {}",
            self.cell,
            self.action.name(),
            self.reason.name(),
            self.handler,
            self.text
        )?;
        if let Some(fix) = &self.fix {
            write!(f, "; to do: {fix}")?;
        }
        Ok(())
    }
}

/// A page migrated.
#[derive(Clone, Debug)]
pub struct Migration {
    /// The new page.
    pub html: String,
    /// Every click of the page, in page order, then the cells declared
    /// without a handler.
    pub notes: Vec<Note>,
    /// What the page's own check ([`crate::page::declared::Declarations::check`],
    /// as `glance lint` and `glance.js` run it) finds wrong with the new
    /// page's declarations: errors only (none, by construction; a bug if
    /// any).
    pub errors: Vec<crate::page::finding::Finding>,
}

impl Migration {
    /// The live clicks (those that showed something).
    pub fn live(&self) -> usize {
        self.notes
            .iter()
            .filter(|n| !matches!(n.action, Action::Dropped | Action::Added | Action::Still))
            .count()
    }

    /// The live clicks not carried over.
    pub fn lost(&self) -> usize {
        self.notes
            .iter()
            .filter(|n| n.action == Action::Lost)
            .count()
    }

    /// The notes for review.
    pub fn review(&self) -> impl Iterator<Item = &Note> {
        self.notes.iter().filter(|n| n.is_review())
    }
}

/// Why a page could not be migrated (its input is left as it was).
#[derive(Debug)]
pub enum MigrateError {
    /// The file could not be read or written.
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    /// The file is not UTF-8 (its bytes could not all be kept).
    NotUtf8 { path: PathBuf },
    /// The output would overwrite the input (`--out-dir` is the input's
    /// folder) without `--in-place`.
    WouldOverwrite { path: PathBuf },
    /// The page has no legacy handlers and loads no legacy script: nothing
    /// to migrate.
    NotLegacy,
    /// The page's markup is too irregular to place an edit safely: the
    /// tree and the source disagree about an element.
    Markup { what: String },
    /// The page's name does not fit the file-name rule
    /// ([`crate::tools::variant_page::file_name`]), or gives the file of
    /// another page of the run: with `--out-dir` it is not written.
    Name { path: PathBuf, error: NameError },
    /// A symbolic link is where the page would be written: it is not
    /// written through.
    Link { path: PathBuf },
}

impl fmt::Display for MigrateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MigrateError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            MigrateError::NotUtf8 { path } => write!(
                f,
                "{}: not UTF-8: its bytes could not be kept as they are",
                path.display()
            ),
            MigrateError::WouldOverwrite { path } => write!(
                f,
                "{}: the output folder is the page's own: give another --out-dir, or --in-place",
                path.display()
            ),
            MigrateError::NotLegacy => write!(
                f,
                "no down_click handlers and none of spartan.js, chu.js, cwda.js: nothing to migrate"
            ),
            MigrateError::Markup { what } => write!(
                f,
                "cannot edit the page in place: {what} (the HTML parser and the source disagree)"
            ),
            MigrateError::Name { path, error } => write!(
                f,
                "{}: not written: its name gives no file name in --out-dir: {error}",
                path.display()
            ),
            MigrateError::Link { path } => write!(
                f,
                "{}: a symbolic link; glance migrate does not write through one (left as it is)",
                path.display()
            ),
        }
    }
}

impl std::error::Error for MigrateError {}

/// Migrates the page `source`: read, decide, edit, and the result checked
/// as `glance lint` and `glance.js` check a page.
pub fn migrate_html(source: &str, options: &Options) -> Result<Migration, MigrateError> {
    let doc = Html::parse_document(source);
    let page = read::read(&doc)?;
    let plan = decide::plan(&page);
    let html = edit::apply(source, &doc, &page, &plan, options)?;
    let migrated = crate::page::html::Document::parse(&html).read();
    let mut notes = plan.notes;
    sides::review_own_side(&migrated, &mut notes);
    let errors = migrated
        .check()
        .findings
        .into_iter()
        .filter(|f| f.severity() == crate::page::finding::Severity::Error)
        .collect();
    Ok(Migration {
        html,
        notes,
        errors,
    })
}

/// Where the page `input` is written: `out_dir/NAME`, or `input` itself
/// when `out_dir` is `None` (in place). Refuses an `out_dir` that is the
/// input's folder, and, into `out_dir`, a page whose name (before its
/// extension) does not fit the file-name rule as it is
/// ([`file_name::fits`]: ASCII letters, digits, `-` and `_`, at most 64,
/// not reserved): a page is written under its own name or not at all.
pub fn output_path(input: &Path, out_dir: Option<&Path>) -> Result<PathBuf, MigrateError> {
    let Some(dir) = out_dir else {
        return Ok(input.to_path_buf());
    };
    let file = input.file_name().ok_or_else(|| MigrateError::Io {
        path: input.to_path_buf(),
        error: std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a file name"),
    })?;
    let folder = match input.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let same = match (folder.canonicalize(), dir.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => folder == dir,
    };
    if same {
        return Err(MigrateError::WouldOverwrite {
            path: input.to_path_buf(),
        });
    }
    let stem = Path::new(file)
        .file_stem()
        .unwrap_or(file)
        .to_string_lossy();
    if let Err(error) = file_name::as_is(&stem) {
        return Err(MigrateError::Name {
            path: input.to_path_buf(),
            error,
        });
    }
    Ok(dir.join(file))
}

/// Migrates the file `input` into `out_dir` (`None`: in place, through a
/// temporary file renamed over it), and returns where it went.
pub fn migrate_file(
    input: &Path,
    out_dir: Option<&Path>,
    options: &Options,
) -> Result<(PathBuf, Migration), MigrateError> {
    let out = output_path(input, out_dir)?;
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |error| MigrateError::Io { path, error }
    };
    let bytes = std::fs::read(input).map_err(io(input))?;
    let source = String::from_utf8(bytes).map_err(|_| MigrateError::NotUtf8 {
        path: input.to_path_buf(),
    })?;
    let migration = migrate_html(&source, options)?;
    if let Some(dir) = out_dir {
        std::fs::create_dir_all(dir).map_err(io(dir))?;
    }
    if std::fs::symlink_metadata(&out).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(MigrateError::Link { path: out });
    }
    let mut tmp = out.clone().into_os_string();
    tmp.push(".migrate-tmp");
    let tmp = PathBuf::from(tmp);
    // A stale temporary file (or a link in its place) goes first, by
    // itself: the new one is created, never opened through a link.
    let _ = std::fs::remove_file(&tmp);
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .and_then(|mut f| std::io::Write::write_all(&mut f, migration.html.as_bytes()))
        .map_err(io(&tmp))?;
    std::fs::rename(&tmp, &out).map_err(io(&out))?;
    Ok((out, migration))
}

/// The text a reader sees: every text node outside `<script>`, `<style>`
/// and `<template>`, in document order, whitespace collapsed.
pub fn visible_text(html: &str) -> String {
    visible_text_of(&Html::parse_document(html))
}

/// [`visible_text`] of a parsed page.
fn visible_text_of(doc: &Html) -> String {
    let mut out = String::new();
    for node in doc.root_element().descendants() {
        let Some(text) = node.value().as_text() else {
            continue;
        };
        let hidden = node.ancestors().any(|a| {
            a.value()
                .as_element()
                .is_some_and(|e| matches!(e.name(), "script" | "style" | "template"))
        });
        if !hidden {
            out.push_str(text);
            out.push(' ');
        }
    }
    collapse(&out)
}

#[cfg(test)]
mod tests {
    use super::decide::slug;
    use super::edit::{escape, relocated};
    use super::read::key_of;
    use super::*;

    const PAGE: &str = r#"<html><head>
<script type="text/javascript" src="spartan.js">
</script></head><body>
<h3>Castling</h3>
<table class="board">
<tr><td class="n" id="sq2x3" onmousedown="down_click(,)" onmouseup=
"up_click()"></td>
<td class="n" id="sq3x3" onmousedown="down_click(3,3)" onmouseup="up_click()"><img src="sym/WhiteRook.png"></td>
<td class="n" id="sq4x3" onmousedown="down_click(99,3)"></td></tr>
<tr><td class="n" id="sq2x2"></td><td class="n" id="sq3x2"></td><td class="n" id="sq4x2"></td></tr>
</table>
<p id="piece">:<br>:</p>
<table border=1><tr><td>Piece</td><td>ID</td><td>value</td><td>Moves (Betza notation)</td><td>Remarks</td></tr>
<tr><td>Rook</td><td>R</td><td>5</td><td>R</td><td></td></tr>
<tr><td>Eagle</td><td>+D</td><td></td><td>not Betza at all</td><td></td></tr>
</table></body></html>"#;

    #[test]
    fn a_small_page_gains_declarations_and_keeps_its_other_bytes() {
        let m = migrate_html(PAGE, &Options::default()).unwrap();
        let want = PAGE
            .replace("src=\"spartan.js\"", "src=\"glance.js\"")
            .replace(
                " onmousedown=\"down_click(,)\" onmouseup=\n\"up_click()\"",
                "",
            )
            .replace(
                " onmousedown=\"down_click(3,3)\" onmouseup=\"up_click()\"",
                " data-piece=\"R\"",
            )
            .replace(" onmousedown=\"down_click(99,3)\"", "")
            .replace("<tr><td>Rook", "<tr data-piece=\"R\"><td>Rook");
        assert_eq!(m.html, want);
        let actions: Vec<Action> = m.notes.iter().map(|n| n.action).collect();
        assert_eq!(actions, [Action::Dropped, Action::Carried, Action::Dropped]);
        assert_eq!(m.live(), 1);
        // The table's own mistake (a prose Moves cell) stays the page's:
        // the check finds it on the migrated page as lint does on the legacy.
        let kinds: Vec<_> = m.errors.iter().map(|f| f.kind).collect();
        assert_eq!(
            kinds,
            [crate::page::finding::Kind::BadBetza],
            "{:?}",
            m.errors
        );
        assert_eq!(m.lost(), 0);
        assert_eq!(visible_text(&m.html), visible_text(PAGE));
        assert!(
            m.notes[2]
                .to_string()
                .starts_with("sq4x3: dropped: dead-code: down_click(99,3): dead code")
        );
    }

    #[test]
    fn a_removed_handler_never_joins_its_neighbours() {
        // Found by the fuzz target `page`: `<s` and `cript>` must not meet.
        let src = "<script src=\"spartan.js\"></script><s onmouseup=\"up_click()\"cript>t</s>\
                   <table><tr><td id=\"sq1x1\"onmousedown=\"down_click(,)\"/></tr></table>";
        let m = migrate_html(src, &Options::default()).unwrap();
        assert!(m.html.contains("<s cript>t</s>"), "{}", m.html);
        assert!(m.html.contains("<td id=\"sq1x1\"/>"), "{}", m.html);
        assert_eq!(visible_text(&m.html), visible_text(src));
        // Found by the same target: a stray slash must not close the tag.
        let src = "<script src=\"spartan.js\"></script><svg/onmouseup=\"up_click()\">x<![CDATA[\">";
        let m = migrate_html(src, &Options::default()).unwrap();
        assert!(m.html.contains("<svg/ >"), "{}", m.html);
        assert_eq!(visible_text(&m.html), visible_text(src));
    }

    #[test]
    fn relocation_prefixes_relative_addresses_only() {
        let opts = Options {
            script_src: String::from("../../dist/glance.js"),
            relocate: Some(String::from("../")),
            labels: None,
        };
        let m = migrate_html(PAGE, &opts).unwrap();
        assert!(m.html.contains("src=\"../sym/WhiteRook.png\""));
        assert!(m.html.contains("src=\"../../dist/glance.js\""));
        assert_eq!(relocated("https://x/y.png", "../"), None);
        assert_eq!(relocated("#top", "../"), None);
        assert_eq!(relocated("./a.png", "../").as_deref(), Some("../a.png"));
    }

    #[test]
    fn the_labels_page_is_linked_before_the_script_and_nothing_else_moves() {
        let opts = Options {
            labels: Some(String::from("javascript.html")),
            ..Options::default()
        };
        let plain = migrate_html(PAGE, &Options::default()).unwrap();
        let m = migrate_html(PAGE, &opts).unwrap();
        // One line more, before the script's tag, with its indentation
        // (none here); every other byte as without the flag.
        assert_eq!(
            m.html,
            plain.html.replace(
                "<head>\n<script",
                "<head>\n<link rel=\"jslicense\" href=\"javascript.html\">\n<script"
            )
        );
        let indented = PAGE.replace("\n<script", "\n  <script");
        let m = migrate_html(&indented, &opts).unwrap();
        assert!(
            m.html
                .contains("\n  <link rel=\"jslicense\" href=\"javascript.html\">\n  <script type")
        );
        assert_eq!(visible_text(&m.html), visible_text(&indented));
        // A page that links a labels page already: its href is set, no
        // second link.
        let linked = PAGE.replace(
            "<head>",
            "<head><a rel=\"jslicense\" href=\"/licenses/js.html\">JS</a>",
        );
        let m = migrate_html(&linked, &opts).unwrap();
        assert_eq!(m.html.matches("jslicense").count(), 1, "{}", m.html);
        assert!(
            m.html
                .contains("<a rel=\"jslicense\" href=\"javascript.html\">JS</a>")
        );
        // No script tag (handlers only): before the first element.
        let bare = "<p>x</p><table><tr><td class=\"n\" id=\"sq1x1\" \
                    onmousedown=\"down_click(1,1)\"></td></tr></table>";
        let m = migrate_html(bare, &opts).unwrap();
        assert!(
            m.html
                .starts_with("<link rel=\"jslicense\" href=\"javascript.html\">\n<p>x</p>"),
            "{}",
            m.html
        );
        // A quote in the address is escaped.
        let odd = Options {
            labels: Some(String::from("a\"b.html")),
            ..Options::default()
        };
        let m = migrate_html(PAGE, &odd).unwrap();
        assert!(m.html.contains("href=\"a&quot;b.html\""));
    }

    #[test]
    fn names_keys_and_slugs() {
        assert_eq!(key_of("+D"), "p-D");
        assert_eq!(key_of("H or +B"), "H");
        assert_eq!(slug("en-passant capture"), "en-passant-capture");
        assert_eq!(slug("Gating:"), "gating");
        assert_eq!(escape("a\"<&>"), "a&quot;&lt;&amp;&gt;");
    }

    #[test]
    fn not_a_legacy_page_and_the_same_folder_are_errors() {
        assert!(matches!(
            migrate_html("<p>hello</p>", &Options::default()),
            Err(MigrateError::NotLegacy)
        ));
        let here = Path::new("rules-html/Spartan.html");
        assert!(matches!(
            output_path(here, Some(Path::new("rules-html"))),
            Err(MigrateError::WouldOverwrite { .. })
        ));
        assert_eq!(
            output_path(here, Some(Path::new("/tmp/x"))).unwrap(),
            PathBuf::from("/tmp/x/Spartan.html")
        );
        // A name the file-name rule would change, or refuses, is not
        // written into --out-dir; in place it is the page's own.
        for bad in ["my page.html", "CON.html", "index.html", "a.b.html"] {
            let page = Path::new("rules-html").join(bad);
            assert!(
                matches!(
                    output_path(&page, Some(Path::new("/tmp/x"))),
                    Err(MigrateError::Name { .. })
                ),
                "{bad}"
            );
            assert_eq!(output_path(&page, None).unwrap(), page);
        }
        let e = output_path(Path::new("a/my page.html"), Some(Path::new("/tmp/x"))).unwrap_err();
        assert_eq!(
            e.to_string(),
            "a/my page.html: not written: its name gives no file name in --out-dir: only ASCII \
             letters, digits, - and _ keep their place in a file name (it would be my_page)"
        );
    }
}
