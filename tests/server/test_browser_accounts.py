"""Accounts in a real browser (Debian's chromium, Playwright): register on one device, sign in on
another, find the game on My games and play it there; the lobby's sign-in box and leaderboards
at a laptop's and a phone's size.

Screenshots of the lobby at both sizes are written to ``docs/screens/`` when ``ALEA_SCREENS``
is set (``ALEA_SCREENS=1 pytest tests/server/test_browser_accounts.py``).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import CHROMIUM, port_of, post, serving
from test_server_ratings import PASSWORD, bot, finished_game, human

from alea.server import accounts, ratings
from alea.server.app import SESSION_COOKIE
from alea.server.store import Store

playwright_api = pytest.importorskip("playwright.sync_api")
expect = playwright_api.expect
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    db = tmp_path_factory.mktemp("accounts") / "alea.db"
    with serving(db, "--workers", "0") as url:
        yield url, db


def register_in(page: Any, name: str) -> None:
    page.get_by_label("Account name").fill(name)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Register").click()
    page.get_by_text("Signed in as").wait_for()


def test_a_player_registers_creates_a_game_and_continues_it_signed_in_elsewhere(
    site: tuple[str, Path], browser: Any
) -> None:
    url, _db = site
    laptop = browser.new_context()
    page = laptop.new_page()
    page.goto(url + "/")
    register_in(page, "Livia")
    expect(page.locator("#nameRow")).to_be_hidden()  # an account plays under its own name
    # So too on a page opened signed in, whichever of the lobby's first answers comes first.
    page.reload()
    page.get_by_text("Signed in as").wait_for()
    page.locator("#game option").first.wait_for(state="attached")  # the catalog is in
    expect(page.locator("#nameRow")).to_be_hidden()
    cookie = next(c for c in laptop.cookies() if c["name"] == SESSION_COOKIE)
    assert cookie["httpOnly"] is True
    assert cookie["sameSite"] == "Lax"
    assert SESSION_COOKIE not in page.evaluate("() => document.cookie")
    page.select_option("#game", "forum")
    page.select_option("#players", "2")
    page.locator("#seats select").nth(0).select_option("human")
    page.locator("#seats select").nth(1).select_option("bot:easy")
    page.click("#start")
    link = page.locator("#links a.seatlink").first
    link.wait_for()
    href = link.get_attribute("href")
    game_id = href.split("/")[2].split("#")[0]

    phone = browser.new_context()  # another device: no storage, no cookie
    other = phone.new_page()
    other.goto(url + "/my")
    other.get_by_text("No games yet").wait_for()
    other.get_by_label("Account name").fill("livia")
    other.get_by_label("Password").fill("not the password")
    other.get_by_role("button", name="Sign in").click()
    other.get_by_text("the name or the password is wrong").wait_for()
    other.get_by_label("Password").fill(PASSWORD)
    other.get_by_role("button", name="Sign in").click()
    row = other.locator(f"tr[data-game='{game_id}']")
    row.wait_for()
    assert "Forum" in row.inner_text()
    assert row.get_by_role("link", name="play").get_attribute("href") == href
    row.get_by_role("link", name="play").click()
    other.wait_for_selector("#board svg")
    other.wait_for_function("() => document.getElementById('connText').textContent === 'connected'")
    # Connected comes before the first view: the turn line is drawn with the view.
    expect(other.locator("#turn")).not_to_have_text("")

    other.goto(url + "/my")
    other.get_by_role("button", name="Sign out").click()
    other.get_by_role("button", name="Sign in").wait_for()
    # The seat link was opened on this device, so the browser still holds it; the account's
    # list is gone with the session.
    assert phone.cookies() == [] or all(c["name"] != SESSION_COOKIE for c in phone.cookies())
    laptop.close()
    phone.close()


def late_script(page: Any, name: str, seconds: float) -> None:
    """Hold the page's script ``name`` back, so that what the page asked before it comes first."""

    def hold(route: Any) -> None:
        time.sleep(seconds)
        route.continue_()

    page.route(f"**/static/{name}.js", hold)


