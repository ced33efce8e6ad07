"""Forum's board picture: the whole SVG document of one observation."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from alea.core.svg import (
    fmt,
    quoteattr,
    rect,
)
from alea.games.forum.svg.board_map import (
    _legend_regions,
    _legend_types,
    _links,
    _markets,
    _names,
    _washes,
    _watermark,
)
from alea.games.forum.svg.families import _families, _turn_track
from alea.games.forum.svg.header import _banner, _header
from alea.games.forum.svg.labels import LEGENDS
from alea.games.forum.svg.ladders import _fate, _marriages, _money_ladder, _prestige
from alea.games.forum.svg.style import (
    FRAME,
    MAP_BOTTOM,
    MAP_LEFT,
    MAP_RIGHT,
    MAP_TOP,
    PANEL_W,
    PANEL_X,
    PAPER,
    SEA,
    SERIF,
    WIDTH,
)

COLUMN_GAP: Final = 24.0
"""Between the two columns of panels below the map."""
LEGEND_ROOM: Final = 560.0
"""Width kept beside the prestige ladder for the markets' legend."""
LEGEND_SCALE: Final = 1.6
"""The markets' legend is drawn at this size beside the prestige ladder."""
LEGEND_X, LEGEND_Y, _, _LEGEND_BOTTOM = LEGENDS[0]
LEGEND_H: Final = _LEGEND_BOTTOM - LEGEND_Y
"""The legend's top left corner and height as ``_legend_types`` draws it."""
REGIONS_SCALE: Final = 1.55
"""The regions' colour key, enlarged about its top right corner on the map."""

Part = Callable[[dict[str, Any], float], tuple[list[str], float]]


def _column(
    obs: dict[str, Any], parts: tuple[Part, ...], x: float, top: float, width: float
) -> tuple[list[str], float]:
    """Sections of the panel, drawn in their own 506-unit column, enlarged to ``width``.

    The column's top left corner goes to ``(x, top)``; returns it and where it ends.
    """
    k = width / PANEL_W
    y0 = 16.0
    y = y0
    body: list[str] = []
    for part in parts:
        drawn, y = part(obs, y)
        body.extend(drawn)
    transform = f"translate({fmt(x - k * PANEL_X)},{fmt(top - k * y0)}) scale({k:.5f})"
    return [f'<g class="panel" transform="{transform}">', *body, "</g>"], top + k * (y - y0)


# -- the whole picture -------------------------------------------------------------------------


def render_svg(observation: dict[str, Any]) -> str:
    """The board, its pieces and the players' panels as a standalone SVG document.

    Args:
        observation: what ``ForumState.observation(p)`` returns, for a seat or ``None``.

    Returns:
        An SVG document with a ``viewBox``; the same observation always gives the same text.

    """
    obs = observation
    top = MAP_BOTTOM + 20.0
    half = (MAP_RIGHT - MAP_LEFT - COLUMN_GAP) / 2
    panel, left = _column(obs, (_turn_track, _families), MAP_LEFT, top, half)
    drawn, right = _column(
        obs, (_money_ladder, _marriages, _fate), MAP_LEFT + half + COLUMN_GAP, top, half
    )
    panel += drawn
    wide = min(MAP_RIGHT - MAP_LEFT - LEGEND_ROOM, PANEL_W * 2.0)
    drawn, bottom = _column(obs, (_prestige,), MAP_LEFT, max(left, right) + 10, wide)
    panel += drawn
    legend_top = max(left, right) + 24
    panel.append(
        f'<g class="legend-key" transform="translate({fmt(MAP_LEFT + wide + 40)},'
        f"{fmt(legend_top)}) scale({LEGEND_SCALE:.5f}) translate({fmt(-LEGEND_X)},"
        f'{fmt(-LEGEND_Y)})">'
    )
    panel += _legend_types()
    panel.append("</g>")
    height = max(bottom, legend_top + LEGEND_SCALE * LEGEND_H) + 16
    w, h = fmt(float(WIDTH)), fmt(height)
    body = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}" font-family={quoteattr(SERIF)}>'
        ),
        "<title>Forum: Trade Empires of Rome</title>",
        rect(0.0, 0.0, float(WIDTH), height, fill=PAPER),
        *_header(obs),
        '<g class="map">',
        rect(
            float(MAP_LEFT),
            float(MAP_TOP),
            float(MAP_RIGHT - MAP_LEFT),
            float(MAP_BOTTOM - MAP_TOP),
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
        (
            f'<g transform="translate({fmt(LEGENDS[1][2])},{fmt(LEGENDS[1][1])}) '
            f'scale({REGIONS_SCALE:.5f}) translate({fmt(-LEGENDS[1][2])},{fmt(-LEGENDS[1][1])})">'
        ),
        *_legend_regions(),
        "</g>",
        "</g>",
        *_banner(obs),
        *panel,
        "</svg>",
    ]
    return "\n".join(body) + "\n"
