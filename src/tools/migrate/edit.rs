//! Edit: the page's source with a few edits at its start tags
//! ([`crate::page::tags`] says where each is, byte for byte), every other
//! byte as it was: attributes removed, added, or their values set.

use std::collections::HashMap;

use scraper::{ElementRef, Html};

use crate::page::tags::{Tag, start_tags};

use super::decide::Plan;
use super::read::Read;
use super::{MigrateError, Options};

/// An edit of the source: replace `start..end` by `text`.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Edit {
    start: usize,
    end: usize,
    text: String,
}

/// What one start tag gains.
#[derive(Default)]
pub(super) struct TagEdit {
    pub remove: Vec<String>,
    pub add: Vec<(String, String)>,
    pub set: Vec<(String, String)>,
    /// Text written just before the tag's `<` (a new element).
    pub before: String,
}

pub(super) struct Editor<'a> {
    source: &'a str,
    tags: Vec<Tag>,
    /// The tag of each element of the tree that has one.
    tag_of: Vec<(ElementRef<'a>, usize)>,
    edits: HashMap<usize, TagEdit>,
}

impl<'a> Editor<'a> {
    pub fn new(source: &'a str, doc: &'a Html) -> Editor<'a> {
        let tags = start_tags(source);
        let mut by_name: HashMap<&str, Vec<usize>> = HashMap::new();
        for (i, t) in tags.iter().enumerate() {
            by_name.entry(t.name.as_str()).or_default().push(i);
        }
        let mut seen: HashMap<String, usize> = HashMap::new();
        let mut elements: Vec<(ElementRef<'a>, String, usize)> = Vec::new();
        for e in doc.root_element().descendent_elements() {
            let name = e.value().name().to_ascii_lowercase();
            let n = seen.entry(name.clone()).or_default();
            elements.push((e, name, *n));
            *n += 1;
        }
        let mut tag_of = Vec::new();
        for (e, name, n) in elements {
            // Only names whose every element has a tag of its own in the
            // source are paired (html5ever adds <tbody>, <html>... of its
            // own, and may drop a misplaced tag).
            let Some(list) = by_name.get(name.as_str()) else {
                continue;
            };
            if list.len() == seen.get(&name).copied().unwrap_or(0) {
                if let Some(&t) = list.get(n) {
                    tag_of.push((e, t));
                }
            }
        }
        Editor {
            source,
            tags,
            tag_of,
            edits: HashMap::new(),
        }
    }

    /// The start tag of `e`, checked: every attribute the tree gives `e`
    /// is in the tag, with the same value where no character reference
    /// could make them differ.
    pub fn tag(&self, e: &ElementRef) -> Result<usize, MigrateError> {
        let what = || MigrateError::Markup {
            what: format!(
                "the <{}{}> element has no start tag of its own in the source",
                e.value().name(),
                e.value()
                    .id()
                    .map(|id| format!(" id=\"{id}\""))
                    .unwrap_or_default()
            ),
        };
        let t = self
            .tag_of
            .iter()
            .find(|(x, _)| x == e)
            .map(|&(_, t)| t)
            .ok_or_else(what)?;
        let tag = &self.tags[t];
        for (name, value) in e.value().attrs() {
            let Some(attr) = tag.attr(&name.to_ascii_lowercase()) else {
                return Err(what());
            };
            let raw = attr.value(self.source).unwrap_or("");
            if !raw.contains('&') && raw != value {
                return Err(what());
            }
        }
        Ok(t)
    }

    pub fn edit(&mut self, t: usize) -> &mut TagEdit {
        self.edits.entry(t).or_default()
    }

