"""One page's claims, the probes that check them, and the tally.

`Page` is the probes of every rule family (one mixin per module of this
package) over the bookkeeping they share: each probe checks the claims of
one `data-rule` group, counts a claim checked (`ok`, `bad`) or says why it
was not probed (`skip`). `PROBES` says which claims start which probe and
which claims it answers; a claim no probe answers is counted "no probe
written"."""

import collections
import time

import pyffish as sf

from .about import ABOUT_KEYS, AboutProbes
from .blasts import BlastProbes
from .castling import CastlingProbes
from .checks import CheckProbes
from .counting import CountingProbes
from .drop_mate import DropMateProbes
from .drops import DropProbes
from .drops_more import DropMoreProbes
from .extinction import ExtinctionProbes
from .fen import Fen, letter
from .flag_moves import FlagMoveProbes
from .gating import GatingProbes
from .goals import GoalProbes
from .immobility import ImmobilityProbes
from .king_rules import KingRuleProbes
from .mate import MateProbes
from .material import MaterialProbes
from .move_rule import MoveRuleProbes
from .overrides import OverrideProbes
from .palace import PalaceProbes
from .passing import PassProbes
from .pawn_steps import InitialRegionProbes, PawnStepProbes
from .positions import Positions
from .promotion import PromotionProbes
from .repetition import RepetitionProbes
from .stalemates import StalemateProbes
from .special import SpecialProbes
from .start import StartProbes
from .walls import WallProbes
from .zone_words import zone_words_wrong


