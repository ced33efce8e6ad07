"""What a game's codec is: a fixed action index space and a fixed-size observation tensor.

An :class:`ActionCodec` numbers every decision a seat could ever take in a game (for the
player count and options the game was loaded with), so a policy can have one output per index
and mask the illegal ones. An :class:`ObservationEncoder` turns the JSON-safe dict of
``state.observation(seat)`` -- and nothing else -- into a ``float32`` vector whose every entry
lies in ``[-1, 1]``, laid out in named blocks (:class:`Layout`).

Games with a dedicated codec register it in :mod:`alea.rl.codecs`; any other registered game gets
the generic fallback at the bottom of this module, which works for every game through the
contract alone but knows nothing of the game's meaning.
"""

from __future__ import annotations

import math
import zlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from alea.core.game import CHANCE, Action, Game, State

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]
RgbArray = npt.NDArray[np.uint8]

OBS_LOW: Final = -1.0
"""Every observation entry is at least this."""
OBS_HIGH: Final = 1.0
"""Every observation entry is at most this."""
ID_CACHE: Final = 1 << 16
"""Most action objects a ``TableCodec`` remembers by identity."""


def clip(value: float) -> float:
    """``value`` clipped into the observation range ``[-1, 1]``."""
    return -1.0 if value < -1.0 else (1.0 if value > 1.0 else value)


def slots(names: Sequence[str]) -> dict[str, int]:
    """Each of ``names`` by its index: the slot it takes in a block laid out in that order."""
    return {name: i for i, name in enumerate(names)}


class IllegalIndexError(ValueError):
    """An action index that is outside the space or not legal in the position."""


# -- actions ------------------------------------------------------------------------------------


class ActionCodec(ABC):
    """A fixed numbering of a game's decisions: ``encode(action) -> int``, ``decode`` back.

    Indices do not name the seat: index ``i`` means the same decision for whichever seat is to
    move (games that name other seats use seats *relative* to the mover), so one policy head
    serves every seat.
    """

    size: int
    """Number of indices; ``gymnasium.spaces.Discrete(size)`` is the action space."""

    @abstractmethod
    def encode(self, action: Action, state: State | None = None) -> int:
        """The index of ``action`` (a decision of the seat it names).

        Raises:
            IllegalIndexError: the action lies outside the codec's space.

        """

    @abstractmethod
    def decode(self, state: State, index: int) -> Action:
        """The decision ``index`` stands for, for the seat to move in ``state``.

        The result is not checked against ``state.legal_actions()``: use :meth:`mask` (or
        ``state.apply_action``, which refuses illegal actions) for that.

        Raises:
            IllegalIndexError: no action of the seat to move has that index.

        """

    def label(self, index: int) -> str:
        """A short text of what ``index`` means, seat-free (for docs and debugging)."""
        return f"action {index}"

    def legal_indices(self, state: State) -> list[int]:
        """The index of each of ``state.legal_actions()``, in the same order."""
        return [self.encode(a, state) for a in state.legal_actions()]

    def mask(self, state: State) -> MaskArray:
        """``int8`` vector of length ``size``: 1 where the index is legal now, else 0."""
        out = np.zeros(self.size, dtype=np.int8)
        idx = self.legal_indices(state)
        if idx:
            out[idx] = 1
        return out


