"""The contract every game implements and every agent, front end and test talks through.

Vocabulary after OpenSpiel: ``current_player``, ``legal_actions``, ``apply_action``,
``chance_outcomes``, ``returns``. Dice, shuffles and draws are chance nodes with exact
probabilities; the driver (or a search) picks their outcome.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, Final

from alea.core.rng import sample_weighted

CHANCE: Final = -1
"""``current_player()`` at a chance node."""
TERMINAL: Final = -4
"""``current_player()`` once the game is over."""

JSON = dict[str, Any]


def unwind(node: tuple[Any, ...] | None) -> list[Action]:
    """The actions of a persistent history, oldest first.

    Games keep their history as nested pairs ``(last_action, earlier)`` so that ``clone`` shares
    it for free; this turns such a chain back into a list.
    """
    out: list[Action] = []
    while node is not None:
        out.append(node[0])
        node = node[1]
    out.reverse()
    return out


class Action(ABC):
    """A single decision or chance outcome: small immutable data, given effect by the rules."""

    __slots__ = ()

    @abstractmethod
    def to_json(self) -> JSON:
        """Return a JSON-safe dict that ``Game.action_from_json`` turns back into this action."""


HOOKS: Final = ("sample_chance", "action_to_string", "outcome_text", "ended_by_cap", "scores")
"""Methods of the contract with a default (in ``State`` or the core's kit) that a game's rules
may answer instead."""


def bind_rules(cls: type[State], rules: Sequence[ModuleType]) -> None:
    """Bind the functions of the rule modules ``rules`` as the methods ``cls`` still lacks.

    Each abstract method of ``cls``, and each of ``HOOKS``, is the function of the same name
    (less a leading underscore: ``_legal_actions`` is ``legal_actions``) that one of the modules
    defines, the position its first argument. It becomes a plain class attribute, so calling it
    costs what calling a method written in the class costs. A missing function, or one that two
    modules define, raises ``TypeError`` naming it.
    """
    wanted = [n for n in dir(cls) if getattr(getattr(cls, n, None), "__isabstractmethod__", False)]
    wanted += [n for n in HOOKS if n not in wanted]
    for name in wanted:
        if name in HOOKS and name in cls.__dict__:
            continue  # the class body answers it itself
        found = [
            fn
            for module in rules
            if callable(fn := getattr(module, name.lstrip("_"), None))
            and getattr(fn, "__module__", None) == module.__name__
        ]
        if len(found) > 1:
            raise TypeError(f"{cls.__name__}: more than one rules module defines {name}")
        if found:
            setattr(cls, name, found[0])
        elif name not in HOOKS:
            raise TypeError(f"{cls.__name__}: no rules module defines {name.lstrip('_')}")


def handover(doc: str) -> Callable[[Any], None]:
    """A method a rule module calls through the position to hand play on to a later step.

    The position declares it, ``_end_turn = handover("End the turn (X-2.4).")``; it is abstract
    until the state class binds the rule function of its name (``bind_rules``).
    """

    def method(self: Any) -> None:
        raise NotImplementedError(doc)

    method.__doc__ = doc
    return abstractmethod(method)


class State(ABC):
    """One position of a game, including whose decision (or which chance event) comes next.

    A game's state class may name the modules its rules live in, ``class S(Position,
    rules=(play, views, scoring))``: ``bind_rules`` then binds their functions as its methods.
    """

    game: Game

    def __init_subclass__(cls, *, rules: Sequence[ModuleType] = (), **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if rules:
            bind_rules(cls, rules)

    @abstractmethod
    def current_player(self) -> int:
        """Seat to move (0..n-1), ``CHANCE`` or ``TERMINAL``."""

    def is_chance_node(self) -> bool:
        """Whether the next step is a chance event."""
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.current_player() == TERMINAL

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The legal decisions of the seat to move, in a deterministic order; [] otherwise."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node, each outcome with its exact probability; [] otherwise."""

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw a chance outcome with the exact probabilities (games may override for speed)."""
        return sample_weighted(self.chance_outcomes(), rng)

    @abstractmethod
    def apply_action(self, action: Action) -> None:
        """Apply a decision or chance outcome; an illegal one raises and changes nothing."""

    @abstractmethod
    def clone(self) -> State:
        """Return an independent copy."""

    @abstractmethod
    def returns(self) -> list[float]:
        """One value per seat: winners share 1.0 at the end, 0.0 otherwise."""

    @abstractmethod
    def scores(self) -> list[Any]:
        """The game's own score per seat (JSON-safe)."""

    @abstractmethod
    def history(self) -> list[Action]:
        """Every action applied so far, chance outcomes included."""

    @abstractmethod
    def observation(self, player: int | None) -> JSON:
        """What ``player`` may see (``None``: a spectator), as a JSON-safe dict."""

    @abstractmethod
    def determinize(self, player: int, rng: random.Random) -> State:
        """A state consistent with all ``player`` has seen, hidden parts drawn afresh."""

    @abstractmethod
    def to_json(self) -> JSON:
        """Serialise exactly; ``game.state_from_json`` restores an equal state."""

    def action_to_string(self, action: Action) -> str:
        """Human-readable text of ``action`` in this position (defaults to ``str``)."""
        return str(action)

    def outcome_text(self) -> str:
        """A sentence on how the game ended (or stands)."""
        return ""

    def ended_by_cap(self) -> bool:
        """Whether the game ended at its cap on length (a turn or round limit), not by a win.

        Learning environments report such an end as a truncation rather than a termination.
        """
        return False


