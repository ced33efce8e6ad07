"""Ratings per game: accounts and the bots of each level, rated by openskill's Plackett-Luce model.

Each finished game is rated once, when it finishes (and, should a process stop in between, by
the next sweep). A game is rated when at least one of its seats is an account's and at least
two seats are rated players: accounts, and bots of a level (``easy``, ``normal``, ``hard``,
``expert``, as the lobby offers them). Other seats (a player without an account, a bot of
another kind) take part in the game but not in its rating. The order of the rated seats is the
game's own result: the seats with the higher return placed higher, equal returns tied. A seat
whose player left (handed to a bot, or forfeited) places last; a seat a bot stands in for while
its clock ran out keeps its player's place. A game in which one account holds two seats is not
rated. When several seats are bots of one level, each plays from the level's rating and the
level's new rating is their mean.

``rated_games`` has one row per finished game the ratings have seen; it is inserted in the
same transaction that changes the ratings, so the database lets only one process, once, count
a game.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any, Final

from openskill.models import PlackettLuce
from sqlalchemy import Boolean, Column, DateTime, Float, Integer, String, Table, select
from sqlalchemy.exc import IntegrityError

from alea.server.store import Store, game_table, games_table, metadata

log = logging.getLogger("alea.server")

LEVELS: Final = ("easy", "normal", "hard", "expert")
"""The bots that have ratings: the lobby's levels, as named there (no parameters)."""
SHOWN_BASE, SHOWN_SCALE = 1000, 40
"""A rating is shown as ``1000 + 40 × (μ − 3σ)``: a newcomer shows 1000, and the number
rises as the model grows surer the player is strong."""

MODEL = PlackettLuce()
"""openskill's Plackett-Luce model with its defaults (μ 25, σ 25/3)."""

