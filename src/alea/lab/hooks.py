"""Per-game hooks of the lab: what to note about each game, and what to add to a report.

Everything in the lab works for any registered game through the contract. A game may add a
module ``alea.lab.extras.<game>`` defining any of:

- ``lab_summary(state) -> dict``: a JSON-safe summary of a finished game, read only from
  public information (``state.observation(None)``, ``state.scores()``, the history, or public
  bookkeeping the state keeps); stored with the game.
- ``MILESTONES``: a tuple of :class:`Milestone`, public events whose first occurrence (the
  action number, and details of the position then) is noted while the game is played.
- ``report_sections(runs, figures) -> list[Section]``: extra report sections.
- ``first_player(actions, num_players) -> int | None``: the player who moved first, when the
  default reading of the record (the first ``{"type": "first", "seat": s}`` chance action) does
  not fit the game.
- ``end_reason(state) -> str | None``: how a finished game ended, when the game's public view
  has no ``end_reason`` (the default reading).
- ``PLACES``: a dict of :class:`PlaceOrder` by name, orders of the players other than the
  first round's (``alea lab tune --by NAME`` evens the win shares of their places).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from alea.core.game import State

if TYPE_CHECKING:
    from alea.lab.data import RunData
    from alea.lab.html import Figures, Section

Obs = dict[str, Any]


@dataclass(frozen=True)
class Milestone:
    """A public event to time: the first position where ``reached`` holds.

    Attributes:
        name: key under which it is stored in the game's summary.
        reached: whether the spectator observation shows the event has happened.
        detail: what to store about the first position where it holds (e.g. round, who).

    """

    name: str
    reached: Callable[[Obs], bool]
    detail: Callable[[Obs], dict[str, Any]]


@dataclass(frozen=True)
class PlaceOrder:
    """An order of the players that a game's stored summary records, place by place.

    Attributes:
        noun: what the places are, after an ordinal: ``"to choose"`` gives "1st to choose".
        count: the number of places at a table of so many players.
        players: the player in each place, read from a stored game summary; ``None`` when the
            summary does not record it.

    """

    noun: str
    count: Callable[[int], int]
    players: Callable[[dict[str, Any], int], list[int] | None]


Summary = Callable[[State], dict[str, Any]]
Sections = Callable[["Sequence[RunData]", "Figures"], "list[Section]"]
FirstPlayer = Callable[[Sequence[dict[str, Any]], int], "int | None"]
EndReason = Callable[[State], "str | None"]


def default_first_player(
    actions: Sequence[dict[str, Any]], num_players: int | None = None
) -> int | None:
    """The seat of the first ``{"type": "first", "seat": s}`` action of a record, if any.

    Both games roll for the first player as their first chance event; a game that does not has
    its own ``first_player`` hook or gets ``None`` (the report then says it is unknown). The
    seat is the player in both, so ``num_players`` is not needed here.
    """
    for action in actions[:50]:
        if action.get("type") in ("first", "first_player"):
            seat = action.get("seat")
            if isinstance(seat, int) and not isinstance(seat, bool):
                return seat
    return None


def default_end_reason(obs: Obs) -> str | None:
    """The ``end_reason`` a finished game shows spectators, if it shows one."""
    reason = obs.get("end_reason")
    return str(reason) if reason else None


def public_end_reason(state: State) -> str | None:
    """The default ``end_reason`` hook: what the spectator view of ``state`` names."""
    return default_end_reason(state.observation(None))


@dataclass(frozen=True)
class LabHooks:
    """A game's hooks, with the defaults filled in."""

    summary: Summary | None = None
    milestones: tuple[Milestone, ...] = ()
    sections: Sections | None = None
    first_player: FirstPlayer = default_first_player
    end_reason: EndReason = public_end_reason
    places: dict[str, PlaceOrder] = field(default_factory=dict)


@cache
def hooks_for(game: str) -> LabHooks:
    """The hooks of ``game``: those of ``alea.lab.extras.<game>`` if it exists, else defaults."""
    name = f"alea.lab.extras.{game}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return LabHooks()
    return LabHooks(
        summary=getattr(module, "lab_summary", None),
        milestones=tuple(getattr(module, "MILESTONES", ())),
        sections=getattr(module, "report_sections", None),
        first_player=getattr(module, "first_player", default_first_player),
        end_reason=getattr(module, "end_reason", public_end_reason),
        places=dict(getattr(module, "PLACES", {})),
    )


class MilestoneWatcher:
    """An ``on_step`` hook for ``alea.play`` that times milestones exactly, cheaply.

    Reading the spectator observation after every action would cost as much as the game, so
    the watcher looks every ``stride`` actions, keeping a clone of the last position it looked
    at and the actions since. When a milestone first shows, it steps the clone forward one
    action at a time to find the exact action that brought it about.
    """

    def __init__(self, milestones: Sequence[Milestone], stride: int = 16) -> None:
        self.milestones = list(milestones)
        self.stride = stride
        self.found: dict[str, dict[str, Any]] = {}
        self.state: State | None = None
        self._steps = 0
        self._anchor: State | None = None
        self._anchor_step = 0
        self._since: list[Any] = []

    def __call__(self, state: State, action: Any) -> None:
        """Note one applied action (and keep the state, which the driver mutates in place)."""
        self.state = state
        self._steps += 1
        if len(self.found) == len(self.milestones):
            return
        self._since.append(action)
        if self._steps % self.stride == 0 or state.is_terminal():
            self._look(state)

    def finish(self) -> None:
        """Look once more at the final position (games may end between two looks)."""
        if self.state is not None and len(self.found) < len(self.milestones) and self._since:
            self._look(self.state)

    def _look(self, state: State) -> None:
        obs = state.observation(None)
        fresh = [m for m in self.milestones if m.name not in self.found and m.reached(obs)]
        if fresh:
            self._refine(fresh)
        self._anchor = state.clone()
        self._anchor_step = self._steps
        self._since = []

    def _refine(self, fresh: list[Milestone]) -> None:
        if self._anchor is None:
            assert self.state is not None
            replay = self.state.game.new_initial_state()
        else:
            replay = self._anchor.clone()
        step = self._anchor_step
        pending = list(fresh)
        for action in self._since:
            replay.apply_action(action)
            step += 1
            obs = replay.observation(None)
            for m in [m for m in pending if m.reached(obs)]:
                self.found[m.name] = {"action": step, **m.detail(obs)}
                pending.remove(m)
            if not pending:
                break


def summarize(state: State, hooks: LabHooks, watcher: MilestoneWatcher | None) -> dict[str, Any]:
    """The stored summary of a finished game: the game's own summary plus its milestones."""
    out: dict[str, Any] = dict(hooks.summary(state)) if hooks.summary is not None else {}
    if watcher is not None and hooks.milestones:
        out["milestones"] = {m.name: watcher.found.get(m.name) for m in hooks.milestones}
    return out
