"""The FastAPI application: lobby and game API, one WebSocket per seat or spectator, replays.

Seat tokens travel only in request bodies, headers and the first WebSocket message (the browser
keeps them in the page's ``#fragment``, which is never sent), so no URL and no access log ever
holds one. Whatever a client sends is bounded (size, depth, numbers, rate) and checked; a bad
message or request gets an error that says what was wrong, changes nothing, and never closes
the connection or costs the server more than reading it. ``docs/security.md`` lists what the
server promises and the test of each promise.

The routes are grouped by what they serve: ``pages``, ``account_routes``, ``game_routes``,
``record_routes`` and ``sockets``, each built from the ``ServerContext`` of ``context``.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import json
import logging
import multiprocessing
import os
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import JSONResponse

from alea.render import style_sources
from alea.server import ratings
from alea.server.account_routes import account_routes
from alea.server.bots import watch_parent
from alea.server.context import SESSION_COOKIE, ServerContext
from alea.server.coordination import coordinator_for, peer_origin, socket_origin
from alea.server.game_routes import game_routes
from alea.server.limits import Limits
from alea.server.pages import page_routes
from alea.server.record_routes import record_routes
from alea.server.rooms import Hub
from alea.server.sockets import socket_routes
from alea.server.store import Store
from alea.server.wire import short

__all__ = ["BURST", "MAX_MESSAGE", "MAX_RECORD", "RATE", "SESSION_COOKIE", "create_app"]

log = logging.getLogger("alea.server")

MAX_MESSAGE = Limits.max_message
"""Largest WebSocket message a client may send, in bytes (the default limit)."""
RATE = Limits.message_rate
"""Messages a second a connection may send on average (the default limit)."""
BURST = Limits.message_burst
"""Messages a connection may send at once (the default limit)."""
MAX_RECORD = Limits.max_record
"""Largest record a client may import, in bytes (the default limit)."""


def security_headers(peers: Sequence[str] = ()) -> list[tuple[bytes, bytes]]:
    """The headers sent with every HTTP response.

    Only the server's own scripts and styles run (and the one fixed stylesheet the History of
    the Roman Empire board carries for phones), no page of another site may frame ours, and no
    browser guesses a type other than the one sent. Pages may connect to this server and to its
    ``peers`` (origins of the other processes serving the same games), by WebSocket or request.
    """
    sockets = "".join(f" {p} {socket_origin(p)}" for p in peers)
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
    ctx = ServerContext(lim, peer_list)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        store = Store(db_url)
        store.on_finish.append(functools.partial(ratings.rate_game, store))
        n = (os.cpu_count() or 1) if workers is None else workers
        # Spawned, not forked: a forked worker would inherit the listening socket and keep
        # the port busy after the server dies.
        context = multiprocessing.get_context("spawn")
        executor: Executor | None = (
            ProcessPoolExecutor(max_workers=n, mp_context=context, initializer=watch_parent)
            if n > 0
            else None
        )
        coordinator = coordinator_for(db_url, store.sender)
        hub = Hub(store, executor, lim, slots=max(1, n), coordinator=coordinator)
        await coordinator.start(hub.heard)
        ctx.live.update(store=store, hub=hub)
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
    if peer_list:
        # A page that moved to a peer when its own process stopped sends its requests there:
        # the peers' pages may call this process's API (no cookies: a seat's token says who).
        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(peer_list),
            allow_methods=["GET", "POST"],
            allow_headers=["Content-Type", "X-Alea-Token"],
        )

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for err in exc.errors()[:3]:
            where = ".".join(str(x) for x in err.get("loc", ()) if x not in ("path", "query"))
            parts.append(f"{where}: {err.get('msg', 'not valid')}")
        return JSONResponse({"detail": short("; ".join(parts) or "bad request")}, 400)

    for routes in (page_routes, account_routes, game_routes, record_routes, socket_routes):
        app.include_router(routes(ctx))
    return app
