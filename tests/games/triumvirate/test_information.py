"""TRI-10: everything on the table is public — every seat and a spectator see the same."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from builders import apply, hx, position
from triumvirate_seats import CAESAR, CRASSUS, POMPEY, ROME

from alea.games.triumvirate.actions import Decide, March, Move, Roll
from alea.games.triumvirate.board import BOARD
from alea.games.triumvirate.state import TriumvirateState

VIEWERS = (None, CRASSUS, CAESAR, POMPEY)
B, C, D = hx("13,2"), hx("14,2"), hx("15,2")


def busy_position() -> TriumvirateState:
    return position(
        CAESAR,
        troops={
            B: (CAESAR, 3),
            C: (POMPEY, 2),
            D: (ROME, 1),
            hx("Antiochia"): (CRASSUS, 4),
            hx("8,6"): (POMPEY, 1),  # at sea
        },
        leaders={CAESAR: B, POMPEY: C},
        conquests=[2, 1, 0],
        popularity=[1, 3, 4],
    )


def views(state: TriumvirateState) -> list[dict[str, Any]]:
    out = []
    for viewer in VIEWERS:
        obs = state.observation(viewer)
        assert obs["you"] == viewer
        json.dumps(obs)  # JSON-safe
        out.append({k: v for k, v in obs.items() if k != "you"})
    return out


def assert_same_for_everyone(state: TriumvirateState) -> dict[str, Any]:
    first, *others = views(state)
    for other in others:
        assert other == first
    return first


@pytest.mark.rule("TRI-10.1")
def test_every_seat_and_a_spectator_see_the_whole_position() -> None:
    state = busy_position()
    obs = assert_same_for_everyone(state)
    players = obs["players"]
    assert [p["conquests"] for p in players] == [2, 1, 0]
    assert [p["popularity"] for p in players] == [1, 3, 4]
    assert [p["troops"] for p in players] == state.troops[:3]
    assert obs["roman_troops"] == 1
    assert [p["leader"] for p in players] == [list(BOARD.coords(state.leader[s])) for s in range(3)]
    stacks = {(c, r): (force, n) for c, r, force, n, _ in obs["stacks"]}
    expected = {
        BOARD.coords(h): (("Crassus", "Caesar", "Pompey", "Rome")[state.owner[h]], state.count[h])
        for h in range(BOARD.size)
        if state.owner[h] >= 0
    }
    assert stacks == expected


@pytest.mark.rule("TRI-10.1")
def test_moves_attacks_and_battles_are_public_as_they_happen() -> None:
    state = busy_position()
    apply(state, Decide(CAESAR, "roll"), Roll(6, 2), Move(CAESAR, B, C), Move(CAESAR, B, C))
    obs = assert_same_for_everyone(state)
    assert obs["attacks"] == [[*BOARD.coords(C), 2]]
    assert obs["movement_left"] == 2
    apply(state, March(CAESAR, C), Decide(CAESAR, "end"))
    obs = assert_same_for_everyone(state)
    assert obs["battle"] == {
        "hex": list(BOARD.coords(C)),
        "attacker": "Caesar",
        "attackers": 2,
        "attacker_leader": True,
        "defender": "Pompey",
        "defenders": 2,
        "defender_leader": True,
    }


@pytest.mark.rule("TRI-10.1")
def test_nothing_is_hidden_so_determinizing_changes_nothing() -> None:
    state = busy_position()
    apply(state, Decide(CAESAR, "roll"), Roll(6, 3), Move(CAESAR, B, C))
    for seat in (CRASSUS, CAESAR, POMPEY):
        guess = state.determinize(seat, random.Random(seat))
        assert guess == state
        assert guess is not state
        assert guess.to_json() == state.to_json()
