//! The sentences of the findings ([`crate::page::check`]): one line each
//! in `src/page/findings.txt`, whose `{}` blanks a finding fills with the
//! page's own words (a key, a file name, a Betza string).
//!
//! `glance lint` and the package write a finding's message at once, in
//! those words. The generic drop-in (`dist/glance.js`, feature `generic`)
//! does not carry them: its message is the sentence's number and the
//! page's words, coded ([`push`]), and its loader fetches the sentences
//! from `dist/glance-findings.txt` (`src/engine/betza-errors.txt` and
//! this file, one after the other, beside the script)
//! only when the page has a finding, so that a reader of a correct page
//! never downloads them. Without that file the console still names the
//! finding's place and kind.
//!
//! ```
//! use glance::page::says::{push, Says};
//! let mut m = String::new();
//! push(&mut m, Says::BadSide, &["red"]);
//! assert_eq!(m, "data-side \"red\" is neither \"white\" nor \"black\", so this cell does nothing");
//! ```

use alloc::string::String;

use crate::engine::betza::ERROR_SENTENCES;
use crate::engine::sentence::{self, Sentence};

/// The sentences, in the order of `findings.txt`'s lines (a sentence's
/// number is its line's, from 0). The names are the lines' first words.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Says {
    NoBoardFound,
    NoDeclaredCell,
    NoSquares,
    NoPieceParagraph,
    NoStylesheet,
    RowNoKey,
    RowDuplicate,
    RowNoName,
    BadMoves,
    BadAlternative,
    CellsSkipped,
    AlternativesDiffer,
    ForeignWord,
    BadStart,
    InitialUnplaced,
    CellNoKey,
    BadSide,
    NoId,
    UnknownPiece,
    TwoCells,
    NotOnBoard,
    BlackDeclaredWhite,
    WhiteDeclaredBlack,
    WrongImage,
    UndeclaredImage,
    UndeclaredLetter,
    BadDataMoves,
    BadDemo,
    BadWords,
    MissingMarks,
    CellDoesNothing,
    BadSpares,
}

/// `findings.txt`: `name<TAB>sentence`, one line per [`Says`].
#[cfg(any(test, not(feature = "generic")))]
pub const SENTENCES: &str = include_str!("findings.txt");

impl Says {
    /// The sentence, numbered after the Betza errors'
    /// ([`crate::engine::sentence`]).
    pub fn sentence(self) -> Sentence {
        let n = ERROR_SENTENCES + self as usize;
        #[cfg(not(feature = "generic"))]
        return Sentence::new(n, sentence::line(SENTENCES, self as usize));
        #[cfg(feature = "generic")]
        return Sentence::new(n);
    }
}

/// Appends the sentence `says`, its blanks filled with `words` in order,
/// to `out` (coded in the generic drop-in, see [`crate::engine::sentence`]).
pub fn push(out: &mut String, says: Says, words: &[&str]) {
    sentence::push(out, says.sentence(), words);
}

/// A message of one sentence.
pub fn says(says: Says, words: &[&str]) -> String {
    let mut out = String::new();
    push(&mut out, says, words);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// Every sentence, with its name in `findings.txt` and the number of
    /// its blanks, as written here by hand.
    const ALL: [(Says, &str, usize); 32] = [
        (Says::NoBoardFound, "no-board-found", 0),
        (Says::NoDeclaredCell, "no-declared-cell", 0),
        (Says::NoSquares, "no-squares", 0),
        (Says::NoPieceParagraph, "no-piece-paragraph", 0),
        (Says::NoStylesheet, "no-stylesheet", 0),
        (Says::RowNoKey, "row-no-key", 1),
        (Says::RowDuplicate, "row-duplicate", 1),
        (Says::RowNoName, "row-no-name", 1),
        (Says::BadMoves, "bad-moves", 2),
        (Says::BadAlternative, "bad-alternative", 4),
        (Says::CellsSkipped, "cells-skipped", 1),
        (Says::AlternativesDiffer, "alternatives-differ", 7),
        (Says::ForeignWord, "foreign-word", 5),
        (Says::BadStart, "bad-start", 1),
        (Says::InitialUnplaced, "initial-unplaced", 2),
        (Says::CellNoKey, "cell-no-key", 1),
        (Says::BadSide, "bad-side", 1),
        (Says::NoId, "no-id", 1),
        (Says::UnknownPiece, "unknown-piece", 2),
        (Says::TwoCells, "two-cells", 0),
        (Says::NotOnBoard, "not-on-board", 0),
        (Says::BlackDeclaredWhite, "black-declared-white", 2),
        (Says::WhiteDeclaredBlack, "white-declared-black", 2),
        (Says::WrongImage, "wrong-image", 5),
        (Says::UndeclaredImage, "undeclared-image", 1),
        (Says::UndeclaredLetter, "undeclared-letter", 1),
        (Says::BadDataMoves, "bad-data-moves", 1),
        (Says::BadDemo, "bad-demo", 1),
        (Says::BadWords, "bad-words", 2),
        (Says::MissingMarks, "missing-marks", 1),
        (Says::CellDoesNothing, "cell-does-nothing", 0),
        (Says::BadSpares, "bad-spares", 2),
    ];

    #[test]
    fn each_sentence_is_its_line_of_the_file_with_its_blanks() {
        let lines: Vec<&str> = SENTENCES.lines().collect();
        assert_eq!(lines.len(), ALL.len(), "one line per sentence");
        for (i, (says, name, blanks)) in ALL.iter().enumerate() {
            assert_eq!(*says as usize, i, "{name}: listed out of order");
            let (n, sentence) = lines[i].split_once('\t').expect("name, tab, sentence");
            assert_eq!(n, *name, "line {i}");
            assert_eq!(says.sentence().text(), sentence);
            assert_eq!(says.sentence().number(), 31 + i);
            assert_eq!(sentence.matches("{}").count(), *blanks, "{name}'s blanks");
            assert!(!sentence.contains(['\u{1e}', '\u{1f}', '\t']), "{name}");
        }
    }

    #[cfg(not(feature = "generic"))]
    #[test]
    fn words_fill_the_blanks_in_order() {
        assert_eq!(
            says(Says::UnknownPiece, &["Z", "Z"]),
            "data-piece \"Z\" names no row <tr data-piece=\"Z\"> of the piece table (keys are compared exactly, case included), so this cell does nothing"
        );
        let mut m = says(Says::BadMoves, &["Pawn", "fX"]);
        m.push_str("unknown atom 'X'");
        push(&mut m, Says::CellsSkipped, &["sq1x1, sq2x2"]);
        assert_eq!(
            m,
            "Pawn: Moves 'fX' is not Betza notation: unknown atom 'X'; so its cells do nothing: sq1x1, sq2x2"
        );
        // Words of the page that look like a blank stay as they are.
        assert_eq!(
            says(Says::BadSide, &["{}"]),
            "data-side \"{}\" is neither \"white\" nor \"black\", so this cell does nothing"
        );
    }
}
