//! The file-name rule: the name of the file a page is written to, from a
//! name that comes from input (a section's name for `glance page`, a
//! page's own file name for `glance migrate` and `make upstream`).
//!
//! A name is not a path. The rule, in order:
//!
//! 1. every character that is not an ASCII letter, an ASCII digit, `-` or
//!    `_` is replaced by `_` (one `_` per character: `a/b` is `a_b`, `..`
//!    is `__`, `é` is `_`, a look-alike such as the Cyrillic `а` too);
//! 2. the name has at most [`MAX_CHARS`] (64) characters: a longer one is
//!    refused, not cut (two long names cut alike would collide);
//! 3. the names the folder needs for itself, `index` (the catalogue) and
//!    `javascript` (the source labels), and the device names Windows
//!    reserves, `CON`, `PRN`, `AUX`, `NUL`, `COM1` to `COM9` and `LPT1`
//!    to `LPT9`, are refused, in any case (`Nul` too);
//! 4. two names of one run whose files would be one on macOS or Windows
//!    (the same after step 1, or differing only in case) are refused
//!    together, in one error naming both ([`Names::claim`]).
//!
//! The file is the name followed by `.html`. A name that fits the rule is
//! its own file name, so every name made of letters, digits, `-` and `_`
//! keeps its address: the 143 sections of Fairy-Stockfish's reference
//! `variants.ini` and the 121 built-ins all do.

use std::collections::BTreeMap;
use std::fmt;

/// The longest name, in characters (before `.html`).
pub const MAX_CHARS: usize = 64;

/// The names refused whatever their case (besides `COM1`-`COM9` and
/// `LPT1`-`LPT9`).
const RESERVED: [&str; 6] = ["index", "javascript", "con", "prn", "aux", "nul"];

/// Why a name gives no file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameError {
    /// No character at all.
    Empty,
    /// More than [`MAX_CHARS`] characters (the count).
    TooLong(usize),
    /// A reserved name (the file name it would have).
    Reserved(String),
    /// Two names whose files would be one: the other name, and the file.
    Collides { other: String, file: String },
    /// A name that must be kept as it is (a page's own file name) but
    /// has characters the rule replaces: the name it would be.
    NotAsIs(String),
}

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameError::Empty => f.write_str("an empty name gives no file name"),
            NameError::TooLong(n) => write!(
                f,
                "a name of {n} characters is longer than the {MAX_CHARS} a file name may have"
            ),
            NameError::Reserved(file) => write!(
                f,
                "{file} is a reserved file name (index and javascript are the folder's own, \
                 CON, PRN, AUX, NUL, COM1-9 and LPT1-9 are Windows devices)"
            ),
            NameError::Collides { other, file } => write!(
                f,
                "it and {other} both give the file {file} (the same name once mapped, or \
                 names differing only in case): rename one"
            ),
            NameError::NotAsIs(mapped) => write!(
                f,
                "only ASCII letters, digits, - and _ keep their place in a file name \
                 (it would be {mapped})"
            ),
        }
    }
}

impl std::error::Error for NameError {}

/// The file name's stem (without `.html`) for `name`, steps 1 to 3 of the
/// rule.
///
/// ```
/// use glance::tools::variant_page::file_name::{stem, NameError};
/// assert_eq!(stem("shogun").unwrap(), "shogun");
/// assert_eq!(stem("../x").unwrap(), "___x");
/// assert_eq!(stem("Nul"), Err(NameError::Reserved("Nul".into())));
/// ```
pub fn stem(name: &str) -> Result<String, NameError> {
    let count = name.chars().count();
    if count == 0 {
        return Err(NameError::Empty);
    }
    if count > MAX_CHARS {
        return Err(NameError::TooLong(count));
    }
    let mapped: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if is_reserved(&mapped) {
        return Err(NameError::Reserved(mapped));
    }
    Ok(mapped)
}

/// Whether a mapped name is one of the reserved ones, in any case.
fn is_reserved(mapped: &str) -> bool {
    let lower = mapped.to_ascii_lowercase();
    if RESERVED.contains(&lower.as_str()) {
        return true;
    }
    let b = lower.as_bytes();
    b.len() == 4
        && (b.starts_with(b"com") || b.starts_with(b"lpt"))
        && (b'1'..=b'9').contains(&b[3])
}

/// `name` as its own file name, or why it is not one: what `glance
/// migrate` asks of a page's name, which it keeps.
///
/// ```
/// use glance::tools::variant_page::file_name::{as_is, NameError};
/// assert_eq!(as_is("Spartan"), Ok(()));
/// assert_eq!(as_is("my page"), Err(NameError::NotAsIs("my_page".into())));
/// ```
pub fn as_is(name: &str) -> Result<(), NameError> {
    let s = stem(name)?;
    if s == name {
        Ok(())
    } else {
        Err(NameError::NotAsIs(s))
    }
}

/// Whether `name` is its own file name: it fits the rule unchanged (what
/// `glance migrate` asks of a page's name, which it keeps).
///
/// ```
/// use glance::tools::variant_page::file_name::fits;
/// assert!(fits("Spartan") && fits("3checks") && !fits("my page") && !fits("con"));
/// ```
pub fn fits(name: &str) -> bool {
    stem(name).is_ok_and(|s| s == name)
}

/// The file names given out in one run (step 4): a name whose file, in
/// lower case, is already another name's is refused.
#[derive(Clone, Debug, Default)]
pub struct Names {
    /// Lower-cased stem -> the name that claimed it.
    taken: BTreeMap<String, String>,
}

