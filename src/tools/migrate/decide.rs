//! Decide: what each click of the legacy page becomes, one rule a
//! function (the rules are listed in the [module documentation](super)).
//! Every rule reads the page (`Read`) and the legacy entry, and says
//! what the cell declares and why (`Outcome`); `plan` applies them in
//! order to every handler, then gives the page's other piece images a
//! declaration, the rows used their keys and the words used their
//! `data-text`.

use scraper::ElementRef;

use crate::board::clicks::{Entry, Shows};
use crate::board::scene::{Content, Scene};
use crate::engine::betza::{self, Piece};
use crate::engine::diagram::Mark;
use crate::page::declared::collapse;
use crate::page::names;
use crate::{Colour, Square};

use super::read::{Cell, Read, fold_name};
use super::{Action, Note, Reason};

/// What a cell declares.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Decl {
    /// Its row: an index in [`Read::rows`].
    pub row: Option<usize>,
    pub moves: Option<String>,
    pub demo: Option<String>,
    /// The element that names it: an index in [`Read::elements`].
    pub words: Option<usize>,
    /// `data-still`: a piece that stands there and shows nothing.
    pub still: bool,
}

/// What a rule decides for one cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Outcome {
    pub action: Action,
    pub reason: Reason,
    pub decl: Decl,
    /// Why, in words.
    pub text: String,
    /// What the maintainer can do, for a review item.
    pub fix: Option<String>,
}

impl Outcome {
    fn new(action: Action, reason: Reason, decl: Decl, text: String) -> Outcome {
        Outcome {
            action,
            reason,
            decl,
            text,
            fix: None,
        }
    }

    fn fix(mut self, fix: String) -> Outcome {
        self.fix = Some(fix);
        self
    }
}

/// A live click: the cell pressed, what the legacy shows, and the side
/// it is drawn for.
pub(super) struct Click<'e> {
    pub id: String,
    pub cell: Cell,
    pub entry: &'e Entry,
    pub side: Colour,
}

/// Everything migrate writes, decided.
#[derive(Default)]
pub(super) struct Plan<'a> {
    /// The elements whose handlers go.
    pub handlers: Vec<ElementRef<'a>>,
    /// Each declaring cell's attributes, in order.
    pub cells: Vec<(ElementRef<'a>, Vec<(String, String)>)>,
    /// The rows used (indices in [`Read::rows`]), each once, in order.
    pub rows: Vec<usize>,
    /// The elements that get a `data-text`, with it.
    pub texts: Vec<(usize, String)>,
    pub notes: Vec<Note>,
}

/// Every rule applied to the page.
pub(super) fn plan<'a>(read: &Read<'a>) -> Plan<'a> {
    let mut plan = Plan::default();
    let mut declared: Vec<Square> = Vec::new();
    for h in &read.legacy.handlers {
        plan.handlers.push(h.element);
        let handler = h
            .down
            .map(collapse)
            .unwrap_or_else(|| String::from("(onmouseup only)"));
        let Some(outcome) = handled(read, h) else {
            continue;
        };
        let side = read
            .cell(&h.element)
            .and_then(|c| c.side())
            .or(match h.entry.map(|e| e.shows) {
                Some(Shows::Piece { colour, .. }) => Some(colour),
                _ => None,
            })
            .unwrap_or(Colour::White);
        record(&mut plan, read, h.element, &handler, outcome, side);
        if let Some(c) = read.cell(&h.element) {
            if plan.cells.last().is_some_and(|(e, _)| *e == h.element) {
                declared.push(c.sq);
            }
        }
    }
    for e in &read.elements {
        let Some(cell) = read.cell(e) else { continue };
        if !cell.on_board || !cell.shows_piece() || cell.still || declared.contains(&cell.sq) {
            continue;
        }
        declared.push(cell.sq);
        let side = cell.side().unwrap_or(Colour::White);
        let outcome = unhandled(read, &cell);
        record(&mut plan, read, *e, "(no handler)", outcome, side);
    }
    plan
}

