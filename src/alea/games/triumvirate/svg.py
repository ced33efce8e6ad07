"""The Triumvirate board as a standalone SVG, drawn from ``observation(p)`` and the static board.

One picture serves the web client, replays, reports and ``alea render``: a header with the
round, phase and whose turn it is; the hex map with terrain, military zones, Italy's border,
Rome, place names, troop stacks, leaders and this turn's attacks; and one panel per player.
Nothing hidden exists in this game, so every seat and a spectator see the same picture.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any, Final

from alea.core import svg as draw
from alea.core.svg import (
    FRAME,
    GOLD,
    PAPER,
    SERIF,
    circle,
    element,
    escape,
    fmt,
    quoteattr,
    rect,
    text_element,
    text_width,
)
from alea.games.triumvirate.board import BOARD, FORCES, LEADER_LETTER, ROME_FORCE
from alea.games.triumvirate.state import STAGE_TEXT

FORCE_COLOUR: Final = {
    "Crassus": "#b3261e",
    "Caesar": "#d97706",
    "Pompey": "#1d4ed8",
    ROME_FORCE: "#6b7280",
}
"""Counter colour of each force."""

SEA: Final = "#9cc3d5"
SEA_EDGE: Final = "#86b0c4"
LAND: Final = "#ecdfc0"
LAND_EDGE: Final = "#cdbb92"
ITALY: Final = "#f3e3b3"
ITALY_BORDER: Final = "#3b2a1a"
INK: Final = "#3b2f22"
ATTACK: Final = "#c0141c"

ZONE_TINT: Final = 0.28
"""How much of a leader's colour shows through the parchment of his military zone."""
MARGIN_HEXES: Final = 0.8
"""Border around the map, in hex radii."""
NAME_SIZE: Final = 0.6
"""Place names, in hex radii: at the default width and a 1366-pixel window, 11 screen pixels."""
TEXT_SIZE: Final = 0.6
"""The smallest text a player reads (labels of the players' panels), in hex radii."""

END_TEXT: Final = {
    "rome": "held Rome through the civil war",
    "last-standing": "last leader standing",
    "round-cap": "no one took Rome in time",
}


class _Layout:
    """Where things go for a given picture width."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.s = width / (math.sqrt(3) * (BOARD.cols + 0.5) + 2 * MARGIN_HEXES)
        self.header = 2.6 * self.s
        self.map_top = self.header + MARGIN_HEXES * self.s * 0.5
        self.map_height = self.s * (1.5 * (BOARD.rows - 1) + 2)
        self.panel_top = self.map_top + self.map_height + 0.6 * self.s
        self.height = self.panel_top + 5.7 * self.s

    def centre(self, col: int, row: int) -> tuple[float, float]:
        s = self.s
        x = MARGIN_HEXES * s + s * math.sqrt(3) * (col + 0.5 * (row & 1) + 0.5)
        y = self.map_top + s + 1.5 * s * row
        return x, y

    def corners(self, cx: float, cy: float, r: float | None = None) -> list[tuple[float, float]]:
        """Pointy-top corners clockwise from the upper right."""
        r = self.s if r is None else r
        return [
            (
                cx + r * math.cos(math.radians(60 * i - 30)),
                cy + r * math.sin(math.radians(60 * i - 30)),
            )
            for i in range(6)
        ]


@cache
def zones_named(names: tuple[str, ...]) -> tuple[frozenset[int], ...]:
    """The military zones a game's setup gives (TRI-1.5, TRI-1.6), from their names.

    Crassus's zone may be one of the board's variants (Macedonia and Achaea, say), and Caesar's
    may take in Cisalpine Gaul; an observation without names shows the printed zones.
    """
    zones = list(BOARD.zones)
    if len(names) == len(FORCES):
        for _key, region, hexes, _start in BOARD.zone_variants[0]:
            if region == names[0]:
                zones[0] = hexes
        if names[1].endswith("and Cisalpina"):
            zones[1] = zones[1] | BOARD.cisalpina
    return tuple(zones)


def _hex_fill(h: int, zones: tuple[frozenset[int], ...]) -> tuple[str, str]:
    if not BOARD.land[h]:
        return SEA, SEA_EDGE
    for seat, zone in enumerate(zones):
        if h in zone:
            return draw.mix(FORCE_COLOUR[FORCES[seat]], LAND, ZONE_TINT), LAND_EDGE
    if h in BOARD.italy:
        return ITALY, LAND_EDGE
    return LAND, LAND_EDGE


def _hex_title(h: int, zones: tuple[frozenset[int], ...]) -> str:
    """A hex's tooltip: its name and what kind of ground it is."""
    kind = "land" if BOARD.land[h] else "sea"
    if h == BOARD.rome:
        kind = "Rome"
    elif h in BOARD.italy:
        kind = "Italy"
    for seat, zone in enumerate(zones):
        if h in zone:
            kind = f"{FORCES[seat]}'s military zone"
    return f"{BOARD.label(h)} ({kind})"


