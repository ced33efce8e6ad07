"""The seats' clocks of live rooms: which one runs, and what happens when one runs out.

``clocks.Clock`` keeps the time of one game; here a room's clock is started for the human seat
the game waits for (stopped while chance, a bot or an open seat is awaited), stored whenever it
changes, and given a timer that fires when it runs out: a bot then stands in for the seat, or
the seat forfeits to one, as the game's ``on_timeout`` says.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from alea.server import clocks
from alea.server.coordination import Coordinator
from alea.server.room import Room, left_seat
from alea.server.store import Store

log = logging.getLogger("alea.server")


class ClockKeeper:
    """Runs the clocks of a server's rooms.

    Args:
        store: where clocks and seats are stored.
        coord: says which process drives a game (that one runs its clocks).
        changed: shows a room's viewers what changed and plays on (seats went to bots).

    """

    def __init__(
        self, store: Store, coord: Coordinator, changed: Callable[[Room], Awaitable[None]]
    ) -> None:
        self.store = store
        self.coord = coord
        self.changed = changed

    def sync(self, room: Room) -> None:
        """Run the clock of the seat the game waits for (a human's), or none; store a change."""
        clock = room.clock
        if clock is None:
            return
        state = room.state
        seat = None
        if room.status in ("open", "running") and not room.blocked and not state.is_terminal():
            p = state.current_player()
            if p >= 0 and room.seats[p]["kind"] == "human":
                seat = p
        if clock.run(seat, clocks.now()):
            self.store.set_clock(room.id, clock.to_json(), clock.deadline())
        if room.clock_timer is not None:
            room.clock_timer.cancel()
            room.clock_timer = None
        deadline = clock.deadline()
        if deadline is not None:
            loop = asyncio.get_running_loop()
            room.clock_timer = loop.call_later(
                max(0.0, deadline - clocks.now()) + 0.05,
                lambda: loop.create_task(self.time_out(room)),
            )

    async def time_out(self, room: Room) -> None:
        """The running clock ran out: a bot stands in for the seat, or the seat forfeits."""
        async with room.lock:
            clock = room.clock
            if clock is None or clock.seat is None or room.evicted:
                return
            if not self.coord.holds(room.id):
                return  # the process that drives the game runs its clocks
            seat = clock.seat
            if clock.remaining(seat, clocks.now()) > 0:
                self.sync(room)  # the clock was given time since: wait again
                return
            seats = [dict(s) for s in room.seats]
            old = seats[seat]
            if clock.on_timeout == "bot":
                seats[seat] = {**old, "kind": "bot", "agent": "heuristic", "stand_in": True}
            else:
                seats[seat] = {
                    "name": old["name"],
                    "kind": "bot",
                    "agent": "heuristic",
                    "forfeited": True,
                    **({"player": old["player"]} if old.get("player") else {}),
                    **left_seat(old),
                }
                await asyncio.to_thread(self.store.revoke_seat, room.id, seat)
                for viewer in room.viewers:
                    if viewer.seat == seat:
                        viewer.seat = None
            clock.left[seat] = 0.0
            clock.seat = None
            await asyncio.to_thread(self.store.set_seats, room.id, seats, room.status)
            room.seats = seats
            room.taken.clear()
            self.store.set_clock(room.id, clock.to_json(), clock.deadline())
            self.sync(room)
            log.info("game %s: seat %s ran out of time (%s)", room.id, seat, clock.on_timeout)
        await self.changed(room)

    def grace(self, room: Room, seat: int) -> None:
        """A seat's player took it back from a stand-in bot: give the seat its grace time."""
        if room.clock is not None:
            room.clock.grace(seat, clocks.now())
            self.store.set_clock(room.id, room.clock.to_json(), room.clock.deadline())
        self.sync(room)
