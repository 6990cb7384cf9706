//! What several integration tests share: the pages `glance page` writes.

#![cfg(not(target_arch = "wasm32"))]

use std::path::PathBuf;
use std::process::Command;

/// The pages `glance page ARGS --out-dir DIR` writes, by file name (the
/// index page left out), with their HTML, sorted by name. `what` keeps
/// the folders of two calls (and of two tests) apart.
#[allow(dead_code)] // (a test that needs the index too calls the next)
pub fn written(what: &str, args: &[&str]) -> Vec<(String, String)> {
    written_and_index(what, args).0
}

/// [`written`]'s pages, and the index page (the catalogue) beside them
/// (empty where none was written).
pub fn written_and_index(what: &str, args: &[&str]) -> (Vec<(String, String)>, String) {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("glance-written-{}-{what}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = Command::new(env!("CARGO_BIN_EXE_glance"))
        .arg("page")
        .args(args)
        .arg("--out-dir")
        .arg(&dir)
        .output()
        .expect("run glance");
    assert!(
        out.status.success(),
        "glance page {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut pages: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("the pages' folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "html"))
        .filter(|p| p.file_name().is_some_and(|n| n != "index.html"))
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).expect("a page"))
        })
        .collect();
    pages.sort();
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    (pages, index)
}
