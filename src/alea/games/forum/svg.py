"""The Forum board as a standalone SVG, drawn from ``observation(p)`` and the static board.

The map shows the trade network: links as lines, each market shaped by its type (circle small,
triangle large, square exotic) on a soft wash of its region's colour, its distance from Rome
inside, its name and printed profits beside it, and on it the horrea, agents and
local-aristocracy marriages of each family. Rome sits large and crimson at the centre.

A side panel holds the families (money, prestige, tokens, children), the prestige ladder with
its benefactions, the money ladder, the marriages, and the fate card last drawn. A header says
whose move it is; the end of the game is announced over the map. Only the observation is
read, so a seat never sees more than the rules show it. Each market's group carries
``data-place`` (its name), the key a clickable client matches against ``place_of(action)``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from typing import Any, Final

from alea.core.svg import (
    GOLD,
    darker,
    element,
    escape,
    fmt,
    mix,
    point_list,
    quoteattr,
    star_points,
    text_element,
    text_width,
    wrap,
)
from alea.games.forum.board import BOARD, MarketType
from alea.games.forum.state import STAGE_TEXT

# -- palette -----------------------------------------------------------------------------------

SEAT_COLOUR: Final = ("#c62f28", "#2c62b8", "#2d8a4a", "#e0a81c")
"""Token colour of each seat: Aemilii red, Cornelii blue, Licinii green, Valerii gold."""
SEAT_INK: Final = ("#a5241e", "#224f96", "#216b39", "#8f6500")
"""The same colours dark enough to write with on parchment."""

REGION_TINT: Final = {
    "hispania_africa": "#ead2a2",
    "italia_gallia_britannia": "#bcdcd2",
    "graecia_et_danubius": "#d3c8e8",
    "oriens": "#f0c3ae",
}
"""Soft land colour of each region (kept away from the seat colours)."""
REGION_TITLE: Final = {
    "hispania_africa": "Hispania & Africa",
    "italia_gallia_britannia": "Italia, Gallia & Britannia",
    "graecia_et_danubius": "Graecia & Danubius",
    "oriens": "Oriens",
}

SEA: Final = "#dde9ec"
PAPER: Final = "#f7f0df"
PANEL: Final = "#fbf6ea"
FRAME: Final = "#6b5338"
INK: Final = "#33281c"
MUTED: Final = "#7b6a55"
LINK: Final = "#8d7b63"
ROME_RED: Final = "#b3202a"
DEBT: Final = "#b3202a"
SERIF: Final = "Georgia, 'Palatino Linotype', 'Book Antiqua', 'Times New Roman', serif"

BAND_TINT: Final = {
    "QVAESTOR": "#e6dcc4",
    "AEDILE": "#d9c9a4",
    "PRAETOR": "#cdb585",
    "CONSVL": "#b3202a",
}

# -- geometry ----------------------------------------------------------------------------------

WIDTH: Final = 2090
HEADER: Final = 64
MAP_LEFT: Final = 16
MAP_TOP: Final = HEADER + 14
MAP_RIGHT: Final = 1552
MAP_BOTTOM: Final = 1196
DX: Final = -155
"""Board points to picture units: ``x + DX``, ``y + DY`` (one board point is one unit)."""
DY: Final = 80
PANEL_X: Final = 1568
PANEL_W: Final = WIDTH - PANEL_X - 16

NAME_SIZE: Final = 13.0
PROFIT_SIZE: Final = 9.5
WASH_RADIUS: Final = 50.0
HORREUM_W: Final = 11.0
HORREUM_GAP: Final = 3.0
PAWN_W: Final = 10.0
PAWN_SCALE: Final = 1.3


def _radius(t: MarketType) -> float:
    return {
        MarketType.SMALL: 14.0,
        MarketType.LARGE: 16.0,
        MarketType.EXOTIC: 13.5,
        MarketType.ROME: 28.0,
    }[t]


def _pt(m: int) -> tuple[float, float]:
    x, y = BOARD.markets[m].xy
    return float(x + DX), float(y + DY)


# -- small SVG helpers -------------------------------------------------------------------------


def _money(v: int) -> str:
    return f"−${-v:,}" if v < 0 else f"${v:,}"


def _seat_name(p: int, players: Sequence[dict[str, Any]]) -> str:
    if 0 <= p < len(players):
        return str(players[p]["name"])
    return "?"


def _colour(p: int) -> str:
    return SEAT_COLOUR[p % len(SEAT_COLOUR)]


def _ink(p: int) -> str:
    return SEAT_INK[p % len(SEAT_INK)]


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
    w = max(text_width(market.name, NAME_SIZE, True), text_width(_profit_text(m), PROFIT_SIZE))
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
        if box[0] < MAP_LEFT + 4 or box[2] > MAP_RIGHT - 4 or box[1] < MAP_TOP + 4:
            cost += 500
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


# -- the map -----------------------------------------------------------------------------------


@cache
def _washes() -> tuple[str, ...]:
    """Each region as a soft land mass: its markets and inner links, thickly brushed."""
    out = ['<g class="regions">']
    for region in BOARD.regions:
        tint = REGION_TINT.get(region, "#e4dccb")
        inside = set(BOARD.region_markets(region))
        out.append(
            f'<g opacity="0.5" fill="{tint}" stroke="{tint}" '
            f'stroke-width="{fmt(WASH_RADIUS * 1.8)}" stroke-linecap="round">'
        )
        for a, b in BOARD.links:
            if a in inside and b in inside:
                (x1, y1), (x2, y2) = _pt(a), _pt(b)
                out.append(element("line", x1=x1, y1=y1, x2=x2, y2=y2))
        for m in sorted(inside):
            x, y = _pt(m)
            out.append(element("circle", cx=x, cy=y, r=WASH_RADIUS, stroke="none"))
        out.append("</g>")
    x, y = _pt(BOARD.rome)
    out.append(element("circle", cx=x, cy=y, r=WASH_RADIUS, fill="#f1d6cc", opacity=0.8))
    out.append("</g>")
    return tuple(out)


@cache
def _links() -> tuple[str, ...]:
    out = [f'<g class="links" stroke="{LINK}" stroke-width="2.2" stroke-linecap="round">']
    for a, b in BOARD.links:
        (x1, y1), (x2, y2) = _pt(a), _pt(b)
        rome = BOARD.rome in (a, b)
        out.append(
            element(
                "line",
                x1=x1,
                y1=y1,
                x2=x2,
                y2=y2,
                stroke=ROME_RED if rome else None,
                stroke_opacity=0.55 if rome else 0.75,
                stroke_width=3.0 if rome else None,
            )
        )
    out.append("</g>")
    return tuple(out)


@cache
def _shape(m: int) -> str:
    market = BOARD.markets[m]
    x, y = _pt(m)
    r = _radius(market.type)
    tint = REGION_TINT.get(market.region or "", "#eeeeee")
    edge = darker(tint, 0.45)
    if market.type is MarketType.ROME:
        return "".join(
            [
                element("circle", cx=x, cy=y, r=r + 5, fill="none", stroke=GOLD, stroke_width=3.0),
                element(
                    "circle", cx=x, cy=y, r=r, fill=ROME_RED, stroke="#6e0f14", stroke_width=2.0
                ),
                text_element(
                    x,
                    y + 4.5,
                    "SPQR",
                    12.5,
                    fill="#fbe7a1",
                    font_weight="bold",
                    text_anchor="middle",
                    letter_spacing="1",
                ),
            ]
        )
    if market.type is MarketType.LARGE:
        s = r * 1.25
        pts = [(x, y - s), (x + s * 0.9, y + s * 0.58), (x - s * 0.9, y + s * 0.58)]
        body = element("polygon", points=point_list(pts), fill=tint, stroke=edge, stroke_width=1.8)
        ty = y + 6.5
    elif market.type is MarketType.EXOTIC:
        body = element(
            "rect",
            x=x - r,
            y=y - r,
            width=2 * r,
            height=2 * r,
            rx=2.0,
            fill=darker(tint, 0.25),
            stroke=darker(tint, 0.6),
            stroke_width=1.8,
        )
        ty = y + 4.5
    else:
        body = element("circle", cx=x, cy=y, r=r, fill=tint, stroke=edge, stroke_width=1.8)
        ty = y + 4.5
    number = text_element(
        x,
        ty,
        str(market.distance),
        12.0,
        fill="#fff" if market.type is MarketType.EXOTIC else INK,
        font_weight="bold",
        text_anchor="middle",
    )
    return body + number


@cache
def _market_title(m: int) -> str:
    market = BOARD.markets[m]
    kind = "the capital" if market.type is MarketType.ROME else f"{market.type.value} market"
    region = REGION_TITLE.get(market.region or "", "no region")
    profit = " / ".join(str(v) for v in market.profit)
    return (
        f"{market.name}: {kind}, distance {market.distance}, {region}; "
        f"profit per player with 1-4 horrea: {profit}"
    )


@cache
def _horreum(x: float, y: float, p: int) -> str:
    """A little granary in the seat's colour: a box under a gable, its roof's peak at ``(x, y)``."""
    w, eave, body = HORREUM_W, 4.5, 8.0
    house = [
        (x, y),
        (x + w / 2 + 1.2, y + eave),
        (x + w / 2, y + eave),
        (x + w / 2, y + eave + body),
        (x - w / 2, y + eave + body),
        (x - w / 2, y + eave),
        (x - w / 2 - 1.2, y + eave),
    ]
    door = (x - 1.6, y + eave + body - 4.6, 3.2, 4.6)
    return (
        f'<g class="horreum" data-seat="{p}">'
        + element(
            "polygon",
            points=point_list(house),
            fill=_colour(p),
            stroke="#1d1712",
            stroke_width=0.9,
            stroke_linejoin="round",
        )
        + element(
            "rect",
            x=door[0],
            y=door[1],
            width=door[2],
            height=door[3],
            fill="#1d1712",
            opacity=0.55,
        )
        + "</g>"
    )


def _pawn(x: float, y: float, p: int, count: int, scale: float = PAWN_SCALE) -> str:
    """An agent: a pawn standing on ``(x, y)``, with ``×n`` beside it when several stand there."""
    s = scale
    body = (
        f"M{fmt(x - 5 * s)},{fmt(y)} Q{fmt(x - 4.6 * s)},{fmt(y - 5 * s)} {fmt(x - 2 * s)},"
        f"{fmt(y - 9 * s)} L{fmt(x + 2 * s)},{fmt(y - 9 * s)} Q{fmt(x + 4.6 * s)},{fmt(y - 5 * s)} "
        f"{fmt(x + 5 * s)},{fmt(y)} Z"
    )
    parts = [
        f'<g class="agent" data-seat="{p}" data-count="{count}">',
        element(
            "ellipse", cx=x + 0.8, cy=y + 0.6, rx=5.8 * s, ry=1.8 * s, fill="#000", opacity=0.22
        ),
        element("path", d=body, fill=_colour(p), stroke="#1d1712", stroke_width=0.9),
        element(
            "circle",
            cx=x,
            cy=y - 11.2 * s,
            r=3.7 * s,
            fill=_colour(p),
            stroke="#1d1712",
            stroke_width=0.9,
        ),
    ]
    if count > 1:
        parts.append(
            text_element(
                x + 5.2 * s, y - 11 * s, f"×{count}", 9.0 * s, fill=INK, font_weight="bold"
            )
        )
    parts.append("</g>")
    return "".join(parts)


def _markets(obs: dict[str, Any]) -> list[str]:
    players = obs["players"]
    counts: dict[str, list[int]] = {}
    for p, pl in enumerate(players):
        for name in pl["agents"]:
            counts.setdefault(name, [0] * len(players))[p] += 1
    pending = obs.get("pending") or None
    infos = {str(i["name"]): i for i in obs["markets"]}
    out = ['<g class="markets">']
    for m, market in enumerate(BOARD.markets):
        info = infos.get(market.name, {"horrea": [], "local": None})
        x, y = _pt(m)
        r = _radius(market.type)
        out.append(
            f'<g class="market" data-market={quoteattr(market.name)} '
            f"data-place={quoteattr(market.name)}>"
        )
        out.append(f"<title>{escape(_market_title(m))}</title>")
        local = info.get("local")
        if local is not None:
            out.append(
                element(
                    "circle",
                    class_="local",
                    data_seat=local,
                    cx=x,
                    cy=y,
                    r=r + (9 if market.type is MarketType.ROME else 4.5),
                    fill="none",
                    stroke=_colour(local),
                    stroke_width=3.2,
                    stroke_dasharray="5 2.5",
                )
            )
        if pending and pending.get("market") == market.name:
            out.append(
                element(
                    "circle",
                    class_="contest",
                    cx=x,
                    cy=y,
                    r=r + 11,
                    fill="none",
                    stroke=_colour(int(pending["attacker"])),
                    stroke_width=2.2,
                    stroke_dasharray="2 3",
                )
            )
        out.append(_shape(m))
        out.extend(_tokens(m, info["horrea"], counts.get(market.name, [])))
        out.append("</g>")
    out.append("</g>")
    return out


ROME_SLOTS: Final = (-150.0, -28.0, 28.0, 150.0)
"""Where each seat's agents stand round Rome, in degrees (0 is east, clockwise)."""


