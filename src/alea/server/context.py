"""What every route of the web app shares: its limits, store, hub and checks of a request.

``create_app`` in ``app`` makes one ``ServerContext``; each group of routes (``pages``,
``account_routes``, ``game_routes``, ``record_routes``, ``sockets``) is an ``APIRouter`` built
from it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

from fastapi import HTTPException, Request, WebSocket
from fastapi.responses import JSONResponse

from alea.server import accounts
from alea.server.accounts import Account
from alea.server.limits import ClientBuckets, Limits
from alea.server.rooms import Hub, Room
from alea.server.store import MAX_PLAYER_NAME, GameRow, Store
from alea.server.wire import WireError, parse_object, short

log = logging.getLogger("alea.server")

MAX_ID = 32
"""Longest game id looked up (ids the server makes have 12 characters)."""
MAX_IDS = 200
"""Most games one request for summaries may name (a player's list of games)."""
MAX_TOKEN = 200
"""Longest seat token read."""
SESSION_COOKIE = "alea_session"
"""The cookie that holds a signed-in browser's session token."""
TITLES = {
    "triumvirate": "Roman Conquest: The First Triumvirate",
    "forum": "Forum: Trade Empires of Rome",
    "hotre": "History of the Roman Empire",
}
"""Names shown in the lobby."""


def http_error(status: int, message: str) -> HTTPException:
    """An HTTP error answer with ``message`` as its detail."""
    return HTTPException(status_code=status, detail=message)


def same_origin(headers: Any, peers: Sequence[str] = ()) -> bool:
    """Whether a request comes from one of our own pages (or from no page at all).

    Browsers name the page's origin on every cross-site request, and on every POST and
    WebSocket; a request without one comes from a program, which no page can drive. A page of
    a peer (another process serving the same games) is one of ours.
    """
    origin = headers.get("origin")
    if origin is None:
        return True
    if origin.lower() in peers:
        return True
    try:
        return bool(urlsplit(origin).netloc) and urlsplit(origin).netloc == headers.get("host")
    except ValueError:
        return False


def player_name(value: Any, where: str) -> str | None:
    """A display name as given (``None`` if none), or ``ValueError`` saying what is wrong.

    Names are shown as text, never as HTML; control characters and overlong names are refused.
    """
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError(f"{where}: a player's name is text")
    name = " ".join(value.split())
    if not name:
        return None
    if len(name) > MAX_PLAYER_NAME:
        raise ValueError(f"{where}: a player's name has at most {MAX_PLAYER_NAME} characters")
    if any(not ch.isprintable() for ch in name):
        raise ValueError(f"{where}: a player's name may not hold control characters")
    return name


def client_host(conn: Request | WebSocket) -> str:
    """The address a request or connection comes from (``?`` when unknown)."""
    return conn.client.host if conn.client is not None else "?"


def private(body: dict[str, Any]) -> JSONResponse:
    """An answer for one account's eyes: no cache keeps it."""
    return JSONResponse(body, headers={"Cache-Control": "no-store"})


class ServerContext:
    """One app's limits, per-client rate buckets, open connections, store and hub."""

    def __init__(self, lim: Limits, peers: tuple[str, ...]) -> None:
        self.lim = lim
        self.peers = peers
        self.live: dict[str, Any] = {}
        """The store and hub, once the app has started."""
        self.creates = ClientBuckets(lim.create_rate, lim.create_burst)
        self.joins = ClientBuckets(lim.join_rate, lim.join_burst)
        self.seat_takes = ClientBuckets(lim.seat_rate, lim.seat_burst)
        self.chat_lines = ClientBuckets(lim.chat_rate, lim.chat_burst)
        self.imports = ClientBuckets(lim.import_rate, lim.import_burst)
        self.frame_asks = ClientBuckets(lim.frame_rate, lim.frame_burst)
        self.sign_ins = ClientBuckets(lim.signin_rate, lim.signin_burst)
        self.client_messages = ClientBuckets(lim.client_message_rate, lim.client_message_burst)
        self.connections: dict[str, int] = {}
        """Open WebSockets per client address."""

    def store(self) -> Store:
        """The database of games, accounts and ratings."""
        return self.live["store"]  # type: ignore[no-any-return]

    def hub(self) -> Hub:
        """The rooms of the games being played."""
        return self.live["hub"]  # type: ignore[no-any-return]

    async def room_or_404(self, game_id: str) -> Room:
        """The room of ``game_id``, loaded if need be; 404 when there is no such game."""
        if len(game_id) > MAX_ID:
            raise http_error(404, "there is no such game")
        try:
            room = await self.hub().room(game_id)
        except Exception as exc:
            log.error("game %s cannot be loaded: %s", game_id, short(exc))
            raise http_error(409, f"game {game_id} cannot be loaded: {short(exc)}") from None
        if room is None:
            raise http_error(404, f"there is no game {game_id}")
        return room

    def saved_game(self, game_id: str) -> tuple[GameRow, Room | None]:
        """The stored row of ``game_id``, with its moves so far written, and its room if open.

        404 when there is no such game.
        """
        if len(game_id) > MAX_ID:
            raise http_error(404, "there is no such game")
        room = self.hub().rooms.get(game_id)
        if room is not None:
            self.hub().flush(room)
        row = self.store().get(game_id)
        if row is None:
            raise http_error(404, f"there is no game {game_id}")
        return row, room

    async def json_body(self, request: Request, limit: int, what: str) -> dict[str, Any]:
        """The request's JSON object: only from our own pages or programs, bounded, checked."""
        if not same_origin(request.headers, self.peers):
            raise http_error(403, "requests from another site's pages are refused")
        ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if ctype != "application/json":
            raise http_error(415, f"{what} must be sent as application/json")
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            raise http_error(413, f"{what} is too large (limit {limit:,} bytes)")
        chunks = []
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise http_error(413, f"{what} is too large (limit {limit:,} bytes)")
            chunks.append(chunk)
        raw = b"".join(chunks)
        try:
            if size > 65536:  # parsing and checking megabytes: off the event loop
                return await asyncio.to_thread(parse_object, raw, what)
            return parse_object(raw, what)
        except WireError as exc:
            raise http_error(400, str(exc)) from None

    def signed_in(self, request: Request) -> Account | None:
        """The account whose live session the request's cookie holds, if any."""
        return accounts.session_account(self.store(), request.cookies.get(SESSION_COOKIE))

    def refuse_account_name(self, name: str | None, where: str) -> None:
        """Refuse a display name that is an account's, given by someone not signed in as it."""
        if name is not None and accounts.name_belongs_to_account(self.store(), name):
            raise http_error(
                409,
                f"{where}: {name!r} is the name of an account; sign in as it, "
                "or choose another name",
            )
