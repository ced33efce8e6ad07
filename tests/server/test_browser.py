"""The web app in a real browser: Debian's chromium driven by Playwright, against ``alea serve``."""

from __future__ import annotations

import dataclasses
import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from server_helpers import CHROMIUM, GAME_OVER, click_choices_until, port_of, post

import alea

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")


# The pages run under the server's Content-Security-Policy, which forbids evaluating strings:
# every script the tests run in a page is written as a function, which the browser runs as
# the test tool's own (no eval), so the policy stays on for everything the pages do.

A_PLACE_OR_OVER = (
    "() => (document.querySelector('#board .playable') !== null"
    " && document.querySelector('#choices button:enabled') !== null)"
    " || document.getElementById('turn').textContent === 'Game over'"
)
"""Holds once the board highlights a place the player may click, or the game is over. A board
still highlights the places of a choice just sent until the next view comes; the list's buttons
are turned off at the sending, so enabled ones say the page awaits the player."""


def click_the_board(page: Any) -> None:
    """Click the first highlighted place, and the first entry of its menu when it opens one
    (the click draws the menu at once)."""
    page.locator("#board .playable").first.click(force=True)
    if page.locator("#menu").is_visible():
        page.locator("#menu button").first.click()


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
    # Choices are clicked until the board offers a place, which is clicked; then on to the end.
    click_choices_until([page], A_PLACE_OR_OVER, "a place to click", pick="last")
    assert not page.evaluate(GAME_OVER), "no board element was ever playable"
    click_the_board(page)
    click_choices_until([page], GAME_OVER, "the end of the game", pick="last")
    assert page.locator("#outcome").inner_text()
    assert page.locator("#export").is_visible()
    page.click("#replay")
    page.wait_for_selector("#board svg")
    page.click("#next")
    page.wait_for_function("() => document.getElementById('pos').textContent.startsWith('move 1 ')")
    page.close()


def test_two_browsers_play_each_other(site: str, browser: Any) -> None:
    made = post(
        port_of(site),
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
    click_choices_until(pages, GAME_OVER, "the end of the game")
    for page in pages:
        page.wait_for_function("() => document.getElementById('turn').textContent === 'Game over'")
    for ctx in contexts:
        ctx.close()


@pytest.mark.parametrize("game", ["triumvirate", "forum", "hotre"])
def test_each_games_board_is_drawn(site: str, browser: Any, game: str, tmp_path: Path) -> None:
    port = port_of(site)
    seats = 3 if game == "triumvirate" else 4
    made = post(
        port,
        "/api/games",
        {"game": game, "seed": 5, "seats": [{"kind": "bot", "agent": "random"}] * seats},
    )
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(site + made["spectator"])
    page.wait_for_selector("#board svg")
    page.evaluate("() => document.fonts.ready.then(() => true)")  # the texts are drawn
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
        port_of(site),
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
    while board_moves < 5:
        page, _ = click_choices_until(pages, A_PLACE_OR_OVER, "a place to click")
        if page.evaluate(GAME_OVER):
            break
        before = page.locator("#log > *").count()
        click_the_board(page)
        # The move shows in the log, unless the click picked a piece up: its moves are then
        # in the list of choices, which the next round clicks.
        page.wait_for_function(
            f"() => document.querySelectorAll('#log > *').length > {before}"
            " || document.querySelector('#board .selected') !== null"
            " || document.getElementById('turn').textContent === 'Game over'",
            timeout=120_000,
        )
        board_moves += page.locator("#log > *").count() > before
    assert board_moves == 5, "the board did not offer five places to click before the end"
    click_choices_until(pages, GAME_OVER, "the end of the game")
    for page in pages:
        page.wait_for_function(GAME_OVER)
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
        dataclasses.fields(alea.load("hotre").opts)  # the fields, not the class's TUNE_SPACE
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
    port = port_of(site)
    summary = json.loads(
        urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games/{game_id}").read()
    )
    assert summary["options"]["last_period"] == 2
    assert summary["options"]["gods_favor"] is True
    assert summary["options"]["city_limit"] == "total"
    assert summary["options"]["players"] == 3
    assert summary["options"]["end_land_bonus"] == 2  # untouched: the rules' figure
    page.close()