/// The outcome of one handler (`None` for an `onmouseup` alone, which
/// showed nothing and is only removed).
fn handled(read: &Read, h: &crate::tools::legacy::Handler) -> Option<Outcome> {
    let down = h.down?;
    let Some((x, y)) = h.code else {
        return Some(Outcome::new(
            Action::Dropped,
            Reason::HandlerSyntax,
            Decl::default(),
            format!(
                "not down_click(x,y) with two whole numbers: '{}'; it showed nothing",
                collapse(down)
            ),
        ));
    };
    let Some(entry) = h.entry else {
        let script = read
            .legacy
            .script
            .map_or("no legacy script", |(_, s)| s.file_name());
        return Some(Outcome::new(
            Action::Dropped,
            Reason::DeadCode,
            Decl::default(),
            format!("dead code: {script} defines no ({x},{y}); it showed nothing"),
        ));
    };
    // (A page whose cells have no class="n" at all has its board's
    // squares by their ids: the check accepts them.)
    let on_board = |c: &Cell| c.on_board || read.page.board.is_empty();
    let Some(cell) = read.cell(&h.element).filter(on_board) else {
        return Some(
            Outcome::new(
                Action::Lost,
                Reason::NoId,
                Decl::default(),
                format!(
                    "'{}': the cell is no square of the board (id sq{{x}}x{{y}}, class=\"n\") to declare",
                    entry.name
                ),
            )
            .fix(String::from(
                "give the cell an id sq{x}x{y} and class=\"n\", and declare it by hand",
            )),
        );
    };
    let side = cell.side().unwrap_or(match entry.shows {
        Shows::Piece { colour, .. } => colour,
        Shows::Demo(_) => Colour::White,
    });
    let click = Click {
        id: h.element.value().id().unwrap_or("-").to_string(),
        cell,
        entry,
        side,
    };
    Some(decide(read, &click))
}

/// The rules, in order, for one live click.
pub(super) fn decide(read: &Read, c: &Click) -> Outcome {
    if let Some(o) = empty_square(c) {
        return o;
    }
    match c.entry.shows {
        Shows::Demo(list) => demonstration(read, c, list),
        Shows::Piece { betza, on, .. } => {
            if (on.0, on.1) != (c.cell.sq.file(), c.cell.sq.rank()) {
                return elsewhere(c, on);
            }
            let Ok(legacy) = betza::parse(betza) else {
                return other_page(c);
            };
            let drawn = marks_of(read, &legacy, c);
            same_marks(read, c, &drawn)
                .or_else(|| thin_row(read, c, betza))
                .or_else(|| more_than_row(read, c, &legacy, betza))
                .or_else(|| rules_win(read, c, betza))
                .or_else(|| own_moves(read, c, betza))
                .unwrap_or_else(|| other_page(c))
        }
    }
}

/// Rule 0: an empty square never becomes a piece: the legacy showed a
/// piece on a cell holding none (another page's piece, or one drawn where
/// it does not stand): dropped, for review.
pub(super) fn empty_square(c: &Click) -> Option<Outcome> {
    if c.cell.shows_piece() {
        return None;
    }
    Some(
        Outcome::new(
            Action::Lost,
            Reason::EmptySquare,
            Decl::default(),
            format!(
                "the legacy shows '{}' on an empty square: an empty square never becomes a piece, dropped",
                c.entry.subject()
            ),
        )
        .fix(format!(
            "if the page means a piece there, put its image in <td id=\"{}\"> and add data-piece=\"KEY\" (its row's key)",
            c.id
        )),
    )
}

/// The legacy draws the piece from another square than the cell pressed.
fn elsewhere(c: &Click, on: (u8, u8)) -> Outcome {
    Outcome::new(
        Action::Lost,
        Reason::Elsewhere,
        Decl::default(),
        format!(
            "'{}': the legacy draws it from sq{}x{}, not from this cell: dropped",
            c.entry.name, on.0, on.1
        ),
    )
    .fix(format!(
        "declare <td id=\"{}\"> by hand (data-piece, data-moves)",
        c.id
    ))
}

/// Rule 1: a row that draws the same marks from the cell: the row the
/// cell's image names first, then the row the legacy's name names, else
/// the first (of two rows with one ID, a White cell takes the first, a
/// Black one the last). Carried when its name is the legacy's, else the
/// page's name is shown.
pub(super) fn same_marks(read: &Read, c: &Click, drawn: &[(Square, Mark)]) -> Option<Outcome> {
    let equal: Vec<usize> = (0..read.rows.len())
        .filter(|&r| agrees(read, &c.cell, r))
        .filter(|&r| row_marks(read, r, c).as_deref() == Some(drawn))
        .collect();
    let by_image = image_rows(read, &c.cell);
    let by_name = named_rows(read, c.entry.name);
    let among = |list: &[usize]| -> Vec<usize> {
        list.iter().copied().filter(|r| equal.contains(r)).collect()
    };
    let r = pick(read, &among(&by_image), c.side)
        .or_else(|| pick(read, &among(&by_name), c.side))
        .or_else(|| pick(read, &equal, c.side))?;
    let decl = Decl {
        row: Some(r),
        ..Decl::default()
    };
    let row = &read.rows[r];
    if by_name.contains(&r) {
        return Some(Outcome::new(
            Action::Carried,
            Reason::Carried,
            decl,
            String::new(),
        ));
    }
    Some(Outcome::new(
        Action::Changed,
        Reason::NameFromPage,
        decl,
        format!(
            "name: the legacy calls it '{}'; the row '{}' ({}) draws the same and its name is shown",
            c.entry.name, row.name, row.id
        ),
    ))
}

