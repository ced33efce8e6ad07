"""The pages (lobby, play, watch, my games, replay, rulebooks) and the static files they load."""

from __future__ import annotations

import asyncio
import functools
import os
from dataclasses import dataclass
from importlib import resources
from typing import Final

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, Response
from jinja2 import Environment, PackageLoader, StrictUndefined

import alea
from alea.server.context import TITLES, ServerContext, http_error
from alea.server.rulebook import rulebook
from alea.server.wire import short

_STATIC = resources.files("alea.server").joinpath("static")
_TYPES = {
    ".js": "text/javascript",
    ".css": "text/css",
    ".svg": "image/svg+xml",
}
_TEMPLATES = Environment(
    loader=PackageLoader("alea.server", "templates"),
    autoescape=True,
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
    keep_trailing_newline=True,
)


@dataclass(frozen=True)
class _Page:
    """A page's title, and what it loads from ``/static`` beside ``style.css`` and ``common.js``.

    Its body is ``templates/<name>.html``, set in the frame ``templates/page.html``.
    """

    title: str
    styles: tuple[str, ...]
    scripts: tuple[str, ...]


_PAGES: Final = {
    "lobby": _Page(
        "Alea — Roman strategy games", ("online", "account"), ("online", "account", "lobby")
    ),
    "my": _Page("My games — Alea", ("online", "account"), ("online", "account", "my")),
    "play": _Page(
        "Alea — game",
        ("online",),
        ("dice", "board", "online", "pace", "turn", "chat", "undo", "clock", "play"),
    ),
    "replay": _Page("Alea — replay", (), ("dice", "board", "replay")),
}


@functools.cache
def page_html(name: str) -> str:
    """The HTML of the page ``name`` (a key of ``_PAGES``)."""
    page = _PAGES[name]
    return _TEMPLATES.get_template(f"{name}.html").render(
        title=page.title,
        styles=("style", *page.styles),
        scripts=("common", *page.scripts),
    )


def _page(name: str) -> HTMLResponse:
    return HTMLResponse(page_html(name))


@functools.cache
def _rulebook(game: str) -> str:
    """The players' rulebook: the game's quick start with its pictures, then the full rules."""
    return rulebook(game, TITLES.get(game, game))


def page_routes(ctx: ServerContext) -> APIRouter:
    """The HTML pages and ``/static``."""
    router = APIRouter()

    @router.get("/", response_class=HTMLResponse)
    async def lobby_page() -> HTMLResponse:
        return _page("lobby")

    def game_page() -> HTMLResponse:
        """The play page, naming the peers its connection may fall back to."""
        page = _page("play")
        if not ctx.peers:
            return page
        meta = f'<meta name="alea-peers" content="{" ".join(ctx.peers)}">\n</head>'
        return HTMLResponse(bytes(page.body).decode().replace("</head>", meta, 1))

    @router.get("/play/{game_id}", response_class=HTMLResponse)
    async def play_page(game_id: str) -> HTMLResponse:
        return game_page()

    @router.get("/watch/{game_id}", response_class=HTMLResponse)
    async def watch_page(game_id: str) -> HTMLResponse:
        return game_page()

    @router.get("/my", response_class=HTMLResponse)
    async def my_games_page() -> HTMLResponse:
        return _page("my")

    @router.get("/replay/{game_id}", response_class=HTMLResponse)
    async def replay_page(game_id: str) -> HTMLResponse:
        return _page("replay")

    @router.get("/rules/{game}", response_class=HTMLResponse)
    async def rules_page(game: str) -> HTMLResponse:
        if game not in alea.GAMES:
            raise http_error(404, f"there is no game {short(game, 40)!r}")
        return HTMLResponse(await asyncio.to_thread(_rulebook, game))

    @router.get("/static/{name}")
    async def static(name: str) -> Response:
        ext = os.path.splitext(name)[1]
        if "/" in name or "\\" in name or ext not in _TYPES:
            raise http_error(404, "no such file")
        item = _STATIC.joinpath(name)
        if not item.is_file():
            raise http_error(404, "no such file")
        return Response(item.read_bytes(), media_type=_TYPES[ext])

    return router
