"""Forum's rules: a position and every transition, rule ids as in ``RULES.md``.

A turn runs six phases (FOR-2.1); each player acts once per phase, in turn order from the
turn's start player (FOR-2.2). Phases without decisions (trade, conversion) happen inside
``apply_action`` as soon as the phase before them ends. A player with nothing to choose in a
phase is skipped, so every decision offered is a real one.
"""

from __future__ import annotations

import random
from collections import deque
from typing import TYPE_CHECKING, Any, Final

from alea.core.errors import IllegalActionError, RecordError
from alea.core.game import CHANCE, TERMINAL, Action, CachedLegalState, unwind
from alea.games.forum.actions import (
    GENTES,
    PRICES,
    Build,
    Counter,
    Decide,
    Destroy,
    Dismiss,
    Divorce,
    Draw,
    Family,
    FirstPlayer,
    Give,
    MarryLocal,
    Move,
    Propose,
    Roll,
    action_from_json,
    space_name,
)
from alea.games.forum.board import BOARD, MarketType
from alea.games.forum.cards import FAMILY_DAUGHTERS, FAMILY_SONS, FATE, FATE_CARDS

if TYPE_CHECKING:
    from alea.games.forum.game import ForumGame

N_MARKETS: Final = len(BOARD.markets)
ROME: Final = BOARD.rome
NB: Final = BOARD.neighbours
DIST: Final = tuple(m.distance for m in BOARD.markets)
PROFIT: Final = tuple(m.profit for m in BOARD.markets)
BOOST: Final = tuple(BOARD.trade_boost.get(d, 0) if d else 0 for d in DIST)
EXOTIC: Final = tuple(i for i, m in enumerate(BOARD.markets) if m.type is MarketType.EXOTIC)
IS_EXOTIC: Final = tuple(m.type is MarketType.EXOTIC for m in BOARD.markets)
REGION: Final = tuple(
    -1 if m.region is None else BOARD.regions.index(m.region) for m in BOARD.markets
)
REGION_SIZE: Final = tuple(len(BOARD.region_markets(r)) for r in BOARD.regions)
N_KINDS: Final = len(BOARD.benefactions)
GIVING_BANDS: Final = tuple(b for b in BOARD.bands if b.cost is not None)
N_SPACES: Final = len(GIVING_BANDS) * N_KINDS
CARDS: Final = {c.id: c for c in FATE}
MARKET_NAMES: Final = tuple(m.name for m in BOARD.markets)
SPACE_NAMES: Final = tuple(space_name(s) for s in range(N_SPACES))
_SEATS_OF: Final = tuple(tuple(p for p in range(4) if h >> p & 1) for h in range(16))
"""The seats whose bits are set in a horrea mask."""

SETUP, DEAL, ENTER, MOVE, SOCIAL, RESPOND, REPLY, OUST = range(8)
BUILD, DESTROY, GIVE, FATE_DRAW, FATE_CHOICE, FATE_ROLL, BIRTH, OVER = range(8, 16)
STAGE_NAMES: Final = (
    "setup",
    "deal",
    "enter",
    "move",
    "social",
    "respond",
    "reply",
    "oust",
    "build",
    "destroy",
    "give",
    "fate",
    "fate_choice",
    "fate_roll",
    "birth",
    "over",
)
STAGE_TEXT: Final = {
    "setup": "rolling for the first player",
    "deal": "dealing family cards",
    "enter": "rolling for a new agent in Rome (4+)",
    "move": "1. move agents: each agent may take one step",
    "social": "2. social intrigue: marry, propose an alliance, divorce, or pass",
    "respond": "2. social intrigue: answer a marriage proposal",
    "reply": "2. social intrigue: answer the counter-offer",
    "oust": "2. social intrigue: rolling to oust",
    "build": "4. build or destroy a horreum, or pass",
    "destroy": "4. rolling to destroy a horreum",
    "give": "4. give a benefaction, or pass",
    "fate": "5. drawing a fate card",
    "fate_choice": "5. answering the fate card",
    "fate_roll": "5. rolling for the fate card",
    "birth": "5. drawing a family card",
    "over": "game over",
}
END_PRESTIGE: Final = "prestige"
END_CAP: Final = "cap"


def region_prestige(count: int, size: int) -> int:
    """Prestige a player holds from ``count`` horrea in a region of ``size`` markets (FOR-6.3)."""
    if count <= 0:
        return 0
    return 1 + count // 5 + (2 if count >= size else 0)


def debt_units(money: int) -> int:
    """Hundreds borrowed when holding ``money`` (FOR-8.2)."""
    return (-money + 99) // 100 if money < 0 else 0


def band_of(prestige: int) -> int:
    """Index of the giving band that ``prestige`` lies in, or -1 (FOR-6.5)."""
    for i, b in enumerate(GIVING_BANDS):
        if b.low <= prestige <= b.high:
            return i
    return -1


def _intern() -> tuple[dict[tuple[int, int, int], Move], dict[tuple[int, str], Decide]]:
    moves = {}
    for p in range(len(GENTES)):
        for a in range(N_MARKETS):
            for b in NB[a]:
                moves[p, a, b] = Move(p, a, b)
    verbs = ("done", "pass", "accept", "decline", "pay", "refuse")
    decide = {(p, v): Decide(p, v) for p in range(len(GENTES)) for v in verbs}
    return moves, decide


_MOVE, _DECIDE = _intern()
_SEATS: Final = range(len(GENTES))
_MARRY: Final = {
    (p, m, son): MarryLocal(p, m, son)
    for p in _SEATS
    for m in range(N_MARKETS)
    for son in (True, False)
}
_PROPOSE: Final = {
    (p, q, son, x): Propose(p, q, son, x)
    for p in _SEATS
    for q in _SEATS
    for son in (True, False)
    for x in PRICES
}
_BUILD: Final = {(p, m): Build(p, m) for p in _SEATS for m in range(N_MARKETS)}
_DESTROY: Final = {
    (p, m, q): Destroy(p, m, q) for p in _SEATS for m in range(N_MARKETS) for q in _SEATS
}
_GIVE: Final = {(p, s): Give(p, s) for p in _SEATS for s in range(N_SPACES)}
_ROLLS: Final = tuple(Roll(v) for v in range(1, 7))
_DRAWS: Final = {c: Draw(c) for c in range(1, FATE_CARDS + 1)}


