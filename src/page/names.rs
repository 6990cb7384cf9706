//! Piece names: when two spellings name one piece. The one rule every
//! tool uses to match a name to a row of the piece table: a legacy
//! script's name (`glance lint`, `glance migrate`), a name in the
//! "Initial setup" text (the setup picture, start ranks), and the piece an
//! image shows (`sym/WhiteCommoner.png`: image and row agree).
//!
//! Names are compared by their words: lower case (ASCII letters; other
//! characters kept as they are), without what stands in parentheses, and a
//! plural `s` dropped from words of more than three letters
//! (`Hoplites` → `hoplite`; `Cross` stays). [`rows_named`] tries, in
//! order, and stops at the first that finds a row:
//!
//! 1. the same words, the parenthesis included (`King (Persian)`);
//! 2. the same words without the parentheses (`King` for `King
//!    (Persian)`, `Commoner` for `Commoner (aka Man)`);
//! 3. one name's words the beginning of the other's (`Hoplite` for
//!    `Hoplite Pawn`, `Dragon` for `Dragon King`);
//! 4. every word of the name among the row's (`Pawn` for `Hoplite Pawn`).
//!
//! ```
//! use glance::page::names::{image_piece, rows_named};
//! use glance::Colour;
//! let rows = ["King (Persian)", "King (Spartan)", "Hoplite Pawn", "Commoner"];
//! assert_eq!(rows_named("King (Spartan)", &rows), [1]);
//! assert_eq!(rows_named("King", &rows), [0, 1]);
//! assert_eq!(rows_named("Hoplites", &rows), [2]);
//! assert_eq!(rows_named("Queen", &rows), [] as [usize; 0]);
//! let (colour, name) = image_piece("sym/WhiteCommoner.png").unwrap();
//! assert_eq!((colour, name.as_str()), (Colour::White, "Commoner"));
//! assert_eq!(rows_named(&name, &rows), [3]);
//! ```

use alloc::string::String;
use alloc::vec::Vec;

use crate::engine::geometry::Colour;

/// A name's words: lower case, singular, without its parentheses (or with
/// them, if `parentheses`), each followed by one space (`"hoplite pawn "`;
/// no word holds an ASCII space). One string, not a list of strings: a
/// word list is equal, a prefix or a member as this string is (the
/// generic drop-in's code).
fn split(name: &str, parentheses: bool) -> String {
    let mut out = String::new();
    let mut depth = 0u32;
    // Where the word being read starts in `out`.
    let mut start = 0;
    for c in name.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
        let inside = depth > 0 || c == ')';
        if (c.is_ascii_alphanumeric() || !c.is_ascii()) && (parentheses || !inside) {
            out.push(c.to_ascii_lowercase());
        } else {
            start = end_word(&mut out, start);
        }
    }
    end_word(&mut out, start);
    out
}

/// Ends the word of `out` from `start` (a plural `s` dropped from a word
/// of more than three letters, a space after it); where the next starts.
fn end_word(out: &mut String, start: usize) -> usize {
    let word = out.get(start..).unwrap_or_default();
    if word.len() > 3 && word.ends_with('s') && !word.ends_with("ss") {
        out.pop();
    }
    if out.len() > start {
        out.push(' ');
    }
    out.len()
}

/// The word of `words` (as [`split`] gives them) that starts at `at`,
/// without its space, and `at` moved to the next; `None` at the end. The
/// one walk over a word string (a cursor, not a closure or an iterator:
/// the generic drop-in's code).
fn next_word<'a>(words: &'a str, at: &mut usize) -> Option<&'a str> {
    let start = *at;
    let bytes = words.as_bytes();
    let mut i = start;
    while i < bytes.len() {
        if bytes[i] == b' ' {
            *at = i + 1;
            return words.get(start..i);
        }
        i += 1;
    }
    None
}

/// How many of the words of `a` are words of `b` and not of `not`
/// (all three as [`split`] gives them), and how many words `a` has.
fn common(a: &str, b: &str, not: &str) -> (usize, usize) {
    let (mut found, mut total) = (0, 0);
    let mut at = 0;
    while let Some(word) = next_word(a, &mut at) {
        total += 1;
        found += usize::from(has_word(b, word) && !has_word(not, word));
    }
    (found, total)
}

