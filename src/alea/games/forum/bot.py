"""Forum's heuristic bot: a horreum in Rome, agents fanning out to good markets, cheap prestige.

The plan: keep one agent in Rome (it earns the information boost everywhere); send the others
one step a turn towards the best market still without our horreum, scored by what a horreum
would earn there over the next turns plus the region prestige it brings, and nearer first;
build one horreum a turn; marry children into local aristocracies (+1 for $200) or propose an
alliance to a player who is not close to winning; give every benefaction whose prestige is not
lost again by dropping below a $1000 mark; avoid contests and debt. The bot reads only what its
seat may see: public facts and its own family cards, never another family's hand (FOR-10.2).

The numbers and switches of that plan are its :class:`Style`; the defaults are the ``normal``
level, and ``alea lab tune-bot forum`` searches the others (``STYLE_SPACE``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, Final

from alea.core.agent import Agent
from alea.core.game import Action, State
from alea.core.styles import BotStyle, read_style
from alea.games.forum.actions import (
    PRICES,
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
BOOST_SHARE: Final = 50
"""Per cent of a market's information boost the ``normal`` bot counts in a horreum's income."""
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


def region_gain(state: ForumState, p: int, m: int) -> int:
    """Region prestige ``p`` gains by a new horreum in ``m`` (FOR-6.3); Rome is in no region."""
    r = REGION[m]
    if r < 0:
        return 0
    c = state.region_horrea[p][r]
    return region_prestige(c + 1, REGION_SIZE[r]) - region_prestige(c, REGION_SIZE[r])


def horreum_value(
    state: ForumState,
    p: int,
    m: int,
    horizon: float = HORIZON,
    boost: int = BOOST_SHARE,
    region: float = 1.0,
) -> float:
    """Prestige-equivalent worth of a new horreum of ``p`` in ``m``.

    Its income over ``horizon`` turns, with ``boost`` per cent of the market's information
    boost, plus ``region`` times the region prestige it brings.
    """
    others = state.horrea[m].bit_count()
    if others >= 4:
        return -1.0
    income = PROFIT[m][others]
    if m != ROME:
        income += BOOST[m] * boost // 100
    value = income * horizon / MONEY_PER_PRESTIGE
    if REGION[m] >= 0:
        value += region * region_gain(state, p, m)
    return value


@dataclass(frozen=True)
class Style(BotStyle):
    """How the bot plays: the numbers and switches of its plan. The defaults are ``normal``'s.

    Other values give other players of the same plan; ``alea lab tune-bot forum`` searches them
    for the one that does best against the default, and the ``expert`` level plays that one.
    Every rule of a style reads only what the bot's seat may see (FOR-10.2).
    """

    WHO: ClassVar[str] = "the Forum bot"
    LIMITS: ClassVar[dict[str, tuple[float, float | None]]] = {
        "horizon": (1, 40),
        "fade": (0, 2),
        "boost": (0, 200),
        "region": (0, 5),
        "stay": (-1, 5),
        "target": (-1, 5),
        "reach": (0, 4),
        "build_min": (-1, 5),
        "reserve": (0, 20),
        "race": (0, 20),
        "keep_children": (0, 6),
        "dowry": (0, len(PRICES) - 1),
        "ally_gap": (0, 20),
        "deny_gap": (0, 20),
        "safe_gap": (0, 20),
        "deny_ahead": (0, 20),
        "counter_money": (0, 10_000),
    }

    horizon: int = HORIZON
    """Turns of income a new horreum is valued at."""
    fade: float = 0.0
    """Turns taken off that horizon per point of the leading family's prestige, so that
    income counts for less as the end nears (never below one turn)."""
    boost: int = BOOST_SHARE
    """Per cent of a market's information boost counted in a horreum's income there."""
    region: float = 1.0
    """Weight of the region prestige a new horreum brings, against its income."""
    stay: float = 0.4
    """Least worth of a horreum for which an agent stays where it stands to build it."""
    target: float = 0.2
    """Least worth of a horreum for which an agent heads to a market."""
    reach: float = 1.0
    """How much distance counts against a market: its worth over (1 + links) to this power."""
    anchor: bool = True
    """Keep one agent in Rome (the information boost); otherwise it too goes out to build."""
    build_min: float = 0.0
    """Least worth of a horreum the bot builds."""
    reserve: int = 1
    """Horrea's worth of money kept back from prestige spending while horrea remain to build."""
    race: int = 0
    """From this many points short of winning, keep no money back for building, and build
    only where the horreum brings region prestige (0: never)."""
    marry_local: bool = True
    """Marry children into local aristocracies (+1 prestige for the fee)."""
    keep_children: int = 0
    """Children kept for alliances: a local marriage only while it leaves more than this."""
    ally_first: bool = False
    """Propose an alliance (+2 each) before marrying locally."""
    dowry: int = 0
    """The dowry offered with a proposal, in hundreds of $ (the rules' prices: 0 to 5)."""
    ally_gap: int = 4
    """Propose only to a family more than this many points short of winning."""
    deny_gap: int = 3
    """Decline a proposal from a family this many points or fewer short of winning..."""
    safe_gap: int = 2
    """... unless the bot is itself this close or closer."""
    deny_ahead: int = 0
    """Also decline a family this many points or more ahead of the bot (0: never)."""
    counter_money: int = 1200
    """Ask a dowry instead of accepting a free proposal from a richer-than-this family that
    is ahead."""
    give: bool = True
    """Give benefactions."""
    pay_fate: bool = True
    """Pay for the prestige fate offers (beasts for the arena, a vow fulfilled)."""


