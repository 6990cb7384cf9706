//! `glance migrate PAGE.html... (--out-dir DIR | --in-place)`: each page
//! migrated ([`super::migrate_file`]) and what it says of each.

use std::path::{Path, PathBuf};

use super::{Action, MigrateError, Migration, Note, Options};
use crate::tools::variant_page::file_name;
use crate::tools::{Say, Status};

/// `glance migrate`'s options.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// The legacy pages.
    pub pages: Vec<PathBuf>,
    /// The folder to write into; `None` with `in_place`.
    pub out_dir: Option<PathBuf>,
    /// Overwrite each page.
    pub in_place: bool,
    /// How each page is rewritten.
    pub edit: Options,
    /// Also list the clicks carried over unchanged.
    pub verbose: bool,
}

/// `glance migrate`: [`Status::Success`] nothing to review,
/// [`Status::Findings`] some click for review (or, a bug, an error of the
/// shared check on a migrated page), [`Status::Failed`] a page that could
/// not be migrated (bad input; the others still are). One line per click
/// not carried over from its row as it was, then, per page, its review
/// items under a heading "for review", each with what the maintainer can
/// do.
pub fn run(opts: &RunOptions, say: &mut dyn Say) -> Status {
    let (mut failed, mut review) = (false, 0);
    // Two pages of one run giving one file in --out-dir (A.html and
    // a.html from two folders): the second is not written.
    let mut claimed = file_name::Names::default();
    for page in &opts.pages {
        let out_dir = if opts.in_place {
            None
        } else {
            opts.out_dir.as_deref()
        };
        if out_dir.is_some() {
            let stem = page.file_stem().unwrap_or_default().to_string_lossy();
            if let Err(error) = file_name::as_is(&stem).and_then(|()| claimed.claim(&stem)) {
                let e = MigrateError::Name {
                    path: page.clone(),
                    error,
                };
                say.err(&format!("glance: {e}\n"));
                failed = true;
                continue;
            }
        }
        match super::migrate_file(page, out_dir, &opts.edit) {
            Ok((out, m)) => {
                report(page, &out, &m, opts.verbose, say);
                review += m.review().count() + m.errors.len();
            }
            Err(e) => {
                say.err(&format!("glance: {e}\n"));
                failed = true;
            }
        }
    }
    if failed {
        Status::Failed
    } else if review > 0 {
        Status::Findings
    } else {
        Status::Success
    }
}

/// What `glance migrate` says of one page.
fn report(page: &Path, out: &Path, m: &Migration, verbose: bool, say: &mut dyn Say) {
    for n in &m.notes {
        if (n.action != Action::Carried && !n.is_review()) || verbose {
            say.out(&format!("{}:{n}\n", page.display()));
        }
    }
    let review: Vec<&Note> = m.review().collect();
    if !review.is_empty() {
        say.out(&format!(
            "{}: for review ({}):\n",
            page.display(),
            review.len()
        ));
        for n in review {
            say.out(&format!("  {n}\n"));
        }
    }
    let count = |a: Action| m.notes.iter().filter(|n| n.action == a).count();
    say.err(&format!(
        "glance: {} -> {}: {} live clicks: {} from rows, {} declared, {} changed, {} lost; {} for review; {} dead dropped, {} cells added, {} still\n",
        page.display(),
        out.display(),
        m.live(),
        count(Action::Carried),
        count(Action::Declared),
        count(Action::Changed),
        m.lost(),
        m.review().count(),
        count(Action::Dropped),
        count(Action::Added),
        count(Action::Still)
    ));
    for f in &m.errors {
        say.out(&format!("{}: the migrated page: {f}\n", out.display()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::Said;

    #[test]
    fn a_page_that_is_not_legacy_is_status_2() {
        let dir = std::env::temp_dir().join(format!("glance-migrate-run-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let page = dir.join("plain.html");
        std::fs::write(&page, "<p>nothing here</p>").unwrap();
        let opts = RunOptions {
            pages: vec![page],
            out_dir: Some(dir.join("out")),
            ..RunOptions::default()
        };
        let mut said = Said::default();
        assert_eq!(run(&opts, &mut said), Status::Failed);
        assert_eq!(
            said.err,
            "glance: no down_click handlers and none of spartan.js, chu.js, cwda.js: nothing to migrate\n"
        );
        assert_eq!(said.out, "");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn two_pages_giving_one_file_in_the_out_dir_are_not_both_written() {
        let dir = std::env::temp_dir().join(format!("glance-migrate-twice-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("a")).unwrap();
        std::fs::create_dir_all(dir.join("b")).unwrap();
        for p in ["a/Page.html", "b/page.html"] {
            std::fs::write(dir.join(p), "<p>nothing here</p>").unwrap();
        }
        let opts = RunOptions {
            pages: vec![dir.join("a/Page.html"), dir.join("b/page.html")],
            out_dir: Some(dir.join("out")),
            ..RunOptions::default()
        };
        let mut said = Said::default();
        assert_eq!(run(&opts, &mut said), Status::Failed);
        let lines: Vec<&str> = said.err.lines().collect();
        assert_eq!(lines.len(), 2, "{}", said.err);
        // The first is read (and is no legacy page); the second is refused
        // by its name before it is read.
        assert!(lines[0].ends_with("nothing to migrate"), "{}", lines[0]);
        assert!(
            lines[1].ends_with(
                "b/page.html: not written: its name gives no file name in --out-dir: it and Page \
                 both give the file page.html (the same name once mapped, or names differing \
                 only in case): rename one"
            ),
            "{}",
            lines[1]
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
