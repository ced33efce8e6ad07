"""Pictures of positions: each game's SVG renderer, looked up by game name.

A renderer takes ``state.observation(p)`` and returns a standalone SVG document, so the web
client, replays, reports and ``alea render`` all draw a position the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from alea.core.errors import AleaError
from alea.core.game import Action
from alea.games.forum.actions import place_of as _forum_place
from alea.games.forum.svg import render_svg as _forum_svg
from alea.games.hotre.svg import place_of as _hotre_place
from alea.games.hotre.svg import render_svg as _hotre_svg
from alea.games.triumvirate.actions import place_of as _triumvirate_place
from alea.games.triumvirate.svg import render_svg as _triumvirate_svg

SvgRenderer = Callable[[dict[str, Any]], str]
"""``render(observation) -> svg``."""

_RENDERERS: Final[dict[str, SvgRenderer]] = {}
_PLACES: Final[dict[str, Callable[[Action], str | None]]] = {}


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


def register_places(game: str, place_of: Callable[[Action], str | None]) -> None:
    """Tell clickable boards where each action of ``game`` happens (``data-place`` keys)."""
    _PLACES[game] = place_of


def action_place(game: str, action: Action) -> str | None:
    """The ``data-place`` of the board element that chooses ``action``, if it has one."""
    place_of = _PLACES.get(game)
    return None if place_of is None else place_of(action)


register_svg("triumvirate", _triumvirate_svg)
register_svg("forum", _forum_svg)
register_places("triumvirate", _triumvirate_place)
register_places("forum", _forum_place)
register_svg("hotre", _hotre_svg)
register_places("hotre", _hotre_place)
