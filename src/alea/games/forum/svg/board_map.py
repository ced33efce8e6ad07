"""Forum's board picture: the map: regions, links, markets, horrea, agents, names and legends."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any, Final

from alea.core.picture_cache import drawn_from
from alea.core.svg import (
    GOLD,
    circle,
    darker,
    element,
    escape,
    fmt,
    point_list,
    quoteattr,
    rect,
    text_element,
)
from alea.games.forum.board import BOARD, MarketType
from alea.games.forum.constants import REGION_NAMES
from alea.games.forum.svg.labels import LEGENDS, _labels, _profit_text
from alea.games.forum.svg.style import (
    FRAME,
    HORREUM_GAP,
    HORREUM_W,
    INK,
    LINK,
    MUTED,
    NAME_SIZE,
    PANEL,
    PAWN_SCALE,
    PAWN_W,
    PROFIT_SIZE,
    REGION_TINT,
    ROME_RED,
    SEA,
    WASH_RADIUS,
    _colour,
    _pt,
    _radius,
    _seat_name,
    bold_text,
)

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
            out.append(circle(x, y, WASH_RADIUS, stroke="none"))
        out.append("</g>")
    x, y = _pt(BOARD.rome)
    out.append(circle(x, y, WASH_RADIUS, fill="#f1d6cc", opacity=0.8))
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
                circle(x, y, r + 5, fill="none", stroke=GOLD, stroke_width=3.0),
                circle(x, y, r, fill=ROME_RED, stroke="#6e0f14", stroke_width=2.0),
                bold_text(
                    x, y + 6.0, "SPQR", 17.8, "#fbe7a1", text_anchor="middle", letter_spacing="1"
                ),
            ]
        )
    if market.type is MarketType.LARGE:
        s = r * 1.25
        pts = [(x, y - s), (x + s * 0.9, y + s * 0.58), (x - s * 0.9, y + s * 0.58)]
        body = element("polygon", points=point_list(pts), fill=tint, stroke=edge, stroke_width=1.8)
        ty = y + 6.5
    elif market.type is MarketType.EXOTIC:
        body = rect(
            x - r,
            y - r,
            2 * r,
            2 * r,
            rx=2.0,
            fill=darker(tint, 0.25),
            stroke=darker(tint, 0.6),
            stroke_width=1.8,
        )
        ty = y + 6.0
    else:
        body = circle(x, y, r, fill=tint, stroke=edge, stroke_width=1.8)
        ty = y + 6.0
    number = bold_text(
        x,
        ty,
        str(market.distance),
        17.6,
        "#fff" if market.type is MarketType.EXOTIC else INK,
        text_anchor="middle",
    )
    return body + number


@cache
def _market_title(m: int) -> str:
    market = BOARD.markets[m]
    kind = "the capital" if market.type is MarketType.ROME else f"{market.type.value} market"
    region = REGION_NAMES.get(market.region or "", "no region")
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
        + rect(door[0], door[1], door[2], door[3], fill="#1d1712", opacity=0.55)
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
            "ellipse",
            cx=x + 0.8,
            cy=y + 0.6,
            rx=5.8 * s,
            ry=1.8 * s,
            fill="#000",
            opacity=0.22,
        ),
        element("path", d=body, fill=_colour(p), stroke="#1d1712", stroke_width=0.9),
        circle(x, y - 11.2 * s, 3.7 * s, fill=_colour(p), stroke="#1d1712", stroke_width=0.9),
    ]
    if count > 1:
        parts.append(bold_text(x + 5.2 * s, y - 11 * s, f"×{count}", 9.0 * s, INK))
    parts.append("</g>")
    return "".join(parts)


@drawn_from("markets", "pending", "players.agents", "players.name")
def _markets(obs: dict[str, Any]) -> list[str]:
    players = obs["players"]
    names = tuple(str(pl["name"]) for pl in players)
    counts: dict[str, list[int]] = {}
    for p, pl in enumerate(players):
        for name in pl["agents"]:
            counts.setdefault(name, [0] * len(players))[p] += 1
    pending = obs.get("pending") or None
    contested = pending.get("market") if pending else None
    infos = {str(i["name"]): i for i in obs["markets"]}
    out = ['<g class="markets">']
    for m, market in enumerate(BOARD.markets):
        info = infos.get(market.name, {"horrea": [], "local": None})
        local = info.get("local")
        out.append(
            _market(
                m,
                names,
                tuple(counts.get(market.name, ())),
                tuple(int(h) for h in info["horrea"]),
                None if local is None else int(local),
                int(pending["attacker"]) if pending and contested == market.name else None,
            )
        )
    out.append("</g>")
    return out


@lru_cache(maxsize=2048)
def _market(
    m: int,
    names: tuple[str, ...],
    agents: tuple[int, ...],
    horrea: tuple[int, ...],
    local: int | None,
    attacker: int | None,
) -> str:
    """One market with what stands on it.

    That is: agents (a count per seat), horrea, the locals' marriage, and the ring of a contest
    ``attacker`` has opened there.
    """
    market = BOARD.markets[m]
    x, y = _pt(m)
    r = _radius(market.type)
    players = [{"name": n} for n in names]
    info = {"horrea": list(horrea), "local": local}
    out = [
        f'<g class="market" data-market={quoteattr(market.name)} '
        f"data-place={quoteattr(market.name)}>"
    ]
    title = _market_title(m) + _standing(players, agents, info)
    out.append(f"<title>{escape(title)}</title>")
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
    if attacker is not None:
        out.append(
            element(
                "circle",
                class_="contest",
                cx=x,
                cy=y,
                r=r + 11,
                fill="none",
                stroke=_colour(attacker),
                stroke_width=2.2,
                stroke_dasharray="2 3",
            )
        )
    out.append(_shape(m))
    out.extend(_tokens(m, horrea, agents))
    out.append("</g>")
    return "\n".join(out)


def _standing(
    players: Sequence[dict[str, Any]], agents: Sequence[int], info: dict[str, Any]
) -> str:
    """What stands on a market, for its tooltip: agents, horrea, a marriage into the locals."""
    parts = []
    here = [f"{_seat_name(p, players)} ×{n}" for p, n in enumerate(agents) if n]
    if here:
        parts.append("agents: " + ", ".join(here))
    if info.get("horrea"):
        parts.append("horrea: " + ", ".join(_seat_name(int(p), players) for p in info["horrea"]))
    if info.get("local") is not None:
        parts.append(f"married into the locals: {_seat_name(int(info['local']), players)}")
    return "".join(f"; {part}" for part in parts)


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
        (
            f'<g class="label-halo" fill="none" stroke="{SEA}" stroke-width="3.2" '
            'stroke-linejoin="round" stroke-opacity="0.9">'
        )
    ]
    body = [f'<g class="labels" fill="{INK}">']
    for m, (x, y, anchor) in enumerate(_labels()):
        market = BOARD.markets[m]
        rome = market.type is MarketType.ROME
        size = 19.0 if rome else NAME_SIZE
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


def _legend_frame(box: tuple[float, float, float, float], title: str) -> list[str]:
    """A legend's opening: its group, its panel over the map and its title."""
    x0, y0, x1, y1 = box
    return [
        '<g class="legend">',
        rect(
            x0,
            y0,
            x1 - x0,
            y1 - y0,
            rx=6.0,
            fill=PANEL,
            fill_opacity=0.92,
            stroke=FRAME,
            stroke_width=1.0,
        ),
        text_element(
            x0 + 12,
            y0 + 20,
            title,
            11.0,
            fill=MUTED,
            letter_spacing="1.5",
            font_weight="bold",
        ),
    ]


