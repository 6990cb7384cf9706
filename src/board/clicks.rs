//! The click codes of the three legacy scripts, as data.
//!
//! The rules pages call `down_click(x, y)`; what a code means depends on the
//! script the page loads (`spartan.js`, `chu.js` or `cwda.js`). Each entry
//! gives the name and remark lines `#piece` shows, and either the piece's
//! Betza string (the diagram is computed from it) or a scripted demo
//! (castling, en passant, gating: pieces shown moved, cells emptied).
//!
//! A piece stands on the square its code names (`|x|`, `|y|`) unless the
//! entry says otherwise (`on`). Where a legacy diagram is not what the
//! piece's table row on its page says, the entry says how:
//! * the Pawn and Hoplite codes that show the initial double step carry it
//!   in their string (`imfW2`, `imfA`), the pages' tables leave it out;
//! * a piece whose capture needs a screen, like the Xiangqi Canon (`pR`),
//!   is drawn among the pieces of the board, as every piece that
//!   [needs a screen](crate::engine::betza::Piece::needs_screen) is
//!   ([`crate::board::scene::Scene::of_piece`]);
//! * the castling codes of Kings show only the castling moves (`isO2`…);
//! * the Cylinder page's pieces use the ordinary codes: no wrap-around.
//!
//! ```
//! use glance::board::clicks::{lookup, Script, Shows};
//! let lieutenant = lookup(Script::Spartan, 3, 6).unwrap();
//! assert_eq!(lieutenant.name, "Lieutenant");
//! assert!(matches!(lieutenant.shows, Shows::Piece { betza: "FAmsW", .. }));
//! assert!(lookup(Script::Chu, 3, 6).is_some_and(|e| e.name == "Ferocious Leopard"));
//! assert!(lookup(Script::Spartan, 0, 0).is_none());
//! ```

use crate::engine::geometry::Colour;

/// The legacy script a page loads, which decides what its codes mean.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Script {
    Spartan,
    Chu,
    Cwda,
}

impl Script {
    pub const ALL: [Script; 3] = [Script::Spartan, Script::Chu, Script::Cwda];

    /// The script's file name, `spartan.js`, `chu.js` or `cwda.js`.
    pub const fn file_name(self) -> &'static str {
        match self {
            Script::Spartan => "spartan.js",
            Script::Chu => "chu.js",
            Script::Cwda => "cwda.js",
        }
    }

    /// The script for a file name or a bare name (`"chu"`).
    pub fn from_name(name: &str) -> Option<Script> {
        let bare = name.strip_suffix(".js").unwrap_or(name);
        Script::ALL
            .into_iter()
            .find(|s| s.file_name().strip_suffix(".js") == Some(bare))
    }

    /// The script's table.
    ///
    /// A build with `GLANCE_SCRIPT` set in its environment (`spartan`, `chu`
    /// or `cwda`) keeps only that table: each drop-in file carries its own.
    pub const fn entries(self) -> &'static [Entry] {
        const SPARTAN_KEPT: bool = kept("spartan.js");
        const CHU_KEPT: bool = kept("chu.js");
        const CWDA_KEPT: bool = kept("cwda.js");
        match self {
            Script::Spartan if SPARTAN_KEPT => SPARTAN,
            Script::Chu if CHU_KEPT => CHU,
            Script::Cwda if CWDA_KEPT => CWDA,
            _ => &[],
        }
    }
}

/// What a click code shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Shows {
    /// The diagram of a piece.
    Piece {
        betza: &'static str,
        colour: Colour,
        /// The square the piece stands on, as (file, rank) of the board table.
        on: (u8, u8),
    },
    /// Cells shown with a piece image (`"BlackKing"`) or emptied (`""`).
    Demo(&'static [(u8, u8, &'static str)]),
}

/// One click code of a legacy script.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub code: (i8, i8),
    pub name: &'static str,
    pub notes: &'static [&'static str],
    pub shows: Shows,
}

impl Entry {
    /// The name as a subject, without the colon some names end with
    /// (`"Gating:"` → `"Gating"`).
    pub fn subject(&self) -> &'static str {
        self.name.strip_suffix(':').unwrap_or(self.name)
    }

    const fn black(mut self) -> Entry {
        if let Shows::Piece { ref mut colour, .. } = self.shows {
            *colour = Colour::Black;
        }
        self
    }

    const fn on(mut self, file: u8, rank: u8) -> Entry {
        if let Shows::Piece { ref mut on, .. } = self.shows {
            *on = (file, rank);
        }
        self
    }
}