class CachedLegalState(State):
    """A state that works out its legal actions once per position.

    A subclass computes them in ``_legal_actions``, keeps ``_legal`` (``None`` until asked) among
    its attributes, and sets it back to ``None`` whenever the position changes. The rules that
    have just worked out the next seat's choices on the way (to see whether it has any) may
    leave that list in ``_legal`` instead, as the last change of an action. Callers get a
    copy, so they may change the list they are given.
    """

    __slots__ = ()
    _legal: list[Action] | None

    def legal_actions(self) -> list[Action]:
        """The legal decisions of the seat to move, in a fixed order."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        return legal.copy()

    def legal_actions_uncached(self) -> list[Action]:
        """``legal_actions`` computed afresh, bypassing the per-position cache (for benchmarks)."""
        return self._legal_actions()

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """The legal decisions of the seat to move, computed from the position."""


def listed(action: Action, legal: list[Action]) -> bool:
    """Whether ``action`` is in ``legal``, looking for the very object first.

    The games hand out interned actions, so the one chosen is nearly always an element of the
    list itself; only an equal copy (one read from JSON) needs the slower comparison by value.
    """
    for a in legal:
        if a is action:
            return True
    return action in legal


class Game(ABC):
    """A game with its options fixed: the factory of initial states."""

    name: str
    num_players: int
    player_names: tuple[str, ...]
    options: JSON
    version: str

    @abstractmethod
    def new_initial_state(self) -> State:
        """The state before setup; setup randomness comes as chance nodes."""

    @abstractmethod
    def state_from_json(self, data: JSON) -> State:
        """Rebuild a state from ``State.to_json``; malformed data raises ``RecordError``."""

    @abstractmethod
    def action_from_json(self, data: Any) -> Action:
        """Rebuild an action from ``Action.to_json``; malformed data raises ``RecordError``."""

    def seat_index(self, seat: str | int) -> int:
        """Resolve a seat given as a name (case-insensitive) or a 1-based or 0-based number."""
        from alea.core.errors import OptionError

        if isinstance(seat, int):
            if 0 <= seat < self.num_players:
                return seat
            raise OptionError(f"{self.name} has seats 0..{self.num_players - 1}, not {seat}")
        text = seat.strip()
        for i, n in enumerate(self.player_names):
            if n.lower() == text.lower():
                return i
        if text.isdigit() and 1 <= int(text) <= self.num_players:
            return int(text) - 1
        names = ", ".join(self.player_names)
        raise OptionError(
            f"{self.name} has no seat {seat!r}; seats are {names} (or 1..{self.num_players})"
        )
