//! Sentences with blanks, kept in text files apart from the code that says
//! them: `src/engine/betza-errors.txt` (what is wrong with a Betza string)
//! and `src/page/findings.txt` (what is wrong with a page), one sentence a
//! line, `name<TAB>sentence`, each `{}` a blank for a word of the input (a
//! key, a file name, a character).
//!
//! Every build but one fills the blanks at once ([`push`]). The generic
//! drop-in (`dist/glance.js`, feature `generic`) carries no sentence: it
//! codes each as its number and its words, and its loader (`www/loader.js`)
//! puts the words in from `dist/glance-findings.txt`, the two files one
//! after the other, which it fetches only when a page has a finding. A
//! sentence's number is its line there: the Betza errors' lines first
//! ([`crate::engine::betza::ERROR_SENTENCES`] of them), then the findings'.
//!
//! ```
//! use glance::engine::sentence::{line, push, Sentence};
//! let table = "greeting\tHello, {}!\nbye\tGoodbye.\n";
//! let mut out = String::new();
//! push(&mut out, Sentence::new(0, line(table, 0)), &["Shogi"]);
//! assert_eq!(out, "Hello, Shogi!");
//! ```

use alloc::string::String;

/// One sentence: its number in `glance-findings.txt` and, where the build
/// carries it, its text with blanks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Sentence {
    number: usize,
    #[cfg(not(feature = "generic"))]
    text: &'static str,
}

impl Sentence {
    /// Sentence `number`, whose text is `text` (see [`line()`]).
    #[cfg(not(feature = "generic"))]
    pub const fn new(number: usize, text: &'static str) -> Sentence {
        Sentence { number, text }
    }

    /// Sentence `number` (the generic drop-in carries no text).
    #[cfg(feature = "generic")]
    pub const fn new(number: usize) -> Sentence {
        Sentence { number }
    }

    pub const fn number(self) -> usize {
        self.number
    }

    /// The sentence, its blanks unfilled.
    #[cfg(not(feature = "generic"))]
    pub const fn text(self) -> &'static str {
        self.text
    }
}

/// The sentence of line `n` (from 0) of `table` (`name<TAB>sentence`
/// lines); `{}` if there is no such line.
pub fn line(table: &'static str, n: usize) -> &'static str {
    table
        .lines()
        .nth(n)
        .and_then(|l| l.split_once('\t'))
        .map_or("{}", |(_, s)| s)
}

/// Appends `sentence` to `out`, its blanks filled with `words` in order (a
/// missing word leaves its blank empty).
#[cfg(not(feature = "generic"))]
pub fn push(out: &mut String, sentence: Sentence, words: &[&str]) {
    let mut words = words.iter();
    for (i, part) in sentence.text.split("{}").enumerate() {
        if i > 0 {
            out.push_str(words.next().copied().unwrap_or_default());
        }
        out.push_str(part);
    }
}

/// Appends `sentence` with `words` to `out`, coded for the loader of
/// `dist/glance.js`: U+001E and the sentence's number, then U+001F before
/// each word. A word's own U+001E or U+001F becomes U+FFFD.
#[cfg(feature = "generic")]
pub fn push(out: &mut String, sentence: Sentence, words: &[&str]) {
    out.push('\u{1e}');
    push_number(out, sentence.number);
    for w in words {
        out.push('\u{1f}');
        for c in w.chars() {
            out.push(if matches!(c, '\u{1e}' | '\u{1f}') {
                '\u{fffd}'
            } else {
                c
            });
        }
    }
}

/// Appends `n` in decimal to `out`.
///
/// ```
/// let mut s = String::from("#");
/// glance::engine::betza::push_number(&mut s, 1024);
/// glance::engine::betza::push_number(&mut s, 0);
/// assert_eq!(s, "#10240");
/// ```
pub fn push_number(out: &mut String, n: usize) {
    if n >= 10 {
        push_number(out, n / 10);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(not(feature = "generic"))]
    #[test]
    fn words_fill_the_blanks_in_order_and_stay_as_written() {
        let s = Sentence::new(3, "a {} b {}.");
        let mut out = String::new();
        push(&mut out, s, &["{}", "x"]);
        assert_eq!(out, "a {} b x.");
        out.clear();
        push(&mut out, s, &["only"]);
        assert_eq!(out, "a only b .");
        assert_eq!(s.number(), 3);
    }

    #[test]
    fn lines_are_found_by_number() {
        let table = "one\tfirst {}\ntwo\tsecond\n";
        assert_eq!(line(table, 0), "first {}");
        assert_eq!(line(table, 1), "second");
        assert_eq!(line(table, 2), "{}");
    }
}
