"""A Forum position as data: every field, copying, equality and the saved JSON.

The rules that change a position live in one module per area of ``RULES.md`` (``movement``,
``social``, ``trade``, ``build``, ``fate``, ``money``, ``victory``, ...); ``ForumState`` in
``state`` binds them as the methods of the game contract.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final, Self

from alea.core.errors import RecordError
from alea.core.game import CHANCE, TERMINAL, Action, CachedLegalState, handover
from alea.core.positions import StagedState, cloner
from alea.games.forum.actions import action_from_json
from alea.games.forum.cards import FAMILY_DAUGHTERS, FAMILY_SONS, FATE_CARDS
from alea.games.forum.constants import (
    END_CAP,
    N_MARKETS,
    N_SPACES,
    OVER,
    REGION,
    REGION_SIZE,
    ROME,
    SETUP,
)

if TYPE_CHECKING:
    from alea.games.forum.table import ForumTable


class ForumPosition(CachedLegalState, StagedState):
    """A position of Forum: the board, the ladders, the hands and whose decision is next."""

    label = "Forum"
    final_stage = OVER
    cap_reason = END_CAP  # FOR-9.3
    score_fields: ClassVar[dict[str, str]] = {
        "prestige": "prestige",
        "money": "money",
        "benefactions": "gifts",
        "horrea": "horrea_count",
    }
    __slots__ = (
        "_hist",
        "_hlen",
        "_legal",
        "actor",
        "agents",
        "arrival",
        "banked",
        "benefactions",
        "blocked",
        "bonus",
        "contests",
        "daughters",
        "deal_left",
        "deck_daughters",
        "deck_sons",
        "end_reason",
        "fate_card",
        "fate_deck",
        "first",
        "game",
        "gifts",
        "horrea",
        "horrea_count",
        "income",
        "local",
        "marriages",
        "money",
        "moved",
        "n",
        "opts",
        "order",
        "pending",
        "player",
        "pos",
        "praefect",
        "praefect_turns",
        "prestige",
        "proposal",
        "queue",
        "region_horrea",
        "senator",
        "seq",
        "sons",
        "stage",
        "turn",
        "winners",
    )

    def __init__(self, game: ForumTable) -> None:
        self.game = game
        o = game.opts
        self.opts = o
        n = game.num_players
        self.n = n
        self.money = [o.start_money] * n  # FOR-1.3: each family's money in $, below 0 in debt
        self.prestige = [0] * n  # prestige points per family (FOR-9)
        # $1000 marks already turned to prestige (FOR-8.1)
        self.banked = [max(0, o.start_money) // 1000] * n
        self.senator = [False] * n  # holds a senator's seat from a fate card (FOR-7)
        # market per agent slot, -1 off the board
        self.agents = [[ROME] + [-1] * (o.agents - 1) for _ in range(n)]
        # per agent slot: the ``seq`` stamp of its arrival
        self.arrival = [[0] * o.agents for _ in range(n)]
        self.moved = [0] * n  # bit mask of the agent slots that stepped this turn (FOR-3.2)
        self.seq = 1  # next arrival stamp: who came first to a market (FOR-3.5)
        self.horrea = [0] * N_MARKETS  # per market: bit mask of the seats with a horreum there
        self.horrea_count = [0] * n  # horrea each family has on the board (derived from ``horrea``)
        # per family and region: horrea (derived)
        self.region_horrea = [[0] * len(REGION_SIZE) for _ in range(n)]
        # per market: the seat married into its aristocracy, or -1 (FOR-4.3)
        self.local = [-1] * N_MARKETS
        # alliances (FOR-4.6): (lower seat, higher seat, the seat that paid, dowry $)
        self.marriages: list[tuple[int, int, int, int]] = []
        if o.ruleset == "complete":  # FOR-1.4
            self.sons = [1] * n
            self.daughters = [1] * n
            self.deal_left = 0  # family cards still to deal at setup
        else:
            self.sons = [0] * n
            self.daughters = [0] * n
            self.deal_left = o.family_cards * n  # family cards still to deal at setup
        self.deck_sons = FAMILY_SONS  # sons left in the family deck
        self.deck_daughters = FAMILY_DAUGHTERS  # daughters left in the family deck
        # per benefaction space: the seat that gave it, or -1 (FOR-6.5)
        self.benefactions = [-1] * N_SPACES
        self.gifts = [0] * n  # benefactions each family has given
        self.fate_deck = list(range(1, FATE_CARDS + 1))  # FOR-1.5: card numbers left to draw
        self.fate_card = 0  # the fate card in play this turn, 0 for none
        self.bonus = [0] * n  # $ added to each family's next trade by fate cards
        # per family: the market that pays it nothing at the next trade, or -1
        self.blocked = [-1] * n
        self.praefect = -1  # the seat holding the grain prefecture (FOR-7.11), or -1
        self.praefect_turns = 0  # trades the prefecture still pays
        self.income = [0] * n  # $ each family earned at the last trade
        # seat -> (market, rival) it may oust this turn
        self.contests: dict[int, tuple[int, int]] = {}
        # an open proposal (FOR-4.5):
        # (proposer, partner, proposer gives a son, dowry $, whether it is a counter-offer)
        self.proposal: tuple[int, int, bool, int, bool] | None = None
        # a die awaited for an oust or a destroy: (market, attacker, defender, roll needed)
        self.pending: tuple[int, int, int, int] | None = None
        self.queue: list[int] = []  # seats still to answer the fate card, in order
        self.stage = SETUP  # the step of the turn, one of the stage constants
        self.player = CHANCE  # seat to decide, CHANCE or TERMINAL
        self.actor = -1  # the seat a pending die or card concerns, or -1
        self.order: tuple[int, ...] = tuple(range(n))  # this turn's seat order (FOR-2.3)
        self.pos = 0  # index into ``order`` of the seat whose phase action is next
        self.turn = 0  # turns begun, from 1
        self.first = -1  # the seat that won the first-player roll (FOR-1.6)
        self.winners: list[int] = []  # seats that won, once the game is over
        self.end_reason = ""  # why the game ended: END_PRESTIGE or END_CAP
        self._hist: tuple[Any, ...] | None = None
        self._hlen = 0
        self._legal: list[Action] | None = None

    clone = cloner(
        shared=(
            "game", "opts", "n", "seq", "deal_left", "deck_sons", "deck_daughters", "fate_card",
            "praefect", "praefect_turns", "proposal", "pending", "stage", "player", "actor",
            "order", "pos", "turn", "first", "end_reason", "_hist", "_hlen", "_legal",
        ),
        copied=(
            "money", "prestige", "banked", "senator", "moved", "horrea", "horrea_count", "local",
            "marriages", "sons", "daughters", "benefactions", "gifts", "fate_deck", "bonus",
            "blocked", "income", "contests", "queue", "winners",
        ),
        nested=("agents", "arrival", "region_horrea"),
    )  # fmt: skip

    _FIELDS: Final = (
        "money",
        "prestige",
        "banked",
        "senator",
        "agents",
        "arrival",
        "moved",
        "seq",
        "horrea",
        "local",
        "sons",
        "daughters",
        "deal_left",
        "deck_sons",
        "deck_daughters",
        "benefactions",
        "gifts",
        "fate_deck",
        "fate_card",
        "bonus",
        "blocked",
        "praefect",
        "praefect_turns",
        "income",
        "queue",
        "stage",
        "player",
        "actor",
        "pos",
        "turn",
        "first",
        "winners",
        "end_reason",
    )

    _KEYED: Final = (*_FIELDS, "marriages", "contests", "proposal", "pending", "order", "_hlen")
    """What makes the position: the saved fields, the deals in progress and the turn order."""

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f) for f in self._KEYED)

    def _write(self) -> dict[str, Any]:
        """The saved fields, the deals in progress and the turn order."""
        d: dict[str, Any] = {}
        for f in self._FIELDS:
            v = getattr(self, f)
            d[f] = (
                [x.copy() for x in v]
                if f in ("agents", "arrival")
                else (v.copy() if isinstance(v, list) else v)
            )
        d["marriages"] = [list(m) for m in self.marriages]
        d["contests"] = sorted([p, m, q] for p, (m, q) in self.contests.items())
        d["proposal"] = None if self.proposal is None else list(self.proposal)
        d["pending"] = None if self.pending is None else list(self.pending)
        d["order"] = list(self.order)
        return d

    @classmethod
    def from_json(cls, game: ForumTable, d: Any) -> Self:
        """Rebuild a state, checking shapes; bad data raises ``RecordError``."""
        with cls.loading(game, d) as s:
            for f in cls._FIELDS:
                v = d[f]
                ref = getattr(s, f)
                if isinstance(ref, list) and (
                    not isinstance(v, list)
                    or (f not in ("fate_deck", "queue", "winners") and len(v) != len(ref))
                ):
                    raise ValueError(f"{f} has the wrong shape")
                _like(f, ref, v)
                setattr(s, f, v)
            _check_ranges(s)
            s.marriages = [(int(a), int(b), int(c), int(e)) for a, b, c, e in d["marriages"]]
            s.contests = {int(p): (int(m), int(q)) for p, m, q in d["contests"]}
            prop = d["proposal"]
            s.proposal = (
                None
                if prop is None
                else (int(prop[0]), int(prop[1]), bool(prop[2]), int(prop[3]), bool(prop[4]))
            )
            pend = d["pending"]
            s.pending = (
                None if pend is None else (int(pend[0]), int(pend[1]), int(pend[2]), int(pend[3]))
            )
            s.order = tuple(int(x) for x in d["order"])
            s.load_history(d["history"], action_from_json)
        if not 0 <= s.stage <= OVER or not isinstance(s.stage, int):
            raise RecordError(f"saved position has an unknown stage {s.stage!r}")
        s.horrea_count = [sum(h >> p & 1 for h in s.horrea) for p in range(s.n)]
        s.region_horrea = [[0] * len(REGION_SIZE) for _ in range(s.n)]
        for m, h in enumerate(s.horrea):
            for p in range(s.n):
                if h >> p & 1 and REGION[m] >= 0:
                    s.region_horrea[p][REGION[m]] += 1
        return s

    # -- phase hand-overs, bound by ForumState to the rule modules ---------------------------

    _begin_turn = handover("Start a turn (FOR-2.1), or end the game at the turn cap.")
    _end_turn = handover("End the turn: check for a winner (FOR-9), then start the next.")
    _begin_social = handover("Start the social phase (FOR-4.1).")
    _begin_build = handover("Start the build phase (FOR-6.1).")
    _begin_fate = handover("Start the fate phase (FOR-7.1).")


def _like(field: str, ref: Any, v: Any) -> None:
    """Raise ``ValueError`` unless saved ``v`` has the type and shape of a fresh state's ``ref``."""
    if isinstance(ref, list):
        inner = ref[0] if ref else 0
        for x in v:
            if isinstance(inner, list) and (not isinstance(x, list) or len(x) != len(inner)):
                raise ValueError(f"{field} has the wrong shape")
            _like(field, inner, x)
    elif type(v) is not type(ref):
        raise ValueError(f"{field} holds {v!r}, not a {type(ref).__name__}")


