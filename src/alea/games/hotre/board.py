"""The History of the Roman Empire map, loaded from ``data/board.json`` and validated.

Forty-five lands in nine areas of five, joined by land borders and by strait arrows; each land's
area, whether it holds a Resource symbol (a City site), the seas it touches (for Roman overseas
expansion) and the neighbours it defends against across difficult terrain. The board also
carries the seven periods, the Area Victory Point table, the four Roman start lands and the two
special Cities (Rome in Italia, Constantinople in Tracia). Lookups are precomputed once so the
rules code only indexes tuples.

The published map is not public: everything here is authored (see ``docs/hotre_data.md``).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final

from alea.core.boards import BoardError as BoardError
from alea.core.boards import check_names, hops, index_of, read_data

PERIODS: Final = 7
"""Game turns, each a period of Roman history (rule 3.3)."""
LANDS: Final = 45
"""Lands (provinces) on the map."""
AREAS: Final = 9
"""Coloured areas (dioceses) on the map (rule 14.4)."""
LANDS_PER_AREA: Final = 5
"""Every area is made of five lands (rule 14.4)."""
BORDERS: Final = 78
"""Land borders on the authored map, each counted once."""
STRAITS: Final = 5
"""Strait arrows on the authored map (rule 12.5)."""
RESOURCE_SITES: Final = 24
"""Lands with a Resource symbol, one symbol each (rules 10.1, 13.1)."""
ROMAN_STARTS: Final = MappingProxyType(
    {"light green": "Aquitania", "yellow": "Italia", "orange": "Macedonia", "green": "Syria"}
)
"""The Roman Factions' colours and start lands, each begun with a City (rule 5.5)."""
SPECIAL_CITIES: Final = MappingProxyType({"Rome": ("Italia", 1), "Constantinople": ("Tracia", 4)})
"""The Cities worth more than others, their lands and first scoring period (14.2, 14.3)."""


@dataclass(frozen=True)
class Period:
    """One game turn and the years of Roman history it covers (``first`` BC years negative)."""

    number: int
    first: int
    last: int
    label: str


@dataclass(frozen=True)
class Area:
    """One coloured area of five lands.

    Attributes:
        key: our identifier, used by lands and cards.
        vp: the basic Victory Point value in periods 1 to 7 (Area Victory Point Table).

    """

    key: str
    name: str
    colour: str
    vp: tuple[int, ...]


@dataclass(frozen=True)
class Land:
    """One land (province) as drawn on the map.

    Attributes:
        area: the key of the area it belongs to.
        resource: whether a Resource symbol is printed in it (a City site).
        seas: the seas its coast touches, empty for an inland land.
        difficult_from: the neighbouring lands an attack from which crosses difficult terrain
            (a mountain or forest symbol inside this land's border, rule 12.4).
        optional_difficult_from: neighbours that give difficult terrain only under the
            ``optional_terrain`` rule (HRE-1.1).
        lonlat: a representative longitude and latitude, for drawing.

    """

    name: str
    area: str
    resource: bool
    seas: tuple[str, ...]
    neighbours: tuple[str, ...]
    difficult_from: tuple[str, ...]
    lonlat: tuple[float, float]
    optional_difficult_from: tuple[str, ...] = ()

    @property
    def coastal(self) -> bool:
        """Whether the land touches a sea, so Legions may land there from overseas (5.9)."""
        return bool(self.seas)


@dataclass(frozen=True)
class Strait:
    """A strait arrow: a land bridge between two lands across water (rule 12.5)."""

    name: str
    a: int
    b: int


@dataclass(frozen=True)
class RomanStart:
    """A Roman Faction start land, begun with a City, in the colour of its area (rule 5.5)."""

    colour: str
    land: int


@dataclass(frozen=True)
class SpecialCity:
    """A City worth more than others (rules 14.2, 14.3) from period ``from_period`` on."""

    name: str
    land: int
    from_period: int


