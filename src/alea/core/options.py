"""Typed option classes: one frozen dataclass per game, defaults from the seed rules."""

from __future__ import annotations

import dataclasses
import inspect
import re
import types
import typing
from typing import Annotated, Any, Literal, TypeVar, get_args, get_origin

from alea.core.errors import OptionError

OptT = TypeVar("OptT")


def _accepts(tp: Any, value: Any) -> bool:
    origin = get_origin(tp)
    if origin is Literal:
        return value in get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return any(_accepts(t, value) for t in get_args(tp))
    if tp is type(None):
        return value is None
    if tp is bool:
        return isinstance(value, bool)
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if tp is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if tp is str:
        return isinstance(value, str)
    return isinstance(value, tp) if isinstance(tp, type) else True


def _coerce(tp: Any, value: Any) -> Any:
    """Turn command-line strings into the option's type where that is unambiguous."""
    if not isinstance(value, str):
        return value
    candidates = get_args(tp) if get_origin(tp) in (typing.Union, types.UnionType) else (tp,)
    for t in candidates:
        if t is bool and value.lower() in ("true", "false", "yes", "no", "1", "0"):
            return value.lower() in ("true", "yes", "1")
        if t is int:
            try:
                return int(value)
            except ValueError:
                continue
        if t is float:
            try:
                return float(value)
            except ValueError:
                continue
    return value


def parse_options(cls: type[OptT], given: dict[str, Any], game: str) -> OptT:
    """Build ``cls`` from keyword options, naming any unknown option or bad value.

    Strings are converted to the field's type when unambiguous, so command-line
    ``--set max_rounds=50`` works. A number option may carry its inclusive range in its
    annotation, ``Annotated[int, Range(1, 8)]`` (an option left unset, ``None``, is not checked);
    the class may define ``validate()`` for any check a fixed range cannot make.
    """
    hints = typing.get_type_hints(cls)
    fields = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    values: dict[str, Any] = {}
    for name, value in given.items():
        if name not in fields:
            known = ", ".join(sorted(fields))
            raise OptionError(f"{game} has no option {name!r}; its options are: {known}")
        value = _coerce(hints[name], value)
        if not _accepts(hints[name], value):
            raise OptionError(
                f"{game} option {name!r} does not accept {value!r} "
                f"(expected {_describe(hints[name])})"
            )
        values[name] = value
    obj = cls(**values)
    problem = out_of_bounds(obj, ranges(cls))
    check = getattr(obj, "validate", None)
    if problem is None and check is not None:
        problem = check()
    if problem:
        raise OptionError(f"{game}: {problem}")
    return obj


class Range:
    """An ``Annotated`` marker on a number option: the inclusive range ``lo..hi`` it must lie in."""

    def __init__(self, lo: int, hi: int) -> None:
        self.lo = lo
        self.hi = hi


RoundCap = Annotated[int, Range(1, 10_000)]
"""An option capping a game's length in rounds or turns; past it the game ends with no winner."""


def ranges(cls: type) -> dict[str, tuple[int, int]]:
    """Each option of ``cls`` that carries a ``Range``, with its bounds, in field order."""
    out = {}
    for name, hint in typing.get_type_hints(cls, include_extras=True).items():
        for mark in getattr(hint, "__metadata__", ()):
            if isinstance(mark, Range):
                out[name] = (mark.lo, mark.hi)
    return out


def out_of_bounds(obj: Any, bounds: dict[str, tuple[int, int]]) -> str | None:
    """The first option of ``obj`` outside its inclusive range in ``bounds``, as a sentence."""
    for name, (lo, hi) in bounds.items():
        value = getattr(obj, name)
        if value is not None and not lo <= value <= hi:
            return f"option {name!r} must be between {lo} and {hi}, not {value}"
    return None


def _describe(tp: Any) -> str:
    origin = get_origin(tp)
    if origin is Literal:
        return " or ".join(repr(a) for a in get_args(tp))
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_describe(t) for t in get_args(tp))
    return getattr(tp, "__name__", str(tp))


def options_to_json(obj: Any) -> dict[str, Any]:
    """Return the complete, JSON-safe dict of an options dataclass."""
    return dict(dataclasses.asdict(obj))


def _docs(cls: type) -> dict[str, str]:
    """Each option's sentence from the ``Attributes:`` section of the class docstring.

    A line ``a / b, c: text`` documents ``a``, ``b`` and ``c``; indented lines continue it.
    """
    doc = inspect.getdoc(cls) or ""
    out: dict[str, str] = {}
    inside = False
    names: list[str] = []
    for line in doc.splitlines():
        if line.strip() == "Attributes:":
            inside = True
            continue
        if not inside:
            continue
        if not line.strip():
            if names:
                break
            continue
        if line.startswith("    ") and not line.startswith("        ") and ":" in line:
            head, _, text = line.strip().partition(": ")
            names = [n.strip(" `") for n in re.split(r"[/,]", head)]
            for n in names:
                out[n] = text.strip().replace("``", "")
        elif names:
            for n in names:
                out[n] = f"{out[n]} {line.strip().replace('``', '')}"
    return out


def describe_options(obj: Any) -> list[dict[str, Any]]:
    """Every option of an options dataclass: name, default, kind, choices and description.

    ``kind`` is ``bool``, ``int``, ``float``, ``str`` or ``choice`` (with ``choices``); an
    option that may also be ``None`` says so in ``optional``. This is what a front end needs to
    offer the variants of a game.
    """
    cls = type(obj)
    hints = typing.get_type_hints(cls)
    docs = _docs(cls)
    out = []
    for f in dataclasses.fields(obj):
        tp = hints[f.name]
        args = get_args(tp) if get_origin(tp) in (typing.Union, types.UnionType) else (tp,)
        optional = type(None) in args
        core = [a for a in args if a is not type(None)]
        entry: dict[str, Any] = {
            "name": f.name,
            "default": getattr(obj, f.name),
            "optional": optional,
            "description": docs.get(f.name, ""),
        }
        first = core[0] if core else str
        if get_origin(first) is Literal:
            entry["kind"] = "choice"
            entry["choices"] = list(get_args(first))
        else:
            entry["kind"] = getattr(first, "__name__", "str")
        out.append(entry)
    return out
