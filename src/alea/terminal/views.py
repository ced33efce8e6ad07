"""How each game looks in the terminal: a registry of per-game views, with a plain fallback.

A view's ``render(state, console, seat)`` draws the position as ``seat`` sees it (``None``: a
spectator). Games never import this module; their terminal modules are registered from here.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any, NamedTuple, Protocol

from rich.console import Console
from rich.markup import escape

from alea.core.game import Action, Game, State

Renderer = Callable[[State, Console, int | None], None]
"""Draws a position: ``render(state, console, viewer_seat)``."""


class LogNote(Protocol):
    """One line of a game's log, as a game's narrator produces it.

    Consecutive notes of one bot that share a ``group`` may be merged into a single line,
    ``header`` followed by each note's ``item``. A ``rule`` note is drawn as a divider.
    """

    @property
    def text(self) -> str: ...  # noqa: D102
    @property
    def group(self) -> str | None: ...  # noqa: D102
    @property
    def header(self) -> str: ...  # noqa: D102
    @property
    def item(self) -> str: ...  # noqa: D102
    @property
    def rule(self) -> bool: ...  # noqa: D102


Narrator = Callable[[dict[str, Any], Action, str, dict[str, Any]], Sequence[LogNote]]
"""``narrate(observation_before, action, action_text, observation_after)`` -> log notes."""


ChoiceRows = Callable[
    [State, Sequence[Action], Sequence[int]], list[tuple[str, list[tuple[int, str]]]]
]
"""``choice_rows(state, actions, indices)`` -> rows of (label, [(index, markup text)])."""


class Note(NamedTuple):
    """A plain log note (rich markup in ``text``)."""

    text: str
    group: str | None = None
    header: str = ""
    item: str = ""
    rule: bool = False


@dataclass(frozen=True)
class GameView:
    """Everything the terminal front end knows about drawing and explaining one game.

    Attributes:
        render: draws the position for a seat.
        guide: a short how-to-play text (rich markup) shown by ``help``.
        narrate: turns an action into log lines; ``None`` logs the action's text.
        find_place: the place a player typed (a hex name or ``col,row``, a market), or ``None``.
        destination: where an action ends, comparable with ``find_place``'s answer.
        choice_rows: groups the numbered choices into labelled rows of (index, markup text);
            ``None`` lists every choice by its text.
        private: shows what only the seat may read in full (a hand of cards), on request.
        guide_for: the guide for a game's options (its costs and dice), when they matter;
            ``None`` shows ``guide`` as it is.
        brief: for a decision that carries on the seat's last one (the next troop of a move),
            one line to show instead of redrawing the whole board; ``None`` to redraw.
        command: the game's own commands (a page of its map, one card of a hand):
            ``command(state, console, seat, text)`` shows the page ``text`` asks for and returns
            ``True``, or returns ``False`` so the text is tried as a place.
        commands: the game's commands as (command, what it shows), for ``help``.

    """

    render: Renderer
    guide: str = ""
    narrate: Narrator | None = None
    find_place: Callable[[str], object | None] | None = None
    destination: Callable[[Action], object | None] | None = None
    choice_rows: ChoiceRows | None = None
    guide_for: Callable[[dict[str, Any]], str] | None = None
    private: Callable[[State, Console, int], None] | None = None
    brief: Callable[[State, int], str | None] | None = None
    command: Callable[[State, Console, int, str], bool] | None = None
    commands: tuple[tuple[str, str], ...] = ()

    def guide_text(self, options: dict[str, Any]) -> str:
        """The how-to-play text for a game played with ``options``."""
        return self.guide_for(options) if self.guide_for is not None else self.guide


def render_observation(state: State, console: Console, seat: int | None = None) -> None:
    """Fallback renderer: the seat's observation, one compact JSON line per entry."""
    obs = state.observation(seat)
    for key, value in obs.items():
        text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
        if len(text) > 400:
            text = text[:397] + "..."
        console.print(f"[bold]{escape(str(key))}[/bold] {escape(text)}", overflow="fold")


FALLBACK = GameView(render=render_observation)

_VIEWS: dict[str, GameView] = {}


def register_view(game: str, view: GameView) -> None:
    """Use ``view`` to show ``game`` in the terminal."""
    _VIEWS[game] = view


def register_renderer(game: str, render: Renderer) -> None:
    """Use ``render`` to draw ``game`` (a view with nothing but a renderer)."""
    register_view(game, GameView(render=render))


def view_for(game: str) -> GameView:
    """The registered view of ``game``, or the plain fallback."""
    return _VIEWS.get(game, FALLBACK)


def renderer_for(game: str) -> Renderer:
    """The renderer of ``game``: ``render(state, console, viewer_seat)``."""
    return view_for(game).render


def rules_text(game: Game) -> str | None:
    """The game's ``RULES.md`` from its package, or ``None`` if it ships none."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        return resources.files(package).joinpath("RULES.md").read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
        return None


def view_of(module: Any) -> GameView:
    """The view a game's terminal module describes with the usual names."""
    return GameView(
        render=module.render,
        guide=module.GUIDE,
        narrate=module.narrate,
        find_place=module.find_place,
        destination=module.destination,
        choice_rows=module.choice_rows,
        guide_for=getattr(module, "guide", None),
        private=getattr(module, "private", None),
        brief=getattr(module, "brief", None),
        command=getattr(module, "command", None),
        commands=tuple(getattr(module, "COMMANDS", ())),
    )


def _register_builtin() -> None:
    from alea.games.forum import terminal as forum
    from alea.games.hotre import terminal as hotre
    from alea.games.triumvirate import terminal as triumvirate

    for name, module in (("triumvirate", triumvirate), ("forum", forum), ("hotre", hotre)):
        register_view(name, view_of(module))


_register_builtin()
