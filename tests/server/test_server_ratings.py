"""Ratings: who is rated in a finished game, in what order, and that each game counts once."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from server_helpers import client, new_game, next_view, wait_for_turn
from test_server_accounts import PASSWORD, register

from alea.server import accounts, ratings
from alea.server.store import Store


def human(account: int, name: str, **extra: Any) -> dict[str, Any]:
    return {"name": f"seat of {name}", "kind": "human", "player": name, "account": account, **extra}


def bot(agent: str, **extra: Any) -> dict[str, Any]:
    return {"name": f"seat of {agent}", "kind": "bot", "agent": agent, **extra}


def result(*returns: float) -> dict[str, Any]:
    return {"terminal": True, "returns": list(returns)}


def test_accounts_and_bots_of_a_level_are_rated_in_the_games_order() -> None:
    seats = [
        human(1, "Livia"),
        bot("hard"),
        {"name": "anonymous", "kind": "human", "player": "Ann"},
        bot("mcts:time=1"),
    ]
    assert ratings.standings(seats, result(0.0, 1.0, 0.0, 0.0)) == [
        ("account:1", "Livia", -0.0),
        ("bot:hard", "bot (hard)", -1.0),
    ]


@pytest.mark.parametrize(
    ("seats", "why"),
    [
        ([bot("easy"), bot("hard")], "bots alone"),
        ([human(1, "Livia"), {"name": "b", "kind": "human", "player": "Ann"}], "one rated seat"),
        ([human(1, "Livia"), human(1, "Livia")], "one account in two seats"),
        ([human(1, "Livia"), bot("random")], "a bot with no level"),
    ],
)
def test_games_without_two_rated_players_or_an_account_are_not_rated(
    seats: list[dict[str, Any]], why: str
) -> None:
    assert ratings.standings(seats, result(1.0, 0.0)) is None, why


def test_a_player_who_left_places_last_and_a_stand_in_keeps_its_players_place() -> None:
    gone = bot("heuristic", account=1, player="Livia", forfeited=True, left=True)
    standing_in = bot("heuristic", account=2, player="Octavia", stand_in=True)
    plan = ratings.standings([gone, standing_in, bot("easy")], result(1.0, 0.0, 0.0))
    assert plan is not None
    ranks = {key: rank for key, _, rank in plan}
    assert ranks["account:1"] > ranks["account:2"] == ranks["bot:easy"]


def finished_game(store: Store, game_id: str, seats: list[dict[str, Any]], *returns: float) -> None:
    store.create_game(game_id, "forum", {"players": len(seats)}, seats, None, "1", {}, "h")
    store.append(game_id, 1, [{"kind": "pass"}], "finished", result(*returns))


def rows(store: Store) -> dict[str, tuple[int, float, float]]:
    with store.engine.connect() as conn:
        found = conn.execute(ratings.ratings_table.select()).all()
    return {r.player: (r.games, r.mu, r.sigma) for r in found}


def test_a_finished_game_is_rated_once_however_many_processes_try(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'a.db'}"
    one, two = Store(url), Store(url)  # two server processes sharing one database
    livia = accounts.register(one, "Livia", PASSWORD)
    finished_game(one, "g1", [human(livia.id, "Livia"), bot("easy"), bot("easy")], 1.0, 0.0, 0.0)
    counted: list[bool] = []
    threads = [
        threading.Thread(target=lambda s=s: counted.append(ratings.rate_game(s, "g1")))
        for s in (one, two, one, two)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(counted) == [False, False, False, True]
    after = rows(one)
    assert after["account:1"][0] == 1
    assert after["bot:easy"][0] == 1
    assert after["account:1"][1] > 25 > after["bot:easy"][1]  # the winner rose, the bots fell
    assert ratings.rate_game(two, "g1") is False
    assert ratings.rate_pending(two) == 0
    assert rows(two) == after


def test_a_game_finished_while_no_process_rated_it_is_rated_by_the_next_sweep(
    tmp_path: Path,
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'a.db'}")
    livia = accounts.register(store, "Livia", PASSWORD)
    finished_game(store, "g1", [human(livia.id, "Livia"), bot("hard")], 0.0, 1.0)
    finished_game(store, "g2", [bot("hard"), bot("easy")], 0.0, 1.0)  # bots alone: not rated
    assert rows(store) == {}
    assert ratings.rate_pending(store) == 1
    assert ratings.rate_pending(store) == 0
    assert {k: v[0] for k, v in rows(store).items()} == {"account:1": 1, "bot:hard": 1}
    board = ratings.leaderboard(store, "forum")
    assert [(e["name"], e["kind"], e["level"]) for e in board] == [
        ("bot (hard)", "bot", "hard"),
        ("Livia", "account", None),
    ]
    assert board[0]["rating"] > board[1]["rating"]


def test_two_bots_of_one_level_move_its_rating_by_their_mean(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'a.db'}")
    livia = accounts.register(store, "Livia", PASSWORD)
    finished_game(store, "g1", [bot("normal"), human(livia.id, "Livia"), bot("normal")], 1, 0, 0)
    assert ratings.rate_game(store, "g1")
    model = ratings.MODEL
    a, b, c = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[-1, 0, 0])
    games, mu, sigma = rows(store)["bot:normal"]
    assert games == 1
    assert mu == pytest.approx((a[0].mu + c[0].mu) / 2)
    assert sigma == pytest.approx((a[0].sigma + c[0].sigma) / 2)
    assert rows(store)["account:1"][1] == pytest.approx(b[0].mu)


def play_to_end(ws: Any, seat: int, view: dict[str, Any]) -> dict[str, Any]:
    while not view["terminal"]:
        if view["legal"] and view["seat"] == seat:
            ws.send_json({"type": "act", "seq": view["seq"], "i": len(view["legal"]) - 1})
        view = wait_for_turn(ws, seat)
    return view


def test_a_game_played_to_its_end_moves_the_accounts_and_the_bots_rating_once(
    tmp_path: Path,
) -> None:
    with client(tmp_path / "a.db") as c:
        register(c, "Livia")
        made = new_game(c, "forum", ["human", "easy"], players=2, seed=3)
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
            final = play_to_end(ws, 0, next_view(ws))
        assert final["terminal"]
        board = c.get("/api/ratings?game=forum").json()
        assert board["game"] == "forum"
        assert sorted((e["name"], e["games"]) for e in board["ratings"]) == [
            ("Livia", 1),
            ("bot (easy)", 1),
        ]
        mine = c.get("/api/account").json()["ratings"]
        assert mine["forum"]["games"] == 1
        assert c.get("/api/my/games").json()["ratings"] == mine
        summary = c.get(f"/api/games/{made['id']}").json()
        won = summary["result"]["returns"][0] > summary["result"]["returns"][1]
        assert (mine["forum"]["mu"] > 25) == won
        # Opening the finished game again, or a sweep, counts nothing more.
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
            assert next_view(ws)["terminal"]
        assert c.get("/api/ratings?game=forum").json() == board
        assert c.get("/api/ratings?game=triumvirate").json()["ratings"] == []


def test_the_ratings_api_checks_its_input(tmp_path: Path) -> None:
    with client(tmp_path / "a.db") as c:
        r = c.get("/api/ratings?game=chess")
        assert r.status_code == 400
        assert "unknown game 'chess'" in r.json()["detail"]
        assert c.get("/api/ratings").status_code == 400
        r = c.get("/api/ratings?game=forum&limit=1000")
        assert r.status_code == 400
        assert "1 to 100" in r.json()["detail"]
