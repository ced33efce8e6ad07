"""Records and replays: exporting a finished game, importing a record, a replay's frames."""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import logging
import secrets
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

import alea
from alea.core.errors import RecordError
from alea.core.record import GameRecord
from alea.server.context import ServerContext, client_host, http_error
from alea.server.limits import client_key
from alea.server.rooms import board_svg
from alea.server.store import digest, new_token
from alea.server.wire import short

log = logging.getLogger("alea.server")


def _read_record(body: dict[str, Any]) -> tuple[GameRecord, str]:
    """A record and the digest of its canonical JSON (run in a worker thread: records are big)."""
    record = GameRecord.from_json(body)
    canonical = json.dumps(record.to_json(), sort_keys=True, separators=(",", ":"))
    return record, hashlib.sha256(canonical.encode()).hexdigest()


def record_routes(ctx: ServerContext) -> APIRouter:
    """Export and import of records, and the frames the replay page draws."""
    router = APIRouter()

    @router.get("/api/games/{game_id}/record")
    async def export_record(game_id: str) -> JSONResponse:
        row, _ = ctx.saved_game(game_id)
        if row.status != "finished":
            raise http_error(409, "a record is exported once the game is over (hidden cards)")
        record = GameRecord(
            game=row.game,
            version=row.version,
            options=row.options,
            seed=row.seed,
            seats=[{"name": s["name"], "agent": s.get("agent", "human")} for s in row.seats],
            actions=ctx.store().actions(game_id),
            result=row.result,
            secret=row.secret,
        )
        return JSONResponse(
            record.to_json(),
            headers={"Content-Disposition": f'attachment; filename="{row.game}-{game_id}.json"'},
        )

    @router.post("/api/records")
    async def import_record(request: Request) -> JSONResponse:
        client = client_host(request)
        body = await ctx.json_body(request, ctx.lim.max_record, "a record")
        if not ctx.imports.take(client):
            raise http_error(429, "too many records imported from your address: wait a minute")
        try:
            record, record_hash = await asyncio.to_thread(_read_record, body)
        except RecordError as exc:
            raise http_error(400, f"not a valid record: {short(exc)}") from None
        known = ctx.store().find_import(record_hash)
        if known is not None:
            return JSONResponse({"id": known, "replay": f"/replay/{known}"}, status_code=200)
        try:
            final = await asyncio.to_thread(alea.replay, record)
        except Exception as exc:  # whatever the engine makes of a forged record
            raise http_error(400, f"not a valid record: {short(exc)}") from None
        if not final.is_terminal():
            raise http_error(400, "only finished games can be imported")
        game = final.game
        game_id = secrets.token_urlsafe(9)
        seats = []
        for i in range(game.num_players):
            given = record.seats[i] if i < len(record.seats) else None
            agent = given.get("agent", "random") if isinstance(given, dict) else "random"
            text = agent if isinstance(agent, str) else json.dumps(agent, sort_keys=True)
            seats.append({"name": game.player_names[i], "kind": "bot", "agent": short(text, 200)})
        seed = record.seed if record.seed is not None and 0 <= record.seed < 2**31 else None
        ctx.store().create_game(
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

    @router.get("/api/games/{game_id}/frames/{k}")
    async def frame(game_id: str, k: int, request: Request) -> dict[str, Any]:
        if not ctx.frame_asks.take(client_host(request)):
            raise http_error(429, "too many replay frames asked for from your address: slow down")
        room = await ctx.room_or_404(game_id)
        ctx.hub().flush(room)
        if not 0 <= k <= room.seq:
            raise http_error(404, f"the game has moves 0 to {room.seq}")
        frames = ctx.hub().frames
        drawn = frames.cached(game_id, k)
        if drawn is None:
            try:
                drawn = await asyncio.to_thread(
                    frames.frame,
                    game_id,
                    room.game,
                    k,
                    functools.partial(ctx.store().actions, game_id),
                    board_svg,
                )
            except Exception as exc:
                log.error("frame %s of game %s failed: %s", k, game_id, short(exc))
                raise http_error(409, f"frame {k} cannot be drawn: {short(exc)}") from None
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

    return router
