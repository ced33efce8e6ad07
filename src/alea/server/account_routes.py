"""Accounts and ratings: registering, signing in and out, one's games, the leaderboards.

A session token lives only in an HttpOnly cookie; answers about one account are never cached.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

import alea
from alea.server import accounts, ratings
from alea.server.accounts import Account, AccountError
from alea.server.context import SESSION_COOKIE, ServerContext, client_host, http_error, private
from alea.server.store import Store
from alea.server.wire import short


def account_routes(ctx: ServerContext) -> APIRouter:
    """The routes under ``/api/account``, ``/api/my`` and ``/api/ratings``."""
    router = APIRouter()

    def session_response(request: Request, account: Account, status: int) -> JSONResponse:
        """Answer a registration or sign-in: a new session, in an HttpOnly cookie."""
        token = accounts.open_session(ctx.store(), account)
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
        body = await ctx.json_body(request, 2_000, what)
        if not ctx.sign_ins.take(client_host(request)):
            raise http_error(429, "too many sign-ins tried from your address: wait a minute")
        try:
            account = await asyncio.to_thread(
                check, ctx.store(), body.get("name"), body.get("password")
            )
        except AccountError as exc:
            raise http_error(exc.status, str(exc)) from None
        return session_response(request, account, status)

    @router.get("/api/account")
    async def account_info(request: Request) -> JSONResponse:
        account = ctx.signed_in(request)
        if account is None:
            return private({"name": None, "ratings": {}})
        return private(
            {"name": account.name, "ratings": ratings.ratings_of(ctx.store(), account.id)}
        )

    @router.post("/api/account/register")
    async def register(request: Request) -> JSONResponse:
        return await account_answer(request, "a registration", accounts.register, 201)

    @router.post("/api/account/signin")
    async def sign_in(request: Request) -> JSONResponse:
        return await account_answer(request, "a sign-in", accounts.authenticate, 200)

    @router.post("/api/account/signout")
    async def sign_out(request: Request) -> JSONResponse:
        await ctx.json_body(request, 2_000, "a sign-out")
        accounts.close_session(ctx.store(), request.cookies.get(SESSION_COOKIE))
        response = JSONResponse({"name": None})
        response.delete_cookie(
            SESSION_COOKIE,
            path="/",
            httponly=True,
            samesite="lax",
            secure=request.url.scheme == "https",
        )
        return response

    @router.get("/api/my/games")
    async def my_games(request: Request) -> JSONResponse:
        account = ctx.signed_in(request)
        if account is None:
            raise http_error(401, "sign in to see your account's games")
        return private(
            {
                "name": account.name,
                "seats": accounts.seats_of(ctx.store(), account),
                "ratings": ratings.ratings_of(ctx.store(), account.id),
            }
        )

    @router.get("/api/ratings")
    async def rating_list(game: str, limit: int = 20) -> dict[str, Any]:
        if game not in alea.GAMES:
            raise http_error(
                400, f"unknown game {short(game, 40)!r}; the games are {', '.join(alea.GAMES)}"
            )
        if not 1 <= limit <= 100:
            raise http_error(400, "limit is a whole number from 1 to 100")
        return {"game": game, "ratings": ratings.leaderboard(ctx.store(), game, limit)}

    return router