# Each probe: the claims that start it (any of them in a group), the
# method, and the claims of the group it answers (a set, or a function of
# the group). In this order: the probes share a page's cache.
PROBES = [
    (("fsf:firstMove", "fsf:checksWhite", "fsf:checksBlack", "fsf:hand"), "probe_start",
     {"fsf:firstMove", "fsf:checksWhite", "fsf:checksBlack", "fsf:hand"}),
    (("nFoldRule",), "probe_repetition", {"nFoldRule", "nFoldValue", "nFoldValueAbsolute"}),
    (("perpetualCheckIllegal",), "probe_perpetual", {"perpetualCheckIllegal"}),
    (("chasingRule",), "probe_chasing", {"chasingRule"}),
    (("nMoveRule",), "probe_nmove", {"nMoveRule", "nMoveRuleTypesWhite", "nMoveRuleTypesBlack"}),
    (("fsf:promotionResets",), "probe_promotion_resets", {"fsf:promotionResets"}),
    (("castling",), "probe_castling", set),
    (("pieceDrops",), "probe_drops", {"pieceDrops", "dropRegionWhite", "dropRegionBlack"}),
    (("fsf:freeDrops",), "probe_free_drops", {"fsf:freeDrops"}),
    # (A piece's promotion claims its side's region beside its
    # promotedPieceType: the probe below reads it; this one only where
    # the group also claims a pawn's choices.)
    (lambda g: ("promotionPieceTypesWhite", "promotionPieceTypesBlack") if "promotedPieceType" in g else
     ("promotionPieceTypesWhite", "promotionRegionWhite", "promotionPieceTypesBlack", "promotionRegionBlack"),
     "probe_promotion",
     {"promotionRegionWhite", "promotionPieceTypesWhite", "promotionRegionBlack", "promotionPieceTypesBlack",
      "mandatoryPawnPromotion", "promotionPawnTypesWhite", "promotionPawnTypesBlack"}),
    (("firstRankPawnDrops", "promotionZonePawnDrops", "dropNoDoubled", "dropNoDoubledCount"), "probe_pawn_drops",
     {"firstRankPawnDrops", "promotionZonePawnDrops", "dropNoDoubled", "dropNoDoubledCount"}),
    (("flagRegionWhite", "flagRegionBlack"), "probe_flag",
     {"flagRegionWhite", "flagRegionBlack", "flagPieceWhite", "flagPieceBlack", "flagMove", "flagPieceSafe",
      "flagPieceCount", "flagPieceBlockedWin"}),
    (("promotedPieceType",), "probe_piece_promotion",
     {"promotedPieceType", "mandatoryPiecePromotion", "piecePromotionOnCapture", "promotionRegionWhite",
      "promotionRegionBlack"}),
    (("doubleStep",), "probe_double_step",
     {"doubleStep", "doubleStepRegionWhite", "doubleStepRegionBlack", "tripleStepRegionWhite",
      "tripleStepRegionBlack"}),
    # (A piece's remark on where it makes its initial moves claims the
    # regions without doubleStep where it is not the built-in pawn.)
    (lambda g: () if "doubleStep" in g else ("doubleStepRegionWhite", "doubleStepRegionBlack"),
     "probe_initial_region", lambda g: set() if "doubleStep" in g else {"doubleStepRegionWhite", "doubleStepRegionBlack"}),
    (("fsf:enPassant", "enPassantRegionWhite", "enPassantRegionBlack"), "probe_en_passant",
     {"fsf:enPassant", "enPassantRegionWhite", "enPassantRegionBlack"}),
    # (blastOnCapture beside capturesToHand: every piece a blast removes
    # goes to a hand too.)
    (("capturesToHand", "dropLoop"), "probe_hand_captures", {"capturesToHand", "dropLoop", "blastOnCapture"}),
    (("mustCapture",), "probe_must_capture", {"mustCapture"}),
    (("connectNxN", "collinearN", "connectRegion1White", "connectRegion1Black"), "probe_shapes",
     {"connectNxN", "collinearN", "connectRegion1White", "connectRegion2White", "connectRegion1Black",
      "connectRegion2Black", "connectValue", "connectPieceTypes", "connectHorizontal", "connectVertical",
      "connectDiagonal"}),
    (("connectN",), "probe_connect",
     {"connectN", "connectValue", "connectHorizontal", "connectVertical", "connectDiagonal"}),
    (("immobilityIllegal",), "probe_immobility", {"immobilityIllegal"}),
    (("makpongRule",), "probe_makpong", {"makpongRule"}),
    (("promotionLimit",), "probe_promotion_limit", {"promotionLimit"}),
    (("sittuyinPromotion",), "probe_sittuyin_stalemate", {"sittuyinPromotion"}),
    (("flyingGeneral",), "probe_flying_general", {"flyingGeneral"}),
    (("passWhite", "passBlack"), "probe_pass", {"passWhite", "passBlack", "wallOrMove"}),
    (("diagonalLines",), "probe_diagonal_lines", {"diagonalLines"}),
    (("materialCounting",), "probe_material", {"materialCounting", "fsf:janggiPoints"}),
    (("adjudicateFullBoard",), "probe_full_board", {"adjudicateFullBoard"}),
    (("shogiPawnDropMateIllegal",), "probe_drop_mate", {"shogiPawnDropMateIllegal"}),
    (("fsf:blastSpared",), "probe_blast", {"blastOnCapture", "blastImmuneTypes", "fsf:blastSpared"}),
    # The pseudo-royal probe answers the extinction types and count where
    # no extinctionValue is claimed beside them (the extinction probe
    # answers them otherwise).
    (("extinctionPseudoRoyal",), "probe_pseudo_royal",
     lambda g: {"extinctionPseudoRoyal", "dupleCheck", "fsf:blastKingsAdjacent"}
     | (set() if "extinctionValue" in g else {"extinctionPieceTypes", "extinctionPieceCount"})),
    (("extinctionValue",), "probe_extinction",
     {"extinctionValue", "extinctionPieceTypes", "extinctionPieceCount", "extinctionOpponentPieceCount",
      "extinctionClaim"}),
    (("gating",), "probe_gating", {"gating", "seirawanGating", "cambodianMoves"}),
    (("king",), "probe_royal", {"king"}),
    (("soldierPromotionRank",), "probe_soldier_rank", {"soldierPromotionRank"}),
    (lambda g: [k for k in g if k.startswith("mobilityRegion")], "probe_regions",
     lambda g: {k for k in g if k.startswith("mobilityRegion")}),
    (("wallingRule",), "probe_walls", {"wallingRule", "wallOrMove", "wallingRegionWhite", "wallingRegionBlack"}),
    (("fsf:wallBlocks",), "probe_wall_blocks", {"fsf:wallBlocks"}),
    (("fsf:castlingRights",), "probe_castling_rights", {"fsf:castlingRights"}),
    (("fsf:wallInCheck",), "probe_wall_in_check", {"fsf:wallInCheck"}),
    (("dropPromoted",), "probe_drop_promoted", {"dropPromoted"}),
    (("pieceDemotion",), "probe_demotion", {"pieceDemotion"}),
    (("checkCounting",), "probe_check_counting", {"checkCounting"}),
    (("mustDrop",), "probe_must_drop", {"mustDrop", "mustDropType"}),
    (("enclosingDrop", "enclosingDropStart"), "probe_enclosing", {"enclosingDrop", "enclosingDropStart"}),
    (("flipEnclosedPieces",), "probe_flip", {"flipEnclosedPieces"}),
    (("stalematePieceCount",), "probe_piece_count", {"stalematePieceCount", "stalemateValue"}),
    (("passOnStalemateWhite", "passOnStalemateBlack"), "probe_pass_on_stalemate",
     {"passOnStalemateWhite", "passOnStalemateBlack"}),
    (("checkmateValue",), "probe_checkmate", {"checkmateValue"}),
    (("stalemateValue",), "probe_stalemate", {"stalemateValue"}),
    (("countingRule", "fsf:countingLimits"), "probe_counting", {"countingRule", "fsf:countingLimits"}),
    (("dropChecks",), "probe_drop_checks", {"dropChecks"}),
    (("castlingWins",), "probe_castling_wins", {"castlingWins"}),
    (("sittuyinRookDrop",), "probe_sittuyin_rook_drop", {"sittuyinRookDrop"}),
    (("dropOppositeColoredBishop",), "probe_opposite_bishops", {"dropOppositeColoredBishop"}),
    (("mutuallyImmuneTypes",), "probe_mutual_immunity", {"mutuallyImmuneTypes"}),
    (("petrifyOnCaptureTypes",), "probe_petrify", {"petrifyOnCaptureTypes"}),
    (("bikjangRule",), "probe_bikjang", {"bikjangRule"}),
    (("shatarMateRule",), "probe_shatar_mate", {"shatarMateRule"}),
    (("moveRepetitionIllegal",), "probe_move_repetition", {"moveRepetitionIllegal"}),
    (ABOUT_KEYS, "probe_about", set(ABOUT_KEYS)),
]


