//! The start tags of an HTML source with their byte ranges, so that
//! `glance migrate` can edit a page in place (html5ever builds a tree but
//! says nowhere where in the source an element was).
//!
//! This is a small tokenizer, not a parser: it finds start tags `<name
//! attr=value ...>` outside comments, `<!...>` and `<?...>` declarations,
//! end tags and the contents of raw-text elements (`script`, `style`,
//! `textarea`, `title`, `xmp`, `iframe`, `noembed`, `noframes`,
//! `noscript`, `plaintext`), following the WHATWG tokenizer's rules for
//! where a tag and each attribute begin and end. The tree (which element
//! holds which text) stays html5ever's: [`crate::tools::migrate`] pairs the k-th
//! element named `td` of the tree with the k-th start tag named `td` here,
//! and checks that their attributes agree before it edits anything.
//!
//! ```
//! use glance::page::tags::start_tags;
//! let src = r#"<!-- <td> --><td class=n id="sq1x2" onmousedown='down_click(1,2)'>x</td>"#;
//! let tags = start_tags(src);
//! assert_eq!(tags.len(), 1);
//! let td = &tags[0];
//! assert_eq!(td.name, "td");
//! assert_eq!(&src[td.start..td.end], r#"<td class=n id="sq1x2" onmousedown='down_click(1,2)'>"#);
//! let handler = td.attr("onmousedown").unwrap();
//! assert_eq!(handler.value(src), Some("down_click(1,2)"));
//! assert_eq!(&src[handler.start..handler.end], "onmousedown='down_click(1,2)'");
//! ```

use std::ops::Range;

/// An attribute of a start tag, by byte positions in the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attr {
    /// Its name, ASCII lower-cased.
    pub name: String,
    /// Where it starts (its name's first byte).
    pub start: usize,
    /// Where it ends (after its value's closing quote, or after its name
    /// when it has no value).
    pub end: usize,
    /// Its value's bytes, quotes excluded, as written (character
    /// references not decoded), if it has a value.
    pub value: Option<Range<usize>>,
}

impl Attr {
    /// The value as written in `source`.
    pub fn value<'s>(&self, source: &'s str) -> Option<&'s str> {
        source.get(self.value.clone()?)
    }
}

/// A start tag, by byte positions in the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    /// Its name, ASCII lower-cased.
    pub name: String,
    /// The `<`.
    pub start: usize,
    /// After the `>` (or the end of the source for a tag left open).
    pub end: usize,
    /// Where a new attribute can be written: before the `>` or the `/>`.
    pub insert_at: usize,
    pub attrs: Vec<Attr>,
}

impl Tag {
    /// Its first attribute named `name` (as the tree keeps the first of
    /// two alike).
    pub fn attr(&self, name: &str) -> Option<&Attr> {
        self.attrs.iter().find(|a| a.name == name)
    }
}

const RAW_TEXT: [&str; 10] = [
    "script",
    "style",
    "textarea",
    "title",
    "xmp",
    "iframe",
    "noembed",
    "noframes",
    "noscript",
    "plaintext",
];

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\x0c' | b'\r')
}

/// Every start tag of `source`, in source order.
pub fn start_tags(source: &str) -> Vec<Tag> {
    let bytes = source.as_bytes();
    let mut tags = Vec::new();
    let mut i = 0;
    while let Some(lt) = find(bytes, i, b"<") {
        i = lt + 1;
        let Some(&next) = bytes.get(i) else { break };
        if bytes[i..].starts_with(b"!--") {
            // A comment: up to `-->` (or `<!-->`, `<!--->`, an empty one).
            let body = i + 3;
            i = match find(bytes, body, b"-->") {
                Some(e) if e >= body => e + 3,
                _ => bytes.len(),
            };
            if bytes[body..].starts_with(b">") {
                i = body + 1;
            } else if bytes[body..].starts_with(b"->") {
                i = body + 2;
            }
        } else if next == b'!' || next == b'?' {
            i = find(bytes, i, b">").map_or(bytes.len(), |e| e + 1);
        } else if next == b'/' {
            if bytes.get(i + 1).is_some_and(u8::is_ascii_alphabetic) {
                i = find(bytes, i, b">").map_or(bytes.len(), |e| e + 1);
            }
        } else if next.is_ascii_alphabetic() {
            let tag = read_tag(source, lt);
            i = tag.end;
            let raw = RAW_TEXT.contains(&tag.name.as_str());
            let name = tag.name.clone();
            tags.push(tag);
            if name == "plaintext" {
                break;
            }
            if raw {
                i = raw_text_end(bytes, i, name.as_bytes());
            }
        }
    }
    tags
}

/// The first `needle` at or after `from`.
fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    let hay = bytes.get(from..)?;
    hay.windows(needle.len())
        .position(|w| w == needle)
        .map(|p| p + from)
}

/// Where the raw text of element `name` ends: at its end tag `</name`
/// followed by a space, `/` or `>` (any case), or the end of the source.
fn raw_text_end(bytes: &[u8], from: usize, name: &[u8]) -> usize {
    let mut i = from;
    while let Some(lt) = find(bytes, i, b"</") {
        let after = lt + 2 + name.len();
        let matches = bytes
            .get(lt + 2..after)
            .is_some_and(|n| n.eq_ignore_ascii_case(name));
        if matches
            && bytes
                .get(after)
                .is_none_or(|&b| is_space(b) || b == b'/' || b == b'>')
        {
            return lt;
        }
        i = lt + 2;
    }
    bytes.len()
}

