"""The web app on PostgreSQL: migrations, a game played, a restart resumed.

Runs when ``ALEA_TEST_POSTGRES_URL`` names a database the test may empty (``.ci/run`` starts a
local PostgreSQL server and sets it); otherwise it is skipped.
"""

from __future__ import annotations

from fastapi.testclient import TestClient
from server_helpers import TEST_LIMITS, needs_postgres, new_game, next_view, wait_for_turn

from alea.server.app import create_app

pytestmark = needs_postgres


def test_a_game_on_postgresql_survives_a_restart(postgres_url: str) -> None:
    app = create_app(postgres_url, workers=0, limits=TEST_LIMITS)
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
        TestClient(create_app(postgres_url, workers=0, limits=TEST_LIMITS)) as c,
        c.websocket_connect(f"/ws/{made['id']}") as ws,
    ):
        ws.send_json({"type": "hello", "token": token})
        again = next_view(ws)
        assert again["seq"] == view["seq"]
        assert again["observation"] == view["observation"]
        assert again["legal"] == view["legal"]
