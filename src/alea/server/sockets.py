"""Play over WebSockets: one connection per seat or spectator, its hello, then its messages.

Whatever a client sends is bounded (size, rate) and checked; a bad message gets an error that
says what was wrong and never closes the connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketState

from alea.core.errors import AleaError, IllegalActionError
from alea.render import why_not
from alea.server import chat
from alea.server.context import MAX_ID, MAX_TOKEN, ServerContext, client_host, same_origin
from alea.server.limits import Bucket
from alea.server.rooms import WAITING, Room, StaleError, Viewer
from alea.server.wire import WireError, parse_object, short

log = logging.getLogger("alea.server")


def socket_routes(ctx: ServerContext) -> APIRouter:
    """The WebSocket ``/ws/{game_id}`` a play or watch page opens."""
    router = APIRouter()

    @router.websocket("/ws/{game_id}")
    async def play_socket(ws: WebSocket, game_id: str) -> None:
        client = client_host(ws)
        refusal = None
        if not same_origin(ws.headers, ctx.peers):
            refusal = "connections from another site's pages are refused", 4403
        elif ctx.connections.get(client, 0) >= ctx.lim.max_connections_per_client:
            refusal = "too many connections open from your address", 4429
        elif not ctx.joins.take(client):
            refusal = "too many connections opened from your address: wait a moment", 4429
        await ws.accept()
        if refusal is not None:
            with contextlib.suppress(Exception):
                await ws.send_text(json.dumps({"type": "error", "message": refusal[0]}))
                await ws.close(code=refusal[1])
            return
        ctx.connections[client] = ctx.connections.get(client, 0) + 1
        session = _Session(ws, game_id, client)
        try:
            await session.run()
        except WebSocketDisconnect:
            pass
        except Exception as exc:  # nothing a client does may end in a traceback
            log.warning(
                "connection to game %s ended: %s: %s", game_id, type(exc).__name__, short(exc)
            )
        finally:
            ctx.connections[client] -= 1
            if ctx.connections[client] <= 0:
                del ctx.connections[client]
            if session.viewer is not None and session.room is not None:
                session.room.viewers.discard(session.viewer)

    class _Session:
        """One WebSocket connection: hello, then sync and act messages until it closes."""

        def __init__(self, ws: WebSocket, game_id: str, client: str) -> None:
            self.ws = ws
            self.game_id = game_id
            self.client = client
            self.bucket = Bucket(ctx.lim.message_rate, ctx.lim.message_burst)
            self.room: Room | None = None
            self.viewer: Viewer | None = None
            self.gone = False

        async def send(self, msg: dict[str, Any]) -> None:
            """Send ``msg``; a connection that has gone away is simply no longer written to."""
            if self.gone or self.ws.client_state != WebSocketState.CONNECTED:
                return
            try:
                await self.ws.send_text(json.dumps(msg))
            except Exception:
                self.gone = True

        async def error(self, message: str, **extra: Any) -> None:
            await self.send({"type": "error", "message": message, **extra})

        async def receive(self) -> dict[str, Any] | None:
            """The next message as an object; ``None`` (after telling the client) if refused."""
            message = await self.ws.receive()
            if message["type"] == "websocket.disconnect":
                raise WebSocketDisconnect(message.get("code", 1000))
            # Every frame counts against the rates, whatever it holds: a flood costs its
            # sender time, not the server work.
            own = ctx.client_messages.get(self.client)
            for bucket in (self.bucket, own):
                while not bucket.take():
                    await asyncio.sleep(min(1.0, bucket.wait()))
            text = message.get("text")
            if text is None:
                await self.error("binary frames are not read: send JSON text")
                return None
            if len(text) > ctx.lim.max_message or len(text.encode()) > ctx.lim.max_message:
                await self.error(f"message too large (limit {ctx.lim.max_message} bytes)")
                return None
            try:
                return parse_object(text)
            except WireError as exc:
                await self.error(f"{exc}; messages are JSON objects such as {{'type': 'sync'}}")
                return None

        async def run(self) -> None:
            try:
                room = await ctx.hub().room(self.game_id) if len(self.game_id) <= MAX_ID else None
            except Exception as exc:
                log.error("game %s cannot be loaded: %s", self.game_id, short(exc))
                await self.error(f"game {self.game_id} cannot be loaded")
                await self.ws.close(code=4409)
                return
            if room is None:
                await self.error(f"there is no game {short(self.game_id, 40)}")
                await self.ws.close(code=4404)
                return
            self.room = room
            seat, patches = await self.hello(room)
            viewer = self.viewer = Viewer(seat, self.send, patches=patches)
            room.viewers.add(viewer)
            await ctx.hub().welcome(room, viewer)
            await self.send_chat(room)
            while True:
                msg = await self.receive()
                if msg is None:
                    continue
                try:
                    await self.handle(room, viewer, msg)
                except Exception as exc:  # the engine's, or anything unforeseen: answer, go on
                    log.warning(
                        "message to game %s refused: %s: %s",
                        self.game_id,
                        type(exc).__name__,
                        short(exc, 200),
                    )
                    await self.error(f"that message could not be applied: {short(exc)}")

        async def hello(self, room: Room) -> tuple[int | None, bool]:
            """Wait for a valid hello.

            Returns the seat it opens (``None``: a spectator), and whether the client takes
            board pictures as patches.
            """
            while True:
                msg = await self.receive()
                if msg is None:
                    continue
                if msg.get("type") != "hello":
                    await self.error("first send {'type': 'hello'}, with your seat's token")
                    continue
                patches = msg.get("patches", False)
                if not isinstance(patches, bool):
                    await self.error("'patches' in a hello is true or false")
                    continue
                token = msg.get("token")
                if token is None:
                    return None, patches
                seat = None
                if isinstance(token, str) and len(token) <= MAX_TOKEN:
                    seat = ctx.store().seat_for(self.game_id, token)
                if seat is None:
                    await self.error("that seat link is not valid (or its seat is a bot's now)")
                    continue
                open_now = sum(1 for v in room.viewers if v.seat == seat)
                if open_now >= ctx.lim.max_connections_per_seat:
                    await self.error(
                        f"this seat link is open in {open_now} places already: close one first"
                    )
                    continue
                await ctx.hub().seat_connected(room, seat)
                return seat, patches

        async def handle(self, room: Room, viewer: Viewer, msg: dict[str, Any]) -> None:
            kind = msg.get("type")
            if kind == "sync":
                await ctx.hub().welcome(room, viewer)
                await self.send_chat(room)
            elif kind == "act":
                await self.act(room, viewer, msg)
            elif kind == "why":
                await self.why(room, viewer, msg)
            elif kind == "chat":
                await self.say(room, viewer, msg)
            elif kind == "undo":
                await self.take_back(room, viewer)
            elif kind == "reclaim":
                if viewer.seat is None:
                    await self.error("this connection only watches: it holds no seat to take back")
                    return
                why = await ctx.hub().reclaim(room, viewer.seat)
                if why:
                    await self.error(f"cannot take the seat back: {why}")
            elif kind == "hello":
                await self.error("this connection has said hello already")
            else:
                await self.error(
                    f"unknown message type {short(json.dumps(kind), 40)}; "
                    "the types are hello, sync, act, why, chat, undo and reclaim"
                )

        async def send_chat(self, room: Room) -> None:
            """The game's latest chat lines, if it has any (all the page shows).

            Read and sent under the room's chat lock, as new lines are stored and sent: a line
            written meanwhile reaches this page first as news (with ``mine``), then again
            within the whole list, never the list without the news that should precede it.
            """
            async with room.chat_lock:
                tail = await asyncio.to_thread(chat.lines, ctx.store(), room.id)
                if tail:
                    await self.send({"type": "chat", "full": True, "lines": tail})

        async def say(self, room: Room, viewer: Viewer, msg: dict[str, Any]) -> None:
            """A chat line: checked, stored, then sent to everyone watching the game."""
            try:
                text = chat.check_line(msg.get("text"))
            except chat.ChatError as exc:
                await self.error(str(exc), chat=True)
                return
            if not ctx.chat_lines.take(self.client):
                await self.error(
                    "you are writing faster than the chat allows: wait a few seconds and send "
                    "the line again",
                    chat=True,
                )
                return
            await ctx.hub().say(room, viewer, text)

        async def take_back(self, room: Room, viewer: Viewer) -> None:
            """Undo the viewer's last decision if nothing was revealed since; the table hears."""
            if viewer.seat is None:
                await self.error("this connection only watches: spectators cannot take moves back")
                return
            why, text = await ctx.hub().undo(room, viewer.seat)
            if why:
                await self.error(f"cannot take the move back: {why}", undo=True)
                return
            await ctx.hub().say(room, viewer, f"took back a move: {text}", "note")

        async def why(self, room: Room, viewer: Viewer, msg: dict[str, Any]) -> None:
            """Answer a click on a place with no legal action: the rule that forbids it."""
            place, source = msg.get("place"), msg.get("from")
            if not isinstance(place, str) or not (source is None or isinstance(source, str)):
                await self.error("a why message needs 'place' (and may have 'from') as text")
                return
            place, source = short(place, 60), None if source is None else short(source, 60)
            seat = viewer.seat
            state = room.state
            if seat is None:
                refusal = IllegalActionError("spectators watch: they cannot act")
            elif state.is_terminal():
                refusal = IllegalActionError("the game is over")
            elif state.current_player() != seat:
                mover = state.current_player()
                who = room.game.player_names[mover] if mover >= 0 else "the dice"
                refusal = IllegalActionError(f"it is not your turn: {who} to play")
            else:
                refusal = why_not(room.game.name, state, seat, place, source)
            await self.send(
                {"type": "why", "place": place, "message": str(refusal), "rule": refusal.rule}
            )

        async def act(self, room: Room, viewer: Viewer, msg: dict[str, Any]) -> None:
            seat = viewer.seat
            if seat is None:
                await self.error("this connection only watches: spectators cannot act")
                return
            if room.blocked:
                await self.error(WAITING)
                return
            seq = msg.get("seq")
            if seq is not None and (not isinstance(seq, int) or isinstance(seq, bool)):
                await self.error("seq must be a whole number")
                return
            if seq is not None and seq != room.seq:
                await self.error(str(StaleError(room.seq)), stale=True)
                await ctx.hub().welcome(room, viewer)
                return
            action = msg.get("action")
            if "i" in msg:
                i = msg["i"]
                legal = room.state.legal_actions() if room.state.current_player() == seat else []
                if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(legal):
                    what = short(json.dumps(i), 40)
                    await self.error(f"there is no choice number {what} (0 to {len(legal) - 1})")
                    return
                action = legal[i].to_json()
            if action is None:
                await self.error("an act message needs 'i' (a choice number) or 'action'")
                return
            try:
                await ctx.hub().act(room, seat, action, seq)
            except StaleError as exc:
                await self.error(str(exc), stale=True)
                await ctx.hub().welcome(room, viewer)
            except IllegalActionError as exc:
                await self.error(str(exc), rule=exc.rule)
            except AleaError as exc:
                await self.error(f"not an action of this game: {short(exc)}")
            except Exception as exc:  # a malformed action the game's parser did not foresee
                log.info(
                    "malformed action for game %s: %s: %s",
                    self.game_id,
                    type(exc).__name__,
                    short(exc, 120),
                )
                await self.error(
                    f"not an action of this game ({type(exc).__name__}: {short(exc, 120)})"
                )

    return router