/// Whether the build keeps the table of `file`: all of them, unless
/// `GLANCE_SCRIPT` names one (`spartan` for `spartan.js`).
const fn kept(file: &str) -> bool {
    let Some(only) = option_env!("GLANCE_SCRIPT") else {
        return true;
    };
    let (name, file) = (only.as_bytes(), file.as_bytes());
    if name.len() + 3 != file.len() {
        return false;
    }
    let mut i = 0;
    while i < name.len() {
        if name[i] != file[i] {
            return false;
        }
        i += 1;
    }
    true
}

const fn piece(
    x: i8,
    y: i8,
    name: &'static str,
    notes: &'static [&'static str],
    betza: &'static str,
) -> Entry {
    Entry {
        code: (x, y),
        name,
        notes,
        shows: Shows::Piece {
            betza,
            colour: Colour::White,
            on: (x.unsigned_abs(), y.unsigned_abs()),
        },
    }
}

const fn demo(
    x: i8,
    y: i8,
    name: &'static str,
    notes: &'static [&'static str],
    cells: &'static [(u8, u8, &'static str)],
) -> Entry {
    Entry {
        code: (x, y),
        name,
        notes,
        shows: Shows::Demo(cells),
    }
}

/// The code of an inline handler text such as `down_click(2,-8)`: two
/// whole numbers between the parentheses, or nothing (the pages also have
/// `down_click(,)`).
///
/// ```
/// use glance::board::clicks::parse_handler;
/// assert_eq!(parse_handler("down_click(2,-8)"), Some((2, -8)));
/// assert_eq!(parse_handler(" down_click( 5 , 10 ) ;"), Some((5, 10)));
/// assert_eq!(parse_handler("down_click(,)"), None);
/// assert_eq!(parse_handler("up_click()"), None);
/// assert_eq!(parse_handler("down_click(1e3,2)"), None);
/// ```
pub fn parse_handler(text: &str) -> Option<(i32, i32)> {
    let args = text
        .trim_ascii()
        .strip_prefix("down_click")?
        .trim_ascii_start()
        .strip_prefix('(')?;
    let (args, _) = split_at(args, b')')?;
    parse_pair(args)
}

/// Splits `text` around the first `byte` (an ASCII character): the byte
/// search of [`cut`], which keeps the string-searching machinery out of
/// the wasm.
///
/// [`cut`]: crate::engine::cut::cut
pub fn split_at(text: &str, byte: u8) -> Option<(&str, &str)> {
    crate::engine::cut::cut(text, &[byte])
}

/// The part of `text` after its last `byte` (all of it if there is none).
/// A plain loop: `rposition` is an adaptor the drop-ins would carry once
/// more.
pub fn after_last(text: &str, byte: u8) -> &str {
    let mut start = 0;
    for (i, b) in text.bytes().enumerate() {
        if b == byte {
            start = i + 1;
        }
    }
    text.get(start..).unwrap_or(text)
}

/// The square of a cell id `sq{x}x{y}`.
///
/// ```
/// use glance::board::clicks::parse_cell_id;
/// assert_eq!(parse_cell_id("sq3x6").map(|s| (s.file(), s.rank())), Some((3, 6)));
/// assert_eq!(parse_cell_id("sq3x16"), None);
/// assert_eq!(parse_cell_id("sq-1x2"), None);
/// assert_eq!(parse_cell_id("piece"), None);
/// ```
pub fn parse_cell_id(id: &str) -> Option<crate::Square> {
    let (x, y) = split_at(id.strip_prefix("sq")?, b'x')?;
    let (x, y) = (small_int(x)?, small_int(y)?);
    crate::Square::new(u8::try_from(x).ok()?, u8::try_from(y).ok()?)
}

/// `"x,y"` (spaces allowed) as two whole numbers.
pub fn parse_pair(text: &str) -> Option<(i32, i32)> {
    let (x, y) = split_at(text, b',')?;
    Some((small_int(x)?, small_int(y)?))
}

/// A whole number of at most three digits with an optional minus sign
/// (click codes are small; this keeps integer parsing out of the wasm; a
/// cell's `colspan` too).
pub(crate) fn small_int(text: &str) -> Option<i32> {
    let text = text.trim_ascii();
    let (sign, digits) = match text.strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, text),
    };
    if digits.is_empty() || digits.len() > 3 {
        return None;
    }
    let mut n = 0;
    for b in digits.bytes() {
        if !b.is_ascii_digit() {
            return None;
        }
        n = n * 10 + (b - b'0') as i32;
    }
    Some(sign * n)
}

