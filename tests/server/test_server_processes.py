"""Several ``alea serve`` processes on one PostgreSQL database serve the same games.

Runs when ``ALEA_TEST_POSTGRES_URL`` names a database the test may empty (``.ci/run`` starts a
local PostgreSQL server and sets it). The SQLite test at the end always runs.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from server_helpers import free_port, needs_postgres, post, server
from test_server_undo import keeps_the_turn
from websockets.sync.client import ClientConnection, connect

import alea
from alea.server.store import Store


@pytest.fixture
def two(postgres_url: str, tmp_path: Path) -> Iterator[tuple[int, int, subprocess.Popen[bytes]]]:
    """Two servers on the same database: their ports, and the first one's process."""
    a, b = free_port(), free_port()
    with (
        server(postgres_url, a, log=tmp_path / "a.log") as first,
        server(postgres_url, b, log=tmp_path / "b.log"),
    ):
        yield a, b, first


class People(NamedTuple):
    """The two servers' ports, and a game of three people made through the first (``made``)."""

    a: int
    b: int
    made: dict[str, Any]

    @property
    def gid(self) -> str:
        return str(self.made["id"])

    def token(self, seat: int) -> str:
        """The link of ``seat``."""
        return str(self.made["seats"][seat]["token"])


@pytest.fixture
def people(two: tuple[int, int, subprocess.Popen[bytes]]) -> People:
    """The two servers and a game of three people (seed 3) made through the first."""
    a, b, _ = two
    return People(a, b, game(a, ["human", "human", "human"], seed=3))


def game(port: int, seats: list[str], **extra: Any) -> dict[str, Any]:
    body = {
        "game": "triumvirate",
        "seats": [
            {"kind": "human"} if s == "human" else {"kind": "bot", "agent": s} for s in seats
        ],
        **extra,
    }
    return post(port, "/api/games", body)


def messages(ws: ClientConnection, until: float, *kinds: str) -> Iterator[dict[str, Any]]:
    """The messages of the types ``kinds`` that ``ws`` receives until ``until`` (monotonic)."""
    while True:
        left = until - time.monotonic()
        if left <= 0:
            return
        try:
            msg = json.loads(ws.recv(timeout=left))
        except TimeoutError:
            return
        if msg["type"] in kinds:
            yield msg


def views(ws: ClientConnection, until: float) -> Iterator[dict[str, Any]]:
    """The view and error messages ``ws`` receives until ``until`` (monotonic seconds)."""
    return messages(ws, until, "view", "error")


def view_where(
    ws: ClientConnection, test: Callable[[dict[str, Any]], Any], seconds: float = 30
) -> dict[str, Any]:
    """The first view (or error) ``ws`` receives that passes ``test``; past ``seconds`` the
    test fails saying what the last message was."""
    last = None
    for last in views(ws, time.monotonic() + seconds):
        if test(last):
            return last
    if last is not None and last["type"] == "view":
        seats = [(s["kind"], s["stand_in"]) for s in last["seats"]]
        last = {"seq": last["seq"], "status": last["status"], "seats (kind, stand-in)": seats}
    raise AssertionError(f"no awaited view came in {seconds:g} s; the last message: {last}")


def first_view(ws: ClientConnection, token: str | None = None) -> dict[str, Any]:
    ws.send(json.dumps({"type": "hello", **({"token": token} if token else {})}))
    return view_where(ws, lambda _: True)


def socket(port: int, game_id: str) -> ClientConnection:
    return connect(f"ws://127.0.0.1:{port}/ws/{game_id}", max_size=2**24)


def stored_moves(port: int, game_id: str) -> int:
    import urllib.request

    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games/{game_id}", timeout=10) as r:
        return int(json.loads(r.read())["moves"])


def mover_token(port: int, made: dict[str, Any]) -> str:
    """The token of the seat to move once the opening dice are rolled."""
    with connect(f"ws://127.0.0.1:{port}/ws/{made['id']}", max_size=2**24) as ws:
        view = first_view(ws)
        while view["to_move"] is None or view["to_move"] < 0:
            view = view_where(ws, lambda _: True)
    return str(next(s["token"] for s in made["seats"] if s["seat"] == view["to_move"]))


