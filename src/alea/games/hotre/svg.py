"""The History of the Roman Empire board as a standalone SVG, drawn from ``observation(p)``.

The map is the Mediterranean world with the forty-five lands as their province shapes, each
tinted by its Area and drawn as one ``<path data-place="...">`` (``data/map.json``, made by
``scripts/build_hotre_map.py``). Difficult borders are dark dashed lines along the border,
straits are arrows. Each land has a box for its pieces, inside the province: its Resource
symbol, City and Fort above the counter of the force that holds it. The lands the last move
named carry ``data-last-move`` and an orange outline; the last roll is drawn as dice.

Under the map stand cards: the turn (period, phase, who moves, the last roll and event), one
card for each seat (points, counters, the viewer's own hand; other hands only as sets), the
key, and the People chart. On a narrow screen the page shows the cards one under the other at
three times their size (the board's own stylesheet), so a phone reads its own hand without
panning; everywhere else the picture keeps one layout.
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass, field
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
    text_width,
    wrap,
)
from alea.games.hotre.actions import NATION_NAMES, SEATS, HandTo, Pick, PlayCard
from alea.games.hotre.board import BOARD
from alea.games.hotre.cards import DECK
from alea.games.hotre.charts import CHARTS
from alea.games.hotre.mapdata import BLOCK_H, BLOCK_W, NAME_SIZE, map_shapes

AREA_COLOUR: Final = {
    "red": "#e39a92",
    "light green": "#c4df9c",
    "blue": "#9fbde6",
    "yellow": "#f0db7a",
    "purple": "#c9b0de",
    "orange": "#f2b878",
    "brown": "#c8a683",
    "green": "#86c994",
    "sand": "#e8d7a8",
}
"""Land fill for each area colour of the board."""
SEAT_COLOUR: Final = ("#1d4ed8", "#b3261e", "#15803d", "#7e22ce")
"""Counter colour of each seat."""
NEUTRAL: Final = {"Minor People": "#6b7280", "Kingdom": "#374151", "Rebels": "#111111"}
"""Counter colour of the forces no seat owns."""
KIND_LETTER: Final = {"Faction": "", "People": "P", "Minor People": "M", "Kingdom": "K"}

SEA: Final = "#b7d3e6"
SEA_TEXT: Final = "#2f5f86"
CONTEXT: Final = "#e4ddcb"
INK: Final = "#2f2618"
DIFFICULT: Final = "#5a2d0c"
STRAIT: Final = "#9b1c1c"
LAST: Final = "#ff7a00"
"""Outline of the lands the last move named."""

TEXT: Final = 13.0
"""Smallest size of any text a player needs (picture units; the map is 1000 wide)."""
LINE: Final = 17.0
"""Line height of card text."""
CARD_W: Final = 320.0
GAP: Final = 20.0
PHONE: Final = 3.0
"""How much larger the cards are drawn on a narrow screen."""
NARROW: Final = "(max-width: 700px)"
"""The screens that stack the cards (phones)."""

CHART_H: Final = 48 + 2 * (6 * LINE + 12) - 10
"""Height of the People chart card."""

PEOPLE_NAME: Final = {p.nation: p.name for p in reversed(CHARTS.peoples)}
"""A nation's name as the People chart first gives it, e.g. ``galli`` -> ``Galli``."""


def _plural(n: int) -> str:
    return "army" if n == 1 else "armies"


def seat_name(seat: int) -> str:
    """The one name a seat goes by on the board, in choices and in the log."""
    return SEATS[seat]


def _text(x: float, y: float, body: str, size: float = TEXT, **attrs: object) -> str:
    attrs.setdefault("fill", INK)
    return text_element(x, y, body, size, **attrs)


# ---------------------------------------------------------------------------------------------
# the map


