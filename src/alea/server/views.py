"""Views: what each connection of a room is sent, drawn when the position changes; and chat.

A view holds what one seat (or a spectator) may see: the board drawn from ``observation(seat)``,
the seat's legal actions, the log lines it has not been sent and the rest of the table. The
``Fanout`` draws every viewer's view of a room and sends it, picture as a patch where the
connection takes them (``patches.py``). A client that takes patches is the play page, which
reads the board, the panel and the table but never the raw observation, so its views leave the
``observation`` out; every other client gets it whole.

Drawing a view is the server's largest cost, and most views show bots' replies that the page
shows one by one, half a second apart by default, while a person's own move is waited for.
``Fanout.pause`` lets that deferrable drawing run one step at a time between the event loop's
other work, so the answer to a person's move is not queued behind the bots of every other game.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from alea.render import (
    NoRendererError,
    action_place,
    board_hints,
    last_move_places,
    latest_dice,
    render_observation,
)
from alea.server import chat, clocks
from alea.server.patches import lines_of, make_patch
from alea.server.room import Room, Viewer
from alea.server.store import Store, public_seat

LOG_TAIL = 400
"""Log lines sent with a full view (older ones stay in the record)."""


def board_svg(game: str, obs: dict[str, Any]) -> str:
    """The board picture of ``obs``; a plain placeholder for a game without a renderer."""
    try:
        return render_observation(game, obs)
    except NoRendererError:
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 60">'
            f'<text x="10" y="35" font-size="16">{game}: no board picture yet</text></svg>'
        )


def build_view(
    room: Room, seat: int | None, since: int | None = None, *, observation: bool = True
) -> dict[str, Any]:
    """Everything ``seat`` (``None``: a spectator) may see now.

    ``observation``: include the raw observation (the board and panel are drawn from it either
    way); a patch-taking client does not read it.
    """
    state = room.state
    obs = state.observation(seat)
    to_move = state.current_player()
    hints = board_hints(room.game.name)
    legal: list[dict[str, Any]] = []
    names: dict[str, str] = {}
    mine = seat is not None and room.seats[seat]["kind"] == "human"
    if mine and to_move == seat and not state.is_terminal():
        for i, a in enumerate(state.legal_actions()):
            legal.append(
                {
                    "i": i,
                    "text": state.action_to_string(a),
                    "place": action_place(room.game.name, a),
                    "from": hints.source_of(a),
                    "action": a.to_json(),
                }
            )
        for entry in legal:
            for key in ("place", "from"):
                if entry[key] is not None and entry[key] not in names:
                    names[entry[key]] = hints.place_name(entry[key])
    history = state.history()
    start = 0 if since is None else since
    start = max(start, room.seq - LOG_TAIL)
    view: dict[str, Any] = {
        "type": "view",
        "game": room.game.name,
        "id": room.id,
        "seq": room.seq,
        "seat": seat,
        "players": list(room.game.player_names),
        "seats": [public_seat(s) for s in room.seats],
        "to_move": to_move,
        "status": room.status,
        "terminal": state.is_terminal(),
        "outcome": state.outcome_text(),
        "scores": state.scores(),
        "svg": board_svg(room.game.name, obs),
        "legal": legal,
        "place_names": names,
        "last_move": last_move_places(room.game.name, history),
        "dice": latest_dice(room.game.name, history),
        "panel": [] if seat is None else [list(row) for row in hints.panel(obs, seat)],
        "hint": hints.hint(obs),
        "undo": seat is not None and room.undo_refusal(seat) == "",
        "clock": None if room.clock is None else room.clock.public(clocks.now()),
        "log_start": start,
        "log": room.log[start:],
    }
    if observation:
        view["observation"] = obs
    return view


def view_for(room: Room, viewer: Viewer, since: int | None = None) -> dict[str, Any]:
    """``build_view`` for one connection: the raw observation only if it may read it."""
    return build_view(room, viewer.seat, since, observation=not viewer.patches)


async def deliver(viewer: Viewer, view: dict[str, Any], *, whole: bool = False) -> None:
    """Send ``view`` to ``viewer``: its board picture as a patch where the viewer takes them.

    ``whole``: send the whole picture (a new connection, or one that asked to resync).
    """
    viewer.pictures += 1
    view["svg_id"] = viewer.pictures
    if viewer.patches:
        lines = lines_of(view["svg"])
        if viewer.picture is not None and not whole:
            view["svg_patch"] = make_patch(viewer.picture, lines)
            view["svg_base"] = viewer.pictures - 1
            del view["svg"]
        viewer.picture = lines
    await viewer.send(view)


class Fanout:
    """Draws and sends the views of rooms (at once, or held until their moves are stored), and chat.

    Args:
        store: where chat lines are read from and written to.
        settle: stores a room's moves applied but not stored yet (nobody may see a move before
            it is stored).

    """

    def __init__(self, store: Store, settle: Callable[[Room], None]) -> None:
        self.store = store
        self.settle = settle
        self._lane = asyncio.Lock()
        """Taken in turn by deferrable steps, so that one of them runs per round of the loop."""

    async def pause(self) -> None:
        """Wait for a turn to do deferrable work (a bot's reply nobody waits for yet).

        Steps that pause queue here in order; each waits one round of the event loop holding
        the turn, so the steps come out one per round or two, whatever their number, and
        messages that arrived meanwhile (a person's move, a page opening) are handled first.
        """
        async with self._lane:
            await asyncio.sleep(0)

    async def welcome(self, room: Room, viewer: Viewer) -> None:
        """Send a new (or resyncing) connection its full view."""
        await self.release(room)
        viewer.log_seen = room.seq
        await deliver(viewer, view_for(room, viewer), whole=True)

    def hold(self, room: Room) -> None:
        """Draw every viewer's view of the position now, to be sent by ``release``."""
        room.last_broadcast = time.monotonic()
        for viewer in list(room.viewers):
            since = viewer.log_seen
            viewer.log_seen = room.seq
            room.held.append((viewer, view_for(room, viewer, since), room.generation))

    async def release(self, room: Room) -> None:
        """Store the moves the held views show, then send those views in order.

        Should another process have stored a move at this position first, the room now holds
        that process's moves and the held views show moves that were never stored: they are
        dropped, and every viewer gets the position as stored.
        """
        if not room.held:
            return
        held, room.held = room.held, []
        self.settle(room)
        if any(generation != room.generation for _, _, generation in held):
            for viewer, _, _ in held:
                viewer.log_seen = min(viewer.log_seen, room.seq)
            await self.broadcast(room)
            return
        for viewer, view, _ in held:
            if viewer not in room.viewers:
                continue
            try:
                await deliver(viewer, view)
            except Exception:  # a dead connection must not stop the others
                room.viewers.discard(viewer)

    async def broadcast(self, room: Room) -> None:
        """Send every viewer of ``room`` its own view, with the log lines it has not seen."""
        await self.release(room)
        self.settle(room)
        room.last_broadcast = time.monotonic()
        for viewer in list(room.viewers):
            try:
                since = viewer.log_seen
                viewer.log_seen = room.seq
                await deliver(viewer, view_for(room, viewer, since))
            except Exception:  # a dead connection must not stop the others
                room.viewers.discard(viewer)

    async def refresh(self, room: Room) -> None:
        """Send every viewer its whole log again with the view (moves were taken back)."""
        for viewer in list(room.viewers):
            viewer.log_seen = room.seq
            try:
                await deliver(viewer, view_for(room, viewer))
            except Exception:
                room.viewers.discard(viewer)

    async def say(self, room: Room, viewer: Viewer, text: str, kind: str = "say") -> None:
        """Store a checked chat line of ``viewer``'s and send it to everyone watching.

        Viewers of other processes get it when their process hears of it (``heard``).
        """
        seat = None if viewer.seat is None else room.seats[viewer.seat]
        author = chat.author_of(seat)
        # Held from the write to the send: the news of this line (heard from the database) may
        # come back first, and would otherwise send it to its author as someone else's.
        async with room.chat_lock:
            await asyncio.to_thread(
                chat.add_line, self.store, room.id, viewer.seat, author, text, kind
            )
            await self._send_fresh_chat(room, viewer)

    async def show_chat(self, room: Room, author: Viewer | None = None) -> None:
        """Send the room's viewers the chat lines stored since the last ones they were sent.

        ``author`` wrote the newest line here: its message says so (``mine``), and its page
        clears the line it sent. Lines are read from the store in order of their numbers, so
        lines written through several processes at once reach every viewer once each, in order.
        """
        async with room.chat_lock:
            await self._send_fresh_chat(room, author)

    async def _send_fresh_chat(self, room: Room, author: Viewer | None) -> None:
        """``show_chat`` with ``room.chat_lock`` held by the caller."""
        if not room.viewers:
            # A page that connects is sent the latest lines; note where they end.
            room.chat_shown = await asyncio.to_thread(chat.last_number, self.store, room.id)
            return
        fresh = await asyncio.to_thread(chat.lines, self.store, room.id, after=room.chat_shown)
        if not fresh:
            return
        room.chat_shown = fresh[-1]["n"]
        for viewer in list(room.viewers):
            try:
                await viewer.send({"type": "chat", "lines": fresh, "mine": viewer is author})
            except Exception:
                room.viewers.discard(viewer)
