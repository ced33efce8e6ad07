"""What the server refuses and bounds: bot budgets, seeds, floods, cross-site requests, seats."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import (
    TEST_LIMITS,
    client,
    finished,
    free_port,
    new_game,
    next_view,
    post,
    server,
    wait_until,
)
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect as ws_connect

import alea
from alea.core.fairness import secret_from_seed
from alea.server.app import create_app
from alea.server.bots import FairPool
from alea.server.limits import Limits, check_agent
from alea.server.store import Store


def next_error(ws: Any) -> dict[str, Any]:
    """The next error message, past any views."""
    for _ in range(10_000):
        msg = ws.receive_json()
        if msg["type"] == "error":
            return msg  # type: ignore[no-any-return]
    raise AssertionError("no error came")


UNBOUNDED = [
    "mcts:time=30",
    "mcts:time=inf",
    "mcts:time=nan",
    "mcts:time=1e308",
    "mcts:time=0",
    "mcts:iterations=10000000000",
    "mcts:iterations=1e6",
    "mcts:c=nan",
    "mcts:rollout_depth=100000",
    "heuristic:depth=2",
    "mcts:time",
]


@pytest.mark.parametrize("spec", UNBOUNDED)
def test_unbounded_or_malformed_bots_are_refused_with_a_reason(spec: str) -> None:
    with pytest.raises(ValueError, match=r"mcts|agent|heuristic") as err:
        check_agent(spec, Limits())
    assert len(str(err.value)) < 200


def test_a_bot_style_is_refused_as_no_parameter_of_the_server() -> None:
    # A style of the heuristic bot is for the command line; the lobby offers the levels.
    with pytest.raises(ValueError, match="heuristic takes no parameter 'collect' on this server"):
        check_agent("heuristic:collect=1", Limits())


def test_bot_bounds_are_the_operators_to_set() -> None:
    assert check_agent("mcts:time=10", Limits()) == "mcts:time=10"
    assert check_agent("mcts:iterations=1000000", Limits()) == "mcts:iterations=1000000"
    assert check_agent(None, Limits()) == "heuristic"
    wide = Limits().replace(bot_time="30", bot_iterations="20000000")
    assert check_agent("mcts:time=30", wide) == "mcts:time=30"
    assert check_agent("mcts:iterations=10000000", wide)
    with pytest.raises(ValueError, match="no limit"):
        Limits().replace(bot_speed=1)
    with pytest.raises(ValueError, match="finite"):
        Limits().replace(bot_time="inf")


def test_the_api_refuses_unbounded_bots_in_new_games_and_hand_overs(tmp_path: Path) -> None:
    with client(tmp_path / "a.db") as c:
        for spec in ("mcts:time=inf", "mcts:time=30", "mcts:iterations=10000000000"):
            seats = [{"kind": "human"}, {"kind": "bot", "agent": spec}]
            r = c.post("/api/games", json={"game": "forum", "players": 2, "seats": seats})
            assert r.status_code == 400
            assert "seat 2" in r.json()["detail"]
        made = new_game(c, "forum", ["human", "heuristic"], players=2)
        r = c.post(
            f"/api/games/{made['id']}/seats/0/bot",
            json={"agent": "mcts:time=nan"},
            headers={"X-Alea-Token": made["host_token"]},
        )
        assert r.status_code == 400
        assert "time" in r.json()["detail"]


def test_a_chosen_seed_is_refused_for_a_game_with_a_human(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'b.db'}", workers=0)
    with TestClient(app) as c:
        seats = [{"kind": "human"}, {"kind": "bot", "agent": "random"}]
        r = c.post("/api/games", json={"game": "forum", "players": 2, "seats": seats, "seed": 3})
        assert r.status_code == 400
        assert "seed" in r.json()["detail"]
        bots = [{"kind": "bot", "agent": "random"}] * 2
        ids = []
        for _ in range(2):
            r = c.post(
                "/api/games",
                json={
                    "game": "forum",
                    "players": 2,
                    "seats": bots,
                    "seed": 3,
                    "options": {"max_turns": 3},
                },
            )
            assert r.status_code == 201, r.text
            ids.append(r.json()["id"])
        records = []
        for gid in ids:
            wait_until(lambda: finished(c, gid), f"the bots to finish game {gid}")  # noqa: B023
            records.append(c.get(f"/api/games/{gid}/record").json())
        # A fixed seed still plays the same game (bots alone, the lab, tests).
        assert records[0]["actions"] == records[1]["actions"]
        assert records[0]["secret"] == secret_from_seed(3)


def test_json_endpoints_refuse_other_content_types_and_other_sites(tmp_path: Path) -> None:
    with client(tmp_path / "c.db") as c:
        body = json.dumps({"game": "forum", "players": 2, "seats": [{"kind": "human"}] * 2})
        r = c.post("/api/games", content=body, headers={"Content-Type": "text/plain"})
        assert r.status_code == 415
        r = c.post("/api/records", content=body, headers={"Content-Type": "text/plain"})
        assert r.status_code == 415
        r = c.post(
            "/api/games",
            content=body,
            headers={"Content-Type": "application/json", "Origin": "https://evil.example"},
        )
        assert r.status_code == 403
        r = c.post(
            "/api/games",
            content=body,
            headers={"Content-Type": "application/json", "Origin": "http://testserver"},
        )
        assert r.status_code == 201
        with c.websocket_connect(
            f"/ws/{r.json()['id']}", headers={"Origin": "https://evil.example"}
        ) as ws:
            assert "another site" in ws.receive_json()["message"]


@pytest.mark.parametrize("path", ["/", "/play/x", "/replay/x", "/rules/forum", "/api/catalog"])
def test_pages_send_the_security_headers(tmp_path: Path, path: str) -> None:
    with client(tmp_path / "d.db") as c:
        r = c.get(path)
        csp = r.headers["content-security-policy"]
        assert "script-src 'self'" in csp
        assert "frame-ancestors 'none'" in csp
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["x-content-type-options"] == "nosniff"


def test_the_pages_have_no_inline_script_or_style() -> None:
    from alea.server.pages import page_html

    for name in ("lobby", "my", "play", "replay"):
        text = page_html(name)
        assert "<style" not in text
        assert " style=" not in text
        assert " on" not in text.replace(" one", "").replace(" only", "")
        for line in text.splitlines():
            if "<script" in line:
                assert 'src="/static/' in line, line


def test_game_creation_is_rate_limited_and_capped_per_client(tmp_path: Path) -> None:
    limits = Limits(create_rate=0.001, create_burst=3, max_open_per_client=100)
    with client(tmp_path / "e.db", limits=limits) as c:
        body = {"game": "forum", "players": 2, "seats": [{"kind": "human"}] * 2}
        codes = [c.post("/api/games", json=body).status_code for _ in range(5)]
        assert codes == [201, 201, 201, 429, 429]
    limits = Limits(create_burst=100, max_open_per_client=2, max_open_games=100)
    with client(tmp_path / "f.db", limits=limits) as c:
        codes = [c.post("/api/games", json=body).status_code for _ in range(3)]
        assert codes == [201, 201, 429]
    limits = Limits(create_burst=100, max_open_per_client=100, max_open_games=2)
    with client(tmp_path / "g.db", limits=limits) as c:
        codes = [c.post("/api/games", json=body).status_code for _ in range(3)]
        assert codes == [201, 201, 503]


def test_connections_are_capped_per_seat_and_per_client(tmp_path: Path) -> None:
    limits = Limits(fixed_seeds=True, max_connections_per_seat=1, max_connections_per_client=3)
    with client(tmp_path / "h.db", limits=limits) as c:
        made = new_game(c, "forum", ["human", "human"], players=2)
        token = made["seats"][0]["token"]
        url = f"/ws/{made['id']}"
        with c.websocket_connect(url) as one, c.websocket_connect(url) as two:
            one.send_json({"type": "hello", "token": token})
            assert next_view(one)["seat"] == 0
            two.send_json({"type": "hello", "token": token})
            assert "open in 1 places" in next_view(two)["message"]
            two.send_json({"type": "hello"})  # the connection stays open: it may watch
            assert next_view(two)["seat"] is None
            with c.websocket_connect(url) as three:
                three.send_json({"type": "hello"})
                assert next_view(three)["type"] == "view"
                with c.websocket_connect(url) as four:
                    assert "too many connections" in four.receive_json()["message"]
                    with pytest.raises(WebSocketDisconnect):
                        four.receive_json()


def test_handing_a_seat_to_a_bot_revokes_its_link_at_once(tmp_path: Path) -> None:
    with client(tmp_path / "i.db") as c:
        made = new_game(c, "forum", ["human", "human"], players=2, options={"max_turns": 4})
        gid = made["id"]
        tokens = [s["token"] for s in made["seats"]]
        with c.websocket_connect(f"/ws/{gid}") as ws:
            ws.send_json({"type": "hello", "token": tokens[0]})
            view = next_view(ws)
            r = c.post(
                f"/api/games/{gid}/seats/0/bot",
                json={"agent": "random"},
                headers={"X-Alea-Token": made["host_token"]},
            )
            assert r.status_code == 200
            seq = view["seq"]
            while view["type"] != "view" or view["seat"] is not None:
                view = next_view(ws)
            ws.send_json({"type": "act", "i": 0})
            assert "only watches" in next_error(ws)["message"]
            ws.send_json({"type": "act", "action": {"type": "decide", "seat": 0, "verb": "x"}})
            assert "only watches" in next_error(ws)["message"]
        with c.websocket_connect(f"/ws/{gid}") as ws:
            ws.send_json({"type": "hello", "token": tokens[0]})
            assert "not valid" in next_view(ws)["message"]
        r = c.post(
            f"/api/games/{gid}/seats/0/bot",
            json={"agent": "random"},
            headers={"X-Alea-Token": tokens[0]},
        )
        assert r.status_code == 403
        assert seq >= 0


def test_a_record_imported_again_is_stored_once_and_imports_are_rate_limited(
    tmp_path: Path,
) -> None:
    record = alea.play(
        alea.load("forum", players=2, max_turns=3),
        [alea.agents.make("random"), alea.agents.make("random")],
        seed=5,
    )
    limits = Limits(import_rate=0.001, import_burst=3)
    with client(tmp_path / "j.db", limits=limits) as c:
        first = c.post("/api/records", json=record.to_json())
        again = c.post("/api/records", json=record.to_json())
        assert first.status_code == 201
        assert again.status_code == 200
        assert again.json()["id"] == first.json()["id"]
        assert len(c.get("/api/games?status=finished").json()["games"]) == 1
        assert c.post("/api/records", json=record.to_json()).status_code == 200
        assert c.post("/api/records", json=record.to_json()).status_code == 429
    # Seats written as anything but objects are read as bots, not a server error.
    with client(tmp_path / "k.db") as c:
        r = c.post("/api/records", json={**record.to_json(), "seats": [1, 2]})
        assert r.status_code == 201, r.text


def test_idle_games_expire_and_unused_rooms_leave_memory(tmp_path: Path) -> None:
    limits = Limits(fixed_seeds=True, open_ttl=0, idle_ttl=3600, room_ttl=0, sweep_every=3600)
    app = create_app(f"sqlite:///{tmp_path / 'l.db'}", workers=0, limits=limits)
    with TestClient(app) as c:
        waiting = new_game(c, "forum", ["human", "human"], players=2)
        bots = new_game(c, "forum", ["random", "random"], players=2, options={"max_turns": 3})
        wait_until(lambda: finished(c, bots["id"]), "the bots to finish their game")
        hub = app.state.hub
        expired, evicted = c.portal.call(hub.sweep)  # type: ignore[union-attr]
        assert expired == 1
        assert evicted >= 1
        assert bots["id"] not in hub.rooms
        assert c.get(f"/api/games/{waiting['id']}").json()["status"] == "expired"
        with c.websocket_connect(f"/ws/{waiting['id']}") as ws:
            ws.send_json({"type": "hello", "token": waiting["seats"][0]["token"]})
            view = next_view(ws)
            assert view["status"] == "expired"
            ws.send_json({"type": "act", "i": 0})
            assert next_view(ws)["type"] == "error"
        # A finished game's replay still loads on demand.
        assert c.get(f"/api/games/{bots['id']}/frames/1").status_code == 200


def test_a_restart_loads_no_game_until_it_is_opened_but_bots_play_on(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    store = Store(f"sqlite:///{db}")
    game = alea.load("forum", players=2, max_turns=3)
    seats = [{"name": n, "kind": "bot", "agent": "random"} for n in game.player_names]
    store.create_game(
        "botsalone",
        "forum",
        dict(game.options),
        seats,
        None,
        game.version,
        {},
        "h",
        status="running",
        secret=secret_from_seed(9),
    )
    store.create_game(
        "people",
        "forum",
        dict(game.options),
        [{**s, "kind": "human"} for s in seats],
        None,
        game.version,
        {0: "x"},
        "h",
        status="running",
        secret=secret_from_seed(10),
    )
    store.engine.dispose()
    app = create_app(f"sqlite:///{db}", workers=0, limits=TEST_LIMITS)
    with TestClient(app) as c:
        hub = app.state.hub
        wait_until(lambda: finished(c, "botsalone"), "the bots to finish their game on restart")
        assert "people" not in hub.rooms
        with c.websocket_connect("/ws/people") as ws:
            ws.send_json({"type": "hello"})
            view = next_view(ws)
            assert view["type"] == "view"
        assert "people" in hub.rooms


def test_searches_take_fair_turns_and_bots_alone_leave_a_worker_free() -> None:
    async def scenario() -> list[str]:
        release = threading.Event()
        order: list[str] = []

        def job(name: str) -> str:
            order.append(name)
            if name.startswith("bots"):
                release.wait(10)
            return name

        with ThreadPoolExecutor(2) as executor:
            pool = FairPool(executor, 2)
            a = asyncio.create_task(pool.run("bots-a", False, job, "bots-a"))
            b = asyncio.create_task(pool.run("bots-b", False, job, "bots-b"))
            await asyncio.sleep(0.2)
            # One game of bots thinks; the other waits, keeping a worker for people.
            assert order == ["bots-a"]
            assert await asyncio.wait_for(pool.run("people", True, job, "people"), 5) == "people"
            release.set()
            assert await a == "bots-a"
            assert await b == "bots-b"
        return order

    assert asyncio.run(scenario()) == ["bots-a", "people", "bots-b"]


def test_malformed_actions_of_every_shape_get_an_error_and_the_connection_lives(
    tmp_path: Path,
) -> None:
    with client(tmp_path / "n.db") as c:
        for game, bad in (
            ("forum", {"type": "decide", "verb": []}),
            ("forum", {"type": "decide", "verb": {"a": 1}, "seat": 0}),
            ("hotre", {"type": "decide", "verb": [], "seat": 0}),
            ("hotre", {"type": "play", "seat": 0, "card": 1, "target": 40}),
        ):
            made = new_game(c, game, ["human", "human"], players=2)
            with c.websocket_connect(f"/ws/{made['id']}") as ws:
                token = made["seats"][0]["token"]
                ws.send_json({"type": "hello", "token": token})
                view = next_view(ws)
                while view["to_move"] < 0:  # the opening chance events
                    view = next_view(ws)
                for msg in ({"type": "act", "action": bad}, {"type": "act", "i": []}):
                    ws.send_json(msg)
                    assert next_error(ws)["message"]
                ws.send_bytes(b"\x00\x01")
                assert "binary" in next_error(ws)["message"]
                ws.send_text("[" * 1500 + "]" * 1500)
                assert "deeply" in next_error(ws)["message"]
                ws.send_text('{"type": "act", "seq": ' + "9" * 4000 + "}")
                assert "number" in next_error(ws)["message"]
                ws.send_json({"type": "sync"})
                assert next_view(ws)["seq"] == view["seq"]


def test_http_bodies_of_any_shape_get_a_4xx_with_a_sentence(tmp_path: Path) -> None:
    json_type = {"Content-Type": "application/json"}
    with client(tmp_path / "o.db") as c:
        for path in ("/api/games", "/api/records"):
            for raw in (
                "[" * 5000 + "]" * 5000,
                '{"game": "forum", "seed": ' + "9" * 5000 + "}",
                '{"game": "forum", "players": 1e999}',
                '{"game": "forum", "players": NaN}',
                '{"game": "forum", "players": [], "seats": []}',
                '{"game": ["forum"]}',
            ):
                r = c.post(path, content=raw, headers=json_type)
                assert 400 <= r.status_code < 500, (path, raw[:40], r.text)
                assert isinstance(r.json()["detail"], str)
        r = c.get("/api/games/x/frames/" + "9" * 5000)
        assert r.status_code == 400
        assert isinstance(r.json()["detail"], str)


def test_the_secret_stays_on_the_server_until_the_end_and_then_proves_the_dice(
    tmp_path: Path,
) -> None:
    """Nothing public while the game runs holds the secret; the final record verifies."""
    import sqlite3

    from alea.core.fairness import chance_rng, verify_record
    from alea.core.record import GameRecord

    db = tmp_path / "p.db"
    with client(db, limits=Limits()) as c:
        made = new_game(c, "forum", ["human", "random"], players=2, options={"max_turns": 3})
        gid = made["id"]
        with sqlite3.connect(db) as conn:
            secret, seed = conn.execute(
                "SELECT secret, seed FROM games WHERE id = ?", (gid,)
            ).fetchone()
        assert seed is None
        assert len(secret) == 64
        public: list[str] = [json.dumps(made)]
        midway = False
        with c.websocket_connect(f"/ws/{gid}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
            while True:
                raw = ws.receive_text()
                public.append(raw)
                msg = json.loads(raw)
                if msg["type"] != "view":
                    continue
                if msg["seq"] > 2 and not msg["terminal"] and not midway:
                    midway = True
                    public.append(c.get(f"/api/games/{gid}").text)
                    public.append(c.get("/api/games").text)
                    public.append(c.get(f"/api/games/{gid}/frames/2").text)
                    refused = c.get(f"/api/games/{gid}/record")
                    assert refused.status_code == 409
                if msg["terminal"]:
                    break
                if msg["legal"] and msg["seat"] == 0:
                    ws.send_json({"type": "act", "seq": msg["seq"], "i": 0})
        assert midway
        for text in public:
            assert secret not in text
            assert '"secret"' not in text
        exported = c.get(f"/api/games/{gid}/record").json()
    assert exported["secret"] == secret
    record = GameRecord.from_json(exported)
    assert verify_record(record) >= 2
    # The rolls are those of the HMAC of the secret; the public record of a running game,
    # which holds no secret, leaves 2^256 secrets to try for the next roll.
    game = alea.load(record.game, **record.options)
    state = game.new_initial_state()
    for i, data in enumerate(record.actions):
        if state.is_chance_node():
            assert state.sample_chance(chance_rng(secret, i)).to_json() == data
        state.apply_action(game.action_from_json(data))


def test_replay_frames_are_rate_limited_per_client_and_match_the_replay(tmp_path: Path) -> None:
    from alea.server.rooms import board_svg

    record = alea.play(
        alea.load("forum", players=2, max_turns=3),
        [alea.agents.make("random"), alea.agents.make("random")],
        seed=6,
    )
    limits = Limits(frame_rate=0.001, frame_burst=40, import_burst=10)
    with client(tmp_path / "q.db", limits=limits) as c:
        gid = c.post("/api/records", json=record.to_json()).json()["id"]
        n = len(record.actions)
        ks = [min(n, k * 7) for k in range(40)]
        for k in ks:
            frame = c.get(f"/api/games/{gid}/frames/{k}").json()
            state = alea.replay(record, upto=k)
            assert frame["svg"] == board_svg("forum", state.observation(None))
        r = c.get(f"/api/games/{gid}/frames/0")
        assert r.status_code == 429
        assert "frames" in r.json()["detail"]


HUMAN = {"kind": "human"}


def _view(ws: Any) -> dict[str, Any]:
    while True:
        msg = json.loads(ws.recv(timeout=30))
        if msg["type"] in ("view", "error"):
            return msg  # type: ignore[no-any-return]


def _read_until_closed(ws: Any) -> None:
    for _ in range(100):
        ws.recv(timeout=30)


def _settled_view(ws: Any) -> dict[str, Any]:
    """Say hello on ``ws``; its view once the opening dice and cards are played."""
    ws.send(json.dumps({"type": "hello"}))
    view = _view(ws)
    while view["to_move"] < 0:  # the opening dice and cards send views of their own
        view = _view(ws)
    return view


@contextmanager
def _two_connections(port: int) -> Iterator[tuple[Any, Any]]:
    """Two connections to a new two-seat Forum game of people on the server at ``port``."""
    made = post(port, "/api/games", {"game": "forum", "players": 2, "seats": [HUMAN, HUMAN]})
    url = f"ws://127.0.0.1:{port}/ws/{made['id']}"
    with ws_connect(url, max_size=2**24) as one, ws_connect(url, max_size=2**24) as two:
        yield one, two


def test_a_frame_over_the_limit_closes_only_its_connection_with_1009(tmp_path: Path) -> None:
    port = free_port()
    with (
        server(tmp_path / "f.db", port, "--limit", "max_frame=8192"),
        _two_connections(port) as (watcher, big),
    ):
        seq = _settled_view(watcher)["seq"]
        _settled_view(big)
        big.send(json.dumps({"type": "chat", "text": "x" * 20_000}))
        with pytest.raises(ConnectionClosed) as closed:
            _read_until_closed(big)
        # The server closes with 1009 (message too big). The rest of the frame is still
        # unread on its side, so its socket may reset the connection before the close
        # frame reaches the client: then the client sees no code at all, never another.
        if closed.value.rcvd is not None:
            assert closed.value.rcvd.code == 1009
        # The other connection lives on, and nothing changed.
        watcher.send(json.dumps({"type": "sync"}))
        assert _view(watcher)["seq"] == seq


def test_messages_are_limited_per_client_over_all_its_connections(tmp_path: Path) -> None:
    port = free_port()
    limits = ("message_rate=1000", "message_burst=1000")
    client_limits = ("client_message_rate=10", "client_message_burst=2")
    args = [x for limit in (*limits, *client_limits) for x in ("--limit", limit)]
    with server(tmp_path / "m.db", port, *args), _two_connections(port) as (one, two):
        for ws in (one, two):
            _settled_view(ws)
        start = time.monotonic()
        for _ in range(8):
            for ws in (one, two):
                ws.send(json.dumps({"type": "sync"}))
        answers = [_view(ws) for _ in range(8) for ws in (one, two)]
        took = time.monotonic() - start
        # Sixteen messages at ten a second, after at most a burst of two: each is answered,
        # none dropped, and together they took at least 1.4 seconds.
        assert all(a["type"] == "view" for a in answers)
        assert took >= 1.4, f"sixteen messages from one client went through in {took:.2f} s"
