"""Player accounts: registering, signing in and out, the session cookie, and seats that follow
the account from one device to another."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from fastapi.testclient import TestClient
from server_helpers import TEST_LIMITS, client, new_game, next_view
from test_server_lobby import open_game

from alea.server import accounts
from alea.server.app import SESSION_COOKIE, create_app
from alea.server.store import Store

PASSWORD = "a long enough password"


def register(c: TestClient, name: str, password: str = PASSWORD) -> dict[str, str]:
    r = c.post("/api/account/register", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def sign_in(c: TestClient, name: str, password: str = PASSWORD) -> int:
    return c.post("/api/account/signin", json={"name": name, "password": password}).status_code


def test_register_signs_in_with_an_httponly_lax_cookie_and_keeps_only_a_hash(
    tmp_path: Path,
) -> None:
    with client(tmp_path / "a.db") as c:
        r = c.post("/api/account/register", json={"name": "Livia", "password": PASSWORD})
        assert r.status_code == 201
        assert r.json() == {"name": "Livia"}
        cookie = r.headers["set-cookie"]
        token = c.cookies[SESSION_COOKIE]
        assert cookie.startswith(f"{SESSION_COOKIE}={token};")
        assert "HttpOnly" in cookie
        assert "SameSite=lax" in cookie
        assert "Secure" not in cookie  # served over plain http here
        assert "Max-Age=2592000" in cookie
        assert c.get("/api/account").json() == {"name": "Livia", "ratings": {}}
    store = Store(f"sqlite:///{tmp_path / 'a.db'}")
    with store.engine.connect() as conn:
        row = conn.execute(accounts.accounts_table.select()).one()
        session = conn.execute(accounts.sessions_table.select()).one()
    assert row.password_hash.startswith("$argon2id$")
    assert PASSWORD not in row.password_hash
    assert session.token_hash == accounts.digest(token) != token


def test_the_cookie_is_secure_when_the_site_is_served_over_https(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'a.db'}", workers=0, limits=TEST_LIMITS)
    with TestClient(app, base_url="https://alea.test") as c:
        r = c.post("/api/account/register", json={"name": "Livia", "password": PASSWORD})
        assert r.status_code == 201
        cookie = r.headers["set-cookie"]
        assert "Secure" in cookie
        assert "HttpOnly" in cookie
        assert "SameSite=lax" in cookie


def test_sign_in_accepts_the_right_password_and_never_says_whether_a_name_exists(
    tmp_path: Path,
) -> None:
    with client(tmp_path / "a.db") as c:
        register(c, "Livia")
        c.cookies.clear()
        assert c.get("/api/account").json()["name"] is None
        wrong = c.post("/api/account/signin", json={"name": "Livia", "password": "not it at all"})
        nobody = c.post("/api/account/signin", json={"name": "Nobody", "password": PASSWORD})
        assert wrong.status_code == nobody.status_code == 401
        assert wrong.json() == nobody.json() == {"detail": "the name or the password is wrong"}
        assert "set-cookie" not in wrong.headers
        assert c.get("/api/account").json()["name"] is None
        ok = c.post("/api/account/signin", json={"name": "livia", "password": PASSWORD})
        assert ok.status_code == 200
        assert ok.json() == {"name": "Livia"}  # the name as registered, whatever the case typed
        assert c.get("/api/account").json()["name"] == "Livia"


def test_bad_names_short_passwords_and_taken_names_get_a_sentence(tmp_path: Path) -> None:
    with client(tmp_path / "a.db") as c:
        register(c, "Livia")
        cases = [
            ({"name": "Li", "password": PASSWORD}, 400, "3 to 24 characters"),
            ({"name": "x" * 25, "password": PASSWORD}, 400, "3 to 24 characters"),
            ({"name": "Li via", "password": PASSWORD}, 400, "may not hold ' '"),
            ({"name": "<b>Livia</b>", "password": PASSWORD}, 400, "may not hold '/', '<', '>'"),
            ({"name": 7, "password": PASSWORD}, 400, "the name is text"),
            ({"name": "Octavia", "password": "short"}, 400, "at least 8 characters"),
            ({"name": "Octavia", "password": "p" * 257}, 400, "at most 256 characters"),
            ({"name": "LIVIA", "password": PASSWORD}, 409, "the name 'LIVIA' is taken"),
        ]
        for body, status, words in cases:
            r = c.post("/api/account/register", json=body)
            assert r.status_code == status, (body, r.text)
            assert words in r.json()["detail"], (body, r.text)
        bad = c.post("/api/account/register", content=b"name=x", headers={"content-type": "text"})
        assert bad.status_code == 415


def test_sign_out_revokes_the_session_even_for_a_copy_of_its_cookie(tmp_path: Path) -> None:
    with client(tmp_path / "a.db") as c:
        register(c, "Livia")
        token = c.cookies[SESSION_COOKIE]
        assert c.get("/api/my/games").status_code == 200
        out = c.post("/api/account/signout", json={})
        assert out.status_code == 200
        assert f'{SESSION_COOKIE}=""' in out.headers["set-cookie"]
        assert "Max-Age=0" in out.headers["set-cookie"]
        assert c.get("/api/account").json()["name"] is None
        # Someone who kept the token (another tab, a stolen copy) is signed out as well.
        c.cookies.set(SESSION_COOKIE, token)
        stolen = c.get("/api/my/games")
        assert stolen.status_code == 401
        assert "sign in" in stolen.json()["detail"]
        assert c.get("/api/account").json()["name"] is None


def test_two_sessions_of_one_account_are_revoked_one_at_a_time(tmp_path: Path) -> None:
    with client(tmp_path / "a.db") as c:
        register(c, "Livia")
        first = c.cookies[SESSION_COOKIE]
        c.cookies.clear()
        assert sign_in(c, "Livia") == 200
        second = c.cookies[SESSION_COOKIE]
        assert first != second
        c.post("/api/account/signout", json={})
        c.cookies.set(SESSION_COOKIE, second)
        assert c.get("/api/account").json()["name"] is None
        c.cookies.set(SESSION_COOKIE, first)
        assert c.get("/api/account").json()["name"] == "Livia"


def test_sign_ins_are_rate_limited_per_client(tmp_path: Path) -> None:
    limits = dataclasses.replace(TEST_LIMITS, signin_rate=0.001, signin_burst=3)
    with client(tmp_path / "a.db", limits=limits) as c:
        register(c, "Livia")
        assert [sign_in(c, "Livia", "wrong password") for _ in range(2)] == [401, 401]
        limited = c.post("/api/account/signin", json={"name": "Livia", "password": PASSWORD})
        assert limited.status_code == 429
        assert "too many sign-ins" in limited.json()["detail"]
        again = c.post("/api/account/register", json={"name": "Octavia", "password": PASSWORD})
        assert again.status_code == 429


def test_account_requests_from_another_sites_page_are_refused(tmp_path: Path) -> None:
    with client(tmp_path / "a.db") as c:
        register(c, "Livia")
        evil = {"origin": "https://evil.example"}
        r = c.post("/api/account/signout", json={}, headers=evil)
        assert r.status_code == 403
        assert c.get("/api/account").json()["name"] == "Livia"
        r = c.post(
            "/api/account/signin", json={"name": "Livia", "password": PASSWORD}, headers=evil
        )
        assert r.status_code == 403


def test_a_signed_in_creators_seat_carries_the_account_name_and_follows_it(
    tmp_path: Path,
) -> None:
    with client(tmp_path / "a.db") as c:
        register(c, "Livia")
        made = new_game(c, "forum", ["easy", "human", "human"], players=3)
        assert made["mine"] == 1  # the first seat with a link is the creator's
        summary = c.get(f"/api/games/{made['id']}").json()
        assert summary["seats"][1]["player"] == "Livia"
        assert summary["seats"][1]["account"] is True
        assert summary["seats"][2]["account"] is False
        assert "account_id" not in str(summary)
        answer = c.get("/api/my/games")
        assert answer.headers["cache-control"] == "no-store"  # it holds seat links
        mine = answer.json()
        assert mine["name"] == "Livia"
        assert [(h["game"]["id"], h["seat"]) for h in mine["seats"]] == [(made["id"], 1)]
        assert mine["seats"][0]["link"] == made["seats"][1]["link"]
        # On another device, signed in as the same account, the seat's link opens the seat.
        with client(tmp_path / "a.db") as other:
            assert sign_in(other, "Livia") == 200
            link = other.get("/api/my/games").json()["seats"][0]["link"]
            assert link == made["seats"][1]["link"]
            with other.websocket_connect(f"/ws/{made['id']}") as ws:
                ws.send_json({"type": "hello", "token": link.split("#", 1)[1]})
                view = next_view(ws)
                assert view["type"] == "view"
                assert view["seat"] == 1


def test_an_accounts_seat_link_reaches_nobody_else(tmp_path: Path) -> None:
    with client(tmp_path / "a.db") as c:
        register(c, "Livia")
        made = new_game(c, "forum", ["human", "easy", "easy"], players=3)
        token = made["seats"][0]["token"]
        c.post("/api/account/signout", json={})
        anonymous = c.get("/api/my/games")
        assert anonymous.status_code == 401
        assert token not in anonymous.text
        register(c, "Octavia")
        theirs = c.get("/api/my/games")
        assert theirs.status_code == 200
        assert theirs.json()["seats"] == []
        for path in ("/api/games?status=open", f"/api/games/{made['id']}", "/api/account"):
            assert token not in c.get(path).text


def test_joining_signed_in_ties_the_seat_and_names_it_for_the_account(tmp_path: Path) -> None:
    with client(tmp_path / "a.db") as c:
        made = open_game(c, [{"kind": "human", "player": "Ann"}, {"kind": "human", "open": True}])
        register(c, "Octavia")
        joined = c.post(f"/api/games/{made['id']}/seats/1/join", json={"name": "Someone"})
        assert joined.status_code == 200, joined.text
        assert joined.json()["player"] == "Octavia"  # the account's name, not the one typed
        mine = c.get("/api/my/games").json()["seats"]
        assert [(h["game"]["id"], h["seat"], h["link"]) for h in mine] == [
            (made["id"], 1, joined.json()["link"])
        ]
        assert mine[0]["game"]["seats"][1]["account"] is True


def test_an_account_name_cannot_be_borrowed_by_a_player_who_is_not_signed_in_as_it(
    tmp_path: Path,
) -> None:
    with client(tmp_path / "a.db") as c:
        register(c, "Livia")
        c.post("/api/account/signout", json={})
        r = c.post(
            "/api/games",
            json={
                "game": "forum",
                "players": 2,
                "seats": [{"kind": "human", "player": "livia"}] * 2,
            },
        )
        assert r.status_code == 409
        assert "'livia' is the name of an account" in r.json()["detail"]
        made = open_game(c, [{"kind": "human"}, {"kind": "human", "open": True}])
        r = c.post(f"/api/games/{made['id']}/seats/1/join", json={"name": "LIVIA"})
        assert r.status_code == 409
        assert c.get(f"/api/games/{made['id']}").json()["seats"][1]["open"] is True
        # Without an account, seat links work as they always did.
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
            assert next_view(ws)["seat"] == 0


def schema_differences(store: Store) -> list[object]:
    """What the migrated database lacks or has beyond the tables the server's code declares."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from alea.server import chat, ratings  # noqa: F401  (their tables join the metadata)
    from alea.server.store import metadata

    with store.engine.connect() as conn:
        return list(compare_metadata(MigrationContext.configure(conn), metadata))