def _tokens(m: int, horrea: Sequence[int], agents: Sequence[int]) -> list[str]:
    market = BOARD.markets[m]
    x, y = _pt(m)
    r = _radius(market.type)
    out = []
    step = HORREUM_W + HORREUM_GAP
    hy = y + r + (10 if market.type is MarketType.ROME else 7)
    left = x - step * (len(horrea) - 1) / 2
    for i, p in enumerate(horrea):
        out.append(_horreum(left + i * step, hy, int(p)))
    seats = [(p, c) for p, c in enumerate(agents) if c]
    if market.type is MarketType.ROME:
        for p, c in seats:
            a = math.radians(ROME_SLOTS[p % len(ROME_SLOTS)])
            px = x + (r + 15) * math.cos(a)
            py = y + (r + 15) * math.sin(a) + 10
            out.append(_pawn(px, py, p, c))
    else:
        px = x + r + 10
        for p, c in seats:
            out.append(_pawn(px, y + 9, p, c))
            px += PAWN_W * PAWN_SCALE + 2 + (12 if c > 1 else 0)
    return out


@cache
def _names() -> tuple[str, ...]:
    halo = [
        f'<g class="label-halo" fill="none" stroke="{SEA}" stroke-width="3.2" '
        'stroke-linejoin="round" stroke-opacity="0.9">'
    ]
    body = [f'<g class="labels" fill="{INK}">']
    for m, (x, y, anchor) in enumerate(_labels()):
        market = BOARD.markets[m]
        rome = market.type is MarketType.ROME
        size = 17.0 if rome else NAME_SIZE
        name = market.name.upper() if rome else market.name
        for target, extra in ((halo, {}), (body, {"class_": "name"})):
            target.append(
                text_element(
                    x,
                    y,
                    name,
                    size,
                    text_anchor=anchor,
                    font_weight="bold",
                    letter_spacing="1.5" if rome else None,
                    fill=ROME_RED if rome and target is body else None,
                    **extra,
                )
            )
            target.append(
                text_element(
                    x,
                    y + PROFIT_SIZE + 2.5 + (2 if rome else 0),
                    _profit_text(m),
                    PROFIT_SIZE,
                    text_anchor=anchor,
                    fill=MUTED if target is body else None,
                    class_="profit" if target is body else None,
                )
            )
    halo.append("</g>")
    body.append("</g>")
    return tuple(halo + body)