@cache
def _static_map(optional_terrain: bool = False) -> str:
    """Sea, coasts, lands by Area, difficult borders, straits, names: fixed for a rule set.

    The two optional difficult borders are drawn as difficult only under that rule (HRE-1.1).
    """
    shapes = map_shapes()
    w, h = shapes.width, shapes.height
    out = [
        f'<rect x="0" y="0" width="{fmt(w)}" height="{fmt(h)}" fill="{SEA}"/>',
        f'<path d="{shapes.context}" fill="{CONTEXT}" stroke="#a89c84" stroke-width="0.8"/>',
    ]
    for sea in shapes.seas:
        x, y = sea.at
        turn = f"rotate({fmt(sea.angle)} {fmt(x)} {fmt(y)})" if sea.angle else None
        out.append(
            _text(
                x,
                y,
                sea.name.upper(),
                TEXT,
                text_anchor="middle",
                fill=SEA_TEXT,
                font_style="italic",
                letter_spacing="1.5",
                transform=turn,
                class_="sea",
            )
        )
    for k, area in enumerate(BOARD.areas):
        # Each Area's lands sit in one group: a click on a land also names its Area.
        fill = AREA_COLOUR.get(area.colour, "#dddddd")
        out.append(f'<g data-place={quoteattr(area_place(k))} class="area">')
        for i in (i for i, a in enumerate(BOARD.area_of) if a == k):
            ln = BOARD.lands[i]
            out.append(
                f'<path data-place={quoteattr(ln.name)} class="land" d="{shapes.lands[i].path}" '
                f'fill="{fill}" stroke="{FRAME}" stroke-width="0.9" stroke-linejoin="round">'
                f"<title>{escape(ln.name)} ({escape(area.name)})</title></path>"
            )
        out.append("</g>")
    names = [ln.name for ln in BOARD.lands]
    for (a, b), d in shapes.borders.items():
        ia, ib = names.index(a), names.index(b)
        hard = ib in BOARD.difficult[ia] or ia in BOARD.difficult[ib]
        if optional_terrain:
            hard = hard or ib in BOARD.optional_difficult[ia] or ia in BOARD.optional_difficult[ib]
        if hard:
            out.append(
                f'<path d="{d}" fill="none" stroke="{DIFFICULT}" stroke-width="3.2" '
                f'stroke-dasharray="5 3" class="difficult" pointer-events="none"/>'
            )
    out.append(
        '<defs><marker id="hotre-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="3.2" '
        f'markerHeight="3.2" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" '
        f'fill="{STRAIT}"/></marker></defs>'
    )
    for st in shapes.straits:
        (x1, y1), (x2, y2) = st.a, st.b
        out.append(
            f'<line x1="{fmt(x1)}" y1="{fmt(y1)}" x2="{fmt(x2)}" y2="{fmt(y2)}" '
            f'stroke="{STRAIT}" stroke-width="2.6" marker-start="url(#hotre-arrow)" '
            f'marker-end="url(#hotre-arrow)" class="strait"><title>{escape(st.name)}</title>'
            "</line>"
        )
    for i, ln in enumerate(BOARD.lands):
        land = shapes.lands[i]
        x, y = land.name_at
        top = y - (len(land.lines) - 1) * NAME_SIZE * 0.575 + NAME_SIZE * 0.36
        for k, line in enumerate(land.lines):
            # A pale halo under each name keeps it legible over borders and pieces.
            for halo in (True, False):
                out.append(
                    _text(
                        x,
                        top + k * NAME_SIZE * 1.15,
                        line,
                        NAME_SIZE,
                        text_anchor="middle",
                        font_weight="bold",
                        class_="land-halo" if halo else "land-name",
                        pointer_events="none",
                        **(
                            {"fill": "#fbf6e8", "stroke": "#fbf6e8", "stroke_width": "3"}
                            if halo
                            else {}
                        ),
                    )
                )
        if ln.resource:
            bx, by = land.pieces_at
            cx, cy = bx - BLOCK_W / 2 + 9, by - BLOCK_H / 2 + 9
            out.append(
                f'<rect x="{fmt(cx - 5)}" y="{fmt(cy - 5)}" width="10" height="10" fill="{GOLD}" '
                f'stroke="{INK}" stroke-width="0.8" transform="rotate(45 {fmt(cx)} {fmt(cy)})" '
                'class="resource" pointer-events="none"><title>Resource (City site)</title></rect>'
            )
    for sc in BOARD.special_cities:
        x, y = shapes.cities[sc.name]
        out.append(
            f'<rect x="{fmt(x - 4)}" y="{fmt(y - 4)}" width="8" height="8" fill="{INK}" '
            'class="special-city-mark" pointer-events="none"/>'
        )
        out.append(
            _text(
                x + 7,
                y + 4,
                sc.name,
                TEXT,
                font_weight="bold",
                font_style="italic",
                fill="#5a3f00",
                class_="special-city",
                pointer_events="none",
            )
        )
    return "".join(out)


