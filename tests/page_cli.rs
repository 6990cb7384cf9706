//! `glance page` on the command line: a bad section is one line
//! `FILE:LINE: ...` and exit 2 while the others are written; a file it did
//! not write is left alone unless --force; --name names a custom piece.

#![cfg(not(target_arch = "wasm32"))]

use std::process::Command;

fn glance(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_glance"))
        .args(args)
        .output()
        .expect("run glance");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn bad_sections_are_reported_and_the_others_written() {
    let dir = std::env::temp_dir().join(format!("glance-page-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let ini = dir.join("v.ini");
    std::fs::write(
        &ini,
        "[good:chess]\ncustomPiece1 = d:BW\n# glance: name d = Dragon Horse\n\
         startFen = 3dk3/8/8/8/8/8/8/3DK3 w - - 0 1\n\
         [hop:chess]\ncustomPiece1 = c:mpafsW\nstartFen = 3ck3/8/8/8/8/8/8/3CK3 w - - 0 1\n\
         [mine:chess]\ncustomPiece2 = e:N\nstartFen = 3ek3/8/8/8/8/8/8/3EK3 w - - 0 1\n",
    )
    .unwrap();
    let out = dir.join("out");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("mine.html"), "<p>my own page</p>").unwrap();
    let (ini_s, out_s) = (ini.to_str().unwrap(), out.to_str().unwrap());
    let (code, _, err) = glance(&[
        "page",
        ini_s,
        "--all",
        "--out-dir",
        out_s,
        "--name",
        "e=Horseman",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!("{ini_s}:6: [hop] customPiece1 (mpafsW)")),
        "{err}"
    );
    assert!(
        err.contains("mine.html: not written by glance page"),
        "{err}"
    );
    let good = std::fs::read_to_string(out.join("good.html")).unwrap();
    assert!(good.contains("<td>Dragon Horse</td>"));
    assert!(!out.join("hop.html").exists());
    assert_eq!(
        std::fs::read_to_string(out.join("mine.html")).unwrap(),
        "<p>my own page</p>"
    );
    let (code, _, err) = glance(&[
        "page",
        ini_s,
        "--variant",
        "mine",
        "--variant",
        "good",
        "--out-dir",
        out_s,
        "--force",
        "--name",
        "e=Horseman",
    ]);
    assert_eq!(code, 0, "{err}");
    let mine = std::fs::read_to_string(out.join("mine.html")).unwrap();
    assert!(mine.contains("<td>Horseman</td>"), "{mine}");
    // A page it wrote is rewritten without --force.
    let (code, _, err) = glance(&["page", ini_s, "--variant", "mine", "--out-dir", out_s]);
    assert_eq!(code, 0, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn built_ins_by_name_and_the_catalogue_of_all() {
    let dir = std::env::temp_dir().join(format!("glance-page-builtins-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out_s = dir.to_str().unwrap();
    // With no file, --variant names a variant Fairy-Stockfish knows.
    let (code, _, err) = glance(&["page", "--variant", "xiangqi", "--out-dir", out_s]);
    assert_eq!(code, 0, "{err}");
    let xq = std::fs::read_to_string(dir.join("xiangqi.html")).unwrap();
    assert!(xq.contains("<h1>Xiangqi</h1>"), "{xq}");
    assert!(!dir.join("index.html").exists());
    // --builtins writes them all and index.html links each page written.
    let (code, out, err) = glance(&["page", "--builtins", "--out-dir", out_s]);
    assert!(code == 0 || code == 2, "{err}");
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    let pages: Vec<&str> = out
        .lines()
        .filter(|l| l.ends_with(".html") && !l.ends_with("index.html"))
        .collect();
    assert!(pages.len() >= 20, "{out}");
    for p in &pages {
        let name = std::path::Path::new(p)
            .file_name()
            .unwrap()
            .to_str()
            .unwrap();
        assert!(index.contains(&format!("href=\"{name}\"")), "{name}");
    }
    // --builtins reads no file.
    let (code, _, _) = glance(&["page", "some.ini", "--builtins", "--out-dir", out_s]);
    assert_eq!(code, 2);
    let _ = std::fs::remove_dir_all(&dir);
}