@cache
def _watermark() -> tuple[str, ...]:
    """The game's name set faintly in the empty sea south of Sicily, as on a printed board."""
    x, y = 760.0, 1075.0
    return (
        '<g class="watermark" fill="#8fa9b2" fill-opacity="0.45" text-anchor="middle">',
        text_element(x, y, "FORVM", 78.0, font_weight="bold", letter_spacing="14"),
        text_element(x, y + 40, "TRADE EMPIRES OF ROME", 22.0, letter_spacing="6"),
        "</g>",
    )


@cache
def _legend_types() -> tuple[str, ...]:
    x0, y0, x1, y1 = LEGENDS[0]
    w, h = x1 - x0, y1 - y0
    out = [
        '<g class="legend">',
        element(
            "rect",
            x=x0,
            y=y0,
            width=w,
            height=h,
            rx=6.0,
            fill=PANEL,
            fill_opacity=0.92,
            stroke=FRAME,
            stroke_width=1.0,
        ),
        text_element(
            x0 + 12, y0 + 20, "MARKETS", 11.0, fill=MUTED, letter_spacing="1.5", font_weight="bold"
        ),
    ]
    tint = "#e6dcc8"
    edge = darker(tint, 0.45)
    rows = [("small market", "small"), ("large market", "large"), ("exotic market", "exotic")]
    for i, (label, kind) in enumerate(rows):
        cx, cy = x0 + 24, y0 + 40 + i * 24
        if kind == "small":
            out.append(
                element("circle", cx=cx, cy=cy, r=8.0, fill=tint, stroke=edge, stroke_width=1.5)
            )
        elif kind == "large":
            pts = [(cx, cy - 10), (cx + 9, cy + 6), (cx - 9, cy + 6)]
            out.append(
                element("polygon", points=point_list(pts), fill=tint, stroke=edge, stroke_width=1.5)
            )
        else:
            out.append(
                element(
                    "rect",
                    x=cx - 8,
                    y=cy - 8,
                    width=16.0,
                    height=16.0,
                    rx=1.5,
                    fill=darker(tint, 0.3),
                    stroke=darker(tint, 0.6),
                    stroke_width=1.5,
                )
            )
        out.append(text_element(cx + 16, cy + 4, label, 11.5, fill=INK))
    out.append(
        text_element(
            x0 + 24, y0 + 118, "3", 12.0, fill=INK, font_weight="bold", text_anchor="middle"
        )
    )
    out.append(text_element(x0 + 40, y0 + 118, "links from Rome", 11.5, fill=INK))
    out.append(text_element(x0 + 12, y0 + 140, "25 · 0 · −25 · −50", PROFIT_SIZE + 0.5, fill=MUTED))
    out.append(text_element(x0 + 104, y0 + 140, "profit each with 1–4 horrea", 11.0, fill=INK))
    tx = x0 + 176
    out.append(
        text_element(
            tx, y0 + 20, "TRADE BOOST", 11.0, fill=MUTED, letter_spacing="1.5", font_weight="bold"
        )
    )
    for i, (d, boost) in enumerate(sorted(BOARD.trade_boost.items())):
        yy = y0 + 40 + i * 15.5
        out.append(text_element(tx + 6, yy, f"distance {d}", 11.0, fill=INK))
        out.append(
            text_element(
                tx + 128, yy, f"+{boost}", 11.0, fill=INK, text_anchor="end", font_weight="bold"
            )
        )
    # tokens
    ty = y0 + 164
    out.append(_horreum(x0 + 22, ty - 8, 0))
    out.append(text_element(x0 + 32, ty + 1, "horreum", 11.0, fill=INK))
    out.append(_pawn(x0 + 100, ty + 2, 1, 1))
    out.append(text_element(x0 + 110, ty + 1, "agent", 11.0, fill=INK))
    out.append(
        element(
            "circle",
            cx=x0 + 164,
            cy=ty - 3,
            r=8.0,
            fill="none",
            stroke=_colour(2),
            stroke_width=2.6,
            stroke_dasharray="5 2.5",
        )
    )
    out.append(text_element(x0 + 178, ty + 1, "married into the locals", 11.0, fill=INK))
    out.append("</g>")
    return tuple(out)