class TableCodec(ActionCodec):
    """An action codec backed by precomputed tables, one per seat.

    Args:
        tables: for each seat, a sequence of length ``size`` with the action each index means
            for that seat (``None`` where the index means nothing for it, e.g. a seat offset
            beyond the player count).
        labels: the seat-free text of each index.

    """

    def __init__(self, tables: Sequence[Sequence[Action | None]], labels: Sequence[str]) -> None:
        self.size = len(labels)
        self._labels = tuple(labels)
        self._tables = tuple(tuple(t) for t in tables)
        index: dict[Action, int] = {}
        for table in self._tables:
            if len(table) != self.size:
                raise ValueError("every seat's table must have one entry per label")
            for i, a in enumerate(table):
                if a is None:
                    continue
                if index.setdefault(a, i) != i:
                    raise ValueError(f"{a!r} has two indices: {index[a]} and {i}")
        self._index = index
        self._by_id: dict[int, int] = {}
        self._alive: list[Action] = []

    def encode(self, action: Action, state: State | None = None) -> int:
        """The index of ``action``; ``IllegalIndexError`` outside the space."""
        i = self._by_id.get(id(action))
        if i is not None:
            return i
        try:
            i = self._index[action]
        except KeyError:
            raise IllegalIndexError(f"{action!r} is not in this game's action space") from None
        self._remember(action, i)
        return i

    def _remember(self, action: Action, index: int) -> None:
        """Cache ``index`` under the identity of ``action``.

        Engines hand out interned action objects, so looking one up by ``id`` skips the
        dataclass ``__hash__`` and ``__eq__``. The cache keeps a reference to each object it
        holds, so its ``id`` cannot be reused by another object while it is cached; it is
        emptied when it grows past ``ID_CACHE`` entries (games that build fresh action objects
        would otherwise fill it).
        """
        if len(self._by_id) >= ID_CACHE:
            self._by_id.clear()
            self._alive.clear()
        self._by_id[id(action)] = index
        self._alive.append(action)

    def decode(self, state: State, index: int) -> Action:
        """The action ``index`` means for the seat to move."""
        seat = state.current_player()
        if not 0 <= seat < len(self._tables):
            raise IllegalIndexError("no seat is to decide now (a chance node or the end)")
        if not 0 <= index < self.size:
            raise IllegalIndexError(f"action index {index} is outside 0..{self.size - 1}")
        action = self._tables[seat][index]
        if action is None:
            raise IllegalIndexError(f"index {index} ({self.label(index)}) means nothing here")
        return action

    def label(self, index: int) -> str:
        """The seat-free text of ``index``."""
        return self._labels[index]

    def legal_indices(self, state: State) -> list[int]:
        """Indices of the legal actions (one identity lookup each, in C, once cached)."""
        legal = state.legal_actions()
        out: list[int | None] = list(map(self._by_id.get, map(id, legal)))
        if None in out:
            return [self.encode(a) if i is None else i for i, a in zip(out, legal, strict=True)]
        return out  # type: ignore[return-value]  # no None left


# -- observations -------------------------------------------------------------------------------


@dataclass
class Layout:
    """Named blocks of a flat observation vector, each with its offset and shape."""

    blocks: dict[str, tuple[int, tuple[int, ...]]] = field(default_factory=dict)
    size: int = 0

    def add(self, name: str, *shape: int) -> int:
        """Append a block of ``shape``; return its offset."""
        if name in self.blocks:
            raise ValueError(f"block {name!r} is already laid out")
        offset = self.size
        self.blocks[name] = (offset, tuple(shape))
        self.size += math.prod(shape)
        return offset

    def offset(self, name: str) -> int:
        """Where block ``name`` starts."""
        return self.blocks[name][0]

    def view(self, vector: FloatArray, name: str) -> FloatArray:
        """Block ``name`` of ``vector``, reshaped to its shape (a view, not a copy)."""
        offset, shape = self.blocks[name]
        return vector[offset : offset + math.prod(shape)].reshape(shape)

    def describe(self) -> list[tuple[str, int, tuple[int, ...]]]:
        """``(name, offset, shape)`` of every block, in order."""
        return [(n, off, shape) for n, (off, shape) in self.blocks.items()]