/// Rule 1b, thin tables: the row of the click's piece (the legacy's name's,
/// the cell's image's first) has an empty Moves cell (its Betza typed
/// into the next column): it states no rule, so nothing on the page
/// contradicts the legacy, whose drawing stands: the row's name and
/// remarks, the legacy's moves (`data-moves`), for review. (A legacy that
/// draws nothing there is rule 1's: the row draws the same.)
pub(super) fn thin_row(read: &Read, c: &Click, betza: &str) -> Option<Outcome> {
    let r = piece_rows(read, c)
        .into_iter()
        .find(|&r| read.rows[r].moves.trim().is_empty())?;
    let row = &read.rows[r];
    let decl = Decl {
        row: Some(r),
        moves: Some(betza.to_string()),
        ..Decl::default()
    };
    Some(
        Outcome::new(
            Action::Declared,
            Reason::ThinRow,
            decl,
            format!(
                "the row '{}' ({}) has an empty Moves cell: it states no rule, so the legacy's '{betza}' stands: data-moves=\"{betza}\"",
                row.name, row.id
            ),
        )
        .fix(format!(
            "write the row's Betza in its Moves cell (glance lint names the cell that reads as Betza), then remove data-moves from <td id=\"{}\">",
            c.id
        )),
    )
}

/// Rule 2: the row the legacy's name names (the cell's image's first) draws less than the
/// legacy. The extra is carried (`data-moves`, the legacy's string) only
/// when it is the legacy's initial moves and the page's prose says so
/// ([`says_initial_step`]); otherwise the row is drawn, for review.
pub(super) fn more_than_row(
    read: &Read,
    c: &Click,
    legacy: &Piece,
    betza: &str,
) -> Option<Outcome> {
    let drawn = marks_of(read, legacy, c);
    let r = piece_rows(read, c).into_iter().find(|&r| {
        row_marks(read, r, c)
            .is_some_and(|m| m.len() < drawn.len() && m.iter().all(|x| drawn.contains(x)))
    })?;
    let row = &read.rows[r];
    let initial_only = legacy.moves().iter().any(|m| m.initial)
        && row_marks(read, r, c).as_deref()
            == Some(&marks_of(read, &legacy.without_initial(), c)[..]);
    if initial_only && says_initial_step(read, &row.name) {
        let decl = Decl {
            row: Some(r),
            moves: Some(betza.to_string()),
            ..Decl::default()
        };
        return Some(Outcome::new(
            Action::Declared,
            Reason::InitialMoves,
            decl,
            format!(
                "moves: the row '{}' draws less than the legacy '{betza}'; its initial moves, which the page's text describes: data-moves=\"{betza}\"",
                row.name
            ),
        ));
    }
    let why = if initial_only {
        "its initial moves, which no sentence of the page describes (or one negates)"
    } else {
        "moves the row does not have"
    };
    let decl = Decl {
        row: Some(r),
        ..Decl::default()
    };
    Some(
        Outcome::new(
            Action::Changed,
            Reason::LegacyExtra,
            decl,
            format!(
                "the page's rules win: the legacy '{betza}' draws more than the row '{}' ('{}'): {why}; the row is drawn",
                row.name, row.moves
            ),
        )
        .fix(format!(
            "if the legacy is right, add data-moves=\"{betza}\" to <td id=\"{}\">",
            c.id
        )),
    )
}

/// Rule 3: the row the legacy's name names (the cell's image's first) draws otherwise than
/// the legacy: the page's row wins, for review.
pub(super) fn rules_win(read: &Read, c: &Click, betza: &str) -> Option<Outcome> {
    let r = *piece_rows(read, c).first()?;
    let row = &read.rows[r];
    let decl = Decl {
        row: Some(r),
        ..Decl::default()
    };
    Some(
        Outcome::new(
            Action::Changed,
            Reason::PageRulesWin,
            decl,
            format!(
                "the page's rules win: the legacy draws '{betza}', the row '{}' ({}) says '{}'",
                row.name, row.id, row.moves
            ),
        )
        .fix(format!(
            "if the legacy's '{betza}' is right, correct the row's Moves, or add data-moves=\"{betza}\" to <td id=\"{}\">",
            c.id
        )),
    )
}

