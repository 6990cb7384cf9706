//! What a maintainer or author runs on a page (native only), each a
//! `glance` subcommand on the one page model ([`crate::page`]):
//!
//! * [`legacy`]: a legacy page's script and click handlers, read once for both;
//! * [`lint`]: what breaks a page's board, as the page itself says it;
//! * [`migrate`]: a legacy page rewritten as a zero-code page.
//! * [`rule_claims`]: what a page's `data-rule` attributes claim, checked.
//! * [`variant_page`]: a zero-code page written from a Fairy-Stockfish variant definition.
//! * [`setup_picture`]: what a page's setup picture shows (for make-assets.py).

pub mod legacy;
pub mod lint;
pub mod migrate;
pub mod rule_claims;
pub mod setup_picture;
pub mod variant_page;
