"""Helpers for the web app tests: an app on a fresh SQLite file, a real server process, views."""

from __future__ import annotations

import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

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


def finished(c: TestClient, game_id: str) -> bool:
    """Whether the app behind ``c`` says the game is over."""
    return bool(c.get(f"/api/games/{game_id}").json()["status"] == "finished")


def next_of(ws: Any, kinds: tuple[str, ...], limit: int = 500) -> dict[str, Any]:
    """The next message whose type is one of ``kinds`` (others are skipped)."""
    for _ in range(limit):
        msg = ws.receive_json()
        if msg["type"] in kinds:
            return msg  # type: ignore[no-any-return]
    raise AssertionError(f"none of {', '.join(kinds)} came in {limit} messages")


def next_view(ws: Any, limit: int = 500) -> dict[str, Any]:
    """The next view message (errors are returned too, as they are)."""
    return next_of(ws, ("view", "error"), limit)


def views_until(ws: Any, seq: int, inbox: list[dict[str, Any]]) -> dict[str, Any]:
    """Views from ``ws`` (kept in ``inbox``) up to the first at move ``seq`` or later; any
    other message fails the test."""
    while True:
        msg = ws.receive_json()
        assert msg["type"] == "view", msg
        inbox.append(msg)
        if msg["seq"] >= seq:
            return msg  # type: ignore[no-any-return]


def wait_for_turn(ws: Any, seat: int | None, limit: int = 5000) -> dict[str, Any]:
    """Read views until it is ``seat``'s decision or the game is over."""
    for _ in range(limit):
        msg = ws.receive_json()
        if msg["type"] == "view" and (msg["terminal"] or (msg["legal"] and msg["seat"] == seat)):
            return msg  # type: ignore[no-any-return]
    raise AssertionError("the turn never came")


T = TypeVar("T")


def wait_until(check: Callable[[], T], what: str, seconds: float = 120, every: float = 0.05) -> T:
    """Poll ``check`` until it returns something true, and return that; past ``seconds``
    the test fails saying that ``what`` never happened."""
    deadline = time.monotonic() + seconds
    while not (result := check()):
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds:g} s for {what}, in vain")
        time.sleep(every)
    return result


def _ephemeral_ports() -> range:
    try:
        low, high = Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()
    except OSError:
        return range(32768, 61000)
    return range(int(low), int(high) + 1)


PORTS = range(20_000, 32_000)
"""Where the test servers listen: outside the range the system hands to outgoing connections
(on Linux 32768 and up), which could take a port between choosing it and the server binding it."""


_PORT_DRAWS = random.SystemRandom()
"""Each test process draws its own ports (a seeded generator would draw the same in all)."""


def free_port() -> int:
    """A port no socket holds now, drawn at random from ``PORTS`` (so that two test processes
    seldom draw the same one; ``server`` fails plainly if another process holds it)."""
    ephemeral = _ephemeral_ports()
    for _ in range(200):
        port = _PORT_DRAWS.randrange(PORTS.start, PORTS.stop)
        if port in ephemeral:
            continue
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise AssertionError(f"no free port in {PORTS}")


def port_of(url: str) -> int:
    """The port of a test server's address ``http://127.0.0.1:<port>``."""
    return int(url.rsplit(":", 1)[1])


def _tcp_sockets(port: int) -> Iterator[tuple[str, str]]:
    """(state, inode) of each TCP socket whose local port is ``port`` (Linux's /proc/net)."""
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            if int(fields[1].rsplit(":", 1)[1], 16) == port:
                yield fields[3], fields[9]


def _socket_inodes(pid: int) -> set[str]:
    found = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:  # closed meanwhile
            continue
        if target.startswith("socket:["):
            found.add(target[8:-1])
    return found


LISTEN = "0A"
"""The state of a listening socket in /proc/net/tcp."""