@needs_postgres
def test_a_move_made_through_one_process_is_seen_through_the_other(
    people: People,
) -> None:
    a, b, made = people
    with socket(a, people.gid) as player, socket(b, people.gid) as watcher:
        view = first_view(player, mover_token(a, made))
        if not view["legal"]:  # the opening dice may still be on their way
            view = view_where(player, lambda v: v["legal"])
        first_view(watcher)
        for _ in range(3):
            if not view["legal"]:
                break
            player.send(json.dumps({"type": "act", "seq": view["seq"], "i": 0}))
            seq = view["seq"]
            view = view_where(player, lambda v, seq=seq: v["seq"] > seq)
            seen = view_where(watcher, lambda v, seq=view["seq"]: v["seq"] >= seq)
            assert seen["log"][-1] == view["log"][-1]


@needs_postgres
def test_two_processes_never_store_two_moves_at_one_position(
    two: tuple[int, int, subprocess.Popen[bytes]],
) -> None:
    a, b, _ = two
    made = game(a, ["human", "human", "human"], seed=5)
    gid = made["id"]
    token = mover_token(a, made)
    with (
        connect(f"ws://127.0.0.1:{a}/ws/{gid}", max_size=2**24) as one,
        connect(f"ws://127.0.0.1:{b}/ws/{gid}", max_size=2**24) as other,
    ):
        view = first_view(one, token)
        if not view["legal"]:  # the opening dice may still be on their way
            view = view_where(one, lambda v: v["legal"])
        again = first_view(other, token)
        if again["seq"] < view["seq"]:
            again = view_where(other, lambda v: v["seq"] >= view["seq"])
        assert again["seq"] == view["seq"]
        last = len(view["legal"]) - 1
        for ws, i in ((one, 0), (other, last)):  # the same seat, the same position, at once
            ws.send(json.dumps({"type": "act", "seq": view["seq"], "i": i}))
        # What each connection hears for five seconds at least, and until one of the two moves
        # was refused and both saw the position move on (a minute at most).
        heard: list[list[dict[str, Any]]] = [[], []]
        least, most = time.monotonic() + 5, time.monotonic() + 60

        def settled() -> bool:
            moved_on = all(
                any(m["seq"] > view["seq"] for m in h if m["type"] == "view") for h in heard
            )
            return moved_on and any(m["type"] == "error" for h in heard for m in h)

        while time.monotonic() < least or (not settled() and time.monotonic() < most):
            for h, ws in zip(heard, (one, other), strict=True):
                h += views(ws, time.monotonic() + 0.2)
    refused = [
        m for msgs in heard for m in msgs if m["type"] == "error" and "out of date" in m["message"]
    ]
    assert len(refused) == 1, "exactly one of the two moves was refused as out of date"
    latest = max((m for msgs in heard for m in msgs if m["type"] == "view"), key=lambda m: m["seq"])
    made_at = latest["log"][len(latest["log"]) - (latest["seq"] - view["seq"])]
    assert made_at in {view["legal"][0]["text"], view["legal"][last]["text"]}
    assert stored_moves(a, gid) >= view["seq"] + 1


@needs_postgres
def test_a_killed_process_loses_no_move_and_another_plays_its_bots_on(
    two: tuple[int, int, subprocess.Popen[bytes]],
) -> None:
    a, b, first = two
    # Search bots think on the worker processes: a game long enough to be cut in the middle.
    made = game(a, ["mcts:iterations=20"] * 3, seed=9)
    gid = made["id"]
    deadline = time.monotonic() + 120
    while stored_moves(a, gid) < 8 and time.monotonic() < deadline:
        time.sleep(0.1)
    workers = bot_workers(first.pid)
    assert workers, "the search bots think on worker processes"
    first.send_signal(signal.SIGKILL)
    first.wait(10)
    gone = time.monotonic() + 30
    while bot_workers(first.pid, workers) and time.monotonic() < gone:
        time.sleep(0.2)
    assert not bot_workers(first.pid, workers), "the killed server's bot workers live on"
    before = stored_moves(b, gid)
    assert before >= 8, "the first process did not play the bots"
    deadline = time.monotonic() + 120
    while stored_moves(b, gid) <= before + 8 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert stored_moves(b, gid) > before + 8, "no process took over the game's bots"
    with connect(f"ws://127.0.0.1:{b}/ws/{gid}", max_size=2**24) as ws:
        view = first_view(ws)
        assert view["seq"] >= before  # every move stored before the kill is still there


