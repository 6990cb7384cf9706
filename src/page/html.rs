//! The page reader's document tree for files (native only): html5ever,
//! through scraper, parses a page as a browser does, and [`Dom`] is
//! answered from its tree, so `glance lint` and `glance migrate` read a
//! file as `dist/glance.js` reads the live page.
//!
//! ```
//! use glance::page::html::Document;
//! let doc = Document::parse(r#"<html lang="de"><table class="board"><tr>
//!   <td class="n" id="sq0x0" data-piece="K"></td></tr></table>"#);
//! let decl = doc.read();
//! assert_eq!(decl.lang, "de");
//! assert!(decl.board_table);
//! assert_eq!(decl.cells[0].id, "sq0x0");
//! ```

use scraper::{ElementRef, Html, Selector};

use crate::page::declared::Declarations;
use crate::page::reader::{self, Dom, Node};

/// A parsed page.
pub struct Document {
    html: Html,
}

impl Document {
    /// Parses `text` as browsers do (no error: any text is some document).
    pub fn parse(text: &str) -> Document {
        Document {
            html: Html::parse_document(text),
        }
    }

    /// The `<html>` element.
    pub fn root(&self) -> Element<'_> {
        Element(self.html.root_element())
    }

    /// What the page declares ([`reader::read`]).
    pub fn read(&self) -> Declarations {
        reader::read(&self.root())
    }

    /// The scraper tree, for what lint reads beyond the declarations.
    pub fn html(&self) -> &Html {
        &self.html
    }
}

/// An element of a parsed page.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Element<'a>(pub ElementRef<'a>);

impl Dom for Element<'_> {
    fn select(&self, selector: &str) -> Vec<Self> {
        match Selector::parse(selector) {
            Ok(s) => self.0.select(&s).map(Element).collect(),
            Err(_) => Vec::new(),
        }
    }

    fn tag(&self) -> String {
        self.0.value().name().to_ascii_lowercase()
    }

    fn attr(&self, name: &str) -> Option<String> {
        self.0.attr(name).map(str::to_string)
    }

    fn text(&self) -> String {
        self.0.text().collect()
    }

    fn children(&self) -> Vec<Self> {
        self.0.child_elements().map(Element).collect()
    }

    fn child_nodes(&self) -> Vec<Node<Self>> {
        self.0.children().filter_map(node).collect()
    }

    fn next_nodes(&self) -> Vec<Node<Self>> {
        self.0.next_siblings().filter_map(node).collect()
    }

    fn closest_cell(&self) -> Option<Self> {
        std::iter::once(self.0)
            .chain(self.0.ancestors().filter_map(ElementRef::wrap))
            .find(|e| e.value().id().is_some_and(|id| id.starts_with("sq")))
            .map(Element)
    }
}

/// ego_tree's node (scraper's tree), named through `ElementRef`'s deref.
type TreeNode<'a> = <ElementRef<'a> as core::ops::Deref>::Target;

/// A node of the tree as the reader's: an element or a text (`None` for
/// comments and the like).
fn node(n: TreeNode<'_>) -> Option<Node<Element<'_>>> {
    match n.value() {
        scraper::Node::Text(t) => Some(Node::Text(t.to_string())),
        scraper::Node::Element(_) => ElementRef::wrap(n).map(|e| Node::Element(Element(e))),
        _ => None,
    }
}
