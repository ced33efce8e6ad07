"""A game at a table: options and seats fixed, its actions and states read from JSON.

``Table`` is what a game's rules read of the game they are played at (the options, the
number of seats); ``KitGame`` adds making and reading states of one ``SavedState`` class. The
split lets a game's state module name its table without importing the module of the game,
which imports the state.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, NamedTuple, TypeVar

from alea.core.actions import ActionSet
from alea.core.errors import OptionError, RecordError
from alea.core.game import Action, Game
from alea.core.options import options_to_json, parse_options
from alea.core.positions import SavedState

S = TypeVar("S", bound=SavedState)


class Seating(NamedTuple):
    """How many players a game seats (``counts``), the rule that says so, and the seats' names."""

    counts: range
    rule: str
    names: tuple[str, ...]


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

    A subclass names its ``actions``, its options class and its seating; building one takes
    ``players`` and the game's options, checks both and fills in ``options`` with every
    default, as ``alea.load`` promises.

    Attributes:
        actions: the game's action types, which parse its actions' JSON forms.
        options_type: the game's options dataclass.
        seating: how many players may sit, the rule that says so, and the seats' names.

    """

    actions: ClassVar[ActionSet]
    options_type: ClassVar[type[Any]]
    seating: ClassVar[Seating]
    opts: Any

    def __init__(self, **options: Any) -> None:
        counts, rule, names = self.seating
        n = seat_count(options.pop("players", counts[-1]), counts, self.name, rule)
        self.num_players = n
        self.player_names = names[:n]
        self.opts = parse_options(self.options_type, options, self.name)
        self.options = {"players": n, **options_to_json(self.opts)}

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
