"""Load bench of the web app: many concurrent games with bots, played over WebSockets.

Starts ``alea serve`` on a fresh SQLite file, creates ``--games`` games (one human seat each,
bots in the others), and plays the human seats from one asyncio client for ``--seconds``:
whenever a seat may act it waits a random think time (uniform, mean ``--think`` seconds, as a
person would) and picks a legal choice at random. A game that ends is replaced by a new one,
so ``--games`` games are in play the whole time. ``--game mix`` deals the games out in turn
among all three games. It reports the moves applied per second (every action stored, bots'
and dice included), the latency of the human moves (from sending the choice to receiving the
view that shows it), and every error. ``--replays N`` adds N clients that page through the
replay of a long finished game (imported at the start) as fast as the server answers, one
frame after another, to show that replays do not slow play down.

The server runs with its per-client limits raised: every simulated player shares one address.

    .venv/bin/python bench/load.py                       # 200 Forum games for 60 s
    .venv/bin/python bench/load.py --game mix            # 200 games of all three for 60 s
    .venv/bin/python bench/load.py --games 50 --seconds 20 --game triumvirate
    .venv/bin/python bench/load.py --replays 4           # and 4 clients paging through replays

``--processes N`` runs N ``alea serve`` processes on one PostgreSQL database (``--db``, which
is emptied first) and deals the games out among them: each game is created and opened on one
process, and its player connects to the next one, so every move crosses between processes
through the database. ``--nginx`` puts nginx in front (``deploy/nginx.conf``) and sends every
request through it instead.

    bash .ci/postgres.sh alea_bench                      # once: a database of its own
    DB=postgresql+psycopg://alea:alea@127.0.0.1:5432/alea_bench
    .venv/bin/python bench/load.py --processes 2 --db $DB --games 50 --seconds 20
    .venv/bin/python bench/load.py --processes 4 --db $DB --games 1000 --seconds 120 --nginx

Target: 0 errors and a p99 latency under 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
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
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "server"))
from server_helpers import server


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(port: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


def get(port: int, path: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


GAMES = ("triumvirate", "forum", "hotre")


def game_body(game: str, bot: str) -> dict[str, Any]:
    """The request creating one game: a human first seat, bots in the others."""
    n = 3 if game == "triumvirate" else 4
    return {
        "game": game,
        "seats": [{"kind": "human"}] + [{"kind": "bot", "agent": bot}] * (n - 1),
    }


OPEN_LIMITS = [
    f"{name}=1000000"
    for name in (
        "create_rate",
        "create_burst",
        "join_rate",
        "join_burst",
        "client_message_rate",
        "client_message_burst",
        "frame_rate",
        "frame_burst",
        "max_open_per_client",
        "max_open_games",
        "max_connections_per_client",
    )
]
"""Every simulated player comes from one address: the per-client limits must not apply."""


def long_record(seed: int) -> dict[str, Any]:
    """A finished History of the Roman Empire game of four random bots, as a record."""
    import alea

    game = alea.load("hotre")
    agents = [alea.agents.make("random") for _ in range(game.num_players)]
    return alea.play(game, agents, seed=seed).to_json()


async def page_replay(
    port: int, game_id: str, n: int, until: float, t: Tally, rng: random.Random, rate: float
) -> None:
    """Ask for the frames of a replay one after another, from a random start, until time is up.

    At most ``rate`` frames a second: the server's default limit for one client.
    """
    import httpx

    k = rng.randrange(n + 1)
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as http:
        while time.monotonic() < until:
            start = time.monotonic()
            try:
                r = await http.get(f"/api/games/{game_id}/frames/{k}")
            except httpx.HTTPError as exc:
                t.errors.append(f"frame {k}: {type(exc).__name__}")
                return
            if r.status_code != 200:
                t.errors.append(f"frame {k}: {r.status_code} {r.text[:100]}")
                return
            t.frame_latencies.append(time.monotonic() - start)
            k = (k + 1) % (n + 1)
            await asyncio.sleep(max(0.0, start + 1 / rate - time.monotonic()))


def cpu_seconds(pid: int) -> float:
    """CPU time used so far by process ``pid`` and its waited-for children (Linux ``/proc``).

    Unlike latency, it hardly depends on what else runs on the machine: the figure to compare
    two versions of the server by.
    """
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = sum(int(x) for x in fields[11:15])  # utime, stime, cutime, cstime
    return ticks / os.sysconf("SC_CLK_TCK")


class Tally:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.human_moves = 0
        self.finished = 0
        self.created: list[str] = []
        """Games started during the run, to replace finished ones."""
        self.frame_latencies: list[float] = []
        """Seconds each replay frame took to arrive."""
        self.received = 0
        """Characters of the views the players received."""


PATCHES = {"on": True}
"""Whether the players take board pictures as patches, as the play page does."""


async def seat(
    port: int,
    made: dict[str, Any],
    until: float,
    rng: random.Random,
    t: Tally,
    think: float,
    bot: str,
) -> None:
    """Play the human seat of ``made``, and of a new game of the same kind each time one ends."""
    while time.monotonic() < until:
        over = await play(port, made["id"], made["seats"][0]["token"], until, rng, t, think)
        if not over or time.monotonic() >= until:
            return
        body = game_body(made["game"], bot)
        try:
            made = {
                **await asyncio.to_thread(post, port, "/api/games", body),
                "game": body["game"],
                "port": port,
            }
        except Exception as exc:
            t.errors.append(f"creating a game: {type(exc).__name__}: {exc}")
            return
        t.created.append(made["id"])


async def play(
    port: int, game_id: str, token: str, until: float, rng: random.Random, t: Tally, think: float
) -> bool:
    """Play one game's human seat until it ends (``True``) or time is up."""
    url = f"ws://127.0.0.1:{port}/ws/{game_id}"
    try:
        async with connect(url, max_size=2**24) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token, "patches": PATCHES["on"]}))
            sent_at: float | None = None
            sent_seq = -1
            while time.monotonic() < until:
                try:
                    raw = await asyncio.wait_for(
                        ws.recv(), timeout=max(0.1, until - time.monotonic())
                    )
                except TimeoutError:
                    break
                t.received += len(raw)
                msg = json.loads(raw)
                if msg["type"] == "error":
                    t.errors.append(msg["message"])
                    continue
                if sent_at is not None and msg["seq"] > sent_seq:
                    t.latencies.append(time.monotonic() - sent_at)
                    sent_at = None
                if msg["terminal"]:
                    t.finished += 1
                    return True
                if msg["legal"] and msg["seat"] == msg["to_move"] and sent_at is None:
                    if think:
                        await asyncio.sleep(rng.uniform(0, 2 * think))
                    choice = rng.randrange(len(msg["legal"]))
                    sent_seq = msg["seq"]
                    sent_at = time.monotonic()
                    t.human_moves += 1
                    await ws.send(json.dumps({"type": "act", "seq": msg["seq"], "i": choice}))
    except Exception as exc:
        t.errors.append(f"{type(exc).__name__}: {exc}")
    return False


