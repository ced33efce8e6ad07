"""The People and Emperor charts and the counter mix, loaded from ``data/charts.json``.

The People chart lists 35 Peoples, five a period in order of appearance, each with its start
land, Strength and army type (rules 3.3, 4.5); a People may return in a later period under the
same ``nation`` (rule 4.6). The Emperor chart lists 42 Emperors, six a period, each with at most
one bonus (rules 3.4, 3.5). The counter mix bounds what can be built (rules 4.2, 4.7, 5.2).

Only the period-1 names are public; the rest is authored (see ``docs/hotre_data.md``).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Any, Final

from alea.core.boards import read_data, record_of
from alea.games.hotre.board import BOARD, PERIODS, BoardError, HotreBoard

PEOPLES_PER_PERIOD: Final = 5
"""Peoples on the chart in each period (rule 3.3)."""
EMPERORS_PER_PERIOD: Final = 6
"""Emperors on the chart in each period (rule 3.4)."""
PEOPLES: Final = PERIODS * PEOPLES_PER_PERIOD
"""Rows of the People chart."""
EMPERORS: Final = PERIODS * EMPERORS_PER_PERIOD
"""Rows of the Emperor chart."""


class BonusKind(Enum):
    """The Emperor bonuses of rule 3.5."""

    DICE = "dice"
    """+3D6: attacks with three dice until a roll of triples kills the Emperor."""
    ATTACK = "attack"
    """+1 ATTACK: adds one to each of its dice when attacking."""
    LEGIONS = "legions"
    """+N LEGION: places N extra Legions."""
    TIE = "tie"
    """+TIE: wins every tied roll when attacking."""
    VP = "vp"
    """+VP: one more Victory Point per land controlled at the end of the Faction turn."""


_FIXED_VALUE: Final = MappingProxyType(
    {BonusKind.DICE: 3, BonusKind.ATTACK: 1, BonusKind.TIE: 1, BonusKind.VP: 1}
)
"""The one value rule 3.5 allows for each bonus but LEGIONS."""


@dataclass(frozen=True)
class Bonus:
    """An Emperor's bonus: its kind and figure (dice thrown, pips added, Legions, VP per land)."""

    kind: BonusKind
    value: int


@dataclass(frozen=True)
class People:
    """One row of the People chart.

    Attributes:
        number: its place (1 to 5) in its period, which is also the order of play (rule 3.8).
        nation: shared by the rows of a People that returns in a later period (rule 4.6).
        start: index of its start land on ``BOARD``.
        army: the army type (counter symbol) its armies use (rule 4.5).
        year: the year it enters history (negative for BC).

    """

    period: int
    number: int
    name: str
    english: str
    nation: str
    start: int
    strength: int
    army: str
    year: int


@dataclass(frozen=True)
class Emperor:
    """One row of the Emperor chart; ``bonus`` is ``None`` for an Emperor without one."""

    period: int
    number: int
    name: str
    year: int
    bonus: Bonus | None


@dataclass(frozen=True)
class Components:
    """The counter mix and dice the rules refer to (component list, rules 4.2, 5.0, 15.2).

    Attributes:
        army_types: Barbarian army counters of each type (symbol).

    """

    legions_per_faction: int
    start_legions: int
    start_legions_three_players: int
    start_forts: int
    kingdom_markers_per_faction: int
    past_people_markers_per_faction: int
    barbarian_armies: int
    kingdom_armies: int
    white_dice: int
    coloured_dice: int
    army_types: MappingProxyType[str, int]


@dataclass(frozen=True)
class Charts:
    """Both charts and the counter mix; build them with ``parse_charts``."""

    components: Components
    peoples: tuple[People, ...]
    """In chart order: by period, then number."""
    emperors: tuple[Emperor, ...]
    """In chart order: by period, then number."""

    def people(self, period: int, number: int) -> People:
        """The People numbered ``number`` in ``period``."""
        for p in self.peoples:
            if (p.period, p.number) == (period, number):
                return p
        raise BoardError(f"there is no People {number} in period {period}")

    def emperor(self, period: int, number: int) -> Emperor:
        """The Emperor numbered ``number`` in ``period``."""
        for e in self.emperors:
            if (e.period, e.number) == (period, number):
                return e
        raise BoardError(f"there is no Emperor {number} in period {period}")

    def period_peoples(self, period: int) -> tuple[People, ...]:
        """The five Peoples of ``period`` in number order."""
        return tuple(p for p in self.peoples if p.period == period)

    def period_emperors(self, period: int) -> tuple[Emperor, ...]:
        """The six Emperors of ``period`` in number order."""
        return tuple(e for e in self.emperors if e.period == period)

    def nation_rows(self, nation: str) -> tuple[People, ...]:
        """Every chart row of ``nation``, earliest first."""
        return tuple(p for p in self.peoples if p.nation == nation)


def _components(d: dict[str, Any]) -> Components:
    army_types = MappingProxyType({str(k): int(v) for k, v in d["army_types"].items()})
    return record_of(Components, d, army_types=army_types)


def _people(d: dict[str, Any], board: HotreBoard) -> People:
    start = str(d["start"])
    if start not in board.by_name:
        raise BoardError(f"People {d['name']} starts in {start!r}, which is no land")
    return record_of(People, d, start=board.by_name[start])


def _emperor(d: dict[str, Any]) -> Emperor:
    b = d["bonus"]
    bonus = None
    if b is not None:
        try:
            kind = BonusKind(b["kind"])
        except ValueError:
            raise BoardError(f"Emperor {d['name']} has an unknown bonus {b['kind']!r}") from None
        bonus = Bonus(kind, int(b["value"]))
    return record_of(Emperor, d, bonus=bonus)


