//! Fuzz target `variants`: arbitrary bytes, read as UTF-8 (lossily), go
//! through the variants.ini reader (`glance::variant::read_each`). A panic
//! or a slow input is a finding; so is a variant read whose start position
//! has a piece off its board or of a letter it does not define, or a
//! piece whose pages' spelling the pages' parser refuses.
#![no_main]

use glance::engine::betza;
use glance::variant::read_each;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for v in read_each(&text, "fuzz.ini").into_iter().flatten() {
        for p in &v.start {
            assert!(p.square.file() < v.files && p.square.rank() < v.ranks);
            assert!(v.piece(p.letter).is_some());
        }
        for piece in &v.pieces {
            if let Ok(pages) = &piece.pages {
                assert!(betza::parse(pages).is_ok(), "{pages}");
            }
        }
    }
});
