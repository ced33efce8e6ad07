"""The search space of ``alea lab tune``: which options vary, over what values, and checks.

A ``Param`` is an integer or float range or a list of choices; ``default_space`` finds the
options a game declares as tunable (or every numeric and true/false option), ``parse_params``
reads ``--param`` specs, and ``check_space`` refuses a space the game could never load.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args, get_origin

from alea.core.options import parse_options
from alea.core.registry import load
from alea.lab.plan import LabError


@dataclass(frozen=True)
class Param:
    """One option to search: an inclusive integer range, or a list of choices.

    Attributes:
        name: the option.
        low: smallest value (integer ranges).
        high: largest value (integer ranges).
        choices: the values to try (bools, strings, numbers), for a choice.

    """

    name: str
    low: int | None = None
    high: int | None = None
    choices: tuple[Any, ...] = ()

    def describe(self) -> str:
        """``name=lo:hi`` or ``name=a,b,c``, as the command line takes it."""
        if self.choices:
            return f"{self.name}=" + ",".join(value_text(c) for c in self.choices)
        return f"{self.name}={self.low}:{self.high}"

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        if self.choices:
            return {"name": self.name, "choices": list(self.choices)}
        return {"name": self.name, "low": self.low, "high": self.high}


def value_text(value: Any) -> str:
    """An option value as ``--set`` writes it (``true``/``false`` for booleans)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _option_types(game: str) -> tuple[Any, dict[str, Any]]:
    """The game's options object and the type hint of each option field."""
    opts = getattr(load(game), "opts", None)
    if opts is None or not dataclasses.is_dataclass(opts):
        raise LabError(f"{game} has no options class to tune")
    hints = typing.get_type_hints(type(opts))
    return opts, {f.name: hints[f.name] for f in dataclasses.fields(opts)}


def _core_type(tp: Any) -> Any:
    """The option's type without ``None`` (``int | None`` is ``int``)."""
    if get_origin(tp) in (typing.Union, types.UnionType):
        args = [a for a in get_args(tp) if a is not type(None)]
        return args[0] if len(args) == 1 else tp
    return tp


def _default_param(name: str, tp: Any, default: Any) -> Param | None:
    core = _core_type(tp)
    if core is bool:
        return Param(name, choices=(True, False))
    if get_origin(core) is Literal:
        return Param(name, choices=tuple(get_args(core)))
    if core is int and isinstance(default, int) and not isinstance(default, bool):
        return Param(name, low=max(0, default // 2), high=max(1, default * 2))
    return None


def default_space(game: str) -> list[Param]:
    """What to search when no ``--param`` is given: the options class's ``TUNE_SPACE``.

    A game whose options class has no ``TUNE_SPACE`` searches every on/off and choice option;
    numbers are searched only when named with a range, since only the game knows what range
    of a cost or a count is sensible.
    """
    opts, hints = _option_types(game)
    declared = getattr(type(opts), "TUNE_SPACE", None)
    if isinstance(declared, dict) and declared:
        return [_from_declared(game, name, spec, hints) for name, spec in declared.items()]
    out = []
    for name, tp in hints.items():
        if name == "players" or (
            isinstance(getattr(opts, name), int | float)
            and not isinstance(getattr(opts, name), bool)
        ):
            continue  # numbers need a range that says what is sensible: --param name=lo:hi
        param = _default_param(name, tp, getattr(opts, name))
        if param is not None:
            out.append(param)
    if not out:
        raise LabError(f"{game} has no option the tuner can search; name some with --param")
    return out


def _from_declared(game: str, name: str, spec: Any, hints: dict[str, Any]) -> Param:
    if name not in hints:
        raise LabError(f"{game}'s TUNE_SPACE names {name!r}, which is not one of its options")
    if isinstance(spec, tuple) and len(spec) == 2:
        return Param(name, low=int(spec[0]), high=int(spec[1]))
    return Param(name, choices=tuple(spec))


def parse_params(game: str, items: Sequence[str]) -> list[Param]:
    """Read ``--param`` items: ``name=lo:hi``, ``name=a,b,c`` or a bare ``name`` (its default).

    Raises:
        LabError: an unknown option, a repeated one, a bad range or a value the option refuses.

    """
    if not items:
        return default_space(game)
    opts, hints = _option_types(game)
    declared = getattr(type(opts), "TUNE_SPACE", None) or {}
    out: list[Param] = []
    for item in items:
        name, eq, rest = (x.strip() for x in item.partition("="))
        if name not in hints or name == "players":
            known = ", ".join(n for n in hints if n != "players")
            raise LabError(f"--param {item!r}: {game} has no option {name!r}; its options: {known}")
        if name in (p.name for p in out):
            raise LabError(f"--param {name} is given twice")
        if not eq:
            if name in declared:
                out.append(_from_declared(game, name, declared[name], hints))
                continue
            param = _default_param(name, hints[name], getattr(opts, name))
            if param is None:
                raise LabError(f"--param {name}: give its values, e.g. {name}=1:4 or {name}=a,b")
            out.append(param)
            continue
        core = _core_type(hints[name])
        if ":" in rest and core is int:
            lo, _, hi = rest.partition(":")
            try:
                low, high = int(lo), int(hi)
            except ValueError:
                raise LabError(f"--param {item!r}: a range is two whole numbers, lo:hi") from None
            if low > high:
                raise LabError(f"--param {item!r}: the range is empty ({low} > {high})")
            out.append(Param(name, low=low, high=high))
            continue
        values = [v.strip() for v in rest.split(",") if v.strip()]
        if len(values) < 2:
            raise LabError(f"--param {item!r}: give a range lo:hi or at least two values a,b")
        out.append(Param(name, choices=tuple(_coerce(core, v) for v in values)))
    return out


def _coerce(core: Any, text: str) -> Any:
    if core is bool:
        return text.lower() in ("true", "yes", "1")
    if core is int:
        try:
            return int(text)
        except ValueError:
            return text
    return text


def check_space(game: str, base: dict[str, Any], space: Sequence[Param]) -> None:
    """Check every end of every range and every choice against the game's options class.

    Each value is checked alone, with the fixed options, by the options class (types and
    ranges); a combination the game refuses as a whole (a start hex outside the zone another
    option picks, say) is found when a trial proposes it, and scores :data:`REFUSED`.

    Raises:
        LabError: a value the options class refuses (named with the option), or an option
            both fixed with ``--set`` and searched.

    """
    opts, hints = _option_types(game)
    fixed = {k: v for k, v in base.items() if k in hints}  # ``players`` is the game's, not theirs
    for p in space:
        if p.name in base:
            raise LabError(f"option {p.name!r} is both fixed by --set and searched by --param")
        values = p.choices or (p.low, p.high)
        for v in values:
            try:
                parse_options(type(opts), {**fixed, p.name: v}, game)
            except ValueError as exc:
                raise LabError(f"--param {p.describe()}: {exc}") from None
