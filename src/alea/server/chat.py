"""Chat per game: short lines of plain text from its players and spectators, stored with it.

A line is checked here (text, at most ``MAX_CHAT`` characters, no control characters but line
breaks) and stored before anyone is sent it; pages show it as text, never as HTML. How often a
client may write is a limit (``chat_rate``, ``chat_burst``). Storing a line notifies the other
server processes sharing the database, which send it to their viewers of the game.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Column, DateTime, Integer, String, Text, func, select
from sqlalchemy.exc import IntegrityError

from alea.server.store import Store, game_table

MAX_CHAT = 500
"""Longest chat line, in characters."""
CHAT_TAIL = 100
"""Lines sent to a page when it connects (older ones stay stored)."""

chat_table = game_table(
    "chat",
    Column("n", Integer, primary_key=True),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("author", String(80), nullable=False),
    Column("text", Text, nullable=False),
    Column("kind", String(8), nullable=False, server_default="say"),
)


class ChatError(ValueError):
    """A chat line refused, with the reason a writer understands."""


def check_line(text: Any) -> str:
    """The line as stored (trailing spaces trimmed), or ``ChatError`` saying what is wrong."""
    if not isinstance(text, str):
        raise ChatError("a chat line is text: send {'type': 'chat', 'text': '...'}")
    line = text.strip()
    if not line:
        raise ChatError("the chat line is empty")
    if len(line) > MAX_CHAT:
        raise ChatError(f"a chat line has at most {MAX_CHAT} characters; this one has {len(line)}")
    if any(not (ch.isprintable() or ch in "\n\t") for ch in line):
        raise ChatError("a chat line may not hold control characters")
    return line


def author_of(seat: dict[str, Any] | None, name: str | None = None) -> str:
    """The name shown with a line: the seat and its player, or a spectator."""
    if seat is None:
        return "spectator" + (f" {name}" if name else "")
    player = seat.get("player")
    return f"{seat['name']} ({player})" if player else str(seat["name"])


def _line(r: Any) -> dict[str, Any]:
    at = r.at if r.at.tzinfo else r.at.replace(tzinfo=UTC)
    return {
        "n": r.n,
        "at": at.isoformat(),
        "seat": r.seat,
        "author": r.author,
        "text": r.text,
        "kind": r.kind,
    }


def add_line(
    store: Store, game_id: str, seat: int | None, author: str, text: str, kind: str = "say"
) -> dict[str, Any]:
    """Store a checked line (``kind`` ``note``: the server's) as the game's next one.

    Returns the line as sent to pages.
    """
    for _ in range(5):  # two writers at once: the loser takes the next number
        try:
            with store.engine.begin() as conn:
                last = conn.execute(
                    select(func.max(chat_table.c.n)).where(chat_table.c.game_id == game_id)
                ).scalar_one()
                at = datetime.now(UTC)
                row = {
                    "game_id": game_id,
                    "n": int(last or 0) + 1,
                    "at": at,
                    "seat": seat,
                    "author": author,
                    "text": text,
                    "kind": kind,
                }
                conn.execute(chat_table.insert().values(**row))
                store.notify(conn, [game_id], "chat")
        except IntegrityError:
            continue
        return {
            **{k: row[k] for k in ("n", "seat", "author", "text", "kind")},
            "at": at.isoformat(),
        }
    raise ChatError("the chat is busy: send the line again")


def lines(
    store: Store, game_id: str, limit: int = CHAT_TAIL, after: int = 0
) -> list[dict[str, Any]]:
    """The game's last ``limit`` lines numbered above ``after``, oldest first.

    A line numbered ``n`` is stored only once line ``n - 1`` is (``add_line`` numbers a line
    after the last one committed), so reading above the last number seen never skips a line.
    """
    with store.engine.connect() as conn:
        rows = conn.execute(
            select(chat_table)
            .where(chat_table.c.game_id == game_id, chat_table.c.n > after)
            .order_by(chat_table.c.n.desc())
            .limit(limit)
        ).all()
    return [_line(r) for r in reversed(rows)]


def last_number(store: Store, game_id: str) -> int:
    """The number of the game's latest line (0: none yet)."""
    with store.engine.connect() as conn:
        q = select(func.max(chat_table.c.n)).where(chat_table.c.game_id == game_id)
        return int(conn.execute(q).scalar_one() or 0)
