//! Fairy-Stockfish's built-in variants that definitions inherit from,
//! modelled in the file format itself (read from Fairy-Stockfish's
//! `variant.cpp`: its pieces, board, start position, double steps,
//! castling and promotion; the rules this reader does not model, such as
//! counting and game ends, are written where they were easy to name).
//!
//! ```
//! use glance::variant::builtin::{MODELLED, NOT_MODELLED};
//! assert!(MODELLED.contains(&"chess"));
//! assert!(NOT_MODELLED.iter().any(|(name, _)| *name == "janggi"));
//! ```

/// The names of the built-in variants modelled by [`TEXT`], in order.
pub const MODELLED: &[&str] = &[
    "chess",
    "crazyhouse",
    "3check",
    "kingofthehill",
    "racingkings",
    "giveaway",
    "antichess",
    "extinction",
    "nocheckatomic",
    "atomic",
    "placement",
    "pocketknight",
    "makruk",
    "gardner",
    "losalamos",
    "capablanca",
    "janus",
    "grand",
    "minishogi",
    "shogi",
    "gorogoro",
    "breakthrough",
    "ataxx",
    "snailtrail",
    "amazons",
    "xiangqi",
];

/// Built-in parents the reference `variants.ini` uses that are not
/// modelled, and why.
pub const NOT_MODELLED: &[(&str, &str)] = &[
    (
        "janggi",
        "palace diagonals and the cannon's rules are move generation of its own",
    ),
    ("flipello", "a drop game whose pieces never move"),
];

/// The modelled built-ins as a definition file (its line numbers are
/// reported as line 0 of the child's file: a built-in is no line of it).
pub const TEXT: &str = "\
[chess]
pawn = p
knight = n
bishop = b
rook = r
queen = q
king = k
promotionPieceTypes = nbrq
pieceToCharTable = PNBRQ................Kpnbrq................k

[crazyhouse:chess]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1
pieceDrops = true
capturesToHand = true

[3check:chess]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1
checkCounting = true

[kingofthehill:chess]
flagPiece = k
flagRegionWhite = d4 e4 d5 e5
flagRegionBlack = d4 e4 d5 e5

[racingkings:chess]
startFen = 8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1
flagPiece = k
flagRegionWhite = *8
flagRegionBlack = *8
flagMove = true
castling = false
checking = false

[giveaway:chess]
king = -
commoner = k
castlingKingPiece = k
promotionPieceTypes = nbrqk
stalemateValue = win
extinctionValue = win
extinctionPieceTypes = *
mustCapture = true

[antichess:giveaway]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1
castling = false

[extinction:chess]
king = -
commoner = k
castlingKingPiece = k
promotionPieceTypes = nbrqk
extinctionValue = loss
extinctionPieceTypes = kqrbnp

[nocheckatomic:chess]
king = -
commoner = k
castlingKingPiece = k
extinctionValue = loss
extinctionPieceTypes = k
blastOnCapture = true

[atomic:nocheckatomic]
extinctionPseudoRoyal = true

[placement:chess]
startFen = 8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1
mustDrop = true
pieceDrops = true
dropRegionWhite = *1
dropRegionBlack = *8
castlingDroppedPiece = true

[pocketknight:chess]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1
pieceDrops = true
pocketSize = 2

[makruk:chess]
pieceToCharTable = PN.R.M....SKpn.r.m....sk
bishop = -
queen = -
silver = s
fers = m
startFen = rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1
promotionRegionWhite = *6 *7 *8
promotionRegionBlack = *3 *2 *1
promotionPieceTypes = m
doubleStep = false
castling = false
nMoveRule = 0
countingRule = makruk

[gardner:chess]
maxRank = 5
maxFile = 5
startFen = rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1
promotionRegionWhite = *5
promotionRegionBlack = *1
doubleStep = false
castling = false

[losalamos:chess]
pieceToCharTable = PN.RQ................Kpn.rq................k
maxRank = 6
maxFile = 6
bishop = -
startFen = rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1
promotionRegionWhite = *6
promotionRegionBlack = *1
promotionPieceTypes = qrn
doubleStep = false
castling = false

[capablanca:chess]
pieceToCharTable = PNBRQ..AC............Kpnbrq..ac............k
maxFile = 10
castlingKingsideFile = i
castlingQueensideFile = c
archbishop = a
chancellor = c
startFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1
promotionPieceTypes = acqrbn

[janus:chess]
pieceToCharTable = PNBRQ............J...Kpnbrq............j...k
maxFile = 10
castlingKingsideFile = i
castlingQueensideFile = b
archbishop = j
startFen = rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1
promotionPieceTypes = jqrbn