def test_the_migrations_build_exactly_the_tables_the_code_declares_and_step_back(
    tmp_path: Path,
) -> None:
    from alembic import command
    from alembic.config import Config

    store = Store(f"sqlite:///{tmp_path / 'a.db'}")
    assert schema_differences(store) == []
    cfg = Config()
    cfg.set_main_option("script_location", "alea.server:migrations")
    with store.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0003")
    with store.engine.connect() as conn:
        tables = set(conn.dialect.get_table_names(conn))
    assert {"accounts", "sessions", "account_seats", "ratings", "rated_games"}.isdisjoint(tables)
    again = Store(store.url)  # a server starting upgrades the database again
    with again.engine.connect() as conn:
        assert {"accounts", "ratings"} <= set(conn.dialect.get_table_names(conn))
    assert schema_differences(again) == []


def test_a_seat_handed_to_a_bot_stays_the_accounts_for_its_rating_but_loses_its_link(
    tmp_path: Path,
) -> None:
    with client(tmp_path / "a.db") as c:
        register(c, "Livia")
        made = new_game(c, "forum", ["human", "easy"], players=2)
        r = c.post(
            f"/api/games/{made['id']}/seats/0/bot",
            json={"agent": "heuristic"},
            headers={"X-Alea-Token": made["host_token"]},
        )
        assert r.status_code == 200, r.text
        mine = c.get("/api/my/games").json()["seats"]
        assert [(h["seat"], h["link"]) for h in mine] == [(0, None)]  # the link opens nothing
        assert mine[0]["game"]["seats"][0]["kind"] == "bot"
    row = Store(f"sqlite:///{tmp_path / 'a.db'}").get(made["id"])
    assert row is not None
    assert row.seats[0]["account"] == 1
    assert row.seats[0]["left"] is True  # it places last when the game is rated
