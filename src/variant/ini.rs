//! The file's syntax: sections of `key = value` lines, each with its line.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::{Error, ErrorKind};

/// A `[name]` or `[name:parent]` section and its lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub name: String,
    pub parent: Option<String>,
    /// The header's line, from 1.
    pub line: usize,
    pub entries: Vec<Entry>,
}

/// One `key = value` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: String,
    pub value: String,
    pub line: usize,
}

impl Section {
    /// The value of the last line with this key (a later line wins, as in
    /// Fairy-Stockfish's reader), and its line.
    pub fn get(&self, key: &str) -> Option<&Entry> {
        self.entries.iter().rev().find(|e| e.key == key)
    }
}

/// Splits a file into sections. Blank lines and lines starting with `#`
/// or `;` are skipped.
pub fn sections(text: &str, file: &str) -> Result<Vec<Section>, Error> {
    let mut out: Vec<Section> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let err = |kind| Error {
            file: file.to_string(),
            line,
            kind,
        };
        let l = raw.trim();
        if l.is_empty() || l.starts_with('#') || l.starts_with(';') {
            continue;
        }
        if let Some(rest) = l.strip_prefix('[') {
            let inner = rest
                .strip_suffix(']')
                .ok_or_else(|| err(ErrorKind::BadHeader(l.to_string())))?;
            let (name, parent) = match inner.split_once(':') {
                Some((n, p)) => (n.trim(), Some(p.trim())),
                None => (inner.trim(), None),
            };
            let bad = |s: &str| s.is_empty() || s.chars().any(|c| c.is_whitespace() || c == ':');
            if bad(name) || parent.is_some_and(bad) {
                return Err(err(ErrorKind::BadHeader(l.to_string())));
            }
            out.push(Section {
                name: name.to_string(),
                parent: parent.map(str::to_string),
                line,
                entries: Vec::new(),
            });
            continue;
        }
        let Some((key, value)) = l.split_once('=') else {
            return Err(err(ErrorKind::BadLine(l.to_string())));
        };
        let key = key.trim();
        if key.is_empty() || key.contains(char::is_whitespace) {
            return Err(err(ErrorKind::BadLine(l.to_string())));
        }
        let Some(section) = out.last_mut() else {
            return Err(err(ErrorKind::OutsideSection(key.to_string())));
        };
        section.entries.push(Entry {
            key: key.to_string(),
            value: value.trim().to_string(),
            line,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_keys_and_lines() {
        let text = "# comment\n[a]\nmaxRank = 6\n\n; other\n[b:a]\n  rook=r  \nrook = q\n";
        let s = sections(text, "f").unwrap();
        assert_eq!(s.len(), 2);
        assert_eq!(
            (s[0].name.as_str(), s[0].parent.as_deref(), s[0].line),
            ("a", None, 2)
        );
        assert_eq!(s[0].entries[0].line, 3);
        assert_eq!(s[1].parent.as_deref(), Some("a"));
        assert_eq!(
            s[1].get("rook").map(|e| (e.value.as_str(), e.line)),
            Some(("q", 8))
        );
    }

    #[test]
    fn syntax_errors_name_their_line() {
        let e = sections("rook = r\n", "f.ini").unwrap_err();
        assert_eq!(
            e.to_string(),
            "f.ini:1: rook comes before the first [section]"
        );
        let e = sections("[a]\n[b\n", "f.ini").unwrap_err();
        assert_eq!((e.line, e.kind), (2, ErrorKind::BadHeader("[b".into())));
        let e = sections("[a]\nrook r\n", "f.ini").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(matches!(e.kind, ErrorKind::BadLine(_)));
        assert!(sections("[a:]\n", "f").is_err());
        assert!(sections("[]\n", "f").is_err());
        assert!(sections("[a b]\n", "f").is_err());
    }
}