def _terrain(lay: _Layout, zones: tuple[frozenset[int], ...]) -> list[str]:
    out = ['<g class="hexes" stroke-width="0.8">']
    for h in range(BOARD.size):
        col, row = BOARD.coords(h)
        fill, edge = _hex_fill(h, zones)
        pts = draw.point_list(lay.corners(*lay.centre(col, row)))
        polygon = element(
            "polygon",
            class_="hex",
            data_hex=f"{col},{row}",
            data_place=f"{col},{row}",
            points=pts,
            fill=fill,
            stroke=edge,
        )
        out.append(f"{polygon[:-2]}><title>{escape(_hex_title(h, zones))}</title></polygon>")
    out.append("</g>")
    return out


def _italy_border(lay: _Layout) -> list[str]:
    """The sides between an Italy hex and anything that is not Italy, drawn thick."""
    at: dict[tuple[int, int], int] = {}
    for h in range(BOARD.size):
        x, y = lay.centre(*BOARD.coords(h))
        at[round(x), round(y)] = h
    out = [
        f'<g class="italy-border" stroke="{ITALY_BORDER}" '
        f'stroke-width="{fmt(lay.s * 0.16)}" stroke-linecap="round">'
    ]
    for h in sorted(BOARD.italy):
        cx, cy = lay.centre(*BOARD.coords(h))
        cs = lay.corners(cx, cy)
        for i in range(6):
            (x1, y1), (x2, y2) = cs[i], cs[(i + 1) % 6]
            across = at.get((round(x1 + x2 - cx), round(y1 + y2 - cy)))
            if across is None or across not in BOARD.italy:
                out.append(f'<line x1="{fmt(x1)}" y1="{fmt(y1)}" x2="{fmt(x2)}" y2="{fmt(y2)}"/>')
    out.append("</g>")
    return out


def _star(cx: float, cy: float, r: float) -> str:
    pts = draw.star_points(cx, cy, r)
    return (
        f'<polygon class="rome" points="{draw.point_list(pts)}" fill="{GOLD}" '
        f'stroke="#7a5c10" stroke-width="{fmt(r * 0.12)}"/>'
    )


def _rome(lay: _Layout) -> list[str]:
    cx, cy = lay.centre(*BOARD.coords(BOARD.rome))
    s = lay.s
    ring = draw.point_list(lay.corners(cx, cy, s * 0.9))
    return [
        f'<polygon points="{ring}" fill="none" stroke="{GOLD}" stroke-width="{fmt(s * 0.1)}"/>',
    ]


def _rome_star(lay: _Layout) -> str:
    cx, cy = lay.centre(*BOARD.coords(BOARD.rome))
    return _star(cx, cy - lay.s * 0.72, lay.s * 0.3)