def _force_colour(force: dict[str, Any]) -> str:
    owner = force.get("owner", -1)
    if force.get("kind") in ("Faction", "People") and isinstance(owner, int) and 0 <= owner < 4:
        return SEAT_COLOUR[owner]
    return NEUTRAL.get(str(force.get("kind")), "#444444")


def _last_lands(obs: dict[str, Any]) -> set[int]:
    recent = obs.get("recent") or {}
    return {i for i in recent.get("lands", []) if isinstance(i, int) and 0 <= i < len(BOARD.lands)}


def _pieces(obs: dict[str, Any]) -> list[str]:
    """Cities, Forts, armies and the battle mark, each in its land's box."""
    shapes = map_shapes()
    forces = obs.get("forces", [])
    last = _last_lands(obs)
    out: list[str] = []
    for i in sorted(last):
        out.append(
            f'<path d="{shapes.lands[i].path}" fill="none" stroke="{LAST}" stroke-width="4" '
            f'stroke-dasharray="9 4" class="last-move" data-last-move="true" '
            f'data-place={quoteattr(BOARD.lands[i].name)} pointer-events="none"/>'
        )
    battle = obs.get("battle_land", -1)
    for i, land in enumerate(obs.get("lands", [])[: len(BOARD.lands)]):
        bx, by = shapes.lands[i].pieces_at
        name = BOARD.lands[i].name
        mark = ' data-last-move="true"' if i in last else ""
        if i == battle:
            out.append(
                f'<rect x="{fmt(bx - BLOCK_W / 2 - 3)}" y="{fmt(by - BLOCK_H / 2 - 3)}" '
                f'width="{fmt(BLOCK_W + 6)}" height="{fmt(BLOCK_H + 6)}" rx="6" fill="none" '
                f'stroke="#c0141c" stroke-width="3" class="battle" data-place={quoteattr(name)}>'
                "<title>Battle here</title></rect>"
            )
        iy = by - BLOCK_H / 2 + 9
        city = land.get("city", 0)
        if city:
            razed = city == 2
            out.append(
                f'<g class="city" data-place={quoteattr(name)}{mark}><title>'
                f"{'ruined City' if razed else 'City'}</title>"
                f'<rect x="{fmt(bx - 6)}" y="{fmt(iy - 3)}" width="12" height="9" '
                f'fill="{"#9ca3af" if razed else "#fff7e0"}" stroke="{INK}"/>'
                f'<polygon points="{fmt(bx - 8)},{fmt(iy - 3)} {fmt(bx)},{fmt(iy - 9)} '
                f'{fmt(bx + 8)},{fmt(iy - 3)}" fill="#b45309" stroke="{INK}" stroke-width="0.6"/>'
                "</g>"
            )
        fort = land.get("fort", 0)
        if fort:
            owner = land.get("fort_owner", -1)
            col = SEAT_COLOUR[owner] if isinstance(owner, int) and 0 <= owner < 4 else "#555"
            label = "Fortress" if fort == 2 else "Fort"
            size = 14.0 if fort == 2 else 11.0
            fx = bx + BLOCK_W / 2 - 9 - size / 2
            out.append(
                f'<g class="fort" data-place={quoteattr(name)}{mark}><title>{label}</title>'
                f'<rect x="{fmt(fx)}" y="{fmt(iy - size / 2)}" width="{fmt(size)}" '
                f'height="{fmt(size)}" fill="{col}" stroke="{INK}" '
                f'stroke-width="{"2" if fort == 2 else "1"}"/></g>'
            )
        f = land.get("force", -1)
        n = land.get("armies", 0)
        if isinstance(f, int) and 0 <= f < len(forces) and n:
            force = forces[f]
            col = _force_colour(force)
            kind = str(force.get("kind"))
            letter = KIND_LETTER.get(kind, "R")
            owner = force.get("owner", -1)
            who = seat_name(owner) if isinstance(owner, int) and 0 <= owner < 4 else kind
            nation = force.get("nation")
            if nation in PEOPLE_NAME:
                who = f"{PEOPLE_NAME[nation]}, {who}'s"
            cy = by + BLOCK_H / 2 - 11
            shape = (
                f'<rect x="{fmt(bx - 20)}" y="{fmt(cy - 10)}" width="40" height="20" rx="3" '
                f'fill="{col}" stroke="#fff" stroke-width="1.4"/>'
                if kind == "Faction"
                else f'<rect x="{fmt(bx - 20)}" y="{fmt(cy - 10)}" width="40" height="20" '
                f'rx="10" fill="{col}" stroke="#fff" stroke-width="1.4"/>'
            )
            out.append(
                f'<g class="army" data-place={quoteattr(name)} data-force="{f}"{mark}>'
                f"<title>{escape(f'{who} ({kind}): {n} {_plural(n)}')}</title>{shape}"
                + text_element(
                    bx,
                    cy + 4.6,
                    f"{letter}{n}",
                    TEXT,
                    text_anchor="middle",
                    font_weight="bold",
                    fill="#fff",
                    font_family="sans-serif",
                )
                + "</g>"
            )
    return out