class ObservationEncoder(ABC):
    """Turns ``state.observation(seat)`` into a ``float32`` vector in ``[-1, 1]``."""

    layout: Layout

    @property
    def size(self) -> int:
        """Length of the vector."""
        return self.layout.size

    @staticmethod
    def to_move_slot(current: int, rel: Sequence[int], seats: int) -> int:
        """The slot of a ``to_move`` block of ``seats + 2``: the mover's offset from the observer.

        ``rel`` gives each seat's offset to the observer's left; a chance node takes slot
        ``seats`` and the end of the game slot ``seats + 1``.
        """
        if current >= 0:
            return rel[current]
        return seats if current == CHANCE else seats + 1

    @abstractmethod
    def encode(self, observation: dict[str, Any]) -> FloatArray:
        """The vector of ``observation`` (a dict from ``state.observation``), a new array."""

    def encode_state(self, state: State, seat: int) -> FloatArray:
        """The vector of ``state.observation(seat)``, a new array.

        Equal, entry for entry, to ``encode(state.observation(seat))``. A game's encoder may
        read the state's fields straight instead of building the dict first (the environments
        call this once a step); it must then read only what that dict shows the seat.
        """
        return self.encode(state.observation(seat))

    def tracker(self, seat: int) -> Tracker:
        """A :class:`Tracker` that keeps ``seat``'s vector between the positions of one game.

        The default encodes every position afresh; a game's encoder may return one that
        rewrites only the parts of the vector that changed.
        """
        return Tracker(self, seat)

    def draw(self, observation: dict[str, Any]) -> RgbArray:
        """A small picture of ``observation`` drawn with numpy alone (``H x W x 3`` uint8).

        The default paints the encoded vector as a grey grid; game encoders draw the board.
        """
        vec = self.encode(observation)
        side = max(1, math.isqrt(vec.size - 1) + 1)
        grid = np.zeros(side * side, dtype=np.float32)
        grid[: vec.size] = vec
        grey = ((grid.reshape(side, side) + 1.0) * 127.5).astype(np.uint8)
        big = np.kron(grey, np.ones((4, 4), dtype=np.uint8))
        return np.repeat(big[:, :, None], 3, axis=2)


