"""The FastAPI application: lobby and game API, one WebSocket per seat or spectator, replays.

Seat tokens travel only in request bodies, headers and the first WebSocket message (the browser
keeps them in the page's ``#fragment``, which is never sent), so no URL and no access log ever
holds one. Every message a client sends is size- and rate-limited and checked; a bad one gets
an error for that client and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import json
import multiprocessing
import os
import secrets
import time
from collections.abc import AsyncIterator
from concurrent.futures import Executor, ProcessPoolExecutor
from importlib import resources
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.websockets import WebSocketState

import alea
from alea.agents import AGENT_KINDS, parse_spec
from alea.core.errors import AleaError, IllegalActionError, OptionError, RecordError
from alea.core.options import describe_options
from alea.core.record import GameRecord
from alea.server.markdown import markdown_to_html
from alea.server.rooms import Hub, Room, StaleError, Viewer, board_svg
from alea.server.store import Store, digest, new_token

MAX_MESSAGE = 4096
"""Largest WebSocket message a client may send, in bytes."""
RATE = 20.0
"""Messages a second a connection may send on average."""
BURST = 40.0
"""Messages a connection may send at once."""
MAX_RECORD = 5_000_000
"""Largest record a client may import, in bytes."""

TITLES = {
    "triumvirate": "Roman Conquest: The First Triumvirate",
    "forum": "Forum: Trade Empires of Rome",
    "hotre": "History of the Roman Empire",
}
"""Names shown in the lobby."""

_STATIC = resources.files("alea.server").joinpath("static")
_TYPES = {
    ".js": "text/javascript",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".html": "text/html",
}


def _page(name: str) -> HTMLResponse:
    return HTMLResponse(_STATIC.joinpath(name).read_text(encoding="utf-8"))


class Bucket:
    """A token bucket of messages: ``take`` one if allowed now, or ``wait`` until it is."""

    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate = rate
        self.burst = burst
        self.level = burst
        self.stamp = time.monotonic()

    def take(self) -> bool:
        """Spend one token if there is one."""
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.level < 1:
            return False
        self.level -= 1
        return True

    def wait(self) -> float:
        """Seconds until the next message is allowed (0: now)."""
        return max(0.0, (1 - self.level) / self.rate)


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


def _error(status: int, message: str) -> HTTPException:
    return HTTPException(status_code=status, detail=message)


def create_app(
    db_url: str = "sqlite:///alea.db",
    workers: int | None = None,
    rate: float = RATE,
    burst: float = BURST,
) -> FastAPI:
    """The web app storing to ``db_url``; search bots think in ``workers`` processes (0: none).

    Each connection may send ``rate`` messages a second on average, ``burst`` at once.
    """
    state: dict[str, Any] = {}

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        store = Store(db_url)
        n = (os.cpu_count() or 1) if workers is None else workers
        # Spawned, not forked: a forked worker would inherit the listening socket and keep
        # the port busy after the server dies.
        context = multiprocessing.get_context("spawn")
        executor: Executor | None = (
            ProcessPoolExecutor(max_workers=n, mp_context=context) if n > 0 else None
        )
        hub = Hub(store, executor)
        state.update(store=store, hub=hub)
        await hub.resume_all()
        try:
            yield
        finally:
            await hub.close()
            if executor is not None:
                executor.shutdown(wait=False, cancel_futures=True)

    app = FastAPI(title="Alea", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)

    def store() -> Store:
        return state["store"]  # type: ignore[no-any-return]

    def hub() -> Hub:
        return state["hub"]  # type: ignore[no-any-return]

    async def room_or_404(game_id: str) -> Room:
        try:
            room = await hub().room(game_id)
        except AleaError as exc:
            raise _error(500, f"game {game_id} cannot be loaded: {exc}") from None
        if room is None:
            raise _error(404, f"there is no game {game_id}")
        return room

    # -- pages ---------------------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse)
    async def lobby_page() -> HTMLResponse:
        return _page("lobby.html")

    @app.get("/play/{game_id}", response_class=HTMLResponse)
    async def play_page(game_id: str) -> HTMLResponse:
        return _page("play.html")

    @app.get("/watch/{game_id}", response_class=HTMLResponse)
    async def watch_page(game_id: str) -> HTMLResponse:
        return _page("play.html")

    @app.get("/replay/{game_id}", response_class=HTMLResponse)
    async def replay_page(game_id: str) -> HTMLResponse:
        return _page("replay.html")

    @app.get("/rules/{game}", response_class=HTMLResponse)
    async def rules_page(game: str) -> HTMLResponse:
        if game not in alea.GAMES:
            raise _error(404, f"there is no game {game!r}")
        text = resources.files(f"alea.games.{game}").joinpath("RULES.md").read_text("utf-8")
        body = markdown_to_html(text)
        return HTMLResponse(
            "<!doctype html><html><head><meta charset='utf-8'><meta name='viewport' "
            "content='width=device-width,initial-scale=1'><title>Rules</title>"
            "<link rel='stylesheet' href='/static/style.css'></head>"
            f"<body class='rules'><main>{body}</main></body></html>"
        )

    @app.get("/static/{name}")
    async def static(name: str) -> Response:
        ext = os.path.splitext(name)[1]
        if "/" in name or ext not in _TYPES:
            raise _error(404, "no such file")
        item = _STATIC.joinpath(name)
        if not item.is_file():
            raise _error(404, "no such file")
        return Response(item.read_bytes(), media_type=_TYPES[ext])

    # -- lobby API ------------------------------------------------------------------------------

    @app.get("/api/catalog")
    async def catalog() -> dict[str, Any]:
        return {"games": _catalog(), "agents": sorted(AGENT_KINDS)}

    @app.post("/api/games")
    async def create_game(request: Request) -> JSONResponse:
        body = await _json_body(request, 20_000)
        name = body.get("game")
        if name not in alea.GAMES:
            raise _error(400, f"unknown game {name!r}; the games are {', '.join(alea.GAMES)}")
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise _error(400, "options must be an object")
        if "players" in body:
            options = {**options, "players": body["players"]}
        try:
            game = alea.load(name, **options)
        except (OptionError, ValueError) as exc:
            raise _error(400, str(exc)) from None
        seats_in = body.get("seats")
        if not isinstance(seats_in, list) or len(seats_in) != game.num_players:
            raise _error(400, f"{name} with these options needs {game.num_players} seats")
        seats: list[dict[str, Any]] = []
        for i, s in enumerate(seats_in):
            kind = s.get("kind") if isinstance(s, dict) else None
            seat: dict[str, Any] = {"name": game.player_names[i], "kind": kind}
            if kind == "bot":
                spec = str(s.get("agent") or "heuristic")
                try:
                    parse_spec(spec)
                except ValueError as exc:
                    raise _error(400, f"seat {i + 1}: {exc}") from None
                seat["agent"] = spec
            elif kind != "human":
                raise _error(400, f"seat {i + 1} must be 'human' or 'bot', not {kind!r}")
            seats.append(seat)
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbits(31)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**31:
            raise _error(400, "seed must be a whole number from 0 to 2^31-1")
        game_id = secrets.token_urlsafe(9)
        tokens = {i: new_token() for i, s in enumerate(seats) if s["kind"] == "human"}
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
            status="open" if tokens else "running",
        )
        await hub().room(game_id)
        return JSONResponse(
            {
                "id": game_id,
                "host_token": host,
                "seats": [
                    {
                        "seat": i,
                        "name": s["name"],
                        "kind": s["kind"],
                        "agent": s.get("agent"),
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
    async def list_games(status: str | None = None) -> dict[str, Any]:
        if status is not None and status not in ("open", "running", "finished"):
            raise _error(400, "status is one of open, running, finished")
        return {"games": store().list_games(status)}

    @app.get("/api/games/{game_id}")
    async def game_summary(game_id: str) -> dict[str, Any]:
        room = await room_or_404(game_id)
        hub().flush(room)
        row = store().get(game_id)
        assert row is not None
        return row.summary(room.seq)

    @app.get("/api/games/{game_id}/record")
    async def export_record(game_id: str) -> JSONResponse:
        room = await room_or_404(game_id)
        hub().flush(room)
        if not room.state.is_terminal():
            raise _error(409, "a record is exported once the game is over (hidden cards)")
        row = store().get(game_id)
        assert row is not None
        record = GameRecord(
            game=row.game,
            version=row.version,
            options=row.options,
            seed=row.seed,
            seats=[{"name": s["name"], "agent": s.get("agent", "human")} for s in row.seats],
            actions=store().actions(game_id),
            result=row.result,
        )
        return JSONResponse(
            record.to_json(),
            headers={"Content-Disposition": f'attachment; filename="{row.game}-{game_id}.json"'},
        )

    @app.post("/api/records")
    async def import_record(request: Request) -> JSONResponse:
        body = await _json_body(request, MAX_RECORD)
        try:
            record = GameRecord.from_json(body)
            final = alea.replay(record)
        except (AleaError, ValueError) as exc:
            raise _error(400, f"not a valid record: {exc}") from None
        if not final.is_terminal():
            raise _error(400, "only finished games can be imported")
        game = final.game
        game_id = secrets.token_urlsafe(9)
        seats = [
            {"name": game.player_names[i], "kind": "bot", "agent": str(s.get("agent", "random"))}
            for i, s in enumerate(record.seats[: game.num_players])
        ]
        while len(seats) < game.num_players:
            seats.append({"name": game.player_names[len(seats)], "kind": "bot", "agent": "random"})
        store().create_game(
            game_id,
            game.name,
            dict(game.options),
            seats,
            int(record.seed or 0) % 2**31,
            game.version,
            {},
            digest(new_token()),
            status="finished",
            actions=record.actions,
            result=record.result,
        )
        return JSONResponse({"id": game_id, "replay": f"/replay/{game_id}"}, status_code=201)

    @app.get("/api/games/{game_id}/frames/{k}")
    async def frame(game_id: str, k: int) -> dict[str, Any]:
        room = await room_or_404(game_id)
        hub().flush(room)
        if not 0 <= k <= room.seq:
            raise _error(404, f"the game has moves 0 to {room.seq}")
        state = room.game.new_initial_state()
        for data in store().actions(game_id)[:k]:
            state.apply_action(room.game.action_from_json(data))
        obs = state.observation(None)
        return {
            "k": k,
            "n": room.seq,
            "game": room.game.name,
            "svg": board_svg(room.game.name, obs),
            "log": room.log[max(0, k - 60) : k],
            "log_start": max(0, k - 60),
            "outcome": state.outcome_text(),
        }

    @app.post("/api/games/{game_id}/seats/{seat}/bot")
    async def hand_over(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        room = await room_or_404(game_id)
        body = await _json_body(request, 2_000)
        token = request.headers.get("x-alea-token", "")
        if not (store().is_host(game_id, token) or store().seat_for(game_id, token) == seat):
            raise _error(403, "only the host or that seat's player may hand a seat to a bot")
        if not 0 <= seat < room.game.num_players:
            raise _error(404, f"there is no seat {seat}")
        spec = str(body.get("agent") or "heuristic")
        try:
            parse_spec(spec)
        except ValueError as exc:
            raise _error(400, str(exc)) from None
        await hub().hand_to_bot(room, seat, spec)
        return {"seat": seat, "agent": spec}

    # -- play ----------------------------------------------------------------------------------

    @app.websocket("/ws/{game_id}")
    async def play_socket(ws: WebSocket, game_id: str) -> None:
        await ws.accept()

        async def send(msg: dict[str, Any]) -> None:
            if ws.client_state == WebSocketState.CONNECTED:
                await ws.send_text(json.dumps(msg))

        room = await hub().room(game_id)
        if room is None:
            await send({"type": "error", "message": f"there is no game {game_id}"})
            await ws.close(code=4404)
            return
        bucket = Bucket(rate, burst)
        viewer: Viewer | None = None
        try:
            hello = await _receive(ws, bucket, send)
            if hello is None or hello.get("type") != "hello":
                await send({"type": "error", "message": "first send {'type': 'hello'}"})
                await ws.close(code=4400)
                return
            token = hello.get("token")
            seat: int | None = None
            if token is not None:
                seat = store().seat_for(game_id, str(token)) if isinstance(token, str) else None
                if seat is None:
                    await send({"type": "error", "message": "that seat link is not valid"})
                    await ws.close(code=4403)
                    return
                if room.status == "open":
                    room.status = "running"
                    store().set_seats(game_id, room.seats, "running")
            viewer = Viewer(seat, send)
            room.viewers.add(viewer)
            await hub().welcome(room, viewer)
            while True:
                msg = await _receive(ws, bucket, send)
                if msg is None:
                    continue
                kind = msg.get("type")
                if kind == "sync":
                    await hub().welcome(room, viewer)
                elif kind == "act":
                    await _act(room, viewer, msg, send)
                else:
                    await send({"type": "error", "message": f"unknown message type {kind!r}"})
        except WebSocketDisconnect:
            pass
        finally:
            if viewer is not None:
                room.viewers.discard(viewer)

    async def _act(room: Room, viewer: Viewer, msg: dict[str, Any], send: Any) -> None:
        seat = viewer.seat
        if seat is None:
            await send({"type": "error", "message": "spectators cannot act"})
            return
        seq = msg.get("seq")
        if seq is not None and (not isinstance(seq, int) or isinstance(seq, bool)):
            await send({"type": "error", "message": "seq must be a whole number"})
            return
        if seq is not None and seq != room.seq:
            await send({"type": "error", "message": str(StaleError(room.seq)), "stale": True})
            await hub().welcome(room, viewer)
            return
        action = msg.get("action")
        if "i" in msg:
            i = msg["i"]
            legal = room.state.legal_actions() if room.state.current_player() == seat else []
            if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(legal):
                await send({"type": "error", "message": f"there is no choice number {i!r}"})
                return
            action = legal[i].to_json()
        if action is None:
            await send({"type": "error", "message": "an act message needs 'i' or 'action'"})
            return
        try:
            await hub().act(room, seat, action, seq)
        except StaleError as exc:
            await send({"type": "error", "message": str(exc), "stale": True})
            await hub().welcome(room, viewer)
        except IllegalActionError as exc:
            await send({"type": "error", "message": str(exc), "rule": exc.rule})
        except (RecordError, AleaError, ValueError) as exc:
            await send({"type": "error", "message": f"not an action of this game: {exc}"})

    return app


async def _receive(ws: WebSocket, bucket: Bucket, send: Any) -> dict[str, Any] | None:
    """The next message as an object; ``None`` (after telling the client) if it was refused."""
    text = await ws.receive_text()
    if len(text.encode()) > MAX_MESSAGE:
        await send({"type": "error", "message": f"message too large (limit {MAX_MESSAGE} bytes)"})
        return None
    while not bucket.take():
        # Over the rate, a connection's messages wait their turn: a flood costs its sender
        # time, not the server work.
        await asyncio.sleep(bucket.wait())
    try:
        msg = json.loads(text)
    except json.JSONDecodeError:
        await send({"type": "error", "message": "messages are JSON objects"})
        return None
    if not isinstance(msg, dict):
        await send({"type": "error", "message": "messages are JSON objects"})
        return None
    return msg


async def _json_body(request: Request, limit: int) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > limit:
        raise _error(413, f"request too large (limit {limit} bytes)")
    try:
        body = json.loads(raw or b"{}")
    except json.JSONDecodeError:
        raise _error(400, "the request body must be JSON") from None
    if not isinstance(body, dict):
        raise _error(400, "the request body must be a JSON object")
    return body