ratings_table = Table(
    "ratings",
    metadata,
    Column("game", String(32), primary_key=True),
    Column("player", String(40), primary_key=True),
    Column("name", String(40), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
)

rated_games_table = game_table(
    "rated_games",
    Column("rated", Boolean, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)


def shown(mu: float, sigma: float) -> int:
    """The rating shown for a player with the model's ``mu`` and ``sigma``."""
    return round(SHOWN_BASE + SHOWN_SCALE * (mu - 3 * sigma))


def player_of(seat: dict[str, Any]) -> tuple[str, str] | None:
    """The rated player of a seat (its key and the name shown), or ``None`` if it is unrated."""
    account = seat.get("account")
    if isinstance(account, int):
        return f"account:{account}", str(seat.get("player") or seat["name"])
    if seat.get("kind") == "bot" and seat.get("agent") in LEVELS:
        return f"bot:{seat['agent']}", f"bot ({seat['agent']})"
    return None


def left(seat: dict[str, Any]) -> bool:
    """Whether an account's seat was given up: handed to a bot or forfeited."""
    return bool(seat.get("forfeited") or seat.get("left"))


def standings(
    seats: list[dict[str, Any]], result: dict[str, Any] | None
) -> list[tuple[str, str, float]] | None:
    """The rated seats of a finished game as (key, name, rank; lower is better), or ``None``.

    ``None`` when the game is not rated (see the module's description).
    """
    if not result or not isinstance(result.get("returns"), list):
        return None
    returns = result["returns"]
    if len(returns) != len(seats):
        return None
    rated = []
    for seat, ret in zip(seats, returns, strict=True):
        who = player_of(seat)
        if who is None:
            continue
        rank = 1e9 if who[0].startswith("account:") and left(seat) else -float(ret)
        rated.append((who[0], who[1], rank))
    accounts = [k for k, _, _ in rated if k.startswith("account:")]
    if not accounts or len(rated) < 2 or len(set(accounts)) != len(accounts):
        return None
    return rated


def _now() -> datetime:
    return datetime.now(UTC)


def rate_game(store: Store, game_id: str) -> bool:
    """Count a finished game in the ratings, once; ``True`` if this call counted it.

    Any number of processes may call this for the same game: the first to insert its
    ``rated_games`` row changes the ratings, in the same transaction; the others change nothing.
    """
    for _ in range(5):
        try:
            return _rate_once(store, game_id)
        except IntegrityError:
            continue  # another process rated this game, or added a player's row, first
    log.warning("game %s could not be rated: the ratings were busy", game_id)
    return False


def _rate_once(store: Store, game_id: str) -> bool:
    with store.engine.begin() as conn:
        row = conn.execute(
            select(games_table.c.game, games_table.c.seats, games_table.c.result).where(
                games_table.c.id == game_id, games_table.c.status == "finished"
            )
        ).first()
        if row is None:
            return False
        seen = select(rated_games_table.c.game_id).where(rated_games_table.c.game_id == game_id)
        if conn.execute(seen).first() is not None:
            return False
        plan = standings(
            json.loads(row.seats), None if row.result is None else json.loads(row.result)
        )
        now = _now()
        conn.execute(
            rated_games_table.insert().values(game_id=game_id, rated=plan is not None, at=now)
        )
        if plan is None:
            return False
        keys = sorted({k for k, _, _ in plan})  # locked in one order: no two games deadlock
        r = ratings_table.c
        held = {
            x.player: x
            for x in conn.execute(
                select(ratings_table)
                .where(r.game == row.game, r.player.in_(keys))
                .order_by(r.player)
                .with_for_update()
            ).all()
        }
        priors = {
            k: (held[k].mu, held[k].sigma) if k in held else (MODEL.mu, MODEL.sigma) for k in keys
        }
        teams = [[MODEL.create_rating(list(priors[k]), name=k)] for k, _, _ in plan]
        after = MODEL.rate(teams, ranks=[rank for _, _, rank in plan])
        new: dict[str, list[tuple[float, float]]] = {}
        for (k, _, _), team in zip(plan, after, strict=True):
            new.setdefault(k, []).append((team[0].mu, team[0].sigma))
        names = {k: name for k, name, _ in plan}
        for k, values in new.items():
            mu = sum(v[0] for v in values) / len(values)
            sigma = sum(v[1] for v in values) / len(values)
            if k in held:
                conn.execute(
                    ratings_table.update()
                    .where(r.game == row.game, r.player == k)
                    .values(mu=mu, sigma=sigma, games=held[k].games + 1, updated=now)
                )
            else:
                conn.execute(
                    ratings_table.insert().values(
                        game=row.game,
                        player=k,
                        name=names[k],
                        mu=mu,
                        sigma=sigma,
                        games=1,
                        updated=now,
                    )
                )
    return True


def rate_pending(store: Store, limit: int = 50) -> int:
    """Rate finished games the ratings have not seen yet (a process stopped in between).

    Returns how many were counted in the ratings.
    """
    g = games_table.c
    seen = select(rated_games_table.c.game_id).where(rated_games_table.c.game_id == g.id)
    q = select(g.id).where(g.status == "finished", ~seen.exists()).limit(limit)
    with store.engine.connect() as conn:
        pending = [str(x.id) for x in conn.execute(q).all()]
    return sum(rate_game(store, game_id) for game_id in pending)


def _entry(x: Any) -> dict[str, Any]:
    kind, _, ref = str(x.player).partition(":")
    return {
        "name": x.name,
        "kind": kind,
        "level": ref if kind == "bot" else None,
        "rating": shown(x.mu, x.sigma),
        "mu": round(float(x.mu), 3),
        "sigma": round(float(x.sigma), 3),
        "games": int(x.games),
    }


def leaderboard(store: Store, game: str, limit: int = 20) -> list[dict[str, Any]]:
    """The rated players of ``game``, best shown rating first."""
    r = ratings_table.c
    q = (
        select(ratings_table)
        .where(r.game == game)
        .order_by((r.mu - 3 * r.sigma).desc(), r.name)
        .limit(limit)
    )
    with store.engine.connect() as conn:
        return [_entry(x) for x in conn.execute(q).all()]


def ratings_of(store: Store, account_id: int) -> dict[str, dict[str, Any]]:
    """An account's rating in each game it has one in."""
    r = ratings_table.c
    q = select(ratings_table).where(r.player == f"account:{account_id}")
    with store.engine.connect() as conn:
        return {str(x.game): _entry(x) for x in conn.execute(q).all()}
