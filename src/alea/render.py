"""Pictures of positions: each game's SVG renderer, looked up by game name.

A renderer takes ``state.observation(p)`` and returns a standalone SVG document, so the web
client, replays, reports and ``alea render`` all draw a position the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from alea.core.errors import AleaError
from alea.games.triumvirate.svg import render_svg as _triumvirate_svg

SvgRenderer = Callable[[dict[str, Any]], str]
"""``render(observation) -> svg``."""

_RENDERERS: Final[dict[str, SvgRenderer]] = {}


class NoRendererError(AleaError):
    """The game has no picture renderer."""


def register_svg(game: str, render: SvgRenderer) -> None:
    """Use ``render`` to draw positions of ``game``."""
    _RENDERERS[game] = render


def svg_renderer(game: str) -> SvgRenderer:
    """The SVG renderer of ``game``; ``NoRendererError`` if it has none."""
    try:
        return _RENDERERS[game]
    except KeyError:
        known = ", ".join(sorted(_RENDERERS)) or "none"
        raise NoRendererError(
            f"{game} has no board picture yet (games with one: {known})"
        ) from None


def render_observation(game: str, observation: dict[str, Any]) -> str:
    """The SVG of ``observation``, a position of ``game``."""
    return svg_renderer(game)(observation)


register_svg("triumvirate", _triumvirate_svg)
