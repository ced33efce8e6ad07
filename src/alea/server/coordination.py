"""Several ``alea serve`` processes on one database: who drives a game, and who hears of a move.

The database is the source of truth. Every stored move has a number unique within its game (the
actions table's primary key), so two processes can never both store a move at the same position:
the second insert fails and its process catches up instead. Two things more are needed when
several processes serve the same games, and a ``Coordinator`` provides them:

- **Hearing of changes.** Whenever a process stores moves, changes a game's seats, status or
  clocks, or stores a chat line, the same transaction sends a notification (PostgreSQL
  ``NOTIFY`` on the channel ``alea_games``; the payload is the game's id, the sending process's
  name and what changed: ``game``, ``undo`` for moves taken back, or ``chat``), delivered to
  every process when it commits. A process that holds the game's room reads what is new and
  shows it to its viewers; a process skips its own notifications, having shown the change.
- **Driving.** Dice, bots and clocks of a game are played by exactly one process at a time: the
  one that holds the game's lease, a PostgreSQL session-level advisory lock keyed by the game's
  id. The database releases it the moment the holder's connection closes, which it does when the
  process dies, even by SIGKILL; the other processes try again every ``RETRY`` seconds for the
  games they hold rooms of, and for running games of bots alone, so a dead process's games are
  taken over within a few seconds.

With SQLite there is one process: ``LocalCoordinator`` holds every lease and hears nothing, and
``lock_sqlite_file`` makes a second server on the same file stop at once with a clear error.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import hashlib
import logging
import os
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import IO, Any, Final
from urllib.parse import urlsplit

from sqlalchemy.engine import make_url

log = logging.getLogger("alea.server")

CHANNEL: Final = "alea_games"
"""The PostgreSQL notification channel of game changes."""
RETRY: Final = 2.0
"""Seconds between a process's attempts to take over the games nobody drives."""

CHANGES: Final = ("game", "undo", "chat")
"""What a notification says changed: the game (moves, seats, status, clocks), its moves taken
back (a process reads the game afresh: the moves after them may differ), or its chat."""

OnChange = Callable[[str, str], Awaitable[None]]
"""Called with a game's id and what changed (one of ``CHANGES``) when another process changed
it in the database."""


def payload(game_id: str, sender: str, what: str) -> str:
    """The text of a notification: ``"GAME_ID SENDER WHAT"``."""
    return f"{game_id} {sender} {what}"


def parse_payload(text: str) -> tuple[str, str, str]:
    """The game id, sender and change of a notification's text.

    Raises:
        ValueError: the text is not three words with a known change.

    """
    parts = text.split(" ")
    if len(parts) != 3 or parts[2] not in CHANGES:
        raise ValueError(f"not a notification of alea: {text[:80]!r}")
    return parts[0], parts[1], parts[2]


class ServeLockError(RuntimeError):
    """A second server process was pointed at an SQLite file that one already serves."""


class Coordinator:
    """One process's part in sharing games with other processes (this base: the only one)."""

    async def start(self, on_change: OnChange) -> None:
        """Begin hearing of other processes' changes; ``on_change`` is awaited for each."""

    async def claim(self, game_id: str) -> bool:
        """Whether this process drives ``game_id`` now (taking the lease if it is free)."""
        return True

    async def release(self, game_id: str) -> None:
        """Give up driving ``game_id`` (its room left memory)."""

    def holds(self, game_id: str) -> bool:
        """Whether this process holds ``game_id``'s lease, without asking the database."""
        return True

    async def close(self) -> None:
        """Stop listening and let go of every lease."""

    @property
    def shared(self) -> bool:
        """Whether other processes may serve the same games."""
        return False


class LocalCoordinator(Coordinator):
    """The single process of an SQLite database: every game is this process's to drive."""


def lock_sqlite_file(db_url: str) -> IO[str] | None:
    """Hold an exclusive lock beside the SQLite file of ``db_url`` for this process's life.

    Returns the open lock file (keep it open: closing it, or the process ending in any way,
    releases the lock), or ``None`` for a database that is not an SQLite file.

    Raises:
        ServeLockError: another process holds the lock: it serves this file already.

    """
    url = make_url(db_url)
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return None
    path = Path(str(url.database)).resolve()
    handle = open(f"{path}.serve-lock", "a+")  # noqa: SIM115  # held for the process's life
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise ServeLockError(
            f"another alea serve process is already serving {path}: an SQLite database serves "
            "one process only. Stop the other process, give this one its own --db, or use "
            "PostgreSQL for several processes (docs/deploy.md)."
        ) from None
    handle.seek(0)
    handle.truncate()
    handle.write(f"{os.getpid()}\n")
    handle.flush()
    return handle


