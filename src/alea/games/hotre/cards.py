"""The History of the Roman Empire event deck, loaded from ``data/cards.json`` and validated.

Fifty-four cards in nine coloured sets of six, each a player's hand holds one of (rules 2.3,
2.4), plus the optional God's Favor card that may replace a Wrath of God (rule 15.3). Each card
has an effect kind with its figures, the periods it may be played in (rule 8.1) and when
(rule 4.0). The set composition is the rules' (8.5); titles and effect texts are written for
Alea (see ``docs/hotre_data.md``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Any, Final

from alea.core.boards import read_data
from alea.games.hotre.board import BOARD, PERIODS, BoardError, HotreBoard
from alea.games.hotre.charts import CHARTS, Charts

SETS: Final = 9
"""Coloured sets (piles) of event cards (rule 2.3)."""
CARDS_PER_SET: Final = 6
"""Cards in each set: 54 in all, as rule 8.5 counts them."""
EVENT_CARDS: Final = SETS * CARDS_PER_SET + 1
"""The whole deck: 54 cards and the optional God's Favor."""


class Timing(Enum):
    """When a card is played (rule 4.0)."""

    BEFORE = "before"
    """Play before turn: before the new People claims its start land."""
    DURING = "during"
    """Play during turn: at any time in the active player's turn."""


KINDS: Final = MappingProxyType(
    {
        "minor_people": (Timing.BEFORE, ("land", "armies")),
        "kingdom": (Timing.BEFORE, ("land", "armies", "loot_bonus")),
        "leader": (Timing.BEFORE, ("dice",)),
        "weaponry": (Timing.DURING, ("attack_bonus",)),
        "fury": (Timing.DURING, ()),
        "elite_troops": (Timing.DURING, ("armies", "legions")),
        "revolt": (Timing.DURING, ("armies",)),
        "epidemy": (Timing.DURING, ("kill_from",)),
        "plague": (Timing.DURING, ("kill_from",)),
        "pestilence": (Timing.DURING, ()),
        "wrath_of_god": (Timing.DURING, ()),
        "disaster": (Timing.DURING, ()),
        "people_revive": (Timing.BEFORE, ()),
        "roman_fortify": (Timing.DURING, ("forts",)),
        "rebellion": (Timing.DURING, ("armies",)),
        "engineering": (Timing.DURING, ("cities",)),
        "treachery": (Timing.DURING, ()),
        "surprise_attack": (Timing.DURING, ()),
        "siegecraft": (Timing.DURING, ()),
        "gods_favor": (Timing.DURING, ("attack_bonus",)),
    }
)
"""Every effect kind: when it is played and the figures it needs."""

COMPOSITION: Final = MappingProxyType(
    {
        1: {"minor_people": 6},
        2: {"leader": 3, "weaponry": 2, "fury": 1},
        3: {"elite_troops": 3, "revolt": 3},
        4: {"kingdom": 6},
        5: {"kingdom": 6},
        6: {"epidemy": 1, "plague": 1, "pestilence": 1, "wrath_of_god": 2, "disaster": 1},
        7: {"people_revive": 4, "roman_fortify": 2},
        8: {"rebellion": 2, "engineering": 3, "treachery": 1},
        9: {"surprise_attack": 3, "siegecraft": 3},
    }
)
"""The kinds of card in each set (rule 8.5), the optional card left out."""


@dataclass(frozen=True)
class EventCard:
    """One event card.

    Attributes:
        set: the coloured set (1 to 9) it is dealt from.
        first: the first period it may be played in; ``last`` the last.
        land: index on ``BOARD`` of the land a Minor People or Kingdom appears in, else ``None``.
        armies: armies it raises (Minor People, Kingdom, Revolt, Rebellion, Elite Troops).
        loot_bonus: added to 1D6 for each City a Kingdom loots and for a surviving Kingdom.
        dice: attack dice a Leader gives.
        attack_bonus: added to each attack die.
        legions: extra Legions (Elite Troops for a Faction).
        kill_from: the lowest die roll that removes an army (Epidemy, Plague).
        forts: free Forts; ``cities``: free Cities.
        optional: the God's Favor card, used only by agreement (15.3).
        replaces: the kind of card the optional card stands in for.

    """

    id: int
    set: int
    kind: str
    title: str
    effect: str
    first: int
    last: int
    timing: Timing
    land: int | None = None
    armies: int = 0
    loot_bonus: int = 0
    dice: int = 0
    attack_bonus: int = 0
    legions: int = 0
    kill_from: int = 0
    forts: int = 0
    cities: int = 0
    optional: bool = False
    replaces: str | None = None

    def playable_in(self, period: int) -> bool:
        """Whether the card may be played in ``period`` (rule 8.1)."""
        return self.first <= period <= self.last