# ---------------------------------------------------------------------------------------------
# the cards under the map


@dataclass
class Card:
    """One card under the map: its elements drawn from (0, 0), and its height."""

    name: str
    body: list[str] = field(default_factory=list)
    height: float = 0.0
    width: float = CARD_W


def _counter_name(emperor: bool, period: int, number: Any) -> str:
    if not isinstance(number, int) or number <= 0:
        return "?"
    try:
        if emperor:
            return CHARTS.emperor(period, number).name
        return CHARTS.people(period, number).name
    except Exception:  # an unknown counter is shown by number
        return f"#{number}"


def _players_of(obs: dict[str, Any], nseats: int) -> list[list[int]]:
    """The seats of each player: with two players, player 1 holds seats 1 and 3 (HRE-15.1)."""
    if obs.get("players") == 2 and nseats == 4:
        return [[0, 2], [1, 3]]
    return [[s] for s in range(nseats)]


def _totals(obs: dict[str, Any]) -> list[int]:
    fp = obs.get("faction_points", [])
    pp = obs.get("people_points", [])
    n = max(len(fp), len(pp))
    return [(fp[s] if s < len(fp) else 0) + (pp[s] if s < len(pp) else 0) for s in range(n)]


def _status(obs: dict[str, Any]) -> str:
    mover = obs.get("to_move")
    if obs.get("winners") or obs.get("stage") == "over":
        return "Game over"
    active = obs.get("active", -1)
    if isinstance(active, int) and 0 <= active < 4:
        return f"{seat_name(active)} to move"
    if isinstance(mover, int) and mover >= 0:
        return "Waiting for a decision"
    return "Rolling the dice"


def _die(x: float, y: float, value: int | None, label: str, size: float = 34.0) -> list[str]:
    """One die with its pips (``value`` 1-6), or a blank die with ``label`` in it."""
    out = [
        f'<rect x="{fmt(x)}" y="{fmt(y)}" width="{fmt(size)}" height="{fmt(size)}" rx="6" '
        f'fill="#fffdf5" stroke="{INK}" stroke-width="1.6"/>'
    ]
    pips = {
        1: [(0.5, 0.5)],
        2: [(0.25, 0.25), (0.75, 0.75)],
        3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
        4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
        5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
        6: [(0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)],
    }
    if value in pips:
        for px, py in pips[value]:
            out.append(
                f'<circle cx="{fmt(x + px * size)}" cy="{fmt(y + py * size)}" '
                f'r="{fmt(size * 0.09)}" fill="{INK}"/>'
            )
    else:
        out.append(
            _text(
                x + size / 2,
                y + size / 2 + 5,
                label,
                TEXT + 2,
                text_anchor="middle",
                font_weight="bold",
            )
        )
    return out