/// The start tag whose `<` is at `lt` (followed by a letter).
fn read_tag(source: &str, lt: usize) -> Tag {
    let bytes = source.as_bytes();
    let mut i = lt + 1;
    while i < bytes.len() && !is_space(bytes[i]) && bytes[i] != b'/' && bytes[i] != b'>' {
        i += 1;
    }
    let name = source[lt + 1..i].to_ascii_lowercase();
    let mut attrs = Vec::new();
    loop {
        // Before an attribute name: spaces and stray slashes.
        while i < bytes.len() && (is_space(bytes[i]) || bytes[i] == b'/') {
            if bytes[i] == b'/' && bytes.get(i + 1) == Some(&b'>') {
                return Tag {
                    name,
                    start: lt,
                    end: i + 2,
                    insert_at: i,
                    attrs,
                };
            }
            i += 1;
        }
        if i >= bytes.len() {
            return Tag {
                name,
                start: lt,
                end: bytes.len(),
                insert_at: bytes.len(),
                attrs,
            };
        }
        if bytes[i] == b'>' {
            return Tag {
                name,
                start: lt,
                end: i + 1,
                insert_at: i,
                attrs,
            };
        }
        // The name: up to a space, `/`, `>` or `=` (a leading `=` is part
        // of it).
        let start = i;
        i += 1;
        while i < bytes.len() && !is_space(bytes[i]) && !matches!(bytes[i], b'/' | b'>' | b'=') {
            i += 1;
        }
        let attr_name = source[start..i].to_ascii_lowercase();
        let name_end = i;
        let mut j = i;
        while j < bytes.len() && is_space(bytes[j]) {
            j += 1;
        }
        if bytes.get(j) != Some(&b'=') {
            attrs.push(Attr {
                name: attr_name,
                start,
                end: name_end,
                value: None,
            });
            continue;
        }
        j += 1;
        while j < bytes.len() && is_space(bytes[j]) {
            j += 1;
        }
        let (value, end) = match bytes.get(j) {
            Some(&q) if q == b'"' || q == b'\'' => match find(bytes, j + 1, &[q]) {
                Some(close) => (j + 1..close, close + 1),
                None => (j + 1..bytes.len(), bytes.len()),
            },
            Some(b'>') | None => (j..j, j),
            Some(_) => {
                let mut k = j;
                while k < bytes.len() && !is_space(bytes[k]) && bytes[k] != b'>' {
                    k += 1;
                }
                (j..k, k)
            }
        };
        attrs.push(Attr {
            name: attr_name,
            start,
            end,
            value: Some(value),
        });
        i = end;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attributes_quoted_unquoted_bare_and_over_lines() {
        let src = "<td class=n id=\"sq0x9\" onmousedown=\"down_click(,)\" onmouseup=\n  \"up_click()\" hidden>";
        let tags = start_tags(src);
        assert_eq!(tags.len(), 1);
        let t = &tags[0];
        let names: Vec<&str> = t.attrs.iter().map(|a| a.name.as_str()).collect();
        assert_eq!(names, ["class", "id", "onmousedown", "onmouseup", "hidden"]);
        assert_eq!(t.attr("class").unwrap().value(src), Some("n"));
        assert_eq!(t.attr("onmouseup").unwrap().value(src), Some("up_click()"));
        assert_eq!(t.attr("hidden").unwrap().value(src), None);
        assert_eq!(&src[t.insert_at..], ">");
        let up = t.attr("onmouseup").unwrap();
        assert_eq!(&src[up.start..up.end], "onmouseup=\n  \"up_click()\"");
    }

    #[test]
    fn comments_scripts_and_end_tags_hide_nothing_they_should_not() {
        let src = "<!--#include virtual=\"x\" --><p>a<!-- <td id=no> -->\
                   <script>if (a<b) document.write('<td id=no>')</script ><TD ID=yes/>\
                   </td><!--><img src=a.png><style></STYLE><b>";
        let tags = start_tags(src);
        let names: Vec<&str> = tags.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["p", "script", "td", "img", "style", "b"]);
        let td = &tags[2];
        // An unquoted value takes the slash (as browsers read it).
        assert_eq!(td.attr("id").unwrap().value(src), Some("yes/"));
        assert_eq!(&src[td.insert_at..td.end], ">");
        let img = &start_tags("<img src=\"a.png\"/>")[0];
        assert_eq!(img.insert_at, 16);
    }

    #[test]
    fn truncated_sources_end_cleanly() {
        for src in [
            "<td id=\"a",
            "<td id=",
            "<td",
            "<",
            "<!--",
            "<script>x",
            "<a b='",
            "<a =x>",
        ] {
            for t in start_tags(src) {
                assert!(t.start <= t.insert_at && t.insert_at <= t.end && t.end <= src.len());
                for a in &t.attrs {
                    assert!(a.start < a.end.max(a.start + 1) && a.end <= src.len());
                }
            }
        }
        assert_eq!(start_tags("<a =x>")[0].attrs[0].name, "=x");
    }
}
