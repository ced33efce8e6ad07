"""The web app end to end through its HTTP API and WebSockets (a real SQLite database)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from server_helpers import client, new_game, next_view, wait_for_turn

import alea
from alea.core.record import GameRecord


def play_to_end(ws, seat: int, view: dict, pick=lambda legal: 0) -> dict:  # type: ignore[no-untyped-def]
    while not view["terminal"]:
        if view["legal"] and view["seat"] == seat:
            ws.send_json({"type": "act", "seq": view["seq"], "i": pick(view["legal"])})
        view = wait_for_turn(ws, seat)
    return view


@pytest.mark.parametrize("game", ["triumvirate", "forum"])
def test_a_human_plays_a_whole_game_against_bots(tmp_path: Path, game: str) -> None:
    g = alea.load(game)
    seats = ["human"] + ["heuristic"] * (g.num_players - 1)
    with client(tmp_path / "a.db") as c:
        made = new_game(c, game, seats, seed=11)
        token = made["seats"][0]["token"]
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": token})
            view = next_view(ws)
            assert view["seat"] == 0
            assert view["svg"].startswith("<svg")
            first = wait_for_turn(ws, 0) if not view["legal"] else view
            final = play_to_end(ws, 0, first, pick=lambda legal: len(legal) - 1)
        assert final["terminal"]
        assert final["outcome"]
        summary = c.get(f"/api/games/{made['id']}").json()
        assert summary["status"] == "finished"
        record = c.get(f"/api/games/{made['id']}/record").json()
        state = alea.replay(GameRecord.from_json(record))
        assert state.is_terminal()
        assert len(record["actions"]) == final["seq"]


def test_views_carry_only_the_seats_observation(tmp_path: Path) -> None:
    with client(tmp_path / "b.db") as c:
        made = new_game(c, "forum", ["human", "human", "heuristic", "heuristic"], seed=5)
        t0 = made["seats"][0]["token"]
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": t0})
            view = next_view(ws)
            players = view["observation"]["players"]
            assert players[0]["sons"] is not None
            assert players[1]["sons"] is None
            assert view["seat"] == 0
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello"})
            view = next_view(ws)
            assert view["seat"] is None
            assert view["legal"] == []
            assert all(p["sons"] is None for p in view["observation"]["players"])
            text = json.dumps(view)
            assert t0 not in text


def test_bad_messages_get_errors_and_change_nothing(tmp_path: Path) -> None:
    with client(tmp_path / "c.db") as c:
        made = new_game(c, "triumvirate", ["human", "human", "human"], seed=3)
        tokens = [s["token"] for s in made["seats"]]
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": "not-a-token"})
            err = ws.receive_json()
            assert err["type"] == "error"
            assert "not valid" in err["message"]
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": tokens[0]})
            view = next_view(ws)
            while view["to_move"] < 0:  # the opening dice may still be rolling: let them settle
                view = next_view(ws)
            seq = view["seq"]
            mover = view["to_move"]
            ws.send_text("{not json")
            assert "JSON" in next_view(ws)["message"]
            ws.send_text("x" * 10_000)
            assert "too large" in next_view(ws)["message"]
            ws.send_json({"type": "act", "seq": seq, "i": 999})
            assert "no choice" in next_view(ws)["message"]
            ws.send_json({"type": "act", "seq": seq - 1 if seq else 99, "i": 0})
            stale = next_view(ws)
            assert stale["type"] == "error"
            assert stale.get("stale") is True
            assert next_view(ws)["seq"] == seq
            if mover != 0:
                ws.send_json(
                    {
                        "type": "act",
                        "seq": seq,
                        "action": {"type": "decide", "seat": mover, "verb": "roll"},
                    }
                )
                assert "not your turn" in next_view(ws)["message"]
            ws.send_json({"type": "act", "seq": seq, "action": {"type": "bogus"}})
            assert next_view(ws)["type"] == "error"
            ws.send_json({"type": "nonsense"})
            assert "unknown message" in next_view(ws)["message"]
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello"})
            view = next_view(ws)
            ws.send_json({"type": "act", "seq": view["seq"], "i": 0})
            assert "spectators cannot act" in next_view(ws)["message"]
        assert c.get(f"/api/games/{made['id']}").json()["moves"] == seq


def test_a_restarted_server_resumes_the_game_exactly(tmp_path: Path) -> None:
    db = tmp_path / "d.db"
    with client(db) as c:
        made = new_game(c, "forum", ["human", "heuristic", "heuristic"], players=3, seed=8)
        token = made["seats"][0]["token"]
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": token})
            view = wait_for_turn(ws, 0)
            for _ in range(5):
                ws.send_json({"type": "act", "seq": view["seq"], "i": len(view["legal"]) - 1})
                view = wait_for_turn(ws, 0)
            before = view
    with client(db) as c, c.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"type": "hello", "token": token})
        after = next_view(ws)
        assert after["seq"] == before["seq"]
        assert after["observation"] == before["observation"]
        assert after["legal"] == before["legal"]


def test_lobby_api_checks_its_input(tmp_path: Path) -> None:
    with client(tmp_path / "e.db") as c:
        assert c.post("/api/games", json={"game": "chess"}).status_code == 400
        bad = c.post("/api/games", json={"game": "forum", "players": 7, "seats": []})
        assert bad.status_code == 400
        assert "2 to 4" in bad.json()["detail"]
        seats = [{"kind": "human"}, {"kind": "bot", "agent": "nonsense"}, {"kind": "human"}]
        assert c.post("/api/games", json={"game": "triumvirate", "seats": seats}).status_code == 400
        json_type = {"Content-Type": "application/json"}
        assert c.post("/api/games", content=b"[1,2]", headers=json_type).status_code == 400
        assert c.post("/api/games", content=b"[1,2]").status_code == 415
        assert c.get("/api/games/nope").status_code == 404
        assert c.get("/api/games?status=weird").status_code == 400
        cat = c.get("/api/catalog").json()
        assert {g["id"] for g in cat["games"]} >= {"triumvirate", "forum"}
        assert "Forum" in c.get("/rules/forum").text
        assert c.get("/").status_code == 200
        assert c.get("/static/../app.py").status_code == 404


def test_records_import_and_replay_frames(tmp_path: Path) -> None:
    game = alea.load("forum", players=3)
    record = alea.play(game, [alea.agents.make("heuristic") for _ in range(3)], seed=4)
    with client(tmp_path / "f.db") as c:
        r = c.post("/api/records", json=record.to_json())
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
        n = len(record.actions)
        last = c.get(f"/api/games/{gid}/frames/{n}").json()
        assert last["outcome"]
        first = c.get(f"/api/games/{gid}/frames/0").json()
        assert first["k"] == 0
        assert c.get(f"/api/games/{gid}/frames/{n + 1}").status_code == 404
        exported = c.get(f"/api/games/{gid}/record").json()
        assert exported["actions"] == record.actions
        broken = record.to_json()
        broken["actions"] = [*broken["actions"][:-5], {"type": "nonsense"}]
        assert c.post("/api/records", json=broken).status_code == 400


def test_a_seat_can_be_handed_to_a_bot(tmp_path: Path) -> None:
    with client(tmp_path / "g.db") as c:
        made = new_game(c, "triumvirate", ["human", "heuristic", "heuristic"], seed=2)
        gid = made["id"]
        t0 = made["seats"][0]["token"]
        r = c.post(
            f"/api/games/{gid}/seats/0/bot",
            json={"agent": "heuristic"},
            headers={"X-Alea-Token": "wrong"},
        )
        assert r.status_code == 403
        r = c.post(
            f"/api/games/{gid}/seats/0/bot",
            json={"agent": "heuristic"},
            headers={"X-Alea-Token": t0},
        )
        assert r.status_code == 200
        with c.websocket_connect(f"/ws/{gid}") as ws:
            ws.send_json({"type": "hello"})
            view = wait_for_turn(ws, None, limit=100_000)
            assert view["terminal"]


def test_a_flood_of_messages_is_slowed_to_the_rate(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from alea.server.app import create_app

    app = create_app(f"sqlite:///{tmp_path / 'h.db'}", workers=0, rate=20.0, burst=5.0)
    with TestClient(app) as c:
        made = new_game(c, "triumvirate", ["human", "heuristic", "heuristic"])
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello"})
            view = next_view(ws)
            while view["to_move"] != 0:  # the bots' moves come first, a view each
                view = next_view(ws)
            start = time.monotonic()
            for _ in range(25):
                ws.send_json({"type": "sync"})
            for _ in range(25):
                assert next_view(ws)["type"] == "view"
            # 5 at once, then 20 more at 20 a second: at least about a second.
            assert time.monotonic() - start >= 0.9
