"""Forum's heuristic bot: a horreum in Rome, agents fanning out to good markets, cheap prestige.

The plan: keep one agent in Rome (it earns the information boost everywhere); send the others
one step a turn towards the best market still without our horreum, scored by what a horreum
would earn there over the next turns plus the region prestige it brings, and nearer first;
build one horreum a turn; marry children into local aristocracies (+1 for $200) or propose an
alliance to a player who is not close to winning; give every benefaction whose prestige is not
lost again by dropping below a $1000 mark; avoid contests and debt. The bot reads only what its
seat may see: public facts and its own family cards, never another family's hand (FOR-10.2).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any, Final

from alea.core.agent import Agent
from alea.core.game import Action, State
from alea.games.forum.actions import (
    Build,
    Counter,
    Decide,
    Dismiss,
    Give,
    MarryLocal,
    Move,
    Propose,
)
from alea.games.forum.cards import FATE
from alea.games.forum.constants import (
    BOOST,
    BUILD,
    FATE_CHOICE,
    GIVE,
    GIVING_BANDS,
    MOVE,
    N_KINDS,
    N_MARKETS,
    PROFIT,
    REGION,
    REGION_SIZE,
    REPLY,
    RESPOND,
    ROME,
    SOCIAL,
    region_prestige,
)
from alea.games.forum.movement import hops_from
from alea.games.forum.state import ForumState

HORIZON: Final = 8
"""Turns of income a new horreum is valued at."""
MONEY_PER_PRESTIGE: Final = 1000
"""The exchange rate of the money ladder (FOR-8.1)."""
_CARDS: Final = {c.id: c for c in FATE}


@cache
def hops(a: int) -> tuple[int, ...]:
    """Links from market ``a`` to every market."""
    return tuple(hops_from(a))


def mark_loss(state: ForumState, p: int, cost: int) -> int:
    """Prestige lost at the next conversion if ``p`` spends ``cost`` now (FOR-8.1)."""
    before = max(0, state.money[p]) // MONEY_PER_PRESTIGE
    after = max(0, state.money[p] - cost) // MONEY_PER_PRESTIGE
    return max(0, min(before, state.banked[p]) - after)


def horreum_value(state: ForumState, p: int, m: int) -> float:
    """Prestige-equivalent worth of a new horreum of ``p`` in ``m``."""
    others = state.horrea[m].bit_count()
    if others >= 4:
        return -1.0
    income = PROFIT[m][others]
    if m != ROME:
        income += BOOST[m] // 2
    value = income * HORIZON / MONEY_PER_PRESTIGE
    r = REGION[m]
    if r >= 0:
        c = state.region_horrea[p][r]
        value += region_prestige(c + 1, REGION_SIZE[r]) - region_prestige(c, REGION_SIZE[r])
    return value


class ForumBot(Agent):
    """The heuristic player of Forum."""

    name = "heuristic"

    def __init__(self, **params: Any) -> None:
        self.params = params

    def act(self, state: State, player: int, rng: random.Random) -> Action:
        """Choose a legal action for ``player``."""
        assert isinstance(state, ForumState)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        choose = self._CHOOSERS.get(state.stage)
        if choose is None:
            return legal[int(rng.random() * len(legal))]
        return choose(self, state, player, legal)

    # -- movement -----------------------------------------------------------------------------

    def _move(self, s: ForumState, p: int, legal: list[Action]) -> Action:
        done = Decide(p, "done")
        mine = s.agents[p]
        rivals = {m for q in range(s.n) if q != p for m in s.agents[q] if m >= 0}
        moves = [a for a in legal if isinstance(a, Move) and (a.to == ROME or a.to not in rivals)]
        if not moves:
            return done if done in legal else legal[0]
        in_rome = mine.count(ROME)
        unmoved = [m for slot, m in enumerate(mine) if m >= 0 and not s.moved[p] >> slot & 1]
        claimed: set[int] = set()
        bit = 1 << p
        for src in unmoved:
            if src == ROME and in_rome == 1:
                continue  # the anchor stays
            if src != ROME and not s.horrea[src] & bit and horreum_value(s, p, src) > 0.4:
                claimed.add(src)
                continue  # build here
            target = self._target(s, p, src, claimed, rivals)
            if target < 0:
                continue
            claimed.add(target)
            d = hops(target)
            best = [a for a in moves if isinstance(a, Move) and a.src == src]
            best = [a for a in best if isinstance(a, Move) and d[a.to] < d[src]]
            if best:
                return best[0]
        if in_rome > 1:
            out = [a for a in moves if isinstance(a, Move) and a.src == ROME]
            if out:
                return out[0]
        return done if done in legal else moves[0]

    def _target(self, s: ForumState, p: int, src: int, claimed: set[int], rivals: set[int]) -> int:
        d = hops(src)
        bit = 1 << p
        best, best_score = -1, 0.0
        for m in range(N_MARKETS):
            if m == ROME or m in claimed or m in rivals or s.horrea[m] & bit:
                continue
            v = horreum_value(s, p, m)
            if v <= 0.2:
                continue
            score = v / (1 + d[m])
            if score > best_score:
                best, best_score = m, score
        return best

    def _spare(self, s: ForumState, p: int, cost: int) -> bool:
        """Whether ``p`` can spend ``cost`` on prestige and still build, without losing a mark."""
        reserve = s.opts.build_cost if s.horrea_count[p] < s.opts.horrea else 0
        return s.money[p] - cost >= reserve and mark_loss(s, p, cost) == 0

    # -- social -------------------------------------------------------------------------------

    def _leader_gap(self, s: ForumState, q: int) -> int:
        return s.opts.win_prestige - s.prestige[q]

    def _social(self, s: ForumState, p: int, legal: list[Action]) -> Action:
        cost = s.opts.marry_cost
        locals_ = [a for a in legal if isinstance(a, MarryLocal)]
        if locals_ and self._spare(s, p, cost):
            bit = 1 << p
            locals_.sort(key=lambda a: (not s.horrea[a.market] & bit, a.market))
            return locals_[0]
        proposals = [
            a
            for a in legal
            if isinstance(a, Propose) and a.price == 0 and self._leader_gap(s, a.to) > 4
        ]
        if proposals:
            proposals.sort(key=lambda a: (s.prestige[a.to], (a.to - p) % s.n, not a.son))
            return proposals[0]
        return Decide(p, "pass")

    def _respond(self, s: ForumState, p: int, legal: list[Action]) -> Action:
        prop = s.proposal
        assert prop is not None
        proposer, _, _, price, _ = prop
        if self._leader_gap(s, proposer) <= 3 and self._leader_gap(s, p) > 2:
            return Decide(p, "decline")
        counters = [a for a in legal if isinstance(a, Counter)]
        if (
            price == 0
            and counters
            and s.money[proposer] >= 1200
            and s.prestige[proposer] > s.prestige[p]
        ):
            return counters[0]
        return Decide(p, "accept")

    def _reply(self, s: ForumState, p: int, legal: list[Action]) -> Action:
        prop = s.proposal
        assert prop is not None
        price = prop[3]
        if s.money[p] >= price and mark_loss(s, p, price) == 0:
            return Decide(p, "accept")
        return Decide(p, "decline")

    # -- build and benefactions ---------------------------------------------------------------

    def _build(self, s: ForumState, p: int, legal: list[Action]) -> Action:
        builds = [a for a in legal if isinstance(a, Build)]
        if builds and (s.money[p] >= s.opts.build_cost or s.trade_total(p) <= 0):
            best = max(builds, key=lambda a: (horreum_value(s, p, a.market), -a.market))
            if horreum_value(s, p, best.market) > 0:
                return best
        return Decide(p, "pass")

    def _give(self, s: ForumState, p: int, legal: list[Action]) -> Action:
        gifts = [a for a in legal if isinstance(a, Give)]
        if gifts:
            cost = GIVING_BANDS[gifts[0].space // N_KINDS].cost
            assert cost is not None
            if self._spare(s, p, cost):
                return gifts[0]
        return Decide(p, "pass")

    # -- fate ---------------------------------------------------------------------------------

    def _fate(self, s: ForumState, p: int, legal: list[Action]) -> Action:
        card = _CARDS[s.fate_card]
        if card.kind in ("sponsor", "vow"):
            return Decide(p, "pay" if self._spare(s, p, card.cost) else "refuse")
        if card.kind == "mores":
            marry = [a for a in legal if isinstance(a, MarryLocal)]
            return marry[0] if marry else Decide(p, "refuse")
        if card.kind == "patron":
            if self._spare(s, p, card.cost) or len([m for m in s.agents[p] if m >= 0]) <= 1:
                return Decide(p, "pay")
            dismiss = [a for a in legal if isinstance(a, Dismiss) and a.market != ROME]
            return dismiss[0] if dismiss else Decide(p, "pay")
        return legal[0]

    _CHOOSERS: Final = {
        MOVE: _move,
        SOCIAL: _social,
        RESPOND: _respond,
        REPLY: _reply,
        BUILD: _build,
        GIVE: _give,
        FATE_CHOICE: _fate,
    }
    """How the bot chooses in each stage with a real choice; elsewhere it picks at random."""

    def spec(self) -> dict[str, Any]:
        """Name and parameters."""
        return {"name": self.name, **self.params}
