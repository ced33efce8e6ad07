"""How fast a move made through one server process reaches a viewer of another.

    .venv/bin/python bench/processes.py --db postgresql+psycopg://alea:alea@127.0.0.1:5432/alea_test

Starts two ``alea serve`` processes on the same PostgreSQL database, creates a Triumvirate game
of three people, seats all three players on the first process and a spectator on the second, and
plays ``--moves`` moves (the first legal choice each time). For each move it times the interval
from sending the move to the first process until the spectator on the second process receives a
view that shows it. Then a player on the first process writes ``--chat`` chat lines, one at a
time, and it times each from sending to the spectator on the second process receiving it.
Target: p99 under 100 ms on loopback, for moves and for chat lines.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "server"))
from server_helpers import free_port, post, server


def chat_after(ws: ClientConnection, text: str, timeout: float = 30) -> None:
    """Wait until ``ws`` receives the chat line ``text``."""
    until = time.monotonic() + timeout
    while True:
        msg = json.loads(ws.recv(timeout=max(0.001, until - time.monotonic())))
        if msg["type"] == "chat" and any(line["text"] == text for line in msg["lines"]):
            return


def percentiles(delays: list[float]) -> tuple[float, float, float]:
    """The median, 99th percentile and maximum of ``delays`` (seconds), in milliseconds."""
    ms = sorted(d * 1000 for d in delays)
    return statistics.median(ms), ms[min(len(ms) - 1, int(0.99 * len(ms)))], ms[-1]


def view_after(ws: ClientConnection, seq: int, timeout: float = 30) -> dict[str, Any]:
    """The first view ``ws`` receives whose move number is at least ``seq``."""
    until = time.monotonic() + timeout
    while True:
        msg = json.loads(ws.recv(timeout=max(0.001, until - time.monotonic())))
        if msg["type"] == "view" and msg["seq"] >= seq:
            return msg  # type: ignore[no-any-return]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default=os.environ.get("ALEA_TEST_POSTGRES_URL"))
    ap.add_argument("--moves", type=int, default=200)
    ap.add_argument("--chat", type=int, default=100, help="chat lines to time")
    ns = ap.parse_args()
    if not ns.db:
        ap.error("name a PostgreSQL database with --db (or ALEA_TEST_POSTGRES_URL)")
    a, b = free_port(), free_port()
    with tempfile.TemporaryDirectory() as tmp:
        logs = Path(tmp)
        chatty = ("--limit", "chat_rate=1000", "--limit", "chat_burst=1000")
        with (
            server(ns.db, a, *chatty, log=logs / "a.log"),
            server(ns.db, b, *chatty, log=logs / "b.log"),
        ):
            made = post(a, "/api/games", {"game": "triumvirate", "seats": [{"kind": "human"}] * 3})
            gid = made["id"]
            seats = {s["seat"]: s["token"] for s in made["seats"]}
            sockets = contextlib.ExitStack()
            players = {
                seat: sockets.enter_context(connect(f"ws://127.0.0.1:{a}/ws/{gid}", max_size=2**24))
                for seat in seats
            }
            watcher = sockets.enter_context(connect(f"ws://127.0.0.1:{b}/ws/{gid}", max_size=2**24))
            for seat, ws in players.items():
                ws.send(json.dumps({"type": "hello", "token": seats[seat]}))
            watcher.send(json.dumps({"type": "hello"}))
            latest = {seat: view_after(ws, 0) for seat, ws in players.items()}
            seen = view_after(watcher, 0)
            delays = []
            while len(delays) < ns.moves:
                for seat, ws in players.items():  # every player's socket hears every move
                    while latest[seat]["seq"] < seen["seq"]:
                        latest[seat] = view_after(ws, seen["seq"])
                movers = [s for s, v in latest.items() if v["legal"]]
                if not movers or latest[movers[0]]["terminal"]:
                    if any(v["terminal"] for v in latest.values()):
                        break
                    seen = view_after(watcher, seen["seq"] + 1)
                    continue
                view = latest[movers[0]]
                start = time.perf_counter()
                players[movers[0]].send(json.dumps({"type": "act", "seq": view["seq"], "i": 0}))
                seen = view_after(watcher, view["seq"] + 1)
                delays.append(time.perf_counter() - start)
            said = []
            writer = players[min(players)]
            for k in range(ns.chat):
                text = f"line {k}"
                start = time.perf_counter()
                writer.send(json.dumps({"type": "chat", "text": text}))
                chat_after(watcher, text)
                said.append(time.perf_counter() - start)
            sockets.close()
    print(
        f"two alea serve processes on one PostgreSQL database, {len(delays)} moves and"
        f" {len(said)} chat lines; load average {os.getloadavg()[0]:.2f}"
    )
    worst = 0.0
    for what, times in (("move", delays), ("chat line", said)):
        if not times:
            continue
        p50, p99, top = percentiles(times)
        worst = max(worst, p99)
        print(
            f"  {what} on process A -> spectator on process B: p50 {p50:.1f} ms,"
            f" p99 {p99:.1f} ms, max {top:.1f} ms"
        )
    print(f"  target p99 < 100 ms: {'met' if worst < 100 else 'MISSED'}")
    return 0 if worst < 100 else 1


if __name__ == "__main__":
    raise SystemExit(main())
