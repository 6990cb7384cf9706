//! The fixed words of the screen-reader sentence ([`crate::board::scene::Scene::sentence`]),
//! by the page's language (`<html lang>`).
//!
//! One [`Words`] per language; add a language by adding a `const` and a
//! line to [`LANGUAGES`]. A language tag is matched by its primary subtag
//! (`fr-CA` → `fr`), without regard to case; any other falls back to
//! English.
//!
//! ```
//! use glance::board::words::Words;
//! assert_eq!(Words::for_lang("fr-CA").leaps, "Saute en");
//! assert_eq!(Words::for_lang("xx").leaps, "Leaps to");
//! assert_eq!(Words::for_lang(""), &glance::board::words::ENGLISH);
//! ```

use crate::engine::diagram::Mark;

/// The fixed words of one language.
#[derive(Debug, PartialEq, Eq)]
pub struct Words {
    /// Before the squares a piece slides or steps to ([`Mark::Slide`]).
    pub slides: &'static str,
    /// [`Mark::Leap`].
    pub leaps: &'static str,
    /// [`Mark::Move`].
    pub moves: &'static str,
    /// [`Mark::Capture`].
    pub captures: &'static str,
    /// [`Mark::FirstLeg`].
    pub first_leg: &'static str,
    /// [`Mark::Block`].
    pub blocked: &'static str,
    /// Between a piece image's name and its square in a demo (`"on"`).
    pub on: &'static str,
    /// A demo's emptied cell, before its square (`"Empty:"`).
    pub empty: &'static str,
    /// The board table's accessible name, after the page's heading.
    pub board: &'static str,
    /// Between the heading and [`Words::board`] (`": "`; French `" : "`).
    pub colon: &'static str,
    /// The sides, after a declared piece's name in its cell's accessible
    /// name (`"Queen, White"`).
    pub white: &'static str,
    pub black: &'static str,
    /// A piece with no moves at all, after its name (`"Never moves"`).
    pub never: &'static str,
    /// The words a piece table may join alternatives with (`RB or Q`).
    pub or: &'static [&'static str],
}

impl Words {
    /// The words of the page language `lang` (an `<html lang>` value).
    pub fn for_lang(lang: &str) -> &'static Words {
        Words::known(lang).unwrap_or(&ENGLISH)
    }

    /// The words of `lang` if it is one of [`LANGUAGES`] (an empty `lang`
    /// is English, the pages' own language).
    pub fn known(lang: &str) -> Option<&'static Words> {
        let primary = crate::engine::cut::before(lang, b"-_").trim_ascii();
        if primary.is_empty() {
            return Some(&ENGLISH);
        }
        LANGUAGES
            .iter()
            .find(|(tag, _)| tag.eq_ignore_ascii_case(primary))
            .map(|(_, words)| words)
    }

    /// The words before the squares of `mark`.
    pub fn verb(&self, mark: Mark) -> &'static str {
        match mark {
            Mark::Slide => self.slides,
            Mark::Leap => self.leaps,
            Mark::Move => self.moves,
            Mark::Capture => self.captures,
            Mark::FirstLeg => self.first_leg,
            Mark::Block => self.blocked,
        }
    }
}

pub const ENGLISH: Words = Words {
    slides: "Slides or steps to",
    leaps: "Leaps to",
    moves: "Moves without capturing to",
    captures: "Captures only on",
    first_leg: "Captures with its first step and goes on from",
    blocked: "Can be blocked on",
    on: "on",
    empty: "Empty:",
    board: "moves at a glance",
    colon: ": ",
    white: "White",
    black: "Black",
    never: "Never moves",
    or: &["or"],
};

pub const FRENCH: Words = Words {
    slides: "Glisse ou avance en",
    leaps: "Saute en",
    moves: "Se déplace sans prendre en",
    captures: "Prend seulement en",
    first_leg: "Prend de son premier pas et repart de",
    blocked: "Peut être bloquée en",
    on: "en",
    empty: "Vide :",
    board: "les coups d'un coup d'œil",
    colon: " : ",
    white: "Blancs",
    black: "Noirs",
    never: "Ne se déplace jamais",
    or: &["ou"],
};

pub const SPANISH: Words = Words {
    slides: "Se desliza o avanza a",
    leaps: "Salta a",
    moves: "Se mueve sin capturar a",
    captures: "Captura solo en",
    first_leg: "Captura con su primer paso y sigue desde",
    blocked: "Puede ser bloqueada en",
    on: "en",
    empty: "Vacía:",
    board: "movimientos de un vistazo",
    colon: ": ",
    white: "blancas",
    black: "negras",
    never: "Nunca se mueve",
    or: &["o", "u"],
};

pub const GERMAN: Words = Words {
    slides: "Gleitet oder schreitet nach",
    leaps: "Springt nach",
    moves: "Zieht ohne zu schlagen nach",
    captures: "Schlägt nur auf",
    first_leg: "Schlägt mit dem ersten Schritt und zieht weiter von",
    blocked: "Kann blockiert werden auf",
    on: "auf",
    empty: "Leer:",
    board: "Züge auf einen Blick",
    colon: ": ",
    white: "Weiß",
    black: "Schwarz",
    never: "Zieht nie",
    or: &["oder"],
};

/// The languages with words of their own, by primary language subtag.
pub const LANGUAGES: &[(&str, Words)] = &[
    ("en", ENGLISH),
    ("fr", FRENCH),
    ("es", SPANISH),
    ("de", GERMAN),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_match_by_primary_subtag_and_fall_back_to_english() {
        assert_eq!(Words::for_lang("de"), &GERMAN);
        assert_eq!(Words::for_lang("DE-at"), &GERMAN);
        assert_eq!(Words::for_lang("es_ES"), &SPANISH);
        assert_eq!(Words::for_lang(" fr "), &FRENCH);
        assert_eq!(Words::for_lang("ja"), &ENGLISH);
        assert_eq!(Words::for_lang("english"), &ENGLISH);
    }

    #[test]
    fn every_language_has_every_word() {
        for (tag, w) in LANGUAGES {
            for mark in Mark::ALL {
                assert!(!w.verb(mark).is_empty(), "{tag} {mark:?}");
            }
            assert!(!w.on.is_empty() && !w.empty.is_empty() && !w.board.is_empty());
            assert!(!w.colon.is_empty() && !w.white.is_empty() && !w.black.is_empty());
            assert!(!w.never.is_empty());
        }
    }
}
