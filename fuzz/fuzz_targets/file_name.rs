//! Fuzz target `file_name`: arbitrary bytes, read as UTF-8 (lossily), are
//! a section's name for the file-name rule
//! (`glance::tools::variant_page::file_name`), and, split at newlines, the
//! names of one run. A finding is a panic, or a file name that breaks the
//! rule as the rule's documentation states it, checked here on its own
//! terms: only ASCII letters, digits, `-` and `_`, 1 to 64 of them, one
//! per character of the name, no reserved name in any case, the rule
//! giving a name that fits back unchanged, and no two names of a run
//! given one file (in any case).
#![no_main]

use std::collections::BTreeSet;

use glance::tools::variant_page::file_name::{fits, plan, stem};
use libfuzzer_sys::fuzz_target;

const RESERVED: [&str; 24] = [
    "index", "javascript", "con", "prn", "aux", "nul", "com1", "com2", "com3", "com4", "com5",
    "com6", "com7", "com8", "com9", "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7",
    "lpt8", "lpt9",
];

fn check(name: &str, file: &str) {
    assert!(!file.is_empty() && file.len() <= 64, "{name:?} -> {file:?}");
    assert!(
        file.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'),
        "{name:?} -> {file:?}"
    );
    assert_eq!(file.len(), name.chars().count(), "{name:?} -> {file:?}");
    assert!(!RESERVED.contains(&file.to_ascii_lowercase().as_str()), "{name:?} -> {file:?}");
    assert!(fits(file), "{file:?}");
    assert_eq!(stem(file).as_deref(), Ok(file));
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(file) = stem(&text) {
        check(&text, &file);
    }
    let names: Vec<&str> = text.split('\n').collect();
    let mut files = BTreeSet::new();
    for (name, result) in plan(names.iter().copied()) {
        if let Ok(file) = result {
            check(name, &file);
            assert!(files.insert(file.to_ascii_lowercase()), "{file:?} given twice");
        }
    }
});
