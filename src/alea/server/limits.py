"""What the server lets one client, and everyone together, do: rates, caps, sizes and bot budgets.

Every figure is the operator's to change (``create_app(limits=...)``, ``alea serve --limit
NAME=VALUE``); the defaults suit a server open to the public. A client is one network address:
behind a proxy every player shares the proxy's address, and the per-client figures should be
raised to match.
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
import time
from dataclasses import dataclass
from typing import Any

from alea.agents import AGENT_KINDS, parse_spec


@dataclass(frozen=True)
class Limits:
    """The server's limits; every field may be set by the operator."""

    message_rate: float = 20.0
    """Messages a second one WebSocket connection may send on average."""
    message_burst: float = 40.0
    """Messages one connection may send at once."""
    client_message_rate: float = 60.0
    """Messages a second one client may send over all its connections."""
    client_message_burst: float = 120.0
    """Messages one client may send at once over all its connections."""
    max_message: int = 4096
    """Largest message a client may send, in bytes; larger ones get an error."""
    max_frame: int = 65536
    """Largest WebSocket frame read at all, in bytes; a larger one closes the connection (1009)."""
    max_record: int = 5_000_000
    """Largest record a client may import, in bytes."""
    create_rate: float = 0.2
    """Games a second one client may create on average."""
    create_burst: float = 20.0
    """Games one client may create at once."""
    join_rate: float = 2.0
    """WebSocket connections a second one client may open on average."""
    join_burst: float = 60.0
    """WebSocket connections one client may open at once."""
    seat_rate: float = 0.2
    """Open seats a second one client may take from the lobby on average."""
    seat_burst: float = 10.0
    """Open seats one client may take at once."""
    chat_rate: float = 0.5
    """Chat lines a second one client may write on average."""
    chat_burst: float = 5.0
    """Chat lines one client may write at once."""
    import_rate: float = 0.1
    """Records a second one client may import on average."""
    import_burst: float = 5.0
    """Records one client may import at once."""
    signin_rate: float = 0.2
    """Sign-ins and registrations a second one client may try on average."""
    signin_burst: float = 10.0
    """Sign-ins and registrations one client may try at once."""
    frame_rate: float = 20.0
    """Replay frames a second one client may ask for on average."""
    frame_burst: float = 60.0
    """Replay frames one client may ask for at once."""
    max_connections_per_client: int = 64
    """WebSocket connections one client may hold open."""
    max_connections_per_seat: int = 4
    """Connections one seat link may hold open (tabs, devices)."""
    max_open_per_client: int = 20
    """Unfinished games (open or running) one client may have created."""
    max_open_games: int = 5000
    """Unfinished games the server holds in all."""
    open_ttl: float = 3600.0
    """Seconds an open game waits for its first player before it expires."""
    idle_ttl: float = 7 * 86400.0
    """Seconds a running game may go without a move before it expires."""
    room_ttl: float = 60.0
    """Seconds a game nobody watches stays in memory after its last move."""
    sweep_every: float = 15.0
    """Seconds between two sweeps for idle games and rooms."""
    bot_time: float = 10.0
    """Most seconds a search bot may think per decision."""
    bot_iterations: int = 1_000_000
    """Most iterations a search bot may be given per decision."""
    live_bot_games: int = 50
    """All-bot games played on at once after a restart (the rest wait their turn)."""
    fixed_seeds: bool = False
    """Whether a chosen seed is accepted for games with a human seat (tests and local study
    only: a player who knows the seed knows every card to come)."""

    def replace(self, **changes: Any) -> Limits:
        """A copy with ``changes``, each converted to its field's type and checked."""
        fields = {f.name: f for f in dataclasses.fields(self)}
        out: dict[str, Any] = {}
        for name, value in changes.items():
            if name not in fields:
                known = ", ".join(sorted(fields))
                raise ValueError(f"there is no limit {name!r}; the limits are: {known}")
            kind = type(getattr(self, name))
            out[name] = _convert(name, kind, value)
        return dataclasses.replace(self, **out)


def _convert(name: str, kind: type, value: Any) -> Any:
    if kind is bool:
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("1", "true", "yes", "on"):
            return True
        if text in ("0", "false", "no", "off"):
            return False
        raise ValueError(f"limit {name} is true or false, not {value!r}")
    try:
        number = kind(value)
    except (TypeError, ValueError):
        raise ValueError(f"limit {name} must be a number, not {value!r}") from None
    if not math.isfinite(number) or number < 0:
        raise ValueError(f"limit {name} must be a finite number of at least 0, not {value!r}")
    return number


