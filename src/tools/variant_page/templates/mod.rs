//! The written page's HTML, one template per part (maud: the markup in
//! Rust, every text and attribute escaped by construction):
//!
//! * [`page`]: the document: head, title, setup, board, pieces, rules;
//! * [`board`]: the Moves-at-a-Glance board, its legend beside it;
//! * [`legend`]: the legend's rows, in the rules pages' colours and words;
//! * [`piece`]: the piece table and a section per piece;
//! * [`diagram`]: a piece's static diagram, a small board in HTML only;
//! * [`catalogue`]: `index.html`, the list of every page written.

pub(super) mod board_table;
pub(super) mod catalogue;
pub(super) mod diagram_table;
pub(super) mod document;
pub(super) mod hands;
pub(super) mod legend;
pub(super) mod piece;

use maud::{Markup, html};

use super::look::Look;

/// The closing tags a written page breaks its lines after.
const LINE_ENDS: [&str; 11] = [
    "</tr>",
    "</p>",
    "</li>",
    "</h1>",
    "</h2>",
    "</h3>",
    "</h4>",
    "</table>",
    "</figure>",
    "</section>",
    "</ul>",
];

/// The markup as text, a line ending after each row, paragraph, item,
/// heading, table, figure and section (whitespace no layout shows: maud
/// writes one line). po4a, GNUN's tool for translating the pages, takes
/// time growing with the square of a line's length: a 150 kB page on one
/// line took it 110 s, on 359 lines 3.6 s, with the same strings to
/// translate. (maud escapes `<` in every text and attribute, so these
/// strings are tags.)
///
/// ```
/// # use maud::html;
/// let page = html! { ul { li { "a" } li { "b" } } p { "c" } };
/// assert_eq!(glance::tools::variant_page::lines(page), "<ul><li>a</li>\n<li>b</li>\n</ul>\n<p>c</p>\n");
/// ```
pub fn lines(markup: Markup) -> String {
    let text = markup.into_string();
    let mut out = String::with_capacity(text.len() + text.len() / 64);
    let mut rest = text.as_str();
    while let Some(at) = rest.find("</") {
        let end = LINE_ENDS
            .iter()
            .find(|tag| rest[at..].starts_with(**tag))
            .map_or(at + 2, |tag| at + tag.len());
        out.push_str(&rest[..end]);
        if end > at + 2 {
            out.push('\n');
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// A piece as its look draws it.
pub(super) fn look(l: &Look) -> Markup {
    html! { img src=(l.src) alt=(l.alt); }
}
