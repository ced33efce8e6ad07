"""The History of the Roman Empire map as a standalone SVG, drawn from ``observation(p)``.

The forty-five lands are round tiles at their real geography (longitude and latitude from the
board), tinted by area and joined by their land borders; difficult borders are drawn as dark
hatched lines and strait arrows as blue dashed links. Over the static map come the Cities,
Forts and Fortresses, and one counter per occupying force with its seat colour and army count.
A side panel shows the period, whose turn and phase, each seat's points, the People and
Emperor counters the observation reveals, the viewer's own hand (others only as card counts
and sets, as the observation gives them), the last event played and the winners at the end.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any, Final

from alea.core.game import Action
from alea.core.svg import (
    FRAME,
    GOLD,
    PAPER,
    SERIF,
    escape,
    fmt,
    quoteattr,
    text_element,
)
from alea.games.hotre.actions import NATION_NAMES, SEATS, HandTo, Pick, PlayCard
from alea.games.hotre.board import BOARD
from alea.games.hotre.cards import DECK
from alea.games.hotre.charts import CHARTS

AREA_COLOUR: Final = {
    "red": "#e8a3a0",
    "light green": "#c6e3a4",
    "blue": "#a9c4ea",
    "yellow": "#f3e08c",
    "purple": "#cdb4e0",
    "orange": "#f4bf86",
    "brown": "#c9a98a",
    "green": "#8fcf9e",
    "sand": "#eadbb4",
}
"""Tile fill for each area colour of the board."""
SEAT_COLOUR: Final = ("#1d4ed8", "#b3261e", "#15803d", "#7e22ce")
"""Counter colour of each seat."""
NEUTRAL: Final = {"Minor People": "#6b7280", "Kingdom": "#374151", "Rebels": "#111111"}
"""Counter colour of the forces no seat owns."""
KIND_LETTER: Final = {"Faction": "", "People": "P", "Minor People": "M", "Kingdom": "K"}

SEA: Final = "#a9cfe0"
INK: Final = "#2f2618"
DIFFICULT: Final = "#6b3d12"
STRAIT: Final = "#1f5f99"

SCALE: Final = 37.0
"""Pixels per degree of longitude (scaled by cos 44°) or latitude."""
R: Final = 23.0
"""Tile radius."""
MARGIN: Final = 46.0
PANEL_W: Final = 360.0
COS: Final = math.cos(math.radians(44.0))
CHART_H: Final = 126.0
"""Height of the People chart under the map."""


PEOPLE_NAME: Final = {p.nation: p.name for p in reversed(CHARTS.peoples)}
"""A nation's name as the People chart first gives it, e.g. ``galli`` -> ``Galli``."""


def _plural(n: int) -> str:
    return "army" if n == 1 else "armies"


@cache
def _positions() -> tuple[tuple[tuple[float, float], ...], float, float]:
    """Pixel centre of each land, and the map's width and height."""
    raw = [(ln.lonlat[0] * COS, -ln.lonlat[1]) for ln in BOARD.lands]
    x0 = min(p[0] for p in raw)
    y0 = min(p[1] for p in raw)
    pts = tuple((MARGIN + (x - x0) * SCALE, MARGIN + 20 + (y - y0) * SCALE) for x, y in raw)
    w = max(p[0] for p in pts) + MARGIN + 30
    h = max(p[1] for p in pts) + MARGIN + 10
    return pts, w, h


def _size() -> tuple[float, float]:
    _, w, h = _positions()
    return w + PANEL_W, max(h + CHART_H, 900.0)


def _land_tiles(lands: list[int]) -> list[str]:
    """The round tiles of ``lands`` with their names and Resource symbols."""
    pts, _, _ = _positions()
    out: list[str] = []
    for i in lands:
        ln = BOARD.lands[i]
        x, y = pts[i]
        area = BOARD.areas[BOARD.area_of[i]]
        fill = AREA_COLOUR.get(area.colour, "#dddddd")
        out.append(
            f'<g data-place={quoteattr(ln.name)} class="land">'
            f"<title>{escape(ln.name)} ({escape(area.name)})</title>"
            f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(R)}" fill="{fill}" stroke="{FRAME}" '
            f'stroke-width="{"2.2" if ln.seas else "1.2"}"/>'
        )
        if ln.resource:
            out.append(
                f'<rect x="{fmt(x - 4)}" y="{fmt(y - R + 2)}" width="8" height="8" fill="{GOLD}" '
                f'stroke="{INK}" stroke-width="0.6" '
                f'transform="rotate(45 {fmt(x)} {fmt(y - R + 6)})"/>'
            )
        for halo in (True, False):
            out.append(
                text_element(
                    x,
                    y + R + 10,
                    ln.name,
                    10,
                    text_anchor="middle",
                    font_family=SERIF,
                    fill=PAPER if halo else INK,
                    **({"stroke": PAPER, "stroke_width": "3", "opacity": "0.85"} if halo else {}),
                )
            )
        out.append("</g>")
    return out