def client_key(host: str | None) -> str:
    """The stored form of a client's address (a digest: addresses are not kept)."""
    return hashlib.sha256(f"alea-client/{host or '?'}".encode()).hexdigest()[:32]


class Bucket:
    """A token bucket: ``take`` one if allowed now, or ask how long to ``wait``."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = max(1.0, burst)
        self.level = self.burst
        self.stamp = time.monotonic()

    def _fill(self) -> None:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now

    def take(self) -> bool:
        """Spend one token if there is one."""
        self._fill()
        if self.level < 1:
            return False
        self.level -= 1
        return True

    def wait(self) -> float:
        """Seconds until the next token (0: now)."""
        self._fill()
        if self.level >= 1:
            return 0.0
        if self.rate <= 0:
            return math.inf
        return (1 - self.level) / self.rate

    def full(self) -> bool:
        """Whether the bucket has refilled completely (nothing to remember about it)."""
        self._fill()
        return self.level >= self.burst


class ClientBuckets:
    """One bucket per client, forgetting clients whose bucket has refilled."""

    def __init__(self, rate: float, burst: float, keep: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.keep = keep
        self.buckets: dict[str, Bucket] = {}

    def get(self, client: str) -> Bucket:
        """The bucket of ``client``."""
        bucket = self.buckets.get(client)
        if bucket is None:
            if len(self.buckets) >= self.keep:
                self.buckets = {k: b for k, b in self.buckets.items() if not b.full()}
            bucket = self.buckets[client] = Bucket(self.rate, self.burst)
        return bucket

    def take(self, client: str) -> bool:
        """Spend one of ``client``'s tokens if it has one."""
        return self.get(client).take()


_MCTS_BOUNDS: dict[str, tuple[float, float, bool]] = {
    "c": (0.0, 100.0, False),
    "rollout_depth": (0, 1000, True),
    "widening": (0.0, 100.0, False),
    "prior_weight": (0.0, 100.0, False),
}
MAX_SPEC = 120
"""Longest agent spec accepted, in characters."""


def check_agent(spec: Any, limits: Limits) -> str:
    """``spec`` if it names an agent within the server's bounds; else ``ValueError`` saying why.

    Every number must be finite and within its bound: a search bot thinks at most
    ``limits.bot_time`` seconds and ``limits.bot_iterations`` iterations a decision.
    """
    if spec is None:
        return "heuristic"
    if not isinstance(spec, str) or not spec.strip() or len(spec) > MAX_SPEC:
        raise ValueError(
            f"an agent is a text such as 'heuristic' or 'mcts:time=2', "
            f"at most {MAX_SPEC} characters"
        )
    kind, _, rest = spec.partition(":")
    kind = kind.strip()
    if kind not in AGENT_KINDS:
        raise ValueError(f"no agent kind {kind!r}; the kinds are: {', '.join(AGENT_KINDS)}")
    bounds: dict[str, tuple[float, float, bool]] = {}
    if kind in ("mcts", "hard", "expert"):
        bounds = {
            **_MCTS_BOUNDS,
            "time": (0.0, limits.bot_time, False),
            "iterations": (1, limits.bot_iterations, True),
        }
        if kind != "mcts":
            bounds["turn_time"] = (0.0, 10 * limits.bot_time, False)
    elif kind == "easy":
        bounds = {"mistakes": (0.0, 1.0, False)}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, text = part.partition("=")
        key = key.strip()
        if not eq:
            raise ValueError(f"agent parameter {part!r} should be key=value")
        if key not in bounds:
            takes = ", ".join(sorted(bounds)) or "nothing"
            raise ValueError(
                f"agent {kind} takes no parameter {key!r} on this server (it takes: {takes})"
            )
        lo, hi, whole = bounds[key]
        _check_number(kind, key, text.strip(), lo, hi, whole)
    try:
        parse_spec(spec)
    except Exception as exc:  # any refusal of the agent itself is the client's mistake
        raise ValueError(f"agent {spec!r} cannot be built: {exc}") from None
    return spec


def _check_number(kind: str, key: str, text: str, lo: float, hi: float, whole: bool) -> None:
    what = "a whole number" if whole else "a number"
    rng = (
        f"above 0 and at most {hi:g} seconds"
        if key in ("time", "turn_time")
        else f"from {lo:g} to {hi:g}"
    )
    try:
        value = float(int(text)) if whole else float(text)
    except ValueError:
        raise ValueError(f"{kind} {key} must be {what} {rng}, not {text[:20]!r}") from None
    ok = (
        math.isfinite(value)
        and lo <= value <= hi
        and not (key in ("time", "turn_time") and value <= 0)
    )
    if not ok:
        raise ValueError(f"{kind} {key} must be {what} {rng}, not {text[:20]!r}")
