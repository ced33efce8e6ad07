"""The cards under the History of the Roman Empire map: turn, seats, key and People chart.

The turn card holds the period, the phase, who moves, the last roll drawn as dice and the last
event; each seat has a card with its points, its counters where known and, for the viewer, its
hand; the key explains the marks and names the Areas; the People chart is clickable. The play
page lists the viewer's own figures and hand beside the picture as well (``hints.panel``), so a
phone reads them without zooming into the picture.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any, Final

from alea.core.svg import FRAME, GOLD, PAPER, escape, fmt, quoteattr, text_width, wrap
from alea.games.hotre.board import BOARD
from alea.games.hotre.cards import DECK
from alea.games.hotre.charts import CHARTS
from alea.games.hotre.svg_parts import (
    AREA_COLOUR,
    COLOUR,
    LINE,
    SEAT_COLOUR,
    TEXT,
    area_place,
    ink_text,
    people_place,
    seat_name,
    seat_place,
)

CARD_W: Final = 320.0
GAP: Final = 20.0
CHART_H: Final = 48 + 2 * (6 * LINE + 12) - 10
"""Height of the People chart card."""


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


def seat_totals(obs: dict[str, Any]) -> list[int]:
    """Each seat's Victory Points: its Faction's and its People's together."""
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
        f'fill="#fffdf5" stroke="{COLOUR.ink}" stroke-width="1.6"/>'
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
                f'r="{fmt(size * 0.09)}" fill="{COLOUR.ink}"/>'
            )
    else:
        out.append(
            ink_text(
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
        out.append(ink_text(x + 44, y + 15, f"Last roll: {value}", font_weight="bold"))
        out.append(ink_text(x + 44, y + 32, "(total of the dice)"))
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
        out.append(ink_text(x + 84, y + 15, f"Battle dice: {verdict}", font_weight="bold"))
        out.append(ink_text(x + 84, y + 32, "wins the round"))
        if roll.get("died"):
            out.append(ink_text(x, y + 52, "Triples: the general falls"))
            out.append("</g>")
            return out, 58.0
    out.append("</g>")
    return out, 42.0


def turn_card(obs: dict[str, Any]) -> Card:
    """The period, the phase, who moves, the last roll and the last event played."""
    card = Card("turn")
    b = card.body
    y = 24.0
    period = obs.get("period", 0)
    title = f"Period {period}"
    if isinstance(period, int) and 1 <= period <= len(BOARD.periods):
        title += " · " + BOARD.periods[period - 1].label
    for line in wrap(title, TEXT + 3, CARD_W - 24):
        b.append(ink_text(12, y, line, TEXT + 3, font_weight="bold", class_="period"))
        y += LINE + 2
    stage = str(obs.get("stage", ""))
    b.append(ink_text(12, y, f"Phase: {stage}", class_="phase"))
    y += LINE
    b.append(ink_text(12, y, _status(obs), font_weight="bold", class_="status"))
    y += LINE + 4
    dice, dh = _roll(obs, 12, y)
    if dice:
        b += dice
        y += dh + 6
    drawn = obs.get("drawn")
    if isinstance(drawn, int) and drawn > 0:
        b.append(ink_text(12, y, f"You drew counter {drawn}"))
        y += LINE
    used = obs.get("used_cards", [])
    if used and isinstance(used[-1], int) and 1 <= used[-1] <= len(DECK):
        c = DECK[used[-1] - 1]
        b.append(ink_text(12, y, "Last event played:"))
        y += LINE
        for line in wrap(f"{c.title} ({c.kind.replace('_', ' ')})", TEXT, CARD_W - 36):
            b.append(ink_text(24, y, line, class_="last-event"))
            y += LINE
    card.height = y
    return card


def seat_card(obs: dict[str, Any], s: int, totals: list[int]) -> Card:
    """Seat ``s``: its points, its counters where known, its hand or the sets of its cards."""
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
        + ink_text(34, 25, label, TEXT + 2, font_weight="bold")
        + f'<rect x="12" y="33" width="{fmt(CARD_W - 24)}" height="8" fill="#e7dcc0"/>'
        f'<rect x="12" y="33" width="{fmt(bar)}" height="8" fill="{col}" class="vp"/>'
        + ink_text(12, 56, f"{totals[s] if s < len(totals) else 0} VP (Faction {fv}, People {pv})")
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
            b.append(ink_text(12, y, text, class_="counter"))
            y += LINE
    hands = obs.get("hands", [])
    hand = hands[s] if s < len(hands) else []
    sets = obs.get("hand_is_sets", [])
    if s < len(sets) and not sets[s]:
        b.append(ink_text(12, y, f"Hand ({len(hand)} cards):", font_weight="bold"))
        y += LINE
        for cid in hand:
            if isinstance(cid, int) and 1 <= cid <= len(DECK):
                c = DECK[cid - 1]
                lines = wrap(f"{c.title} ({c.kind.replace('_', ' ')}, set {c.set})", TEXT, 284)
                b.append(f'<g class="card" data-card="{cid}"><title>{escape(c.effect)}</title>')
                for k, line in enumerate(lines):
                    b.append(ink_text(24 if k == 0 else 34, y, line))
                    y += LINE
                b.append("</g>")
    else:
        sets_txt = ", ".join(str(k) for k in hand)
        b.append(ink_text(12, y, f"{len(hand)} cards (sets {sets_txt or '-'})"))
        y += LINE
    card.height = y
    return card


@cache
def key_card() -> Card:
    """What the colours and marks of the map mean; each Area's entry is its place."""
    card = Card("key")
    b = card.body
    b.append(ink_text(12, 24, "Key", TEXT + 2, font_weight="bold"))
    y = 44.0
    for k, area in enumerate(BOARD.areas):
        x = 12.0
        yy = y + k * LINE
        b.append(
            f'<g data-place={quoteattr(area_place(k))} class="area-key">'
            f'<rect x="{fmt(x)}" y="{fmt(yy - 11)}" width="13" height="13" '
            f'fill="{AREA_COLOUR.get(area.colour, "#ddd")}" stroke="{FRAME}"/>'
            + ink_text(x + 18, yy, area.name)
            + "</g>"
        )
    y += len(BOARD.areas) * LINE + 6
    rows = [
        (
            f'<line x1="12" y1="{fmt(y - 4)}" x2="40" y2="{fmt(y - 4)}" '
            f'stroke="{COLOUR.difficult}" stroke-width="3.2" stroke-dasharray="5 3"/>',
            "difficult border",
        ),
        (
            f'<line x1="12" y1="{fmt(y + LINE - 4)}" x2="40" y2="{fmt(y + LINE - 4)}" '
            f'stroke="{COLOUR.strait}" stroke-width="2.6" marker-end="url(#hotre-arrow)"/>',
            "strait",
        ),
        (
            f'<rect x="20" y="{fmt(y + 2 * LINE - 9)}" width="9" height="9" fill="{GOLD}" '
            f'stroke="{COLOUR.ink}" transform="rotate(45 24.5 {fmt(y + 2 * LINE - 4.5)})"/>',
            "Resource (City site)",
        ),
        (
            f'<rect x="18" y="{fmt(y + 3 * LINE - 9)}" width="12" height="9" fill="#fff7e0" '
            f'stroke="{COLOUR.ink}"/>',
            "City (grey: ruined)",
        ),
        (
            f'<rect x="18" y="{fmt(y + 4 * LINE - 11)}" width="11" height="11" fill="#555" '
            f'stroke="{COLOUR.ink}"/>',
            "Fort (large: Fortress)",
        ),
        (
            f'<path d="M12 {fmt(y + 5 * LINE - 4)}h28" stroke="{COLOUR.last}" stroke-width="4" '
            'stroke-dasharray="9 4"/>',
            "the last move",
        ),
    ]
    for k, (mark, label) in enumerate(rows):
        b.append(mark)
        b.append(ink_text(48, y + k * LINE, label))
    y += len(rows) * LINE + 4
    for line in (
        "Counters: square = Faction, round =",
        "People (P), Minor People (M),",
        "Kingdom (K), Rebels (R); number =",
        "armies; colour = the seat.",
    ):
        b.append(ink_text(12, y, line))
        y += LINE
    card.height = y
    return card


def chart_card(obs: dict[str, Any]) -> Card:
    """The People chart: each period's five Peoples by counter number.

    Each name is the place of its People, so an event aimed at a People is chosen here.
    """
    card = Card("chart", width=1000.0)
    b = card.body
    b.append(ink_text(12, 24, "Peoples by period and counter", TEXT + 2, font_weight="bold"))
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
        b.append(ink_text(x, y, f"Period {period}", font_weight="bold"))
        for people in CHARTS.period_peoples(period):
            b.append(
                f'<g data-place={quoteattr(people_place(people.nation))} class="people">'
                f"<title>{escape(people.english)}</title>"
                + ink_text(x, y + LINE * people.number, f"{people.number} {people.name}")
                + "</g>"
            )
    card.height = CHART_H
    return card


def winner_banner(obs: dict[str, Any], width: float) -> list[str]:
    """The game-over banner over the map, naming the winners by their seats."""
    winners = [w for w in obs.get("winners", []) if isinstance(w, int) and 0 <= w < 4]
    if not winners:
        return []
    totals = seat_totals(obs)
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
        ink_text(width / 2, 40, "Game over", TEXT + 1, text_anchor="middle", font_weight="bold"),
        ink_text(
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


def layout(cards: list[Card], top: float) -> tuple[list[tuple[Card, float, float]], float]:
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
