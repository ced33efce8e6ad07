"""Clickable boards: every place a legal action names is drawn on the board its seat sees.

The play page offers a decision on the board where its place (``data-place``) is drawn, so a
place that is missing from the picture would leave the decision reachable only from the list.
Random games of each game check this position by position; for History of the Roman Empire,
every decision that names a land, an Area, a People or a seat must also have a place.
"""

from __future__ import annotations

import html
import random
import re
from collections import Counter

import pytest

import alea
from alea.core.game import Action
from alea.games.hotre.actions import HandTo, Pick, PlayCard
from alea.render import action_place, render_observation

PLACE = re.compile(r"""data-place=(?:"([^"]*)"|'([^']*)')""")


def drawn_places(svg: str) -> set[str]:
    """The ``data-place`` values of a picture."""
    return {html.unescape(a or b) for a, b in PLACE.findall(svg)}


def names_a_place(action: Action) -> bool:
    """Whether a HOTRE decision names a land, an Area, a People or a seat."""
    if isinstance(action, Pick | HandTo):
        return True
    return isinstance(action, PlayCard) and action.target >= 0


def kind_of(place: str) -> str:
    if place.startswith(("area:", "people:")):
        return place.split(":", 1)[0]
    return "seat" if place.startswith("Seat ") else "land"


@pytest.mark.parametrize(
    ("game", "players", "seed"),
    [("hotre", 4, 1), ("hotre", 3, 2), ("hotre", 2, 3), ("forum", 4, 4), ("triumvirate", 3, 5)],
)
def test_every_legal_place_is_drawn_for_the_seat_to_move(
    game: str, players: int, seed: int
) -> None:
    g = alea.load(game) if game == "triumvirate" else alea.load(game, players=players)
    state = g.new_initial_state()
    rng = random.Random(seed)
    kinds: Counter[str] = Counter()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        mover = state.current_player()
        legal = state.legal_actions()
        places = {a: action_place(game, a) for a in legal}
        if any(places.values()):
            drawn = drawn_places(render_observation(game, state.observation(mover)))
            for action, place in places.items():
                if place is not None:
                    assert place in drawn, f"{action} is chosen at {place!r}, not on the board"
                    kinds[kind_of(place)] += 1
        if game == "hotre":
            for action, place in places.items():
                assert place is not None or not names_a_place(action), f"{action} has no place"
        state.apply_action(rng.choice(legal))
    assert kinds, "no decision had a place: the test proves nothing"
    if game == "hotre":
        assert kinds["land"], kinds
        assert kinds["seat"], kinds


def test_hotre_area_and_people_places_are_drawn() -> None:
    """Events aimed at an Area or a People are rare in random play: seek them out."""
    seen: Counter[str] = Counter()
    for seed in range(40):
        g = alea.load("hotre", players=4)
        state = g.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal() and not (seen["area"] and seen["people"]):
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            aimed = [a for a in legal if (p := action_place("hotre", a)) and ":" in p]
            if aimed:
                drawn = drawn_places(
                    render_observation("hotre", state.observation(state.current_player()))
                )
                for action in aimed:
                    place = action_place("hotre", action)
                    assert place in drawn, f"{action} is chosen at {place!r}, not on the board"
                    seen[kind_of(str(place))] += 1
            cards = [a for a in legal if isinstance(a, PlayCard)]
            state.apply_action(rng.choice(cards) if cards else rng.choice(legal))
        if seen["area"] and seen["people"]:
            break
    assert seen["area"], seen
    assert seen["people"], seen
