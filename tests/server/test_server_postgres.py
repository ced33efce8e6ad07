"""The web app on PostgreSQL: migrations, a game played, a restart resumed.

Runs when ``ALEA_TEST_POSTGRES_URL`` names a database the test may empty (``.ci/run`` starts a
local PostgreSQL server and sets it); otherwise it is skipped.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from server_helpers import TEST_LIMITS, empty_database, new_game, next_view, wait_for_turn

from alea.server.app import create_app

URL = os.environ.get("ALEA_TEST_POSTGRES_URL")
pytestmark = pytest.mark.skipif(not URL, reason="no PostgreSQL server (ALEA_TEST_POSTGRES_URL)")


@pytest.fixture
def url() -> Iterator[str]:
    assert URL is not None
    with empty_database(URL) as emptied:
        yield emptied


def test_a_game_on_postgresql_survives_a_restart(url: str) -> None:
    app = create_app(url, workers=0, limits=TEST_LIMITS)
    with TestClient(app) as c:
        made = new_game(c, "forum", ["human", "heuristic"], players=2, seed=4)
        token = made["seats"][0]["token"]
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": token})
            view = next_view(ws)
            if not view["legal"]:
                view = wait_for_turn(ws, 0)
            for _ in range(8):
                ws.send_json({"type": "act", "seq": view["seq"], "i": len(view["legal"]) - 1})
                view = wait_for_turn(ws, 0)
        listed = c.get("/api/games?status=running").json()["games"]
        assert [g["id"] for g in listed] == [made["id"]]
    with (
        TestClient(create_app(url, workers=0, limits=TEST_LIMITS)) as c,
        c.websocket_connect(f"/ws/{made['id']}") as ws,
    ):
        ws.send_json({"type": "hello", "token": token})
        again = next_view(ws)
        assert again["seq"] == view["seq"]
        assert again["observation"] == view["observation"]
        assert again["legal"] == view["legal"]
