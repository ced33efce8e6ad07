"""Meeting in the lobby: open seats, joining them, and games waiting for their players."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from server_helpers import TEST_LIMITS, client, next_view


def open_game(c, seats: list[dict], **extra):  # type: ignore[no-untyped-def]
    r = c.post("/api/games", json={"game": "forum", "players": 2, "seats": seats, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def status(c, game_id: str) -> str:  # type: ignore[no-untyped-def]
    return str(c.get(f"/api/games/{game_id}").json()["status"])


def test_an_open_seat_is_listed_joined_once_and_its_token_never_reaches_the_creator(
    tmp_path: Path,
) -> None:
    with client(tmp_path / "a.db") as c:
        made = open_game(c, [{"kind": "human", "player": "Ann"}, {"kind": "human", "open": True}])
        assert made["seats"][1]["open"] is True
        assert made["seats"][1]["token"] is None
        assert made["seats"][1]["link"] is None
        waiting = c.get("/api/games?status=open").json()["games"]
        assert [g["id"] for g in waiting] == [made["id"]]
        assert [s["open"] for s in waiting[0]["seats"]] == [False, True]
        assert waiting[0]["seats"][0]["player"] == "Ann"
        assert c.get("/api/games?status=running").json()["games"] == []
        # The creator connects: nothing is played while the open seat waits for its player.
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
            first = next_view(ws)
            assert first["seq"] == 0
            assert first["seats"][1]["open"] is True
            assert status(c, made["id"]) == "open"
            ws.send_json({"type": "act", "i": 0})
            refused = next_view(ws)
            assert refused["type"] == "error"
            assert "open seat" in refused["message"]
            # Bad joins say what was wrong and leave the seat open.
            bad = c.post(f"/api/games/{made['id']}/seats/1/join", json={"name": "x" * 41})
            assert bad.status_code == 400
            assert "at most 40 characters" in bad.json()["detail"]
            bad = c.post(f"/api/games/{made['id']}/seats/0/join", json={})
            assert bad.status_code == 409
            assert "not open" in bad.json()["detail"]
            bad = c.post(f"/api/games/{made['id']}/seats/7/join", json={})
            assert bad.status_code == 404
            bad = c.post(f"/api/games/{made['id']}/seats/1/join", data="x")  # type: ignore[arg-type]
            assert bad.status_code == 415
            assert status(c, made["id"]) == "open"
            joined = c.post(f"/api/games/{made['id']}/seats/1/join", json={"name": " Bo  b "})
            assert joined.status_code == 200, joined.text
            seat = joined.json()
            assert seat["player"] == "Bo b"
            assert seat["link"] == f"/play/{made['id']}#{seat['token']}"
            # The creator's screen hears that the seat is taken, and the game starts.
            for _ in range(50):
                view = next_view(ws)
                if not view["seats"][1]["open"]:
                    break
            assert view["seats"][1]["player"] == "Bo b"
        again = c.post(f"/api/games/{made['id']}/seats/1/join", json={"name": "Eve"})
        assert again.status_code == 409
        assert "not open" in again.json()["detail"]
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": seat["token"]})
            assert next_view(ws)["seat"] == 1
        assert status(c, made["id"]) == "running"
        assert c.get("/api/games?status=open").json()["games"] == []


def test_a_game_is_waiting_until_each_invited_player_has_come(tmp_path: Path) -> None:
    with client(tmp_path / "b.db") as c:
        made = open_game(c, [{"kind": "human"}, {"kind": "human"}], seed=4)
        tokens = [s["token"] for s in made["seats"]]
        for k, token in enumerate(tokens):
            assert status(c, made["id"]) == "open"
            with c.websocket_connect(f"/ws/{made['id']}") as ws:
                ws.send_json({"type": "hello", "token": token})
                assert next_view(ws)["seat"] == k
        assert status(c, made["id"]) == "running"


def test_bad_open_seats_are_refused_with_a_reason(tmp_path: Path) -> None:
    with client(tmp_path / "c.db") as c:
        for seat, words in (
            ({"kind": "human", "open": "yes"}, "'open' is true or false"),
            ({"kind": "human", "open": True, "player": "Al"}, "from who joins"),
            ({"kind": "human", "player": 5}, "name is text"),
            ({"kind": "human", "player": "a\x00b"}, "control characters"),
        ):
            r = c.post(
                "/api/games",
                json={"game": "forum", "players": 2, "seats": [seat, {"kind": "human"}]},
            )
            assert r.status_code == 400
            assert words in r.json()["detail"]
        assert c.get("/api/games").json()["games"] == []


def test_taking_seats_is_rate_limited_per_client(tmp_path: Path) -> None:
    limits = dataclasses.replace(TEST_LIMITS, seat_rate=0.001, seat_burst=2)
    with client(tmp_path / "d.db", limits=limits) as c:
        codes = []
        for _ in range(3):
            made = open_game(
                c, [{"kind": "human", "open": True}, {"kind": "bot", "agent": "random"}]
            )
            codes.append(c.post(f"/api/games/{made['id']}/seats/0/join", json={}).status_code)
        assert codes == [200, 200, 429]
        refused = c.get(f"/api/games/{made['id']}").json()
        assert refused["seats"][0]["open"] is True  # the refused join took nothing


def test_a_players_games_are_summarised_with_whose_turn_it_is(tmp_path: Path) -> None:
    with client(tmp_path / "e.db") as c:
        made = open_game(c, [{"kind": "human"}, {"kind": "bot", "agent": "random"}], seed=5)
        waiting = open_game(c, [{"kind": "human"}, {"kind": "human", "open": True}])
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
            view = next_view(ws)
            while not view["legal"]:
                view = next_view(ws)
        ids = f"{waiting['id']},nosuchgame,{made['id']}"
        games = c.get(f"/api/games?ids={ids}").json()["games"]
        assert [g["id"] for g in games] == [waiting["id"], made["id"]]
        assert games[0]["to_move"] is None  # nothing played while a seat is open
        assert games[1]["to_move"] == 0
        assert games[1]["moves"] == view["seq"]
        too_many = ",".join(f"g{k}" for k in range(201))
        r = c.get(f"/api/games?ids={too_many}")
        assert r.status_code == 400
        assert "at most 200 games" in r.json()["detail"]
        assert c.get(f"/api/games?ids={'x' * 40}").status_code == 400
        assert c.get("/api/games?ids=a&status=open").status_code == 400
