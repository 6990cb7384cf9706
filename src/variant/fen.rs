//! The board part of a FEN: each piece on its square.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::Placement;
use crate::engine::geometry::{ByColour, Colour, Square};

/// `fen`'s board field (with its pocket) with each second letter of a
/// piece, `(second, first)`, written as its first, case kept.
pub(super) fn with_first_letters(fen: &str, synonyms: &[(char, char)]) -> String {
    if synonyms.is_empty() {
        return fen.into();
    }
    let (field, rest) = fen.split_once(' ').unwrap_or((fen, ""));
    let mut out: String = field
        .chars()
        .map(|c| {
            let lower = c.to_ascii_lowercase();
            match synonyms.iter().find(|s| s.0 == lower) {
                Some(&(_, first)) if c.is_ascii_uppercase() => first.to_ascii_uppercase(),
                Some(&(_, first)) => first,
                None => c,
            }
        })
        .collect();
    if !rest.is_empty() {
        out.push(' ');
        out.push_str(rest);
    }
    out
}

/// The side to move, whether each side may castle (a castling right in
/// the third field: `KQ` or a rook's file `HA` for White, `kq` or `ha`
/// for Black), and the checks
/// each side has left to give (`3+3`, in three-check FENs), read from
/// `fen`'s fields after the board.
pub(super) fn side_and_checks(fen: &str) -> (Colour, ByColour<bool>, Option<(u8, u8)>) {
    let mut fields = fen.split_whitespace().skip(1);
    let side = match fields.next() {
        Some("b") => Colour::Black,
        _ => Colour::White,
    };
    let rights = fen.split_whitespace().nth(2).unwrap_or("-");
    let castles = ByColour {
        white: rights.chars().any(|c| c.is_ascii_uppercase()),
        black: rights.chars().any(|c| c.is_ascii_lowercase()),
    };
    let checks = fields.find_map(|f| {
        let (w, b) = f.split_once('+')?;
        Some((w.parse().ok()?, b.parse().ok()?))
    });
    (side, castles, checks)
}

/// Reads the board of `fen` (its first field) on a `files`×`ranks` board,
/// whose piece letters are `letters` (lower case). Returns the pieces
/// and the pocket's letters (`[...]`; `[-]`, an empty pocket, has none),
/// or what is wrong.
pub(super) fn board(
    fen: &str,
    files: u8,
    ranks: u8,
    letters: &[char],
) -> Result<(Vec<Placement>, String), String> {
    let field = fen.split_whitespace().next().unwrap_or("");
    let (rows_text, pocket) = match field.split_once('[') {
        Some((b, rest)) => {
            let p = rest
                .strip_suffix(']')
                .ok_or_else(|| String::from("the pocket [ is never closed"))?;
            (b, String::from(p))
        }
        None => (field, String::new()),
    };
    let rows: Vec<&str> = rows_text.split('/').collect();
    if rows.len() != ranks as usize {
        return Err(format!(
            "{} ranks written, the board has {ranks}",
            rows.len()
        ));
    }
    for c in pocket.chars() {
        if c != '-' && !letters.contains(&c.to_ascii_lowercase()) {
            return Err(format!("'{c}' in the pocket is no piece of the variant"));
        }
    }
    let pocket: String = pocket.chars().filter(|&c| c != '-').collect();
    let mut out = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks as usize - 1 - i;
        let squares = read_row(row, rank, files, letters, &mut out)?;
        if squares != files as usize {
            return Err(format!(
                "rank {} has {squares} squares, the board has {files} files",
                rank + 1
            ));
        }
    }
    Ok((out, pocket))
}

