"""A page whose server process dies goes on with the game through another process.

Two ``alea serve`` processes share one PostgreSQL database, each started with ``--peer``
naming the other. A player's page is served by the first; the first is killed (SIGKILL); the
page reconnects to the second by itself and the game goes on there, with every move it was
shown still in place. Runs when ``ALEA_TEST_POSTGRES_URL`` names a database the test may
empty (``.ci/run`` sets it).
"""

from __future__ import annotations

import json
import signal
from pathlib import Path
from typing import Any

from server_helpers import click_a_choice, free_port, needs_postgres, post, server
from websockets.sync.client import connect

pytestmark = needs_postgres


def seq(page: Any) -> int:
    """The move number of the view the page shows."""
    return int(page.evaluate("() => view ? view.seq : -1"))


def my_turn(page: Any) -> None:
    """Wait until the page offers its player a choice (the bots and dice have played)."""
    page.wait_for_function("() => view && view.legal.length > 0", timeout=60_000)


def move(page: Any) -> int:
    """Click the page's choices (a group of moves opens, then one is picked) until one is made.

    Returns the move number of the first view that shows the move.
    """
    before = seq(page)
    for _ in range(20):
        click_a_choice(page)
        # A move comes back as a later view; a group opens in the list at once, to pick from.
        page.wait_for_function(
            f"() => (view && view.seq > {before})"
            " || document.querySelector('#choices button:enabled') !== null",
            timeout=60_000,
        )
        if (now := seq(page)) > before:
            return now
    raise AssertionError("clicking the choices never made a move")


def stored(port: int, game_id: str) -> dict[str, Any]:
    """A spectator's first view of the game through the process on ``port``."""
    with connect(f"ws://127.0.0.1:{port}/ws/{game_id}", max_size=2**24) as ws:
        ws.send(json.dumps({"type": "hello"}))
        while True:
            msg = json.loads(ws.recv(timeout=30))
            if msg["type"] == "view":
                return msg  # type: ignore[no-any-return]


def log_of(page: Any) -> list[str]:
    """The page's log lines from the first move (the page keeps them all in a short game)."""
    start, lines = page.evaluate("() => [logLines.start, logLines.lines]")
    assert start == 0
    return list(lines)


def test_a_page_whose_process_is_killed_plays_on_through_its_peer(
    postgres_url: str, browser: Any, tmp_path: Path
) -> None:
    a, b = free_port(), free_port()
    origin_a, origin_b = f"http://127.0.0.1:{a}", f"http://127.0.0.1:{b}"
    with (
        server(postgres_url, a, "--peer", origin_b, log=tmp_path / "a.log") as first,
        server(postgres_url, b, "--peer", origin_a, log=tmp_path / "b.log"),
    ):
        bot = {"kind": "bot", "agent": "random"}
        made = post(
            a,
            "/api/games",
            {"game": "triumvirate", "seed": 3, "seats": [{"kind": "human"}, bot, bot]},
        )
        gid, token = made["id"], made["seats"][0]["token"]
        page = browser.new_page()
        page.goto(f"{origin_a}/play/{gid}#{token}")
        my_turn(page)
        assert page.locator("#connText").get_attribute("title") == origin_a
        shown = move(page)  # the page was shown the move: it was stored before
        before = log_of(page)[:shown]

        first.send_signal(signal.SIGKILL)
        first.wait(10)
        page.wait_for_function(
            "(b) => document.getElementById('connText').textContent === 'connected'"
            " && document.getElementById('connText').title === b",
            arg=origin_b,
            timeout=30_000,
        )
        my_turn(page)
        assert log_of(page)[:shown] == before, "the page lost a move it had been shown"
        assert stored(b, gid)["log"][:shown] == before, "the database lost a move that was shown"

        after = move(page)  # a move made after the kill, through the second process
        assert after > shown
        seen = stored(b, gid)
        assert seen["seq"] >= after
        assert seen["log"][:after] == log_of(page)[:after]

        # The page's requests follow its connection: its links and the hand-over to a bot go
        # to the live process, whose API answers the page of its peer.
        assert page.locator("#export").get_attribute("href") == f"{origin_b}/api/games/{gid}/record"
        page.click("#handover")
        page.wait_for_function(
            "() => document.getElementById('toast').textContent.includes('A bot plays')",
            timeout=30_000,
        )
        assert stored(b, gid)["seats"][0]["kind"] == "bot"
        page.close()
