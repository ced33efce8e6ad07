"""The Forum board, loaded from ``data/board.json`` and validated.

Fifty-seven markets joined by 75 links, each market's distance from Rome, its printed profit
per player for one to four horrea, its region, plus the trade boost by distance, the prestige
ladder with its benefactions, and the money ladder. Lookups are precomputed once so the rules
code only indexes tuples.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Any, Final

from alea.core.boards import BoardError as BoardError
from alea.core.boards import check_names, hops, index_of, read_data

MARKETS: Final = 57
"""Markets printed on the board, Rome included."""
LINKS: Final = 75
"""Links printed on the board."""
MAX_HORREA: Final = 4
"""Profit is printed for one to four horrea in a market (one per player)."""


class MarketType(Enum):
    """The shape printed at a market's centre."""

    SMALL = "small"
    LARGE = "large"
    EXOTIC = "exotic"
    ROME = "rome"


@dataclass(frozen=True)
class Market:
    """One market as printed on the board.

    Attributes:
        profit: money per player when 1, 2, 3 or 4 players have a horreum there; may be negative.
        region: the region's name (ours; the board draws no names), ``None`` for Rome.
        xy: the market's centre on the board, in PDF points.
        lonlat: longitude and latitude from the designers' network file, ``None`` where absent.

    """

    name: str
    distance: int
    type: MarketType
    profit: tuple[int, int, int, int]
    region: str | None
    xy: tuple[int, int]
    lonlat: tuple[float, float] | None


@dataclass(frozen=True)
class PrestigeBand:
    """A band of the cursus honorum: cells ``low..high``; ``cost`` of each benefaction in it."""

    name: str
    low: int
    high: int
    cost: int | None
    """``None`` where the band offers no benefactions (the top, CONSVL)."""


@dataclass(frozen=True)
class ForumBoard:
    """Static board facts with indexed lookups; build it with ``parse_board``."""

    markets: tuple[Market, ...]
    links: tuple[tuple[int, int], ...]
    """Each link once, as a pair of market indices."""
    neighbours: tuple[tuple[int, ...], ...]
    """Market indices next to each market, in index order."""
    by_name: MappingProxyType[str, int]
    regions: tuple[str, ...]
    trade_boost: MappingProxyType[int, int]
    """Money an agent's market earns from trade, by the market's distance from Rome."""
    prestige_cells: int
    bands: tuple[PrestigeBand, ...]
    benefactions: tuple[str, ...]
    """The benefaction kinds each band offers, each once per game."""
    benefaction_prestige: int
    money: tuple[int, ...]
    """The money ladder's spaces, low to high."""

    def index(self, name: str) -> int:
        """Market index by exact name; ``BoardError`` if there is no such market."""
        return index_of(self.by_name, name, "market")

    def market(self, name: str) -> Market:
        """The market called ``name``."""
        return self.markets[self.index(name)]

    @property
    def rome(self) -> int:
        """Index of Rome, the one market of type ``rome``."""
        return next(i for i, m in enumerate(self.markets) if m.type is MarketType.ROME)

    def region_markets(self, region: str) -> tuple[int, ...]:
        """Indices of the markets in ``region`` (Rome is in none)."""
        return tuple(i for i, m in enumerate(self.markets) if m.region == region)


def _pair(value: Any) -> tuple[Any, Any]:
    if len(value) != 2:
        raise ValueError(f"expected a pair, got {value!r}")
    return value[0], value[1]


def _market(data: dict[str, Any]) -> Market:
    profit = tuple(int(p) for p in data["profit"])
    if len(profit) != MAX_HORREA:
        raise BoardError(f"{data['name']} must print {MAX_HORREA} profit values")
    x, y = _pair(data["xy"])
    lonlat = data["lonlat"]
    region = data["region"]
    return Market(
        name=str(data["name"]),
        distance=int(data["distance"]),
        type=MarketType(data["type"]),
        profit=(profit[0], profit[1], profit[2], profit[3]),
        region=None if region is None else str(region),
        xy=(int(x), int(y)),
        lonlat=None if lonlat is None else (float(lonlat[0]), float(lonlat[1])),
    )


