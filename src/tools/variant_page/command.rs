//! `glance page VARIANTS.ini (--variant NAME... | --all) --out-dir DIR`,
//! and `glance page --builtins`: a page per section asked for, each
//! refusal one line `FILE:LINE: what is wrong`, and with `--all` or
//! `--builtins` the catalogue `DIR/index.html` of the pages written.
//!
//! What it writes, and where ([`write_file`]): only files directly in
//! `--out-dir`, named by the file-name rule ([`super::file_name`]); never
//! through a symbolic link (a link where a page would go is refused, and
//! the file is written to a new temporary file renamed over the old name,
//! so a link made meanwhile is replaced, not followed); never over a file
//! that does not carry [`MARKER`] (the pages and the catalogue carry it)
//! unless `--force`. What it reads is bounded by [`Limits`], and every
//! error line by [`super::limits::line`].

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use super::file_name::{self, NameError};
use super::limits::{self, Limits, QUOTE_CHARS, clip};
use super::{Entry, MARKER, Names, Options, write_catalogue, write_page};
use crate::tools::{Say, Status};
use crate::variant::Variant;

/// `glance page`'s options.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// The definition file; `None`: the variants built into Fairy-Stockfish.
    pub ini: Option<PathBuf>,
    /// The sections to write.
    pub variants: Vec<String>,
    /// Every section, and the catalogue (`--all` or `--builtins`).
    pub every: bool,
    /// The folder to write into.
    pub out_dir: PathBuf,
    /// `X=NAME` pieces named on the command line.
    pub names: Vec<String>,
    /// The `src` of the script.
    pub script_src: String,
    /// Overwrite files `glance page` did not write.
    pub force: bool,
    /// What one run may read and write.
    pub limits: Limits,
}

impl RunOptions {
    /// The options for `ini` into `out_dir`, the rest as the command's
    /// defaults (no section: set `variants` or `every`).
    pub fn new(ini: Option<PathBuf>, out_dir: PathBuf) -> RunOptions {
        RunOptions {
            ini,
            variants: Vec::new(),
            every: false,
            out_dir,
            names: Vec::new(),
            script_src: "glance.js".into(),
            force: false,
            limits: Limits::default(),
        }
    }
}

