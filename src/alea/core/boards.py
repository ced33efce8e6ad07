"""What every game's data shares: reading its files, the error it raises, finding a place by name.

Each game keeps its board, charts, cards and the phrases of its stages as JSON files in its
package's ``data`` folder; ``read_data`` reads one, and a game's own parser checks it.
"""

from __future__ import annotations

import dataclasses
import json
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from importlib import resources
from typing import Any, Final, TypeVar

from alea.core.errors import AleaError


class BoardError(AleaError):
    """A game's board, chart or card data breaks one of its invariants, or names nothing there."""


def read_data(package: str, name: str) -> Any:
    """The JSON data file ``data/<name>`` of the game package ``package``, parsed."""
    return json.loads(resources.files(package).joinpath("data", name).read_text("utf-8"))


T = TypeVar("T")

_PLAIN: Final = {"int": int, "str": str, "bool": bool, "float": float}


def record_of(cls: type[T], data: Mapping[str, Any], **given: Any) -> T:
    """The dataclass ``cls`` built from a record of a data file.

    Each field not in ``given`` is the record's value of the same name, made an ``int``,
    ``str``, ``bool`` or ``float`` as the field is declared; a field of another type must be
    given. A missing key raises ``KeyError``, a value of the wrong kind ``ValueError``, as
    reading each by hand would.
    """
    values = dict(given)
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if f.name not in values:
            kind = _PLAIN.get(f.type if isinstance(f.type, str) else f.type.__name__)
            if kind is None:
                raise TypeError(f"{cls.__name__}.{f.name} is not a plain value: give it")
            values[f.name] = kind(data[f.name])
    return cls(**values)


def stage_table(data: Any, count: int) -> tuple[tuple[str, ...], dict[str, str]]:
    """A game's stages, from its data: each stage's name, by its code, and a phrase for each.

    Args:
        data: the names of the stages in the order of their codes, each with the phrase that
            says what the player to move is doing (``{"setup": "rolling for the first player"}``).
        count: how many stage codes the rules number (0 to ``count - 1``).

    Raises:
        BoardError: ``data`` is not such a table, or names another number of stages.

    """
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) and k and v for k, v in data.items()
    ):
        raise BoardError("the stages must be names, each with a phrase")
    names = tuple(data)
    check_names(names, count, "stages", "game")
    return names, dict(data)


def index_of(by_name: Mapping[str, int], name: str, what: str) -> int:
    """The index of the place called exactly ``name``; ``BoardError`` if there is no such ``what``.

    Args:
        by_name: each place's index by its name.
        name: the name asked for.
        what: the kind of place, for the error ("market", "land").

    """
    try:
        return by_name[name]
    except KeyError:
        raise BoardError(f"there is no {what} called {name!r}") from None


def check_names(names: Sequence[str], count: int, what: str, holder: str) -> None:
    """``BoardError`` unless ``holder`` has ``count`` ``what`` (a plural), no two of one name."""
    if len(names) != count:
        raise BoardError(f"the {holder} has {len(names)} {what}, not {count}")
    for i, name in enumerate(names):
        if names.index(name) != i:
            raise BoardError(f"two {what} are called {name}")


def hops(start: int, neighbours: Callable[[int], Iterable[int]]) -> dict[int, int]:
    """Steps from ``start`` to each place it reaches, going from a place to its ``neighbours``."""
    steps = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for n in neighbours(here):
            if n not in steps:
                steps[n] = steps[here] + 1
                queue.append(n)
    return steps


def find_typed(
    text: str,
    names: Sequence[str],
    rank: Callable[[int], Any],
    alias: Callable[[str], int | None] = lambda _: None,
) -> int | None:
    """The place a player typed, in any case and spacing; ``None`` if none fits.

    A whole name wins first, then ``alias`` (given the cleaned lower-case text), then the
    names that start with the text: of those, the one with the least ``rank``.
    """
    t = " ".join(text.split()).lower()
    if not t:
        return None
    lowered = [name.lower() for name in names]
    if t in lowered:
        return lowered.index(t)
    found = alias(t)
    if found is not None:
        return found
    hits = [i for i, name in enumerate(lowered) if name.startswith(t)]
    return min(hits, key=rank) if hits else None
