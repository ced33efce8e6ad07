"""Live games: one room per game, holding the position, its viewers and its bots.

Every accepted action is committed to the store before anyone hears of it, then each viewer is
sent what their seat may see: ``observation(seat)``, the seat's legal actions, the board drawn
from that observation, and the log lines (the public text of each action). Chance is drawn by
the server from the game's seed and the action number, so a game replays and resumes exactly;
bots think in worker processes so one game's search never stalls another.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

import alea
from alea.agents import parse_spec
from alea.core.agent import Agent
from alea.core.errors import AleaError, IllegalActionError, RecordError
from alea.core.game import Action, Game, State
from alea.core.record import result_of
from alea.core.rng import derive_seed, make_rng
from alea.render import NoRendererError, action_place, render_observation
from alea.server.store import Store

log = logging.getLogger("alea.server")

Send = Callable[[dict[str, Any]], Awaitable[None]]
"""Delivers one message to one connection."""

LOG_TAIL = 400
"""Log lines sent with a full view (older ones stay in the record)."""
PACE = 1.0
FLUSH_EVERY = 64
"""Automatic moves kept in memory at most before they are stored."""
"""Seconds between views while bots and dice play on by themselves."""


def bot_act(
    game_name: str,
    options: dict[str, Any],
    state_json: dict[str, Any],
    seat: int,
    spec: str,
    seed: int,
) -> dict[str, Any]:
    """Worker-process entry: the bot's chosen action for ``seat`` as JSON."""
    game = alea.load(game_name, **options)
    state = game.state_from_json(state_json)
    agent = _agent(spec)
    action = agent.act(state, seat, make_rng(seed))
    return action.to_json()


_AGENTS: dict[str, Agent] = {}


def _agent(spec: str) -> Agent:
    """One agent per spec and process: bots keep no memory between positions."""
    agent = _AGENTS.get(spec)
    if agent is None:
        agent = _AGENTS[spec] = parse_spec(spec)
    return agent


@dataclass(eq=False)
class Viewer:
    """One open connection: a seat (or ``None`` for a spectator) and how to reach it."""

    seat: int | None
    send: Send
    log_seen: int = 0
    """Log lines this connection has been sent."""


@dataclass(eq=False)
class Room:
    """A game being played: its position, log and viewers."""

    id: str
    game: Game
    state: State
    seats: list[dict[str, Any]]
    seed: int
    log: list[str]
    status: str
    viewers: set[Viewer] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    driver: asyncio.Task[None] | None = None
    last_broadcast: float = 0.0
    changed: float = 0.0
    quiet_since: float = 0.0
    unsaved: list[dict[str, Any]] = field(default_factory=list)
    wake: bool = False
    """Set by ``Hub.kick``: the driver must look at the position again before it stops."""

    @property
    def seq(self) -> int:
        """Actions applied so far (stored, or about to be before anyone sees them)."""
        return len(self.log)


