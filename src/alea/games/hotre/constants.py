"""HOTRE's fixed tables: the board as the rules read it, force kinds, stages, cards and actions.

Forces are numbered: ``0..S-1`` the seats' Roman Factions, ``S`` the neutral Rebels, then every
People, Minor People and Kingdom in order of first appearance (``S`` seats, see ``position``).
Actions the rules offer again and again are made once here and shared.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from alea.core.boards import read_data, stage_table
from alea.core.game import Action
from alea.games.hotre.actions import Deal, Decide, Dice, DrawCounter, HandTo, Pick, Round
from alea.games.hotre.board import BOARD
from alea.games.hotre.cards import DECK
from alea.games.hotre.charts import CHARTS

NL: Final = len(BOARD.lands)
"""Number of lands; a land is an index into ``BOARD.lands``."""
ADJ: Final = tuple(BOARD.adjacent(i) for i in range(NL))
"""Per land: the lands across a border or a strait (HRE-1.1)."""
OVERSEAS: Final = BOARD.overseas
"""Per land: the lands a Faction reaches over the sea (HRE-5.9)."""
DIFFICULT: Final = tuple(
    frozenset(BOARD.difficult[i]) | frozenset(BOARD.across_strait[i]) for i in range(NL)
)
"""Per defending land, the attacking lands that give it difficult terrain (HRE-12.4, 12.5)."""
DIFFICULT_OPTIONAL: Final = tuple(DIFFICULT[i] | BOARD.optional_difficult[i] for i in range(NL))
"""The same with the two optional difficult borders of the ``optional_terrain`` rule (HRE-1.1)."""
AREA_OF: Final = BOARD.area_of
"""Per land: the index of its Area in ``BOARD.areas`` (HRE-1.2)."""
LANDS: Final = range(NL)
"""Every land by index."""
AREA_LANDS: Final = tuple(BOARD.area_lands(a.key) for a in BOARD.areas)
"""Per Area: its lands."""
RESOURCE: Final = tuple(land.resource for land in BOARD.lands)
"""Per land: whether it has a resource, a site for a City (HRE-13.2)."""
ROME: Final = BOARD.rome
"""The land of Rome."""
CONSTANTINOPLE: Final = BOARD.constantinople
"""The land of Constantinople, special from option ``constantinople_from``."""
STARTS: Final = tuple(r.land for r in BOARD.roman_starts)
"""The Roman Start lands a Faction chooses among (HRE-5.5)."""
NATIONS: Final = tuple(dict.fromkeys(p.nation for p in CHARTS.peoples))
"""The nations of the People chart, each once, in order of first row."""
NATION_OF: Final = tuple(NATIONS.index(p.nation) for p in CHARTS.peoples)
"""Per People chart row: its nation (index into ``NATIONS``)."""

# force kinds
FACTION: Final = 0
PEOPLE: Final = 1
MINOR: Final = 2
KINGDOM: Final = 3
REBELS: Final = 4
KIND_NAMES: Final = ("Faction", "People", "Minor People", "Kingdom", "Rebels")
"""Names of the force kinds, by kind code."""

# where points come from (the points log, HRE-2.2); the index is the code kept in the log
CITIES, PRESENCE, DOMINATION, CONTROL, EMPEROR, LOOT = range(6)
END_LANDS, KINGDOMS, BRIBES, SPENT, CARRIED, CHOICE = range(6, 12)
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
    "choice",
)
"""Names of the sources of the points log: cities held (HRE-14.2, HRE-14.3), Areas by level
(HRE-14.4), the Emperor's +VP bonus (HRE-3.5), loot (HRE-12.8), the end-of-game land bonus
(HRE-14.3.1) and Kingdom rolls, bribes of barbarians (HRE-15.4), RVP spent (HRE-5.1 to HRE-5.4),
points a position read back from JSON already had, and the early choosers' compensation of the
HRE-15.5 variant."""


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


# stages of play: where the game stands and who decides (``HotrePosition.stage``)
ORDER, DEAL, DRAW, HAND, DECLARE, BUILD, TAKEUP, EXPAND = range(8)
ROUND, RETREAT, DISPLACE, FORTCHOICE, LOOTCHOICE, LOOTROLL, FOUND, ENDROLL = range(8, 16)
EPIDEMY, OVER, REBELROUND, OFFER, ANSWER, REBELRETREAT = 16, 17, 18, 19, 20, 21
STAGE_NAMES, STAGE_TEXT = stage_table(
    read_data("alea.games.hotre", "stages.json"), REBELRETREAT + 1
)
"""Each stage's name, by its code (shown in observations), and a phrase for it."""
CHANCE_STAGES: Final = frozenset((ORDER, DEAL, DRAW, ROUND, LOOTROLL, ENDROLL, EPIDEMY, REBELROUND))
"""The stages at which chance, not a player, comes next."""

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
"""Lasting half-turn effects, by their bit in ``turn_flags`` (HRE-8.1: not twice)."""
F_EMP3: Final = 6
"""Bit of ``turn_flags``: the Emperor's third die is still alive."""

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

# --- actions made once and shared (legal lists hand out these very objects) ---------------------

ROUNDS: Final[dict[tuple[bool, bool], Action]] = {
    (w, d): Round(w, d) for w in (True, False) for d in (True, False)
}
"""Battle round results by (attacker wins, a triple killed the third die)."""
DICE: Final[tuple[Action, ...]] = tuple(Dice(v) for v in range(37))
"""Dice results by value."""
VERBS: Final = (
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
"""Verbs of the decisions that name no land."""
PICK_VERBS: Final = (
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
"""Verbs of the decisions that name a land."""
DECIDE: Final = {(s, v): Decide(s, v) for s in range(4) for v in VERBS}
"""Decisions by (seat, verb)."""
PICK: Final = {
    (s, v, land): Pick(s, v, land) for s in range(4) for v in PICK_VERBS for land in range(NL)
}
"""Decisions naming a land, by (seat, verb, land)."""
PICKS: Final = {
    v: tuple(tuple(PICK[s, v, land] for land in range(NL)) for s in range(4)) for v in PICK_VERBS
}
"""The same decisions by verb, then seat, then land: ``PICKS[verb][seat][land]``."""
HAND_TO: Final = {(s, t): HandTo(s, t) for s in range(4) for t in range(4)}
"""Counter hand-overs by (seat, receiving seat)."""
COUNTER_DRAWS: Final = {(e, k): DrawCounter(e, k) for e in (False, True) for k in range(1, 7)}
"""Counter draws by (Emperor counter, number)."""
DEALS: Final = {(s, c.id): Deal(s, c.id) for s in range(4) for c in DECK}
"""Cards dealt, by (seat, card id)."""
