"""Player accounts: a name and a password, sign-in sessions, and the seats an account holds.

Accounts are optional: a seat link opens its seat with or without one. A password is kept
only as an Argon2id hash (argon2-cffi's defaults); a session is a random token the browser
holds in an HttpOnly cookie and the server holds as a SHA-256 digest, until it expires or its
owner signs out. A seat an account created or joined is tied to it (``account_seats``) with the
seat's token, so that the account, signed in on any device, can open it again; nobody else is
ever sent that token.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Column, DateTime, ForeignKey, Integer, String, Table, func, select
from sqlalchemy.exc import IntegrityError

from alea.server.store import Store, digest, game_table, games_table, metadata, new_token

NAME_MIN, NAME_MAX = 3, 24
"""Shortest and longest account name, in characters."""
PASSWORD_MIN, PASSWORD_MAX = 8, 256
"""Shortest and longest password, in characters."""
SESSION_DAYS = 30
"""Days a sign-in lasts (the cookie's and the stored session's lifetime)."""
MAX_LISTED = 200
"""Most games an account's list shows (its latest)."""

accounts_table = Table(
    "accounts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(40), nullable=False),
    Column("name_key", String(40), nullable=False, unique=True),
    Column("password_hash", String(200), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

sessions_table = Table(
    "sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False, index=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("expires", DateTime(timezone=True), nullable=False, index=True),
)

account_seats_table = game_table(
    "account_seats",
    Column("seat", Integer, primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False, index=True),
    Column("token", String(64), nullable=False),
)


class AccountError(ValueError):
    """A registration or sign-in refused, with a sentence the player understands.

    ``status`` is the HTTP status the server answers with.
    """

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


WRONG = "the name or the password is wrong"
"""The one answer to a failed sign-in: it never tells whether the name exists."""


@dataclass(frozen=True)
class Account:
    """A signed-in player."""

    id: int
    name: str


@functools.cache
def _hasher() -> PasswordHasher:
    return PasswordHasher()


@functools.cache
def _decoy() -> str:
    """A hash to check passwords against when no account has the name (the same work)."""
    return _hasher().hash(new_token())


def name_key(name: str) -> str:
    """The form two names are compared in (case folded)."""
    return name.casefold()


def check_name(value: Any) -> str:
    """An account name as given, or ``AccountError`` saying what is wrong with it.

    A name is 3 to 24 letters, digits, ``_``, ``-`` or ``.``: it is shown as a player's name
    wherever the account plays, so it holds no spaces or signs that could pass for another.
    """
    if not isinstance(value, str):
        raise AccountError("the name is text")
    name = value.strip()
    if not NAME_MIN <= len(name) <= NAME_MAX:
        raise AccountError(
            f"a name has {NAME_MIN} to {NAME_MAX} characters; {name!r} has {len(name)}"
        )
    bad = sorted({ch for ch in name if not (ch.isalnum() or ch in "_-.")})
    if bad:
        shown = ", ".join(repr(ch) for ch in bad[:5])
        raise AccountError(
            f"a name is made of letters, digits, '_', '-' and '.'; it may not hold {shown}"
        )
    return name


def check_password(value: Any) -> str:
    """A password as given, or ``AccountError`` saying what is wrong with it."""
    if not isinstance(value, str):
        raise AccountError("the password is text")
    if len(value) < PASSWORD_MIN:
        raise AccountError(f"a password has at least {PASSWORD_MIN} characters")
    if len(value) > PASSWORD_MAX:
        raise AccountError(f"a password has at most {PASSWORD_MAX} characters")
    return value


def _now() -> datetime:
    return datetime.now(UTC)


def register(store: Store, name: Any, password: Any) -> Account:
    """A new account, or ``AccountError`` (a bad name or password, or a name taken: 409)."""
    name = check_name(name)
    password = check_password(password)
    hashed = _hasher().hash(password)
    try:
        with store.engine.begin() as conn:
            new_id = conn.execute(
                accounts_table.insert().values(
                    name=name, name_key=name_key(name), password_hash=hashed, created=_now()
                )
            ).inserted_primary_key
    except IntegrityError:
        raise AccountError(
            f"the name {name!r} is taken: choose another, or sign in if it is yours", 409
        ) from None
    assert new_id is not None  # an insert with an autoincrement key always returns it
    return Account(int(new_id[0]), name)


def authenticate(store: Store, name: Any, password: Any) -> Account:
    """The account ``name`` whose password is ``password``, else ``AccountError`` (401).

    A name nobody has is checked against a decoy hash, so the answer and its time are the
    same as for a wrong password.
    """
    if not isinstance(name, str) or not isinstance(password, str):
        raise AccountError("send the name and the password as text")
    if len(name) > 200 or len(password) > PASSWORD_MAX:
        raise AccountError(WRONG, 401)
    with store.engine.connect() as conn:
        row = conn.execute(
            select(accounts_table).where(accounts_table.c.name_key == name_key(name.strip()))
        ).first()
    stored = _decoy() if row is None else str(row.password_hash)
    try:
        _hasher().verify(stored, password)
    except (VerificationError, InvalidHashError):
        raise AccountError(WRONG, 401) from None
    if row is None:  # a guess that matched the decoy's random password: still no account
        raise AccountError(WRONG, 401)
    if _hasher().check_needs_rehash(stored):
        with store.engine.begin() as conn:
            conn.execute(
                accounts_table.update()
                .where(accounts_table.c.id == row.id)
                .values(password_hash=_hasher().hash(password))
            )
    return Account(int(row.id), str(row.name))


def open_session(store: Store, account: Account) -> str:
    """A new session of ``account``: the token for the cookie (only its digest is stored)."""
    token = new_token()
    now = _now()
    with store.engine.begin() as conn:
        conn.execute(sessions_table.delete().where(sessions_table.c.expires < now))
        conn.execute(
            sessions_table.insert().values(
                token_hash=digest(token),
                account_id=account.id,
                created=now,
                expires=now + timedelta(days=SESSION_DAYS),
            )
        )
    return token


def session_account(store: Store, token: str | None) -> Account | None:
    """The account a live session token signs in, or ``None``."""
    if not token or len(token) > 200:
        return None
    q = (
        select(accounts_table.c.id, accounts_table.c.name)
        .join(sessions_table, sessions_table.c.account_id == accounts_table.c.id)
        .where(sessions_table.c.token_hash == digest(token), sessions_table.c.expires > _now())
    )
    with store.engine.connect() as conn:
        row = conn.execute(q).first()
    return None if row is None else Account(int(row.id), str(row.name))


def close_session(store: Store, token: str | None) -> None:
    """Revoke a session: its token signs nobody in from now on."""
    if not token or len(token) > 200:
        return
    with store.engine.begin() as conn:
        conn.execute(sessions_table.delete().where(sessions_table.c.token_hash == digest(token)))


def name_belongs_to_account(store: Store, name: str) -> bool:
    """Whether ``name`` (as a player's display name) is an account's."""
    with store.engine.connect() as conn:
        q = select(func.count()).where(accounts_table.c.name_key == name_key(name))
        return int(conn.execute(q).scalar_one()) > 0


def tie_seat(store: Store, account: Account, game_id: str, seat: int, token: str) -> None:
    """Tie ``seat`` of a game, opened by ``token``, to ``account``."""
    with store.engine.begin() as conn:
        conn.execute(
            account_seats_table.insert().values(
                game_id=game_id, seat=seat, account_id=account.id, token=token
            )
        )


def seats_of(store: Store, account: Account) -> list[dict[str, Any]]:
    """The account's seats, each with its game's summary and its link, latest games first.

    A seat whose link no longer opens it (handed to a bot, or forfeited) has no link.
    """
    a = account_seats_table.c
    q = (
        select(a.game_id, a.seat, a.token)
        .join(games_table, games_table.c.id == a.game_id)
        .where(a.account_id == account.id)
        .order_by(games_table.c.updated.desc())
        .limit(MAX_LISTED)
    )
    with store.engine.connect() as conn:
        held = [(str(r.game_id), int(r.seat), str(r.token)) for r in conn.execute(q).all()]
    summaries = {g["id"]: g for g in store.summaries(list(dict.fromkeys(h[0] for h in held)))}
    out = []
    for game_id, seat, token in held:
        summary = summaries.get(game_id)
        if summary is None:
            continue
        public = summary["seats"][seat]
        playable = public["kind"] == "human" or public["stand_in"]
        out.append(
            {
                "game": summary,
                "seat": seat,
                "name": public["name"],
                "link": f"/play/{game_id}#{token}" if playable else None,
            }
        )
    return out
