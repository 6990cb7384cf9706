//! The document: XBoard's rules page layout (title; the setup text beside
//! its picture; the board with its legend; the piece table; a section per
//! piece; the rules), in one `<main>`.

use maud::{DOCTYPE, Markup, PreEscaped, html};

use super::super::MARKER;
use super::super::layout::runs;
use super::super::view::PageView;
use super::{board_table, diagram_table, hands, piece};

/// The look of the static diagrams and of the layout around the board
/// (moves.css draws the board itself).
const STYLE: &str = "
  table.setup td { vertical-align: top; padding: 0 2em 1em 0; }
  table.diagram { border-collapse: collapse; margin: 0.5em 0; }
  table.diagram td { width: 24px; height: 24px; padding: 0; text-align: center;
    vertical-align: middle; background-color: #C0C0C0; border: 1px solid #000000;
    font: bold 14px sans-serif; }
  table.diagram span.t { position: absolute; left: -9999px; }
  table.diagram td img { width: 22px; height: 22px; display: block; margin: 0 auto; }
  ul.keys { list-style: none; padding: 0; }
  ul.keys img { width: 16px; height: 16px; vertical-align: middle; margin-right: 0.4em; }
  section.piece, section.drop { break-inside: avoid; }
  table.board td.hand { width: 36px; min-width: 36px; height: 36px; padding: 0;
    text-align: center; vertical-align: middle; background-color: #E8DCB8;
    border: 1px solid #000000; }
";

/// The walls' look, on a page whose start position has walls only (the
/// others, and their translations' strings, stay as they were).
const WALL_STYLE: &str = "
  table.board td.n.wall, table.diagram td.wall { background-color: #404040; }
  table.board span.t { position: absolute; left: -9999px; }
";

pub(in super::super) fn page(p: &PageView) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                title { (p.title) }
                (PreEscaped(format!(
                    "{MARKER} from [{}] of {}: glance page overwrites it, not a page it did not write. -->",
                    super::super::comment_text(&p.name),
                    super::super::comment_text(&p.source)
                )))
                link rel="stylesheet" href="moves.css";
                link rel="jslicense" href="javascript.html";
                style { (PreEscaped(STYLE)) }
                @if !p.walls.is_empty() { style { (PreEscaped(WALL_STYLE)) } }
                script src=(p.script_src) {}
            }
            body {
                main {
                    h1 { (p.title) }
                    @if let Some(about) = &p.about {
                        @if about.claims.is_empty() { p.about { (about.text) } }
                        @else { p.about data-rule=(about.data_rule()) { (about.text) } }
                    }
                    p {
                        (p.title) " is played on a board of " (p.files) "×" (p.ranks)
                        " squares. This page was written from its definition for Fairy-Stockfish."
                    }
                    h2 { "The board" }
                    (setup(p))
                    (board_table::board(p))
                    (hands::sections(&p.hands, &p.hand_origin))
                    h2 { "The pieces" }
                    (piece::table(p))
                    @for pv in &p.pieces {
                        (piece::section(pv, diagram_table::diagram(&pv.diagram, &pv.name)))
                    }
                    (rules(p))
                }
            }
        }
    }
}

/// The setup text beside its picture, as XBoard's pages lay them out.
fn setup(p: &PageView) -> Markup {
    let text = html! {
        h3 { "Initial setup" }
        @if p.setup.is_empty() {
            p { "The board is empty at the start." }
        }
        @for (side, lines) in &p.setup {
            h4 { (side) }
            p {
                @for (i, line) in lines.iter().enumerate() {
                    @if i > 0 { br; }
                    (line)
                }
            }
        }
        @if !p.walls.is_empty() {
            p.walls {
                "Walls stand on " (runs(&p.walls)) " from the start and for the whole game: no piece may stop on "
                "a wall or slide through one (a leap may pass over it), and no wall is ever captured."
            }
        }
        @if !p.promoted_at_start.is_empty() {
            p.promoted {
                "Starting promoted: "
                @for (i, line) in p.promoted_at_start.iter().enumerate() {
                    @if i > 0 { "; " }
                    (line)
                }
                "."
            }
        }
    };
    html! {
        @match &p.picture {
            Some(pic) => {
                table.setup role="presentation" {
                    tr {
                        td { img src=(pic.src) alt=(pic.alt) data-fen=(pic.fen); }
                        td { (text) }
                    }
                }
            }
            None => { (text) }
        }
    }
}

/// How the game is won, drawn and lost, then what the board does not show.
fn rules(p: &PageView) -> Markup {
    html! {
        h2 { "Rules" }
        h3 { "How the game ends" }
        ul {
            @for s in &p.rules.ends { li data-rule=(s.data_rule()) { (s.text) } }
        }
        @if !p.rules.beyond.is_empty() {
            h3 { "Rules the board does not show" }
            p { "The board above shows where each piece moves; these rules are not drawn on it." }
            ul {
                @for s in &p.rules.beyond { li data-rule=(s.data_rule()) { (s.text) } }
            }
        }
    }
}
