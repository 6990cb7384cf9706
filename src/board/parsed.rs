//! The pieces of the click tables, parsed when the crate is built
//! (`build.rs`): each Betza string of the tables kept in the build, with
//! the piece it stands for in [`Piece::encode`]'s binary form.
//!
//! The drop-in scripts read their pieces here, so they carry no Betza
//! parser (a fifth of their size); the diagrams are still drawn from the
//! pieces at run time, on the page's board. Every other build (the
//! package, the `glance` command) parses the strings when asked.
//!
//! ```
//! let knight = glance::board::parsed::piece("N").unwrap();
//! assert_eq!(knight, glance::engine::betza::parse("N").unwrap());
//! ```

use crate::engine::betza::Piece;

/// (Betza string, encoded piece) for every string of the kept tables.
pub static PIECES: &[(&str, &[u8])] = include!(concat!(env!("OUT_DIR"), "/pieces.rs"));

/// The piece of the tables' Betza string `betza`, or `None` if no table of
/// this build has that string.
pub fn piece(betza: &str) -> Option<Piece> {
    let (_, bytes) = PIECES.iter().find(|(s, _)| *s == betza)?;
    Piece::decode(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::clicks::{Script, Shows};
    use crate::engine::betza::parse;

    #[test]
    fn every_table_string_is_there_and_decodes_to_what_parsing_gives() {
        let mut checked = 0;
        for script in Script::ALL {
            for e in script.entries() {
                if let Shows::Piece { betza, .. } = e.shows {
                    assert_eq!(piece(betza), parse(betza).ok(), "{betza} ({})", e.name);
                    checked += 1;
                }
            }
        }
        assert!(checked > 100, "{checked} strings checked");
        assert_eq!(piece("not a table string"), None);
    }

    #[test]
    fn damaged_bytes_decode_to_nothing() {
        let lion = parse("KADN(cK-aK)(K-bK)").unwrap();
        let bytes = lion.encode();
        for cut in 1..bytes.len() {
            // Cut inside a move: nothing; between two moves: the first ones.
            if let Some(p) = Piece::decode(&bytes[..cut]) {
                assert_eq!(p.moves(), &lion.moves()[..p.moves().len()], "cut at {cut}");
                assert!(p.moves().len() < lion.moves().len(), "cut at {cut}");
            }
        }
        let mut bad_link = parse("K-bK").unwrap().encode();
        bad_link[5] = 7 << 2;
        assert_eq!(Piece::decode(&bad_link), None);
    }
}