@cache
def _legend_regions() -> tuple[str, ...]:
    x0, y0, x1, y1 = LEGENDS[1]
    w, h = x1 - x0, y1 - y0
    out = [
        '<g class="legend">',
        element(
            "rect",
            x=x0,
            y=y0,
            width=w,
            height=h,
            rx=6.0,
            fill=PANEL,
            fill_opacity=0.92,
            stroke=FRAME,
            stroke_width=1.0,
        ),
        text_element(
            x0 + 12, y0 + 20, "REGIONS", 11.0, fill=MUTED, letter_spacing="1.5", font_weight="bold"
        ),
    ]
    for i, region in enumerate(BOARD.regions):
        yy = y0 + 40 + i * 20
        out.append(
            element(
                "rect",
                x=x0 + 14,
                y=yy - 11,
                width=22.0,
                height=14.0,
                rx=3.0,
                fill=REGION_TINT.get(region, "#eeeeee"),
                stroke=darker(REGION_TINT.get(region, "#eeeeee"), 0.4),
            )
        )
        out.append(text_element(x0 + 46, yy, REGION_TITLE.get(region, region), 12.0, fill=INK))
    out.append("</g>")
    return tuple(out)


# -- header and banner -------------------------------------------------------------------------


def _chance_verb(stage: str) -> str:
    return "drawing" if stage in ("fate", "birth", "deal") else "rolling"


def _whose(obs: dict[str, Any]) -> str:
    players = obs["players"]
    current = int(obs["current"])
    actor = int(obs.get("actor", -1))
    stage = str(obs["stage"])
    if stage == "over":
        return ""
    if current >= 0:
        return f"the {_seat_name(current, players)} to decide"
    if actor >= 0 and stage not in ("setup", "deal"):
        verb = "draw" if stage in ("fate", "birth") else "roll"
        return f"the {_seat_name(actor, players)} {verb}"
    return "the dice decide"


def _status(obs: dict[str, Any]) -> str:
    stage = str(obs["stage"])
    parts = []
    if stage not in ("setup", "deal"):
        parts.append(f"Turn {obs['turn']} of {obs['max_turns']}")
    if stage == "over":
        parts.append("the game is over")
    else:
        parts.append(STAGE_TEXT.get(stage, stage))
        whose = _whose(obs)
        if whose:
            parts.append(whose)
    return " · ".join(parts)


def _detail(obs: dict[str, Any]) -> str:
    """The contest or proposal under way, if any."""
    players = obs["players"]
    pending = obs.get("pending")
    if pending:
        verb = "destroy a horreum of" if obs["stage"] == "destroy" else "oust"
        return (
            f"The {_seat_name(int(pending['attacker']), players)} try to {verb} the "
            f"{_seat_name(int(pending['defender']), players)} in {pending['market']} "
            f"(needs {pending['needs']}+)"
        )
    prop = obs.get("proposal")
    if prop:
        child = "a son" if prop["son"] else "a daughter"
        price = int(prop["price"])
        dowry = f"for a dowry of ${price}" if price else "without dowry"
        what = "counter-offer" if prop["countered"] else "proposal"
        return (
            f"Marriage {what}: the {_seat_name(int(prop['from']), players)} offer {child} to "
            f"the {_seat_name(int(prop['to']), players)} {dowry}"
        )
    return ""


def _header(obs: dict[str, Any]) -> list[str]:
    out = [
        element("rect", x=0.0, y=0.0, width=float(WIDTH), height=float(HEADER), fill="#3a2a1b"),
        element("rect", x=0.0, y=HEADER - 4.0, width=float(WIDTH), height=4.0, fill=GOLD),
        text_element(
            22,
            42,
            "FORVM",
            30.0,
            fill="#f3e2b0",
            font_weight="bold",
            letter_spacing="6",
            class_="title",
        ),
        text_element(196, 41, "Trade Empires of Rome", 17.0, fill="#d9c59a", font_style="italic"),
    ]
    detail = _detail(obs)
    out.append(
        text_element(
            WIDTH - 22,
            29 if detail else 40,
            _status(obs),
            17.0,
            fill="#fbf3df",
            text_anchor="end",
            class_="status",
        )
    )
    if detail:
        out.append(
            text_element(
                WIDTH - 22,
                52,
                detail,
                14.0,
                fill="#f1c9a0",
                text_anchor="end",
                font_style="italic",
                class_="detail",
            )
        )
    return out