def _card(d: dict[str, Any], board: HotreBoard) -> EventCard:
    kind = str(d["kind"])
    if kind not in KINDS:
        raise BoardError(f"event card {d.get('id')} has an unknown effect {kind!r}")
    for field in KINDS[kind][1]:
        if field not in d:
            raise BoardError(f"event card {d['id']} ({kind}) needs {field!r}")
    land = None
    if "land" in d:
        name = str(d["land"])
        if name not in board.by_name:
            raise BoardError(f"event card {d['id']} names no land {name!r}")
        land = board.by_name[name]
    first, last = (int(p) for p in d["periods"])
    replaces = d.get("replaces")
    return EventCard(
        id=int(d["id"]),
        set=int(d["set"]),
        kind=kind,
        title=str(d["title"]),
        effect=str(d["effect"]),
        first=first,
        last=last,
        timing=Timing(d["timing"]),
        land=land,
        armies=int(d.get("armies", 0)),
        loot_bonus=int(d.get("loot_bonus", 0)),
        dice=int(d.get("dice", 0)),
        attack_bonus=int(d.get("attack_bonus", 0)),
        legions=int(d.get("legions", 0)),
        kill_from=int(d.get("kill_from", 0)),
        forts=int(d.get("forts", 0)),
        cities=int(d.get("cities", 0)),
        optional=bool(d.get("optional", False)),
        replaces=None if replaces is None else str(replaces),
    )


def parse_cards(
    data: dict[str, Any], board: HotreBoard = BOARD, charts: Charts = CHARTS
) -> tuple[EventCard, ...]:
    """The event cards in id order, built and validated from their JSON data."""
    try:
        cards = tuple(_card(d, board) for d in data["events"])
    except (KeyError, TypeError, ValueError) as exc:
        raise BoardError(f"card data is malformed: {exc!r}") from None
    validate_cards(cards, board, charts)
    return cards


def validate_cards(
    cards: tuple[EventCard, ...], board: HotreBoard = BOARD, charts: Charts = CHARTS
) -> None:
    """Check the deck's invariants: raise ``BoardError`` naming the first broken one."""
    if [c.id for c in cards] != list(range(1, EVENT_CARDS + 1)):
        raise BoardError(f"the event deck must be cards 1..{EVENT_CARDS} in order")
    for c in cards:
        _validate_card(c, board, charts)
    _validate_composition(cards)


def _validate_card(c: EventCard, board: HotreBoard, charts: Charts) -> None:
    name = f"event card {c.id} ({c.title})"
    if not 1 <= c.set <= SETS:
        raise BoardError(f"{name} belongs to no set 1 to {SETS}")
    if not 1 <= c.first <= c.last <= PERIODS:
        raise BoardError(f"{name} must be playable in periods within 1 to {PERIODS}")
    if c.timing is not KINDS[c.kind][0]:
        raise BoardError(f"{name} is a {c.kind} card, played {KINDS[c.kind][0].value} turn")
    if not c.title.strip() or not c.effect.strip():
        raise BoardError(f"{name} needs a title and an effect text")
    if c.kind in ("minor_people", "kingdom"):
        if c.land is None:
            raise BoardError(f"{name} must name the land it appears in")
        if not board.adjacent(c.land):
            raise BoardError(
                f"{name} appears in {board.lands[c.land].name}, an island it cannot leave"
            )
        if not 1 <= c.armies <= charts.components.kingdom_armies:
            raise BoardError(f"{name} must raise 1 to {charts.components.kingdom_armies} armies")
    if c.kind == "kingdom":
        if c.loot_bonus < 0:
            raise BoardError(f"{name} cannot have a negative loot bonus")
        if (c.set == 4 and c.last != 1) or (c.set != 4 and c.first == 1):
            raise BoardError(
                f"{name}: the Kingdoms of set 4 belong to period 1 and those of set 5 to later ones"
            )
    if c.kind == "leader" and c.dice != charts.components.white_dice:
        raise BoardError(f"{name} must attack with the {charts.components.white_dice} white dice")
    if c.kind in ("epidemy", "plague") and not 2 <= c.kill_from <= 6:
        raise BoardError(f"{name} must kill on a die roll from 2 to 6")
    if c.kind == "people_revive" and c.first < 2:
        raise BoardError(f"{name} revives a past People, so it cannot be played in period 1")


def _validate_composition(cards: tuple[EventCard, ...]) -> None:
    optional = [c for c in cards if c.optional]
    if len(optional) != 1 or optional[0].kind != "gods_favor":
        raise BoardError("the deck must hold exactly one optional card, God's Favor")
    spare = optional[0]
    if spare.replaces is None or COMPOSITION[spare.set].get(spare.replaces, 0) < 1:
        raise BoardError(
            f"the optional card must stand in for a card of its own set {spare.set}, "
            f"not {spare.replaces!r}"
        )
    for c in cards:
        if c.replaces is not None and not c.optional:
            raise BoardError(f"event card {c.id} replaces a card but is not optional")
    for s in range(1, SETS + 1):
        kinds = Counter(c.kind for c in cards if c.set == s and not c.optional)
        if dict(kinds) != COMPOSITION[s]:
            raise BoardError(f"set {s} must hold {COMPOSITION[s]}, not {dict(kinds)}")


def load_cards() -> tuple[EventCard, ...]:
    """Load the packaged deck."""
    return parse_cards(read_data("alea.games.hotre", "cards.json"))


DECK: Final = load_cards()
"""The packaged event deck, optional card last."""
