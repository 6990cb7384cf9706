//! The board's state machine ([`glance::board::state`]) driven natively with long
//! random sequences of events (proptest): 4,000 sequences of up to 400
//! events on boards of 1 to 12 random pieces.
//!
//! After every event: what a page that carries out the outputs shows is
//! exactly what the machine says it shows (nothing lost, nothing left
//! over); what is shown is a code that shows something, from its own
//! piece; every release-like event leaves the board at rest; a pointer
//! going up never leaves a press (only a tap or a key) showing. And the
//! same events give the same outputs.
//!
//! Native only: proptest does not build for wasm32-unknown-unknown.
#![cfg(not(target_arch = "wasm32"))]

use glance::Square;
use glance::board::state::{Change, Input, Key, Machine, Output, Piece, Shown};
use proptest::prelude::*;

/// The sequences checked (also printed by `make test`'s run of this file).
const SEQUENCES: u32 = 4000;

fn piece() -> impl Strategy<Value = Piece> {
    (0..4i32, 0..4i32, 0..16u8, 0..16u8, any::<bool>()).prop_map(|(x, y, f, r, inline)| Piece {
        // Few codes, so that pieces share codes and presses hit them.
        code: (x, y),
        sq: Square::new(f, r).unwrap(),
        inline,
    })
}

fn key() -> impl Strategy<Value = Key> {
    prop_oneof![
        Just(Key::Enter),
        Just(Key::Space),
        Just(Key::Escape),
        Just(Key::Up),
        Just(Key::Down),
        Just(Key::Left),
        Just(Key::Right),
        Just(Key::Other),
    ]
}

/// An event; `on` indexes may point past the board's pieces (a stale or
/// bad index must be harmless too).
fn input() -> impl Strategy<Value = Input> {
    let on = prop::option::of(0..14usize);
    prop_oneof![
        (-1..5i32, -1..5i32).prop_map(|(x, y)| Input::Press { code: (x, y) }),
        Just(Input::Release),
        (on.clone(), any::<bool>()).prop_map(|(on, mouse)| Input::PointerDown { on, mouse }),
        Just(Input::PointerUp),
        Just(Input::PointerCancel),
        Just(Input::Blur),
        Just(Input::Hidden),
        (key(), on, any::<bool>()).prop_map(|(key, on, repeat)| Input::Key { key, on, repeat }),
    ]
}

/// Whether `input` must leave the board at rest, whatever came before.
fn release_like(input: Input) -> bool {
    matches!(
        input,
        Input::Release
            | Input::PointerCancel
            | Input::Blur
            | Input::Hidden
            | Input::Key {
                key: Key::Escape,
                ..
            }
    )
}

/// Runs `inputs` on a fresh machine, checking every step; the outputs.
fn run(
    pieces: &[Piece],
    known: &[(i32, i32)],
    inputs: &[Input],
) -> Result<Vec<Output>, TestCaseError> {
    let mut m = Machine::new(pieces.to_vec());
    // What a page carrying out the outputs shows.
    let mut page: Option<Shown> = None;
    let mut outs = Vec::new();
    for (step, &input) in inputs.iter().enumerate() {
        let out = m.handle(input, |code| known.contains(&code));
        match out.change {
            Change::None => {}
            Change::Clear => {
                prop_assert!(page.is_some(), "step {step}: a clear with nothing shown");
                page = None;
            }
            Change::Show(s) => page = Some(s),
        }
        prop_assert_eq!(page, m.shown(), "step {}: {:?}", step, input);
        if let Some(s) = m.shown() {
            prop_assert!(
                known.contains(&s.code),
                "step {step}: shows unknown {:?}",
                s.code
            );
            if let Some(i) = s.from {
                prop_assert_eq!(
                    pieces[i].code,
                    s.code,
                    "step {}: from the wrong piece",
                    step
                );
            }
        }
        if release_like(input) {
            prop_assert_eq!(
                m.shown(),
                None,
                "step {}: {:?} left {:?}",
                step,
                input,
                m.shown()
            );
        }
        if input == Input::PointerUp {
            prop_assert!(
                m.shown().is_none_or(|s| s.sticky),
                "step {step}: a press outlived its pointer"
            );
        }
        if let Some(f) = out.focus {
            prop_assert!(
                f < pieces.len(),
                "step {step}: focus on piece {f} of {}",
                pieces.len()
            );
        }
        outs.push(out);
    }
    Ok(outs)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: SEQUENCES, ..ProptestConfig::default() })]

    #[test]
    fn random_sequences_keep_the_board_consistent(
        pieces in prop::collection::vec(piece(), 1..12),
        known in prop::collection::vec((-1..5i32, -1..5i32), 0..12),
        inputs in prop::collection::vec(input(), 1..400),
    ) {
        let first = run(&pieces, &known, &inputs)?;
        // The same events, the same outputs.
        prop_assert_eq!(&first, &run(&pieces, &known, &inputs)?);
        // Whatever happened, a release puts the board at rest.
        let mut m = Machine::new(pieces.clone());
        for &input in &inputs {
            m.handle(input, |code| known.contains(&code));
        }
        m.handle(Input::Release, |_| true);
        prop_assert_eq!(m.shown(), None);
    }
}