STYLE_SPACE: Final = {
    "horizon": (6, 24),
    "fade": (0.0, 0.6),
    "boost": (0, 100),
    "region": (0.3, 1.5),
    "stay": (0.0, 1.5),
    "target": (0.0, 1.0),
    "reach": (0.7, 1.5),
    "anchor": (False, True),
    "build_min": (-0.5, 1.0),
    "reserve": (1, 5),
    "race": (0, 6),
    "marry_local": (False, True),
    "keep_children": (0, 3),
    "ally_first": (False, True),
    "dowry": (0, 5),
    "ally_gap": (0, 8),
    "deny_gap": (0, 8),
    "safe_gap": (0, 8),
    "deny_ahead": (0, 8),
    "counter_money": (0, 3000),
    "give": (False, True),
    "pay_fate": (False, True),
}
"""The range of each :class:`Style` parameter that ``alea lab tune-bot`` searches."""


class ForumBot(Agent):
    """The heuristic player of Forum, in the given :class:`Style`."""

    name = "heuristic"

    def __init__(self, **style: Any) -> None:
        self.style = read_style(Style, style)

    def spec(self) -> dict[str, Any]:
        """Name and the style's parameters that are not the defaults."""
        return {"name": self.name, **self.style.changed()}

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

    # -- worth --------------------------------------------------------------------------------

    def _horizon(self, s: ForumState) -> float:
        """Turns of income a horreum is worth now (``horizon``, less ``fade`` near the end)."""
        style = self.style
        if not style.fade:
            return style.horizon
        return max(1.0, style.horizon - style.fade * max(s.prestige))

    def _value(self, s: ForumState, p: int, m: int, horizon: float) -> float:
        style = self.style
        return horreum_value(s, p, m, horizon, style.boost, style.region)

    def _racing(self, s: ForumState, p: int) -> bool:
        """Whether the bot is close enough to winning to spend everything on prestige."""
        return self._leader_gap(s, p) <= self.style.race

    # -- movement -----------------------------------------------------------------------------

    def _move(self, s: ForumState, p: int, legal: list[Action]) -> Action:
        style = self.style
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
        horizon = self._horizon(s)
        for src in unmoved:
            if src == ROME and in_rome == 1 and style.anchor:
                continue  # the anchor stays
            if (
                src != ROME
                and not s.horrea[src] & bit
                and self._value(s, p, src, horizon) > style.stay
            ):
                claimed.add(src)
                continue  # build here
            target = self._target(s, p, src, claimed, rivals, horizon)
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

    def _target(
        self,
        s: ForumState,
        p: int,
        src: int,
        claimed: set[int],
        rivals: set[int],
        horizon: float,
    ) -> int:
        d = hops(src)
        bit = 1 << p
        floor, reach = self.style.target, self.style.reach
        best, best_score = -1, 0.0
        for m in range(N_MARKETS):
            if m == ROME or m in claimed or m in rivals or s.horrea[m] & bit:
                continue
            v = self._value(s, p, m, horizon)
            if v <= floor:
                continue
            score = v / (1 + d[m]) ** reach
            if score > best_score:
                best, best_score = m, score
        return best

    def _spare(self, s: ForumState, p: int, cost: int) -> bool:
        """Whether ``p`` can spend ``cost`` on prestige and still build, without losing a mark."""
        reserve = 0
        if s.horrea_count[p] < s.opts.horrea and not self._racing(s, p):
            reserve = self.style.reserve * s.opts.build_cost
        return s.money[p] - cost >= reserve and mark_loss(s, p, cost) == 0

    # -- social -------------------------------------------------------------------------------

    def _leader_gap(self, s: ForumState, q: int) -> int:
        return s.opts.win_prestige - s.prestige[q]

    def _social(self, s: ForumState, p: int, legal: list[Action]) -> Action:
        style = self.style
        cost = s.opts.marry_cost
        locals_: list[MarryLocal] = []
        if style.marry_local and s.sons[p] + s.daughters[p] > style.keep_children:
            locals_ = [a for a in legal if isinstance(a, MarryLocal)]
        price = style.dowry * 100
        proposals = [
            a
            for a in legal
            if isinstance(a, Propose)
            and a.price == price
            and self._leader_gap(s, a.to) > style.ally_gap
        ]
        if price and not self._spare(s, p, price):
            proposals = []
        proposals.sort(key=lambda a: (s.prestige[a.to], (a.to - p) % s.n, not a.son))
        if proposals and style.ally_first:
            return proposals[0]
        if locals_ and self._spare(s, p, cost):
            bit = 1 << p
            locals_.sort(key=lambda a: (not s.horrea[a.market] & bit, a.market))
            return locals_[0]
        if proposals:
            return proposals[0]
        return Decide(p, "pass")

    def _respond(self, s: ForumState, p: int, legal: list[Action]) -> Action:
        style = self.style
        prop = s.proposal
        assert prop is not None
        proposer, _, _, price, _ = prop
        if (
            self._leader_gap(s, proposer) <= style.deny_gap
            and self._leader_gap(s, p) > style.safe_gap
        ):
            return Decide(p, "decline")
        if style.deny_ahead and s.prestige[proposer] - s.prestige[p] >= style.deny_ahead:
            return Decide(p, "decline")
        counters = [a for a in legal if isinstance(a, Counter)]
        if (
            price == 0
            and counters
            and s.money[proposer] >= style.counter_money
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
        if self._racing(s, p):
            builds = [a for a in builds if region_gain(s, p, a.market) > 0]
        if builds and (s.money[p] >= s.opts.build_cost or s.trade_total(p) <= 0):
            horizon = self._horizon(s)
            best = max(builds, key=lambda a: (self._value(s, p, a.market, horizon), -a.market))
            if self._value(s, p, best.market, horizon) > self.style.build_min:
                return best
        return Decide(p, "pass")

    def _give(self, s: ForumState, p: int, legal: list[Action]) -> Action:
        gifts = [a for a in legal if isinstance(a, Give)]
        if gifts and self.style.give:
            cost = GIVING_BANDS[gifts[0].space // N_KINDS].cost
            assert cost is not None
            if self._spare(s, p, cost):
                return gifts[0]
        return Decide(p, "pass")

    # -- fate ---------------------------------------------------------------------------------

    def _fate(self, s: ForumState, p: int, legal: list[Action]) -> Action:
        card = _CARDS[s.fate_card]
        if card.kind in ("sponsor", "vow"):
            pay = self.style.pay_fate and self._spare(s, p, card.cost)
            return Decide(p, "pay" if pay else "refuse")
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
