//! How a piece is drawn on a written page: its image in `sym/` (XBoard's
//! artwork for a predefined type, else the disc with its letter that
//! `make-assets.py` draws) and the image's text.

use crate::engine::geometry::Colour;
use crate::variant::piece_names::side;
use crate::variant::{Variant, VariantPiece};

/// How a piece is drawn: its image in `sym/` and the image's text.
#[derive(Clone)]
pub(super) struct Look {
    pub src: String,
    pub alt: String,
}

/// The look of piece `p` for one side: its `sym/` image, else the disc
/// with its letter that `make-assets.py` draws into `sym/`
/// (`WhiteDiscA.png`, `BlackDiscA.png`), as the setup picture draws it;
/// its text names the side as the variant's players do ("Red General").
pub(super) fn look(v: &Variant, p: &VariantPiece, name: &str, colour: Colour) -> Look {
    let black = colour == Colour::Black;
    let file_side = colour.title();
    let file = match image(p) {
        Some((file, has_black)) if !black || has_black => file.to_string(),
        _ => format!("Disc{}", p.letter.to_ascii_uppercase()),
    };
    Look {
        src: format!("sym/{file_side}{file}.png"),
        alt: format!("{} {name}", side(v, colour)),
    }
}

/// XBoard's image for a predefined type (`Rook`), and whether a Black one
/// exists in its set (scripts/make-assets.py's PIECES).
fn image(p: &VariantPiece) -> Option<(&'static str, bool)> {
    Some(match p.name.as_str() {
        "pawn" => ("Pawn", true),
        "knight" => ("Knight", true),
        "bishop" => ("Bishop", true),
        "rook" => ("Rook", true),
        "queen" => ("Queen", true),
        "king" => ("King", true),
        "archbishop" => ("Archbishop", true),
        "chancellor" => ("Chancellor", false),
        "commoner" => ("Commoner", false),
        "lance" => ("Lance", true),
        "gold" => ("Gold", false),
        _ => return None,
    })
}
