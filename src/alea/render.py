"""Pictures of positions: each game's SVG renderer, looked up by game name.

A renderer takes ``state.observation(p)`` and returns a standalone SVG document, so the web
client, replays, reports and ``alea render`` all draw a position the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import Any, Final

from alea.core.errors import AleaError, IllegalActionError
from alea.core.game import Action, State
from alea.games.forum import hints as _forum_hints
from alea.games.forum.actions import place_of as _forum_place
from alea.games.forum.svg import render_svg as _forum_svg
from alea.games.hotre import hints as _hotre_hints
from alea.games.hotre.svg import place_of as _hotre_place
from alea.games.hotre.svg import render_svg as _hotre_svg
from alea.games.triumvirate import hints as _triumvirate_hints
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


_STYLES: Final[dict[str, str]] = {}


def register_style_source(game: str, source: str) -> None:
    """Allow the fixed stylesheet ``game``'s board carries, by its CSP source (``'sha256-…'``).

    Pages are served with ``style-src 'self'``: a board that needs a ``<style>`` of its own
    (say, to stack its panels on a phone) names it here, and the server allows that one.
    """
    _STYLES[game] = source


def style_sources() -> tuple[str, ...]:
    """The CSP sources of every registered board stylesheet, in registration order."""
    return tuple(_STYLES.values())


def register_places(game: str, place_of: Callable[[Action], str | None]) -> None:
    """Tell clickable boards where each action of ``game`` happens (``data-place`` keys)."""
    _PLACES[game] = place_of


def action_place(game: str, action: Action) -> str | None:
    """The ``data-place`` of the board element that chooses ``action``, if it has one."""
    place_of = _PLACES.get(game)
    return None if place_of is None else place_of(action)


def _no_place(_action: Action) -> str | None:
    return None


def _no_dice(_action: Action) -> dict[str, Any] | None:
    return None


def _no_attempts(
    _obs: dict[str, Any], _seat: int, _place: str, _source: str | None
) -> list[Action]:
    return []


def _no_panel(_obs: dict[str, Any], _seat: int) -> Sequence[tuple[str, ...]]:
    return []


def _no_hint(_obs: dict[str, Any]) -> str | None:
    return None


def _same_name(place: str) -> str:
    return place


@dataclass(frozen=True)
class BoardHints:
    """What a game tells the play page beyond its picture.

    Attributes:
        source_of: where an action starts (a move's origin), as a ``data-place`` key.
        dice_of: the dice a chance outcome shows: ``{"dice": [...], "sides": n, "text": ...}``
            (``sides`` 0: each value is the total of several dice).
        attempts: ``(observation, seat, place, source)`` -> actions a click on ``place`` might
            have meant (``source``: a place picked before), tried to learn why none is legal.
        panel: ``(observation, seat)`` -> the seat's own figures as (label, value), or
            (label, value, detail) where a line of small print follows the value.
        hint: ``observation`` -> one line on what the current phase is for.
        place_name: a ``data-place`` key as a player reads it.

    """

    source_of: Callable[[Action], str | None] = _no_place
    dice_of: Callable[[Action], dict[str, Any] | None] = _no_dice
    attempts: Callable[[dict[str, Any], int, str, str | None], list[Action]] = _no_attempts
    panel: Callable[[dict[str, Any], int], Sequence[tuple[str, ...]]] = _no_panel
    hint: Callable[[dict[str, Any]], str | None] = _no_hint
    place_name: Callable[[str], str] = _same_name


_HINTS: Final[dict[str, BoardHints]] = {}
LAST_MOVE_REACH: Final = 40
"""Actions looked back through for the last move's places and the latest dice."""


def register_hints(game: str, hints: BoardHints) -> None:
    """Tell the play page what ``game`` shows beside its board."""
    _HINTS[game] = hints


def hints_from(module: Any) -> BoardHints:
    """The hints a game's module gives: each field of ``BoardHints`` it defines, by name."""
    return BoardHints(
        **{f.name: getattr(module, f.name) for f in fields(BoardHints) if hasattr(module, f.name)}
    )


def board_hints(game: str) -> BoardHints:
    """The hints of ``game`` (a game without any gets ones that say nothing)."""
    return _HINTS.get(game, BoardHints())


def last_move_places(game: str, history: Sequence[Action]) -> list[str]:
    """The places of the last move: its trailing run of actions that have a place.

    Decisions and rolls with no place after it (ending a movement, the battle's dice) are
    passed over; the run stops at the first decision before it that has no place, so a turn's
    several troop steps are marked together, each origin with its destination.
    """
    hints = board_hints(game)
    found: list[str] = []
    started = False
    for action in list(history[-LAST_MOVE_REACH:])[::-1]:
        here = [p for p in (action_place(game, action), hints.source_of(action)) if p]
        if here:
            started = True
            found += [p for p in here if p not in found]
        elif started and hints.dice_of(action) is None:
            break
    return found


def latest_dice(game: str, history: Sequence[Action]) -> dict[str, Any] | None:
    """The dice of the latest roll among the last actions, with how many moves ago it was."""
    hints = board_hints(game)
    recent = list(history[-LAST_MOVE_REACH:])
    for ago, action in enumerate(recent[::-1]):
        dice = hints.dice_of(action)
        if dice is not None:
            return {**dice, "ago": ago}
    return None


def why_not(
    game: str, state: State, seat: int, place: str, source: str | None
) -> IllegalActionError:
    """Why ``seat`` can do nothing at ``place`` now, as the rules' own refusal.

    Each action the click might have meant is tried on a copy of ``state``; the first refusal
    is the answer. Should none be refused or none be tried, the answer says what to do instead.
    """
    obs = state.observation(seat)
    for action in board_hints(game).attempts(obs, seat, place, source):
        try:
            state.clone().apply_action(action)
        except IllegalActionError as exc:
            return exc
        except (AleaError, ValueError, IndexError, KeyError):
            continue
    hint = board_hints(game).hint(obs)
    where = board_hints(game).place_name(place)
    return IllegalActionError(
        f"nothing can be done at {where} now" + (f": {hint[0].lower()}{hint[1:]}" if hint else ""),
        "",
    )


register_svg("triumvirate", _triumvirate_svg)
register_svg("forum", _forum_svg)
register_places("triumvirate", _triumvirate_place)
register_places("forum", _forum_place)
register_svg("hotre", _hotre_svg)
register_places("hotre", _hotre_place)
register_hints("triumvirate", hints_from(_triumvirate_hints))
register_hints("forum", hints_from(_forum_hints))
register_hints("hotre", hints_from(_hotre_hints))
