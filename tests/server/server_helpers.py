"""Helpers for the web app tests: an app on a fresh SQLite file, a real server process, views."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from alea.server.app import create_app
from alea.server.limits import Limits

CHROMIUM = shutil.which("chromium")
"""Debian's chromium, which the browser tests drive (never a downloaded build)."""
if os.environ.get("ALEA_REQUIRE_BROWSER") and CHROMIUM is None:
    raise RuntimeError("ALEA_REQUIRE_BROWSER is set but Debian's chromium is not installed")
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-dev-shm-usage",
]
"""Chromium's switches for a headless run in a container."""

POSTGRES_URL = os.environ.get("ALEA_TEST_POSTGRES_URL")
"""A PostgreSQL database the tests may empty (``.ci/run`` starts a local server and sets it)."""
needs_postgres = pytest.mark.skipif(
    not POSTGRES_URL, reason="no PostgreSQL server (ALEA_TEST_POSTGRES_URL)"
)

TEST_LIMITS = Limits(
    fixed_seeds=True,
    create_burst=10_000,
    join_burst=10_000,
    import_burst=10_000,
    frame_burst=10_000,
    max_open_per_client=10_000,
)
"""Tests choose seeds for games with people, and create many games from one address."""


@contextmanager
def client(
    db: Path, workers: int = 0, limits: Limits = TEST_LIMITS, **rates: float
) -> Iterator[TestClient]:
    """A test client of an app storing to ``db`` (its lifespan runs inside the block).

    ``rates`` (``rate``, ``burst``) override the per-connection message limits.
    """
    app = create_app(f"sqlite:///{db}", workers=workers, limits=limits, **rates)
    with TestClient(app) as c:
        yield c


def new_game(c: TestClient, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    """Create a game; ``seats`` are ``"human"`` or agent specs for bots."""
    body = {
        "game": game,
        "seats": [
            {"kind": "human"} if s == "human" else {"kind": "bot", "agent": s} for s in seats
        ],
        **extra,
    }
    r = c.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def next_view(ws: Any, limit: int = 500) -> dict[str, Any]:
    """The next view message (errors are returned too, as they are)."""
    for _ in range(limit):
        msg = ws.receive_json()
        if msg["type"] in ("view", "error"):
            return msg  # type: ignore[no-any-return]
    raise AssertionError("no view came")


def wait_for_turn(ws: Any, seat: int | None, limit: int = 5000) -> dict[str, Any]:
    """Read views until it is ``seat``'s decision or the game is over."""
    for _ in range(limit):
        msg = ws.receive_json()
        if msg["type"] == "view" and (msg["terminal"] or (msg["legal"] and msg["seat"] == seat)):
            return msg  # type: ignore[no-any-return]
    raise AssertionError("the turn never came")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def server(
    db: Path | str, port: int, *args: str, log: Path | None = None
) -> Iterator[subprocess.Popen[bytes]]:
    """``alea serve`` on ``port`` storing to ``db`` (an SQLite file, or a database URL); its
    output goes to ``log`` when given."""
    cmd = [
        sys.executable,
        "-m",
        "alea",
        "serve",
        "--port",
        str(port),
        "--db",
        db if isinstance(db, str) else f"sqlite:///{db}",
        "--fixed-seeds",
        "--limit",
        "create_burst=10000",
        "--limit",
        "max_open_per_client=10000",
        *args,
    ]
    out = log.open("wb") if log is not None else subprocess.PIPE
    proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60  # a busy machine can take many seconds to import
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/catalog", timeout=1)
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise AssertionError("the server did not start") from None
                time.sleep(0.05)
        yield proc
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(10)
        if log is not None:
            out.close()  # type: ignore[union-attr]


def post(
    port: int, path: str, body: dict[str, Any], headers: dict[str, str] | None = None
) -> dict[str, Any]:
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", **(headers or {})},
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


def merge_log(lines: list[str], view: dict[str, Any]) -> None:
    """Fold a view's log lines into ``lines`` (the whole log from move 1), as the client does."""
    start = view["log_start"]
    assert start <= len(lines), "a view skipped log lines"
    del lines[start:]
    lines.extend(view["log"])


@contextmanager
def empty_database(url: str) -> Iterator[str]:
    """The test database at ``url`` with every table dropped, held by this test alone.

    PostgreSQL tests share one database: a lock file keeps two test processes (pytest-xdist
    workers) from emptying it under each other's servers.
    """
    import fcntl
    import tempfile

    from sqlalchemy import MetaData, create_engine

    with open(Path(tempfile.gettempdir()) / "alea-postgres-tests.lock", "w") as lock:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
        engine = create_engine(url)
        tables = MetaData()
        tables.reflect(engine)
        tables.drop_all(engine)
        engine.dispose()
        yield url
