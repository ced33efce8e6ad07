"""Forum's board picture: where each market's name and profits go (the board is fixed)."""

from __future__ import annotations

import math
from functools import cache
from typing import Final

from alea.core.svg import (
    text_width,
)
from alea.games.forum.board import BOARD, MarketType
from alea.games.forum.svg.style import (
    MAP_BOTTOM,
    MAP_LEFT,
    MAP_RIGHT,
    MAP_TOP,
    NAME_SIZE,
    PAWN_SCALE,
    PAWN_W,
    PROFIT_SIZE,
    _pt,
    _radius,
)

# -- label placement (static: computed once for the board) -------------------------------------

Box = tuple[float, float, float, float]
"""``(x0, y0, x1, y1)``."""


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _crosses(box: Box, a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether segment ``a``–``b`` passes through ``box`` (sampled; exact enough here)."""
    for i in range(1, 20):
        t = i / 20
        x = a[0] + (b[0] - a[0]) * t
        y = a[1] + (b[1] - a[1]) * t
        if box[0] <= x <= box[2] and box[1] <= y <= box[3]:
            return True
    return False


def _gap(box: Box, pt: tuple[float, float]) -> float:
    """Distance from ``pt`` to the nearest point of ``box``."""
    dx = max(box[0] - pt[0], 0.0, pt[0] - box[2])
    dy = max(box[1] - pt[1], 0.0, pt[1] - box[3])
    return math.hypot(dx, dy)


def _profit_text(m: int) -> str:
    return " · ".join(str(v) for v in BOARD.markets[m].profit)


LEGENDS: Final[tuple[Box, ...]] = (
    (MAP_LEFT + 14.0, MAP_BOTTOM - 196.0, MAP_LEFT + 332.0, MAP_BOTTOM - 14.0),
    (1220.0, MAP_TOP + 14.0, 1538.0, MAP_TOP + 134.0),
)
"""The two legend boxes on the map: markets and trade boost (lower left), regions (upper right)."""
OFF_MAP: Final = 1e6
"""The cost of a label place that leaves the map: more than any crowding, so no name is cut."""


def _token_zones(m: int) -> list[Box]:
    x, y = _pt(m)
    r = _radius(BOARD.markets[m].type)
    below = (x - 28, y + r + 4, x + 28, y + r + 18)
    right = (x + r + 3, y - 12, x + r + 3 + 2 * (PAWN_W * PAWN_SCALE + 2), y + 10)
    return [below, right]


def _candidates(m: int) -> list[tuple[float, Box, str]]:
    """Places for market ``m``'s label: ``(preference cost, box, text-anchor)``."""
    market = BOARD.markets[m]
    x, y = _pt(m)
    r = _radius(market.type)
    w = max(
        text_width(market.name, NAME_SIZE, True),
        text_width(_profit_text(m), PROFIT_SIZE),
    )
    h = NAME_SIZE + PROFIT_SIZE + 2
    if market.type is MarketType.ROME:
        return [(0.0, (x - w / 2, y - r - 16 - h, x + w / 2, y - r - 16), "middle")]
    d = r + 4
    return [
        (0.0, (x - w / 2, y - d - h, x + w / 2, y - d), "middle"),
        (1.0, (x - d - w, y - h / 2 - 2, x - d, y + h / 2 - 2), "end"),
        (1.5, (x + d + 4, y - d - h + 6, x + d + 4 + w, y - d + 6), "start"),
        (1.5, (x - d - 4 - w, y - d - h + 6, x - d - 4, y - d + 6), "end"),
        (2.0, (x - w / 2, y + r + 19, x + w / 2, y + r + 19 + h), "middle"),
        (2.5, (x + d + 30, y - h / 2, x + d + 30 + w, y + h / 2), "start"),
        (3.0, (x - d - w, y + 4, x - d, y + 4 + h), "end"),
    ]


@cache
def _labels() -> tuple[tuple[float, float, str], ...]:
    """For each market, where its name goes: ``(x, baseline of the name, text-anchor)``.

    Each label has a few candidate places round its market, scored against the other labels,
    every market shape, the token zones, the links and the legends, and against sitting nearer
    another market than its own. A greedy pass places them, a few passes of moving one label
    at a time to its cheapest place settle them. The board is fixed, so this runs once.
    """
    n = len(BOARD.markets)
    nodes: list[Box] = []
    for m in range(n):
        x, y = _pt(m)
        r = _radius(BOARD.markets[m].type) + 3
        nodes.append((x - r, y - r, x + r, y + r))
    zones = [z for m in range(n) for z in _token_zones(m)]
    segments = [(_pt(a), _pt(b)) for a, b in BOARD.links]
    options = [_candidates(m) for m in range(n)]

    def fixed_cost(m: int, pref: float, box: Box) -> float:
        x, y = _pt(m)
        cost = pref
        cost += sum(_overlap(box, b) for k, b in enumerate(nodes) if k != m) * 0.8
        cost += sum(_overlap(box, z) for z in zones) * 0.06
        cost += sum(_overlap(box, g) for g in LEGENDS) * 0.5
        cost += sum(1.0 for a, b in segments if _crosses(box, a, b))
        if (
            box[0] < MAP_LEFT + 4
            or box[2] > MAP_RIGHT - 4
            or box[1] < MAP_TOP + 4
            or box[3] > MAP_BOTTOM - 4
        ):
            cost += OFF_MAP
        own = _gap(box, (x, y)) - _radius(BOARD.markets[m].type)
        other = min(_gap(box, _pt(k)) - _radius(BOARD.markets[k].type) for k in range(n) if k != m)
        if other < own + 8:
            cost += 5.0 + max(0.0, own - other) * 0.2
        return cost

    static = [[fixed_cost(m, pref, box) for pref, box, _ in options[m]] for m in range(n)]
    choice: list[int | None] = [None] * n

    def best(m: int) -> int:
        scores = []
        for i, (_, box, _) in enumerate(options[m]):
            clash = sum(
                _overlap(box, options[k][c][1])
                for k, c in enumerate(choice)
                if c is not None and k != m
            )
            scores.append((static[m][i] + clash * 0.5, i))
        return min(scores)[1]

    crowd = sorted(
        (-sum(1 for k in range(n) if math.dist(_pt(m), _pt(k)) < 110), m) for m in range(n)
    )
    for _, m in crowd:
        choice[m] = best(m)
    for _ in range(4):
        for m in range(n):
            choice[m] = best(m)
    out = []
    for m in range(n):
        c = choice[m]
        assert c is not None
        _, box, anchor = options[m][c]
        ax = {"middle": (box[0] + box[2]) / 2, "start": box[0], "end": box[2]}[anchor]
        out.append((ax, box[1] + NAME_SIZE, anchor))
    return tuple(out)
