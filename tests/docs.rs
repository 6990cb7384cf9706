//! The README and `docs/`: every local link resolves (files, and headings
//! for `#` fragments), every `docs/*.md` is linked from the README, the
//! README stays short, the `glance` subcommands and flags the docs name
//! exist (checked against `glance --help` and `glance SUB --help`), and the
//! shell sessions of `docs/cli.md` and `docs/variant-pages.md` print what
//! they show, up to their first command that is not `glance`, `cat` or
//! `echo` (a build or a server).

#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// README.md and every docs/*.md, as (path from the root, text).
fn documents() -> Vec<(PathBuf, String)> {
    let mut files = vec![PathBuf::from("README.md")];
    let mut docs: Vec<PathBuf> = fs::read_dir(Path::new(ROOT).join("docs"))
        .expect("docs/")
        .map(|e| e.expect("docs/ entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .map(|p| PathBuf::from("docs").join(p.file_name().expect("a file name")))
        .collect();
    docs.sort();
    files.extend(docs);
    files
        .into_iter()
        .map(|f| {
            let text = fs::read_to_string(Path::new(ROOT).join(&f))
                .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            (f, text)
        })
        .collect()
}

/// The text with fenced and indented code blocks blanked out (links in
/// code are not links).
fn prose(text: &str) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && !line.starts_with("    ") {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// The targets of `[text](target)` and `![alt](target)`, outside inline code.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, part) in prose(text).split('`').enumerate() {
        if i % 2 == 1 {
            continue; // inside an inline code span
        }
        let mut rest = part;
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            match after.find(')') {
                Some(end) => {
                    out.push(after[..end].to_string());
                    rest = &after[end..];
                }
                None => break,
            }
        }
    }
    out
}

/// GitHub's anchor of a heading: lower case, punctuation dropped, spaces
/// as hyphens.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_' || *c == ' ')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors(text: &str) -> BTreeSet<String> {
    prose(text)
        .lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| slug(l.trim_start_matches('#')))
        .collect()
}