class Hub:
    """All live rooms of a server, loaded from the store on demand."""

    def __init__(self, store: Store, executor: Executor | None) -> None:
        self.store = store
        self.executor = executor
        self.rooms: dict[str, Room] = {}
        self._loading = asyncio.Lock()

    # -- loading --------------------------------------------------------------------------------

    async def room(self, game_id: str) -> Room | None:
        """The live room of a stored game (rebuilt by replay the first time), or ``None``."""
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        async with self._loading:
            room = self.rooms.get(game_id)
            if room is None:
                room = self._load(game_id)
                if room is not None:
                    self.rooms[game_id] = room
        if room is not None:
            self.kick(room)
        return room

    def _load(self, game_id: str) -> Room | None:
        row = self.store.get(game_id)
        if row is None:
            return None
        game = alea.load(row.game, **row.options)
        state = game.new_initial_state()
        lines = []
        for i, data in enumerate(self.store.actions(game_id)):
            action = game.action_from_json(data)
            lines.append(state.action_to_string(action))
            try:
                state.apply_action(action)
            except IllegalActionError as exc:
                raise RecordError(
                    f"stored game {game_id}: action {i + 1} is illegal: {exc}"
                ) from None
        return Room(game_id, game, state, row.seats, row.seed, lines, row.status)

    async def resume_all(self) -> None:
        """Load every unfinished game so bots and chance carry on after a restart."""
        for game_id in self.store.unfinished():
            try:
                await self.room(game_id)
            except AleaError as exc:
                log.error("cannot resume game %s: %s", game_id, exc)

    # -- views ------------------------------------------------------------------------------------

    def view(self, room: Room, seat: int | None, since: int | None = None) -> dict[str, Any]:
        """Everything ``seat`` (``None``: a spectator) may see now."""
        state = room.state
        obs = state.observation(seat)
        to_move = state.current_player()
        legal: list[dict[str, Any]] = []
        if seat is not None and to_move == seat and not state.is_terminal():
            for i, a in enumerate(state.legal_actions()):
                legal.append(
                    {
                        "i": i,
                        "text": state.action_to_string(a),
                        "place": action_place(room.game.name, a),
                        "action": a.to_json(),
                    }
                )
        start = 0 if since is None else since
        start = max(start, room.seq - LOG_TAIL)
        return {
            "type": "view",
            "game": room.game.name,
            "id": room.id,
            "seq": room.seq,
            "seat": seat,
            "players": list(room.game.player_names),
            "seats": [{"name": s["name"], "kind": s["kind"]} for s in room.seats],
            "to_move": to_move,
            "status": room.status,
            "terminal": state.is_terminal(),
            "outcome": state.outcome_text(),
            "scores": state.scores(),
            "observation": obs,
            "svg": board_svg(room.game.name, obs),
            "legal": legal,
            "log_start": start,
            "log": room.log[start:],
        }

    async def welcome(self, room: Room, viewer: Viewer) -> None:
        """Send a new (or resyncing) connection its full view."""
        viewer.log_seen = room.seq
        await viewer.send(self.view(room, viewer.seat))

    async def broadcast(self, room: Room) -> None:
        """Send every viewer of ``room`` its own view, with the log lines it has not seen."""
        self.flush(room)
        room.last_broadcast = time.monotonic()
        for viewer in list(room.viewers):
            try:
                since = viewer.log_seen
                viewer.log_seen = room.seq
                await viewer.send(self.view(room, viewer.seat, since))
            except Exception:  # a dead connection must not stop the others
                room.viewers.discard(viewer)

    # -- acting -----------------------------------------------------------------------------------

    async def act(self, room: Room, seat: int, action_json: Any, seq: int | None) -> None:
        """A human's action: checked, committed, broadcast; raises on anything wrong."""
        async with room.lock:
            if seq is not None and seq != room.seq:
                raise StaleError(room.seq)
            state = room.state
            if state.is_terminal():
                raise IllegalActionError("the game is over", "")
            if state.current_player() != seat:
                raise IllegalActionError("it is not your turn", "")
            action = room.game.action_from_json(action_json)
            self._commit(room, [action])
            automatic = self._automatic(room)
        if automatic:
            self.kick(room)  # the driver shows this move with the dice and bot moves after it
        else:
            await self.broadcast(room)

    def _automatic(self, room: Room) -> bool:
        """Whether the next step is the server's: a chance event or a quick bot's move."""
        state = room.state
        if state.is_terminal():
            return False
        if state.is_chance_node():
            return True
        seat = room.seats[state.current_player()]
        return seat["kind"] == "bot" and not _slow(str(seat.get("agent", "")))

    def _commit(self, room: Room, actions: list[Action], *, defer: bool = False) -> None:
        """Apply ``actions`` to a copy, store them, then make the copy the position.

        ``defer`` keeps automatic moves (dice, quick bots) in memory until ``flush``, which
        runs before anyone is told of them: a crash can lose only moves nobody has seen, and
        the driver plays them again identically (chance and bots are seeded by move number).
        """
        state = room.state.clone()
        lines = []
        for a in actions:
            lines.append(state.action_to_string(a))
            state.apply_action(a)
        room.state = state
        room.log.extend(lines)
        room.status = "finished" if state.is_terminal() else "running"
        room.unsaved.extend(a.to_json() for a in actions)
        if not defer or len(room.unsaved) >= FLUSH_EVERY or state.is_terminal():
            self.flush(room)
        now = time.monotonic()
        if room.last_broadcast >= room.changed:
            room.quiet_since = now  # the first change nobody has seen yet
        room.changed = now

    def flush(self, room: Room) -> None:
        """Store the moves applied but not yet stored, in one transaction."""
        if not room.unsaved:
            return
        state = room.state
        result = result_of(state) if state.is_terminal() else None
        first = room.seq - len(room.unsaved) + 1
        try:
            self.store.append(room.id, first, room.unsaved, room.status, result)
        except Exception:
            # Nothing unstored may be shown or kept: go back to what the database holds.
            fresh = self._load(room.id)
            if fresh is not None:
                room.state, room.log, room.status = fresh.state, fresh.log, fresh.status
            room.unsaved = []
            raise
        room.unsaved = []

    def kick(self, room: Room) -> None:
        """Make sure chance and bots are being played in ``room``."""
        room.wake = True
        if room.driver is None or room.driver.done():
            room.driver = asyncio.get_running_loop().create_task(self._drive(room))

    async def _drive(self, room: Room) -> None:
        """Play chance events and bot seats until a human must act or the game ends.

        Viewers hear of a run of automatic moves at its end, before a slow bot starts to think,
        and at least every ``PACE`` seconds: a fast bot game does not spend the server on
        pictures nobody has time to see.
        """
        while True:
            room.wake = False
            await self._drive_moves(room)
            if room.last_broadcast < room.changed:
                await self.broadcast(room)
            if not room.wake:
                return  # no await since the check: a kick now starts a new driver

    async def _drive_moves(self, room: Room) -> None:
        while True:
            async with room.lock:
                state = room.state
                if state.is_terminal():
                    return
                p = state.current_player()
                if state.is_chance_node():
                    rng = make_rng(derive_seed(room.seed, f"chance{room.seq}"))
                    self._commit(room, [state.sample_chance(rng)], defer=True)
                    changed = True
                elif room.seats[p]["kind"] == "bot":
                    spec = str(room.seats[p]["agent"])
                    seq = room.seq
                    seed = derive_seed(room.seed, f"seat{p}-{seq}")
                    if not _slow(spec):
                        # Quick bots answer in well under a millisecond: no process round trip.
                        agent = _agent(spec)
                        chosen = agent.act(state, p, make_rng(seed))
                        self._commit(room, [chosen], defer=True)
                        changed = True
                    else:
                        self.flush(room)
                        snapshot = state.to_json()
                        snapshot["history"] = []
                        changed = False
                else:
                    self.flush(room)
                    return
            if changed:
                await self._maybe_broadcast(room)
                continue
            if room.last_broadcast < room.changed:
                await self.broadcast(room)  # show the position the bot is thinking about
            args = (room.game.name, dict(room.game.options), snapshot, p, spec, seed)
            try:
                if self.executor is None:
                    chosen_json = bot_act(*args)
                else:
                    loop = asyncio.get_running_loop()
                    chosen_json = await loop.run_in_executor(self.executor, bot_act, *args)
            except Exception:
                log.exception("bot for seat %s of game %s failed", p, room.id)
                return
            async with room.lock:
                if room.seq != seq:
                    continue  # the position moved on (a seat was handed over): think again
                try:
                    self._commit(room, [room.game.action_from_json(chosen_json)])
                except AleaError:
                    log.exception("bot for seat %s of game %s chose an illegal action", p, room.id)
                    return
            await self._maybe_broadcast(room)

    async def _maybe_broadcast(self, room: Room) -> None:
        if time.monotonic() - max(room.last_broadcast, room.quiet_since) >= PACE:
            await self.broadcast(room)
        else:
            await asyncio.sleep(0)

    async def hand_to_bot(self, room: Room, seat: int, spec: str) -> None:
        """Let a bot play ``seat`` from now on."""
        async with room.lock:
            seats = [dict(s) for s in room.seats]
            seats[seat] = {"name": seats[seat]["name"], "kind": "bot", "agent": spec}
            self.store.set_seats(room.id, seats, room.status)
            room.seats = seats
        await self.broadcast(room)
        self.kick(room)

    async def close(self) -> None:
        """Stop every room's driver."""
        for room in self.rooms.values():
            if room.driver is not None:
                room.driver.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await room.driver


def _slow(spec: str) -> bool:
    """Whether an agent spec names a bot that thinks for a noticeable time (a search)."""
    return spec.startswith("mcts")


def board_svg(game: str, obs: dict[str, Any]) -> str:
    """The board picture of ``obs``; a plain placeholder for a game without a renderer."""
    try:
        return render_observation(game, obs)
    except NoRendererError:
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 60">'
            f'<text x="10" y="35" font-size="16">{game}: no board picture yet</text></svg>'
        )


class StaleError(AleaError):
    """The client acted on an old position."""

    def __init__(self, seq: int) -> None:
        super().__init__(f"your view is out of date: the game is at move {seq}")
        self.seq = seq
