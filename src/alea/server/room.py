"""A live game's room: its position, log, seats and viewers, and what they alone decide.

A room holds what the server knows of one game while it is in memory: the position (rebuilt by
replaying the stored moves), the log lines, the seats, the connections watching it, the moves
applied but not stored yet and the views drawn but not sent yet. ``rooms.Hub`` keeps the rooms
and plays them; the questions answered here need nothing but the room itself.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from alea.core.errors import AleaError, IllegalActionError, RecordError
from alea.core.fairness import bot_seed, chance_rng
from alea.core.game import CHANCE, Game, State
from alea.core.rng import derive_seed, make_rng
from alea.server.bots import slow
from alea.server.clocks import Clock
from alea.server.store import joinable
from alea.server.undo import Taken, revealed

Send = Callable[[dict[str, Any]], Awaitable[None]]
"""Delivers one message to one connection."""

WAITING = "the game starts when every open seat has a player: waiting for them"
"""The answer to a move made while an open seat of the lobby waits for its player."""


def left_seat(seat: dict[str, Any]) -> dict[str, Any]:
    """What a seat keeps of its account when its player leaves it (for the ratings)."""
    return {"account": seat["account"], "left": True} if "account" in seat else {}


@dataclass(eq=False)
class Viewer:
    """One open connection: a seat (or ``None`` for a spectator) and how to reach it."""

    seat: int | None
    send: Send
    log_seen: int = 0
    """Log lines this connection has been sent."""
    patches: bool = False
    """Whether it takes board pictures as patches to the previous one (``patches.py``)."""
    picture: list[str] | None = None
    """The lines of the last board picture it was sent, when it takes patches."""
    pictures: int = 0
    """How many pictures it has been sent; each view's ``svg_id``."""


@dataclass(eq=False)
class Room:
    """A game being played: its position, log and viewers."""

    id: str
    game: Game
    state: State
    seats: list[dict[str, Any]]
    seed: int | None
    log: list[str]
    status: str
    secret: str | None = None
    """Every chance outcome and bot seed derives from it; ``None`` only for games stored
    before secrets, which keep their seed's dice."""
    viewers: set[Viewer] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    driver: asyncio.Task[None] | None = None
    last_broadcast: float = 0.0
    changed: float = 0.0
    quiet_since: float = 0.0
    unsaved: list[dict[str, Any]] = field(default_factory=list)
    held: list[tuple[Viewer, dict[str, Any], int]] = field(default_factory=list)
    """Views of bots' decisions drawn but not yet sent, with the ``generation`` they were drawn
    in: after the first of a run, they wait for their moves to be stored (``Fanout.release``), so
    that the rest of a run of bot moves is stored in one transaction."""
    generation: int = 0
    """Counts the times the room went back to what the database holds, dropping moves it had
    applied (another process stored a move first, or took moves back)."""
    wake: bool = False
    """Set by ``Hub.kick``: the driver must look at the position again before it stops."""
    touched: float = field(default_factory=time.monotonic)
    """When the room last changed or was asked for (to evict rooms nobody uses)."""
    evicted: bool = False
    """Set when the room left memory: whoever still holds it asks the hub again."""
    taken: list[Taken] = field(default_factory=list)
    """The last decisions of one seat in a row, newest last: the ones it may take back."""
    last_actor: int | None = None
    """Who made the last move (``alea.CHANCE`` for a chance outcome; ``None``: not known)."""
    clock: Clock | None = None
    """The seats' clocks, if the game has a time control."""
    clock_timer: asyncio.TimerHandle | None = None
    """Fires when the running clock runs out."""
    chat_shown: int = 0
    """The number of the last chat line sent to this room's viewers (or stored when it loaded):
    every line after it is sent when the room hears of new ones."""
    chat_lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def seq(self) -> int:
        """Actions applied so far (stored, or about to be before anyone sees them)."""
        return len(self.log)

    @property
    def has_people(self) -> bool:
        """Whether a seat is a human's."""
        return any(s["kind"] == "human" for s in self.seats)

    @property
    def blocked(self) -> bool:
        """Whether the game waits for a player to join an open seat.

        Nothing is played until every seat offered in the lobby has its player.
        """
        return any(joinable(s) for s in self.seats)

    def chance_rng(self) -> random.Random:
        """The generator of the chance event at the current move."""
        if self.secret is not None:
            return chance_rng(self.secret, self.seq)
        return make_rng(derive_seed(self.seed or 0, f"chance{self.seq}"))

    def bot_seed(self, seat: int) -> int:
        """The seed of ``seat``'s bot for its decision at the current move."""
        if self.secret is not None:
            return bot_seed(self.secret, seat, self.seq)
        return derive_seed(self.seed or 0, f"seat{seat}-{self.seq}")

    def busy(self) -> bool:
        """Whether the room is in use: watched, locked, or with moves left to play or store."""
        driving = self.driver is not None and not self.driver.done()
        return bool(self.viewers) or self.lock.locked() or driving or bool(self.unsaved)

    def servers_move(self) -> bool:
        """Whether the server plays next: dice, or any bot, in a running game."""
        state = self.state
        if state.is_terminal() or self.status not in ("open", "running"):
            return False
        return state.is_chance_node() or self.seats[state.current_player()]["kind"] == "bot"

    def automatic(self) -> bool:
        """Whether the next step is the server's: a chance event or a quick bot's move."""
        state = self.state
        if state.is_terminal():
            return False
        if state.is_chance_node():
            return True
        seat = self.seats[state.current_player()]
        return seat["kind"] == "bot" and not slow(str(seat.get("agent", "")))

    def undo_refusal(self, seat: int) -> str:
        """Why ``seat`` may not take its last decision back now; ``""`` if it may."""
        if self.state.is_terminal():
            return "the game is over: its moves stand"
        if self.status not in ("open", "running"):
            return f"the game is {self.status}: its moves stand"
        if self.seats[seat]["kind"] != "human":
            return "a bot plays this seat now"
        top = self.taken[-1] if self.taken else None
        if top is not None and top.seat == seat and top.seq == self.seq:
            if revealed(top, self.state):
                return (
                    f"your move '{top.text}' showed you something that was hidden: "
                    "it cannot be taken back"
                )
            return ""
        if self.seq == 0:
            return "no move has been made yet"
        if self.last_actor is None:
            return (
                "the last move was made before the server last started (or through another "
                "of its processes): it stands"
            )
        if self.last_actor == CHANCE:
            return "chance has spoken since your last move (a die, a card or a draw): it stands"
        if self.last_actor != seat:
            name = self.game.player_names[self.last_actor]
            return f"{name} has moved since your last move: it stands"
        return "your last move came before a move of the server's: it stands"


def replay_stored(
    game_id: str, game: Game, state: State, actions: list[dict[str, Any]], done: int = 0
) -> list[str]:
    """Apply stored ``actions`` (JSON) to ``state``, the game's first ``done`` already applied.

    Returns their log lines; a stored action the rules refuse is a ``RecordError``.
    """
    lines = []
    for i, data in enumerate(actions, start=done + 1):
        action = game.action_from_json(data)
        lines.append(state.action_to_string(action))
        try:
            state.apply_action(action)
        except IllegalActionError as exc:
            raise RecordError(f"stored game {game_id}: action {i} is illegal: {exc}") from None
    return lines


class StaleError(AleaError):
    """The client acted on an old position."""

    def __init__(self, seq: int) -> None:
        super().__init__(f"your view is out of date: the game is at move {seq}")
        self.seq = seq