Box = tuple[float, float, float, float]


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _name_lines(lay: _Layout) -> list[tuple[float, float, str]]:
    """Where each place name goes, as ``(x, baseline, text)`` per line.

    A name sits under its hex's pieces, or on two lines, or above the pieces when a neighbour's
    name has taken the place below; where none of these is free, it is shortened ("Durocort.")
    and the hex's tooltip and the legend of the terminal give it in full.
    """
    s = lay.s
    size = s * NAME_SIZE

    def box(x: float, y: float, t: str) -> Box:
        half = text_width(t, size) * 0.62 + size * 0.12
        return (x - half, y - size * 0.78, x + half, y + size * 0.12)

    placed: list[Box] = []
    out: list[tuple[float, float, str]] = []
    for h, name in enumerate(BOARD.names):
        if not name:
            continue
        cx, cy = lay.centre(*BOARD.coords(h))
        below, above = cy + s * 0.92, cy - s * 0.62
        words = name.split(" ")
        forms = [[name]]
        if len(words) > 1:
            forms.append([" ".join(words[:-1]), words[-1]])
        forms += [[name[:k] + "."] for k in (7, 6, 5, 4, 3) if k < len(name) - 1]
        options = []
        for lines in forms:
            options.append(
                [(cx, below - size * (len(lines) - 1) + i * size, t) for i, t in enumerate(lines)]
            )
            options.append([(cx, above + i * size, t) for i, t in enumerate(lines)])
        chosen = options[-2]
        for option in options:
            if not any(_overlaps(box(*line), p) for line in option for p in placed):
                chosen = option
                break
        placed.extend(box(*line) for line in chosen)
        out.extend(chosen)
    return out


@cache
def _names(width: int) -> str:
    lay = _Layout(width)
    size = lay.s * NAME_SIZE
    out = [
        f'<g class="names" font-family="{escape(SERIF)}" fill="{INK}" text-anchor="middle" '
        f'font-style="italic" stroke="{LAND}" stroke-width="{fmt(size * 0.22)}" '
        'stroke-linejoin="round" paint-order="stroke">'
    ]
    for x, y, line in _name_lines(lay):
        out.append(text_element(x, y, line, size, class_="name"))
    out.append("</g>")
    return "\n".join(out)


@cache
def _counter(x: float, y: float, r: float, colour: str, label: str, kind: str, force: str) -> str:
    s = r / 0.36
    if kind == "leader":
        title = f"{force}, the leader"
    else:
        title = f"{label} {'troop' if label == '1' else 'troops'} of {force}"
    parts = [
        f'<g class="{kind}" data-force={quoteattr(force)}><title>{escape(title)}</title>',
        circle(x + r * 0.12, y + r * 0.14, r, fill="#000", fill_opacity=0.28),
        circle(x, y, r, fill=colour, stroke="#f8f1df", stroke_width=s * 0.05),
    ]
    if kind == "leader":
        parts.append(
            f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(r * 0.78)}" fill="none" stroke="#111" '
            f'stroke-width="{fmt(r * 0.14)}" stroke-dasharray="{fmt(r * 0.08)} {fmt(r * 0.22)}" '
            'stroke-linecap="round"/>'
        )
    parts.append(
        text_element(
            x,
            y + r * 0.46,
            label,
            r * 1.34,
            fill="#fff",
            font_weight="bold",
            text_anchor="middle",
            font_family=SERIF,
        )
    )
    parts.append("</g>")
    return "".join(parts)


def _pieces(lay: _Layout, obs: dict[str, Any]) -> list[str]:
    s = lay.s
    leaders: dict[tuple[int, int], str] = {}
    for p in obs["players"]:
        if p["leader"] is not None and p["alive"]:
            leaders[p["leader"][0], p["leader"][1]] = p["name"]
    out = ['<g class="pieces">']
    for col, row, force, count, _moved in obs["stacks"]:
        cx, cy = lay.centre(col, row)
        dx = s * 0.4 if (col, row) in leaders else 0.0
        out.append(
            _counter(
                cx + dx,
                cy - s * 0.1,
                s * 0.45,
                FORCE_COLOUR.get(force, INK),
                str(count),
                "stack",
                force,
            )
        )
    for (col, row), name in leaders.items():
        cx, cy = lay.centre(col, row)
        out.append(
            _counter(
                cx - s * 0.36,
                cy - s * 0.14,
                s * 0.47,
                FORCE_COLOUR[name],
                LEADER_LETTER[name],
                "leader",
                name,
            )
        )
    out.append("</g>")
    return out


