"""Time controls: a real-time clock per seat, or a time limit per move, kept by the server.

A game's ``clock`` option is one of:

- ``{"kind": "none"}`` (the default): no clock;
- ``{"kind": "realtime", "base": 900, "increment": 10}``: each seat has ``base`` seconds for the
  whole game; its clock runs while the game waits for its decision, and gains ``increment``
  seconds each time the turn passes from it;
- ``{"kind": "move", "per_move": 86400}``: correspondence; each time the turn comes to a seat it
  has ``per_move`` seconds to play.

and ``on_timeout`` is ``"bot"`` (a bot stands in for the seat until its player takes it back;
the seat link keeps working) or ``"forfeit"`` (the seat is the bot's for good, its link revoked,
and the seat is marked as having forfeited). Only human seats have a running clock; the clock
is stopped while chance or a bot is to play and while the game waits for an open seat.

The clock is wall time: its state is stored with the game (``games.clock``, and the moment it
runs out in ``games.clock_deadline``), so it runs on through a restart of the server.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from typing import Any

KINDS = ("none", "realtime", "move")
TIMEOUTS = ("bot", "forfeit")
MAX_SECONDS = 30 * 86400.0
"""Longest time a clock may be given (a month)."""
RECLAIM_GRACE = 60.0
"""Seconds a real-time seat has when its player takes it back from a stand-in bot."""


def now() -> float:
    """Wall time in seconds (the clocks' time base)."""
    return datetime.now(UTC).timestamp()


def _seconds(spec: dict[str, Any], key: str, low: float) -> float:
    value = spec.get(key)
    if not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(value):
        raise ValueError(f"clock: {key} is a number of seconds")
    if not low <= value <= MAX_SECONDS:
        raise ValueError(f"clock: {key} is from {low:g} to {MAX_SECONDS:g} seconds")
    return float(value)


@dataclass
class Clock:
    """The clocks of a game's seats."""

    kind: str
    on_timeout: str
    base: float = 0.0
    increment: float = 0.0
    per_move: float = 0.0
    left: list[float] = field(default_factory=list)
    """Seconds each seat has left (of its whole game, or of its current move)."""
    seat: int | None = None
    """The seat whose clock runs, if any."""
    since: float = 0.0
    """When it started to run (wall time)."""

    @staticmethod
    def parse(spec: Any, on_timeout: Any, seats: int) -> Clock | None:
        """The clock a new game asked for (``None``: none), or ``ValueError`` saying why not."""
        if spec is None:
            return None
        if not isinstance(spec, dict):
            raise ValueError("clock is an object such as {'kind': 'realtime', 'base': 900}")
        kind = spec.get("kind", "none")
        if kind not in KINDS:
            raise ValueError(f"clock: kind is one of {', '.join(KINDS)}, not {str(kind)[:20]!r}")
        if kind == "none":
            return None
        timeout = "bot" if on_timeout is None else on_timeout
        if timeout not in TIMEOUTS:
            raise ValueError(f"on_timeout is one of {', '.join(TIMEOUTS)}")
        if kind == "realtime":
            base = _seconds(spec, "base", 1.0)
            inc = _seconds({"increment": spec.get("increment", 0)}, "increment", 0.0)
            return Clock(kind, timeout, base=base, increment=inc, left=[base] * seats)
        per_move = _seconds(spec, "per_move", 1.0)
        return Clock(kind, timeout, per_move=per_move, left=[per_move] * seats)

    def to_json(self) -> dict[str, Any]:
        """The stored form: every field by its name."""
        return asdict(self)

    @staticmethod
    def from_json(d: dict[str, Any]) -> Clock:
        """The clock stored by ``to_json``."""
        return Clock(
            d["kind"],
            d["on_timeout"],
            d.get("base", 0.0),
            d.get("increment", 0.0),
            d.get("per_move", 0.0),
            list(d["left"]),
            d.get("seat"),
            d.get("since", 0.0),
        )

    def remaining(self, seat: int, at: float) -> float:
        """Seconds ``seat`` has left at wall time ``at``."""
        left = self.left[seat]
        if self.seat == seat:
            left -= at - self.since
        return max(0.0, left)

    def run(self, seat: int | None, at: float) -> bool:
        """Let ``seat``'s clock run from ``at`` (``None``: stop them all); whether it changed."""
        if seat == self.seat:
            return False
        if self.seat is not None:
            self.left[self.seat] = self.remaining(self.seat, at) + self.increment
        self.seat = seat
        self.since = at
        if seat is not None and self.kind == "move":
            self.left[seat] = self.per_move
        return True

    def deadline(self) -> float | None:
        """When the running clock runs out (wall time), if one runs."""
        return None if self.seat is None else self.since + self.left[self.seat]

    def grace(self, seat: int, at: float) -> None:
        """Give a seat taken back from a stand-in bot the time of a move."""
        self.left[seat] = (
            self.per_move if self.kind == "move" else max(RECLAIM_GRACE, self.increment)
        )
        if self.seat == seat:
            self.since = at

    def public(self, at: float) -> dict[str, Any]:
        """What every viewer is shown: each seat's time left now, and whose clock runs."""
        return {
            "kind": self.kind,
            "on_timeout": self.on_timeout,
            "left": [round(self.remaining(s, at), 1) for s in range(len(self.left))],
            "running": self.seat,
        }
