//! What one run of `glance page` may cost, and how much of its input an
//! error line may quote: the bounds a site running it on uploaded files
//! relies on.
//!
//! * [`Limits`]: the operator's limits, `--max-bytes` (the definition
//!   file's size, default 1,000,000), `--max-sections` (the `[section]`
//!   headers in it, default 1,000) and `--max-pages` (pages written,
//!   default 1,000); each refusal names its limit.
//! * An error line quotes at most [`QUOTE_CHARS`] (80) characters of the
//!   input, shared between the values it quotes, each cut one marked with
//!   `…`; and besides the file's path it has at most [`LINE_BYTES`] (300)
//!   bytes ([`variant_error`], [`page_error`], [`line()`]).
//!
//! A section's own work is bounded by what the reader accepts: a board of
//! at most 12x10, a Betza string of at most the parser's bytes per piece,
//! a piece per letter; `make bench` measures the costliest section
//! (`tests/fixtures/hostile/worst.ini`).

use crate::variant::{Error, ErrorKind, Variant};

use super::PageError;

/// The most characters of input one error line quotes.
pub const QUOTE_CHARS: usize = 80;

/// The most bytes of an error line besides the file's path (and its
/// newline).
pub const LINE_BYTES: usize = 300;

/// The limits an operator sets on one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The largest definition file read, in bytes (`--max-bytes`).
    pub max_bytes: u64,
    /// The most `[section]` headers in it (`--max-sections`).
    pub max_sections: usize,
    /// The most pages written (`--max-pages`).
    pub max_pages: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_bytes: 1_000_000,
            max_sections: 1_000,
            max_pages: 1_000,
        }
    }
}

/// The sections of a definition file as its reader counts them: lines
/// whose first character is `[`.
pub fn count_sections(text: &str) -> usize {
    text.split('\n').filter(|l| l.starts_with('[')).count()
}

/// `text` cut to its first `max` characters, `…` after it if cut.
///
/// ```
/// use glance::tools::variant_page::limits::clip;
/// assert_eq!(clip("abcdef", 3), "abc…");
/// assert_eq!(clip("abc", 3), "abc");
/// ```
pub fn clip(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// Clips the values of one message so that together they quote at most
/// [`QUOTE_CHARS`] characters: the shortest keep their length, the rest
/// share what is left.
fn clip_all(values: &mut [&mut String]) {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by_key(|&i| values[i].chars().count());
    let mut left = QUOTE_CHARS;
    for (k, &i) in order.iter().enumerate() {
        let share = left / (order.len() - k);
        let len = values[i].chars().count();
        if len > share {
            *values[i] = clip(values[i], share);
            left -= share;
        } else {
            left -= len;
        }
    }
}

/// One error line: `path` whole (the operator's, not the input), then
/// `rest` cut to [`LINE_BYTES`] bytes at a character boundary, `…` ending
/// it if cut. A newline in `rest` is written `\n`: one line stays one.
pub fn line(path: &str, rest: &str) -> String {
    let rest = rest.replace('\n', "\\n").replace('\r', "\\r");
    if rest.len() <= LINE_BYTES {
        return format!("{path}{rest}");
    }
    let mut end = LINE_BYTES - '…'.len_utf8();
    while !rest.is_char_boundary(end) {
        end -= 1;
    }
    format!("{path}{}…", &rest[..end])
}

/// A reader's error as one bounded line: its quoted values clipped
/// ([`QUOTE_CHARS`] in all), the whole capped besides the path.
pub fn variant_error(e: &Error) -> String {
    let mut e = e.clone();
    match &mut e.kind {
        ErrorKind::BadHeader(a)
        | ErrorKind::BadLine(a)
        | ErrorKind::OutsideSection(a)
        | ErrorKind::UnknownParent(a)
        | ErrorKind::UnknownPiece(a)
        | ErrorKind::Duplicate(a) => clip_all(&mut [a]),
        ErrorKind::BadPieceValue { key, value }
        | ErrorKind::BadValue { key, value }
        | ErrorKind::BadRegion { key, value } => clip_all(&mut [key, value]),
        ErrorKind::BadBetza { key, betza, why } => clip_all(&mut [key, betza, why]),
        ErrorKind::BadFen { key, why } => clip_all(&mut [key, why]),
        ErrorKind::BoardTooLarge { .. } => {}
    }
    let text = e.to_string();
    let path = format!("{}:", e.file);
    match text.strip_prefix(&path) {
        Some(rest) => line(&path, rest),
        None => line("", &text),
    }
}

/// Why a variant got no page, as one bounded line `FILE:LINE: ...`: the
/// section's name and its pieces' names and Betza strings, where the
/// message quotes them, clipped.
pub fn page_error(file: &str, v: &Variant, e: &PageError) -> String {
    let mut what = e.what.clone();
    let mut quoted: Vec<&str> = vec![v.name.as_str()];
    for p in &v.pieces {
        quoted.push(p.name.as_str());
        quoted.push(p.betza.as_str());
    }
    // The longest first, so that a value inside another is cut with it.
    quoted.sort_by_key(|q| std::cmp::Reverse(q.len()));
    let each = QUOTE_CHARS / 2;
    for q in quoted {
        if q.chars().count() > each && what.contains(q) {
            what = what.replace(q, &clip(q, each));
        }
    }
    line(&format!("{file}:"), &format!("{}: {what}", e.line))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_keeps_its_path_and_300_bytes() {
        let long = "é".repeat(400);
        let l = line("some/where.ini:", &long);
        assert!(l.starts_with("some/where.ini:éé"));
        assert!(l.ends_with('…'));
        assert!(
            l.len() - "some/where.ini:".len() <= LINE_BYTES,
            "{}",
            l.len()
        );
        assert_eq!(line("f:", "1: short"), "f:1: short");
        assert_eq!(line("f:", "a\nb"), "f:a\\nb");
    }

    #[test]
    fn values_share_eighty_characters() {
        let (mut a, mut b) = ("k".to_string(), "v".repeat(200));
        clip_all(&mut [&mut a, &mut b]);
        assert_eq!(a, "k");
        assert_eq!(b, format!("{}…", "v".repeat(79)));
        let (mut a, mut b) = ("k".repeat(100), "v".repeat(200));
        clip_all(&mut [&mut a, &mut b]);
        assert_eq!(a, format!("{}…", "k".repeat(40)));
        assert_eq!(b, format!("{}…", "v".repeat(40)));
    }

    #[test]
    fn a_refused_betza_of_200000_letters_is_quoted_short() {
        let text = format!("[a:chess]\ncustomPiece1 = q:{}\n", "W".repeat(200_000));
        let e = crate::variant::read(&text, "up.ini").unwrap_err();
        let l = variant_error(&e);
        assert!(l.starts_with("up.ini:2: "), "{l}");
        assert!(l.len() <= "up.ini:".len() + LINE_BYTES, "{}", l.len());
        assert!(!l.contains(&"W".repeat(81)), "{l}");
    }

    #[test]
    fn sections_are_counted_by_their_headers() {
        assert_eq!(count_sections("[a]\nx = 1\n[b:a]\r\n #[c]\n"), 2);
        assert_eq!(count_sections(""), 0);
    }
}