def _roll(obs: dict[str, Any], x: float, y: float) -> tuple[list[str], float]:
    """The last roll as dice: a total on one die face, or who won a round of battle."""
    roll = (obs.get("recent") or {}).get("roll")
    if not isinstance(roll, dict):
        return [], 0.0
    out = ['<g class="dice">']
    if roll.get("kind") == "dice":
        value = roll.get("value", 0)
        shown = value if isinstance(value, int) and 1 <= value <= 6 else None
        out += _die(x, y, shown, str(value))
        out.append(_text(x + 44, y + 15, f"Last roll: {value}", font_weight="bold"))
        out.append(_text(x + 44, y + 32, "(total of the dice)"))
    else:
        won = bool(roll.get("attacker_wins"))
        out += _die(x, y, None, "A")
        out += _die(x + 40, y, None, "D")
        winner_x = x if won else x + 40
        out.append(
            f'<rect x="{fmt(winner_x - 3)}" y="{fmt(y - 3)}" width="40" height="40" rx="8" '
            f'fill="none" stroke="{GOLD}" stroke-width="3"/>'
        )
        verdict = "attacker" if won else "defender"
        out.append(_text(x + 84, y + 15, f"Battle dice: {verdict}", font_weight="bold"))
        out.append(_text(x + 84, y + 32, "wins the round"))
        if roll.get("died"):
            out.append(_text(x, y + 52, "Triples: the general falls"))
            out.append("</g>")
            return out, 58.0
    out.append("</g>")
    return out, 42.0


def _turn_card(obs: dict[str, Any]) -> Card:
    card = Card("turn")
    b = card.body
    y = 24.0
    period = obs.get("period", 0)
    title = f"Period {period}"
    if isinstance(period, int) and 1 <= period <= len(BOARD.periods):
        title += " · " + BOARD.periods[period - 1].label
    for line in wrap(title, TEXT + 3, CARD_W - 24):
        b.append(_text(12, y, line, TEXT + 3, font_weight="bold", class_="period"))
        y += LINE + 2
    stage = str(obs.get("stage", ""))
    b.append(_text(12, y, f"Phase: {stage}", class_="phase"))
    y += LINE
    b.append(_text(12, y, _status(obs), font_weight="bold", class_="status"))
    y += LINE + 4
    dice, dh = _roll(obs, 12, y)
    if dice:
        b += dice
        y += dh + 6
    drawn = obs.get("drawn")
    if isinstance(drawn, int) and drawn > 0:
        b.append(_text(12, y, f"You drew counter {drawn}"))
        y += LINE
    used = obs.get("used_cards", [])
    if used and isinstance(used[-1], int) and 1 <= used[-1] <= len(DECK):
        c = DECK[used[-1] - 1]
        b.append(_text(12, y, "Last event played:"))
        y += LINE
        for line in wrap(f"{c.title} ({c.kind.replace('_', ' ')})", TEXT, CARD_W - 36):
            b.append(_text(24, y, line, class_="last-event"))
            y += LINE
    card.height = y
    return card