def _attacks(lay: _Layout, obs: dict[str, Any]) -> list[str]:
    out = [f'<g class="attacks" fill="none" stroke="{ATTACK}" stroke-width="{fmt(lay.s * 0.12)}">']
    for col, row, _n in obs["attacks"]:
        pts = draw.point_list(lay.corners(*lay.centre(col, row), lay.s * 0.93))
        out.append(f'<polygon class="attacked" data-hex="{col},{row}" points="{pts}"/>')
    battle = obs.get("battle")
    if battle:
        col, row = battle["hex"]
        pts = draw.point_list(lay.corners(*lay.centre(col, row), lay.s * 0.93))
        out.append(
            element(
                "polygon",
                class_="battle",
                points=pts,
                stroke_dasharray=f"{fmt(lay.s * 0.2)} {fmt(lay.s * 0.12)}",
            )
        )
    out.append("</g>")
    return out


def _status(obs: dict[str, Any]) -> str:
    parts = [f"Round {obs['round']}", "Civil war" if obs["civil_war"] else "Conquest"]
    if obs["winner"] or obs["stage"] == "over":
        parts.append("the game is over")
        return " · ".join(parts)
    turn = obs["turn"]
    if 0 <= turn < len(FORCES):
        parts.append(f"{FORCES[turn]}'s turn")
    stage = STAGE_TEXT.get(obs["stage"], obs["stage"])
    if obs["stage"] == "move":
        stage += f", {obs['movement_left']} movement left"
    parts.append(stage)
    current = obs["current"]
    if 0 <= current < len(FORCES) and current != turn:
        parts.append(f"{FORCES[current]} to answer")
    return " · ".join(parts)


def _header(lay: _Layout, obs: dict[str, Any]) -> list[str]:
    s, w = lay.s, lay.width
    out = [
        f'<rect x="0" y="0" width="{fmt(w)}" height="{fmt(lay.header)}" fill="#3f2e1e"/>',
        rect(0.0, lay.header - s * 0.12, w, s * 0.12, fill=GOLD),
        text_element(
            s * 0.8,
            lay.header * 0.6,
            "THE FIRST TRIUMVIRATE",
            s * 0.8,
            fill="#f3e3b3",
            font_family=SERIF,
            letter_spacing=fmt(s * 0.08),
            class_="title",
        ),
        text_element(
            w - s * 0.8,
            lay.header * 0.6,
            _status(obs),
            s * 0.62,
            fill="#f7f0de",
            font_family=SERIF,
            text_anchor="end",
            class_="status",
        ),
    ]
    battle = obs.get("battle")
    if battle:
        where = BOARD.label(BOARD.index(*battle["hex"]))
        line = (
            f"Battle at {where}: {battle['attacker']} {battle['attackers']}"
            f"{' with his leader' if battle['attacker_leader'] else ''} against "
            f"{battle['defender']} {battle['defenders']}"
            f"{' with his leader' if battle['defender_leader'] else ''}"
        )
        out.append(
            text_element(
                w - s * 0.8,
                lay.header * 0.9,
                line,
                s * TEXT_SIZE,
                fill="#f3c9a8",
                font_family=SERIF,
                text_anchor="end",
                font_style="italic",
                class_="battle-line",
            )
        )
    return out