/// Rules 4 and 5: moves of no row. Named by an element whose whole text
/// is the legacy's name (`<h3>Castling</h3>`): `data-moves` and
/// `data-words`; else, if the page's text has a word of the name, the
/// moves without a name.
pub(super) fn own_moves(read: &Read, c: &Click, betza: &str) -> Option<Outcome> {
    let moves = Some(betza.to_string());
    if let Some(i) = read.words_of(c.entry.name) {
        let e = read.elements[i];
        let decl = Decl {
            moves,
            words: Some(i),
            ..Decl::default()
        };
        return Some(Outcome::new(
            Action::Declared,
            Reason::OwnMoves,
            decl,
            format!(
                "moves of no row: data-moves=\"{betza}\", named by the page's <{}> '{}'",
                e.value().name(),
                collapse(&e.text().collect::<String>())
            ),
        ));
    }
    if !read.mentions(c.entry.name) {
        return None;
    }
    let decl = Decl {
        moves,
        ..Decl::default()
    };
    Some(Outcome::new(
        Action::Changed,
        Reason::NoWordsInPage,
        decl,
        format!(
            "moves of no row: data-moves=\"{betza}\"; no element of the page reads '{}': shown without a name",
            c.entry.subject()
        ),
    ))
}

/// Rule 6: a demonstration (castling, en passant, gating): `data-demo`
/// with its cells, and `data-words` if an element reads its name; shown
/// without a name if the page only mentions it; dropped if it never does.
pub(super) fn demonstration(read: &Read, c: &Click, list: &[(u8, u8, &str)]) -> Outcome {
    let name = c.entry.subject();
    let words = read.words_of(name);
    if words.is_none() && !read.mentions(name) {
        return other_page(c);
    }
    let mut demo = String::new();
    for &(x, y, image) in list {
        if !demo.is_empty() {
            demo.push(' ');
        }
        demo.push_str(&format!("{x},{y}"));
        if !image.is_empty() {
            demo.push('=');
            demo.push_str(image);
        }
    }
    let decl = Decl {
        demo: Some(demo),
        words,
        ..Decl::default()
    };
    match words {
        Some(i) => Outcome::new(
            Action::Declared,
            Reason::Demo,
            decl,
            format!(
                "demonstration '{name}': data-demo, named by the page's <{}>",
                read.elements[i].value().name()
            ),
        ),
        None => Outcome::new(
            Action::Changed,
            Reason::NoWordsInPage,
            decl,
            format!(
                "demonstration '{name}': data-demo; no element of the page reads its name: shown without one"
            ),
        ),
    }
}

/// Rule 7: what the legacy shows is nowhere on this page (another page's
/// piece or demonstration, in the shared script): dropped, for review.
fn other_page(c: &Click) -> Outcome {
    let what = match c.entry.shows {
        Shows::Piece { betza, .. } => format!("'{}' ({betza})", c.entry.name),
        Shows::Demo(_) => format!("the demonstration '{}'", c.entry.subject()),
    };
    Outcome::new(
        Action::Lost,
        Reason::OtherPage,
        Decl::default(),
        format!("the legacy shows {what}, which no row and no text of this page names: dropped"),
    )
    .fix(format!(
        "if the page means it, declare <td id=\"{}\"> by hand (data-moves or data-demo, data-words)",
        c.id
    ))
}

/// Rule 8: a board cell showing a piece (an image, or a letter) that no
/// click declares: the row its image names exactly (or whose ID is its
/// letter), if one parses (the image and the row agree); else a still
/// piece (`data-still`: it stands, blocks and screens, and shows nothing
/// when pressed, as in the legacy).
pub(super) fn unhandled(read: &Read, cell: &Cell) -> Outcome {
    let src = match (&cell.image, &cell.letter) {
        (Some(src), _) => src.clone(),
        (None, Some(letter)) => format!("the letter '{letter}'"),
        (None, None) => String::new(),
    };
    let agree = image_rows(read, cell)
        .into_iter()
        .find(|&r| read.rows[r].piece.is_some());
    match agree {
        Some(r) => Outcome::new(
            Action::Added,
            Reason::ImageRow,
            Decl {
                row: Some(r),
                ..Decl::default()
            },
            format!(
                "it holds {src} but had no handler (pressing it showed nothing): declared as the row '{}' ({}), which its image names",
                read.rows[r].name, read.rows[r].id
            ),
        ),
        None => Outcome::new(
            Action::Still,
            Reason::StillPiece,
            Decl {
                still: true,
                ..Decl::default()
            },
            format!(
                "it holds {src} but had no handler, and no row of the page is its image's piece: data-still (it stands there and shows nothing, as before)"
            ),
        ),
    }
}

