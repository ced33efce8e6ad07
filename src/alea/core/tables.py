"""A game at a table: options and seats fixed, its actions and states read from JSON.

``Table`` is what a game's rules read of the game they are played at (the options, the
number of seats); ``KitGame`` adds making and reading states of one ``SavedState`` class. The
split lets a game's state module name its table without importing the module of the game,
which imports the state.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, TypeVar

from alea.core.actions import ActionSet
from alea.core.errors import OptionError, RecordError
from alea.core.game import Action, Game
from alea.core.positions import SavedState

S = TypeVar("S", bound=SavedState)


def seat_count(players: Any, allowed: range, game: str, rule: str) -> int:
    """The number of players asked for, or ``OptionError`` naming the counts ``game`` allows."""
    try:
        n = int(str(players).strip())
    except ValueError:
        n = 0
    if n not in allowed:
        raise OptionError(
            f"{game} is for {allowed[0]} to {allowed[-1]} players ({rule}), not {players}"
        )
    return n


class Table(Game):
    """A game with its options and seats fixed, as its rules read it.

    Attributes:
        actions: the game's action types, which parse its actions' JSON forms.

    """

    actions: ClassVar[ActionSet]

    def action_from_json(self, data: Any) -> Action:
        """Parse an action; malformed data raises ``RecordError`` naming the field."""
        return self.actions.from_json(data)


class KitGame(Table, Generic[S]):
    """A table that makes and reads states of ``state_type``."""

    state_type: type[S]

    def new_initial_state(self) -> S:
        """The state before setup; setup randomness comes as chance nodes."""
        return self.state_type(self)

    def state_from_json(self, data: Any) -> S:
        """Rebuild a saved position, which must have been made with this game's options."""
        if isinstance(data, dict) and data.get("options") not in (None, self.options):
            raise RecordError("the saved position was made with other options than this game's")
        return self.state_type.from_json(self, data)