impl Names {
    /// The stem for `name`, or why it has none; a name whose file is
    /// taken is refused with the name that took it. Claiming the same
    /// name twice is a collision too (a section defined twice).
    pub fn claim(&mut self, name: &str) -> Result<String, NameError> {
        let s = stem(name)?;
        let key = s.to_ascii_lowercase();
        if let Some(other) = self.taken.get(&key) {
            return Err(NameError::Collides {
                other: other.clone(),
                file: format!("{s}.html"),
            });
        }
        self.taken.insert(key, name.to_string());
        Ok(s)
    }
}

/// Every name in `names` paired with its stem or its error, collisions
/// named on both sides: `glance page` checks the sections it will write
/// before writing any.
pub fn plan<'a>(
    names: impl IntoIterator<Item = &'a str>,
) -> Vec<(&'a str, Result<String, NameError>)> {
    let names: Vec<&str> = names.into_iter().collect();
    let stems: Vec<Result<String, NameError>> = names.iter().map(|n| stem(n)).collect();
    let mut by_key: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, s) in stems.iter().enumerate() {
        if let Ok(s) = s {
            by_key.entry(s.to_ascii_lowercase()).or_default().push(i);
        }
    }
    let mut out: Vec<(&str, Result<String, NameError>)> =
        names.iter().copied().zip(stems).collect();
    for group in by_key.values().filter(|g| g.len() > 1) {
        for &i in group {
            let others: Vec<&str> = group
                .iter()
                .filter(|&&j| j != i)
                .map(|&j| names[j])
                .collect();
            let file = match &out[i].1 {
                Ok(s) => format!("{s}.html"),
                Err(_) => continue,
            };
            out[i].1 = Err(NameError::Collides {
                other: others.join(" and "),
                file,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_digits_dash_and_underscore_are_kept_the_rest_replaced() {
        assert_eq!(stem("Capablanca").unwrap(), "Capablanca");
        assert_eq!(stem("3check-x_y").unwrap(), "3check-x_y");
        assert_eq!(stem("..").unwrap(), "__");
        assert_eq!(stem("/etc/passwd").unwrap(), "_etc_passwd");
        assert_eq!(stem("a\\b").unwrap(), "a_b");
        assert_eq!(stem("<b>").unwrap(), "_b_");
        assert_eq!(stem("x.html").unwrap(), "x_html");
        // Cyrillic а and е: look-alikes of a and e, one _ each.
        assert_eq!(stem("ch\u{0435}ss").unwrap(), "ch_ss");
        assert_eq!(stem("\u{0430}").unwrap(), "_");
        assert_eq!(stem("a\0b").unwrap(), "a_b");
    }

    #[test]
    fn reserved_names_are_refused_in_any_case() {
        for n in [
            "index",
            "INDEX",
            "javascript",
            "Javascript",
            "CON",
            "con",
            "PRN",
            "aux",
            "NUL",
            "nUl",
            "COM1",
            "com9",
            "LPT1",
            "lpt9",
        ] {
            assert!(matches!(stem(n), Err(NameError::Reserved(_))), "{n}");
        }
        // Not reserved: COM0, COM10, LPT, NULL, index2, a name that maps
        // to con only through a replaced character is (con. is con_).
        for n in [
            "COM0",
            "COM10",
            "LPT",
            "NULL",
            "index2",
            "con.",
            "javascript1",
        ] {
            assert!(stem(n).is_ok(), "{n}");
        }
        assert_eq!(
            stem("Con").unwrap_err().to_string(),
            "Con is a reserved file name (index and javascript are the folder's own, CON, PRN, \
             AUX, NUL, COM1-9 and LPT1-9 are Windows devices)"
        );
    }

    #[test]
    fn sixty_four_characters_and_no_more() {
        let ok = "a".repeat(64);
        assert_eq!(stem(&ok).unwrap(), ok);
        assert_eq!(stem(&"a".repeat(65)), Err(NameError::TooLong(65)));
        // Characters, not bytes: 64 é are 128 bytes and fit.
        assert_eq!(stem(&"é".repeat(64)).unwrap(), "_".repeat(64));
        assert_eq!(stem(""), Err(NameError::Empty));
    }

    #[test]
    fn collisions_name_both_sides() {
        let p = plan(["Chess", "a/b", "chess", "a_b", "x"]);
        assert_eq!(
            p[0].1,
            Err(NameError::Collides {
                other: "chess".into(),
                file: "Chess.html".into()
            })
        );
        assert_eq!(
            p[2].1,
            Err(NameError::Collides {
                other: "Chess".into(),
                file: "chess.html".into()
            })
        );
        assert_eq!(
            p[1].1,
            Err(NameError::Collides {
                other: "a_b".into(),
                file: "a_b.html".into()
            })
        );
        assert_eq!(p[4].1, Ok("x".to_string()));
        let mut names = Names::default();
        assert_eq!(names.claim("Shogi").unwrap(), "Shogi");
        assert!(matches!(
            names.claim("SHOGI"),
            Err(NameError::Collides { .. })
        ));
        assert!(matches!(
            names.claim("Shogi"),
            Err(NameError::Collides { .. })
        ));
    }

    #[test]
    fn fits_is_the_identity_of_the_rule() {
        assert!(fits("Spartan"));
        assert!(fits("chu-shogi_2"));
        assert!(!fits("Spartan.old"));
        assert!(!fits("index"));
        assert!(!fits(&"x".repeat(65)));
    }
}
