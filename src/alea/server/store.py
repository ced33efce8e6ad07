"""Persistence for online games: SQLAlchemy Core tables, managed by Alembic migrations.

A game is its settings (game id, options, seats, secret) plus an append-only list of actions; the
position is rebuilt by replaying them, so what is stored is exactly what a record holds. Seat
tokens are kept only as SHA-256 digests. The secret every chance outcome derives from is read by
the server alone and leaves it only in the record of a finished game.
"""

from __future__ import annotations

import hashlib
import json
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from typing import Any

from sqlalchemy import (
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    func,
    select,
    text,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from alea.server.coordination import CHANNEL, payload

log = logging.getLogger("alea.server")

metadata = MetaData()


def game_table(name: str, *columns: Column[Any]) -> Table:
    """A table whose rows belong to a game: ``game_id`` (part of the primary key), ``columns``."""
    game_key = Column("game_id", String(32), ForeignKey("games.id"), primary_key=True)
    return Table(name, metadata, game_key, *columns)


games_table = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("options", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("seed", Integer, nullable=True),
    Column("version", String(32), nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("result", Text, nullable=True),
    Column("host_hash", String(64), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
    Column("secret", String(128), nullable=True),
    Column("client", String(64), nullable=True, index=True),
    Column("record_hash", String(64), nullable=True, index=True),
    Column("to_move", Integer, nullable=True),
    Column("clock", Text, nullable=True),
    Column("clock_deadline", DateTime(timezone=True), nullable=True, index=True),
)

seat_tokens_table = game_table(
    "seat_tokens",
    Column("seat", Integer, primary_key=True),
    Column("token_hash", String(64), nullable=False, unique=True),
)

actions_table = game_table(
    "actions",
    Column("seq", Integer, primary_key=True),
    Column("action", Text, nullable=False),
)

STATUSES = ("open", "running", "finished", "expired")
"""``open``: waiting for players (a human seat not taken yet); ``running``; ``finished``;
``expired``: left idle for longer than the server keeps unfinished games."""

MAX_PLAYER_NAME = 40
"""Longest display name a player may give."""


def seat_taken(seat: dict[str, Any]) -> bool:
    """Whether a human seat has its player.

    A lobby seat has one once someone joined it, an invited seat once its link connected
    (seats stored before either existed count as taken).
    """
    return seat["kind"] != "human" or bool(seat.get("taken", True))


def joinable(seat: dict[str, Any]) -> bool:
    """Whether anyone may take ``seat`` from the lobby (an open seat nobody has joined)."""
    return seat["kind"] == "human" and bool(seat.get("lobby")) and not seat_taken(seat)


def status_for(seats: list[dict[str, Any]], current: str) -> str:
    """The status of a game with ``seats`` that was ``current``.

    Open while a human seat waits for its player, running once every seat has one. Finished
    and expired games keep theirs, and a running game never goes back to open.
    """
    if current not in ("open", "running"):
        return current
    if current == "open" and not all(seat_taken(s) for s in seats):
        return "open"
    return "running"


def public_seat(seat: dict[str, Any]) -> dict[str, Any]:
    """What anyone may know of a seat.

    Its name, kind, player's name, whether it is free, whether a bot stands in for its
    player (or took it over when the player forfeited), and whether its player is an account
    (never which one).
    """
    return {
        "name": seat["name"],
        "kind": seat["kind"],
        "player": seat.get("player"),
        "open": joinable(seat),
        "stand_in": bool(seat.get("stand_in")),
        "forfeited": bool(seat.get("forfeited")),
        "account": isinstance(seat.get("account"), int),
    }


def digest(token: str) -> str:
    """The stored form of a secret token."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """An unguessable token (192 bits)."""
    return secrets.token_urlsafe(24)


def _now() -> datetime:
    return datetime.now(UTC)


@dataclass
class GameRow:
    """One stored game's settings and status."""

    id: str
    game: str
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    seed: int | None
    version: str
    status: str
    result: dict[str, Any] | None
    created: datetime
    updated: datetime
    secret: str | None = None
    """Never part of a summary or a view: it leaves the server only in a finished record."""
    to_move: int | None = None
    """The seat the stored position waits for (``None``: not stored for this game)."""
    clock: dict[str, Any] | None = None
    """The time control and the seats' clocks (``alea.server.clocks.Clock``), if any."""

    def summary(self, moves: int) -> dict[str, Any]:
        """What the lobby lists about a game (neither its secret nor its seed)."""
        return {
            "id": self.id,
            "game": self.game,
            "players": len(self.seats),
            "options": self.options,
            "seats": [public_seat(s) for s in self.seats],
            "status": self.status,
            "result": self.result,
            "moves": moves,
            "to_move": self.to_move,
            "clock": None
            if self.clock is None
            else {
                k: self.clock[k] for k in ("kind", "base", "increment", "per_move", "on_timeout")
            },
            "created": self.created.isoformat(),
            "updated": self.updated.isoformat(),
        }


def _row(r: Any) -> GameRow:
    created = r.created if r.created.tzinfo else r.created.replace(tzinfo=UTC)
    updated = r.updated if r.updated.tzinfo else r.updated.replace(tzinfo=UTC)
    return GameRow(
        id=r.id,
        game=r.game,
        options=json.loads(r.options),
        seats=json.loads(r.seats),
        seed=r.seed,
        version=r.version,
        status=r.status,
        result=None if r.result is None else json.loads(r.result),
        created=created,
        updated=updated,
        secret=r.secret,
        to_move=r.to_move,
        clock=None if r.clock is None else json.loads(r.clock),
    )


def migrate(engine: Engine) -> None:
    """Bring the database schema up to date with Alembic (creates it on first use)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    location = resources.files("alea.server").joinpath("migrations")
    cfg.set_main_option("script_location", str(location))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets write-ahead logging and foreign keys."""
    kwargs: dict[str, Any] = {}
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"check_same_thread": False}
    engine = create_engine(url, **kwargs)
    if url.startswith("sqlite"):

        @event.listens_for(engine, "connect")
        def _pragmas(conn: Any, _record: Any) -> None:
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

    return engine


class Store:
    """The games, their seat tokens and their actions.

    On PostgreSQL every change to a game's moves, seats or status also notifies the other server
    processes, in the same transaction (``alea.server.coordination``).
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.notifies = self.engine.dialect.name == "postgresql"
        self.sender = secrets.token_hex(6)
        """Names this process in its notifications, so that it can skip its own."""
        self.on_finish: list[Callable[[str], object]] = []
        """Called with a game's id once a move that finished it is stored (the ratings)."""
        migrate(self.engine)

    def notify(self, conn: Any, game_ids: list[str], what: str = "game") -> None:
        """Tell the other processes, when ``conn``'s transaction commits, that games changed.

        ``what`` changed: one of ``alea.server.coordination.CHANGES``.
        """
        if self.notifies:
            for game_id in game_ids:
                conn.execute(
                    text("SELECT pg_notify(:channel, :note)"),
                    {"channel": CHANNEL, "note": payload(game_id, self.sender, what)},
                )

    def create_game(
        self,
        game_id: str,
        game: str,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        seed: int | None,
        version: str,
        token_hashes: dict[int, str],
        host_hash: str,
        status: str = "open",
        actions: list[dict[str, Any]] | None = None,
        result: dict[str, Any] | None = None,
        *,
        secret: str | None = None,
        client: str | None = None,
        record_hash: str | None = None,
        clock: dict[str, Any] | None = None,
    ) -> None:
        """Store a new game with its seat token digests (and, for imports, its actions)."""
        now = _now()
        with self.engine.begin() as conn:
            conn.execute(
                games_table.insert().values(
                    id=game_id,
                    game=game,
                    options=json.dumps(options),
                    seats=json.dumps(seats),
                    seed=seed,
                    version=version,
                    status=status,
                    result=None if result is None else json.dumps(result),
                    host_hash=host_hash,
                    created=now,
                    updated=now,
                    secret=secret,
                    client=client,
                    record_hash=record_hash,
                    clock=None if clock is None else json.dumps(clock),
                )
            )
            if token_hashes:
                conn.execute(
                    seat_tokens_table.insert(),
                    [
                        {"game_id": game_id, "seat": s, "token_hash": h}
                        for s, h in token_hashes.items()
                    ],
                )
            if actions:
                conn.execute(
                    actions_table.insert(),
                    [
                        {"game_id": game_id, "seq": i + 1, "action": json.dumps(a)}
                        for i, a in enumerate(actions)
                    ],
                )

    def get(self, game_id: str) -> GameRow | None:
        """A stored game, or ``None``."""
        with self.engine.connect() as conn:
            r = conn.execute(select(games_table).where(games_table.c.id == game_id)).first()
        return None if r is None else _row(r)

    def actions(self, game_id: str) -> list[dict[str, Any]]:
        """Every stored action of a game, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(actions_table.c.action)
                .where(actions_table.c.game_id == game_id)
                .order_by(actions_table.c.seq)
            ).all()
        return [json.loads(r.action) for r in rows]

    def actions_since(self, game_id: str, seq: int) -> list[dict[str, Any]]:
        """The stored actions of a game after its first ``seq``, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(actions_table.c.action)
                .where(actions_table.c.game_id == game_id, actions_table.c.seq > seq)
                .order_by(actions_table.c.seq)
            ).all()
        return [json.loads(r.action) for r in rows]

    def count_actions(self, game_id: str) -> int:
        """How many actions a game has stored."""
        with self.engine.connect() as conn:
            q = select(func.count()).where(actions_table.c.game_id == game_id)
            return int(conn.execute(q).scalar_one())

    def append(
        self,
        game_id: str,
        seq: int,
        actions: list[dict[str, Any]],
        status: str,
        result: dict[str, Any] | None,
        to_move: int | None = None,
    ) -> None:
        """Commit ``actions`` as numbers ``seq``, ``seq+1``…, with the game's new status."""
        with self.engine.begin() as conn:
            conn.execute(
                actions_table.insert(),
                [
                    {"game_id": game_id, "seq": seq + i, "action": json.dumps(a)}
                    for i, a in enumerate(actions)
                ],
            )
            conn.execute(
                games_table.update()
                .where(games_table.c.id == game_id)
                .values(
                    status=status,
                    result=None if result is None else json.dumps(result),
                    updated=_now(),
                    to_move=to_move,
                )
            )
            self.notify(conn, [game_id])
        if status == "finished":
            for hook in self.on_finish:
                try:
                    hook(game_id)
                except Exception as exc:  # the moves are stored: a later sweep tries again
                    log.error("after game %s finished: %s: %s", game_id, type(exc).__name__, exc)

    def truncate(self, game_id: str, keep: int, status: str, to_move: int) -> None:
        """Delete a game's moves after the first ``keep`` (a move taken back) in one transaction."""
        with self.engine.begin() as conn:
            conn.execute(
                actions_table.delete().where(
                    actions_table.c.game_id == game_id, actions_table.c.seq > keep
                )
            )
            conn.execute(
                games_table.update()
                .where(games_table.c.id == game_id)
                .values(status=status, result=None, updated=_now(), to_move=to_move)
            )
            self.notify(conn, [game_id], "undo")

    def set_seats(self, game_id: str, seats: list[dict[str, Any]], status: str) -> bool:
        """Replace an unfinished game's seat list (a seat handed to a bot) and status.

        Returns False, and changes nothing, when the stored game is no longer open or running:
        another process may have finished it, and a finished game's seats never change.
        """
        c = games_table.c
        with self.engine.begin() as conn:
            done = conn.execute(
                games_table.update()
                .where(c.id == game_id, c.status.in_(("open", "running")))
                .values(seats=json.dumps(seats), status=status, updated=_now())
            )
            if done.rowcount == 0:
                return False
            self.notify(conn, [game_id])
        return True

    def set_clock(self, game_id: str, clock: dict[str, Any], deadline: float | None) -> None:
        """Store a game's clocks and the moment the running one runs out (wall time)."""
        when = None if deadline is None else datetime.fromtimestamp(deadline, UTC)
        with self.engine.begin() as conn:
            conn.execute(
                games_table.update()
                .where(games_table.c.id == game_id)
                .values(clock=json.dumps(clock), clock_deadline=when)
            )
            self.notify(conn, [game_id])

    def clocks_due(self, at: datetime) -> list[str]:
        """Unfinished games whose running clock ran out by ``at``."""
        c = games_table.c
        q = select(c.id).where(c.clock_deadline <= at, c.status.in_(("open", "running")))
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(q).all()]

    def seat_for(self, game_id: str, token: str) -> int | None:
        """The seat a token opens in a game, or ``None``."""
        with self.engine.connect() as conn:
            r = conn.execute(
                select(seat_tokens_table.c.seat).where(
                    seat_tokens_table.c.game_id == game_id,
                    seat_tokens_table.c.token_hash == digest(token),
                )
            ).first()
        return None if r is None else int(r.seat)

    def is_host(self, game_id: str, token: str) -> bool:
        """Whether ``token`` is the host token of the game."""
        with self.engine.connect() as conn:
            r = conn.execute(
                select(games_table.c.host_hash).where(games_table.c.id == game_id)
            ).first()
        return r is not None and secrets.compare_digest(r.host_hash, digest(token))

    def list_games(self, status: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
        """Summaries of the latest games, newest first."""
        counts = (
            select(actions_table.c.game_id, func.count().label("n"))
            .group_by(actions_table.c.game_id)
            .subquery()
        )
        q = select(games_table, counts.c.n).outerjoin(counts, counts.c.game_id == games_table.c.id)
        if status is not None:
            q = q.where(games_table.c.status == status)
        q = q.order_by(games_table.c.updated.desc()).limit(limit)
        with self.engine.connect() as conn:
            rows = conn.execute(q).all()
        return [_row(r).summary(int(r.n or 0)) for r in rows]

    def summaries(self, game_ids: list[str]) -> list[dict[str, Any]]:
        """Summaries of the games named (those that exist), in the order named."""
        counts = (
            select(actions_table.c.game_id, func.count().label("n"))
            .where(actions_table.c.game_id.in_(game_ids))
            .group_by(actions_table.c.game_id)
            .subquery()
        )
        q = (
            select(games_table, counts.c.n)
            .outerjoin(counts, counts.c.game_id == games_table.c.id)
            .where(games_table.c.id.in_(game_ids))
        )
        with self.engine.connect() as conn:
            found = {r.id: _row(r).summary(int(r.n or 0)) for r in conn.execute(q).all()}
        return [found[g] for g in game_ids if g in found]

    def unfinished(self) -> list[str]:
        """Ids of games that are open or running."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games_table.c.id).where(games_table.c.status.in_(("open", "running")))
            ).all()
        return [r.id for r in rows]

    def running_bot_games(self) -> list[str]:
        """Ids of running games in which no seat is a human's, oldest change first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games_table.c.id, games_table.c.seats)
                .where(games_table.c.status == "running")
                .order_by(games_table.c.updated)
            ).all()
        return [r.id for r in rows if all(s["kind"] == "bot" for s in json.loads(r.seats))]

    def count_unfinished(self, client: str | None = None) -> int:
        """Games open or running (those created by ``client`` only, when given)."""
        q = select(func.count()).select_from(games_table)
        q = q.where(games_table.c.status.in_(("open", "running")))
        if client is not None:
            q = q.where(games_table.c.client == client)
        with self.engine.connect() as conn:
            return int(conn.execute(q).scalar_one())

    def find_import(self, record_hash: str) -> str | None:
        """The id of the game an identical record was imported as, if any."""
        with self.engine.connect() as conn:
            r = conn.execute(
                select(games_table.c.id).where(games_table.c.record_hash == record_hash)
            ).first()
        return None if r is None else str(r.id)

    def take_seat(
        self, game_id: str, seat: int, token_hash: str, seats: list[dict[str, Any]], status: str
    ) -> bool:
        """Give an open seat its token and the game its new seats, in one transaction.

        Returns ``False`` (and changes nothing) when the seat has a token already: someone
        else took it first.
        """
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    seat_tokens_table.insert().values(
                        game_id=game_id, seat=seat, token_hash=token_hash
                    )
                )
                conn.execute(
                    games_table.update()
                    .where(games_table.c.id == game_id)
                    .values(seats=json.dumps(seats), status=status, updated=_now())
                )
                self.notify(conn, [game_id])
        except IntegrityError:
            return False
        return True

    def revoke_seat(self, game_id: str, seat: int) -> None:
        """Forget the token of ``seat``: its link no longer opens the seat."""
        with self.engine.begin() as conn:
            conn.execute(
                seat_tokens_table.delete().where(
                    seat_tokens_table.c.game_id == game_id, seat_tokens_table.c.seat == seat
                )
            )

    def idle_games(self, open_before: datetime, running_before: datetime) -> list[str]:
        """Unfinished games left idle too long.

        An open game without a move expires once untouched since ``open_before``; any other
        unfinished one (an open game under way waits for one seat's player) since
        ``running_before``.
        """
        c = games_table.c
        moved = select(actions_table.c.game_id).where(actions_table.c.game_id == c.id).exists()
        q = select(c.id).where(
            ((c.status == "open") & ~moved & (c.updated < open_before))
            | (c.status.in_(("open", "running")) & (c.updated < running_before))
        )
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(q).all()]

    def expire(self, game_ids: list[str]) -> None:
        """Mark unfinished games as expired."""
        if not game_ids:
            return
        c = games_table.c
        with self.engine.begin() as conn:
            conn.execute(
                games_table.update()
                .where(c.id.in_(game_ids), c.status.in_(("open", "running")))
                .values(status="expired", updated=_now())
            )
            self.notify(conn, game_ids)