/// Whether the page's prose describes the initial moves (a double step)
/// of the piece `name`: one of its sentences names the piece (a word of
/// its name of three letters or more, or that word with `s`/`es`) and a
/// double step ([`STEP_WORDS`]), with no negation ([`NEGATIONS`]) before
/// the double step in that sentence ("There is no initial double-push",
/// "no castling, Pawn double-push or e.p. capture" do not; "Pawns can move
/// two squares ahead from their initial position, provided they are not
/// blocked" does).
pub(super) fn says_initial_step(read: &Read, name: &str) -> bool {
    let name = fold_name(name);
    let piece_words: Vec<&str> = name.split(' ').filter(|w| w.len() >= 3).collect();
    read.sentences.iter().any(|s| {
        let words: Vec<&str> = s
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect();
        let names = words.iter().any(|w| {
            piece_words.iter().any(|p| {
                *w == *p || w.strip_suffix('s') == Some(p) || w.strip_suffix("es") == Some(p)
            })
        });
        let Some(at) =
            (0..words.len()).find(|&i| STEP_WORDS.iter().any(|p| starts(&words[i..], p)))
        else {
            return false;
        };
        names && !words[..at].iter().any(|w| NEGATIONS.contains(w))
    })
}

/// The phrases of a double step, as words.
pub(super) const STEP_WORDS: [&[&str]; 7] = [
    &["double", "step"],
    &["double", "push"],
    &["double", "move"],
    &["two", "squares"],
    &["two", "steps"],
    &["2", "squares"],
    &["2", "steps"],
];

/// The words that negate what follows them in a sentence.
pub(super) const NEGATIONS: [&str; 7] = ["no", "not", "never", "cannot", "nor", "without", "can't"];

fn starts(words: &[&str], phrase: &[&str]) -> bool {
    words.len() >= phrase.len() && words.iter().zip(phrase).all(|(w, p)| w == p)
}

/// The marks `piece` draws from the click's cell, for its side, on the
/// page's board.
fn marks_of(read: &Read, piece: &Piece, c: &Click) -> Vec<(Square, Mark)> {
    marks(&Scene::of_piece(
        "",
        Vec::new(),
        piece,
        c.cell.sq,
        c.side,
        &read.page,
    ))
}

/// The marks row `r` draws from the click's cell (`None`: its Moves do
/// not parse).
fn row_marks(read: &Read, r: usize, c: &Click) -> Option<Vec<(Square, Mark)>> {
    Some(marks_of(read, read.rows[r].piece.as_ref()?, c))
}

/// The marks a scene shows, sorted.
pub(super) fn marks(scene: &Scene) -> Vec<(Square, Mark)> {
    let mut out: Vec<(Square, Mark)> = scene
        .cells
        .iter()
        .filter_map(|&(sq, c)| match c {
            Content::Mark(m) => Some((sq, m)),
            _ => None,
        })
        .collect();
    out.sort_by_key(|&(sq, m)| (sq.file(), sq.rank(), m.name()));
    out
}

/// The rows of the click's piece whose Moves parse: those the legacy's
/// name names that agree with the cell's image ([`agrees`]), those the
/// image names first (a click that the legacy names otherwise, `Castling`
/// on the King, has none).
fn piece_rows(read: &Read, c: &Click) -> Vec<usize> {
    let by_image = image_rows(read, &c.cell);
    let mut out = named_rows(read, c.entry.name);
    out.retain(|&r| read.rows[r].piece.is_some() && agrees(read, &c.cell, r));
    out.sort_by_key(|r| !by_image.contains(r));
    out
}

/// The rows a cell's image names exactly ([`names::image_piece`], the
/// same words as the row's name: the shared check's `wrong-image` rule),
/// or, for a piece drawn as a letter, the rows whose ID is the letter.
fn image_rows(read: &Read, cell: &Cell) -> Vec<usize> {
    if let Some(letter) = &cell.letter {
        let upper = letter.to_uppercase();
        return (0..read.rows.len())
            .filter(|&r| read.rows[r].id == *letter || read.rows[r].id == upper)
            .collect();
    }
    let Some((_, piece)) = cell.image.as_deref().and_then(names::image_piece) else {
        return Vec::new();
    };
    let shown = names::words(&piece);
    (0..read.rows.len())
        .filter(|&r| names::words(&read.rows[r].name) == shown)
        .collect()
}

/// Whether row `r` may be declared on the cell: the cell's image names no
/// row exactly, or names this one.
fn agrees(read: &Read, cell: &Cell, r: usize) -> bool {
    let exact = image_rows(read, cell);
    exact.is_empty() || exact.contains(&r)
}