def _outcome(obs: dict[str, Any]) -> str:
    players = obs["players"]
    winners = [int(p) for p in obs.get("winners") or []]
    if winners:
        names = " and the ".join(_seat_name(p, players) for p in winners)
        top = players[winners[0]]["prestige"]
        verb = "share the consulship" if len(winners) > 1 else "reach the consulship"
        return f"The {names} {verb} with {top} prestige"
    if obs.get("end_reason") == "cap":
        return f"No one reached {obs['win_prestige']} prestige in {obs['max_turns']} turns"
    return "The game is over"


def _banner(obs: dict[str, Any]) -> list[str]:
    if obs["stage"] != "over" and not obs.get("winners"):
        return []
    line = _outcome(obs)
    w = text_width(line, 24.0, True) + 90
    cx = (MAP_LEFT + MAP_RIGHT) / 2 - 40
    y = MAP_TOP + 18.0
    winners = [int(p) for p in obs.get("winners") or []]
    out = [
        '<g class="banner">',
        element(
            "rect",
            x=cx - w / 2,
            y=y,
            width=w,
            height=50.0,
            rx=8.0,
            fill=PANEL,
            fill_opacity=0.96,
            stroke=GOLD,
            stroke_width=3.0,
        ),
    ]
    for i, p in enumerate(winners[:4]):
        out.append(
            element(
                "circle",
                cx=cx - w / 2 + 26 + i * 6,
                cy=y + 25,
                r=10.0,
                fill=_colour(p),
                stroke="#1d1712",
                stroke_width=1.0,
            )
        )
    out.append(
        text_element(
            cx + 10,
            y + 33,
            line,
            24.0,
            fill=INK,
            font_weight="bold",
            text_anchor="middle",
            class_="winner",
        )
    )
    out.append("</g>")
    return out


# -- the side panel ----------------------------------------------------------------------------


def _section(y: float, title: str) -> list[str]:
    return [
        text_element(
            PANEL_X + 2, y, title.upper(), 12.5, fill=MUTED, font_weight="bold", letter_spacing="2"
        ),
        element(
            "line",
            x1=PANEL_X + text_width(title.upper(), 12.5, True) + 2 * len(title) + 14,
            y1=y - 4.0,
            x2=PANEL_X + PANEL_W,
            y2=y - 4.0,
            stroke="#cbb994",
            stroke_width=1.0,
        ),
    ]


PHASES: Final = ("Move", "Intrigue", "Trade", "Build", "Fate", "Prestige")
"""The six phases of a turn (FOR-2.1), as the turn track names them."""
STAGE_PHASE: Final = {
    "enter": 0,
    "move": 0,
    "social": 1,
    "respond": 1,
    "reply": 1,
    "oust": 1,
    "build": 3,
    "destroy": 3,
    "give": 3,
    "fate": 4,
    "fate_choice": 4,
    "fate_roll": 4,
    "birth": 4,
}
"""The phase each decision stage belongs to; trade and conversion happen between decisions."""


def _turn_track(obs: dict[str, Any], top: float) -> tuple[list[str], float]:
    stage = str(obs["stage"])
    if stage in ("setup", "deal"):
        title = "Setting up"
    elif stage == "over":
        title = f"Turn {obs['turn']} · game over"
    else:
        title = f"Turn {obs['turn']} of {obs['max_turns']}"
    out = _section(top, title)
    out.append('<g class="turn-track">')
    now = STAGE_PHASE.get(stage, -1 if stage != "over" else len(PHASES))
    gap = 6.0
    w = (PANEL_W - gap * (len(PHASES) - 1)) / len(PHASES)
    y = top + 12
    for i, name in enumerate(PHASES):
        x = PANEL_X + i * (w + gap)
        current = i == now
        done = i < now
        out.append(f'<g class="{"phase current" if current else "phase"}">')
        out.append(
            element(
                "rect",
                x=x,
                y=y,
                width=w,
                height=28.0,
                rx=14.0,
                fill="#3a2a1b" if current else ("#e9dfc6" if done else PANEL),
                stroke="#3a2a1b" if current else "#cbb994",
                stroke_width=1.0,
            )
        )
        out.append(
            text_element(
                x + w / 2,
                y + 18.5,
                f"{i + 1} {name}",
                12.5,
                fill="#f3e2b0" if current else (MUTED if done else INK),
                text_anchor="middle",
                font_weight="bold" if current else None,
            )
        )
        out.append("</g>")
    out.append("</g>")
    return out, y + 28 + 32


