//! `glance lint PAGE.html|VARIANTS.ini...`: each page's findings, or for a
//! Fairy-Stockfish definition file what it reads otherwise than it seems
//! to say, its unnamed custom pieces and the sections it refuses (each
//! refusal one line quoting at most 80 characters of the file, as `glance
//! page` says it).

use std::path::{Path, PathBuf};

use super::Severity;
use crate::tools::{Say, Status};

/// `glance lint`'s options.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The pages (and `.ini` files) to check.
    pub pages: Vec<PathBuf>,
    /// The findings as a JSON array.
    pub json: bool,
}

/// A Fairy-Stockfish definition file: says what Fairy-Stockfish reads
/// otherwise than it seems to say, and each section the reader refuses,
/// `FILE:LINE: ...`; the count of refusals, `None` if the file cannot be
/// read.
fn lint_ini(path: &Path, say: &mut dyn Say) -> Option<usize> {
    let file = path.display().to_string();
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            say.err(&format!("glance: cannot read {file}: {e}\n"));
            return None;
        }
    };
    let warnings = crate::variant::lint(&text, &file).unwrap_or_default();
    say.out(&crate::variant::quirks::report(&warnings));
    let (read, refused): (Vec<_>, Vec<_>) = crate::variant::read_each(&text, &file)
        .into_iter()
        .partition(Result::is_ok);
    let refused: Vec<_> = refused.into_iter().filter_map(Result::err).collect();
    // A custom piece with no name: its page would call it "Piece X".
    let names = crate::tools::variant_page::Names::from_comments(&text);
    for v in read.iter().flatten() {
        for p in crate::tools::variant_page::unnamed(v, &names) {
            say.out(&format!(
                "{file}:{}: warning: [{}] {} ({}) has no name: its page calls it \"Piece {}\"; \
                 name it with a comment \"# glance: name {} = NAME\"\n",
                p.line,
                v.name,
                p.name,
                p.letter,
                p.letter.to_ascii_uppercase(),
                p.name
            ));
        }
    }
    // One line each, its quoted values clipped as glance page clips them.
    for e in &refused {
        say.out(&format!(
            "{}\n",
            crate::tools::variant_page::limits::variant_error(e)
        ));
    }
    Some(refused.len())
}

/// `glance lint`: [`Status::Findings`] if a page has an error (a
/// definition file a refused section), [`Status::Failed`] if a page could
/// not be read (the others are still checked).
pub fn run(opts: &Options, say: &mut dyn Say) -> Status {
    let mut findings = Vec::new();
    let mut unreadable = false;
    let mut ini_errors = 0;
    for page in &opts.pages {
        if page.extension().is_some_and(|e| e == "ini") {
            match lint_ini(page, say) {
                Some(n) => ini_errors += n,
                None => unreadable = true,
            }
            continue;
        }
        match super::lint_file(page) {
            Ok(found) => findings.extend(found),
            Err(e) => {
                say.err(&format!("glance: cannot read {}: {e}\n", page.display()));
                unreadable = true;
            }
        }
    }
    if opts.json {
        say.out(&super::to_json(&findings));
    } else {
        for f in &findings {
            say.out(&format!("{f}\n"));
        }
    }
    let errors = findings
        .iter()
        .filter(|f| f.severity() == Severity::Error)
        .count();
    if !opts.json && !findings.is_empty() {
        let warnings = findings.len() - errors;
        say.err(&format!(
            "glance: {errors} error(s), {warnings} warning(s) in {} page(s)\n",
            opts.pages.len()
        ));
    }
    if unreadable {
        Status::Failed
    } else if errors + ini_errors > 0 {
        Status::Findings
    } else {
        Status::Success
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::Said;

    #[test]
    fn an_unreadable_page_is_status_2_and_the_others_are_checked() {
        let dir = std::env::temp_dir().join(format!("glance-lint-run-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let ini = dir.join("v.ini");
        std::fs::write(&ini, "[a:chess]\ncustomPiece1 = e:mRcpR\n").unwrap();
        let opts = Options {
            pages: vec![dir.join("missing.html"), ini.clone()],
            json: false,
        };
        let mut said = Said::default();
        assert_eq!(run(&opts, &mut said), Status::Failed);
        assert!(said.err.starts_with("glance: cannot read "), "{}", said.err);
        assert_eq!(
            said.out,
            format!(
                "{}:2: warning: [a] customPiece1 (e) has no name: its page calls it \"Piece E\"; \
                 name it with a comment \"# glance: name customPiece1 = NAME\"\n",
                ini.display()
            )
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
