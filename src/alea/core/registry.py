"""The registry of games and of each game's own bots.

Games register themselves when imported; ``alea.load`` builds one with options. A game also
registers its heuristic bot here, so the game-agnostic ``alea.agents`` can dispatch to it.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

from alea.core.agent import Agent
from alea.core.errors import UnknownGameError
from alea.core.game import Game

GameFactory = Callable[..., Game]
BotFactory = Callable[..., Agent]

_GAMES: dict[str, GameFactory] = {}
_BOTS: dict[tuple[str, str], BotFactory] = {}
_HOOKS: dict[tuple[str, str], Any] = {}


def register_game(name: str, factory: GameFactory) -> None:
    """Make ``name`` loadable; ``factory(**options)`` builds the game."""
    _GAMES[name] = factory


def register_bot(game: str, kind: str, factory: BotFactory) -> None:
    """Register a game's own bot of ``kind`` (e.g. ``"heuristic"``)."""
    _BOTS[(game, kind)] = factory


def register_hook(game: str, name: str, hook: Any) -> None:
    """Register a per-game search hook (rollout policy, evaluation) under ``name``."""
    _HOOKS[(game, name)] = hook


SEARCH_HOOKS: tuple[str, ...] = (
    "prior",
    "rollout",
    "evaluate",
    "rollout_depth",
    "turn",
    "plans",
    "value",
    "style_value",
    "features",
    "feature_names",
    "style_space",
    "expert",
)
"""The hooks a game's search module may define for the search bot."""


def register_search(game: str, module: ModuleType) -> None:
    """Register the search hooks that ``module`` defines, each under its lower-case name.

    The hooks are the functions ``prior``, ``rollout``, ``evaluate``, ``turn`` (a public key
    of the turn a position is in, so a bot can budget a whole turn's thinking) and ``plans``
    (whole runs of decisions to weigh as one choice), ``value`` (a learned evaluation, used in
    place of ``evaluate`` when the search is asked for it) with the ``features`` it reads,
    ``style_value`` (given the searching seat's own bot, an evaluation by that bot's style), and
    the constants ``ROLLOUT_DEPTH``, ``FEATURE_NAMES`` and ``STYLE_SPACE`` (the ranges of the
    bot's style parameters that ``alea lab tune-bot`` searches), and ``expert`` (how the
    ``expert`` level plays the game, ``alea.core.search.expert_file``); a module may leave any
    of them out.
    """
    for name in SEARCH_HOOKS:
        value = getattr(module, name, getattr(module, name.upper(), None))
        if value is not None:
            register_hook(game, name, value)


def games() -> tuple[str, ...]:
    """The registered game ids, in registration order."""
    return tuple(_GAMES)


def load(name: str, **options: Any) -> Game:
    """Build game ``name`` with ``options``; unknown names or options raise ``ValueError``."""
    try:
        factory = _GAMES[name]
    except KeyError:
        known = ", ".join(_GAMES) or "none"
        raise UnknownGameError(f"no game {name!r}; the games are: {known}") from None
    return factory(**options)


def bot_factory(game: str, kind: str) -> BotFactory | None:
    """The bot of ``kind`` that ``game`` registered, if any."""
    return _BOTS.get((game, kind))


def hook(game: str, name: str) -> Any:
    """The search hook ``name`` of ``game``, or ``None``."""
    return _HOOKS.get((game, name))