/// Whether `word` (no space) is one of the words of `list`.
fn has_word(list: &str, word: &str) -> bool {
    let mut at = 0;
    while let Some(w) = next_word(list, &mut at) {
        if w == word {
            return true;
        }
    }
    false
}

/// The words of a string [`split`] gave, as a list.
fn list(words: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(w) = next_word(words, &mut at) {
        out.push(String::from(w));
    }
    out
}

/// A name's words without its parentheses: `Hoplites (Spartan)` →
/// `["hoplite"]`.
///
/// ```
/// assert_eq!(glance::page::names::words("Lieu-tenants (Spartan)"), ["lieu", "tenant"]);
/// ```
pub fn words(name: &str) -> Vec<String> {
    list(&split(name, false))
}

/// Whether `word` (lower case) is one of a name's words outside its
/// parentheses: `White (Persians)` has `white`.
///
/// ```
/// use glance::page::names::has;
/// assert!(has("White (Persians)", "white"));
/// assert!(has("Whites", "white"));
/// assert!(!has("Black (White)", "white"));
/// ```
pub fn has(name: &str, word: &str) -> bool {
    has_word(&split(name, false), word)
}

/// The side a setup heading names (`White (Persians)`, `Black`): white if
/// [`has`] `white`, else black if it has `black` (its words made once).
pub fn side(heading: &str) -> Option<Colour> {
    let words = split(heading, false);
    if has_word(&words, "white") {
        Some(Colour::White)
    } else if has_word(&words, "black") {
        Some(Colour::Black)
    } else {
        None
    }
}

/// The words in a name's parentheses: `King (Spartan)` → `["spartan"]`.
pub fn qualifier(name: &str) -> Vec<String> {
    list(&qualifier_words(name))
}

/// The words in a name's parentheses as [`split`] gives words.
fn qualifier_words(name: &str) -> String {
    let base = split(name, false);
    let full = split(name, true);
    let mut out = String::new();
    let mut at = 0;
    while let Some(w) = next_word(&full, &mut at) {
        if !has_word(&base, w) {
            out.push_str(w);
            out.push(' ');
        }
    }
    out
}

/// The piece an image shows, by XBoard's file names: its colour and its
/// name, words split at capitals (`sym/BlackCrownedRook.png` → Black,
/// `Crowned Rook`). `None` for an image not named `White…` or `Black…`.
pub fn image_piece(src: &str) -> Option<(Colour, String)> {
    let base = crate::page::declared::image_name(src);
    let (colour, rest) = if let Some(rest) = base.strip_prefix("White") {
        (Colour::White, rest)
    } else {
        (Colour::Black, base.strip_prefix("Black")?)
    };
    let mut name = String::new();
    for c in rest.chars() {
        if c.is_ascii_uppercase() && !name.is_empty() {
            name.push(' ');
        }
        name.push(c);
    }
    (!name.is_empty()).then_some((colour, name))
}

/// The rows (indices into `rows`, the Piece cells' texts) that `name`
/// names, by the first of the module's four rules that finds any.
pub fn rows_named<S: AsRef<str>>(name: &str, rows: &[S]) -> Vec<usize> {
    let full = split(name, true);
    let base = split(name, false);
    if base.is_empty() {
        return Vec::new();
    }
    // The module's four rules, in order (a match, not closures: the
    // drop-in's build keeps no indirect calls it can do without). Words
    // end with a space, so a prefix of the string is a prefix of the words.
    // One pass over the rows, each row's words made once: the first rule
    // each row meets, and the rows of the best (first) rule any meets.
    let mut best = 4;
    let mut found: Vec<usize> = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        let r = r.as_ref();
        let tier = if split(r, true) == full {
            0
        } else {
            let w = split(r, false);
            if w == base {
                1
            } else if !w.is_empty()
                && (w.starts_with(base.as_str()) || base.starts_with(w.as_str()))
            {
                2
            } else {
                let (found, total) = common(&base, &w, "");
                if found == total { 3 } else { 4 }
            }
        };
        if tier < best {
            best = tier;
            found.clear();
        }
        if tier == best && tier < 4 {
            found.push(i);
        }
    }
    found
}

