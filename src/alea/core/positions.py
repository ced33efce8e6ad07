"""Saved positions: what every game's ``to_json``, ``from_json``, ``==`` and ``clone`` share.

A state keeps its history as a persistent chain of pairs (see ``core.game.unwind``) and its
options on its game; these helpers write and read that part of a saved position, check its
header, turn a malformed one into ``RecordError``, and compare positions field by field.
``StagedState`` answers whose turn it is, and whether the game is over and how, from its
fields; ``cloner`` writes a state's ``clone`` from the lists of its fields, by how each is
copied.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, ClassVar, Self, TypeVar

from alea.core.errors import RecordError
from alea.core.game import CHANCE, JSON, Action, Game, State, unwind

_S = TypeVar("_S", bound=State)


class SavedState(State):
    """A state that a game builds from its table and reads back from its saved JSON.

    It keeps its history as a persistent chain ``_hist`` of ``(action, earlier)`` pairs (shared
    by clones for free) and its length ``_hlen``. Equal positions have the same options, the
    same ``_key()`` and the same history; a state class lists what makes its position in
    ``_key`` (the history's length is enough there: the histories themselves are compared
    last, only when all else agrees). States change in place, so they are not hashable.
    """

    __slots__ = ()

    _hist: tuple[Any, ...] | None
    _hlen: int

    @abstractmethod
    def __init__(self, game: Any) -> None:
        """The position before setup, at ``game``'s table."""

    label: ClassVar[str]
    """The game's name as players read it ("Forum"), for the errors of a malformed save."""
    saves_players: ClassVar[bool] = True
    """Whether the saved position names its number of players."""

    def to_json(self) -> JSON:
        """The exact position: the header, the game's own fields, then the history."""
        return {
            **self.saved_header(players=self.saves_players),
            **self._write(),
            "history": self.saved_history(),
        }

    @abstractmethod
    def _write(self) -> JSON:
        """The saved fields of the position, between the header and the history."""

    @classmethod
    @abstractmethod
    def from_json(cls, game: Any, data: Any) -> Self:
        """Rebuild a saved position of ``game``; malformed data raises ``RecordError``."""

    @classmethod
    @contextmanager
    def loading(cls, game: Game, data: Any) -> Iterator[Self]:
        """A fresh position of ``game`` for ``from_json`` to fill from the saved ``data``.

        ``data`` must be a saved position of this game (``check_saved``); inside the block a
        missing key, a wrong type or a bad value is a ``RecordError`` (``reading``).
        """
        cls.check_saved(data, game, cls.label, players=cls.saves_players)
        with reading(cls.label):
            yield cls(game)

    @abstractmethod
    def _key(self) -> tuple[Any, ...]:
        """What makes the position, but for the options and the history's actions."""

    score_fields: ClassVar[Mapping[str, str]]
    """What ``scores`` gives each seat: each score's name, and the field of the position that
    holds it seat by seat. A game whose scores are not read off its fields defines ``scores``."""

    def scores(self) -> list[Any]:
        """Per seat, each of ``score_fields`` read off the position."""
        columns = [(name, getattr(self, field)) for name, field in self.score_fields.items()]
        return [{name: col[p] for name, col in columns} for p in range(self.game.num_players)]

    def history(self) -> list[Action]:
        """Every action applied, in order."""
        return unwind(self._hist)

    def history_length(self) -> int:
        """Number of actions applied so far."""
        return self._hlen

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, type(self)):
            return NotImplemented
        return (
            self.game.options == other.game.options
            and self._key() == other._key()
            and self.history() == other.history()
        )

    __hash__ = None  # type: ignore[assignment]  # a position changes in place

    def saved_header(self, *, players: bool = True) -> JSON:
        """The first keys of the saved position: game, options and (by default) players."""
        head: JSON = {"game": self.game.name, "options": dict(self.game.options)}
        if players:
            head["players"] = self.game.num_players
        return head

    def saved_history(self) -> list[JSON]:
        """The JSON forms of the history's actions, oldest first."""
        return [a.to_json() for a in self.history()]

    def load_history(self, items: Iterable[Any], parse: Callable[[Any], Action]) -> None:
        """Take the saved history ``items`` (JSON forms, oldest first) as this state's."""
        chain: tuple[Any, ...] | None = None
        count = 0
        for item in items:
            chain = (parse(item), chain)
            count += 1
        self._hist = chain
        self._hlen = count

    @staticmethod
    def check_saved(data: Any, game: Game, label: str, *, players: bool = True) -> JSON:
        """``data`` as a saved position of ``game``, or ``RecordError`` saying why it is not.

        Args:
            data: the saved position.
            game: the game it should belong to.
            label: the game's name as players read it ("Forum").
            players: whether the position names its number of players.

        """
        if not isinstance(data, dict) or data.get("game") != game.name:
            raise RecordError(f"not a saved {label} position")
        if players and data.get("players") != game.num_players:
            raise RecordError(
                f"the saved position has {data.get('players')} players, the game {game.num_players}"
            )
        return data


