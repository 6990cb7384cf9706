//! A legacy page's click handlers, read once for `glance lint` and `glance
//! migrate` (native only): the legacy script the page loads (the first
//! `<script src>` naming `spartan.js`, `chu.js` or `cwda.js`) and every
//! element with an `onmousedown` or `onmouseup` attribute, its
//! `down_click(x,y)` parsed and looked up in that script's table
//! ([`crate::board::clicks`]).
//!
//! ```
//! use glance::page::html::Document;
//! use glance::tools::legacy;
//! let doc = Document::parse(r#"<script src="js/spartan.js"></script><table><tr>
//!   <td id="sq3x3" onmousedown="down_click(3,3)"></td>
//!   <td id="sq4x3" onmousedown="down_click(,)"></td></tr></table>"#);
//! let page = legacy::read(doc.html());
//! assert_eq!(page.script.map(|(_, s)| s.file_name()), Some("spartan.js"));
//! assert_eq!(page.handlers[0].code, Some((3, 3)));
//! assert_eq!(page.handlers[0].entry.map(|e| e.name), Some("Rook"));
//! assert_eq!(page.handlers[1].code, None);
//! ```

use scraper::{ElementRef, Html};

use crate::board::clicks::{self, Entry, Script};

/// An element with a legacy handler.
#[derive(Clone, Debug)]
pub struct Handler<'a> {
    pub element: ElementRef<'a>,
    /// Its `onmousedown` as written (`None`: an `onmouseup` alone).
    pub down: Option<&'a str>,
    /// The code of its `down_click(x,y)`, if it is one.
    pub code: Option<(i32, i32)>,
    /// What that code shows in the page's script, if the page loads one
    /// and it defines the code (`None`: a dead handler).
    pub entry: Option<&'static Entry>,
}

/// A legacy page's script and handlers.
#[derive(Clone, Debug)]
pub struct Legacy<'a> {
    /// The `<script>` element and the script it loads.
    pub script: Option<(ElementRef<'a>, Script)>,
    /// The elements with handlers, in page order.
    pub handlers: Vec<Handler<'a>>,
}

/// The script a `<script src>` value names, by its file name.
pub fn script_named(src: &str) -> Option<Script> {
    let path = src.trim().split(['?', '#']).next().unwrap_or("");
    Script::from_name(clicks::after_last(path, b'/'))
}

/// The legacy script and handlers of the page `doc`.
pub fn read(doc: &Html) -> Legacy<'_> {
    let mut script = None;
    let mut handlers = Vec::new();
    for e in doc.root_element().descendent_elements() {
        if script.is_none() && e.value().name() == "script" {
            if let Some(s) = e.attr("src").and_then(script_named) {
                script = Some((e, s));
            }
        }
        if e.attr("onmousedown").is_none() && e.attr("onmouseup").is_none() {
            continue;
        }
        let down = e.attr("onmousedown");
        let code = down.and_then(clicks::parse_handler);
        handlers.push(Handler {
            element: e,
            down,
            code,
            entry: None,
        });
    }
    for h in &mut handlers {
        h.entry = match (script, h.code) {
            (Some((_, s)), Some((x, y))) => clicks::lookup(s, x, y),
            _ => None,
        };
    }
    Legacy { script, handlers }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_legacy_script_serves_every_handler() {
        let doc = Html::parse_document(
            r#"<script src="other.js"></script><script src="chu.js?v=2"></script>
               <script src="spartan.js"></script>
               <p id="sq1x1" onmouseup="up_click()"></p>
               <p id="sq2x2" onmousedown=" down_click( 99 , 3 ) ;"></p>"#,
        );
        let page = read(&doc);
        assert_eq!(page.script.map(|(_, s)| s), Some(Script::Chu));
        assert_eq!(page.handlers.len(), 2);
        assert_eq!(page.handlers[0].down, None);
        assert_eq!(page.handlers[0].code, None);
        assert_eq!(page.handlers[1].code, Some((99, 3)));
        assert!(page.handlers[1].entry.is_none(), "chu.js defines no (99,3)");
    }

    #[test]
    fn no_script_no_entry() {
        let doc = Html::parse_document(r#"<p onmousedown="down_click(3,3)"></p>"#);
        let page = read(&doc);
        assert!(page.script.is_none());
        assert_eq!(page.handlers[0].code, Some((3, 3)));
        assert!(page.handlers[0].entry.is_none());
        assert_eq!(script_named(" js/cwda.js#x"), Some(Script::Cwda));
    }
}
