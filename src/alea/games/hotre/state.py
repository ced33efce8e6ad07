"""The HOTRE rules engine: one position, its legal decisions and chance events.

The position is kept in flat lists of ints (one entry per land, seat or force) so ``clone`` is a
handful of list copies. Forces are numbered: ``0..S-1`` the seats' Roman Factions, ``S`` the
neutral Rebels, then every People, Minor People and Kingdom in order of first appearance.
Rule ids refer to ``RULES.md`` beside this module.
"""

from __future__ import annotations

import itertools
import math
import random
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from alea.core.errors import IllegalActionError
from alea.core.game import CHANCE, TERMINAL, Action, CachedLegalState
from alea.core.positions import SavedState, reading
from alea.games.hotre.actions import (
    SEATS,
    Deal,
    Decide,
    Dice,
    DrawCounter,
    HandTo,
    Offer,
    Order,
    Pick,
    PlayCard,
    Round,
    action_from_json,
)
from alea.games.hotre.board import BOARD
from alea.games.hotre.cards import DECK, SETS
from alea.games.hotre.charts import CHARTS, BonusKind

if TYPE_CHECKING:
    from alea.games.hotre.table import HotreTable

NL: Final = len(BOARD.lands)
ADJ: Final = tuple(BOARD.adjacent(i) for i in range(NL))
OVERSEAS: Final = BOARD.overseas
DIFFICULT: Final = tuple(
    frozenset(BOARD.difficult[i]) | frozenset(BOARD.across_strait[i]) for i in range(NL)
)
"""Per defending land, the attacking lands that give it difficult terrain (HRE-12.4, 12.5)."""
DIFFICULT_OPTIONAL: Final = tuple(DIFFICULT[i] | BOARD.optional_difficult[i] for i in range(NL))
"""The same with the two optional difficult borders of the ``optional_terrain`` rule (HRE-1.1)."""
AREA_OF: Final = BOARD.area_of
AREA_LANDS: Final = tuple(BOARD.area_lands(a.key) for a in BOARD.areas)
RESOURCE: Final = tuple(land.resource for land in BOARD.lands)
ROME: Final = BOARD.rome
CONSTANTINOPLE: Final = BOARD.constantinople
STARTS: Final = tuple(r.land for r in BOARD.roman_starts)
NATIONS: Final = tuple(dict.fromkeys(p.nation for p in CHARTS.peoples))
NATION_OF: Final = tuple(NATIONS.index(p.nation) for p in CHARTS.peoples)

# force kinds
FACTION: Final = 0
PEOPLE: Final = 1
MINOR: Final = 2
KINGDOM: Final = 3
REBELS: Final = 4
KIND_NAMES: Final = ("Faction", "People", "Minor People", "Kingdom", "Rebels")

# where points come from (the points log, HRE-2.2); the index is the code kept in the log
CITIES, PRESENCE, DOMINATION, CONTROL, EMPEROR, LOOT = range(6)
END_LANDS, KINGDOMS, BRIBES, SPENT, CARRIED = range(6, 11)
POINT_SOURCES: Final = (
    "cities",
    "presence",
    "domination",
    "control",
    "emperor",
    "loot",
    "end_lands",
    "kingdoms",
    "bribes",
    "spent",
    "carried",
)
"""Names of the sources of the points log: cities held (HRE-14.2, HRE-14.3), Areas by level
(HRE-14.4), the Emperor's +VP bonus (HRE-3.5), loot (HRE-12.8), the end-of-game land bonus
(HRE-14.3.1) and Kingdom rolls, bribes of barbarians (HRE-15.4), RVP spent (HRE-5.1 to HRE-5.4),
and points a position read back from JSON already had."""


class PointsEntry(NamedTuple):
    """One change of a seat's People or Faction points.

    Attributes:
        seat: the seat whose score changed.
        period: the period in which it changed.
        faction: Faction points (RVP) if true, else People points.
        source: one of :data:`POINT_SOURCES`.
        area: index into ``BOARD.areas`` of the land it came from, or -1.
        points: the change (negative for RVP spent and bribes paid).

    """

    seat: int
    period: int
    faction: bool
    source: str
    area: int
    points: int


# stages
ORDER, DEAL, DRAW, HAND, DECLARE, BUILD, TAKEUP, EXPAND = range(8)
ROUND, RETREAT, DISPLACE, FORTCHOICE, LOOTCHOICE, LOOTROLL, FOUND, ENDROLL = range(8, 16)
EPIDEMY, OVER, REBELROUND, OFFER, ANSWER, REBELRETREAT = 16, 17, 18, 19, 20, 21
STAGE_NAMES: Final = (
    "order",
    "deal",
    "draw",
    "hand",
    "declare",
    "build",
    "takeup",
    "expand",
    "round",
    "retreat",
    "displace",
    "fortchoice",
    "lootchoice",
    "lootroll",
    "found",
    "endroll",
    "epidemy",
    "over",
    "rebelround",
    "offer",
    "answer",
    "rebelretreat",
)
CHANCE_STAGES: Final = frozenset((ORDER, DEAL, DRAW, ROUND, LOOTROLL, ENDROLL, EPIDEMY, REBELROUND))

IMPLEMENTED_CARDS: Final = frozenset(
    (
        "minor_people",
        "kingdom",
        "leader",
        "weaponry",
        "fury",
        "elite_troops",
        "epidemy",
        "pestilence",
        "wrath_of_god",
        "disaster",
        "roman_fortify",
        "engineering",
        "surprise_attack",
        "plague",
        "people_revive",
        "treachery",
        "revolt",
        "rebellion",
        "siegecraft",
        "gods_favor",
    )
)
"""Event kinds the engine plays (all of the deck)."""
PEOPLE_ONLY: Final = frozenset(("minor_people", "leader", "revolt", "kingdom", "people_revive"))
FACTION_ONLY: Final = frozenset(("roman_fortify", "engineering"))
LASTING: Final = {
    "weaponry": 0,
    "fury": 1,
    "surprise_attack": 2,
    "siegecraft": 3,
    "gods_favor": 4,
    "leader": 5,
}
"""Lasting half-turn effects, by their bit in ``flags`` (HRE-8.1: not twice)."""
F_EMP3: Final = 6
"""Bit of ``flags``: the Emperor's third die is still alive."""

CARD_INFO: Final = (
    ("", 0, 0, False, 0, 0),
    *(
        (
            c.kind,
            c.first if c.kind in IMPLEMENTED_CARDS else 99,
            c.last,
            c.timing.value == "before",
            1 if c.kind in PEOPLE_ONLY else 2 if c.kind in FACTION_ONLY else 0,
            c.id if c.kind in ("minor_people", "kingdom") else 0,
        )
        for c in DECK
    ),
)
"""Per card id: kind, periods, before-turn, half-turn it is limited to, and its dedup key."""

# --- interned actions ----------------------------------------------------------------------------

_ROUNDS: Final[dict[tuple[bool, bool], Action]] = {
    (w, d): Round(w, d) for w in (True, False) for d in (True, False)
}
_DICE: Final[tuple[Action, ...]] = tuple(Dice(v) for v in range(37))
_VERBS: Final = (
    "end_declaration",
    "end_build",
    "done_takeup",
    "end_expansion",
    "stand",
    "loot",
    "spare",
    "take_fort",
    "destroy_fort",
    "recruit",
    "eliminate",
    "accept",
    "refuse",
)
_PVERBS: Final = (
    "place",
    "take_up",
    "start",
    "retreat",
    "bribe",
    "fort",
    "fortress",
    "rebuild",
    "free_fort",
    "found",
)
_DECIDE: Final = {(s, v): Decide(s, v) for s in range(4) for v in _VERBS}
_PICK: Final = {
    (s, v, land): Pick(s, v, land) for s in range(4) for v in _PVERBS for land in range(NL)
}
_HAND: Final = {(s, t): HandTo(s, t) for s in range(4) for t in range(4)}
_COUNTERS: Final = {(e, k): DrawCounter(e, k) for e in (False, True) for k in range(1, 7)}
_DEALS: Final = {(s, c.id): Deal(s, c.id) for s in range(4) for c in DECK}


def _sum_dist(k: int) -> list[tuple[int, float]]:
    """Exact distribution of the total of ``k`` dice."""
    counts: dict[int, int] = {}
    for roll in itertools.product(range(1, 7), repeat=k):
        counts[sum(roll)] = counts.get(sum(roll), 0) + 1
    total = 6**k
    return [(v, c / total) for v, c in sorted(counts.items())]


SUM_DIST: Final = {k: _sum_dist(k) for k in (1, 2)}

_ROUND_CACHE: dict[tuple[int, int, bool, int, int, bool], list[tuple[Action, float]]] = {}


def _roll_dist(ad: int, am: int, at: bool, dd: int, dm: int, dt: bool) -> dict[str, float]:
    """One roll's chances: attacker win/defender win/reroll, each with triples or not."""
    out = dict.fromkeys(("a", "ad", "d", "dd", "r", "rd"), 0.0)
    dmax = [0.0] * 7
    for roll in itertools.product(range(1, 7), repeat=dd):
        dmax[max(roll)] += 1 / 6**dd
    for roll in itertools.product(range(1, 7), repeat=ad):
        pa = 1 / 6**ad
        triple = ad == 3 and roll[0] == roll[1] == roll[2]
        a = max(roll) + am
        for dv in range(1, 7):
            p = pa * dmax[dv]
            if not p:
                continue
            d = dv + dm
            if a > d:
                key = "a"
            elif a < d:
                key = "d"
            elif dt and at:
                key = "r"
            elif at:
                key = "a"
            elif dt:
                key = "d"
            else:
                key = "r"
            out[key + ("d" if triple else "")] += p
    return out


