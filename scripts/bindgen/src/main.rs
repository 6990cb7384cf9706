//! `glance-bindgen`: wasm-bindgen's build step for `make serve`.
//!
//! It takes the options of the `wasm-bindgen` command that the project's
//! build scripts pass, and sets every other option of
//! `wasm_bindgen_cli_support::Bindgen` as the command does by default, so
//! that the files it writes are the command's, byte for byte:
//!
//! ```text
//! glance-bindgen [--target no-modules|web|bundler] [--no-typescript]
//!                [--out-dir DIR] [--out-name NAME] INPUT.wasm
//! glance-bindgen --version
//! ```
//!
//! Anything else is refused (exit 2) rather than ignored: an option the
//! command would honour and this tool would not changes the output.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use wasm_bindgen_cli_support::Bindgen;

/// The version of wasm-bindgen this tool is built on (Cargo.toml pins it).
const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The output modes the project uses (`--target`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    /// `--target bundler`, the command's default.
    Bundler,
    /// `--target web`: an ES module (pkg/).
    Web,
    /// `--target no-modules`: a classic script's glue (the drop-ins).
    NoModules,
}

/// What the command line asks for.
#[derive(Debug, PartialEq, Eq)]
struct Args {
    target: Target,
    typescript: bool,
    out_dir: PathBuf,
    out_name: Option<String>,
    input: PathBuf,
}

/// The command line after the program's name: `Ok(None)` for `--version`.
fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Option<Args>, lexopt::Error> {
    use lexopt::prelude::*;
    let mut parser = lexopt::Parser::from_args(args);
    let mut target = Target::Bundler;
    let mut typescript = true;
    let mut out_dir = None;
    let mut out_name = None;
    let mut input = None;
    while let Some(arg) = parser.next()? {
        match arg {
            Long("version") | Short('V') => return Ok(None),
            Long("target") => {
                target = match parser.value()?.string()?.as_str() {
                    "bundler" => Target::Bundler,
                    "web" => Target::Web,
                    "no-modules" => Target::NoModules,
                    other => {
                        return Err(lexopt::Error::Custom(
                            format!("--target {other}: this tool writes bundler, web or no-modules (the full wasm-bindgen command has the others)").into(),
                        ))
                    }
                }
            }
            Long("no-typescript") => typescript = false,
            // The command's own default, kept for its callers.
            Long("typescript") => typescript = true,
            Long("out-dir") => out_dir = Some(PathBuf::from(parser.value()?)),
            Long("out-name") => out_name = Some(parser.value()?.string()?),
            Value(path) if input.is_none() => input = Some(PathBuf::from(path)),
            _ => return Err(arg.unexpected()),
        }
    }
    let input = input.ok_or("no input: give the .wasm file cargo built")?;
    let out_dir = out_dir.ok_or("missing --out-dir DIR")?;
    Ok(Some(Args {
        target,
        typescript,
        out_dir,
        out_name,
        input,
    }))
}

/// Runs wasm-bindgen with the command's defaults for every option not given
/// (wasm-bindgen-cli 0.2.130, `src/wasm_bindgen.rs`: each flag off, names
/// demangled, TypeScript unless `--no-typescript`; note the library's own
/// default for omit_default_module_path differs from the command's).
fn generate(args: &Args) -> anyhow::Result<()> {
    let mut b = Bindgen::new();
    match args.target {
        Target::Bundler => b.bundler(true)?,
        Target::Web => b.web(true)?,
        Target::NoModules => b.no_modules(true)?,
    };
    b.input_path(&args.input)
        .debug(false)
        .demangle(true)
        .keep_lld_exports(false)
        .keep_debug(false)
        .split_debug_info(false)
        .remove_name_section(false)
        .remove_producers_section(false)
        .typescript(args.typescript)
        .omit_imports(false)
        .omit_default_module_path(false)
        .split_linked_modules(false)
        .js_string_builtins(false)
        .ts_typed_array_buffers(false)
        .reset_state_function(false)
        .force_enable_abort_handler(false);
    if let Some(name) = &args.out_name {
        b.out_name(name);
    }
    b.generate(&args.out_dir)
}

fn main() -> ExitCode {
    match parse(std::env::args_os().skip(1)) {
        Ok(None) => {
            println!("glance-bindgen {VERSION}");
            ExitCode::SUCCESS
        }
        Ok(Some(args)) => match generate(&args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(err) => {
                eprintln!("glance-bindgen: {err:?}");
                ExitCode::FAILURE
            }
        },
        Err(err) => {
            eprintln!("glance-bindgen: {err}");
            eprintln!("usage: glance-bindgen [--target no-modules|web|bundler] [--no-typescript] --out-dir DIR [--out-name NAME] INPUT.wasm");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Result<Option<Args>, lexopt::Error> {
        parse(words.iter().map(OsString::from))
    }

    #[test]
    fn reads_the_drop_ins_command() {
        let got = args(&[
            "--target",
            "no-modules",
            "--no-typescript",
            "--out-dir",
            "o",
            "m.wasm",
        ]);
        let want = Args {
            target: Target::NoModules,
            typescript: false,
            out_dir: "o".into(),
            out_name: None,
            input: "m.wasm".into(),
        };
        assert_eq!(got.ok().flatten(), Some(want));
    }

    #[test]
    fn reads_the_packages_command() {
        let got = args(&[
            "--target",
            "web",
            "--typescript",
            "--out-dir",
            "p",
            "--out-name",
            "glance",
            "g.wasm",
        ]);
        let got = got
            .ok()
            .flatten()
            .map(|a| (a.target, a.typescript, a.out_name));
        assert_eq!(got, Some((Target::Web, true, Some("glance".to_string()))));
    }

    #[test]
    fn refuses_what_it_would_not_honour() {
        for words in [
            &["--target", "nodejs", "--out-dir", "o", "m.wasm"][..],
            &["--keep-debug", "--out-dir", "o", "m.wasm"],
            &["--out-dir", "o", "a.wasm", "b.wasm"],
            &["--out-dir", "o"],
            &["m.wasm"],
        ] {
            assert!(args(words).is_err(), "{words:?} was accepted");
        }
    }

    #[test]
    fn version_is_asked_for() {
        assert!(matches!(args(&["--version"]), Ok(None)));
    }
}