@cache
def _static_map(optional_terrain: bool = False) -> str:
    """Sea, borders, straits, land tiles, names and Resource symbols: fixed for a rule set.

    The two optional difficult borders are drawn as difficult only under that rule (HRE-1.1).
    """
    pts, w, h = _positions()
    out = [f'<rect x="0" y="0" width="{fmt(w)}" height="{fmt(_size()[1])}" fill="{SEA}"/>']
    out.append(
        text_element(MARGIN, 30, "History of the Roman Empire", 20, font_family=SERIF, fill=INK)
    )
    for a, b in BOARD.borders:
        (x1, y1), (x2, y2) = pts[a], pts[b]
        hard = b in BOARD.difficult[a] or a in BOARD.difficult[b]
        if optional_terrain:
            hard = hard or b in BOARD.optional_difficult[a] or a in BOARD.optional_difficult[b]
        if hard:
            out.append(
                f'<line x1="{fmt(x1)}" y1="{fmt(y1)}" x2="{fmt(x2)}" y2="{fmt(y2)}" '
                f'stroke="{DIFFICULT}" stroke-width="4" stroke-dasharray="2 3" '
                'class="difficult"/>'
            )
        else:
            out.append(
                f'<line x1="{fmt(x1)}" y1="{fmt(y1)}" x2="{fmt(x2)}" y2="{fmt(y2)}" '
                f'stroke="{FRAME}" stroke-width="1.5" opacity="0.55"/>'
            )
    for st in BOARD.straits:
        (x1, y1), (x2, y2) = pts[st.a], pts[st.b]
        out.append(
            f'<line x1="{fmt(x1)}" y1="{fmt(y1)}" x2="{fmt(x2)}" y2="{fmt(y2)}" stroke="{STRAIT}" '
            f'stroke-width="3" stroke-dasharray="7 4" class="strait"><title>'
            f"{escape(st.name)}</title></line>"
        )
    for k in range(len(BOARD.areas)):
        # Each Area's lands sit in one group: a click on a land also names its Area.
        out.append(f'<g data-place={quoteattr(area_place(k))} class="area">')
        out.extend(_land_tiles([i for i, a in enumerate(BOARD.area_of) if a == k]))
        out.append("</g>")
    for sc in BOARD.special_cities:
        x, y = pts[sc.land]
        out.append(
            f'<circle cx="{fmt(x + R + 5)}" cy="{fmt(y - 12)}" r="3.5" '
            f'fill="{GOLD}" stroke="{INK}"/>'
        )
        out.append(
            text_element(
                x + R + 11,
                y - 8,
                sc.name,
                10.5,
                font_family=SERIF,
                fill="#5a3f00",
                font_weight="bold",
                class_="special-city",
            )
        )
    # area legend
    lx, ly = MARGIN, h - 20
    for k, area in enumerate(BOARD.areas):
        x = lx + (k % 5) * 150
        y = ly - 18 * (1 - k // 5)
        out.append(
            f'<g data-place={quoteattr(area_place(k))} class="area-key">'
            f'<rect x="{fmt(x)}" y="{fmt(y - 9)}" width="12" height="12" '
            f'fill="{AREA_COLOUR.get(area.colour, "#ddd")}" stroke="{FRAME}"/>'
            + text_element(x + 16, y + 1, area.name, 10, font_family=SERIF, fill=INK)
            + "</g>"
        )
    out.extend(_people_chart(h, w))
    return "".join(out)


def _chart_column(period: int, w: float) -> tuple[float, float]:
    """Left edge and width of ``period``'s column of the People chart."""
    col = (w - 2 * MARGIN) / len(BOARD.periods)
    return MARGIN + (period - 1) * col, col


def _people_chart(y0: float, w: float) -> list[str]:
    """The People chart under the map: each period's five Peoples by counter number.

    Each name is the place of its People, so an event aimed at a People is chosen here.
    """
    out = [
        f'<rect x="0" y="{fmt(y0)}" width="{fmt(w)}" height="{fmt(CHART_H)}" fill="{PAPER}" '
        f'stroke="{FRAME}" stroke-width="2"/>',
        text_element(
            MARGIN, y0 + 18, "Peoples by period and counter", 12, font_family=SERIF, fill=INK
        ),
    ]
    for period in range(1, len(BOARD.periods) + 1):
        x, _ = _chart_column(period, w)
        out.append(
            text_element(
                x + 4,
                y0 + 36,
                f"Period {period}",
                11,
                font_family=SERIF,
                fill=INK,
                font_weight="bold",
            )
        )
        for people in CHARTS.period_peoples(period):
            y = y0 + 36 + 15 * people.number
            out.append(
                f'<g data-place={quoteattr(people_place(people.nation))} class="people">'
                f"<title>{escape(people.english)}</title>"
                + text_element(
                    x + 4, y, f"{people.number} {people.name}", 10.5, font_family=SERIF, fill=INK
                )
                + "</g>"
            )
    return out


def _chart_period(obs: dict[str, Any]) -> list[str]:
    """A frame round the current period's column of the People chart."""
    period = obs.get("period", 0)
    if not isinstance(period, int) or not 1 <= period <= len(BOARD.periods):
        return []
    _, w, h = _positions()
    x, col = _chart_column(period, w)
    return [
        f'<rect x="{fmt(x)}" y="{fmt(h + 24)}" width="{fmt(col - 6)}" height="{fmt(CHART_H - 32)}" '
        f'fill="none" stroke="{GOLD}" stroke-width="2.5" rx="4" class="period-now"/>'
    ]


def _force_colour(force: dict[str, Any]) -> str:
    owner = force.get("owner", -1)
    if force.get("kind") in ("Faction", "People") and isinstance(owner, int) and 0 <= owner < 4:
        return SEAT_COLOUR[owner]
    return NEUTRAL.get(str(force.get("kind")), "#444444")


def _pieces(obs: dict[str, Any]) -> list[str]:
    pts, _, _ = _positions()
    forces = obs.get("forces", [])
    out: list[str] = []
    battle = obs.get("battle_land", -1)
    for i, land in enumerate(obs.get("lands", [])):
        if i >= len(pts):
            break
        x, y = pts[i]
        name = BOARD.lands[i].name
        if i == battle:
            out.append(
                f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(R + 4)}" fill="none" '
                f'stroke="#c0141c" stroke-width="3" class="battle" data-place={quoteattr(name)}/>'
            )
        city = land.get("city", 0)
        if city:
            razed = city == 2
            out.append(
                f'<g class="city" data-place={quoteattr(name)}><title>'
                f"{'ruined City' if razed else 'City'}</title>"
                f'<rect x="{fmt(x + 8)}" y="{fmt(y - 17)}" width="10" height="8" '
                f'fill="{"#9ca3af" if razed else "#fff7e0"}" stroke="{INK}"/>'
                f'<polygon points="{fmt(x + 7)},{fmt(y - 17)} {fmt(x + 13)},{fmt(y - 22)} '
                f'{fmt(x + 19)},{fmt(y - 17)}" fill="#b45309" stroke="{INK}" stroke-width="0.6"/>'
                "</g>"
            )
        fort = land.get("fort", 0)
        if fort:
            owner = land.get("fort_owner", -1)
            col = SEAT_COLOUR[owner] if isinstance(owner, int) and 0 <= owner < 4 else "#555"
            label = "Fortress" if fort == 2 else "Fort"
            size = 11 if fort == 2 else 8
            out.append(
                f'<g class="fort" data-place={quoteattr(name)}><title>{label}</title>'
                f'<rect x="{fmt(x - 18)}" y="{fmt(y - 17)}" width="{size}" height="{size}" '
                f'fill="{col}" stroke="{INK}" stroke-width="{"2" if fort == 2 else "1"}"/>'
                + (
                    text_element(
                        x - 18 + size / 2, y - 8.5, "F", 7, text_anchor="middle", fill="#fff"
                    )
                    if fort == 2
                    else ""
                )
                + "</g>"
            )
        f = land.get("force", -1)
        n = land.get("armies", 0)
        if isinstance(f, int) and 0 <= f < len(forces) and n:
            force = forces[f]
            col = _force_colour(force)
            kind = str(force.get("kind"))
            letter = KIND_LETTER.get(kind, "R")
            owner = force.get("owner", -1)
            who = SEATS[owner] if isinstance(owner, int) and 0 <= owner < 4 else kind
            nation = force.get("nation")
            if nation in PEOPLE_NAME:
                who = f"{PEOPLE_NAME[nation]}, {who}'s"
            shape = (
                f'<rect x="{fmt(x - 11)}" y="{fmt(y - 6)}" width="22" height="18" rx="3" '
                f'fill="{col}" stroke="#fff" stroke-width="1.4"/>'
                if kind == "Faction"
                else f'<circle cx="{fmt(x)}" cy="{fmt(y + 3)}" r="11" fill="{col}" '
                f'stroke="#fff" stroke-width="1.4"/>'
            )
            out.append(
                f'<g class="army" data-place={quoteattr(name)} data-force="{f}">'
                f"<title>{escape(f'{who} ({kind}): {n} {_plural(n)}')}</title>{shape}"
                + text_element(
                    x,
                    y + 7,
                    f"{letter}{n}",
                    10,
                    text_anchor="middle",
                    font_weight="bold",
                    fill="#fff",
                    font_family="sans-serif",
                )
                + "</g>"
            )
    return out