def _families(obs: dict[str, Any], top: float) -> tuple[list[str], float]:
    players = obs["players"]
    n = len(players)
    order = [int(p) for p in obs.get("order") or range(n)]
    winners = {int(p) for p in obs.get("winners") or []}
    current = int(obs["current"])
    actor = int(obs.get("actor", -1))
    over = obs["stage"] == "over"
    you = obs.get("you")
    praefect = obs.get("praefect")
    out = _section(top, "The families")
    y = top + 12
    card_h = 92.0
    for p, pl in enumerate(players):
        won = p in winners
        acting = not over and (current == p or (current < 0 and actor == p))
        out.append(f'<g class="family" data-seat="{p}">')
        out.append(
            element(
                "rect",
                x=float(PANEL_X),
                y=y,
                width=float(PANEL_W),
                height=card_h,
                rx=7.0,
                fill=PANEL,
                stroke=GOLD if won else (INK if acting else "#cbb994"),
                stroke_width=3.0 if won else (2.0 if acting else 1.0),
            )
        )
        out.append(
            element(
                "rect", x=float(PANEL_X), y=y, width=9.0, height=card_h, rx=3.0, fill=_colour(p)
            )
        )
        name = str(pl["name"])
        nx = PANEL_X + 22
        out.append(
            text_element(
                nx, y + 25, name, 19.0, fill=_ink(p), font_weight="bold", class_="family-name"
            )
        )
        tags = []
        if p in order and len(order) > 1 and obs["stage"] not in ("setup", "deal", "over"):
            pos = order.index(p) + 1
            tags.append("1st" if pos == 1 else {2: "2nd", 3: "3rd"}.get(pos, f"{pos}th"))
        if you == p:
            tags.append("you")
        if pl.get("senator"):
            tags.append("senator")
        if praefect == p and pl.get("praefect_turns"):
            tags.append(f"praefect {pl['praefect_turns']}")
        tx = nx + text_width(name, 19.0, True) + 10
        for tag in tags:
            tw = text_width(tag, 10.5) + 12
            out.append(
                element(
                    "rect",
                    x=tx,
                    y=y + 12,
                    width=tw,
                    height=16.0,
                    rx=8.0,
                    fill="#efe4c9",
                    stroke="#cbb994",
                    stroke_width=0.8,
                )
            )
            out.append(text_element(tx + tw / 2, y + 24, tag, 10.5, fill=INK, text_anchor="middle"))
            tx += tw + 5
        if won:
            out.append(
                text_element(
                    PANEL_X + PANEL_W - 14,
                    y + 25,
                    "VICTOR",
                    15.0,
                    fill="#9a7410",
                    font_weight="bold",
                    text_anchor="end",
                    letter_spacing="2",
                    class_="victor",
                )
            )
        elif acting:
            out.append(
                text_element(
                    PANEL_X + PANEL_W - 14,
                    y + 24,
                    "▶ to play" if current == p else f"▶ {_chance_verb(str(obs['stage']))}",
                    13.0,
                    fill=INK,
                    text_anchor="end",
                    font_style="italic",
                    class_="to-move",
                )
            )
        # prestige and money, large
        band = pl.get("band") or "no office"
        out.append(
            text_element(
                nx,
                y + 52,
                str(pl["prestige"]),
                22.0,
                fill=INK,
                font_weight="bold",
                class_="prestige",
            )
        )
        pw = text_width(str(pl["prestige"]), 22.0, True)
        out.append(text_element(nx + pw + 5, y + 44, "prestige", 10.0, fill=MUTED))
        out.append(
            text_element(
                nx + pw + 5,
                y + 55,
                str(band),
                10.0,
                fill=INK,
                font_weight="bold",
                letter_spacing="1",
            )
        )
        money = int(pl["money"])
        mx = PANEL_X + 142
        out.append(
            text_element(
                mx,
                y + 52,
                _money(money),
                22.0,
                fill=DEBT if money < 0 else INK,
                font_weight="bold",
                class_="money",
            )
        )
        income = f"last trade {_money(int(pl['last_income']))}"
        if not over:
            income += f" · next {_money(int(pl['next_income']))}"
        out.append(
            text_element(
                PANEL_X + PANEL_W - 14, y + 51, income, 11.0, fill=MUTED, text_anchor="end"
            )
        )
        # tokens line
        ly = y + 76
        out.append(_horreum(nx + 5, ly - 10, p))
        out.append(
            text_element(
                nx + 15, ly, f"{pl['horrea']} built, {pl['horrea_left']} left", 11.5, fill=INK
            )
        )
        ax = nx + 128
        out.append(_pawn(ax, ly + 1, p, 1))
        on_map = len(pl["agents"])
        out.append(
            text_element(ax + 9, ly, f"{on_map} out, {pl['reserve']} in reserve", 11.5, fill=INK)
        )
        kids = int(pl.get("children") or 0)
        if pl.get("sons") is not None and pl.get("daughters") is not None:
            kid_text = f"{pl['sons']} sons, {pl['daughters']} daughters"
            kid_text = kid_text.replace("1 sons", "1 son").replace("1 daughters", "1 daughter")
        else:
            kid_text = f"{kids} child" if kids == 1 else f"{kids} children"
        gifts = int(pl["benefactions"])
        extra = [kid_text, f"{gifts} benefaction" + ("" if gifts == 1 else "s")]
        if pl.get("bonus"):
            extra.append(f"bonus {_money(int(pl['bonus']))}")
        if pl.get("blocked"):
            extra.append(f"{pl['blocked']} flooded")
        out.append(text_element(nx + 262, ly, " · ".join(extra), 11.5, fill=INK))
        out.append("</g>")
        y += card_h + 8
    return out, y + 26


def _marker(x: float, y: float, p: int, r: float = 7.0) -> str:
    return element(
        "circle",
        class_="marker",
        data_seat=p,
        cx=x,
        cy=y,
        r=r,
        fill=_colour(p),
        stroke="#1d1712",
        stroke_width=1.0,
    )


def _star(cx: float, cy: float, r: float, fill: str = GOLD) -> str:
    pts = star_points(cx, cy, r)
    return element("polygon", points=point_list(pts), fill=fill, stroke="#7a5c10", stroke_width=0.8)


def _cell_slots(k: int, cx: float, cy: float, step: float) -> list[tuple[float, float]]:
    """Centres for ``k`` markers sharing a cell centred on ``(cx, cy)``: one, a pair, a square."""
    if k == 1:
        return [(cx, cy)]
    if k == 2:
        return [(cx, cy - step / 2), (cx, cy + step / 2)]
    h = step / 2
    return [(cx - h, cy - h), (cx + h, cy - h), (cx - h, cy + h), (cx + h, cy + h)][:k]


