//! The source tree's shape, as the developers' guide asks it: at most
//! eight `.rs` files directly in `src/` (the rest live in a folder per
//! layer), no function longer than 150 lines, and no import cycle between
//! modules (a module is a file).
//!
//! The scanner is deliberately small: it blanks comments (doc comments
//! too), string literals and character literals, so that braces and paths
//! inside them count for nothing, then matches braces. Its own tests below
//! show, on small sources held in memory, that each check can fail.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Most `.rs` files allowed directly in `src/`.
const MAX_TOP_FILES: usize = 8;
/// Most lines a function may take, from its `fn` line to its closing brace.
const MAX_FN_LINES: usize = 150;

/// `text` with comments, strings and character literals replaced by spaces
/// (newlines kept, so that line numbers stay right).
fn blank(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    // Pushes c[from..to] as blanks, keeping newlines.
    let blanks = |out: &mut String, from: usize, to: usize| {
        for &ch in &c[from..to.min(c.len())] {
            out.push(if ch == '\n' { '\n' } else { ' ' });
        }
    };
    while i < c.len() {
        let at = |k: usize| c.get(i + k).copied();
        let ident_before = i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_');
        if at(0) == Some('/') && at(1) == Some('/') {
            let end = (i..c.len()).find(|&k| c[k] == '\n').unwrap_or(c.len());
            blanks(&mut out, i, end);
            i = end;
        } else if at(0) == Some('/') && at(1) == Some('*') {
            let (mut depth, mut k) = (1, i + 2);
            while k < c.len() && depth > 0 {
                if c[k] == '/' && c.get(k + 1) == Some(&'*') {
                    depth += 1;
                    k += 2;
                } else if c[k] == '*' && c.get(k + 1) == Some(&'/') {
                    depth -= 1;
                    k += 2;
                } else {
                    k += 1;
                }
            }
            blanks(&mut out, i, k);
            i = k;
        } else if let Some(end) = raw_string_end(&c, i).filter(|_| !ident_before) {
            blanks(&mut out, i, end);
            i = end;
        } else if at(0) == Some('"') {
            let mut k = i + 1;
            while k < c.len() && c[k] != '"' {
                k += if c[k] == '\\' { 2 } else { 1 };
            }
            blanks(&mut out, i, k + 1);
            i = k + 1;
        } else if at(0) == Some('\'') {
            // A character literal ('a', '\n', '\u{7f}'), or a lifetime.
            let end = if at(1) == Some('\\') {
                (i + 2..c.len()).find(|&k| c[k] == '\'').map(|k| k + 1)
            } else if at(2) == Some('\'') {
                Some(i + 3)
            } else {
                None
            };
            match end {
                Some(end) => {
                    blanks(&mut out, i, end);
                    i = end;
                }
                None => {
                    out.push('\'');
                    i += 1;
                }
            }
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// Where a raw string (`r"…"`, `r#"…"#`, `br"…"`) starting at `i` ends.
fn raw_string_end(c: &[char], i: usize) -> Option<usize> {
    let mut k = i;
    if c.get(k) == Some(&'b') {
        k += 1;
    }
    if c.get(k) != Some(&'r') {
        return None;
    }
    k += 1;
    let hashes = c[k..].iter().take_while(|&&ch| ch == '#').count();
    k += hashes;
    if c.get(k) != Some(&'"') {
        return None;
    }
    k += 1;
    while k < c.len() {
        if c[k] == '"'
            && c[k + 1..]
                .iter()
                .take(hashes)
                .filter(|&&h| h == '#')
                .count()
                == hashes
        {
            return Some(k + 1 + hashes);
        }
        k += 1;
    }
    Some(c.len())
}

/// The index of the brace closing the one at `open` in `code` (blanked).
fn matching_brace(code: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (k, &b) in code.iter().enumerate().skip(open) {
        match b {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The functions with a body in `text`: (name, first line, lines).
fn functions(text: &str) -> Vec<(String, usize, usize)> {
    let code = blank(text);
    let b = code.as_bytes();
    let line_of = |k: usize| b[..k].iter().filter(|&&x| x == b'\n').count() + 1;
    let mut out = Vec::new();
    let mut k = 0;
    while let Some(found) = code[k..].find("fn") {
        let at = k + found;
        k = at + 2;
        let word = (at == 0 || !is_ident(b[at - 1]))
            && b.get(at + 2).is_some_and(|c| c.is_ascii_whitespace());
        if !word {
            continue;
        }
        let name_at = at
            + 2
            + b[at + 2..]
                .iter()
                .take_while(|c| c.is_ascii_whitespace())
                .count();
        let name: String = b[name_at..]
            .iter()
            .take_while(|&&c| is_ident(c))
            .map(|&c| c as char)
            .collect();
        if name.is_empty() {
            continue; // a function pointer type, `fn(u8) -> u8`
        }
        // The body is the first `{` outside parentheses; a `;` first means
        // a declaration without one (a trait's method).
        let mut parens = 0i32;
        let mut body = None;
        for (j, &c) in b.iter().enumerate().skip(name_at) {
            match c {
                b'(' | b'[' => parens += 1,
                b')' | b']' => parens -= 1,
                b';' if parens == 0 => break,
                b'{' if parens == 0 => {
                    body = Some(j);
                    break;
                }
                _ => {}
            }
        }
        if let Some(close) = body.and_then(|open| matching_brace(b, open)) {
            let first = line_of(at);
            out.push((name, first, line_of(close) - first + 1));
        }
    }
    out
}

/// `code` (blanked) without the items under `#[cfg(test)]`.
fn without_test_items(code: &str) -> String {
    let mut out = code.to_string();
    let mut from = 0;
    while let Some(found) = out[from..].find("#[cfg(test)]") {
        let at = from + found;
        let b = out.as_bytes();
        let end = b[at..]
            .iter()
            .position(|&c| c == b'{' || c == b';')
            .map(|p| at + p);
        let end = match end {
            Some(e) if b[e] == b'{' => matching_brace(b, e).unwrap_or(b.len() - 1) + 1,
            Some(e) => e + 1,
            None => b.len(),
        };
        let blanked: String = out[at..end]
            .chars()
            .map(|c| if c == '\n' { '\n' } else { ' ' })
            .collect();
        out.replace_range(at..end, &blanked);
        from = end;
    }
    out
}

/// The paths a `use` tree or a path expression starting at `k` names,
/// each as its segments (`a::{b, c::d}` gives `a::b`, `a::c::d`).
fn paths_at(b: &[u8], k: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let skip_ws = |k: &mut usize| {
        while b.get(*k).is_some_and(|c| c.is_ascii_whitespace()) {
            *k += 1;
        }
    };
    let mut path = prefix.to_vec();
    loop {
        skip_ws(k);
        if b.get(*k) == Some(&b'{') {
            *k += 1;
            loop {
                paths_at(b, k, &path, out);
                skip_ws(k);
                match b.get(*k) {
                    Some(b',') => *k += 1,
                    Some(b'}') => {
                        *k += 1;
                        return;
                    }
                    _ => return,
                }
                skip_ws(k);
                if b.get(*k) == Some(&b'}') {
                    *k += 1;
                    return;
                }
            }
        }
        let start = *k;
        while b.get(*k).is_some_and(|&c| is_ident(c)) {
            *k += 1;
        }
        if *k == start {
            break;
        }
        path.push(String::from_utf8_lossy(&b[start..*k]).into_owned());
        skip_ws(k);
        if b[*k..].starts_with(b"::") {
            *k += 2;
        } else {
            break;
        }
    }
    out.push(path);
}

/// The module (a path from the crate root, `""` for the root) that the
/// file at `rel` (relative to `src/`) is.
fn module_of(rel: &str) -> String {
    let rel = rel.trim_end_matches(".rs");
    let rel = rel.strip_suffix("/mod").unwrap_or(rel);
    if rel == "lib" {
        String::new()
    } else {
        rel.replace('/', "::")
    }
}

/// The modules the source of `module` imports through `crate::` and
/// `super::` paths, outside `#[cfg(test)]` items, among `modules`
/// (`super` is the module one up from `module`, whatever its file).
fn imports(module: &str, text: &str, modules: &[String]) -> Vec<String> {
    let code = without_test_items(&blank(text));
    let b = code.as_bytes();
    let own: Vec<String> = if module.is_empty() {
        vec![]
    } else {
        module.split("::").map(String::from).collect()
    };
    let mut paths = Vec::new();
    for (at, _) in code
        .match_indices("crate::")
        .chain(code.match_indices("super::"))
    {
        if at > 0 && (is_ident(b[at - 1]) || b[at - 1] == b':') {
            continue;
        }
        let mut k = at;
        // Each `super` is one module up from this one.
        let mut up = 0;
        while code[k..].starts_with("super::") {
            up += 1;
            k += "super::".len();
        }
        let base = if up == 0 {
            k += "crate::".len();
            Vec::new()
        } else {
            own[..own.len().saturating_sub(up)].to_vec()
        };
        paths_at(b, &mut k, &base, &mut paths);
    }
    let mut out: Vec<String> = paths
        .iter()
        .filter_map(|p| {
            (0..=p.len())
                .rev()
                .map(|n| p[..n].join("::"))
                .find(|m| modules.contains(m))
        })
        .filter(|m| m != module && !m.is_empty())
        .collect();
    out.sort();
    out.dedup();
    out
}

/// One cycle among the edges, as the modules along it, if there is one.
fn find_cycle(edges: &BTreeMap<String, Vec<String>>) -> Option<Vec<String>> {
    // 0 unseen, 1 on the current path, 2 done.
    fn visit(
        m: &str,
        edges: &BTreeMap<String, Vec<String>>,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(m.to_string(), 1);
        path.push(m.to_string());
        for next in edges.get(m).into_iter().flatten() {
            match state.get(next.as_str()).copied().unwrap_or(0) {
                1 => {
                    let from = path.iter().position(|p| p == next).unwrap_or(0);
                    let mut cycle = path[from..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(c) = visit(next, edges, state, path) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        path.pop();
        state.insert(m.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for m in edges.keys() {
        if state.get(m.as_str()).copied().unwrap_or(0) == 0 {
            if let Some(c) = visit(m, edges, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

/// A source tree: (path relative to `src/`, text).
type Tree = Vec<(String, String)>;

/// What is wrong with `tree`'s shape, one line each, and its longest
/// function (file, name, lines).
fn check(tree: &Tree) -> (Vec<String>, Option<(String, String, usize)>) {
    let mut problems = Vec::new();
    let top = tree.iter().filter(|(p, _)| !p.contains('/')).count();
    if top > MAX_TOP_FILES {
        problems.push(format!(
            "{top} .rs files directly in src/ (at most {MAX_TOP_FILES})"
        ));
    }
    let mut longest: Option<(String, String, usize)> = None;
    for (path, text) in tree {
        for (name, line, len) in functions(text) {
            if len > MAX_FN_LINES {
                problems.push(format!(
                    "src/{path}:{line}: fn {name} is {len} lines (at most {MAX_FN_LINES})"
                ));
            }
            if longest.as_ref().is_none_or(|l| len > l.2) {
                longest = Some((format!("src/{path}:{line}"), name, len));
            }
        }
    }
    // The library's modules; main.rs is the root of another crate.
    let lib: Vec<&(String, String)> = tree.iter().filter(|(p, _)| p != "main.rs").collect();
    let modules: Vec<String> = lib.iter().map(|(p, _)| module_of(p)).collect();
    let mut edges = BTreeMap::new();
    for (path, text) in &lib {
        let m = module_of(path);
        edges.insert(m.clone(), imports(&m, text, &modules));
    }
    if let Some(cycle) = find_cycle(&edges) {
        problems.push(format!("import cycle: {}", cycle.join(" -> ")));
    }
    (problems, longest)
}

fn read_tree(dir: &Path, rel: &str, out: &mut Tree) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        let rel_name = if rel.is_empty() {
            name.clone()
        } else {
            format!("{rel}/{name}")
        };
        if path.is_dir() {
            read_tree(&path, &rel_name, out);
        } else if name.ends_with(".rs") {
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            out.push((rel_name, text));
        }
    }
}

#[test]
fn source_tree_has_its_shape() {
    let mut tree = Tree::new();
    read_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        "",
        &mut tree,
    );
    assert!(tree.len() > 20, "src/ read: {} files", tree.len());
    let (problems, longest) = check(&tree);
    if let Some((at, name, len)) = &longest {
        println!("longest function: fn {name} at {at}, {len} lines");
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The engine and the board, the layers issue 24 split, hold to it today.
#[test]
fn engine_and_board_have_their_shape() {
    let mut tree = Tree::new();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    read_tree(&src, "", &mut tree);
    tree.retain(|(p, _)| p.starts_with("engine/") || p.starts_with("board/"));
    assert!(
        tree.len() >= 10,
        "src/engine and src/board read: {} files",
        tree.len()
    );
    let (problems, longest) = check(&tree);
    if let Some((at, name, len)) = &longest {
        println!("longest function in src/engine and src/board: fn {name} at {at}, {len} lines");
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[cfg(test)]
mod scanner {
    use super::*;

    fn tree(files: &[(&str, &str)]) -> Tree {
        files
            .iter()
            .map(|(p, t)| (p.to_string(), t.to_string()))
            .collect()
    }

    fn function_of(lines: usize) -> String {
        let mut f = String::from("fn long() {\n");
        for _ in 0..lines - 2 {
            f.push_str("    let x = 1;\n");
        }
        f.push_str("}\n");
        f
    }

    #[test]
    fn counts_from_fn_line_to_closing_brace() {
        let text =
            "/// doc\npub fn a(x: u8) -> u8 {\n    x\n}\nfn b() {}\ntrait T { fn c(&self); }\n";
        assert_eq!(
            functions(text),
            [("a".to_string(), 2, 3), ("b".to_string(), 5, 1)]
        );
    }

    #[test]
    fn braces_in_strings_comments_and_chars_count_for_nothing() {
        let text = "fn a() {\n    let s = \"}}\";\n    let r = r#\"}\"#;\n    // }\n    /* } /* } */ */\n    let c = '}';\n    let l: &'static str = \"\";\n}\nfn b() {}\n";
        assert_eq!(
            functions(text),
            [("a".to_string(), 1, 8), ("b".to_string(), 9, 1)]
        );
    }

    #[test]
    fn a_function_of_151_lines_fails_and_150_passes() {
        let (ok, longest) = check(&tree(&[("lib.rs", &function_of(150))]));
        assert!(ok.is_empty(), "{ok:?}");
        assert_eq!(longest.map(|l| l.2), Some(150));
        let (bad, _) = check(&tree(&[("lib.rs", &function_of(151))]));
        assert_eq!(bad.len(), 1);
        assert!(bad[0].contains("fn long is 151 lines"), "{bad:?}");
    }

    #[test]
    fn nine_files_in_src_fail() {
        let names: Vec<String> = (0..9).map(|i| format!("m{i}.rs")).collect();
        let eight: Vec<(&str, &str)> = names[..8].iter().map(|n| (n.as_str(), "")).collect();
        assert!(check(&tree(&eight)).0.is_empty());
        let nine: Vec<(&str, &str)> = names.iter().map(|n| (n.as_str(), "")).collect();
        let (bad, _) = check(&tree(&nine));
        assert_eq!(bad, ["9 .rs files directly in src/ (at most 8)"]);
        // Files in folders do not count.
        let mut deep = nine.clone();
        deep[8].0 = "layer/m8.rs";
        assert!(check(&tree(&deep)).0.is_empty());
    }

    #[test]
    fn a_cycle_through_crate_paths_fails() {
        let files = [
            ("lib.rs", "mod a; mod b;"),
            ("a.rs", "use crate::b::Thing;\n"),
            ("b.rs", "pub struct Thing;\nfn f() { crate::a::g(); }\n"),
        ];
        let (bad, _) = check(&tree(&files));
        assert_eq!(bad, ["import cycle: a -> b -> a"]);
        // One way only: no cycle.
        let (ok, _) = check(&tree(&[files[0], files[1], ("b.rs", "pub struct Thing;")]));
        assert!(ok.is_empty(), "{ok:?}");
    }

    #[test]
    fn grouped_and_super_paths_are_edges() {
        let files = [
            ("lib.rs", "pub mod layer;"),
            ("layer/mod.rs", "pub mod x; pub mod y;"),
            ("layer/x.rs", "use crate::{layer::{y::{self, Y}}, Other};\n"),
            ("layer/y.rs", "pub struct Y;\nfn f() { super::x::g() }\n"),
        ];
        let (bad, _) = check(&tree(&files));
        assert_eq!(bad, ["import cycle: layer::x -> layer::y -> layer::x"]);
    }

    #[test]
    fn test_modules_comments_and_strings_are_no_edges() {
        let files = [
            ("lib.rs", "mod a; mod b;"),
            ("a.rs", "use crate::b::Thing;\n"),
            (
                "b.rs",
                "/// See [`crate::a::g`].\n// crate::a::g\nconst S: &str = \"crate::a::g\";\n#[cfg(test)]\nmod tests {\n    use crate::a::g;\n}\n",
            ),
        ];
        let (ok, _) = check(&tree(&files));
        assert!(ok.is_empty(), "{ok:?}");
    }

    #[test]
    fn module_names() {
        assert_eq!(module_of("lib.rs"), "");
        assert_eq!(module_of("engine/mod.rs"), "engine");
        assert_eq!(module_of("engine/betza.rs"), "engine::betza");
    }
}
