"""The web app in a real browser: Debian's chromium driven by Playwright, against ``alea serve``."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import CHROMIUM, free_port, post, server

import alea

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("browser") / "alea.db"
    port = free_port()
    with server(db, port, "--workers", "1"):
        yield f"http://127.0.0.1:{port}"


# The pages run under the server's Content-Security-Policy, which forbids evaluating strings:
# every script the tests run in a page is written as a function, which the browser runs as
# the test tool's own (no eval), so the policy stays on for everything the pages do.


def click_until_over(pages: list[Any], pick: str = "last", limit: int = 3000) -> None:
    """Each page clicks a choice whenever it has one, until a page says the game is over."""
    for _ in range(limit):
        for page in pages:
            if page.locator("#turn").inner_text() == "Game over":
                return
            buttons = page.locator("#choices button:enabled")
            n = buttons.count()
            if n:
                (buttons.nth(n - 1) if pick == "last" else buttons.first).click()
        pages[0].wait_for_timeout(30)
    raise AssertionError("the game did not end")


def test_create_a_game_in_the_lobby_and_finish_it_by_clicking(site: str, browser: Any) -> None:
    page = browser.new_page()
    page.goto(site + "/")
    page.select_option("#game", "forum")
    page.select_option("#players", "2")
    page.locator("#seats select").nth(1).select_option("bot:normal")
    page.click("#start")
    link = page.locator("#links a.seatlink").first
    link.wait_for()
    link.click()
    page.wait_for_selector("#board svg")
    page.wait_for_function("() => document.getElementById('connText').textContent === 'connected'")
    clicked_board = False
    for _ in range(3000):
        if page.locator("#turn").inner_text() == "Game over":
            break
        playable = page.locator("#board .playable")
        if not clicked_board and playable.count():
            playable.first.click(force=True)
            clicked_board = True
            page.wait_for_timeout(100)
            menu = page.locator("#menu button")
            if page.locator("#menu").is_visible() and menu.count():
                menu.first.click()
            continue
        buttons = page.locator("#choices button:enabled")
        if buttons.count():
            buttons.nth(buttons.count() - 1).click()
        page.wait_for_timeout(20)
    assert page.locator("#turn").inner_text() == "Game over"
    assert clicked_board, "no board element was ever playable"
    assert page.locator("#outcome").inner_text()
    assert page.locator("#export").is_visible()
    page.click("#replay")
    page.wait_for_selector("#board svg")
    page.click("#next")
    page.wait_for_function("() => document.getElementById('pos').textContent.startsWith('move 1 ')")
    page.close()


def test_two_browsers_play_each_other(site: str, browser: Any) -> None:
    made = post(
        int(site.rsplit(":", 1)[1]),
        "/api/games",
        {
            "game": "forum",
            "players": 2,
            "options": {"max_turns": 6},
            "seed": 3,
            "seats": [{"kind": "human"}, {"kind": "human"}],
        },
    )
    contexts = [browser.new_context(), browser.new_context()]
    pages = []
    for ctx, seat in zip(contexts, made["seats"], strict=True):
        page = ctx.new_page()
        page.goto(site + seat["link"])
        page.wait_for_selector("#board svg")
        pages.append(page)
    assert "Aemilii" in pages[0].locator("#title").inner_text()
    assert "Cornelii" in pages[1].locator("#title").inner_text()
    click_until_over(pages, pick="first")
    for page in pages:
        page.wait_for_function("() => document.getElementById('turn').textContent === 'Game over'")
    for ctx in contexts:
        ctx.close()


@pytest.mark.parametrize("game", ["triumvirate", "forum", "hotre"])
def test_each_games_board_is_drawn(site: str, browser: Any, game: str, tmp_path: Path) -> None:
    port = int(site.rsplit(":", 1)[1])
    seats = 3 if game == "triumvirate" else 4
    made = post(
        port,
        "/api/games",
        {"game": game, "seed": 5, "seats": [{"kind": "bot", "agent": "random"}] * seats},
    )
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(site + made["spectator"])
    page.wait_for_selector("#board svg")
    page.wait_for_timeout(500)
    # The bots keep playing, so the board is redrawn often: measure it in one script run.
    width, height, shapes = page.evaluate(
        """() => { const svg = document.querySelector('#board svg');
                   const r = svg.getBoundingClientRect();
                   return [r.width, r.height, svg.querySelectorAll('*').length]; }"""
    )
    assert width > 500
    assert height > 250
    assert shapes > 200
    shot = tmp_path / f"{game}.png"
    page.locator("#board").screenshot(path=str(shot))
    assert shot.stat().st_size > 30_000, "the board screenshot is nearly blank"
    page.close()


@pytest.mark.parametrize(
    ("game", "options"),
    [("triumvirate", {"max_rounds": 2}), ("hotre", {"last_period": 1})],
)
def test_two_browsers_and_a_bot_finish_a_game_clicking_the_board(
    site: str, browser: Any, game: str, options: dict[str, Any]
) -> None:
    """Two friends in two browsers and a bot play a (shortened) game to its end.

    Whenever the board offers a highlighted place, the player clicks it (and the first entry
    of the menu, when a place offers several moves); otherwise a choice from the list.
    """
    made = post(
        int(site.rsplit(":", 1)[1]),
        "/api/games",
        {
            "game": game,
            "players": 3,
            "options": options,
            "seed": 4,
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "agent": "heuristic"}],
        },
    )
    contexts = [browser.new_context(), browser.new_context()]
    pages = []
    for ctx, seat in zip(contexts, made["seats"][:2], strict=True):
        page = ctx.new_page()
        page.goto(site + seat["link"])
        page.wait_for_selector("#board svg")
        pages.append(page)
    board_moves = 0
    over = False
    for _ in range(4000):
        if over:
            break
        for page in pages:
            if page.locator("#turn").inner_text() == "Game over":
                over = True
                break
            playable = page.locator("#board .playable")
            if board_moves < 5 and playable.count():
                before = page.locator("#log > *").count()
                playable.first.click(force=True)
                page.wait_for_timeout(80)
                menu = page.locator("#menu button")
                if page.locator("#menu").is_visible() and menu.count():
                    menu.first.click()
                page.wait_for_function(
                    f"() => document.querySelectorAll('#log > *').length > {before}"
                    " || document.getElementById('turn').textContent === 'Game over'"
                )
                board_moves += 1
                continue
            buttons = page.locator("#choices button:enabled")
            if buttons.count():
                buttons.first.click()
        pages[0].wait_for_timeout(20)
    assert over, "the game did not end"
    assert board_moves == 5, "the board never offered a place to click"
    for page in pages:
        page.wait_for_function("() => document.getElementById('turn').textContent === 'Game over'")
        assert page.locator("#outcome").inner_text()
    for ctx in contexts:
        ctx.close()


def test_the_lobby_offers_every_rule_option_and_sends_the_changed_ones(
    site: str, browser: Any
) -> None:
    page = browser.new_page()
    page.goto(site + "/")
    page.select_option("#game", "hotre")
    page.select_option("#players", "3")
    page.click("#variants summary")
    # Every option of the game is offered, at the rules' figure.
    assert page.locator("#variants [data-option]").count() == len(
        alea.load("hotre").opts.__dataclass_fields__
    )
    assert page.input_value("#opt-last_period") == "7"
    page.fill("#opt-last_period", "2")
    page.check("#opt-gods_favor")
    page.select_option("#opt-city_limit", "total")
    for i in range(3):
        page.locator("#seats select").nth(i).select_option("bot:random")
    page.click("#start")
    page.locator("#links a").first.wait_for()
    spectator = page.locator("#links a").last.get_attribute("href")
    game_id = spectator.rsplit("/", 1)[1]
    port = int(site.rsplit(":", 1)[1])
    summary = json.loads(
        urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games/{game_id}").read()
    )
    assert summary["options"]["last_period"] == 2
    assert summary["options"]["gods_favor"] is True
    assert summary["options"]["city_limit"] == "total"
    assert summary["options"]["players"] == 3
    assert summary["options"]["end_land_bonus"] == 2  # untouched: the rules' figure
    page.close()