def parse_charts(data: dict[str, Any], board: HotreBoard = BOARD) -> Charts:
    """Build and validate both charts from their JSON data against ``board``."""
    try:
        charts = Charts(
            components=_components(data["components"]),
            peoples=tuple(_people(d, board) for d in data["peoples"]),
            emperors=tuple(_emperor(d) for d in data["emperors"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise BoardError(f"chart data is malformed: {exc!r}") from None
    validate_charts(charts, board)
    return charts


def validate_charts(c: Charts, board: HotreBoard = BOARD) -> None:
    """Check the charts' invariants: raise ``BoardError`` naming the first broken one."""
    _validate_components(c.components)
    _validate_peoples(c, board)
    _validate_emperors(c, board)


def _validate_components(k: Components) -> None:
    if sum(k.army_types.values()) != k.barbarian_armies:
        raise BoardError(
            f"the army types hold {sum(k.army_types.values())} counters, "
            f"not the {k.barbarian_armies} Barbarian armies of the counter mix"
        )
    if min(k.army_types.values(), default=0) < 1:
        raise BoardError("every army type needs at least one counter")
    if k.past_people_markers_per_faction != PERIODS - 1:
        raise BoardError(f"a player needs {PERIODS - 1} Past People markers, one a past period")
    if not 0 < k.start_legions <= k.start_legions_three_players <= k.legions_per_faction:
        raise BoardError(
            "starting Legions (and the three-player count) cannot exceed a Faction's Legions"
        )
    if k.white_dice < 3 or k.coloured_dice < 2:
        raise BoardError("the rules need three white (attack) and two coloured (defence) dice")


def _chart_order(rows: Sequence[People | Emperor], size: int, what: str) -> None:
    if len(rows) != PERIODS * size:
        raise BoardError(f"the {what} chart has {len(rows)} rows, not {PERIODS * size}")
    expected = [(p, n) for p in range(1, PERIODS + 1) for n in range(1, size + 1)]
    for row, (p, n) in zip(rows, expected, strict=True):
        if (row.period, row.number) != (p, n):
            raise BoardError(
                f"the {what} chart must list periods 1 to {PERIODS}, numbers 1 to {size} "
                f"in order: found period {row.period} number {row.number} where "
                f"period {p} number {n} belongs"
            )


def _chronology(rows: Sequence[People | Emperor], board: HotreBoard) -> None:
    for row in rows:
        period = board.periods[row.period - 1]
        if not period.first <= row.year <= period.last:
            raise BoardError(
                f"{row.name} enters history in {row.year}, outside period {row.period} "
                f"({period.label})"
            )
    for a, b in itertools.pairwise(rows):
        if a.period == b.period and b.year < a.year:
            raise BoardError(
                f"period {a.period} is not in chronological order: {b.name} ({b.year}) "
                f"comes after {a.name} ({a.year})"
            )


def _validate_peoples(c: Charts, board: HotreBoard) -> None:
    _chart_order(c.peoples, PEOPLES_PER_PERIOD, "People")
    _chronology(c.peoples, board)
    types = c.components.army_types
    army_of: dict[str, str] = {}
    for p in c.peoples:
        land = board.lands[p.start]
        if not board.adjacent(p.start):
            raise BoardError(f"{p.name} starts in {land.name}, from which a People cannot expand")
        if p.army not in types:
            raise BoardError(f"{p.name} uses an unknown army type {p.army!r}")
        if not 1 <= p.strength <= types[p.army]:
            raise BoardError(
                f"{p.name} has Strength {p.strength}; it must be 1 to the {types[p.army]} "
                f"{p.army} counters"
            )
        if army_of.setdefault(p.nation, p.army) != p.army:
            raise BoardError(f"the {p.nation} nation must keep one army type in every period")
    for period in range(1, PERIODS + 1):
        rows = c.period_peoples(period)
        for attr, what in (("name", "name"), ("start", "start land"), ("army", "army type")):
            values = [getattr(p, attr) for p in rows]
            if len(set(values)) != len(values):
                raise BoardError(f"two Peoples of period {period} have the same {what}")


def _validate_emperors(c: Charts, board: HotreBoard) -> None:
    _chart_order(c.emperors, EMPERORS_PER_PERIOD, "Emperor")
    _chronology(c.emperors, board)
    spare = c.components.legions_per_faction - c.components.start_legions
    for e in c.emperors:
        if e.bonus is None:
            continue
        if e.bonus.kind is BonusKind.LEGIONS:
            if not 1 <= e.bonus.value <= spare:
                raise BoardError(
                    f"{e.name}'s +{e.bonus.value} LEGION must be 1 to {spare}: "
                    f"a Faction has {c.components.legions_per_faction} Legions"
                )
        elif e.bonus.value != _FIXED_VALUE[e.bonus.kind]:
            raise BoardError(
                f"{e.name}'s {e.bonus.kind.value} bonus must have the value "
                f"{_FIXED_VALUE[e.bonus.kind]}, not {e.bonus.value}"
            )
    names = [e.name for e in c.emperors]
    for i, name in enumerate(names):
        if names.index(name) != i:
            raise BoardError(f"{name} appears twice on the Emperor chart")


def load_charts() -> Charts:
    """Load the packaged charts."""
    return parse_charts(read_data("alea.games.hotre", "charts.json"))


CHARTS: Final = load_charts()
"""The packaged People chart, Emperor chart and counter mix."""
