"""Who sits in each seat: a human at the keyboard, or an agent built from a spec."""

from __future__ import annotations

import difflib
import inspect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from alea.agents import AGENT_KINDS, HeuristicAgent, make, parse_spec
from alea.core.agent import Agent
from alea.core.errors import AleaError, OptionError, RecordError
from alea.core.game import Game
from alea.core.registry import bot_factory

HUMAN: Final = "human"


class SeatError(AleaError, ValueError):
    """A seat assignment that names no seat or no kind of player."""


@dataclass
class Seat:
    """One seat: ``agent`` is ``None`` for a human."""

    name: str
    agent: Agent | None

    @property
    def human(self) -> bool:
        """Whether a person answers this seat's prompts."""
        return self.agent is None

    def spec(self) -> dict[str, Any]:
        """The seat's player as stored in a game record."""
        return {"name": HUMAN} if self.agent is None else self.agent.spec()

    def describe(self) -> str:
        """``human``, or the agent's spec as it would be typed (``mcts:time=2``)."""
        spec = self.spec()
        params = ",".join(f"{k}={v}" for k, v in spec.items() if k != "name")
        return f"{spec['name']}:{params}" if params else str(spec["name"])


def has_heuristic(game: Game) -> bool:
    """Whether ``game`` registered a heuristic bot for the ``heuristic`` agent to use."""
    return bot_factory(game.name, "heuristic") is not None


def _check(game: Game, agent: Agent) -> Agent:
    if isinstance(agent, HeuristicAgent) and not has_heuristic(game):
        raise SeatError(f"{game.name} has no heuristic bot yet; choose another kind, e.g. random")
    return agent


def _did_you_mean(word: str, names: Sequence[str]) -> str:
    close = difflib.get_close_matches(word.lower(), names, n=1)
    return f" (did you mean {close[0]}?)" if close else ""


def agent_parameters(kind: str) -> list[str] | None:
    """The parameters an agent kind takes, or ``None`` when it passes any on (to a game's bot)."""
    params = inspect.signature(AGENT_KINDS[kind]).parameters.values()
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params):
        return None
    return [p.name for p in params if p.kind is not inspect.Parameter.VAR_POSITIONAL]


def _numeric(annotation: object) -> bool:
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
    return any(t in str(text).replace(" ", "").split("|") for t in ("int", "float"))


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def check_spec(name: str, text: str) -> None:
    """Raise ``SeatError`` naming the valid choices if ``text`` names no kind or no parameter.

    ``name`` is the seat's name, for the message.
    """
    kind, _, rest = text.partition(":")
    kind = kind.strip().lower()
    kinds = [HUMAN, *AGENT_KINDS]
    if kind not in AGENT_KINDS:
        raise SeatError(
            f"{kind!r} is no kind of player (for {name}); the kinds are: "
            f"{', '.join(kinds)}{_did_you_mean(kind, kinds)}"
        )
    allowed = agent_parameters(kind)
    if allowed is None:
        return
    signature = inspect.signature(AGENT_KINDS[kind]).parameters
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, _, value = (x.strip() for x in part.partition("="))
        if key in allowed and _numeric(signature[key].annotation) and not _is_number(value):
            raise SeatError(f"{kind}'s {key} should be a number, not {value!r} (for {name})")
        if key not in allowed:
            listed = ", ".join(allowed) if allowed else "none"
            raise SeatError(
                f"{kind} has no parameter {key!r} (for {name}); its parameters are: "
                f"{listed}{_did_you_mean(key, allowed)}"
            )


def build_seat(game: Game, seat: int, kind: str) -> Seat:
    """A seat from what was typed after ``NAME=``: ``human`` or an agent spec."""
    name = game.player_names[seat]
    text = kind.strip()
    if text.lower() == HUMAN:
        return Seat(name, None)
    if not text:
        raise SeatError(f"no player kind given for {name}; use human or an agent such as random")
    check_spec(name, text)
    try:
        agent = parse_spec(text)
    except ValueError as exc:
        raise SeatError(f"bad player for {name} ({text!r}): {exc}") from None
    return Seat(name, _check(game, agent))


def parse_assignments(game: Game, items: Sequence[str]) -> dict[int, str]:
    """Map seat index to kind from ``NAME=KIND`` items (name case-insensitive, or 1-based)."""
    out: dict[int, str] = {}
    for item in items:
        who, eq, kind = item.partition("=")
        if not eq:
            raise SeatError(f"--seat {item!r} should be NAME=KIND, e.g. Caesar=human or 2=random")
        try:
            seat = game.seat_index(who)
        except OptionError as exc:
            raise SeatError(str(exc)) from None
        if seat in out:
            raise SeatError(f"{game.player_names[seat]} is given twice in --seat")
        out[seat] = kind
    return out


def seat_from_spec(game: Game, seat: int, spec: Any) -> Seat:
    """Rebuild a seat from the player spec a record stores (``{"name": "random", ...}``)."""
    name = game.player_names[seat]
    if not isinstance(spec, dict) or not isinstance(spec.get("name"), str):
        raise RecordError(f"the record does not say who plays {name}")
    if spec["name"] == HUMAN:
        return Seat(name, None)
    params = {k: v for k, v in spec.items() if k != "name"}
    try:
        agent = make(spec["name"], **params)
    except ValueError as exc:
        raise RecordError(
            f"the record's player for {name} cannot be rebuilt ({exc}); "
            f"choose one with --seat {name}=KIND"
        ) from None
    return Seat(name, _check(game, agent))


def record_seats(game: Game, seats: Any, overrides: dict[int, str]) -> list[Seat]:
    """The seats of a saved game, with the ``--seat`` choices taking precedence."""
    if not isinstance(seats, list) or len(seats) != game.num_players:
        raise RecordError(f"the record should list {game.num_players} seats")
    out = []
    for i, entry in enumerate(seats):
        if i in overrides:
            out.append(build_seat(game, i, overrides[i]))
        else:
            spec = entry.get("agent") if isinstance(entry, dict) else None
            out.append(seat_from_spec(game, i, spec))
    return out