#[test]
fn local_links_resolve() {
    let mut checked = 0;
    let mut broken = Vec::new();
    for (file, text) in documents() {
        let dir = file.parent().unwrap_or(Path::new("")).to_path_buf();
        for target in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (path, fragment) = match target.split_once('#') {
                Some((p, f)) => (p, Some(f)),
                None => (target.as_str(), None),
            };
            let resolved = if path.is_empty() {
                file.clone()
            } else {
                dir.join(path)
            };
            checked += 1;
            let full = Path::new(ROOT).join(&resolved);
            if !full.exists() {
                broken.push(format!("{}: {target}: no such file", file.display()));
                continue;
            }
            if let Some(fragment) = fragment {
                let there = fs::read_to_string(&full).unwrap_or_default();
                if !anchors(&there).contains(fragment) {
                    broken.push(format!("{}: {target}: no such heading", file.display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert!(checked >= 20, "only {checked} local links found");
}

#[test]
fn every_doc_is_linked_from_the_readme() {
    let docs = documents();
    let readme: BTreeSet<String> = links(&docs[0].1).into_iter().collect();
    let missing: Vec<String> = docs[1..]
        .iter()
        .map(|(f, _)| f.display().to_string())
        .filter(|f| !readme.contains(f))
        .collect();
    assert!(missing.is_empty(), "not linked from README.md: {missing:?}");
}

#[test]
fn the_readme_reads_in_five_minutes() {
    let lines = documents()[0].1.lines().count();
    assert!(
        lines <= 170,
        "README.md has {lines} lines (about 150 wanted)"
    );
}

fn glance() -> &'static str {
    env!("CARGO_BIN_EXE_glance")
}

/// The subcommands `glance --help` lists, each with the long flags its
/// own `--help` names.
fn help() -> Vec<(String, BTreeSet<String>)> {
    let run = |args: &[&str]| {
        let out = Command::new(glance())
            .args(args)
            .output()
            .expect("glance runs");
        assert!(out.status.success(), "glance {args:?} failed");
        String::from_utf8(out.stdout).expect("UTF-8 help")
    };
    let top = run(&["--help"]);
    let commands = top
        .split("Commands:")
        .nth(1)
        .expect("glance --help lists its commands")
        .split("Options:")
        .next()
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect::<Vec<_>>();
    commands
        .into_iter()
        .map(|c| {
            let flags = flags(&run(&[&c, "--help"]));
            (c, flags)
        })
        .collect()
}

fn flags(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let b = text.as_bytes();
    let mut i = 0;
    while let Some(at) = text[i..].find("--") {
        let start = i + at;
        let mut end = start + 2;
        while end < b.len() && (b[end].is_ascii_lowercase() || b[end] == b'-') {
            end += 1;
        }
        let before_ok = start == 0 || !b[start - 1].is_ascii_alphanumeric();
        if end > start + 2 && before_ok {
            out.insert(text[start..end].trim_end_matches('-').to_string());
        }
        i = end;
    }
    out
}

/// Each `glance SUB ...` command of the docs (inline code, code blocks;
/// continuation lines joined; `&&`, `|`, `;` and `(` split commands), and
/// each bare `--flag` span, with the subcommand its place documents.
fn commands_in(file: &str, text: &str) -> Vec<(String, String)> {
    let mut spans: Vec<(String, Option<&'static str>)> = Vec::new();
    let mut section: Option<&'static str> = match file {
        "docs/migrating.md" => Some("migrate"),
        "docs/variant-pages.md" => Some("page"),
        _ => None,
    };
    let mut fenced = false;
    let mut joined = String::new();
    let mut para = String::new();
    let flush = |para: &mut String, spans: &mut Vec<(String, Option<&'static str>)>, section| {
        for (i, part) in para.split('`').enumerate() {
            if i % 2 == 1 {
                spans.push((part.to_string(), section));
            }
        }
        para.clear();
    };
    for line in text.lines() {
        if let Some(h) = line.strip_prefix("## ") {
            flush(&mut para, &mut spans, section);
            section = match file {
                "docs/cli.md" if h.contains("glance diagram") => Some("diagram"),
                "docs/cli.md" if h.contains("glance infer") => Some("infer"),
                "docs/writing-a-page.md" if h.contains("glance lint") => Some("lint"),
                "docs/writing-a-page.md" => None,
                _ => section,
            };
        }
        if line.starts_with("```") {
            flush(&mut para, &mut spans, section);
            fenced = !fenced;
            continue;
        }
        if fenced || line.starts_with("    ") {
            flush(&mut para, &mut spans, section);
            let l = line.trim().trim_start_matches("$ ");
            joined.push_str(l.trim_end_matches('\\'));
            joined.push(' ');
            if !l.ends_with('\\') {
                spans.push((std::mem::take(&mut joined), section));
            }
            continue;
        }
        if line.trim().is_empty() {
            flush(&mut para, &mut spans, section);
        }
        para.push_str(line);
        para.push('\n');
    }
    flush(&mut para, &mut spans, section);
    let mut out = Vec::new();
    for (span, section) in spans {
        let span = span.replace("target/release/glance", "glance");
        let span = span.trim();
        if span.starts_with("--") {
            if let Some(sub) = section {
                for f in span.split_whitespace().filter(|w| w.starts_with("--")) {
                    out.push((sub.to_string(), f.to_string()));
                }
            }
            continue;
        }
        for command in span.split(['&', '|', ';', '(']) {
            let words: Vec<&str> = command.split_whitespace().collect();
            if words.first() != Some(&"glance") || words.len() < 2 {
                continue;
            }
            let sub = words[1].to_string();
            if !sub.chars().all(|c| c.is_ascii_lowercase()) {
                continue; // a placeholder such as `glance SUB`
            }
            out.push((sub.clone(), String::new()));
            for w in &words[2..] {
                if let Some(f) = w.strip_prefix("--") {
                    let name: String = f
                        .chars()
                        .take_while(|c| c.is_ascii_lowercase() || *c == '-')
                        .collect();
                    out.push((sub.clone(), format!("--{name}")));
                }
            }
        }
    }
    out
}

#[test]
fn the_subcommands_and_flags_the_docs_name_exist() {
    let help = help();
    assert!(help.len() >= 5, "glance --help lists {help:?}");
    let mut wrong = Vec::new();
    let mut checked = BTreeSet::new();
    for (file, text) in documents() {
        let file = file.display().to_string();
        for (sub, flag) in commands_in(&file, &text) {
            match help.iter().find(|(c, _)| *c == sub) {
                None => wrong.push(format!("{file}: glance {sub}: no such subcommand")),
                Some((_, flags)) if !flag.is_empty() && !flags.contains(&flag) => {
                    wrong.push(format!("{file}: glance {sub} {flag}: no such flag"))
                }
                Some(_) => {
                    checked.insert(format!("{sub} {flag}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Every subcommand is documented somewhere, and many flags are checked.
    for (sub, _) in &help {
        assert!(
            checked.iter().any(|c| c.starts_with(&format!("{sub} "))),
            "glance {sub} is named in no doc"
        );
    }
    assert!(
        checked.len() >= 25,
        "only {} checked: {checked:?}",
        checked.len()
    );
}

/// The shell sessions of a doc: per code block, (command, expected output).
fn sessions(text: &str) -> Vec<Vec<(String, String)>> {
    let mut blocks: Vec<Vec<String>> = Vec::new();
    let mut fenced = false;
    let mut current: Option<Vec<String>> = None;
    let mut previous_blank = true;
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            if fenced {
                current = Some(Vec::new());
            } else if let Some(b) = current.take() {
                blocks.push(b);
            }
            continue;
        }
        if fenced {
            if let Some(b) = current.as_mut() {
                b.push(line.to_string());
            }
            continue;
        }
        let indented = line.starts_with("    ");
        match current.as_mut() {
            Some(b) if indented || line.trim().is_empty() => {
                b.push(line.get(4..).unwrap_or("").to_string())
            }
            Some(_) => blocks.extend(current.take()),
            None if indented && previous_blank => {
                current = Some(vec![line[4..].to_string()]);
            }
            None => {}
        }
        previous_blank = line.trim().is_empty();
    }
    blocks.extend(current);
    blocks
        .into_iter()
        .filter(|b| b.first().is_some_and(|l| l.starts_with("$ ")))
        .map(|b| {
            let mut out: Vec<(String, String)> = Vec::new();
            let mut open_quote = false;
            for line in b {
                if open_quote {
                    let last = out.last_mut().expect("a command");
                    last.0.push('\n');
                    last.0.push_str(&line);
                    open_quote ^= line.matches('\'').count() % 2 == 1;
                } else if let Some(command) = line.strip_prefix("$ ") {
                    open_quote = command.matches('\'').count() % 2 == 1;
                    out.push((command.to_string(), String::new()));
                } else if let Some(last) = out.last_mut() {
                    last.1.push_str(&line);
                    last.1.push('\n');
                }
            }
            out
        })
        .collect()
}

fn runnable(command: &str) -> bool {
    command
        .split(['|', '&', ';'])
        .filter(|c| !c.trim().is_empty())
        .all(|c| {
            let first = c.split_whitespace().next().unwrap_or("");
            matches!(first, "glance" | "cat" | "echo")
        })
}

fn normalise(out: &str) -> String {
    let lines: Vec<&str> = out.lines().map(str::trim_end).collect();
    lines.join("\n").trim_matches('\n').to_string()
}

#[test]
fn the_shell_sessions_of_the_docs_print_what_they_show() {
    let bin = Path::new(glance()).parent().expect("the binary's folder");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut ran = 0;
    for doc in ["docs/cli.md", "docs/variant-pages.md"] {
        let text = fs::read_to_string(Path::new(ROOT).join(doc)).expect(doc);
        let dir = std::env::temp_dir().join(format!(
            "glance-docs-{}-{}",
            std::process::id(),
            doc.replace(['/', '.'], "-")
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("a scratch folder");
        for session in sessions(&text) {
            for (command, expected) in session {
                if !runnable(&command) {
                    break; // a build or a server: the rest depends on it
                }
                // `cat FILE` shows a file the session starts from: write it.
                if let Some(name) = command.strip_prefix("cat ") {
                    if !name.contains(' ') && !dir.join(name).exists() {
                        fs::write(dir.join(name), &expected).expect("the shown file");
                    }
                }
                let out = Command::new("bash")
                    .arg("-c")
                    .arg(&command)
                    .current_dir(&dir)
                    .env("PATH", &path)
                    .output()
                    .expect("bash runs");
                let got = String::from_utf8_lossy(&out.stdout);
                assert!(
                    out.status.success(),
                    "{doc}: $ {command}\n{}",
                    String::from_utf8_lossy(&out.stderr)
                );
                assert_eq!(normalise(&got), normalise(&expected), "{doc}: $ {command}");
                ran += 1;
            }
        }
        let _ = fs::remove_dir_all(&dir);
    }
    assert!(ran >= 6, "only {ran} commands of the docs ran");
}

/// Each task's doc starts, under its title, with what its reader wants to
/// do ("You want ...", "You have ...", "You maintain ...").
#[test]
fn each_task_doc_starts_with_what_its_reader_wants() {
    for doc in [
        "writing-a-page",
        "migrating",
        "variant-pages",
        "lab",
        "cli",
        "api",
        "building",
        "figures",
    ] {
        let path = format!("docs/{doc}.md");
        let text = fs::read_to_string(Path::new(ROOT).join(&path)).expect(&path);
        let mut paragraphs = text.split("\n\n").map(str::trim);
        assert!(
            paragraphs.next().is_some_and(|t| t.starts_with("# ")),
            "{path}: no title first"
        );
        let first = paragraphs.next().unwrap_or_default();
        assert!(
            first.starts_with("You "),
            "{path}: the first paragraph does not say what its reader wants: {first:.60}"
        );
    }
}

/// docs/figures.md is produced, not typed: it is exactly what
/// `scripts/figures.py` writes from the measurements `make bench` left in
/// bench/*.json and the hand-kept part in bench/figures-hand.md.
#[test]
fn the_figures_are_what_make_bench_measured() {
    let out = std::env::temp_dir().join(format!("glance-figures-{}.md", std::process::id()));
    let status = Command::new("python3")
        .arg(Path::new(ROOT).join("scripts/figures.py"))
        .arg("--out")
        .arg(&out)
        .status()
        .expect("python3 runs");
    assert!(status.success(), "scripts/figures.py failed");
    let written = fs::read_to_string(&out).expect("the written figures");
    let _ = fs::remove_file(&out);
    let committed =
        fs::read_to_string(Path::new(ROOT).join("docs/figures.md")).expect("docs/figures.md");
    assert!(
        written == committed,
        "docs/figures.md is not what bench/*.json and bench/figures-hand.md give: \
         run python3 scripts/figures.py (or make bench)"
    );
    assert!(committed.contains("Measured by `make bench` on "));
    assert!(committed.contains("## Counted by `make test` (kept by hand)"));
}