def round_outcomes(
    ad: int, am: int, at: bool, dd: int, dm: int, dt: bool
) -> list[tuple[Action, float]]:
    """Exact outcomes of a decided round (rerolls on ties folded in, HRE-12.0.1)."""
    key = (ad, am, at, dd, dm, dt)
    cached = _ROUND_CACHE.get(key)
    if cached is not None:
        return cached
    two = _roll_dist(2, am, at, dd, dm, dt)
    f2a = two["a"] / (1 - two["r"])
    if ad == 3:
        three = _roll_dist(3, am, at, dd, dm, dt)
        stay = 1 - three["r"]
        pa_alive = three["a"] / stay
        pd_alive = three["d"] / stay
        pa_died = (three["ad"] + three["rd"] * f2a) / stay
        pd_died = (three["dd"] + three["rd"] * (1 - f2a)) / stay
        res = [
            (_ROUNDS[True, False], pa_alive),
            (_ROUNDS[False, False], pd_alive),
            (_ROUNDS[True, True], pa_died),
            (_ROUNDS[False, True], pd_died),
        ]
        res = [(a, p) for a, p in res if p > 0]
        total = sum(p for _, p in res)
        res = [(a, p / total) for a, p in res]
    else:
        res = [(_ROUNDS[True, False], f2a), (_ROUNDS[False, False], 1 - f2a)]
    _ROUND_CACHE[key] = res
    return res


def _binomial(k: int, p: float) -> list[tuple[int, float]]:
    return [(i, math.comb(k, i) * p**i * (1 - p) ** (k - i)) for i in range(k + 1)]