class ForumState(CachedLegalState):
    """A position of Forum: the board, the ladders, the hands and whose decision is next."""

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
        "hcount",
        "horrea",
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
        "rcount",
        "senator",
        "seq",
        "sons",
        "stage",
        "turn",
        "winners",
    )

    def __init__(self, game: ForumGame) -> None:
        self.game = game
        o = game.opts
        self.opts = o
        n = game.num_players
        self.n = n
        self.money = [o.start_money] * n  # FOR-1.3
        self.prestige = [0] * n
        self.banked = [max(0, o.start_money) // 1000] * n
        self.senator = [False] * n
        self.agents = [[ROME] + [-1] * (o.agents - 1) for _ in range(n)]
        self.arrival = [[0] * o.agents for _ in range(n)]
        self.moved = [0] * n
        self.seq = 1
        self.horrea = [0] * N_MARKETS
        self.hcount = [0] * n
        self.rcount = [[0] * len(REGION_SIZE) for _ in range(n)]
        self.local = [-1] * N_MARKETS
        self.marriages: list[tuple[int, int, int, int]] = []
        if o.ruleset == "complete":  # FOR-1.4
            self.sons = [1] * n
            self.daughters = [1] * n
            self.deal_left = 0
        else:
            self.sons = [0] * n
            self.daughters = [0] * n
            self.deal_left = o.family_cards * n
        self.deck_sons = FAMILY_SONS
        self.deck_daughters = FAMILY_DAUGHTERS
        self.benefactions = [-1] * N_SPACES
        self.gifts = [0] * n
        self.fate_deck = list(range(1, FATE_CARDS + 1))  # FOR-1.5
        self.fate_card = 0
        self.bonus = [0] * n
        self.blocked = [-1] * n
        self.praefect = -1
        self.praefect_turns = 0
        self.income = [0] * n
        self.contests: dict[int, tuple[int, int]] = {}
        self.proposal: tuple[int, int, bool, int, bool] | None = None
        self.pending: tuple[int, int, int, int] | None = None
        self.queue: list[int] = []
        self.stage = SETUP
        self.player = CHANCE
        self.actor = -1
        self.order: tuple[int, ...] = tuple(range(n))
        self.pos = 0
        self.turn = 0
        self.first = -1
        self.winners: list[int] = []
        self.end_reason = ""
        self._hist: tuple[Any, ...] | None = None
        self._hlen = 0
        self._legal: list[Action] | None = None

    # -- contract ------------------------------------------------------------------------------

    def current_player(self) -> int:
        """Seat to move, ``CHANCE`` or ``TERMINAL``."""
        return self.player

    def is_chance_node(self) -> bool:
        """Whether a die, a deal or a draw comes next."""
        return self.player == CHANCE

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.stage == OVER

    def clone(self) -> ForumState:
        """An independent copy (history is shared immutably)."""
        c = ForumState.__new__(ForumState)
        c.game = self.game
        c.opts = self.opts
        c.n = self.n
        c.money = self.money.copy()
        c.prestige = self.prestige.copy()
        c.banked = self.banked.copy()
        c.senator = self.senator.copy()
        c.agents = [a.copy() for a in self.agents]
        c.arrival = [a.copy() for a in self.arrival]
        c.moved = self.moved.copy()
        c.seq = self.seq
        c.horrea = self.horrea.copy()
        c.hcount = self.hcount.copy()
        c.rcount = [r.copy() for r in self.rcount]
        c.local = self.local.copy()
        c.marriages = self.marriages.copy()
        c.sons = self.sons.copy()
        c.daughters = self.daughters.copy()
        c.deal_left = self.deal_left
        c.deck_sons = self.deck_sons
        c.deck_daughters = self.deck_daughters
        c.benefactions = self.benefactions.copy()
        c.gifts = self.gifts.copy()
        c.fate_deck = self.fate_deck.copy()
        c.fate_card = self.fate_card
        c.bonus = self.bonus.copy()
        c.blocked = self.blocked.copy()
        c.praefect = self.praefect
        c.praefect_turns = self.praefect_turns
        c.income = self.income.copy()
        c.contests = self.contests.copy()
        c.proposal = self.proposal
        c.pending = self.pending
        c.queue = self.queue.copy()
        c.stage = self.stage
        c.player = self.player
        c.actor = self.actor
        c.order = self.order
        c.pos = self.pos
        c.turn = self.turn
        c.first = self.first
        c.winners = self.winners.copy()
        c.end_reason = self.end_reason
        c._hist = self._hist
        c._hlen = self._hlen
        c._legal = self._legal
        return c

    # -- queries -------------------------------------------------------------------------------

    def spouses(self, p: int) -> list[int]:
        """Players allied to ``p`` by marriage (FOR-4.6)."""
        out = []
        for a, b, _, _ in self.marriages:
            if a == p:
                out.append(b)
            elif b == p:
                out.append(a)
        return out

    def married(self, p: int, q: int) -> bool:
        """Whether ``p`` and ``q`` are allied by marriage."""
        lo, hi = (p, q) if p < q else (q, p)
        return any(a == lo and b == hi for a, b, _, _ in self.marriages)

    def can_afford(self, p: int, amount: int) -> bool:
        """Whether ``p`` may spend ``amount`` now, borrowing against prestige (FOR-8.2)."""
        money = self.money[p]
        if money >= amount:
            return True
        need = debt_units(money - amount) - debt_units(money)
        return 0 < need <= self.prestige[p] or need == 0

    def reserve(self, p: int) -> int:
        """Agents of ``p`` off the board."""
        return self.agents[p].count(-1)

    def present(self, p: int, m: int) -> bool:
        """Whether an agent of ``p`` or of a spouse stands in ``m`` (FOR-5.3)."""
        if m in self.agents[p]:
            return True
        return any(m in self.agents[q] for q in self.spouses(p)) if self.marriages else False

    def chain(self, p: int) -> set[int]:
        """Markets linked to Rome by an unbroken run of ``p``'s horrea (FOR-5.4)."""
        bit = 1 << p
        h = self.horrea
        if not h[ROME] & bit:
            return set()
        seen = {ROME}
        todo = [ROME]
        while todo:
            here = todo.pop()
            for nb in NB[here]:
                if nb not in seen and h[nb] & bit:
                    seen.add(nb)
                    todo.append(nb)
        return seen

    def market_income(self, p: int, m: int, chain: set[int] | None = None) -> int:
        """What ``p``'s horreum in ``m`` earns at trade now (FOR-5.1-5.4), blocks aside."""
        h = self.horrea[m]
        value = PROFIT[m][h.bit_count() - 1]
        if m == ROME:
            return value
        if IS_EXOTIC[m]:
            if chain is None:
                chain = self.chain(p)
            if m in chain:
                return value + BOOST[m]
        if self.present(p, m) and self.present(p, ROME):
            if self.opts.ruleset == "complete" and not self.horrea[ROME] & (1 << p):
                return value
            return value + BOOST[m]
        return value

    def trade_income(self, p: int) -> dict[int, int]:
        """Each market's contribution to ``p``'s next trade, blocked markets at 0 (FOR-5)."""
        bit = 1 << p
        chain = self.chain(p)
        out = {}
        for m in range(N_MARKETS):
            if self.horrea[m] & bit:
                out[m] = 0 if self.blocked[p] == m else self.market_income(p, m, chain)
        return out

    def trade_total(self, p: int) -> int:
        """All ``p`` would earn at a trade now, fate bonuses included."""
        return self.trade_totals()[p]

    def trade_totals(self) -> list[int]:
        """What every player would earn at a trade now (FOR-5), in one pass over the board.

        The same sums as ``trade_income`` with the fate bonuses, computed once for all players:
        the trade phase and every observation need them.
        """
        n = self.n
        own = [set(a) for a in self.agents]
        if self.marriages:
            seen = [own[p].union(*(own[q] for q in self.spouses(p))) for p in range(n)]
        else:
            seen = own
        horrea = self.horrea
        complete = self.opts.ruleset == "complete"
        rome_ok = [
            ROME in seen[p] and (not complete or bool(horrea[ROME] >> p & 1)) for p in range(n)
        ]
        totals = self.bonus.copy()
        if self.praefect >= 0 and self.praefect_turns > 0:
            totals[self.praefect] += CARDS[27].amount
        chains: list[set[int] | None] = [None] * n
        blocked = self.blocked
        for m, h in enumerate(horrea):
            if not h:
                continue
            base = PROFIT[m][h.bit_count() - 1]
            for p in _SEATS_OF[h]:
                if blocked[p] == m:
                    continue
                value = base
                if m != ROME:
                    boosted = rome_ok[p] and m in seen[p]
                    if not boosted and IS_EXOTIC[m]:
                        chain = chains[p]
                        if chain is None:
                            chain = chains[p] = self.chain(p)
                        boosted = m in chain
                    if boosted:
                        value += BOOST[m]
                totals[p] += value
        return totals

    def contest_of(self, p: int) -> int:
        """The market where ``p``'s agent arrived second onto another player's, or -1."""
        for slot, m in enumerate(self.agents[p]):
            if m < 0 or m == ROME:
                continue
            mine = self.arrival[p][slot]
            for q in range(self.n):
                if q != p and m in self.agents[q]:
                    theirs = self.arrival[q][self.agents[q].index(m)]
                    if theirs < mine:
                        return m
        return -1

    def _occupants(self, m: int) -> list[int]:
        return [q for q in range(self.n) if m in self.agents[q]]

    def _need(self, attacker: int, defender: int, m: int) -> int:
        """The roll an attack in ``m`` needs (FOR-4.2, FOR-4.4, FOR-6.4)."""
        o = self.opts
        if self.local[m] == attacker:
            return o.ally_roll
        if self.local[m] == defender:
            return o.shield_roll
        return o.contest_roll

    # -- legal actions -------------------------------------------------------------------------

    def _legal_actions(self) -> list[Action]:
        p = self.player
        if p < 0:
            return []
        stage = self.stage
        if stage == MOVE:
            out = self._moves(p)
            if self.agents[p].count(ROME) <= 1 or not any(
                isinstance(a, Move) and a.src == ROME for a in out
            ):
                out.append(_DECIDE[p, "done"])
            return out
        if stage == SOCIAL:
            return self._social(p)
        if stage == RESPOND:
            return self._respond(p)
        if stage == REPLY:
            return [_DECIDE[p, "accept"], _DECIDE[p, "decline"]]
        if stage == BUILD:
            out = self._builds(p)
            out.append(_DECIDE[p, "pass"])
            return out
        if stage == GIVE:
            out = self._gifts(p)
            out.append(_DECIDE[p, "pass"])
            return out
        if stage == FATE_CHOICE:
            return self._fate_choices(p)
        return []

    def _moves(self, p: int) -> list[Action]:
        """FOR-3.2-3.5: one step per agent, never onto one's own, at most one contest."""
        mine = self.agents[p]
        moved = self.moved[p]
        out: list[Action] = []
        occ = [0] * N_MARKETS
        for q in range(self.n):
            if q != p:
                for m in self.agents[q]:
                    if m >= 0:
                        occ[m] += 1
        contest_ok = -2
        seen = set()
        for slot, src in enumerate(mine):
            if src < 0 or moved >> slot & 1 or src in seen:
                continue
            seen.add(src)
            for to in NB[src]:
                if to in mine:
                    continue
                if to != ROME and occ[to]:
                    if occ[to] > 1:
                        continue
                    if contest_ok == -2:
                        contest_ok = int(
                            self.contest_of(p) < 0 and self.can_afford(p, self.opts.oust_cost)
                        )
                    if not contest_ok:
                        continue
                out.append(_MOVE[p, src, to])
        return out

    def _children(self, p: int) -> list[bool]:
        out = []
        if self.sons[p]:
            out.append(True)
        if self.daughters[p]:
            out.append(False)
        return out

    def _local_marriages(self, p: int) -> list[Action]:
        """FOR-4.3: where an agent stands, Rome included, no family married in yet."""
        kids = self._children(p)
        if not kids or not self.can_afford(p, self.opts.marry_cost):
            return []
        out: list[Action] = []
        for m in sorted(set(self.agents[p])):
            if m >= 0 and self.local[m] < 0:
                out.extend(_MARRY[p, m, son] for son in kids)
        return out

    def _social(self, p: int) -> list[Action]:
        out = self._local_marriages(p)
        kids = self._children(p)
        public = self.opts.ruleset == "complete"
        for q in range(self.n):
            if q == p or self.married(p, q):
                continue
            for son in kids:
                if public and not (self.daughters[q] if son else self.sons[q]):
                    continue
                out.extend(
                    _PROPOSE[p, q, son, price] for price in PRICES if self.can_afford(p, price)
                )
        out.extend(Divorce(p, q) for q in sorted(self.spouses(p)))
        out.append(_DECIDE[p, "pass"])
        return out

    def _respond(self, p: int) -> list[Action]:
        prop = self.proposal
        assert prop is not None  # the respond stage always has a proposal
        proposer, _, _, price, _ = prop
        out: list[Action] = [_DECIDE[p, "accept"], _DECIDE[p, "decline"]]
        out.extend(Counter(p, x) for x in PRICES if x > price and self.can_afford(proposer, x))
        return out

    def _builds(self, p: int) -> list[Action]:
        """FOR-6.2, FOR-6.4: build or destroy where an agent stands."""
        o = self.opts
        out: list[Action] = []
        bit = 1 << p
        may_build = self.hcount[p] < o.horrea and self.can_afford(p, o.build_cost)
        may_destroy = self.can_afford(p, o.destroy_cost)
        for m in sorted(x for x in set(self.agents[p]) if x >= 0):
            h = self.horrea[m]
            if may_build and not h & bit:
                out.append(_BUILD[p, m])
            if may_destroy:
                out.extend(_DESTROY[p, m, q] for q in range(self.n) if q != p and h >> q & 1)
        return out

    def _gifts(self, p: int) -> list[Action]:
        """FOR-6.5: the free spaces of the player's current band, if affordable."""
        band = band_of(self.prestige[p])
        if band < 0:
            return []
        cost = GIVING_BANDS[band].cost
        assert cost is not None
        if not self.can_afford(p, cost):
            return []
        first = band * N_KINDS
        return [_GIVE[p, s] for s in range(first, first + N_KINDS) if self.benefactions[s] < 0]

    def _fate_choices(self, p: int) -> list[Action]:
        card = CARDS[self.fate_card]
        if card.kind in ("sponsor", "vow"):
            return [_DECIDE[p, "pay"], _DECIDE[p, "refuse"]]
        if card.kind == "mores":
            out = self._local_marriages(p)
            out.append(_DECIDE[p, "refuse"])
            return out
        if card.kind == "patron":
            out = [_DECIDE[p, "pay"]]
            out.extend(Dismiss(p, m) for m in sorted(set(self.agents[p])) if m >= 0)
            return out
        return []

    # -- chance --------------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """Exact outcomes of the pending die, deal or draw."""
        if self.player != CHANCE:
            return []
        stage = self.stage
        if stage == SETUP:
            return [(FirstPlayer(s), 1 / self.n) for s in range(self.n)]
        if stage in (DEAL, BIRTH):
            if self.opts.ruleset == "complete":
                return [(Family(self.actor, True), 0.5), (Family(self.actor, False), 0.5)]
            total = self.deck_sons + self.deck_daughters
            out: list[tuple[Action, float]] = []
            if self.deck_sons:
                out.append((Family(self.actor, True), self.deck_sons / total))
            if self.deck_daughters:
                out.append((Family(self.actor, False), self.deck_daughters / total))
            return out
        if stage == FATE_DRAW:
            k = len(self.fate_deck)
            return [(_DRAWS[c], 1 / k) for c in self.fate_deck]
        return [(r, 1 / 6) for r in _ROLLS]

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw the pending chance outcome with its exact probabilities."""
        stage = self.stage
        r = rng.random()
        if stage in (ENTER, OUST, DESTROY, FATE_ROLL):
            return _ROLLS[int(r * 6)]
        if stage == FATE_DRAW:
            return _DRAWS[self.fate_deck[int(r * len(self.fate_deck))]]
        if stage == SETUP:
            return FirstPlayer(int(r * self.n))
        if stage in (DEAL, BIRTH):
            if self.opts.ruleset == "complete":
                return Family(self.actor, r < 0.5)
            total = self.deck_sons + self.deck_daughters
            return Family(self.actor, r * total < self.deck_sons)
        raise IllegalActionError("no chance event is pending: a player decides now", "FOR-2.2")

    # -- applying actions ----------------------------------------------------------------------

    def apply_action(self, action: Action) -> None:
        """Apply ``action``; an illegal one raises ``IllegalActionError`` and changes nothing."""
        if self.stage == OVER:
            raise IllegalActionError("the game is over", "FOR-9.1")
        if self.player == CHANCE:
            self._apply_chance(action)
        else:
            self._apply_decision(action)
        self._hist = (action, self._hist)
        self._hlen += 1
        self._legal = None

    def _apply_chance(self, a: Action) -> None:
        stage = self.stage
        t = type(a)
        if t is Roll and stage in (ENTER, OUST, DESTROY, FATE_ROLL):
            value: int = a.value  # type: ignore[attr-defined]
            if not 1 <= value <= 6:
                raise IllegalActionError(f"a die cannot show {value}", "FOR-2.2")
            if stage == ENTER:
                self._resolve_enter(value)
            elif stage == OUST:
                self._resolve_oust(value)
            elif stage == DESTROY:
                self._resolve_destroy(value)
            else:
                self._resolve_election(value)
            return
        if t is Draw and stage == FATE_DRAW:
            card: int = a.card  # type: ignore[attr-defined]
            if card not in self.fate_deck:
                raise IllegalActionError(f"fate card {card} is not in the deck", "FOR-7.1")
            self.fate_deck.remove(card)
            self.fate_card = card
            self._resolve_card(CARDS[card])
            return
        if t is Family and stage in (DEAL, BIRTH):
            seat: int = a.seat  # type: ignore[attr-defined]
            son: bool = a.son  # type: ignore[attr-defined]
            if seat != self.actor:
                raise IllegalActionError(
                    f"the {GENTES[self.actor]} draw now, not the {GENTES[seat]}", "FOR-1.4"
                )
            if self.opts.ruleset != "complete" and not (
                self.deck_sons if son else self.deck_daughters
            ):
                raise IllegalActionError("the family deck holds no such card", "FOR-1.4")
            self._take_child(seat, son)
            if stage == DEAL:
                self.deal_left -= 1
                self._deal_next()
            else:
                self.queue.pop(0)
                self._fate_next()
            return
        if t is FirstPlayer and stage == SETUP:
            seat = a.seat  # type: ignore[attr-defined]
            if not 0 <= seat < self.n:
                raise IllegalActionError(f"there is no seat {seat}", "FOR-1.6")
            self.first = seat
            if self.opts.order_money:  # FOR-1.7: the early families' compensation
                for k in range(self.n):
                    p = (seat + k) % self.n
                    self.money[p] += (self.n - 1 - k) * self.opts.order_money
                    self.banked[p] = max(0, self.money[p]) // 1000
            self._deal_next()
            return
        raise IllegalActionError(f"{a} is not the chance event pending now", "FOR-2.2")

    def _apply_decision(self, a: Action) -> None:
        p = self.player
        seat = getattr(a, "seat", -2)
        if seat != p:
            if seat == -2:
                raise IllegalActionError(
                    f"{a}: no chance event is pending, it is the {GENTES[p]}' decision now",
                    "FOR-2.2",
                )
            who = f"the {GENTES[seat]}'" if 0 <= seat < self.n else f"seat {seat}"
            raise IllegalActionError(
                f"{a}: it is the {GENTES[p]}' decision now, not {who}", "FOR-2.2"
            )
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        if a not in legal:
            why, rule = self._why_illegal(a)
            raise IllegalActionError(f"{self.action_to_string(a)}: {why}", rule)
        stage = self.stage
        t = type(a)
        if stage == MOVE:
            if t is Move:
                self._do_move(a)  # type: ignore[arg-type]
            else:
                self._next_mover()
        elif stage == SOCIAL:
            self._do_social(a)
        elif stage in (RESPOND, REPLY):
            self._do_answer(a)
        elif stage == BUILD:
            self._do_build(a)
        elif stage == GIVE:
            if t is Give:
                self._give(p, a.space)  # type: ignore[attr-defined]
            self.pos += 1
            self._build_next()
        else:
            self._do_fate_choice(a)

    def _why_illegal(self, a: Action) -> tuple[str, str]:
        """Explain, with the rule, why ``a`` is not among the legal actions."""
        p = self.player
        stage = STAGE_NAMES[self.stage]
        t = type(a)
        o = self.opts
        if t is Move and self.stage == MOVE:
            m: Move = a  # type: ignore[assignment]
            if not 0 <= m.src < N_MARKETS or m.src not in self.agents[p]:
                where = BOARD.markets[m.src].name if 0 <= m.src < N_MARKETS else "no market"
                return f"no agent of theirs stands in {where}", "FOR-3.2"
            if m.to not in NB[m.src]:
                return "the two markets are not linked", "FOR-3.2"
            if m.to in self.agents[p]:
                if m.to == ROME:
                    return "a player may have only one agent in Rome", "FOR-3.3"
                return "two agents of one player never share a market", "FOR-3.4"
            slots = [i for i, x in enumerate(self.agents[p]) if x == m.src]
            if all(self.moved[p] >> i & 1 for i in slots):
                return "that agent has already moved this turn", "FOR-3.2"
            return (
                "a player may contest only one market a turn, must afford the $"
                f"{o.oust_cost} to oust, and cannot join two agents already there",
                "FOR-3.5",
            )
        if t is Decide and self.stage == MOVE and a.verb == "done":  # type: ignore[attr-defined]
            return "a second agent in Rome must move out first", "FOR-3.3"
        if t in (MarryLocal, Propose, Divorce) and self.stage == SOCIAL:
            if t is MarryLocal:
                return (
                    f"needs an agent there, a child, ${o.marry_cost}, "
                    "and no family married in before",
                    "FOR-4.3",
                )
            if t is Propose:
                return (
                    "needs a child of the offered sex, no marriage between the two already, "
                    "and the price in hand",
                    "FOR-4.5",
                )
            return "they are not married", "FOR-4.7"
        if t is Counter and self.stage == REPLY:
            return "one counter-offer only: the proposer accepts or declines it", "FOR-4.5"
        if t is Counter and self.stage == RESPOND:
            return "a counter-offer must ask more than the offer, within the proposer's means", (
                "FOR-4.5"
            )
        if t in (Build, Destroy) and self.stage == BUILD:
            if t is Build:
                return (
                    f"needs an agent there, no horreum of theirs there, ${o.build_cost}, "
                    f"and a token left of {o.horrea}",
                    "FOR-6.2",
                )
            return f"needs an agent there, that player's horreum, and ${o.destroy_cost}", (
                "FOR-6.4"
            )
        if t is Give and self.stage == GIVE:
            return "benefactions must be free, in the giver's band, and affordable", "FOR-6.5"
        return f"not a legal decision in the {stage} stage ({STAGE_TEXT[stage]})", "FOR-2.2"

    # -- phase 0: setup ------------------------------------------------------------------------

    def _deal_next(self) -> None:
        """FOR-1.4: deal family cards round the table, then start the first turn."""
        if self.deal_left > 0 and self.deck_sons + self.deck_daughters > 0:
            total = self.opts.family_cards * self.n
            self.stage = DEAL
            self.player = CHANCE
            self.actor = (total - self.deal_left) % self.n
            return
        self.deal_left = 0
        self._begin_turn()

    def _take_child(self, p: int, son: bool) -> None:
        if son:
            self.sons[p] += 1
            if self.opts.ruleset != "complete":
                self.deck_sons -= 1
        else:
            self.daughters[p] += 1
            if self.opts.ruleset != "complete":
                self.deck_daughters -= 1

    # -- turn and phase 1: movement ------------------------------------------------------------

    def _begin_turn(self) -> None:
        """FOR-2.3: the start player moves one seat left each turn."""
        self.turn += 1
        if self.turn > self.opts.max_turns:
            self.turn = self.opts.max_turns
            self._finish([], END_CAP)
            return
        start = (self.first + self.turn - 1) % self.n
        self.order = tuple((start + i) % self.n for i in range(self.n))
        self.moved = [0] * self.n
        self.fate_card = 0
        self.pos = 0
        self._move_next()

    def _move_next(self) -> None:
        while self.pos < self.n:
            p = self.order[self.pos]
            if self.reserve(p):
                self.stage = ENTER
                self.player = CHANCE
                self.actor = p
                return
            if self._moves(p):
                self.stage = MOVE
                self.player = p
                return
            self.pos += 1
        self._begin_social()

    def _resolve_enter(self, value: int) -> None:
        """FOR-3.1: on the entry roll or better a reserve agent enters Rome."""
        p = self.actor
        if value >= self.opts.enter_roll:
            slot = self.agents[p].index(-1)
            self.agents[p][slot] = ROME
            self.arrival[p][slot] = self.seq
            self.seq += 1
        if self._moves(p):
            self.stage = MOVE
            self.player = p
            return
        self._next_mover()

    def _do_move(self, a: Move) -> None:
        p = a.seat
        mine = self.agents[p]
        slot = next(i for i, x in enumerate(mine) if x == a.src and not self.moved[p] >> i & 1)
        mine[slot] = a.to
        self.moved[p] |= 1 << slot
        self.arrival[p][slot] = self.seq
        self.seq += 1
        if not self._moves(p):
            self._next_mover()

    def _next_mover(self) -> None:
        """FOR-3.3: a second agent that cannot leave Rome goes back to the reserve."""
        p = self.order[self.pos]
        mine = self.agents[p]
        if mine.count(ROME) > 1:
            slots = [i for i, m in enumerate(mine) if m == ROME]
            mine[max(slots, key=lambda i: self.arrival[p][i])] = -1
        self.pos += 1
        self._move_next()

    # -- phase 2: social intrigues -------------------------------------------------------------

    def _begin_social(self) -> None:
        """FOR-4.1: contests found now; each arriving player must oust as their intrigue."""
        self.contests = {}
        for p in range(self.n):
            m = self.contest_of(p)
            if m >= 0:
                defender = next(q for q in range(self.n) if q != p and m in self.agents[q])
                self.contests[p] = (m, defender)
        self.pos = 0
        self.stage = SOCIAL
        self._social_next()

    def _social_next(self) -> None:
        while self.pos < self.n:
            p = self.order[self.pos]
            if p in self.contests:
                m, d = self.contests.pop(p)
                if m in self.agents[p] and m in self.agents[d]:
                    self._start_oust(p, d, m)
                    return
            if len(self._social(p)) > 1:
                self.stage = SOCIAL
                self.player = p
                return
            self.pos += 1
        self._trade()
        self._begin_build()

    def _start_oust(self, p: int, d: int, m: int) -> None:
        """FOR-4.2: the arriving player pays and rolls; an oust of a spouse ends the marriage."""
        self._pay(p, self.opts.oust_cost)
        if self.married(p, d):
            self._divorce(p, d, p)  # FOR-4.8
        self.pending = (m, p, d, self._need(p, d, m))
        self.stage = OUST
        self.player = CHANCE
        self.actor = p

    def _resolve_oust(self, value: int) -> None:
        assert self.pending is not None
        m, p, d, need = self.pending
        loser = d if value >= need else p
        mine = self.agents[loser]
        mine[mine.index(m)] = -1
        self.pending = None
        self.pos += 1
        self._social_next()

    def _do_social(self, a: Action) -> None:
        p = self.player
        t = type(a)
        if t is MarryLocal:
            self._marry_local(a)  # type: ignore[arg-type]
        elif t is Propose:
            prop: Propose = a  # type: ignore[assignment]
            self.proposal = (p, prop.to, prop.son, prop.price, False)
            q = prop.to
            if self.daughters[q] if prop.son else self.sons[q]:
                self.stage = RESPOND
                self.player = q
                return
            self.proposal = None  # no matching child: the proposal falls through (FOR-4.5)
        elif t is Divorce:
            self._divorce(p, a.other, p)  # type: ignore[attr-defined]
        self.pos += 1
        self._social_next()

    def _marry_local(self, a: MarryLocal) -> None:
        """FOR-4.3: pay, give up the child, take the market's aristocracy and +1 prestige."""
        p = a.seat
        self._pay(p, self.opts.marry_cost)
        if a.son:
            self.sons[p] -= 1
        else:
            self.daughters[p] -= 1
        self.local[a.market] = p
        self._gain(p, 1)

    def _do_answer(self, a: Action) -> None:
        prop = self.proposal
        assert prop is not None
        proposer, q, son, price, _ = prop
        t = type(a)
        if t is Counter:
            self.proposal = (proposer, q, son, a.price, True)  # type: ignore[attr-defined]
            self.stage = REPLY
            self.player = proposer
            return
        if a.verb == "accept":  # type: ignore[attr-defined]
            self._wed(proposer, q, son, price)
        self.proposal = None
        self.stage = SOCIAL
        self.pos += 1
        self._social_next()

    def _wed(self, p: int, q: int, son: bool, price: int) -> None:
        """FOR-4.6: dowry paid, matching children given, +2 prestige to each."""
        self._pay(p, price)
        self.money[q] += price
        if son:
            self.sons[p] -= 1
            self.daughters[q] -= 1
        else:
            self.daughters[p] -= 1
            self.sons[q] -= 1
        lo, hi = (p, q) if p < q else (q, p)
        self.marriages.append((lo, hi, p, price))
        self.marriages.sort()
        self._gain(p, 2)
        self._gain(q, 2)

    def _divorce(self, p: int, q: int, initiator: int) -> None:
        """FOR-4.7/4.8: end the alliance with the ruleset's penalty."""
        lo, hi = (p, q) if p < q else (q, p)
        for i, (a, b, payer, price) in enumerate(self.marriages):
            if a == lo and b == hi:
                del self.marriages[i]
                if self.opts.ruleset == "complete":
                    self._gain(p, -2)
                    self._gain(q, -2)
                    receiver = hi if payer == lo else lo
                    self._pay(receiver, price)
                    self.money[payer] += price
                else:
                    self._gain(initiator, -2)
                return

    # -- phase 3: trade ------------------------------------------------------------------------

    def _trade(self) -> None:
        """FOR-5: every player's horrea pay out; fate bonuses and blocks are used up."""
        for p, total in enumerate(self.trade_totals()):
            self.income[p] = total
            self._earn(p, total)
        self.bonus = [0] * self.n
        self.blocked = [-1] * self.n
        if self.praefect_turns > 0:
            self.praefect_turns -= 1
            if not self.praefect_turns:
                self.praefect = -1

    # -- phase 4: build, destroy, benefactions -------------------------------------------------

    def _begin_build(self) -> None:
        self.pos = 0
        self._build_next()

    def _build_next(self) -> None:
        while self.pos < self.n:
            p = self.order[self.pos]
            if self._builds(p):
                self.stage = BUILD
                self.player = p
                return
            if self._gifts(p):
                self.stage = GIVE
                self.player = p
                return
            self.pos += 1
        self._begin_fate()

    def _after_build(self, p: int) -> None:
        """FOR-6.6: a benefaction may follow the build or destruction."""
        if self._gifts(p):
            self.stage = GIVE
            self.player = p
            return
        self.pos += 1
        self._build_next()

    def _do_build(self, a: Action) -> None:
        p = self.player
        t = type(a)
        if t is Build:
            self._pay(p, self.opts.build_cost)
            self._add_horreum(p, a.market)  # type: ignore[attr-defined]
        elif t is Destroy:
            d: Destroy = a  # type: ignore[assignment]
            self._pay(p, self.opts.destroy_cost)
            if self.married(p, d.victim):
                self._divorce(p, d.victim, p)  # FOR-4.8
            self.pending = (d.market, p, d.victim, self._need(p, d.victim, d.market))
            self.stage = DESTROY
            self.player = CHANCE
            self.actor = p
            return
        self._after_build(p)

    def _resolve_destroy(self, value: int) -> None:
        assert self.pending is not None
        m, p, victim, need = self.pending
        self.pending = None
        if value >= need and self.horrea[m] >> victim & 1:
            self._remove_horreum(victim, m)
        self._after_build(p)

    def _add_horreum(self, p: int, m: int) -> None:
        self.horrea[m] |= 1 << p
        self.hcount[p] += 1
        r = REGION[m]
        if r >= 0:
            old = self.rcount[p][r]
            self.rcount[p][r] = old + 1
            size = REGION_SIZE[r]
            self._gain(p, region_prestige(old + 1, size) - region_prestige(old, size))

    def _remove_horreum(self, p: int, m: int) -> None:
        self.horrea[m] &= ~(1 << p)
        self.hcount[p] -= 1
        r = REGION[m]
        if r >= 0:
            old = self.rcount[p][r]
            self.rcount[p][r] = old - 1
            size = REGION_SIZE[r]
            self._gain(p, region_prestige(old - 1, size) - region_prestige(old, size))

    def _give(self, p: int, space: int) -> None:
        """FOR-6.5: pay the band's price, mark the space, +1 prestige."""
        cost = GIVING_BANDS[space // N_KINDS].cost
        assert cost is not None
        self._pay(p, cost)
        self.benefactions[space] = p
        self.gifts[p] += 1
        self._gain(p, BOARD.benefaction_prestige)

    # -- phase 5: fate -------------------------------------------------------------------------

    def _begin_fate(self) -> None:
        """FOR-7.1: the start player draws; an empty deck is reshuffled first."""
        if not self.opts.fate:
            self._end_turn()
            return
        if not self.fate_deck:
            self.fate_deck = list(range(1, FATE_CARDS + 1))
        self.stage = FATE_DRAW
        self.player = CHANCE
        self.actor = self.order[0]

    def _resolve_card(self, card: Any) -> None:
        """Apply a fate card's immediate effect; queue the players who must answer it."""
        kind = card.kind
        n = self.n
        everyone = list(self.order)
        self.queue = []
        if kind == "fire":  # FOR-7.2
            for m in card.markets:
                for p in range(n):
                    if self.horrea[m] >> p & 1:
                        self._remove_horreum(p, m)
        elif kind in ("sponsor", "vow", "mores", "patron"):  # FOR-7.3, 7.19, 7.12, 7.20
            self.queue = everyone
        elif kind == "flood":  # FOR-7.4
            for p in range(n):
                income = self.trade_income(p)
                if income:
                    self.blocked[p] = max(income, key=lambda m: (income[m], -m))
        elif kind == "chain_bonus":  # FOR-7.5
            for p in range(n):
                if any(m in self.chain(p) for m in EXOTIC):
                    self._earn(p, card.amount)
        elif kind == "agents_lost":  # FOR-7.6
            for p in range(n):
                mine = self.agents[p]
                for i, m in enumerate(mine):
                    if m in card.markets:
                        mine[i] = -1
        elif kind == "census":  # FOR-7.7
            for p in range(n):
                rich = self.money[p] >= card.amount
                if rich and not self.senator[p]:
                    self.senator[p] = True
                    self._gain(p, 1)
                elif not rich and self.senator[p]:
                    self.senator[p] = False
                    self._gain(p, -1)
        elif kind == "harvest":  # FOR-7.8
            for p in range(n):
                if any(self.horrea[m] >> p & 1 for m in card.markets):
                    self.bonus[p] += card.amount
        elif kind == "shipwreck":  # FOR-7.9
            for p in range(n):
                k = sum(self.horrea[m] >> p & 1 for m in card.markets)
                if k:
                    self._pay(p, k * card.amount)
        elif kind == "governor":  # FOR-7.10
            for p in range(n):
                income = self.trade_income(p)
                if income:
                    far = max(income, key=lambda m: (DIST[m], income[m], -m))
                    if income[far] > 0:
                        self._pay(p, income[far])
        elif kind == "divorce":  # FOR-7.13
            parted = {p for a, b, _, _ in self.marriages for p in (a, b)}
            parted.update(p for p in self.local if p >= 0)
            for p in sorted(parted):
                self._gain(p, -card.prestige)
            self.marriages = []
            self.local = [-1] * N_MARKETS
        elif kind == "dispatch":  # FOR-7.14
            for p in range(n):
                if any(m in card.markets for m in self.agents[p]):
                    self.bonus[p] += card.amount
        elif kind == "wrong_candidate":  # FOR-7.16
            for p in range(n):
                self._gain(p, -card.prestige)
        elif kind == "birth":  # FOR-7.15
            self.queue = everyone
        elif kind == "snub":  # FOR-7.17
            top = max(self.money)
            for p in range(n):
                if self.money[p] == top:
                    self._gain(p, -card.prestige)
        elif kind == "elections":  # FOR-7.18
            self.queue = [p for p in everyone if p in self.local]
        elif kind == "praefect":  # FOR-7.11
            rome, *ports = card.markets
            able = [
                p
                for p in range(n)
                if self.horrea[rome] >> p & 1 and any(self.horrea[m] >> p & 1 for m in ports)
            ]
            if able:
                key = {p: (self.prestige[p], self.money[p]) for p in able}
                best = max(key.values())
                leaders = [p for p in able if key[p] == best]
                if len(leaders) == 1:
                    self.praefect = leaders[0]
                    self.praefect_turns = card.turns
        self._fate_next()

    def _fate_next(self) -> None:
        """Give each queued player their answer, die or draw in turn; then end the turn."""
        card = CARDS[self.fate_card]
        o = self.opts
        while self.queue:
            p = self.queue[0]
            kind = card.kind
            if kind == "birth":
                if o.ruleset == "complete" or self.deck_sons + self.deck_daughters:
                    self.stage = BIRTH
                    self.player = CHANCE
                    self.actor = p
                    return
            elif kind == "elections":
                self.stage = FATE_ROLL
                self.player = CHANCE
                self.actor = p
                return
            elif kind == "sponsor":
                if self.hcount[p] and self.can_afford(p, card.cost):
                    return self._ask(p)
            elif kind == "vow":
                if any(m >= 0 and IS_EXOTIC[m] for m in self.agents[p]) and self.can_afford(
                    p, card.cost
                ):
                    return self._ask(p)
            elif kind == "mores":
                if self._children(p):
                    if self._local_marriages(p):
                        return self._ask(p)
                    self._gain(p, -1)
            elif kind == "patron":
                if any(m >= 0 for m in self.agents[p]):
                    return self._ask(p)
                self._pay(p, card.cost)
            self.queue.pop(0)
        self._end_turn()

    def _ask(self, p: int) -> None:
        self.stage = FATE_CHOICE
        self.player = p

    def _do_fate_choice(self, a: Action) -> None:
        p = self.player
        card = CARDS[self.fate_card]
        t = type(a)
        if t is MarryLocal:
            self._marry_local(a)  # type: ignore[arg-type]
        elif t is Dismiss:
            mine = self.agents[p]
            mine[mine.index(a.market)] = -1  # type: ignore[attr-defined]
        elif a.verb == "pay":  # type: ignore[attr-defined]
            self._pay(p, card.cost)
            if card.kind in ("sponsor", "vow"):
                self._gain(p, 1)
        elif card.kind == "mores":
            self._gain(p, -1)
        self.queue.pop(0)
        self._fate_next()

    def _resolve_election(self, value: int) -> None:
        p = self.queue.pop(0)
        if value >= CARDS[self.fate_card].roll:
            self._gain(p, 1)
        self._fate_next()

    # -- phase 6: money into prestige, victory -------------------------------------------------

    def _end_turn(self) -> None:
        """FOR-8.1 then FOR-9.1: convert $1000 marks, then look for a consul."""
        for p in range(self.n):
            level = max(0, self.money[p]) // 1000
            if level != self.banked[p]:
                self._gain(p, level - self.banked[p])
                self.banked[p] = level
        able = self.consuls()
        if able:
            self._finish(able, END_PRESTIGE)
            return
        self._begin_turn()

    def consuls(self) -> list[int]:
        """FOR-9.1/9.2: who would win if the turn ended now ([] if no one has the prestige).

        Among the players at the winning prestige the most money wins, then the most
        prestige, then the most benefactions (``tie_break="prestige"`` puts prestige first);
        players equal on all three share the consulship.
        """
        able = [p for p in range(self.n) if self.prestige[p] >= self.opts.win_prestige]
        if len(able) < 2:
            return able
        money, prestige, gifts = self.money, self.prestige, self.gifts
        if self.opts.tie_break == "prestige":
            key = {p: (prestige[p], money[p], gifts[p]) for p in able}
        else:
            key = {p: (money[p], prestige[p], gifts[p]) for p in able}
        best = max(key.values())
        return [p for p in able if key[p] == best]

    def _finish(self, winners: list[int], reason: str) -> None:
        self.winners = winners
        self.end_reason = reason
        self.stage = OVER
        self.player = TERMINAL
        self.queue = []
        self.pending = None
        self.proposal = None

    # -- money and prestige --------------------------------------------------------------------

    def _gain(self, p: int, k: int) -> None:
        """FOR-8.3: prestige moves by ``k`` and never below zero."""
        v = self.prestige[p] + k
        self.prestige[p] = v if v > 0 else 0

    def _pay(self, p: int, amount: int) -> None:
        """FOR-8.2: spend, borrowing as needed; each new $100 of debt costs 1 prestige."""
        old = self.money[p]
        new = old - amount
        self.money[p] = new
        if new < 0:
            lost = debt_units(new) - debt_units(old)
            if lost > 0:
                self._gain(p, -lost)

    def _earn(self, p: int, amount: int) -> None:
        if amount >= 0:
            self.money[p] += amount
        else:
            self._pay(p, -amount)

    # -- results and views ---------------------------------------------------------------------

    def returns(self) -> list[float]:
        """Winners share 1.0; all 0.0 before the end or at the turn cap."""
        if self.stage != OVER or not self.winners:
            return [0.0] * self.n
        share = 1.0 / len(self.winners)
        return [share if p in self.winners else 0.0 for p in range(self.n)]

    def scores(self) -> list[Any]:
        """Per seat: prestige, money, benefactions and horrea."""
        return [
            {
                "prestige": self.prestige[p],
                "money": self.money[p],
                "benefactions": self.gifts[p],
                "horrea": self.hcount[p],
            }
            for p in range(self.n)
        ]

    def history(self) -> list[Action]:
        """Every action applied, in order."""
        return unwind(self._hist)

    def history_length(self) -> int:
        """Number of actions applied so far."""
        return self._hlen

    def outcome_text(self) -> str:
        """How the game ended, in a sentence."""
        if self.stage != OVER:
            return ""
        if self.end_reason == END_CAP:
            return (
                f"no one reached {self.opts.win_prestige} prestige in {self.opts.max_turns} turns"
            )
        names = " and the ".join(GENTES[p] for p in self.winners)
        return f"the {names} reach the consulship with {self.prestige[self.winners[0]]} prestige"

    def action_warning(self, action: Action, brief: bool = False) -> str:
        """A consequence to read before choosing ``action``, or ``""`` (FOR-4.8).

        A marriage alliance made with a family that must oust the other's agent later this
        turn (FOR-4.1) ends at that oust, by divorce with the ouster as initiator: proposing
        it, accepting it or asking a higher dowry for it throws the children away. ``brief``
        gives it in a few words, for a menu line.
        """
        t = type(action)
        stage = self.stage
        if stage == SOCIAL and t is Propose:
            a, b = action.seat, action.to  # type: ignore[attr-defined]
        elif (
            stage in (RESPOND, REPLY)
            and self.proposal is not None
            and (
                t is Counter or (t is Decide and action.verb == "accept")  # type: ignore[attr-defined]
            )
        ):
            a, b = self.proposal[0], self.proposal[1]
        else:
            return ""
        for ouster, victim in ((a, b), (b, a)):
            contest = self.contests.get(ouster)
            if contest is None or contest[1] != victim:
                continue
            m = contest[0]
            if m not in self.agents[ouster] or m not in self.agents[victim]:
                continue
            complete = self.opts.ruleset == "complete"
            if brief:
                cost = "−2 prestige each, dowry repaid" if complete else "−2 prestige"
                return (
                    f"the {GENTES[ouster]}' oust in {MARKET_NAMES[m]} this turn divorces "
                    f"them at once: {cost}, children lost (FOR-4.8)"
                )
            if complete:
                cost = "both families lose 2 prestige and the dowry is repaid"
            else:
                cost = f"the {GENTES[ouster]} lose 2 prestige"
            return (
                f"the {GENTES[ouster]} must oust the {GENTES[victim]} in {MARKET_NAMES[m]} "
                f"this turn, which ends this alliance at once by divorce: {cost}, and the "
                "children stay married off (FOR-4.8)"
            )
        return ""

    def action_to_string(self, action: Action) -> str:
        """Text of ``action`` as anyone at the table may read it (hidden draws stay hidden).

        A choice with a consequence to read first (``action_warning``) carries it after a
        "beware:", so the terminal's and the web's lists of choices both show it.
        """
        text = self._action_text(action)
        if self.player >= 0:
            warning = self.action_warning(action)
            if warning:
                return f"{text} — beware: {warning}"
        return text

    def _action_text(self, action: Action) -> str:
        t = type(action)
        if t is Family and self.opts.ruleset != "complete":
            return f"the {GENTES[action.seat]} draw a family card"  # type: ignore[attr-defined]
        if t is Draw:
            c = CARDS[action.card]  # type: ignore[attr-defined]
            return f"fate: {c.title} — {c.effect}"
        if t is Roll and self.player == CHANCE:
            v = action.value  # type: ignore[attr-defined]
            who = GENTES[self.actor] if self.actor >= 0 else ""
            if self.stage == ENTER:
                ok = "a new agent enters Rome" if v >= self.opts.enter_roll else "no new agent"
                return f"the {who} roll {v} for a new agent: {ok}"
            if self.stage in (OUST, DESTROY) and self.pending is not None:
                m, _, victim, need = self.pending
                what = "oust" if self.stage == OUST else "destroy a horreum"
                ok = "success" if v >= need else "failure"
                return (
                    f"the {who} roll {v} to {what} in {BOARD.markets[m].name} "
                    f"against the {GENTES[victim]} (needs {need}+): {ok}"
                )
            if self.stage == FATE_ROLL:
                ok = "elected, +1 prestige" if v >= CARDS[self.fate_card].roll else "not elected"
                return f"the {who} roll {v} in the local elections: {ok}"
        if t is Decide and self.proposal is not None and self.stage in (RESPOND, REPLY):
            proposer, target, son, price, _ = self.proposal
            verb = action.verb  # type: ignore[attr-defined]
            child = "son" if son else "daughter"
            who = GENTES[action.seat]  # type: ignore[attr-defined]
            if self.stage == RESPOND:
                return f"the {who} {verb} the {GENTES[proposer]}' {child} for ${price}"
            return f"the {who} {verb} the dowry of ${price} the {GENTES[target]} ask"
        if t is Decide and self.stage == FATE_CHOICE and self.fate_card:
            c = CARDS[self.fate_card]
            verb = action.verb  # type: ignore[attr-defined]
            who = GENTES[action.seat]  # type: ignore[attr-defined]
            if verb == "pay" and c.kind in ("sponsor", "vow"):
                return f"the {who} pay ${c.cost} for 1 prestige ({c.title})"
            if verb == "pay":
                return f"the {who} pay ${c.cost} ({c.title})"
            if c.kind == "mores":
                return f"the {who} marry no child and lose 1 prestige ({c.title})"
            return f"the {who} decline ({c.title})"
        if t is Give:
            g: Give = action  # type: ignore[assignment]
            cost = GIVING_BANDS[g.space // N_KINDS].cost
            return f"{g} (${cost}, +1 prestige)"
        return str(action)

    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see; in the short rules other players' family cards are hidden."""
        hidden = self.opts.ruleset != "complete"
        names = BOARD.markets
        incomes = self.trade_totals() if self.stage != OVER else [0] * self.n
        players = []
        for p in range(self.n):
            show = not hidden or p == player
            players.append(
                {
                    "name": GENTES[p],
                    "money": self.money[p],
                    "prestige": self.prestige[p],
                    "band": BOARD.bands[band_of(self.prestige[p])].name
                    if band_of(self.prestige[p]) >= 0
                    else ("CONSVL" if self.prestige[p] >= self.opts.win_prestige else None),
                    "agents": sorted(names[m].name for m in self.agents[p] if m >= 0),
                    "reserve": self.reserve(p),
                    "moved": sorted(
                        names[m].name
                        for i, m in enumerate(self.agents[p])
                        if m >= 0 and self.moved[p] >> i & 1
                    ),
                    "horrea": self.hcount[p],
                    "horrea_left": self.opts.horrea - self.hcount[p],
                    "benefactions": self.gifts[p],
                    "senator": self.senator[p],
                    "children": self.sons[p] + self.daughters[p],
                    "sons": self.sons[p] if show else None,
                    "daughters": self.daughters[p] if show else None,
                    "last_income": self.income[p],
                    "next_income": incomes[p],
                    "bonus": self.bonus[p],
                    "blocked": names[self.blocked[p]].name if self.blocked[p] >= 0 else None,
                    "praefect_turns": self.praefect_turns if self.praefect == p else 0,
                }
            )
        occupants: list[list[int]] = [[] for _ in range(N_MARKETS)]
        for p in range(self.n):
            for m in set(self.agents[p]):
                if m >= 0:
                    occupants[m].append(p)
        seats = _SEATS_OF
        local = self.local
        markets = [
            {
                "name": MARKET_NAMES[m],
                "horrea": list(seats[h]),
                "agents": occupants[m],
                "local": local[m] if local[m] >= 0 else None,
            }
            for m, h in enumerate(self.horrea)
        ]
        prop = self.proposal
        pend = self.pending
        card = CARDS.get(self.fate_card)
        return {
            "game": "forum",
            "ruleset": self.opts.ruleset,
            "you": player,
            "stage": STAGE_NAMES[self.stage],
            "current": self.player,
            "actor": self.actor,
            "turn": self.turn,
            "max_turns": self.opts.max_turns,
            "win_prestige": self.opts.win_prestige,
            "order": list(self.order),
            "players": players,
            "markets": markets,
            "marriages": [
                {"a": a, "b": b, "payer": payer, "price": price}
                for a, b, payer, price in self.marriages
            ],
            "benefactions": [
                {
                    "space": s,
                    "name": SPACE_NAMES[s],
                    "cost": GIVING_BANDS[s // N_KINDS].cost,
                    "owner": None if owner < 0 else owner,
                }
                for s, owner in enumerate(self.benefactions)
            ],
            "fate": None
            if card is None
            else {"card": card.id, "title": card.title, "effect": card.effect},
            "fate_left": len(self.fate_deck),
            "fate_drawn": sorted(set(range(1, FATE_CARDS + 1)) - set(self.fate_deck)),
            "family_deck": self.deck_sons + self.deck_daughters,
            "proposal": None
            if prop is None
            else {
                "from": prop[0],
                "to": prop[1],
                "son": prop[2],
                "price": prop[3],
                "countered": prop[4],
            },
            "pending": None
            if pend is None
            else {
                "market": names[pend[0]].name,
                "attacker": pend[1],
                "defender": pend[2],
                "needs": pend[3],
            },
            "praefect": self.praefect if self.praefect >= 0 else None,
            "winners": list(self.winners),
            "end_reason": self.end_reason or None,
        }

    def determinize(self, player: int, rng: random.Random) -> ForumState:
        """A copy where the family cards ``player`` cannot see are dealt afresh (FOR-10.2)."""
        c = self.clone()
        if self.opts.ruleset == "complete":
            return c
        others = [q for q in range(self.n) if q != player]
        pool = [True] * (self.deck_sons + sum(self.sons[q] for q in others))
        pool += [False] * (self.deck_daughters + sum(self.daughters[q] for q in others))
        known: dict[int, bool] = {}
        if self.proposal is not None:  # FOR-4.5: an answered proposal shows both children
            known = {self.proposal[0]: self.proposal[2], self.proposal[1]: not self.proposal[2]}
            known.pop(player, None)
            for son in known.values():
                pool.remove(son)
        rng.shuffle(pool)
        i = 0
        for q in others:
            k = self.sons[q] + self.daughters[q] - (q in known)
            hand = pool[i : i + k]
            i += k
            if q in known:
                hand.append(known[q])
            c.sons[q] = sum(hand)
            c.daughters[q] = len(hand) - c.sons[q]
        rest = pool[i:]
        c.deck_sons = sum(rest)
        c.deck_daughters = len(rest) - c.deck_sons
        c._legal = None  # the cached choices may rest on the hands just re-dealt
        return c

    # -- serialisation and equality ------------------------------------------------------------

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

    def _key(self) -> tuple[Any, ...]:
        return (
            *(getattr(self, f) for f in self._FIELDS),
            self.marriages,
            self.contests,
            self.proposal,
            self.pending,
            self.order,
            self._hlen,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ForumState):
            return NotImplemented
        return (
            self.game.options == other.game.options
            and self.n == other.n
            and self._key() == other._key()
            and self.history() == other.history()
        )

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> dict[str, Any]:
        """The exact position, history included."""
        d: dict[str, Any] = {"game": "forum", "options": dict(self.game.options), "players": self.n}
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
        d["history"] = [a.to_json() for a in self.history()]
        return d

    @classmethod
    def from_json(cls, game: ForumGame, d: Any) -> ForumState:
        """Rebuild a state, checking shapes; bad data raises ``RecordError``."""
        if not isinstance(d, dict) or d.get("game") != "forum":
            raise RecordError("not a saved Forum position")
        if d.get("players") != game.num_players:
            raise RecordError(
                f"the saved position has {d.get('players')} players, the game {game.num_players}"
            )
        s = cls(game)
        try:
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
            hist: tuple[Any, ...] | None = None
            k = 0
            for a in d["history"]:
                hist = (action_from_json(a), hist)
                k += 1
            s._hist = hist
            s._hlen = k
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            if isinstance(exc, RecordError):
                raise
            raise RecordError(f"saved Forum position is malformed: {exc!r}") from None
        if not 0 <= s.stage <= OVER or not isinstance(s.stage, int):
            raise RecordError(f"saved position has an unknown stage {s.stage!r}")
        s.hcount = [sum(h >> p & 1 for h in s.horrea) for p in range(s.n)]
        s.rcount = [[0] * len(REGION_SIZE) for _ in range(s.n)]
        for m, h in enumerate(s.horrea):
            for p in range(s.n):
                if h >> p & 1 and REGION[m] >= 0:
                    s.rcount[p][REGION[m]] += 1
        return s


def hops_from(start: int) -> list[int]:
    """Links from ``start`` to every market (for bots and views)."""
    dist = [-1] * N_MARKETS
    dist[start] = 0
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for nb in NB[here]:
            if dist[nb] < 0:
                dist[nb] = dist[here] + 1
                todo.append(nb)
    return dist


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


def _check_ranges(s: ForumState) -> None:
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