/// Of several rows a name matches, those whose parenthesis shares a word
/// with `context` (the heading above a setup line: `White (Persians)`
/// picks `King (Persian)`); all of them if none does.
///
/// ```
/// use glance::page::names::narrow;
/// let rows = ["King (Persian)", "King (Spartan)"];
/// assert_eq!(narrow(&[0, 1], &rows, "Black (Spartans)"), [1]);
/// assert_eq!(narrow(&[0, 1], &rows, "Black"), [0, 1]);
/// ```
pub fn narrow<S: AsRef<str>>(found: &[usize], rows: &[S], context: &str) -> Vec<usize> {
    let context = split(context, true);
    // Loops, not iterator adaptors: the generic drop-in's code.
    let mut narrowed: Vec<usize> = Vec::new();
    for &i in found {
        // The row's qualifier words (its parentheses) that the context has.
        if rows
            .get(i)
            .is_some_and(|r| common(&qualifier_words(r.as_ref()), &context, "").0 > 0)
        {
            narrowed.push(i);
        }
    }
    if narrowed.is_empty() {
        found.to_vec()
    } else {
        narrowed
    }
}

/// Whether the image `src` shows the piece of the row named `row`, and
/// whether it names another of `rows` instead: `Some(i)` when the image's
/// piece is exactly (rules 1 and 2) the row `rows[i]` and not `row`
/// (the Commoner's image on the King's cell). Images of no row's name (the
/// Capablanca Chancellor drawn as XBoard's Marshall) disagree with nothing.
///
/// ```
/// use glance::page::names::image_names_other;
/// let rows = ["King", "Commoner", "Chancellor"];
/// assert_eq!(image_names_other("sym/WhiteCommoner.png", "King", &rows), Some(1));
/// assert_eq!(image_names_other("sym/WhiteCommoner.png", "Commoner", &rows), None);
/// assert_eq!(image_names_other("sym/WhiteMarshall.png", "Chancellor", &rows), None);
/// ```
pub fn image_names_other<S: AsRef<str>>(src: &str, row: &str, rows: &[S]) -> Option<usize> {
    let (_, name) = image_piece(src)?;
    let shown = split(&name, false);
    if !rows_named(&name, &[row]).is_empty() {
        return None;
    }
    rows.iter().position(|r| split(r.as_ref(), false) == shown)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_lower_case_singular_and_without_parentheses() {
        assert_eq!(words("  Hoplites\n Pawn "), ["hoplite", "pawn"]);
        assert_eq!(words("Cross"), ["cross"]);
        assert_eq!(words("Gas"), ["gas"]);
        assert_eq!(words("Éléphant"), ["Éléphant"]);
        assert_eq!(words("(none)"), [] as [String; 0]);
        assert_eq!(qualifier("Commoner (aka Man)"), ["aka", "man"]);
    }

    #[test]
    fn headings_name_a_side_by_their_words() {
        assert_eq!(side("White (Persians)"), Some(Colour::White));
        assert_eq!(side("Blacks"), Some(Colour::Black));
        assert_eq!(side("Black (White)"), Some(Colour::Black));
        assert_eq!(side("Setup for both"), None);
        assert_eq!(side("Whitehall"), None);
    }

    #[test]
    fn tiers_stop_at_the_first_that_finds_a_row() {
        let rows = ["Pawn", "Hoplite Pawn", "Dragon King", "Dragon Horse"];
        // Rule 2 (same words) wins over rule 4 (all words among the row's).
        assert_eq!(rows_named("Pawns", &rows), [0]);
        assert_eq!(rows_named("Hoplite", &rows), [1]);
        assert_eq!(rows_named("Dragon", &rows), [2, 3]);
        assert_eq!(rows_named("", &rows), [] as [usize; 0]);
        assert_eq!(rows_named("King", &rows), [2]);
    }

    #[test]
    fn images_are_read_by_xboard_names() {
        assert_eq!(
            image_piece("../sym/BlackCrownedRook.png"),
            Some((Colour::Black, "Crowned Rook".into()))
        );
        assert_eq!(image_piece("sym/yellow.png"), None);
        assert_eq!(image_piece("sym/White.png"), None);
        let rows = ["Dragon King", "Dragon Horse", "Gold General"];
        // The image names one of several rows it matches: no disagreement.
        assert_eq!(
            image_names_other("sym/WhiteDragon.png", "Dragon Horse", &rows),
            None
        );
        assert_eq!(
            image_names_other("sym/WhiteGold.png", "Dragon King", &rows),
            None
        );
    }
}