/// Why a file was not written (each said on one line, after the path).
#[derive(Debug)]
pub enum WriteError {
    /// A file `glance page` did not write is there (no `--force`).
    NotOurs,
    /// A symbolic link is there.
    Link,
    /// Reading, writing or renaming failed.
    Io(std::io::Error),
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WriteError::NotOurs => {
                f.write_str("not written by glance page; left as it is (--force overwrites it)")
            }
            WriteError::Link => f.write_str(
                "a symbolic link; glance page does not write through one (left as it is)",
            ),
            WriteError::Io(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for WriteError {}

/// How many bytes of an existing file are read to find [`MARKER`] (it is
/// in the head, after the title).
const MARKER_WITHIN: u64 = 4096;

/// Writes `bytes` to `dir/file` (a name with no separator, as the
/// file-name rule makes it): refused if a symbolic link is there, or a
/// file without [`MARKER`] in its first 4 KB and not `force`; written to
/// a new file beside it and renamed over it.
pub fn write_file(
    dir: &Path,
    file: &str,
    bytes: &[u8],
    force: bool,
) -> Result<PathBuf, WriteError> {
    let out = dir.join(file);
    match std::fs::symlink_metadata(&out) {
        Ok(meta) if meta.file_type().is_symlink() => return Err(WriteError::Link),
        Ok(meta) if meta.is_file() && !force => {
            let mut head = Vec::new();
            std::fs::File::open(&out)
                .and_then(|f| f.take(MARKER_WITHIN).read_to_end(&mut head))
                .map_err(WriteError::Io)?;
            let marker = MARKER.as_bytes();
            if !head.windows(marker.len()).any(|w| w == marker) {
                return Err(WriteError::NotOurs);
            }
        }
        _ => {}
    }
    let tmp = dir.join(format!(".{file}.{}.glance-tmp", std::process::id()));
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .and_then(|mut f| f.write_all(bytes));
    if let Err(e) = written.and_then(|()| std::fs::rename(&tmp, &out)) {
        let _ = std::fs::remove_file(&tmp);
        return Err(WriteError::Io(e));
    }
    Ok(out)
}

/// Reads the definition file, refusing one larger than `max` bytes.
fn read_bounded(path: &Path, max: u64) -> Result<String, String> {
    let too_large = |n: u64| {
        format!(
            "{} bytes or more, larger than --max-bytes {max}: nothing written",
            n
        )
    };
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    if let Ok(meta) = file.metadata() {
        if meta.is_file() && meta.len() > max {
            return Err(too_large(meta.len()));
        }
    }
    let mut bytes = Vec::new();
    file.take(max.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > max {
        return Err(too_large(bytes.len() as u64));
    }
    String::from_utf8(bytes).map_err(|_| "stream did not contain valid UTF-8".to_string())
}

/// `glance page`: [`Status::Success`] when every page asked for was
/// written, [`Status::Failed`] when one was not (each said on one line
/// `FILE:LINE: what is wrong`, or `glance: ...`), or when a limit refused
/// something (the line names the limit); the path of each file written
/// on standard output.
pub fn run(opts: &RunOptions, say: &mut dyn Say) -> Status {
    let (file, text) = match &opts.ini {
        Some(ini) => match read_bounded(ini, opts.limits.max_bytes) {
            Ok(t) => (ini.display().to_string(), t),
            Err(e) => {
                say.err(&format!("glance: {}: {e}\n", ini.display()));
                return Status::Failed;
            }
        },
        None => (
            "Fairy-Stockfish's built-in variants".to_string(),
            crate::variant::builtin::TEXT.to_string(),
        ),
    };
    let sections = limits::count_sections(&text);
    if sections > opts.limits.max_sections {
        say.err(&format!(
            "glance: {file}: {sections} sections, more than --max-sections {}: nothing written\n",
            opts.limits.max_sections
        ));
        return Status::Failed;
    }
    let mut names = Names::from_comments(&text);
    for n in &opts.names {
        match n.split_once('=') {
            Some((k, v)) if !k.trim().is_empty() && !v.trim().is_empty() => {
                names.add(None, k.trim(), v.trim())
            }
            _ => {
                say.err(&limits::line(
                    "",
                    &format!(
                        "glance: --name {}: expected X=NAME (a letter or customPieceN)",
                        clip(n, QUOTE_CHARS)
                    ),
                ));
                say.err("\n");
                return Status::Failed;
            }
        }
    }
    let options = Options {
        script_src: opts.script_src.clone(),
        source: opts.ini.as_ref().map_or(file.clone(), |ini| {
            ini.file_name()
                .map_or(file.clone(), |f| f.to_string_lossy().into_owned())
        }),
    };
    if let Err(e) = std::fs::create_dir_all(&opts.out_dir) {
        say.err(&format!("glance: {}: {e}\n", opts.out_dir.display()));
        return Status::Failed;
    }
    let every = opts.every;
    let mut failed = false;
    let mut wanted: Vec<&str> = opts.variants.iter().map(String::as_str).collect();
    let mut chosen = Vec::new();
    // (The built-ins are read as Fairy-Stockfish plays them by name, with
    // what variant.cpp alone sets.)
    let read = match &opts.ini {
        Some(_) => crate::variant::read_each(&text, &file),
        None => crate::variant::builtin::read_all(),
    };
    for r in read {
        match r {
            Ok(v) => {
                if every || wanted.contains(&v.name.as_str()) {
                    wanted.retain(|w| *w != v.name);
                    chosen.push(v);
                }
            }
            Err(e) => {
                if every {
                    say.err(&format!("{}\n", limits::variant_error(&e)));
                    failed = true;
                }
            }
        }
    }
    let plan = file_name::plan(chosen.iter().map(|v| v.name.as_str()));
    let stems: Vec<Result<String, NameError>> = plan.into_iter().map(|(_, s)| s).collect();
    let mut written = Vec::new();
    let mut over_limit = 0;
    for (v, stem) in chosen.iter().zip(stems) {
        let stem = match stem {
            Ok(s) => s,
            Err(e) => {
                say.err(&format!("{}\n", name_error(&file, v, &e)));
                failed = true;
                continue;
            }
        };
        if written.len() >= opts.limits.max_pages {
            over_limit += 1;
            continue;
        }
        match write_one(opts, &file, v, &stem, &names, &options, say) {
            Ok(()) => {
                let mut entry = Entry::of(v, &names);
                // The catalogue links the file written.
                entry.name = stem;
                written.push(entry);
            }
            Err(()) => failed = true,
        }
    }
    if over_limit > 0 {
        say.err(&format!(
            "glance: {file}: --max-pages {} reached: {over_limit} more page(s) not written\n",
            opts.limits.max_pages
        ));
        failed = true;
    }
    for w in wanted {
        say.err(&format!(
            "{}\n",
            limits::line(
                "",
                &format!(
                    "glance: {file}: no section [{}] that can be read",
                    clip(w, QUOTE_CHARS)
                )
            )
        ));
        failed = true;
    }
    if every {
        let html = write_catalogue(&written, &options.source);
        match write_file(&opts.out_dir, "index.html", html.as_bytes(), opts.force) {
            Ok(out) => say.out(&format!("{}\n", out.display())),
            Err(e) => {
                let out = opts.out_dir.join("index.html");
                say.err(&format!("glance: {}: {e}\n", out.display()));
                failed = true;
            }
        }
    }
    if failed {
        Status::Failed
    } else {
        Status::Success
    }
}

/// A section whose name gives no file: one line, the name clipped.
fn name_error(file: &str, v: &Variant, e: &NameError) -> String {
    let e = match e {
        NameError::Collides { other, file } => NameError::Collides {
            other: clip(other, QUOTE_CHARS / 2),
            file: clip(file, QUOTE_CHARS / 2),
        },
        other => other.clone(),
    };
    limits::line(
        &format!("{file}:"),
        &format!(
            "{}: [{}] gets no page: {e}",
            v.line,
            clip(&v.name, QUOTE_CHARS / 2)
        ),
    )
}

/// Whether the page's marker comment ends where it should: nothing of
/// the section's name or the file's ends it early.
fn marker_intact(html: &str) -> bool {
    let Some(at) = html.find(MARKER) else {
        return false;
    };
    let rest = &html[at..];
    let end = [rest.find("-->"), rest.find("--!>")]
        .into_iter()
        .flatten()
        .min();
    end.is_some_and(|end| rest[..end].ends_with("not a page it did not write. "))
}

/// Writes the page of one variant to `stem.html` (each failure said on
/// one line).
fn write_one(
    opts: &RunOptions,
    file: &str,
    v: &Variant,
    stem: &str,
    names: &Names,
    options: &Options,
    say: &mut dyn Say,
) -> Result<(), ()> {
    let html = match write_page(v, names, options) {
        Ok(h) => h,
        Err(e) => {
            say.err(&format!("{}\n", limits::page_error(file, v, &e)));
            return Err(());
        }
    };
    if !marker_intact(&html) {
        say.err(&format!(
            "{}\n",
            limits::line(
                &format!("{file}:"),
                &format!(
                    "{}: [{}] gets no page: its name would end the page's comment early",
                    v.line,
                    clip(&v.name, QUOTE_CHARS)
                )
            )
        ));
        return Err(());
    }
    match write_file(
        &opts.out_dir,
        &format!("{stem}.html"),
        html.as_bytes(),
        opts.force,
    ) {
        Ok(out) => {
            say.out(&format!("{}\n", out.display()));
            Ok(())
        }
        Err(e) => {
            let out = opts.out_dir.join(format!("{stem}.html"));
            say.err(&format!("glance: {}: {e}\n", out.display()));
            Err(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("glance-cmd-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn write_file_refuses_a_link_and_a_file_it_did_not_write() {
        let d = dir("write");
        std::fs::write(d.join("mine.html"), "<p>mine</p>").unwrap();
        assert!(matches!(
            write_file(&d, "mine.html", b"x", false),
            Err(WriteError::NotOurs)
        ));
        assert_eq!(
            std::fs::read_to_string(d.join("mine.html")).unwrap(),
            "<p>mine</p>"
        );
        // --force replaces it.
        write_file(&d, "mine.html", b"new", true).unwrap();
        assert_eq!(std::fs::read_to_string(d.join("mine.html")).unwrap(), "new");
        // A link is refused even with --force, and its target untouched.
        let outside = d.join("outside.txt");
        std::fs::write(&outside, "keep").unwrap();
        let sub = d.join("out");
        std::fs::create_dir_all(&sub).unwrap();
        std::os::unix::fs::symlink(&outside, sub.join("x.html")).unwrap();
        assert!(matches!(
            write_file(&sub, "x.html", b"y", true),
            Err(WriteError::Link)
        ));
        assert_eq!(std::fs::read_to_string(&outside).unwrap(), "keep");
        // Its own file is rewritten, and no temporary file is left.
        let page = format!("<html>{MARKER} x -->");
        write_file(&sub, "p.html", page.as_bytes(), false).unwrap();
        write_file(&sub, "p.html", page.as_bytes(), false).unwrap();
        let mut left: Vec<String> = std::fs::read_dir(&sub)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, ["p.html", "x.html"]);
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn the_marker_must_end_where_it_should() {
        assert!(marker_intact(&format!(
            "{MARKER} from [a] of b: glance page overwrites it, not a page it did not write. -->"
        )));
        assert!(!marker_intact(&format!(
            "{MARKER} from [a- -->x] of b: glance page overwrites it, not a page it did not write. -->"
        )));
        assert!(!marker_intact("no marker"));
    }

    #[test]
    fn a_file_over_max_bytes_is_refused_before_it_is_read() {
        let d = dir("bytes");
        let ini = d.join("v.ini");
        std::fs::write(&ini, "[a:chess]\n".repeat(20)).unwrap();
        assert_eq!(
            read_bounded(&ini, 100).unwrap_err(),
            "200 bytes or more, larger than --max-bytes 100: nothing written"
        );
        assert_eq!(read_bounded(&ini, 200).unwrap().len(), 200);
        let _ = std::fs::remove_dir_all(&d);
    }
}
