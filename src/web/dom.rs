//! The live page as the page reader's document tree: [`Dom`] answered by
//! the DOM through web-sys, so that `dist/glance.js` reads what a page
//! declares with the very code `glance lint` reads a file with
//! ([`crate::page::reader`]). Reads only: nothing on the page changes here.

use alloc::string::String;
use alloc::vec::Vec;

use wasm_bindgen::JsCast;
use web_sys::Element;

use crate::page::reader::{Dom, Node};

impl Dom for Element {
    fn select(&self, selector: &str) -> Vec<Self> {
        let mut out = Vec::new();
        if let Ok(list) = self.query_selector_all(selector) {
            // A selector matches elements only: no check needed.
            for i in 0..list.length() {
                if let Some(node) = list.item(i) {
                    out.push(node.unchecked_into::<Element>());
                }
            }
        }
        out
    }

    fn rows(&self) -> Vec<Self> {
        // The same rows as the reader's own loop, in one question.
        self.select(":scope>tr,:scope>thead>tr,:scope>tbody>tr,:scope>tfoot>tr")
    }

    fn cells(&self) -> Vec<Self> {
        // The same cells as the reader's own filter, in one question.
        self.select(":scope>td,:scope>th")
    }

    fn tag(&self) -> String {
        self.local_name()
    }

    fn attr(&self, name: &str) -> Option<String> {
        self.get_attribute(name)
    }

    fn has_attr(&self, name: &str) -> bool {
        // No attribute's text copied into the module to be dropped.
        self.has_attribute(name)
    }

    fn text(&self) -> String {
        self.text_content().unwrap_or_default()
    }

    fn children(&self) -> Vec<Self> {
        // The same elements as `Element.children`, through the one list
        // reader (no HTMLCollection bindings).
        self.select(":scope > *")
    }

    fn child_nodes(&self) -> Vec<Node<Self>> {
        nodes_from(self.first_child())
    }

    fn next_nodes(&self) -> Vec<Node<Self>> {
        nodes_from(self.next_sibling())
    }

    fn closest_cell(&self) -> Option<Self> {
        self.closest("[id^=sq]").ok().flatten()
    }
}

/// `node` and the siblings after it, elements and texts, as the reader's
/// nodes (one walk for a node's children and for what follows it).
fn nodes_from(mut node: Option<web_sys::Node>) -> Vec<Node<Element>> {
    let mut out = Vec::new();
    while let Some(n) = node {
        // The next sibling first, so that `n` itself is moved into the
        // list (no clone of its handle).
        node = n.next_sibling();
        match n.node_type() {
            web_sys::Node::TEXT_NODE => out.push(Node::Text(n.text_content().unwrap_or_default())),
            // An element node is an `Element`: no check needed.
            web_sys::Node::ELEMENT_NODE => out.push(Node::Element(n.unchecked_into())),
            _ => {}
        }
    }
    out
}