def _seat_card(obs: dict[str, Any], s: int, totals: list[int]) -> Card:
    card = Card(f"seat{s}")
    b = card.body
    period = obs.get("period", 0)
    mine = set(obs.get("seats", []))
    col = SEAT_COLOUR[s % 4]
    dead = obs.get("dead", [])
    label = (
        seat_name(s)
        + (" (you)" if s in mine else "")
        + (" — out" if s < len(dead) and dead[s] else "")
    )
    top = max([*totals, 1])
    fp = obs.get("faction_points", [])
    pp = obs.get("people_points", [])
    fv = fp[s] if s < len(fp) else 0
    pv = pp[s] if s < len(pp) else 0
    bar = (CARD_W - 24) * (totals[s] if s < len(totals) else 0) / top
    # The seat's name, bar and points are its place: where a counter is handed.
    b.append(
        f'<g data-place={quoteattr(seat_place(s))} class="seat">'
        f'<rect x="4" y="4" width="{fmt(CARD_W - 8)}" height="56" rx="4" fill="{PAPER}" '
        f'stroke="none"/>'
        f'<rect x="12" y="11" width="16" height="16" fill="{col}" stroke="#fff"/>'
        + _text(34, 25, label, TEXT + 2, font_weight="bold")
        + f'<rect x="12" y="33" width="{fmt(CARD_W - 24)}" height="8" fill="#e7dcc0"/>'
        f'<rect x="12" y="33" width="{fmt(bar)}" height="8" fill="{col}" class="vp"/>'
        + _text(12, 56, f"{totals[s] if s < len(totals) else 0} VP (Faction {fv}, People {pv})")
        + "</g>"
    )
    y = 56 + LINE + 2
    pc = obs.get("people_counters", [])
    ec = obs.get("emperor_counters", [])
    hpc = obs.get("has_people_counter", [])
    hec = obs.get("has_emperor_counter", [])
    for emperor, held, num in (
        (False, hpc, pc),
        (True, hec, ec),
    ):
        if s < len(held) and held[s]:
            n = num[s] if s < len(num) else None
            kind = "Emperor" if emperor else "People"
            what = _counter_name(emperor, period, n) if n is not None else "hidden"
            text = f"{kind} {n}: {what}" if n is not None else f"{kind}: hidden"
            b.append(_text(12, y, text, class_="counter"))
            y += LINE
    hands = obs.get("hands", [])
    hand = hands[s] if s < len(hands) else []
    sets = obs.get("hand_is_sets", [])
    if s < len(sets) and not sets[s]:
        b.append(_text(12, y, f"Hand ({len(hand)} cards):", font_weight="bold"))
        y += LINE
        for cid in hand:
            if isinstance(cid, int) and 1 <= cid <= len(DECK):
                c = DECK[cid - 1]
                lines = wrap(f"{c.title} ({c.kind.replace('_', ' ')}, set {c.set})", TEXT, 284)
                b.append(f'<g class="card" data-card="{cid}"><title>{escape(c.effect)}</title>')
                for k, line in enumerate(lines):
                    b.append(_text(24 if k == 0 else 34, y, line))
                    y += LINE
                b.append("</g>")
    else:
        sets_txt = ", ".join(str(k) for k in hand)
        b.append(_text(12, y, f"{len(hand)} cards (sets {sets_txt or '-'})"))
        y += LINE
    card.height = y
    return card


@cache
def _key_card() -> Card:
    card = Card("key")
    b = card.body
    b.append(_text(12, 24, "Key", TEXT + 2, font_weight="bold"))
    y = 44.0
    for k, area in enumerate(BOARD.areas):
        x = 12.0
        yy = y + k * LINE
        b.append(
            f'<g data-place={quoteattr(area_place(k))} class="area-key">'
            f'<rect x="{fmt(x)}" y="{fmt(yy - 11)}" width="13" height="13" '
            f'fill="{AREA_COLOUR.get(area.colour, "#ddd")}" stroke="{FRAME}"/>'
            + _text(x + 18, yy, area.name)
            + "</g>"
        )
    y += len(BOARD.areas) * LINE + 6
    rows = [
        (
            f'<line x1="12" y1="{fmt(y - 4)}" x2="40" y2="{fmt(y - 4)}" stroke="{DIFFICULT}" '
            'stroke-width="3.2" stroke-dasharray="5 3"/>',
            "difficult border",
        ),
        (
            f'<line x1="12" y1="{fmt(y + LINE - 4)}" x2="40" y2="{fmt(y + LINE - 4)}" '
            f'stroke="{STRAIT}" stroke-width="2.6" marker-end="url(#hotre-arrow)"/>',
            "strait",
        ),
        (
            f'<rect x="20" y="{fmt(y + 2 * LINE - 9)}" width="9" height="9" fill="{GOLD}" '
            f'stroke="{INK}" transform="rotate(45 24.5 {fmt(y + 2 * LINE - 4.5)})"/>',
            "Resource (City site)",
        ),
        (
            f'<rect x="18" y="{fmt(y + 3 * LINE - 9)}" width="12" height="9" fill="#fff7e0" '
            f'stroke="{INK}"/>',
            "City (grey: ruined)",
        ),
        (
            f'<rect x="18" y="{fmt(y + 4 * LINE - 11)}" width="11" height="11" fill="#555" '
            f'stroke="{INK}"/>',
            "Fort (large: Fortress)",
        ),
        (
            f'<path d="M12 {fmt(y + 5 * LINE - 4)}h28" stroke="{LAST}" stroke-width="4" '
            'stroke-dasharray="9 4"/>',
            "the last move",
        ),
    ]
    for k, (mark, label) in enumerate(rows):
        b.append(mark)
        b.append(_text(48, y + k * LINE, label))
    y += len(rows) * LINE + 4
    for line in (
        "Counters: square = Faction, round =",
        "People (P), Minor People (M),",
        "Kingdom (K), Rebels (R); number =",
        "armies; colour = the seat.",
    ):
        b.append(_text(12, y, line))
        y += LINE
    card.height = y
    return card


