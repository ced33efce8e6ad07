"""Live games: the hub of a server's rooms, which loads them, plays them on and tells their viewers.

Every accepted action is committed to the store before anyone hears of it, then each viewer is
sent what their seat may see (``views.py``). Chance is drawn by the server from the game's secret
and the action number (``alea.core.fairness``), so a game replays and resumes exactly and no one
can foresee a roll; search bots think in worker processes, shared fairly between games. Rooms
(``room.py``) are loaded when first touched (in a worker thread), and leave memory when nobody
watches them and nothing is left for the server to play. Their clocks run in ``room_clocks.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from concurrent.futures import Executor
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy.exc import IntegrityError

import alea
from alea.core.errors import AleaError, IllegalActionError
from alea.core.game import Action
from alea.core.record import result_of
from alea.core.rng import make_rng
from alea.server import chat
from alea.server.bots import FairPool, agent_for, bot_act, slow
from alea.server.clocks import Clock
from alea.server.coordination import RETRY, Coordinator, LocalCoordinator
from alea.server.frames import FrameCache
from alea.server.limits import Limits
from alea.server.room import WAITING, Room, StaleError, Viewer, left_seat, replay_stored
from alea.server.room_clocks import ClockKeeper
from alea.server.store import Store, joinable, status_for
from alea.server.undo import Taken
from alea.server.views import Fanout, board_svg
from alea.server.wire import short

__all__ = ["WAITING", "Hub", "Room", "StaleError", "Viewer", "board_svg", "replay_stored"]

log = logging.getLogger("alea.server")

PACE = 1.0
"""Seconds between views while bots and dice play on by themselves."""
FLUSH_EVERY = 64
"""Automatic moves kept in memory at most before they are stored."""
HOLD_EVERY = 16
"""Bot decisions whose views are held at most before their moves are stored and sent."""


class Hub:
    """All live rooms of a server, loaded from the store on demand."""

    def __init__(
        self,
        store: Store,
        executor: Executor | None,
        limits: Limits | None = None,
        slots: int = 1,
        coordinator: Coordinator | None = None,
    ) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.coord = coordinator or LocalCoordinator()
        """Who drives which game and who hears of changes, when processes share the database."""
        self.pool = FairPool(executor, slots) if executor is not None else None
        """Search bots' workers (``None``: searches run in the event loop, for tests)."""
        self.rooms: dict[str, Room] = {}
        self.frames = FrameCache()
        """Replay frames drawn so far, dropped for a game whose moves were taken back."""
        self.fanout = Fanout(store, self._settle)
        """Draws and sends the rooms' views and chat lines."""
        self.clocks = ClockKeeper(store, self.coord, self.changed)
        """Runs the seats' clocks."""
        self._loading: dict[str, asyncio.Future[Room | None]] = {}

    # -- loading --------------------------------------------------------------------------------

    async def room(self, game_id: str) -> Room | None:
        """The live room of a stored game (rebuilt by replay the first time), or ``None``.

        The replay runs in a worker thread, so loading a long game never holds up the others.
        """
        room = self.rooms.get(game_id)
        if room is not None:
            room.touched = time.monotonic()
            return room
        pending = self._loading.get(game_id)
        if pending is None:
            pending = asyncio.get_running_loop().create_future()
            self._loading[game_id] = pending
            try:
                loaded = await asyncio.to_thread(self._load, game_id)
            except BaseException as exc:
                del self._loading[game_id]
                pending.set_exception(exc)
                pending.exception()  # retrieved: only the waiters care
                raise
            del self._loading[game_id]
            if loaded is not None:
                self.rooms[game_id] = loaded
                self.clocks.sync(loaded)
                self.kick(loaded)
            pending.set_result(loaded)
            return loaded
        return await asyncio.shield(pending)

    def _load(self, game_id: str) -> Room | None:
        row = self.store.get(game_id)
        if row is None:
            return None
        game = alea.load(row.game, **row.options)
        state = game.new_initial_state()
        lines = replay_stored(game_id, game, state, self.store.actions(game_id))
        room = Room(game_id, game, state, row.seats, row.seed, lines, row.status, secret=row.secret)
        if row.clock is not None:
            room.clock = Clock.from_json(row.clock)
        room.chat_shown = chat.last_number(self.store, game_id)
        return room

    async def resume_bots(self) -> None:
        """Play on the running games of bots alone after a restart, a few at a time.

        Runs in the background once the server serves: games with a human seat wait until
        someone opens them, and at most ``limits.live_bot_games`` games of bots play at once.
        When processes share the database it goes on every ``RETRY`` seconds: a game of bots
        whose driver died is taken over, and the rooms this process holds but does not drive
        try again for their lease.
        """
        while True:
            await self._resume_once()
            if not self.coord.shared:
                return
            await asyncio.sleep(RETRY)
            for room in list(self.rooms.values()):
                if not self.coord.holds(room.id) and room.servers_move():
                    self.kick(room)

    async def _resume_once(self) -> None:
        ids = await asyncio.to_thread(self.store.running_bot_games)
        for game_id in ids:
            if game_id in self.rooms:
                continue
            while (
                sum(1 for r in self.rooms.values() if not r.has_people and r.busy())
                >= self.limits.live_bot_games
            ):
                await asyncio.sleep(1.0)
            try:
                await self.room(game_id)
            except Exception as exc:  # one broken game must not stop the others
                log.error("cannot resume game %s: %s", game_id, short(exc))

    # -- housekeeping -----------------------------------------------------------------------------

    async def sweep(self) -> tuple[int, int]:
        """Expire games left idle too long and let unused rooms leave memory.

        Returns how many games expired and how many rooms were evicted.
        """
        now = datetime.now(UTC)
        idle = await asyncio.to_thread(
            self.store.idle_games,
            now - timedelta(seconds=self.limits.open_ttl),
            now - timedelta(seconds=self.limits.idle_ttl),
        )
        # A clock that ran out while its game was not in memory (or the server was down): the
        # game is loaded, and loading it lets its timer fire at once.
        for gid in await asyncio.to_thread(self.store.clocks_due, now):
            if gid not in self.rooms:
                try:
                    await self.room(gid)
                except Exception as exc:
                    log.error("cannot load game %s for its clock: %s", gid, short(exc))
        live = {gid for gid, r in self.rooms.items() if r.busy()}
        expired = [gid for gid in idle if gid not in live]
        await asyncio.to_thread(self.store.expire, expired)
        for gid in expired:
            room = self.rooms.get(gid)
            if room is not None:
                room.status = "expired"
        cutoff = time.monotonic() - self.limits.room_ttl
        evicted = 0
        for gid, room in list(self.rooms.items()):
            if room.touched < cutoff and not room.busy():
                room.evicted = True
                del self.rooms[gid]
                await self.coord.release(gid)
                evicted += 1
        return len(expired), evicted

    async def heard(self, game_id: str, what: str) -> None:
        """Another process changed ``game_id``: ``what`` is ``game``, ``undo`` or ``chat``."""
        room = self.rooms.get(game_id)
        if room is None:
            return  # read afresh when someone opens it
        if what == "chat":
            await self.fanout.show_chat(room)
        else:
            await self.catch_up(game_id, reload=what == "undo")

    async def catch_up(self, game_id: str, reload: bool = False) -> None:
        """Take in what another process stored for ``game_id``: moves, seats, status.

        Called when the database says the game changed. A room this process does not hold is
        left alone (it is read afresh when opened); one it holds gets the new moves applied in
        order and its viewers are shown them. ``reload``: moves were taken back, and others may
        have been made in their place since; the game is read afresh.
        """
        room = self.rooms.get(game_id)
        if room is None:
            return
        async with room.lock:
            # Mid-run, this process's moves are stored first (or, if another process stored a
            # move at the same place, the game is read afresh): a change of seats, clocks or
            # status made elsewhere must reach the room that plays the game on.
            self._settle(room)
            row = await asyncio.to_thread(self.store.get, game_id)
            if row is None:
                return
            stored = await asyncio.to_thread(self.store.count_actions, game_id)
            reloaded = reload or stored < room.seq
            if reloaded:
                # Moves were taken back through another process: read the game afresh.
                again = await asyncio.to_thread(self._load, game_id)
                if again is None:
                    return
                room.state, room.log = again.state, again.log
                room.generation += 1
                room.taken = []
                room.last_actor = None
                self.frames.forget(game_id)
                for viewer in room.viewers:
                    viewer.log_seen = 0  # their log lines after the undone move are gone
            fresh = await asyncio.to_thread(self.store.actions_since, game_id, room.seq)
            if fresh:
                room.taken = []  # another process moved: nothing before it can be taken back
                room.last_actor = None
                state = room.state.clone()
                room.log.extend(replay_stored(game_id, room.game, state, fresh, room.seq))
                room.state = state
            seats_changed = row.seats != room.seats
            clock = None if row.clock is None else Clock.from_json(row.clock)
            same_clock = (clock is None) == (room.clock is None) and (
                clock is None or room.clock is None or clock.to_json() == room.clock.to_json()
            )
            if (
                not (fresh or reloaded or seats_changed)
                and row.status == room.status
                and same_clock
            ):
                return
            room.seats = row.seats
            room.status = row.status
            room.clock = clock
            if clock is not None and self.coord.holds(room.id):
                self.clocks.sync(room)
            if seats_changed:
                for viewer in room.viewers:
                    seat = None if viewer.seat is None else room.seats[viewer.seat]
                    if seat is not None and seat["kind"] != "human" and not seat.get("stand_in"):
                        viewer.seat = None  # the seat went to a bot: its link only watches
            now = time.monotonic()
            room.touched = now
            room.changed = now
        await self.changed(room)

    # -- views ----------------------------------------------------------------------------------

    async def welcome(self, room: Room, viewer: Viewer) -> None:
        """Send a new (or resyncing) connection its full view."""
        await self.fanout.welcome(room, viewer)

    async def changed(self, room: Room) -> None:
        """Show every viewer the room as it is now, then let the server play on if it must."""
        await self.fanout.broadcast(room)
        self.kick(room)

    # -- chat -------------------------------------------------------------------------------------

    async def say(self, room: Room, viewer: Viewer, text: str, kind: str = "say") -> None:
        """Store a checked chat line of ``viewer``'s and send it to everyone watching.

        Viewers of other processes get it when their process hears of it (``heard``).
        """
        await self.fanout.say(room, viewer, text, kind)

    # -- acting -----------------------------------------------------------------------------------

    async def act(self, room: Room, seat: int, action_json: Any, seq: int | None) -> None:
        """A human's action: checked, committed, broadcast; raises on anything wrong."""
        async with room.lock:
            if seq is not None and seq != room.seq:
                raise StaleError(room.seq)
            state = room.state
            if state.is_terminal():
                raise IllegalActionError("the game is over", "")
            if room.status == "expired":
                raise IllegalActionError("the game expired after a long time without a move", "")
            if room.seats[seat]["kind"] != "human":
                raise IllegalActionError("a bot plays this seat now: the link only watches", "")
            if room.blocked:
                raise IllegalActionError(WAITING, "")
            if state.current_player() != seat:
                raise IllegalActionError("it is not your turn", "")
            action = room.game.action_from_json(action_json)
            before, prior = room.state, room.last_actor
            text = before.action_to_string(action)
            taken = room.taken[:] if room.taken and room.taken[-1].seat == seat else []
            self._commit(room, [action])
            room.taken = [*taken, Taken(seat, room.seq, before, action, text, prior)]
            automatic = room.automatic()
        if automatic:
            self.kick(room)  # the driver shows this move with the dice and bot moves after it
        else:
            await self.fanout.broadcast(room)

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
            room.last_actor = state.current_player()
            state.apply_action(a)
        room.taken.clear()  # whatever came before this move can no longer be taken back
        room.state = state
        room.log.extend(lines)
        room.status = "finished" if state.is_terminal() else status_for(room.seats, room.status)
        room.touched = time.monotonic()
        self.clocks.sync(room)
        room.unsaved.extend(a.to_json() for a in actions)
        if not defer:
            self.flush(room)
        elif len(room.unsaved) >= FLUSH_EVERY or state.is_terminal():
            self._settle(room)
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
            self.store.append(
                room.id, first, room.unsaved, room.status, result, state.current_player()
            )
        except Exception as exc:
            # Nothing unstored may be shown or kept: go back to what the database holds.
            room.generation += 1
            fresh = self._load(room.id)
            if fresh is not None:
                room.state, room.log, room.status = fresh.state, fresh.log, fresh.status
                room.seats = fresh.seats
            room.unsaved = []
            if isinstance(exc, IntegrityError):
                # Another process stored a move at this position first: the database decides.
                room.changed = time.monotonic()
                raise StaleError(room.seq) from None
            raise
        room.unsaved = []

    def _settle(self, room: Room) -> None:
        """``flush``, where losing a race to another process only means reading its moves."""
        with contextlib.suppress(StaleError):
            self.flush(room)

    def kick(self, room: Room) -> None:
        """Make sure chance and bots are being played in ``room``."""
        room.wake = True
        if room.driver is None or room.driver.done():
            room.driver = asyncio.get_running_loop().create_task(self._drive(room))

    async def _drive(self, room: Room) -> None:
        """Play chance events and bot seats until a human must act or the game ends.

        In a game with people, viewers hear of each bot decision on its own (with the dice
        rolled before it), so their pages can show the bots' moves one by one at the pace each
        viewer chooses. In a game of bots alone they hear of a run of automatic moves at its
        end, before a slow bot starts to think, and at least every ``PACE`` seconds: a fast bot
        game does not spend the server on pictures nobody has time to see.
        """
        if not await self.coord.claim(room.id):
            # Another process drives this game; show what this one stored, and wait to hear.
            if room.last_broadcast < room.changed:
                await self.fanout.broadcast(room)
            return
        while True:
            room.wake = False
            try:
                await self._drive_moves(room)
            finally:
                await self.fanout.release(room)
            if room.last_broadcast < room.changed:
                await self.fanout.broadcast(room)
            if not room.wake:
                return  # no await since the check: a kick now starts a new driver

    async def _drive_moves(self, room: Room) -> None:
        released = False  # whether this run has sent its first view yet
        while True:
            async with room.lock:
                state = room.state
                if state.is_terminal() or room.status == "expired" or room.evicted:
                    return
                if room.blocked:
                    self.flush(room)
                    return
                p = state.current_player()
                decided = False
                if state.is_chance_node():
                    self._commit(room, [state.sample_chance(room.chance_rng())], defer=True)
                    changed = True
                elif room.seats[p]["kind"] == "bot":
                    spec = str(room.seats[p]["agent"])
                    seq = room.seq
                    seed = room.bot_seed(p)
                    if not slow(spec):
                        # Quick bots answer in well under a millisecond: no process round trip.
                        agent = agent_for(spec)
                        chosen = agent.act(state, p, make_rng(seed))
                        self._commit(room, [chosen], defer=True)
                        changed = True
                        decided = room.has_people
                    else:
                        self._settle(room)
                        snapshot = state.to_json()
                        snapshot["history"] = []
                        changed = False
                else:
                    self._settle(room)
                    return
            if changed:
                if decided:
                    # People watch each bot decision on its own (their page paces them): its
                    # view is drawn now and sent once the run of bot moves is stored.
                    self.fanout.hold(room)
                    if not released or len(room.held) >= HOLD_EVERY * max(1, len(room.viewers)):
                        released = True
                        # The run's first view goes at once: it shows the move that started
                        # the run (a person's, waiting to see it taken) and the first reply.
                        await self.fanout.release(room)
                    else:
                        # The page shows the rest of the run one move at a time: drawing its
                        # views can wait for a turn behind work someone waits for now.
                        await self.fanout.pause()
                else:
                    await self._maybe_broadcast(room, urgent=room.has_people and not released)
                continue
            if room.last_broadcast < room.changed:
                await self.fanout.broadcast(room)  # show the position the bot is thinking about
            args = (
                room.game.name,
                dict(room.game.options),
                snapshot,
                p,
                spec,
                seed,
                self.limits.bot_time,
            )
            try:
                if self.pool is None:
                    chosen_json = bot_act(*args)
                else:
                    chosen_json = await self.pool.run(room.id, room.has_people, bot_act, *args)
            except Exception as exc:
                log.error("bot for seat %s of game %s failed: %s", p, room.id, short(exc))
                return
            async with room.lock:
                if room.seq != seq:
                    continue  # the position moved on (a seat was handed over): think again
                try:
                    self._commit(room, [room.game.action_from_json(chosen_json)])
                except StaleError:
                    continue  # another process stored a move first: think again from there
                except AleaError as exc:
                    log.error(
                        "bot for seat %s of game %s chose an illegal action: %s",
                        p,
                        room.id,
                        short(exc),
                    )
                    return
            if room.has_people:
                await self.fanout.broadcast(room)
            else:
                await self._maybe_broadcast(room, urgent=False)

    async def _maybe_broadcast(self, room: Room, *, urgent: bool) -> None:
        """Show a game of bots at most every ``PACE`` seconds, and let other work run.

        ``urgent``: a person waits to see the moves being played (the run's first view is not
        out yet), so the driver does not queue for a turn behind deferrable work.
        """
        if time.monotonic() - max(room.last_broadcast, room.quiet_since) >= PACE:
            await self.fanout.broadcast(room)
        elif urgent:
            await asyncio.sleep(0)
        else:
            await self.fanout.pause()

    # -- seats ------------------------------------------------------------------------------------

    async def hand_to_bot(self, room: Room, seat: int, spec: str) -> None:
        """Let a bot play ``seat`` from now on; the seat's link stops opening it at once.

        Connections already open on the seat become spectators' (they may watch, not act).
        """
        async with room.lock:
            seats = [dict(s) for s in room.seats]
            seats[seat] = {
                "name": seats[seat]["name"],
                "kind": "bot",
                "agent": spec,
                **left_seat(seats[seat]),
            }
            status = status_for(seats, room.status)
            self.store.revoke_seat(room.id, seat)
            self.store.set_seats(room.id, seats, status)
            room.seats = seats
            room.status = status
            for viewer in room.viewers:
                if viewer.seat == seat:
                    viewer.seat = None
            self.clocks.sync(room)
        await self.changed(room)

    async def seat_connected(self, room: Room, seat: int) -> None:
        """The first connection of a seat's link takes the seat (the game may then start)."""
        if room.seats[seat].get("taken", True):
            return
        async with room.lock:
            seats = [dict(s) for s in room.seats]
            seats[seat]["taken"] = True
            status = status_for(seats, room.status)
            await asyncio.to_thread(self.store.set_seats, room.id, seats, status)
            room.seats, room.status = seats, status
            self.clocks.sync(room)
        await self.changed(room)

    async def take_seat(
        self, room: Room, seat: int, token_hash: str, player: str | None, account: int | None = None
    ) -> str:
        """Give an open seat of the lobby to a player (``account``: theirs, if signed in).

        Returns ``""`` if done, else why not.
        """
        async with room.lock:
            if room.status not in ("open", "running"):
                return f"the game is {room.status}: its seats can no longer be taken"
            if not joinable(room.seats[seat]):
                return f"seat {seat + 1} ({room.seats[seat]['name']}) is not open: someone has it"
            seats = [dict(s) for s in room.seats]
            seats[seat]["taken"] = True
            if player:
                seats[seat]["player"] = player
            if account is not None:
                seats[seat]["account"] = account
            status = status_for(seats, room.status)
            took = await asyncio.to_thread(
                self.store.take_seat, room.id, seat, token_hash, seats, status
            )
            if not took:
                return (
                    f"seat {seat + 1} ({room.seats[seat]['name']}) was just taken by someone else"
                )
            room.seats, room.status = seats, status
            self.clocks.sync(room)
        await self.changed(room)
        return ""

    async def reclaim(self, room: Room, seat: int) -> str:
        """The player of a seat a bot stands in for takes it back; ``""`` or why not."""
        async with room.lock:
            if not room.seats[seat].get("stand_in"):
                return "no bot stands in for your seat: it is yours already"
            if room.status not in ("open", "running"):
                return f"the game is {room.status}"
            seats = [dict(s) for s in room.seats]
            back = {k: v for k, v in seats[seat].items() if k not in ("agent", "stand_in")}
            seats[seat] = {**back, "kind": "human"}
            if not await asyncio.to_thread(self.store.set_seats, room.id, seats, room.status):
                return "the game is over: another server finished it"
            room.seats = seats
            self.clocks.grace(room, seat)
        await self.changed(room)
        return ""

    async def undo(self, room: Room, seat: int) -> tuple[str, str]:
        """Take back ``seat``'s last decision: ``("", its text)``, or ``(why not, "")``.

        The move is deleted from the store and the position before it restored, so a resumed
        or replayed game never holds it; every viewer gets its view afresh.
        """
        async with room.lock:
            why = room.undo_refusal(seat)
            if why:
                return why, ""
            top = room.taken.pop()
            self.flush(room)
            keep = room.seq - 1
            status = room.status
            await asyncio.to_thread(
                self.store.truncate, room.id, keep, status, top.before.current_player()
            )
            room.state = top.before
            del room.log[keep:]
            room.status = status
            room.last_actor = top.prior_actor
            room.touched = time.monotonic()
            self.frames.forget(room.id)
            self.clocks.sync(room)
        await self.fanout.refresh(room)
        return "", top.text

    async def close(self) -> None:
        """Stop every room's driver."""
        for room in self.rooms.values():
            if room.clock_timer is not None:
                room.clock_timer.cancel()
            if room.driver is not None:
                room.driver.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await room.driver