async def run(
    games: list[dict[str, Any]],
    seconds: float,
    seed: int,
    think: float = 0.0,
    bot: str = "heuristic",
    replay: tuple[str, int] | None = None,
    replays: int = 0,
    replay_rate: float = 20.0,
) -> Tally:
    t = Tally()
    until = time.monotonic() + seconds
    rng = random.Random(seed)
    readers = []
    if replay is not None:
        readers = [
            page_replay(
                games[0]["port"],
                replay[0],
                replay[1],
                until,
                t,
                random.Random(rng.random()),
                replay_rate,
            )
            for _ in range(replays)
        ]
    await asyncio.gather(
        *(seat(g["port"], g, until, random.Random(rng.random()), t, think, bot) for g in games),
        *readers,
    )
    return t


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def empty(db: str) -> None:
    """Drop every table of the database at ``db`` (the servers migrate it afresh)."""
    from sqlalchemy import MetaData, create_engine

    engine = create_engine(db)
    tables = MetaData()
    tables.reflect(engine)
    tables.drop_all(engine)
    engine.dispose()


@contextlib.contextmanager
def nginx(ports: list[int], tmp: Path) -> Iterator[int]:
    """nginx with ``deploy/nginx.conf`` in front of the servers on ``ports``; its port."""
    run = tmp / "nginx"
    (run / "tmp").mkdir(parents=True)
    shutil.copy(Path(__file__).resolve().parents[1] / "deploy" / "nginx.conf", run)
    port = free_port()
    (run / "listen.conf").write_text(f"listen 127.0.0.1:{port};\n")
    (run / "upstreams.conf").write_text(
        "".join(f"server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;\n" for p in ports)
    )
    subprocess.run(["nginx", "-p", str(run), "-c", "nginx.conf"], check=True)
    try:
        for _ in range(200):
            try:
                get(port, "/api/catalog")
                break
            except OSError:
                time.sleep(0.05)
        yield port
    finally:
        subprocess.run(["nginx", "-p", str(run), "-c", "nginx.conf", "-s", "stop"], check=False)


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument(
        "--game", default="forum", choices=[*GAMES, "mix"], help="mix: all three games in turn"
    )
    ap.add_argument("--bot", default="heuristic", help="agent of the bot seats")
    ap.add_argument("--workers", type=int, default=None, help="server bot workers")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--replays",
        type=int,
        default=0,
        help="clients paging through the replay of a long finished game, frame after frame",
    )
    ap.add_argument(
        "--replay-rate",
        type=float,
        default=20.0,
        help="frames a second each replay client asks for at most (the server's default "
        "limit for one client: 20)",
    )
    ap.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="mean seconds a simulated player waits before each choice (0: at once)",
    )
    ap.add_argument(
        "--whole-pictures",
        action="store_true",
        help="players take every board picture whole instead of as patches to the last one",
    )
    ap.add_argument(
        "--processes",
        type=int,
        default=1,
        help="alea serve processes on one PostgreSQL database (--db); 1: one on SQLite",
    )
    ap.add_argument(
        "--db",
        default=None,
        help="PostgreSQL URL the processes share (emptied first), e.g. "
        "postgresql+psycopg://alea:alea@127.0.0.1:5432/alea_bench",
    )
    ap.add_argument(
        "--nginx", action="store_true", help="send every request through nginx in front"
    )
    ns = ap.parse_args()
    PATCHES["on"] = not ns.whole_pictures
    load_before = f"{os.getloadavg()[0]:.2f}"
    if ns.processes < 1:
        ap.error("--processes must be at least 1")
    if (ns.processes > 1 or ns.nginx) and not (ns.db or "").startswith("postgresql"):
        ap.error("several processes (or nginx) share a PostgreSQL database: name it with --db")
    if ns.nginx and shutil.which("nginx") is None:
        ap.error("nginx is not installed (apt-get install nginx-light)")
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        db = ns.db
        if db is None:
            db = f"sqlite:///{Path(tmp) / 'load.db'}"
        else:
            empty(db)
        ports = [free_port() for _ in range(ns.processes)]
        flags = [x for limit in OPEN_LIMITS for x in ("--limit", limit)]
        if ns.workers is not None:
            flags += ["--workers", str(ns.workers)]
        servers = [
            stack.enter_context(server(db, port, *flags, log=Path(tmp) / f"server-{port}.log"))
            for port in ports
        ]
        front = stack.enter_context(nginx(ports, Path(tmp))) if ns.nginx else None
        try:
            replay = None
            if ns.replays:
                record = long_record(ns.seed)
                imported = post(front or ports[0], "/api/records", record)
                replay = (imported["id"], len(record["actions"]))
            games = []
            for i in range(ns.games):
                name = GAMES[i % len(GAMES)] if ns.game == "mix" else ns.game
                home = ports[i % len(ports)]
                made = post(front or home, "/api/games", game_body(name, ns.bot))
                # A game is loaded when first opened: open each once now, as its first visitor
                # would, so the run measures play rather than two hundred loads at once. Its
                # player then connects to the next process (with several), as a player sent
                # elsewhere by a load balancer would.
                get(front or home, f"/api/games/{made['id']}/frames/0")
                player = front or ports[(i + 1) % len(ports)]
                games.append({**made, "game": name, "port": player})
            moves_before = sum(get(g["port"], f"/api/games/{g['id']}")["moves"] for g in games)
            cpu_before = sum(cpu_seconds(proc.pid) for proc in servers)
            client_before = time.process_time()
            start = time.monotonic()
            t = asyncio.run(
                run(
                    games,
                    ns.seconds,
                    ns.seed,
                    ns.think,
                    ns.bot,
                    replay,
                    ns.replays,
                    ns.replay_rate,
                )
            )
            elapsed = time.monotonic() - start
            ids = [g["id"] for g in games] + t.created
            moves_after = sum(get(front or ports[0], f"/api/games/{i}")["moves"] for i in ids)
            cpu = sum(cpu_seconds(proc.pid) for proc in servers) - cpu_before
            client_cpu = time.process_time() - client_before
        finally:
            stack.close()
            problems = [
                line
                for log in sorted(Path(tmp).glob("server-*.log"))
                for line in log.read_text().splitlines()
                if "Error" in line
            ]
    moves = moves_after - moves_before
    lat = [x * 1000 for x in t.latencies]
    kind = "games of all three" if ns.game == "mix" else f"{ns.game} games"
    print(
        f"alea serve load bench: {ns.games} {kind} at once, 1 human seat each over WebSocket"
        f" (thinking {ns.think:g} s a move on average), bots {ns.bot}; {elapsed:.0f} s"
    )
    where = "one SQLite file" if ns.db is None else "one PostgreSQL database"
    print(
        f"  {ns.processes} server process{'es' if ns.processes > 1 else ''} on {where}"
        + (", behind nginx" if ns.nginx else "")
        + f"; load average before and after: {load_before} / {os.getloadavg()[0]:.2f}"
    )
    rate = moves / elapsed
    print(f"  moves stored            {moves:>10,}  ({rate:,.0f}/s, bots and dice included)")
    print(f"  human moves             {t.human_moves:>10,}  ({t.human_moves / elapsed:,.0f}/s)")
    print(f"  games finished          {t.finished:>10,}  (each replaced by a new one)")
    sent = t.received / max(t.human_moves, 1) / 1000
    how = "whole pictures" if ns.whole_pictures else "pictures as patches"
    print(
        f"  received by players     {t.received / 1e6:>10.1f} MB"
        f"  ({sent:.1f} KB a human move, {how})"
    )
    print(
        f"  server CPU              {cpu:>10.1f} s  ({cpu / elapsed:.0%} of one core, all"
        " processes;"
        f" {cpu * 1000 / max(t.human_moves, 1):.1f} ms a human move, the bot moves and"
        " views it brings included)"
    )
    print(
        f"  load client CPU         {client_cpu:>10.1f} s  ({client_cpu / elapsed:.0%} of one core,"
        " on the same machine)"
    )
    worst = max(lat, default=float("nan"))
    p50, p99 = pct(lat, 0.5), pct(lat, 0.99)
    print(f"  latency p50 / p99 / max {p50:8.1f} / {p99:.1f} / {worst:.1f} ms")
    if replay is not None:
        frames = [x * 1000 for x in t.frame_latencies]
        print(
            f"  replay frames           {len(frames):>10,}  ({len(frames) / elapsed:,.0f}/s by"
            f" {ns.replays} clients, a {replay[1]}-move game; p50 / p99"
            f" {pct(frames, 0.5):.1f} / {pct(frames, 0.99):.1f} ms)"
        )
    print(f"  errors                  {len(t.errors):>10,}  (server log: {len(problems)} problems)")
    for line in problems[:5]:
        print(f"    server: {line[:150]}")
    for e in sorted(set(t.errors))[:10]:
        print(f"    {e}")
    ok = not t.errors and not problems and pct(lat, 0.99) < 100
    print(f"  target: 0 errors, p99 < 100 ms: {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