def _chart_card(obs: dict[str, Any]) -> Card:
    """The People chart: each period's five Peoples by counter number.

    Each name is the place of its People, so an event aimed at a People is chosen here.
    """
    card = Card("chart", width=1000.0)
    b = card.body
    b.append(_text(12, 24, "Peoples by period and counter", TEXT + 2, font_weight="bold"))
    now = obs.get("period", 0)
    col_w = (1000.0 - 24) / 4
    block = 6 * LINE + 12
    for period in range(1, len(BOARD.periods) + 1):
        x = 12 + ((period - 1) % 4) * col_w
        y = 48 + ((period - 1) // 4) * block
        if period == now:
            b.append(
                f'<rect x="{fmt(x - 6)}" y="{fmt(y - 16)}" width="{fmt(col_w - 6)}" '
                f'height="{fmt(block - 8)}" fill="none" stroke="{GOLD}" stroke-width="2.5" '
                'rx="4" class="period-now"/>'
            )
        b.append(_text(x, y, f"Period {period}", font_weight="bold"))
        for people in CHARTS.period_peoples(period):
            b.append(
                f'<g data-place={quoteattr(people_place(people.nation))} class="people">'
                f"<title>{escape(people.english)}</title>"
                + _text(x, y + LINE * people.number, f"{people.number} {people.name}")
                + "</g>"
            )
    card.height = CHART_H
    return card


def _winner_banner(obs: dict[str, Any], width: float) -> list[str]:
    winners = [w for w in obs.get("winners", []) if isinstance(w, int) and 0 <= w < 4]
    if not winners:
        return []
    totals = _totals(obs)
    nseats = len(totals)
    players = _players_of(obs, nseats)
    names = []
    best = 0
    for w in winners:
        seats = players[w] if w < len(players) else [w]
        names.append(" + ".join(seat_name(s) for s in seats))
        best = max(best, sum(totals[s] for s in seats if s < len(totals)))
    text = f"Winner: {' and '.join(names)} with {best} VP"
    box_w = text_width(text, 24, bold=True) + 48
    x = (width - box_w) / 2
    return [
        f'<g class="game-over"><rect x="{fmt(x)}" y="14" width="{fmt(box_w)}" height="64" rx="8" '
        f'fill="{PAPER}" fill-opacity="0.95" stroke="#8a1c1c" stroke-width="3"/>',
        _text(width / 2, 40, "Game over", TEXT + 1, text_anchor="middle", font_weight="bold"),
        _text(
            width / 2,
            66,
            text,
            24,
            text_anchor="middle",
            fill="#8a1c1c",
            font_weight="bold",
            class_="winners",
        ),
        "</g>",
    ]


def _layout(cards: list[Card], top: float) -> tuple[list[tuple[Card, float, float]], float]:
    """Desktop places of the cards: narrow cards in three columns, wide ones across below."""
    cols = [top, top, top]
    placed = []
    for card in cards:
        if card.width > CARD_W:
            continue
        k = cols.index(min(cols))
        placed.append((card, k * (CARD_W + GAP), cols[k]))
        cols[k] += card.height + GAP
    y = max(cols)
    for card in cards:
        if card.width > CARD_W:
            placed.append((card, 0.0, y))
            y += card.height + GAP
    return placed, y


SLOT_H: Final = (240.0, 440.0, 440.0, 440.0, 440.0, 400.0)
"""Height kept on a narrow screen (before ``PHONE`` scaling) for the turn card, up to four
seats' cards and the key, in that order."""


@cache
def narrow_style() -> str:
    """The board's own stylesheet: on a narrow screen, the cards one under the other.

    The cards are drawn ``PHONE`` times larger in fixed slots, the People chart under them at
    the map's width. The text is the same for every position, so a page that allows no inline
    style may allow this one by its hash (``style_hash``).
    """
    map_h = map_shapes().height
    top = map_h + GAP
    rules = []
    y = top
    for k, slot in enumerate(SLOT_H):
        x = (1000 - PHONE * CARD_W) / 2
        rules.append(
            f".hotre-board .hc-slot{k}{{transform:translate({fmt(x)}px,{fmt(y)}px) "
            f"scale({fmt(PHONE)})}}"
        )
        y += PHONE * slot + GAP
    rules.append(f".hotre-board .hc-chart{{transform:translate(0px,{fmt(y)}px)}}")
    total = y + CHART_H + GAP
    return (
        f"@media {NARROW}{{.board svg.hotre-board,svg.hotre-board{{min-width:0;"
        f"aspect-ratio:1000/{fmt(total)};height:auto}}" + "".join(rules) + "}"
    )


def style_hash() -> str:
    """The Content-Security-Policy source that allows ``narrow_style`` (``'sha256-...'``)."""
    digest = hashlib.sha256(narrow_style().encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def render_svg(observation: dict[str, Any]) -> str:
    """The whole picture for one observation, as a standalone SVG document."""
    shapes = map_shapes()
    map_w, map_h = shapes.width, shapes.height
    totals = _totals(observation)
    mine = observation.get("seats", [])
    order = sorted(range(len(totals)), key=lambda s: (s not in mine, s))
    cards = [
        _turn_card(observation),
        *(_seat_card(observation, s, totals) for s in order),
        _key_card(),
        _chart_card(observation),
    ]
    placed, height = _layout(cards, map_h + GAP)
    body = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {fmt(map_w)} {fmt(height)}" '
        f'class="hotre-board" preserveAspectRatio="xMidYMin meet" '
        f"font-family={quoteattr(SERIF)}>",
        f"<style>{narrow_style()}</style>",
        # The ground reaches as far as the cards go on a phone, under the picture's frame.
        f'<rect x="0" y="0" width="{fmt(map_w)}" height="{fmt(height * 9)}" fill="#efe6cf"/>',
        _static_map(bool(observation.get("optional_terrain", False))),
        *_pieces(observation),
        *_winner_banner(observation, map_w),
    ]
    slot = {card.name: k for k, card in enumerate(c for c in cards if c.width <= CARD_W)}
    for card, x, y in placed:
        where = f"hc-slot{slot[card.name]}" if card.name in slot else f"hc-{card.name}"
        body.append(
            f'<g class="hc {where}" data-card-of="{card.name}" '
            f'transform="translate({fmt(x)} {fmt(y)})">'
            f'<rect x="0" y="0" width="{fmt(card.width)}" height="{fmt(card.height)}" rx="6" '
            f'fill="{PAPER}" stroke="{FRAME}" stroke-width="1.5"/>'
        )
        body.extend(card.body)
        body.append("</g>")
    body.append("</svg>")
    return "".join(body)


def area_place(area: int) -> str:
    """The ``data-place`` of an Area: its key entry and the group of its lands."""
    return f"area:{BOARD.areas[area].name}"


def people_place(nation: str) -> str:
    """The ``data-place`` of a People (a nation key of the chart): its names on the chart."""
    return f"people:{nation}"


def seat_place(seat: int) -> str:
    """The ``data-place`` of a seat: its heading on its card."""
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