def _prestige(obs: dict[str, Any], top: float) -> tuple[list[str], float]:
    players = obs["players"]
    cells = BOARD.prestige_cells + 1
    cw = PANEL_W / cells
    out = _section(top, "Prestige · cursus honorum")
    y0 = top + 14
    band_h, cell_h = 20.0, 44.0
    out.append('<g class="prestige-ladder">')
    out.append(
        element(
            "rect",
            x=float(PANEL_X),
            y=y0,
            width=cw,
            height=band_h,
            fill="#efe6d0",
            stroke="#cbb994",
            stroke_width=0.8,
        )
    )
    for band in BOARD.bands:
        bx = PANEL_X + band.low * cw
        bw = (band.high - band.low + 1) * cw
        consul = band.cost is None
        out.append(
            element(
                "rect",
                x=bx,
                y=y0,
                width=bw,
                height=band_h,
                fill=BAND_TINT.get(band.name, "#dddddd"),
                stroke="#a8925f",
                stroke_width=0.8,
            )
        )
        label = band.name if bw > 60 else band.name[:3] + "."
        out.append(
            text_element(
                bx + bw / 2,
                y0 + 14.5,
                label,
                11.5 if not consul else 9.0,
                fill="#ffffff" if consul else INK,
                font_weight="bold",
                text_anchor="middle",
                letter_spacing="1.5" if not consul else None,
                class_="band",
            )
        )
    cy = y0 + band_h
    at: dict[int, list[int]] = {}
    for p, pl in enumerate(players):
        at.setdefault(min(int(pl["prestige"]), cells - 1), []).append(p)
    for c in range(cells):
        cx = PANEL_X + c * cw
        consul = c == cells - 1
        out.append(
            element(
                "rect",
                x=cx,
                y=cy,
                width=cw,
                height=cell_h,
                fill="#f3d9d4" if consul else "#fbf7ec",
                stroke="#cbb994",
                stroke_width=0.8,
            )
        )
        out.append(text_element(cx + 3, cy + 10, str(c), 9.0, fill=MUTED))
        here = at.get(c, [])
        for (mx, my), p in zip(
            _cell_slots(len(here), cx + cw / 2, cy + 26, 14.0), here, strict=True
        ):
            out.append(_marker(mx, my, p, 6.5 if len(here) > 1 else 7.5))
    # benefactions under their bands
    by = cy + cell_h + 5
    spaces = {int(sp["space"]): sp for sp in obs.get("benefactions") or []}
    kinds = BOARD.benefactions
    bh = 38.0
    giving = [b for b in BOARD.bands if b.cost is not None]
    for bi, band in enumerate(giving):
        bx = PANEL_X + band.low * cw
        bw = (band.high - band.low + 1) * cw
        sw = bw / len(kinds)
        widest = max(text_width(k, 1.0, True) for k in kinds)
        size = min(10.0, (sw - 7) / widest)
        for k, kind in enumerate(kinds):
            sp = bi * len(kinds) + k
            owner = spaces.get(sp, {}).get("owner")
            sx = bx + k * sw
            given = owner is not None
            out.append(
                element(
                    "rect",
                    class_="benefaction",
                    data_space=sp,
                    data_owner=owner,
                    x=sx + 1.5,
                    y=by,
                    width=sw - 3,
                    height=bh,
                    rx=4.0,
                    fill=_colour(int(owner)) if given else "#f1e7cf",
                    stroke="#1d1712" if given else "#a8925f",
                    stroke_width=0.8,
                )
            )
            ink = "#ffffff" if given and int(owner) % len(SEAT_COLOUR) != 3 else INK
            out.append(
                text_element(
                    sx + sw / 2,
                    by + 15,
                    kind,
                    size,
                    fill=ink,
                    text_anchor="middle",
                    font_weight="bold",
                )
            )
            sub = _seat_name(int(owner), players) if given else f"${band.cost}"
            out.append(
                text_element(
                    sx + sw / 2,
                    by + 30,
                    sub,
                    min(10.0, (sw - 6) / text_width(sub, 1.0)),
                    fill=ink,
                    text_anchor="middle",
                    font_style="italic" if given else None,
                )
            )
    last = BOARD.bands[-1]
    out.append(_star(PANEL_X + last.low * cw + cw / 2, by + bh / 2, 11.0))
    out.append("</g>")
    return out, by + bh + 34


def _money_ladder(obs: dict[str, Any], top: float) -> tuple[list[str], float]:
    players = obs["players"]
    ladder = BOARD.money
    k = len(ladder)
    cw = PANEL_W / k
    out = _section(top, "Treasury · money ladder")
    y0 = top + 52
    th = 14.0
    out.append('<g class="money-ladder">')
    for i, v in enumerate(ladder):
        if v < 0:
            fill = mix(DEBT, "#fbf7ec", 0.25 + 0.1 * (-v / 100))
        elif v >= 1000:
            fill = mix(GOLD, "#fbf7ec", 0.25 + 0.06 * (v / 1000))
        else:
            fill = "#f1e7cf"
        out.append(
            element(
                "rect",
                x=PANEL_X + i * cw,
                y=y0,
                width=cw,
                height=th,
                fill=fill,
                stroke="#b59f70",
                stroke_width=0.6,
            )
        )
        if v in (-500, 0, 500, 1000, 5000, 10000):
            label = f"{v // 1000}k" if v >= 1000 else str(v)
            out.append(
                text_element(
                    PANEL_X + i * cw + cw / 2,
                    y0 + th + 12,
                    label,
                    9.5,
                    fill=MUTED,
                    text_anchor="middle",
                )
            )
    stacks: dict[int, int] = {}
    for p, pl in enumerate(players):
        v = int(pl["money"])
        i = max((j for j, step in enumerate(ladder) if step <= v), default=0)
        level = stacks.get(i, 0)
        stacks[i] = level + 1
        x = PANEL_X + i * cw + cw / 2
        out.append(_marker(x, y0 - 8 - level * 11, p, 5.0))
    out.append(
        text_element(
            PANEL_X,
            y0 + th + 26,
            "each $100 of debt: −1 prestige",
            10.5,
            fill=DEBT,
            font_style="italic",
        )
    )
    out.append(
        text_element(
            PANEL_X + PANEL_W,
            y0 + th + 26,
            "each $1000 held: +1 prestige",
            10.5,
            fill="#8a6a10",
            font_style="italic",
            text_anchor="end",
        )
    )
    out.append("</g>")
    return out, y0 + th + 52


