"""What a lab run plays: the game, its options, the agents, one seed per game, and what each yields.

A run is identified by its game, complete options, line-up of agents and master seed. Game
``i`` always gets the same seed (the ``i``-th child of ``numpy.random.SeedSequence(seed)``) and
the same seating, whatever the number of games asked for, the number of workers or the order
in which games finish; that is what makes a run resumable and extendable.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Final

import alea
from alea.agents import parse_spec
from alea.core.errors import AleaError
from alea.core.game import Game
from alea.core.registry import load


class LabError(AleaError):
    """A lab request that cannot be carried out (bad arguments, a mismatched folder...)."""


def code_version(game: Game) -> str:
    """The code a result was produced with: Alea's version and the game's rules version."""
    return f"alea {alea.__version__}; {game.version}"


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index``: child ``index`` of ``SeedSequence(master)``, as 63 bits.

    ``SeedSequence(master, spawn_key=(index,))`` is exactly what
    ``SeedSequence(master).spawn(index + 1)[index]`` returns, so seeds never depend on how
    many games a run plays.
    """
    from numpy.random import SeedSequence

    child = SeedSequence(master, spawn_key=(index,))
    return int(child.generate_state(1, "uint64")[0]) >> 1


def seat_orders(lineup: list[str]) -> list[tuple[str, ...]]:
    """Every distinct seat order of the line-up, in a fixed order.

    One agent everywhere gives one order; three different agents on three seats give six, so
    every agent sits in every seat, after every neighbour, equally often over a full cycle.
    """
    return sorted(set(itertools.permutations(lineup)))


@dataclass(frozen=True)
class GameTask:
    """One game to play: its index in the run, its seed, and the agent spec of each seat."""

    game: str
    options: dict[str, Any]
    index: int
    seed: int
    agents: tuple[str, ...]
    keep_record: bool = False


@dataclass(frozen=True)
class GameOutcome:
    """What one finished game adds to a run.

    Attributes:
        index: the game's index in the run.
        seed: its seed.
        agents: the agent spec of each seat.
        returns: each seat's return (winners share 1.0).
        scores: each seat's score as the game reports it (JSON-safe).
        length: actions applied, chance outcomes included.
        terminal: whether the game ended (always, unless a game never does).
        end_reason: how it ended, as the game's ``end_reason`` hook names it (by default what
            its public view says; ``None`` if it says nothing).
        outcome: the game's sentence on how it ended.
        first_player: the player who moved first, when the record shows it.
        summary: the game's lab summary (and milestones), JSON-safe.
        seconds: time spent playing it.
        record: the whole game record as JSON, when asked for.

    """

    index: int
    seed: int
    agents: tuple[str, ...]
    returns: list[float]
    scores: list[Any]
    length: int
    terminal: bool
    end_reason: str | None
    outcome: str
    first_player: int | None
    summary: dict[str, Any]
    seconds: float
    record: dict[str, Any] | None = None


_IDENTITY: Final = ("game", "options", "lineup", "seed", "code_version")
"""The fields of a ``RunSpec`` that a resumed folder must match (the seats follow from them)."""


@dataclass
class RunSpec:
    """A run's identity: game, complete options, line-up and master seed.

    Attributes:
        game: the registered game id.
        options: the game's complete options (defaults filled in), as ``game.options``.
        lineup: one agent spec per seat, before rotation.
        seed: the master seed (a non-negative integer).
        num_players: seats at the table.
        seat_names: each seat's name (faction or family).
        code_version: Alea's version and the rules version.

    """

    game: str
    options: dict[str, Any]
    lineup: list[str]
    seed: int
    num_players: int
    seat_names: list[str]
    code_version: str
    orders: list[tuple[str, ...]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.orders:
            self.orders = seat_orders(self.lineup)

    @classmethod
    def build(cls, game_id: str, options: dict[str, Any], agents: list[str], seed: int) -> RunSpec:
        """Check everything a run needs and fill in the defaults.

        Args:
            game_id: a registered game.
            options: game options as given (strings are converted as for ``--set``).
            agents: one spec for every seat, or one per seat.
            seed: the master seed.

        Raises:
            LabError: an unknown game, option or agent, a wrong number of agents, or a bad seed.

        """
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise LabError(f"the seed must be a non-negative integer, not {seed!r}")
        try:
            game = load(game_id, **options)
        except (AleaError, ValueError) as exc:
            raise LabError(str(exc)) from None
        specs = [s.strip() for s in agents if s.strip()]
        if not specs:
            raise LabError("name at least one agent, e.g. --agents heuristic")
        for spec in specs:
            try:
                parse_spec(spec)
            except (AleaError, ValueError) as exc:
                raise LabError(f"agent {spec!r}: {exc}") from None
        if len(specs) == 1:
            specs = specs * game.num_players
        elif len(specs) != game.num_players:
            raise LabError(
                f"{game.name} has {game.num_players} seats: give one agent for all of them or "
                f"one per seat, not {len(specs)}"
            )
        return cls(
            game=game.name,
            options=dict(game.options),
            lineup=specs,
            seed=seed,
            num_players=game.num_players,
            seat_names=list(game.player_names),
            code_version=code_version(game),
        )

    def seating(self, index: int) -> tuple[str, ...]:
        """The agent spec of each seat in game ``index`` (the orders taken in turn)."""
        return self.orders[index % len(self.orders)]

    def task(self, index: int, *, keep_record: bool = False) -> GameTask:
        """The task that plays game ``index``."""
        return GameTask(
            game=self.game,
            options=self.options,
            index=index,
            seed=game_seed(self.seed, index),
            agents=self.seating(index),
            keep_record=keep_record,
        )

    def identity(self) -> dict[str, Any]:
        """What must match for a folder to be resumed: everything but the number of games."""
        return {name: getattr(self, name) for name in _IDENTITY}

    def mixed(self) -> bool:
        """Whether different agents share the table (so seats rotate)."""
        return len(set(self.lineup)) > 1