/// The entry for `down_click(x, y)` under `script`, if the script defines
/// the code.
pub fn lookup(script: Script, x: i32, y: i32) -> Option<&'static Entry> {
    script
        .entries()
        .iter()
        .find(|e| e.code.0 as i32 == x && e.code.1 as i32 == y)
}

pub const SPARTAN: &[Entry] = &[
    demo(
        7,
        0,
        "Gating:",
        &[
            "On the first move of a back-rank piece",
            "your Hawk or Elephant can appear from under it",
        ],
        &[(6, 2, "WhiteKnight"), (7, 0, "WhiteHawk"), (9, 0, "")],
    ),
    piece(
        -2,
        1,
        "Pawn",
        &[
            "Different capture (red) and non-capture (green)",
            "Initial double-push non-capture can be blocked",
            "The black Pawn can e.p. capture to the skipped square",
        ],
        "mfWcfFimfW2",
    ),
    piece(
        2,
        -1,
        "Pawn",
        &[
            "Different capture (red) and non-capture (green)",
            "Initial double-push non-capture can be blocked",
        ],
        "mfWcfFimfW2",
    ),
    piece(2, 2, "Pawn", &[], "fW"),
    piece(6, 2, "Elephant", &[], "FfW"),
    piece(
        7,
        2,
        "Canon",
        &[
            "Slides non-capturing to first obstacle",
            "and can capture first piece behind that",
        ],
        "pR",
    ),
    demo(
        1,
        3,
        "en-passant capture",
        &[
            "A Pawn that just made a double-push past you",
            "is caught by its tail",
        ],
        &[(1, 3, ""), (2, 2, "BlackPawn"), (2, 3, "")],
    ),
    piece(
        2,
        3,
        "Pawn",
        &["Different capture (red) and non-capture (green)"],
        "mfWcfF",
    ),
    piece(3, 3, "Rook", &[], "R"),
    piece(
        -4,
        3,
        "Horse",
        &[
            "Moves can be blocked on the adjacent square",
            "marked with open circle, to which it cannot move",
        ],
        "nN",
    ),
    piece(
        4,
        -3,
        "Royal Knight",
        &["Royal piece that has to be checkmated"],
        "N",
    ),
    piece(4, 3, "Knight", &[], "N"),
    piece(5, 3, "Queen", &[], "Q"),
    piece(6, 3, "Bishop", &[], "B"),
    piece(7, -3, "Commoner (aka Man)", &[], "K"),
    piece(7, 3, "King", &[], "K"),
    piece(3, -4, "Veteran", &[], "KN"),
    piece(3, 4, "High Priestess", &[], "FAN"),
    piece(4, -4, "Amazon", &[], "QN"),
    piece(4, 4, "Minister", &[], "WDN"),
    piece(-5, -4, "Empress", &[], "RN"),
    piece(-5, 4, "Elephant", &[], "RN"),
    piece(5, 4, "Chancellor", &[], "RN"),
    piece(2, 5, "Pawn (across the River)", &[], "fsW"),
    piece(3, 5, "Great General", &[], "WDFA"),
    piece(
        -4,
        5,
        "Advisor (aka Mandarin or Palace Guard)",
        &["Cannot leave Palace"],
        "F",
    ),
    piece(4, -5, "Met (aka Ferz, General)", &[], "F"),
    piece(4, 5, "Ferz (aka General)", &[], "F"),
    piece(
        5,
        -5,
        "Elephant",
        &[
            "Can be blocked on the nearest square marked",
            "with open circle, to which it cannot move",
            "It cannot cross the River separating board halves",
        ],
        "nA",
    ),
    piece(5, 5, "Elephant (aka Alfil)", &[], "A"),
    piece(
        6,
        -5,
        "King (aka General)",
        &[
            "Royal piece that has to be checkmated",
            "Cannot leave Palace",
        ],
        "W",
    ),
    piece(6, 5, "Wazir (aka Grandvizer)", &[], "W"),
    piece(
        2,
        -6,
        "Hoplite",
        &["Different capture (red) and non-capture (green)"],
        "mfFcfW",
    )
    .black(),
    piece(
        2,
        6,
        "Berlin Pawn",
        &["Different capture (red) and non-capture (green)"],
        "mfFcfW",
    )
    .black(),
    piece(-3, 6, "Modern Elephant", &[], "FA"),
    demo(
        3,
        -6,
        "en-passant capture",
        &[
            "A Pawn that just made a double-push",
            "crossing your path is caught by its tail",
            "(Note the other white Pawn can NOT capture it!)",
        ],
        &[(2, 6, ""), (3, 6, ""), (3, 7, "WhitePawn")],
    ),
    piece(
        3,
        6,
        "Lieutenant",
        &[
            "Jumps directly to orange squares",
            "Sideway step non-capture only",
        ],
        "FAmsW",
    )
    .black(),
    piece(4, 6, "General", &[], "RF").black(),
    piece(-5, -6, "Janus", &[], "BN"),
    piece(-5, 6, "Princess", &[], "BN"),
    piece(5, -6, "Warlord", &[], "BN").black(),
    piece(5, 6, "Archbishop", &[], "BN"),
    piece(-6, 6, "War Machine", &[], "WD"),
    piece(6, 6, "Captain", &["Jumps directly to orange squares"], "WD").black(),
    piece(-7, 6, "Soldier", &[], "K"),
    piece(7, -6, "Commoner (aka Man)", &[], "K"),
    piece(7, 6, "King", &[], "K").black(),
    piece(
        2,
        -8,
        "Hoplite",
        &[
            "Different capture (red) and non-capture (green)",
            "Initial double-push non-capture can jump!",
        ],
        "mfFcfWimfA",
    )
    .black(),
    piece(
        4,
        8,
        "Berlin Pawn",
        &[
            "Different capture (red) and non-capture (green)",
            "Initial double-push non-capture can be blocked",
            "The white Pawn can e.p. capture to the skipped square in front of it",
        ],
        "mfFcfWimfA",
    )
    .black(),
    demo(
        0,
        -9,
        "Castling",
        &["King and Rook swing around each other"],
        &[
            (0, 9, ""),
            (2, 9, "BlackKing"),
            (3, 9, "BlackRook"),
            (5, 9, ""),
        ],
    ),
    demo(
        1,
        -9,
        "Castling",
        &["King and Rook swing around each other"],
        &[
            (1, 9, ""),
            (3, 9, "BlackKing"),
            (4, 9, "BlackRook"),
            (5, 9, ""),
        ],
    ),
    demo(
        2,
        9,
        "Castling",
        &["King and Rook swing around each other"],
        &[
            (0, 9, ""),
            (1, 9, "BlackKing"),
            (2, 9, "BlackRook"),
            (4, 9, ""),
        ],
    ),
    demo(
        3,
        -9,
        "Castling",
        &["King and Rook swing around each other"],
        &[
            (1, 9, ""),
            (3, 9, "BlackUnicorn"),
            (4, 9, "BlackRook"),
            (5, 9, ""),
        ],
    ),
    piece(-4, 9, "Castling", &["Click on Rook to see how"], "irO3ilO4").black(),
    piece(5, -9, "Castling", &["Click on Rook to see how"], "isO3").black(),
    piece(5, 9, "Castling", &["Click on Rook to see how"], "isO2").black(),
    demo(
        7,
        9,
        "Castling",
        &["King and Rook swing around each other"],
        &[
            (5, 9, ""),
            (6, 9, "BlackRook"),
            (7, 9, "BlackUnicorn"),
            (8, 9, ""),
        ],
    ),
    demo(
        8,
        9,
        "Castling",
        &["King and Rook swing around each other"],
        &[
            (5, 9, ""),
            (6, 9, "BlackRook"),
            (7, 9, "BlackKing"),
            (8, 9, ""),
        ],
    ),
    demo(
        -9,
        9,
        "Castling",
        &["King and Rook swing around each other"],
        &[
            (4, 9, ""),
            (7, 9, "BlackRook"),
            (8, 9, "BlackKing"),
            (9, 9, ""),
        ],
    ),
    demo(
        9,
        9,
        "Castling",
        &["King and Rook swing around each other"],
        &[
            (5, 9, ""),
            (7, 9, "BlackRook"),
            (8, 9, "BlackKing"),
            (9, 9, ""),
        ],
    ),
    piece(5, 10, "Hawk", &[], "BN").on(5, 6),
];

