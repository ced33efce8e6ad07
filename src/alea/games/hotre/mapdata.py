"""The drawn map of History of the Roman Empire: province outlines and where things go on them.

``data/map.json`` is made by ``scripts/build_hotre_map.py`` from the authored geography (see
``docs/hotre_data.md``): every land's outline already projected to picture units and simplified,
the surrounding coasts, and for each land a point for its name and one for its pieces, chosen
inside the province so that nothing overlaps. Only the standard library reads it, so drawing a
board needs no geometry package.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from alea.core.boards import read_data
from alea.games.hotre.board import BOARD, BoardError

WIDTH: Final = 1000
"""Width of the map in picture units."""
NAME_SIZE: Final = 13.0
"""Font size of land names."""
BLOCK_W: Final = 56.0
"""Width of the box that holds a land's pieces (Resource, City, Fort over its army counter)."""
BLOCK_H: Final = 40.0
"""Height of that box."""


@dataclass(frozen=True)
class LandShape:
    """One land as drawn.

    Attributes:
        path: SVG path data of its outline (islands included), in picture units.
        name_at: centre of its name.
        lines: the name as set, one or two lines.
        pieces_at: centre of the box of its pieces (``BLOCK_W`` by ``BLOCK_H``).
        rings: each part's outline as points, for tests and hit checks.

    """

    path: str
    name_at: tuple[float, float]
    lines: tuple[str, ...]
    pieces_at: tuple[float, float]
    rings: tuple[tuple[tuple[float, float], ...], ...]


@dataclass(frozen=True)
class SeaLabel:
    """A sea's name on the map, turned by ``angle`` degrees."""

    name: str
    at: tuple[float, float]
    angle: float


@dataclass(frozen=True)
class StraitMark:
    """A strait arrow between two lands, from ``a`` to ``b`` (picture units)."""

    name: str
    a: tuple[float, float]
    b: tuple[float, float]


@dataclass(frozen=True)
class MapShapes:
    """Everything ``data/map.json`` holds, in land order of ``BOARD``."""

    width: float
    height: float
    lands: tuple[LandShape, ...]
    context: str
    borders: dict[tuple[str, str], str]
    seas: tuple[SeaLabel, ...]
    straits: tuple[StraitMark, ...]
    cities: dict[str, tuple[float, float]]


def _point(raw: Any) -> tuple[float, float]:
    return float(raw[0]), float(raw[1])


def path_rings(path: str) -> tuple[tuple[tuple[float, float], ...], ...]:
    """The closed parts of a path written as ``M x y l dx dy ... z`` (relative moves)."""
    rings: list[tuple[tuple[float, float], ...]] = []
    for part in path.split("M")[1:]:
        nums = [float(v) for v in part.replace("l", " ").replace("z", " ").split()]
        x, y = nums[0], nums[1]
        ring = [(x, y)]
        for k in range(2, len(nums) - 1, 2):
            x += nums[k]
            y += nums[k + 1]
            ring.append((x, y))
        rings.append(tuple(ring))
    return tuple(rings)


def parse_map(raw: dict[str, Any]) -> MapShapes:
    """Check and read the map data; a land missing or unknown raises ``BoardError``."""
    names = [ln.name for ln in BOARD.lands]
    lands_raw = raw.get("lands", {})
    if sorted(lands_raw) != sorted(names):
        missing = sorted(set(names) - set(lands_raw))
        extra = sorted(set(lands_raw) - set(names))
        raise BoardError(f"map.json must draw each land once: missing {missing}, unknown {extra}")
    lands = []
    for name in names:
        d = lands_raw[name]
        lands.append(
            LandShape(
                path=str(d["path"]),
                name_at=_point(d["name_at"]),
                lines=tuple(str(s) for s in d["lines"]),
                pieces_at=_point(d["pieces_at"]),
                rings=path_rings(str(d["path"])),
            )
        )
    straits = tuple(
        StraitMark(str(s["name"]), _point(s["a"]), _point(s["b"])) for s in raw["straits"]
    )
    known = {st.name for st in BOARD.straits}
    if {s.name for s in straits} != known:
        raise BoardError(f"map.json must mark the straits {sorted(known)}")
    return MapShapes(
        width=float(raw["width"]),
        height=float(raw["height"]),
        lands=tuple(lands),
        context=str(raw["context"]),
        borders={(a, b): str(d) for k, d in raw["borders"].items() for a, b in [k.split("|", 1)]},
        seas=tuple(
            SeaLabel(str(s["name"]), _point(s["at"]), float(s.get("angle", 0))) for s in raw["seas"]
        ),
        straits=straits,
        cities={str(k): _point(v) for k, v in raw["cities"].items()},
    )


@cache
def map_shapes() -> MapShapes:
    """The packaged map, read once."""
    return parse_map(read_data("alea.games.hotre", "map.json"))


def inside(point: tuple[float, float], rings: tuple[tuple[tuple[float, float], ...], ...]) -> bool:
    """Whether ``point`` lies inside one of ``rings`` (even-odd rule)."""
    x, y = point
    hit = False
    for ring in rings:
        n = len(ring)
        for i in range(n):
            (x1, y1), (x2, y2) = ring[i], ring[(i + 1) % n]
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                hit = not hit
    return hit
