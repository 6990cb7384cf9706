//! Parses the Betza strings of the click tables (`src/board/clicks.rs`) when the
//! crate is built, and writes them with the pieces they stand for, in
//! `Piece::encode`'s binary form, to `$OUT_DIR/pieces.rs` (read by
//! `src/board/parsed.rs`). The drop-in scripts then draw their tables' pieces
//! without carrying the parser; every other build parses at run time.
//!
//! A table string that does not parse stops the build, naming it.

extern crate alloc;

#[allow(dead_code)]
#[path = "src/engine/betza.rs"]
mod betza;
#[allow(dead_code)]
#[path = "src/board/clicks.rs"]
mod clicks;
#[allow(dead_code)]
#[path = "src/engine/cut.rs"]
mod cut;
#[allow(dead_code)]
#[path = "src/engine/geometry.rs"]
mod geometry;
#[allow(dead_code)]
#[path = "src/engine/sentence.rs"]
mod sentence;

// The modules name each other by their place in the crate (`crate::engine::
// betza`, `crate::board::clicks`) and the square type from the crate root.
mod engine {
    #[allow(unused_imports)]
    pub(crate) use super::{betza, cut, geometry, sentence};
}
mod board {
    #[allow(unused_imports)]
    pub(crate) use super::clicks;
}
use geometry::Square;

use std::fmt::Write;
use std::path::Path;

fn main() {
    for input in [
        "build.rs",
        "src/engine/betza.rs",
        "src/board/clicks.rs",
        "src/engine/cut.rs",
        "src/engine/geometry.rs",
    ] {
        println!("cargo:rerun-if-changed={input}");
    }
    println!("cargo:rerun-if-env-changed=GLANCE_SCRIPT");
    // The tables kept in this build: all, or the one GLANCE_SCRIPT names.
    let only = std::env::var("GLANCE_SCRIPT").ok();
    let scripts = clicks::Script::ALL.into_iter().filter(|s| {
        only.as_deref()
            .is_none_or(|name| clicks::Script::from_name(name) == Some(*s))
    });
    let mut seen: Vec<&str> = Vec::new();
    let mut out = String::from("&[\n");
    for script in scripts {
        for entry in script.entries() {
            let clicks::Shows::Piece { betza, .. } = entry.shows else {
                continue;
            };
            if seen.contains(&betza) {
                continue;
            }
            seen.push(betza);
            let piece = betza::parse(betza).unwrap_or_else(|e| {
                panic!(
                    "{}: the Betza string {betza:?} of {:?} does not parse: {e}",
                    script.file_name(),
                    entry.name
                )
            });
            writeln!(out, "    ({betza:?}, &{:?}),", piece.encode()).expect("writing to a String");
        }
    }
    out.push(']');
    let dir = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    std::fs::write(Path::new(&dir).join("pieces.rs"), out).expect("writing $OUT_DIR/pieces.rs");
}