/// The wall squares (`*`) of `fen`'s board, by rank from the bottom,
/// then file: squares no piece may enter or cross (Troitzky chess's
/// corners). Read after [`board`] has accepted the FEN.
pub(super) fn walls(fen: &str, ranks: u8) -> Vec<Square> {
    let field = fen.split_whitespace().next().unwrap_or("");
    let rows = field.split('[').next().unwrap_or("");
    let mut out = Vec::new();
    for (i, row) in rows.split('/').enumerate() {
        let Some(rank) = usize::from(ranks).checked_sub(i + 1) else {
            continue;
        };
        let mut file = 0usize;
        let mut run = 0usize;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                run = run * 10 + d as usize;
                continue;
            }
            file += run;
            run = 0;
            if c == '*' {
                out.extend(
                    u8::try_from(file)
                        .ok()
                        .zip(u8::try_from(rank).ok())
                        .and_then(|(f, r)| Square::new(f, r)),
                );
            }
            if c == '*' || c.is_ascii_alphabetic() {
                file += 1;
            }
        }
    }
    out.sort_by_key(|s| (s.rank(), s.file()));
    out
}

/// Reads one rank; returns how many squares it spans.
fn read_row(
    row: &str,
    rank: usize,
    files: u8,
    letters: &[char],
    out: &mut Vec<Placement>,
) -> Result<usize, String> {
    let b: Vec<char> = row.chars().collect();
    let mut file = 0usize;
    let mut i = 0;
    let mut promoted = false;
    while i < b.len() {
        let c = b[i];
        i += 1;
        if let Some(d) = c.to_digit(10) {
            let mut n = d as usize;
            while let Some(d2) = b.get(i).and_then(|c| c.to_digit(10)) {
                n = n * 10 + d2 as usize;
                i += 1;
                if n > 99 {
                    return Err(format!("rank {}: a run of {n} empty squares", rank + 1));
                }
            }
            file += n;
        } else if c == '+' {
            promoted = true;
        } else if c == '~' {
            // A promoted piece's mark after it (crazyhouse).
        } else if c == '*' {
            // A wall square.
            file += 1;
        } else if c.is_ascii_alphabetic() && letters.contains(&c.to_ascii_lowercase()) {
            if file < files as usize {
                let square = Square::new(file as u8, rank as u8)
                    .ok_or_else(|| String::from("a square off the board"))?;
                out.push(Placement {
                    square,
                    letter: c.to_ascii_lowercase(),
                    colour: if c.is_ascii_uppercase() {
                        Colour::White
                    } else {
                        Colour::Black
                    },
                    promoted,
                });
            }
            promoted = false;
            file += 1;
        } else {
            return Err(format!(
                "'{c}' on rank {} is no piece of the variant",
                rank + 1
            ));
        }
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walls_by_square() {
        let w = walls("**k/3/1*10/K2 w - - 0 1", 4);
        let names: Vec<String> = w.iter().map(|s| s.to_string()).collect();
        assert_eq!(names, ["b2", "a4", "b4"]);
    }

    #[test]
    fn squares_colours_pockets() {
        let (p, pocket) = board("r1k/3/+PK1[Pn] w - - 0 1", 3, 3, &['r', 'k', 'p', 'n']).unwrap();
        assert_eq!(pocket, "Pn");
        let names: Vec<String> = p
            .iter()
            .map(|x| {
                let mut s = String::new();
                x.square.push_name(&mut s);
                format!("{s}{}{:?}{}", x.letter, x.colour, x.promoted)
            })
            .collect();
        assert_eq!(
            names,
            [
                "a3rBlackfalse",
                "c3kBlackfalse",
                "a1pWhitetrue",
                "b1kWhitefalse"
            ]
        );
    }

    #[test]
    fn ten_files_and_errors() {
        let (p, _) = board("r8r/10 w", 10, 2, &['r']).unwrap();
        assert_eq!(p.len(), 2);
        assert_eq!(p[1].square.file(), 9);
        assert_eq!(
            board("8/8 w", 8, 3, &[]).unwrap_err(),
            "2 ranks written, the board has 3"
        );
        assert_eq!(
            board("7/8 w", 8, 2, &[]).unwrap_err(),
            "rank 2 has 7 squares, the board has 8 files"
        );
        assert_eq!(
            board("7x/8 w", 8, 2, &[]).unwrap_err(),
            "'x' on rank 2 is no piece of the variant"
        );
        assert!(board("8/8[q w", 8, 2, &['q']).is_err());
        assert!(board("8/8[x] w", 8, 2, &['q']).is_err());
        assert_eq!(board("8/8[-] w", 8, 2, &['q']).unwrap().1, "");
    }
}
