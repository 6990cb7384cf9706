//! Every rule of each variant as Fairy-Stockfish's keys
//! ([`glance::variant::claims`]), one JSON object per line: the built-ins
//! without an argument, else each section of FILE.ini.
//!
//!     cargo run -q --example variant_rules -- [FILE.ini]
//!
//! For tests/fairy/builtins_check.py, which compares them with the facts
//! of Fairy-Stockfish's variant.cpp.

use glance::variant::{builtin, claims, read_each};

fn main() {
    let path = std::env::args().nth(1);
    let (text, file) = match &path {
        Some(p) => match std::fs::read_to_string(p) {
            Ok(t) => (t, p.clone()),
            Err(e) => {
                eprintln!("variant_rules: cannot read {p}: {e}");
                std::process::exit(2);
            }
        },
        None => (
            builtin::MODELLED
                .iter()
                .map(|n| format!("[{n}:{n}]\n"))
                .collect::<String>(),
            "builtins".to_string(),
        ),
    };
    for (i, v) in read_each(&text, &file).into_iter().enumerate() {
        match v {
            Ok(v) => {
                let name = match &path {
                    Some(_) => v.name.clone(),
                    None => builtin::MODELLED[i].to_string(),
                };
                let map: serde_json::Map<String, serde_json::Value> = claims::claims(&v)
                    .into_iter()
                    .map(|(k, x)| (k, serde_json::Value::String(x)))
                    .collect();
                println!("{}", serde_json::json!({"name": name, "claims": map}));
            }
            Err(e) => eprintln!("{e}"),
        }
    }
}
