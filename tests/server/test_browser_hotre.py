"""The History of the Roman Empire board and the player's panel in a real browser.

On a laptop (1366x768) and on a phone (390x844): the map's texts and the panel's are at least
11 CSS pixels, and the phone reads its own hand, points and counters without sideways scroll.

Set ``ALEA_SCREENS`` to a folder to keep the screenshots (``docs/screens`` holds the ones the
documentation shows); otherwise they go to a temporary folder.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from server_helpers import click_choices_until, port_of, post

from alea.games.hotre.board import BOARD
from alea.games.hotre.cards import DECK

MIN_PX = 11.0
"""The smallest text a player needs, in CSS pixels, at normal zoom."""

# Rendered size of each text of the board: its font size times the scale of its element on
# screen, with the classes of the texts that are measured apart.
TEXT_SIZES = """() => [...document.querySelectorAll('#board svg text')].map((t) => {
    const m = t.getScreenCTM();
    const size = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    const r = t.getBoundingClientRect();
    const card = t.closest('g.hc');
    return [size, t.textContent, card ? card.getAttribute('data-card-of') : 'map',
            r.left, r.right];
})"""


A_LAND_MARKED = "() => document.querySelector('#board path.land[data-last-move]') !== null"
"""Holds while the board marks a land as the last move's."""


def _shots() -> Path | None:
    folder = os.environ.get("ALEA_SCREENS")
    return Path(folder) if folder else None


@pytest.fixture(scope="module")
def hotre_link(site: str) -> str:
    made = post(
        port_of(site),
        "/api/games",
        {
            "game": "hotre",
            "seed": 11,
            "seats": [{"kind": "human"}] + [{"kind": "bot", "agent": "heuristic"}] * 3,
        },
    )
    return site + str(made["seats"][0]["link"])


def test_laptop_board_is_a_map_readable_without_zoom(
    browser: Any,
    hotre_link: str,
    tmp_path: Path,
) -> None:
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(hotre_link)
    page.wait_for_selector("#board svg.hotre-board")
    # The seat plays (the bots too) until the last move marks a land; past the deadline the test
    # fails saying so.
    click_choices_until([page], A_LAND_MARKED, "a move that marks a land")
    lands = page.evaluate(
        "() => [...document.querySelectorAll('#board svg path.land[data-place]')]"
        ".map((p) => p.getAttribute('data-place'))"
    )
    assert sorted(lands) == sorted(ln.name for ln in BOARD.lands)
    # The board scales with its viewBox: no fixed width, as wide as its frame.
    svg_width, frame_width, fixed = page.evaluate(
        """() => { const s = document.querySelector('#board svg');
                   return [s.getBoundingClientRect().width,
                           document.getElementById('board').clientWidth,
                           s.getAttribute('width')]; }"""
    )
    assert fixed is None
    assert svg_width > 0.9 * (frame_width - 12)
    sizes = page.evaluate(TEXT_SIZES)
    assert len(sizes) > 150
    small = [(round(s, 1), text) for s, text, *_ in sizes if s < MIN_PX]
    assert not small, f"texts under {MIN_PX}px at 1366x768: {small[:10]}"
    folder = _shots() or tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / "hotre-1366x768.png"), full_page=True)
    page.close()


# Every piece of text of the player's own panel: its rendered font size and where it lies.
PANEL_TEXTS = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.getElementById('youPanel'), NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const r = range.getBoundingClientRect();
    out.push([parseFloat(getComputedStyle(n.parentElement).fontSize), n.textContent.trim(),
              r.left, r.right]);
  }
  return out;
}"""


def _panel_texts(page: Any) -> list[tuple[float, str, float, float]]:
    page.wait_for_selector("#youPanel:not([hidden]) dd small")
    return [tuple(row) for row in page.evaluate(PANEL_TEXTS)]


def _card_titles() -> set[str]:
    return {c.title for c in DECK}


def test_the_players_panel_lists_the_hand_at_11_pixels_or_more_on_a_laptop(
    browser: Any,
    hotre_link: str,
) -> None:
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(hotre_link)
    texts = _panel_texts(page)
    labels = [text for _, text, *_ in texts]
    for label in ("Points", "People", "Emperor", "Legions", "Events played", "Hand"):
        assert label in labels, f"the panel has no {label}: {labels}"
    shown = " ".join(labels)
    assert any(title in shown for title in _card_titles()), "no card of the hand is listed"
    small = [(size, text) for size, text, *_ in texts if size < MIN_PX]
    assert not small, f"panel texts under {MIN_PX}px: {small[:10]}"
    page.close()


def test_a_phone_reads_its_own_panel_without_panning(
    browser: Any,
    hotre_link: str,
    tmp_path: Path,
) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(hotre_link)
    page.wait_for_selector("#board svg.hotre-board")
    texts = _panel_texts(page)
    scroll_width = page.evaluate("() => document.documentElement.scrollWidth")
    assert scroll_width <= 390, "the page scrolls sideways on a phone"
    board_right = page.evaluate(
        "() => document.querySelector('#board svg').getBoundingClientRect().right"
    )
    assert board_right <= 390
    assert len(texts) > 12, texts
    small = [(size, text) for size, text, *_ in texts if size < MIN_PX]
    assert not small, f"panel texts under {MIN_PX}px on a phone: {small[:10]}"
    outside = [(text, left, right) for _, text, left, right in texts if left < 0 or right > 390]
    assert not outside, f"panel texts off the screen: {outside[:10]}"
    effects = page.locator("#you dd small").all_inner_texts()
    assert effects, "the cards' effects are not listed"
    assert all(len(e) > 20 for e in effects), effects
    folder = _shots() or tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / "hotre-390x844.png"), full_page=True)
    page.close()
