"""The FastAPI application: lobby and game API, one WebSocket per seat or spectator, replays.

Seat tokens travel only in request bodies, headers and the first WebSocket message (the browser
keeps them in the page's ``#fragment``, which is never sent), so no URL and no access log ever
holds one. Whatever a client sends is bounded (size, depth, numbers, rate) and checked; a bad
message or request gets an error that says what was wrong, changes nothing, and never closes
the connection or costs the server more than reading it. ``docs/security.md`` lists what the
server promises and the test of each promise.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import hashlib
import json
import logging
import multiprocessing
import os
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.websockets import WebSocketState

import alea
from alea.agents import AGENT_KINDS
from alea.core.errors import AleaError, IllegalActionError, RecordError
from alea.core.fairness import new_secret, secret_from_seed
from alea.core.options import describe_options
from alea.core.record import GameRecord
from alea.render import style_sources, why_not
from alea.server import accounts, chat, ratings
from alea.server.accounts import Account, AccountError
from alea.server.clocks import Clock
from alea.server.coordination import coordinator_for, peer_origin, socket_origin
from alea.server.limits import Bucket, ClientBuckets, Limits, check_agent, client_key
from alea.server.rooms import WAITING, Hub, Room, StaleError, Viewer, board_svg
from alea.server.rulebook import rulebook
from alea.server.store import MAX_PLAYER_NAME, Store, digest, new_token
from alea.server.wire import WireError, parse_object, short

log = logging.getLogger("alea.server")

MAX_MESSAGE = Limits.max_message
"""Largest WebSocket message a client may send, in bytes (the default limit)."""
RATE = Limits.message_rate
"""Messages a second a connection may send on average (the default limit)."""
BURST = Limits.message_burst
"""Messages a connection may send at once (the default limit)."""
MAX_RECORD = Limits.max_record
"""Largest record a client may import, in bytes (the default limit)."""
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


def security_headers(peers: Sequence[str] = ()) -> list[tuple[bytes, bytes]]:
    """The headers sent with every HTTP response.

    Only the server's own scripts and styles run (and the one fixed stylesheet the History of
    the Roman Empire board carries for phones), no page of another site may frame ours, and no
    browser guesses a type other than the one sent. Pages may open WebSockets to this server
    and to its ``peers`` (origins of the other processes serving the same games).
    """
    sockets = "".join(f" {socket_origin(p)}" for p in peers)
    return [
        (
            b"content-security-policy",
            b"default-src 'self'; script-src 'self'; style-src 'self' "
            + " ".join(style_sources()).encode("ascii")
            + b"; img-src 'self' data:; "
            + f"connect-src 'self'{sockets}; ".encode("ascii")
            + b"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
        ),
        (b"x-frame-options", b"DENY"),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"no-referrer"),
    ]


SECURITY_HEADERS = security_headers()
"""The headers of a server without peers."""

_STATIC = resources.files("alea.server").joinpath("static")
_TYPES = {
    ".js": "text/javascript",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".html": "text/html",
}

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
SendASGI = Callable[[Message], Awaitable[None]]


class _Guard:
    """ASGI middleware: security headers on every response, and no traceback for any request.

    A request whose handler fails in a way no check foresaw gets a 500 with a sentence and one
    log line; the checks before every handler are meant to make that never happen.
    """

    def __init__(
        self,
        app: Callable[[Scope, Receive, SendASGI], Awaitable[None]],
        headers: list[tuple[bytes, bytes]] = SECURITY_HEADERS,
    ) -> None:
        self.app = app
        self.headers = headers

    async def __call__(self, scope: Scope, receive: Receive, send: SendASGI) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message["headers"] = [*message.get("headers", []), *self.headers]
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception as exc:
            log.error(
                "%s %s failed: %s: %s",
                scope.get("method"),
                short(scope.get("path"), 80),
                type(exc).__name__,
                short(exc, 200),
            )
            if started:
                return
            body = json.dumps({"detail": "the server failed on this request"}).encode()
            await send_with_headers(
                {
                    "type": "http.response.start",
                    "status": 500,
                    "headers": [(b"content-type", b"application/json")],
                }
            )
            await send({"type": "http.response.body", "body": body})


def _page(name: str) -> HTMLResponse:
    return HTMLResponse(_STATIC.joinpath(name).read_text(encoding="utf-8"))


def _player_counts(name: str, default: int) -> list[int]:
    """The numbers of players ``name`` may be set up for (its ``players`` option's range)."""
    counts = []
    for k in range(1, 9):
        try:
            alea.load(name, players=k)
        except ValueError:  # OptionError is one: the game has no such option or value
            continue
        counts.append(k)
    return counts or [default]


def _option_fields(game: Any) -> list[dict[str, Any]]:
    """The game's options for the lobby's variants panel (none if it has no options class)."""
    opts = getattr(game, "opts", None)
    if opts is None or not dataclasses.is_dataclass(opts):
        return []
    return [f for f in describe_options(opts) if f["name"] != "players"]


@functools.cache
def _catalog() -> list[dict[str, Any]]:
    out = []
    for name in alea.GAMES:
        game = alea.load(name)
        counts = _player_counts(name, game.num_players)
        out.append(
            {
                "id": name,
                "title": TITLES.get(name, name),
                "players": counts,
                "default_players": game.num_players,
                "seat_names": list(game.player_names),
                "options": {k: v for k, v in game.options.items() if k != "players"},
                "option_fields": _option_fields(game),
            }
        )
    return out


@functools.cache
def _rulebook(game: str) -> str:
    """The players' rulebook: the game's quick start with its pictures, then the full rules."""
    return rulebook(game, TITLES.get(game, game))


def _error(status: int, message: str) -> HTTPException:
    return HTTPException(status_code=status, detail=message)


def _same_origin(headers: Any, peers: Sequence[str] = ()) -> bool:
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


def _read_record(body: dict[str, Any]) -> tuple[GameRecord, str]:
    """A record and the digest of its canonical JSON (run in a worker thread: records are big)."""
    record = GameRecord.from_json(body)
    canonical = json.dumps(record.to_json(), sort_keys=True, separators=(",", ":"))
    return record, hashlib.sha256(canonical.encode()).hexdigest()


def _player_name(value: Any, where: str) -> str | None:
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


def _client(conn: Request | WebSocket) -> str:
    return conn.client.host if conn.client is not None else "?"


def create_app(
    db_url: str = "sqlite:///alea.db",
    workers: int | None = None,
    rate: float | None = None,
    burst: float | None = None,
    limits: Limits | None = None,
    peers: Sequence[str] = (),
) -> FastAPI:
    """The web app storing to ``db_url``; search bots think in ``workers`` processes (0: none).

    ``limits`` are the operator's figures (``Limits`` has the defaults); ``rate`` and ``burst``
    override its per-connection message rate and burst. ``peers`` are the addresses of other
    processes serving the same database, which the play page tries when this one stops
    answering (``ValueError`` for one that is not an http or https origin).
    """
    peer_list = tuple(peer_origin(p) for p in peers)
    lim = limits or Limits()
    if rate is not None:
        lim = dataclasses.replace(lim, message_rate=rate)
    if burst is not None:
        lim = dataclasses.replace(lim, message_burst=burst)
    state: dict[str, Any] = {}
    creates = ClientBuckets(lim.create_rate, lim.create_burst)
    joins = ClientBuckets(lim.join_rate, lim.join_burst)
    seat_takes = ClientBuckets(lim.seat_rate, lim.seat_burst)
    chat_lines = ClientBuckets(lim.chat_rate, lim.chat_burst)
    imports = ClientBuckets(lim.import_rate, lim.import_burst)
    frame_asks = ClientBuckets(lim.frame_rate, lim.frame_burst)
    sign_ins = ClientBuckets(lim.signin_rate, lim.signin_burst)
    client_messages = ClientBuckets(lim.client_message_rate, lim.client_message_burst)
    connections: dict[str, int] = {}

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        store = Store(db_url)
        store.on_finish.append(functools.partial(ratings.rate_game, store))
        n = (os.cpu_count() or 1) if workers is None else workers
        # Spawned, not forked: a forked worker would inherit the listening socket and keep
        # the port busy after the server dies.
        context = multiprocessing.get_context("spawn")
        executor: Executor | None = (
            ProcessPoolExecutor(max_workers=n, mp_context=context) if n > 0 else None
        )
        coordinator = coordinator_for(db_url, store.sender)
        hub = Hub(store, executor, lim, slots=max(1, n), coordinator=coordinator)
        await coordinator.start(hub.heard)
        state.update(store=store, hub=hub)
        _app.state.hub = hub

        async def sweeper() -> None:
            while True:
                await asyncio.sleep(lim.sweep_every)
                try:
                    await hub.sweep()
                    await asyncio.to_thread(ratings.rate_pending, store)
                except Exception as exc:
                    log.error("sweep failed: %s: %s", type(exc).__name__, short(exc))

        # Games of bots alone play on after a restart, in the background: the server serves at
        # once, and every other game is loaded when someone first opens it.
        tasks = [asyncio.create_task(hub.resume_bots()), asyncio.create_task(sweeper())]
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            await hub.close()
            await coordinator.close()
            if executor is not None:
                executor.shutdown(wait=False, cancel_futures=True)

    app = FastAPI(title="Alea", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.add_middleware(_Guard, headers=security_headers(peer_list))

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for err in exc.errors()[:3]:
            where = ".".join(str(x) for x in err.get("loc", ()) if x not in ("path", "query"))
            parts.append(f"{where}: {err.get('msg', 'not valid')}")
        return JSONResponse({"detail": short("; ".join(parts) or "bad request")}, 400)

    def store() -> Store:
        return state["store"]  # type: ignore[no-any-return]

    def hub() -> Hub:
        return state["hub"]  # type: ignore[no-any-return]

    async def room_or_404(game_id: str) -> Room:
        if len(game_id) > MAX_ID:
            raise _error(404, "there is no such game")
        try:
            room = await hub().room(game_id)
        except Exception as exc:
            log.error("game %s cannot be loaded: %s", game_id, short(exc))
            raise _error(409, f"game {game_id} cannot be loaded: {short(exc)}") from None
        if room is None:
            raise _error(404, f"there is no game {game_id}")
        return room

    async def json_body(request: Request, limit: int, what: str) -> dict[str, Any]:
        """The request's JSON object: only from our own pages or programs, bounded, checked."""
        if not _same_origin(request.headers):
            raise _error(403, "requests from another site's pages are refused")
        ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if ctype != "application/json":
            raise _error(415, f"{what} must be sent as application/json")
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            raise _error(413, f"{what} is too large (limit {limit:,} bytes)")
        chunks = []
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise _error(413, f"{what} is too large (limit {limit:,} bytes)")
            chunks.append(chunk)
        raw = b"".join(chunks)
        try:
            if size > 65536:  # parsing and checking megabytes: off the event loop
                return await asyncio.to_thread(parse_object, raw, what)
            return parse_object(raw, what)
        except WireError as exc:
            raise _error(400, str(exc)) from None

    # -- pages ---------------------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse)
    async def lobby_page() -> HTMLResponse:
        return _page("lobby.html")

    def game_page() -> HTMLResponse:
        """The play page, naming the peers its connection may fall back to."""
        page = _page("play.html")
        if not peer_list:
            return page
        meta = f'<meta name="alea-peers" content="{" ".join(peer_list)}">\n</head>'
        return HTMLResponse(bytes(page.body).decode().replace("</head>", meta, 1))

    @app.get("/play/{game_id}", response_class=HTMLResponse)
    async def play_page(game_id: str) -> HTMLResponse:
        return game_page()

    @app.get("/watch/{game_id}", response_class=HTMLResponse)
    async def watch_page(game_id: str) -> HTMLResponse:
        return game_page()

    @app.get("/my", response_class=HTMLResponse)
    async def my_games_page() -> HTMLResponse:
        return _page("my.html")

    @app.get("/replay/{game_id}", response_class=HTMLResponse)
    async def replay_page(game_id: str) -> HTMLResponse:
        return _page("replay.html")

    @app.get("/rules/{game}", response_class=HTMLResponse)
    async def rules_page(game: str) -> HTMLResponse:
        if game not in alea.GAMES:
            raise _error(404, f"there is no game {short(game, 40)!r}")
        return HTMLResponse(await asyncio.to_thread(_rulebook, game))

    @app.get("/static/{name}")
    async def static(name: str) -> Response:
        ext = os.path.splitext(name)[1]
        if "/" in name or "\\" in name or ext not in _TYPES:
            raise _error(404, "no such file")
        item = _STATIC.joinpath(name)
        if not item.is_file():
            raise _error(404, "no such file")
        return Response(item.read_bytes(), media_type=_TYPES[ext])

    # -- accounts and ratings -------------------------------------------------------------------

    def signed_in(request: Request) -> Account | None:
        """The account whose live session the request's cookie holds, if any."""
        return accounts.session_account(store(), request.cookies.get(SESSION_COOKIE))

    def refuse_account_name(name: str | None, where: str) -> None:
        """Refuse a display name that is an account's, given by someone not signed in as it."""
        if name is not None and accounts.name_belongs_to_account(store(), name):
            raise _error(
                409,
                f"{where}: {name!r} is the name of an account; sign in as it, "
                "or choose another name",
            )

    def session_response(request: Request, account: Account, status: int) -> JSONResponse:
        """Answer a registration or sign-in: a new session, in an HttpOnly cookie."""
        token = accounts.open_session(store(), account)
        response = JSONResponse({"name": account.name}, status_code=status)
        response.set_cookie(
            SESSION_COOKIE,
            token,
            max_age=accounts.SESSION_DAYS * 86400,
            path="/",
            httponly=True,
            samesite="lax",
            secure=request.url.scheme == "https",
        )
        return response

    async def account_answer(
        request: Request, what: str, check: Callable[[Store, Any, Any], Account], status: int
    ) -> JSONResponse:
        """A registration or sign-in: rate-limited per client, checked off the event loop."""
        body = await json_body(request, 2_000, what)
        if not sign_ins.take(_client(request)):
            raise _error(429, "too many sign-ins tried from your address: wait a minute")
        try:
            account = await asyncio.to_thread(
                check, store(), body.get("name"), body.get("password")
            )
        except AccountError as exc:
            raise _error(exc.status, str(exc)) from None
        return session_response(request, account, status)

    def private(body: dict[str, Any]) -> JSONResponse:
        """An answer for one account's eyes: no cache keeps it."""
        return JSONResponse(body, headers={"Cache-Control": "no-store"})

    @app.get("/api/account")
    async def account_info(request: Request) -> JSONResponse:
        account = signed_in(request)
        if account is None:
            return private({"name": None, "ratings": {}})
        return private({"name": account.name, "ratings": ratings.ratings_of(store(), account.id)})

    @app.post("/api/account/register")
    async def register(request: Request) -> JSONResponse:
        return await account_answer(request, "a registration", accounts.register, 201)

    @app.post("/api/account/signin")
    async def sign_in(request: Request) -> JSONResponse:
        return await account_answer(request, "a sign-in", accounts.authenticate, 200)

    @app.post("/api/account/signout")
    async def sign_out(request: Request) -> JSONResponse:
        await json_body(request, 2_000, "a sign-out")
        accounts.close_session(store(), request.cookies.get(SESSION_COOKIE))
        response = JSONResponse({"name": None})
        response.delete_cookie(
            SESSION_COOKIE,
            path="/",
            httponly=True,
            samesite="lax",
            secure=request.url.scheme == "https",
        )
        return response

    @app.get("/api/my/games")
    async def my_games(request: Request) -> JSONResponse:
        account = signed_in(request)
        if account is None:
            raise _error(401, "sign in to see your account's games")
        return private(
            {
                "name": account.name,
                "seats": accounts.seats_of(store(), account),
                "ratings": ratings.ratings_of(store(), account.id),
            }
        )

    @app.get("/api/ratings")
    async def rating_list(game: str, limit: int = 20) -> dict[str, Any]:
        if game not in alea.GAMES:
            raise _error(
                400, f"unknown game {short(game, 40)!r}; the games are {', '.join(alea.GAMES)}"
            )
        if not 1 <= limit <= 100:
            raise _error(400, "limit is a whole number from 1 to 100")
        return {"game": game, "ratings": ratings.leaderboard(store(), game, limit)}

    # -- lobby API ------------------------------------------------------------------------------

    @app.get("/api/catalog")
    async def catalog() -> dict[str, Any]:
        return {"games": _catalog(), "agents": list(AGENT_KINDS)}

    @app.post("/api/games")
    async def create_game(request: Request) -> JSONResponse:
        client = _client(request)
        body = await json_body(request, 20_000, "a new game")
        if not creates.take(client):
            raise _error(429, "too many games created from your address: wait a minute")
        name = body.get("game")
        if not isinstance(name, str) or name not in alea.GAMES:
            raise _error(
                400, f"unknown game {short(name, 40)!r}; the games are {', '.join(alea.GAMES)}"
            )
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise _error(400, "options must be an object")
        if "players" in body:
            options = {**options, "players": body["players"]}
        try:
            game = alea.load(name, **options)
        except Exception as exc:  # the game's own check of its options, whatever it raises
            raise _error(400, f"options refused: {short(exc)}") from None
        seats_in = body.get("seats")
        if not isinstance(seats_in, list) or len(seats_in) != game.num_players:
            raise _error(400, f"{name} with these options needs {game.num_players} seats")
        seats: list[dict[str, Any]] = []
        for i, s in enumerate(seats_in):
            kind = s.get("kind") if isinstance(s, dict) else None
            seat: dict[str, Any] = {"name": game.player_names[i], "kind": kind}
            if kind == "bot":
                assert isinstance(s, dict)
                try:
                    seat["agent"] = check_agent(s.get("agent"), lim)
                except ValueError as exc:
                    raise _error(400, f"seat {i + 1}: {exc}") from None
            elif kind != "human":
                raise _error(400, f"seat {i + 1} must be 'human' or 'bot', not {short(kind, 40)!r}")
            else:
                assert isinstance(s, dict)
                lobby = s.get("open", False)
                if not isinstance(lobby, bool):
                    raise _error(400, f"seat {i + 1}: 'open' is true or false")
                try:
                    player = _player_name(s.get("player"), f"seat {i + 1}")
                except ValueError as exc:
                    raise _error(400, str(exc)) from None
                if lobby and player is not None:
                    raise _error(400, f"seat {i + 1}: an open seat gets its name from who joins")
                seat["taken"] = False
                if lobby:
                    seat["lobby"] = True
                if player is not None:
                    seat["player"] = player
            seats.append(seat)
        account = signed_in(request)
        mine = None
        if account is not None:  # the creator's seat: the first one with a link
            mine = next(
                (i for i, s in enumerate(seats) if s["kind"] == "human" and not s.get("lobby")),
                None,
            )
            if mine is not None:
                seats[mine].update(player=account.name, account=account.id)
        for i, s in enumerate(seats):
            if i != mine:
                refuse_account_name(s.get("player"), f"seat {i + 1}")
        humans = any(s["kind"] == "human" for s in seats)
        seed = body.get("seed")
        if seed is not None:
            if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**31:
                raise _error(400, "seed must be a whole number from 0 to 2^31-1")
            if humans and not lim.fixed_seeds:
                raise _error(
                    400,
                    "a chosen seed is only for games of bots alone: whoever knows the seed "
                    "knows every roll and card to come, so the server draws a secret instead",
                )
        try:
            clock = Clock.parse(body.get("clock"), body.get("on_timeout"), len(seats))
        except ValueError as exc:
            raise _error(400, str(exc)) from None
        key = client_key(client)
        if store().count_unfinished(key) >= lim.max_open_per_client:
            raise _error(
                429,
                f"your address already has {lim.max_open_per_client} unfinished games: "
                "finish some, or wait for them to expire",
            )
        if store().count_unfinished() >= lim.max_open_games:
            raise _error(503, "the server holds as many unfinished games as it can: try later")
        secret = new_secret() if seed is None else secret_from_seed(seed)
        game_id = secrets.token_urlsafe(9)
        tokens = {
            i: new_token()
            for i, s in enumerate(seats)
            if s["kind"] == "human" and not s.get("lobby")
        }
        host = new_token()
        store().create_game(
            game_id,
            name,
            dict(game.options),
            seats,
            seed,
            game.version,
            {i: digest(t) for i, t in tokens.items()},
            digest(host),
            status="open" if humans else "running",
            secret=secret,
            client=key,
            clock=None if clock is None else clock.to_json(),
        )
        if account is not None and mine is not None:
            accounts.tie_seat(store(), account, game_id, mine, tokens[mine])
        if not humans:
            await hub().room(game_id)  # bots alone: start playing now
        return JSONResponse(
            {
                "id": game_id,
                "host_token": host,
                "mine": mine,
                "seats": [
                    {
                        "seat": i,
                        "name": s["name"],
                        "kind": s["kind"],
                        "agent": s.get("agent"),
                        "open": bool(s.get("lobby")),
                        "token": tokens.get(i),
                        "link": f"/play/{game_id}#{tokens[i]}" if i in tokens else None,
                    }
                    for i, s in enumerate(seats)
                ],
                "spectator": f"/watch/{game_id}",
                "replay": f"/replay/{game_id}",
            },
            status_code=201,
        )

    @app.get("/api/games")
    async def list_games(status: str | None = None, ids: str | None = None) -> dict[str, Any]:
        if status is not None and status not in ("open", "running", "finished", "expired"):
            raise _error(400, "status is one of open, running, finished, expired")
        if ids is not None:
            if status is not None:
                raise _error(400, "ask for a status or for ids, not both")
            wanted = [g for g in dict.fromkeys(ids.split(",")) if g]
            if len(wanted) > MAX_IDS or any(len(g) > MAX_ID for g in wanted):
                raise _error(400, f"ids names at most {MAX_IDS} games, separated by commas")
            return {"games": store().summaries(wanted)}
        return {"games": store().list_games(status)}

    @app.get("/api/games/{game_id}")
    async def game_summary(game_id: str) -> dict[str, Any]:
        if len(game_id) > MAX_ID:
            raise _error(404, "there is no such game")
        room = hub().rooms.get(game_id)
        if room is not None:
            hub().flush(room)
        row = store().get(game_id)
        if row is None:
            raise _error(404, f"there is no game {game_id}")
        moves = room.seq if room is not None else store().count_actions(game_id)
        return row.summary(moves)

    @app.get("/api/games/{game_id}/record")
    async def export_record(game_id: str) -> JSONResponse:
        if len(game_id) > MAX_ID:
            raise _error(404, "there is no such game")
        room = hub().rooms.get(game_id)
        if room is not None:
            hub().flush(room)
        row = store().get(game_id)
        if row is None:
            raise _error(404, f"there is no game {game_id}")
        if row.status != "finished":
            raise _error(409, "a record is exported once the game is over (hidden cards)")
        record = GameRecord(
            game=row.game,
            version=row.version,
            options=row.options,
            seed=row.seed,
            seats=[{"name": s["name"], "agent": s.get("agent", "human")} for s in row.seats],
            actions=store().actions(game_id),
            result=row.result,
            secret=row.secret,
        )
        return JSONResponse(
            record.to_json(),
            headers={"Content-Disposition": f'attachment; filename="{row.game}-{game_id}.json"'},
        )

    @app.post("/api/records")
    async def import_record(request: Request) -> JSONResponse:
        client = _client(request)
        body = await json_body(request, lim.max_record, "a record")
        if not imports.take(client):
            raise _error(429, "too many records imported from your address: wait a minute")
        try:
            record, record_hash = await asyncio.to_thread(_read_record, body)
        except RecordError as exc:
            raise _error(400, f"not a valid record: {short(exc)}") from None
        known = store().find_import(record_hash)
        if known is not None:
            return JSONResponse({"id": known, "replay": f"/replay/{known}"}, status_code=200)
        try:
            final = await asyncio.to_thread(alea.replay, record)
        except Exception as exc:  # whatever the engine makes of a forged record
            raise _error(400, f"not a valid record: {short(exc)}") from None
        if not final.is_terminal():
            raise _error(400, "only finished games can be imported")
        game = final.game
        game_id = secrets.token_urlsafe(9)
        seats = []
        for i in range(game.num_players):
            given = record.seats[i] if i < len(record.seats) else None
            agent = given.get("agent", "random") if isinstance(given, dict) else "random"
            text = agent if isinstance(agent, str) else json.dumps(agent, sort_keys=True)
            seats.append({"name": game.player_names[i], "kind": "bot", "agent": short(text, 200)})
        seed = record.seed if record.seed is not None and 0 <= record.seed < 2**31 else None
        store().create_game(
            game_id,
            game.name,
            dict(game.options),
            seats,
            seed,
            game.version,
            {},
            digest(new_token()),
            status="finished",
            actions=record.actions,
            result=record.result,
            secret=record.secret,
            client=client_key(client),
            record_hash=record_hash,
        )
        return JSONResponse({"id": game_id, "replay": f"/replay/{game_id}"}, status_code=201)

    @app.get("/api/games/{game_id}/frames/{k}")
    async def frame(game_id: str, k: int, request: Request) -> dict[str, Any]:
        if not frame_asks.take(_client(request)):
            raise _error(429, "too many replay frames asked for from your address: slow down")
        room = await room_or_404(game_id)
        hub().flush(room)
        if not 0 <= k <= room.seq:
            raise _error(404, f"the game has moves 0 to {room.seq}")
        frames = hub().frames
        drawn = frames.cached(game_id, k)
        if drawn is None:
            try:
                drawn = await asyncio.to_thread(
                    frames.frame,
                    game_id,
                    room.game,
                    k,
                    functools.partial(store().actions, game_id),
                    board_svg,
                )
            except Exception as exc:
                log.error("frame %s of game %s failed: %s", k, game_id, short(exc))
                raise _error(409, f"frame {k} cannot be drawn: {short(exc)}") from None
        return {
            "k": k,
            "n": room.seq,
            "game": room.game.name,
            "svg": drawn["svg"],
            "log": room.log[max(0, k - 60) : k],
            "log_start": max(0, k - 60),
            "outcome": drawn["outcome"],
            "last_move": drawn["last_move"],
            "dice": drawn["dice"],
        }

    @app.post("/api/games/{game_id}/seats/{seat}/join")
    async def join_seat(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        body = await json_body(request, 2_000, "a request to join")
        if not seat_takes.take(_client(request)):
            raise _error(429, "too many seats taken from your address: wait a minute")
        try:
            player = _player_name(body.get("name"), "name")
        except ValueError as exc:
            raise _error(400, str(exc)) from None
        account = signed_in(request)
        if account is not None:
            player = account.name
        else:
            refuse_account_name(player, "name")
        room = await room_or_404(game_id)
        if not 0 <= seat < room.game.num_players:
            raise _error(
                404, f"there is no seat {seat}: the seats are 0 to {room.game.num_players - 1}"
            )
        token = new_token()
        why = await hub().take_seat(
            room, seat, digest(token), player, None if account is None else account.id
        )
        if why:
            raise _error(409, why)
        if account is not None:
            accounts.tie_seat(store(), account, game_id, seat, token)
        return {
            "id": game_id,
            "seat": seat,
            "name": room.seats[seat]["name"],
            "player": player,
            "token": token,
            "link": f"/play/{game_id}#{token}",
        }

    @app.post("/api/games/{game_id}/seats/{seat}/bot")
    async def hand_over(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        body = await json_body(request, 2_000, "a hand-over")
        token = request.headers.get("x-alea-token", "")[:MAX_TOKEN]
        room = await room_or_404(game_id)
        if not (store().is_host(game_id, token) or store().seat_for(game_id, token) == seat):
            raise _error(403, "only the host or that seat's player may hand a seat to a bot")
        if not 0 <= seat < room.game.num_players:
            raise _error(404, f"there is no seat {seat}")
        if room.seats[seat]["kind"] != "human":
            raise _error(409, f"seat {seat} is already played by a bot")
        try:
            spec = check_agent(body.get("agent"), lim)
        except ValueError as exc:
            raise _error(400, str(exc)) from None
        if room.evicted:
            room = await room_or_404(game_id)
        await hub().hand_to_bot(room, seat, spec)
        return {"seat": seat, "agent": spec}

    # -- play ----------------------------------------------------------------------------------

    @app.websocket("/ws/{game_id}")
    async def play_socket(ws: WebSocket, game_id: str) -> None:
        client = _client(ws)
        refusal = None
        if not _same_origin(ws.headers, peer_list):
            refusal = "connections from another site's pages are refused", 4403
        elif connections.get(client, 0) >= lim.max_connections_per_client:
            refusal = "too many connections open from your address", 4429
        elif not joins.take(client):
            refusal = "too many connections opened from your address: wait a moment", 4429
        await ws.accept()
        if refusal is not None:
            with contextlib.suppress(Exception):
                await ws.send_text(json.dumps({"type": "error", "message": refusal[0]}))
                await ws.close(code=refusal[1])
            return
        connections[client] = connections.get(client, 0) + 1
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
            connections[client] -= 1
            if connections[client] <= 0:
                del connections[client]
            if session.viewer is not None and session.room is not None:
                session.room.viewers.discard(session.viewer)

    class _Session:
        """One WebSocket connection: hello, then sync and act messages until it closes."""

        def __init__(self, ws: WebSocket, game_id: str, client: str) -> None:
            self.ws = ws
            self.game_id = game_id
            self.client = client
            self.bucket = Bucket(lim.message_rate, lim.message_burst)
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
            own = client_messages.get(self.client)
            for bucket in (self.bucket, own):
                while not bucket.take():
                    await asyncio.sleep(min(1.0, bucket.wait()))
            text = message.get("text")
            if text is None:
                await self.error("binary frames are not read: send JSON text")
                return None
            if len(text) > lim.max_message or len(text.encode()) > lim.max_message:
                await self.error(f"message too large (limit {lim.max_message} bytes)")
                return None
            try:
                return parse_object(text)
            except WireError as exc:
                await self.error(f"{exc}; messages are JSON objects such as {{'type': 'sync'}}")
                return None

        async def run(self) -> None:
            try:
                room = await hub().room(self.game_id) if len(self.game_id) <= MAX_ID else None
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
            await hub().welcome(room, viewer)
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
                    seat = store().seat_for(self.game_id, token)
                if seat is None:
                    await self.error("that seat link is not valid (or its seat is a bot's now)")
                    continue
                open_now = sum(1 for v in room.viewers if v.seat == seat)
                if open_now >= lim.max_connections_per_seat:
                    await self.error(
                        f"this seat link is open in {open_now} places already: close one first"
                    )
                    continue
                await hub().seat_connected(room, seat)
                return seat, patches

        async def handle(self, room: Room, viewer: Viewer, msg: dict[str, Any]) -> None:
            kind = msg.get("type")
            if kind == "sync":
                await hub().welcome(room, viewer)
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
                why = await hub().reclaim(room, viewer.seat)
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
            """The game's latest chat lines, if it has any (all the page shows)."""
            tail = await asyncio.to_thread(chat.lines, store(), room.id)
            if tail:
                await self.send({"type": "chat", "full": True, "lines": tail})

        async def say(self, room: Room, viewer: Viewer, msg: dict[str, Any]) -> None:
            """A chat line: checked, stored, then sent to everyone watching the game."""
            try:
                text = chat.check_line(msg.get("text"))
            except chat.ChatError as exc:
                await self.error(str(exc), chat=True)
                return
            if not chat_lines.take(self.client):
                await self.error(
                    "you are writing faster than the chat allows: wait a few seconds and send "
                    "the line again",
                    chat=True,
                )
                return
            await hub().say(room, viewer, text)

        async def take_back(self, room: Room, viewer: Viewer) -> None:
            """Undo the viewer's last decision if nothing was revealed since; the table hears."""
            if viewer.seat is None:
                await self.error("this connection only watches: spectators cannot take moves back")
                return
            why, text = await hub().undo(room, viewer.seat)
            if why:
                await self.error(f"cannot take the move back: {why}", undo=True)
                return
            await hub().say(room, viewer, f"took back a move: {text}", "note")

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
                await hub().welcome(room, viewer)
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
                await hub().act(room, seat, action, seq)
            except StaleError as exc:
                await self.error(str(exc), stale=True)
                await hub().welcome(room, viewer)
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

    return app