class HotreState(CachedLegalState, SavedState):
    """A position of History of the Roman Empire."""

    _LISTS: Final = (
        "occ",
        "cnt",
        "fort",
        "fown",
        "city",
        "fk",
        "fo",
        "fx",
        "armies",
        "nation_force",
        "ppts",
        "fpts",
        "played",
        "pcounter",
        "ecounter",
        "pknow",
        "eknow",
        "prev_pnum",
        "start_land",
        "elim",
        "dead",
        "order",
        "pile",
        "box",
        "dq",
        "pend",
        "new_forts",
        "used_cards",
        "winners",
        "truce",
        "calm",
    )
    _SCALARS: Final = (
        "period",
        "stage",
        "player",
        "active",
        "half",
        "act_force",
        "main_force",
        "sub",
        "to_place",
        "free_forts",
        "placed",
        "draw_pos",
        "drawn",
        "emp_phase",
        "pcall",
        "ecall",
        "bat_land",
        "bat_round",
        "bat_def",
        "bat_diff",
        "bat_sea",
        "flags",
        "deal_seat",
        "deal_set",
        "found_left",
        "back",
        "bat_card",
        "rebels_left",
    )

    __slots__ = (
        *_LISTS,
        *_SCALARS,
        "S",
        "_hist",
        "_hlen",
        "_legal",
        "_log",
        "game",
        "hands",
        "n",
        "opts",
    )

    def __init__(self, game: HotreTable) -> None:
        self.game = game
        self.opts = game.opts
        self.n = game.num_players
        S = 4 if self.n == 2 else self.n  # HRE-15.1: two players play four seats
        self.S = S
        self.occ = [-1] * NL
        self.cnt = [0] * NL
        self.fort = [0] * NL
        self.fown = [-1] * NL
        self.city = [0] * NL
        self.fk = [FACTION] * S + [REBELS]
        self.fo = [*range(S), -1]
        self.fx = [0] * (S + 1)
        self.armies = [0] * (S + 1)
        self.nation_force = [-1] * len(NATIONS)
        self.ppts = [0] * S
        self.fpts = [0] * S
        self.hands: list[list[int]] = [[] for _ in range(S)]
        self.played = [0] * S
        self.pcounter = [0] * S
        self.ecounter = [0] * S
        self.pknow = [0] * S
        self.eknow = [0] * S
        self.prev_pnum = [0] * S
        self.start_land = [-1] * S
        self.elim = [0] * S
        self.dead = [0] * S
        self.order = list(range(S))
        self.pile: list[int] = []
        deck = [c for c in DECK if not c.optional]
        if self.opts.gods_favor:  # HRE-15.3
            swap = next(c for c in deck if c.kind == "wrath_of_god" and c.id == 35)
            deck[deck.index(swap)] = DECK[-1]
        self.box = [c.id for c in deck]
        self.dq: list[int] = []
        self.pend: list[int] = []
        self.new_forts: list[int] = []
        self.used_cards: list[int] = []
        self.truce: list[int] = []
        self.calm = [0] * NL
        self.winners: list[int] = []
        self.period = 1
        self.stage = DEAL
        self.player = CHANCE
        self.active = -1
        self.half = 0
        self.act_force = -1
        self.main_force = -1
        self.sub = 0
        self.to_place = 0
        self.free_forts = 0
        self.placed = 0
        self.draw_pos = 0
        self.drawn = 0
        self.emp_phase = 0
        self.pcall = 1
        self.ecall = 1
        self.bat_land = -1
        self.bat_round = 0
        self.bat_def = -1
        self.bat_diff = 0
        self.bat_sea = 0
        self.flags = 0
        self.deal_seat = 0
        self.deal_set = 1
        self.found_left = 0
        self.back = 0
        self.bat_card = 0
        self.rebels_left = 0
        self._hist: tuple[Any, ...] | None = None
        self._hlen = 0
        self._legal: list[Action] | None = None
        # the points log: nested pairs (entries, earlier), shared by clones like the history
        self._log: tuple[Any, ...] | None = None

    # -- contract -----------------------------------------------------------------------------

    def seat_player(self, seat: int) -> int:
        """The player who decides for ``seat`` (HRE-15.1: seats 1, 3 / 2, 4 with two players)."""
        return seat % 2 if self.n == 2 else seat

    def current_player(self) -> int:
        """Player to move, ``CHANCE`` or ``TERMINAL``."""
        p = self.player
        if p < 0:
            return p
        return p % 2 if self.n == 2 else p

    def is_chance_node(self) -> bool:
        """Whether a die, deal or draw comes next."""
        return self.player == CHANCE

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.stage == OVER

    def clone(self) -> HotreState:
        """An independent copy (history shared immutably)."""
        c = HotreState.__new__(HotreState)
        c.game = self.game
        c.opts = self.opts
        c.n = self.n
        c.S = self.S
        for f in self._LISTS:
            setattr(c, f, getattr(self, f).copy())
        for f in self._SCALARS:
            setattr(c, f, getattr(self, f))
        c.hands = [h.copy() for h in self.hands]
        c._hist = self._hist
        c._hlen = self._hlen
        c._legal = self._legal
        c._log = self._log
        return c

    # -- small queries ------------------------------------------------------------------------

    def owner(self, force: int) -> int:
        """Seat owning ``force`` (-1 for the Rebels)."""
        return int(self.fo[force])

    def _new_force(self, kind: int, owner: int, extra: int) -> int:
        self.fk.append(kind)
        self.fo.append(owner)
        self.fx.append(extra)
        self.armies.append(0)
        return len(self.fk) - 1

    def _emperor(self, seat: int) -> Any:
        k = self.ecounter[seat]
        if not k:
            return None
        return CHARTS.emperors[(self.period - 1) * 6 + k - 1]

    def _bonus(self, seat: int, kind: BonusKind) -> int:
        e = self._emperor(seat)
        if e is None or e.bonus is None or e.bonus.kind is not kind:
            return 0
        return int(e.bonus.value)

    def legions_unused(self, seat: int) -> int:
        """Legion counters neither on the map, eliminated nor waiting to be placed (HRE-5.1)."""
        pending = self.to_place if self.act_force == seat and self.half == 2 else 0
        legions = self.opts.legion_set(self.S)
        return legions - self.armies[seat] - self.elim[seat] - pending

    def _take_legions(self, seat: int, k: int) -> int:
        """Add up to ``k`` Legions to place, unused counters first, then eliminated (HRE-5.0)."""
        got = 0
        for _ in range(k):
            if self.legions_unused(seat) > 0:
                self.to_place += 1
            elif self.elim[seat] > 0:
                self.elim[seat] -= 1
                self.to_place += 1
            else:
                break
            got += 1
        return got

    def _held(self, force: int) -> list[int]:
        occ = self.occ
        return [i for i in range(NL) if occ[i] == force]

    # -- legal actions ------------------------------------------------------------------------

    def _legal_actions(self) -> list[Action]:
        p = self.player
        if p < 0:
            return []
        st = self.stage
        if st == HAND:
            return [_HAND[p, t] for t in self._hand_targets()]
        if st == DECLARE:
            out: list[Action] = self._card_plays(True)
            out.append(_DECIDE[p, "end_declaration"])
            return out
        if st == BUILD:
            return self._build_options()
        if st == TAKEUP:
            out = [_PICK[p, "take_up", land] for land in self._takeup_lands()]
            out.append(_DECIDE[p, "done_takeup"])
            return out
        if st == EXPAND:
            out = [_PICK[p, v, land] for v, land in self._placements()]
            if self.half == 2 and not self.sub and self.free_forts:
                out += [_PICK[p, "free_fort", land] for land in self._fort_sites()]
            if not self.sub:
                out += self._card_plays(False)
            out.append(_DECIDE[p, "end_expansion"])
            return out
        if st == RETREAT:
            out = [
                _PICK[p, "retreat", land] for land in self._retreats(self.bat_land, self.bat_def)
            ]
            out.append(_DECIDE[p, "stand"])
            return out
        if st == DISPLACE:
            src, force = self.dq[0], self.dq[1]
            out = [_PICK[p, "retreat", land] for land in self._retreats(src, force, True)]
            out.append(_DECIDE[p, "eliminate"])
            return out
        if st == FORTCHOICE:
            return [_DECIDE[p, "take_fort"], _DECIDE[p, "destroy_fort"]]
        if st == LOOTCHOICE:
            return [_DECIDE[p, "loot"], _DECIDE[p, "spare"]]
        if st == FOUND:
            return [_PICK[p, "found", land] for land in self._found_sites()[0]]
        if st == REBELRETREAT:
            out = [_PICK[p, "retreat", land] for land in self._retreats(self.pend[0], p)]
            out.append(_DECIDE[p, "stand"])
            return out
        if st == OFFER:
            return [Offer(p, k) for k in range(self.fpts[p] + 1)]
        if st == ANSWER:
            return [_DECIDE[p, "accept"], _DECIDE[p, "refuse"]]
        return []

    def _hand_targets(self) -> list[int]:
        held = self.ecounter if self.emp_phase else self.pcounter
        d = self.order[self.draw_pos]
        empty = [t for t in range(self.S) if not held[t] and t != d]
        if not held[d]:
            return [d, *empty]
        return empty

    def _card_plays(self, declaring: bool) -> list[Action]:
        s = self.active
        if self.played[s] >= 2:  # HRE-4.0
            return []
        out: list[Action] = []
        seen: set[tuple[str, int]] = set()
        period = self.period
        half = self.half
        for cid in self.hands[s]:
            kind, first, last, before, only, key = CARD_INFO[cid]
            if not first <= period <= last or (before and not declaring):
                continue
            if only and only != half:
                continue
            if (kind, key) in seen:
                continue
            seen.add((kind, key))
            for t in self._card_targets(kind):
                out.append(PlayCard(s, cid, t))
        return out

    def _card_targets(self, kind: str) -> list[int]:
        s = self.active
        if kind in LASTING:
            if self.flags >> LASTING[kind] & 1:
                return []  # HRE-8.1: the same lasting effect does not add up
            if kind == "leader" and self.main_force < 0:
                return []
            return [-1]
        if kind in ("minor_people", "kingdom"):
            return [-1]
        if kind == "elite_troops":
            if self.half == 2 and (self.dead[s] or self.legions_unused(s) + self.elim[s] <= 0):
                return []
            return [-1]
        if kind == "epidemy":
            return [i for i in range(NL) if self.cnt[i]]
        if kind == "pestilence":
            return [a for a, lands in enumerate(AREA_LANDS) if any(self.cnt[i] for i in lands)]
        if kind == "wrath_of_god":
            spared = {ROME}
            if self.period >= self.opts.constantinople_from:
                spared.add(CONSTANTINOPLE)
            return [
                i
                for i in range(NL)
                if i not in spared and (self.cnt[i] or self.fort[i] or self.city[i] == 1)
            ]
        if kind == "disaster":
            return [i for i in range(NL) if self.city[i] == 1]
        if kind == "plague":
            return [i for i in range(NL) if self.cnt[i]]
        if kind == "people_revive":
            fk, fo, nf = self.fk, self.fo, self.nation_force
            return [
                k
                for k in range(len(NATIONS))
                if nf[k] >= 0
                and fk[nf[k]] == PEOPLE
                and fo[nf[k]] == s
                and nf[k] != self.main_force
            ]
        if kind in ("treachery", "revolt"):
            if self.stage != EXPAND or self.to_place <= 0 or self.sub:
                return []
            return self._strike_targets(kind == "revolt")
        if kind == "rebellion":
            return [
                i
                for i in range(NL)
                if self.occ[i] >= 0 and self.fk[self.occ[i]] == FACTION and self.occ[i] != s
            ]
        if kind == "roman_fortify":
            if self.dead[s]:
                return []
            return sorted({*self._fort_sites(), *(i for i in range(NL) if self._free_upgrade(i))})
        if kind == "engineering":
            if self.dead[s]:
                return []
            return [
                i
                for i in range(NL)
                if self.occ[i] == s
                and ((RESOURCE[i] and not self.city[i]) or self._free_upgrade(i))
            ]
        return []

    def _strike_targets(self, revolt: bool) -> list[int]:
        """Lands a Revolt (HRE-8.5.6) or Treachery (HRE-8.5.17) may strike."""
        s = self.active
        f = self.act_force
        occ, fo = self.occ, self.fo
        out = []
        for t in range(NL):
            g = occ[t]
            if g < 0 or fo[g] == s:
                continue
            if revolt:
                if fo[g] < 0 or not any(occ[n] >= 0 and fo[occ[n]] == s for n in ADJ[t]):
                    continue
            elif self.cnt[t] != 1 or self.fort[t] == 2 or not any(occ[n] == f for n in ADJ[t]):
                continue
            out.append(t)
        return out

    def _free_upgrade(self, land: int) -> bool:
        s = self.active
        return (
            self.fort[land] == 1
            and self.fown[land] == s
            and self.city[land] > 0
            and self.occ[land] in (s, -1)
        )

    def _fort_sites(self) -> list[int]:
        s = self.active
        return [i for i in range(NL) if self.occ[i] == s and not self.fort[i]]

    def _build_options(self) -> list[Action]:
        s = self.active
        o = self.opts
        rvp = self.fpts[s]
        out: list[Action] = []
        cost = (
            o.recruit_cost_late if self.period >= o.recruit_cost_late_from else o.recruit_cost_early
        )
        if self.elim[s] > 0 and rvp >= cost:
            out.append(_DECIDE[s, "recruit"])
        held = [i for i in range(NL) if self.occ[i] == s]
        near: set[int] = set()
        for h in held:
            near.update(ADJ[h])
        rebels = self.S
        for i in sorted(near):
            k = self.cnt[i]
            if (
                self.occ[i] == rebels
                and rvp >= k * o.rebel_bribe_cost
                and self.legions_unused(s) + self.elim[s] >= k
                and self.armies[s] + self.to_place + k <= o.legion_set(self.S)
            ):
                out.append(_PICK[s, "bribe", i])
        if rvp >= o.fort_cost:
            out += [_PICK[s, "fort", i] for i in held if not self.fort[i]]
        if rvp >= o.fortress_cost:
            out += [
                _PICK[s, "fortress", i]
                for i in range(NL)
                if self.fort[i] == 1
                and self.fown[i] == s
                and self.city[i]
                and self.occ[i] in (s, -1)
                and i not in self.new_forts
            ]
        if rvp >= o.rebuild_cost:
            out += [_PICK[s, "rebuild", i] for i in held if self.city[i] == 2]
        out.append(_DECIDE[s, "end_build"])
        return out

    def _takeup_lands(self) -> list[int]:
        f = self.act_force
        if self.fk[f] == FACTION:  # HRE-11.2: never leave a held land vacant
            return [
                i
                for i in range(NL)
                if self.occ[i] == f and (self.cnt[i] >= 2 or (self.fort[i] and self.fown[i] == f))
            ]
        return [i for i in range(NL) if self.occ[i] == f]

    def _placements(self) -> list[tuple[str, int]]:
        """Legal placements of the acting force: (verb, land)."""
        if self.to_place <= 0:
            return []
        f = self.act_force
        kind = self.fk[f]
        occ = self.occ
        if kind == FACTION and self.period == 1 and self.armies[f] == 0 and not self.placed:
            taken = set(self.start_land)
            return [("start", land) for land in STARTS if land not in taken]  # HRE-5.5
        if kind == FACTION and self.armies[f] == 0 and not self.placed:
            return [("place", land) for land in self._reentry()[0]]
        if kind != FACTION and not self.placed:
            start = self._start_of(f)
            if self.armies[f] == 0:
                return [("place", start)]  # HRE-4.4
        cnt = self.cnt
        mark = [False] * NL
        faction = kind == FACTION
        for h in range(NL):
            if occ[h] == f:
                mark[h] = True
                for n in ADJ[h]:
                    mark[n] = True
                if faction:
                    for n in OVERSEAS[h]:
                        mark[n] = True
        if not faction and not self.placed:
            mark[self._start_of(f)] = True
        spared: set[int] = set()
        if self.truce:
            spared = {t & 7 for t in self.truce if t >> 3 == f}
        return [
            ("place", i)
            for i in range(NL)
            if mark[i] and (occ[i] != f or cnt[i] < 3) and (not spared or occ[i] not in spared)
        ]

    def _start_of(self, force: int) -> int:
        kind = self.fk[force]
        if kind == PEOPLE:
            return CHARTS.peoples[self.fx[force] >> 8].start
        card = DECK[(self.fx[force] >> 8) - 1]
        assert card.land is not None
        return card.land

    def _reentry(self) -> tuple[list[int], bool]:
        """HRE-5.6: where a Faction with no Legion places its first one (and if by fallback)."""
        s = self.act_force
        occ, fort = self.occ, self.fort
        lvl1 = [i for i in range(NL) if occ[i] < 0 and fort[i]]
        if lvl1:
            return lvl1, False
        roman = [i for i in range(NL) if occ[i] >= 0 and self.fk[occ[i]] == FACTION]
        lvl2 = sorted({n for r in roman for n in ADJ[r] if occ[n] < 0 and not fort[n]})
        if lvl2:
            return lvl2, False
        lvl3 = [i for i in roman if occ[i] != s]
        if lvl3:
            return lvl3, False
        return ([self.start_land[s]] if self.start_land[s] >= 0 else [STARTS[0]]), True

    def _retreats(self, src: int, force: int, displaced: bool = False) -> list[int]:
        out = []
        for n in ADJ[src]:  # HRE-9.2: border or strait, never the sea
            if (self.occ[n] == force and self.cnt[n] < 3) or (
                not displaced and self.occ[n] < 0 and self.fort[n] and self.fown[n] == force
            ):
                out.append(n)
        return out

    def _found_sites(self) -> tuple[list[int], int]:
        s = self.active
        sites = [i for i in range(NL) if self.occ[i] == s and RESOURCE[i] and not self.city[i]]
        start = self.start_land[s]
        home = [i for i in sites if start >= 0 and AREA_OF[i] == AREA_OF[start]]
        if home:
            return home, len(home)
        return sites, len(sites)

    # -- chance -------------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """Exact outcomes of the pending chance event."""
        if self.player != CHANCE:
            return []
        st = self.stage
        if st == ORDER:
            perms = list(itertools.permutations(range(self.S)))
            return [(Order(p), 1 / len(perms)) for p in perms]
        if st == DEAL:
            cards = self._deal_pool()
            return [(_DEALS[self.deal_seat, c], 1 / len(cards)) for c in cards]
        if st == DRAW:
            pile = self.pile
            return [(_COUNTERS[bool(self.emp_phase), k], 1 / len(pile)) for k in pile]
        if st == ROUND:
            return round_outcomes(*self._round_params())
        if st == LOOTROLL:
            return [(_DICE[v], p) for v, p in SUM_DIST[self.pend[2]]]
        if st == ENDROLL:
            return [(_DICE[v], p) for v, p in SUM_DIST[1]]
        if st == EPIDEMY:
            k = self.cnt[self.pend[2]]
            return [(_DICE[v], p) for v, p in _binomial(k, self.pend[1] / 6)]
        if st == REBELROUND:
            return round_outcomes(*self._rebel_params())
        return []

    def _deal_pool(self) -> list[int]:
        return [c for c in self.box if DECK[c - 1].set == self.deal_set]

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw the pending chance outcome with its exact probabilities."""
        st = self.stage
        if st == DRAW:
            return _COUNTERS[bool(self.emp_phase), self.pile[int(rng.random() * len(self.pile))]]
        if st == DEAL:
            pool = self._deal_pool()
            return _DEALS[self.deal_seat, pool[int(rng.random() * len(pool))]]
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalActionError("no chance event is pending: a player decides now", "HRE-1.4")
        r = rng.random()
        acc = 0.0
        for a, p in outcomes:
            acc += p
            if r < acc:
                return a
        return outcomes[-1][0]

    def _round_params(self) -> tuple[int, int, bool, int, int, bool]:
        f = self.act_force
        fl = self.flags
        main = f == self.main_force and not self.sub and not self.bat_card
        ad, am, at = 2, 0, False
        if main:
            if (fl >> LASTING["leader"] & 1) or (fl >> F_EMP3 & 1):
                ad = 3
            am = (fl & 1) + (fl >> LASTING["gods_favor"] & 1)
            at = bool(fl >> LASTING["fury"] & 1 or fl >> LASTING["gods_favor"] & 1)
            if self.half == 2:
                am += self._bonus(self.active, BonusKind.ATTACK)
                at = at or bool(self._bonus(self.active, BonusKind.TIE))
        surprise = main and bool(fl >> LASTING["surprise_attack"] & 1)
        siege = main and bool(fl >> LASTING["siegecraft"] & 1)
        land = self.bat_land
        dd = 2 if (self.bat_diff or self.bat_sea) and not surprise and not self.bat_card else 1
        dm = 0
        dt = False
        if self.fort[land] and not siege:
            dm += 1
            dt = self.fort[land] == 2
        if self.bat_sea and not surprise and self.fk[self.bat_def] in (PEOPLE, MINOR):
            dm += 1
        return ad, am, at, dd, dm, dt

    # -- applying -----------------------------------------------------------------------------

    def apply_action(self, action: Action) -> None:
        """Apply ``action``; an illegal one raises ``IllegalActionError`` and changes nothing."""
        if self.stage == OVER:
            raise IllegalActionError("the game is over", "HRE-14.1")
        if self.player == CHANCE:
            if self.stage in (DEAL, DRAW):
                ok = action in dict(self.chance_outcomes())
            else:
                ok = any(a == action for a, _ in self.chance_outcomes())
            if not ok:
                raise IllegalActionError(f"{action} is not the chance event pending now", "HRE-1.4")
            self._apply_chance(action)
        else:
            legal = self._legal
            if legal is None:
                legal = self._legal = self._legal_actions()
            if action not in legal:
                raise IllegalActionError(*self._why(action))
            self._apply_decision(action)
        self._hist = (action, self._hist)
        self._hlen += 1
        self._legal = None

    def _why(self, a: Action) -> tuple[str, str]:
        seat = getattr(a, "seat", -2)
        if seat == -2:
            return f"{a}: a player decides now, no chance event is pending", "HRE-1.4"
        if seat != self.player:
            return f"{a}: it is {SEATS[self.player]}'s decision now", "HRE-3.8"
        st = self.stage
        if isinstance(a, PlayCard):
            if a.card not in self.hands[seat]:
                return f"{a}: the card is not in the hand", "HRE-2.4"
            if self.played[seat] >= 2:
                return f"{a}: two cards per period at most", "HRE-4.0"
            return f"{a}: the card cannot be played now or there", "HRE-8.1"
        if st == HAND:
            return f"{a}: the counter must go to a seat holding none", "HRE-3.2"
        if st == BUILD:
            return f"{a}: not a purchase the Faction can make now", "HRE-5.0"
        if st == TAKEUP:
            return f"{a}: no army may be taken up there", "HRE-11.1"
        if st == EXPAND:
            if isinstance(a, Pick) and a.verb == "start":
                return f"{a}: not a free starting land", "HRE-5.5"
            return f"{a}: not a land this force can reach or stack in", "HRE-4.8"
        if st in (RETREAT, DISPLACE):
            return f"{a}: no retreat there", "HRE-9.4" if st == RETREAT else "HRE-9.1"
        if st == FOUND:
            return f"{a}: not a City site of the current priority", "HRE-13.2"
        return f"{a}: not a legal decision now ({STAGE_NAMES[st]})", "HRE-3.0"

    def _apply_chance(self, a: Action) -> None:
        st = self.stage
        if st == DEAL:
            assert isinstance(a, Deal)
            self.box.remove(a.card)
            self.hands[a.seat].append(a.card)
            self.deal_seat += 1
            if self.deal_seat == self.S:
                self.deal_seat = 0
                self.deal_set += 1
            if self.deal_set > SETS:
                self.stage = ORDER
            return
        if st == ORDER:
            assert isinstance(a, Order)
            self.order = list(a.seats)
            self._begin_handout()
            return
        if st == DRAW:
            assert isinstance(a, DrawCounter)
            self.pile.remove(a.number)
            self.drawn = a.number
            self.stage = HAND
            self.player = self.order[self.draw_pos]
            self._auto()
            return
        if st == ROUND:
            assert isinstance(a, Round)
            self._resolve_round(a.attacker_wins, a.died)
            return
        if st == REBELROUND:
            assert isinstance(a, Round)
            self._rebel_round(a.attacker_wins)
            return
        assert isinstance(a, Dice)
        if st == LOOTROLL:
            self._loot_scored(a.value)
        elif st == ENDROLL:
            self._end_roll(a.value)
        elif st == EPIDEMY:
            self._epidemy(a.value)

    def _apply_decision(self, a: Action) -> None:
        st = self.stage
        if isinstance(a, PlayCard):
            self._play(a)
            return
        if st == HAND:
            assert isinstance(a, HandTo)
            self._hand(a.seat, a.to)
            return
        if st == DECLARE:
            self._after_declaration()
            return
        if st == BUILD:
            self._buy(a)
            return
        if st == TAKEUP:
            if isinstance(a, Pick):
                self._remove(a.land, 1, eliminated=False)
                self.to_place += 1
            else:
                self.stage = EXPAND
                self._expand_next()
            return
        if st == EXPAND:
            assert isinstance(a, Pick | Decide)
            if isinstance(a, Decide):
                self._end_expansion()
            elif a.verb == "free_fort":
                self.fort[a.land] = 1
                self.fown[a.land] = self.active
                self.free_forts -= 1
                self._expand_next()
            else:
                self._place(a.land, a.verb == "start")
            return
        if st == RETREAT:
            if isinstance(a, Pick):
                self._retreat_legion(a.land)
            else:
                self.player = CHANCE
                self.stage = ROUND
            return
        if st == DISPLACE:
            self._displace(a.land if isinstance(a, Pick) else -1)
            return
        if st == FORTCHOICE:
            land = self.pend[0]
            if a == _DECIDE[self.player, "take_fort"]:
                self.fown[land] = self.act_force
            else:
                self.fort[land] = 0
                self.fown[land] = -1
            self._after_fort()
            return
        if st == LOOTCHOICE:
            assert isinstance(a, Decide)
            if a.verb == "loot":
                self.stage = LOOTROLL
                self.player = CHANCE
            else:
                self.pend = []
                self._resume()
            return
        if st == REBELRETREAT:
            if isinstance(a, Pick):
                land, g = self.pend
                self.cnt[land] -= 1
                if self.occ[a.land] == g:
                    self.cnt[a.land] += 1
                else:
                    self.occ[a.land] = g
                    self.cnt[a.land] = 1
                    self.calm[a.land] = 0
                if self.cnt[land] == 0:
                    self.occ[land] = -1
                    self._rebels_hold(land, self.rebels_left, g)
            else:
                self.stage = REBELROUND
                self.player = CHANCE
            return
        if st == OFFER:
            assert isinstance(a, Offer)
            if a.amount:
                self.pend = [a.amount]
                self.stage = ANSWER
                self.player = self.active
            else:
                self.stage = ROUND
                self.player = CHANCE
            return
        if st == ANSWER:
            if a == _DECIDE[self.player, "accept"]:
                self._bribed()
            else:
                self.pend = []
                self.stage = ROUND
                self.player = CHANCE
            return
        if st == FOUND:
            assert isinstance(a, Pick)
            self.city[a.land] = 1
            self.found_left -= 1
            self._found_next()

    # -- setup and counters (HRE-2, HRE-3) ------------------------------------------------------

    def _begin_handout(self) -> None:
        self.pile = [1, 2, 3, 4, 5] if not self.emp_phase else [1, 2, 3, 4, 5, 6]
        self.draw_pos = 0
        self.stage = DRAW
        self.player = CHANCE

    def _hand(self, seat: int, to: int) -> None:
        held = self.ecounter if self.emp_phase else self.pcounter
        bit = 0 if held[seat] else 1 << seat  # HRE-3.2: a seat already handed one does not look
        if self.emp_phase:
            self.ecounter[to] = self.drawn
            self.eknow[to] = bit
        else:
            self.pcounter[to] = self.drawn
            self.pknow[to] = bit
        self.drawn = 0
        self.draw_pos += 1
        if self.draw_pos < self.S:
            self.stage = DRAW
            self.player = CHANCE
            return
        if not self.emp_phase:
            self.emp_phase = 1
            self._begin_handout()
            return
        # HRE-3.6: both hand-outs over, each holder sees its counters
        for s in range(self.S):
            self.pknow[s] |= 1 << s
            self.eknow[s] |= 1 << s
        self.pcall = 1
        self.ecall = 1
        self._next_half()

    def _auto(self) -> None:
        """Make a hand-over the rules leave no choice in (HRE-3.2); it is not a decision."""
        while self.player >= 0 and self.stage == HAND:
            targets = self._hand_targets()
            if len(targets) != 1:
                return
            self._hand(self.player, targets[0])

    def _next_half(self) -> None:
        """HRE-3.8: People and Faction turns alternate in counter order."""
        S = self.S
        if self.half != 1:
            for k in range(self.pcall, 6):
                holder = next((s for s in range(S) if self.pcounter[s] == k), -1)
                if holder >= 0:
                    self.pcall = k + 1
                    self.pknow[holder] = (1 << S) - 1  # shown when called
                    self._begin_people(holder, k)
                    return
            self.pcall = 6
        for k in range(self.ecall, 7):
            holder = next((s for s in range(S) if self.ecounter[s] == k), -1)
            if holder >= 0:
                self.ecall = k + 1
                self.eknow[holder] = (1 << S) - 1
                self._begin_faction(holder)
                return
        self.ecall = 7
        if self.pcall <= 5 and any(self.pcounter[s] >= self.pcall for s in range(S)):
            self.half = 0
            self._next_half()
            return
        self._end_period()

    def _begin_half(self, seat: int, half: int) -> None:
        self.active = seat
        self.half = half
        self.flags = 0
        self.to_place = 0
        self.placed = 0
        self.free_forts = 0
        self.sub = 0
        self.bat_land = -1
        self.new_forts = []
        self.stage = DECLARE
        self.player = seat

    def _begin_people(self, seat: int, number: int) -> None:
        """HRE-4.0 to HRE-4.6: the People of the counter enters play for ``seat``."""
        self._begin_half(seat, 1)
        row = (self.period - 1) * 5 + number - 1
        nat = NATION_OF[row]
        f = self.nation_force[nat]
        if f < 0:
            f = self._new_force(PEOPLE, seat, row << 8)
            self.nation_force[nat] = f
        else:
            self.fo[f] = seat  # HRE-4.6: the People passes to its new master
            self.fx[f] = row << 8
        self.main_force = f
        self.act_force = f

    def _begin_faction(self, seat: int) -> None:
        self._begin_half(seat, 2)
        self.main_force = seat
        self.act_force = seat
        if self._bonus(seat, BonusKind.DICE):
            self.flags |= 1 << F_EMP3

    def _after_declaration(self) -> None:
        if self.half == 1:
            f = self.main_force
            row = self.fx[f] >> 8
            strength = CHARTS.peoples[row].strength
            cap = self.opts.force_army_cap
            self.to_place += max(0, min(strength, cap) - self.armies[f])  # HRE-4.1, HRE-4.2
            self.to_place = min(self.to_place, cap - self.armies[f])
            self._start_takeup()
            return
        s = self.active
        if self.period > 1 and self.armies[s] == 0 and self.fpts[s] == 0:
            self.dead[s] = 1  # HRE-5.7
        if self.dead[s]:
            self._end_half()
            return
        self._take_legions(s, self._bonus(s, BonusKind.LEGIONS))  # HRE-5.0
        if self.period == 1:
            self._take_legions(s, self.opts.first_legions(self.S))
            self.free_forts = self.opts.start_forts
            self.stage = EXPAND
            self._expand_next()
            return
        self.stage = BUILD
        self.player = s

    def _start_takeup(self) -> None:
        f = self.act_force
        if self.armies[f] and self._takeup_lands():
            self.stage = TAKEUP
            self.player = self.active
        else:
            self.stage = EXPAND
            self._expand_next()

    def _buy(self, a: Action) -> None:
        s = self.active
        o = self.opts
        if isinstance(a, Decide):
            if a.verb == "end_build":
                self._start_takeup()
                return
            cost = (
                o.recruit_cost_late
                if self.period >= o.recruit_cost_late_from
                else o.recruit_cost_early
            )
            self.fpts[s] -= cost  # HRE-5.1
            self._note(s, True, [(SPENT, -1, -cost)])
            self.elim[s] -= 1
            self.to_place += 1
            return
        assert isinstance(a, Pick)
        land = a.land
        if a.verb == "bribe":  # HRE-5.2
            k = self.cnt[land]
            self.fpts[s] -= k * o.rebel_bribe_cost
            self._note(s, True, [(SPENT, AREA_OF[land], -k * o.rebel_bribe_cost)])
            self._remove(land, k, eliminated=False)
            self.elim[s] -= max(0, k - self.legions_unused(s))
            self.occ[land] = s
            self.cnt[land] = k
            self.armies[s] += k
            if self.fort[land]:
                self.fown[land] = s
        elif a.verb == "fort":  # HRE-5.3
            self.fpts[s] -= o.fort_cost
            self._note(s, True, [(SPENT, AREA_OF[land], -o.fort_cost)])
            self.fort[land] = 1
            self.fown[land] = s
            self.new_forts.append(land)
        elif a.verb == "fortress":
            self.fpts[s] -= o.fortress_cost
            self._note(s, True, [(SPENT, AREA_OF[land], -o.fortress_cost)])
            self.fort[land] = 2
        elif a.verb == "rebuild":  # HRE-5.4
            self.fpts[s] -= o.rebuild_cost
            self._note(s, True, [(SPENT, AREA_OF[land], -o.rebuild_cost)])
            self.city[land] = 1

    # -- placement, expansion and combat (HRE-4.4 to HRE-4.8, HRE-5.5 to HRE-5.9, HRE-12) -------

    def _calamity(self, land: int, k: int) -> None:
        """Remove ``k`` armies by Epidemy, Plague, Pestilence or Disaster (HRE-8.4)."""
        self._remove(land, k)
        if not self.cnt[land]:
            self.calm[land] = 1

    def _remove(self, land: int, k: int, eliminated: bool = True) -> None:
        f = self.occ[land]
        self.cnt[land] -= k
        self.armies[f] -= k
        if eliminated and self.fk[f] == FACTION:
            self.elim[f] += k
        if self.cnt[land] == 0:
            self.occ[land] = -1

    def _expand_next(self) -> None:
        """Return to the expansion decision, or end the expansion when nothing is left."""
        self.stage = EXPAND
        self.player = self.active
        if self.to_place <= 0 and not (self.half == 2 and not self.sub and self.free_forts):
            self._end_expansion()
            return
        if (
            self.to_place > 0
            and not self._placements()
            and not (self.half == 2 and not self.sub and self.free_forts and self._fort_sites())
        ):
            self._end_expansion()

    def _resume(self) -> None:
        if self.back == DECLARE:
            self._back()
            return
        self.back = 0
        self.stage = EXPAND
        self._expand_next()

    def _entry(self, land: int) -> tuple[int, int]:
        """(difficult, by sea) of the best way in for the acting force (HRE-12.4)."""
        f = self.act_force
        diff = 2
        hard = (DIFFICULT_OPTIONAL if self.opts.optional_terrain else DIFFICULT)[land]
        for n in ADJ[land]:
            if self.occ[n] == f:
                if n not in hard:
                    return 0, 0
                diff = 1
        if diff == 1:
            return 1, 0
        return 0, 1

    def _place(self, land: int, start: bool) -> None:
        f = self.act_force
        s = self.active
        kind = self.fk[f]
        first = not self.placed
        self.placed += 1
        self.to_place -= 1
        if start:  # HRE-5.5
            self.start_land[s] = land
            self.city[land] = 1
            self._enter_start(land)
            return
        if first and kind != FACTION and land == self._start_of(f) and self.occ[land] != f:
            self._enter_start(land)  # HRE-4.4, HRE-9.1
            return
        if first and kind == FACTION and self.armies[f] == 0 and self._reentry()[1]:
            self._enter_start(land)  # HRE-5.6 ruling: home as the last resort
            return
        if self.bat_land != land:
            self.bat_land = -1
        g = self.occ[land]
        if g == f:
            self.cnt[land] += 1
            self.armies[f] += 1
            self._expand_next()
            return
        if g < 0:
            calm = self.calm[land]
            self.calm[land] = 0
            fort_owner = self.fown[land] if self.fort[land] else -1
            self.occ[land] = f
            self.cnt[land] = 1
            self.armies[f] += 1
            if fort_owner < 0 or fort_owner == f:
                self._expand_next()
                return
            # HRE-12.2; HRE-8.4: a land a calamity emptied is taken without conquest
            self._conquered(land, -1, fort_owner, auto=self.fo[fort_owner] == s or bool(calm))
            return
        if self.fo[g] == s:  # HRE-12.6: automatic victory over one's own force
            k = self.cnt[land]
            self._remove(land, k)
            self.occ[land] = f
            self.cnt[land] = 1
            self.armies[f] += 1
            self._conquered(land, g, self.fown[land] if self.fort[land] else -1, auto=True)
            return
        if self.bat_land != land:
            self.bat_land = land
            self.bat_round = 0
        self.bat_def = g
        self.bat_diff, self.bat_sea = self._entry(land)
        if (
            self.opts.bribe_barbarians
            and self.bat_round == 0
            and kind in (PEOPLE, MINOR)
            and self.fk[g] == FACTION
            and self.fpts[g] > 0
        ):
            self.stage = OFFER  # HRE-15.4
            self.player = g
            return
        self._next_round()

    def _bribed(self) -> None:
        """HRE-15.4: the bribe is paid, the army waits, and the People spares that Faction."""
        amount = self.pend[0]
        g = self.bat_def
        self.pend = []
        self.fpts[g] -= amount
        self.ppts[self.active] += amount
        area = AREA_OF[self.bat_land] if self.bat_land >= 0 else -1
        self._note(g, True, [(BRIBES, area, -amount)])
        self._note(self.active, False, [(BRIBES, area, amount)])
        self.to_place += 1
        self.placed -= 1
        self.truce.append(self.act_force * 8 + g)
        self.bat_land = -1
        self._resume()

    def _next_round(self) -> None:
        g = self.bat_def
        land = self.bat_land
        if self.bat_round >= 1 and self.fk[g] == FACTION and self._retreats(land, g):
            self.stage = RETREAT  # HRE-9.4
            self.player = g
            return
        self.stage = ROUND
        self.player = CHANCE

    def _retreat_legion(self, to: int) -> None:
        land = self.bat_land
        g = self.bat_def
        self.cnt[land] -= 1
        if self.occ[to] == g:
            self.cnt[to] += 1
        else:
            self.occ[to] = g
            self.cnt[to] = 1
            self.calm[to] = 0
        if self.cnt[land] == 0:
            self.occ[land] = -1
            self._win_battle(land, g)
            return
        self._next_round()

    def _resolve_round(self, attacker_wins: bool, died: bool) -> None:
        if died:
            self.flags &= ~(1 << F_EMP3) & ~(1 << LASTING["leader"])  # HRE-3.5, HRE-8.5.2
        self.bat_round += 1
        land = self.bat_land
        g = self.bat_def
        f = self.act_force
        if attacker_wins:
            self._remove(land, 1)
            if self.cnt[land] == 0:
                self._win_battle(land, g)
                return
            self._next_round()
            return
        if self.fk[f] == FACTION:
            self.elim[f] += 1  # the attacking Legion falls
        if self.bat_card and self.rebels_left > 0 and self.to_place > 0:
            self.rebels_left -= 1  # HRE-8.5.6: the second committed army goes in
            self.to_place -= 1
            self.placed += 1
            self._next_round()
            return
        self.bat_card = 0
        self.rebels_left = 0
        self._resume()

    def _win_battle(self, land: int, g: int) -> None:
        f = self.act_force
        self.bat_card = 0
        self.rebels_left = 0
        self.occ[land] = f
        self.cnt[land] = 1
        self.armies[f] += 1
        self.bat_land = -1
        fort_owner = self.fown[land] if self.fort[land] else -1
        self._conquered(land, g, fort_owner, auto=False)

    def _conquered(self, land: int, prev: int, fort_owner: int, auto: bool) -> None:
        """HRE-12.7: the Fort, then the loot of a conquered land."""
        f = self.act_force
        prev_kind = self.fk[prev] if prev >= 0 else FACTION
        lootable = (
            not auto
            and self.city[land] == 1
            and (self.fk[f] != FACTION or prev_kind in (PEOPLE, MINOR, KINGDOM))
            and (prev >= 0 or self.fk[f] != FACTION)
        )
        dice = 1
        if self.fk[f] != FACTION and (
            land == ROME
            or (land == CONSTANTINOPLE and self.period >= self.opts.constantinople_from)
        ):
            dice = 2
        bonus = 0
        if self.fk[f] == KINGDOM:
            bonus = self.fx[f] & 0xFF
        elif prev >= 0 and prev_kind == KINGDOM:
            bonus = self.fx[prev] & 0xFF
        self.pend = [land, int(lootable), dice, bonus]
        if fort_owner >= 0 and fort_owner != f:
            if self.fk[f] == FACTION:
                self.stage = FORTCHOICE  # HRE-12.2
                self.player = self.active
                return
            self.fort[land] = 0
            self.fown[land] = -1
        self._after_fort()

    def _after_fort(self) -> None:
        if self.pend and self.pend[1]:
            self.stage = LOOTCHOICE  # HRE-12.8
            self.player = self.active
            return
        self.pend = []
        self._resume()

    def _loot_scored(self, value: int) -> None:
        land, _, _, bonus = self.pend
        s = self.active
        faction = self.fk[self.act_force] == FACTION
        if faction:
            self.fpts[s] += value + bonus
        else:
            self.ppts[s] += value + bonus
        self._note(s, faction, [(LOOT, AREA_OF[land], value + bonus)])
        self.city[land] = 2
        self.pend = []
        self._resume()

    def _enter_start(self, land: int) -> None:
        """HRE-4.4, HRE-9.1: enter a Start land; its occupants retreat or are eliminated."""
        f = self.act_force
        self.calm[land] = 0
        g = self.occ[land]
        k = self.cnt[land]
        if self.fort[land] and self.fown[land] != f:
            self.fort[land] = 0
            self.fown[land] = -1
        self.occ[land] = f
        self.cnt[land] = 1
        self.armies[f] += 1
        if g >= 0 and g != f:
            self.armies[g] -= k
            self.dq = [land, g, k]
            self._displace_next()
            return
        if g == f:
            self.cnt[land] += k
        self._expand_next()

    def _displace_next(self) -> None:
        land, g, k = self.dq
        while k > 0:
            options = self._retreats(land, g, True)
            if self.fo[g] < 0 or not options:
                if self.fk[g] == FACTION:
                    self.elim[g] += k
                k = 0
                break
            self.dq[2] = k
            self.stage = DISPLACE
            self.player = self.fo[g]
            return
        self.dq = []
        self._expand_next()

    def _displace(self, to: int) -> None:
        g, k = self.dq[1], self.dq[2]
        if to >= 0:
            self.cnt[to] += 1
            self.armies[g] += 1
        elif self.fk[g] == FACTION:
            self.elim[g] += 1
        self.dq[2] = k - 1
        self._displace_next()

    def _end_expansion(self) -> None:
        self.to_place = 0
        self.bat_land = -1
        if self.sub:  # a Minor People or Kingdom has finished; back to the declaration
            self.sub = 0
            self.act_force = self.main_force
            self.placed = 0
            self.stage = DECLARE
            self.player = self.active
            return
        if self.half == 2:
            self.free_forts = 0
            self._begin_founding()
            return
        self._score_half()
        self._end_half()

    # -- cities and scoring (HRE-13, HRE-14) --------------------------------------------------

    def _begin_founding(self) -> None:
        s = self.active
        resources = sum(1 for i in range(NL) if self.occ[i] == s and RESOURCE[i])
        new = resources // 2  # HRE-13.1
        if self.opts.city_limit == "total":
            have = sum(1 for i in range(NL) if self.occ[i] == s and self.city[i])
            new = max(0, new - have)
        self.found_left = new
        self._found_next()

    def _found_next(self) -> None:
        while self.found_left > 0:
            sites, k = self._found_sites()
            if not sites:
                break
            if self.found_left >= k:
                for i in sites:
                    self.city[i] = 1
                self.found_left -= k
                continue
            self.stage = FOUND
            self.player = self.active
            return
        self.found_left = 0
        self._score_half()
        self._end_half()

    def _seat_lands(self, seat: int) -> list[int]:
        """Lands held by any force of ``seat`` (for 'more lands than any other seat')."""
        fo = self.fo
        return [i for i in range(NL) if self.occ[i] >= 0 and fo[self.occ[i]] == seat]

    def score_half(
        self, seat: int, faction: bool, parts: list[tuple[int, int, int]] | None = None
    ) -> int:
        """Points ``seat`` scores now for one kind of holding (HRE-14.2 to HRE-14.5).

        Args:
            seat: the seat scoring.
            faction: its Faction (HRE-14.3) if true, else its People holdings (HRE-14.2).
            parts: if given, receives ``(source, area, points)`` for each item scored, with the
                source's index in :data:`POINT_SOURCES`.

        """
        occ, fk, fo = self.occ, self.fk, self.fo
        who = [fo[g] if g >= 0 else -1 for g in occ]
        if faction:
            ours = [g == seat for g in occ]
        else:
            ours = [g >= 0 and fo[g] == seat and fk[g] != FACTION for g in occ]
        lands = [i for i in range(NL) if ours[i]]
        pts = 0
        special = 3 if faction else 2
        for i in lands:
            if self.city[i] == 1:
                if i == ROME or (
                    i == CONSTANTINOPLE and self.period >= self.opts.constantinople_from
                ):
                    v = special
                else:
                    v = 2 if faction else 1
                pts += v
                if parts is not None:
                    parts.append((CITIES, AREA_OF[i], v))
        for a, alands in enumerate(AREA_LANDS):
            have = sum(1 for i in alands if ours[i])
            if not have:
                continue
            value = BOARD.areas[a].vp[self.period - 1]
            control = have
            if faction:
                control += sum(
                    1 for i in alands if occ[i] < 0 and self.fort[i] and self.fown[i] == seat
                )
            if control >= 5:
                pts += 3 * value
                if parts is not None:
                    parts.append((CONTROL, a, 3 * value))
                continue
            best_other = 0
            for t in range(self.S):
                if t == seat:
                    continue
                k = sum(1 for i in alands if who[i] == t)
                best_other = max(best_other, k)
            if have >= 3 or (have > best_other and have >= self.opts.domination_min_lands):
                pts += 2 * value
                if parts is not None:
                    parts.append((DOMINATION, a, 2 * value))
            else:
                pts += value
                if parts is not None:
                    parts.append((PRESENCE, a, value))
        if faction:
            bonus = self._bonus(seat, BonusKind.VP)
            pts += bonus * len(lands)
            if parts is not None and bonus:
                parts.extend((EMPEROR, AREA_OF[i], bonus) for i in lands)
        return pts

    def _score_half(self) -> None:
        s = self.active
        parts: list[tuple[int, int, int]] = []
        if self.half == 1:
            self.ppts[s] += self.score_half(s, False, parts)  # HRE-4.9
            self._note(s, False, parts)
        elif not self.dead[s]:
            self.fpts[s] += self.score_half(s, True, parts)  # HRE-7.0
            self._note(s, True, parts)

    def _note(self, seat: int, faction: bool, parts: list[tuple[int, int, int]]) -> None:
        """Add ``(source, area, points)`` items to the points log (bookkeeping only)."""
        items = tuple((seat, self.period, faction, *p) for p in parts if p[2])
        if items:
            self._log = (items, self._log)

    def points_log(self) -> list[PointsEntry]:
        """Every change of People and Faction points so far, oldest first.

        For each seat, the entries of each track add up to its points on that track (HRE-2.2):
        what it scored for cities, Areas, its Emperor, loot and the end of the game, less the RVP
        it spent and the bribes it paid.
        """
        batches = []
        node = self._log
        while node is not None:
            batches.append(node[0])
            node = node[1]
        batches.reverse()
        return [
            PointsEntry(seat, period, faction, POINT_SOURCES[source], area, points)
            for batch in batches
            for seat, period, faction, source, area, points in batch
        ]

    def _end_half(self) -> None:
        self.flags = 0
        self.to_place = 0
        self.act_force = -1
        self.main_force = -1
        self._next_half()

    def _end_period(self) -> None:
        S = self.S
        self.prev_pnum = self.pcounter.copy()
        if self.period >= self.opts.last_period:
            for s in range(S):  # HRE-14.3.1
                if not self.dead[s]:
                    self.fpts[s] += self.opts.end_land_bonus * self.armies_lands(s)
                    bonus = self.opts.end_land_bonus
                    self._note(
                        s,
                        True,
                        [(END_LANDS, AREA_OF[i], bonus) for i in range(NL) if self.occ[i] == s],
                    )
            self.dq = [f for f in range(len(self.fk)) if self.fk[f] == KINGDOM and self.armies[f]]
            self._end_rolls()
            return
        self.period += 1
        self.truce = []
        self.played = [0] * S
        self.pcounter = [0] * S
        self.ecounter = [0] * S
        self.pknow = [0] * S
        self.eknow = [0] * S
        self.half = 0
        totals = [self.ppts[s] + self.fpts[s] for s in range(S)]
        self.order = sorted(range(S), key=lambda s: (totals[s], self.prev_pnum[s]))  # HRE-3.1
        self.emp_phase = 0
        self._begin_handout()

    def armies_lands(self, seat: int) -> int:
        """Lands held by ``seat``'s Legions."""
        return sum(1 for i in range(NL) if self.occ[i] == seat)

    def _end_rolls(self) -> None:
        if self.dq:
            self.stage = ENDROLL
            self.player = CHANCE
            return
        self._finish()

    def _end_roll(self, value: int) -> None:
        f = self.dq.pop(0)
        self.ppts[self.fo[f]] += value + (self.fx[f] & 0xFF)
        self._note(self.fo[f], False, [(KINGDOMS, -1, value + (self.fx[f] & 0xFF))])
        self._end_rolls()

    def _finish(self) -> None:
        """HRE-14.1: highest total wins; ties go to the highest Emperor number."""
        self.stage = OVER
        self.player = TERMINAL
        totals = self.player_totals()
        best = max(totals)
        tied = [p for p in range(self.n) if totals[p] == best]
        if len(tied) > 1:
            emp = [0] * self.n
            for s in range(self.S):
                p = self.seat_player(s)
                emp[p] = max(emp[p], self.ecounter[s])
            top = max(emp[p] for p in tied)
            tied = [p for p in tied if emp[p] == top]
        self.winners = tied

    def player_totals(self) -> list[int]:
        """Each player's total (two seats added with two players, HRE-15.1)."""
        totals = [0] * self.n
        for s in range(self.S):
            totals[self.seat_player(s)] += self.ppts[s] + self.fpts[s]
        return totals

    # -- events (HRE-8) -----------------------------------------------------------------------

    def _play(self, a: PlayCard) -> None:
        s = self.active
        c = DECK[a.card - 1]
        self.hands[s].remove(a.card)
        self.used_cards.append(a.card)
        self.played[s] += 1
        kind = c.kind
        t = a.target
        if kind in LASTING:
            self.flags |= 1 << LASTING[kind]
            return
        if kind == "elite_troops":  # HRE-8.5.5
            if self.half == 1:
                cap = self.opts.force_army_cap - self.armies[self.main_force]
                self.to_place = max(0, min(self.to_place + c.armies, cap))
            else:
                self._take_legions(s, c.legions)
            if self.stage == EXPAND:
                self._expand_next()
            return
        if kind in ("minor_people", "kingdom"):  # HRE-8.3
            k = KINGDOM if kind == "kingdom" else MINOR
            f = self._new_force(k, s, (c.id << 8) | c.loot_bonus)
            self.sub = 1
            self.act_force = f
            self.placed = 0
            self.to_place = min(c.armies, self.opts.force_army_cap)
            self.stage = EXPAND
            self._expand_next()
            return
        if kind == "epidemy":  # HRE-8.5.8
            self.pend = [self.stage, 3, t]
            self.stage = EPIDEMY
            self.player = CHANCE
            return
        if kind == "plague":  # HRE-8.5.9
            self._calamity(t, self.cnt[t])
            near = [n for n in ADJ[t] if self.cnt[n]]
            if near:
                self.pend = [self.stage, 1, *near]
                self.stage = EPIDEMY
                self.player = CHANCE
                return
        elif kind == "people_revive":  # HRE-8.5.13
            f = self.nation_force[t]
            self.sub = 1
            self.act_force = f
            self.placed = 0
            strength = CHARTS.peoples[self.fx[f] >> 8].strength
            cap = self.opts.force_army_cap - self.armies[f]
            self.to_place = max(0, min((strength + 1) // 2, cap))
            self.stage = EXPAND
            self._expand_next()
            return
        elif kind == "treachery":  # HRE-8.5.17
            g = self.occ[t]
            self._remove(t, 1)
            f = self.act_force
            self.occ[t] = f
            self.cnt[t] = 1
            self.armies[f] += 1
            self.to_place -= 1
            self.placed += 1
            self._conquered(t, g, self.fown[t] if self.fort[t] else -1, auto=False)
            return
        elif kind == "revolt":  # HRE-8.5.6: up to the card's armies (two) from those to place
            self.rebels_left = min(c.armies, self.to_place) - 1
            self.to_place -= 1
            self.placed += 1
            self.bat_land = t
            self.bat_round = 0
            self.bat_def = self.occ[t]
            self.bat_diff = self.bat_sea = 0
            self.bat_card = 1
            self._next_round()
            return
        elif kind == "rebellion":  # HRE-8.5.15
            self._rebellion(t, c.armies)
            return
        if kind == "pestilence":  # HRE-8.5.10
            for i in AREA_LANDS[t]:
                if self.cnt[i]:
                    self._calamity(i, 1)
        elif kind == "wrath_of_god":  # HRE-8.5.11
            if self.cnt[t]:
                self._remove(t, self.cnt[t])
            self.fort[t] = 0
            self.fown[t] = -1
            if self.city[t]:
                self.city[t] = 2
        elif kind == "disaster":  # HRE-8.5.12
            self.city[t] = 2
            if self.cnt[t]:
                self._calamity(t, 1)
        elif kind == "roman_fortify":  # HRE-8.5.14
            if self.fort[t]:
                self.fort[t] = 2
            else:
                self.fort[t] = 1
                self.fown[t] = s
        elif kind == "engineering":  # HRE-8.5.16
            if RESOURCE[t] and not self.city[t]:
                self.city[t] = 1
            else:
                self.fort[t] = 2
        self._after_card()

    def _after_card(self) -> None:
        if self.stage == DECLARE:
            self.player = self.active
            return
        self._resume()

    def _epidemy(self, killed: int) -> None:
        land = self.pend.pop(2)
        if killed:
            self._calamity(land, min(killed, self.cnt[land]))  # HRE-8.4: the City stays
        if len(self.pend) > 2:
            return
        self.stage = self.pend[0]
        self.pend = []
        self._after_card()

    def _rebellion(self, land: int, most: int) -> None:
        """HRE-8.5.15: up to ``most`` (the card's two) Legions turn Rebel and fight the rest."""
        g = self.occ[land]
        k = min(most, self.cnt[land])
        self._remove(land, k, eliminated=False)  # their counters go back unused (HRE-5.1)
        self.back = self.stage
        if self.cnt[land]:
            self.rebels_left = k
            self.pend = [land, g]
            self.stage = REBELROUND
            self.player = CHANCE
            return
        self._rebels_hold(land, k, g)

    def _rebel_params(self) -> tuple[int, int, bool, int, int, bool]:
        land = self.pend[0]
        f = self.fort[land]
        return 2, 0, False, 1, 1 if f else 0, f == 2

    def _rebel_round(self, rebels_win: bool) -> None:
        land, g = self.pend
        if rebels_win:
            self._remove(land, 1)
            if self.cnt[land] == 0:
                self._rebels_hold(land, self.rebels_left, g)
                return
        else:
            self.rebels_left -= 1
            if self.rebels_left == 0:
                self.pend = []
                self._back()
                return
        if self._retreats(land, g):
            self.stage = REBELRETREAT  # HRE-9.3, HRE-9.4: from the second round on
            self.player = g

    def _rebels_hold(self, land: int, k: int, g: int) -> None:
        rebels = self.S
        self.occ[land] = rebels
        self.cnt[land] = k
        self.armies[rebels] += k
        if self.fort[land]:
            self.fown[land] = rebels
        lootable = self.half == 1 and self.city[land] == 1
        dice = (
            2
            if land == ROME
            or (land == CONSTANTINOPLE and self.period >= self.opts.constantinople_from)
            else 1
        )
        self.pend = [land, int(lootable), dice, 0]
        self.rebels_left = 0
        if lootable:
            self.stage = LOOTCHOICE
            self.player = self.active
            return
        self.pend = []
        self._back()

    def _back(self) -> None:
        """Return to the step an event interrupted (the declaration or the expansion)."""
        back = self.back
        self.back = 0
        if back == DECLARE:
            self.stage = DECLARE
            self.player = self.active
            return
        self._resume()

    # -- results and views --------------------------------------------------------------------

    def returns(self) -> list[float]:
        """Winners share 1.0 at the end; 0.0 before."""
        if self.stage != OVER or not self.winners:
            return [0.0] * self.n
        share = 1.0 / len(self.winners)
        return [share if p in self.winners else 0.0 for p in range(self.n)]

    def scores(self) -> list[Any]:
        """Per player: People and Faction points of each of its seats, and the total."""
        out = []
        for p in range(self.n):
            seats = [s for s in range(self.S) if self.seat_player(s) == p]
            out.append(
                {
                    "people": sum(self.ppts[s] for s in seats),
                    "faction": sum(self.fpts[s] for s in seats),
                    "total": sum(self.ppts[s] + self.fpts[s] for s in seats),
                }
            )
        return out

    def outcome_text(self) -> str:
        """How the game ended, in a sentence."""
        if self.stage != OVER:
            return f"period {self.period} is being played"
        names = " and ".join(f"player {p + 1}" for p in self.winners)
        return f"{names} won with {max(self.player_totals())} points"

    def _seats_of(self, player: int | None) -> set[int]:
        if player is None:
            return set()
        return {s for s in range(self.S) if self.seat_player(s) == player}

    def drawn_seen_by(self, seats: set[int]) -> bool:
        """Whether one of ``seats`` looked at the counter being handed out (HRE-3.2).

        Only its drawer does, and only if the drawer holds no counter of that kind yet: a seat
        that was already handed one passes its draw on unseen.
        """
        if self.stage not in (DRAW, HAND) or not self.drawn:
            return False
        drawer = self.order[self.draw_pos]
        held = self.ecounter if self.emp_phase else self.pcounter
        return drawer in seats and not held[drawer]

    def _shown(self, know: int, mask: int) -> bool:
        """Whether a counter known to the seats in ``know`` is shown to the seats in ``mask``.

        A counter known to every seat has been called (HRE-3.8) and is public: a spectator, who
        holds no seat, sees it too.
        """
        return bool(know & mask) or know == (1 << self.S) - 1

    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (HRE hidden information table); ``None``: a spectator."""
        mine = self._seats_of(player)
        mask = sum(1 << s for s in mine)
        hands = []
        for s in range(self.S):
            if s in mine:
                hands.append(sorted(self.hands[s]))
            else:
                hands.append(sorted(DECK[c - 1].set for c in self.hands[s]))
        nation_of = {f: NATIONS[k] for k, f in enumerate(self.nation_force) if f >= 0}
        return {
            "game": "hotre",
            "player": player,
            "seats": sorted(mine),
            "period": self.period,
            "stage": STAGE_NAMES[self.stage],
            "to_move": self.current_player(),
            "active": self.active,
            "half": self.half,
            "order": list(self.order),
            "lands": [
                {
                    "force": self.occ[i],
                    "armies": self.cnt[i],
                    "fort": self.fort[i],
                    "fort_owner": self.fown[i],
                    "city": self.city[i],
                }
                for i in range(NL)
            ],
            "forces": [
                {"kind": KIND_NAMES[k], "owner": o, "armies": a, "nation": nation_of.get(f)}
                for f, (k, o, a) in enumerate(zip(self.fk, self.fo, self.armies, strict=True))
            ],
            "people_points": self.ppts.copy(),
            "faction_points": self.fpts.copy(),
            "eliminated_legions": self.elim.copy(),
            "dead": self.dead.copy(),
            "start_lands": self.start_land.copy(),
            "hands": hands,
            "hand_is_sets": [s not in mine for s in range(self.S)],
            "played_this_period": self.played.copy(),
            "used_cards": self.used_cards.copy(),
            "people_counters": [
                self.pcounter[s] if self._shown(self.pknow[s], mask) else None
                for s in range(self.S)
            ],
            "emperor_counters": [
                self.ecounter[s] if self._shown(self.eknow[s], mask) else None
                for s in range(self.S)
            ],
            "has_people_counter": [bool(c) for c in self.pcounter],
            "has_emperor_counter": [bool(c) for c in self.ecounter],
            "drawn": self.drawn if self.drawn_seen_by(mine) else None,
            "to_place": self.to_place,
            "battle_land": self.bat_land,
            "flags": self.flags,
            "winners": self.winners.copy(),
            "optional_terrain": self.opts.optional_terrain,
        }

    def determinize(self, player: int, rng: random.Random) -> HotreState:
        """A copy with the cards and counters ``player`` cannot see dealt afresh."""
        c = self.clone()
        mine = self._seats_of(player)
        mask = sum(1 << s for s in mine)
        others = [s for s in range(self.S) if s not in mine]
        for k in range(1, SETS + 1):
            slots: list[tuple[int, int]] = []
            pool: list[int] = []
            for s in others:
                for j, cid in enumerate(c.hands[s]):
                    if DECK[cid - 1].set == k:
                        slots.append((s, j))
                        pool.append(cid)
            box_idx = [j for j, cid in enumerate(c.box) if DECK[cid - 1].set == k]
            pool += [c.box[j] for j in box_idx]
            pool.sort()  # the re-deal depends on what the seat sees and on rng, nothing else
            rng.shuffle(pool)
            for (s, j), cid in zip(slots, pool, strict=False):
                c.hands[s][j] = cid
            for j, cid in zip(box_idx, pool[len(slots) :], strict=True):
                c.box[j] = cid
        seen = self.drawn_seen_by(mine)
        for emp in (False, True):
            held = c.ecounter if emp else c.pcounter
            know = c.eknow if emp else c.pknow
            hidden = [s for s in range(self.S) if held[s] and not know[s] & mask]
            known = {held[s] for s in range(self.S) if held[s] and know[s] & mask}
            current_phase = bool(self.emp_phase) == emp and self.stage in (DRAW, HAND)
            hide_drawn = current_phase and bool(self.drawn) and not seen
            if current_phase and seen:
                known.add(self.drawn)
            in_play = self.stage not in (DEAL, ORDER, DRAW, HAND)
            low = (self.ecall if emp else self.pcall) if in_play else 1
            top = 6 if emp else 5
            pool = [v for v in range(1, top + 1) if v not in known and v >= low]
            rng.shuffle(pool)
            for s, v in zip(hidden, pool, strict=False):
                held[s] = v
            rest = pool[len(hidden) :]
            if hide_drawn:
                c.drawn = rest.pop(0)
            if current_phase:
                c.pile = sorted(rest)
        c._legal = None
        return c

    # -- serialisation ------------------------------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        return (
            tuple(tuple(getattr(self, f)) for f in self._LISTS),
            tuple(getattr(self, f) for f in self._SCALARS),
            tuple(tuple(h) for h in self.hands),
            self._hlen,
        )

    def to_json(self) -> dict[str, Any]:
        """The exact position, history included."""
        d = self.saved_header()
        for f in self._LISTS:
            d[f] = list(getattr(self, f))
        for f in self._SCALARS:
            d[f] = getattr(self, f)
        d["hands"] = [list(h) for h in self.hands]
        d["history"] = self.saved_history()
        return d

    @classmethod
    def from_json(cls, game: HotreTable, d: Any) -> HotreState:
        """Rebuild a state, checking shapes; bad data raises ``RecordError``."""
        cls.check_saved(d, game, "HOTRE")
        s = cls(game)
        with reading("HOTRE"):
            for f in cls._LISTS:
                v = d[f]
                if not isinstance(v, list) or not all(_is_int(x) for x in v):
                    raise ValueError(f"{f} must be a list of whole numbers")
                setattr(s, f, list(v))
            for f in cls._SCALARS:
                v = d[f]
                if not _is_int(v):
                    raise ValueError(f"{f} must be a whole number")
                setattr(s, f, v)
            hands = d["hands"]
            if not isinstance(hands, list) or len(hands) != s.S:
                raise ValueError("hands has the wrong shape")
            for h in hands:
                if not isinstance(h, list) or not all(
                    _is_int(x) and 1 <= x <= len(DECK) for x in h
                ):
                    raise ValueError("a hand holds a card that does not exist")
            s.hands = [list(h) for h in hands]
            for f in ("occ", "cnt", "fort", "fown", "city"):
                if len(getattr(s, f)) != NL:
                    raise ValueError(f"{f} must have one entry per land")
            nf = len(s.fk)
            if not (len(s.fo) == len(s.fx) == len(s.armies) == nf):
                raise ValueError("the force tables differ in length")
            if any(not -1 <= x < nf for x in s.occ) or not 0 <= s.stage < len(STAGE_NAMES):
                raise ValueError("a land or the stage is out of range")
            if any(not 0 <= x <= 3 for x in s.cnt):
                raise ValueError("a land holds more than three armies")
            s.load_history(d["history"], action_from_json)
            for seat in range(s.S):
                s._note(seat, False, [(CARRIED, -1, s.ppts[seat])])
                s._note(seat, True, [(CARRIED, -1, s.fpts[seat])])
        return s


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)
