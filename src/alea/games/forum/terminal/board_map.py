"""Forum in a terminal: the schematic map of the trade network and its legend."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from alea.games.forum.board import BOARD
from alea.games.forum.terminal.names import (
    ATTACK_STYLE,
    EMPTY_STYLE,
    INDEX,
    LINK,
    LINK_STYLE,
    MAP_HEIGHT,
    MAP_WIDTH,
    REGION_STYLE,
    REGION_TEXT,
    ROME,
    ROME_STYLE,
    SEAT_LETTER,
    SHARED_STYLE,
    _style,
    code,
)

# -- the map ----------------------------------------------------------------------------------


def _label(m: int) -> str:
    return "Rome" if m == ROME else code(m)


def _layout() -> tuple[tuple[tuple[int, int], ...], tuple[tuple[str, ...], ...]]:
    """Each market's (column, row) on the map, and the style of each map cell's link dot.

    A link inside a region is drawn in the region's colour, one between regions (or from
    Rome) in grey; cells without a link have no style.
    """
    xs = [m.xy[0] for m in BOARD.markets]
    ys = [m.xy[1] for m in BOARD.markets]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    widest = max(len(_label(m)) for m in range(len(BOARD.markets)))
    span_x = MAP_WIDTH - widest - 6  # room for agents after the easternmost code
    places = tuple(
        (
            round((m.xy[0] - x0) / (x1 - x0) * span_x) + 1,
            round((m.xy[1] - y0) / (y1 - y0) * (MAP_HEIGHT - 1)),
        )
        for m in BOARD.markets
    )
    grid = [[""] * MAP_WIDTH for _ in range(MAP_HEIGHT)]
    for a, b in BOARD.links:
        (ca, ra), (cb, rb) = places[a], places[b]
        ca, cb = ca + 1, cb + 1  # from the middle of each code
        ra_, rb_ = BOARD.markets[a].region, BOARD.markets[b].region
        style = REGION_STYLE.get(ra_ or "", LINK_STYLE) if ra_ == rb_ else LINK_STYLE
        steps = max(abs(ca - cb), abs(ra - rb))
        for k in range(1, steps):
            grid[round(ra + (rb - ra) * k / steps)][round(ca + (cb - ca) * k / steps)] = style
    return places, tuple(tuple(row) for row in grid)


PLACES, _LINKS = _layout()


def _owner_style(m: int, owners: Sequence[int]) -> str:
    if not owners:
        return ROME_STYLE if m == ROME else EMPTY_STYLE
    if len(owners) == 1:
        return f"bold {_style(owners[0])}"
    return SHARED_STYLE


def map_text(obs: dict[str, Any]) -> Text:
    """The network as coloured text: codes where the board prints markets, dotted links."""
    chars = [[LINK if st else " " for st in row] for row in _LINKS]
    styles = [list(row) for row in _LINKS]
    taken = [[False] * MAP_WIDTH for _ in range(MAP_HEIGHT)]
    markets = obs.get("markets", [])
    pending = obs.get("pending")
    attacked = INDEX.get(str(pending.get("market"))) if isinstance(pending, dict) else None
    for m, (c, r) in enumerate(PLACES):
        for k in range(len(_label(m))):
            taken[r][c + k] = True
    for m, (c, r) in enumerate(PLACES):
        info = markets[m] if m < len(markets) else {"horrea": [], "agents": []}
        owners = [int(q) for q in info.get("horrea", [])]
        style = ATTACK_STYLE if m == attacked else _owner_style(m, owners)
        label = _label(m)
        for k, ch in enumerate(label):
            chars[r][c + k] = ch
            styles[r][c + k] = style
        col = c + len(label)
        marks = [(SEAT_LETTER[q].lower(), f"bold {_style(q)}") for q in owners]
        marks += [(SEAT_LETTER[int(q)], f"bold reverse {_style(int(q))}") for q in info["agents"]]
        for ch, st in marks:
            if col >= MAP_WIDTH or taken[r][col]:
                break
            chars[r][col] = ch
            styles[r][col] = st
            taken[r][col] = True
            col += 1
    out = Text(no_wrap=True, overflow="crop")
    for r in range(MAP_HEIGHT):
        if r:
            out.append("\n")
        for ch, st in zip(chars[r], styles[r], strict=True):
            out.append(ch, style=st)
    out.rstrip()
    return out


def legend(n: int) -> Text:
    """Two lines explaining the map's marks and the colours of the regions."""
    t = Text(no_wrap=True, overflow="ellipsis")
    t.append(" horreum ")
    for q in range(n):
        t.append(SEAT_LETTER[q].lower(), style=f"bold {_style(q)}")
        t.append(" ")
    t.append(" agent ")
    for q in range(n):
        t.append(SEAT_LETTER[q], style=f"bold reverse {_style(q)}")
        t.append(" ")
    t.append(" e.g. ")
    t.append("Lug", style=f"bold {_style(0)}")
    t.append("a", style=f"bold {_style(0)}")
    t.append("C", style=f"bold reverse {_style(1)}")
    t.append("  several: ")
    t.append("Lug", style=SHARED_STYLE)
    t.append("\n links ")
    for region, name in REGION_TEXT.items():
        t.append(name, style=f"bold {REGION_STYLE[region]}")
        t.append(" ")
    t.append("····", style=LINK_STYLE)
    t.append("mixed")
    return t
