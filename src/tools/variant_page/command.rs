//! `glance page VARIANTS.ini (--variant NAME... | --all) --out-dir DIR`,
//! and `glance page --builtins`: a page per section asked for, each
//! refusal one line `FILE:LINE: what is wrong`, and with `--all` or
//! `--builtins` the catalogue `DIR/index.html` of the pages written.

use std::path::{Path, PathBuf};

use super::{write_catalogue, write_page, Entry, Names, Options, MARKER};
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
}

impl RunOptions {
    /// The options for the sections `variants` of `ini` into `out_dir`,
    /// the rest as the command's defaults.
    pub fn new(ini: Option<PathBuf>, out_dir: PathBuf) -> RunOptions {
        RunOptions {
            ini,
            variants: Vec::new(),
            every: false,
            out_dir,
            names: Vec::new(),
            script_src: "glance.js".into(),
            force: false,
        }
    }
}

/// `glance page`: [`Status::Success`] when every page asked for was
/// written, [`Status::Failed`] when one was not (each said on one line
/// `FILE:LINE: what is wrong`); the path of each file written on standard
/// output.
pub fn run(opts: &RunOptions, say: &mut dyn Say) -> Status {
    let (file, text) = match &opts.ini {
        Some(ini) => match std::fs::read_to_string(ini) {
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
    let mut names = Names::from_comments(&text);
    for n in &opts.names {
        match n.split_once('=') {
            Some((k, v)) if !k.trim().is_empty() && !v.trim().is_empty() => {
                names.add(None, k.trim(), v.trim())
            }
            _ => {
                say.err(&format!(
                    "glance: --name {n}: expected X=NAME (a letter or customPieceN)\n"
                ));
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
    let mut written = Vec::new();
    let mut wanted: Vec<&str> = opts.variants.iter().map(String::as_str).collect();
    for r in crate::variant::read_each(&text, &file) {
        let v = match r {
            Ok(v) => v,
            Err(e) => {
                if every {
                    say.err(&format!("{e}\n"));
                    failed = true;
                }
                continue;
            }
        };
        if !every && !wanted.contains(&v.name.as_str()) {
            continue;
        }
        wanted.retain(|w| *w != v.name);
        match write_one(opts, &file, &v, &names, &options, say) {
            Ok(()) => written.push(Entry::of(&v, &names)),
            Err(()) => failed = true,
        }
    }
    for w in wanted {
        say.err(&format!(
            "glance: {file}: no section [{w}] that can be read\n"
        ));
        failed = true;
    }
    if every {
        let out = opts.out_dir.join("index.html");
        match std::fs::write(&out, write_catalogue(&written, &options.source)) {
            Ok(()) => say.out(&format!("{}\n", out.display())),
            Err(e) => {
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

/// Writes the page of one variant (each failure said on one line).
fn write_one(
    opts: &RunOptions,
    file: &str,
    v: &Variant,
    names: &Names,
    options: &Options,
    say: &mut dyn Say,
) -> Result<(), ()> {
    let out = opts.out_dir.join(format!("{}.html", v.name));
    let html = match write_page(v, names, options) {
        Ok(h) => h,
        Err(e) => {
            say.err(&format!("{file}:{}: {e}\n", e.line));
            return Err(());
        }
    };
    if !opts.force && !ours(&out) {
        say.err(&format!(
            "glance: {}: not written by glance page; left as it is (--force overwrites it)\n",
            out.display()
        ));
        return Err(());
    }
    if let Err(e) = std::fs::write(&out, html) {
        say.err(&format!("glance: {}: {e}\n", out.display()));
        return Err(());
    }
    say.out(&format!("{}\n", out.display()));
    Ok(())
}

/// Whether `path` may be overwritten without `--force`: it does not exist
/// (or cannot be read as text), or `glance page` wrote it.
fn ours(path: &Path) -> bool {
    match std::fs::read_to_string(path) {
        Ok(old) => old.contains(MARKER),
        Err(_) => true,
    }
}
