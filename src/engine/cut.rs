//! Text cut at ASCII bytes: what `split`, `split_once` and `rsplit` with
//! `char` patterns do, by one byte search each. The generic drop-in
//! (`dist/glance.js`) carries no `core::str::pattern` searcher for them
//! (about 1 KB of its gzipped size, measured).
//!
//! ```
//! use glance::engine::cut::{before, cut, pieces};
//! assert_eq!(cut("a2-h2", b"-"), Some(("a2", "h2")));
//! assert_eq!(cut("a2", b"-"), None);
//! assert_eq!(before("moves.css?v=2", b"?#"), "moves.css");
//! assert_eq!(pieces("2, 3", b" ,").collect::<Vec<_>>(), ["2", "", "3"]);
//! ```

/// `text` split at its first byte found in `at`: what is before it and
/// what is after it. `at` holds ASCII bytes, which are whole characters.
// A plain loop: `at.contains` is core's memchr, 0.7 KB of wasm here
// (dist/glance.js 216 B smaller gzipped without it).
#[allow(clippy::manual_contains)]
pub fn cut<'a>(text: &'a str, at: &[u8]) -> Option<(&'a str, &'a str)> {
    for (i, b) in text.bytes().enumerate() {
        if at.iter().any(|&a| a == b) {
            return Some((text.get(..i)?, text.get(i + 1..)?));
        }
    }
    None
}

/// `text` up to its first byte found in `at`; all of it if none is.
pub fn before<'a>(text: &'a str, at: &[u8]) -> &'a str {
    cut(text, at).map_or(text, |(a, _)| a)
}

/// The parts of `text` between the bytes found in `at`, as
/// `text.split([..])` gives them (empty parts included).
pub fn pieces<'a>(text: &'a str, at: &'a [u8]) -> Pieces<'a> {
    Pieces {
        rest: Some(text),
        at,
    }
}

/// The iterator of [`pieces`].
pub struct Pieces<'a> {
    rest: Option<&'a str>,
    at: &'a [u8],
}

impl<'a> Iterator for Pieces<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let text = self.rest?;
        match cut(text, self.at) {
            Some((part, after)) => {
                self.rest = Some(after);
                Some(part)
            }
            None => {
                self.rest = None;
                Some(text)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    #[test]
    fn the_same_parts_as_str_split() {
        for text in ["", ",", "a,,b", " 2, 3 ", "x", "é,ü", "a-b-c"] {
            let ours: Vec<&str> = pieces(text, b" ,").collect();
            let std: Vec<&str> = text.split([' ', ',']).collect();
            assert_eq!(ours, std, "{text:?}");
            assert_eq!(cut(text, b"-"), text.split_once('-'), "{text:?}");
            assert_eq!(
                before(text, b","),
                text.split(',').next().unwrap(),
                "{text:?}"
            );
        }
    }
}