def listens(pid: int, port: int) -> bool:
    """Whether the process ``pid`` holds the socket listening on ``port`` (always true where
    /proc/net does not exist, as on macOS)."""
    if not Path("/proc/net/tcp").exists():
        return True
    mine = _socket_inodes(pid)
    return any(state == LISTEN and inode in mine for state, inode in _tcp_sockets(port))


def connections(pid: int, port: int) -> int:
    """How many connections to ``port`` the process ``pid`` holds open (0 without /proc/net)."""
    if not Path("/proc/net/tcp").exists():
        return 0
    mine = _socket_inodes(pid)
    return sum(state != LISTEN and inode in mine for state, inode in _tcp_sockets(port))


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
    # A file, never a pipe nobody reads: a server that fills a pipe's buffer stops.
    out = log.open("w+b") if log is not None else tempfile.TemporaryFile()  # noqa: SIM115 (closed below)
    proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)

    def answers() -> bool:
        if proc.poll() is not None:
            out.seek(0)
            said = out.read().decode(errors="replace")
            raise AssertionError(f"the server on port {port} stopped at start:\n{said[-3000:]}")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/catalog", timeout=5)
        except OSError:
            return False
        # The answer must come from this process, not from another one that holds the port.
        return listens(proc.pid, port)

    try:
        # A busy machine can take many seconds to import and open the database.
        wait_until(answers, f"the server on port {port} to answer", seconds=90)
        yield proc
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(30)
        out.close()


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

    from sqlalchemy import MetaData, create_engine

    with open(Path(tempfile.gettempdir()) / "alea-postgres-tests.lock", "w") as lock:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
        engine = create_engine(url)
        tables = MetaData()
        tables.reflect(engine)
        tables.drop_all(engine)
        engine.dispose()
        yield url


# -- pages in the browser ---------------------------------------------------------------------

GAME_OVER = "() => document.getElementById('turn').textContent === 'Game over'"
"""A script that holds once the play page says the game is over."""

LAST_MOVE_MARKS = (
    "() => [...document.querySelectorAll('#board [data-last-move]')]"
    ".map((e) => e.getAttribute('data-place'))"
)
"""A script: the places the board marks as the last move's."""

SOME_MARKS = f"() => {{ const marks = ({LAST_MOVE_MARKS})(); return marks.length ? marks : null; }}"
"""A script: the last move's marked places, or null while the board marks none."""


def click_a_choice(page: Any, pick: str = "first") -> bool:
    """Click the first (or ``"last"``) of the page's enabled choices, if it offers any now;
    whether a choice was clicked."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    buttons = page.locator("#choices button:enabled")
    if not buttons.count():
        return False
    try:
        # The locator is resolved when clicking: a list drawn again meanwhile is no trouble.
        (buttons.last if pick == "last" else buttons.first).click(timeout=5_000)
    except PlaywrightTimeout:  # the new list offers nothing to this page
        return False
    return True


def click_choices_until(
    pages: list[Any], done: str, what: str, pick: str = "first", seconds: float = 240
) -> tuple[Any, Any]:
    """Each page clicks one of its choices whenever it offers some, until the script ``done``
    returns something true on one of them: that page, and what the script returned (read in
    the same run of the page's script as the test, so no later redraw can change it). Past
    ``seconds`` the test fails saying ``what`` never happened, with each page's turn line."""
    deadline = time.monotonic() + seconds
    while True:
        for page in pages:
            if result := page.evaluate(done):
                return page, result
        if time.monotonic() > deadline:
            turns = [page.locator("#turn").inner_text() for page in pages]
            raise AssertionError(f"waited {seconds:g} s for {what}, in vain: the pages say {turns}")
        clicked = [click_a_choice(page, pick) for page in pages]
        if not any(clicked):
            pages[0].wait_for_timeout(50)  # nothing to click yet: the others are to move


@contextmanager
def serving(db: Path, *args: str, log: Path | None = None) -> Iterator[str]:
    """``alea serve`` on a free port storing to ``db``: its address."""
    port = free_port()
    with server(db, port, *args, log=log):
        yield f"http://127.0.0.1:{port}"