def parse_board(data: dict[str, Any]) -> ForumBoard:
    """Build and validate a board from its JSON data."""
    try:
        markets = tuple(_market(m) for m in data["markets"])
        by_name: dict[str, int] = {}
        for i, m in enumerate(markets):
            by_name.setdefault(m.name, i)
        links: list[tuple[int, int]] = []
        for link in data["links"]:
            a, b = _pair(link)
            for end in (a, b):
                if end not in by_name:
                    raise BoardError(f"link {a}–{b} names no market {end!r}")
            links.append((by_name[a], by_name[b]))
        adjacent: list[set[int]] = [set() for _ in markets]
        for a, b in links:
            adjacent[a].add(b)
            adjacent[b].add(a)
        prestige = data["prestige"]
        costs = {str(k): int(v) for k, v in prestige["benefaction_cost"].items()}
        board = ForumBoard(
            markets=markets,
            links=tuple(links),
            neighbours=tuple(tuple(sorted(ns)) for ns in adjacent),
            by_name=MappingProxyType(by_name),
            regions=tuple(str(r) for r in data["regions"]),
            trade_boost=MappingProxyType({int(d): int(v) for d, v in data["trade_boost"].items()}),
            prestige_cells=int(prestige["cells"]),
            bands=tuple(
                PrestigeBand(str(n), int(lo), int(hi), costs.get(str(n)))
                for n, lo, hi in prestige["bands"]
            ),
            benefactions=tuple(str(k) for k in prestige["benefactions"]),
            benefaction_prestige=int(prestige["benefaction_prestige"]),
            money=tuple(int(v) for v in data["money"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise BoardError(f"board data is malformed: {exc!r}") from None
    validate(board)
    return board


def validate(b: ForumBoard) -> None:
    """Check the board's invariants: raise ``BoardError`` naming the first broken one."""
    names = [m.name for m in b.markets]
    check_names(names, MARKETS, "markets", "board")
    if len(b.links) != LINKS:
        raise BoardError(f"the board has {len(b.links)} links, not {LINKS}")
    seen: set[frozenset[int]] = set()
    for a, c in b.links:
        if a == c:
            raise BoardError(f"{names[a]} is linked to itself")
        key = frozenset((a, c))
        if key in seen:
            raise BoardError(f"the link {names[a]}–{names[c]} is listed twice")
        seen.add(key)
    for h, ns in enumerate(b.neighbours):
        for n in ns:
            if h not in b.neighbours[n]:
                raise BoardError(f"links not symmetric at {names[h]}/{names[n]}")
            if frozenset((h, n)) not in seen:
                raise BoardError(f"{names[h]}/{names[n]} are neighbours without a link")
    romes = [i for i, m in enumerate(b.markets) if m.type is MarketType.ROME]
    if len(romes) != 1:
        raise BoardError(f"the board must have exactly one Rome, not {len(romes)}")
    rome = romes[0]
    links = hops(rome, b.neighbours.__getitem__)
    for i, m in enumerate(b.markets):
        if (m.distance == 0) != (i == rome):
            raise BoardError(f"{m.name}: Rome and only Rome lies at distance 0")
        if i not in links:
            raise BoardError(f"{m.name} is cut off from Rome: the network is not connected")
        if m.distance != links[i]:
            raise BoardError(
                f"{m.name} prints distance {m.distance} but lies {links[i]} links from Rome"
            )
    regions = set(b.regions)
    for i, m in enumerate(b.markets):
        if i == rome:
            if m.region is not None:
                raise BoardError("Rome belongs to no region")
        elif m.region not in regions:
            raise BoardError(f"{m.name} must lie in exactly one known region, not {m.region!r}")
    for r in b.regions:
        if not b.region_markets(r):
            raise BoardError(f"region {r} has no markets")
    for m in b.markets:
        if any(m.profit[k] < m.profit[k + 1] for k in range(MAX_HORREA - 1)):
            raise BoardError(f"{m.name}'s profit rises with more horrea: {list(m.profit)}")
        if m.distance and m.distance not in b.trade_boost:
            raise BoardError(f"no trade boost for distance {m.distance} ({m.name})")
    _validate_ladders(b)


def _validate_ladders(b: ForumBoard) -> None:
    expected = 1
    for band in b.bands:
        if band.low != expected or band.high < band.low:
            raise BoardError(f"prestige band {band.name} must start at cell {expected}")
        expected = band.high + 1
        if band.high < b.prestige_cells and band.cost is None:
            raise BoardError(f"prestige band {band.name} has no benefaction cost")
    if expected != b.prestige_cells + 1:
        raise BoardError(f"the prestige bands must cover cells 1 to {b.prestige_cells}")
    if list(b.money) != sorted(set(b.money)) or 0 not in b.money:
        raise BoardError("the money ladder must rise strictly through 0")


def load_board() -> ForumBoard:
    """Load the packaged board."""
    return parse_board(read_data("alea.games.forum", "board.json"))


BOARD: Final = load_board()
