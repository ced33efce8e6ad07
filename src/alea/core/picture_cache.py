"""Board parts drawn once for what they show, and drawn again only when that changes.

A board picture is built from parts (the map's markets, a family's card, a ladder), and from
one view of a game to the next most parts show exactly what they showed before: a bot's move
changes one market or one family, not the whole board. ``drawn_from`` keeps a part's drawing
keyed by the observation's entries the part is drawn from (and its other arguments), so the
server draws only what a move changed.

A part is correct under the cache only if it reads nothing but the entries it names. The
wrapper enforces that by construction: the part receives a dictionary holding only those
entries (a missing one is simply absent, as in the observation), never the whole observation.
``caching(False)`` turns the cache off and hands every part the whole observation, which is how
the tests check, position by position, that the cached pictures equal the uncached ones.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache, update_wrapper
from typing import Any, Final, Generic, TypeVar, cast

__all__ = ["PARTS", "caching", "drawn_from"]

R = TypeVar("R")

PARTS: Final[list[Callable[..., Any]]] = []
"""Every part kept by ``drawn_from`` (so a test or a bench can clear or count them)."""

_STATE = threading.local()
_RECENT: Final = 8
"""Observations whose entries' texts are remembered at once, per thread."""


def _enabled() -> bool:
    return bool(getattr(_STATE, "on", True))


@contextmanager
def caching(on: bool) -> Iterator[None]:
    """Within the block (in this thread), parts are kept (``True``) or always drawn afresh."""
    before = _enabled()
    _STATE.on = on
    try:
        yield
    finally:
        _STATE.on = before


class _Key:
    """A cache key: the text of what a part is drawn from, and the observation to draw it from."""

    __slots__ = ("args", "obs", "text")

    def __init__(self, text: str, obs: dict[str, Any], args: tuple[Any, ...]) -> None:
        self.text = text
        self.obs = obs
        self.args = args

    def __hash__(self) -> int:
        return hash(self.text)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Key) and other.text == self.text


def _fresh(value: Any) -> Any:
    """A copy of a kept drawing that its caller may extend without touching the kept one."""
    if type(value) is list:
        return list(value)
    if type(value) is tuple:
        return tuple(_fresh(v) for v in value)
    return value


def _shown(obs: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    """The entries of ``obs`` named by ``keys``.

    ``"players.money"`` keeps, of each entry of the list ``obs["players"]``, only its
    ``"money"`` (several such keys merge).
    """
    shown: dict[str, Any] = {}
    for key in keys:
        top, _, sub = key.partition(".")
        if top not in obs:
            continue
        if not sub:
            shown[top] = obs[top]
            continue
        rows = shown.setdefault(top, [{} for _ in obs[top]])
        for row, item in zip(rows, obs[top], strict=True):
            if sub in item:
                row[sub] = item[sub]
    return shown


def _texts(obs: dict[str, Any]) -> dict[str, str]:
    """The JSON texts of ``obs``'s entries written so far while drawing it (in this thread).

    The parts of one picture share the entries they are drawn from, so each entry is written
    once. The few latest observations are remembered, so the dictionaries a picture makes for
    single parts (a family's card) do not make it forget its observation.
    """
    recent: dict[int, tuple[dict[str, Any], dict[str, str]]] | None = getattr(
        _STATE, "recent", None
    )
    if recent is None:
        recent = _STATE.recent = {}
    seen = recent.get(id(obs))
    if seen is not None and seen[0] is obs:
        return seen[1]
    if len(recent) >= _RECENT:
        del recent[next(iter(recent))]
    texts: dict[str, str] = {}
    recent[id(obs)] = (obs, texts)
    return texts


_SCALARS: Final = frozenset({int, str, float, bool, type(None)})
"""Values whose ``repr`` tells them apart from every other value as well as JSON does."""
_JSON: Final = json.JSONEncoder(default=repr)
"""Writes keys' entries (one encoder for all: ``json.dumps`` with options makes a new one)."""


def _args_text(args: tuple[Any, ...]) -> str:
    """The text of a part's arguments: ``repr`` for scalars alone (the usual case), else JSON."""
    if all(type(a) in _SCALARS for a in args):
        return repr(args)
    return _JSON.encode(args)


def _entry_text(obs: dict[str, Any], key: str) -> str:
    top, _, sub = key.partition(".")
    if top not in obs:
        return "-"
    if not sub:
        value = obs[top]
        if type(value) in _SCALARS:
            return repr(value)
        return _JSON.encode(value)
    return _JSON.encode([[sub in item, item.get(sub)] for item in obs[top]])


class _Part(Generic[R]):
    def __init__(self, draw: Callable[..., R], keys: tuple[str, ...], size: int) -> None:
        whole = {k for k in keys if "." not in k}
        for k in keys:
            if k.partition(".")[0] in whole and "." in k:
                raise ValueError(f"{k!r} is already kept whole by another key")
        self.draw = draw
        self.keys = keys
        self.kept: Callable[[_Key], R] = lru_cache(maxsize=size)(self._draw_key)
        update_wrapper(self, draw)

    def _draw_key(self, key: _Key) -> R:
        # Only a part not kept yet is drawn; the key it is kept under then holds no more of
        # the observation than the part shows.
        key.obs = _shown(key.obs, self.keys)
        return self.draw(key.obs, *key.args)

    def __call__(self, obs: dict[str, Any], *args: Any) -> R:
        if not _enabled():
            return self.draw(obs, *args)
        texts = _texts(obs)
        key = []
        for k in self.keys:
            entry = texts.get(k)
            if entry is None:
                entry = texts[k] = _entry_text(obs, k)
            key.append(entry)
        key.append(_args_text(args))
        return cast(R, _fresh(self.kept(_Key("\x1e".join(key), obs, args))))

    def cache_clear(self) -> None:
        self.kept.cache_clear()  # type: ignore[attr-defined]


def drawn_from(*keys: str, size: int = 512) -> Callable[[Callable[..., R]], Callable[..., R]]:
    """Keep a part ``draw(obs, *args)`` by the entries ``keys`` of ``obs`` and by ``args``.

    A key ``"list.field"`` names one field of every entry of a list (a seat's money among
    everything the observation says of the seat).

    ``args`` must be JSON values (numbers, strings, lists, tuples); the ``size`` latest
    drawings are kept. Lists and tuples returned are copied, so callers may extend them.
    """

    def wrap(draw: Callable[..., R]) -> Callable[..., R]:
        part = _Part(draw, keys, size)
        PARTS.append(part)
        return part

    return wrap
