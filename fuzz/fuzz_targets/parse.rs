//! Fuzz target `parse`: arbitrary bytes, read as UTF-8 (lossily where they
//! are not), go through `betza::parse`; a piece that parses has its diagram
//! computed for both colours on a board, square and position drawn from a
//! hash of the input. A panic, a diagram off the board or on the origin,
//! or a slow input (libFuzzer's -timeout) is a finding. Every input also
//! goes through `dialect::readings`; one parsed input in eight has its
//! diagram inferred back (`infer`), and an answer that draws other marks,
//! or that another program reads differently, is a finding too.
#![no_main]

use glance::engine::infer::{infer, Target};
use glance::engine::{betza, dialect};
use glance::{Colour, Diagram, Square, SquareSet};
use libfuzzer_sys::fuzz_target;

/// FNV-1a: a cheap, stable hash to draw the board from.
fn hash(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let notes = dialect::readings(&text);
    let Ok(piece) = betza::parse(&text) else {
        assert!(notes.is_empty(), "{text:?}: notes on a string that does not parse");
        return;
    };
    let h = hash(data);
    let files = (h % 16) as u8 + 1;
    let ranks = (h >> 4) as u8 % 16 + 1;
    let board = SquareSet::rectangle(files, ranks).unwrap();
    let at = Square::new((h >> 8) as u8 % files, (h >> 12) as u8 % ranks).unwrap();
    // Empty half the time, else a sparse pattern from the rest of the hash.
    let occupied: SquareSet = if h & (1 << 16) == 0 {
        SquareSet::EMPTY
    } else {
        board
            .iter()
            .filter(|sq| (h >> 17).rotate_left(sq.index() as u32) & 7 == 0)
            .collect()
    };
    for colour in [Colour::White, Colour::Black] {
        for (board, at) in [
            (board, at),
            (
                SquareSet::rectangle(16, 16).unwrap(),
                Square::new(7, 7).unwrap(),
            ),
        ] {
            let d = Diagram::compute(&piece, at, colour, &board, &occupied);
            assert!(d.mark(at).is_none(), "{text:?}: the origin {at} is marked");
            if h >> 40 & 7 == 0 {
                let target = Target::of_diagram(&d, board, colour, occupied);
                if let Some(found) = infer(&target).betza {
                    let back = betza::parse(&found)
                        .unwrap_or_else(|e| panic!("{text:?}: inferred {found:?}: {e}"));
                    assert!(target.drawn_by(&back), "{text:?}: inferred {found:?} draws otherwise");
                    assert!(dialect::read_alike(&found), "{text:?}: inferred {found:?} not alike");
                }
            }
            for (sq, mark) in d.marks() {
                assert!(
                    board.contains(sq),
                    "{text:?}: {mark:?} on {sq}, off the board"
                );
            }
        }
    }
});