def _panels(lay: _Layout, obs: dict[str, Any]) -> list[str]:
    s, w = lay.s, lay.width
    top = lay.panel_top
    gap = s * 0.5
    rome_w = s * 5.2
    card_w = (w - 2 * s * 0.8 - rome_w - 3 * gap) / 3
    card_h = s * 5.0
    out = [f'<g class="panels" font-family="{escape(SERIF)}" fill="{INK}">']
    winner = obs.get("winner")
    for i, p in enumerate(obs["players"]):
        name = p["name"]
        colour = FORCE_COLOUR[name]
        x = s * 0.8 + i * (card_w + gap)
        won = name == winner
        out.append(f'<g class="player" data-force={quoteattr(name)}>')
        out.append(
            rect(
                x,
                top,
                card_w,
                card_h,
                rx=s * 0.25,
                fill=PAPER,
                stroke=GOLD if won else FRAME,
                stroke_width=s * (0.16 if won else 0.06),
            )
        )
        out.append(
            f'<rect x="{fmt(x)}" y="{fmt(top)}" width="{fmt(s * 0.3)}" height="{fmt(card_h)}" '
            f'fill="{colour}" opacity="{1 if p["alive"] else 0.35}"/>'
        )
        title = name if p["alive"] else f"{name} (fallen)"
        out.append(
            text_element(
                x + s * 0.7,
                top + s * 1.0,
                title,
                s * 0.7,
                font_weight="bold",
                fill=colour if p["alive"] else "#8a8070",
            )
        )
        if won:
            out.append(_star(x + card_w - s * 2.6, top + s * 0.8, s * 0.35))
            out.append(
                text_element(
                    x + card_w - s * 0.5,
                    top + s * 1.0,
                    "victor",
                    s * 0.55,
                    fill="#8a6a10",
                    text_anchor="end",
                    font_style="italic",
                )
            )
        rows = [
            ("Troops", str(p["troops"])),
            ("Conquests", str(p["conquests"])),
            ("Popularity", str(p["popularity"])),
            ("Turns in Rome", str(p["rome_turns"])),
        ]
        for j, (label, value) in enumerate(rows):
            cx = x + s * 0.7 + (j % 2) * (card_w - s * 0.9) / 2
            cy = top + s * 2.3 + (j // 2) * s * 1.6
            out.append(
                text_element(cx, cy, label, s * TEXT_SIZE, fill="#6b5a45", font_style="italic")
            )
            out.append(
                text_element(cx, cy + s * 0.8, value, s * 0.72, font_weight="bold", class_="stat")
            )
        out.append("</g>")
    x = s * 0.8 + 3 * (card_w + gap)
    out.append(
        rect(x, top, rome_w, card_h, rx=s * 0.25, fill=PAPER, stroke=FRAME, stroke_width=s * 0.06)
    )
    out.append(_star(x + s * 0.9, top + s * 0.8, s * 0.4))
    out.append(
        text_element(
            x + s * 1.6, top + s * 1.0, "Rome", s * 0.7, font_weight="bold", fill="#4b5563"
        )
    )
    out.append(
        text_element(
            x + s * 0.5,
            top + s * 2.3,
            "Roman troops",
            s * TEXT_SIZE,
            fill="#6b5a45",
            font_style="italic",
        )
    )
    out.append(
        text_element(
            x + s * 0.5, top + s * 3.1, str(obs["roman_troops"]), s * 0.72, font_weight="bold"
        )
    )
    out.append("</g>")
    if winner or obs["stage"] == "over":
        reason = END_TEXT.get(obs.get("end_reason") or "", "")
        line = f"{winner} rules Rome" if winner else "No one rules Rome"
        if reason:
            line += f": {reason}"
        y = lay.map_top + lay.map_height * 0.08
        out.append(
            rect(
                w / 2 - s * 9,
                y - s * 0.95,
                s * 18,
                s * 1.45,
                rx=s * 0.3,
                fill=PAPER,
                fill_opacity=0.94,
                stroke=GOLD,
                stroke_width=s * 0.12,
            )
        )
        out.append(
            text_element(
                w / 2,
                y,
                line,
                s * 0.72,
                class_="winner",
                text_anchor="middle",
                font_family=SERIF,
                font_weight="bold",
                fill=INK,
            )
        )
    return out


@cache
def _static_map(width: int, zone_names: tuple[str, ...]) -> str:
    """The parts of the picture no position changes: terrain, zones, Italy, Rome."""
    lay = _Layout(width)
    zones = zones_named(zone_names)
    return "\n".join([*_terrain(lay, zones), *_italy_border(lay), *_rome(lay)])


def render_svg(observation: dict[str, Any], *, width: int = 1200) -> str:
    """The board and its players as a standalone SVG document.

    Args:
        observation: what ``TriumvirateState.observation(p)`` returns (any ``p``).
        width: the picture's width in pixels; the height follows and a ``viewBox`` lets it scale.

    """
    obs = observation
    lay = _Layout(width)
    w, h = fmt(lay.width), fmt(lay.height)
    body = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
        f'font-family="{escape(SERIF)}">',
        "<title>The First Triumvirate</title>",
        f'<rect x="0" y="0" width="{w}" height="{h}" fill="#e9dcc0"/>',
        *_header(lay, obs),
        _static_map(width, tuple(obs.get("zones") or ())),
        *_attacks(lay, obs),
        *_pieces(lay, obs),
        _rome_star(lay),
        _names(width),
        *_panels(lay, obs),
        "</svg>",
    ]
    return "\n".join(body) + "\n"
