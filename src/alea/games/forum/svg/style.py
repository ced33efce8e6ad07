"""Forum's board picture: the palette, the geometry and small helpers shared by its parts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from alea.core.svg import text_element
from alea.games.forum.board import BOARD, MarketType

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

WIDTH: Final = 1568
"""The picture's width: the map's; the families and ladders are drawn below it."""
HEADER: Final = 64
MAP_LEFT: Final = 16
MAP_TOP: Final = HEADER + 14
MAP_RIGHT: Final = 1552
MAP_BOTTOM: Final = 1196
DX: Final = -155
"""Board points to picture units: ``x + DX``, ``y + DY`` (one board point is one unit)."""
DY: Final = 80
PANEL_X: Final = 1568
"""The panels' sections are drawn in a 506-unit column at ``PANEL_X`` and placed, enlarged,
below the map (``picture.py``)."""
PANEL_W: Final = 506

NAME_SIZE: Final = 17.8
"""Market names: at a 1366-pixel window the picture shows at about 0.65, so 11 pixels."""
PROFIT_SIZE: Final = 17.6
WASH_RADIUS: Final = 50.0
HORREUM_W: Final = 11.0
HORREUM_GAP: Final = 3.0
PAWN_W: Final = 10.0
PAWN_SCALE: Final = 1.3


def bold_text(x: float, y: float, body: str, size: float, fill: str, **attrs: object) -> str:
    """A bold ``<text>`` in ``fill``: the figures, names and titles of the picture."""
    return text_element(x, y, body, size, fill=fill, font_weight="bold", **attrs)


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