/// The rows a name names ([`names::rows_named`]).
fn named_rows(read: &Read, name: &str) -> Vec<usize> {
    let row_names: Vec<&str> = read.rows.iter().map(|r| r.name.as_str()).collect();
    names::rows_named(name, &row_names)
}

/// Of rows drawing alike, the first; of several rows with the first's ID,
/// a Black cell takes the last.
fn pick(read: &Read, list: &[usize], side: Colour) -> Option<usize> {
    let first = *list.first()?;
    let mut same_id = list
        .iter()
        .copied()
        .filter(|&r| read.rows[r].id == read.rows[first].id);
    if side == Colour::Black {
        same_id.next_back()
    } else {
        Some(first)
    }
}

/// Records an outcome: its note, and the cell's attributes.
fn record<'a>(
    plan: &mut Plan<'a>,
    read: &Read<'a>,
    cell: ElementRef<'a>,
    handler: &str,
    o: Outcome,
    side: Colour,
) {
    plan.notes.push(Note {
        cell: cell.value().id().unwrap_or("-").to_string(),
        handler: handler.to_string(),
        action: o.action,
        reason: o.reason,
        text: o.text,
        fix: o.fix,
    });
    let d = o.decl;
    if d == Decl::default() {
        return;
    }
    let mut attrs: Vec<(String, String)> = Vec::new();
    let mut add = |name: &str, value: String| attrs.push((name.to_string(), value));
    if let Some(r) = d.row {
        add("data-piece", read.rows[r].key.clone());
        if !plan.rows.contains(&r) {
            plan.rows.push(r);
        }
    }
    if let Some(m) = d.moves {
        add("data-moves", m);
    }
    if let Some(demo) = d.demo {
        add("data-demo", demo);
    }
    if side == Colour::Black && !d.still {
        add("data-side", String::from("black"));
    }
    if let Some(i) = d.words {
        add("data-words", text_key(plan, read, i));
    }
    if d.still {
        add("data-still", String::new());
    }
    plan.cells.push((cell, attrs));
}

/// The `data-text` key of element `i`: its own, or one made of its text
/// (`-2`, `-3`... if taken), given once.
fn text_key(plan: &mut Plan, read: &Read, i: usize) -> String {
    let e = read.elements[i];
    if let Some(k) = e.attr("data-text") {
        return k.to_string();
    }
    if let Some((_, k)) = plan.texts.iter().find(|(n, _)| *n == i) {
        return k.clone();
    }
    let base = slug(&e.text().collect::<String>());
    let mut k = base.clone();
    let mut n = 1;
    while plan.texts.iter().any(|(_, o)| *o == k) {
        n += 1;
        k = format!("{base}-{n}");
    }
    plan.texts.push((i, k.clone()));
    k
}