def bot_workers(parent: int, among: set[int] | None = None) -> set[int]:
    """The live bot worker processes of the server ``parent`` (or those of ``among`` still
    alive, whoever their parent now is)."""
    out = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        pid = int(entry.name)
        try:
            cmdline = (entry / "cmdline").read_bytes()
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        if b"spawn_main" not in cmdline or stat.rsplit(")", 1)[1].split()[0] == "Z":
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if (among is None and ppid == parent) or (among is not None and pid in among):
            out.add(pid)
    return out


def chat_line(ws: ClientConnection, text: str) -> dict[str, Any]:
    """The chat message that brings the line ``text`` to ``ws`` (within 30 s)."""
    for msg in messages(ws, time.monotonic() + 30, "chat"):
        if any(line["text"] == text for line in msg["lines"]):
            return msg
    raise AssertionError(f"the chat line {text!r} never came")


@needs_postgres
def test_a_chat_line_written_through_one_process_reaches_the_viewers_of_the_other(
    people: People,
) -> None:
    a, b, gid = people.a, people.b, people.gid
    with socket(a, gid) as player, socket(a, gid) as near, socket(b, gid) as far:
        first_view(player, people.token(0))
        first_view(near)
        first_view(far)
        player.send(json.dumps({"type": "chat", "text": "ave from the first process"}))
        own = chat_line(player, "ave from the first process")
        assert own["mine"] is True
        assert not chat_line(near, "ave from the first process").get("mine")
        heard = chat_line(far, "ave from the first process")
        assert not heard.get("mine")
        line = next(x for x in heard["lines"] if x["text"] == "ave from the first process")
        assert line["author"] == "Crassus"
        assert line["seat"] == 0
        far.send(json.dumps({"type": "chat", "text": "vale from the second"}))
        back = chat_line(player, "vale from the second")
        assert [x["author"] for x in back["lines"]] == ["spectator"]
        assert chat_line(far, "vale from the second")["mine"] is True
        assert chat_line(near, "vale from the second")["mine"] is False
        # Two lines written at once through the two processes: each viewer gets both, once.
        player.send(json.dumps({"type": "chat", "text": "one"}))
        far.send(json.dumps({"type": "chat", "text": "two"}))
        for ws in (player, near, far):
            seen: list[str] = []
            for msg in messages(ws, time.monotonic() + 30, "chat"):
                seen += [x["text"] for x in msg["lines"]]
                if {"one", "two"} <= set(seen):
                    break
            assert sorted(seen) == ["one", "two"], seen


@needs_postgres
def test_a_seat_taken_through_one_process_shows_on_the_other(
    two: tuple[int, int, subprocess.Popen[bytes]],
) -> None:
    a, b, _ = two
    made = post(
        a,
        "/api/games",
        {
            "game": "triumvirate",
            "seats": [{"kind": "human"}, {"kind": "human", "open": True}, {"kind": "human"}],
        },
    )
    gid = made["id"]
    with socket(b, gid) as far:
        assert first_view(far)["seats"][1]["open"] is True
        post(a, f"/api/games/{gid}/seats/1/join", {"name": "Bo"})
        taken = view_where(far, lambda v: not v["seats"][1]["open"])
        assert taken["seats"][1]["player"] == "Bo"


@needs_postgres
def test_a_seat_handed_to_a_bot_through_one_process_stops_acting_on_the_other(
    people: People,
) -> None:
    token = people.token(2)
    with socket(people.b, people.gid) as player:
        assert first_view(player, token)["seat"] == 2
        bot = {"agent": "random"}
        post(people.a, f"/api/games/{people.gid}/seats/2/bot", bot, {"x-alea-token": token})
        handed = view_where(player, lambda v: v["seats"][2]["kind"] == "bot")
        assert handed["seat"] is None, "the seat's link only watches once a bot has the seat"
        assert handed["legal"] == []