def peer_origin(url: str) -> str:
    """The origin (``scheme://host[:port]``) of another server process's address ``url``.

    Pages of this process try the peers' addresses when their own stops answering.

    Raises:
        ValueError: ``url`` is not an http or https address of a host, without a path.

    """
    try:
        parts = urlsplit(url.strip())
        parts.port  # noqa: B018  # raises on a port that is not a number
    except ValueError as exc:
        raise ValueError(f"--peer {url!r} is not an address: {exc}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(
            f"--peer {url!r} is not an address such as http://10.0.0.2:8000 (http or https, "
            "a host, an optional port)"
        )
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
        raise ValueError(f"--peer {url!r} has more than scheme, host and port: give the origin")
    if not re.fullmatch(r"[A-Za-z0-9.\-:\[\]]+", parts.netloc):
        raise ValueError(f"--peer {url!r}: a host name is letters, digits, dots and dashes")
    return f"{parts.scheme}://{parts.netloc.lower()}"


def socket_origin(origin: str) -> str:
    """The WebSocket form of a peer's origin (``http`` becomes ``ws``, ``https`` ``wss``)."""
    return "ws" + origin.removeprefix("http")


def lease_key(game_id: str) -> int:
    """The advisory-lock key of a game: 63 bits of its id's SHA-256, as a signed bigint."""
    return int.from_bytes(
        hashlib.sha256(f"alea:{game_id}".encode()).digest()[:8], "big", signed=True
    )


def libpq_url(db_url: str) -> str:
    """``db_url`` (an SQLAlchemy URL such as ``postgresql+psycopg://...``) as psycopg takes it."""
    url = make_url(db_url).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


class PostgresCoordinator(Coordinator):
    """Processes sharing a PostgreSQL database: LISTEN/NOTIFY and advisory-lock leases.

    Two connections of its own: one listens, one holds the leases (advisory locks belong to the
    session that took them).
    """

    def __init__(self, db_url: str, sender: str = "") -> None:
        self.url = libpq_url(db_url)
        self.sender = sender
        """This process's name in notifications: its own are not heard."""
        self._listen: Any = None
        self._leases: Any = None
        self._lock = asyncio.Lock()
        self._held: set[str] = set()
        self._task: asyncio.Task[None] | None = None

    @property
    def shared(self) -> bool:
        """Other processes may serve the same games."""
        return True

    async def start(self, on_change: OnChange) -> None:
        """Connect, listen on ``CHANNEL`` and hand each notified game id to ``on_change``."""
        import psycopg

        self._listen = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        self._leases = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        await self._listen.execute(f"LISTEN {CHANNEL}")
        self._task = asyncio.create_task(self._hear(on_change))

    async def _hear(self, on_change: OnChange) -> None:
        async for note in self._listen.notifies():
            try:
                game_id, sender, what = parse_payload(note.payload)
                if sender != self.sender:
                    await on_change(game_id, what)
            except Exception as exc:  # one game's trouble must not deafen the process
                log.error(
                    "catching up game %s failed: %s: %s", note.payload, type(exc).__name__, exc
                )

    async def claim(self, game_id: str) -> bool:
        """Take ``game_id``'s lease if no process holds it; whether this process holds it."""
        if game_id in self._held:
            return True
        async with self._lock:
            cur = await self._leases.execute(
                "SELECT pg_try_advisory_lock(%s)", (lease_key(game_id),)
            )
            row = await cur.fetchone()
        if row is not None and row[0]:
            self._held.add(game_id)
            return True
        return False

    async def release(self, game_id: str) -> None:
        """Let go of ``game_id``'s lease."""
        if game_id not in self._held:
            return
        self._held.discard(game_id)
        async with self._lock:
            await self._leases.execute("SELECT pg_advisory_unlock(%s)", (lease_key(game_id),))

    def holds(self, game_id: str) -> bool:
        """Whether this process holds ``game_id``'s lease."""
        return game_id in self._held

    async def close(self) -> None:
        """Stop listening; closing the lease connection frees every lease at once."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        for conn in (self._listen, self._leases):
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.close()
        self._held.clear()


def coordinator_for(db_url: str, sender: str = "") -> Coordinator:
    """The coordinator a database calls for: PostgreSQL shares, anything else is local.

    ``sender`` is this process's name in the notifications its store sends.
    """
    if make_url(db_url).get_backend_name() == "postgresql":
        return PostgresCoordinator(db_url, sender)
    return LocalCoordinator()