class Page(Positions, StartProbes, RepetitionProbes, MoveRuleProbes, CastlingProbes, DropProbes,
           PromotionProbes, PawnStepProbes, InitialRegionProbes, MateProbes, ExtinctionProbes, GoalProbes, ImmobilityProbes,
           PassProbes, BlastProbes, MaterialProbes, DropMateProbes, WallProbes,
           StalemateProbes, DropMoreProbes, CheckProbes, OverrideProbes, GatingProbes, AboutProbes,
           CountingProbes, SpecialProbes, KingRuleProbes, PalaceProbes, FlagMoveProbes):
    """A page's claims (its `data-rule` groups) and what pyffish's play
    made of each."""

    def __init__(self, name, variant, groups):
        self.name = name
        self.v = variant
        self.groups = groups
        self.claims = {}
        for g in groups:
            for k, val in g.items():
                self.claims.setdefault(k, val)
        self.raw_start = sf.start_fen(variant)
        # pyffish's own writing of it (fields it leaves out filled in)
        self.start = sf.get_fen(variant, self.raw_start, [])
        self.royal = self.royal_letters()
        self.ends = {}  # in check -> (a position with no legal move, or None, why)
        self.cache = {}  # a probe's key -> its result (a claim repeated on several items)
        self.legal_seen = {}  # (fen, moves) -> pyffish's legal moves there
        self.replays = {}  # (probe, a group's claims) -> what it found
        self.disagreements = []
        self.checked = collections.Counter()
        self.unprobed = collections.defaultdict(collections.Counter)
        self.reading = 0
        self.seconds = collections.Counter()  # probe -> time spent in it
        self.words_checked = 0  # elements whose zone words were read against their claims

    # bookkeeping
    def skip_rest(self, g, keys, why):
        for k in keys:
            if k in g:
                self.skip(k, why)

    def ok(self, key):
        self.checked[key] += 1

    def bad(self, key, value, what):
        self.checked[key] += 1
        self.disagreements.append("%s: %s=%s: %s" % (self.name, key, value, what))

    def ok_rest(self, g, keys):
        """Each of KEYS the group claims, checked and agreeing."""
        for k in keys:
            if k in g:
                self.ok(k)

    def bad_rest(self, g, keys, what):
        """Each of KEYS the group claims, checked and disagreeing."""
        for k in keys:
            if k in g:
                self.bad(k, g[k], what)

    def skip(self, key, why):
        self.unprobed[key][why] += 1

    def royal_letters(self):
        """Letters whose removal from the start position (board and hand:
        Sittuyin's Kings start in hand) makes it invalid (the royal
        pieces)."""
        b = Fen(self.start)
        found = set()
        in_hand = {c.lower() for c in (b.pocket or "") if c.isalpha()}
        for l in sorted({letter(t) for _, t in b.pieces()} | in_hand):
            c = Fen(self.start)
            c.no_castling()
            for s, t in c.pieces():
                if letter(t) == l:
                    c.set(s, None)
            if c.pocket:
                c.pocket = "".join(x for x in c.pocket if x.lower() != l)
            if not self.valid(c.text()):
                found.add(l)
        self.has_royal = bool(found)
        return found or {"k"}

    def legal(self, fen, moves=()):
        """pyffish's legal moves (a new list), asked once per position: a
        call costs milliseconds on a large board, and the probes ask
        again for positions they build alike (a piece alone on a square)."""
        key = (fen, tuple(moves))
        known = self.legal_seen.get(key)
        if known is None:
            known = self.legal_seen[key] = tuple(sf.legal_moves(self.v, fen, list(moves)))
        return list(known)

    def valid(self, fen):
        try:
            return sf.validate_fen(fen, self.v) == sf.FEN_OK
        except Exception:
            return False

    def opt_end(self, fen, moves=(), need_legal=True):
        moves = list(moves)
        end, value = sf.is_optional_game_end(self.v, fen, moves)
        if end:
            return True, value
        end, value = sf.is_immediate_game_end(self.v, fen, moves)
        if end:
            return True, value
        if need_legal and not self.legal(fen, moves):
            return True, sf.game_result(self.v, fen, moves)
        return False, 0

    # -- run
    def run_probe(self, probe, g):
        """PROBE on group G; a group claiming exactly what an earlier one
        claimed (the same remark on six pieces) gets the earlier verdicts
        again, counted again, without playing it all out again."""
        # (A claim of several pawn types is probed with the piece whose
        # row holds it: the same words on another pawn's row play again.)
        pawns = "promotionPawnTypesWhite" in g or "promotionPawnTypesBlack" in g
        key = (probe, tuple(sorted(g.items())), g.piece if pawns else None)
        if key in self.replays:
            checked, disagreements, unprobed = self.replays[key]
        else:
            before = (collections.Counter(self.checked), len(self.disagreements),
                      {k: collections.Counter(v) for k, v in self.unprobed.items()})
            getattr(self, probe)(g)
            checked = self.checked - before[0]
            disagreements = self.disagreements[before[1]:]
            unprobed = {k: v - before[2].get(k, collections.Counter()) for k, v in self.unprobed.items()}
            self.replays[key] = (checked, disagreements, unprobed)
            return
        self.checked.update(checked)
        self.disagreements.extend(disagreements)
        for k, v in unprobed.items():
            self.unprobed[k].update(v)

    def run(self):
        self.reading = sum(len(g) for g in self.groups)
        board = Fen(self.start)
        for g in self.groups:
            # (The zone the words say, against the region the element
            # claims, which the promotion probes play: rules/zone_words.py.)
            if "on reaching" in g.text:
                self.words_checked += 1
                wrong = zone_words_wrong(" ".join(g.text.split()), g, board.width, board.height)
                if wrong:
                    self.disagreements.append("%s: words: %s" % (self.name, wrong))
            handled = set()
            for starts, probe, answers in PROBES:
                if any(k in g for k in (starts(g) if callable(starts) else starts)):
                    t0 = time.perf_counter()
                    self.run_probe(probe, g)
                    self.seconds[probe] += time.perf_counter() - t0
                    handled |= answers(g) if callable(answers) else set(answers)
            for k in g:
                if k not in handled:
                    self.skip(k, "no probe written")
        return self