/// A name made a `data-text` key: lower-case letters and digits, `-`
/// between words.
pub(super) fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_string();
    if out.is_empty() {
        String::from("text")
    } else {
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Action, Reason, read};
    use super::*;
    use scraper::Html;

    /// A small spartan.js page: an 8×8 board (`images`: cell → image,
    /// `handlers`: cell → code), a piece table (name, ID, Moves) and some
    /// prose.
    fn page(
        images: &[(&str, &str)],
        handlers: &[(&str, &str)],
        rows: &[(&str, &str, &str)],
        prose: &str,
    ) -> String {
        let mut board = String::new();
        for y in (0..8).rev() {
            board.push_str("<tr>");
            for x in 0..8 {
                let id = format!("sq{x}x{y}");
                let h = handlers
                    .iter()
                    .find(|(c, _)| *c == id)
                    .map(|(_, code)| format!(" onmousedown=\"down_click({code})\""))
                    .unwrap_or_default();
                let img = images
                    .iter()
                    .find(|(c, _)| *c == id)
                    .map(|(_, i)| format!("<img src=\"sym/{i}.png\">"))
                    .unwrap_or_default();
                board.push_str(&format!("<td class=\"n\" id=\"{id}\"{h}>{img}</td>"));
            }
            board.push_str("</tr>\n");
        }
        let mut table = String::from(
            "<table><tr><td>Piece</td><td>ID</td><td>value</td><td>Moves (Betza notation)</td><td>Remarks</td></tr>",
        );
        for (name, id, moves) in rows {
            table.push_str(&format!(
                "<tr><td>{name}</td><td>{id}</td><td>1</td><td>{moves}</td><td></td></tr>"
            ));
        }
        format!(
            "<html><head><script src=\"spartan.js\"></script></head><body><p>{prose}</p>\
             <table class=\"board\">{board}</table><p id=\"piece\">:</p>{table}</table></body></html>"
        )
    }

    type Cells = Vec<(String, Vec<(String, String)>)>;

    /// The notes and the cells' attributes that migrate decides for `source`.
    fn decided(source: &str) -> (Vec<Note>, Cells) {
        let doc = Html::parse_document(source);
        let r = read::read(&doc).unwrap();
        let p = plan(&r);
        let cells = p
            .cells
            .iter()
            .map(|(e, a)| (e.value().id().unwrap_or("").to_string(), a.clone()))
            .collect();
        (p.notes, cells)
    }

    fn attrs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn an_empty_square_never_becomes_a_piece() {
        let src = page(&[], &[("sq5x4", "5,4")], &[("Chancellor", "C", "RN")], "");
        let (notes, cells) = decided(&src);
        assert_eq!(
            (notes[0].action, notes[0].reason),
            (Action::Lost, Reason::EmptySquare)
        );
        assert!(notes[0].fix.as_deref().is_some_and(|f| f.contains("sq5x4")));
        assert!(cells.is_empty(), "{cells:?}");
    }

    #[test]
    fn the_row_the_image_names_wins_among_rows_drawing_alike() {
        let rows = [("Tower", "T", "R"), ("Rook", "R", "R")];
        // The image names Rook, and so does the legacy: carried.
        let (notes, cells) = decided(&page(
            &[("sq3x3", "WhiteRook")],
            &[("sq3x3", "3,3")],
            &rows,
            "",
        ));
        assert_eq!(notes[0].reason, Reason::Carried);
        assert_eq!(cells[0].1, attrs(&[("data-piece", "R")]));
        // The image names the Tower: its row, under its name.
        let (notes, cells) = decided(&page(
            &[("sq3x3", "BlackTower")],
            &[("sq3x3", "3,3")],
            &rows,
            "",
        ));
        assert_eq!(
            (notes[0].action, notes[0].reason),
            (Action::Changed, Reason::NameFromPage)
        );
        assert_eq!(
            cells[0].1,
            attrs(&[("data-piece", "T"), ("data-side", "black")])
        );
    }

    #[test]
    fn the_initial_step_is_carried_only_when_the_page_says_so() {
        let rows = [("Pawn", "P", "mfWcfF")];
        let at = [("sq2x1", "WhitePawn")];
        let click = [("sq2x1", "-2,1")];
        let yes = page(
            &at,
            &click,
            &rows,
            "Pawns can move two squares ahead from their initial position, provided they are not blocked.",
        );
        let (notes, cells) = decided(&yes);
        assert_eq!(
            (notes[0].action, notes[0].reason),
            (Action::Declared, Reason::InitialMoves)
        );
        assert_eq!(
            cells[0].1,
            attrs(&[("data-piece", "P"), ("data-moves", "mfWcfFimfW2")])
        );
        let no = page(
            &at,
            &click,
            &rows,
            "Pawns move as in Chess. There is no initial double-push for Pawns.",
        );
        let (notes, cells) = decided(&no);
        assert_eq!(
            (notes[0].action, notes[0].reason),
            (Action::Changed, Reason::LegacyExtra)
        );
        assert_eq!(
            notes[0].fix.as_deref(),
            Some("if the legacy is right, add data-moves=\"mfWcfFimfW2\" to <td id=\"sq2x1\">")
        );
        assert_eq!(cells[0].1, attrs(&[("data-piece", "P")]));
        // Silence is no support either.
        let (notes, _) = decided(&page(&at, &click, &rows, "Pawns promote."));
        assert_eq!(notes[0].reason, Reason::LegacyExtra);
    }

    #[test]
    fn a_sentence_supports_a_double_step_unless_it_negates_it() {
        let says = |prose: &str, name: &str| {
            let src = page(&[], &[("sq1x1", "1,1")], &[], prose);
            let doc = Html::parse_document(&src);
            let r = read::read(&doc).unwrap();
            says_initial_step(&r, name)
        };
        assert!(says(
            "Pawns can move two squares straight ahead from their initial position.",
            "Pawn"
        ));
        assert!(says(
            "The double-push of Persian Pawns can be blocked.",
            "Pawn (Persian)"
        ));
        assert!(says(
            "A Hoplite makes a double step on its first move.",
            "Hoplite Pawn"
        ));
        assert!(!says(
            "There is no initial double-push, and thus no en-passant capture. Pawns promote.",
            "Pawn"
        ));
        assert!(!says(
            "There is no castling, Pawn double-push or e.p. capture.",
            "Pawn"
        ));
        assert!(!says(
            "Its first move can also be two steps forward.",
            "Pawn"
        ));
        assert!(!says("Pawns can move two squares.", "Lance"));
    }

    #[test]
    fn the_page_rules_win_when_its_row_draws_otherwise() {
        let (notes, cells) = decided(&page(
            &[("sq3x3", "WhiteRook")],
            &[("sq3x3", "3,3")],
            &[("Rook", "R", "N")],
            "",
        ));
        assert_eq!(
            (notes[0].action, notes[0].reason),
            (Action::Changed, Reason::PageRulesWin)
        );
        assert!(
            notes[0]
                .fix
                .as_deref()
                .is_some_and(|f| f.contains("data-moves=\"R\""))
        );
        assert_eq!(cells[0].1, attrs(&[("data-piece", "R")]));
    }

    #[test]
    fn moves_of_no_row_are_named_by_the_page_or_shown_without_a_name() {
        let mut src = page(&[("sq7x3", "WhiteKing")], &[("sq7x3", "7,3")], &[], "");
        let (notes, _) = decided(&src);
        assert_eq!(
            notes[0].reason,
            Reason::OtherPage,
            "no row, no word: dropped"
        );
        src = src.replace("<p>", "<h3>King</h3><p>");
        let (notes, cells) = decided(&src);
        assert_eq!(
            (notes[0].action, notes[0].reason),
            (Action::Declared, Reason::OwnMoves)
        );
        assert_eq!(
            cells[0].1,
            attrs(&[("data-moves", "K"), ("data-words", "king")])
        );
        let (notes, cells) = decided(&page(
            &[("sq7x3", "WhiteKing")],
            &[("sq7x3", "7,3")],
            &[],
            "The king is royal.",
        ));
        assert_eq!(
            (notes[0].action, notes[0].reason),
            (Action::Changed, Reason::NoWordsInPage)
        );
        assert_eq!(cells[0].1, attrs(&[("data-moves", "K")]));
    }

    #[test]
    fn a_demonstration_is_declared_named_or_not_or_dropped() {
        let at = [("sq1x3", "BlackPawn")];
        let click = [("sq1x3", "1,3")];
        let (notes, cells) = decided(&page(&at, &click, &[], "<b>en-passant capture</b>"));
        assert_eq!(notes[0].reason, Reason::Demo);
        assert_eq!(
            cells[0].1,
            attrs(&[
                ("data-demo", "1,3 2,2=BlackPawn 2,3"),
                ("data-side", "black"),
                ("data-words", "en-passant-capture")
            ])
        );
        let (notes, _) = decided(&page(&at, &click, &[], "They can be captured en passant."));
        assert_eq!(notes[0].reason, Reason::NoWordsInPage);
        let (notes, _) = decided(&page(&at, &click, &[], "Pawns promote."));
        assert_eq!(
            (notes[0].action, notes[0].reason),
            (Action::Lost, Reason::OtherPage)
        );
    }

    #[test]
    fn a_piece_image_without_a_handler_is_its_row_or_a_still_piece() {
        let images = [
            ("sq0x0", "WhiteRook"),
            ("sq1x1", "BlackWall"),
            ("sq2x2", "yellow"),
        ];
        let (notes, cells) = decided(&page(&images, &[("sq7x7", ",")], &[("Rook", "R", "R")], ""));
        let reasons: Vec<Reason> = notes.iter().map(|n| n.reason).collect();
        // (The board is written from its top rank down.)
        let want = [Reason::HandlerSyntax, Reason::StillPiece, Reason::ImageRow];
        assert_eq!(reasons, want);
        assert_eq!(cells[0].0, "sq1x1");
        assert_eq!(cells[0].1, attrs(&[("data-still", "")]));
        assert_eq!(cells[1].0, "sq0x0");
        assert_eq!(cells[1].1, attrs(&[("data-piece", "R")]));
        assert_eq!(cells.len(), 2, "a mark image is no piece");
    }

    #[test]
    fn a_cell_off_the_board_is_not_declared() {
        let src = page(
            &[("sq3x3", "WhiteRook")],
            &[("sq3x3", "3,3")],
            &[("Rook", "R", "R")],
            "",
        )
        .replace(
            "<p id=\"piece\">",
            "<p id=\"sq9x9\" onmousedown=\"down_click(3,3)\">",
        );
        let (notes, cells) = decided(&src);
        let reasons: Vec<Reason> = notes.iter().map(|n| n.reason).collect();
        assert_eq!(reasons, [Reason::Carried, Reason::NoId]);
        assert_eq!(cells.len(), 1);
        assert_eq!(cells[0].0, "sq3x3");
    }
}