def _counter_name(emperor: bool, period: int, number: Any) -> str:
    if not isinstance(number, int) or number <= 0:
        return "?"
    try:
        if emperor:
            return CHARTS.emperor(period, number).name
        return CHARTS.people(period, number).name
    except Exception:  # an unknown counter is shown by number
        return f"#{number}"


def _status(obs: dict[str, Any]) -> str:
    mover = obs.get("to_move")
    if obs.get("winners") or obs.get("stage") == "over":
        return "Game over"
    if isinstance(mover, int) and mover >= 0:
        return f"Player {mover + 1} to move"
    return "Chance"


def _panel(obs: dict[str, Any], x0: float) -> list[str]:
    out: list[str] = []
    h = _size()[1]
    out.append(
        f'<rect x="{fmt(x0)}" y="0" width="{fmt(PANEL_W)}" height="{fmt(h)}" fill="{PAPER}" '
        f'stroke="{FRAME}" stroke-width="2"/>'
    )
    x = x0 + 14
    y = 30.0
    period = obs.get("period", 0)
    pdesc = ""
    if isinstance(period, int) and 1 <= period <= len(BOARD.periods):
        pdesc = " — " + BOARD.periods[period - 1].label
    out.append(text_element(x, y, f"Period {period}{pdesc}", 15, font_family=SERIF, fill=INK))
    y += 20
    stage = str(obs.get("stage", ""))
    active = obs.get("active", -1)
    turn = f"Phase: {stage}"
    if isinstance(active, int) and 0 <= active < 4 and stage != "over":
        turn += f" · {SEATS[active]}'s turn"
    out.append(text_element(x, y, turn, 12, font_family=SERIF, fill=INK, class_="phase"))
    y += 18
    out.append(text_element(x, y, _status(obs), 12, font_family=SERIF, fill=INK, class_="status"))
    y += 24
    fp = obs.get("faction_points", [])
    pp = obs.get("people_points", [])
    hands = obs.get("hands", [])
    nseats = len(hands) or len(fp)
    mine = set(obs.get("seats", []))
    totals = [(fp[s] if s < len(fp) else 0) + (pp[s] if s < len(pp) else 0) for s in range(nseats)]
    top = max([*totals, 1])
    pc = obs.get("people_counters", [])
    ec = obs.get("emperor_counters", [])
    hpc = obs.get("has_people_counter", [])
    hec = obs.get("has_emperor_counter", [])
    dead = obs.get("dead", [])
    for s in range(nseats):
        col = SEAT_COLOUR[s % 4]
        you = " (you)" if s in mine else ""
        # The seat's name, bar and points are its place: where a counter is handed.
        out.append(
            f'<g data-place={quoteattr(seat_place(s))} class="seat">'
            f'<rect x="{fmt(x - 4)}" y="{fmt(y - 14)}" width="{fmt(PANEL_W - 20)}" height="50" '
            f'fill="{PAPER}" stroke="none"/>'
            f'<rect x="{fmt(x)}" y="{fmt(y - 11)}" width="14" height="14" fill="{col}" '
            'stroke="#fff"/>'
        )
        label = f"{SEATS[s]}{you}" + (" — out" if s < len(dead) and dead[s] else "")
        out.append(
            text_element(x + 20, y, label, 12, font_family=SERIF, fill=INK, font_weight="bold")
        )
        y += 16
        fv = fp[s] if s < len(fp) else 0
        pv = pp[s] if s < len(pp) else 0
        bar = (PANEL_W - 40) * totals[s] / top
        out.append(
            f'<rect x="{fmt(x)}" y="{fmt(y - 9)}" width="{fmt(PANEL_W - 40)}" height="10" '
            f'fill="#e7dcc0"/><rect x="{fmt(x)}" y="{fmt(y - 9)}" width="{fmt(bar)}" height="10" '
            f'fill="{col}" class="vp"/>'
        )
        y += 14
        out.append(
            text_element(
                x, y, f"VP {totals[s]} (Faction {fv}, People {pv})", 11, fill=INK, font_family=SERIF
            )
        )
        out.append("</g>")
        y += 15
        bits = []
        if s < len(hpc) and hpc[s]:
            num = pc[s] if s < len(pc) else None
            bits.append(
                "People: " + (_counter_name(False, period, num) if num is not None else "hidden")
            )
        if s < len(hec) and hec[s]:
            num = ec[s] if s < len(ec) else None
            bits.append(
                "Emperor: " + (_counter_name(True, period, num) if num is not None else "hidden")
            )
        if bits:
            out.append(text_element(x, y, " · ".join(bits), 10.5, fill=INK, font_family=SERIF))
            y += 15
        hand = hands[s] if s < len(hands) else []
        sets = obs.get("hand_is_sets", [])
        if s < len(sets) and not sets[s]:
            out.append(
                text_element(x, y, f"Hand ({len(hand)}):", 10.5, fill=INK, font_family=SERIF)
            )
            y += 13
            for cid in hand:
                if isinstance(cid, int) and 1 <= cid <= len(DECK):
                    c = DECK[cid - 1]
                    out.append(
                        f'<g class="card" data-card="{cid}">'
                        + text_element(
                            x + 8,
                            y,
                            f"{c.title} ({c.kind.replace('_', ' ')}, set {c.set})",
                            10,
                            fill=INK,
                            font_family=SERIF,
                        )
                        + "</g>"
                    )
                    y += 12
        else:
            sets_txt = ", ".join(str(k) for k in hand)
            out.append(
                text_element(
                    x,
                    y,
                    f"{len(hand)} cards (sets {sets_txt or '-'})",
                    10.5,
                    fill=INK,
                    font_family=SERIF,
                )
            )
            y += 13
        y += 10
    drawn = obs.get("drawn")
    if isinstance(drawn, int) and drawn > 0:
        out.append(text_element(x, y, f"You drew counter {drawn}", 11, fill=INK, font_family=SERIF))
        y += 18
    used = obs.get("used_cards", [])
    if used and isinstance(used[-1], int) and 1 <= used[-1] <= len(DECK):
        c = DECK[used[-1] - 1]
        out.append(text_element(x, y, "Last event played:", 11, fill=INK, font_family=SERIF))
        y += 14
        out.append(
            text_element(
                x + 8,
                y,
                f"{c.title} ({c.kind.replace('_', ' ')})",
                11,
                fill=INK,
                font_family=SERIF,
                class_="last-event",
            )
        )
        y += 20
    out.extend(_key(x, h - 120))
    winners = obs.get("winners", [])
    if winners:
        # ``winners`` are players; with two players, player 1 holds seats 1 and 3 (HRE-15.1).
        two = len(mine) == 2
        names = ", ".join(
            f"Player {w + 1}" + (f" ({SEATS[w]} + {SEATS[w + 2]})" if two else "")
            for w in winners
            if isinstance(w, int) and 0 <= w < 4
        )
        out.append(
            text_element(
                x,
                y + 6,
                f"Winner: {names}",
                16,
                fill="#8a1c1c",
                font_family=SERIF,
                font_weight="bold",
                class_="winners",
            )
        )
    return out


