//! What a maintainer or author runs on a page (native only), each a
//! `glance` subcommand on the one page model ([`crate::page`]):
//!
//! * [`legacy`]: a legacy page's script and click handlers, read once for both;
//! * [`lint`]: what breaks a page's board, as the page itself says it
//!   (`glance lint`: [`lint::run`]);
//! * [`migrate`]: a legacy page rewritten as a zero-code page
//!   (`glance migrate`: [`migrate::run`]);
//! * [`rule_claims`]: what a page's `data-rule` attributes claim, checked
//!   (by `glance lint`);
//! * [`variant_page`]: a zero-code page written from a Fairy-Stockfish
//!   variant definition (`glance page`: [`variant_page::run`]);
//! * [`setup_picture`]: what a page's setup picture shows, for
//!   make-assets.py (`glance setup`: [`setup_picture::run`]);
//! * [`diagram_command`] and [`infer_command`]: `glance diagram` and
//!   `glance infer`, the engine's two directions on the command line.
//!
//! Each subcommand's work is a `run` function here, taking its typed
//! options and returning a [`Status`] (or a typed result), and saying what
//! it has to say through a [`Say`]: `src/main.rs` only reads the command
//! line, passes standard output and standard error, and turns the status
//! into the exit code.

pub mod diagram_command;
pub mod infer_command;
pub mod legacy;
pub mod lint;
pub mod migrate;
pub mod rule_claims;
pub mod setup_picture;
pub mod variant_page;

/// How a subcommand ended, as its exit status says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Status 0: done, nothing to report.
    Success,
    /// Status 1: done, with findings (lint errors, clicks for review, a
    /// picture that cannot be drawn, no string found).
    Findings,
    /// Status 2: bad input, or a file that could not be read or written.
    Failed,
}

impl Status {
    /// The exit code: 0, 1 or 2.
    pub fn code(self) -> u8 {
        match self {
            Status::Success => 0,
            Status::Findings => 1,
            Status::Failed => 2,
        }
    }
}

/// Where a subcommand's text goes: standard output (`out`, what a script
/// reads) and standard error (`err`, messages), in the order said.
pub trait Say {
    /// Text for standard output, as given (a line ends with `\n`).
    fn out(&mut self, text: &str);
    /// Text for standard error, as given.
    fn err(&mut self, text: &str);
}

/// A [`Say`] that keeps what was said, for tests and for callers that
/// print it later.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Said {
    pub out: String,
    pub err: String,
}

impl Say for Said {
    fn out(&mut self, text: &str) {
        self.out.push_str(text);
    }
    fn err(&mut self, text: &str) {
        self.err.push_str(text);
    }
}
