"""Boards a player reads at a glance, measured in Debian's chromium (Playwright).

At 1366x768 every text of the Triumvirate and Forum boards renders at 11 CSS pixels or more;
at 390x844 no page scrolls sideways and each board fits the width; after a move its places
carry ``data-last-move``; a click where nothing is legal shows the rule that forbids it; the
replay marks each frame's last move and shows its dice as the play page does.
Screenshots of the boards at both sizes are written to ``docs/screens/`` when
``ALEA_SCREENS`` is set (``ALEA_SCREENS=1 pytest tests/server/test_browser_boards.py``).
"""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from server_helpers import (
    CHROMIUM,
    LAST_MOVE_MARKS,
    SOME_MARKS,
    click_choices_until,
    port_of,
    post,
    wait_until,
)

playwright_api = pytest.importorskip("playwright.sync_api")
expect = playwright_api.expect
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
SEATS = {"triumvirate": 3, "forum": 4, "hotre": 4}


def new_game(site: str, game: str, seed: int = 5) -> dict[str, Any]:
    """A game whose first seat is a person (the page under test) and the others random bots."""
    n = SEATS[game]
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "random"}] * (n - 1)
    made: dict[str, Any] = post(
        port_of(site), "/api/games", {"game": game, "seed": seed, "seats": seats}
    )
    return made


def open_seat(browser: Any, site: str, made: dict[str, Any], width: int, height: int) -> Any:
    """The seat's page, once it shows the game's first view."""
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(site + made["seats"][0]["link"])
    page.wait_for_selector("#board svg")
    page.wait_for_function("() => document.getElementById('connText').textContent === 'connected'")
    return page


def shoot(page: Any, name: str) -> None:
    if os.environ.get("ALEA_SCREENS"):
        SCREENS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENS / name), full_page=True)


SMALLEST_TEXTS = """() => {
  const out = [];
  for (const t of document.querySelectorAll('#board svg text')) {
    const r = t.getBoundingClientRect();
    if (!r.width || !t.textContent.trim() || t.closest('.watermark')) continue;
    const size = parseFloat(getComputedStyle(t).fontSize);
    const m = t.getScreenCTM();
    out.push([size * Math.hypot(m.a, m.b), t.textContent.trim()]);
  }
  out.sort((a, b) => a[0] - b[0]);
  return out;
}"""


@pytest.mark.parametrize("game", ["triumvirate", "forum"])
def test_every_board_text_is_at_least_11_pixels_on_a_laptop(
    site: str, browser: Any, game: str
) -> None:
    page = open_seat(browser, site, new_game(site, game), 1366, 768)
    sizes = page.evaluate(SMALLEST_TEXTS)
    assert len(sizes) > 50, "the board has hardly any text: nothing was measured"
    small = [(round(px, 1), text) for px, text in sizes if px < 11 and text not in DECORATION]
    assert not small, f"texts under 11 px: {sorted(set(small))[:20]}"
    shoot(page, f"{game}-1366x768.png")
    page.close()


DECORATION = {"FORVM", "TRADE EMPIRES OF ROME", "Trade Empires of Rome"}
"""The watermark and the title's subtitle: ornament, not information."""


@pytest.mark.parametrize("game", ["triumvirate", "forum", "hotre"])
def test_a_phone_never_scrolls_sideways_and_the_board_fits(
    site: str, browser: Any, game: str
) -> None:
    page = open_seat(browser, site, new_game(site, game), 390, 844)
    # The player's own panel is drawn with the first view that lists something in it.
    expect(page.locator("#youPanel"), "the player's own panel is not shown").to_be_visible()
    scroll, inner, svg_right = page.evaluate(
        """() => [document.documentElement.scrollWidth, window.innerWidth,
                  document.querySelector('#board svg').getBoundingClientRect().right]"""
    )
    assert scroll <= inner, f"the page is {scroll} px wide in a {inner} px window"
    assert svg_right <= inner, "the board runs off the right of the screen"
    if game != "hotre":
        shoot(page, f"{game}-390x844.png")
    # Zoom in for detail: the board grows inside its frame, the page still does not scroll.
    page.click("#zoomIn")
    page.wait_for_function(
        "(inner) => document.querySelector('#board svg').getBoundingClientRect().width > inner",
        arg=inner,
    )
    assert page.evaluate("() => document.documentElement.scrollWidth") <= inner
    page.close()


