"""The lobby's API: the catalogue of games, creating a game, listing games, taking seats.

A seat's token is sent back once, in the answer that makes it; only its digest is stored.
"""

from __future__ import annotations

import dataclasses
import functools
import secrets
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

import alea
from alea.agents import AGENT_KINDS
from alea.agents.level_ratings import level_ratings
from alea.core.fairness import new_secret, secret_from_seed
from alea.core.options import describe_options
from alea.core.registry import hook
from alea.server import accounts
from alea.server.clocks import Clock
from alea.server.context import (
    MAX_ID,
    MAX_IDS,
    MAX_TOKEN,
    TITLES,
    ServerContext,
    client_host,
    http_error,
    player_name,
)
from alea.server.limits import check_agent, client_key
from alea.server.store import digest, new_token
from alea.server.wire import short


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
                "levels": {lv: r.to_json() for lv, r in level_ratings(name).items()},
                "level_notes": {"expert": _expert_note(name)},
            }
        )
    return out


def _expert_note(game: str) -> str:
    """How the game's expert plays, for its seat menus: at once, as its file says, or searching."""
    expert = hook(game, "expert")
    config = expert() if expert is not None else None
    if config is not None and config["search"] is None:
        return config["think"] or "moves at once"
    return "thinks ≤ 2 s"