@cache
def _key(x: float, y: float) -> str:
    """The map key at the foot of the panel."""
    out = [text_element(x, y, "Key", 12, font_family=SERIF, fill=INK, font_weight="bold")]
    rows = [
        (f'stroke="{DIFFICULT}" stroke-width="4" stroke-dasharray="2 3"', "difficult border"),
        (f'stroke="{STRAIT}" stroke-width="3" stroke-dasharray="7 4"', "strait"),
        (f'stroke="{FRAME}" stroke-width="1.5"', "land border"),
    ]
    for k, (style, label) in enumerate(rows):
        yy = y + 16 + 15 * k
        out.append(
            f'<line x1="{fmt(x)}" y1="{fmt(yy - 4)}" '
            f'x2="{fmt(x + 30)}" y2="{fmt(yy - 4)}" {style}/>'
        )
        out.append(text_element(x + 38, yy, label, 10.5, font_family=SERIF, fill=INK))
    x2 = x + 170
    out.append(
        f'<rect x="{fmt(x2)}" y="{fmt(y + 8)}" width="8" height="8" fill="{GOLD}" stroke="{INK}" '
        f'transform="rotate(45 {fmt(x2 + 4)} {fmt(y + 12)})"/>'
    )
    out.append(
        text_element(x2 + 16, y + 16, "Resource (City site)", 10.5, font_family=SERIF, fill=INK)
    )
    out.append(
        f'<rect x="{fmt(x2)}" y="{fmt(y + 23)}" width="10" height="8" '
        f'fill="#fff7e0" stroke="{INK}"/>'
    )
    out.append(
        text_element(x2 + 16, y + 31, "City (grey: ruined)", 10.5, font_family=SERIF, fill=INK)
    )
    out.append(
        f'<rect x="{fmt(x2)}" y="{fmt(y + 38)}" width="8" height="8" fill="#555" stroke="{INK}"/>'
    )
    out.append(
        text_element(x2 + 16, y + 46, "Fort (large F: Fortress)", 10.5, font_family=SERIF, fill=INK)
    )
    out.append(
        text_element(
            x,
            y + 70,
            "Counters: square = Faction, P = People, M = Minor People,",
            10.5,
            font_family=SERIF,
            fill=INK,
        )
    )
    out.append(
        text_element(
            x,
            y + 84,
            "K = Kingdom, R = Rebels; the number is the armies.",
            10.5,
            font_family=SERIF,
            fill=INK,
        )
    )
    return "".join(out)


