"""Fuzzing a real ``alea serve``: no frame or request, however malformed, breaks the server.

Hypothesis generates WebSocket frames (binary, invalid text, JSON of any shape, depth and
number, act messages whose fields have the wrong type, out-of-range targets, oversized
messages) and HTTP requests (any body, any content type, forged records, unbounded bot specs)
and sends them over loopback to a server process. Every frame must be answered by exactly one
error on a connection that stays open, every request by a 4xx with a sentence, the games must
not move, the database must hold exactly the games the server said it created, and the server
log must hold no traceback. The server runs with its rate limits raised so that a run sends
over 10,000 frames and requests in well under a minute.
"""

from __future__ import annotations

import json
import sqlite3
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from server_helpers import connections, free_port, server, wait_until
from websockets.sync.client import ClientConnection, connect

from alea.games.hotre.board import BOARD

WS_EXAMPLES = 150
FRAMES_PER_EXAMPLE = 50
HTTP_EXAMPLES = 150
REQUESTS_PER_EXAMPLE = 20
"""150 x 50 frames and 150 x 20 requests: 10,500 in all per run."""

pytestmark = pytest.mark.filterwarnings(
    # The WebSocket client masks its frames with the random module, which Hypothesis notices.
    "ignore::hypothesis.errors.HypothesisDeprecationWarning"
)

OPEN = [
    "--workers",
    "0",
    *(
        x
        for name in (
            "message_rate",
            "message_burst",
            "client_message_rate",
            "client_message_burst",
            "create_rate",
            "create_burst",
            "import_rate",
            "import_burst",
            "frame_rate",
            "frame_burst",
            "join_burst",
            "max_open_per_client",
            "max_open_games",
        )
        for x in ("--limit", f"{name}=1000000")
    ),
]

# -- JSON values of every shape -----------------------------------------------------------------

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=2**53, max_value=2**200)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=10,
)


def json_class(v: Any) -> str:
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    return type(v).__name__


def deep(depth: int, kind: str) -> str:
    if kind == "list":
        return "[" * depth + "]" * depth
    return '{"a":' * depth + "1" + "}" * depth


raw_text = st.one_of(
    st.text(max_size=40),
    st.builds(deep, st.integers(17, 1900), st.sampled_from(["list", "dict"])),
    st.integers(20, 4000).map(lambda n: '{"type": "act", "seq": ' + "9" * n + "}"),
    st.integers(4400, 6000).map(lambda n: '{"type": "act", "i": ' + "7" * n + "}"),
    st.sampled_from(
        [
            '{"type": "act", "i": NaN}',
            '{"type": "act", "seq": Infinity}',
            '{"type": "act", "i": 1e400}',
            '{"type": "act", "i": -1e999}',
            "[1, 2, 3]",
            '"hello"',
            "null",
            "",
            "{",
            '{"type": "hello"',
        ]
    ),
    st.integers(4097, 30000).map(lambda n: "x" * n),
)


def not_a_choice(v: Any) -> bool:
    return not (isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10_000)