[grand:chess]
pieceToCharTable = PNBRQ..AC............Kpnbrq..ac............k
maxRank = 10
maxFile = 10
archbishop = a
chancellor = c
startFen = r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1
promotionPieceTypes = acqrbn
promotionRegionWhite = *8 *9 *10
promotionRegionBlack = *3 *2 *1
promotionLimit = a:1 c:1 q:1 r:2 b:2 n:2
mandatoryPawnPromotion = false
immobilityIllegal = true
doubleStepRegionWhite = *3
doubleStepRegionBlack = *8
castling = false

[minishogi]
variantTemplate = shogi
pieceToCharTable = P.BR.S...G.+.++.+Kp.br.s...g.+.++.+k
maxRank = 5
maxFile = 5
shogiPawn = p
silver = s
gold = g
bishop = b
dragonHorse = h
rook = r
bers = d
king = k
startFen = rbsgk/4p/5/P4/KGSBR[-] w 0 1
pieceDrops = true
capturesToHand = true
promotionRegionWhite = *5
promotionRegionBlack = *1
doubleStep = false
castling = false
promotedPieceType = p:g s:g b:h r:d
dropNoDoubled = p
immobilityIllegal = true
shogiPawnDropMateIllegal = true
stalemateValue = loss
nFoldRule = 4
nMoveRule = 0
perpetualCheckIllegal = true
pocketSize = 5
nFoldValue = loss
nFoldValueAbsolute = true

[shogi:minishogi]
maxRank = 9
maxFile = 9
lance = l
shogiKnight = n
startFen = lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1
promotionRegionWhite = *7 *8 *9
promotionRegionBlack = *3 *2 *1
promotedPieceType = p:g s:g b:h r:d l:g n:g

[gorogoro:minishogi]
pieceToCharTable = P....S...G.+....+Kp....s...g.+....+k
pocketSize = 3
maxRank = 6
maxFile = 5
startFen = sgkgs/5/1ppp1/1PPP1/5/SGKGS[-] w 0 1
promotionRegionWhite = *5 *6
promotionRegionBlack = *2 *1

[breakthrough]
pieceToCharTable = P.................p.................
breakthrough = p
startFen = pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1
doubleStep = false
castling = false
stalemateValue = loss
flagPiece = p
flagRegionWhite = *8
flagRegionBlack = *1

[ataxx]
pieceToCharTable = P.................p.................
maxRank = 7
maxFile = 7
customPiece1 = p:mDmNmA
startFen = P5p/7/7/7/7/7/p5P w 0 1
pieceDrops = true
doubleStep = false
castling = false
stalemateValue = loss
enclosingDrop = ataxx
flipEnclosedPieces = ataxx

[snailtrail]
maxRank = 7
maxFile = 7
customPiece1 = p:mK
startFen = 6p/7/7/7/7/7/P6 w - - 0 1
stalemateValue = loss
wallingRule = past

[amazons]
pieceToCharTable = ....Q.....................q.................
maxRank = 10
maxFile = 10
customPiece1 = q:mQ
startFen = 3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1
stalemateValue = loss
wallingRule = arrow

[xiangqi]
variantTemplate = xiangqi
pieceToCharTable = PN.R.AB..K.C..........pn.r.ab..k.c..........
maxRank = 10
maxFile = 9
rook = r
horse = n
king = k:W
cannon = c
soldier = p
elephant = b
fers = a
startFen = rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1
mobilityRegionWhiteKing = d1 e1 f1 d2 e2 f2 d3 e3 f3
mobilityRegionBlackKing = d8 e8 f8 d9 e9 f9 d10 e10 f10
mobilityRegionWhiteFers = d1 e1 f1 d2 e2 f2 d3 e3 f3
mobilityRegionBlackFers = d8 e8 f8 d9 e9 f9 d10 e10 f10
mobilityRegionWhiteElephant = *1 *2 *3 *4 *5
mobilityRegionBlackElephant = *6 *7 *8 *9 *10
soldierPromotionRank = 6
doubleStep = false
castling = false
stalemateValue = loss
perpetualCheckIllegal = true
flyingGeneral = true
chasingRule = axf
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_modelled_builtin_reads_in_order() {
        let sections = crate::variant::ini::sections(TEXT, "builtin").unwrap();
        let names: alloc::vec::Vec<&str> = sections.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, MODELLED);
        for v in crate::variant::read_each(TEXT, "builtin") {
            let v = v.unwrap();
            assert!(!v.pieces.is_empty(), "{}", v.name);
            assert!(!v.start.is_empty(), "{}", v.name);
        }
    }
}