@needs_postgres
def test_a_move_taken_back_and_replaced_through_one_process_shows_on_the_other(
    people: People, postgres_url: str
) -> None:
    a, b, made = people
    gid = people.gid
    with socket(a, gid) as player, socket(b, gid) as far:
        view = first_view(player, mover_token(a, made))
        if not view["legal"]:
            view = view_where(player, lambda v: v["legal"])
        first_view(far)
        rules = alea.load("triumvirate")
        state = rules.new_initial_state()
        for action in Store(postgres_url).actions(gid):
            state.apply_action(rules.action_from_json(action))
        pick = keeps_the_turn(state)
        player.send(json.dumps({"type": "act", "seq": view["seq"], "i": pick}))
        moved = view_where(player, lambda v: v["seq"] > view["seq"])
        assert moved["undo"] is True
        assert view_where(far, lambda v: v["seq"] == moved["seq"])
        player.send(json.dumps({"type": "undo"}))
        note = "took back a move: " + view["legal"][pick]["text"]
        chat_line(far, note)
        # Another move in its place, at once: the other process shows it, not the one undone.
        other = next(c for c in view["legal"] if c["i"] != pick)
        player.send(json.dumps({"type": "act", "seq": view["seq"], "i": other["i"]}))
        after = view_where(  # the dice after it rolled: a player's turn again
            player, lambda v: v["seq"] > view["seq"] and v["to_move"] >= 0
        )
        assert view_where(far, lambda v: v["seq"] >= after["seq"])
        # The room the other process holds is the first process's, move for move.
        with socket(a, gid) as near, socket(b, gid) as again:
            here, there = first_view(near), first_view(again)
        assert there["seq"] == here["seq"]
        assert there["log"] == here["log"]
        assert there["log"][view["seq"]] == other["text"]
        assert there["observation"] == here["observation"]


@needs_postgres
def test_a_clock_running_out_and_a_seat_taken_back_show_on_both_processes(
    two: tuple[int, int, subprocess.Popen[bytes]],
) -> None:
    a, b, _ = two
    bot = {"kind": "bot", "agent": "heuristic"}
    made = post(
        a,
        "/api/games",
        {
            "game": "triumvirate",
            "seed": 6,
            "seats": [{"kind": "human"}, bot, bot],
            "clock": {"kind": "realtime", "base": 2, "increment": 0},
            "on_timeout": "bot",
        },
    )
    gid = made["id"]
    with socket(b, gid) as player, socket(a, gid) as far:
        first_view(player, made["seats"][0]["token"])
        first_view(far)
        for ws in (player, far):
            late = view_where(ws, lambda v: v["seats"][0]["stand_in"], seconds=60)
            assert late["clock"]["left"][0] == 0
        player.send(json.dumps({"type": "reclaim"}))
        for ws in (player, far):
            back = view_where(
                ws,
                lambda v: (
                    v["type"] == "error"
                    or (v["seats"][0]["kind"] == "human" and v["clock"]["left"][0] > 50)
                ),
            )
            assert back["type"] == "view", back  # with the time of a move to go on with
            assert not back["seats"][0]["stand_in"]


