//! Engine time per diagram (criterion):
//!
//! * `diagram/all pieces`: the diagram of every piece of the three click
//!   tables, parsed beforehand, on an empty 10×10 board from e5; its
//!   throughput is in diagrams per second ("thrpt", elem/s: the time per
//!   diagram is its inverse);
//! * `diagram/Queen`, `diagram/Knight`, `diagram/Lion`: one piece each;
//! * `parse/all pieces` and `parse+diagram/all pieces`: the same strings
//!   parsed, and parsed then drawn;
//! * `setup/100 squares`: the page check's start ranks (`setup_starts`):
//!   a setup text placing a piece on every square of a 10×10 board, each
//!   square's name matched to 12 piece-table rows ([`names::rows_named`])
//!   and narrowed by its heading ([`names::narrow`]), as the check does
//!   once per placed square.
//!
//! `cargo bench --bench diagram -- --warm-up-time 1 --measurement-time 3`
//!
//! Native only (criterion does not build for wasm32-unknown-unknown).

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::hint::black_box;

    use criterion::{Criterion, Throughput, criterion_group};
    use glance::board::clicks::{Script, Shows};
    use glance::engine::betza::{self, Piece};
    use glance::page::declared::SetupLine;
    use glance::page::{names, setup};
    use glance::{Colour, Diagram, Square, SquareSet};

    /// The Betza string and colour of every piece entry of the tables.
    fn table_pieces() -> Vec<(&'static str, Colour)> {
        Script::ALL
            .iter()
            .flat_map(|s| s.entries())
            .filter_map(|e| match e.shows {
                Shows::Piece { betza, colour, .. } => Some((betza, colour)),
                Shows::Demo(_) => None,
            })
            .collect()
    }

    fn setup() -> (SquareSet, Square) {
        (
            SquareSet::rectangle(10, 10).unwrap(),
            Square::parse("e5").unwrap(),
        )
    }

    fn diagrams(c: &mut Criterion) {
        let (board, at) = setup();
        let pieces: Vec<(Piece, Colour)> = table_pieces()
            .into_iter()
            .map(|(s, colour)| (betza::parse(s).unwrap(), colour))
            .collect();
        let mut group = c.benchmark_group("diagram");
        group.throughput(Throughput::Elements(pieces.len() as u64));
        group.bench_function("all pieces", |b| {
            b.iter(|| {
                for (piece, colour) in &pieces {
                    black_box(Diagram::compute(
                        black_box(piece),
                        at,
                        *colour,
                        &board,
                        &SquareSet::EMPTY,
                    ));
                }
            })
        });
        group.throughput(Throughput::Elements(1));
        for (name, text) in [
            ("Queen", "Q"),
            ("Knight", "N"),
            ("Lion", "KADN(cK-aK)(K-bK)"),
        ] {
            let piece = betza::parse(text).unwrap();
            group.bench_function(name, |b| {
                b.iter(|| {
                    Diagram::compute(
                        black_box(&piece),
                        at,
                        Colour::White,
                        &board,
                        &SquareSet::EMPTY,
                    )
                })
            });
        }
        group.finish();
    }

    fn parsing(c: &mut Criterion) {
        let (board, at) = setup();
        let pieces = table_pieces();
        let n = pieces.len() as u64;
        let mut group = c.benchmark_group("parse");
        group.throughput(Throughput::Elements(n));
        group.bench_function("all pieces", |b| {
            b.iter(|| {
                for (text, _) in &pieces {
                    black_box(betza::parse(black_box(text)).unwrap());
                }
            })
        });
        group.finish();
        let mut group = c.benchmark_group("parse+diagram");
        group.throughput(Throughput::Elements(n));
        group.bench_function("all pieces", |b| {
            b.iter(|| {
                for (text, colour) in &pieces {
                    let piece = betza::parse(black_box(text)).unwrap();
                    black_box(Diagram::compute(
                        &piece,
                        at,
                        *colour,
                        &board,
                        &SquareSet::EMPTY,
                    ));
                }
            })
        });
        group.finish();
    }

    /// A setup text placing a piece on each of the 100 squares of a 10×10
    /// board (ten lines a side under a side's heading), and the piece
    /// table's 12 names.
    fn full_setup() -> (Vec<SetupLine>, Vec<&'static str>) {
        let rows = vec![
            "King (Persian)",
            "King (Spartan)",
            "Queen",
            "Rook",
            "Bishop",
            "Knight",
            "Pawn",
            "Hoplite Pawn",
            "Lieutenant",
            "General",
            "Warlord",
            "Captain",
        ];
        let said = [
            "Kings",
            "Queen",
            "Rooks",
            "Bishop",
            "Knights",
            "Pawns",
            "Hoplites",
            "Lieutenants",
            "General",
            "Warlord",
        ];
        let mut lines = Vec::new();
        for (heading, ranks) in [("White (Persians)", 1..=5), ("Black (Spartans)", 6..=10)] {
            lines.push(SetupLine {
                heading: true,
                text: heading.into(),
            });
            for rank in ranks {
                for (file, name) in ('a'..='j').zip(said) {
                    lines.push(SetupLine {
                        heading: false,
                        text: format!("{file}{rank}: {name}"),
                    });
                }
            }
        }
        (lines, rows)
    }

    fn setup_names(c: &mut Criterion) {
        let (lines, rows) = full_setup();
        let mut group = c.benchmark_group("setup");
        group.throughput(Throughput::Elements(1));
        group.bench_function("100 squares", |b| {
            b.iter(|| {
                let mut masks = [0u16; 12];
                for placed in &setup::placements(black_box(&lines)) {
                    let found = names::rows_named(placed.name, &rows);
                    for &r in &names::narrow(&found, &rows, placed.heading) {
                        masks[r] |= 1 << placed.sq.rank();
                    }
                }
                black_box(masks)
            })
        });
        group.finish();
    }

    criterion_group!(benches, diagrams, parsing, setup_names);
}

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_main!(native::benches);

#[cfg(target_arch = "wasm32")]
fn main() {}
