//! The board's runtime: what a click shows and how presses and releases
//! change it (pure Rust; `web` paints it).
//!
//! * [`clicks`]: the click codes of the three legacy scripts, as data;
//! * [`parsed`]: those tables' Betza strings parsed at build time, for the
//!   drop-ins that carry no parser;
//! * [`scene`]: what every cell shows for a click, and the sentence a
//!   screen reader says;
//! * [`words`]: the sentence's fixed words by page language;
//! * [`state`]: the state machine of presses, releases, taps and keys.

pub mod clicks;
pub mod parsed;
pub mod scene;
pub mod state;
pub mod words;