def _rings(x: float, y: float, a: int, b: int) -> str:
    return element(
        "circle", cx=x, cy=y, r=6.0, fill="none", stroke=_colour(a), stroke_width=2.6
    ) + element("circle", cx=x + 7, cy=y, r=6.0, fill="none", stroke=_colour(b), stroke_width=2.6)


def _marriages(obs: dict[str, Any], top: float) -> tuple[list[str], float]:
    players = obs["players"]
    out = _section(top, "Marriages")
    out.append('<g class="marriages">')
    y = top + 24
    marriages = obs.get("marriages") or []
    for mg in marriages:
        a, b = int(mg["a"]), int(mg["b"])
        price = int(mg.get("price") or 0)
        payer = mg.get("payer")
        out.append(_rings(PANEL_X + 10, y - 4, a, b))
        line = f"the {_seat_name(a, players)} and the {_seat_name(b, players)}"
        if price and payer is not None:
            line += f" · dowry ${price} paid by the {_seat_name(int(payer), players)}"
        out.append(text_element(PANEL_X + 30, y, line, 12.5, fill=INK, class_="marriage"))
        y += 19
    locals_by: dict[int, list[str]] = {}
    for info in obs["markets"]:
        if info.get("local") is not None:
            locals_by.setdefault(int(info["local"]), []).append(str(info["name"]))
    for p in sorted(locals_by):
        line = f"the {_seat_name(p, players)} married into {', '.join(locals_by[p])}"
        lines = wrap(line, 12.5, PANEL_W - 34)
        out.append(
            element(
                "circle",
                cx=PANEL_X + 13.0,
                cy=y - 4,
                r=6.0,
                fill="none",
                stroke=_colour(p),
                stroke_width=2.6,
                stroke_dasharray="4 2",
            )
        )
        for ln in lines:
            out.append(text_element(PANEL_X + 30, y, ln, 12.5, fill=INK, class_="local-marriage"))
            y += 17
        y += 2
    if not marriages and not locals_by:
        out.append(
            text_element(PANEL_X + 2, y, "No marriages yet.", 12.5, fill=MUTED, font_style="italic")
        )
        y += 19
    out.append("</g>")
    return out, y + 14


def _fate(obs: dict[str, Any], top: float) -> tuple[list[str], float]:
    out = _section(top, "Fate")
    card = obs.get("fate")
    y = top + 12
    left = obs.get("fate_left")
    if not card:
        out.append(
            text_element(
                PANEL_X + 2,
                y + 14,
                "No fate card drawn this turn yet.",
                12.5,
                fill=MUTED,
                font_style="italic",
            )
        )
        return out, y + 34
    lines = wrap(str(card["effect"]), 13.0, PANEL_W - 40)
    h = 52 + 17 * len(lines) + 18
    out.append('<g class="fate-card">')
    out.append(
        element(
            "rect",
            x=PANEL_X + 2.0,
            y=y + 2,
            width=float(PANEL_W),
            height=h,
            rx=9.0,
            fill="#000",
            opacity=0.12,
        )
    )
    out.append(
        element(
            "rect",
            x=float(PANEL_X),
            y=y,
            width=float(PANEL_W),
            height=h,
            rx=9.0,
            fill="#f4e6c4",
            stroke="#8a6a10",
            stroke_width=1.6,
        )
    )
    out.append(
        element(
            "rect",
            x=PANEL_X + 5.0,
            y=y + 5,
            width=PANEL_W - 10.0,
            height=h - 10,
            rx=6.0,
            fill="none",
            stroke="#c9a227",
            stroke_width=0.8,
        )
    )
    out.append(
        text_element(
            PANEL_X + 20,
            y + 32,
            str(card["title"]),
            18.0,
            fill=INK,
            font_weight="bold",
            class_="fate-title",
        )
    )
    out.append(
        text_element(
            PANEL_X + PANEL_W - 18,
            y + 30,
            f"card {card['card']}",
            12.0,
            fill=MUTED,
            text_anchor="end",
        )
    )
    ty = y + 56
    for ln in lines:
        out.append(text_element(PANEL_X + 20, ty, ln, 13.0, fill=INK, class_="fate-effect"))
        ty += 17
    out.append("</g>")
    if left is not None:
        out.append(
            text_element(
                PANEL_X + PANEL_W,
                y + h + 16,
                f"{left} cards left in the fate deck",
                10.5,
                fill=MUTED,
                text_anchor="end",
                font_style="italic",
            )
        )
    return out, y + h + 24


# -- the whole picture -------------------------------------------------------------------------


def render_svg(observation: dict[str, Any]) -> str:
    """The board, its pieces and the players' panels as a standalone SVG document.

    Args:
        observation: what ``ForumState.observation(p)`` returns, for a seat or ``None``.

    Returns:
        An SVG document with a ``viewBox``; the same observation always gives the same text.

    """
    obs = observation
    panel: list[str] = []
    y = MAP_TOP + 16.0
    for part in (_turn_track, _families, _prestige, _money_ladder, _marriages, _fate):
        drawn, y = part(obs, y)
        panel.extend(drawn)
    height = max(MAP_BOTTOM + 16.0, y + 8)
    w, h = fmt(float(WIDTH)), fmt(height)
    body = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}" font-family={quoteattr(SERIF)}>',
        "<title>Forum: Trade Empires of Rome</title>",
        element("rect", x=0.0, y=0.0, width=float(WIDTH), height=height, fill=PAPER),
        *_header(obs),
        '<g class="map">',
        element(
            "rect",
            x=float(MAP_LEFT),
            y=float(MAP_TOP),
            width=float(MAP_RIGHT - MAP_LEFT),
            height=float(MAP_BOTTOM - MAP_TOP),
            rx=10.0,
            fill=SEA,
            stroke=FRAME,
            stroke_width=1.5,
        ),
        *_watermark(),
        *_washes(),
        *_links(),
        *_markets(obs),
        *_names(),
        *_legend_types(),
        *_legend_regions(),
        "</g>",
        *_banner(obs),
        '<g class="panel">',
        *panel,
        "</g>",
        "</svg>",
    ]
    return "\n".join(body) + "\n"