pub const CHU: &[Entry] = &[
    piece(
        2,
        1,
        "Pawn",
        &[
            "Different capture (red) and non-capture (green)",
            "Initial double-push non-capture can be blocked",
            "The black Pawn can e.p. capture to the skipped square",
        ],
        "mfWcfFimfW2",
    ),
    piece(3, 2, "(Shogi) Knight", &[], "fN"),
    piece(4, 2, "Lance", &[], "fR"),
    piece(5, 2, "Blind Tiger", &[], "FsbW"),
    piece(6, 2, "Pawn", &[], "fW"),
    piece(
        7,
        2,
        "Pawn",
        &["Different capture (red) and non-capture (green)"],
        "mfWcfF",
    ),
    piece(2, 3, "Cobra (aka Go Between)", &[], "vW"),
    piece(3, 3, "Kylin", &[], "FD"),
    piece(4, -3, "Knight", &[], "N"),
    piece(4, 3, "White Horse", &[], "vRfB"),
    piece(5, 3, "Flying Stag", &[], "KvR"),
    piece(6, 3, "Phoenix", &[], "WA"),
    piece(2, 4, "Side Mover", &[], "vWsR"),
    piece(3, 4, "Sleeping Queen (aka Free Boar)", &[], "BsR"),
    piece(
        4,
        4,
        "Lion",
        &[
            "Can shoot or capture en-passant what is on the",
            "cyan squares with the first of its two King steps,",
            "or jump directly to any of the colored squares",
        ],
        "KADN(cK-aK)(K-bK)",
    ),
    piece(5, 4, "Queen", &[], "Q"),
    piece(6, 4, "Dragon Horse", &[], "BW"),
    piece(7, 4, "Bishop", &[], "B"),
    piece(2, 5, "Vertical Mover", &[], "sWvR"),
    piece(3, 5, "Narrow Queen (aka Flying Ox)", &[], "BvR"),
    piece(
        4,
        5,
        "Soaring Eagle",
        &[
            "Can shoot or capture en-passant what is on the cyan",
            "square with the first of its two steps along the forward",
            "diagonal, or jump directly to cyan or orange squares",
        ],
        "RbBfAfF(cfF-fF)(fF-bF)",
    ),
    piece(
        5,
        5,
        "Unicorn (aka Horned Falcon)",
        &[
            "Can shoot or capture en-passant what is on the cyan",
            "square with the first of its two forward/backward",
            "steps, or jump directly to cyan or orange square",
        ],
        "BsRbRfDfW(cfW-fW)(fW-bW)",
    ),
    piece(6, 5, "Dragon King", &[], "RF"),
    piece(7, 5, "Rook", &[], "R"),
    piece(3, 6, "Ferocious Leopard", &[], "FvW"),
    piece(4, 6, "Whale", &[], "vRbB"),
    piece(5, 6, "Canon (aka Reverse Chariot)", &[], "vR"),
    piece(6, 6, "King", &[], "K"),
    piece(7, 6, "Elephant", &[], "FsfW"),
    piece(3, 7, "Gold General", &[], "WfF"),
    piece(4, 7, "Silver General", &[], "FfW"),
    piece(5, 7, "Copper General", &[], "vWfF"),
    piece(6, 7, "Soldier", &[], "K"),
    demo(
        0,
        -9,
        "Castling",
        &["The King and Rook swing around each other"],
        &[
            (0, 9, ""),
            (1, 9, "BlackKing"),
            (2, 9, "BlackRook"),
            (4, 9, ""),
        ],
    ),
    demo(
        1,
        9,
        "Castling",
        &["The King and Rook swing around each other"],
        &[
            (1, 9, ""),
            (3, 9, "BlackKing"),
            (4, 9, "BlackRook"),
            (5, 9, ""),
        ],
    ),
    piece(4, -9, "Castling", &["Click on Rook to see how"], "isO3").black(),
    piece(5, 9, "Castling", &["Click on Rook to see how"], "isO2").black(),
    demo(
        8,
        9,
        "Castling",
        &["The King and Rook swing around each other"],
        &[
            (5, 9, ""),
            (6, 9, "BlackRook"),
            (7, 9, "BlackKing"),
            (8, 9, ""),
        ],
    ),
    demo(
        9,
        -9,
        "Castling",
        &["The King and Rook swing around each other"],
        &[
            (4, 9, ""),
            (6, 9, "BlackRook"),
            (7, 9, "BlackKing"),
            (9, 9, ""),
        ],
    ),
];

