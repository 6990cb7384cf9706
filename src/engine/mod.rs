//! The engine: pure chess-variant geometry, no page and no web types.
//!
//! * [`geometry`]: squares, colours, offsets and sets of squares;
//! * [`betza`]: a Betza string parsed into typed moves;
//! * [`cut`]: text cut at ASCII bytes, with no `char` pattern searcher;
//! * [`diagram`]: the mark of every square a piece reaches from a square;
//! * [`dialect`]: the groups of a Betza string that XBoard's move
//!   generator, the Interactive Diagram or Fairy-Stockfish read otherwise,
//!   and a spelling all of them read alike;
//! * [`infer`]: the shortest Betza string that draws a given diagram;
//! * [`sentence`]: sentences with blanks kept in text files, filled, or
//!   coded for `dist/glance.js`'s loader;
//! * [`spell`]: a parsed piece written back as Betza (`Display`);
//! * [`text`]: a diagram rendered as text (what `glance diagram` prints).

pub mod betza;
pub mod cut;
pub mod describe;
pub mod diagram;
pub mod dialect;
pub mod geometry;
pub mod infer;
pub mod sentence;
pub mod spell;
pub mod text;