class Memo(dict[Any, Any]):
    """A dict of results by the exact inputs that made them, emptied when it grows past ``limit``.

    The encoders' fast paths keep here the parts of a vector that most decisions leave as
    they were (a board's markets, its lands), keyed by the fields they are read from.
    """

    def __init__(self, limit: int = 1 << 12) -> None:
        super().__init__()
        self.limit = limit

    def keep(self, key: Any, value: Any) -> Any:
        """Store ``value`` under ``key`` (first emptying a full memo); return ``value``."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value


class Tracker:
    """One seat's observation vector, kept from one call to the next.

    ``vector(state)`` returns the vector of ``encode_state(state, seat)``, which the next call
    may overwrite, so whoever hands it out copies it. This base class encodes every position
    afresh. A game's own tracker keeps a copy of the fields each part of the vector was written
    from and rewrites a part only where its fields differ, whatever changed them (a move, an
    undo, a chance event), and encodes afresh a state object it has not seen before (a new
    game).
    """

    def __init__(self, encoder: ObservationEncoder, seat: int) -> None:
        self.encoder = encoder
        self.seat = seat

    def vector(self, state: State) -> FloatArray:
        """``seat``'s vector in ``state``: the tracker's array, valid until the next call."""
        return self.encoder.encode_state(state, self.seat)


def fill(vec: FloatArray, ones: list[int], values: list[tuple[int, float]]) -> FloatArray:
    """Set ``vec[i] = 1`` for each of ``ones`` and ``vec[i] = v`` for each ``(i, v)``."""
    if ones:
        vec.put(ones, 1.0)  # ``put`` takes a list of indices faster than fancy indexing
    for i, v in values:  # for a few dozen entries, faster than building index arrays
        vec[i] = v
    return vec


# -- one game's bundle --------------------------------------------------------------------------


@dataclass(frozen=True)
class GameCodec:
    """Everything the RL layer needs to know about one loaded game."""

    game: Game
    actions: ActionCodec
    observations: ObservationEncoder
    generic: bool = False
    """Whether this is the fallback that knows nothing of the game."""


CodecFactory = Callable[[Game], GameCodec]
"""``factory(game) -> GameCodec`` for a game loaded with its options."""


# -- the generic fallback -----------------------------------------------------------------------


class LegalIndexCodec(ActionCodec):
    """Fallback action codec: index ``i`` is the ``i``-th of ``state.legal_actions()``.

    Works for any game, but an index has no meaning of its own from one position to the next,
    and positions with more than ``size`` legal actions offer only the first ``size``.
    """

    def __init__(self, size: int = 512) -> None:
        self.size = size

    def encode(self, action: Action, state: State | None = None) -> int:
        """The position of ``action`` among the legal actions of ``state`` (required)."""
        if state is None:
            raise IllegalIndexError("the generic codec numbers actions only within a state")
        try:
            i = state.legal_actions().index(action)
        except ValueError:
            raise IllegalIndexError(f"{action!r} is not legal in this position") from None
        if i >= self.size:
            raise IllegalIndexError(f"{action!r} lies beyond the first {self.size} actions")
        return i

    def decode(self, state: State, index: int) -> Action:
        """The ``index``-th legal action."""
        legal = state.legal_actions()
        if not 0 <= index < min(len(legal), self.size):
            raise IllegalIndexError(f"index {index}: only {len(legal)} legal actions now")
        return legal[index]

    def label(self, index: int) -> str:
        """Text of ``index``."""
        return f"legal action #{index}"

    def legal_indices(self, state: State) -> list[int]:
        """``0 .. len(legal) - 1``, capped at ``size``."""
        return list(range(min(len(state.legal_actions()), self.size)))


class HashedObservationEncoder(ObservationEncoder):
    """Fallback encoder: the hashing trick over the observation's JSON leaves.

    Each leaf is named by its path (``players/0/money``); a number adds a squashed value
    (``sign(v) * log1p(|v|) / 8``) to the bucket its path hashes to, a true boolean or a string
    adds 1 to the bucket of ``path=value``. Buckets are clipped to ``[-1, 1]``. CRC-32 keeps
    the hashing stable across processes.
    """

    def __init__(self, size: int = 1024) -> None:
        self.layout = Layout()
        self.layout.add("hashed", size)
        self._buckets = size
        self._cache: dict[str, int] = {}

    def _bucket(self, key: str) -> int:
        b = self._cache.get(key)
        if b is None:
            b = zlib.crc32(key.encode("utf-8")) % self._buckets
            if len(self._cache) < 1 << 16:
                self._cache[key] = b
        return b

    def encode(self, observation: dict[str, Any]) -> FloatArray:
        """The hashed vector of ``observation``."""
        acc = np.zeros(self._buckets, dtype=np.float64)
        stack: list[tuple[str, Any]] = [("", observation)]
        while stack:
            path, value = stack.pop()
            if isinstance(value, dict):
                stack.extend((f"{path}/{k}", v) for k, v in value.items())
            elif isinstance(value, list | tuple):
                stack.extend((f"{path}/{i}", v) for i, v in enumerate(value))
            elif isinstance(value, bool):
                if value:
                    acc[self._bucket(f"{path}=true")] += 1.0
            elif isinstance(value, int | float):
                v = float(value)
                if math.isfinite(v):
                    acc[self._bucket(path)] += math.copysign(math.log1p(abs(v)), v) / 8.0
            elif isinstance(value, str):
                acc[self._bucket(f"{path}={value}")] += 1.0
        return np.clip(acc, OBS_LOW, OBS_HIGH).astype(np.float32)


def generic_codec(game: Game) -> GameCodec:
    """The fallback for a game with no codec of its own."""
    return GameCodec(game, LegalIndexCodec(), HashedObservationEncoder(), generic=True)