    /// The source with every edit made.
    pub fn write(self) -> String {
        let mut edits: Vec<Edit> = Vec::new();
        for (t, te) in &self.edits {
            let tag = &self.tags[*t];
            if !te.before.is_empty() {
                edits.push(Edit {
                    start: tag.start,
                    end: tag.start,
                    text: te.before.clone(),
                });
            }
            for name in &te.remove {
                for a in tag.attrs.iter().filter(|a| &a.name == name) {
                    // The attribute and the spaces before it.
                    let mut start = a.start;
                    while start > tag.start
                        && matches!(
                            self.source.as_bytes()[start - 1],
                            b' ' | b'\t' | b'\n' | b'\r' | b'\x0c'
                        )
                    {
                        start -= 1;
                    }
                    // What follows must not join what precedes: an
                    // attribute written right after it (`x="1"y`) keeps
                    // a space before it.
                    let joins = self.source.as_bytes().get(a.end).is_some_and(|&b| {
                        !matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0c' | b'>' | b'/')
                    });
                    // Nor may a stray slash before it become the end of
                    // a self-closing tag (`<svg/onmouseup="...">` must not
                    // become `<svg/>`).
                    let slash = self.source.as_bytes()[start - 1] == b'/';
                    edits.push(Edit {
                        start,
                        end: a.end,
                        text: String::from(if joins || slash { " " } else { "" }),
                    });
                }
            }
            for (name, value) in &te.set {
                if let Some(r) = tag.attr(name).and_then(|a| a.value.clone()) {
                    edits.push(Edit {
                        start: r.start,
                        end: r.end,
                        text: escape(value),
                    });
                }
            }
            if !te.add.is_empty() {
                let mut text = String::new();
                for (name, value) in &te.add {
                    text.push(' ');
                    text.push_str(name);
                    if !value.is_empty() {
                        text.push_str("=\"");
                        text.push_str(&escape(value));
                        text.push('"');
                    }
                }
                edits.push(Edit {
                    start: tag.insert_at,
                    end: tag.insert_at,
                    text,
                });
            }
        }
        edits.sort();
        let mut out = String::with_capacity(self.source.len() + 64 * edits.len());
        let mut at = 0;
        for e in edits {
            if e.start < at {
                // Overlapping edits cannot happen: removals are disjoint
                // attributes, insertions sit at a tag's end.
                continue;
            }
            out.push_str(&self.source[at..e.start]);
            out.push_str(&e.text);
            at = e.end;
        }
        out.push_str(&self.source[at..]);
        out
    }
}

/// An attribute value with `&`, `"`, `<` and `>` escaped.
pub(super) fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}

/// The page `source` (parsed as `doc`, read as `read`) with the plan's
/// edits: handlers removed, the cells' and rows' declarations added, a
/// piece table's `data-columns` where its columns are not Piece, ID,
/// value, Moves, Remarks, the words' `data-text`, the script's `src`,
/// with [`Options::relocate`], relative addresses prefixed, and with
/// [`Options::labels`], the labels page linked ([`link_labels`]).
pub(super) fn apply(
    source: &str,
    doc: &Html,
    read: &Read,
    plan: &Plan,
    options: &Options,
) -> Result<String, MigrateError> {
    let mut ed = Editor::new(source, doc);
    for e in &plan.handlers {
        let t = ed.tag(e)?;
        let edit = ed.edit(t);
        edit.remove.push(String::from("onmousedown"));
        edit.remove.push(String::from("onmouseup"));
    }
    for (e, attrs) in &plan.cells {
        let t = ed.tag(e)?;
        ed.edit(t).add.extend(attrs.iter().cloned());
    }
    let mut rows = plan.rows.clone();
    rows.sort_unstable();
    let mut tables: Vec<usize> = Vec::new();
    for &r in &rows {
        let row = &read.rows[r];
        if row.tr.attr("data-piece").is_none() {
            let t = ed.tag(&row.tr)?;
            ed.edit(t)
                .add
                .push((String::from("data-piece"), row.key.clone()));
        }
        if !tables.contains(&row.table) {
            tables.push(row.table);
        }
    }
    for &i in &tables {
        let table = &read.tables[i];
        let (n, m, r) = table.columns;
        if (n, m, r) != (0, 3, 4) && table.element.attr("data-columns").is_none() {
            let t = ed.tag(&table.element)?;
            ed.edit(t)
                .add
                .push((String::from("data-columns"), format!("{n} {m} {r}")));
        }
    }
    for (i, key) in &plan.texts {
        let t = ed.tag(&read.elements[*i])?;
        ed.edit(t)
            .add
            .push((String::from("data-text"), key.clone()));
    }
    let script_tag = match read.legacy.script {
        Some((e, _)) => Some(ed.tag(&e)?),
        None => None,
    };
    if let Some(t) = script_tag {
        ed.edit(t)
            .set
            .push((String::from("src"), options.script_src.clone()));
    }
    if let Some(prefix) = &options.relocate {
        relocate(&mut ed, read, prefix, script_tag)?;
    }
    if let Some(url) = &options.labels {
        link_labels(&mut ed, read, script_tag, url)?;
    }
    Ok(ed.write())
}