@dataclass(frozen=True)
class AreaScoring:
    """Multiples of an area's basic value and the Domination threshold (rule 14.4)."""

    presence: int
    domination: int
    control: int
    domination_lands: int


@dataclass(frozen=True)
class HotreBoard:
    """Static map facts with indexed lookups; build it with ``parse_board``."""

    periods: tuple[Period, ...]
    areas: tuple[Area, ...]
    lands: tuple[Land, ...]
    by_name: MappingProxyType[str, int]
    area_of: tuple[int, ...]
    """Index into ``areas`` of each land's area."""
    neighbours: tuple[tuple[int, ...], ...]
    """Land indices across a land border of each land, in index order."""
    borders: tuple[tuple[int, int], ...]
    """Each land border once, as a pair of land indices, lower index first."""
    straits: tuple[Strait, ...]
    across_strait: tuple[tuple[int, ...], ...]
    """Land indices across a strait arrow from each land."""
    difficult: tuple[frozenset[int], ...]
    """For each defending land, the attacking lands whose attacks cross difficult terrain."""
    optional_difficult: tuple[frozenset[int], ...]
    """For each defending land, the attacking lands that add difficult terrain under the
    ``optional_terrain`` rule (HRE-1.1)."""
    seas: tuple[str, ...]
    sea_links: tuple[tuple[str, str], ...]
    overseas: tuple[tuple[int, ...], ...]
    """Coastal lands a Legion may reach across connected seas from each land (5.9)."""
    roman_starts: tuple[RomanStart, ...]
    special_cities: tuple[SpecialCity, ...]
    scoring: AreaScoring

    def index(self, name: str) -> int:
        """Land index by exact name; ``BoardError`` if there is no such land."""
        return index_of(self.by_name, name, "land")

    def land(self, name: str) -> Land:
        """The land called ``name``."""
        return self.lands[self.index(name)]

    def area(self, key: str) -> Area:
        """The area with key ``key``; ``BoardError`` if there is none."""
        for a in self.areas:
            if a.key == key:
                return a
        raise BoardError(f"there is no area {key!r}")

    def area_lands(self, key: str) -> tuple[int, ...]:
        """Indices of the lands in area ``key``."""
        return tuple(i for i, land in enumerate(self.lands) if land.area == key)

    def area_vp(self, key: str, period: int) -> int:
        """The basic Victory Point value of area ``key`` in ``period`` (1 to 7)."""
        if not 1 <= period <= len(self.periods):
            raise BoardError(f"there is no period {period}")
        return self.area(key).vp[period - 1]

    def adjacent(self, land: int) -> tuple[int, ...]:
        """Lands next to ``land`` by border or strait, in index order (rules 4.8, 12.5)."""
        return tuple(sorted({*self.neighbours[land], *self.across_strait[land]}))

    def is_difficult(self, defender: int, attacker: int) -> bool:
        """Whether an attack from ``attacker`` into ``defender`` gets difficult terrain.

        True across a strait (12.5) or a border with a mountain or forest symbol on the
        defender's side (12.4). Landings from overseas are always difficult too (12.4); the
        rules code knows when an attack comes by sea, so that case is not decided here.
        """
        return attacker in self.across_strait[defender] or attacker in self.difficult[defender]

    @property
    def rome(self) -> int:
        """Index of the land holding Rome."""
        return self._special("Rome")

    @property
    def constantinople(self) -> int:
        """Index of the land holding Constantinople."""
        return self._special("Constantinople")

    def _special(self, name: str) -> int:
        for city in self.special_cities:
            if city.name == name:
                return city.land
        raise BoardError(f"the board has no special City {name!r}")


def _pair(value: Any) -> tuple[Any, Any]:
    if len(value) != 2:
        raise ValueError(f"expected a pair, got {value!r}")
    return value[0], value[1]


def _land(d: dict[str, Any]) -> Land:
    lon, lat = _pair(d["lonlat"])
    return Land(
        name=str(d["name"]),
        area=str(d["area"]),
        resource=bool(d["resource"]),
        seas=tuple(str(s) for s in d["seas"]),
        neighbours=tuple(str(n) for n in d["neighbours"]),
        difficult_from=tuple(str(n) for n in d["difficult_from"]),
        lonlat=(float(lon), float(lat)),
        optional_difficult_from=tuple(str(n) for n in d.get("optional_difficult_from", ())),
    )