def game_routes(ctx: ServerContext) -> APIRouter:
    """The routes under ``/api/catalog`` and ``/api/games`` but for records and replays."""
    router = APIRouter()

    @router.get("/api/catalog")
    async def catalog() -> dict[str, Any]:
        return {"games": _catalog(), "agents": list(AGENT_KINDS)}

    @router.post("/api/games")
    async def create_game(request: Request) -> JSONResponse:
        client = client_host(request)
        body = await ctx.json_body(request, 20_000, "a new game")
        if not ctx.creates.take(client):
            raise http_error(429, "too many games created from your address: wait a minute")
        name = body.get("game")
        if not isinstance(name, str) or name not in alea.GAMES:
            raise http_error(
                400, f"unknown game {short(name, 40)!r}; the games are {', '.join(alea.GAMES)}"
            )
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise http_error(400, "options must be an object")
        if "players" in body:
            options = {**options, "players": body["players"]}
        try:
            game = alea.load(name, **options)
        except Exception as exc:  # the game's own check of its options, whatever it raises
            raise http_error(400, f"options refused: {short(exc)}") from None
        seats_in = body.get("seats")
        if not isinstance(seats_in, list) or len(seats_in) != game.num_players:
            raise http_error(400, f"{name} with these options needs {game.num_players} seats")
        seats: list[dict[str, Any]] = []
        for i, s in enumerate(seats_in):
            kind = s.get("kind") if isinstance(s, dict) else None
            seat: dict[str, Any] = {"name": game.player_names[i], "kind": kind}
            if kind == "bot":
                assert isinstance(s, dict)
                try:
                    seat["agent"] = check_agent(s.get("agent"), ctx.lim)
                except ValueError as exc:
                    raise http_error(400, f"seat {i + 1}: {exc}") from None
            elif kind != "human":
                raise http_error(
                    400, f"seat {i + 1} must be 'human' or 'bot', not {short(kind, 40)!r}"
                )
            else:
                assert isinstance(s, dict)
                lobby = s.get("open", False)
                if not isinstance(lobby, bool):
                    raise http_error(400, f"seat {i + 1}: 'open' is true or false")
                try:
                    player = player_name(s.get("player"), f"seat {i + 1}")
                except ValueError as exc:
                    raise http_error(400, str(exc)) from None
                if lobby and player is not None:
                    raise http_error(
                        400, f"seat {i + 1}: an open seat gets its name from who joins"
                    )
                seat["taken"] = False
                if lobby:
                    seat["lobby"] = True
                if player is not None:
                    seat["player"] = player
            seats.append(seat)
        account = ctx.signed_in(request)
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
                ctx.refuse_account_name(s.get("player"), f"seat {i + 1}")
        humans = any(s["kind"] == "human" for s in seats)
        seed = body.get("seed")
        if seed is not None:
            if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**31:
                raise http_error(400, "seed must be a whole number from 0 to 2^31-1")
            if humans and not ctx.lim.fixed_seeds:
                raise http_error(
                    400,
                    "a chosen seed is only for games of bots alone: whoever knows the seed "
                    "knows every roll and card to come, so the server draws a secret instead",
                )
        try:
            clock = Clock.parse(body.get("clock"), body.get("on_timeout"), len(seats))
        except ValueError as exc:
            raise http_error(400, str(exc)) from None
        key = client_key(client)
        if ctx.store().count_unfinished(key) >= ctx.lim.max_open_per_client:
            raise http_error(
                429,
                f"your address already has {ctx.lim.max_open_per_client} unfinished games: "
                "finish some, or wait for them to expire",
            )
        if ctx.store().count_unfinished() >= ctx.lim.max_open_games:
            raise http_error(503, "the server holds as many unfinished games as it can: try later")
        secret = new_secret() if seed is None else secret_from_seed(seed)
        game_id = secrets.token_urlsafe(9)
        tokens = {
            i: new_token()
            for i, s in enumerate(seats)
            if s["kind"] == "human" and not s.get("lobby")
        }
        host = new_token()
        ctx.store().create_game(
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
            accounts.tie_seat(ctx.store(), account, game_id, mine, tokens[mine])
        if not humans:
            await ctx.hub().room(game_id)  # bots alone: start playing now
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

    @router.get("/api/games")
    async def list_games(status: str | None = None, ids: str | None = None) -> dict[str, Any]:
        if status is not None and status not in ("open", "running", "finished", "expired"):
            raise http_error(400, "status is one of open, running, finished, expired")
        if ids is not None:
            if status is not None:
                raise http_error(400, "ask for a status or for ids, not both")
            wanted = [g for g in dict.fromkeys(ids.split(",")) if g]
            if len(wanted) > MAX_IDS or any(len(g) > MAX_ID for g in wanted):
                raise http_error(400, f"ids names at most {MAX_IDS} games, separated by commas")
            return {"games": ctx.store().summaries(wanted)}
        return {"games": ctx.store().list_games(status)}

    @router.get("/api/games/{game_id}")
    async def game_summary(game_id: str) -> dict[str, Any]:
        row, room = ctx.saved_game(game_id)
        # Stored moves only: a process's moves still on their way to the database are not
        # counted, so every process reports the same number for the same game.
        moves = (
            room.seq - len(room.unsaved) if room is not None else ctx.store().count_actions(game_id)
        )
        return row.summary(moves)

    @router.post("/api/games/{game_id}/seats/{seat}/join")
    async def join_seat(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        body = await ctx.json_body(request, 2_000, "a request to join")
        if not ctx.seat_takes.take(client_host(request)):
            raise http_error(429, "too many seats taken from your address: wait a minute")
        try:
            player = player_name(body.get("name"), "name")
        except ValueError as exc:
            raise http_error(400, str(exc)) from None
        account = ctx.signed_in(request)
        if account is not None:
            player = account.name
        else:
            ctx.refuse_account_name(player, "name")
        room = await ctx.room_or_404(game_id)
        if not 0 <= seat < room.game.num_players:
            raise http_error(
                404, f"there is no seat {seat}: the seats are 0 to {room.game.num_players - 1}"
            )
        token = new_token()
        why = await ctx.hub().take_seat(
            room, seat, digest(token), player, None if account is None else account.id
        )
        if why:
            raise http_error(409, why)
        if account is not None:
            accounts.tie_seat(ctx.store(), account, game_id, seat, token)
        return {
            "id": game_id,
            "seat": seat,
            "name": room.seats[seat]["name"],
            "player": player,
            "token": token,
            "link": f"/play/{game_id}#{token}",
        }

    @router.post("/api/games/{game_id}/seats/{seat}/bot")
    async def hand_over(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        body = await ctx.json_body(request, 2_000, "a hand-over")
        token = request.headers.get("x-alea-token", "")[:MAX_TOKEN]
        room = await ctx.room_or_404(game_id)
        if not (
            ctx.store().is_host(game_id, token) or ctx.store().seat_for(game_id, token) == seat
        ):
            raise http_error(403, "only the host or that seat's player may hand a seat to a bot")
        if not 0 <= seat < room.game.num_players:
            raise http_error(404, f"there is no seat {seat}")
        if room.seats[seat]["kind"] != "human":
            raise http_error(409, f"seat {seat} is already played by a bot")
        try:
            spec = check_agent(body.get("agent"), ctx.lim)
        except ValueError as exc:
            raise http_error(400, str(exc)) from None
        if room.evicted:
            room = await ctx.room_or_404(game_id)
        await ctx.hub().hand_to_bot(room, seat, spec)
        return {"seat": seat, "agent": spec}

    return router
