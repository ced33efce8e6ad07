"""Online play in a real browser, several players at once: the lobby, turns, chat, spectators.

Each player is a browser context of its own (its own storage, as on another machine).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import urllib.request
from typing import Any

import pytest
from server_helpers import CHROMIUM, click_a_choice, port_of, post, wait_until
from test_server_undo import keeps_the_turn

import alea
from alea.core.fairness import chance_rng, secret_from_seed

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")


def create(url: str, body: dict[str, Any]) -> Any:
    """A new game made through the API of the server at ``url``."""
    return post(port_of(url), "/api/games", body)


def get(url: str, path: str) -> Any:
    with urllib.request.urlopen(url + path, timeout=10) as r:
        return json.loads(r.read())


def start_in_lobby(
    page: Any, name: str, game: str, seats: list[str | None], players: int | None = None
) -> None:
    """Start a game from the lobby's form as ``name``: each seat's menu set to its entry of
    ``seats`` (None leaves it as offered); the seat links are then shown."""
    page.fill("#playerName", name)
    page.select_option("#game", game)
    if players is not None:
        page.select_option("#players", str(players))
    for i, choice in enumerate(seats):
        if choice is not None:
            page.locator("#seats select").nth(i).select_option(choice)
    page.click("#start")
    page.locator("#links a.seatlink").first.wait_for()


def test_two_newcomers_meet_in_the_lobby_and_one_joins_the_others_open_seat(
    site: str,
    browser: Any,
) -> None:
    host_ctx, guest_ctx = browser.new_context(), browser.new_context()
    host = host_ctx.new_page()
    host.goto(site + "/")
    start_in_lobby(host, "Ann", "forum", ["human", "open"], players=2)
    assert host.locator("#links a.seatlink").count() == 1  # no link for the open seat
    game_id = host.locator("#links a.seatlink").first.get_attribute("href").split("/")[2]
    game_id = game_id.split("#")[0]
    host.locator("#links a.seatlink").first.click()
    host.wait_for_selector("#board svg")

    guest = guest_ctx.new_page()
    guest.goto(site + "/")
    guest.fill("#playerName", "Bob")
    # The lobby lists every game of this server: the row of this one is the one with its link.
    row = f"tr:has(a[href='/watch/{game_id}'])"
    join = guest.locator(f"#open {row}").get_by_role("button", name="Join")
    join.wait_for()
    join.click()
    guest.wait_for_url("**/play/**#*")
    guest.wait_for_selector("#board svg")
    guest.wait_for_function(
        "() => document.getElementById('title').textContent.includes('Cornelii')"
    )
    # The game started for both: someone has a choice to make.
    for page in (host, guest):
        page.wait_for_function("() => !document.getElementById('turn').textContent.startsWith('…')")
    assert guest.url.split("/play/")[1].split("#")[0] == game_id
    summary = get(site, f"/api/games/{game_id}")
    assert summary["status"] == "running"
    assert [s["player"] for s in summary["seats"]] == ["Ann", "Bob"]
    # The lobby lists it as running now, with no seat left to join (the open games are drawn
    # before the running ones, from the same refresh).
    guest.goto(site + "/")
    running = guest.locator(f"#running {row}")
    running.wait_for()
    assert "Bob" in running.inner_text()
    assert guest.locator(f"#open {row}").count() == 0
    host_ctx.close()
    guest_ctx.close()


def seat_pages(browser: Any, site: str, links: list[str]) -> list[Any]:
    """One page per seat link, each in a context of its own, its board drawn."""
    pages = []
    for link in links:
        page = browser.new_context().new_page()
        page.goto(site + link)
        page.wait_for_selector("#board svg")
        pages.append(page)
    return pages


def close(pages: list[Any]) -> None:
    for page in pages:
        page.context.close()


def test_the_tab_title_and_icon_say_when_the_turn_arrives(site: str, browser: Any) -> None:
    made = create(
        site,
        {"game": "forum", "players": 2, "seed": 6, "seats": [{"kind": "human"}] * 2},
    )
    pages = seat_pages(browser, site, [s["link"] for s in made["seats"]])
    titles = "() => document.title"
    for page in pages:
        page.wait_for_function("() => document.getElementById('turn').textContent !== ''")
    # The mover's choices may be drawn a moment after the turn line: wait for them on either page.
    wait_until(
        lambda: any(p.locator("#choices button").count() for p in pages),
        "a choice offered to either seat",
        seconds=30,
    )
    mover = next(i for i, p in enumerate(pages) if p.locator("#choices button").count())
    other = pages[1 - mover]
    assert pages[mover].evaluate(titles).startswith("Your turn")
    assert not other.evaluate(titles).startswith("Your turn")
    icon = pages[mover].evaluate("() => document.querySelector('link[rel=icon]').href")
    assert icon.startswith("data:image/svg+xml")
    # The mover plays until the turn passes: the other tab's title then starts with "Your turn".

    def passed() -> bool:
        if other.evaluate(titles).startswith("Your turn"):
            return True
        click_a_choice(pages[mover])
        return False

    wait_until(passed, "the other tab's title to say it is its turn")
    # The mover's page shows the views at its pace: the title changes once it shows the last.
    pages[mover].wait_for_function("() => !document.title.startsWith('Your turn')")
    assert other.evaluate("() => document.querySelector('link[rel=icon]').href") == icon
    assert pages[mover].evaluate("() => document.querySelector('link[rel=icon]').href") != icon
    close(pages)


def test_a_spectator_sees_a_called_counter(site: str, browser: Any) -> None:
    made = create(
        site,
        {"game": "hotre", "seed": 12, "seats": [{"kind": "bot", "agent": "random"}] * 4},
    )
    page = browser.new_context().new_page()
    page.goto(site + made["spectator"])
    page.wait_for_selector("#board svg")
    # A counter named on the spectator's board: "People: <name>", not "People: hidden".
    page.wait_for_function(
        r"""() => [...document.querySelectorAll('#board svg text')]
                 .some((t) => /^(People|Emperor)( \d+)?: (?!hidden)/.test(t.textContent))""",
        timeout=60_000,
    )
    assert page.locator("#title").inner_text().endswith("spectator")
    page.context.close()


def test_a_chat_line_shows_as_text_on_the_other_screen_and_runs_nothing(
    site: str,
    browser: Any,
) -> None:
    made = create(
        site,
        {"game": "forum", "players": 2, "seed": 7, "seats": [{"kind": "human"}] * 2},
    )
    pages = seat_pages(browser, site, [s["link"] for s in made["seats"]])
    dialogs: list[str] = []
    for page in pages:
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    line = "<img src=x onerror=alert(1)>"
    chat = pages[0].get_by_role("textbox", name="Chat message")
    chat.fill("x" * 501)  # the box holds 500 characters at most
    assert len(chat.input_value()) == 500
    chat.fill(line)
    chat.press("Enter")
    other = pages[1].get_by_role("log", name="Chat")
    other.get_by_text(line).wait_for()
    assert other.locator("img").count() == 0
    # Stored, so the writer's box is emptied when the line comes back.
    pages[0].wait_for_function("() => document.getElementById('chatText').value === ''")
    pages[1].wait_for_timeout(300)  # a grace for a dialog that must never open: no event to wait on
    assert dialogs == []
    close(pages)


def test_bot_moves_come_one_by_one_at_the_chosen_pace_and_fast_forward_shows_the_rest(
    site: str,
    browser: Any,
) -> None:
    made = create(
        site,
        {
            "game": "triumvirate",
            "seed": 5,
            "seats": [{"kind": "human"}] + [{"kind": "bot", "agent": "heuristic"}] * 2,
        },
    )
    [page] = seat_pages(browser, site, [made["seats"][0]["link"]])
    page.select_option("#pace", "2000")
    page.evaluate(WATCH_THE_PACE)
    # Play until a gap between two views shown is measured and two more views wait their turn.
    ff = page.locator("#fastforward")

    def queued() -> bool:
        if page.evaluate("() => window.paced.shown.length >= 2 && AleaPace.waiting() >= 2"):
            return True
        click_a_choice(page, "last")
        return False

    wait_until(queued, "the bots' moves to queue up")
    ff.click()
    at_click = page.evaluate("() => window.paced.click")
    gaps = [b - a for a, b in itertools.pairwise(at_click["shown"])]
    assert gaps, "no two views were shown before fast-forward"
    # Each view is noted as its drawing starts, which the pace times (a timer may fire late on
    # a busy machine, never early); three quarters of the pace still tell the chosen 2 seconds
    # from every other pace offered (1 second at most).
    assert min(gaps) >= 1500, f"views shown {gaps} ms apart at one every 2 seconds"
    assert at_click["after"] > at_click["before"], "fast-forward showed nothing"
    assert at_click["waiting"] == 0, "fast-forward left views waiting"
    assert at_click["disabled"], "fast-forward stays on with nothing left to show"
    close([page])


WATCH_THE_PACE = """() => {
  const lines = () => document.querySelectorAll('#log > *').length;
  const ff = document.getElementById('fastforward');
  window.paced = { shown: [], click: null };
  // The page's own show(), which the pace calls for each view, noting when each one starts.
  const draw = window.show;
  window.show = (msg) => { window.paced.shown.push(performance.now()); draw(msg); };
  // Around the button's own handler: first (capturing, on the document), then after it.
  document.addEventListener('click', (ev) => {
    if (ev.target !== ff) return;
    window.paced.click = { before: lines(), shown: window.paced.shown.slice() };
  }, true);
  ff.addEventListener('click', () => Object.assign(window.paced.click, {
    after: lines(), waiting: AleaPace.waiting(), disabled: ff.disabled,
  }));
}"""
"""A script: from now on, the page notes when each view is shown, and what fast-forward
finds and leaves (log lines before and after, views waiting, whether it turned itself off)."""


def first_decision(game: str, seed: int) -> Any:
    """The position of a seeded server game at its first decision.

    Chance is drawn as the server draws it, from the secret the seed gives.
    """
    state = alea.load(game).new_initial_state()
    secret = secret_from_seed(seed)
    while state.is_chance_node():
        state.apply_action(state.sample_chance(chance_rng(secret, len(state.history()))))
    return state


def test_undo_restores_the_position_on_every_screen(site: str, browser: Any) -> None:
    made = create(
        site,
        {"game": "triumvirate", "seed": 3, "seats": [{"kind": "human"}] * 3},
    )
    state = first_decision("triumvirate", 3)
    mover = state.current_player()
    pick = keeps_the_turn(state)
    pages = seat_pages(browser, site, [s["link"] for s in made["seats"]])
    me, other = pages[mover], pages[(mover + 1) % 3]
    me.locator(f"#choices button[data-i='{pick}']").wait_for()
    board = "() => document.querySelector('#board svg').outerHTML"
    before = me.evaluate(board)
    undo = me.get_by_role("button", name="Undo")
    assert not undo.is_visible()  # nothing to take back yet
    assert not other.get_by_role("button", name="Undo").is_visible()
    me.locator(f"#choices button[data-i='{pick}']").click()
    undo.wait_for(state="visible")
    assert me.evaluate(board) != before
    undo.click()
    undo.wait_for(state="hidden")
    me.wait_for_function(f"() => document.querySelector('#board svg').outerHTML === {before!r}")
    note = other.get_by_role("log", name="Chat").get_by_text("took back a move")
    note.wait_for()
    close(pages)


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (390, 844)])
def test_my_games_lists_the_browsers_seats_and_whose_turn_it_is(
    site: str,
    browser: Any,
    width: int,
    height: int,
    tmp_path: Any,
) -> None:
    ctx = browser.new_context(viewport={"width": width, "height": height})
    page = ctx.new_page()
    page.goto(site + "/")
    start_in_lobby(page, "Ann", "triumvirate", [None, "open", "bot:normal"])
    page.get_by_role("button", name="Join").first.wait_for()
    page.screenshot(path=str(tmp_path / "lobby.png"), full_page=True)
    assert (tmp_path / "lobby.png").stat().st_size > 20_000
    page.get_by_role("link", name="My games").click()
    table = page.get_by_role("table", name="My games")
    table.get_by_text("Waiting for players").wait_for()
    assert "Crassus" in table.inner_text()
    page.screenshot(path=str(tmp_path / "my.png"), full_page=True)
    # Nothing wider than the screen: the page reads on a phone without sideways scrolling.
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    ctx.close()


def test_a_clock_runs_out_a_bot_takes_over_and_the_player_takes_the_seat_back(
    site: str,
    browser: Any,
) -> None:
    made = create(
        site,
        {
            "game": "forum",
            "players": 2,
            "seed": 9,
            "seats": [{"kind": "human"}] * 2,
            "clock": {"kind": "realtime", "base": 4, "increment": 0},
            "on_timeout": "bot",
        },
    )
    pages = seat_pages(browser, site, [s["link"] for s in made["seats"]])
    for page in pages:
        page.locator("#online-clock .clockrow").first.wait_for()
    # Nobody moves: the clock of the seat to move runs out and a bot stands in for it.
    stood_in = (
        "() => document.getElementById('online-clock').textContent.includes('a bot stands in')"
    )
    for page in pages:
        page.wait_for_function(stood_in, timeout=20_000)
    # A page offers its seat back exactly when a bot stands in for its own seat (on a slow
    # machine the other seat's clock may have run out as well).
    offers = [page.evaluate(OFFERS_THE_SEAT_BACK) for page in pages]
    assert all(mine == button for mine, button in offers), offers
    assert any(mine for mine, _ in offers), "no page offers its seat back"

    def all_back() -> bool:
        for page in pages:
            if page.evaluate(OFFERS_THE_SEAT_BACK)[1]:
                # The seat may come back meanwhile and the button leave: checked below.
                with contextlib.suppress(playwright_api.TimeoutError):
                    page.get_by_role("button", name="Take my seat back").click(timeout=3000)
        return not any(page.evaluate(stood_in) for page in pages)

    wait_until(all_back, "every seat to be taken back from its bot", every=0.2)
    close(pages)


OFFERS_THE_SEAT_BACK = """() => [view.seats[view.seat].stand_in,
                                 document.getElementById('reclaim') !== null]"""
"""A script: whether a bot stands in for the page's seat, and whether the page offers it back
(the clock panel is drawn from the same view)."""