def _resolve(by_name: dict[str, int], name: str, what: str) -> int:
    if name not in by_name:
        raise BoardError(f"{what} names no land {name!r}")
    return by_name[name]


def _sea_reach(lands: tuple[Land, ...], sea_links: tuple[tuple[str, str], ...]) -> list[set[int]]:
    """Coastal lands reachable from each land over seas joined by ``sea_links``."""
    group: dict[str, str] = {s: s for land in lands for s in land.seas}
    for a, b in sea_links:
        group.setdefault(a, a)
        group.setdefault(b, b)

    def root(s: str) -> str:
        while group[s] != s:
            s = group[s]
        return s

    for a, b in sea_links:
        group[root(a)] = root(b)
    members: dict[str, set[int]] = {}
    for i, land in enumerate(lands):
        for s in land.seas:
            members.setdefault(root(s), set()).add(i)
    return [{j for s in land.seas for j in members[root(s)]} - {i} for i, land in enumerate(lands)]


def parse_board(data: dict[str, Any]) -> HotreBoard:
    """Build and validate a board from its JSON data."""
    try:
        periods = tuple(
            Period(int(p["number"]), int(p["from"]), int(p["to"]), str(p["label"]))
            for p in data["periods"]
        )
        areas = tuple(
            Area(str(a["key"]), str(a["name"]), str(a["colour"]), tuple(int(v) for v in a["vp"]))
            for a in data["areas"]
        )
        lands = tuple(_land(d) for d in data["lands"])
        by_name: dict[str, int] = {}
        for i, land in enumerate(lands):
            by_name.setdefault(land.name, i)
        area_index = {a.key: k for k, a in enumerate(areas)}
        area_of = tuple(area_index.get(land.area, -1) for land in lands)
        neighbours = tuple(
            tuple(
                sorted(_resolve(by_name, n, f"{land.name}'s border list") for n in land.neighbours)
            )
            for land in lands
        )
        difficult = tuple(
            frozenset(
                _resolve(by_name, n, f"{land.name}'s difficult terrain")
                for n in land.difficult_from
            )
            for land in lands
        )
        optional_difficult = tuple(
            frozenset(
                _resolve(by_name, n, f"{land.name}'s optional difficult terrain")
                for n in land.optional_difficult_from
            )
            for land in lands
        )
        straits = []
        for s in data["straits"]:
            a, b = _pair(s["lands"])
            what = f"strait {s['name']}"
            straits.append(
                Strait(str(s["name"]), _resolve(by_name, a, what), _resolve(by_name, b, what))
            )
        across: list[set[int]] = [set() for _ in lands]
        for s in straits:
            across[s.a].add(s.b)
            across[s.b].add(s.a)
        sea_links = tuple((str(a), str(b)) for a, b in (_pair(link) for link in data["sea_links"]))
        starts = tuple(
            RomanStart(str(r["colour"]), _resolve(by_name, r["land"], f"Roman start {r['colour']}"))
            for r in data["roman_starts"]
        )
        cities = tuple(
            SpecialCity(
                str(c["name"]),
                _resolve(by_name, c["land"], f"City {c['name']}"),
                int(c["from_period"]),
            )
            for c in data["special_cities"]
        )
        sc = data["area_scoring"]
        board = HotreBoard(
            periods=periods,
            areas=areas,
            lands=lands,
            by_name=MappingProxyType(by_name),
            area_of=area_of,
            neighbours=neighbours,
            borders=tuple(
                sorted({(min(i, n), max(i, n)) for i, ns in enumerate(neighbours) for n in ns})
            ),
            straits=tuple(straits),
            across_strait=tuple(tuple(sorted(s)) for s in across),
            difficult=difficult,
            optional_difficult=optional_difficult,
            seas=tuple(str(s) for s in data["seas"]),
            sea_links=sea_links,
            overseas=tuple(tuple(sorted(r)) for r in _sea_reach(lands, sea_links)),
            roman_starts=starts,
            special_cities=cities,
            scoring=AreaScoring(
                int(sc["presence"]),
                int(sc["domination"]),
                int(sc["control"]),
                int(sc["domination_lands"]),
            ),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise BoardError(f"board data is malformed: {exc!r}") from None
    validate(board)
    return board


def validate(b: HotreBoard) -> None:
    """Check the board's invariants: raise ``BoardError`` naming the first broken one."""
    _validate_periods(b)
    _validate_lands_and_areas(b)
    _validate_borders(b)
    _validate_straits(b)
    _validate_seas(b)
    _validate_cities(b)
    _validate_reach(b)


def _validate_periods(b: HotreBoard) -> None:
    if [p.number for p in b.periods] != list(range(1, PERIODS + 1)):
        raise BoardError(f"the periods must be numbered 1 to {PERIODS} in order")
    for p in b.periods:
        if p.first > p.last:
            raise BoardError(f"period {p.number} ends before it begins")
    for p, q in itertools.pairwise(b.periods):
        if q.first != p.last + 1:
            raise BoardError(f"period {q.number} must begin the year after period {p.number} ends")


def _validate_lands_and_areas(b: HotreBoard) -> None:
    check_names([land.name for land in b.lands], LANDS, "lands", "map")
    keys = [a.key for a in b.areas]
    if len(keys) != AREAS:
        raise BoardError(f"the map has {len(keys)} areas, not {AREAS}")
    for k, key in enumerate(keys):
        if keys.index(key) != k:
            raise BoardError(f"two areas have the key {key}")
    for land, k in zip(b.lands, b.area_of, strict=True):
        if k < 0:
            raise BoardError(f"{land.name} lies in an unknown area {land.area!r}")
    for area in b.areas:
        count = len(b.area_lands(area.key))
        if count != LANDS_PER_AREA:
            raise BoardError(f"area {area.name} has {count} lands, not {LANDS_PER_AREA}")
        if len(area.vp) != PERIODS:
            raise BoardError(f"area {area.name} needs a value for each of the {PERIODS} periods")
        if min(area.vp) < 1:
            raise BoardError(f"area {area.name} must be worth at least 1 VP in every period")
    s = b.scoring
    if not 0 < s.presence < s.domination < s.control:
        raise BoardError("Presence, Domination and Control must score rising multiples")
    if not 1 < s.domination_lands < LANDS_PER_AREA:
        raise BoardError("Domination must need more than one land and fewer than all five")
    resources = sum(land.resource for land in b.lands)
    if resources != RESOURCE_SITES:
        raise BoardError(f"the map has {resources} resource sites, not {RESOURCE_SITES}")


def _validate_borders(b: HotreBoard) -> None:
    names = [land.name for land in b.lands]
    for i, land in enumerate(b.lands):
        if len(set(land.neighbours)) != len(land.neighbours):
            raise BoardError(f"{land.name} lists a neighbour twice")
        for n in b.neighbours[i]:
            if n == i:
                raise BoardError(f"{land.name} borders itself")
            if i not in b.neighbours[n]:
                raise BoardError(
                    f"borders not symmetric: {land.name} lists {names[n]}, "
                    f"but {names[n]} does not list {land.name}"
                )
        for n in b.difficult[i] | b.optional_difficult[i]:
            if n not in b.neighbours[i]:
                raise BoardError(
                    f"{land.name} is difficult from {names[n]}, which does not border it"
                )
            if n in b.difficult[i] and n in b.optional_difficult[i]:
                raise BoardError(
                    f"{land.name} is difficult from {names[n]} both always and optionally"
                )
    if len(b.borders) != BORDERS:
        raise BoardError(f"the map has {len(b.borders)} land borders, not {BORDERS}")


def _validate_straits(b: HotreBoard) -> None:
    names = [land.name for land in b.lands]
    if len(b.straits) != STRAITS:
        raise BoardError(f"the map has {len(b.straits)} straits, not {STRAITS}")
    seen: set[frozenset[int]] = set()
    for s in b.straits:
        if s.a == s.b:
            raise BoardError(f"strait {s.name} joins {names[s.a]} to itself")
        key = frozenset((s.a, s.b))
        if key in seen:
            raise BoardError(f"two straits join {names[s.a]} and {names[s.b]}")
        seen.add(key)
        if s.b in b.neighbours[s.a]:
            raise BoardError(
                f"strait {s.name} joins {names[s.a]} and {names[s.b]}, which already share a border"
            )


def _validate_seas(b: HotreBoard) -> None:
    known = set(b.seas)
    if len(known) != len(b.seas):
        raise BoardError("a sea is listed twice")
    links: set[frozenset[str]] = set()
    for a, c in b.sea_links:
        for sea in (a, c):
            if sea not in known:
                raise BoardError(f"sea link {a}–{c} names no sea {sea!r}")
        if a == c:
            raise BoardError(f"sea {a} is linked to itself")
        if frozenset((a, c)) in links:
            raise BoardError(f"the sea link {a}–{c} is listed twice")
        links.add(frozenset((a, c)))
    for land in b.lands:
        for sea in land.seas:
            if sea not in known:
                raise BoardError(f"{land.name} touches an unknown sea {sea!r}")
        if len(set(land.seas)) != len(land.seas):
            raise BoardError(f"{land.name} lists a sea twice")
    for sea in b.seas:
        if not any(sea in land.seas for land in b.lands):
            raise BoardError(f"sea {sea} touches no land")


def _reach(b: HotreBoard, start: int, by_sea: bool) -> dict[int, int]:
    return hops(start, lambda here: b.adjacent(here) + (b.overseas[here] if by_sea else ()))


def _validate_reach(b: HotreBoard) -> None:
    for i, land in enumerate(b.lands):
        if not b.adjacent(i) and not land.coastal:
            raise BoardError(f"{land.name} has no neighbour and no coast: nothing can reach it")
    home = b.rome
    by_sea = _reach(b, home, by_sea=True)
    for i, land in enumerate(b.lands):
        if i not in by_sea:
            raise BoardError(f"{land.name} cannot be reached from Rome by land, strait or sea")
    by_land = _reach(b, home, by_sea=False)
    for i, land in enumerate(b.lands):
        if i not in by_land and b.adjacent(i):
            raise BoardError(f"{land.name} is cut off from Rome's mainland by land and strait")


def _validate_cities(b: HotreBoard) -> None:
    names = [land.name for land in b.lands]
    colours = {a.key: a.colour for a in b.areas}
    starts = {r.colour: names[r.land] for r in b.roman_starts}
    if len(b.roman_starts) != len(ROMAN_STARTS) or starts != dict(ROMAN_STARTS):
        raise BoardError(f"the Roman start lands must be {dict(ROMAN_STARTS)}, not {starts}")
    for r in b.roman_starts:
        land = b.lands[r.land]
        if colours[land.area] != r.colour:
            raise BoardError(
                f"the {r.colour} Faction must start in its own colour's area, not {land.name}"
            )
        if not land.resource:
            raise BoardError(
                f"Roman start {land.name} begins with a City, so it needs a resource site"
            )
    got = {c.name: (names[c.land], c.from_period) for c in b.special_cities}
    if len(b.special_cities) != len(SPECIAL_CITIES) or got != dict(SPECIAL_CITIES):
        raise BoardError(f"the special Cities must be {dict(SPECIAL_CITIES)}, not {got}")
    for c in b.special_cities:
        if not b.lands[c.land].resource:
            raise BoardError(f"{c.name} stands in {names[c.land]}, which has no resource site")


def load_board() -> HotreBoard:
    """Load the packaged board."""
    return parse_board(read_data("alea.games.hotre", "board.json"))


BOARD: Final = load_board()
