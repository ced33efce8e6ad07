"""Time controls: the server's clocks, shown to everyone, running on through a restart."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from server_helpers import client, wait_until

BOTS = [{"kind": "bot", "agent": "heuristic"}] * 2


def make(c: Any, clock: dict[str, Any], on_timeout: str = "bot") -> dict[str, Any]:
    r = c.post(
        "/api/games",
        json={
            "game": "triumvirate",
            "seed": 6,
            "seats": [{"kind": "human"}, *BOTS],
            "clock": clock,
            "on_timeout": on_timeout,
        },
    )
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def until(ws: Any, test: Any, limit: int = 2000) -> dict[str, Any]:
    for _ in range(limit):
        msg = ws.receive_json()
        if msg["type"] == "view" and test(msg):
            return msg  # type: ignore[no-any-return]
    raise AssertionError("the view never came")


def my_turn(m: dict[str, Any]) -> bool:
    return bool(m["legal"])


def test_a_bot_stands_in_when_the_clock_runs_out_and_the_player_takes_the_seat_back(
    tmp_path: Path,
) -> None:
    with client(tmp_path / "a.db") as c:
        # Five seconds: the view of the turn may be drawn a while after the turn began on a
        # loaded machine, and it must still show time left.
        made = make(c, {"kind": "realtime", "base": 5, "increment": 0})
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
            turn = until(ws, my_turn)
            assert turn["clock"]["running"] == 0
            assert 0 < turn["clock"]["left"][0] <= 5
            late = until(ws, lambda m: m["seats"][0]["stand_in"])
            assert late["seats"][0]["kind"] == "bot"
            assert late["legal"] == []
            assert late["clock"]["left"][0] == 0
            ws.send_json({"type": "reclaim"})
            back = until(ws, lambda m: m["seats"][0]["kind"] == "human")
            assert back["seat"] == 0
            assert not back["seats"][0]["stand_in"]
            assert back["clock"]["left"][0] > 50  # the time of a move to go on with
            ws.send_json({"type": "reclaim"})
            refusal = ws.receive_json()
            while refusal["type"] != "error":
                refusal = ws.receive_json()
            assert "yours already" in refusal["message"]


def test_a_seat_whose_time_runs_out_forfeits_when_the_game_says_so(tmp_path: Path) -> None:
    with client(tmp_path / "b.db") as c:
        made = make(c, {"kind": "move", "per_move": 1}, on_timeout="forfeit")
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
            turn = until(ws, my_turn)
            gone = until(ws, lambda m: m["seats"][0]["forfeited"])
            assert gone["seat"] is None  # the link only watches now
            # The bot plays the seat from now on: the game moves on past its decision.
            until(ws, lambda m: m["seq"] > turn["seq"])
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
            assert "not valid" in ws.receive_json()["message"]


def test_the_clock_runs_on_through_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    with client(db) as c:
        made = make(c, {"kind": "realtime", "base": 600, "increment": 5})
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
            first = until(ws, my_turn)["clock"]["left"][0]
    time.sleep(1.2)
    with client(db) as c:
        assert c.get(f"/api/games/{made['id']}").json()["clock"]["base"] == 600
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
            view = until(ws, my_turn)
            assert view["clock"]["running"] == 0
            assert view["clock"]["left"][0] <= first - 1.0


def test_a_clock_that_ran_out_while_the_server_was_down_is_settled_by_the_sweep(
    tmp_path: Path,
) -> None:
    db = tmp_path / "d.db"
    with client(db) as c:
        made = make(c, {"kind": "realtime", "base": 1})
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
            until(ws, my_turn)
    time.sleep(1.5)
    with client(db) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        assert made["id"] not in hub.rooms
        c.portal.call(hub.sweep)  # type: ignore[union-attr]
        wait_until(
            lambda: c.get(f"/api/games/{made['id']}").json()["seats"][0]["stand_in"],
            "the sweep to put a bot in the seat whose time ran out",
        )


def test_bad_time_controls_are_refused_with_a_reason(tmp_path: Path) -> None:
    with client(tmp_path / "e.db") as c:
        for clock, extra, words in (
            ({"kind": "blitz"}, {}, "kind is one of none, realtime, move"),
            ({"kind": "realtime"}, {}, "base is a number of seconds"),
            ({"kind": "realtime", "base": 0}, {}, "base is from 1"),
            ({"kind": "move", "per_move": float("1e12")}, {}, "per_move is from 1"),
            ({"kind": "move", "per_move": 60}, {"on_timeout": "resign"}, "on_timeout is one of"),
            ("fast", {}, "clock is an object"),
        ):
            body = {"game": "forum", "players": 2, "seats": [{"kind": "human"}] * 2}
            r = c.post("/api/games", json={**body, "clock": clock, **extra})
            assert r.status_code == 400, clock
            assert words in r.json()["detail"]
        assert c.get("/api/games").json()["games"] == []
