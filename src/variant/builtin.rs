//! Fairy-Stockfish's built-in variants that definitions inherit from,
//! modelled in the file format itself (read from Fairy-Stockfish's
//! `variant.cpp`: its pieces, board, start position, double steps,
//! castling and promotion; the rules this reader does not model, such as
//! counting and game ends, are written where they were easy to name).
//!
//! ```
//! use glance::variant::builtin::MODELLED;
//! assert!(MODELLED.contains(&"chess"));
//! assert!(MODELLED.contains(&"janggi"));
//! // Every built-in of pyffish 0.0.90.
//! assert_eq!(MODELLED.len(), 121);
//! ```

/// The names of the built-in variants modelled by [`TEXT`], in
/// `pyffish.variants()`'s order (by name).
pub const MODELLED: &[&str] = &[
    "3check",
    "5check",
    "ai-wok",
    "almost",
    "amazon",
    "amazons",
    "antichess",
    "armageddon",
    "asean",
    "ataxx",
    "atomar",
    "atomic",
    "berolina",
    "breakthrough",
    "bughouse",
    "cambodian",
    "capablanca",
    "capahouse",
    "caparandom",
    "centaur",
    "chancellor",
    "chaturanga",
    "checkshogi",
    "chess",
    "chessgi",
    "chigorin",
    "clobber",
    "clobber10",
    "codrus",
    "coregal",
    "courier",
    "crazyhouse",
    "dobutsu",
    "dragon",
    "duck",
    "embassy",
    "euroshogi",
    "extinction",
    "fairy",
    "fischerandom",
    "flipello",
    "flipello10",
    "flipersi",
    "fox-and-hounds",
    "gardner",
    "georgian",
    "giveaway",
    "gorogoro",
    "gothic",
    "grand",
    "grasshopper",
    "gustav3",
    "hoppelpoppel",
    "horde",
    "isolation",
    "isolation7x7",
    "janggi",
    "janggicasual",
    "janggimodern",
    "janggitraditional",
    "janus",
    "jesonmor",
    "joust",
    "judkins",
    "karouk",
    "kinglet",
    "kingofthehill",
    "knightmate",
    "koedem",
    "kyotoshogi",
    "legan",
    "loop",
    "losalamos",
    "losers",
    "makpong",
    "makruk",
    "manchu",
    "micro",
    "mini",
    "minishogi",
    "minixiangqi",
    "misere",
    "modern",
    "newzealand",
    "nightrider",
    "nocastle",
    "nocheckatomic",
    "normal",
    "okisakishogi",
    "omicron",
    "opulent",
    "paradigm",
    "pawnback",
    "pawnsideways",
    "perfect",
    "petrified",
    "placement",
    "pocketknight",
    "raazuvaa",
    "racingkings",
    "seirawan",
    "shako",
    "shatar",
    "shatranj",
    "shogi",
    "shoshogi",
    "shouse",
    "sittuyin",
    "snailtrail",
    "sortofalmost",
    "spartan",
    "suicide",
    "supply",
    "tencubed",
    "threekings",
    "torishogi",
    "torpedo",
    "troitzky",
    "wolf",
    "xiangqi",
    "yarishogi",
];

/// The modelled built-ins as a definition file, `builtins.ini` beside this
/// file, in the very format [`super::read`] reads (its line numbers are
/// reported as line 0 of the child's file: a built-in is no line of it).
/// Janggi's palace diagonals are its `diagonalLines` key and its pass
/// `pass`, as Fairy-Stockfish's own keys name them.
pub const TEXT: &str = include_str!("builtins.ini");

/// Fairy-Stockfish's `*_variant_base()` functions that built-ins are
/// built on (`minishogi_variant_base`, `xiangqi_variant_base`), in the same
/// format: the parents of the built-ins that `variant.cpp` builds on them
/// (`[shogi:minishogi_variant_base]`: Shogi is built on Minishogi's base,
/// not on Minishogi, whose repetition rule and pocket it does not share).
/// No variant of their own: only a built-in section of [`TEXT`] may name
/// one as its parent; a definition file that does is refused, as pyffish
/// refuses it (`super::resolve`, `base`).
pub const BASES: &str = include_str!("builtin_bases.ini");

