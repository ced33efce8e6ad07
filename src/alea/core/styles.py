"""A bot's style: the numbers and switches of its plan, as a frozen dataclass.

A game's heuristic bot may take style parameters (``heuristic:horizon=12,anchor=0``); its
``Style`` subclasses :class:`BotStyle`, whose defaults are the ``normal`` bot, and the game's
``STYLE_SPACE`` gives each parameter's range for ``alea lab tune-bot``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar, TypeVar

S = TypeVar("S", bound="BotStyle")


@dataclass(frozen=True)
class BotStyle:
    """The base of a game bot's style: its limits and what differs from the defaults.

    A subclass names its bot (``WHO``) and the values each parameter may take (``LIMITS``:
    low and high, high ``None`` for no upper bound); a value outside them is refused.
    """

    WHO: ClassVar[str] = "the bot"
    LIMITS: ClassVar[Mapping[str, tuple[float, float | None]]] = {}

    def __post_init__(self) -> None:
        for name, (low, high) in self.LIMITS.items():
            value = getattr(self, name)
            if value < low or (high is not None and value > high):
                bound = f"at least {low:g}" if high is None else f"from {low:g} to {high:g}"
                raise ValueError(f"{self.WHO}'s {name} must be {bound}")

    def changed(self) -> dict[str, Any]:
        """The parameters that differ from the defaults, by name."""
        base = type(self)()
        return {k: v for k, v in asdict(self).items() if v != getattr(base, k)}


def read_style(cls: type[S], given: Mapping[str, Any]) -> S:
    """The style ``cls`` from an agent spec's parameters (switches given as 0 or 1).

    Raises:
        ValueError: a parameter ``cls`` does not have, or a value outside its limits.

    """
    kinds = {f.name: f.type for f in fields(cls)}
    unknown = sorted(set(given) - set(kinds))
    if unknown:
        raise ValueError(
            f"{cls.WHO} has no parameter {', '.join(unknown)}; it takes: {', '.join(sorted(kinds))}"
        )
    style = dict(given)
    for key, value in style.items():
        if kinds[key] in ("bool", bool):
            style[key] = bool(value)
        elif kinds[key] in ("float", float):
            style[key] = float(value)
    return cls(**style)
