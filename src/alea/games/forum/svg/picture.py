"""Forum's board picture: the whole SVG document of one observation."""

from __future__ import annotations

from typing import Any

from alea.core.svg import (
    element,
    fmt,
    quoteattr,
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
from alea.games.forum.svg.ladders import _fate, _marriages, _money_ladder, _prestige
from alea.games.forum.svg.style import (
    FRAME,
    MAP_BOTTOM,
    MAP_LEFT,
    MAP_RIGHT,
    MAP_TOP,
    PAPER,
    SEA,
    SERIF,
    WIDTH,
)

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
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}" font-family={quoteattr(SERIF)}>'
        ),
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