/// The file name [`TEXT`] and [`BASES`] are read under: the one name
/// under which their own keys (`glanceSynonyms`, `glanceFreeDrops`: what
/// variant.cpp sets and no definition file can) are read, so that a
/// definition file that writes them changes nothing, as in pyffish.
pub const FILE: &str = "builtin";

/// Every modelled built-in, read as Fairy-Stockfish plays it by name.
///
/// ```
/// let ataxx = glance::variant::builtin::read_all()
///     .into_iter()
///     .flatten()
///     .find(|v| v.name == "ataxx")
///     .unwrap();
/// assert!(ataxx.rules.drops.free);
/// ```
pub fn read_all() -> alloc::vec::Vec<Result<super::Variant, super::Error>> {
    super::read_each(TEXT, FILE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_modelled_builtin_reads_in_order() {
        let sections = crate::variant::ini::sections(TEXT, FILE).unwrap();
        let names: alloc::vec::Vec<&str> = sections.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, MODELLED);
        let bases = crate::variant::ini::sections(BASES, FILE).unwrap();
        assert!(bases.iter().all(|b| !MODELLED.contains(&b.name.as_str())));
        // Every base is some built-in's parent.
        assert!(bases.iter().all(|b| {
            sections
                .iter()
                .any(|s| s.parent.as_deref() == Some(b.name.as_str()))
        }));
        for v in crate::variant::read_each(TEXT, FILE) {
            let v = v.unwrap();
            assert!(!v.pieces.is_empty(), "{}", v.name);
            // Flipersi's board starts empty: its pieces are all in hand.
            assert!(!v.start.is_empty() || !v.in_hand.is_empty(), "{}", v.name);
            assert!(v.warnings.is_empty(), "{}: {:?}", v.name, v.warnings);
        }
    }

    #[test]
    fn a_base_is_no_parent_for_a_file() {
        let e = crate::variant::read("[s:minishogi_variant_base]\n", "t.ini").unwrap_err();
        assert!(e.to_string().contains("minishogi_variant_base"), "{e}");
        // Built on the base, Shogi has the base's repetition rule, not
        // Minishogi's (variant.cpp's shogi_variant()).
        let v = crate::variant::read("[s:shogi]\n[m:minishogi]\n", "t.ini").unwrap();
        let r = |i: usize| {
            (
                v[i].rules.repetition.n_fold_value,
                v[i].rules.engine.pocket_size,
            )
        };
        use crate::variant::rules::Outcome;
        assert_eq!(r(0), (Outcome::Draw, 0));
        assert_eq!(r(1), (Outcome::Loss, 5));
    }

    // Facts from Fairy-Stockfish's variant.cpp, written by hand.
    #[test]
    fn janggi_embassy_shoshogi_are_parents() {
        let text = "[j:janggi]\n[e:embassy]\n[s:shoshogi]\n";
        let v = crate::variant::read(text, "t.ini").unwrap();
        let letters =
            |i: usize| -> alloc::string::String { v[i].pieces.iter().map(|p| p.letter).collect() };
        assert_eq!((v[0].files, v[0].ranks), (9, 10));
        let cannon = v[0].piece('c').unwrap();
        assert_eq!(
            (cannon.name.as_str(), cannon.betza.as_str()),
            ("janggiCannon", "pR")
        );
        assert_eq!(v[0].piece('b').unwrap().name, "janggiElephant");
        assert_eq!(v[0].piece('a').unwrap().name, "wazir");
        assert_eq!(v[0].start.len(), 32);
        let lines: alloc::vec::Vec<alloc::string::String> = v[0]
            .rules
            .moves
            .diagonal_lines
            .iter()
            .map(|s| alloc::format!("{s}"))
            .collect();
        // The two palaces' diagonals: 5 squares each.
        assert_eq!(
            lines,
            ["d1", "f1", "e2", "d3", "f3", "d8", "f8", "e9", "d10", "f10"]
        );
        assert_eq!(v[1].squares_of('c', crate::variant::Colour::White), ["f1"]);
        assert_eq!(
            (v[1].castling.kingside_file, v[1].castling.queenside_file),
            (7, 1)
        );
        assert_eq!(v[2].piece('e').unwrap().betza, "FsfW");
        assert!(!v[2].piece('k').unwrap().royal);
        assert!(v[2].promotion.promoted.contains(&('e', 'k')));
        assert!(letters(2).contains('e') && letters(0).contains('c'));
    }
}
