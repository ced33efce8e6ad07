"""Chat per game: stored with the game, sent to players and spectators as plain text, bounded."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from server_helpers import TEST_LIMITS, client, new_game, next_of, next_view

XSS = "<img src=x onerror=alert(1)>"


def next_chat(ws: Any) -> dict[str, Any]:
    """The next chat message or error (views are skipped)."""
    return next_of(ws, ("chat", "error"), limit=200)


def hello(ws: Any, token: str | None) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": token} if token else {"type": "hello"})
    return next_view(ws)


def test_a_line_reaches_every_seat_and_spectator_as_it_was_written(tmp_path: Path) -> None:
    with client(tmp_path / "a.db") as c:
        made = c.post(
            "/api/games",
            json={
                "game": "forum",
                "players": 2,
                "seed": 2,
                "seats": [{"kind": "human", "player": "Ann"}, {"kind": "human"}],
            },
        ).json()
        tokens = [s["token"] for s in made["seats"]]
        url = f"/ws/{made['id']}"
        with (
            c.websocket_connect(url) as a,
            c.websocket_connect(url) as b,
            c.websocket_connect(url) as watcher,
        ):
            hello(a, tokens[0])
            hello(b, tokens[1])
            hello(watcher, None)
            a.send_json({"type": "chat", "text": f"  {XSS}  "})
            got = [next_chat(ws) for ws in (a, b, watcher)]
            for msg in got:
                assert msg["type"] == "chat"
                [line] = msg["lines"]
                assert line["text"] == XSS  # stored and sent as written: pages show it as text
                assert line["author"] == "Aemilii (Ann)"
                assert line["seat"] == 0
            assert [m["mine"] for m in got] == [True, False, False]
            watcher.send_json({"type": "chat", "text": "nice move"})
            line = next_chat(a)["lines"][0]
            assert (line["author"], line["seat"], line["n"]) == ("spectator", None, 2)
    # Stored with the game: a page opened later (after a restart) gets the lines.
    with client(tmp_path / "a.db") as c, c.websocket_connect(f"/ws/{made['id']}") as late:
        hello(late, None)
        tail = next_chat(late)
        assert tail["full"] is True
        assert [x["text"] for x in tail["lines"]] == [XSS, "nice move"]


def test_bad_lines_are_refused_with_the_reason_and_stored_nowhere(tmp_path: Path) -> None:
    with client(tmp_path / "b.db") as c:
        made = new_game(c, "forum", ["human", "human"], players=2, seed=3)
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, made["seats"][0]["token"])
            for text, words in (
                ("x" * 501, "at most 500 characters; this one has 501"),
                ("   ", "empty"),
                (42, "a chat line is text"),
                ("bell\x07", "control characters"),
            ):
                ws.send_json({"type": "chat", "text": text})
                err = next_chat(ws)
                assert err["type"] == "error"
                assert err["chat"] is True
                assert words in err["message"]
            ws.send_json({"type": "chat", "text": "y" * 500})
            assert next_chat(ws)["lines"][0]["text"] == "y" * 500
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, None)
            assert [x["text"] for x in next_chat(ws)["lines"]] == ["y" * 500]


def test_chat_is_rate_limited_per_client(tmp_path: Path) -> None:
    limits = dataclasses.replace(TEST_LIMITS, chat_rate=0.001, chat_burst=2)
    with client(tmp_path / "c.db", limits=limits) as c:
        made = new_game(c, "forum", ["human", "human"], players=2, seed=3)
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, None)
            answers = []
            for k in range(3):
                ws.send_json({"type": "chat", "text": f"line {k}"})
                answers.append(next_chat(ws))
            assert [m["type"] for m in answers] == ["chat", "chat", "error"]
            assert "faster than the chat allows" in answers[2]["message"]