@st.composite
def mutated_action(draw: st.DrawFn, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A legal action with one field replaced by a value of another JSON type."""
    action = dict(draw(st.sampled_from(legal)))
    fields = [k for k in action if k != "type"]
    if not fields:
        return {"type": draw(values.filter(lambda v: not isinstance(v, str)))}
    key = draw(st.sampled_from(fields))
    old = json_class(action[key])
    action[key] = draw(values.filter(lambda v: json_class(v) != old))
    return action


def act_frames(legal: list[dict[str, Any]], hand: list[int]) -> st.SearchStrategy[Any]:
    plays = st.builds(
        lambda seat, card, target: {"type": "play", "seat": seat, "card": card, "target": target},
        st.integers(0, 1),
        st.integers(1, 60).filter(lambda c: c not in hand),
        st.integers(len(BOARD.areas), 44),
    )
    actions = st.one_of(
        mutated_action(legal) if legal else values,
        values.filter(lambda v: v is not None),
        st.fixed_dictionaries({"type": st.just("decide"), "verb": values}),
        plays,
    )
    return st.one_of(
        st.builds(lambda i: {"type": "act", "i": i}, values.filter(not_a_choice)),
        st.builds(lambda a: {"type": "act", "action": a}, actions),
        st.builds(lambda s, a: {"type": "act", "seq": s, "action": a}, values, actions),
        st.builds(lambda t: {"type": t}, values.filter(lambda v: v not in ("sync", "act"))),
        st.just({"type": "hello", "token": "again"}),
        st.just({"type": "act"}),
    )


def frames_for(legal: list[dict[str, Any]], hand: list[int]) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.binary(max_size=64),
        raw_text,
        act_frames(legal, hand).map(json.dumps),
        values.map(lambda v: json.dumps(v)),
    )


OVER_THE_NETWORK = settings(
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
    database=None,
    phases=[Phase.explicit, Phase.generate],  # shrinking over a network takes minutes
)
"""Hypothesis's settings for examples sent to the server: the same examples every run."""


# -- the server and its games ---------------------------------------------------------------------


class Seat:
    def __init__(self, ws: ClientConnection, view: dict[str, Any]) -> None:
        self.ws = ws
        self.view = view

    def next(self) -> dict[str, Any]:
        return json.loads(self.ws.recv(timeout=30))  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    tmp = tmp_path_factory.mktemp("fuzz")
    db = tmp / "alea.db"
    log = tmp / "server.log"
    port = free_port()
    with server(db, port, *OPEN, log=log) as proc:
        base = f"http://127.0.0.1:{port}"
        with httpx.Client(base_url=base, timeout=30) as http:
            conns: list[Seat] = []
            games = []
            for game in ("forum", "hotre"):
                r = http.post(
                    "/api/games",
                    json={"game": game, "players": 2, "seats": [{"kind": "human"}] * 2},
                )
                assert r.status_code == 201, r.text
                made = r.json()
                games.append(made["id"])
                url = f"ws://127.0.0.1:{port}/ws/{made['id']}"
                for token in [s["token"] for s in made["seats"]] + [None]:
                    ws = connect(url, max_size=2**24)
                    ws.send(json.dumps({"type": "hello", "token": token}))
                    seat = Seat(ws, {})
                    seat.view = seat.next()
                    conns.append(seat)
            # Let the opening chance events settle: each game waits for a person.
            for seat in conns:
                while seat.view["to_move"] < 0 and not seat.view["terminal"]:
                    seat.view = seat.next()
            yield {
                "http": http,
                "db": db,
                "log": log,
                "conns": conns,
                "games": games,
                "pid": proc.pid,
            }
            for seat in conns:
                seat.ws.close()


def moves(db: Path, games: list[str]) -> int:
    marks = ",".join("?" * len(games))
    with sqlite3.connect(db) as conn:
        q = f"SELECT count(*) FROM actions WHERE game_id IN ({marks})"
        return int(conn.execute(q, games).fetchone()[0])


def game_rows(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT count(*) FROM games").fetchone()[0])


# -- WebSocket frames ---------------------------------------------------------------------------


def test_no_websocket_frame_breaks_a_connection_or_moves_a_game(site: dict[str, Any]) -> None:
    conns: list[Seat] = site["conns"]
    before = moves(site["db"], site["games"])
    seqs = [c.view["seq"] for c in conns]
    strategies = []
    for c in conns:
        legal = [entry["action"] for entry in c.view.get("legal", [])]
        hands = c.view["observation"].get("hands")
        seat = c.view["seat"]
        hand = hands[seat] if seat is not None and isinstance(hands, list) else []
        hand = hand if isinstance(hand, list) else []
        strategies.append(frames_for(legal, [x for x in hand if isinstance(x, int)]))
    batch = st.lists(
        st.integers(0, len(conns) - 1).flatmap(lambda i: st.tuples(st.just(i), strategies[i])),
        min_size=FRAMES_PER_EXAMPLE,
        max_size=FRAMES_PER_EXAMPLE,
    )
    sent = [0]

    @settings(OVER_THE_NETWORK, max_examples=WS_EXAMPLES)
    @given(batch)
    def run(frames: list[tuple[int, Any]]) -> None:
        counts = [0] * len(conns)
        for i, payload in frames:
            conns[i].ws.send(payload)
            counts[i] += 1
        sent[0] += len(frames)
        for i, c in enumerate(conns):
            c.ws.send(json.dumps({"type": "sync"}))
            errors = 0
            while True:
                msg = c.next()
                if msg["type"] == "error":
                    assert isinstance(msg["message"], str)
                    assert msg["message"]
                    errors += 1
                    assert errors <= counts[i], f"more errors than frames: {msg}"
                elif msg["type"] == "view" and errors == counts[i]:
                    assert msg["seq"] == seqs[i], "an invalid frame changed the game"
                    break

    run()
    assert sent[0] >= WS_EXAMPLES * FRAMES_PER_EXAMPLE
    assert moves(site["db"], site["games"]) == before
    text = site["log"].read_text()
    assert "Traceback" not in text, text[-3000:]


# -- HTTP requests --------------------------------------------------------------------------------

TOKEN_CHARS = string.ascii_letters + string.digits + "-_"

SPECS = [
    "mcts:time=30",
    "mcts:time=inf",
    "mcts:time=nan",
    "mcts:time=1e308",
    "mcts:iterations=10000000000",
    "mcts:time=-1",
    "mcts:iterations=0",
    "mcts:c=nan",
    "mcts:rollout_depth=1e9",
    "heuristic:depth=3",
    "mcts:time",
    "random:x=1",
    "x" * 500,
]


@st.composite
def game_body(draw: st.DrawFn) -> Any:
    seats: Any = draw(
        st.one_of(
            st.lists(
                st.one_of(
                    st.builds(lambda s: {"kind": "bot", "agent": s}, st.sampled_from(SPECS)),
                    # Never a valid agent: a game of bots alone would play on and load the server.
                    st.builds(
                        lambda s: {"kind": "bot", "agent": s},
                        values.filter(lambda v: v is not None and not isinstance(v, str)),
                    ),
                    st.builds(lambda k: {"kind": k}, values),
                    values,
                ),
                min_size=1,
                max_size=5,
            ),
            values,
        )
    )
    body: dict[str, Any] = {"game": draw(st.sampled_from(["forum", "hotre", "triumvirate"]))}
    body["seats"] = seats
    if draw(st.booleans()):
        body["players"] = draw(values)
    if draw(st.booleans()):
        body["options"] = draw(values)
    if draw(st.booleans()):
        body["seed"] = draw(values)
    return body


@st.composite
def record_body(draw: st.DrawFn) -> Any:
    body: dict[str, Any] = {
        "format": "alea-record/1",
        "game": draw(st.sampled_from(["forum", "hotre", "triumvirate", "chess"])),
        "version": draw(st.one_of(st.just("1"), values)),
        "options": draw(st.one_of(st.just({}), values)),
        "seed": draw(values),
        "seats": draw(st.one_of(st.lists(st.integers(), max_size=4), values)),
        "actions": draw(st.one_of(st.lists(values, max_size=6), values)),
    }
    if draw(st.booleans()):
        body["secret"] = draw(st.one_of(st.text(max_size=80), values))
    return body


@st.composite
def request(draw: st.DrawFn, games: list[str]) -> tuple[str, str, bytes, dict[str, str]]:
    gid = draw(st.sampled_from(games))
    path = draw(
        st.sampled_from(
            [
                "/api/games",
                "/api/records",
                f"/api/games/{gid}/seats/0/bot",
                f"/api/games/{gid}/frames/K",
            ]
        )
    )
    if path.endswith("/K"):
        k = draw(st.one_of(st.integers(-10, 10**6), st.text(max_size=6), st.just("9" * 5000)))
        return "GET", path[:-1] + quote(str(k), safe=""), b"", {}
    if path == "/api/games":
        body = draw(st.one_of(game_body(), values))
    elif path == "/api/records":
        body = draw(st.one_of(record_body(), values))
    else:
        body = draw(st.one_of(st.builds(lambda a: {"agent": a}, st.sampled_from(SPECS)), values))
    raw = draw(
        st.one_of(
            st.just(json.dumps(body).encode()),
            st.builds(deep, st.integers(17, 3000), st.sampled_from(["list", "dict"])).map(
                str.encode
            ),
            st.just(b'{"game": "forum", "seed": ' + b"9" * 5000 + b"}"),
            st.binary(max_size=40),
        )
    )
    ctype = draw(
        st.sampled_from(
            ["application/json"] * 6 + ["text/plain", "", "application/x-www-form-urlencoded"]
        )
    )
    headers = {"Content-Type": ctype} if ctype else {}
    if draw(st.integers(0, 9)) == 0:
        headers["Origin"] = "https://elsewhere.example"
    if path.endswith("/bot"):
        headers["X-Alea-Token"] = draw(st.text(TOKEN_CHARS, max_size=30))
    return "POST", path, raw, headers


def test_no_http_request_gets_a_server_error_or_changes_state_when_refused(
    site: dict[str, Any],
) -> None:
    http: httpx.Client = site["http"]
    created = [game_rows(site["db"])]
    sent = [0]
    before = moves(site["db"], site["games"])

    @settings(OVER_THE_NETWORK, max_examples=HTTP_EXAMPLES)
    @given(
        st.lists(
            request(site["games"]), min_size=REQUESTS_PER_EXAMPLE, max_size=REQUESTS_PER_EXAMPLE
        )
    )
    def run(requests: list[tuple[str, str, bytes, dict[str, str]]]) -> None:
        for method, path, raw, headers in requests:
            r = http.request(method, path, content=raw or None, headers=headers)
            sent[0] += 1
            assert r.status_code < 500, (path, raw[:200], r.text)
            if r.status_code == 201:
                created[0] += 1
            elif r.status_code >= 400:
                detail = r.json()["detail"]
                assert isinstance(detail, str), r.text
                assert detail, r.text
            assert r.headers["x-content-type-options"] == "nosniff"

    run()
    assert sent[0] >= HTTP_EXAMPLES * REQUESTS_PER_EXAMPLE
    assert game_rows(site["db"]) == created[0]
    # Games of bots created by valid requests play on by themselves; the games of people
    # did not move.
    for c in site["conns"]:
        c.ws.send(json.dumps({"type": "sync"}))
        msg = c.next()
        while msg["type"] != "view":
            msg = c.next()
        assert msg["seq"] == c.view["seq"]
    assert moves(site["db"], site["games"]) == before
    text = site["log"].read_text()
    assert "Traceback" not in text, text[-3000:]


def test_clients_that_vanish_mid_message_leave_no_traceback(site: dict[str, Any]) -> None:
    """Connections that ask for views and drop without reading or closing cost no traceback."""
    import socket

    port = site["http"].base_url.port
    game = site["games"][1]
    held = connections(site["pid"], port)
    for _ in range(12):
        ws = connect(f"ws://127.0.0.1:{port}/ws/{game}", max_size=2**24)
        ws.send(json.dumps({"type": "hello"}))
        for _ in range(30):
            ws.send(json.dumps({"type": "sync"}))
        ws.socket.shutdown(socket.SHUT_RDWR)
        ws.socket.close()
    # Once the server has let go of every dropped connection, it has logged what it had to say.
    wait_until(
        lambda: connections(site["pid"], port) <= held,
        "the server to close the dropped connections",
    )
    r = site["http"].get(f"/api/games/{game}")
    assert r.status_code == 200
    text = site["log"].read_text()
    assert "Traceback" not in text, text[-3000:]
