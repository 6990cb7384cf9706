//! `glance setup PAGE.html... [--setups FILE] [--json]`: what each page's
//! setup picture shows, for `scripts/make-assets.py`.

use std::path::PathBuf;

use super::{Entry, read_page, read_setups, to_json};
use crate::tools::{Say, Status};

/// `glance setup`'s options.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The rules pages.
    pub pages: Vec<PathBuf>,
    /// The file of FENs and images where a page's text cannot give them.
    pub setups: Option<PathBuf>,
    /// A JSON array, an object per page.
    pub json: bool,
}

/// `glance setup`: [`Status::Failed`] if the setups file or a page cannot
/// be read; [`Status::Findings`] if a page's picture cannot be drawn (its
/// error says why).
pub fn run(opts: &Options, say: &mut dyn Say) -> Status {
    let (entries, named) = match &opts.setups {
        None => (Default::default(), String::from("setups.json")),
        Some(path) => {
            let read = std::fs::read_to_string(path).map_err(|e| e.to_string());
            match read.and_then(|t| read_setups(&t)) {
                Ok(e) => (e, path.display().to_string()),
                Err(e) => {
                    say.err(&format!("glance: cannot read {}: {e}\n", path.display()));
                    return Status::Failed;
                }
            }
        }
    };
    let mut out = Vec::new();
    let (mut unreadable, mut failed) = (false, false);
    for path in &opts.pages {
        let name = path.file_stem().map(|s| s.to_string_lossy().into_owned());
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                say.err(&format!("glance: cannot read {}: {e}\n", path.display()));
                unreadable = true;
                continue;
            }
        };
        let name = name.unwrap_or_default();
        let entry = entries.get(&name).cloned().unwrap_or_else(Entry::default);
        let s = read_page(&name, &text, &entry, &named);
        if opts.json {
            let mut v = to_json(&s);
            v["path"] = path.display().to_string().into();
            out.push(v);
        } else if let Some(e) = s.error.as_deref().filter(|_| s.draw) {
            say.err(&format!("glance: no setup picture for {name}: {e}\n"));
        } else if s.draw {
            say.out(&format!(
                "{name}: {}x{} {} (from {})\n",
                s.files,
                s.ranks,
                s.fen.as_deref().unwrap_or(""),
                s.source
            ));
        }
        failed |= s.draw && s.error.is_some();
    }
    if opts.json {
        say.out(&format!("{}\n", serde_json::Value::Array(out)));
    }
    if unreadable {
        Status::Failed
    } else if failed {
        Status::Findings
    } else {
        Status::Success
    }
}
