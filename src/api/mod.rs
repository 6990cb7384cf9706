//! The ES-module package's API (`pkg/`, built by wasm-pack with the `pkg`
//! feature):
//!
//! * `exports`: `diagram`, `parse`, `infer` and `dialect`, whose arguments
//!   and answers cross as plain JavaScript objects through
//!   serde-wasm-bindgen;
//! * `lab`: the piece lab's sentence and its placed pieces.

#[cfg(all(target_arch = "wasm32", feature = "pkg"))]
mod exports;
mod lab;