@cache
def _legend_types() -> tuple[str, ...]:
    x0, y0, _, _ = LEGENDS[0]
    out = _legend_frame(LEGENDS[0], "MARKETS")
    tint = "#e6dcc8"
    edge = darker(tint, 0.45)
    rows = [
        ("small market", "small"),
        ("large market", "large"),
        ("exotic market", "exotic"),
    ]
    for i, (label, kind) in enumerate(rows):
        cx, cy = x0 + 24, y0 + 40 + i * 24
        if kind == "small":
            out.append(circle(cx, cy, 8.0, fill=tint, stroke=edge, stroke_width=1.5))
        elif kind == "large":
            pts = [(cx, cy - 10), (cx + 9, cy + 6), (cx - 9, cy + 6)]
            out.append(
                element(
                    "polygon",
                    points=point_list(pts),
                    fill=tint,
                    stroke=edge,
                    stroke_width=1.5,
                )
            )
        else:
            out.append(
                rect(
                    cx - 8,
                    cy - 8,
                    16.0,
                    16.0,
                    rx=1.5,
                    fill=darker(tint, 0.3),
                    stroke=darker(tint, 0.6),
                    stroke_width=1.5,
                )
            )
        out.append(text_element(cx + 16, cy + 4, label, 11.5, fill=INK))
    out.append(bold_text(x0 + 24, y0 + 118, "3", 12.0, INK, text_anchor="middle"))
    out.append(text_element(x0 + 40, y0 + 118, "links from Rome", 11.5, fill=INK))
    out.append(text_element(x0 + 12, y0 + 140, "25 · 0 · −25 · −50", 11.5, fill=MUTED))
    out.append(text_element(x0 + 104, y0 + 140, "profit each with 1–4 horrea", 11.0, fill=INK))
    tx = x0 + 176
    out.append(
        text_element(
            tx,
            y0 + 20,
            "TRADE BOOST",
            11.0,
            fill=MUTED,
            letter_spacing="1.5",
            font_weight="bold",
        )
    )
    for i, (d, boost) in enumerate(sorted(BOARD.trade_boost.items())):
        yy = y0 + 40 + i * 15.5
        out.append(text_element(tx + 6, yy, f"distance {d}", 11.0, fill=INK))
        out.append(
            text_element(
                tx + 128,
                yy,
                f"+{boost}",
                11.0,
                fill=INK,
                text_anchor="end",
                font_weight="bold",
            )
        )
    # tokens
    ty = y0 + 164
    out.append(_horreum(x0 + 22, ty - 8, 0))
    out.append(text_element(x0 + 32, ty + 1, "horreum", 11.0, fill=INK))
    out.append(_pawn(x0 + 100, ty + 2, 1, 1))
    out.append(text_element(x0 + 110, ty + 1, "agent", 11.0, fill=INK))
    out.append(
        circle(
            x0 + 164,
            ty - 3,
            8.0,
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
    x0, y0, _, _ = LEGENDS[1]
    out = _legend_frame(LEGENDS[1], "REGIONS")
    for i, region in enumerate(BOARD.regions):
        yy = y0 + 40 + i * 20
        out.append(
            rect(
                x0 + 14,
                yy - 11,
                22.0,
                14.0,
                rx=3.0,
                fill=REGION_TINT.get(region, "#eeeeee"),
                stroke=darker(REGION_TINT.get(region, "#eeeeee"), 0.4),
            )
        )
        out.append(text_element(x0 + 46, yy, REGION_NAMES.get(region, region), 12.0, fill=INK))
    out.append("</g>")
    return tuple(out)