def test_the_last_moves_places_are_marked_after_a_move(site: str, browser: Any) -> None:
    page = open_seat(browser, site, new_game(site, "forum", seed=8), 1366, 768)
    # The seat plays (the bots too) until a move marks a place; past the deadline the test
    # fails saying so.
    click_choices_until([page], SOME_MARKS, "a move that marks a place of the board")
    page.close()


def test_a_refused_click_says_which_rule_forbids_it(site: str, browser: Any) -> None:
    page = open_seat(browser, site, new_game(site, "triumvirate", seed=3), 1366, 768)
    page.wait_for_function("() => document.querySelectorAll('#choices button').length > 0")
    # A sea hex far from anyone: nothing is legal there, and the toast gives the reason.
    page.locator('#board polygon[data-place="0,17"]').click(force=True)
    page.wait_for_function(
        "() => /\\(TRI-\\d+\\.\\d+\\)/.test(document.getElementById('toast').textContent)"
    )
    text = page.locator("#toast").inner_text()
    assert "Nothing to do" not in text
    page.close()


def _get(site: str, path: str) -> dict[str, Any]:
    with urllib.request.urlopen(site + path, timeout=30) as answer:
        data: dict[str, Any] = json.load(answer)
    return data


def test_the_replay_marks_each_frames_last_move_and_shows_its_dice(site: str, browser: Any) -> None:
    seats = [{"kind": "bot", "agent": "random"}] * 3
    made = post(
        port_of(site),
        "/api/games",
        {"game": "triumvirate", "seed": 9, "seats": seats},
    )
    game_id = made["id"]
    summary = wait_until(
        lambda: (s := _get(site, f"/api/games/{game_id}"))["status"] == "finished" and s,
        "the bots to finish their game",
        every=0.1,
    )
    moves = summary["moves"]
    assert moves >= 30
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(site + f"/replay/{game_id}")
    page.wait_for_selector("#board svg")
    # A finished game's replay opens at its first move; the marks are checked from the last back.
    page.wait_for_function(
        f"() => document.getElementById('pos').textContent === 'move 0 of {moves}'"
    )
    page.click("#last")
    page.wait_for_function(
        f"() => document.getElementById('pos').textContent === 'move {moves} of {moves}'"
    )
    seen_marks = seen_dice = 0
    for _ in range(12):
        page.wait_for_function(
            "() => document.getElementById('pos').textContent.startsWith('move')"
        )
        k = int(page.locator("#pos").inner_text().split()[1])
        frame = _get(site, f"/api/games/{game_id}/frames/{k}")
        marked = page.evaluate(LAST_MOVE_MARKS)
        assert sorted(set(marked)) == sorted(set(frame["last_move"]))
        seen_marks += bool(marked)
        shown = page.evaluate(
            "() => [...document.querySelectorAll('#dice svg.die')]"
            ".map((d) => Number(d.getAttribute('data-value')))"
        )
        if frame["dice"] is None:
            assert page.locator("#dice").is_hidden()
        else:
            assert shown == frame["dice"]["dice"]
            assert frame["dice"]["text"] in page.locator("#dice").inner_text()
            seen_dice += 1
        if k == 0:
            break
        page.click("#prev")
        page.wait_for_function(
            f"() => document.getElementById('pos').textContent.startsWith('move {k - 1} ')"
        )
    assert seen_marks, "no frame marked its last move"
    assert seen_dice, "no frame showed its dice"
    shoot(page, "replay-1366x768.png")
    page.close()