pub const CWDA: &[Entry] = &[
    demo(
        1,
        0,
        "Castling",
        &[
            "King and corner piece swing around each other",
            "King goes to b1, to keep its partner on same color!",
        ],
        &[
            (1, 0, ""),
            (2, 0, "WhiteKing"),
            (3, 0, "WhiteCrownedBishop"),
            (5, 0, ""),
        ],
    ),
    piece(
        5,
        0,
        "Castling with color-bound corner piece",
        &["Click on a corner piece to see how"],
        "ilO3irO2",
    ),
    demo(
        8,
        0,
        "Castling",
        &["King and corner piece swing around each other"],
        &[
            (5, 0, ""),
            (6, 0, "WhiteCrownedBishop"),
            (7, 0, "WhiteKing"),
            (8, 0, ""),
        ],
    ),
    piece(
        -2,
        1,
        "Pawn",
        &[
            "Different capture (red) and non-capture (green)",
            "Initial double-push non-capture can be blocked",
            "The black Pawn can e.p. capture to the skipped square",
        ],
        "mfWcfFimfW2",
    ),
    demo(
        1,
        3,
        "en-passant capture",
        &[
            "A Pawn that just made a double-push past you",
            "is caught by its tail",
        ],
        &[(1, 3, ""), (2, 2, "BlackPawn"), (2, 3, "")],
    ),
    piece(
        2,
        3,
        "Pawn",
        &["Different capture (red) and non-capture (green)"],
        "mfWcfF",
    ),
    piece(3, 3, "Horse", &[], "FbbNffN"),
    piece(4, 3, "Unicorn", &[], "fhNbsK"),
    piece(5, 3, "Colonel", &[], "fRsRKfhN"),
    piece(6, 3, "Turret", &[], "bKfsR"),
    piece(3, 4, "Elephant", &[], "WA").black(),
    piece(4, 4, "Leaping Bishop", &["Color bound"], "BD").black(),
    piece(5, 4, "Archbishop", &[], "BN").black(),
    piece(6, 4, "Clobberer", &["Color bound"], "FAD").black(),
    piece(3, 5, "Short Rook", &["Slides upto 4 squares"], "R4"),
    piece(4, 5, "Half-Duck", &[], "HFD"),
    piece(5, 5, "Marshall", &[], "RN"),
    piece(6, 5, "Woody", &[], "WD"),
    piece(3, 6, "Rook", &[], "R").black(),
    piece(4, 6, "Knight", &[], "N").black(),
    piece(5, 6, "Queen", &[], "Q").black(),
    piece(6, 6, "Bishop", &[], "B").black(),
    piece(7, 6, "King", &[], "K"),
    demo(
        1,
        9,
        "Castling",
        &["King and corner piece swing around each other"],
        &[
            (1, 9, ""),
            (3, 9, "BlackKing"),
            (4, 9, "BlackRook"),
            (5, 9, ""),
        ],
    ),
    piece(
        5,
        9,
        "Castling",
        &["Click on a corner piece to see how"],
        "isO2",
    )
    .black(),
    demo(
        8,
        9,
        "Castling",
        &["King and corner piece swing around each other"],
        &[
            (5, 9, ""),
            (6, 9, "BlackRook"),
            (7, 9, "BlackKing"),
            (8, 9, ""),
        ],
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_cuts_agree_with_str_splits() {
        let texts = [
            "",
            "/",
            "a/b",
            "sym/x/BlackKing.png",
            "no-slash",
            "x/",
            "/x",
            "é/ü",
            "sq3x6",
            "1,2,3",
        ];
        for text in texts {
            let last = text.rsplit('/').next().unwrap_or(text);
            assert_eq!(after_last(text, b'/'), last, "{text}");
            assert_eq!(split_at(text, b','), text.split_once(','), "{text}");
            assert_eq!(split_at(text, b'x'), text.split_once('x'), "{text}");
        }
    }

    #[test]
    fn codes_are_unique_and_strings_parse() {
        for script in Script::ALL {
            let entries = script.entries();
            for (i, e) in entries.iter().enumerate() {
                assert!(
                    entries[..i].iter().all(|o| o.code != e.code),
                    "{:?} {:?} twice",
                    script,
                    e.code
                );
                if let Shows::Piece { betza, .. } = e.shows {
                    crate::engine::betza::parse(betza)
                        .unwrap_or_else(|err| panic!("{}: {err}", e.name));
                }
            }
        }
    }

    #[test]
    fn scripts_are_found_by_name() {
        assert_eq!(Script::from_name("chu.js"), Some(Script::Chu));
        assert_eq!(Script::from_name("cwda"), Some(Script::Cwda));
        assert_eq!(Script::from_name("spartan.js"), Some(Script::Spartan));
        assert_eq!(Script::from_name("other.js"), None);
    }
}