@contextmanager
def reading(label: str) -> Iterator[None]:
    """Turn a missing key, a wrong type or a bad value met while reading into ``RecordError``.

    A ``RecordError`` raised inside passes through as it is, with its own message.
    """
    try:
        yield
    except RecordError:
        raise
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        raise RecordError(f"saved {label} position is malformed: {exc!r}") from None


class StagedState(SavedState):
    """A saved state that says whose turn it is from its ``player`` and ``stage`` fields.

    ``player`` is the seat to decide, ``CHANCE`` or ``TERMINAL``; ``stage`` is ``final_stage``
    once the game is over.
    """

    __slots__ = ()

    player: int
    stage: int
    final_stage: ClassVar[int]
    end_reason: str
    cap_reason: ClassVar[str | None] = None
    """The ``end_reason`` of a game stopped at its length cap with no winner (``None``: the
    game has no cap, and needs no ``end_reason``)."""

    def current_player(self) -> int:
        """Seat to move, ``CHANCE`` or ``TERMINAL``."""
        return self.player

    def pass_to(self, player: int, stage: int) -> None:
        """Play passes to ``player`` (a seat, or ``CHANCE`` for a roll or a draw) at ``stage``."""
        self.stage = stage
        self.player = player

    def is_chance_node(self) -> bool:
        """Whether a chance event (a die, a deal, a draw) comes next."""
        return self.player == CHANCE

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.stage == self.final_stage

    def ended_by_cap(self) -> bool:
        """Whether the game stopped at its length cap with no winner, not by a win."""
        return (
            self.cap_reason is not None
            and self.stage == self.final_stage
            and self.end_reason == self.cap_reason
        )


def win_shares(winners: Sequence[int], seats: int) -> list[float]:
    """``returns()`` of a finished game: the winners share 1.0 equally, the others get 0.0.

    No winners (a game not over, or capped with no winner) gives every seat 0.0.
    """
    if not winners:
        return [0.0] * seats
    share = 1.0 / len(winners)
    return [share if p in winners else 0.0 for p in range(seats)]


def cloner(
    *,
    shared: Iterable[str] = (),
    copied: Iterable[str] = (),
    sliced: Iterable[str] = (),
    nested: Iterable[str] = (),
    unrolled: Mapping[str, int] | None = None,
    optional: Iterable[str] = (),
) -> Callable[[_S], _S]:
    """A ``clone`` method for a state with slots, from its fields grouped by how each is copied.

    The method is written out as one assignment a field, as fast as a hand-written one: clones
    are made on every step of a search, so a loop over the fields would cost the bots strength.

    Args:
        shared: fields the copy shares: numbers, strings, tuples, the game, the history chain.
        copied: lists (or dicts, sets) copied with ``.copy()``.
        sliced: sequences copied with ``[:]`` (arrays).
        nested: lists of lists, each inner list copied.
        unrolled: lists of a fixed number of inner lists (or sets), by that number: each copied
            item by item, which is faster than a loop for a few.
        optional: a copyable value or ``None``.

    """
    forms = {
        "self.{}": shared,
        "self.{}.copy()": copied,
        "self.{}[:]": sliced,
        "[x.copy() for x in self.{}]": nested,
        "None if self.{0} is None else self.{0}.copy()": optional,
    }
    lines = ["def clone(self):", "    c = self.__class__.__new__(self.__class__)"]
    for form, names in forms.items():
        for name in names:
            if not name.isidentifier():
                raise ValueError(f"{name!r} is not a field name")
            lines.append(f"    c.{name} = {form.format(name)}")
    for name, count in (unrolled or {}).items():
        if not name.isidentifier():
            raise ValueError(f"{name!r} is not a field name")
        items = ", ".join(f"self.{name}[{i}].copy()" for i in range(count))
        lines.append(f"    c.{name} = [{items}]")
    lines.append("    return c")
    scope: dict[str, Any] = {}
    exec("\n".join(lines), scope)  # the text is built from field names checked above
    clone: Callable[[_S], _S] = scope["clone"]
    clone.__doc__ = "An independent copy (the history is shared: it never changes in place)."
    return clone