/// The page linked to the JavaScript Web Labels page `url`, which tells
/// LibreJS each script's license and source. LibreJS takes the first
/// `<link>` or `<a>` with `rel="jslicense"` (or `data-jslicense="1"`):
/// if the page has one, its `href` is set to `url` (where it differs);
/// otherwise `<link rel="jslicense" href="URL">` is written just before
/// the script's tag, on a line of its own with the tag's indentation when
/// the tag starts its line (so that the link is there before the script
/// loads), or, with no script tag, before the first element of the page
/// other than `html`, `head` and `body`.
fn link_labels(
    ed: &mut Editor,
    read: &Read,
    script_tag: Option<usize>,
    url: &str,
) -> Result<(), MigrateError> {
    let is_link = |e: &ElementRef| {
        matches!(e.value().name(), "link" | "a")
            && (e.attr("rel") == Some("jslicense") || e.attr("data-jslicense") == Some("1"))
    };
    if let Some(e) = read.elements.iter().find(|e| is_link(e)) {
        if e.attr("href") == Some(url) {
            return Ok(());
        }
        let t = ed.tag(e)?;
        let has_href = ed.tags[t].attr("href").is_some();
        let edit = ed.edit(t);
        // The page's own address wins over a relocated one.
        edit.set.retain(|(name, _)| name != "href");
        if has_href {
            edit.set.push((String::from("href"), url.to_string()));
        } else {
            edit.add.push((String::from("href"), url.to_string()));
        }
        return Ok(());
    }
    let t = match script_tag {
        Some(t) => t,
        None => {
            let first = read
                .elements
                .iter()
                .find(|e| !matches!(e.value().name(), "html" | "head" | "body"))
                .ok_or_else(|| MigrateError::Markup {
                    what: String::from("no element to put the labels link before"),
                })?;
            ed.tag(first)?
        }
    };
    let start = ed.tags[t].start;
    let line = ed.source[..start].rfind('\n').map_or(0, |i| i + 1);
    let indent = &ed.source[line..start];
    let mut text = format!("<link rel=\"jslicense\" href=\"{}\">", escape(url));
    if indent.bytes().all(|b| b == b' ' || b == b'\t') {
        text.push('\n');
        text.push_str(indent);
    }
    ed.edit(t).before.push_str(&text);
    Ok(())
}

/// Relative `src` and `href` values prefixed (the script's `src` aside).
fn relocate(
    ed: &mut Editor,
    read: &Read,
    prefix: &str,
    script_tag: Option<usize>,
) -> Result<(), MigrateError> {
    for e in &read.elements {
        for name in ["src", "href"] {
            let Some(value) = e.attr(name) else { continue };
            let Some(new) = relocated(value, prefix) else {
                continue;
            };
            let t = ed.tag(e)?;
            if Some(t) == script_tag && name == "src" {
                continue;
            }
            ed.edit(t).set.push((String::from(name), new));
        }
    }
    Ok(())
}

/// A relative address prefixed, or `None` for one that is not relative
/// (a scheme, `/`, `#`, or empty).
pub(super) fn relocated(value: &str, prefix: &str) -> Option<String> {
    let v = value.trim();
    if v.is_empty() || v.starts_with(['/', '#', '\\']) || v.starts_with("../") {
        return None;
    }
    if v.split('/').next().unwrap_or("").contains(':') {
        return None;
    }
    Some(format!("{prefix}{}", v.strip_prefix("./").unwrap_or(v)))
}
