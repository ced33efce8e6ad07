"""Accounts and ratings on PostgreSQL: the migration, a session, and one rating per game when
two processes finish the same game at once.

Runs when ``ALEA_TEST_POSTGRES_URL`` names a database the test may empty; otherwise skipped.
"""

from __future__ import annotations

import threading

from fastapi.testclient import TestClient
from server_helpers import TEST_LIMITS, needs_postgres, new_game
from test_server_accounts import schema_differences
from test_server_ratings import PASSWORD, bot, finished_game, human, rows

from alea.server import accounts, ratings
from alea.server.app import create_app
from alea.server.store import Store

pytestmark = needs_postgres


def test_accounts_sign_in_out_and_hold_seats_on_postgresql(
    postgres_url: str,
) -> None:
    with TestClient(create_app(postgres_url, workers=0, limits=TEST_LIMITS)) as c:
        r = c.post("/api/account/register", json={"name": "Livia", "password": PASSWORD})
        assert r.status_code == 201
        assert (
            c.post(
                "/api/account/register", json={"name": "livia", "password": PASSWORD}
            ).status_code
            == 409
        )
        made = new_game(c, "forum", ["human", "easy"], players=2)
        assert [h["link"] for h in c.get("/api/my/games").json()["seats"]] == [
            made["seats"][0]["link"]
        ]
        assert c.post("/api/account/signout", json={}).status_code == 200
        assert c.get("/api/my/games").status_code == 401
        ok = c.post("/api/account/signin", json={"name": "LIVIA", "password": PASSWORD})
        assert ok.status_code == 200


def test_two_processes_rating_one_game_on_postgresql_count_it_once(
    postgres_url: str,
) -> None:
    one, two = Store(postgres_url), Store(postgres_url)
    livia = accounts.register(one, "Livia", PASSWORD)
    octavia = accounts.register(one, "Octavia", PASSWORD)
    for n in range(4):
        seats = [human(livia.id, "Livia"), human(octavia.id, "Octavia"), bot("hard")]
        finished_game(one, f"g{n}", seats, 1.0, 0.0, 0.0)
    counted: list[bool] = []
    threads = [
        threading.Thread(target=lambda s=s, g=g: counted.append(ratings.rate_game(s, g)))
        for g in ("g0", "g1", "g2", "g3")
        for s in (one, two)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(counted) == [False] * 4 + [True] * 4
    assert {k: v[0] for k, v in rows(two).items()} == {
        f"account:{livia.id}": 4,
        f"account:{octavia.id}": 4,
        "bot:hard": 4,
    }
    assert ratings.rate_pending(two) == 0
    one.engine.dispose()
    two.engine.dispose()


def test_the_migrations_build_exactly_the_declared_tables_on_postgresql(
    postgres_url: str,
) -> None:
    store = Store(postgres_url)
    assert schema_differences(store) == []
    store.engine.dispose()