def render_svg(observation: dict[str, Any]) -> str:
    """The whole picture for one observation, as a standalone SVG document."""
    w, h = _size()
    _, map_w, _ = _positions()
    body = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {fmt(w)} {fmt(h)}" '
        f'width="{fmt(w)}" height="{fmt(h)}" font-family={quoteattr(SERIF)}>',
        _static_map(bool(observation.get("optional_terrain", False))),
        *_pieces(observation),
        *_chart_period(observation),
        *_panel(observation, map_w),
        "</svg>",
    ]
    return "".join(body)


def area_place(area: int) -> str:
    """The ``data-place`` of an Area: its legend entry and the group of its lands."""
    return f"area:{BOARD.areas[area].name}"


def people_place(nation: str) -> str:
    """The ``data-place`` of a People (a nation key of the chart): its names on the chart."""
    return f"people:{nation}"


def seat_place(seat: int) -> str:
    """The ``data-place`` of a seat: its heading in the side panel."""
    return SEATS[seat]


def place_of(action: Action) -> str | None:
    """Where on the board ``action`` is chosen, or ``None`` for a decision without a place.

    A land is named by its name, an Area by ``area:`` and its name, a People by ``people:``
    and its nation, a seat (to hand a counter to) by its name. A land sits inside its Area's
    group, so a click there may offer both; the play page asks which.
    """
    if isinstance(action, Pick):
        return BOARD.lands[action.land].name
    if isinstance(action, HandTo):
        return seat_place(action.to)
    if isinstance(action, PlayCard) and action.target >= 0:
        kind = DECK[action.card - 1].kind
        if kind == "people_revive":
            return people_place(NATION_NAMES[action.target])
        if kind == "pestilence":
            return area_place(action.target)
        return BOARD.lands[action.target].name
    return None