def _check_ranges(s: ForumPosition) -> None:
    """Raise ``ValueError`` for saved markets, seats, cards or counts out of range."""
    n = s.n
    seats = range(n)
    checks = (
        ("agents", [m for a in s.agents for m in a], range(-1, N_MARKETS)),
        ("horrea", s.horrea, range(1 << n)),
        ("local", s.local, range(-1, n)),
        ("blocked", s.blocked, range(-1, N_MARKETS)),
        ("children", [*s.sons, *s.daughters, s.deck_sons, s.deck_daughters], range(1 << 16)),
        ("benefactions", s.benefactions, range(-1, n)),
        ("fate_deck", s.fate_deck, range(1, FATE_CARDS + 1)),
        ("fate_card", [s.fate_card], range(FATE_CARDS + 1)),
        ("queue", [*s.queue, *s.winners], seats),
        ("actor", [s.actor, s.first], range(-1, n)),
        ("stage", [s.stage], range(OVER + 1)),
        ("player", [s.player], [CHANCE, TERMINAL, *seats]),
    )
    for name, values, allowed in checks:
        for v in values:
            if v not in allowed:
                raise ValueError(f"{name} holds {v!r}, out of range")
    if len(set(s.fate_deck)) != len(s.fate_deck):
        raise ValueError("fate_deck holds a card twice")
