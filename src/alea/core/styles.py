"""A bot's style: the numbers and switches of its plan, as a frozen dataclass.

A game's heuristic bot may take style parameters (``heuristic:horizon=12,anchor=0``); its
``Style`` subclasses :class:`BotStyle`, whose defaults are the ``normal`` bot, and the game's
``STYLE_SPACE`` gives each parameter's range for ``alea lab tune-bot``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, TypeVar

S = TypeVar("S", bound="BotStyle")


@dataclass(frozen=True)
class BotStyle:
    """The base of a game bot's style: its checks and what differs from the defaults."""

    def check(self, who: str, checks: Iterable[tuple[bool, str]]) -> None:
        """Raise ``ValueError`` naming ``who`` and the first rule of ``checks`` broken."""
        for ok, why in checks:
            if not ok:
                raise ValueError(f"{who}'s {why}")

    def changed(self) -> dict[str, Any]:
        """The parameters that differ from the defaults, by name."""
        base = type(self)()
        return {k: v for k, v in asdict(self).items() if v != getattr(base, k)}


def read_style(cls: type[S], who: str, given: Mapping[str, Any]) -> S:
    """The style ``cls`` from an agent spec's parameters (switches given as 0 or 1).

    Raises:
        ValueError: a parameter ``cls`` does not have (naming ``who``), or a value it refuses.

    """
    kinds = {f.name: f.type for f in fields(cls)}
    unknown = sorted(set(given) - set(kinds))
    if unknown:
        raise ValueError(
            f"{who} has no parameter {', '.join(unknown)}; it takes: {', '.join(sorted(kinds))}"
        )
    style = dict(given)
    for key, value in style.items():
        if kinds[key] in ("bool", bool):
            style[key] = bool(value)
        elif kinds[key] in ("float", float):
            style[key] = float(value)
    return cls(**style)
