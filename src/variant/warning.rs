//! A line of a definition file that Fairy-Stockfish reads otherwise than
//! it seems to say ([`super::lint()`] finds them).

use alloc::string::String;
use core::fmt;

/// A line Fairy-Stockfish reads otherwise than it seems to say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    pub file: String,
    /// The line, from 1.
    pub line: usize,
    pub kind: WarningKind,
}

/// The kinds of [`Warning`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WarningKind {
    /// A line before the first `[section]`: skipped.
    OutsideSection(String),
    /// A line with no `=` in a section: skipped.
    NoEquals(String),
    /// A key with spaces or tabs before it, or a tab before its `=`: the
    /// key keeps them and matches no key Fairy-Stockfish reads.
    Spaced { key: String, known: String },
    /// A known key written in another case (`MaxFile`): skipped.
    KeyCase { key: String, known: String },
    /// A key Fairy-Stockfish does not read, with the known key it is
    /// closest to, if one is near.
    UnknownKey { key: String, near: Option<String> },
    /// A boolean other than `true` or `false`: read as false.
    NotABool { key: String, value: String },
    /// A value not in the key's list (`stalemateValue = lose`): read as
    /// its "none".
    NotInList {
        key: String,
        value: String,
        list: &'static str,
    },
    /// A note after a Betza string whose letters Fairy-Stockfish reads as
    /// more moves.
    BetzaNote { key: String, note: String },
    /// A square list or piece set Fairy-Stockfish reads only up to this
    /// symbol (a note, a letter no piece has, a square off its board).
    ReadUpTo { key: String, at: String },
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: warning: ", self.file, self.line)?;
        match &self.kind {
            WarningKind::OutsideSection(l) => {
                write!(
                    f,
                    "{l}: before the first [section], Fairy-Stockfish skips it"
                )
            }
            WarningKind::NoEquals(l) => write!(f, "{l}: no '=', Fairy-Stockfish skips the line"),
            WarningKind::Spaced { key, known } => write!(
                f,
                "key {key:?} keeps its spaces or tab in Fairy-Stockfish and is not {known}: skipped"
            ),
            WarningKind::KeyCase { key, known } => write!(
                f,
                "{key} is not {known} (keys are case-sensitive): Fairy-Stockfish skips it"
            ),
            WarningKind::UnknownKey { key, near: Some(k) } => write!(
                f,
                "{key} is no key Fairy-Stockfish reads (did you mean {k}?): skipped"
            ),
            WarningKind::UnknownKey { key, near: None } => {
                write!(f, "{key} is no key Fairy-Stockfish reads: skipped")
            }
            WarningKind::NotABool { key, value } => write!(
                f,
                "{key} = {value}: only `true` is true, Fairy-Stockfish reads this as false"
            ),
            WarningKind::NotInList { key, value, list } => write!(
                f,
                "{key} = {value}: not one of {list}, Fairy-Stockfish reads it as none"
            ),
            WarningKind::BetzaNote { key, note } => write!(
                f,
                "{key}: Fairy-Stockfish reads the letters of the note {note:?} as more Betza; the page draws the Betza before it"
            ),
            WarningKind::ReadUpTo { key, at } => {
                write!(
                    f,
                    "{key}: Fairy-Stockfish reads the value only up to {at:?}"
                )
            }
        }
    }
}