@pytest.mark.parametrize("signed_in", [False, True])
def test_my_games_and_the_lobby_hear_the_account_that_was_read_before_their_script_ran(
    site: tuple[str, Path], browser: Any, signed_in: bool
) -> None:
    url, _db = site
    context = browser.new_context()
    page = context.new_page()
    if signed_in:
        page.goto(url + "/")
        register_in(page, "Vipsania")
    # The account's answer arrives while the page's own script is still on its way: the page
    # must still draw it at once (the list refreshes by itself only every 30 s).
    late_script(page, "my", 1.0)
    page.goto(url + "/my")
    mine = page.locator("#mine")
    expect(mine).to_contain_text("No games yet", timeout=5000)
    if signed_in:
        late_script(page, "lobby", 1.0)
        page.goto(url + "/")
        page.locator("#game option").first.wait_for(state="attached")
        expect(page.get_by_text("Signed in as")).to_be_visible()
        expect(page.locator("#nameRow")).to_be_hidden(timeout=5000)
    context.close()


def test_names_from_players_are_shown_as_text_never_as_html(
    site: tuple[str, Path], browser: Any
) -> None:
    url, _db = site
    port = port_of(url)
    trick = "<img src=x id=injected>"
    post(
        port,
        "/api/games",
        {
            "game": "forum",
            "players": 2,
            "seats": [{"kind": "human", "player": trick}, {"kind": "human", "open": True}],
        },
    )
    page = browser.new_page()
    page.goto(url + "/")
    page.get_by_text(trick).first.wait_for()
    assert page.locator("#injected").count() == 0
    page.close()


NO_SIDEWAYS = "() => document.documentElement.scrollWidth <= window.innerWidth"
SMALLEST_TEXT = """() => {
  let least = 99;
  for (const node of document.querySelectorAll('#you *, #ratings *')) {
    const texts = [...node.childNodes].filter((c) => c.nodeType === 3 && c.textContent.trim());
    if (!texts.length) continue;
    least = Math.min(least, parseFloat(getComputedStyle(node).fontSize));
  }
  return least;
}"""


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (390, 844)])
def test_the_lobby_with_sign_in_and_ratings_fits_and_reads_at_both_sizes(
    site: tuple[str, Path], browser: Any, width: int, height: int
) -> None:
    url, db = site
    store = Store(f"sqlite:///{db}")
    if not ratings.leaderboard(store, "forum"):  # a few rated games to show
        octavia = accounts.register(store, "Octavia", PASSWORD)
        marcus = accounts.register(store, "Marcus", PASSWORD)
        for n, returns in enumerate([(1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (1.0, 0.0, 0.0)]):
            seats = [human(octavia.id, "Octavia"), human(marcus.id, "Marcus"), bot("hard")]
            for seat, family in zip(seats, ("Aemilii", "Cornelii", "Licinii"), strict=True):
                seat["name"] = family
            finished_game(store, f"rated{n}", seats, *returns)
            assert ratings.rate_game(store, f"rated{n}")
    store.engine.dispose()
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(url + "/")
    page.get_by_role("button", name="Sign in").wait_for()
    page.get_by_role("table", name="Ratings: Forum: Trade Empires of Rome").get_by_text(
        "Octavia"
    ).wait_for()
    assert page.evaluate(NO_SIDEWAYS)
    assert page.evaluate(SMALLEST_TEXT) >= 12
    if os.environ.get("ALEA_SCREENS"):
        SCREENS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENS / f"lobby-signin-{width}x{height}.png"), full_page=True)
    page.get_by_label("Account name").fill("Octavia")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("button", name="Sign out").wait_for()
    assert "Forum" in page.locator("#myRatings").inner_text()
    page.locator("#ratings tr.me").wait_for()  # the boards are drawn again for the account
    assert page.locator("#ratings tr.me").count() == 1
    assert page.evaluate(NO_SIDEWAYS)
    if os.environ.get("ALEA_SCREENS"):
        page.screenshot(path=str(SCREENS / f"lobby-account-{width}x{height}.png"), full_page=True)
    page.get_by_role("button", name="Sign out").click()
    page.get_by_role("button", name="Register").wait_for()
    context.close()