def test_a_second_server_on_one_sqlite_file_stops_with_a_clear_error(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    with server(db, free_port()):
        second = subprocess.run(
            [
                sys.executable,
                "-m",
                "alea",
                "serve",
                "--port",
                str(free_port()),
                "--db",
                f"sqlite:///{db}",
            ],
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert second.returncode == 2
    assert "already serving" in second.stderr
    assert "PostgreSQL" in second.stderr
    assert "Traceback" not in second.stderr


def test_a_page_names_the_peers_it_may_reconnect_to_and_they_accept_it(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from alea.server.app import create_app

    peers = ["http://10.0.0.2:8000", "https://Alea.example/"]
    app = create_app(f"sqlite:///{tmp_path / 'p.db'}", workers=0, peers=peers)
    with TestClient(app) as c:
        page = c.get("/play/abc")
        assert (
            '<meta name="alea-peers" content="http://10.0.0.2:8000 https://alea.example">'
            in page.text
        )
        connect_src = next(
            part
            for part in page.headers["content-security-policy"].split(";")
            if "connect-src" in part
        )
        assert connect_src.split() == [
            "connect-src",
            "'self'",
            "http://10.0.0.2:8000",
            "ws://10.0.0.2:8000",
            "https://alea.example",
            "wss://alea.example",
        ]
        made = c.post(
            "/api/games",
            json={"game": "forum", "players": 2, "seats": [{"kind": "human"}] * 2},
        )
        assert made.status_code == 201, made.text
        gid = made.json()["id"]
        # A page of a peer whose process died connects here; a page of another site may not.
        with c.websocket_connect(f"/ws/{gid}", headers={"Origin": "http://10.0.0.2:8000"}) as ws:
            ws.send_json({"type": "hello"})
            assert ws.receive_json()["type"] == "view"
        with c.websocket_connect(f"/ws/{gid}", headers={"Origin": "http://10.0.0.3:8000"}) as ws:
            assert "another site" in ws.receive_json()["message"]
        # Its requests too (a hand-over after a failover): the browser's preflight is answered
        # for a peer and for no other site, whose request is refused anyway.
        asks = {"Access-Control-Request-Method": "POST"}
        asks["Access-Control-Request-Headers"] = "content-type,x-alea-token"
        ok = c.options("/api/games", headers={"Origin": "https://alea.example", **asks})
        assert ok.headers["access-control-allow-origin"] == "https://alea.example"
        other = c.options("/api/games", headers={"Origin": "http://10.0.0.3:8000", **asks})
        assert "access-control-allow-origin" not in other.headers
        body = {"game": "forum", "players": 2, "seats": [{"kind": "human"}] * 2}
        peer = c.post("/api/games", json=body, headers={"Origin": "http://10.0.0.2:8000"})
        assert peer.status_code == 201
        foreign = c.post("/api/games", json=body, headers={"Origin": "http://10.0.0.3:8000"})
        assert foreign.status_code == 403
    with TestClient(create_app(f"sqlite:///{tmp_path / 'q.db'}", workers=0)) as c:
        assert "alea-peers" not in c.get("/play/abc").text
        assert "access-control-allow-origin" not in c.get("/api/catalog").headers


@pytest.mark.parametrize(
    ("peer", "words"),
    [
        ("10.0.0.2:8000", "is not an address such as"),
        ("ftp://10.0.0.2", "is not an address such as"),
        ("http://10.0.0.2:8000/games", "give the origin"),
        ("http://10.0.0.2:port", "is not an address"),
        ('http://a"b.example', "a host name is letters"),
    ],
)
def test_a_peer_that_is_not_an_origin_is_refused_saying_why(
    tmp_path: Path, peer: str, words: str
) -> None:
    from alea.server.app import create_app

    with pytest.raises(ValueError, match=words) as refused:
        create_app(f"sqlite:///{tmp_path / 'r.db'}", workers=0, peers=[peer])
    assert "--peer" in str(refused.value)


def test_a_game_another_process_finished_keeps_its_seats_and_status(tmp_path: Path) -> None:
    """A process whose room is behind cannot hand a seat back in, or reopen, a finished game."""
    url = f"sqlite:///{tmp_path / 'two.db'}"
    one, two = Store(url), Store(url)
    seats = [{"name": n, "kind": "bot", "agent": "heuristic"} for n in ("Aemilii", "Cornelii")]
    one.create_game("g1", "forum", {"players": 2}, seats, None, "1", {}, "h")
    live = [dict(s) for s in seats]
    live[0] = {"name": "Aemilii", "kind": "human"}
    assert two.set_seats("g1", live, "running")  # while the game runs, the change is stored
    one.append("g1", 1, [{"kind": "pass"}], "finished", {"returns": [1.0, 0.0]})
    assert not two.set_seats("g1", seats, "running")  # the other process is behind: refused
    row = one.get("g1")
    assert row is not None
    assert row.status == "finished"
    assert row.seats[0]["kind"] == "human"
    for store in (one, two):
        store.engine.dispose()
