//! The file's syntax: sections of `key = value` lines, each with its line.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::warning::{Warning, WarningKind};
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

/// Splits a file into sections as Fairy-Stockfish does (see
/// [`sections_and_skips`]), the lines it skips left out.
pub fn sections(text: &str, file: &str) -> Result<Vec<Section>, Error> {
    sections_and_skips(text, file).map(|(s, _)| s)
}

/// Splits a file into sections as Fairy-Stockfish's reader does, and
/// names the lines it skips:
///
/// * a section starts at a line whose first character is `[`; what
///   follows its `]` is ignored (`[a:chess]  # note`);
/// * a line whose first character is `#` or `;` is a comment; a blank
///   line, a line before the first section or without `=` is skipped
///   (the two last with a warning);
/// * the key is what comes before the first `=`, trailing spaces removed
///   (only spaces: leading spaces and tabs stay, and such a key matches
///   none Fairy-Stockfish reads); the value is the rest of the line, its
///   leading spaces and tabs and a final `\r` removed, and nothing else:
///   a note after it (`s:fR2 # a note`) is part of the value, which
///   each key reads as Fairy-Stockfish reads it (`resolve`).
///
/// A header without `]`, or with an empty or spaced name, is an error.
pub fn sections_and_skips(text: &str, file: &str) -> Result<(Vec<Section>, Vec<Warning>), Error> {
    let mut out: Vec<Section> = Vec::new();
    let mut skipped = Vec::new();
    for (i, raw) in text.split('\n').enumerate() {
        let line = i + 1;
        let err = |kind| Error {
            file: file.to_string(),
            line,
            kind,
        };
        let l = raw.strip_suffix('\r').unwrap_or(raw);
        if let Some(rest) = l.strip_prefix('[') {
            let inner = rest
                .split_once(']')
                .map(|(i, _)| i)
                .ok_or_else(|| err(ErrorKind::BadHeader(l.to_string())))?;
            let (name, parent) = match inner.split_once(':') {
                Some((n, p)) => (n, Some(p)),
                None => (inner, None),
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
        if l.trim().is_empty() || l.starts_with('#') || l.starts_with(';') {
            continue;
        }
        let warn = |kind| Warning {
            file: file.to_string(),
            line,
            kind,
        };
        let Some(section) = out.last_mut() else {
            skipped.push(warn(WarningKind::OutsideSection(l.trim().to_string())));
            continue;
        };
        let Some((key, value)) = l.split_once('=') else {
            skipped.push(warn(WarningKind::NoEquals(l.trim().to_string())));
            continue;
        };
        let key = key.trim_end_matches(' ');
        if key.is_empty() {
            continue;
        }
        section.entries.push(Entry {
            key: key.to_string(),
            value: value.trim_start().to_string(),
            line,
        });
    }
    Ok((out, skipped))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_keys_and_lines() {
        let text = "# comment\n[a]\nmaxRank = 6\n\n; other\n[b:a]\nrook=r  \nrook = q\n";
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
        let e = sections("[a]\n[b\n", "f.ini").unwrap_err();
        assert_eq!((e.line, e.kind), (2, ErrorKind::BadHeader("[b".into())));
        assert!(sections("[a:]\n", "f").is_err());
        assert!(sections("[]\n", "f").is_err());
        assert!(sections("[a b]\n", "f").is_err());
    }

    // Measured with pyffish 0.0.90 (tests/fairy/reader_quirks.py).
    #[test]
    fn lines_as_fairy_stockfish_splits_them() {
        let text = "rook = r\n[a:chess]  # note\nrook r\n  maxFile = 6\nmaxRank\t= 6\nmaxFile =\t7 # seven \r\n = 3\n ; x\n";
        let (s, skipped) = sections_and_skips(text, "f").unwrap();
        assert_eq!((s.len(), s[0].parent.as_deref()), (1, Some("chess")));
        let keys: Vec<(&str, &str)> = s[0]
            .entries
            .iter()
            .map(|e| (e.key.as_str(), e.value.as_str()))
            .collect();
        // The indented key and the tab before `=` stay in the key.
        assert_eq!(
            keys,
            [
                ("  maxFile", "6"),
                ("maxRank\t", "6"),
                ("maxFile", "7 # seven ")
            ]
        );
        let lines: Vec<usize> = skipped.iter().map(|w| w.line).collect();
        // Line 1 before any section, line 3 without `=`, line 8 a
        // line without `=` (` ; x` is no comment: `;` is not first).
        assert_eq!(lines, [1, 3, 8]);
    }
}
