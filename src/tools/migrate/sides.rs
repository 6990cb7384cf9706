//! The sides a hopper takes: the legacy drop-ins draw a piece that needs
//! a screen (the Cannon) among the board's pieces, every one of them an
//! enemy; a zero-code page draws it among the same pieces, but captures
//! only those of the other side (each cell's `data-side`, or its image).
//! Where the migrated page's sides take away a capture the legacy showed
//! on a piece of the hopper's own side, the page's sides win and the click
//! is listed for review.

use crate::SquareSet;
use crate::board::scene::{Content, Page};
use crate::engine::diagram::Mark;
use crate::page::declared::Declarations;

use super::{Action, Note, Reason};

/// Marks for review the clicks of `notes` (carried over as the legacy
/// showed them) whose piece, on the migrated page `decl`, no longer
/// captures a piece of its own side that the legacy took.
pub(super) fn review_own_side(decl: &Declarations, notes: &mut [Note]) {
    let declared = decl.check().declared;
    let page = decl.page();
    let blind = Page {
        white_spares: SquareSet::EMPTY,
        black_spares: SquareSet::EMPTY,
        ..page
    };
    for cell in &declared.cells {
        let code = (i32::from(cell.sq.file()), i32::from(cell.sq.rank()));
        let (Some(sided), Some(legacy)) =
            (declared.scene(code, &page), declared.scene(code, &blind))
        else {
            continue;
        };
        let mut spared = String::new();
        for &(sq, shown) in &legacy.cells {
            if shown == Content::Mark(Mark::Capture) && !sided.cells.contains(&(sq, shown)) {
                if !spared.is_empty() {
                    spared.push_str(", ");
                }
                sq.push_name(&mut spared);
            }
        }
        if spared.is_empty() {
            continue;
        }
        let id = format!("sq{}x{}", cell.sq.file(), cell.sq.rank());
        let Some(note) = notes
            .iter_mut()
            .find(|n| n.cell == id && matches!(n.action, Action::Carried | Action::Declared))
        else {
            continue;
        };
        note.action = Action::Changed;
        note.reason = Reason::OwnSide;
        note.text = format!(
            "the legacy showed this piece capturing its own side's pieces on {spared}; \
             the page's sides win: no capture is marked there"
        );
        note.fix = Some(String::from(
            "check each cell's side (data-side=\"black\", or its image): a piece captures only \
             the other side's",
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Action, Options, Reason, migrate_html};

    /// A legacy page whose Cannon (spartan.js's `down_click(7,2)`, `pR`)
    /// stands below a screen and a White Pawn: the legacy took the Pawn.
    fn page(pawn: &str) -> String {
        let mut rows = String::new();
        for y in (0..8).rev() {
            rows.push_str("<tr>");
            for x in 0..8 {
                let inside = match (x, y) {
                    (7, 2) => " onmousedown=\"down_click(7,2)\" onmouseup=\"up_click()\">\
                               <img src=\"sym/WhiteCannon.png\">"
                        .to_string(),
                    (7, 4) => "><img src=\"sym/BlackKnight.png\">".to_string(),
                    (7, 6) => format!("><img src=\"sym/{pawn}Pawn.png\">"),
                    _ => ">".to_string(),
                };
                rows.push_str(&format!("<td class=\"n\" id=\"sq{x}x{y}\"{inside}</td>"));
            }
            rows.push_str("</tr>\n");
        }
        format!(
            "<html lang=\"en\"><head><script src=\"spartan.js\"></script></head><body>\n\
             <table class=\"board\">\n{rows}</table>\n<p id=\"piece\">:<br>:</p>\n\
             <table border=1><tr><td>Piece</td><td>ID</td><td>value</td>\
             <td>Moves (Betza notation)</td><td>Remarks</td></tr>\n\
             <tr><td>Canon</td><td>C</td><td>4</td><td>pR</td><td></td></tr>\n\
             </table></body></html>"
        )
    }

    #[test]
    fn a_cannon_the_legacy_showed_taking_its_own_side_is_for_review() {
        let m = migrate_html(&page("White"), &Options::default()).unwrap();
        let note = m.notes.iter().find(|n| n.cell == "sq7x2").unwrap();
        assert_eq!(
            (note.action, note.reason),
            (Action::Changed, Reason::OwnSide)
        );
        assert!(note.is_review() && note.fix.is_some());
        // h7: the White Pawn over the screen on h5.
        assert!(note.text.contains("on h7;"), "{}", note.text);
        // A Black Pawn there is taken by both: carried over as it was.
        let m = migrate_html(&page("Black"), &Options::default()).unwrap();
        let note = m.notes.iter().find(|n| n.cell == "sq7x2").unwrap();
        assert_eq!(note.action, Action::Carried, "{note}");
    }
}
